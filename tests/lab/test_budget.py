"""The lab plays the strongest level that fits a time budget (``tablecraft.lab.budget``, ``lab run --budget``), and
a run that names no agents plays ``normal``; every report says which level it measured."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

import tablecraft
from tablecraft import cli
from tablecraft.lab import budget
from tablecraft.lab.budget import probe_positions, strongest_level

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
COST = {"expert": 0.5, "hard": 0.2, "normal": 0.001, "easy": 0.001}
"""Made-up CPU seconds per decision of each level: the choice must follow them, whatever the machine."""


@pytest.fixture
def fixed_costs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(budget, "seconds_per_decision", lambda game, spec, states: COST[spec])


def test_the_strongest_level_whose_run_fits_the_budget_is_chosen(fixed_costs: None) -> None:
    game = tablecraft.load("xeno-faction")
    _, decisions = probe_positions(game)
    per_game = {level: cost * decisions for level, cost in COST.items()}
    games = 10
    assert strongest_level(game, per_game["expert"] * games, games).level == "expert"
    assert strongest_level(game, per_game["expert"] * games * 0.99, games).level == "hard"
    # two workers halve the time of a run
    assert strongest_level(game, per_game["expert"] * games / 2, games, workers=2).level == "expert"
    choice = strongest_level(game, per_game["hard"] * games / 2, games)
    assert choice.level == "normal" and choice.fits
    assert choice.estimated_seconds == pytest.approx(per_game["normal"] * games)
    assert list(choice.estimates) == ["expert", "hard", "normal"]


def test_when_no_level_fits_random_plays_and_the_choice_says_it_does_not_fit(fixed_costs: None) -> None:
    choice = strongest_level(tablecraft.load("xeno-faction"), 0.0, 10)
    assert (choice.level, choice.fits) == ("random", False)


def test_the_probe_positions_are_real_choices_spread_over_a_game() -> None:
    states, decisions = probe_positions(tablecraft.load("wizard-towers"))
    assert 1 <= len(states) <= budget.PROBES and decisions > len(states)
    assert all(len(s.legal_actions()) > 1 for s in states)
    assert len({str(s.history()) for s in states}) == len(states)


def test_a_budget_below_zero_or_a_run_of_no_games_is_refused() -> None:
    game = tablecraft.load("xeno-faction")
    with pytest.raises(ValueError, match="0 seconds or more"):
        strongest_level(game, -1, 10)
    with pytest.raises(ValueError, match="at least one game"):
        strongest_level(game, 10, 0)


def run_lab(tmp_path: Path, *args: str) -> Any:
    return CliRunner(env=ENV).invoke(cli.app, ["lab", "run", "xeno-faction", "-n", "2", "-j", "1",
                                               "--db", str(tmp_path / "lab.sqlite"), *args])


def test_a_run_that_names_no_agents_plays_normal_and_its_report_names_the_level(tmp_path: Path) -> None:
    html = tmp_path / "r.html"
    result = run_lab(tmp_path, "--report", str(html))
    assert result.exit_code == 0, result.output
    doc = json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))
    assert doc["run"]["agents"] == ["normal"]
    assert doc["players"] == [{"agent": "normal", "name": "Normal", "name_zh": "普通", "spec": "heuristic",
                               "level": True}]
    assert "level Normal 普通" in html.read_text(encoding="utf-8")


def test_a_run_with_a_budget_plays_the_level_it_chose_and_stores_the_estimate(tmp_path: Path,
                                                                             fixed_costs: None) -> None:
    html = tmp_path / "r.html"
    result = run_lab(tmp_path, "--budget", "0.5", "--report", str(html))
    assert result.exit_code == 0, result.output
    assert "level normal" in result.output
    doc = json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))
    assert doc["run"]["agents"] == ["normal"]
    assert doc["run"]["params"]["level_choice"]["budget"] == 0.5
    assert "the strongest that fits the budget of 0.5 s" in html.read_text(encoding="utf-8")


def test_a_budget_with_agents_named_is_refused(tmp_path: Path) -> None:
    result = run_lab(tmp_path, "--agents", "random", "--budget", "10")
    assert result.exit_code != 0 and "--budget chooses the level when --agents is not given" in result.output
