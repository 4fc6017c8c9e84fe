"""死亡骑士 Lord of Avernus (力, 4/4): 死亡缠绕 Death Coil, 霜之哀伤 Frostmourne."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction
from ..content import Role
from ..pipeline import deal, discard_random
from ..skills import Plan, Skill, ask, later, register
from ..state import Damage, F, FateState, Purpose, Use

HEAL, HARM = 0, 1
SELF_DAMAGE = 1
"""死亡缠绕's damage to its own user (its price, ``Plan.hp``)."""


@register
class DeathCoil(Skill):
    """死亡缠绕 (active, dispellable, once per play phase): choose another hero; deal 1 damage to yourself, then
    either heal them 1 (``mode 0``), or discard one of their hand cards at random and take 1 of their rage
    (``mode 1``; if they have no hand card or no rage, you deal them 1 damage instead)."""

    code = "death_coil"
    plan = Plan(targets=(1, 1), hp=SELF_DAMAGE)

    def resolve(self, s: FateState, use: Use) -> None:
        me = use.user
        later(s, me, self.code, 0, use.targets)  # the choice comes after the self-damage (if you survive it)
        deal(s, me, me, SELF_DAMAGE, "死亡缠绕")

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        if s.alive[me] and s.alive[data[0]]:
            ask(s, me, self.code, 0, data)

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.MODE[HEAL], A.MODE[HARM]]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        t = data[0]
        if action.a == HEAL:
            s.heal(t, 1, me)
        elif s.hands[t] and s.rage[t]:
            discard_random(s, t, 1, self.code)
            s.lose_rage(t, 1, "死亡缠绕")
        else:
            deal(s, me, t, 1, "死亡缠绕")


@register
class Frostmourne(Skill):
    """霜之哀伤: after your 【攻击】 deals damage, you may use one more 【攻击】 on the same target (any range, not
    counted against the limit)."""

    code = "frostmourne"

    def on_attack_hit(self, s: FateState, me: int, ctx: tuple[Use, Damage]) -> None:
        use, dmg = ctx
        if use.user == me and s.alive[dmg.target] and s.hands[me]:
            s.push((F.REPLY, me, Purpose.FORCED_ATTACK, Role.ATTACK, dmg.target, None))
