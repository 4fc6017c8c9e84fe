"""Variant options for the readings careful players dispute (issue 15): when 海妖之歌's protection starts
(``siren_shield``), whether 1v1 is lost with the first hero or the last (``duel_defeat``), and fate_reborn's cards
and HP/hand limits as a playable text set (``texts=reborn``) — each default and its alternative, on positions built
from the documented setup format (docs/rules/fate.md §3, §5.2, §9.2, §10.2)."""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, hand, kinds, legal, of_kind, pass_until, start
from fate_support import act_undispelled as go

import tablecraft
from tablecraft.core.testing import conformance

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""


def player(s: Any, seat: int) -> dict[str, Any]:
    """The public view of one seat."""
    return s.view(None)["players"][seat]


# ------------------------------------------------------------------------------ 海妖之歌 「1个游戏回合」: siren_shield
def _siren_then_attack(**options: Any) -> Any:
    s = start(TABLE, hands=[["siren:5C", "atk:AS"], [], [], []], options=options)
    go(s, "use siren:5C", "target 1", "use atk:AS")
    return s


def test_by_default_a_siren_song_just_placed_protects_nobody_yet() -> None:
    s = _siren_then_attack()
    assert legal(s) == {"target 1", "target 3"} and not player(s, 1)["shielded"]


def test_with_siren_shield_placed_the_target_is_out_of_reach_at_once() -> None:
    s = _siren_then_attack(siren_shield="placed")
    assert legal(s) == {"target 3"} and player(s, 1)["shielded"]


def test_with_siren_shield_placed_the_protection_ends_as_its_users_next_turn_begins() -> None:
    s = _siren_then_attack(siren_shield="placed")
    act(s, "target 3")
    pass_until(s, 3, "play")  # seat 1's turn was skipped by the siren; seat 2 and seat 3 play
    assert player(s, 1)["shielded"]
    pass_until(s, 0, "play")
    assert not player(s, 1)["shielded"]


def test_by_default_the_protection_lasts_into_the_users_next_turn() -> None:
    s = _siren_then_attack()
    act(s, "target 3")
    pass_until(s, 3, "play")
    pass_until(s, 0, "play")
    assert player(s, 1)["shielded"]  # from seat 1's status check to seat 1's next turn


# ------------------------------------------------------------------------- 二人规则8 「对方角色死亡」: duel_defeat
def _duel(**options: Any) -> Any:
    return start(["axe", "lich"], bench=[["troll_warlord", "ursa"], ["elf_lily", "chen"]], hp=[4, 1],
                 bench_hp={"chen": 2}, hands=[["atk:AS"], []], options=options)


def test_by_default_1v1_is_lost_with_the_first_hero() -> None:
    s = _duel()
    act(s, "use atk:AS", "target 1")
    assert s.is_terminal() and s.winners() == [0]


def test_with_duel_defeat_all_a_fallen_hero_is_replaced_from_the_bench_after_the_turn() -> None:
    s = _duel(duel_defeat="all")
    ev = act(s, "use atk:AS", "target 1")
    assert not s.is_terminal() and of_kind(ev, "fallen") == [
        {"kind": "fallen", "seat": 1, "hero": "lich", "resting": 2}]
    assert deciding(s) == (0, "reward_ask")  # the killer's reward, as ★角色死亡3 says
    act(s, "draw", "pass")
    while deciding(s)[1] != "rotate_ask" or deciding(s)[0] != 1:
        act(s, sorted(legal(s))[0])
    assert legal(s) == {"hero elf_lily", "hero chen"}
    ev = act(s, "hero chen")
    assert of_kind(ev, "replaced") == [{"kind": "replaced", "seat": 1, "hero": "chen", "hp": 2, "rage": 0}]
    assert player(s, 1)["alive"] and player(s, 1)["hero"] == "chen" and s.view(None)["turn_seat"] == 1
    assert s.view(None)["draft"]["left"][1] == ["elf_lily"]


def test_with_duel_defeat_all_the_last_heros_death_loses() -> None:
    s = start(["axe", "lich"], bench=[["ursa"], []], hp=[4, 1], hands=[["atk:AS"], []],
              options={"duel_defeat": "all"})
    act(s, "use atk:AS", "target 1")
    assert s.is_terminal() and s.winners() == [0]


@pytest.mark.parametrize("check", sorted(conformance.ALL_CHECKS))
def test_1v1_with_duel_defeat_all_passes_the_conformance_checks(check: str) -> None:
    # the shared conformance test flips each option at the most seats (an identity game, where duel_defeat does
    # nothing); replacing fallen heroes is 1v1's alone
    conformance.ALL_CHECKS[check](tablecraft.load("fate", num_seats=2, duel_defeat="all"), range(3))


# ---------------------------------------------------------------------------- texts=reborn: HP and hand limits
@pytest.mark.parametrize(("texts", "limits"), [("default", (3, 5)), ("thefate", (3, 5)), ("reborn", (4, 4))])
def test_the_eight_disputed_heroes_have_fate_reborns_four_and_four_only_with_texts_reborn(
        texts: str, limits: tuple[int, int]) -> None:
    s = start(["anti_mage", "axe", "crystal_maiden", "lich"], options={"texts": texts})
    for seat in (0, 2):
        assert (player(s, seat)["max_hp"], player(s, seat)["hand_limit"]) == limits
    assert (player(s, 3)["max_hp"], player(s, 3)["hand_limit"]) == (3, 5)  # not one of the eight


