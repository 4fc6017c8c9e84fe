"""矮人火枪手 Dwarven Sniper (敏, 3/5): 爆头 Headshot, 瞄准 Take Aim, 散弹 Shrapnel."""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..content import CARD_TYPES, IS_RED, Role
from ..pipeline import judge, on_judgement
from ..skills import Skill, ask, register
from ..state import FateState, Judgement, Use


@register
class Headshot(Skill):
    """爆头: when you use an 【攻击】 you may judge: on black, that 【攻击】 deals 1 more damage."""

    code = "headshot"

    def on_card_used(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me and use.targets and use.ctype >= 0 and CARD_TYPES[use.ctype].role is Role.ATTACK:
            ask(s, me, self.code, 0, (use.uid,))

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            judge(s, me, self.code, data)


@on_judgement("headshot")
def _headshot(s: FateState, j: Judgement) -> None:
    if not IS_RED[j.card]:
        s.boosts += ((j.data[0], 1, "爆头"),)


@register
class TakeAim(Skill):
    """瞄准: your distance to other heroes is 1 less; their distance to you is 1 more."""

    code = "take_aim"
    distance_from = -1
    distance_to = 1


@register
class Shrapnel(Skill):
    """散弹 (active): you may use a ♥ hand card as 缴械."""

    code = "shrapnel"
    view_as = ("shrapnel",)
