"""Cancel before commit in wild-hunters (取消): a move, attack or rest is taken back, exactly, until its first card is
paid; the first card paid (or a payment forced in the open) commits it; the other heroes never see the pending
choice; bots never cancel; the ids of the older actions did not move.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from wh_support import duo, legal, play, setup, start, where

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.errors import IllegalActionError
from tablecraft.games.wild_hunters.actions import ACTIONS, CANCEL, CODEC

AT = (1, -2)
SE_OF = (1, -1)
MAIN_IDS = "ac150056d06e4b8fe97e672f510e90b5dcb59aaf26b9e7b1f82c584aac881d12"
"""sha256 of the 90 actions' notation, one a line in id order, as they were before ``cancel`` was added."""


def snapshot(s: Any) -> dict[str, Any]:
    """Everything of a state but its action history (a copy: ``to_json`` shares the state's own lists)."""
    data = json.loads(json.dumps(s.to_json()))
    del data["history"]
    return data


def test_cancel_is_the_codecs_last_action_so_no_older_id_moved() -> None:
    assert CODEC.cancel is CANCEL and CANCEL is ACTIONS[-1] and CANCEL.id == 90 and str(CANCEL) == "cancel"
    assert hashlib.sha256("\n".join(str(a) for a in ACTIONS[:-1]).encode()).hexdigest() == MAIN_IDS


def test_cancel_is_worded_in_both_languages() -> None:
    game = tablecraft.load("wild-hunters", num_seats=1)
    assert (game.describe_action(CANCEL, "en"), game.describe_action(CANCEL, "zh")) == ("cancel", "取消")


def test_a_move_not_yet_paid_for_is_taken_back_to_the_choice_of_action_exactly() -> None:
    s = start(setup(hand=["T", "T", "R", "R", "W"], at=AT, elements={AT: "W", SE_OF: "F"}, up=[SE_OF]))
    before = snapshot(s)
    play(s, "move se")
    assert s.phase.name == "PAY" and legal(s) == ["pay R", "pay T", "cancel"]
    assert s.view(0)["pending"]["action"] == "move"
    assert play(s, "cancel") == []
    assert snapshot(s) == before and s.phase.name == "ACTION" and "cancel" not in legal(s)


@pytest.mark.parametrize("first", ["rest", "attack"])
def test_a_rest_or_an_attack_not_yet_paid_for_is_taken_back_too(first: str) -> None:
    spec = setup(hand=["W", "W", "F", "R", "T"], at=(0, -1), elements={(0, 0): "W", (0, -1): "T"}, main="knight")
    s = start(spec)
    before = snapshot(s)
    play(s, first)
    assert s.phase.name == "PAY" and legal(s)[-1] == "cancel"
    play(s, "cancel")
    assert snapshot(s) == before


def test_the_first_card_paid_commits_the_move_and_no_cancel_follows() -> None:
    s = start(setup(hand=["W", "W", "F", "R", "T"], at=(0, -1), elements={(0, 0): "W", (0, -1): "T"}))
    play(s, "attack")  # a face-down tile: three cards of different elements
    events = play(s, "pay W")
    assert [e.kind for e in events] == ["paid"] and s.phase.name == "PAY" and "cancel" not in legal(s)
    with pytest.raises(IllegalActionError, match="before its first card is paid"):
        s.apply("cancel")


def test_a_payment_forced_in_the_open_is_made_at_once_and_commits_at_once() -> None:
    s = start(setup(hand=["F", "W", "R", "T", "G"], at=AT, elements={AT: "W", SE_OF: "F"}, up=[SE_OF]))
    play(s, "move se")  # only the fire card pays, and nobody else is there to be told anything
    assert where(s) == SE_OF and "cancel" not in legal(s)


def test_the_other_heroes_see_the_choice_of_action_while_a_move_waits_for_its_first_card() -> None:
    s = start(duo({"at": list(AT), "hand": ["F", "W", "R", "T", "G"]}, {},
                  ["water-1", "fire-1", "water-2", "fire-2", "water-stun", "fire-stun"], up=[SE_OF]), seats=2)
    fire = [(s.view(p), s.log(p)) for p in (1, None)]
    play(s, "move se")
    assert s.can_cancel() and s.view(0)["phase"] == "pay"
    assert [(s.view(p), s.log(p)) for p in (1, None)] == fire
    from tablecraft.core.rng import Rng

    w = s.resample(1, Rng(3))
    assert w.view(1) == s.view(1) and w.phase.name == "ACTION" and not w.can_cancel()


def test_bots_never_take_a_move_back() -> None:
    s = start(setup(hand=["T", "T", "R", "R", "W"], at=AT, elements={AT: "W", SE_OF: "F"}, up=[SE_OF]))
    play(s, "move se")
    for level in ("easy", "normal"):
        bot = make_agent(level, s.game)
        for k in range(5):
            assert bot.act(observe(s), random.Random(k)) is not CANCEL
