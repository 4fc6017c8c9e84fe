"""Starting positions: the standard deal (seed 003 · 遊戲準備), the documented JSON setup format, and state JSON.

The standard deal:

1. The demon king card is the ``demon_king`` option (or drawn at random); his base starts at a random rotation.
2. The map: every tile nobody claimed (the 40 terrain tiles, and — option ``unused_camps=map`` — the camps of
   heroes not in play) is shuffled face down and laid out by the ``map`` generator; each hero's camp joins the
   edge; the camps and every tile next to a camp are face up; the demon king stands on the map's centre, as far
   from the heroes as the centre allows.
3. The destiny deck: each hero's stun card and two action cards, shuffled; the third action card stays on the
   hero's board.
4. The spirit supply: all 10 god cards and X of each of the 10 spirit kinds (X = heroes, at least 2), shuffled;
   X cards face up.
5. Each hero: 2 power cards of each element shuffled into a personal deck, 5 drawn; full life; its faction's
   profession as main.

A **setup** starts a game from any position. Every key is optional; what is left out is dealt as above::

    {
      "map": {"cells": [{"at": [0, 0], "tile": "beach", "face_up": false}, ...],
              "camps": {"water": [2, -4], "fire": [4, -1]}},
      "heroes": {"water": {"at": [1, -3], "hp": 2, "hand": ["W", "WF"], "deck": ["F", "R"],
                           "discard": ["T"], "energy": ["W"], "main": "mage", "second": null,
                           "board_card": true}},
      "king": {"id": "blaze", "at": [0, 0], "hp": 12, "rage": 2, "rotation": 0},
      "supply": {"row": ["WF", "RTG"], "deck": ["FG", "..."], "burned": []},
      "destiny": {"deck": ["water-1", "fire-stun", "..."], "discard": [], "exile": [], "revealed": null},
      "curses": 1,
      "turn": 0
    }

- ``map`` may also be ``"reference"`` or ``"random"`` (the generators). A map's cells are axial ``[q, r]``; a
  cell's ``tile`` is a terrain (``beach wasteland mountain ruins forest`` or 河灘 荒原 山脈 廢墟 森林) or, with
  ``unused_camps=map``, an absent hero's camp (``camp:fire``); cells without one get the remaining tiles shuffled,
  and tiles left over are set aside face down. Camps and the tiles next to them are always face up.
- Cards are kinds: ``W F R T G`` (power), ``WF`` … (spirit), ``WFR`` … (god); Chinese 水火岩雷風 is accepted. A
  hero's ``deck`` is listed top first; giving ``hand`` or ``deck`` makes both exact (the other empty).
  ``destiny.deck`` is listed top first; ``revealed`` is the card whose phase starts the game (else the top card is
  revealed). ``supply.deck`` is listed top first.
- Cards not placed anywhere are out of play (the box). A standard supply holds X of each spirit kind and every god
  card not placed elsewhere.
- ``board_card: false`` (the first third sword energy has been reached) goes with a ``second`` profession and is
  required with 3 sword energy: play never reaches one without the other.
- A *map file* is a setup holding only ``map``.

Every problem raises ``SetupError`` saying what is wrong and what is allowed.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, StrictInt, ValidationError

from tablecraft.core.api import Json
from tablecraft.core.errors import SetupError
from tablecraft.core.events import Event, chain_from_list
from tablecraft.core.rng import Rng

from .content import (
    ACTION_CARDS_PER_HERO,
    CAMP_TILE_BASE,
    CARD_KIND,
    CURSES_TO_LOSE,
    DEMON_KINGS,
    EXHAUSTED_AT,
    GOD_BASE,
    HAND_SIZE,
    HEROES,
    KING_IDS,
    MAX_ENERGY,
    NUM_CARDS,
    NUM_TERRAIN_TILES,
    POWER_COPIES,
    POWER_PER_HERO,
    PROFESSION_COPIES,
    PROFESSIONS,
    SPIRIT_BASE,
    SPIRIT_COPIES,
    STUN_BASE,
    TERRAINS,
    TILES_PER_TERRAIN,
    destiny_hero,
    destiny_str,
    is_stun,
    kind_str,
    parse_destiny,
    parse_kind,
)
from .hexmap import (
    Geometry,
    geometry,
    is_connected,
    king_start,
    on_outer_edge,
    random_layout,
    reference_geometry,
)
from .rules import king_life, king_temper, shuffle
from .spec import EVERYONE
from .state import PLAYING, Fixed, Phase, WildHuntersState


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid")


Xy = tuple[StrictInt, StrictInt]
"""Axial coordinates ``[q, r]`` (whole numbers; ``true`` is not 1)."""


class CellModel(_Model):
    """A map cell of a setup."""

    at: Xy
    tile: str | None = None
    face_up: bool = False


class MapModel(_Model):
    """A designed map: its cells and each hero's camp."""

    cells: list[CellModel]
    camps: dict[str, Xy]


