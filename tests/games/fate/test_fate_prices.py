"""Every choice that costs the hero something says its price first (issue 14 item 5): a skill's cards, rage and the
damage it deals its own user (双刃剑, 牺牲, 死亡缠绕), an S card's rage and a strengthening's (规则3), 狂热's damage to
its user, and in a demand the card to discard against the damage to take — and the damage a priced skill states is
the damage it deals."""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, start
from fate_support import act_undispelled as go

import tablecraft
from tablecraft.games.fate.skills import SKILLS

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP, 双刃剑), 1 巨魔战将, 2 地穴编织者, 3 龙骑士."""


def _price(s: Any, action: str, lang: str = "en") -> str | None:
    return s.game.action_price(s, s.parse_action(action), lang)


def test_double_edge_states_its_card_and_its_damage_to_the_centaur_and_deals_that_damage() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []])
    assert _price(s, "skill 0") == "1 card; 1 damage to yourself (HP 5 → 4)"
    assert _price(s, "skill 0", "zh") == "1张牌；对自己造成1点伤害（体力 5 → 4）"
    ev = go(s, "skill 0", "pick atk:AS", "target 1")
    assert damage_to(ev, 0) == [1] and s.hp[0] == 4


@pytest.mark.parametrize(("hero", "skill", "words"), [
    ("sacred_warrior", 0, "1 damage to yourself (HP 4 → 3)"),  # 牺牲
    ("lord_of_avernus", 0, "1 damage to yourself (HP 4 → 3)"),  # 死亡缠绕
    ("weaver", 1, "3 red hand cards"),  # 时光倒流
    ("shadow_priest", 1, "2 cards of one suit"),  # 暗影波
])
def test_a_skill_price_names_its_cards_and_its_damage_to_its_user(hero: str, skill: int, words: str) -> None:
    s = start([hero, "axe", "lich", "ursa"], hands=[["salve:AH", "dodge:6H", "dodge:7H"], ["atk:2S"], [], []])
    assert _price(s, f"skill {skill}") == words


def test_every_skill_that_hurts_its_own_user_states_that_damage() -> None:
    # the four that deal themselves damage (bot/advice.py lists them) declare it in their plan, so it is priced
    for code in ("double_edge", "life_break", "death_coil", "bloodrage_self"):
        plan = SKILLS[code].plan
        assert plan is not None and plan.hp == 1, code


def test_an_s_card_and_a_strengthening_say_their_rage() -> None:
    s = start(TABLE, hands=[["might:QH", "disarm:4C"], [], [], []], rage=[3, 0, 0, 0],
              weapon=[None, "skadi:JS", None, None])
    assert _price(s, "use might:QH") == "2 rage (rage 3 → 1)"
    assert _price(s, "use might:QH", "zh") == "2点怒气（怒气 3 → 1）"
    act(s, "use disarm:4C", "target 1")
    assert deciding(s) == (0, "build")
    assert _price(s, "yes") == "1 rage (rage 3 → 2)" and _price(s, "no") is None


def test_frenzy_says_it_hurts_its_user() -> None:
    s = start(TABLE, hands=[["frenzy:AD", "atk:AS"], [], [], []])
    assert _price(s, "use frenzy:AD") == "1 damage to yourself (HP 5 → 4)"
    assert _price(s, "use atk:AS") is None


def test_a_demand_prices_the_discard_against_the_damage() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["dodge:6H", "atk:AS"], [], []])
    go(s, "use arrow:6S", "target 1")
    act(s, "color red")
    assert deciding(s) == (1, "demand")
    assert _price(s, "pass") == "1 damage to you (HP 4 → 3)"
    assert _price(s, "pick dodge:6H", "zh") == "弃置闪避♥6"


def test_natures_attendants_prices_its_x_cards_and_x_rage() -> None:
    s = start(["enchantress", "axe", "lich", "ursa"], hands=[["salve:AH"], [], [], []], rage=[1, 0, 0, 0])
    i = [sk.code for sk in s.skills_of(0)].index("natures_attendants")
    assert _price(s, f"skill {i}") == "X ♥ cards and X rage (X = 1–3; you have 1 rage)"
    assert tablecraft.load("fate", num_seats=4).action_price(s, s.parse_action(f"skill {i}"), "zh") == \
        "X张红桃牌和X点怒气（X = 1–3，现有怒气 1）"
