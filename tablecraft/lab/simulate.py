"""Play many games between agents and summarise them: the loop of one game, batches in processes, statistics.

Every game is reproducible from its record: the game id, options, seat count, seed, setup and action list
(``Game.replay`` rebuilds it). Agents draw only from their own ``random.Random``, seeded from the game seed and
the seat, so a record also tells which moves the same agents would make again.

>>> record = play_game(load_game("wizard-towers", {}), seed=3, bots=("random", "random", "random"))
>>> record["decisions"] == len(record["actions"]), sorted(record) == sorted(RECORD_KEYS)
(True, True)
>>> lo, hi = wilson_interval(50, 100)
>>> round(lo, 3), round(hi, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import functools
import json
import math
import multiprocessing
import os
import random
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass, field
from typing import Any

from tablecraft.agents import make_agent, observe
from tablecraft.core.api import Game, Json, State
from tablecraft.core.errors import IllegalActionError
from tablecraft.core.registry import load

Z95 = 1.959963984540054
"""The standard normal quantile for a two-sided 95% interval."""

RECORD_KEYS = (
    "game", "options", "seats", "seed", "setup", "bots", "actions", "winners", "returns", "decisions", "turns",
    "first_player", "roles", "characters", "content", "end_reason", "events",
)
"""The keys of a game record (one JSON line of ``simulate --out``); a game played with ``trace`` adds ``"trace"``.