class HeroModel(_Model):
    """A hero's position, life, cards and professions."""

    at: Xy | None = None
    hp: StrictInt | None = None
    hand: list[str] | None = None
    deck: list[str] | None = None
    discard: list[str] = []
    energy: list[str] = []
    main: str | None = None
    second: str | None = None
    board_card: bool = True


class KingModel(_Model):
    """The demon king card, place, life, rage and base rotation."""

    id: str | None = None
    at: Xy | None = None
    hp: StrictInt | None = None
    rage: StrictInt = 0
    rotation: StrictInt | None = None


class SupplyModel(_Model):
    """The spirit supply: face-up row, deck (top first) and burnt cards."""

    row: list[str] = []
    deck: list[str] = []
    burned: list[str] = []


class DestinyModel(_Model):
    """The destiny deck (top first), its discards, the exile area and the card revealed now."""

    deck: list[str] = []
    discard: list[str] = []
    exile: list[str] = []
    revealed: str | None = None


class SetupModel(_Model):
    """The JSON setup format (see the module docstring); unknown keys are an error."""

    map: MapModel | Literal["reference", "random"] | None = None
    heroes: dict[str, HeroModel] = {}
    king: KingModel = KingModel()
    supply: SupplyModel | None = None
    destiny: DestinyModel | None = None
    curses: StrictInt = 0
    turn: StrictInt = 0


# ------------------------------------------------------------------------------------------------- helpers
def _blank(game: Any, seed: int) -> WildHuntersState:
    s = WildHuntersState.__new__(WildHuntersState)
    s.game = game
    s.rng = Rng(seed)
    s._log = None
    s._history = ()
    n = game.num_seats
    s.up = 0
    s.hero_cell = [0] * n
    s.hp = [game.options["hero_hp"]] * n
    s.hands = [[] for _ in range(n)]
    s.decks = [[] for _ in range(n)]
    s.discards = [[] for _ in range(n)]
    s.energy = [[] for _ in range(n)]
    s.main = [HEROES[h].profession for h in game.heroes]
    s.second = [-1] * n
    s.board_card = [True] * n
    s.prof_box = [PROFESSION_COPIES - s.main.count(i) for i in range(len(PROFESSIONS))]
    s.supply_deck = []
    s.supply_row = []
    s.burned = []
    s.known = [0] * NUM_CARDS
    s.seen_kinds = 0
    s.destiny_deck = []
    s.destiny_discard = []
    s.exile = []
    s.revealed = -1
    s.king_cell = 0
    s.king_hp = 0
    s.rage = 0
    s.rotation = 0
    s.curses = 0
    s.phase = Phase.ACTION
    s.to_move = 0
    s.acted = False
    s.acquires_left = 0
    s.turn = 0
    s.pend_kind = 0
    s.pend_cell = -1
    s.pend_cost = -1
    s.paid = ()
    s.building = ()
    s.last_roll = ()
    s.result = PLAYING
    s.end_reason = ""
    return s


def _tile_pool(game: Any) -> list[int]:
    """Every tile nobody claimed (未被領取的地圖板塊): the terrain tiles and, with ``unused_camps=map``, the camps
    of absent heroes."""
    pool = list(range(NUM_TERRAIN_TILES))
    if game.options["unused_camps"] == "map":
        pool += [CAMP_TILE_BASE + h for h in range(len(HEROES)) if h not in game.heroes]
    return pool


