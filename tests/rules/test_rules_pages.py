"""The players' rules pages: one per game in Chinese and English, shipped in the package, with a contents list,
fate's card and hero lists generated from the game's data; shown by ``tablecraft rules`` and served at
``/rules/<game>?lang=``."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from importlib import resources
from pathlib import Path
from urllib.parse import unquote

import pytest
import zhconv
from fastapi.testclient import TestClient
from typer.testing import CliRunner

import tablecraft
from tablecraft import cli
from tablecraft.games.fate.cardtext import CARD_TEXT, FATE_TEXT, HERO_TEXT, IDENTITY_TEXT
from tablecraft.rulebook import RULES_LANGS, package_of, player_rules, slug
from tablecraft.server.app import create_app
from tablecraft.server.config import ServerSettings

GAMES = [spec.id for spec in tablecraft.games()]
CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff00-\uffef]")
ENV = {"COLUMNS": "200", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"}
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_players_page_in_both_languages_inside_the_package(game: str) -> None:
    for lang in RULES_LANGS:
        source = resources.files(package_of(game)) / "rulebook" / f"{lang}.md"
        assert source.is_file(), f"{game} has no {lang} page"
        page = player_rules(game, lang)
        assert page.startswith("# ")
        assert len(page) > 3000, f"{game}/{lang} is too short to teach the game"


def test_the_wheel_takes_the_rules_pages_as_package_data() -> None:
    patterns = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["tablecraft"]
    pages = sorted(p.relative_to(ROOT / "tablecraft").as_posix() for p in (ROOT / "tablecraft").glob("games/*/rulebook/*.md"))
    assert len(pages) == 2 * len(GAMES)
    for page in pages:
        assert any(fnmatch.fnmatch(page, pat) for pat in patterns), f"{page} would be left out of a wheel"


@pytest.mark.parametrize("game", GAMES)
def test_the_english_page_holds_no_chinese_and_the_chinese_page_is_chinese(game: str) -> None:
    en, zh = player_rules(game, "en"), player_rules(game, "zh")
    assert CJK.findall(en) == []
    assert len(CJK.findall(zh)) > 1000


def test_the_chinese_pages_keep_to_one_script_traditional_for_wild_hunters_simplified_for_the_others() -> None:
    for game in GAMES:
        page = player_rules(game, "zh")
        if game == "wild-hunters":
            # a Simplified-only character: unchanged by zh-hans, changed by zh-hant (岩 is the seed's own)
            wrong = {c for c in page if CJK.match(c) and c != "岩" and zhconv.convert(c, "zh-hans") == c
                     and zhconv.convert(c, "zh-hant") != c}
        else:
            wrong = {c for c in page if CJK.match(c) and zhconv.convert(c, "zh-hans") != c}
        assert wrong == set(), (game, wrong)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("lang", RULES_LANGS)
def test_the_contents_list_links_every_section_heading(game: str, lang: str) -> None:
    page = player_rules(game, lang)
    title = ("目錄" if game == "wild-hunters" else "目录") if lang == "zh" else "Contents"
    assert f"## {title}" in page
    headings = [h for h in re.findall(r"^#{2,3} (.+)$", page, re.M) if h != title]
    links = re.findall(r"^\s*- \[.+?\]\(#(.+?)\)$", page, re.M)
    assert links == [slug(h) for h in headings]
    assert len(set(links)) == len(links), "two sections share an anchor"


@pytest.mark.parametrize("lang", RULES_LANGS)
def test_the_fate_page_lists_every_card_hero_skill_fate_and_identity_of_the_data(lang: str) -> None:
    page = player_rules("fate", lang)

    def name(t: object) -> str:
        return str(getattr(t, "name_zh" if lang == "zh" else "name_en"))

    def text(t: object) -> str:
        return str(getattr(t, "text_zh" if lang == "zh" else "text_en"))

    for card in CARD_TEXT.values():
        assert name(card) in page and text(card) in page, card.name_en
    for hero in HERO_TEXT.values():
        assert f"**{name(hero)}**" in page, hero.name_en
        for skill in hero.skills:
            assert name(skill) in page and text(skill) in page, (hero.name_en, skill.name_en)
    for other in (*FATE_TEXT.values(), *IDENTITY_TEXT.values()):
        assert name(other) in page and text(other) in page, other.name_en


@pytest.mark.parametrize("lang", RULES_LANGS)
def test_tablecraft_rules_prints_the_players_page_in_the_asked_language(lang: str) -> None:
    result = CliRunner(env=ENV).invoke(cli.app, ["rules", "wizard-towers", "--lang", lang])
    assert result.exit_code == 0, result.output
    first = player_rules("wizard-towers", lang).splitlines()[0].lstrip("# ")
    assert first in result.output
    assert "as implemented" not in result.output  # not the designers' record
    assert bool(CJK.search(result.output)) is (lang == "zh")


def test_tablecraft_rules_design_prints_the_designers_record() -> None:
    result = CliRunner(env=ENV).invoke(cli.app, ["rules", "wizard-towers", "--design"])
    assert result.exit_code == 0, result.output
    assert "as implemented" in result.output


@pytest.fixture(scope="module")
def http(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    db = tmp_path_factory.mktemp("rules") / "rooms.db"
    return TestClient(create_app(ServerSettings(database=str(db))), base_url="http://localhost")


@pytest.mark.parametrize("lang", RULES_LANGS)
def test_the_server_serves_the_players_page_in_the_asked_language_with_anchored_headings(
        http: TestClient, lang: str) -> None:
    page = http.get("/rules/fate", params={"lang": lang}, headers={"Accept": "text/html"})
    assert page.status_code == 200
    assert f'<html lang="{lang}">' in page.text
    assert 'id="' + slug("Every hero" if lang == "en" else "所有英雄") + '"' in page.text
    anchors = [unquote(a) for a in re.findall(r'href="#([^"]+)"', page.text)]  # browsers decode the fragment
    assert len(anchors) > 10
    for anchor in anchors:
        assert f'id="{anchor}"' in page.text, anchor
    other = "en" if lang == "zh" else "zh"
    assert f'href="/rules/fate?lang={other}"' in page.text  # the same page in the other language
    assert bool(CJK.search(page.text.split("<main", 1)[1].replace("中文", ""))) is (lang == "zh")


def test_the_server_answers_markdown_to_non_browsers_and_404_for_an_unknown_game(http: TestClient) -> None:
    md = http.get("/rules/xeno-faction?lang=en")
    assert md.status_code == 200 and md.text == player_rules("xeno-faction", "en")
    assert http.get("/rules/nothing?lang=en").status_code == 404
    assert http.get("/rules/wizard-towers?doc=design").text.startswith("# 巫师塔 Wizard Towers")
