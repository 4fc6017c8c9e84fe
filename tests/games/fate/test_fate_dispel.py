"""Scenario tests for 驱散 (Dispel) and the dispel window against the rules text (``cardtext.CARD_TEXT["驱散"]``) and
the readings of docs/rules/fate.md §6.5: every magic card and dispellable skill opens a window, asked of every living
hero holding a card in action order from the hero whose turn it is; a 驱散 reopens it over itself (a chain, settled
last-in first-out); a dispelled strengthened card keeps its rage paid (ref 4-14); S cards, basic cards, equipment
and undispellable skills open no window.

The heroes are nearly vanilla; four seats sit 0 and 2 against 1 and 3.
"""

from __future__ import annotations

from typing import Any

import pytest
from fate_support import act, damage_to, deciding, hand, kinds, legal, of_kind, pass_dispels, pending, start

from tablecraft.games.fate.content import CARD_NAME

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]
"""Seat 0 半人马酋长 (5 HP), 1 巨魔战将 (4), 2 地穴编织者 (3), 3 龙骑士 (4)."""
HOLD = ["atk:3S"]
"""A card that makes its holder part of every dispel window, without being a 驱散."""


def discard(s: Any) -> list[str]:
    """The discard pile, bottom first."""
    return s.view(None)["discard"]


def gear(s: Any, seat: int) -> tuple[str | None, str | None]:
    """(weapon, armour) of one seat."""
    p = s.view(None)["players"][seat]
    return p["weapon"], p["armour"]


def in_window(s: Any) -> bool:
    """Whether a dispel window is asking someone now."""
    return pending(s).get("purpose") == "dispel"


# ------------------------------------------------------------------------------------------------ the window
def test_the_dispel_window_asks_every_living_hero_holding_a_card_in_turn_order() -> None:
    s = start(TABLE, hands=[["arrow:6S", "atk:AS"], [], ["atk:2S"], HOLD])
    act(s, "use arrow:6S", "target 1")
    assert in_window(s) and pending(s)["against"]["card"] == "arrow"
    assert legal(s) == {"pass"}  # being asked shows nothing: no 驱散 in hand, still asked
    assert pass_dispels(s) == [0, 2, 3]  # seat 1 holds no card
    assert deciding(s) == (0, "name_ask")


def test_the_dispel_window_starts_from_the_hero_whose_turn_it_is() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["atk:2S"], ["arrow:6S", "atk:4S"], HOLD], turn_seat=2)
    act(s, "use arrow:6S", "target 1")
    assert pass_dispels(s) == [2, 3, 0, 1]


def test_a_dispel_cancels_a_magic_card_before_it_takes_effect() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["dispel:5H", "atk:AS"], [], []])
    act(s, "use arrow:6S", "target 1")
    assert legal(s) == {"pass", "use dispel:5H"}
    ev = act(s, "use dispel:5H", "pass")  # the window reopens: seat 1 still holds a card
    assert of_kind(ev, "played") == [{"kind": "played", "seat": 1, "card": "dispel", "cards": ["dispel:5H"]}]
    assert of_kind(ev, "dispelled") == [{"kind": "dispelled", "seat": 0, "chain": 1, "card": "arrow",
                                         "skill": None}]
    assert deciding(s) == (0, "play") and s.hp[1] == 4 and hand(s, 1) == ["atk:AS"]
    assert sorted(discard(s)) == ["arrow:6S", "dispel:5H"]


def test_a_dispel_reopens_the_window_to_everyone_from_the_current_hero() -> None:
    s = start(TABLE, hands=[["arrow:6S", "atk:AS"], HOLD, ["dispel:5H", "atk:2S"], ["atk:4S"]])
    act(s, "use arrow:6S", "target 1", "pass", "pass")  # seats 0 and 1 pass
    act(s, "use dispel:5H")  # seat 2 dispels
    assert in_window(s) and pending(s)["against"]["card"] == "dispel"
    assert [u["card"] for u in pending(s)["chain"]] == ["arrow", "dispel"]
    assert pass_dispels(s) == [0, 1, 2, 3]  # asked again, the earlier passers included
    assert deciding(s) == (0, "play") and s.hp[1] == 4


