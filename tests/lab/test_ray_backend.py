"""The Ray backend against a local Ray instance: the same batches as Ray tasks give the same games."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_helpers import GAME, stored
from typer.testing import CliRunner

from tablecraft import cli
from tablecraft.lab.backends import InlineBackend, RayBackend
from tablecraft.lab.runner import Lab
from tablecraft.lab.store import Store

ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def ray_session() -> Iterator[None]:
    # Ray's workers run this interpreter, which has tablecraft installed (pip install -e), as a cluster node would
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def test_ray_tasks_play_the_same_games_as_one_local_process(ray_session: None) -> None:
    backend = RayBackend()  # joins the running session and leaves it running
    assert backend.workers == 2
    results = []
    for b in (backend, InlineBackend()):
        lab = Lab(Store.open("sqlite://"), b, chunk=4)
        run = lab.create_run(GAME, "heuristic,random", 24, seed=11)
        lab.extend(run, lab.arms(run), games=24)
        results.append(stored(lab.store, run))
    backend.close()
    assert ray.is_initialized()
    assert len(results[0]) == 24 and results[0] == results[1]


def test_the_cli_runs_on_ray_with_backend_ray(ray_session: None, tmp_path: Path) -> None:
    out = tmp_path / "ray.json"
    result = CliRunner(env={"COLUMNS": "200"}).invoke(cli.app, [
        "lab", "run", GAME, "-n", "12", "--backend", "ray", "--db", str(tmp_path / "lab.sqlite"), "--json", str(out),
        "-q"])
    assert result.exit_code == 0, result.output
    assert json.loads(out.read_text())["arms"][0]["summary"]["games"] == 12
