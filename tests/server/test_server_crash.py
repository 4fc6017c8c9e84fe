"""Crash safety: SIGKILL the server in the middle of games, restart it on the same database, and check that
every acknowledged move is stored, that the games continue from where they were, and that every player's
event stream runs on across the crash with no gap and no repeat."""

from __future__ import annotations

import asyncio
import random
import time
from pathlib import Path

import httpx
import websockets
from server_support import FAST, SeatPlayer, ServerProcess, TruthOracle, run

from tablecraft.server.store import Store

GAME = "wizard-towers"


def stored_moves(db: str, room: str) -> list[tuple[int, str, str | None]]:
    """(ply, action, move id) of every move of ``room``, read straight from the database."""
    store = Store(db)
    try:
        sr = store.load_room(room)
        assert sr is not None
        return [(m.ply, m.action, m.move_id) for m in sr.moves]
    finally:
        store.dispose()


def test_a_killed_server_loses_no_acknowledged_move_and_its_games_continue(new_db: object, tmp_path: Path) -> None:
    db = new_db()  # type: ignore[operator]
    srv = ServerProcess(db, tmp_path / "server.log", *FAST, "--away-after", "-1").start()
    try:
        people = srv.create_room(game=GAME, seats=[{"kind": "human"}] * 3, seed=71)["room"]
        mixed = srv.create_room(game=GAME, seats=[{"kind": "human"}, {"kind": "bot"}, {"kind": "bot"}],
                                seed=72)["room"]
        bots = srv.create_room(game=GAME, seats=[{"kind": "bot"}] * 3, seed=73, bot_delay=0.01)["room"]
        players = [SeatPlayer(srv.ws, people, s, random.Random(100 + s)) for s in range(3)]
        players.append(SeatPlayer(srv.ws, mixed, 0, random.Random(200)))

        async def before_crash() -> None:
            for p in players:
                await p.join()

            async def play(p: SeatPlayer) -> None:
                try:
                    while not p.done:
                        await p.step()
                except (websockets.ConnectionClosed, OSError):
                    pass  # the server died under us

            tasks = [asyncio.ensure_future(play(p)) for p in players]
            while sum(len(p.acks) for p in players) < 90:
                await asyncio.sleep(0.002)
            srv.kill()  # mid-game, with moves in flight
            await asyncio.wait_for(asyncio.gather(*tasks), 30)

        run(before_crash())
        assert not any(p.client.finished for p in players), "the crash should come in the middle of the games"
        # 1. every acknowledged move is in the database, at its place, from its move id
        for room in (people, mixed):
            moves = stored_moves(db, room)
            assert [ply for ply, _, _ in moves] == list(range(len(moves)))
        for p in players:
            moves = stored_moves(db, p.room)
            for ack in p.acks:
                assert moves[ack.ply][1:] == (ack.action, ack.move_id), f"acknowledged move {ack.ply} is lost"
        bot_moves_at_crash = stored_moves(db, bots)

        # 2. the restarted server rebuilds the games; players resume and play on
        at_crash = {room: len(stored_moves(db, room)) for room in (people, mixed)}
        srv.start()
        for room in (people, mixed):
            # rebuilt from every stored move (the bots of the mixed room may already be playing on)
            info = srv.get(f"/api/rooms/{room}")
            assert info["status"] == "playing" and at_crash[room] <= info["ply"] <= len(stored_moves(db, room))

        async def after_restart() -> None:
            for p in players:
                await p.reconnect()
            await asyncio.gather(*(_to_end(p) for p in players))

        run(after_restart(), timeout=120)
        deadline = time.monotonic() + 60
        while srv.get(f"/api/rooms/{bots}")["status"] != "finished":  # the bots go on by themselves
            assert time.monotonic() < deadline, "the bot game did not continue after the restart"
            time.sleep(0.1)

        # 3. the finished games hold every acknowledged move, and each stream is the engine's, whole
        for room in (people, mixed):
            record = srv.get(f"/api/rooms/{room}/record")
            oracle = TruthOracle(record)
            assert oracle.final.is_terminal()
            for p in (p for p in players if p.room == room):
                for ack in p.acks:
                    assert record["actions"][ack.ply] == ack.action
                assert not p.client.resynced
                assert p.client.events == oracle.log(p.seat)
        record = srv.get(f"/api/rooms/{bots}/record")
        assert record["actions"][: len(bot_moves_at_crash)] == [a for _, a, _ in bot_moves_at_crash]
        assert len(record["actions"]) > len(bot_moves_at_crash)
        assert httpx.get(srv.http + "/healthz", timeout=5).json()["ok"]
    finally:
        srv.stop()


async def _to_end(p: SeatPlayer) -> None:
    while not p.done:
        await p.step()
