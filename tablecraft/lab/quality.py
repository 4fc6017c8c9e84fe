"""Game-quality metrics in the style of Ludii's and Browne's: is the game decided early, do leads change hands,
do winners come back from behind, how many choices does a player have, how long does it last, how does it end,
which rules never come up, does moving first help.

The measures follow two sources, adapted to games with hidden cards, chance, teams and co-operation:

- C. Browne, *Automatic generation and evaluation of recombination games*, PhD thesis, Queensland University of
  Technology, 2008 (ch. 5, the aesthetic criteria measured over self-play: duration, drawishness, lead change,
  drama, decisiveness, …), and C. Browne & F. Maire, "Evolutionary game design", *IEEE Transactions on
  Computational Intelligence and AI in Games* 2(1), 2010;
- the metrics of the Ludii general game system (É. Piette, D. J. N. J. Soemers, M. Stephenson, C. F. Sironi,
  M. H. M. Winands & C. Browne, "Ludii – The Ludemic General Game System", ECAI 2020), as implemented by
  M. Stephenson in ``Evaluation/src/metrics`` of the Ludii repository: *Lead Change* ("average number of times
  the expected winner changes", divided by the number of real moves), *Drama* ("number of moves/severity where
  the eventual winner was behind": the leader's evaluation minus the winner's), *Decisiveness Threshold* (the
  highest evaluation any non-winner reaches) and *Decisiveness Moves* (the share of the game played before a
  winner's evaluation first exceeds it), *Branching Factor* and *Decision Factor* (legal moves per move, and per
  move with a real choice), *Duration*, *Drawishness*, *Timeouts* and *Advantage P1*.

**The advantage trajectory.** Ludii evaluates states with UCT playouts; here each game's own heuristic value
``Game.evaluate(state, seat)`` in [−1, 1] is taken on the *true* state (an omniscient spectator's view: hidden
cards count) after every *real decision* — a step with more than one legal action, once the forced steps it led
to are applied, i.e. where the next real decision is asked or the game has ended. A game of ``D`` real decisions
gives ``D`` samples; the last is the final state, where ``evaluate`` is the returns (+1 win, −1 loss).

**Sides.** Seats that win and lose together (``Game.sides`` on the final state: fate's factions, a neutral
alone) are one side, whose advantage is the mean of its seats' values. A co-operative game (wild-hunters: one
side, every seat on it) is played against the game itself, so a second, virtual side — *the game* — is added
with the advantage ``−v`` of the team's ``v``: the team leads while ``v > 0``, and a defeat is the game's win.

Every definition below is on a ``Trajectory`` (samples × sides) and is exact:

- **leader** at a sample: the side whose advantage is highest by more than ``TIE``; nobody on a tie;
- **lead changes**: samples whose leader differs from the last leader before it (ties pass no lead: A, tie, A
  is no change, A, tie, B is one); the *rate* divides by the ``D − 1`` chances to change;
- **drama** (Browne's drama, Ludii's Drama averaged over the trailing moments only): over the samples where the
  eventual winner trailed — some other side's advantage above the winner's — the mean of how far behind it was,
  ``max_other − winner``, in ``evaluate`` units (0–2); 0 for a game the winner never trailed; undefined for a
  game nobody won. *Comeback share*: the games whose winner trailed at some point;
- **decided at** (when the lead became permanent): with ``i`` the first sample from which the winner leads at
  every later sample, ``(i − 1) / D`` — 0 for a game led from the first decision to the end, near 1 for one
  settled on its last. Lower is more decisive, higher keeps the outcome open longer;
- **threshold crossed at** (Ludii's Decisiveness Moves): the share of the game, ``(i − 1) / D``, before the
  winner's advantage first exceeds the *loser peak* — the highest advantage a non-winning side reached in the
  game (Ludii's Decisiveness Threshold); 1 if it never does;
- **branching**: the legal actions at each real decision (Ludii's Decision Factor), pooled over every decision
  of every game (mean, spread, quantiles), and the mean over all steps with forced ones counted as 1 (Ludii's
  Branching Factor);
- **length** (in real decisions, in all steps and in turns), **draws**, **turn-cap games** and **stalemates**,
  **first-player advantage** and **dead rules** (documented event kinds that never fired, apart from the kinds
  only a designed setup produces — ``Game.setup_event_kinds``) come from the lab's tally
  (``tournament.Tally``), so they mean exactly what ``lab run`` reports.

Every mean carries a 95% interval clustered by deal (the games of one seed are not independent, see
``stats``).

>>> t = Trajectory(advantage=((0.2, -0.2), (-0.1, 0.1), (-0.5, 0.5), (1.0, -1.0)), sides=("0", "1"),
...                winners=frozenset({0}))
>>> leaders(t)
[0, 1, 1, 0]
>>> lead_changes(leaders(t)), round(drama(t), 3), decided_at(t)
(2, 0.6, 0.75)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json

from .backends import Backend
from .simulate import Batch
from .stats import t_quantile
from .tournament import Tally, make_seatings, parse_agents

TIE = 1e-9
"""Advantages closer than this are equal (no side leads)."""

THE_GAME = "the game"
"""The virtual opponent of a co-operative team."""

FORMAT = "tablecraft-quality/1"
"""The ``format`` of the quality JSON."""


# ------------------------------------------------------------------------------------------- trajectories
@dataclass(frozen=True)
class Trajectory:
    """One game seen side against side: per sample (real decision), each side's advantage in [−1, 1]."""

    advantage: tuple[tuple[float, ...], ...]
    """``advantage[t][k]``: side ``k``'s value after real decision ``t``."""
    sides: tuple[str, ...]
    """Each side's label: its seats (``"0"``, ``"1+3"``) or ``THE_GAME``."""
    winners: frozenset[int]
    """The sides that won (empty: nobody did)."""

    @property
    def samples(self) -> int:
        """``D``: the number of real decisions."""
        return len(self.advantage)