def _layout(game: Any, kind: str, size: int, rng: Rng) -> Geometry:
    n = game.num_seats
    if kind == "reference":
        return reference_geometry(size, n)
    cells, camps = random_layout(size, n, rng)
    return geometry(tuple(cells), tuple(camps))


@lru_cache(maxsize=256)
def _reveal_camps(geo: Geometry) -> int:
    """遊戲準備: the camps and every tile next to a camp are face up."""
    up = 0
    for camp in geo.camp_of:
        up |= 1 << camp
        up |= geo.adj[camp]
    return up


class _Cards:
    """Hands out card ids by kind, each id once."""

    def __init__(self) -> None:
        self.free: dict[int, list[int]] = {}
        for c in reversed(range(NUM_CARDS)):
            self.free.setdefault(CARD_KIND[c], []).append(c)
        self.used: set[int] = set()

    def take(self, text: str, where: str) -> int:
        try:
            kind = parse_kind(text)
        except ValueError as e:
            raise SetupError(f"{where}: {e}") from None
        pool = self.free.get(kind)
        if pool is None:
            raise SetupError(f"{where}: {text!r} has {bin(kind).count('1')} elements; cards have 1 to 3")
        if not pool:
            total = sum(1 for c in range(NUM_CARDS) if CARD_KIND[c] == kind)
            raise SetupError(f"{where}: too many {kind_str(kind)} cards; the game has {total}")
        c = pool.pop()
        self.used.add(c)
        return c

    def take_all(self, texts: list[str], where: str) -> list[int]:
        return [self.take(t, where) for t in texts]

    def take_id(self, card: int) -> bool:
        pool = self.free[CARD_KIND[card]]
        if card in pool:
            pool.remove(card)
            self.used.add(card)
            return True
        return False

    def rest(self) -> list[int]:
        return sorted(c for c in range(NUM_CARDS) if c not in self.used)


def _terrain_of(text: str, game: Any) -> int:
    """A tile name → the first tile id of that terrain (or the camp tile)."""
    t = text.strip().lower()
    for i, terrain in enumerate(TERRAINS):
        if t in (terrain.id, terrain.name_zh):
            return i * TILES_PER_TERRAIN
    if t.startswith("camp:"):
        name = t[5:]
        for h, hero in enumerate(HEROES):
            if name in (hero.id, hero.name_zh):
                if h in game.heroes:
                    raise SetupError(f"tile {text!r}: {hero.id} is in play, so its camp is its camp, not a map tile")
                if game.options["unused_camps"] != "map":
                    raise SetupError(f"tile {text!r}: with unused_camps=box the camps of absent heroes are set aside")
                return CAMP_TILE_BASE + h
    names = ", ".join(tr.id for tr in TERRAINS)
    raise SetupError(f"unknown tile {text!r}; tiles are {names} (or camp:<hero> for an absent hero's camp)")


def _problems(e: ValidationError) -> str:
    return "; ".join(f"{'.'.join(map(str, err['loc'])) or 'setup'}: {err['msg']}" for err in e.errors())


