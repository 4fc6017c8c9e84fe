"""Runs: stored as they go, resumed and extended without loss or double counting, the same on any number of
workers; --until-ci; comparisons and parameter sweeps; the balance search."""

from __future__ import annotations

import json
import multiprocessing
import os
import random
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable, Generator, Sequence
from pathlib import Path
from typing import Any

import pytest
from lab_helpers import ALL_GAMES, GAME, InterruptingBackend, rotation_seats, stored

import tablecraft
from tablecraft.lab.backends import InlineBackend, PoolBackend, make_backend, worker_running
from tablecraft.lab.balance import bisect_search
from tablecraft.lab.runner import Lab, comparisons, next_size, parse_assignments, parse_vary, product_arms
from tablecraft.lab.simulate import Batch
from tablecraft.lab.stats import Rate
from tablecraft.lab.store import Store
from tablecraft.lab.tournament import Tally


# ------------------------------------------------------------------------------------------- store, resume
def test_storing_the_same_game_twice_keeps_one_row(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", 3)
    arms = lab.arms(run)
    lab.extend(run, arms, games=3)
    first = stored(lab.store, run)
    arm = arms[0].arm
    again = [(seed, seating, record) for _label, seed, seating, record in first]
    assert lab.store.add_games(arm, again) == 0
    assert stored(lab.store, run) == first and lab.store.count(arm) == 3


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_a_run_plays_every_deal_under_every_seating(lab: Lab, game_id: str) -> None:
    seats = rotation_seats(game_id)
    agents = "random,heuristic" if seats > 1 and tablecraft.load(game_id).make_heuristic() is not None else "random"
    run = lab.create_run(game_id, agents, 4, seed=10, seats=seats)
    arms = lab.arms(run)
    lab.extend(run, arms, games=4)
    m = len(run.seatings)
    deals = -(-4 // m)
    keys = lab.store.keys(arms[0].arm)
    assert keys == {(10 + j, k) for j in range(deals) for k in range(m)}
    assert arms[0].tally.games == deals * m


def test_extending_a_run_adds_new_deals_and_matches_a_run_asked_for_the_total(tmp_path: Path) -> None:
    db = tmp_path / "lab.sqlite"
    store = Store.open(db)
    lab = Lab(store, InlineBackend())
    run = lab.create_run(GAME, "random", 6, seed=3)
    lab.extend(run, lab.arms(run), games=6)
    store.close()
    # a new process, as after `--resume`: the same file, the run rebuilt from it
    store = Store.open(db)
    lab = Lab(store, InlineBackend())
    arms = lab.arms(store.run(run.id))
    assert arms[0].tally.games == 6
    lab.extend(run, arms, games=4)
    assert arms[0].tally.games == 10
    whole = Lab(Store.open("sqlite://"), InlineBackend())
    other = whole.create_run(GAME, "random", 10, seed=3)
    whole.extend(other, whole.arms(other), games=10)
    assert [g[1:] for g in stored(store, run)] == [g[1:] for g in stored(whole.store, other)]
    assert lab.arms(run)[0].tally.summary() == whole.arms(other)[0].tally.summary()


def test_an_interrupted_run_keeps_its_finished_batches_and_resume_completes_it(store: Store) -> None:
    lab = Lab(store, InterruptingBackend(after=2), chunk=2)
    run = lab.create_run(GAME, "heuristic,random", 12, seed=0)
    arms = lab.arms(run)
    with pytest.raises(KeyboardInterrupt):
        lab.extend(run, arms, games=12)
    kept = stored(store, run)
    assert len(kept) == 4  # two batches of two games were stored before the interruption
    # resume with no more games: the interrupted request is completed, nothing stored twice
    resumed = Lab(store, InlineBackend(), chunk=2)
    arms = resumed.arms(store.run(run.id))
    # two deals under two of their six seatings: stored, but left out of the statistics until complete
    assert arms[0].tally.games == 0
    assert (arms[0].tally.incomplete_deals, arms[0].tally.games_left_out) == (2, 4)
    resumed.extend(run, arms, games=0)
    assert arms[0].tally.games == 12 and store.count(arms[0].arm) == 12
    clean = Lab(Store.open("sqlite://"), InlineBackend())
    other = clean.create_run(GAME, "heuristic,random", 12, seed=0)
    clean.extend(other, clean.arms(other), games=12)
    assert [g[1:] for g in stored(store, run)] == [g[1:] for g in stored(clean.store, other)]
    assert all(k in stored(store, run) for k in kept)  # what was stored before is still there, unchanged


def test_a_run_interrupted_after_one_round_of_seatings_holds_whole_rotations(store: Store) -> None:
    # 20 deals under six seatings; the first six batches are the six seatings of the same first deals, so an
    # interruption after them leaves only complete rotations (nothing to leave out)
    lab = Lab(store, InterruptingBackend(after=6))
    run = lab.create_run(GAME, "heuristic,random", 120, seed=0)
    arms = lab.arms(run)
    with pytest.raises(KeyboardInterrupt):
        lab.extend(run, arms, games=120)
    tally = lab.arms(store.run(run.id))[0].tally
    assert tally.games > 0 and tally.games % 6 == 0
    assert tally.incomplete_deals == 0 and tally.deals == tally.games // 6
    seatings_per_seed = Counter(seed for _label, seed, _k, _r in stored(store, run))
    assert set(seatings_per_seed.values()) == {6}


_ORPHAN_SCRIPT = """
import json, sys, time
from tablecraft.lab.backends import PoolBackend
from tablecraft.lab.simulate import Batch

if __name__ == "__main__":
    backend = PoolBackend(2)
    quick = Batch("wizard-towers", (), None, ("random",) * 3, (0,), False)
    list(backend.run([quick, quick]))
    print(json.dumps(sorted(backend._known)), flush=True)
    if sys.argv[1] == "busy":  # workers in the middle of long batches when the parent dies
        busy = Batch("wizard-towers", (), None, ("random",) * 3, tuple(range(100_000)), False)
        for _ in backend.run([busy, busy]):
            pass
    time.sleep(600)
"""


def _process_alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] not in ("Z", "X")
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not os.path.isdir("/proc"), reason="reads process states from /proc")
@pytest.mark.parametrize("mode", ["idle", "busy"])
def test_pool_workers_end_when_the_lab_process_is_killed(tmp_path: Path, mode: str) -> None:
    script = tmp_path / "lab_parent.py"
    script.write_text(_ORPHAN_SCRIPT)
    parent = subprocess.Popen([sys.executable, str(script), mode], stdout=subprocess.PIPE, text=True)
    workers: list[int] = []
    try:
        assert parent.stdout is not None
        workers = json.loads(parent.stdout.readline())
        assert len(workers) == 2 and all(_process_alive(p) for p in workers)
        if mode == "busy":
            time.sleep(0.5)
        parent.send_signal(signal.SIGKILL)  # no chance to stop its pool
        parent.wait(timeout=10)
        deadline = time.monotonic() + 15
        while any(_process_alive(p) for p in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(_process_alive(p) for p in workers)
    finally:
        if parent.poll() is None:
            parent.kill()
        for pid in workers:  # never leave a stray process behind a failing test
            if _process_alive(pid):
                os.kill(pid, signal.SIGKILL)


# -------------------------------------------------------------------------------------------- workers
def test_results_are_identical_whatever_the_number_of_workers() -> None:
    results = []
    for backend in (InlineBackend(), PoolBackend(2)):
        lab = Lab(Store.open("sqlite://"), backend, chunk=3)
        run = lab.create_run(GAME, "heuristic,random", 24, seed=5)
        try:
            lab.extend(run, lab.arms(run), games=24)
        finally:
            backend.close()
        results.append(stored(lab.store, run))
    assert len(results[0]) == 24 and results[0] == results[1]


def test_abort_stops_the_pool_workers_without_waiting_for_their_batches() -> None:
    backend = PoolBackend(2)
    opts = tuple(sorted(tablecraft.load(GAME).options.items()))
    # one short batch to wait for, then batches of minutes: only terminating the workers ends them in seconds
    batches = [Batch(GAME, opts, 3, ("random",) * 3, (0,), False)]
    batches += [Batch(GAME, opts, 3, ("heuristic",) * 3, tuple(range(i * 5000, i * 5000 + 5000)), False)
                for i in range(1, 5)]
    finished = backend.run(batches)
    assert isinstance(finished, Generator)
    next(finished)
    assert backend._pool is not None
    workers = list(backend._pool._processes.values())
    finished.close()
    backend.abort()
    deadline = time.monotonic() + 20  # a loaded machine may take a moment to end them, never minutes
    while any(worker_running(p) for p in workers) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert workers and not any(worker_running(p) for p in workers)


def test_worker_running_asks_the_system_not_the_process_object() -> None:
    ctx = multiprocessing.get_context("spawn")
    process = ctx.Process(target=time.sleep, args=(30,))
    process.start()
    try:
        assert worker_running(process)
    finally:
        process.kill()
    os.waitpid(process.pid, 0)  # reaped behind the object's back, as the executor's thread can
    assert process.is_alive()  # the object cannot tell: the reason for worker_running
    assert not worker_running(process)


def test_make_backend_picks_inline_for_one_job_and_a_pool_for_more() -> None:
    assert isinstance(make_backend("local", 1), InlineBackend)
    pool = make_backend("local", 3)
    assert isinstance(pool, PoolBackend) and pool.workers == 3
    with pytest.raises(ValueError, match="unknown backend"):
        make_backend("slurm")


# ---------------------------------------------------------------------------------------------- until-ci
def test_until_ci_plays_until_every_headline_interval_is_narrow_enough(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", None)
    arms = lab.arms(run)
    lab.extend(run, arms, games=20, until_ci=0.08)
    tally = arms[0].tally
    assert tally.max_half_width() <= 0.08
    assert all(r.half_width <= 0.08 for r in tally.rates().values())
    # it stopped at the first round that was narrow enough: one round fewer would not have been
    assert tally.games > 20


def test_until_ci_stops_at_max_games(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", None)
    arms = lab.arms(run)
    lab.extend(run, arms, games=10, until_ci=0.001, max_games=30)
    assert 30 <= arms[0].tally.games < 40


def test_next_size_grows_at_least_a_round_and_at_most_doubles(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", 10)
    arms = lab.arms(run)
    lab.extend(run, arms, games=10)
    size = next_size(arms[0].tally, 0.02)
    assert 11 <= size <= 20


# ------------------------------------------------------------------------------------ compare and vary
def test_parsing_variants_and_sweeps() -> None:
    assert parse_assignments("substitute=alone,alliance=true") == {"substitute": "alone", "alliance": "true"}
    assert parse_vary("wizard_hp=120,150") == ("wizard_hp", ["120", "150"])
    with pytest.raises(ValueError, match="key=value"):
        parse_assignments("substitute")
    with pytest.raises(ValueError, match="name=value1"):
        parse_vary("wizard_hp")
    arms = product_arms(("wizard_hp", ["1", "2"]), [{"substitute": "alone"}])
    assert [label for label, _ in arms] == ["substitute=alone,wizard_hp=1", "substitute=alone,wizard_hp=2"]


def test_a_clear_difference_between_arms_is_significant(lab: Lab) -> None:
    arms_spec = product_arms(("wizard_hp", ["1", "2000"]), [])
    run = lab.create_run(GAME, "random", 40, arms=arms_spec, kind="vary")
    arms = lab.arms(run)
    assert [a.arm.options["wizard_hp"] for a in arms] == [1, 2000]
    lab.extend(run, arms, games=40)
    comp = comparisons(arms)
    assert len(comp) == 1 and (comp[0]["a"], comp[0]["b"]) == ("wizard_hp=1", "wizard_hp=2000")
    wizard = next(r for r in comp[0]["rows"] if r["metric"] == "role:wizard")
    assert wizard["difference"] > 0.5 and wizard["significant"]
    assert wizard["ci"][0] > 0


def test_arms_share_deals_and_each_arm_has_its_own_options(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", 3, arms=[("a", {"substitute": "joint"}), ("b", {"substitute": "alone"})],
                         kind="compare")
    arms = lab.arms(run)
    lab.extend(run, arms, games=3)
    assert lab.store.keys(arms[0].arm) == lab.store.keys(arms[1].arm)
    assert arms[1].game.options["substitute"] == "alone"


def test_bad_options_and_agents_fail_before_anything_is_stored(lab: Lab) -> None:
    with pytest.raises(tablecraft.OptionError):
        lab.create_run(GAME, "random", 3, arms=[("x", {"wizard_hp": "lots"})])
    with pytest.raises(KeyError, match="unknown agent"):
        lab.create_run(GAME, "grandmaster", 3)
    assert lab.store.runs() == []


# ------------------------------------------------------------------------------------------------ balance
def _exact(curve: Callable[[int], float]) -> Callable[[Sequence[int]], dict[int, Rate]]:
    """A measurement without noise to speak of: the curve's rate on 100 000 games."""
    return lambda xs: {x: Rate(round(100_000 * curve(x)), 100_000) for x in xs}


def test_bisection_finds_the_crossing_of_a_decreasing_curve() -> None:
    result = bisect_search(_exact(lambda x: 1 - x / 1000), lo=100, hi=900, target=0.25)
    assert result["direction"] == "decreasing" and result["bracketed"]
    assert result["best"] == 750 and abs(result["estimate"] - 750) < 1
    assert result["logistic_fit"] is not None
    assert [p["value"] for p in result["points"]] == sorted(p["value"] for p in result["points"])


def test_bisection_reports_a_target_outside_the_range() -> None:
    result = bisect_search(_exact(lambda x: 0.1 + x / 10_000), lo=0, hi=100, target=0.5)
    assert not result["bracketed"] and result["best"] == 100 and len(result["points"]) == 2


def test_bisection_stops_at_max_points_and_respects_the_step() -> None:
    result = bisect_search(_exact(lambda x: x / 10_000), lo=0, hi=10_000, target=0.3333, step=10, max_points=5)
    assert len(result["points"]) == 5 and result["best"] % 10 == 0


def test_balance_search_on_real_games_brackets_the_wizards_fair_hp(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", 30, kind="balance")
    result = lab.balance(run, "wizard_hp", "role:wizard", 0.5, lo=1, hi=400, games_per_point=30, max_points=4)
    values = [p["value"] for p in result["points"]]
    assert values[0] == 1 and values[-1] == 400 and len(values) == 4
    assert all(p["games"] >= 30 for p in result["points"])
    assert result["bracketed"] and result["bracket"][0] < result["best"] <= result["bracket"][1]
    # each measured value is an arm of the run, reused when measured again
    assert len(lab.store.arms(run)) == 4
    again = lab.balance(run, "wizard_hp", "role:wizard", 0.5, lo=1, hi=400, games_per_point=30, max_points=4)
    assert again["points"] == result["points"]


def test_an_interrupted_balance_search_resumes_to_the_same_answer(store: Store) -> None:
    params: dict[str, Any] = {"param": "wizard_hp", "metric": "role:wizard", "target": 0.5, "lo": 1, "hi": 400,
              "games_per_point": 20, "max_points": 4}
    interrupted = Lab(store, InterruptingBackend(after=5), chunk=4)
    run = interrupted.create_run(GAME, "random", 20, kind="balance")
    with pytest.raises(KeyboardInterrupt):
        interrupted.balance(run, **params)
    resumed = Lab(store, InlineBackend(), chunk=4).balance(run, **params)
    clean_lab = Lab(Store.open("sqlite://"), InlineBackend(), chunk=4)
    clean = clean_lab.balance(clean_lab.create_run(GAME, "random", 20, kind="balance"), **params)
    assert resumed["points"] == clean["points"] and resumed["best"] == clean["best"]


def test_balance_on_an_unknown_rate_names_the_rates_there_are(lab: Lab) -> None:
    run = lab.create_run(GAME, "random", 5, kind="balance")
    with pytest.raises(KeyError, match="role:wizard"):
        lab.balance(run, "wizard_hp", "role:dragon", 0.5, lo=100, hi=200, games_per_point=3)


def _clustered_curve(rng: random.Random, deals: int, games: int) -> Callable[[Sequence[int]], dict[int, Rate]]:
    """Measurements of rate = x / 200 on the same ``deals`` deals of ``games`` games each, every deal shifting
    the rate by its own amount (sd 0.1) at every value: deal-clustered, correlated noise along the curve."""
    shift = [rng.gauss(0, 0.1) for _ in range(deals)]

    def evaluate(xs: Sequence[int]) -> dict[int, Rate]:
        out = {}
        for x in xs:
            p = [min(1.0, max(0.0, x / 200 + s)) for s in shift]
            out[x] = Rate.from_deals({j: (sum(rng.random() < p[j] for _ in range(games)), games)
                                      for j in range(deals)})
        return out

    return evaluate


def test_the_balance_answer_interval_covers_the_true_answer() -> None:
    # the true answer is 100 (x / 200 = 0.5); 40 replicate searches over 60..140, 60 deals of 6 games each
    rng = random.Random(11)
    covered = 0
    for _ in range(40):
        result = bisect_search(_clustered_curve(rng, deals=60, games=6), lo=60, hi=140, target=0.5, step=4)
        ci = result["estimate_interval"]
        assert ci["deals"] == 60 and ci["ci"][0] <= result["estimate"] <= ci["ci"][1]
        covered += ci["ci"][0] <= 100 <= ci["ci"][1]
    assert covered >= 34  # about 95% of 40


def test_the_balance_answer_interval_says_when_resamples_leave_the_range() -> None:
    # the target is barely inside the range's end: many resampled curves do not reach it
    result = bisect_search(_clustered_curve(random.Random(3), deals=40, games=6), lo=60, hi=102, target=0.5)
    ci = result["estimate_interval"]
    assert ci["at_range_end"] > 0 and ci["ci"][1] == 102


def test_rates_without_deals_give_no_answer_interval() -> None:
    assert bisect_search(_exact(lambda x: x / 200), lo=50, hi=150, target=0.5)["estimate_interval"] is None


def _deal_decided_tally(deals: int) -> Tally:
    """Four seatings of a two-seat game; the deal alone decides which seat wins (seat 0 in odd deals)."""
    tally = Tally(2, ["s0", "s1"], ["A", "B"], [(0, 1), (1, 0), (0, 0), (1, 1)])
    for seed in range(deals):
        winner = seed % 2
        for k in range(4):
            tally.add({"seed": seed, "winners": [winner], "returns": [1 if s == winner else -1 for s in range(2)],
                       "roles": ["x", "y"], "first_player": 0, "decisions": 3, "turns": None,
                       "end_reason": "end", "events": {}}, k)
    return tally


def test_until_ci_waits_for_deals_not_games_when_the_deal_decides() -> None:
    # 40 deals × 4 games: a seat's 160 games carry the information of 40 deals (design effect 4)
    tally = _deal_decided_tally(40)
    seat = tally.rates()["seat:0"]
    assert seat.deals == 40 and seat.design_effect == pytest.approx(4 * 40 / 39)
    assert seat.half_width > Rate(80, 160).half_width
    assert next_size(tally, 0.1) == 2 * tally.games  # the per-game interval would already be narrow enough
    assert Rate(80, 160).half_width < 0.1 < seat.half_width


def test_until_ci_asks_for_more_deals_when_everything_rests_on_one() -> None:
    tally = _deal_decided_tally(1)
    assert tally.max_half_width() == 0.5 and next_size(tally, 0.2) == 2 * tally.games
