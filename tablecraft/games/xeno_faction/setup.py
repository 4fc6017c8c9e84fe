"""Starting positions: the standard deal, the documented JSON setup format, and state (de)serialisation.

The standard deal (seed 001 · 准备阶段; gaps 1-1 … 1-4): each player's own 54-card deck is shuffled, the first
player is drawn at random, both draw five, and the first turn begins (it has the two-card draw too; its player
may not attack).

A **setup** starts a game from any position: any card of either deck in any zone, deck order included. Every
key is optional; seats are ``alpha`` and ``beta``::

    {
      "life":       {"alpha": 50, "beta": 41},
      "first":      "alpha",
      "to_move":    "beta",
      "turn":       6,
      "hands":      {"alpha": ["5D", "KH"], "beta": ["JKB"]},
      "decks":      {"alpha": ["2S", "9C"]},
      "rest":       {"alpha": "deck", "beta": "graveyard"},
      "graveyards": {"beta": ["AD"]},
      "banished":   {"alpha": ["3C"]},
      "rows":       {"alpha": [["5D", "3H"], ["7S"], []]},
      "faces":      {"alpha": [["QD", {"card": "JD", "since": 5}], [], []]},
      "joker":      {"beta": 2},
      "extra":      {"D": {"owner": "alpha", "card": "7D", "since": 3}}
    }

- Cards use the notation of ``tablecraft.core.cards`` (``AS 10H KD 5C``, ``JKR`` = 大王, ``JKB`` = 小王; ``A♠``
  accepted); each name is a card of that seat's own deck. A card may be listed once per deck.
- ``rows`` lists a seat's three rows (row1 ♦, row2 ♠, row3 ♣), normal cards only, each in a row it may stand in
  (♥ in row1 or row2). ``faces`` lists the J/Q/K of each row (at most two, of the row's suit), as a card or as
  ``{"card", "since"}`` where ``since`` is the turn it was placed (default 0: every effect already works; at
  most ``turn``). ``joker`` is the row (1–3) of that seat's 大王 on the field. ``extra`` holds the three shared
  extra zones (``D``, ``S``, ``C``): a 3–10 of the zone's suit, its owner and the turn it was put there (default
  0; at most ``turn``).
- ``decks`` lists the top of a deck, top card first. Every card of a deck not listed anywhere goes where
  ``rest`` says for that seat — ``"deck"`` (default: shuffled under the listed top cards), ``"graveyard"`` or
  ``"banished"``. So ``"decks": {"alpha": [...all the rest...]}`` fixes the whole order, and
  ``"rest": {"alpha": "graveyard"}`` with no deck leaves alpha's deck empty.
- ``turn`` is the number of turns already played (default 0); the next turn begins at once with ``to_move``
  (default ``first``), at its preparation phase (hand check, then the two-card draw). ``first`` is the player who
  drew first (whose first turn has no attack; default ``to_move``, else drawn at random). At ``turn`` 0 the
  two must agree: turn 1 is the first player's.
- ``life`` defaults to the ``life`` option; it must be above 0, and the banished zones may not already hold more
  than 54 cards (the game would be over).
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
    BIG_JOKER,
    DEEP_SEA,
    EVERYONE,
    FACE_ROW,
    MAX_FACES,
    NUM_ROWS,
    NUM_SEATS,
    ROWS_OF,
    SEAT_NAMES,
    START_HAND,
    ZONE_OF,
)
from .state import CARD, Phase, XenoFactionState

T = TypeVar("T")
Seat = Literal["alpha", "beta"]
ZONE_KEYS = ("D", "S", "C")


def _get(mapping: Mapping[Any, T], key: str, default: T) -> T:
    return mapping.get(key, default)


class FaceModel(BaseModel):
    """A face card on the field with the turn it was placed."""

    model_config = ConfigDict(extra="forbid")
    card: str
    since: int = 0


class ExtraModel(BaseModel):
    """The card in one extra zone."""

    model_config = ConfigDict(extra="forbid")
    owner: Seat
    card: str
    since: int = 0


class SetupModel(BaseModel):
    """The JSON setup format (see the module docstring); unknown keys are an error."""

    model_config = ConfigDict(extra="forbid")

    life: dict[Seat, int] = {}
    first: Seat | None = None
    to_move: Seat | None = None
    turn: int = 0
    hands: dict[Seat, list[str]] = {}
    decks: dict[Seat, list[str]] = {}
    rest: dict[Seat, Literal["deck", "graveyard", "banished"]] = {}
    graveyards: dict[Seat, list[str]] = {}
    banished: dict[Seat, list[str]] = {}
    rows: dict[Seat, list[list[str]]] = {}
    faces: dict[Seat, list[list[str | FaceModel]]] = {}
    joker: dict[Seat, int] = {}
    extra: dict[Literal["D", "S", "C"], ExtraModel] = {}


def blank(game: Any, seed: int) -> XenoFactionState:
    """An empty table (no cards anywhere) with the options' life totals: the base of deals and setups."""
    s = XenoFactionState.__new__(XenoFactionState)
    s.game = game
    s.rng = Rng(seed)
    s._log = None
    s._history = ()
    s.phase = Phase.PLACE
    s.to_move = s.turn_seat = 0
    s.turn = 0
    s.first = 0
    s.life = [game.options["life"]] * NUM_SEATS
    s.hands = [[], []]
    s.decks = [[], []]
    s.graves = [[], []]
    s.banished = [[], []]
    s.rows = [[[], [], []], [[], [], []]]
    s.faces = [[[], [], []], [[], [], []]]
    s.since = [[[], [], []], [[], [], []]]
    s.joker = [-1, -1]
    s.extra = [-1, -1, -1]
    s.extra_since = [0, 0, 0]
    s.seen = [0] * (NUM_SEATS * DECK_SIZE)
    s.used_rows = s.used_faces = s.split_used = s.charge_used = 0
    s.extra_used = s.pair_used = False
    s.p_card = s.p_row = s.p_target = s.p_last = -1
    s.p_need = s.p_picked = s.p_mode = 0
    s.p_searched = False
    s.deep_sea = -1
    s.winners_ = ()
    s.end_reason = ""
    s._ids_cache = None
    return s


