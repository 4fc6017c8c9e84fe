"""Tune the wizard-towers heuristic's weights (``heuristic.Knobs``) one at a time, role by role.

For a role (``warriors`` or ``wizard``) the candidate heuristic plays that role against fixed opponents in the
other (the default heuristic and the sparring policies ``--against``), on the same seeds for every candidate
(paired). Each knob is tried at ``×(1 − step)`` and ``×(1 + step)`` of its current value; a change is kept when its
win rate beats the current one by more than ``--z`` standard errors of the paired difference. Prints one JSON line
per trial and the knobs it settled on.

``nice python benchmarks/wizard_towers_tune.py --role warriors -n 200 --knobs margin,side_break,follow_up``
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
from dataclasses import asdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tablecraft  # noqa: E402
from tablecraft.agents import observe  # noqa: E402
from tablecraft.games.wizard_towers.heuristic import Knobs, WizardTowersHeuristic  # noqa: E402
from tablecraft.lab.simulate import bot_rng  # noqa: E402

WIZARD = 2


def _opponent(name: str, game: Any) -> Any:
    if name == "heuristic":
        return game.make_heuristic()
    from policies import wizard_towers as policies

    return policies.make(name, game)


def play(args: tuple[str, dict[str, float], str, int]) -> float:
    """One game: the candidate (``knobs``) in ``role`` against ``opponent``; 1 for a win of the candidate's side,
    ½ for a draw, 0 for a loss."""
    role, knobs, opponent, seed = args
    game = tablecraft.load("wizard-towers")
    me = WizardTowersHeuristic(**knobs)
    other = _opponent(opponent, game)
    agents = [me, me, other] if role == "warriors" else [other, other, me]
    rngs = [bot_rng(seed, s) for s in range(3)]
    s = game.new_initial_state(seed)
    while not s.is_terminal():
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply_unchecked(legal[0])
            continue
        seat = s.current_player()
        s.apply_unchecked(agents[seat].act(observe(s), rngs[seat]))
    winners = s.winners()
    if not winners:
        return 0.5
    mine = winners[0] != WIZARD if role == "warriors" else winners[0] == WIZARD
    return 1.0 if mine else 0.0


def measure(pool: Any, role: str, knobs: dict[str, float], against: list[str], seeds: range) -> list[float]:
    """The candidate's results, game by game (same order for every candidate)."""
    work = [(role, knobs, o, seed) for o in against for seed in seeds]
    return list(pool.map(play, work, chunksize=4))


def main() -> None:
    """Coordinate search over the listed knobs."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--role", choices=("warriors", "wizard"), required=True)
    p.add_argument("-n", type=int, default=200, help="games per opponent")
    p.add_argument("--seed", type=int, default=50_000)
    p.add_argument("--knobs", required=True, help="comma-separated knob names")
    p.add_argument("--against", default="heuristic,striker")
    p.add_argument("--step", type=float, default=0.5)
    p.add_argument("--z", type=float, default=2.0)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--start", default="", help="key=value,... knobs to start from")
    a = p.parse_args()
    current: dict[str, float] = {}
    for kv in filter(None, a.start.split(",")):
        key, _, value = kv.partition("=")
        current[key] = float(value)
    defaults = asdict(Knobs())
    against = a.against.split(",")
    seeds = range(a.seed, a.seed + a.n)
    with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
        base = measure(pool, a.role, current, against, seeds)
        print(json.dumps({"role": a.role, "knobs": current, "rate": round(sum(base) / len(base), 4)}), flush=True)
        for name in a.knobs.split(","):
            value = current.get(name, defaults[name])
            for factor in (1 - a.step, 1 + a.step):
                trial = {**current, name: round(value * factor, 3) if value else a.step * factor}
                got = measure(pool, a.role, trial, against, seeds)
                diff = [x - y for x, y in zip(got, base, strict=True)]
                mean = sum(diff) / len(diff)
                sd = math.sqrt(sum((d - mean) ** 2 for d in diff) / max(1, len(diff) - 1))
                se = sd / math.sqrt(len(diff)) if sd else 1e-9
                keep = mean > a.z * se
                print(json.dumps({"knob": name, "value": trial[name], "rate": round(sum(got) / len(got), 4),
                                  "diff": round(mean, 4), "se": round(se, 4), "kept": keep}), flush=True)
                if keep:
                    current, base = trial, got
                    break
    print(json.dumps({"role": a.role, "final": current}))


if __name__ == "__main__":
    main()
