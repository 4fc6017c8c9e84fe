"""The strength ladder of a game's agents: each pair plays with roles rotated, win shares with Wilson intervals.

For every assignment of two agents X and Y to the seats (all seatings where X holds a non-empty proper subset of
the seats), each agent's rate is the share of the seats it held that won (a game may have several winners: a
faction), with a Wilson interval, overall and per role (``State.roles()`` at the end). ``python benchmarks/ladder.py
wizard-towers -n 200 --agents random,heuristic,ismcts:iterations=100:depth=10 --jobs 2``

For a co-operative game, ``--team`` instead seats each agent in every seat (a whole team of it) on the same deals and
reports each team's win rate: ``python benchmarks/ladder.py wild-hunters --seats 3 --team -n 200 --agents
heuristic,ismcts:iterations=60:depth=8:rollout=heuristic``. ``--seats`` sets the seat count.
"""

from __future__ import annotations

import argparse
import itertools
import json
import time

import tablecraft
from tablecraft.lab.simulate import run_games, wilson_interval


def seatings(seats: int) -> list[tuple[bool, ...]]:
    """Which seats X holds: every non-empty proper subset (for 3 seats: 6 seatings)."""
    return [mask for mask in itertools.product((True, False), repeat=seats) if any(mask) and not all(mask)]


def main() -> None:
    """Play every pair of the listed agents and print the ladder as JSON lines."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("-n", type=int, default=100, help="games per seating")
    p.add_argument("--agents", default="random,heuristic")
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--seats", type=int, default=None)
    p.add_argument("--team", action="store_true", help="co-operative: each agent plays every seat of its own games")
    args = p.parse_args()
    game = tablecraft.load(args.game, num_seats=args.seats)
    agents = args.agents.split(",")
    if args.team:
        for a in agents:
            start_cpu = time.process_time()
            start = time.perf_counter()
            records = run_games(game, [a] * game.num_seats, [args.seed + i for i in range(args.n)], jobs=args.jobs)
            won = sum(1 for r in records if r["winners"])
            lo, hi = wilson_interval(won, len(records))
            ends: dict[str, int] = {}
            for r in records:
                ends[str(r["end_reason"])] = ends.get(str(r["end_reason"]), 0) + 1
            print(json.dumps({"game": args.game, "seats": game.num_seats, "team": a, "games": len(records),
                              "wins": won, "rate": round(won / len(records), 4), "ci95": [round(lo, 4), round(hi, 4)],
                              "end_reasons": ends, "seconds": round(time.perf_counter() - start, 1),
                              "main_cpu_s": round(time.process_time() - start_cpu, 1)}), flush=True)
        return
    for x, y in itertools.combinations(agents, 2):
        won = {x: 0, y: 0}
        seats = {x: 0, y: 0}
        games = draws = 0
        per_role: dict[str, list[int]] = {}
        start = time.perf_counter()
        for mask in seatings(game.num_seats):
            bots = [x if m else y for m in mask]
            records = run_games(game, bots, [args.seed + i for i in range(args.n)], jobs=args.jobs)
            for r in records:
                games += 1
                if not r["winners"]:
                    draws += 1
                winners = set(r["winners"])
                roles = r["roles"] or [str(s) for s in range(game.num_seats)]
                for seat, agent in enumerate(bots):
                    seats[agent] += 1
                    won[agent] += seat in winners
                    tally = per_role.setdefault(f"{agent} as {roles[seat]}", [0, 0])
                    tally[0] += seat in winners
                    tally[1] += 1
        out = {"game": args.game, "seats": game.num_seats, "x": x, "y": y, "games": games, "draws": draws,
               "seconds": round(time.perf_counter() - start, 1)}
        for a in (x, y):
            # a seat's win rate: games can have several winners (a faction), so count seats, not games
            lo, hi = wilson_interval(won[a], seats[a])
            out[a] = {"seat_wins": won[a], "seats": seats[a], "rate": round(won[a] / seats[a], 4),
                      "ci95": [round(lo, 4), round(hi, 4)]}
        out["by_role"] = {k: {"rate": round(w / n, 4), "seats": n} for k, (w, n) in sorted(per_role.items())}
        print(json.dumps(out), flush=True)

if __name__ == "__main__":
    main()
