"""The jokers: 大王 深渊魔法 (placement, sure win, sweep, direct attack, leaving the field, the clash ①②) and 小王
深渊骑士 (on my turn, answering 大王 on the opponent's turn) (seed 001 · 特殊牌效果; gaps 1-18 … 1-22; options
``clash_self_damage``, ``clash_hearts``, ``knight_damage``, ``joker_direct_row_damage``)."""

from __future__ import annotations

from typing import Any

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


# -------------------------------------------------------------------------------------- 大王 placement
def test_the_big_joker_may_go_to_any_row_holding_one_of_my_normal_cards() -> None:
    s = start(table(["JKR"], [], alpha_rows=[["2D"], [], ["5C"]]))
    assert [a for a in legal(s) if "JKR" in a] == ["place JKR row1", "place JKR row3"]


def test_the_big_joker_may_join_the_normal_card_placed_in_its_row_this_turn() -> None:
    # 一回合内每排只能放置一张普通牌 limits normal cards; 大王 is a special card
    s = start(table(["JKR", "5D", "AS"], []))
    play(s, "place 5D row1")
    assert "place JKR row1" in legal(s)
    play(s, "place JKR row1")
    assert s.joker[ALPHA] == 0 and row(s, ALPHA, 1) == ["5D"]


def test_the_big_joker_cannot_go_to_a_row_without_my_normal_cards() -> None:
    s = start(table(["JKR", "AS"], [], faces={"alpha": [["QD"], [], []]}))
    assert not [a for a in legal(s) if "JKR" in a]


def test_a_row_with_the_big_joker_always_wins_its_attack() -> None:
    s = start(table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], [], []], joker={"alpha": 1}))
    assert legal(s) == ["pass", "attack row1 row1"]  # 1 against 19, yet it may attack


def _sweep_table(**more: Any) -> dict[str, Any]:
    """Alpha's 大王 in row 1 (with ♦A) against beta's row 1 (♦10 ♦9, ♦Q); 3 points already banished by alpha, 2
    by beta."""
    more = {"banished": {"alpha": ["3C"], "beta": ["2S"]}, **more}
    return table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], ["4S"], []],
                 faces={"beta": [["QD"], [], []]}, joker={"alpha": 1}, **more)


def test_the_big_joker_banishes_the_attacked_rows_normal_cards_and_sends_its_face_cards_to_the_graveyard() -> None:
    s = start(_sweep_table())
    play(s, "attack row1 row1")
    assert row(s, BETA, 1) == [] and faces(s, BETA, 1) == []
    assert names(s.banished[BETA]) == ["2S", "10D", "9D"] and s.graves[BETA][-1] == c("QD")
    assert row(s, BETA, 2) == ["4S"]  # other rows are untouched


def test_after_the_sweep_each_player_takes_the_points_of_their_own_banished_zone() -> None:
    s = start(_sweep_table())
    events = play(s, "attack row1 row1")
    assert damage_to(events, BETA) == [(2 + 10 + 9, "abyss")]
    assert damage_to(events, ALPHA) == [(3, "abyss")]


def test_the_big_joker_goes_to_the_banished_zone_after_attacking_and_heals_ten() -> None:
    s = start(_sweep_table())
    events = play(s, "attack row1 row1")
    assert s.joker[ALPHA] == -1 and s.banished[ALPHA][-1] == c("JKR")
    assert heals_of(events, ALPHA) == [(10, "joker")]
    assert s.life == [50 - 3 + 10, 50 - 21]


def test_in_the_sweep_banished_face_cards_count_one_point_and_jokers_none() -> None:
    # the sweep's damage counts banished face cards 1 point (花牌算作一点) and jokers 0
    s = start(_sweep_table(banished={"alpha": ["KC", "JKB"], "beta": ["2S"]}))
    events = play(s, "attack row1 row1")
    assert damage_to(events, ALPHA) == [(1, "abyss")]


def _direct_table(deck: list[str], **options: Any) -> Any:
    setup = table([], [], alpha_rows=[["7D", "AD"], [], []], joker={"alpha": 1}, decks={"beta": deck})
    return start(setup, **options)


