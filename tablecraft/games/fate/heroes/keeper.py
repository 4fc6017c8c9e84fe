"""光之守卫 Keeper of the Light (智, 3/5): 冲击波 Illuminate, 查克拉 Chakra Magic, 恩惠 Grace."""

from __future__ import annotations

from ..content import TYPE_BY_CODE, Aim
from ..pipeline import deal
from ..skills import Plan, Skill, any_hero, distinct_suits, register
from ..state import FateState, Use

CHAKRA = TYPE_BY_CODE["chakra"]


@register
class Illuminate(Skill):
    """冲击波 (active, dispellable, once per play phase): discard three cards of different suits and deal 1 damage
    to each of up to two heroes (「至多两名角色」: yourself too; ``done`` after one)."""

    code = "illuminate"
    plan = Plan(cards=(3, 3), zone="cards", pay=distinct_suits(3, "cards"), targets=(1, 2), target_ok=any_hero)

    def resolve(self, s: FateState, use: Use) -> None:
        for t in reversed(use.targets):
            if s.alive[t]:
                deal(s, use.user, t, 1, "冲击波")


@register
class ChakraMagic(Skill):
    """查克拉 (active, once per play phase): you may use any hand card as 查克拉."""

    code = "chakra_magic"
    view_as = ("chakra_magic",)


@register
class Grace(Skill):
    """恩惠: your 查克拉 may target any hero, not only yourself (they draw and guess)."""

    code = "grace"

    def card_aim(self, s: FateState, me: int, ctype: int) -> Aim | None:
        return Aim.ANY_HERO if ctype == CHAKRA else None
