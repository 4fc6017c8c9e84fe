"""Game-quality metrics (``tablecraft.lab.quality``): constructed trajectories with known answers, the traced play
loop, and ``tablecraft lab quality`` end to end on a few games of xeno-faction."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tablecraft import cli
from tablecraft.agents.levels import DEFAULT_LEVEL
from tablecraft.lab.backends import InlineBackend
from tablecraft.lab.quality import (
    THE_GAME,
    Trajectory,
    decided_at,
    drama,
    game_quality,
    lead_changes,
    leaders,
    loser_peak,
    mean_interval,
    measure,
    threshold_crossed_at,
    trajectory,
)
from tablecraft.lab.simulate import load_game, play_game

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
SEP = r"[\s│]+"


def two_seats(values: list[float], winner: int | None) -> Trajectory:
    """A zero-sum duel: seat 0's advantage per sample, seat 1's its negative."""
    returns = [0.0, 0.0] if winner is None else [1.0 if s == winner else -1.0 for s in range(2)]
    return trajectory([[v, -v] for v in values], [0, 1], [] if winner is None else [winner], returns)


# ------------------------------------------------------------------------------------------------ leads
def test_a_lead_that_changes_hands_exactly_three_times_counts_three_changes() -> None:
    t = two_seats([0.3, 0.2, -0.1, -0.4, 0.5, 0.6, -0.2, -1.0], winner=1)
    assert leaders(t) == [0, 0, 1, 1, 0, 0, 1, 1]
    q = game_quality(t, [3] * 8, forced=0)
    assert q.lead_changes == 3
    assert q.lead_change_rate == pytest.approx(3 / 7)


def test_a_tie_passes_no_lead_but_a_new_leader_after_it_counts() -> None:
    assert lead_changes(leaders(two_seats([0.2, 0.0, 0.3, 1.0], winner=0))) == 0
    assert lead_changes(leaders(two_seats([0.2, 0.0, -0.3, -1.0], winner=1))) == 1


def test_a_game_led_from_first_decision_to_last_has_no_lead_change_no_drama_and_is_decided_at_once() -> None:
    t = two_seats([0.1, 0.3, 0.5, 1.0], winner=0)
    q = game_quality(t, [2, 2, 2, 2], forced=0)
    assert (q.lead_changes, q.drama, q.trailing_share, q.decided_at) == (0, 0.0, 0.0, 0.0)
    assert q.threshold_crossed_at == 0.0  # the loser never rose above -0.1; the winner was above it at once
    assert q.leader_won == 1.0


# ------------------------------------------------------------------------------------------------ drama
def test_a_comeback_has_the_winners_mean_deficit_as_its_drama() -> None:
    # seat 1 wins after trailing by 2·0.2 = 0.4 and then 2·0.4 = 0.8: drama (0.4 + 0.8) / 2
    t = two_seats([0.2, 0.4, -0.3, -1.0], winner=1)
    assert drama(t) == pytest.approx(0.6)
    q = game_quality(t, [2] * 4, forced=0)
    assert q.trailing_share == pytest.approx(0.5)
    assert q.decided_at == pytest.approx(0.5)  # the lead became seat 1's for good at sample 3 of 4


def test_drama_takes_the_best_other_side_not_the_average_of_the_others() -> None:
    # three seats; seat 2 wins; at sample 1 seat 0 leads by 0.5 over it, seat 1 is far below
    values = [[0.4, -0.9, -0.1], [-0.5, -0.5, 0.6], [-1.0, -1.0, 1.0]]
    t = trajectory(values, [0, 1, 2], [2], [-1, -1, 1])
    assert drama(t) == pytest.approx(0.5)
    assert leaders(t) == [0, 2, 2]


def test_a_game_nobody_won_has_no_drama_and_no_decisiveness() -> None:
    t = two_seats([0.2, -0.2, 0.0], winner=None)
    q = game_quality(t, [2, 2, 2], forced=1)
    assert not q.decided
    assert (q.drama, q.decided_at, q.threshold_crossed_at, q.loser_peak, q.trailing_share) == (None,) * 5
    assert q.lead_changes == 1  # leads still change in a drawn game


# --------------------------------------------------------------------------------------------- decisive
def test_the_threshold_is_the_losers_peak_and_the_game_is_decided_when_the_winner_passes_it() -> None:
    # the loser (seat 1) peaks at 0.5 on sample 2; seat 0 first exceeds 0.5 on sample 4 of 5: (4 − 1) / 5
    t = two_seats([0.1, -0.5, 0.2, 0.7, 1.0], winner=0)
    assert loser_peak(t) == pytest.approx(0.5)
    assert threshold_crossed_at(t) == pytest.approx(3 / 5)
    assert decided_at(t) == pytest.approx(2 / 5)  # but seat 0 led for good from sample 3


def test_a_lead_won_only_on_the_last_decision_is_decided_near_the_end() -> None:
    t = two_seats([-0.2, -0.4, -0.6, -0.3, 1.0], winner=0)
    assert decided_at(t) == pytest.approx(4 / 5)
    assert threshold_crossed_at(t) == pytest.approx(4 / 5)


# -------------------------------------------------------------------------------------- teams and co-op
def test_teammates_trading_places_is_no_lead_change_for_their_side() -> None:
    # seats 0 and 2 against 1 and 3; inside the leading team seats 0 and 2 take turns being highest
    values = [[0.6, -0.5, 0.2, -0.5], [0.1, -0.4, 0.7, -0.4], [1.0, -1.0, 1.0, -1.0]]
    t = trajectory(values, [0, 1, 0, 1], [0, 2], [1, -1, 1, -1])
    assert t.sides == ("0+2", "1+3")
    assert t.advantage[0] == pytest.approx((0.4, -0.5))
    assert leaders(t) == [0, 0, 0] and t.winners == frozenset({0})


def test_a_co_operative_team_plays_against_the_game_and_its_defeat_is_the_games_win() -> None:
    # every seat shares the team's value: ahead, then behind, then lost
    values = [[0.3] * 3, [-0.2] * 3, [-0.6] * 3, [-1.0] * 3]
    t = trajectory(values, [0, 0, 0], [], [-1.0, -1.0, -1.0])
    assert t.sides == ("0+1+2", THE_GAME)
    assert t.winners == frozenset({1})
    q = game_quality(t, [4] * 4, forced=0)
    assert q.cooperative and q.lead_changes == 1
    assert q.drama == pytest.approx(0.6)  # the game trailed by 2·0.3 before it won
    assert q.decided_at == pytest.approx(0.25)


def test_a_co_operative_victory_is_the_teams() -> None:
    t = trajectory([[-0.1, -0.1], [1.0, 1.0]], [0, 0], [0, 1], [1.0, 1.0])
    assert t.winners == frozenset({0}) and drama(t) == pytest.approx(0.2)


def test_a_sample_missing_a_seat_is_refused() -> None:
    with pytest.raises(ValueError, match="one value per seat"):
        trajectory([[0.1, 0.2], [0.3]], [0, 1], [0], [1, -1])


# ------------------------------------------------------------------------------------------ intervals
def test_games_of_one_deal_are_one_cluster_so_a_single_deal_gives_no_spread() -> None:
    mean, ci = mean_interval({7: (12.0, 4)}) or (None, None)
    assert mean == 3.0 and ci == (3.0, 3.0)


def test_the_mean_interval_widens_when_deals_differ_more_than_their_games() -> None:
    tight = mean_interval({d: (10.0, 10) for d in range(6)})
    loose = mean_interval({d: (0.0 if d % 2 else 20.0, 10) for d in range(6)})
    assert tight is not None and loose is not None
    assert tight[0] == loose[0] == 1.0
    assert tight[1] == (1.0, 1.0) and loose[1][0] < 0.0 < 2.0 < loose[1][1]


# ------------------------------------------------------------------------------------------- play loop
def test_a_traced_game_samples_every_real_decision_and_ends_on_the_returns() -> None:
    game = load_game("xeno-faction", {})
    record = play_game(game, 5, ["random", "random"], trace=True)
    trace = record["trace"]
    assert len(trace["choices"]) == len(trace["values"]) == record["decisions"] - trace["forced"]
    assert all(c > 1 for c in trace["choices"])
    assert trace["values"][-1] == record["returns"] and trace["sides"] == [0, 1]


def test_an_untraced_game_carries_no_trace() -> None:
    assert "trace" not in play_game(load_game("xeno-faction", {}), 5, ["random", "random"])


def test_measure_pools_the_branching_of_every_decision_and_reuses_the_tally() -> None:
    q = measure(load_game("xeno-faction", {}), "random", 3, InlineBackend(), seed=2)
    s = q.summary()
    assert s["games"] == 3 and s["deals"] == 3 and s["length"]["decisions"]["count"] == 3
    b = s["branching"]
    assert b["decisions"] == sum(g.samples for _, g in q.games)
    assert b["decision_factor"]["mean"] >= 2 > b["forced_share"] >= 0
    assert s["metrics"]["lead_changes"]["count"] == 3


def test_a_co_operative_game_is_measured_as_one_team_against_the_game() -> None:
    s = measure(load_game("wild-hunters", {}, 2), "random", 2, InlineBackend()).summary()
    assert s["cooperative"] and s["sides"] == {"2": 2}
    assert s["decided"]["count"] == 2  # a defeat is the game's win, so every game has a winner
    assert "dealt" in s["setup_only"] and "dealt" not in s["dead_rules"]


# ------------------------------------------------------------------------------------------------- CLI
def test_lab_quality_prints_every_metric_per_variant_and_writes_the_json(tmp_path: Path) -> None:
    out = tmp_path / "build" / "xf.json"
    result = CliRunner(env=ENV).invoke(cli.app, [
        "lab", "quality", "xeno-faction", "life=30", "-n", "3", "--agents", "normal", "-j", "1",
        "--json", str(out)])
    assert result.exit_code == 0, result.output
    text = result.output
    for row in ("lead changes per game", "drama", "decided at", "legal actions per decision", "dead rules",
                "first player wins", "turn-cap games", "length: real decisions"):
        assert row in text, row
    assert re.search(rf"games \(deals\){SEP}3 \(3\){SEP}3 \(3\)", text)
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "tablecraft-quality/1" and [a["label"] for a in doc["arms"]] == ["base", "life=30"]
    assert [a["options"]["life"] for a in doc["arms"]] == [50, 30]
    assert all(a["games"] == 3 and a["metrics"]["drama"]["count"] == 3 for a in doc["arms"])


@pytest.mark.parametrize(("args", "message"), [
    (["-n", "0"], "-n must be at least 1"),
    (["--agents", "nobody"], "unknown agent"),
    (["life=oops"], "life"),
])
def test_lab_quality_refuses_bad_input_before_playing(args: list[str], message: str) -> None:
    result = CliRunner(env=ENV).invoke(cli.app, ["lab", "quality", "xeno-faction", *args, "-j", "1"])
    assert result.exit_code == 2 and message in result.output, result.output


def test_lab_quality_and_content_play_the_default_level_when_no_agents_are_named(tmp_path: Path) -> None:
    """Without --agents both commands measure sensible play (the default level), as every lab command does:
    random play would report the quality of random moves."""
    for command in ("quality", "content"):
        out = tmp_path / f"{command}.json"
        result = CliRunner(env=ENV).invoke(cli.app, ["lab", command, "xeno-faction", "-n", "2", "-j", "1",
                                                     "--json", str(out), "--quiet"])
        assert result.exit_code == 0, result.output
        doc = json.loads(out.read_text())
        assert DEFAULT_LEVEL in json.dumps(doc["agents"]), (command, doc["agents"])
