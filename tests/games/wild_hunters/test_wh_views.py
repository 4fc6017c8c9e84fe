"""What each seat may see: hands and personal decks are private, the destiny deck's order is hidden, face-down
tiles are hidden from everyone; resampling redeals exactly what a seat cannot see."""

from __future__ import annotations

import json
from typing import Any

from wh_support import duo, play, setup, start

from tablecraft.core.rng import Rng

DESTINY = ["water-1", "fire-1", "water-2", "fire-2", "water-stun", "fire-stun"]


def _two() -> Any:
    return start(duo({"hand": ["W", "WF", "R", "T", "G"]}, {"hand": ["F", "F", "FRT", "T", "G"]}, DESTINY), seats=2)


def test_a_seat_sees_its_own_hand_but_only_the_size_of_the_others() -> None:
    s = _two()
    v = s.view(0)
    assert v["heroes"][0]["hand"] == ["W", "R", "T", "G", "WF"]
    assert v["heroes"][1]["hand"] == [] and v["heroes"][1]["hand_size"] == 5
    assert s.view(None)["heroes"][0]["hand"] == []


def test_nobody_sees_the_order_of_a_personal_deck_only_what_is_left_in_it() -> None:
    s = _two()
    v = s.view(0)
    assert "deck" not in v["heroes"][0] and v["heroes"][0]["deck_size"] == 5
    assert v["heroes"][0]["unseen"] == ["W", "F", "R", "T", "G"]  # its own deck, in element order
    # the other hero's hand and deck together, by counting: it began with these and nothing left in public
    assert v["heroes"][1]["unseen"] == ["W", "F", "F", "F", "R", "T", "T", "G", "G", "FRT"]


def test_a_card_taken_from_the_supply_is_known_to_everyone() -> None:
    s = start(setup(row=["WFT", "FR"]))
    play(s, "acquire WFT")
    assert s.view(None)["heroes"][0]["hand"] == ["WFT"]


def test_face_down_tiles_show_no_element_to_anyone() -> None:
    s = _two()
    for seat in (0, 1, None):
        for c in s.view(seat)["map"]["cells"]:
            assert (c["element"] is None) == (not c["up"]) and (c["tile"] is None) == (not c["up"])


def test_the_destiny_deck_shows_its_cards_but_not_their_order() -> None:
    s = _two()
    d = s.view(1)["destiny"]
    assert d["deck"] == 5 and d["revealed"] == "water-1"
    assert d["remaining"] == ["water-2", "fire-1", "fire-2", "water-stun", "fire-stun"]  # in card order, not deck order


def test_the_drawn_cards_reach_only_the_drawers_event_stream() -> None:
    s = _two()
    play(s, "acquire FR", "end")  # fire's turn: it draws nothing (five in hand) — so water draws next round
    drawn_for_water = [e for e in s.log(0) if e["kind"] == "dealt" and e["seat"] == 0]
    drawn_for_fire = [e for e in s.log(1) if e["kind"] == "dealt" and e["seat"] == 0]
    assert "cards" in drawn_for_water[0] and "cards" not in drawn_for_fire[0]


def test_resampling_keeps_what_the_seat_sees_and_redeals_the_rest() -> None:
    s = start(None, seed=3, seats=3)
    rng = Rng(5)
    changed = False
    for seat in range(3):
        for _ in range(5):
            r = s.resample(seat, rng)
            assert r.view(seat) == s.view(seat)
            changed |= r.hands != s.hands or r.fx.tiles != s.fx.tiles or r.destiny_deck != s.destiny_deck
    assert changed


def test_resampling_keeps_cards_everyone_saw_taken_in_their_hand() -> None:
    s = start(duo({}, {}, DESTINY), seats=2)
    play(s, "acquire FR")
    for seed in range(10):
        r = s.resample(1, Rng(seed))
        assert "FR" in [c for c in r.view(1)["heroes"][0]["hand"]]


def test_views_are_json_and_say_the_rules_in_force() -> None:
    s = start(None, seed=2, seats=2, perks=False)
    v = s.view(None)
    assert json.loads(json.dumps(v)) == v and v["rules"]["perks"] is False
