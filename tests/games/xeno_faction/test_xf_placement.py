"""The placement phase: normal cards, the shared extra zones, face cards and 解万法者 (seed 001 · 放置牌阶段,
普通牌, 额外区, 花牌; gaps 1-7, 1-8, 1-15; options ``pair_uses_row`` and ``dispel``)."""

from __future__ import annotations

import pytest
from xf_support import ALPHA, BETA, c, faces, legal, names, phase, play, row, start, table


# ------------------------------------------------------------------------------------------ normal cards
@pytest.mark.parametrize(("card", "rows"), [("5D", ["row1"]), ("5S", ["row2"]), ("5C", ["row3"]),
                                            ("5H", ["row1", "row2"])])
def test_each_suit_goes_to_its_own_row_and_hearts_to_row_one_or_two(card: str, rows: list[str]) -> None:
    s = start(table([card], []))
    assert [a for a in legal(s) if a.startswith("place")] == [f"place {card} {r}" for r in rows]


def test_aces_to_tens_are_normal_cards_and_may_be_placed() -> None:
    s = start(table(["AD", "10D"], []))
    assert {"place AD row1", "place 10D row1"} <= set(legal(s))


def test_only_one_normal_card_per_row_per_turn() -> None:
    s = start(table(["5D", "6D", "7S"], []))
    play(s, "place 5D row1")
    assert not [a for a in legal(s) if a.startswith("place") and a.endswith("row1")]
    assert "place 7S row2" in legal(s)


def test_a_heart_in_row_one_uses_row_ones_placement_for_the_turn() -> None:
    s = start(table(["5H", "6D", "7S"], []))
    play(s, "place 5H row1")
    assert "place 6D row1" not in legal(s) and "place 7S row2" in legal(s)


def test_a_row_holds_any_number_of_normal_cards() -> None:
    s = start(table(["5D"], [], alpha_rows=[["AD", "2D", "3D", "4D", "6H"], [], []]))
    play(s, "place 5D row1")
    assert row(s, ALPHA, 1) == ["AD", "2D", "3D", "4D", "6H", "5D"]


# ------------------------------------------------------------------------------------------ extra zones
def test_only_a_three_to_ten_of_diamonds_spades_or_clubs_may_enter_an_extra_zone() -> None:
    s = start(table(["AD", "2S", "3C", "10S", "7H", "JD"], []))
    assert [a for a in legal(s) if a.startswith("extra")] == ["extra 10S", "extra 3C"]


def test_a_card_enters_the_extra_zone_of_its_own_suit() -> None:
    s = start(table(["7C", "8C"], []))
    play(s, "extra 7C")
    assert s.extra == [-1, -1, ALPHA * 54 + c("7C")]
    assert s.view(BETA)["extra_zones"][2] == {"suit": "C", "card": "7C", "owner": ALPHA, "since": 3}


def test_only_one_extra_zone_placement_per_turn() -> None:
    s = start(table(["7C", "8S"], []))
    play(s, "extra 7C")
    assert "extra 8S" not in legal(s)


def test_a_new_extra_card_pushes_my_old_one_to_the_graveyard() -> None:
    s = start(table(["9D"], [], extra={"D": {"owner": "alpha", "card": "4D"}}))
    play(s, "extra 9D")
    assert s.extra[0] == c("9D") and c("4D") == s.graves[ALPHA][-1]


def test_an_extra_zone_the_opponent_holds_cannot_be_used() -> None:
    s = start(table(["9D", "9S"], [], extra={"D": {"owner": "beta", "card": "4D"}}))
    assert "extra 9D" not in legal(s) and "extra 9S" in legal(s)


def test_the_extra_zone_placement_is_separate_from_the_row_placement() -> None:
    s = start(table(["9D", "8D"], []))
    play(s, "place 9D row1", "extra 8D")
    assert row(s, ALPHA, 1) == ["9D"] and s.extra[0] == c("8D")


# ---------------------------------------------------------------------------- extra-zone pair (额外区效果)
def test_the_pair_must_sum_to_the_extra_card_and_share_its_suit() -> None:
    s = start(table(["AS", "5S", "2S", "4C", "2D", "4D"], [], extra={"S": {"owner": "alpha", "card": "6S"}}))
    assert [a for a in legal(s) if a.startswith("pair")] == ["pair AS 5S"]


def test_the_pair_is_placed_together_into_the_row_of_its_suit() -> None:
    s = start(table(["AS", "5S"], [], extra={"S": {"owner": "alpha", "card": "6S"}}))
    play(s, "pair AS 5S")
    assert row(s, ALPHA, 2) == ["AS", "5S"] and s.hands[ALPHA] == []


def test_the_pair_needs_my_own_extra_card() -> None:
    s = start(table(["AS", "5S"], [], extra={"S": {"owner": "beta", "card": "6S"}}))
    assert not [a for a in legal(s) if a.startswith("pair")]


def test_by_default_the_pair_is_that_rows_placement_for_the_turn() -> None:
    setup = table(["AS", "5S", "9S"], [], extra={"S": {"owner": "alpha", "card": "6S"}})
    s = start(setup)
    play(s, "pair AS 5S")
    assert "place 9S row2" not in legal(s)
    s = start(setup)
    play(s, "place 9S row2")
    assert "pair AS 5S" not in legal(s)