def new_state(game: Any, seed: int, setup: Json | None = None) -> XenoFactionState:
    """The starting position for ``seed``: the standard deal, or ``setup`` (validated; ``SetupError`` if not)."""
    if setup is None:
        s = blank(game, seed)
        for p in range(NUM_SEATS):
            deck = list(range(DECK_SIZE))
            s.rng.shuffle(deck)
            s.decks[p] = deck
        s.first = s.rng.below(NUM_SEATS)  # gap 1-3: the first player is drawn at random
        for p in range(NUM_SEATS):
            s.hands[p] = sorted(s.decks[p][-START_HAND:])
            del s.decks[p][-START_HAND:]
        to_move = s.first
    else:
        s, to_move = _from_setup(game, seed, setup)
    _set_initial_knowledge(s)
    s._emit(Event("start", {"life": list(s.life), "first": s.first, "turn": s.turn,
                            "decks": [len(d) for d in s.decks]}))
    for p in range(NUM_SEATS):
        if s.hands[p]:
            s._emit(Event("dealt", {"seat": p, "count": len(s.hands[p])},
                          {"cards": [CARD[c] for c in s.hands[p]]}, 1 << p))
    s.turn_seat = 1 - to_move
    s.next_turn()
    return s


def _set_initial_knowledge(s: XenoFactionState) -> None:
    seen = s.seen
    for p in range(NUM_SEATS):
        base = p * DECK_SIZE
        for c in s.hands[p]:
            seen[base + c] = 1 << p
        public = [*s.graves[p], *s.banished[p]]
        for r in range(NUM_ROWS):
            public += s.rows[p][r] + s.faces[p][r]
        if s.joker[p] >= 0:
            public.append(BIG_JOKER)
        for c in public:
            seen[base + c] = EVERYONE
    for e in s.extra:
        if e >= 0:
            seen[e] = EVERYONE