# -------------------------------------------------------------------------------------------- new states
def new_state(game: Any, seed: int, setup: Json | None = None) -> WildHuntersState:
    """The starting position for ``seed``: the standard deal, or ``setup`` (validated; ``SetupError`` if not)."""
    if setup is None:
        return _standard_deal(game, seed)
    if not isinstance(setup, dict):
        raise SetupError(f"a setup must be a JSON object, not {type(setup).__name__}")
    try:
        m = SetupModel.model_validate(setup or {})
    except ValidationError as e:
        raise SetupError(f"malformed setup: {_problems(e)}") from None
    s = _blank(game, seed)
    rng = s.rng
    n = game.num_seats
    heroes: tuple[int, ...] = game.heroes
    in_play = {HEROES[h].id: seat for seat, h in enumerate(heroes)}
    for name in m.heroes:
        if name not in in_play:
            raise SetupError(f"heroes.{name}: {name} is not in play; the heroes are {', '.join(in_play)}")

    # --- the demon king card
    king_id = m.king.id or game.options["demon_king"]
    if king_id == "random":
        king = rng.below(len(DEMON_KINGS))
    elif king_id in KING_IDS:
        king = KING_IDS.index(king_id)
    else:
        raise SetupError(f"king.id {king_id!r} is not a demon king; choose one of {', '.join(KING_IDS)}")

    # --- the map
    pool = _tile_pool(game)
    if isinstance(m.map, MapModel):
        geo, tiles, spare, up = _designed_map(game, m.map, pool, rng)
    else:
        shuffle(rng, pool)
        geo = _layout(game, m.map or game.options["map"], len(pool), rng)
        tiles = tuple(pool) + tuple(CAMP_TILE_BASE + h for h in heroes)
        spare = ()
        up = _reveal_camps(geo)
    s.up = up

    # --- heroes' places
    for seat, h in enumerate(heroes):
        hm = m.heroes.get(HEROES[h].id, HeroModel())
        s.hero_cell[seat] = _cell(geo, hm.at, f"heroes.{HEROES[h].id}.at") if hm.at is not None else geo.camp_of[seat]
    for c in s.hero_cell:
        s.up |= 1 << c  # a hero always stands on a face-up tile (entering a face-down one turns it up)
    if m.king.at is not None:
        s.king_cell = _cell(geo, m.king.at, "king.at")
        if geo.is_camp[s.king_cell]:
            raise SetupError("king.at is a camp; the demon king never stands on a camp")
    else:
        s.king_cell = king_start(geo, s.hero_cell)
        if s.king_cell < 0:
            raise SetupError("heroes stand on every map cell: the demon king has no tile left; place him with "
                             "king.at or move a hero")
    if s.king_cell in s.hero_cell:
        raise SetupError("a hero stands on the demon king's tile; nobody may share his tile")

    # --- cards
    cards = _Cards()
    given_hands: list[bool] = []
    for seat, h in enumerate(heroes):
        hm = m.heroes.get(HEROES[h].id, HeroModel())
        name = HEROES[h].id
        s.discards[seat] = cards.take_all(hm.discard, f"heroes.{name}.discard")
        s.energy[seat] = cards.take_all(hm.energy, f"heroes.{name}.energy")
        exact = hm.hand is not None or hm.deck is not None
        given_hands.append(exact)
        if exact:
            s.hands[seat] = cards.take_all(hm.hand or [], f"heroes.{name}.hand")
            s.decks[seat] = list(reversed(cards.take_all(hm.deck or [], f"heroes.{name}.deck")))
        s.hp[seat] = game.options["hero_hp"] if hm.hp is None else hm.hp
        if not 1 <= s.hp[seat] <= game.options["hero_hp"]:
            raise SetupError(f"heroes.{name}.hp must be 1..{game.options['hero_hp']} (hero_hp), not {s.hp[seat]}")
        s.main[seat] = _profession(hm.main, f"heroes.{name}.main") if hm.main else HEROES[h].profession
        s.second[seat] = _profession(hm.second, f"heroes.{name}.second") if hm.second else -1
        if s.main[seat] == s.second[seat]:
            raise SetupError(f"heroes.{name}: main and second profession are both {hm.main}")
        s.board_card[seat] = hm.board_card
        if len(s.energy[seat]) > MAX_ENERGY:
            raise SetupError(f"heroes.{name}.energy holds {len(s.energy[seat])} cards; at most {MAX_ENERGY}")
        # 集中: the first third sword energy sends the board's action card to the exile area and brings the
        # second profession, both at once and for good — a position with one and not the other never occurs
        if hm.board_card and len(s.energy[seat]) == MAX_ENERGY:
            raise SetupError(f"heroes.{name}: {MAX_ENERGY} sword energy with board_card true; the first third "
                             "sword energy sends the third action card to the exile area (set board_card false "
                             "and a second profession)")
        if hm.board_card and s.second[seat] >= 0:
            raise SetupError(f"heroes.{name}.second: a second profession comes only with the first third sword "
                             "energy, which also takes the third action card off the board (set board_card false)")
        if not hm.board_card and s.second[seat] < 0:
            raise SetupError(f"heroes.{name}: board_card false means the first third sword energy was reached, "
                             "which brings a second profession; name it (heroes.<hero>.second)")
        bit = 1 << PROFESSIONS[s.main[seat]].element
        if any(not CARD_KIND[c] & bit for c in s.energy[seat]):
            raise SetupError(f"heroes.{name}.energy: every sword energy card must have the main profession's "
                             f"element ({PROFESSIONS[s.main[seat]].id}: {'WFRTG'[PROFESSIONS[s.main[seat]].element]})")
    for i in range(len(PROFESSIONS)):
        s.prof_box[i] = PROFESSION_COPIES - s.main.count(i) - s.second.count(i)
        if s.prof_box[i] < 0:
            raise SetupError(f"profession {PROFESSIONS[i].id} is held {PROFESSION_COPIES - s.prof_box[i]} times; "
                             f"there are {PROFESSION_COPIES}")
    x = max(2, n)
    if m.supply is not None:
        s.supply_row = cards.take_all(m.supply.row, "supply.row")
        s.supply_deck = list(reversed(cards.take_all(m.supply.deck, "supply.deck")))
        s.burned = cards.take_all(m.supply.burned, "supply.burned")
        if len(s.supply_row) > x:
            raise SetupError(f"supply.row holds {len(s.supply_row)} cards; the supply shows X = {x}")
    for seat, h in enumerate(heroes):
        if not given_hands[seat]:
            deck = [e * POWER_COPIES + h * POWER_PER_HERO + k for e in range(5) for k in range(POWER_PER_HERO)]
            if not all(cards.take_id(c) for c in deck):
                raise SetupError(f"{HEROES[h].id}'s standard power cards are already placed elsewhere; "
                                 "give its hand and deck")
            shuffle(rng, deck)
            s.decks[seat] = deck
    if m.supply is None:
        supply = [GOD_BASE + g for g in range(10)]
        supply += [SPIRIT_BASE + p * SPIRIT_COPIES + k for p in range(10) for k in range(min(x, SPIRIT_COPIES))]
        supply = [c for c in supply if cards.take_id(c)]
        shuffle(rng, supply)
        s.supply_deck = supply
    box = tuple(cards.rest())

    # --- knowledge
    for c in box:
        s.known[c] = EVERYONE
    for zone in [*s.discards, *s.energy, s.supply_row, s.burned]:
        for c in zone:
            s.known[c] = EVERYONE
    for seat in range(n):
        for c in s.hands[seat]:
            s.known[c] = 1 << seat
    for c in [*box, *s.supply_row, *s.burned, *(c for d in s.discards for c in d), *(c for e in s.energy for c in e)]:
        s.seen_kinds |= 1 << CARD_KIND[c]

    # --- destiny
    _destiny(s, m.destiny, heroes)

    # --- the demon king
    fx = Fixed(geo, tiles, heroes, king, box, spare, king_life(game.options, king, n),
               king_temper(game.options, king, n))
    s.fx = fx
    kd = DEMON_KINGS[king]
    s.king_hp = fx.king_max if m.king.hp is None else m.king.hp
    if not 1 <= s.king_hp <= fx.king_max:
        raise SetupError(f"king.hp must be 1..{fx.king_max} ({kd.id} with {n} heroes), not {s.king_hp}")
    s.rage = m.king.rage
    if not 0 <= s.rage < fx.temper:
        raise SetupError(f"king.rage must be 0..{fx.temper - 1} (his temper is {fx.temper}), not {s.rage}")
    s.rotation = rng.below(6) if m.king.rotation is None else m.king.rotation
    if not 0 <= s.rotation < 6:
        raise SetupError(f"king.rotation must be 0..5, not {s.rotation}")
    if not 0 <= m.curses < CURSES_TO_LOSE:
        raise SetupError(f"curses must be 0..{CURSES_TO_LOSE - 1} (at {CURSES_TO_LOSE} the game is lost)")
    s.curses = m.curses
    if m.turn < 0:
        raise SetupError("turn must be 0 or more")
    s.turn = m.turn

    # --- opening hands and the first destiny phase
    s._emit(Event("start", {"heroes": [HEROES[h].id for h in heroes], "king": kd.id, "king_hp": s.king_hp,
                            "cells": geo.num_map}))
    for seat in range(n):
        if s.hands[seat]:
            s._emit(Event("dealt", {"seat": seat, "count": len(s.hands[seat])},
                          {"cards": [kind_str(CARD_KIND[c]) for c in s.hands[seat]]}, 1 << seat))
        if not given_hands[seat]:
            s.draw(seat, HAND_SIZE)
    for seat in range(n):
        if s.total_cards(seat) <= EXHAUSTED_AT:
            raise SetupError(f"{HEROES[heroes[seat]].id} holds {s.total_cards(seat)} cards in hand and deck; with "
                             f"{EXHAUSTED_AT} or fewer the game is already lost")
    s.reveal_supply()
    if s.revealed >= 0:
        card = s.revealed
        seat = fx.seat_of_hero[destiny_hero(card)]
        s._emit(Event("destiny", {"card": destiny_str(card), "seat": seat, "turn": s.turn}))
        if is_stun(card):
            s.activate(seat)
            if s.phase is not Phase.OVER:
                s.end_turn()
        else:
            s.start_turn(seat)
    else:
        s.next_destiny()
    return s


