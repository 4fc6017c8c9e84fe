"""Drawing on the spirit supply (汲取, our design, gap 3-10): the supply row, its refill, the element condition and
the limit per turn; spirit and god cards as wild cards."""

from __future__ import annotations

from wh_support import legal, of_kind, play, setup, start


def _acquires(s: object) -> list[str]:
    return [a for a in legal(s) if a.startswith("acquire")]


def test_a_hero_may_take_a_supply_card_sharing_an_element_with_its_tile_or_a_face_up_neighbour() -> None:
    # water camp: its own tile is water, its only neighbour (0, -2) is a face-up fire tile
    s = start(setup(row=["WR", "RT"]))
    assert _acquires(s) == ["acquire WR"]
    s = start(setup(row=["RTG", "FT"]))
    assert _acquires(s) == ["acquire FT"]


def test_a_face_down_neighbour_gives_nothing_to_draw_on() -> None:
    # (0, -1) is thunder; of its neighbours only the fire tile (0, -2) is face up
    s = start(setup(at=(0, -1), elements={(0, -1): "T", (1, -1): "G"}, row=["RG", "WG"], supply_deck=[]))
    assert _acquires(s) == []
    s = start(setup(at=(0, -1), elements={(0, -1): "T", (1, -1): "G"}, up=[(1, -1)], row=["RG", "WG"]))
    assert _acquires(s) == ["acquire WG", "acquire RG"]


def test_the_card_taken_goes_to_hand_and_the_supply_is_refilled_from_the_top_of_its_deck() -> None:
    s = start(setup(row=["WR", "FT"], supply_deck=["TG", "WFG"]))
    events = play(s, "acquire WR")
    assert "WR" in s.view(0)["heroes"][0]["hand"]
    assert of_kind(events, "supply_revealed") == [{"card": "TG"}]
    assert s.view(0)["supply"]["row"] == ["FT", "TG"]


def test_everyone_sees_the_card_a_hero_takes_from_the_supply() -> None:
    s = start(setup(row=["WFT", "FR"]))
    play(s, "acquire WFT")
    assert s.view(None)["heroes"][0]["hand"] == ["WFT"]


def test_a_hero_draws_on_the_supply_once_a_turn() -> None:
    s = start(setup(row=["WR", "FT"], supply_deck=["WG"]))
    play(s, "acquire WR")
    assert _acquires(s) == []
    play(s, "end")
    assert _acquires(s) != []


def test_the_acquire_limit_option_sets_the_draws_per_turn() -> None:
    s = start(setup(row=["WR", "FT"], supply_deck=["WG"]), acquire_limit=2)
    play(s, "acquire WR")
    assert _acquires(s) != []
    s = start(setup(row=["WR", "FT"]), acquire_limit=0)
    assert _acquires(s) == []


def test_drawing_on_the_supply_counts_as_the_turns_action() -> None:
    s = start(setup(row=["WR", "FT"]))
    play(s, "acquire FT")
    assert "end" in legal(s)


def test_an_empty_supply_deck_leaves_the_row_short() -> None:
    s = start(setup(row=["WR", "FT"], supply_deck=[]))
    play(s, "acquire WR")
    assert s.view(0)["supply"]["row"] == ["FT"] and s.view(0)["supply"]["deck"] == 0