def test_the_standard_preparation_deals_reborn_limits_too() -> None:
    g = tablecraft.load("fate", num_seats=4, texts="reborn", heroes="anti_mage,keeper,slayer,necrolyte")
    s = g.new_initial_state(seed=3)
    while deciding(s)[1] == "pick_hero":
        s.apply(sorted(legal(s))[0])
    assert [(p["max_hp"], p["hand_limit"], p["hp"]) for p in s.view(None)["players"]] == [(4, 4, 4)] * 4


# ------------------------------------------------------------------------------ texts=reborn: the five cards
@pytest.mark.parametrize(("texts", "top", "cloaked"), [("default", "dodge:2D", True), ("reborn", "dodge:2D", False),
                                                       ("reborn", "dodge:6H", True)])
def test_fate_reborns_cloak_is_spared_by_a_heart_only(texts: str, top: str, cloaked: bool) -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:AS"], [], []], armour=[None, "cloak:2C", None, None], deck=[top],
              options={"texts": texts})
    ev = act(s, "use arrow:6S", "target 1")
    assert bool(of_kind(ev, "cloaked")) is cloaked


def test_fate_reborns_viper_raid_deals_one_damage_and_skips_the_targets_next_draw_phase() -> None:
    s = start(TABLE, hands=[["viper:JH"], ["atk:2S", "atk:3S", "atk:4S"], [], []], rage=[2, 0, 0, 0],
              deck=["salve:AH", "salve:2H"], options={"texts": "reborn"})
    ev = act(s, "use viper:JH", "target 1")
    assert damage_to(ev, 1) == [1] and hand(s, 1) == ["atk:2S", "atk:3S", "atk:4S"]
    assert player(s, 1)["skip_next"]
    act(s, "pass")
    assert deciding(s) == (1, "play") and hand(s, 1) == ["atk:2S", "atk:3S", "atk:4S"]  # no draw, but a play phase
    assert player(s, 1)["marks"] == ["skip_draw"]


def test_by_default_viper_raid_makes_the_target_discard_three() -> None:
    s = start(TABLE, hands=[["viper:JH"], ["atk:2S", "atk:3S", "atk:4S"], [], []], rage=[2, 0, 0, 0])
    ev = act(s, "use viper:JH", "target 1")
    assert damage_to(ev, 1) == [] and hand(s, 1) == [] and not player(s, 1)["skip_next"]


def test_fate_reborns_strengthened_energy_transport_gives_one_hero_two_cards_and_another_none() -> None:
    s = start(TABLE, hands=[["transport:AH"], [], [], []], rage=[1, 0, 0, 0],
              deck=["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S"], options={"texts": "reborn"})
    go(s, "use transport:AH", "yes")
    assert deciding(s) == (0, "transport_ask") and legal(s) == {"pass", "target 0", "target 1", "target 2",
                                                                "target 3"}
    act(s, "target 1")
    assert legal(s) == {"target 0", "target 2", "target 3"}
    ev = act(s, "target 2", "pick atk:AS", "pick atk:2S", "pick atk:3S")
    assert of_kind(ev, "transport_split") == [{"kind": "transport_split", "seat": 0, "double": 1, "none": 2}]
    assert [hand(s, k) for k in range(4)] == [["atk:AS"], ["atk:2S", "atk:3S"], [], ["atk:4S"]]
    assert "drew" not in kinds(ev)  # fate_reborn's strengthening replaces TheFate's extra draw


def test_fate_reborns_strengthened_energy_transport_may_still_share_as_usual() -> None:
    s = start(TABLE, hands=[["transport:AH"], [], [], []], rage=[1, 0, 0, 0],
              deck=["atk:AS", "atk:2S", "atk:3S", "atk:4S", "atk:5S"], options={"texts": "reborn"})
    go(s, "use transport:AH", "yes", "pass", "pick atk:AS", "pick atk:2S", "pick atk:3S")
    assert [len(hand(s, k)) for k in range(4)] == [1, 1, 1, 1]


def test_fate_reborns_siren_song_on_another_hero_is_never_strengthened() -> None:
    s = start(TABLE, hands=[["siren:5C"], [], [], []], rage=[1, 0, 0, 0], options={"texts": "reborn"})
    ev = go(s, "use siren:5C", "target 2")  # no yes/no: strengthening would put it in your own zone only
    assert of_kind(ev, "used")[0]["strong"] == 0 and s.rage[0] == 1 and player(s, 2)["status"] == ["siren:5C"]


AXE = ["axe", "weaver", "centaur", "chen"]


@pytest.mark.parametrize(("texts", "skill_targets"), [("default", {"target 3"}), ("reborn", {"target 1", "target 2", "target 3"})])
def test_fate_reborns_siren_protection_keeps_off_cards_but_not_skills(texts: str, skill_targets: set[str]) -> None:
    s = start(AXE, hands=[["atk:AS", "dodge:6H"], [], [], []], shielded=[None, 1, 2, None],
              options={"texts": texts})
    go(s, "use atk:AS")
    assert legal(s) == {"target 3"}  # cards never aim at a protected hero
    s = start(AXE, hands=[["atk:AS", "dodge:6H"], [], [], []], shielded=[None, 1, 2, None],
              options={"texts": texts})
    go(s, "skill 0", "pick dodge:6H")  # 战争饥渴
    assert legal(s) == skill_targets
