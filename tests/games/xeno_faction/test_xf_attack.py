"""The attack phase: the row-targeting table for every attacker row and every field, damage, ties (seed 001 ·
攻击阶段, 攻击伤害计算 ①②, 攻击规则; gaps 1-10 … 1-14)."""

from __future__ import annotations

import itertools

import pytest
from xf_support import ALPHA, BETA, damage_to, legal, names, phase, play, row, start, table

from tablecraft.games.xeno_faction.rules import targets
from tablecraft.games.xeno_faction.spec import DIRECT

# The seed's 攻击规则, written out case by case (rows 1 ♦, 2 ♠, 3 ♣; "occupied" = the defender's row holds a
# normal card). Key: (attacking row, row1 occupied, row2 occupied, row3 occupied) → rows that may be attacked.
SEED_TABLE: dict[tuple[int, bool, bool, bool], list[str]] = {
    # ♦ row: ① ♦ occupied → only ♦; ② ♦ empty → only ♠; ③ ♦ ♠ empty → only ♣ (×2); ④ all empty → the player
    (1, True, True, True): ["row1"], (1, True, True, False): ["row1"],
    (1, True, False, True): ["row1"], (1, True, False, False): ["row1"],
    (1, False, True, True): ["row2"], (1, False, True, False): ["row2"],
    (1, False, False, True): ["row3"], (1, False, False, False): ["direct"],
    # ♠ row: ① ♦ occupied → ♦ or ♠; ③ … but ♠ empty → only ♦; ② ♦ empty → only ♠; ④ ♦ ♠ empty → none;
    # ⑤ all empty → the player
    (2, True, True, True): ["row1", "row2"], (2, True, True, False): ["row1", "row2"],
    (2, True, False, True): ["row1"], (2, True, False, False): ["row1"],
    (2, False, True, True): ["row2"], (2, False, True, False): ["row2"],
    (2, False, False, True): [], (2, False, False, False): ["direct"],
    # ♣ row: ① ♦ occupied → only ♦; ② ♦ empty → only ♣; ③ ♦ ♣ empty, ♠ occupied → none; ④ ♦ ♠ empty → ♣;
    # ⑤ all empty → the player
    (3, True, True, True): ["row1"], (3, True, True, False): ["row1"],
    (3, True, False, True): ["row1"], (3, True, False, False): ["row1"],
    (3, False, True, True): ["row3"], (3, False, True, False): [],
    (3, False, False, True): ["row3"], (3, False, False, False): ["direct"],
}
CASES = sorted(SEED_TABLE)
ATTACKERS = {1: ["10D", "9D"], 2: ["10S", "9S"], 3: ["10C", "9C"]}


def _case_id(key: tuple[int, bool, bool, bool]) -> str:
    r, *occ = key
    field = "".join("♦♠♣"[i] if o else "-" for i, o in enumerate(occ))
    return f"row{r}-vs-{field}"


@pytest.mark.parametrize("key", CASES, ids=[_case_id(k) for k in CASES])
def test_row_targeting_follows_the_seeds_table(key: tuple[int, bool, bool, bool]) -> None:
    r, d, s_, c_ = key
    beta_rows = [["AD"] if d else [], ["AS"] if s_ else [], ["AC"] if c_ else []]
    alpha_rows: list[list[str]] = [[], [], []]
    alpha_rows[r - 1] = ATTACKERS[r]
    s = start(table([], [], alpha_rows=alpha_rows, beta_rows=beta_rows))
    expected = [f"attack row{r} {t}" for t in SEED_TABLE[key]]
    if expected:
        assert phase(s) == "ATTACK"
        assert [a for a in legal(s) if a.startswith("attack")] == expected
    else:  # no attack possible: the attack phase is not even asked
        assert s.turn_seat == BETA


@pytest.mark.parametrize("key", CASES, ids=[_case_id(k) for k in CASES])
def test_the_pure_targeting_function_matches_the_seeds_table(key: tuple[int, bool, bool, bool]) -> None:
    r, *occ = key
    got = targets(r - 1, (occ[0], occ[1], occ[2]))
    assert ["direct" if t == DIRECT else f"row{t + 1}" for t in got] == SEED_TABLE[key]


def test_the_table_covers_every_field_for_every_row() -> None:
    assert set(SEED_TABLE) == {(r, *occ) for r in (1, 2, 3) for occ in itertools.product((True, False), repeat=3)}