def test_a_direct_big_joker_attack_banishes_five_deck_cards_and_deals_their_points() -> None:
    s = _direct_table(["KS", "5H", "3C", "JKB", "10D"])
    events = play(s, "attack row1 direct")
    assert not s.decks[BETA]
    assert sorted(names(s.banished[BETA])) == sorted(["5H", "3C", "JKB", "10D"])
    assert s.graves[BETA][-1] == c("KS")  # 花牌则送去墓地
    assert damage_to(events, BETA) == [(1 + 5 + 3 + 0 + 10, "abyss_direct")]  # 花牌算作一点
    assert heals_of(events, ALPHA) == [(10, "joker")] and s.joker[ALPHA] == -1


def test_a_direct_big_joker_attack_takes_five_random_cards_from_a_larger_deck() -> None:
    deck = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    s = _direct_table(deck)
    events = play(s, "attack row1 direct")
    assert len(s.banished[BETA]) == 5
    assert len(s.decks[BETA]) + len(s.hands[BETA]) == 3  # beta has since drawn two of the three left
    ranks = [1 if x[0] == "A" else int(x[:-1]) for x in names(s.banished[BETA])]
    assert damage_to(events, BETA) == [(sum(ranks), "abyss_direct")]


def test_a_direct_big_joker_attack_on_a_thin_deck_takes_what_there_is() -> None:
    s = _direct_table(["9S", "2S"])
    events = play(s, "attack row1 direct")
    assert not s.decks[BETA] and damage_to(events, BETA) == [(11, "abyss_direct")]


def test_by_default_the_direct_big_joker_attack_does_not_add_the_rows_total() -> None:
    s = _direct_table(["9S", "2S"])
    assert [d for d in damage_to(play(s, "attack row1 direct"), BETA) if d[1] == "direct"] == []


def test_with_joker_direct_row_damage_the_rows_total_is_dealt_too() -> None:
    s = _direct_table(["9S", "2S"], joker_direct_row_damage=True)
    assert damage_to(play(s, "attack row1 direct"), BETA) == [(11, "abyss_direct"), (8, "direct")]


# --------------------------------------------------------------------------------------- 大王 vs 大王
def _clash(alpha_hand: list[str], beta_hand: list[str], **options: Any) -> Any:
    """Both 大王 in row 1; alpha (♦5, ♦Q) attacks beta's row 1 (♦4, ♦K)."""
    setup = table(alpha_hand, beta_hand, alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                  faces={"alpha": [["QD"], [], []], "beta": [["KD"], [], []]}, joker={"alpha": 1, "beta": 1})
    s = start(setup, **options)
    if phase(s) == "PLACE":
        play(s, "done")
    play(s, "attack row1 row1")
    return s


def test_a_big_joker_attacking_a_big_joker_row_opens_the_clash_for_the_attacker_first() -> None:
    s = _clash([], [])
    assert phase(s) == "CLASH_ATTACKER" and s.to_move == ALPHA and legal(s) == ["fight", "yield"]


def test_an_attacker_who_gives_up_loses_the_big_joker_takes_ten_and_loses_the_rows_face_cards() -> None:
    s = _clash([], [])
    events = play(s, "yield")
    assert s.joker == [-1, 0] and s.banished[ALPHA] == [c("JKR")]
    assert damage_to(events, ALPHA) == [(10, "clash")] and not heals_of(events, ALPHA)
    assert faces(s, ALPHA, 1) == [] and s.graves[ALPHA][-1] == c("QD")
    assert row(s, BETA, 1) == ["4D"] and s.turn_seat == BETA  # the attack is over


def test_a_defender_who_gives_up_loses_the_big_joker_and_the_sweep_goes_on() -> None:
    s = _clash([], [])
    play(s, "fight")
    assert phase(s) == "CLASH_DEFENDER" and s.to_move == BETA
    events = play(s, "yield")
    assert s.joker == [-1, -1]
    assert (10, "clash") in damage_to(events, BETA) and faces(s, BETA, 1) == []
    assert row(s, BETA, 1) == [] and c("4D") in s.banished[BETA]
    assert heals_of(events, ALPHA) == [(10, "joker")]


def test_when_both_fight_each_puts_down_the_hand_cards_of_the_rows_suit_and_the_lower_total_loses() -> None:
    s = _clash(["3D", "6D", "9S"], ["9D", "KH"])
    events = play(s, "fight", "fight")
    # alpha 5+3+6 = 14, beta 4+9 = 13: beta's 大王 is destroyed and its row is swept
    assert of_kind(events, "clash_totals") == [{"attacker": 14, "defender": 13, "loser": BETA}]
    assert row(s, ALPHA, 1) == ["5D", "3D", "6D"] and names(s.hands[ALPHA]) == ["9S"]
    assert s.joker == [-1, -1] and row(s, BETA, 1) == [] and names(s.hands[BETA]) == ["KH"]
    # the cards put down are special placements: one damage each (option clash_self_damage)
    assert (2, "special_placement") in damage_to(events, ALPHA) and (1, "special_placement") in damage_to(events, BETA)


