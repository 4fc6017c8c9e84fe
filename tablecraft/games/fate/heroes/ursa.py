"""熊战士 Ursa Warrior (敏, 4/4): 怒意狂击 Fury Swipes, 激怒 Enrage."""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..pipeline import change_damage, current_damage
from ..skills import Skill, ask, register
from ..state import Damage, FateState


@register
class FurySwipes(Skill):
    """怒意狂击: each turn you may use X more 【攻击】, X being your rage when your turn starts."""

    code = "fury_swipes"

    def on_turn_start(self, s: FateState, me: int, ctx: Any) -> None:
        if s.turn_seat == me and s.rage[me]:
            s.attack_allow += s.rage[me]


@register
class Enrage(Skill):
    """激怒: if your HP is higher than every other hero's, your 【攻击】 may deal 1 more damage."""

    code = "enrage"

    def on_damage(self, s: FateState, me: int, dmg: Damage) -> None:
        if dmg.source == me and dmg.by_attack and all(s.hp[me] > s.hp[t] for t in range(s.n)
                                                      if t != me and s.alive[t]):
            ask(s, me, self.code)

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            dmg = current_damage(s)
            change_damage(s, dmg._replace(amount=dmg.amount + 1, parts=dmg.parts + (("激怒", 1),)))
