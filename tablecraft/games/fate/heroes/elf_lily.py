"""精灵莉莉 Elf Lily (智, 3/5): 治疗术 Healing Spell, 驱散精灵 Dispel Wizard, 魔法掌控 Magic Control."""

from __future__ import annotations

from typing import Any

from .. import actions as A
from ..actions import FateAction, Kind
from ..content import IS_RED
from ..skills import Skill, ask, register
from ..state import FateState


@register
class HealingSpell(Skill):
    """治疗术: each time you heal 1 HP, you may discard a red card to heal another hero 1 HP (one decision per
    point healed: name the hero, then the card)."""

    code = "healing_spell"

    def on_healed(self, s: FateState, me: int, ctx: tuple[int, int]) -> None:
        seat, amount = ctx
        if seat == me and self.targets(s, me) and any(IS_RED[c] for c in s.cards_of(me)):
            ask(s, me, self.code, 0, (amount,))

    def targets(self, s: FateState, me: int) -> list[int]:
        """Wounded other heroes who may recover."""
        return [t for t in range(s.n) if t != me and s.can_heal(t) and s.touchable(t, me)]

    def options(self, s: FateState, me: int, stage: int, data: tuple[Any, ...]) -> list[FateAction]:
        if stage == 0:
            return [A.PASS] + [A.TARGET[t] for t in self.targets(s, me)]
        return [A.PICK[c] for c in s.cards_of(me) if IS_RED[c]]

    def decide(self, s: FateState, me: int, stage: int, data: tuple[Any, ...], action: FateAction) -> None:
        if stage == 0:
            if action.kind is Kind.PASS:
                return
            points = data[0]
            if points > 1:  # the next point's decision comes after this one
                ask(s, me, self.code, 0, (points - 1,))
            ask(s, me, self.code, 1, (action.a,))
            return
        s.discard_card(me, action.a, self.code)
        s.heal(data[0], 1, me)


@register
class DispelWizard(Skill):
    """驱散精灵: you may use a ♥ hand card as 驱散."""

    code = "dispel_wizard"
    view_as = ("dispel_wizard",)


@register
class MagicControl(Skill):
    """魔法掌控: a magic card you dispel goes into your hand instead of the discard pile."""

    code = "magic_control"

    def keeps_dispelled(self, s: FateState, me: int) -> bool:
        return True
