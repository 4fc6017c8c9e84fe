"""Tuning several options at once toward a designer's goals, with the noise of simulation handled.

``lab balance`` finds one integer value for one rate. A designer's goal is usually wider — "the wizard wins
45–55% *and* the first mover has no edge", over two or three options at once — and every measured rate is noisy.
This module searches the options with **Optuna's TPE sampler** (Bergstra et al. 2011, the tree-structured Parzen
estimator: a well-kept optimiser that handles integer, real and categorical options together and needs no
gradient) through its ask-and-tell interface, so each batch of candidate settings is played in parallel by the
lab's workers and stored like any other arm (a tuning run resumes, and its games can be reported on later).

**Goals.** A goal is a headline rate of the games (``role:wizard``, ``seat:0``, ``first_player``, ``draws``, an
agent's ``agent:SPEC``) and a target: a value (``role:wizard=0.5``) or a band (``role:wizard=0.45..0.55``). A
setting's loss is the sum over the goals of the squared distance of the measured rate from its band (zero inside
it), so a setting that meets every goal scores 0 and the search stops looking elsewhere only when the noise says
so.

**Noise.** A rate measured on a few hundred games is off by several points, and the best of many noisy
candidates is the luckiest as often as the best (the winner's curse). So the search runs in two stages, as
NTBEA-style tuners do (Lucas et al. 2018; TAG): the ``trials`` candidates are measured on ``games`` games each;
then the ``confirm`` best are measured again on ``confirm_games`` **fresh** deals — deals the search never saw, so
the selection cannot have favoured them — and the winner is the best on those alone, reported with its 95%
intervals (clustered by deal) and, per goal, whether the interval lies inside the band (``met``), overlaps it
(``within noise``) or misses it (``missed``).

>>> parse_goal("role:wizard=0.45..0.55")
Goal(metric='role:wizard', low=0.45, high=0.55)
>>> round(loss([Goal("role:wizard", 0.45, 0.55)], {"role:wizard": Rate(60, 100)}), 4)
0.0025
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tablecraft.core.api import Game, Json

from .stats import Rate

DEFAULT_TRIALS = 24
"""Candidate settings measured when ``--trials`` is not given."""

DEFAULT_CONFIRM = 3
"""Best candidates measured again on fresh deals."""


@dataclass(frozen=True)
class Param:
    """An option to tune and its range: integers or reals ``low..high``, or a list of ``choices``."""

    name: str
    kind: str
    """``int``, ``float`` or ``choice``."""
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()

    def describe(self) -> str:
        """``wizard_hp in 20..150`` / ``substitute in joint|alone``."""
        if self.kind == "choice":
            return f"{self.name} in {'|'.join(str(c) for c in self.choices)}"
        return f"{self.name} in {self.low:g}..{self.high:g}"


@dataclass(frozen=True)
class Goal:
    """A headline rate and the band it should fall in (``low == high`` for a single target value)."""

    metric: str
    low: float
    high: float

    def distance(self, rate: float) -> float:
        """How far ``rate`` lies outside the band (0 inside it)."""
        return max(0.0, self.low - rate, rate - self.high)

    def verdict(self, rate: Rate) -> str:
        """``met`` (the 95% interval inside the band; for a single value: the interval within ±2.5 points of
        it), ``within noise`` (the interval overlaps the band) or ``missed``."""
        lo, hi = rate.interval
        low, high = (self.low - 0.025, self.high + 0.025) if self.low == self.high else (self.low, self.high)
        if low <= lo and hi <= high:
            return "met"
        if hi >= self.low and lo <= self.high:
            return "within noise"
        return "missed"

    def describe(self) -> str:
        """``role:wizard = 50%`` or ``role:wizard in 45%..55%``."""
        if self.low == self.high:
            return f"{self.metric} = {100 * self.low:g}%"
        return f"{self.metric} in {100 * self.low:g}%..{100 * self.high:g}%"


def parse_param(text: str, game: Game[Any]) -> Param:
    """``name=low..high`` for an integer or real option, ``name=a|b|c`` for any option (values as on the
    command line); checked against the option's type and limits."""
    name, eq, spec = text.partition("=")
    name, spec = name.strip(), spec.strip()
    if not eq or not name or not spec:
        raise ValueError(f"--param {text!r}: write name=low..high (wizard_hp=20..150) or name=a|b (substitute="
                         "joint|alone)")
    option = game.spec.option(name)  # an unknown option fails here, naming the game's options
    if "|" in spec:
        choices = tuple(option.coerce(v.strip()) for v in spec.split("|") if v.strip())
        if len(set(choices)) < 2:
            raise ValueError(f"--param {text!r}: give at least two different choices")
        return Param(name, "choice", choices=choices)
    low_text, dots, high_text = spec.partition("..")
    if not dots:
        raise ValueError(f"--param {text!r}: a range is low..high, a list of choices a|b")
    if option.type not in (int, float):
        raise ValueError(f"--param {name} is a {option.type.__name__} option: give its choices as a|b")
    low, high = option.coerce(low_text.strip()), option.coerce(high_text.strip())
    if not low < high:
        raise ValueError(f"--param {text!r}: the range needs low < high")
    return Param(name, "int" if option.type is int else "float", low, high)


