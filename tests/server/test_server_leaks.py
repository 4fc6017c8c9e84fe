"""The leak oracle: whole games of every registered game through the real protocol; every frame each seat (and
a spectator) received is scanned for any card or identity that seat had never been shown at that moment.

The truth is rebuilt independently of the server: the exported record is replayed with the engine, and each
frame is checked against ``State.never_shown(seat)`` after the number of moves the frame reports. The frames
must also carry exactly the engine's view and event stream for their seat (nothing added, nothing lost).
"""

from __future__ import annotations

import asyncio
import random

import pytest
from server_support import SeatPlayer, ServerProcess, TruthOracle, run, spectate_to_end

import tablecraft
from tablecraft.lab.simulate import RECORD_KEYS
from tablecraft.server.client import Client
from tablecraft.server.protocol import Left

GAMES = [spec.id for spec in tablecraft.games()]


async def leave_and_return(p: SeatPlayer, after_acks: int) -> None:
    """Play ``after_acks`` moves, step away (a stand-in bot plays the seat), come back, play to the end."""
    while len(p.acks) < after_acks and not p.done:
        await p.step()
    if p.done:
        return
    while p.pending is not None:  # never leave with a move in flight
        await p.step()
    await p.client.send({"type": "leave", "token": p.client.token})
    await p.client.expect(Left)
    await asyncio.sleep(0.05)  # the stand-in plays meanwhile
    await p.client.resume()
    await p.maybe_move()
    while not p.done:
        await p.step()


@pytest.mark.parametrize("game_id", GAMES)
def test_no_frame_shows_a_seat_or_a_spectator_anything_hidden_from_it(server: ServerProcess, game_id: str) -> None:
    spec = next(s for s in tablecraft.games() if s.id == game_id)
    n = spec.max_seats
    # people in every seat but the last of a table of three or more, which a server bot plays
    bot_seat = n - 1 if n >= 3 else None
    seats = [{"kind": "bot", "agent": "random"} if s == bot_seat else {"kind": "human"} for s in range(n)]
    room = server.create_room(game=game_id, seats=seats, seed=2024)["room"]
    humans = [s for s in range(n) if s != bot_seat]
    players = [SeatPlayer(server.ws, room, s, random.Random(s)) for s in humans]
    spectator = Client(server.ws)

    async def main() -> None:
        watch = asyncio.ensure_future(spectate_to_end(spectator, room))
        for p in players:
            await p.join()
        runs = [leave_and_return(p, 5) if i == 0 and len(players) > 1 else _to_end(p) for i, p in enumerate(players)]
        await asyncio.gather(*runs)
        await watch

    run(main(), timeout=150)
    record = server.get(f"/api/rooms/{room}/record")
    assert list(record)[:len(RECORD_KEYS)] == list(RECORD_KEYS)
    assert record["bots"] == [s["agent"] if s["kind"] == "bot" else "human" for s in seats]
    oracle = TruthOracle(record)
    assert oracle.final.is_terminal()
    findings: list[str] = []
    for p in players:
        for conn in p.connections:
            findings += oracle.scan(conn, p.seat)
            oracle.check_frames_match_engine(conn, p.seat)
        assert not p.client.resynced
        assert p.client.events == oracle.log(p.seat), f"seat {p.seat}'s event stream differs from the engine's"
    findings += oracle.scan(spectator, None)
    oracle.check_frames_match_engine(spectator, None)
    assert spectator.events == oracle.log(None)
    assert findings == []
    # the stand-in really played while the first player was away
    info = server.get(f"/api/rooms/{room}")
    assert info["status"] == "finished" and info["result"]["winners"] == oracle.final.winners()


async def _to_end(p: SeatPlayer) -> None:
    while not p.done:
        await p.step()


def test_the_oracle_finds_a_planted_leak(server: ServerProcess) -> None:
    """The scanner is not vacuous: a frame naming a card the seat never saw is reported."""
    room = server.create_room(game="wizard-towers", seats=[{"kind": "human"}] * 3, seed=5)["room"]
    c = Client(server.ws)

    async def main() -> None:
        await c.connect()
        await c.join(room, 0)
        await c.close()

    run(main())
    game = tablecraft.load("wizard-towers")
    state = game.new_initial_state(5)
    record = {"game": "wizard-towers", "options": dict(game.options), "seats": 3, "seed": 5, "setup": None,
              "actions": []}
    oracle = TruthOracle(record)
    hidden = sorted(state.never_shown(0))[0]
    assert oracle.scan(c, 0) == []
    from tablecraft.server.protocol import Pong

    c.frames.append((f'{{"type": "pong", "data": "damage 3 ({hidden})"}}', Pong(data=hidden)))
    assert oracle.scan(c, 0) and hidden in oracle.scan(c, 0)[0]
