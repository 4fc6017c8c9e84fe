"""The lab's engine room: plan games, play them on a backend, store each batch, keep the statistics.

A *run* plays one game with one set of agents and seatings over consecutive deals (seeds ``seed``, ``seed + 1``
…); each deal is played under every seating, in every *arm* (option set) of the run. The unit of work is a game
``(arm, seed, seating)``: the planner asks the store which units exist and plays only the missing ones, so
resuming a run after an interruption, or extending it, never replays or double-counts a game.

>>> from tablecraft.lab.store import Store
>>> from tablecraft.lab.backends import InlineBackend
>>> lab = Lab(Store.open("sqlite://"), InlineBackend())
>>> run = lab.create_run("wizard-towers", agents="random", games=None, seed=0)
>>> arms = lab.arms(run)
>>> lab.extend(run, arms, games=6)
>>> arms[0].tally.games
6
>>> lab.extend(run, arms, games=3)   # three more deals, seeds 6, 7, 8
>>> arms[0].tally.games, sorted(seed for seed, _ in lab.store.keys(arms[0].arm))[-1]
(9, 8)
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from tablecraft.agents import make_agent
from tablecraft.agents.levels import bot_label, is_level, level_spec
from tablecraft.core.api import Game, Json
from tablecraft.core.registry import load

from .backends import Backend
from .balance import bisect_search
from .simulate import Batch
from .stats import ALPHA, Rate, compare, games_for_half_width, holm
from .store import Arm, Run, Store
from .tournament import Tally, make_seatings, parse_agents, seat_label

DEFAULT_UNTIL_CI_START = 200
"""Games per arm played before ``--until-ci`` first checks the intervals (when ``-n`` is not given)."""
DEFAULT_MAX_GAMES = 200_000
"""``--until-ci`` stops an arm at this many games even if its intervals are still wider than asked."""
LOCAL_MAX_CHUNK = 50
RAY_MAX_CHUNK = 1000
"""Most games per batch: small locally (progress and interruptions lose little), large on Ray (a task costs
milliseconds to schedule, so each carries many games)."""

ProgressHook = Callable[[int], None]


@dataclass
class ArmState:
    """An arm with its game (options applied) and the running tally of its stored games."""

    arm: Arm
    game: Game[Any]
    tally: Tally

    @property
    def label(self) -> str:
        """The arm's label (``default``, ``wizard_hp=120``, ``substitute=alone`` …)."""
        return self.arm.label


def parse_assignments(text: str) -> dict[str, str]:
    """``"substitute=alone,alliance=true"`` → ``{"substitute": "alone", "alliance": "true"}`` (a variant).

    >>> parse_assignments("substitute=alone, alliance=true")
    {'substitute': 'alone', 'alliance': 'true'}
    """
    out: dict[str, str] = {}
    for part in filter(None, (p.strip() for p in text.replace(" ", ",").split(","))):
        key, eq, value = part.partition("=")
        if not eq or not key:
            raise ValueError(f"{part!r} is not key=value (a variant is key=value[,key=value…])")
        out[key.strip()] = value.strip()
    if not out:
        raise ValueError("an empty variant: give key=value[,key=value…]")
    return out


def parse_vary(text: str) -> tuple[str, list[str]]:
    """``"wizard_hp=120,150,180"`` → ``("wizard_hp", ["120", "150", "180"])``."""
    key, eq, values = text.partition("=")
    items = [v.strip() for v in values.split(",") if v.strip()]
    if not eq or not key.strip() or not items:
        raise ValueError(f"--vary {text!r}: write name=value1,value2,…")
    return key.strip(), items


