"""The team heuristic's traits, one scenario each (issue 17), built from the documented setup format, and the
game's own self-destruction check (the exhaustion line at the end of a paid action).

The scenario map (``wh_support``): a radius-2 hexagon round (0, 0); the water camp at (0, -3) touches only (0, -2),
which is therefore face up. ``turn(s)`` lets the heuristic play the hero's whole turn and returns its actions.
"""

from __future__ import annotations

import random
from typing import Any

from wh_support import duo, game, legal, setup, start

import tablecraft
from tablecraft.agents import observe
from tablecraft.agents.conformance import check_no_self_destruction
from tablecraft.core.api import Game

CAMP = (0, -3)
GATE = (0, -2)
"""The only map tile next to the water camp."""


def choice(s: Any) -> str:
    """The heuristic's next action in ``s``, as text."""
    return str(s.game.make_heuristic().act(observe(s), random.Random(0)))


def turn(s: Any) -> list[str]:
    """Let the heuristic play until the hero to move now has ended its turn (or the game is over)."""
    seat = s.current_player()
    start_turn = s.turn
    out = []
    while not s.is_terminal() and s.turn == start_turn and s.current_player() == seat:
        legal_now = s.legal_actions()
        a = legal_now[0] if len(legal_now) == 1 else s.game.make_heuristic().act(observe(s), random.Random(0))
        out.append(str(a))
        s.apply(a)
    return out


def self_destroying(s: Any, text: str) -> bool:
    """``Game.is_self_destroying`` for the action written ``text``."""
    return bool(s.game.is_self_destroying(s, s.game.parse_action(text)))


# ------------------------------------------------------------------------------------------- the fatigue line
def test_a_three_card_move_down_to_four_cards_is_self_destroying_though_the_generic_check_misses_it() -> None:
    # hand + deck 7; the face-down tile next to the gate takes three cards of different elements, one at a time
    s = start(setup(hand=["W", "W", "F", "R", "T"], deck=["G", "G"], at=GATE))
    to_down = next(a for a in legal(s) if a.startswith("move") and a != "move nw")
    assert self_destroying(s, to_down)
    assert not Game.is_self_destroying(s.game, s, s.game.parse_action(to_down))  # stops at the first pay choice
    assert not self_destroying(s, "end" if "end" in legal(s) else "rest")


def test_paying_a_card_that_forces_a_second_one_over_the_line_is_self_destroying() -> None:
    # the demon king on a face-up water tile: W alone pays; F commits to F + F and leaves 4 cards
    spec = setup(hand=["W", "F", "F", "R", "T"], deck=["G"], at=(0, -1), elements={(0, 0): "W", (0, -1): "T"},
                 up=[(0, 0), (0, -1)])
    s = start(spec)
    s.apply("attack")
    assert set(legal(s)) >= {"pay W", "pay F"}
    assert self_destroying(s, "pay F") and not self_destroying(s, "pay W")
    assert choice(s) == "pay W"


SEALING_BLOW = setup(hand=["F", "R", "T", "G", "G"], deck=[], at=(0, -1), elements={(0, -1): "T"},
                     energy=["W", "W"], main="mage")
SEALING_BLOW["king"]["hp"] = 3  # 1 + two released energy: sealed whatever the die shows
"""Five cards in all beside the demon king at 3 life on a face-down tile: the blow costs three cards, and the first
card paid already takes the hero down to the line of 4."""


def test_when_the_loss_waits_for_the_whole_action_a_blow_that_seals_is_never_self_destroying_and_is_taken() -> None:
    s = start(SEALING_BLOW, exhaustion="action")
    assert not self_destroying(s, "attack") and self_destroying(s, "rest")
    assert choice(s) == "attack"
    s.apply("attack")
    while not s.is_terminal():
        s.apply(choice(s))
    assert s.returns()[0] > 0


def test_when_the_loss_comes_with_the_card_paid_a_blow_that_would_seal_but_crosses_the_line_is_not_taken() -> None:
    # the seed's W-6 read at the moment (the default): the card paid ends the game before the blow lands
    s = start(SEALING_BLOW)
    assert self_destroying(s, "attack") and self_destroying(s, "rest")
    assert not self_destroying(s, "acquire FR")
    assert choice(s) not in ("attack", "rest")


def test_the_bot_does_not_attack_when_the_price_would_take_it_over_the_line() -> None:
    # the demon king on a face-down tile: three cards, and hand + deck is 7
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=["W", "F"], at=(0, -1), elements={(0, -1): "T"}))
    assert "attack" in legal(s) and self_destroying(s, "attack")
    assert "attack" not in turn(s)


def test_the_self_destruction_check_meets_real_traps_in_self_play() -> None:
    stats = check_no_self_destruction(game(3), ["easy", "normal"], range(3), every=2)
    assert stats["traps"] > 0


