"""Cancel before commit in fate (取消, ``takeback.py``): a play chosen in steps is taken back, exactly, until any of
it is shown; after a commit (an event, a card discarded to pay, another hero asked) no ``cancel`` is offered; the
others never see a build in progress; bots never cancel; games with cancels replay.

Positions come from the setup format (``fate_support.start``); seat 0 is in its play phase unless said otherwise.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest
from fate_support import FOUR, act, hand, start

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.errors import IllegalActionError
from tablecraft.games.fate.actions import ACTIONS, CANCEL, CODEC

TABLE = ["centaur", "troll_warlord", "weaver", "dragon_knight"]


def snapshot(s: Any) -> dict[str, Any]:
    """Everything of a state but its action history (a copy: ``to_json`` shares the state's own lists)."""
    data = json.loads(json.dumps(s.to_json()))
    del data["history"]
    return data


def legal(s: Any) -> set[str]:
    """Every legal action as text, ``cancel`` included (``fate_support.legal`` leaves it out)."""
    return {str(a) for a in s.legal_actions()}


def asked(s: Any) -> tuple[int, str]:
    """Who decides now, and what, as that seat sees it (the others see the decision a build started at)."""
    seat = s.current_player()
    return seat, s.view(seat)["decision"]


def others_see(s: Any, mover: int) -> list[Any]:
    """Every other seat's and a spectator's view and log."""
    return [(s.view(p), s.log(p)) for p in [*range(s.n), None] if p != mover]


# ------------------------------------------------------------------------------------------ the action itself
MAIN_IDS = "f0822cb4eaaee0b5b29a12b59af22b2cffe54e8970e8e89ff0b3a5fa05df1dcb"
"""sha256 of the 864 actions' notation, one a line in id order, as they were before ``cancel`` was added."""


def test_cancel_is_the_codecs_last_action_so_no_older_id_moved() -> None:
    assert CODEC.cancel is CANCEL and CANCEL is ACTIONS[-1] and str(CANCEL) == "cancel"
    assert CANCEL.id == CODEC.size - 1 == 864
    ids = "\n".join(str(a) for a in ACTIONS[:-1]).encode()
    assert hashlib.sha256(ids).hexdigest() == MAIN_IDS


def test_cancel_is_worded_in_both_languages() -> None:
    game = tablecraft.load("fate", num_seats=4)
    assert game.describe_action(CANCEL, "en") == "cancel"
    assert game.describe_action(CANCEL, "zh") == "取消"


def test_cancel_is_refused_with_its_reason_when_nothing_is_being_built() -> None:
    s = start(TABLE, hands=[["atk:AS"], [], [], []])
    with pytest.raises(IllegalActionError, match="no play under way to take back"):
        s.apply("cancel")


# ------------------------------------------------------------------------------------------ a card and its target
def test_an_attack_chosen_but_not_aimed_is_taken_back_to_the_play_phase_exactly() -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], [], []])
    before = snapshot(s)
    act(s, "use atk:AS")
    assert asked(s) == (0, "build") and "cancel" in legal(s) and s.legal_actions()[-1] is CANCEL
    assert s.view(0)["table"] == ["atk:AS"]  # the builder sees its card on the table
    act(s, "cancel")
    assert snapshot(s) == before and asked(s) == (0, "play") and "cancel" not in legal(s)
    assert hand(s, 0) == ["atk:AS", "dodge:6H"] and s.view(None)["table"] == []


def test_the_others_see_the_play_phase_while_an_attack_is_being_aimed() -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], [], []])
    seen = others_see(s, 0)
    act(s, "use atk:AS")
    assert others_see(s, 0) == seen
    assert s.view(1)["decision"] == "play" and s.view(1)["table"] == []


def test_a_strengthening_choice_is_a_step_of_the_build_too() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:2S"], [], []], rage=[1, 0, 0, 0])
    before = snapshot(s)
    act(s, "use arrow:6S", "target 1")
    assert asked(s) == (0, "build") and legal(s) == {"yes", "no", "cancel"}
    act(s, "cancel")
    assert snapshot(s) == before


def test_choosing_the_target_commits_the_attack_and_no_cancel_follows() -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], [], []])
    ev = act(s, "use atk:AS", "target 1")
    assert [e["kind"] for e in ev][:1] == ["used"]
    assert asked(s) == (1, "reply") and "cancel" not in legal(s)  # another hero is asked
    act(s, "pass")
    assert asked(s) == (0, "play") and "cancel" not in legal(s)


# ------------------------------------------------------------------------------------------ two cards as one
def test_a_pair_is_taken_back_after_its_first_card_is_picked() -> None:
    s = start(TABLE, hands=[["atk:AS", "fire:AH", "salve:2H"], ["dodge:6H"], [], []], weapon=["sny:KS", None, None, None])
    before = snapshot(s)
    seen = others_see(s, 0)
    act(s, "pair sny", "pick atk:AS")
    assert asked(s) == (0, "pair_pick") and "cancel" in legal(s) and "pick atk:AS" not in legal(s)
    assert others_see(s, 0) == seen
    act(s, "pick fire:AH")
    assert asked(s) == (0, "build") and "cancel" in legal(s)
    act(s, "cancel")
    assert snapshot(s) == before and "pair sny" in legal(s)


