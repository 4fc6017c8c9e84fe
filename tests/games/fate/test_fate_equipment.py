"""Scenario tests for fate's twelve weapons (武器) and five armours (防具) against their rules text
(``cardtext.CARD_TEXT``): equipping and replacing (四、出牌阶段 规则4), attack range (a weapon's range replaces the
base 1) and distance with 速度之靴, and each item's ability — with the judgements of 刃甲 and 流浪法师斗篷 controlled
by the card put on top of the deck.

The heroes are nearly vanilla (the type-bound items use the hero type they need); four seats sit 0 and 2 against
1 and 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import (
    act,
    damage_to,
    deciding,
    everything_but,
    hand,
    kinds,
    legal,
    of_kind,
    pass_dispels,
    pending,
    start,
)
from fate_support import act_undispelled as go

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (力, 5 HP), 1 巨魔战将 (敏, 4), 2 地穴编织者 (敏, 3), 3 龙骑士 (力, 4)."""
AGILE = ["troll_warlord", "centaur", "weaver", "dragon_knight"]
"""The same heroes with an agility hero (巨魔战将) in seat 0."""


def discard(s: Any) -> list[str]:
    """The discard pile, bottom first."""
    return s.view(None)["discard"]


def player(s: Any, seat: int) -> dict[str, Any]:
    """The public view of one seat."""
    return s.view(None)["players"][seat]


def gear(s: Any, seat: int) -> tuple[str | None, str | None]:
    """(weapon, armour) of one seat."""
    p = player(s, seat)
    return p["weapon"], p["armour"]


# ------------------------------------------------------------------------------------------------ equipping
def test_a_weapon_goes_on_your_own_hero_and_replaces_the_old_one_which_is_discarded() -> None:
    s = start(TABLE, hands=[["claws:KS"], [], [], []], weapon=["skadi:JS", None, None, None])
    ev = act(s, "use claws:KS")  # no target to choose: it goes on the user
    assert of_kind(ev, "equipped") == [{"kind": "equipped", "seat": 0, "card": "claws:KS", "replaced": "skadi:JS"}]
    assert gear(s, 0) == ("claws:KS", None) and discard(s) == ["skadi:JS"] and hand(s, 0) == []


def test_an_armour_replaces_the_old_armour_and_leaves_the_weapon() -> None:
    s = start(TABLE, hands=[["boots:KH"], [], [], []], weapon=["skadi:JS", None, None, None],
              armour=["ring:JD", None, None, None])
    act(s, "use boots:KH")
    assert gear(s, 0) == ("skadi:JS", "boots:KH") and discard(s) == ["ring:JD"]


@pytest.mark.parametrize("item", ["plunder:JS", "staff:QS", "eaglehorn:10S"])
def test_plunder_axe_mystic_staff_and_eaglehorn_may_be_equipped_onto_any_hero(item: str) -> None:
    s = start(TABLE, hands=[[item], [], [], []], weapon=[None, None, "skadi:JS", None])
    act(s, f"use {item}")
    assert deciding(s) == (0, "build") and legal(s) == {"target 0", "target 1", "target 2", "target 3"}
    ev = act(s, "target 2")
    assert of_kind(ev, "equipped")[0]["seat"] == 2
    assert gear(s, 2) == (item, None) and gear(s, 0) == (None, None) and discard(s) == ["skadi:JS"]


# ------------------------------------------------------------------------------------------------ range
SIX = TABLE + ["centaur", "troll_warlord"]


@pytest.mark.parametrize(("weapon", "reach"), [
    (None, {1, 5}), ("skadi:JS", {1, 5}), ("claws:KS", {1, 2, 4, 5}), ("demon:KC", {1, 2, 4, 5}),
    ("lothar:10S", {1, 2, 3, 4, 5}), ("eaglehorn:10S", {1, 2, 3, 4, 5}),
])
def test_a_weapons_range_replaces_the_base_range_of_one(weapon: str | None, reach: set[int]) -> None:
    s = start(SIX, hands=[["atk:AS"]] + [[] for _ in range(5)], weapon=[weapon] + [None] * 5)
    act(s, "use atk:AS")
    assert legal(s) == {f"target {t}" for t in reach}  # seats 1/5 at distance 1, 2/4 at 2, 3 at 3


