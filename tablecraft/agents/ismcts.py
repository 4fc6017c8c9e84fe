"""Information-set Monte Carlo tree search (single-observer ISMCTS; Cowling, Powley & Whitehouse 2012), guided by
the game's own heuristic.

Each iteration samples a world the searching seat cannot tell from the real one (``Observation.sample_world``,
i.e. ``State.resample``), walks one shared tree restricted to the actions legal in that world, adds one node, plays
a rollout to the end or to a depth cut-off scored by ``Game.evaluate``, and backs the result up. A node holds the
rewards of the seat that chose the move into it, *in the world of that iteration* — so in a faction game a
teammate's node learns its faction's value and an enemy's node its own, and in a co-operative game every node
learns the team's. Children are keyed by (action, mover), so worlds in which different seats decide at the same
point never mix their statistics; forced steps (one legal action) make no node.

Two tree policies:

- ``prior=none``: UCB1 over availability counts, every action tried once before any is tried again — the textbook
  ISMCTS;
- ``prior=heuristic``: PUCT (Silver et al. 2017; Rosin 2011) with a prior from the game's heuristic, asked *in the
  sampled world* at every node it passes: the heuristic's move gets prior ``trust``, the others share the rest.
  The search then follows the heuristic's line until its measured values say otherwise, instead of spending its
  budget on every reply of every seat; at other seats' nodes the prior is an opponent (or teammate) model that
  knows what that seat would know in the world sampled — its hand, its identity — which the shared statistics of
  single-observer ISMCTS cannot.

Rollouts are ``random`` or ``heuristic`` (the game's heuristic deciding for every seat from its own observation of
the world, ``Observation.of_world``), the latter with an ``epsilon`` chance of a random move per decision. Rollouts
count decisions only (steps with more than one legal action); after ``depth`` of them ``Game.evaluate`` scores the
position for every seat on the path.

The agent sees nothing but its observation: the true state is never touched. With ``iterations`` the search is
deterministic for a given ``rng``; with ``seconds`` it runs on a time budget (not reproducible).

>>> import random, tablecraft
>>> from tablecraft.agents import make_agent, observe
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=4)
>>> agent = make_agent("ismcts:iterations=50:depth=10", game)
>>> agent.act(observe(state), random.Random(1)) in state.legal_actions()
True
>>> guided = make_agent("ismcts:iterations=30:depth=8:rollout=heuristic:prior=heuristic", game)
>>> guided.act(observe(state), random.Random(1)) in state.legal_actions()
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
    __slots__ = ("children", "visits", "total", "squares", "avail", "picks", "hints")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        """Children keyed by ``action.id * seats + mover``."""
        self.visits = 0
        self.total = 0.0
        self.squares = 0.0
        self.avail = 1
        self.picks = 0
        """How many times a move was chosen at this node (PUCT's parent count)."""
        self.hints: dict[int, int] | None = None
        """With ``hints=node``: the heuristic's move (id) per mover, asked the first time the node was reached."""

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


ROLLOUTS = ("random", "heuristic")
PRIORS = ("none", "heuristic")
HINTS = ("world", "node")
ANCHORS = ("none", "heuristic")
OTHERS = ("search", "heuristic")
WORLDS = ("uniform", "belief")


class ISMCTSAgent:
    """ISMCTS; every parameter can be given in a spec (``ismcts:iterations=300:rollout=heuristic:prior=heuristic``).

    Budget:

    - ``iterations`` (default 400): iterations per decision — reproducible for a given ``rng``;
    - ``seconds``: a wall-clock budget per decision instead (at least one iteration; not reproducible).

    Rollouts:

    - ``rollout``: ``random`` (default) or ``heuristic`` (the game heuristic plays every seat);
    - ``epsilon`` (default 0): with ``rollout=heuristic``, the chance that a rollout decision is a uniformly random
      legal move instead (diversity; also cheaper);
    - ``depth`` (default 40): rollout decisions (steps with a choice; forced steps are free) before the position is
      scored by ``Game.evaluate``; ``-1`` plays to the end, ``0`` scores the new node at once.

    Tree:

    - ``prior``: ``none`` (default: UCB1, every action tried before any is repeated) or ``heuristic`` (PUCT with the
      heuristic's move as prior, asked in the world sampled, at every node of the descent);
    - ``c`` (default 0.7): UCB1's exploration constant, on rewards scaled to [0, 1] (``prior=none``);
    - ``cpuct`` (default 0.25): PUCT's exploration constant on rewards in [0, 1] (``prior=heuristic``; values
      differ by a few hundredths between sensible moves, so a larger constant leaves the choice to the prior);
    - ``trust`` (default 0.5): the prior probability of the heuristic's move (the others share ``1 - trust``);
    - ``fpu`` (default 0.0): first-play urgency reduction — an untried move counts as the mean of the tried ones
      minus ``fpu`` (``prior=heuristic``);
    - ``hints`` (default ``world``): ask the heuristic for its move at every node in every world (the prior then
      knows each seat's hand in the world sampled), or ``node``: once per node and mover, the first time it is
      reached (fewer heuristic calls when the heuristic is slow).

    Other seats:

    - ``others`` (default ``search``): the other seats' decisions are nodes of the tree like the seat's own, or
      ``heuristic``: inside the tree too they are played by the game heuristic from their own view of the world
      sampled (a fixed model of them), so the tree branches on the searching seat's decisions only: a teammate is
      expected to do what the heuristic's plan has it do, instead of whatever the shared statistics make of its
      node. (In wild-hunters with three heroes this alone did not lift the search above the heuristic; its
      depth-cut evaluation was at fault — docs/lab.md, the level ladders.)

    Worlds:

    - ``worlds`` (default ``uniform``): hidden cards and roles redealt uniformly among those the seat cannot rule
      out (``State.resample``), or ``belief``: drawn by the game's belief model (``State.resample_by_belief``: in
      fate the hidden roles by how well they explain what each seat has done in public, in wizard-towers the
      hidden cards where normal play keeps them; uniform in the other games).

    Choice:

    - the most visited root action, unless ``anchor=heuristic``: play the game heuristic's own choice unless the
      search found an action whose mean reward beats it by more than ``z`` standard errors of the difference
      (default 1.0) — the search then corrects the heuristic where it is clearly wrong instead of replacing it
      with a noisy estimate where the actions are close.
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
        prior: str = "none",
        cpuct: float = 0.25,
        trust: float = 0.5,
        fpu: float = 0.0,
        epsilon: float = 0.0,
        hints: str = "world",
        others: str = "search",
        worlds: str = "uniform",
    ) -> None:
        if iterations < 1:
            raise ValueError("iterations must be at least 1")
        if seconds is not None and not seconds > 0:
            raise ValueError(f"seconds must be positive, not {seconds!r}")
        if rollout not in ROLLOUTS:
            raise ValueError(f"rollout must be one of {', '.join(ROLLOUTS)}, not {rollout!r}")
        if anchor not in ANCHORS:
            raise ValueError(f"anchor must be one of {', '.join(ANCHORS)}, not {anchor!r}")
        if prior not in PRIORS:
            raise ValueError(f"prior must be one of {', '.join(PRIORS)}, not {prior!r}")
        if others not in OTHERS:
            raise ValueError(f"others must be one of {', '.join(OTHERS)}, not {others!r}")
        if worlds not in WORLDS:
            raise ValueError(f"worlds must be one of {', '.join(WORLDS)}, not {worlds!r}")
        if hints not in HINTS:
            raise ValueError(f"hints must be one of {', '.join(HINTS)}, not {hints!r}")
        if isinstance(trust, str) or not 0.0 < trust < 1.0:
            raise ValueError(f"trust must be a number between 0 and 1 (exclusive), not {trust!r}")
        if isinstance(epsilon, str) or not 0.0 <= epsilon <= 1.0:
            raise ValueError(f"epsilon must be a number between 0 and 1, not {epsilon!r}")
        if isinstance(depth, str) or depth < -1:
            raise ValueError(f"depth must be -1 (to the end), 0 or a positive number of decisions, not {depth!r}")
        self.game = game
        self.iterations = int(iterations)
        self.seconds = seconds
        self.rollout = rollout
        self.depth = int(depth)
        self.c = float(c)
        self.anchor = anchor
        self.z = float(z)
        self.prior = prior
        self.cpuct = float(cpuct)
        self.trust = float(trust)
        self.fpu = float(fpu)
        self.epsilon = float(epsilon)
        self.hints = hints
        self.others = others
        self.worlds = worlds
        needs = rollout == "heuristic" or prior == "heuristic" or anchor == "heuristic" or others == "heuristic"
        self._heuristic: Agent | None = game.make_heuristic() if needs else None
        if needs and self._heuristic is None:
            raise ValueError(f"{game.spec.id} has no heuristic agent (asked for by rollout, prior, anchor or others)")
        self.last_iterations = 0
        """How many iterations the last ``act`` ran (for measuring simulations per second)."""
        self.last_root: dict[Action, tuple[int, float]] = {}
        """After a search: each root action tried, with its visits and mean reward in [0, 1] (to explain a choice)."""

    # --------------------------------------------------------------------------------------------- decision
    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The most visited root action after the search (or the anchored choice)."""
        legal = obs.legal_actions
        if len(legal) == 1:
            self.last_iterations = 0
            return legal[0]
        root = _Node()
        allowed = {a.id for a in legal}
        world_rng = Rng(rng.getrandbits(64))
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        root_hint = -1
        if self.prior == "heuristic":
            assert self._heuristic is not None
            # the seat's own view is the same in every world it samples: ask the heuristic once, not per iteration
            root_hint = self._heuristic.act(obs, rng).id
        iterate = self._iterate_puct if self.prior == "heuristic" else self._iterate_ucb
        # the seat whose decisions the tree branches on when the others follow the heuristic (-1: every seat)
        modelled = obs.seat if self.others == "heuristic" else -1
        done = 0
        belief = self.worlds == "belief"
        while True:
            iterate(root, obs.sample_world(world_rng, belief), rng, allowed, root_hint, modelled)
            done += 1
            if deadline is not None:
                if time.perf_counter() >= deadline:
                    break
            elif done >= self.iterations:
                break
        self.last_iterations = done
        seats = self.game.num_seats
        me = obs.seat
        children = root.children

        def stats(a: Action) -> _Node | None:
            return children.get(a.id * seats + me)

        def visits(a: Action) -> tuple[int, int]:
            node = stats(a)
            return (node.visits if node is not None else -1, -a.id)

        most = max(legal, key=visits)
        self.last_root = {a: (n.visits, n.mean()) for a in legal if (n := stats(a)) is not None}
        if self.anchor != "heuristic":
            return most
        assert self._heuristic is not None
        default = self._heuristic.act(obs, rng)
        base = stats(default)
        if base is None or base.visits == 0:
            return most

        def mean(a: Action) -> tuple[float, int]:
            node = stats(a)
            return (node.mean() if node is not None and node.visits else -1.0, -a.id)

        best = max(legal, key=mean)
        challenger = stats(best)
        assert challenger is not None
        gap = challenger.mean() - base.mean()
        if gap > 0 and gap * gap > self.z * self.z * (challenger.variance_of_mean() + base.variance_of_mean()):
            return best
        return default

    # ------------------------------------------------------------------------------------------- iterations
    def _iterate_ucb(self, root: _Node, state: State[Any], rng: random.Random, allowed: set[int],
                     root_hint: int, me: int) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        seats = self.game.num_seats
        c = self.c
        log = math.log
        sqrt = math.sqrt
        while not state.is_terminal():
            legal = state.forward_actions()
            if node is root:
                legal = [a for a in legal if a.id in allowed] or legal
            if len(legal) == 1:
                state.apply_unchecked(legal[0])
                continue
            mover = state.current_player()
            if me >= 0 and mover != me:
                state.apply_unchecked(self._model(state, legal, rng))
                continue
            children = node.children
            untried = []
            for a in legal:
                child = children.get(a.id * seats + mover)
                if child is None:
                    untried.append(a)
                else:
                    child.avail += 1
            if untried:
                a = untried[int(rng.random() * len(untried))]
                node = children[a.id * seats + mover] = _Node()
                state.apply_unchecked(a)
                path.append((node, mover))
                break
            best = legal[0]
            best_score = -1.0
            for a in legal:
                ch = children[a.id * seats + mover]
                v = ch.visits
                score = ch.total / v + c * sqrt(log(ch.avail) / v)
                if score > best_score:
                    best, best_score = a, score
            node = children[best.id * seats + mover]
            state.apply_unchecked(best)
            path.append((node, mover))
        self._backup(path, self._rollout(state, rng, {mover for _, mover in path}))

    def _iterate_puct(self, root: _Node, state: State[Any], rng: random.Random, allowed: set[int],
                      root_hint: int, me: int) -> None:
        node = root
        path: list[tuple[_Node, int]] = []
        seats = self.game.num_seats
        heuristic = self._heuristic
        assert heuristic is not None
        of_world = Observation.of_world
        cpuct = self.cpuct
        trust = self.trust
        fpu_drop = self.fpu
        per_node = self.hints == "node"
        sqrt = math.sqrt
        while not state.is_terminal():
            legal = state.forward_actions()
            if node is root:
                legal = [a for a in legal if a.id in allowed] or legal
            k = len(legal)
            if k == 1:
                state.apply_unchecked(legal[0])
                continue
            mover = state.current_player()
            if me >= 0 and mover != me:
                state.apply_unchecked(self._model(state, legal, rng))
                continue
            if node is root:
                hint = root_hint
            elif per_node:
                hints = node.hints
                if hints is None:
                    hints = node.hints = {}
                hint = hints.get(mover, -1)
                if hint < 0:
                    hint = hints[mover] = heuristic.act(of_world(state, None, legal), rng).id
            else:
                hint = heuristic.act(of_world(state, None, legal), rng).id
            children = node.children
            tried_visits = 0
            tried_total = 0.0
            found: list[_Node | None] = []
            for a in legal:
                child = children.get(a.id * seats + mover)
                found.append(child)
                if child is not None:
                    tried_visits += child.visits
                    tried_total += child.total
            fpu = (tried_total / tried_visits if tried_visits else 0.5) - fpu_drop
            node.picks += 1
            scale = cpuct * sqrt(node.picks)
            p_hint = trust
            p_other = (1.0 - trust) / (k - 1)
            best_i = 0
            best_score = -math.inf
            for i, a in enumerate(legal):
                child = found[i]
                p = p_hint if a.id == hint else p_other
                if child is None:
                    score = fpu + scale * p
                else:
                    v = child.visits
                    score = child.total / v + scale * p / (1 + v)
                if score > best_score:
                    best_i, best_score = i, score
            a = legal[best_i]
            child = found[best_i]
            state.apply_unchecked(a)
            if child is None:
                node = children[a.id * seats + mover] = _Node()
                path.append((node, mover))
                break
            node = child
            path.append((node, mover))
        self._backup(path, self._rollout(state, rng, {mover for _, mover in path}))

    def _model(self, state: State[Any], legal: list[Action], rng: random.Random) -> Action:
        """The move of a seat the search does not branch on (``others=heuristic``): the heuristic's, from that
        seat's own view of the world sampled."""
        assert self._heuristic is not None
        return self._heuristic.act(Observation.of_world(state, None, legal), rng)

    @staticmethod
    def _backup(path: list[tuple[_Node, int]], values: dict[int, float]) -> None:
        for node, mover in path:
            value = values[mover]
            node.visits += 1
            node.total += value
            node.squares += value * value

    def _rollout(self, state: State[Any], rng: random.Random, seats: set[int]) -> dict[int, float]:
        """Play on to the end or the depth cut-off; return the value of each of ``seats`` (the seats whose
        choices the iteration backs up: only they are evaluated) scaled to [0, 1]."""
        heuristic = self._heuristic if self.rollout == "heuristic" else None
        play_on(state, heuristic, self.depth, rng, self.epsilon)
        if state.is_terminal():
            returns = state.returns()
            return {s: (returns[s] + 1.0) * 0.5 for s in seats}
        evaluate = self.game.evaluate
        return {s: (evaluate(state, s) + 1.0) * 0.5 for s in seats}


def play_on(state: State[Any], heuristic: Agent | None, depth: int, rng: random.Random,
            epsilon: float = 0.0) -> int:
    """Play ``state`` on in place, to the end or until ``depth`` decisions (steps with more than one legal action;
    forced steps are free; -1: no cut-off) have been made; return how many were made. ``heuristic`` decides for
    every seat from its own view of the world (``Observation.of_world``), with an ``epsilon`` chance of a uniformly
    random move instead; without one every decision is random. Search rollouts and the rollout agent's playouts."""
    steps = depth
    is_terminal = state.is_terminal
    legal_actions = state.forward_actions
    apply = state.apply_unchecked
    uniform = rng.random
    of_world = Observation.of_world
    made = 0
    while not is_terminal():
        legal = legal_actions()
        if len(legal) == 1:
            apply(legal[0])
            continue
        if steps == 0:
            break
        steps -= 1
        made += 1
        if heuristic is None or (epsilon and uniform() < epsilon):
            apply(legal[int(uniform() * len(legal))])
        else:
            apply(heuristic.act(of_world(state, None, legal), rng))
    return made


def _ismcts(game: Game[Any], **params: Any) -> Agent:
    return ISMCTSAgent(game, **params)


AGENTS["ismcts"] = _ismcts
