"""A heuristic wizard-towers player: plays sensibly from its own view only (no search).

Its habits, each a small rule a person watching would recognise:

- Draws whenever it may, preferring a bag whose spiral coin is out (that draw cannot be a coin), else the fullest.
- Warriors go for the wizard: the wizard himself when he is exposed, then the main tower, then a side tower; they
  attack only with a strong pair (or any card against an exposed wizard), never the other warrior while the
  wizard lives, and fight each other only once he is dead.
- Keeps ♣A for defence (alone it makes the defender immune), leads with a Joker or a spade when it can.
- The wizard fills his towers with his strongest cards while they have room, then attacks the weakest warrior
  when he holds a strong pair, else waits and takes his idle draw.
- Defends with its best cards when they can matter, discards its lowest cards.
"""

from __future__ import annotations

import math
import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import Suit, parse_card, rank_of, suit_of

from .actions import Kind, WTAction
from .rules import card_value
from .spec import WARRIORS, WIZARD

DEAD_SHARE = -0.5
"""What a dead opponent counts for in ``evaluate``, against HP shares of 0 … 1."""
STRONG_PAIR = 15
"""A pair worth attacking a tower with: about what a tower card plus a hand card average."""


def _hand(view: dict[str, Any], seat: int) -> list[int]:
    return [parse_card(c) for c in view["players"][seat]["hand"]]


def _is_club_ace(card: int) -> bool:
    return rank_of(card) == 1 and suit_of(card) is Suit.CLUBS


def _attack_worth(card: int) -> float:
    """How much a card is worth putting into an attack (aces are kept for their effects)."""
    if rank_of(card) == 1:
        return -1.0
    return card_value(card) + (0.5 if suit_of(card) is Suit.SPADES or suit_of(card) is None else 0.0)


