"""The standard deal (seed 003 · 遊戲準備) and the components it uses (遊戲配件), at every player count."""

from __future__ import annotations

from collections import Counter

import pytest
from wh_support import (
    CAMPS,
    RADIUS2,
    card_places,
    destiny_places,
    game,
    hex_map,
    profession_places,
    start,
    tile_places,
)

import tablecraft
from tablecraft.games.wild_hunters.content import (
    CARD_KIND,
    CARD_TEXT,
    GOD_KINDS,
    HEROES,
    SPIRIT_KINDS,
    destiny_str,
    kind_str,
)
from tablecraft.games.wild_hunters.hexmap import hex_distance, is_connected, on_outer_edge
from tablecraft.games.wild_hunters.state import tile_name

SEATS = [1, 2, 3, 4, 5]


def _deal(seats: int, seed: int = 7, **options: object):
    return game(seats, **options).new_initial_state(seed=seed)


# ------------------------------------------------------------------------------------------- components
def test_the_spirit_cards_are_the_ten_element_pairs_with_fire_rock_for_the_misprinted_fire_earth() -> None:
    assert [kind_str(k) for k in SPIRIT_KINDS] == ["WF", "WR", "WT", "WG", "FR", "FT", "FG", "RT", "RG", "TG"]


def test_the_god_cards_are_the_ten_element_triples_with_water_rock_thunder_for_the_misprint() -> None:
    texts = [kind_str(k) for k in GOD_KINDS]
    assert texts[3] == "WRT" and len(set(texts)) == 10 and all(len(t) == 3 for t in texts)


def test_each_terrain_has_its_element_and_each_camp_its_factions() -> None:
    # gap 3-3 (ours): 河灘 water, 荒原 fire, 山脈 rock, 廢墟 thunder, 森林 wind; a camp has its faction's element
    terrain = {"beach": "W", "wasteland": "F", "mountain": "R", "ruins": "T", "forest": "G",
               "河灘": "W", "荒原": "F", "山脈": "R", "廢墟": "T", "森林": "G"}
    names = list(terrain)
    cells = [{"at": list(c), "tile": names[i % len(names)], "face_up": True} for i, c in enumerate(RADIUS2)]
    s = game(5).new_initial_state(seed=1, setup={"map": {"cells": cells, "camps": {h: list(CAMPS[h]) for h in CAMPS}}})
    view = s.view(None)["map"]["cells"]
    for i in range(len(RADIUS2)):
        assert view[i]["element"] == terrain[names[i % len(names)]]
    camps = {c["camp"]: c["element"] for c in view if c["camp"]}
    assert camps == {"water": "W", "fire": "F", "rock": "R", "thunder": "T", "wind": "G"}


def test_there_are_forty_terrain_tiles_eight_of_each() -> None:
    s = _deal(5)
    assert Counter(tile_name(tile) for tile in s.fx.tiles) == {
        "beach": 8, "wasteland": 8, "mountain": 8, "ruins": 8, "forest": 8,
        "camp:water": 1, "camp:fire": 1, "camp:rock": 1, "camp:thunder": 1, "camp:wind": 1}
    m = hex_map()
    for i, c in enumerate(m["cells"]):
        if i < 8:
            c["tile"] = "ruins"
        else:
            del c["tile"]  # dealt from the tiles left
    start({"map": m})  # eight ruins fit …
    m["cells"][8]["tile"] = "ruins"
    with pytest.raises(tablecraft.SetupError, match="no ruins tile is left"):
        start({"map": m})  # … a ninth does not


def test_the_box_holds_fifty_power_fifty_spirit_and_ten_god_cards() -> None:
    counts = Counter(len(t) for t in CARD_TEXT)
    assert counts == {1: 50, 2: 50, 3: 10}
    assert all(Counter(CARD_KIND)[m] == 10 for m in (1, 2, 4, 8, 16))


# --------------------------------------------------------------------------------------------- the deal
@pytest.mark.parametrize("seats", SEATS)
def test_the_destiny_deck_holds_each_heros_stun_card_and_two_action_cards(seats: int) -> None:
    s = _deal(seats)
    dealt = [*s.destiny_deck, *s.destiny_discard, s.revealed]
    names = sorted(destiny_str(c) for c in dealt if c >= 0)
    expected = sorted(f"{HEROES[h].id}-{x}" for h in range(seats) for x in ("1", "2", "stun"))
    assert names == expected
    assert all(s.board_card)  # the third action card stays on the board


@pytest.mark.parametrize("seats", SEATS)
def test_the_spirit_supply_has_every_god_card_and_x_of_each_spirit_pair_with_x_face_up(seats: int) -> None:
    s = _deal(seats)
    x = max(2, seats)
    supply = [*s.supply_deck, *s.supply_row, *(c for h in s.hands for c in h if len(CARD_TEXT[c]) > 1)]
    counts = Counter(CARD_KIND[c] for c in supply)
    assert all(counts[k] == x for k in SPIRIT_KINDS)
    assert all(counts[k] == 1 for k in GOD_KINDS)
    # the first hero may already have drawn on the supply; the row is refilled to X
    assert len(s.supply_row) == x


