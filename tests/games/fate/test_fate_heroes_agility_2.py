"""Scenario tests for the skills of fate's agility heroes (敏捷型), part two: 矮人火枪手, 地穴刺客, 敌法师,
地穴编织者, 熊战士 and 陈云生, against their rules text (``cardtext.HERO_TEXT``). Part one (and every agility
hero's HP and hand limit) is ``test_fate_heroes_agility.py``.

Positions come from the setup format; a judgement is controlled by putting its card on top of the deck. Four
seats sit 0 and 2 against 1 and 3, so one death never ends the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, dispel_by, hand, kinds, legal, of_kind, pending, start
from fate_support import act_undispelled as go

# ------------------------------------------------------------------------------------------------ 矮人火枪手
DS = ["dwarven_sniper", "centaur", "weaver", "lord_of_avernus"]


@pytest.mark.parametrize(("judged", "damage"), [("atk:2S", 2), ("atk:AC", 2), ("salve:AH", 1), ("dodge:AD", 1)])
def test_headshot_judges_when_you_attack_and_adds_one_damage_on_black(judged: str, damage: int) -> None:
    s = start(DS, hands=[["atk:AS"], [], [], []], deck=[judged])
    go(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = go(s, "yes")
    assert [e["card"] for e in of_kind(ev, "judged")] == [judged]
    assert damage_to(ev, 1) == [damage] and s.hp[1] == 5 - damage


def test_headshot_is_passive_and_cannot_be_dispelled() -> None:
    s = start(DS, hands=[["atk:AS"], ["dispel:5H"], [], []], deck=["atk:2S"])
    go(s, "use atk:AS", "target 1")
    act(s, "yes")
    assert pending(s)["purpose"] == "attack_dodge"  # straight to the 闪避 reply: no dispel window
    ev = act(s, "pass")
    assert damage_to(ev, 1) == [2] and hand(s, 1) == ["dispel:5H"]


def test_headshot_may_be_declined() -> None:
    s = start(DS, hands=[["atk:AS"], [], [], []], deck=["atk:2S"])
    ev = go(s, "use atk:AS", "target 1", "no")
    assert "judged" not in kinds(ev) and damage_to(ev, 1) == [1] and len(s.view(None)["discard"]) == 1


def test_headshot_bonus_is_lost_when_the_attack_is_dodged() -> None:
    s = start(DS, hands=[["atk:AS"], ["dodge:6H"], [], []], deck=["atk:2S"])
    ev = go(s, "use atk:AS", "target 1", "yes", "use dodge:6H")
    assert "judged" in kinds(ev) and s.hp[1] == 5


def test_take_aim_shortens_your_distance_and_lengthens_the_others() -> None:
    s = start(DS + ["axe"], hands=[["atk:AS"], ["atk:2S"], [], [], []])
    go(s, "use atk:AS")
    assert legal(s) == {"target 1", "target 2", "target 3", "target 4"}  # two steps away count as one
    s = start(DS + ["axe"], hands=[[], ["atk:2S"], [], [], []], turn_seat=1)
    go(s, "use atk:2S")
    assert legal(s) == {"target 2"}  # the sniper next to it is at distance 2
    s = start(DS + ["axe"], hands=[[], [], ["atk:2S"], [], []], turn_seat=2)
    go(s, "use atk:2S")
    assert legal(s) == {"target 1", "target 3"}


def test_shrapnel_uses_a_heart_hand_card_as_disarm() -> None:
    s = start(DS, hands=[["salve:AH", "dodge:AD", "atk:AS"], [], [], []], armour=[None, "boots:KH", None, None])
    assert {a for a in legal(s) if a.startswith("as ")} == {"as salve:AH disarm"}  # hearts only
    ev = go(s, "as salve:AH disarm")
    assert legal(s) == {"target 1"}  # another hero with equipment
    ev = go(s, "target 1")
    assert of_kind(ev, "used")[0]["card"] == "disarm" and s.armour[1] < 0 and hand(s, 0) == ["atk:AS", "dodge:AD"]


def test_shrapnel_is_not_offered_when_nobody_else_has_equipment() -> None:
    s = start(DS, hands=[["salve:AH"], [], [], []], armour=["boots:KH", None, None, None])
    assert "as salve:AH disarm" not in legal(s)


def test_shrapnel_disarm_can_be_dispelled_like_the_card() -> None:
    s = start(DS, hands=[["salve:AH"], ["dispel:5H"], [], []], armour=[None, "boots:KH", None, None])
    act(s, "as salve:AH disarm", "target 1")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.armour[1] >= 0


# ------------------------------------------------------------------------------------------------ 地穴刺客
NA = ["nerubian_assassin", "centaur", "weaver", "lord_of_avernus"]


def test_mana_burn_discards_a_black_card_then_one_of_the_targets_hand_cards() -> None:
    s = start(NA, hands=[["atk:AS", "salve:AH", "atk:AC"], ["dodge:6H"], [], ["atk:2S", "dodge:7H"]])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick atk:AC"}  # black cards only
    go(s, "pick atk:AS")
    assert legal(s) == {"target 1", "target 3"}  # another hero holding a hand card, at any distance
    ev = go(s, "target 1")
    assert hand(s, 1) == [] and of_kind(ev, "discarded")[-1]["cards"] == ["dodge:6H"]
    assert "skill 0" in legal(s)  # any number of times
    go(s, "skill 0", "pick atk:AC", "target 3")
    assert len(s.hands[3]) == 1 and hand(s, 0) == ["salve:AH"] and "skill 0" not in legal(s)


def test_mana_burn_may_be_paid_with_black_equipment() -> None:
    s = start(NA, hands=[[], ["dodge:6H"], [], []], weapon=["relic:KC", None, None, None])
    go(s, "skill 0", "pick relic:KC", "target 1")
    assert s.weapon[0] < 0 and hand(s, 1) == []


def test_mana_burn_is_not_offered_without_a_black_card_or_a_target_with_a_hand() -> None:
    assert "skill 0" not in legal(start(NA, hands=[["salve:AH"], ["dodge:6H"], [], []]))
    assert "skill 0" not in legal(start(NA, hands=[["atk:AS"], [], [], []]))


def test_mana_burn_can_be_dispelled() -> None:
    s = start(NA, hands=[["atk:AS"], ["dispel:5H", "dodge:6H"], [], []])
    act(s, "skill 0", "pick atk:AS", "target 1")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and hand(s, 1) == ["dodge:6H"]


def test_vendetta_makes_your_attack_undodgeable_when_your_hand_is_empty() -> None:
    s = start(NA, hands=[["atk:AS"], ["dodge:6H"], [], []])
    ev = go(s, "use atk:AS", "target 1")  # the 【攻击】 was the last card in hand
    assert damage_to(ev, 1) == [1] and hand(s, 1) == ["dodge:6H"]


def test_vendetta_does_not_apply_while_you_hold_a_card() -> None:
    s = start(NA, hands=[["atk:AS", "salve:AH"], ["dodge:6H"], [], []])
    go(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass", "use dodge:6H"}


def test_spiked_carapace_hurts_the_source_when_you_are_hurt_with_an_empty_hand() -> None:
    s = start(NA, hands=[[], ["atk:2S"], [], []], turn_seat=1)
    ev = go(s, "use atk:2S", "target 0")
    assert damage_to(ev, 0) == [1] and damage_to(ev, 1) == [1] and s.hp[:2] == [3, 4]
    assert [e["source"] for e in of_kind(ev, "damage")] == [1, 0]


def test_spiked_carapace_does_nothing_while_you_hold_a_card() -> None:
    s = start(NA, hands=[["salve:AH"], ["atk:2S"], [], []], turn_seat=1)
    ev = go(s, "use atk:2S", "target 0", "pass")
    assert damage_to(ev, 0) == [1] and damage_to(ev, 1) == []


def test_spiked_carapace_does_not_answer_damage_you_deal_yourself() -> None:
    s = start(NA, hands=[["frenzy:AD"], [], [], []])
    ev = go(s, "use frenzy:AD")
    assert damage_to(ev, 0) == [1] and len(of_kind(ev, "damage")) == 1


# ------------------------------------------------------------------------------------------------ 敌法师
AM = ["anti_mage", "centaur", "weaver", "lord_of_avernus"]


def test_mana_break_discards_one_of_the_targets_hand_cards_after_a_hit() -> None:
    s = start(AM, hands=[["atk:AS"], ["salve:AH"], [], []])
    ev = go(s, "use atk:AS", "target 1", "pass")
    assert damage_to(ev, 1) == [1] and hand(s, 1) == []
    assert of_kind(ev, "discarded")[-1] == {"kind": "discarded", "seat": 1, "cards": ["salve:AH"],
                                            "why": "mana_break"}


def test_mana_break_discards_nothing_after_a_dodge() -> None:
    s = start(AM, hands=[["atk:AS"], ["dodge:6H", "salve:AH"], [], []])
    go(s, "use atk:AS", "target 1", "use dodge:6H")
    assert hand(s, 1) == ["salve:AH"]


def test_blink_plays_a_black_hand_card_as_a_dodge() -> None:
    s = start(AM, hands=[["atk:3S", "salve:AH"], ["atk:2S"], [], []], turn_seat=1)
    go(s, "use atk:2S", "target 0")
    assert legal(s) == {"pass", "as atk:3S dodge"}
    ev = go(s, "as atk:3S dodge")
    assert of_kind(ev, "played")[0]["card"] == "dodge" and s.hp[0] == 3 and hand(s, 0) == ["salve:AH"]


def test_mana_void_spends_three_rage_to_deal_the_hand_shortfall_as_damage() -> None:
    s = start(AM, hands=[[], ["atk:2S"], ["dodge:6H", "salve:AH"], []], rage=[3, 0, 0, 0])
    go(s, "skill 2")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}  # 「一名角色」: yourself too
    ev = go(s, "target 2")  # the weaver: limit 5, two cards
    assert s.rage[0] == 0 and damage_to(ev, 2) == [3] and "dying" in kinds(ev)
    assert "skill 2" not in legal(s)


def test_mana_void_counts_the_centaurs_limit_of_four() -> None:
    s = start(AM, hands=[[], ["atk:2S"], [], []], rage=[3, 0, 0, 0])
    ev = go(s, "skill 2", "target 1")
    assert damage_to(ev, 1) == [3] and s.hp[1] == 2


def test_mana_void_is_not_offered_below_three_rage_or_without_a_short_handed_target() -> None:
    assert "skill 2" not in legal(start(AM, hands=[[], [], [], []], rage=[2, 0, 0, 0]))
    full = [["chaos:AS", "chaos:2S", "chaos:3S", "chaos:4S", "chaos:5S"], ["atk:2S", "atk:3S", "atk:4S", "atk:5S"],
            ["dodge:6H", "dodge:7H", "dodge:8H", "salve:AH", "salve:2H"],
            ["fire:AH", "fire:2H", "fire:4H", "fire:8C"]]
    assert "skill 2" not in legal(start(AM, hands=full, rage=[3, 0, 0, 0]))


def test_mana_void_may_be_aimed_at_yourself() -> None:
    s = start(AM, hands=[["atk:AS", "atk:2S", "atk:3S"], [], [], []], rage=[3, 0, 0, 0])
    ev = go(s, "skill 2", "target 0")
    assert damage_to(ev, 0) == [2] and s.hp[0] == 1 and s.rage[0] == 2


def test_mana_void_can_be_dispelled_and_keeps_the_rage_spent() -> None:
    s = start(AM, hands=[[], ["dispel:5H"], [], []], rage=[3, 0, 0, 0])
    act(s, "skill 2", "target 3")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.rage[0] == 0 and s.hp[3] == 4


# ------------------------------------------------------------------------------------------------ 地穴编织者
WV = ["weaver", "centaur", "axe", "lord_of_avernus"]


def test_the_swarm_makes_x_heroes_discard_an_attack_or_take_one() -> None:
    s = start(WV, hands=[["atk:AS", "atk:2S", "atk:AC", "salve:AH"], ["atk:3S", "dodge:6H"], ["dodge:7H"], []])
    go(s, "skill 0")
    assert legal(s) == {"pick atk:AS", "pick atk:2S", "pick atk:AC"}
    go(s, "pick atk:AS", "pick atk:2S")
    assert legal(s) == {"pick atk:AC", "done"}
    go(s, "done")
    assert legal(s) == {"target 1", "target 2", "target 3"}  # any other heroes, at any distance
    go(s, "target 1")
    assert legal(s) == {"target 2", "target 3"}  # exactly X = 2 heroes: no stopping at one
    go(s, "target 2")
    assert deciding(s) == (1, "demand") and legal(s) == {"pass", "pick atk:3S"}
    go(s, "pick atk:3S")
    assert deciding(s) == (2, "demand") and legal(s) == {"pass"}
    ev = go(s, "pass")
    assert damage_to(ev, 2) == [1] and of_kind(ev, "damage")[0]["source"] == 0
    assert s.hp[1:3] == [5, 3] and hand(s, 1) == ["dodge:6H"] and hand(s, 0) == ["atk:AC", "salve:AH"]
    assert "skill 0" not in legal(s)


def test_the_swarm_with_three_black_cards_names_three_heroes() -> None:
    s = start(WV, hands=[["atk:AS", "atk:2S", "atk:AC"], [], [], []])
    ev = go(s, "skill 0", "pick atk:AS", "pick atk:2S", "pick atk:AC", "target 1", "target 2", "target 3")
    assert [e["seat"] for e in of_kind(ev, "damage")] == [1, 2, 3]


def test_the_swarm_is_not_offered_with_fewer_than_two_black_cards() -> None:
    assert "skill 0" not in legal(start(WV, hands=[["atk:AS", "salve:AH", "dodge:6H"], [], [], []]))


def test_the_swarm_can_be_dispelled() -> None:
    s = start(WV, hands=[["atk:AS", "atk:2S"], ["dispel:5H"], [], []])
    act(s, "skill 0", "pick atk:AS", "pick atk:2S", "target 2", "target 3")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and s.hp[2:] == [4, 4]


def test_time_lapse_discards_three_red_cards_fills_the_hand_to_its_limit_and_ends_the_turn() -> None:
    s = start(WV, hands=[["salve:AH", "dodge:6H", "fire:AH", "atk:AS", "atk:2S", "atk:3S"], [], [], []],
              deck=["atk:4S", "atk:5S", "atk:6S"])
    go(s, "skill 1")
    assert legal(s) == {"pick salve:AH", "pick dodge:6H", "pick fire:AH"}
    ev = go(s, "pick salve:AH", "pick dodge:6H", "pick fire:AH")
    assert hand(s, 0) == ["atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:AS"]  # 3 left, 2 drawn: limit 5
    assert "turn_ended" in kinds(ev) and s.view(None)["turn_seat"] == 1


def test_time_lapse_ends_the_turn_before_the_discard_phase() -> None:
    cards = ["salve:AH", "dodge:6H", "fire:AH", "atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:6S"]
    s = start(WV, hands=[cards, [], [], []])
    ev = go(s, "skill 1", "pick salve:AH", "pick dodge:6H", "pick fire:AH")
    assert len(s.hands[0]) == 6 and s.view(None)["turn_seat"] == 1  # above the limit, nothing discarded
    assert "drew" not in [e["kind"] for e in ev if e.get("seat") == 0]


def test_time_lapse_is_not_offered_with_fewer_than_three_red_hand_cards() -> None:
    s = start(WV, hands=[["salve:AH", "dodge:6H", "atk:AS"], [], [], []], armour=["boots:KH", None, None, None])
    assert "skill 1" not in legal(s)  # a red equipped card does not count: hand cards only


def test_time_lapse_can_be_dispelled_and_then_the_turn_goes_on() -> None:
    s = start(WV, hands=[["salve:AH", "dodge:6H", "fire:AH", "atk:AS"], ["dispel:5H"], [], []])
    act(s, "skill 1", "pick salve:AH", "pick dodge:6H", "pick fire:AH")
    ev = dispel_by(s, 1, "dispel:5H")
    assert "dispelled" in kinds(ev) and hand(s, 0) == ["atk:AS"] and deciding(s) == (0, "play")


# ------------------------------------------------------------------------------------------------ 熊战士
URSA = ["ursa", "centaur", "weaver", "lord_of_avernus"]


def test_fury_swipes_adds_as_many_attacks_as_your_rage_at_turn_start() -> None:
    s = start(URSA, hands=[["atk:AS", "atk:2S", "atk:3S", "atk:4S"], [], [], []], rage=[2, 0, 0, 0], start="turn",
              deck=["salve:AH", "salve:2H"])
    assert pending(s)["attack_allow"] == 3
    go(s, "use atk:AS", "target 1", "use atk:2S", "target 3", "use atk:3S", "target 1")
    assert s.hp[1] == 3 and s.hp[3] == 3 and "use atk:4S" not in legal(s)


def test_fury_swipes_adds_nothing_at_zero_rage() -> None:
    s = start(URSA, hands=[["atk:AS", "atk:2S"], [], [], []], start="turn", deck=["salve:AH", "salve:2H"])
    go(s, "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s)


def test_enrage_may_add_one_damage_when_your_hp_is_above_everyone_elses() -> None:
    s = start(URSA, hands=[["atk:AS"], [], [], []], hp=[4, 3, 3, 3])
    go(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "ask") and legal(s) == {"yes", "no"}
    ev = go(s, "yes")
    assert damage_to(ev, 1) == [2] and s.hp[1] == 1


def test_enrage_may_be_declined() -> None:
    s = start(URSA, hands=[["atk:AS"], [], [], []], hp=[4, 3, 3, 3])
    ev = go(s, "use atk:AS", "target 1", "no")
    assert damage_to(ev, 1) == [1]


def test_enrage_is_not_asked_when_another_hero_has_as_much_hp() -> None:
    s = start(URSA, hands=[["atk:AS"], [], [], []], hp=[4, 3, 3, 4])
    ev = go(s, "use atk:AS", "target 1")
    assert damage_to(ev, 1) == [1] and deciding(s) == (0, "play")


# ------------------------------------------------------------------------------------------------ 陈云生
CHEN = ["chen", "centaur", "axe", "lord_of_avernus"]


def _centaur_attacks_axe(chen_cards: list[str], deck: list[str]) -> tuple[Any, list[dict[str, Any]]]:
    """The centaur attacks the axe, whose 反转螺旋 judges the deck's top card."""
    s = start(CHEN, hands=[chen_cards, ["atk:2S"], [], []], turn_seat=1, deck=deck)
    ev = go(s, "use atk:2S", "target 2")
    return s, ev


