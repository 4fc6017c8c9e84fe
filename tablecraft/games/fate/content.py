"""The game's data: the 37 card types and the 112-card deck, the 33 heroes and their skills, the 8 fate cards.

Everything here is data (reference file 004-fate.md §2, TheFate's deck list). The procedure (``procedure.py``,
``pipeline.py``) reads these definitions and calls the small hooks they name: a card's ``effect`` (``cards.py``),
an item's or a skill's ``code`` (``items.py`` and ``heroes/<hero>.py``, through the registry in ``skills.py``). The
core never asks for a card or a hero by name. Keys are the Chinese names, shared with ``cardtext.py``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum


class CardKind(IntEnum):
    """Card categories (卡牌类型)."""

    BASIC = 0  # 基本牌
    MAGIC = 1  # 魔法牌 (dispellable)
    SUPER = 2  # S技牌 (costs rage, never dispellable)
    WEAPON = 3  # 武器
    ARMOUR = 4  # 防具


class Role(IntEnum):
    """What a card counts as when a rule asks for one by name (a reply, a cost, a conversion)."""

    NONE = 0
    ATTACK = 1  # 【攻击】 (普通/火焰/混乱攻击)
    DODGE = 2  # 【闪避】
    SALVE = 3  # 【治疗药膏】
    DISPEL = 4  # 【驱散】


class Aim(IntEnum):
    """Whom a card is used on."""

    SELF = 0  # no choice: the user (or nobody)
    IN_RANGE = 1  # another hero within attack range
    OTHER = 2  # any other hero
    OTHER_EQUIPPED = 3  # another hero with equipment
    OTHER_WITH_CARDS = 4  # another hero with a hand card or equipment
    TWO = 5  # two different heroes (误导)
    HOLDER = 6  # equipment: yourself, or any hero for items that say so
    SELF_OR_OTHER = 7  # 海妖之歌: another hero, or yourself when strengthened
    ANY_HERO = 8  # any living hero, yourself included (查克拉 with 恩惠)


class Suit(IntEnum):
    """Suits; ♥ and ♦ are red."""

    SPADE = 0
    HEART = 1
    CLUB = 2
    DIAMOND = 3


SUIT_SIGNS = "♠♥♣♦"
SUIT_CODES = "SHCD"
SUIT_NAMES = ("spade", "heart", "club", "diamond")
RANK_TEXT = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


class HeroType(IntEnum):
    """Hero attribute printed on the hero card (力量/敏捷/智力); items 掠夺之斧, 神秘法杖, 鹰角弓 read it."""

    STRENGTH = 0
    AGILITY = 1
    INTELLIGENCE = 2


@dataclass(frozen=True)
class CardDef:
    """One card type (牌): what it counts as, whom it aims at, its rage cost, and the hook that carries it out —
    ``effect`` for a card that is used and resolves (``cards.EFFECTS``), ``ability`` for an item's standing
    ability (a skill code in ``items.py``)."""

    key: str
    code: str
    kind: CardKind
    role: Role = Role.NONE
    aim: Aim = Aim.SELF
    rage: int = 0
    strengthenable: bool = False
    effect: str = ""
    target_rage: int = 0  # 火焰攻击: the target gains this much extra rage after the damage
    user_rage: int = 0  # 混乱攻击: the attacker gains this much rage after the damage
    self_damage: int = 0  # 狂热: damage to its own user as it resolves (part of its price)
    range: int = 0  # weapons: attack range
    any_holder: bool = False  # 可替任意英雄装备: may be equipped onto any hero
    ability: str = ""  # items: the skill code of the item's ability

    @property
    def is_equipment(self) -> bool:
        """Weapons and armour."""
        return self.kind >= CardKind.WEAPON


B, M, S, W, R = CardKind.BASIC, CardKind.MAGIC, CardKind.SUPER, CardKind.WEAPON, CardKind.ARMOUR
ST, AG, IN = HeroType.STRENGTH, HeroType.AGILITY, HeroType.INTELLIGENCE

CARD_TYPES: tuple[CardDef, ...] = (
    CardDef("普通攻击", "atk", B, Role.ATTACK, Aim.IN_RANGE, effect="attack"),
    CardDef("火焰攻击", "fire", B, Role.ATTACK, Aim.IN_RANGE, effect="attack", target_rage=1),
    CardDef("混乱攻击", "chaos", B, Role.ATTACK, Aim.IN_RANGE, effect="attack", user_rage=1),
    CardDef("闪避", "dodge", B, Role.DODGE),
    CardDef("治疗药膏", "salve", B, Role.SALVE, effect="salve"),
    CardDef("狂热", "frenzy", M, effect="frenzy", self_damage=1),
    CardDef("误导", "mislead", M, aim=Aim.TWO, effect="mislead"),
    CardDef("查克拉", "chakra", M, effect="chakra"),
    CardDef("野性之斧", "wildaxe", M, aim=Aim.OTHER, effect="wild_axe"),
    CardDef("驱散", "dispel", M, Role.DISPEL),
    CardDef("缴械", "disarm", M, aim=Aim.OTHER_EQUIPPED, strengthenable=True, effect="disarm"),
    CardDef("月神之箭", "arrow", M, aim=Aim.OTHER, strengthenable=True, effect="arrow"),
    CardDef("能量转移", "transport", M, strengthenable=True, effect="transport"),
    CardDef("贪婪", "greed", M, aim=Aim.OTHER_WITH_CARDS, strengthenable=True, effect="greed"),
    CardDef("海妖之歌", "siren", M, aim=Aim.SELF_OR_OTHER, strengthenable=True, effect="siren"),
    CardDef("神之力量", "might", S, rage=2, effect="might"),
    CardDef("蝮蛇突袭", "viper", S, aim=Aim.OTHER, rage=2, effect="viper"),
    CardDef("时间静止", "timelock", S, rage=2, effect="time_lock"),
    CardDef("灵魂隔断", "sunder", S, aim=Aim.OTHER, rage=3, effect="sunder"),
    CardDef("神灭斩", "laguna", S, aim=Aim.OTHER, rage=3, effect="laguna"),
    CardDef("冰魄之眼", "skadi", W, aim=Aim.HOLDER, range=1, ability="skadi"),
    CardDef("攻击之爪", "claws", W, aim=Aim.HOLDER, range=2, ability="claws"),
    CardDef("圣者遗物", "relic", W, aim=Aim.HOLDER, range=2, ability="relic"),
    CardDef("恶魔刀锋", "demon", W, aim=Aim.HOLDER, range=2, ability="demon_edge"),
    CardDef("散失之刃", "diffusal", W, aim=Aim.HOLDER, range=3, ability="diffusal"),
    CardDef("洛萨之锋", "lothar", W, aim=Aim.HOLDER, range=3, ability="lothar"),
    CardDef("黯灭之刃", "desolator", W, aim=Aim.HOLDER, range=3, ability="desolator"),
    CardDef("散夜对剑", "sny", W, aim=Aim.HOLDER, range=3, ability="sny"),
    CardDef("掠夺之斧", "plunder", W, aim=Aim.HOLDER, range=3, any_holder=True, ability="plunder"),
    CardDef("神秘法杖", "staff", W, aim=Aim.HOLDER, range=3, any_holder=True, ability="staff"),
    CardDef("鹰角弓", "eaglehorn", W, aim=Aim.HOLDER, range=4, any_holder=True, ability="eaglehorn"),
    CardDef("补刀斧", "quelling", W, aim=Aim.HOLDER, range=4, ability="quelling"),
    CardDef("菲丽丝之戒", "ring", R, aim=Aim.HOLDER, ability="ring"),
    CardDef("刃甲", "blademail", R, aim=Aim.HOLDER, ability="blademail"),
    CardDef("速度之靴", "boots", R, aim=Aim.HOLDER, ability="boots"),
    CardDef("流浪法师斗篷", "cloak", R, aim=Aim.HOLDER, ability="cloak"),
    CardDef("闪避护符", "talisman", R, aim=Aim.HOLDER, ability="talisman"),
)
"""The 37 card types (reference §2 table)."""

TYPE_INDEX = {d.key: i for i, d in enumerate(CARD_TYPES)}
TYPE_BY_CODE = {d.code: i for i, d in enumerate(CARD_TYPES)}
BASIC_ATTACK = TYPE_INDEX["普通攻击"]
"""The type a converted card is used as when a rule says 'as 普通攻击'."""
ROLE_TYPE = {Role.ATTACK: BASIC_ATTACK, Role.DODGE: TYPE_INDEX["闪避"], Role.DISPEL: TYPE_INDEX["驱散"],
             Role.SALVE: TYPE_INDEX["治疗药膏"]}
"""The card type a conversion produces for each role."""

_DECK_TEXT: tuple[tuple[str, str], ...] = (
    ("普通攻击", "SA S2 S3 S4 S5 S6 S7 CA CA C2 C2 D5"),
    ("混乱攻击", "SA S2 S3 S4 S5 S8 H3 C3 C3 D4"),
    ("火焰攻击", "HA H2 H4 C8 C8 DA D2 D3"),
    ("闪避", "H6 H6 H7 H7 H8 H8 DA D2 D3 D4 D5 D9 D9 D10 DJ"),
    ("治疗药膏", "HA H2 H3 H4 H5 D6 D7 D10"),
    ("狂热", "DA D2"),
    ("误导", "S8 S9 CJ"),
    ("查克拉", "C9 C9"),
    ("野性之斧", "C10 C10"),
    ("驱散", "H5 H9 H9 D6 D7 D8 D8"),
    ("缴械", "C4 C4 C6 CJ CJ CQ CQ"),
    ("月神之箭", "S6 S7"),
    ("能量转移", "HA H2"),
    ("贪婪", "H10 H10 C7 C7"),
    ("海妖之歌", "C5 C5"),
    ("神之力量", "HQ HQ"),
    ("蝮蛇突袭", "HJ HJ"),
    ("时间静止", "DQ DQ"),
    ("灵魂隔断", "HK"),
    ("神灭斩", "DK DK"),
    ("冰魄之眼", "SJ"), ("攻击之爪", "SK"), ("圣者遗物", "CK"), ("恶魔刀锋", "CK"), ("散失之刃", "S9"),
    ("洛萨之锋", "S10"), ("黯灭之刃", "SQ"), ("散夜对剑", "SK"), ("掠夺之斧", "SJ"), ("神秘法杖", "SQ"),
    ("鹰角弓", "S10"), ("补刀斧", "SA"),
    ("菲丽丝之戒", "DJ"), ("刃甲", "S2"), ("速度之靴", "HK"), ("流浪法师斗篷", "C2"), ("闪避护符", "CA"),
)
"""TheFate's deck list (gap 4-18: 普通攻击 ♠6/♠7, 混乱攻击 ♥3)."""


