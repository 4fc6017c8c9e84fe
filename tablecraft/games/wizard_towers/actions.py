"""wizard-towers actions: every decision is small (target → cards → action card), each with a fixed codec id.

Notation (``str(action)``, parsed back by ``parse_action``):

===================  ==============================================================================
``draw orange``      draw from the orange / blue / green exploration bag (抓牌)
``stop``             draw no (more) cards now
``pass``             end the turn without attacking or adjusting towers
``attack blue``      attack a seat (``orange``, ``blue``, ``purple``) or a tower (``left``/``right``/``main``)
``play KS``          put a hand card face down into the battle (attack or defence)
``play main#2``      put a tower card into the battle (the wizard defending that tower, blind)
``done``             finish choosing cards (``done`` with no card = no defence) or end a tower adjustment
``lead 2``           choose the 1st or 2nd played card as the action card (行动花色)
``substitute``       (the other warrior) defend in the attacked warrior's place (代替防守)
``decline``          do not substitute
``place 7H left``    the wizard places a hand card on a tower (调整: 1 point)
``swap 7H main#1``   the wizard exchanges a hand card and a tower card (2 points)
``swap left#1 main#2`` the wizard exchanges two tower cards between towers (2 points)
``discard 3C``       discard a card over the hand limit to the junk bag (废品包裹)
===================  ==============================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tablecraft.core.actions import Action, ActionCodec
from tablecraft.core.cards import DECK_SIZE, card_str

from .spec import BAG_NAMES, SEAT_NAMES, TOWER_NAMES, TOWER_SLOTS


class Kind(IntEnum):
    """The kinds of decision."""

    DRAW = 0
    STOP = 1
    PASS = 2
    ATTACK_SEAT = 3
    ATTACK_TOWER = 4
    PLAY_CARD = 5
    PLAY_TOWER = 6
    DONE = 7
    LEAD = 8
    SUBSTITUTE = 9
    DECLINE = 10
    PLACE = 11
    SWAP_HAND = 12
    SWAP_TOWERS = 13
    DISCARD = 14


def slot_name(slot: int) -> str:
    """``left#1`` … ``main#2`` for a tower slot index (see ``TOWER_SLOTS``)."""
    tower, pos = TOWER_SLOTS[slot]
    return f"{TOWER_NAMES[tower]}#{pos + 1}"


TOWER_PAIRS: tuple[tuple[int, int], ...] = tuple(
    (a, b) for a in range(4) for b in range(a + 1, 4) if TOWER_SLOTS[a][0] != TOWER_SLOTS[b][0]
)
"""Slot pairs on different towers that the wizard may exchange (a swap within one tower changes nothing)."""


@dataclass(frozen=True, slots=True, eq=False)
class WTAction(Action):
    """One wizard-towers decision. ``a`` and ``b`` are its arguments (bag, seat, tower, card, slot, index)."""

    kind: Kind = Kind.STOP
    a: int = -1
    b: int = -1

    def __str__(self) -> str:
        k, a, b = self.kind, self.a, self.b
        if k is Kind.DRAW:
            return f"draw {BAG_NAMES[a]}"
        if k is Kind.ATTACK_SEAT:
            return f"attack {SEAT_NAMES[a]}"
        if k is Kind.ATTACK_TOWER:
            return f"attack {TOWER_NAMES[a]}"
        if k is Kind.PLAY_CARD:
            return f"play {card_str(a)}"
        if k is Kind.PLAY_TOWER:
            return f"play {slot_name(a)}"
        if k is Kind.LEAD:
            return f"lead {a + 1}"
        if k is Kind.PLACE:
            return f"place {card_str(a)} {TOWER_NAMES[b]}"
        if k is Kind.SWAP_HAND:
            return f"swap {card_str(a)} {slot_name(b)}"
        if k is Kind.SWAP_TOWERS:
            return f"swap {slot_name(a)} {slot_name(b)}"
        if k is Kind.DISCARD:
            return f"discard {card_str(a)}"
        return k.name.lower()


