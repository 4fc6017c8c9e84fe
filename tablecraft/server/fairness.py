"""Fair deals: the seed of a room is committed to when its game starts and revealed when it ends.

When the last seat is taken the server draws the seed from the operating system's cryptographic source
(``secrets``), draws a 128-bit ``salt`` the same way, and publishes

    commitment = SHA-256( "tablecraft-deal/1:" + room + ":" + seed + ":" + salt )      (hex, UTF-8, decimal seed)

to every seat (``welcome`` and the ``update`` that starts the game) and in the room's listing. Nobody can
work the seed out of the commitment (the salt has 128 random bits), and the server cannot change the seed
afterwards without the commitment showing it. The finished game's record (``GET /api/rooms/{id}/record``)
carries the seed and, under ``fairness``, the salt; ``verify_record`` then checks that

1. the record's seed and salt open the commitment the player saw at the start, and
2. the record's moves, replayed by the engine from that seed (and setup), are all legal and end as recorded —
   so the cards that were dealt are the ones the seed deals.

A player who also kept the events they were shown can check them against the replay's log of their seat
(``seen``), which proves their own table followed the committed deal move by move. The same check from a
shell, with nothing but coreutils::

    printf 'tablecraft-deal/1:%s:%s:%s' ROOM SEED SALT | sha256sum

What this does not prove: that the server drew the seed at random rather than picking a convenient one at the
start (the commitment binds the seed from the start on). A *practice* room — one whose creator chose the seed
or the starting position — is marked as such everywhere; its creator can know every hidden card.

>>> c = commitment("0568610954", 42, "00" * 16)
>>> c == commitment("0568610954", 42, "00" * 16), c == commitment("0568610954", 43, "00" * 16), len(c)
(True, False, 64)
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

SCHEME = "tablecraft-deal/1"
"""The name and version of the commitment scheme (the prefix of the committed text)."""

SALT_BYTES = 16
"""The salt carries 128 random bits, so the seed cannot be found by trying seeds against the commitment."""


def new_seed() -> int:
    """A fresh seed (63 bits) from the operating system's cryptographic random source."""
    return secrets.randbits(63)


def new_salt() -> str:
    """A fresh salt: 32 hex digits from the cryptographic random source."""
    return secrets.token_hex(SALT_BYTES)


def commitment(room: str, seed: int, salt: str) -> str:
    """The published commitment to ``seed`` for ``room`` (hex SHA-256 of ``"tablecraft-deal/1:room:seed:salt"``)."""
    return hashlib.sha256(f"{SCHEME}:{room}:{int(seed)}:{salt}".encode()).hexdigest()


def verify_record(record: dict[str, Any], expected: str | None = None, seat: int | None = None,
                  seen: Sequence[dict[str, Any]] | None = None) -> list[str]:
    """Check a finished game's record (``GET /api/rooms/{id}/record``); the problems found, ``[]`` if fair.

    ``expected`` is the commitment the verifier was shown when the game started (without it the record's own
    copy is used, which shows only that the record is consistent with itself). With ``seat`` and ``seen`` (the
    events that seat received, in order), those events must be exactly the replayed game's log for the seat.
    A practice room verifies like any other (its seed was not changed); ``fairness.practice`` says its creator
    chose the seed or the position.
    """
    problems: list[str] = []
    fair = record.get("fairness")
    if not isinstance(fair, dict):
        return ["the record has no 'fairness' part: it is not a server game record, or it predates commitments"]
    room, seed, salt, published = fair.get("room"), record.get("seed"), fair.get("salt"), fair.get("commitment")
    if fair.get("scheme") != SCHEME:
        problems.append(f"unknown commitment scheme {fair.get('scheme')!r} (this verifier knows {SCHEME})")
    if not (isinstance(room, str) and isinstance(seed, int) and isinstance(salt, str) and isinstance(published, str)):
        return [*problems, "the record lacks the room, seed, salt or commitment needed to verify it"]
    if expected is not None and not hmac.compare_digest(published.lower(), expected.strip().lower()):
        problems.append(f"the record's commitment {published} is not the one published at the start ({expected})")
    opened = commitment(room, seed, salt)
    if not hmac.compare_digest(opened, (expected or published).strip().lower()):
        problems.append(f"seed {seed} with salt {salt} does not open the commitment: it hashes to {opened}")
    problems.extend(_replay_problems(record, seat, seen))
    return problems


def _replay_problems(record: dict[str, Any], seat: int | None,
                     seen: Sequence[dict[str, Any]] | None) -> list[str]:
    import tablecraft
    from tablecraft.core.errors import TablecraftError

    try:
        game = tablecraft.load(record["game"], num_seats=record["seats"], **record["options"])
        state = game.new_initial_state(record["seed"], record.get("setup"))
        for i, action in enumerate(record["actions"]):
            try:
                state.apply(action)
            except TablecraftError as e:
                return [f"move {i} ({action!r}) is not legal in the game the seed deals: {e}"]
    except (KeyError, TypeError, TablecraftError) as e:
        return [f"the record cannot be replayed: {e}"]
    problems = []
    if not state.is_terminal():
        problems.append("the replayed game does not end where the record ends")
    elif state.winners() != record.get("winners") or list(state.returns()) != list(record.get("returns") or []):
        problems.append(f"the replayed game ends with winners {state.winners()} and returns {state.returns()}, "
                        f"not the recorded {record.get('winners')} and {record.get('returns')}")
    if seen is not None:
        log = json.loads(json.dumps(state.log(seat)))
        if list(seen) != log:
            first = next((i for i, (a, b) in enumerate(zip(seen, log, strict=False)) if a != b), min(len(seen), len(log)))
            problems.append(f"the events seat {seat} was shown differ from the committed game's from event {first + 1}")
    return problems


def read_records(path: str) -> list[dict[str, Any]]:
    """Records from a file (``-`` = standard input): one JSON object, or JSON lines (``/api/records.jsonl``)."""
    text = sys.stdin.read() if path == "-" else Path(path).read_text("utf-8")
    text = text.strip()
    if not text:
        return []
    try:
        one = json.loads(text)
    except json.JSONDecodeError:
        return [json.loads(line) for line in text.splitlines() if line.strip()]
    return one if isinstance(one, list) else [one]
