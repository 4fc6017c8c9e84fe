"""Terminal play: the board drawing (hex map with elements, face up/down, heroes and the demon king; hands, sword
energy, professions, curses, the demon king's life), action notation and the wording of events."""

from __future__ import annotations

import io

import pytest
from rich.console import Console
from wh_support import game, play, setup, start

import tablecraft
from tablecraft.games.wild_hunters.render import map_text, render_view


def _draw(view: dict, lang: str = "en") -> str:
    console = Console(file=io.StringIO(), width=140, color_system=None)
    console.print(render_view(view, lang))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert isinstance(out, str)
    return out


def test_the_map_is_a_hex_grid_with_elements_face_down_tiles_heroes_and_the_demon_king() -> None:
    s = start(setup(at=(0, -2), elements={(0, -2): "F"}))
    lines = map_text(s.view(0)).plain.splitlines()
    assert len(lines) == 6  # rows r = -3 … 2
    assert lines[0].strip() == "[W⌂  ]"   # the water camp (nobody home: the hero moved)
    assert "[F1  ]" in lines[1]          # hero 1 on the face-up fire tile (0, -2)
    assert "[·K  ]" in lines[3]          # the demon king on a face-down tile at the centre
    assert "····" in lines[2]
    # each row is shifted half a cell (3 columns) from the next: cells sit on a brick pattern
    assert lines[0].startswith("   [W⌂") and lines[1].startswith("      [F1  ]") and lines[3].startswith("[")


def test_the_board_shows_hand_sword_energy_professions_curses_and_the_demon_kings_life() -> None:
    spec = setup(energy=["W"], second="knight", board_card=False)
    spec["curses"] = 1
    spec["king"]["hp"] = 4
    s = start(spec)
    text = _draw(s.view(0))
    for needle in (f"life 4/{s.fx.king_max}", f"rage 0/{s.fx.temper}", "sword energy", "W (1/3)", "mage (W) / knight (T)", "curses ●○○",
                   "Undertow", "Spirit supply", "Destiny", "in play"):
        assert needle in text, needle


def test_the_board_hides_other_heroes_hands_behind_a_count() -> None:
    s = start(None, seed=2, seats=2)
    text = _draw(s.view(0))
    assert "5 hidden" in text


def test_the_board_is_drawn_in_chinese_too() -> None:
    text = _draw(start(setup()).view(0), "zh")
    for needle in ("惡鬼王", "生命", "劍氣", "詛咒", "法師(水)", "靈力供應", "天命"):
        assert needle in text, needle


def test_the_end_of_the_game_is_announced_on_the_board() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=[]))
    play(s, "rest", "pay G")
    assert "The heroes lose (a hero is exhausted)" in _draw(s.view(0))


@pytest.mark.parametrize(("typed", "notation"), [
    ("move NE", "move ne"), ("pay fw", "pay WF"), ("pay 水火", "pay WF"), ("focus 风", "focus G"),
    ("acquire gtr", "acquire RTG"), ("profession 騎士", "profession knight"), ("release 2", "release 2"),
    ("REST", "rest"), ("end", "end"),
])
def test_actions_may_be_typed_loosely_and_print_in_one_notation(typed: str, notation: str) -> None:
    assert str(game().parse_action(typed)) == notation


@pytest.mark.parametrize("bad", ["pay X", "pay WW", "move up", "fly", "acquire W"])
def test_text_that_names_no_action_is_refused(bad: str) -> None:
    with pytest.raises(tablecraft.InvalidActionError):
        game().parse_action(bad)


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_every_action_and_every_event_of_a_game_has_words(lang: str) -> None:
    g = game(3)
    for a in g.codec.actions:
        assert g.describe_action(a, lang)
    s = g.new_initial_state(seed=11)
    import random

    pick = random.Random(1)
    while not s.is_terminal():
        s.apply(pick.choice(s.legal_actions()))
    for e in s.log(0):
        text = g.describe_event(e, lang)
        assert text and not text.startswith("{"), e
