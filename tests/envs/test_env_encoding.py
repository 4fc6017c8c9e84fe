"""The observation encoder: fixed shape per game, values from the view only, a layout that names every feature, and
the documented rules for each kind of JSON value (checked on hand-made views and on wizard-towers)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import tablecraft
from tablecraft.core.rng import Rng
from tablecraft.core.testing.conformance import random_playout
from tablecraft.envs import TablecraftAECEnv, ViewEncoder, encoder_for, generic_encoder
from tablecraft.envs.encoding import CARD_VOCAB, CLIP, NULL, OTHER, PathStats, learn_schema

GAME_IDS = [g.id for g in tablecraft.games()]


def encoder_from(views: list[Any], hints: dict[str, dict[str, Any]] | None = None) -> ViewEncoder:
    """A generic encoder whose schema is learned from ``views`` (no game needed)."""
    stats = PathStats()
    for v in views:
        stats.add(v)
    return ViewEncoder("test", stats, hints)


def on(enc: ViewEncoder, x: np.ndarray) -> dict[str, float]:
    """The non-zero features of ``x`` by label."""
    return {enc.labels[i]: float(x[i]) for i in np.flatnonzero(x)}


# --------------------------------------------------------------------------------- every registered game
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_view_of_every_seat_encodes_to_the_same_shape_within_bounds(game_id: str) -> None:
    game = tablecraft.load(game_id)
    enc = encoder_for(game)
    assert enc.size > 0 and enc.low.shape == enc.high.shape == (enc.size,)
    assert (enc.low <= enc.high).all()

    def visit(state: Any) -> None:
        for seat in range(game.num_seats):
            x = enc.encode(state.view(seat))
            assert x.shape == (enc.size,) and x.dtype == np.float32
            assert np.isfinite(x).all()
            assert (x >= enc.low).all() and (x <= enc.high).all(), "an encoded value is outside the declared bounds"

    for seed in (101, 102):  # seeds the schema was not learned from
        random_playout(game, seed, visit)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_observation_of_a_seat_depends_only_on_what_it_sees(game_id: str) -> None:
    """Redealing every card a seat cannot see (``resample``) never changes its observation."""
    game = tablecraft.load(game_id)
    enc = encoder_for(game)
    rng = Rng(5)
    states: list[Any] = []
    random_playout(game, 7, lambda s: states.append(s.clone()))
    for state in states[:: max(1, len(states) // 25)]:
        if state.is_terminal():
            continue
        for seat in range(game.num_seats):
            world = state.resample(seat, rng)
            assert np.array_equal(enc.encode(world.view(seat)), enc.encode(state.view(seat)))


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_layout_names_every_feature_in_contiguous_slices(game_id: str) -> None:
    enc = generic_encoder(tablecraft.load(game_id))
    assert len(enc.labels) == enc.size
    pos = 0
    for s in enc.slices:
        assert s.start == pos, f"slice {s.name} starts at {s.start}, expected {pos}"
        assert s.width == (len(s.labels) if s.kind not in ("constant", "ignored") else 0)
        pos = s.stop
    assert pos == enc.size
    text = enc.describe()
    assert text.splitlines()[0].startswith(f"{game_id}: {enc.size} features")
    assert all(s.name in text for s in enc.slices if s.name)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_learned_schema_is_the_same_every_time(game_id: str) -> None:
    game = tablecraft.load(game_id)
    a, b = (ViewEncoder(game_id, learn_schema(game, games=4, max_views=1500)) for _ in range(2))
    assert a.labels == b.labels and a.slices == b.slices
    assert np.array_equal(a.low, b.low) and np.array_equal(a.high, b.high)


# --------------------------------------------------------------------------------- the encoding rules
def test_constants_are_listed_but_take_no_feature() -> None:
    enc = encoder_from([{"game": "x", "turn": 1}, {"game": "x", "turn": 2}])
    assert [(s.name, s.kind) for s in enc.slices] == [("game", "constant"), ("turn", "value"), ("turn", "one-hot")]
    assert "always \"x\"" in enc.describe()


def test_numbers_are_scaled_by_the_largest_seen_and_clipped() -> None:
    enc = encoder_from([{"hp": 0}, {"hp": 50}, {"hp": 100}])
    x = enc.encode({"hp": 25})
    assert x[enc.feature("hp")] == pytest.approx(0.25)
    assert enc.encode({"hp": 10_000})[enc.feature("hp")] == CLIP
    assert enc.encode({"hp": -5})[enc.feature("hp")] == 0.0, "never negative in sampling: the lower bound is 0"


def test_small_integer_ranges_also_get_a_one_hot_clamped_to_the_range() -> None:
    enc = encoder_from([{"seat": 0}, {"seat": 2}])
    assert on(enc, enc.encode({"seat": 1})) == {"seat": 0.5, "seat=1": 1.0}
    assert on(enc, enc.encode({"seat": 9}))["seat=2"] == 1.0


def test_card_strings_are_one_hot_over_the_whole_deck_even_if_few_were_seen() -> None:
    enc = encoder_from([{"lead": "AS"}, {"lead": "KD"}, {"lead": "pass"}])
    s = enc.slice("lead")
    assert s.labels == (*CARD_VOCAB, "pass", OTHER)
    assert on(enc, enc.encode({"lead": "7H"})) == {"lead=7H": 1.0}, "a card never seen in sampling still has its slot"


def test_unseen_strings_go_to_other_and_are_counted() -> None:
    enc = encoder_from([{"phase": "draw"}, {"phase": "play"}])
    assert on(enc, enc.encode({"phase": "auction"})) == {f"phase={OTHER}": 1.0}
    assert enc.misses["unseen_string"] == 1


def test_null_and_missing_keys_have_their_own_slot() -> None:
    enc = encoder_from([{"to_move": 0, "target": "a"}, {"to_move": 1, "target": None}, {"to_move": None}])
    assert on(enc, enc.encode({"to_move": None, "target": None})) == {
        f"to_move={NULL}": 1.0, f"target={NULL}": 1.0}
    assert on(enc, enc.encode({"to_move": 1}))[f"target={NULL}"] == 1.0, "a missing key reads as null"


def test_a_hand_of_cards_is_a_multi_hot_over_the_deck_with_its_length() -> None:
    views = [{"hand": ["AS", "KD", "5C", "2H", "3H"]}, {"hand": []}]
    enc = encoder_from(views)
    x = enc.encode({"hand": ["10H", "JKR"]})
    assert on(enc, x) == {"hand=10H": 1.0, "hand=JKR": 1.0, "hand=#": pytest.approx(0.4)}
    assert enc.slice("hand").kind == "counts" and enc.slice("hand").width == 55


def test_short_lists_of_strings_are_also_encoded_by_position() -> None:
    enc = encoder_from([{"attack": ["KS", None]}, {"attack": ["2C"]}])
    x = on(enc, enc.encode({"attack": [None, "QH"]}))
    assert x["attack[0]=" + NULL] == 1.0 and x["attack[1]=QH"] == 1.0 and x["attack=QH"] == 1.0
    assert x["attack[1]"] == 1.0, "position 1 is not always filled, so it has a present flag"
    assert x["attack=" + NULL] == 1.0, "null count scaled by the most nulls seen in one list"


def test_repeated_values_in_a_list_are_counted() -> None:
    enc = encoder_from([{"units": ["pawn", "pawn", "pawn", "pawn", "rook"]}])
    x = on(enc, enc.encode({"units": ["pawn", "pawn", "rook"]}))
    assert x["units=pawn"] == pytest.approx(0.5) and x["units=rook"] == pytest.approx(0.25)


def test_lists_of_objects_get_one_block_per_position_and_longer_lists_are_truncated() -> None:
    views = [{"players": [{"hp": 10}, {"hp": 20}]}, {"players": [{"hp": 5}]}]
    enc = encoder_from(views)
    x = on(enc, enc.encode({"players": [{"hp": 10}, {"hp": 20}, {"hp": 20}]}))
    assert x["players[0].hp"] == pytest.approx(0.5) and x["players[1].hp"] == pytest.approx(1.0)
    assert "players[1]" in x and "players[0]" not in enc.labels, "position 0 is always filled: no flag"
    assert enc.misses["truncated_list"] == 1


def test_hints_fix_vocabularies_and_lengths_and_ignore_paths() -> None:
    views = [{"hand": ["AS"], "note": "hello", "log": [1, 2]}]
    enc = encoder_from(views, {"hand[]": {"vocab": ["AS", "KS"]}, "note": {"ignore": True},
                               "log": {"max_len": 3}})
    assert enc.slice("hand").labels == ("AS", "KS", OTHER)
    assert enc.slice("note").kind == "ignored" and not any(lab.startswith("note") for lab in enc.labels)
    assert [s.name for s in enc.slices if s.kind == "present"] == ["log[2]"]
    with pytest.raises(ValueError, match="unknown keys"):
        encoder_from(views, {"hand": {"size": 3}})


def test_the_encoder_never_fails_on_values_of_unexpected_types() -> None:
    enc = encoder_from([{"a": 1, "b": "x", "c": [1], "d": {"e": True}}, {"a": 2, "b": "y", "c": [], "d": {"e": False}}])
    for odd in ({"a": "1", "b": 3, "c": "list", "d": [1]}, {"a": None, "b": None, "c": None, "d": None}, {}):
        x = enc.encode(odd)
        assert x.shape == (enc.size,) and (x >= enc.low).all() and (x <= enc.high).all()


# --------------------------------------------------------------------------------- wizard-towers, the template
def test_wizard_towers_own_hand_and_hidden_tower_cards_read_from_the_view() -> None:
    game = tablecraft.load("wizard-towers")
    enc = generic_encoder(game)
    state = game.new_initial_state(seed=11)
    rng = random.Random(11)
    while not (state.view(0)["players"][0]["hand"] and state.view(None)["players"][1]["hand_size"]):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    x = on(enc, enc.encode(view))
    hand = {lab.split("=")[1] for lab in x if lab.startswith("players[0].hand=") and lab != "players[0].hand=#"}
    assert hand == set(view["players"][0]["hand"]) and hand
    assert not any(lab.startswith("players[1].hand=") and not lab.endswith("#") for lab in x), "blue's hand is hidden"
    assert x[f"towers[0].cards[0]={NULL}"] == 1.0, "tower cards are face down to a warrior"
    hp = view["players"][2]["hp"]
    scale = float(enc.slice("players[2].hp").note.split("/ ")[1].split(",")[0])
    assert x["players[2].hp"] == pytest.approx(hp / scale)


def test_a_game_may_tune_the_generic_encoder_with_hints_or_supply_its_own() -> None:
    base = type(tablecraft.load("wizard-towers"))

    class Hinted(base):  # type: ignore[misc, valid-type]
        def make_observation_encoder(self) -> None:
            return None  # the generic encoder, tuned by the hints below

        def observation_hints(self) -> dict[str, dict[str, Any]]:
            return {"junk": {"ignore": True}}

    hinted = encoder_for(Hinted())
    assert not any(lab.startswith("junk") for lab in hinted.labels)

    class Fixed:
        size = 3
        low = np.zeros(3, dtype=np.float32)
        high = np.ones(3, dtype=np.float32)

        def encode(self, view: Any) -> np.ndarray:
            return np.array([view["turn"] > 1, view["over"], 0.0], dtype=np.float32)

        def describe(self) -> str:
            return "0: turn > 1, 1: over"

    class Own(base):  # type: ignore[misc, valid-type]
        def make_observation_encoder(self) -> Fixed:
            return Fixed()

    assert isinstance(encoder_for(Own()), Fixed)
    env = TablecraftAECEnv(Own())
    env.reset(seed=1)
    assert env.observe("seat_0")["observation"].tolist() == [0.0, 0.0, 0.0]
    assert env.observation_space("seat_0")["observation"].shape == (3,)


def test_a_path_holding_several_types_encodes_each_in_its_own_features() -> None:
    enc = encoder_from([{"a": 1}, {"a": "x"}, {"a": True}, {"a": None}, {"a": 3}])
    assert on(enc, enc.encode({"a": 2})) == {"a": pytest.approx(2 / 3), "a=2": 1.0}
    assert on(enc, enc.encode({"a": "x"})) == {"a=x": 1.0}
    assert on(enc, enc.encode({"a": True})) == {"a": 1.0}, "the flag of true (labelled by the path alone)"
    assert on(enc, enc.encode({"a": None})) == {f"a={NULL}": 1.0}
    assert "def _encode(view, B):" in enc.source


def test_the_layout_command_prints_the_slices_or_the_generated_source(capsys: pytest.CaptureFixture[str]) -> None:
    from tablecraft.envs.__main__ import main

    assert main(["layout", "wizard-towers", "--option", "wizard_hp=150"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("wizard-towers: ") and "players[0].hand" in out
    assert main(["layout", "wizard-towers", "--generic"]) == 0
    assert capsys.readouterr().out.startswith("wizard-towers: ")
    assert main(["layout", "wizard-towers", "--source"]) == 2, "wizard-towers' own encoder has no generated source"
    assert "--generic" in capsys.readouterr().err
    assert main(["layout", "wizard-towers", "--generic", "--source"]) == 0
    assert capsys.readouterr().out.startswith("def _encode(view, B):")
    assert main(["layout", "no-such-game"]) == 2
    assert "unknown game" in capsys.readouterr().err


def test_a_key_missing_where_sampling_always_saw_it_reads_as_null_and_is_counted() -> None:
    enc = encoder_from([{"a": {"b": 1, "c": "x"}}, {"a": {"b": 2, "c": "y"}}, {"a": None}])
    full = on(enc, enc.encode({"a": {"b": 2, "c": "y"}}))
    assert full == {"a.b": 1.0, "a.b=2": 1.0, "a.c=y": 1.0}
    assert on(enc, enc.encode({"a": {"c": "y"}})) == {"a.c=y": 1.0}
    assert enc.misses["fallback"] == 1
    assert on(enc, enc.encode({"a": None})) == {f"a={NULL}": 1.0}, "an absent object: its flag, its keys all 0"


def test_unseen_or_odd_elements_of_a_hand_fall_back_to_the_safe_path_and_still_encode() -> None:
    enc = encoder_from([{"hand": ["AS", "KD", "2C", "3C", "4C"]}, {"hand": ["pass"]}])
    assert on(enc, enc.encode({"hand": ["AS", "fold"]})) == {"hand=AS": 1.0, f"hand={OTHER}": 1.0, "hand=#": pytest.approx(0.4)}
    assert on(enc, enc.encode({"hand": ["KD", None, {"x": 1}]})) == {
        "hand=KD": 1.0, f"hand={OTHER}": 1.0, "hand=#": pytest.approx(0.6)}
    assert enc.misses["fallback"] == 2 and enc.misses["unseen_string"] == 2
    assert "for e in" in enc.source
