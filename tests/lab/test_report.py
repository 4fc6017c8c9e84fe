"""The report pages of ``lab quality`` and ``lab content`` (``tablecraft.lab.report``), built from small real runs
through the CLI: one self-contained file, the JSON embedded and written beside it, and every section's rows."""

from __future__ import annotations

import json
import re
from html import escape
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from tablecraft import cli
from tablecraft.lab.report import EXTERNAL, render_content_html, render_quality_html

ENV = {"COLUMNS": "250", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}


class Tables(HTMLParser):
    """Every table of a page as rows of cell texts (tags dropped, entities decoded); the ``<h3>`` before each."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self.headings: list[str] = []
        self._cell: list[str] | None = None
        self._h3: list[str] | None = None
        self._last_h3 = ""

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag == "table":
            self.tables.append([])
            self.headings.append(self._last_h3)
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "h3":
            self._h3 = []

    def handle_endtag(self, tag: str) -> None:
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append("".join(self._cell).strip())
            self._cell = None
        elif tag == "h3" and self._h3 is not None:
            self._last_h3 = "".join(self._h3).strip()
            self._h3 = None

    def handle_data(self, data: str) -> None:
        if self._cell is not None:
            self._cell.append(data)
        if self._h3 is not None:
            self._h3.append(data)


def tables(page: str) -> Tables:
    parsed = Tables()
    parsed.feed(page)
    return parsed


def table_with(page: str, first_header: str) -> list[list[str]]:
    """The rows of the page's table whose first column head is ``first_header`` (head row included)."""
    found = [t for t in tables(page).tables if t and t[0] and t[0][0] == first_header]
    assert found, f"no table headed {first_header!r}"
    return found[0]


def assert_self_contained(page: str, doc: Any) -> None:
    """Nothing fetched (no http(s) src/href, no stylesheet link, no script but the embedded data) and the JSON
    embedded equal to the JSON file."""
    assert not EXTERNAL.search(page)
    assert "<link" not in page.lower()
    scripts = re.findall(r"<script\b[^>]*>", page, re.I)
    assert scripts == ["<script type='application/json' id='report-data'>"]
    embedded = re.search(r"<script type='application/json' id='report-data'>(.*?)</script>", page, re.S)
    assert embedded and json.loads(embedded.group(1).replace("<\\/", "</")) == doc
    ids = re.findall(r'id="([^"]+)"', page)
    assert len(ids) == len(set(ids))  # the plots' ids do not clash


def pct(x: float) -> str:
    return f"{100 * x:.1f}%"


# ------------------------------------------------------------------------------------------------ quality
@pytest.fixture(scope="module")
def quality_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Any]:
    html = tmp_path_factory.mktemp("quality") / "out" / "xf-quality.html"
    result = CliRunner(env=ENV).invoke(cli.app, [
        "lab", "quality", "xeno-faction", "life=30", "-n", "3", "--agents", "easy", "-j", "1", "--report", str(html),
        "-q"])
    assert result.exit_code == 0, result.output
    assert f"Wrote {html}" in result.output.replace("\n", "")
    return html.read_text(encoding="utf-8"), json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))


def test_the_quality_page_is_one_self_contained_file_with_its_json(quality_page: tuple[str, Any]) -> None:
    page, doc = quality_page
    assert_self_contained(page, doc)
    assert render_quality_html(doc) == page  # the page is made from the JSON alone


def test_the_quality_page_says_what_it_rests_on_and_the_command_that_made_it(quality_page: tuple[str, Any]) -> None:
    page, doc = quality_page
    assert [(a["agent"], a["level"]) for a in doc["players"]] == [("easy", True)]
    assert f"level Easy 入门 (<code>{doc['players'][0]['spec']}</code>)" in page  # the level: names and spec
    assert "base: 3 games from 3 deals; life=30: 3 games from 3 deals" in page
    assert "<code>life=30</code>" in page  # what the variant changes
    assert doc["command_line"].startswith("tablecraft lab quality xeno-faction life=30 --agents easy -n 3")
    assert f"<code>{doc['command_line']}</code>" in page


