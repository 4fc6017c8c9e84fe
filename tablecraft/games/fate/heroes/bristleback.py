"""刚背兽 Bristleback (力, 4/4): 战意 Warpath, 刚毛后背 Bristleback."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import IS_RED, Role
from ..pipeline import change_damage, demand, judge, on_judgement
from ..skills import Skill, ask, register
from ..state import Damage, FateState, Judgement


@register
class Warpath(Skill):
    """战意: after you take damage, judge: on red, name any hero; they must discard a 闪避 or take 1 damage from
    you."""

    code = "warpath"

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target == me:
            judge(s, me, self.code)

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.TARGET[t] for t in range(s.n) if s.alive[t] and s.touchable(t, me)]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        demand(s, action.a, me, ("role", int(Role.DODGE)), 1, "战意")


@on_judgement("warpath")
def _warpath(s: FateState, j: Judgement) -> None:
    if IS_RED[j.card] and s.alive[j.seat]:
        ask(s, j.seat, "warpath")


@register
class BristleBack(Skill):
    """刚毛后背: when you would take more than 1 damage at once, you may reduce it by 1."""

    code = "bristle_back"

    def on_damage(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.target == me and dmg.amount > 1:
            ask(s, me, self.code)

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            from ..pipeline import current_damage

            dmg = current_damage(s)
            change_damage(s, dmg._replace(amount=dmg.amount - 1, parts=dmg.parts + (("刚毛后背", -1),)))
