"""Attacking (seed 003 · 攻擊): adjacency, the three prices by the demon king's tile, 1 damage and the die bonus on the
side of his base facing the hero; ours: released sword energy and the demon's face on the die.

The demon king (tide: base W G R demon F T from east, counter-clockwise) stands on (0, 0); the hero on (0, -1),
north-west of him, faces the base side ``base[(2 + rotation) % 6]`` — rock at rotation 0.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from wh_support import legal, of_kind, play, setup, start

import tablecraft

HERO = (0, -1)
KING = (0, 0)


def _spec(hand: list[str], king_up: bool = True, king_elem: str = "W", rotation: int = 0, **kw: Any) -> dict:
    kw.setdefault("main", "knight")  # a perk that leaves attacks alone (the mage would roll two dice)
    spec = setup(hand=hand, at=HERO, elements={KING: king_elem, HERO: "T"}, up=[KING] if king_up else [], **kw)
    spec["king"]["rotation"] = rotation
    return spec


def _seed_where(spec: dict, actions: list[str], want: Callable[[dict], bool], **options: Any) -> tuple[Any, list]:
    """The first seed whose attack event satisfies ``want`` (dice come from the state's own RNG)."""
    for seed in range(500):
        s = start(spec, seed=seed, **options)
        events = play(s, *actions)
        attack = of_kind(events, "attack")
        if attack and want(attack[0]):
            return s, events
    raise AssertionError("no seed gives that roll")


def test_the_demon_king_can_be_attacked_only_from_a_neighbouring_tile() -> None:
    s = start(setup(hand=["W", "W", "R", "T", "G"], at=(0, -2), elements={KING: "W"}, up=[KING]))
    assert "attack" not in legal(s)
    with pytest.raises(tablecraft.IllegalActionError, match="not next to you"):
        s.apply("attack")


def test_one_card_of_the_element_of_his_face_up_tile_pays_for_an_attack() -> None:
    s = start(_spec(["W", "F", "R", "T", "G"]))
    events = play(s, "attack")  # only the water card can pay: paid without asking
    assert of_kind(events, "attack")[0]["paid"] == ["W"]


def test_two_cards_sharing_another_element_pay_for_an_attack_on_a_face_up_tile() -> None:
    s = start(_spec(["F", "F", "R", "T", "G"]))
    events = play(s, "attack")
    assert of_kind(events, "attack")[0]["paid"] == ["F", "F"]


def test_three_cards_of_different_elements_pay_for_an_attack_on_a_face_down_tile() -> None:
    s = start(_spec(["W", "W", "F", "R", "T"], king_up=False))
    assert "attack" in legal(s)
    play(s, "attack", "pay W", "pay F")
    assert legal(s) == ["pay R", "pay T"]
    events = play(s, "pay R")
    assert sorted(of_kind(events, "attack")[0]["paid"]) == ["F", "R", "W"]


def test_an_attack_on_a_face_down_tile_does_not_turn_it_up() -> None:
    s = start(_spec(["W", "F", "R", "T", "G"], king_up=False))
    play(s, "attack", "pay W", "pay F", "pay R")
    assert not s.cell_up(s.king_cell)


def test_an_attack_deals_one_damage_when_the_die_misses_the_side_facing_the_hero() -> None:
    s, events = _seed_where(_spec(["W", "F", "R", "T", "G"]), ["attack"], lambda a: a["dice"] != [2])
    a = of_kind(events, "attack")[0]
    assert a["side"] == 2 and a["bonus"] == 0 and a["damage"] == 1
    assert s.king_hp == s.fx.king_max - 1


def test_a_die_showing_the_element_of_the_side_facing_the_hero_deals_one_more_damage() -> None:
    s, events = _seed_where(_spec(["W", "F", "R", "T", "G"]), ["attack"], lambda a: a["dice"] == [2])
    a = of_kind(events, "attack")[0]
    assert a["bonus"] == 1 and a["damage"] == 2 and s.king_hp == s.fx.king_max - 2


def test_the_side_facing_the_hero_turns_with_the_base() -> None:
    s, events = _seed_where(_spec(["W", "F", "R", "T", "G"], rotation=2), ["attack"], lambda a: True)
    assert of_kind(events, "attack")[0]["side"] == 1  # base[(2 + 2) % 6]: fire (element 1)


def test_no_die_matches_the_side_bearing_his_face() -> None:
    for seed in range(40):
        s = start(_spec(["W", "F", "R", "T", "G"], rotation=1), seed=seed)
        a = of_kind(play(s, "attack"), "attack")[0]
        assert a["side"] == 5 and a["bonus"] == 0


def test_an_attack_may_release_sword_energy_for_one_more_damage_each() -> None:
    spec = _spec(["W", "F", "R", "T", "G"], energy=["T", "FT"])
    s, events = _seed_where(spec, ["attack", "release 2"], lambda a: a["bonus"] == 0)
    a = of_kind(events, "attack")[0]
    assert a["damage"] == 3 and sorted(a["released"]) == ["FT", "T"]
    assert s.energy == [[]] and len(s.discards[0]) == 3


def test_released_energy_goes_plain_cards_first() -> None:
    spec = _spec(["W", "F", "R", "T", "G"], energy=["FT", "T"])
    s = start(spec)
    play(s, "attack")
    assert legal(s) == ["release 0", "release 1", "release 2"]
    events = play(s, "release 1")
    assert of_kind(events, "attack")[0]["released"] == ["T"]
    assert s.view(0)["heroes"][0]["energy"] == ["FT"]


def test_without_the_release_variant_sword_energy_stays_put() -> None:
    s = start(_spec(["W", "F", "R", "T", "G"], energy=["T"]), sword_release=False)
    play(s, "attack")
    assert s.phase.name == "ACTION" and len(s.energy[0]) == 1


def test_the_demons_face_on_the_die_adds_one_rage() -> None:
    s, events = _seed_where(_spec(["W", "F", "R", "T", "G"]), ["attack"], lambda a: a["dice"] == [5])
    assert of_kind(events, "demon_face") == [{"seat": 0}]
    assert s.rage == 1


def test_with_the_demon_face_variant_off_the_face_is_only_a_miss() -> None:
    s, events = _seed_where(_spec(["W", "F", "R", "T", "G"]), ["attack"], lambda a: a["dice"] == [5],
                            demon_face=False)
    assert of_kind(events, "demon_face") == [] and s.rage == 0