def trajectory(values: Sequence[Sequence[float]], seat_sides: Sequence[int], winners: Iterable[int],
               returns: Sequence[float]) -> Trajectory:
    """The trajectory of one game from every seat's ``evaluate`` per sample, ``Game.sides`` of the final state,
    the winning seats and the returns (see the module docstring for sides and the co-operative case).

    >>> t = trajectory([[0.5, 0.5, 0.5]], [0, 0, 0], [], [-1, -1, -1])
    >>> t.sides, t.advantage, t.winners
    (('0+1+2', 'the game'), ((0.5, -0.5),), frozenset({1}))
    """
    n = len(seat_sides)
    if any(len(v) != n for v in values):
        raise ValueError(f"every sample needs one value per seat ({n})")
    labels = sorted(set(seat_sides))
    members = [[s for s in range(n) if seat_sides[s] == label] for label in labels]
    names = ["+".join(map(str, m)) for m in members]
    adv = [tuple(sum(v[s] for s in m) / len(m) for m in members) for v in values]
    won = {labels.index(seat_sides[w]) for w in winners}
    if len(labels) == 1:
        names.append(THE_GAME)
        adv = [(a[0], -a[0]) for a in adv]
        if not won and returns and all(r < 0 for r in returns):
            won = {1}  # a co-operative defeat is the game's win
    return Trajectory(tuple(adv), tuple(names), frozenset(won))


def leaders(t: Trajectory) -> list[int | None]:
    """Per sample, the side strictly ahead (by more than ``TIE``), or ``None`` on a tie for first."""
    out: list[int | None] = []
    for a in t.advantage:
        best = max(a)
        top = [k for k, x in enumerate(a) if x > best - TIE]
        out.append(top[0] if len(top) == 1 else None)
    return out


def lead_changes(leader: Sequence[int | None]) -> int:
    """How often the lead passed to another side: samples whose leader differs from the last leader before it
    (a tie passes nothing on).

    >>> lead_changes([0, None, 0, 1, None, 0, 0])
    2
    """
    changes, last = 0, None
    for k in leader:
        if k is None:
            continue
        if last is not None and k != last:
            changes += 1
        last = k
    return changes


def _winner_and_best_other(t: Trajectory) -> list[tuple[float, float]]:
    """Per sample: the winning sides' mean advantage and the best advantage of any other side."""
    out = []
    for a in t.advantage:
        w = sum(a[k] for k in t.winners) / len(t.winners)
        others = [x for k, x in enumerate(a) if k not in t.winners]
        out.append((w, max(others) if others else -math.inf))
    return out