def _build() -> list[WTAction]:
    specs: list[tuple[Kind, int, int]] = []
    specs += [(Kind.DRAW, bag, -1) for bag in range(3)]
    specs += [(Kind.STOP, -1, -1), (Kind.PASS, -1, -1)]
    specs += [(Kind.ATTACK_SEAT, seat, -1) for seat in range(3)]
    specs += [(Kind.ATTACK_TOWER, t, -1) for t in range(3)]
    specs += [(Kind.PLAY_CARD, c, -1) for c in range(DECK_SIZE)]
    specs += [(Kind.PLAY_TOWER, s, -1) for s in range(len(TOWER_SLOTS))]
    specs += [(Kind.DONE, -1, -1), (Kind.LEAD, 0, -1), (Kind.LEAD, 1, -1)]
    specs += [(Kind.SUBSTITUTE, -1, -1), (Kind.DECLINE, -1, -1)]
    specs += [(Kind.PLACE, c, t) for c in range(DECK_SIZE) for t in range(3)]
    specs += [(Kind.SWAP_HAND, c, s) for c in range(DECK_SIZE) for s in range(len(TOWER_SLOTS))]
    specs += [(Kind.SWAP_TOWERS, a, b) for a, b in TOWER_PAIRS]
    specs += [(Kind.DISCARD, c, -1) for c in range(DECK_SIZE)]
    return [WTAction(i, k, a, b) for i, (k, a, b) in enumerate(specs)]


ACTIONS: tuple[WTAction, ...] = tuple(_build())
"""Every action, indexed by id; the state hands out these shared objects."""
CODEC: ActionCodec[WTAction] = ActionCodec(ACTIONS)

_first: dict[Kind, int] = {}
for _act in ACTIONS:
    _first.setdefault(_act.kind, _act.id)

DRAW: tuple[WTAction, ...] = ACTIONS[_first[Kind.DRAW]:_first[Kind.DRAW] + 3]
STOP = ACTIONS[_first[Kind.STOP]]
PASS = ACTIONS[_first[Kind.PASS]]
ATTACK_SEAT: tuple[WTAction, ...] = ACTIONS[_first[Kind.ATTACK_SEAT]:_first[Kind.ATTACK_SEAT] + 3]
ATTACK_TOWER: tuple[WTAction, ...] = ACTIONS[_first[Kind.ATTACK_TOWER]:_first[Kind.ATTACK_TOWER] + 3]
PLAY_CARD: tuple[WTAction, ...] = ACTIONS[_first[Kind.PLAY_CARD]:_first[Kind.PLAY_CARD] + DECK_SIZE]
PLAY_TOWER: tuple[WTAction, ...] = ACTIONS[_first[Kind.PLAY_TOWER]:_first[Kind.PLAY_TOWER] + 4]
DONE = ACTIONS[_first[Kind.DONE]]
LEAD: tuple[WTAction, ...] = ACTIONS[_first[Kind.LEAD]:_first[Kind.LEAD] + 2]
SUBSTITUTE = ACTIONS[_first[Kind.SUBSTITUTE]]
DECLINE = ACTIONS[_first[Kind.DECLINE]]
_PLACE0 = _first[Kind.PLACE]
_SWAP_HAND0 = _first[Kind.SWAP_HAND]
_SWAP_TOWERS0 = _first[Kind.SWAP_TOWERS]
DISCARD: tuple[WTAction, ...] = ACTIONS[_first[Kind.DISCARD]:_first[Kind.DISCARD] + DECK_SIZE]
SWAP_TOWERS: dict[tuple[int, int], WTAction] = {(x.a, x.b): x for x in ACTIONS if x.kind is Kind.SWAP_TOWERS}


def place(card: int, tower: int) -> WTAction:
    """The action placing ``card`` from hand on ``tower``."""
    return ACTIONS[_PLACE0 + card * 3 + tower]


def swap_hand(card: int, slot: int) -> WTAction:
    """The action exchanging hand ``card`` with the tower card at ``slot``."""
    return ACTIONS[_SWAP_HAND0 + card * 4 + slot]
