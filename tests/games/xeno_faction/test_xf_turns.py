"""The turn: preparation (opening draw, hand check), draw, placement, attack (seed 001 · 准备阶段, 抽牌阶段; gaps
1-1 … 1-5), life options and the turn cap."""

from __future__ import annotations

import pytest
from xf_support import ALPHA, BETA, c, game, legal, of_kind, phase, play, start, table

from tablecraft.core.errors import OptionError


# ------------------------------------------------------------------------------------------ preparation
def test_both_players_draw_five_and_the_first_player_then_draws_two() -> None:
    s = start(None, seed=4)
    first = s.first
    assert len(s.hands[first]) == 5 + 2  # 第一回合双方各抽五张; the first turn has its two-card draw (gap 1-4)
    assert len(s.hands[1 - first]) == 5
    assert len(s.decks[first]) == 54 - 7 and len(s.decks[1 - first]) == 54 - 5


def test_each_player_owns_a_full_54_card_deck() -> None:
    s = start(None, seed=9)
    for p in (ALPHA, BETA):
        assert sorted(s.hands[p] + s.decks[p]) == list(range(54))


def test_the_first_player_is_drawn_at_random_by_seed() -> None:
    firsts = {start(None, seed=seed).first for seed in range(20)}
    assert firsts == {ALPHA, BETA}
    assert start(None, seed=5).first == start(None, seed=5).first


def test_life_starts_at_the_life_option() -> None:
    s = start(None, life=77)
    assert s.life == [77, 77]
    assert [p["life"] for p in s.view(None)["players"]] == [77, 77]


@pytest.mark.parametrize("life", [29, 101])
def test_life_outside_30_to_100_is_refused(life: int) -> None:
    with pytest.raises(OptionError, match="outside 30..100"):
        game(life=life)


def test_the_first_player_may_not_attack_on_the_first_turn() -> None:
    setup = table(["9D"], ["5S"], first="alpha", turn=0)
    s = start(setup)
    assert s.turn == 1
    events = play(s, "place 9D row1")  # nothing else to place: the placement phase ends by itself
    # no attack phase although the opponent's field is empty (a direct attack would be legal otherwise)
    assert of_kind(events, "no_attack") == [{"seat": ALPHA, "reason": "first_turn"}]
    assert s.turn == 2
    assert s.turn_seat == BETA and s.life == [50, 50]


def test_the_second_player_may_attack_on_their_first_turn() -> None:
    setup = table([], ["9D"], first="alpha", turn=1, to_move="beta")
    s = start(setup)
    play(s, "place 9D row1")
    assert phase(s) == "ATTACK" and "attack row1 direct" in legal(s)


def test_the_turn_player_draws_two_cards_each_turn() -> None:
    setup = table([], [], decks={"alpha": ["2C", "3C", "4C"]}, rest={"alpha": "graveyard"})
    s = start(setup)
    assert s.hands[ALPHA] == [c("2C"), c("3C")]  # the two top cards
    assert len(s.decks[ALPHA]) == 1


def test_an_empty_deck_gives_nothing_and_does_not_lose_the_game() -> None:
    s = start(table(["9D"], []))
    assert s.hands[ALPHA] == [c("9D")] and not s.decks[ALPHA]
    events = s.events()
    assert [e.data for e in events if e.kind == "deck_empty"] == [{"seat": ALPHA}]
    assert not s.is_terminal()


# ------------------------------------------------------------------------------------------- hand check
def test_seven_cards_at_the_preparation_phase_are_discarded_down_to_five() -> None:
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    s = start(table(hand, []))
    assert phase(s) == "DISCARD" and s.to_move == ALPHA
    assert legal(s) == [f"discard {x}" for x in hand]
    play(s, "discard AS")
    assert phase(s) == "DISCARD"
    play(s, "discard 7S")
    assert phase(s) == "PLACE"
    assert len(s.hands[ALPHA]) == 5
    assert s.graves[ALPHA][-2:] == [0, 6]  # AS and 7S went to the graveyard (gap 1-5)


def test_six_cards_are_not_checked() -> None:
    s = start(table(["AS", "2S", "3S", "4S", "5S", "6S"], []))
    assert phase(s) == "PLACE" and len(s.hands[ALPHA]) == 6


def test_the_hand_check_comes_before_the_draw() -> None:
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    s = start(table(hand, [], decks={"alpha": ["9C", "10C"]}, rest={"alpha": "graveyard"}))
    assert len(s.hands[ALPHA]) == 7  # not yet drawn
    play(s, "discard AS", "discard 2S")
    assert len(s.hands[ALPHA]) == 7  # five kept + two drawn


def test_the_opening_turn_has_no_hand_check() -> None:
    # 之后每到准备阶段: only from turn 2; seven cards at turn 1's preparation are kept (a deal never gives seven,
    # so the setup does)
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S"]
    s = start(table(hand, [], first="alpha", turn=0))
    assert s.turn == 1 and phase(s) == "PLACE" and len(s.hands[ALPHA]) == 7


def test_only_the_turn_players_hand_is_checked() -> None:
    hand = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    s = start(table(["9D"], hand))
    assert phase(s) == "PLACE" and s.to_move == ALPHA and len(s.hands[BETA]) == 8  # alpha's preparation phase
    play(s, "place 9D row1", "pass")
    assert s.turn_seat == BETA and phase(s) == "DISCARD"  # beta's own preparation phase


# ------------------------------------------------------------------------------------------- the phases
def test_done_ends_placement_and_pass_ends_the_turn() -> None:
    # a step whose only choice would be "done" or "pass" is not asked (the placement above ends by itself)
    s = start(table(["9D", "8D"], ["5S"]))
    play(s, "place 9D row1")
    assert phase(s) == "PLACE" and legal(s) == ["done", "extra 8D"]
    play(s, "done")
    assert phase(s) == "ATTACK"
    assert legal(s) == ["pass", "attack row1 direct"]
    play(s, "pass")
    assert s.turn == 4 and s.turn_seat == BETA


def test_placement_is_asked_when_the_hand_holds_nothing_placeable_the_opponent_cannot_see() -> None:
    # Alpha's only card is the 小王 with no 大王 on the field: nothing to place. Passing the phase over would
    # show beta that alpha's hand holds no normal card, so alpha is asked, with "done" alone.
    s = start(table(["JKB"], ["5S"], alpha_rows=[["2D"], [], []]))
    assert phase(s) == "PLACE" and s.current_player() == ALPHA
    assert legal(s) == ["done"]
    play(s, "done")
    assert phase(s) == "ATTACK"


def test_placement_is_passed_over_when_everyone_can_see_nothing_can_be_placed() -> None:
    s = start(table([], ["5S"], alpha_rows=[["2D"], [], []]))
    assert phase(s) == "ATTACK" and s.current_player() == ALPHA


def test_only_one_attack_is_made_per_turn() -> None:
    s = start(table(["9D", "8S"], ["5S"], alpha_rows=[["2D"], ["3S"], []]))
    play(s, "place 9D row1", "place 8S row2", "attack row1 direct")
    assert s.turn_seat == BETA and s.life == [50, 39]


def test_a_game_of_only_passing_reaches_the_turn_cap_as_a_draw() -> None:
    s = start(table([], []), max_turns=10)
    assert s.is_terminal() and s.end_reason == "turn_cap"
    assert s.turn == 10 and s.winners() == []
