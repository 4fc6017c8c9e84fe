"""The rules document keeps up with the code: every option is in its options table with its default, and every
option's meaning names the seed clause or gap it settles (docs/rules/wild-hunters.md §3)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablecraft.core.api import OptionSpec
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
