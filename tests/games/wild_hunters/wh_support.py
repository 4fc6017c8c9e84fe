"""Helpers for the wild-hunters rule tests: build positions from the documented setup format and drive them.

Imported by the test modules as ``wh_support`` (``conftest.py`` puts this directory on ``sys.path``). Everything
goes through the public API: ``tablecraft.load``, ``new_initial_state(seed, setup)``, ``apply(text)``.

The scenario map is a hexagon of radius 2 (19 cells) around the origin; the water camp sits north of it at
(0, -3), touching only (0, -2). Elements are given per cell (``W F R T G``), face down unless listed as up.
"""

from __future__ import annotations

import copy
from collections.abc import Iterable
from typing import Any

import tablecraft
from tablecraft.core.events import Event
from tablecraft.games.wild_hunters.content import (
    CARD_KIND,
    NUM_CARDS,
    NUM_DESTINY,
    NUM_TILES,
    PROFESSION_COPIES,
    destiny_hero,
    is_stun,
)
from tablecraft.games.wild_hunters.hexmap import hexagon

TERRAIN = {"W": "beach", "F": "wasteland", "R": "mountain", "T": "ruins", "G": "forest"}
RADIUS2 = hexagon(2)
DEFAULT_ELEMENTS = {c: "WFRTG"[i % 5] for i, c in enumerate(RADIUS2)}
CAMPS = {"water": (0, -3), "fire": (3, -3), "rock": (3, 0), "thunder": (0, 3), "wind": (-3, 3)}
"""Camp spots round the radius-2 hexagon, each on its edge."""


def game(seats: int = 1, **options: Any) -> Any:
    """The wild-hunters game."""
    return tablecraft.load("wild-hunters", num_seats=seats, **options)


def hex_map(elements: dict[tuple[int, int], str] | None = None, up: Iterable[tuple[int, int]] = (),
            heroes: Iterable[str] = ("water",)) -> dict[str, Any]:
    """The radius-2 scenario map: ``elements`` overrides the default element of cells, ``up`` lists face-up
    cells (the cells next to camps are always up)."""
    el = dict(DEFAULT_ELEMENTS)
    el.update(elements or {})
    ups = set(up)
    return {
        "cells": [{"at": list(c), "tile": TERRAIN[el[c]], "face_up": c in ups} for c in RADIUS2],
        "camps": {h: list(CAMPS[h]) for h in heroes},
    }


def setup(hand: list[str] | None = None, deck: list[str] | None = None, *, at: tuple[int, int] | None = None,
          king_at: tuple[int, int] = (0, 0), king: str = "tide", elements: dict[tuple[int, int], str] | None = None,
          up: Iterable[tuple[int, int]] = (), destiny: list[str] | None = None, row: list[str] | None = None,
          supply_deck: list[str] | None = None, **hero: Any) -> dict[str, Any]:
    """A one-hero (water) scenario: the hand, a deck (top first), where the hero stands, the demon king, the
    map, the destiny deck (top first; default water-1, water-2, water-stun) and the supply."""
    h: dict[str, Any] = {"hand": hand if hand is not None else ["W", "F", "R", "T", "G"],
                         "deck": deck if deck is not None else ["W", "F", "R", "T", "G"]}
    if at is not None:
        h["at"] = list(at)
    h.update(hero)
    return {
        "map": hex_map(elements, up),
        "king": {"id": king, "at": list(king_at), "rotation": 0},
        "heroes": {"water": h},
        "supply": {"row": row if row is not None else ["FR", "TG"],
                   "deck": supply_deck if supply_deck is not None else ["RT", "WG", "FT"]},
        "destiny": {"deck": destiny if destiny is not None else
                    ["water-1", "water-2", "water-stun", *([] if hero.get("board_card", True) else ["water-3"])]},
    }


