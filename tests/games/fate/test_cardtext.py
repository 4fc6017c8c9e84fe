"""The fate text tables are complete: every card, hero, skill, fate and identity of the reference has names and
rules text in both languages, and nothing is keyed by a name the reference does not use."""

from __future__ import annotations

import re

import pytest

from tablecraft.games.fate.cardtext import (
    CARD_TEXT,
    CARD_TEXT_REBORN,
    FATE_TEXT,
    HERO_TEXT,
    HERO_TEXT_REBORN,
    HERO_TEXT_THEFATE,
    IDENTITY_TEXT,
    CardText,
    HeroText,
)

# The names exactly as shared/reference/004-fate.md writes them (deck table, hero tables, fate table).
BASIC = ("普通攻击", "混乱攻击", "火焰攻击", "闪避", "治疗药膏")
MAGIC = ("狂热", "误导", "查克拉", "野性之斧", "驱散", "缴械", "月神之箭", "能量转移", "贪婪", "海妖之歌")
STRENGTHENABLE = ("缴械", "月神之箭", "能量转移", "贪婪", "海妖之歌")
S_CARDS = ("神之力量", "蝮蛇突袭", "时间静止", "灵魂隔断", "神灭斩")
WEAPONS = ("冰魄之眼", "攻击之爪", "圣者遗物", "恶魔刀锋", "散失之刃", "洛萨之锋", "黯灭之刃", "散夜对剑", "掠夺之斧",
           "神秘法杖", "鹰角弓", "补刀斧")
ARMOUR = ("菲丽丝之戒", "刃甲", "速度之靴", "流浪法师斗篷", "闪避护符")
CARDS = BASIC + MAGIC + S_CARDS + WEAPONS + ARMOUR

HERO_SKILLS = {
    "死亡骑士": ("死亡缠绕", "霜之哀伤"), "骷髅王": ("重生", "吸血"), "刚背兽": ("战意", "刚毛后背"),
    "神灵武士": ("牺牲", "沸血之矛"), "全能骑士": ("洗礼", "圣光"), "斧王": ("战争饥渴", "反转螺旋"),
    "半人马酋长": ("双刃剑",), "龙骑士": ("火焰气息", "龙族血统"), "守护骑士": ("援护", "信仰", "父爱"),
    "蛇发女妖": ("秘术异蛇", "魔法护盾"), "闪电幽魂": ("等离子场", "不定电流"), "剑圣": ("无敌斩", "剑舞"),
    "复仇之魂": ("移形换位", "恐怖波动"), "血魔": ("血之狂暴", "嗜血", "屠戮"), "巨魔战将": ("战斗专注", "热血战魂"),
    "矮人火枪手": ("爆头", "瞄准", "散弹"), "地穴刺客": ("法力燃烧", "复仇", "穿刺护甲"),
    "敌法师": ("法力损毁", "闪烁", "法力虚空"), "地穴编织者": ("蝗虫群", "时光倒流"), "熊战士": ("怒意狂击", "激怒"),
    "陈云生": ("神判", "特殊体质"), "秀逗魔导师": ("炽魂", "神灭斩", "狂热之心"), "死灵法师": ("竭心光环", "施虐之心"),
    "双头龙": ("冰封", "液态火"), "水晶室女": ("冰霜禁制", "辉煌光环"), "巫妖": ("邪恶祭祀", "霜冻护甲"),
    "暗影牧师": ("薄葬", "暗影波"), "食人魔法师": ("火焰爆轰", "多重施法"), "光之守卫": ("冲击波", "查克拉", "恩惠"),
    "哥布林工程师": ("遥控炸弹", "引爆", "自爆"), "风暴之灵": ("超负荷", "球状闪电"),
    "魅惑魔女": ("不可侵犯", "魅惑", "自然之助"), "精灵莉莉": ("治疗术", "驱散精灵", "魔法掌控"),
}
ABSENT_FROM_REBORN = ("半人马酋长", "龙骑士", "地穴编织者", "熊战士", "风暴之灵", "魅惑魔女")
ALTERNATIVE_SKILLS = {"冰封禁制"}  # TheFate's 水晶室女 skill; the default set has fate_reborn's cast-phase 冰霜禁制
FATES = ("暗影惩戒者", "圣光征服者", "蔓延的瘟疫", "命运的博弈", "反噬的傀儡", "死神的召唤者", "偏执的数学家", "Roshan附体")
IDENTITIES = ("近卫", "天灾", "中立")

HAN = re.compile(r"[\u4e00-\u9fff]")


def _assert_bilingual(zh: str | None, en: str | None, what: str) -> None:
    assert zh and zh.strip(), f"{what}: empty Chinese text"
    assert en and en.strip(), f"{what}: empty English text"
    assert HAN.search(zh), f"{what}: the Chinese text has no Chinese in it: {zh!r}"
    assert not HAN.search(en), f"{what}: the English text contains Chinese: {en!r}"


