"""Reconnects: connections dropped at random points (abruptly, politely, with a move in flight) resume from the
last event they saw; every client ends with exactly the uninterrupted event stream — no gap, no repeat."""

from __future__ import annotations

import asyncio
import random

import pytest
from server_support import SeatPlayer, ServerProcess, TruthOracle, run

import tablecraft
from tablecraft.server.client import Client, StreamError
from tablecraft.server.protocol import Welcome

GAMES = [spec.id for spec in tablecraft.games()]


async def play_with_drops(p: SeatPlayer, rng: random.Random, rate: float) -> int:
    """Play to the end, dropping the connection after a frame with probability ``rate``; return the drops."""
    drops = 0
    while not p.done:
        await p.step()
        if p.done or rng.random() >= rate:
            continue
        drops += 1
        how = rng.choice(["abort", "close", "abort-after-move"])
        if how == "abort-after-move" and p.pending is None and p.client.my_turn:
            await p.maybe_move()  # the move leaves; its acknowledgement will be lost with the socket
        if how == "close":
            await p.client.close()
        else:
            p.client.drop()
        await asyncio.sleep(rng.random() * 0.02)
        await p.reconnect()
    return drops


@pytest.mark.parametrize("game_id", GAMES)
def test_clients_dropped_at_random_points_end_with_the_uninterrupted_event_stream(server: ServerProcess,
                                                                                   game_id: str) -> None:
    spec = next(s for s in tablecraft.games() if s.id == game_id)
    n = spec.max_seats
    room = server.create_room(game=game_id, seats=[{"kind": "human"}] * n, seed=99)["room"]
    rng = random.Random(7)
    players = [SeatPlayer(server.ws, room, s, random.Random(s)) for s in range(n)]
    twin = Client(server.ws)  # a second, never-dropped connection of seat 0: the uninterrupted reference

    async def main() -> list[int]:
        for p in players:
            await p.join()
        await twin.connect()
        twin.token, twin.room, twin.seat = players[0].client.token, room, 0
        assert isinstance(await twin.resume(last_seq=0), Welcome)

        async def watch() -> None:
            while not twin.finished:
                await twin.recv()

        watching = asyncio.ensure_future(watch())
        drops = await asyncio.gather(*(play_with_drops(p, random.Random(rng.random()), 0.05) for p in players))
        await watching
        return list(drops)

    drops = run(main(), timeout=150)
    assert sum(drops) >= 5, f"too few drops to mean anything: {drops}"
    oracle = TruthOracle(server.get(f"/api/rooms/{room}/record"))
    assert oracle.final.is_terminal()
    for p in players:
        assert not p.client.resynced
        assert p.client.events == oracle.log(p.seat)
        assert sum(len(c.frames) > 0 for c in p.connections) == len(p.connections) >= 1
    assert twin.events == players[0].client.events == oracle.log(0)
    # a retried move was applied once: every acknowledged move is in the record once, at its place
    for p in players:
        plies = {a.ply for a in p.acks}
        for a in p.acks:
            assert oracle.record["actions"][a.ply] == a.action
        assert len(plies) == len({a.move_id for a in p.acks})


def test_the_client_detects_a_gap_or_a_repeat() -> None:
    """The stream checks used above are real: a skipped or repeated event number is an error."""
    from tablecraft.server.protocol import NumberedEvent, Update

    c = Client("ws://unused")

    def update(first: int, count: int) -> Update:
        return Update(room="r", seq=first + count - 1, ply=0, to_move=0, status="playing", view={},
                      events=[NumberedEvent(seq=first + i, event={"kind": "x"}) for i in range(count)])

    c._fold(update(1, 3))
    assert c.seq == 3
    with pytest.raises(StreamError, match="a repeat"):
        c._fold(update(3, 1))
    with pytest.raises(StreamError, match="a gap"):
        c._fold(update(5, 1))
