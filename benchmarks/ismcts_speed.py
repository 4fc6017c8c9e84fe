"""ISMCTS simulations per CPU second, per game: the search's own speed, comparable with OpenSpiel's ISMCTS.

Positions are the decisions met along heuristic-team games (seeds ``--seed``…; every ``--every``-th decision with
two or more legal actions, up to ``--positions``), so the searches run on positions real play meets. At each one the
ISMCTS agent (random rollouts by default) searches ``--iterations`` iterations; the rate is all iterations divided by
the CPU time of the searches (``time.process_time``: the machine may be shared, wall time would measure the
neighbours). One iteration = one sampled world + selection + expansion + a rollout, as in OpenSpiel's ISMCTS (whose
Python version runs 4.6k simulations/s on Hearts on the project machine, its C++ one 52k).

``python benchmarks/ismcts_speed.py`` (all games), ``python benchmarks/ismcts_speed.py wild-hunters --depth -1``,
``python benchmarks/ismcts_speed.py --rollout heuristic --depth 4 --params prior=heuristic`` (the guided search).
"""

from __future__ import annotations

import argparse
import json
import random
import time
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.agents.ismcts import ISMCTSAgent
from tablecraft.core.api import Game, State


def positions(game: Game[Any], seed: int, count: int, every: int) -> list[State[Any]]:
    """Clones of states with a real choice, met along heuristic games from ``seed`` on."""
    out: list[State[Any]] = []
    bot = game.make_heuristic() or make_agent("random", game)
    rng = random.Random(seed)
    g = seed
    while len(out) < count:
        state = game.new_initial_state(g)
        step = 0
        while not state.is_terminal() and len(out) < count:
            legal = state.forward_actions()
            if len(legal) > 1:
                step += 1
                if step % every == 0:
                    out.append(state.clone())
            state.apply_unchecked(bot.act(observe(state), rng))
        g += 1
    return out


def measure(game: Game[Any], spec: str, states: list[State[Any]], seed: int) -> dict[str, Any]:
    """Search every state once; iterations per CPU second of the searches."""
    agent = make_agent(spec, game)
    agent = getattr(agent, "inner", agent)  # the search itself, without the Guarded wrapper's checks
    assert isinstance(agent, ISMCTSAgent)
    rng = random.Random(seed)
    iterations = 0
    cpu = 0.0
    for state in states:
        obs = observe(state)
        start = time.process_time()
        agent.act(obs, rng)
        cpu += time.process_time() - start
        iterations += agent.last_iterations
    return {"game": game.spec.id, "seats": game.num_seats, "agent": spec, "positions": len(states),
            "iterations": iterations, "cpu_s": round(cpu, 3), "sims_per_cpu_s": round(iterations / cpu)}


def steps_per_iteration(game: Game[Any], spec: str, states: list[State[Any]], seed: int) -> float:
    """State steps (``apply_unchecked`` calls: descent, rollout, resampling) per iteration, counted in a second,
    untimed pass, so rates at one ``depth`` can be compared when depth means different things (decisions or steps)."""
    cls = type(states[0])
    original = cls.apply_unchecked
    count = 0

    def counting(self: State[Any], action: Any) -> None:
        nonlocal count
        count += 1
        original(self, action)

    cls.apply_unchecked = counting  # type: ignore[method-assign]
    try:
        agent = make_agent(spec, game)
        agent = getattr(agent, "inner", agent)
        assert isinstance(agent, ISMCTSAgent)
        rng = random.Random(seed)
        iterations = 0
        for state in states:
            agent.act(observe(state), rng)
            iterations += agent.last_iterations
    finally:
        cls.apply_unchecked = original  # type: ignore[method-assign]
    return round(count / iterations, 1)


def main() -> None:
    """Print one JSON line per game."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--iterations", type=int, default=400)
    p.add_argument("--depth", type=int, default=-1, help="rollout depth cut-off (-1: play to the end)")
    p.add_argument("--rollout", default="random")
    p.add_argument("--params", default="", help="more ismcts parameters, e.g. prior=heuristic:epsilon=0.2")
    p.add_argument("--positions", type=int, default=20)
    p.add_argument("--every", type=int, default=5)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--steps", action="store_true", help="also count the state steps per iteration (untimed pass)")
    args = p.parse_args()
    ids = args.games or [g.id for g in tablecraft.games()]
    spec = f"ismcts:iterations={args.iterations}:depth={args.depth}:rollout={args.rollout}"
    if args.params:
        spec += ":" + args.params.strip(":")
    for gid in ids:
        game = tablecraft.load(gid, num_seats=args.seats)
        states = positions(game, args.seed, args.positions, args.every)
        row = measure(game, spec, states, args.seed)
        if args.steps:
            row["steps_per_iteration"] = steps_per_iteration(game, spec, states, args.seed)
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
