"""Tournaments: who sits where (seatings), and the statistics of many game records (the ``Tally``).

Everything here reads only game records (``simulate.play_game``) and the public contract, so it serves every
registered game, present and future.

**Seatings.** The agents are given as specs (``heuristic,random``). Identical specs are merged, so
``random,random`` is one agent. A *seating* says which agent sits in each seat; with rotation every agent sits in
every seat equally often:

- ``all`` (default): every assignment of agents to seats that uses each agent at least once (two agents in three
  seats: six seatings; three agents in three seats: the six permutations);
- ``rotate``: the cyclic shifts of the per-seat list (the agents repeated to fill the seats);
- ``fixed``: the per-seat list as given, no rotation (one agent per seat, or one for all).

Each deal (seed) is played once under every seating, so agents meet the same deals from every seat.

>>> agents, per_seat = parse_agents("heuristic,random")
>>> agents, per_seat
(['heuristic', 'random'], [0, 1])
>>> make_seatings(per_seat, len(agents), seats=3, mode="all")
[(0, 0, 1), (0, 1, 0), (0, 1, 1), (1, 0, 0), (1, 0, 1), (1, 1, 0)]
>>> make_seatings(per_seat, len(agents), seats=3, mode="rotate")
[(0, 1, 0), (0, 0, 1), (1, 0, 0)]

**Statistics** (``Tally.summary``): win rates with 95% intervals per seat, per role (``state.roles()`` at the
end; a role *wins* a game when a seat holding it is among the winners, so the trials are the games in which the
role was dealt), per agent (per seat played; with rotation every agent meets every seat equally) and per agent ×
seat and agent × role; draws (nobody won and every return is 0); the first player's advantage (the seat to move
first against the other seats and — when other seats share its role — against those seats only, which separates
moving first from the role's own strength; a test paired on deals); the length distribution (decisions and, when
the final view has an integer ``turn``, turns); how games ended; and rule coverage (event kinds).

**Deals, not games, are independent.** Every interval is clustered by deal (``stats.Rate.from_deals``), and a
summary says how many deals it rests on. **Only complete rotations count**: a deal enters the statistics once it
has been played under every seating, so a run interrupted part-way through a rotation cannot tilt the per-agent
or per-seat rates towards the seatings played first; the summary says how many incomplete deals (and games) it
left out.
"""

from __future__ import annotations

import itertools
import math
import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json, unnamed_seat

from .simulate import Summary, wilson_interval
from .stats import Rate, compare

SEATING_MODES = ("all", "rotate", "fixed")
"""How agents are rotated through the seats (see the module docstring)."""

MAX_SEATINGS = 1000
"""More seatings than this (many agents, many seats) is refused: use ``rotate``, which needs only one per seat."""

HISTOGRAM_MAX_BINS = 40


# ------------------------------------------------------------------------------------------------ seatings
def parse_agents(text: str | Sequence[str]) -> tuple[list[str], list[int]]:
    """Agent specs ``"a,b,a"`` (or a list) → the distinct specs in order of appearance and, per listed position,
    the index of its spec. Specs keep their parameters (``ismcts:iterations=200``); a comma separates agents.

    >>> parse_agents("random, ismcts:iterations=50 ,random")
    (['random', 'ismcts:iterations=50'], [0, 1, 0])
    """
    items = [p.strip() for p in (text.split(",") if isinstance(text, str) else text)]
    items = [p for p in items if p]
    if not items:
        raise ValueError("no agents given: name at least one, e.g. random or heuristic,random")
    unique: list[str] = []
    for p in items:
        if p not in unique:
            unique.append(p)
    return unique, [unique.index(p) for p in items]


def make_seatings(per_seat: Sequence[int], num_agents: int, seats: int, mode: str = "all") -> list[tuple[int, ...]]:
    """The seatings (agent index per seat) for ``mode`` in ``SEATING_MODES``; ``ValueError`` if impossible."""
    if mode not in SEATING_MODES:
        raise ValueError(f"seating mode {mode!r} is not one of {', '.join(SEATING_MODES)}")
    if num_agents == 1:
        return [(0,) * seats]
    if mode == "fixed":
        if len(per_seat) != seats:
            raise ValueError(f"--seating fixed needs one agent per seat ({seats}), got {len(per_seat)}")
        return [tuple(per_seat)]
    if num_agents > seats:
        raise ValueError(f"{num_agents} different agents cannot all sit at a {seats}-seat table")
    if mode == "rotate":
        base = list(per_seat) if len(per_seat) == seats else [i % num_agents for i in range(seats)]
        out: list[tuple[int, ...]] = []
        for r in range(seats):
            shifted = tuple(base[-r:] + base[:-r]) if r else tuple(base)
            if shifted not in out:
                out.append(shifted)
        return out
    count = sum((-1) ** j * math.comb(num_agents, j) * (num_agents - j) ** seats for j in range(num_agents + 1))
    if count > MAX_SEATINGS:
        raise ValueError(f"{count} seatings of {num_agents} agents in {seats} seats are too many; "
                         "use --seating rotate")
    want = set(range(num_agents))
    return [t for t in itertools.product(range(num_agents), repeat=seats) if set(t) == want]


