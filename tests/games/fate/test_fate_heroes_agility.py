"""Scenario tests for the skills of fate's agility heroes (敏捷型), part one: 蛇发女妖, 闪电幽魂, 剑圣, 复仇之魂,
血魔 (both its default cast-phase 血之狂暴 and TheFate's active one) and 巨魔战将, against their rules text
(``cardtext.HERO_TEXT``, ``HERO_TEXT_THEFATE``). Part two is ``test_fate_heroes_agility_2.py``.

Positions come from the setup format; a judgement is controlled by putting its card on top of the deck. Four
seats sit 0 and 2 against 1 and 3, so one death never ends the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, dispel_by, hand, kinds, legal, of_kind, pending, start
from fate_support import act_undispelled as go

from tablecraft.games.fate.cardtext import hero_text
from tablecraft.games.fate.content import HERO_INDEX, SkillKind, hero_skills

THEFATE = {"texts": "thefate"}


@pytest.mark.parametrize(("code", "hp", "limit"), [
    ("gorgon", 3, 5), ("lightning_revenant", 4, 4), ("juggernaut", 4, 4), ("vengeful_spirit", 3, 5),
    ("bloodseeker", 4, 4), ("troll_warlord", 4, 4), ("dwarven_sniper", 3, 5), ("nerubian_assassin", 4, 4),
    ("anti_mage", 3, 5), ("weaver", 3, 5), ("ursa", 4, 4), ("chen", 3, 5),
])
@pytest.mark.parametrize("texts", ["default", "thefate"])
def test_agility_heroes_have_their_printed_hp_and_hand_limits(code: str, hp: int, limit: int, texts: str) -> None:
    s = start([code, "axe", "centaur", "omniknight"], options={"texts": texts})
    me = s.view(0)["players"][0]
    assert (me["hp"], me["max_hp"], me["hand_limit"], me["rage"]) == (hp, hp, limit, 0)


P, A, C, X = SkillKind.PASSIVE, SkillKind.ACTIVE, SkillKind.CAST, SkillKind.REACTION


@pytest.mark.parametrize(("hero", "skill", "kind", "dispellable", "once", "texts"), [
    ("蛇发女妖", "秘术异蛇", A, True, True, "default"), ("蛇发女妖", "魔法护盾", P, False, False, "default"),
    ("闪电幽魂", "等离子场", A, True, True, "default"), ("闪电幽魂", "不定电流", P, False, False, "default"),
    ("剑圣", "无敌斩", P, False, False, "default"), ("剑圣", "剑舞", P, False, False, "default"),
    ("复仇之魂", "移形换位", A, True, True, "default"), ("复仇之魂", "恐怖波动", P, False, False, "default"),
    ("血魔", "血之狂暴", C, True, False, "default"), ("血魔", "血之狂暴", A, True, True, "thefate"),
    ("血魔", "嗜血", P, False, False, "default"), ("血魔", "屠戮", P, False, False, "default"),
    ("巨魔战将", "战斗专注", A, False, True, "default"), ("巨魔战将", "热血战魂", P, False, False, "default"),
    ("矮人火枪手", "爆头", P, False, False, "default"), ("矮人火枪手", "瞄准", P, False, False, "default"),
    ("矮人火枪手", "散弹", P, False, False, "default"),
    ("地穴刺客", "法力燃烧", A, True, False, "default"), ("地穴刺客", "复仇", P, False, False, "default"),
    ("地穴刺客", "穿刺护甲", P, False, False, "default"),
    ("敌法师", "法力损毁", P, False, False, "default"), ("敌法师", "闪烁", P, False, False, "default"),
    ("敌法师", "法力虚空", A, True, True, "default"),
    ("地穴编织者", "蝗虫群", A, True, True, "default"), ("地穴编织者", "时光倒流", A, True, False, "default"),
    ("熊战士", "怒意狂击", P, False, False, "default"), ("熊战士", "激怒", P, False, False, "default"),
    ("陈云生", "神判", P, False, False, "default"), ("陈云生", "特殊体质", P, False, False, "default"),
])
def test_agility_skills_are_active_dispellable_and_once_per_play_phase_as_their_text_says(
        hero: str, skill: str, kind: SkillKind, dispellable: bool, once: bool, texts: str) -> None:
    sk = next(k for k in hero_skills(HERO_INDEX[hero], texts) if k.key == skill)
    assert (sk.kind, sk.dispellable, sk.once_per_turn) == (kind, dispellable, once)
    text = next(k for k in hero_text(hero, texts).skills if k.name_zh == skill).text_zh
    assert once == ("出牌阶段限一次" in text)
    if skill == "散弹":  # a heart used as 【缴械】: the magic card it makes is what 驱散 cancels
        assert text.startswith("主动") and not dispellable
    elif skill == "战斗专注":  # started in the play phase, but not printed 主动: a passive judgement, never dispelled
        assert not text.startswith(("主动", "施法", "可驱散"))
    else:
        assert dispellable == text.startswith(("主动", "施法"))
        assert (kind is A) == text.startswith("主动") and (kind is C) == text.startswith("施法")


# ------------------------------------------------------------------------------------------------ 蛇发女妖
GORGON = ["gorgon", "centaur", "axe", "weaver"]


def test_mystic_snake_takes_a_card_from_each_hand_reveals_them_with_one_of_yours_and_shares_them() -> None:
    s = start(GORGON, hands=[["atk:AS", "dodge:6H", "salve:AH"], ["dodge:AD"], ["atk:2S"], ["fire:8C"]])
    go(s, "skill 0")
    assert deciding(s) == (0, "pay") and legal(s) == {"pick atk:AS", "pick dodge:6H", "pick salve:AH"}
    go(s, "pick atk:AS")
    assert deciding(s) == (0, "ask") and legal(s) == {"pick dodge:6H", "pick salve:AH"}  # your card to reveal
    assert [len(s.hands[k]) for k in (1, 2, 3)] == [0, 0, 0]
    go(s, "pick salve:AH")
    assert sorted(s.view(None)["revealed"]) == ["atk:2S", "dodge:AD", "fire:8C", "salve:AH"]
    # one each, in turn order from you, you choosing who gets which
    assert legal(s) == {"pick dodge:AD", "pick atk:2S", "pick fire:8C", "pick salve:AH"}
    go(s, "pick dodge:AD", "pick salve:AH", "pick fire:8C")
    assert hand(s, 0) == ["dodge:6H", "dodge:AD"] and hand(s, 1) == ["salve:AH"]
    assert hand(s, 2) == ["fire:8C"] and hand(s, 3) == ["atk:2S"] and s.view(None)["revealed"] == []
    assert "skill 0" not in legal(s)


def test_mystic_snake_takes_rage_from_a_hero_without_a_hand_and_hurts_one_without_either() -> None:
    s = start(GORGON, hands=[["atk:AS", "dodge:6H"], ["dodge:AD"], [], []], rage=[0, 0, 2, 0])
    ev = go(s, "skill 0", "pick atk:AS")
    assert s.rage[2] == 1 and damage_to(ev, 2) == []
    assert damage_to(ev, 3) == [1] and of_kind(ev, "damage")[0]["source"] == 0 and s.hp[3] == 2
    go(s, "pick dodge:6H", "pick dodge:AD")  # two cards: you, then the centaur
    assert hand(s, 0) == ["dodge:AD"] and hand(s, 1) == ["dodge:6H"] and s.hands[2] == s.hands[3] == []


def test_mystic_snake_is_not_offered_without_a_card_and_can_be_dispelled() -> None:
    s = start(GORGON, hands=[[], ["dodge:AD"], [], []])
    assert "skill 0" not in legal(s)
    s = start(GORGON, hands=[["atk:AS"], ["dispel:5H", "dodge:AD"], [], []])
    act(s, "skill 0", "pick atk:AS")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and hand(s, 1) == ["dodge:AD"] and s.hp[2:] == [4, 3]


def _laguna_on_gorgon(cards: list[str], rage: int) -> Any:
    """The centaur's 神灭斩 (3 damage) on the gorgon, who plays no 闪避."""
    s = start(GORGON, hands=[cards, ["laguna:KD"], [], []], rage=[rage, 3, 0, 0], turn_seat=1)
    go(s, "use laguna:KD", "target 0", "pass")
    return s


