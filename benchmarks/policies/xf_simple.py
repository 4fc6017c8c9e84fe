"""Sparring policies for xeno-faction: three simple fixed plans a casual player might follow, written from the rules
alone (they read only ``obs.view`` and the legal actions). ``policy:xf_simple.Rush`` in ``benchmarks/xf_metrics.py``.

- ``Rush`` (always attack): every turn it puts its biggest card into every row it can, plays every face card,
  places 大王 whenever it can attack with it, uses 小王 at once, never splits or charges, and attacks for the most
  damage it can deal.
- ``BuildThenStrike``: it builds its rows without attacking until its field is strong (a row beating every
  opposing row, or 25 points on the table), then strikes every turn for the most damage; it keeps 大王 for a
  sweep of at least 15 points, heals with K ② below 20 life, and dispels the opponent's K.
- ``Turtle`` (shield wall): it keeps its ♦ row (the one every attack must go through) above the opponent's best
  row, lays its low cards first as shields, heals with K ② whenever a card of 4 or more is there, answers 大王 with
  小王, and attacks only when the attack is free (it always is: attacking costs nothing) — for the most damage.
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import parse_card
from tablecraft.games.xeno_faction.actions import Kind, XFAction
from tablecraft.games.xeno_faction.spec import FACE_ROW, RANK, K


def _damage(view: dict[str, Any], seat: int, a: Any) -> float:
    """The damage an attack action deals (a 大王 row's sweep counted as the swept row plus 10)."""
    me, opp = view["players"][seat], view["players"][1 - seat]
    if me["rows"][a.a]["joker"]:
        if a.b == 3:
            return 25.0
        return float(opp["rows"][a.b]["total"] + opp["banished_points"] - me["banished_points"] + 10)
    if a.b == 3:
        return float(me["rows"][a.a]["total"])
    cards = [RANK[parse_card(c)] for c in opp["rows"][a.b]["cards"]]
    low = min(cards) if cards else 1
    return float(low * (2 if a.a == 0 and a.b == 2 else 1))


def _common(obs: Any, legal: list[Any]) -> Action | None:
    """The choices every plan makes the same way (or None)."""
    kinds = {a.kind for a in legal}
    if Kind.DISCARD in kinds:
        return min(legal, key=lambda a: RANK[a.a] if RANK[a.a] else 99)
    if Kind.SKIP in kinds:
        return next(a for a in legal if a.kind is Kind.SKIP)
    if Kind.KNIGHT in kinds and obs.view["players"][obs.seat]["life"] > 5:
        return next(a for a in legal if a.kind is Kind.KNIGHT)
    if Kind.DECLINE in kinds:
        return next(a for a in legal if a.kind is Kind.DECLINE)
    if Kind.FIGHT in kinds:
        return next(a for a in legal if a.kind is Kind.FIGHT)
    if Kind.GIVE in kinds or Kind.LOSE in kinds or Kind.REPLACE in kinds:
        return min(legal, key=lambda a: RANK[a.a])
    if Kind.SUMMON in kinds:
        return legal[-1]
    if Kind.REMOVE_ALL in kinds:
        return next(a for a in legal if a.kind is Kind.REMOVE_ALL)
    return None


class Rush:
    """Always attack: biggest cards out, every face card, 大王 at once, the hardest attack every turn."""

    name = "rush"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """This plan's choice among ``obs.legal_actions``."""
        legal: list[XFAction] = obs.legal_actions
        common = _common(obs, legal)
        if common is not None:
            return common
        view, seat = obs.view, obs.seat
        attacks = [a for a in legal if a.kind is Kind.ATTACK]
        if attacks:
            return max(attacks, key=lambda a: _damage(view, seat, a))
        joker = [a for a in legal if a.kind is Kind.JOKER]
        if joker and view["turn"] != 1:
            return joker[0]
        places = [a for a in legal if a.kind is Kind.PLACE]
        if places:
            return max(places, key=lambda a: RANK[a.a])
        faces = [a for a in legal if a.kind is Kind.FACE]
        if faces:
            return faces[0]
        return next(a for a in legal if a.kind in (Kind.DONE, Kind.PASS))


class BuildThenStrike:
    """Build the rows first, then strike every turn; 大王 kept for a big sweep, K ② below 20 life."""

    name = "build-then-strike"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """This plan's choice among ``obs.legal_actions``."""
        legal: list[XFAction] = obs.legal_actions
        common = _common(obs, legal)
        if common is not None:
            return common
        view, seat = obs.view, obs.seat
        me, opp = view["players"][seat], view["players"][1 - seat]
        mine = [r["total"] for r in me["rows"]]
        theirs = [r["total"] for r in opp["rows"]]
        strong = max(mine) > max(theirs) or sum(mine) >= 25
        attacks = [a for a in legal if a.kind is Kind.ATTACK]
        if attacks:
            best = max(attacks, key=lambda a: _damage(view, seat, a))
            if strong or _damage(view, seat, best) >= opp["life"] or me["rows"][best.a]["joker"]:
                return best
            return next(a for a in legal if a.kind is Kind.PASS)
        for a in legal:
            if a.kind is Kind.JOKER and view["turn"] != 1:
                best_sweep = max((opp["rows"][t]["total"] for t in range(3)), default=0)
                if best_sweep + opp["banished_points"] - me["banished_points"] >= 15:
                    return a
        if me["life"] < 20:
            charges = [a for a in legal if a.kind is Kind.CHARGE2]
            if charges:
                return max(charges, key=lambda a: RANK[a.a])
        for a in legal:
            if a.kind is Kind.DISPEL and a.b == 1:
                ranks = [RANK[parse_card(f["card"])] for f in opp["rows"][a.c]["faces"]]
                if K in ranks:
                    return a
        places = [a for a in legal if a.kind is Kind.PLACE]
        if places:
            return max(places, key=lambda a: (RANK[a.a], -mine[a.b]))
        faces = [a for a in legal if a.kind is Kind.FACE and me["rows"][FACE_ROW[a.a]]["cards"]]
        if faces:
            return faces[0]
        return next(a for a in legal if a.kind in (Kind.DONE, Kind.PASS))


class Turtle:
    """Shield wall: the ♦ row above their best row, low cards first, K ② heals, strikes for the most damage."""

    name = "turtle"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """This plan's choice among ``obs.legal_actions``."""
        legal: list[XFAction] = obs.legal_actions
        common = _common(obs, legal)
        if common is not None:
            return common
        view, seat = obs.view, obs.seat
        me, opp = view["players"][seat], view["players"][1 - seat]
        attacks = [a for a in legal if a.kind is Kind.ATTACK]
        if attacks:
            return max(attacks, key=lambda a: _damage(view, seat, a))
        charges = [a for a in legal if a.kind is Kind.CHARGE2 and RANK[a.a] >= 4]
        if charges:
            return max(charges, key=lambda a: RANK[a.a])
        front = me["rows"][0]["total"]
        threat = max(r["total"] for r in opp["rows"])
        places = [a for a in legal if a.kind is Kind.PLACE]
        if front <= threat + 3:
            wall = [a for a in places if a.b == 0]
            if wall:
                return max(wall, key=lambda a: RANK[a.a])
        if places:
            return min(places, key=lambda a: RANK[a.a])
        faces = [a for a in legal if a.kind is Kind.FACE and RANK[a.a] == K]
        if faces:
            return faces[0]
        return next(a for a in legal if a.kind in (Kind.DONE, Kind.PASS))
