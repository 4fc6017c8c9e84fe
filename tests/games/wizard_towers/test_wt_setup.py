"""The documented setup format (seed 000 · 游戏准备1–3; ``setup.py``): every key lands where it says, the two
preparations of 游戏准备1 reshuffle what they should and nothing else, and the seed's starting numbers hold."""

from __future__ import annotations

from collections import Counter

from wt_support import BLUE, ORANGE, PURPLE, names, phase, start, with_bags

from tablecraft.core.cards import DECK_SIZE

FULL = {
    "hp": {"orange": 100, "blue": 40, "purple": 150},
    "hands": {"orange": ["AS", "KD"], "blue": ["JKR"], "purple": ["2C", "3C"]},
    "towers": {"left": ["7H"], "right": [], "main": ["QS", "3D"]},
    "junk": ["5S", "9D"],
    "coins": {"blue": ["orange"]},
    "to_move": "purple",
    "turn": 12,
}


def test_every_key_of_the_setup_lands_where_it_says() -> None:
    setup = with_bags(FULL, green=["4H", "5H", "6H"])
    s = start({**setup, "capacity": {"green": 6}})
    assert s.hp == [100, 40, 150]
    assert [names(h) for h in s.hands] == [["AS", "KD"], ["JKR"], ["2C", "3C"]]
    assert [names(t) for t in s.towers] == [["7H"], [], ["QS", "3D"]]
    assert names(s.junk) == ["5S", "9D"]
    assert sorted(names(s.bags[2])) == ["4H", "5H", "6H"]
    assert s.capacity[2] == 6 and s.capacity[0] == len(setup["bags"]["orange"]) + 1
    assert s.coins == [[], [0], []]
    assert s.turn_seat == PURPLE and s.turn == 13  # 12 turns played; purple's is the 13th
    assert phase(s) == "DRAW"  # purple starts his turn at the draw step


def test_the_seeds_starting_hp_and_hand_limits() -> None:
    # 游戏准备3 巫师150血，勇士各100血; 游戏开始2 巫师手牌上限为5，勇士手牌上限为3
    s = start(None)
    assert s.hp == [100, 100, 150]
    assert s.hand_limit == [3, 3, 5]
    assert s.hands == [[], [], []] and s.junk == []


def test_the_hp_and_hand_limit_options_take_effect() -> None:
    s = start({"hands": {"orange": ["2C", "3C"]}}, warrior_hp=30, wizard_hp=40, warrior_hand_limit=2)
    assert s.hp == [30, 30, 40] and s.hand_limit == [2, 2, 5]
    assert phase(s) == "ACTION"  # two cards are a full hand now: no draw is offered
    s = start({"to_move": "purple", "hands": {"purple": ["2C", "3C", "4C", "5C"]}}, wizard_hand_limit=4)
    assert s.hand_limit[PURPLE] == 4 and phase(s) == "ACTION"


def test_a_setup_hand_limit_replaces_the_seeds() -> None:
    s = start({"hand_limit": {"orange": 1}, "hands": {"orange": ["2C"]}})
    assert s.hand_limit == [1, 3, 5]
    assert phase(s) == "ACTION"  # one card fills a hand of limit 1


def _places(s: object) -> dict[str, list[int]]:
    return {
        "hands": [x for h in s.hands for x in h],
        "towers": [x for t in s.towers for x in t],
        "junk": list(s.junk),
        "bags": [x for b in s.bags for x in b],
    }


def _counts(s: object) -> list[int]:
    return [len(z) for z in (*s.hands, *s.towers, s.junk, *s.bags)]


def test_shuffle_all_reshuffles_every_card_and_keeps_every_places_count() -> None:
    setup = with_bags(FULL)
    plain = start(setup)
    moved = 0
    for seed in range(5):
        s = start({**setup, "shuffle": "all"}, seed=seed)
        assert _counts(s) == _counts(plain)
        assert sorted(x for z in _places(s).values() for x in z) == list(range(DECK_SIZE))
        moved += sum(a != b for a, b in zip(_places(s)["bags"], _places(plain)["bags"], strict=True))
    assert moved > 0  # bag cards, too, changed places


def test_shuffle_table_reshuffles_hands_and_towers_only() -> None:
    # 游戏准备1 「也可只打乱桌面现有的再按原样放回」: the bags and the junk bag are not on the table.
    setup = with_bags(FULL)
    plain = start(setup)
    changed = False
    for seed in range(5):
        s = start({**setup, "shuffle": "table"}, seed=seed)
        assert _counts(s) == _counts(plain)
        assert s.bags == plain.bags and s.junk == plain.junk
        table, plain_table = _places(s), _places(plain)
        assert Counter(table["hands"] + table["towers"]) == Counter(plain_table["hands"] + plain_table["towers"])
        changed |= s.hands != plain.hands or s.towers != plain.towers
    assert changed


def test_without_bags_the_other_cards_are_dealt_round_the_bags() -> None:
    s = start({"hands": {"orange": ["AS"], "blue": ["2S"]}, "towers": {"left": ["3S"]}, "junk": ["4S"]})
    assert [len(b) for b in s.bags] == [17, 17, 16]  # the 50 cards left, orange → blue → green
    assert s.capacity == (18, 18, 17)
    assert names(s.hands[ORANGE]) == ["AS"] and names(s.hands[BLUE]) == ["2S"]
