"""The wizard's side: tower order, tower and wizard defence, tower adjustments (seed 000 · 进攻2, 防守1,
巫师特殊规则1–3; gaps 0-10, 0-11, 0-12, 0-22)."""

from __future__ import annotations

import pytest
from wt_support import ORANGE, PURPLE, kinds, legal, names, of_kind, phase, play, start, stop_drawing

import tablecraft


def _targets(towers: dict[str, list[str]], **options: object) -> list[str]:
    s = start({"hands": {"orange": ["KH"]}, "towers": towers}, **options)
    stop_drawing(s)
    return [a for a in legal(s) if a.startswith("attack")]


# ---------------------------------------------------------------------------------------------- tower order
def test_with_every_tower_standing_only_the_side_towers_can_be_attacked() -> None:
    assert _targets({"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}) == [
        "attack blue",
        "attack left",
        "attack right",
    ]


def test_one_empty_side_tower_opens_the_main_tower() -> None:
    assert _targets({"left": [], "right": ["3S"], "main": ["4S", "5S"]}) == [
        "attack blue",
        "attack right",
        "attack main",
    ]
    assert _targets({"left": ["2S"], "right": [], "main": ["4S"]}) == [
        "attack blue",
        "attack left",
        "attack main",
    ]


def test_the_wizard_can_be_attacked_only_once_the_main_tower_is_empty() -> None:
    assert "attack purple" not in _targets({"left": [], "right": [], "main": ["4S"]})
    assert _targets({"left": [], "right": ["3S"], "main": []}) == [
        "attack blue",
        "attack purple",
        "attack right",
    ]


def test_an_empty_main_tower_opens_the_wizard_even_behind_rebuilt_side_towers() -> None:
    # 进攻2 「主塔无牌时可直接攻击巫师」: the main tower's being empty is the whole condition.
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["2H"], "orange": ["KH"]},
            "towers": {"left": [], "right": ["3S"], "main": []},
        }
    )
    stop_drawing(s)
    play(s, "place 2H left", "done")  # the wizard rebuilds the broken side tower
    assert [len(t) for t in s.towers] == [1, 1, 0]
    stop_drawing(s)
    assert s.current_player() == ORANGE
    assert [a for a in legal(s) if a.startswith("attack")] == [
        "attack blue",
        "attack purple",
        "attack left",
        "attack right",
    ]
    play(s, "attack purple", "play KH")
    assert s.hp[PURPLE] == 137  # the wizard, with no card, cannot defend


def test_with_wizard_target_chain_rebuilt_side_towers_shield_the_wizard_again() -> None:
    full_sides = {"left": ["2H"], "right": ["3S"], "main": []}
    assert _targets(full_sides, wizard_target="chain") == ["attack blue", "attack left", "attack right"]
    assert _targets({"left": [], "right": ["3S"], "main": []}, wizard_target="chain") == [
        "attack blue",
        "attack purple",
        "attack right",
    ]


def test_attacking_the_main_tower_too_early_is_illegal() -> None:
    s = start(
        {"hands": {"orange": ["KH"]}, "towers": {"left": ["2S"], "right": ["3S"], "main": ["4S", "5S"]}}
    )
    stop_drawing(s)
    before = s.to_json()
    with pytest.raises(tablecraft.IllegalActionError, match="attack main"):
        s.apply("attack main")
    assert s.to_json() == before


def test_the_wizard_attacks_warriors_only() -> None:
    s = start({"to_move": "purple", "hands": {"purple": ["KS", "2H", "3H", "4H", "5H"]}})
    assert [a for a in legal(s) if a.startswith("attack")] == ["attack orange", "attack blue"]


# -------------------------------------------------------------------------------------------- tower defence
def _attack_left(purple: list[str]) -> object:
    s = start(
        {
            "hands": {"orange": ["5D"], "purple": purple},
            "towers": {"left": ["7S"], "right": ["3S"], "main": ["4S", "6S"]},
        }
    )
    stop_drawing(s)
    play(s, "attack left", "play 5D")
    assert s.current_player() == PURPLE and phase(s) == "DEFEND_CARDS"
    return s


