"""A rule-of-thumb team player for wild-hunters, and a static evaluation for search.

The agent reads only its observation (the seat's view and legal actions) and follows a few priorities:

1. never spend below the exhaustion line: keep hand + deck at 5 or more (one card more while no draw on the
   spirit supply is in reach next turn, since every turn needs an action);
2. draw on the spirit supply whenever it can (it is the only income), preferring god cards and its own element;
3. attack when next to the demon king and it can pay, releasing sword energy into the blow;
4. focus when standing on its main element (sword energy is banked damage), the milestone focus last;
5. close in on the demon king by the cheapest path while cards allow — he comes to the heroes anyway, so a hero
   low on cards waits near its camp instead;
6. rest when wounded and next to the demon king's reach; otherwise end the turn.

>>> import random, tablecraft
>>> from tablecraft.agents import observe
>>> game = tablecraft.load("wild-hunters", num_seats=2)
>>> state = game.new_initial_state(seed=2)
>>> HeuristicAgent().act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from collections import deque
from itertools import combinations
from typing import Any

from .actions import Kind, WHAction
from .content import (
    DEMON_KINGS,
    ELEMENT_LETTERS,
    EXHAUSTED_AT,
    PROFESSIONS,
    parse_kind,
    popcount,
)
from .hexmap import DIRS
from .rules import COSTS, REST_COST, completes, pay_options, satisfies, tile_cost
from .state import WildHuntersState

_PROF = {p.id: i for i, p in enumerate(PROFESSIONS)}
_PREFERRED_SECOND = ("mercenary", "mage", "scout", "artisan", "knight")
"""Second professions in order of preference (perks that turn cards into damage first)."""


def _elem_index(letter: str | None) -> int:
    return ELEMENT_LETTERS.index(letter) if letter else 0


def _elem_bit(letter: str | None) -> int:
    return 1 << ELEMENT_LETTERS.index(letter) if letter else 0


class _Board:
    """The parts of a view the agent reasons with: cells by coordinate, who stands where, distances."""

    def __init__(self, view: dict[str, Any], seat: int) -> None:
        self.view = view
        self.seat = seat
        self.cells: dict[tuple[int, int], dict[str, Any]] = {(c["at"][0], c["at"][1]): c for c in view["map"]["cells"]}
        self.me = view["heroes"][seat]
        self.at: tuple[int, int] = (self.me["at"][0], self.me["at"][1])
        self.king: tuple[int, int] = (view["king"]["at"][0], view["king"]["at"][1])
        self.hand = sorted(parse_kind(k) for k in self.me["hand"])
        self.main_bit = 1 << PROFESSIONS[_PROF[self.me["main"]]].element

    def neighbours(self, c: tuple[int, int]) -> list[tuple[int, int]]:
        return [(c[0] + dq, c[1] + dr) for dq, dr in DIRS if (c[0] + dq, c[1] + dr) in self.cells]

    def distances_to_king(self) -> dict[tuple[int, int], int]:
        """Steps from each cell to a cell next to the demon king (0 = adjacent), not crossing his tile."""
        dist: dict[tuple[int, int], int] = {}
        todo: deque[tuple[int, int]] = deque()
        for n in self.neighbours(self.king):
            dist[n] = 0
            todo.append(n)
        while todo:
            c = todo.popleft()
            for n in self.neighbours(c):
                if n not in dist and n != self.king:
                    dist[n] = dist[c] + 1
                    todo.append(n)
        return dist

    def element_at(self, c: tuple[int, int]) -> int:
        cell = self.cells[c]
        return _elem_bit(cell["element"]) if cell["up"] else 0


class HeuristicAgent:
    """The team heuristic (see the module docstring). ``caution`` is the number of spare cards it keeps above the
    exhaustion line before moving toward the demon king."""

    name = "heuristic"

    def __init__(self, caution: int = 2, **params: Any) -> None:
        self.caution = int(caution)

    def act(self, obs: Any, rng: random.Random) -> WHAction:
        """Choose one of ``obs.legal_actions`` from the seat's view alone."""
        legal: list[WHAction] = list(obs.legal_actions)
        if len(legal) == 1:
            return legal[0]
        view = obs.view
        b = _Board(view, obs.seat)
        phase = view["phase"]
        if phase == "pay":
            return self._pay(b, legal)
        if phase == "release":
            return self._release(b, legal)
        if phase == "swap":
            return next(a for a in legal if a.kind is Kind.KEEP)
        if phase == "profession":
            by_id = {PROFESSIONS[a.a].id: a for a in legal}
            return next(by_id[p] for p in _PREFERRED_SECOND if p in by_id)
        return self._action(b, legal)

    # ------------------------------------------------------------------------------------------- sub-steps
    def _card_value(self, b: _Board, mask: int) -> float:
        """How much a card is worth keeping: wild cards and main-element cards (sword energy) are precious."""
        value = float(popcount(mask))
        if mask & b.main_bit:
            value += 0.8
        king_elem = b.element_at(b.king)
        if mask & king_elem:
            value += 0.5
        return value

    def _pay(self, b: _Board, legal: list[WHAction]) -> WHAction:
        """Pay so the whole price takes the fewest cards, then with the cards least worth keeping."""
        pending = b.view["pending"]
        paid = tuple(parse_kind(k) for k in pending["paid"])
        cost = self._pending_cost(b, pending)
        hand = list(b.hand)

        def cards_left(m: int) -> int:
            now = tuple(sorted((*paid, m)))
            if completes(cost, now):
                return 0
            rest = list(hand)
            rest.remove(m)
            if pay_options(cost, now, tuple(sorted(rest))):
                return 1 if any(completes(cost, tuple(sorted((*now, x)))) for x in rest) else 2
            return 3

        return min(legal, key=lambda a: (cards_left(a.a), self._card_value(b, a.a), a.id))

    def _pending_cost(self, b: _Board, pending: dict[str, Any]) -> int:
        if pending["action"] == "rest":
            return REST_COST
        attack = pending["action"] == "attack"
        cell = b.cells[tuple(pending["at"])]
        main = b.me["main"] if b.view["rules"]["perks"] else ""
        discount = (attack and main == "mercenary") or (not attack and not cell["up"] and main == "scout")
        return tile_cost(cell["up"], _elem_index(cell["element"]), attack, discount)

    def _release(self, b: _Board, legal: list[WHAction]) -> WHAction:
        most = max(legal, key=lambda a: a.a)
        king_hp = b.view["king"]["hp"]
        if not b.me["board_card"] or most.a + 1 >= king_hp or most.a >= 2:
            return most
        return legal[0]

    def _action(self, b: _Board, legal: list[WHAction]) -> WHAction:
        me = b.me
        total = me["total"]
        kinds = {a.kind: a for a in legal}
        acquires = [a for a in legal if a.kind is Kind.ACQUIRE]
        if acquires:
            return max(acquires, key=lambda a: (bool(a.a & b.main_bit), popcount(a.a), -a.id))
        # every turn needs an action: keep a card for a turn with nothing to draw on (two if none is in reach)
        floor = EXHAUSTED_AT + 1 + (1 if self._income_next_turn(b) else 2)
        budget = total - floor
        energy = len(me["energy"])
        king_hp = b.view["king"]["hp"]
        if Kind.ATTACK in kinds:
            cost = self._cheapest(b, attack=True)
            lethal = energy + 1 >= king_hp  # the seal is checked before exhaustion: the final blow may empty the hand
            if budget >= cost or lethal:
                return kinds[Kind.ATTACK]
        focuses = [a for a in legal if a.kind is Kind.FOCUS]
        milestone_next = energy == 2 and me["board_card"]
        strike = b.view["king"]["strike"]
        if me["hp"] <= strike and Kind.REST in kinds and total > EXHAUSTED_AT + 1 and self._in_danger(b):
            return kinds[Kind.REST]  # a devoured hero costs a curse: heal first
        if focuses and budget >= 1 and not milestone_next:
            return self._focus_card(focuses)
        move = self._move(b, legal, budget)
        if move is not None:
            return move
        if focuses and budget >= 1:
            return self._focus_card(focuses)
        if Kind.REST in kinds and budget >= 2 and me["hp"] < me["max_hp"] and self._in_danger(b):
            return kinds[Kind.REST]
        if Kind.END in kinds:
            return kinds[Kind.END]
        # an action is required: the one that wastes least
        if focuses:
            return self._focus_card(focuses)
        move = self._income_move(b, legal) or self._move(b, legal, 1)
        if move is not None:
            return move
        return kinds.get(Kind.REST, legal[0])

    def _income_move(self, b: _Board, legal: list[WHAction]) -> WHAction | None:
        """A one-card step to a tile from which the supply row can be drawn on next turn."""
        row = [parse_kind(k) for k in b.view["supply"]["row"]]
        for a in legal:
            if a.kind is not Kind.MOVE:
                continue
            to = self._target(b, a)
            if self._cheapest(b, attack=False, target=to) != 1:
                continue
            around = b.element_at(to)
            for n in b.neighbours(to):
                around |= b.element_at(n)
            if any(m & around for m in row):
                return a
        return None

    @staticmethod
    def _focus_card(focuses: list[WHAction]) -> WHAction:
        return min(focuses, key=lambda a: (popcount(a.a), a.id))

    @staticmethod
    def _target(b: _Board, move: WHAction) -> tuple[int, int]:
        dq, dr = DIRS[move.a]
        return (b.at[0] + dq, b.at[1] + dr)

    def _cheapest(self, b: _Board, attack: bool, target: tuple[int, int] | None = None) -> int:
        """The fewest cards the pending kind of payment could take from this hand."""
        cell = b.king if attack else target
        assert cell is not None
        c = b.cells[cell]
        main = b.me["main"] if b.view["rules"]["perks"] else ""
        discount = (attack and main == "mercenary") or (not attack and not c["up"] and main == "scout")
        cost = COSTS[tile_cost(c["up"], _elem_index(c["element"]), attack, discount)]
        hand = tuple(b.hand)
        for size in (1, 2, 3):
            if any(p[1] == size and any(satisfies(p, combo) for combo in combinations(hand, size)) for p in cost):
                return size
        return 9

    def _move(self, b: _Board, legal: list[WHAction], budget: int) -> WHAction | None:
        """The cheapest affordable step that brings the hero closer to the demon king — or, next to him, onto a
        face-up tile of its main element beside him (to focus there)."""
        moves = [a for a in legal if a.kind is Kind.MOVE]
        if not moves:
            return None
        dist = b.distances_to_king()
        here = dist.get(b.at, 99)
        energy = len(b.me["energy"])
        charged = energy >= 2 or (energy >= 1 and not b.me["board_card"])
        best = None
        for a in moves:
            to = self._target(b, a)
            there = dist.get(to, 99)
            cost = self._cheapest(b, attack=False, target=to)
            if cost > budget:
                continue
            focus_spot = b.element_at(to) & b.main_bit and len(b.me["energy"]) < 3
            if here == 0:
                if there != 0 or not focus_spot or b.element_at(b.at) & b.main_bit:
                    continue
            elif there >= here:
                continue
            elif here > 1 and cost > 1 and not charged and budget - cost < self.caution:
                continue  # far away and uncharged only cheap steps; he comes to the heroes too
            key = (cost, there, 0 if focus_spot else 1, a.id)
            if best is None or key < best[0]:
                best = (key, a)
        return best[1] if best else None

    def _income_next_turn(self, b: _Board) -> bool:
        """Whether the supply row holds a card this hero could draw on from where it stands."""
        here = b.element_at(b.at)
        for n in b.neighbours(b.at):
            here |= b.element_at(n)
        return any(parse_kind(k) & here for k in b.view["supply"]["row"])

    def _in_danger(self, b: _Board) -> bool:
        return max(abs(b.at[0] - b.king[0]), abs(b.at[1] - b.king[1]),
                   abs(b.at[0] + b.at[1] - b.king[0] - b.king[1])) <= 2


