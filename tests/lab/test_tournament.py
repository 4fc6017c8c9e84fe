"""Seatings and tournament statistics, over wizard-towers and every other registered game."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from lab_helpers import ALL_GAMES, GAME, rotation_seats

import tablecraft
from tablecraft.core.api import Json
from tablecraft.lab.runner import ArmState, comparisons, metric_label
from tablecraft.lab.simulate import load_game, play_game
from tablecraft.lab.stats import Rate
from tablecraft.lab.store import Arm
from tablecraft.lab.tournament import (
    Tally,
    declared_event_kinds,
    make_seatings,
    parse_agents,
    seat_label,
    setup_event_kinds,
)


# ------------------------------------------------------------------------------------------------ seatings
def test_all_seatings_put_every_agent_in_every_seat_equally_often() -> None:
    seatings = make_seatings([0, 1], 2, seats=3, mode="all")
    assert len(seatings) == 6 and len(set(seatings)) == 6
    for agent in (0, 1):
        per_seat = [sum(s[seat] == agent for s in seatings) for seat in range(3)]
        assert per_seat == [3, 3, 3]


def test_three_agents_in_three_seats_are_the_six_permutations() -> None:
    assert sorted(make_seatings([0, 1, 2], 3, 3, "all")) == sorted(
        [(0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0)])


def test_rotate_shifts_the_listed_seating_through_every_seat() -> None:
    assert make_seatings([0, 1, 1], 2, 3, "rotate") == [(0, 1, 1), (1, 0, 1), (1, 1, 0)]


def test_fixed_keeps_the_listed_seating_and_needs_one_agent_per_seat() -> None:
    assert make_seatings([1, 0, 1], 2, 3, "fixed") == [(1, 0, 1)]
    with pytest.raises(ValueError, match="one agent per seat"):
        make_seatings([0, 1], 2, 3, "fixed")


def test_identical_agent_specs_are_one_agent() -> None:
    agents, per_seat = parse_agents("random,random")
    assert agents == ["random"] and make_seatings(per_seat, 1, 3) == [(0, 0, 0)]


def test_more_agents_than_seats_is_refused_with_the_reason() -> None:
    with pytest.raises(ValueError, match="cannot all sit at a 2-seat table"):
        make_seatings([0, 1, 2], 3, 2)


def test_no_agents_is_refused() -> None:
    with pytest.raises(ValueError, match="no agents"):
        parse_agents(" , ")


# --------------------------------------------------------------------------------------------- statistics
def _records(game_id: str, seatings: list[tuple[int, ...]], agents: list[str], deals: int,
             seats: int | None = None) -> list[tuple[Json, int]]:
    game = load_game(game_id, {}, seats)
    out = []
    for seed in range(deals):
        for k, seating in enumerate(seatings):
            out.append((play_game(game, seed, [agents[a] for a in seating]), k))
    return out


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_tally_counts_wins_roles_and_agents_consistently(game_id: str) -> None:
    game = tablecraft.load(game_id, num_seats=rotation_seats(game_id))
    seats = game.num_seats
    # two agents in rotation (both random: the tally tells them apart by position, which is what is tested)
    agents = ["random", "random"] if seats > 1 else ["random"]
    seatings = make_seatings(list(range(len(agents))), len(agents), seats)
    items = _records(game_id, seatings, agents, deals=3, seats=seats)
    tally = Tally(seats, [game.seat_name(s) for s in range(seats)], agents, seatings).extend(items)
    s = tally.summary(game)
    n = len(items)
    assert s["games"] == n
    assert sum(r["wins"] for r in s["seats"]) == sum(len(rec["winners"]) for rec, _ in items)
    assert s["draws"]["wins"] == sum(1 for rec, _ in items if not rec["winners"] and not any(rec["returns"]))
    for role in s["roles"]:  # a role wins when a seat holding it is among the winners
        want = sum(1 for rec, _ in items if role["role"] in {rec["roles"][w] for w in rec["winners"]})
        assert role["wins"] == want
    if len(agents) > 1:
        # rotation: both agents sit in each seat equally often
        games_per_cell = {(r["agent"], r["seat"]): r["games"] for r in s["agent_seat"]}
        assert len(set(games_per_cell.values())) == 1
        assert sum(r["games"] for r in s["agent_rates"]) == n * seats
    assert s["length"]["decisions"]["count"] == n
    assert sum(s["length"]["decisions"]["histogram"]["counts"]) == n
    assert all(0 <= hw <= 0.5 for hw in s["half_widths"].values())


@pytest.mark.parametrize("game_id", ALL_GAMES)
def test_rule_coverage_counts_every_event_kind_of_the_full_log(game_id: str) -> None:
    game = tablecraft.load(game_id)
    bots = ["random"] * game.num_seats
    totals: Counter[str] = Counter()
    in_games: Counter[str] = Counter()
    tally = Tally(game.num_seats, [game.seat_name(s) for s in range(game.num_seats)], ["random"],
                  [(0,) * game.num_seats])
    for seed in range(4):
        record = play_game(game, seed, bots)
        tally.add(record, 0)
        # recount from the replayed state's own log, independently of the record
        state = game.replay(seed, record["actions"])
        kinds = Counter(e.kind for e in state.events())
        totals.update(kinds)
        in_games.update(set(kinds))
    cov = tally.summary(game)["coverage"]
    assert {k["kind"]: k["total"] for k in cov["kinds"] if k["total"]} == dict(totals)
    assert {k["kind"]: k["games"] for k in cov["kinds"] if k["games"]} == dict(in_games)


def test_a_documented_event_kind_that_never_fired_is_a_finding() -> None:
    base = tablecraft.load(GAME)

    class Documented(type(base)):  # type: ignore[misc]
        event_kinds = ("turn", "attack", "dragon_awakens")

    game: Any = Documented()
    assert declared_event_kinds(game) == ("turn", "attack", "dragon_awakens")
    assert declared_event_kinds(base) == base.event_kinds
    tally = Tally(3, ["orange", "blue", "purple"], ["random"], [(0, 0, 0)])
    tally.add(play_game(base, 1, ["random"] * 3), 0)
    cov = tally.summary(game)["coverage"]
    assert cov["never_fired"] == ["dragon_awakens"]
    assert "battle" in cov["undeclared"]  # fired, but missing from the documented list: also worth knowing
    row = next(k for k in cov["kinds"] if k["kind"] == "dragon_awakens")
    assert row == {"kind": "dragon_awakens", "declared": True, "games": 0, "share": 0.0, "total": 0, "per_game": 0.0}


def _record(winners: list[int], returns: list[float], reason: str | None, first: int = 0) -> Json:
    return {"winners": winners, "returns": returns, "roles": ["a", "a", "b"], "first_player": first,
            "decisions": 10, "turns": None, "end_reason": reason, "events": {}}


def test_length_cap_and_stalemates_are_read_from_the_end_reason() -> None:
    tally = Tally(3, ["x", "y", "z"], ["random"], [(0, 0, 0)])
    for rec in (_record([], [0, 0, 0], "turn_cap"), _record([], [0, 0, 0], "stalemate"),
                _record([2], [-1, -1, 1], "last_alive"), _record([], [0, 0, 0], "last_alive")):
        tally.add(rec, 0)
    end = tally.summary()["end"]
    assert end["reasons"] == {"last_alive": 2, "stalemate": 1, "turn_cap": 1}
    assert end["length_cap"]["count"] == 1 and end["stalemates"]["count"] == 1


def test_without_an_end_reason_a_game_whose_returns_are_all_zero_is_a_stalemate() -> None:
    tally = Tally(3, ["x", "y", "z"], ["random"], [(0, 0, 0)])
    tally.add(_record([], [0, 0, 0], None), 0)
    tally.add(_record([], [-1, -1, -1], None), 0)  # everybody lost (a co-operative defeat): not a draw
    s = tally.summary()
    assert s["end"]["stalemates"]["count"] == 1 and s["end"]["length_cap"]["count"] == 0
    assert s["draws"]["wins"] == 1 and s["no_winner"] == 2


def test_first_player_advantage_compares_with_the_other_seats_and_with_its_own_role() -> None:
    tally = Tally(3, ["x", "y", "z"], ["random"], [(0, 0, 0)])
    for _ in range(30):
        tally.add(_record([0], [1, -1, -1], "end"), 0)  # the first mover always wins
    fp = tally.summary()["first_player"]
    assert fp["rate"] == 1.0 and fp["others"]["rate"] == 0.0 and fp["significant"]
    assert fp["same_role"]["others"]["games"] == 30  # seat 1 shares role "a" with seat 0


# ------------------------------------------------------------------------------ deals: rotation, clustering
def _seat_record(seed: int, winner: int) -> Json:
    return {"seed": seed, "winners": [winner], "returns": [1 if s == winner else -1 for s in range(2)],
            "roles": ["x", "y"], "first_player": 0, "decisions": 5, "turns": None, "end_reason": "end",
            "events": {}}


def test_an_interrupted_rotation_is_left_out_so_agent_rates_stay_fair() -> None:
    # two equal agents, two seats, seat 0 always wins. Deals 0-4 are played under both seatings, deals 5-9 only
    # under the first (agent A in seat 0): an interrupted run. Counting every stored game would give A 10 wins
    # of 15 and B 5 of 15; only the complete rotations count, and there both win exactly half.
    seatings = [(0, 1), (1, 0)]
    tally = Tally(2, ["s0", "s1"], ["A", "B"], seatings)
    for seed in range(10):
        tally.add(_seat_record(seed, winner=0), 0)
        if seed < 5:
            tally.add(_seat_record(seed, winner=0), 1)
    s = tally.summary()
    assert (s["games"], s["deals"], s["incomplete_deals"], s["games_left_out"]) == (10, 5, 5, 5)
    assert [(r["agent"], r["wins"], r["games"]) for r in s["agent_rates"]] == [("A", 5, 10), ("B", 5, 10)]
    # completing the rotations brings the left-out games in
    for seed in range(5, 10):
        tally.add(_seat_record(seed, winner=0), 1)
    assert (tally.games, tally.deals, tally.incomplete_deals) == (20, 10, 0)


def test_every_rate_of_a_tally_is_clustered_by_deal() -> None:
    # three deals of four seatings: the deal decides the winner (seat 0 in deals 0 and 1, seat 1 in deal 2)
    seatings = [(0, 1), (1, 0), (0, 0), (1, 1)]
    tally = Tally(2, ["s0", "s1"], ["A", "B"], seatings)
    for seed in range(3):
        for k in range(4):
            tally.add(_seat_record(seed, winner=0 if seed < 2 else 1), k)
    s = tally.summary()
    seat0 = s["seats"][0]
    assert (seat0["wins"], seat0["games"], seat0["deals"]) == (8, 12, 3)
    naive = Rate(8, 12).interval
    assert seat0["ci"][0] < naive[0] and seat0["ci"][1] > naive[1]
    assert all(r["deals"] == 3 for r in s["agent_seat"] + s["agent_rates"] + s["roles"])
    assert s["first_player"]["deals"] == 3 and s["first_player"]["others"]["deals"] == 3


def test_the_standard_deal_does_not_flag_a_setup_only_event_as_a_rule_that_never_fired() -> None:
    game = tablecraft.load(GAME)
    assert setup_event_kinds(game) == ("dealt",)
    # the seed's deal gives nobody a hand (游戏开始2: hands come from the bags), so 'dealt' cannot fire there;
    # a designed position with hands does fire it
    assert all("dealt" not in {e.kind for e in game.new_initial_state(seed).events()} for seed in range(5))
    designed = game.new_initial_state(0, {"hands": {"orange": ["KS"]}})
    assert "dealt" in {e.kind for e in designed.events()}
    tally = Tally(3, ["orange", "blue", "purple"], ["random"], [(0, 0, 0)])
    for seed in range(3):
        tally.add(play_game(game, seed, ["random"] * 3), 0)
    cov = tally.summary(game)["coverage"]
    assert "dealt" not in cov["never_fired"] and cov["setup_only"] == ["dealt"]


def _null_arm(label: str, rng: random.Random, deal_bias: list[float]) -> ArmState:
    """An arm of a 3-seat game whose every deal has its own winner odds (the same in every arm: nothing
    changed between arms), one game per deal."""
    tally = Tally(3, ["a", "b", "c"], ["random"], [(0, 0, 0)])
    for seed, bias in enumerate(deal_bias):
        u = rng.random()
        winners = [0] if u < bias else [1] if u < bias + 0.3 else [] if u < bias + 0.4 else [2]
        tally.add({"seed": seed, "winners": winners, "returns": [1 if s in winners else (0 if not winners else -1)
                                                               for s in range(3)],
                   "roles": ["a", "b", "c"], "first_player": 0, "decisions": 5, "turns": None,
                   "end_reason": "end", "events": {}}, 0)
    return ArmState(Arm(0, 0, 0, label, {}), tablecraft.load(GAME), tally)


def test_five_arms_with_nothing_changed_rarely_show_a_significant_row_after_holm() -> None:
    # 40 replicate sweeps of five identical arms, 150 deals per arm: 4 comparisons × 8 rates (3 seats, their 3
    # roles, draws, first player) = 32 rows each
    rng = random.Random(5)
    raw = corrected = 0
    for _ in range(40):
        bias = [rng.uniform(0.1, 0.5) for _ in range(150)]
        arms = [_null_arm(f"v{i}", rng, bias) for i in range(5)]
        comps = comparisons(arms)
        rows = [r for comp in comps for r in comp["rows"]]
        assert len(rows) == 32 and all(comp["correction"] == {"method": "holm", "family": 32, "alpha": 0.05}
                                       for comp in comps)
        raw += any(r["p_value"] < 0.05 for r in rows)
        corrected += any(r["significant"] for r in rows)
    assert raw >= 8  # uncorrected, 9 of the 40 sweeps show a "significant" row by chance alone
    assert corrected <= 4  # Holm: 1 of 40 (it holds the family-wise error at 5% under any dependence)


# ---------------------------------------------------------------------------------- seats as people count them
def _fate_duel_records(deals: int) -> list[tuple[Json, int]]:
    game = tablecraft.load("fate", num_seats=2)
    out = []
    for seed in range(deals):
        record = play_game(game, seed, ["random", "random"])
        out.append((record, 0))
    return out


def test_every_lab_label_counts_seats_from_1_while_keys_and_indices_stay_0_based() -> None:
    game = tablecraft.load("fate", num_seats=2)  # a game that names no seats
    names = [game.seat_name(s) for s in range(2)]
    assert names == ["seat 1", "seat 2"]
    tally = Tally(2, names, ["random"], [(0, 0)]).extend(_fate_duel_records(4))
    assert tally.roles_are_seats  # 1v1 roles are the seats, named alike: no duplicate "role" rows
    s = tally.summary(game)
    assert [(r["seat"], r["label"]) for r in s["seats"]] == [(0, "seat 1"), (1, "seat 2")]
    assert set(s["half_widths"]) >= {"seat:0", "seat:1"}  # the rates' keys keep the index
    assert metric_label("seat:0", names) == "seat 1"
    assert metric_label("seat:2", ["orange", "blue", "purple"]) == seat_label(2, "purple") == "seat 3 purple"
    assert set(s["first_player"]["seats"]) <= {"seat 1", "seat 2"}


def test_fate_duel_games_stored_before_seats_counted_from_1_still_read_as_seats() -> None:
    old = [({**rec, "roles": ["seat 0", "seat 1"]}, k) for rec, k in _fate_duel_records(3)]  # fate's old roles
    names = [tablecraft.load("fate", num_seats=2).seat_name(s) for s in range(2)]
    tally = Tally(2, names, ["random"], [(0, 0)]).extend(old)
    assert tally.roles_are_seats and set(tally.role_games) == {"seat 1", "seat 2"}
