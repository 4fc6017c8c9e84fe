"""The demon king's turn (our design, gap 3-8): a revealed stun card wakes him; he hunts the hero he can reach
soonest, strikes the stunned hero when next to it, gathers rage and unleashes curses; and his five ability cards.
"""

from __future__ import annotations

from typing import Any

from wh_support import CAMPS, duo, kinds, king_at, of_kind, play, setup, start, where

DESTINY = ["water-1", "water-2", "fire-1", "fire-2", "water-stun", "fire-stun"]


def _wake(spec: dict, seats: int = 2, **options: Any):
    """Start with a stun card on top: the demon king wakes before anyone acts."""
    s = start(spec, seats=seats, **options)
    return s, [e for e in s.events() if e.kind not in ("start", "drew", "dealt", "supply_revealed")]


def test_the_demon_king_hunts_the_hero_he_can_reach_soonest() -> None:
    spec = duo({"at": [0, -2]}, {}, ["fire-stun", *DESTINY[:5]])
    s, events = _wake(spec)
    wake = of_kind(events, "king_wakes")[0]
    assert wake["seat"] == 1 and wake["prey"] == 0  # fire's stun card, but water is nearer
    assert king_at(s) == (0, -1)


def test_between_heroes_equally_near_he_hunts_the_stunned_one() -> None:
    spec = duo({"at": [0, -2]}, {"at": [2, -2]}, ["fire-stun", *DESTINY[:5]])
    s, events = _wake(spec)
    assert of_kind(events, "king_wakes")[0]["prey"] == 1
    assert king_at(s) == (1, -1)


def test_he_moves_one_tile_along_a_shortest_path_and_stays_when_already_next_to_his_prey() -> None:
    spec = duo({"at": [0, -1]}, {}, ["water-stun", *DESTINY[:4], "fire-stun"])
    s, events = _wake(spec)
    wake = of_kind(events, "king_wakes")[0]
    assert wake["from"] == wake["to"] == [0, 0]


def test_he_walks_round_heroes_and_camps_never_onto_them() -> None:
    from tablecraft.games.wild_hunters.hexmap import Geometry, hexagon
    from tablecraft.games.wild_hunters.rules import king_step

    geo = Geometry(hexagon(2), [(0, -3)])
    ix = geo.index
    camp = geo.camp_of[0]
    # the prey stands on (0, -2); the straight way from (0, 2) runs (0, 1) → (0, 0) → (0, -1)
    blocked = 1 << ix[(0, 0)] | 1 << ix[(0, -2)] | 1 << camp
    step = king_step(geo.nb, ix[(0, 2)], ix[(0, -2)], blocked)
    # (0, 1) and (1, 1) both start a shortest way round (four steps); the first in direction order is taken
    assert step == ix[(1, 1)]
    # a prey at its camp can only be reached next to the camp, never on it: (0, -2) is the one such cell
    open_way = blocked & ~(1 << ix[(0, -2)])
    assert king_step(geo.nb, ix[(0, -1)], camp, open_way) == ix[(0, -2)]
    assert king_step(geo.nb, ix[(0, -2)], camp, open_way) == -1  # next to it already: he stays
    # with a hero on (0, -2) no cell next to the camp is free, so he cannot close in and stays
    assert king_step(geo.nb, ix[(0, -1)], camp, blocked) == -1


def test_he_strikes_the_stunned_hero_standing_next_to_him() -> None:
    spec = duo({"at": [0, -1]}, {"at": [1, -1]}, ["water-stun", *DESTINY[:4], "fire-stun"])
    s, events = _wake(spec)
    assert of_kind(events, "struck") == [{"seat": 0, "damage": 1, "hp": 2}]
    assert s.hp == [2, 3]  # fire stands next to him too, but was not stunned


def test_a_hero_struck_to_zero_life_is_devoured_for_a_curse_and_wakes_at_its_camp_with_full_life() -> None:
    spec = duo({"at": [0, -1], "hp": 1}, {}, ["water-stun", *DESTINY[:4], "fire-stun"])
    s, events = _wake(spec)
    assert of_kind(events, "devoured") == [{"seat": 0, "curses": 1}]
    assert s.curses == 1 and where(s, 0) == CAMPS["water"] and s.hp[0] == 3


