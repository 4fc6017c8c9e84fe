"""Invariants over random games and maps (Hypothesis): random seeds, seat counts, option sets and legal-action
sequences.

- Conservation: after every action each of the 110 game cards is in exactly one place (a hand, a deck, a discard
  pile, sword energy, the supply deck or row, burnt, the box); each of the 20 destiny cards is in the destiny
  deck, its discards, the exile area, face up, on its hero's board or boxed with an absent hero; each of the 45
  tiles is on the map, set aside or boxed; each profession's six cards are held or in the box.
- Standing: nobody shares the demon king's tile; he never stands on a camp; heroes stand on face-up tiles.
- The map generators always give a connected map with every camp on its edge, for every size and seat count.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wh_support import card_places, destiny_places, profession_places, start, tile_places

from tablecraft.agents import observe
from tablecraft.core.rng import Rng
from tablecraft.games.wild_hunters.hexmap import (
    Geometry,
    is_connected,
    king_start,
    on_outer_edge,
    random_layout,
    reference_layout,
)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"map": "random", "unused_camps": "box"},
    {"demon_king": "blaze", "acquire_limit": 2},
    {"demon_king": "stone", "perks": False, "sword_release": False, "demon_face": False},
    {"demon_king": "storm", "hero_hp": 1},
    {"demon_king": "gale", "map": "random"},
]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = {
    "seed": st.integers(min_value=0, max_value=2**32 - 1),
    "seats": st.integers(min_value=1, max_value=5),
    "options": st.sampled_from(OPTION_SETS),
    "choices": st.integers(min_value=0, max_value=2**32 - 1),
}


def _random_game(seed: int, seats: int, options: dict[str, Any], choices: int) -> Any:
    """Yield the state after the deal and after every action, to the end. Actions are the heuristic team's four
    times in five and uniformly random otherwise, so games run long enough to reach milestones, exiles, devoured
    heroes and every way of ending."""
    s = start(None, seed=seed, seats=seats, **options)
    pick = random.Random(choices)
    team = s.game.make_heuristic()
    yield s
    while not s.is_terminal():
        actions = s.legal_actions()
        assert actions, "no legal action before the end"
        s.apply(team.act(observe(s), pick) if pick.random() < 0.8 else pick.choice(actions))
        yield s


@SETTINGS
@given(**GAMES)
def test_every_card_tile_and_profession_is_in_exactly_one_place_after_every_action(
    seed: int, seats: int, options: dict[str, Any], choices: int
) -> None:
    for s in _random_game(seed, seats, options, choices):
        wrong = {i: n for i, n in enumerate(card_places(s)) if n != 1}
        assert not wrong, f"game cards not in exactly one place (card id: count): {wrong}"
        wrong = {i: n for i, n in enumerate(destiny_places(s)) if n != 1}
        assert not wrong, f"destiny cards not in exactly one place: {wrong}"
        assert set(tile_places(s)) == {1}
        assert profession_places(s) == [6] * 5


@SETTINGS
@given(**GAMES)
def test_nobody_shares_the_demon_kings_tile_he_avoids_camps_and_heroes_stand_face_up(
    seed: int, seats: int, options: dict[str, Any], choices: int
) -> None:
    for s in _random_game(seed, seats, options, choices):
        geo = s.fx.geo
        assert s.king_cell not in s.hero_cell and not geo.is_camp[s.king_cell]
        assert all(s.cell_up(c) for c in s.hero_cell)
        # a game may end between a strike and the devouring (Rockfall's discard exhausts the hero): 0 life then
        lowest = 0 if s.is_terminal() else 1
        assert 0 <= s.curses <= (5 if s.is_terminal() else 2) and all(lowest <= hp <= s.opt["hero_hp"] for hp in s.hp)
        assert all(len(e) <= 3 for e in s.energy)


@SETTINGS
@given(**GAMES)
def test_a_finished_game_is_won_by_all_or_lost_by_all(
    seed: int, seats: int, options: dict[str, Any], choices: int
) -> None:
    *_, s = _random_game(seed, seats, options, choices)  # the last state
    assert s.is_terminal()
    assert s.returns() in ([1.0] * seats, [-1.0] * seats)
    assert s.winners() == (list(range(seats)) if s.end_reason == "sealed" else [])


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), size=st.integers(min_value=7, max_value=60),
       camps=st.integers(min_value=1, max_value=5))
def test_the_random_generator_always_gives_a_connected_map_with_every_camp_on_its_edge(
    seed: int, size: int, camps: int
) -> None:
    cells, camp_cells = random_layout(size, camps, Rng(seed))
    assert len(cells) == size == len(set(cells)) and len(camp_cells) == camps == len(set(camp_cells))
    assert not set(cells) & set(camp_cells)
    assert is_connected(cells + camp_cells)
    assert all(on_outer_edge(c, cells, camp_cells) for c in camp_cells)
    geo = Geometry(cells, camp_cells)
    assert not geo.is_camp[king_start(geo, geo.camp_of)]


@pytest.mark.parametrize("camps", [1, 2, 3, 4, 5])
def test_the_reference_generator_always_gives_a_connected_map_with_every_camp_on_its_edge(camps: int) -> None:
    for size in range(1, 61):  # deterministic, so every size is checked, the standard 40–44 among them
        cells, camp_cells = reference_layout(size, camps)
        assert len(cells) == size == len(set(cells)) and len(set(camp_cells)) == camps
        assert not set(cells) & set(camp_cells)
        assert is_connected(cells + camp_cells), size
        assert all(on_outer_edge(c, cells, camp_cells) for c in camp_cells), size
        geo = Geometry(cells, camp_cells)
        assert not geo.is_camp[king_start(geo, geo.camp_of)]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), seats=st.integers(min_value=1, max_value=5),
       unused=st.sampled_from(["map", "box"]))
def test_every_dealt_random_map_is_connected_with_every_camp_on_its_edge_and_its_neighbours_face_up(
    seed: int, seats: int, unused: str
) -> None:
    s = start(None, seed=seed, seats=seats, map="random", unused_camps=unused)
    geo = s.fx.geo
    cells, camps = list(geo.coords[:geo.num_map]), list(geo.coords[geo.num_map:])
    assert len(cells) == (45 - seats if unused == "map" else 40) and len(camps) == seats
    assert is_connected(cells + camps)
    assert all(on_outer_edge(c, cells, camps) for c in camps)
    assert all(s.cell_up(m) for camp in geo.camp_of for m in geo.nb[camp] if m >= 0)