def _card(where: str, text: str) -> int:
    try:
        return parse_card(text)
    except SetupError as e:
        raise SetupError(f"{where}: {e}") from None


def _from_setup(game: Any, seed: int, raw: Json) -> tuple[XenoFactionState, int]:
    if not isinstance(raw, dict):
        raise SetupError(f"a setup must be a JSON object, not {type(raw).__name__}")
    try:
        m = SetupModel.model_validate(raw)
    except ValidationError as e:
        problems = "; ".join(f"{'.'.join(map(str, err['loc'])) or 'setup'}: {err['msg']}" for err in e.errors())
        raise SetupError(f"malformed setup: {problems}") from None
    s = blank(game, seed)
    places: list[dict[int, str]] = [{}, {}]

    def claim(p: int, card: int, where: str) -> int:
        if card in places[p]:
            raise SetupError(f"{SEAT_NAMES[p]}'s {card_str(card)} is listed twice: in {places[p][card]} and in {where}")
        places[p][card] = where
        return card

    def cards(p: int, items: list[str], where: str) -> list[int]:
        return [claim(p, _card(where, t), where) for t in items]

    for p, name in enumerate(SEAT_NAMES):
        if name in m.life:
            s.life[p] = m.life[name]
            if s.life[p] <= 0:
                raise SetupError(f"life.{name} is {s.life[p]}: a player at 0 or less has already lost")
        s.hands[p] = sorted(cards(p, _get(m.hands, name, []), f"{name}'s hand"))
        s.graves[p] = cards(p, _get(m.graveyards, name, []), f"{name}'s graveyard")
        s.banished[p] = cards(p, _get(m.banished, name, []), f"{name}'s banished zone")
        rows: list[list[str]] = _get(m.rows, name, [[], [], []])
        if len(rows) != NUM_ROWS:
            raise SetupError(f"rows.{name} must list exactly three rows (row1 ♦, row2 ♠, row3 ♣), not {len(rows)}")
        for r, row_items in enumerate(rows):
            where = f"{name}'s row{r + 1}"
            for c in cards(p, row_items, where):
                if r not in ROWS_OF[c]:
                    allowed = " or ".join(f"row{x + 1}" for x in ROWS_OF[c]) or "no row (not a normal card A–10)"
                    raise SetupError(f"{where}: {card_str(c)} cannot stand there; it may go in {allowed}")
                s.rows[p][r].append(c)
        faces: list[list[str | FaceModel]] = _get(m.faces, name, [[], [], []])
        if len(faces) != NUM_ROWS:
            raise SetupError(f"faces.{name} must list exactly three rows, not {len(faces)}")
        for r, items in enumerate(faces):
            where = f"{name}'s row{r + 1} face cards"
            if len(items) > MAX_FACES:
                raise SetupError(f"{where}: {len(items)} face cards; a row holds at most {MAX_FACES}")
            for item in items:
                text, since = (item, 0) if isinstance(item, str) else (item.card, item.since)
                c = claim(p, _card(where, text), where)
                if FACE_ROW[c] != r:
                    raise SetupError(f"{where}: {card_str(c)} is not a J/Q/K of row{r + 1}'s suit")
                s.faces[p][r].append(c)
                s.since[p][r].append(since)
        if name in m.joker:
            r = m.joker[name]
            if not 1 <= r <= NUM_ROWS:
                raise SetupError(f"joker.{name} must be a row 1–3, not {r}")
            claim(p, BIG_JOKER, f"{name}'s row{r} (大王)")
            s.joker[p] = r - 1
    for z, key in enumerate(ZONE_KEYS):
        if key in m.extra:
            zone = m.extra[key]
            p = SEAT_NAMES.index(zone.owner)
            where = f"extra zone {key}"
            c = claim(p, _card(where, zone.card), where)
            if ZONE_OF[c] != z:
                raise SetupError(f"{where}: {card_str(c)} is not a 3–10 of that zone's suit")
            s.extra[z] = p * DECK_SIZE + c
            s.extra_since[z] = zone.since
    for p, name in enumerate(SEAT_NAMES):
        top = cards(p, _get(m.decks, name, []), f"{name}'s deck")
        rest = [c for c in range(DECK_SIZE) if c not in places[p]]
        s.rng.shuffle(rest)
        where = _get(m.rest, name, "deck")
        if where == "deck":
            s.decks[p] = rest + top[::-1]  # the list's end is the top
        else:
            s.decks[p] = top[::-1]
            (s.graves[p] if where == "graveyard" else s.banished[p]).extend(sorted(rest))
    if s.banished_count() > DEEP_SEA:
        raise SetupError(f"the banished zones hold {s.banished_count()} cards, more than {DEEP_SEA}: "
                         "深海时代 would already have ended the game")
    if m.turn < 0:
        raise SetupError("turn must be 0 or more")
    if m.turn >= game.options["max_turns"]:
        raise SetupError(f"turn {m.turn} is already at the turn cap max_turns={game.options['max_turns']}")
    _check_since(s, m.turn)
    if m.turn == 0 and m.first is not None and m.to_move is not None and m.first != m.to_move:
        # 先抽的玩家不能攻击: turn 1 is the first player's, so at turn 0 the two must agree
        raise SetupError(f"turn 0: first is {m.first} but to_move is {m.to_move}; the first turn belongs to the "
                         "player who drew first, so they must be the same")
    s.turn = m.turn
    if m.first is not None:
        s.first = SEAT_NAMES.index(m.first)
    elif m.to_move is not None:
        s.first = SEAT_NAMES.index(m.to_move)
    else:
        s.first = s.rng.below(NUM_SEATS)
    to_move = SEAT_NAMES.index(m.to_move) if m.to_move is not None else s.first
    return s, to_move