EVAL_FEATURES = (
    "bias", "king_left", "king_hp", "curses", "rage", "exhaustion", "exhaustion_sq", "cards", "supply",
    "energy", "wounded", "distance", "revealed", "milestones", "king_face_up",
)
"""What ``evaluate`` weighs (team quantities, the same for every seat): a constant; the demon king's life left
(fraction, and in points /10); curses (/3) and rage toward his temper; how close the poorest hero is to the
exhaustion line (hand + deck below 10, linear and squared — 4 loses); the heroes' mean hand + deck (/20); spirit
cards left in the supply (deck + row, as a share of the 10X + 10 dealt); sword energy banked against his life (capped at 1.5); heroes within one
strike of being devoured (fraction); the heroes' mean distance to him (/6); the face-up share of the map (his rage
grows faster on face-up land); heroes past the third-energy milestone (fraction); his tile face up (cheaper
attacks)."""

EVAL_WEIGHTS = (0.58, -3.10, 0.17, -2.13, -0.52, -0.41, -1.25, 0.98, 2.25, 1.16, -0.84, -2.02, 1.87, 1.14, 0.86)
"""The logistic weights of ``EVAL_FEATURES``, fitted on heuristic team play (``benchmarks/fit_evaluate.py``)."""


def eval_features(state: WildHuntersState) -> list[float]:
    """``EVAL_FEATURES`` of a (full, possibly resampled) state."""
    fx = state.fx
    n = state.num_heroes
    totals = [len(state.hands[s]) + len(state.decks[s]) for s in range(n)]
    short = max(0, 10 - min(totals)) / 6.0
    strike = DEMON_KINGS[fx.king].strike
    dist = fx.geo.dist
    king = state.king_cell
    energy = sum(len(e) for e in state.energy)
    num_map = fx.geo.num_map
    return [
        1.0,
        state.king_hp / fx.king_max,
        state.king_hp / 10.0,
        state.curses / 3.0,
        state.rage / fx.temper,
        short,
        short * short,
        sum(totals) / (20.0 * n),
        (len(state.supply_deck) + len(state.supply_row)) / (10.0 * fx.supply_x + 10.0),
        min(1.5, energy / max(1, state.king_hp)),
        sum(1 for s in range(n) if state.hp[s] <= strike) / n,
        sum(dist[state.hero_cell[s]][king] - 1 for s in range(n)) / (6.0 * n),
        popcount(state.up & ((1 << num_map) - 1)) / num_map,
        sum(1 for s in range(n) if not state.board_card[s]) / n,
        1.0 if state.up >> king & 1 else 0.0,
    ]


def evaluate(state: WildHuntersState) -> float:
    """The team's prospects in [-1, 1]: the end result at the end; otherwise ``2·P(win) − 1`` with P the logistic
    of the weighted ``EVAL_FEATURES`` — progress against the demon king and survival (curses, exhaustion), as
    they predicted the outcome of heuristic team games."""
    if state.is_terminal():
        return state.returns()[0]
    z = sum(w * x for w, x in zip(EVAL_WEIGHTS, eval_features(state), strict=True))
    return math.tanh(z / 2.0)
