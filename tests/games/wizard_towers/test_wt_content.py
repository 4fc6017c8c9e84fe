"""wizard-towers' content for the lab (``State.content()``): the aces and jokers each seat drew and played."""

from __future__ import annotations

import tablecraft
from tablecraft.core.cards import card_str
from tablecraft.games.wizard_towers.state import is_special_notation


def test_the_special_cards_drawn_from_the_bags_are_listed_for_the_seat_that_drew_them() -> None:
    game = tablecraft.load("wizard-towers")
    for seed in range(40):
        s = game.new_initial_state(seed=seed)
        while "draw orange" in [str(a) for a in s.legal_actions()]:  # seat 0 draws until it must stop
            s.apply("draw orange")
        specials = [card_str(c) for c in s.hands[0] if is_special_notation(card_str(c))]
        if specials:
            break
    assert specials, "no seed in 0..39 gives seat 0 an ace or a joker in its first draws"
    content = s.content()
    assert sorted(content["drawn"][0]) == sorted(specials) and content["drawn"][1:] == [[], []]
    assert content["played"] == [[], [], []]


def test_aces_and_jokers_are_special_and_other_cards_are_not() -> None:
    assert [is_special_notation(c) for c in ("AS", "AD", "JKR", "JKB", "JS", "KH", "10C")] == [
        True, True, True, True, False, False, False]
