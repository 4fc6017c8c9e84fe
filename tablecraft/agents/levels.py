"""Difficulty levels: the names a player picks a bot by, each an agent spec underneath.

The same four levels are offered by the CLI (``tablecraft play --bots hard``), the lab (``--agents normal,expert``)
and the server's lobby. A game sets the spec behind a level in ``Game.levels`` (its calibration, measured on its
rating ladder); a level it does not set uses ``DEFAULT_SPECS``. Levels are reproducible: the search levels use a
fixed number of iterations, never a clock.

>>> [level.id for level in LEVELS]
['easy', 'normal', 'hard', 'expert']
>>> level_named("hard").name("zh")
'困难'
>>> import tablecraft
>>> level_spec("normal", tablecraft.load("xeno-faction"))
'heuristic'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tablecraft.core.api import Game
from tablecraft.core.registry import game_class


@dataclass(frozen=True)
class Level:
    """One difficulty level: its id, its names and a line saying what playing it is like, in zh and en."""

    id: str
    name_zh: str
    name_en: str
    blurb_zh: str
    blurb_en: str

    def name(self, lang: str = "en") -> str:
        """The level's name in ``lang`` (``zh`` or ``en``)."""
        return self.name_zh if lang == "zh" else self.name_en

    def blurb(self, lang: str = "en") -> str:
        """What playing against this level is like, in ``lang``."""
        return self.blurb_zh if lang == "zh" else self.blurb_en


LEVELS: tuple[Level, ...] = (
    Level("easy", "入门", "Easy", "按常理出牌，但常有失误。", "Plays sensibly but often slips."),
    Level("normal", "普通", "Normal", "像有经验的玩家那样出牌。", "Plays like an experienced player."),
    Level("hard", "困难", "Hard", "每步都会往前推演几种可能。", "Thinks a few moves ahead at every decision."),
    Level("expert", "大师", "Expert", "深入推演，最强的对手。", "Searches deeply: the strongest opponent."),
)
"""The levels, weakest first."""

DEFAULT_LEVEL = "normal"
"""The level bots play at unless a player picks another (CLI ``play``, new rooms)."""

DEFAULT_SPECS: dict[str, str] = {
    "easy": "heuristic:noise=0.35",
    "normal": "heuristic",
    "hard": "ismcts:iterations=200:rollout=heuristic:depth=20",
    "expert": "ismcts:iterations=800:rollout=heuristic:depth=20",
}
"""The spec behind each level for a game that does not set its own in ``Game.levels``."""


def level_named(level_id: str) -> Level:
    """The level with id ``level_id``; ``KeyError`` naming the levels if there is none."""
    for level in LEVELS:
        if level.id == level_id:
            return level
    raise KeyError(f"unknown level {level_id!r}; levels: {', '.join(lv.id for lv in LEVELS)}")


def is_level(name: str) -> bool:
    """True when ``name`` is a level id (``easy`` … ``expert``)."""
    return any(level.id == name for level in LEVELS)


def level_spec(level_id: str, game: Game[Any]) -> str:
    """The agent spec behind level ``level_id`` in ``game`` (its own calibration, else the default)."""
    level_named(level_id)
    return game.levels.get(level_id, DEFAULT_SPECS[level_id])


def spec_of_level(level_id: str, game_id: str) -> str:
    """The agent spec behind level ``level_id`` in the game ``game_id``, without building the game.

    >>> spec_of_level("normal", "xeno-faction")
    'heuristic'
    """
    level_named(level_id)
    return game_class(game_id).levels.get(level_id, DEFAULT_SPECS[level_id])


def game_level(level_id: str, game_id: str) -> Level:
    """Level ``level_id`` as the game ``game_id`` plays it: its general line unless the game says more
    (``Game.level_blurbs``).

    >>> game_level("hard", "wizard-towers").blurb("en")
    'The wizard thinks a few moves ahead; the warriors play as Normal does.'
    >>> game_level("hard", "xeno-faction") == level_named("hard")
    True
    """
    level = level_named(level_id)
    own = game_class(game_id).level_blurbs.get(level_id)
    if own is None:
        return level
    return Level(level.id, level.name_zh, level.name_en, own[0], own[1])


def bot_label(spec: str, lang: str = "en") -> str:
    """How a bot is named to players: a level by its name in ``lang`` (``困难``), any other spec as written.

    >>> bot_label("hard", "zh"), bot_label("ismcts:iterations=50")
    ('困难', 'ismcts:iterations=50')
    """
    name = spec.partition(":")[0].strip()
    return level_named(name).name(lang) if is_level(name) and name == spec.strip() else spec
