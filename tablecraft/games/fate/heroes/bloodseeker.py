"""血魔 Strygwyr (敏, 4/4): 血之狂暴 Bloodrage, 嗜血 Strygwyr's Thirst, 屠戮 Blood Bath.

血之狂暴 is fate_reborn's cast-phase skill in the default text set (gap 4-1, ``bloodrage``) and TheFate's active
skill with ``texts=thefate`` (``bloodrage_self``).
"""

from __future__ import annotations

from typing import Any

from ..pipeline import deal
from ..skills import Plan, Skill, any_hero, later, red, register
from ..state import FateState, Mark, Use

SELF_DAMAGE = 1
"""TheFate's 血之狂暴: its damage to its own user (its price, ``Plan.hp``)."""


@register
class Bloodrage(Skill):
    """血之狂暴 (cast, dispellable): discard a red card and choose a hero; this turn, in their play phase they may
    use only basic cards and passive skills, and their 【攻击】 deal 1 more damage."""

    code = "bloodrage"
    plan = Plan(cards=(1, 1), zone="cards", pay=red, targets=(1, 1), target_ok=any_hero)

    def resolve(self, s: FateState, use: Use) -> None:
        s.mark(use.targets[0], Mark.BASIC_ONLY | Mark.ATTACK_PLUS)


@register
class BloodrageSelf(Skill):
    """血之狂暴 (TheFate; active, dispellable, once per play phase): deal 1 damage to yourself and draw a card;
    this turn your 【攻击】 deal 1 more damage."""

    code = "bloodrage_self"
    plan = Plan(hp=SELF_DAMAGE)

    def resolve(self, s: FateState, use: Use) -> None:
        me = use.user
        s.mark(me, Mark.ATTACK_PLUS)
        later(s, me, self.code)  # the draw comes after the damage (and not at all if it kills)
        deal(s, me, me, SELF_DAMAGE, "血之狂暴")

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        if s.alive[me]:
            s.draw(me, 1)


@register
class Thirst(Skill):
    """嗜血: when your 【攻击】 targets a hero at 1 HP, they need one more 闪避 to cancel it."""

    code = "thirst"

    def extra_dodges(self, s: FateState, me: int, use: Use, target: int) -> int:
        return 1 if s.hp[target] == 1 else 0


@register
class BloodBath(Skill):
    """屠戮: after you kill a hero, you heal 1 HP."""

    code = "blood_bath"

    def on_death(self, s: FateState, me: int, ctx: tuple[int, int]) -> None:
        dead, killer = ctx
        if killer == me and dead != me:
            s.heal(me, 1, me)