def test_a_pair_played_in_answer_is_taken_back_to_the_reply_window() -> None:
    s = start(TABLE, hands=[["arrow:6S"], ["atk:2S", "salve:AH"], [], []], weapon=[None, "diffusal:9S", None, None])
    act(s, "use arrow:6S", "target 1")
    assert asked(s) == (1, "reply")
    before = snapshot(s)
    act(s, "pair diffusal", "pick atk:2S")
    assert legal(s) == {"pick salve:AH", "cancel"}
    act(s, "cancel")
    assert snapshot(s) == before and legal(s) == {"pass", "pair diffusal"}
    ev = act(s, "pair diffusal", "pick atk:2S", "pick salve:AH")  # the pair is played: committed
    assert [e["kind"] for e in ev][:1] == ["played"] and "cancel" not in legal(s)


# ------------------------------------------------------------------------------------------ skills
def test_a_skill_paid_by_discarding_is_cancellable_only_before_its_first_card() -> None:
    s = start(["axe", "centaur", "weaver", "dragon_knight"], hands=[["atk:AS", "dodge:6H"], ["atk:2S"], [], []])
    before = snapshot(s)
    act(s, "skill 0")  # 战争饥渴: discard a card, then choose a hero
    assert asked(s) == (0, "pay") and "cancel" in legal(s)
    act(s, "cancel")
    assert snapshot(s) == before
    ev = act(s, "skill 0", "pick dodge:6H")
    assert [e["kind"] for e in ev] == ["discarded"]  # the card paid is shown: the skill is committed
    assert asked(s) == (0, "skill_target") and "cancel" not in legal(s)


def test_a_skill_aimed_without_cost_is_taken_back_from_its_target_choice() -> None:
    s = start(["lord_of_avernus", "centaur", "weaver", "dragon_knight"], hands=[["atk:AS"], ["atk:2S"], [], []])
    before = snapshot(s)
    seen = others_see(s, 0)
    act(s, "skill 0")  # 死亡缠绕: choose another hero
    assert asked(s) == (0, "skill_target") and "cancel" in legal(s) and others_see(s, 0) == seen
    act(s, "cancel")
    assert snapshot(s) == before and "skill 0" in legal(s)  # its once-per-turn use is not spent


def test_a_cast_phase_skill_is_taken_back_to_the_cast_question() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"], hands=[["salve:AH", "salve:2H"], [], [], []],
              start="turn", turn_seat=1)
    assert asked(s) == (0, "cast_ask")
    before = snapshot(s)
    act(s, "skill 0")
    assert asked(s) == (0, "pay") and "cancel" in legal(s)
    act(s, "cancel")
    assert snapshot(s) == before and legal(s) == {"pass", "skill 0"}


def test_frost_novas_extra_card_commits_the_attack_it_pays_for() -> None:
    s = start(["crystal_maiden", "centaur", "lich", "weaver"],
              hands=[["salve:AH", "salve:2H"], ["atk:AS", "atk:2S"], [], []], start="turn", turn_seat=1,
              deck=["dodge:2D", "dodge:3D", "dodge:4D", "dodge:5D", "dodge:9D", "dodge:10D"])
    act(s, "skill 0", "pick salve:AH", "pick salve:2H", "target 1")
    while s.current_player() != 1 or s.view(1)["decision"] != "play":
        s.apply("pass")
    before = snapshot(s)
    act(s, "use atk:AS")
    assert asked(s) == (1, "extra_cost") and legal(s) == {"pick atk:2S", "cancel"}
    act(s, "cancel")
    assert snapshot(s) == before
    act(s, "use atk:AS", "pick atk:2S")  # the extra 【攻击】 is discarded face up
    assert asked(s) == (1, "build") and "cancel" not in legal(s)


# ------------------------------------------------------------------------------------------ worlds, bots, replays
def test_worlds_sampled_for_the_others_hold_no_trace_of_the_build() -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], [], []])
    act(s, "use atk:AS")
    from tablecraft.core.rng import Rng

    for p in (1, 2, 3):
        w = s.resample(p, Rng(5))
        assert w.view(None)["decision"] == "play" and not w.can_cancel() and w.view(p) == s.view(p)
    mine = s.resample(0, Rng(5))
    assert mine.view(0) == s.view(0) and mine.can_cancel()


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_bots_never_take_a_build_back(level: str) -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], ["dodge:8H"], []])
    act(s, "use atk:AS")
    game = s.game
    bot = make_agent(f"{level}:iterations=20" if level == "hard" else level, game)
    obs = observe(s)
    assert "cancel" not in {str(a) for a in obs.legal_actions}
    for k in range(5):
        assert bot.act(obs, random.Random(k)) is not CANCEL


def test_a_game_with_cancels_replays_from_its_seed_and_action_list() -> None:
    game = tablecraft.load("fate", num_seats=5)
    s = game.new_initial_state(seed=11)
    rng = random.Random(11)
    cancels = 0
    while not s.is_terminal():
        legal_now = s.legal_actions()
        if legal_now[-1] is CANCEL and rng.random() < 0.5:
            s.apply(CANCEL)
            cancels += 1
        else:
            s.apply(rng.choice(s.forward_actions()))
    assert cancels > 10
    again = game.replay(11, [str(a) for a in s.history()])
    assert again.to_json() == s.to_json()
    assert [e.to_json() for e in again.events()] == [e.to_json() for e in s.events()]


def test_a_state_saved_mid_build_round_trips_and_can_still_be_cancelled() -> None:
    s = start(TABLE, hands=[["atk:AS", "dodge:6H"], ["dodge:7H"], [], []], identities=FOUR)
    before = snapshot(s)
    act(s, "use atk:AS")
    back = s.game.state_from_json(s.to_json())
    assert back.to_json() == s.to_json() and back.can_cancel()
    back.apply("cancel")
    assert snapshot(back) == before