def test_ordeal_discards_a_card_to_judge_once_more_and_the_new_card_counts() -> None:
    s, ev = _centaur_attacks_axe(["dodge:6H", "atk:AS"], ["salve:2H", "atk:3S"])
    assert of_kind(ev, "judged")[0]["card"] == "salve:2H"
    assert deciding(s) == (0, "ask") and legal(s) == {"pass", "pick dodge:6H", "pick atk:AS"}
    ev = go(s, "pick dodge:6H")
    assert [e["card"] for e in of_kind(ev, "judged")] == ["atk:3S"]
    assert damage_to(ev, 1) == [] and s.hp[1] == 5 and hand(s, 0) == ["atk:AS"]  # the red 2 no longer counts
    assert {"salve:2H", "atk:3S", "dodge:6H"} <= set(s.view(None)["discard"])


def test_ordeal_may_be_passed_and_the_first_card_counts() -> None:
    s, _ = _centaur_attacks_axe(["dodge:6H"], ["salve:2H", "atk:3S"])
    ev = go(s, "pass")
    assert damage_to(ev, 1) == [1] and hand(s, 0) == ["dodge:6H"]


def test_ordeal_judges_only_once_more() -> None:
    s, _ = _centaur_attacks_axe(["dodge:6H", "atk:AS"], ["atk:3S", "salve:2H"])
    ev = go(s, "pick dodge:6H")
    assert damage_to(ev, 1) == [1] and hand(s, 0) == ["atk:AS"] and deciding(s) == (1, "play")


