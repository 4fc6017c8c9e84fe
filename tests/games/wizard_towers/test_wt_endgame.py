"""Death, kill draws, the surviving warrior's hand limit, winning, draws and the alliance variant (seed 000 ·
游戏准备2, 特殊规则5–6, 伤害计算及牌去处4; gaps 0-9, 0-23, 0-25)."""

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


def _blue_kills_orange() -> tuple[object, list[object]]:
    """Blue (full hand) strikes orange (5 HP, holding a coin so he cannot defend) for 13."""
    s = start(
        {
            "to_move": "blue",
            "hp": {"orange": 5},
            "hands": {"blue": ["KS", "QS", "JS"], "orange": ["2H", "3H"]},
            "coins": {"orange": ["green"], "purple": ["blue"]},
        }
    )
    assert phase(s) == "ACTION"
    events = play(s, "attack orange", "play KS", "done")
    return s, events


def test_a_dead_players_cards_go_to_the_junk() -> None:
    s, events = _blue_kills_orange()
    assert s.hp[ORANGE] == -8 and s.alive[ORANGE] is False
    assert of_kind(events, "died") == [{"seat": ORANGE, "killer": BLUE, "cards_to_junk": 2}]
    assert s.hands[ORANGE] == []
    assert sorted(names(s.junk)) == ["2H", "3H"]
    assert s.coins[ORANGE] == []  # his coin is back in its bag


def test_the_surviving_warriors_hand_limit_rises_by_one() -> None:
    s, _ = _blue_kills_orange()
    assert s.hand_limit == [3, 4, 5]
    assert s.view(None)["players"][BLUE]["hand_limit"] == 4


def test_the_killer_draws_two_cards_and_may_not_decline() -> None:
    s, _ = _blue_kills_orange()
    assert phase(s) == "KILL_DRAW" and s.current_player() == BLUE
    assert "stop" not in legal(s)
    play(s, "draw blue")  # the blue bag's coin is held by purple: each draw is a card
    assert phase(s) == "KILL_DRAW"
    play(s, "draw blue")
    assert len(s.hands[BLUE]) == 5


def test_the_killer_then_discards_down_to_the_hand_limit() -> None:
    s, _ = _blue_kills_orange()
    play(s, "draw blue", "draw blue")
    assert phase(s) == "DISCARD" and s.current_player() == BLUE
    assert sorted(legal(s)) == sorted(f"discard {x}" for x in names(s.hands[BLUE]))
    play(s, "discard JS")
    assert len(s.hands[BLUE]) == 4 and "JS" in names(s.junk)
    assert s.turn_seat == PURPLE  # the turn is over


def test_a_coin_drawn_in_the_kill_draws_ends_them() -> None:
    # 游戏开始3 「若抓到螺旋硬币…不能再抓牌」: the coin stops the killer's two draws at one.
    setup = with_bags(
        {
            "to_move": "blue",
            "hp": {"orange": 5},
            "hands": {"blue": ["KS", "QS", "JS"]},
            "coins": {"orange": ["green"]},
        },
        blue=[],  # the blue bag holds only its coin, and the junk stays empty: the draw is the coin
    )
    s = start(setup)
    play(s, "attack orange", "play KS", "done")
    assert phase(s) == "KILL_DRAW" and s.current_player() == BLUE
    events = play(s, "draw blue")
    assert kinds(events)[0] == "drew_coin"
    assert s.coins[BLUE] == [1]
    assert names(s.hands[BLUE]) == ["JS", "QS", "KS"]  # no second draw
    assert s.turn_seat == PURPLE


def test_a_dead_player_is_skipped_and_cannot_be_attacked() -> None:
    s, _ = _blue_kills_orange()
    play(s, "draw blue", "draw blue", "discard JS")
    finish_turn(s)  # purple
    assert s.turn_seat == BLUE
    stop_drawing(s)
    assert "attack orange" not in legal(s)


def test_the_wizards_death_sends_his_tower_cards_to_the_junk_too() -> None:
    s = start(
        {
            "hp": {"purple": 3},
            "hands": {"orange": ["3C"], "purple": ["QH"]},
            "towers": {"left": ["5S"], "right": [], "main": []},
            "coins": {"purple": ["green"], "blue": ["orange"]},
        }
    )
    stop_drawing(s)
    events = play(s, "attack purple", "play 3C")
    assert of_kind(events, "died") == [{"seat": PURPLE, "killer": ORANGE, "cards_to_junk": 2}]
    assert sorted(names(s.junk)) == ["5S", "QH"]
    assert s.towers == [[], [], []]
    assert s.hand_limit[:2] == [3, 3]  # only a warrior's death raises the other's limit
    assert not s.is_terminal()
    play(s, "draw orange", "draw orange")
    assert len(s.hands[ORANGE]) == 3
    assert s.turn_seat == BLUE


