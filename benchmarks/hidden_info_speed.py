"""CPU cost of the hidden-information hot paths, per game: ``legal_actions``, ``apply_unchecked``, ``clone``,
``resample`` and ``view`` per call, and heuristic self-play in games per second.

Search clones and resamples a world every iteration and steps it with ``legal_actions``/``apply_unchecked``; bots
read ``view`` every decision; the lab lives on self-play. These are the costs a change to knowledge tracking
(knowledge masks, asked steps) must not inflate. Positions are every ``--every``-th state of ``--games`` random
games (seeds ``--seed``…); each is timed ``--repeat`` times (``resample`` and ``view`` for every seat). Self-play
is ``--selfplay`` games of the heuristic bot in every seat (seeds ``--seed``…); it reports decisions per game too,
since a rules change that asks more steps lengthens games. Times are CPU seconds (``time.process_time``), so a
machine shared with other work still gives comparable numbers; the script uses only the public API, so it runs
unchanged against another checkout (``PYTHONPATH=/path/to/other/checkout python benchmarks/hidden_info_speed.py``).

``python benchmarks/hidden_info_speed.py`` (all games), ``python benchmarks/hidden_info_speed.py fate --games 4``.
"""

from __future__ import annotations

import argparse
import gc
import json
import random
import time
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.api import Game, State
from tablecraft.core.rng import Rng


def positions(game: Game[Any], seed: int, games: int, every: int) -> list[State[Any]]:
    """Non-terminal states met along seeded random games (every ``every``-th decision)."""
    out: list[State[Any]] = []
    for g in range(seed, seed + games):
        state = game.new_initial_state(g)
        rng = random.Random(g)
        step = 0
        while not state.is_terminal():
            if step % every == 0:
                out.append(state.clone())
            state.apply_unchecked(rng.choice(state.forward_actions()))
            step += 1
    return out


def _us(seconds: float, calls: int) -> float:
    return round(seconds / calls * 1e6, 1)


def measure(game: Game[Any], states: list[State[Any]], repeat: int) -> dict[str, float]:
    """Mean CPU microseconds of one call of each hot path over ``states`` (and every seat, where there is one),
    with the garbage collector off as ``timeit`` has it: a collection pass over the many states held here would
    land on whichever call happens to trigger it."""
    gc.collect()
    gc.disable()
    try:
        return _measure(game, states, repeat)
    finally:
        gc.enable()


def _measure(game: Game[Any], states: list[State[Any]], repeat: int) -> dict[str, float]:
    seats = range(game.num_seats)
    pick = random.Random(7)
    actions = [pick.choice(s.legal_actions()) for s in states]
    row: dict[str, float] = {}
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            s.legal_actions()
    row["legal_actions_us"] = _us(time.process_time() - start, repeat * len(states))
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            s.clone()
    row["clone_us"] = _us(time.process_time() - start, repeat * len(states))
    spent = 0.0
    for _ in range(repeat):
        copies = [s.clone() for s in states]  # cloned outside the timing
        start = time.process_time()
        for c, a in zip(copies, actions, strict=True):
            c.apply_unchecked(a)
        spent += time.process_time() - start
    row["apply_us"] = _us(spent, repeat * len(states))
    rng = Rng(1)
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            for p in seats:
                s.resample(p, rng)
    row["resample_us"] = _us(time.process_time() - start, repeat * len(states) * game.num_seats)
    start = time.process_time()
    for _ in range(repeat):
        for s in states:
            for p in seats:
                s.view(p)
    row["view_us"] = _us(time.process_time() - start, repeat * len(states) * game.num_seats)
    return row


def selfplay(game: Game[Any], seed: int, games: int) -> dict[str, float]:
    """Heuristic bots in every seat: games per CPU second (garbage collection included, as in real play) and
    mean decisions per game."""
    bot = make_agent("heuristic", game)
    decisions = 0
    start = time.process_time()
    for g in range(seed, seed + games):
        state = game.new_initial_state(g)
        rng = random.Random(g)
        while not state.is_terminal():
            state.apply(bot.act(observe(state), rng))
            decisions += 1
    cpu = time.process_time() - start
    return {"selfplay_games_per_s": round(games / cpu, 2), "selfplay_decisions_per_game": round(decisions / games, 1)}


def main() -> None:
    """Print one JSON line per game."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    p.add_argument("--games", dest="count", type=int, default=6, help="random games per game id for positions")
    p.add_argument("--every", type=int, default=5)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--selfplay", type=int, default=10, help="heuristic self-play games per game id (0: none)")
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()
    for gid in args.games or [g.id for g in tablecraft.games()]:
        game = tablecraft.load(gid)
        states = positions(game, args.seed, args.count, args.every)
        row: dict[str, Any] = {"game": gid, "positions": len(states), **measure(game, states, args.repeat)}
        if args.selfplay:
            row.update(selfplay(game, args.seed, args.selfplay))
        print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
