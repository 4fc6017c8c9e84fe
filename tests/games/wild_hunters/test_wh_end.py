"""The end (seed 003 · 遊戲目的): the demon king at 0 life wins for everyone; 3 curses, or any hero with 4 or fewer
cards in hand and deck, loses for everyone."""

from __future__ import annotations

import pytest
from wh_support import duo, legal, of_kind, play, setup, start

import tablecraft

KING_NEXT = {"at": (0, -1), "elements": {(0, 0): "W", (0, -1): "T"}, "up": [(0, 0)], "main": "knight"}


def test_the_demon_king_at_zero_life_is_sealed_and_every_seat_wins() -> None:
    spec = setup(hand=["W", "F", "R", "T", "G"], **KING_NEXT)  # type: ignore[arg-type]
    spec["king"]["hp"] = 1
    s = start(spec)
    events = play(s, "attack")
    assert s.is_terminal() and s.end_reason == "sealed"
    assert s.winners() == [0] and s.returns() == [1.0]
    assert of_kind(events, "game_over") == [{"won": True, "reason": "sealed"}]


def test_in_a_team_win_every_seat_scores_plus_one() -> None:
    destiny = ["water-1", "fire-1", "water-2", "fire-2", "water-stun", "fire-stun"]
    spec = duo({"at": [0, -1], "main": "knight"}, {}, destiny, up=[(0, 0)])
    spec["king"]["hp"] = 1
    s = start(spec, seats=2)
    play(s, "attack")
    if s.phase.name == "PAY":
        play(s, legal(s)[0])
    assert s.winners() == [0, 1] and s.returns() == [1.0, 1.0]


def test_three_curses_lose_the_game_for_everyone() -> None:
    spec = setup(destiny=["water-stun", "water-1", "water-2"], at=(0, -1), hp=1)
    spec["curses"] = 2
    s = start(spec)
    assert s.is_terminal() and s.end_reason == "cursed" and s.curses == 3
    assert s.winners() == [] and s.returns() == [-1.0]


def test_a_hero_left_with_four_cards_in_hand_and_deck_loses_the_game_for_everyone() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=[]))
    assert s.total_cards(0) == 5 and not s.is_terminal()
    play(s, "rest", "pay G")
    assert s.is_terminal() and s.end_reason == "exhausted" and s.returns() == [-1.0]


def test_five_cards_in_hand_and_deck_are_not_yet_exhaustion() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=["W"]))
    play(s, "rest", "pay G")
    assert not s.is_terminal() and s.total_cards(0) == 5


def test_a_final_blow_paid_with_the_last_cards_loses_before_it_lands() -> None:
    # exhaustion=moment (W-6): the card paid leaves 4 in hand and deck, and the loss comes before the damage
    spec = setup(hand=["W", "F", "R", "T", "G"], deck=[], **KING_NEXT)  # type: ignore[arg-type]
    spec["king"]["hp"] = 1
    s = start(spec)
    events = play(s, "attack")
    assert s.total_cards(0) == 4 and s.end_reason == "exhausted" and s.returns() == [-1.0]
    assert s.king_hp == 1 and of_kind(events, "attack") == []


def test_a_setup_that_is_already_exhausted_is_refused() -> None:
    with pytest.raises(tablecraft.SetupError, match="already lost"):
        start(setup(hand=["W", "F"], deck=["R", "T"]))


def test_a_finished_game_takes_no_more_actions() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=[]))
    play(s, "rest", "pay G")
    assert s.legal_actions() == []
    with pytest.raises(tablecraft.TablecraftError, match="over"):
        s.apply("end")


def test_every_hero_plays_on_one_side_against_the_demon_king() -> None:
    game = tablecraft.load("wild-hunters", num_seats=4)
    assert game.sides(game.new_initial_state(seed=3)) == [0, 0, 0, 0]
