"""What each wizard-towers choice costs the seat that makes it, said before it is made (issue 14 item 5): the card
a battle may send to the junk bag (伤害计算及牌去处2: a played card no greater than the other side's face total), the
card a discard junks, the wizard's tower-adjustment points (巫师特殊规则3: 3 a turn), and the turn a draw may cost
when the bag still holds its spiral coin (游戏开始3) — the chance as everyone can reckon it, the bag's cards and
coin being public counts. Nothing here reads a card the mover has not seen.

>>> import tablecraft
>>> g = tablecraft.load("wizard-towers")
>>> s = g.new_initial_state(seed=1, setup={"hands": {"orange": ["5S"]}})
>>> price_words(s, s.parse_action("draw orange"), "en")
'1 chance in 19 of the spiral coin, which ends your turn'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Kind, WTAction
from .rules import card_value
from .spec import TOWER_SLOTS
from .text import card_words

if TYPE_CHECKING:
    from .state import WizardTowersState

__all__ = ["price_words"]

ADJUST_POINTS = 3
"""巫师特殊规则3: the wizard's tower adjustments, at most 3 points a turn."""


def _junk_risk(card: int, lang: str) -> str:
    """A played card's risk: the junk bag when the other side's face total reaches its value."""
    v = card_value(card)
    name = card_words(card, lang)
    return f"若对方的牌面合计 ≥ {v}，{name} 进入废品包裹" if lang == "zh" else \
        f"{name} goes to the junk bag if the other side's cards total {v} or more"


def _coin(s: WizardTowersState, bag: int, lang: str) -> str | None:
    """The chance a draw from ``bag`` is its spiral coin, and what the coin costs at this step."""
    if not s.coin_in_bag(bag):
        return None
    n = len(s.bags[bag]) + 1
    zh = lang == "zh"
    if s.phase.name == "DRAW":  # 游戏开始3: drawing the coin skips the rest of the turn
        return f"有 1/{n} 的机会抓到螺旋硬币：本回合就此结束" if zh else \
            f"1 chance in {n} of the spiral coin, which ends your turn"
    if s.opt["late_coin"] == "stall":
        return f"有 1/{n} 的机会抓到螺旋硬币：跳过你的下一回合" if zh else \
            f"1 chance in {n} of the spiral coin, which skips your next turn"
    return f"有 1/{n} 的机会抓到螺旋硬币：到你的下一回合之前不能防守" if zh else \
        f"1 chance in {n} of the spiral coin: you cannot defend until your next turn"


def _points(s: WizardTowersState, cost: int, lang: str) -> str:
    left = s.adjust_left if s.phase.name == "ADJUST" else ADJUST_POINTS
    return f"{cost}点调整（本回合剩 {left} → {left - cost}）" if lang == "zh" else \
        f"{cost} adjustment point{'s' if cost > 1 else ''} ({left} → {left - cost} left this turn)"


def price_words(s: WizardTowersState, action: WTAction, lang: str = "en") -> str | None:
    """What ``action`` (legal in ``s``) costs the seat to move, in ``lang``; ``None`` when it costs nothing."""
    k, a = action.kind, action.a
    zh = lang == "zh"
    if k is Kind.DRAW:
        return _coin(s, a, lang)
    if k is Kind.PLAY_CARD:
        return _junk_risk(a, lang)
    if k is Kind.PLAY_TOWER:
        tower, pos = TOWER_SLOTS[a]
        card = s.towers[tower][pos]
        if s.known[card] >> s.to_move & 1:
            return _junk_risk(card, lang)
        return "若对方的牌面合计不小于这张塔牌，它进入废品包裹" if zh else \
            "this tower card goes to the junk bag if the other side's cards total at least its value"
    if k is Kind.ATTACK_SEAT or k is Kind.ATTACK_TOWER or k is Kind.SUBSTITUTE:
        return "你打出1–2张手牌；不大于对方牌面合计的牌进入废品包裹" if zh else \
            "1–2 of your hand cards go into the battle; any no greater than the other side's total go to the junk bag"
    if k is Kind.DISCARD:
        return f"{card_words(a, lang)} 进入废品包裹" if zh else f"{card_words(a, lang)} goes to the junk bag"
    if k is Kind.PLACE:
        return _points(s, 1, lang)
    if k is Kind.SWAP_HAND or k is Kind.SWAP_TOWERS:
        return _points(s, 2, lang)
    return None
