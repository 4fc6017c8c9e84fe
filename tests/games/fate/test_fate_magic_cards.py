"""Scenario tests for fate's magic cards (魔法牌) against their rules text (``cardtext.CARD_TEXT``): each effect with
its numbers, whom it may aim at, and the strengthened version (强化, 1 rage) of 缴械, 月神之箭, 能量转移, 贪婪 and
海妖之歌 — including 海妖之歌 in the status zone and its effect at the status check. 驱散 has its own file
(``test_fate_dispel.py``).

Every magic card opens a dispel window; ``act_undispelled`` lets it pass. The heroes are nearly vanilla; four seats
sit 0 and 2 against 1 and 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, hand, kinds, legal, of_kind, pass_until, pending, start
from fate_support import act_undispelled as go

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""


def discard(s: Any) -> list[str]:
    """The discard pile, bottom first."""
    return s.view(None)["discard"]


def player(s: Any, seat: int) -> dict[str, Any]:
    """The public view of one seat."""
    return s.view(None)["players"][seat]


# ------------------------------------------------------------------------------------------------ 狂热
def test_frenzy_deals_one_damage_to_its_user_and_lifts_the_attack_limit() -> None:
    s = start(TABLE, hands=[["frenzy:AD", "atk:AS", "atk:2S"], [], [], []])
    ev = go(s, "use frenzy:AD")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 4 and s.rage[0] == 1
    assert of_kind(ev, "damage")[0]["source"] == 0 and player(s, 0)["marks"] == ["unlimited"]
    go(s, "use atk:AS", "target 1")
    assert "use atk:2S" in legal(s)
    go(s, "use atk:2S", "target 3")
    assert s.hp == [4, 3, 3, 3]


def test_frenzy_cannot_be_strengthened_and_aims_at_nobody_else() -> None:
    s = start(TABLE, hands=[["frenzy:AD"], [], [], []], rage=[1, 0, 0, 0])
    ev = act(s, "use frenzy:AD")  # no target to choose, no strengthening asked
    assert of_kind(ev, "used")[0]["targets"] == [] and of_kind(ev, "used")[0]["strong"] == 0
    assert s.rage[0] == 2 and s.hp[0] == 4  # the rage was not spent; the self-damage gave one


# ------------------------------------------------------------------------------------------------ 误导
def test_mislead_takes_a_rage_from_a_who_draws_a_card_and_gives_a_rage_to_b() -> None:
    s = start(TABLE, hands=[["mislead:8S"], [], [], []], rage=[0, 2, 0, 3], deck=["salve:AH"])
    act(s, "use mislead:8S")
    assert legal(s) == {"target 1", "target 3"}  # A must hold rage
    act(s, "target 1")
    assert legal(s) == {"target 0", "target 2"}  # B must be below the limit (seat 3 is at 3), and not A
    ev = go(s, "target 2")
    assert s.rage == [0, 1, 1, 3] and hand(s, 1) == ["salve:AH"]
    assert [(e["seat"], e["change"]) for e in of_kind(ev, "rage")] == [(1, -1), (2, 1)]
    assert discard(s) == ["mislead:8S"]


def test_mislead_is_not_offered_when_nobody_holds_rage() -> None:
    s = start(TABLE, hands=[["mislead:8S"], [], [], []])
    assert "use mislead:8S" not in legal(s)


# ------------------------------------------------------------------------------------------------ 查克拉
def test_chakra_draws_one_then_keeps_each_right_guess_until_a_wrong_one() -> None:
    s = start(TABLE, hands=[["chakra:9C"], [], [], []], deck=["atk:AS", "salve:AH", "atk:2S", "dodge:6H", "atk:3S"])
    go(s, "use chakra:9C")
    assert hand(s, 0) == ["atk:AS"] and deciding(s) == (0, "chakra_ask")
    assert legal(s) == {"pass", "color red", "color black"}
    ev = act(s, "color red", "color black", "color black")
    assert [(e["card"], e["right"]) for e in of_kind(ev, "guessed")] == [
        ("salve:AH", True), ("atk:2S", True), ("dodge:6H", False)]
    assert hand(s, 0) == ["atk:2S", "atk:AS", "salve:AH"] and deciding(s) == (0, "play")
    assert discard(s) == ["dodge:6H", "chakra:9C"]  # the wrong guess is discarded


def test_chakra_guessing_may_stop_at_any_time() -> None:
    s = start(TABLE, hands=[["chakra:9C"], [], [], []], deck=["atk:AS", "salve:AH"])
    go(s, "use chakra:9C")
    left = s.view(None)["deck"]
    act(s, "pass")
    assert hand(s, 0) == ["atk:AS"] and s.view(None)["deck"] == left and deciding(s) == (0, "play")


# ------------------------------------------------------------------------------------------------ 野性之斧
def test_wild_axe_hits_every_hero_on_the_shorter_way_up_to_the_target() -> None:
    s = start(TABLE + ["centaur"], hands=[["wildaxe:10C"], [], ["dodge:6H"], [], []])
    act(s, "use wildaxe:10C")
    assert legal(s) == {"target 1", "target 2", "target 3", "target 4"}  # any other hero, range plays no part
    ev = go(s, "target 2")  # 0 → 1 → 2 is shorter than 0 → 4 → 3 → 2
    assert damage_to(ev, 1) == [1] and deciding(s) == (2, "reply") and pending(s)["purpose"] == "axe_dodge"
    act(s, "use dodge:6H")
    assert s.hp == [5, 3, 3, 4, 5] and deciding(s) == (0, "play")


def test_wild_axe_lets_its_user_choose_the_way_when_both_are_equally_long() -> None:
    s = start(TABLE, hands=[["wildaxe:10C"], [], [], []])
    go(s, "use wildaxe:10C", "target 2")
    assert deciding(s) == (0, "dir_ask") and legal(s) == {"dir next", "dir prev"}
    ev = act(s, "dir prev")  # 0 → 3 → 2
    assert [e["seat"] for e in of_kind(ev, "damage")] == [3, 2] and s.hp == [5, 4, 2, 3]


def test_wild_axe_passes_over_a_cloaked_target_but_still_hits_the_others_on_the_way() -> None:
    # 流浪法师斗篷 makes the card have no effect on its wearer only (「该牌对你无效」)
    s = start(TABLE + ["centaur"], hands=[["wildaxe:10C"], [], [], [], []],
              armour=[None, None, "cloak:2C", None, None], deck=["salve:AH"])
    ev = go(s, "use wildaxe:10C", "target 2")
    assert of_kind(ev, "cloaked") == [{"kind": "cloaked", "seat": 2}]
    assert [e["seat"] for e in of_kind(ev, "damage")] == [1] and s.hp == [5, 3, 3, 4, 5]


# ------------------------------------------------------------------------------------------------ 缴械
def test_disarm_aims_only_at_heroes_with_equipment_and_discards_the_chosen_item() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], weapon=[None, "skadi:JS", None, None],
              armour=[None, "ring:JD", None, None])
    act(s, "use disarm:4C")
    assert legal(s) == {"target 1"}
    go(s, "target 1")
    assert deciding(s) == (0, "zone_ask") and legal(s) == {"zone weapon", "zone armour"}
    act(s, "zone armour")
    assert (player(s, 1)["weapon"], player(s, 1)["armour"]) == ("skadi:JS", None)
    assert sorted(discard(s)) == ["disarm:4C", "ring:JD"] and hand(s, 0) == []


def test_disarm_takes_the_only_equipped_card_without_asking_for_a_zone() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], weapon=[None, None, "claws:KS", None])
    ev = go(s, "use disarm:4C", "target 2")
    assert player(s, 2)["weapon"] is None and "claws:KS" in discard(s) and deciding(s) == (0, "play")
    assert of_kind(ev, "discarded")[0]["why"] == "disarm"


def test_disarm_is_not_offered_when_no_other_hero_has_equipment() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], weapon=["skadi:JS", None, None, None])
    assert "use disarm:4C" not in legal(s)


def test_strengthened_disarm_takes_the_item_into_your_hand_for_one_rage() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], rage=[1, 0, 0, 0], weapon=[None, "skadi:JS", None, None])
    act(s, "use disarm:4C", "target 1")
    assert deciding(s) == (0, "build") and legal(s) == {"yes", "no"}
    go(s, "yes")
    assert s.rage[0] == 0 and hand(s, 0) == ["skadi:JS"] and player(s, 1)["weapon"] is None
    assert discard(s) == ["disarm:4C"]


def test_a_magic_card_is_not_strengthened_without_rage() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], weapon=[None, "skadi:JS", None, None])
    ev = act(s, "use disarm:4C", "target 1")  # nothing asked: with 0 rage the card is used plain
    assert of_kind(ev, "used")[0]["strong"] == 0
    go(s)
    assert "skadi:JS" in discard(s) and hand(s, 0) == []


# ------------------------------------------------------------------------------------------------ 月神之箭
def test_elunes_arrow_makes_the_target_discard_a_card_of_the_named_colour() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["dodge:6H", "atk:AS"], [], []])
    go(s, "use arrow:6S", "target 1")
    assert deciding(s) == (0, "name_ask") and legal(s) == {"color red", "color black"}
    act(s, "color red")
    assert deciding(s) == (1, "demand") and legal(s) == {"pass", "pick dodge:6H"}
    act(s, "pick dodge:6H")
    assert s.hp[1] == 4 and hand(s, 1) == ["atk:AS"] and sorted(discard(s)) == ["arrow:6S", "dodge:6H"]


def test_elunes_arrow_deals_one_damage_when_the_target_discards_nothing() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["dodge:6H", "atk:AS"], [], []])
    go(s, "use arrow:6S", "target 1", "color black")
    ev = act(s, "pass")
    assert damage_to(ev, 1) == [1] and s.hp[1] == 3 and s.rage[1] == 1 and hand(s, 1) == ["atk:AS", "dodge:6H"]


def test_elunes_arrow_hits_a_target_without_hand_cards_at_once() -> None:
    s = start(TABLE, hands=[["arrow:6S"], [], [], []])
    ev = go(s, "use arrow:6S", "target 2", "color red")
    assert damage_to(ev, 2) == [1] and deciding(s) == (0, "play")


def test_strengthened_elunes_arrow_names_a_suit_instead_of_a_colour() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["dodge:6H", "dodge:2D"], [], []], rage=[1, 0, 0, 0])
    go(s, "use arrow:6S", "target 1", "yes")
    assert s.rage[0] == 0
    assert legal(s) == {"suit spade", "suit heart", "suit club", "suit diamond"}
    act(s, "suit heart")
    assert legal(s) == {"pass", "pick dodge:6H"}  # a red ♦ card does not answer ♥
    act(s, "pick dodge:6H")
    assert s.hp[1] == 4 and hand(s, 1) == ["dodge:2D"]


# ------------------------------------------------------------------------------------------------ 能量转移
def test_energy_transport_reveals_a_card_per_living_hero_and_each_takes_one_from_you_on() -> None:
    s = start(TABLE, hands=[["transport:AH"], [], [], []], deck=["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S"])
    ev = go(s, "use transport:AH")
    assert of_kind(ev, "revealed")[0]["cards"] == ["atk:AS", "atk:2S", "atk:3S", "atk:4S"]
    assert deciding(s) == (0, "transport_ask")
    assert legal(s) == {"pick atk:AS", "pick atk:2S", "pick atk:3S", "pick atk:4S"}
    act(s, "pick atk:3S")
    assert deciding(s) == (1, "transport_ask")
    act(s, "pick atk:AS", "pick atk:4S")  # seat 3 gets the last card without a choice
    assert [hand(s, k) for k in range(4)] == [["atk:3S"], ["atk:AS"], ["atk:4S"], ["atk:2S"]]
    assert s.view(None)["revealed"] == [] and discard(s) == ["transport:AH"] and deciding(s) == (0, "play")


def test_energy_transport_counts_only_living_heroes() -> None:
    s = start(TABLE, hands=[["transport:AH"], [], [], []], hp=[5, 0, 3, 4], deck=["atk:AS", "atk:2S", "atk:3S"])
    ev = go(s, "use transport:AH")
    assert len(of_kind(ev, "revealed")[0]["cards"]) == 3
    act(s, "pick atk:AS", "pick atk:2S")
    assert [hand(s, k) for k in range(4)] == [["atk:AS"], [], ["atk:2S"], ["atk:3S"]]


def test_strengthened_energy_transport_draws_you_one_more_card_afterwards() -> None:
    s = start(TABLE, hands=[["transport:AH"], [], [], []], rage=[1, 0, 0, 0],
              deck=["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S"])
    go(s, "use transport:AH", "yes", "pick atk:AS", "pick atk:2S")
    ev = act(s, "pick atk:3S")
    assert kinds(ev)[-1] == "drew" and s.rage[0] == 0
    assert [hand(s, k) for k in range(4)] == [["atk:5S", "atk:AS"], ["atk:2S"], ["atk:3S"], ["atk:4S"]]


# ------------------------------------------------------------------------------------------------ 贪婪
def test_greed_sets_two_hand_cards_aside_gives_one_of_yours_at_random_then_you_take_them() -> None:
    s = start(TABLE, hands=[["greed:10H", "salve:AH"], ["atk:AS", "atk:2S"], [], []],
              weapon=[None, "skadi:JS", None, None])
    go(s, "use greed:10H", "target 1")
    assert deciding(s) == (0, "zone_ask") and legal(s) == {"zone hand", "zone weapon"}
    ev = act(s, "zone hand")
    assert kinds(ev) == ["set_aside", "given", "took"]
    assert hand(s, 0) == ["atk:2S", "atk:AS"] and hand(s, 1) == ["salve:AH"]
    assert player(s, 1)["weapon"] == "skadi:JS" and discard(s) == ["greed:10H"]


def test_greed_can_take_one_equipped_card_instead() -> None:
    s = start(TABLE, hands=[["greed:10H"], ["atk:AS"], [], []], armour=[None, "boots:KH", None, None])
    go(s, "use greed:10H", "target 1", "zone armour")
    assert hand(s, 0) == ["boots:KH"] and player(s, 1)["armour"] is None and hand(s, 1) == ["atk:AS"]


def test_greed_aims_only_at_heroes_with_a_card() -> None:
    s = start(TABLE, hands=[["greed:10H"], [], ["atk:AS"], []], weapon=[None, None, None, "skadi:JS"])
    act(s, "use greed:10H")
    assert legal(s) == {"target 2", "target 3"}


def test_strengthened_greed_lets_you_choose_the_card_they_get() -> None:
    s = start(TABLE, hands=[["greed:10H", "salve:AH", "dodge:6H"], [], [], []], rage=[1, 0, 0, 0],
              weapon=[None, "skadi:JS", None, None])
    go(s, "use greed:10H", "target 1", "yes")
    assert deciding(s) == (0, "give_ask") and legal(s) == {"pick salve:AH", "pick dodge:6H"}
    act(s, "pick dodge:6H")
    assert hand(s, 0) == ["salve:AH", "skadi:JS"] and hand(s, 1) == ["dodge:6H"] and s.rage[0] == 0


# ------------------------------------------------------------------------------------------------ 海妖之歌
def test_siren_song_goes_into_the_targets_status_zone() -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []])
    act(s, "use siren:5C")
    assert legal(s) == {"target 1", "target 2", "target 3"}  # another hero; yourself only when strengthened
    ev = go(s, "target 2")
    assert of_kind(ev, "status_card") == [{"kind": "status_card", "seat": 2, "card": "siren:5C"}]
    assert player(s, 2)["status"] == ["siren:5C"] and discard(s) == [] and s.view(None)["table"] == []


def test_siren_song_at_the_status_check_skips_draw_play_and_discard_then_is_discarded() -> None:
    six = ["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:6S"]
    s = start(TABLE, hands=[["siren:5C"], six, [], []], deck=["salve:AH", "salve:2H"])
    go(s, "use siren:5C", "target 1")
    ev = act(s, "pass")
    assert kinds(ev)[:3] == ["turn", "siren", "turn"]  # seat 1's turn: the siren acts, then seat 2's turn
    assert [e["seat"] for e in of_kind(ev, "turn")] == [1, 2]
    assert hand(s, 1) == sorted(six)  # no draw, no play and no discard down to the limit of 4
    assert player(s, 1)["status"] == [] and discard(s) == ["siren:5C"]
    assert deciding(s) == (2, "play") and hand(s, 2) == ["salve:2H", "salve:AH"]


def test_a_hero_under_siren_song_is_out_of_others_reach_until_their_next_turn_begins() -> None:
    s = start(TABLE, hands=[["siren:5C", "atk:AS"], [], ["wildaxe:10C", "atk:2S"], []], start="turn",
              status=[[], ["siren:5C#2"], [], []], deck=["salve:AH", "salve:2H"])
    go(s, "use siren:5C", "target 3")  # seat 0's turn: seat 3 now has one too
    go(s, "use atk:AS")
    assert legal(s) == {"target 1", "target 3"}  # placing a siren protects nobody yet
    act(s, "target 1")
    assert s.hp[1] == 3
    pass_until(s, 2, "play")  # seat 1's status check: skipped turn, shielded
    assert player(s, 1)["shielded"]
    act(s, "use atk:2S")
    assert legal(s) == {"target 3"}
    act(s, "target 3", "use wildaxe:10C")
    assert legal(s) == {"target 0", "target 3"}
    go(s, "target 0", "dir prev")  # 2 → 1 → 0: the shielded seat 1 on the way is passed over
    assert deciding(s) == (0, "reply") and pending(s)["purpose"] == "axe_dodge"
    act(s, "pass")
    assert s.hp[1] == 3 and s.hp[0] == 4
    pass_until(s, 0, "play")
    assert player(s, 1)["shielded"]  # a whole round: still out of reach in seat 0's next turn
    act(s, "pass")
    assert not player(s, 1)["shielded"] and deciding(s) == (1, "play")


def test_siren_song_on_yourself_needs_the_strengthening() -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []], rage=[1, 0, 0, 0])
    act(s, "use siren:5C")
    assert legal(s) == {"target 0", "target 1", "target 2", "target 3"}
    act(s, "target 0")
    assert legal(s) == {"yes"}  # on yourself the card must be strengthened
    go(s, "yes")
    assert s.rage[0] == 0 and player(s, 0)["status"] == ["siren:5C"]


@pytest.mark.parametrize(("rage", "targets"), [(0, {1, 2, 3}), (1, {0, 1, 2, 3})])
def test_siren_song_is_offered_on_yourself_only_with_a_rage_to_strengthen_it(rage: int, targets: set[int]) -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []], rage=[rage, 0, 0, 0])
    act(s, "use siren:5C")
    assert legal(s) == {f"target {t}" for t in targets}