@pytest.mark.parametrize("seats", SEATS)
def test_each_hero_has_two_power_cards_of_each_element_five_in_hand(seats: int) -> None:
    s = _deal(seats, seed=3)
    for seat in range(seats):
        cards = [*s.hands[seat], *s.decks[seat]]
        assert sorted(CARD_TEXT[c] for c in cards) == sorted("WWFFRRTTGG")
        assert len(s.hands[seat]) == 5


@pytest.mark.parametrize("seats", SEATS)
def test_the_camps_join_the_map_edge_and_their_neighbours_are_turned_up(seats: int) -> None:
    s = _deal(seats)
    geo = s.fx.geo
    cells = list(geo.coords[: geo.num_map])
    camps = list(geo.coords[geo.num_map:])
    assert len(camps) == seats and is_connected(cells + camps)
    assert all(on_outer_edge(c, cells, camps) for c in camps)
    for seat, camp in enumerate(geo.camp_of):
        assert s.hero_cell[seat] == camp  # nobody has acted yet, and a devoured hero goes home anyway
        assert s.cell_up(camp)
        assert all(s.cell_up(m) for m in geo.nb[camp] if m >= 0)


@pytest.mark.parametrize("seats", SEATS)
def test_every_unclaimed_tile_is_laid_face_down_into_the_map(seats: int) -> None:
    s = _deal(seats)
    geo = s.fx.geo
    assert geo.num_map == 45 - seats
    assert sorted(s.fx.tiles[: geo.num_map]) == sorted(
        [*range(40), *(40 + h for h in range(5) if h >= seats)])
    assert s.fx.tiles[geo.num_map:] == tuple(40 + h for h in range(seats))


def test_with_unused_camps_box_only_the_forty_terrain_tiles_are_laid() -> None:
    s = _deal(2, unused_camps="box")
    assert s.fx.geo.num_map == 40 and sorted(s.fx.tiles[:40]) == list(range(40))


@pytest.mark.parametrize("seats", SEATS)
def test_the_demon_king_stands_in_the_centre_as_far_from_the_heroes_as_it_allows(seats: int) -> None:
    s = _deal(seats)
    geo = s.fx.geo
    wakes = [e.data for e in s.events() if e.kind == "king_wakes"]
    placed = geo.index[tuple(wakes[0]["from"])] if wakes else s.king_cell  # where he stood before waking
    centre = geo.central_cells()
    assert placed in centre
    best = max(min(geo.dist[c][h] for h in geo.camp_of) for c in centre)
    assert min(geo.dist[placed][h] for h in geo.camp_of) == best
    assert not s.cell_up(placed)


@pytest.mark.parametrize("seats", SEATS)
def test_the_reference_map_puts_every_camp_four_steps_from_the_demon_king_and_none_next_to_another(
    seats: int
) -> None:
    s = _deal(seats, map="reference")
    geo = s.fx.geo
    wakes = [e.data for e in s.events() if e.kind == "king_wakes"]
    placed = geo.index[tuple(wakes[0]["from"])] if wakes else s.king_cell  # where he stood before waking
    assert [geo.dist[placed][c] for c in geo.camp_of] == [4] * seats
    camps = geo.coords[geo.num_map:]
    assert all(hex_distance(a, b) > 1 for a in camps for b in camps if a != b)


KING_CARDS = {  # the table of docs/rules/wild-hunters.md §7.1: draft life and temper for 1 and 5 heroes, base, ability
    "blaze": ((6, 14), (6, 10), ["F", "W", "demon", "R", "T", "G"], "spirit_burn"),
    "tide": ((6, 14), (6, 10), ["W", "G", "R", "demon", "F", "T"], "undertow"),
    "stone": ((7, 15), (7, 11), ["R", "T", "W", "G", "demon", "F"], "rockfall"),
    "storm": ((6, 14), (6, 10), ["T", "demon", "F", "W", "G", "R"], "thunderclap"),
    "gale": ((6, 14), (6, 10), ["G", "R", "T", "F", "demon", "W"], "whirlwind"),
}

TUNED_LIFE = {  # §7.1's tuned life table, for 1–5 heroes (§13 has the measurement behind it)
    "blaze": (24, 15, 21, 22, 33),
    "tide": (17, 15, 28, 28, 37),
    "stone": (18, 14, 25, 26, 32),
    "storm": (21, 15, 20, 17, 21),
    "gale": (20, 17, 27, 26, 32),
}

