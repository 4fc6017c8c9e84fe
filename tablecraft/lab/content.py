"""Content impact: which hero, fate card, demon king or card moves the win rate, and which rules fire with it.

A game reports the content each seat met (``State.content()``: ``{kind: [items of seat 0, …]}``), and every
game record keeps it (``simulate.game_record``). This module reads only records, so it serves every game.

**The unit is a seat-game**: one seat of one game, which *won* when the seat is among the winners. An item (a
``kind`` and its name, e.g. ``king`` ``gale``) is *had* by the seat-games whose seat lists it at least once. In a
co-operative game (every game won or lost by all seats together: wild-hunters) a seat's teammates share its
result, so comparing them says nothing; there the unit is the whole game, which has an item when any of its
seats does (``unit="auto"`` picks this; ``"seat"`` and ``"game"`` force either). The
comparison is made among the seat-games that met that kind of content at all — the *scope* of the kind: every
seat for heroes and the demon king, the neutral seats for fate's fate cards, the heroes that took a second
profession — so holding *some* fate card (being the neutral) is not mistaken for the effect of this one.

For each item (``content_impact``):

- its **rate**: the win rate of the seat-games that had it, and the **reference**: the seat-games of the scope
  that did not (``against="rest"``, the default) or all of the scope (``"pooled"``); both are
  ``stats.Rate.from_deals``, so their intervals are clustered by deal like every rate of the lab (games that
  share a deal, and the seats of one game, are not independent);
- the **difference** item − reference, with a 95% interval: Newcombe's hybrid score interval (method 10 of
  Newcombe 1998) built from the two clustered intervals, with the correlation of the two rates over the deals
  they share (the cluster-robust covariance of the two ratio estimators) — zero when they share none (the demon
  king: one per deal), so the interval is then Newcombe's for independent rates;
- optionally **adjusted for roles** (``adjust_roles``): the difference the roles alone would make — the mean
  pooled win rate of the roles of the item's seat-games minus that of the reference's — is taken off the
  difference and its interval (indirect standardisation). Fate's heroes are drafted after the identities are
  dealt, and a sentinel wins more than a scourge: the adjustment keeps a hero picked mostly by sentinels from
  looking strong;
- a **p-value**: the two-proportion z-test on the rates' effective sample sizes (trials over their design
  effect, as in their intervals: the first-order correction of Rao & Scott 1992 for clustered binary data),
  less the covariance of the two rates over shared deals (``rao_scott_test``);
- the p-values of all items of all kinds form one family, corrected by **Benjamini–Hochberg** (the default,
  ``scipy.stats.false_discovery_control``: among the items called significant, about 5% are expected to be
  false discoveries) or **Holm** (``stats.holm``: the chance of any false discovery held at 5%); an item is
  *significant* when its adjusted p-value is below α;
- the **ranking**: significant items first, by the size of their difference; then the others by adjusted
  p-value.

An item that every seat-game of its scope had (the one hero of a solo wild-hunters game) has nothing to be
compared with; it is listed under ``constant``.

``content_coverage`` is the per-content rule coverage: for each item, in how many of its games each event kind
fired (and how often), which event kinds never fired with it although their rate elsewhere says they should
have, and which other content the same seat met with it (the skills a hero used, the cards it played).

Constructed games: king ``a`` wins 4 games of 5, king ``b`` 1 of 5.

>>> records = [{"seed": j, "seats": 1, "winners": [0] if (j < 4 or j == 9) else [], "roles": ["hero"],
...             "content": {"king": [["a" if j < 5 else "b"]]}} for j in range(10)]
>>> doc = content_impact(records)
>>> [(r["item"], r["rate"]["rate"], r["reference"]["rate"], round(r["difference"], 2)) for r in doc["rows"]]
[('a', 0.8, 0.2, 0.6), ('b', 0.2, 0.8, -0.6)]
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from scipy import stats as scipy_stats

from tablecraft.agents import make_agent
from tablecraft.core.api import Game, Json

from .backends import Backend, InlineBackend
from .simulate import Batch
from .stats import ALPHA, Rate, holm
from .tournament import make_seatings, parse_agents

CORRECTIONS = ("bh", "holm")
"""Multiple-comparison corrections: Benjamini–Hochberg (false discovery rate) or Holm (family-wise error)."""
AGAINST = ("rest", "pooled")
"""What an item is compared with: the rest of its scope, or all of it."""
MIN_EXPECTED = 3.0
"""An event kind that never fired with an item is reported when, at its rate in the other games, it would have
fired in at least this many of the item's games (the chance of seeing none by luck is then about e⁻³ ≈ 5%)."""


