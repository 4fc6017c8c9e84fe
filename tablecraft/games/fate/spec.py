"""What fate (宿命, seed 004) is: seats, identities, modes and the options (rule variants and parameters).

Seed 004 · 三、决定身份: identities (身份) are 近卫 (Sentinel), 天灾 (Scourge) and 中立 (Neutral); the table gives
their numbers for 4–8 players. The 附加规则 give three small-table modes: 1v1 three-hero rotation (二人规则),
1v1v1 kill-your-upstream (三人规则) and 2v2 teams (四人规则).
"""

from __future__ import annotations

from enum import IntEnum

from tablecraft.core.api import GameSpec, OptionSpec
from tablecraft.core.errors import OptionError


class Identity(IntEnum):
    """An identity card (身份牌)."""

    SENTINEL = 0  # 近卫
    SCOURGE = 1  # 天灾
    NEUTRAL = 2  # 中立


IDENTITY_ZH = ("近卫", "天灾", "中立")
IDENTITY_CODES = ("sentinel", "scourge", "neutral")


class Mode(IntEnum):
    """The game mode (seed 004 · 身份局 and 附加规则)."""

    IDENTITY = 0  # 4–8 players with identities and a fate card
    DUEL = 1  # 1V1 三英雄轮换模式
    TRIO = 2  # 1V1V1 杀上家保下家模式
    TEAMS = 3  # 2V2 阵营对抗模式


MODE_NAMES = {"identity": Mode.IDENTITY, "1v1": Mode.DUEL, "1v1v1": Mode.TRIO, "2v2": Mode.TEAMS}
MODE_WORDS = {mode: word for word, mode in MODE_NAMES.items()}
MODE_SEATS = {Mode.IDENTITY: (4, 8), Mode.DUEL: (2, 2), Mode.TRIO: (3, 3), Mode.TEAMS: (4, 4)}

IDENTITY_TABLE: dict[tuple[int, str], tuple[int, int, int]] = {
    (4, ""): (2, 2, 0),
    (5, ""): (2, 2, 1),
    (6, "2/2/2"): (2, 2, 2),
    (6, "3/3/0"): (3, 3, 0),
    (7, ""): (3, 3, 1),
    (8, ""): (3, 3, 2),
}
"""Seed 004 · 三、决定身份 (近卫, 天灾, 中立) per player count; 6 players have two rows (gap 4-2)."""


def identity_counts(seats: int, six_split: str) -> tuple[int, int, int]:
    """Sentinel, Scourge and Neutral counts for ``seats`` players (the seed's table)."""
    return IDENTITY_TABLE[(seats, six_split if seats == 6 else "")]


def mode_of(seats: int, name: str) -> Mode:
    """The mode a game of ``seats`` plays under option ``mode`` (``auto``: 2 → 1v1, 3 → 1v1v1, else identity)."""
    if name == "auto":
        return Mode.DUEL if seats == 2 else Mode.TRIO if seats == 3 else Mode.IDENTITY
    if name not in MODE_NAMES:
        raise OptionError(f"option mode: {name!r} is not one of auto, {', '.join(MODE_NAMES)}")
    mode = MODE_NAMES[name]
    lo, hi = MODE_SEATS[mode]
    if not lo <= seats <= hi:
        raise OptionError(f"mode {name} is played by {lo}–{hi} seats, not {seats}")
    return mode


def hero_pool(text: str, mode: Mode, seats: int) -> tuple[int, ...]:
    """The hero indexes option ``heroes`` names (all 33 when empty); ``OptionError`` for an unknown code or a pool
    too small for the table."""
    from .content import HERO_BY_CODE, HEROES

    if not text.strip():
        return tuple(range(len(HEROES)))
    codes = [c.strip() for c in text.split(",") if c.strip()]
    unknown = [c for c in codes if c not in HERO_BY_CODE]
    if unknown:
        raise OptionError(f"option heroes: unknown hero {', '.join(unknown)}; heroes are "
                          f"{', '.join(h.code for h in HEROES)}")
    pool = tuple(sorted({HERO_BY_CODE[c] for c in codes}))
    need = 10 if mode is Mode.DUEL else seats
    if len(pool) < need:
        raise OptionError(f"option heroes: {len(pool)} heroes for {seats} seats; this mode needs at least {need}")
    return pool


RAGE_LIMIT = 3
"""Every hero's rage limit (怒气上限, reference §2)."""
START_HAND = 4
"""Seed 004 · 五、分发起始手牌: four cards each."""
DRAW_COUNT = 2
"""Seed 004 · 三、摸牌阶段: draw two."""

SPEC = GameSpec(
    id="fate",
    name_zh="宿命",
    name_en="Fate",
    min_seats=2,
    max_seats=8,
    options=(
        OptionSpec("mode", "auto", "Mode: auto (2 seats → 1v1 rotation, 3 → 1v1v1, 4–8 → identity), identity "
                   "(4–8), 1v1 (2), 1v1v1 (3) or 2v2 (4 seats, teams)."),
        OptionSpec("six_split", "2/2/2", "Identity split for 6 players (seed table, gap 4-2): 2/2/2 or 3/3/0.",
                   choices=("2/2/2", "3/3/0")),
        OptionSpec("texts", "default", "Text set (gap 4-1 data switch): default = TheFate texts except the "
                   "cast-phase skills (薄葬 from fate_reborn); thefate = TheFate's texts throughout (薄葬 a "
                   "dying-window skill); reborn = the default heroes with fate_reborn's cards (能量转移, 海妖之歌, "
                   "蝮蛇突袭, 流浪法师斗篷) and its 4 HP / hand 4 for the eight disputed heroes.",
                   choices=("default", "thefate", "reborn")),
        OptionSpec("hero_candidates", 3, "Hero candidates dealt to each player (seed: 3); fewer are dealt when the "
                   "implemented hero pool is too small for the table.", min=1, max=3),
        OptionSpec("heroes", "", "Hero pool the candidates are dealt from: comma-separated hero codes (empty: all "
                   "33). A designer's way to try a hero or a set of heroes; 1v1 needs 10 of them, the other modes "
                   "one per seat (fewer than 3 each deals fewer candidates)."),
        OptionSpec("siren_shield", "status", "G-24, 海妖之歌 「1个游戏回合」: when the target's protection starts — "
                   "'status' (at the status check where the card takes effect, until the target's next turn "
                   "begins) or 'placed' (as the card is placed, until its user's next turn begins).",
                   choices=("status", "placed")),
        OptionSpec("duel_defeat", "first", "G-37, 1v1 「获胜条件：对方角色死亡」: 'first' (the first hero to die loses "
                   "its player the game) or 'all' (a fallen hero is replaced from the bench; a player loses with "
                   "the last of their three heroes).", choices=("first", "all")),
        OptionSpec("max_turns", 300, "Turn cap: once this many turns have been played the game ends in a draw.",
                   min=1, max=100_000),
    ),
)
