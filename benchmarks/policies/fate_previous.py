"""The fate heuristic as it was before issue 17 (main at 45f3352), kept as a sparring partner for before/after
measurements (``python benchmarks/fate_bots.py match -a normal -b policy:fate_previous``).

A rule-of-thumb fate player that reads only its observation (view, public ``pending`` facts, legal actions).

It sorts the other heroes into friends and foes from what its seat knows — identities it has seen (its own, its
下家's, the dead's, any it looked at), the mode's public sides, and who has been hurting whom in the public log —
and then plays greedily: heal when hurt, equip what it draws, aim harmful cards and skills at the weakest foe in
reach, dodge and dispel what harms it or its friends, save dying friends, discard its least useful cards.

"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.games.fate.actions import FateAction, Kind
from tablecraft.games.fate.content import (
    CARD_BY_NAME,
    CARD_DEF,
    CARD_NAME,
    CARD_TYPES,
    HEROES,
    IS_RED,
    CardKind,
    Role,
)

VALUE: dict[str, float] = {
    "salve": 6.0, "dodge": 5.0, "dispel": 4.5, "atk": 3.5, "fire": 3.8, "chaos": 3.8, "laguna": 6.0,
    "might": 4.0, "sunder": 4.0, "viper": 4.5, "timelock": 4.5, "greed": 4.0, "disarm": 3.0, "arrow": 3.5,
    "wildaxe": 3.5, "transport": 3.0, "chakra": 3.0, "mislead": 2.0, "frenzy": 2.5, "siren": 4.0,
}
"""How much the heuristic likes to keep a card in hand, by card code (equipment: 3)."""

HELPFUL_SKILLS = frozenset({"shadow_wave", "natures_attendants", "shallow_grave", "dark_ritual", "battle_trance",
                            "remote_mines", "time_lapse", "healing_spell"})
"""Skills whose targets (if any) should be friends, not foes (暗影波 heals its first target)."""
CAST_ON_FOES = frozenset({"bloodrage", "heartstopper", "frost_nova"})
"""Cast-phase skills that hinder their target."""


def card_value(name: str) -> float:
    """How much the heuristic likes to keep the card ``name``."""
    c = CARD_BY_NAME[name]
    d = CARD_DEF[c]
    return 3.0 if d.is_equipment else VALUE.get(d.code, 3.0)


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s prospects in [-1, 1] from the full (possibly resampled) state: the result at the end; before,
    the share of HP and living heroes on its side against the others'."""
    if state.is_terminal():
        return float(state.returns()[seat])
    side = sides_of(state, seat)
    mine = theirs = 0.0
    for p in range(state.n):
        worth = (state.hp[p] / max(1, state.maxhp[p]) + 1.0) if state.alive[p] else 0.0
        worth += 0.05 * len(state.hands[p]) if state.alive[p] else 0.0
        if side[p]:
            mine += worth
        else:
            theirs += worth
    total = mine + theirs
    return 0.0 if total <= 0 else max(-1.0, min(1.0, (mine - theirs) / total))


def sides_of(state: Any, seat: int) -> list[bool]:
    """Which seats play on ``seat``'s side in the full state (its faction; a Neutral plays alone)."""
    from tablecraft.games.fate.spec import Identity, Mode

    n = state.n
    if state.mode in (Mode.IDENTITY, Mode.TEAMS):
        me = state.identity[seat]
        if me == Identity.NEUTRAL:
            return [p == seat for p in range(n)]
        return [state.identity[p] == me for p in range(n)]
    return [p == seat for p in range(n)]


class FateHeuristic:
    """Greedy scorer over the legal actions (ties broken by the ``rng``)."""

    name = "heuristic"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """The best-scoring legal action."""
        legal: list[FateAction] = obs.legal_actions
        if not legal:
            raise ValueError("no legal actions to choose from: the game is over")
        if len(legal) == 1:
            return legal[0]
        ctx = Context(obs.view, obs.seat, obs)
        scored = [(ctx.score(a), i) for i, a in enumerate(legal)]
        best = max(sc for sc, _ in scored)
        choices = [legal[i] for sc, i in scored if sc == best]
        return choices[rng.randrange(len(choices))]