def trailing(t: Trajectory) -> list[float]:
    """The gaps ``max_other − winner`` at the samples where the eventual winner trailed (empty if it never did, or
    nobody won)."""
    if not t.winners:
        return []
    return [o - w for w, o in _winner_and_best_other(t) if o - w > TIE]


def drama(t: Trajectory) -> float | None:
    """The mean of how far behind the eventual winner was, over the samples where it trailed; 0 if it never
    trailed, ``None`` if nobody won."""
    if not t.winners or not t.samples:
        return None
    gaps = trailing(t)
    return sum(gaps) / len(gaps) if gaps else 0.0


def decided_at(t: Trajectory) -> float | None:
    """``(i − 1) / D`` for the first sample ``i`` (1-based) from which a winning side leads at every later sample:
    the share of the game played before the lead became permanent; ``None`` if nobody won or the winner does not
    lead even at the end."""
    if not t.winners or not t.samples:
        return None
    lead = leaders(t)
    i = t.samples
    while i > 0 and lead[i - 1] in t.winners:
        i -= 1
    if i == t.samples:
        return None
    return i / t.samples


def loser_peak(t: Trajectory) -> float | None:
    """The highest advantage any non-winning side reached (Ludii's Decisiveness Threshold); ``None`` if nobody
    won."""
    if not t.winners or not t.samples:
        return None
    return max(o for _, o in _winner_and_best_other(t))


def threshold_crossed_at(t: Trajectory) -> float | None:
    """``(i − 1) / D`` for the first sample ``i`` where the winner's advantage exceeds ``loser_peak`` (Ludii's
    Decisiveness Moves); 1 if it never does; ``None`` if nobody won."""
    peak = loser_peak(t)
    if peak is None:
        return None
    for i, (w, _) in enumerate(_winner_and_best_other(t)):
        if w > peak + TIE:
            return i / t.samples
    return 1.0


def leader_won(leader: Sequence[int | None], winners: frozenset[int]) -> float | None:
    """Share of the samples with a leader whose leader is among ``winners`` (``None`` if no sample had one).

    >>> leader_won([0, None, 1, 1], frozenset({1}))
    0.6666666666666666
    """
    led = [k for k in leader if k is not None]
    return sum(k in winners for k in led) / len(led) if led else None


@dataclass(frozen=True)
class GameQuality:
    """The per-game numbers the summary averages."""

    samples: int
    """Real decisions (``D``)."""
    forced: int
    """Forced steps (a single legal action)."""
    decision_factor: float | None
    """Mean legal actions per real decision (``None`` without one)."""
    lead_changes: int
    lead_change_rate: float | None
    """``lead_changes / (D − 1)`` (``None`` with fewer than two samples)."""
    decided: bool
    """A side won (the metrics below are defined)."""
    drama: float | None
    trailing_share: float | None
    """Share of the samples where the eventual winner trailed."""
    decided_at: float | None
    threshold_crossed_at: float | None
    loser_peak: float | None
    leader_won: float | None
    """Share of the samples with a leader where the leader went on to win: how well ``evaluate`` foresaw the
    result (near the share of the winning sides at random, near 1 when the evaluation knows the game)."""
    sides: int
    """Sides in the game (a co-operative game's team and the game count two)."""
    cooperative: bool


def game_quality(t: Trajectory, choices: Sequence[int], forced: int) -> GameQuality:
    """Every per-game metric of one trajectory, with the legal-action counts of its real decisions."""
    lead = leaders(t)
    changes = lead_changes(lead)
    decided = bool(t.winners) and t.samples > 0
    gaps = trailing(t)
    return GameQuality(
        samples=t.samples, forced=forced,
        decision_factor=sum(choices) / len(choices) if choices else None,
        lead_changes=changes, lead_change_rate=changes / (t.samples - 1) if t.samples > 1 else None,
        decided=decided, drama=drama(t), trailing_share=len(gaps) / t.samples if decided else None,
        decided_at=decided_at(t), threshold_crossed_at=threshold_crossed_at(t), loser_peak=loser_peak(t),
        leader_won=leader_won(lead, t.winners) if decided else None,
        sides=len(t.sides), cooperative=THE_GAME in t.sides,
    )


