"""Every choice that costs the player something says its price first (issue 14 item 5): 分裂新生's special
placement 1 damage a card (none from an extra zone with ``extra_summon_damage=false``), 小王 on the opponent's turn
5 damage, the 大王 sweep the points of one's own banished zone, the clash's yield 10 and its fight 1 a card put down,
解万法者 on one's own row one's own face cards; placing a card is playing it, not paying."""

from __future__ import annotations

from typing import Any

from xf_support import play, start, table


def _price(s: Any, action: str, lang: str = "en") -> str | None:
    return s.game.action_price(s, s.parse_action(action), lang)


def _split(**options: Any) -> Any:
    """Alpha splits ♦8 (its row holds ♦J) and may summon ♠A, ♠2 from hand and ♣5 from its extra zone: 1+2+5 = 8."""
    s = start(table(["AS", "2S"], [], alpha_rows=[["8D"], [], []], faces={"alpha": [["JD"], [], []]},
                    life={"alpha": 20}, extra={"C": {"owner": "alpha", "card": "5C"}}), **options)
    play(s, "split 8D")
    return s


def test_each_card_of_a_special_placement_costs_one_life() -> None:
    s = _split()
    assert _price(s, "summon AS row2") == "1 damage to you (life 20 → 19)"
    assert _price(s, "summon AS row2", "zh") == "你受到 1 点伤害（生命 20 → 19）"
    assert _price(s, "skip") is None


def test_a_card_specially_placed_from_an_extra_zone_is_free_when_the_option_says_so() -> None:
    for free, price in ((False, "1 damage to you (life 18 → 17)"), (True, None)):
        s = _split(extra_summon_damage=not free)
        play(s, "summon AS row2", "summon 2S row2")
        assert _price(s, "summon 5C row3") == price


def test_the_little_joker_on_the_opponents_turn_costs_five_life() -> None:
    s = start(table(["JKB"], ["JKR"], beta_rows=[["5D"], [], []], to_move="beta", first="alpha"))
    play(s, "place JKR row1")
    assert _price(s, "knight") == "your Little Joker goes to your graveyard; 5 damage to you (life 50 → 45)"
    assert _price(s, "knight", "zh") == "你的小王进入墓地；你受到 5 点伤害（生命 50 → 45）"
    assert _price(s, "decline") is None


def test_the_big_joker_sweep_costs_the_points_of_ones_own_banished_zone() -> None:
    s = start(table([], ["KH"], alpha_rows=[["AD"], [], []], beta_rows=[["10D", "9D"], [], []], joker={"alpha": 1},
                    banished={"alpha": ["3C", "QS"]}))
    assert _price(s, "attack row1 row1") == \
        "4 damage to you (life 50 → 46); your Big Joker is banished after the attack (you heal 10)"
    assert _price(s, "attack row1 row1", "zh") == "你受到 4 点伤害（生命 50 → 46）；你的大王在攻击后除外（你回复 10 点）"
    assert _price(s, "pass") is None


def test_yielding_a_clash_costs_the_big_joker_its_rows_face_cards_and_ten_life() -> None:
    s = start(table(["9D", "3D"], [], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                    faces={"alpha": [["QD"], [], []], "beta": [["KD"], [], []]}, joker={"alpha": 1, "beta": 1}))
    play(s, "done", "attack row1 row1")
    assert _price(s, "yield") == \
        "your Big Joker is destroyed; your Q♦ goes to your graveyard; 10 damage to you (life 50 → 40)"
    assert _price(s, "fight") == \
        "if the opponent fights too, 3♦, 9♦ from your hand go into row 1; 2 damage to you (life 50 → 48)"


def test_dispelling_ones_own_row_costs_ones_own_face_cards_and_placing_a_card_costs_nothing() -> None:
    s = start(table(["JH", "7D"], [], alpha_rows=[["5D"], [], []], faces={"alpha": [["QD"], [], []]}))
    assert _price(s, "dispel JH own row1") == "your J♥, Q♦ go to your graveyard"
    assert _price(s, "dispel JH own row1", "zh") == "你的 J♥、Q♦ 进入墓地"
    assert _price(s, "place 7D row1") is None
