"""The setup format (any position from JSON, validated with clear errors) and players' own maps."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from wh_support import CAMPS, RADIUS2, card_places, destiny_places, hex_map, setup, start, tile_places, where

import tablecraft


def _bad(spec: Any, match: str, seats: int = 1, **options: Any) -> None:
    with pytest.raises(tablecraft.SetupError, match=match):
        start(spec, seats=seats, **options) if isinstance(spec, dict) else \
            tablecraft.load("wild-hunters", num_seats=seats).new_initial_state(1, spec)


def test_a_full_position_loads_as_written() -> None:
    spec = setup(hand=["W", "WF"], deck=["R", "T", "G", "WRT"], at=(0, -2), hp=2, energy=["W"],
                 discard=["F"], destiny=["water-2", "water-stun", "water-1"])
    spec["king"].update({"hp": 5, "rage": 3})
    spec["curses"] = 2
    s = start(spec)
    v = s.view(0)
    me = v["heroes"][0]
    assert me["at"] == [0, -2] and me["hp"] == 2 and me["energy"] == ["W"] and me["discard"] == ["F"]
    assert sorted(me["hand"]) == sorted(["W", "WF", "R", "T", "G"])  # drew up to five, from the top
    assert v["king"]["hp"] == 5 and v["king"]["rage"] == 3 and v["curses"] == 2
    assert v["destiny"]["revealed"] == "water-2"
    assert set(card_places(s)) == {1} and set(destiny_places(s)) == {1} and set(tile_places(s)) == {1}


def test_a_designed_map_may_leave_tiles_to_be_dealt_and_sets_the_rest_aside() -> None:
    m = hex_map()
    for c in m["cells"][5:]:
        del c["tile"]
    s = start({"map": m})
    assert s.fx.geo.num_map == 19 and len(s.fx.spare) == 40 + 4 - 19
    assert set(tile_places(s)) == {1}


def test_the_generator_names_are_accepted_as_a_map() -> None:
    s = start({"map": "random"}, seed=4, seats=3)
    assert s.fx.geo.num_map == 42


def test_the_setup_can_name_the_demon_king_and_where_he_stands() -> None:
    s = start({"map": hex_map(), "king": {"id": "storm", "at": [1, 1], "rotation": 3}})
    assert s.view(0)["king"]["id"] == "storm" and s.rotation == 3


def test_the_demon_king_is_placed_by_the_rule_when_the_setup_does_not_place_him() -> None:
    spec = {"map": hex_map(), "destiny": {"deck": ["water-1", "water-2", "water-stun"]}}
    s = start(spec)
    assert tuple(s.fx.geo.coords[s.king_cell]) == (0, 0)


def test_a_setup_round_trips_through_json_text() -> None:
    spec = setup()
    s1 = start(json.loads(json.dumps(spec)))
    s2 = start(spec)
    assert s1.to_json() == s2.to_json()


@pytest.mark.parametrize(("change", "match"), [
    (lambda s: s.update(colour="red"), "colour"),
    (lambda s: s["heroes"].update(ogre={}), "ogre is not in play"),
    (lambda s: s["heroes"]["water"].update(hand=["WX"]), "'X' is not an element"),
    (lambda s: s["heroes"]["water"].update(hand=["WFRT"]), "cards have 1 to 3"),
    (lambda s: s["heroes"]["water"].update(hand=["WFR", "WFR"]), "too many WFR cards; the game has 1"),
    (lambda s: s["heroes"]["water"].update(energy=["F"]), "main profession's element"),
    (lambda s: s["heroes"]["water"].update(energy=["W", "W", "W", "W"]), "at most 3"),
    (lambda s: s["heroes"]["water"].update(hp=7), "hp must be 1..3"),
    (lambda s: s["heroes"]["water"].update(main="bard"), "unknown profession 'bard'"),
    (lambda s: s["heroes"]["water"].update(at=[9, 9]), r"\[9, 9\] is not a cell"),
    (lambda s: s["heroes"]["water"].update(at=[0, 0]), "demon king's tile"),
    (lambda s: s["king"].update(id="dragon"), "not a demon king"),
    (lambda s: s["king"].update(hp=99), "king.hp must be 1.."),
    (lambda s: s["king"].update(rage=50), "king.rage must be"),
    (lambda s: s["king"].update(at=[0, -3]), "never stands on a camp"),
    (lambda s: s.update(curses=3), "curses must be 0..2"),
    (lambda s: s["supply"].update(row=["WF", "WF", "WR"]), "shows X = 2"),
    (lambda s: s["destiny"].update(deck=["water-1", "water-2"]), "missing .*water-stun"),
    (lambda s: s["destiny"].update(deck=["water-1", "water-2", "water-stun", "water-1"]), "also in"),
    (lambda s: s["destiny"].update(deck=["water-1", "water-2", "water-stun", "fire-1"]), "fire is not in play"),
    (lambda s: s["destiny"].update(deck=["water-1", "water-2", "water-stun", "water-3"]), "still on the board"),
    (lambda s: s["destiny"].update(deck=["water-1", "water-2", "water-stun", "ogre-1"]), "not a destiny card"),
    (lambda s: s["map"]["cells"].append({"at": [0, 0]}), r"lists \[0, 0\] twice"),
    (lambda s: s["map"]["cells"][0].update(tile="lava"), "unknown tile 'lava'"),
    (lambda s: s["map"]["cells"][0].update(tile="camp:water"), "water is in play"),
    (lambda s: s["map"].update(camps={}), "no camp for water"),
    (lambda s: s["map"].update(camps={"water": [0, 0]}), "already a map cell"),
    (lambda s: s["map"].update(camps={"water": [0, -5]}), "not on the map's edge"),
    (lambda s: s["heroes"]["water"].update(energy=["W", "W", "WF"]), "3 sword energy with board_card true"),
    (lambda s: s["heroes"]["water"].update(second="knight"), "comes only with the first third sword energy"),
    (lambda s: s["heroes"]["water"].update(board_card=False), "board_card false means .* name it"),
    (lambda s: s.update(curses=True), "curses: Input should be a valid integer"),
    (lambda s: s["king"].update(at=[0.5, 0]), "king.at.0: Input should be a valid integer"),
    (lambda s: s["heroes"]["water"].update(hand="WFRTG"), "heroes.water.hand: Input should be a valid list"),
    (lambda s: s["map"].update(cells="hexagon"), "map.*cells: Input should be a valid list"),
])
def test_a_bad_setup_is_refused_saying_what_is_wrong(change: Any, match: str) -> None:
    spec = copy.deepcopy(setup())
    change(spec)
    _bad(spec, match)


def test_a_bad_setup_changes_nothing_a_good_one_builds_on() -> None:
    g = tablecraft.load("wild-hunters", num_seats=1)
    good = setup()
    bad = copy.deepcopy(good)
    bad["heroes"]["water"]["hand"] = ["WFR", "WFR"]
    before = g.new_initial_state(seed=1, setup=copy.deepcopy(good)).to_json()
    with pytest.raises(tablecraft.SetupError):
        g.new_initial_state(seed=1, setup=bad)
    assert g.new_initial_state(seed=1, setup=copy.deepcopy(good)).to_json() == before


def test_a_hero_on_the_centre_moves_the_demon_king_to_the_next_most_central_free_tile() -> None:
    s = start(setup(at=(0, 0), elements={(0, 0): "W"}, up=[(0, 0)]) | {"king": {"id": "tide", "rotation": 0}})
    assert tuple(s.fx.geo.coords[s.king_cell]) in {(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)}
    assert s.king_cell not in s.hero_cell


def test_a_map_whose_every_cell_holds_a_hero_leaves_the_demon_king_nowhere_and_is_refused() -> None:
    spec = {"map": {"cells": [{"at": [0, 0], "tile": "beach"}], "camps": {"water": [0, -1]}},
            "heroes": {"water": {"at": [0, 0]}}}
    _bad(spec, "no tile left")


def test_a_map_in_two_pieces_is_refused() -> None:
    m = hex_map()
    m["cells"].append({"at": [6, 6], "tile": "beach"})
    _bad({"map": m}, "not connected")


def test_a_camp_walled_in_by_the_map_is_not_on_its_edge() -> None:
    m = hex_map()
    m["cells"] = [c for c in m["cells"] if c["at"] != [0, 0]]
    m["camps"] = {"water": [0, 0]}
    _bad({"map": m}, "not on the map's edge")


def test_more_cells_than_tiles_are_refused() -> None:
    cells = [{"at": [q, r]} for q in range(-4, 5) for r in range(-4, 5) if abs(q + r) <= 4]
    _bad({"map": {"cells": cells, "camps": {"water": [5, 0]}}}, "only 44 tiles exist")


def test_too_many_tiles_of_one_terrain_are_refused() -> None:
    m = hex_map()
    for c in m["cells"][:9]:
        c["tile"] = "forest"
    _bad({"map": m}, "no forest tile is left")


def test_an_absent_heros_camp_may_be_laid_as_a_map_tile() -> None:
    m = hex_map()
    m["cells"][0]["tile"] = "camp:fire"
    s = start({"map": m})
    assert s.fx.tiles[0] == 41 and s.fx.elem[0] == 1
    _bad({"map": m}, "unused_camps=box", unused_camps="box")


def test_a_setup_that_is_not_an_object_is_refused() -> None:
    _bad([1, 2], "must be a JSON object")


def test_every_hero_in_play_starts_at_its_camp_unless_placed() -> None:
    m = hex_map(heroes=("water", "fire"))
    s = start({"map": m}, seats=2)
    assert where(s, 0) == CAMPS["water"] and where(s, 1) == CAMPS["fire"]
    assert len(RADIUS2) == 19


def test_a_map_file_holding_only_a_map_starts_a_game_dealt_as_usual(tmp_path: Any) -> None:
    path = tmp_path / "my-map.json"  # the example of docs/rules/wild-hunters.md §4.3
    path.write_text(json.dumps({"map": {"cells": [{"at": [0, 0], "tile": "forest"}, {"at": [1, 0]},
                                                  {"at": [0, 1], "face_up": True}],
                                        "camps": {"water": [-1, 0]}}}), encoding="utf-8")
    s = start(json.loads(path.read_text(encoding="utf-8")))
    assert s.fx.geo.num_map == 3 and len(s.fx.spare) == 44 - 3 and where(s) == (-1, 0)
    assert s.view(0)["map"]["cells"][0]["tile"] == "forest"  # next to the camp: face up
    wakes = [e.data["from"] for e in s.events() if e.kind == "king_wakes"]
    placed = tuple(wakes[0]) if wakes else tuple(s.fx.geo.coords[s.king_cell])  # before any waking
    assert placed == (1, 0)  # central (every cell is), and farthest from the hero
    assert set(card_places(s)) == {1} and set(tile_places(s)) == {1}
