"""Invariants over random games (Hypothesis): random seeds, option sets and legal-action sequences.

- Conservation: after every action each of the 108 cards (each player's own 54) is in exactly one place — hand,
  deck, graveyard, banished zone, a row, a row's face cards, the field as 大王, or an extra zone — and every
  card is in its owner's places.
- Life changes only through ``damage`` and ``heal`` events, by exactly their (positive) amounts.
- The field obeys the placement rules: rows hold normal cards of the suits they accept, at most two face cards
  of their suit (three only while the push-out choice is pending), extra zones a 3–10 of their suit, and a
  finished game has at most one winner.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from xf_support import card_places, start

from tablecraft.games.xeno_faction.spec import FACE_ROW, IS_NORMAL, ROWS_OF, ZONE_OF

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"life": 30},
    {"life": 30, "pair_uses_row": False, "dispel": "pick", "clash_self_damage": False, "clash_hearts": True,
     "knight_damage": 0, "joker_direct_row_damage": True},
]

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = {
    "seed": st.integers(min_value=0, max_value=2**32 - 1),
    "options": st.sampled_from(OPTION_SETS),
    "choices": st.integers(min_value=0, max_value=2**32 - 1),
    "steps": st.integers(min_value=20, max_value=400),
}


def _random_game(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> Iterator[tuple[Any, list[int], list[Any]]]:
    """Play up to ``steps`` uniformly random legal actions; after each, yield the state, the life before the
    action and the events it caused."""
    s = start(None, seed=seed, **options)
    pick = random.Random(choices)
    for _ in range(steps):
        if s.is_terminal():
            return
        actions = s.legal_actions()
        assert actions, "no legal action before the end"
        before = list(s.life)
        events = s.apply(pick.choice(actions))
        yield s, before, events


def _check_conservation(s: Any) -> None:
    counts = card_places(s)
    wrong = {g: n for g, n in enumerate(counts) if n != 1}
    assert not wrong, f"cards not in exactly one place (owner*54+card: count): {wrong}"
    for p in (0, 1):  # hidden cards were never face up: a hand card is known to its owner, a deck card at most
        # to its owner (who looks through the deck to choose a 分裂新生 card), never to the opponent
        assert all(s.seen[p * 54 + x] == 1 << p for x in s.hands[p])
        assert all(s.seen[p * 54 + x] & ~(1 << p) == 0 for x in s.decks[p])


def _life_change_from(events: list[Any]) -> list[int]:
    delta = [0, 0]
    for e in events:
        if e.kind == "damage":
            delta[e.data["seat"]] -= e.data["amount"]
        elif e.kind == "heal":
            delta[e.data["seat"]] += e.data["amount"]
    return delta


@SETTINGS
@given(**GAMES)
def test_every_one_of_the_108_cards_is_in_exactly_one_place_after_every_action(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    _check_conservation(start(None, seed=seed, **options))
    for s, _, _ in _random_game(seed, options, choices, steps):
        _check_conservation(s)


@SETTINGS
@given(**GAMES)
def test_life_changes_only_through_damage_and_heal_events(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    for s, before, events in _random_game(seed, options, choices, steps):
        delta = _life_change_from(events)
        assert s.life == [before[i] + delta[i] for i in range(2)]
        assert all(e.data["amount"] > 0 for e in events if e.kind in ("damage", "heal"))


@SETTINGS
@given(**GAMES)
def test_the_field_always_obeys_the_placement_rules(
    seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    s = None
    for s, _, _ in _random_game(seed, options, choices, steps):
        for p in (0, 1):
            for r in range(3):
                assert all(IS_NORMAL[x] and r in ROWS_OF[x] or s.phase.name == "OVER" for x in s.rows[p][r])
                limit = 3 if s.phase.name == "REPLACE" and p == s.to_move and r == s.p_row else 2
                assert len(s.faces[p][r]) <= limit
                assert all(FACE_ROW[x] == r for x in s.faces[p][r])
                assert len(s.since[p][r]) == len(s.faces[p][r])
        for z, e in enumerate(s.extra):
            assert e < 0 or ZONE_OF[e % 54] == z
    if s is not None and s.is_terminal():
        assert len(s.winners()) <= 1 and sum(s.returns()) == 0.0