def test_mana_shield_prevents_a_point_of_damage_for_each_rage_and_card_spent() -> None:
    s = _laguna_on_gorgon(["atk:AS", "dodge:6H"], 2)
    assert deciding(s) == (0, "ask") and legal(s) == {"pass", "pick atk:AS", "pick dodge:6H"}
    go(s, "pick atk:AS")
    assert s.rage[0] == 1 and deciding(s) == (0, "ask")
    ev = go(s, "pick dodge:6H")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 2 and s.rage[0] == 1  # 0 after spending, +1 for the damage
    assert hand(s, 0) == []


def test_mana_shield_may_stop_after_any_point_or_not_start() -> None:
    s = _laguna_on_gorgon(["atk:AS", "dodge:6H"], 2)
    ev = go(s, "pick atk:AS", "pass")
    assert damage_to(ev, 0) == [2] and s.hp[0] == 1 and hand(s, 0) == ["dodge:6H"]
    s = _laguna_on_gorgon(["atk:AS"], 2)
    ev = go(s, "pass")
    assert damage_to(ev, 0) == [3] and s.rage[0] == 3


def test_mana_shield_can_prevent_all_the_damage() -> None:
    s = start(GORGON, hands=[["dodge:6H", "salve:AH"], ["atk:2S"], [], []], rage=[1, 0, 0, 0], turn_seat=1)
    ev = go(s, "use atk:2S", "target 0", "pass", "pick salve:AH")
    assert "damage" not in kinds(ev) and "prevented" in kinds(ev) and s.hp[0] == 3 and s.rage[0] == 0