class WizardTowersHeuristic:
    """The heuristic agent (``make_agent("heuristic", game)``)."""

    name = "heuristic"

    def act(self, obs: Any, rng: random.Random) -> Action:
        """Choose one of ``obs.legal_actions`` from ``obs.view`` alone."""
        legal: list[WTAction] = obs.legal_actions
        view = obs.view
        seat = obs.seat
        kinds = {a.kind for a in legal}
        phase = view["phase"]
        if Kind.DRAW in kinds:
            return self._draw(view, legal)
        if Kind.DISCARD in kinds:
            return min(legal, key=lambda a: _attack_worth(a.a))
        if Kind.SUBSTITUTE in kinds:
            return self._substitute(view, seat, legal)
        if Kind.LEAD in kinds:
            return self._lead(view, seat, legal, defending=phase == "defend_lead")
        if phase == "attack_cards":
            return self._attack_card(view, seat, legal)
        if phase == "defend_cards":
            return self._defend_card(view, seat, legal)
        if phase in ("action", "adjust"):
            return self._act(view, seat, legal)
        return legal[0]

    # ------------------------------------------------------------------------------------------------ steps
    @staticmethod
    def _draw(view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        draws = [a for a in legal if a.kind is Kind.DRAW]
        bags = view["bags"]
        return max(draws, key=lambda a: (not bags[a.a]["coin"], bags[a.a]["cards"]))

    @staticmethod
    def _substitute(view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        players = view["players"]
        hand = _hand(view, seat)
        attacked = 1 - seat
        helps = any(_is_club_ace(c) for c in hand) or (
            players[seat]["hp"] > players[attacked]["hp"] + 15 and max(map(card_value, hand), default=0) >= 10
        )
        return next(a for a in legal if a.kind is (Kind.SUBSTITUTE if helps else Kind.DECLINE))

    @staticmethod
    def _lead(view: dict[str, Any], seat: int, legal: list[WTAction], defending: bool) -> WTAction:
        battle = view["battle"] or {}
        cards = [d["card"] for d in battle.get("defence", [])] if defending else battle.get("attack", [])
        parsed = [parse_card(c) if c else None for c in cards]

        def score(a: WTAction) -> float:
            c = parsed[a.a] if a.a < len(parsed) else None
            if c is None:
                return 0.0
            if defending and _is_club_ace(c):
                return 100.0
            if suit_of(c) is None:
                return 50.0
            return {Suit.SPADES: 3.0, Suit.DIAMONDS: 2.0, Suit.CLUBS: 2.0, Suit.HEARTS: 1.0}[suit_of(c)]  # type: ignore[index]

        return max(legal, key=score)

    @staticmethod
    def _attack_card(view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        plays = [a for a in legal if a.kind is Kind.PLAY_CARD]
        played = len((view["battle"] or {}).get("attack", []))
        if played and any(a.kind is Kind.DONE for a in legal):
            best = max(plays, key=lambda a: _attack_worth(a.a), default=None)
            if best is None or _attack_worth(best.a) < 5:
                return next(a for a in legal if a.kind is Kind.DONE)
            return best
        return max(plays, key=lambda a: _attack_worth(a.a))

    @staticmethod
    def _defend_card(view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        tower_plays = [a for a in legal if a.kind is Kind.PLAY_TOWER]
        if tower_plays:
            return tower_plays[0]  # a tower must put in its own card; they are blind anyway
        plays = [a for a in legal if a.kind is Kind.PLAY_CARD]
        done = [a for a in legal if a.kind is Kind.DONE]
        battle = view["battle"] or {}
        mine = [d for d in battle.get("defence", []) if d["card"] is not None]
        if any(_is_club_ace(parse_card(d["card"])) for d in mine) and done:
            return done[0]  # ♣A alone: immune, keep the rest
        club_aces = [a for a in plays if _is_club_ace(a.a)]
        if club_aces and not battle.get("defence"):
            return club_aces[0]
        useful = [a for a in plays if card_value(a.a) >= 6 and rank_of(a.a) != 1]
        if useful:
            return max(useful, key=lambda a: card_value(a.a))
        return done[0] if done else max(plays, key=lambda a: card_value(a.a))

    def _act(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        done_or_pass = next(a for a in legal if a.kind in (Kind.PASS, Kind.DONE))
        hand = _hand(view, seat)
        if seat == WIZARD:
            places = [a for a in legal if a.kind is Kind.PLACE]
            if places:  # fill the towers with the strongest cards, the main tower first
                return max(places, key=lambda a: (_attack_worth(a.a) if not _is_club_ace(a.a) else -5, a.b == 2))
            attacks = [a for a in legal if a.kind is Kind.ATTACK_SEAT]
            if attacks and len(hand) >= 3 and self._pair(hand) >= STRONG_PAIR - 2:
                players = view["players"]
                return min(attacks, key=lambda a: (players[a.a]["hand_size"], players[a.a]["hp"]))
            return done_or_pass
        attacks = [a for a in legal if a.kind in (Kind.ATTACK_SEAT, Kind.ATTACK_TOWER)]
        wizard_alive = view["players"][WIZARD]["alive"]
        pair = self._pair(hand)
        for a in attacks:
            if a.kind is Kind.ATTACK_SEAT and a.a == WIZARD and max(map(_attack_worth, hand), default=0) >= 5:
                return a
        if wizard_alive:
            towers = [a for a in attacks if a.kind is Kind.ATTACK_TOWER]
            if towers and (pair >= STRONG_PAIR or len(hand) >= view["players"][seat]["hand_limit"] and pair >= 11):
                return max(towers, key=lambda a: a.a)  # the main tower (2) before a side tower
            return done_or_pass
        others = [a for a in attacks if a.kind is Kind.ATTACK_SEAT and a.a in WARRIORS]
        if others and pair >= 8:
            return others[0]
        return done_or_pass

    @staticmethod
    def _pair(hand: list[int]) -> float:
        values = sorted((card_value(c) for c in hand if rank_of(c) != 1), reverse=True)
        return float(sum(values[:2]))


def evaluate(state: Any, seat: int) -> float:
    """HP standing in [-1, 1]: own HP share against the living opponents' (the returns once the game is over)."""
    if state.is_terminal():
        return float(state.returns()[seat])
    if not state.alive[seat]:
        return -1.0
    opts = state.game.options
    start = [opts["warrior_hp"], opts["warrior_hp"], opts["wizard_hp"]]
    mine = state.hp[seat] / start[seat]
    # a dead opponent is worth less than one at 0 HP: it no longer acts, and its killer drew two cards
    others = [state.hp[o] / start[o] if state.alive[o] else DEAD_SHARE for o in range(3) if o != seat]
    if seat in WARRIORS and state.alive[WIZARD]:
        # while the wizard lives the warriors' fortunes are shared: measure against him alone
        others = [state.hp[WIZARD] / start[WIZARD]]
    return math.tanh(2.0 * (mine - sum(others) / len(others)))
