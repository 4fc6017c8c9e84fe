"""What each fate choice costs the hero who makes it, said before it is made (issue 14 item 5): the cards a skill's
plan takes (how many, of what colour or suit, from the hand or hand and equipment), the rage an S card, a
strengthening or a skill costs (规则3), the damage a skill or 狂热 deals its own user (双刃剑, 牺牲, 死亡缠绕), and in
a demand the card to discard against the damage to take. All of it is the mover's own hero card, hand, rage and HP.

>>> import tablecraft
>>> g = tablecraft.load("fate", num_seats=4)
>>> s = g.new_initial_state(seed=1, setup={"heroes": ["centaur", "axe", "lich", "ursa"],
...     "identities": ["sentinel", "scourge", "sentinel", "scourge"], "hands": [["atk:AS"], [], [], []]})
>>> price_words(s, s.parse_action("skill 0"), "en"), price_words(s, s.parse_action("skill 0"), "zh")
('1 card; 1 damage to yourself (HP 5 → 4)', '1张牌；对自己造成1点伤害（体力 5 → 4）')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import FateAction, Kind
from .content import CARD_TYPE, CARD_TYPES, PAIR_RULES, CardKind
from .pipeline import free_strengthen_skill
from .skills import PAY_WORDS, SKILLS, Plan
from .state import F
from .text import card_words, skill_words

if TYPE_CHECKING:
    from .state import FateState

__all__ = ["cards_words", "damage_words", "plan_price", "price_words", "rage_words"]


def cards_words(lo: int, hi: int, zone: str, pay: Any, lang: str) -> str:
    """A card cost: ``2 red cards`` / ``2张红色牌``, ``1–3 ♥ cards``, ``2 or more cards of one suit`` /
    ``2张或更多牌（同花色）``; ``hand`` when only hand cards pay (``手牌``), plain cards when equipment may pay too
    (a cost of 「牌」). ``hi`` −1: no upper limit."""
    zh_words, en_words = PAY_WORDS.get(pay, ("", ""))
    hand = zone == "hand"
    if lang == "zh":
        count = f"{lo}张" if lo == hi else f"{lo}张或更多" if hi < 0 else f"{lo}–{hi}张"
        noun = "手牌" if hand else "牌"
        if zh_words.startswith(("同", "花色")):  # a condition on the set: after the noun
            return f"{count}{noun}（{zh_words}）"
        return f"{count}{zh_words}{noun}"
    count = str(lo) if lo == hi else f"{lo} or more" if hi < 0 else f"{lo}–{hi}"
    noun = ("hand card" if hand else "card") + ("" if lo == hi == 1 else "s")
    if en_words.startswith("of "):
        return f"{count} {noun} {en_words}"
    return f"{count} {en_words} {noun}" if en_words else f"{count} {noun}"


def rage_words(amount: int, rage: int, lang: str) -> str:
    """``2 rage (rage 3 → 1)`` / ``2点怒气（怒气 3 → 1）``."""
    return f"{amount}点怒气（怒气 {rage} → {rage - amount}）" if lang == "zh" else \
        f"{amount} rage (rage {rage} → {rage - amount})"


def damage_words(amount: int, hp: int, lang: str, own: bool = True) -> str:
    """Damage to the mover: ``1 damage to yourself (HP 4 → 3)`` (``own``) or ``2 damage to you (HP 4 → 2)``."""
    if lang == "zh":
        return f"{'对自己造成' if own else '受到'}{amount}点伤害（体力 {hp} → {hp - amount}）"
    return f"{amount} damage to {'yourself' if own else 'you'} (HP {hp} → {hp - amount})"


def _join(parts: list[str], lang: str) -> str | None:
    return ("；" if lang == "zh" else "; ").join(parts) or None


def plan_price(plan: Plan, s: FateState, me: int, lang: str) -> str | None:
    """A skill's price from its plan: the cards it takes, its rage (a fixed number), the damage to its own user."""
    parts = []
    lo, hi = plan.cards
    if hi:
        parts.append(cards_words(lo, hi, plan.zone, plan.pay, lang))
    if isinstance(plan.rage, int) and plan.rage:
        parts.append(rage_words(plan.rage, s.rage[me], lang))
    if plan.hp:
        parts.append(damage_words(plan.hp, s.hp[me], lang))
    return _join(parts, lang)


def _card_type_price(s: FateState, me: int, ctype: int, lang: str) -> list[str]:
    """What using a card as type ``ctype`` costs beyond the card: an S card's rage (规则3), 狂热's damage to
    its user."""
    d = CARD_TYPES[ctype]
    parts = []
    if d.kind is CardKind.SUPER and d.rage:
        parts.append(rage_words(d.rage, s.rage[me], lang))
    if d.self_damage:
        parts.append(damage_words(d.self_damage, s.hp[me], lang))
    return parts


def price_words(s: FateState, action: FateAction, lang: str = "en") -> str | None:
    """What ``action`` (legal in ``s``) costs the hero to move, in ``lang``; ``None`` when it costs nothing beyond
    the card it names (using a card spends that card: its words say so)."""
    frame = s.stack[-1]
    kind = F(frame[0])
    me = frame[1]
    k = action.kind
    zh = lang == "zh"
    if kind in (F.PLAY, F.CAST_ASK) and k is Kind.SKILL:
        skill = s.skills_of(me)[action.a]
        return SKILLS[skill.code].price(s, me, lang)
    if kind is F.PLAY and k is Kind.USE:
        return _join(_card_type_price(s, me, CARD_TYPE[action.a], lang), lang)
    if kind is F.PLAY and k is Kind.AS:
        return _join(_card_type_price(s, me, action.b, lang), lang)
    if kind is F.PLAY and k is Kind.PAIR:
        two = "2张手牌" if zh else "2 hand cards"
        return _join([two, *_card_type_price(s, me, PAIR_RULES[action.a].as_type, lang)], lang)
    if kind is F.BUILD and k is Kind.YES:  # 规则3: strengthening costs 1 rage
        free = free_strengthen_skill(s, me)
        if free is not None:
            name = skill_words(free.code, lang)
            return f"由【{name}】支付（每回合一次）" if zh else f"paid by {name} (once a turn)"
        return rage_words(1, s.rage[me], lang)
    if kind is F.DEMAND:
        if k is Kind.PASS:
            return damage_words(frame[4], s.hp[me], lang, own=False)
        if k is Kind.PICK:
            return f"弃置{card_words(action.a, lang)}" if zh else f"{card_words(action.a, lang)} is discarded"
    return None
