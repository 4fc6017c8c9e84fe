"""How the game ends: life at zero (胜利条件), 深海时代 (more than 54 banished cards), both at zero, the turn cap
(seed 001 · 胜利条件, 特殊胜利条件; gaps 1-19, 1-23)."""

from __future__ import annotations

from xf_support import ALPHA, BETA, play, start, table

from tablecraft.core.cards import DECK_SIZE, card_str


def cards_but(n: int, *keep: str) -> list[str]:
    """The first ``n`` cards of a deck in card order, skipping ``keep`` (cards the test puts elsewhere)."""
    return [x for x in (card_str(i) for i in range(DECK_SIZE)) if x not in keep][:n]


def test_the_opponents_life_at_zero_wins() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D"], [], []],
                    life={"alpha": 50, "beta": 2}))
    play(s, "attack row1 row1")
    assert s.is_terminal() and s.winners() == [ALPHA] and s.end_reason == "life_zero"


def test_self_damage_to_zero_loses() -> None:
    s = start(table(["JKB"], ["JKR", "9S"], beta_rows=[["5D"], [], []], to_move="beta", first="alpha",
                    life={"alpha": 5, "beta": 50}))
    play(s, "place JKR row1", "knight")  # alpha answers 大王 at 5 life: 小王 costs 5
    assert s.is_terminal() and s.winners() == [BETA]


def test_both_at_zero_at_once_is_a_draw() -> None:
    # the sweep: beta takes 2+9 = 11 (≥ 10 life), alpha takes 20 − 10 healed = 10 net (≥ 5 life)
    s = start(table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["9D"], [], []], joker={"alpha": 1},
                    banished={"alpha": ["10C", "10S"], "beta": ["2S"]}, life={"alpha": 5, "beta": 10}))
    play(s, "attack row1 row1")
    assert s.is_terminal() and s.winners() == [] and s.end_reason == "both_zero"
    assert s.returns() == [0.0, 0.0]


def test_the_big_jokers_heal_comes_before_the_check_and_may_save_the_attacker() -> None:
    s = start(table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["9D"], [], []], joker={"alpha": 1},
                    banished={"alpha": ["10C"], "beta": []}, life={"alpha": 5, "beta": 50}))
    play(s, "attack row1 row1")
    assert not s.is_terminal() and s.life[ALPHA] == 5  # 5 − 10 + 10


def test_fifty_four_banished_cards_do_not_end_the_game() -> None:
    s = start(table(["AS"], [], banished={"alpha": cards_but(27, "AS"), "beta": cards_but(27)}))
    assert s.banished_count() == 54 and not s.is_terminal()


def test_more_than_fifty_four_banished_cards_win_for_the_player_whose_effect_did_it() -> None:
    setup = table([], ["KH"], alpha_rows=[[], [], ["9C"]], beta_rows=[[], [], ["6C"]],
                  faces={"alpha": [[], [], ["QC"]]},
                  banished={"alpha": cards_but(27, "9C", "QC"), "beta": cards_but(27, "6C", "KH")})
    s = start(setup)
    assert s.banished_count() == 54
    play(s, "attack row3 row3")  # 深渊的呼唤 banishes beta's ♣6: 55 cards
    assert s.is_terminal() and s.end_reason == "deep_sea" and s.winners() == [ALPHA]


def test_deep_sea_wins_even_for_the_player_who_lost_the_card() -> None:
    # beta's own 小王 answer destroys alpha's 大王 on alpha's turn: beta's effect makes the 55th card
    setup = table(["JKR"], ["JKB"], alpha_rows=[["5D"], [], []],
                  banished={"alpha": cards_but(27, "JKR", "5D"), "beta": cards_but(27, "JKB")})
    s = start(setup)
    assert s.banished_count() == 54
    play(s, "place JKR row1", "knight")
    assert s.is_terminal() and s.end_reason == "deep_sea" and s.winners() == [BETA]


def test_the_standard_game_ends_with_a_result() -> None:
    s = start(None, seed=11)
    while not s.is_terminal():
        s.apply(s.legal_actions()[-1])
    assert s.end_reason in ("life_zero", "deep_sea", "both_zero", "turn_cap")
    assert len(s.winners()) <= 1 and sum(s.returns()) == 0.0
    assert all(len(s.hands[p]) + len(s.decks[p]) <= DECK_SIZE for p in (0, 1))
