"""The conformance suite every registered game must pass (in the spirit of OpenSpiel's ``random_sim_test``).

Each check takes a ``Game`` and seeds, plays seeded random games through the public contract only, and raises
``AssertionError`` with a precise message on the first violation. ``tests/core/test_conformance.py`` runs them
over every registered game; a new game gets them for free by registering.

>>> import tablecraft
>>> check_random_playouts(tablecraft.load("wizard-towers"), seeds=range(2))
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Iterable, Iterator
from typing import Any

from tablecraft.core.api import TERMINAL, Game, State
from tablecraft.core.errors import GameOverError, IllegalActionError, InvalidActionError
from tablecraft.core.rng import Rng

MAX_DECISIONS = 100_000
"""A playout longer than this means the game cannot end: a failure in itself."""


def random_playout(
    game: Game[Any], seed: int, visit: Callable[[State[Any]], None] | None = None
) -> tuple[State[Any], list[Any]]:
    """Play one game with uniformly random legal actions (choices seeded by ``seed``); ``visit`` sees every state
    before each decision and the final state. Returns the final state and the actions played."""
    state = game.new_initial_state(seed)
    rng = random.Random(seed)
    actions: list[Any] = []
    for _ in range(MAX_DECISIONS):
        if visit is not None:
            visit(state)
        if state.is_terminal():
            return state, actions
        legal = state.legal_actions()
        assert legal, f"seed {seed}: no legal action in a non-terminal state"
        action = rng.choice(legal)
        actions.append(action)
        state.apply(action)
    raise AssertionError(f"seed {seed}: the game did not end within {MAX_DECISIONS} decisions")


def sample_states(game: Game[Any], seeds: Iterable[int], every: int = 7) -> Iterator[State[Any]]:
    """Clones of states met along random playouts (every ``every``-th decision, and the last)."""
    for seed in seeds:
        found: list[State[Any]] = []
        counter = [0]

        def keep(s: State[Any], counter: list[int] = counter, found: list[State[Any]] = found) -> None:
            counter[0] += 1
            if counter[0] % every == 0 or s.is_terminal():
                found.append(s.clone())

        random_playout(game, seed, keep)
        yield from found


def check_random_playouts(game: Game[Any], seeds: Iterable[int]) -> None:
    """Games end; legal actions are sorted, unique, non-empty until the end and agree with the mask; the
    terminal state has no legal action, refuses moves and has bounded returns."""
    size = game.codec.size
    for seed in seeds:
        def visit(s: State[Any], seed: int = seed) -> None:
            if s.is_terminal():
                assert s.current_player() == TERMINAL
                assert s.legal_actions() == [], "a terminal state offers actions"
                return
            legal = s.legal_actions()
            ids = [a.id for a in legal]
            assert ids == sorted(ids), f"seed {seed}: legal actions not sorted: {legal}"
            assert len(set(ids)) == len(ids), f"seed {seed}: duplicate legal actions: {legal}"
            assert 0 <= s.current_player() < game.num_seats
            mask = s.legal_action_mask()
            assert len(mask) == size and [i for i, m in enumerate(mask) if m] == ids

        final, _ = random_playout(game, seed, visit)
        if game.event_kinds is not None:
            undeclared = {e.kind for e in final.events()} - set(game.event_kinds)
            assert not undeclared, f"seed {seed}: events of undeclared kinds {sorted(undeclared)}"
        returns = final.returns()
        assert len(returns) == game.num_seats
        assert all(-1.0 <= r <= 1.0 for r in returns), f"returns out of bounds: {returns}"
        assert set(final.winners()) <= set(range(game.num_seats))
        try:
            final.apply(game.codec.decode(0))
        except GameOverError:
            pass
        else:
            raise AssertionError("applying an action after the end did not raise GameOverError")


def check_action_notation(game: Game[Any]) -> None:
    """``parse_action(str(a)) == a`` for every action of the codec; garbage text raises InvalidActionError."""
    for a in game.codec.actions:
        assert game.parse_action(str(a)) == a, f"{a!s} does not parse back"
        assert game.codec.decode(game.codec.encode(a)) == a
    for bad in ("", "no such action 42", "\x00"):
        try:
            game.parse_action(bad)
        except InvalidActionError:
            continue
        raise AssertionError(f"{bad!r} parsed as an action")


def check_clone_and_json(game: Game[Any], seeds: Iterable[int]) -> None:
    """Clones equal the original and are independent; ``to_json`` is JSON-safe and round-trips exactly, and a
    round-tripped state plays on identically."""
    for s in sample_states(game, seeds):
        data = s.to_json()
        json.dumps(data)
        c = s.clone()
        assert c.to_json() == data, "clone differs from its original"
        back = game.state_from_json(json.loads(json.dumps(data)))
        assert back.to_json() == data, "JSON round-trip changed the state"
        if not s.is_terminal():
            a = s.legal_actions()[-1]
            c.apply(a)
            assert s.to_json() == data, "applying to a clone changed the original"
            back.apply(a)
            assert back.to_json() == c.to_json(), "a state rebuilt from JSON played on differently"


def check_illegal_actions(game: Game[Any], seeds: Iterable[int], per_state: int = 5) -> None:
    """Every action outside ``legal_actions()`` raises ``IllegalActionError`` naming it and leaves the state as
    it was; so does acting for the wrong seat."""
    rng = random.Random(0)
    for s in sample_states(game, seeds, every=11):
        if s.is_terminal():
            continue
        legal = set(s.legal_actions())
        illegal = [a for a in game.codec.actions if a not in legal]
        before = s.to_json()
        for a in rng.sample(illegal, min(per_state, len(illegal))):
            try:
                s.apply(a)
            except IllegalActionError as e:
                assert str(a) in str(e), f"the error does not name the action: {e}"
            else:
                raise AssertionError(f"illegal action {a} was accepted")
            assert s.to_json() == before, f"a rejected action {a} changed the state"
        wrong = (s.current_player() + 1) % game.num_seats
        if game.num_seats > 1:
            try:
                s.apply(s.legal_actions()[0], seat=wrong)
            except IllegalActionError:
                pass
            else:
                raise AssertionError("an action for the wrong seat was accepted")
            assert s.to_json() == before


def check_replay(game: Game[Any], seeds: Iterable[int]) -> None:
    """Options + seed + action list reproduce the game exactly, event for event."""
    for seed in seeds:
        final, actions = random_playout(game, seed)
        again = game.replay(seed, [str(a) for a in actions])
        assert again.to_json() == final.to_json(), f"seed {seed}: replay differs"
        assert [e.to_json() for e in again.events()] == [e.to_json() for e in final.events()]


def check_resample(game: Game[Any], seeds: Iterable[int]) -> None:
    """``view(resample(s, p), p) == view(s, p)`` and the same for ``log`` for every seat; the seat to move keeps
    its legal actions; the resampled state is a playable full state."""
    rng = Rng(12345)
    for s in sample_states(game, seeds, every=5):
        for p in range(game.num_seats):
            r = s.resample(p, rng)
            assert r.view(p) == s.view(p), f"resample for seat {p} changed what it sees"
            assert r.log(p) == s.log(p), f"resample for seat {p} changed the event stream it saw"
            if not s.is_terminal() and s.current_player() == p:
                assert r.legal_actions() == s.legal_actions(), "resample changed the mover's legal actions"
            if not r.is_terminal():
                r.apply(r.legal_actions()[0])


def check_resample_is_blind(game: Game[Any], seeds: Iterable[int]) -> None:
    """``resample`` depends only on what the seat knows (and the rng): a state and a resample of it — which the
    seat cannot tell apart — resample to the same world for the same rng. Otherwise a search agent's choices
    could depend on the true hidden cards. (Sort the pool of hidden cards before shuffling it.)"""
    for s in sample_states(game, seeds, every=9):
        for p in range(game.num_seats):
            twin = s.resample(p, Rng(4242))
            a = s.resample(p, Rng(7)).to_json()
            b = twin.resample(p, Rng(7)).to_json()
            assert a == b, f"seat {p}: resampling two states it cannot tell apart gave different worlds"


def strings_in(obj: Any) -> Iterator[str]:
    """Every string in a JSON-like value (dict keys included): what a leak scanner compares with secrets."""
    if isinstance(obj, str):
        yield obj
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield str(k)
            yield from strings_in(v)
    elif isinstance(obj, list | tuple):
        for v in obj:
            yield from strings_in(v)


def check_no_leaks(game: Game[Any], seeds: Iterable[int]) -> None:
    """No card a seat has never been shown appears in its view or its event stream (seats and spectators);
    views are JSON-safe."""
    for s in sample_states(game, seeds, every=3):
        for seat in [*range(game.num_seats), None]:
            secret = s.never_shown(seat)
            view = s.view(seat)
            json.dumps(view)
            leaked = secret.intersection(strings_in(view))
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in its view"
            leaked = secret.intersection(strings_in(s.log(seat)))
            assert not leaked, f"seat {seat} sees {sorted(leaked)} in its event log"


def check_determinism(game: Game[Any], seeds: Iterable[int]) -> None:
    """The same seed and choices give the same game; different seeds give different deals."""
    finals = []
    for seed in seeds:
        a, _ = random_playout(game, seed)
        b, _ = random_playout(game, seed)
        assert a.to_json() == b.to_json(), f"seed {seed}: two identical runs differ"
        finals.append(json.dumps(a.view(None), sort_keys=True))
    if len(finals) > 2:
        assert len(set(finals)) > 1, "every seed produced the same game"


ALL_CHECKS: dict[str, Callable[..., None]] = {
    "random_playouts": check_random_playouts,
    "clone_and_json": check_clone_and_json,
    "illegal_actions": check_illegal_actions,
    "replay": check_replay,
    "resample": check_resample,
    "resample_is_blind": check_resample_is_blind,
    "no_leaks": check_no_leaks,
    "determinism": check_determinism,
}
"""Checks that take ``(game, seeds)``; ``check_action_notation`` takes the game alone."""