class Context:
    """The facts the scores need, read once from the view."""

    def __init__(self, view: dict[str, Any], seat: int, obs: Any) -> None:
        self.view = view
        self.seat = seat
        self.obs = obs
        self.players = view["players"]
        self.me = self.players[seat]
        self.hand = self.me["hand"] or []
        self.pending = view["pending"] or {}
        self.frame = self.pending.get("frame", "")
        self._hostility: list[float] | None = None

    # ------------------------------------------------------------------------------------------ friend or foe
    @property
    def hostility(self) -> list[float]:
        """Per seat: −1 a sure friend (or me) … +1 a sure foe."""
        if self._hostility is None:
            self._hostility = self._estimate()
        return self._hostility

    def _estimate(self) -> list[float]:
        v, me = self.view, self.seat
        n = len(self.players)
        mode = v["mode"]
        out = [0.0] * n
        out[me] = -1.0
        if mode == "1v1":
            return [-1.0 if p == me else 1.0 for p in range(n)]
        if mode == "1v1v1":
            alive = [p["alive"] for p in self.players]
            up = next((me - i) % n for i in range(1, n) if alive[(me - i) % n])
            return [-1.0 if p == me else 1.0 if p == up else 0.2 for p in range(n)]
        mine = self.me["identity"]
        for p in range(n):
            if p == me:
                continue
            ident = self.players[p]["identity"]
            if ident is not None and mine is not None:
                if mine == "neutral" or ident == "neutral":
                    out[p] = 0.6
                else:
                    out[p] = -1.0 if ident == mine else 1.0
            else:
                out[p] = 0.35
        if v["roshan"] is not None:
            r = v["roshan"]
            return [(-1.0 if p == me else 1.0 if p == r or me == r else -0.5) for p in range(n)]
        if any(ident is None for ident in (self.players[p]["identity"] for p in range(n))):
            self._from_log(out, mine)
        return out

    def _from_log(self, out: list[float], mine: str | None) -> None:
        """Lean unknown heroes towards foe or friend by whom they hurt: hurting me or a known friend is hostile."""
        friends = {p for p in range(len(out)) if out[p] <= -1.0}
        for e in self.obs.recent(200):
            if e["kind"] != "damage":
                continue
            src, t = e.get("source", -1), e["seat"]
            if src is None or src < 0 or src == t or out[src] in (-1.0, 1.0):
                continue
            if t in friends:
                out[src] = min(0.95, out[src] + 0.3)
            elif out[t] >= 1.0:
                out[src] = max(-0.9, out[src] - 0.3)

    def foe(self, p: int) -> bool:
        """Whether ``p`` is treated as a foe now."""
        return self.hostility[p] > 0.0

    def friend(self, p: int) -> bool:
        """Whether ``p`` is treated as a friend (or is me)."""
        return self.hostility[p] < 0.0

    def target_score(self, t: int, harmful: bool) -> float:
        """How good ``t`` is as the target of a harmful (or a helpful) effect."""
        pl = self.players[t]
        h = self.hostility[t]
        if harmful:
            return 10.0 * h + (5.0 - pl["hp"]) + (0.5 if pl["hand_size"] > 3 else 0.0)
        return -10.0 * h + (pl["max_hp"] - pl["hp"])

    # ------------------------------------------------------------------------------------------ scoring
    def score(self, a: FateAction) -> float:
        k = a.kind
        fr = self.frame
        if fr == "reply":
            return self.score_reply(a)
        if fr == "play":
            return self.score_play(a)
        if fr == "build":
            return self.score_build(a)
        if fr == "rescue_ask":
            return self.score_rescue(a)
        if fr == "demand":
            if k is Kind.PICK:
                return 5.0 - card_value(CARD_NAME[a.a]) + (3.0 if self.me["hp"] <= 2 else 0.0)
            return 1.0
        if k is Kind.TARGET:
            harmful = self.pending.get("skill") not in HELPFUL_SKILLS
            if self.pending.get("skill") == "shadow_wave":  # heal the first target, hurt the second
                harmful = bool(self.pending.get("targets"))
            return self.target_score(a.a, harmful)
        if k is Kind.PICK:
            return self.score_pick(a.a)
        if k is Kind.HERO:
            h = HEROES[a.a]
            return h.hp + 0.2 * h.hand
        if k is Kind.SKILL:
            return self.score_skill_choice(a)
        if k is Kind.DRAW:
            return 2.0
        if k is Kind.LOOK:
            return 1.0 + (0.5 if self.hostility[a.a] > 0 else 0.0)
        if k is Kind.ZONE:
            return 2.0 if a.a == 1 else 1.5 if a.a == 2 else 1.0
        if k is Kind.COLOR:
            return self.colour_odds(a.a)
        if k is Kind.MODE:
            target = self.pending_target()
            return 1.0 if (a.a == 0) == (target is not None and self.friend(target)) else 0.0
        if k is Kind.YES:
            return self.score_yes()
        if k is Kind.NO:
            return 1.0
        if k is Kind.DONE:
            return 0.5
        if k is Kind.PASS:
            return 0.5
        return 0.0

    def pending_target(self) -> int | None:
        """The hero a pending skill decision is about, when the public facts name one."""
        t = self.pending.get("targets")
        return t[0] if t else None

    def score_pick(self, card: int) -> float:
        """Cards paid, discarded or given away: the least useful first; cards taken: the most useful."""
        if self.frame in ("transport_ask",):
            return card_value(CARD_NAME[card])
        return 10.0 - card_value(CARD_NAME[card])

    def colour_odds(self, colour: int) -> float:
        """The share of red (0) or black (1) among cards this seat has not seen."""
        seen = {CARD_BY_NAME[c] for c in self.view["discard"] + self.view["table"] + self.hand}
        for p in self.players:
            for c in (p["weapon"], p["armour"]):
                if c:
                    seen.add(CARD_BY_NAME[c])
        unseen = [c for c in range(len(CARD_NAME)) if c not in seen]
        reds = sum(1 for c in unseen if IS_RED[c])
        share = reds / max(1, len(unseen))
        return share if colour == 0 else 1.0 - share

    def score_yes(self) -> float:
        """Optional effects: mostly worth taking."""
        skill = self.pending.get("skill")
        frame = self.frame
        if frame == "roshan_ask":
            return 2.0 if self.me["hp"] >= 3 else 0.0
        if skill == "dragon_blood":
            return 2.0 if len(self.hand) <= 2 and self.me["hp"] < self.me["max_hp"] else 0.0
        if skill in ("guardian", "purification"):
            return 0.0 if self.me["hp"] <= 2 else 1.5
        return 2.0

    def score_skill_choice(self, a: FateAction) -> float:
        """Draw-phase alternatives and cast skills: take them when they look useful."""
        if self.frame == "draw_ask":
            blacks = sum(1 for c in self.hand if not IS_RED[CARD_BY_NAME[c]])
            return 2.0 if blacks >= 2 else 0.0
        if self.frame == "cast_ask":
            return 1.0 if any(self.foe(p) and self.players[p]["alive"] for p in range(len(self.players))) else 0.0
        return 1.0

    def score_rescue(self, a: FateAction) -> float:
        dying = self.pending["dying"]
        if a.kind is Kind.PASS:
            return 1.0
        return 5.0 if self.friend(dying) else -5.0

    def score_reply(self, a: FateAction) -> float:
        p = self.pending
        purpose = p["purpose"]
        use = p.get("use") or {}
        if a.kind is Kind.PASS:
            return 1.0
        cost = 0.0
        if a.kind is Kind.USE:
            cost = card_value(CARD_NAME[a.a]) * 0.1
        elif a.kind is Kind.AS:
            cost = card_value(CARD_NAME[a.a]) * 0.1 + 0.05
        else:
            cost = 0.6
        if purpose == "attack_dodge":
            attacker = use.get("user", -1)
            return (4.0 if not self.friend(attacker) or self.me["hp"] <= 2 else 0.0) - cost
        if purpose in ("axe_dodge", "laguna_dodge"):
            return 4.0 - cost
        if purpose == "forced_attack":
            return 3.0 - cost if p.get("at") is not None and not self.friend(p["at"]) else 0.5 - cost
        if purpose == "quell":
            return 3.0
        if purpose == "dispel":
            chain = p.get("chain") or []
            return self.cancel_worth(chain) - cost
        return 0.0

    def cancel_worth(self, chain: list[dict[str, Any]]) -> float:
        """What cancelling the last item of ``chain`` (the use, then each 驱散 against the one before) is worth:
        cancelling a 驱散 lets the item before it stand, so its worth is the opposite of cancelling that."""
        if not chain:
            return -1.0
        if len(chain) > 1:
            return -self.cancel_worth(chain[:-1])
        u = chain[0]
        user = u.get("user", -1)
        targets = u.get("targets") or []
        hurts_friend = user != self.seat and any(self.friend(t) for t in targets) and not self.friend(user)
        helps_foe = self.foe(user) and (not targets or all(self.foe(t) for t in targets))
        if user == self.seat or self.friend(user):
            return -2.0
        return 3.0 if hurts_friend else 1.5 if helps_foe else -1.0

    def score_play(self, a: FateAction) -> float:
        k = a.kind
        me = self.me
        if k is Kind.PASS:
            return 0.0
        if k is Kind.USE or k is Kind.AS:
            ctype = CARD_DEF[a.a].code if k is Kind.USE else CARD_TYPES[a.b].code
            d = CARD_DEF[a.a] if k is Kind.USE else CARD_TYPES[a.b]
            if d.kind in (CardKind.WEAPON, CardKind.ARMOUR):
                slot = "weapon" if d.kind is CardKind.WEAPON else "armour"
                return 3.0 if me[slot] is None else 0.2
            if ctype == "salve":
                return 6.0 if me["hp"] <= 2 else 2.5 if len(self.hand) > me["hand_limit"] else 1.0
            if d.role is Role.ATTACK:
                base = 4.0 if any(self.foe(p) for p in self.reachable()) else -1.0
                return base - (0.3 if k is Kind.AS else 0.0)
            if ctype in ("laguna", "viper", "arrow", "wildaxe", "disarm", "greed", "siren"):
                return 3.5 if any(self.foe(p) and self.players[p]["alive"] for p in range(len(self.players))) \
                    else -1.0
            if ctype == "sunder":
                return 3.0 if me["hp"] <= 2 else -1.0
            if ctype in ("might", "timelock", "chakra", "transport"):
                return 2.5
            if ctype == "frenzy":
                attacks = sum(1 for c in self.hand if CARD_DEF[CARD_BY_NAME[c]].role is Role.ATTACK)
                return 2.0 if attacks >= 2 and me["hp"] >= 3 else -1.0
            if ctype == "mislead":
                return 0.5
            return 1.0
        if k is Kind.PAIR:
            return 1.5 if any(self.foe(p) for p in self.reachable()) else -1.0
        if k is Kind.SKILL:
            return 2.0
        if k is Kind.ITEM:
            return 1.0 if len(self.hand) > 2 else -1.0
        return 0.0

    def reachable(self) -> list[int]:
        """Seats an 【攻击】 could be aimed at (a rough reading of range: neighbours and weapon reach)."""
        n = len(self.players)
        weapon = self.me["weapon"]
        reach = CARD_DEF[CARD_BY_NAME[weapon]].range if weapon else 1
        alive = [p["alive"] for p in self.players]
        out = []
        for t in range(n):
            if t == self.seat or not alive[t]:
                continue
            fwd = sum(1 for i in range(1, n) if alive[(self.seat + i) % n] and (self.seat + i) % n != t
                      and i < (t - self.seat) % n) + 1
            back = sum(1 for i in range(1, n) if alive[(self.seat - i) % n] and (self.seat - i) % n != t
                       and i < (self.seat - t) % n) + 1
            if min(fwd, back) <= reach:
                out.append(t)
        return out

    def score_build(self, a: FateAction) -> float:
        card = self.pending.get("card")
        if a.kind is Kind.TARGET:
            helpful = card in ("salve", "chakra") or CARD_TYPES[_type_of(card)].is_equipment
            if card == "mislead":  # first a hero with rage to lose it, then one to gain it
                first = not self.pending.get("targets")
                return self.target_score(a.a, harmful=first)
            return self.target_score(a.a, harmful=not helpful)
        if a.kind is Kind.YES:
            return 2.0 if self.me["rage"] >= 1 else 0.0
        return 1.0


def _type_of(code: str | None) -> int:
    for i, d in enumerate(CARD_TYPES):
        if d.code == code:
            return i
    return 0


def make(game: Any) -> FateHeuristic:
    """The sparring agent for ``benchmarks/fate_bots.py`` (``policy:fate_previous``)."""
    return FateHeuristic()
