"""地穴编织者 Nerubian Weaver (敏, 3/5): 蝗虫群 The Swarm, 时光倒流 Time Lapse."""

from __future__ import annotations

from ..content import Role
from ..pipeline import demand, end_turn
from ..skills import Plan, Skill, black, red, register
from ..state import FateState, Use


@register
class TheSwarm(Skill):
    """蝗虫群 (active, dispellable, once per play phase): discard X black cards (X at least 2, ``done`` when
    paid); X other heroes must each discard an 【攻击】 or take 1 damage from you."""

    code = "the_swarm"
    plan = Plan(cards=(2, -1), zone="cards", pay=black, targets=lambda s, me, paid: (len(paid), len(paid)))

    def resolve(self, s: FateState, use: Use) -> None:
        for t in reversed(use.targets):
            demand(s, t, use.user, ("role", int(Role.ATTACK)), 1, "蝗虫群")


@register
class TimeLapse(Skill):
    """时光倒流 (active, dispellable): discard three red hand cards, draw until your hand reaches your hand limit,
    then your turn ends (its discard phase too)."""

    code = "time_lapse"
    plan = Plan(cards=(3, 3), pay=red)

    def resolve(self, s: FateState, use: Use) -> None:
        me = use.user
        s.draw(me, max(0, s.limit_of(me) - len(s.hands[me])))
        if me == s.turn_seat:
            end_turn(s, me)
