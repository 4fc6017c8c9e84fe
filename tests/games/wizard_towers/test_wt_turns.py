"""The turn procedure: order, draws, spiral coins, refills, the idle wizard's end draw and the turn cap
(seed 000 · 游戏开始1–3, 防守3, 特殊规则4, 巫师特殊规则4; gaps 0-3, 0-4, 0-6, 0-7, 0-8)."""

from __future__ import annotations

import pytest
from wt_support import (
    BLUE,
    ORANGE,
    PURPLE,
    finish_turn,
    kinds,
    legal,
    names,
    of_kind,
    phase,
    play,
    start,
    stop_drawing,
    with_bags,
)

import tablecraft


def _turn_seats(s: object) -> list[int]:
    return [e["seat"] for e in of_kind(s.events(), "turn")]


# ------------------------------------------------------------------------------------------- turn order
def test_turns_go_orange_blue_purple_and_round_again() -> None:
    s = start(None)
    for _ in range(4):
        finish_turn(s)
    assert _turn_seats(s) == [ORANGE, BLUE, PURPLE, ORANGE, BLUE]


def test_the_turn_order_skips_a_dead_player() -> None:
    s = start({"hp": {"blue": 0}})
    for _ in range(3):
        finish_turn(s)
    assert _turn_seats(s) == [ORANGE, PURPLE, ORANGE, PURPLE]


def test_the_standard_deal_opens_with_orange_at_the_draw_step() -> None:
    s = start(None)
    assert s.current_player() == ORANGE
    assert legal(s) == ["draw orange", "draw blue", "draw green", "stop"]
    assert [len(b) for b in s.bags] == [17, 17, 16]
    assert [len(t) for t in s.towers] == [1, 1, 2]


# --------------------------------------------------------------------------------------------------- draws
# The drawn-from bag's coin is held by a seat that plays no part, so each draw is certainly a card.
def test_a_warrior_draws_at_most_one_card() -> None:
    s = start({"hands": {"orange": []}, "coins": {"purple": ["orange"]}})
    play(s, "draw orange")
    assert len(s.hands[ORANGE]) == 1
    assert phase(s) == "ACTION"
    assert "draw orange" not in legal(s)


def test_a_warrior_may_decline_to_draw() -> None:
    s = start({"hands": {"orange": ["2C"]}})
    play(s, "stop")
    assert phase(s) == "ACTION" and names(s.hands[ORANGE]) == ["2C"]


def test_a_warrior_with_a_full_hand_is_offered_no_draw() -> None:
    s = start({"hands": {"orange": ["2C", "3C", "4C"]}})
    assert phase(s) == "ACTION"
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("draw orange")


def test_the_wizard_draws_up_to_two_cards() -> None:
    s = start({"to_move": "purple", "coins": {"orange": ["green"]}})
    play(s, "draw green")
    assert phase(s) == "DRAW" and len(s.hands[PURPLE]) == 1
    play(s, "draw green")
    assert phase(s) == "ACTION" and len(s.hands[PURPLE]) == 2
    assert not any(a.startswith("draw") for a in legal(s))


def test_the_wizards_second_draw_is_optional() -> None:
    s = start({"to_move": "purple", "coins": {"orange": ["green"]}})
    play(s, "draw green", "stop")
    assert phase(s) == "ACTION" and len(s.hands[PURPLE]) == 1


def test_the_wizard_stops_drawing_at_his_hand_limit() -> None:
    s = start(
        {"to_move": "purple", "hands": {"purple": ["2C", "3C", "4C", "5C"]}, "coins": {"orange": ["green"]}}
    )
    play(s, "draw green")
    assert len(s.hands[PURPLE]) == 5
    assert phase(s) == "ACTION"


def test_the_wizard_with_a_full_hand_is_offered_no_draw() -> None:
    s = start({"to_move": "purple", "hands": {"purple": ["2C", "3C", "4C", "5C", "6C"]}})
    assert phase(s) == "ACTION"


