"""死灵法师 Necrolyte (智, 3/5): 竭心光环 Heartstopper Aura, 施虐之心 Sadist.

竭心光环 has no text in TheFate; every text set uses fate_reborn's cast-phase version (gap 4-20).
"""

from __future__ import annotations

from typing import Any

from ..actions import FateAction, Kind
from ..content import Suit
from ..skills import Plan, Skill, any_hero, ask, register, suit_is
from ..state import FateState, Mark, Use


@register
class Heartstopper(Skill):
    """竭心光环 (cast, dispellable): discard a ♠ and choose a hero; they cannot recover HP this turn."""

    code = "heartstopper"
    plan = Plan(cards=(1, 1), zone="cards", pay=suit_is(Suit.SPADE), targets=(1, 1), target_ok=any_hero)

    def resolve(self, s: FateState, use: Use) -> None:
        s.mark(use.targets[0], Mark.NO_HEAL)


@register
class Sadist(Skill):
    """施虐之心: when another hero dies, you may draw two cards."""

    code = "sadist"

    def on_death(self, s: FateState, me: int, ctx: tuple[int, int]) -> None:
        if ctx[0] != me:
            ask(s, me, self.code)

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.YES:
            s.draw(me, 2)
