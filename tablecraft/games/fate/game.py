"""The fate ``Game``: options fixed, makes states, parses actions, words events."""

from __future__ import annotations

from typing import Any

from tablecraft.core.api import Game, Json, State, check_json_state_header
from tablecraft.core.registry import register

from . import text
from .actions import CODEC, FateAction
from .setup import new_state, state_from_json
from .spec import SPEC, hero_pool, mode_of
from .state import FateState


@register
class FateGame(Game[FateAction]):
    """宿命 (seed 004): the DotA-themed identity card game — 4–8 identity, 1v1 rotation, 1v1v1, 2v2.

    >>> import tablecraft
    >>> g = tablecraft.load("fate", num_seats=5)
    >>> s = g.new_initial_state(seed=3)
    >>> s.view(0)["decision"]
    'pick_hero'
    """

    spec = SPEC
    codec = CODEC
    event_kinds = (
        "bomb", "candidates", "claims_kill", "cleared", "cloaked", "damage", "detonated", "died", "discarded",
        "dispelled", "dodged", "draft_pool", "drafted", "draw_skip", "drew", "dying", "equipped", "faith",
        "fallen", "fate", "game_over", "given", "guessed", "healed", "heroes", "identity", "judged", "kept",
        "looked", "looked_identity", "multicast", "named", "no_effect", "no_heal", "nullified", "picked",
        "played", "prevented", "rage", "redirected", "replaced", "reshuffled", "returned", "revealed",
        "roshan", "rotated", "saved", "set_aside", "setup", "shallow_grave", "siren", "skill", "starter",
        "status_card", "sunder", "talisman", "talisman_up", "teams", "time_lock", "took", "transport_split",
        "turn", "turn_ended", "used",
    )
    setup_event_kinds = ("setup",)
    """Kinds only a designed position can produce: ``setup`` marks a game started from ``setup=…``."""

    levels = {
        "easy": "heuristic:noise=0.3",
        "normal": "heuristic",
        "hard": "ismcts:iterations=20:rollout=heuristic:depth=10:prior=heuristic:worlds=belief",
        "expert": "ismcts:iterations=120:rollout=heuristic:depth=10:prior=heuristic:worlds=belief",
    }
    """Difficulty levels (``tablecraft.agents.levels``). normal beats easy in 71% [66, 76] of 300 1v1 games
    (``benchmarks/fate_bots.py``, seat-rotated). The search levels are unanchored, with the heuristic as PUCT
    prior and rollout policy, rollouts cut at 10 decisions by ``evaluate``; they differ only in iterations, six
    times as many for expert. Measured on the 1v1 ladder, each level against the one below on the same 54 deals
    (``tablecraft lab ladder fate --seats 2 -a normal,hard,expert --pairs adjacent -n 54 --seed 100000 --jobs 1``,
    95% bootstrap intervals over deals): hard wins 67.6% [59.3, 75.9] of its 108 duels against normal, expert
    63.2% [53.7, 72.6] of its 106 against hard (Elo with normal at 0: hard +126 [+58, +197], expert +220 [+125,
    +329]). Twenty iterations are enough to beat normal: 80 had scored the same 67% against it and 1.5× that
    (120) only 56.7% [46.6, 68.3] against 80, so the step from hard to expert is set by making hard cheap, not
    expert dear. CPU time per decision is in docs/lab.md (``benchmarks/level_times.py fate --seats S``; expert
    0.54 s mean / 0.77 s 95th percentile at 8 seats on the machine where ``tablecraft bench fate`` plays 40
    games/s). In the other modes, expert in one seat against normal opponents, paired with normal in the same chair
    on the same deals (``benchmarks/search_strength.py fate --seats S --spec expert``): at 1v1v1 (90 deals) it wins
    47.8% of its games where normal wins 33.3%, +13.3 pp [+1.5, +25.1] in seat 2, +22.2 [+9.7, +34.8] in seat 3,
    and in seat 1 over 300 deals +12.3 [+5.4, +19.2]. In the identity mode the search levels sample the hidden
    identities from the heuristic's own beliefs (``worlds=belief``: ``bot.knowledge.believed_world``; the other
    modes hide no identity, so there the option changes nothing). At 5 seats, on the same 30 deals (seeds
    120000–120029), expert with identities dealt uniformly won 24 of 60 sentinel games, 30 of 60 scourge games and
    9 of 30 neutral games, with belief worlds 27, 34 and 14, where normal in the chair won 30, 28 and 5: neutral
    +30 pp [+10, +50]; over more deals, as a scourge 60 of 120 games against 54 (+5.0 [−8.3, +17.5]), as a
    sentinel 80 of 160 against 70 (+6.3 [−5.0, +17.5]) (``benchmarks/search_strength.py fate --seats 5 --role R
    --spec expert:worlds=belief -n 30 --seed 120000``; docs/lab.md). Expert is therefore clearly ahead of normal
    as the neutral and ahead without a clear interval as either faction; "above normal in every identity" is open
    for the factions."""

    def __init__(self, num_seats: int | None = None, **options: Any) -> None:
        super().__init__(num_seats, **options)
        self.mode = mode_of(self.num_seats, self.options["mode"])
        self.hero_pool = hero_pool(self.options["heroes"], self.mode, self.num_seats)
        """The heroes the preparation deals from (option ``heroes``), as hero indexes."""

    def new_initial_state(self, seed: int, setup: Json | None = None) -> FateState:
        """The standard preparation for ``seed``, or the position ``setup`` describes (see ``setup.py``)."""
        return new_state(self, seed, setup)

    def state_from_json(self, data: Json) -> FateState:
        """Rebuild a state saved with ``to_json``."""
        check_json_state_header(self, data)
        return state_from_json(self, data)

    def sightings(self, seat: int) -> Any:
        """What ``seat`` openly sees of where cards are, from its own event stream (``sightings.py``)."""
        from .sightings import FateSightings

        return FateSightings(seat)

    def is_eliminated(self, state: FateState, seat: int) -> bool:  # type: ignore[override]
        """A dead hero is out of the game (its faction may still win without it)."""
        return not state.alive[seat]

    def is_self_destroying(self, state: FateState, action: FateAction) -> bool:  # type: ignore[override]
        """True when ``action`` takes the mover to its death (or loses it the game) unless somebody else helps: the
        dying window is looked through, since others' rescues are theirs to give. See ``bot.safety``."""
        from .bot.safety import self_destroying

        return self_destroying(state, action)

    def make_heuristic(self, **params: Any) -> Any:
        """The heuristic agent (see ``bot/``)."""
        from .bot import FateHeuristic

        if params:
            raise KeyError(f"the fate heuristic takes no parameters, got {', '.join(params)}")
        return FateHeuristic()

    def sides(self, state: FateState) -> list[int]:  # type: ignore[override]
        """The factions of identity and 2v2 games (近卫, 天灾; a neutral plays alone, a revealed Roshan against
        everyone else), every seat alone in 1v1 and 1v1v1: ``bot.sides_of``, each side labelled by its lowest seat.

        >>> import tablecraft
        >>> g = tablecraft.load("fate", num_seats=2)
        >>> g.sides(g.new_initial_state(seed=1))
        [0, 1]
        """
        from .bot.evaluation import sides_of

        return [sides_of(state, seat).index(True) for seat in range(state.n)]

    def evaluate(self, state: FateState, seat: int) -> float:  # type: ignore[override]
        """``seat``'s prospects in [-1, 1] (see ``bot.evaluation``)."""
        from .bot import evaluate

        return evaluate(state, seat)

    def make_observation_encoder(self) -> Any:
        """The observation encoder of ``tablecraft.envs`` for this game (``encoding.py``; imported here, as only
        the environments need it)."""
        from .encoding import FateEncoder

        return FateEncoder(self)

    def describe_event(self, event: Json, lang: str = "en") -> str:
        """One line of text for a (redacted) event."""
        return text.describe_event(event, lang)

    def describe_action(self, action: FateAction, lang: str = "en", state: Any = None) -> str:
        """Player-facing text for an action."""
        return text.describe_action(action, lang, state)

    def action_price(self, state: State[FateAction], action: FateAction, lang: str = "en") -> str | None:
        """What ``action`` costs the hero to move: a skill's cards, rage and damage to itself, an S card's or a
        strengthening's rage, a demand's discard or damage (``price.py``)."""
        from .price import price_words

        assert isinstance(state, FateState)
        return price_words(state, action, lang)