@dataclass(frozen=True)
class SeatGame:
    """One seat of one game record: the deal it was played from, whether it won, its role and its content."""

    deal: int
    game: int
    """The index of its record."""
    seat: int
    won: bool
    role: str
    items: dict[str, Counter[str]]
    """Per content kind: each item the seat met, with how many times."""


def seat_games(records: Sequence[Json]) -> list[SeatGame]:
    """The seat-games of ``records`` (each needs ``seed``, ``winners`` and ``content``; ``roles`` and ``seats``
    are read when present). ``ValueError`` naming the record when its content does not give one list per
    seat."""
    out: list[SeatGame] = []
    for index, record in enumerate(records):
        content = record.get("content")
        if content is None:
            raise ValueError(f"record {index} (seed {record.get('seed')}) has no content: it was made before "
                             "game records kept State.content(); play the games again")
        roles = record.get("roles") or []
        seats = record.get("seats") or len(roles) or len(record.get("returns") or [])
        for kind, per_seat in content.items():
            if len(per_seat) != seats:
                raise ValueError(f"record {index} (seed {record.get('seed')}): content {kind!r} lists "
                                 f"{len(per_seat)} seats, the game has {seats}")
        winners = set(record["winners"])
        for seat in range(seats):
            items = {kind: Counter(per_seat[seat]) for kind, per_seat in content.items()}
            out.append(SeatGame(int(record["seed"]), index, seat, seat in winners,
                                roles[seat] if seat < len(roles) else "", items))
    return out


UNITS = ("auto", "seat", "game")
"""What one observation is: a seat of a game, or a whole game (``auto``: the game when every game is won or
lost by all its seats together, a co-operative game, else the seat)."""


def is_cooperative(records: Sequence[Json]) -> bool:
    """True when every game was won or lost by all its seats together (nobody or everybody among the
    winners): then a seat's teammates share its result, and comparing them tells nothing."""
    return bool(records) and all(
        not r["winners"] or len(set(r["winners"])) == (r.get("seats") or len(r.get("roles") or r["returns"]))
        for r in records)


def game_units(records: Sequence[Json]) -> list[SeatGame]:
    """One unit per game (``seat`` −1, role ``""``), holding the content of all its seats, won when anybody
    won: the unit of a co-operative game, where an item matters for the team and teammates share the result."""
    out: list[SeatGame] = []
    for u in seat_games(records):
        if out and out[-1].game == u.game:
            for kind, items in u.items.items():
                out[-1].items[kind].update(items)
            continue
        out.append(SeatGame(u.deal, u.game, -1, bool(records[u.game]["winners"]), "",
                            {kind: Counter(items) for kind, items in u.items.items()}))
    return out


def role_rates(units: Iterable[SeatGame]) -> dict[str, float]:
    """The pooled win rate of each role: what a seat-game of that role is expected to win."""
    won: Counter[str] = Counter()
    played: Counter[str] = Counter()
    for u in units:
        won[u.role] += u.won
        played[u.role] += 1
    return {role: won[role] / played[role] for role in played}


# ------------------------------------------------------------------------------------------- statistics
def rao_scott_test(item: Rate, reference: Rate, correlation: float = 0.0, offset: float = 0.0) -> tuple[float, float]:
    """The two-proportion z-test of ``item.rate − reference.rate − offset == 0`` on the rates' effective sample
    sizes (``Rate.effective_trials``: the trials over the design effect of their deal clustering) — the
    first-order correction of Rao & Scott (1992) for clustered binary data, on the same effective sizes as the
    rates' intervals — with the covariance of two rates measured on shared deals (``correlation``) taken off
    the variance of their difference: ``(z, two-sided p)``; ``(0, 1)`` when a side has no effective trials.

    Without clustering it is the pooled two-proportion z-test (``stats.two_proportion_test``):

    >>> z, p = rao_scott_test(Rate(56, 70), Rate(48, 80))
    >>> round(z, 3), round(p, 4)
    (2.65, 0.008)
    """
    n1, n0 = item.effective_trials, reference.effective_trials
    if n1 <= 0 or n0 <= 0:
        return 0.0, 1.0
    pooled = (item.successes + reference.successes) / (item.trials + reference.trials)
    v = pooled * (1 - pooled)
    var = v / n1 + v / n0 - 2 * correlation * v / math.sqrt(n1 * n0)
    if var <= 1e-300:
        return 0.0, 1.0
    z = (item.rate - reference.rate - offset) / math.sqrt(var)
    return z, math.erfc(abs(z) / math.sqrt(2))