def test_boots_of_speed_put_their_wearer_one_farther_from_everyone_else() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "boots:KH", None, None])
    act(s, "use atk:AS")
    assert legal(s) == {"target 3"}  # seat 1 is now at distance 2
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "boots:KH", None, None],
              weapon=["claws:KS", None, None, None])
    act(s, "use atk:AS")
    assert legal(s) == {"target 1", "target 2", "target 3"}


def test_boots_of_speed_bring_everyone_one_nearer_to_their_wearer() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=["boots:KH", None, None, None])
    act(s, "use atk:AS")
    assert legal(s) == {"target 1", "target 2", "target 3"}  # seat 2 is now at distance 1


def test_an_attack_is_not_offered_when_nobody_is_in_range() -> None:
    s = start(["centaur", "troll_warlord"], hands=[["atk:AS"], []], armour=[None, "boots:KH"])  # 1v1
    assert "use atk:AS" not in legal(s)  # the only other hero is at distance 2


# ------------------------------------------------------------------------------------------------ 冰魄之眼
def test_eye_of_skadi_needs_two_dodges_to_cancel_an_attack() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H", "dodge:7H"], [], []], weapon=["skadi:JS", None, None, None])
    act(s, "use atk:AS", "target 1")
    assert pending(s)["need"] == 2
    act(s, "use dodge:6H")
    assert deciding(s) == (1, "reply") and pending(s)["need"] == 1
    ev = act(s, "use dodge:7H")
    assert "dodged" in kinds(ev) and s.hp[1] == 4 and hand(s, 1) == []


def test_eye_of_skadi_one_dodge_is_not_enough() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H", "atk:2S"], [], []], weapon=["skadi:JS", None, None, None])
    act(s, "use atk:AS", "target 1", "use dodge:6H")
    assert legal(s) == {"pass"}
    ev = act(s, "pass")
    assert damage_to(ev, 1) == [1] and hand(s, 1) == ["atk:2S"]


# ------------------------------------------------------------------------------------------------ 攻击之爪
def test_blades_of_attack_let_a_red_hand_card_be_used_as_an_attack() -> None:
    s = start(TABLE, hands=[["salve:AH", "dodge:6H", "arrow:6S"], [], [], []], weapon=["claws:KS", None, None, None])
    assert {a for a in legal(s) if a.startswith("as ")} == {"as salve:AH atk", "as dodge:6H atk"}  # not ♠
    ev = act(s, "as dodge:6H atk", "target 2")
    assert of_kind(ev, "used")[0] == {"kind": "used", "seat": 0, "card": "atk", "cards": ["dodge:6H"],
                                      "targets": [2], "strong": 0}
    assert damage_to(ev, 2) == [1]
    assert not {a for a in legal(s) if a.startswith("as ")}  # it was the play phase's one 【攻击】


# ------------------------------------------------------------------------------------------------ 圣者遗物
@pytest.mark.parametrize(("choice", "amount"), [("yes", 2), ("no", 1)])
def test_sacred_relic_may_add_one_to_a_black_attacks_damage(choice: str, amount: int) -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], weapon=["relic:KC", None, None, None])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (0, "ask") and pending(s)["skill"] == "relic"
    ev = act(s, choice)
    assert damage_to(ev, 1) == [amount] and s.rage[1] == amount


def test_sacred_relic_adds_nothing_to_a_red_attack() -> None:
    s = start(TABLE, hands=[["fire:AH"], [], [], []], weapon=["relic:KC", None, None, None])
    ev = act(s, "use fire:AH", "target 1")
    assert damage_to(ev, 1) == [1] and deciding(s) == (0, "play")


def test_sacred_relic_discards_the_armour_you_wear_and_bars_new_armour() -> None:
    s = start(TABLE, hands=[["relic:KC", "boots:KH"], [], [], []], armour=["ring:JD", None, None, None])
    assert "use boots:KH" in legal(s)
    ev = act(s, "use relic:KC")
    assert of_kind(ev, "discarded") == [{"kind": "discarded", "seat": 0, "cards": ["ring:JD"], "why": "relic"}]
    assert gear(s, 0) == ("relic:KC", None) and discard(s) == ["ring:JD"]
    assert "use boots:KH" not in legal(s)