def _build_deck() -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], tuple[str, ...]]:
    types: list[int] = []
    suits: list[int] = []
    ranks: list[int] = []
    names: list[str] = []
    for key, text in _DECK_TEXT:
        t = TYPE_INDEX[key]
        for word in text.split():
            suit = SUIT_CODES.index(word[0])
            rank = RANK_TEXT.index(word[1:])
            base = f"{CARD_TYPES[t].code}:{word[1:]}{word[0]}"
            copies = sum(1 for n in names if n == base or n.startswith(base + "#"))
            types.append(t)
            suits.append(suit)
            ranks.append(rank)
            names.append(base if copies == 0 else f"{base}#{copies + 1}")
    return tuple(types), tuple(suits), tuple(ranks), tuple(names)


CARD_TYPE, CARD_SUIT, CARD_RANK, CARD_NAME = _build_deck()
"""Per card id (0 … 111): its type index, suit, rank (A = 1 … K = 13) and unique notation (``atk:AS``,
``atk:AC#2`` for the second identical copy)."""
DECK_SIZE = len(CARD_TYPE)
CARD_BY_NAME = {n: i for i, n in enumerate(CARD_NAME)}
IS_RED = tuple(s in (Suit.HEART, Suit.DIAMOND) for s in CARD_SUIT)
CARD_DEF = tuple(CARD_TYPES[t] for t in CARD_TYPE)
CARD_ROLE = tuple(d.role for d in CARD_DEF)