# ------------------------------------------------------------------------------------- game declarations
def _declared(game: Game[Any], attribute: str, module_attribute: str) -> tuple[str, ...] | None:
    """A tuple of names a game may declare: ``game.<attribute>``, else ``<MODULE_ATTRIBUTE>`` in the module that
    defines the game class or in its package; ``None`` if it declares nothing."""
    value = getattr(game, attribute, None)
    if value is None:
        module_name = type(game).__module__
        for name in (module_name, module_name.rpartition(".")[0]):
            module = sys.modules.get(name)
            if module is not None and getattr(module, module_attribute, None) is not None:
                value = getattr(module, module_attribute)
                break
    if value is None:
        return None
    if isinstance(value, str) or not all(isinstance(v, str) for v in value):
        raise TypeError(f"{game.spec.id}: {attribute} must be a tuple of strings, got {value!r}")
    return tuple(value)


def declared_event_kinds(game: Game[Any]) -> tuple[str, ...] | None:
    """The event kinds a game documents, for rule coverage: ``Game.event_kinds`` or a module-level
    ``EVENT_KINDS`` (in the game class's module or its package); ``None`` when the game declares none, in which
    case coverage lists only the kinds observed."""
    return _declared(game, "event_kinds", "EVENT_KINDS")


def setup_event_kinds(game: Game[Any]) -> tuple[str, ...]:
    """Documented event kinds that only a designed starting position (``setup=…``) can produce, never the
    standard deal: ``Game.setup_event_kinds`` or ``SETUP_EVENT_KINDS`` (none if undeclared). Coverage lists them
    apart instead of flagging them as rules that never fired (the lab plays the standard deal)."""
    return _declared(game, "setup_event_kinds", "SETUP_EVENT_KINDS") or ()


def length_cap_reasons(game: Game[Any]) -> tuple[str, ...] | None:
    """End reasons meaning "the length cap was hit": ``Game.length_cap_reasons`` / ``LENGTH_CAP_REASONS``, or
    ``None`` for the convention (a reason containing ``cap`` or ``limit``)."""
    return _declared(game, "length_cap_reasons", "LENGTH_CAP_REASONS")


def stalemate_reasons(game: Game[Any]) -> tuple[str, ...] | None:
    """End reasons meaning a stalemate: ``Game.stalemate_reasons`` / ``STALEMATE_REASONS``, or ``None`` for the
    convention (a reason containing ``stalemate``, ``deadlock``, ``no_progress`` or ``repetition``)."""
    return _declared(game, "stalemate_reasons", "STALEMATE_REASONS")


def _is_cap(reason: str, declared: tuple[str, ...] | None) -> bool:
    if declared is not None:
        return reason in declared
    return "cap" in reason or "limit" in reason


def _is_stalemate(reason: str, declared: tuple[str, ...] | None) -> bool:
    if declared is not None:
        return reason in declared
    return any(w in reason for w in ("stalemate", "deadlock", "no_progress", "repetition"))


# --------------------------------------------------------------------------------------------------- tally
def seat_label(seat: int, name: str) -> str:
    """The label a person reads for seat index ``seat`` named ``name``: counted from 1, as every table of the
    project counts seats, with the name where the game gives one. Keys and indices (``seat:0``, the ``seat``
    fields of the JSON) stay 0-based.

    >>> seat_label(0, "orange"), seat_label(2, "seat 3")
    ('seat 1 orange', 'seat 3')
    """
    number = unnamed_seat(seat)
    # a summary written before seats counted from 1 names an unnamed seat by its index (``seat 0``)
    return number if name in (number, f"seat {seat}") else f"{number} {name}"


