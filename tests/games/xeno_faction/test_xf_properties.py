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

from tablecraft.core.cards import card_str, parse_card
from tablecraft.games.xeno_faction.spec import (
    BIG_JOKER,
    FACE_ROW,
    IS_NORMAL,
    ROWS_OF,
    SEAT_NAMES,
    SMALL_JOKER,
    ZONE_OF,
)

OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"life": 30},
    {"life": 30, "pair_uses_row": False, "dispel": "pick", "clash_self_damage": False, "clash_hearts": True,
     "knight_damage": 0, "joker_direct_row_damage": True},
]

SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
GAMES = {
    "seed": st.integers(min_value=0, max_value=2**32 - 1),
    "options": st.sampled_from(OPTION_SETS),
    "choices": st.integers(min_value=0, max_value=2**32 - 1),
    "steps": st.integers(min_value=20, max_value=400),
    "rich": st.booleans(),
}


def _random_game(
    seed: int, options: dict[str, Any], choices: int, steps: int, setup: dict[str, Any] | None = None
) -> Iterator[tuple[Any, list[int], list[Any]]]:
    """Play up to ``steps`` uniformly random legal actions from the deal (or ``setup``); after each, yield the
    state, the life before the action and the events it caused."""
    s = start(setup, seed=seed, **options)
    pick = random.Random(choices)
    for _ in range(steps):
        if s.is_terminal():
            return
        actions = s.legal_actions()
        assert actions, "no legal action before the end"
        before = list(s.life)
        events = s.apply(pick.choice(actions))
        yield s, before, events


def rich_setup(seed: int) -> dict[str, Any]:
    """A random mid-game position in the setup format, crowded with what random deals seldom bring together:
    both 大王 on the field or in hand, 小王 in hand, face cards in the rows, owned extra zones, banished cards.
    Random play from it reaches the 大王 clash, the 小王 window, 分裂新生 and 域外充能 far more often."""
    rng = random.Random(seed)
    turn = rng.randint(2, 30)
    setup: dict[str, Any] = {"turn": turn, "to_move": rng.choice(SEAT_NAMES), "first": rng.choice(SEAT_NAMES),
                             "hands": {}, "rows": {}, "faces": {}, "joker": {}, "graveyards": {}, "banished": {},
                             "extra": {}}
    free = []
    for name in SEAT_NAMES:
        cards = list(range(54))
        rng.shuffle(cards)
        rows: list[list[int]] = [[], [], []]
        for x in [x for x in cards if IS_NORMAL[x]][: rng.randint(0, 9)]:
            rows[rng.choice(ROWS_OF[x])].append(x)
        faces: list[list[dict[str, Any]]] = [[], [], []]
        for x in [x for x in cards if FACE_ROW[x] >= 0]:
            if len(faces[FACE_ROW[x]]) < 2 and rng.random() < 0.4:
                faces[FACE_ROW[x]].append({"card": card_str(x), "since": rng.randint(0, turn)})
        used = {x for r in rows for x in r} | {parse_card(f["card"]) for r in faces for f in r}
        occupied = [r for r in range(3) if rows[r]]
        if occupied and rng.random() < 0.7:  # mostly row 1, which the other row 1 attacks: clashes
            setup["joker"][name] = (0 if rows[0] and rng.random() < 0.7 else rng.choice(occupied)) + 1
            used.add(BIG_JOKER)
        rest = [x for x in cards if x not in used]
        hand = [x for x in rest if x in (BIG_JOKER, SMALL_JOKER) and rng.random() < 0.5]
        hand += [x for x in rest if x not in hand and x not in (BIG_JOKER, SMALL_JOKER)][: rng.randint(2, 6)]
        rest = [x for x in rest if x not in hand]
        grave, banished = rest[:rng.randint(0, 8)], rest[8:8 + rng.randint(0, 12)]
        free += [(name, x) for x in rest[20:] if ZONE_OF[x] >= 0]
        setup["hands"][name] = [card_str(x) for x in hand]
        setup["rows"][name] = [[card_str(x) for x in r] for r in rows]
        setup["faces"][name] = faces
        setup["graveyards"][name] = [card_str(x) for x in grave]
        setup["banished"][name] = [card_str(x) for x in banished]
    for owner, x in free:
        key = "DSC"[ZONE_OF[x]]
        if key not in setup["extra"] and rng.random() < 0.3:
            setup["extra"][key] = {"owner": owner, "card": card_str(x), "since": rng.randint(0, turn)}
    return setup


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


def _games(seed: int, options: dict[str, Any], choices: int, steps: int, rich: bool) -> Iterator[Any]:
    setup = rich_setup(seed) if rich else None
    yield from _random_game(seed, options, choices, steps, setup)


@SETTINGS
@given(**GAMES)
def test_every_one_of_the_108_cards_is_in_exactly_one_place_after_every_action(
    seed: int, options: dict[str, Any], choices: int, steps: int, rich: bool
) -> None:
    _check_conservation(start(rich_setup(seed) if rich else None, seed=seed, **options))
    for s, _, _ in _games(seed, options, choices, steps, rich):
        _check_conservation(s)


@SETTINGS
@given(**GAMES)
def test_life_changes_only_through_damage_and_heal_events(
    seed: int, options: dict[str, Any], choices: int, steps: int, rich: bool
) -> None:
    for s, before, events in _games(seed, options, choices, steps, rich):
        assert s.life == [before[i] + d for i, d in enumerate(_life_change_from(events))]
        life = list(before)
        for e in events:  # each event carries the life it leaves, in order: no change hides between them
            if e.kind in ("damage", "heal"):
                assert e.data["amount"] > 0
                life[e.data["seat"]] += e.data["amount"] if e.kind == "heal" else -e.data["amount"]
                assert e.data["life"] == life[e.data["seat"]]


@SETTINGS
@given(**GAMES)
def test_the_field_always_obeys_the_placement_rules(
    seed: int, options: dict[str, Any], choices: int, steps: int, rich: bool
) -> None:
    s = None
    for s, _, _ in _games(seed, options, choices, steps, rich):
        for p in (0, 1):
            for r in range(3):
                assert all(IS_NORMAL[x] and r in ROWS_OF[x] for x in s.rows[p][r])
                limit = 3 if s.phase.name == "REPLACE" and p == s.to_move and r == s.p_row else 2
                assert len(s.faces[p][r]) <= limit
                assert all(FACE_ROW[x] == r for x in s.faces[p][r])
                assert len(s.since[p][r]) == len(s.faces[p][r])
        for z, e in enumerate(s.extra):
            assert e < 0 or ZONE_OF[e % 54] == z
    if s is not None and s.is_terminal():
        assert len(s.winners()) <= 1 and sum(s.returns()) == 0.0


def test_the_crowded_setups_reach_every_reaction_and_effect() -> None:
    """The property tests above are only as good as the paths they visit: random play from ``rich_setup``
    must reach the clash, the 小王 window, both 小王 uses, 分裂新生's placement and every K option."""
    kinds: set[str] = set()
    for seed in range(40):
        for _, _, events in _random_game(seed, {}, seed, 200, rich_setup(seed)):
            kinds.update(e.kind for e in events)
            kinds.update(f"{e.kind}:{e.data.get('option', e.data.get('reacting'))}" for e in events
                         if e.kind in ("charge", "knight"))
    assert {"clash", "clash_choice", "clash_totals", "knight:True", "knight:False", "declined", "split",
            "charge:1", "charge:2", "charge:3", "dispel", "deck_empty", "hand_check"} <= kinds
