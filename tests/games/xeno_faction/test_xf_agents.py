"""The heuristic agent and the evaluation function (``Game.make_heuristic``, ``Game.evaluate``)."""

from __future__ import annotations

import random

import pytest
from xf_support import ALPHA, BETA, game, start, table

from tablecraft.agents import observe
from tablecraft.lab.simulate import play_game


def test_the_heuristic_plays_whole_games_with_legal_actions_only() -> None:
    g = game()
    agent = g.make_heuristic()
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            action = agent.act(observe(s), rng)
            s.apply(action)  # checked: an illegal choice would raise
        assert s.end_reason


def test_the_heuristic_beats_the_random_agent_from_either_seat() -> None:
    g = game()
    wins = 0
    for seed in range(20):
        seats = ("heuristic", "random") if seed % 2 == 0 else ("random", "heuristic")
        record = play_game(g, seed, seats)
        wins += record["winners"] == [seats.index("heuristic")]
    assert wins >= 16


def test_evaluation_is_bounded_antisymmetric_and_follows_life() -> None:
    g = game()
    ahead = start(table(["5S"], [], life={"alpha": 50, "beta": 30}))
    even = start(table(["5S"], []))
    assert not ahead.is_terminal() and not even.is_terminal()
    assert -1.0 < g.evaluate(ahead, BETA) < 0.0 < g.evaluate(ahead, ALPHA) < 1.0
    assert g.evaluate(ahead, ALPHA) == pytest.approx(-g.evaluate(ahead, BETA))
    assert g.evaluate(even, ALPHA) > 0.0  # same life; alpha holds a card more


def test_evaluation_of_a_finished_game_is_its_result() -> None:
    s = start(table([], ["KH"], alpha_rows=[[], ["10S", "9S"], []], life={"alpha": 50, "beta": 19}))
    s.apply("attack row2 direct")
    assert s.is_terminal()
    assert (game().evaluate(s, ALPHA), game().evaluate(s, BETA)) == (1.0, -1.0)
