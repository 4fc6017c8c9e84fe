"""The profession perks (our design, gap 3-12): each works while its profession is the main one, and the
``perks`` option switches them all off."""

from __future__ import annotations

from wh_support import legal, of_kind, play, setup, start

KING = (0, 0)
NEXT = (0, -1)


def _attack_scene(main: str, hand: list[str], king_up: bool = True, **kw: object) -> dict:
    spec = setup(hand=hand, at=NEXT, main=main, elements={KING: "W", NEXT: "T"}, up=[KING] if king_up else [],
                 **kw)  # type: ignore[arg-type]
    spec["king"]["rotation"] = 0
    return spec


def test_the_mage_rolls_both_dice_and_either_may_match() -> None:
    # the side facing (0, -1) is rock (2); find a seed whose first die misses and second die hits
    for seed in range(300):
        s = start(_attack_scene("mage", ["W", "F", "R", "T", "G"]), seed=seed)
        attack = of_kind(play(s, "attack"), "attack")[0]
        assert len(attack["dice"]) == 2
        if attack["dice"][0] != 2 and attack["dice"][1] == 2:
            assert attack["bonus"] == 1 and attack["damage"] == 2
            return
    raise AssertionError("no seed rolled a miss then a match")


def test_the_mercenary_attacks_a_face_up_tile_with_any_single_card() -> None:
    s = start(_attack_scene("mercenary", ["F", "R", "T", "G", "G"]))
    play(s, "attack", "pay G")
    assert s.phase.name in ("ACTION", "OVER") and len(s.discards[0]) == 1


def test_the_mercenary_attacks_a_face_down_tile_with_two_different_elements() -> None:
    s = start(_attack_scene("mercenary", ["F", "R", "T", "G", "G"], king_up=False))
    play(s, "attack", "pay F", "pay R")
    assert len(s.discards[0]) == 2


def test_the_artisan_draws_on_the_supply_twice_a_turn() -> None:
    s = start(setup(main="artisan", row=["WR", "FT"], supply_deck=["WG"]))
    play(s, "acquire WR")
    assert any(a.startswith("acquire") for a in legal(s))


def test_the_scout_enters_a_face_down_tile_with_two_different_elements() -> None:
    s = start(setup(hand=["W", "W", "R", "R", "WR"], at=(1, -2), elements={(1, -2): "W"}, main="scout"))
    assert "move sw" in legal(s)
    play(s, "move sw", "pay W", "pay R")
    assert s.cell_up(s.hero_cell[0])


def test_without_perks_professions_only_set_the_focus_element() -> None:
    s = start(setup(hand=["W", "W", "R", "R", "WR"], at=(1, -2), elements={(1, -2): "W"}, main="scout"),
              perks=False)
    assert "move sw" not in legal(s)
    s = start(_attack_scene("mage", ["W", "F", "R", "T", "G"]), perks=False)
    assert len(of_kind(play(s, "attack"), "attack")[0]["dice"]) == 1


def test_the_mages_attack_enrages_him_only_when_both_dice_show_the_demons_face() -> None:
    seen = set()
    for seed in range(3000):
        s = start(_attack_scene("mage", ["W", "F", "R", "T", "G"]), seed=seed)
        events = play(s, "attack")
        dice = of_kind(events, "attack")[0]["dice"]
        if 5 not in dice:
            continue
        both = dice == [5, 5]
        assert (of_kind(events, "demon_face") != []) == both and s.rage == (1 if both else 0)
        seen.add(both)
        if seen == {True, False}:
            return
    raise AssertionError("no seed rolled both one demon's face and two")
