"""Every battle result explains its arithmetic in the player's language (issue 15 · Explanations): the reveal
names both action cards and both totals, ties, ♣A immunity and void tower damage say why, and the choices name
what they choose. Texts are checked in English and Chinese, with their numbers."""

from __future__ import annotations

import random
import re

import pytest
from wt_support import game, play, said, start, stop_drawing

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def _pure(text: str, lang: str) -> bool:
    """English text holds no Chinese; Chinese text holds no English word (single rank letters like A♠ are
    card notation)."""
    return not (CJK.search(text) if lang == "en" else LATIN_WORD.search(text))


def test_a_tie_names_both_sums_with_the_suit_bonus_and_says_no_damage() -> None:
    s = start({"hands": {"orange": ["8S"], "blue": ["9C"]}})
    stop_drawing(s)
    events = play(s, "attack blue", "play 8S", "play 9C")
    assert s.hp[:2] == [100, 100]
    assert said(events, "battle") == [
        "Reveal — attack 8♠ (action card 8♠): 8 (8♠) + 1 (♠ beats ♣) = 9; defence 9♣ (action card 9♣): 9 (9♣) = 9 "
        "→ equal (9 = 9): a tie, no damage"]
    assert said(events, "battle", "zh") == [
        "翻牌 — 进攻 8♠（行动牌 8♠）：8（8♠）+ 1（♠克♣）= 9；防守 9♣（行动牌 9♣）：9（9♣）= 9 → 相等（9 = 9）：平局，无伤害"]


def test_the_reveal_names_the_chosen_action_card_of_each_side() -> None:
    s = start({"hands": {"orange": ["AS", "2D"], "blue": ["5C"]}})
    stop_drawing(s)
    events = play(s, "attack blue", "play AS", "play 2D", "lead 1", "play 5C")
    [en] = said(events, "battle")
    [zh] = said(events, "battle", "zh")
    assert "attack A♠ 2♦ (action card A♠): 1 (A♠) + 2 (2♦) + 1 (♠ beats ♣) = 4" in en
    assert en.endswith("→ the attack is 1 lower")
    assert "进攻 A♠ 2♦（行动牌 A♠）：1（A♠）+ 2（2♦）+ 1（♠克♣）= 4" in zh and zh.endswith("→ 进攻方少 1 点")


def test_club_ace_immunity_is_explained_with_the_totals_in_chinese() -> None:
    s = start({"hands": {"orange": ["AC", "2D"], "blue": ["5S"]}})
    stop_drawing(s)
    events = play(s, "attack blue", "play AC", "play 2D", "lead 1", "play 5S")
    assert said(events, "immune", "zh") == [
        "橙（勇士） 以♣A弓术免疫 3 点伤害（出A一方牌面总值 3 小于 5）：5（5♠）+ 1（♠花色克制）− 1（A♣）− 2（2♦）= 3"]
    assert said(events, "damage", "zh") == [
        "蓝（勇士） 受到♣A弓术特殊伤害 2 点：3 ÷ 2 向上取整 = 2（出A一方牌面总值 3 小于 5；剩 98）"]


def test_void_damage_to_a_side_tower_says_why_in_both_languages() -> None:
    s = start({"hands": {"orange": ["KS"]}, "towers": {"left": ["4D"], "right": ["3S"], "main": ["5S", "6S"]}})
    stop_drawing(s)
    events = play(s, "attack left", "play KS", "play left#1")
    assert said(events, "tower_unharmed") == [
        "The left tower takes no damage: a side tower loses no HP, so 13 (K♠) + 1 (♠ suit bonus) − 4 (4♦) = 10 "
        "is void"]
    assert said(events, "tower_unharmed", "zh") == ["左塔不受伤害：左右巫师塔不扣血，13（K♠）+ 1（♠花色克制）− 4（4♦）= 10 点无效"]