# --------------------------------------------------------------------------------------------- spiral coins
def _coin_in_orange_bag() -> dict[str, object]:
    """The orange bag holds nothing but its coin (and the junk is empty, so it stays that way)."""
    return with_bags({"hands": {"orange": ["2C"], "blue": ["9S"]}}, orange=[])


def test_drawing_a_coin_ends_the_turn_at_once() -> None:
    s = start(_coin_in_orange_bag())
    events = play(s, "draw orange")
    assert kinds(events)[:2] == ["drew_coin", "skipped"]
    assert "attack" not in kinds(events)
    assert s.turn_seat == BLUE
    assert s.coins[ORANGE] == [0]
    assert s.view(None)["bags"][0]["coin"] is False
    assert names(s.hands[ORANGE]) == ["2C"]


def test_a_drawn_coin_goes_back_to_its_bag_at_the_next_turn_start() -> None:
    s = start(_coin_in_orange_bag())
    play(s, "draw orange")
    finish_turn(s)  # blue
    finish_turn(s)  # purple
    assert s.turn_seat == ORANGE
    assert s.coins[ORANGE] == []
    assert s.view(None)["bags"][0]["coin"] is True
    assert [e["bag"] for e in of_kind(s.events(), "coin_returned")] == ["orange"]
    assert phase(s) == "DRAW"  # then he draws as usual
    assert "draw orange" in legal(s)


def test_with_two_coins_the_first_goes_back_and_the_turn_is_skipped_then_the_second() -> None:
    s = start({"coins": {"orange": ["orange", "blue"]}})
    assert s.turn_seat == BLUE  # orange's turn was skipped outright
    assert s.coins[ORANGE] == [1]  # the orange bag's coin, drawn first, went back first
    assert [(e["seat"], e["reason"]) for e in of_kind(s.events(), "skipped")] == [(ORANGE, "second coin")]
    finish_turn(s)
    finish_turn(s)
    assert s.turn_seat == ORANGE
    assert s.coins[ORANGE] == []
    assert phase(s) == "DRAW"
    assert [e["bag"] for e in of_kind(s.events(), "coin_returned")] == ["orange", "blue"]


def test_a_coin_holding_warrior_cannot_defend() -> None:
    s = start(
        {"to_move": "blue", "hands": {"orange": ["2H", "3H"], "blue": ["9S"]}, "coins": {"orange": ["green"]}}
    )
    stop_drawing(s)
    events = play(s, "attack orange", "play 9S")
    assert "battle" in kinds(events)  # resolved at once: orange was never asked
    assert s.hp[ORANGE] == 91
    assert names(s.hands[ORANGE]) == ["2H", "3H"]


def test_a_coin_holding_warrior_cannot_substitute() -> None:
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["9S"], "orange": ["2H"], "blue": ["KH"]},
            "coins": {"blue": ["green"]},
        }
    )
    stop_drawing(s)
    play(s, "attack orange", "play 9S")
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == ORANGE
    assert "substitute" not in legal(s)


def test_a_coin_holding_wizards_tower_defends_by_itself_with_all_its_cards() -> None:
    s = start(
        {
            "hands": {"orange": ["KH"], "purple": ["QH"]},
            "coins": {"purple": ["green"]},
            "towers": {"left": ["5H"], "right": [], "main": ["9S", "3D"]},
        }
    )
    stop_drawing(s)
    events = play(s, "attack main", "play KH")
    assert of_kind(events, "tower_defends") == [{"tower": "main", "count": 2}]
    [battle] = of_kind(events, "battle")
    assert battle["defence"] == ["9S", "3D"]
    assert s.hp[PURPLE] == 148  # 13 + 1 (♥ over the leading ♠) − 12
    assert names(s.hands[PURPLE]) == ["QH"]  # no hand card was added
    assert s.towers[2] == []


