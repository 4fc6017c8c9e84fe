"""龙骑士 Dragon Knight (力, 4/4): 火焰气息 Breathe Fire, 龙族血统 Dragon Blood."""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..pipeline import deal
from ..skills import Plan, Skill, ask, register, same_suit
from ..state import FateState, Use


@register
class BreatheFire(Skill):
    """火焰气息 (active, dispellable, once per play phase): discard X cards of one suit (X at least 2) and deal 1
    damage to each of X − 1 other heroes (pay the cards, ``done``, then name the heroes)."""

    code = "breathe_fire"
    plan = Plan(cards=(2, -1), zone="cards", pay=same_suit(2, "cards"),
                targets=lambda s, me, paid: (len(paid) - 1, len(paid) - 1))

    def resolve(self, s: FateState, use: Use) -> None:
        for t in reversed(use.targets):  # pushed last-first so they are hit in the order named
            if s.alive[t]:
                deal(s, use.user, t, 1, "火焰气息")


@register
class DragonBlood(Skill):
    """龙族血统: in your end phase, if you hold any hand cards, you may discard them all and heal 1 HP."""

    code = "dragon_blood"

    def on_turn_end(self, s: FateState, me: int, ctx: Any) -> None:
        if s.turn_seat == me and s.hands[me]:
            ask(s, me, self.code)

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            s.discard_from_hand(me, list(s.hands[me]), self.code)
            s.heal(me, 1, me)