# ----------------------------------------------------------------------------------------------- at camp
def test_alone_the_hero_waits_at_camp_for_the_demon_king_instead_of_walking_onto_face_down_tiles() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], deck=["W", "F", "R", "T", "G"], row=["WF", "WR"],
                    elements={GATE: "F"}))
    actions = turn(s)
    assert not any(a.startswith("move") for a in actions)
    assert actions[0] == "acquire WF" and "focus W" in actions  # income first, then sword energy at camp


def test_the_hero_takes_the_supply_card_that_serves_its_sword_energy() -> None:
    s = start(setup(hand=["W", "F", "R", "T", "G"], row=["FR", "WR"], elements={GATE: "F"}))
    assert choice(s) == "acquire WR"


def test_the_hero_focuses_first_so_the_energy_goes_out_with_the_same_blow() -> None:
    # past the milestone, the king beside the camp on a face-up fire tile: focus twice, then one card and release 3
    spec = setup(hand=["W", "W", "F", "R", "T"], deck=["G", "G", "R", "T", "F", "W"], row=["RT", "RG"],
                 elements={GATE: "F"}, king_at=GATE, energy=["W"], board_card=False, second="knight")
    s = start(spec)
    actions = turn(s)
    assert actions[:2] == ["focus W", "focus W"]
    assert "attack" in actions and actions[actions.index("attack") + 2] == "release 3"


def test_before_the_milestone_the_hero_strikes_without_releasing_and_focuses_the_third_energy_last() -> None:
    spec = setup(hand=["W", "F", "F", "R", "T"], deck=["G", "G", "R", "T", "W"], row=["RT", "RG"],
                 elements={GATE: "F"}, king_at=GATE, king="blaze", energy=["W", "W"])
    s = start(spec)
    actions = turn(s)
    assert "release 2" not in actions and "release 0" in actions
    assert actions.index("focus W") > actions.index("attack") and not s.board_card[0]  # the milestone, last


# --------------------------------------------------------------------------------------------- his blows
def test_a_wounded_hero_rests_when_its_stun_card_may_come_before_its_next_turn() -> None:
    spec = setup(hand=["W", "F", "R", "T", "G"], deck=["W", "F", "R"], row=["WF", "WR"], elements={GATE: "F"},
                 king_at=GATE, hp=1, destiny=["water-1", "water-stun", "water-2"])
    assert "rest" in turn(start(spec))
    spec["heroes"]["water"]["hp"] = 3
    assert "rest" not in turn(start(spec))


def test_beside_a_thunderclap_king_the_hero_swaps_to_its_knight_second_profession() -> None:
    water = {"at": list(GATE), "board_card": False, "second": "knight", "energy": [], "hand": ["W", "F", "R", "T", "G"],
             "deck": ["W", "F", "R", "T", "G"]}
    spec = duo(water, {}, ["water-1", "water-stun", "fire-stun", "fire-1", "water-2", "fire-2", "water-3"],
               king="storm", king_at_=(0, -1))
    s = start(spec, seats=2)
    actions = turn(s)
    assert "rest" in actions and actions[actions.index("rest") + 2] == "swap"
    assert s.main[0] == 3  # knight


def test_under_undertow_the_hero_he_hunts_keeps_its_cards_rather_than_bank_energy_he_would_wash_away() -> None:
    spec = setup(hand=["W", "W", "F", "R", "T"], deck=["G", "W", "F", "R", "T"], row=["WF", "WR"],
                 elements={GATE: "F"}, king_at=(0, -1), king="tide", energy=["W"], board_card=False,
                 second="knight")
    actions = turn(start(spec))
    assert actions[0].startswith("acquire") and not any(a.startswith("focus") for a in actions)
    # the same where the king washes nothing (blaze): the hero charges
    spec["king"]["id"] = "blaze"
    assert any(a.startswith("focus") for a in turn(start(spec)))


def test_with_the_supply_row_frozen_the_hero_strikes_instead_of_holding_cards_against_a_dry_turn() -> None:
    # nothing in the row can be drawn on from anywhere (camp W, gate F) and it changes only when drawn on; the
    # demon king on a face-down tile (three cards a blow), hand + deck 9
    hand, deck = ["F", "R", "T", "G", "G"], ["R", "T", "W", "F"]
    at = {"at": (0, -1), "elements": {GATE: "F", (0, -1): "F"}, "row": ["RT", "RG"]}
    assert choice(start(setup(hand=hand, deck=deck, king="tide", **at))) == "attack"
    # the same where the blaze king burns the row at each waking: the income may come back, two cards are kept
    assert choice(start(setup(hand=hand, deck=deck, king="blaze", **at))) != "attack"


