"""全能骑士 Omniknight (力, 4/4): 洗礼 Purification, 圣光 Holy Light."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import IS_RED
from ..pipeline import deal
from ..skills import Plan, Skill, ask, red, register, start_plan
from ..state import Damage, FateState, Use


@register
class Purification(Skill):
    """洗礼 (dispellable): after a hero takes damage whose source is neither you nor that hero, you may discard two
    red cards: that hero heals 1 and you deal 1 damage to the source. (Asked whenever you hold two cards.)"""

    code = "purification"
    plan = Plan(cards=(2, 2), zone="cards", pay=red, targets=(2, 2))

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        src, t = dmg.source, dmg.target
        if src >= 0 and src not in (me, t) and s.alive[t] and s.alive[src] and len(s.cards_of(me)) >= 2:
            ask(s, me, self.code, 0, (t, src))

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.YES, A.NO] if sum(1 for c in s.cards_of(me) if IS_RED[c]) >= 2 else [A.NO]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            start_plan(s, me, self.code, data)

    def resolve(self, s: FateState, use: Use) -> None:
        t, src = use.targets
        if s.alive[src]:
            deal(s, use.user, src, 1, "洗礼")
        s.heal(t, 1, use.user)


@register
class HolyLight(Skill):
    """圣光: after a magic card or skill of yours is dispelled, you draw a card."""

    code = "holy_light"

    def on_dispelled(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me:
            s.draw(me, 1)