def test_ordeal_is_not_asked_without_a_card() -> None:
    s, ev = _centaur_attacks_axe([], ["salve:2H"])
    assert damage_to(ev, 1) == [1] and deciding(s) == (1, "play")


def test_ordeal_may_be_paid_with_equipment() -> None:
    s = start(CHEN, hands=[[], ["atk:2S"], [], []], weapon=["claws:KS", None, None, None], turn_seat=1,
              deck=["salve:2H", "atk:3S"])
    go(s, "use atk:2S", "target 2")
    assert legal(s) == {"pass", "pick claws:KS"}
    go(s, "pick claws:KS")
    assert s.weapon[0] < 0 and s.hp[1] == 5


@pytest.mark.parametrize(("hp", "hit"), [(2, False), (1, False), (3, True)])
def test_special_body_voids_attacks_on_you_at_two_hp_or_less(hp: int, hit: bool) -> None:
    s = start(CHEN, hands=[["dodge:6H"], ["atk:2S"], [], []], hp=[hp, 5, 4, 4], turn_seat=1)
    ev = go(s, "use atk:2S", "target 0")
    if hit:
        assert deciding(s) == (0, "reply")
        ev += go(s, "pass")
        assert damage_to(ev, 0) == [1]
    else:
        assert "no_effect" in kinds(ev) and damage_to(ev, 0) == [] and deciding(s) == (1, "play")
        assert hand(s, 0) == ["dodge:6H"]


def test_special_body_does_not_stop_other_damage() -> None:
    s = start(CHEN, hands=[[], ["atk:2S"], [], []], hp=[2, 5, 4, 4], turn_seat=1)
    ev = go(s, "skill 0", "pick atk:2S", "target 0")  # 双刃剑 is not an 【攻击】
    assert damage_to(ev, 0) == [1] and s.hp[0] == 1