# ------------------------------------------------------------------------------------------------ 恶魔刀锋
def test_demon_edge_bars_healing_salve_in_the_dying_its_attack_causes() -> None:
    s = start(TABLE, hands=[["atk:AS", "salve:AH"], ["salve:2H"], ["salve:3H"], []], hp=[5, 1, 3, 4],
              weapon=["demon:KC", None, None, None])
    act(s, "use atk:AS", "target 1", "pass")
    for seat in (1, 2, 0):  # the rescue round still asks everyone holding a card, with nothing to use
        assert deciding(s) == (seat, "rescue_ask") and pending(s)["no_salve"] and legal(s) == {"pass"}
        ev = act(s, "pass")
    assert not s.alive[1] and of_kind(ev, "died")[0]["killer"] == 0


def test_without_demon_edge_the_same_dying_can_be_saved() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["salve:2H"], [], []], hp=[5, 1, 3, 4])
    act(s, "use atk:AS", "target 1", "pass")
    assert deciding(s) == (1, "rescue_ask") and legal(s) == {"pass", "use salve:2H"}
    act(s, "use salve:2H")
    assert s.alive[1] and s.hp[1] == 1


# ------------------------------------------------------------------------------------------------ 散失之刃
def test_diffusal_blade_lets_any_two_hand_cards_be_used_as_a_dispel() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:2S", "salve:AH"], [], []], weapon=[None, "diffusal:9S", None, None])
    act(s, "use arrow:6S", "target 1")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass", "pair diffusal"}
    act(s, "pair diffusal", "pick atk:2S")
    assert legal(s) == {"pick salve:AH"}
    ev = act(s, "pick salve:AH")  # nobody is left holding a card: the window closes
    assert of_kind(ev, "played") == [{"kind": "played", "seat": 1, "card": "dispel", "cards": ["atk:2S", "salve:AH"]}]
    assert of_kind(ev, "dispelled")[0]["chain"] == 1 and s.hp[1] == 4 and deciding(s) == (0, "play")
    assert sorted(discard(s)) == ["arrow:6S", "atk:2S", "salve:AH"]


def test_diffusal_blade_needs_two_hand_cards() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:2S"], [], []], weapon=[None, "diffusal:9S", None, None])
    act(s, "use arrow:6S", "target 1")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass"}


# ------------------------------------------------------------------------------------------------ 洛萨之锋
def test_lothars_edge_lets_a_black_hand_card_be_played_as_a_dodge() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["atk:2S", "salve:AH"], [], []], weapon=[None, "lothar:10S", None, None])
    act(s, "use atk:AS", "target 1")
    assert legal(s) == {"pass", "as atk:2S dodge"}  # the red salve cannot
    ev = act(s, "as atk:2S dodge")
    assert of_kind(ev, "played")[0]["card"] == "dodge" and "dodged" in kinds(ev) and s.hp[1] == 4
    assert hand(s, 1) == ["salve:AH"]


# ------------------------------------------------------------------------------------------------ 黯灭之刃
def test_stygian_desolator_gives_one_rage_each_time_your_attack_deals_damage() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], weapon=["desolator:QS", None, None, None])
    ev = act(s, "use atk:AS", "target 2")
    assert s.rage == [1, 0, 1, 0] and [e["seat"] for e in of_kind(ev, "rage")] == [2, 0]


def test_stygian_desolator_gives_nothing_for_a_dodged_attack() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []], weapon=["desolator:QS", None, None, None])
    act(s, "use atk:AS", "target 1", "use dodge:6H")
    assert s.rage == [0, 0, 0, 0]


# ------------------------------------------------------------------------------------------------ 散夜对剑
def test_sange_and_yasha_two_attack_cards_make_an_attack_that_cannot_be_dodged() -> None:
    s = start(TABLE, hands=[["atk:AS", "fire:AH"], ["dodge:6H"], [], []], weapon=["sny:KS", None, None, None])
    act(s, "pair sny", "pick atk:AS", "pick fire:AH")
    ev = act(s, "target 1")  # seat 1 holds a 闪避 but is not asked
    assert of_kind(ev, "used")[0]["card"] == "atk" and damage_to(ev, 1) == [1]
    assert s.rage[1] == 1  # used as 普通攻击: the 火焰攻击 card adds no rage
    assert hand(s, 1) == ["dodge:6H"] and sorted(discard(s)) == ["atk:AS", "fire:AH"]


