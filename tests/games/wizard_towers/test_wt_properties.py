"""Invariants over random games (Hypothesis): random seeds, option sets and legal-action sequences.

- Conservation: after every action each of the 54 cards is in exactly one place (hands, towers, bags, junk,
  the battle's face-down cards), and each of the 3 spiral coins is in its bag or held by exactly one seat.
- HP changes only through ``damage`` and ``healed`` events, by exactly their amounts.
- Life and death agree with HP, the dead hold nothing, limits hold, and a finished game has at most one winner.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from wt_support import card_places, start

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"warrior_hp": 12, "wizard_hp": 18},  # short games: deaths, kill draws, discards and the end
    {"warrior_hp": 12, "wizard_hp": 18, "alliance": True, "substitute": "alone", "heal_cap": True},
    {
        "warrior_hp": 15,
        "wizard_hp": 20,
        "joker_must_lead": False,
        "coin_skip_end_draw": False,
        "wizard_remembers_towers": True,
    },
]

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = {
    "seed": st.integers(min_value=0, max_value=2**32 - 1),
    "options": st.sampled_from(OPTION_SETS),
    "choices": st.integers(min_value=0, max_value=2**32 - 1),
    "steps": st.integers(min_value=20, max_value=500),
}


def _random_game(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> Iterator[tuple[Any, list[int], list[Any]]]:
    """Play up to ``steps`` uniformly random legal actions; after each, yield the state, the HP before the
    action and the events it caused."""
    s = start(None, seed=seed, **options)
    pick = random.Random(choices)
    for _ in range(steps):
        if s.is_terminal():
            return
        actions = s.legal_actions()
        assert actions, "no legal action before the end"
        before = list(s.hp)
        events = s.apply(pick.choice(actions))
        yield s, before, events


def _check_conservation(s: Any) -> None:
    places = card_places(s)
    wrong = {i: n for i, n in enumerate(places) if n != 1}
    assert not wrong, f"cards not in exactly one place (card id: count): {wrong}"
    held = Counter(b for seat in s.coins for b in seat)
    assert set(held) <= {0, 1, 2}
    assert all(n == 1 for n in held.values()), f"a coin is held twice: {s.coins}"
    view = s.view(None)
    assert [b["coin"] for b in view["bags"]] == [b not in held for b in range(3)]


def _hp_change_from(events: list[Any]) -> list[int]:
    delta = [0, 0, 0]
    for e in events:
        if e.kind == "damage":
            delta[e.data["seat"]] -= e.data["amount"]
        elif e.kind == "healed":
            delta[e.data["seat"]] += e.data["amount"]
    return delta


@SETTINGS
@given(**GAMES)
def test_every_card_and_coin_is_in_exactly_one_place_after_every_action(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    _check_conservation(start(None, seed=seed, **options))
    for s, _, _ in _random_game(seed, options, choices, steps):
        _check_conservation(s)


@SETTINGS
@given(**GAMES)
def test_hp_changes_only_through_damage_and_healing_events(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    for s, before, events in _random_game(seed, options, choices, steps):
        delta = _hp_change_from(events)
        assert s.hp == [before[i] + delta[i] for i in range(3)]
        assert all(e.data["amount"] >= 0 for e in events if e.kind in ("damage", "healed"))


@SETTINGS
@given(**GAMES)
def test_the_dead_hold_nothing_and_a_finished_game_has_at_most_one_winner(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    s = None
    for s, _, _ in _random_game(seed, options, choices, steps):
        for seat in range(3):
            assert s.alive[seat] == (s.hp[seat] > 0)
            if not s.alive[seat]:
                assert s.hands[seat] == [] and s.coins[seat] == []
        assert all(len(t) <= lim for t, lim in zip(s.towers, (1, 1, 2), strict=True))
        assert all(len(h) <= lim for h, lim in zip(s.hands, s.hand_limit, strict=True)) or s.phase.name in (
            "KILL_DRAW",
            "DISCARD",
        )
    if s is not None and s.is_terminal():
        assert len(s.winners()) <= 1
        assert all(s.alive[w] for w in s.winners())
        assert sum(s.returns()) in (0.0, -1.0)