def test_a_coin_holding_wizard_cannot_defend_himself() -> None:
    s = start(
        {
            "hands": {"orange": ["5H"], "purple": ["KS"]},
            "coins": {"purple": ["green"]},
            "towers": {"left": [], "right": ["2S"], "main": []},
        }
    )
    stop_drawing(s)
    events = play(s, "attack purple", "play 5H")
    assert of_kind(events, "battle")[0]["defence"] == []
    assert s.hp[PURPLE] == 145


# ---------------------------------------------------------------------------------------------- refills
JUNK10 = ["2S", "3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS"]


def test_an_emptied_bag_refills_from_the_junk_to_capacity_counting_its_held_coin() -> None:
    setup = with_bags(
        {"junk": JUNK10, "coins": {"blue": ["orange"]}, "capacity": {"orange": 5}}, orange=["2C"]
    )
    s = start(setup)
    events = play(s, "draw orange")
    assert names(s.hands[ORANGE]) == ["2C"]
    # Capacity 5 counts the bag's coin although blue holds it: 4 cards go in, 6 stay in the junk.
    assert of_kind(events, "refilled") == [{"bag": "orange", "count": 4, "junk_left": 6}]
    assert len(s.bags[0]) == 4 and len(s.junk) == 6
    assert set(names(s.bags[0])) | set(names(s.junk)) == set(JUNK10)


def test_an_emptied_bag_refills_to_capacity_with_its_coin_inside() -> None:
    setup = with_bags({"junk": JUNK10, "capacity": {"orange": 5}}, orange=["2C"])
    for seed in range(40):  # find a deal where orange draws the card rather than the coin
        s = start(setup, seed=seed)
        events = play(s, "draw orange")
        if "drew" in kinds(events):
            break
    else:
        raise AssertionError("no seed drew the card")
    assert of_kind(events, "refilled") == [{"bag": "orange", "count": 4, "junk_left": 6}]
    assert len(s.bags[0]) == 4 and s.view(None)["bags"][0]["coin"] is True


def test_a_short_junk_bag_refills_with_all_it_has() -> None:
    setup = with_bags(
        {"junk": ["2S", "3S"], "coins": {"blue": ["orange"]}, "capacity": {"orange": 5}}, orange=["2C"]
    )
    s = start(setup)
    events = play(s, "draw orange")
    assert of_kind(events, "refilled") == [{"bag": "orange", "count": 2, "junk_left": 0}]
    assert sorted(names(s.bags[0])) == ["2S", "3S"] and s.junk == []


def test_an_empty_bag_in_a_setup_is_refilled_from_the_junk_at_once() -> None:
    # "或只剩螺旋硬币": a bag holding only its coin counts as empty.
    s = start(with_bags({"junk": JUNK10, "capacity": {"orange": 5}}, orange=[]))
    assert len(s.bags[0]) == 4 and len(s.junk) == 6


def test_an_emptied_bag_with_empty_junk_stays_empty_until_junk_arrives() -> None:
    setup = with_bags(
        {
            "hands": {"blue": ["5D"], "orange": ["KD"]},
            "coins": {"purple": ["orange"]},
            "capacity": {"orange": 5},
        },
        orange=["2C"],
    )
    s = start(setup)
    play(s, "draw orange")
    assert s.bags[0] == []
    assert "draw orange" not in legal(s)  # neither cards nor its coin are in it
    play(s, "attack blue", "play KD", "done", "play 5D")  # 5D is junked …
    assert names(s.bags[0]) == ["5D"]  # … and refills the empty bag at once
    assert s.junk == []


# ------------------------------------------------------------------------------------- the wizard's end draw
def _wizard_turn(hand: list[str], **options: object) -> object:
    s = start({"to_move": "purple", "hands": {"purple": hand}, "coins": {"orange": ["green"]}}, **options)
    stop_drawing(s)
    return s


