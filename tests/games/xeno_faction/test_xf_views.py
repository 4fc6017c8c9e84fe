"""Hidden information, resampling mid-chain, saved states, the setup format's errors and illegal moves."""

from __future__ import annotations

import json
import random

import pytest
from xf_support import ALPHA, BETA, c, game, legal, names, phase, play, start, table

from tablecraft.agents import observe
from tablecraft.core.errors import IllegalActionError, InvalidActionError, NotYourTurnError, SetupError
from tablecraft.core.rng import Rng


# -------------------------------------------------------------------------------------- what a seat sees
def test_a_player_sees_their_own_hand_but_only_the_size_of_the_opponents() -> None:
    s = start(None, seed=6)
    me, other = s.first, 1 - s.first
    view = s.view(me)
    assert view["players"][me]["hand"] == names(sorted(s.hands[me]))
    assert view["players"][other]["hand"] == [] and view["players"][other]["hand_size"] == 5
    assert all(p["hand"] == [] for p in s.view(None)["players"])


def test_the_opponents_draws_are_logged_without_the_card() -> None:
    s = start(None, seed=6)
    other = 1 - s.first
    drew = [e for e in s.log(other) if e["kind"] == "drew" and e["seat"] == s.first]
    assert len(drew) == 2 and all("card" not in e for e in drew)
    mine = [e for e in s.log(s.first) if e["kind"] == "drew" and e["seat"] == s.first]
    assert all("card" in e for e in mine)


def test_no_view_or_log_names_a_card_its_seat_has_never_been_shown() -> None:
    s = start(None, seed=8)
    for _ in range(40):
        if s.is_terminal():
            break
        s.apply(s.legal_actions()[0])
    for seat in (ALPHA, BETA, None):
        secret = s.never_shown(seat)
        assert secret  # plenty of cards are still hidden in decks and hands
        text = json.dumps([s.view(seat), s.log(seat)])
        assert not [x for x in secret if f'"{x}"' in text]


def test_resampling_mid_window_keeps_the_view_and_the_movers_choices() -> None:
    s = start(table(["JKB", "9D"], ["JKR", "9S", "4C"], beta_rows=[["5D"], [], []], to_move="beta",
                    first="alpha", rest={"alpha": "deck", "beta": "deck"}))
    play(s, "place JKR row1")
    assert phase(s) == "KNIGHT_WINDOW"
    for seat in (ALPHA, BETA):
        r = s.resample(seat, Rng(seat + 5))
        assert r.view(seat) == s.view(seat)
        assert r.phase == s.phase and r.to_move == ALPHA
    r = s.resample(ALPHA, Rng(3))
    assert r.legal_actions() == s.legal_actions() == s.legal_actions()
    r.apply("knight")  # a resampled world plays on
    assert r.joker[BETA] == -1


def test_a_clone_made_mid_clash_plays_on_without_touching_the_original() -> None:
    s = start(table(["3D"], ["9D"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                    joker={"alpha": 1, "beta": 1}))
    play(s, "done", "attack row1 row1", "fight")
    assert phase(s) == "CLASH_DEFENDER"
    before = s.to_json()
    fork = s.clone()
    play(fork, "fight")  # 5+3 = 8 against 4+9 = 13: alpha's 大王 falls
    assert fork.joker == [-1, 0] and s.to_json() == before
    play(s, "yield")
    assert s.joker == [-1, -1]


def test_resampling_redeals_the_opponents_hidden_cards() -> None:
    s = start(None, seed=3)
    me = s.first
    other = 1 - me
    hands = {tuple(s.resample(me, Rng(k)).hands[other]) for k in range(10)}
    assert len(hands) > 1
    assert all(tuple(s.resample(me, Rng(k)).hands[me]) == tuple(s.hands[me]) for k in range(5))


def test_a_state_saved_mid_special_placement_plays_on_identically() -> None:
    s = start(table([], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]},
                    hands={"alpha": ["AS", "2C", "4D"], "beta": []}, rest={"alpha": "banished"}))
    play(s, "split 7D", "summon AS row2")
    saved = json.loads(json.dumps(s.to_json()))
    back = game().state_from_json(saved)
    assert back.to_json() == s.to_json() and legal(back) == legal(s) == ["summon 2C row3"]
    play(back, "summon 2C row3", "summon 4D row1")
    play(s, "summon 2C row3", "summon 4D row1")
    assert back.to_json() == s.to_json()


