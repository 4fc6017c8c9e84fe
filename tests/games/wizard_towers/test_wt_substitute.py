"""Substitute defence (seed 000 · 防守2, 防守3; gap 0-24; option ``substitute``).

The wizard attacks orange (A) with ♠K + ♠Q (25, the ♠K leading); blue (B) may defend in orange's place.
"""

from __future__ import annotations

import pytest
from wt_support import BLUE, ORANGE, PURPLE, legal, names, of_kind, phase, play, start, stop_drawing

import tablecraft


def _wizard_attacks_orange(
    orange: list[str], blue: list[str], attack: tuple[str, ...] = ("KS", "QS"), **options: object
) -> object:
    s = start(
        {"to_move": "purple", "hands": {"purple": list(attack), "orange": orange, "blue": blue}}, **options
    )
    stop_drawing(s)
    play(s, "attack orange", *(f"play {x}" for x in attack))
    if len(attack) == 2:
        play(s, "lead 1")
    return s


def test_the_other_warrior_is_offered_to_defend_in_place_of_the_attacked_one() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    assert phase(s) == "SUBSTITUTE_OFFER" and s.current_player() == BLUE
    assert legal(s) == ["substitute", "decline"]


def test_no_substitute_is_offered_when_a_warrior_attacks_a_warrior() -> None:
    s = start({"hands": {"orange": ["KH"], "blue": ["2C"], "purple": []}})
    stop_drawing(s)
    play(s, "attack blue", "play KH")
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == BLUE


def test_a_substitute_must_play_at_least_one_card() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    play(s, "substitute")
    assert legal(s) == ["play 3C", "play 9D"]
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("done")


def test_joint_defence_lets_the_attacked_warrior_add_one_card_and_the_substitute_takes_the_damage() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    play(s, "substitute", "play 9D", "done")
    assert s.current_player() == ORANGE and phase(s) == "DEFEND_CARDS"
    assert legal(s) == ["play 5H", "play 2C", "done"]
    events = play(s, "play 5H")
    [battle] = of_kind(events, "battle")
    assert battle["defence"] == ["9D", "5H"]
    assert battle["defence_from"] == ["hand:blue", "hand:orange"]
    # The action card is B's ♦9, which ♠ beats: 25 + 1 − 14 = 12. Had A's ♥5 led (♥ beats ♠) it would be 10.
    assert s.hp == [100, 88, 150]
    assert [(d["seat"], d["amount"]) for d in of_kind(events, "damage")] == [(BLUE, 12)]


def test_the_substitutes_cards_lead_even_when_the_attacked_warrior_plays_the_better_suit() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    play(s, "substitute", "play 9D", "done")
    assert "lead 2" not in legal(s)
    events = play(s, "play 5H")
    assert of_kind(events, "battle")[0]["leads"] == [0, 0]


def test_a_substitute_playing_two_cards_chooses_the_action_card_and_the_attacked_warrior_adds_none() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    play(s, "substitute", "play 9D", "play 3C")
    assert phase(s) == "DEFEND_LEAD" and s.current_player() == BLUE
    events = play(s, "lead 2")
    assert of_kind(events, "battle")[0]["defence"] == ["9D", "3C"]
    assert s.hp == [100, 86, 150]  # 25 + 1 (♠ over the leading ♣) − 12
    assert names(s.hands[ORANGE]) == ["5H", "2C"]


def test_the_attacked_warrior_may_add_nothing_to_a_joint_defence() -> None:
    s = _wizard_attacks_orange(["5H"], ["9D"])
    play(s, "substitute", "play 9D")  # blue's hand is empty, so orange is asked at once
    assert s.current_player() == ORANGE
    play(s, "done")
    assert s.hp == [100, 83, 150]  # 25 + 1 − 9


def test_a_joker_cannot_be_added_by_the_attacked_warrior_since_it_could_not_lead() -> None:
    s = _wizard_attacks_orange(["JKB", "2C"], ["9D"])
    play(s, "substitute", "play 9D")
    assert legal(s) == ["play 2C", "done"]


def test_an_attacked_warrior_holding_only_jokers_is_still_asked_beside_a_substitute() -> None:
    # Skipping him would tell the wizard (and the substitute) that his hand is all Jokers.
    s = _wizard_attacks_orange(["JKB", "JKR"], ["9D"])
    play(s, "substitute", "play 9D")
    assert s.current_player() == ORANGE and phase(s) == "DEFEND_CARDS"
    assert legal(s) == ["done"]
    events = play(s, "done")
    assert of_kind(events, "battle")[0]["defence"] == ["9D"]


def test_the_substitute_is_asked_for_the_action_card_even_when_his_joker_must_lead() -> None:
    s = _wizard_attacks_orange(["5H"], ["9D", "JKB"])
    play(s, "substitute", "play 9D", "play JKB")
    assert phase(s) == "DEFEND_LEAD" and s.current_player() == BLUE
    assert legal(s) == ["lead 2"]
    events = play(s, "lead 2")
    assert of_kind(events, "battle")[0]["leads"] == [0, 1]


def test_declining_leaves_the_defence_to_the_attacked_warrior() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"])
    events = play(s, "decline")
    assert of_kind(events, "declined") == [{"seat": BLUE}]
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == ORANGE
    play(s, "play 5H", "done")
    assert s.hp == [81, 100, 150]  # 25 − (5 + 1 for ♥ over ♠)


def test_with_substitute_alone_only_the_substitute_plays() -> None:
    s = _wizard_attacks_orange(["5H", "2C"], ["9D", "3C"], substitute="alone")
    events = play(s, "substitute", "play 9D", "done")
    [battle] = of_kind(events, "battle")  # orange is not asked
    assert battle["defence"] == ["9D"]
    assert s.hp == [100, 83, 150]
    assert names(s.hands[ORANGE]) == ["5H", "2C"]


def test_no_substitute_is_offered_when_the_other_warrior_has_no_cards() -> None:
    s = _wizard_attacks_orange(["5H"], [])
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == ORANGE


def test_no_substitute_is_offered_when_the_other_warrior_is_dead() -> None:
    s = start({"to_move": "purple", "hp": {"blue": 0}, "hands": {"purple": ["KS"], "orange": ["5H"]}})
    stop_drawing(s)
    play(s, "attack orange", "play KS")
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == ORANGE


def test_a_substitutes_diamond_ace_swap_leaves_the_attacked_warriors_hand_untouched() -> None:
    s = _wizard_attacks_orange(["9C", "2C"], ["AD"], attack=("JKR",))
    play(s, "substitute", "play AD", "play 9C")
    assert s.hp == [100, 94, 150]  # 15 + 1 − (1 + 9), to the substitute
    assert names(s.hands[ORANGE]) == ["2C"]
    assert names(s.hands[BLUE]) == ["JKR"]
    assert s.hands[PURPLE] == []