_STANDARD_DECKS = tuple(
    tuple(e * POWER_COPIES + h * POWER_PER_HERO + k for e in range(5) for k in range(POWER_PER_HERO))
    for h in range(len(HEROES))
)
"""The 10 power cards each hero takes in the standard deal (2 of each element)."""


@lru_cache(maxsize=64)
def _deal_template(heroes: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, ...], list[int], int]:
    """What the standard deal puts out of play for these heroes: (supply before shuffling, box, knowledge of
    every card, kinds seen in the box)."""
    x = max(2, len(heroes))
    used = [False] * NUM_CARDS
    for h in heroes:
        for c in _STANDARD_DECKS[h]:
            used[c] = True
    supply = [GOD_BASE + g for g in range(10)]
    supply += [SPIRIT_BASE + p * SPIRIT_COPIES + k for p in range(10) for k in range(min(x, SPIRIT_COPIES))]
    for c in supply:
        used[c] = True
    box = tuple(c for c in range(NUM_CARDS) if not used[c])
    known = [0] * NUM_CARDS
    seen = 0
    for c in box:
        known[c] = EVERYONE
        seen |= 1 << CARD_KIND[c]
    return tuple(supply), box, known, seen


def _standard_deal(game: Any, seed: int) -> WildHuntersState:
    """遊戲準備 as the module docstring lists it: the fast path for seeds without a setup."""
    s = _blank(game, seed)
    rng = s.rng
    n = game.num_seats
    heroes: tuple[int, ...] = game.heroes
    king_id = game.options["demon_king"]
    king = rng.below(len(DEMON_KINGS)) if king_id == "random" else KING_IDS.index(king_id)
    pool = _tile_pool(game)
    shuffle(rng, pool)
    geo = _layout(game, game.options["map"], len(pool), rng)
    tiles = tuple(pool) + tuple(CAMP_TILE_BASE + h for h in heroes)
    s.up = _reveal_camps(geo)
    s.hero_cell = list(geo.camp_of)
    s.king_cell = king_start(geo, geo.camp_of)
    for seat, h in enumerate(heroes):
        deck = list(_STANDARD_DECKS[h])
        shuffle(rng, deck)
        s.decks[seat] = deck
    supply_cards, box, known, seen = _deal_template(heroes)
    supply = list(supply_cards)
    shuffle(rng, supply)
    s.supply_deck = supply
    s.known = known[:]
    s.seen_kinds = seen
    _destiny(s, None, heroes)
    fx = Fixed(geo, tiles, heroes, king, box, (), king_life(game.options, king, n),
               king_temper(game.options, king, n))
    s.fx = fx
    s.king_hp = fx.king_max
    s.rotation = rng.below(6)
    s._emit(Event("start", {"heroes": [HEROES[h].id for h in heroes], "king": DEMON_KINGS[king].id,
                            "king_hp": s.king_hp, "cells": geo.num_map}))
    for seat in range(n):
        s.draw(seat, HAND_SIZE)
    s.reveal_supply()
    s.next_destiny()
    return s