def rate_correlation(a: Rate, b: Rate) -> float:
    """The correlation of two clustered rates over the deals they share: the cluster-robust covariance of the
    two ratio estimators over their variances (0 when they share no deal or one has no spread)."""
    if a.by_deal is None or b.by_deal is None or not a.trials or not b.trials:
        return 0.0
    ra, rb = a.rate, b.rate
    ua = {d: (w - ra * n) / a.trials for d, (w, n) in a.by_deal.items()}
    ub = {d: (w - rb * n) / b.trials for d, (w, n) in b.by_deal.items()}
    va = sum(x * x for x in ua.values())
    vb = sum(x * x for x in ub.values())
    if va <= 0 or vb <= 0:
        return 0.0
    cov = sum(ua[d] * ub[d] for d in ua.keys() & ub.keys())
    return max(-1.0, min(1.0, cov / math.sqrt(va * vb)))


def difference_interval(item: Rate, reference: Rate, correlation: float = 0.0) -> tuple[float, float]:
    """The 95% interval of ``item.rate − reference.rate``: Newcombe's hybrid score interval from the two rates'
    own (clustered) intervals, with their ``correlation`` (Newcombe 1998, method 10; 0 = independent rates).

    With no correlation it is ``stats.newcombe_interval`` (Newcombe's worked example, 56/70 − 48/80):

    >>> [round(x, 4) for x in difference_interval(Rate(56, 70), Rate(48, 80))]
    [0.0524, 0.3339]
    """
    p1, p2 = item.rate, reference.rate
    l1, u1 = item.interval
    l2, u2 = reference.interval
    d = p1 - p2
    lo = d - math.sqrt(max(0.0, (p1 - l1) ** 2 - 2 * correlation * (p1 - l1) * (u2 - p2) + (u2 - p2) ** 2))
    hi = d + math.sqrt(max(0.0, (u1 - p1) ** 2 - 2 * correlation * (u1 - p1) * (p2 - l2) + (p2 - l2) ** 2))
    return max(-1.0, lo), min(1.0, hi)


def adjust_p_values(p_values: Sequence[float], correction: str = "bh") -> list[float]:
    """The p-values adjusted for their number, in the order given: ``bh`` (Benjamini–Hochberg, by
    ``scipy.stats.false_discovery_control``) or ``holm`` (``stats.holm``).

    >>> [round(p, 3) for p in adjust_p_values([0.01, 0.04, 0.03, 0.005], "bh")]
    [0.02, 0.04, 0.04, 0.02]
    >>> [round(p, 3) for p in adjust_p_values([0.01, 0.04, 0.03, 0.005], "holm")]
    [0.03, 0.06, 0.06, 0.02]
    """
    if correction not in CORRECTIONS:
        raise ValueError(f"correction {correction!r} is not one of {', '.join(CORRECTIONS)}")
    if not p_values:
        return []
    if correction == "holm":
        return holm(p_values)
    return [float(p) for p in scipy_stats.false_discovery_control(list(p_values), method="bh")]


# ----------------------------------------------------------------------------------------------- impact
@dataclass
class _Side:
    """Per deal: units and wins of one group; and the sum of its units' expected rates (from their roles)."""

    n: dict[int, int]
    wins: dict[int, int]
    expected: float = 0.0

    @classmethod
    def empty(cls) -> _Side:
        return cls(defaultdict(int), defaultdict(int))

    def add(self, u: SeatGame, expected: float) -> None:
        self.n[u.deal] += 1
        self.wins[u.deal] += u.won
        self.expected += expected

    def minus(self, other: _Side) -> _Side:
        out = _Side.empty()
        for d, n in self.n.items():
            left = n - other.n.get(d, 0)
            if left:
                out.n[d] = left
                out.wins[d] = self.wins[d] - other.wins.get(d, 0)
        out.expected = self.expected - other.expected
        return out

    @property
    def trials(self) -> int:
        return sum(self.n.values())

    def rate(self) -> Rate:
        return Rate.from_deals({d: (self.wins[d], n) for d, n in self.n.items()})


def chosen_kinds(units: Iterable[SeatGame], kinds: Sequence[str] | None) -> tuple[list[str], list[str]]:
    """The content kinds the games have, and those asked for (all of them when ``kinds`` is None); a kind the
    games do not have is refused, naming those they do."""
    known = sorted({k for u in units for k in u.items})
    chosen = list(kinds) if kinds is not None else known
    unknown = [k for k in chosen if k not in known]
    if unknown:
        raise ValueError(f"no content kind {', '.join(map(repr, unknown))} in these games; kinds: "
                         f"{', '.join(known) or 'none'}")
    return known, chosen