Besides what replays the game, a record keeps what the lab's statistics read: ``first_player`` (the seat to move
in the initial state), ``roles`` (``State.roles()`` at the end), ``characters`` (``State.characters()`` at the end:
each seat's hero, or ``None``), ``content`` (``State.content()`` at the end: per content kind, the items each
seat had — what ``lab.content`` measures the effect of), ``end_reason`` (the final spectator view's
``"end_reason"`` if the game exposes one and it is a non-empty string, else ``None``) and ``events`` (how many
events of each kind the full log holds, ``{kind: count}``: the lab's rule coverage).
"""


def wilson_interval(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial proportion (95% by default).

    Unlike the normal approximation it stays inside [0, 1] and is sound for small counts and rates near 0 or 1.
    With no trials nothing is known, so the interval is [0, 1].

    >>> [round(x, 4) for x in wilson_interval(0, 10)]
    [0.0, 0.2775]
    """
    if trials <= 0:
        return 0.0, 1.0
    if not 0 <= successes <= trials:
        raise ValueError(f"successes must be in 0..{trials}, got {successes}")
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / denom
    # at 0 or all successes the bound is exactly 0 or 1; rounding would leave 1e-17 or 0.9999999999999999
    lo = 0.0 if successes == 0 else max(0.0, centre - half)
    hi = 1.0 if successes == trials else min(1.0, centre + half)
    return lo, hi


PARENT_POLL_SECONDS = 0.5
"""How often a worker process checks that the process that started it still lives."""


def _watch(parent: int, interval: float) -> None:
    while os.getppid() == parent:
        time.sleep(interval)
    # the parent is gone (SIGKILL, a crash): nobody will store or ask for this worker's games
    os._exit(1)


def watch_parent(parent: int, interval: float = PARENT_POLL_SECONDS) -> None:
    """In a worker process: end the process as soon as ``parent`` stops being its parent (the pool's
    initializer, given the parent's pid).

    A process killed with SIGKILL cannot stop its pool, and a busy worker would otherwise play its batch to the
    end (and an idle one can linger); when a parent dies its children are re-parented, so a daemon thread that
    polls ``os.getppid()`` sees it within ``interval`` seconds on every POSIX system. (Linux's
    ``PR_SET_PDEATHSIG`` is not used: it fires when the *thread* that started the worker ends, and the executor
    starts workers from its own threads too.)
    """
    threading.Thread(target=_watch, args=(parent, interval), name="parent-watchdog", daemon=True).start()


def bot_rng(seed: int, seat: int) -> random.Random:
    """The random stream of the agent in ``seat`` for game ``seed`` (string seeding is stable across runs)."""
    return random.Random(f"tablecraft-bot:{seed}:{seat}")


@functools.lru_cache(maxsize=16)
def _cached_game(game_id: str, options: tuple[tuple[str, Any], ...], seats: int | None) -> Game[Any]:
    return load(game_id, num_seats=seats, **dict(options))


def load_game(game_id: str, options: Mapping[str, Any], seats: int | None = None) -> Game[Any]:
    """``tablecraft.load`` with a per-process cache, so a worker builds each game (and codec) once."""
    return _cached_game(game_id, tuple(sorted(options.items())), seats)


class GameTrace:
    """What ``play_game(trace=True)`` records besides the usual record, for the quality metrics
    (``tablecraft.lab.quality``): at every real decision (more than one legal action) how many actions were
    legal, and after it — once the forced steps it led to are applied, i.e. where the next real decision is asked
    or the game has ended — ``Game.evaluate`` of the true state for every seat; at the end ``Game.sides``.

    Only the quality command pays for this: ``lab run`` plays without a trace.
    """

    def __init__(self, game: Game[Any]) -> None:
        self.game = game
        self.choices: list[int] = []
        """Legal actions at each real decision."""
        self.forced = 0
        """Steps with a single legal action."""
        self.values: list[list[float]] = []
        """Per real decision, every seat's ``evaluate`` after it (the last one is the final state's)."""

    def _sample(self, state: State[Any]) -> None:
        evaluate = self.game.evaluate
        self.values.append([float(evaluate(state, seat)) for seat in range(self.game.num_seats)])

    def decision(self, state: State[Any], legal: int) -> None:
        """A real decision with ``legal`` actions is about to be asked in ``state``: the previous one's value."""
        if self.choices:
            self._sample(state)
        self.choices.append(legal)

    def to_json(self, final: State[Any]) -> Json:
        """The trace of a finished game (``final``: its last state)."""
        if self.choices:
            self._sample(final)
        return {"choices": self.choices, "forced": self.forced, "values": self.values,
                "sides": list(self.game.sides(final))}


def play_game(game: Game[Any], seed: int, bots: Sequence[str], setup: Json | None = None,
              trace: bool = False) -> Json:
    """Play one game to the end with the agents named ``bots`` (one per seat); return its record.

    Each agent gets only ``view(seat)`` and the legal actions. An agent that answers with an action that is not
    legal is a bug in the agent, reported as ``IllegalActionError`` rather than replaced by another action.
    With ``trace`` the record also holds ``"trace"`` (``GameTrace.to_json``): the quality metrics' raw data.
    """
    if len(bots) != game.num_seats:
        raise ValueError(f"{game.spec.id} has {game.num_seats} seats but {len(bots)} bots were given")
    agents = [make_agent(b, game) for b in bots]
    rngs = [bot_rng(seed, s) for s in range(game.num_seats)]
    state = game.new_initial_state(seed, setup)
    first_player = state.current_player()
    actions: list[str] = []
    tracer = GameTrace(game) if trace else None
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.forward_actions()  # bots never take a build back (``cancel``)
        if len(legal) == 1:  # a forced step asks nobody (and costs no observation)
            state.apply_unchecked(legal[0])
            actions.append(str(legal[0]))
            if tracer is not None:
                tracer.forced += 1
            continue
        if tracer is not None:
            tracer.decision(state, len(legal))
        action = agents[seat].act(observe(state), rngs[seat])
        if action not in legal:
            raise IllegalActionError(action, legal, f"agent {bots[seat]} in seat {seat} chose it")
        # legality was just checked against the same list, so the unchecked path avoids computing it twice
        state.apply_unchecked(action)
        actions.append(str(action))
    record = game_record(game, state, seed, setup, bots, actions, first_player)
    if tracer is not None:
        record["trace"] = tracer.to_json(state)
    return record


def game_record(
    game: Game[Any], state: State[Any], seed: int, setup: Json | None, bots: Sequence[str | None],
    actions: list[str], first_player: int,
) -> Json:
    """The record (``RECORD_KEYS``) of a finished game: what replays it, its result, length, roles, end reason and
    how often each event kind fired (from the whole unredacted log: coverage counts what happened)."""
    final = state.view(None)
    turn = final.get("turn")
    end_reason = final.get("end_reason")
    kinds: dict[str, int] = {}
    for event in state.events():
        kinds[event.kind] = kinds.get(event.kind, 0) + 1
    return {
        "game": game.spec.id,
        "options": dict(game.options),
        "seats": game.num_seats,
        "seed": seed,
        "setup": setup,
        "bots": list(bots),
        "actions": actions,
        "winners": state.winners(),
        "returns": state.returns(),
        "decisions": len(actions),
        "turns": turn if isinstance(turn, int) else None,
        "first_player": first_player,
        "roles": list(state.roles()),
        "characters": state.characters(),
        "content": state.content(),
        "end_reason": end_reason if isinstance(end_reason, str) and end_reason else None,
        "events": dict(sorted(kinds.items())),
    }


@dataclass(frozen=True)
class Batch:
    """Games to play in one worker call: the same game and bots, consecutive seeds."""

    game_id: str
    options: tuple[tuple[str, Any], ...]
    seats: int | None
    bots: tuple[str, ...]
    seeds: tuple[int, ...]
    keep_actions: bool = True
    setup: str | None = None
    """The starting position as JSON text (a designed position or map), or None for the standard preparation."""
    trace: bool = False
    """Record each game's ``GameTrace`` too (the quality command)."""


def _compact(record: Json, keep_actions: bool) -> Json:
    if not keep_actions:
        del record["actions"]  # the bulk of a record; statistics never need it
    return record


def run_batch(batch: Batch) -> list[Json]:
    """Play every seed of ``batch`` (the function worker processes run; it must stay importable by name)."""
    game = _cached_game(batch.game_id, batch.options, batch.seats)
    setup = json.loads(batch.setup) if batch.setup is not None else None
    return [_compact(play_game(game, seed, batch.bots, setup, batch.trace), batch.keep_actions)
            for seed in batch.seeds]


def run_games(
    game: Game[Any],
    bots: Sequence[str],
    seeds: Sequence[int],
    jobs: int = 1,
    on_done: Callable[[int], None] | None = None,
    keep_actions: bool = True,
    setup: Json | None = None,
) -> list[Json]:
    """Play one game per seed and return the records in seed order (from ``setup``'s position when given).

    With ``jobs > 1`` the games run in that many processes, in small batches so the progress callback
    ``on_done(games_finished_now)`` is called often while the cost of sending work stays low. Without
    ``keep_actions`` the records lack their ``actions`` list, which keeps memory small for long runs that only
    want statistics.
    """
    opts = tuple(sorted(game.options.items()))
    if jobs <= 1:
        out = []
        for seed in seeds:
            out.append(_compact(play_game(game, seed, bots, setup), keep_actions))
            if on_done:
                on_done(1)
        return out
    size = max(1, min(25, len(seeds) // (jobs * 8)))
    batches = [
        Batch(game.spec.id, opts, game.num_seats, tuple(bots), tuple(seeds[i:i + size]), keep_actions,
              None if setup is None else json.dumps(setup))
        for i in range(0, len(seeds), size)
    ]
    results: list[list[Json] | None] = [None] * len(batches)
    # "spawn" starts clean interpreters: forking a parent that runs a progress-bar thread can deadlock a child
    ctx = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=jobs, mp_context=ctx, initializer=watch_parent,
                             initargs=(os.getpid(),)) as pool:
        pending = {pool.submit(run_batch, b): i for i, b in enumerate(batches)}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for fut in done:
                i = pending.pop(fut)
                results[i] = fut.result()
                if on_done:
                    on_done(len(batches[i].seeds))
    return [r for batch in results if batch is not None for r in batch]


@dataclass
class Summary:
    """Statistics over game records: wins per seat with Wilson intervals, draws, and game lengths."""

    games: int
    wins: list[int]
    draws: int
    mean_decisions: float
    max_decisions: int
    mean_turns: float | None = None
    max_turns: int | None = None
    intervals: list[tuple[float, float]] = field(default_factory=list)
    losses: int = 0
    """Games every seat lost (a co-operative defeat)."""
    by_role: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per role: (seats of that role that won, seats of that role that played)."""
    by_character: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Per character (a hero): (wins, appearances), when the game has characters."""

    def win_rate(self, seat: int) -> float:
        """Share of games that ``seat`` won (a shared win counts for each winner)."""
        return self.wins[seat] / self.games if self.games else 0.0


def summarise(records: Sequence[Json], seats: int) -> Summary:
    """Summarise game records of a ``seats``-seat game."""
    n = len(records)
    wins = [0] * seats
    draws = losses = 0
    for r in records:
        if not r["winners"]:
            # no winner and every seat below 0 is a shared defeat (co-operative games), not a draw
            if r["returns"] and all(x < 0 for x in r["returns"]):
                losses += 1
            else:
                draws += 1
        for w in r["winners"]:
            wins[w] += 1
    lengths = [r["decisions"] for r in records]
    turns = [r["turns"] for r in records if r.get("turns") is not None]
    by_role = _tally(records, "roles")
    by_character = _tally(records, "characters")
    return Summary(
        games=n,
        wins=wins,
        draws=draws,
        losses=losses,
        mean_decisions=sum(lengths) / n if n else 0.0,
        max_decisions=max(lengths, default=0),
        mean_turns=sum(turns) / len(turns) if turns else None,
        max_turns=max(turns) if turns else None,
        intervals=[wilson_interval(k, n) for k in wins],
        by_role=by_role,
        by_character=by_character,
    )


def _tally(records: Sequence[Json], key: str) -> dict[str, tuple[int, int]]:
    """Per label of ``record[key]`` (one per seat): how many of those seats won, and how many there were."""
    out: dict[str, list[int]] = {}
    for r in records:
        labels = r.get(key)
        if not labels:
            continue
        winners = set(r["winners"])
        for seat, label in enumerate(labels):
            won_played = out.setdefault(label, [0, 0])
            won_played[0] += seat in winners
            won_played[1] += 1
    return {label: (w, g) for label, (w, g) in sorted(out.items())}
