"""What a seat openly sees of where fate's cards are, read from its own event stream (``core.sightings``).

The account a player keeps at the table: the cards it drew, the cards it saw taken face up into a hand (缴械
strengthened, a card taken from the table, the discard pile, a revealed row or a judgement), the cards given to
it or by it, its bombs, the cards it looked at, and an equipment card it saw set aside (贪婪). It forgets a hand
when a card leaves that hand unseen (given face down, set aside or taken at random, a bomb placed), and a card
once it goes face up (used, played, discarded, revealed, equipped): face-up places are in every view, so only the
hidden places — hands, bombs, cards looked at or set aside — are tracked.

Places: ``hand:<seat>``, ``bombs:<seat>``, ``pile:<seat>``, ``held:<seat>``, ``aside``, ``looked``, ``deck`` and
``faceup`` (every face-up zone; never the place of a fact).
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.sightings import Sightings

from .content import CARD_DEF, CARD_NAME, CardKind

NAME_INDEX = {name: c for c, name in enumerate(CARD_NAME)}

FACE_UP_EVENTS = {"used": "cards", "played": "cards", "discarded": "cards", "revealed": "cards",
                  "cleared": "cards", "detonated": "cards"}
"""Events that turn the named cards face up (out of every hidden place)."""


class FateSightings(Sightings):
    """One seat's account of fate's hidden places, built from its own event stream."""

    def __init__(self, seat: int) -> None:
        super().__init__(seat)
        self.equipment: dict[tuple[int, int], str] = {}
        """(seat, 1 weapon | 2 armour) → the card it has seen there."""
        self.greed_pending = False
        self.last_bomb: dict[int, str] = {}

    def feed(self, event: dict[str, Any]) -> None:
        """Take in the next event of the seat's stream."""
        kind = event["kind"]
        if kind in FACE_UP_EVENTS:
            for name in event.get(FACE_UP_EVENTS[kind], ()):
                self.forget(name)
                self._unequip(name)
            return
        if kind == "drew":
            for name in event.get("cards", ()):
                self.put(name, f"hand:{event['seat']}")
        elif kind == "took":
            self._took(event)
        elif kind == "given":
            src = event.get("from")
            if "card" in event:
                self.put(event["card"], f"hand:{event['to']}")
            elif src is None:  # from the giver's hand, face down: which card left it is unknown
                self.forget_place(f"hand:{event['seat']}")
        elif kind == "set_aside":
            self._set_aside(event)
        elif kind == "bomb":
            if "card" in event:
                self.put(event["card"], f"bombs:{event['seat']}")
                self.last_bomb[event["seat"]] = event["card"]
            else:
                self.forget_place(f"hand:{event['seat']}")
        elif kind == "dispelled" and event.get("skill") == "remote_mines":
            name = self.last_bomb.pop(event["seat"], None)  # a dispelled mine goes back to its owner's hand
            if name is not None:
                self.put(name, f"hand:{event['seat']}")
        elif kind == "looked":
            for name in event.get("cards", ()):
                self.put(name, "looked")
        elif kind == "equipped":
            name = event["card"]
            self.forget(name)
            slot = 1 if CARD_DEF[NAME_INDEX[name]].kind is CardKind.WEAPON else 2
            self.equipment[(event["seat"], slot)] = name
        elif kind in ("status_card", "judged", "guessed"):
            if kind == "guessed" and event.get("right"):
                self.put(event["card"], f"hand:{event['seat']}")
            else:
                self.forget(event["card"])
        elif kind == "reshuffled":
            self.forget_place("deck")

    def look(self, view: dict[str, Any]) -> None:
        """Cards lying face up (the table, the discard pile, a revealed row, status and equipment zones) are in no
        hidden place; and the equipment each hero wears is seen."""
        open_cards = [*view["table"], *view["discard"], *view["revealed"], *view["removed"]]
        for pl in view["players"]:
            open_cards += pl["status"]
            for slot, key in ((1, "weapon"), (2, "armour")):
                name = pl[key]
                if name is not None:
                    open_cards.append(name)
                    self.equipment[(pl["seat"], slot)] = name
                else:
                    self.equipment.pop((pl["seat"], slot), None)
        for name in open_cards:
            self.forget(name)

    def _took(self, event: dict[str, Any]) -> None:
        seat, src = event["seat"], event["from"]
        names = event.get("cards")
        hand = f"hand:{seat}"
        if isinstance(src, int):
            if self.greed_pending:  # 贪婪: the cards set aside go to the taker's hand
                self.greed_pending = False
                self.move_place("aside", hand)
            elif names is None:  # a card taken at random from that hand, unseen: which one is unknown
                self.forget_place(f"hand:{src}")
        for name in names or ():
            self.put(name, hand)
            self._unequip(name)

    def _set_aside(self, event: dict[str, Any]) -> None:
        t = event["from"]
        if "until" in event:  # 双头龙: set aside from the hand until the end of the turn
            self.forget_place(f"hand:{t}")
            return
        self.greed_pending = True
        zone = event.get("zone", 0)
        if zone == 0:
            self.forget_place(f"hand:{t}")
        else:
            name = self.equipment.pop((t, zone), None)
            if name is not None:
                self.put(name, "aside")

    def _unequip(self, name: str) -> None:
        for key in [k for k, v in self.equipment.items() if v == name]:
            del self.equipment[key]


def card_places(s: Any) -> list[tuple[str, str]]:
    """Where every card is, in the places of ``FateSightings``."""
    out: list[tuple[str, str]] = []
    for p in range(s.n):
        out += [(f"hand:{p}", CARD_NAME[c]) for c in s.hands[p]]
        out += [(f"bombs:{p}", CARD_NAME[c]) for c in s.bombs[p]]
        out += [(f"pile:{p}", CARD_NAME[c]) for c in s.pile[p]]
    out += [(f"held:{owner}", CARD_NAME[c]) for c, owner, _ in s.held]
    out += [("aside", CARD_NAME[c]) for c in s.aside]
    out += [("looked", CARD_NAME[c]) for c in s.looked]
    out += [("deck", CARD_NAME[c]) for c in s.deck]
    face_up = [*s.discard, *s.table, *s.revealed, *s.removed, *(c for z in s.status for c in z),
               *(c for c in s.weapon + s.armour if c >= 0)]
    out += [("faceup", CARD_NAME[c]) for c in face_up]
    return out