def record_quality(record: Json) -> GameQuality:
    """``game_quality`` of a game record played with ``trace`` (``simulate.GameTrace``)."""
    trace = record.get("trace")
    if trace is None:
        raise ValueError("this record has no trace: play it with play_game(..., trace=True)")
    t = trajectory(trace["values"], trace["sides"], record["winners"], record["returns"])
    return game_quality(t, trace["choices"], trace["forced"])


# ------------------------------------------------------------------------------------------------ summary
def mean_interval(by_deal: Mapping[int, tuple[float, int]]) -> tuple[float, tuple[float, float]] | None:
    """The mean of values pooled over deals (``{deal: (sum, count)}``) and its 95% interval, cluster-robust over
    deals (the linearised ratio variance of ``stats.cluster_variance`` with t(G − 1)); ``None`` without values.
    With one deal the interval is the mean itself (nothing is known about the spread).

    >>> m, (lo, hi) = mean_interval({0: (1.0, 1), 1: (3.0, 1)})
    >>> m, round(lo, 2), round(hi, 2)
    (2.0, -10.71, 14.71)
    """
    cells = [(s, n) for s, n in by_deal.values() if n]
    total = sum(n for _, n in cells)
    if not total:
        return None
    mean = sum(s for s, _ in cells) / total
    g = len(cells)
    if g < 2:
        return mean, (mean, mean)
    var = g / (g - 1) * sum((s - mean * n) ** 2 for s, n in cells) / (total * total)
    half = t_quantile(g - 1) * math.sqrt(var)
    return mean, (mean - half, mean + half)


def _spread(values: Sequence[float]) -> Json | None:
    if not values:
        return None
    x = np.asarray(values, dtype=float)
    p10, p50, p90 = np.percentile(x, [10, 50, 90])
    return {"count": len(values), "mean": float(x.mean()), "std": float(x.std()), "min": float(x.min()),
            "p10": float(p10), "median": float(p50), "p90": float(p90), "max": float(x.max())}


METRICS: dict[str, tuple[float, float]] = {
    "samples": (0.0, math.inf), "decision_factor": (1.0, math.inf), "lead_changes": (0.0, math.inf),
    "lead_change_rate": (0.0, 1.0), "drama": (0.0, 2.0), "trailing_share": (0.0, 1.0), "decided_at": (0.0, 1.0),
    "threshold_crossed_at": (0.0, 1.0), "loser_peak": (-1.0, 1.0), "leader_won": (0.0, 1.0),
}
"""The per-game metrics averaged with intervals (``GameQuality`` fields), each with the range it lives in (its
interval is kept inside it)."""


