"""巨魔战将 Troll Warlord (敏, 4/4): 战斗专注 Battle Trance, 热血战魂 Fervor."""

from __future__ import annotations

from ..content import IS_RED
from ..pipeline import judge, on_judgement
from ..skills import Plan, Skill, register
from ..state import FateState, Judgement, Mark, Use


@register
class BattleTrance(Skill):
    """战斗专注 (once per play phase): judge; on red, you may use any number of 【攻击】 this turn."""

    code = "battle_trance"
    plan = Plan()

    def resolve(self, s: FateState, use: Use) -> None:
        judge(s, use.user, self.code)


@on_judgement("battle_trance")
def _battle_trance(s: FateState, j: Judgement) -> None:
    if IS_RED[j.card]:
        s.mark(j.seat, Mark.UNLIMITED)


@register
class Fervor(Skill):
    """热血战魂: you may use a 闪避 from your hand as 普通攻击."""

    code = "fervor"
    view_as = ("fervor",)