def parse_goal(text: str) -> Goal:
    """``metric=value`` or ``metric=low..high``, rates between 0 and 1 (``role:wizard=0.5``)."""
    metric, eq, spec = text.partition("=")
    metric, spec = metric.strip(), spec.strip()
    if not eq or not metric or not spec:
        raise ValueError(f"--goal {text!r}: write metric=rate (role:wizard=0.5) or metric=low..high")
    low_text, dots, high_text = spec.partition("..")
    try:
        low = float(low_text)
        high = float(high_text) if dots else low
    except ValueError:
        raise ValueError(f"--goal {text!r}: the target must be a rate such as 0.5 or 0.45..0.55") from None
    if not (0 <= low <= high <= 1):
        raise ValueError(f"--goal {text!r}: rates lie between 0 and 1, low first")
    return Goal(metric, low, high)


def loss(goals: Sequence[Goal], rates: Mapping[str, Rate]) -> float:
    """The sum over ``goals`` of the squared distance of each measured rate from its band."""
    total = 0.0
    for goal in goals:
        if goal.metric not in rates:
            raise KeyError(f"no rate {goal.metric!r} in these games; rates: {', '.join(rates)}")
        total += goal.distance(rates[goal.metric].rate) ** 2
    return total


Measure = Callable[[Sequence[dict[str, Any]], int, int], list[dict[str, Rate]]]
"""Play settings (option overlays) on deals ``first .. first+count-1`` and return each one's headline rates."""


def tune(measure: Measure, params: Sequence[Param], goals: Sequence[Goal], trials: int, deals: int,
         confirm: int, confirm_deals: int, seed: int = 0, batch: int = 1,
         on_trial: Callable[[Json], None] | None = None) -> Json:
    """Search ``params`` for the setting that best meets ``goals``: ``trials`` candidates (asked ``batch`` at a
    time) measured on deals ``0 .. deals-1``, then the ``confirm`` best measured on ``confirm_deals`` fresh deals
    from ``deals`` on; the winner is the best on those. Deterministic for a given ``seed`` and measurements."""
    import optuna

    if trials < 1 or deals < 1 or batch < 1:
        raise ValueError("trials, deals and batch must be at least 1")
    if not params or not goals:
        raise ValueError("give at least one --param and one --goal")
    optuna.logging.set_verbosity(optuna.logging.WARNING)
    sampler = optuna.samplers.TPESampler(seed=seed, n_startup_trials=max(3, min(10, trials // 3)))
    study = optuna.create_study(direction="minimize", sampler=sampler)
    measured: list[Json] = []
    seen: dict[str, Json] = {}
    while len(measured) < trials:
        asked = [study.ask() for _ in range(min(batch, trials - len(measured)))]
        settings = [_suggest(t, params) for t in asked]
        fresh = [s for s in settings if _key(s) not in seen]
        unique = list({_key(s): s for s in fresh}.values())
        for setting, rates in zip(unique, measure(unique, 0, deals) if unique else [], strict=True):
            seen[_key(setting)] = {"setting": setting, "rates": rates, "loss": loss(goals, rates)}
        for trial, setting in zip(asked, settings, strict=True):
            entry = seen[_key(setting)]
            study.tell(trial, entry["loss"])
            row = {"trial": len(measured), "setting": setting, "loss": entry["loss"],
                   "rates": {g.metric: entry["rates"][g.metric].to_json() for g in goals}}
            measured.append(row)
            if on_trial is not None:
                on_trial(row)
    ranked = sorted(seen.values(), key=lambda e: (e["loss"], _key(e["setting"])))
    finalists = ranked[:max(1, confirm)]
    confirmed = []
    if confirm_deals > 0:
        rates_list = measure([f["setting"] for f in finalists], deals, confirm_deals)
        for f, rates in zip(finalists, rates_list, strict=True):
            confirmed.append({"setting": f["setting"], "search_loss": f["loss"], "loss": loss(goals, rates),
                              "rates": rates})
        confirmed.sort(key=lambda e: (e["loss"], _key(e["setting"])))
    best = confirmed[0] if confirmed else {"setting": finalists[0]["setting"], "search_loss": finalists[0]["loss"],
                                           "loss": finalists[0]["loss"], "rates": finalists[0]["rates"]}
    return {
        "params": [p.describe() for p in params],
        "goals": [{"metric": g.metric, "low": g.low, "high": g.high, "text": g.describe()} for g in goals],
        "trials": measured,
        "deals_per_trial": deals,
        "confirm_deals": confirm_deals,
        "confirmed": [{"setting": c["setting"], "search_loss": c["search_loss"], "loss": c["loss"],
                       "rates": {g.metric: c["rates"][g.metric].to_json() for g in goals}} for c in confirmed],
        "best": {"setting": best["setting"], "loss": best["loss"], "confirmed": bool(confirmed),
                 "goals": [{"metric": g.metric, "text": g.describe(), **best["rates"][g.metric].to_json(),
                            "verdict": g.verdict(best["rates"][g.metric])} for g in goals]},
    }


def _suggest(trial: Any, params: Sequence[Param]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for p in params:
        if p.kind == "int":
            out[p.name] = trial.suggest_int(p.name, int(p.low or 0), int(p.high or 0))
        elif p.kind == "float":
            # three decimals: a designer writes the answer into a rulebook, and equal settings share their games
            out[p.name] = round(trial.suggest_float(p.name, float(p.low or 0), float(p.high or 0)), 3)
        else:
            index = trial.suggest_categorical(p.name, list(range(len(p.choices))))
            out[p.name] = p.choices[index]
    return out


def _key(setting: Mapping[str, Any]) -> str:
    return ",".join(f"{k}={setting[k]}" for k in sorted(setting))


def deals_for(games: int, seatings: int) -> int:
    """Whole deals covering ``games`` games when each deal is played under ``seatings`` seatings."""
    return max(1, math.ceil(games / max(1, seatings)))