TUNED_TEMPER = {  # §7.1's tuned temper table, for 1–5 heroes: the finer lever after life (§13.1)
    "blaze": (6, 5, 6, 9, 11),
    "tide": (5, 7, 8, 9, 11),
    "stone": (7, 8, 9, 10, 11),
    "storm": (6, 7, 8, 9, 10),
    "gale": (6, 7, 8, 9, 10),
}


def _king_view(king: str, seats: int, **options: object) -> dict:
    destiny = [f"{HEROES[h].id}-{x}" for h in range(seats) for x in ("1", "2", "stun")]  # an action card first
    s = game(seats, **options).new_initial_state(seed=1, setup={"king": {"id": king, "rotation": 0},
                                                                 "destiny": {"deck": destiny}})
    return s.view(None)["king"]


@pytest.mark.parametrize("king", list(KING_CARDS))
def test_the_demon_king_card_sets_his_life_temper_base_and_ability_card(king: str) -> None:
    _, _, base, ability = KING_CARDS[king]
    for seats in SEATS:
        v = _king_view(king, seats)
        life = TUNED_LIFE[king][seats - 1]
        assert (v["id"], v["hp"], v["max_hp"]) == (king, life, life)
        assert v["temper"] == TUNED_TEMPER[king][seats - 1]
        assert (v["base"], v["ability"], v["speed"], v["strike"]) == (base, ability, 1, 1)


@pytest.mark.parametrize("king", list(KING_CARDS))
def test_the_draft_life_is_four_plus_two_per_hero_and_stays_available(king: str) -> None:
    life, temper, _, _ = KING_CARDS[king]
    for i, seats in enumerate((1, 5)):
        v = _king_view(king, seats, king_life="draft")
        assert (v["hp"], v["max_hp"], v["temper"]) == (life[i], life[i], temper[i])


def test_a_fixed_king_temper_overrides_the_card_in_a_deal_a_setup_and_a_saved_game() -> None:
    assert _king_view("gale", 4, king_temper=3)["temper"] == 3
    s = _deal(2, king_temper=13, demon_king="stone")
    assert s.fx.temper == 13
    assert s.game.state_from_json(s.to_json()).fx.temper == 13


def test_a_fixed_king_life_overrides_the_card_in_a_deal_and_a_setup() -> None:
    v = _king_view("storm", 3, king_hp=23)
    assert (v["hp"], v["max_hp"]) == (23, 23)
    s = _deal(2, king_hp=17, demon_king="tide")
    assert (s.king_hp, s.fx.king_max) == (17, 17)
    assert s.game.state_from_json(s.to_json()).fx.king_max == 17  # a saved game keeps its king's life


def test_a_random_demon_king_comes_from_the_seed() -> None:
    ids = {_deal(2, seed=seed).fx.king for seed in range(40)}
    assert len(ids) == 5
    assert _deal(2, seed=5).fx.king == _deal(2, seed=5).fx.king


@pytest.mark.parametrize("seats", SEATS)
def test_each_hero_starts_with_its_factions_profession_as_main_and_full_life(seats: int) -> None:
    s = _deal(seats)
    heroes = s.view(None)["heroes"]
    factions = [("water", "W", "mage"), ("fire", "F", "mercenary"), ("rock", "R", "artisan"),
                ("thunder", "T", "knight"), ("wind", "G", "scout")]  # 沃特 法師, 法爾 傭兵, 洛克 匠人, 雷霆 騎士, 精靈 斥候
    assert [(h["hero"], h["element"], h["main"]) for h in heroes] == factions[:seats]
    assert s.second == [-1] * seats
    assert s.hp == [3] * seats
    assert s.prof_box == [5 if i < seats else 6 for i in range(5)]


@pytest.mark.parametrize("seats", SEATS)
def test_the_standard_deal_places_every_card_tile_and_profession_exactly_once(seats: int) -> None:
    s = _deal(seats)
    assert set(card_places(s)) == {1}
    assert set(destiny_places(s)) == {1}
    assert set(tile_places(s)) == {1}
    assert profession_places(s) == [6] * 5


def test_the_heroes_option_chooses_who_plays() -> None:
    s = game(2, heroes="wind,fire").new_initial_state(seed=1)
    assert [h["hero"] for h in s.view(None)["heroes"]] == ["wind", "fire"]
    assert game(2, heroes="wind,fire").seat_name(0) == "wind"
    assert s.main == [4, 1]


@pytest.mark.parametrize("bad", ["wind", "wind,wind", "wind,ogre"])
def test_a_wrong_heroes_option_is_refused_with_the_choices(bad: str) -> None:
    from tablecraft.core.errors import OptionError

    with pytest.raises(OptionError, match="hero"):
        game(2, heroes=bad)


def test_the_same_seed_deals_the_same_game_and_another_seed_another() -> None:
    a, b, c = _deal(3, seed=9), _deal(3, seed=9), _deal(3, seed=10)
    assert a.to_json() == b.to_json() and a.to_json() != c.to_json()
