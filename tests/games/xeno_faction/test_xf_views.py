"""Hidden information, resampling mid-chain, saved states, the setup format's errors and illegal moves."""

from __future__ import annotations

import json
import random
import re
from typing import Any

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


def test_a_state_saved_in_a_reaction_window_plays_on_identically() -> None:
    # both pending reactions — the 小王 window and the 大王 clash — are plain state, so they survive JSON
    s = start(table(["JKB", "9D"], ["JKR", "9S", "4C"], beta_rows=[["5D"], [], []], to_move="beta",
                    first="alpha", rest={"alpha": "deck", "beta": "deck"}))
    play(s, "place JKR row1")
    clash = start(table(["3D"], ["9D"], alpha_rows=[["5D"], [], []], beta_rows=[["4D"], [], []],
                        joker={"alpha": 1, "beta": 1}))
    play(clash, "done", "attack row1 row1")
    for state, answer in ((s, "knight"), (clash, "fight")):
        back = game().state_from_json(json.loads(json.dumps(state.to_json())))
        assert back.phase == state.phase and legal(back) == legal(state)
        for seat in (ALPHA, BETA):
            assert state.resample(seat, Rng(7)).view(seat) == state.view(seat)
        play(back, answer)
        play(state, answer)
        assert back.to_json() == state.to_json()


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
    with pytest.raises(IllegalActionError, match=r"illegal action place 9S row2 \(alpha is at the place step: 9S "
                                                 r"is not in alpha's hand\); legal now: done, place 5D row1"):
        s.apply("place 9S row2")
    with pytest.raises(InvalidActionError, match="not an action of this game"):
        s.apply("place 5D row2")  # ♦ never goes to row 2
    assert s.to_json() == before


_K_ROW = {"faces": {"alpha": [["KD"], [], []]}}
ILLEGAL: list[tuple[dict[str, Any], list[str], str, str]] = [
    # (setup, actions first, the illegal action, the reason its error must give)
    (table(["5D", "6D"], []), ["place 5D row1"], "place 6D row1",
     "row1 has had its normal card this turn, 「一回合内每排只能放置一张普通牌」"),
    (table(["7C", "8S"], []), ["extra 7C"], "extra 8S", "an extra-zone card was already placed this turn"),
    (table(["9D", "9S"], [], extra={"D": {"owner": "beta", "card": "4D"}}), [], "extra 9D",
     "the ♦ extra zone holds beta's card, 「如果对方使用了其中一个额外区，则我方只能使用剩下的额外区」"),
    (table(["5D", "AD", "4D"], []), ["extra 5D"], "pair AD 4D", "5D entered the extra zone this turn; it calls "
     "pairs from the next turn"),
    (table(["AS", "2S"], [], extra={"S": {"owner": "alpha", "card": "6S"}}), [], "pair AS 2S",
     "AS 2S do not sum to 6S"),
    (table(["AS", "5S"], [], extra={"S": {"owner": "beta", "card": "6S"}}), [], "pair AS 5S",
     "alpha has no card in the ♠ extra zone to call a pair"),
    (table(["AD", "4D", "AS", "5S"], [], extra={"D": {"owner": "alpha", "card": "5D"},
                                                "S": {"owner": "alpha", "card": "6S"}}),
     ["pair AD 4D"], "pair AS 5S", "a pair was already placed this turn, 「不过只能放置一组」"),
    (table(["JD", "QD", "AS"], []), ["place JD"], "place QD", "row1 has had its face card this turn"),
    (table(["KH", "AS"], []), [], "dispel KH opp row1", "beta's row1 has no face card to remove"),
    (table(["JKR", "AS"], [], alpha_rows=[["2D"], [], []]), [], "place JKR row2",
     "row2 holds none of alpha's normal cards, 「大王无法放置在自己没有普通牌存在的一排」"),
    (table(["JKB", "AS"], []), [], "knight", "beta has no 大王 on the field for 小王 to destroy"),
    (table(["JD", "AS"], [], alpha_rows=[["7D"], [], []]), ["place JD"], "split 7D",
     "no J works in row1: 分裂新生 works from its owner's next turn"),
    (table(["AS"], [], alpha_rows=[["7D"], [], []], faces={"alpha": [["JD"], [], []]}), [], "split 8D",
     "8D is not in alpha's row1"),
    (table(["KD", "AS"], [], alpha_rows=[["7D"], [], []]), ["place KD"], "charge2 7D", "no K works in row1"),
    (table(["AS"], [], alpha_rows=[["2D", "3D"], [], []], **_K_ROW), ["charge2 2D"], "charge2 3D",
     "the K of row1 has been used this turn"),
    (table(["AS"], [], alpha_rows=[["5D"], [], []], beta_rows=[["4H"], [], []], **_K_ROW), [], "charge1 5D",
     "beta has no normal card of rank 5 on the field for option ①"),
    (table(["AS"], [], alpha_rows=[["9D"], [], []]), [], "attack row1 direct",
     "attacks come after the placement phase ends (done)"),
    (table([], [], alpha_rows=[["9D"], ["10S"], []], beta_rows=[[], [], ["AC"]]), [], "attack row2 row3",
     "攻击规则: with this field row2 may attack nothing"),
    (table([], [], alpha_rows=[["9D"], [], []], beta_rows=[["AD"], ["AS"], []]), [], "attack row1 row2",
     "攻击规则: with this field row1 may attack row1"),
    (table([], [], alpha_rows=[["5D"], ["9S"], []], beta_rows=[["7D"], [], []]), [], "attack row1 row1",
     "row1's total 5 is not greater than row1's 7, 「攻击伤害计算 ①」"),
]


@pytest.mark.parametrize(("setup", "before", "action", "reason"), ILLEGAL, ids=[x[2] for x in ILLEGAL])
def test_an_illegal_move_names_the_rule_it_breaks_and_changes_nothing(
    setup: dict[str, Any], before: list[str], action: str, reason: str
) -> None:
    s = start(setup)
    play(s, *before)
    saved = s.to_json()
    with pytest.raises(IllegalActionError) as err:
        s.apply(action)
    assert reason in str(err.value) and f"illegal action {action} " in str(err.value)
    assert s.to_json() == saved


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
        ({"turn": 2, "faces": {"alpha": [[{"card": "JD", "since": 3}], [], []]}},
         "face card JD: since 3 is not a turn already played"),
        ({"turn": 2, "extra": {"C": {"owner": "beta", "card": "5C", "since": 9}}},
         "extra zone C: since 9 is not a turn already played"),
        ({"first": "alpha", "to_move": "beta"}, "turn 0: first is alpha but to_move is beta"),
        ({"rows": {"alpha": [["5H"], [], ["5H"]]}}, "5H is listed twice"),
        ({"faces": {"alpha": [[{"card": "JD", "sinc": 1}], [], []]}}, "sinc: Extra inputs are not permitted"),
        ({"extra": {"D": {"card": "5D"}}}, "extra.D.owner: Field required"),
        ({"joker": {"alpha": 1}, "hands": {"alpha": ["JKR"]}}, "JKR is listed twice"),
        ("not a dict", "must be a JSON object"),
    ],
)
def test_a_malformed_setup_is_refused_with_its_reason(setup: object, message: str) -> None:
    with pytest.raises(SetupError, match=re.escape(message)):
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
