"""The MaskablePPO example runs end to end on a tiny budget and reports win rates with Wilson intervals."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_maskable_ppo.py"


def test_the_maskable_ppo_example_trains_evaluates_and_reports() -> None:
    done = subprocess.run(
        [sys.executable, str(EXAMPLE), "--timesteps", "2048", "--eval-games", "10", "--envs", "2", "--json"],
        capture_output=True, text=True, timeout=300, check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.strip().splitlines()
    result = json.loads(lines[-1])
    assert result["game"] == "wizard-towers" and result["timesteps"] == 2048
    for who in ("trained", "random"):
        r = result[who]
        assert r["games"] == 10 and 0 <= r["wins"] <= 10 and r["win_rate"] == r["wins"] / 10
        lo, hi = r["interval"]
        assert 0.0 <= lo <= r["win_rate"] <= hi <= 1.0
    assert any(line.startswith("trained policy: won") and "Wilson" in line for line in lines)
