"""Face-card effects: J 分裂新生 with its special placement, Q 深渊的呼唤 ①②, K 域外充能 (passive, ①②③), and how
face cards in one row combine (seed 001 · 【异种族能力】花牌效果, 普通牌特殊规则; gaps 1-9, 1-16, 1-17)."""

from __future__ import annotations

from xf_support import (
    ALPHA,
    BETA,
    c,
    damage_to,
    faces,
    heals_of,
    legal,
    names,
    of_kind,
    phase,
    play,
    row,
    start,
    table,
)

from tablecraft.core.cards import parse_cards
from tablecraft.games.xeno_faction.rules import face_effects


def _split_table(alpha_rows: list[list[str]] | None = None, **more: object) -> dict:
    """Alpha with ♦J behind ♦10 (or ``alpha_rows``) in row 1; every other card of alpha's is banished unless
    ``more`` places it."""
    setup = table([], [], alpha_rows=alpha_rows or [["10D"], [], []], faces={"alpha": [["JD"], [], []]},
                  rest={"alpha": "banished"})
    setup.update(more)
    return setup


# -------------------------------------------------------------------------------------- J 分裂新生
def test_the_jack_works_from_its_owners_next_turn() -> None:
    s = start(table(["JD", "3S"], ["9S"], alpha_rows=[["7D"], [], []]))
    play(s, "place JD")
    assert not [a for a in legal(s) if a.startswith("split")]  # 下一个自己回合开始
    play(s, "done", "pass", "place 9S row2", "pass")
    assert s.turn == 5 and "split 7D" in legal(s)


def test_the_jack_moves_a_three_to_ten_of_its_rows_suit_only() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D", "5H", "2D", "9D"], [], []], faces={"alpha": [["JD"], [], []]}))
    assert [a for a in legal(s) if a.startswith("split")] == ["split 7D", "split 9D"]


def test_the_jack_moves_the_card_to_the_extra_zone_of_its_suit() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]}))
    play(s, "split 7D")
    assert row(s, ALPHA, 1) == [] and s.extra[0] == c("7D")


def test_the_jack_pushes_out_the_opponents_card_to_their_graveyard_with_its_value_as_damage() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]},
                    extra={"D": {"owner": "beta", "card": "6D"}}))
    events = play(s, "split 7D")
    assert s.graves[BETA][-1] == c("6D") and damage_to(events, BETA) == [(6, "split_push")]
    assert s.extra[0] == c("7D")


def test_the_jack_pushes_out_my_own_card_to_my_banished_zone() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]},
                    extra={"D": {"owner": "alpha", "card": "6D"}}))
    events = play(s, "split 7D")
    assert s.banished[ALPHA] == [c("6D")] and not damage_to(events, ALPHA)


def test_the_special_placement_takes_three_or_more_cards_summing_to_the_moved_card_from_all_sources() -> None:
    # ♦10 moves; 10 = ♠A (hand) + ♠3 (deck) + ♣2 (graveyard) + ♣4 (my ♣ extra card): the only set of 3+ cards
    setup = _split_table(hands={"alpha": ["AS"], "beta": []}, graveyards={"alpha": ["2C"]},
                         decks={"alpha": ["KS", "KC", "3S"]}, extra={"C": {"owner": "alpha", "card": "4C"}})
    s = start(setup)
    assert s.hands[ALPHA] == parse_cards("AS KS KC")  # the two top deck cards were drawn; ♠3 is still in the deck
    play(s, "split 10D")
    assert phase(s) == "SUMMON" and legal(s) == ["skip", "summon AS row2"]
    events = play(s, "summon AS row2")
    assert legal(s) == ["summon 3S row2"]  # a started placement must be completed; no skip now
    events += play(s, "summon 3S row2", "summon 2C row3", "summon 4C row3")
    assert row(s, ALPHA, 2) == ["AS", "3S"] and row(s, ALPHA, 3) == ["2C", "4C"]
    assert [(d["card"], d["from"]) for d in of_kind(events, "moved")] == [
        ("AS", "hand"), ("3S", "deck"), ("2C", "graveyard"), ("4C", "extra:C")]
    # 普通牌特殊规则: one damage for each card specially placed
    assert damage_to(events, ALPHA) == [(1, "special_placement")] * 4 and s.life[ALPHA] == 46
    assert of_kind(events, "shuffled") == [{"seat": ALPHA}]  # the deck was searched
    assert phase(s) == "PLACE"


