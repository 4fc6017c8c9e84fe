"""The rules document keeps up with the code: every option is in its options table with its default, and every
option's meaning names the seed clause or gap it settles (docs/rules/wild-hunters.md §3); every page that lists the
demon kings shows the life their cards give."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablecraft.core.api import OptionSpec
from tablecraft.games.wild_hunters.content import DEMON_KINGS
from tablecraft.games.wild_hunters.spec import SPEC

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "wild-hunters.md"


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("option", SPEC.options, ids=[o.name for o in SPEC.options])
def test_every_option_is_in_the_options_table_with_its_default(doc: str, option: OptionSpec) -> None:
    shown = str(option.default).lower() if isinstance(option.default, bool) else str(option.default) or '""'
    row = re.search(rf"^\| `{option.name}` \| `?{re.escape(shown)}`? \| (.+) \|$", doc, re.MULTILINE)
    assert row, f"option {option.name} (default {shown}) is not in the options table of {DOC.name}"
    assert re.search(r"[Gg]ap 3-\d+|W-\d+|「|[Oo]urs", row.group(1)), f"{option.name}'s row names no seed clause or gap"


@pytest.mark.parametrize("page", ["docs/rules/wild-hunters.md", "tablecraft/games/wild_hunters/rulebook/en.md",
                                  "tablecraft/games/wild_hunters/rulebook/zh.md"])
def test_every_page_shows_each_demon_kings_life_and_temper_from_his_card(page: str) -> None:
    text = (DOC.parents[2] / page).read_text(encoding="utf-8")
    for kd in DEMON_KINGS:
        names = (f"`{kd.id}`", kd.name_en, kd.name_zh)
        row = next((line for line in text.splitlines()
                    if line.startswith("| ") and any(line.split(" | ")[0][2:].startswith(n) for n in names)), None)
        assert row, f"{page} has no row for {kd.id}"
        assert row.split(" | ")[1] == " / ".join(map(str, kd.life)), f"{page}: {kd.id}'s life is not {kd.life}"
        assert row.split(" | ")[2] == " / ".join(map(str, kd.tempers)), f"{page}: {kd.id}'s temper is not {kd.tempers}"
