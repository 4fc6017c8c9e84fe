"""闪电幽魂 Lightning Revenant (敏, 4/4): 等离子场 Plasma Field, 不定电流 Unstable Current."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import CARD_NAME, CARD_SUIT
from ..pipeline import deal
from ..skills import Plan, Skill, ask, distinct_suits, later, register
from ..state import Damage, FateState, Use

DEMAND, ANSWER = 1, 2


def _in_range(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return t != me and t not in chosen and s.dist(me, t) <= s.attack_range(me)


@register
class PlasmaField(Skill):
    """等离子场 (active, dispellable, once per play phase): discard X cards of different suits (``done`` when
    paid) and choose up to X heroes within your attack range; each in turn must discard a card — 「牌」, a hand or
    an equipped card — of a suit you did not discard (``pick`` it), or take 1 damage from you (``pass``). A target
    holding any card is asked (that shows nothing of the hand)."""

    code = "plasma_field"
    plan = Plan(cards=(1, 4), zone="cards", pay=distinct_suits(1, "cards"),
                targets=lambda s, me, paid: (1, len(paid)), target_ok=_in_range)

    def resolve(self, s: FateState, use: Use) -> None:
        mask = 0
        for c in use.paid:
            mask |= 1 << CARD_SUIT[c]
        for t in reversed(use.targets):  # pushed last-first: answered in the order named
            later(s, t, self.code, DEMAND, (use.user, mask))

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        if not s.alive[me]:
            return
        if s.cards_of(me):
            ask(s, me, self.code, ANSWER, data)
        else:
            deal(s, data[0], me, 1, "等离子场")

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        mask = data[1]
        return [A.PASS] + [A.PICK[c] for c in s.cards_of(me) if not (1 << CARD_SUIT[c]) & mask]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.PICK:
            s.discard_card(me, action.a, "等离子场")
        else:
            deal(s, data[0], me, 1, "等离子场")


@register
class UnstableCurrent(Skill):
    """不定电流: after you take damage from an 【攻击】, you take that 【攻击】's card(s) into your hand."""

    code = "unstable_current"

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target != me or not dmg.by_attack:
            return
        got = [c for c in dmg.by_attack.cards if c in s.table]
        for c in got:
            s.table.remove(c)
            s.hands[me].append(c)
        if got:
            s.emit("took", {"seat": me, "cards": [CARD_NAME[c] for c in got], "from": "table"})
