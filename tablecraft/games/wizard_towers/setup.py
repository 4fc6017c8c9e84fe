"""Starting positions: the standard deal, the documented JSON setup format, and state (de)serialisation.

The standard deal (gaps 0-2 and 0-3): the 54 cards are shuffled; the wizard draws four onto his towers (left 1,
right 1, main 2), looking at them; the other 50 are dealt round the three exploration bags (17/17/16), each bag
with its spiral coin, so its capacity is 18/18/17. The junk bag and every hand start empty; orange moves first.

A **setup** starts a game from any position. Every key is optional::

    {
      "hp":        {"orange": 100, "blue": 40, "purple": 150},
      "hands":     {"orange": ["AS", "KD"], "blue": ["JKR"], "purple": []},
      "towers":    {"left": ["7H"], "right": [], "main": ["QS", "3D"]},
      "bags":      {"orange": ["2C", "..."], "blue": ["..."], "green": ["..."]},
      "capacity":  {"orange": 18, "blue": 18, "green": 17},
      "junk":      ["5S", "9D"],
      "coins":     {"blue": ["orange"]},
      "stalled":   ["blue"],
      "hand_limit": {"orange": 4},
      "to_move":   "blue",
      "turn":      12,
      "shuffle":   "none"
    }

- Cards use the notation of ``tablecraft.core.cards`` (``AS 10H KD 5C``, ``JKR``/``JKB``; ``A♠`` accepted).
- With ``bags`` given, each of the 54 cards must be in exactly one place. Without it, the cards not placed
  elsewhere are shuffled and dealt round the bags. A bag's capacity defaults to its cards plus its coin.
- ``coins`` lists, per seat, the bags whose spiral coins it holds, in the order drawn; other coins are in their
  bags. ``stalled`` lists seats whose next turn a held coin skips (a coin drawn in kill draws or the end draw
  with option ``late_coin="stall"``; each must hold a coin). ``hand_limit`` defaults to the seed's (3/5, +1 for a warrior whose partner is dead). A seat with HP ≤ 0
  is dead and holds nothing. ``to_move`` (default orange) starts its turn at the coin/draw step; ``turn`` is the
  number of turns already played (for the turn cap).
- ``shuffle`` is the seed's preparation (游戏准备1): ``"all"`` reshuffles all 54 cards into the same layout
  (each place keeps its count), ``"table"`` reshuffles only the cards on the table (hands and towers): the
  seed counts 「三个探索包裹、一个废品包裹与桌上」 as three places, so the junk bag stays as it is; default
  ``"none"``.
- Numbers are JSON integers (``"hp": {"orange": "40"}`` or ``true`` is an error, not a conversion); a bag's
  capacity is at most 55 (all 54 cards and its coin).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError

from tablecraft.core.api import Json
from tablecraft.core.cards import DECK_SIZE, card_str, parse_card
from tablecraft.core.errors import SetupError
from tablecraft.core.events import Event, chain_from_list
from tablecraft.core.rng import Rng

from .spec import (
    BAG_NAMES,
    EVERYONE,
    NUM_BAGS,
    NUM_SEATS,
    SEAT_NAMES,
    TOWER_LIMITS,
    TOWER_NAMES,
    WARRIORS,
    WIZARD,
)
from .state import Phase, WizardTowersState

T = TypeVar("T")


def _get(mapping: Mapping[Any, T], key: str, default: T) -> T:
    """``mapping.get`` for the models' Literal-keyed dicts, looked up by a plain name."""
    return mapping.get(key, default)


