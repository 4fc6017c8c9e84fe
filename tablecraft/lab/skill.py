"""Balance as a function of skill: every role, seat and first-player rate measured at each difficulty level.

A balance figure measured with one policy is a statement about that policy (issue 16): the wizard of
wizard-towers wins most games against random warriors and far fewer against warriors who attack. So a *skill
curve* plays the same deals in self-play at each level — ``random``, ``easy``, ``normal``, ``hard``, ``expert``, or
any agent specs — every seat played by that level, and reports each headline rate (each role, each seat, the
first mover, draws) per level with its 95% interval clustered by deal (``stats.Rate.from_deals``). Read along a
curve:

- a rate that stays put across the levels is a property of the **game** (its rules give that role the edge);
- a rate that moves is a property of the **players**: the imbalance shrinks or grows as both sides play better, and
  the strongest level's figure is the one a designer should believe (strong players exploit what the rules allow).

Because every level plays the *same* deals, the weakest and strongest levels are compared **paired on deals**
(``stats.compare``: the clustered McNemar test), and the comparisons of all rates are corrected together by Holm's
method (``stats.holm``), so "moves with skill" is claimed only where the evidence holds up for the whole family.
With three levels or more, each step from one level to the next is compared the same way (``steps``, one Holm
family of its own): it tells where along the curve a rate moves.

>>> skill_seatings(3, 2)
[(0, 0), (1, 1), (2, 2)]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from tablecraft.agents.levels import bot_label, is_level, level_spec
from tablecraft.core.api import Game, Json

from .runner import metric_label
from .stats import ALPHA, Rate, compare, holm
from .tournament import Tally, declared_event_kinds, setup_event_kinds

SKILL_LEVELS = ("random", "easy", "normal", "hard", "expert")
"""The levels of a skill curve when none are named, weakest first."""

FORMAT = "tablecraft-skill/1"
"""The ``format`` field of a skill curve's JSON."""


def skill_seatings(levels: int, seats: int) -> list[tuple[int, ...]]:
    """One seating per level: that level in every seat (self-play at each skill)."""
    return [(k,) * seats for k in range(levels)]


def level_tallies(records: Iterable[tuple[int, int, Json]], levels: Sequence[str], seats: int,
                  seat_names: Sequence[str]) -> tuple[list[Tally], int]:
    """Per level, the tally of its self-play games, counting only the deals every level has played (an
    interrupted run leaves some deals played at the first levels only: counting them would compare the levels on
    different deals). ``records`` are ``(seed, seating, record)`` with seating *k* the *k*-th level. Returns the
    tallies and how many incomplete deals were left out."""
    by_seed: dict[int, dict[int, Json]] = {}
    for seed, seating, record in records:
        if not 0 <= seating < len(levels):
            raise ValueError(f"seating {seating} is not one of the {len(levels)} levels of this curve")
        by_seed.setdefault(seed, {})[seating] = record
    tallies = [Tally(seats, seat_names, [level], [(0,) * seats]) for level in levels]
    left_out = 0
    for seed in sorted(by_seed):
        deal = by_seed[seed]
        if len(deal) < len(levels):
            left_out += 1
            continue
        for k, record in deal.items():
            tallies[k].add(record, 0)
    return tallies, left_out


def _headline_keys(tallies: Sequence[Tally], rates: Sequence[Mapping[str, Rate]]) -> list[str]:
    keys: list[str] = []
    for by_key in rates:
        for key in by_key:
            if key not in keys and not key.startswith("agent:"):
                keys.append(key)
    # seats repeat the roles where every seat is its own role: keep one of the two
    if all(t.roles_are_seats for t in tallies):
        keys = [k for k in keys if not k.startswith("role:")]
    return keys