def test_sange_and_yasha_any_two_cards_make_an_attack_that_can_be_dodged() -> None:
    s = start(TABLE, hands=[["atk:AS", "salve:AH", "atk:2S"], ["dodge:6H"], [], []],
              weapon=["sny:KS", None, None, None])
    act(s, "pair sny", "pick atk:AS", "pick salve:AH", "target 1")
    assert deciding(s) == (1, "reply") and legal(s) == {"pass", "use dodge:6H"}
    act(s, "use dodge:6H")
    assert s.hp[1] == 4 and "pair sny" not in legal(s) and "use atk:2S" not in legal(s)  # one 【攻击】 used


# ------------------------------------------------------------------------------------------------ 掠夺之斧
def test_plunder_axe_draws_a_strength_holder_a_card_when_their_attack_hits() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], weapon=["plunder:JS", None, None, None], deck=["salve:AH"])
    ev = act(s, "use atk:AS", "target 1")
    assert kinds(ev)[-1] == "drew" and hand(s, 0) == ["salve:AH"]


def test_plunder_axe_draws_nothing_for_an_agility_holder_or_a_dodged_attack() -> None:
    s = start(AGILE, hands=[["atk:AS"], [], [], []], weapon=["plunder:JS", None, None, None])
    act(s, "use atk:AS", "target 1")
    assert hand(s, 0) == [] and s.hp[1] == 4  # 半人马酋长 5 → 4
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []], weapon=["plunder:JS", None, None, None])
    act(s, "use atk:AS", "target 1", "use dodge:6H")
    assert hand(s, 0) == []


# ------------------------------------------------------------------------------------------------ 神秘法杖
def test_mystic_staff_lets_an_intelligence_holder_discard_x_and_draw_x_less_one_once_a_phase() -> None:
    s = start(["twin_head_dragon", "centaur", "weaver", "dragon_knight"],
              hands=[["atk:AS", "atk:2S", "atk:3S"], [], [], []], weapon=["staff:QS", None, None, None],
              deck=["salve:AH", "salve:2H"])
    assert "item weapon" in legal(s)
    act(s, "item weapon")
    assert legal(s) == {"pick atk:AS", "pick atk:2S", "pick atk:3S", "pick staff:QS"}  # at least one card
    act(s, "pick atk:AS", "pick atk:2S")
    assert "done" in legal(s)
    ev = act(s, "done")
    assert of_kind(ev, "drew")[0]["count"] == 1
    assert hand(s, 0) == ["atk:3S", "salve:AH"] and discard(s) == ["atk:AS", "atk:2S"]
    assert "item weapon" not in legal(s)


def test_mystic_staff_may_discard_equipped_cards_too() -> None:
    # 「弃置X张牌」: cards, not only hand cards (the staff itself may go)
    s = start(["twin_head_dragon", "centaur", "weaver", "dragon_knight"], hands=[[], [], [], []],
              weapon=["staff:QS", None, None, None], armour=["ring:JD", None, None, None],
              deck=["salve:AH", "salve:2H"])
    act(s, "item weapon", "pick ring:JD", "pick staff:QS")
    assert gear(s, 0) == (None, None) and hand(s, 0) == ["salve:AH"] and discard(s) == ["ring:JD", "staff:QS"]


def test_mystic_staff_does_nothing_for_a_hero_of_another_type() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], weapon=["staff:QS", None, None, None])
    assert "item weapon" not in legal(s)


# ------------------------------------------------------------------------------------------------ 鹰角弓
def test_eaglehorn_lets_an_agility_holder_attack_again_after_a_hit() -> None:
    s = start(AGILE, hands=[["atk:AS", "atk:2S", "atk:3S"], ["dodge:6H"], [], []],
              weapon=["eaglehorn:10S", None, None, None])
    act(s, "use atk:AS", "target 2")
    assert s.hp[2] == 2 and "use atk:2S" in legal(s)
    act(s, "use atk:2S", "target 1", "use dodge:6H")
    assert "use atk:3S" not in legal(s)  # a dodged 【攻击】 opens no further one


