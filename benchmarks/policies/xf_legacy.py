"""Sparring policy: xeno-faction's heuristic as it was on main before issue 17 (a greedy scorer of single actions).

Kept verbatim (renamed) so the new heuristic can be measured against the old one: it places every card, splits
and specially places whenever it can (its ``summon_margin`` never wins against a placement), uses K only through ②
below 15 life and places 大王 only when it can sweep at once. ``policy:xf_legacy.LegacyHeuristic`` in
``benchmarks/xf_metrics.py``.
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import parse_card
from tablecraft.games.xeno_faction.actions import Kind, XFAction
from tablecraft.games.xeno_faction.rules import TARGETS
from tablecraft.games.xeno_faction.spec import (
    BIG_JOKER,
    DIRECT,
    FACE_ROW,
    JOKER_HEAL,
    RANK,
    ROW_SUIT,
    SMALL_JOKER,
    SUIT,
    ZONE_OF,
    J,
    K,
    Q,
)

LETHAL = 1000.0
"""Score of an action that wins the game outright."""


class LegacyHeuristic:
    """Greedy scorer over the legal actions; ``summon_margin``: the life above which special placements (1
    damage each) are made."""

    name = "xf-legacy"

    def __init__(self, summon_margin: int = 8, **params: Any) -> None:
        if params:
            raise KeyError(f"unknown heuristic parameters {sorted(params)}; known: summon_margin")
        self.summon_margin = summon_margin

    def act(self, obs: Any, rng: random.Random) -> Action:
        """The best-scoring legal action (ties broken by ``rng``)."""
        legal: list[XFAction] = obs.legal_actions
        if not legal:
            raise ValueError("no legal actions to choose from: the game is over")
        if len(legal) == 1:
            return legal[0]
        ctx = _Context(obs.view, obs.seat, self.summon_margin)
        scored = [(ctx.score(a), i) for i, a in enumerate(legal)]
        best = max(s for s, _ in scored)
        choices = [legal[i] for s, i in scored if s == best]
        return choices[rng.randrange(len(choices))]


class _Context:
    """The facts the scores need, read once from the view."""

    def __init__(self, view: dict[str, Any], seat: int, summon_margin: int) -> None:
        self.view = view
        self.seat = seat
        self.me = view["players"][seat]
        self.opp = view["players"][1 - seat]
        self.hand = [parse_card(c) for c in self.me["hand"]]
        self.my_totals = [r["total"] for r in self.me["rows"]]
        self.opp_totals = [r["total"] for r in self.opp["rows"]]
        self.opp_cards = [[parse_card(c) for c in r["cards"]] for r in self.opp["rows"]]
        self.mask = sum(1 << i for i in range(3) if self.opp_cards[i])
        self.can_attack_now = view["turn"] != 1
        self.summon_margin = summon_margin

    # ---------------------------------------------------------------------------------------------- helpers
    def sweep_value(self, target: int) -> float:
        """Net life swing of a 大王 sweep on the opponent's ``target`` row (their loss minus mine, +10 heal)."""
        theirs = self.opp["banished_points"] + self.opp_totals[target]
        mine = self.me["banished_points"]
        i_die = self.me["life"] - mine + JOKER_HEAL <= 0  # the heal comes before the check
        they_die = self.opp["life"] - theirs <= 0
        if i_die:
            return -LETHAL if not they_die else -20.0  # a draw beats a loss, little else
        if they_die:
            return LETHAL
        return theirs - mine + JOKER_HEAL + 2 * len(self.opp_cards[target])

    def knight_risk(self) -> float:
        """Chance the opponent holds 小王 (when it is not known to be gone)."""
        gone = "JKB" in self.opp["graveyard"] or "JKB" in self.opp["banished"]
        if gone:
            return 0.0
        unseen = self.opp["hand_size"] + self.opp["deck_size"]
        return self.opp["hand_size"] / unseen if unseen else 0.0

    def attack_value(self, row: int, target: int) -> float:
        """Expected damage of an attack (lethal attacks score highest)."""
        if self.me["rows"][row]["joker"]:
            if target == DIRECT:
                damage = 22.0  # five random deck cards
                return LETHAL if damage >= self.opp["life"] + 5 else damage + 10
            return self.sweep_value(target)
        if target == DIRECT:
            damage = float(self.my_totals[row])
            bonus = 0.0
        else:
            low = min(RANK[c] for c in self.opp_cards[target])
            damage = float(low * (2 if row == 0 and target == 2 else 1))
            bonus = 1.0  # the opponent also loses a card
        return LETHAL if damage >= self.opp["life"] else damage + bonus

    def keep_value(self, card: int) -> float:
        """How much a hand card is worth keeping (the hand check discards the least)."""
        if card == BIG_JOKER:
            return 100.0
        if card == SMALL_JOKER:
            return 90.0
        r = RANK[card]
        if r >= J:
            return {J: 15.0, Q: 20.0, K: 18.0}[r]
        return float(r)

    # ----------------------------------------------------------------------------------------------- scores
    def score(self, a: XFAction) -> float:
        """The score of one legal action."""
        k = a.kind
        if k is Kind.ATTACK:
            return 5.0 + self.attack_value(a.a, a.b)
        if k is Kind.PLACE:
            before, after = self.my_totals[a.b], self.my_totals[a.b] + RANK[a.a]
            opp = max(self.opp_totals)
            return 5.0 + RANK[a.a] + (3.0 if before <= opp < after else 0.0)
        if k is Kind.PAIR:
            return 12.0 + RANK[a.a] + RANK[a.b]
        if k is Kind.EXTRA:
            return 3.0
        if k is Kind.FACE:
            row = self.me["rows"][FACE_ROW[a.a]]
            if len(row["faces"]) >= 2:
                return 1.0
            base = {Q: 9.0, K: 8.0, J: 6.0}[RANK[a.a]]
            return base if row["cards"] else base - 4.0
        if k is Kind.REPLACE:
            return {J: 3.0, K: 2.0, Q: 1.0}[RANK[a.a]]
        if k is Kind.DISPEL:
            side = self.opp if a.b == 1 else self.me
            faces = side["rows"][a.c]["faces"]
            if a.b == 0:
                return -10.0
            return sum({J: 3.0, Q: 5.0, K: 4.0}[RANK[parse_card(f["card"])]] for f in faces)
        if k is Kind.REMOVE_ALL:
            return 5.0 if self.view["pending"]["owner"] != self.seat else -5.0
        if k is Kind.REMOVE:
            return 1.0
        if k is Kind.KNIGHT:
            if self.view["phase"] == "knight_window" and self.me["life"] <= 5:
                return -LETHAL
            return 50.0
        if k is Kind.JOKER:
            return self.joker_value(a.b)
        if k is Kind.SPLIT:
            zone = self.view["extra_zones"][ZONE_OF[a.a]]
            if zone["card"] is not None and zone["owner"] != self.seat:
                return 6.0 + RANK[parse_card(zone["card"])]
            return 2.0 if zone["card"] is None else 0.5
        if k is Kind.SKIP:
            return 0.0 if self.me["life"] <= self.summon_margin + 3 else -1.0
        if k is Kind.SUMMON:
            return 0.5 + RANK[a.a] / 10.0
        if k is Kind.CHARGE2:
            return RANK[a.a] - 4.0 if self.me["life"] < 15 else -1.0
        if k is Kind.CHARGE1 or k is Kind.CHARGE3:
            return -2.0
        if k is Kind.GIVE or k is Kind.LOSE:
            return -float(RANK[a.a])
        if k is Kind.DISCARD:
            return -self.keep_value(a.a)
        if k is Kind.FIGHT:  # fighting puts cards on the field; it loses nothing a yield would not
            pending = self.view["pending"]
            row = pending["attacker_row" if pending["step"] == "attacker" else "defender_row"] - 1
            suit = ROW_SUIT[row]
            down = sum(1 for c in self.hand if RANK[c] <= 10 and SUIT[c] == suit)
            return -5.0 if self.me["life"] <= down + 1 else 5.0
        return 0.0  # done, pass, decline, yield

    def joker_value(self, row: int) -> float:
        """Place 大王 in ``row`` only when its attack this very turn is worth the risk of 小王."""
        if not self.can_attack_now:
            return -1.0
        targets = TARGETS[row][self.mask]
        if not targets:
            return -1.0
        best = max(22.0 if t == DIRECT else self.sweep_value(t) for t in targets)
        risk = self.knight_risk() * (10.0 + 15.0)
        return best - risk - 5.0