class Tally:
    """Running statistics of the games of one arm (one game, one set of options, one set of seatings).

    ``add`` takes a game record and the index of its seating. A record's ``seed`` names its deal: the record
    waits until its deal has been played under every seating, then counts (a record without a seed is its own
    deal, counted at once). Per game only its length is kept, and per deal the successes and trials of each rate
    (what the clustered intervals and paired tests need). Adding the same records in any order gives the same
    summary.
    """

    def __init__(self, seats: int, seat_names: Sequence[str], agents: Sequence[str],
                 seatings: Sequence[Sequence[int]]) -> None:
        self.seats = seats
        self.seat_names = list(seat_names)
        self._unnamed = [unnamed_seat(s) for s in range(seats)]
        self.agents = list(agents)
        self.seatings = [tuple(s) for s in seatings]
        self.games = 0
        self.seat_wins = [0] * seats
        self.draws = 0
        self.no_winner = 0
        self.role_games: Counter[str] = Counter()
        self.role_wins: Counter[str] = Counter()
        self.roles_are_seats = True
        k = len(self.agents)
        self.agent_seat_games = [[0] * seats for _ in range(k)]
        self.agent_seat_wins = [[0] * seats for _ in range(k)]
        self.agent_role_games: Counter[tuple[int, str]] = Counter()
        self.agent_role_wins: Counter[tuple[int, str]] = Counter()
        self.first_seat: Counter[int] = Counter()
        self.first_wins = 0
        self.same_role_games = 0
        self.same_role_wins = 0
        self.decisions: list[int] = []
        self.turns: list[int] = []
        self.end_reasons: Counter[str] = Counter()
        self.no_reason_all_zero = 0
        self.event_totals: Counter[str] = Counter()
        self.event_games: Counter[str] = Counter()
        self._cells: dict[str, dict[int, list[int]]] = {}
        """Per rate key, per deal: [successes, trials]."""
        self._pending: dict[int, dict[int, Json]] = {}
        """Deals not yet played under every seating: seating → record."""
        self._anonymous = 0
        self.deals = 0
        """Complete deals counted."""

    @property
    def incomplete_deals(self) -> int:
        """Deals with some but not all of their seatings played (left out of the statistics)."""
        return len(self._pending)

    @property
    def games_left_out(self) -> int:
        """Games of incomplete deals (stored, not counted)."""
        return sum(len(p) for p in self._pending.values())

    def add(self, record: Json, seating: int) -> None:
        """Take one game record, played under ``self.seatings[seating]``; it counts once its deal is complete."""
        if not 0 <= seating < len(self.seatings):
            raise ValueError(f"seating {seating} is not one of the {len(self.seatings)} seatings of this tally")
        seed = record.get("seed")
        if seed is None:
            self._anonymous += 1
            self.deals += 1
            self._count(record, seating, -self._anonymous)
            return
        deal = self._pending.setdefault(int(seed), {})
        deal[seating] = record
        if len(deal) == len(self.seatings):
            del self._pending[int(seed)]
            self.deals += 1
            for k in sorted(deal):
                self._count(deal[k], k, int(seed))

    def _bump(self, key: str, deal: int, won: int, trials: int = 1) -> None:
        cell = self._cells.setdefault(key, {}).setdefault(deal, [0, 0])
        cell[0] += won
        cell[1] += trials

    def deal_counts(self, key: str) -> dict[int, tuple[int, int]]:
        """One rate's per-deal (successes, trials), keyed by seed (games without a seed by negative numbers)."""
        return {d: (w, n) for d, (w, n) in self._cells.get(key, {}).items()}

    def _rate(self, key: str) -> Rate:
        return Rate.from_deals(self.deal_counts(key))

    def deal_rate(self, key: str) -> Rate:
        """One rate by its key (``first_same_role``, ``seat:0`` …), clustered by deal."""
        return self._rate(key)

    def _count(self, record: Json, seating: int, deal: int) -> None:
        """Count one game of a complete deal."""
        placed = self.seatings[seating]
        winners = set(record["winners"])
        roles = list(record.get("roles") or self.seat_names)
        if roles == [f"seat {s}" for s in range(self.seats)] and self.seat_names == self._unnamed:
            roles = self.seat_names  # stored before unnamed seats counted from 1: fate's 1v1 roles were ``seat 0``…
        bump = self._bump
        self.games += 1
        for seat in range(self.seats):
            won = seat in winners
            self.seat_wins[seat] += won
            bump(f"seat:{seat}", deal, won)
        all_zero = all(r == 0 for r in record["returns"])
        if not winners:
            self.no_winner += 1
            if all_zero:
                self.draws += 1
        bump("draws", deal, not winners and all_zero)
        if roles != self.seat_names:
            self.roles_are_seats = False
        winning_roles = {roles[w] for w in winners}
        for role in set(roles):
            self.role_games[role] += 1
            self.role_wins[role] += role in winning_roles
            bump(f"role:{role}", deal, role in winning_roles)
        for seat, agent in enumerate(placed):
            won = seat in winners
            self.agent_seat_games[agent][seat] += 1
            self.agent_seat_wins[agent][seat] += won
            self.agent_role_games[agent, roles[seat]] += 1
            self.agent_role_wins[agent, roles[seat]] += won
            bump(f"agent:{agent}", deal, won)
            bump(f"agent_seat:{agent}:{seat}", deal, won)
            bump(f"agent_role:{agent}:{roles[seat]}", deal, won)
        first = record.get("first_player", 0)
        self.first_seat[first] += 1
        self.first_wins += first in winners
        bump("first_player", deal, first in winners)
        bump("first_others", deal, len(winners - {first}), self.seats - 1)
        for seat in range(self.seats):
            # the fair yardstick for moving first: the other seats holding the first mover's role
            if seat != first and roles[seat] == roles[first]:
                self.same_role_games += 1
                self.same_role_wins += seat in winners
                bump("first_same_role", deal, seat in winners)
        self.decisions.append(record["decisions"])
        if isinstance(record.get("turns"), int):
            self.turns.append(record["turns"])
        reason = record.get("end_reason")
        if reason:
            self.end_reasons[reason] += 1
        elif not winners and all_zero:
            self.no_reason_all_zero += 1
        for kind, count in (record.get("events") or {}).items():
            self.event_totals[kind] += count
            self.event_games[kind] += 1

    def extend(self, items: Iterable[tuple[Json, int]]) -> Tally:
        """``add`` every ``(record, seating)``; returns the tally."""
        for record, seating in items:
            self.add(record, seating)
        return self

    # --- rates --------------------------------------------------------------------------------------------
    def seat_label(self, seat: int) -> str:
        """``"seat 1 orange"`` for seat index 0: a seat's number as people count and its name (``seat_label``)."""
        return seat_label(seat, self.seat_names[seat])

    def first_player_rates(self) -> tuple[Rate, Rate]:
        """(the first mover's wins out of games, the other seats' wins out of their seat-games), per deal."""
        return self._rate("first_player"), self._rate("first_others")

    def rates(self) -> dict[str, Rate]:
        """The headline rates, keyed ``seat:<n>``, ``role:<role>``, ``agent:<spec>`` (when there are several
        agents), ``draws`` and ``first_player`` (when there are several seats), each clustered by deal.
        ``--until-ci`` waits for every one of these; the agent × seat and agent × role breakdowns are reported
        but not waited for."""
        out: dict[str, Rate] = {f"seat:{s}": self._rate(f"seat:{s}") for s in range(self.seats)}
        for role in sorted(self.role_games):
            out[f"role:{role}"] = self._rate(f"role:{role}")
        if len(self.agents) > 1:
            for a, spec in enumerate(self.agents):
                out[f"agent:{spec}"] = self._rate(f"agent:{a}")
        out["draws"] = self._rate("draws")
        if self.seats > 1:
            out["first_player"] = self._rate("first_player")
        return out

    def max_half_width(self) -> float:
        """The widest headline interval's half-width (1.0 before any game: nothing is known)."""
        if not self.games:
            return 1.0
        return max(r.half_width for r in self.rates().values())

    def seat_summary(self) -> Summary:
        """The per-seat part as ``simulate.Summary`` (what ``tablecraft simulate`` prints)."""
        n = self.games
        return Summary(
            games=n, wins=list(self.seat_wins), draws=self.no_winner,
            mean_decisions=sum(self.decisions) / n if n else 0.0, max_decisions=max(self.decisions, default=0),
            mean_turns=sum(self.turns) / len(self.turns) if self.turns else None,
            max_turns=max(self.turns) if self.turns else None,
            intervals=[wilson_interval(k, n) for k in self.seat_wins],
        )

    # --- summary ------------------------------------------------------------------------------------------
    def summary(self, game: Game[Any] | None = None) -> Json:
        """Every statistic as JSON (the report's data). ``game`` supplies the optional declarations: documented
        event kinds and which end reasons are a length cap or a stalemate."""
        n = self.games
        declared = declared_event_kinds(game) if game is not None else None
        setup_only = set(setup_event_kinds(game)) if game is not None else set()
        cap_decl = length_cap_reasons(game) if game is not None else None
        stale_decl = stalemate_reasons(game) if game is not None else None
        rates = self.rates()

        def rate(key: str, **extra: Any) -> Json:
            return {**extra, **rates[key].to_json()}

        agents = []
        if len(self.agents) > 1:
            agents = [rate(f"agent:{spec}", agent=spec) for spec in self.agents]
        agent_seat = [
            {"agent": spec, "seat": s, "name": self.seat_names[s], "label": self.seat_label(s),
             **self._rate(f"agent_seat:{a}:{s}").to_json()}
            for a, spec in enumerate(self.agents) for s in range(self.seats)
        ]
        agent_role = [
            {"agent": self.agents[a], "role": role, **self._rate(f"agent_role:{a}:{role}").to_json()}
            for (a, role) in sorted(self.agent_role_games)
        ]
        first: Json | None = None
        if self.seats > 1:
            mover, others = self.first_player_rates()
            diff = compare(others, mover)
            first = {
                "seats": {self.seat_label(s): c for s, c in sorted(self.first_seat.items())},
                **mover.to_json(),
                "others": others.to_json(),
                "advantage": diff.difference, "advantage_ci": list(diff.interval),
                "p_value": diff.p_value, "significant": diff.significant, "test": diff.test,
                "same_role": None,
            }
            if self.same_role_games:
                peers = self._rate("first_same_role")
                same = compare(peers, mover)
                first["same_role"] = {
                    "others": peers.to_json(), "advantage": same.difference, "advantage_ci": list(same.interval),
                    "p_value": same.p_value, "significant": same.significant, "test": same.test,
                }
        cap = sum(c for r, c in self.end_reasons.items() if _is_cap(r, cap_decl))
        stale = sum(c for r, c in self.end_reasons.items() if _is_stalemate(r, stale_decl) and not _is_cap(r, cap_decl))
        stale += self.no_reason_all_zero
        observed = set(self.event_totals)
        kinds = sorted(observed | set(declared or ()))
        coverage = {
            "declared": list(declared) if declared is not None else None,
            "kinds": [
                {"kind": k, "declared": declared is not None and k in declared, "games": self.event_games[k],
                 "share": self.event_games[k] / n if n else 0.0, "total": self.event_totals[k],
                 "per_game": self.event_totals[k] / n if n else 0.0}
                for k in kinds
            ],
            "never_fired": sorted(set(declared or ()) - observed - setup_only),
            "setup_only": sorted(setup_only - observed),
            "undeclared": sorted(observed - set(declared)) if declared is not None else [],
        }
        return {
            "games": n,
            "agents": list(self.agents),
            "seatings": [[self.agents[a] for a in s] for s in self.seatings],
            "seat_names": list(self.seat_names),
            "seats": [rate(f"seat:{s}", seat=s, name=self.seat_names[s], label=self.seat_label(s))
                      for s in range(self.seats)],
            "roles": [rate(f"role:{r}", role=r) for r in sorted(self.role_games)],
            "roles_are_seats": self.roles_are_seats,
            "agent_rates": agents,
            "agent_seat": agent_seat,
            "agent_role": agent_role,
            "draws": rates["draws"].to_json(),
            "no_winner": self.no_winner,
            "first_player": first,
            "deals": self.deals,
            "incomplete_deals": self.incomplete_deals,
            "games_left_out": self.games_left_out,
            "length": {"decisions": _distribution(self.decisions),
                       "turns": _distribution(self.turns) if self.turns else None},
            "end": {
                "reasons": dict(sorted(self.end_reasons.items())),
                "without_reason_all_zero": self.no_reason_all_zero,
                "length_cap": {"count": cap, "rate": cap / n if n else 0.0,
                               "reasons": list(cap_decl) if cap_decl is not None else "convention: *cap*, *limit*"},
                "stalemates": {"count": stale, "rate": stale / n if n else 0.0,
                               "reasons": list(stale_decl) if stale_decl is not None
                               else "convention: *stalemate*, *deadlock*, *no_progress*, *repetition*; "
                                    "games without an end reason whose returns are all 0"},
            },
            "coverage": coverage,
            "max_half_width": self.max_half_width(),
            "half_widths": {k: r.half_width for k, r in rates.items()},
        }


def _distribution(values: Sequence[int]) -> Json | None:
    """Mean, quantiles and a histogram of ``values`` (``None`` if empty)."""
    if not values:
        return None
    x = np.asarray(values, dtype=float)
    edges = np.histogram_bin_edges(x, bins="auto")
    if len(edges) - 1 > HISTOGRAM_MAX_BINS:
        edges = np.histogram_bin_edges(x, bins=HISTOGRAM_MAX_BINS)
    counts, edges = np.histogram(x, bins=edges)
    p10, p50, p90 = np.percentile(x, [10, 50, 90])
    return {
        "count": len(values), "mean": float(x.mean()), "std": float(x.std()), "min": int(x.min()),
        "p10": float(p10), "median": float(p50), "p90": float(p90), "max": int(x.max()),
        "histogram": {"edges": [float(e) for e in edges], "counts": [int(c) for c in counts]},
    }