def test_a_tower_must_defend_with_at_least_one_of_its_own_cards() -> None:
    s = _attack_left(["QH", "2D"])
    assert legal(s) == ["play QH", "play 2D", "play left#1"]  # no "done": the tower cannot stay silent
    play(s, "play QH")
    assert legal(s) == ["play left#1"]  # a hand card first: the second must be the tower's
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("play 2D")
    events = play(s, "play left#1", "lead 2")
    assert of_kind(events, "battle")[0]["defence"] == ["QH", "7S"]


def test_a_tower_may_defend_with_its_card_alone() -> None:
    s = _attack_left(["QH"])
    play(s, "play left#1")
    assert "done" in legal(s)
    events = play(s, "done")
    [battle] = of_kind(events, "battle")
    assert battle["defence"] == ["7S"] and battle["defence_from"] == ["tower:left"]
    assert s.hp[ORANGE] == 97  # 7 + 1 (♠ over ♦) − 5


def test_tower_defence_uses_at_most_two_cards() -> None:
    s = _attack_left(["QH", "2D"])
    events = play(s, "play left#1", "play QH", "lead 1")
    assert of_kind(events, "battle")[0]["defence"] == ["7S", "QH"]
    assert sorted(names(s.hands[PURPLE])) == ["2D", "QH"]  # the QH (12 > 5) went back to his hand


# ------------------------------------------------------------------------------------ the wizard defending
def _attack_wizard(purple: list[str]) -> object:
    s = start(
        {
            "hands": {"orange": ["KH", "QH"], "purple": purple},
            "towers": {"left": [], "right": ["3S"], "main": []},
        }
    )
    stop_drawing(s)
    play(s, "attack purple", "play KH", "done")
    return s


def test_the_wizard_defends_himself_with_at_most_one_card() -> None:
    s = _attack_wizard(["5C", "6C"])
    assert s.current_player() == PURPLE
    assert legal(s) == ["play 5C", "play 6C", "done"]
    events = play(s, "play 5C")
    [battle] = of_kind(events, "battle")  # resolved at once: no second card
    assert battle["defence"] == ["5C"]
    assert s.hp[PURPLE] == 143  # 13 − (5 + 1 for ♣ over ♥)


def test_the_wizard_may_decline_to_defend_himself() -> None:
    s = _attack_wizard(["5C"])
    play(s, "done")
    assert s.hp[PURPLE] == 137


def test_the_wizard_never_defends_a_warrior() -> None:
    s = start({"hands": {"orange": ["KH"], "blue": ["2C"], "purple": ["5C", "6C"]}})
    stop_drawing(s)
    play(s, "attack blue", "play KH")
    assert s.current_player() == 1
    play(s, "play 2C")
    assert all(e["seat"] != PURPLE for e in of_kind(s.events(), "played"))


# ---------------------------------------------------------------------------------------------- adjustment
def _adjusting(hand: list[str], towers: dict[str, list[str]], **options: object) -> object:
    s = start({"to_move": "purple", "hands": {"purple": hand}, "towers": towers}, **options)
    stop_drawing(s)
    return s


def test_the_wizard_may_place_swap_or_attack_at_his_action() -> None:
    s = _adjusting(["2H"], {"left": [], "right": ["3S"], "main": ["KS"]})
    assert legal(s) == [
        "pass",
        "attack orange",
        "attack blue",
        "place 2H left",
        "place 2H main",
        "swap 2H right#1",
        "swap 2H main#1",
        "swap right#1 main#1",
    ]


def test_placing_costs_one_point_of_three() -> None:
    s = _adjusting(["2H", "3H", "4H"], {"left": [], "right": [], "main": ["KS"]})
    play(s, "place 2H left")
    assert phase(s) == "ADJUST" and s.adjust_left == 2
    play(s, "place 3H right")
    assert s.adjust_left == 1
    assert not any(a.startswith("swap") for a in legal(s))  # a swap costs two
    play(s, "place 4H main")
    assert s.turn_seat == ORANGE  # three points used: the turn is over
    assert [names(t) for t in s.towers] == [["2H"], ["3H"], ["KS", "4H"]]


