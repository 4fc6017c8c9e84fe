"""Agents: players that choose an action from what their seat may know.

An agent is handed an ``Observation``: the seat's ``view``, its redacted event ``log``, the ``legal_actions`` and,
for search, ``sample_world(rng)`` — a full state drawn from ``State.resample(seat, …)``, consistent with all the
seat knows. It never gets the true state, so it cannot peek at hidden cards.

Agent kinds: ``random`` (every game), ``heuristic`` (each game supplies its own through ``Game.make_heuristic``),
``ismcts`` (information-set MCTS over ``sample_world``, every game). ``make_agent("ismcts:iterations=400")`` passes
parameters after colons (``ismcts:iterations=400:rollout=heuristic``), so a comma can still separate seats' bots.

>>> import random, tablecraft
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=1)
>>> agent = make_agent("random", game)
>>> agent.act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json, State
from tablecraft.core.rng import Rng


class Observation:
    """What the seat to move may use: its view, its log, the legal actions, and worlds it cannot tell apart."""

    __slots__ = ("_state", "game", "seat", "legal_actions", "_view")

    def __init__(self, state: State[Any], seat: int | None = None) -> None:
        self._state = state
        self.game: Game[Any] = state.game
        self.seat: int = state.current_player() if seat is None else seat
        self.legal_actions: list[Action] = state.legal_actions() if self.seat == state.current_player() else []
        self._view: Json | None = None

    @property
    def view(self) -> Json:
        """``state.view(seat)`` (computed once, on first use)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    @property
    def log(self) -> list[Json]:
        """The seat's redacted event stream."""
        return self._state.log(self.seat)

    def sample_world(self, rng: Rng) -> State[Any]:
        """A full state consistent with everything this seat knows (``State.resample``), for search."""
        return self._state.resample(self.seat, rng)


def observe(state: State[Any], seat: int | None = None) -> Observation:
    """The observation of ``seat`` (default: the seat to move) in ``state``."""
    return Observation(state, seat)


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``obs.legal_actions``."""

    name: str
    """Short id of the agent kind, e.g. ``random``."""

    def act(self, obs: Observation, rng: random.Random) -> Action:
        """Choose one of ``obs.legal_actions``; ``rng`` is the only randomness allowed (reproducibility)."""
        ...


def _random(game: Game[Any], **params: Any) -> Agent:
    from .random_agent import RandomAgent

    return RandomAgent(**params)


def _heuristic(game: Game[Any], **params: Any) -> Agent:
    agent = game.make_heuristic(**params)
    if agent is None:
        raise KeyError(f"{game.spec.id} has no heuristic agent")
    return agent


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


def make_agent(spec: str, game: Game[Any]) -> Agent:
    """A new agent of kind ``spec`` (``name`` or ``name:key=value,…``) for ``game``; ``KeyError`` naming the
    known kinds if there is none."""
    name, params = parse_agent_spec(spec)
    try:
        factory = AGENTS[name]
    except KeyError:
        raise KeyError(f"unknown agent {name!r}; agents: {', '.join(sorted(AGENTS))}") from None
    return factory(game, **params)


def agent_names() -> Sequence[str]:
    """The known agent kinds."""
    return sorted(AGENTS)


from . import ismcts as _ismcts  # noqa: E402,F401  (registers "ismcts")

__all__ = ["AGENTS", "Agent", "Observation", "agent_names", "make_agent", "observe", "parse_agent_spec"]