def card_label(card: int) -> str:
    """``普通攻击♠A`` style label of a card id (for text and boards)."""
    return f"{CARD_TYPES[CARD_TYPE[card]].key}{SUIT_SIGNS[CARD_SUIT[card]]}{RANK_TEXT[CARD_RANK[card]]}"


# ------------------------------------------------------------------------------------------- view-as rules
class Fits(IntEnum):
    """Which hand cards a view-as rule (视为) accepts."""

    ANY = 0
    RED = 1
    BLACK = 2
    HEART = 3
    DODGE = 4  # a 【闪避】 card


def fits(card: int, kind: Fits) -> bool:
    """Whether ``card`` passes the filter ``kind``."""
    if kind is Fits.ANY:
        return True
    if kind is Fits.RED:
        return IS_RED[card]
    if kind is Fits.BLACK:
        return not IS_RED[card]
    if kind is Fits.HEART:
        return CARD_SUIT[card] == Suit.HEART
    return CARD_ROLE[card] == Role.DODGE


@dataclass(frozen=True)
class ViewAs:
    """A rule that lets ``count`` hand cards passing ``fits`` be used or played as one card of type ``as_type``
    (视为). ``bonus`` is extra damage of the 【攻击】 so made; ``pure_unstoppable``: when every card given is an
    【攻击】 card the result cannot be dodged (散夜对剑). Rules belong to a skill or item (``skills.Skill.view_as``);
    a two-card rule has its own action ``pair <code>``."""

    code: str
    as_type: int
    count: int = 1
    fits: Fits = Fits.ANY
    bonus: int = 0
    pure_unstoppable: bool = False
    once_per_turn: bool = False