def test_a_heart_may_be_specially_placed_in_row_one_or_two() -> None:
    setup = _split_table(hands={"alpha": ["AH", "2C", "4S"], "beta": []}, alpha_rows=[["7D"], [], []])
    s = start(setup)
    play(s, "split 7D")
    assert legal(s) == ["skip", "summon 4S row2"]  # sets are picked in card order: ♠ before ♥ before ♣ before ♦
    play(s, "summon 4S row2")
    assert legal(s) == ["summon AH row1", "summon AH row2"]


def test_two_cards_with_the_right_sum_are_not_enough_for_the_special_placement() -> None:
    setup = _split_table(hands={"alpha": ["3S", "4C", "AS"], "beta": []}, alpha_rows=[["7D"], [], []])
    s = start(setup)
    events = play(s, "split 7D")
    assert of_kind(events, "summon_skipped") == [{"seat": ALPHA, "reason": "no_set"}]  # 任意大于2的数量
    assert phase(s) == "PLACE" and sorted(names(s.hands[ALPHA])) == ["3S", "4C", "AS"]


def test_with_extra_summon_damage_false_a_card_taken_from_an_extra_zone_costs_nothing() -> None:
    # 普通牌特殊规则 lists 手牌，卡组，墓地，除外区 — the 额外区 only under the default reading
    setup = _split_table(hands={"alpha": ["AS"], "beta": []}, graveyards={"alpha": ["2C"]},
                         decks={"alpha": ["KS", "KC", "3S"]}, extra={"C": {"owner": "alpha", "card": "4C"}})
    s = start(setup, extra_summon_damage=False)
    events = play(s, "split 10D", "summon AS row2", "summon 3S row2", "summon 2C row3", "summon 4C row3")
    assert damage_to(events, ALPHA) == [(1, "special_placement")] * 3 and s.life[ALPHA] == 47


def test_the_card_the_jack_moved_calls_pairs_from_its_owners_next_turn() -> None:
    # 额外区效果 「放置3-10其中的一张普通牌之后，下一回合开始」 holds for a card moved there by 分裂新生 too
    s = start(_split_table(alpha_rows=[["5D"], [], []], hands={"alpha": ["AD", "4D"], "beta": []}))
    events = play(s, "split 5D")
    assert of_kind(events, "summon_skipped")  # two cards are not a set of three or more
    assert not [a for a in legal(s) if a.startswith("pair")]
    play(s, "done")
    assert s.turn == 5 and "pair AD 4D" in legal(s)


def test_the_jacks_move_and_the_extra_zone_placement_may_share_a_turn() -> None:
    # 每回合只能选择其中一个放置一张 limits the placement from hand, not the J's move
    s = start(_split_table(alpha_rows=[["7D"], [], []], hands={"alpha": ["8S", "AH"], "beta": []}))
    play(s, "split 7D")
    assert "extra 8S" in legal(s)
    play(s, "extra 8S")
    assert s.extra[:2] == [c("7D"), c("8S")]


def test_the_special_placement_may_be_skipped() -> None:
    setup = _split_table(hands={"alpha": ["AS", "2C", "4D"], "beta": []}, alpha_rows=[["7D"], [], []])
    s = start(setup)
    play(s, "split 7D", "skip")
    assert phase(s) == "PLACE" and s.life == [50, 50] and len(s.hands[ALPHA]) == 3


def test_the_jack_is_used_once_a_turn_and_each_move_allows_one_special_placement() -> None:
    setup = _split_table(hands={"alpha": ["AS", "2C", "4D"], "beta": []}, alpha_rows=[["7D", "8D"], [], []])
    s = start(setup)
    play(s, "split 7D", "summon AS row2", "summon 2C row3", "summon 4D row1")
    assert not [a for a in legal(s) if a.startswith(("split", "summon"))]


# ------------------------------------------------------------------------------------- Q 深渊的呼唤
def test_a_queen_in_the_attacking_row_banishes_the_card_its_attack_removes() -> None:
    s = start(table(["QD"], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D", "5H"], [], []]))
    play(s, "place QD", "attack row1 row1")  # 放置的这回合开始: it works at once
    assert s.banished[BETA] == [c("2D")] and c("2D") not in s.graves[BETA]


def test_a_queen_in_another_row_of_the_attacker_does_not_banish() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D"], [], []],
                    faces={"alpha": [[], ["QS"], []]}))
    play(s, "attack row1 row1")
    assert s.graves[BETA][-1] == c("2D") and not s.banished[BETA]


