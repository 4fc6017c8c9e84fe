"""Who is on whose side, read from what a seat may know: the mode's public sides, the identities it has seen and
the public behaviour in its log (seed 004 · 三、决定身份: you know your own identity and your 下家's).

**Evidence.** Every public act of one hero on another is a piece of evidence about their sides: an 【攻击】, a
harmful card or skill aimed at someone (even when dodged or dispelled) says "enemy"; a heal, a rescue in the dying
window, a 援护, a gift says "friend"; a 驱散 against a harmful card protects its target and opposes its user. An act
on one's own 下家 weighs more: the actor knows the 下家's identity. A coerced 【攻击】 (战争饥渴) says almost nothing.
The evidence is a matrix ``H[a][b]`` (positive: a acted against b), built incrementally from the log (a cache keyed
by the log's chain node, so each decision reads only the new events, inside search rollouts too).

**Identities.** In the identity game the seat enumerates every assignment of the identity cards to the seats it has
not seen that fits the table's counts, weighs each by how well it explains the evidence (allies seldom hurt each
other, enemies seldom help each other, a neutral is a little hostile to everyone) and takes the marginals.

**Stance.** ``stance[p]`` in [−1, 1] is what the seat does about ``p``: +1 hurt them, −1 help them. A faction
player's stance is its enemy-faction probability minus its ally probability, with neutrals in between as their
fate makes them dangerous; a neutral's stance follows its fate card (暗影惩戒者 plays with 近卫 against 天灾,
反噬的傀儡 with its 下家's faction, 蔓延的瘟疫 against its opening neighbours, 死神的召唤者 against whoever is above
2 HP …). 1v1: the opponent; 2v2: the public teams; 1v1v1: the 上家 is the target and the 下家 the threat (杀上家保下家);
a revealed Roshan is everyone's target and everyone else a friend.
"""

from __future__ import annotations

import itertools
import math
from typing import Any

from ..spec import Identity

EV_ATTACK = frozenset({"atk", "fire", "chaos"})
HOSTILE_CARD: dict[str, float] = {
    "atk": 1.0, "fire": 1.0, "chaos": 1.0, "wildaxe": 0.8, "disarm": 0.8, "arrow": 1.0, "greed": 0.8,
    "siren": 1.2, "viper": 1.0, "laguna": 1.3, "sunder": 0.4,
}
"""Evidence weight of a card aimed at another hero (negative: a helpful card)."""
HELPFUL_CARD: dict[str, float] = {"salve": -1.6, "chakra": -0.8}
HOSTILE_SKILL: dict[str, float] = {
    "battle_hunger": 1.0, "double_edge": 1.2, "life_break": 1.0, "plasma_field": 0.8, "mana_burn": 0.8,
    "mana_void": 1.4, "the_swarm": 0.8, "breathe_fire": 0.9, "ice_path": 0.8, "nether_swap": 0.4,
    "illuminate": 0.9, "heartstopper": 0.8, "frost_nova": 0.8, "frostbite": 0.8,
}
HELPFUL_SKILL: dict[str, float] = {
    "natures_attendants": -0.9, "shallow_grave": -1.0, "shallow_grave_rescue": -1.6, "guardian": -1.2,
}
KNOWN_NEXT = 1.6
"""Acts on one's own 下家 weigh this much more: the actor has seen that identity card."""
BETA = 0.7
"""How strongly evidence moves the identity posterior (one 【攻击】 on a seat: e^(2·0.7) ≈ 4 to 1 for 'enemy')."""


