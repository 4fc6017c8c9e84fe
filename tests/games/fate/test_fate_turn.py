"""Seed 004 · 游戏流程: the cast phase, status check, draw, play, discard and end phases, turn order, the turn cap."""

from __future__ import annotations

from typing import Any

from fate_support import act, deciding, hand, kinds, legal, of_kind, start

from tablecraft.games.fate.content import CARD_NAME, DECK_SIZE

FIVE = ["sentinel", "scourge", "sentinel", "scourge", "sentinel"]
CASTERS = ["shadow_priest", "axe", "bloodseeker", "necrolyte", "lich"]
"""Seats 0, 2 and 3 have cast-phase skills (薄葬, 血之狂暴, 竭心光环); 1 and 4 have none."""


def casters(**setup: Any) -> Any:
    hands = setup.pop("hands", [["salve:AH"], ["salve:2H"], ["fire:AH"], ["atk:AS"], []])
    return start(CASTERS, identities=FIVE, hands=hands, start="turn", **setup)


def cast_askers(s: Any) -> list[int]:
    """Let every decision pass until the play phase; the seats asked to cast, in order."""
    asked = []
    while deciding(s)[1] != "play":
        who, what = deciding(s)
        if what == "cast_ask":
            asked.append(who)
        s.apply("pass")
    return asked


def pass_turn(s: Any) -> list[dict[str, Any]]:
    """Pass every decision until the next turn has begun and reached a decision; the events on the way."""
    turn = s.view(None)["turn"]
    out: list[dict[str, Any]] = []
    while s.view(None)["turn"] == turn and not s.is_terminal():
        options = legal(s)
        out += act(s, "pass" if "pass" in options else sorted(options)[0])
    return out


# ------------------------------------------------------------------------------------------ 一、施法阶段
def test_the_cast_phase_asks_from_the_hero_about_to_play_in_turn_order() -> None:
    assert cast_askers(casters(turn_seat=2)) == [2, 3, 0]
    assert cast_askers(casters(turn_seat=4)) == [0, 2, 3]


def test_the_cast_phase_comes_before_the_status_check_and_the_draw() -> None:
    s = casters(turn_seat=0, status=[["siren:5C"], [], [], [], []])
    assert deciding(s) == (0, "cast_ask")
    assert s.view(None)["players"][0]["status"] == ["siren:5C"] and of_kind(s.log(None), "drew") == []


def test_a_dead_hero_is_not_asked_to_cast() -> None:
    s = casters(turn_seat=2, hp=[3, 4, 4, 0, 3], hands=[["salve:AH"], ["salve:2H"], ["fire:AH"], [], []])
    assert cast_askers(s) == [2, 0]


def test_a_hero_with_a_cast_skill_is_asked_even_when_it_cannot_pay() -> None:
    # being asked must not show that 血魔 holds a red card (a response window opens by public information)
    s = casters(turn_seat=2, hands=[["salve:AH"], [], ["atk:AS"], ["atk:2S"], []])
    assert deciding(s) == (2, "cast_ask")
    assert legal(s) == {"pass"}


def test_each_hero_casts_at_most_once_per_cast_phase() -> None:
    s = casters(turn_seat=2, hands=[["salve:AH"], [], ["fire:AH", "salve:3H"], ["atk:AS"], []])
    assert legal(s) == {"pass", "skill 0"}
    act(s, "skill 0", "pick fire:AH", "target 4")
    asked = cast_askers(s)
    assert asked == [3, 0]  # 血魔 still holds a red card, but its one opportunity is spent
    assert s.view(None)["players"][4]["marks"] == ["basic_only", "attack_plus"]


def test_a_cast_state_takes_effect_at_once_and_lasts_only_the_coming_heros_turn() -> None:
    s = casters(turn_seat=2, hands=[["salve:AH"], [], ["fire:AH", "atk:2S"], ["atk:AS"], []])
    act(s, "skill 0", "pick fire:AH", "target 2")
    while deciding(s)[1] == "reply":  # the dispel window, in action order
        s.apply("pass")
    assert deciding(s) == (3, "cast_ask")
    assert s.view(None)["players"][2]["marks"] == ["basic_only", "attack_plus"]  # 「该状态立即生效」
    cast_askers(s)
    assert deciding(s) == (2, "play")
    assert s.view(None)["players"][2]["marks"] == ["basic_only", "attack_plus"]
    pass_turn(s)
    assert s.view(None)["turn_seat"] == 3
    assert all(p["marks"] == [] for p in s.view(None)["players"])  # 「只持续1个角色回合」