def test_mana_shield_is_not_asked_without_rage() -> None:
    s = start(GORGON, hands=[["atk:AS"], ["atk:2S"], [], []], turn_seat=1)
    ev = go(s, "use atk:2S", "target 0", "pass")
    assert damage_to(ev, 0) == [1] and deciding(s) == (1, "play") and hand(s, 0) == ["atk:AS"]


# ------------------------------------------------------------------------------------------------ 闪电幽魂
LR = ["lightning_revenant", "centaur", "axe", "weaver"]


def test_plasma_field_makes_each_target_discard_a_card_of_an_unpaid_suit_or_take_one() -> None:
    s = start(LR, hands=[["atk:AS", "salve:AH", "atk:AC"], ["atk:2S", "dodge:AD"], [], ["fire:8C", "dodge:6H"]])
    go(s, "skill 0", "pick atk:AS")
    assert legal(s) == {"pick salve:AH", "pick atk:AC", "done"}  # no second spade
    go(s, "pick salve:AH", "done")
    assert legal(s) == {"target 1", "target 3"}  # within attack range 1
    go(s, "target 1")
    assert legal(s) == {"target 3", "done"}  # up to X = 2
    go(s, "target 3")
    assert deciding(s) == (1, "ask") and legal(s) == {"pass", "pick dodge:AD"}  # not ♠ or ♥
    ev = go(s, "pass")
    assert damage_to(ev, 1) == [1] and of_kind(ev, "damage")[0]["source"] == 0
    assert deciding(s) == (3, "ask") and legal(s) == {"pass", "pick fire:8C"}
    go(s, "pick fire:8C")
    assert s.hp[1:] == [4, 4, 3] and hand(s, 3) == ["dodge:6H"] and hand(s, 0) == ["atk:AC"]
    assert "skill 0" not in legal(s)


