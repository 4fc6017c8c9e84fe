"""Invariants over random games (Hypothesis): random seeds, option sets and legal-action sequences, from the
standard deal and from random positions written in the setup format (short HP, junk to refill from, cards in
every place, coins held), so that battles, aces, refills, deaths and discards come up often.

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

from tablecraft.core.cards import DECK_SIZE, card_str

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
    "steps": st.integers(min_value=200, max_value=1500),  # long enough to reach battles, refills and deaths
}


@st.composite
def positions(draw: st.DrawFn) -> dict[str, Any]:
    """A random legal position in the setup format: every card in one place, limits respected, all alive."""
    deck = [card_str(x) for x in draw(st.permutations(range(DECK_SIZE)))]
    sizes = [draw(st.integers(0, 3)), draw(st.integers(0, 3)), draw(st.integers(0, 5))]  # hands
    sizes += [draw(st.integers(0, 1)), draw(st.integers(0, 1)), draw(st.integers(0, 2))]  # towers
    sizes.append(draw(st.integers(0, 30)))  # junk
    rest = DECK_SIZE - sum(sizes)
    cut1 = draw(st.integers(0, rest))
    cut2 = draw(st.integers(cut1, rest))
    sizes += [cut1, cut2 - cut1, rest - cut2]  # bags
    zones, i = [], 0
    for n in sizes:
        zones.append(deck[i:i + n])
        i += n
    seats, towers, bags = ("orange", "blue", "purple"), ("left", "right", "main"), ("orange", "blue", "green")
    coins: dict[str, list[str]] = {}
    for bag in bags:
        holder = draw(st.sampled_from((None, *seats)))
        if holder is not None:
            coins.setdefault(holder, []).append(bag)
    return {
        "hp": {seat: draw(st.integers(1, 30)) for seat in seats},
        "hands": dict(zip(seats, zones[0:3], strict=True)),
        "towers": dict(zip(towers, zones[3:6], strict=True)),
        "junk": zones[6],
        "bags": dict(zip(bags, zones[7:10], strict=True)),
        "capacity": {
            bag: min(len(z) + 1 + draw(st.integers(0, 6)), DECK_SIZE + 1) for bag, z in zip(bags, zones[7:10], strict=True)
        },
        "coins": coins,
        "to_move": draw(st.sampled_from(seats)),
    }


def _random_game(
    seed: int, options: dict[str, Any], choices: int, steps: int, setup: dict[str, Any] | None = None
) -> Iterator[tuple[Any, list[int], list[Any]]]:
    """Play up to ``steps`` uniformly random legal actions; after each, yield the state, the HP before the
    action and the events it caused."""
    s = start(setup, seed=seed, **options)
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


@SETTINGS
@given(setup=positions(), **GAMES)
def test_from_any_position_cards_and_coins_are_conserved_and_hp_moves_only_by_events(
    setup: dict[str, Any], seed: int, options: dict[str, Any], choices: int, steps: int
) -> None:
    s = start(setup, seed=seed, **options)  # every legal position is accepted
    _check_conservation(s)
    assert s.hp == [setup["hp"][name] for name in ("orange", "blue", "purple")]
    for s, before, events in _random_game(seed, options, choices, steps, setup):
        _check_conservation(s)
        delta = _hp_change_from(events)
        assert s.hp == [before[i] + delta[i] for i in range(3)]