def test_eaglehorn_gives_a_strength_holder_no_second_attack() -> None:
    s = start(TABLE, hands=[["atk:AS", "atk:2S"], [], [], []], weapon=["eaglehorn:10S", None, None, None])
    act(s, "use atk:AS", "target 2")
    assert s.hp[2] == 2 and "use atk:2S" not in legal(s)


# ------------------------------------------------------------------------------------------------ 补刀斧
def test_quelling_blade_lets_its_holder_play_an_attack_to_become_the_killer() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], ["atk:2S", "salve:AH"], []], hp=[5, 1, 3, 4],
              weapon=[None, None, "quelling:AS", None], deck=["salve:2H", "salve:3H"])
    act(s, "use atk:AS", "target 1")
    act(s, "pass")  # seat 2 does not save seat 1
    assert not s.alive[1] and deciding(s) == (2, "reply") and pending(s)["purpose"] == "quell"
    assert legal(s) == {"pass", "use atk:2S"}  # an 【攻击】 card only
    ev = act(s, "use atk:2S")
    assert of_kind(ev, "claims_kill") == [{"kind": "claims_kill", "seat": 2, "dead": 1}]
    assert deciding(s) == (2, "reward_ask")  # the reward goes to seat 2, not to seat 0
    act(s, "draw")
    assert hand(s, 2) == ["salve:2H", "salve:3H", "salve:AH"] and hand(s, 0) == []


def test_quelling_blade_may_be_declined() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], ["atk:2S"], []], hp=[5, 1, 3, 4],
              weapon=[None, None, "quelling:AS", None])
    act(s, "use atk:AS", "target 1", "pass")  # seat 2 does not save seat 1
    assert deciding(s) == (2, "reply") and pending(s)["purpose"] == "quell"
    act(s, "pass")
    assert deciding(s) == (0, "reward_ask") and hand(s, 2) == ["atk:2S"]


# ------------------------------------------------------------------------------------------------ 菲丽丝之戒
def test_phyllis_ring_draws_one_more_card_in_the_draw_phase() -> None:
    s = start(TABLE, armour=[None, "ring:JD", None, None], deck=["atk:AS", "atk:2S", "atk:3S"])
    ev = act(s, "pass")
    assert of_kind(ev, "drew")[0] == {"kind": "drew", "seat": 1, "count": 3}
    assert hand(s, 1) == ["atk:2S", "atk:3S", "atk:AS"]


# ------------------------------------------------------------------------------------------------ 刃甲
def test_blade_mail_on_a_red_judgement_deals_one_damage_to_the_source() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "blademail:2S", None, None], deck=["salve:AH"])
    ev = act(s, "use atk:AS", "target 1")
    assert of_kind(ev, "judged") == [{"kind": "judged", "seat": 1, "card": "salve:AH", "why": "blademail"}]
    assert of_kind(ev, "damage")[1] == {"kind": "damage", "seat": 0, "source": 1, "amount": 1, "hp": 4,
                                        "parts": [["刃甲", 1]]}
    assert s.hp[:2] == [4, 3] and s.rage[:2] == [1, 1] and "salve:AH" in discard(s)


def test_blade_mail_on_a_black_judgement_does_nothing() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "blademail:2S", None, None], deck=["atk:2S"])
    ev = act(s, "use atk:AS", "target 1")
    assert of_kind(ev, "judged")[0]["card"] == "atk:2S" and damage_to(ev, 0) == [] and s.hp[:2] == [5, 3]


def test_blade_mail_does_not_judge_damage_you_deal_yourself() -> None:
    s = start(TABLE, hands=[["frenzy:AD"], [], [], []], armour=["blademail:2S", None, None, None], deck=["salve:AH"])
    ev = go(s, "use frenzy:AD")
    assert damage_to(ev, 0) == [1] and of_kind(ev, "judged") == [] and s.hp[0] == 4


def test_a_judgement_with_an_empty_deck_shuffles_the_discard_pile_first() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "blademail:2S", None, None],
              discard=everything_but("atk:AS", "blademail:2S"))
    assert s.view(None)["deck"] == 0
    ev = act(s, "use atk:AS", "target 1")
    assert kinds(ev).index("reshuffled") < kinds(ev).index("judged")
    assert of_kind(ev, "reshuffled") == [{"kind": "reshuffled", "cards": 110}]  # the 【攻击】 is still on the table


