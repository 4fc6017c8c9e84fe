"""xeno-faction actions: every decision is small, each with a fixed codec id.

Cards in actions belong to the deciding player's own deck (``5D`` is *my* ♦5), except in ``dispel``/``remove``,
whose row is named. Rows are ``row1`` (♦), ``row2`` (♠), ``row3`` (♣); ``own``/``opp`` are relative to the mover.

======================  ================================================================================
``discard 5D``          准备阶段: discard a card while the hand is over the check (7 or more → 5)
``place 5D row1``       放置: a normal card (A–10) into a row (♥ into row1 or row2)
``extra 7C``            额外区: a ♦/♠/♣ 3–10 into the extra zone of its suit
``pair 2D 3D``          额外区 effect: two cards summing to my extra-zone card, placed together
``place QD``            a ♦/♠/♣ J, Q or K into its row
``replace JD``          the row already had two face cards: the old one pushed out
``dispel JH opp row2``  解万法者 (♥J/Q/K): remove the face cards of one row of either side
``remove QD``           (``dispel=pick``) remove that one face card; ``remove all``: both
``place JKR row2``      大王 深渊魔法 into a row holding one of my normal cards
``knight``              小王 深渊骑士: destroy the opponent's 大王 (my turn, or answering its placement)
``decline``             let the opponent's 大王 be (the 小王 window)
``split 7D``            J 分裂新生: move a 3–10 of the J's row into the extra zone of its suit
``summon 2S row2``      分裂新生's special placement (特殊放置), one card at a time; ``skip``: none
``charge1 5D``          K 域外充能 ①: exile my 5 and one 5 of the opponent's choice; ``charge2 5D`` ②;
                        ``charge3 row1`` ③ exile the whole row
``give 5H``             the opponent's choice for ① / ③
``done``                end the placement phase
``attack row1 row2``    attack from one of my rows at a row of the opponent's, or ``direct``
``pass``                no attack: end the turn
``lose 3H``             (defender) which of several equal lowest cards the attack removes
``fight`` / ``yield``   大王 against 大王: put the row's suit from hand down, or give up
======================  ================================================================================

>>> str(ACTIONS[place(make_card(5, Suit.HEARTS), 1)]), str(ACTIONS[attack(0, DIRECT)])
('place 5H row2', 'attack row1 direct')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tablecraft.core.actions import Action, ActionCodec
from tablecraft.core.cards import DECK_SIZE, Suit, card_str, make_card

from .spec import (
    BIG_JOKER,
    DIRECT,
    FACE_ROW,
    HEART_FACES,
    IS_NORMAL,
    NUM_ROWS,
    RANK,
    ROW_SUIT,
    ROWS_OF,
    SUIT,
    ZONE_OF,
)

__all__ = ["ACTIONS", "CODEC", "Kind", "XFAction", "make_card", "Suit"]


class Kind(IntEnum):
    """The kinds of decision."""

    DONE = 0
    PASS = 1
    DECLINE = 2
    KNIGHT = 3
    SKIP = 4
    FIGHT = 5
    YIELD = 6
    REMOVE_ALL = 7
    DISCARD = 8
    PLACE = 9
    EXTRA = 10
    PAIR = 11
    FACE = 12
    REPLACE = 13
    DISPEL = 14
    REMOVE = 15
    JOKER = 16
    SPLIT = 17
    SUMMON = 18
    CHARGE1 = 19
    CHARGE2 = 20
    CHARGE3 = 21
    GIVE = 22
    ATTACK = 23
    LOSE = 24


SIDE_NAMES = ("own", "opp")
"""``dispel`` sides, relative to the mover."""


def row_name(row: int) -> str:
    """``row1`` … ``row3`` for row 0 … 2, ``direct`` for the player."""
    return "direct" if row == DIRECT else f"row{row + 1}"


@dataclass(frozen=True, slots=True, eq=False)
class XFAction(Action):
    """One xeno-faction decision; ``a``, ``b``, ``c`` are its arguments (card, row, side, target)."""

    kind: Kind = Kind.DONE
    a: int = -1
    b: int = -1
    c: int = -1

    def __str__(self) -> str:
        k, a, b = self.kind, self.a, self.b
        if k is Kind.REMOVE_ALL:
            return "remove all"
        if k is Kind.DISCARD:
            return f"discard {card_str(a)}"
        if k is Kind.PLACE or k is Kind.SUMMON:
            return f"{'place' if k is Kind.PLACE else 'summon'} {card_str(a)} {row_name(b)}"
        if k is Kind.EXTRA:
            return f"extra {card_str(a)}"
        if k is Kind.PAIR:
            return f"pair {card_str(a)} {card_str(b)}"
        if k is Kind.FACE:
            return f"place {card_str(a)}"
        if k is Kind.JOKER:
            return f"place JKR {row_name(b)}"
        if k is Kind.DISPEL:
            return f"dispel {card_str(a)} {SIDE_NAMES[b]} {row_name(self.c)}"
        if k is Kind.CHARGE3:
            return f"charge3 {row_name(b)}"
        if k is Kind.ATTACK:
            return f"attack {row_name(a)} {row_name(b)}"
        if k in _CARD_WORD:
            return f"{_CARD_WORD[k]} {card_str(a)}"
        return k.name.lower()


_CARD_WORD = {Kind.REPLACE: "replace", Kind.REMOVE: "remove", Kind.SPLIT: "split", Kind.CHARGE1: "charge1",
              Kind.CHARGE2: "charge2", Kind.GIVE: "give", Kind.LOSE: "lose"}

NORMALS = tuple(c for c in range(DECK_SIZE) if IS_NORMAL[c])
"""The 40 normal cards (A–10) of a deck."""
ROW_FACES = tuple(c for c in range(DECK_SIZE) if FACE_ROW[c] >= 0)
"""The nine ♦/♠/♣ J, Q, K."""
ZONE_CARDS = tuple(c for c in range(DECK_SIZE) if ZONE_OF[c] >= 0)
"""The 24 ♦/♠/♣ 3–10 that may enter an extra zone."""
PAIRS: tuple[tuple[int, int], ...] = tuple(
    (x, y) for s in ROW_SUIT for x in range(DECK_SIZE) for y in range(x + 1, DECK_SIZE)
    if SUIT[x] == s and SUIT[y] == s and IS_NORMAL[x] and IS_NORMAL[y] and 3 <= RANK[x] + RANK[y] <= 10
)
"""Two cards of one ♦/♠/♣ suit whose ranks sum to 3–10: the pairs an extra-zone card can call (额外区效果)."""


def _build() -> list[XFAction]:
    specs: list[tuple[Kind, int, int, int]] = [
        (k, -1, -1, -1) for k in (Kind.DONE, Kind.PASS, Kind.DECLINE, Kind.KNIGHT, Kind.SKIP, Kind.FIGHT,
                                  Kind.YIELD, Kind.REMOVE_ALL)
    ]
    specs += [(Kind.DISCARD, c, -1, -1) for c in range(DECK_SIZE)]
    specs += [(Kind.PLACE, c, r, -1) for c in NORMALS for r in ROWS_OF[c]]
    specs += [(Kind.EXTRA, c, -1, -1) for c in ZONE_CARDS]
    specs += [(Kind.PAIR, x, y, -1) for x, y in PAIRS]
    specs += [(Kind.FACE, c, -1, -1) for c in ROW_FACES]
    specs += [(Kind.REPLACE, c, -1, -1) for c in ROW_FACES]
    specs += [(Kind.DISPEL, c, side, r) for c in HEART_FACES for side in (0, 1) for r in range(NUM_ROWS)]
    specs += [(Kind.REMOVE, c, -1, -1) for c in ROW_FACES]
    specs += [(Kind.JOKER, BIG_JOKER, r, -1) for r in range(NUM_ROWS)]
    specs += [(Kind.SPLIT, c, -1, -1) for c in ZONE_CARDS]
    specs += [(Kind.SUMMON, c, r, -1) for c in NORMALS for r in ROWS_OF[c]]
    specs += [(Kind.CHARGE1, c, -1, -1) for c in NORMALS]
    specs += [(Kind.CHARGE2, c, -1, -1) for c in NORMALS]
    specs += [(Kind.CHARGE3, -1, r, -1) for r in range(NUM_ROWS)]
    specs += [(Kind.GIVE, c, -1, -1) for c in NORMALS]
    specs += [(Kind.ATTACK, a, t, -1) for a in range(NUM_ROWS) for t in range(NUM_ROWS + 1)]
    specs += [(Kind.LOSE, c, -1, -1) for c in NORMALS]
    return [XFAction(i, k, a, b, c) for i, (k, a, b, c) in enumerate(specs)]


ACTIONS: tuple[XFAction, ...] = tuple(_build())
"""Every action, indexed by id; the state hands out these shared objects."""
CODEC: ActionCodec[XFAction] = ActionCodec(ACTIONS)

_first: dict[Kind, int] = {}
_index: dict[tuple[Kind, int, int, int], int] = {}
for _act in ACTIONS:
    _first.setdefault(_act.kind, _act.id)
    _index[(_act.kind, _act.a, _act.b, _act.c)] = _act.id

DONE = _first[Kind.DONE]
PASS = _first[Kind.PASS]
DECLINE = _first[Kind.DECLINE]
KNIGHT = _first[Kind.KNIGHT]
SKIP = _first[Kind.SKIP]
FIGHT = _first[Kind.FIGHT]
YIELD = _first[Kind.YIELD]
REMOVE_ALL = _first[Kind.REMOVE_ALL]


def _table(kind: Kind) -> tuple[int, ...]:
    """Action id of ``kind`` for each card (``-1`` where the card has no such action)."""
    return tuple(_index.get((kind, c, -1, -1), -1) for c in range(DECK_SIZE))


DISCARD = _table(Kind.DISCARD)
EXTRA = _table(Kind.EXTRA)
FACE = _table(Kind.FACE)
REPLACE = _table(Kind.REPLACE)
REMOVE = _table(Kind.REMOVE)
SPLIT = _table(Kind.SPLIT)
CHARGE1 = _table(Kind.CHARGE1)
CHARGE2 = _table(Kind.CHARGE2)
GIVE = _table(Kind.GIVE)
LOSE = _table(Kind.LOSE)
PLACE: tuple[tuple[int, ...], ...] = tuple(
    tuple(_index.get((Kind.PLACE, c, r, -1), -1) for r in range(NUM_ROWS)) for c in range(DECK_SIZE)
)
"""``PLACE[card][row]``: the id of placing a normal card in a row (-1 where not allowed)."""
SUMMON: tuple[tuple[int, ...], ...] = tuple(
    tuple(_index.get((Kind.SUMMON, c, r, -1), -1) for r in range(NUM_ROWS)) for c in range(DECK_SIZE)
)
"""``SUMMON[card][row]``: the id of specially placing a card in a row."""
JOKER = tuple(_index[(Kind.JOKER, BIG_JOKER, r, -1)] for r in range(NUM_ROWS))
CHARGE3 = tuple(_index[(Kind.CHARGE3, -1, r, -1)] for r in range(NUM_ROWS))
ATTACK: tuple[tuple[int, ...], ...] = tuple(
    tuple(_index[(Kind.ATTACK, a, t, -1)] for t in range(NUM_ROWS + 1)) for a in range(NUM_ROWS)
)
"""``ATTACK[row][target]`` (target 3 = direct)."""
PAIR: dict[tuple[int, int], int] = {(x, y): _index[(Kind.PAIR, x, y, -1)] for x, y in PAIRS}


def dispel(card: int, side: int, row: int) -> int:
    """The id of using ♥ ``card`` on ``row`` of ``side`` (0 own, 1 opponent's)."""
    return _index[(Kind.DISPEL, card, side, row)]


def place(card: int, row: int) -> int:
    """The id of placing normal ``card`` in ``row``."""
    return PLACE[card][row]


def attack(row: int, target: int) -> int:
    """The id of attacking from ``row`` at ``target`` (a row, or ``DIRECT``)."""
    return ATTACK[row][target]