@dataclass
class QualityTally:
    """The quality of the games of one arm (one set of options): per-game metrics by deal, the legal-action counts
    of every real decision, and the lab's ``Tally`` for length, ends, coverage and the first player."""

    game: Game[Any]
    """The game (options applied), for its declarations (event kinds, end reasons)."""
    tally: Tally
    games: list[tuple[int, GameQuality]] = field(default_factory=list)
    """(deal, metrics) per game."""
    choices: Counter[int] = field(default_factory=Counter)
    """Legal actions at real decisions: how many decisions had each count."""
    forced: int = 0

    def add(self, record: Json, seating: int) -> None:
        """Take one traced record played under seating ``seating``."""
        q = record_quality(record)
        self.games.append((int(record["seed"]), q))
        self.choices.update(record["trace"]["choices"])
        self.forced += q.forced
        self.tally.add(record, seating)

    def metric(self, name: str) -> Json | None:
        """One per-game metric over the games where it is defined: mean, 95% interval by deal, spread."""
        by_deal: dict[int, list[float]] = {}
        values = []
        for deal, q in self.games:
            x = getattr(q, name)
            if x is None:
                continue
            cell = by_deal.setdefault(deal, [0.0, 0])
            cell[0] += float(x)
            cell[1] += 1
            values.append(float(x))
        mi = mean_interval({d: (s, int(n)) for d, (s, n) in by_deal.items()})
        if mi is None:
            return None
        mean, (lo, hi) = mi
        low, high = METRICS.get(name, (-math.inf, math.inf))
        spread = _spread(values)
        assert spread is not None
        return {**spread, "mean": mean, "ci": [max(low, lo), min(high, hi)], "deals": len(by_deal)}

    def share(self, predicate: Callable[[GameQuality], bool | None]) -> Json:
        """How many games satisfy ``predicate`` (``None``: the game does not count), with the share."""
        hits = [predicate(q) for _, q in self.games]
        counted = [h for h in hits if h is not None]
        k = sum(1 for h in counted if h)
        return {"count": k, "games": len(counted), "share": k / len(counted) if counted else None}

    def branching(self) -> Json:
        """Legal actions per real decision pooled over all games (Ludii's Decision Factor) and per step with forced
        steps counted as one (Ludii's Branching Factor)."""
        decisions = sum(self.choices.values())
        if not decisions:
            return {"decisions": 0, "decision_factor": None, "branching_factor": None, "forced_share": None}
        values = np.repeat(np.fromiter(self.choices.keys(), dtype=float),
                           np.fromiter(self.choices.values(), dtype=int))
        p50, p90 = np.percentile(values, [50, 90])
        total = float(values.sum())
        steps = decisions + self.forced
        return {
            "decisions": decisions,
            "decision_factor": {"mean": total / decisions, "std": float(values.std()), "median": float(p50),
                                "p90": float(p90), "max": int(values.max())},
            "branching_factor": (total + self.forced) / steps,
            "forced_share": self.forced / steps,
        }

    def summary(self) -> Json:
        """Every quality number of the arm as JSON."""
        s = self.tally.summary(self.game)
        metrics = {name: self.metric(name) for name in METRICS}
        side_counts = Counter(q.sides for _, q in self.games)
        cov = s["coverage"]
        declared = cov["declared"]
        return {
            "games": len(self.games),
            "deals": s["deals"],
            "cooperative": bool(self.games) and all(q.cooperative for _, q in self.games),
            "sides": {str(k): v for k, v in sorted(side_counts.items())},
            "decided": self.share(lambda q: q.decided),
            "seat_wins": s["seats"],
            "role_wins": None if s["roles_are_seats"] else s["roles"],
            "draws": s["draws"],
            "no_winner": s["no_winner"],
            "metrics": metrics,
            "no_lead_change": self.share(lambda q: q.lead_changes == 0),
            "comebacks": self.share(lambda q: (q.trailing_share or 0) > 0 if q.decided else None),
            "branching": self.branching(),
            "length": s["length"],
            "end": s["end"],
            "first_player": s["first_player"],
            "dead_rules": cov["never_fired"],
            "setup_only": cov["setup_only"],
            "undeclared_events": cov["undeclared"],
            "event_kinds": {"fired": sum(1 for k in cov["kinds"] if k["games"]),
                            "declared": len(declared) if declared is not None else None},
        }


# ------------------------------------------------------------------------------------------------ definitions
SOURCES: dict[str, str] = {
    "browne": "C. Browne, Automatic generation and evaluation of recombination games, PhD thesis, Queensland "
              "University of Technology, 2008 (ch. 5); C. Browne & F. Maire, \"Evolutionary game design\", IEEE "
              "Transactions on Computational Intelligence and AI in Games 2(1), 2010",
    "ludii": "É. Piette, D. J. N. J. Soemers, M. Stephenson, C. F. Sironi, M. H. M. Winands & C. Browne, \"Ludii – "
             "The Ludemic General Game System\", ECAI 2020; the metrics as implemented by M. Stephenson in "
             "Evaluation/src/metrics of the Ludii repository",
    "lab": "the lab's tally (tablecraft.lab.tournament.Tally), the same numbers lab run reports",
}
"""The works the metric definitions cite, by the key a definition's ``source`` names."""


def _definition(key: str, name: str, at: str, form: str, definition: str, source: Sequence[str],
                percent: bool = False) -> Json:
    return {"key": key, "name": name, "at": at, "form": form, "percent": percent, "definition": definition,
            "source": list(source)}


