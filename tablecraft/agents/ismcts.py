"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse 2012).

Each iteration samples a world the searching seat cannot tell from the real one (``Observation.sample_world``,
i.e. ``State.resample``), walks one shared tree by UCB restricted to the actions legal in that world (counting
each child's *availability*, as ISMCTS requires), expands one untried action, plays a rollout (random or the
game's heuristic) to the end or to a depth cut-off scored by ``Game.evaluate``, and backs the result up.
Every node holds the rewards of the seat that chose the move into it, so the same tree serves every seat.

The agent sees nothing but its observation: the true state is never touched. With ``iterations`` the search is
deterministic for a given ``rng``; with ``seconds`` it runs on a time budget (not reproducible).

>>> import random, tablecraft
>>> from tablecraft.agents import make_agent, observe
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=4)
>>> agent = make_agent("ismcts:iterations=50:depth=10", game)
>>> agent.act(observe(state), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
import time
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, State
from tablecraft.core.rng import Rng

from . import AGENTS, Agent, Observation


class _Node:
    __slots__ = ("children", "visits", "total", "squares", "avail")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 1

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """The squared standard error of the mean reward (a floor of 1/(4n): a reward in [0, 1] is never known
        better than a fair coin's from one sample)."""
        n = self.visits
        if n < 2:
            return 0.25
        var = max(0.0, (self.squares - self.total * self.total / n) / (n - 1))
        return max(var, 0.25 / n) / n


class ISMCTSAgent:
    """ISMCTS with UCB1 over availability counts.

    Parameters: ``iterations`` (default 400) or ``seconds`` (a time budget instead); ``rollout`` —
    ``random`` (default) or ``heuristic``; ``depth`` — rollout steps before the position is scored by
    ``Game.evaluate`` (default 40; ``-1`` plays to the end); ``c`` — the exploration constant on rewards scaled to
    [0, 1] (default 0.7); ``anchor`` — ``none`` (default: play the most visited action) or ``heuristic``: play the
    game heuristic's own choice unless the search found an action whose mean reward beats it by more than ``z``
    standard errors of the difference (default 1.0) — the search then corrects the heuristic where it is clearly
    wrong instead of replacing it with a noisy estimate where the actions are close.
    """

    name = "ismcts"

    def __init__(
        self,
        game: Game[Any],
        iterations: int = 400,
        seconds: float | None = None,
        rollout: str = "random",
        depth: int = 40,
        c: float = 0.7,
        anchor: str = "none",
        z: float = 1.0,
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if rollout not in ("random", "heuristic"):
            raise ValueError(f"rollout must be random or heuristic, not {rollout!r}")
        self.game = game
        self.iterations = int(iterations)
        self.seconds = seconds
        self.rollout = rollout
        self.depth = int(depth)
        self.c = float(c)
        if anchor not in ("none", "heuristic"):
            raise ValueError(f"anchor must be none or heuristic, not {anchor!r}")
        self.anchor = anchor
        self.z = float(z)
        self._heuristic: Agent | None = game.make_heuristic() if rollout == "heuristic" else None
        if rollout == "heuristic" and self._heuristic is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent for heuristic rollouts")
        self._anchor: Agent | None = game.make_heuristic() if anchor == "heuristic" else None
        if anchor == "heuristic" and self._anchor is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent to anchor the search")
        self.last_iterations = 0
        """How many iterations the last ``act`` ran (for measuring simulations per second)."""

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The most visited root action after the search."""
        legal = obs.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node()
        world_rng = Rng(rng.getrandbits(64))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        while True:
            self._iterate(root, obs.sample_world(world_rng), rng)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        self.last_iterations = done
        children = root.children
        most = max(legal, key=lambda a: (children[a.id].visits, -a.id) if a.id in children else (-1, -a.id))
        if self._anchor is None:
            return most
        default = self._anchor.act(obs, rng)
        base = children.get(default.id)
        if base is None or base.visits == 0:
            return most
        best = max(legal, key=lambda a: (children[a.id].mean(), -a.id) if a.id in children else (-1.0, -a.id))
        challenger = children[best.id]
        gap = challenger.mean() - base.mean()
        if gap > 0 and gap * gap > self.z * self.z * (challenger.variance_of_mean() + base.variance_of_mean()):
            return best
        return default

    def _iterate(self, root: _Node, state: State[Any], rng: random.Random) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        c = self.c
        log = math.log
        sqrt = math.sqrt
        while not state.is_terminal():
            legal = state.legal_actions()
            mover = state.current_player()
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a.id)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[int(rng.random() * len(untried))]
                child = children[a.id] = _Node()
                state.apply_unchecked(a)
                path.append((child, mover))
                break
            best = legal[0]
            best_score = -1.0
            for a in legal:
                ch = children[a.id]
                v = ch.visits
                score = ch.total / v + c * sqrt(log(ch.avail) / v)
                if score > best_score:
                    best, best_score = a, score
            node = children[best.id]
            state.apply_unchecked(best)
            path.append((node, mover))
        values = self._rollout(state, rng, {mover for _, mover in path})
        for node, mover in path:
            value = values[mover]
            node.visits += 1
            node.total += value
            node.squares += value * value

    def _rollout(self, state: State[Any], rng: random.Random, seats: set[int]) -> dict[int, float]:
        """Play on to the end or the depth cut-off; return the value of each of ``seats`` (the seats whose
        choices the iteration backs up: only they are evaluated) scaled to [0, 1]."""
        steps = self.depth
        heuristic = self._heuristic
        is_terminal = state.is_terminal
        if heuristic is None:
            legal_actions = state.legal_actions
            apply = state.apply_unchecked
            uniform = rng.random
            while steps != 0 and not is_terminal():
                legal = legal_actions()
                apply(legal[int(uniform() * len(legal))])
                steps -= 1
        else:
            while steps != 0 and not is_terminal():
                state.apply_unchecked(heuristic.act(Observation.of_world(state), rng))
                steps -= 1
        if is_terminal():
            returns = state.returns()
            return {s: (returns[s] + 1.0) * 0.5 for s in seats}
        evaluate = self.game.evaluate
        return {s: (evaluate(state, s) + 1.0) * 0.5 for s in seats}


def _ismcts(game: Game[Any], **params: Any) -> Agent:
    return ISMCTSAgent(game, **params)


AGENTS["ismcts"] = _ismcts
