"""fate actions: every decision is small (card → target → strengthen → reply), each with a fixed codec id.

Notation (``str(action)``, parsed back by ``parse_action``):

=======================  ======================================================================================
``pass``                 decline (end the play phase, let a window pass, take the hit, stop guessing)
``hero axe``             pick a hero (by its code, see ``content.HEROES``)
``use atk:AS``           use or play a hand card (in your play phase, or as a reply: 闪避, 驱散, 治疗药膏 …)
``as dodge:6H atk``      use or play a hand card as another card type (atk, dodge, dispel, disarm, chakra), by
                         an item or a skill (``content.VIEW_AS``)
``pair sny``             use or play two hand cards as one by the two-card rule named (散夜对剑 ``sny``, 散失之刃
                         ``diffusal``, 液态火, 神灭斩, 球状闪电 …); the two cards follow as picks
``pick salve:AH``        choose a card: to pay a cost, to discard, to give, from a revealed row
``target 3``             choose seat 3 as the target
``yes`` / ``no``         strengthen a magic card (1 rage) or not; reveal Roshan or not; take an option or not
``skill 1``              use your hero's skill number 1 (0-based, the order on the hero card)
``item weapon``          use your weapon's or armour's own ability (神秘法杖, 闪避护符)
``zone hand``            choose where to take a card from: hand (at random), weapon or armour
``color red``            name a colour (月神之箭, 查克拉); ``suit heart`` names a suit (strengthened 月神之箭)
``dir next``             野性之斧 direction when both ways are equally long: ``next`` or ``prev`` in turn order
``draw``                 kill reward: draw two cards
``look 3``               kill reward: look at seat 3's identity
``done``                 finish choosing cards or targets (神秘法杖, a skill's "up to X")
``mode 1``               choose one of an effect's modes (死亡缠绕: heal or harm), numbered as its text lists them
``cancel``               take back the play being built (取消): back to the decision it started at, while none of
                         it has been shown (see ``build.py``); the codec's last id, added without renumbering
=======================  ======================================================================================
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

from tablecraft.core.actions import Action, ActionCodec

from .content import (
    CARD_NAME,
    CARD_TYPES,
    DECK_SIZE,
    HEROES,
    MAX_SKILLS,
    PAIR_RULES,
    SINGLE_TYPES,
    SUIT_NAMES,
)

MAX_SEATS = 8
MODES = 4
"""How many numbered effect modes an action can choose between (``mode 0`` … ``mode 3``)."""
ZONES = ("hand", "weapon", "armour")
COLORS = ("red", "black")
DIRS = ("next", "prev")


class Kind(IntEnum):
    """The kinds of decision."""

    PASS = 0
    HERO = 1
    USE = 2
    AS = 3
    PAIR = 4
    PICK = 5
    TARGET = 6
    YES = 7
    NO = 8
    SKILL = 9
    ITEM = 10
    ZONE = 11
    COLOR = 12
    SUIT = 13
    DIR = 14
    DRAW = 15
    LOOK = 16
    DONE = 17
    MODE = 18
    CANCEL = 19


@dataclass(frozen=True, slots=True, eq=False)
class FateAction(Action):
    """One fate decision; ``a`` and ``b`` are its arguments (card, seat, role, hero, zone …)."""

    kind: Kind = Kind.PASS
    a: int = -1
    b: int = -1

    def __str__(self) -> str:
        k, a, b = self.kind, self.a, self.b
        if k is Kind.HERO:
            return f"hero {HEROES[a].code}"
        if k is Kind.USE:
            return f"use {CARD_NAME[a]}"
        if k is Kind.AS:
            return f"as {CARD_NAME[a]} {CARD_TYPES[b].code}"
        if k is Kind.PAIR:
            return f"pair {PAIR_RULES[a].code}"
        if k is Kind.PICK:
            return f"pick {CARD_NAME[a]}"
        if k is Kind.TARGET:
            return f"target {a}"
        if k is Kind.SKILL:
            return f"skill {a}"
        if k is Kind.ITEM:
            return f"item {ZONES[a]}"
        if k is Kind.ZONE:
            return f"zone {ZONES[a]}"
        if k is Kind.COLOR:
            return f"color {COLORS[a]}"
        if k is Kind.SUIT:
            return f"suit {SUIT_NAMES[a]}"
        if k is Kind.DIR:
            return f"dir {DIRS[a]}"
        if k is Kind.LOOK:
            return f"look {a}"
        if k is Kind.MODE:
            return f"mode {a}"
        return k.name.lower()


def _build() -> list[FateAction]:
    specs: list[tuple[Kind, int, int]] = [(Kind.PASS, -1, -1)]
    specs += [(Kind.HERO, h, -1) for h in range(len(HEROES))]
    specs += [(Kind.USE, c, -1) for c in range(DECK_SIZE)]
    specs += [(Kind.AS, c, t) for c in range(DECK_SIZE) for t in SINGLE_TYPES]
    specs += [(Kind.PAIR, i, -1) for i in range(len(PAIR_RULES))]
    specs += [(Kind.PICK, c, -1) for c in range(DECK_SIZE)]
    specs += [(Kind.TARGET, s, -1) for s in range(MAX_SEATS)]
    specs += [(Kind.YES, -1, -1), (Kind.NO, -1, -1)]
    specs += [(Kind.SKILL, k, -1) for k in range(MAX_SKILLS)]
    specs += [(Kind.ITEM, z, -1) for z in (1, 2)]
    specs += [(Kind.ZONE, z, -1) for z in range(3)]
    specs += [(Kind.COLOR, k, -1) for k in range(2)]
    specs += [(Kind.SUIT, k, -1) for k in range(4)]
    specs += [(Kind.DIR, d, -1) for d in range(2)]
    specs += [(Kind.DRAW, -1, -1)]
    specs += [(Kind.LOOK, s, -1) for s in range(MAX_SEATS)]
    specs += [(Kind.DONE, -1, -1)]
    specs += [(Kind.MODE, m, -1) for m in range(MODES)]
    specs += [(Kind.CANCEL, -1, -1)]  # last, whatever is added before it: ids of older actions never move
    return [FateAction(i, k, a, b) for i, (k, a, b) in enumerate(specs)]


ACTIONS: tuple[FateAction, ...] = tuple(_build())
"""Every action, indexed by id; the state hands out these shared objects."""
CODEC: ActionCodec[FateAction] = ActionCodec(ACTIONS, cancel=ACTIONS[-1])

_first: dict[Kind, int] = {}
for _act in ACTIONS:
    _first.setdefault(_act.kind, _act.id)

PASS = ACTIONS[_first[Kind.PASS]]
HERO = ACTIONS[_first[Kind.HERO]:_first[Kind.HERO] + len(HEROES)]
USE = ACTIONS[_first[Kind.USE]:_first[Kind.USE] + DECK_SIZE]
_AS0 = _first[Kind.AS]
PAIR = {r.code: ACTIONS[_first[Kind.PAIR] + i] for i, r in enumerate(PAIR_RULES)}
"""``pair <code>`` by rule code."""
PICK = ACTIONS[_first[Kind.PICK]:_first[Kind.PICK] + DECK_SIZE]
TARGET = ACTIONS[_first[Kind.TARGET]:_first[Kind.TARGET] + MAX_SEATS]
YES = ACTIONS[_first[Kind.YES]]
NO = ACTIONS[_first[Kind.NO]]
SKILL = ACTIONS[_first[Kind.SKILL]:_first[Kind.SKILL] + MAX_SKILLS]
ITEM = {1: ACTIONS[_first[Kind.ITEM]], 2: ACTIONS[_first[Kind.ITEM] + 1]}
ZONE = ACTIONS[_first[Kind.ZONE]:_first[Kind.ZONE] + 3]
COLOR = ACTIONS[_first[Kind.COLOR]:_first[Kind.COLOR] + 2]
SUIT = ACTIONS[_first[Kind.SUIT]:_first[Kind.SUIT] + 4]
DIR = ACTIONS[_first[Kind.DIR]:_first[Kind.DIR] + 2]
DRAW = ACTIONS[_first[Kind.DRAW]]
LOOK = ACTIONS[_first[Kind.LOOK]:_first[Kind.LOOK] + MAX_SEATS]
DONE = ACTIONS[_first[Kind.DONE]]
MODE = ACTIONS[_first[Kind.MODE]:_first[Kind.MODE] + MODES]
CANCEL = ACTIONS[_first[Kind.CANCEL]]
_TYPE_POS = {t: i for i, t in enumerate(SINGLE_TYPES)}


def use_as(card: int, ctype: int) -> FateAction:
    """The action using or playing hand ``card`` as a card of type ``ctype`` (one of ``SINGLE_TYPES``)."""
    return ACTIONS[_AS0 + card * len(SINGLE_TYPES) + _TYPE_POS[ctype]]