def test_the_quality_table_has_every_metric_per_variant_with_its_interval_and_definition(
        quality_page: tuple[str, Any]) -> None:
    page, doc = quality_page
    rows = table_with(page, "metric")
    assert rows[0] == ["metric", "base (3 games)", "life=30 (3 games)", "definition", "source"]
    by_name = {r[0]: r for r in rows[1:]}
    assert list(by_name) == [d["name"] for d in doc["definitions"]]  # every metric the JSON defines, in order
    for d in doc["definitions"]:
        row = by_name[d["name"]]
        assert row[3] == d["definition"] and row[4] == ", ".join(d["source"])
        for arm, cell in zip(doc["arms"], row[1:3], strict=True):
            value: Any = arm
            for step in d["at"].split("."):
                value = value[step]
            if d["form"] == "mean":  # a mean shows its 95% interval
                lo, hi = value["ci"]
                digits = 1 if d["percent"] or abs(value["mean"]) >= 10 else 2  # lengths in tenths
                assert (f"[{100 * lo:.1f}%, {100 * hi:.1f}%]" if d["percent"] else
                        f"[{lo:.{digits}f}, {hi:.{digits}f}]") in cell
            elif d["form"] == "rate":
                assert f"{pct(value['rate'])} [{pct(value['ci'][0])}, {pct(value['ci'][1])}]" in cell
            elif d["form"] == "first_player":
                assert f"{pct(value['rate'])} [{pct(value['ci'][0])}, {pct(value['ci'][1])}]" in cell
                assert f"p = {value['p_value']:.3g}" in cell
            elif d["form"] == "list":
                assert cell == (", ".join(value) or "none")
            else:
                assert cell != "—", d["key"]
    assert {k for d in doc["definitions"] for k in d["source"]} <= set(doc["sources"])
    for key, text in doc["sources"].items():
        assert f"<li id='src-{key}'><b>{key}</b>: {escape(text)}</li>" in page


def test_the_quality_page_shows_the_plots_wins_and_ends_of_every_variant(quality_page: tuple[str, Any]) -> None:
    page, doc = quality_page
    assert page.count("<svg") == 1 + len(doc["arms"])  # the intervals, and each variant's lengths
    assert "game quality per game (means)" in page and page.count(">Game length</text>") == len(doc["arms"])
    wins = table_with(page, "win rate (95% CI by deal)")
    seats = doc["arms"][0]["seat_wins"]
    assert [r[0] for r in wins[1:]] == [s["label"] for s in seats]
    for row, i in zip(wins[1:], range(len(seats)), strict=True):
        assert row[1:] == [f"{pct(a['seat_wins'][i]['rate'])} [{pct(a['seat_wins'][i]['ci'][0])}, "
                           f"{pct(a['seat_wins'][i]['ci'][1])}]" for a in doc["arms"]]
    ends = table_with(page, "end reason")
    assert {r[0] for r in ends[1:]} == {r for a in doc["arms"] for r in a["end"]["reasons"]}


# ------------------------------------------------------------------------------------------------ content
@pytest.fixture(scope="module")
def content_page(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, Any]:
    html = tmp_path_factory.mktemp("content") / "wt-content.html"
    result = CliRunner(env=ENV).invoke(cli.app, [
        "lab", "content", "wizard-towers", "--agents", "easy,random", "-n", "6", "-j", "1", "--report", str(html),
        "-q"])
    assert result.exit_code == 0, result.output
    return html.read_text(encoding="utf-8"), json.loads(html.with_suffix(".json").read_text(encoding="utf-8"))


def test_the_content_page_is_one_self_contained_file_with_its_json(content_page: tuple[str, Any]) -> None:
    page, doc = content_page
    assert_self_contained(page, doc)
    assert render_content_html(doc) == page


