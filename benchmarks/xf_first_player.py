"""xeno-faction's first-player lead and the opening-draw variants that might even it (issue 15).

The seed's rule gives both players five cards and every draw phase two, turn 1 included (gap 1-4); the first
player may not attack on turn 1 (「先抽的玩家不能攻击」). This runs the lab's heuristic self-play on the same deals
for the seed's rule and each variant (options ``first_turn_draw``, ``second_turn_draw``) and prints the first
player's win rate per arm with its Wilson 95% interval::

    nice python benchmarks/xf_first_player.py -n 2000 --jobs 1

The lab database and its JSON report go to ``build/`` (``--out``); rerunning with the same arguments resumes nothing
and plays afresh (the deals are the same, so the numbers are too).
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

ARMS = ("first_turn_draw=2", "first_turn_draw=1", "first_turn_draw=0", "second_turn_draw=3", "first_turn_draw=1,second_turn_draw=3")
"""The seed's rule (first_turn_draw=2 is the default, so the first arm) and the variants measured against it."""


def main() -> None:
    """Run the comparison and print one line per arm."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, default=2000, help="games per arm")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--agents", default="heuristic")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--out", type=Path, default=Path("build/xf-first-player"))
    args = p.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    db, report = args.out / "lab.db", args.out / "report.json"
    db.unlink(missing_ok=True)
    cmd = [sys.executable, "-m", "tablecraft", "lab", "run", "xeno-faction", "--agents", args.agents, "--compare",
           *ARMS, "-n", str(args.n), "--jobs", str(args.jobs), "--seed", str(args.seed), "--db", str(db),
           "--json", str(report), "-q"]
    subprocess.run(cmd, check=True)
    doc = json.loads(report.read_text(encoding="utf-8"))
    for arm in doc["arms"]:
        fp = arm["summary"]["first_player"]
        lo, hi = fp["ci"]
        label = ",".join(f"{k}={v}" for k, v in arm["changed"].items()) if arm["changed"] else "seed rule"
        print(f"{label:40s} first player wins {fp['rate']:.3f} [{lo:.3f}, {hi:.3f}] of {fp['games']} games")


if __name__ == "__main__":
    main()
