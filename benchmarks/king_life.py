"""Tune the wild-hunters demon kings' life (issue 16): one ``lab balance`` search per king and hero count.

Our designed kings (docs/rules/wild-hunters.md §7.1) decided the game at ``normal`` play: the team of normal heroes
won 70–99% against most kings and 52% against storm at five heroes. Life is the card's number a designer turns
first (it lengthens the hunt, so the exhaustion and curse losses have time to bite). For each king and each
count of heroes this script runs

    tablecraft lab balance wild-hunters --param king_hp --seat 0 --target 0.5 --seats N -o demon_king=K ...

(the team shares one result, so seat 0's rate is the team's), and prints the table ``content.DEMON_KINGS``
takes as ``life``. The answer is the bisection's best measured value; each search plays the same deals at
every value. The tuned table is then confirmed on fresh deals by ``lab content`` (docs/lab.md).

``nice python benchmarks/king_life.py --games 150 --points 5 --jobs 2``  (≈ 40 min on 2 cores)
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
from pathlib import Path

from tablecraft.games.wild_hunters.content import DEMON_KINGS


def _search(args: argparse.Namespace, db: Path, path: Path, king: str, n: int, lo: int, hi: int) -> None:
    """One ``lab balance`` search of the king's life in ``lo..hi``, its answer written to ``path``."""
    cmd = [sys.executable, "-m", "tablecraft", "lab", "balance", "wild-hunters", "--param", "king_hp",
           "--seat", "0", "--target", "0.5", "--seats", str(n), "-o", f"demon_king={king}",
           "--lo", str(lo), "--hi", str(hi), "--games-per-point", str(args.games),
           "--max-points", str(args.points), "--agents", args.agents, "--jobs", str(args.jobs),
           "--db", str(db), "--json", str(path), "--quiet"]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)


def main() -> None:
    """Run the searches (each resumable from its JSON: a finished cell is not played again) and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=150, help="games per measured life value")
    ap.add_argument("--points", type=int, default=5, help="most life values measured per search")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--agents", default="normal")
    ap.add_argument("--heroes", default="1,2,3,4,5", help="hero counts to tune")
    ap.add_argument("--kings", default=",".join(k.id for k in DEMON_KINGS))
    ap.add_argument("--out", type=Path, default=Path("build/king-life"))
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    db = args.out / "lab.sqlite"
    best: dict[tuple[str, int], int] = {}
    for n in (int(x) for x in args.heroes.split(",")):
        for king in args.kings.split(","):
            kd = next(k for k in DEMON_KINGS if k.id == king)
            draft = kd.max_hp(n, "draft")
            lo, hi = draft, round(2.5 * draft)
            path = args.out / f"{king}-{n}.json"
            while True:
                if not path.exists():
                    _search(args, db, path, king, n, lo, hi)
                b = json.loads(path.read_text(encoding="utf-8"))["balance"]
                if b["bracketed"]:
                    break
                # the rate is still above (below) the target at the range's end: search beyond it
                lo, hi = (hi, round(1.6 * hi)) if b["best"] == hi else (max(1, lo // 2), lo)
                path = path.with_name(f"{king}-{n}-from-{lo}.json")
            best[king, n] = b["best"]
            ci = (b.get("estimate_interval") or {}).get("ci")
            print(f"{king:6} {n} heroes: life {b['best']:3} (interpolated {b['estimate']:.1f}"
                  + (f", 95% CI [{ci[0]:.1f}, {ci[1]:.1f}]" if ci else "") + f"; draft {draft})", flush=True)
    for kd in DEMON_KINGS:
        row = [best.get((kd.id, n)) for n in range(1, 6)]
        print(f"{kd.id}: life={tuple(row)}")


if __name__ == "__main__":
    main()
