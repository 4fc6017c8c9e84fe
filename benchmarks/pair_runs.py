"""Two candidates of ``search_strength.py`` runs compared on the deals they share, and runs pooled.

``search_strength.py`` keeps every deal's pair of results (``per_deal``), and a game is reproduced exactly from
its seed, so two runs on the same deals compare their candidates as if they had met in one run: deal by deal, the
wins of ``A``'s candidate against those of ``B``'s, with a 95% interval bootstrapped over deals. That is how "expert
against hard" is read from an expert run and a hard run against the same normal baseline, without playing either
again.

``--pool`` instead adds up runs of one candidate on different deals (a run and its replication): wins of the
candidate and of the baseline, and their difference with an interval bootstrapped over all the deals.

Examples::

    python benchmarks/pair_runs.py build/hard.jsonl build/expert.jsonl
    python benchmarks/pair_runs.py --pool build/run_seed91000.jsonl build/run_seed91024.jsonl

Each file is a ``search_strength.py --out`` file (JSON lines); the last line of each with the role asked for
(``--role``; without it, the last line whatever its role) is used.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
from search_strength import bootstrap_mean, deal_differences  # noqa: E402


def load_run(path: str, role: str | None) -> dict[str, Any]:
    """The last JSON line of ``path`` for ``role`` (any role when None)."""
    lines = [json.loads(x) for x in Path(path).read_text(encoding="utf-8").splitlines() if x.strip()]
    runs = [r for r in lines if role is None or r.get("role") == role]
    if not runs:
        roles = sorted({r.get("role") for r in lines})
        raise SystemExit(f"{path}: no run for role {role!r}; the roles in it: {', '.join(map(str, roles))}")
    if "per_deal" not in runs[-1]:
        raise SystemExit(f"{path}: this run kept no per-deal results (runs before per_deal was added cannot pair)")
    return runs[-1]


def per_deal(run: dict[str, Any]) -> dict[int, list[tuple[int, int]]]:
    """Deal seed → the (candidate, baseline) results of its games."""
    return {int(seed): [(int(c), int(b)) for c, b in pairs] for seed, pairs in run["per_deal"]}


def compare(a: dict[str, Any], b: dict[str, Any]) -> dict[str, Any]:
    """``b``'s candidate against ``a``'s on the deals both played: wins, deals each did better on, and the mean
    difference per game with its 95% bootstrap interval over deals."""
    da, db = per_deal(a), per_deal(b)
    shared = sorted(set(da) & set(db))
    if not shared:
        raise SystemExit("the two runs share no deal: pairing needs the same seeds")
    diffs, better, worse, wa, wb, games = [], 0, 0, 0, 0, 0
    for seed in shared:
        xa = [c for c, _ in da[seed]]
        xb = [c for c, _ in db[seed]]
        if len(xa) != len(xb):
            raise SystemExit(f"deal {seed} has {len(xa)} games in one run and {len(xb)} in the other")
        wa, wb, games = wa + sum(xa), wb + sum(xb), games + len(xa)
        d = (sum(xb) - sum(xa)) / len(xa)
        better += d > 0
        worse += d < 0
        diffs.append(d)
    lo, hi = bootstrap_mean(diffs)
    return {"a": a["candidate"], "b": b["candidate"], "deals": len(shared), "games": games, "a_wins": wa,
            "b_wins": wb, "deals_b_better": better, "deals_b_worse": worse,
            "difference": round(sum(diffs) / len(diffs), 4), "difference_ci": [round(lo, 4), round(hi, 4)]}


def pool(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Runs of one candidate on different deals added up."""
    deals: dict[int, list[tuple[int, int]]] = {}
    for r in runs:
        for seed, pairs in per_deal(r).items():
            if seed in deals:
                raise SystemExit(f"deal {seed} is in two of the runs: pooling needs different deals")
            deals[seed] = pairs
    pairs = [p for v in deals.values() for p in v]
    diffs = deal_differences(deals)
    lo, hi = bootstrap_mean(diffs)
    return {"candidates": sorted({r["candidate"] for r in runs}), "deals": len(deals), "games": len(pairs),
            "candidate_wins": sum(c for c, _ in pairs), "baseline_wins": sum(b for _, b in pairs),
            "difference": round(sum(diffs) / len(diffs), 4), "difference_ci": [round(lo, 4), round(hi, 4)]}


def main(argv: list[str] | None = None) -> None:
    """Print the comparison (or the pooled runs) as one JSON line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("runs", nargs="+", help="search_strength.py --out files")
    p.add_argument("--role", default=None, help="the role to read (default: the last run in each file)")
    p.add_argument("--pool", action="store_true", help="add up runs on different deals instead of pairing two")
    args = p.parse_args(argv)
    runs = [load_run(path, args.role) for path in args.runs]
    if args.pool:
        print(json.dumps(pool(runs)))
        return
    if len(runs) != 2:
        p.error("pairing compares exactly two runs (A then B); use --pool to add up more")
    print(json.dumps(compare(runs[0], runs[1])))


if __name__ == "__main__":
    main()