def test_the_observation_of_the_mover_lists_the_legal_actions() -> None:
    s = start(None, seed=2)
    obs = observe(s)
    assert obs.seat == s.first and obs.legal_actions == s.legal_actions()
    assert obs.view["players"][s.first]["hand"]


# ------------------------------------------------------------------------------------------- bad input
def test_an_illegal_action_names_itself_and_the_step_and_changes_nothing() -> None:
    s = start(table(["5D"], []))
    before = s.to_json()
    with pytest.raises(IllegalActionError, match=r"illegal action place 9S row2 \(alpha is at the place step\)"):
        s.apply("place 9S row2")  # not in alpha's hand
    with pytest.raises(InvalidActionError, match="not an action of this game"):
        s.apply("place 5D row2")  # ♦ never goes to row 2
    assert s.to_json() == before


def test_acting_for_the_wrong_seat_is_refused() -> None:
    s = start(table(["5D"], []))
    with pytest.raises(NotYourTurnError):
        s.apply("place 5D row1", seat=BETA)


def test_text_that_is_no_action_is_refused() -> None:
    with pytest.raises(InvalidActionError):
        game().parse_action("place 5D row9")


def test_actions_accept_suit_symbols_and_lower_case() -> None:
    assert str(game().parse_action("Place 10♦ ROW1")) == "place 10D row1"
    assert str(game().parse_action("dispel qh OPP row2")) == "dispel QH opp row2"


@pytest.mark.parametrize(
    ("setup", "message"),
    [
        ({"colour": "red"}, "colour: Extra inputs are not permitted"),
        ({"hands": {"alpha": ["ZZ"]}}, "unknown card 'ZZ'"),
        ({"hands": {"alpha": ["5D"]}, "graveyards": {"alpha": ["5D"]}}, "5D is listed twice"),
        ({"rows": {"alpha": [["5S"], [], []]}}, "5S cannot stand there; it may go in row2"),
        ({"rows": {"alpha": [["KD"], [], []]}}, "not a normal card"),
        ({"rows": {"alpha": [[], []]}}, "exactly three rows"),
        ({"faces": {"alpha": [["KS"], [], []]}}, "not a J/Q/K of row1's suit"),
        ({"faces": {"alpha": [["KH"], [], []]}}, "not a J/Q/K of row1's suit"),
        ({"faces": {"alpha": [["JD", "QD", "KD"], [], []]}}, "at most 2"),
        ({"joker": {"alpha": 4}}, "must be a row 1–3"),
        ({"extra": {"D": {"owner": "beta", "card": "2D"}}}, "not a 3–10 of that zone's suit"),
        ({"extra": {"D": {"owner": "beta", "card": "5S"}}}, "not a 3–10 of that zone's suit"),
        ({"life": {"beta": 0}}, "already lost"),
        ({"rest": {"alpha": "banished", "beta": "banished"}}, "深海时代 would already"),
        ({"turn": 500}, "turn cap"),
        ("not a dict", "must be a JSON object"),
    ],
)
def test_a_malformed_setup_is_refused_with_its_reason(setup: object, message: str) -> None:
    with pytest.raises(SetupError, match=message):
        start(setup)  # type: ignore[arg-type]


def test_a_setup_can_fix_the_whole_deck_order() -> None:
    s = start({"decks": {"alpha": ["KS", "QS"]}, "rest": {"alpha": "graveyard"}, "to_move": "alpha"})
    assert s.hands[ALPHA] == sorted([c("KS"), c("QS")]) and s.decks[ALPHA] == []
    assert len(s.graves[ALPHA]) == 52


def test_every_event_and_action_has_words_in_both_languages() -> None:
    g = game()
    kinds = set()
    for seed in range(12):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for a in s.legal_actions():
                for lang in ("en", "zh"):
                    assert g.describe_action(a, lang) != str(a)
            s.apply(rng.choice(s.legal_actions()))
        for e in s.log(None):
            kinds.add(e["kind"])
            for lang in ("en", "zh"):
                assert not g.describe_event(e, lang).startswith("{"), e
    assert {"turn", "drew", "moved", "attack", "damage", "game_over"} <= kinds
