"""巫妖 Lich (智, 3/5): 邪恶祭祀 Dark Ritual, 霜冻护甲 Frost Armor."""

from __future__ import annotations

from ..pipeline import FROST, choose_zone
from ..skills import Plan, Skill, red, register
from ..state import Damage, FateState, Use


@register
class DarkRitual(Skill):
    """邪恶祭祀 (active, dispellable, once per play phase): discard a red card and draw two cards."""

    code = "dark_ritual"
    plan = Plan(cards=(1, 1), zone="cards", pay=red)

    def resolve(self, s: FateState, use: Use) -> None:
        s.draw(use.user, 2)


@register
class FrostArmor(Skill):
    """霜冻护甲: after you take damage, you discard one of the source's cards (a hand card at random, or an
    equipped card)."""

    code = "frost_armor"

    def on_damaged(self, s: FateState, me: int, dmg: Damage) -> None:
        src = dmg.source
        if dmg.target == me and src >= 0 and src != me and s.alive[src] and s.cards_of(src):
            choose_zone(s, me, src, FROST)
