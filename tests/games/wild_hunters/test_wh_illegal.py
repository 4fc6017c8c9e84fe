"""Bad input during play: an illegal or malformed action is refused with a message naming the problem (and the legal
actions), and the position is left exactly as it was."""

from __future__ import annotations

from typing import Any

import pytest
from wh_support import play, setup, start

import tablecraft

# water stands on (1, -2), a water tile; to the w and se face-up fire tiles, to the e and sw face-down ones (its
# hand has only two elements, so it cannot enter them); the demon king (tide) on (0, 0) is two steps away. The
# supply row shows FR (fire, like the tiles next to it) and TG (no element around it).
SCENE = setup(hand=["W", "W", "R", "R", "W"], at=(1, -2), elements={(1, -2): "W", (1, -1): "F"}, up=[(1, -1)],
              row=["FR", "TG"])


def _refused(s: Any, action: str, match: str, error: type[Exception] = tablecraft.IllegalActionError) -> None:
    before, seen = s.to_json(), s.view(0)
    with pytest.raises(error, match=match):
        s.apply(action)
    assert s.to_json() == before and s.view(0) == seen


@pytest.mark.parametrize(("action", "match"), [
    ("move ne", "no tile to the ne"),
    ("move sw", "your hand cannot pay for that move"),
    ("attack", "the demon king is not next to you"),
    ("end", "at least one action before ending"),
    ("focus R", "sword energy must have your main profession's element"),
    ("focus WF", "you hold no WF card"),
    ("acquire WG", "the supply row shows no WG card"),
    ("acquire TG", "shares no element with your tile or a face-up tile next to it"),
    ("pay W", "pay W belongs to the pay step"),
    ("swap", "swap belongs to the swap step"),
    ("release 1", "release 1 belongs to the release step"),
    ("profession knight", "profession knight belongs to the profession step"),
])
def test_an_illegal_action_says_why_and_changes_nothing(action: str, match: str) -> None:
    _refused(start(SCENE), action, match)


def test_the_refusal_lists_the_legal_actions() -> None:
    _refused(start(SCENE), "move ne", r"legal now: move w, move se, focus W, rest, acquire FR$")


def test_while_paying_only_a_card_that_can_still_finish_the_price_is_taken() -> None:
    s = start(setup(hand=["T", "T", "W", "W", "R"], at=(1, -2), elements={(1, -2): "W", (1, -1): "F"},
                    up=[(1, -1)]))
    play(s, "move se")
    _refused(s, "pay R", "after that card the price could no longer be paid")
    _refused(s, "pay G", "you hold no G card")
    _refused(s, "move w", "move w belongs to the action step")


def test_a_second_draw_on_the_supply_beyond_the_limit_is_refused() -> None:
    s = start(SCENE)
    play(s, "acquire FR")
    _refused(s, "acquire FT", "no more draws on the spirit supply this turn")


def test_text_naming_no_action_is_refused_before_the_rules_are_asked() -> None:
    s = start(SCENE)
    _refused(s, "pay X", "'X' is not an element", tablecraft.InvalidActionError)
    _refused(s, "move up", "not an action", tablecraft.InvalidActionError)
    _refused(s, "fly", "not an action", tablecraft.InvalidActionError)


def test_a_finished_game_refuses_every_action() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=[]))
    play(s, "rest", "pay G")  # four cards left: exhausted
    _refused(s, "end", "over", tablecraft.TablecraftError)