def test_he_gathers_one_rage_on_a_face_down_tile_and_two_on_a_face_up_one() -> None:
    s, events = _wake(duo({}, {}, ["water-stun", *DESTINY[:4], "fire-stun"]))
    assert of_kind(events, "rage")[0] == {"rage": 1, "gain": 1}
    s, events = _wake(duo({}, {}, ["water-stun", *DESTINY[:4], "fire-stun"], up=[(0, -1), (0, 0)]))
    assert of_kind(events, "rage")[0]["gain"] == 2  # he stepped onto the face-up (0, -1)


def test_at_his_temper_his_rage_bursts_into_a_curse_and_starts_again() -> None:
    spec = duo({}, {}, ["water-stun", *DESTINY[:4], "fire-stun"], rage=6)  # tide's temper for 2 heroes: 7
    s, events = _wake(spec)
    assert of_kind(events, "unleash") == [{"curses": 1}]
    assert s.curses == 1 and s.rage == 0


# ------------------------------------------------------------------------------------------ ability cards
def test_spirit_burn_burns_the_first_supply_card_each_time_he_wakes() -> None:
    s, events = _wake(duo({}, {}, ["water-stun", *DESTINY[:4], "fire-stun"], king="blaze"))
    assert of_kind(events, "burned") == [{"card": "FR"}]
    assert kinds(s.burned) == ["FR"] and s.view(0)["supply"]["row"] == ["TG", "RT"]  # refilled from the top


def test_undertow_washes_away_the_struck_heros_sword_energy() -> None:
    spec = duo({"at": [0, -1], "energy": ["W", "WF"]}, {}, ["water-stun", *DESTINY[:4], "fire-stun"])
    s, events = _wake(spec)
    assert s.energy[0] == [] and sorted(of_kind(events, "energy_washed")[0]["cards"]) == ["W", "WF"]


def test_rockfall_makes_the_struck_hero_discard_a_random_card() -> None:
    spec = duo({"at": [0, -1]}, {}, ["water-stun", *DESTINY[:4], "fire-stun"], king="stone")
    s, events = _wake(spec)
    assert len(of_kind(events, "rubble")) == 1 and s.total_cards(0) == 9 and len(s.discards[0]) == 1


def test_thunderclap_strikes_every_hero_next_to_him() -> None:
    spec = duo({"at": [0, -1]}, {"at": [1, -1]}, ["water-stun", *DESTINY[:4], "fire-stun"], king="storm")
    s, events = _wake(spec)
    assert sorted(e["seat"] for e in of_kind(events, "struck")) == [0, 1]


def test_whirlwind_moves_him_two_tiles_and_turns_his_base() -> None:
    spec = duo({"at": [0, -2]}, {}, ["water-stun", *DESTINY[:4], "fire-stun"], king="gale", king_at_=(0, 2))
    s, events = _wake(spec)
    wake = of_kind(events, "king_wakes")[0]
    assert wake["rotation"] == 1 and s.rotation == 1
    assert king_at(s) == (0, 0)  # (0, 2) → (0, 1) → (0, 0)


def test_the_knights_guard_turns_aside_a_strike_of_one() -> None:
    spec = duo({"at": [0, -1], "main": "knight"}, {}, ["water-stun", *DESTINY[:4], "fire-stun"])
    s, events = _wake(spec)
    assert of_kind(events, "guarded") == [{"seat": 0}] and s.hp[0] == 3


def test_a_stun_card_gives_its_hero_no_turn() -> None:
    s = start(setup(destiny=["water-stun", "water-1", "water-2"]))
    assert [e.data["card"] for e in s.events() if e.kind == "destiny"] == ["water-stun", "water-1"]
    play(s, "acquire FR")


def test_one_waking_can_bring_several_curses_at_once() -> None:
    spec = duo({"at": [0, -1], "hp": 1}, {"at": [1, -1], "hp": 1}, ["water-stun", *DESTINY[:4], "fire-stun"],
               king="storm", rage=6)
    spec["curses"] = 2
    s, events = _wake(spec)  # Thunderclap devours both heroes and his rage bursts: three curses at once
    assert len(of_kind(events, "devoured")) == 2 and len(of_kind(events, "unleash")) == 1
    assert s.curses == 5 and s.end_reason == "cursed"
