"""Variant options for the readings careful players dispute (issue 15): each default and its alternative, on
positions built from the documented setup format (docs/rules/wizard-towers.md §3, §11)."""

from __future__ import annotations

import pytest
from wt_support import (
    BLUE,
    ORANGE,
    PURPLE,
    finish_turn,
    kinds,
    legal,
    of_kind,
    phase,
    play,
    said,
    start,
    stop_drawing,
    with_bags,
)

from tablecraft.core.errors import SetupError


# ---------------------------------------------------------------- 防守1 / gap 0-11: hand cards in a tower's defence
def _tower_attacked(**options: object) -> object:
    s = start({"hands": {"orange": ["KH"], "purple": ["9S"]},
               "towers": {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}}, **options)
    stop_drawing(s)
    play(s, "attack left", "play KH")
    return s


def test_the_wizard_may_add_a_hand_card_to_a_towers_defence_by_default() -> None:
    s = _tower_attacked()
    assert s.to_move == PURPLE and legal(s) == ["play 9S", "play left#1"]


def test_with_tower_hand_cards_off_a_tower_defends_with_its_own_cards_only() -> None:
    s = _tower_attacked(tower_hand_cards=False)
    assert legal(s) == ["play left#1"]
    # the wizard's only card stays in hand; the rest of the tower procedure is unchanged
    play(s, "play left#1")
    assert s.hands[PURPLE] != [] and s.towers[0] == []


# ------------------------------------------------------------ 巫师特殊规则2 / gap 0-12: defending himself
def _wizard_attacked(**options: object) -> object:
    s = start({"hands": {"orange": ["9H"], "purple": ["KS"]}, "towers": {"left": ["5S"], "right": [], "main": []}},
              **options)
    stop_drawing(s)
    return s


def test_the_wizard_defends_himself_as_the_direct_target_while_a_side_tower_stands() -> None:
    s = _wizard_attacked()
    play(s, "attack purple", "play 9H")
    assert s.to_move == PURPLE and "play KS" in legal(s)


def test_with_wizard_self_defence_all_empty_a_standing_tower_leaves_him_undefended() -> None:
    s = _wizard_attacked(wizard_self_defence="all_empty")
    events = play(s, "attack purple", "play 9H")
    assert of_kind(events, "no_defence") == [{"seat": PURPLE, "reason": "towers_stand"}]
    assert s.hp[PURPLE] == 150 - 9 and s.hands[PURPLE] == [s.hands[PURPLE][0]]
    assert said(events, "no_defence", "zh") == ["巫师塔上仍有牌，巫师不能防守（除非巫师塔无牌）"]


def test_with_wizard_self_defence_all_empty_he_defends_once_every_tower_is_empty() -> None:
    s = start({"hands": {"orange": ["9H"], "purple": ["KS"]}, "towers": {"left": [], "right": [], "main": []}},
              wizard_self_defence="all_empty")
    stop_drawing(s)
    play(s, "attack purple", "play 9H")
    assert s.to_move == PURPLE and "play KS" in legal(s)


# ----------------------------------------------------------- 特殊牌 「若以该牌的花色为行动花色」 / gap 0-15
def _spade_ace_beside_the_lead(**options: object) -> tuple[object, list]:
    s = start({"hands": {"orange": ["AS", "5S"], "blue": ["KD"]}}, **options)
    stop_drawing(s)
    return s, play(s, "attack blue", "play AS", "play 5S", "lead 2", "play KD")


def test_an_ace_beside_a_leading_card_of_its_suit_does_not_fire_by_default() -> None:
    s, events = _spade_ace_beside_the_lead()
    # 13 − (1 + 5 + 1 for ♠ over ♦) = 6 to orange, and nothing more
    assert s.hp[:2] == [94, 100]
    assert of_kind(events, "battle")[0]["ace"] is None


def test_with_ace_trigger_suit_an_ace_fires_whenever_its_suit_is_the_action_suit() -> None:
    s, events = _spade_ace_beside_the_lead(ace_trigger="suit")
    # the same 6 to orange, then ♠A 暗杀: ⌊6 × 1.5⌋ = 9 to blue
    assert s.hp[:2] == [94, 91]
    assert of_kind(events, "battle")[0]["ace"] == {"side": 0, "card": "AS", "effect": "assassination"}
    assert "6 × 1.5 rounded down = 9" in said(events, "damage")[1]


# ------------------------------------------------------------------------- 防守2: a Joker in a joint defence
def _joint_defence(**options: object) -> object:
    s = start({"hands": {"purple": ["9C"], "orange": ["JKR"], "blue": ["3D"]}, "to_move": "purple"}, **options)
    stop_drawing(s)
    play(s, "attack orange", "play 9C", "substitute", "play 3D")
    return s


def test_the_attacked_warrior_may_not_add_a_joker_to_a_joint_defence_by_default() -> None:
    s = _joint_defence()
    # orange holds only the Joker: he is asked all the same (skipping him would tell the others his hand is all
    # Jokers, issue 13), and his one option is done; the battle is 9♣ against 3♦ alone
    assert s.to_move == ORANGE and legal(s) == ["done"]
    play(s, "done")
    assert s.hp == [100, 94, 150] and s.hands[ORANGE] != []


