"""Agents: players that choose an action from what their seat may know.

An agent is handed an ``Observation``: the seat's ``view``, its redacted event ``log``, the ``legal_actions`` (the
state's ``forward_actions``: never ``cancel``, which would only take a build back for the agent to start again) and,
for search, ``sample_world(rng)`` — a full state drawn from ``State.resample(seat, …)``, consistent with all the
seat knows. The observation is blind by construction: it keeps nothing of the true state but one world resampled
for the seat (``Observation.world``), so no agent can reach a hidden card however it is written.

Agent kinds: ``random`` (every game), ``heuristic`` (each game supplies its own through ``Game.make_heuristic``;
``heuristic:noise=0.3`` slips to a random move three times in ten), ``ismcts`` (information-set MCTS over
``sample_world``, every game), ``rollout`` (the heuristic improved by paired playouts of each legal action, every
game with a heuristic). Parameters follow colons (``ismcts:iterations=400:rollout=heuristic``), so a comma
can still separate seats' bots. The difficulty levels ``easy``, ``normal``, ``hard`` and ``expert``
(``tablecraft.agents.levels``) name an agent spec per game and take the same parameters on top; a spec may also
differ by the seat's role (``wizard=hard|warrior=normal``, ``parse_role_specs``). Every agent but
``random`` is ``Guarded``: it never picks a self-destroying action while a safe one exists.

>>> import random, tablecraft
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=1)
>>> agent = make_agent("random", game)
>>> agent.act(observe(state), random.Random(0)) in state.legal_actions()
True
>>> make_agent("normal", game).act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Protocol, runtime_checkable

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json, State
from tablecraft.core.events import iter_chain
from tablecraft.core.rng import Rng

from .levels import is_level, level_spec

WORLD_SEED = 0x5EED
"""The seed of the one world an observation keeps: any world the seat cannot tell from the truth serves."""


class Observation:
    """What the seat to move may use: its view, its log, the legal actions, and worlds it cannot tell apart.

    Made by ``observe(state, seat)``, which reads the true state once and keeps only a world resampled for the
    seat: ``view`` and ``log`` are read from that world (equal to the truth's by the resample contract) and
    ``sample_world`` resamples it again (the same worlds as resampling the truth, since resampling is blind).
    """

    __slots__ = ("game", "seat", "legal_actions", "_world", "_view")

    def __init__(self, state: State[Any], seat: int | None = None) -> None:
        self.game: Game[Any] = state.game
        self.seat: int = state.current_player() if seat is None else seat
        if not 0 <= self.seat < state.num_seats:
            raise ValueError(f"no seat {self.seat} to observe for (the game may be over)")
        self.legal_actions: list[Action] = state.forward_actions() if self.seat == state.current_player() else []
        self._world: State[Any] = state.resample(self.seat, Rng(WORLD_SEED))
        self._view: Json | None = None

    @classmethod
    def of_world(cls, world: State[Any], seat: int | None = None, legal: list[Action] | None = None) -> Observation:
        """The observation of ``seat`` (default: the seat to move) inside ``world``, a state that search already
        sampled (so nothing is resampled again). Search uses it for the decisions of its rollouts; real games go
        through ``observe``. ``legal``, when the caller already has ``world.forward_actions()``, saves computing
        them again."""
        obs = cls.__new__(cls)
        obs.game = world.game
        mover = world.current_player()
        obs.seat = mover if seat is None else seat
        if obs.seat != mover:
            obs.legal_actions = []
        else:
            obs.legal_actions = world.forward_actions() if legal is None else legal
        obs._world = world
        obs._view = None
        return obs

    @property
    def view(self) -> Json:
        """``state.view(seat)`` (computed once, on first use)."""
        if self._view is None:
            self._view = self._world.view(self.seat)
        return self._view

    @property
    def log(self) -> list[Json]:
        """The seat's redacted event stream, oldest first."""
        return self._world.log(self.seat)

    def recent(self, n: int) -> list[Json]:
        """The seat's last ``n`` events, oldest first (cheaper than ``log`` on a long game)."""
        out: list[Json] = []
        seat = self.seat
        for event in iter_chain(self._world._log):
            if len(out) >= n:
                break
            out.append(event.for_seat(seat))
        out.reverse()
        return out

    @property
    def role(self) -> str:
        """The seat's own role (``State.roles``: ``warrior``, ``sentinel`` …), which every seat knows of itself."""
        return self._world.roles()[self.seat]

    @property
    def world(self) -> State[Any]:
        """The one world this observation keeps: a full state the seat cannot tell from the real one. Read it or
        clone it; do not apply actions to it."""
        return self._world

    def sample_world(self, rng: Rng, belief: bool = False) -> State[Any]:
        """A full state consistent with everything this seat knows (``State.resample``), for search; with
        ``belief``, drawn by the game's belief model (``State.resample_by_belief``)."""
        if belief:
            return self._world.resample_by_belief(self.seat, rng)
        return self._world.resample(self.seat, rng)

    def restricted(self, legal: Iterable[Action]) -> Observation:
        """The same observation offering only ``legal`` (a subset of ``legal_actions``)."""
        obs = Observation.__new__(Observation)
        obs.game, obs.seat, obs._world, obs._view = self.game, self.seat, self._world, self._view
        obs.legal_actions = list(legal)
        return obs


def observe(state: State[Any], seat: int | None = None) -> Observation:
    """The observation of ``seat`` (default: the seat to move) in ``state``; it keeps no part of ``state``."""
    return Observation(state, seat)


def observe_world(world: State[Any], seat: int | None = None) -> Observation:
    """The observation of ``seat`` inside a world search sampled (``Observation.of_world``)."""
    return Observation.of_world(world, seat)


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``obs.legal_actions``."""

    name: str
    """Short id of the agent kind, e.g. ``random``."""

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """Choose one of ``obs.legal_actions``; ``rng`` is the only randomness allowed (reproducibility)."""
        ...


GUARD_WORLDS = 16
"""How many worlds the guard judges a choice in first (the observation's own and ``GUARD_WORLDS - 1`` more, drawn
with fixed seeds): one world can hide the blow that every other world the seat cannot tell from the truth deals.
Sixteen, not eight: a choice that destroys the seat in a third of its worlds shows nothing in eight of them one
time in twenty-five (fate, 5 seats: 3 such blunders in 1,000 games at 8), in sixteen one time in six hundred."""

GUARD_MORE_WORLDS = 64
"""How many worlds the guard judges in once the first ``GUARD_WORLDS`` show the choice destroying the seat in any
of them: sixteen worlds estimate a risk only to within a share of about ±0.12, so a choice near ``GUARD_MARGIN``
is judged again on four times as many (a share to within about ±0.06) before it is kept or replaced: at 32 a fate
blunder of true risk 0.32 read 0.16 and was kept. The second look is the rare case, so the cost stays small."""

GUARD_MOST_WORLDS = 128
"""How many worlds the guard judges in when the second look leaves a choice in doubt (within ``GUARD_DOUBT`` under
``GUARD_MARGIN``, or less than that over it): a share of sixty-four worlds is still off by 0.06 one time in three.
A fate blunder that destroyed the seat in 0.37 of 128 worlds read 15 of 64 (0.23) and was kept; read on 128 it
is replaced. Worlds near the margin are rare, so the third look costs little."""

GUARD_DOUBT = 0.10
"""How close to ``GUARD_MARGIN`` (either side) a share read on ``GUARD_MORE_WORLDS`` counts as in doubt: about
1.7 standard errors of a share near a third on sixty-four worlds."""

GUARD_MARGIN = 0.25
"""How much riskier than the safest alternative a choice must be (the share of the judged worlds in which it
destroys the seat, less that alternative's share) before the guard replaces it. A quarter: a careful player takes
a safe line over one that loses every third or fourth time, yet a risk seen in a single world of sixteen is the
seat's own gamble. ``benchmarks/self_destruction.py`` counts a "knowable" blunder from a third on 128 worlds,
leaving the guard a margin for the noise of its own smaller sample, and reports a quarter to a third apart."""


class Guarded:
    """Wraps an agent so it never picks a self-destroying action (``Game.is_self_destroying``) while a legal action
    exists that is safer: a choice is judged in ``GUARD_WORLDS`` worlds the seat cannot tell from the truth (in
    ``GUARD_MORE_WORLDS`` once it destroys the seat in any of them, in ``GUARD_MOST_WORLDS`` when that share is
    within ``GUARD_DOUBT`` of the margin), and when it destroys the seat in a share of them at least
    ``GUARD_MARGIN`` above the safest alternative's, the agent is asked again among the actions that destroy it in
    the fewest. Everything else (``name``,
    ``last_iterations`` …) is the wrapped agent's."""

    def __init__(self, inner: Agent, game: Game[Any]) -> None:
        self.inner = inner
        self.game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The wrapped agent's choice, unless a clearly safer action exists (``GUARD_MARGIN``)."""
        choice = self.inner.act(obs, rng)
        legal = obs.legal_actions
        if len(legal) < 2:
            return choice
        judge = self.game.is_self_destroying
        first = obs.world
        # every choice is judged in every world: a risk of one in three hides in any single world two times in
        # three (xeno-faction normal lost a game in 1,000 so while it judged one world first)
        worlds = [first] + [obs.sample_world(Rng(WORLD_SEED + k)) for k in range(1, GUARD_WORLDS)]

        def danger(action: Action) -> int:
            return sum(judge(w, action) for w in worlds)

        chosen = danger(choice)
        if chosen == 0:
            return choice
        for size in (GUARD_MORE_WORLDS, GUARD_MOST_WORLDS):
            doubt = GUARD_DOUBT if size < GUARD_MOST_WORLDS else 0.0
            more = [obs.sample_world(Rng(WORLD_SEED + k)) for k in range(len(worlds), size)]
            chosen += sum(judge(w, choice) for w in more)  # the earlier worlds are judged already
            worlds += more
            if chosen < (GUARD_MARGIN - doubt) * size:
                return choice
            others = [(danger(a), a) for a in legal if a != choice]
            least = min((d for d, _ in others), default=chosen)
            excess = (chosen - least) / size
            if excess < GUARD_MARGIN - doubt:
                return choice
            if excess >= GUARD_MARGIN + doubt:
                break  # clearly riskier: replaced without a third look
        safer = [a for d, a in others if d == least]
        again = self.inner.act(obs.restricted(safer), rng)
        return again if again in safer else safer[0]


class Noisy:
    """Plays the wrapped agent's choice, but with probability ``noise`` a uniformly random legal action instead:
    a player who knows what to do and sometimes does not do it (the ``easy`` level)."""

    def __init__(self, inner: Agent, noise: float) -> None:
        if not 0.0 <= noise <= 1.0:
            raise ValueError(f"noise must be between 0 and 1, not {noise!r}")
        self.inner = inner
        self.noise = noise
        self.name = inner.name

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """A random legal action with probability ``noise``, else the wrapped agent's choice."""
        legal = obs.legal_actions
        if len(legal) > 1 and rng.random() < self.noise:
            return legal[rng.randrange(len(legal))]
        return self.inner.act(obs, rng)


def _random(game: Game[Any], **params: Any) -> Agent:
    from .random_agent import RandomAgent

    return RandomAgent(**params)


def _heuristic(game: Game[Any], noise: float = 0.0, **params: Any) -> Agent:
    agent = game.make_heuristic(**params)
    if agent is None:
        raise KeyError(f"{game.spec.id} has no heuristic agent")
    if isinstance(noise, str) or not 0.0 <= noise <= 1.0:
        raise ValueError(f"heuristic noise must be a number between 0 and 1, not {noise!r}")
    return Noisy(agent, float(noise)) if noise else agent


AGENTS: dict[str, Callable[..., Agent]] = {"random": _random, "heuristic": _heuristic}
"""Agent kinds by name, each a factory ``(game, **params) -> Agent``."""


def parse_agent_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """``"ismcts:iterations=400:rollout=heuristic"`` → ``("ismcts", {"iterations": 400, "rollout": "heuristic"})``."""
    name, _, rest = spec.partition(":")
    params: dict[str, Any] = {}
    for part in filter(None, (p.strip() for p in rest.split(":"))):
        key, eq, value = part.partition("=")
        if not eq:
            raise KeyError(f"agent parameter {part!r} must be key=value")
        params[key.strip()] = _number(value.strip())
    return name.strip(), params


def _number(text: str) -> Any:
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def resolve_spec(spec: str, game: Game[Any]) -> tuple[str, dict[str, Any]]:
    """The agent kind and parameters ``spec`` stands for in ``game``: a level (``hard``, ``expert:iterations=99``)
    becomes the game's spec behind it, with the given parameters on top. ``KeyError`` for a spec that is split by
    role, or a level whose spec is: it stands for several kinds (``make_agent`` builds it)."""
    if parse_role_specs(spec) is not None:
        raise KeyError(f"{spec!r} is split by role: no single agent kind")
    name, params = parse_agent_spec(spec)
    if is_level(name):
        behind = level_spec(name, game)
        if parse_role_specs(behind) is not None:
            raise KeyError(f"level {name!r} of {game.spec.id} plays by role ({behind}): no single agent kind")
        base, base_params = parse_agent_spec(behind)
        return base, {**base_params, **params}
    return name, params


ROLE_SEPARATOR = "|"
"""Separates the parts of a by-role spec (``wizard=hard|warrior=normal``)."""

ANY_ROLE = "*"
"""The role name in a by-role spec that stands for every role not named (``warrior=hard|*=normal``)."""


def parse_role_specs(spec: str) -> dict[str, str] | None:
    """The spec of each role in a by-role spec, or ``None`` when ``spec`` is one spec for every seat.

    A by-role spec gives one spec per role, ``role=spec`` joined by ``|``; a role it does not name plays the
    ``*=spec`` part, or ``normal`` without one. Roles are ``State.roles`` (the lab's role names), so a level whose
    roles call for different play (wizard-towers: the wizard searches, the warriors do better without) states it
    once, as data. Role names are not checked against the game, since some are only dealt during play (fate's
    identities, the heroes of wild-hunters): a role that never occurs plays no seat.

    >>> parse_role_specs("wizard=hard|warrior=rollout:worlds=16")
    {'wizard': 'hard', 'warrior': 'rollout:worlds=16'}
    >>> parse_role_specs("ismcts:iterations=50") is None
    True
    """
    if "=" not in spec.partition(":")[0] and ROLE_SEPARATOR not in spec:
        return None
    out: dict[str, str] = {}
    for part in spec.split(ROLE_SEPARATOR):
        role, eq, sub = part.partition("=")
        role, sub = role.strip(), sub.strip()
        if not eq or not role or not sub or ":" in role:
            raise KeyError(f"by-role spec part {part.strip()!r} must be role=spec "
                           f"(e.g. wizard=hard|warrior=normal|*=easy)")
        if role in out:
            raise KeyError(f"by-role spec names role {role!r} twice")
        if parse_role_specs(sub) is not None:
            raise KeyError(f"by-role spec part {part.strip()!r}: a role's spec cannot itself be split by role")
        out[role] = sub
    return out


class ByRole:
    """Plays each seat with the agent of the seat's own role (``Observation.role``; ``parse_role_specs``)."""

    name = "by-role"

    def __init__(self, agents: dict[str, Agent], default: Agent) -> None:
        self.agents = agents
        self.default = default

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """The choice of the agent for the seat's role."""
        return self.agents.get(obs.role, self.default).act(obs, rng)


def make_agent(spec: str, game: Game[Any]) -> Agent:
    """A new agent of kind ``spec`` (a kind or a level, with ``:key=value`` parameters, or a by-role spec, see
    ``parse_role_specs``) for ``game``; ``KeyError`` naming the known kinds and levels if there is none. Every agent
    but ``random`` comes ``Guarded``. Parameters on top of a level whose spec is split by role go to the roles whose
    spec is written out (``hard:iterations=50`` in wizard-towers changes the wizard's search), not to the roles
    that play another level (its warriors play ``normal``)."""
    roles = parse_role_specs(spec)
    if roles is None and is_level(parse_agent_spec(spec)[0]):
        name, params = parse_agent_spec(spec)
        roles = parse_role_specs(level_spec(name, game))
        if roles is not None and params:
            extra = ":".join(f"{k}={v}" for k, v in params.items())
            written = [r for r, sub in roles.items() if not is_level(parse_agent_spec(sub)[0])]
            if not written:
                raise KeyError(f"level {name!r} of {game.spec.id} plays other levels by role "
                               f"({level_spec(name, game)}): it takes no parameters on top")
            roles = {r: f"{sub}:{extra}" if r in written else sub for r, sub in roles.items()}
    if roles is not None:
        agents = {role: make_agent(sub, game) for role, sub in roles.items() if role != ANY_ROLE}
        return ByRole(agents, make_agent(roles.get(ANY_ROLE, "normal"), game))
    name, params = resolve_spec(spec, game)
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(
            f"unknown agent {name!r}; agents: {', '.join(sorted(AGENTS))}; levels: {', '.join(level_ids())}"
        ) from None
    agent = factory(game, **params)
    return agent if name == "random" else Guarded(agent, game)


def agent_names() -> Sequence[str]:
    """The known agent kinds."""
    return sorted(AGENTS)


def level_ids() -> Sequence[str]:
    """The difficulty levels, weakest first (``tablecraft.agents.levels``)."""
    from .levels import LEVELS

    return [level.id for level in LEVELS]


from . import ismcts as _ismcts  # noqa: E402,F401  (registers "ismcts")
from . import rollout as _rollout  # noqa: E402,F401  (registers "rollout")

__all__ = [
    "ANY_ROLE", "AGENTS", "Agent", "ByRole", "Guarded", "Noisy", "Observation", "agent_names", "level_ids",
    "make_agent", "observe", "observe_world", "parse_agent_spec", "parse_role_specs", "resolve_spec",
]