class Evidence:
    """The hostility matrix so far and the little parser state the next events need."""

    __slots__ = ("h", "base", "depth", "coerced")

    def __init__(self) -> None:
        self.h: dict[tuple[int, int], float] = {}
        self.base: tuple[int, tuple[tuple[int, float], ...]] | None = None
        self.depth = 0
        self.coerced: tuple[int, int] | None = None

    def copy(self) -> Evidence:
        """An independent copy."""
        e = Evidence()
        e.h = dict(self.h)
        e.base, e.depth, e.coerced = self.base, self.depth, self.coerced
        return e

    def add(self, a: int, b: int, w: float, n: int) -> None:
        """``a`` acted on ``b`` with weight ``w`` (positive: against)."""
        if a < 0 or b < 0 or a == b or not w:
            return
        if b == (a + 1) % n:
            w *= KNOWN_NEXT
        self.h[(a, b)] = self.h.get((a, b), 0.0) + w

    def read(self, kind: str, d: dict[str, Any], n: int) -> None:
        """Take one event (its public data) into account."""
        if kind == "used":
            user, card, targets = d["seat"], d["card"], d["targets"]
            weights: list[tuple[int, float]] = []
            if card == "mislead" and len(targets) == 2:
                weights = [(targets[0], 0.3), (targets[1], -0.3)]
            else:
                w = HOSTILE_CARD.get(card, HELPFUL_CARD.get(card, 0.0))
                if card in EV_ATTACK and self.coerced == (user, targets[0] if targets else -1):
                    w = 0.15
                    self.coerced = None
                if card not in HOSTILE_CARD and card not in HELPFUL_CARD and targets and card not in EV_ATTACK:
                    w = -0.8 if targets[0] != user and _is_gift(card) else 0.0
                weights = [(t, w) for t in targets if t != user]
            for t, w in weights:
                self.add(user, t, w, n)
            if card not in EV_ATTACK and card not in ("dodge", "salve"):
                self.base, self.depth = (user, tuple(weights)), 0
        elif kind == "skill":
            user, skill, targets = d["seat"], d["skill"], d.get("targets") or []
            if skill == "shadow_wave" and len(targets) == 2:
                weights = [(targets[0], -0.8), (targets[1], 1.0)]
            elif skill == "purification" and len(targets) == 2:
                weights = [(targets[0], -1.0), (targets[1], 1.0)]
            else:
                w = HOSTILE_SKILL.get(skill, HELPFUL_SKILL.get(skill, 0.0))
                weights = [(t, w) for t in targets]
            weights = [(t, w) for t, w in weights if t != user]
            for t, w in weights:
                self.add(user, t, w, n)
            if skill == "battle_hunger" and targets:
                self.coerced = (targets[0], user)
            self.base, self.depth = (user, tuple(weights)), 0
        elif kind == "healed":
            by = d.get("by", -1)
            if by is not None and by >= 0 and by != d["seat"]:
                self.add(by, d["seat"], -0.8, n)
        elif kind == "damage":
            parts = d.get("parts") or ()
            if parts and parts[0][0] == "死亡缠绕" and d.get("source", -1) != d["seat"]:
                self.add(d["source"], d["seat"], 1.0, n)
        elif kind == "played":
            if d.get("card") == "dispel" and self.base is not None:
                x = d["seat"]
                self.depth += 1
                user, chain_weights = self.base
                if self.depth % 2:
                    for t, w in chain_weights:
                        if t != x:
                            self.add(x, t, -0.6 if w > 0 else 0.6 if w < 0 else 0.0, n)
                    if any(w > 0 for _, w in chain_weights):
                        self.add(x, user, 0.6, n)
                else:
                    self.add(x, user, -0.4, n)
        elif kind == "turn":
            self.base, self.coerced = None, None


def _is_gift(card: str) -> bool:
    from ..content import CARD_TYPES, TYPE_BY_CODE

    return CARD_TYPES[TYPE_BY_CODE[card]].is_equipment


_EVIDENCE: dict[tuple[int, int], tuple[Any, Evidence]] = {}
"""``(id(log node), seat)`` → (node, evidence up to it): each decision reads only the events since the last."""
_EVIDENCE_MAX = 30_000


def evidence_of(log: Any, seat: int, n: int) -> Evidence:
    """The evidence in a log chain (``State._log``: ``(newest, rest)`` pairs) as ``seat`` reads it."""
    cache = _EVIDENCE
    pending: list[Any] = []
    node = log
    base: Evidence | None = None
    while node is not None:
        hit = cache.get((id(node), seat))
        if hit is not None and hit[0] is node:
            base = hit[1]
            break
        pending.append(node[0])
        node = node[1]
    ev = base.copy() if base is not None else Evidence()
    if not pending:
        return ev
    for e in reversed(pending):
        k = e.kind
        if k in ("used", "skill", "healed", "damage", "played", "turn"):
            ev.read(k, e.data, n)
    if len(cache) > _EVIDENCE_MAX:
        cache.clear()
    if log is not None:
        cache[(id(log), seat)] = (log, ev)
    return ev


