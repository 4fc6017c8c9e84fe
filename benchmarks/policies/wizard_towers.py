"""Sparring policies for wizard-towers: fixed, simple strategies a person might play, to test the heuristic against.

They read only the observation's view and legal actions, and handle every decision the game can ask (anything
unforeseen falls back to ``done``/``pass``/``stop`` or the first legal action).

- ``rusher``: all-out aggression. As a warrior it attacks every turn it holds a card, with its two highest cards,
  at the most advanced target open (the wizard, the main tower, a side tower), and always defends with its two
  highest cards. As the wizard it attacks the warrior with the fewest cards every turn with its two highest cards
  and never rebuilds a tower.
- ``turtle``: patience. As the wizard it keeps every tower full with its highest cards, strengthens the towers'
  defence with its best hand card, and attacks only a warrior who cannot defend (a coin, or no cards, and no
  partner able to stand in); otherwise it waits and takes the idle draw. As a warrior it defends with its best
  cards, attacks the exposed wizard at once, and attacks a tower only with a full hand and a pair of 20 or more.
- ``legacy``: the wizard-towers heuristic of main before issue 17 (for before/after comparisons).
- ``striker``: a warrior that saves up and strikes together: it attacks only with a full hand, always the same
  tower as its partner would (the lowest-numbered open tower, the main tower first once it is open), and
  substitutes for a partner whose HP is lower than its own; as the wizard it attacks only with a pair of 20 or
  more and otherwise rebuilds the main tower.

``make(name, game)`` returns one (``benchmarks/wizard_towers_play.py --warriors policy:rusher``).
"""

from __future__ import annotations

import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import Suit, parse_card, rank_of, suit_of
from tablecraft.games.wizard_towers.actions import Kind, WTAction
from tablecraft.games.wizard_towers.rules import card_value
from tablecraft.games.wizard_towers.spec import WARRIORS

WIZARD = 2


def _hand(view: dict[str, Any], seat: int) -> list[int]:
    return [parse_card(c) for c in view["players"][seat]["hand"]]


def _of(legal: list[WTAction], *kinds: Kind) -> list[WTAction]:
    return [a for a in legal if a.kind in kinds]


def _fallback(legal: list[WTAction]) -> WTAction:
    for kind in (Kind.DONE, Kind.PASS, Kind.STOP, Kind.DECLINE):
        for a in legal:
            if a.kind is kind:
                return a
    return legal[0]


