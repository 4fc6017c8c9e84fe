"""The heuristic's habits, one scenario each, from the documented setup format (the unguarded heuristic: it must
play sensibly by itself, not only behind ``agents.Guarded``)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from xf_support import ALPHA, BETA, game, play, start, table

from tablecraft.agents import make_agent, observe
from tablecraft.agents.conformance import check_no_self_destruction


def choice(s: Any, seed: int = 0) -> str:
    """The unguarded heuristic's action in ``s``."""
    return str(s.game.make_heuristic().act(observe(s), random.Random(seed)))


def turn_choices(s: Any) -> list[str]:
    """Play the heuristic for the seat to move until the turn passes; the actions it chose."""
    seat = s.turn_seat
    out = []
    while not s.is_terminal() and s.turn_seat == seat:
        legal = s.legal_actions()
        action = choice(s) if len(legal) > 1 else str(legal[0])
        out.append(action)
        play(s, action)
    return out


def split_position(life: int, hand: list[str], **more: Any) -> Any:
    """Alpha holds ♦J (working) over ♦8 in row 1 and has just moved the 8 to the extra zone: the special
    placement of 8 points is pending. Every card of alpha's not listed is banished, so the pool is the hand."""
    setup = table(hand, ["9S"], alpha_rows=[["8D"], [], []], beta_rows=[[], ["9S"], []],
                  faces={"alpha": [["JD"], [], []]}, life={"alpha": life},
                  rest={"alpha": "banished", "beta": "deck"}, **more)
    setup["hands"]["beta"] = []
    s = start(setup)
    play(s, "split 8D")
    return s


# ------------------------------------------------------------------------------------- never self-destroying
def test_bot_never_starts_a_special_placement_that_would_kill_it() -> None:
    s = split_position(3, ["AS", "2S", "5S"])  # 8 = A+2+5: three cards, three damage, three life
    assert choice(s) == "skip"


def test_bot_never_places_itself_to_death_once_a_placement_has_begun() -> None:
    # A+2+5 would kill (3 life) but A+7 with 7 from the pool... sets need three cards: A+2+5 or A+3+4
    s = split_position(4, ["AS", "2S", "3S", "4S", "5S"])
    for _ in range(3):
        if s.phase.name != "SUMMON":
            break
        play(s, choice(s))
    assert s.life[ALPHA] > 0


def test_the_self_destruction_check_sees_a_special_placement_that_can_only_end_in_death() -> None:
    g = game()
    s = split_position(3, ["AS", "2S", "5S"])
    flags = {str(a): g.is_self_destroying(s, a) for a in s.legal_actions()}
    assert flags == {"skip": False, "summon AS row2": True}


def test_the_self_destruction_check_lets_a_pick_with_a_survivable_completion_pass() -> None:
    g = game()
    s = split_position(5, ["AS", "2S", "3S", "5S"])  # A+2+5 costs 3 of 5 life
    assert not any(g.is_self_destroying(s, a) for a in s.legal_actions())