class Lab:
    """Plays and stores the games of runs on a backend; see the module docstring."""

    def __init__(self, store: Store, backend: Backend, keep_actions: bool = False,
                 chunk: int | None = None, on_planned: ProgressHook | None = None,
                 on_done: ProgressHook | None = None) -> None:
        self.store = store
        self.backend = backend
        self.keep_actions = keep_actions
        self.chunk = chunk
        self.on_planned = on_planned
        self.on_done = on_done

    # --- runs -----------------------------------------------------------------------------------------------
    def create_run(self, game_id: str, agents: str | Sequence[str], games: int | None, seed: int = 0,
                   options: Mapping[str, Any] | None = None, seats: int | None = None, seating: str = "all",
                   arms: Sequence[tuple[str, Mapping[str, Any]]] = (), kind: str = "run",
                   params: Json | None = None, seatings: Sequence[Sequence[int]] | None = None) -> Run:
        """Check everything (game, options of every arm, agents, seatings) and store a new run with its arms.

        ``arms`` are ``(label, options overlay)`` pairs on top of ``options``; none means one arm, the base
        options (a ``balance`` run starts with none: the search adds one per value it measures). Errors (unknown
        game, bad option, unknown agent, impossible seating) raise before anything is stored. ``seatings``, when
        given (agent index per seat, e.g. the ladder's), replace the ``seating`` mode's; ``seating`` is then only
        the name stored with the run.
        """
        base = load(game_id, num_seats=seats, **dict(options or {}))
        unique, per_seat = parse_agents(agents)
        if seatings is None:
            chosen = make_seatings(per_seat, len(unique), base.num_seats, seating)
        else:
            chosen = [tuple(int(a) for a in s) for s in seatings]
            for s in chosen:
                if len(s) != base.num_seats or not all(0 <= a < len(unique) for a in s):
                    raise ValueError(f"seating {s} does not put one of the {len(unique)} agents in each of the "
                                     f"{base.num_seats} seats")
        for spec in unique:
            make_agent(spec, base)  # an unknown agent or a bad parameter fails now, not in a worker
        resolved = []
        # a balance search or a tuning adds its arms as it measures values; other runs have at least the base options
        default: list[tuple[str, Mapping[str, Any]]] = [] if kind in ("balance", "tune") else [(_label(options or {}), {})]
        for label, overlay in arms or default:
            game = load(game_id, num_seats=base.num_seats, **{**dict(options or {}), **dict(overlay)})
            resolved.append((label, dict(game.options)))
        run = self.store.create_run(
            kind=kind, game_id=base.spec.id, seats=base.num_seats, options=dict(base.options), agents=unique,
            seatings=chosen, seating_mode=seating, seed=seed, params=dict(params or {}, games=games))
        for label, opts in resolved:
            self.store.add_arm(run, label, opts)
        return run

    def arms(self, run: Run) -> list[ArmState]:
        """The run's arms, each with its tally rebuilt from the stored games."""
        return [self.arm_state(run, arm) for arm in self.store.arms(run)]

    def arm_state(self, run: Run, arm: Arm) -> ArmState:
        """One arm with its tally rebuilt from the stored games."""
        game = load(run.game_id, num_seats=run.seats, **arm.options)
        names = [game.seat_name(s) for s in range(game.num_seats)]
        tally = Tally(run.seats, names, run.agents, run.seatings)
        tally.extend((record, seating) for _seed, seating, record in self.store.games(arm))
        return ArmState(arm, game, tally)

    # --- playing --------------------------------------------------------------------------------------------
    def deals(self, run: Run, state: ArmState) -> int:
        """How many deals the arm has been asked to reach (an interrupted request counts as asked), or has
        stored: one past the highest stored seed's deal; 0 for a new arm."""
        keys = self.store.keys(state.arm)
        stored = max((seed - run.seed for seed, _ in keys), default=-1) + 1
        return max(stored, self.store.planned_deals(state.arm))

    def play_to(self, run: Run, targets: Sequence[tuple[ArmState, int]]) -> int:
        """Play every missing game of deals ``0 .. deals-1`` of each ``(arm, deals)``; return games played.

        Batches are stored as they finish (one transaction each) and counted into the arms' tallies.
        """
        m = len(run.seatings)
        work: list[tuple[ArmState, int, list[int]]] = []  # (arm, seating, seeds)
        for state, deals in targets:
            self.store.plan_deals(state.arm, deals)  # first, so an interrupted run knows what it was asked
            have = self.store.keys(state.arm)
            for k in range(m):
                seeds = [run.seed + j for j in range(deals) if (run.seed + j, k) not in have]
                if seeds:
                    work.append((state, k, seeds))
        total = sum(len(seeds) for _, _, seeds in work)
        if not total:
            return 0
        if self.on_planned:
            self.on_planned(total)
        limit = RAY_MAX_CHUNK if self.backend.name == "ray" else LOCAL_MAX_CHUNK
        size = self.chunk or max(1, min(limit, total // (self.backend.workers * 4)))
        # a batch is one seating's games, so it spans size / m deals: the m batches of those deals together
        # hold about ``size`` games each, and they are played one after the other (below)
        span = max(1, size // m) if self.chunk is None else size
        planned: list[tuple[int, int, Batch, tuple[ArmState, int]]] = []
        for state, k, seeds in work:
            bots = tuple(run.agents[a] for a in run.seatings[k])
            opts = tuple(sorted(state.arm.options.items()))
            for i in range(0, len(seeds), span):
                batch = Batch(run.game_id, opts, run.seats, bots, tuple(seeds[i:i + span]), self.keep_actions)
                planned.append((seeds[i], k, batch, (state, k)))
        # deals in order, every seating of a deal before the next deal: an interrupted run then holds whole
        # rotations (and a ladder whole duels), not the first seatings of every deal; the tallies count only
        # complete rotations anyway, so the few deals in flight at an interruption are left out, not misweighted
        planned.sort(key=lambda p: (p[0], p[1]))
        batches = [p[2] for p in planned]
        owners = [p[3] for p in planned]
        played = 0
        for index, records in self.backend.run(batches):
            state, k = owners[index]
            self.store.add_games(state.arm, [(r["seed"], k, r) for r in records])
            for r in records:
                state.tally.add(r, k)
            played += len(records)
            if self.on_done:
                self.on_done(len(records))
        return played

    def extend(self, run: Run, arms: Sequence[ArmState], games: int | None = None, until_ci: float | None = None,
               max_games: int = DEFAULT_MAX_GAMES) -> None:
        """Play ``games`` more games per arm (rounded up to whole deals: every seating plays each deal), then,
        with ``until_ci``, keep adding rounds until every headline interval's half-width is at most
        ``until_ci`` (or an arm reaches ``max_games``).

        "More" counts from what the arm was last asked to reach, and every missing game below that is played
        too: after an interruption, ``games=0`` completes the interrupted request, and ``games=n`` gives the
        same games as an uninterrupted run asked for the total."""
        m = len(run.seatings)
        if games is None and until_ci is None:
            raise ValueError("give a number of games, --until-ci, or both")
        if games is not None and games < 0:
            raise ValueError("the number of games cannot be negative")
        start = games if games is not None else 0
        if until_ci is not None and games is None:
            start = max(0, DEFAULT_UNTIL_CI_START - min(a.tally.games for a in arms))
        self.play_to(run, [(a, self.deals(run, a) + math.ceil(start / m)) for a in arms])
        if until_ci is None:
            return
        if not 0 < until_ci < 0.5:
            raise ValueError(f"--until-ci must be between 0 and 0.5, got {until_ci}")
        while True:
            targets = []
            for a in arms:
                if a.tally.games >= max_games or a.tally.max_half_width() <= until_ci:
                    continue
                want = min(max_games, next_size(a.tally, until_ci))
                targets.append((a, math.ceil(want / m)))
            if not targets:
                return
            self.play_to(run, targets)

    # --- balance --------------------------------------------------------------------------------------------
    def balance(self, run: Run, param: str, metric: str, target: float, lo: int, hi: int,
                games_per_point: int, until_ci: float | None = None, step: int = 1, max_points: int = 12) -> Json:
        """The balance search (``balance.bisect_search``) over integer option ``param``: each measured value is
        an arm of ``run`` (reused if already stored), measured on ``games_per_point`` games (then, with
        ``until_ci``, until its intervals are that narrow); ``metric`` is a headline rate key such as
        ``role:wizard`` or ``seat:2``."""
        measured: dict[int, ArmState] = {}

        def evaluate(values: Sequence[int]) -> dict[int, Rate]:
            states = []
            for x in values:
                opts = {**run.options, param: x}
                game = load(run.game_id, num_seats=run.seats, **opts)  # checks the value against the option
                arm = self.store.add_arm(run, f"{param}={x}", dict(game.options))
                states.append(self.arm_state(run, arm))
            # absolute targets, not "more games": measuring a value again (a resumed search) adds nothing new
            m = len(run.seatings)
            self.play_to(run, [(s, max(self.deals(run, s), math.ceil(games_per_point / m))) for s in states])
            if until_ci is not None:
                self.extend(run, states, games=0, until_ci=until_ci)
            out = {}
            for x, s in zip(values, states, strict=True):
                measured[x] = s
                rates = s.tally.rates()
                if metric not in rates:
                    raise KeyError(f"no rate {metric!r} in these games; rates: {', '.join(rates)}")
                out[x] = rates[metric]
            return out

        result = bisect_search(evaluate, lo, hi, target, step=step, max_points=max_points)
        result.update({"param": param, "metric": metric, "games_per_point": games_per_point,
                       "arms": {str(x): s.arm.id for x, s in sorted(measured.items())}})
        return result

    # --- tuning ---------------------------------------------------------------------------------------------
    def measure_settings(self, run: Run, settings: Sequence[Mapping[str, Any]], first: int,
                         count: int) -> list[dict[str, Rate]]:
        """Each setting (an option overlay on the run's options) as an arm of ``run`` (reused when stored),
        played on deals ``first .. first+count-1`` (counted from the run's seed) and every missing deal before
        them; the headline rates of those ``count`` deals alone (the tuner's fresh confirmation deals must not
        mix with the deals the search chose on)."""
        states = []
        for setting in settings:
            game = load(run.game_id, num_seats=run.seats, **{**run.options, **dict(setting)})
            arm = self.store.add_arm(run, _label(dict(setting)), dict(game.options))
            states.append(self.arm_state(run, arm))
        self.play_to(run, [(s, max(self.deals(run, s), first + count)) for s in states])
        out = []
        lo, hi = run.seed + first, run.seed + first + count
        for s in states:
            tally = Tally(run.seats, s.tally.seat_names, run.agents, run.seatings)
            tally.extend((record, seating) for seed, seating, record in self.store.games(s.arm) if lo <= seed < hi)
            out.append(tally.rates())
        return out


def next_size(tally: Tally, half_width: float) -> int:
    """The games an arm should reach next under ``--until-ci``: for each headline rate, the games its interval
    needs at the observed rate and design effect (trials per game kept as observed; a rate resting on a single
    deal needs more deals before anything can be estimated), 5% over; at least one more round of games and at
    most double the games so far (the estimate is rough while the counts are small)."""
    games = tally.games
    need = games
    for rate in tally.rates().values():
        if rate.half_width <= half_width or rate.trials == 0:
            continue
        if rate.deals is not None and rate.deals < 2 <= rate.trials:
            need = max(need, 2 * games)
            continue
        per_game = rate.trials / games
        want = games_for_half_width(rate.rate, half_width) * rate.design_effect / per_game * 1.05
        need = max(need, math.ceil(want))
    step = len(tally.seatings)
    return min(max(need, games + step), max(2 * games, games + step))


def metric_label(key: str, seat_names: Sequence[str]) -> str:
    """A headline rate's key in words, seats counted from 1 as people count them (``tournament.seat_label``):
    ``seat:2`` → ``seat 3 purple``, ``role:wizard`` → ``role wizard``.

    >>> metric_label("seat:2", ["orange", "blue", "purple"]), metric_label("first_player", [])
    ('seat 3 purple', 'first player')
    """
    kind, _, name = key.partition(":")
    if kind == "seat":
        return seat_label(int(name), seat_names[int(name)])
    return f"{kind} {name}" if name else kind.replace("_", " ")


def comparisons(arms: Sequence[ArmState], alpha: float = ALPHA) -> list[Json]:
    """Each arm after the first against the first: for every headline rate both have, the difference (later −
    first) with its 95% interval and the p-value of the test paired on deals (``stats.compare``: arms play the
    same deals and seatings), then Holm's correction over every row of every comparison (the family is the whole
    table: with many arms and rates, some raw p-values fall below 0.05 by chance alone). A row is significant
    when its Holm-adjusted p-value is below ``alpha``."""
    out: list[Json] = []
    if len(arms) < 2:
        return out
    base = arms[0]
    base_rates = base.tally.rates()
    rows_all: list[Json] = []
    for other in arms[1:]:
        rows = []
        for key, rate in other.tally.rates().items():
            if key in base_rates:
                rows.append({"metric": key, "label": metric_label(key, base.tally.seat_names),
                             **compare(base_rates[key], rate).to_json()})
        rows_all.extend(rows)
        out.append({"a": base.label, "b": other.label, "rows": rows})
    for row, adjusted in zip(rows_all, holm([r["p_value"] for r in rows_all]), strict=True):
        row["p_holm"] = adjusted
        row["significant"] = adjusted < alpha
    for comp in out:
        comp["correction"] = {"method": "holm", "family": len(rows_all), "alpha": alpha}
    return out


def agent_entry(spec: str, game: Game[Any]) -> Json:
    """An agent of a run as a report names it: the spec as given, the level's names when it is a level, and the
    agent spec the level stands for in ``game`` (every report says which level it measured)."""
    level = is_level(spec)
    return {"agent": spec, "name": bot_label(spec, "en"), "name_zh": bot_label(spec, "zh"),
            "spec": level_spec(spec, game) if level else spec, "level": level}


def document(run: Run, arms: Sequence[ArmState], store: Store, balance: Json | None = None,
             parameters: Json | None = None) -> Json:
    """The report's data: the run, each arm's summary, the comparisons and the balance search, as JSON;
    ``parameters`` are the command's (shown in the report so it can be run again)."""
    vary = run.params.get("vary")
    return {
        "format": "tablecraft-lab-report/1",
        "generated": datetime.now(UTC).isoformat(timespec="seconds"),
        "database": store.url,
        "parameters": dict(parameters) if parameters is not None else None,
        "run": run.to_json(),
        "players": [agent_entry(spec, arms[0].game if arms else load(run.game_id, num_seats=run.seats,
                                                                      **run.options))
                    for spec in run.agents],
        "arms": [{"id": a.arm.id, "label": a.label, "options": a.arm.options, "changed": _changed(run, a),
                  "summary": a.tally.summary(a.game)} for a in arms],
        "vary": vary,
        "comparisons": comparisons(arms) if run.kind != "balance" else [],
        "balance": balance,
    }


def _changed(run: Run, arm: ArmState) -> Json:
    return {k: v for k, v in arm.arm.options.items() if run.options.get(k) != v}


def _label(options: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={v}" for k, v in options.items()) or "default"


def product_arms(vary: tuple[str, list[str]] | None, variants: Sequence[Mapping[str, str]]) -> list[tuple[str, Json]]:
    """The arms of ``--compare`` variants crossed with ``--vary`` values (labels ``a=1,b=2``).

    >>> product_arms(("wizard_hp", ["120", "150"]), [])
    [('wizard_hp=120', {'wizard_hp': '120'}), ('wizard_hp=150', {'wizard_hp': '150'})]
    """
    left: list[dict[str, str]] = [dict(v) for v in variants] or [{}]
    right: list[dict[str, str]] = [{vary[0]: v} for v in vary[1]] if vary else [{}]
    out = []
    for a, b in itertools.product(left, right):
        overlay = {**a, **b}
        out.append((_label(overlay), overlay))
    return out
