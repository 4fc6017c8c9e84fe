"""Observations are blind by construction; difficulty levels resolve per game; guarded agents never destroy
themselves while a safe move exists; noisy agents slip as often as they say."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

import tablecraft
from tablecraft.agents import (
    GUARD_DOUBT,
    GUARD_MARGIN,
    GUARD_MORE_WORLDS,
    GUARD_MOST_WORLDS,
    GUARD_WORLDS,
    ByRole,
    Guarded,
    Noisy,
    make_agent,
    observe,
    parse_role_specs,
    resolve_spec,
)
from tablecraft.agents.conformance import check_no_self_destruction, check_observation_is_blind
from tablecraft.agents.levels import DEFAULT_SPECS, LEVELS, level_named, level_spec
from tablecraft.core.actions import Action
from tablecraft.core.api import State

GAMES = [g.id for g in tablecraft.games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_an_observation_keeps_no_part_of_the_true_state(game_id: str) -> None:
    check_observation_is_blind(tablecraft.load(game_id), range(2))


@pytest.mark.parametrize("game_id", GAMES)
def test_no_level_picks_a_self_destroying_action_while_a_safe_one_exists(game_id: str) -> None:
    stats = check_no_self_destruction(
        tablecraft.load(game_id), ["easy", "normal"], range(2), every=4, raw_heuristic=False
    )
    assert stats["positions"] > 0


UNGUARDED_PENDING: set[str] = set()
"""Games whose heuristic still needs the guard to stay alive (issue 17 rewrites them; strict xfail forces the
mark off as each one is fixed). fate and wild-hunters passed seeds 0–2 by luck: on the same code their unguarded
heuristics destroy themselves at seed 4 (fate) and seeds 3, 6, 7 (wild-hunters), and the steps issue 13 added
(payment steps asked where they were skipped) move these games onto such positions."""


@pytest.mark.parametrize(
    "game_id",
    [
        pytest.param(g, marks=pytest.mark.xfail(strict=True, reason="heuristic rewrite pending (issue 17)"))
        if g in UNGUARDED_PENDING else g
        for g in GAMES
    ],
)
def test_the_heuristic_itself_never_destroys_its_own_seat_while_a_safe_move_exists(game_id: str) -> None:
    check_no_self_destruction(tablecraft.load(game_id), [], range(3), every=2)


def test_every_level_has_names_in_both_languages_and_a_default_spec() -> None:
    assert [lv.id for lv in LEVELS] == ["easy", "normal", "hard", "expert"]
    for lv in LEVELS:
        assert lv.name("zh") != lv.name("en") and lv.blurb("zh") and lv.blurb("en")
        assert lv.id in DEFAULT_SPECS
    with pytest.raises(KeyError, match="levels: easy, normal, hard, expert"):
        level_named("grandmaster")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_level_makes_an_agent_that_plays_legal_moves(game_id: str) -> None:
    game = tablecraft.load(game_id)
    state = game.new_initial_state(seed=5)
    for lv in LEVELS:
        agent = make_agent(f"{lv.id}:iterations=3" if "ismcts" in level_spec(lv.id, game) else lv.id, game)
        assert agent.act(observe(state), random.Random(1)) in state.legal_actions()


def test_a_level_takes_parameters_on_top_of_its_spec() -> None:
    game = tablecraft.load("xeno-faction")
    kind, params = resolve_spec("expert:iterations=7", game)
    base_kind, base = resolve_spec(level_spec("expert", game), game)
    assert kind == base_kind and params == {**base, "iterations": 7}


def test_parameters_on_top_of_a_by_role_level_go_to_the_roles_whose_spec_is_written_out() -> None:
    game = tablecraft.load("wizard-towers")
    assert parse_role_specs(level_spec("hard", game)) is not None  # the wizard searches, the warriors play normal
    agent = make_agent("hard:iterations=7", game)
    assert isinstance(agent, ByRole)
    assert agent.agents["wizard"].iterations == 7
    assert agent.agents["warrior"].name == "heuristic"
    with pytest.raises(KeyError, match="plays by role"):
        resolve_spec("hard", game)


def test_a_by_role_spec_plays_each_seat_with_the_agent_of_its_own_role() -> None:
    game = tablecraft.load("wizard-towers")
    agent = make_agent("wizard=random|warrior=heuristic", game)
    assert isinstance(agent, ByRole)
    assert agent.agents["wizard"].name == "random" and agent.agents["warrior"].name == "heuristic"
    state = game.new_initial_state(seed=3)
    seen: set[str] = set()
    for _ in range(60):
        obs = observe(state)
        seen.add(obs.role)
        chosen = agent.act(obs, random.Random(0))
        mover = agent.agents[state.roles()[state.current_player()]]
        assert chosen == mover.act(observe(state), random.Random(0))
        state.apply(chosen)
        if state.is_terminal():
            break
    assert seen == {"warrior", "wizard"}


def test_a_by_role_spec_plays_unnamed_roles_by_its_star_part_or_normal() -> None:
    game = tablecraft.load("wizard-towers")
    assert make_agent("wizard=random", game).default.name == "heuristic"
    assert make_agent("warrior=random|*=random", game).default.name == "random"
    assert make_agent("warrior=random|*=easy", game).default.noise > 0


@pytest.mark.parametrize("spec, message", [
    ("wizard=hard|wizard=normal", "names role 'wizard' twice"),
    ("wizard=", "must be role=spec"),
    ("wizard=normal|", "must be role=spec"),
    ("wizard=normal|warrior=wizard=random", "cannot itself be split by role"),
    ("wizard=nonsense", "unknown agent 'nonsense'"),
])
def test_a_malformed_by_role_spec_says_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(KeyError, match=message):
        make_agent(spec, tablecraft.load("wizard-towers"))


def test_parse_role_specs_leaves_a_plain_spec_alone() -> None:
    assert parse_role_specs("ismcts:iterations=5:rollout=heuristic") is None
    assert parse_role_specs("hard") is None
    assert parse_role_specs("warrior=rollout:worlds=4") == {"warrior": "rollout:worlds=4"}


def test_an_unknown_agent_names_the_kinds_and_the_levels() -> None:
    with pytest.raises(KeyError, match="levels: easy, normal, hard, expert"):
        make_agent("grandmaster", tablecraft.load("wizard-towers"))


def test_every_agent_but_random_comes_guarded() -> None:
    game = tablecraft.load("xeno-faction")
    assert not isinstance(make_agent("random", game), Guarded)
    assert isinstance(make_agent("heuristic", game), Guarded)
    assert isinstance(make_agent("easy", game), Guarded)


class _First:
    name = "first"

    def act(self, obs: Any, rng: random.Random) -> Action:
        return obs.legal_actions[0]



def test_a_guarded_agent_is_asked_again_among_the_safe_actions() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    legal = state.legal_actions()
    assert len(legal) > 2
    doomed = {legal[0].id, legal[1].id}

    class Judge:
        spec = game.spec

        def is_self_destroying(self, s: State[Any], a: Action) -> bool:
            return a.id in doomed

    guarded = Guarded(_First(), Judge())  # type: ignore[arg-type]
    assert guarded.act(observe(state), random.Random(0)) == legal[2]
    doomed = {a.id for a in legal}
    assert guarded.act(observe(state), random.Random(0)) == legal[0]  # nothing safe: the choice stands


def test_the_guard_judges_a_choice_in_several_worlds_and_lets_a_risk_seen_in_one_of_them_stand() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    legal = state.legal_actions()
    obs = observe(state)
    judged: list[int] = []

    class OnlyInTheFirstWorld:
        spec = game.spec

        def is_self_destroying(self, s: State[Any], a: Action) -> bool:
            judged.append(id(s))
            return s is obs.world and a.id == legal[0].id

    assert Guarded(_First(), OnlyInTheFirstWorld()).act(obs, random.Random(0)) == legal[0]  # type: ignore[arg-type]
    # a risk seen in any world sends the guard to judge more of them before it lets the choice stand
    assert len(set(judged)) == GUARD_MORE_WORLDS

    class InEveryWorld:
        spec = game.spec

        def is_self_destroying(self, s: State[Any], a: Action) -> bool:
            return a.id == legal[0].id

    assert Guarded(_First(), InEveryWorld()).act(obs, random.Random(0)) == legal[1]  # type: ignore[arg-type]


def test_the_guard_replaces_a_choice_that_loses_in_a_quarter_of_the_worlds_even_if_not_in_its_own() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    legal = state.legal_actions()
    obs = observe(state)

    def judge_lethal_in(lethal: set[int], seen: list[int]) -> Any:
        """Lethal for legal[0] in the worlds whose judging order is in ``lethal``; ``seen`` collects the worlds."""

        class Judge:
            spec = game.spec

            def is_self_destroying(self, s: State[Any], a: Action) -> bool:
                if id(s) not in seen:
                    seen.append(id(s))
                return a.id == legal[0].id and seen.index(id(s)) in lethal

        return Judge()

    def guarded_choice(lethal: set[int]) -> tuple[Action, int]:
        seen: list[int] = []
        return Guarded(_First(), judge_lethal_in(lethal, seen)).act(obs, random.Random(0)), len(seen)

    quarter = int(GUARD_MARGIN * GUARD_MORE_WORLDS)
    late = set(range(GUARD_WORLDS, GUARD_MORE_WORLDS))
    # seen once in the first worlds (never the observation's own), clearly over a quarter of the sixty-four
    # (beyond the doubt): replaced without a third look
    clearly = math.ceil((GUARD_MARGIN + GUARD_DOUBT) * GUARD_MORE_WORLDS)
    once_then_more = {GUARD_WORLDS - 1} | set(sorted(late)[: clearly - 1])
    assert guarded_choice(once_then_more) == (legal[1], GUARD_MORE_WORLDS)
    # seen twice in the first sixteen, yet under a quarter of the sixty-four: in doubt, judged on more worlds,
    # where it stays under a quarter: the seat's own gamble
    twice_then_rarely = {GUARD_WORLDS - 2, GUARD_WORLDS - 1} | set(sorted(late)[: quarter - 3])
    assert guarded_choice(twice_then_rarely) == (legal[0], GUARD_MOST_WORLDS)
    # the same sixty-four, then as often in the next sixty-four: a quarter of the 128, replaced (a fate blunder
    # of risk 0.37 read 15 of 64 and was kept when the guard stopped at sixty-four)
    twice_then_often = twice_then_rarely | set(range(GUARD_MORE_WORLDS, GUARD_MORE_WORLDS + 17))
    assert guarded_choice(twice_then_often) == (legal[1], GUARD_MOST_WORLDS)
    # rarely in the sixty-four (well under the margin): kept without a third look
    rarely = {GUARD_WORLDS - 1} | set(sorted(late)[:4])
    assert guarded_choice(rarely) == (legal[0], GUARD_MORE_WORLDS)
    # nothing seen in the first worlds: kept without paying for more
    assert guarded_choice(late) == (legal[0], GUARD_WORLDS)


def test_a_noisy_agent_slips_at_its_rate_and_never_with_one_choice() -> None:
    game = tablecraft.load("xeno-faction")
    state = game.new_initial_state(seed=2)
    obs = observe(state)
    noisy = Noisy(_First(), 0.5)
    rng = random.Random(0)
    slips = sum(noisy.act(obs, rng) != obs.legal_actions[0] for _ in range(400))
    # a slip picks uniformly, so it may pick the first action too: expect 0.5 · (1 - 1/k) of 400
    k = len(obs.legal_actions)
    assert abs(slips - 200 * (1 - 1 / k)) < 50
    assert Noisy(_First(), 1.0).act(obs.restricted(obs.legal_actions[:1]), rng) == obs.legal_actions[0]
    with pytest.raises(ValueError, match="noise"):
        make_agent("heuristic:noise=2", game)
