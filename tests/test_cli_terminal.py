"""Playing in the terminal (issue 14 item 10): the default opponents, ``?`` for the rules of the decision and the
cards in view, illegal moves explained in the player's language, and the battle arithmetic the table prints —
through Typer's CliRunner, as a person at the prompt would see it."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tablecraft
from tablecraft import cli
from tablecraft.agents.levels import DEFAULT_LEVEL, bot_label

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
TOWERS = {"left": ["4D"], "right": ["9C"], "main": ["QS", "3D"]}


def play(tmp_path: Path, *args: str, input: str = "") -> Result:
    save = tmp_path / "game.save.json"
    return CliRunner(env=ENV).invoke(cli.app, ["play", *args, "--save", str(save)], input=input)


def test_play_puts_normal_bots_in_the_other_seats_by_default(tmp_path: Path) -> None:
    assert DEFAULT_LEVEL == "normal"
    result = play(tmp_path, "wizard-towers", "--seed", "3", "--lang", "en")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output  # end of input saves and stops
    assert f"blue: {bot_label('normal', 'en')}, purple: {bot_label('normal', 'en')}" in result.output
    saved = json.loads((tmp_path / "game.save.json").read_text())
    assert saved["bots"] == [None, "normal", "normal"]


@pytest.mark.parametrize(("lang", "step", "cards"), [
    ("zh", "## 一个回合", "♣A 弓术"), ("en", "## A turn", "♣A archery")])
def test_a_question_mark_shows_the_rules_of_the_step_and_of_the_cards(tmp_path: Path, lang: str, step: str,
                                                                     cards: str) -> None:
    result = play(tmp_path, "wizard-towers", "--seed", "3", "--lang", lang, input="?\n")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    assert cli.t("help_title", lang) in result.output
    assert step.lstrip("# ") in result.output  # orange is drawing: the turn's steps
    assert cards in result.output  # the aces, the cards whose texts matter in a battle
    assert not any(line.startswith(cli.t("try_again", lang, reason="")) for line in result.output.splitlines())


def test_a_question_mark_in_fate_lists_the_texts_of_the_cards_in_hand(tmp_path: Path) -> None:
    seat = tablecraft.load("fate", num_seats=2).new_initial_state(5).current_player()
    result = play(tmp_path, "fate", "--seats", "2", "--seed", "5", "--seat", str(seat), "--lang", "en", input="?\n")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    assert cli.t("help_title", "en") in result.output
    assert "Before every hero's turn comes a cast phase" in result.output  # the draft has no section: the turn
    assert "Cards in view" in result.output


def test_an_illegal_move_is_refused_in_chinese_without_english(tmp_path: Path) -> None:
    result = play(tmp_path, "wizard-towers", "--seed", "3", "--lang", "zh", input="attack left\n")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    refusal = next(line for line in result.output.splitlines() if line.startswith("无效"))
    assert "现在不能这样做" in refusal and "进攻左塔" in refusal
    assert "illegal" not in refusal and "legal now" not in refusal


def _replay(tmp_path: Path, setup: dict[str, object], actions: list[str], lang: str) -> str:
    record = {"game": "wizard-towers", "seed": 1, "setup": setup, "actions": actions}
    path = tmp_path / "battle.json"
    path.write_text(json.dumps(record))
    result = CliRunner(env=ENV).invoke(cli.app, ["replay", str(path), "--seat", "orange", "--lang", lang])
    assert result.exit_code == 0, result.output
    return result.output


@pytest.mark.parametrize(("lang", "reveal", "immune", "special"), [
    ("en", "attack A♣ 2♦ (action card A♣): 1 (A♣) + 2 (2♦) = 3",
     "is immune to 3 damage (♣A archery: its side's face total 3 is below 5): 5 (5♠) + 1 (♠ suit bonus) − 1 (A♣) − 2 (2♦) = 3",
     "3 ÷ 2 rounded up = 2"),
    ("zh", "进攻 A♣ 2♦（行动牌 A♣）：1（A♣）+ 2（2♦）= 3",
     "以♣A弓术免疫 3 点伤害（出A一方牌面总值 3 小于 5）：5（5♠）+ 1（♠花色克制）− 1（A♣）− 2（2♦）= 3",
     "3 ÷ 2 向上取整 = 2")])
def test_the_club_ace_reveal_names_the_action_card_and_the_immunity_shows_its_sum(
        tmp_path: Path, lang: str, reveal: str, immune: str, special: str) -> None:
    # the seed's example 4 (特殊牌4): A♣ + 2♦ against 5♠
    setup = {"towers": TOWERS, "to_move": "orange",
             "hands": {"orange": ["AC", "2D"], "blue": ["5S"], "purple": ["6S"]}}
    out = _replay(tmp_path, setup, ["stop", "attack blue", "play AC", "play 2D", "lead 1", "play 5S"], lang)
    assert reveal in out and immune in out and special in out


@pytest.mark.parametrize(("lang", "tie"), [("en", "equal (5 = 5): a tie, no damage"), ("zh", "相等（5 = 5）：平局，无伤害")])
def test_a_tie_is_explained_with_both_sums(tmp_path: Path, lang: str, tie: str) -> None:
    setup = {"towers": TOWERS, "to_move": "orange",
             "hands": {"orange": ["5C"], "blue": ["5D"], "purple": ["6S"]}}
    out = _replay(tmp_path, setup, ["stop", "attack blue", "play 5C", "play 5D"], lang)
    assert tie in out


@pytest.mark.parametrize(("lang", "void"), [("en", "is void"), ("zh", "点无效")])
def test_damage_to_a_side_tower_is_shown_as_void_with_its_arithmetic(tmp_path: Path, lang: str, void: str) -> None:
    setup = {"towers": TOWERS, "to_move": "orange",
             "hands": {"orange": ["KS"], "blue": ["5H"], "purple": ["5S"]}}
    game = tablecraft.load("wizard-towers")
    state = game.new_initial_state(1, setup)
    actions = []
    for want in ["stop", "attack left", "play KS", "play left#1", "done"]:
        legal = [str(a) for a in state.legal_actions()]
        if state.is_terminal() or want not in legal:
            continue
        state.apply(game.codec.parse(want))
        actions.append(want)
    out = _replay(tmp_path, setup, actions, lang)
    line = next(ln for ln in out.splitlines() if void in ln)
    assert "13 (K♠)" in line or "13（K♠）" in line
    assert "4 (4♦)" in line or "4（4♦）" in line


def test_xeno_faction_attack_choices_show_totals_the_card_that_goes_and_both_sides_joker_damage(tmp_path: Path) -> None:
    setup = {"first": "beta", "to_move": "alpha", "turn": 3,
             "hands": {"alpha": ["9H"], "beta": ["AS"]},
             "rows": {"alpha": [["5D"], ["7S", "6S"], []], "beta": [["2D"], ["4S", "8S"], []]},
             "joker": {"alpha": 2}, "banished": {"alpha": ["3C"]}}
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(setup))
    result = play(tmp_path, "xeno-faction", "--setup", str(path), "--seed", "1", "--seat", "alpha", "--lang", "en",
                  input="done\n")
    assert "attack the opponent's row 1 with row 1: 5 against 2; 2♦ goes, the opponent takes 2" in result.output
    # the Big Joker's sweep: the opponent's damage and the attacker's own, from their banished zones
    assert "then they take their banished points, 12, and you take yours, 3" in result.output


WH_NEXT_TO_THE_KING = {
    "map": {"cells": [{"at": [q, r], "face_up": False} for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2],
            "camps": {"water": [0, -3]}},
    "king": {"id": "tide", "at": [0, 0]},
    "heroes": {"water": {"at": [0, -1], "hand": ["W", "W", "F", "R", "T"], "deck": ["G", "G", "W", "F", "R"],
                        "main": "knight"}},
}
"""Water next to the demon king, who stands on a face-down tile: an attack costs three cards."""


@pytest.mark.parametrize(("lang", "price"), [
    ("en", "3 cards of different elements (hand and deck 10 → 7)"), ("zh", "3張不同屬性的牌（手牌與牌庫 10 → 7）")])
def test_the_choice_list_states_what_an_attack_costs(tmp_path: Path, lang: str, price: str) -> None:
    setup = tmp_path / "setup.json"
    setup.write_text(json.dumps(WH_NEXT_TO_THE_KING))
    result = play(tmp_path, "wild-hunters", "--seats", "1", "--seed", "3", "--setup", str(setup), "--lang", lang)
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    assert cli.t("col_price", lang) in result.output
    game = tablecraft.load("wild-hunters", num_seats=1)
    words = game.describe_action(game.parse_action("attack"), lang)
    line = next(line for line in result.output.splitlines() if words in line)
    assert price in line, line  # the price on the attack's own line, before it is chosen


FATE_TABLE = {"heroes": ["centaur", "troll_warlord", "weaver", "dragon_knight"],
              "hands": [["atk:AS", "dodge:6H"], ["dodge:7H"], [], []],
              "identities": ["sentinel", "scourge", "sentinel", "scourge"]}
"""Seat 0 (半人马酋长) in its play phase with an 【攻击】 and a 闪避; seats 1 and 3 in range."""


@pytest.mark.parametrize(("lang", "word"), [("en", "cancel"), ("zh", "取消")])
def test_an_attack_chosen_in_fate_is_taken_back_from_the_choice_list(tmp_path: Path, lang: str, word: str) -> None:
    path = tmp_path / "setup.json"
    path.write_text(json.dumps(FATE_TABLE))
    result = play(tmp_path, "fate", "--seats", "4", "--seed", "1", "--setup", str(path), "--lang", lang,
                  input="use atk:AS\n3\n")  # the attack, then choice 3 of the target list: cancel
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    lists = result.output.split(cli.t("legal_title", lang))
    assert len(lists) == 4, result.output  # play phase, target choice, play phase again
    aiming, again = lists[2], lists[3]
    assert re.search(rf"│ 3 │ {word}\s+│ cancel\s+│", aiming), aiming
    assert "target 1" in aiming and "use atk:AS" not in aiming
    assert "use atk:AS" in again and "cancel" not in again  # back at the play phase, the attack in hand
    saved = json.loads((tmp_path / "game.save.json").read_text())
    assert saved["actions"] == ["use atk:AS", "cancel"]


# ------------------------------------------------------------------------------ seats as people count them
@pytest.mark.parametrize(("lang", "intro", "you"), [("en", r"You play (.+?); seed", "you"), ("zh", r"你执 (.+?)；种子", "你")])
def test_fates_intro_line_names_the_seat_its_table_marks_as_yours(tmp_path: Path, lang: str, intro: str,
                                                                  you: str) -> None:
    result = play(tmp_path, "fate", "--seats", "4", "--seed", "3", "--seat", "2", "--lang", lang)
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    said = re.search(intro, result.output)
    marked = re.search(rf"│ (\S+(?: \d+)?) \({you}\)", result.output)  # the board's row of the player's seat
    assert said and marked, result.output
    # index 2 is the third seat: the intro, the table and the bots' list all count it from 1
    assert said.group(1) == marked.group(1) == ("seat 3" if lang == "en" else "3号位")
    bots = "seat 1: {b}, seat 2: {b}, seat 4: {b}" if lang == "en" else "1号位: {b}, 2号位: {b}, 4号位: {b}"
    assert bots.format(b=bot_label(DEFAULT_LEVEL, lang)) in result.output


@pytest.mark.parametrize("typed", ["2", "seat 3", "Seat3", "3号位", "3 号位", "座位 3"])
def test_seat_is_typed_as_the_table_shows_it_or_as_an_index_from_0(tmp_path: Path, typed: str) -> None:
    result = play(tmp_path, "fate", "--seats", "4", "--seed", "3", "--seat", typed, "--lang", "en")
    assert result.exit_code == cli.EXIT_INTERRUPTED, result.output
    assert json.loads((tmp_path / "game.save.json").read_text())["seat"] == 2  # the index stays 0-based
    assert "You play seat 3;" in result.output


@pytest.mark.parametrize(("game", "lang", "listed", "hint"), [
    ("fate", "en", "seats are seat 1, seat 2, seat 3, seat 4", '--seat "seat 2"'),
    ("fate", "zh", "座位有 1号位、2号位、3号位、4号位", '--seat "2号位"'),
    ("wizard-towers", "en", "seats are orange, blue, purple", "--seat 1 for blue"),
])
def test_an_unknown_seat_lists_the_seats_as_shown_and_what_to_type(tmp_path: Path, game: str, lang: str, listed: str,
                                                                   hint: str) -> None:
    result = play(tmp_path, game, "--seats", "4" if game == "fate" else "3", "--seat", "seat 9", "--lang", lang)
    assert result.exit_code == cli.EXIT_USER_ERROR, result.output
    assert listed in result.output and hint in result.output
    assert ("seat 0" in result.output) is False and "0号位" not in result.output