def test_plasma_field_may_be_answered_with_an_equipped_card() -> None:
    s = start(LR, hands=[["atk:AS"], ["atk:2S"], [], []], armour=[None, "ring:JD", None, None])
    go(s, "skill 0", "pick atk:AS", "target 1")
    assert deciding(s) == (1, "ask") and legal(s) == {"pass", "pick ring:JD"}  # 「牌」: hand or equipment
    ev = go(s, "pick ring:JD")
    assert damage_to(ev, 1) == [] and s.armour[1] < 0 and hand(s, 1) == ["atk:2S"]


def test_plasma_field_with_one_card_names_one_target_and_hurts_one_without_a_hand() -> None:
    s = start(LR, hands=[["atk:AS"], [], [], []], weapon=[None, None, None, None])
    go(s, "skill 0", "pick atk:AS")
    assert legal(s) == {"target 1", "target 3"}
    ev = go(s, "target 3")
    assert damage_to(ev, 3) == [1] and s.hp[3] == 2


def test_plasma_field_reaches_as_far_as_the_weapon() -> None:
    s = start(LR, hands=[["atk:AS"], [], [], []], weapon=["claws:KS", None, None, None])
    go(s, "skill 0", "pick atk:AS")  # the weapon's ♠ is face up and cannot pay: not asked for more
    assert legal(s) == {"target 1", "target 2", "target 3"}


def test_plasma_field_is_not_offered_without_a_card_and_can_be_dispelled() -> None:
    assert "skill 0" not in legal(start(LR, hands=[[], [], [], []]))
    s = start(LR, hands=[["atk:AS"], ["dispel:5H"], [], []])
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[1] == 5


def test_unstable_current_takes_the_attack_card_that_hurt_you() -> None:
    s = start(LR, hands=[[], ["chaos:3C"], [], []], turn_seat=1)
    go(s, "use chaos:3C", "target 0")
    assert s.hp[0] == 3 and hand(s, 0) == ["chaos:3C"] and "chaos:3C" not in s.view(None)["discard"]


def test_unstable_current_takes_nothing_from_a_dodged_attack_or_other_damage() -> None:
    s = start(LR, hands=[["dodge:6H"], ["atk:2S"], [], []], turn_seat=1)
    go(s, "use atk:2S", "target 0", "use dodge:6H")
    assert hand(s, 0) == [] and "atk:2S" in s.view(None)["discard"]
    s = start(LR, hands=[[], ["atk:2S"], [], []], turn_seat=1)
    go(s, "skill 0", "pick atk:2S", "target 0")  # the centaur's 双刃剑
    assert s.hp[0] == 3 and hand(s, 0) == []


# ------------------------------------------------------------------------------------------------ 剑圣
JUG = ["juggernaut", "centaur", "axe", "weaver"]


def test_omnislash_skips_the_draw_for_black_cards_as_attacks_without_limit() -> None:
    s = start(JUG, hands=[["atk:AS", "disarm:4C", "salve:AH"], [], [], []], start="turn", deck=["atk:2S", "atk:3S"])
    assert deciding(s) == (0, "draw_ask") and legal(s) == {"pass", "skill 0"}
    go(s, "skill 0")
    assert hand(s, 0) == ["atk:AS", "disarm:4C", "salve:AH"]  # nothing drawn
    assert legal(s) == {"pass", "use atk:AS", "as disarm:4C atk"}  # the red 治疗药膏 stays itself (full HP)
    go(s, "as disarm:4C atk", "target 1")
    go(s, "use atk:AS", "target 3")  # a second 【攻击】 this turn
    assert s.hp[1] == 4 and s.hp[3] == 2 and s.view(None)["attacks"] == 2