def test_with_nothing_to_draw_on_at_camp_the_hero_steps_to_a_tile_from_which_it_can() -> None:
    spec = setup(hand=["W", "F", "R", "T", "G"], deck=["W", "F", "R"], row=["RT", "GT"],
                 elements={GATE: "F", (1, -2): "R"}, up=[(1, -2)])
    s = start(spec)
    actions = turn(s)
    assert actions[0] == "move se" and any(a.startswith("acquire") for a in actions)


# --------------------------------------------------------------------------------------------- team play
def _far_duo(water_deck: list[str], up: list[tuple[int, int]]) -> dict[str, Any]:
    """The demon king beside fire's camp (3, -3), hunting fire; water at its camp, charged."""
    water = {"energy": ["W", "W", "WR"], "board_card": False, "second": "knight",
             "hand": ["W", "F", "R", "T", "G"], "deck": water_deck}
    return duo(water, {}, ["water-1", "fire-1", "water-stun", "fire-stun", "water-2", "fire-2", "water-3"],
               king_at_=(2, -2), up=up)


def test_a_hero_he_is_not_hunting_walks_to_him_when_it_can_pay_the_way_and_a_blow() -> None:
    path = [(0, -2), (1, -2), (1, -1), (2, -1)]
    spec = _far_duo(["WF", "WR", "WT", "WG", "FR", "FT", "FG", "RT", "RG", "TG", "WFR"], path)
    actions = turn(start(spec, seats=2))
    assert any(a.startswith("move") for a in actions)


def test_a_hero_he_is_not_hunting_stays_at_camp_when_the_way_would_take_it_near_the_line() -> None:
    spec = _far_duo(["W", "F", "R"], [])
    actions = turn(start(spec, seats=2))
    assert not any(a.startswith("move") for a in actions)


def test_under_thunderclap_a_knight_steps_forward_to_be_the_hero_he_hunts() -> None:
    base = {"hand": ["W", "F", "R", "T", "G"], "deck": ["W", "F", "R", "T", "G"]}
    spec = {
        "map": {"cells": [{"at": list(c), "tile": t, "face_up": up} for c, t, up in [
            ((0, 0), "beach", False), ((0, -1), "ruins", False), ((0, -2), "ruins", True), ((0, 1), "forest", False),
            ((0, 2), "wasteland", True)]], "camps": {"thunder": [0, -3], "fire": [0, 3]}},
        "king": {"id": "storm", "at": [0, 0], "rotation": 0},
        "heroes": {"thunder": dict(base), "fire": dict(base)},
        "supply": {"row": ["FR", "TG"], "deck": ["RT", "WG", "FT"]},
        "destiny": {"deck": ["thunder-1", "fire-1", "fire-stun", "thunder-stun", "thunder-2", "fire-2"]},
    }
    s = tablecraft.load("wild-hunters", num_seats=2, heroes="thunder,fire").new_initial_state(seed=1, setup=spec)
    assert "move se" in turn(s)  # onto the face-up ruins at (0, -2): now he reaches thunder first


def test_the_heuristic_decides_the_same_in_every_world_the_seat_cannot_tell_from_the_truth() -> None:
    # it reads the observation's world for speed: only what the view shows may change its choice
    from tablecraft.agents import Observation
    from tablecraft.core.rng import Rng

    for seats in (1, 3, 5):
        g = game(seats)
        agent = g.make_heuristic()
        for seed in range(3):
            s = g.new_initial_state(seed)
            step = 0
            while not s.is_terminal():
                legal_now = s.legal_actions()
                if len(legal_now) > 1 and step % 3 == 0:
                    truth = agent.act(Observation.of_world(s), random.Random(0))
                    for k in range(3):
                        world = s.resample(s.current_player(), Rng(1000 * seed + k))
                        assert agent.act(Observation.of_world(world), random.Random(0)) == truth, (seats, seed, step)
                step += 1
                s.apply_unchecked(legal_now[0] if len(legal_now) == 1 else
                                  agent.act(Observation.of_world(s), random.Random(step)))


def test_the_rollout_search_takes_the_sealing_blow_its_base_policy_would_miss() -> None:
    # the search improves on whatever policy it plays out: a base that rests when it can is overruled, because in
    # every world the blow seals the demon king and the rest crosses the exhaustion line
    from tablecraft.agents.rollout import RolloutAgent

    class RestsWhenItCan:
        name = "rests"

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def act(self, obs: Any, rng: random.Random) -> Any:
            rest = [a for a in obs.legal_actions if str(a) == "rest"]
            return rest[0] if rest else self.inner.act(obs, rng)

    s = start(SEALING_BLOW, exhaustion="action")
    agent = RolloutAgent(s.game, worlds=4)
    agent._heuristic = RestsWhenItCan(s.game.make_heuristic())
    assert str(agent.act(observe(s), random.Random(0))) == "attack"
    values = {str(a): v for a, (_, v) in agent.last_root.items()}
    assert values["attack"] == 1.0 and values["rest"] == 0.0
