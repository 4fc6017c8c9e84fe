"""Every result explains its arithmetic in the player's language (issue 15 · Explanations): damage as a sum of its
terms, and every rage change — gained from damage (capped at the limit, also when the cap swallows it all), from a
card, spent on strengthening or on an S card or skill, taken away — with its sum. Texts are checked in English and
Chinese with their numbers; random games are checked for lines of one language only. In 1v1 the starter's line and
the board name the resting heroes B chooses against (二人规则6)."""

from __future__ import annotations

import io
import random
import re
from typing import Any

import pytest
from fate_support import act, deciding, legal, start
from fate_support import act_undispelled as go
from rich.console import Console

import tablecraft
from tablecraft.games.fate.render import render_view

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
NAMES_IN_LATIN = re.compile(r"Roshan")
"""Roshan附体 is the fate card's Chinese name: its Latin part is no English word."""


def _pure(text: str, lang: str) -> bool:
    """English text holds no Chinese; Chinese text holds no English word."""
    if lang == "en":
        return not CJK.search(text)
    return not LATIN_WORD.search(NAMES_IN_LATIN.sub("", text))


def said(s: Any, events: list[dict[str, Any]], kind: str, lang: str = "en") -> list[str]:
    """The lines of the events of ``kind``."""
    return [s.game.describe_event(e, lang) for e in events if e["kind"] == kind]


TABLE = ["centaur", "bristleback", "weaver", "axe"]
"""Seat 0 半人马酋长, 1 刚背兽 (刚毛后背: damage above 1 may be reduced by 1), 2 地穴编织者, 3 斧王."""


# ------------------------------------------------------------------------------------------------ damage
def test_damage_names_each_of_its_terms_in_both_languages() -> None:
    s = start(TABLE, hands=[["might:QH", "atk:AS"], [], [], []], rage=[2, 0, 0, 0], deck=["salve:AH", "atk:3S"])
    act(s, "use might:QH")
    go(s, "use atk:AS", "target 1")
    assert deciding(s) == (1, "ask")  # 刚毛后背: take 1 off the 2
    ev = go(s, "yes")
    assert said(s, ev, "damage") == ["seat 2 takes 1 damage from seat 1: 1 (Normal Attack) + 1 (God's Strength) − 1 "
                                     "(Bristleback) = 1 — HP 3"]
    assert said(s, ev, "damage", "zh") == ["2号位受到1号位的1点伤害：1（普通攻击）+ 1（神之力量）− 1（刚毛后背）= 1，体力剩余3"]


# ------------------------------------------------------------------------------------------------ rage
def test_rage_from_damage_says_the_damage_and_the_sum() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], rage=[0, 1, 0, 0], deck=["atk:3S"])
    ev = go(s, "use atk:AS", "target 1")
    assert said(s, ev, "rage") == ["seat 2 gains 1 rage for 1 damage taken: 1 + 1 = 2"]
    assert said(s, ev, "rage", "zh") == ["2号位受到1点伤害，怒气+1：1 + 1 = 2"]


def test_rage_beyond_the_limit_says_it_is_capped() -> None:
    s = start(TABLE, hands=[[], ["laguna:KD"], [], []], rage=[2, 3, 0, 0], turn_seat=1)
    ev = go(s, "use laguna:KD", "target 0")  # no 闪避: 3 damage to a hero at 2 rage
    lines = said(s, ev, "rage")
    assert "seat 2 spends 3 rage on Laguna Blade: 3 − 3 = 0" in lines
    assert "seat 1 gains 1 rage for 3 damage taken: 2 + 3 = 5, capped at the limit 3" in lines
    zh = said(s, ev, "rage", "zh")
    assert "2号位消耗3点怒气使用【神灭斩】：3 − 3 = 0" in zh and "1号位受到3点伤害，怒气+1：2 + 3 = 5，超过上限3，记为3" in zh


def test_damage_to_a_hero_at_the_rage_limit_says_nothing_is_gained() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []], rage=[0, 3, 0, 0], deck=["atk:3S"])
    ev = go(s, "use atk:AS", "target 1")
    assert said(s, ev, "rage") == ["seat 2 gains no rage for 1 damage taken: already at the limit 3"]
    assert said(s, ev, "rage", "zh") == ["2号位受到1点伤害，但怒气已达上限3，不再增加"]


def test_rage_from_a_card_names_the_card() -> None:
    s = start(TABLE, hands=[["chaos:AS"], [], [], []], deck=["atk:3S"])
    ev = go(s, "use chaos:AS", "target 1")
    assert said(s, ev, "rage")[-1] == "seat 1 gains 1 rage (Chaos Attack): 0 + 1 = 1"
    assert said(s, ev, "rage", "zh")[-1] == "1号位因【混乱攻击】怒气+1：0 + 1 = 1"