# ------------------------------------------------------------------------------------------------ chains
def test_a_dispel_on_a_dispel_lets_the_card_stand() -> None:
    s = start(TABLE, hands=[["arrow:6S", "dispel:9H"], ["dispel:5H", "atk:AS"], [], []])
    act(s, "use arrow:6S", "target 1", "pass", "use dispel:5H")
    assert deciding(s) == (0, "reply") and legal(s) == {"pass", "use dispel:9H"}
    ev = act(s, "use dispel:9H")
    pass_dispels(s)
    assert "dispelled" not in kinds(ev) and deciding(s) == (0, "name_ask")
    assert sorted(discard(s)) == ["dispel:5H", "dispel:9H"]  # the 驱散 are settled; the 月神之箭 acts


def test_three_dispels_in_a_chain_cancel_the_card() -> None:
    s = start(TABLE, hands=[["arrow:6S", "dispel:9H"], ["dispel:5H", "atk:AS"], ["dispel:6D"], HOLD])
    act(s, "use arrow:6S", "target 1", "pass", "use dispel:5H", "use dispel:9H", "pass", "use dispel:6D")
    assert [u["user"] for u in pending(s)["chain"]] == [0, 1, 0, 2]
    act(s, "pass")  # seat 1
    ev = act(s, "pass")  # seat 3: nobody else holds a card
    assert of_kind(ev, "dispelled")[0]["chain"] == 3 and "no_effect" in kinds(ev)
    assert deciding(s) == (0, "play") and s.hp[1] == 4
    assert sorted(discard(s)) == ["arrow:6S", "dispel:5H", "dispel:6D", "dispel:9H"]


def test_four_dispels_in_a_chain_let_the_card_stand() -> None:
    s = start(TABLE, hands=[["arrow:6S", "dispel:9H", "dispel:8D"], ["dispel:5H", "dispel:7D", "atk:AS"], [], []])
    act(s, "use arrow:6S", "target 1", "pass", "use dispel:5H", "use dispel:9H", "pass", "use dispel:7D",
        "use dispel:8D")
    assert [u["user"] for u in pending(s)["chain"]] == [0, 1, 0, 1, 0]
    ev = act(s, "pass")  # seat 1, the only one still holding a card
    assert "dispelled" not in kinds(ev) and deciding(s) == (0, "name_ask")


# ------------------------------------------------------------------------------------------------ what is lost
def test_a_dispelled_strengthened_card_does_not_refund_its_rage() -> None:
    s = start(TABLE, hands=[["disarm:4C"], ["dispel:5H"], [], []], rage=[1, 0, 0, 0],
              weapon=[None, "skadi:JS", None, None])
    ev = act(s, "use disarm:4C", "target 1", "yes")
    assert s.rage[0] == 0 and of_kind(ev, "rage")[0]["change"] == -1  # paid before the window
    act(s, "use dispel:5H")
    assert s.rage[0] == 0 and hand(s, 0) == [] and gear(s, 1) == ("skadi:JS", None)


def test_a_dispelled_frenzy_neither_hurts_nor_lifts_the_attack_limit() -> None:
    s = start(TABLE, hands=[["frenzy:AD", "atk:AS", "atk:2S"], ["dispel:5H"], [], []])
    act(s, "use frenzy:AD", "pass", "use dispel:5H")
    pass_dispels(s)
    assert s.hp[0] == 5 and s.rage[0] == 0 and s.view(None)["players"][0]["marks"] == []
    act(s, "use atk:AS", "target 1")
    assert "use atk:2S" not in legal(s)


def test_a_dispelled_siren_song_goes_to_the_discard_pile_not_the_status_zone() -> None:
    s = start(TABLE, hands=[["siren:5C"], ["dispel:5H"], [], []])
    act(s, "use siren:5C", "target 1", "use dispel:5H")
    assert s.view(None)["players"][1]["status"] == [] and sorted(discard(s)) == ["dispel:5H", "siren:5C"]


# ------------------------------------------------------------------------------------------------ no window
S_USES = [("might:QH", 2, []), ("viper:JH", 2, ["target 1"]), ("timelock:QD", 2, []),
          ("sunder:KH", 3, ["target 1"]), ("laguna:KD", 3, ["target 1"])]


