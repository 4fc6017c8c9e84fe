"""The wild-hunters demon kings' confirmation table (issue 16): each king × hero-count cell's win rate for a team of
``normal`` heroes at the card's current life and temper, over every fresh-deal measurement taken at those values.

Three sets of deals no tuning search saw measured the cards (docs/rules/wild-hunters.md §13.1):

- ``docs/reports/wild-hunters-kings-Np-seed50000.json``: ``lab content … --seed 50000``, before the temper lever;
- ``docs/reports/wild-hunters-kings-Np.json``: ``lab content … --seed 52000``, after the first temper round;
- ``docs/reports/wild-hunters-kings-retuned-cells.jsonl``: ``benchmarks/king_temper.py … --seed 54000``, the cells
  changed in the second round and two of the first (600 games each, the king fixed).

A cell counts a set only if its values then were its values now (``RETUNED_AFTER_50000`` and
``RETUNED_AFTER_52000`` list the cells that changed after each). Intervals are Wilson's over games (one game a
deal, so games are independent).

``python benchmarks/king_table.py``
"""

from __future__ import annotations

import json
from pathlib import Path

from tablecraft.lab.simulate import wilson_interval

REPORTS = Path(__file__).resolve().parent.parent / "docs" / "reports"
KINGS = ("blaze", "tide", "stone", "storm", "gale")
RETUNED_AFTER_50000 = {("blaze", 2), ("blaze", 3), ("blaze", 5), ("gale", 5), ("tide", 1), ("tide", 5),
                       ("stone", 1)}
"""Cells whose life or temper changed after the seed-50000 confirmation (the first temper round)."""
RETUNED_AFTER_52000 = {("stone", 1), ("blaze", 2)}
"""Cells changed again after the seed-52000 confirmation (the second round)."""


def _content(path: Path) -> dict[str, tuple[int, int]]:
    rows = json.loads(path.read_text(encoding="utf-8"))["impact"]["rows"]
    return {r["item"]: (r["rate"]["wins"], r["rate"]["games"]) for r in rows}


def main() -> None:
    """Print the Markdown table and how many cells lie wholly inside 40–60%."""
    cells: dict[tuple[str, int], tuple[int, int]] = {}
    for line in (REPORTS / "wild-hunters-kings-retuned-cells.jsonl").read_text(encoding="utf-8").splitlines():
        r = json.loads(line)
        cells[r["king"], r["heroes"]] = (round(r["rate"] * r["games"]), r["games"])
    inside = 0
    print("| Heroes | " + " | ".join(KINGS) + " |\n|---|" + "---|" * len(KINGS))
    for n in range(1, 6):
        first = _content(REPORTS / f"wild-hunters-kings-{n}p-seed50000.json")
        second = _content(REPORTS / f"wild-hunters-kings-{n}p.json")
        out = []
        for king in KINGS:
            sets = [cells.get((king, n), (0, 0))]
            if (king, n) not in RETUNED_AFTER_52000:
                sets.append(second[king])
                if (king, n) not in RETUNED_AFTER_50000:
                    sets.append(first[king])
            wins, games = sum(s[0] for s in sets), sum(s[1] for s in sets)
            lo, hi = wilson_interval(wins, games)
            inside += lo >= 0.4 and hi <= 0.6
            out.append(f"{100 * wins / games:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}] ({games})")
        print(f"| {n} | " + " | ".join(out) + " |")
    print(f"\n{inside} of {len(KINGS) * 5} intervals lie wholly inside 40–60%.")


if __name__ == "__main__":
    main()