def test_with_joint_joker_the_attacked_warrior_adds_a_joker_that_counts_fifteen_without_leading() -> None:
    s = _joint_defence(joint_joker=True)
    assert s.to_move == ORANGE and legal(s) == ["play JKR", "done"]
    events = play(s, "play JKR")
    battle = of_kind(events, "battle")[0]
    # B's 3♦ leads (防守2), so the Joker's +1 is not earned: 3 + 15 = 18 against 9, the wizard takes 9
    assert battle["leads"] == [0, 0] and battle["bonus"] == [0, 0]
    assert s.hp == [100, 100, 141]


# ---------------------------------------------------------------- 游戏开始3: coins drawn after the turn's draw
def _kill_draws_a_coin(**options: object) -> object:
    setup = with_bags({"hands": {"orange": ["KS"]}, "hp": {"blue": 1}}, orange=[])
    s = start(setup, **options)
    stop_drawing(s)
    play(s, "attack blue", "play KS")  # blue has no card: 13 kills him
    assert phase(s) == "KILL_DRAW" and s.to_move == ORANGE
    play(s, "draw orange")  # the orange bag holds only its coin
    assert s.coins[ORANGE] == [0]
    finish_turn(s)  # the wizard's turn
    return s


def test_a_coin_drawn_in_kill_draws_is_simply_held_until_the_next_turn_by_default() -> None:
    s = _kill_draws_a_coin()
    assert s.turn_seat == ORANGE and phase(s) == "DRAW" and s.coins[ORANGE] == []


def test_with_late_coin_stall_a_coin_drawn_in_kill_draws_skips_the_holders_next_turn() -> None:
    s = _kill_draws_a_coin(late_coin="stall")
    assert s.turn_seat == PURPLE and s.coins[ORANGE] == []
    skipped = [e for e in s.log(None) if e["kind"] == "skipped"]
    assert skipped[-1]["seat"] == ORANGE and skipped[-1]["reason"] == "late coin"


def test_with_late_coin_stall_the_wizards_end_draw_coin_skips_his_next_turn() -> None:
    setup = with_bags({"to_move": "purple"}, green=[])
    s = start(setup, late_coin="stall")
    stop_drawing(s)  # with no card to act with, his turn goes straight to the idle end draw
    assert phase(s) == "END_DRAW"
    play(s, "draw green")
    assert s.coins[PURPLE] == [2] and s.view(ORANGE)["players"][PURPLE]["stalled"] is True
    finish_turn(s)
    events = finish_turn(s)  # orange, then blue; purple's turn starts skipped
    assert of_kind(events, "skipped") == [{"seat": PURPLE, "reason": "late coin"}]
    # the coin went home; skipped by a coin, he still has his idle end draw (coin_skip_end_draw, gap 0-7)
    assert s.turn_seat == PURPLE and phase(s) == "END_DRAW" and s.coins[PURPLE] == []


def test_a_setup_can_stall_a_seat_holding_a_coin_and_nobody_else() -> None:
    s = start({"coins": {"orange": ["blue"]}, "stalled": ["orange"]})
    assert s.turn_seat == BLUE and s.coins[ORANGE] == []
    with pytest.raises(SetupError, match="stalled lists blue, who holds no spiral coin"):
        start({"stalled": ["blue"]})


# ---------------------------------------------------------------------- 特殊牌3: ♥A healing at 0 HP or below
def _heart_ace_at_three_hp(**options: object) -> tuple[object, list]:
    s = start({"hands": {"orange": ["AH", "8D"], "blue": ["KS"]}, "hp": {"orange": 3}}, **options)
    stop_drawing(s)
    return s, play(s, "attack blue", "play AH", "play 8D", "lead 1", "play KS")


def test_heart_ace_healing_saves_a_player_the_battle_took_to_zero_by_default() -> None:
    s, _ = _heart_ace_at_three_hp()
    assert s.alive[ORANGE] and s.hp[ORANGE] == 3 - 3 + 13


def test_with_heal_saves_off_a_player_at_zero_after_the_battle_damage_dies_unhealed() -> None:
    s, events = _heart_ace_at_three_hp(heal_saves=False)
    assert not s.alive[ORANGE] and not of_kind(events, "healed")
    assert of_kind(events, "heal_too_late") == [{"seat": ORANGE, "amount": 13, "hp": 0}]
    assert said(events, "heal_too_late") == [
        "orange (warrior)'s ♥A supply (13) comes too late: the battle damage has brought him to 0 HP"]


# -------------------------------------------------------------------------- 防守3 / gap 0-8: the wizard's coin
def _tower_attacked_by_coin_holder(**options: object) -> tuple[object, list]:
    s = start({"hands": {"orange": ["KH"], "purple": ["9S"]}, "coins": {"purple": ["green"]},
               "towers": {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}}, **options)
    stop_drawing(s)
    return s, play(s, "attack left", "play KH")


def test_a_coin_holding_wizards_tower_defends_by_itself_by_default() -> None:
    s, events = _tower_attacked_by_coin_holder()
    assert "tower_defends" in kinds(events) and "battle" in kinds(events)


def test_with_coin_bars_wizard_off_the_coin_holding_wizard_defends_as_usual() -> None:
    s, events = _tower_attacked_by_coin_holder(coin_bars_wizard=False)
    assert "tower_defends" not in kinds(events)
    assert s.to_move == PURPLE and legal(s) == ["play 9S", "play left#1"]