def test_omnislash_may_be_declined_for_the_usual_draw() -> None:
    s = start(JUG, hands=[["atk:AS", "disarm:4C"], [], [], []], start="turn", deck=["atk:2S", "atk:3S"])
    go(s, "pass")
    assert hand(s, 0) == ["atk:2S", "atk:3S", "atk:AS", "disarm:4C"]
    assert "as disarm:4C atk" not in legal(s)
    go(s, "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s)  # one 【攻击】 as usual


def test_blade_dance_lets_only_a_diamond_dodge_cancel_your_attack() -> None:
    s = start(JUG, hands=[["atk:AS", "atk:2S"], ["dodge:6H", "dodge:AD"], [], []], weapon=[None, "lothar:10S", None,
                                                                                          None])
    go(s, "use atk:AS", "target 1")
    assert legal(s) == {"pass", "use dodge:AD"}  # not the heart 闪避, nor a black card by 洛萨之锋
    go(s, "use dodge:AD")
    assert s.hp[1] == 5


def test_blade_dance_attack_hits_a_hero_holding_only_a_heart_dodge() -> None:
    s = start(JUG, hands=[["atk:AS"], ["dodge:6H"], [], []])
    ev = go(s, "use atk:AS", "target 1", "pass")
    assert damage_to(ev, 1) == [1] and hand(s, 1) == ["dodge:6H"]


# ------------------------------------------------------------------------------------------------ 复仇之魂
VS = ["vengeful_spirit", "centaur", "axe", "weaver"]


def test_nether_swap_takes_a_hand_card_and_gives_the_target_the_card_you_discarded() -> None:
    s = start(VS, hands=[["atk:AS", "salve:AH"], ["dodge:6H"], [], []])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick salve:AH"}
    go(s, "pick atk:AS")
    assert legal(s) == {"target 1"}  # only another hero holding a hand card
    go(s, "target 1")
    assert hand(s, 0) == ["dodge:6H", "salve:AH"] and hand(s, 1) == ["atk:AS"]
    assert "atk:AS" not in s.view(None)["discard"] and "skill 0" not in legal(s)


def test_nether_swap_is_not_offered_without_a_card_or_a_target_with_one() -> None:
    assert "skill 0" not in legal(start(VS, hands=[["atk:AS"], [], [], []]))
    assert "skill 0" not in legal(start(VS, hands=[[], ["dodge:6H"], [], []]))


def test_nether_swap_can_be_dispelled() -> None:
    s = start(VS, hands=[["atk:AS"], ["dispel:5H", "dodge:6H"], [], []])
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and hand(s, 0) == [] and hand(s, 1) == ["dodge:6H"]


def test_wave_of_terror_may_draw_a_card_for_each_rage_gained() -> None:
    s = start(VS, hands=[["dodge:AD"], ["laguna:KD"], [], []], rage=[0, 3, 0, 0], turn_seat=1,
              deck=["atk:2S", "atk:3S"])
    go(s, "use laguna:KD", "target 0", "use dodge:AD", "pass")  # 2 damage: 2 rage
    assert s.rage[0] == 2 and deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    go(s, "yes")
    assert hand(s, 0) == ["atk:2S"] and deciding(s) == (0, "ask")
    go(s, "no")
    assert hand(s, 0) == ["atk:2S"] and deciding(s) == (1, "play")


def test_wave_of_terror_is_not_asked_when_rage_is_at_its_limit() -> None:
    s = start(VS, hands=[[], ["atk:2S"], [], []], rage=[3, 0, 0, 0], turn_seat=1)
    go(s, "use atk:2S", "target 0")
    assert s.rage[0] == 3 and deciding(s) == (1, "play")


# ------------------------------------------------------------------------------------------------ 血魔
BS = ["bloodseeker", "centaur", "axe", "weaver"]
BS_CAST = ["centaur", "bloodseeker", "axe", "weaver"]  # the bloodseeker casts before the centaur's turn


def test_bloodrage_is_cast_with_a_red_card_on_any_hero_for_basic_cards_only_and_attacks_plus_one() -> None:
    s = start(BS_CAST, hands=[["atk:AS", "frenzy:AD"], ["salve:AH", "atk:2S"], [], []], start="turn",
              deck=["atk:3S", "atk:4S"])
    assert deciding(s) == (1, "cast_ask") and legal(s) == {"pass", "skill 0"}
    go(s, "skill 0")
    assert legal(s) == {"pick salve:AH"}  # a red card
    go(s, "pick salve:AH")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}  # any hero
    go(s, "target 0")
    assert deciding(s) == (0, "play")
    assert legal(s) == {"pass", "use atk:AS", "use atk:3S", "use atk:4S"}  # no 狂热, no 双刃剑
    ev = go(s, "use atk:AS", "target 1", "pass")
    assert damage_to(ev, 1) == [2] and s.hp[1] == 2


