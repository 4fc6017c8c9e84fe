"""The wild-hunters state: plain lists of ids, a phase, and the procedure between decisions (seed 003 · 回合流程).

A round of the destiny deck (天命牌庫) drives everything: the top card is revealed (天命階段); an action card gives
its hero a turn of actions (行動階段), a stun card wakes the demon king (our design); the card is then discarded
(歸元階段). Each method named after a rule carries it out and cites the clause; pure arithmetic lives in
``rules.py``, the component data in ``content.py``, what a seat may see in ``view.py``, deals in ``setup.py``.

Knowledge: ``known[card]`` is a bit mask of the seats that know where a game card is (bit 5: everyone, spectators
included). A card drawn into a hand is known to its owner; cards paid, placed as sword energy, shown in the supply
or taken from it are known to all; deck cards to nobody. Views show exactly the known cards and ``resample``
redeals exactly the unknown ones, so they cannot disagree.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any

from tablecraft.core.api import TERMINAL, Content, Json, State
from tablecraft.core.events import Event
from tablecraft.core.rng import Rng

from . import actions as A
from .actions import Kind, WHAction
from .content import (
    ABILITIES,
    BLANK,
    CAMP_TILE_BASE,
    CARD_KIND,
    CARD_TEXT,
    CURSE_TOKENS,
    CURSES_TO_LOSE,
    DEMON_FACE,
    DEMON_KINGS,
    DESTINY_TEXT,
    EXHAUSTED_AT,
    HAND_SIZE,
    HEROES,
    MAX_ENERGY,
    NUM_TILES,
    PROFESSIONS,
    STUN_BASE,
    SUPPLY_KINDS,
    TERRAINS,
    TILES_PER_TERRAIN,
    Effect,
    Perk,
    destiny_hero,
    destiny_str,
    popcount,
)
from .hexmap import DIR_NAMES, Geometry
from .rules import (
    FACE_DOWN,
    FACE_DOWN_DISCOUNT,
    PAIR_ANY,
    REST_COST,
    can_pay,
    completes,
    hand_info,
    king_prey,
    king_step,
    origin_move_cost,
    pay_options,
    shuffle,
    side_facing,
    tile_cost,
)
from .spec import EVERYONE, MAX_SEATS

WON, LOST, PLAYING = 1, -1, 0


class Phase(IntEnum):
    """The decision pending."""

    ACTION = 0  # choose an action or end (行動階段)
    PAY = 1  # pay the pending move or attack, one card at a time
    RELEASE = 2  # how much sword energy the attack releases (ours)
    SWAP = 3  # after resting: swap the professions or keep them (休整)
    PROFESSION = 4  # take a second profession at the first three sword energy (集中)
    OVER = 5


PENDING_MOVE, PENDING_ATTACK, PENDING_REST = 0, 1, 2


def tile_element(tile: int) -> int:
    """The element of a tile id: a terrain tile's (gap 3-3) or a camp's faction element."""
    if tile >= CAMP_TILE_BASE:
        return HEROES[tile - CAMP_TILE_BASE].element
    return TERRAINS[tile // TILES_PER_TERRAIN].element


def tile_name(tile: int) -> str:
    """``beach`` … ``forest``, or ``camp:water`` for a camp tile."""
    if tile >= CAMP_TILE_BASE:
        return f"camp:{HEROES[tile - CAMP_TILE_BASE].id}"
    return TERRAINS[tile // TILES_PER_TERRAIN].id


SUPPLY_ORDER = SUPPLY_KINDS
"""Supply card kinds in codec order."""
TILE_ELEMENT: tuple[int, ...] = tuple(tile_element(t) for t in range(NUM_TILES))
"""The element of each tile id."""


class Fixed:
    """What never changes during a game: the map's shape and tiles, the heroes, the demon king card and the cards
    and tiles out of play. Shared by clones; ``resample`` builds a new one when it redeals face-down tiles."""

    __slots__ = ("geo", "tiles", "elem", "heroes", "seat_of_hero", "king", "effect", "king_max", "temper",
                 "box", "spare", "supply_x")

    def __init__(self, geo: Geometry, tiles: tuple[int, ...], heroes: tuple[int, ...], king: int,
                 box: tuple[int, ...], spare: tuple[int, ...], king_max: int, temper: int) -> None:
        self.geo = geo
        self.tiles = tiles
        self.elem: tuple[int, ...] = tuple([TILE_ELEMENT[t] for t in tiles])
        self.heroes = heroes
        self.seat_of_hero: tuple[int, ...] = tuple(heroes.index(h) if h in heroes else -1 for h in range(5))
        self.king = king
        kd = DEMON_KINGS[king]
        self.effect: Effect = ABILITIES[kd.ability].effect
        n = len(heroes)
        self.king_max = king_max
        self.temper = temper
        self.box = box
        self.spare = spare
        self.supply_x = max(2, n)

    def with_tiles(self, tiles: tuple[int, ...], spare: tuple[int, ...]) -> Fixed:
        """The same table with the tiles laid differently (for resampling face-down tiles): a copy that shares
        every field but the tiles (resampling runs once per search iteration, so nothing is recomputed)."""
        f = Fixed.__new__(Fixed)
        f.geo = self.geo
        f.tiles = tiles
        f.elem = tuple([TILE_ELEMENT[t] for t in tiles])
        f.heroes = self.heroes
        f.seat_of_hero = self.seat_of_hero
        f.king = self.king
        f.effect = self.effect
        f.king_max = self.king_max
        f.temper = self.temper
        f.box = self.box
        f.spare = spare
        f.supply_x = self.supply_x
        return f


class WildHuntersState(State[WHAction]):
    """A wild-hunters position. Fields are public for tests and views; change them only through ``apply``."""

    __slots__ = (
        "fx", "up", "hero_cell", "hp", "hands", "decks", "discards", "energy", "main", "second", "board_card",
        "prof_box", "supply_deck", "supply_row", "burned", "known", "seen_kinds", "destiny_deck",
        "destiny_discard", "exile", "revealed", "king_cell", "king_hp", "rage", "rotation", "curses", "phase",
        "to_move", "acted", "acquires_left", "turn", "pend_kind", "pend_cell", "pend_cost", "paid", "last_roll",
        "result", "end_reason", "building",
    )

    fx: Fixed
    up: int
    hero_cell: list[int]
    hp: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    discards: list[list[int]]
    energy: list[list[int]]
    main: list[int]
    second: list[int]
    board_card: list[bool]
    prof_box: list[int]
    supply_deck: list[int]
    supply_row: list[int]
    burned: list[int]
    known: list[int]
    seen_kinds: int
    destiny_deck: list[int]
    destiny_discard: list[int]
    exile: list[int]
    revealed: int
    king_cell: int
    king_hp: int
    rage: int
    rotation: int
    curses: int
    phase: Phase
    to_move: int
    acted: bool
    acquires_left: int
    turn: int
    pend_kind: int
    pend_cell: int
    pend_cost: int
    paid: tuple[int, ...]
    building: tuple[int, ...]
    """``(pend_kind, pend_cell, pend_cost)`` as they were before the move, attack or rest whose payment has not
    begun (``cancel`` restores them), ``()`` when none is pending."""
    last_roll: tuple[int, ...]
    result: int
    end_reason: str

    # ------------------------------------------------------------------------------------------------ basics
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""
        return TERMINAL if self.phase is Phase.OVER else self.to_move

    def clone(self) -> WildHuntersState:
        """An independent copy (lists copied, immutable fields shared)."""
        s = WildHuntersState.__new__(WildHuntersState)
        s.game = self.game
        s.rng = Rng(self.rng.state)
        s._log = self._log
        s._history = self._history
        s.fx = self.fx
        s.up = self.up
        s.hero_cell = self.hero_cell[:]
        s.hp = self.hp[:]
        s.hands = [h[:] for h in self.hands]
        s.decks = [d[:] for d in self.decks]
        s.discards = [d[:] for d in self.discards]
        s.energy = [e[:] for e in self.energy]
        s.main = self.main[:]
        s.second = self.second[:]
        s.board_card = self.board_card[:]
        s.prof_box = self.prof_box[:]
        s.supply_deck = self.supply_deck[:]
        s.supply_row = self.supply_row[:]
        s.burned = self.burned[:]
        s.known = self.known[:]
        s.seen_kinds = self.seen_kinds
        s.destiny_deck = self.destiny_deck[:]
        s.destiny_discard = self.destiny_discard[:]
        s.exile = self.exile[:]
        s.revealed = self.revealed
        s.king_cell = self.king_cell
        s.king_hp = self.king_hp
        s.rage = self.rage
        s.rotation = self.rotation
        s.curses = self.curses
        s.phase = self.phase
        s.to_move = self.to_move
        s.acted = self.acted
        s.acquires_left = self.acquires_left
        s.turn = self.turn
        s.pend_kind = self.pend_kind
        s.pend_cell = self.pend_cell
        s.pend_cost = self.pend_cost
        s.paid = self.paid
        s.building = self.building
        s.last_roll = self.last_roll
        s.result = self.result
        s.end_reason = self.end_reason
        return s

    def returns(self) -> list[float]:
        """Co-operative: +1 for every seat when the demon king is sealed, −1 for every seat on a loss."""
        n = self.game.num_seats
        if self.result == WON:
            return [1.0] * n
        if self.result == LOST:
            return [-1.0] * n
        return [0.0] * n

    def winners(self) -> list[int]:
        """Every seat after a win (所有玩家贏得遊戲); nobody otherwise."""
        return list(range(self.game.num_seats)) if self.result == WON else []

    @property
    def opt(self) -> dict[str, Any]:
        """The game's options."""
        return self.game.options

    def content(self) -> Content:
        """The lab's content of this game: ``king`` (the demon king drawn, faced by every hero), ``hero`` (each
        seat's hero) and ``profession`` (the second profession each hero took at its first three sword energy,
        集中; none if it never got there)."""
        n = self.num_seats
        king = DEMON_KINGS[self.fx.king].id
        taken: list[list[str]] = [[] for _ in range(n)]
        for event in self.events():
            if event.kind == "profession":
                taken[event.data["seat"]].append(event.data["second"])
        return {"king": [[king] for _ in range(n)], "hero": [[HEROES[h].id] for h in self.fx.heroes],
                "profession": taken}

    @property
    def num_heroes(self) -> int:
        """Heroes in play (= seats)."""
        return len(self.fx.heroes)

    def perk(self, seat: int) -> Perk:
        """The perk of the seat's main profession (ours), or ``Perk.NONE`` with the ``perks`` option off."""
        return PROFESSIONS[self.main[seat]].perk if self.game.options["perks"] else Perk.NONE

    def total_cards(self, seat: int) -> int:
        """Cards in hand and personal deck together (the exhaustion count)."""
        return len(self.hands[seat]) + len(self.decks[seat])

    def hand_key(self, seat: int) -> tuple[int, ...]:
        """The seat's hand as a sorted tuple of card kinds (the memo key of the payment rules)."""
        return tuple(sorted([CARD_KIND[c] for c in self.hands[seat]]))

    def cell_up(self, cell: int) -> bool:
        """True when the tile on ``cell`` is face up."""
        return bool(self.up >> cell & 1)

    # ---------------------------------------------------------------------------------------------- legality
    def move_cost(self, seat: int, cell: int) -> int:
        """移動: the price id of stepping onto ``cell`` (face down: 3 different elements; the scout's perk: 2). With
        ``move_match=origin`` a face-up tile is priced by its element against the hero's own tile (reading b)."""
        face_up = bool(self.up >> cell & 1)
        if face_up and self.opt["move_match"] == "origin":
            elem = self.fx.elem
            return origin_move_cost(elem[cell] == elem[self.hero_cell[seat]])
        return tile_cost(face_up, self.fx.elem[cell], False, not face_up and self.perk(seat) is Perk.PATHFINDER)

    def attack_cost(self, seat: int) -> int:
        """攻擊: the price id by the demon king's tile (the mercenary's perk: one card fewer)."""
        cell = self.king_cell
        return tile_cost(bool(self.up >> cell & 1), self.fx.elem[cell], True, self.perk(seat) is Perk.ATTACK_DISCOUNT)

    def can_attack(self, seat: int) -> bool:
        """攻擊: the hero stands next to the demon king and can pay."""
        return bool(self.fx.geo.adj[self.hero_cell[seat]] >> self.king_cell & 1) and can_pay(
            self.attack_cost(seat), self.hand_key(seat))

    def can_focus(self, seat: int) -> bool:
        """集中: on a tile of the main profession's element, with fewer than 3 sword energy."""
        return (self.fx.elem[self.hero_cell[seat]] == PROFESSIONS[self.main[seat]].element
                and len(self.energy[seat]) < MAX_ENERGY)

    def legal_actions(self) -> list[WHAction]:
        """The current decision's options, sorted by id (empty once the game is over)."""
        ph = self.phase
        p = self.to_move
        if ph is Phase.ACTION:
            return self._action_options()
        if ph is Phase.PAY:
            out = [A.PAY[m] for m in pay_options(self.pend_cost, self.paid, self.hand_key(p))]
            if self.building:
                out.append(A.CANCEL)  # the codec's last id: the list stays sorted
            return out
        if ph is Phase.RELEASE:
            return list(A.RELEASE[:len(self.energy[p]) + 1])
        if ph is Phase.SWAP:
            return [A.SWAP, A.KEEP]
        if ph is Phase.PROFESSION:
            return [A.PROFESSION[i] for i in self.profession_choices(p)]
        return []

    def _action_options(self) -> list[WHAction]:
        p = self.to_move
        fx = self.fx
        geo = fx.geo
        cell = self.hero_cell[p]
        up = self.up
        king = self.king_cell
        elem = fx.elem
        out: list[WHAction] = []
        ok, kinds = hand_info(tuple(sorted([CARD_KIND[c] for c in self.hands[p]])))
        prof = PROFESSIONS[self.main[p]]
        perk = prof.perk if self.game.options["perks"] else Perk.NONE
        down_cost = FACE_DOWN_DISCOUNT if perk is Perk.PATHFINDER else FACE_DOWN
        moves = A.MOVE
        if self.game.options["move_match"] == "origin":  # reading (b): a face-up tile's element against our own
            here = elem[cell]
            for d, m in geo.steps[cell]:
                if m != king and ok >> ((REST_COST if elem[m] == here else PAIR_ANY) if up >> m & 1 else
                                        down_cost) & 1:
                    out.append(moves[d])
        else:
            for d, m in geo.steps[cell]:
                if m != king and ok >> (elem[m] if up >> m & 1 else down_cost) & 1:
                    out.append(moves[d])
        if geo.adj[cell] >> king & 1:
            attack = tile_cost(bool(up >> king & 1), elem[king], True, perk is Perk.ATTACK_DISCOUNT)
            if ok >> attack & 1:
                out.append(A.ATTACK)
        main = prof.element
        if elem[cell] == main and len(self.energy[p]) < MAX_ENERGY:
            bit = 1 << main
            focus = A.FOCUS
            out += [focus[m] for m in kinds if m & bit]
        if kinds:
            out.append(A.REST)
        if self.acquires_left > 0 and self.supply_row:
            bit = self.spirit_around(cell)
            row = {CARD_KIND[c] for c in self.supply_row}
            acquire = A.ACQUIRE
            out += [acquire[m] for m in sorted(row, key=_KIND_ORDER.__getitem__) if m & bit]
        if self.acted:
            out.append(A.END)
        return out

    def spirit_around(self, cell: int) -> int:
        """汲取 (ours): the elements a hero on ``cell`` can draw on — its own tile's and every face-up neighbour's."""
        elem = self.fx.elem
        bits = 1 << elem[cell]
        up = self.up
        for _, m in self.fx.geo.steps[cell]:
            if up >> m & 1:
                bits |= 1 << elem[m]
        return bits

    def profession_choices(self, seat: int) -> list[int]:
        """Professions the hero may take as second (遊戲盒 still holds one; not its main)."""
        return [i for i in range(len(PROFESSIONS)) if self.prof_box[i] > 0 and i != self.main[seat]]

    def why_illegal(self, action: WHAction) -> str | None:
        """Say which decision is pending and why ``action`` does not fit it (the error lists what is legal)."""
        p = self.to_move
        where = f"{HEROES[self.fx.heroes[p]].id} is at the {self.phase.name.lower()} step"
        k = action.kind
        ph = self.phase
        if k in _STEP_OF and _STEP_OF[k] is not ph:
            return f"{where}; {action} belongs to the {_STEP_OF[k].name.lower()} step"
        if k is Kind.CANCEL:
            return f"{where}; cancel takes back a move, attack or rest only before its first card is paid"
        if ph is Phase.PAY and k is Kind.PAY:
            if not any(CARD_KIND[c] == action.a for c in self.hands[p]):
                return f"{where}; you hold no {CARD_TEXT_OF_KIND[action.a]} card"
            return f"{where}; after that card the price could no longer be paid"
        if ph is Phase.RELEASE:
            return f"{where}; you have only {len(self.energy[p])} sword energy"
        if ph is Phase.PROFESSION and k is Kind.PROFESSION:
            if action.a == self.main[p]:
                return f"{where}; {PROFESSIONS[action.a].id} is already your main profession"
            return f"{where}; the box holds no {PROFESSIONS[action.a].id} card"
        if ph is not Phase.ACTION:
            return where
        kinds_held = {CARD_KIND[c] for c in self.hands[p]}
        if k is Kind.ATTACK:
            if not self.fx.geo.adj[self.hero_cell[p]] >> self.king_cell & 1:
                return f"{where}; the demon king is not next to you"
            return f"{where}; your hand cannot pay for an attack on his tile"
        if k is Kind.MOVE:
            m = self.fx.geo.nb[self.hero_cell[p]][action.a]
            if m < 0:
                return f"{where}; there is no tile to the {DIR_NAMES[action.a]}"
            if m == self.king_cell:
                return f"{where}; the demon king stands there"
            return f"{where}; your hand cannot pay for that move"
        if k is Kind.END and not self.acted:
            return f"{where}; take at least one action before ending"
        if k is Kind.REST:
            return f"{where}; resting discards a card and your hand is empty"
        if k is Kind.FOCUS:
            if not self.can_focus(p):
                return f"{where}; focus needs a tile of your main profession's element and fewer than 3 energy"
            if action.a not in kinds_held:
                return f"{where}; you hold no {CARD_TEXT_OF_KIND[action.a]} card"
            return f"{where}; sword energy must have your main profession's element"
        if k is Kind.ACQUIRE:
            if self.acquires_left <= 0:
                return f"{where}; no more draws on the spirit supply this turn"
            if all(CARD_KIND[c] != action.a for c in self.supply_row):
                return f"{where}; the supply row shows no {CARD_TEXT_OF_KIND[action.a]} card"
            return f"{where}; that card shares no element with your tile or a face-up tile next to it"
        return where

    # --------------------------------------------------------------------------------------------- transitions
    def _apply(self, act: WHAction) -> None:
        k = act.kind
        p = self.to_move
        if k is Kind.CANCEL:
            self.take_back()
            return
        if self.building:  # the first card paid shows the choice to everyone: no taking it back after
            self.building = ()
        elif k is Kind.MOVE or k is Kind.ATTACK or k is Kind.REST:
            self._begin_build(act)
            return
        if k is Kind.MOVE:
            target = self.fx.geo.nb[self.hero_cell[p]][act.a]
            self._start_payment(PENDING_MOVE, target, self.move_cost(p, target))
        elif k is Kind.ATTACK:
            self._start_payment(PENDING_ATTACK, self.king_cell, self.attack_cost(p))
        elif k is Kind.PAY:
            self.pay(p, act.a)
        elif k is Kind.RELEASE:
            self.resolve_attack(p, act.a)
        elif k is Kind.FOCUS:
            self.focus(p, act.a)
        elif k is Kind.REST:
            self._start_payment(PENDING_REST, self.hero_cell[p], REST_COST)
        elif k is Kind.SWAP or k is Kind.KEEP:
            self.swap_professions(p, k is Kind.SWAP)
        elif k is Kind.PROFESSION:
            self.take_profession(p, act.a)
        elif k is Kind.ACQUIRE:
            self.acquire(p, act.a)
        else:
            self.end_turn()

    # ------------------------------------------------------------------------------------------ cancel (取消)
    def _begin_build(self, act: WHAction) -> None:
        """A move, attack or rest is chosen: its payment starts. Until its first card is paid the choice is the
        hero's alone — the others see the choice of action still pending — and ``cancel`` takes it back; a
        payment the others can see is forced (``_auto_pay``) pays at once, and so commits at once."""
        start = (self.pend_kind, self.pend_cell, self.pend_cost)
        log, rng = self._log, self.rng.state
        p = self.to_move
        k = act.kind
        if k is Kind.MOVE:
            target = self.fx.geo.nb[self.hero_cell[p]][act.a]
            self._start_payment(PENDING_MOVE, target, self.move_cost(p, target))
        elif k is Kind.ATTACK:
            self._start_payment(PENDING_ATTACK, self.king_cell, self.attack_cost(p))
        else:
            self._start_payment(PENDING_REST, self.hero_cell[p], REST_COST)
        if self.phase is Phase.PAY and not self.paid and self._log is log and self.rng.state == rng:
            self.building = start

    def take_back(self) -> None:
        """``cancel``: the hero stands again at its choice of action, as before it chose (nothing was paid)."""
        self.pend_kind, self.pend_cell, self.pend_cost = self.building
        self.phase = Phase.ACTION
        self.paid = ()
        self.building = ()

    def unbuilt(self) -> WildHuntersState:
        """This state as the other heroes know it: a move, attack or rest not yet paid is taken back (``self``
        when none is pending)."""
        if not self.building:
            return self
        u = self.clone()
        u.take_back()
        return u

    # ------------------------------------------------------------------------------------------- card moves
    def _take_from_hand(self, seat: int, kind: int) -> int:
        """Remove a card of ``kind`` from the hand: a copy everyone knows about first (identical cards, so the
        choice depends on knowledge alone and never on where hidden cards lie)."""
        hand = self.hands[seat]
        known = self.known
        best = -1
        for i, c in enumerate(hand):
            if CARD_KIND[c] == kind and (best < 0 or known[c] > known[hand[best]]):
                best = i
        card = hand[best]
        hand[best] = hand[-1]
        hand.pop()
        return card

    def _discard(self, seat: int, card: int) -> None:
        self.discards[seat].append(card)
        self.known[card] = EVERYONE

    def draw(self, seat: int, count: int) -> None:
        """Draw ``count`` cards from the top of the personal deck (fewer if it runs out)."""
        deck = self.decks[seat]
        hand = self.hands[seat]
        bit = 1 << seat
        drawn = []
        for _ in range(min(count, len(deck))):
            c = deck.pop()
            hand.append(c)
            self.known[c] = bit
            drawn.append(CARD_TEXT[c])
        if drawn:
            self._emit(Event("drew", {"seat": seat, "count": len(drawn)}, {"cards": drawn}, bit))

    def reveal_supply(self) -> None:
        """靈力供應區: keep X cards face up, refilled from the top of the supply deck while it lasts."""
        row, deck = self.supply_row, self.supply_deck
        while len(row) < self.fx.supply_x and deck:
            c = deck.pop()
            row.append(c)
            self.known[c] = EVERYONE
            self.seen_kinds |= 1 << CARD_KIND[c]
            self._emit(Event("supply_revealed", {"card": CARD_TEXT[c]}))

    # ------------------------------------------------------------------------------------------------ actions
    def _start_payment(self, kind: int, cell: int, cost: int) -> None:
        self.pend_kind = kind
        self.pend_cell = cell
        self.pend_cost = cost
        self.paid = ()
        self.phase = Phase.PAY
        self._auto_pay()

    def _auto_pay(self) -> None:
        """A payment step with a single possible card is not asked: that card is paid — but only when every other
        hero knows the whole hand and so can see that the step is forced; otherwise skipping the question would
        tell them that the hand holds no other way to pay."""
        seat = self.to_move
        others = ((1 << self.num_heroes) - 1) & ~(1 << seat)
        known = self.known
        if any(known[c] & others != others for c in self.hands[seat]):
            return
        while self.phase is Phase.PAY:
            opts = pay_options(self.pend_cost, self.paid, self.hand_key(self.to_move))
            if len(opts) != 1:
                return
            self.pay(self.to_move, opts[0], auto=True)

    def pay(self, seat: int, kind: int, auto: bool = False) -> None:
        """Discard one card toward the pending move or attack; when the cards paid meet the price, carry it out."""
        card = self._take_from_hand(seat, kind)
        self._discard(seat, card)
        self.paid = tuple(sorted((*self.paid, kind)))
        if self.exhausted_now(seat):
            return
        if self.pend_kind == PENDING_REST:
            self.rest(seat, card)
            return
        self._emit(Event("paid", {"seat": seat, "card": CARD_TEXT[card]}))
        if not completes(self.pend_cost, self.paid):
            if not auto:
                self._auto_pay()
            return
        if self.pend_kind == PENDING_MOVE:
            self.move(seat, self.pend_cell)
        elif self.opt["sword_release"] and self.energy[seat]:
            self.phase = Phase.RELEASE
        else:
            self.resolve_attack(seat, 0)

    def move(self, seat: int, cell: int) -> None:
        """移動: the hero steps onto the paid-for tile; a face-down tile is turned up."""
        src = self.hero_cell[seat]
        self.hero_cell[seat] = cell
        coords = self.fx.geo.coords
        self._emit(Event("moved", {"seat": seat, "from": list(coords[src]), "to": list(coords[cell]),
                                   "paid": [_kind_text(m) for m in self.paid]}))
        if not self.up >> cell & 1:
            self.up |= 1 << cell
            tile = self.fx.tiles[cell]
            self._emit(Event("flipped", {"at": list(coords[cell]), "tile": tile_name(tile),
                                         "element": "WFRTG"[self.fx.elem[cell]]}))
        self._action_done()

    def resolve_attack(self, seat: int, release: int) -> None:
        """攻擊: 1 damage; roll a die and add 1 if it shows the element of the base side facing the hero. Ours:
        released sword energy adds 1 each; the mage rolls both dice; the demon's face adds 1 rage."""
        released = []
        if release:
            en = self.energy[seat]
            en.sort(key=lambda c: (popcount(CARD_KIND[c]), c))  # plain cards go first, wild ones stay
            released = en[:release]
            del en[:release]
            for c in released:
                self._discard(seat, c)
        geo = self.fx.geo
        kd = DEMON_KINGS[self.fx.king]
        facing = geo.direction(self.king_cell, self.hero_cell[seat])
        side = side_facing(kd.base, self.rotation, facing)
        dice = 2 if self.perk(seat) is Perk.TWIN_DIE else 1
        roll = tuple(self.rng.below(6) for _ in range(dice))
        self.last_roll = roll
        bonus = 1 if side != BLANK and side in roll else 0  # his face bears no element: nothing matches it
        damage = 1 + release + bonus
        before = self.king_hp
        self.king_hp -= damage
        # the event carries the arithmetic (which side faces the hero, its element, the roll, each term): text.py
        # words it in the player's language
        self._emit(Event("attack", {"seat": seat, "paid": [_kind_text(m) for m in self.paid], "dice": list(roll),
                                    "side": side, "facing": facing, "bonus": bonus,
                                    "released": [CARD_TEXT[c] for c in released], "damage": damage,
                                    "king_before": before, "king_hp": max(0, self.king_hp)}))
        if self.opt["demon_face"] and all(f == DEMON_FACE for f in roll) and self.king_hp > 0:
            self._emit(Event("demon_face", {"seat": seat}))
            self.add_rage(1)
        self._action_done()

    def focus(self, seat: int, kind: int) -> None:
        """集中: a hand card of the main element becomes sword energy, then draw 1. The first time the hero has 3,
        the third action card leaves the board for the exile area and a second profession is taken."""
        card = self._take_from_hand(seat, kind)
        self.energy[seat].append(card)
        self.known[card] = EVERYONE
        self._emit(Event("focus", {"seat": seat, "card": CARD_TEXT[card], "energy": len(self.energy[seat])}))
        if self.exhausted_now(seat):
            return
        self.draw(seat, 1)
        if len(self.energy[seat]) >= MAX_ENERGY and self.board_card[seat]:
            self.board_card[seat] = False
            hero = self.fx.heroes[seat]
            card = 3 * hero + 2
            self.exile.append(card)
            self._emit(Event("milestone", {"seat": seat, "exiled": destiny_str(card)}))
            self.phase = Phase.PROFESSION
            if len(self.profession_choices(seat)) == 1:
                self.take_profession(seat, self.profession_choices(seat)[0])
            return
        self._action_done()

    def take_profession(self, seat: int, prof: int) -> None:
        """集中 (first 3 sword energy): take a profession card from the box as the second profession."""
        self.prof_box[prof] -= 1
        self.second[seat] = prof
        self._emit(Event("profession", {"seat": seat, "second": PROFESSIONS[prof].id}))
        self._action_done()

    def rest(self, seat: int, card: int) -> None:
        """休整: the card paid is discarded (ours: and 1 life recovered); then the professions may be swapped."""
        healed = min(self.hp[seat] + 1, self.opt["hero_hp"]) - self.hp[seat]
        self.hp[seat] += healed
        self._emit(Event("rest", {"seat": seat, "card": CARD_TEXT[card], "healed": healed, "hp": self.hp[seat]}))
        if self.second[seat] >= 0:
            self.phase = Phase.SWAP
            return
        self._action_done()

    def swap_professions(self, seat: int, swap: bool) -> None:
        """休整: exchange main and second; sword energy without the new main element is discarded (a wild card
        keeps its place when one of its elements matches)."""
        if swap:
            self.main[seat], self.second[seat] = self.second[seat], self.main[seat]
            bit = 1 << PROFESSIONS[self.main[seat]].element
            lost = [c for c in self.energy[seat] if not CARD_KIND[c] & bit]
            self.energy[seat] = [c for c in self.energy[seat] if CARD_KIND[c] & bit]
            for c in lost:
                self._discard(seat, c)
            self._emit(Event("swapped", {"seat": seat, "main": PROFESSIONS[self.main[seat]].id,
                                         "second": PROFESSIONS[self.second[seat]].id,
                                         "lost": [CARD_TEXT[c] for c in lost]}))
        self._action_done()

    def acquire(self, seat: int, kind: int) -> None:
        """汲取 (ours, gap 3-10): take a face-up supply card sharing an element with the hero's tile or a face-up
        tile next to it into hand; the supply is refilled from its deck."""
        row = self.supply_row
        i = next(i for i, c in enumerate(row) if CARD_KIND[c] == kind)
        card = row.pop(i)
        self.hands[seat].append(card)
        self.known[card] = EVERYONE
        self.acquires_left -= 1
        self._emit(Event("acquired", {"seat": seat, "card": CARD_TEXT[card]}))
        self.reveal_supply()
        self._action_done(self.opt["acquire_counts"])

    def _action_done(self, counts: bool = True) -> None:
        """After each action: the end conditions, then the exile rule (任何時候，只要天命放逐區有卡牌 … 開始新的天命
        階段), else the hero chooses again. ``counts``: the action is one of 「以下至少一項」, so the hero may now
        declare the end (a draw on the supply counts only with ``acquire_counts``)."""
        if counts:
            self.acted = True
        self.paid = ()
        if self.check_end((self.to_move,)):
            return
        if self.exile:
            self.end_turn()
            return
        self.phase = Phase.ACTION

    # ------------------------------------------------------------------------------------------------ the end
    def check_end(self, seats: Any = None) -> bool:
        """遊戲目的: the demon king at 0 life wins for everyone (checked first: the final blow counts even if it
        exhausts its hero); 3 curses, or any hero with 4 or fewer cards in hand and deck, loses for everyone.
        ``seats`` limits the exhaustion check to the heroes whose cards just changed (default: all)."""
        if self.king_hp <= 0:
            self.game_over(WON, "sealed")
            return True
        if self.curses >= CURSES_TO_LOSE:
            self.game_over(LOST, "cursed")
            return True
        hands, decks = self.hands, self.decks
        for seat in range(len(hands)) if seats is None else seats:
            if len(hands[seat]) + len(decks[seat]) <= EXHAUSTED_AT:
                self.game_over(LOST, "exhausted")
                return True
        return False

    def exhausted_now(self, seat: int) -> bool:
        """With ``exhaustion=moment`` (the default): the exhaustion loss the moment a card leaves ``seat``'s hand
        and deck for good and leaves 4 or fewer — the seed states the loss as a standing condition, where for the
        exile rule it says 「當前行為結算完畢以後」. True when the game is over."""
        if self.opt["exhaustion"] == "moment" and len(self.hands[seat]) + len(self.decks[seat]) <= EXHAUSTED_AT:
            self.game_over(LOST, "exhausted")
            return True
        return False

    def game_over(self, result: int, reason: str) -> None:
        """The game ends for everyone at once."""
        self.phase = Phase.OVER
        self.result = result
        self.end_reason = reason
        self._emit(Event("game_over", {"won": result == WON, "reason": reason}))

    # ------------------------------------------------------------------------------------------------ rounds
    def end_turn(self) -> None:
        """歸元階段: the revealed destiny card is discarded; a new destiny phase begins."""
        if self.revealed >= 0:
            self.destiny_discard.append(self.revealed)
            self.revealed = -1
        self.next_destiny()

    def next_destiny(self) -> None:
        """天命階段: shuffle any exiled card into the deck; reveal the top card (reshuffling the discards into a new
        deck when the deck is empty); a stun card wakes the demon king, an action card starts its hero's turn."""
        while True:
            if self.exile:
                self.destiny_deck += self.exile
                self._emit(Event("exile_shuffled", {"cards": [destiny_str(c) for c in self.exile]}))
                self.exile = []
                shuffle(self.rng, self.destiny_deck)
            if not self.destiny_deck:
                self.destiny_deck = self.destiny_discard
                self.destiny_discard = []
                shuffle(self.rng, self.destiny_deck)
                self._emit(Event("destiny_shuffled", {"count": len(self.destiny_deck)}))
            card = self.destiny_deck.pop()
            self.revealed = card
            self.turn += 1
            seat = self.fx.seat_of_hero[destiny_hero(card)]
            self._emit(Event("destiny", {"card": DESTINY_TEXT[card], "seat": seat, "turn": self.turn}))
            if card >= STUN_BASE:
                self.activate(seat)
                if self.phase is Phase.OVER:
                    return
                self.destiny_discard.append(card)
                self.revealed = -1
                continue
            self.start_turn(seat)
            return

    def start_turn(self, seat: int) -> None:
        """玩家行動階段: the hero draws up to 5 cards and then acts."""
        self.to_move = seat
        self.acted = False
        self.acquires_left = self.opt["acquire_limit"] + (1 if self.perk(seat) is Perk.EXTRA_ACQUIRE else 0)
        need = HAND_SIZE - len(self.hands[seat])
        if need > 0:
            self.draw(seat, need)
        self.phase = Phase.ACTION

    # -------------------------------------------------------------------------------------- the demon king
    def activate(self, seat: int) -> None:
        """A stun card (角色震懾卡) is revealed — ours, gap 3-8: the demon king wakes, hunts the hero he can reach
        soonest (moves up to his speed toward it; ties: the stunned hero), strikes the stunned hero if it is next
        to him, and gathers rage (+1, +1 more on a face-up tile: "正在吸收著自然的力量"); full rage unleashes a
        curse. His ability card changes one of these steps."""
        fx = self.fx
        kd = DEMON_KINGS[fx.king]
        effect = fx.effect
        geo = fx.geo
        speed = kd.speed
        if effect is Effect.WHIRLWIND:
            speed += 1
            self.rotation = (self.rotation + 1) % 6
        blocked = geo.camp_mask
        for c in self.hero_cell:
            blocked |= 1 << c
        prey = king_prey(geo.nb, self.king_cell, self.hero_cell, blocked, seat)
        hunted = self.hero_cell[prey]
        target = self.hero_cell[seat]
        start = self.king_cell
        for _ in range(speed):
            step = king_step(geo.nb, self.king_cell, hunted, blocked)
            if step < 0:
                break
            self.king_cell = step
        self._emit(Event("king_wakes", {"seat": seat, "prey": prey, "from": list(geo.coords[start]),
                                        "to": list(geo.coords[self.king_cell]), "rotation": self.rotation}))
        adj = geo.adj[self.king_cell]
        if effect is Effect.THUNDERCLAP:
            struck = [s for s in range(len(fx.heroes)) if adj >> self.hero_cell[s] & 1]
        else:
            struck = [seat] if adj >> target & 1 else []
        for s in struck:
            self.strike(s, kd.strike)
            if self.phase is Phase.OVER:  # Rockfall's discard exhausted the hero (exhaustion=moment)
                return
        self.add_rage(2 if self.up >> self.king_cell & 1 else 1)
        if effect is Effect.BURN_SUPPLY and self.supply_row and self.phase is not Phase.OVER:
            card = self.supply_row.pop(0)
            self.burned.append(card)
            self._emit(Event("burned", {"card": CARD_TEXT[card]}))
            self.reveal_supply()
        if self.phase is not Phase.OVER:
            self.check_end()

    def strike(self, seat: int, damage: int) -> None:
        """The demon king's strike (ours): the hero loses life (the knight's guard: 1 less); at 0 the hero is
        devoured — a curse token, and the hero wakes at its camp with full life."""
        if self.perk(seat) is Perk.GUARD:
            damage -= 1
        if damage <= 0:
            self._emit(Event("guarded", {"seat": seat}))
            return
        self.hp[seat] -= damage
        self._emit(Event("struck", {"seat": seat, "damage": damage, "hp": max(0, self.hp[seat])}))
        effect = self.fx.effect
        if effect is Effect.WASH_ENERGY and self.energy[seat]:
            lost = self.energy[seat]
            self.energy[seat] = []
            for c in lost:
                self._discard(seat, c)
            self._emit(Event("energy_washed", {"seat": seat, "cards": [CARD_TEXT[c] for c in lost]}))
        elif effect is Effect.RUBBLE and self.hands[seat]:
            hand = self.hands[seat]
            card = hand.pop(self.rng.below(len(hand)))
            self._discard(seat, card)
            self._emit(Event("rubble", {"seat": seat, "card": CARD_TEXT[card]}))
            if self.exhausted_now(seat):
                return
        if self.hp[seat] <= 0:
            self.curses = min(self.curses + 1, CURSE_TOKENS)  # 詛咒指示物×5: the box holds no more
            self.hp[seat] = self.opt["hero_hp"]
            self.hero_cell[seat] = self.fx.geo.camp_of[seat]
            self._emit(Event("devoured", {"seat": seat, "curses": self.curses}))

    def add_rage(self, amount: int) -> None:
        """The demon king gathers rage; at his temper he unleashes: a curse token, and his rage starts again."""
        self.rage += amount
        if self.rage >= self.fx.temper:
            self.rage -= self.fx.temper
            self.curses = min(self.curses + 1, CURSE_TOKENS)  # 詛咒指示物×5: the box holds no more
            self._emit(Event("unleash", {"curses": self.curses}))
        self._emit(Event("rage", {"rage": self.rage, "gain": amount}))

    # ---------------------------------------------------------------------------------------------- contract
    def card_places(self) -> list[tuple[str, str]]:
        """Where every card is, by kind, in the places of the sightings tracker (``sightings.py``)."""
        from .sightings import card_places

        return card_places(self)

    def never_shown(self, seat: int | None) -> set[str]:
        """Spirit and god card kinds no copy of which has ever been face up or out of the box: nobody knows they
        are in any given place, so no view or event may name them."""
        in_play = {CARD_KIND[c] for c in self.supply_deck}
        return {CARD_TEXT_OF_KIND[m] for m in in_play if not self.seen_kinds >> m & 1}

    def view(self, seat: int | None) -> Json:
        """What ``seat`` may know; see ``view.py``."""
        from .view import view_of

        return view_of(self, seat)

    def resample(self, seat: int, rng: Rng) -> WildHuntersState:
        """A state ``seat`` cannot tell from this one; see ``view.py``."""
        from .view import resample_for

        return resample_for(self, seat, rng)

    def _fields_to_json(self) -> Json:
        from .setup import fields_to_json

        return fields_to_json(self)


def _kind_text(mask: int) -> str:
    return CARD_TEXT_OF_KIND[mask]


CARD_TEXT_OF_KIND: dict[int, str] = {CARD_KIND[c]: CARD_TEXT[c] for c in range(len(CARD_KIND))}
_STEP_OF: dict[Kind, Phase] = {
    Kind.MOVE: Phase.ACTION, Kind.ATTACK: Phase.ACTION, Kind.FOCUS: Phase.ACTION, Kind.REST: Phase.ACTION,
    Kind.ACQUIRE: Phase.ACTION, Kind.END: Phase.ACTION, Kind.PAY: Phase.PAY, Kind.RELEASE: Phase.RELEASE,
    Kind.SWAP: Phase.SWAP, Kind.KEEP: Phase.SWAP, Kind.PROFESSION: Phase.PROFESSION,
}
"""The step at which each kind of decision is taken (for error messages)."""
_KIND_ORDER: dict[int, int] = {m: i for i, m in enumerate(sorted(set(CARD_KIND), key=lambda m: A.PAY[m].id))}
assert MAX_SEATS == 5