@pytest.mark.parametrize(("card", "rage", "moves"), S_USES)
def test_an_s_card_opens_no_dispel_window(card: str, rage: int, moves: list[str]) -> None:
    s = start(TABLE, hands=[[card, "dispel:9H"], ["dispel:5H", "dodge:6H"], ["dispel:6D"], ["dispel:7D"]],
              rage=[rage, 0, 0, 0], hp=[4, 4, 3, 4])
    ev = act(s, f"use {card}", *moves)
    assert not in_window(s) and "dispelled" not in kinds(ev)
    assert hand(s, 2) == ["dispel:6D"] and hand(s, 3) == ["dispel:7D"]


@pytest.mark.parametrize("item", ["skadi:JS", "plunder:JS", "boots:KH", "cloak:2C"])
def test_equipment_opens_no_dispel_window(item: str) -> None:
    s = start(TABLE, hands=[[item, "atk:AS"], ["dispel:5H"], [], []])
    act(s, f"use {item}", *(["target 0"] if item == "plunder:JS" else []))
    assert deciding(s) == (0, "play") and item in gear(s, 0) and hand(s, 1) == ["dispel:5H"]


def test_basic_cards_open_no_dispel_window() -> None:
    s = start(TABLE, hands=[["atk:AS", "salve:AH"], ["dispel:5H", "dodge:6H"], [], []], hp=[4, 4, 3, 4])
    act(s, "use salve:AH")
    assert s.hp[0] == 5 and deciding(s) == (0, "play")
    act(s, "use atk:AS", "target 1")
    assert pending(s)["purpose"] == "attack_dodge"


# ------------------------------------------------------------------------------------------------ skills
def test_a_dispel_cancels_a_dispellable_active_skill_whose_cost_stays_paid() -> None:
    s = start(["dragon_knight", "centaur", "weaver", "troll_warlord"], hands=[["atk:AS", "atk:2S"], ["dispel:5H"],
                                                                             [], []])
    act(s, "skill 0", "pick atk:AS", "pick atk:2S", "target 1")  # 火焰气息: two ♠ for one damage
    assert in_window(s) and pending(s)["against"]["skill"] == "breathe_fire"
    ev = act(s, "use dispel:5H")
    assert of_kind(ev, "dispelled")[0]["skill"] == "breathe_fire" and damage_to(ev, 1) == []
    assert s.hp[1] == 5 and sorted(discard(s)) == ["atk:2S", "atk:AS", "dispel:5H"]


def test_an_undispellable_skill_opens_no_window() -> None:
    s = start(TABLE, hands=[["atk:AS"], ["dispel:5H"], [], []])
    ev = act(s, "skill 0", "pick atk:AS", "target 1")  # 双刃剑 cannot be dispelled
    assert not in_window(s) and damage_to(ev, 0) == [1] and damage_to(ev, 1) == [1]
    assert hand(s, 1) == ["dispel:5H"]


# ------------------------------------------------------------------------------------------------ public skip
ALL_DISPELS = [c for c in CARD_NAME if c.startswith("dispel:")]
"""The deck's seven 【驱散】."""


def test_no_one_is_asked_to_dispel_when_every_dispel_is_face_up() -> None:
    # all seven in the discard pile: by public information nobody can answer, so the window asks nobody (an empty
    # prompt for every hero holding a card otherwise), and skipping it reveals nothing
    assert len(ALL_DISPELS) == 7
    s = start(TABLE, hands=[["arrow:6S", "atk:AS"], HOLD, ["atk:2S"], ["atk:4S"]], discard=ALL_DISPELS)
    act(s, "use arrow:6S", "target 1")
    assert not in_window(s)


def test_one_dispel_not_face_up_keeps_the_window_open_to_everyone_holding_a_card() -> None:
    s = start(TABLE, hands=[["arrow:6S", "atk:AS"], HOLD, ["atk:2S"], ["atk:4S"]], discard=ALL_DISPELS[1:])
    act(s, "use arrow:6S", "target 1")
    assert pass_dispels(s) == [0, 1, 2, 3]


def test_a_hero_who_can_make_a_dispel_is_asked_even_when_every_dispel_is_face_up() -> None:
    # 驱散精灵 (精灵莉莉) uses a ♥ hand card as 驱散: a face-up hero, so everyone knows she may answer
    s = start(["centaur", "troll_warlord", "elf_lily", "dragon_knight"],
              hands=[["arrow:6S", "atk:AS"], HOLD, ["atk:2S"], ["atk:4S"]], discard=ALL_DISPELS)
    act(s, "use arrow:6S", "target 1")
    assert pass_dispels(s) == [2]