def test_bloodrage_is_not_offered_without_a_red_card_and_may_be_passed() -> None:
    s = start(BS_CAST, hands=[["atk:AS"], ["atk:2S"], [], []], start="turn")
    assert deciding(s) == (1, "cast_ask") and legal(s) == {"pass"}  # asked all the same: it shows nothing
    s = start(BS_CAST, hands=[["atk:AS", "frenzy:AD"], ["salve:AH"], [], []], start="turn", deck=["atk:3S", "atk:4S"])
    go(s, "pass")
    assert deciding(s) == (0, "play") and "use frenzy:AD" in legal(s) and "skill 0" in legal(s)


def test_bloodrage_cast_can_be_dispelled() -> None:
    s = start(BS_CAST, hands=[["atk:AS", "dispel:5H", "frenzy:AD"], ["salve:AH"], [], []], start="turn",
              deck=["atk:3S", "atk:4S"])
    act(s, "skill 0", "pick salve:AH", "target 0")
    ev = dispel_by(s, 0, "dispel:5H")
    assert "dispelled" in kinds(ev) and deciding(s) == (0, "play") and "use frenzy:AD" in legal(s)


def test_bloodrage_active_hurts_you_draws_a_card_and_adds_one_to_your_attacks_with_thefate_texts() -> None:
    s = start(BS, hands=[["atk:AS"], [], [], []], options=THEFATE, deck=["salve:AH"])
    assert "skill 0" in legal(s)
    ev = go(s, "skill 0")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 3 and s.rage[0] == 1 and hand(s, 0) == ["atk:AS", "salve:AH"]
    assert "skill 0" not in legal(s)
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [2] and s.hp[1] == 3


def test_bloodrage_active_can_be_dispelled_with_thefate_texts() -> None:
    s = start(BS, hands=[["atk:AS"], ["dispel:5H"], [], []], options=THEFATE, deck=["salve:AH"])
    act(s, "skill 0")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[0] == 4 and hand(s, 0) == ["atk:AS"]
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [1]


def test_bloodrage_active_draws_nothing_when_its_damage_kills_you() -> None:
    s = start(BS, hands=[[], [], [], []], hp=[1, 5, 4, 3], options=THEFATE, deck=["salve:AH"])
    ev = go(s, "skill 0")
    assert "died" in kinds(ev) and "drew" not in [e["kind"] for e in ev if e.get("seat") == 0]


def test_bloodrage_is_a_cast_skill_by_default_and_active_with_thefate_texts() -> None:
    assert "skill 0" not in legal(start(BS, hands=[["atk:AS"], [], [], []]))
    assert "skill 0" in legal(start(BS, hands=[["atk:AS"], [], [], []], options=THEFATE))