def test_the_reference_lists_37_card_types_33_heroes_75_skills_and_8_fates() -> None:
    assert len(CARDS) == len(set(CARDS)) == 37
    assert len(HERO_SKILLS) == 33
    assert sum(len(s) for s in HERO_SKILLS.values()) == 75
    assert len(FATES) == 8


def test_every_card_type_has_names_and_text_in_both_languages_and_no_other_key() -> None:
    assert set(CARD_TEXT) == set(CARDS)
    for key, card in CARD_TEXT.items():
        assert card.name_zh == key
        assert card.name_en and not HAN.search(card.name_en)
        _assert_bilingual(card.text_zh, card.text_en, key)


def test_exactly_the_five_strengthenable_magic_cards_have_a_strengthened_text() -> None:
    for key, card in CARD_TEXT.items():
        if key in STRENGTHENABLE:
            _assert_bilingual(card.strengthened_zh, card.strengthened_en, f"{key} strengthened")
        else:
            assert card.strengthened_zh is None and card.strengthened_en is None, key


@pytest.mark.parametrize("name", S_CARDS)
def test_s_card_texts_state_their_rage_cost(name: str) -> None:
    cost = 3 if name in ("灵魂隔断", "神灭斩") else 2
    assert f"消耗{cost}点怒气" in CARD_TEXT[name].text_zh
    assert f"costs {cost} rage" in CARD_TEXT[name].text_en


def test_weapon_texts_state_the_reference_attack_range() -> None:
    ranges = {"冰魄之眼": 1, "攻击之爪": 2, "圣者遗物": 2, "恶魔刀锋": 2, "散失之刃": 3, "洛萨之锋": 3, "黯灭之刃": 3,
              "散夜对剑": 3, "掠夺之斧": 3, "神秘法杖": 3, "鹰角弓": 4, "补刀斧": 4}
    for name, reach in ranges.items():
        assert f"攻击范围{reach}。" in CARD_TEXT[name].text_zh, name
        assert f"range {reach}." in CARD_TEXT[name].text_en, name


def test_every_hero_has_its_skills_in_printed_order_with_both_languages() -> None:
    assert set(HERO_TEXT) == set(HERO_SKILLS)
    for key, hero in HERO_TEXT.items():
        assert hero.name_zh == key
        assert hero.name_en and not HAN.search(hero.name_en)
        assert tuple(s.name_zh for s in hero.skills) == HERO_SKILLS[key], key
        for skill in hero.skills:
            assert skill.name_en and not HAN.search(skill.name_en), (key, skill.name_zh)
            _assert_bilingual(skill.text_zh, skill.text_en, f"{key} · {skill.name_zh}")


def test_english_hero_and_skill_names_are_unique() -> None:
    heroes = [h.name_en for h in HERO_TEXT.values()]
    assert len(heroes) == len(set(heroes))
    for hero in HERO_TEXT.values():
        names = [s.name_en for s in hero.skills]
        assert len(names) == len(set(names)), hero.name_zh


def _check_variant_hero(key: str, hero: HeroText) -> None:
    base = HERO_TEXT[key]
    assert (hero.name_zh, hero.name_en, hero.alias_zh) == (base.name_zh, base.name_en, base.alias_zh)
    assert hero.skills, key
    for skill in hero.skills:
        assert skill.name_zh in HERO_SKILLS[key] or skill.name_zh in ALTERNATIVE_SKILLS, (key, skill.name_zh)
        _assert_bilingual(skill.text_zh, skill.text_en, f"{key} · {skill.name_zh} (variant)")


def test_alternative_hero_texts_keep_the_names_and_differ_from_the_default() -> None:
    for table in (HERO_TEXT_REBORN, HERO_TEXT_THEFATE):
        for key, hero in table.items():
            _check_variant_hero(key, hero)
            assert hero != HERO_TEXT[key], f"{key}: a variant entry identical to the default is noise"
    assert not set(HERO_TEXT_REBORN) & set(ABSENT_FROM_REBORN)


def test_alternative_card_texts_keep_the_names_and_differ_from_the_default() -> None:
    for key, card in CARD_TEXT_REBORN.items():
        base: CardText = CARD_TEXT[key]
        assert (card.name_zh, card.name_en) == (base.name_zh, base.name_en)
        assert card != base, key
        _assert_bilingual(card.text_zh, card.text_en, f"{key} (fate_reborn)")
        assert (card.strengthened_zh is None) == (key not in STRENGTHENABLE)


def test_every_fate_and_identity_has_names_and_text_in_both_languages() -> None:
    assert set(FATE_TEXT) == set(FATES)
    for key, fate in FATE_TEXT.items():
        assert fate.name_zh == key and fate.name_en
        _assert_bilingual(fate.text_zh, fate.text_en, key)
    assert set(IDENTITY_TEXT) == set(IDENTITIES)
    for key, identity in IDENTITY_TEXT.items():
        assert identity.name_zh == key and identity.name_en
        _assert_bilingual(identity.text_zh, identity.text_en, key)
