"""The games' own observation encoders: the fast path that reads the state gives exactly the vector of the path
that reads the seat's view, for every seat on random positions of every variant, so the two cannot drift apart
(and the fast path can show a seat nothing its view does not); the environments use the fast path."""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np
import pytest

import tablecraft
from tablecraft.core.rng import Rng
from tablecraft.core.testing.conformance import random_playout
from tablecraft.envs import TablecraftAECEnv, TablecraftGymEnv, encoder_for
from tablecraft.envs.layout import GameEncoder

OWN = [g.id for g in tablecraft.games() if isinstance(encoder_for(tablecraft.load(g.id)), GameEncoder)]


def _variants() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game with its own encoder at each seat count, plus each boolean/choice option flipped alone."""
    out = []
    for spec in tablecraft.games():
        if spec.id not in OWN:
            continue
        out += [(spec.id, n, {}) for n in range(spec.min_seats, spec.max_seats + 1)]
        for o in spec.options:
            if isinstance(o.default, bool):
                out.append((spec.id, spec.max_seats, {o.name: not o.default}))
            elif o.choices:
                out += [(spec.id, spec.max_seats, {o.name: c}) for c in o.choices if c != o.default][:2]
    if "wild-hunters" in OWN:  # fewer cells: the camps of heroes nobody plays are set aside, on a random map
        out.append(("wild-hunters", 2, {"unused_camps": "box", "map": "random"}))
    return out


VARIANTS = _variants()
IDS = [f"{g}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default") for g, n, opts in VARIANTS]


def test_the_four_games_have_their_own_encoders() -> None:
    assert {"wizard-towers", "xeno-faction", "wild-hunters", "fate"} <= set(OWN)


@pytest.mark.parametrize(("game_id", "seats", "options"), VARIANTS, ids=IDS)
def test_encoding_the_state_equals_encoding_the_view_for_every_seat(
    game_id: str, seats: int, options: dict[str, Any]
) -> None:
    game = tablecraft.load(game_id, num_seats=seats, **options)
    enc = encoder_for(game)
    assert isinstance(enc, GameEncoder)
    assert enc.size == len(enc.labels) == enc.low.shape[0] == enc.high.shape[0]
    phases: Counter[str] = Counter()

    def visit(state: Any) -> None:
        for seat in range(game.num_seats):
            view = state.view(seat)
            fast, slow = enc.encode_state(state, seat), enc.encode(view)
            if not np.array_equal(fast, slow):
                diff = [(enc.labels[i], float(fast[i]), float(slow[i])) for i in np.flatnonzero(fast != slow)]
                pytest.fail(f"seat {seat}, phase {view.get('phase')}: state and view paths differ at {diff[:8]}")
            assert fast.dtype == np.float32 and (fast >= enc.low).all() and (fast <= enc.high).all()
        view0 = state.view(0)
        phases["over" if state.is_terminal() else str(view0.get("phase", view0.get("decision")))] += 1

    for seed in range(12 if not options else 4):
        random_playout(game, seed, visit)
    assert "over" in phases, "the playouts reached the end"


@pytest.mark.parametrize("game_id", OWN)
def test_the_fast_path_sees_nothing_a_redeal_of_the_hidden_cards_would_change(game_id: str) -> None:
    """``encode_state`` of a resampled world equals that of the true one (and its cached table is rebuilt when
    a redeal lays the face-down tiles differently)."""
    game = tablecraft.load(game_id)
    enc = encoder_for(game)
    assert isinstance(enc, GameEncoder)
    rng = Rng(3)
    states: list[Any] = []
    random_playout(game, 4, lambda s: states.append(s.clone()))
    for state in states[:: max(1, len(states) // 30)]:
        if state.is_terminal():
            continue
        for seat in range(game.num_seats):
            world = state.resample(seat, rng)
            assert np.array_equal(enc.encode_state(world, seat), enc.encode_state(state, seat))
            assert np.array_equal(enc.encode_state(world, seat), enc.encode(world.view(seat)))


@pytest.mark.parametrize("game_id", OWN)
def test_the_environments_observe_through_the_fast_path_with_the_same_vector(game_id: str) -> None:
    env = TablecraftAECEnv(game_id)
    env.reset(seed=2)
    calls = 0
    enc = env.encoder
    assert isinstance(enc, GameEncoder)
    original = enc.write_state

    def counting(state: Any, seat: int, out: np.ndarray) -> None:
        nonlocal calls
        calls += 1
        original(state, seat, out)

    enc.write_state = counting  # type: ignore[method-assign]
    for agent in env.possible_agents:
        obs = env.observe(agent)
        assert env.state is not None
        assert np.array_equal(obs["observation"], enc.encode(env.state.view(env.possible_agents.index(agent))))
    assert calls == len(env.possible_agents)
    gym = TablecraftGymEnv(game_id, seat=0, opponents="random", encoder=enc)
    obs, _ = gym.reset(seed=2)
    assert gym.state is not None and np.array_equal(obs["observation"], enc.encode(gym.state.view(0)))


def test_a_layout_describes_every_feature_of_a_game_encoder() -> None:
    enc = encoder_for(tablecraft.load("wizard-towers"))
    assert isinstance(enc, GameEncoder)
    text = enc.describe()
    assert text.startswith(f"wizard-towers: {enc.size} features (float32)")
    pos = 0
    for s in enc.slices:
        assert s.start == pos and s.width == len(s.labels)
        pos = s.stop
    assert pos == enc.size
    hand = enc.slice("players[0].hand")
    assert hand.width == 54 and enc.feature("players[0].hand=AS") == hand.start
    with pytest.raises(KeyError, match="no observation slice"):
        enc.slice("players[0].nothing")