def test_swapping_a_hand_card_with_a_tower_card_costs_two_points() -> None:
    s = _adjusting(["2H", "3H"], {"left": [], "right": ["5S"], "main": ["KS"]})
    play(s, "swap 2H main#1")
    assert s.adjust_left == 1
    assert names(s.towers[2]) == ["2H"] and sorted(names(s.hands[PURPLE])) == ["3H", "KS"]
    assert not any(a.startswith("swap") for a in legal(s))
    assert "place 3H left" in legal(s)
    play(s, "place 3H left")
    assert s.turn_seat == ORANGE


def test_swapping_two_tower_cards_between_towers_costs_two_points() -> None:
    s = _adjusting(["2H"], {"left": ["QD"], "right": ["5S"], "main": ["KS"]})
    play(s, "swap left#1 main#1")
    assert s.adjust_left == 1
    assert [names(t) for t in s.towers] == [["KS"], ["5S"], ["QD"]]
    assert "place 2H main" in legal(s)


def test_tower_limits_are_one_one_and_two() -> None:
    s = _adjusting(["2H", "3H", "4H"], {"left": ["QD"], "right": [], "main": ["KS", "JS"]})
    assert [a for a in legal(s) if a.startswith("place")] == [
        "place 2H right",
        "place 3H right",
        "place 4H right",
    ]
    play(s, "place 2H right")
    assert not any(a.startswith("place") for a in legal(s))


def test_adjusting_uses_up_the_attack() -> None:
    s = _adjusting(["KS", "3H"], {"left": [], "right": [], "main": ["QS"]})
    play(s, "place 3H left")
    assert not any(a.startswith("attack") for a in legal(s))
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("attack orange")
    play(s, "done")
    assert s.turn_seat == ORANGE and "attack" not in kinds(s.events())


def test_a_card_swapped_from_a_tower_into_the_wizards_hand_is_known_to_him_and_the_placed_one_is_not() -> None:
    # 巫师特殊规则5 without memory: he may not look at tower cards, but a card taken back into his hand is in his
    # hand; the card he set down is named to him neither in his view nor in his log.
    s = _adjusting(["2H"], {"left": [], "right": ["5S"], "main": ["KS"]}, wizard_remembers_towers=False)
    assert s.view(PURPLE)["players"][PURPLE]["hand"] == ["2H"]
    play(s, "swap 2H main#1", "done")
    assert s.view(PURPLE)["players"][PURPLE]["hand"] == ["KS"]
    assert [t["cards"] for t in s.view(PURPLE)["towers"]] == [[], [None], [None]]
    assert s.view(ORANGE)["players"][PURPLE]["hand"] == []  # the warriors saw nothing
    [swap] = [e for e in s.log(PURPLE) if e["kind"] == "swapped_in"]
    assert swap == {"kind": "swapped_in", "slot": "main#1", "taken": "KS"}


def test_a_wizard_who_remembers_knows_the_card_he_swaps_onto_a_tower() -> None:
    s = _adjusting(["2H"], {"left": [], "right": ["5S"], "main": ["KS"]})
    play(s, "swap 2H main#1", "done")
    assert [t["cards"] for t in s.view(PURPLE)["towers"]] == [[], ["5S"], ["2H"]]
    [swap] = [e for e in s.log(PURPLE) if e["kind"] == "swapped_in"]
    assert swap == {"kind": "swapped_in", "slot": "main#1", "placed": "2H", "taken": "KS"}


def test_the_wizard_may_stop_adjusting_early() -> None:
    s = _adjusting(["2H", "3H"], {"left": [], "right": [], "main": []})
    play(s, "place 2H main", "done")
    assert [names(t) for t in s.towers] == [[], [], ["2H"]]
    assert names(s.hands[PURPLE]) == ["3H"]
