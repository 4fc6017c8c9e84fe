"""A team heuristic for wild-hunters, and a static evaluation for search.

**The plan.** The heroes are one team; cards are their clock as much as the curses are. Every hero keeps its hand
+ deck above the exhaustion line (4 or fewer loses for everyone) with a *reserve* for the turns ahead: a card for
its next turn's action, a second where nothing in the supply row can be drawn on from where it stands (not when
the row can never change again — then a card held back is only a card wasted later), one more where a Rockfall
strike may discard before its next turn. What is above the line and the reserve is its *budget*, and the budget
is spent only on damage, healing and useful steps:

1. **Income first.** Draw on the spirit supply whenever it can (+1 card, the only income), taking the card that
   serves it most — its main element (sword energy), the element of the demon king's tile (cheap attacks), wild
   cards — and, where it can, one that leaves a card it can draw on next turn. With nothing to draw on where it
   stands, it steps onto a face-up tile from which it can.
2. **Charge at camp.** On a tile of its main element (its camp) it focuses up to three sword energy (劍氣); the
   first three bring an extra action card per pass, so before that milestone it keeps its energy and focuses the
   third one last (the milestone ends the turn).
3. **Let him come.** The demon king hunts the nearest hero, so the hero he is coming for waits at camp, where
   the tiles around are face up: attacking him there costs one card (two of one element), never three.
4. **Strike with the budget.** Next to him: a blow that seals him is always taken first; otherwise it focuses
   first when the energy will go out with this turn's attack, then attacks, releasing everything (after the
   milestone), and repeats while the budget lasts. A plain two-card attack with no energy waits for a focus.
5. **Who strikes.** A hero he is not hunting walks to him only when it can pay the whole way (cheapest path:
   face-up tiles one or two cards, face-down three) plus a blow, and the heroes already at his side cannot finish
   him alone; otherwise it stays at camp charging and banking cards, and leaves the striking to them.
6. **Guard the clock.** It rests to heal when the strikes expected before its next turn (read from the destiny
   deck, whose contents are public) could devour it — a curse. Under Thunderclap, where every waking strikes every
   hero beside him, a knight (whose guard takes the whole blow) steps forward to be the one he hunts, and a hero
   beside him swaps to a knight second profession once that loses no energy (or it would be devoured anyway).
   Under Undertow it does not bank energy where he would wash it away before it is released.

The agent reads the observation's world only where the view shows the same thing (its own hand, positions,
face-up tiles, piles, the demon king): it is as blind as the view, and it skips building the view's JSON, which
keeps it fast inside search rollouts.

>>> import random, tablecraft
>>> from tablecraft.agents import observe
>>> game = tablecraft.load("wild-hunters", num_seats=2)
>>> state = game.new_initial_state(seed=2)
>>> HeuristicAgent().act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import heapq
import math
import random
from functools import lru_cache
from itertools import combinations
from typing import Any

from .actions import Kind, WHAction
from .content import (
    CARD_KIND,
    DEMON_KINGS,
    EXHAUSTED_AT,
    MAX_ENERGY,
    PROFESSIONS,
    STUN_BASE,
    Effect,
    Perk,
    destiny_hero,
    popcount,
)
from .rules import FACE_DOWN, FACE_DOWN_DISCOUNT, REST_COST, can_pay, completes
from .state import PENDING_ATTACK, PENDING_REST, Phase, WildHuntersState

FLOOR = EXHAUSTED_AT + 1
"""The fewest cards in hand + deck a hero may hold after an action (4 or fewer loses for everyone)."""
NO_WAY = 99
"""The price of what cannot be paid."""
_PROF = {p.id: i for i, p in enumerate(PROFESSIONS)}


@lru_cache(maxsize=1 << 14)
def cards_to_pay(cost: int, hand: tuple[int, ...]) -> int:
    """The fewest cards of ``hand`` (sorted kinds) that pay price ``cost``, or ``NO_WAY``."""
    if not can_pay(cost, hand):
        return NO_WAY
    if cost < 5:
        bit = 1 << cost
        return 1 if any(m & bit for m in hand) else 2
    if cost == FACE_DOWN:
        return 3
    return 2 if cost == FACE_DOWN_DISCOUNT else 1


@lru_cache(maxsize=1 << 14)
def cards_still_needed(cost: int, paid: tuple[int, ...], rest: tuple[int, ...]) -> int:
    """How many more cards of ``rest`` (sorted kinds) settle ``cost`` after ``paid`` (sorted), or ``NO_WAY``."""
    if completes(cost, paid):
        return 0
    for k in (1, 2, 3):
        for combo in set(combinations(rest, k)):
            if completes(cost, tuple(sorted((*paid, *combo)))):
                return k
    return NO_WAY


def attack_would_seal(s: WildHuntersState, seat: int) -> bool:
    """True when an attack by ``seat`` now seals the demon king whatever the die shows (1 damage plus every
    sword energy released)."""
    energy = len(s.energy[seat]) if s.game.options["sword_release"] else 0
    return 1 + energy >= s.king_hp


class _Seat:
    """What the hero to move knows and needs, computed once per decision (public facts and its own hand)."""

    __slots__ = ("s", "seat", "fx", "geo", "cell", "king", "hand", "total", "energy", "main_bit", "perk",
                 "king_up", "king_bit", "_hunt", "king_steps", "_exposure", "income_here", "frozen", "reserve",
                 "budget")

    def __init__(self, s: WildHuntersState, seat: int) -> None:
        self.s = s
        self.seat = seat
        fx = s.fx
        self.fx = fx
        self.geo = fx.geo
        self.cell = s.hero_cell[seat]
        self.king = s.king_cell
        self.hand: tuple[int, ...] = tuple(sorted([CARD_KIND[c] for c in s.hands[seat]]))
        self.total = len(s.hands[seat]) + len(s.decks[seat])
        self.energy = len(s.energy[seat])
        self.main_bit = 1 << PROFESSIONS[s.main[seat]].element
        self.perk = s.perk(seat)
        self.king_up = bool(s.up >> self.king & 1)
        self.king_bit = 1 << fx.elem[self.king] if self.king_up else 0
        self._hunt: list[int] | None = None
        self.king_steps: dict[int, int] = {}
        """His steps to each cell he can walk to (filled by ``hunt``)."""
        self._exposure: float | None = None
        self.income_here = self._income_around(self.cell)
        self.frozen = not self.income_here and self._frozen()
        self.reserve = self._reserve()
        self.budget = self.total - FLOOR - self.reserve

    # ---------------------------------------------------------------------------------------- the king
    @property
    def adjacent(self) -> bool:
        """True when the hero stands next to the demon king."""
        return bool(self.geo.adj[self.cell] >> self.king & 1)

    def hunt(self) -> list[int]:
        """For each seat, the steps the demon king needs to stand next to that hero (his hunt, §7.2): over map
        cells that are neither camps nor a hero's tile; 0 when he already does."""
        if self._hunt is None:
            s = self.s
            geo = self.geo
            nb = geo.nb
            blocked = geo.camp_mask
            for c in s.hero_cell:
                blocked |= 1 << c
            dist = self.king_steps = {self.king: 0}
            layer = [self.king]
            d = 0
            while layer:
                d += 1
                nxt = []
                for c in layer:
                    for m in nb[c]:
                        if m >= 0 and m not in dist and not blocked >> m & 1:
                            dist[m] = d
                            nxt.append(m)
                layer = nxt
            out = []
            for c in s.hero_cell:
                out.append(min((dist[m] for m in nb[c] if m in dist), default=NO_WAY))
            self._hunt = out
        return self._hunt

    def is_hunted(self, seat: int | None = None) -> bool:
        """True when the demon king is coming for this hero (it is among the nearest to him)."""
        h = self.hunt()
        return h[self.seat if seat is None else seat] <= min(h)

    def strike_damage(self) -> int:
        """What one strike of his takes from this hero (the knight's guard: 1 less)."""
        return DEMON_KINGS[self.fx.king].strike - (1 if self.perk is Perk.GUARD else 0)

    def exposure(self) -> float:
        """The expected number of strikes on this hero before its next turn: the stun cards that would strike it
        (its own; every one under Thunderclap) ahead of its first action card in the destiny deck, whose
        contents are public (only their order is hidden), when it stands where he will be next to it."""
        if self._exposure is None:
            self._exposure = 0.0
            if self.strike_damage() > 0 and self._in_reach():
                s = self.s
                hero = self.fx.heroes[self.seat]
                clap = self.fx.effect is Effect.THUNDERCLAP
                mine = stuns = 0
                for c in s.destiny_deck:
                    if c >= STUN_BASE:
                        stuns += clap or destiny_hero(c) == hero
                    elif destiny_hero(c) == hero:
                        mine += 1
                self._exposure = stuns / (mine + 1) if mine else stuns + 0.5
        return self._exposure

    def _in_reach(self) -> bool:
        if self.adjacent:
            return True
        speed = DEMON_KINGS[self.fx.king].speed + (1 if self.fx.effect is Effect.WHIRLWIND else 0)
        return self.is_hunted() and self.hunt()[self.seat] <= speed

    def _reserve(self) -> int:
        """Cards kept above the line: a turn without income, and a Rockfall discard that may come first."""
        reserve = 1 if self.income_here or self.frozen else 2
        if self.fx.effect is Effect.RUBBLE and self.exposure() > 0:
            reserve += 1
        return reserve

    def _frozen(self) -> bool:
        """True when no hero can draw on the supply row from where it stands and nothing else will change it
        (only Spirit Burn does): the income is gone and every turn costs a card, so holding a second card
        against a dry turn only delays the waste — the reserve is the next turn's card alone."""
        s = self.s
        if self.fx.effect is Effect.BURN_SUPPLY and s.supply_row:
            return False
        row = [CARD_KIND[c] for c in s.supply_row]
        return not any(any(m & s.spirit_around(c) for m in row) for c in s.hero_cell)

    def _income_around(self, cell: int) -> bool:
        s = self.s
        if not s.supply_row:
            return False
        bits = s.spirit_around(cell)
        return any(CARD_KIND[c] & bits for c in s.supply_row)

    # ----------------------------------------------------------------------------------------- prices
    def attack_price(self) -> int:
        """The fewest cards an attack on the demon king takes from this hand now."""
        return cards_to_pay(self.s.attack_cost(self.seat), self.hand)

    def step_price(self, cell: int, hand: tuple[int, ...] | None = None) -> int:
        """The fewest cards stepping onto ``cell`` takes (``NO_WAY`` for the demon king's tile)."""
        if cell == self.king:
            return NO_WAY
        return cards_to_pay(self.s.move_cost(self.seat, cell), self.hand if hand is None else hand)

    def path_prices(self) -> dict[int, float]:
        """The estimated cards from each cell to a tile next to the demon king (Dijkstra backwards from his
        neighbours): a face-up tile one card when the hand holds its element, else two; a face-down one three
        (two for the scout)."""
        s = self.s
        geo = self.geo
        elem = self.fx.elem
        hand_bits = 0
        for m in self.hand:
            hand_bits |= m
        down = 2.0 if self.perk is Perk.PATHFINDER else 3.0

        def enter(m: int) -> float:
            if s.up >> m & 1:
                return 1.0 if hand_bits >> elem[m] & 1 else 2.0
            return down

        dist: dict[int, float] = {}
        todo: list[tuple[float, int]] = []
        for m in geo.nb[self.king]:
            if m >= 0:
                dist[m] = 0.0
                todo.append((0.0, m))
        heapq.heapify(todo)
        while todo:
            d, m = heapq.heappop(todo)
            if d > dist.get(m, 1e9):
                continue
            step = enter(m)
            for c in geo.nb[m]:
                if c >= 0 and c != self.king and d + step < dist.get(c, 1e9):
                    dist[c] = d + step
                    heapq.heappush(todo, (d + step, c))
        return dist

    # ---------------------------------------------------------------------------------------- card values
    def card_value(self, m: int) -> float:
        """How much a card kind is worth keeping: each element is a way to pay; its main element is sword
        energy; the demon king's tile element is a one-card attack."""
        v = 0.4 * popcount(m)
        if m & self.main_bit:
            v += 2.0 if self.energy < MAX_ENERGY else 0.7
        if m & self.king_bit:
            v += 1.5
        return v