def test_an_idle_wizard_may_draw_one_card_at_the_end_of_his_turn() -> None:
    s = _wizard_turn(["2H"])
    play(s, "pass")
    assert phase(s) == "END_DRAW" and s.current_player() == PURPLE
    assert legal(s) == ["draw orange", "draw blue", "draw green", "stop"]
    play(s, "draw green")
    assert len(s.hands[PURPLE]) == 2
    assert s.turn_seat == ORANGE


def test_the_end_draw_is_optional() -> None:
    s = _wizard_turn(["2H"])
    play(s, "pass", "stop")
    assert names(s.hands[PURPLE]) == ["2H"] and s.turn_seat == ORANGE


def test_no_end_draw_after_attacking() -> None:
    s = _wizard_turn(["KS", "2H"])
    play(s, "attack orange", "play KS", "done")
    assert s.hp[ORANGE] == 87
    assert s.turn_seat == ORANGE and phase(s) != "END_DRAW"


def test_no_end_draw_after_adjusting_the_towers() -> None:
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["2H", "3H"]},
            "towers": {"left": [], "right": ["4S"], "main": ["5S"]},
        }
    )
    stop_drawing(s)
    play(s, "place 2H left", "done")
    assert s.turn_seat == ORANGE and phase(s) != "END_DRAW"


def test_no_end_draw_with_a_full_hand() -> None:
    s = _wizard_turn(["2H", "3H", "4H", "5H", "6H"])
    play(s, "pass")
    assert s.turn_seat == ORANGE


def test_a_wizard_skipped_by_a_coin_still_gets_the_end_draw() -> None:
    s = start(with_bags({"to_move": "purple", "hands": {"purple": ["2H"]}}, green=[]))
    play(s, "draw green")
    assert s.coins[PURPLE] == [2]
    assert phase(s) == "END_DRAW" and s.current_player() == PURPLE


def test_a_wizard_whose_second_coin_skips_his_turn_still_gets_the_end_draw() -> None:
    s = start({"to_move": "purple", "hands": {"purple": ["2H"]}, "coins": {"purple": ["orange", "blue"]}})
    assert [(e["seat"], e["reason"]) for e in of_kind(s.events(), "skipped")] == [(PURPLE, "second coin")]
    assert s.coins[PURPLE] == [1]
    assert phase(s) == "END_DRAW" and s.current_player() == PURPLE


def test_a_coin_drawn_at_the_end_draw_is_held_until_the_wizards_next_turn() -> None:
    s = start(with_bags({"to_move": "purple", "hands": {"purple": ["2H"]}}, green=[]))
    stop_drawing(s)
    play(s, "pass", "draw green")  # the green bag holds only its coin
    assert s.coins[PURPLE] == [2] and s.turn_seat == ORANGE
    finish_turn(s)
    finish_turn(s)
    assert s.turn_seat == PURPLE and s.coins[PURPLE] == []  # back in its bag; his turn goes on as usual
    assert phase(s) == "DRAW"


def test_without_coin_skip_end_draw_a_coin_skipped_wizard_does_not_draw() -> None:
    s = start(
        with_bags({"to_move": "purple", "hands": {"purple": ["2H"]}}, green=[]), coin_skip_end_draw=False
    )
    play(s, "draw green")
    assert s.coins[PURPLE] == [2]
    assert s.turn_seat == ORANGE


# ---------------------------------------------------------------------------------------------- turn cap
def test_the_turn_cap_ends_the_game_in_a_draw() -> None:
    s = start(None, max_turns=3)
    finish_turn(s)
    finish_turn(s)
    assert not s.is_terminal()
    finish_turn(s)
    assert s.is_terminal()
    assert s.current_player() == tablecraft.TERMINAL
    assert s.winners() == [] and s.returns() == [0.0, 0.0, 0.0]
    assert s.end_reason == "turn_cap"


def test_the_setups_turn_count_counts_towards_the_cap() -> None:
    s = start({"turn": 4}, max_turns=5)
    assert not s.is_terminal()
    finish_turn(s)
    assert s.is_terminal() and s.winners() == []
