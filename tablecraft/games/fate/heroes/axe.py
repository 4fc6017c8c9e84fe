"""斧王 Axe (力, 4/4): 战争饥渴 Battle Hunger, 反转螺旋 Counter Helix."""

from __future__ import annotations

from ..content import CARD_RANK, IS_RED, Role
from ..pipeline import deal, judge, on_judgement
from ..skills import Plan, Skill, register
from ..state import F, FateState, Judgement, Purpose, Use


@register
class BattleHunger(Skill):
    """战争饥渴 (active, dispellable, once per play phase): discard a card and choose another hero; they must use
    an 【攻击】 on you (ignoring range) or take 1 damage from you."""

    code = "battle_hunger"
    plan = Plan(cards=(1, 1), zone="cards", targets=(1, 1))

    def resolve(self, s: FateState, use: Use) -> None:
        t = use.targets[0]
        if not s.alive[t]:
            return
        if s.hands[t]:
            s.push((F.REPLY, t, Purpose.FORCED_ATTACK, Role.ATTACK, use.user, "战争饥渴"))
        else:
            deal(s, use.user, t, 1, "战争饥渴")


@register
class CounterHelix(Skill):
    """反转螺旋: when you become the target of an 【攻击】, judge: on a red card ranked 2 to 7, you deal 1 damage to
    the attacker."""

    code = "counter_helix"
    low, high = 2, 7

    def on_attack_targeted(self, s: FateState, me: int, use: Use) -> None:
        if use.targets[0] == me and use.user != me:
            judge(s, me, self.code, (use.user,))


@on_judgement("counter_helix")
def _counter_helix(s: FateState, j: Judgement) -> None:
    attacker = j.data[0]
    if IS_RED[j.card] and CounterHelix.low <= CARD_RANK[j.card] <= CounterHelix.high and s.alive[attacker]:
        deal(s, j.seat, attacker, 1, "反转螺旋")