_ASSIGNMENTS: dict[tuple[int, ...], list[tuple[int, ...]]] = {}
_POSTERIOR: dict[tuple[Any, ...], Any] = {}


def _assignments(remaining: tuple[int, ...]) -> list[tuple[int, ...]]:
    """Distinct orderings of the multiset ``remaining`` (the identity cards not yet seen)."""
    out = _ASSIGNMENTS.get(remaining)
    if out is None:
        out = _ASSIGNMENTS[remaining] = sorted(set(itertools.permutations(remaining)))
    return out


def relation(x: int, y: int) -> float:
    """How hostile a hero of identity ``x`` is expected to be to one of ``y`` (+1 enemies, −1 allies)."""
    if x == Identity.NEUTRAL or y == Identity.NEUTRAL:
        return 0.35 if x == y else 0.25
    return -1.0 if x == y else 1.0


def posterior(known: tuple[int, ...], cards: tuple[int, ...], h: dict[tuple[int, int], float],
              fate: str | None = None) -> list[list[float]]:
    """``P[p][k]``: the chance seat ``p`` holds identity ``k`` given the ``known`` identities (−1: unseen), the
    table's identity ``cards``, the evidence ``h`` and the fate card (which says how a neutral behaves)."""
    return weighed(known, cards, h, fate)[0]


def acting_as(assign: tuple[int, ...], fate: str | None) -> tuple[int, ...]:
    """The side each hero plays for under an assignment: a neutral whose fate card is won with a faction (暗影惩戒者
    with 近卫, 圣光征服者 with 天灾, 反噬的傀儡 with its 下家's side) behaves like one of that faction."""
    if fate not in ("shadow_punisher", "holy_conqueror", "puppet"):
        return assign
    n = len(assign)
    out = list(assign)
    for q in range(n):
        if assign[q] != Identity.NEUTRAL:
            continue
        if fate == "shadow_punisher":
            out[q] = Identity.SENTINEL
        elif fate == "holy_conqueror":
            out[q] = Identity.SCOURGE
        elif assign[(q + 1) % n] != Identity.NEUTRAL:
            out[q] = assign[(q + 1) % n]
    return tuple(out)


def weighed(known: tuple[int, ...], cards: tuple[int, ...], h: dict[tuple[int, int], float],
            fate: str | None = None) -> tuple[list[list[float]], list[tuple[tuple[int, ...], float]]]:
    """The marginals of ``posterior`` and the full assignments with their probabilities."""
    key = (known, cards, fate, tuple(sorted((k, round(v, 1)) for k, v in h.items())))
    got = _POSTERIOR.get(key)
    if got is not None:
        return got
    n = len(known)
    remaining = list(cards)
    for k in known:
        if k >= 0 and k in remaining:
            remaining.remove(k)
    unknown = [p for p in range(n) if known[p] < 0]
    out = [[0.0, 0.0, 0.0] for _ in range(n)]
    for p in range(n):
        if known[p] >= 0:
            out[p][known[p]] = 1.0
    full_list: list[tuple[tuple[int, ...], float]] = []
    if not unknown:
        full_list = [(known, 1.0)]
    else:
        options = _assignments(tuple(sorted(remaining)))[:5000]
        pairs = [(a, b, w) for (a, b), w in h.items() if a < n and b < n]
        weights = []
        total = 0.0
        full = list(known)
        fulls = []
        for opt in options:
            for p, k in zip(unknown, opt, strict=False):
                full[p] = k
            fulls.append(tuple(full))
            acts = acting_as(tuple(full), fate)
            score = 0.0
            for a, b, w in pairs:
                score += w * relation(acts[a], acts[b])
            wt = math.exp(max(-60.0, min(60.0, BETA * score)))
            weights.append(wt)
            total += wt
        if total > 0:
            for opt, assign, wt in zip(options, fulls, weights, strict=True):
                share = wt / total
                full_list.append((assign, share))
                for p, k in zip(unknown, opt, strict=False):
                    out[p][k] += share
    if len(_POSTERIOR) > 20_000:
        _POSTERIOR.clear()
    _POSTERIOR[key] = (out, full_list)
    return out, full_list


