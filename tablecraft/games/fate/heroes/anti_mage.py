"""敌法师 Anti-Mage (敏, 3/5): 法力损毁 Mana Break, 闪烁 Blink, 法力虚空 Mana Void."""

from __future__ import annotations

from ..pipeline import deal, discard_random
from ..skills import Plan, Skill, register
from ..state import Damage, FateState, Use


@register
class ManaBreak(Skill):
    """法力损毁: after your 【攻击】 deals damage, you discard one of the target's hand cards (at random)."""

    code = "mana_break"

    def on_attack_hit(self, s: FateState, me: int, ctx: tuple[Use, Damage]) -> None:
        use, dmg = ctx
        if use.user == me and s.alive[dmg.target] and s.hands[dmg.target]:
            discard_random(s, dmg.target, 1, self.code)


@register
class Blink(Skill):
    """闪烁: you may use or play a black hand card as 闪避."""

    code = "blink"
    view_as = ("blink",)


def _short_handed(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return len(s.hands[t]) < s.limit_of(t)


@register
class ManaVoid(Skill):
    """法力虚空 (active, dispellable, once per play phase): spend 3 rage and choose a hero — 「一名角色」, yourself
    included — holding fewer cards than their hand limit; deal them X damage, X being their hand limit minus their
    hand size (counted when it resolves)."""

    code = "mana_void"
    plan = Plan(rage=3, targets=(1, 1), target_ok=_short_handed)

    def resolve(self, s: FateState, use: Use) -> None:
        t = use.targets[0]
        x = s.limit_of(t) - len(s.hands[t])
        if s.alive[t] and x > 0:
            deal(s, use.user, t, x, "法力虚空")