DEFINITIONS: list[Json] = [
    _definition("decided", "decided (a side won)", "decided", "share",
                "Games that some side won (the complement of Drawishness; a co-operative defeat is the game's win).",
                ["browne", "ludii"]),
    _definition("draws", "draws", "draws", "rate", "Games nobody won with every return 0 (Drawishness).",
                ["browne", "ludii", "lab"]),
    _definition("length_cap", "turn-cap games", "end.length_cap", "count_rate",
                "Games ended by the game's turn or length cap (Game.length_cap_reasons; Ludii's Timeouts).",
                ["ludii", "lab"]),
    _definition("stalemates", "stalemates", "end.stalemates", "count_rate",
                "Games ended by a stalemate reason (Game.stalemate_reasons), or without a reason and all returns 0.",
                ["lab"]),
    _definition("samples", "length: real decisions", "metrics.samples", "mean",
                "Real decisions per game: steps with more than one legal action (Duration).", ["browne", "ludii"]),
    _definition("steps", "length: all steps", "length.decisions", "spread",
                "Every step of a game, forced ones included (the decisions of lab run).", ["lab"]),
    _definition("turns", "length: turns", "length.turns", "spread",
                "Turns per game, when the game's final view counts them.", ["lab"]),
    _definition("decision_factor", "legal actions per decision", "branching.decision_factor", "spread",
                "Legal actions at every real decision, pooled over all games (Decision Factor).", ["ludii"]),
    _definition("decision_factor_per_game", "legal actions per decision (per-game mean)", "metrics.decision_factor",
                "mean", "Each game's mean number of legal actions at its real decisions, averaged over games.",
                ["ludii"]),
    _definition("branching_factor", "branching factor (all steps)", "branching", "branching",
                "Legal actions per step over all steps, a forced step counting 1 (Branching Factor); with the share "
                "of forced steps.", ["ludii"]),
    _definition("lead_changes", "lead changes per game", "metrics.lead_changes", "mean",
                "Samples whose leader (the side ahead by more than 1e-9; nobody on a tie) differs from the last "
                "leader before it; a tie passes no lead (Lead Change).", ["browne", "ludii"]),
    _definition("lead_change_rate", "lead changes per decision", "metrics.lead_change_rate", "mean",
                "Lead changes over the D − 1 chances to change (Ludii divides by the real moves and counts the first "
                "sample as a change; this does not).", ["ludii"], percent=True),
    _definition("no_lead_change", "games without a lead change", "no_lead_change", "share",
                "Games whose lead never changed hands.", ["browne"]),
    _definition("drama", "drama (winner's mean deficit)", "metrics.drama", "mean",
                "Over the samples where the eventual winner trailed, the mean of max(other) − winner in evaluate "
                "units (0–2); 0 if it never trailed; undefined if nobody won (Browne's drama; Ludii's Drama averages "
                "over all samples).", ["browne", "ludii"]),
    _definition("comebacks", "comebacks (winner trailed)", "comebacks", "share",
                "Decided games whose winner trailed at some sample.", ["browne"]),
    _definition("trailing_share", "time the winner trailed", "metrics.trailing_share", "mean",
                "The share of a decided game's samples at which the eventual winner trailed.", ["browne"],
                percent=True),
    _definition("decided_at", "decided at (lead permanent)", "metrics.decided_at", "mean",
                "(i − 1) / D for the first sample i from which the winner leads at every later one: 0 = led from the "
                "first decision, near 100% = settled on the last (Decisiveness).", ["browne"], percent=True),
    _definition("threshold_crossed_at", "threshold crossed at (Ludii)", "metrics.threshold_crossed_at", "mean",
                "(i − 1) / D for the first sample where the winner's advantage exceeds the loser peak; 100% if it "
                "never does (Decisiveness Moves).", ["ludii"], percent=True),
    _definition("loser_peak", "loser peak (threshold)", "metrics.loser_peak", "mean",
                "The highest advantage any non-winning side reached in the game (Decisiveness Threshold).",
                ["ludii"]),
    _definition("leader_won", "leader went on to win", "metrics.leader_won", "mean",
                "The share of samples with a leader whose leader won: how well Game.evaluate foresaw the result "
                "(low values warn that the lead, drama and decisiveness figures rest on a weak evaluation).",
                ["browne"], percent=True),
    _definition("first_player", "first player wins", "first_player", "first_player",
                "The first mover's win rate against the other seats', paired on deals, and against the seats of "
                "its own role (Advantage P1); not defined for a co-operative game.", ["ludii", "lab"]),
    _definition("event_kinds", "event kinds fired", "event_kinds", "event_kinds",
                "Documented event kinds (Game.event_kinds) that fired at least once.", ["lab"]),
    _definition("dead_rules", "dead rules (never fired)", "dead_rules", "list",
                "Documented event kinds that fired in none of the games, apart from those only a designed setup "
                "produces (Game.setup_event_kinds): with sensible agents, the rules play never uses.", ["lab"]),
]
"""Every metric of an arm's summary as the quality JSON describes it: ``key``, the ``name`` the tables show, where
it is in the summary (``at``, a dotted path), its ``form`` (``share``: count of games; ``rate``: a clustered rate;
``count_rate``; ``mean``: a per-game mean with its 95% interval; ``spread``: mean, sd and quantiles;
``branching``; ``first_player``; ``event_kinds``; ``list``), ``percent`` (shown as a percentage), the
``definition`` and its ``source`` (keys of ``SOURCES``). The module docstring has the exact definitions."""