def end_if_dies(view: dict[str, Any], seat: int, world: Any, dying: int) -> tuple[float, float]:
    """The chances that ``dying``'s death now ends the game with ``seat`` among the losers, and among the winners
    (in the identity game weighed over the identity assignments the seat finds plausible)."""
    from ..content import FATES
    from ..rules import identity_winners

    players = view["players"]
    n = len(players)
    mode = view["mode"]
    alive_now = [p["alive"] for p in players]
    if mode == "1v1":
        return (1.0, 0.0) if dying == seat else (0.0, 1.0)
    if mode == "1v1v1":
        return (0.0, 1.0) if dying == _upstream(alive_now, seat) else (0.0, 0.0)
    if mode == "2v2":
        mine = [q for q in range(n) if players[q]["identity"] == players[seat]["identity"]]
        side = [q for q in range(n) if q not in mine]
        if all(not alive_now[q] or q == dying for q in side):
            return 0.0, 1.0
        if all(not alive_now[q] or q == dying for q in mine):
            return 1.0, 0.0
        return 0.0, 0.0
    if view.get("roshan") is not None:
        r = view["roshan"]
        if dying == r:
            return (1.0, 0.0) if seat == r else (0.0, 1.0)
        if seat == r and sum(alive_now) == 2:
            return 0.0, 1.0
        return 0.0, 0.0
    known = tuple(IDS[p["identity"]] if p["identity"] is not None else -1 for p in players)
    cards = tuple(sorted(world.identity))
    ev = evidence_of(world._log, seat, n)
    _, assignments = weighed(known, cards, ev.h, view.get("fate"))
    alive = [p["alive"] and q != dying for q, p in enumerate(players)]
    fate_code = view.get("fate")
    fate = next((i for i, f in enumerate(FATES) if f.code == fate_code), -1) if fate_code else -1
    hp = [p["hp"] for p in players]
    rage = [p["rage"] for p in players]
    lost = gained = 0.0
    for assign, share in assignments:
        won = identity_winners(fate, view["turn_seat"], alive, assign, hp, rage, False)
        if won:
            if seat in won:
                gained += share
            else:
                lost += share
    return lost, gained


QUIET_FATES = frozenset({"death_summoner", "mathematician"})
"""Fate cards met at a quiet moment by HP or rage alone (死神的召唤者, 偏执的数学家)."""


def quiet_end(view: dict[str, Any], seat: int, world: Any, hp: list[int], rage: list[int]) -> tuple[float, float]:
    """With HP and rage as given (after an effect), the chances that a neutral's quiet fate card is met against
    ``seat`` and for it (only 死神的召唤者 and 偏执的数学家 are met this way)."""
    fate_code = view.get("fate")
    if fate_code not in QUIET_FATES or view["mode"] != "identity" or view.get("roshan") is not None:
        return 0.0, 0.0
    from ..content import FATES
    from ..rules import fate_met

    players = view["players"]
    n = len(players)
    fate = next(i for i, f in enumerate(FATES) if f.code == fate_code)
    alive = [p["alive"] and hp[q] > 0 for q, p in enumerate(players)]
    known = tuple(IDS[p["identity"]] if p["identity"] is not None else -1 for p in players)
    cards = tuple(sorted(world.identity))
    _, assignments = weighed(known, cards, evidence_of(world._log, seat, n).h, fate_code)
    lost = gained = 0.0
    start = view["turn_seat"]
    # these two cards read HP and rage only, not identities: whether seat q would have met it is one test per seat
    order = [(start + i) % n for i in range(n)]
    met = [q for q in order if fate_met(fate, q, alive, known, hp, rage, True)]
    if not met:
        return 0.0, 0.0
    for assign, share in assignments:
        for q in met:
            if assign[q] == Identity.NEUTRAL:
                if q == seat:
                    gained += share
                else:
                    lost += share
                break
    return lost, gained


