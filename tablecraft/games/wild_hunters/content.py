"""The components of wild-hunters as data: elements, terrain, heroes, cards, professions, demon kings, abilities, dice.

Everything the seed (003, 《破魔聖刃—蠻荒獵手》) counts is here with its count; everything it names without
defining is **our design**, marked ``(ours)`` in each docstring and in ``docs/rules/wild-hunters.md``. The engine
reads these tables; it never tests a demon king or a profession by name, only the fields below.

Elements (屬性) are bit masks, so a card's *kind* is simply the set of elements it may count as:

>>> kind_str(WATER | FIRE), kind_str(parse_kind("岩雷風")), popcount(GOD_KINDS[0])
('WF', 'RTG', 3)
>>> [kind_str(k) for k in SPIRIT_KINDS][4]   # the seed's "火地", read as 火岩 (typo)
'FR'
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum

# ---------------------------------------------------------------------------------------------- elements
W, F, R, T, G = range(5)
"""Element indices: 水 water, 火 fire, 岩 rock, 雷 thunder, 風 wind (gale)."""
WATER, FIRE, ROCK, THUNDER, WIND = (1 << e for e in range(5))
"""Element bits; a card kind is an OR of these."""
NUM_ELEMENTS = 5
ELEMENT_LETTERS = "WFRTG"
"""One letter per element in notation: W water, F fire, R rock, T thunder, G gale (wind)."""
ELEMENT_NAMES = ("water", "fire", "rock", "thunder", "wind")
ELEMENT_ZH = "水火岩雷風"
ALL_ELEMENTS = (1 << NUM_ELEMENTS) - 1


def popcount(mask: int) -> int:
    """Number of elements in a mask."""
    return bin(mask).count("1")


def kind_str(mask: int) -> str:
    """Notation of a card kind: its element letters in the order W F R T G (``WF``, ``RTG``)."""
    return "".join(ELEMENT_LETTERS[e] for e in range(NUM_ELEMENTS) if mask >> e & 1)


def kind_en(mask: int) -> str:
    """A kind's elements in English words, as players read them: ``water/fire`` (``kind_str`` is the code one
    types, ``WF``)."""
    return "/".join(ELEMENT_NAMES[e] for e in range(NUM_ELEMENTS) if mask >> e & 1)


def kind_zh(mask: int) -> str:
    """Chinese name of a card kind's elements (``水火``)."""
    return "".join(ELEMENT_ZH[e] for e in range(NUM_ELEMENTS) if mask >> e & 1)


def parse_kind(text: str) -> int:
    """The element mask written as letters or Chinese characters in any order and case (``fw``, ``水火``).

    Raises ``ValueError`` naming the allowed letters when a character is not an element or is repeated.
    """
    mask = 0
    for ch in text.strip():
        up = ch.upper()
        if up in ELEMENT_LETTERS:
            e = ELEMENT_LETTERS.index(up)
        elif ch in ELEMENT_ZH or ch in "风":
            e = ELEMENT_ZH.index(ch) if ch in ELEMENT_ZH else G
        else:
            raise ValueError(f"{ch!r} is not an element; use W F R T G (水 火 岩 雷 風)")
        if mask >> e & 1:
            raise ValueError(f"element {ELEMENT_LETTERS[e]} is repeated in {text!r}")
        mask |= 1 << e
    if not mask:
        raise ValueError("an empty card kind; write its elements, e.g. W or WF")
    return mask


# ------------------------------------------------------------------------------------------------- cards
POWER_KINDS: tuple[int, ...] = tuple(1 << e for e in range(NUM_ELEMENTS))
"""戰力卡: one element each (水、火、岩、雷、風), 10 of each."""
SPIRIT_KINDS: tuple[int, ...] = tuple(
    (1 << a) | (1 << b) for a in range(NUM_ELEMENTS) for b in range(a + 1, NUM_ELEMENTS)
)
"""靈力卡: the 10 element pairs in the seed's order 水火 水岩 水雷 水風 火岩 火雷 火風 岩雷 岩風 雷風, 5 of each.
The seed prints the fifth as "火地": there is no 地 element, and 火岩 is the only pair otherwise missing (typo)."""
GOD_KINDS: tuple[int, ...] = tuple(
    (1 << a) | (1 << b) | (1 << c)
    for a in range(NUM_ELEMENTS) for b in range(a + 1, NUM_ELEMENTS) for c in range(b + 1, NUM_ELEMENTS)
)
"""神力卡: the 10 element triples in the seed's order, 1 of each. The seed prints the fourth as "水地雷": 水岩雷 is the
only triple otherwise missing (typo)."""
KINDS: tuple[int, ...] = POWER_KINDS + SPIRIT_KINDS + GOD_KINDS
"""Every card kind (25), in codec order."""
SUPPLY_KINDS: tuple[int, ...] = SPIRIT_KINDS + GOD_KINDS
"""Kinds that can be in the spirit supply (靈力供應): spirit and god cards."""

