"""The rating ladder: Bradley–Terry maths on constructed data with a known answer, duels read from records, and a
small run of ``tablecraft lab ladder`` (tiny budgets: no statistical claim about any real game)."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from typer.testing import CliRunner

from tablecraft import cli
from tablecraft.lab.ladder import (
    agent_pairs,
    collect_duels,
    elo,
    fit_bradley_terry,
    ladder_seatings,
    ladder_summary,
)

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


def expected_scores(strengths: list[float], duels: float) -> np.ndarray:
    p = np.asarray(strengths)
    return duels * p[:, None] / (p[:, None] + p[None, :]) * (1 - np.eye(len(p)))


def test_bradley_terry_recovers_the_strengths_that_made_exact_scores() -> None:
    ratings = elo(fit_bradley_terry(expected_scores([1, 2, 4, 8], 60), prior=0.0))
    assert np.allclose(ratings, np.arange(4) * 400 * math.log10(2), atol=1e-6)


def test_bradley_terry_recovers_strengths_from_an_incomplete_chain_of_pairs() -> None:
    # only neighbours meet (a ladder with --pairs adjacent): the ratings still follow from the chain
    full = expected_scores([1, 3, 9], 90)
    chain = full.copy()
    chain[0, 2] = chain[2, 0] = 0
    ratings = elo(fit_bradley_terry(chain, prior=0.0))
    assert np.allclose(ratings, [0, 400 * math.log10(3), 800 * math.log10(3)], atol=1e-6)


def test_draws_count_half_and_a_perfect_score_stays_finite_with_the_prior() -> None:
    even = np.array([[0.0, 5.0], [5.0, 0.0]])  # ten drawn duels
    assert np.allclose(elo(fit_bradley_terry(even, prior=0.0)), [0, 0])
    shutout = np.array([[0.0, 10.0], [0.0, 0.0]])
    ratings = elo(fit_bradley_terry(shutout, prior=1.0))
    # 10.5 to 0.5 with one drawn duel added: odds 21, about 529 Elo
    assert math.isfinite(ratings[1]) and ratings[1] == pytest.approx(-400 * math.log10(21), abs=1e-6)


def test_sampled_duels_from_known_strengths_give_intervals_around_them() -> None:
    # 400 deals, each one duel per pair drawn from known strengths; the bootstrap over deals must bracket them
    rng = np.random.default_rng(7)
    strengths = np.array([1.0, 2.0, 6.0])
    from tablecraft.lab.ladder import Duels
    duels = Duels(["a", "b", "c"])
    for d in range(400):
        m = np.zeros((3, 3))
        for i, j in agent_pairs(3):
            if rng.random() < strengths[i] / (strengths[i] + strengths[j]):
                m[i, j] += 1
            else:
                m[j, i] += 1
        duels.deals.append(d)
        duels.overall.append(m)
    summary = ladder_summary(duels, reference=0, prior=0.0, bootstrap=400, seed=1)
    truth = {"a": 0.0, "b": 400 * math.log10(2), "c": 400 * math.log10(6)}
    for row in summary["overall"]["ratings"]:
        lo, hi = row["ci"]
        assert lo <= truth[row["agent"]] <= hi, row
    assert [r["agent"] for r in summary["overall"]["ratings"]] == ["c", "b", "a"]


def test_ladder_seats_each_agent_of_a_pair_alone_in_every_seat() -> None:
    assert ladder_seatings(2, 3) == [(0, 1, 1), (1, 0, 1), (1, 1, 0), (1, 0, 0), (0, 1, 0), (0, 0, 1)]
    assert len(ladder_seatings(5, 3)) == 10 * 6
    assert len(ladder_seatings(5, 5, pairs="adjacent")) == 4 * 10
    assert len(ladder_seatings(5, 2, pairs="star", reference=2)) == 4 * 2
    assert ladder_seatings(3, 4, team=True) == [(0, 0, 0, 0), (1, 1, 1, 1), (2, 2, 2, 2)]
    with pytest.raises(ValueError, match="pairs"):
        ladder_seatings(3, 3, pairs="some")


def record(winners: list[int], roles: list[str]) -> dict[str, object]:
    return {"winners": winners, "roles": roles}


def test_a_duel_compares_the_seat_with_each_agent_alone_in_it_on_the_same_deal() -> None:
    seatings = ladder_seatings(2, 3)  # (0,1,1) (1,0,1) (1,1,0) (1,0,0) (0,1,0) (0,0,1)
    roles = ["warrior", "warrior", "wizard"]
    games = [
        # deal 0: the wizard seat won with agent 0 alone in it, not with agent 1: agent 0 wins that duel
        (0, 2, record([2], roles)), (0, 5, record([0], roles)),
        # seat 0: won both times (a draw); seat 1: lost both times (a draw)
        (0, 0, record([0], roles)), (0, 3, record([0], roles)),
        (0, 1, record([2], roles)), (0, 4, record([2], roles)),
        # deal 1: only one game of the wizard duel was stored (an interrupted run): no duel
        (1, 2, record([2], roles)),
    ]
    duels = collect_duels(["x", "y"], seatings, games)
    assert duels.deals == [0] and duels.duels == 3
    assert duels.by_role["wizard"][0].tolist() == [[0, 1], [0, 0]]
    assert duels.by_role["warrior"][0].tolist() == [[0, 1], [1, 0]]
    assert duels.overall[0].tolist() == [[0, 2], [1, 0]]
    alone = {(a, b): tally for (a, b), tally in duels.lone["wizard"].items()}
    assert alone == {(0, 1): [1, 1], (1, 0): [0, 1]}


def test_team_mode_compares_whole_teams_on_the_same_deal() -> None:
    seatings = ladder_seatings(3, 2, team=True)
    games = [(0, 0, record([0, 1], ["a", "b"])), (0, 1, record([], ["a", "b"])), (0, 2, record([0, 1], ["a", "b"]))]
    duels = collect_duels(["x", "y", "z"], seatings, games, team=True)
    assert duels.overall[0].tolist() == [[0, 1, 0.5], [0, 0, 0], [0.5, 1, 0]]


def test_lab_ladder_plays_every_duel_prints_ratings_writes_json_and_resumes(tmp_path: Path) -> None:
    runner = CliRunner(env=ENV)
    db, out = str(tmp_path / "lab.sqlite"), tmp_path / "ladder.json"
    result = runner.invoke(cli.app, ["lab", "ladder", "xeno-faction", "-a", "random,normal", "-n", "2", "-j", "1",
                                     "--db", db, "--json", str(out), "--bootstrap", "50"])
    assert result.exit_code == 0, result.output
    assert "Elo with normal at 0" in result.output and "random – normal" in result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["deals"] == 2 and doc["games"] == 4 and doc["duels"] == 4
    assert {r["agent"] for r in doc["overall"]["ratings"]} == {"random", "normal"}
    again = runner.invoke(cli.app, ["lab", "ladder", "--resume", "1", "-n", "1", "-j", "1", "--db", db,
                                    "--json", str(out), "-q"])
    assert again.exit_code == 0, again.output
    assert json.loads(out.read_text(encoding="utf-8"))["deals"] == 3
    shown = runner.invoke(cli.app, ["lab", "show", "1", "--db", db])
    assert shown.exit_code == 0 and "random – normal" in shown.output


def test_lab_ladder_team_mode_and_a_search_level_run_on_tiny_budgets(tmp_path: Path) -> None:
    runner = CliRunner(env=ENV)
    db, out = str(tmp_path / "lab.sqlite"), tmp_path / "team.json"
    result = runner.invoke(cli.app, ["lab", "ladder", "wild-hunters", "--seats", "2", "--team", "-a",
                                     "random,normal,hard:worlds=2:depth=2", "-n", "2", "-j", "1", "--db", db,
                                     "--json", str(out), "--bootstrap", "20", "-q"])
    assert result.exit_code == 0, result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["team"] is True and doc["games"] == 6 and doc["duels"] == 6


def test_lab_ladder_refuses_a_reference_that_does_not_play(tmp_path: Path) -> None:
    runner = CliRunner(env=ENV)
    result = runner.invoke(cli.app, ["lab", "ladder", "xeno-faction", "-a", "random,normal", "--reference", "hard",
                                     "--db", str(tmp_path / "x.sqlite")])
    assert result.exit_code == 2 and "reference" in result.output


@pytest.mark.parametrize(("game", "seats", "roles"), [
    ("wizard-towers", 3, {"warrior", "wizard"}),
    ("xeno-faction", 2, {"alpha", "beta"}),
    ("wild-hunters", 2, {"fire", "water"}),
    ("fate", 4, {"scourge", "sentinel"}),
])
def test_lab_ladder_rates_each_role_with_an_interval_and_repeats_itself_for_a_seed(
        tmp_path: Path, game: str, seats: int, roles: set[str]) -> None:
    runner = CliRunner(env=ENV)

    def ladder(name: str) -> tuple[str, dict[str, Any]]:
        out = tmp_path / f"{name}.json"
        result = runner.invoke(cli.app, ["lab", "ladder", game, "--seats", str(seats), "-a", "random,normal",
                                         "-n", "2", "--seed", "3", "-j", "1", "--bootstrap", "30",
                                         "--db", str(tmp_path / f"{name}.sqlite"), "--json", str(out)])
        assert result.exit_code == 0, result.output
        return result.output, json.loads(out.read_text(encoding="utf-8"))

    output, doc = ladder("first")
    assert doc["game"] == game and doc["deals"] == 2 and doc["duels"] == 2 * seats  # one pair, each seat, each deal
    assert "ratings, all seats" in output
    for role in roles:
        assert f"ratings, role {role}" in output and f"duel scores (role {role})" in output
    assert set(doc["roles"]) == roles
    for table in [doc["overall"], *doc["roles"].values()]:
        rows = {row["agent"]: row for row in table["ratings"]}
        assert set(rows) == {"random", "normal"} and rows["normal"]["elo"] == 0
        for row in rows.values():
            lo, hi = row["ci"]
            assert lo <= row["elo"] <= hi and row["duels"] > 0
    _, again = ladder("again")
    for key in ("overall", "roles", "alone", "games", "duels"):
        assert again[key] == doc[key], key