def _upstream(alive: list[bool], seat: int) -> int:
    n = len(alive)
    return next(((seat - i) % n for i in range(1, n) if alive[(seat - i) % n]), seat)


IDS = {"sentinel": 0, "scourge": 1, "neutral": 2}


_STANCES: dict[tuple[int, int], tuple[Any, tuple[Any, ...], list[float]]] = {}
"""``(id(log node), seat)`` → (node, the view facts stances read, the stances): one computation per position."""


def stances(view: dict[str, Any], seat: int, world: Any) -> list[float]:
    """Per seat, +1 (hurt them) … −1 (help them); ``seat`` itself is −1 (cached per log position and view facts)."""
    log = world._log
    players = view["players"]
    facts = (view["mode"], view.get("roshan"), view.get("fate"),
             tuple((p["identity"], p["alive"], p["hp"], p["rage"]) for p in players))
    hit = _STANCES.get((id(log), seat))
    if hit is not None and hit[0] is log and hit[1] == facts:
        return hit[2]
    out = _stances(view, seat, world)
    if len(_STANCES) > 20_000:
        _STANCES.clear()
    _STANCES[(id(log), seat)] = (log, facts, out)
    return out


def _stances(view: dict[str, Any], seat: int, world: Any) -> list[float]:
    players = view["players"]
    n = len(players)
    mode = view["mode"]
    alive = [p["alive"] for p in players]
    if mode == "1v1":
        return [-1.0 if p == seat else 1.0 for p in range(n)]
    if mode == "1v1v1":
        return trio_stances(alive, seat)
    known = tuple(IDS[p["identity"]] if p["identity"] is not None else -1 for p in players)
    if mode == "2v2" and all(k >= 0 for k in known):
        return [-1.0 if known[p] == known[seat] else 1.0 for p in range(n)]
    roshan = view.get("roshan")
    if roshan is not None:
        if seat == roshan:
            return [-1.0 if p == seat else 1.0 for p in range(n)]
        return [-1.0 if p == seat else 1.0 if p == roshan else -0.6 for p in range(n)]
    cards = tuple(sorted(world.identity))
    ev = evidence_of(world._log, seat, n)
    post = posterior(known, cards, ev.h, view.get("fate"))
    mine = known[seat]
    fate = view.get("fate")
    if mine == Identity.NEUTRAL:
        return neutral_stances(view, seat, post, fate)
    enemy = 1 - mine
    danger = neutral_danger(fate, mine, seat, known, n)
    out = []
    for p in range(n):
        if p == seat:
            out.append(-1.0)
            continue
        pr = post[p]
        out.append(max(-1.0, min(1.0, pr[enemy] - pr[mine] + danger[p] * pr[Identity.NEUTRAL])))
    return out


def trio_stances(alive: list[bool], seat: int) -> list[float]:
    """1v1v1 (杀上家保下家): kill the 上家 (it wins for you); the 下家 hunts you but its death at the 上家's hand ends
    the game against you, so it is only a mild target."""
    n = len(alive)
    up = next(((seat - i) % n for i in range(1, n) if alive[(seat - i) % n]), seat)
    down = next(((seat + i) % n for i in range(1, n) if alive[(seat + i) % n]), seat)
    out = []
    for p in range(n):
        if p == seat:
            out.append(-1.0)
        elif p == up:
            out.append(1.0)
        elif p == down:
            out.append(0.35)
        else:
            out.append(0.5)
    return out


