"""剑圣 Juggernaut (敏, 4/4): 无敌斩 Omnislash, 剑舞 Blade Dance."""

from __future__ import annotations

from ..content import CARD_SUIT, Suit, ViewAs
from ..skills import Skill, announce, register
from ..state import FateState, Mark


@register
class Omnislash(Skill):
    """无敌斩: you may skip your draw phase; if you do, this turn your black hand cards count as 普通攻击 and you
    may use any number of 【攻击】."""

    code = "omnislash"
    view_as = ("omnislash",)

    def draw_usable(self, s: FateState, me: int) -> bool:
        return True

    def draw_instead(self, s: FateState, me: int) -> None:
        announce(s, me, self.code)
        s.mark(me, Mark.UNLIMITED | Mark.BLACK_AS_ATTACK)

    def view_as_active(self, s: FateState, me: int, rule: ViewAs) -> bool:
        return bool(s.tflags[me] & Mark.BLACK_AS_ATTACK)


@register
class BladeDance(Skill):
    """剑舞: your 【攻击】 can be cancelled only by a ♦ 闪避."""

    code = "blade_dance"

    def dodge_ok(self, s: FateState, me: int, card: int) -> bool:
        return CARD_SUIT[card] == Suit.DIAMOND
