"""The conformance suite with every hero in play: the 33 heroes in groups of eight (option ``heroes``), each group
dealt to an 8-seat table (one candidate each, so all eight play), in both text sets."""

from __future__ import annotations

import pytest

import tablecraft
from tablecraft.core.errors import OptionError
from tablecraft.core.testing import conformance
from tablecraft.games.fate.content import HEROES

CODES = [h.code for h in HEROES]
GROUPS = [CODES[i:i + 8] for i in range(0, len(CODES), 8)]
GROUPS[-1] = (GROUPS[-1] + CODES)[:8]  # the last group filled up to a table of eight
CHECKS = ("random_playouts", "clone_and_json", "replay", "resample", "resample_is_blind", "no_leaks")


def test_the_groups_cover_every_hero() -> None:
    assert {c for g in GROUPS for c in g} == set(CODES) and all(len(g) == 8 for g in GROUPS)


@pytest.mark.parametrize("texts", ["default", "thefate"])
@pytest.mark.parametrize("group", range(len(GROUPS)))
@pytest.mark.parametrize("check", CHECKS)
def test_every_hero_plays_through_the_conformance_checks(check: str, group: int, texts: str) -> None:
    game = tablecraft.load("fate", num_seats=8, heroes=",".join(GROUPS[group]), texts=texts)
    state = game.new_initial_state(seed=0)
    for _ in range(8):  # one candidate each: the picks put every hero of the group on the table
        state.apply(state.legal_actions()[0])
    assert sorted(state.characters()) == sorted(GROUPS[group])
    conformance.ALL_CHECKS[check](game, range(2))


def test_a_hero_pool_names_only_known_heroes_and_fills_the_table() -> None:
    with pytest.raises(OptionError, match="unknown hero nobody"):
        tablecraft.load("fate", num_seats=4, heroes="axe,lich,nobody,chen")
    with pytest.raises(OptionError, match="at least 5"):
        tablecraft.load("fate", num_seats=5, heroes="axe,lich,chen,ursa")
    with pytest.raises(OptionError, match="at least 10"):
        tablecraft.load("fate", num_seats=2, heroes=",".join(CODES[:9]))
    s = tablecraft.load("fate", num_seats=4, heroes="axe,lich,chen,ursa,slayer,gorgon").new_initial_state(seed=3)
    assert set(s.view(0)["candidates"]) <= {"axe", "lich", "chen", "ursa", "slayer", "gorgon"}
    assert len(s.view(0)["candidates"]) == 1  # six heroes for four seats: one candidate each
