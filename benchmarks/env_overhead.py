"""Environment overhead: RL environment steps per second against the raw engine's decisions per second, per game.

The engine's rate is that of ``tablecraft.lab.bench.benchmark``'s loop (random playouts through
``legal_actions`` + ``apply_unchecked``, no views). The PettingZoo AEC loop is the one every PettingZoo trainer runs: ``last()`` (the
view of the seat to move, encoded, and its mask), a random legal id from the mask, ``step``. The Gymnasium loop
steps one learning seat (seat 0) against random opponents; its rate counts every decision, the opponents'
included. The break-down times, per decision, what an environment adds: the observation vector as the
environments make it (``observe``: the encoder's ``encode_state`` when the game's own encoder has one, else
``encode(view(seat))``), and apart ``view(seat)`` (the game's code) and ``encode`` of a view, and the mask. Every clock is this process's CPU time (``time.process_time``), so other work on
the machine does not skew the ratios; all loops play the same seeds.

    python benchmarks/env_overhead.py                 # every registered game
    python benchmarks/env_overhead.py --game wizard-towers --games 100 --json
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
import timeit
from typing import Any

import numpy as np

import tablecraft
from tablecraft.core.api import Game
from tablecraft.envs import TablecraftAECEnv, TablecraftGymEnv
from tablecraft.envs.common import action_mask
from tablecraft.envs.encoding import state_observer

CLOCK = time.process_time


def engine_rate(game: Game[Any], games: int, seed: int) -> float:
    """Decisions per second of the raw engine: ``tablecraft.lab.bench.benchmark``'s playout loop."""
    rng = random.Random(seed)
    decisions = 0
    start = CLOCK()
    for i in range(games):
        state = game.new_initial_state(seed + i)
        while not state.is_terminal():
            legal = state.forward_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])
            decisions += 1
    return decisions / (CLOCK() - start)


def aec_rate(game: Game[Any], games: int, seed: int) -> float:
    """Decisions per second of the PettingZoo AEC loop with a random legal action each step."""
    env = TablecraftAECEnv(game)
    rng = random.Random(seed)
    decisions = 0
    start = CLOCK()
    for i in range(games):
        env.reset(seed=seed + i)
        for _agent in env.agent_iter():
            obs, reward, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            decisions += 1
    return decisions / (CLOCK() - start)


def gym_rates(game: Game[Any], games: int, seed: int) -> tuple[float, float]:
    """(learner steps per second, all decisions per second) of the Gymnasium loop, seat 0 against random agents."""
    env = TablecraftGymEnv(game, seat=0, opponents="random")
    rng = random.Random(seed)
    steps = decisions = 0
    start = CLOCK()
    for i in range(games):
        obs, _ = env.reset(seed=seed + i)
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            obs, _, terminated, truncated, _ = env.step(int(legal[rng.randrange(len(legal))]))
            done = terminated or truncated
            steps += 1
        assert env.state is not None
        decisions += len(env.state.history())
    seconds = CLOCK() - start
    return steps / seconds, decisions / seconds


def breakdown(game: Game[Any], seed: int, samples: int = 200) -> dict[str, float]:
    """Microseconds per call of the observation, ``view``, the encoder and the mask, on states met in one random
    game."""
    env = TablecraftAECEnv(game)
    enc = env.encoder
    observe = state_observer(enc)
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    states = []
    while not state.is_terminal():
        states.append(state.clone())
        legal = state.forward_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
    picked = states[:: max(1, len(states) // samples)]
    views = [(s.view(s.current_player())) for s in picked]
    n = len(picked)
    size = game.codec.size

    def per_call(fn: Any) -> float:
        return min(timeit.repeat(fn, number=3, repeat=5, timer=CLOCK)) / (3 * n) * 1e6

    return {
        "observe_us": per_call(lambda: [observe(s, s.current_player()) for s in picked]),
        "view_us": per_call(lambda: [s.view(s.current_player()) for s in picked]),
        "encode_us": per_call(lambda: [enc.encode(v) for v in views]),
        "mask_us": per_call(lambda: [action_mask(s, s.current_player(), size) for s in picked]),
    }


def measure(game_id: str, games: int, seed: int, repeat: int = 3) -> dict[str, Any]:
    """Every number of the table for one game (default options and seat count).

    The three loops run ``repeat`` times, interleaved, and each keeps its best rate: on a shared machine other
    processes slow a loop down (even in CPU time: caches, shared cores) but never speed it up.
    """
    game = tablecraft.load(game_id)
    TablecraftAECEnv(game)  # learn the observation schema before any clock starts
    raw = aec = gym_steps = gym_decisions = 0.0
    for _ in range(repeat):
        raw = max(raw, engine_rate(game, games, seed))
        aec = max(aec, aec_rate(game, games, seed))
        steps, decisions = gym_rates(game, games, seed)
        if decisions > gym_decisions:
            gym_steps, gym_decisions = steps, decisions
    return {
        "game": game_id, "seats": game.num_seats, "engine_decisions_per_s": raw,
        "aec_steps_per_s": aec, "aec_overhead": raw / aec,
        "gym_learner_steps_per_s": gym_steps, "gym_decisions_per_s": gym_decisions,
        "gym_overhead": raw / gym_decisions, **breakdown(game, seed),
        "observation_size": TablecraftAECEnv(game).encoder.size, "actions": game.codec.size,
    }


def main(argv: list[str] | None = None) -> list[dict[str, Any]]:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", action="append", help="game id (repeatable; default: every registered game)")
    p.add_argument("--games", type=int, default=50, help="games played per measurement (default 50)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--repeat", type=int, default=3, help="runs of each loop, the best kept (default 3)")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    args = p.parse_args(argv)
    rows = [measure(g, args.games, args.seed, args.repeat) for g in (args.game or [s.id for s in tablecraft.games()])]
    if args.json:
        print(json.dumps(rows, indent=1))
        return rows
    head = (f"{'game':<15}{'engine dec/s':>13}{'AEC steps/s':>13}{'AEC ×':>7}{'gym dec/s':>11}{'gym ×':>7}"
            f"{'learner/s':>11}{'observe µs':>11}{'view µs':>9}{'encode µs':>10}{'mask µs':>9}{'obs':>6}")
    print(head)
    for r in rows:
        print(
            f"{r['game']:<15}{r['engine_decisions_per_s']:>13,.0f}{r['aec_steps_per_s']:>13,.0f}"
            f"{r['aec_overhead']:>7.2f}{r['gym_decisions_per_s']:>11,.0f}{r['gym_overhead']:>7.2f}"
            f"{r['gym_learner_steps_per_s']:>11,.0f}{r['observe_us']:>11.1f}{r['view_us']:>9.1f}{r['encode_us']:>10.1f}{r['mask_us']:>9.1f}"
            f"{r['observation_size']:>6}"
        )
    return rows


if __name__ == "__main__":
    main(sys.argv[1:])
