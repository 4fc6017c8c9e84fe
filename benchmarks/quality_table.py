"""The game-quality table of docs/lab.md (issue 16, item 3), read from the ``lab quality`` JSON reports.

Each row is one ``docs/reports/quality-GAME[-Np].json``, written by the command in its own ``command_line`` field
(``tablecraft lab quality GAME [--seats N] -n 100 --agents normal -j 2 --json …``); this script only formats them,
so the table in the document is whatever the stored reports say. It prints the Markdown table, then the dead rules
of each report (documented event kinds that fired in none of its games).

``python benchmarks/quality_table.py``
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

REPORTS = Path(__file__).resolve().parent.parent / "docs" / "reports"
ROWS = (
    ("quality-xeno-faction.json", "xeno-faction, 2 p"),
    ("quality-wizard-towers.json", "wizard-towers, 3 p"),
    ("quality-wild-hunters.json", "wild-hunters, 5 p"),
    ("quality-fate.json", "fate, 8 p (identity)"),
    ("quality-wild-hunters-1p.json", "wild-hunters, 1 p"),
    ("quality-wild-hunters-2p.json", "wild-hunters, 2 p"),
    ("quality-fate-2p.json", "fate, 2 p (1v1)"),
    ("quality-fate-5p.json", "fate, 5 p (identity)"),
)
"""Each report and the name of its row, in the document's order."""
HEADER = (
    "| game | wins | real decisions | legal actions / decision (branching, all steps) | lead changes / game "
    "| no lead change | drama | comebacks | decided at | threshold crossed at | leader went on to win "
    "| draws (turn cap) | first player wins |"
)


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def _ci_pct(m: dict[str, Any]) -> str:
    lo, hi = m["ci"]
    return f"{100 * m['mean']:.0f}% [{100 * lo:.0f}, {100 * hi:.0f}]"


def _p(p: float) -> str:
    return f"{p:.2g}"


def _wins(arm: dict[str, Any]) -> str:
    if arm["cooperative"]:
        return f"team {_pct(arm['seat_wins'][0]['rate'])}"
    if arm["role_wins"]:
        return ", ".join(f"{r['role']} {_pct(r['rate'])}" for r in arm["role_wins"])
    return ", ".join(
        f"{s['label'] if 'label' in s else s['name']} {_pct(s['rate'])}" for s in arm["seat_wins"]
    )


def _first_player(arm: dict[str, Any]) -> str:
    fp = arm["first_player"]
    if not fp or arm["cooperative"]:
        return "—"
    text = f"{_pct(fp['rate'])} vs {_pct(fp['others']['rate'])} (p = {_p(fp['p_value'])})"
    if fp.get("same_role"):
        same = fp["same_role"]
        text += f"; own role {_pct(same['others']['rate'])} (p = {_p(same['p_value'])})"
    return text


def row(name: str, report: dict[str, Any]) -> str:
    """One Markdown row of the table for one quality report."""
    arm = report["arms"][0]
    m = arm["metrics"]
    branching = arm["branching"]
    factor = branching["decision_factor"]
    lead = m["lead_changes"]
    cells = (
        name,
        _wins(arm),
        f"{m['samples']['mean']:.0f} ± {m['samples']['std']:.0f}",
        f"{factor['mean']:.1f} ± {factor['std']:.1f} ({branching['branching_factor']:.2f})",
        f"{lead['mean']:.1f} [{lead['ci'][0]:.1f}, {lead['ci'][1]:.1f}]",
        _pct(arm["no_lead_change"]["share"]),
        f"{m['drama']['mean']:.2f} [{m['drama']['ci'][0]:.2f}, {m['drama']['ci'][1]:.2f}]",
        _pct(arm["comebacks"]["share"]),
        _ci_pct(m["decided_at"]),
        _ci_pct(m["threshold_crossed_at"]),
        _pct(m["leader_won"]["mean"]),
        f"{arm['draws']['wins']} ({arm['end']['length_cap']['count']})",
        _first_player(arm),
    )
    return "| " + " | ".join(cells) + " |"


def dead_rules(name: str, report: dict[str, Any]) -> str:
    """The report's dead rules as one Markdown bullet."""
    arm = report["arms"][0]
    kinds = arm["event_kinds"]
    dead = ", ".join(f"`{k}`" for k in arm["dead_rules"]) or "none"
    return f"- {name} ({kinds['fired']} of {kinds['declared']} kinds fired): {dead}"


def main() -> None:
    """Print the table, the dead rules and each report's command."""
    reports = [(name, json.loads((REPORTS / file).read_text(encoding="utf-8"))) for file, name in ROWS]
    print(HEADER)
    print("|" + "---|" + "--:|" * 12)
    for name, report in reports:
        print(row(name, report))
    print()
    for name, report in reports:
        print(dead_rules(name, report))
    print()
    for name, report in reports:
        line = report.get("command_line", "(the report predates the command_line field)")
        print(f"{name}: {line} (agents {report['agents']}, seed {report['seed']})")


if __name__ == "__main__":
    main()
