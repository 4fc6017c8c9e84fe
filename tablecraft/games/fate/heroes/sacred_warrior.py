"""神灵武士 Sacred Warrior (力, 4/4): 牺牲 Life Break, 沸血之矛 Burning Spear."""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..pipeline import change_damage, current_damage, deal, discard_random
from ..skills import Plan, Skill, ask, later, register
from ..state import Damage, FateState, Use


def _has_hand(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return t != me and bool(s.hands[t])

SELF_DAMAGE = 1
"""牺牲's damage to its own user (its price, ``Plan.hp``)."""


@register
class LifeBreak(Skill):
    """牺牲 (active, dispellable, once per play phase): deal 1 damage to yourself, then discard two of another
    hero's hand cards (at random; all if they hold fewer)."""

    code = "life_break"
    plan = Plan(targets=(1, 1), target_ok=_has_hand, hp=SELF_DAMAGE)

    def resolve(self, s: FateState, use: Use) -> None:
        later(s, use.user, self.code, 0, use.targets)
        deal(s, use.user, use.user, SELF_DAMAGE, "牺牲")

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        t = data[0]
        if not s.alive[me] or not s.alive[t]:
            return
        discard_random(s, t, 2, self.code)


@register
class BurningSpear(Skill):
    """沸血之矛: while your HP is 2 or less, your 【攻击】 may deal 1 more damage."""

    code = "burning_spear"

    def on_damage(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.source == me and dmg.by_attack and s.hp[me] <= 2:
            ask(s, me, self.code)

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            dmg = current_damage(s)
            change_damage(s, dmg._replace(amount=dmg.amount + 1, parts=dmg.parts + (("沸血之矛", 1),)))
