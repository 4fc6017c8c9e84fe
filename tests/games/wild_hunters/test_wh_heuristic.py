"""The heuristic team player and the static evaluation: legal choices from the observation alone, values in range,
and better play than random."""

from __future__ import annotations

import random

from wh_support import game, start

from tablecraft.agents import make_agent, observe
from tablecraft.lab.simulate import play_game


def test_the_heuristic_always_chooses_a_legal_action_from_its_observation() -> None:
    g = game(3)
    agent = g.make_heuristic()
    for seed in range(4):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            obs = observe(s)
            assert agent.act(obs, rng) in obs.legal_actions
            s.apply(agent.act(obs, rng))


def test_the_heuristic_is_registered_as_the_heuristic_agent() -> None:
    assert make_agent("heuristic", game(2)).name == "heuristic"


def test_the_evaluation_stays_within_minus_one_and_one_and_matches_the_result_at_the_end() -> None:
    g = game(2)
    for seed in range(5):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            assert -1.0 <= g.evaluate(s, 0) <= 1.0
            s.apply(rng.choice(s.legal_actions()))
        assert g.evaluate(s, 0) == s.returns()[0]


def test_the_evaluation_prefers_a_wounded_demon_king() -> None:
    g = game(1)
    s = start(None, seed=3)
    hurt = s.clone()
    hurt.king_hp -= 3
    assert g.evaluate(hurt, 0) > g.evaluate(s, 0)


def test_a_heuristic_team_wins_more_often_than_random_play() -> None:
    g = game(3)
    wins = {"heuristic": 0, "random": 0}
    for bot in wins:
        for seed in range(30):
            record = play_game(g, seed, [bot] * 3)
            wins[bot] += bool(record["winners"])
    assert wins["heuristic"] > wins["random"] and wins["heuristic"] >= 3
