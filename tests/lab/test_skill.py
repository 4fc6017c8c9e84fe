"""Skill curves (``tablecraft.lab.skill`` and ``tablecraft lab skill``): every rate at every level on the same
deals, the weakest-to-strongest change paired and Holm-corrected, interrupted deals left out."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

import tablecraft
from tablecraft import cli
from tablecraft.core.api import Json
from tablecraft.lab.report import EXTERNAL, render_skill_html
from tablecraft.lab.skill import level_tallies, skill_curves, skill_document, skill_seatings

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
SEATS = ["warriors", "wizard"]


def record(seed: int, wizard_wins: bool) -> Json:
    """A finished two-seat game of a made-up faction game: seat 1 is the wizard, seat 0 moves first."""
    winners = [1] if wizard_wins else [0]
    return {"seed": seed, "winners": winners, "returns": [1.0 if s in winners else -1.0 for s in range(2)],
            "roles": ["warriors", "wizard"], "decisions": 10, "first_player": 0, "events": {}}


def curve(wizard_wins_by_level: list[list[bool]]) -> Json:
    """Skill curves of two levels over constructed deals: ``wizard_wins_by_level[k][deal]``."""
    records = [(seed, k, record(seed, won)) for k, wins in enumerate(wizard_wins_by_level) for seed, won in
               enumerate(wins)]
    tallies, left_out = level_tallies(records, ["weak", "strong"], 2, SEATS)
    assert left_out == 0
    return skill_curves(tallies, ["weak", "strong"], SEATS)


def metric(doc: Json, key: str) -> Json:
    return next(m for m in doc["metrics"] if m["key"] == key)


def test_a_rate_that_falls_from_80_to_50_percent_with_skill_is_said_to_move_with_skill() -> None:
    deals = 60
    weak = [d % 5 != 0 for d in range(deals)]  # the wizard wins 80% against weak warriors
    strong = [d % 2 == 0 for d in range(deals)]  # and 50% against strong ones, on the same deals
    doc = curve([weak, strong])
    wizard = metric(doc, "seat:1")
    assert [p["rate"] for p in wizard["points"]] == [0.8, 0.5]
    assert wizard["change"]["difference"] == pytest.approx(-0.3)
    assert wizard["change"]["moves_with_skill"]
    assert wizard["change"]["ci"][1] < 0


def test_a_rate_that_is_the_same_at_every_level_is_steady() -> None:
    wins = [d % 4 != 0 for d in range(60)]
    doc = curve([wins, list(wins)])
    for m in doc["metrics"]:
        assert m["change"]["difference"] == 0.0
        assert not m["change"]["moves_with_skill"]


def test_the_holm_correction_keeps_a_borderline_change_from_being_claimed() -> None:
    # 12 discordant deals, 10 one way: alone it is significant (exact McNemar p = 0.039), but the family of rates
    # has four members (two seats, draws, first player) that all carry the same evidence: Holm asks more
    weak = [True] * 10 + [False] * 2 + [True] * 20
    strong = [False] * 10 + [True] * 2 + [True] * 20
    wizard = metric(curve([weak, strong]), "seat:1")
    assert wizard["change"]["p_value"] < 0.05
    assert wizard["change"]["p_holm"] > wizard["change"]["p_value"]


def test_each_step_between_levels_says_where_along_the_curve_a_rate_moves() -> None:
    # the wizard wins 80% against weak and middling warriors and 50% against strong ones, on the same 60 deals:
    # the first step is steady, the second carries the whole change
    levels = ["weak", "middling", "strong"]
    weak = [d % 5 != 0 for d in range(60)]
    strong = [d % 2 == 0 for d in range(60)]
    records = [(seed, k, record(seed, won)) for k, wins in enumerate([weak, list(weak), strong])
               for seed, won in enumerate(wins)]
    tallies, _ = level_tallies(records, levels, 2, SEATS)
    wizard = metric(skill_curves(tallies, levels, SEATS), "seat:1")
    first, second = wizard["steps"]
    assert (first["from"], first["to"], second["from"], second["to"]) == ("weak", "middling", "middling", "strong")
    assert first["difference"] == 0.0 and not first["moves"]
    assert second["difference"] == pytest.approx(-0.3) and second["moves"] and second["ci"][1] < 0
    assert second["p_holm"] >= second["p_value"]


def test_two_levels_have_no_steps_beside_their_change() -> None:
    wins = [d % 4 != 0 for d in range(20)]
    assert all("steps" not in m for m in curve([wins, list(wins)])["metrics"])


def test_deals_not_played_at_every_level_are_left_out_of_every_level() -> None:
    records = [(s, 0, record(s, True)) for s in range(10)] + [(s, 1, record(s, False)) for s in range(6)]
    tallies, left_out = level_tallies(records, ["weak", "strong"], 2, SEATS)
    assert left_out == 4
    assert [t.games for t in tallies] == [6, 6]


def test_a_record_of_a_seating_the_curve_does_not_have_is_refused() -> None:
    with pytest.raises(ValueError, match="seating 2 is not one of the 2 levels"):
        level_tallies([(0, 2, record(0, True))], ["weak", "strong"], 2, SEATS)


def test_each_level_plays_every_seat_of_its_own_games() -> None:
    assert skill_seatings(2, 3) == [(0, 0, 0), (1, 1, 1)]


def test_the_document_names_each_level_as_players_know_it_and_the_spec_behind_it() -> None:
    game = tablecraft.load("xeno-faction")
    doc = skill_document(game, ["random", "normal"], [(0, 0, record(0, True)), (0, 1, record(0, False))])
    assert [(lv["id"], lv["name"], lv["name_zh"], lv["spec"]) for lv in doc["levels"]] == [
        ("random", "random", "random", "random"), ("normal", "Normal", "普通", "heuristic")]
    page = render_skill_html(doc)
    assert "Balance by skill" in page and "<svg" in page and not EXTERNAL.search(page)
    assert "Level to level" not in page  # two levels: the change is the only step
    three = skill_document(game, ["random", "easy", "normal"], [(0, k, record(0, k != 1)) for k in range(3)])
    page = render_skill_html(three)
    assert "Level to level" in page and "random → easy" in page and "easy → normal" in page


def test_a_rule_is_dead_at_the_levels_whose_games_never_fire_it() -> None:
    # xeno-faction's clash fires only in the weak level's game: dead at normal, alive at random
    game = tablecraft.load("xeno-faction")
    weak = {**record(0, True), "events": {"clash": 2, "attack": 5}}
    strong = {**record(0, False), "events": {"attack": 7}}
    doc = skill_document(game, ["random", "normal"], [(0, 0, weak), (0, 1, strong)])
    cov = doc["coverage"]
    clash = next(k for k in cov["kinds"] if k["kind"] == "clash")
    assert clash["games"] == [1, 0] and clash["total"] == [2, 0]
    random_dead, normal_dead = cov["dead"]
    assert "clash" in normal_dead and "clash" not in random_dead
    assert "attack" not in random_dead and "attack" not in normal_dead
    page = render_skill_html(doc)
    assert "Rules by level" in page and "<td class=\"l\">clash</td>" in page


def test_a_game_that_names_no_seats_gets_its_curve_too() -> None:
    game = tablecraft.load("fate", num_seats=2)
    recs = [(0, k, {**record(0, k == 0), "roles": ["a", "b"]}) for k in range(2)]
    doc = skill_document(game, ["random", "normal"], recs)
    assert [m["name"] for m in doc["metrics"]][:2] == ["seat 1", "seat 2"]


def skill(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli.app, ["lab", "skill", *args])


def test_the_skill_command_plays_each_level_on_the_same_deals_and_resumes(tmp_path: Path) -> None:
    runner = CliRunner(env=ENV)
    db, html = str(tmp_path / "lab.sqlite"), tmp_path / "out" / "xf.html"
    result = skill(runner, "xeno-faction", "--levels", "random,normal", "-n", "3", "-j", "1", "--db", db,
                   "--report", str(html))
    assert result.exit_code == 0, result.output
    assert "win rate by level" in result.output and "normal − random" in result.output
    doc = json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))
    assert doc["format"] == "tablecraft-skill/1" and doc["deals"] == 3
    assert all(len(m["points"]) == 2 and all(p["games"] == 3 for p in m["points"]) for m in doc["metrics"])
    assert not EXTERNAL.search(html.read_text(encoding="utf-8"))
    out = tmp_path / "more.json"
    result = skill(runner, "--resume", "1", "-n", "2", "-j", "1", "--db", db, "--json", str(out))
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text(encoding="utf-8"))["deals"] == 5
    # the page made again from the stored run carries its JSON beside it, the same curves as the run's own
    # (its command is the run's first, where the resumed run's JSON records the resume)
    again = tmp_path / "again" / "xf.html"
    shown = runner.invoke(cli.app, ["lab", "show", "1", "--db", db, "--report", str(again)])
    assert shown.exit_code == 0, shown.output
    beside = json.loads(again.with_suffix(".json").read_text(encoding="utf-8"))
    resumed = json.loads(out.read_text(encoding="utf-8"))
    assert beside.pop("command")["levels"] == "random,normal"
    resumed.pop("command")
    assert beside == resumed


def test_the_skill_command_prints_each_step_with_three_levels(tmp_path: Path) -> None:
    result = skill(CliRunner(env=ENV), "xeno-faction", "--levels", "random,easy,normal", "-n", "2", "-j", "1",
                   "--db", str(tmp_path / "lab.sqlite"), "--json", str(tmp_path / "xf.json"))
    assert result.exit_code == 0, result.output
    assert "level to level" in result.output
    assert "random → easy" in result.output and "easy → normal" in result.output
    assert "dead rules at random:" in result.output and "dead rules at normal:" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["xeno-faction", "--levels", "normal,normal"], "name each level once"),
    (["xeno-faction", "--levels", "random,grandmaster"], "unknown agent 'grandmaster'"),
    (["--resume", "1", "--levels", "normal"], "keeps its game, options and levels"),
    ([], "name a game"),
])
def test_the_skill_command_says_what_was_wrong(args: list[str], message: str, tmp_path: Path) -> None:
    result = skill(CliRunner(env=ENV), *args, "--db", str(tmp_path / "lab.sqlite"))
    assert result.exit_code != 0
    assert message in result.output


def test_where_seats_hold_roles_the_first_mover_is_compared_with_its_own_role_only() -> None:
    # three seats: two warriors (the first moves first) and a wizard; the first warrior wins a quarter of the
    # deals, the wizard the rest: against its fellow warrior the first mover gains 25 points
    def three(seed: int) -> Json:
        winners = [0] if seed % 4 == 0 else [2]
        return {"seed": seed, "winners": winners, "returns": [1.0 if s in winners else -1.0 for s in range(3)],
                "roles": ["warrior", "warrior", "wizard"], "decisions": 10, "first_player": 0, "events": {}}

    records = [(seed, k, three(seed)) for k in range(2) for seed in range(40)]
    tallies, _ = level_tallies(records, ["weak", "strong"], 3, ["a", "b", "c"])
    first = skill_curves(tallies, ["weak", "strong"], ["a", "b", "c"])["per_level"][0]["first_player_advantage"]
    assert first["against"] == "other seats of its role"
    assert first["difference"] == pytest.approx(0.25)
