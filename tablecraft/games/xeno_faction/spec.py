"""What xeno-faction (异种族阵营) is: two players, each with a 54-card deck, three rows, three shared extra zones.

Seed 001: each player owns a full poker deck (卡组), a hand, a graveyard (墓地) and a banished zone (除外区, gap
1-1). On the table each player has three rows (排): row 1 the ♦ slot (方块槽, 武装兽), row 2 the ♠ slot (黑桃槽,
魔法兽), row 3 the ♣ slot (梅花槽, 精神异能兽); ♥ normal cards (魔导武器) go to row 1 or 2. Between the players lie
three extra zones (额外区), one each for ♦, ♠ and ♣, shared by both (gap 1-7).

Cards are the ints of ``tablecraft.core.cards`` (``suit * 13 + rank - 1``; 52 = 大王 ``JKR``, 53 = 小王 ``JKB``),
local to their owner's deck; a card's global id is ``owner * 54 + card`` (108 cards in all).

>>> card_str(make_card(5, Suit.DIAMONDS)), ROWS_OF[make_card(5, Suit.HEARTS)], ZONE_OF[make_card(7, Suit.CLUBS)]
('5D', (0, 1), 2)
>>> VALUE[make_card(12, Suit.SPADES)], VALUE[RED_JOKER], VALUE[make_card(9, Suit.HEARTS)]
(1, 0, 9)
"""

from __future__ import annotations

from tablecraft.core.api import GameSpec, OptionSpec
from tablecraft.core.cards import BLACK_JOKER, DECK_SIZE, RED_JOKER, Suit, card_str, make_card

__all__ = [
    "BIG_JOKER", "DECK_SIZE", "DIRECT", "FACE_ROW", "IS_FACE", "IS_NORMAL", "NUM_ROWS", "NUM_SEATS", "PUBLIC",
    "RANK", "ROWS_OF", "ROW_SUIT", "SEAT_NAMES", "SEAT_NAMES_ZH", "SMALL_JOKER", "SPEC", "SUIT", "VALUE", "ZONE_OF",
    "card_str", "make_card", "Suit",
]

NUM_SEATS = 2
SEAT_NAMES = ("alpha", "beta")
"""Display names of the two seats (the seed names nobody; 甲 and 乙 as in Chinese rule texts)."""
SEAT_NAMES_ZH = ("甲", "乙")

NUM_ROWS = 3
ROW_SUIT: tuple[Suit, Suit, Suit] = (Suit.DIAMONDS, Suit.SPADES, Suit.CLUBS)
"""The suit of each row (方块槽, 黑桃槽, 梅花槽) and of the extra zone with the same index."""
ROW_OF_SUIT = {Suit.DIAMONDS: 0, Suit.SPADES: 1, Suit.CLUBS: 2}
DIRECT = 3
"""Attack target meaning the player (直接攻击玩家), beside rows 0–2."""

BIG_JOKER = RED_JOKER
"""大王 (深渊魔法), notation ``JKR``."""
SMALL_JOKER = BLACK_JOKER
"""小王 (深渊骑士), notation ``JKB``."""

PUBLIC = 1 << NUM_SEATS
"""Bit of ``seen`` for spectators: the card has been face up for everyone."""
EVERYONE = (1 << NUM_SEATS) - 1 | PUBLIC

START_HAND = 5
"""准备阶段: 第一回合双方各抽五张."""
DRAW_PER_TURN = 2
"""抽牌阶段: 当前回合玩家抽两张牌."""
HAND_CHECK = 7
"""准备阶段: 七张或以上 …"""
HAND_CHECK_TO = 5
"""… 就要弃掉手牌直到五张."""
JOKER_HEAL = 10
"""大王 leaving the field (攻击后 / 其他从场上离开): 回复十点生命值."""
CLASH_DAMAGE = 10
"""大王 clash (①②): the loser's 大王 被消灭并收到十点伤害."""
KNIGHT_SELF_DAMAGE = 5
"""小王 on the opponent's turn: 使用之后使用者受到五点伤害."""
JOKER_DIRECT_CARDS = 5
"""大王 direct attack: 随机将对方牌组中的五张牌除外."""
DEEP_SEA = 54
"""深海时代: 双方除外区牌数量总和超过54张."""
MAX_FACES = 2
"""花牌: 一排最多可以放置两张花牌."""
MIN_SPLIT_CARDS = 3
"""分裂新生: 任意大于2的数量 (three or more cards)."""


def _rank(card: int) -> int:
    return 0 if card >= RED_JOKER else card % 13 + 1