@pytest.mark.parametrize("texts", ["default", "thefate"])
def test_thirst_needs_one_more_dodge_against_a_hero_at_one_hp(texts: str) -> None:
    s = start(BS, hands=[["atk:AS"], ["dodge:6H", "dodge:AD"], [], []], hp=[4, 1, 4, 3], options={"texts": texts})
    go(s, "use atk:AS", "target 1")
    assert pending(s)["need"] == 2
    go(s, "use dodge:6H")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass", "use dodge:AD"}
    go(s, "use dodge:AD")
    assert s.hp[1] == 1 and deciding(s) == (0, "play")


def test_thirst_hits_a_hero_at_one_hp_with_a_single_dodge() -> None:
    s = start(BS, hands=[["atk:AS"], ["dodge:6H"], [], []], hp=[4, 1, 4, 3])
    ev = go(s, "use atk:AS", "target 1", "use dodge:6H")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass"}  # the second 闪避 it needs
    ev = go(s, "pass")
    assert damage_to(ev, 1) == [1] and "dying" in kinds(ev)


def test_thirst_asks_one_dodge_above_one_hp() -> None:
    s = start(BS, hands=[["atk:AS"], ["dodge:6H", "dodge:AD"], [], []], hp=[4, 2, 4, 3])
    go(s, "use atk:AS", "target 1")
    assert pending(s)["need"] == 1
    go(s, "use dodge:6H")
    assert s.hp[1] == 2 and deciding(s) == (0, "play")


@pytest.mark.parametrize(("texts", "healed"), [("default", 3), ("thefate", 3)])
def test_blood_bath_heals_one_after_you_kill_a_hero(texts: str, healed: int) -> None:
    s = start(BS, hands=[["atk:AS"], [], [], []], hp=[2, 1, 4, 3], options={"texts": texts})
    ev = go(s, "use atk:AS", "target 1")
    assert "died" in kinds(ev) and s.hp[0] == healed


def test_blood_bath_does_not_heal_for_a_kill_by_someone_else() -> None:
    s = start(["axe", "centaur", "bloodseeker", "weaver"], hands=[["atk:AS"], [], [], []], hp=[4, 1, 2, 3])
    ev = go(s, "use atk:AS", "target 1")
    assert "died" in kinds(ev) and s.hp[2] == 2


# ------------------------------------------------------------------------------------------------ 巨魔战将
TW = ["troll_warlord", "centaur", "axe", "weaver"]


def test_battle_trance_on_red_allows_any_number_of_attacks() -> None:
    s = start(TW, hands=[["atk:AS", "atk:2S", "atk:3S"], ["dispel:5H"], [], []], deck=["salve:AH"])
    ev = act(s, "skill 0")
    assert pending(s).get("purpose") != "dispel"  # not dispellable: the 驱散 holder is never asked
    assert of_kind(ev, "judged")[0]["card"] == "salve:AH" and "skill 0" not in legal(s)
    go(s, "use atk:AS", "target 1", "pass")
    go(s, "use atk:2S", "target 3")
    assert "use atk:3S" in legal(s) and s.hp[1] == 4 and s.hp[3] == 2


def test_battle_trance_on_black_leaves_one_attack() -> None:
    s = start(TW, hands=[["atk:AS", "atk:2S"], [], [], []], deck=["atk:3S"])
    go(s, "skill 0", "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s) and "skill 0" not in legal(s)


def test_fervor_uses_a_dodge_from_your_hand_as_a_normal_attack() -> None:
    s = start(TW, hands=[["dodge:6H"], [], [], []])
    assert "as dodge:6H atk" in legal(s)
    ev = go(s, "as dodge:6H atk", "target 1")
    assert of_kind(ev, "used")[0]["card"] == "atk" and damage_to(ev, 1) == [1]


def test_fervor_dodge_still_dodges() -> None:
    s = start(TW, hands=[["dodge:6H"], ["atk:2S"], [], []], turn_seat=1)
    go(s, "use atk:2S", "target 0")
    assert legal(s) == {"pass", "use dodge:6H"}
    go(s, "use dodge:6H")
    assert s.hp[0] == 4