class HeuristicAgent:
    """The team heuristic (see the module docstring).

    Parameters: ``reserve`` — extra cards kept above the line (default 0); ``walk`` — 0 never walks to the demon
    king, 1 (default) walks when the whole way is affordable and needed."""

    name = "heuristic"

    def __init__(self, reserve: int = 0, walk: int = 1, **params: Any) -> None:
        self.extra_reserve = int(reserve)
        self.walk = int(walk)

    def act(self, obs: Any, rng: random.Random) -> WHAction:
        """Choose one of ``obs.legal_actions`` from what the seat knows."""
        legal: list[WHAction] = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        s: WildHuntersState = obs.world
        me = _Seat(s, obs.seat)
        if self.extra_reserve:
            me.reserve += self.extra_reserve
            me.budget -= self.extra_reserve
        phase = s.phase
        if phase is Phase.PAY:
            return self._pay(me, legal)
        if phase is Phase.RELEASE:
            return self._release(me, legal)
        if phase is Phase.SWAP:
            return next(a for a in legal if (a.kind is Kind.SWAP) == self._guard_swaps(me))
        if phase is Phase.PROFESSION:
            return self._profession(me, legal)
        return self._action(me, legal)

    # ------------------------------------------------------------------------------------------ sub-steps
    def _pay(self, me: _Seat, legal: list[WHAction]) -> WHAction:
        """The card after which the whole price takes fewest cards; among those the one least worth keeping."""
        s = me.s
        cost = REST_COST if s.pend_kind == PENDING_REST else s.pend_cost
        paid = s.paid
        hand = list(me.hand)

        def key(a: WHAction) -> tuple[int, float, int]:
            rest = hand[:]
            rest.remove(a.a)
            need = cards_still_needed(cost, tuple(sorted((*paid, a.a))), tuple(rest))
            return (need, me.card_value(a.a), a.id)

        return min(legal, key=key)

    def _release(self, me: _Seat, legal: list[WHAction]) -> WHAction:
        """Everything, unless the energy is still building toward the first three (the milestone) where it can
        focus again and no strike threatens to wash it away."""
        most = legal[-1]
        if 1 + most.a >= me.s.king_hp:
            return most
        return legal[0] if self._keeps_energy(me) else most

    @staticmethod
    def _keeps_energy(me: _Seat) -> bool:
        """True while the energy is building toward the first three (the milestone: an extra action card) on a
        tile where it can focus again, and no strike threatens to wash it away (Undertow)."""
        s = me.s
        building = s.board_card[me.seat] and s.fx.elem[me.cell] == PROFESSIONS[s.main[me.seat]].element
        # with the income gone for good the game is short: the milestone's extra turns will not pay back
        return building and not me.frozen and not (s.fx.effect is Effect.WASH_ENERGY and me.exposure() > 0)

    @staticmethod
    def _would_wash(me: _Seat) -> bool:
        """Under Undertow, energy banked where he will strike before it is released is lost: past the milestone
        a hero he hunts keeps its cards in hand instead (focusing only in a turn that also strikes)."""
        s = me.s
        if me.fx.effect is not Effect.WASH_ENERGY or s.board_card[me.seat] or me.strike_damage() <= 0:
            return False
        return me.adjacent or me.is_hunted()

    @staticmethod
    def _guard_swaps(me: _Seat) -> bool:
        """True when resting should swap to a second profession of knight: under Thunderclap every waking
        strikes every hero next to him, and the knight's guard takes the whole blow — worth it next to him once
        the swap loses no sword energy, or when the strikes ahead may devour the hero anyway."""
        s = me.s
        second = s.second[me.seat]
        if me.fx.effect is not Effect.THUNDERCLAP or second < 0 or not s.game.options["perks"]:
            return False
        if PROFESSIONS[second].perk is not Perk.GUARD or not (me.adjacent or me.exposure() > 0):
            return False
        focusing = me.fx.elem[me.cell] == PROFESSIONS[s.main[me.seat]].element
        if focusing and me.exposure() < 1.0:
            return False  # one strike a pass (as alone) is cheaper healed than focusing given up
        bit = 1 << PROFESSIONS[second].element
        if all(CARD_KIND[c] & bit for c in s.energy[me.seat]):
            return True
        # energy would be lost: worth it only when the strikes to come may devour it (a curse) and no blow can
        # release the energy first
        exposure = me.exposure()
        doomed = exposure >= 1.0 and s.hp[me.seat] <= math.ceil(exposure) * me.strike_damage()
        return doomed and not (me.adjacent and me.attack_price() <= me.budget)

    def _guard_swap(self, me: _Seat, rest: WHAction | None) -> WHAction | None:
        """Rest (to swap to the knight, ``_guard_swaps``) when a card is spare."""
        if rest is None or me.total - 1 < FLOOR + 1 or not self._guard_swaps(me):
            return None
        return rest

    def _profession(self, me: _Seat, legal: list[WHAction]) -> WHAction:
        """A second profession worth swapping to: the knight against Thunderclap, else the mercenary."""
        order = ("knight", "mercenary", "mage") if me.fx.effect is Effect.THUNDERCLAP else (
            "mercenary", "knight", "mage")
        by_id = {PROFESSIONS[a.a].id: a for a in legal}
        return next((by_id[p] for p in order if p in by_id), legal[0])

    # ---------------------------------------------------------------------------------------------- actions
    def _action(self, me: _Seat, legal: list[WHAction]) -> WHAction:
        s = me.s
        by_kind: dict[Kind, WHAction] = {}
        focuses: list[WHAction] = []
        acquires: list[WHAction] = []
        moves: list[WHAction] = []
        for a in legal:
            by_kind.setdefault(a.kind, a)
            if a.kind is Kind.FOCUS:
                focuses.append(a)
            elif a.kind is Kind.ACQUIRE:
                acquires.append(a)
            elif a.kind is Kind.MOVE:
                moves.append(a)
        budget = me.budget
        attack = by_kind.get(Kind.ATTACK)
        price = me.attack_price() if attack is not None else NO_WAY
        if attack is not None and attack_would_seal(s, me.seat) and (me.total - price > EXHAUSTED_AT or
                                                                       self._seal_beats_exhaustion(s)):
            return attack
        if acquires:
            return self._acquire(me, acquires)
        heal = self._heal(me, by_kind.get(Kind.REST)) or self._guard_swap(me, by_kind.get(Kind.REST))
        if heal is not None:
            return heal
        if not (me.adjacent and attack is not None) and not me.income_here:
            fetch = self._income_move(me, moves)
            if fetch is not None:
                return fetch
        focus = min(focuses, key=lambda a: (me.card_value(a.a), a.id)) if focuses else None
        if not s.game.options["sword_release"] and not s.board_card[me.seat]:
            focus = None  # energy only counts toward the milestone when it cannot be released (variant)
        milestone = s.board_card[me.seat] and me.energy == MAX_ENERGY - 1
        if attack is not None:
            if focus is not None and not milestone and budget >= price + 1:
                return focus  # the energy goes out with this turn's blow
            releasing = me.energy > 0 and not self._keeps_energy(me)
            if budget >= price and (releasing or price == 1 or budget >= price + 2 or focus is None):
                return attack
        if focus is not None and budget >= 1 and not self._would_wash(me):
            return focus
        if self.walk and not me.adjacent:
            step = self._bait(me, moves) or self._walk(me, moves)
            if step is not None:
                return step
        end = by_kind.get(Kind.END)
        if end is not None:
            return end
        return self._least_harm(me, by_kind, min(focuses, key=lambda a: a.id) if focuses else None, attack)

    @staticmethod
    def _acquire(me: _Seat, acquires: list[WHAction]) -> WHAction:
        """The supply card worth most to this hero — but first one that leaves a card it can draw on next turn
        in the row (the row changes only when drawn on: take the card that keeps the income alive)."""
        s = me.s
        row = [CARD_KIND[c] for c in s.supply_row]
        bits = s.spirit_around(me.cell)

        def key(a: WHAction) -> tuple[bool, float, int]:
            rest = row[:]
            rest.remove(a.a)
            return (any(m & bits for m in rest), me.card_value(a.a), -a.id)

        return max(acquires, key=key)

    @staticmethod
    def _seal_beats_exhaustion(s: WildHuntersState) -> bool:
        """W-6: the seal wins over an exhaustion in the same blow only under ``exhaustion=action`` (the loss checked
        after each whole action); under the default ``moment`` the blow must leave its hero above the line, since
        the loss comes with the card paid, before the blow lands."""
        return bool(s.opt["exhaustion"] == "action")

    def _heal(self, me: _Seat, rest: WHAction | None) -> WHAction | None:
        """Rest when the strikes expected before its next turn could devour it (a curse) and a card is spare."""
        if rest is None or me.total - 1 < FLOOR + 1:
            return None
        s = me.s
        hp = s.hp[me.seat]
        if hp >= s.game.options["hero_hp"]:
            return None
        exposure = me.exposure()
        if exposure <= 0:
            return None
        if me.frozen and s.curses < 2:
            return None  # with no income left cards are scarcer than curses, unless this one would lose
        hits = max(1, math.ceil(exposure - 0.25))
        return rest if hp <= hits * me.strike_damage() else None

    def _walk(self, me: _Seat, moves: list[WHAction]) -> WHAction | None:
        """A step toward the demon king when this hero is not the one he hunts, the heroes beside him cannot
        finish him, and the whole way plus a blow fits the budget; the step that leaves the cheapest way on."""
        if not moves or me.is_hunted():
            return None
        s = me.s
        beside = [p for p in range(s.num_heroes) if me.geo.adj[s.hero_cell[p]] >> me.king & 1]
        striking = sum(len(s.energy[p]) + max(0, len(s.hands[p]) + len(s.decks[p]) - FLOOR - 1) for p in beside)
        if striking >= s.king_hp:
            return None
        ways = me.path_prices()
        here = ways.get(me.cell, 1e9)
        blow = 1.0 if me.king_up else (2.0 if me.perk is Perk.ATTACK_DISCOUNT else 3.0)
        if here + blow > me.budget:
            return None
        best: tuple[float, int, WHAction] | None = None
        for a in moves:
            to = me.geo.nb[me.cell][a.a]
            price = me.step_price(to)
            left = ways.get(to, 1e9)
            if price > me.budget or left >= here:
                continue
            key = (price + left, price, a)
            if best is None or key[:2] < best[:2]:
                best = key
        return best[2] if best else None

    @staticmethod
    def _bait(me: _Seat, moves: list[WHAction]) -> WHAction | None:
        """Under Thunderclap a knight (whose guard takes the whole strike) steps forward onto a face-up tile to
        become the hero he hunts, while he has not reached anyone yet: better he settles beside a hero he cannot
        hurt than beside one he devours."""
        s = me.s
        if me.fx.effect is not Effect.THUNDERCLAP or me.strike_damage() > 0 or not moves:
            return None
        hunt = me.hunt()
        if min(hunt) <= 0:
            return None
        others = min((h for p, h in enumerate(hunt) if p != me.seat), default=NO_WAY)
        if hunt[me.seat] < others:
            return None
        steps = me.king_steps
        nb = me.geo.nb
        best: tuple[tuple[int, int, int], WHAction] | None = None
        for a in moves:
            to = nb[me.cell][a.a]
            if not s.up >> to & 1:
                continue
            price = me.step_price(to)
            near = min((steps[m] for m in nb[to] if m in steps), default=NO_WAY)
            if price > me.budget or near >= others:
                continue
            key = (price, near, a.id)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else None

    @staticmethod
    def _income_move(me: _Seat, moves: list[WHAction]) -> WHAction | None:
        """Nothing in the supply row can be drawn on here (in solo the row only changes when drawn on, so it
        stays so): the cheapest step onto a face-up tile from which a row card can be drawn this turn (and a card
        kept above the line), preferring tiles of its main element (to focus there) and with more face-up tiles
        around (more to draw on later). Turning up a face-down tile for income instead (three cards, a gamble on
        its element) measured worse than waiting, so it never does."""
        s = me.s
        row = [CARD_KIND[c] for c in s.supply_row]
        if not row or not moves:
            return None
        if s.acquires_left <= 0:
            return None
        best: tuple[tuple[int, int, int], WHAction] | None = None
        for a in moves:
            to = me.geo.nb[me.cell][a.a]
            if not s.up >> to & 1:
                continue
            price = me.step_price(to)
            if me.total - price < FLOOR + 1:
                continue
            bits = s.spirit_around(to)
            if not any(m & bits for m in row):
                continue
            ups = sum(1 for _, c in me.geo.steps[to] if s.up >> c & 1)
            key = (price, 0 if (1 << me.fx.elem[to]) & me.main_bit else 1, -ups)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else None

    @staticmethod
    def _least_harm(me: _Seat, by_kind: dict[Kind, WHAction], focus: WHAction | None,
                    attack: WHAction | None) -> WHAction:
        """An action is required and none is worth its cards: the one that keeps most (a one-card blow, a
        focus that keeps the card as energy, a rest that heals)."""
        if attack is not None and (me.attack_price() == 1 or me.frozen and
                                   me.total - me.attack_price() >= FLOOR + 1):
            return attack  # with the income gone for good a rest throws a card away; a blow does not
        if focus is not None:
            return focus
        rest = by_kind.get(Kind.REST)
        if rest is not None:
            return rest
        return next(iter(by_kind.values()))


