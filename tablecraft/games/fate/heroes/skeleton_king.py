"""骷髅王 Skeleton King (力, 4/4): 重生 Reincarnation, 吸血 Vampiric Aura."""

from __future__ import annotations

from ..content import IS_RED
from ..pipeline import judge, on_judgement
from ..skills import Skill, announce, register
from ..state import Damage, FateState, Judgement, Mark, Use


@register
class Reincarnation(Skill):
    """重生 (once per game): while you are dying you may discard your hand and drop your rage to 0, then heal up
    to your HP limit (offered in the dying window, in your place in the rescue round)."""

    code = "reincarnation"

    def rescue_usable(self, s: FateState, me: int, dying: int) -> bool:
        return dying == me and not s.reborn[me] and not s.tflags[me] & Mark.NO_HEAL

    def rescue(self, s: FateState, me: int, dying: int) -> None:
        s.reborn[me] = 1
        announce(s, me, self.code, (me,))
        if s.hands[me]:
            s.discard_from_hand(me, list(s.hands[me]), self.code)
        s.lose_rage(me, s.rage[me], "重生")
        s.heal(me, s.maxhp[me] - s.hp[me], me)


@register
class VampiricAura(Skill):
    """吸血: after your 【攻击】 deals damage, judge: on red, you heal 1."""

    code = "vampiric"

    def on_attack_hit(self, s: FateState, me: int, ctx: tuple[Use, Damage]) -> None:
        if ctx[0].user == me:
            judge(s, me, self.code)


@on_judgement("vampiric")
def _vampiric(s: FateState, j: Judgement) -> None:
    if IS_RED[j.card]:
        s.heal(j.seat, 1, j.seat)
