"""The 54-card deck (扑克牌) shared by the games that use playing cards.

A card is a small int, so zones are plain lists of ints and cost nothing to copy:
``suit * 13 + (rank - 1)`` for the 52 suited cards, ``RED_JOKER`` (52, 大王) and ``BLACK_JOKER`` (53, 小王).

Notation, used in setups, actions and logs: rank then suit letter — ``AS 10H KD 5C`` — and ``JKR`` / ``JKB`` for
the jokers. ``parse_card`` also accepts suit symbols (``A♠``, ``10♥``), ``T`` for ten and lower case.

>>> card_str(parse_card("A♠")), card_str(parse_card("10h")), card_str(parse_card("jkr"))
('AS', '10H', 'JKR')
>>> rank_of(parse_card("KD")), suit_of(parse_card("KD")), suit_of(RED_JOKER)
(13, <Suit.DIAMONDS: 3>, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum

from .errors import SetupError


class Suit(IntEnum):
    """The four suits (花色): 黑桃 spades, 红桃 hearts, 梅花 clubs, 方片 diamonds."""

    SPADES = 0
    HEARTS = 1
    CLUBS = 2
    DIAMONDS = 3

    @property
    def letter(self) -> str:
        """One-letter code used in card notation (S, H, C, D)."""
        return "SHCD"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol (♠ ♥ ♣ ♦)."""
        return "♠♥♣♦"[self]

    @property
    def name_zh(self) -> str:
        """The Chinese name of the suit."""
        return ("黑桃", "红桃", "梅花", "方片")[self]


RED_JOKER = 52
"""大王, the red (big) joker: ``JKR``."""
BLACK_JOKER = 53
"""小王, the black (small) joker: ``JKB``."""
DECK_SIZE = 54
FULL_DECK: tuple[int, ...] = tuple(range(DECK_SIZE))

_RANK_TEXT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
_SUIT_FROM_TEXT = {
    "S": Suit.SPADES, "♠": Suit.SPADES, "♤": Suit.SPADES,
    "H": Suit.HEARTS, "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "C": Suit.CLUBS, "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "D": Suit.DIAMONDS, "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
}
_RANK_FROM_TEXT = {t: i + 1 for i, t in enumerate(_RANK_TEXT)} | {"T": 10, "1": 1}


def make_card(rank: int, suit: Suit) -> int:
    """Return the card of ``rank`` (1 = A … 13 = K) and ``suit``."""
    return int(suit) * 13 + rank - 1


def is_joker(card: int) -> bool:
    """True for 大王 and 小王."""
    return card >= RED_JOKER


def rank_of(card: int) -> int:
    """Rank 1 (A) … 13 (K); jokers have rank 0."""
    return 0 if card >= RED_JOKER else card % 13 + 1


def suit_of(card: int) -> Suit | None:
    """The card's suit, or ``None`` for a joker (jokers have no suit)."""
    return None if card >= RED_JOKER else Suit(card // 13)


def card_str(card: int) -> str:
    """ASCII notation: ``AS``, ``10H``, ``JKR``."""
    if card == RED_JOKER:
        return "JKR"
    if card == BLACK_JOKER:
        return "JKB"
    return _RANK_TEXT[card % 13] + "SHCD"[card // 13]


def card_symbol(card: int) -> str:
    """Display notation with suit symbols: ``A♠``, ``10♥``, ``大王``/``小王`` shown as ``JKR``/``JKB``."""
    if card >= RED_JOKER:
        return card_str(card)
    return _RANK_TEXT[card % 13] + "♠♥♣♦"[card // 13]


def parse_card(text: str) -> int:
    """Parse one card in notation; raise ``SetupError`` naming the text and the accepted forms."""
    t = text.strip().upper()
    if t in ("JKR", "大王", "RJ"):
        return RED_JOKER
    if t in ("JKB", "小王", "BJ"):
        return BLACK_JOKER
    if len(t) >= 2:
        rank_text, suit_text = t[:-1], t[-1]
        if rank_text in _RANK_FROM_TEXT and suit_text in _SUIT_FROM_TEXT:
            return make_card(_RANK_FROM_TEXT[rank_text], _SUIT_FROM_TEXT[suit_text])
    raise SetupError(
        f"unknown card {text!r}: write rank then suit, e.g. AS 10H KD 5C (or A♠ 10♥), and JKR/JKB for the jokers"
    )


def parse_cards(items: Iterable[str] | str) -> list[int]:
    """Parse a list of cards, or one string of cards separated by spaces or commas."""
    if isinstance(items, str):
        items = [p for p in items.replace(",", " ").split() if p]
    return [parse_card(x) for x in items]


def normalize_card_words(text: str) -> str:
    """Action text with every word that reads as a card put in notation and every other word in lower case.

    Lets players type ``play a♠`` or ``PLACE 10h Left`` for ``play AS`` / ``place 10H left``. It relies on no
    keyword of a game's action notation reading as a card (none does: a card is a rank then a suit letter).

    >>> normalize_card_words("Place 10♥ LEFT")
    'place 10H left'
    """
    words = []
    for word in text.split():
        try:
            words.append(card_str(parse_card(word)))
        except SetupError:
            words.append(word.lower())
    return " ".join(words)
