"""Scenario tests for every skill of fate's nine strength heroes (力量型), against their rules text
(``cardtext.HERO_TEXT``): the effect with its numbers, its cost and limits, when it is not offered, and each
optional choice both ways.

Positions come from the setup format; a judgement is controlled by putting its card on top of the deck. Four
seats sit 0 and 2 against 1 and 3, so one death never ends the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, dispel_by, hand, kinds, legal, of_kind, pending, start
from fate_support import act_undispelled as go

from tablecraft.games.fate.cardtext import HERO_TEXT
from tablecraft.games.fate.content import HERO_INDEX, HEROES, SkillKind


# ------------------------------------------------------------------------------------------------ hero cards
@pytest.mark.parametrize(("code", "hp", "limit"), [
    ("lord_of_avernus", 4, 4), ("skeleton_king", 4, 4), ("bristleback", 4, 4), ("sacred_warrior", 4, 4),
    ("omniknight", 4, 4), ("axe", 4, 4), ("centaur", 5, 4), ("dragon_knight", 4, 4), ("guardian_knight", 4, 4),
])
def test_strength_heroes_have_their_printed_hp_and_hand_limits(code: str, hp: int, limit: int) -> None:
    s = start([code, "weaver", "chen", "ursa"])
    me = s.view(0)["players"][0]
    assert (me["hp"], me["max_hp"], me["hand_limit"], me["rage"]) == (hp, hp, limit, 0)


P, A, C, X = SkillKind.PASSIVE, SkillKind.ACTIVE, SkillKind.CAST, SkillKind.REACTION


@pytest.mark.parametrize(("hero", "skill", "kind", "dispellable", "once"), [
    ("死亡骑士", "死亡缠绕", A, True, True), ("死亡骑士", "霜之哀伤", P, False, False),
    ("骷髅王", "重生", X, False, False), ("骷髅王", "吸血", P, False, False),
    ("刚背兽", "战意", P, False, False), ("刚背兽", "刚毛后背", P, False, False),
    ("神灵武士", "牺牲", A, True, True), ("神灵武士", "沸血之矛", P, False, False),
    ("全能骑士", "洗礼", X, True, False), ("全能骑士", "圣光", P, False, False),
    ("斧王", "战争饥渴", A, True, True), ("斧王", "反转螺旋", P, False, False),
    ("半人马酋长", "双刃剑", A, False, True),
    ("龙骑士", "火焰气息", A, True, True), ("龙骑士", "龙族血统", P, False, False),
    ("守护骑士", "援护", X, True, False), ("守护骑士", "信仰", P, False, False), ("守护骑士", "父爱", P, False, False),
])
def test_strength_skills_are_active_dispellable_and_once_per_play_phase_as_their_text_says(
        hero: str, skill: str, kind: SkillKind, dispellable: bool, once: bool) -> None:
    sk = next(k for k in HEROES[HERO_INDEX[hero]].skills if k.key == skill)
    assert (sk.kind, sk.dispellable, sk.once_per_turn) == (kind, dispellable, once)
    text = next(k for k in HERO_TEXT[hero].skills if k.name_zh == skill).text_zh
    # 主动 skills are dispellable unless the text says 不可驱散 (FAQ); reactions say 可驱散 when they are
    assert dispellable == (text.startswith(("主动", "可驱散")) and "不可驱散" not in text)
    assert once == ("出牌阶段限一次" in text)
    assert (kind is A) == text.startswith("主动")


# ------------------------------------------------------------------------------------------------ 死亡骑士
LOA = ["lord_of_avernus", "axe", "weaver", "centaur"]


def test_death_coil_hurts_yourself_then_heals_the_target_one() -> None:
    s = start(LOA, hands=[[], [], [], []], hp=[4, 2, 3, 5])
    ev = go(s, "skill 0", "target 1")
    assert damage_to(ev, 0) == [1] and deciding(s) == (0, "ask")
    assert legal(s) == {"mode 0", "mode 1"}
    ev = go(s, "mode 0")
    assert s.hp[:2] == [3, 3] and s.rage[:2] == [1, 0]
    assert damage_to(ev, 1) == []


def test_death_coil_harm_discards_a_hand_card_and_takes_a_rage() -> None:
    s = start(LOA, hands=[[], ["dodge:6H"], [], []], rage=[0, 2, 0, 0])
    go(s, "skill 0", "target 1", "mode 1")
    assert s.hp[:2] == [3, 4] and s.rage[:2] == [1, 1]
    assert hand(s, 1) == [] and "dodge:6H" in s.view(None)["discard"]


@pytest.mark.parametrize(("cards", "rage"), [([], 2), (["dodge:6H"], 0), ([], 0)])
def test_death_coil_harm_deals_one_damage_to_a_target_without_a_hand_card_or_rage(cards: list[str],
                                                                                 rage: int) -> None:
    s = start(LOA, hands=[[], cards, [], []], rage=[0, rage, 0, 0])
    ev = go(s, "skill 0", "target 1", "mode 1")
    assert damage_to(ev, 1) == [1] and s.hp[1] == 3
    assert s.rage[1] == rage + 1 and hand(s, 1) == sorted(cards)  # nothing taken, only the damage's rage


def test_death_coil_is_once_per_play_phase() -> None:
    s = start(LOA, hands=[["atk:AS"], [], [], []])
    assert "skill 0" in legal(s)
    go(s, "skill 0", "target 2", "mode 0")
    assert deciding(s) == (0, "play") and "skill 0" not in legal(s)


def test_death_coil_dispelled_does_nothing_at_all() -> None:
    s = start(LOA, hands=[[], ["dispel:5H"], [], []], hp=[4, 2, 3, 5])
    act(s, "skill 0", "target 1")
    dispel_by(s, 1, "dispel:5H")
    assert s.hp[:2] == [4, 2] and deciding(s) == (0, "play") and "skill 0" not in legal(s)


def test_death_coil_stops_when_its_self_damage_kills_you() -> None:
    s = start(LOA, hands=[[], ["dodge:6H"], [], []], hp=[1, 4, 3, 5], rage=[0, 1, 0, 0])
    ev = go(s, "skill 0", "target 1")
    assert deciding(s) == (1, "rescue_ask")  # seat 1 may save him; the coil's choice has not come
    ev += go(s, "pass")
    assert "died" in kinds(ev) and not s.alive[0]
    assert damage_to(ev, 1) == [] and "dodge:6H" in hand(s, 1) and s.rage[1] == 1 and s.hp[1] == 4


def test_frostmourne_may_use_one_more_attack_on_the_same_target_after_a_hit() -> None:
    s = start(LOA, hands=[["atk:AS", "atk:2S"], [], [], []], hp=[4, 4, 3, 5], deck=["atk:3S"])
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [1]
    p = s.view(None)["pending"]
    assert (p["frame"], p["purpose"], p["at"]) == ("reply", "forced_attack", 1)
    assert legal(s) == {"pass", "use atk:2S"}
    ev = go(s, "use atk:2S")
    assert damage_to(ev, 1) == [1] and s.hp[1] == 2
    assert deciding(s) == (0, "play") and "use atk:AS" not in legal(s)


def test_frostmourne_may_be_declined() -> None:
    s = start(LOA, hands=[["atk:AS", "atk:2S"], [], [], []], deck=["atk:3S"])
    go(s, "use atk:AS", "target 1", "pass")
    assert s.hp[1] == 3 and hand(s, 0) == ["atk:2S"] and deciding(s) == (0, "play")


def test_frostmourne_is_not_offered_when_the_attack_is_dodged() -> None:
    s = start(LOA, hands=[["atk:AS", "atk:2S"], ["dodge:6H"], [], []], deck=["atk:3S"])
    go(s, "use atk:AS", "target 1", "use dodge:6H")
    assert s.hp[1] == 4 and deciding(s) == (0, "play") and hand(s, 0) == ["atk:2S"]


# ------------------------------------------------------------------------------------------------ 骷髅王
SK = ["skeleton_king", "centaur", "weaver", "axe"]


def _skeleton_king_dying(**kw: Any) -> tuple[Any, list[dict[str, Any]]]:
    """Seat 1 (centaur) hits the skeleton king at 1 HP: he is dying, with his hand of two and 2 rage."""
    s = start(SK, hands=[["atk:AS", "dodge:6H"], ["atk:2S"], [], []], rage=[1, 0, 0, 0], hp=[1, 5, 3, 4],
              turn_seat=1, **kw)
    ev = go(s, "use atk:2S", "target 0", "pass")
    return s, ev


def test_reincarnation_discards_the_hand_drops_rage_to_zero_and_heals_to_the_limit() -> None:
    s, ev = _skeleton_king_dying()
    assert "dying" in kinds(ev) and deciding(s) == (0, "rescue_ask") and "skill 0" in legal(s)
    ev = act(s, "skill 0")
    assert s.hp[0] == 4 and s.rage[0] == 0 and hand(s, 0) == [] and s.alive[0]
    assert {"atk:AS", "dodge:6H"} <= set(s.view(None)["discard"])
    assert "dispelled" not in kinds(ev) and deciding(s) == (1, "play")  # no dispel window: not dispellable


def test_reincarnation_may_be_declined() -> None:
    s, _ = _skeleton_king_dying()
    ev = go(s, "pass")
    assert "died" in kinds(ev) and not s.alive[0]


def test_reincarnation_works_once_per_game() -> None:
    s = start(SK, hands=[["dodge:6H"], ["atk:2S", "laguna:KD", "atk:3S"], [], []], hp=[1, 5, 3, 4],
              rage=[0, 3, 0, 0], turn_seat=1)
    go(s, "use atk:2S", "target 0", "pass", "skill 0")
    assert s.hp[0] == 4 and s.reborn[0]
    go(s, "use laguna:KD", "target 0")
    assert s.hp[0] == 1
    ev = go(s, "skill 0", "pick atk:3S", "target 0")  # 双刃剑: the centaur's 1 damage finishes him
    assert "dying" in kinds(ev) and "died" in kinds(ev) and not s.alive[0]


@pytest.mark.parametrize(("judged", "healed"), [("salve:AH", True), ("dodge:AD", True), ("atk:3S", False),
                                                ("atk:AC", False)])
def test_vampiric_aura_heals_one_after_a_hit_on_a_red_judgement(judged: str, healed: bool) -> None:
    s = start(SK, hands=[["atk:AS"], [], [], []], hp=[2, 5, 3, 4], deck=[judged])
    ev = go(s, "use atk:AS", "target 1")
    assert [e["card"] for e in of_kind(ev, "judged")] == [judged]
    assert s.hp[:2] == [3 if healed else 2, 4]


def test_vampiric_aura_does_not_judge_when_the_attack_is_dodged() -> None:
    s = start(SK, hands=[["atk:AS"], ["dodge:6H"], [], []], hp=[2, 5, 3, 4], deck=["salve:AH"])
    ev = go(s, "use atk:AS", "target 1", "use dodge:6H")
    assert "judged" not in kinds(ev) and s.hp[0] == 2


# ------------------------------------------------------------------------------------------------ 刚背兽
BB = ["bristleback", "centaur", "weaver", "axe"]


def test_warpath_on_red_names_any_hero_who_discards_a_dodge_or_takes_one() -> None:
    s = start(BB, hands=[[], ["atk:2S"], ["dodge:7H", "atk:3S"], []], turn_seat=1, deck=["salve:AH"])
    go(s, "use atk:2S", "target 0")
    assert s.hp[0] == 3 and deciding(s) == (0, "ask")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}  # any hero, yourself included
    go(s, "target 2")
    assert deciding(s) == (2, "demand") and legal(s) == {"pass", "pick dodge:7H"}
    go(s, "pick dodge:7H")
    assert s.hp[2] == 3 and hand(s, 2) == ["atk:3S"]


def test_warpath_deals_one_damage_to_a_hero_who_does_not_discard_a_dodge() -> None:
    s = start(BB, hands=[[], ["atk:2S"], [], []], turn_seat=1, deck=["dodge:AD"])
    ev = go(s, "use atk:2S", "target 0", "target 1")
    assert damage_to(ev, 1) == [1] and [e["source"] for e in of_kind(ev, "damage") if e["seat"] == 1] == [0]
    assert s.hp[1] == 4


def test_warpath_does_nothing_on_black() -> None:
    s = start(BB, hands=[[], ["atk:2S"], [], []], turn_seat=1, deck=["atk:3S"])
    ev = go(s, "use atk:2S", "target 0")
    assert of_kind(ev, "judged")[0]["card"] == "atk:3S" and deciding(s) == (1, "play")


def _laguna_on_bristleback(**kw: Any) -> Any:
    """Seat 1 (3 rage) uses 神灭斩 on the bristleback, who plays no 闪避: 3 damage is on its way."""
    s = start(BB, hands=[["atk:AS"], ["laguna:KD"], [], []], rage=[0, 3, 0, 0], turn_seat=1, deck=["atk:3S"], **kw)
    go(s, "use laguna:KD", "target 0", "pass")
    return s


def test_bristle_back_may_reduce_damage_above_one_by_one() -> None:
    s = _laguna_on_bristleback()
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = go(s, "yes")
    assert damage_to(ev, 0) == [2] and s.hp[0] == 2


def test_bristle_back_may_be_declined() -> None:
    s = _laguna_on_bristleback()
    ev = go(s, "no")
    assert damage_to(ev, 0) == [3] and s.hp[0] == 1


def test_bristle_back_is_passive_and_cannot_be_dispelled() -> None:
    s = start(BB, hands=[["atk:AS"], ["laguna:KD", "dispel:5H"], ["dispel:6D"], []], rage=[0, 3, 0, 0],
              turn_seat=1, deck=["atk:3S"])
    go(s, "use laguna:KD", "target 0", "pass")
    ev = act(s, "yes")
    assert pending(s).get("purpose") != "dispel" and damage_to(ev, 0) == [2]


def test_bristle_back_is_not_asked_for_one_damage() -> None:
    s = start(BB, hands=[[], ["atk:2S"], [], []], turn_seat=1, deck=["atk:3S"])
    ev = go(s, "use atk:2S", "target 0")
    assert damage_to(ev, 0) == [1] and deciding(s) == (1, "play")


# ------------------------------------------------------------------------------------------------ 神灵武士
SW = ["sacred_warrior", "centaur", "weaver", "axe"]


def test_life_break_hurts_yourself_then_discards_two_of_the_targets_hand_cards() -> None:
    s = start(SW, hands=[[], ["atk:2S", "dodge:6H", "salve:AH"], [], []])
    ev = go(s, "skill 0")
    assert legal(s) == {"target 1"}  # only another hero holding a hand card
    ev = go(s, "target 1")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 3 and s.rage[0] == 1
    assert len(s.hands[1]) == 1 and len(of_kind(ev, "discarded")[0]["cards"]) == 2


def test_life_break_discards_the_only_card_of_a_target_holding_one() -> None:
    s = start(SW, hands=[[], ["dodge:6H"], [], []])
    go(s, "skill 0", "target 1")
    assert hand(s, 1) == [] and s.hp[0] == 3


def test_life_break_is_not_offered_when_no_other_hero_holds_a_hand_card() -> None:
    s = start(SW, hands=[["atk:AS"], [], [], []])
    assert "skill 0" not in legal(s)


def test_life_break_is_once_per_play_phase_and_can_be_dispelled() -> None:
    s = start(SW, hands=[[], ["dispel:5H", "dodge:6H"], ["atk:3S"], []])
    act(s, "skill 0", "target 1")
    dispel_by(s, 1, "dispel:5H")
    assert s.hp[0] == 4 and hand(s, 1) == ["dodge:6H"]
    assert deciding(s) == (0, "play") and "skill 0" not in legal(s)


def test_burning_spear_may_add_one_to_an_attack_at_two_hp_or_less() -> None:
    s = start(SW, hands=[["atk:AS"], [], [], []], hp=[2, 5, 3, 4])
    go(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = go(s, "yes")
    assert damage_to(ev, 1) == [2] and s.hp[1] == 3


def test_burning_spear_may_be_declined() -> None:
    s = start(SW, hands=[["atk:AS"], [], [], []], hp=[1, 5, 3, 4])
    ev = go(s, "use atk:AS", "target 1", "no")
    assert damage_to(ev, 1) == [1]


def test_burning_spear_is_not_asked_above_two_hp() -> None:
    s = start(SW, hands=[["atk:AS"], [], [], []], hp=[3, 5, 3, 4])
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [1] and deciding(s) == (0, "play")


# ------------------------------------------------------------------------------------------------ 全能骑士
# The omniknight sits at seat 2; seat 1 (centaur) attacks seat 0 (weaver).
OK = ["weaver", "centaur", "omniknight", "axe"]


def _hit_seat_0(omni: list[str], others: list[str] | None = None, **kw: Any) -> tuple[Any, list[dict[str, Any]]]:
    s = start(OK, hands=[[], ["atk:2S"], omni, others or []], hp=[2, 5, 4, 4], turn_seat=1, **kw)
    ev = go(s, "use atk:2S", "target 0")
    return s, ev


def test_purification_discards_two_red_cards_to_heal_the_hurt_hero_and_hurt_the_source() -> None:
    s, ev = _hit_seat_0(["salve:AH", "dodge:AD", "atk:3S"])
    assert s.hp[0] == 1 and deciding(s) == (2, "ask") and legal(s) == {"yes", "no"}
    go(s, "yes")
    assert deciding(s) == (2, "pay") and legal(s) == {"pick salve:AH", "pick dodge:AD"}
    ev = go(s, "pick salve:AH", "pick dodge:AD")
    assert s.hp[:2] == [2, 4] and damage_to(ev, 1) == [1] and of_kind(ev, "damage")[0]["source"] == 2
    assert hand(s, 2) == ["atk:3S"]


def test_purification_may_be_declined() -> None:
    s, _ = _hit_seat_0(["salve:AH", "dodge:AD"])
    go(s, "no")
    assert s.hp[:2] == [1, 5] and len(s.hands[2]) == 2


def test_purification_can_pay_with_a_red_equipped_card() -> None:
    s, _ = _hit_seat_0(["salve:AH"], armour=[None, None, "boots:KH", None])
    go(s, "yes")
    assert legal(s) == {"pick salve:AH", "pick boots:KH"}
    go(s, "pick boots:KH", "pick salve:AH")
    assert s.hp[:2] == [2, 4] and s.armour[2] < 0


def test_purification_is_only_declinable_without_two_red_cards() -> None:
    s, _ = _hit_seat_0(["salve:AH", "atk:3S"])
    assert deciding(s) == (2, "ask") and legal(s) == {"no"}


def test_purification_is_not_asked_for_damage_a_hero_deals_itself() -> None:
    s = start(OK, hands=[["frenzy:AD"], [], ["salve:AH", "dodge:AD"], []])
    ev = go(s, "use frenzy:AD")
    assert damage_to(ev, 0) == [1] and deciding(s) == (0, "play")


def test_purification_is_not_asked_for_damage_the_omniknight_deals() -> None:
    s = start(OK, hands=[[], [], ["atk:AS", "salve:AH", "dodge:AD"], []], turn_seat=2)
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [1] and deciding(s) == (2, "play")


def test_purification_can_be_dispelled_and_holy_light_then_draws_a_card() -> None:
    s, _ = _hit_seat_0(["salve:AH", "dodge:AD"], others=["dispel:5H"], deck=["chaos:3H"])
    go(s, "yes")
    act(s, "pick salve:AH", "pick dodge:AD")
    ev = dispel_by(s, 3, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[:2] == [1, 5]
    assert hand(s, 2) == ["chaos:3H"]  # 圣光


def test_holy_light_draws_a_card_when_a_magic_card_of_yours_is_dispelled() -> None:
    s = start(OK, hands=[["dispel:5H"], [], ["frenzy:AD"], []], turn_seat=2, deck=["chaos:3H"])
    act(s, "use frenzy:AD")
    ev = dispel_by(s, 0, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[2] == 4 and hand(s, 2) == ["chaos:3H"]


def test_holy_light_draws_nothing_when_nothing_is_dispelled() -> None:
    s = start(OK, hands=[[], [], ["frenzy:AD"], []], turn_seat=2, deck=["chaos:3H"])
    go(s, "use frenzy:AD")
    assert s.hp[2] == 3 and hand(s, 2) == []


# ------------------------------------------------------------------------------------------------ 斧王
AXE = ["axe", "weaver", "centaur", "chen"]


def test_battle_hunger_makes_the_target_attack_you_ignoring_range() -> None:
    s = start(AXE, hands=[["atk:AS", "dodge:6H"], [], ["atk:2S", "dodge:7H"], []], deck=["atk:3S"])
    go(s, "skill 0")
    assert deciding(s) == (0, "pay") and legal(s) == {"pick atk:AS", "pick dodge:6H"}
    go(s, "pick dodge:6H")
    assert legal(s) == {"target 1", "target 2", "target 3"}
    go(s, "target 2")  # seat 2 is two steps away: out of its range 1, yet it must attack
    p = s.view(None)["pending"]
    assert (deciding(s), p["purpose"], p["at"]) == ((2, "reply"), "forced_attack", 0)
    assert legal(s) == {"pass", "use atk:2S"}
    ev = go(s, "use atk:2S", "pass")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 3 and hand(s, 0) == ["atk:AS"]
    assert "dodge:6H" in s.view(None)["discard"]


def test_battle_hunger_deals_one_damage_to_a_target_who_does_not_attack() -> None:
    s = start(AXE, hands=[["atk:AS", "dodge:6H"], [], ["atk:2S"], []])
    ev = go(s, "skill 0", "pick atk:AS", "target 2", "pass")
    assert damage_to(ev, 2) == [1] and of_kind(ev, "damage")[0]["source"] == 0 and s.hp[2] == 4


def test_battle_hunger_deals_one_damage_at_once_to_a_target_without_a_hand() -> None:
    s = start(AXE, hands=[["atk:AS"], [], [], []])
    ev = go(s, "skill 0", "pick atk:AS", "target 1")
    assert damage_to(ev, 1) == [1] and s.hp[1] == 2 and deciding(s) == (0, "play")


def test_battle_hunger_may_be_paid_with_equipment_and_is_once_per_play_phase() -> None:
    s = start(AXE, hands=[["atk:AS"], [], [], []], weapon=["claws:KS", None, None, None])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick claws:KS"}
    go(s, "pick claws:KS", "target 1")
    assert s.weapon[0] < 0 and s.hp[1] == 2 and "skill 0" not in legal(s)


def test_battle_hunger_is_not_offered_without_a_card_to_discard() -> None:
    s = start(AXE, hands=[[], [], [], []])
    assert legal(s) == {"pass"}


def test_battle_hunger_can_be_dispelled() -> None:
    s = start(AXE, hands=[["atk:AS"], ["dispel:5H"], [], []])
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[1] == 3 and deciding(s) == (0, "play")


@pytest.mark.parametrize(("judged", "hurts"), [
    ("salve:2H", True), ("dodge:7H", True), ("atk:5D", True), ("salve:AH", False), ("dodge:8H", False),
    ("atk:2S", False), ("atk:5S", False),
])
def test_counter_helix_hurts_the_attacker_on_a_red_two_to_seven(judged: str, hurts: bool) -> None:
    s = start(AXE, hands=[["dodge:6H"], ["atk:3S"], [], []], turn_seat=1, deck=[judged])
    ev = go(s, "use atk:3S", "target 0")
    assert [e["card"] for e in of_kind(ev, "judged")] == [judged]
    assert damage_to(ev, 1) == ([1] if hurts else [])
    assert deciding(s) == (0, "reply")  # the judgement comes first; the axe may still dodge


def test_counter_helix_judges_the_attack_battle_hunger_forces() -> None:
    s = start(AXE, hands=[["atk:AS"], [], ["atk:2S"], []], deck=["dodge:7H"])
    ev = go(s, "skill 0", "pick atk:AS", "target 2", "use atk:2S")
    assert damage_to(ev, 2) == [1] and damage_to(ev, 0) == [1]


# ------------------------------------------------------------------------------------------------ 半人马酋长
CW = ["centaur", "weaver", "axe", "chen"]


def test_double_edge_discards_a_card_hurts_yourself_then_another_hero_one() -> None:
    s = start(CW, hands=[["atk:AS", "dodge:6H"], ["dispel:5H"], [], []])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick dodge:6H"}
    act(s, "pick dodge:6H")
    assert legal(s) == {"target 1", "target 2", "target 3"}  # any other hero, at any distance
    ev = act(s, "target 2")
    assert pending(s).get("purpose") != "dispel"  # 不可驱散: the 驱散 holder is never asked
    assert damage_to(ev, 0) == [1] and damage_to(ev, 2) == [1] and s.hp[:3] == [4, 3, 3]
    assert [e["seat"] for e in of_kind(ev, "damage")] == [0, 2]
    assert hand(s, 0) == ["atk:AS"] and "skill 0" not in legal(s)


def test_double_edge_is_not_offered_without_a_card() -> None:
    s = start(CW, hands=[[], [], [], []])
    assert legal(s) == {"pass"}


def test_double_edge_deals_nothing_more_when_its_self_damage_kills_you() -> None:
    s = start(CW, hands=[["atk:AS"], [], [], []], hp=[1, 3, 4, 3])
    ev = go(s, "skill 0", "pick atk:AS", "target 1")
    assert "died" in kinds(ev) and not s.alive[0] and damage_to(ev, 1) == [] and s.hp[1] == 3


# ------------------------------------------------------------------------------------------------ 龙骑士
DK = ["dragon_knight", "weaver", "axe", "chen"]


def test_breathe_fire_with_two_cards_of_a_suit_hurts_one_other_hero() -> None:
    s = start(DK, hands=[["atk:AS", "atk:2S", "salve:AH"], [], [], []])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick atk:2S"}  # the lone heart cannot start a payment
    go(s, "pick atk:AS")
    assert legal(s) == {"pick atk:2S"}
    go(s, "pick atk:2S")
    assert legal(s) == {"done"}  # the heart cannot pay, but the others cannot see it: asked on
    go(s, "done")
    assert legal(s) == {"target 1", "target 2", "target 3"}
    ev = go(s, "target 2")
    assert damage_to(ev, 2) == [1] and [e["seat"] for e in of_kind(ev, "damage")] == [2]
    assert hand(s, 0) == ["salve:AH"] and "skill 0" not in legal(s)


def test_breathe_fire_with_three_cards_of_a_suit_hurts_two_other_heroes() -> None:
    s = start(DK, hands=[["atk:AS", "atk:2S", "atk:3S"], [], [], []], weapon=["relic:KC", None, None, None])
    go(s, "skill 0", "pick atk:AS", "pick atk:2S")
    assert legal(s) == {"pick atk:3S", "done"}
    go(s, "pick atk:3S", "target 1")
    assert legal(s) == {"target 2", "target 3"}  # exactly X − 1 = 2 heroes
    ev = go(s, "target 3")
    assert [e["seat"] for e in of_kind(ev, "damage")] == [1, 3] and s.hp[1:] == [2, 4, 2]
    assert s.weapon[0] >= 0  # the club weapon was not of the suit paid


def test_breathe_fire_is_not_offered_without_two_cards_of_one_suit() -> None:
    s = start(DK, hands=[["atk:AS", "salve:AH", "atk:AC", "dodge:AD"], [], [], []])
    assert "skill 0" not in legal(s)


def test_breathe_fire_can_be_dispelled() -> None:
    s = start(DK, hands=[["atk:AS", "atk:2S"], [], ["dispel:5H"], []])
    act(s, "skill 0", "pick atk:AS", "pick atk:2S", "target 1")
    ev = dispel_by(s, 2, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[1] == 3 and hand(s, 0) == []


def _dragon_end_phase(cards: list[str], hp: int = 2) -> Any:
    s = start(DK, hands=[cards, [], [], []], hp=[hp, 3, 4, 3])
    go(s, "pass")
    return s


def test_dragon_blood_discards_the_whole_hand_in_the_end_phase_to_heal_one() -> None:
    s = _dragon_end_phase(["atk:AS", "dodge:6H"])
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = go(s, "yes")
    assert s.hp[0] == 3 and hand(s, 0) == [] and of_kind(ev, "discarded")[0]["cards"] == ["atk:AS", "dodge:6H"]


def test_dragon_blood_may_be_declined() -> None:
    s = _dragon_end_phase(["atk:AS"])
    go(s, "no")
    assert s.hp[0] == 2 and hand(s, 0) == ["atk:AS"] and s.view(None)["turn_seat"] == 1


def test_dragon_blood_is_passive_and_cannot_be_dispelled() -> None:
    s = start(DK, hands=[["atk:AS"], ["dispel:5H"], [], []], hp=[2, 3, 4, 3])
    go(s, "pass")
    ev = act(s, "yes")
    assert "dispelled" not in kinds(ev) and s.hp[0] == 3 and "dispel:5H" in hand(s, 1)  # never asked


def test_dragon_blood_is_not_asked_with_an_empty_hand() -> None:
    s = _dragon_end_phase([])
    assert s.view(None)["turn_seat"] == 1 and s.hp[0] == 2


# ------------------------------------------------------------------------------------------------ 守护骑士
# The guardian knight sits at seat 2; seat 1 (centaur) attacks seat 0 (weaver, no hand: no 闪避 asked).
GK = ["weaver", "centaur", "guardian_knight", "chen"]


def _attack_seat_0(guard: list[str], others: list[str] | None = None, **kw: Any) -> Any:
    s = start(GK, hands=[[], ["atk:2S"], guard, others or []], turn_seat=1, **kw)
    go(s, "use atk:2S", "target 0")
    return s


def test_guardian_discards_a_card_to_take_the_damage_instead() -> None:
    s = _attack_seat_0(["dodge:6H", "atk:3S"], deck=["salve:2H"])
    assert deciding(s) == (2, "ask") and legal(s) == {"yes", "no"}
    go(s, "yes")
    assert legal(s) == {"pick dodge:6H", "pick atk:3S"}
    ev = go(s, "pick dodge:6H")
    assert damage_to(ev, 0) == [] and damage_to(ev, 2) == [1] and s.hp[0] == 3 and s.hp[2] == 3
    assert s.rage[2] == 1 and hand(s, 2) == ["atk:3S"]


def test_guardian_may_be_declined() -> None:
    s = _attack_seat_0(["dodge:6H"])
    ev = go(s, "no")
    assert damage_to(ev, 0) == [1] and s.hp[:3] == [2, 5, 4] and hand(s, 2) == ["dodge:6H"]


def test_guardian_is_not_asked_without_a_card() -> None:
    s = _attack_seat_0([])
    assert s.hp[0] == 2 and deciding(s) == (1, "play")


def test_guardian_dispelled_leaves_the_damage_where_it_was() -> None:
    s = _attack_seat_0(["dodge:6H"], others=["dispel:5H"])
    act(s, "yes", "pick dodge:6H")
    ev = dispel_by(s, 3, "dispel:5H")
    assert "dispelled" in kinds(ev) and damage_to(ev, 0) == [1] and s.hp[2] == 4


def test_faith_puts_a_deck_card_on_the_hero_card_for_each_damage_point() -> None:
    s = start(GK, hands=[[], ["laguna:KD"], [], []], rage=[0, 3, 0, 0], turn_seat=1,
              deck=["salve:2H", "fire:AH", "atk:4S"])
    ev = go(s, "use laguna:KD", "target 2")
    assert damage_to(ev, 2) == [3]
    me = s.view(2)["players"][2]
    assert me["pile"] == 3 and me["pile_cards"] == ["atk:4S", "fire:AH", "salve:2H"]
    assert s.view(1)["players"][2]["pile_cards"] is None  # face down: the others see how many
    assert hand(s, 2) == []


def _faith_then_own_turn(deck: list[str], hp: int = 4) -> Any:
    """The centaur hits the guardian knight (one faith card: the deck's top), then it is the knight's turn."""
    s = start(GK, hands=[[], ["atk:2S"], ["dodge:6H"], []], hp=[3, 5, hp, 3], turn_seat=1, deck=deck)
    go(s, "use atk:2S", "target 2", "pass", "pass")
    return s


def test_faith_cards_may_be_taken_into_the_hand_in_your_play_phase() -> None:
    s = start(GK, hands=[[], ["atk:2S", "atk:3S"], [], []], turn_seat=1, deck=["salve:2H", "dodge:7H", "atk:4S"])
    go(s, "use atk:2S", "target 2", "pass")
    assert s.view(2)["players"][2]["pile_cards"] == ["salve:2H"]
    # the knight's own turn: 父爱 first (draw phase), then 信仰 as an action of the play phase
    assert deciding(s) == (2, "ask")
    go(s, "done")
    assert deciding(s) == (2, "play") and "skill 1" in legal(s)
    go(s, "skill 1")
    assert "salve:2H" in hand(s, 2) and s.view(2)["players"][2]["pile"] == 0
    assert deciding(s) == (2, "play") and "skill 1" not in legal(s)


def test_faith_cards_may_be_left_on_the_hero_card() -> None:
    s = start(GK, hands=[[], ["atk:2S"], [], []], turn_seat=1, deck=["salve:2H", "dodge:7H", "atk:4S"])
    go(s, "use atk:2S", "target 2", "pass", "done")
    assert deciding(s) == (2, "play") and "skill 1" in legal(s)
    go(s, "pass")  # the play phase ends with the faith card still on the hero card
    assert s.view(2)["players"][2]["pile"] == 1 and "salve:2H" not in hand(s, 2)


def _three_faith_then_draw_phase() -> Any:
    """神灭斩 deals the guardian knight 3 (three faith cards); in his next draw phase 父爱 is asked."""
    s = start(GK, hands=[[], ["laguna:KD"], [], []], rage=[0, 3, 0, 0], turn_seat=1,
              deck=["salve:2H", "fire:AH", "atk:4S", "atk:5S", "atk:6S"])
    go(s, "use laguna:KD", "target 2", "pass")
    assert s.hp[2] == 1 and hand(s, 2) == ["atk:5S", "atk:6S"]  # drawn; 父爱 comes after the draw
    return s


def test_fatherly_love_heals_one_for_every_two_faith_cards_given() -> None:
    s = _three_faith_then_draw_phase()
    assert deciding(s) == (2, "ask") and legal(s) == {"done", "target 0", "target 1", "target 3"}
    go(s, "target 0")
    assert legal(s) == {"pick salve:2H", "pick fire:AH", "pick atk:4S"}
    go(s, "pick salve:2H", "target 3", "pick atk:4S")
    assert s.hp[2] == 1  # healed only when the giving is done
    go(s, "done")
    assert s.hp[2] == 2 and "salve:2H" in hand(s, 0) and "atk:4S" in hand(s, 3)
    assert s.view(2)["players"][2]["pile_cards"] == ["fire:AH"]


def test_fatherly_love_heals_one_for_three_cards_given() -> None:
    s = _three_faith_then_draw_phase()
    go(s, "target 0", "pick salve:2H", "target 0", "pick fire:AH", "target 1", "pick atk:4S")
    assert s.hp[2] == 2 and len(s.hands[0]) == 2 and s.view(2)["players"][2]["pile"] == 0


def test_fatherly_love_heals_nothing_for_one_card_and_may_give_none() -> None:
    s = _three_faith_then_draw_phase()
    go(s, "target 0", "pick salve:2H", "done")
    assert s.hp[2] == 1 and hand(s, 0) == ["salve:2H"]
    s = _three_faith_then_draw_phase()
    go(s, "done")
    assert s.hp[2] == 1 and s.view(2)["players"][2]["pile"] == 3