POWER_COPIES, SPIRIT_COPIES, GOD_COPIES = 10, 5, 1
POWER_PER_HERO = 2
"""遊戲準備: each player takes 2 power cards of each element (10 cards)."""
SPIRIT_BASE = 50
GOD_BASE = 100
NUM_CARDS = 110
"""Card ids: power 0–49 (element e, copy k → 10e + k), spirit 50–99 (pair p, copy k → 50 + 5p + k),
god 100–109."""


def _card_kinds() -> tuple[int, ...]:
    out = [POWER_KINDS[i // POWER_COPIES] for i in range(SPIRIT_BASE)]
    out += [SPIRIT_KINDS[i // SPIRIT_COPIES] for i in range(GOD_BASE - SPIRIT_BASE)]
    out += list(GOD_KINDS)
    return tuple(out)


CARD_KIND: tuple[int, ...] = _card_kinds()
"""The element mask of each card id."""
CARD_TEXT: tuple[str, ...] = tuple(kind_str(k) for k in CARD_KIND)
"""Notation of each card id (its kind)."""


def card_family(mask: int) -> str:
    """``power`` / ``spirit`` / ``god`` by the number of elements."""
    return ("power", "spirit", "god")[popcount(mask) - 1]


def copies_of(mask: int) -> int:
    """How many cards of this kind the box holds (10 power, 5 spirit, 1 god)."""
    return (POWER_COPIES, SPIRIT_COPIES, GOD_COPIES)[popcount(mask) - 1]


def card_ids_of(mask: int) -> tuple[int, ...]:
    """The ids of every card of a kind."""
    return tuple(c for c in range(NUM_CARDS) if CARD_KIND[c] == mask)


# ------------------------------------------------------------------------------------------------ terrain
@dataclass(frozen=True)
class TerrainDef:
    """A terrain (地形) of the 40 terrain tiles (8 each). Its element is our reading of gap 3-3."""

    id: str
    name_zh: str
    element: int


TERRAINS: tuple[TerrainDef, ...] = (
    TerrainDef("beach", "河灘", W),
    TerrainDef("wasteland", "荒原", F),
    TerrainDef("mountain", "山脈", R),
    TerrainDef("ruins", "廢墟", T),
    TerrainDef("forest", "森林", G),
)
TILES_PER_TERRAIN = 8
NUM_TERRAIN_TILES = 40
CAMP_TILE_BASE = 40
NUM_TILES = 45
"""Tile ids: terrain t copy k → 8t + k (0–39); the camp (營地) of hero h → 40 + h."""


# -------------------------------------------------------------------------------------------- professions
class Perk(IntEnum):
    """What a main profession adds (ours: the seed names professions only by their element)."""

    NONE = 0
    TWIN_DIE = 1  # roll both dice on an attack; either may match the demon king's side
    ATTACK_DISCOUNT = 2  # attack costs one card fewer (a face-up tile: any one card; face down: 2 distinct)
    EXTRA_ACQUIRE = 3  # one more 汲取 each turn
    GUARD = 4  # the demon king's strike deals 1 less damage
    PATHFINDER = 5  # moving onto a face-down tile costs 2 cards of distinct elements instead of 3


@dataclass(frozen=True)
class ProfessionDef:
    """A profession (職業): its element decides where the hero may focus and which sword energy it keeps
    (seed: 集中, 休整); its perk (ours) works while it is the main profession."""

    id: str
    name_zh: str
    element: int
    perk: Perk
    perk_en: str
    perk_zh: str


PROFESSIONS: tuple[ProfessionDef, ...] = (
    ProfessionDef("mage", "法師", W, Perk.TWIN_DIE, "Twin die: attacks roll both dice; either may match.",
                  "秘法：攻擊時擲兩枚骰子，任一枚相符即額外傷害。"),
    ProfessionDef("mercenary", "傭兵", F, Perk.ATTACK_DISCOUNT, "Onslaught: attacks cost one card fewer.",
                  "猛攻：攻擊少付一張牌。"),
    ProfessionDef("artisan", "匠人", R, Perk.EXTRA_ACQUIRE, "Salvage: one more draw-on-spirit each turn.",
                  "拾荒：每回合可多汲取一次。"),
    ProfessionDef("knight", "騎士", T, Perk.GUARD, "Guard: the demon king's strikes deal 1 less damage.",
                  "堅守：惡鬼王的重擊對你少造成1點傷害。"),
    ProfessionDef("scout", "斥候", G, Perk.PATHFINDER, "Pathfinder: entering a face-down tile costs 2 cards of "
                  "different elements.", "尋路：進入面朝下的板塊只需兩張屬性不同的牌。"),
)
PROFESSION_COPIES = 6
"""職業牌×30: 6 of each profession."""


# ------------------------------------------------------------------------------------------------- heroes
@dataclass(frozen=True)
class HeroDef:
    """A character (角色) with its faction, camp tile and starting profession (gap 3-13: the faction's own)."""

    id: str
    name_zh: str
    faction_en: str
    faction_zh: str
    element: int
    profession: int


HEROES: tuple[HeroDef, ...] = (
    HeroDef("water", "沃特", "Wort Church", "沃特教會", W, 0),
    HeroDef("fire", "法爾", "Far Mercenaries", "法爾傭兵團", F, 1),
    HeroDef("rock", "洛克", "Rock Workshop", "洛克工坊", R, 2),
    HeroDef("thunder", "雷霆", "Thunder Guard", "雷霆衛隊", T, 3),
    HeroDef("wind", "精靈", "Elf Canyon", "精靈峽谷", G, 4),
)
NUM_HEROES = 5
ACTION_CARDS_PER_HERO = 3
"""角色行動卡×15 (3 each) and 角色震懾卡×5 (1 each). Destiny card ids: hero h's action cards 3h, 3h+1, 3h+2
(the third stays on the hero's board until the first 3 sword energy), its stun card 15 + h."""
STUN_BASE = 15
NUM_DESTINY = 20


def destiny_hero(card: int) -> int:
    """The hero a destiny card belongs to."""
    return card - STUN_BASE if card >= STUN_BASE else card // ACTION_CARDS_PER_HERO


def is_stun(card: int) -> bool:
    """True for a character stun card (角色震懾卡)."""
    return card >= STUN_BASE


def destiny_str(card: int) -> str:
    """Notation: ``water-1`` … ``water-3`` for action cards, ``water-stun`` for the stun card."""
    h = destiny_hero(card)
    if is_stun(card):
        return f"{HEROES[h].id}-stun"
    return f"{HEROES[h].id}-{card % ACTION_CARDS_PER_HERO + 1}"


DESTINY_TEXT: tuple[str, ...] = tuple(destiny_str(c) for c in range(NUM_DESTINY))
"""Notation of each destiny card id."""


def parse_destiny(text: str) -> int:
    """Inverse of ``destiny_str``; ``ValueError`` if ``text`` names no destiny card."""
    for c in range(NUM_DESTINY):
        if destiny_str(c) == text.strip().lower():
            return c
    raise ValueError(f"{text!r} is not a destiny card; write e.g. water-1, water-3 or water-stun")


# ---------------------------------------------------------------------------------------------------- dice
DEMON_FACE = 5
"""Die faces (ours, gap 3-6): faces 0–4 are the five elements, face 5 is the demon's face (鬼面), no element."""
DIE_FACES = ("W", "F", "R", "T", "G", "demon")
DIE_FACES_ZH = ("水", "火", "岩", "雷", "風", "鬼")
BLANK = 5
"""The side of the demon king's six-sided base that bears his face (鬼) instead of an element: no die matches it."""


# -------------------------------------------------------------------------------------------- demon kings
class Effect(IntEnum):
    """What an ability card (惡鬼王能力牌) does (ours). Effects are data; ``state.activate`` reads them."""

    BURN_SUPPLY = 0  # each activation: the first card of the spirit supply is burnt (out of the game)
    WASH_ENERGY = 1  # a struck hero loses all sword energy
    RUBBLE = 2  # a struck hero discards a random card from hand
    THUNDERCLAP = 3  # the strike hits every hero next to the demon king, not only the stunned one
    WHIRLWIND = 4  # +1 speed, and the base turns one side clockwise each activation


@dataclass(frozen=True)
class AbilityDef:
    """An ability card (惡鬼王能力牌), our design."""

    id: str
    name_zh: str
    name_en: str
    effect: Effect
    text_en: str
    text_zh: str


ABILITIES: tuple[AbilityDef, ...] = (
    AbilityDef("spirit_burn", "焚靈", "Spirit Burn", Effect.BURN_SUPPLY,
               "Each time he wakes, the first card of the spirit supply burns (out of the game).",
               "每次甦醒，靈力供應區的第一張牌被焚毀（移出遊戲）。"),
    AbilityDef("undertow", "噬氣", "Undertow", Effect.WASH_ENERGY,
               "A hero he strikes loses all sword energy.", "被他重擊的勇者失去全部劍氣。"),
    AbilityDef("rockfall", "崩岩", "Rockfall", Effect.RUBBLE,
               "A hero he strikes discards a random card from hand.", "被他重擊的勇者隨機捨棄一張手牌。"),
    AbilityDef("thunderclap", "雷鳴", "Thunderclap", Effect.THUNDERCLAP,
               "His strike hits every hero next to him.", "他的重擊命中所有與他相鄰的勇者。"),
    AbilityDef("whirlwind", "旋風", "Whirlwind", Effect.WHIRLWIND,
               "He moves one tile further, and his base turns one side clockwise each time he wakes.",
               "他多移動一格，且每次甦醒底座順時針轉動一面。"),
)


@dataclass(frozen=True)
class DemonKingDef:
    """A demon king card (惡鬼王牌), our design: life, temper, speed, strike, base and ability card.

    - ``life``: his life (生命指示物) for 1, 2, 3, 4 and 5 heroes, tuned so that a team of ``normal`` heroes wins
      about half its games against each king at each count (docs/rules/wild-hunters.md §13 has the measurement).
    - ``hp_base + hp_per_hero × heroes``: the first design's life (``king_life=draft``).
    - ``tempers``: his temper (rage at which he unleashes a curse) for 1–5 heroes, tuned with ``life`` as its finer
      second lever (docs/rules/wild-hunters.md §13.1); ``temper_base + temper_per_hero × heroes`` is the first
      design's (``king_life=draft``).
    - ``speed``: tiles he moves toward his prey each time he wakes; ``strike``: damage to a hero he hits.
    - ``base``: the element on each of the six sides of his base at rotation 0, in direction order e, ne, nw,
      w, sw, se (counter-clockwise from the side facing east); ``BLANK`` is his face (no element).
    """

    id: str
    name_zh: str
    name_en: str
    hp_base: int
    hp_per_hero: int
    temper_base: int
    temper_per_hero: int
    speed: int
    strike: int
    base: tuple[int, int, int, int, int, int]
    ability: int
    life: tuple[int, int, int, int, int]
    tempers: tuple[int, int, int, int, int]

    def max_hp(self, heroes: int, table: str = "tuned") -> int:
        """Starting life for ``heroes`` heroes, from the tuned ``life`` table or (``table="draft"``) the first
        design's ``hp_base + hp_per_hero × heroes``."""
        if table == "draft":
            return self.hp_base + self.hp_per_hero * heroes
        return self.life[heroes - 1]

    def temper(self, heroes: int, table: str = "tuned") -> int:
        """Rage at which he unleashes a curse, for ``heroes`` heroes, from the tuned ``tempers`` table or
        (``table="draft"``) the first design's ``temper_base + temper_per_hero × heroes``."""
        if table == "draft":
            return self.temper_base + self.temper_per_hero * heroes
        return self.tempers[heroes - 1]


DEMON_KINGS: tuple[DemonKingDef, ...] = (
    DemonKingDef("blaze", "焚天鬼王", "Blazefiend", 4, 2, 5, 1, 1, 1, (F, W, BLANK, R, T, G), 0, (24, 15, 21, 22, 33),
                 (6, 5, 6, 9, 11)),
    DemonKingDef("tide", "淵潮鬼王", "Tidefiend", 4, 2, 5, 1, 1, 1, (W, G, R, BLANK, F, T), 1, (17, 15, 28, 28, 37),
                 (5, 7, 8, 9, 11)),
    DemonKingDef("stone", "岩獄鬼王", "Stonefiend", 5, 2, 6, 1, 1, 1, (R, T, W, G, BLANK, F), 2, (18, 14, 25, 26, 32),
                 (7, 8, 9, 10, 11)),
    DemonKingDef("storm", "雷殛鬼王", "Stormfiend", 4, 2, 5, 1, 1, 1, (T, BLANK, F, W, G, R), 3, (21, 15, 20, 17, 21),
                 (6, 7, 8, 9, 10)),
    DemonKingDef("gale", "颶風鬼王", "Galefiend", 4, 2, 5, 1, 1, 1, (G, R, T, F, BLANK, W), 4, (20, 17, 27, 26, 32),
                 (6, 7, 8, 9, 10)),
)
"""The five demon kings; each names its own ability card (惡鬼王牌 → 惡鬼王能力牌)."""
KING_IDS: tuple[str, ...] = tuple(k.id for k in DEMON_KINGS)

CURSES_TO_LOSE = 3
"""若詛咒指示物達到3個或更多 … 所有玩家輸掉遊戲."""
CURSE_TOKENS = 5
EXHAUSTED_AT = 4
"""任何玩家的手牌及專屬牌庫卡牌總數為4張或更少 … 所有玩家輸掉遊戲."""
HAND_SIZE = 5
"""The revealed character draws until the hand holds 5 cards (玩家行動階段)."""
MAX_ENERGY = 3
"""劍氣最多可以存在3張."""