class SetupModel(BaseModel):
    """The JSON setup format (see the module docstring); unknown keys and loosely typed values are an error."""

    model_config = ConfigDict(extra="forbid", strict=True)

    hp: dict[Literal["orange", "blue", "purple"], int] = {}
    hands: dict[Literal["orange", "blue", "purple"], list[str]] = {}
    towers: dict[Literal["left", "right", "main"], list[str]] = {}
    bags: dict[Literal["orange", "blue", "green"], list[str]] | None = None
    capacity: dict[Literal["orange", "blue", "green"], int] = {}
    junk: list[str] = []
    coins: dict[Literal["orange", "blue", "purple"], list[Literal["orange", "blue", "green"]]] = {}
    stalled: list[Literal["orange", "blue", "purple"]] = []
    hand_limit: dict[Literal["orange", "blue", "purple"], int] = {}
    to_move: Literal["orange", "blue", "purple"] = "orange"
    turn: int = 0
    shuffle: Literal["none", "all", "table"] = "none"


def _blank(game: Any, seed: int) -> WizardTowersState:
    s = WizardTowersState.__new__(WizardTowersState)
    s.game = game
    s.rng = Rng(seed)
    s._log = None
    s._history = ()
    s.phase = Phase.DRAW
    s.to_move = s.turn_seat = 0
    s.turn = 0
    o = game.options
    s.hp = [o["warrior_hp"], o["warrior_hp"], o["wizard_hp"]]
    s.alive = [True] * NUM_SEATS
    s.hand_limit = [o["warrior_hand_limit"], o["warrior_hand_limit"], o["wizard_hand_limit"]]
    s.hands = [[], [], []]
    s.towers = [[], [], []]
    s.bags = [[], [], []]
    s.capacity = (0, 0, 0)
    s.coins = [[], [], []]
    s.junk = []
    s.known = [0] * DECK_SIZE
    s.seen = [0] * DECK_SIZE
    s.draws_left = 0
    s.acted = s.skipped = False
    s.adjust_left = 0
    s.target = -1
    s.att = s.att_from = s.dfn = s.dfn_from = ()
    s.att_lead = s.dfn_lead = 0
    s.substitute = s.chooser = -1
    s.queue = ()
    s.winners_ = ()
    s.end_reason = ""
    s.stalled = 0
    return s


def new_state(game: Any, seed: int, setup: Json | None = None) -> WizardTowersState:
    """The starting position for ``seed``: the standard deal, or ``setup`` (validated; ``SetupError`` if not)."""
    if setup is None:
        s = _blank(game, seed)
        deck = list(range(DECK_SIZE))
        s.rng.shuffle(deck)
        s.towers = [[deck[0]], [deck[1]], [deck[2], deck[3]]]
        _deal_round(s, deck[4:])
        s.capacity = tuple(len(b) + 1 for b in s.bags)
        s.turn_seat = NUM_SEATS - 1  # so that orange opens (游戏开始1)
        start_turn = 0
    else:
        s, start_turn = _from_setup(game, seed, setup)
    _set_initial_knowledge(s)
    s._emit(Event("start", {"hp": list(s.hp), "towers": [len(t) for t in s.towers],
                            "bags": [len(b) for b in s.bags]}))
    keep = (1 << WIZARD) if game.options["wizard_remembers_towers"] else 0
    s._emit(Event("towers_set", {"counts": [len(t) for t in s.towers]},
                  {"cards": [[card_str(c) for c in t] for t in s.towers]}, keep))
    for seat in range(NUM_SEATS):
        if s.hands[seat]:
            s._emit(Event("dealt", {"seat": seat, "count": len(s.hands[seat])},
                          {"cards": [card_str(c) for c in s.hands[seat]]}, 1 << seat))
    s.refill_bags()  # 特殊规则4 holds from the first moment: an empty bag in a setup is filled at once
    s.turn = start_turn
    s.next_turn()
    return s


def _deal_round(s: WizardTowersState, cards: list[int]) -> None:
    for i, c in enumerate(cards):
        s.bags[i % NUM_BAGS].append(c)


def _set_initial_knowledge(s: WizardTowersState) -> None:
    remember = s.game.options["wizard_remembers_towers"]
    for seat in range(NUM_SEATS):
        for c in s.hands[seat]:
            s.known[c] = s.seen[c] = 1 << seat
    for t in s.towers:
        for c in t:
            s.known[c] = (1 << WIZARD) if remember else 0
            s.seen[c] = 1 << WIZARD  # gap 0-2: he looks at them as he sets them
    for c in s.junk:
        s.known[c] = s.seen[c] = EVERYONE


