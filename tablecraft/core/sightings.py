"""What a seat has openly seen of where cards are, read from its own event stream alone.

A game's views and ``resample`` keep their own account of each seat's knowledge (knowledge masks on the cards).
A ``Sightings`` tracker is a second, independent account, built the way a person at the table builds it: from
the events that seat was shown, one after another (and what lies face up on the table) — a card drawn into one's own hand, a card everyone saw taken
into another's hand, a card revealed and put back, a card one placed face down. It forgets a card when the events
say it left the seat's sight (a hand that loses a card face down, a pile that is shuffled).

The conformance suite (``check_resample_keeps_sightings``) checks the two accounts against each other: every fact
a tracker holds must be true of the real state, and of every world ``resample`` deals for that seat. Games supply
a tracker through ``Game.sightings(seat)`` and the truth through ``State.card_places()``.

>>> t = Sightings(0)
>>> t.put("KS", "hand:1")
>>> t.put("2H", "hand:1")
>>> t.forget_place("hand:1")
>>> t.facts()
Counter()
"""

from __future__ import annotations

from collections import Counter
from typing import Any


class Sightings:
    """One seat's sightings: where each card it can place now is (``at``, for cards with a unique label) and how
    many cards of a label it knows a place holds (``counts``, for games whose identical cards share a label)."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        self.at: dict[str, str] = {}
        self.counts: Counter[tuple[str, str]] = Counter()

    def feed(self, event: dict[str, Any]) -> None:
        """Take in the next event of the seat's stream (as ``Event.for_seat`` gives it). Games override this."""

    def look(self, view: dict[str, Any]) -> None:
        """Take in what lies face up after an action (the seat's view): a tracker may read the open places there
        — never the hidden cards a view shows, which are the other account's. Games may override this."""

    def put(self, label: str, place: str) -> None:
        """The seat now knows that card ``label`` is at ``place``."""
        self.at[label] = place

    def forget(self, label: str) -> None:
        """The seat no longer knows where card ``label`` is."""
        self.at.pop(label, None)

    def forget_place(self, place: str) -> None:
        """The seat no longer knows which cards ``place`` holds (a card left it unseen, it was shuffled)."""
        for label in [k for k, p in self.at.items() if p == place]:
            del self.at[label]
        for key in [k for k in self.counts if k[0] == place]:
            del self.counts[key]

    def place_of(self, label: str) -> str | None:
        """Where the seat knows card ``label`` is, or ``None``."""
        return self.at.get(label)

    def move_place(self, src: str, dst: str) -> None:
        """Every card the seat knows at ``src`` is now at ``dst`` (the place moved as a whole)."""
        for label, p in list(self.at.items()):
            if p == src:
                self.at[label] = dst
        for (p, label), n in list(self.counts.items()):
            if p == src:
                del self.counts[(p, label)]
                self.counts[(dst, label)] += n

    def facts(self) -> Counter[tuple[str, str]]:
        """Every ``(place, label)`` the seat knows, with how many cards of that label it knows are there."""
        out: Counter[tuple[str, str]] = Counter((p, label) for label, p in self.at.items())
        out.update(+self.counts)
        return out