def exhausts(s: WildHuntersState, action: WHAction) -> bool:
    """True when ``action`` by the hero to move must leave it with 4 or fewer cards in hand and deck at the end
    of the action (the shared exhaustion loss) whatever it pays next — unless the same action seals the demon
    king for certain (W-6). Cheap: it reads the hand and the price, it plays nothing."""
    p = s.to_move
    total = len(s.hands[p]) + len(s.decks[p])
    phase = s.phase
    k = action.kind
    if k is Kind.CANCEL:  # back to the choice of action: nothing is spent
        return False
    if phase is Phase.ACTION:
        if k is Kind.ACQUIRE or k is Kind.END:
            return False
        hand = s.hand_key(p)
        if k is Kind.MOVE:
            spent = cards_to_pay(s.move_cost(p, s.fx.geo.nb[s.hero_cell[p]][action.a]), hand)
        elif k is Kind.ATTACK:
            spent = cards_to_pay(s.attack_cost(p), hand)
            if total - spent <= EXHAUSTED_AT and attack_would_seal(s, p) and \
                    HeuristicAgent._seal_beats_exhaustion(s):
                return False
        else:  # rest and focus each take one card out of hand and deck (focus draws from the deck)
            spent = 1
        return total - spent <= EXHAUSTED_AT
    if phase is Phase.PAY:
        cost = REST_COST if s.pend_kind == PENDING_REST else s.pend_cost
        rest = list(s.hand_key(p))
        rest.remove(action.a)
        spent = 1 + cards_still_needed(cost, tuple(sorted((*s.paid, action.a))), tuple(rest))
        if total - spent > EXHAUSTED_AT:
            return False
        return not (s.pend_kind == PENDING_ATTACK and attack_would_seal(s, p)
                    and HeuristicAgent._seal_beats_exhaustion(s))
    if phase is Phase.RELEASE:
        return total <= EXHAUSTED_AT and 1 + action.a < s.king_hp
    return total <= EXHAUSTED_AT and phase is Phase.PROFESSION