# ------------------------------------------------------------------------------------------------ 流浪法师斗篷
def test_planeswalkers_cloak_on_a_red_judgement_makes_the_magic_card_miss_its_wearer() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:AS"], [], []], armour=[None, "cloak:2C", None, None],
              deck=["salve:AH"])
    ev = act(s, "use arrow:6S", "target 1")  # judged as it becomes the target, before the dispel window
    assert kinds(ev) == ["used", "judged", "cloaked"]
    pass_dispels(s)
    assert deciding(s) == (0, "play") and s.hp[1] == 4 and hand(s, 1) == ["atk:AS"]
    assert sorted(discard(s)) == ["arrow:6S", "salve:AH"]


def test_planeswalkers_cloak_on_a_black_judgement_lets_the_card_act() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:AS"], [], []], armour=[None, "cloak:2C", None, None],
              deck=["atk:2S"])
    go(s, "use arrow:6S", "target 1")
    assert deciding(s) == (0, "name_ask")


def test_planeswalkers_cloak_shields_only_its_wearer_among_two_targets() -> None:
    s = start(TABLE, hands=[["mislead:8S"], [], [], []], armour=[None, "cloak:2C", None, None], rage=[0, 2, 1, 0],
              deck=["salve:AH"])
    go(s, "use mislead:8S", "target 1", "target 2")
    assert s.rage == [0, 2, 2, 0] and hand(s, 1) == []  # seat 1 lost nothing and drew nothing


def test_a_siren_song_the_cloak_stops_goes_to_the_discard_pile_not_the_status_zone() -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []], armour=[None, "cloak:2C", None, None], deck=["salve:AH"])
    go(s, "use siren:5C", "target 1")
    assert player(s, 1)["status"] == [] and sorted(discard(s)) == ["salve:AH", "siren:5C"]


def test_planeswalkers_cloak_does_not_judge_your_own_magic_card() -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []], rage=[1, 0, 0, 0], armour=["cloak:2C", None, None, None])
    ev = go(s, "use siren:5C", "target 0", "yes")
    assert of_kind(ev, "judged") == [] and player(s, 0)["status"] == ["siren:5C"]


def test_planeswalkers_cloak_does_not_judge_an_attack() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], armour=[None, "cloak:2C", None, None])
    ev = act(s, "use atk:AS", "target 1")
    assert of_kind(ev, "judged") == [] and damage_to(ev, 1) == [1]


# ------------------------------------------------------------------------------------------------ 闪避护符
def test_talisman_of_evasion_turned_sideways_cancels_an_attack() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []], armour=[None, "talisman:AC", None, None])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "ask") and pending(s)["skill"] == "talisman" and legal(s) == {"yes", "no"}
    ev = act(s, "yes")
    assert kinds(ev) == ["talisman"] and s.hp[1] == 4 and hand(s, 1) == ["dodge:6H"]
    assert player(s, 1)["talisman_sideways"] and discard(s) == ["atk:AS"]


def test_talisman_of_evasion_declined_leaves_the_dodge_to_answer() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []], armour=[None, "talisman:AC", None, None])
    act(s, "use atk:AS", "target 1", "no")
    assert deciding(s) == (1, "reply") and not player(s, 1)["talisman_sideways"]


def test_talisman_of_evasion_sideways_cancels_nothing_until_set_upright_in_its_play_phase() -> None:
    s = start(TABLE, hands=[["frenzy:AD", "atk:AS", "atk:2S"], [], [], []],
              armour=[None, "talisman:AC", None, None], deck=["salve:AH", "salve:2H"])
    go(s, "use frenzy:AD")
    act(s, "use atk:AS", "target 1", "yes")
    ev = act(s, "use atk:2S", "target 1")  # sideways: no question, the 【攻击】 hits
    assert damage_to(ev, 1) == [1]
    act(s, "pass")
    assert deciding(s) == (1, "play") and "item armour" in legal(s)
    act(s, "item armour")
    assert legal(s) == {"pick salve:AH", "pick salve:2H"}
    ev = act(s, "pick salve:AH")
    assert kinds(ev) == ["discarded", "talisman_up"] and not player(s, 1)["talisman_sideways"]
    assert "item armour" not in legal(s) and hand(s, 1) == ["salve:2H"]
