"""A sparring partner for fate: "attack the nearest" — a simple fixed policy, not the package's heuristic.

Every turn it wears any item for an empty slot, heals at 2 HP or less, then uses every 【攻击】 it may on the
nearest hero it does not know to be a friend, and every damaging card it holds on the weakest such hero. It
dodges and dispels whatever is aimed at itself, rescues only itself and known friends, and discards whatever
comes first (it keeps nothing back). Every other decision takes the first option that is not a pass.

``python benchmarks/fate_bots.py match -a normal -b policy:fate_rush --seats 2 -n 400``
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.games.fate.actions import FateAction, Kind
from tablecraft.games.fate.content import CARD_DEF, CardKind, Role

DAMAGING = frozenset({"wildaxe", "arrow", "viper", "laguna"})


class Rush:
    """Attack the nearest non-friend; spend everything."""

    name = "fate-rush"

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

        def dist(p: int) -> int:
            n = len(players)
            return min((p - me) % n, (me - p) % n)

        acting = [a for a in legal if a.kind not in (Kind.PASS, Kind.NO, Kind.DONE)]
        if frame == "play":
            for a in legal:
                if a.kind is Kind.USE:
                    d = CARD_DEF[a.a]
                    slot = "weapon" if d.kind is CardKind.WEAPON else "armour"
                    if d.is_equipment and players[me][slot] is None:
                        return a
                    if d.role is Role.SALVE and players[me]["hp"] <= 2:
                        return a
            for a in legal:
                if a.kind is Kind.USE and CARD_DEF[a.a].role is Role.ATTACK:
                    return a
            for a in legal:
                if a.kind is Kind.USE and CARD_DEF[a.a].code in DAMAGING:
                    return a
            return next(a for a in legal if a.kind is Kind.PASS)
        if frame in ("build", "skill_target"):
            targets = [a for a in legal if a.kind is Kind.TARGET and not friend(a.a)]
            if targets:
                card = pending.get("card")
                if card in ("atk", "fire", "chaos"):
                    return min(targets, key=lambda a: (dist(a.a), a.a))
                return min(targets, key=lambda a: (players[a.a]["hp"], a.a))
            return legal[0] if legal[0].kind is not Kind.YES else legal[-1]
        if frame == "reply":
            use = pending.get("use") or {}
            aimed = me in (use.get("targets") or []) or pending.get("purpose") != "dispel"
            if aimed and not friend(use.get("user", -1) if use.get("user") is not None else -1) and acting:
                return acting[0]
            return next((a for a in legal if a.kind is Kind.PASS), legal[0])
        if frame == "rescue_ask":
            if friend(pending["dying"]) and acting:
                return acting[0]
            return next(a for a in legal if a.kind is Kind.PASS)
        if frame in ("discard", "viper_ask"):
            return legal[0]
        if frame == "demand":
            return acting[0] if acting else legal[0]
        if frame == "reward_ask":
            return next(a for a in legal if a.kind is Kind.DRAW)
        return acting[0] if acting else legal[0]


def make(game: Any) -> Rush:
    """The sparring agent (``policy:fate_rush``)."""
    return Rush()
