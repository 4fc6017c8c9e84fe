"""Every choice that costs the hero says its price first (issue 14 item 5): an attack or move names the cards the
hero's own hand can pay it with and what that leaves of hand and deck; paying, resting, focusing, releasing and
swapping say what they take. The position is test_wh_attack's: the hero on (0, -1), the demon king on (0, 0)."""

from __future__ import annotations

from typing import Any

from wh_support import play, setup, start

HERO = (0, -1)
KING = (0, 0)


def _state(hand: list[str], king_up: bool, deck: list[str] | None = None, **kw: Any) -> Any:
    kw.setdefault("main", "knight")  # no perk on attacks or moves
    return start(setup(hand=hand, deck=deck, at=HERO, elements={KING: "W", HERO: "T"},
                       up=[KING] if king_up else [], **kw))


def _price(s: Any, action: str, lang: str) -> str | None:
    return s.game.action_price(s, s.parse_action(action), lang)


def test_an_attack_on_a_face_down_tile_costs_three_cards_of_different_elements() -> None:
    s = _state(["W", "W", "F", "R", "T"], king_up=False)
    assert _price(s, "attack", "en") == "3 cards of different elements (hand and deck 10 → 7)"
    assert _price(s, "attack", "zh") == "3張不同屬性的牌（手牌與牌庫 10 → 7）"


def test_an_attack_that_would_exhaust_the_hero_says_so_in_its_price() -> None:
    s = _state(["W", "F", "R", "T", "G"], king_up=False, deck=["W", "F"])
    assert _price(s, "attack", "en") == \
        "3 cards of different elements (hand and deck 7 → 4; 4 or fewer loses the game for everyone)"
    assert _price(s, "attack", "zh") == "3張不同屬性的牌（手牌與牌庫 7 → 4，4張或更少即全體落敗）"


def test_an_attack_on_a_face_up_tile_names_each_way_the_hand_can_pay() -> None:
    s = _state(["W", "F", "F", "R", "T"], king_up=True)
    assert _price(s, "attack", "en") == \
        "1 water card or 2 cards sharing an element other than water (hand and deck 10 → 9 or 8)"
    assert _price(s, "attack", "zh") == "1張水牌或2張同屬性的牌（水以外）（手牌與牌庫 10 → 9或8）"


def test_only_the_ways_the_hand_can_afford_are_named() -> None:
    s = _state(["F", "F", "R", "T", "G"], king_up=True)  # no water card: two fires it is
    assert _price(s, "attack", "en") == "2 cards sharing an element other than water (hand and deck 10 → 8)"


def test_the_mercenarys_discount_is_in_the_price() -> None:
    s = _state(["W", "W", "F", "R", "T"], king_up=False, main="mercenary")
    assert _price(s, "attack", "en") == "2 cards of different elements (hand and deck 10 → 8)"


def test_a_move_onto_a_face_down_tile_costs_three_cards() -> None:
    s = _state(["W", "F", "R", "T", "G"], king_up=False)
    moves = [a for a in s.legal_actions() if str(a).startswith("move")]
    down = [a for a in moves if not s.cell_up(s.fx.geo.nb[s.hero_cell[0]][a.a])]
    assert down, "a face-down neighbour"
    assert s.game.action_price(s, down[0], "en") == "3 cards of different elements (hand and deck 10 → 7)"


def test_paying_says_how_many_cards_are_still_to_pay() -> None:
    s = _state(["W", "W", "F", "R", "T"], king_up=False)
    play(s, "attack")
    assert _price(s, "pay W", "en") == "this card is discarded; 2 more to pay (hand and deck 10 → 7)"
    play(s, "pay W", "pay F")
    assert _price(s, "pay R", "zh") == "棄置這張牌，付清（手牌與牌庫 8 → 7）"


def test_resting_and_focusing_each_take_one_card_from_hand_and_deck() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], at=(0, -2), elements={(0, -2): "W"}, main="mage"))
    assert _price(s, "rest", "en") == "any 1 card (hand and deck 10 → 9)"
    assert _price(s, "focus W", "en") == "the water card leaves your hand as sword energy (hand and deck 10 → 9)"
    assert _price(s, "focus W", "zh") == "水牌離手成為劍氣（手牌與牌庫 10 → 9）"


def test_drawing_on_the_supply_and_ending_cost_nothing() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], at=(0, -2), elements={(0, -2): "F"}, row=["FR", "TG"]))
    assert _price(s, "acquire FR", "en") is None
    play(s, "acquire FR")
    assert _price(s, "end", "zh") is None
