"""The round (seed 003 · 回合流程): destiny phase, action phase, return phase, and the exile rule."""

from __future__ import annotations

import pytest
from wh_support import legal, of_kind, play, setup, start

import tablecraft
from tablecraft.games.wild_hunters.content import destiny_str


def _names(cards: list[int]) -> list[str]:
    return [destiny_str(c) for c in cards]


def test_the_top_destiny_card_is_revealed_and_its_hero_takes_the_action_phase() -> None:
    s = start(setup(destiny=["water-2", "water-1", "water-stun"]))
    assert destiny_str(s.revealed) == "water-2"
    assert s.phase.name == "ACTION" and s.current_player() == 0
    assert _names(s.destiny_deck) == ["water-stun", "water-1"]  # top is the end of the list


def test_the_revealed_hero_draws_from_its_deck_until_it_holds_five_cards() -> None:
    s = start(setup(hand=["W", "F"], deck=["R", "T", "G", "W", "F"]))
    assert sorted(s.view(0)["heroes"][0]["hand"]) == sorted(["W", "F", "R", "T", "G"])
    assert len(s.decks[0]) == 2


def test_a_hero_holding_five_or_more_cards_draws_nothing() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G", "WF"], deck=["R", "T"]))
    assert len(s.hands[0]) == 6 and len(s.decks[0]) == 2


def test_the_hero_may_end_only_after_taking_at_least_one_action() -> None:
    s = start(setup())
    assert "end" not in legal(s)
    with pytest.raises(tablecraft.IllegalActionError, match="at least one action"):
        s.apply("end")
    play(s, "acquire FR")
    assert "end" in legal(s)


def test_ending_discards_the_revealed_card_and_reveals_the_next_one() -> None:
    s = start(setup(destiny=["water-1", "water-2", "water-stun"]))
    events = play(s, "acquire FR", "end")
    assert [e["card"] for e in of_kind(events, "destiny")] == ["water-2"]
    assert _names(s.destiny_discard) == ["water-1"]
    assert destiny_str(s.revealed) == "water-2"


def test_actions_may_be_repeated_and_taken_in_any_order() -> None:
    s = start(setup(hand=["F", "F", "W", "R", "T"], at=(1, -2), elements={(1, -2): "W", (0, -2): "F"}))
    play(s, "move w", "move e")  # (1,-2) → (0,-2) → (1,-2): the same action twice
    assert s.phase.name == "ACTION" and s.acted


def test_a_stun_card_is_discarded_after_the_demon_king_wakes_and_the_next_card_is_revealed() -> None:
    s = start(setup(destiny=["water-stun", "water-1", "water-2"]))
    kinds = [e.kind for e in s.events()]
    assert "king_wakes" in kinds
    assert _names(s.destiny_discard) == ["water-stun"] and destiny_str(s.revealed) == "water-1"


def test_an_empty_destiny_deck_is_shuffled_from_its_discards_to_form_a_new_deck() -> None:
    s = start(setup(destiny=["water-1", "water-2", "water-stun"]))
    play(s, "acquire FR", "end")       # water-2
    events = play(s, "rest", "pay W", "end")  # water-stun wakes the king; the deck is then empty
    assert of_kind(events, "destiny_shuffled") == [{"count": 3}]
    assert len(s.destiny_deck) + len(s.destiny_discard) + 1 == 3


def test_the_first_third_sword_energy_exiles_the_third_action_card_and_starts_a_new_destiny_phase() -> None:
    spec = setup(hand=["W", "W", "F", "R", "T"], energy=["WF"], elements={(0, -2): "W"}, at=(0, -2),
                 destiny=["water-1", "water-2", "water-stun"])
    s = start(spec)
    play(s, "focus W")  # 2 energy
    assert s.phase.name == "ACTION"
    events = play(s, "focus W")  # 3 energy, for the first time
    assert s.phase.name == "PROFESSION"
    assert of_kind(events, "milestone") == [{"seat": 0, "exiled": "water-3"}]
    assert _names(s.exile) == ["water-3"] and s.board_card == [False]
    events = play(s, "profession knight")
    # after the action resolves the exiled card is shuffled into the destiny deck and a new destiny phase begins
    assert of_kind(events, "exile_shuffled") == [{"cards": ["water-3"]}]
    assert s.exile == [] and "water-1" in _names(s.destiny_discard)
    assert sorted(_names([*s.destiny_deck, s.revealed, *s.destiny_discard])) == [
        "water-1", "water-2", "water-3", "water-stun"]
    assert s.second == [3]  # knight


def test_a_hero_whose_action_card_left_the_board_acts_three_times_a_round() -> None:
    s = start(setup(board_card=False, second="knight", row=["WF", "WR"], supply_deck=["WT", "WG", "WFR"],
                    destiny=["water-1", "water-2", "water-3", "water-stun"]))
    seen = []
    for _ in range(3):
        seen.append(destiny_str(s.revealed))
        play(s, "acquire " + s.view(0)["supply"]["row"][0], "end")
    assert seen == ["water-1", "water-2", "water-3"]


def test_an_exiled_card_reaching_an_empty_destiny_deck_forms_it_alone_and_is_revealed_next() -> None:
    spec = setup(hand=["W", "W", "F", "R", "T"], energy=["WF", "W"], elements={(0, -2): "W"}, at=(0, -2))
    spec["destiny"] = {"deck": ["water-1"], "discard": ["water-2", "water-stun"]}
    s = start(spec)
    play(s, "focus W", "profession knight")  # the first third sword energy: water-3 goes to the exile area
    assert destiny_str(s.revealed) == "water-3" and s.destiny_deck == [] and s.exile == []
    assert _names(s.destiny_discard) == ["water-2", "water-stun", "water-1"]  # the discards wait for the next pass
    assert s.phase.name == "ACTION" and s.current_player() == 0


def test_the_exiled_card_is_shuffled_into_the_deck_not_laid_on_top() -> None:
    positions = set()
    for seed in range(40):
        spec = setup(hand=["W", "W", "F", "R", "T"], energy=["WF", "W"], elements={(0, -2): "W"}, at=(0, -2))
        spec["destiny"] = {"deck": ["water-1", "water-2", "water-stun"]}
        s = start(spec, seed=seed)
        events = play(s, "focus W", "profession knight")
        # the shuffled deck, top first: the cards revealed since (a stun card wakes him and is passed) and the rest
        order = [e["card"] for e in of_kind(events, "destiny")] + _names(list(reversed(s.destiny_deck)))
        positions.add(order.index("water-3"))
    assert positions == {0, 1, 2}