def test_when_both_fight_and_the_defender_is_higher_the_attackers_big_joker_is_destroyed() -> None:
    s = _clash(["AD"], ["9D"])
    events = play(s, "fight", "fight")
    assert s.joker == [-1, 0] and faces(s, ALPHA, 1) == [] and faces(s, BETA, 1) == ["KD"]
    assert (10, "clash") in damage_to(events, ALPHA) and row(s, BETA, 1) == ["4D", "9D"]


def test_a_tied_clash_goes_to_the_attacker() -> None:
    s = _clash(["4D"], ["5D"])  # 5+4 = 4+5
    play(s, "fight", "fight")
    assert s.joker == [-1, -1] and row(s, BETA, 1) == []


def test_with_clash_self_damage_false_putting_cards_down_costs_nothing() -> None:
    s = _clash(["3D", "6D"], ["9D"], clash_self_damage=False)
    events = play(s, "fight", "fight")
    assert not [d for d in of_kind(events, "damage") if d["source"] == "special_placement"]


def test_by_default_hearts_stay_in_hand_in_a_clash() -> None:
    s = _clash(["3D", "6H"], ["2D"])
    play(s, "fight", "fight")
    assert row(s, ALPHA, 1) == ["5D", "3D"] and names(s.hands[ALPHA]) == ["6H"]


def test_with_clash_hearts_hearts_go_down_in_rows_one_and_two() -> None:
    s = _clash(["3D", "6H"], ["2D"], clash_hearts=True)
    play(s, "fight", "fight")
    assert sorted(row(s, ALPHA, 1)) == ["3D", "5D", "6H"]


# -------------------------------------------------------------------------------------- 小王 深渊骑士
def test_on_my_turn_the_small_joker_destroys_the_opponents_big_joker_at_no_cost() -> None:
    s = start(table(["JKB"], [], beta_rows=[[], ["5S"], []], faces={"beta": [[], ["QS", "JS"], []]},
                    joker={"beta": 2}))
    assert "knight" in legal(s)
    events = play(s, "knight")
    assert s.joker[BETA] == -1 and s.banished[BETA] == [c("JKR")]
    assert faces(s, BETA, 2) == [] and row(s, BETA, 2) == ["5S"]  # its row's face cards go, normal cards stay
    # the 小王 text names no damage to the 大王's owner (knight_damage=0 by default), nor to its user on his turn
    assert not damage_to(events, BETA) and not damage_to(events, ALPHA)
    assert s.graves[ALPHA][-1] == c("JKB")


def test_the_small_joker_needs_an_opposing_big_joker() -> None:
    s = start(table(["JKB", "AS"], []))
    assert "knight" not in legal(s)


def test_with_knight_damage_ten_the_big_jokers_owner_takes_ten_as_in_the_clash() -> None:
    s = start(table(["JKB"], [], beta_rows=[[], ["5S"], []], joker={"beta": 2}), knight_damage=10)
    events = play(s, "knight")
    assert damage_to(events, BETA) == [(10, "knight")] and s.joker[BETA] == -1


def _beta_places_joker(alpha_hand: list[str], **more: Any) -> Any:
    setup = table(alpha_hand, ["JKR", "9S"], beta_rows=[["5D"], [], []], to_move="beta", first="alpha", **more)
    s = start(setup)
    play(s, "place JKR row1")
    return s


def test_placing_the_big_joker_opens_a_window_for_the_opponents_small_joker() -> None:
    s = _beta_places_joker(["JKB"])
    assert phase(s) == "KNIGHT_WINDOW" and s.to_move == ALPHA and legal(s) == ["decline", "knight"]


def test_the_small_joker_on_the_opponents_turn_costs_its_user_five() -> None:
    s = _beta_places_joker(["JKB"])
    events = play(s, "knight")
    assert damage_to(events, ALPHA) == [(5, "knight_cost")] and not damage_to(events, BETA)
    assert s.joker[BETA] == -1 and phase(s) == "PLACE" and s.to_move == BETA


def test_declining_leaves_the_big_joker_on_the_field() -> None:
    s = _beta_places_joker(["JKB"])
    play(s, "decline")
    assert s.joker[BETA] == 0 and s.to_move == BETA and c("JKB") in s.hands[ALPHA]


