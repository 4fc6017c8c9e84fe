"""风暴之灵 Storm Spirit (智, 3/5): 超负荷 Overload, 球状闪电 Ball Lightning."""

from __future__ import annotations

from ..content import CARD_TYPES, CardKind
from ..skills import Skill, register
from ..state import FateState, Use


@register
class Overload(Skill):
    """超负荷: each time you use a magic card or an S card (驱散 included), draw a card before it takes effect."""

    code = "overload"

    def on_card_used(self, s: FateState, me: int, use: Use) -> None:
        if use.user == me and use.ctype >= 0 and CARD_TYPES[use.ctype].kind in (CardKind.MAGIC, CardKind.SUPER):
            s.draw(me, 1)


@register
class BallLightning(Skill):
    """球状闪电: you may use or play any two hand cards together as 普通攻击 or as 闪避."""

    code = "ball_lightning"
    view_as = ("ball_attack", "ball_dodge")
