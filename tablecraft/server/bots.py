"""The server's bots: agent specs checked against the server's caps, and decisions made in worker processes
with a deadline, scheduled fairly between rooms.

Why processes: a searching bot is pure Python CPU work; in a thread it holds the GIL the event loop needs,
and it can never be stopped. In a worker process (Pebble's ``ProcessPool``) it uses its own core, and a
decision that runs past ``bot_deadline`` is cut off by stopping its worker (Pebble starts a fresh one): the
room then plays the *fallback* — the game's heuristic, or a random legal move — and the server logs it.

Why two lanes: a search can take its whole deadline. ``BotPool`` never lets searches occupy every worker —
at most ``workers - 1`` of them run at once (one if there is a single worker) — so a cheap decision (a random
or heuristic bot, a stand-in for an absent player, a player out of time) always finds a worker within the time
of one cheap decision, whatever the searching rooms ask. A decision counts as a search when its agent
declares a budget (an ``iterations`` or ``seconds`` attribute, as ISMCTS does) or when its last decisions
took longer than ``SLOW_DECISION``. Waiting decisions start in arrival order; a room has at most one
decision waiting, so arrival order is round robin between rooms.

Specs (``ismcts:iterations=400``, a difficulty name such as ``hard`` once the agents define them) go through
``make_agent`` only; ``checked_agent`` turns every way a spec can be wrong into an ``AgentSpecError`` (a
``TablecraftError``: the HTTP API answers ``400``) and refuses budgets above the server's caps, naming them.

>>> import tablecraft
>>> from tablecraft.server.config import ServerSettings
>>> game = tablecraft.load("wizard-towers")
>>> checked_agent("ismcts:iterations=400", game, ServerSettings()).name
'ismcts'
>>> checked_agent("ismcts:iterations=100000000", game, ServerSettings())
Traceback (most recent call last):
...
tablecraft.server.bots.AgentSpecError: agent 'ismcts:iterations=100000000': 100000000 iterations is above this server's cap of 20000 (--max-bot-iterations)
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import multiprocessing
import random
import re
import signal
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from tablecraft.agents import Agent, ByRole, make_agent, observe, parse_agent_spec, parse_role_specs
from tablecraft.agents.random_agent import RandomAgent
from tablecraft.core.actions import Action
from tablecraft.core.api import Game, State
from tablecraft.core.errors import TablecraftError

from .config import ServerSettings

log = logging.getLogger("tablecraft.server")

SLOW_DECISION = 0.25
"""Seconds: an agent whose decisions take longer than this (on average, lately) is scheduled as a search."""

FALLBACK_SECONDS = 2.0
"""How long the fallback heuristic may think after a decision was cut off (then a random move is played)."""


class AgentSpecError(TablecraftError):
    """A bot agent spec that names no agent, has a bad parameter, or asks for more than the server allows."""


# --------------------------------------------------------------------------------------------- spec checks
def checked_agent(spec: str, game: Game[Any], settings: ServerSettings, caps: bool = True) -> Agent:
    """The agent ``spec`` names for ``game``, if the spec is well-formed and (with ``caps``) within the server's
    budget caps; else ``AgentSpecError`` saying what is wrong (never another exception).

    Rooms rebuilt after a restart are made without ``caps``: a game accepted once keeps its bots even if the
    caps were lowered since (the per-decision deadline still bounds them)."""
    try:
        roles = parse_role_specs(spec)
    except KeyError as e:
        raise AgentSpecError(f"agent {spec!r}: {_message(e)}") from None
    if roles is not None:
        for part in roles.values():  # each role's agent within the caps, as if it were asked for alone
            checked_agent(part, game, settings, caps)
        try:
            return make_agent(spec, game)
        except KeyError as e:
            raise AgentSpecError(_message(e)) from None
    try:
        name, params = parse_agent_spec(spec)
    except KeyError as e:
        raise AgentSpecError(f"agent {spec!r}: {_message(e)}") from None
    for key, value in params.items():
        if isinstance(value, float) and not math.isfinite(value):
            raise AgentSpecError(f"agent {spec!r}: parameter {key} must be a finite number, not {value}")
    if caps:
        _check_budget(spec, params.get("iterations"), params.get("seconds"), settings)
    try:
        agent = make_agent(spec, game)
    except KeyError as e:
        raise AgentSpecError(_message(e)) from None
    except TypeError as e:
        raise AgentSpecError(f"agent {spec!r}: {_type_error(name, e)}") from None
    except Exception as e:  # any other refusal of the agent's constructor is the spec's fault too
        raise AgentSpecError(f"agent {spec!r}: {_message(e)}") from None
    # a named level (``hard``) may set a budget the spec does not show: check the agent that was made
    if caps:
        for made in [*agent.agents.values(), agent.default] if isinstance(agent, ByRole) else [agent]:
            _check_budget(spec, getattr(made, "iterations", None), getattr(made, "seconds", None), settings)
    return agent


def _check_budget(spec: str, iterations: Any, seconds: Any, settings: ServerSettings) -> None:
    if iterations is not None:
        if isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1:
            raise AgentSpecError(f"agent {spec!r}: iterations must be a whole number from 1 to "
                                 f"{settings.max_bot_iterations}, not {iterations!r}")
        if iterations > settings.max_bot_iterations:
            raise AgentSpecError(f"agent {spec!r}: {iterations} iterations is above this server's cap of "
                                 f"{settings.max_bot_iterations} (--max-bot-iterations)")
    if seconds is not None:
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or not 0 < seconds < math.inf:
            raise AgentSpecError(f"agent {spec!r}: seconds must be a number above 0 and at most "
                                 f"{settings.max_bot_seconds:g}, not {seconds!r}")
        if seconds > settings.max_bot_seconds:
            raise AgentSpecError(f"agent {spec!r}: {seconds:g} seconds is above this server's cap of "
                                 f"{settings.max_bot_seconds:g} (--max-bot-seconds)")


def _message(e: BaseException) -> str:
    return str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)


def _type_error(name: str, e: TypeError) -> str:
    text = str(e)
    m = re.search(r"unexpected keyword argument '([^']+)'", text)
    if m:
        return f"{name} has no parameter {m.group(1)!r}"
    if "takes no arguments" in text or "positional argument" in text:
        return f"{name} takes no parameters"
    return text


def is_search(agent: Agent) -> bool:
    """True when the agent declares a search budget (``iterations`` or ``seconds``), as ISMCTS does."""
    return any(isinstance(getattr(agent, k, None), int | float) for k in ("iterations", "seconds"))


# -------------------------------------------------------------------------------------- in a worker process
def think(agent: Agent, state: State[Any], seat: int, rng: random.Random) -> Action:
    """A bot's decision: the agent sees only ``observe(state, seat)``; one that raises or answers with an
    illegal action is logged and replaced, for this decision, by the random agent (a broken bot must not
    freeze a table of people)."""
    obs = observe(state, seat)
    try:
        action = agent.act(obs, rng)
        if action in obs.legal_actions:
            return action
        log.error("bot %s chose %s, which is not legal; the random agent decides instead",
                  getattr(agent, "name", agent), action)
    except Exception:
        log.exception("bot %s failed; the random agent decides instead", getattr(agent, "name", agent))
    return RandomAgent().act(obs, rng)


_worker_agents: dict[tuple[str, int, str, str], Agent] = {}
"""A worker process's agents, made once per (game, seats, options, spec)."""