# ------------------------------------------------------------------------------------------------ damage
def test_an_attack_needs_a_strictly_greater_total() -> None:
    s = start(table([], [], alpha_rows=[["5D"], [], []], beta_rows=[["5H"], [], []]))
    assert s.turn_seat == BETA  # 5 against 5: no attack (gap 1-10)
    s = start(table([], [], alpha_rows=[["6D"], [], []], beta_rows=[["5H"], [], []]))
    assert legal(s) == ["pass", "attack row1 row1"]


def test_a_won_attack_removes_the_lowest_card_and_deals_its_value() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D", "5D"], [], []], beta_rows=[["7H", "3D"], [], []]))
    events = play(s, "attack row1 row1")
    assert row(s, BETA, 1) == ["7H"] and names(s.graves[BETA][-1:]) == ["3D"]
    assert damage_to(events, BETA) == [(3, "attack")] and s.life == [50, 47]
    assert row(s, ALPHA, 1) == ["9D", "5D"]  # the attacking cards stay


def test_with_equal_lowest_cards_the_defender_chooses_which_goes() -> None:
    s = start(table([], ["KH"], alpha_rows=[["10D", "9D"], [], []], beta_rows=[["3D", "8D", "3H"], [], []]))
    play(s, "attack row1 row1")
    assert phase(s) == "LOSE" and s.to_move == BETA
    assert legal(s) == ["lose 3H", "lose 3D"]
    events = play(s, "lose 3H")
    assert row(s, BETA, 1) == ["3D", "8D"] and damage_to(events, BETA) == [(3, "attack")]


def test_the_diamond_row_deals_double_damage_to_the_club_row() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D", "5D"], [], []], beta_rows=[[], [], ["6C", "4C"]]))
    events = play(s, "attack row1 row3")
    assert damage_to(events, BETA) == [(8, "attack")] and row(s, BETA, 3) == ["6C"]


def test_the_club_row_attacking_the_club_row_deals_single_damage() -> None:
    s = start(table([], ["KH"], alpha_rows=[[], [], ["9C", "5C"]], beta_rows=[[], [], ["6C", "4C"]]))
    events = play(s, "attack row3 row3")
    assert damage_to(events, BETA) == [(4, "attack")]


@pytest.mark.parametrize(("r", "cards"), [(1, ["7D", "6H"]), (2, ["7S", "6H"]), (3, ["7C", "6C"])])
def test_a_direct_attack_deals_the_whole_rows_total(r: int, cards: list[str]) -> None:
    alpha_rows: list[list[str]] = [[], [], []]
    alpha_rows[r - 1] = cards
    s = start(table([], ["KH"], alpha_rows=alpha_rows))
    events = play(s, f"attack row{r} direct")  # ④/⑤: 玩家受到…所有点数总和的伤害, never doubled
    assert damage_to(events, BETA) == [(13, "direct")] and s.life == [50, 37]
    assert row(s, ALPHA, r) == cards


def test_an_ordinary_row_attacks_a_row_holding_the_big_joker_like_any_other() -> None:
    # 必胜 is the 大王 row's attack only: defending, it is an ordinary row; the attack removes the lowest normal
    # card and the 大王 stays (it is no normal card, X-3/X-19)
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D", "5D"], [], []], joker={"beta": 1}))
    events = play(s, "attack row1 row1")
    assert row(s, BETA, 1) == ["5D"] and s.joker[BETA] == 0 and damage_to(events, BETA) == [(2, "attack")]


def test_a_row_holding_only_face_cards_counts_as_empty() -> None:
    s = start(table([], [], alpha_rows=[["9D"], [], []], beta_rows=[[], ["AS"], []],
                    faces={"beta": [["QD"], [], []]}))
    assert [a for a in legal(s) if a.startswith("attack")] == ["attack row1 row2"]


def test_a_row_without_normal_cards_cannot_attack() -> None:
    s = start(table([], [], faces={"alpha": [["QD"], [], []]}))
    assert s.turn_seat == BETA  # nothing to attack with: the attack phase is passed over


def test_an_attack_sends_the_card_to_the_graveyard_without_a_queen() -> None:
    s = start(table([], ["KH"], alpha_rows=[["9D"], [], []], beta_rows=[["2D"], [], []]))
    play(s, "attack row1 row1")
    assert names(s.graves[BETA][-1:]) == ["2D"] and not s.banished[BETA]


def test_life_may_reach_zero_by_an_attack_and_the_attacker_wins() -> None:
    s = start(table([], ["KH"], alpha_rows=[[], ["10S", "9S"], []], life={"alpha": 50, "beta": 19}))
    play(s, "attack row2 direct")
    assert s.is_terminal() and s.winners() == [ALPHA] and s.end_reason == "life_zero"
    assert s.returns() == [1.0, -1.0]
