"""What a seat openly sees of where wizard-towers' cards are, read from its own event stream (``core.sightings``).

The account a player keeps at the table: the cards it drew or was dealt, the cards everyone saw in a battle and
where each then went (back to a hand or a tower, or into the junk bag), the cards it put into the junk face down,
and — for the wizard, when he remembers (巫师特殊规则5, ``wizard_remembers_towers``) — the cards he set on his
towers. It forgets a hand when a card leaves it face down (a card played, placed or discarded: which one is not
shown), a bag's cards when someone draws from it, the junk bag when a refill takes only part of it, and a
tower's cards when a swap it cannot follow moves them.

Places: ``hand:<seat>``, ``tower:<left|right|main>``, ``bag:<orange|blue|green>``, ``junk`` and ``battle``.
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.sightings import Sightings

from .spec import SEAT_NAMES, TOWER_NAMES, WIZARD
from .state import CARD


def _place(origin: str) -> str:
    """A place as the events name it (``hand:blue``, ``tower:main``) in the tracker's terms."""
    kind, _, name = origin.partition(":")
    return f"hand:{SEAT_NAMES.index(name)}" if kind == "hand" else f"tower:{name}"


class WizardTowersSightings(Sightings):
    """One seat's account of wizard-towers' hidden places, built from its own event stream."""

    def __init__(self, seat: int, wizard_remembers: bool) -> None:
        super().__init__(seat)
        self.forgets_towers = seat == WIZARD and not wizard_remembers

    def put(self, label: str, place: str) -> None:
        """As ``Sightings.put``; a wizard without memory keeps nothing he knows of his towers."""
        if self.forgets_towers and place.startswith("tower:"):
            self.forget(label)
        else:
            super().put(label, place)

    def feed(self, event: dict[str, Any]) -> None:
        """Take in the next event of the seat's stream."""
        kind = event["kind"]
        if kind == "towers_set":
            for name, cards in zip(TOWER_NAMES, event.get("cards", ()), strict=False):
                for c in cards:
                    self.put(c, f"tower:{name}")
        elif kind == "dealt":
            for c in event.get("cards", ()):
                self.put(c, f"hand:{event['seat']}")
        elif kind == "drew":
            self.forget_place(f"bag:{event['bag']}")  # which of the bag's cards left it is not shown
            if "card" in event:
                self.put(event["card"], f"hand:{event['seat']}")
        elif kind == "played":
            if "card" in event:
                self.put(event["card"], "battle")
            elif event["from"] == "hand":
                self.forget_place(f"hand:{event['seat']}")
        elif kind == "tower_defends":
            self.move_place(f"tower:{event['tower']}", "battle")
        elif kind == "battle":
            for c in event["attack"] + event["defence"]:
                self.put(c, "battle")
        elif kind == "returned":
            if "card" in event:
                self.put(event["card"], _place(event["to"]))
            else:  # a wizard without memory is not told which battle card went back to his tower
                self.forget_place("battle")
        elif kind == "junked":
            for c in event["cards"]:
                self.put(c, "junk")
        elif kind == "refilled":
            if event["junk_left"] == 0:
                self.move_place("junk", f"bag:{event['bag']}")
            else:  # shuffled, and only some went in: nobody can tell which
                self.forget_place("junk")
        elif kind == "discarded":
            if "card" in event:
                self.put(event["card"], "junk")
            else:
                self.forget_place(f"hand:{event['seat']}")
        elif kind == "placed":
            if "card" in event:
                self.put(event["card"], f"tower:{event['tower']}")
            else:
                self.forget_place(f"hand:{WIZARD}")
        elif kind == "swapped_in":
            self._swapped_in(event)
        elif kind == "tower_swap":
            self._tower_swap(event["slots"])
        elif kind == "died":
            seat = event["seat"]
            self.move_place(f"hand:{seat}", "junk")
            if seat == WIZARD:
                for name in TOWER_NAMES:
                    self.move_place(f"tower:{name}", "junk")

    def _swapped_in(self, event: dict[str, Any]) -> None:
        tower, _, _pos = event["slot"].partition("#")
        place = f"tower:{tower}"
        if "taken" in event:  # the wizard himself
            if "placed" in event:
                self.put(event["placed"], place)
            else:  # without memory his log does not say which card he set down
                self.forget_place(f"hand:{WIZARD}")
            self.put(event["taken"], f"hand:{WIZARD}")
            return
        self.forget_place(f"hand:{WIZARD}")  # a card left his hand face down
        here = [c for c, p in self.at.items() if p == place]
        if tower != "main" and here:  # the one card of a side tower went into his hand
            self.put(here[0], f"hand:{WIZARD}")
        else:
            self.forget_place(place)

    def _tower_swap(self, slots: list[str]) -> None:
        towers = [slot.partition("#")[0] for slot in slots]
        a, b = (f"tower:{t}" for t in towers)
        if "main" not in towers:  # two one-card towers: each card is where the other was
            for c in [c for c, p in self.at.items() if p in (a, b)]:
                self.at[c] = b if self.at[c] == a else a
        else:
            self.forget_place(a)
            self.forget_place(b)


def card_places(s: Any) -> list[tuple[str, str]]:
    """Where every card is, in the places of ``WizardTowersSightings``."""
    out: list[tuple[str, str]] = []
    for p, hand in enumerate(s.hands):
        out += [(f"hand:{p}", CARD[c]) for c in hand]
    for name, tower in zip(TOWER_NAMES, s.towers, strict=True):
        out += [(f"tower:{name}", CARD[c]) for c in tower]
    for name, bag in zip(("orange", "blue", "green"), s.bags, strict=True):
        out += [(f"bag:{name}", CARD[c]) for c in bag]
    out += [("junk", CARD[c]) for c in s.junk]
    out += [("battle", CARD[c]) for c in s.att + s.dfn]
    return out
