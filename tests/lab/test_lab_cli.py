"""``tablecraft lab``: every command through Typer's CliRunner, the report it writes, and its errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from lab_helpers import GAME, InterruptingBackend
from typer.testing import CliRunner, Result

import tablecraft
from tablecraft import cli
from tablecraft.lab import cli as lab_cli
from tablecraft.lab.report import EXTERNAL
from tablecraft.lab.store import Store

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
SEP = r"[\s│]+"
"""Between two cells of a Rich table."""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner(env=ENV)


def lab(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(cli.app, ["lab", *args])


def test_run_prints_rates_and_writes_a_self_contained_report_with_its_json(runner: CliRunner, tmp_path: Path) -> None:
    db, html = tmp_path / "lab.sqlite", tmp_path / "out" / "wt.html"
    result = lab(runner, "run", GAME, "--agents", "heuristic,random", "-n", "12", "-j", "1", "--db", str(db),
                 "--report", str(html))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Run 1:" in out and "6 seating(s)" in out
    # seats counted from 1 as the tables count them: index 0 (orange) reads "seat 1 orange"
    for row in ("seat 1 orange", "role wizard", "agent heuristic", "agent random", "draws"):
        assert re.search(rf"{row}{SEP}\d+{SEP}\d+{SEP}\d+\.\d%{SEP}\[\d+\.\d%, \d+\.\d%\]", out), row
    assert "First player:" in out and "Length:" in out and "Coverage:" in out
    page = html.read_text(encoding="utf-8")
    data = json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))
    assert data["run"]["agents"] == ["heuristic", "random"] and data["arms"][0]["summary"]["games"] == 12
    assert page.count("<svg") >= 3 and not EXTERNAL.search(page)  # plots inline, nothing fetched
    ids = re.findall(r'id="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # the plots' ids do not clash
    assert all(ref in ids for ref in re.findall(r"url\(#([^)]+)\)", page))
    embedded = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S)
    assert embedded and json.loads(embedded.group(1).replace("<\\/", "</")) == data
    assert ">seat 1 orange</td>" in page and "seat 0" not in page  # the report says it as the table does
    assert data["arms"][0]["summary"]["seats"][0]["seat"] == 0  # while the JSON keeps the index
    for heading in ("Per seat", "Per role", "Per agent", "Agent × seat", "Game length", "How games ended",
                    "Rule coverage"):
        assert heading in page


def test_resume_extends_a_run_and_show_and_list_read_it_back(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "lab.sqlite")
    assert lab(runner, "run", GAME, "-n", "5", "-j", "1", "--db", db).exit_code == 0
    result = lab(runner, "run", "--resume", "1", "-n", "4", "-j", "1", "--db", db)
    assert result.exit_code == 0, result.output
    assert "default: 9 games" in result.output
    listing = lab(runner, "list", "--db", db, "--json")
    assert [(r["id"], r["stored_games"]) for r in json.loads(listing.output)] == [(1, 9)]
    shown = lab(runner, "show", "1", "--db", db, "--json", str(tmp_path / "r.json"))
    assert shown.exit_code == 0 and "default: 9 games" in shown.output
    assert json.loads((tmp_path / "r.json").read_text())["arms"][0]["summary"]["games"] == 9


def test_compare_puts_two_variants_side_by_side_with_the_difference(runner: CliRunner, tmp_path: Path) -> None:
    html = tmp_path / "cmp.html"
    result = lab(runner, "run", GAME, "--compare", "substitute=joint", "substitute=alone", "-n", "10", "-j", "1",
                 "--db", str(tmp_path / "lab.sqlite"), "--report", str(html))
    assert result.exit_code == 0, result.output
    assert "substitute=alone against substitute=joint" in result.output
    assert re.search(rf"role wizard{SEP}\d+\.\d%{SEP}\d+\.\d%{SEP}[+-]\d+\.\d pp{SEP}\[[+-]\d+\.\d, [+-]\d+\.\d\]"
                     rf"{SEP}\d+{SEP}[\d.e-]+{SEP}[\d.e-]+{SEP}(yes|no)", result.output)
    assert "Holm-adjusted" in result.output
    data = json.loads(html.with_suffix(".json").read_text())
    assert [a["label"] for a in data["arms"]] == ["substitute=joint", "substitute=alone"]
    assert data["comparisons"][0]["rows"] and "Comparison" in html.read_text()


def test_vary_sweeps_a_parameter_and_draws_its_curve(runner: CliRunner, tmp_path: Path) -> None:
    html = tmp_path / "vary.html"
    result = lab(runner, "run", GAME, "--vary", "wizard_hp=60,150,400", "-n", "6", "-j", "1",
                 "--db", str(tmp_path / "lab.sqlite"), "--report", str(html))
    assert result.exit_code == 0, result.output
    data = json.loads(html.with_suffix(".json").read_text())
    assert data["vary"] == {"param": "wizard_hp", "values": ["60", "150", "400"]}
    assert [a["changed"].get("wizard_hp") for a in data["arms"]] == [60, None, 400]
    assert len(data["comparisons"]) == 2 and "Win rates against wizard_hp" in html.read_text()


def test_until_ci_reports_narrow_intervals(runner: CliRunner, tmp_path: Path) -> None:
    html = tmp_path / "ci.html"
    # random players: the stopping rule is what is tested, and normal play took almost 4 minutes to reach it
    result = lab(runner, "run", GAME, "--agents", "random", "--until-ci", "0.05", "-n", "20", "-j", "1", "--db",
                 str(tmp_path / "lab.sqlite"), "--json", str(html.with_suffix(".json")))
    assert result.exit_code == 0, result.output
    summary = json.loads(html.with_suffix(".json").read_text())["arms"][0]["summary"]
    assert summary["max_half_width"] <= 0.05 and summary["games"] > 20


def test_balance_reports_the_curve_and_the_answer(runner: CliRunner, tmp_path: Path) -> None:
    html = tmp_path / "bal.html"
    result = lab(runner, "balance", GAME, "--param", "wizard_hp", "--role", "wizard", "--target", "0.5",
                 "--lo", "1", "--hi", "300", "--games-per-point", "12", "--max-points", "4", "-j", "1",
                 "--db", str(tmp_path / "lab.sqlite"), "--report", str(html))
    assert result.exit_code == 0, result.output
    assert "Balance: role:wizard against wizard_hp" in result.output and "wizard_hp = " in result.output
    data = json.loads(html.with_suffix(".json").read_text())
    assert data["balance"]["param"] == "wizard_hp" and len(data["balance"]["points"]) == 4
    page = html.read_text()
    assert "Balance search" in page and not EXTERNAL.search(page)
    stored = Store.open(tmp_path / "lab.sqlite").run(1)
    assert stored.kind == "balance" and stored.params["result"]["best"] == data["balance"]["best"]


def test_a_pool_of_two_workers_gives_the_same_report_numbers(runner: CliRunner, tmp_path: Path) -> None:
    outs = []
    for jobs in ("1", "2"):
        path = tmp_path / f"j{jobs}.json"
        result = lab(runner, "run", GAME, "--agents", "heuristic,random", "-n", "12", "-j", jobs,
                     "--db", str(tmp_path / f"j{jobs}.sqlite"), "--json", str(path), "-q")
        assert result.exit_code == 0, result.output
        outs.append(json.loads(path.read_text())["arms"][0]["summary"])
    assert outs[0] == outs[1]


@pytest.mark.parametrize(("args", "message"), [
    (["run", "chess"], "unknown game 'chess'"),
    (["run", GAME, "--agents", "grandmaster"], "unknown agent 'grandmaster'"),
    (["run", GAME, "-o", "wizard_hp=lots"], "option wizard_hp: 'lots' is not a int"),
    (["run", GAME, "substitute=alone"], "variants need --compare"),
    (["run", GAME, "--compare"], "--compare needs at least one VARIANT"),
    (["run", GAME, "--vary", "wizard_hp"], "write name=value1,value2"),
    (["run", GAME, "--until-ci", "0.9"], "--until-ci must be between 0 and 0.5"),
    (["run", "--resume", "7"], "no run 7"),
    (["run", GAME, "--seating", "fixed", "--agents", "random,heuristic"], "one agent per seat"),
    (["balance", GAME, "--param", "substitute", "--role", "wizard"], "needs an integer one"),
    (["balance", GAME, "--param", "wizard_hp", "--role", "dragon"], "no role 'dragon'"),
    (["balance", GAME, "--param", "wizard_hp"], "exactly one of --role, --seat, --agent"),
])
def test_mistakes_get_one_clear_line_and_status_2(runner: CliRunner, tmp_path: Path, args: list[str],
                                                  message: str) -> None:
    result = lab(runner, *args, "--db", str(tmp_path / "lab.sqlite"))
    assert result.exit_code == 2, result.output
    assert message in result.output
    if (tmp_path / "lab.sqlite").exists():
        assert Store.open(tmp_path / "lab.sqlite").runs() == []  # nothing was stored


def test_a_resumed_run_refuses_new_agents(runner: CliRunner, tmp_path: Path) -> None:
    db = str(tmp_path / "lab.sqlite")
    assert lab(runner, "run", GAME, "-n", "3", "-j", "1", "--db", db).exit_code == 0
    result = lab(runner, "run", "--resume", "1", "--agents", "heuristic", "--db", db)
    assert result.exit_code == 2 and "keeps its game, options, agents" in result.output


def test_ctrl_c_keeps_the_stored_batches_and_says_how_to_finish(runner: CliRunner, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    db = str(tmp_path / "lab.sqlite")
    monkeypatch.setattr(lab_cli, "make_backend", lambda *args, **kwargs: InterruptingBackend(after=2))
    result = lab(runner, "run", GAME, "-n", "12", "--chunk", "3", "--db", db)
    assert result.exit_code == 130, result.output
    assert "Interrupted: 6 games of run 1 are stored" in result.output
    assert f"tablecraft lab run --resume 1 --db {db}" in result.output
    monkeypatch.undo()
    finished = lab(runner, "run", "--resume", "1", "-j", "1", "--db", db)
    assert finished.exit_code == 0 and "default: 12 games" in finished.output


def test_a_run_kept_with_its_actions_exports_replayable_games(runner: CliRunner, tmp_path: Path) -> None:
    db, out = str(tmp_path / "lab.sqlite"), tmp_path / "games.jsonl"
    assert lab(runner, "run", GAME, "--agents", "heuristic,random", "-n", "6", "-j", "1", "--keep-actions",
               "--db", db).exit_code == 0
    result = lab(runner, "export", "1", "--out", str(out), "--db", db)
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    game = tablecraft.load(GAME)
    assert len(records) == 6
    for r in records:
        state = game.replay(r["seed"], r["actions"])
        assert state.winners() == r["winners"] and len(r["bots"]) == 3
    replayed = runner.invoke(cli.app, ["replay", str(out), "--game-index", "5", "--lang", "en"])
    assert replayed.exit_code == 0 and "Result" in replayed.output
    assert lab(runner, "run", GAME, "-n", "3", "-j", "1", "--db", db).exit_code == 0
    refused = lab(runner, "export", "2", "--out", str(out), "--db", db)
    assert refused.exit_code == 2 and "--keep-actions" in refused.output
