"""Every registered game, at every seat count and with each non-default variant, passes the conformance suite."""

from __future__ import annotations

from typing import Any

import pytest

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.testing import conformance


def _variants() -> list[tuple[str, int, dict[str, Any]]]:
    """Each game at each seat count with default options, plus each boolean/choice option flipped alone."""
    out = []
    for spec in tablecraft.games():
        for n in range(spec.min_seats, spec.max_seats + 1):
            out.append((spec.id, n, {}))
        for o in spec.options:
            if isinstance(o.default, bool):
                out.append((spec.id, spec.max_seats, {o.name: not o.default}))
            elif o.choices:
                out += [(spec.id, spec.max_seats, {o.name: c}) for c in o.choices if c != o.default]
    return out


VARIANTS = _variants()
IDS = [f"{g}-{n}p-" + ("-".join(f"{k}={v}" for k, v in opts.items()) or "default") for g, n, opts in VARIANTS]


@pytest.mark.parametrize(("game_id", "seats", "options"), VARIANTS, ids=IDS)
@pytest.mark.parametrize("check", sorted(conformance.ALL_CHECKS))
def test_conformance(game_id: str, seats: int, options: dict[str, Any], check: str) -> None:
    game = tablecraft.load(game_id, num_seats=seats, **options)
    seeds = range(6) if not options else range(2)
    if check in SEARCHING_CHECKS:  # each state tries every action in two worlds per seat: fewer games
        seeds = range(2) if not options else range(1)
    conformance.ALL_CHECKS[check](game, seeds)


SEARCHING_CHECKS = {"decision_shape", "resample_keeps_sightings"}


def _heuristic_policy(game: Any) -> conformance.Policy:
    bot = make_agent("heuristic", game)
    return lambda state, rng: bot.act(observe(state), rng)


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_decision_shape_along_heuristic_games(game_id: str) -> None:
    # Bots reach positions random play rarely does (a two-card attack with a Joker in it, a long payment).
    game = tablecraft.load(game_id)
    conformance.check_decision_shape(game, range(1), policy=_heuristic_policy(game))


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_action_notation_round_trips(game_id: str) -> None:
    conformance.check_action_notation(tablecraft.load(game_id))


@pytest.mark.parametrize("game_id", [g.id for g in tablecraft.games()])
def test_resample_keeps_sightings_along_heuristic_games(game_id: str) -> None:
    game = tablecraft.load(game_id)
    conformance.check_resample_keeps_sightings(game, range(1), policy=_heuristic_policy(game))


# ------------------------------------------------------------------ the fair-play checks catch what they are for
def _attacker_about_to_play_a_joker() -> Any:
    """wizard-towers: orange has attacked blue with 5♠ and may add the Joker he holds as his second card."""
    game = tablecraft.load("wizard-towers")
    s: Any = game.new_initial_state(seed=1, setup={"hands": {"orange": ["5S", "JKR"], "blue": ["9C"]}})
    while s.phase.name == "DRAW":
        s.apply("stop")
    s.apply("attack blue")
    s.apply("play 5S")
    return game, s


def test_decision_shape_catches_a_step_skipped_because_of_a_hidden_joker(monkeypatch: pytest.MonkeyPatch) -> None:
    # The leak of issue 13 item 3, put back: the action-card step skipped when a face-down attack card is a Joker.
    from tablecraft.games.wizard_towers.state import WizardTowersState, is_joker

    game, s = _attacker_about_to_play_a_joker()
    conformance.check_decision_shape(game, (), states=[s])  # as the rules stand: nothing to find

    def skip_for_a_joker(self: Any) -> None:
        if len(self.att) == 2 and not any(is_joker(c) for c in self.att):
            self.phase = type(self.phase).ATTACK_LEAD
            return
        self.att_lead = 0
        self.start_defence()

    monkeypatch.setattr(WizardTowersState, "_attack_lead_step", skip_for_a_joker)
    with pytest.raises(AssertionError, match="seat 1 can tell"):
        conformance.check_decision_shape(game, (), states=[s])


def test_resample_keeps_sightings_catches_a_resample_that_redeals_a_card_seen_going_home(
        monkeypatch: pytest.MonkeyPatch) -> None:
    # A resample that forgets which battle cards every seat saw go back into a hand (issue 13 item 4).
    from tablecraft.games.wizard_towers.spec import PUBLIC
    from tablecraft.games.wizard_towers.state import WizardTowersState

    game = tablecraft.load("wizard-towers")
    conformance.check_resample_keeps_sightings(game, range(2))
    real = WizardTowersState.resample

    def forgetful(self: Any, seat: int, rng: Any) -> Any:
        c = self.clone()
        for p, hand in enumerate(c.hands):
            if p != seat:
                for card in hand:
                    c.known[card] &= ~(PUBLIC | 1 << seat)
        return real(c, seat, rng)

    monkeypatch.setattr(WizardTowersState, "resample", forgetful)
    with pytest.raises(AssertionError, match="a world resampled for it puts"):
        conformance.check_resample_keeps_sightings(game, range(2))


def test_resample_keeps_sightings_catches_a_tracker_that_misreads_the_log(monkeypatch: pytest.MonkeyPatch) -> None:
    # The second account is checked against the truth too: a tracker that never forgets a hand (a card played
    # face down leaves it unseen) soon claims a card is where it no longer is.
    from tablecraft.games.wizard_towers.sightings import WizardTowersSightings

    game = tablecraft.load("wizard-towers")
    monkeypatch.setattr(WizardTowersSightings, "forget_place", lambda self, place: None)
    with pytest.raises(AssertionError, match="log is read as .*, which is false"):
        conformance.check_resample_keeps_sightings(game, range(2))


def test_prices_are_blind_catches_a_price_that_names_a_hidden_card(monkeypatch: pytest.MonkeyPatch) -> None:
    # A price told before a draw that names the card the bag would give: the player could read the bag.
    from tablecraft.core.cards import card_str
    from tablecraft.games.wizard_towers.game import WizardTowersGame

    game = tablecraft.load("wizard-towers")
    conformance.check_prices_are_blind(game, range(1))  # as the games stand: nothing to find

    def peeking(self: Any, state: Any, action: Any, lang: str = "en") -> str | None:
        bag = state.bags[0]
        return f"you would draw {card_str(bag[-1])}" if str(action) == "draw orange" and bag else None

    monkeypatch.setattr(WizardTowersGame, "action_price", peeking)
    with pytest.raises(AssertionError, match="the price of draw orange"):
        conformance.check_prices_are_blind(game, range(1))
