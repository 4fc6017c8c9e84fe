"""Checks every game's agents must pass, over positions of every registered game (``tests/agents``).

- ``check_observation_is_blind``: an observation keeps nothing of the true state, yet shows the seat exactly its
  view and log, and samples the very worlds resampling the truth would give.
- ``check_no_self_destruction``: at positions met in random and heuristic play, no agent picks an action that
  destroys its own seat (``Game.is_self_destroying``) while a forward action exists that does not (agents never
  take a build back with ``cancel``: a bot that has begun a losing play was already warned where it began it).

>>> import tablecraft
>>> check_observation_is_blind(tablecraft.load("xeno-faction"), seeds=range(1))
>>> check_no_self_destruction(tablecraft.load("xeno-faction"), ["normal"], seeds=range(1))["positions"] > 0
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from tablecraft.core.api import Game, State
from tablecraft.core.rng import Rng
from tablecraft.core.testing.conformance import sample_states

from . import Agent, make_agent, observe


def check_observation_is_blind(game: Game[Any], seeds: Iterable[int]) -> None:
    """For sampled states and every seat: the observation holds no reference to the state, its view and log
    equal the state's for that seat, and ``sample_world(rng)`` equals ``state.resample(seat, rng)``."""
    for s in sample_states(game, seeds, every=6):
        if s.is_terminal():
            continue
        for p in range(game.num_seats):
            obs = observe(s, p)
            held = [getattr(obs, slot, None) for slot in type(obs).__slots__]
            assert all(x is not s for x in held), "the observation keeps the true state"
            assert obs.view == s.view(p), f"seat {p}: the observation's view differs from the state's"
            assert obs.log == s.log(p), f"seat {p}: the observation's log differs from the state's"
            assert obs.recent(5) == s.log(p)[-5:], f"seat {p}: recent() is not the end of the log"
            a = obs.sample_world(Rng(99)).to_json()["state"]
            b = s.resample(p, Rng(99)).to_json()["state"]
            assert a == b, f"seat {p}: the observation samples other worlds than the state would"


def _positions(game: Game[Any], seeds: Iterable[int], every: int) -> Iterator[State[Any]]:
    """States met in random playouts and in heuristic self-play (where sensible positions arise)."""
    yield from sample_states(game, seeds, every=every)
    heuristic = game.make_heuristic()
    if heuristic is None:
        return
    for seed in seeds:
        s = game.new_initial_state(seed)
        rng = random.Random(seed)
        step = 0
        while not s.is_terminal() and step < 3000:
            if step % every == 0:
                yield s.clone()
            s.apply_unchecked(heuristic.act(observe(s), rng))
            step += 1


def check_no_self_destruction(
    game: Game[Any], specs: Sequence[str], seeds: Iterable[int], every: int = 3, raw_heuristic: bool = True
) -> dict[str, int]:
    """No agent of ``specs`` (and, with ``raw_heuristic``, the game's unguarded heuristic itself) picks a
    self-destroying action where a safe one exists. Returns how many positions were tried and at how many a
    self-destroying action was on offer (``traps``), so a caller can insist the check met some."""
    agents: list[tuple[str, Agent]] = [(spec, make_agent(spec, game)) for spec in specs]
    if raw_heuristic and game.make_heuristic() is not None:
        agents.append(("heuristic (unguarded)", game.make_heuristic()))
    positions = traps = 0
    for s in _positions(game, list(seeds), every):
        if s.is_terminal():
            continue
        legal = s.forward_actions()  # what agents choose among: never ``cancel``
        if len(legal) < 2:
            continue
        positions += 1
        unsafe = {a.id for a in legal if game.is_self_destroying(s, a)}
        if not unsafe or len(unsafe) == len(legal):
            continue
        traps += 1
        for k, (spec, agent) in enumerate(agents):
            choice = agent.act(observe(s), random.Random(positions * 31 + k))
            assert choice.id not in unsafe, (
                f"{spec} chose {choice}, which destroys seat {s.current_player()}, while "
                f"{[str(a) for a in legal if a.id not in unsafe]} were safe"
            )
    return {"positions": positions, "traps": traps}