def test_a_queen_in_the_attacked_row_sends_its_owners_leaving_card_to_the_banished_zone() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D"], [], []],
                    faces={"beta": [["QD"], [], []]}))
    play(s, "attack row1 row1")
    assert s.banished[BETA] == [c("2D")]


# ------------------------------------------------------------------------------------- K 域外充能
def test_a_king_heals_its_owner_one_for_each_normal_card_banished_from_its_row() -> None:
    # Q and K in one row stack (different face cards): Q② banishes the card, K heals for it
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D"], [], []],
                    faces={"beta": [["QD", "KD"], [], []]}))
    events = play(s, "attack row1 row1")
    assert heals_of(events, BETA) == [(1, "k_passive")] and s.life[BETA] == 50 - 2 + 1


def test_a_king_heals_when_a_card_is_banished_from_the_extra_zone_of_its_suit() -> None:
    s = start(table(["AH"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD", "KD"], [], []]},
                    extra={"D": {"owner": "alpha", "card": "6D"}}))
    events = play(s, "split 7D")
    assert heals_of(events, ALPHA) == [(1, "k_passive")]


def test_a_king_placed_this_turn_does_not_yet_heal_for_banished_cards() -> None:
    # the J pushes my own ♦6 out of the ♦ extra zone into my banished zone on the turn the ♦K arrives
    s = start(table(["KD"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]},
                    extra={"D": {"owner": "alpha", "card": "6D"}}))
    events = play(s, "place KD", "split 7D")
    assert s.banished[ALPHA] == [c("6D")] and not heals_of(events, ALPHA)  # 放置的下一回合开始


def test_a_king_heals_from_the_very_next_turn_even_the_opponents() -> None:
    # alpha's ♦K arrives on turn 3 beside ♦Q; on beta's turn 4 beta's attack takes ♦2, which ♦Q banishes
    s = start(table(["KD"], [], alpha_rows=[["2D"], [], []], beta_rows=[["9D"], [], []],
                    faces={"alpha": [["QD"], [], []]}))
    play(s, "place KD")
    assert s.turn == 4 and s.turn_seat == BETA
    events = play(s, "attack row1 row1")
    assert s.banished[ALPHA] == [c("2D")] and heals_of(events, ALPHA) == [(1, "k_passive")]


def test_the_opponents_king_of_the_zones_suit_heals_for_a_card_banished_from_that_zone() -> None:
    # the shared ♦ extra zone; beta's ♦K heals beta when alpha's own ♦6 is banished from it
    s = start(table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []],
                                                                    "beta": [["KD"], [], []]},
                    extra={"D": {"owner": "alpha", "card": "6D"}}))
    events = play(s, "split 7D")
    assert heals_of(events, BETA) == [(1, "k_passive")] and not heals_of(events, ALPHA)


def test_a_king_does_nothing_on_the_turn_it_is_placed() -> None:
    s = start(table(["KD", "AS"], [], alpha_rows=[["7D"], [], []]))
    play(s, "place KD")
    assert not [a for a in legal(s) if a.startswith("charge")]  # 放置的下一回合开始
    assert s.view(ALPHA)["players"][ALPHA]["rows"][0]["effects"]["charge"] is False


def test_king_option_two_banishes_my_card_and_heals_its_value() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D", "5H"], [], []], faces={"alpha": [["KD"], [], []]}))
    events = play(s, "charge2 5H")
    assert row(s, ALPHA, 1) == ["7D"] and s.banished[ALPHA] == [c("5H")]
    assert heals_of(events, ALPHA) == [(1, "k_passive"), (5, "charge")] and s.life[ALPHA] == 56


