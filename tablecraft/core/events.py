"""Event records: what an ``apply`` caused, with who may see which part of it.

An event has a ``kind`` (a short identifier such as ``"drew"`` or ``"damage"``), public ``data`` that every seat
and spectators see, and optional ``secret`` data seen only by the seats in ``seen_by`` (a bit mask; bit *i* is
seat *i*). ``for_seat`` is the one redaction path: the event stream a seat receives is ``[e.for_seat(seat)]``.

Events hold numbers and card ids, never text; games turn them into words lazily (``Game.describe_event``), so
random playouts do not pay for explanations.

>>> e = Event("drew", {"seat": 0, "bag": 1}, {"card": 5}, seen_by=0b001)
>>> e.for_seat(0)
{'kind': 'drew', 'seat': 0, 'bag': 1, 'card': 5}
>>> e.for_seat(1), e.for_seat(None)
({'kind': 'drew', 'seat': 0, 'bag': 1}, {'kind': 'drew', 'seat': 0, 'bag': 1})
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

ALL_SEATS = -1
"""``seen_by`` mask meaning every seat and spectators see the secret part too."""
SPECTATOR = 1 << 30
"""``seen_by`` bit for spectators (``seat=None``); seats use bits 0 … 29."""


class Event:
    """One thing that happened, with its visibility."""

    __slots__ = ("kind", "data", "secret", "seen_by")

    def __init__(
        self, kind: str, data: dict[str, Any], secret: dict[str, Any] | None = None, seen_by: int = 0
    ) -> None:
        self.kind = kind
        self.data = data
        self.secret = secret
        self.seen_by = seen_by

    def is_visible_in_full(self, seat: int | None) -> bool:
        """True when ``seat`` (``None`` = spectator) may see the secret part."""
        if self.secret is None or self.seen_by == ALL_SEATS:
            return True
        return bool(self.seen_by & (SPECTATOR if seat is None else 1 << seat))

    def for_seat(self, seat: int | None) -> dict[str, Any]:
        """The JSON-safe record ``seat`` may see (``None`` = spectator)."""
        out: dict[str, Any] = {"kind": self.kind}
        out.update(self.data)
        if self.secret is not None and self.is_visible_in_full(seat):
            out.update(self.secret)
        return out

    def to_json(self) -> dict[str, Any]:
        """Full record, for saving a state (not for showing to a seat)."""
        return {"kind": self.kind, "data": self.data, "secret": self.secret, "seen_by": self.seen_by}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        """Inverse of ``to_json``."""
        return cls(d["kind"], dict(d["data"]), None if d["secret"] is None else dict(d["secret"]), d["seen_by"])

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, secret={self.secret!r}, seen_by={self.seen_by})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Event) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]


EventChain = tuple[Event, "EventChain"] | None
"""An append-only log stored as a cons list ``(newest, rest)``: a clone shares it, so copying costs nothing."""


def chain_push(chain: EventChain, event: Event) -> EventChain:
    """Return ``chain`` with ``event`` appended."""
    return (event, chain)


def chain_since(chain: EventChain, stop: EventChain) -> list[Event]:
    """Events appended after ``stop`` (a previous head of the same chain), oldest first."""
    out: list[Event] = []
    while chain is not None and chain is not stop:
        out.append(chain[0])
        chain = chain[1]
    out.reverse()
    return out


def chain_list(chain: EventChain) -> list[Event]:
    """All events, oldest first."""
    return chain_since(chain, None)


def chain_from_list(events: list[Event]) -> EventChain:
    """Build a chain from events listed oldest first."""
    chain: EventChain = None
    for e in events:
        chain = (e, chain)
    return chain


def iter_chain(chain: EventChain) -> Iterator[Event]:
    """Events newest first, without building a list."""
    while chain is not None:
        yield chain[0]
        chain = chain[1]


_REDACTED: dict[tuple[int, int], tuple[EventChain, EventChain]] = {}
"""``(id(node), seat)`` → ``(node, redacted chain)``: a cache so that redacting a growing log costs only its new
events. The node itself is kept in the value, so an ``id`` can never be reused while its entry lives."""
_REDACTED_MAX = 20_000


def redacted_chain(chain: EventChain, seat: int) -> EventChain:
    """The log as ``seat`` saw it, as a chain of public events (what a resampled world keeps: ``State.resample``).

    Each event becomes one with no secret part, holding exactly ``event.for_seat(seat)``, so the world's log says
    what the seat was shown and nothing else, to every reader. Redacting a chain that is already redacted for
    ``seat`` (the log of a world resampled for it) returns it unchanged, and a log that grew since the last call
    costs only its new events.

    >>> log = chain_from_list([Event("drew", {"seat": 0}, {"card": 5}, seen_by=0b01)])
    >>> [e.for_seat(1) for e in chain_list(redacted_chain(log, 1))]
    [{'kind': 'drew', 'seat': 0}]
    >>> [e.for_seat(1) for e in chain_list(redacted_chain(log, 0))]
    [{'kind': 'drew', 'seat': 0, 'card': 5}]
    """
    cache = _REDACTED
    pending: list[tuple[Event, EventChain]] = []
    node = chain
    base: EventChain = None
    while node is not None:
        hit = cache.get((id(node), seat))
        if hit is not None and hit[0] is node:
            base = hit[1]
            break
        pending.append(node)
        node = node[1]
    if len(cache) + 2 * len(pending) > _REDACTED_MAX:
        cache.clear()
    for old in reversed(pending):
        e = old[0]
        if e.secret is not None:
            data = e.for_seat(seat)
            del data["kind"]
            e = Event(e.kind, data)
        base = (e, base)
        cache[(id(old), seat)] = (old, base)
        cache[(id(base), seat)] = (base, base)
    return base
