"""The wizard-towers heuristic's habits, each pinned by a position built from the setup format (issue 17).

Every test asks the unguarded heuristic (``Game.make_heuristic``) for its choice, so the guard of the difficulty
levels cannot hide a mistake.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from wt_support import BLUE, ORANGE, PURPLE, game, legal, phase, play, start, stop_drawing

import tablecraft
from tablecraft.agents import observe
from tablecraft.agents.conformance import check_no_self_destruction
from tablecraft.games.wizard_towers.heuristic import EVAL_FEATURES, EVAL_WEIGHTS, eval_features


def choice(s: Any) -> str:
    """The heuristic's choice in ``s``, as text."""
    bot = s.game.make_heuristic()
    return str(bot.act(observe(s), random.Random(0)))


def follow(s: Any, seat: int, phases: tuple[str, ...] = ("DEFEND_CARDS", "DEFEND_LEAD")) -> list[str]:
    """Let the heuristic choose for ``seat`` while it is to move at one of ``phases``; return its choices."""
    out = []
    while not s.is_terminal() and s.current_player() == seat and phase(s) in phases:
        a = choice(s)
        out.append(a)
        s.apply(a)
    return out


def wizard_attacks(target: str, attack: tuple[str, ...], hands: dict[str, list[str]], hp: dict[str, int],
                   **extra: Any) -> Any:
    """A position where the wizard has just attacked ``target`` with ``attack`` (the first card leading)."""
    setup = {"to_move": "purple", "hands": {"purple": list(attack), **hands}, "hp": hp, **extra}
    s = start(setup)
    stop_drawing(s)
    play(s, f"attack {target}", *(f"play {x}" for x in attack))
    if phase(s) == "ATTACK_LEAD":
        play(s, "lead 1")
    return s


# ------------------------------------------------------------------------------------------------ defence
def test_warrior_defends_with_cards_in_hand_against_a_lethal_attack() -> None:
    # two low cards are all orange has, and a blow of two cards may kill him at 20 HP: he puts both in and
    # survives (25 + 1 − 9 at worst), where no defence would have killed him
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["5H", "4D"], "blue": []}, {"orange": 20})
    assert phase(s) == "DEFEND_CARDS" and s.current_player() == ORANGE
    assert sorted(m for m in follow(s, ORANGE) if m.startswith("play")) == ["play 4D", "play 5H"]
    assert s.alive[ORANGE] and s.hp[ORANGE] >= 3


def test_warrior_defends_rather_than_letting_the_wizards_cards_come_back_for_free() -> None:
    # at full HP the damage is not lethal, but an undefended blow returns the wizard's cards for the next one
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["JD", "10C", "2H"], "blue": []}, {"orange": 100})
    assert sorted(follow(s, ORANGE)) == ["lead 1", "play 10C", "play JD"]


def test_warrior_leads_the_club_ace_against_a_blow_that_might_kill() -> None:
    # 弓术: the ♣A leading a defence the blow out-totals makes orange immune (and hits back for half his total)
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["AC", "KD"], "blue": []}, {"orange": 10})
    moves = follow(s, ORANGE)
    assert "play AC" in moves
    assert s.hp[ORANGE] == 10 and s.hp[PURPLE] < 150


def test_wizard_defends_himself_with_his_best_card_when_a_blow_might_kill() -> None:
    s = start({"to_move": "orange", "hands": {"orange": ["KS", "QS"], "purple": ["9D", "2C"]},
               "towers": {"left": [], "right": [], "main": []}, "hp": {"purple": 20}})
    stop_drawing(s)
    play(s, "attack purple", "play KS", "play QS", "lead 1")
    assert s.current_player() == PURPLE
    assert follow(s, PURPLE) == ["play 9D"]


# ------------------------------------------------------------------------------------------- team play
def test_partner_stands_in_for_a_warrior_who_holds_a_coin() -> None:
    # orange holds a coin and cannot defend (防守3); blue, healthy and holding a strong pair, defends for him
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["3D"], "blue": ["KH", "QD", "5C"]},
                       {"orange": 30, "blue": 90}, coins={"orange": ["green"]})
    assert phase(s) == "SUBSTITUTE_OFFER" and s.current_player() == BLUE
    assert choice(s) == "substitute"


def test_partner_never_steps_in_front_of_a_blow_that_may_kill_him() -> None:
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["3D"], "blue": ["4C"]},
                       {"orange": 30, "blue": 6}, coins={"orange": ["green"]})
    assert phase(s) == "SUBSTITUTE_OFFER"
    assert choice(s) == "decline"


def test_warrior_never_attacks_his_partner_while_the_wizard_lives() -> None:
    # blue holds nothing, so a blow at him would be free — but he is a friend while the wizard lives
    s = start({"hands": {"orange": ["KS", "QS", "JS"], "blue": []}, "towers": {"left": ["JKR"]}})
    stop_drawing(s)
    assert "attack blue" in legal(s)
    assert choice(s) != "attack blue"


def test_warrior_attacks_the_other_warrior_once_the_wizard_is_dead() -> None:
    s = start({"hp": {"purple": 0, "blue": 20}, "hands": {"orange": ["KS", "QS", "JS"], "blue": []}})
    stop_drawing(s)
    assert choice(s) == "attack blue"