def _cards(where: str, items: list[str]) -> list[int]:
    out = []
    for text in items:
        try:
            out.append(parse_card(text))
        except SetupError as e:
            raise SetupError(f"{where}: {e}") from None
    return out


def _from_setup(game: Any, seed: int, raw: Json) -> tuple[WizardTowersState, int]:
    if not isinstance(raw, dict):
        raise SetupError(f"a setup must be a JSON object, not {type(raw).__name__}")
    try:
        m = SetupModel.model_validate(raw)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'setup'}: {err['msg']}" for err in e.errors())
        raise SetupError(f"malformed setup: {problems}") from None
    s = _blank(game, seed)
    places: dict[int, str] = {}

    def claim(cards: list[int], where: str) -> list[int]:
        for c in cards:
            if c in places:
                raise SetupError(f"card {card_str(c)} is listed twice: in {places[c]} and in {where}")
            places[c] = where
        return cards

    for i, name in enumerate(SEAT_NAMES):
        if name in m.hp:
            s.hp[i] = m.hp[name]
        s.alive[i] = s.hp[i] > 0
        s.hands[i] = sorted(claim(_cards(f"hands.{name}", _get(m.hands, name, [])), f"{name}'s hand"))
    for i, name in enumerate(TOWER_NAMES):
        s.towers[i] = claim(_cards(f"towers.{name}", _get(m.towers, name, [])), f"the {name} tower")
        if len(s.towers[i]) > TOWER_LIMITS[i]:
            raise SetupError(f"the {name} tower holds {len(s.towers[i])} cards; its limit is {TOWER_LIMITS[i]}")
    s.junk = claim(_cards("junk", m.junk), "the junk bag")
    if m.bags is not None:
        for i, name in enumerate(BAG_NAMES):
            s.bags[i] = claim(_cards(f"bags.{name}", _get(m.bags, name, [])), f"the {name} bag")
        missing = [card_str(c) for c in range(DECK_SIZE) if c not in places]
        if missing:
            raise SetupError(
                f"{len(missing)} of the 54 cards are in no place: {' '.join(missing)}; list every card once, "
                "or leave out \"bags\" to deal the rest into the bags"
            )
    else:
        rest = [c for c in range(DECK_SIZE) if c not in places]
        s.rng.shuffle(rest)
        _deal_round(s, rest)
    held: dict[str, str] = {}
    for i, name in enumerate(SEAT_NAMES):
        for bag_name in _get(m.coins, name, []):
            if bag_name in held:
                raise SetupError(f"the {bag_name} bag's coin is held twice: by {held[bag_name]} and by {name}")
            held[bag_name] = name
            s.coins[i].append(BAG_NAMES.index(bag_name))
    for name in m.stalled:
        i = SEAT_NAMES.index(name)
        if not s.coins[i]:
            raise SetupError(f"stalled lists {name}, who holds no spiral coin; a stall needs a held coin (coins)")
        s.stalled |= 1 << i
    cap = []
    for i, name in enumerate(BAG_NAMES):
        c = _get(m.capacity, name, len(s.bags[i]) + 1)
        items = len(s.bags[i]) + 1
        if c < items:
            raise SetupError(f"the {name} bag holds {items} items with its coin, more than its capacity {c}")
        if c > DECK_SIZE + 1:
            raise SetupError(f"the {name} bag's capacity {c} is over {DECK_SIZE + 1}, all 54 cards and its coin")
        cap.append(c)
    s.capacity = tuple(cap)
    alive_warriors = [w for w in WARRIORS if s.alive[w]]
    for i, name in enumerate(SEAT_NAMES):
        if i in WARRIORS and len(alive_warriors) == 1 and s.alive[i]:
            s.hand_limit[i] += 1  # 特殊规则6
        if name in m.hand_limit:
            if m.hand_limit[name] < 1:
                raise SetupError(f"hand_limit.{name} must be at least 1")
            s.hand_limit[i] = m.hand_limit[name]
        if not s.alive[i] and (s.hands[i] or s.coins[i]):
            raise SetupError(f"{name} is dead (hp {s.hp[i]}) and cannot hold cards or coins")
        if len(s.hands[i]) > s.hand_limit[i]:
            raise SetupError(f"{name} holds {len(s.hands[i])} cards, over the hand limit {s.hand_limit[i]}")
    if not s.alive[WIZARD] and any(s.towers):
        raise SetupError("the wizard is dead, so his towers must be empty")
    if sum(s.alive) < 2:
        raise SetupError("at least two players must be alive for a game to be played")
    to_move = SEAT_NAMES.index(m.to_move)
    if not s.alive[to_move]:
        raise SetupError(f"to_move is {m.to_move}, who is dead")
    if m.turn < 0:
        raise SetupError("turn must be 0 or more")
    if m.turn >= game.options["max_turns"]:
        raise SetupError(f"turn {m.turn} is already at the turn cap max_turns={game.options['max_turns']}")
    if m.shuffle != "none":
        _reshuffle(s, everything=m.shuffle == "all")
    s.turn_seat = (to_move - 1) % NUM_SEATS
    return s, m.turn


