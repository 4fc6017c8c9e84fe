"""Decisions per CPU second of xeno-faction agents on a fixed set of positions (as search rollouts call them).

Positions are collected from heuristic self-play (every decision with a real choice, ``--games`` games); each agent
then decides at every one of them through ``observe_world`` (no resampling: what a rollout does), and the best of
``--repeat`` timings is reported as decisions per CPU second, with the mean and the 95th percentile per decision.
``python benchmarks/xf_speed.py --agents heuristic,policy:xf_legacy.LegacyHeuristic``
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import tablecraft
from tablecraft.agents import observe_world

sys.path.insert(0, str(Path(__file__).resolve().parent))
from xf_metrics import build_agent  # noqa: E402


def positions(game: Any, games: int) -> list[Any]:
    """Every real decision of ``games`` heuristic self-play games."""
    agent = game.make_heuristic()
    out = []
    for seed in range(games):
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            if len(legal) == 1:
                s.apply_unchecked(legal[0])
                continue
            out.append(s.clone())
            s.apply_unchecked(agent.act(observe_world(s), rng))
    return out


def main() -> None:
    """Time each agent and print one JSON line per agent."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--agents", default="raw:")
    p.add_argument("--games", type=int, default=20)
    p.add_argument("--repeat", type=int, default=3)
    args = p.parse_args()
    game = tablecraft.load("xeno-faction")
    states = positions(game, args.games)
    for spec in args.agents.split(","):
        agent = build_agent(spec, game)
        best = float("inf")
        per: list[float] = []
        for _ in range(args.repeat):
            rng = random.Random(0)
            times = []
            for s in states:
                obs = observe_world(s)
                t0 = time.process_time()
                agent.act(obs, rng)
                times.append(time.process_time() - t0)
            if sum(times) < best:
                best, per = sum(times), times
        per.sort()
        print(json.dumps({"agent": spec, "positions": len(states), "decisions_per_cpu_s": round(len(states) / best),
                          "mean_us": round(best / len(states) * 1e6), "p95_us": round(per[int(0.95 * len(per))] * 1e6)}))


if __name__ == "__main__":
    main()
