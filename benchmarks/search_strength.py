"""Is a search agent stronger than the heuristic, role by role? Paired games on the same deals, CPU per decision.

For every deal (seed) and every seat of the roles asked for, the candidate plays that seat against the opponents
(default ``heuristic``) in every other seat; the baseline (default ``heuristic``) plays the same seat of the same
deal against the same opponents. The candidate's and the baseline's win rates in each role are reported with Wilson
95% intervals, and their difference with a 95% interval bootstrapped over deals (the games of one deal are not
independent). ``--team`` (co-operative games) seats the candidate in every seat against the baseline in every seat,
on the same deals; ``--side`` seats it in every seat of the ``--role`` roles at once (both warriors) against the
baseline in the same seats. Each decision of the candidate is timed in CPU seconds (``time.process_time``; the
machine may be shared), so the report also gives the mean and 95th percentile per decision with more than one legal
move.

Examples::

    python benchmarks/search_strength.py wizard-towers --spec hard -n 100 --jobs 2
    python benchmarks/search_strength.py wizard-towers --spec expert --role wizard -n 200
    python benchmarks/search_strength.py fate --seats 5 --spec hard --role 近卫 -n 100
    python benchmarks/search_strength.py wild-hunters --seats 3 --team --spec hard -n 200
    python benchmarks/search_strength.py wizard-towers --role warrior --side --spec hard -n 60

One JSON line per role is printed (and appended to ``--out``), with every deal's pairs of results (``per_deal``) so
that runs on other seeds can be pooled with it.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import numpy as np

from tablecraft.agents import make_agent, observe
from tablecraft.core.api import Json
from tablecraft.lab.simulate import bot_rng, load_game, wilson_interval


def play(task: tuple[str, int | None, Json, tuple[str, ...], int, tuple[int, ...]]) -> Json:
    """Play one game; return its winners, roles, returns and the CPU seconds of each decision of ``timed`` seats."""
    game_id, seats, options, bots, seed, timed = task
    game = load_game(game_id, options, seats)
    agents = [make_agent(b, game) for b in bots]
    rngs = [bot_rng(seed, s) for s in range(game.num_seats)]
    state = game.new_initial_state(seed)
    times: list[float] = []
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.forward_actions()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        start = time.process_time()
        action = agents[seat].act(observe(state), rngs[seat])
        if seat in timed:
            times.append(time.process_time() - start)
        state.apply_unchecked(action)
    return {"seed": seed, "bots": list(bots), "winners": state.winners(), "roles": state.roles(),
            "returns": state.returns(), "times": times}


def bootstrap_mean(values: Sequence[float], rounds: int = 4000, seed: int = 0) -> tuple[float, float]:
    """The 95% percentile-bootstrap interval of the mean of ``values`` (one value per deal)."""
    x = np.asarray(values, dtype=float)
    if len(x) == 0:
        return (0.0, 0.0)
    rng = np.random.default_rng(seed)
    means = x[rng.integers(0, len(x), size=(rounds, len(x)))].mean(axis=1)
    lo, hi = np.percentile(means, [2.5, 97.5])
    return float(lo), float(hi)


def deal_differences(deals: dict[int, list[tuple[int, int]]]) -> list[float]:
    """Per deal, the candidate's wins minus the baseline's over that deal's games (the unit the bootstrap
    resamples: the games of one deal are not independent)."""
    return [sum(c - b for c, b in v) / len(v) for v in deals.values()]


def side_bots(n: int, seats: Sequence[int], spec: str, others: str) -> tuple[str, ...]:
    """The bots of an ``n``-seat game with ``spec`` in ``seats`` and ``others`` everywhere else."""
    return tuple(spec if q in seats else others for q in range(n))


def main() -> None:
    """Play the paired games and print one JSON line per role."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("game")
    p.add_argument("--spec", required=True, help="the candidate agent spec (a level or a spec)")
    p.add_argument("--baseline", default="heuristic")
    p.add_argument("--opponents", default="heuristic")
    p.add_argument("--role", action="append", help="only the seats of this role (repeatable; default: every role)")
    p.add_argument("--team", action="store_true", help="co-operative: the candidate plays every seat")
    p.add_argument("--side", action="store_true",
                   help="the candidate plays every seat of the --role roles at once (a side that searches together, "
                        "e.g. both warriors), the baseline the same seats on the same deal; a win is any of them")
    p.add_argument("-n", type=int, default=50, help="deals")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("-o", "--option", action="append", default=[], help="game option key=value")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default=None, help="append the JSON lines to this file")
    args = p.parse_args()
    if args.side and (not args.role or args.team):
        p.error("--side needs --role (the roles the candidate side plays) and no --team")
    options = dict(kv.split("=", 1) for kv in args.option)
    game = load_game(args.game, options, args.seats)
    opts = dict(game.options)
    n = game.num_seats
    seeds = [args.seed + j for j in range(args.n)]
    tasks: list[tuple[str, int | None, Json, tuple[str, ...], int, tuple[int, ...]]] = []
    selfplay = tuple([args.opponents] * n)
    start = time.perf_counter()
    ctx = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx) if args.jobs > 1 else None

    def run(work: list[Any]) -> list[Json]:
        out = []
        for r in (pool.map(play, work, chunksize=1) if pool is not None else map(play, work)):
            out.append(r)
            if len(out) % 10 == 0 or len(out) == len(work):
                print(f"{len(out)}/{len(work)} games, {time.perf_counter() - start:.0f} s", file=sys.stderr,
                      flush=True)
        return out

    results: list[Json] = []
    roles_of: dict[int, list[str]] = {}
    if args.team:
        for seed in seeds:
            tasks.append((args.game, n, opts, (args.spec,) * n, seed, tuple(range(n))))
            tasks.append((args.game, n, opts, (args.baseline,) * n, seed, ()))
    else:
        if args.role:
            # roles may be dealt during play (fate's identities): read them from the opponents' self-play game
            first = run([(args.game, n, opts, selfplay, seed, ()) for seed in seeds])
            results.extend(first)
            roles_of = {r["seed"]: r["roles"] for r in first}
        for seed in seeds:
            targets = [s for s in range(n) if not args.role or roles_of[seed][s] in args.role]
            if args.side:
                tasks.append((args.game, n, opts, side_bots(n, targets, args.spec, args.opponents), seed,
                              tuple(targets)))
                tasks.append((args.game, n, opts, side_bots(n, targets, args.baseline, args.opponents), seed, ()))
                continue
            for s in targets:
                bots = side_bots(n, [s], args.spec, args.opponents)
                tasks.append((args.game, n, opts, bots, seed, (s,)))
                base = side_bots(n, [s], args.baseline, args.opponents)
                if base != selfplay or (not args.role and s == targets[0]):
                    tasks.append((args.game, n, opts, base, seed, ()))
    results.extend(run(tasks))
    if pool is not None:
        pool.shutdown()
    wall = time.perf_counter() - start
    by_key = {(r["seed"], tuple(r["bots"])): r for r in results}
    role_times: dict[str, list[float]] = {}
    # per role: per deal, the candidate's and the baseline's wins over the role's seats
    per_role: dict[str, dict[int, list[tuple[int, int]]]] = {}
    for seed in seeds:
        if args.team:
            cand = by_key[(seed, (args.spec,) * n)]
            base = by_key[(seed, (args.baseline,) * n)]
            per_role.setdefault("team", {}).setdefault(seed, []).append((int(bool(cand["winners"])),
                                                                          int(bool(base["winners"]))))
            role_times.setdefault("team", []).extend(cand["times"])
            continue
        if args.side:
            targets = [s for s in range(n) if roles_of[seed][s] in args.role]
            cand = by_key[(seed, side_bots(n, targets, args.spec, args.opponents))]
            base = by_key[(seed, side_bots(n, targets, args.baseline, args.opponents))]
            side = "+".join(sorted(set(args.role)))
            per_role.setdefault(side, {}).setdefault(seed, []).append(
                (int(any(s in cand["winners"] for s in targets)), int(any(s in base["winners"] for s in targets))))
            role_times.setdefault(side, []).extend(cand["times"])
            continue
        for s in range(n):
            bots = side_bots(n, [s], args.spec, args.opponents)
            base_bots = side_bots(n, [s], args.baseline, args.opponents)
            cand = by_key.get((seed, bots))
            base = by_key.get((seed, base_bots))
            if cand is None or base is None:
                continue
            role = cand["roles"][s]
            if args.role and role not in args.role:
                continue
            role_times.setdefault(role, []).extend(cand["times"])
            per_role.setdefault(role, {}).setdefault(seed, []).append((int(s in cand["winners"]),
                                                                        int(s in base["winners"])))
    rng = random.Random(args.seed)
    for role, deals in sorted(per_role.items()):
        pairs = [x for v in deals.values() for x in v]
        cw = sum(c for c, _ in pairs)
        bw = sum(b for _, b in pairs)
        m = len(pairs)
        diffs = deal_differences(deals)
        lo, hi = bootstrap_mean(diffs, seed=rng.randrange(1 << 30))
        times = role_times.get(role, [])
        out = {
            "game": args.game, "seats": n, "options": {k: v for k, v in options.items()}, "role": role,
            "candidate": args.spec, "baseline": args.baseline, "opponents": args.opponents, "deals": len(deals),
            "games": m, "candidate_wins": cw, "candidate_rate": round(cw / m, 4),
            "candidate_ci": [round(x, 4) for x in wilson_interval(cw, m)], "baseline_wins": bw,
            "baseline_rate": round(bw / m, 4), "baseline_ci": [round(x, 4) for x in wilson_interval(bw, m)],
            "difference": round((cw - bw) / m, 4), "difference_ci": [round(lo, 4), round(hi, 4)],
            "decisions_timed": len(times),
            "cpu_per_decision_mean": round(float(np.mean(times)), 4) if times else None,
            "cpu_per_decision_p95": round(float(np.percentile(times, 95)), 4) if times else None,
            "cpu_per_decision_max": round(float(np.max(times)), 4) if times else None,
            "wall_s": round(wall, 1),
            # per deal, each (candidate won, baseline won) pair: runs on other seeds pool with these
            "per_deal": [[seed, [list(p) for p in v]] for seed, v in sorted(deals.items())],
        }
        line = json.dumps(out, ensure_ascii=False)
        print(line, flush=True)
        if args.out:
            with open(args.out, "a", encoding="utf-8") as f:
                f.write(line + "\n")


if __name__ == "__main__":
    main()
