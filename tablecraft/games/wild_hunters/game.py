"""The wild-hunters ``Game``: options fixed, makes states, parses actions, words events, supplies a heuristic."""

from __future__ import annotations

from typing import Any

from tablecraft.core.api import Game, Json, State, check_json_state_header
from tablecraft.core.errors import InvalidActionError, OptionError
from tablecraft.core.registry import register

from . import text
from .actions import CODEC, WHAction
from .content import HEROES, PROFESSIONS, kind_str, parse_kind
from .setup import new_state, state_from_json
from .spec import SPEC
from .state import WildHuntersState


def _parse_heroes(value: str, n: int) -> tuple[int, ...]:
    names = [h.id for h in HEROES]
    if not value.strip():
        return tuple(range(n))
    picked = [v.strip().lower() for v in value.split(",") if v.strip()]
    out = []
    for p in picked:
        match = [i for i, h in enumerate(HEROES) if p in (h.id, h.name_zh)]
        if not match:
            raise OptionError(f"option heroes: {p!r} is not a hero; heroes are {', '.join(names)}")
        out.append(match[0])
    if len(out) != n:
        raise OptionError(f"option heroes names {len(out)} heroes but the game has {n} seats")
    if len(set(out)) != len(out):
        raise OptionError("option heroes names a hero twice")
    return tuple(out)