def test_king_option_one_lets_the_opponent_choose_a_card_of_the_same_rank_and_both_heal() -> None:
    s = start(table(["AS"], [], alpha_rows=[["5D"], [], []], beta_rows=[["5H"], ["5S", "9S"], []],
                    faces={"alpha": [["KD"], [], []]}))
    assert "charge1 5D" in legal(s)
    events = play(s, "charge1 5D")
    assert phase(s) == "GIVE" and s.to_move == BETA and legal(s) == ["give 5S", "give 5H"]
    events += play(s, "give 5H")
    assert s.banished == [[c("5D")], [c("5H")]]
    # 各自回复除外牌点数的生命值, and the passive 1 for the card banished from the K's row (除此之外)
    assert heals_of(events, ALPHA) == [(1, "k_passive"), (5, "charge")] and heals_of(events, BETA) == [(5, "charge")]
    assert s.life == [56, 55] and phase(s) == "PLACE" and s.to_move == ALPHA


def test_king_option_one_needs_a_card_of_the_same_rank_on_the_opponents_field() -> None:
    s = start(table(["AS"], [], alpha_rows=[["5D"], [], []], beta_rows=[["4H"], [], []],
                    faces={"alpha": [["KD"], [], []]}))
    assert "charge1 5D" not in legal(s) and "charge2 5D" in legal(s)


def test_king_option_one_with_a_single_matching_card_needs_no_choice() -> None:
    s = start(table(["AS"], [], alpha_rows=[["5D"], [], []], beta_rows=[["5H"], ["9S"], []],
                    faces={"alpha": [["KD"], [], []]}))
    play(s, "charge1 5D")
    assert phase(s) == "PLACE" and s.banished[BETA] == [c("5H")]


def test_king_option_three_banishes_the_row_and_as_many_opponent_cards_and_both_heal_the_count() -> None:
    s = start(table(["AS"], [], alpha_rows=[["2D", "3D"], [], []], beta_rows=[["4H"], ["5S", "9S"], []],
                    faces={"alpha": [["KD"], [], []]}))
    events = play(s, "charge3 row1")
    assert row(s, ALPHA, 1) == [] and phase(s) == "GIVE" and s.to_move == BETA
    assert legal(s) == ["give 5S", "give 9S"]  # picked in card order: the first of two from three
    events += play(s, "give 5S", "give 4H")
    assert sorted(names(s.banished[BETA])) == ["4H", "5S"] and row(s, BETA, 2) == ["9S"]
    assert heals_of(events, ALPHA) == [(1, "k_passive"), (1, "k_passive"), (4, "charge")]
    assert heals_of(events, BETA) == [(4, "charge")]


def test_king_option_three_takes_all_when_the_opponent_has_no_more_cards() -> None:
    s = start(table(["AS"], [], alpha_rows=[["2D", "3D"], [], []], beta_rows=[["4H"], [], []],
                    faces={"alpha": [["KD"], [], []]}))
    events = play(s, "charge3 row1")
    assert phase(s) == "PLACE" and s.banished[BETA] == [c("4H")]
    assert heals_of(events, BETA) == [(3, "charge")]


def test_heals_have_no_cap_above_the_starting_life() -> None:
    # 30-100 is the starting life only
    s = start(table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["KD"], [], []]}), life=100)
    play(s, "charge2 7D")
    assert s.life[ALPHA] == 100 + 1 + 7


def test_a_king_is_used_once_a_turn() -> None:
    s = start(table(["AS"], [], alpha_rows=[["2D", "3D"], [], []], faces={"alpha": [["KD"], [], []]}))
    play(s, "charge2 2D")
    assert not [a for a in legal(s) if a.startswith("charge")]


# -------------------------------------------------------------------------------- combining face cards
def test_identical_face_cards_in_a_row_count_once() -> None:
    # one deck holds one ♦J, so this can only be shown on the pure function the engine uses
    assert face_effects(parse_cards("JD JD"), [1, 1], 5) == face_effects(parse_cards("JD"), [1], 5)


def test_different_face_cards_in_a_row_stack() -> None:
    assert face_effects(parse_cards("QD KD"), [1, 1], 5) == (False, True, True)
    assert face_effects(parse_cards("JD KD"), [1, 1], 5) == (True, False, True)


def test_two_face_cards_in_a_row_both_work() -> None:
    s = start(table(["AS"], [], alpha_rows=[["7D", "5H"], [], []], faces={"alpha": [["JD", "KD"], [], []]}))
    assert {"split 7D", "charge2 5H"} <= set(legal(s))
    assert faces(s, ALPHA, 1) == ["JD", "KD"]
