"""The pure rules of wizard-towers: card values, the suit cycle, battle arithmetic and the four aces.

Everything here is a small function of plain values, so the seed's worked examples test it directly:

>>> from tablecraft.core.cards import parse_card as c
>>> out = resolve_battle([c("JKR")], 0, [c("KS")], 0)   # seed 000 · 特殊牌1
>>> out.damage, out.loser, out.explain()
(3, 1, '15 (JKR) + 1 (Joker beats any suit) − 13 (KS) = 3')
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import IntEnum

from tablecraft.core.cards import Suit, card_str, is_joker, parse_card, rank_of, suit_of

JOKER_VALUE = 15
"""Seed 000 · 特殊牌1: Joker的数值固定为15."""

ATTACK, DEFENCE = 0, 1
"""The two sides of a battle (进攻 / 防守)."""
NOBODY = -1


def card_value(card: int) -> int:
    """A=1, 2–10 face value, J=11, Q=12, K=13, Joker=15 (gap 0-1, from the seed's worked examples)."""
    return JOKER_VALUE if is_joker(card) else rank_of(card)


def beats(suit: Suit | None, other: Suit | None) -> bool:
    """Seed 000 · 特殊规则1: ♠ beats ♦ and ♣; ♦ and ♣ beat ♥; ♥ beats ♠. ``None`` is a Joker's lead.

    A Joker (no suit) beats any suit; it does not beat another Joker, and nothing beats an empty side.

    >>> beats(Suit.SPADES, Suit.CLUBS), beats(Suit.CLUBS, Suit.SPADES), beats(None, Suit.HEARTS)
    (True, False, True)
    """
    if other is None:
        return False
    if suit is None:
        return True
    return (other, suit) in _BEATEN_BY


_BEATEN_BY = {
    (Suit.DIAMONDS, Suit.SPADES), (Suit.CLUBS, Suit.SPADES),
    (Suit.HEARTS, Suit.DIAMONDS), (Suit.HEARTS, Suit.CLUBS),
    (Suit.SPADES, Suit.HEARTS),
}


def lead_index(cards: Sequence[int], chosen: int, joker_must_lead: bool = True) -> int:
    """Which played card is the action card (行动花色): the chosen one, or a Joker when one is played (gap 0-14)."""
    if joker_must_lead:
        for i, card in enumerate(cards):
            if is_joker(card):
                return i
    return chosen


class Special(IntEnum):
    """The four aces' effects (特殊牌 2–5), triggered only when the ace is the action card (gap 0-15)."""

    ASSASSINATION = 0  # ♠A 暗杀
    SUPPLY = 1  # ♥A 补给
    ARCHERY = 2  # ♣A 弓术
    ARCANE_SWAP = 3  # ♦A 秘术


_ACE_SPECIAL = {Suit.SPADES: Special.ASSASSINATION, Suit.HEARTS: Special.SUPPLY,
                Suit.CLUBS: Special.ARCHERY, Suit.DIAMONDS: Special.ARCANE_SWAP}


@dataclass
class BattleOutcome:
    """The arithmetic of one battle (伤害计算), before it is applied to players.

    ``loser`` is the side with the lower effective total (``NOBODY`` on a tie) and takes ``damage``, unless
    ``immune`` (♣A). ``special`` is the ace effect of side ``special_side`` (its card at ``special_index`` of
    that side, the action card unless ``ace_trigger="suit"``); ``special_damage`` goes to the
    other side, ``heal`` to the ace's own side, ``swap`` lists the indices of each side's largest card.
    ``junked`` holds, per side, the indices of the played cards that go to the junk bag. ``terms`` is the damage
    sum, winner's cards first: ``(value, card notation)``, or ``(±1, "bonus:<action card>")`` for a suit bonus
    (the winner's +1 or the loser's −1, labelled with the action card that earned it).
    """

    cards: tuple[tuple[int, ...], tuple[int, ...]]
    leads: tuple[int, int]
    raw: tuple[int, int]
    bonus: tuple[int, int]
    loser: int
    damage: int
    immune: bool = False
    special: Special | None = None
    special_side: int = NOBODY
    special_index: int = -1
    special_damage: int = 0
    heal: int = 0
    swap: tuple[int, int] | None = None
    junked: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    terms: list[tuple[int, str]] = field(default_factory=list)

    def explain(self) -> str:
        """The damage arithmetic in words and numbers, e.g. ``15 (JKR) + 1 (Joker beats any suit) − 13 (KS) = 3``."""
        if self.loser == NOBODY:
            sides = []
            for side in (ATTACK, DEFENCE):
                cards = self.cards[side]
                parts = [f"{card_value(c)} ({card_str(c)})" for c in cards] or ["0 (no card)"]
                if self.bonus[side]:
                    parts.append(f"1 ({_bonus_label(cards[self.leads[side]])})")
                sides.append(" + ".join(parts))
            return f"{sides[0]} = {sides[1]}: no damage"
        parts = []
        for i, (value, label) in enumerate(self.terms):
            sign = "" if i == 0 else (" + " if value >= 0 else " − ")
            if label.startswith(BONUS):
                label = _bonus_label(parse_card(label[len(BONUS):]))
            parts.append(f"{sign}{abs(value) if i else value} ({label})")
        return "".join(parts) + f" = {self.damage}"


BONUS = "bonus:"
"""The prefix of a suit-bonus term's label in ``BattleOutcome.terms`` (followed by the action card)."""


def _lead_suit(cards: Sequence[int], lead: int) -> Suit | None:
    return suit_of(cards[lead])


def _bonus_label(lead_card: int) -> str:
    if is_joker(lead_card):
        return "Joker beats any suit"
    return f"{suit_of(lead_card).symbol} suit bonus"  # type: ignore[union-attr]


def resolve_battle(
    attack: Sequence[int],
    attack_lead: int,
    defence: Sequence[int],
    defence_lead: int,
    joker_must_lead: bool = True,
    ace_trigger: str = "lead",
    defence_lead_fixed: bool = False,
) -> BattleOutcome:
    """Compare two sides' face-down cards once revealed (伤害计算及牌去处 1–2, 特殊规则 1–2, 特殊牌 1–5).

    Each side's effective total is its face total plus 1 when its action suit beats the other's; the lower side
    takes the difference. A card whose value is at most the other side's *face* total goes to the junk bag
    (gap 0-19; the seed's note: equal face totals send both sides' cards to junk). An ace that is its side's
    action card fires when its side's face total is lower (gap 0-16); with ``ace_trigger="suit"`` an ace fires
    whenever its suit is the action suit (特殊牌 「若以该牌的花色为行动花色」, the other reading of gap 0-15).
    ``defence_lead_fixed`` keeps the defence's chosen lead even over a Joker: in a joint defence the substitute's
    card leads (防守2), so a Joker the attacked warrior added only adds its 15 (option ``joint_joker``).
    """
    sides = (tuple(attack), tuple(defence))
    leads = (
        lead_index(attack, attack_lead, joker_must_lead) if attack else -1,
        lead_index(defence, defence_lead, joker_must_lead and not defence_lead_fixed) if defence else -1,
    )
    raw = (sum(card_value(c) for c in attack), sum(card_value(c) for c in defence))
    suits = (
        _lead_suit(attack, leads[0]) if attack else None,
        _lead_suit(defence, leads[1]) if defence else None,
    )
    bonus = [0, 0]
    for side in (ATTACK, DEFENCE):
        other = 1 - side
        # A Joker lead has suit None; two Jokers leading would each "beat" the other, so both bonuses cancel.
        both_jokers = suits[side] is None and suits[other] is None
        if sides[side] and sides[other] and not both_jokers and beats(suits[side], suits[other]):
            bonus[side] = 1
    eff = (raw[0] + bonus[0], raw[1] + bonus[1])
    if eff[0] == eff[1]:
        loser, damage = NOBODY, 0
    else:
        loser = ATTACK if eff[0] < eff[1] else DEFENCE
        damage = abs(eff[0] - eff[1])
    terms: list[tuple[int, str]] = []
    if loser != NOBODY:
        winner = 1 - loser
        terms = [(card_value(c), card_str(c)) for c in sides[winner]]
        if bonus[winner]:
            terms.append((1, BONUS + card_str(sides[winner][leads[winner]])))
        terms += [(-card_value(c), card_str(c)) for c in sides[loser]]
        if bonus[loser]:
            terms.append((-1, BONUS + card_str(sides[loser][leads[loser]])))
    junked = (
        tuple(i for i, c in enumerate(attack) if card_value(c) <= raw[DEFENCE]),
        tuple(i for i, c in enumerate(defence) if card_value(c) <= raw[ATTACK]),
    )
    out = BattleOutcome(sides, (leads[0], leads[1]), raw, (bonus[0], bonus[1]), loser, damage, terms=terms,
                        junked=junked)
    _apply_ace(out, ace_trigger == "suit")
    return out


def firing_ace(cards: Sequence[int], lead: int, by_suit: bool = False) -> int | None:
    """The card that may fire as an ace (特殊牌2–5): the action card if it is an ace; with ``by_suit``, also an
    ace of the action suit beside it (at most one: one deck holds one ace per suit). None otherwise.

    >>> from tablecraft.core.cards import parse_cards
    >>> firing_ace(parse_cards("5S AS"), 0), card_str(firing_ace(parse_cards("5S AS"), 0, by_suit=True))
    (None, 'AS')
    """
    card = cards[lead]
    if is_joker(card):
        return None
    if rank_of(card) == 1:
        return card
    if by_suit:
        suit = suit_of(card)
        for c in cards:
            if rank_of(c) == 1 and not is_joker(c) and suit_of(c) == suit:
                return c
    return None


def _apply_ace(out: BattleOutcome, by_suit: bool) -> None:
    for side in (ATTACK, DEFENCE):
        cards = out.cards[side]
        if not cards:
            continue
        ace = firing_ace(cards, out.leads[side], by_suit)
        if ace is None:
            continue
        own, other = out.raw[side], out.raw[1 - side]
        if own >= other:  # 若我方牌面总值小于对方
            continue
        special = _ACE_SPECIAL[suit_of(ace)]  # type: ignore[index]
        out.special, out.special_side = special, side
        out.special_index = cards.index(ace)
        if special is Special.ASSASSINATION:
            out.special_damage = own * 3 // 2  # 总值乘以1.5倍（小数向下取整）
        elif special is Special.ARCHERY:
            out.special_damage = math.ceil(own / 2)  # 总值一半（小数向上取整）
            out.immune = out.loser == side  # 我方免疫此次伤害
        elif special is Special.SUPPLY:
            out.heal = max(card_value(c) for side_cards in out.cards for c in side_cards)  # 战斗盘上最大那张牌
        elif special is Special.ARCANE_SWAP:
            out.swap = (largest_index(out.cards[ATTACK]), largest_index(out.cards[DEFENCE]))
        return


def largest_index(cards: Sequence[int]) -> int:
    """Index of the largest card by value; on a tie, the one played first (our reading, see the rules doc)."""
    best = 0
    for i in range(1, len(cards)):
        if card_value(cards[i]) > card_value(cards[best]):
            best = i
    return best