def _cell(geo: Geometry, at: tuple[int, int], where: str) -> int:
    c = geo.index.get((at[0], at[1]))
    if c is None:
        raise SetupError(f"{where}: {list(at)} is not a cell of the map")
    return c


def _profession(text: str, where: str) -> int:
    for i, p in enumerate(PROFESSIONS):
        if text.strip().lower() in (p.id, p.name_zh):
            return i
    raise SetupError(f"{where}: unknown profession {text!r}; professions are {', '.join(p.id for p in PROFESSIONS)}")


def _designed_map(game: Any, mm: MapModel, pool: list[int], rng: Rng) -> tuple[Geometry, tuple[int, ...],
                                                                               tuple[int, ...], int]:
    """A players' own map (the rulebook allows it): validated, then the tiles not named dealt at random."""
    heroes = game.heroes
    coords = [(c.at[0], c.at[1]) for c in mm.cells]
    if not coords:
        raise SetupError("map.cells is empty; a map needs at least one cell")
    if len(set(coords)) != len(coords):
        dup = next(c for c in coords if coords.count(c) > 1)
        raise SetupError(f"map.cells lists {list(dup)} twice")
    camps = []
    for h in heroes:
        name = HEROES[h].id
        if name not in mm.camps:
            raise SetupError(f"map.camps has no camp for {name}; every hero in play needs one")
        camps.append((mm.camps[name][0], mm.camps[name][1]))
    for name in mm.camps:
        if name not in {HEROES[h].id for h in heroes}:
            raise SetupError(f"map.camps.{name}: {name} is not in play")
    for name, camp in zip((HEROES[h].id for h in heroes), camps, strict=True):
        if camp in coords or camps.count(camp) > 1:
            raise SetupError(f"map.camps.{name} {list(camp)} is already a map cell or another camp")
        if not on_outer_edge(camp, coords, camps):
            raise SetupError(f"map.camps.{name} {list(camp)} is not on the map's edge: a camp must touch a map "
                             "cell and the open outside (營地拼入地圖邊緣)")
    if not is_connected(coords + camps):
        raise SetupError("the map is not connected: every cell and camp must be reachable from every other")
    free = list(pool)
    tiles: list[int] = []
    for i, cell in enumerate(mm.cells):
        if cell.tile is None:
            tiles.append(-1)
            continue
        first = _terrain_of(cell.tile, game)
        if first >= CAMP_TILE_BASE:
            choices = [first] if first in free else []
        else:
            choices = [t for t in free if first <= t < first + TILES_PER_TERRAIN]
        if not choices:
            raise SetupError(f"map.cells[{i}]: no {cell.tile} tile is left (8 of each terrain, 1 of each camp)")
        free.remove(choices[0])
        tiles.append(choices[0])
    shuffle(rng, free)
    need = tiles.count(-1)
    if need > len(free):
        raise SetupError(f"the map has {len(coords)} cells but only {len(pool)} tiles exist to lay on them")
    it = iter(free[:need])
    laid = tuple(t if t >= 0 else next(it) for t in tiles) + tuple(CAMP_TILE_BASE + h for h in heroes)
    geo = geometry(tuple(coords), tuple(camps))
    up = _reveal_camps(geo)
    for i, cell in enumerate(mm.cells):
        if cell.face_up:
            up |= 1 << i
    return geo, laid, tuple(sorted(free[need:])), up


