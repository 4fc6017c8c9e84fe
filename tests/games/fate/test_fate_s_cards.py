"""Scenario tests for fate's five S cards (S技牌) against their rules text (``cardtext.CARD_TEXT``): each costs its
rage when used (2 or 3; not offered without it), and each effect with its numbers. That no S card opens a dispel
window is tested in ``test_fate_dispel.py``.

The heroes are nearly vanilla; four seats sit 0 and 2 against 1 and 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, hand, kinds, legal, of_kind, pending, start
from fate_support import act_undispelled as go

from tablecraft.games.fate.content import CARD_TYPES, TYPE_BY_CODE

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""
S_CARDS = [("might:QH", 2, False), ("viper:JH", 2, True), ("timelock:QD", 2, False), ("sunder:KH", 3, True),
           ("laguna:KD", 3, True)]
"""(card, rage cost, aims at another hero)."""


def discard(s: Any) -> list[str]:
    """The discard pile, bottom first."""
    return s.view(None)["discard"]


# ------------------------------------------------------------------------------------------------ rage costs
@pytest.mark.parametrize(("card", "cost", "aimed"), S_CARDS)
def test_an_s_card_is_not_offered_with_less_rage_than_it_costs(card: str, cost: int, aimed: bool) -> None:
    s = start(TABLE, hands=[[card], [], [], []], rage=[cost - 1, 0, 0, 0])
    assert f"use {card}" not in legal(s)


@pytest.mark.parametrize(("card", "cost", "aimed"), S_CARDS)
def test_an_s_card_costs_its_rage_when_used_and_is_never_strengthened(card: str, cost: int, aimed: bool) -> None:
    s = start(TABLE, hands=[[card], [], [], []], rage=[3, 0, 0, 0], hp=[4, 4, 3, 4])
    ev = act(s, f"use {card}", *(["target 1"] if aimed else []))
    assert s.rage[0] == 3 - cost
    assert of_kind(ev, "rage")[0] == {"kind": "rage", "seat": 0, "rage": 3 - cost, "change": -cost, "from": 3,
                                      "why": CARD_TYPES[TYPE_BY_CODE[card.split(":")[0]]].key, "spent": "cost"}
    assert of_kind(ev, "used")[0]["strong"] == 0  # no yes/no was asked
    assert card in discard(s)


# ------------------------------------------------------------------------------------------------ 神之力量
def test_gods_strength_draws_a_card_and_adds_one_to_this_turns_attacks() -> None:
    s = start(TABLE, hands=[["might:QH", "atk:AS"], [], [], []], rage=[2, 0, 0, 0], deck=["salve:AH"])
    ev = act(s, "use might:QH")
    assert kinds(ev) == ["rage", "used", "drew"] and hand(s, 0) == ["atk:AS", "salve:AH"]
    ev = act(s, "use atk:AS", "target 1")
    assert of_kind(ev, "damage")[0]["parts"] == [["普通攻击", 1], ["神之力量", 1]]
    assert s.hp[1] == 2 and s.rage[1] == 2


def test_two_gods_strength_in_one_turn_add_two() -> None:
    s = start(TABLE, hands=[["might:QH", "might:QH#2", "frenzy:AD", "atk:AS"], [], [], []], rage=[3, 0, 0, 0])
    act(s, "use might:QH")
    assert s.rage[0] == 1 and "use might:QH#2" not in legal(s)
    go(s, "use frenzy:AD")  # the self-damage brings the rage back to 2
    assert s.rage[0] == 2
    act(s, "use might:QH#2")
    ev = act(s, "use atk:AS", "target 1")
    assert of_kind(ev, "damage")[0]["parts"] == [["普通攻击", 1], ["神之力量", 2]] and s.hp[1] == 1


def test_gods_strength_lasts_only_for_the_turn_it_is_used_in() -> None:
    s = start(TABLE, hands=[["might:QH"], ["atk:2S"], [], []], rage=[2, 0, 0, 0],
              deck=["salve:AH", "salve:2H", "salve:3H"])
    act(s, "use might:QH", "pass")  # seat 0's turn ends
    assert deciding(s) == (1, "play")
    ev = act(s, "use atk:2S", "target 0", "pass")
    assert of_kind(ev, "damage")[0]["parts"] == [["普通攻击", 1]] and s.hp[0] == 4


# ------------------------------------------------------------------------------------------------ 蝮蛇突袭
def test_viper_raid_makes_the_target_discard_three_cards_of_their_choice() -> None:
    cards = ["atk:AS", "atk:2S", "atk:3S", "dodge:6H"]
    s = start(TABLE, hands=[["viper:JH"], cards, [], []], rage=[2, 0, 0, 0])
    act(s, "use viper:JH", "target 1")
    assert deciding(s) == (1, "viper_ask") and legal(s) == {f"pick {c}" for c in cards}
    ev = act(s, "pick atk:AS", "pick dodge:6H", "pick atk:3S")
    assert hand(s, 1) == ["atk:2S"] and damage_to(ev, 1) == [] and s.hp[1] == 4
    assert deciding(s) == (0, "play")


@pytest.mark.parametrize(("cards", "hurt"), [([], 1), (["atk:AS"], 1), (["atk:AS", "atk:2S"], 0),
                                             (["atk:AS", "atk:2S", "atk:3S"], 0)])
def test_viper_raid_discards_everything_from_a_short_hand_and_hurts_if_at_most_one_went(cards: list[str],
                                                                                         hurt: int) -> None:
    s = start(TABLE, hands=[["viper:JH"], cards, [], []], rage=[2, 0, 0, 0])
    ev = act(s, "use viper:JH", "target 1")
    assert hand(s, 1) == [] and deciding(s) == (0, "play")
    assert damage_to(ev, 1) == ([1] if hurt else []) and s.hp[1] == 4 - hurt
    assert set(cards) <= set(discard(s))


# ------------------------------------------------------------------------------------------------ 时间静止
def test_time_lock_skips_the_next_draw_play_and_discard_phases_of_every_other_hero() -> None:
    six = ["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S", "atk:6S"]
    s = start(TABLE, hands=[["timelock:QD"], six, [], []], rage=[2, 0, 0, 0], deck=["salve:AH", "salve:2H"])
    ev = act(s, "use timelock:QD")
    assert of_kind(ev, "time_lock") == [{"kind": "time_lock", "seat": 0}]
    assert [p["skip_next"] for p in s.view(None)["players"]] == [False, True, True, True]
    ev = act(s, "pass")
    assert [e["seat"] for e in of_kind(ev, "turn")] == [1, 2, 3, 0]
    assert [e["seat"] for e in of_kind(ev, "drew")] == [0]  # only the user draws: the others skipped
    assert hand(s, 1) == sorted(six)  # seat 1 skipped its discard phase too
    assert deciding(s) == (0, "play") and hand(s, 0) == ["salve:2H", "salve:AH"]
    assert [p["skip_next"] for p in s.view(None)["players"]] == [False] * 4


def test_time_lock_passes_over_a_hero_under_siren_song() -> None:
    s = start(TABLE, hands=[[], [], ["timelock:QD"], []], rage=[0, 0, 2, 0], status=[[], ["siren:5C"], [], []],
              turn_seat=1, start="turn")
    assert deciding(s) == (2, "play") and s.view(None)["players"][1]["shielded"]  # seat 1's turn was skipped
    act(s, "use timelock:QD")
    assert [p["skip_next"] for p in s.view(None)["players"]] == [True, False, False, True]


def test_time_lock_lasts_only_one_turn() -> None:
    s = start(TABLE, hands=[["timelock:QD"], [], [], []], rage=[2, 0, 0, 0])
    act(s, "use timelock:QD", "pass")
    ev = act(s, "pass")  # seat 0's second turn ends: now seat 1 plays normally
    assert of_kind(ev, "drew")[0]["seat"] == 1 and deciding(s) == (1, "play")


# ------------------------------------------------------------------------------------------------ 灵魂隔断
def test_sunder_swaps_hp_and_lifts_a_hero_left_at_one_to_two() -> None:
    s = start(TABLE, hands=[["sunder:KH"], [], [], []], rage=[3, 0, 0, 0], hp=[1, 4, 3, 4])
    ev = act(s, "use sunder:KH", "target 1")
    assert s.hp[:2] == [4, 2] and s.rage[0] == 0
    assert of_kind(ev, "sunder") == [{"kind": "sunder", "seat": 0, "target": 1, "hp": [4, 2]}]
    assert of_kind(ev, "damage") == [] and of_kind(ev, "healed") == []  # a swap, not damage or healing


def test_sunder_caps_each_hero_at_their_hp_limit() -> None:
    s = start(TABLE, hands=[["sunder:KH"], [], [], []], rage=[3, 0, 0, 0], hp=[5, 2, 3, 4])
    act(s, "use sunder:KH", "target 1")
    assert s.hp[:2] == [2, 4]  # seat 1's limit is 4: the fifth HP is lost


# ------------------------------------------------------------------------------------------------ 神灭斩
@pytest.mark.parametrize("dodges", [0, 1, 2, 3])
def test_laguna_blade_deals_three_less_the_dodges_played(dodges: int) -> None:
    cards = ["dodge:6H", "dodge:7H", "dodge:8H"]
    s = start(TABLE, hands=[["laguna:KD"], cards + ["atk:AS"], [], []], rage=[3, 0, 0, 0])
    act(s, "use laguna:KD", "target 1")
    for c in cards[:dodges]:
        assert deciding(s) == (1, "reply") and pending(s)["purpose"] == "laguna_dodge"
        act(s, f"use {c}")
    ev = act(s, "pass") if dodges < 3 else []
    assert s.hp[1] == 4 - (3 - dodges) and s.rage[1] == 3 - dodges
    if dodges < 3:
        assert damage_to(ev, 1) == [3 - dodges]
    assert deciding(s) == (0, "play")


def test_laguna_blade_hits_a_target_without_hand_cards_for_three() -> None:
    s = start(TABLE, hands=[["laguna:KD"], [], [], []], rage=[3, 0, 0, 0])
    ev = act(s, "use laguna:KD", "target 3")
    assert damage_to(ev, 3) == [3] and s.hp[3] == 1 and s.rage[3] == 3


def test_laguna_blade_can_kill() -> None:
    s = start(TABLE, hands=[["laguna:KD"], [], [], []], rage=[3, 0, 0, 0])
    ev = act(s, "use laguna:KD", "target 2")  # 地穴编织者 has 3 HP and nobody holds a salve
    assert not s.alive[2] and of_kind(ev, "died")[0]["killer"] == 0
    assert deciding(s) == (0, "reward_ask")