_T = TYPE_BY_CODE
VIEW_AS: tuple[ViewAs, ...] = (
    ViewAs("claws", _T["atk"], 1, Fits.RED),  # 攻击之爪
    ViewAs("lothar", _T["dodge"], 1, Fits.BLACK),  # 洛萨之锋
    ViewAs("sny", _T["atk"], 2, Fits.ANY, pure_unstoppable=True),  # 散夜对剑
    ViewAs("diffusal", _T["dispel"], 2, Fits.ANY),  # 散失之刃
    ViewAs("omnislash", _T["atk"], 1, Fits.BLACK),  # 无敌斩 (only while its turn effect lasts)
    ViewAs("fervor", _T["atk"], 1, Fits.DODGE),  # 热血战魂
    ViewAs("blink", _T["dodge"], 1, Fits.BLACK),  # 闪烁
    ViewAs("shrapnel", _T["disarm"], 1, Fits.HEART),  # 散弹
    ViewAs("dispel_wizard", _T["dispel"], 1, Fits.HEART),  # 驱散精灵
    ViewAs("chakra_magic", _T["chakra"], 1, Fits.ANY, once_per_turn=True),  # 光之守卫 查克拉
    ViewAs("liquid_fire", _T["fire"], 2, Fits.RED, bonus=1),  # 液态火
    ViewAs("laguna_blade", _T["laguna"], 2, Fits.RED),  # 秀逗魔导师 神灭斩
    ViewAs("ball_attack", _T["atk"], 2, Fits.ANY),  # 球状闪电 as 普通攻击
    ViewAs("ball_dodge", _T["dodge"], 2, Fits.ANY),  # 球状闪电 as 闪避
)
"""Every view-as rule of the game's items and skills, in a fixed order (the action codec numbers them)."""
VIEW_AS_BY_CODE = {v.code: v for v in VIEW_AS}
PAIR_RULES = tuple(v for v in VIEW_AS if v.count == 2)
"""The two-card rules: each has an action ``pair <code>``."""
SINGLE_TYPES = tuple(sorted({v.as_type for v in VIEW_AS if v.count == 1}))
"""The card types a single card may be used as (the action ``as <card> <type>``)."""


# ------------------------------------------------------------------------------------------------ heroes
class SkillKind(IntEnum):
    """Skill kinds (reference §2: 主动 active and dispellable, 被动 passive, 施法 cast phase)."""

    PASSIVE = 0  # 被动: acts by itself or offers a choice when its moment comes
    ACTIVE = 1  # 主动: started in your play phase with ``skill <n>``
    CAST = 2  # 施法: started in the cast phase; lasts one hero turn
    REACTION = 3  # an answer in someone's resolution (a rescue, a redirect): started from a window