RANK: tuple[int, ...] = tuple(_rank(c) for c in range(DECK_SIZE))
"""Rank 1 (A) … 13 (K) of each card; 0 for the jokers."""
SUIT: tuple[int, ...] = tuple(-1 if c >= RED_JOKER else c // 13 for c in range(DECK_SIZE))
"""Suit (``Suit`` value) of each card; -1 for the jokers."""
IS_NORMAL: tuple[bool, ...] = tuple(1 <= RANK[c] <= 10 for c in range(DECK_SIZE))
"""普通牌: A–10."""
IS_FACE: tuple[bool, ...] = tuple(RANK[c] >= 11 for c in range(DECK_SIZE))
"""花牌: J, Q, K."""
VALUE: tuple[int, ...] = tuple(RANK[c] if IS_NORMAL[c] else (1 if IS_FACE[c] else 0) for c in range(DECK_SIZE))
"""Points of a card wherever a total needs them (gap 1-6): A=1 … 10; J/Q/K 1 (花牌算作一点); jokers 0."""


def _rows_of(card: int) -> tuple[int, ...]:
    if not IS_NORMAL[card]:
        return ()
    if SUIT[card] == Suit.HEARTS:
        return (0, 1)  # 魔导武器: 放置方块或者黑桃槽
    return (ROW_OF_SUIT[Suit(SUIT[card])],)


ROWS_OF: tuple[tuple[int, ...], ...] = tuple(_rows_of(c) for c in range(DECK_SIZE))
"""Rows a normal card may be placed in (♦ row 0, ♠ row 1, ♣ row 2, ♥ row 0 or 1); () for other cards."""
FACE_ROW: tuple[int, ...] = tuple(
    ROW_OF_SUIT[Suit(SUIT[c])] if IS_FACE[c] and SUIT[c] != Suit.HEARTS else -1 for c in range(DECK_SIZE)
)
"""The row of a ♦/♠/♣ J, Q or K (异种族能力); -1 for every other card (♥ J/Q/K are used, not placed)."""
ZONE_OF: tuple[int, ...] = tuple(
    ROW_OF_SUIT[Suit(SUIT[c])] if IS_NORMAL[c] and RANK[c] >= 3 and SUIT[c] != Suit.HEARTS else -1
    for c in range(DECK_SIZE)
)
"""The extra zone (0 ♦, 1 ♠, 2 ♣) a ♦/♠/♣ 3–10 may enter (额外区: 3-10 of the zone's suit); -1 otherwise."""
HEART_FACES: tuple[int, ...] = tuple(make_card(r, Suit.HEARTS) for r in (11, 12, 13))
"""♥ J, Q, K: 解万法者."""
J, Q, K = 11, 12, 13

SPEC = GameSpec(
    id="xeno-faction",
    name_zh="异种族阵营",
    name_en="Xeno Faction",
    min_seats=2,
    max_seats=2,
    seat_names=SEAT_NAMES,
    seat_names_zh=SEAT_NAMES_ZH,
    options=(
        OptionSpec("life", 50, "Starting life points of each player (seed: 双方设置生命点数30-100; gap 1-2).",
                   min=30, max=100),
        OptionSpec("max_turns", 200, "Turn cap (ours): when this many turns have been played the game ends in a "
                   "draw (no seed rule ends a stalled game).", min=1, max=100_000),
        OptionSpec("pair_uses_row", True, "额外区 pair (gap 1-8): true = placing the pair is that row's one normal "
                   "placement this turn; false = the pair comes on top of the row's single card."),
        OptionSpec("dispel", "row", "解万法者 (♥J/Q/K) 【一张或者两张】: 'row' = every face card of the chosen row "
                   "goes (one or two); 'pick' = the user removes one chosen face card or both.",
                   choices=("row", "pick")),
        OptionSpec("clash_self_damage", True, "大王 clash ①: true = cards put from hand onto the field count as "
                   "特殊放置 (1 damage each); false = they do not (the reference's reading)."),
        OptionSpec("clash_hearts", False, "大王 clash ① in row 1 or 2: false = only the row's own suit is put down "
                   "(那一排花色的牌); true = ♥ normal cards, which may stand in those rows, go down too."),
        OptionSpec("knight_damage", 0, "Damage to the owner of a 大王 destroyed by 小王: 0 = none, as the 小王 text "
                   "gives none (「直接将对方的大王消灭」; only the clash adds 「并收到十点伤害」); 10 = as in the clash "
                   "(the reference's reading, gap 1-19).", min=0, max=100),
        OptionSpec("extra_summon_damage", True, "分裂新生 special placement of a card taken from an extra zone (X-25): "
                   "true = 1 damage like every specially placed card; false = none (普通牌特殊规则 lists 手牌，卡组，"
                   "墓地，除外区, not 额外区)."),
        OptionSpec("face_rows_occupied", False, "攻击规则 「有被放置的牌存在」 (X-3): false = a row counts as occupied "
                   "only with a normal card; true = face cards count too, so a row of face cards alone is a target "
                   "(total 0) that loses one face card (1 point, 花牌算作一点; its owner picks) to a won attack."),
        OptionSpec("clash_faces", False, "大王 clash ① 「将手牌中大王那一排花色的牌全部放在场上」 (X-18): false = only "
                   "normal cards go down; true = the row suit's J/Q/K in hand go down as face cards too (the oldest "
                   "pushed out past two) and every face card in the row adds 1 to its clash total."),
        OptionSpec("first_turn_draw", 2, "Cards the first player draws in turn 1's draw phase (gap 1-4: the seed's "
                   "抽牌阶段 gives 2 every turn); fewer evens out the first player's lead.", min=0, max=2),
        OptionSpec("second_turn_draw", 2, "Cards the second player draws in their first draw phase (turn 2; the "
                   "seed: 2); more evens out the first player's lead.", min=0, max=5),
        OptionSpec("joker_direct_row_damage", False, "大王 direct attack: false = the five random deck cards are "
                   "the whole damage; true = the row's total (直接攻击 ④) is dealt as well."),
    ),
)
"""The registered spec: id, names, seats and the options (rule variants and parameters)."""
