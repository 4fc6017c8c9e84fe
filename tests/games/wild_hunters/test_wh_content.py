"""wild-hunters' content for the lab (``State.content()``): the demon king, the heroes, second professions."""

from __future__ import annotations

from wh_support import play, setup, start

import tablecraft


def test_every_hero_faces_the_demon_king_drawn_and_is_listed_as_itself() -> None:
    s = tablecraft.load("wild-hunters", num_seats=3, demon_king="gale", heroes="rock,wind,water").new_initial_state(2)
    assert s.content() == {"king": [["gale"], ["gale"], ["gale"]], "hero": [["rock"], ["wind"], ["water"]],
                           "profession": [[], [], []]}


def test_the_second_profession_taken_at_three_sword_energy_is_listed_for_its_hero() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], energy=["W", "WR"], at=(0, -2), elements={(0, -2): "W"}))
    play(s, "focus W", "profession scout")
    assert s.content()["profession"] == [["scout"]]