EVAL_FEATURES = (
    "bias", "king_left", "curses", "rage", "king_face_up", "blow_ready", "energy", "short", "short_sq",
    "spare", "no_income", "supply", "wounded", "beside", "milestones", "distance", "heroes", "clock",
    "capacity", "capacity_beside",
)
"""What ``evaluate`` weighs (team quantities, the same for every seat): a constant; the demon king's life left
(fraction); curses (/3); rage toward his temper; his tile face up (rage grows twice as fast there); the damage the
heroes beside him could release at once (a blow each plus their sword energy, against his life, capped at 1.5);
all sword energy against his life (capped at 1.5); how close the poorest hero is to the exhaustion line (hand +
deck below 10, /6, and squared — 4 loses); the heroes' mean cards above the line (/10); the share of heroes
with nothing in the supply row to draw on where they stand; spirit cards left in the supply (deck + row, as a
share of the 10X + 10 dealt); heroes beside him within one strike of being devoured (fraction); heroes beside
him (fraction); heroes past the third-energy milestone (fraction); the heroes' mean distance to him (/6); the
number of heroes (/5); the curse clock — his wakings left before the third curse (at 2 rage a waking on face-up
land, 1 elsewhere), in passes of the destiny deck (one waking per hero), capped at 3; and what the team could
still pay in damage — every hero's sword energy and cards above the line, against his life (capped at 3), and
the same for the heroes beside him (capped at 2)."""

