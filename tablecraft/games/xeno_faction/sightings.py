"""What a seat openly sees of where xeno-faction's cards are, read from its own event stream (``core.sightings``).

The only hidden places are the hands and the decks, and no card ever enters a hand face up: so what a seat can
place in a hidden place is its own hand (its draws, until each card is moved out face up). Everything else lies
face up in every view. Both decks print the same notation, so a card's label carries its owner: ``"0:5D"``.

Places: ``hand:<seat>``, ``deck:<seat>`` and ``table`` (every face-up zone).
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.sightings import Sightings

from .state import CARD


class XenoFactionSightings(Sightings):
    """One seat's account of the cards in hidden places: its own hand."""

    def feed(self, event: dict[str, Any]) -> None:
        """Take in the next event of the seat's stream."""
        kind = event["kind"]
        if kind == "drew" and "card" in event:
            self.put(f"{event['seat']}:{event['card']}", f"hand:{event['seat']}")
        elif kind == "moved":
            self.forget(f"{event['seat']}:{event['card']}")  # face up now: in every view


def card_places(s: Any) -> list[tuple[str, str]]:
    """Where every card is, in the places of ``XenoFactionSightings``."""
    out: list[tuple[str, str]] = []
    for p in range(2):
        out += [(f"hand:{p}", f"{p}:{CARD[c]}") for c in s.hands[p]]
        out += [(f"deck:{p}", f"{p}:{CARD[c]}") for c in s.decks[p]]
        face_up = [*s.graves[p], *s.banished[p], *(c for r in s.rows[p] for c in r),
                   *(c for r in s.faces[p] for c in r)]
        out += [("table", f"{p}:{CARD[c]}") for c in face_up]
    out += [("table", f"{e // 54}:{CARD[e % 54]}") for e in s.extra if e >= 0]
    out += [("table", f"{p}:JKR") for p in range(2) if s.joker[p] >= 0]
    return out