def test_with_pair_uses_row_false_the_pair_comes_on_top_of_the_single_card() -> None:
    s = start(table(["AS", "5S", "9S"], [], extra={"S": {"owner": "alpha", "card": "6S"}}), pair_uses_row=False)
    play(s, "place 9S row2", "pair AS 5S")
    assert row(s, ALPHA, 2) == ["9S", "AS", "5S"]


def test_the_extra_pair_is_not_special_placement_and_costs_no_life() -> None:
    s = start(table(["AS", "5S"], [], extra={"S": {"owner": "alpha", "card": "6S"}}))
    events = play(s, "pair AS 5S")
    assert s.life == [50, 50] and not [e for e in events if e.kind == "damage"]


# -------------------------------------------------------------------------------------------- face cards
@pytest.mark.parametrize(("card", "r"), [("JD", 1), ("QS", 2), ("KC", 3)])
def test_diamond_spade_club_face_cards_go_to_their_row(card: str, r: int) -> None:
    s = start(table([card, "AS"], []))
    play(s, f"place {card}")
    assert faces(s, ALPHA, r) == [card]


def test_heart_face_cards_are_never_placed() -> None:
    s = start(table(["JH", "QH", "KH", "AS"], []))
    assert not [a for a in legal(s) if a.startswith("place") and "H" in a.split()[1]]


def test_only_one_face_card_per_row_per_turn() -> None:
    s = start(table(["JD", "QD", "KS"], []))
    play(s, "place JD")
    assert "place QD" not in legal(s) and "place KS" in legal(s)


def test_a_face_card_and_a_normal_card_may_both_enter_a_row_in_one_turn() -> None:
    s = start(table(["JD", "5D"], []))
    play(s, "place JD", "place 5D row1")
    assert faces(s, ALPHA, 1) == ["JD"] and row(s, ALPHA, 1) == ["5D"]


def test_a_third_face_card_pushes_out_an_old_one_of_the_players_choice() -> None:
    s = start(table(["KD", "AS"], [], faces={"alpha": [["JD", "QD"], [], []]}))
    play(s, "place KD")
    assert phase(s) == "REPLACE" and s.to_move == ALPHA
    assert legal(s) == ["replace JD", "replace QD"]
    play(s, "replace QD")
    assert faces(s, ALPHA, 1) == ["JD", "KD"] and s.graves[ALPHA][-1] == c("QD")
    assert phase(s) == "PLACE"


# -------------------------------------------------------------------------------------- 解万法者 (♥ J/Q/K)
def test_a_heart_face_card_removes_the_face_cards_of_one_opponent_row() -> None:
    s = start(table(["QH", "AS"], [], faces={"beta": [["JD", "KD"], ["QS"], []]}))
    assert [a for a in legal(s) if a.startswith("dispel QH")] == ["dispel QH opp row1", "dispel QH opp row2"]
    play(s, "dispel QH opp row1")
    assert faces(s, BETA, 1) == [] and faces(s, BETA, 2) == ["QS"]
    assert names(s.graves[BETA][-2:]) == ["JD", "KD"] and s.graves[ALPHA][-1] == c("QH")


def test_a_heart_face_card_may_remove_my_own_face_cards_too() -> None:
    s = start(table(["JH", "AS"], [], faces={"alpha": [[], [], ["KC"]]}))
    play(s, "dispel JH own row3")
    assert faces(s, ALPHA, 3) == [] and s.graves[ALPHA][-1] == c("KC")


def test_a_heart_face_card_needs_a_row_with_face_cards() -> None:
    s = start(table(["KH", "AS"], []))
    assert not [a for a in legal(s) if a.startswith("dispel")]


def test_heart_face_cards_are_not_limited_to_one_a_row_a_turn() -> None:
    s = start(table(["JH", "QH", "AS"], [], faces={"beta": [["JD"], [], []]}))
    play(s, "dispel JH opp row1")
    assert faces(s, BETA, 1) == []
    s = start(table(["JH", "QH", "AS"], [], faces={"beta": [["JD"], ["JS"], []]}))
    play(s, "dispel JH opp row1", "dispel QH opp row2")
    assert faces(s, BETA, 2) == []


def test_with_dispel_pick_the_user_removes_one_of_two_face_cards_or_both() -> None:
    setup = table(["QH", "AS"], [], faces={"beta": [["JD", "KD"], [], []]})
    s = start(setup, dispel="pick")
    play(s, "dispel QH opp row1")
    assert phase(s) == "DISPEL_PICK" and legal(s) == ["remove all", "remove JD", "remove KD"]
    play(s, "remove KD")
    assert faces(s, BETA, 1) == ["JD"]
    s = start(setup, dispel="pick")
    play(s, "dispel QH opp row1", "remove all")
    assert faces(s, BETA, 1) == []


def test_dispel_never_touches_the_big_joker() -> None:
    s = start(table(["KH", "AS"], [], beta_rows=[["5D"], [], []], faces={"beta": [["QD"], [], []]},
                    joker={"beta": 1}))
    play(s, "dispel KH opp row1")
    assert faces(s, BETA, 1) == [] and s.joker[BETA] == 0