EVAL_WEIGHTS = (0.79, -1.70, -1.31, -0.85, 1.30, 1.31, 0.76, -1.12, -0.63, 1.34, -1.01, 1.82, -0.58, -1.97, 0.42, -1.79,
                -0.58, 0.11, -0.12, 0.34)
"""The logistic weights of ``EVAL_FEATURES``, fitted on heuristic team play (``benchmarks/fit_evaluate.py``)."""


def eval_features(state: WildHuntersState) -> list[float]:
    """``EVAL_FEATURES`` of a (full, possibly resampled) state."""
    fx = state.fx
    n = state.num_heroes
    geo = fx.geo
    king = state.king_cell
    adj = geo.adj[king]
    hp_left = max(1, state.king_hp)
    strike = DEMON_KINGS[fx.king].strike
    row_bits = 0
    for c in state.supply_row:
        row_bits |= CARD_KIND[c]
    totals = []
    ready = energy = no_income = wounded = beside = milestones = dist = capacity = capacity_beside = 0
    for p in range(n):
        cell = state.hero_cell[p]
        t = len(state.hands[p]) + len(state.decks[p])
        totals.append(t)
        e = len(state.energy[p])
        energy += e
        capacity += e + max(0, t - FLOOR)
        if adj >> cell & 1:
            beside += 1
            ready += 1 + e
            capacity_beside += e + max(0, t - FLOOR)
            guard = 1 if state.perk(p) is Perk.GUARD else 0
            if state.hp[p] <= strike - guard:
                wounded += 1
        if not state.spirit_around(cell) & row_bits:
            no_income += 1
        if not state.board_card[p]:
            milestones += 1
        dist += geo.dist[cell][king] - 1
    short = max(0, 10 - min(totals)) / 6.0
    king_up = state.up >> king & 1
    wakes = ((3 - state.curses) * fx.temper - state.rage) / (2.0 if king_up else 1.0)
    return [
        1.0,
        state.king_hp / fx.king_max,
        state.curses / 3.0,
        state.rage / fx.temper,
        1.0 if state.up >> king & 1 else 0.0,
        min(1.5, ready / hp_left),
        min(1.5, energy / hp_left),
        short,
        short * short,
        sum(t - FLOOR for t in totals) / (10.0 * n),
        no_income / n,
        (len(state.supply_deck) + len(state.supply_row)) / (10.0 * fx.supply_x + 10.0),
        wounded / n,
        beside / n,
        milestones / n,
        dist / (6.0 * n),
        n / 5.0,
        min(3.0, wakes / n),
        min(3.0, capacity / hp_left),
        min(2.0, capacity_beside / hp_left),
    ]


def evaluate(state: WildHuntersState) -> float:
    """The team's prospects in [-1, 1]: the end result at the end; otherwise ``2·P(win) − 1`` with P the logistic
    of the weighted ``EVAL_FEATURES`` — progress against the demon king and survival (curses, exhaustion), as
    they predicted the outcome of heuristic team games."""
    if state.is_terminal():
        return state.returns()[0]
    z = sum(w * x for w, x in zip(EVAL_WEIGHTS, eval_features(state), strict=True))
    return math.tanh(z / 2.0)