def content_impact(records: Sequence[Json], correction: str = "bh", against: str = "rest",
                   adjust_roles: bool = False, alpha: float = ALPHA, kinds: Sequence[str] | None = None,
                   unit: str = "auto") -> Json:
    """The win-rate effect of every content item of ``records`` (of ``kinds``, default all), ranked; see the
    module docstring. ``unit`` (``UNITS``) says whether a seat or a whole game is one observation. Returns
    ``{"unit", "units", "games", "deals", "correction", "against", "adjusted_for", "rows", "constant"}``; each
    row has ``kind``, ``item``, ``units``, ``games``, ``deals``, ``rate`` and ``reference``
    (``Rate.to_json``), ``difference``, ``ci``, ``role_offset``, ``correlation``, ``z``, ``p_value``,
    ``p_adjusted``, ``significant`` and ``rank`` (1 = first)."""
    if against not in AGAINST:
        raise ValueError(f"against {against!r} is not one of {', '.join(AGAINST)}")
    if correction not in CORRECTIONS:
        raise ValueError(f"correction {correction!r} is not one of {', '.join(CORRECTIONS)}")
    if not 0 < alpha < 1:
        raise ValueError(f"alpha must be between 0 and 1, got {alpha}")
    if unit not in UNITS:
        raise ValueError(f"unit {unit!r} is not one of {', '.join(UNITS)}")
    if unit == "auto":
        unit = "game" if is_cooperative(records) else "seat"
    if unit == "game" and adjust_roles:
        raise ValueError("a whole game has no role to adjust for: adjust for roles with seat units only")
    units = game_units(records) if unit == "game" else seat_games(records)
    _, chosen = chosen_kinds(units, kinds)
    expected = role_rates(units) if adjust_roles else {}
    rows: list[Json] = []
    constant: list[Json] = []
    for kind in chosen:
        scope = [u for u in units if u.items.get(kind)]
        everyone = _Side.empty()
        with_item: dict[str, _Side] = defaultdict(_Side.empty)
        games: dict[str, set[int]] = defaultdict(set)
        for u in scope:
            e = expected.get(u.role, 0.0)
            everyone.add(u, e)
            for item in u.items[kind]:
                with_item[item].add(u, e)
                games[item].add(u.game)
        for item in sorted(with_item):
            side = with_item[item]
            reference = everyone.minus(side) if against == "rest" else everyone
            if side.trials == everyone.trials:
                constant.append({"kind": kind, "item": item, "units": side.trials, "games": len(games[item])})
                continue
            rate, ref = side.rate(), reference.rate()
            rho = rate_correlation(rate, ref)
            offset = side.expected / side.trials - reference.expected / reference.trials if adjust_roles else 0.0
            lo, hi = difference_interval(rate, ref, rho)
            z, p = rao_scott_test(rate, ref, rho, offset)
            rows.append({"kind": kind, "item": item, "units": side.trials, "games": len(games[item]),
                         "deals": len(side.n), "rate": rate.to_json(), "reference": ref.to_json(),
                         "difference": rate.rate - ref.rate - offset,
                         "ci": [max(-1.0, lo - offset), min(1.0, hi - offset)], "role_offset": offset,
                         "correlation": rho, "z": z, "p_value": p})
    for row, p_adj in zip(rows, adjust_p_values([r["p_value"] for r in rows], correction), strict=True):
        row["p_adjusted"] = p_adj
        row["significant"] = p_adj < alpha
    rows.sort(key=rank_key)
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return {"unit": unit, "units": len(units), "games": len(records), "deals": len({u.deal for u in units}),
            "correction": {"method": correction, "family": len(rows), "alpha": alpha,
                           "by": "scipy.stats.false_discovery_control" if correction == "bh" else "stats.holm"},
            "against": against, "adjusted_for": "role" if adjust_roles else None, "kinds": chosen,
            "rows": rows, "constant": constant}


def rank_key(row: Json) -> tuple[int, float, float, str, str]:
    """The ranking of the impact table: significant items first, the largest difference first; then the others
    by adjusted p-value (the nearest to significance first)."""
    if row["significant"]:
        return 0, -abs(row["difference"]), row["p_adjusted"], row["kind"], row["item"]
    return 1, row["p_adjusted"], -abs(row["difference"]), row["kind"], row["item"]