@dataclass(frozen=True)
class SkillDef:
    """One hero skill as printed: its key (Chinese name, the key of its text in ``cardtext``), the code of its
    hooks (``skills.SKILLS``), its kind, whether 驱散 can cancel it, and whether it is once per turn."""

    key: str
    code: str
    kind: SkillKind
    dispellable: bool = False
    once_per_turn: bool = False


@dataclass(frozen=True)
class HeroDef:
    """One hero card: key, code, type, HP limit, hand limit and skills (reference §2 hero tables)."""

    key: str
    code: str
    type: HeroType
    hp: int
    hand: int
    skills: tuple[SkillDef, ...]


P, A, C, X = SkillKind.PASSIVE, SkillKind.ACTIVE, SkillKind.CAST, SkillKind.REACTION


def _active(key: str, code: str, once: bool = True, dispellable: bool = True) -> SkillDef:
    # FAQ (reference §2): active skills are dispellable, 双刃剑 excepted
    return SkillDef(key, code, A, dispellable, once)


def _cast(key: str, code: str) -> SkillDef:
    return SkillDef(key, code, C, True, False)


def _passive(key: str, code: str) -> SkillDef:
    return SkillDef(key, code, P)


HEROES: tuple[HeroDef, ...] = (
    # ---- 力量 strength
    HeroDef("死亡骑士", "lord_of_avernus", ST, 4, 4, (_active("死亡缠绕", "death_coil"),
                                                   _passive("霜之哀伤", "frostmourne"))),
    HeroDef("骷髅王", "skeleton_king", ST, 4, 4, (SkillDef("重生", "reincarnation", X),
                                                 _passive("吸血", "vampiric"))),
    HeroDef("刚背兽", "bristleback", ST, 4, 4, (_passive("战意", "warpath"), _passive("刚毛后背", "bristle_back"))),
    HeroDef("神灵武士", "sacred_warrior", ST, 4, 4, (_active("牺牲", "life_break"),
                                                  _passive("沸血之矛", "burning_spear"))),
    HeroDef("全能骑士", "omniknight", ST, 4, 4, (SkillDef("洗礼", "purification", X, True),
                                              _passive("圣光", "holy_light"))),
    HeroDef("斧王", "axe", ST, 4, 4, (_active("战争饥渴", "battle_hunger"), _passive("反转螺旋", "counter_helix"))),
    HeroDef("半人马酋长", "centaur", ST, 5, 4, (_active("双刃剑", "double_edge", dispellable=False),)),
    HeroDef("龙骑士", "dragon_knight", ST, 4, 4, (_active("火焰气息", "breathe_fire"),
                                               _passive("龙族血统", "dragon_blood"))),
    HeroDef("守护骑士", "guardian_knight", ST, 4, 4, (SkillDef("援护", "guardian", X, True), _passive("信仰", "faith"),
                                                   _passive("父爱", "fatherly_love"))),
    # ---- 敏捷 agility
    HeroDef("蛇发女妖", "gorgon", AG, 3, 5, (_active("秘术异蛇", "mystic_snake"), _passive("魔法护盾", "mana_shield"))),
    HeroDef("闪电幽魂", "lightning_revenant", AG, 4, 4, (_active("等离子场", "plasma_field"),
                                                      _passive("不定电流", "unstable_current"))),
    HeroDef("剑圣", "juggernaut", AG, 4, 4, (_passive("无敌斩", "omnislash"), _passive("剑舞", "blade_dance"))),
    HeroDef("复仇之魂", "vengeful_spirit", AG, 3, 5, (_active("移形换位", "nether_swap"),
                                                   _passive("恐怖波动", "wave_of_terror"))),
    HeroDef("血魔", "bloodseeker", AG, 4, 4, (_cast("血之狂暴", "bloodrage"), _passive("嗜血", "thirst"),
                                             _passive("屠戮", "blood_bath"))),
    HeroDef("巨魔战将", "troll_warlord", AG, 4, 4, (_active("战斗专注", "battle_trance", dispellable=False),
                                                 _passive("热血战魂", "fervor"))),
    HeroDef("矮人火枪手", "dwarven_sniper", AG, 3, 5, (_passive("爆头", "headshot"), _passive("瞄准", "take_aim"),
                                                    _passive("散弹", "shrapnel"))),
    HeroDef("地穴刺客", "nerubian_assassin", AG, 4, 4, (_active("法力燃烧", "mana_burn", once=False),
                                                     _passive("复仇", "vendetta"),
                                                     _passive("穿刺护甲", "spiked_carapace"))),
    HeroDef("敌法师", "anti_mage", AG, 3, 5, (_passive("法力损毁", "mana_break"), _passive("闪烁", "blink"),
                                           _active("法力虚空", "mana_void"))),
    HeroDef("地穴编织者", "weaver", AG, 3, 5, (_active("蝗虫群", "the_swarm"),
                                           _active("时光倒流", "time_lapse", once=False))),
    HeroDef("熊战士", "ursa", AG, 4, 4, (_passive("怒意狂击", "fury_swipes"), _passive("激怒", "enrage"))),
    HeroDef("陈云生", "chen", AG, 3, 5, (_passive("神判", "ordeal"), _passive("特殊体质", "special_body"))),
    # ---- 智力 intelligence
    HeroDef("秀逗魔导师", "slayer", IN, 3, 5, (_passive("炽魂", "fiery_soul"), _passive("神灭斩", "laguna_blade"),
                                            _passive("狂热之心", "fanatic_heart"))),
    HeroDef("死灵法师", "necrolyte", IN, 3, 5, (_cast("竭心光环", "heartstopper"), _passive("施虐之心", "sadist"))),
    HeroDef("双头龙", "twin_head_dragon", IN, 4, 4, (_active("冰封", "ice_path"), _passive("液态火", "liquid_fire"))),
    HeroDef("水晶室女", "crystal_maiden", IN, 3, 5, (_cast("冰霜禁制", "frost_nova"),
                                                  _passive("辉煌光环", "brilliance"))),
    HeroDef("巫妖", "lich", IN, 3, 5, (_active("邪恶祭祀", "dark_ritual"), _passive("霜冻护甲", "frost_armor"))),
    HeroDef("暗影牧师", "shadow_priest", IN, 3, 5, (_cast("薄葬", "shallow_grave"), _active("暗影波", "shadow_wave"))),
    HeroDef("食人魔法师", "ogre_magi", IN, 4, 4, (_passive("火焰爆轰", "fireblast"), _passive("多重施法", "multicast"))),
    HeroDef("光之守卫", "keeper", IN, 3, 5, (_active("冲击波", "illuminate"), _passive("查克拉", "chakra_magic"),
                                          _passive("恩惠", "grace"))),
    HeroDef("哥布林工程师", "goblin_techies", IN, 3, 5, (_active("遥控炸弹", "remote_mines"),
                                                      _passive("引爆", "detonate"), _passive("自爆", "suicide"))),
    HeroDef("风暴之灵", "storm_spirit", IN, 3, 5, (_passive("超负荷", "overload"),
                                                _passive("球状闪电", "ball_lightning"))),
    HeroDef("魅惑魔女", "enchantress", IN, 3, 5, (_passive("不可侵犯", "untouchable"), _passive("魅惑", "enchant"),
                                               _active("自然之助", "natures_attendants"))),
    HeroDef("精灵莉莉", "elf_lily", IN, 3, 5, (_passive("治疗术", "healing_spell"),
                                            _passive("驱散精灵", "dispel_wizard"),
                                            _passive("魔法掌控", "magic_control"))),
)
"""The 33 heroes of DotAHero/TheFate in the default text set (gap 4-1): TheFate's skills and HP/hand limits,
except the four cast-phase skills, which are fate_reborn's (竭心光环, 冰霜禁制, 薄葬, 血之狂暴)."""

