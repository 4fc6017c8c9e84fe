"""The pure rules of xeno-faction: row targeting, attack arithmetic, face-card effects, special-placement sums.

Everything here is a small function of plain values, so the seed's tables test it directly. Rows are 0 (♦,
row 1), 1 (♠, row 2), 2 (♣, row 3); ``DIRECT`` (3) is the player.

>>> targets(0, (False, False, True))   # ♦ row, only the opponent's ♣ row occupied: ♦ ③
(2,)
>>> attack_damage(3, 0, 2)             # … and the damage is doubled
6
>>> targets(1, (False, False, True))   # ♠ row against the same field: ♠ ④, no attack
()
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from .spec import DIRECT, MIN_SPLIT_CARDS, NUM_ROWS, RANK, VALUE, J, K, Q

Occupancy = tuple[bool, bool, bool]
"""Whether each of the defender's rows holds a normal card (被放置的牌存在, gap 1-13: normal cards count)."""


def targets(row: int, occupied: Occupancy) -> tuple[int, ...]:
    """Where an attack from ``row`` may go, by the seed's 攻击规则 (with the typo of ♠ ② read as gap 1-12).

    ♦ row: ① the ♦ row if occupied, ② else the ♠ row, ③ else the ♣ row (damage doubled), ④ else the player.
    ♠ row: ① the ♦ row, or the ♠ row if it is occupied too; ③ ♦ occupied but ♠ empty: the ♦ row only; ② ♦ empty:
    the ♠ row only; ④ ♦ and ♠ empty: no attack, ⑤ unless all three are empty: the player.
    ♣ row: ① the ♦ row if occupied; ② ♦ empty: the ♣ row only; ③ ♦ and ♣ empty with ♠ occupied: no attack;
    ④ ♦ and ♠ empty: the ♣ row; ⑤ all empty: the player.

    >>> targets(1, (True, True, False)), targets(1, (True, False, True)), targets(2, (False, True, False))
    ((0, 1), (0,), ())
    """
    d, s, c = occupied
    if not (d or s or c):
        return (DIRECT,)
    if row == 0:
        return (0,) if d else (1,) if s else (2,)
    if row == 1:
        if d:
            return (0, 1) if s else (0,)
        return (1,) if s else ()
    if d:
        return (0,)
    return (2,) if c else ()


TARGETS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(targets(r, (bool(m & 1), bool(m & 2), bool(m & 4))) for m in range(8)) for r in range(NUM_ROWS)
)
"""``TARGETS[row][mask]``: ``targets`` precomputed, ``mask`` bit *i* set when defender row *i* is occupied."""


def attack_damage(value: int, row: int, target: int) -> int:
    """攻击伤害计算 ①: the removed card's value; ♦ ③: doubled when the ♦ row hits the ♣ row (gap 1-14)."""
    return value * 2 if row == 0 and target == 2 else value


_RANK_OF = RANK.__getitem__


def row_total(cards: Iterable[int]) -> int:
    """The sum of a row's normal cards (所有被放置的普通牌数字总和)."""
    return sum(map(_RANK_OF, cards))


def points(cards: Iterable[int]) -> int:
    """Points of any cards (大王's damage, 除外区 sums): ranks, J/Q/K 1 (花牌算作一点), jokers 0 (gap 1-6)."""
    return sum(VALUE[c] for c in cards)


def lowest(cards: Sequence[int]) -> list[int]:
    """The cards of lowest rank in a row (several when ranks tie, gap 1-11: the defender chooses).

    >>> from tablecraft.core.cards import parse_cards
    >>> [RANK[c] for c in lowest(parse_cards("5D 3H 3D 9H"))]
    [3, 3]
    """
    low = min(RANK[c] for c in cards)
    return [c for c in cards if RANK[c] == low]


def face_effects(faces: Iterable[int], since: Iterable[int], turn: int) -> tuple[bool, bool, bool]:
    """Which of J 分裂新生, Q 深渊的呼唤, K 域外充能 a row's face cards give now.

    The same face card twice counts once, different ones stack (①②): the result is a set of effects. J works
    from its owner's next turn (下一个自己回合开始), Q from the turn it is placed (放置的这回合开始), K from the
    next turn (放置的下一回合开始): ``since`` is each card's placement turn.

    >>> from tablecraft.core.cards import parse_cards
    >>> face_effects(parse_cards("QD KD"), [4, 4], 4), face_effects(parse_cards("JD JD"), [1, 2], 4)
    ((False, True, False), (True, False, False))
    """
    j = q = k = False
    for card, t in zip(faces, since, strict=True):
        r = RANK[card]
        if r == Q:
            q = True
        elif t < turn:
            if r == J:
                j = True
            elif r == K:
                k = True
    return j, q, k


def summon_choices(available: Sequence[int], need: int, picked: int, last: int) -> list[int]:
    """分裂新生's special placement, one card at a time: the cards that may be picked next.

    The whole choice is "three or more normal cards, any suits, whose ranks sum to the moved card's rank"
    (任意大于2的数量、任意花色，只要点数总和等于…). It is made as a sequence of picks in increasing card order
    (so each set is reached one way); a card is offered only if the set can still be completed exactly, so a
    started placement never gets stuck. ``available`` are the owner's candidate cards, ``need`` the ranks still to
    fill, ``picked`` how many are chosen, ``last`` the last card picked (-1 at first).

    >>> from tablecraft.core.cards import parse_cards, card_str
    >>> pool = parse_cards("AS AH 2C 3D 5S")
    >>> [card_str(c) for c in summon_choices(pool, 4, 0, -1)]   # 4 = A + A + 2 only, picked from the lowest id
    ['AS']
    >>> [card_str(c) for c in summon_choices(pool, 3, 1, parse_cards("AS")[0])]
    ['AH']
    """
    cards = sorted(c for c in available if c > last and RANK[c] <= need)
    mask = (1 << (need + 1)) - 1
    reach = [1, 0, 0, 0]  # reach[k]: sums reachable with k (3 = three or more) cards of those with a larger id
    out: list[int] = []
    for c in reversed(cards):
        r = RANK[c]
        rest = need - r
        at_least = max(0, MIN_SPLIT_CARDS - picked - 1)
        if any(reach[k] >> rest & 1 for k in range(at_least, 4)):
            out.append(c)
        for k in (3, 2, 1, 0):
            if reach[k]:
                reach[min(k + 1, 3)] |= (reach[k] << r) & mask
    out.reverse()
    return out