# ------------------------------------------------------------------------------------------------- runner
def plan_batches(game: Game[Any], bots_per_seating: Sequence[Sequence[str]], seeds: Sequence[int],
                 size: int) -> list[tuple[int, Batch]]:
    """The traced batches of one arm: every seating plays every seed, ``size`` seeds per batch; each batch with
    its seating's index."""
    opts = tuple(sorted(game.options.items()))
    return [
        (k, Batch(game.spec.id, opts, game.num_seats, tuple(bots), tuple(seeds[i:i + size]), keep_actions=False,
                  trace=True))
        for i in range(0, len(seeds), size) for k, bots in enumerate(bots_per_seating)
    ]


def measure(game: Game[Any], agents: str, games: int, backend: Backend, seed: int = 0, seating: str = "all",
            on_planned: Callable[[int], None] | None = None,
            on_done: Callable[[int], None] | None = None) -> QualityTally:
    """Play about ``games`` traced games of ``game`` (whole deals: every seating plays each seed ``seed``,
    ``seed + 1`` …) with the agents ``agents`` on ``backend`` and tally their quality.

    >>> from tablecraft.lab.backends import InlineBackend
    >>> from tablecraft.lab.simulate import load_game
    >>> q = measure(load_game("xeno-faction", {}), "random", 2, InlineBackend())
    >>> q.summary()["games"]
    2
    """
    if games < 1:
        raise ValueError(f"the number of games must be at least 1, got {games}")
    specs, per_seat = parse_agents(agents)
    seatings = make_seatings(per_seat, len(specs), game.num_seats, seating)
    deals = -(-games // len(seatings))
    tally = Tally(game.num_seats, [game.seat_name(s) for s in range(game.num_seats)], specs, seatings)
    out = QualityTally(game, tally)
    size = max(1, min(25, deals // max(1, backend.workers * 4)))
    planned = plan_batches(game, [[specs[a] for a in s] for s in seatings], list(range(seed, seed + deals)), size)
    if on_planned:
        on_planned(deals * len(seatings))
    for i, records in backend.run([b for _, b in planned]):
        for record in records:
            out.add(record, planned[i][0])
        if on_done:
            on_done(len(records))
    return out


def document(game: Game[Any], agents: str, seating: str, seed: int, arms: Sequence[tuple[str, QualityTally]],
             command: Json | None = None, players: Sequence[Json] | None = None,
             command_line: str | None = None) -> Json:
    """The quality JSON (``FORMAT``) of one game's arms (label, tally), each with its options and summary; with
    the metrics' ``definitions`` and ``sources``, the ``players`` (``runner.agent_entry``: which level) and the
    ``command`` (its parameters, and the ``command_line`` that runs it again)."""
    return {
        "format": FORMAT,
        "game": game.spec.id,
        "seats": game.num_seats,
        "agents": agents,
        "players": list(players) if players is not None else None,
        "seating": seating,
        "seed": seed,
        "command": command,
        "command_line": command_line,
        "definitions": DEFINITIONS,
        "sources": SOURCES,
        "arms": [{"label": label, "options": dict(q.game.options), **q.summary()} for label, q in arms],
    }