# -------------------------------------------------------------------------------------------- attacking
def test_warrior_attacks_the_exposed_wizard_at_once() -> None:
    s = start({"hands": {"orange": ["KS", "QH", "4D"], "purple": ["9C"]},
               "towers": {"left": [], "right": ["8H"], "main": []}})
    stop_drawing(s)
    s.apply(choice(s))
    assert sorted(follow(s, ORANGE, ("ATTACK_CARDS",))) == ["play KS", "play QH"]


def test_warrior_breaks_a_tower_known_to_be_weak_with_a_card_it_cannot_junk() -> None:
    # the left tower's 2 was revealed in an earlier battle; a single king breaks it and comes back
    s = start({"hands": {"orange": ["KS", "9H", "4D"], "purple": []},
               "towers": {"left": ["2C"], "right": ["QD"], "main": ["JKR", "KH"]}})
    s.known[tablecraft.core.cards.parse_card("2C")] = 0b1111
    stop_drawing(s)
    assert choice(s) == "attack left"


def test_a_full_hand_of_low_cards_is_put_to_use_instead_of_wasting_every_draw() -> None:
    # everyone's hand is full, so nobody draws: holding 6-5-3 for ever would end the game at the turn cap
    s = start({"hands": {"orange": ["6S", "5D", "3C"], "blue": ["6C", "3S", "AD"],
                         "purple": ["2H", "5H", "7C", "4D", "7D"]},
               "towers": {"left": ["2S"], "right": ["9C"], "main": ["KH", "KC"]}})
    moves = []
    for _ in range(12):
        stop_drawing(s)
        if phase(s) == "ACTION":
            a = choice(s)
            moves.append(a)
            if a.startswith("attack"):
                break
            s.apply(a)
        while not s.is_terminal() and phase(s) not in ("DRAW", "ACTION"):
            s.apply(choice(s))
    assert any(m.startswith("attack") for m in moves)


# ---------------------------------------------------------------------------------------------- wizard
def test_wizard_hits_a_warrior_nobody_can_defend() -> None:
    # orange holds a coin and blue holds nothing: a blow at orange is free, the wizard's cards all come back
    s = start({"to_move": "purple", "hands": {"purple": ["KS", "QS", "3D"], "orange": ["9C"], "blue": []},
               "coins": {"orange": ["green"]}})
    stop_drawing(s)
    assert choice(s) == "attack orange"


def test_wizard_rebuilds_the_main_tower_when_exposed() -> None:
    s = start({"to_move": "purple", "hands": {"purple": ["9S", "8D", "3C"], "orange": ["KS", "QS"],
                                               "blue": ["JH", "10H"]},
               "towers": {"left": ["5C"], "right": [], "main": []}})
    stop_drawing(s)
    assert choice(s).startswith("place") and choice(s).endswith("main")


# ------------------------------------------------------------------------------------------- robustness
@pytest.mark.parametrize("options", [
    {}, {"alliance": True}, {"substitute": "alone"}, {"joker_must_lead": False}, {"wizard_target": "chain"},
    {"wizard_remembers_towers": True}, {"heal_cap": True}, {"tower_hand_cards": False},
    {"wizard_self_defence": "all_empty"}, {"ace_trigger": "suit"}, {"joint_joker": True}, {"late_coin": "stall"},
    {"heal_saves": False}, {"coin_bars_wizard": False},
])
def test_heuristic_answers_every_decision_with_a_legal_action_under_every_variant(options: dict[str, Any]) -> None:
    g = game(**options)
    bot = g.make_heuristic()
    for seed in range(3):
        s = g.new_initial_state(seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            a = bot.act(observe(s), rng)
            assert a in s.legal_actions()
            s.apply_unchecked(a)


def test_the_heuristic_rejects_unknown_parameters_naming_the_known_ones() -> None:
    with pytest.raises(KeyError, match="card"):
        game().make_heuristic(boldness=3)


def test_a_dead_seat_is_eliminated_and_declining_a_lethal_blow_is_self_destroying() -> None:
    g = game()
    s = wizard_attacks("orange", ("KS", "QS"), {"orange": ["10H", "9D"], "blue": []}, {"orange": 20})
    done = next(a for a in s.legal_actions() if str(a) == "done")
    ten = next(a for a in s.legal_actions() if str(a) == "play 10H")
    assert g.is_self_destroying(s, done) and not g.is_self_destroying(s, ten)
    dead = start({"hp": {"blue": 0}})
    assert g.is_eliminated(dead, BLUE) and not g.is_eliminated(dead, ORANGE)


def test_the_self_destruction_check_meets_real_traps_in_wizard_towers() -> None:
    report = check_no_self_destruction(game(), [], range(3), every=2)
    assert report["traps"] >= 1


def test_evaluate_favours_the_side_with_more_hp_and_cards() -> None:
    g = game()
    ahead = start({"hp": {"purple": 40}, "hands": {"orange": ["KS", "QS"], "blue": ["JD"]}})
    behind = start({"hp": {"orange": 30, "blue": 30}, "hands": {"purple": ["KS", "QS", "JD"]}})
    assert g.evaluate(ahead, ORANGE) > 0 > g.evaluate(ahead, PURPLE)
    assert g.evaluate(behind, PURPLE) > 0 > g.evaluate(behind, BLUE)
    assert len(eval_features(ahead, ORANGE)) == len(EVAL_FEATURES) == len(EVAL_WEIGHTS)
