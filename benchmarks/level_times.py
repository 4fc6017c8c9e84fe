"""CPU time per decision of each difficulty level of any game (issue 17: search levels at most 1 s per decision).

Positions are the real choices met along heuristic self-play (seeds ``--seed``…, every ``--every``-th decision
with two or more legal actions, up to ``--positions``). Each level (or agent spec) decides at every position as
``make_agent`` builds it (guarded, as players meet it, from the seat's blind observation); reported per spec: the
mean, the 95th percentile and the maximum CPU time of one decision (``time.process_time``: the machine may be
shared, wall time would measure the neighbours), also split by the deciding seat's role. Strength is measured by
the ladder (``tablecraft lab ladder``).

``nice -n 19 python benchmarks/level_times.py xeno-faction --specs hard,expert --positions 40``
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.agents.levels import is_level, level_spec
from tablecraft.core.api import State


def positions(game: Any, seed: int, count: int, every: int) -> list[State[Any]]:
    """Clones of states with a real choice, met along heuristic self-play from ``seed`` on."""
    out: list[State[Any]] = []
    bot = game.make_heuristic()
    rng = random.Random(seed)
    g = seed
    while len(out) < count:
        state = game.new_initial_state(g)
        step = 0
        while not state.is_terminal() and len(out) < count:
            if len(state.forward_actions()) > 1:
                step += 1
                if step % every == 0:
                    out.append(state.clone())
            state.apply_unchecked(bot.act(observe(state), rng))
        g += 1
    return out


def p95(xs: list[float]) -> float:
    """The 95th percentile of ``xs`` (nearest rank)."""
    ys = sorted(xs)
    return ys[min(len(ys) - 1, int(0.95 * len(ys)))]


def main() -> None:
    """Print one JSON line per spec."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--specs", default="easy,normal,hard,expert")
    p.add_argument("--positions", type=int, default=40)
    p.add_argument("--every", type=int, default=5)
    p.add_argument("--seed", type=int, default=0)
    a = p.parse_args()
    game = tablecraft.load(a.game, num_seats=a.seats) if a.seats else tablecraft.load(a.game)
    states = positions(game, a.seed, a.positions, a.every)
    for spec in a.specs.split(","):
        agent = make_agent(spec, game)
        rng = random.Random(a.seed)
        times: dict[str, list[float]] = {}
        for state in states:
            obs = observe(state)
            role = state.roles()[state.current_player()]
            start = time.process_time()
            agent.act(obs, rng)
            times.setdefault(role, []).append(time.process_time() - start)
        every = [t for xs in times.values() for t in xs]
        out: dict[str, Any] = {"game": a.game, "seats": game.num_seats, "spec": spec,
                               "agent": level_spec(spec, game) if is_level(spec) else spec,
                               "positions": len(every), "mean_s": round(statistics.fmean(every), 4),
                               "p95_s": round(p95(every), 4), "max_s": round(max(every), 4)}
        if len(times) > 1:
            out["roles"] = {role: {"n": len(xs), "mean_s": round(statistics.fmean(xs), 4),
                                   "p95_s": round(p95(xs), 4)} for role, xs in sorted(times.items())}
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
