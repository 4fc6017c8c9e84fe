"""Policy rollout: one step of policy improvement over the game's heuristic (Tesauro & Galperin 1996, "On-line
policy improvement using Monte-Carlo search"; Bertsekas, Tsitsiklis & Wu 1997, "Rollout algorithms").

At each decision the seat samples ``worlds`` worlds it cannot tell from the real one (``Observation.sample_world``).
In every world each legal action is tried and the game is played on by the heuristic for every seat (the seat's
own later decisions too) to the end, or for ``depth`` decisions and then scored by ``Game.evaluate``. The worlds
and the random numbers of the playouts are the same for every action (common random numbers), so two actions are
compared on the same deals of the unseen cards and the same later luck: the comparison is paired, and its noise is
the noise of the difference, not of each value.

The heuristic's own move is kept unless another action beats it by more than ``z`` standard errors of the paired
difference. With ``halving=1`` the worlds are not spread evenly over the actions: sequential halving (Karnin, Koren
& Somekh 2013, "Almost optimal exploration in multi-armed bandits"; the root of Gumbel MuZero) plays every action in
a first round of worlds, keeps the better half (and always the heuristic's move) for the next round of fresh
worlds, and so on until one challenger is left, so the budget goes to the actions that might replace the
heuristic's instead of to those the first worlds already rule out. With exact values this is a policy-improvement
step (choosing the best action against the heuristic's own continuation never does worse than the heuristic); the
``z`` margin keeps sampling noise from replacing a good move by a lucky one. It suits a co-operative game best,
where the heuristic is also the right model of the other seats (they are the same team, playing the same plan); in that game a search
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
      one world turned from a loss into a win;
    - ``halving`` (default 0): 1 spends the same number of playouts (``worlds`` × the legal actions, and the
      ``steps`` cap) by sequential halving: rounds of fresh worlds, each played by the actions still in the race,
      the worse half dropped after every round (the heuristic's move never is), so the last challenger is judged
      against it on every world of every round.
    """

    name = "rollout"

    def __init__(self, game: Game[Any], worlds: int = 24, depth: int = -1, z: float = 1.0, steps: int = 0,
                 halving: int = 0) -> None:
        if isinstance(worlds, str) or worlds < 1:
            raise ValueError(f"worlds must be a positive number of sampled worlds, not {worlds!r}")
        if isinstance(steps, str) or steps < 0:
            raise ValueError(f"steps must be 0 (no cap) or a positive number of playout decisions, not {steps!r}")
        if isinstance(depth, str) or depth < -1:
            raise ValueError(f"depth must be -1 (to the end), 0 or a positive number of decisions, not {depth!r}")
        if isinstance(z, str) or z < 0:
            raise ValueError(f"z must be a number of standard errors, 0 or more, not {z!r}")
        if halving not in (0, 1):
            raise ValueError(f"halving must be 0 (every action in every world) or 1 (sequential halving), "
                             f"not {halving!r}")
        heuristic = game.make_heuristic()
        if heuristic is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent for the rollout agent to improve")
        self.game = game
        self.worlds = int(worlds)
        self.depth = int(depth)
        self.z = float(z)
        self.steps = int(steps)
        self.halving = int(halving)
        self._heuristic: Agent = heuristic
        self.last_root: dict[Action, tuple[int, float]] = {}
        """After a decision: each action played out (every legal one; with ``halving``, the two left at the end)
        with its playouts and mean value in [0, 1] (to explain a choice)."""

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The heuristic's move, or an action whose paired playouts beat it clearly."""
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        base = self._heuristic.act(obs, rng)
        if self.halving and len(legal) > 2:
            values = self._halving(obs, legal, base, rng)
        else:
            values = self._every_world(obs, legal, rng)
        self.last_root = {a: (len(v), (sum(v) / len(v) + 1.0) * 0.5) for a, v in values.items()}
        return self._choose(values, base)

    def _every_world(self, obs: Observation, legal: list[Action], rng: random.Random) -> dict[Action, list[float]]:
        """Every legal action played out in the same worlds, until ``worlds`` or the ``steps`` cap."""
        seeds = [rng.getrandbits(64) for _ in range(self.worlds)]
        values: dict[Action, list[float]] = {a: [] for a in legal}
        spent = 0
        for n, seed in enumerate(seeds):
            if self.steps and n >= 2 and spent >= self.steps:
                break
            spent += self._play_world(obs, legal, seed, values)
        return values

    def _halving(self, obs: Observation, legal: list[Action], base: Action,
                 rng: random.Random) -> dict[Action, list[float]]:
        """Sequential halving over the same budget: rounds of fresh worlds, the worse half of the challengers
        dropped after each (ranked by their mean gain over ``base`` on the worlds so far, which all of them
        shared), a last round for the one challenger left. Returns the values of the actions still in the race at
        the end (``base`` and that challenger)."""
        rounds = 1
        left = len(legal) - 1
        while left > 1:
            left //= 2
            rounds += 1
        playouts = self.worlds * len(legal)
        steps = self.steps
        racing = [base] + [a for a in legal if a != base]
        values: dict[Action, list[float]] = {a: [] for a in legal}
        for r in range(rounds):
            worlds = max(2, playouts // (rounds - r) // len(racing))
            cap = steps // (rounds - r) if self.steps else 0
            spent = 0
            for n in range(worlds):
                if cap and n >= 2 and spent >= cap:
                    break
                spent += self._play_world(obs, racing, rng.getrandbits(64), values)
                playouts -= len(racing)
            steps -= spent
            if len(racing) > 2:
                # every challenger shared every world with the base so far: the sum of its values is its gain
                challengers = sorted(racing[1:], key=lambda a: (-sum(values[a]), a.id))
                racing = [base] + challengers[: len(challengers) // 2]
        return {a: values[a] for a in racing}

    def _play_world(self, obs: Observation, actions: list[Action], seed: int,
                    values: dict[Action, list[float]]) -> int:
        """Play each of ``actions`` out in the world of ``seed`` (the same later luck for each); append each value
        to ``values``; return the playout decisions made."""
        world = obs.sample_world(Rng(seed))
        made = 0
        for a in actions:
            value, steps = self._playout(world, a, obs.seat, random.Random(seed))
            values[a].append(value)
            made += steps
        return made

    def _choose(self, values: dict[Action, list[float]], base: Action) -> Action:
        """``base`` unless an action beats it by ``z`` standard errors of the paired difference (at least ``2/n``
        for ``n`` shared worlds)."""
        base_values = values[base]
        n = len(base_values)
        best, best_gap = base, 0.0
        for a, vs in values.items():
            if a == base:
                continue
            diffs = [x - y for x, y in zip(vs, base_values, strict=True)]
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
