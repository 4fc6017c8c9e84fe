"""Every attack explains its arithmetic in the player's language (issue 15 · Explanations; issue 14 item 10): the
log names both row totals, the card that goes, the damage and its ×2, and the 大王 sweep's damage to both players;
the attack choices show the same before they are made. Texts are checked in English and Chinese."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from xf_support import game, play, start, table

from tablecraft.core.events import Event

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _pure(text: str, lang: str) -> bool:
    """English text holds no Chinese; Chinese text holds no English word (A♠ and the like are card notation)."""
    return not (CJK.search(text) if lang == "en" else LATIN_WORD.search(text))


def said(events: list[Event], kind: str, lang: str = "en") -> list[str]:
    g = game()
    return [g.describe_event(e.for_seat(None), lang) for e in events if e.kind == kind]


def choices(s: Any, lang: str = "en") -> dict[str, str]:
    g = game()
    return {str(a): g.describe_action(a, lang, s) for a in s.legal_actions()}


def test_the_attack_choice_shows_totals_card_and_damage_before_it_is_made() -> None:
    s = start(table([], [], alpha_rows=[["4D", "6D"], [], []], beta_rows=[[], [], ["3C", "6C"]]))
    assert choices(s)["attack row1 row3"] == ("attack the opponent's row 3 with row 1 (damage doubled): "
                                              "10 against 9; 3♣ goes, the opponent takes 3 × 2 = 6")
    assert choices(s, "zh")["attack row1 row3"] == "以第1排攻击对方第3排（伤害加倍）：10 对 9，3♣被消灭，对方受到 3 × 2 = 6 点伤害"
    events = play(s, "attack row1 row3")
    assert said(events, "attack") == ["alpha attacks row 3 with row 1: 10 beats 9; the damage is doubled"]
    assert said(events, "attack", "zh") == ["甲 以第1排攻击对方第3排：10 大于 9，伤害加倍"]
    assert said(events, "damage") == [
        "beta takes 6 damage (attack: 3♣ goes, its 3 × 2 = 6 (row 1 against row 3: doubled)); life 44"]
    assert said(events, "damage", "zh") == ["乙 受到 6 点伤害（攻击：3♣ 被消灭，点数 3 × 2 = 6（♦排攻击♣排，伤害加倍）），生命 44"]


def test_an_attack_on_equal_lowest_cards_says_the_defender_chooses() -> None:
    s = start(table([], [], alpha_rows=[["9D"], [], []], beta_rows=[["3D", "3H"], [], []]))
    assert choices(s)["attack row1 row1"] == ("attack the opponent's row 1 with row 1: 9 against 6; one of 3♦ / 3♥ "
                                              "(the opponent chooses) goes, the opponent takes 3")
    play(s, "attack row1 row1")
    assert choices(s) == {"lose 3H": "let 3♥ be the card removed (3 damage)",
                          "lose 3D": "let 3♦ be the card removed (3 damage)"}


def test_a_direct_attack_choice_and_its_damage_name_the_rows_total() -> None:
    s = start(table([], [], alpha_rows=[[], ["7S", "2S"], []]))
    assert choices(s)["attack row2 direct"] == "attack the player directly with row 2: row 2 totals 9, the opponent takes 9"
    events = play(s, "attack row2 direct")
    assert said(events, "damage", "zh") == ["乙 受到 9 点伤害（直接攻击：第2排合计 9），生命 41"]


def _sweep() -> Any:
    """Alpha's 大王 row 1 (♦A) against beta's row 1 (♦10 ♦9); alpha has banished 3 points, beta 2."""
    return start(table([], [], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], ["4S"], []],
                       joker={"alpha": 1}, banished={"alpha": ["3C"], "beta": ["2S"]}))


def test_the_big_joker_sweep_choice_projects_the_damage_to_both_players() -> None:
    s = _sweep()
    assert choices(s)["attack row1 row1"] == (
        "attack the opponent's row 1 with row 1: the Big Joker wins; the opponent's row 1 loses its 2 normal cards "
        "to the banished zone, then they take their banished points, 21, and you take yours, 3; then the Big Joker "
        "is banished and you heal 10")
    assert choices(s, "zh")["attack row1 row1"] == (
        "以第1排攻击对方第1排：大王必胜，对方第1排 2 张普通牌除外；之后对方受到其除外区点数 21 点，你受到自己除外区点数 3 点，"
        "之后大王除外，你回复 10 点")


def test_the_big_joker_sweep_explains_the_sweepers_own_damage() -> None:
    s = _sweep()
    events = play(s, "attack row1 row1")
    assert said(events, "attack") == ["alpha attacks row 1 with row 1 (Big Joker: the attack always wins)"]
    assert said(events, "damage") == [
        "beta takes 21 damage (abyss magic: the points of their own banished zone, 3 cards, total 21); life 29",
        "alpha takes 3 damage (abyss magic hits the Big Joker's own player too: the points of their own banished "
        "zone, 1 card, total 3); life 47",
    ]
    assert said(events, "damage", "zh")[1] == "甲 受到 3 点伤害（深渊魔法（大王攻击者自己也要承受）：自己除外区 1 张牌的点数合计 3），生命 47"


def test_a_direct_big_joker_attack_lists_the_banished_deck_cards() -> None:
    s = start(table([], [], alpha_rows=[["7D"], [], []], joker={"alpha": 1}, decks={"beta": ["KS", "5H", "3C"]}))
    events = play(s, "attack row1 direct")
    [en] = said(events, "damage")
    # the five (here three) are taken at random, so their order varies; each is named
    assert en.startswith("beta takes 9 damage (Big Joker direct attack: ")
    assert en.endswith(" banished from the deck, points total 9 (face cards 1)); life 41")
    assert all(card in en for card in ("3♣", "5♥", "K♠"))
    assert "点数合计 9（花牌算作一点）" in said(events, "damage", "zh")[0]


def test_clash_totals_name_the_loser_and_the_tie_rule() -> None:
    setup = table(["4D"], ["5D"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                  joker={"alpha": 1, "beta": 1})
    s = start(setup)
    events = play(s, "done", "attack row1 row1", "fight", "fight")
    assert said(events, "clash_totals") == [
        "Clash totals: attacker 9, defender 9 (9 = 9: a tie goes to the attacker): beta's Big Joker is destroyed"]
    assert said(events, "clash_totals", "zh") == ["对决：进攻方 9 对 防守方 9（9 = 9，平局算进攻方胜）：乙 的大王被消灭"]


@pytest.mark.parametrize("options", [{}, {"face_rows_occupied": True, "clash_faces": True, "knight_damage": 10,
                                          "first_turn_draw": 1, "second_turn_draw": 3, "dispel": "pick"}])
def test_every_line_and_choice_of_random_games_is_in_one_language(options: dict[str, Any]) -> None:
    g = game(**options)
    for seed in range(5):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.turn < 80:
            for lang in ("en", "zh"):
                for a in s.legal_actions():
                    text = g.describe_action(a, lang, s)
                    assert _pure(text, lang), (lang, text)
            s.apply(rng.choice(s.legal_actions()))
        for e in s.log(None):
            for lang in ("en", "zh"):
                text = g.describe_event(e, lang)
                assert _pure(text, lang), (lang, text)