def test_a_cast_state_on_another_hero_ends_before_that_heros_own_turn() -> None:
    s = casters(turn_seat=2, hands=[["salve:AH"], [], ["fire:AH"], ["atk:AS"], ["atk:2S"]])
    act(s, "skill 0", "pick fire:AH", "target 4")
    cast_askers(s)
    pass_turn(s)  # 2's turn ends; the next cast phase begins before 3's turn
    assert s.view(None)["players"][4]["marks"] == []


# ------------------------------------------------------------------------------------------ 二、状态判定阶段
def test_a_face_up_status_card_acts_at_the_status_check_and_is_discarded() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=1,
              status=[[], ["siren:5C"], [], []], hands=[[], ["atk:AS"] + [f"dodge:{r}D" for r in "2345"] + ["salve:AH"],
                                                         [], []])
    # 海妖之歌: 1 skips draw, play and discard (six cards over a limit of five stay in hand)
    assert deciding(s)[0] == 2
    v = s.view(None)
    assert v["players"][1]["status"] == [] and v["discard"] == ["siren:5C"]
    assert v["players"][1]["hand_size"] == 6
    events = s.log(None)
    assert of_kind(events, "siren") == [{"kind": "siren", "seat": 1, "card": "siren:5C"}]
    assert [e["seat"] for e in of_kind(events, "drew")] == [2]


def test_face_down_bombs_stay_in_the_status_zone_through_the_status_check() -> None:
    s = start(["goblin_techies", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=0,
              status=[["siren:5C"], [], [], []], bombs=[["atk:AS", "atk:2S"], [], [], []])
    assert deciding(s)[0] == 1
    assert s.view(0)["players"][0]["bomb_cards"] == ["atk:AS", "atk:2S"]
    assert s.view(None)["players"][0]["bombs"] == 2 and s.view(None)["discard"] == ["siren:5C"]


def test_a_hero_without_status_cards_goes_straight_to_the_draw() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=0,
              bombs=[[], [], [], []], deck=["salve:AH", "dodge:6H"])
    assert deciding(s) == (0, "play")
    assert kinds(s.log(None)) == ["setup", "turn", "drew"]


# ------------------------------------------------------------------------------------------ 三、摸牌阶段
def test_the_draw_phase_takes_the_top_two_cards() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=3,
              deck=["salve:AH", "dodge:6H", "atk:AS"], hands=[[], [], [], ["atk:2S"]])
    assert hand(s, 3) == ["atk:2S", "dodge:6H", "salve:AH"]
    assert s.view(None)["deck"] == DECK_SIZE - 3
    assert of_kind(s.log(3), "drew") == [{"kind": "drew", "seat": 3, "count": 2, "cards": ["salve:AH", "dodge:6H"]}]
    assert of_kind(s.log(0), "drew") == [{"kind": "drew", "seat": 3, "count": 2}]


def test_when_the_deck_runs_out_the_discard_pile_is_shuffled_into_a_new_deck_at_once() -> None:
    rest = [c for c in CARD_NAME if c != "atk:AS"]
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=3, deck=["atk:AS"],
              discard=rest)
    mine = hand(s, 3)
    assert len(mine) == 2 and "atk:AS" in mine
    v = s.view(None)
    assert v["discard"] == [] and v["deck"] == DECK_SIZE - 2
    assert kinds(s.log(None)) == ["setup", "turn", "reshuffled", "drew"]
    assert of_kind(s.log(None), "reshuffled") == [{"kind": "reshuffled", "cards": DECK_SIZE - 1}]


def test_a_draw_stops_short_when_deck_and_discard_pile_are_both_empty() -> None:
    cards = list(CARD_NAME)
    hands = [cards[0:28], cards[28:56], cards[56:84], cards[84:111]]
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], start="turn", turn_seat=3, hands=hands,
              deck=[cards[111]])
    assert s.view(None)["players"][3]["hand_size"] == 28
    assert of_kind(s.log(None), "drew") == [{"kind": "drew", "seat": 3, "count": 1}]
    assert deciding(s) == (3, "play")


# ------------------------------------------------------------------------------------------ 四、出牌阶段
def test_only_one_attack_may_be_used_in_a_play_phase() -> None:
    s = start(["lich", "axe", "troll_warlord", "elf_lily"], hands=[["atk:AS", "chaos:AS", "fire:AH"], [], [], []])
    assert {"use atk:AS", "use chaos:AS", "use fire:AH"} <= legal(s)
    act(s, "use fire:AH", "target 1")
    assert deciding(s) == (0, "play")
    assert legal(s) == {"pass"}  # no 【攻击】 of any kind (and no red card for 邪恶祭祀)
    assert hand(s, 0) == ["atk:AS", "chaos:AS"]