class _Base:
    """Decisions every sparring policy makes the same plain way; subclasses override the choices that differ."""

    name = "policy"

    def act(self, obs: Any, rng: random.Random) -> WTAction:
        """One of ``obs.legal_actions``, from the view alone."""
        legal: list[WTAction] = obs.legal_actions
        view, seat = obs.view, obs.seat
        phase = view["phase"]
        kinds = {a.kind for a in legal}
        if Kind.DRAW in kinds:
            return self.draw(view, legal)
        if Kind.DISCARD in kinds:
            return min(legal, key=lambda a: card_value(a.a))
        if Kind.SUBSTITUTE in kinds:
            return self.substitute(view, seat, legal)
        if Kind.LEAD in kinds:
            return self.lead(view, legal, phase == "defend_lead")
        if phase == "attack_cards":
            return self.attack_card(view, seat, legal)
        if phase == "defend_cards":
            return self.defend_card(view, seat, legal)
        if phase == "action":
            return self.wizard_action(view, legal) if seat == WIZARD else self.warrior_action(view, seat, legal)
        if phase == "adjust":
            return self.adjust(view, legal)
        return _fallback(legal)

    def draw(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Draw whenever allowed, from a bag whose coin is out if any, else the fullest bag."""
        draws = _of(legal, Kind.DRAW)
        bags = view["bags"]
        return max(draws, key=lambda a: (not bags[a.a]["coin"], bags[a.a]["cards"]))

    def substitute(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Stand in for the partner when it cannot defend at all."""
        partner = view["players"][1 - seat]
        stand_in = partner["coins"] or partner["hand_size"] == 0
        return _of(legal, Kind.SUBSTITUTE if stand_in else Kind.DECLINE)[0]

    def lead(self, view: dict[str, Any], legal: list[WTAction], defending: bool) -> WTAction:
        """Lead the first card."""
        return _of(legal, Kind.LEAD)[0]

    def attack_card(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """The highest card, twice."""
        plays = _of(legal, Kind.PLAY_CARD)
        return max(plays, key=lambda a: card_value(a.a)) if plays else _fallback(legal)

    def defend_card(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """A tower card first (blind), then the highest hand card, up to two."""
        towers = _of(legal, Kind.PLAY_TOWER)
        if towers and not (view["battle"] or {}).get("defence"):
            return towers[0]
        return self.defend_hand(view, seat, legal)

    def defend_hand(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Always put in the highest hand card."""
        plays = _of(legal, Kind.PLAY_CARD)
        return max(plays, key=lambda a: card_value(a.a)) if plays else _fallback(legal)

    def warrior_action(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Pass."""
        return _fallback(legal)

    def wizard_action(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Pass."""
        return _fallback(legal)

    def adjust(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Place the highest card where there is room, the main tower first; else stop."""
        places = _of(legal, Kind.PLACE)
        if places:
            return max(places, key=lambda a: (card_value(a.a), a.b == 2))
        return _fallback(legal)

    @staticmethod
    def advanced_target(legal: list[WTAction]) -> WTAction | None:
        """The wizard if exposed, else the main tower, else a side tower (never the other warrior while the
        wizard lives)."""
        if any(a.kind is Kind.ATTACK_SEAT and a.a == WIZARD for a in legal):
            return next(a for a in legal if a.kind is Kind.ATTACK_SEAT and a.a == WIZARD)
        towers = _of(legal, Kind.ATTACK_TOWER)
        if towers:
            return max(towers, key=lambda a: a.a)
        others = _of(legal, Kind.ATTACK_SEAT)
        return others[0] if others else None

    @staticmethod
    def weakest_warrior(view: dict[str, Any], legal: list[WTAction]) -> WTAction | None:
        """The attack on the warrior with a coin or the fewest cards (then the lower HP)."""
        players = view["players"]
        attacks = _of(legal, Kind.ATTACK_SEAT)
        if not attacks:
            return None
        return min(attacks, key=lambda a: (not players[a.a]["coins"], players[a.a]["hand_size"], players[a.a]["hp"]))


class Rusher(_Base):
    """All-out aggression in either role."""

    name = "rusher"

    def warrior_action(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Attack the most advanced target whenever a card is in hand."""
        return self.advanced_target(legal) or _fallback(legal)

    def wizard_action(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Attack the weakest warrior every turn."""
        return self.weakest_warrior(view, legal) or _fallback(legal)

    def defend_hand(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Put in the two highest cards, except that the wizard leaves a tower to its own cards."""
        if seat == WIZARD and (view["battle"] or {}).get("target") != "purple":
            return _fallback(legal)
        return super().defend_hand(view, seat, legal)


class Turtle(_Base):
    """Patience in either role."""

    name = "turtle"

    def warrior_action(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """The exposed wizard at once; a tower only with a full hand and a pair of 20 or more."""
        target = self.advanced_target(legal)
        hand = sorted((card_value(c) for c in _hand(view, seat)), reverse=True)
        if target is None or not view["players"][WIZARD]["alive"]:
            return target or _fallback(legal)
        if target.kind is Kind.ATTACK_SEAT:
            return target
        me = view["players"][seat]
        if len(hand) >= me["hand_limit"] and sum(hand[:2]) >= 20:
            return target
        return _fallback(legal)

    def wizard_action(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """Fill the towers; attack only a warrior who cannot be defended; else wait."""
        places = _of(legal, Kind.PLACE)
        if places:
            return max(places, key=lambda a: (card_value(a.a), a.b == 2))
        players = view["players"]
        for a in _of(legal, Kind.ATTACK_SEAT):
            target, partner = players[a.a], players[1 - a.a]
            helpless = target["coins"] or target["hand_size"] == 0
            no_help = not partner["alive"] or partner["coins"] or partner["hand_size"] == 0
            if helpless and no_help:
                return a
        return _fallback(legal)


class Striker(_Base):
    """Saves up, then strikes where the partner strikes."""

    name = "striker"

    def warrior_action(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """With a full hand only: the wizard, else the main tower, else the lowest-numbered side tower."""
        me = view["players"][seat]
        target = self.advanced_target(legal)
        if target is None:
            return _fallback(legal)
        if target.kind is Kind.ATTACK_TOWER and target.a != 2:
            target = min(_of(legal, Kind.ATTACK_TOWER), key=lambda a: a.a)
        if me["hand_size"] >= me["hand_limit"] or target.kind is Kind.ATTACK_SEAT:
            return target
        return _fallback(legal)

    def substitute(self, view: dict[str, Any], seat: int, legal: list[WTAction]) -> WTAction:
        """Stand in for a partner with lower HP or no means to defend."""
        me, partner = view["players"][seat], view["players"][1 - seat]
        stand_in = partner["coins"] or partner["hand_size"] == 0 or partner["hp"] < me["hp"]
        return _of(legal, Kind.SUBSTITUTE if stand_in else Kind.DECLINE)[0]

    def wizard_action(self, view: dict[str, Any], legal: list[WTAction]) -> WTAction:
        """A pair of 20 or more attacks the weakest warrior; otherwise rebuild the main tower, else wait."""
        hand = sorted((card_value(c) for c in _hand(view, WIZARD)), reverse=True)
        target = self.weakest_warrior(view, legal)
        if target is not None and sum(hand[:2]) >= 20:
            return target
        places = [a for a in _of(legal, Kind.PLACE) if a.b == 2]
        if places:
            return max(places, key=lambda a: card_value(a.a))
        return _fallback(legal)


# ---------------------------------------------------------------------------------------------------- legacy
# The wizard-towers heuristic as it stood on main before issue 17, copied verbatim so that "before" can still be
# measured against "after".

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


class Legacy:
    """The heuristic of main before issue 17 (commit 45f3352), kept as a sparring partner."""

    name = "legacy"

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


POLICIES = {"rusher": Rusher, "turtle": Turtle, "striker": Striker, "legacy": Legacy}
"""The sparring policies by name."""


def make(name: str, game: Any = None) -> _Base:
    """The sparring policy called ``name``; ``KeyError`` naming the known ones."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise KeyError(f"unknown wizard-towers policy {name!r}; policies: {', '.join(POLICIES)}") from None
