"""benchmarks/pair_runs.py: two search_strength runs compared deal by deal, and runs pooled."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from types import ModuleType

import pytest

BENCH = Path(__file__).resolve().parents[2] / "benchmarks"


def _load() -> ModuleType:
    """The script as a module (it puts benchmarks/ on the path itself, for search_strength)."""
    spec = importlib.util.spec_from_file_location("pair_runs", BENCH / "pair_runs.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


pair_runs = _load()


def _run(candidate: str, results: dict[int, list[tuple[int, int]]]) -> dict:
    return {"role": "team", "candidate": candidate,
            "per_deal": [[seed, [list(p) for p in pairs]] for seed, pairs in results.items()]}


def test_compare_counts_the_deals_each_candidate_did_better_on(tmp_path: Path) -> None:
    hard = _run("hard", {1: [(1, 0)], 2: [(0, 0)], 3: [(1, 1)], 4: [(0, 1)]})
    expert = _run("expert", {1: [(1, 0)], 2: [(1, 0)], 3: [(1, 1)], 4: [(1, 1)], 9: [(1, 1)]})
    out = pair_runs.compare(hard, expert)
    assert (out["deals"], out["a_wins"], out["b_wins"]) == (4, 2, 4)
    assert (out["deals_b_better"], out["deals_b_worse"]) == (2, 0)
    assert out["difference"] == 0.5
    lo, hi = out["difference_ci"]
    assert 0.0 <= lo <= 0.5 <= hi <= 1.0


def test_pool_adds_runs_on_different_deals_and_refuses_a_shared_deal() -> None:
    a = _run("S", {1: [(1, 0), (0, 0)], 2: [(0, 1), (0, 0)]})
    b = _run("S", {3: [(1, 1), (1, 0)]})
    out = pair_runs.pool([a, b])
    assert (out["deals"], out["games"], out["candidate_wins"], out["baseline_wins"]) == (3, 6, 3, 2)
    with pytest.raises(SystemExit, match="deal 1 is in two"):
        pair_runs.pool([a, a])


def test_main_reads_the_role_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path_a, path_b = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    other = dict(_run("x", {1: [(0, 0)]}), role="wizard")
    path_a.write_text(json.dumps(_run("hard", {1: [(0, 0)]})) + "\n" + json.dumps(other) + "\n")
    path_b.write_text(json.dumps(_run("expert", {1: [(1, 0)]})) + "\n")
    pair_runs.main([str(path_a), str(path_b), "--role", "team"])
    out = json.loads(capsys.readouterr().out)
    assert (out["a"], out["b"], out["b_wins"]) == ("hard", "expert", 1)
    with pytest.raises(SystemExit, match="no run for role 'warrior'"):
        pair_runs.main([str(path_a), str(path_b), "--role", "warrior"])