def test_dodge_and_dispel_are_not_used_in_the_play_phase_and_salve_only_when_wounded() -> None:
    cards = ["dodge:6H", "dispel:5H", "salve:AH"]
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[cards, [], [], []])
    assert legal(s) == {"pass", "skill 0"}
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[cards, [], [], []], hp=[3, 3, 4, 3])
    assert legal(s) == {"pass", "skill 0", "use salve:AH"}


def test_an_s_card_needs_its_rage() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[["timelock:QD"], [], [], []], rage=[1, 0, 0, 0])
    assert "use timelock:QD" not in legal(s)
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[["timelock:QD"], [], [], []], rage=[2, 0, 0, 0])
    assert "use timelock:QD" in legal(s)


def test_passing_ends_the_play_phase_and_the_attack_limit_resets_next_turn() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[["atk:AS"], ["atk:2S", "atk:3S"], [], []],
              hp=[4, 3, 4, 3])
    act(s, "use atk:AS", "target 1", "pass")  # 1 takes the hit
    act(s, "pass")
    assert deciding(s) == (1, "play")
    assert {"use atk:2S", "use atk:3S"} <= legal(s)


# ------------------------------------------------------------------------------------------ 五、弃牌阶段
def test_the_discard_phase_discards_down_to_the_hand_limit_by_choice() -> None:
    cards = ["atk:AS", "atk:2S", "atk:3S", "dodge:6H", "dodge:6H#2", "dodge:7H"]
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], hands=[cards, [], [], []])
    act(s, "pass")
    assert deciding(s) == (0, "discard")
    assert legal(s) == {f"pick {c}" for c in cards}
    events = act(s, "pick dodge:7H")
    assert deciding(s) == (0, "discard")
    events += act(s, "pick atk:3S")
    assert deciding(s)[0] == 1
    assert hand(s, 0) == ["atk:2S", "atk:AS", "dodge:6H", "dodge:6H#2"]
    assert [e["cards"] for e in of_kind(events, "discarded")] == [["dodge:7H"], ["atk:3S"]]
    assert s.view(None)["discard"] == ["dodge:7H", "atk:3S"]


def test_a_hand_at_the_limit_is_kept_whole() -> None:
    cards = ["atk:AS", "atk:2S", "atk:3S", "dodge:6H", "dodge:6H#2"]
    s = start(["lich", "axe", "troll_warlord", "elf_lily"], hands=[cards, [], [], []])  # 巫妖: limit 5
    act(s, "pass")
    assert deciding(s)[0] == 1 and hand(s, 0) == sorted(cards)


# ------------------------------------------------------------------------------------------ 六、回合结束阶段 and order
def test_turns_go_in_seat_order_and_skip_the_dead() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily", "chen"], hp=[4, 3, 0, 3, 3],
              identities=["sentinel", "scourge", "sentinel", "scourge", "sentinel"], turn_seat=3)
    seats = []
    for _ in range(5):
        pass_turn(s)
        seats.append(s.view(None)["turn_seat"])
    assert seats == [4, 0, 1, 3, 4]
    assert [e["seat"] for e in of_kind(s.log(None), "turn")] == seats


def test_the_end_phase_returns_cards_set_aside_until_the_end_of_the_setters_turn() -> None:
    s = start(["twin_head_dragon", "lich", "troll_warlord", "elf_lily"],
              hands=[["atk:AS"], ["atk:2S", "atk:3S", "dodge:6H"], [], []])
    act(s, "skill 0", "pick atk:AS", "target 1")
    while deciding(s)[1] not in ("play",) or deciding(s)[0] != 0:
        s.apply("pass")
    assert s.view(None)["players"][1]["held"] == 2 and s.view(None)["players"][1]["hand_size"] == 1
    events = act(s, "pass")
    assert of_kind(events, "returned") == [{"kind": "returned", "seat": 0, "owners": [1]}]
    assert s.view(None)["players"][1]["held"] == 0
    assert s.view(None)["players"][1]["hand_size"] == 3 + 2  # its cards back, then its own draw


def test_the_turn_cap_ends_the_game_in_a_draw() -> None:
    s = start(["axe", "lich", "troll_warlord", "elf_lily"], options={"max_turns": 3})
    for _ in range(2):
        pass_turn(s)
    assert s.view(None)["turn"] == 3 and not s.is_terminal()
    pass_turn(s)
    assert s.is_terminal()
    assert s.returns() == [0.0] * 4 and s.winners() == []
    assert s.view(None)["end_reason"] == "turn cap"
    assert of_kind(s.log(None), "game_over")[-1]["winners"] == []
