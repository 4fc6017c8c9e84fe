"""wild-hunters actions: each decision is small (what to do → which card, one card at a time), each with a fixed id.

Notation (``str(action)``, parsed back by ``parse_action``; card kinds are element letters W F R T G — water, fire,
rock, thunder, gale/wind — and Chinese 水火岩雷風 is accepted too):

====================  ===========================================================================================
``move ne``           move to the neighbouring tile in a direction (e ne nw w sw se), then pay for it (移動)
``attack``            attack the adjacent demon king, then pay for it (攻擊)
``rest``              rest (休整): pay (discard) any one card and recover 1 life; then ``swap`` or ``keep``
``pay WF``            put a card of that kind from hand toward the pending move, attack or rest
``release 2``         after paying for an attack, release that many sword energy (+1 damage each; ours)
``focus W``           place a card of your main profession's element as sword energy and draw one (集中)
``swap`` / ``keep``   exchange the main and second professions, or not
``profession knight``  take a second profession at the first three sword energy
``acquire WFG``       take that spirit/god card from the supply into hand (汲取; ours)
``end``               declare the end of your actions (宣告行動結束)
``cancel``            take back a move, attack or rest before its first card is paid (取消; the codec's last id)
====================  ===========================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tablecraft.core.actions import Action, ActionCodec

from .content import KINDS, PROFESSIONS, SUPPLY_KINDS, kind_str
from .hexmap import DIR_NAMES


class Kind(IntEnum):
    """The kinds of decision."""

    MOVE = 0
    ATTACK = 1
    FOCUS = 2
    REST = 3
    ACQUIRE = 4
    END = 5
    PAY = 6
    RELEASE = 7
    SWAP = 8
    KEEP = 9
    PROFESSION = 10
    CANCEL = 11


@dataclass(frozen=True, slots=True, eq=False)
class WHAction(Action):
    """One wild-hunters decision; ``a`` is its argument (direction, card kind mask, count or profession)."""

    kind: Kind = Kind.END
    a: int = -1

    def __str__(self) -> str:
        k, a = self.kind, self.a
        if k is Kind.MOVE:
            return f"move {DIR_NAMES[a]}"
        if k in (Kind.FOCUS, Kind.ACQUIRE, Kind.PAY):
            return f"{k.name.lower()} {kind_str(a)}"
        if k is Kind.RELEASE:
            return f"release {a}"
        if k is Kind.PROFESSION:
            return f"profession {PROFESSIONS[a].id}"
        return k.name.lower()


def _build() -> list[WHAction]:
    specs: list[tuple[Kind, int]] = [(Kind.MOVE, d) for d in range(6)]
    specs.append((Kind.ATTACK, -1))
    specs += [(Kind.FOCUS, m) for m in KINDS]
    specs.append((Kind.REST, -1))
    specs += [(Kind.ACQUIRE, m) for m in SUPPLY_KINDS]
    specs.append((Kind.END, -1))
    specs += [(Kind.PAY, m) for m in KINDS]
    specs += [(Kind.RELEASE, n) for n in range(4)]
    specs += [(Kind.SWAP, -1), (Kind.KEEP, -1)]
    specs += [(Kind.PROFESSION, p) for p in range(len(PROFESSIONS))]
    specs.append((Kind.CANCEL, -1))  # last, whatever is added before it: ids of older actions never move
    return [WHAction(i, k, a) for i, (k, a) in enumerate(specs)]


ACTIONS: tuple[WHAction, ...] = tuple(_build())
"""Every action, indexed by id; the state hands out these shared objects."""
CODEC: ActionCodec[WHAction] = ActionCodec(ACTIONS, cancel=ACTIONS[-1])


def _by_kind(kind: Kind) -> dict[int, WHAction]:
    return {x.a: x for x in ACTIONS if x.kind is kind}


MOVE: tuple[WHAction, ...] = tuple(_by_kind(Kind.MOVE)[d] for d in range(6))
ATTACK = _by_kind(Kind.ATTACK)[-1]
FOCUS: dict[int, WHAction] = _by_kind(Kind.FOCUS)
"""By card kind mask."""
REST = _by_kind(Kind.REST)[-1]
ACQUIRE: dict[int, WHAction] = _by_kind(Kind.ACQUIRE)
END = _by_kind(Kind.END)[-1]
PAY: dict[int, WHAction] = _by_kind(Kind.PAY)
RELEASE: tuple[WHAction, ...] = tuple(_by_kind(Kind.RELEASE)[n] for n in range(4))
SWAP = _by_kind(Kind.SWAP)[-1]
KEEP = _by_kind(Kind.KEEP)[-1]
PROFESSION: tuple[WHAction, ...] = tuple(_by_kind(Kind.PROFESSION)[p] for p in range(len(PROFESSIONS)))
CANCEL = _by_kind(Kind.CANCEL)[-1]
