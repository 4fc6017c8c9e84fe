"""陈云生 Chen Yunsheng (敏, 3/5): 神判 Ordeal, 特殊体质 Special Body."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..pipeline import rejudge
from ..skills import Skill, ask, register
from ..state import FateState, Judgement, Use


@register
class Ordeal(Skill):
    """神判: before any judgement takes effect, you may discard a card to have it judged once more (``pick`` the
    card, or ``pass``); the new card takes effect instead."""

    code = "ordeal"

    def on_judge(self, s: FateState, me: int, j: Judgement) -> None:
        if s.cards_of(me):
            ask(s, me, self.code)

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        return [A.PASS] + [A.PICK[c] for c in s.cards_of(me)]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if action.kind is Kind.PICK:
            s.discard_card(me, action.a, self.code)
            rejudge(s)


@register
class SpecialBody(Skill):
    """特殊体质: while your HP is 2 or less, 【攻击】 have no effect on you."""

    code = "special_body"

    def attack_void(self, s: FateState, me: int, use: Use) -> bool:
        return s.hp[me] <= 2
