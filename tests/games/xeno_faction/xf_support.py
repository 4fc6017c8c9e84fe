"""Helpers for the xeno-faction rule tests: build positions from the setup format and drive them.

Imported by the test modules as ``xf_support`` (``conftest.py`` puts this directory on ``sys.path``).
Everything goes through the public API: ``tablecraft.load``, ``new_initial_state(seed, setup)``,
``apply(text)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import tablecraft
from tablecraft.core.cards import DECK_SIZE, card_str, parse_card
from tablecraft.core.events import Event

ALPHA, BETA = 0, 1


def game(**options: Any) -> Any:
    """The xeno-faction game with ``options``."""
    return tablecraft.load("xeno-faction", **options)


def start(setup: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> Any:
    """A state from ``setup`` (the documented JSON setup format)."""
    return game(**options).new_initial_state(seed=seed, setup=setup)


def table(
    alpha: Iterable[str] = (),
    beta: Iterable[str] = (),
    alpha_rows: list[list[str]] | None = None,
    beta_rows: list[list[str]] | None = None,
    **more: Any,
) -> dict[str, Any]:
    """A setup where alpha's turn 3 is about to start (so attacks are allowed) with the given hands and rows.

    Unless ``more`` says otherwise, every card not placed goes to its owner's graveyard, so nobody draws and the
    hands are exactly as given.
    """
    setup: dict[str, Any] = {
        "to_move": "alpha",
        "first": "beta",
        "turn": 2,
        "hands": {"alpha": list(alpha), "beta": list(beta)},
        "rows": {"alpha": alpha_rows or [[], [], []], "beta": beta_rows or [[], [], []]},
        "rest": {"alpha": "graveyard", "beta": "graveyard"},
    }
    for key, value in more.items():
        if isinstance(value, dict) and isinstance(setup.get(key), dict):
            setup[key] = {**setup[key], **value}
        else:
            setup[key] = value
    return setup


def c(text: str) -> int:
    """A card id from notation."""
    return parse_card(text)


def names(cards: Iterable[int]) -> list[str]:
    """Card notation of card ids, in the given order."""
    return [card_str(x) for x in cards]


def legal(s: Any) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in s.legal_actions()]


def phase(s: Any) -> str:
    """The phase name, e.g. ``"PLACE"``."""
    return s.phase.name


def play(s: Any, *actions: str) -> list[Event]:
    """Apply each action text in turn (checked); return all the events they caused."""
    out: list[Event] = []
    for a in actions:
        out += s.apply(a)
    return out


def of_kind(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The data of the events of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def damage_to(events: Iterable[Event], seat: int) -> list[tuple[int, str]]:
    """(amount, source) of each damage event to ``seat``."""
    return [(d["amount"], d["source"]) for d in of_kind(events, "damage") if d["seat"] == seat]


def heals_of(events: Iterable[Event], seat: int) -> list[tuple[int, str]]:
    """(amount, source) of each heal event of ``seat``."""
    return [(d["amount"], d["source"]) for d in of_kind(events, "heal") if d["seat"] == seat]


def row(s: Any, seat: int, r: int) -> list[str]:
    """The normal cards of row ``r`` (1–3) of ``seat``."""
    return names(s.rows[seat][r - 1])


def faces(s: Any, seat: int, r: int) -> list[str]:
    """The face cards of row ``r`` (1–3) of ``seat``."""
    return names(s.faces[seat][r - 1])


def card_places(s: Any) -> list[int]:
    """How many places hold each of the 108 global card ids (owner * 54 + card)."""
    counts = [0] * (2 * DECK_SIZE)
    for p in (0, 1):
        base = p * DECK_SIZE
        zones = [s.hands[p], s.decks[p], s.graves[p], s.banished[p], *s.rows[p], *s.faces[p]]
        if s.joker[p] >= 0:
            zones.append([52])
        for zone in zones:
            for x in zone:
                counts[base + x] += 1
    for e in s.extra:
        if e >= 0:
            counts[e] += 1
    return counts
