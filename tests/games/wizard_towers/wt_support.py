"""Helpers for the wizard-towers rule tests: build positions from the setup format and drive them.

Imported by the test modules as ``wt_support`` (``conftest.py`` puts this directory on ``sys.path``).
Everything goes through the public API: ``tablecraft.load``, ``new_initial_state(seed, setup)``,
``apply(text)``.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import tablecraft
from tablecraft.core.cards import DECK_SIZE, card_str, parse_card
from tablecraft.core.events import Event

ORANGE, BLUE, PURPLE = 0, 1, 2
BAGS = ("orange", "blue", "green")
DRAW_PHASES = ("DRAW", "END_DRAW")


def game(**options: Any) -> Any:
    """The wizard-towers game with ``options``."""
    return tablecraft.load("wizard-towers", **options)


def start(setup: dict[str, Any] | None = None, seed: int = 1, **options: Any) -> Any:
    """A state from ``setup`` (the documented JSON setup format)."""
    return game(**options).new_initial_state(seed=seed, setup=setup)


def c(*texts: str) -> list[int]:
    """Card ids from notation: ``c("AS", "10H")``."""
    return [parse_card(t) for t in texts]


def names(cards: Iterable[int]) -> list[str]:
    """Card notation of card ids, in the given order."""
    return [card_str(x) for x in cards]


def legal(s: Any) -> list[str]:
    """The legal actions as text."""
    return [str(a) for a in s.legal_actions()]


def phase(s: Any) -> str:
    """The phase name, e.g. ``"ACTION"``."""
    return s.phase.name


def play(s: Any, *actions: str) -> list[Event]:
    """Apply each action text in turn (checked); return all the events they caused."""
    out: list[Event] = []
    for a in actions:
        out += s.apply(a)
    return out


def stop_drawing(s: Any) -> list[Event]:
    """Decline every start-of-turn draw, so the seat to move reaches its action step."""
    out: list[Event] = []
    while phase(s) == "DRAW":
        out += s.apply("stop")
    return out


def finish_turn(s: Any) -> list[Event]:
    """Let the seat whose turn it is do nothing (no draw, pass, no end draw) until the next turn starts."""
    seat, turn = s.turn_seat, s.turn
    out: list[Event] = []
    while s.turn_seat == seat and s.turn == turn and not s.is_terminal():
        ph = phase(s)
        if ph in DRAW_PHASES:
            out += s.apply("stop")
        elif ph == "ACTION":
            out += s.apply("pass")
        else:
            raise AssertionError(f"finish_turn cannot leave phase {ph}; legal: {legal(s)}")
    return out


def of_kind(events: Iterable[Event], kind: str) -> list[dict[str, Any]]:
    """The data of the events of ``kind``."""
    return [e.data for e in events if e.kind == kind]


def said(events: Iterable[Event], kind: str | None = None, lang: str = "en") -> list[str]:
    """The log lines (``Game.describe_event``, as a spectator sees them) of the events of ``kind`` (all if None)."""
    g = game()
    return [g.describe_event(e.for_seat(None), lang) for e in events if kind is None or e.kind == kind]


def kinds(events: Iterable[Event]) -> list[str]:
    """The kinds of ``events`` in order."""
    return [e.kind for e in events]


def placed(setup: dict[str, Any]) -> set[int]:
    """Cards a setup puts outside the bags."""
    out: set[int] = set()
    for zone in ("hands", "towers"):
        for cards in setup.get(zone, {}).values():
            out.update(c(*cards))
    out.update(c(*setup.get("junk", [])))
    return out


def with_bags(setup: dict[str, Any], **fixed: list[str]) -> dict[str, Any]:
    """``setup`` with exact bags: the bags named in ``fixed`` hold exactly those cards; every other card goes,
    in deck order, round the remaining bags (so all 54 cards are placed and no draw is left to a random
    deal)."""
    taken = placed(setup)
    for cards in fixed.values():
        taken.update(c(*cards))
    rest = [x for x in range(DECK_SIZE) if x not in taken]
    free = [b for b in BAGS if b not in fixed]
    bags: dict[str, list[str]] = {b: list(v) for b, v in fixed.items()}
    for b in free:
        bags[b] = []
    for i, x in enumerate(rest):
        bags[free[i % len(free)]].append(card_str(x))
    return {**setup, "bags": bags}


def card_places(s: Any) -> list[int]:
    """Every card's occurrences in the places a card can be: hands, towers, bags, junk and the battle."""
    seen = [0] * DECK_SIZE
    zones = [*s.hands, *s.towers, *s.bags, s.junk, s.att, s.dfn]
    for zone in zones:
        for x in zone:
            seen[x] += 1
    return seen
