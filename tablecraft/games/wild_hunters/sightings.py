"""What a seat openly sees of where wild-hunters' cards are, read from its own event stream (``core.sightings``).

Cards of one kind (an element, a spirit or a god card) are alike, so the account counts them: how many cards of
each kind the seat knows a hand holds — its own draws, and the supply cards everyone saw a hero take into hand
(汲取). A card of that kind leaving the hand face up (paid, rested, focused, lost to rubble) takes one off the
count: the engine spends a copy everyone knows first, and a person cannot tell the copies apart.

Places: ``hand:<seat>``, ``deck:<seat>``, ``discard:<seat>``, ``energy:<seat>``, ``supply``, ``supply_deck``,
``burned`` and ``box``.
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.sightings import Sightings

from .content import CARD_TEXT

SPENT = ("paid", "rest", "focus", "rubble")
"""Events in which a hero's hand card of the named kind goes face up out of the hand."""


class WildHuntersSightings(Sightings):
    """One seat's count of the cards of each kind it knows each hand holds."""

    def feed(self, event: dict[str, Any]) -> None:
        """Take in the next event of the seat's stream."""
        kind = event["kind"]
        if kind == "drew":
            for c in event.get("cards", ()):
                self.counts[(f"hand:{event['seat']}", c)] += 1
        elif kind == "acquired":
            self.counts[(f"hand:{event['seat']}", event["card"])] += 1
        elif kind in SPENT:
            key = (f"hand:{event['seat']}", event["card"])
            if self.counts[key] > 0:
                self.counts[key] -= 1


def card_places(s: Any) -> list[tuple[str, str]]:
    """Where every card is, by kind, in the places of ``WildHuntersSightings``."""
    out: list[tuple[str, str]] = []
    for p in range(s.num_heroes):
        for place, zone in (("hand", s.hands[p]), ("deck", s.decks[p]), ("discard", s.discards[p]),
                            ("energy", s.energy[p])):
            out += [(f"{place}:{p}", CARD_TEXT[c]) for c in zone]
    for place, zone in (("supply", s.supply_row), ("supply_deck", s.supply_deck), ("burned", s.burned),
                        ("box", s.fx.box)):
        out += [(place, CARD_TEXT[c]) for c in zone]
    return out