def test_the_self_destruction_check_sees_a_clash_whose_cards_would_kill_the_attacker() -> None:
    # alpha (12 life) would put ♦A ♦2 ♦3 down (3 damage) for 5+6 = 11 against beta's 4+9 = 13, then lose the
    # clash (10 more) if beta fights too; yielding costs only the 10
    setup = table(["AD", "2D", "3D"], ["9D"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                  joker={"alpha": 1, "beta": 1}, life={"alpha": 12})
    s = start(setup)
    play(s, "done", "attack row1 row1")
    g = game()
    assert {str(a): g.is_self_destroying(s, a) for a in s.legal_actions()} == {"fight": True, "yield": False}
    assert choice(s) == "yield"


def test_the_self_destruction_check_sees_a_declined_small_joker_that_lets_a_sweep_kill() -> None:
    # beta places 大王 beside ♠9 and can sweep alpha's 10-point row 2 (alpha has 8 banished points, 15 life)
    setup = table(["JKB"], ["JKR", "2S"], alpha_rows=[[], ["10S"], []], beta_rows=[[], ["9S"], []],
                  banished={"alpha": ["8C"]}, life={"alpha": 15}, to_move="beta", first="alpha")
    s = start(setup)
    play(s, "place JKR row2")
    g = game()
    assert s.phase.name == "KNIGHT_WINDOW"
    assert {str(a): g.is_self_destroying(s, a) for a in s.legal_actions()} == {"decline": True, "knight": False}


def test_the_conformance_check_meets_real_self_destruction_traps_in_this_game() -> None:
    # deals whose random and heuristic playouts reach a special placement, clash or 小王 window that can kill
    report = check_no_self_destruction(game(), ["normal"], [5, 6, 24, 25], every=1)
    assert report["traps"] > 0


# --------------------------------------------------------------------------------------------- attacking
def test_bot_takes_a_lethal_attack() -> None:
    s = start(table([], ["KH"], alpha_rows=[[], ["9S", "8S"], []], life={"alpha": 50, "beta": 15}))
    assert choice(s) == "done" or choice(s) == "attack row2 direct"
    if s.phase.name == "PLACE":
        play(s, "done")
    assert choice(s) == "attack row2 direct"


def test_bot_attacks_the_row_whose_lowest_card_hurts_most() -> None:
    # row 2 ♠ may hit the opponent's row 1 (lowest 2) or row 2 (lowest 6)
    s = start(table([], ["KH"], alpha_rows=[[], ["10S", "9S"], []], beta_rows=[["2D", "8D"], ["6S", "7S"], []]))
    assert s.phase.name == "ATTACK" and choice(s) == "attack row2 row2"


def test_bot_builds_its_front_row_past_the_opponents_strongest_row() -> None:
    # beta's ♠ row (8) beats alpha's ♦ row (5): the ♦4 makes it 9 and unassailable
    s = start(table(["4D", "AS"], ["KH"], alpha_rows=[["5D"], ["9S"], []], beta_rows=[["6D"], ["8S"], []]))
    assert choice(s) == "place 4D row1"


# ------------------------------------------------------------------------------------------------ 大王 / 小王
def test_bot_destroys_the_opponents_big_joker_with_the_small_joker_on_its_own_turn() -> None:
    s = start(table(["JKB", "5S"], [], beta_rows=[["5D"], [], []], joker={"beta": 1},
                    rest={"alpha": "deck", "beta": "deck"}))
    assert "knight" in turn_choices(s) and s.joker[BETA] == -1


def test_bot_answers_a_big_joker_that_can_attack_this_turn_with_the_small_joker() -> None:
    setup = table(["JKB"], ["JKR", "2S"], alpha_rows=[[], ["10S"], []], beta_rows=[[], ["9S"], []],
                  to_move="beta", first="alpha", rest={"alpha": "deck", "beta": "deck"})
    s = start(setup)
    play(s, "place JKR row2")
    assert s.to_move == ALPHA and choice(s) == "knight"


def test_bot_lets_a_big_joker_placed_on_the_first_turn_wait_for_a_free_small_joker() -> None:
    setup = {"to_move": "beta", "first": "beta", "turn": 0, "hands": {"alpha": ["JKB"], "beta": ["JKR", "9S"]},
             "rows": {"beta": [[], ["5S"], []]}, "rest": {"alpha": "deck", "beta": "deck"}}
    s = start(setup)
    play(s, "place JKR row2")
    assert s.to_move == ALPHA and choice(s) == "decline"


def test_bot_never_pays_the_small_jokers_five_with_its_last_life() -> None:
    setup = table(["JKB"], ["JKR", "2S"], alpha_rows=[[], ["10S"], []], beta_rows=[[], ["9S"], []],
                  to_move="beta", first="alpha", life={"alpha": 5})
    s = start(setup)
    play(s, "place JKR row2")
    assert choice(s) == "decline"


def test_bot_sweeps_a_big_row_with_the_big_joker() -> None:
    # beta's ♠ row holds 24 points and beta has no 小王 left: the sweep deals 24, heals 10
    setup = table(["JKR"], ["KH"], alpha_rows=[[], ["2S"], []], beta_rows=[[], ["10S", "8S", "6S"], []],
                  graveyards={"beta": ["JKB"]}, rest={"alpha": "deck", "beta": "deck"})
    s = start(setup)
    assert choice(s) == "place JKR row2"


def test_bot_does_not_sweep_when_its_own_banished_points_would_kill_it() -> None:
    # alpha has 30 banished points and 15 life: the sweep's own damage (30 − 10 heal) would kill alpha
    setup = table(["JKR"], ["KH"], alpha_rows=[[], ["2S"], []], beta_rows=[[], ["10S", "3S"], []],
                  banished={"alpha": ["10C", "10D", "10H"]}, life={"alpha": 15}, graveyards={"beta": ["JKB"]})
    s = start(setup)
    assert choice(s) != "place JKR row2"


def test_bot_fights_a_clash_it_holds_the_cards_to_win() -> None:
    setup = table(["9D", "8D"], ["AD"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                  joker={"alpha": 1, "beta": 1}, to_move="beta", first="alpha")
    s = start(setup)
    play(s, "done", "attack row1 row1", "fight")
    assert s.phase.name == "CLASH_DEFENDER" and s.to_move == ALPHA and choice(s) == "fight"


def test_bot_yields_a_clash_it_cannot_win_rather_than_lose_its_cards_too() -> None:
    # alpha defends with ♦A against a 9-point row: fighting would put ♦2 down, lose, and see it swept
    setup = table(["2D"], ["9D", "8D", "7D"], alpha_rows=[["AD"], [], []], beta_rows=[["9D"], [], []],
                  joker={"alpha": 1, "beta": 1}, to_move="beta", first="alpha")
    setup["hands"]["beta"] = ["8D", "7D"]
    setup["rows"]["beta"] = [["9D"], [], []]
    s = start(setup)
    play(s, "done", "attack row1 row1", "fight")
    assert choice(s) == "yield"


# --------------------------------------------------------------------------------------------- face cards
def test_bot_heals_with_its_king_when_its_life_runs_low() -> None:
    setup = table([], ["KH"], alpha_rows=[["9D", "AD"], [], []], beta_rows=[[], ["8S"], []],
                  faces={"alpha": [["KD"], [], []]}, life={"alpha": 6})
    s = start(setup)
    assert choice(s).startswith("charge")


def test_bot_uses_king_option_three_to_clear_a_thin_field_for_a_direct_attack() -> None:
    # K③ on row 1 (two cards) banishes beta's only two cards: alpha's ♠ row then hits beta directly for 17
    setup = table([], ["KH"], alpha_rows=[["2D", "3D"], ["9S", "8S"], []], beta_rows=[["10D"], ["10S"], []],
                  faces={"alpha": [["KD"], [], []]}, life={"beta": 17})
    s = start(setup)
    assert choice(s) == "charge3 row1"


def test_bot_keeps_a_working_king_when_a_third_face_card_comes() -> None:
    setup = table(["JD"], ["KH"], alpha_rows=[["5D", "9D"], [], []], faces={"alpha": [["KD", "QD"], [], []]})
    s = start(setup)
    play(s, "place JD")
    assert s.phase.name == "REPLACE" and choice(s) != "replace KD"


def test_bot_dispels_the_opponents_working_king() -> None:
    setup = table(["KH", "AS"], ["KH"], alpha_rows=[[], ["2S"], []], beta_rows=[["9D", "8D", "3D"], [], []],
                  faces={"beta": [["KD"], [], []]})
    s = start(setup)
    assert choice(s) == "dispel KH opp row1"


def test_bot_pushes_the_opponents_extra_zone_card_out_with_its_jack() -> None:
    # beta's ♦9 in the ♦ zone: moving alpha's ♦5 there deals 9 to beta
    setup = table([], ["KH"], alpha_rows=[["5D", "10D"], [], []], beta_rows=[[], ["3S"], []],
                  faces={"alpha": [["JD"], [], []]},
                  extra={"D": {"owner": "beta", "card": "9D"}}, rest={"alpha": "banished"})
    s = start(setup)
    assert choice(s) == "split 5D"


# ---------------------------------------------------------------------------------------------- the hand
def test_bot_discards_its_least_useful_cards_at_the_hand_check() -> None:
    setup = table(["AS", "2C", "JKR", "KD", "10S", "9D", "AH", "JKB"], ["KH"],
                  rest={"alpha": "deck", "beta": "deck"})
    s = start(setup)
    assert s.phase.name == "DISCARD"
    play(s, choice(s))
    play(s, choice(s))
    play(s, choice(s))
    hand = {str(x) for x in s.view(ALPHA)["players"][ALPHA]["hand"]}
    assert {"JKR", "JKB", "KD", "10S"} <= hand


def test_bot_wins_by_deep_sea_when_one_more_banished_card_does_it() -> None:
    # 54 cards banished: K② banishes a 55th and wins at once (深海时代), though beta has 50 life
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10"]
    banished = {"alpha": [r + s for s in "CH" for r in ranks],
                "beta": [r + s for s in "CHS" for r in ranks] + ["2D", "3D", "4D", "5D"]}
    setup = table([], ["KH"], alpha_rows=[["9D", "AD"], [], []], faces={"alpha": [["KD"], [], []]},
                  banished=banished, rest={"alpha": "deck", "beta": "deck"})
    s = start(setup)
    assert choice(s).startswith("charge")


def test_unknown_heuristic_parameters_are_refused_with_the_known_ones_named() -> None:
    with pytest.raises(KeyError, match="total"):
        make_agent("heuristic:depth=3", game())


def test_heuristic_weights_can_be_set_from_an_agent_spec() -> None:
    agent = make_agent("heuristic:total=0.5", game())
    s = start(table(["5S"], ["KH"]))
    assert agent.act(observe(s), random.Random(0)) in s.legal_actions()
    assert BETA == 1


@pytest.mark.parametrize("options", [
    {"face_rows_occupied": True}, {"clash_faces": True, "clash_hearts": True}, {"knight_damage": 10},
    {"first_turn_draw": 0, "second_turn_draw": 5}, {"extra_summon_damage": False, "pair_uses_row": False},
    {"dispel": "pick", "clash_self_damage": False, "joker_direct_row_damage": True},
], ids=lambda o: ",".join(o))
def test_the_heuristic_plays_whole_games_under_every_rule_variant(options: dict[str, Any]) -> None:
    g = game(**options)
    agent = g.make_heuristic()
    for seed in range(2):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            action = agent.act(observe(s), rng) if len(legal) > 1 else legal[0]
            assert not g.is_self_destroying(s, action) or all(g.is_self_destroying(s, a) for a in legal)
            s.apply(action)  # checked: an illegal choice would raise
        assert s.end_reason
