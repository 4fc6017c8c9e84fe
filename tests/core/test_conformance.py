"""Every registered game, at every seat count and with each non-default variant, passes the conformance suite."""

from __future__ import annotations

from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.testing import conformance


def _variants() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at each seat count with default options, plus each boolean/choice option flipped alone."""
    out = []
    for spec in tablecraft.games():
        for n in range(spec.min_seats, spec.max_seats + 1):
            out.append((spec.id, n, {}))
        for o in spec.options:
            if isinstance(o.default, bool):
                out.append((spec.id, spec.max_seats, {o.name: not o.default}))
            elif o.choices:
                out += [(spec.id, spec.max_seats, {o.name: c}) for c in o.choices if c != o.default]
    return out


VARIANTS = _variants()
IDS = [f"{g}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default") for g, n, opts in VARIANTS]


@pytest.mark.parametrize(("game_id", "seats", "options"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("check", sorted(conformance.ALL_CHECKS))
def test_conformance(game_id: str, seats: int, options: dict[str, Any], check: str) -> None:
    game = tablecraft.load(game_id, num_seats=seats, **options)
    seeds = range(6) if not options else range(2)
    if check in SEARCHING_CHECKS:  # each state tries every action in two worlds per seat: fewer games
        seeds = range(2) if not options else range(1)
    conformance.ALL_CHECKS[check](game, seeds)


SEARCHING_CHECKS = {"decision_shape", "resample_keeps_sightings"}


def _heuristic_policy(game: Any) -> conformance.Policy:
    bot = make_agent("heuristic", game)
    return lambda state, rng: bot.act(observe(state), rng)


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_decision_shape_along_heuristic_games(game_id: str) -> None:
    # Bots reach positions random play rarely does (a two-card attack with a Joker in it, a long payment).
    game = tablecraft.load(game_id)
    conformance.check_decision_shape(game, range(1), policy=_heuristic_policy(game))


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_action_notation_round_trips(game_id: str) -> None:
    conformance.check_action_notation(tablecraft.load(game_id))


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_resample_keeps_sightings_along_heuristic_games(game_id: str) -> None:
    game = tablecraft.load(game_id)
    conformance.check_resample_keeps_sightings(game, range(1), policy=_heuristic_policy(game))