def _check_since(s: XenoFactionState, turn: int) -> None:
    """Every ``since`` must name a turn already played (0 … ``turn``): a card cannot have been placed later."""
    for p, name in enumerate(SEAT_NAMES):
        for r in range(NUM_ROWS):
            for c, t in zip(s.faces[p][r], s.since[p][r], strict=True):
                if not 0 <= t <= turn:
                    raise SetupError(f"{name}'s row{r + 1} face card {card_str(c)}: since {t} is not a turn already "
                                     f"played (0–{turn})")
    for z, key in enumerate(ZONE_KEYS):
        t = s.extra_since[z]
        if s.extra[z] >= 0 and not 0 <= t <= turn:
            raise SetupError(f"extra zone {key}: since {t} is not a turn already played (0–{turn})")


# ----------------------------------------------------------------------------------------------- JSON state
_FIELDS = (
    "to_move", "turn_seat", "turn", "first", "life", "hands", "decks", "graves", "banished", "rows", "faces",
    "since", "joker", "extra", "extra_since", "seen", "used_rows", "used_faces", "extra_used", "pair_used",
    "split_used", "charge_used", "p_card", "p_row", "p_target", "p_need", "p_picked", "p_last", "p_mode",
    "p_searched", "deep_sea", "winners_", "end_reason",
)


def fields_to_json(s: XenoFactionState) -> Json:
    """The state's own fields as JSON-safe data."""
    out: Json = {"phase": s.phase.name}
    for f in _FIELDS:
        v = getattr(s, f)
        out[f] = _deep(list(v)) if isinstance(v, list | tuple) else v  # copies: the JSON never aliases the state
    return out


def _deep(v: Any) -> Any:
    return [_deep(x) for x in v] if isinstance(v, list) else v


def state_from_json(game: Any, data: Json) -> XenoFactionState:
    """Rebuild a state from ``XenoFactionState.to_json()``."""
    f = data["state"]
    s = blank(game, 0)
    s.rng = Rng(data["rng"])
    s._history = tuple(data["history"])
    s._log = chain_from_list([Event.from_json(e) for e in data["log"]])
    s.phase = Phase[f["phase"]]
    for name in _FIELDS:
        v = f[name]
        setattr(s, name, tuple(v) if name == "winners_" else _deep(v))
    return s