# --------------------------------------------------------------------------------------------- coverage
def content_coverage(records: Sequence[Json], kinds: Sequence[str] | None = None,
                     min_expected: float = MIN_EXPECTED) -> Json:
    """Per content kind (``kinds``, default all) and item: ``units`` (its seat-games), ``games``, ``times``
    (how often it was listed: a skill used three times counts 3); ``events``, for each event kind that fired in
    the item's games, the share of them it fired in, its mean count per game there, and the share of the other
    games it fired in (``others``; ``None`` when there are none); ``never_fired``, the event
    kinds that never fired in its games though at their rate in the other games they would have in at least
    ``min_expected`` of them (each with that ``expected`` number); and ``with``, per other content kind, the
    items the *same seat* met in the item's seat-games, with the share of them and the mean times.

    >>> records = [{"seed": j, "seats": 1, "winners": [], "events": {"burn": 1} if j % 2 else {"turn": 2},
    ...             "content": {"king": [["blaze" if j % 2 else "tide"]]}} for j in range(8)]
    >>> cov = content_coverage(records)["king"]
    >>> cov["blaze"]["events"]["burn"], [n["kind"] for n in cov["blaze"]["never_fired"]]
    ({'games': 1.0, 'mean': 1.0, 'others': 0.0}, ['turn'])
    """
    units = seat_games(records)
    known, chosen = chosen_kinds(units, kinds)
    fired_in: Counter[str] = Counter()
    for r in records:
        fired_in.update(k for k, c in (r.get("events") or {}).items() if c)
    total_games = len(records)
    out: Json = {}
    for kind in chosen:
        per_item: dict[str, list[SeatGame]] = defaultdict(list)
        for u in units:
            for item in u.items.get(kind, ()):
                per_item[item].append(u)
        table: Json = {}
        for item in sorted(per_item):
            mine = per_item[item]
            game_ids = sorted({u.game for u in mine})
            g = len(game_ids)
            counts: Counter[str] = Counter()
            fired: Counter[str] = Counter()
            for i in game_ids:
                ev = records[i].get("events") or {}
                counts.update(ev)
                fired.update(k for k, c in ev.items() if c)
            others = total_games - g
            events = {k: {"games": fired[k] / g, "mean": counts[k] / g,
                          "others": (fired_in[k] - fired[k]) / others if others else None}
                      for k in sorted(fired_in) if fired[k]}
            never = []
            for k in sorted(fired_in):
                if fired[k] or not others:
                    continue
                share = (fired_in[k] - fired[k]) / others
                if share * g >= min_expected:
                    never.append({"kind": k, "expected": share * g})
            together: Json = {}
            for other in known:
                if other == kind:
                    continue
                seen: Counter[str] = Counter()
                times: Counter[str] = Counter()
                for u in mine:
                    items = u.items.get(other, Counter())
                    seen.update(items.keys())
                    times.update(items)
                if seen:
                    together[other] = {x: {"share": seen[x] / len(mine), "mean": times[x] / len(mine)}
                                       for x in sorted(seen, key=lambda x: (-seen[x], x))}
            table[item] = {"units": len(mine), "games": g, "times": sum(u.items[kind][item] for u in mine),
                           "events": events, "never_fired": never, "with": together}
        out[kind] = table
    return out


# ---------------------------------------------------------------------------------------------- playing
def play_deals(game: Game[Any], agents: str | Sequence[str], deals: int, seed: int = 0, seating: str = "rotate",
               backend: Backend | None = None, on_done: Callable[[int], None] | None = None) -> list[Json]:
    """The records (with their content) of ``deals`` deals, seeds ``seed`` …, each played under every seating
    of ``agents`` (``tournament.make_seatings``), deal by deal, on ``backend`` (default: in this process).

    The lab's database keeps no content, so content impact plays its own games; they are the same games a
    ``lab run`` of the same agents, seating and seeds plays.
    """
    if deals < 1:
        raise ValueError(f"the number of deals must be at least 1, got {deals}")
    unique, per_seat = parse_agents(agents)
    seatings = make_seatings(per_seat, len(unique), game.num_seats, seating)
    for spec in unique:
        make_agent(spec, game)  # an unknown agent fails now, not in a worker
    runner = backend or InlineBackend()
    span = max(1, min(25, deals // (runner.workers * 4)))
    opts = tuple(sorted(game.options.items()))
    batches = [Batch(game.spec.id, opts, game.num_seats, tuple(unique[a] for a in s),
                     tuple(range(seed + i, seed + min(deals, i + span))), False)
               for i in range(0, deals, span) for s in seatings]
    records: list[Json] = []
    for _, batch_records in runner.run(batches):
        records.extend(batch_records)
        if on_done:
            on_done(len(batch_records))
    records.sort(key=lambda r: (r["seed"], r["bots"]))
    return records
