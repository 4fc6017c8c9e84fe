"""地穴刺客 Nerubian Assassin (敏, 4/4): 法力燃烧 Mana Burn, 复仇 Vendetta, 穿刺护甲 Spiked Carapace."""

from __future__ import annotations

from ..pipeline import deal, discard_random
from ..skills import Plan, Skill, black, register
from ..state import Damage, FateState, Use


def _has_hand(s: FateState, me: int, t: int, paid: tuple[int, ...], chosen: tuple[int, ...]) -> bool:
    return t != me and bool(s.hands[t])


@register
class ManaBurn(Skill):
    """法力燃烧 (active, dispellable, any number of times): discard a black card, then discard one of another
    hero's hand cards (at random)."""

    code = "mana_burn"
    plan = Plan(cards=(1, 1), zone="cards", pay=black, targets=(1, 1), target_ok=_has_hand)

    def resolve(self, s: FateState, use: Use) -> None:
        t = use.targets[0]
        if s.alive[t]:
            discard_random(s, t, 1, self.code)


@register
class Vendetta(Skill):
    """复仇: while you have no hand cards, your 【攻击】 cannot be dodged."""

    code = "vendetta"

    def unstoppable(self, s: FateState, me: int, use: Use) -> bool:
        return not s.hands[me]


@register
class SpikedCarapace(Skill):
    """穿刺护甲: after you take damage, if you have no hand cards, you deal 1 damage to the source."""

    code = "spiked_carapace"

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        src = dmg.source
        if dmg.target == me and not s.hands[me] and src >= 0 and src != me and s.alive[src]:
            deal(s, me, src, 1, "穿刺护甲")