def test_the_window_opens_even_for_a_player_without_the_small_joker_so_it_reveals_nothing() -> None:
    s = _beta_places_joker([], rest={"alpha": "deck", "beta": "graveyard"})  # alpha's 小王 is in the deck
    assert phase(s) == "KNIGHT_WINDOW" and legal(s) == ["decline"]
    assert s.view(BETA)["pending"] == {"kind": "knight_window", "joker_owner": BETA, "row": 1}


def test_no_window_opens_when_the_small_joker_is_known_to_be_gone() -> None:
    s = _beta_places_joker([])  # every other card of alpha's, 小王 included, is in the graveyard
    assert phase(s) == "PLACE" and s.to_move == BETA


# ------------------------------------------------------------------------------------ more 大王 paths
def test_the_big_joker_wins_its_attack_on_the_turn_it_is_placed() -> None:
    s = start(table(["JKR"], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], [], []]))
    play(s, "place JKR row1")  # beta's 小王 is in the graveyard: no window; nothing else to place
    assert phase(s) == "ATTACK" and legal(s) == ["pass", "attack row1 row1"]  # 1 against 19
    play(s, "attack row1 row1")
    assert row(s, BETA, 1) == [] and s.joker[ALPHA] == -1


def test_the_big_joker_stays_and_still_attacks_when_its_rows_normal_cards_are_gone() -> None:
    # beta's attack takes alpha's only card of the 大王 row; the 大王 stays (only placement needs a normal card)
    s = start(table([], [], alpha_rows=[["2D"], [], []], beta_rows=[["9D"], [], []], joker={"alpha": 1},
                    to_move="beta", first="alpha"))
    play(s, "attack row1 row1")
    assert row(s, ALPHA, 1) == [] and s.joker[ALPHA] == 0
    assert s.turn_seat == ALPHA and legal(s) == ["pass", "attack row1 row1"]  # 必胜 from an empty row
    play(s, "attack row1 row1")
    assert row(s, BETA, 1) == [] and c("9D") in s.banished[BETA]


def test_a_king_in_the_swept_row_heals_its_owner_for_each_banished_card() -> None:
    # the normal cards are banished while the K is still there, then the face cards go
    s = start(table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], [], []],
                    faces={"beta": [["QD", "KD"], [], []]}, joker={"alpha": 1}))
    events = play(s, "attack row1 row1")
    assert heals_of(events, BETA) == [(1, "k_passive"), (1, "k_passive")]
    assert faces(s, BETA, 1) == [] and names(s.graves[BETA][-2:]) == ["QD", "KD"]
    assert s.life[BETA] == 50 + 2 - 19


def test_king_option_three_leaves_the_big_joker_in_its_row() -> None:
    # 不受花牌效果影响: 除外…所有的普通牌 takes the normal cards only
    s = start(table(["AS"], [], alpha_rows=[["2D", "3D"], [], []], faces={"alpha": [["KD"], [], []]},
                    joker={"alpha": 1}))
    play(s, "charge3 row1")
    assert row(s, ALPHA, 1) == [] and s.joker[ALPHA] == 0 and c("JKR") not in s.banished[ALPHA]


def test_a_direct_big_joker_attack_leaves_the_rest_of_the_deck_in_its_order() -> None:
    # 随机将对方牌组中的五张牌除外: five go, the other three keep their order (top first here: AS … 8S)
    deck = ["AS", "2S", "3S", "4S", "5S", "6S", "7S", "8S"]
    s = _direct_table(deck)
    play(s, "attack row1 direct")
    left = [x for x in deck if x not in names(s.banished[BETA])]
    assert len(left) == 3
    # beta's turn drew the top two of the three left; the third is still in the deck
    assert sorted(names(s.hands[BETA])) == sorted(left[:2]) and names(s.decks[BETA]) == left[2:]


def test_the_small_joker_destroys_a_big_joker_immune_to_face_cards_with_its_rows_face_cards() -> None:
    # on the opponent's turn: the 大王's row loses its face cards, the 小王 goes to the user's graveyard
    s = _beta_places_joker(["JKB"], faces={"beta": [["QD", "KD"], [], []]})
    play(s, "knight")
    assert faces(s, BETA, 1) == [] and names(s.graves[BETA][-2:]) == ["QD", "KD"]
    assert s.graves[ALPHA][-1] == c("JKB") and s.banished[BETA] == [c("JKR")]
