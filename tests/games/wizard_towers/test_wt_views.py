"""What each seat may see (seed 000 · 进攻1/防守1 face-down cards, 巫师特殊规则5; option
``wizard_remembers_towers``)."""

from __future__ import annotations

import json

from wt_support import BLUE, ORANGE, PURPLE, names, play, start, stop_drawing


def _tower_cards(view: dict) -> list[list[str | None]]:
    return [t["cards"] for t in view["towers"]]


def _log_text(s: object, seat: int | None) -> str:
    return json.dumps(s.log(seat), ensure_ascii=False)


# ------------------------------------------------------------------------------------------------ the towers
def test_by_default_the_wizard_remembers_the_towers_he_set_in_his_view_and_his_log() -> None:
    # 巫师特殊规则5 「一经设置好巫师就不能查看，只能靠记忆」: he set them, so he has seen them; by default he remembers.
    s = start(None)
    assert _tower_cards(s.view(PURPLE)) == [names(t) for t in s.towers]
    [told] = [e for e in s.log(PURPLE) if e["kind"] == "towers_set"]
    assert told["cards"] == [names(t) for t in s.towers]


def test_by_default_the_wizard_remembers_the_towers_of_a_setup() -> None:
    s = start({"towers": {"left": ["7H"], "right": [], "main": ["QS", "3D"]}})
    assert _tower_cards(s.view(PURPLE)) == [["7H"], [], ["QS", "3D"]]
    [told] = [e for e in s.log(PURPLE) if e["kind"] == "towers_set"]
    assert told["cards"] == [["7H"], [], ["QS", "3D"]]
    for seat in (ORANGE, BLUE, None):
        assert "7H" not in _log_text(s, seat) and _tower_cards(s.view(seat)) == [[None], [], [None, None]]


def test_a_wizard_without_memory_sees_his_tower_cards_neither_in_his_view_nor_in_his_log() -> None:
    for setup in (None, {"towers": {"left": ["7H"], "right": [], "main": ["QS", "3D"]}}):
        s = start(setup, wizard_remembers_towers=False)
        assert _tower_cards(s.view(PURPLE)) == [[None] * len(t) for t in s.towers]
        assert not any(x in _log_text(s, PURPLE) for x in names(t for tower in s.towers for t in tower))


def test_warriors_and_spectators_do_not_see_the_tower_cards() -> None:
    s = start(None)
    for seat in (ORANGE, BLUE, None):
        assert _tower_cards(s.view(seat)) == [[None], [None], [None, None]]


def test_the_warriors_do_not_see_the_towers_the_wizard_remembers() -> None:
    s = start(None)
    assert _tower_cards(s.view(PURPLE)) == [names(t) for t in s.towers]
    assert _tower_cards(s.view(ORANGE)) == [[None], [None], [None, None]]


def test_a_card_a_wizard_without_memory_places_disappears_from_his_view() -> None:
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["2H", "3H"]},
            "towers": {"left": [], "right": [], "main": []},
        },
        wizard_remembers_towers=False,
    )
    stop_drawing(s)
    assert s.view(PURPLE)["players"][PURPLE]["hand"] == ["2H", "3H"]
    play(s, "place 2H left", "done")
    assert _tower_cards(s.view(PURPLE)) == [[None], [], []]
    assert s.view(PURPLE)["players"][PURPLE]["hand"] == ["3H"]
    assert "2H" not in json.dumps([e for e in s.log(PURPLE) if e["kind"] == "placed"])


def test_a_placed_card_stays_in_the_view_of_a_wizard_who_remembers() -> None:
    s = start(
        {
            "to_move": "purple",
            "hands": {"purple": ["2H", "3H"]},
            "towers": {"left": [], "right": [], "main": []},
        },
    )
    stop_drawing(s)
    play(s, "place 2H left", "done")
    assert _tower_cards(s.view(PURPLE)) == [["2H"], [], []]
    assert _tower_cards(s.view(ORANGE)) == [[None], [], []]


# ------------------------------------------------------------------------------------------------ the hands
def test_a_warrior_never_sees_the_other_warriors_hand() -> None:
    s = start({"hands": {"orange": ["KS", "QS"], "blue": ["2C"], "purple": ["5D"]}})
    blue_view = s.view(BLUE)
    assert blue_view["players"][ORANGE]["hand"] == [] and blue_view["players"][ORANGE]["hand_size"] == 2
    assert blue_view["players"][PURPLE]["hand"] == [] and blue_view["players"][PURPLE]["hand_size"] == 1
    assert blue_view["players"][BLUE]["hand"] == ["2C"]
    assert s.view(ORANGE)["players"][ORANGE]["hand"] == ["QS", "KS"]  # sorted by card id
    assert s.view(None)["players"][ORANGE]["hand"] == []
    for seat in (BLUE, PURPLE, None):
        text = _log_text(s, seat)
        assert "KS" not in text and "QS" not in text


def test_a_drawn_card_is_seen_by_the_drawer_only() -> None:
    s = start({"hands": {"orange": []}, "coins": {"purple": ["orange"]}})
    play(s, "draw orange")
    [card] = names(s.hands[ORANGE])
    assert s.view(ORANGE)["players"][ORANGE]["hand"] == [card]
    for seat in (BLUE, PURPLE, None):
        assert s.view(seat)["players"][ORANGE]["hand"] == []
        assert [e for e in s.log(seat) if e["kind"] == "drew"] == [
            {"kind": "drew", "seat": ORANGE, "bag": "orange"}
        ]


def test_face_down_attack_cards_are_hidden_until_the_reveal() -> None:
    s = start({"hands": {"orange": ["KS", "QS"], "blue": ["2C"]}})
    stop_drawing(s)
    play(s, "attack blue", "play KS", "play QS", "lead 1")
    assert s.current_player() == BLUE  # blue must choose a defence without seeing the attack
    assert s.view(ORANGE)["battle"]["attack"] == ["KS", "QS"]
    for seat in (BLUE, PURPLE, None):
        assert s.view(seat)["battle"]["attack"] == [None, None]
        text = _log_text(s, seat) + json.dumps(s.view(seat), ensure_ascii=False)
        assert "KS" not in text and "QS" not in text
    play(s, "play 2C")
    battle = [e for e in s.log(BLUE) if e["kind"] == "battle"][-1]
    assert battle["attack"] == ["KS", "QS"]  # revealed to everyone once the defence is in


def test_face_down_defence_cards_are_hidden_from_the_attacker_before_the_reveal() -> None:
    s = start(
        {"to_move": "purple", "hands": {"purple": ["KS", "2D"], "orange": ["5H", "9H"], "blue": ["3C"]}}
    )
    stop_drawing(s)
    play(s, "attack orange", "play KS", "done", "decline", "play 9H")
    assert s.current_player() == ORANGE  # still choosing: one more card or done
    assert s.view(ORANGE)["battle"]["defence"][0]["card"] == "9H"
    for seat in (BLUE, PURPLE, None):
        assert s.view(seat)["battle"]["defence"][0]["card"] is None
        assert "9H" not in _log_text(s, seat)
