"""秀逗魔导师 Slayer (智, 3/5): 炽魂 Fiery Soul, 神灭斩 Laguna Blade, 狂热之心 Fanaticism Heart."""

from __future__ import annotations

from ..content import CARD_TYPES, CardKind
from ..skills import Skill, announce, register
from ..state import FateState, Mark, Use


@register
class FierySoul(Skill):
    """炽魂: once per turn, strengthening a magic card costs you no rage."""

    code = "fiery_soul"

    def free_strengthen(self, s: FateState, me: int) -> bool:
        return not s.tflags[me] & Mark.FREE_STRENGTHEN_USED

    def extra_cost(self, s: FateState, me: int, use: Use | None) -> None:
        s.mark(me, Mark.FREE_STRENGTHEN_USED)
        announce(s, me, self.code)


@register
class LagunaBlade(Skill):
    """神灭斩: you may use two red hand cards together as 神灭斩 (paying its 3 rage)."""

    code = "laguna_blade"
    view_as = ("laguna_blade",)


@register
class FanaticismHeart(Skill):
    """狂热之心: after a magic card of yours resolves without being dispelled, you may use one more 【攻击】 this
    turn."""

    code = "fanatic_heart"

    def on_resolved(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me and me == s.turn_seat and use.ctype >= 0 \
                and CARD_TYPES[use.ctype].kind is CardKind.MAGIC:
            s.attack_allow += 1
            announce(s, me, self.code)