def _destiny(s: WildHuntersState, dm: DestinyModel | None, heroes: tuple[int, ...]) -> None:
    """The destiny deck: each hero's stun card and action cards (the third only once it left the board)."""
    wanted: list[int] = []
    for seat, h in enumerate(heroes):
        wanted += [ACTION_CARDS_PER_HERO * h, ACTION_CARDS_PER_HERO * h + 1, STUN_BASE + h]
        if not s.board_card[seat]:
            wanted.append(ACTION_CARDS_PER_HERO * h + 2)
    if dm is None:
        deck = sorted(wanted)
        shuffle(s.rng, deck)
        s.destiny_deck = deck
        return
    seen: dict[int, str] = {}

    def parse(texts: list[str], where: str) -> list[int]:
        out = []
        for t in texts:
            try:
                c = parse_destiny(t)
            except ValueError as e:
                raise SetupError(f"{where}: {e}") from None
            if c in seen:
                raise SetupError(f"{where}: {t} is also in {seen[c]}")
            if c not in wanted:
                h = destiny_hero(c)
                why = (f"{HEROES[h].id} is not in play" if h not in heroes
                       else "its hero's third action card is still on the board (board_card true)")
                raise SetupError(f"{where}: {t} cannot be used: {why}")
            seen[c] = where
            out.append(c)
        return out

    s.destiny_deck = list(reversed(parse(dm.deck, "destiny.deck")))
    s.destiny_discard = parse(dm.discard, "destiny.discard")
    s.exile = parse(dm.exile, "destiny.exile")
    if dm.revealed is not None:
        s.revealed = parse([dm.revealed], "destiny.revealed")[0]
    missing = [destiny_str(c) for c in wanted if c not in seen]
    if missing:
        raise SetupError(f"destiny cards missing from deck, discard, exile and revealed: {', '.join(missing)}")
    if not s.destiny_deck and not s.destiny_discard and s.revealed < 0 and not s.exile:
        raise SetupError("the destiny deck is empty")


