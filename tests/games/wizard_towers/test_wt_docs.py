"""The rules document keeps up with the code: every option is in its options table with its default, every
gap of the reference is read in §11, and every seed clause is restated in §10 (docs/rules/wizard-towers.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tablecraft.core.api import OptionSpec
from tablecraft.games.wizard_towers.spec import SPEC

DOC = Path(__file__).resolve().parents[3] / "docs" / "rules" / "wizard-towers.md"
SEED_CLAUSES = [
    "游戏开始时三个探索包裹、一个废品包裹与桌上共54张牌",
    "回合顺序橙→蓝→紫",
    "若抓到螺旋硬币，则跳过此回合",
    "主塔无牌时可直接攻击巫师",
    "防守方若为巫师塔则必须至少用一张塔上的牌防守",
    "行动花色为代替防守的勇士（勇士B）的牌",
    "有螺旋硬币的勇士不能防守",
    "小的一方若非左右巫师塔则差值扣除相应生命值",
    "若某张打出的牌的值小于等于对方牌面总值",
    "胜利一方战斗剩余的牌移回原位",
    "手牌若超过上限则需立即选择将多余牌弃至废品包裹",
    "黑桃对方块和梅花总伤害+1",
    "若打出两张则翻面前需选择其中一张的花色为此次行动花色",
    "包括不在探索包裹的螺旋硬币",
    "杀死该玩家的玩家从任意探索包裹抓两张牌",
    "另一个勇士的手牌上限+1",
    "Joker的数值固定为15",
    "总值乘以1.5倍的特殊伤害（小数向下取整）",
    "数量大小为战斗盘上最大那张牌的数值",
    "我方免疫此次伤害（但是牌依然要进废品包裹）",
    "将双方各自打出的最大牌互换",
    "左右塔上限1，主塔上限2",
    "除非巫师塔无牌，否则巫师不能进行防守",
    "单纯放牌算1张，调换一次算2张",
    "则巫师在结束时可从任意探索包裹抓一张牌",
    "一经设置好巫师就不能查看，只能靠记忆",
]


@pytest.fixture(scope="module")
def doc() -> str:
    return DOC.read_text(encoding="utf-8")


@pytest.mark.parametrize("option", SPEC.options, ids=[o.name for o in SPEC.options])
def test_every_option_is_in_the_options_table_with_its_default(doc: str, option: OptionSpec) -> None:
    shown = str(option.default).lower() if isinstance(option.default, bool) else str(option.default)
    row = re.search(rf"^\| `{option.name}` \| `?{re.escape(shown)}`? \|", doc, re.MULTILINE)
    assert row, f"option {option.name} (default {shown}) is not in the options table of {DOC.name}"


@pytest.mark.parametrize("gap", [f"0-{i}" for i in range(1, 26)])
def test_every_gap_of_the_reference_has_a_reading(doc: str, gap: str) -> None:
    assert re.search(rf"^\| {gap} \|", doc, re.MULTILINE), f"gap {gap} has no row in §11"


@pytest.mark.parametrize("clause", SEED_CLAUSES)
def test_every_seed_clause_is_quoted(doc: str, clause: str) -> None:
    assert clause in doc
