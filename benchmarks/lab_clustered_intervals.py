"""Per-game (as if independent) against deal-clustered 95% intervals, recomputed from a run's stored games.

Issue 16 found fate's intervals far too narrow: at 8 seats ``lab run fate --agents heuristic,random -n 600``
plays 762 games from 3 deals. This prints, for every headline rate of every arm of a stored run, the Wilson
interval counting games as independent (what the lab reported before) beside the interval the lab reports now
(clustered by deal), with the number of deals and the design effect.

    nice python -m tablecraft lab run fate --agents heuristic,random -n 600 --seed 0 --jobs 1 -q \\
        --db /tmp/fate.sqlite
    python benchmarks/lab_clustered_intervals.py --db /tmp/fate.sqlite --run 1
"""

from __future__ import annotations

import argparse

from tablecraft.lab.backends import InlineBackend
from tablecraft.lab.runner import Lab
from tablecraft.lab.stats import Rate
from tablecraft.lab.store import Store


def main() -> None:
    """Print the table for ``--run`` in ``--db``."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--db", required=True, help="the lab database (SQLite path or SQLAlchemy URL)")
    parser.add_argument("--run", type=int, required=True, help="the run id")
    args = parser.parse_args()
    lab = Lab(Store.open(args.db), InlineBackend())
    run = lab.store.run(args.run)
    for arm in lab.arms(run):
        t = arm.tally
        print(f"{run.game_id} run {run.id} arm {arm.label}: {t.games} games from {t.deals} deals "
              f"({t.incomplete_deals} incomplete deals, {t.games_left_out} games, left out)")
        print(f"{'rate':24} {'value':>7} {'per game':>17} {'width':>6} {'by deal':>17} {'width':>6} "
              f"{'deals':>5} {'deff':>6}")
        for key, rate in t.rates().items():
            lo, hi = Rate(rate.successes, rate.trials).interval
            clo, chi = rate.interval
            print(f"{key:24} {100 * rate.rate:6.1f}% [{100 * lo:5.1f}, {100 * hi:5.1f}] {100 * (hi - lo):6.1f} "
                  f"[{100 * clo:5.1f}, {100 * chi:5.1f}] {100 * (chi - clo):6.1f} {rate.deals:>5} "
                  f"{rate.design_effect:6.1f}")


if __name__ == "__main__":
    main()
