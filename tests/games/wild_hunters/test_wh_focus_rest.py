"""Focus (seed 003 · 集中), rest (休整) and the second profession."""

from __future__ import annotations

import pytest
from wh_support import kinds, legal, of_kind, play, setup, start

import tablecraft

WATER_TILE = {(0, -2): "W"}


def test_focus_needs_a_tile_of_the_main_professions_element() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], at=(0, -2), elements={(0, -2): "F"}))
    assert not any(a.startswith("focus") for a in legal(s))
    with pytest.raises(tablecraft.IllegalActionError, match="main profession's element"):
        s.apply("focus W")


def test_focus_places_a_card_of_that_element_as_sword_energy_and_draws_one() -> None:
    s = start(setup(hand=["W", "WF", "R", "T", "G"], deck=["G", "F"], at=(0, -2), elements=WATER_TILE))
    assert [a for a in legal(s) if a.startswith("focus")] == ["focus W", "focus WF"]
    events = play(s, "focus WF")
    assert kinds(s.energy[0]) == ["WF"]
    assert of_kind(events, "focus") == [{"seat": 0, "card": "WF", "energy": 1}]
    assert len(s.hands[0]) == 5 and len(s.decks[0]) == 1  # drew the top card
    assert s.view(0)["heroes"][0]["hand"].count("G") == 2  # the deck's top card was G


def test_the_camp_is_a_tile_of_the_heros_own_element() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"]))  # water stands on its camp
    assert "focus W" in legal(s)


def test_a_hero_holds_at_most_three_sword_energy() -> None:
    s = start(setup(hand=["W", "WF", "R", "T", "G"], energy=["W", "W", "WR"], board_card=False, second="knight",
                    at=(0, -2), elements=WATER_TILE))
    assert not any(a.startswith("focus") for a in legal(s))


def test_the_first_three_sword_energy_brings_a_second_profession_from_the_box_but_not_the_main_one() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], energy=["W", "WR"], at=(0, -2), elements=WATER_TILE))
    play(s, "focus W")
    assert legal(s) == ["profession mercenary", "profession artisan", "profession knight", "profession scout"]
    before = list(s.prof_box)
    play(s, "profession scout")
    assert s.second == [4] and s.prof_box[4] == before[4] - 1


def test_reaching_three_sword_energy_again_brings_nothing_more() -> None:
    s = start(setup(hand=["W", "W", "R", "T", "G"], energy=["W", "WR"], board_card=False, second="knight",
                    at=(0, -2), elements=WATER_TILE))
    events = play(s, "focus W")
    assert of_kind(events, "milestone") == [] and s.phase.name == "ACTION" and s.second == [3]


def test_rest_discards_one_card_and_recovers_one_life() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], hp=1))
    play(s, "rest")
    assert s.phase.name == "PAY" and sorted(legal(s)) == ["cancel", "pay F", "pay G", "pay R", "pay T", "pay W"]
    events = play(s, "pay G")
    assert of_kind(events, "rest") == [{"seat": 0, "card": "G", "healed": 1, "hp": 2}]
    assert kinds(s.discards[0]) == ["G"] and s.phase.name == "ACTION"


def test_rest_never_heals_above_full_life() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"]))
    events = play(s, "rest", "pay G")
    assert of_kind(events, "rest")[0]["healed"] == 0 and s.hp == [3]


def test_after_resting_a_hero_with_a_second_profession_may_swap_or_keep() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], second="knight", board_card=False))
    play(s, "rest", "pay G")
    assert legal(s) == ["swap", "keep"]
    play(s, "keep")
    assert s.main == [0] and s.second == [3]


def test_swapping_professions_drops_the_sword_energy_that_no_longer_matches_the_main_one() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], energy=["W", "WT", "W"], second="knight",
                    board_card=False))
    events = play(s, "rest", "pay G", "swap")
    assert s.main == [3] and s.second == [0]
    assert kinds(s.energy[0]) == ["WT"]  # the spirit card is thunder too, so it stays
    assert sorted(of_kind(events, "swapped")[0]["lost"]) == ["W", "W"]
    assert sorted(kinds(s.discards[0])) == ["G", "W", "W"]


def test_after_a_swap_the_new_main_profession_decides_where_to_focus() -> None:
    s = start(setup(hand=["W", "T", "R", "T", "G"], second="knight", board_card=False, at=(0, -2),
                    elements={(0, -2): "T"}))
    assert not any(a.startswith("focus") for a in legal(s))
    play(s, "rest", "pay G", "swap")
    assert "focus T" in legal(s)