def _reshuffle(s: WizardTowersState, everything: bool) -> None:
    """游戏准备1: reshuffle all cards (or only those on the table: hands and towers) and put them back in the same
    layout. The seed names the junk bag apart from the table (「三个探索包裹、一个废品包裹与桌上」), so "table"
    leaves it alone."""
    zones: list[list[int]] = s.hands + s.towers
    if everything:
        zones += [s.junk, *s.bags]
    pool = [c for z in zones for c in z]
    s.rng.shuffle(pool)
    i = 0
    for z in zones:
        n = len(z)
        z[:] = pool[i:i + n]
        i += n
    for h in s.hands:
        h.sort()


# ----------------------------------------------------------------------------------------------- JSON state
_FIELDS = (
    "to_move", "turn_seat", "turn", "hp", "alive", "hand_limit", "hands", "towers", "bags", "capacity", "coins",
    "junk", "known", "seen", "draws_left", "acted", "skipped", "adjust_left", "target", "att", "att_from",
    "att_lead", "dfn", "dfn_from", "dfn_lead", "substitute", "chooser", "queue", "winners_", "end_reason",
    "stalled",
)


def fields_to_json(s: WizardTowersState) -> Json:
    """The state's own fields as JSON-safe data."""
    out: Json = {"phase": s.phase.name}
    for f in _FIELDS:
        v = getattr(s, f)
        if isinstance(v, tuple):
            v = [list(x) if isinstance(x, tuple) else x for x in v]
        out[f] = v
    return out


def state_from_json(game: Any, data: Json) -> WizardTowersState:
    """Rebuild a state from ``WizardTowersState.to_json()``."""
    f = data["state"]
    s = _blank(game, 0)
    s.rng = Rng(data["rng"])
    s._history = tuple(data["history"])
    s._log = chain_from_list([Event.from_json(e) for e in data["log"]])
    s.phase = Phase[f["phase"]]
    for name in _FIELDS:
        v = f.get(name, 0) if name == "stalled" else f[name]  # "stalled" is newer than some saved states
        if name in ("capacity", "att", "att_from", "dfn", "dfn_from", "winners_"):
            v = tuple(v)
        elif name == "queue":
            v = tuple((Phase(a), b) for a, b in v)
        elif name in ("hp", "alive", "hand_limit", "junk", "known", "seen"):
            v = list(v)
        elif name in ("hands", "towers", "bags", "coins"):
            v = [list(x) for x in v]
        setattr(s, name, v)
    return s

