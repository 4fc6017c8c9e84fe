"""半人马酋长 Centaur Warchief (力, 5/4): 双刃剑 Double Edge."""

from __future__ import annotations

from typing import Any

from ..pipeline import deal
from ..skills import Plan, Skill, later, register
from ..state import FateState, Use

SELF_DAMAGE = 1
"""双刃剑's damage to its own user (its price, ``Plan.hp``)."""


@register
class DoubleEdge(Skill):
    """双刃剑 (active, cannot be dispelled, once per play phase): discard a card and deal 1 damage to yourself,
    then deal 1 damage to another hero."""

    code = "double_edge"
    plan = Plan(cards=(1, 1), zone="cards", targets=(1, 1), hp=SELF_DAMAGE)

    def resolve(self, s: FateState, use: Use) -> None:
        later(s, use.user, self.code, 0, use.targets)
        deal(s, use.user, use.user, SELF_DAMAGE, "双刃剑")

    def step(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> None:
        if s.alive[me] and s.alive[data[0]]:  # a centaur its own edge has killed deals nothing more
            deal(s, me, data[0], 1, "双刃剑")
