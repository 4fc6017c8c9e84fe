"""Helpers for the fate rule tests: build positions from the documented setup format and drive them with
scripted decisions.

Imported by the test modules as ``fate_support`` (``conftest.py`` puts this directory on ``sys.path``). Everything
goes through the public API: ``tablecraft.load``, ``new_initial_state(seed, setup)``, ``apply(text)``,
``legal_actions``, ``view`` and ``events``; card names are the notation of ``content.CARD_NAME`` (``atk:AS``,
``dodge:6H#2`` for a second identical copy).
"""

from __future__ import annotations

from typing import Any

import tablecraft

FOUR = ("sentinel", "scourge", "sentinel", "scourge")
"""Identities for a four-seat table where nobody wins by one death: 0 and 2 against 1 and 3."""


def start(heroes: list[str], *, seed: int = 1, identities: tuple[str, ...] | list[str] | None = None,
          options: dict[str, Any] | None = None, **setup: Any) -> Any:
    """A position from the setup format: seat 0's play phase unless ``start="turn"``; with four or more seats
    and no identities given, 0 and 2 sit against 1 and 3 (and seats 4+ are Sentinel)."""
    n = len(heroes)
    opts = dict(options or {})
    game = tablecraft.load("fate", num_seats=n, **opts)
    data: dict[str, Any] = {"heroes": list(heroes), **setup}
    if identities is not None:
        data["identities"] = list(identities)
    elif n >= 4 and game.mode.name in ("IDENTITY", "TEAMS"):
        data["identities"] = [FOUR[p % 4] if p < 4 else "sentinel" for p in range(n)]
    return game.new_initial_state(seed=seed, setup=data)


def act(state: Any, *moves: str) -> list[dict[str, Any]]:
    """Apply each move (action text) in turn; the public records of every event they caused."""
    out: list[dict[str, Any]] = []
    for m in moves:
        out += [e.for_seat(None) for e in state.apply(m)]
    return out


def legal(state: Any) -> set[str]:
    """The legal actions as text, but ``cancel``: every step of a play being built offers it (``takeback.py``,
    tested in ``test_fate_cancel.py``), and the rule tests ask what the step itself offers."""
    return {str(a) for a in state.forward_actions()}


def kinds(events: list[dict[str, Any]]) -> list[str]:
    """The kinds of ``events``, in order."""
    return [e["kind"] for e in events]


def of_kind(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    """The events of one kind."""
    return [e for e in events if e["kind"] == kind]


def hand(state: Any, seat: int) -> list[str]:
    """``seat``'s hand as card names (sorted)."""
    return sorted(state.view(seat)["players"][seat]["hand"])


def deciding(state: Any) -> tuple[int, str]:
    """Who decides now, and what (the decision frame's name), as the seat deciding sees it: the others see a play
    still being built as the decision it started at."""
    v = _asked_view(state)
    return v["to_move"], v["decision"]


def _asked_view(state: Any) -> dict[str, Any]:
    seat = state.current_player()
    return state.view(seat if seat >= 0 else None)


def pass_until(state: Any, seat: int, decision: str, limit: int = 60) -> None:
    """Let every other decision ``pass`` (or take its first option) until ``seat`` faces ``decision``."""
    for _ in range(limit):
        who, what = deciding(state)
        if who == seat and what == decision:
            return
        options = legal(state)
        state.apply("pass" if "pass" in options else sorted(options)[0])
    raise AssertionError(f"seat {seat} never reached {decision}; now {deciding(state)}")


def pending(state: Any) -> dict[str, Any]:
    """The description of the decision on top of the stack, as the seat deciding sees it (``view(seat)["pending"]``;
    empty at the end)."""
    return _asked_view(state)["pending"] or {}


def pass_dispels(state: Any) -> list[int]:
    """Let every open dispel window (驱散) pass; the seats that were asked, in order."""
    asked = []
    while pending(state).get("purpose") == "dispel":
        asked.append(state.current_player())
        state.apply("pass")
    return asked


def everything_but(*names: str) -> list[str]:
    """Every card name of the deck except ``names`` (to fill the discard pile, so that the deck holds only the
    top cards a setup lists)."""
    from tablecraft.games.fate.content import CARD_NAME

    skip = set(names)
    return [c for c in CARD_NAME if c not in skip]


def act_undispelled(state: Any, *moves: str) -> list[dict[str, Any]]:
    """``act`` the moves, letting every dispel window (驱散) pass unanswered before, between and after them; the
    public records of every event."""
    out: list[dict[str, Any]] = []

    def settle() -> None:
        while pending(state).get("purpose") == "dispel":
            out.extend(act(state, "pass"))

    settle()
    for m in moves:
        out.extend(act(state, m))
        settle()
    return out


def dispel_by(state: Any, seat: int, card: str) -> list[dict[str, Any]]:
    """In the open dispel window, ``seat`` plays the 驱散 ``card`` when asked; everyone else passes."""
    out: list[dict[str, Any]] = []
    while pending(state).get("purpose") == "dispel":
        if state.current_player() == seat:
            out.extend(act(state, f"use {card}"))
            break
        out.extend(act(state, "pass"))
    while pending(state).get("purpose") == "dispel":
        out.extend(act(state, "pass"))
    return out


def damage_to(events: list[dict[str, Any]], seat: int) -> list[int]:
    """The amounts of damage ``seat`` took in ``events``, in order."""
    return [e["amount"] for e in events if e["kind"] == "damage" and e["seat"] == seat]


HARMLESS_TOP = ["dodge:2D", "dodge:3D", "dodge:4D", "dodge:5D", "dodge:9D", "dodge:10D"]
"""Harmless deck tops: the draws that follow a scenario are known (and red, which matters to judgements)."""


def player(state: Any, seat: int, viewer: int | None = None) -> dict[str, Any]:
    """``seat``'s entry in ``viewer``'s view (the spectator's by default)."""
    entry: dict[str, Any] = state.view(viewer)["players"][seat]
    return entry


def close_dispels(state: Any) -> list[dict[str, Any]]:
    """Let an open dispel window close unanswered (every seat asked passes); the events it caused."""
    out: list[dict[str, Any]] = []
    while pending(state).get("purpose") == "dispel":
        out += act(state, "pass")
    return out


def dispel_with(state: Any, seat: int, move: str) -> list[dict[str, Any]]:
    """Pass the open dispel window until ``seat`` is asked, then answer with ``move`` (``use dispel:5H``, or a
    bare card name meaning ``use`` it)."""
    out: list[dict[str, Any]] = []
    while deciding(state)[0] != seat:
        out += act(state, "pass")
    return out + act(state, move if " " in move else f"use {move}")