def duo(water: dict[str, Any], fire: dict[str, Any], destiny: list[str], king: str = "tide",
         king_at_: tuple[int, int] = (0, 0), up: list[tuple[int, int]] | None = None, **king_extra: Any) -> dict:
    """Two heroes (water, fire) on the scenario map."""
    base = {"hand": ["W", "F", "R", "T", "G"], "deck": ["W", "F", "R", "T", "G"]}
    return {
        "map": hex_map(up=up or [], heroes=("water", "fire")),
        "king": {"id": king, "at": list(king_at_), "rotation": 0, **king_extra},
        "heroes": {"water": {**base, **water}, "fire": {**base, **fire}},
        "supply": {"row": ["FR", "TG"], "deck": ["RT", "WG", "FT"]},
        "destiny": {"deck": destiny},
    }


def start(spec: dict[str, Any] | None = None, seed: int = 1, seats: int = 1, **options: Any) -> Any:
    """A state from a setup (the documented JSON format); a deep copy, so tests may reuse their dicts."""
    return game(seats, **options).new_initial_state(seed=seed, setup=copy.deepcopy(spec) if spec else None)


def legal(s: Any) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in s.legal_actions()]


def play(s: Any, *actions: str) -> list[Event]:
    """Apply each action text in turn (checked); return all the events they caused."""
    out: list[Event] = []
    for a in actions:
        out += s.apply(a)
    return out


def of_kind(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The data of the events of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def kinds(cards: Iterable[int]) -> list[str]:
    """Card kinds of card ids, sorted as text."""
    from tablecraft.games.wild_hunters.content import kind_str

    return sorted(kind_str(CARD_KIND[c]) for c in cards)


def cell(s: Any, at: tuple[int, int]) -> int:
    """The cell index of a coordinate."""
    return int(s.fx.geo.index[at])


def where(s: Any, seat: int = 0) -> tuple[int, int]:
    """Where a hero stands."""
    return tuple(s.fx.geo.coords[s.hero_cell[seat]])


def king_at(s: Any) -> tuple[int, int]:
    """Where the demon king stands."""
    return tuple(s.fx.geo.coords[s.king_cell])


def card_places(s: Any) -> list[int]:
    """How many places hold each of the 110 game cards (hands, decks, discards, sword energy, the supply, burnt
    cards, the box)."""
    count = [0] * NUM_CARDS
    zones = [*s.hands, *s.decks, *s.discards, *s.energy, s.supply_deck, s.supply_row, s.burned, s.fx.box]
    for z in zones:
        for c in z:
            count[c] += 1
    return count


def destiny_places(s: Any) -> list[int]:
    """How many places hold each of the 20 destiny cards (deck, discard, exile, revealed, a hero's board, the box
    for heroes not in play)."""
    count = [0] * NUM_DESTINY
    for z in (s.destiny_deck, s.destiny_discard, s.exile):
        for c in z:
            count[c] += 1
    if s.revealed >= 0:
        count[s.revealed] += 1
    heroes = s.fx.heroes
    for c in range(NUM_DESTINY):
        h = destiny_hero(c)
        if h not in heroes:
            count[c] += 1  # in the box with its hero
        elif not is_stun(c) and c % 3 == 2 and s.board_card[heroes.index(h)]:
            count[c] += 1  # the third action card on its hero's board
    return count


def tile_places(s: Any) -> list[int]:
    """How many places hold each of the 45 tiles (the map, tiles set aside, camps of absent heroes in the box)."""
    count = [0] * NUM_TILES
    for t in (*s.fx.tiles, *s.fx.spare):
        count[t] += 1
    if s.game.options["unused_camps"] == "box":
        for h in range(5):
            if h not in s.fx.heroes:
                count[40 + h] += 1
    return count


def profession_places(s: Any) -> list[int]:
    """How many of each profession are held as main, held as second, or left in the box."""
    return [s.prof_box[i] + s.main.count(i) + s.second.count(i) for i in range(5)]


assert PROFESSION_COPIES == 6
