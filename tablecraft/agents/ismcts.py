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

from . import AGENTS, Agent, Observation, observe


class _Node:
    __slots__ = ("children", "visits", "total", "avail")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.total = 0.0
        self.avail = 1


class ISMCTSAgent:
    """ISMCTS with UCB1 over availability counts.

    Parameters: ``iterations`` (default 400) or ``seconds`` (a time budget instead); ``rollout`` —
    ``random`` (default) or ``heuristic``; ``depth`` — rollout steps before the position is scored by
    ``Game.evaluate`` (default 40; ``-1`` plays to the end); ``c`` — the exploration constant on rewards scaled to
    [0, 1] (default 0.7).
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
        self._heuristic: Agent | None = game.make_heuristic() if rollout == "heuristic" else None
        if rollout == "heuristic" and self._heuristic is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent for heuristic rollouts")
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
        return max(legal, key=lambda a: (children[a.id].visits, -a.id) if a.id in children else (-1, -a.id))

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
                a = untried[rng.randrange(len(untried))]
                child = children[a.id] = _Node()
                state.apply_unchecked(a)
                path.append((child, mover))
                break
            best = None
            best_score = -1.0
            for a in legal:
                ch = children[a.id]
                score = ch.total / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if score > best_score:
                    best, best_score = a, score
            assert best is not None
            node = children[best.id]
            state.apply_unchecked(best)
            path.append((node, mover))
        values = self._rollout(state, rng)
        for node, mover in path:
            node.visits += 1
            node.total += values[mover]

    def _rollout(self, state: State[Any], rng: random.Random) -> list[float]:
        """Play on to the end or the depth cut-off; return each seat's value scaled to [0, 1]."""
        steps = self.depth
        heuristic = self._heuristic
        while steps != 0 and not state.is_terminal():
            if heuristic is None:
                legal = state.legal_actions()
                state.apply_unchecked(legal[rng.randrange(len(legal))])
            else:
                state.apply_unchecked(heuristic.act(observe(state), rng))
            steps -= 1
        n = state.num_seats
        if state.is_terminal():
            values = state.returns()
        else:
            evaluate = self.game.evaluate
            values = [evaluate(state, s) for s in range(n)]
        return [(v + 1.0) * 0.5 for v in values]


def _ismcts(game: Game[Any], **params: Any) -> Agent:
    return ISMCTSAgent(game, **params)


AGENTS["ismcts"] = _ismcts
