"""wild-hunters team benchmark: several teams play the same deals; win rates per player count and per demon king,
paired differences with 95% intervals, and the play statistics issue 17 measured.

A *team* is an agent spec (``normal``, ``heuristic:noise=0.3``, ``ismcts:iterations=100``) or an outside policy of
``benchmarks/policies/wild_hunters.py`` (``policy:camp``, ``policy:rush``, ``policy:charge``); the whole team plays
every seat. Each team plays the same seeds (the same deal, the same demon king), so differences are paired. Spec
agents are made by ``make_agent`` (so they are ``Guarded``); ``raw:heuristic`` is the game's heuristic unguarded.

Per game it records: won, the demon king, the end reason, the turns, the attacks and how many cost 3 cards, the
moves onto face-down tiles, how many heroes attacked at least once, the mean, 95th percentile and largest decision time (CPU), and (with
``--check``) how many chosen actions were self-destroying (``Game.is_self_destroying``) while a safe one existed.
Printed as JSON lines: one per (seats, team), then one per (seats, pair of teams) with the paired difference.
Times are CPU seconds of the process that played.

``nice python benchmarks/wh_bench.py --teams policy:camp,policy:rush,policy:charge,normal --seats 1,3,5 -n 400
--jobs 2``
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from policies.wild_hunters import POLICIES  # noqa: E402

import tablecraft  # noqa: E402
from tablecraft.agents import make_agent, observe  # noqa: E402
from tablecraft.lab.simulate import bot_rng, wilson_interval  # noqa: E402


def make_team_agent(spec: str, game: Any) -> Any:
    """An agent for one seat: an outside policy, the raw heuristic, or any agent spec."""
    if spec.startswith("policy:"):
        return POLICIES[spec.split(":", 1)[1]]()
    if spec.startswith("raw:"):
        return game.make_heuristic(**dict(p.split("=") for p in spec.split(":")[2:]))
    return make_agent(spec, game)


def play(args: tuple[str, int, int, dict[str, Any], bool]) -> dict[str, Any]:
    """One game of ``spec`` in every seat; its result and statistics."""
    spec, seats, seed, options, check = args
    game = tablecraft.load("wild-hunters", num_seats=seats, **options)
    agents = [make_team_agent(spec, game) for _ in range(seats)]
    rngs = [bot_rng(seed, s) for s in range(seats)]
    state = game.new_initial_state(seed)
    attacks = dear = explores = destroying = decisions = 0
    attackers: set[int] = set()
    times: list[float] = []
    cpu = 0.0
    while not state.is_terminal():
        legal = state.forward_actions()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        seat = state.current_player()
        t0 = time.process_time()
        action = agents[seat].act(observe(state), rngs[seat])
        dt = time.process_time() - t0
        cpu += dt
        times.append(dt)
        decisions += 1
        if action not in legal:
            raise RuntimeError(f"{spec} chose {action}, not legal; legal: {[str(a) for a in legal]}")
        if check and game.is_self_destroying(state, action) and \
                any(not game.is_self_destroying(state, a) for a in legal if a != action):
            destroying += 1
        if str(action) == "attack":
            attacks += 1
            attackers.add(seat)
            dear += state.attack_cost(seat) == 10
        elif str(action).startswith("move"):
            target = state.fx.geo.nb[state.hero_cell[seat]][action.a]
            explores += not state.cell_up(target)
        state.apply_unchecked(action)
    view = state.view(None)
    return {"spec": spec, "seats": seats, "seed": seed, "won": bool(view["won"]), "king": view["king"]["id"],
            "end": view["end_reason"], "turn": view["turn"], "attacks": attacks, "dear_attacks": dear,
            "explores": explores, "attackers": len(attackers), "destroying": destroying, "decisions": decisions,
            "cpu": cpu, "times": sorted(times)[-max(1, len(times) // 20):], "decision_times": len(times)}


def _p95(rs: list[dict[str, Any]]) -> float:
    """The 95th percentile of the decision times (each game keeps its slowest 5%, enough to find it)."""
    total = sum(r["decision_times"] for r in rs)
    slow = sorted((t for r in rs for t in r["times"]), reverse=True)
    k = max(1, total // 20)
    return slow[min(k, len(slow)) - 1] if slow else 0.0


def paired(a: list[bool], b: list[bool]) -> tuple[float, float, float]:
    """The mean of a − b over paired games and its 95% normal interval."""
    d = [int(x) - int(y) for x, y in zip(a, b, strict=True)]
    n = len(d)
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / max(1, n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, mean - half, mean + half


def main() -> None:
    """Run the teams and print the table."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--teams", default="policy:camp,policy:rush,policy:charge,normal")
    p.add_argument("--seats", default="1,3,5")
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--check", action="store_true", help="count self-destroying choices (slower)")
    p.add_argument("--option", action="append", default=[], help="game option key=value")
    p.add_argument("--out", default=None, help="also write every game's record as JSON lines here")
    args = p.parse_args()
    options: dict[str, Any] = {}
    for o in args.option:
        k, v = o.split("=", 1)
        options[k] = v
    teams = args.teams.split(",")
    seats_list = [int(x) for x in args.seats.split(",")]
    work = [(t, n, s, options, args.check) for n in seats_list for t in teams
            for s in range(args.seed, args.seed + args.n)]
    random.Random(0).shuffle(work)  # spread slow teams over the workers
    if args.jobs > 1:
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(play, work, chunksize=4)
    else:
        results = [play(w) for w in work]
    if args.out:
        with open(args.out, "w") as f:
            for r in results:
                f.write(json.dumps(r) + "\n")
    by: dict[tuple[int, str], dict[int, dict[str, Any]]] = {}
    for r in results:
        by.setdefault((r["seats"], r["spec"]), {})[r["seed"]] = r
    for n in seats_list:
        for t in teams:
            rs = [by[(n, t)][s] for s in sorted(by[(n, t)])]
            won = sum(r["won"] for r in rs)
            lo, hi = wilson_interval(won, len(rs))
            kings: dict[str, list[int]] = {}
            ends: dict[str, int] = {}
            for r in rs:
                kings.setdefault(r["king"], [0, 0])
                kings[r["king"]][0] += r["won"]
                kings[r["king"]][1] += 1
                ends[r["end"]] = ends.get(r["end"], 0) + 1
            decisions = sum(r["decisions"] for r in rs)
            print(json.dumps({
                "seats": n, "team": t, "games": len(rs), "rate": round(won / len(rs), 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "per_king": {k: round(v[0] / v[1], 3) for k, v in sorted(kings.items())},
                "king_games": {k: v[1] for k, v in sorted(kings.items())},
                "ends": ends, "attacks": sum(r["attacks"] for r in rs),
                "attacks_costing_3": sum(r["dear_attacks"] for r in rs),
                "explores_per_game": round(sum(r["explores"] for r in rs) / len(rs), 2),
                "heroes_attacking": round(sum(r["attackers"] for r in rs) / len(rs), 2),
                "self_destroying": sum(r["destroying"] for r in rs) if args.check else None,
                "decisions_per_cpu_s": round(decisions / max(1e-9, sum(r["cpu"] for r in rs)), 1),
                "mean_decision_s": round(sum(r["cpu"] for r in rs) / max(1, decisions), 4),
                "p95_decision_s": round(_p95(rs), 4),
                "slowest_decision_s": round(max(max(r["times"], default=0.0) for r in rs), 3),
            }), flush=True)
        for i, a in enumerate(teams):
            for b in teams[i + 1:]:
                seeds = sorted(set(by[(n, a)]) & set(by[(n, b)]))
                mean, lo, hi = paired([by[(n, a)][s]["won"] for s in seeds], [by[(n, b)][s]["won"] for s in seeds])
                print(json.dumps({"seats": n, "a": a, "b": b, "a_minus_b": round(mean, 4),
                                  "ci95": [round(lo, 4), round(hi, 4)]}), flush=True)


if __name__ == "__main__":
    main()
