"""A sparring partner for fate: "hoard and heal" — a simple fixed policy, not the package's heuristic.

It wears items only into empty slots, heals whenever it is wounded, and otherwise keeps its cards: it attacks
only a hero at 1 HP that it does not know to be a friend. It dodges every 【攻击】 and dispels every card aimed at
itself, rescues itself and known friends, and discards its attacks first. Every other decision takes the first
option that is not a pass.

``python benchmarks/fate_bots.py match -a normal -b policy:fate_turtle --seats 2 -n 400``
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.games.fate.actions import FateAction, Kind
from tablecraft.games.fate.content import CARD_DEF, CardKind, Role


class Turtle:
    """Hoard cards, heal, strike only the dying."""

    name = "fate-turtle"

    def act(self, obs: Any, rng: random.Random) -> FateAction:
        legal: list[FateAction] = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        v = obs.view
        me = obs.seat
        players = v["players"]
        pending = v["pending"] or {}
        frame = pending.get("frame")
        mine = players[me]["identity"]

        def friend(p: int) -> bool:
            if p == me:
                return True
            if v["mode"] == "1v1":
                return False
            ident = players[p]["identity"]
            return ident is not None and ident == mine and ident != "neutral"

        acting = [a for a in legal if a.kind not in (Kind.PASS, Kind.NO, Kind.DONE)]
        passing = next((a for a in legal if a.kind is Kind.PASS), None)
        if frame == "play":
            for a in legal:
                if a.kind is Kind.USE:
                    d = CARD_DEF[a.a]
                    slot = "weapon" if d.kind is CardKind.WEAPON else "armour"
                    if d.is_equipment and players[me][slot] is None:
                        return a
                    if d.role is Role.SALVE:
                        return a
            weak = [p for p, pl in enumerate(players) if pl["alive"] and pl["hp"] <= 1 and not friend(p)]
            if weak:
                for a in legal:
                    if a.kind is Kind.USE and CARD_DEF[a.a].role is Role.ATTACK:
                        return a
            return passing or legal[0]
        if frame in ("build", "skill_target"):
            targets = [a for a in legal if a.kind is Kind.TARGET and not friend(a.a)]
            if targets:
                return min(targets, key=lambda a: (players[a.a]["hp"], a.a))
            return legal[-1] if legal[-1].kind is Kind.NO else legal[0]
        if frame == "reply":
            use = pending.get("use") or {}
            aimed = me in (use.get("targets") or []) or pending.get("purpose") != "dispel"
            if aimed and acting:
                return acting[0]
            return passing or legal[0]
        if frame == "rescue_ask":
            if friend(pending["dying"]) and acting:
                return acting[0]
            return passing or legal[0]
        if frame in ("discard", "viper_ask"):
            attacks = [a for a in legal if CARD_DEF[a.a].role is Role.ATTACK]
            return attacks[0] if attacks else legal[0]
        if frame == "demand":
            return acting[0] if acting else legal[0]
        if frame == "reward_ask":
            return next(a for a in legal if a.kind is Kind.DRAW)
        return acting[0] if acting else legal[0]


def make(game: Any) -> Turtle:
    """The sparring agent (``policy:fate_turtle``)."""
    return Turtle()