def test_void_special_damage_to_a_side_tower_says_why() -> None:
    s = start({"hands": {"orange": ["AS", "2D"]}, "towers": {"left": ["9C"], "right": ["3S"], "main": ["5S", "6S"]}})
    stop_drawing(s)
    events = play(s, "attack left", "play AS", "play 2D", "lead 1", "play left#1")
    lines = said(events, "tower_unharmed")
    assert lines[-1] == ("The left tower takes no damage: ♠A assassination's 3 × 1.5 rounded down = 4 is void "
                         "against a side tower")
    assert said(events, "tower_unharmed", "zh")[-1] == "左塔不受伤害：♠A暗杀的 3 × 1.5 向下取整 = 4 点对左右巫师塔无效"


def test_a_lead_choice_names_the_card_its_chooser_knows() -> None:
    s = start({"hands": {"orange": ["AS", "2D"], "blue": ["5C"]}})
    stop_drawing(s)
    play(s, "attack blue", "play AS", "play 2D")
    g = game()
    lead1, lead2 = s.legal_actions()
    assert g.describe_action(lead1, "en", s) == "make card 1 (A♠) the action card"
    assert g.describe_action(lead2, "zh", s) == "以第2张（2♦）为行动花色"
    assert g.describe_action(lead1, "en") == "make card 1 the action card"  # without a state: no card


def test_a_lead_choice_among_blind_tower_cards_names_no_card() -> None:
    s = start({"hands": {"orange": ["KH"], "purple": ["9S"]}, "towers": {"left": [], "right": [], "main": ["4S", "5S"]}},
              wizard_remembers_towers=False)
    stop_drawing(s)
    play(s, "attack main", "play KH", "play main#1", "play main#1")  # the second card moves up
    g = game()
    assert s.to_move == 2 and [g.describe_action(a, "en", s) for a in s.legal_actions()] == [
        "make card 1 (a blind tower card) the action card", "make card 2 (a blind tower card) the action card"]


def test_a_lead_choice_among_remembered_tower_cards_names_them() -> None:
    s = start({"hands": {"orange": ["KH"], "purple": ["9S"]}, "towers": {"left": [], "right": [], "main": ["4S", "5S"]}})
    stop_drawing(s)
    play(s, "attack main", "play KH", "play main#1", "play main#1")
    g = game()
    assert s.to_move == 2 and [g.describe_action(a, "en", s) for a in s.legal_actions()] == [
        "make card 1 (4♠) the action card", "make card 2 (5♠) the action card"]


def test_attacking_a_tower_says_where_its_damage_goes() -> None:
    s = start({"hands": {"orange": ["KH"]}, "towers": {"left": ["2S"], "right": [], "main": ["4S", "5S"]}})
    stop_drawing(s)
    g = game()
    words = {str(a): g.describe_action(a, "en", s) for a in s.legal_actions()}
    assert words["attack left"] == "attack the left tower (to break it open; a side tower takes no damage)"
    assert words["attack main"] == "attack the main tower (its damage passes to the wizard)"


@pytest.mark.parametrize("options", [{}, {"ace_trigger": "suit", "heal_saves": False, "late_coin": "stall"},
                                     {"heal_cap": True, "joint_joker": True, "coin_bars_wizard": False,
                                      "wizard_self_defence": "all_empty", "tower_hand_cards": False}])
def test_every_line_and_choice_of_random_games_is_in_one_language(options: dict[str, object]) -> None:
    g = game(**options)
    for seed in range(6):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal() and s.turn < 120:
            seat = s.current_player()
            for lang in ("en", "zh"):
                for a in s.legal_actions():
                    text = g.describe_action(a, lang, s)
                    assert _pure(text, lang), (lang, text)
            s.apply(rng.choice(s.legal_actions()), seat)
        for e in s.log(None):
            for lang in ("en", "zh"):
                text = g.describe_event(e, lang)
                assert _pure(text, lang), (lang, text)
