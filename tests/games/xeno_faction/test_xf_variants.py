"""Variant options for the readings careful players dispute (issue 15): each default and its alternative, on
positions built from the documented setup format (docs/rules/xeno-faction.md §3, §12, §13)."""

from __future__ import annotations

from typing import Any

from xf_support import ALPHA, BETA, c, damage_to, faces, legal, names, of_kind, phase, play, row, start, table


# ------------------------------------------------------------ 攻击规则 「有被放置的牌存在」: face cards alone
def _faces_only_row_one(*beta_faces: str, **options: Any) -> Any:
    setup = table([], [], alpha_rows=[["9D"], [], []], beta_rows=[[], ["5S"], []],
                  faces={"beta": [list(beta_faces), [], []]})
    s = start(setup, **options)
    if phase(s) == "PLACE":
        play(s, "done")
    return s


def test_a_row_of_face_cards_alone_counts_as_empty_for_targeting_by_default() -> None:
    s = _faces_only_row_one("QD")
    assert legal(s) == ["pass", "attack row1 row2"]  # ♦ ②: row 1 is empty, so only row 2


def test_with_face_rows_occupied_a_row_of_face_cards_is_a_target_and_loses_one_for_one_point() -> None:
    s = _faces_only_row_one("QD", face_rows_occupied=True)
    assert legal(s) == ["pass", "attack row1 row1"]  # ♦ ①: row 1 now counts as occupied
    events = play(s, "attack row1 row1")
    assert faces(s, BETA, 1) == [] and s.graves[BETA][-1] == c("QD")
    assert damage_to(events, BETA) == [(1, "attack")]  # 花牌算作一点


def test_with_face_rows_occupied_the_defender_picks_which_of_two_face_cards_goes() -> None:
    s = _faces_only_row_one("JD", "QD", face_rows_occupied=True)
    play(s, "attack row1 row1")
    assert phase(s) == "LOSE" and s.to_move == BETA and legal(s) == ["remove JD", "remove QD"]
    play(s, "remove QD")
    assert faces(s, BETA, 1) == ["JD"]


def test_with_face_rows_occupied_a_face_card_row_three_hit_by_row_one_takes_double() -> None:
    setup = table([], [], alpha_rows=[["9D"], [], []], beta_rows=[[], [], []], faces={"beta": [[], [], ["KC"]]})
    s = start(setup, face_rows_occupied=True)
    assert legal(s) == ["pass", "attack row1 row3"]  # ♦ ③, where the default would allow a direct attack
    assert damage_to(play(s, "attack row1 row3"), BETA) == [(2, "attack")]


# ---------------------------------------------------------------- 大王 clash ①: face cards of the suit
def _clash_with_faces(**options: Any) -> Any:
    """Alpha's 大王 row 1 (♦5, ♦Q) attacks beta's 大王 row 1 (♦4); alpha holds ♦3 ♦J ♦K, beta ♦5."""
    setup = table(["3D", "JD", "KD"], ["5D"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                  faces={"alpha": [["QD"], [], []]}, joker={"alpha": 1, "beta": 1})
    s = start(setup, **options)
    play(s, "done", "attack row1 row1", "fight")
    return s, play(s, "fight")


def test_in_a_clash_face_cards_of_the_suit_stay_in_hand_and_count_nothing_by_default() -> None:
    s, events = _clash_with_faces()
    # alpha 5 + 3 = 8 against beta 4 + 5 = 9: alpha's 大王 is destroyed
    assert of_kind(events, "clash_totals") == [{"attacker": 8, "defender": 9, "loser": ALPHA}]
    assert names(s.hands[ALPHA]) == ["JD", "KD"] and s.joker == [-1, 0]


def test_with_clash_faces_the_suits_face_cards_go_down_and_count_one_each() -> None:
    s, events = _clash_with_faces(clash_faces=True)
    # ♦J and ♦K go down; ♦Q, the oldest, is pushed out past two; 5 + 3 + 2 face cards = 10 against 9
    assert of_kind(events, "clash_totals") == [{"attacker": 10, "defender": 9, "loser": BETA}]
    assert faces(s, ALPHA, 1) == ["JD", "KD"] and s.graves[ALPHA][-1] == c("QD")
    assert s.hands[ALPHA] == [] and s.joker == [-1, -1] and row(s, BETA, 1) == []  # beta's row was swept


# ------------------------------------------------------------------- 准备阶段 / 抽牌阶段: the opening draws
def test_with_first_turn_draw_zero_the_first_player_draws_nothing_on_turn_one() -> None:
    s = start(None, seed=4, first_turn_draw=0)
    first = s.first
    assert len(s.hands[first]) == 5 and len(s.decks[first]) == 54 - 5


def test_with_second_turn_draw_three_the_second_player_draws_three_on_their_first_turn() -> None:
    deck = ["2C", "3C", "4C", "5C"]
    setup = table([], [], first="alpha", turn=1, to_move="beta", decks={"beta": deck}, rest={"beta": "graveyard"})
    assert len(start(setup).hands[BETA]) == 2  # the seed's two
    s = start(setup, second_turn_draw=3)
    assert sorted(names(s.hands[BETA])) == ["2C", "3C", "4C"] and names(s.decks[BETA]) == ["5C"]


def test_the_later_draw_phases_keep_the_seeds_two_cards_whatever_the_opening_draws() -> None:
    setup = table([], [], decks={"alpha": ["2C", "3C", "4C"]}, rest={"alpha": "graveyard"})  # turn 3
    s = start(setup, first_turn_draw=0, second_turn_draw=5)
    assert s.turn == 3 and len(s.hands[ALPHA]) == 2
