"""Content impact and coverage on constructed records whose right answer is known, and ``lab content``."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from tablecraft import cli
from tablecraft.core.api import Json
from tablecraft.lab.content import (
    adjust_p_values,
    content_coverage,
    content_impact,
    difference_interval,
    game_units,
    is_cooperative,
    play_deals,
    rao_scott_test,
    seat_games,
)
from tablecraft.lab.simulate import load_game
from tablecraft.lab.stats import Rate, two_proportion_test

HEROES = [f"h{i}" for i in range(8)]


def solo(seed: int, won: bool, content: dict[str, list[str]], events: Json | None = None, roles: str = "hero",
         copies: int = 1) -> list[Json]:
    """``copies`` one-seat records of deal ``seed`` (the same deal played under several seatings)."""
    return [{"seed": seed, "seats": 1, "winners": [0] if won else [], "returns": [1 if won else -1],
             "roles": [roles], "content": {k: [v] for k, v in content.items()}, "events": events or {}}
            for _ in range(copies)]


def planted(copies: int = 1) -> list[Json]:
    """400 deals; hero h0 wins 4 of every 5 of its games, every other hero exactly half of its games."""
    records: list[Json] = []
    seen = {h: 0 for h in HEROES}
    for j in range(400):
        hero = HEROES[j % len(HEROES)]
        k = seen[hero]
        seen[hero] += 1
        won = k % 5 != 4 if hero == "h0" else k % 2 == 0
        records += solo(j, won, {"hero": [hero]}, copies=copies)
    return records


def by_item(doc: Json) -> dict[str, Json]:
    return {r["item"]: r for r in doc["rows"]}


def test_a_planted_thirty_point_effect_is_found_and_ranked_first() -> None:
    doc = content_impact(planted())
    first = doc["rows"][0]
    assert first["item"] == "h0" and first["rank"] == 1 and first["significant"]
    assert first["rate"]["rate"] == 0.8 and first["reference"]["rate"] == 0.5
    assert first["difference"] == pytest.approx(0.3)
    lo, hi = first["ci"]
    assert 0 < lo < 0.3 < hi
    assert [r["item"] for r in doc["rows"] if r["significant"]] == ["h0"]


def test_without_any_effect_benjamini_hochberg_keeps_false_discoveries_out() -> None:
    # 40 items of 50 one-game deals each, every one a fair coin (a fixed draw, so the answer is fixed)
    wins = np.random.default_rng(20240).random((40, 50)) < 0.5
    records = [r for i in range(40) for j in range(50)
               for r in solo(i * 50 + j, bool(wins[i, j]), {"card": [f"c{i}"]})]
    doc = content_impact(records)
    raw = sum(r["p_value"] < 0.05 for r in doc["rows"])
    assert raw >= 1  # by chance alone some raw p-values fall below 0.05 …
    assert not any(r["significant"] for r in doc["rows"])  # … and the correction keeps them from counting
    assert doc["correction"] == {"method": "bh", "family": 40, "alpha": 0.05,
                                 "by": "scipy.stats.false_discovery_control"}


def test_holm_adjusts_at_least_as_strongly_as_benjamini_hochberg() -> None:
    holm = by_item(content_impact(planted(), correction="holm"))
    bh = by_item(content_impact(planted()))
    assert all(holm[i]["p_adjusted"] >= bh[i]["p_adjusted"] for i in bh)
    ps = [0.001, 0.01, 0.02, 0.04, 0.3]
    assert adjust_p_values(ps, "bh") == pytest.approx([0.005, 0.025, 1 / 30, 0.05, 0.3])
    assert adjust_p_values(ps, "holm") == pytest.approx([0.005, 0.04, 0.06, 0.08, 0.3])


def test_games_that_share_a_deal_do_not_narrow_the_interval() -> None:
    one, ten = content_impact(planted(1)), content_impact(planted(10))
    a, b = by_item(one)["h0"], by_item(ten)["h0"]
    assert a["difference"] == pytest.approx(b["difference"])
    assert b["rate"]["deals"] == 50 and b["rate"]["games"] == 500
    width = a["ci"][1] - a["ci"][0]
    # ten copies of every deal are still 400 deals: the interval barely moves (unclustered, it would shrink ~3×)
    assert b["ci"][1] - b["ci"][0] == pytest.approx(width, rel=0.15)
    naive = two_proportion_test(Rate(1750, 3500), Rate(400, 500))[1]  # the 4000 games taken as independent
    assert naive < 1e-30 and b["p_value"] >= a["p_value"] > 1e-6


def test_role_adjustment_removes_an_effect_that_is_only_the_role() -> None:
    # seat 0 is always the strong role and holds x; seat 1 the weak role holding y; seat 0 wins 80%
    records = [{"seed": j, "seats": 2, "winners": [0] if j % 5 else [1], "returns": [0, 0],
                "roles": ["strong", "weak"], "content": {"hero": [["x"], ["y"]]}} for j in range(200)]
    raw = by_item(content_impact(records))["x"]
    adjusted = by_item(content_impact(records, adjust_roles=True))["x"]
    assert raw["difference"] == pytest.approx(0.6) and raw["significant"]
    assert adjusted["difference"] == pytest.approx(0.0, abs=1e-12) and not adjusted["significant"]
    assert adjusted["role_offset"] == pytest.approx(0.6)


def test_an_item_is_compared_only_with_seats_that_met_its_kind() -> None:
    # a fate card is held by seat 0 only; seat 1 (who holds none) must not be the reference
    records = [{"seed": j, "seats": 2, "winners": [0] if j % 2 else [1], "returns": [0, 0], "roles": ["a", "b"],
                "content": {"fate": [["f1" if j % 4 < 2 else "f2"], []]}} for j in range(200)]
    f1 = by_item(content_impact(records))["f1"]
    assert f1["units"] == 100 and f1["reference"]["games"] == 100
    assert f1["difference"] == pytest.approx(0.0)


def test_an_item_every_unit_had_has_nothing_to_be_compared_with() -> None:
    records = [r for j in range(20) for r in solo(j, j % 2 == 0, {"hero": ["water"], "king": ["gale" if j < 10
                                                                                                else "storm"]})]
    doc = content_impact(records)
    assert doc["constant"] == [{"kind": "hero", "item": "water", "units": 20, "games": 20}]
    assert {r["item"] for r in doc["rows"]} == {"gale", "storm"}


def test_a_cooperative_game_is_measured_per_game_not_per_teammate() -> None:
    records = [{"seed": j, "seats": 3, "winners": [0, 1, 2] if j % 3 else [], "returns": [0, 0, 0],
                "roles": ["w", "f", "r"], "content": {"king": [["tide" if j % 2 else "gale"]] * 3,
                                                       "hero": [["water"], ["fire"], ["rock"]]}}
               for j in range(30)]
    assert is_cooperative(records) and not is_cooperative(planted()[:1] + [
        {"seed": 0, "seats": 2, "winners": [1], "returns": [-1, 1], "content": {}}])
    doc = content_impact(records)
    assert doc["unit"] == "game" and doc["units"] == 30
    assert {c["item"] for c in doc["constant"]} == {"water", "fire", "rock"}
    assert by_item(doc)["tide"]["units"] == 15
    units = game_units(records)
    assert units[0].items["hero"] == {"water": 1, "fire": 1, "rock": 1} and units[0].won is False


def test_disjoint_rates_without_clustering_give_the_textbook_test_and_interval() -> None:
    item, ref = Rate.from_deals({j: (int(j < 56), 1) for j in range(70)}), \
        Rate.from_deals({j: (int(j < 118), 1) for j in range(70, 150)})
    z, p = rao_scott_test(item, ref)
    assert (z, p) == pytest.approx(two_proportion_test(ref, item))
    # Newcombe (1998) method 10 on 56/70 − 48/80: 0.0524 to 0.3339
    lo, hi = difference_interval(Rate(56, 70), Rate(48, 80))
    assert (round(lo, 4), round(hi, 4)) == (0.0524, 0.3339)


def test_coverage_counts_what_fired_with_each_item_and_what_never_did() -> None:
    records = []
    for j in range(20):
        king = "blaze" if j % 2 else "tide"
        events = {"burned": 2, "turn": 5} if king == "blaze" else {"turn": 5, "washed": 1 if j % 10 == 0 else 0}
        records += solo(j, False, {"king": [king], "skill": ["guard", "guard"] if j % 4 == 1 else []}, events)
    cov = content_coverage(records)
    blaze, tide = cov["king"]["blaze"], cov["king"]["tide"]
    assert blaze["events"]["burned"] == {"games": 1.0, "mean": 2.0, "others": 0.0}
    assert [n["kind"] for n in tide["never_fired"]] == ["burned"] and tide["never_fired"][0]["expected"] == 10
    assert "washed" in tide["events"] and blaze["never_fired"] == []  # washed: 2 of 10 elsewhere, expected 2 < 3
    assert blaze["with"]["skill"] == {"guard": {"share": 0.5, "mean": 1.0}}
    assert cov["skill"]["guard"]["times"] == 10


def test_bad_input_gets_a_clear_error() -> None:
    with pytest.raises(ValueError, match="correction 'fdr' is not one of bh, holm"):
        content_impact(planted(), correction="fdr")
    with pytest.raises(ValueError, match="no content kind 'king' in these games; kinds: hero"):
        content_impact(planted(), kinds=["king"])
    with pytest.raises(ValueError, match="has no content"):
        seat_games([{"seed": 3, "seats": 1, "winners": []}])
    with pytest.raises(ValueError, match="lists 1 seats, the game has 2"):
        seat_games([{"seed": 3, "seats": 2, "winners": [], "content": {"hero": [["a"]]}}])


def test_played_deals_carry_every_seats_content() -> None:
    game = load_game("wild-hunters", {"demon_king": "storm"}, 2)
    records = play_deals(game, "random", deals=3, seed=5)
    assert [r["seed"] for r in records] == [5, 6, 7]
    assert all(r["content"]["king"] == [["storm"], ["storm"]] for r in records)


def test_lab_content_prints_the_ranked_table_and_writes_its_json(tmp_path: Path) -> None:
    out = tmp_path / "content.json"
    result = CliRunner(env={"COLUMNS": "250"}).invoke(cli.app, [
        "lab", "content", "wild-hunters", "--seats", "1", "--agents", "random", "-n", "6", "-j", "1",
        "--json", str(out), "--correction", "holm"])
    assert result.exit_code == 0, result.output
    assert "Content impact: wild-hunters, 1 seat, 6 games from 6 deals" in result.output
    assert "Holm over" in result.output and "Coverage with each king" in result.output
    doc = json.loads(out.read_text(encoding="utf-8"))
    assert doc["format"] == "tablecraft-content/1" and doc["impact"]["correction"]["method"] == "holm"
    assert {"king", "hero"} <= set(doc["coverage"])
    assert [r["rank"] for r in doc["impact"]["rows"]] == list(range(1, len(doc["impact"]["rows"]) + 1))


def test_lab_content_reads_records_and_refuses_a_wrong_kind(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    path.write_text("\n".join(json.dumps({"game": "wild-hunters", **r}) for r in planted()[:40]), encoding="utf-8")
    runner = CliRunner(env={"COLUMNS": "250"})
    ok = runner.invoke(cli.app, ["lab", "content", "wild-hunters", "--seats", "1", "--records", str(path)])
    assert ok.exit_code == 0, ok.output
    assert "40 games from 40 deals" in ok.output
    bad = runner.invoke(cli.app, ["lab", "content", "wild-hunters", "--seats", "1", "--records", str(path),
                                  "--coverage", "king"])
    assert bad.exit_code == 2 and "no content kind 'king' in these games; kinds: hero" in bad.output