# ----------------------------------------------------------------------------------------------- JSON state
_FIELDS = (
    "up", "hero_cell", "hp", "hands", "decks", "discards", "energy", "main", "second", "board_card", "prof_box",
    "supply_deck", "supply_row", "burned", "known", "seen_kinds", "destiny_deck", "destiny_discard", "exile",
    "revealed", "king_cell", "king_hp", "rage", "rotation", "curses", "to_move", "acted", "acquires_left", "turn",
    "pend_kind", "pend_cell", "pend_cost", "paid", "last_roll", "result", "end_reason", "building",
)
_TUPLES = ("paid", "last_roll", "building")


def fields_to_json(s: WildHuntersState) -> Json:
    """The state's own fields (and its fixed table) as JSON-safe data."""
    fx = s.fx
    geo = fx.geo
    out: Json = {
        "phase": s.phase.name,
        "table": {
            "cells": [list(c) for c in geo.coords[:geo.num_map]],
            "camps": [list(c) for c in geo.coords[geo.num_map:]],
            "tiles": list(fx.tiles), "heroes": list(fx.heroes), "king": fx.king, "box": list(fx.box),
            "spare": list(fx.spare),
        },
    }
    for f in _FIELDS:
        v = getattr(s, f)
        if isinstance(v, tuple):
            v = list(v)
        out[f] = v
    return out


def state_from_json(game: Any, data: Json) -> WildHuntersState:
    """Rebuild a state from ``WildHuntersState.to_json()``."""
    f = data["state"]
    t = f["table"]
    s = _blank(game, 0)
    s.rng = Rng(data["rng"])
    s._history = tuple(data["history"])
    s._log = chain_from_list([Event.from_json(e) for e in data["log"]])
    geo = geometry(tuple((c[0], c[1]) for c in t["cells"]), tuple((c[0], c[1]) for c in t["camps"]))
    s.fx = Fixed(geo, tuple(t["tiles"]), tuple(t["heroes"]), t["king"], tuple(t["box"]), tuple(t["spare"]),
                 king_life(game.options, t["king"], len(t["heroes"])),
                 king_temper(game.options, t["king"], len(t["heroes"])))
    s.phase = Phase[f["phase"]]
    for name in _FIELDS:
        v = f.get(name, []) if name == "building" else f[name]  # states saved before cancel existed have none
        if name in _TUPLES:
            v = tuple(v)
        elif name in ("hands", "decks", "discards", "energy"):
            v = [list(x) for x in v]
        elif isinstance(v, list):
            v = list(v)
        setattr(s, name, v)
    return s