def neutral_danger(fate: str | None, mine: int, seat: int, known: tuple[int, ...], n: int) -> list[float]:
    """How much a faction player should treat each seat's possible neutral as a target, by the fate card: a
    neutral that would win in its place (暗影惩戒者/圣光征服者 when the other faction falls, 反噬的傀儡 when its
    下家's side wins) must die first; one that needs everyone low (死神的召唤者) is dangerous to all."""
    base = {"shadow_punisher": 0.6, "holy_conqueror": 0.6, "plague": 0.5, "game_of_fate": 0.45, "puppet": 0.5,
            "death_summoner": 0.7, "mathematician": 0.45, "roshan": 0.5}.get(fate or "", 0.5)
    out = [base] * n
    if fate == "shadow_punisher" and mine == Identity.SENTINEL or fate == "holy_conqueror" and mine == Identity.SCOURGE:
        out = [0.85] * n  # it wins the moment my faction would
    if fate == "puppet":
        for p in range(n):
            nxt = known[(p + 1) % n]
            if nxt == mine or (p + 1) % n == seat:
                out[p] = 0.8  # a neutral whose 下家 is on my side steals my win
    return out


def neutral_stances(view: dict[str, Any], seat: int, post: list[list[float]], fate: str | None) -> list[float]:
    """A neutral's stance by its fate card."""
    players = view["players"]
    n = len(players)
    out = []
    for p in range(n):
        if p == seat:
            out.append(-1.0)
            continue
        pr = post[p]
        pl = players[p]
        if fate == "shadow_punisher":  # 天灾全灭 wins for me: play with 近卫
            v = pr[Identity.SCOURGE] - 0.3 * pr[Identity.SENTINEL] + 0.5 * pr[Identity.NEUTRAL]
        elif fate == "holy_conqueror":
            v = pr[Identity.SENTINEL] - 0.3 * pr[Identity.SCOURGE] + 0.5 * pr[Identity.NEUTRAL]
        elif fate == "plague":  # my opening neighbours must die
            v = 1.0 if p in ((seat - 1) % n, (seat + 1) % n) else -0.2
        elif fate == "puppet":  # I win instead of my 下家: its side is mine until the end
            nxt = post[(seat + 1) % n]
            side = max(range(3), key=lambda k: nxt[k])
            if side == Identity.NEUTRAL:
                v = 0.3
            elif p == (seat + 1) % n:
                v = -1.0
            else:
                v = pr[1 - side] - pr[side] + 0.5 * pr[Identity.NEUTRAL]
        elif fate == "death_summoner":  # everyone else at 2 HP or less
            v = 0.7 if pl["hp"] > 2 else 0.05
        elif fate == "mathematician":  # everyone's rage odd
            v = 0.5 if pl["rage"] % 2 == 0 else 0.05
        else:
            v = 0.35
        out.append(max(-1.0, min(1.0, v)))
    return out


def believed_world(s: Any, seat: int, rng: Any) -> Any:
    """A world ``seat`` cannot tell from ``s`` (``view.resample_for``) whose hidden identities are drawn from the
    posterior ``weighed`` gives them, instead of uniformly: what a careful player believes about the table, so a
    search stops imagining that the seat which attacked it all game is as likely its ally as anyone. Worlds in
    which someone would already have won are excluded as ``resample_for`` excludes them; failing a draw, the
    uniform world stands."""
    from ..content import FATES
    from ..spec import Mode
    from ..view import resample_for, unseen_identities, would_have_ended

    r = resample_for(s, seat, rng)
    n = r.n
    if r.mode != Mode.IDENTITY or r.roshan >= 0:
        return r
    unknown = unseen_identities(r, seat)
    if len({r.identity[p] for p in unknown}) <= 1:
        return r
    known = tuple(-1 if p in unknown else r.identity[p] for p in range(n))
    cards = tuple(sorted(r.identity))
    ev = evidence_of(r._log, seat, n)
    _, worlds = weighed(known, cards, ev.h, FATES[r.fate].code if r.fate >= 0 else None)
    if not worlds:
        return r
    drawn = list(r.identity)
    for _ in range(8):
        u = rng.next64() / 2.0**64
        pick = worlds[-1][0]  # rounding may leave u just above the last share's end
        for assign, share in worlds:
            u -= share
            if u < 0:
                pick = assign
                break
        for p in unknown:
            r.identity[p] = pick[p]
        if not would_have_ended(r):
            return r
    r.identity[:] = drawn
    return r
