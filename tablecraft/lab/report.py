"""The lab report: one self-contained HTML file (tables and inline SVG plots) plus the JSON behind it.

The HTML needs nothing else to open — no script, stylesheet, font or image is fetched (the plots are SVG drawn
by matplotlib and written into the page, and the page carries its JSON data too) — so it can be mailed, archived
or opened offline. The JSON file holds the same data (``runner.document``) for other tools.

Sections: what was run (game, options, agents, seatings, seeds, database and run id, the command); for each arm:
win rates per seat, role and agent with 95% intervals clustered by deal (table and plot), the agent × seat and agent × role
breakdowns, draws, the first player's advantage, the length distribution (histograms of decisions and turns),
how games ended (end reasons, length-cap hits, stalemates) and rule coverage (how often each event kind fired;
documented kinds that never fired are flagged as findings); then the comparisons between arms (differences with
intervals and significance) with the parameter curve for ``--vary``, and the balance search's curve and answer.

The other commands' pages are made the same way, each from its JSON alone: ``render_skill_html`` (``lab skill``:
every rate against the level), ``render_quality_html`` (``lab quality``: every metric of every variant with its
interval, definition and source, as ``quality.DEFINITIONS`` describes them) and ``render_content_html`` (``lab
content``: the ranked impact table with intervals, raw and corrected p-values and a verdict, its forest plot, and
each content kind's rule coverage).
"""

from __future__ import annotations

import html
import io
import json
import re
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib.figure import Figure

from tablecraft.core.api import Json

from .tournament import seat_label

_CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Noto Sans CJK SC",sans-serif;margin:2em auto;
max-width:1100px;padding:0 1em;color:#222;line-height:1.4}
h1{font-size:1.6em}h2{border-bottom:2px solid #ddd;padding-bottom:.2em;margin-top:2em}h3{margin-top:1.5em}
table{border-collapse:collapse;margin:.6em 0;font-size:.92em}th,td{border:1px solid #ddd;padding:.25em .6em;
text-align:right}th{background:#f4f4f4}td.l,th.l{text-align:left}.finding{color:#b00020;font-weight:600}
.sig{color:#b00020;font-weight:600}.muted{color:#777}code{background:#f4f4f4;padding:0 .2em}
.plot svg{max-width:100%;height:auto}dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}
dt{font-weight:600}dd{margin:0}.def{color:#555;font-size:.9em}.wide{overflow-x:auto}
.nums table{font-size:.85em}.nums td:not(.l){white-space:nowrap}.nums td:last-child{white-space:normal}
"""


# ------------------------------------------------------------------------------------------------ helpers
def _e(x: Any) -> str:
    return html.escape(str(x))


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: Sequence[float]) -> str:
    return f"[{_pct(ci[0])}, {_pct(ci[1])}]"


def _signed_pct(x: float) -> str:
    return f"{100 * x:+.1f} pp"


def _table(headers: Sequence[str], rows: Sequence[Sequence[Any]], left: int = 1) -> str:
    """An HTML table; the first ``left`` columns are left-aligned text, cells are escaped unless they are
    ``Markup``."""
    head = "".join(f'<th class="l">{_e(h)}</th>' if i < left else f"<th>{_e(h)}</th>" for i, h in enumerate(headers))
    body = []
    for row in rows:
        cells = []
        for i, c in enumerate(row):
            text = c.html if isinstance(c, Markup) else _e(c)
            cells.append(f'<td class="l">{text}</td>' if i < left else f"<td>{text}</td>")
        body.append("<tr>" + "".join(cells) + "</tr>")
    return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


class Markup:
    """Trusted HTML for a table cell."""

    def __init__(self, html_text: str) -> None:
        self.html = html_text


def _rate_row(label: str, r: Json) -> list[Any]:
    return [label, r["games"], r["wins"], _pct(r["rate"]), _ci(r["ci"])]


def svg(fig: Figure) -> str:
    """The figure as an inline ``<svg>`` element (text kept as text, ids stable from run to run)."""
    buf = io.StringIO()
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "tablecraft-lab"}):
        fig.savefig(buf, format="svg", metadata={"Date": None})
    text = buf.getvalue()
    text = text[text.index("<svg"):]
    return re.sub(r"\s*<metadata>.*?</metadata>", "", text, flags=re.S)  # creator/licence links, not content


def _number_plots(page: str) -> str:
    """Give each inline SVG's ids (clip paths, markers, ticks) the prefix ``p<k>-``: plots on one page must not
    share ids, and numbering them in order keeps the page the same from run to run."""
    counter = iter(range(1, 1 << 30))

    def one(match: re.Match[str]) -> str:
        prefix = f"p{next(counter)}-"
        return re.sub(r'(id="|url\(#|href="#)', lambda m: m.group(1) + prefix, match.group(0))

    return re.sub(r"<svg\b.*?</svg>", one, page, flags=re.S)


# -------------------------------------------------------------------------------------------------- plots
def _rate_items(summary: Json) -> list[tuple[str, Json]]:
    items = [(seat_label(s["seat"], s["name"]), s) for s in summary["seats"]]
    if not summary["roles_are_seats"]:
        items += [(f"role {r['role']}", r) for r in summary["roles"]]
    items += [(f"agent {a['agent']}", a) for a in summary["agent_rates"]]
    items.append(("draws", summary["draws"]))
    if summary["first_player"] is not None:
        items.append(("first player", summary["first_player"]))
    return items


def plot_rates(summary: Json, title: str = "Win rates with 95% intervals") -> str:
    """Horizontal points with 95% error bars (clustered by deal) for every headline rate."""
    items = _rate_items(summary)
    fig = Figure(figsize=(7.5, 0.38 * len(items) + 1.1), layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(items)))[::-1]
    for y, (_label, r) in zip(ys, items, strict=True):
        lo, hi = r["ci"]
        ax.errorbar([r["rate"]], [y], xerr=[[r["rate"] - lo], [hi - r["rate"]]], fmt="o", color="C0", capsize=4)
        ax.annotate(_pct(r["rate"]), (r["rate"], y), textcoords="offset points", xytext=(0, 6), ha="center",
                    fontsize=8)
    ax.set_yticks(ys, [label for label, _ in items])
    ax.set_xlim(-0.02, 1.02)
    ax.set_xlabel("win rate")
    ax.grid(axis="x", alpha=0.3)
    ax.set_title(title)
    return svg(fig)


def plot_lengths(summary: Json) -> str:
    """Histograms of game length in decisions and, when known, in turns."""
    parts = [("decisions", summary["length"]["decisions"])]
    if summary["length"]["turns"]:
        parts.append(("turns", summary["length"]["turns"]))
    fig = Figure(figsize=(7.5 if len(parts) == 1 else 10, 3.2), layout="constrained")
    for i, (name, dist) in enumerate(parts):
        ax = fig.add_subplot(1, len(parts), i + 1)
        if dist is None:
            continue
        edges, counts = dist["histogram"]["edges"], dist["histogram"]["counts"]
        widths = [b - a for a, b in zip(edges, edges[1:], strict=False)]
        ax.bar(edges[:-1], counts, width=widths, align="edge", color="C1", edgecolor="white")
        ax.axvline(dist["mean"], color="k", linestyle="--", linewidth=1, label=f"mean {dist['mean']:.1f}")
        ax.set_xlabel(f"game length ({name})")
        ax.set_ylabel("games")
        ax.legend(fontsize=8)
    fig.suptitle("Game length")
    return svg(fig)


def plot_coverage(summary: Json) -> str:
    """Share of games in which each event kind fired; documented kinds that never fired are marked in red."""
    kinds = summary["coverage"]["kinds"]
    fig = Figure(figsize=(7.5, 0.28 * len(kinds) + 1.2), layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(kinds)))[::-1]
    never = set(summary["coverage"]["never_fired"])
    colors = ["#b00020" if k["kind"] in never else "C2" for k in kinds]
    ax.barh(ys, [k["share"] for k in kinds], color=colors)
    for y, k in zip(ys, kinds, strict=True):
        if k["kind"] in never:
            ax.text(0.01, y, "never fired", va="center", color="#b00020", fontsize=8)
    ax.set_yticks(ys, [k["kind"] for k in kinds], fontsize=8)
    ax.set_xlim(-0.02, 1.02)
    ax.set_xlabel("share of games in which it fired")
    ax.set_title("Rule coverage (event kinds)")
    return svg(fig)


def _curve_metrics(doc: Json) -> list[str]:
    first = doc["arms"][0]["summary"]
    if not first["roles_are_seats"]:
        keys = [f"role:{r['role']}" for r in first["roles"]]
    else:
        keys = [f"seat:{s['seat']}" for s in first["seats"]]
    return keys + [f"agent:{a['agent']}" for a in first["agent_rates"]] + ["draws"]


def _key_label(summary: Json, key: str) -> str:
    """A rate's key as a plot names it: seats as people count them (``seat:0`` → ``seat 1 orange``), others as is."""
    kind, _, name = key.partition(":")
    if kind == "seat":
        return seat_label(int(name), summary["seats"][int(name)]["name"])
    return key


def _metric(summary: Json, key: str) -> Json | None:
    kind, _, name = key.partition(":")
    if kind == "seat":
        return summary["seats"][int(name)]
    if kind == "role":
        return next((r for r in summary["roles"] if r["role"] == name), None)
    if kind == "agent":
        return next((a for a in summary["agent_rates"] if a["agent"] == name), None)
    if kind == "draws":
        return summary["draws"]
    if kind == "first_player":
        return summary["first_player"]
    return None


def _number(x: Any) -> float | None:
    try:
        return float(x)
    except (TypeError, ValueError):
        return None


def plot_arms(doc: Json) -> str:
    """Win rates across arms: a parameter curve for ``--vary`` (numeric values on the x axis), points side by
    side for variants."""
    vary = doc.get("vary")
    keys = _curve_metrics(doc)
    fig = Figure(figsize=(8, 4.2), layout="constrained")
    ax = fig.add_subplot()
    arms = doc["arms"]
    if vary:
        name = vary["param"]
        groups: dict[str, list[tuple[Any, Json]]] = {}
        for arm in arms:
            rest = ",".join(f"{k}={v}" for k, v in arm["changed"].items() if k != name)
            groups.setdefault(rest, []).append((arm["options"][name], arm["summary"]))
        xs_numeric = all(_number(v) is not None for g in groups.values() for v, _ in g)
        color = 0
        for rest, members in groups.items():
            for key in keys:
                pts = [(v, m) for v, s in members if (m := _metric(s, key)) is not None]
                if not pts:
                    continue
                xs: list[Any] = [float(v) if xs_numeric else str(v) for v, _ in pts]
                ys = [m["rate"] for _, m in pts]
                err = [[m["rate"] - m["ci"][0] for _, m in pts], [m["ci"][1] - m["rate"] for _, m in pts]]
                label = f"{_key_label(members[0][1], key)} ({rest})" if rest else _key_label(members[0][1], key)
                ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, label=label, color=f"C{color % 10}")
                color += 1
        ax.set_xlabel(name)
        ax.set_title(f"Win rates against {name}")
    else:
        n = len(arms)
        for i, arm in enumerate(arms):
            xs_pos, ys, lo_err, hi_err = [], [], [], []
            for j, key in enumerate(keys):
                m = _metric(arm["summary"], key)
                if m is None:
                    continue
                xs_pos.append(j + (i - (n - 1) / 2) * 0.8 / max(n, 1))
                ys.append(m["rate"])
                lo_err.append(m["rate"] - m["ci"][0])
                hi_err.append(m["ci"][1] - m["rate"])
            ax.errorbar(xs_pos, ys, yerr=[lo_err, hi_err], fmt="o", capsize=3, label=arm["label"], color=f"C{i % 10}")
        ax.set_xticks(range(len(keys)), [_key_label(arms[0]["summary"], k) for k in keys], rotation=20, ha="right",
                      fontsize=8)
        ax.set_title("Win rates by variant")
    ax.set_ylim(-0.02, 1.02)
    ax.set_ylabel("win rate (95% interval)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    return svg(fig)


def plot_balance(balance: Json) -> str:
    """The measured curve of the balance search with the target and the answer."""
    pts = balance["points"]
    fig = Figure(figsize=(8, 4), layout="constrained")
    ax = fig.add_subplot()
    xs = [p["value"] for p in pts]
    ys = [p["rate"] for p in pts]
    err = [[p["rate"] - p["ci"][0] for p in pts], [p["ci"][1] - p["rate"] for p in pts]]
    ax.errorbar(xs, ys, yerr=err, fmt="o", capsize=3, color="C0", label="measured (95% interval)")
    ax.axhline(balance["target"], color="C3", linestyle="--", linewidth=1, label=f"target {_pct(balance['target'])}")
    ax.axvline(balance["estimate"], color="C2", linestyle=":", linewidth=1.5,
               label=f"estimate {balance['estimate']:.1f}")
    fit = balance.get("logistic_fit")
    if fit:
        import numpy as np

        grid = np.linspace(min(fit["points"]), max(fit["points"]), 100)
        ax.plot(grid, 1 / (1 + np.exp(-(fit["intercept"] + fit["slope"] * grid))), color="C1", alpha=0.6,
                label="logistic fit")
    ax.set_xlabel(balance["param"])
    ax.set_ylabel(f"{balance['metric']} win rate")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=8)
    ax.set_title(f"Balance search: {balance['param']} for {balance['metric']} = {_pct(balance['target'])}")
    return svg(fig)


# ------------------------------------------------------------------------------------------------- html
def _arm_section(arm: Json) -> str:
    s = arm["summary"]
    out = [f"<h2>{_e(arm['label'])} <span class='muted'>({s['games']} games from {s.get('deals', '?')} "
           "deals)</span></h2>"]
    out.append("<p class='muted'>Games of one deal (seed) share its cards and roles, so they are not independent: "
               "every interval is Wilson's on the effective number of games given the spread between deals "
               "(design effect, Korn &amp; Graubard's few-deals correction), and the tests are paired on deals.</p>")
    if s.get("incomplete_deals"):
        out.append(f"<p class='finding'>Left out: {s['incomplete_deals']} deals not yet played under every "
                   f"seating ({s['games_left_out']} games). Only complete rotations are counted, so an "
                   "interrupted run does not favour the seatings played first; resume the run to complete them.</p>")
    if arm["changed"]:
        out.append("<p>Options changed from the run's base: " + ", ".join(
            f"<code>{_e(k)}={_e(v)}</code>" for k, v in arm["changed"].items()) + "</p>")
    if not s["games"]:
        out.append("<p class='muted'>No games stored yet.</p>")
        return "".join(out)
    out.append(f"<div class='plot'>{plot_rates(s)}</div>")
    out.append("<h3>Per seat</h3>")
    out.append(_table(["seat", "games", "wins", "win rate", "95% CI (by deal)"],
                      [_rate_row(seat_label(r["seat"], r["name"]), r) for r in s["seats"]]))
    out.append("<h3>Per role</h3>")
    if s["roles_are_seats"]:
        out.append("<p class='muted'>This game's roles are its seats (see per seat).</p>")
    else:
        out.append("<p class='muted'>A role wins a game when a seat holding it (roles as the game ends) is among "
                   "the winners; games = games in which the role was dealt.</p>")
        out.append(_table(["role", "games", "wins", "win rate", "95% CI (by deal)"],
                          [_rate_row(r["role"], r) for r in s["roles"]]))
    if s["agent_rates"]:
        out.append("<h3>Per agent</h3><p class='muted'>Per seat played (games = seat-games); every agent sits in "
                   "every seat equally often.</p>")
        out.append(_table(["agent", "seat-games", "wins", "win rate", "95% CI (by deal)"],
                          [_rate_row(r["agent"], r) for r in s["agent_rates"]]))
    if len(s["agents"]) > 1:
        out.append("<h3>Agent × seat</h3>")
        out.append(_table(["agent", "seat", "games", "wins", "win rate", "95% CI"],
                          [[r["agent"], seat_label(r["seat"], r["name"]), *_rate_row("", r)[1:]] for r in s["agent_seat"]],
                          left=2))
        if not s["roles_are_seats"]:
            out.append("<h3>Agent × role</h3>")
            out.append(_table(["agent", "role", "seat-games", "wins", "win rate", "95% CI"],
                              [[r["agent"], r["role"], *_rate_row("", r)[1:]] for r in s["agent_role"]], left=2))
    d = s["draws"]
    out.append("<h3>Draws and the first player</h3>")
    out.append(f"<p>Draws (nobody won, every return 0): {d['wins']} of {d['games']} = {_pct(d['rate'])} "
               f"{_ci(d['ci'])}. Games nobody won: {s['no_winner']}.</p>")
    fp = s["first_player"]
    if fp is not None:
        verdict = ("<span class='sig'>significant</span>" if fp["significant"] else "not significant")
        seats = ", ".join(f"{_e(k)}: {v}" for k, v in fp["seats"].items())
        out.append(
            f"<p>First mover ({seats}) won {_pct(fp['rate'])} {_ci(fp['ci'])}; the other seats "
            f"{_pct(fp['others']['rate'])} {_ci(fp['others']['ci'])}. Advantage {_signed_pct(fp['advantage'])} "
            f"{_ci_pp(fp['advantage_ci'])}, p = {fp['p_value']:.3g} ({verdict}, {_e(fp.get('test', ''))}). Where the "
            "first seat always holds the same role, this is that role's edge too.</p>")
        same = fp.get("same_role")
        if same:
            verdict = ("<span class='sig'>significant</span>" if same["significant"] else "not significant")
            out.append(
                f"<p>Against the other seats of the first mover's own role ({_pct(same['others']['rate'])} "
                f"{_ci(same['others']['ci'])}): advantage {_signed_pct(same['advantage'])} "
                f"{_ci_pp(same['advantage_ci'])}, p = {same['p_value']:.3g} ({verdict}).</p>")
    out.append("<h3>Game length</h3>")
    rows = []
    for name in ("decisions", "turns"):
        dist = s["length"][name]
        if dist:
            rows.append([name, f"{dist['mean']:.1f}", f"{dist['std']:.1f}", dist["min"], f"{dist['p10']:.0f}",
                         f"{dist['median']:.0f}", f"{dist['p90']:.0f}", dist["max"]])
    out.append(_table(["length in", "mean", "sd", "min", "p10", "median", "p90", "max"], rows))
    out.append(f"<div class='plot'>{plot_lengths(s)}</div>")
    end = s["end"]
    out.append("<h3>How games ended</h3>")
    if end["reasons"]:
        out.append(_table(["end reason", "games", "share"],
                          [[r, c, _pct(c / s["games"])] for r, c in end["reasons"].items()]))
    else:
        out.append("<p class='muted'>The game's final view has no <code>end_reason</code>.</p>")
    cap, stale = end["length_cap"], end["stalemates"]
    cap_cls = "finding" if cap["count"] else ""
    out.append(f"<p class='{cap_cls}'>Games hitting the length cap: {cap['count']} ({_pct(cap['rate'])}).</p>"
               f"<p class='muted'>Cap reasons: {_e(cap['reasons'])}</p>")
    stale_cls = "finding" if stale["count"] else ""
    out.append(f"<p class='{stale_cls}'>Stalemates: {stale['count']} ({_pct(stale['rate'])}).</p>"
               f"<p class='muted'>Stalemate reasons: {_e(stale['reasons'])}</p>")
    out.append(_coverage_section(s))
    return "".join(out)


def _ci_pp(ci: Sequence[float]) -> str:
    return f"[{100 * ci[0]:+.1f}, {100 * ci[1]:+.1f}] pp"


def _coverage_section(s: Json) -> str:
    cov = s["coverage"]
    out = ["<h3>Rule coverage</h3>"]
    if cov["declared"] is None:
        out.append("<p class='muted'>The game does not declare its event kinds (<code>Game.event_kinds</code> or "
                   "<code>EVENT_KINDS</code>), so only the kinds observed are listed.</p>")
    if cov["never_fired"]:
        out.append("<p class='finding'>Documented event kinds that never fired: "
                   + ", ".join(f"<code>{_e(k)}</code>" for k in cov["never_fired"]) + "</p>")
    elif cov["declared"] is not None:
        out.append("<p>Every documented event kind fired at least once.</p>")
    if cov.get("setup_only"):
        out.append("<p class='muted'>Kinds only a designed starting position can produce (not expected from the "
                   "standard deal): " + ", ".join(f"<code>{_e(k)}</code>" for k in cov["setup_only"]) + "</p>")
    if cov["undeclared"]:
        out.append("<p class='finding'>Event kinds fired but not documented: "
                   + ", ".join(f"<code>{_e(k)}</code>" for k in cov["undeclared"]) + "</p>")
    rows = []
    for k in cov["kinds"]:
        name = Markup(f"<span class='finding'>{_e(k['kind'])}</span>") if k["kind"] in cov["never_fired"] else k["kind"]
        rows.append([name, k["games"], _pct(k["share"]), k["total"], f"{k['per_game']:.2f}"])
    out.append(_table(["event kind", "games with it", "share of games", "times", "per game"], rows))
    if cov["kinds"]:
        out.append(f"<div class='plot'>{plot_coverage(s)}</div>")
    return "".join(out)


def _comparison_section(doc: Json) -> str:
    if not doc["comparisons"]:
        return ""
    out = ["<h2>Comparison</h2>"]
    family = doc["comparisons"][0].get("correction", {}).get("family", 0)
    out.append("<p class='muted'>Each arm against the first; difference = that arm − the first. The arms play the "
               "same deals and seatings, so every test is paired on deals: McNemar's (exact) when each deal is one "
               "game, else the clustered McNemar statistic of Durkalski et al. (2003); the interval is the "
               "cluster-robust one. Significant when the p-value after Holm's correction over all "
               f"{family} rows of this section is below 0.05.</p>")
    if len(doc["arms"]) > 1:
        out.append(f"<div class='plot'>{plot_arms(doc)}</div>")
        # every arm's headline rates side by side (the curve's numbers)
        keys = [r["metric"] for r in doc["comparisons"][0]["rows"]]
        labels = {r["metric"]: r["label"] for r in doc["comparisons"][0]["rows"]}
        rows = []
        for key in keys:
            row: list[Any] = [labels[key]]
            for arm in doc["arms"]:
                m = _metric(arm["summary"], key)
                row.append(f"{_pct(m['rate'])} {_ci(m['ci'])}" if m is not None else "—")
            rows.append(row)
        out.append(_table(["rate", *[f"{a['label']} ({a['summary']['games']} games)" for a in doc["arms"]]], rows))
    for comp in doc["comparisons"]:
        out.append(f"<h3>{_e(comp['b'])} against {_e(comp['a'])}</h3>")
        rows = []
        for r in comp["rows"]:
            verdict = Markup("<span class='sig'>yes</span>") if r["significant"] else "no"
            rows.append([r["label"], _pct(r["a"]["rate"]), _pct(r["b"]["rate"]), _signed_pct(r["difference"]),
                         _ci_pp(r["ci"]), r.get("deals") if r.get("deals") is not None else "—", r.get("test", ""),
                         f"{r['p_value']:.3g}", f"{r.get('p_holm', r['p_value']):.3g}", verdict])
        out.append(_table(["rate", comp["a"], comp["b"], "difference", "95% CI", "deals", "test", "p", "p (Holm)",
                           "significant"], rows))
    return "".join(out)


def _balance_section(doc: Json) -> str:
    b = doc.get("balance")
    if not b:
        return ""
    out = ["<h2>Balance search</h2>"]
    if b["bracketed"]:
        out.append(f"<p><b>{_e(b['param'])} = {b['best']}</b> gives {_e(b['metric'])} a win rate closest to "
                   f"{_pct(b['target'])} (interpolated crossing {b['estimate']:.1f}, between the measured values "
                   f"{b['bracket'][0]} and {b['bracket'][1]}).</p>")
        ci = b.get("estimate_interval")
        if ci:
            end = (f" In {ci['at_range_end']} of {ci['resamples']} resamples the curve did not cross the target "
                   "inside the range (the answer was put at the nearer end): widen the range."
                   if ci["at_range_end"] else "")
            out.append(f"<p>95% interval of the answer: <b>{ci['ci'][0]:.1f} to {ci['ci'][1]:.1f}</b> "
                       f"(percentile bootstrap over {ci['deals']} deals, {ci['resamples']} resamples, the same "
                       f"resample for every measured value).{end}</p>")
    else:
        out.append(f"<p class='finding'>The target {_pct(b['target'])} is outside the rates measured over "
                   f"{b['lo']}..{b['hi']}: widen the range. The nearer end is {b['best']}.</p>")
    fit = b.get("logistic_fit")
    if fit:
        out.append(f"<p class='muted'>A weighted logistic fit over the {len(fit['points'])} measured values nearest "
                   f"the answer ({', '.join(map(str, fit['points']))}) puts the crossing at {fit['value']:.1f}.</p>")
    if b["fair_values"]:
        out.append("<p>Measured values whose 95% interval contains the target: "
                   + ", ".join(map(str, b["fair_values"])) + ".</p>")
    if b["against_direction"]:
        out.append("<p class='finding'>The curve goes against its direction by more than the noise between: "
                   + "; ".join(f"{a['from']}→{a['to']}" for a in b["against_direction"]) + ".</p>")
    out.append(f"<div class='plot'>{plot_balance(b)}</div>")
    out.append(_table([b["param"], "games", "wins", "win rate", "95% CI (by deal)"],
                      [_rate_row(str(p["value"]), p) for p in b["points"]]))
    return "".join(out)


def _page(title: str, body: Sequence[str], doc: Json) -> str:
    """A whole self-contained report page: the sections (plots numbered apart), the style and the JSON behind it."""
    page = _number_plots("".join(body))
    # the data behind the page, for anyone who wants it; "</" is escaped so it cannot close the script element
    data = json.dumps(doc, ensure_ascii=False).replace("</", "<\\/")
    return (f"<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'><title>{_e(title)}</title>"
            f"<style>{_CSS}</style></head><body>{page}"
            f"<script type='application/json' id='report-data'>{data}</script></body></html>")


def _agents_line(doc: Json) -> str:
    """The run's agents, each level by its names with the spec it stands for (``normal`` — Normal 普通,
    ``heuristic``), so a report always says at which skill it was measured."""
    players = doc.get("players")
    if not players:
        agents = doc["run"]["agents"] if "run" in doc else str(doc.get("agents") or "").split(",")
        return ", ".join(f"<code>{_e(a)}</code>" for a in agents)
    parts = []
    for p in players:
        if p["level"]:
            parts.append(f"<code>{_e(p['agent'])}</code> — level {_e(p['name'])} {_e(p['name_zh'])} "
                         f"(<code>{_e(p['spec'])}</code>)")
        else:
            parts.append(f"<code>{_e(p['agent'])}</code>")
    return ", ".join(parts)


def render_html(doc: Json) -> str:
    """The report page for a ``runner.document``."""
    run = doc["run"]
    title = f"tablecraft lab · {run['game']} · run {run['id']}"
    seatings = "; ".join("(" + ", ".join(s) + ")" for s in doc["arms"][0]["summary"]["seatings"]) if doc["arms"] else ""
    head = [
        f"<h1>{_e(title)}</h1><dl>",
        f"<dt>game</dt><dd><code>{_e(run['game'])}</code>, {run['seats']} seats</dd>",
        f"<dt>kind</dt><dd>{_e(run['kind'])}</dd>",
        f"<dt>agents</dt><dd>{_agents_line(doc)}</dd>",
        f"<dt>seatings</dt><dd>{_e(run['seating_mode'])}: {_e(seatings)}</dd>",
        f"<dt>seeds</dt><dd>from {run['seed']} (each deal played under every seating)</dd>",
        f"<dt>options</dt><dd>{_e(json.dumps(run['options'], ensure_ascii=False))}</dd>",
        f"<dt>database</dt><dd><code>{_e(doc['database'])}</code>, run {run['id']}</dd>",
    ]
    choice = (run.get("params") or {}).get("level_choice")
    if choice:
        head.append(f"<dt>level</dt><dd>{_e(choice['level'])}, the strongest that fits the budget of "
                    f"{choice['budget']:g} s (estimated {choice['estimated_seconds']:.0f} s)</dd>")
    if doc.get("parameters"):
        given = {k: v for k, v in doc["parameters"].items() if v not in (None, False, [], "")}
        head.append(f"<dt>parameters</dt><dd><code>{_e(json.dumps(given, ensure_ascii=False))}</code></dd>")
    head.append(f"<dt>generated</dt><dd>{_e(doc['generated'])} (tablecraft {_e(run['version'])})</dd></dl>")
    body = ["".join(head), _balance_section(doc), _comparison_section(doc)]
    arms = doc["arms"]
    if doc.get("balance"):
        # a balance search has one arm per measured value: the curve above says it; detail the nearest one
        best = str(doc["balance"]["best"])
        arms = [a for a in arms if a["label"].endswith(f"={best}")] or arms[:1]
    for arm in arms:
        body.append(_arm_section(arm))
    return _page(title, body, doc)


# ------------------------------------------------------------------------------------------- skill curves
def plot_skill(doc: Json) -> str:
    """Every headline rate against the level (weakest left), with 95% intervals: a curve that stays flat is the
    game's, one that moves is the players'."""
    levels = [level["name"] for level in doc["levels"]]
    fig = Figure(figsize=(8, 4.4), layout="constrained")
    ax = fig.add_subplot()
    for i, m in enumerate(doc["metrics"]):
        pts = m["points"]
        ys = [p["rate"] for p in pts]
        err = [[p["rate"] - p["ci"][0] for p in pts], [p["ci"][1] - p["rate"] for p in pts]]
        # a small sideways offset per curve keeps overlapping error bars readable
        xs = [x + (i - (len(doc["metrics"]) - 1) / 2) * 0.04 for x in range(len(pts))]
        style = "-" if m.get("change", {}).get("moves_with_skill") else "--"
        ax.errorbar(xs, ys, yerr=err, marker="o", capsize=3, linestyle=style, label=m["name"], color=f"C{i % 10}")
    ax.set_xticks(range(len(levels)), levels)
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("level (both sides, every seat)")
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{doc['game']}: balance by skill (solid: moves with skill, Holm-corrected)")
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="best")
    return svg(fig)


def render_skill_html(doc: Json) -> str:
    """The report page of a skill curve (``skill.skill_document``): what was run, the curve, the table of every
    rate at every level with the weakest-to-strongest change, and the first mover's advantage per level."""
    title = f"tablecraft lab · {doc['game']} · skill curve"
    levels = doc["levels"]
    given = {k: v for k, v in (doc.get("command") or {}).items() if v not in (None, False, [], "")}
    named = ", ".join(f"{_e(lv['name'])} (<code>{_e(lv['spec'])}</code>)" for lv in levels)
    head = (f"<h1>{_e(title)}</h1><dl>"
            f"<dt>game</dt><dd><code>{_e(doc['game'])}</code>, {doc['seats']} seats</dd>"
            f"<dt>levels</dt><dd>{named}</dd>"
            f"<dt>deals</dt><dd>{doc['deals']} per level, the same deals at every level, every seat played by the "
            f"level ({doc['incomplete_deals']} incomplete deals left out)</dd>"
            f"<dt>options</dt><dd>{_e(json.dumps(doc['options'], ensure_ascii=False))}</dd>"
            f"<dt>command</dt><dd><code>{_e(json.dumps(given, ensure_ascii=False))}</code></dd></dl>")
    headers = ["rate"] + [lv["name"] for lv in levels]
    if len(levels) >= 2:
        headers += [f"{levels[-1]['name']} − {levels[0]['name']}", "p (Holm)", "verdict"]
    rows = []
    for m in doc["metrics"]:
        row: list[Any] = [m["name"]] + [f"{_pct(p['rate'])} {_ci(p['ci'])}" for p in m["points"]]
        change = m.get("change")
        if change is not None:
            verdict = ("moves with skill" if change["moves_with_skill"] else "steady (no significant change)")
            row += [f"{_signed_pct(change['difference'])} [{_signed_pct(change['ci'][0])}, "
                    f"{_signed_pct(change['ci'][1])}]", f"{change['p_holm']:.3g}",
                    Markup(f'<span class="sig">{verdict}</span>') if change["moves_with_skill"] else verdict]
        rows.append(row)
    step_heads = [f"{st['from']} → {st['to']}" for st in (doc["metrics"][0].get("steps") or [])] if doc["metrics"] else []
    step_rows = []
    for m in doc["metrics"]:
        cells: list[Any] = [m["name"]]
        for st in m.get("steps") or []:
            text = (f"{_signed_pct(st['difference'])} [{_signed_pct(st['ci'][0])}, {_signed_pct(st['ci'][1])}], "
                    f"p {st['p_holm']:.2g}")
            cells.append(Markup(f'<span class="sig">{_e(text)}</span>') if st["moves"] else text)
        step_rows.append(cells)
    first_rows = [[p["level"], a.get("against", "other seats"), _signed_pct(a["difference"]), f"[{_signed_pct(a['ci'][0])}, {_signed_pct(a['ci'][1])}]",
                   f"{a['p_value']:.3g}"] for p in doc["per_level"] if (a := p["first_player_advantage"])]
    lengths = [[p["level"], p["games"], f"{p['mean_decisions']:.1f}"] for p in doc["per_level"]]
    body = [head, "<h2>Balance by skill</h2>",
            "<p>Each level played every seat of its own games on the same deals. A rate that stays put across the "
            "levels belongs to the game; one that moves belongs to the players, and the strongest level's figure is "
            "the one to design by. Intervals are clustered by deal; the change is paired on deals (clustered McNemar) "
            "and Holm-corrected over all the rates.</p>",
            f'<div class="plot">{plot_skill(doc)}</div>', _table(headers, rows)]
    if step_heads:
        body += ["<h2>Level to level</h2><p>Each rate from every level to the next, paired on deals and "
                 "Holm-corrected over every step of every rate: where along the curve a rate moves. A step that "
                 "still moves at the strongest level says the strongest figure is not settled yet.</p>",
                 _table(["rate", *step_heads], step_rows)]
    if first_rows:
        body += ["<h2>First mover</h2><p>The first mover's win rate less that of the other seats (of its own role "
                 "where the seats hold roles), per level.</p>",
                 _table(["level", "against", "advantage", "95% CI", "p"], first_rows, left=2)]
    body += ["<h2>Game length</h2>", _table(["level", "games", "mean decisions"], lengths)]
    cov = doc.get("coverage")
    if cov:
        somewhere_dead = [k for k in cov["kinds"] if any(g == 0 for g in k["games"])
                          and k["kind"] not in cov["setup_only"]]
        rows = [[k["kind"], *[Markup("<span class='finding'>0</span>") if g == 0 else g for g in k["games"]]]
                for k in somewhere_dead]
        body += ["<h2>Rules by level</h2><p>The rules (event kinds) that fired in none of a level's games at some "
                 "level, with the number of games each fired in per level. Dead at every level: the game's; dead only "
                 "at some levels: the players'. Every other documented kind fired at every level.</p>",
                 _table(["event kind", *[lv["name"] for lv in levels]], rows) if rows else
                 "<p>Every documented kind fired at every level.</p>"]
    return _page(title, body, doc)


# ----------------------------------------------------------------------------------------- shared heads
def _dl(rows: Sequence[tuple[str, str]]) -> str:
    """A definition list of (term, trusted HTML) pairs: the head of a page."""
    return "<dl>" + "".join(f"<dt>{_e(t)}</dt><dd>{d}</dd>" for t, d in rows) + "</dl>"


def _command_rows(doc: Json) -> list[tuple[str, str]]:
    """The command that made the page: its line when the JSON has it, else its parameters."""
    if doc.get("command_line"):
        return [("command", f"<code>{_e(doc['command_line'])}</code>")]
    given = {k: v for k, v in (doc.get("command") or {}).items() if v not in (None, False, [], "")}
    return [("command", f"<code>{_e(json.dumps(given, ensure_ascii=False))}</code>")] if given else []


def _options(options: Json) -> str:
    return _e(json.dumps(options, ensure_ascii=False))


# ---------------------------------------------------------------------------------------- quality page
def _at(summary: Json, path: str) -> Any:
    """The value at a dotted ``path`` of a summary (``None`` when any step is missing)."""
    value: Any = summary
    for step in path.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(step)
    return value


def _quality_value(definition: Json, summary: Json) -> str:
    """One metric of one arm as the quality table shows it, by the definition's ``form`` (see
    ``quality.DEFINITIONS``)."""
    v = _at(summary, definition["at"])
    form, percent = definition["form"], definition.get("percent", False)
    if form == "first_player" and summary.get("cooperative"):
        return "— (co-operative: every seat shares the result)"
    if v is None:
        return "—"
    if form == "share":
        return "—" if v["share"] is None else f"{v['count']} of {v['games']} ({_pct(v['share'])})"
    if form == "rate":
        return f"{v['wins']} of {v['games']}: {_pct(v['rate'])} {_ci(v['ci'])}"
    if form == "count_rate":
        return f"{v['count']} ({_pct(v['rate'])})"
    if form == "mean":
        scale, unit = (100.0, "%") if percent else (1.0, "")
        digits = 1 if percent or abs(v["mean"]) >= 10 else 2
        lo, hi = v["ci"]
        return (f"{scale * v['mean']:.{digits}f}{unit} [{scale * lo:.{digits}f}{unit}, {scale * hi:.{digits}f}{unit}]"
                f" (median {scale * v['median']:.{digits}f}{unit})")
    if form == "spread":
        parts = [f"{v['mean']:.1f} ± {v['std']:.1f}"]
        if "p10" in v:
            parts.append(f"p10–p90 {v['p10']:.0f}–{v['p90']:.0f}")
        else:
            parts.append(f"median {v['median']:.0f}, p90 {v['p90']:.0f}")
        parts.append(f"max {v['max']:.0f}")
        return f"{parts[0]} ({', '.join(parts[1:])})"
    if form == "branching":
        if v["branching_factor"] is None:
            return "—"
        return f"{v['branching_factor']:.2f} ({_pct(v['forced_share'])} forced steps)"
    if form == "first_player":
        line = (f"{_pct(v['rate'])} {_ci(v['ci'])} vs {_pct(v['others']['rate'])}: "
                f"{_signed_pct(v['advantage'])} {_ci_pp(v['advantage_ci'])}, p = {v['p_value']:.3g}")
        same = v.get("same_role")
        if same:
            line += (f"; vs its own role {_pct(same['others']['rate'])}: {_signed_pct(same['advantage'])}, "
                     f"p = {same['p_value']:.3g}")
        return line
    if form == "event_kinds":
        return f"{v['fired']}" + (f" of {v['declared']}" if v["declared"] else " (the game documents none)")
    if form == "list":
        return ", ".join(map(str, v)) or "none"
    return _e(json.dumps(v, ensure_ascii=False))


def _interval_metrics(doc: Json) -> list[Json]:
    """The definitions of the per-game means with intervals (``form`` ``mean``) that share a scale: shares of the
    game, and ``evaluate`` units."""
    return [d for d in doc["definitions"] if d["form"] == "mean" and (d.get("percent") or d["key"] in
                                                                       ("drama", "loser_peak"))]


def plot_quality(doc: Json) -> str:
    """The per-game means with 95% intervals, one colour per variant: shares of the game on the left, the
    ``evaluate``-unit ones (drama, the loser's peak) on the right."""
    chosen = _interval_metrics(doc)
    panels = [[d for d in chosen if d.get("percent")], [d for d in chosen if not d.get("percent")]]
    panels = [p for p in panels if p]
    arms = doc["arms"]
    per_row = 0.32 + 0.12 * len(arms)
    fig = Figure(figsize=(8, per_row * sum(len(p) for p in panels) + 1.2 * len(panels) + 0.4),
                 layout="constrained")
    axes = fig.subplots(len(panels), 1, squeeze=False, gridspec_kw={"height_ratios": [len(p) + 1 for p in panels]})
    for k, defs in enumerate(panels):
        ax = axes[k][0]
        ys = list(range(len(defs)))[::-1]
        for i, arm in enumerate(arms):
            offset = -(i - (len(arms) - 1) / 2) * 0.6 / max(len(arms), 1)  # the first variant on top
            for y, d in zip(ys, defs, strict=True):
                m = _at(arm, d["at"])
                if m is None:
                    continue
                lo, hi = m["ci"]
                ax.errorbar([m["mean"]], [y + offset], xerr=[[m["mean"] - lo], [hi - m["mean"]]], fmt="o",
                            capsize=3, color=f"C{i % 10}", label=arm["label"] if y == ys[0] else None)
        ax.set_yticks(ys, [d["name"] for d in defs], fontsize=9)
        ax.set_ylim(-0.6, len(defs) - 0.4)
        if defs[0].get("percent"):
            ax.set_xlim(-0.02, 1.02)
            ax.xaxis.set_major_formatter(lambda x, _pos: f"{100 * x:.0f}%")
            ax.set_xlabel("share (95% interval by deal)")
        else:
            ax.set_xlabel("evaluate units (95% interval by deal)")
        ax.grid(axis="x", alpha=0.3)
        if len(arms) > 1 and k == 0:
            ax.legend(fontsize=7, loc="best")
    fig.suptitle(f"{doc['game']}: game quality per game (means)")
    return svg(fig)


def render_quality_html(doc: Json) -> str:
    """The report page of ``lab quality`` (``quality.document``): what was run, every metric of every variant with
    its interval, definition and source, the plot of the intervals, wins by seat and role, the length histograms,
    how games ended, and the works cited. Reads the JSON only."""
    title = f"tablecraft lab · {doc['game']} · game quality"
    arms = doc["arms"]
    games = "; ".join(f"{_e(a['label'])}: {a['games']} games from {a['deals']} deals" for a in arms)
    head = [("game", f"<code>{_e(doc['game'])}</code>, {doc['seats']} seat{'' if doc['seats'] == 1 else 's'}"),
            ("agents", _agents_line(doc)),
            ("seating", f"{_e(doc['seating'])}; seeds from {doc['seed']} (each deal played under every seating)"),
            ("games", games)]
    head.append(("options", _options(arms[0]["options"])))
    for a in arms[1:]:
        changed = {k: v for k, v in a["options"].items() if arms[0]["options"].get(k) != v}
        head.append((f"variant {a['label']}", ", ".join(f"<code>{_e(k)}={_e(v)}</code>" for k, v in changed.items())
                     or "the same options"))
    head += _command_rows(doc)
    sources = doc.get("sources") or {}
    headers = ["metric", *[f"{a['label']} ({a['games']} games)" for a in arms], "definition", "source"]
    rows: list[list[Any]] = []
    for d in doc["definitions"]:
        cells: list[Any] = [d["name"], *[_quality_value(d, a) for a in arms]]
        if d["form"] == "list":
            cells[1:] = [Markup(f"<span class='finding'>{_e(c)}</span>") if c != "none" else c for c in cells[1:]]
        cells += [Markup(f"<span class='def'>{_e(d['definition'])}</span>"),
                  Markup(", ".join(f"<a href='#src-{_e(k)}'>{_e(k)}</a>" for k in d["source"]))]
        rows.append(cells)
    body = [f"<h1>{_e(title)}</h1>", _dl(head), "<h2>Quality metrics</h2>",
            "<p class='muted'>Each game's own heuristic <code>Game.evaluate</code> is taken on the true state after "
            "every real decision (a step with more than one legal action); seats that win and lose together are one "
            "side, and a co-operative team plays against <i>the game</i>. Every mean carries a 95% interval "
            "clustered by deal (the games of one seed are not independent), kept inside the metric's range.</p>",
            f"<div class='plot'>{plot_quality(doc)}</div>" if _interval_metrics(doc) else "",
            f"<div class='wide'>{_table(headers, rows, left=len(headers))}</div>"]
    # wins by seat (and role) side by side
    body.append("<h2>Wins</h2>")
    win_rows = []
    for i, seat in enumerate(arms[0]["seat_wins"]):
        win_rows.append([seat_label(seat["seat"], seat["name"]),
                         *[f"{_pct(a['seat_wins'][i]['rate'])} {_ci(a['seat_wins'][i]['ci'])}" for a in arms]])
    if arms[0].get("role_wins"):
        for i, role in enumerate(arms[0]["role_wins"]):
            win_rows.append([f"role {role['role']}", *[
                f"{_pct(a['role_wins'][i]['rate'])} {_ci(a['role_wins'][i]['ci'])}"
                if a.get("role_wins") and i < len(a["role_wins"]) else "—" for a in arms]])
    body.append(_table(["win rate (95% CI by deal)", *[a["label"] for a in arms]], win_rows))
    body.append("<h2>Game length and how games ended</h2>")
    reasons = sorted({r for a in arms for r in a["end"]["reasons"]})
    if reasons:
        body.append(_table(["end reason", *[a["label"] for a in arms]],
                           [[r, *[f"{a['end']['reasons'].get(r, 0)} ({_pct(a['end']['reasons'].get(r, 0) / a['games'])})"
                                  for a in arms]] for r in reasons]))
    for a in arms:
        if a["length"]["decisions"] is not None:
            body.append(f"<h3>{_e(a['label'])}</h3><div class='plot'>{plot_lengths(a)}</div>")
    if sources:
        body.append("<h2>Sources</h2><ul>" + "".join(f"<li id='src-{_e(k)}'><b>{_e(k)}</b>: {_e(v)}</li>"
                                                     for k, v in sources.items()) + "</ul>")
    return _page(title, body, doc)


# ---------------------------------------------------------------------------------------- content page
COVERAGE_LIFT = 0.1
"""An event kind is shown as firing more with an item when the share of its games it fires in is at least this
much above the share of the other games (the JSON has every kind)."""

FOREST_ROWS = 60
"""The forest plot shows at most this many items, the highest ranked (the table has them all)."""


def _bare(ci: Sequence[float], signed: bool = False) -> str:
    """An interval in percent or points without the unit: ``[29.2, 53.1]``, ``[-23.7, +18.7]``."""
    f = "+.1f" if signed else ".1f"
    return f"[{100 * ci[0]:{f}}, {100 * ci[1]:{f}}]"


def _verdict(row: Json) -> Any:
    if not row["significant"]:
        return "no clear effect"
    return Markup(f"<span class='sig'>{'wins more' if row['difference'] > 0 else 'wins less'}</span>")


def _adjusted_name(correction: Json) -> str:
    return "q (BH)" if correction["method"] == "bh" else "p (Holm)"


def plot_content(doc: Json) -> str:
    """A forest plot of the impact table: each item's win-rate difference with its 95% interval, ranked from the
    top; significant items (after the correction) in red."""
    rows = doc["impact"]["rows"][:FOREST_ROWS]
    fig = Figure(figsize=(8, 0.3 * len(rows) + 1.4), layout="constrained")
    ax = fig.add_subplot()
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        lo, hi = r["ci"]
        color = "#b00020" if r["significant"] else "C0"
        ax.errorbar([100 * r["difference"]], [y], xerr=[[100 * (r["difference"] - lo)], [100 * (hi - r["difference"])]],
                    fmt="o", color=color, capsize=3)
    ax.axvline(0, color="k", linewidth=0.8)
    ax.set_yticks(ys, [f"{r['kind']} {r['item']}" for r in rows], fontsize=8)
    ax.set_xlabel(f"win-rate difference against the {doc['impact']['against']} (pp, 95% interval)")
    ax.grid(axis="x", alpha=0.3)
    method = "Benjamini–Hochberg" if doc["impact"]["correction"]["method"] == "bh" else "Holm"
    ax.set_title(f"{doc['game']}: content impact (red: significant after {method})")
    return svg(fig)


def _coverage_table(items: Json) -> str:
    rows = []
    for item, c in items.items():
        lifted = sorted(((e["games"] - e["others"], k, e) for k, e in c["events"].items()
                         if e["others"] is not None and e["games"] - e["others"] >= COVERAGE_LIFT), reverse=True)
        more = ", ".join(f"{k} {_pct(e['games'])} ({_pct(e['others'])})" for _, k, e in lifted[:5])
        never = ", ".join(f"{n['kind']} ({n['expected']:.0f})" for n in c["never_fired"])
        together = "; ".join(f"{k}: " + ", ".join(f"{x} {_pct(v['share'])} ×{v['mean']:.1f}"
                                                  for x, v in list(with_items.items())[:3])
                             for k, with_items in c["with"].items())
        rows.append([item, c["units"], c["games"], c["times"], more or "—",
                     Markup(f"<span class='finding'>{_e(never)}</span>") if never else "—", together or "—"])
    if not rows:
        return "<p class='muted'>No seat met an item of this kind.</p>"
    return "<div class='wide'>" + _table(
        ["item", "seat-games", "games", "times", "fires more with it: its games (others)",
         "never fired with it (games expected)", "with it, same seat (share, mean times)"], rows, left=7) + "</div>"


def render_content_html(doc: Json) -> str:
    """The report page of ``lab content``: what was run, the forest plot and the ranked impact table (rates and
    the difference with 95% intervals, raw and corrected p-values, a verdict), the items with nothing to compare,
    and each content kind's rule coverage. Reads the JSON only."""
    imp = doc["impact"]
    corr = imp["correction"]
    method = "Benjamini–Hochberg" if corr["method"] == "bh" else "Holm"
    what = "games" if imp["unit"] == "game" else "seat-games"
    title = f"tablecraft lab · {doc['game']} · content impact"
    agents = ("read from game records (<code>--records</code>)" if doc.get("agents") == "records"
              else _agents_line(doc))
    head = [("game", f"<code>{_e(doc['game'])}</code>, {doc['seats']} seat{'' if doc['seats'] == 1 else 's'}"),
            ("agents", agents),
            ("seating", f"{_e(doc['seating'])}; seeds from {doc['seed']}"),
            ("games", f"{imp['games']} games from {imp['deals']} deals; one observation = one "
                      f"{what[:-1]} ({imp['units']} in all)"),
            ("compared with", f"the {_e(imp['against'])} of the item's kind"
                              + (", adjusted for roles" if imp.get("adjusted_for") else "")),
            ("correction", f"{method} over {corr['family']} items, α = {corr['alpha']} "
                           f"(<code>{_e(corr['by'])}</code>)"),
            ("options", _options(doc.get("options") or {}))]
    head += _command_rows(doc)
    body = [f"<h1>{_e(title)}</h1>", _dl(head), "<h2>Content impact</h2>",
            f"<p class='muted'>For each content item, the win rate of the {what} that had it against the "
            f"{_e(imp['against'])} of the {what} that met its kind, both clustered by deal; the difference's 95% "
            "interval is Newcombe's hybrid score interval with the two rates' correlation over shared deals, the "
            f"p-value the Rao–Scott-corrected two-proportion test, adjusted by {method} over every item of every "
            "kind. Significant items come first, the largest difference first; then the others by adjusted "
            "p-value. An effect of content that <i>happens</i> (a card played) is an association, not a value.</p>"]
    rows = imp["rows"]
    if rows:
        if len(rows) > FOREST_ROWS:
            body.append(f"<p class='muted'>The plot shows the {FOREST_ROWS} highest ranked of {len(rows)} items; "
                        "the table has them all.</p>")
        body.append(f"<div class='plot'>{plot_content(doc)}</div>")
        adjusted = bool(imp.get("adjusted_for"))
        if adjusted:
            body.append("<p class='muted'>Adjusted for roles: the difference is the rates' difference less the "
                        "role offset, the difference the roles of the item's seat-games alone would make.</p>")
        table_rows = []
        for r in rows:
            # the intervals without their units (the column heads give them), so the table fits the page
            row: list[Any] = [r["rank"], r["kind"], r["item"], r["units"], r["deals"], _pct(r["rate"]["rate"]),
                              _bare(r["rate"]["ci"]), _pct(r["reference"]["rate"]), _bare(r["reference"]["ci"])]
            if adjusted:
                row.append(_signed_pct(r["role_offset"]))
            row += [_signed_pct(r["difference"]), _bare(r["ci"], signed=True), f"{r['p_value']:.3g}",
                    f"{r['p_adjusted']:.3g}", _verdict(r)]
            table_rows.append(row)
        headers = ["#", "kind", "item", what, "deals", "win rate", "95% CI (%)", imp["against"], "95% CI (%)",
                   *(["role offset"] if adjusted else []), "difference", "95% CI (pp)", "p",
                   _adjusted_name(corr), "verdict"]
        body.append(f"<div class='wide nums'>{_table(headers, table_rows, left=3)}</div>")
    else:
        body.append("<p class='muted'>No item had anything to be compared with.</p>")
    if imp["constant"]:
        body.append(f"<p>Every {what[:-1]} of its kind had (nothing to compare): "
                    + ", ".join(f"<code>{_e(c['kind'])} {_e(c['item'])}</code>" for c in imp["constant"]) + ".</p>")
    coverage = doc.get("coverage") or {}
    if coverage:
        body.append("<h2>Rule coverage with each item</h2>"
                    "<p class='muted'>Per item: the event kinds that fire in clearly more of its games than of the "
                    f"others (at least {100 * COVERAGE_LIFT:.0f} points more; at most five), those that never "
                    "fired in its games although at their rate elsewhere they would have in the number of games "
                    "given, and the content the same seat met with it. The JSON has every event kind.</p>")
        first = doc.get("coverage_kind")
        for kind in sorted(coverage, key=lambda k: (k != first, k)):
            body.append(f"<h3>{_e(kind)}</h3>" + _coverage_table(coverage[kind]))
    return _page(title, body, doc)


def write_report(doc: Json, html_path: Path | None = None, json_path: Path | None = None,
                 render: Callable[[Json], str] | None = None) -> list[Path]:
    """Write the HTML page (made by ``render``, default ``render_html``: a run's report) and/or the JSON; with
    only ``html_path`` the JSON goes beside it (``.json``)."""
    render = render or render_html
    written = []
    if html_path is not None and json_path is None:
        json_path = html_path.with_suffix(".json")
    if json_path is not None:
        json_path.parent.mkdir(parents=True, exist_ok=True)
        json_path.write_text(json.dumps(doc, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
        written.append(json_path)
    if html_path is not None:
        html_path.parent.mkdir(parents=True, exist_ok=True)
        html_path.write_text(render(doc), encoding="utf-8")
        written.append(html_path)
    return written


EXTERNAL = re.compile(r"""(?:src|href)\s*=\s*["']?(?:https?:)?//|@import|url\(\s*["']?(?:https?:)?//""", re.I)
"""What would make a page fetch something: used by the tests to prove the report is self-contained."""
