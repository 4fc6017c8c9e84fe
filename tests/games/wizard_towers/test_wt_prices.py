"""Every choice that costs the seat something says its price first (issue 14 item 5): a played card the junk bag
takes when the other side's face total reaches its value (伤害计算及牌去处2), a discard, the wizard's adjustment
points (巫师特殊规则3), and the turn a draw may cost while the bag still holds its spiral coin (游戏开始3)."""

from __future__ import annotations

from typing import Any

from wt_support import play, start, stop_drawing


def _price(s: Any, action: str, lang: str = "en") -> str | None:
    return s.game.action_price(s, s.parse_action(action), lang)


def test_a_draw_from_a_bag_holding_its_coin_risks_the_turn_at_the_bags_odds() -> None:
    s = start({"hands": {"orange": ["KH"]}})
    n = len(s.bags[0]) + 1
    assert _price(s, "draw orange") == f"1 chance in {n} of the spiral coin, which ends your turn"
    assert _price(s, "draw orange", "zh") == f"有 1/{n} 的机会抓到螺旋硬币：本回合就此结束"
    assert _price(s, "stop") is None


def test_a_draw_from_a_bag_whose_coin_is_held_costs_nothing() -> None:
    s = start({"hands": {"orange": ["KH"]}, "coins": {"blue": ["orange"]}})
    assert _price(s, "draw orange") is None


def test_a_played_card_says_when_the_junk_bag_takes_it() -> None:
    s = start({"hands": {"orange": ["KH", "5S"], "blue": ["9C"]}})
    stop_drawing(s)
    assert _price(s, "attack blue") == \
        "1–2 of your hand cards go into the battle; any no greater than the other side's total go to the junk bag"
    play(s, "attack blue")
    assert _price(s, "play KH") == "K♥ goes to the junk bag if the other side's cards total 13 or more"
    assert _price(s, "play 5S", "zh") == "若对方的牌面合计 ≥ 5，5♠ 进入废品包裹"


def test_the_wizards_adjustments_cost_their_points_of_three_a_turn() -> None:
    s = start({"to_move": "purple", "hands": {"purple": ["2H", "7D"], "orange": ["KH"]},
               "towers": {"left": [], "right": ["3S"], "main": ["4S"]}})
    stop_drawing(s)
    assert _price(s, "place 2H left") == "1 adjustment point (3 → 2 left this turn)"
    assert _price(s, "swap 7D right#1", "zh") == "2点调整（本回合剩 3 → 1）"
    play(s, "place 2H left")
    assert _price(s, "swap 7D right#1") == "2 adjustment points (2 → 0 left this turn)"
    assert _price(s, "done") is None
