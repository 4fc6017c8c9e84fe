"""Simple fixed policies for wild-hunters, written as sparring partners for the game's heuristic (issue 17).

They are plain agents (``name`` and ``act(obs, rng)``) that read only ``obs.view`` and ``obs.legal_actions``; each
plays every seat of a team. None looks ahead or coordinates; each keeps its hero at 5 or more cards (hand + deck)
while it has a choice, the one rule any player learns in the first game.

- ``camp`` (stay at camp): never move; draw on the supply every turn, charge sword energy (集中) at camp, and
  strike whenever the demon king comes next to the camp, releasing all sword energy. The 60-line outside policy
  issue 17 measured, rewritten from its description.
- ``rush``: walk toward the demon king by the cheapest step every turn, attack whenever next to him.
- ``charge``: charge three sword energy at camp (drawing on the supply), then walk toward the demon king and
  strike with everything; recharge at camp when spent.

``python benchmarks/wh_bench.py --teams policy:camp,policy:rush,policy:charge,normal --seats 1,3,5 -n 400``
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any

from tablecraft.games.wild_hunters.actions import Kind, WHAction
from tablecraft.games.wild_hunters.content import PROFESSIONS, parse_kind, popcount
from tablecraft.games.wild_hunters.hexmap import DIRS

FLOOR = 5
"""Cards in hand + deck a hero keeps: 4 or fewer loses the game for everyone."""

_ELEMENT_OF = {p.id: 1 << p.element for p in PROFESSIONS}


def _pay(view: dict[str, Any], legal: list[WHAction]) -> WHAction:
    """A card of the pending tile's element if it has one (one card settles a face-up price), else the plainest."""
    pending = view["pending"]
    cell = next(c for c in view["map"]["cells"] if c["at"] == pending["at"])
    bit = 1 << "WFRTG".index(cell["element"]) if cell["up"] and pending["action"] != "rest" else 0
    return min(legal, key=lambda a: (0 if a.a & bit and not pending["paid"] else 1, popcount(a.a), a.id))


def _common(view: dict[str, Any], legal: list[WHAction]) -> WHAction | None:
    """The sub-steps every policy plays the same way: pay, release everything, keep professions, take a
    mercenary (cheaper attacks) as second profession."""
    phase = view["phase"]
    if len(legal) == 1:
        return legal[0]
    if phase == "pay":
        return _pay(view, legal)
    if phase == "release":
        return max(legal, key=lambda a: a.a)
    if phase == "swap":
        return next(a for a in legal if a.kind is Kind.KEEP)
    if phase == "profession":
        return min(legal, key=lambda a: (PROFESSIONS[a.a].id != "mercenary", a.a))
    return None


def _best_acquire(view: dict[str, Any], legal: list[WHAction]) -> WHAction | None:
    me = view["heroes"][view["seat"]]
    main = _ELEMENT_OF[me["main"]]
    acquires = [a for a in legal if a.kind is Kind.ACQUIRE]
    return max(acquires, key=lambda a: (bool(a.a & main), popcount(a.a), -a.id)) if acquires else None


def _fallback(legal: list[WHAction], me: dict[str, Any]) -> WHAction:
    """End if allowed; else the cheapest required action (focus keeps the card as energy, rest heals)."""
    by_kind = {a.kind: a for a in legal}
    for kind in (Kind.END, Kind.FOCUS, Kind.REST):
        if kind in by_kind:
            return by_kind[kind]
    return legal[0]


class StayAtCamp:
    """Stay at camp: supply, focus, and strike when the demon king is next to the camp."""

    name = "camp"

    def act(self, obs: Any, rng: random.Random) -> WHAction:
        """One decision."""
        view, legal = obs.view, list(obs.legal_actions)
        sub = _common(view, legal)
        if sub is not None:
            return sub
        me = view["heroes"][view["seat"]]
        take = _best_acquire(view, legal)
        if take is not None:
            return take
        by_kind = {a.kind: a for a in legal}
        spare = me["total"] - FLOOR
        if Kind.ATTACK in by_kind and (spare >= 2 or len(me["energy"]) + 1 >= view["king"]["hp"]):
            return by_kind[Kind.ATTACK]
        focuses = [a for a in legal if a.kind is Kind.FOCUS]
        if focuses and spare >= 2:
            return min(focuses, key=lambda a: (popcount(a.a), a.id))
        return _fallback(legal, me)