@register
class WildHuntersGame(Game[WHAction]):
    """破魔聖刃—蠻荒獵手 (seed 003): 1–5 heroes hunt a demon king across a hex map of face-down tiles, together.

    >>> import tablecraft
    >>> g = tablecraft.load("wild-hunters", num_seats=2, demon_king="tide")
    >>> s = g.new_initial_state(seed=3)
    >>> v = s.view(0)
    >>> v["king"]["id"], v["king"]["hp"], [h["hero"] for h in v["heroes"]]
    ('tide', 15, ['water', 'fire'])
    """

    spec = SPEC
    codec = CODEC
    event_kinds = (
        "acquired", "attack", "burned", "dealt", "demon_face", "destiny", "destiny_shuffled", "devoured", "drew",
        "energy_washed", "exile_shuffled", "flipped", "focus", "game_over", "guarded", "king_wakes", "milestone",
        "moved", "paid", "profession", "rage", "rest", "rubble", "start", "struck", "supply_revealed", "swapped",
        "unleash",
    )
    """Every event kind the rules emit, for the lab's rule coverage (a kind that never fires is a finding)."""
    setup_event_kinds = ("dealt",)
    """Kinds only a designed position can produce: the standard preparation draws the opening hands (``drew``);
    ``dealt`` reports hands a setup gives."""
    levels = {
        "easy": "heuristic:noise=0.15",
        "normal": "heuristic",
        "hard": "rollout:worlds=24:steps=12000:halving=1",
        "expert": "rollout:worlds=40:steps=20000:halving=1",
    }
    """The bots behind the difficulty levels. Every hero is a teammate here, so a level is how well the team
    plays: at ``noise=0.15`` (one decision in seven a random legal move, never a self-destroying one) the team
    wins about 60–70% of the deals the heuristic wins 93–98% of (300 paired deals per count, 1–5 heroes, seeds
    5000–5299); ``noise=0.3`` fell to 20–50%, a teammate too bad to enjoy.

    The search levels are the heuristic improved by paired playouts (``tablecraft.agents.rollout``): each legal
    action is played out to the end by the heuristic team in the same sampled worlds, and the heuristic's move is
    kept unless another beats it by a standard error. A search tree over every hero's choices (ISMCTS, with the
    heuristic as prior, anchored or not, teammates modelled or not) made the team *weaker* than normal at three
    heroes (24 deals each, with the heuristic before its exhaustion fix of docs/rules §13.2: 33%, 35% and 38% of
    the duels), because its depth-cut evaluation misjudged the card budget
    (a hard team rested 11.5 times a game against normal's 1.5, and lost to exhaustion); playouts to the end judge
    the budget by its outcome. At three heroes a rollout team (``rollout:worlds=24``) wins 63.3% [55.0, 71.7] of
    its duels against a normal one (30 deals, ``tablecraft lab ladder wild-hunters --seats 3 --team -a
    normal,rollout:worlds=24 -n 30 --seed 40000``; Elo +92 [+34, +155]). ``steps`` caps the playout decisions of
    one choice so the costliest choices of a five-hero game stay near a second. ``halving=1`` spends that budget by
    sequential halving: the actions the first worlds rule out get no more playouts, so the rest are compared on
    more. Whole teams on the same deals as a normal team (``python benchmarks/search_strength.py wild-hunters
    --seats N --team --spec hard -n 30 --seed 40000``; at five heroes ``-n 20 --seed 40000`` and ``-n 40 --seed
    40020``), halving won 20 of 30 alone where normal won 13 (+23.3 pp [+10, +40]; the same budget spread evenly
    also 20), 25 of 30 at three heroes where normal won 14 (+36.7 pp [+20, +53]; spread evenly 20), and 39 of 60 at
    five where normal won 31 (+13.3 pp [−3.3, +30.0]; spread evenly 7 of the first 20 where normal won 10). Alone,
    on 200 deals (``tablecraft lab skill wild-hunters --seats 1 --levels random,easy,normal,hard,expert -n 200``),
    hard wins 62.5% and expert 65.5% where normal wins 56.0% (normal → hard +6.5 pp [+2.5, +10.5], Holm p = 0.014;
    hard → expert +3.0 pp [−0.4, +6.4]). Expert is hard with 40 worlds; at three heroes it won 23 of the 30 deals
    where hard won 25 (better on 4, worse on 6) at 0.74 s of CPU per decision (1.50 s at the 95th percentile), so
    it is not yet a level above hard. The figures per count are in docs/lab.md."""

    def __init__(self, num_seats: int | None = None, **options: Any) -> None:
        super().__init__(num_seats, **options)
        self.heroes: tuple[int, ...] = _parse_heroes(self.options["heroes"], self.num_seats)
        """The hero (index into ``content.HEROES``) of each seat."""

    def new_initial_state(self, seed: int, setup: Json | None = None) -> WildHuntersState:
        """The standard deal for ``seed``, or the position ``setup`` describes (see ``setup.py``)."""
        return new_state(self, seed, setup)

    def state_from_json(self, data: Json) -> WildHuntersState:
        """Rebuild a state saved with ``to_json``."""
        check_json_state_header(self, data)
        if data.get("state", {}).get("table", {}).get("heroes") is not None and \
                len(data["state"]["table"]["heroes"]) != self.num_seats:
            raise OptionError(f"this saved state has {len(data['state']['table']['heroes'])} seats, the game "
                              f"{self.num_seats}; load the game with the saved seat count")
        return state_from_json(self, data)

    def seat_name(self, seat: int, lang: str = "en") -> str:
        """The seat's hero: ``water`` / ``沃特``."""
        if not 0 <= seat < self.num_seats:
            return super().seat_name(seat, lang)
        h = HEROES[self.heroes[seat]]
        return h.name_zh if lang == "zh" else h.id

    def parse_action(self, text: str) -> WHAction:
        """The action written as ``text``; card kinds may be in any order or in Chinese (``pay fw``, ``focus 水``).

        >>> str(WildHuntersGame().parse_action("PAY 火水")), str(WildHuntersGame().parse_action("profession 騎士"))
        ('pay WF', 'profession knight')
        """
        words = text.split()
        if len(words) == 2:
            verb = words[0].lower()
            arg = words[1]
            if verb in ("pay", "focus", "rest", "acquire"):
                try:
                    arg = kind_str(parse_kind(arg))
                except ValueError as e:
                    raise InvalidActionError(f"{text!r}: {e}") from None
            elif verb == "profession":
                arg = next((p.id for p in PROFESSIONS if arg.lower() in (p.id, p.name_zh)), arg.lower())
            else:
                arg = arg.lower()
            return self.codec.parse(f"{verb} {arg}")
        return self.codec.parse(" ".join(w.lower() for w in words))

    def make_observation_encoder(self) -> Any:
        """The observation encoder of ``tablecraft.envs`` for this game (``encoding.py``; imported here, as only
        the environments need it)."""
        from .encoding import WildHuntersEncoder

        return WildHuntersEncoder(self)

    def describe_event(self, event: Json, lang: str = "en") -> str:
        """One line of text for a (redacted) event."""
        return text.describe_event(event, lang, self)

    def describe_action(self, action: WHAction, lang: str = "en", state: Any = None) -> str:
        """Player-facing text for an action."""
        return text.describe_action(action, lang)

    def action_price(self, state: State[WHAction], action: WHAction, lang: str = "en") -> str | None:
        """What ``action`` costs the hero to move: the cards a move, attack or rest takes from its own hand, and
        what they leave of hand and deck (``price.py``)."""
        from .price import price_words

        assert isinstance(state, WildHuntersState)
        return price_words(state, action, lang)

    def sightings(self, seat: int) -> Any:
        """What ``seat`` openly sees of which cards the hands hold, from its own event stream (``sightings.py``)."""
        from .sightings import WildHuntersSightings

        return WildHuntersSightings(seat)

    def make_heuristic(self, **params: Any) -> Any:
        """The rule-of-thumb team player (``heuristic.py``); it reads only its observation."""
        from .heuristic import HeuristicAgent

        return HeuristicAgent(**params)

    def is_self_destroying(self, state: State[WHAction], action: WHAction) -> bool:
        """True when ``action`` loses the game for the team by its own result: the exhaustion line (4 or fewer
        cards in hand and deck) is checked at the end of an action, and a move, attack or rest is paid card by
        card with choices between, so the generic look-ahead (which stops at the first real choice) would miss
        it. Read from the hand and the price (``heuristic.exhausts``), playing nothing; a blow that seals the
        demon king for certain is not a loss (W-6). The only other losses are curses, which come from the demon
        king's waking (not the hero's action) or from the demon's face on an attack die — a chance, and one the
        next waking would bring for certain anyway, so an attack is never judged self-destroying for it."""
        from .heuristic import exhausts

        assert isinstance(state, WildHuntersState)
        return exhausts(state, action)

    def sides(self, state: State[WHAction]) -> list[int]:
        """One side: the heroes are a team against the demon king (everyone wins or everyone loses)."""
        return [0] * state.num_seats

    def evaluate(self, state: State[WHAction], seat: int) -> float:
        """A value in [-1, 1] for the team (the same for every seat): see ``heuristic.evaluate``."""
        from .heuristic import evaluate

        assert isinstance(state, WildHuntersState)
        return evaluate(state)
