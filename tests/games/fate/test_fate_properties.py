"""Invariants over random games (Hypothesis): random seeds, seat counts and modes, random legal-action sequences,
from the standard preparation and from random positions written in the setup format (low HP, full rage, cards in
every zone) so that dying windows, deaths, S cards and equipment come up often.

- Conservation: after every action each of the 112 cards is in exactly one place — hands, equipment, status
  zones, bombs, faith piles (``pile``), cards set aside (``held``, ``aside``), deck, discard pile, the table,
  a revealed row, looked-at cards, or out of the game (``removed``: both 海妖之歌 in 1v1, leaving 110 in play).
- HP changes only through the events that say so, by exactly their amounts: ``damage`` and ``healed``, and the
  events that set HP (``shallow_grave`` → 1, ``sunder``, ``rotated``; 重生's ``healed``); rage only through
  ``rage`` and ``rotated`` events. HP never exceeds the limit, rage stays within 0–3.
- Whenever a hero is in its play phase, every death has been dealt with: the dead hold no cards.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tablecraft
from tablecraft.games.fate.content import (
    CARD_DEF,
    CARD_NAME,
    CARD_ROLE,
    CARD_TYPE,
    DECK_SIZE,
    HEROES,
    TYPE_INDEX,
    CardKind,
    Role,
)
from tablecraft.games.fate.heroes import implemented_heroes
from tablecraft.games.fate.spec import RAGE_LIMIT

TABLES: list[tuple[int, dict[str, Any]]] = [
    (2, {}), (3, {}), (4, {}), (4, {"mode": "2v2"}), (5, {}), (6, {}), (6, {"six_split": "3/3/0"}), (7, {}), (8, {}),
    (5, {"texts": "thefate"}), (2, {"duel_defeat": "all"}), (6, {"texts": "reborn", "siren_shield": "placed"}),
]
SETTINGS = settings(max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SIREN = TYPE_INDEX["海妖之歌"]
POOL = implemented_heroes("default")


def places(s: Any) -> Counter[int]:
    """Every card where it lies, counted."""
    out: list[int] = []
    for p in range(s.n):
        out += s.hands[p] + s.status[p] + s.bombs[p] + s.pile[p]
        out += [c for c in (s.weapon[p], s.armour[p]) if c >= 0]
    out += [c for c, _, _ in s.held]
    out += s.aside + s.deck + s.discard + s.table + s.revealed + s.looked + s.removed
    return Counter(out)


def check_conservation(s: Any, where: str) -> None:
    counts = places(s)
    twice = sorted(CARD_NAME[c] for c, k in counts.items() if k > 1)
    missing = sorted(CARD_NAME[c] for c in range(DECK_SIZE) if c not in counts)
    assert not twice and not missing, f"{where}: twice {twice}, missing {missing}"
    if s.view(None)["mode"] == "1v1":
        assert sorted(s.removed) == [c for c in range(DECK_SIZE) if CARD_TYPE[c] == SIREN]
        assert DECK_SIZE - len(s.removed) == 110
    else:
        assert s.removed == []


def expected_after(hp: list[int], rage: list[int], events: list[Any], where: str) -> tuple[list[int], list[int]]:
    """HP and rage as the events of one action say they became."""
    hp, rage = hp[:], rage[:]
    for e in events:
        d = e.data
        if e.kind == "damage":
            assert hp[d["seat"]] - d["amount"] == d["hp"] and d["amount"] > 0, f"{where}: {d}"
            hp[d["seat"]] = d["hp"]
        elif e.kind == "healed":
            assert hp[d["seat"]] + d["amount"] == d["hp"] and d["amount"] > 0, f"{where}: {d}"
            hp[d["seat"]] = d["hp"]
        elif e.kind == "shallow_grave":
            hp[d["seat"]] = 1
        elif e.kind == "sunder":
            hp[d["seat"]], hp[d["target"]] = d["hp"]
        elif e.kind in ("rotated", "replaced"):
            hp[d["seat"]] = d["hp"]
            rage[d["seat"]] = d["rage"]
        elif e.kind == "rage":
            assert rage[d["seat"]] + d["change"] == d["rage"] == d["from"] + d["change"], f"{where}: {d}"
            # a change of 0 is only a gain the limit swallowed whole (its event explains why nothing changed)
            assert d["change"] != 0 or d["amount"] > 0 and d["rage"] == d["limit"], f"{where}: {d}"
            rage[d["seat"]] = d["rage"]
    return hp, rage


def run(s: Any, choices: int, steps: int) -> None:
    """Random legal actions, checking every invariant after each."""
    rng = random.Random(choices)
    check_conservation(s, "start")
    limits = s.maxhp[:]
    for i in range(steps):
        if s.is_terminal():
            break
        hp, rage = s.hp[:], s.rage[:]
        preparing = min(s.hero) < 0  # the heroes are being picked; the preparation then sets HP and rage
        events = s.apply(rng.choice(s.legal_actions()))
        where = f"step {i}"
        check_conservation(s, where)
        if preparing:
            limits = s.maxhp[:]
            continue
        want_hp, want_rage = expected_after(hp, rage, events, where)
        assert s.hp == want_hp, f"{where}: HP {hp} → {s.hp}, events say {want_hp}"
        assert s.rage == want_rage, f"{where}: rage {rage} → {s.rage}, events say {want_rage}"
        assert s.maxhp == limits
        assert all(h <= m for h, m in zip(s.hp, s.maxhp, strict=True)), where
        assert all(0 <= r <= RAGE_LIMIT for r in s.rage), where
        if not s.is_terminal() and s.view(None)["decision"] == "play":
            for p in range(s.n):
                if not s.alive[p]:
                    assert not (s.hands[p] or s.status[p] or s.bombs[p] or s.pile[p]), f"{where}: dead {p}"
                    assert s.weapon[p] < 0 and s.armour[p] < 0, f"{where}: dead {p} is equipped"


@SETTINGS
@given(table=st.sampled_from(TABLES), seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1),
       steps=st.integers(200, 2000))
def test_cards_hp_and_rage_are_accounted_for_in_games_from_the_standard_preparation(
        table: tuple[int, dict[str, Any]], seed: int, choices: int, steps: int) -> None:
    n, options = table
    s = tablecraft.load("fate", num_seats=n, max_turns=80, **options).new_initial_state(seed=seed)
    run(s, choices, steps)


@st.composite
def positions(draw: st.DrawFn) -> tuple[int, dict[str, Any], dict[str, Any]]:
    """A random position in the setup format: distinct heroes, low HP, some rage, cards in every zone."""
    n, options = draw(st.sampled_from(TABLES))
    duel = n == 2
    heroes = draw(st.permutations(POOL))[: n + (4 if duel else 0)]
    cards = [c for c in draw(st.permutations(range(DECK_SIZE))) if not (duel and CARD_TYPE[c] == SIREN)]
    limit = [4 if duel else HEROES[h].hp for h in heroes[:n]]
    hp = [draw(st.integers(1, min(2, lim))) if draw(st.booleans()) else lim for lim in limit]
    rage = [draw(st.integers(0, RAGE_LIMIT)) for _ in range(n)]
    hands: list[list[str]] = []
    weapon: list[str | None] = []
    armour: list[str | None] = []
    status: list[list[str]] = []
    bombs: list[list[str]] = []
    for p in range(n):
        size = draw(st.integers(0, 6))
        hands.append([CARD_NAME[c] for c in cards[:size]])
        del cards[:size]
        w = next((c for c in cards if CARD_DEF[c].kind is CardKind.WEAPON and CARD_DEF[c].ability != "relic"), -1)
        a = next((c for c in cards if CARD_DEF[c].kind is CardKind.ARMOUR), -1)
        weapon.append(CARD_NAME[w] if w >= 0 and draw(st.booleans()) else None)
        armour.append(CARD_NAME[a] if a >= 0 and draw(st.booleans()) else None)
        for x in (weapon[-1], armour[-1]):
            if x is not None:
                cards.remove(CARD_NAME.index(x))
        siren = next((c for c in cards if CARD_TYPE[c] == SIREN), -1)
        status.append([CARD_NAME[siren]] if siren >= 0 and draw(st.integers(0, 4)) == 0 else [])
        if status[-1]:
            cards.remove(siren)
        mines = [c for c in cards if CARD_ROLE[c] is Role.ATTACK][: draw(st.integers(0, 2))]
        bombs.append([CARD_NAME[c] for c in mines] if HEROES[heroes[p]].code == "goblin_techies" else [])
        for c in mines if bombs[-1] else []:
            cards.remove(c)
    discard = [CARD_NAME[c] for c in cards[: draw(st.integers(0, 40))]]
    setup: dict[str, Any] = {
        "heroes": [HEROES[h].code for h in heroes[:n]], "hp": hp, "rage": rage, "hands": hands, "weapon": weapon,
        "armour": armour, "status": status, "bombs": bombs, "discard": discard,
        "turn_seat": draw(st.integers(0, n - 1)), "start": draw(st.sampled_from(["play", "turn"])),
    }
    if duel:
        setup["bench"] = [[HEROES[h].code for h in heroes[2:4]], [HEROES[h].code for h in heroes[4:6]]]
    return n, options, setup


@SETTINGS
@given(position=positions(), seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1),
       steps=st.integers(100, 1500))
def test_cards_hp_and_rage_are_accounted_for_in_games_from_random_positions(
        position: tuple[int, dict[str, Any], dict[str, Any]], seed: int, choices: int, steps: int) -> None:
    n, options, setup = position
    s = tablecraft.load("fate", num_seats=n, max_turns=80, **options).new_initial_state(seed=seed, setup=setup)
    run(s, choices, steps)