def _distances(view: dict[str, Any]) -> tuple[dict[tuple[int, int], int], dict[tuple[int, int], dict[str, Any]]]:
    cells = {(c["at"][0], c["at"][1]): c for c in view["map"]["cells"]}
    king = (view["king"]["at"][0], view["king"]["at"][1])
    dist: dict[tuple[int, int], int] = {}
    todo: deque[tuple[int, int]] = deque()
    for dq, dr in DIRS:
        n = (king[0] + dq, king[1] + dr)
        if n in cells:
            dist[n] = 0
            todo.append(n)
    while todo:
        c = todo.popleft()
        for dq, dr in DIRS:
            n = (c[0] + dq, c[1] + dr)
            if n in cells and n not in dist and n != king:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist, cells


def _step_toward_king(view: dict[str, Any], legal: list[WHAction], spare: int) -> WHAction | None:
    """The affordable move that brings the hero closest to a tile next to the demon king (face-up tiles first)."""
    me = view["heroes"][view["seat"]]
    at = (me["at"][0], me["at"][1])
    dist, cells = _distances(view)
    here = dist.get(at, 99)
    best = None
    for a in legal:
        if a.kind is not Kind.MOVE:
            continue
        to = (at[0] + DIRS[a.a][0], at[1] + DIRS[a.a][1])
        price = 3 if not cells[to]["up"] else 1 if cells[to]["element"] in _hand_letters(me) else 2
        if dist.get(to, 99) < here and price <= spare:
            key = (price, dist.get(to, 99), a.id)
            if best is None or key < best[0]:
                best = (key, a)
    return best[1] if best else None


def _hand_letters(me: dict[str, Any]) -> set[str]:
    return {"WFRTG"[e] for k in me["hand"] for e in range(5) if parse_kind(k) >> e & 1}


class Rush:
    """Walk to the demon king and attack whenever next to him."""

    name = "rush"

    def act(self, obs: Any, rng: random.Random) -> WHAction:
        """One decision."""
        view, legal = obs.view, list(obs.legal_actions)
        sub = _common(view, legal)
        if sub is not None:
            return sub
        me = view["heroes"][view["seat"]]
        by_kind = {a.kind: a for a in legal}
        spare = me["total"] - FLOOR
        take = _best_acquire(view, legal)
        if take is not None:
            return take
        if Kind.ATTACK in by_kind and (spare >= 3 or len(me["energy"]) + 1 >= view["king"]["hp"]):
            return by_kind[Kind.ATTACK]
        step = _step_toward_king(view, legal, spare - 1)
        if step is not None:
            return step
        return _fallback(legal, me)


class ChargeThenStrike:
    """Charge three sword energy at camp, then walk to the demon king and release it all."""

    name = "charge"

    def act(self, obs: Any, rng: random.Random) -> WHAction:
        """One decision."""
        view, legal = obs.view, list(obs.legal_actions)
        sub = _common(view, legal)
        if sub is not None:
            return sub
        me = view["heroes"][view["seat"]]
        by_kind = {a.kind: a for a in legal}
        spare = me["total"] - FLOOR
        take = _best_acquire(view, legal)
        if take is not None:
            return take
        energy = len(me["energy"])
        focuses = [a for a in legal if a.kind is Kind.FOCUS]
        ready = energy >= 3 or energy + 1 >= view["king"]["hp"] or not focuses  # away from camp: strike anyway
        if Kind.ATTACK in by_kind and ready and spare >= 2:
            return by_kind[Kind.ATTACK]
        if focuses and spare >= 2:
            return min(focuses, key=lambda a: (popcount(a.a), a.id))
        if energy >= 3:
            step = _step_toward_king(view, legal, spare - 2)
            if step is not None:
                return step
        return _fallback(legal, me)


POLICIES: dict[str, type] = {"camp": StayAtCamp, "rush": Rush, "charge": ChargeThenStrike}
"""The policies by the name ``wh_bench.py`` knows them by (``policy:camp``)."""
