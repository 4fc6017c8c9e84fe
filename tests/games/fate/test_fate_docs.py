"""The rules document (docs/rules/fate.md) names everything the engine plays: every option with its default, card
type, hero and skill of every text set, fate card, action kind and gap of the reference."""

from __future__ import annotations

from pathlib import Path

import pytest

from tablecraft.games.fate.actions import Kind
from tablecraft.games.fate.content import ALL_SKILL_DEFS, CARD_TYPES, FATES, HEROES, VIEW_AS
from tablecraft.games.fate.spec import SPEC

DOC = (Path(__file__).resolve().parents[3] / "docs" / "rules" / "fate.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("option", SPEC.options, ids=lambda o: o.name)
def test_every_option_is_documented_with_its_default(option: object) -> None:
    default = "(empty)" if option.default == "" else option.default
    assert f"| `{option.name}` | `{default}` |" in DOC or f"| `{option.name}` | {default} |" in DOC


def test_every_card_type_hero_skill_and_fate_is_named() -> None:
    missing = [d.key for d in CARD_TYPES if d.key not in DOC]
    missing += [h.key for h in HEROES if h.key not in DOC]
    missing += [f"`{h.code}`" for h in HEROES if f"`{h.code}`" not in DOC]
    missing += [sk.key for sk in ALL_SKILL_DEFS if sk.key not in DOC]
    missing += [f.key for f in FATES if f.key not in DOC]
    assert not missing, f"not in docs/rules/fate.md: {missing}"


def test_every_action_kind_and_view_as_rule_has_its_notation_explained() -> None:
    words = {Kind.AS: "as ", Kind.PAIR: "pair ", Kind.ITEM: "item ", Kind.ZONE: "zone ", Kind.COLOR: "color ",
             Kind.SUIT: "suit ", Kind.DIR: "dir ", Kind.LOOK: "look ", Kind.MODE: "mode ", Kind.HERO: "hero ",
             Kind.TARGET: "target ", Kind.SKILL: "skill ", Kind.PICK: "pick ", Kind.USE: "use "}
    for kind in Kind:
        assert f"`{words.get(kind, kind.name.lower())}" in DOC, kind
    for rule in VIEW_AS:
        if rule.count == 2:
            assert f"`{rule.code}`" in DOC, rule.code


@pytest.mark.parametrize("gap", [f"4-{i}" for i in range(1, 21)])
def test_every_gap_of_the_reference_has_a_reading(gap: str) -> None:
    assert f"| {gap} |" in DOC