def test_strengthening_says_the_rage_it_spends() -> None:
    s = start(TABLE, hands=[["disarm:4C"], [], [], []], rage=[2, 0, 0, 0], weapon=[None, "skadi:JS", None, None])
    ev = go(s, "use disarm:4C", "target 1", "yes")
    assert said(s, ev, "rage") == ["seat 1 spends 1 rage to strengthen Disarm: 2 − 1 = 1"]
    assert said(s, ev, "rage", "zh") == ["1号位消耗1点怒气强化【缴械】：2 − 1 = 1"]


def test_rage_taken_away_names_the_card_that_took_it() -> None:
    s = start(TABLE, hands=[["mislead:8S"], [], [], []], rage=[0, 2, 1, 0])
    ev = go(s, "use mislead:8S", "target 1", "target 2")
    assert said(s, ev, "rage") == ["seat 2 loses 1 rage (Mislead): 2 − 1 = 1",
                                   "seat 3 gains 1 rage (Mislead): 1 + 1 = 2"]
    assert said(s, ev, "rage", "zh") == ["2号位因【误导】失去1点怒气：2 − 1 = 1", "3号位因【误导】怒气+1：1 + 1 = 2"]


# ------------------------------------------------------------------------------------------------ 1v1 starters
def _to_b_starter(seed: int = 4) -> tuple[Any, int, int]:
    s = tablecraft.load("fate", num_seats=2).new_initial_state(seed=seed)
    a = next(e["first"] for e in s.log(None) if e["kind"] == "draft_pool")
    for _ in range(17):  # the draft, both keeps, A's starter
        s.apply(sorted(legal(s))[0])
    return s, a, 1 - a


def test_in_1v1_b_sees_as_starter_and_resting_heroes_before_choosing_a_starter() -> None:
    s, a, b = _to_b_starter()
    assert deciding(s) == (b, "draft_ask") and s.view(b)["pending"]["stage"] == "starter"
    [starter] = [e for e in s.log(b) if e["kind"] == "starter"]
    resting = s.view(b)["draft"]["left"][a]
    assert starter["seat"] == a and sorted(starter["kept"]) == sorted(resting) and len(resting) == 2
    en = s.game.describe_event(starter, "en")
    zh = s.game.describe_event(starter, "zh")
    from tablecraft.games.fate.text import hero_words

    assert en == f"seat {a + 1} starts with {hero_words(starter['hero'])}; resting: " + \
        ", ".join(hero_words(h) for h in starter["kept"])
    assert zh == f"{a + 1}号位的首发英雄：{hero_words(starter['hero'], 'zh')}；休息：" + \
        "、".join(hero_words(h, "zh") for h in starter["kept"])


def test_the_1v1_board_shows_each_players_resting_heroes_with_hp_and_rage() -> None:
    s = start(["axe", "lich"], bench=[["ursa"], ["elf_lily", "chen"]], bench_right=[["troll_warlord"], []],
              bench_hp={"troll_warlord": 2}, bench_rage={"troll_warlord": 1})
    out = {}
    for lang in ("en", "zh"):
        console = Console(file=io.StringIO(), width=200)
        console.print(render_view(s.view(1), lang))
        out[lang] = console.file.getvalue()  # type: ignore[attr-defined]
    assert "seat 1 resting — left: Ursa Warrior (HP 4, rage 0); right: Troll Warlord (HP 2, rage 1)" in out["en"]
    assert "1号位 休息 — 左手边：熊战士（体力4，怒气0）；右手边：巨魔战将（体力2，怒气1）" in out["zh"]


# ------------------------------------------------------------------------------------------------ one language
@pytest.mark.parametrize(("seats", "options"), [(5, {}), (2, {"duel_defeat": "all"}), (4, {"mode": "2v2"}),
                                                (6, {"texts": "reborn", "siren_shield": "placed"}),
                                                (3, {"texts": "thefate"})])
def test_every_line_and_choice_of_random_games_is_in_one_language(seats: int, options: dict[str, Any]) -> None:
    g = tablecraft.load("fate", num_seats=seats, max_turns=30, **options)
    for seed in range(2):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                for lang in ("en", "zh"):
                    text = g.describe_action(a, lang, s)
                    assert _pure(text, lang), (lang, text)
            s.apply(rng.choice(s.legal_actions()))
        for e in s.log(None):
            for lang in ("en", "zh"):
                text = g.describe_event(e, lang)
                assert _pure(text, lang), (lang, text)
