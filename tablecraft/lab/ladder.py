"""The rating ladder: agents (difficulty levels and any other specs) rated against each other per game and per role.

**Who plays.** For each pair of agents A, B (every pair, adjacent pairs in the listed order, or every agent
against one reference) and each seat *s*, two games are played on every deal: A alone at *s* with B in every other
seat, and B alone at *s* with A in every other seat (``ladder_seatings``). With two seats that is the two seatings
of the pair. A co-operative game is laddered in **team mode** instead: every agent plays every seat of its own game
on every deal.

**Duels.** The two games of a pair, seat and deal form one *duel*: A wins it when the seat won with A alone in it and
did not with B alone in it, B wins it the other way round, and it is drawn when the seat won both times or neither
(in team mode: the two teams on the same deal). The lone seat is what is compared, because in a faction game the
seats of one side share their result: comparing a whole table would measure nothing. A duel compares the agents in
the same seat of the same deal, so the role and the deal are the same on both sides.

**Ratings.** A Bradley–Terry model, P(A beats B) = p_A / (p_A + p_B), is fitted to the duels (a draw counts half a
win to each side; ``prior`` adds that many drawn duels to every pair that met, which keeps a perfect score finite)
by Hunter's MM algorithm (2004), and shown on the Elo scale: ``400 · log10(p_A / p_ref)``, the reference agent at
0. Per role, the same fit over the duels of the seats holding that role. The 95% intervals come from a bootstrap
over deals (the games of one deal are not independent, so deals are what is resampled), as are the intervals of
each pair's duel score.

>>> ladder_seatings(3, 3, pairs="adjacent")[:3]
[(0, 1, 1), (1, 0, 1), (1, 1, 0)]
>>> [round(x) for x in elo(fit_bradley_terry(np.array([[0.0, 3.0], [1.0, 0.0]]), prior=0.0))]
[0, -191]
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np

from tablecraft.core.api import Json

from .simulate import wilson_interval

PAIRS = ("all", "adjacent", "star")
"""Which pairs of agents meet: every pair, neighbours in the listed order, or each agent against the reference."""

DEFAULT_PRIOR = 1.0
"""Drawn duels added to every pair that met before fitting (keeps a 100% score finite)."""

DEFAULT_BOOTSTRAP = 1000
"""Bootstrap rounds over deals for the intervals."""

ELO_SCALE = 400.0 / math.log(10.0)
"""Elo points per unit of log-strength."""


def agent_pairs(k: int, pairs: str = "all", reference: int = 0) -> list[tuple[int, int]]:
    """The pairs of agent indexes that meet (``PAIRS``), each as ``(i, j)`` with ``i < j``.

    >>> agent_pairs(4, "adjacent"), agent_pairs(4, "star", reference=2)
    ([(0, 1), (1, 2), (2, 3)], [(0, 2), (1, 2), (2, 3)])
    """
    if pairs not in PAIRS:
        raise ValueError(f"pairs {pairs!r} is not one of {', '.join(PAIRS)}")
    if not 0 <= reference < max(k, 1):
        raise ValueError(f"the reference agent {reference} is not one of the {k} agents")
    if pairs == "all":
        return [(i, j) for i in range(k) for j in range(i + 1, k)]
    if pairs == "adjacent":
        return [(i, i + 1) for i in range(k - 1)]
    return [(min(i, reference), max(i, reference)) for i in range(k) if i != reference]


def ladder_seatings(k: int, seats: int, pairs: str = "all", reference: int = 0,
                    team: bool = False) -> list[tuple[int, ...]]:
    """The seatings of a ladder of ``k`` agents at a ``seats``-seat table: for each pair, each agent alone in each
    seat against the other (duplicates dropped: with two seats, "A alone in seat 0" is "B alone in seat 1"); in
    team mode, each agent in every seat.

    >>> ladder_seatings(2, 2)
    [(0, 1), (1, 0)]
    >>> ladder_seatings(3, 2, team=True)
    [(0, 0), (1, 1), (2, 2)]
    """
    if k < 2:
        raise ValueError("a ladder needs at least two agents")
    if seats < 1:
        raise ValueError("a ladder needs at least one seat")
    if team:
        return [(a,) * seats for a in range(k)]
    if seats < 2:
        raise ValueError("a one-seat game has no opponents to duel: use team mode")
    out: list[tuple[int, ...]] = []
    for i, j in agent_pairs(k, pairs, reference):
        for lone, rest in ((i, j), (j, i)):
            for s in range(seats):
                seating = tuple(lone if q == s else rest for q in range(seats))
                if seating not in out:
                    out.append(seating)
    return out


def lone_seats(seating: Sequence[int]) -> list[tuple[int, int, int]]:
    """``(agent, other agent, seat)`` for each agent sitting alone in a seating of exactly two agents.

    >>> lone_seats((0, 1, 1)), lone_seats((0, 1))
    ([(0, 1, 0)], [(0, 1, 0), (1, 0, 1)])
    """
    agents = set(seating)
    if len(agents) != 2:
        return []
    out = []
    for s, a in enumerate(seating):
        if seating.count(a) == 1:
            (b,) = agents - {a}
            out.append((a, b, s))
    return out


# ----------------------------------------------------------------------------------------------- the model
def fit_bradley_terry(wins: np.ndarray, prior: float = DEFAULT_PRIOR, tol: float = 1e-10,
                      max_iter: int = 100_000) -> np.ndarray:
    """Bradley–Terry log-strengths (mean 0) from ``wins[..., i, j]``, the score of agent i against agent j (a draw
    is half a win to each). Leading dimensions are fitted independently (the bootstrap fits all rounds at once).
    ``prior`` drawn duels are added to every pair that met.

    Exact counts of a known model are recovered exactly:

    >>> p = np.array([1.0, 2.0, 4.0])
    >>> w = 100 * p[:, None] / (p[:, None] + p[None, :]) * (1 - np.eye(3))
    >>> np.round(np.exp(fit_bradley_terry(w, prior=0.0)) / np.exp(fit_bradley_terry(w, prior=0.0))[0], 6)
    array([1., 2., 4.])
    """
    w = np.array(wins, dtype=float)
    k = w.shape[-1]
    games = w + np.swapaxes(w, -1, -2)
    if prior:
        met = games > 0
        w = w + met * (prior / 2.0)
        games = games + met * prior
    won = w.sum(axis=-1)
    p = np.ones(w.shape[:-1])
    with np.errstate(divide="ignore", invalid="ignore"):
        for _ in range(max_iter):
            pair = p[..., :, None] + p[..., None, :]
            denom = np.where(games > 0, games / pair, 0.0).sum(axis=-1)
            new = np.where(denom > 0, won / denom, p)
            new = np.maximum(new, 1e-300)
            new = new / np.exp(np.log(new).mean(axis=-1, keepdims=True))
            if np.max(np.abs(np.log(new) - np.log(p))) < tol:
                p = new
                break
            p = new
    logs: np.ndarray = np.log(p)
    return logs - logs.mean(axis=-1, keepdims=True) if k else logs


def elo(log_strengths: np.ndarray, reference: int = 0) -> np.ndarray:
    """Log-strengths on the Elo scale, the ``reference`` agent at 0 (a 400-point gap: 10 to 1 odds)."""
    x = np.asarray(log_strengths, dtype=float)
    return ELO_SCALE * (x - x[..., reference:reference + 1])


# ----------------------------------------------------------------------------------------------- the data
@dataclass
class Duels:
    """Duel scores per deal: ``overall[d][i, j]`` is agent i's score against agent j on deal ``deals[d]``, and
    ``by_role[role][d]`` the same over the seats holding ``role``; ``lone[role][(a, b)]`` counts the games agent
    a played alone in a seat of that role against b, and how many it won (games of complete duels only)."""

    agents: list[str]
    deals: list[int] = field(default_factory=list)
    overall: list[np.ndarray] = field(default_factory=list)
    by_role: dict[str, list[np.ndarray]] = field(default_factory=dict)
    lone: dict[str, dict[tuple[int, int], list[int]]] = field(default_factory=dict)
    duels: int = 0
    games: int = 0


def collect_duels(agents: Sequence[str], seatings: Sequence[Sequence[int]],
                  games: Iterable[tuple[int, int, Json]], team: bool = False) -> Duels:
    """The duels of stored games ``(seed, seating index, record)``; a duel whose second game is missing (an
    interrupted run) is left out, so only complete pairs count."""
    k = len(agents)
    by_deal: dict[int, dict[int, Json]] = {}
    count = 0
    for seed, seating, record in games:
        by_deal.setdefault(seed, {})[seating] = record
        count += 1
    out = Duels(list(agents), games=count)
    lone_by_seating = {i: lone_seats(tuple(s)) for i, s in enumerate(seatings)}
    team_of = {s[0]: i for i, s in enumerate(seatings) if len(set(s)) == 1}
    role_deals: list[dict[str, np.ndarray]] = []
    for seed in sorted(by_deal):
        played = by_deal[seed]
        total = np.zeros((k, k))
        roles: dict[str, np.ndarray] = {}
        seen = False
        if team:
            for a in range(k):
                for b in range(a + 1, k):
                    ra, rb = played.get(team_of.get(a, -1)), played.get(team_of.get(b, -1))
                    if ra is None or rb is None:
                        continue
                    _score(total, a, b, bool(ra["winners"]), bool(rb["winners"]))
                    out.duels += 1
                    seen = True
            if seen:
                out.deals.append(seed)
                out.overall.append(total)
                role_deals.append({})
            continue
        index: dict[tuple[int, int, int], Json] = {}
        for i, record in played.items():
            for a, b, s in lone_by_seating.get(i, []):
                index[(a, b, s)] = record
        for (a, b, s), ra in index.items():
            role = str(ra["roles"][s]) if ra.get("roles") else str(s)
            if a > b:
                continue  # each duel once, from the lower index's side
            rb = index.get((b, a, s))
            if rb is None:
                continue
            won_a, won_b = s in ra["winners"], s in rb["winners"]
            _score(total, a, b, won_a, won_b)
            role_b = str(rb["roles"][s]) if rb.get("roles") else str(s)
            if role_b == role:  # the deal gave the seat the same role both times (always, unless dealt in play)
                _score(roles.setdefault(role, np.zeros((k, k))), a, b, won_a, won_b)
                for x, y, won in ((a, b, won_a), (b, a, won_b)):
                    tally = out.lone.setdefault(role, {}).setdefault((x, y), [0, 0])
                    tally[0] += won
                    tally[1] += 1
            out.duels += 1
            seen = True
        if seen:
            out.deals.append(seed)
            out.overall.append(total)
            role_deals.append(roles)
    for role in sorted({r for roles in role_deals for r in roles}):
        out.by_role[role] = [roles.get(role, np.zeros((k, k))) for roles in role_deals]
    return out


def _score(matrix: np.ndarray, a: int, b: int, won_a: bool, won_b: bool) -> None:
    if won_a == won_b:
        matrix[a, b] += 0.5
        matrix[b, a] += 0.5
    elif won_a:
        matrix[a, b] += 1.0
    else:
        matrix[b, a] += 1.0


# -------------------------------------------------------------------------------------------- the answers
def _bootstrap_weights(deals: int, rounds: int, seed: int) -> np.ndarray:
    """How many times each deal is drawn in each bootstrap round (rounds × deals)."""
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, deals, size=(rounds, deals))
    weights = np.zeros((rounds, deals))
    np.add.at(weights, (np.arange(rounds)[:, None], picks), 1.0)
    return weights


def rate_table(per_deal: Sequence[np.ndarray], agents: Sequence[str], reference: int, prior: float,
               weights: np.ndarray) -> Json:
    """Ratings (Elo, the reference at 0) with bootstrap 95% intervals, and each pair's duel score with its
    interval, from per-deal score matrices."""
    k = len(agents)
    stack = np.stack(list(per_deal)) if per_deal else np.zeros((0, k, k))
    total = stack.sum(axis=0) if len(stack) else np.zeros((k, k))
    met = (total + total.T) > 0
    ratings = elo(fit_bradley_terry(total, prior), reference)
    rows: list[Json] = []
    pairs: list[Json] = []
    if len(stack):
        boot = np.einsum("rd,dij->rij", weights, stack)
        boot_ratings = elo(fit_bradley_terry(boot, prior), reference)
        lo, hi = np.percentile(boot_ratings, [2.5, 97.5], axis=0)
        games = boot + np.swapaxes(boot, 1, 2)
        with np.errstate(divide="ignore", invalid="ignore"):
            boot_scores = np.where(games > 0, boot / games, np.nan)
        score_lo = np.nanpercentile(np.where(np.isnan(boot_scores), 0.5, boot_scores), 2.5, axis=0)
        score_hi = np.nanpercentile(np.where(np.isnan(boot_scores), 0.5, boot_scores), 97.5, axis=0)
    else:
        lo = hi = ratings
        score_lo = score_hi = np.full((k, k), 0.5)
    order = sorted(range(k), key=lambda i: -ratings[i])
    for i in order:
        rows.append({"agent": agents[i], "elo": round(float(ratings[i]), 1),
                     "ci": [round(float(lo[i]), 1), round(float(hi[i]), 1)], "duels": float(total[i].sum()
                                                                                          + total[:, i].sum())})
    for i in range(k):
        for j in range(i + 1, k):
            if not met[i, j]:
                continue
            n = float(total[i, j] + total[j, i])
            pairs.append({"a": agents[i], "b": agents[j], "duels": n, "score_a": round(float(total[i, j] / n), 4),
                          "ci": [round(float(score_lo[i, j]), 4), round(float(score_hi[i, j]), 4)]})
    return {"ratings": rows, "pairs": pairs}


def ladder_summary(duels: Duels, reference: int = 0, prior: float = DEFAULT_PRIOR,
                   bootstrap: int = DEFAULT_BOOTSTRAP, seed: int = 0) -> Json:
    """Everything the ladder reports, as JSON: overall and per-role ratings and pair scores, each agent's win rate
    alone in each role against each other agent (Wilson intervals), and the counts behind them."""
    weights = _bootstrap_weights(len(duels.deals), bootstrap, seed) if duels.deals else np.zeros((bootstrap, 0))
    out: Json = {
        "agents": list(duels.agents), "reference": duels.agents[reference], "deals": len(duels.deals),
        "games": duels.games, "duels": duels.duels, "prior": prior, "bootstrap": bootstrap,
        "overall": rate_table(duels.overall, duels.agents, reference, prior, weights),
        "roles": {role: rate_table(series, duels.agents, reference, prior, weights)
                  for role, series in sorted(duels.by_role.items())},
        "alone": {role: [{"agent": duels.agents[a], "against": duels.agents[b], "wins": w, "games": n,
                          "rate": round(w / n, 4), "ci": [round(x, 4) for x in wilson_interval(w, n)]}
                         for (a, b), (w, n) in sorted(table.items())]
                  for role, table in sorted(duels.lone.items())},
    }
    return out


def describe(summary: Json) -> list[str]:
    """Plain lines of the overall ratings (for logs and doctests)."""
    return [f"{r['agent']}: {r['elo']:+.0f} [{r['ci'][0]:+.0f}, {r['ci'][1]:+.0f}]"
            for r in summary["overall"]["ratings"]]
