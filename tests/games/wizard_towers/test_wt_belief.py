"""Belief worlds (``belief.py``): the hidden battle, hand and tower cards dealt as players keep them."""

from __future__ import annotations

import importlib
import random
import statistics
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.rng import Rng

belief = importlib.import_module("tablecraft.games.wizard_towers.belief")
view = importlib.import_module("tablecraft.games.wizard_towers.view")

WIZARD = 2


def _positions(games: int, every: int = 5) -> list[Any]:
    """Positions along normal self-play, every ``every``-th decision."""
    game = tablecraft.load("wizard-towers")
    bot = make_agent("normal", game)
    out = []
    for seed in range(games):
        s: Any = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        k = 0
        while not s.is_terminal():
            if k % every == 0:
                out.append(s.clone())
            k += 1
            s.apply(bot.act(observe(s), rng))
    return out


def test_a_belief_world_keeps_everything_the_seat_sees_and_its_legal_moves() -> None:
    rng = Rng(7)
    for s in _positions(3, every=9):
        for seat in range(3):
            w = s.resample_by_belief(seat, rng)
            assert w.view(seat) == s.view(seat)
            if seat == s.current_player():
                assert sorted(map(str, w.legal_actions())) == sorted(map(str, s.legal_actions()))
            assert sorted(c for z in (*w.hands, *w.towers, *w.bags, w.junk, w.att, w.dfn) for c in z) == sorted(
                c for z in (*s.hands, *s.towers, *s.bags, s.junk, s.att, s.dfn) for c in z
            )


def test_a_belief_world_depends_only_on_what_the_seat_knows() -> None:
    s = _positions(1, every=40)[2]
    seat = 0
    other = s.resample(seat, Rng(1))  # a state the seat cannot tell from s
    assert other.hands[WIZARD] != s.hands[WIZARD] or other.towers != s.towers
    a, b = s.resample_by_belief(seat, Rng(5)), other.resample_by_belief(seat, Rng(5))
    assert (a.hands, a.towers, a.bags, a.junk) == (b.hands, b.towers, b.bags, b.junk)


def test_a_place_weighted_to_aces_only_is_dealt_the_aces(monkeypatch: pytest.MonkeyPatch) -> None:
    aces_only = tuple(1.0 if v == 1 else 0.0 for v in belief.CLASS_VALUES)
    monkeypatch.setattr(belief, "PLACE_WEIGHTS", {("warrior", "wizard hand"): aces_only})
    for s in _positions(2, every=13):
        bit = 1
        unseen_aces = sum(
            1 for z in (*s.hands, *s.towers, *s.bags, s.junk, s.att, s.dfn) for c in z
            if not s.known[c] & bit and belief.CLASS_VALUES[belief.value_class(c)] == 1
        )
        hidden = [c for c in s.hands[WIZARD] if not s.known[c] & bit]
        w = s.resample_by_belief(0, Rng(3))
        dealt = [belief.CLASS_VALUES[belief.value_class(c)] for c in w.hands[WIZARD] if not w.known[c] & bit]
        assert len(dealt) == len(hidden)
        assert dealt.count(1) == min(len(hidden), unseen_aces)


def test_belief_worlds_deal_the_wizard_the_low_cards_and_aces_he_keeps() -> None:
    """Measured on normal self-play the wizard's unseen hand holds low cards and aces; belief worlds follow it."""
    true: list[int] = []
    believed: list[int] = []
    uniform: list[int] = []
    rng = Rng(11)
    for s in _positions(8, every=3):
        seat = s.current_player()
        if seat == WIZARD:
            continue
        for values, world in ((true, s), (believed, s.resample_by_belief(seat, rng)), (uniform, s.resample(seat, rng))):
            values += [belief.CLASS_VALUES[belief.value_class(c)] for place, c in belief.unseen_cards(world, seat)
                       if place == "wizard hand"]
    assert statistics.fmean(believed) < statistics.fmean(uniform) - 0.8
    assert abs(statistics.fmean(believed) - statistics.fmean(true)) < abs(statistics.fmean(uniform) - statistics.fmean(true))
    assert believed.count(1) / len(believed) > 2 * uniform.count(1) / len(uniform)


def test_without_weights_the_deal_is_the_uniform_resample() -> None:
    for s in _positions(1, every=30):
        a = view.resample_for(s, 1, Rng(9), {})
        b = s.resample(1, Rng(9))
        assert (a.hands, a.towers, a.bags, a.junk) == (b.hands, b.towers, b.bags, b.junk)


def test_against_the_wizards_attack_a_warriors_worlds_give_the_attack_his_best_hidden_cards() -> None:
    """The normal wizard attacks with his best cards (95% of his attacks), so the worlds of a defending warrior
    put the highest of the cards he cannot see among the wizard's attack and hand on the attack."""
    from tablecraft.games.wizard_towers.rules import card_value

    rng = Rng(2)
    met = 0
    for s in _positions(6, every=1):
        seat = s.current_player()
        if seat == WIZARD or not s.att or s.turn_seat != WIZARD:
            continue
        met += 1
        w = s.resample_by_belief(seat, rng)
        assert w.view(seat) == s.view(seat)
        bit = 1 << seat
        attack = [card_value(c) for c in w.att if not w.known[c] & bit]
        hand = [card_value(c) for c in w.hands[WIZARD] if not w.known[c] & bit]
        if attack and hand:
            assert min(attack) >= max(hand)
    assert met > 20