def test_a_towers_killing_blow_is_the_wizards_kill() -> None:
    s = start(
        {
            "hp": {"orange": 1},
            "hands": {"orange": ["2D"], "purple": ["3H"]},
            "coins": {"blue": ["green"]},
            "towers": {"left": ["KS"], "right": ["2S"], "main": ["4S"]},
        }
    )
    stop_drawing(s)
    events = play(s, "attack left", "play 2D", "play left#1", "done")
    assert of_kind(events, "died") == [{"seat": ORANGE, "killer": PURPLE, "cards_to_junk": 0}]
    assert phase(s) == "KILL_DRAW" and s.current_player() == PURPLE
    play(s, "draw green", "draw green")
    assert len(s.hands[PURPLE]) == 3
    assert s.turn_seat == BLUE  # orange died on his own turn: the next living seat plays


def test_a_defender_who_kills_the_attacker_draws_two() -> None:
    s = start(
        {
            "hp": {"orange": 1},
            "hands": {"orange": ["2D"], "blue": ["KS", "QS", "JS"]},
            "coins": {"purple": ["green"]},
        }
    )
    stop_drawing(s)
    events = play(s, "attack blue", "play 2D", "play KS", "done")
    assert of_kind(events, "died") == [{"seat": ORANGE, "killer": BLUE, "cards_to_junk": 0}]
    assert s.current_player() == BLUE and phase(s) == "KILL_DRAW"
    play(s, "draw green", "draw green")
    assert phase(s) == "DISCARD" and len(s.hands[BLUE]) == 5  # over his new limit of 4
    play(s, "discard JS")
    assert s.turn_seat == BLUE and len(s.hands[BLUE]) == 4


def test_the_last_one_alive_wins() -> None:
    s = start(
        {
            "hp": {"blue": 0, "purple": 3},
            "hands": {"orange": ["3C"]},
            "towers": {"left": [], "right": [], "main": []},
            "coins": {"purple": ["green"]},
        }
    )
    stop_drawing(s)
    play(s, "attack purple", "play 3C")
    assert s.is_terminal()
    assert s.current_player() == tablecraft.TERMINAL
    assert s.winners() == [ORANGE]
    assert s.returns() == [1.0, -1.0, -1.0]
    assert s.end_reason == "last_alive"
    with pytest.raises(tablecraft.TablecraftError):
        s.apply("pass")


def _both_last_players_die() -> tuple[object, list[object]]:
    """Orange (1 HP) assassinates the wizard (4 HP) while losing the battle by one."""
    s = start(
        {
            "hp": {"blue": 0, "orange": 1, "purple": 4},
            "hands": {"orange": ["AS", "2D"], "purple": ["5C"]},
            "towers": {"left": [], "right": [], "main": []},
        }
    )
    stop_drawing(s)
    events = play(s, "attack purple", "play AS", "play 2D", "lead 1", "play 5C")
    return s, events


def test_simultaneous_last_deaths_are_a_draw() -> None:
    s, _ = _both_last_players_die()
    assert s.hp == [0, 0, 0]
    assert s.is_terminal()
    assert s.winners() == [] and s.returns() == [0.0, 0.0, 0.0]


def test_simultaneous_last_deaths_announce_a_single_draw() -> None:
    _, events = _both_last_players_die()
    overs = of_kind(events, "game_over")
    assert len(overs) == 1
    assert overs[0]["winners"] == []


def test_a_warrior_whose_partner_is_dead_starts_with_the_raised_hand_limit() -> None:
    s = start({"hp": {"blue": 0}, "hands": {"orange": ["2C", "3C", "4C", "5C"]}})
    assert s.hand_limit[ORANGE] == 4
    assert phase(s) == "ACTION"  # a full hand of four: no draw


# ---------------------------------------------------------------------------------------------- alliance
def test_warriors_may_attack_each_other_by_default() -> None:
    s = start({"hands": {"orange": ["KH"]}})
    stop_drawing(s)
    assert "attack blue" in legal(s)


def test_with_alliance_warriors_may_not_attack_each_other_while_the_wizard_lives() -> None:
    s = start({"hands": {"orange": ["KH"]}}, alliance=True)
    stop_drawing(s)
    assert "attack blue" not in legal(s)
    with pytest.raises(tablecraft.IllegalActionError):
        s.apply("attack blue")


def test_with_alliance_warriors_fight_once_the_wizard_is_dead() -> None:
    s = start({"hp": {"purple": 0}, "hands": {"orange": ["KH"]}}, alliance=True)
    stop_drawing(s)
    assert legal(s) == ["pass", "attack blue"]
    play(s, "attack blue", "play KH")
    assert s.hp[BLUE] == 87
    assert "battle" in kinds(s.events())
