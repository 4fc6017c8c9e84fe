"""The pure rules of wild-hunters: what a payment is, which cards may go into one, the die and the base, and the
demon king's hunt. Everything is a small function of plain values (element masks, tuples), memoised where a
random playout asks the same question many times.

Costs (seed 003 · 移動 / 攻擊 / 休整) are numbered (``COSTS``); each is a choice of *patterns*. Cards are element
masks, and a spirit or god card may count as any one of its elements (gap 3-10, our reading):

>>> up_fire = tile_cost(True, 1, attack=False, discount=False)      # an adjacent face-up fire tile
>>> can_pay(up_fire, (FIRE,)), can_pay(up_fire, (WATER, WATER)), can_pay(up_fire, (FIRE | WATER,))
(True, True, True)
>>> can_pay(up_fire, (WATER, ROCK)), can_pay(tile_cost(False, 0, False, False), (WATER, FIRE | ROCK, ROCK))
(False, True)
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from tablecraft.core.rng import Rng

from .content import ALL_ELEMENTS, DEMON_KINGS, FIRE, KINDS, NUM_ELEMENTS, ROCK, WATER

__all__ = [
    "ANY", "COSTS", "DISTINCT", "FIRE", "MATCH", "PAIR_ANY", "REST_COST", "ROCK", "SAME_NOT", "WATER", "Pattern",
    "can_pay", "completes", "extends", "hand_info", "king_life", "king_prey", "king_step", "king_temper", "origin_move_cost", "pay_options", "payable",
    "satisfies", "shuffle", "side_facing", "tile_cost",
]

MATCH, SAME_NOT, DISTINCT, ANY = 0, 1, 2, 3
"""Pattern kinds: cards that may each be the tile's element; cards sharing one element other than the tile's;
cards that can take pairwise different elements; any cards at all."""

Pattern = tuple[int, int, int]
"""``(kind, size, element bit)``: one way to pay a cost."""

FACE_DOWN, FACE_DOWN_DISCOUNT, REST_COST, PAIR_ANY = 10, 11, 12, 13


def king_life(options: Any, king: int, heroes: int) -> int:
    """The demon king's starting life (惡鬼王生命指示物, set by his card): ``king_hp`` when the designer fixes it,
    else his card's life for ``heroes`` heroes from the ``king_life`` table (``tuned`` or the ``draft``).

    >>> king_life({"king_hp": 0, "king_life": "draft"}, 0, 3), king_life({"king_hp": 17, "king_life": "draft"}, 0, 3)
    (10, 17)
    """
    if options["king_hp"]:
        return int(options["king_hp"])
    return DEMON_KINGS[king].max_hp(heroes, options["king_life"])


def king_temper(options: Any, king: int, heroes: int) -> int:
    """The demon king's temper (怒氣上限, ours: the rage at which he unleashes a curse): ``king_temper`` when the
    designer fixes it, else his card's temper for ``heroes`` heroes from the ``king_life`` table (``tuned`` or
    the ``draft``'s 5 + N, 6 + N for stone).

    >>> king_temper({"king_temper": 0, "king_life": "draft"}, 2, 3), king_temper({"king_temper": 4, "king_life": "tuned"}, 2, 3)
    (9, 4)
    """
    if options["king_temper"]:
        return int(options["king_temper"])
    return DEMON_KINGS[king].temper(heroes, options["king_life"])


def _costs() -> tuple[tuple[Pattern, ...], ...]:
    out: list[tuple[Pattern, ...]] = []
    out += [((MATCH, 1, 1 << e), (SAME_NOT, 2, 1 << e)) for e in range(NUM_ELEMENTS)]
    out += [((MATCH, 1, 1 << e), (SAME_NOT, 1, 1 << e)) for e in range(NUM_ELEMENTS)]
    out += [((DISTINCT, 3, 0),), ((DISTINCT, 2, 0),), ((ANY, 1, 0),), ((SAME_NOT, 2, 0),)]
    return tuple(out)


COSTS: tuple[tuple[Pattern, ...], ...] = _costs()
"""Every price in the game, by id: 0–4 a face-up tile of element e (1 card of e, or 2 cards sharing another
element); 5–9 the same with the mercenary's discount (1 card of e, or 1 card of another element); 10 a face-down
tile (3 cards of different elements); 11 the same with a discount (2 different); 12 resting (any 1 card) — also
reading (b) of 移動 ① (option ``move_match=origin``); 13 reading (b) of 移動 ②: 2 cards sharing any element."""


def tile_cost(face_up: bool, element: int, attack: bool, discount: bool) -> int:
    """The id of the price for moving onto (or attacking the demon king on) a tile of element index ``element``.

    Seed 003 · 移動: face up and the same element — 1 card; face up and another element — 2 cards of one element;
    face down — 3 cards of three different elements (and the tile is turned up). 攻擊 uses the same prices on the
    demon king's tile: 1 card of its element or 2 of one other element, or 3 different ones when it is face down
    (gap 3-15: "the same element" is the card's and the tile's). ``discount`` is a perk (ours): the mercenary's
    attacks and the scout's moves onto face-down tiles cost one card fewer.
    """
    if face_up:
        return element + 5 if attack and discount else element
    return FACE_DOWN_DISCOUNT if discount else FACE_DOWN


def origin_move_cost(same_element: bool) -> int:
    """The price of stepping onto a face-up tile under reading (b) of 移動 ①/② (option ``move_match=origin``): the
    tile's element is compared with the tile the hero stands on — the same element costs any 1 card (①
    「捨棄1張手牌」), another element 2 cards sharing an element, any element (② 「捨棄2張屬性相同的手牌」)."""
    return REST_COST if same_element else PAIR_ANY


def _matching(cards: Sequence[int], allowed: int) -> int:
    """The most cards that can take pairwise different elements within ``allowed`` (augmenting paths)."""
    owner = [-1] * NUM_ELEMENTS

    def augment(i: int, seen: int) -> tuple[bool, int]:
        m = cards[i] & allowed
        for e in range(NUM_ELEMENTS):
            if m >> e & 1 and not seen >> e & 1:
                seen |= 1 << e
                if owner[e] < 0:
                    owner[e] = i
                    return True, seen
                ok, seen = augment(owner[e], seen)
                if ok:
                    owner[e] = i
                    return True, seen
        return False, seen

    return sum(1 for i in range(len(cards)) if augment(i, 0)[0])


def _extends(pattern: Pattern, now: Sequence[int], rest: Sequence[int]) -> bool:
    """True when ``need`` more cards of ``rest`` turn the cards ``now`` into a payment of ``pattern``."""
    kind, size, element = pattern
    need = size - len(now)
    if need < 0 or need > len(rest):
        return False
    if kind == ANY:
        return True
    if kind == MATCH:
        return all(m & element for m in now) and sum(1 for m in rest if m & element) >= need
    if kind == SAME_NOT:
        common = ALL_ELEMENTS & ~element
        for m in now:
            common &= m
        return any(common >> e & 1 and sum(1 for m in rest if m >> e & 1) >= need for e in range(NUM_ELEMENTS))
    # DISTINCT: give the cards already chosen different elements, then match ``need`` more among the others
    def assign(i: int, used: int) -> bool:
        if i == len(now):
            return _matching(rest, ALL_ELEMENTS & ~used) >= need
        m = now[i] & ~used
        return any(m >> e & 1 and assign(i + 1, used | 1 << e) for e in range(NUM_ELEMENTS))

    return assign(0, 0)


def extends(pattern: Pattern, now: Sequence[int], rest: Sequence[int]) -> bool:
    """True when some cards of ``rest`` added to the cards ``now`` pay ``pattern`` (``now`` empty: ``rest`` can
    pay it at all) — what a price told before the payment may offer."""
    return _extends(pattern, now, rest)


def satisfies(pattern: Pattern, masks: Sequence[int]) -> bool:
    """True when exactly these cards pay ``pattern``."""
    return len(masks) == pattern[1] and _extends(pattern, masks, ())


@lru_cache(maxsize=1 << 16)
def completes(cost: int, paid: tuple[int, ...]) -> bool:
    """True when the cards paid so far settle price ``cost``: payment stops at the first pattern met."""
    return any(satisfies(p, paid) for p in COSTS[cost])


@lru_cache(maxsize=1 << 16)
def hand_info(hand: tuple[int, ...]) -> tuple[int, tuple[int, ...]]:
    """``(payable(hand), the distinct kinds of hand in codec order)`` — one memo lookup for the action menu."""
    kinds = set(hand)
    return payable(hand), tuple(m for m in KINDS if m in kinds)


@lru_cache(maxsize=1 << 16)
def payable(hand: tuple[int, ...]) -> int:
    """A bit mask over the price ids: bit *c* is set when some cards of ``hand`` (sorted masks) pay ``COSTS[c]``.

    Counted directly rather than searched: cards able to be each element, one matching for the distinct prices.
    """
    count = [0] * NUM_ELEMENTS
    union = 0
    for m in hand:
        union |= m
        for e in range(NUM_ELEMENTS):
            if m >> e & 1:
                count[e] += 1
    out = 0
    for e in range(NUM_ELEMENTS):
        if count[e]:
            out |= 1 << e | 1 << (e + 5)  # one card of the tile's element
        elif any(m & ~(1 << e) for m in hand):
            out |= 1 << (e + 5)  # discounted: one card of another element
        if any(count[a] >= 2 for a in range(NUM_ELEMENTS) if a != e):
            out |= 1 << e  # two cards sharing another element
    distinct = _matching(hand, ALL_ELEMENTS) if len(hand) >= 2 else len(hand)
    if distinct >= 3:
        out |= 1 << FACE_DOWN
    if distinct >= 2:
        out |= 1 << FACE_DOWN_DISCOUNT
    if hand:
        out |= 1 << REST_COST
    if any(c >= 2 for c in count):
        out |= 1 << PAIR_ANY
    return out


def can_pay(cost: int, hand: tuple[int, ...]) -> bool:
    """True when some cards of ``hand`` (sorted masks) pay price ``cost``."""
    return bool(payable(hand) >> cost & 1)


@lru_cache(maxsize=1 << 16)
def pay_options(cost: int, paid: tuple[int, ...], hand: tuple[int, ...]) -> tuple[int, ...]:
    """The card kinds of ``hand`` (sorted masks) that may be paid next toward ``cost`` given the kinds ``paid``:
    those after which the payment can still be completed from the rest of the hand. In codec order."""
    kinds = set(hand)
    if cost == REST_COST or 5 <= cost < 10:
        out = kinds  # any one card settles it
    elif cost == PAIR_ANY:  # two cards sharing an element, whichever it is
        if paid:
            out = {m for m in kinds if paid[0] & m}
        else:
            out = set()
            for m in kinds:
                rest = list(hand)
                rest.remove(m)
                if any(m & r for r in rest):
                    out.add(m)
    elif cost < 5:
        bit = 1 << cost
        if paid:  # the first card lacked the tile's element: a second must share another element with it
            out = {m for m in kinds if paid[0] & m & ~bit}
        else:
            out = set()
            for m in kinds:
                if m & bit:
                    out.add(m)
                    continue
                rest = list(hand)
                rest.remove(m)
                if any(m & r & ~bit for r in rest):
                    out.add(m)
    else:
        # pairwise-different elements: a set of cards that can be matched to elements extends to a largest
        # matching (augmenting paths keep matched cards matched), so a card may go next exactly when it and the
        # cards paid can take different elements and the whole lot can still reach the price's size
        size = COSTS[cost][0][1]
        if _matching((*paid, *hand), ALL_ELEMENTS) < size:
            return ()
        out = {m for m in kinds if _hall((*paid, m))}
    return tuple(m for m in KINDS if m in out)


def _hall(cards: tuple[int, ...]) -> bool:
    """True when every card can take a different element (Hall's condition, for a handful of cards)."""
    n = len(cards)
    for sub in range(1, 1 << n):
        union = 0
        for i in range(n):
            if sub >> i & 1:
                union |= cards[i]
        if bin(union).count("1") < bin(sub).count("1"):
            return False
    return True


_SPAN = 1 << 40
"""A 64-bit draw serves several shuffle steps while the product of their ranges stays below 2⁴⁰, so each step's
bias stays below 2⁻²⁴ (its range over the 2²⁴ values left)."""


def shuffle(rng: Rng, items: list[Any]) -> None:
    """Fisher–Yates shuffle of ``items`` in place, drawing from the state's ``rng`` — several steps per 64-bit
    draw (a mixed-radix split of one output), since shuffles dominate the cost of a deal."""
    z = span = 0
    for i in range(len(items) - 1, 0, -1):
        r = i + 1
        if span < r:
            z = rng.next64()
            span = _SPAN
        j = z % r
        z //= r
        span //= r
        items[i], items[j] = items[j], items[i]


def side_facing(base: tuple[int, ...], rotation: int, direction: int) -> int:
    """The element on the side of the demon king's base that faces ``direction`` (or ``BLANK``, his face).

    ``base[i]`` faces direction ``i`` at rotation 0; each clockwise turn moves every side one direction clockwise,
    so the side facing ``direction`` is ``base[(direction + rotation) % 6]``.

    >>> side_facing((0, 1, 2, 3, 4, 5), 1, 0)   # 5: his face (content.BLANK)
    1
    """
    return base[(direction + rotation) % 6]


def king_prey(nb: tuple[tuple[int, ...], ...], king: int, heroes: list[int], blocked: int, stunned: int) -> int:
    """Which hero the demon king hunts (ours, gap 3-8): the one he can reach soonest (fewest steps to stand next
    to it, over cells not ``blocked``); ties go to the ``stunned`` hero (the seat whose stun card woke him), then
    to the lowest seat. Returns a seat.

    >>> nb = ((1, -1), (2, 0), (-1, 1))          # a line of three cells: 0 – 1 – 2
    >>> king_prey(nb, 0, [2, 1], 0b110, stunned=0)
    1
    """
    near = [{m for m in nb[h] if m >= 0} for h in heroes]
    seen = {king}
    layer = [king]
    while layer:  # breadth first, a layer at a time, stopping at the first layer that stands next to a hero
        here = set(layer)
        found = [seat for seat in range(len(heroes)) if near[seat] & here]
        if found:
            return stunned if stunned in found else found[0]
        nxt = []
        for c in layer:
            for m in nb[c]:
                if m >= 0 and m not in seen and not blocked >> m & 1:
                    seen.add(m)
                    nxt.append(m)
        layer = nxt
    return stunned  # no hero can be reached: he turns toward the one who woke him (and cannot move)


def king_step(nb: tuple[tuple[int, ...], ...], king: int, target: int, blocked: int) -> int:
    """The cell the demon king steps to when he hunts the hero on ``target`` (ours, gap 3-8), or -1 to stay.

    He walks over cells not in the ``blocked`` bit mask (heroes and camps), along a shortest path to any cell next
    to the target; among equal steps he takes the first in direction order (e, ne, nw, w, sw, se). He stays when he
    is already next to the target or no path exists.
    """
    if target in nb[king]:
        return -1
    far = 1 << 30
    dist: dict[int, int] = {target: 0}
    todo = deque([target])
    while todo:
        c = todo.popleft()
        for m in nb[c]:
            if m < 0 or m in dist or (blocked >> m & 1 and m != king):
                continue
            dist[m] = dist[c] + 1
            if m == king:
                todo.clear()
                break
            todo.append(m)
    here = dist.get(king, far)
    if here >= far:
        return -1
    for m in nb[king]:
        if m >= 0 and not blocked >> m & 1 and dist.get(m, far) == here - 1:
            return m
    return -1