def skill_curves(tallies: Sequence[Tally], levels: Sequence[str], seat_names: Sequence[str],
                 alpha: float = ALPHA) -> Json:
    """The curves: per headline rate, its value at each level (with interval), and the strongest level against
    the weakest, paired on deals, Holm-corrected over all the rates (``moves_with_skill``); with three levels or
    more, also each level against the next (``steps``)."""
    rates: list[dict[str, Rate]] = [t.rates() for t in tallies]
    keys = _headline_keys(tallies, rates)
    metrics: list[Json] = []
    for key in keys:
        points = []
        for level, by_key in zip(levels, rates, strict=True):
            r = by_key.get(key)
            points.append({"level": level, **(r.to_json() if r is not None else Rate(0, 0).to_json())})
        metrics.append({"key": key, "name": metric_label(key, seat_names), "points": points})
    if len(levels) >= 2:
        diffs = [compare(rates[0].get(m["key"], Rate(0, 0)), rates[-1].get(m["key"], Rate(0, 0)), alpha)
                 for m in metrics]
        adjusted = holm([d.p_value for d in diffs])
        for m, d, p in zip(metrics, diffs, adjusted, strict=True):
            m["change"] = {"from": levels[0], "to": levels[-1], "difference": d.difference,
                           "ci": list(d.interval), "p_value": d.p_value, "p_holm": p, "test": d.test,
                           "moves_with_skill": p < alpha}
    if len(levels) >= 3:
        _level_steps(metrics, rates, levels, alpha)
    per_level: list[Json] = []
    for level, tally in zip(levels, tallies, strict=True):
        entry: Json = {"level": level, "games": tally.games,
                       "mean_decisions": sum(tally.decisions) / tally.games if tally.games else 0.0,
                       "first_player_advantage": None}
        if tally.seats > 1 and tally.games:
            # the first mover against the other seats of the same games: what moving first is worth at this skill;
            # where the seats hold roles, only against the seats of the first mover's own role (a warrior moving
            # first is compared with the other warrior, not with the wizard)
            mover, others = tally.first_player_rates()
            against = "other seats"
            if tally.same_role_games and not tally.roles_are_seats:
                others, against = tally.deal_rate("first_same_role"), "other seats of its role"
            d = compare(others, mover, alpha)
            entry["first_player_advantage"] = {"difference": d.difference, "ci": list(d.interval),
                                               "p_value": d.p_value, "significant": d.significant,
                                               "against": against}
        per_level.append(entry)
    return {"metrics": metrics, "per_level": per_level}


def _level_steps(metrics: list[Json], rates: Sequence[Mapping[str, Rate]], levels: Sequence[str],
                 alpha: float) -> None:
    """Each rate from every level to the next (``steps``), paired on deals and Holm-corrected over all the steps of
    all the rates together: where along the curve a rate moves (random → easy may carry the whole change, or the
    last step to the strongest level may still move it, which says the strongest figure is not settled yet)."""
    pairs = [(k, k + 1) for k in range(len(levels) - 1)]
    diffs = [[compare(rates[a].get(m["key"], Rate(0, 0)), rates[b].get(m["key"], Rate(0, 0)), alpha)
              for a, b in pairs] for m in metrics]
    adjusted = holm([d.p_value for row in diffs for d in row])
    for i, (m, row) in enumerate(zip(metrics, diffs, strict=True)):
        m["steps"] = [{"from": levels[a], "to": levels[b], "difference": d.difference, "ci": list(d.interval),
                       "p_value": d.p_value, "p_holm": adjusted[i * len(pairs) + j], "test": d.test,
                       "moves": adjusted[i * len(pairs) + j] < alpha}
                      for j, ((a, b), d) in enumerate(zip(pairs, row, strict=True))]


def level_coverage(game: Game[Any], tallies: Sequence[Tally], levels: Sequence[str]) -> Json:
    """Rule coverage by level: for every documented event kind (and any other observed), the games it fired in
    at each level, and each level's dead rules — documented kinds that fired in none of its games, apart from
    the kinds only a designed setup produces. A rule dead at ``normal`` but alive at ``hard`` is the players'
    blind spot, not the game's; one dead at every level is the game's."""
    declared = declared_event_kinds(game)
    setup_only = set(setup_event_kinds(game))
    observed = set().union(*(set(t.event_totals) for t in tallies)) if tallies else set()
    kinds = sorted(observed | set(declared or ()))
    return {
        "levels": list(levels),
        "kinds": [{"kind": k, "games": [t.event_games[k] for t in tallies],
                   "total": [t.event_totals[k] for t in tallies]} for k in kinds],
        "dead": [sorted(set(declared or ()) - set(t.event_totals) - setup_only) for t in tallies],
        "setup_only": sorted(setup_only),
    }


def skill_document(game: Game[Any], levels: Sequence[str], records: Iterable[tuple[int, int, Json]],
                   run: Mapping[str, Any] | None = None) -> Json:
    """The skill curve's JSON (``FORMAT``) from the games of a skill run: what was run, the deals counted, each
    level as a player knows it (``bot_label``) and the spec behind it, the curves, the comparisons and the rule
    coverage by level."""
    names = [game.seat_name(s) for s in range(game.num_seats)]  # a game may name no seats (fate): ``seat 1``
    tallies, left_out = level_tallies(records, levels, game.num_seats, names)
    curves = skill_curves(tallies, levels, names)
    return {
        "format": FORMAT,
        "game": game.spec.id,
        "seats": game.num_seats,
        "options": dict(game.options),
        "levels": [{"id": level, "name": bot_label(level, "en"), "name_zh": bot_label(level, "zh"),
                    "spec": level_spec(level, game) if is_level(level) else level} for level in levels],
        "deals": tallies[0].games if tallies else 0,
        "incomplete_deals": left_out,
        "run": dict(run or {}),
        **curves,
        "coverage": level_coverage(game, tallies, levels),
    }