def decide(spec: str, state: State[Any], seat: int, rng: random.Random) -> Action:
    """Run in a worker process: the decision of the agent ``spec`` for ``seat`` (see ``think``)."""
    game = state.game
    key = (game.spec.id, game.num_seats, json.dumps(dict(game.options), sort_keys=True, default=str), spec)
    agent = _worker_agents.get(key)
    if agent is None:
        agent = _worker_agents[key] = make_agent(spec, game)
    return think(agent, state, seat, rng)


def _ready() -> int:
    """Run in a worker process to start it (and the fork server) before the first real decision."""
    return 0


def _worker_init() -> None:
    # Ctrl-C in the server's terminal reaches the whole process group: the server shuts its workers down
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    logging.basicConfig(level=logging.WARNING, format="%(asctime)s %(levelname)s %(name)s: %(message)s")


# ------------------------------------------------------------------------------------------------ the pool
@dataclass(eq=False)
class _Job:
    room: str
    spec: str
    state: State[Any]
    seat: int
    rng: random.Random
    search: bool
    future: asyncio.Future[Action]
    cost_key: str
    started: float = 0.0
    handle: Any = field(default=None)
    """Pebble's future once the job runs."""


class BotPool:
    """Worker processes for bot decisions, a deadline per decision, and fair scheduling (see the module)."""

    def __init__(self, settings: ServerSettings) -> None:
        self.workers = settings.bot_workers
        self.deadline = settings.bot_deadline
        self.search_limit = max(1, self.workers - 1)
        self._waiting: deque[_Job] = deque()
        self._running: set[_Job] = set()
        self._cost: dict[str, float] = {}
        self._fallbacks: dict[str, Agent | None] = {}
        self._pool: Any = None
        self.cut_off = 0
        """Decisions stopped at the deadline (their fallback was played)."""
        self.failed = 0
        """Decisions whose worker failed (died, or the agent could not be made): their fallback was played."""

    # --- life cycle -------------------------------------------------------------------------------------------
    def start(self) -> None:
        """Start the worker processes (forked from a fork server that has imported the games once)."""
        from pebble import ProcessPool

        ctx = multiprocessing.get_context("forkserver")
        ctx.set_forkserver_preload(["tablecraft.server.bots"])
        self._pool = ProcessPool(max_workers=self.workers, initializer=_worker_init, context=ctx)
        for _ in range(self.workers):
            self._pool.schedule(_ready)

    def stop(self) -> None:
        """Stop every worker at once (a decision in progress is dropped: the room re-decides after a restart)."""
        for job in list(self._waiting) + list(self._running):
            if not job.future.done():
                job.future.cancel()
        self._waiting.clear()
        if self._pool is not None:
            self._pool.stop()
            with contextlib.suppress(Exception):
                self._pool.join(timeout=5)

    @property
    def busy(self) -> int:
        """Decisions running now."""
        return len(self._running)

    @property
    def queued(self) -> int:
        """Decisions waiting for a worker."""
        return len(self._waiting)

    # --- deciding ---------------------------------------------------------------------------------------------
    async def decide(self, room: str, spec: str, agent: Agent, state: State[Any], seat: int,
                     rng: random.Random) -> Action:
        """The decision of the agent ``spec`` (already made as ``agent``, to classify it) for ``seat``.

        Cancelling the caller cancels the decision (a running one stops its worker). A decision past the
        deadline, or whose worker fails, is answered by the fallback.
        """
        cost_key = f"{state.game.spec.id}|{spec}"
        search = is_search(agent) or self._cost.get(cost_key, 0.0) > SLOW_DECISION
        job = _Job(room, spec, state, seat, rng, search, asyncio.get_running_loop().create_future(), cost_key)
        self._waiting.append(job)
        self._pump()
        try:
            return await asyncio.shield(job.future)
        except asyncio.CancelledError:
            self._cancel(job)
            raise

    def _cancel(self, job: _Job) -> None:
        if job in self._waiting:
            self._waiting.remove(job)
        if job.handle is not None:
            job.handle.cancel()  # Pebble stops the worker of a running task
        if not job.future.done():
            job.future.cancel()

    def _pump(self) -> None:
        """Start waiting decisions while there are free workers (searches only up to their limit)."""
        while self._waiting and len(self._running) < self.workers:
            searches = sum(1 for j in self._running if j.search)
            job = next((j for j in self._waiting if not j.search or searches < self.search_limit), None)
            if job is None:
                return
            self._waiting.remove(job)
            self._run(job)

    def _run(self, job: _Job) -> None:
        if self._pool is None:
            self.start()
        job.started = time.monotonic()
        self._running.add(job)
        job.handle = self._pool.schedule(decide, args=(job.spec, job.state, job.seat, job.rng), timeout=self.deadline)
        done = asyncio.wrap_future(job.handle)
        done.add_done_callback(lambda f: asyncio.ensure_future(self._finish(job, f)))

    async def _finish(self, job: _Job, done: asyncio.Future[Action]) -> None:
        self._running.discard(job)
        elapsed = time.monotonic() - job.started
        previous = self._cost.get(job.cost_key)
        self._cost[job.cost_key] = elapsed if previous is None else 0.7 * previous + 0.3 * elapsed
        self._pump()
        if job.future.done():  # cancelled meanwhile
            return
        try:
            action = done.result()
        except asyncio.CancelledError:
            return
        except TimeoutError:
            self.cut_off += 1
            log.warning("room %s: bot %s ran out of its %gs for seat %s; the fallback decides", job.room, job.spec,
                        self.deadline, job.seat)
            action = await self.fallback(job.state, job.seat, job.rng)
        except Exception as e:
            self.failed += 1
            log.error("room %s: bot %s failed in its worker (%s); the fallback decides", job.room, job.spec,
                      getattr(e, "traceback", None) or repr(e))
            action = await self.fallback(job.state, job.seat, job.rng)
        if not job.future.done():
            job.future.set_result(action)

    async def fallback(self, state: State[Any], seat: int, rng: random.Random) -> Action:
        """The move played when a bot's decision was cut off or failed: the game's heuristic (given a couple of
        seconds, in a thread), else a random legal move."""
        game = state.game
        key = game.spec.id
        if key not in self._fallbacks:
            try:
                self._fallbacks[key] = make_agent("heuristic", game)
            except Exception:  # a game without a heuristic: a random move
                self._fallbacks[key] = None
        heuristic = self._fallbacks[key]
        if heuristic is not None:
            with contextlib.suppress(Exception):
                return await asyncio.wait_for(asyncio.to_thread(think, heuristic, state, seat, rng), FALLBACK_SECONDS)
        return RandomAgent().act(observe(state, seat), rng)