def test_the_content_page_says_what_it_rests_on_and_the_command_that_made_it(content_page: tuple[str, Any]) -> None:
    page, doc = content_page
    imp = doc["impact"]
    assert "<code>easy</code> — level Easy 入门" in page and "<code>random</code>" in page
    assert f"{imp['games']} games from {imp['deals']} deals; one observation = one seat-game" in page
    assert f"Benjamini–Hochberg over {imp['correction']['family']} items" in page
    assert f"<code>{doc['command_line']}</code>" in page
    assert doc["command_line"].startswith("tablecraft lab content wizard-towers -n 6 --agents easy,random")


def test_the_impact_table_ranks_every_item_with_intervals_corrected_p_and_a_verdict(
        content_page: tuple[str, Any]) -> None:
    page, doc = content_page
    imp = doc["impact"]
    assert imp["rows"] and imp["adjusted_for"] == "role"  # wizard-towers' wizard is a role
    rows = table_with(page, "#")
    assert rows[0] == ["#", "kind", "item", "seat-games", "deals", "win rate", "95% CI (%)", "rest", "95% CI (%)",
                       "role offset", "difference", "95% CI (pp)", "p", "q (BH)", "verdict"]
    assert len(rows) - 1 == len(imp["rows"])
    for cells, r in zip(rows[1:], imp["rows"], strict=True):
        lo, hi = r["ci"]
        verdict = ("wins more" if r["difference"] > 0 else "wins less") if r["significant"] else "no clear effect"
        assert cells == [str(r["rank"]), r["kind"], r["item"], str(r["units"]), str(r["deals"]),
                         pct(r["rate"]["rate"]), f"[{100 * r['rate']['ci'][0]:.1f}, {100 * r['rate']['ci'][1]:.1f}]",
                         pct(r["reference"]["rate"]),
                         f"[{100 * r['reference']['ci'][0]:.1f}, {100 * r['reference']['ci'][1]:.1f}]",
                         f"{100 * r['role_offset']:+.1f} pp", f"{100 * r['difference']:+.1f} pp",
                         f"[{100 * lo:+.1f}, {100 * hi:+.1f}]", f"{r['p_value']:.3g}", f"{r['p_adjusted']:.3g}",
                         verdict]


def test_the_content_page_has_the_forest_plot_and_every_kinds_coverage(content_page: tuple[str, Any]) -> None:
    page, doc = content_page
    forest = re.search(r"<svg\b.*?</svg>", page, re.S)
    assert forest and "content impact (red: significant after Benjamini–Hochberg)" in forest.group(0)
    for r in doc["impact"]["rows"]:  # every item is a labelled row of the plot
        assert f">{r['kind']} {r['item']}</text>" in forest.group(0)
    parsed = tables(page)
    coverage = {h: t for h, t in zip(parsed.headings, parsed.tables, strict=True) if t[0][0] == "item"}
    assert set(coverage) == set(doc["coverage"]) == {"drawn", "played"}
    for kind, items in doc["coverage"].items():
        rows = coverage[kind]
        assert [r[0] for r in rows[1:]] == list(items)
        for cells, (item, c) in zip(rows[1:], items.items(), strict=True):
            assert cells[:4] == [item, str(c["units"]), str(c["games"]), str(c["times"])]


def test_a_report_that_cannot_be_written_is_a_clear_error(tmp_path: Path) -> None:
    (tmp_path / "taken").write_text("a file, not a folder", encoding="utf-8")
    result = CliRunner(env=ENV).invoke(cli.app, [
        "lab", "content", "wizard-towers", "--agents", "random", "-n", "3", "-j", "1", "-q",
        "--report", str(tmp_path / "taken" / "page.html")])
    assert result.exit_code == 2 and "cannot write" in result.output, result.output


def test_a_content_page_from_records_says_the_games_were_read_not_played(content_page: tuple[str, Any]) -> None:
    _, doc = content_page
    page = render_content_html({**doc, "agents": "records", "players": None})
    assert "read from game records (<code>--records</code>)" in page and "level Easy" not in page
