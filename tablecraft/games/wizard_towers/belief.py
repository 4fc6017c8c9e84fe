"""Belief worlds (issue 17): the hidden cards dealt as players keep and play them, not uniformly.

A uniform redeal (``view.resample_for``) puts every card a seat has not seen in any place it cannot see with equal
chance. Cards are not placed uniformly: a high card is played and so seen, an ace is kept (it works only for the
lower side), a Joker that wins goes back to its hand face up, and one attacks with one's best. In normal
self-play, seen from a warrior, the wizard's unseen hand cards average 5.4 in value where a uniform redeal deals
7.1 (aces: a quarter of them against 7%), and the face-down cards of an attack average 10.7 against 7.3; a warrior
searching on uniform worlds meets attacks weaker than the ones he faces.

``believed_world`` deals the same cards to the same places as ``resample``, but fills the unseen slots of a
battle, the hands and the towers first, each card drawn with a weight for its value in that place, seen from
that seat's role (``PLACE_WEIGHTS``); the bags and the junk bag take the rest uniformly. Against the wizard's
attack a warrior's worlds then give the attack the best of the wizard's hidden cards (``attack_with_the_best``).
The weights are data, fitted on normal self-play by ``benchmarks/wizard_towers_belief.py`` (seeds 0–399): the
true count of a value in a place over the count a uniform redeal gives it. A warrior's ``attack`` row is the
square root of the fitted one, because after ``attack_with_the_best`` the fitted row overshot (an attack card
averaged 11.5 against the true 10.6). The weights model how the normal bot keeps its cards and use nothing the
seat does not know, so the world stays one the seat cannot tell from the truth.
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.rng import Rng

from .rules import card_value
from .spec import WIZARD

CLASS_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 15)
"""The card values, A = 1 … K = 13 and the Joker's 15: one weight each."""

PLACE_WEIGHTS: dict[tuple[str, str], tuple[float, ...]] = {
    # value:              A     2     3     4     5     6     7     8     9    10     J     Q     K  Joker
    ("warrior", "attack"): (0.65, 0.26, 0.26, 0.35, 0.49, 0.59, 0.75, 0.96, 1.04, 1.20, 1.34, 1.42, 1.65, 1.88),
    ("warrior", "tower"): (0.49, 1.63, 1.38, 1.30, 1.23, 1.02, 1.11, 0.98, 0.91, 0.86, 0.75, 0.74, 0.76, 0.59),
    ("warrior", "warrior hand"): (2.24, 1.98, 1.61, 1.15, 1.13, 0.80, 0.74, 0.76, 0.56, 0.51, 0.52, 0.49, 0.54, 0.18),
    ("warrior", "wizard hand"): (3.30, 0.72, 0.75, 0.96, 0.92, 1.05, 0.99, 0.91, 0.81, 0.78, 0.64, 0.56, 0.44, 0.42),
    ("wizard", "attack"): (0.33, 0.42, 0.61, 0.61, 0.76, 0.79, 0.90, 0.97, 1.04, 1.13, 1.32, 1.52, 1.83, 2.60),
    ("wizard", "warrior hand"): (2.46, 2.11, 1.67, 1.21, 1.13, 0.75, 0.76, 0.70, 0.50, 0.47, 0.53, 0.47, 0.51, 0.13),
}
"""(observer's role, hidden place) → a weight per value class; places without weights are dealt uniformly."""


def value_class(card: int) -> int:
    """The index of a card's value in ``CLASS_VALUES``."""
    v = card_value(card)
    return 13 if v == 15 else v - 1


def observer_of(seat: int) -> str:
    """A seat's role, the first half of ``PLACE_WEIGHTS``' keys."""
    return "wizard" if seat == WIZARD else "warrior"


def place_of_hand(owner: int) -> str:
    """The weighted place a hand is."""
    return "wizard hand" if owner == WIZARD else "warrior hand"


def unseen_cards(s: Any, seat: int) -> list[tuple[str, int]]:
    """Every card ``seat`` does not know in a hand, on a tower or face down in a battle, with its place."""
    bit = 1 << seat
    known = s.known
    out = [(place_of_hand(p), c) for p, hand in enumerate(s.hands) for c in hand if not known[c] & bit]
    out += [("tower", c) for tower in s.towers for c in tower if not known[c] & bit]
    out += [("attack", c) for c in s.att if not known[c] & bit]
    out += [("defence", c) for c in s.dfn if not known[c] & bit]
    return out


def facing_the_wizards_attack(s: Any, seat: int) -> bool:
    """Whether ``seat`` is a warrior with the wizard's attack on the table (the decision ``attack_with_the_best``
    shapes the worlds of)."""
    return seat != WIZARD and bool(s.att) and s.turn_seat == WIZARD


def believed_world(s: Any, seat: int, rng: Rng) -> Any:
    """A world ``seat`` cannot tell from ``s``, its hidden battle, hand and tower cards drawn by ``PLACE_WEIGHTS``."""
    from .view import resample_for

    observer = observer_of(seat)
    weights = {place: w for (who, place), w in PLACE_WEIGHTS.items() if who == observer}
    world = resample_for(s, seat, rng, weights)
    if facing_the_wizards_attack(world, seat):
        attack_with_the_best(world, seat)
    return world


def attack_with_the_best(world: Any, seat: int) -> None:
    """In ``world``, give the wizard's face-down attack the best of the cards ``seat`` cannot see among his attack
    and his hand, and his hand the rest.

    The normal wizard attacks with his best cards: in 95% of 962 warrior decisions against his attack (normal
    self-play, seeds 0–59: ``python benchmarks/wizard_towers_belief.py --attacks -n 60``) every attacking card was
    at least as high as every card left in his hand. Weights per place cannot say that (they draw the attack and
    the hand apart), so after the weighted deal the two places trade cards until it holds. Each slot keeps its own
    knowledge mask, so the seat's view does not change.
    """
    bit = 1 << seat
    known = world.known
    att = list(world.att)
    hand = world.hands[WIZARD]
    slots = [(att, i) for i, c in enumerate(att) if not known[c] & bit]
    slots += [(hand, i) for i, c in enumerate(hand) if not known[c] & bit]
    masks = [known[z[i]] for z, i in slots]
    best_first = sorted((z[i] for z, i in slots), key=lambda c: (-card_value(c), c))
    for (z, i), c, k in zip(slots, best_first, masks, strict=True):
        z[i] = c
        known[c] = k
    hand.sort()
    world.att = tuple(att)
