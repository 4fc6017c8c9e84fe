"""What each wild-hunters choice costs the hero who makes it, said before it is made (issue 14 item 5).

A move, an attack or a rest is paid card by card *after* it is chosen (seed 003 · 移動 / 攻擊 / 休整), so the
choice itself must say the price: the ways the hero's own hand can pay it, and what that leaves of the hand and
deck — the count behind the shared exhaustion loss (4 or fewer cards, W-6). Everything here reads the mover's
own hand and public facts (tiles face up, professions, sword energy), never another hand or a face-down tile.

>>> import tablecraft
>>> g = tablecraft.load("wild-hunters", num_seats=1)
>>> s = g.new_initial_state(seed=3, setup={"heroes": {"water": {"hand": ["W", "F", "R", "T", "G"], "deck": ["W"]}}})
>>> price_words(s, s.parse_action("move e"), "en"), price_words(s, s.parse_action("rest"), "zh")
('1 rock card (hand and deck 6 → 5)', '任意1張牌（手牌與牌庫 6 → 5）')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import Kind, WHAction
from .content import CARD_KIND, ELEMENT_NAMES, ELEMENT_ZH, EXHAUSTED_AT, PROFESSIONS, kind_en, kind_zh
from .rules import ANY, COSTS, DISTINCT, MATCH, REST_COST, SAME_NOT, Pattern, extends

if TYPE_CHECKING:
    from .state import WildHuntersState

__all__ = ["pattern_words", "payable_patterns", "price_words"]


def _element(bit: int, zh: bool) -> str:
    e = bit.bit_length() - 1
    return ELEMENT_ZH[e] if zh else ELEMENT_NAMES[e]


def pattern_words(pattern: Pattern, lang: str) -> str:
    """One way of paying a price, in words: ``1 water card`` / ``1張水牌``, ``2 cards sharing an element other
    than water`` / ``2張同屬性的牌（水以外）``, ``3 cards of different elements`` / ``3張不同屬性的牌``.

    >>> pattern_words((MATCH, 1, 1), "en"), pattern_words((SAME_NOT, 2, 2), "zh")
    ('1 water card', '2張同屬性的牌（火以外）')
    """
    kind, size, bit = pattern
    zh = lang == "zh"
    if kind == MATCH:
        return f"{size}張{_element(bit, zh)}牌" if zh else f"{size} {_element(bit, zh)} card" + ("s" * (size > 1))
    if kind == SAME_NOT and size >= 2:
        if not bit:
            return f"{size}張同屬性的牌" if zh else f"{size} cards sharing an element"
        return f"{size}張同屬性的牌（{_element(bit, zh)}以外）" if zh else \
            f"{size} cards sharing an element other than {_element(bit, zh)}"
    if kind == SAME_NOT:
        return f"{size}張{_element(bit, zh)}以外屬性的牌" if zh else f"{size} card of an element other than " \
            f"{_element(bit, zh)}"
    if kind == DISTINCT:
        return f"{size}張不同屬性的牌" if zh else f"{size} cards of different elements"
    assert kind == ANY
    return f"任意{size}張牌" if zh else f"any {size} card" + ("s" * (size > 1))


def payable_patterns(cost: int, hand: tuple[int, ...]) -> list[Pattern]:
    """The ways of paying price ``cost`` that ``hand`` (sorted card kinds) can afford, in the price's order."""
    return [p for p in COSTS[cost] if extends(p, (), hand)]


def _total_after(total: int, spent: list[int], zh: bool) -> str:
    """`` (hand and deck 9 → 6)`` / ``（手牌與牌庫 9 → 6）``, with the loss named when it reaches the exhaustion
    line."""
    after = sorted(set(total - n for n in spent), reverse=True)
    to = ("或" if zh else " or ").join(str(n) for n in after)
    lost = min(after) <= EXHAUSTED_AT
    if zh:
        return f"（手牌與牌庫 {total} → {to}" + ("，4張或更少即全體落敗）" if lost else "）")
    return f" (hand and deck {total} → {to}" + ("; 4 or fewer loses the game for everyone)" if lost else ")")


def _payment(s: WildHuntersState, cost: int, lang: str) -> str:
    """The price ``cost`` as the mover's hand can pay it, with what the payment leaves of hand and deck."""
    p = s.to_move
    zh = lang == "zh"
    ways = payable_patterns(cost, s.hand_key(p))
    words = ("或" if zh else " or ").join(pattern_words(w, lang) for w in ways)
    return f"{words}{_total_after(s.total_cards(p), [w[1] for w in ways], zh)}"


def _still_to_pay(s: WildHuntersState, kind: int) -> int:
    """Cards still to pay after paying a card of ``kind`` toward the pending price (0: it settles the price)."""
    p = s.to_move
    now = tuple(sorted((*s.paid, kind)))
    rest = list(s.hand_key(p))
    rest.remove(kind)
    sizes = [pat[1] - len(now) for pat in COSTS[s.pend_cost] if extends(pat, now, tuple(rest))]
    return min(sizes)


def price_words(s: WildHuntersState, action: WHAction, lang: str = "en") -> str | None:
    """What ``action`` (legal in ``s``) costs the hero to move, in ``lang``; ``None`` when it costs nothing.

    移動 and 攻擊: the ways the hand can pay the tile's price (3 cards of different elements for a face-down tile,
    one fewer with the scout's or mercenary's perk); 休整: any 1 card; 集中: the card leaves the hand for sword
    energy (a card is drawn, so the hand and deck lose one); paying a card: how many are still to pay; releasing
    sword energy: the energy discarded; swapping professions: the sword energy the new main element does not keep.
    """
    k = action.kind
    p = s.to_move
    zh = lang == "zh"
    if k is Kind.MOVE:
        return _payment(s, s.move_cost(p, s.fx.geo.nb[s.hero_cell[p]][action.a]), lang)
    if k is Kind.ATTACK:
        return _payment(s, s.attack_cost(p), lang)
    if k is Kind.REST:
        return _payment(s, REST_COST, lang)
    if k is Kind.FOCUS:
        card = kind_zh(action.a) if zh else kind_en(action.a)
        return f"{card}牌離手成為劍氣{_total_after(s.total_cards(p), [1], zh)}" if zh else \
            f"the {card} card leaves your hand as sword energy{_total_after(s.total_cards(p), [1], zh)}"
    if k is Kind.PAY:
        left = _still_to_pay(s, action.a)
        after = _total_after(s.total_cards(p), [1 + left], zh)
        if zh:
            return (f"棄置這張牌，還需再付{left}張" if left else "棄置這張牌，付清") + after
        return (f"this card is discarded; {left} more to pay" if left else "this card is discarded; paid in full") \
            + after
    if k is Kind.RELEASE:
        if not action.a:
            return None
        return f"棄置{action.a}張劍氣" if zh else f"{action.a} sword energy discarded"
    if k is Kind.SWAP:
        bit = 1 << PROFESSIONS[s.second[p]].element
        lost = [CARD_KIND[c] for c in s.energy[p] if not CARD_KIND[c] & bit]
        if not lost:
            return None
        names = ("、" if zh else ", ").join(kind_zh(m) if zh else kind_en(m) for m in lost)
        return f"失去劍氣 {names}" if zh else f"you lose sword energy {names}"
    return None