TEXT_SETS = ("default", "thefate", "reborn")
"""The values of the ``texts`` option (the gap 4-1 data switch)."""

HERO_VARIANTS: dict[str, dict[str, tuple[SkillDef, ...]]] = {
    "thefate": {
        "水晶室女": (SkillDef("冰封禁制", "frostbite", X, True), _passive("辉煌光环", "brilliance")),
        "暗影牧师": (SkillDef("薄葬", "shallow_grave_rescue", X, True), _active("暗影波", "shadow_wave")),
        "血魔": (_active("血之狂暴", "bloodrage_self"), _passive("嗜血", "thirst"), _passive("屠戮", "blood_bath")),
    },
}
"""Skill lists that differ in another text set (TheFate has no text for 竭心光环: its cast version stays)."""

REBORN_LIMITS: dict[str, tuple[int, int]] = {
    key: (4, 4) for key in ("复仇之魂", "矮人火枪手", "敌法师", "秀逗魔导师", "死灵法师", "水晶室女", "暗影牧师", "光之守卫")}
"""fate_reborn's HP and hand limits where they differ from TheFate and DotAHero's (3/5): the ``reborn`` text set
(gap 4-1)."""


def hero_limits(hero: int, texts: str) -> tuple[int, int]:
    """The HP limit and hand limit of hero index ``hero`` under the text set ``texts``."""
    h = HEROES[hero]
    if texts == "reborn" and h.key in REBORN_LIMITS:
        return REBORN_LIMITS[h.key]
    return h.hp, h.hand


