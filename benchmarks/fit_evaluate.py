"""Fit a game's static evaluation (``heuristic.EVAL_WEIGHTS``) to the outcomes of heuristic play.

Games are played by the game's heuristic in every seat, each move replaced by a uniformly random legal one with
probability ``--epsilon`` (so the positions cover what a search wanders into, not only the heuristic's own line).
Every ``--every``-th decision's ``eval_features`` is recorded with the game's final result for that seat
(win 1, loss 0, draw ½), and a logistic regression (Newton steps, a small L2 penalty, no intercept unless the
features hold a constant) is fitted on the games of even seed and checked on those of odd seed (log loss and
accuracy against always guessing the base rate). The weights are printed as the Python tuple to paste into the
game's ``heuristic.py``.

``python benchmarks/fit_evaluate.py xeno-faction -n 600``; ``python benchmarks/fit_evaluate.py wild-hunters
--seats 1,2,3,4,5 -n 200``.
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import random
from typing import Any

import numpy as np

import tablecraft
from tablecraft.agents import observe


def collect(game_id: str, seats: list[int | None], games: int, epsilon: float, every: int,
            seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features, labels and the game seed of every recorded (position, seat)."""
    xs: list[list[float]] = []
    ys: list[float] = []
    groups: list[int] = []
    for n in seats:
        game = tablecraft.load(game_id, num_seats=n)
        module = importlib.import_module(type(game).__module__.rsplit(".", 1)[0] + ".heuristic")
        features = module.eval_features
        team = len(inspect.signature(features).parameters) == 1  # a co-operative game's: no seat
        bot = game.make_heuristic()
        rng = random.Random(seed)
        for g in range(seed, seed + games):
            state = game.new_initial_state(g)
            rows: list[list[float]] = []
            step = 0
            while not state.is_terminal():
                legal = state.forward_actions()
                if len(legal) > 1 and step % every == 0:
                    if team:
                        rows.append([0, *features(state)])
                    else:
                        rows += [[s, *features(state, s)] for s in range(game.num_seats)]
                step += 1
                if len(legal) > 1 and rng.random() < epsilon:
                    state.apply_unchecked(legal[rng.randrange(len(legal))])
                else:
                    state.apply_unchecked(bot.act(observe(state), rng))
            ret = state.returns()
            for row in rows:
                xs.append(row[1:])
                ys.append((ret[int(row[0])] + 1) / 2)
                groups.append(g)
    return np.array(xs), np.array(ys), np.array(groups)


def fit(x: np.ndarray, y: np.ndarray, l2: float = 1e-3, steps: int = 30) -> np.ndarray:
    """Logistic regression by Newton's method with an L2 penalty."""
    w = np.zeros(x.shape[1])
    for _ in range(steps):
        p = 1 / (1 + np.exp(-x @ w))
        grad = x.T @ (p - y) / len(y) + l2 * w
        hess = (x.T * (p * (1 - p))) @ x / len(y) + l2 * np.eye(len(w))
        w -= np.linalg.solve(hess, grad)
    return w


def log_loss(x: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """Mean negative log likelihood of ``y`` under the weights."""
    p = np.clip(1 / (1 + np.exp(-x @ w)), 1e-9, 1 - 1e-9)
    return float(-np.mean(y * np.log(p) + (1 - y) * np.log(1 - p)))


def main() -> None:
    """Collect, fit on even seeds, check on odd seeds, print the weights."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game")
    p.add_argument("-n", type=int, default=400, help="games per seat count")
    p.add_argument("--seats", default="", help="seat counts, comma-separated (default: the game's)")
    p.add_argument("--epsilon", type=float, default=0.1)
    p.add_argument("--every", type=int, default=3)
    p.add_argument("--seed", type=int, default=10_000)
    p.add_argument("--l2", type=float, default=1e-3)
    args = p.parse_args()
    seats: list[int | None] = [int(s) for s in args.seats.split(",")] if args.seats else [None]
    x, y, groups = collect(args.game, seats, args.n, args.epsilon, args.every, args.seed)
    train = groups % 2 == 0
    w = fit(x[train], y[train], args.l2)
    test = ~train
    base = float(np.mean(y[train]))
    base_w = np.zeros(x.shape[1])
    base_loss = float(-np.mean(y[test] * np.log(base) + (1 - y[test]) * np.log(1 - base))) if 0 < base < 1 else None
    acc = float(np.mean(((x[test] @ w) > 0) == (y[test] > 0.5)))
    out: dict[str, Any] = {
        "game": args.game, "positions": int(len(y)), "train_loss": round(log_loss(x[train], y[train], w), 4),
        "test_loss": round(log_loss(x[test], y[test], w), 4), "test_loss_base_rate": base_loss,
        "test_loss_zero": round(log_loss(x[test], y[test], base_w), 4), "test_accuracy": round(acc, 4),
        "weights": [round(float(v), 2) for v in w],
    }
    print(json.dumps(out))
    print("EVAL_WEIGHTS = (" + ", ".join(f"{v:.2f}" for v in w) + ")")


if __name__ == "__main__":
    main()
