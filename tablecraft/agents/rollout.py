"""Policy rollout: one step of policy improvement over the game's heuristic (Tesauro & Galperin 1996, "On-line
policy improvement using Monte-Carlo search"; Bertsekas, Tsitsiklis & Wu 1997, "Rollout algorithms").

At each decision the seat samples ``worlds`` worlds it cannot tell from the real one (``Observation.sample_world``).
In every world each legal action is tried and the game is played on by the heuristic for every seat (the seat's
own later decisions too) to the end, or for ``depth`` decisions and then scored by ``Game.evaluate``. The worlds
and the random numbers of the playouts are the same for every action (common random numbers), so two actions are
compared on the same deals of the unseen cards and the same later luck: the comparison is paired, and its noise is
the noise of the difference, not of each value.

The heuristic's own move is kept unless another action beats it by more than ``z`` standard errors of the paired
difference. With exact values this is a policy-improvement step (choosing the best action against the heuristic's
own continuation never does worse than the heuristic); the ``z`` margin keeps sampling noise from replacing a good
move by a lucky one. It suits a co-operative game best, where the heuristic
is also the right model of the other seats (they are the same team, playing the same plan); in that game a search
tree over every seat's choices breaks the division of labour the heuristic's plan holds (see
``tablecraft.games.wild_hunters.game.WildHuntersGame.levels``).

Deterministic for a given ``rng``; the agent sees nothing but its observation.

>>> import random, tablecraft
>>> from tablecraft.agents import make_agent, observe
>>> game = tablecraft.load("wild-hunters", num_seats=2)
>>> state = game.new_initial_state(seed=4)
>>> agent = make_agent("rollout:worlds=4", game)
>>> agent.act(observe(state), random.Random(1)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, State
from tablecraft.core.rng import Rng

from . import AGENTS, Agent, Observation
from .ismcts import play_on


class RolloutAgent:
    """The heuristic, improved by paired playouts of every legal action (``rollout:worlds=24:z=1``).

    - ``worlds`` (default 24): sampled worlds per decision; each legal action is played out once in each;
    - ``steps`` (default 0: no cap): a cap on the playout decisions of one choice — no new world is sampled once
      the worlds so far have used it up (at least two are), so a choice among many actions early in a long game
      costs no more than the cap; deterministic, unlike a clock;
    - ``depth`` (default -1): playout decisions before ``Game.evaluate`` scores the position; -1 plays to the end;
    - ``z`` (default 1.0): how many standard errors of the paired difference an action must beat the heuristic's
      move by to replace it (0 plays the best mean); the error is at least ``2 / n`` for the ``n`` worlds played,
      one world turned from a loss into a win.
    """

    name = "rollout"

    def __init__(self, game: Game[Any], worlds: int = 24, depth: int = -1, z: float = 1.0, steps: int = 0) -> None:
        if isinstance(worlds, str) or worlds < 1:
            raise ValueError(f"worlds must be a positive number of sampled worlds, not {worlds!r}")
        if isinstance(steps, str) or steps < 0:
            raise ValueError(f"steps must be 0 (no cap) or a positive number of playout decisions, not {steps!r}")
        if isinstance(depth, str) or depth < -1:
            raise ValueError(f"depth must be -1 (to the end), 0 or a positive number of decisions, not {depth!r}")
        if isinstance(z, str) or z < 0:
            raise ValueError(f"z must be a number of standard errors, 0 or more, not {z!r}")
        heuristic = game.make_heuristic()
        if heuristic is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent for the rollout agent to improve")
        self.game = game
        self.worlds = int(worlds)
        self.depth = int(depth)
        self.z = float(z)
        self.steps = int(steps)
        self._heuristic: Agent = heuristic
        self.last_root: dict[Action, tuple[int, float]] = {}
        """After a decision: each legal action with its playouts and mean value in [0, 1] (to explain a choice)."""

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The heuristic's move, or an action whose paired playouts beat it clearly."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        base = self._heuristic.act(obs, rng)
        seeds = [rng.getrandbits(64) for _ in range(self.worlds)]
        values: dict[Action, list[float]] = {a: [] for a in legal}
        spent = 0
        n = 0
        for seed in seeds:
            if self.steps and n >= 2 and spent >= self.steps:
                break
            world = obs.sample_world(Rng(seed))
            for a in legal:
                value, made = self._playout(world, a, obs.seat, random.Random(seed))
                values[a].append(value)
                spent += made
            n += 1
        self.last_root = {a: (n, (sum(v) / n + 1.0) * 0.5) for a, v in values.items()}
        base_values = values[base]
        best, best_gap = base, 0.0
        for a in legal:
            if a == base:
                continue
            diffs = [x - y for x, y in zip(values[a], base_values, strict=True)]
            gap = sum(diffs) / n
            if gap <= best_gap:
                continue
            var = sum((d - gap) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            # a floor on the error: worlds that all agree still prove no more than their number does (a gain
            # must be worth ``z`` worlds turned from a loss into a win)
            if gap <= self.z * max(math.sqrt(var / n), 2.0 / n):
                continue
            best, best_gap = a, gap
        return best

    def _playout(self, world: State[Any], first: Action, seat: int, rng: random.Random) -> tuple[float, int]:
        """The value in [-1, 1] for ``seat`` of playing ``first`` in ``world`` and the heuristic after it, and the
        playout decisions that took."""
        state = world.clone()
        state.apply_unchecked(first)
        made = play_on(state, self._heuristic, self.depth, rng)
        value = state.returns()[seat] if state.is_terminal() else self.game.evaluate(state, seat)
        return value, made


def _rollout(game: Game[Any], **params: Any) -> Agent:
    return RolloutAgent(game, **params)


AGENTS["rollout"] = _rollout