HERO_INDEX = {h.key: i for i, h in enumerate(HEROES)}
HERO_BY_CODE = {h.code: i for i, h in enumerate(HEROES)}


def hero_skills(hero: int, texts: str) -> tuple[SkillDef, ...]:
    """The skills of hero index ``hero`` under the text set ``texts``."""
    h = HEROES[hero]
    return HERO_VARIANTS.get(texts, {}).get(h.key, h.skills)


_SKILLS_BY_CODE: dict[str, SkillDef] = {sk.code: sk for h in HEROES for sk in h.skills}
for _variant in HERO_VARIANTS.values():
    for _skills in _variant.values():
        _SKILLS_BY_CODE.update({sk.code: sk for sk in _skills})
ALL_SKILL_DEFS: tuple[SkillDef, ...] = tuple(_SKILLS_BY_CODE.values())
"""Every skill of every text set, once each."""
MAX_SKILLS = max(len(h.skills) for h in HEROES)
"""The most skills a hero card prints (the codec has ``skill 0`` … ``skill MAX_SKILLS−1``)."""


# ------------------------------------------------------------------------------------------------ fates
class FateCheck(IntEnum):
    """How a fate card's condition is tested (the hook ``rules.fate_met`` switches on this data)."""

    FACTION_DEAD = 0  # a whole faction is dead (param = the faction)
    NEIGHBOURS_DEAD = 1  # both opening neighbours are dead
    THREE_FACTIONS = 2  # exactly three alive, one of each faction
    PUPPET = 3  # wins instead of the opening 下家
    OTHERS_LOW_HP = 4  # every other living hero at HP ≤ param (quiet moments only)
    ALL_RAGE_ODD = 5  # every living hero's rage is odd (quiet moments only)
    ROSHAN = 6  # reveal; then kill everyone else


@dataclass(frozen=True)
class FateDef:
    """A fate card (宿命牌) for the neutral side."""

    key: str
    code: str
    check: FateCheck
    param: int = 0
    quiet_only: bool = False  # "任意时刻（非结算过程中）": tested only between resolutions (gap 4-9)


FATES: tuple[FateDef, ...] = (
    FateDef("暗影惩戒者", "shadow_punisher", FateCheck.FACTION_DEAD, 1),
    FateDef("圣光征服者", "holy_conqueror", FateCheck.FACTION_DEAD, 0),
    FateDef("蔓延的瘟疫", "plague", FateCheck.NEIGHBOURS_DEAD),
    FateDef("命运的博弈", "game_of_fate", FateCheck.THREE_FACTIONS),
    FateDef("反噬的傀儡", "puppet", FateCheck.PUPPET),
    FateDef("死神的召唤者", "death_summoner", FateCheck.OTHERS_LOW_HP, 2, True),
    FateDef("偏执的数学家", "mathematician", FateCheck.ALL_RAGE_ODD, 0, True),
    FateDef("Roshan附体", "roshan", FateCheck.ROSHAN),
)
FATE_INDEX = {f.key: i for i, f in enumerate(FATES)}
