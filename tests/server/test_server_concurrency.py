"""Concurrency: many clients claiming the same seat at the same moment — exactly one wins, in one server process
and across two processes sharing the database (the database's conditional update is the arbiter)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from server_support import FAST, ServerProcess, run

from tablecraft.server.client import Client
from tablecraft.server.protocol import Error, ErrorCode, Welcome

GAME = "wizard-towers"


async def claim_at_once(urls: list[str], room: str, seat: int | None, n: int) -> list[Welcome | Error]:
    """``n`` clients (spread over ``urls``) connect, then all send their join in the same instant."""
    clients = [Client(urls[i % len(urls)]) for i in range(n)]
    await asyncio.gather(*(c.connect() for c in clients))
    answers = await asyncio.gather(*(c.join(room, seat) for c in clients))
    for c in clients:
        await c.close()
    return list(answers)


def test_many_clients_claiming_one_seat_at_once_exactly_one_wins(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])["room"]
    answers = run(claim_at_once([server.ws], room, 0, 40))
    winners = [a for a in answers if isinstance(a, Welcome)]
    assert len(winners) == 1 and winners[0].seat == 0 and winners[0].token
    losers = [a for a in answers if isinstance(a, Error)]
    assert len(losers) == 39 and {e.code for e in losers} == {ErrorCode.SEAT_TAKEN}
    info = server.get(f"/api/rooms/{room}")
    assert info["seats"][0]["claimed"] and info["status"] == "playing"


def test_many_clients_joining_any_seat_fill_each_seat_once(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}] * 3)["room"]
    answers = run(claim_at_once([server.ws], room, None, 30))
    winners = sorted(a.seat for a in answers if isinstance(a, Welcome) and a.seat is not None)
    assert winners == [0, 1, 2]
    assert len({a.token for a in answers if isinstance(a, Welcome)}) == 3
    assert all(a.code in (ErrorCode.NO_FREE_SEAT, ErrorCode.SEAT_TAKEN) for a in answers if isinstance(a, Error))


def test_two_server_processes_on_one_database_never_give_a_seat_twice(server: ServerProcess,
                                                                      tmp_path: Path) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}])["room"]
    # a second process on the same database rebuilds the waiting room too; each believes the seat is free
    other = ServerProcess(server.db, tmp_path / "other.log", *FAST).start()
    try:
        assert other.get(f"/api/rooms/{room}")["status"] == "waiting"  # rebuilt there (at once, when asked)
        answers = run(claim_at_once([server.ws, other.ws], room, 0, 40))
    finally:
        other.stop()
    winners = [a for a in answers if isinstance(a, Welcome)]
    assert len(winners) == 1
    losers = [a for a in answers if isinstance(a, Error)]
    assert all(a.code == ErrorCode.SEAT_TAKEN for a in losers)
    # the losing process's first claim went to the database and lost there
    assert any("just taken by another player" in a.message for a in losers)
