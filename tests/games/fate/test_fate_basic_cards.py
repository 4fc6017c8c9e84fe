"""Scenario tests for fate's five basic cards (基本牌) against their rules text (``cardtext.CARD_TEXT``), and for the
rules every card leans on: attack range, the one 【攻击】 per play phase (四、出牌阶段 规则1), rage from damage and
its limit of 3 (规则2), the dying rescue with 治疗药膏, and the discard pile shuffled into a new deck when the deck
runs out (三、摸牌阶段).

Positions come from the setup format. The heroes are nearly vanilla (半人马酋长, 巨魔战将, 地穴编织者, 龙骑士: only
active skills, which nobody uses here); four seats sit 0 and 2 against 1 and 3, so one death never ends the game.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, everything_but, hand, kinds, legal, of_kind, pending, start

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""
ATTACKS = ("atk:AS", "fire:AH", "chaos:AS")


def discard(s: Any) -> list[str]:
    """The discard pile, bottom first."""
    return s.view(None)["discard"]


def uses(s: Any) -> set[str]:
    """The ``use <card>`` options of the decision now."""
    return {a for a in legal(s) if a.startswith("use ")}


# ------------------------------------------------------------------------------------------------ 普通攻击
def test_an_undodged_attack_deals_one_damage_and_the_target_gains_one_rage() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "reply") and pending(s)["purpose"] == "attack_dodge"
    assert legal(s) == {"pass", "use dodge:6H"}
    ev = act(s, "pass")
    assert s.hp == [5, 3, 3, 4] and s.rage == [0, 1, 0, 0]
    assert of_kind(ev, "damage") == [{"kind": "damage", "seat": 1, "source": 0, "amount": 1, "hp": 3,
                                      "parts": [["普通攻击", 1]]}]
    assert hand(s, 1) == ["dodge:6H"] and discard(s) == ["atk:AS"]


def test_a_dodge_cancels_the_attack_and_both_cards_go_to_the_discard_pile() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dodge:6H"], [], []])
    ev = act(s, "use atk:AS", "target 1", "use dodge:6H")
    assert s.hp == [5, 4, 3, 4] and s.rage == [0, 0, 0, 0]
    assert kinds(ev) == ["used", "played", "dodged"]
    assert hand(s, 1) == [] and sorted(discard(s)) == ["atk:AS", "dodge:6H"]


def test_an_attack_on_a_hero_without_hand_cards_hits_without_asking() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []])
    ev = act(s, "use atk:AS", "target 3")
    assert damage_to(ev, 3) == [1] and s.hp == [5, 4, 3, 3] and deciding(s) == (0, "play")


@pytest.mark.parametrize(("seats", "reach"), [(4, {1, 3}), (5, {1, 4}), (6, {1, 5})])
def test_an_attack_reaches_only_heroes_at_distance_one_without_a_weapon(seats: int, reach: set[int]) -> None:
    s = start((TABLE * 2)[:seats], hands=[["atk:AS"]] + [[] for _ in range(seats - 1)])
    act(s, "use atk:AS")
    assert legal(s) == {f"target {t}" for t in reach}  # never the user, never farther than attack range 1


def test_distance_skips_dead_heroes() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], hp=[5, 0, 3, 4])
    act(s, "use atk:AS")
    assert legal(s) == {"target 2", "target 3"}  # with seat 1 dead, seat 2 is next to seat 0


# ------------------------------------------------------------------------------------------------ one 【攻击】
@pytest.mark.parametrize("first", ATTACKS)
def test_a_second_attack_in_one_play_phase_is_not_offered(first: str) -> None:
    cards = ["atk:AS", "fire:AH", "chaos:AS", "atk:2S"]
    s = start(TABLE, hands=[cards, ["dodge:6H"], [], []])
    assert uses(s) == {f"use {c}" for c in cards}
    act(s, f"use {first}", "target 1", "use dodge:6H")  # dodged: it still was the phase's one 【攻击】
    assert deciding(s) == (0, "play") and pending(s)["attacks"] == 1
    assert uses(s) == set()  # 普通/火焰/混乱攻击 share the limit
    assert hand(s, 0) == sorted(c for c in cards if c != first)


def test_the_attack_limit_starts_again_in_the_next_play_phase() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["atk:2S"], [], []], deck=["salve:AH", "salve:2H"])
    act(s, "use atk:AS", "target 1", "pass")
    act(s, "pass")  # seat 0's turn ends; seat 1 draws the two salves
    assert deciding(s) == (1, "play") and pending(s)["attacks"] == 0
    assert "use atk:2S" in legal(s)


# ------------------------------------------------------------------------------------------------ 火焰攻击
def test_flame_attack_gives_its_target_one_more_rage_after_the_rage_of_the_damage() -> None:
    s = start(TABLE, hands=[["fire:AH"], [], [], []])
    ev = act(s, "use fire:AH", "target 1")
    assert s.hp == [5, 3, 3, 4] and s.rage == [0, 2, 0, 0]
    assert kinds(ev) == ["used", "damage", "rage", "rage"]
    assert [e["change"] for e in of_kind(ev, "rage")] == [1, 1]  # the damage's 1, then the card's 1
    assert of_kind(ev, "damage")[0]["parts"] == [["火焰攻击", 1]]


def test_a_dodged_flame_attack_gives_no_rage() -> None:
    s = start(TABLE, hands=[["fire:AH"], ["dodge:6H"], [], []])
    ev = act(s, "use fire:AH", "target 1", "use dodge:6H")
    assert s.hp == [5, 4, 3, 4] and s.rage == [0, 0, 0, 0] and of_kind(ev, "rage") == []


# ------------------------------------------------------------------------------------------------ 混乱攻击
def test_chaos_attack_gives_the_attacker_one_rage_when_it_deals_damage() -> None:
    s = start(TABLE, hands=[["chaos:AS"], [], [], []])
    ev = act(s, "use chaos:AS", "target 1")
    assert s.hp == [5, 3, 3, 4] and s.rage == [1, 1, 0, 0]
    assert [(e["seat"], e["change"]) for e in of_kind(ev, "rage")] == [(1, 1), (0, 1)]


def test_a_dodged_chaos_attack_gives_the_attacker_nothing() -> None:
    s = start(TABLE, hands=[["chaos:AS"], ["dodge:6H"], [], []])
    act(s, "use chaos:AS", "target 1", "use dodge:6H")
    assert s.hp == [5, 4, 3, 4] and s.rage == [0, 0, 0, 0]


# ------------------------------------------------------------------------------------------------ rage limit
def test_rage_from_damage_and_from_flame_attack_stops_at_three() -> None:
    s = start(TABLE, hands=[["fire:AH"], [], [], []], rage=[0, 2, 0, 0])
    ev = act(s, "use fire:AH", "target 1")
    assert s.hp[1] == 3 and s.rage[1] == 3
    # the card's extra rage finds the limit reached: its event says so, and changes nothing
    assert [(e["change"], e["from"], e["amount"]) for e in of_kind(ev, "rage")] == [(1, 2, 1), (0, 3, 1)]


def test_a_hero_at_the_rage_limit_gains_no_rage_from_damage() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], rage=[0, 3, 0, 0])
    ev = act(s, "use atk:AS", "target 1")
    assert s.hp[1] == 3 and s.rage[1] == 3
    assert [(e["change"], e["why"]) for e in of_kind(ev, "rage")] == [(0, "damage")]


def test_chaos_attack_gives_no_rage_to_an_attacker_at_the_limit() -> None:
    s = start(TABLE, hands=[["chaos:AS"], [], [], []], rage=[3, 0, 0, 0])
    ev = act(s, "use chaos:AS", "target 1")
    assert s.rage == [3, 1, 0, 0]
    assert [(e["seat"], e["change"]) for e in of_kind(ev, "rage")] == [(1, 1), (0, 0)]


def test_damage_of_two_gives_two_rage_up_to_the_limit() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], rage=[0, 2, 0, 0], weapon=["relic:KC", None, None, None])
    ev = act(s, "use atk:AS", "target 1", "yes")  # 圣者遗物: the black 【攻击】 deals 2
    assert damage_to(ev, 1) == [2] and s.hp[1] == 2 and s.rage[1] == 3


# ------------------------------------------------------------------------------------------------ 闪避 / 驱散
def test_dodge_and_dispel_cannot_be_used_in_the_play_phase() -> None:
    s = start(TABLE, hands=[["dodge:6H", "dispel:5H"], [], [], []])
    assert uses(s) == set()


# ------------------------------------------------------------------------------------------------ 治疗药膏
def test_healing_salve_heals_its_wounded_user_one_hp() -> None:
    s = start(TABLE, hands=[["salve:AH", "salve:2H"], [], [], []], hp=[4, 4, 3, 4])
    assert uses(s) == {"use salve:AH", "use salve:2H"}
    ev = act(s, "use salve:AH")
    assert s.hp[0] == 5 and of_kind(ev, "healed") == [{"kind": "healed", "seat": 0, "amount": 1, "hp": 5,
                                                       "by": 0}]
    assert discard(s) == ["salve:AH"]
    assert uses(s) == set()  # at the HP limit the second one is not offered: HP never rises above it


def test_healing_salve_is_not_offered_at_full_hp() -> None:
    s = start(TABLE, hands=[["salve:AH"], [], [], []])
    assert uses(s) == set() and legal(s) >= {"pass"}


def test_a_dying_hero_is_saved_by_salves_from_a_round_that_starts_with_them() -> None:
    # seat 1 at 1 HP takes 2 (圣者遗物) → HP −1: two salves are needed; seat 1 is asked first, then seat 2
    s = start(TABLE, hands=[["atk:AS"], ["salve:AH"], ["salve:2H", "salve:3H"], []], hp=[5, 1, 3, 4],
              weapon=["relic:KC", None, None, None])
    act(s, "use atk:AS", "target 1", "pass", "yes")
    assert s.hp[1] == -1 and deciding(s) == (1, "rescue_ask")
    assert pending(s)["dying"] == 1 and legal(s) == {"pass", "use salve:AH"}
    act(s, "use salve:AH")
    assert s.hp[1] == 0 and deciding(s) == (2, "rescue_ask")  # seat 1 has no card left: the round goes on
    assert legal(s) == {"pass", "use salve:2H", "use salve:3H"}
    ev = act(s, "use salve:2H")
    assert s.hp[1] == 1 and s.alive[1] and of_kind(ev, "saved") == [{"kind": "saved", "seat": 1, "hp": 1}]
    assert deciding(s) == (0, "play") and hand(s, 2) == ["salve:3H"]  # no more salves once HP is back at 1
    assert {"salve:AH", "salve:2H"} <= set(discard(s))


def test_a_dying_hero_nobody_saves_dies_and_the_killer_takes_the_reward() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], ["salve:2H"], []], hp=[5, 1, 3, 4], deck=["atk:2S", "atk:3S"])
    act(s, "use atk:AS", "target 1")
    assert deciding(s) == (2, "rescue_ask")
    ev = act(s, "pass")
    assert not s.alive[1] and of_kind(ev, "died")[0]["killer"] == 0
    assert deciding(s) == (0, "reward_ask")
    act(s, "draw")
    assert hand(s, 0) == ["atk:2S", "atk:3S"]


# ------------------------------------------------------------------------------------------------ the deck
def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck() -> None:
    s = start(TABLE, deck=["salve:AH"], discard=everything_but("salve:AH"))
    assert s.view(None)["deck"] == 1 and len(discard(s)) == 111
    ev = act(s, "pass")  # seat 1 draws two: the deck's last card, then one of the reshuffled pile
    assert kinds(ev) == ["turn", "reshuffled", "drew"]
    assert of_kind(ev, "reshuffled") == [{"kind": "reshuffled", "cards": 111}]
    assert of_kind(ev, "drew")[0]["count"] == 2
    assert "salve:AH" in hand(s, 1) and len(hand(s, 1)) == 2
    assert discard(s) == [] and s.view(None)["deck"] == 110


def test_a_draw_stops_short_when_the_deck_and_the_discard_pile_are_both_empty() -> None:
    s = start(TABLE, hands=[[], [], [], everything_but("salve:AH")], deck=["salve:AH"])
    ev = act(s, "pass")
    assert "reshuffled" not in kinds(ev) and of_kind(ev, "drew")[0]["count"] == 1
    assert hand(s, 1) == ["salve:AH"] and s.view(None)["deck"] == 0
