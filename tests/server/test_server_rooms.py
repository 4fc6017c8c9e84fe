"""Rooms: server-side bots, spectators, stand-ins for players who leave, go away or run out of time, resync
after a long absence, finished games as replays and lab records, the HTTP listing, and the migrations."""

from __future__ import annotations

import asyncio
import json
import random
import time
from pathlib import Path

import httpx
import pytest
from server_support import SeatPlayer, ServerProcess, TruthOracle, run, spectate_to_end
from typer.testing import CliRunner

import tablecraft
from tablecraft.lab.simulate import RECORD_KEYS
from tablecraft.server.client import Client
from tablecraft.server.protocol import Ack, Error, ErrorCode, Left, Seats, Update, Welcome
from tablecraft.server.store import Store

GAME = "wizard-towers"
BOTS = [{"kind": "bot", "agent": "random"}] * 3


def wait_finished(srv: ServerProcess, room: str, timeout: float = 60) -> dict[str, object]:
    deadline = time.monotonic() + timeout
    while True:
        info: dict[str, object] = srv.get(f"/api/rooms/{room}")
        if info["status"] == "finished":
            return info
        assert time.monotonic() < deadline, f"room {room} did not finish"
        time.sleep(0.05)


def moves_by(db: str, room: str) -> list[str]:
    store = Store(db)
    try:
        sr = store.load_room(room)
        assert sr is not None
        return [m.by for m in sr.moves]
    finally:
        store.dispose()


def test_the_games_endpoint_lists_every_registered_game(server: ServerProcess) -> None:
    listed = server.get("/api/games")
    assert [g["id"] for g in listed] == [s.id for s in tablecraft.games()]
    assert all("random" in g["agents"] for g in listed)
    # a level a game plays differently is described as that game plays it
    levels = {g["id"]: {lv["id"]: lv for lv in g["levels"]} for g in listed}
    assert levels["wizard-towers"]["hard"]["blurb_en"] == "The wizard thinks a few moves ahead; the warriors " \
        "play as Normal does."
    assert "勇士按普通水平" in levels["wizard-towers"]["expert"]["blurb_zh"]
    assert levels["xeno-faction"]["hard"]["blurb_en"] == "Thinks a few moves ahead at every decision."


def test_bots_play_a_whole_game_server_side_while_a_spectator_watches(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=BOTS, seed=3, bot_delay=0.002)
    assert room["status"] == "playing" and room["link"].endswith(f"/rooms/{room['room']}")
    spectator = Client(server.ws)
    run(spectate_to_end(spectator, room["room"]))
    info = wait_finished(server, room["room"])
    record = server.get(f"/api/rooms/{room['room']}/record")
    assert list(record)[:len(RECORD_KEYS)] == list(RECORD_KEYS) and record["bots"] == ["random"] * 3
    oracle = TruthOracle(record)
    assert spectator.events == oracle.log(None)
    assert info["result"] == {"winners": oracle.final.winners(), "returns": oracle.final.returns()}
    assert server.get(f"/rooms/{room['room']}") == info  # the share link describes the room


def test_bot_decisions_are_reproducible_from_the_game(server: ServerProcess) -> None:
    """Bots draw from a stream fixed by the game's seed, seat and move: the same room plays the same game."""
    a = server.create_room(game=GAME, seats=BOTS, seed=17)["room"]
    b = server.create_room(game=GAME, seats=BOTS, seed=17)["room"]
    wait_finished(server, a), wait_finished(server, b)
    assert server.get(f"/api/rooms/{a}/record")["actions"] == server.get(f"/api/rooms/{b}/record")["actions"]


def test_a_finished_game_is_a_replay_from_every_seat_and_a_record_the_cli_replays(server: ServerProcess,
                                                                                   tmp_path: Path) -> None:
    room = server.create_room(game=GAME, seats=BOTS, seed=23)["room"]
    wait_finished(server, room)
    record = server.get(f"/api/rooms/{room}/record")
    oracle = TruthOracle(record)
    for seat in (0, 1, 2, None):
        params = {} if seat is None else {"seat": seat}
        replay = server.get(f"/api/rooms/{room}/replay", **params)
        assert [e["event"] for e in replay["events"]] == oracle.log(seat)
        assert [e["seq"] for e in replay["events"]] == list(range(1, len(replay["events"]) + 1))
        assert replay["view"] == json.loads(json.dumps(oracle.final.view(seat)))
    early = server.get(f"/api/rooms/{room}/replay", seat=1, ply=10)
    assert early["ply"] == 10 and early["view"] == json.loads(json.dumps(oracle.states[10].view(1)))
    lines = httpx.get(server.http + "/api/records.jsonl", params={"game": GAME}, timeout=30).text.splitlines()
    assert any(json.loads(line)["actions"] == record["actions"] for line in lines)
    path = tmp_path / "server-games.jsonl"
    path.write_text(json.dumps(record) + "\n", encoding="utf-8")
    from tablecraft import cli

    result = CliRunner(env={"COLUMNS": "200"}).invoke(cli.app, ["replay", str(path), "--seat", "1", "--lang", "en"])
    assert result.exit_code == 0, result.output


def test_rooms_are_listed_by_status(server: ServerProcess) -> None:
    waiting = server.create_room(game=GAME)["room"]
    listed = server.get("/api/rooms", status="waiting")
    assert waiting in [r["room"] for r in listed] and all(r["status"] == "waiting" for r in listed)


def test_a_player_who_leaves_is_replaced_by_a_bot_until_they_resume(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}, *BOTS[:2]], seed=31)["room"]
    p = SeatPlayer(server.ws, room, 0, random.Random(1))

    async def main() -> None:
        await p.join()
        while len(p.acks) < 3:
            await p.step()
        while p.pending is not None:
            await p.step()
        await p.client.send({"type": "leave", "token": p.client.token})
        left = await p.client.expect(Left)
        assert left.standin
        watcher = Client(server.ws)
        await watcher.connect()
        await watcher.spectate(room)
        seats = await watcher.expect(Update)  # the stand-in and the bots play on without the player
        assert seats.ply > p.acks[-1].ply + 1
        answer = await p.client.resume()
        assert isinstance(answer, Welcome) and not answer.seats[0].standin
        await p.maybe_move()
        while not p.done:
            await p.step()

    run(main())
    by = moves_by(server.db, room)
    assert "standin" in by and by.index("standin") > by.index("player")
    assert by[-1] != "standin" or "player" in by[by.index("standin"):]


def test_leaving_before_the_start_frees_the_seat_and_revokes_the_token(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}] * 3)["room"]

    async def main() -> None:
        a = Client(server.ws)
        await a.connect()
        await a.join(room, 1)
        old_token = a.token
        await a.send({"type": "leave", "token": old_token})
        left = await a.expect(Left)
        assert not left.standin
        b = Client(server.ws)
        await b.connect()
        assert isinstance(await b.join(room, 1), Welcome)
        c = Client(server.ws)
        await c.connect()
        answer = await c.resume(room, 1, old_token, 0)
        assert isinstance(answer, Error) and answer.code == ErrorCode.BAD_TOKEN

    run(main())


def test_a_player_who_runs_out_of_time_has_that_decision_made_by_the_stand_in(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "human"}, *BOTS[:2]], seed=41, turn_seconds=0.5)["room"]

    async def main() -> None:
        c = Client(server.ws)
        await c.connect()
        welcome = await c.join(room, 0)
        assert isinstance(welcome, Welcome) and welcome.turn_seconds == 0.5
        start = await c.expect(Update)  # the game starts: it is seat 0's decision, with a deadline
        assert start.legal and start.deadline is not None and start.deadline > time.time()
        ply = start.ply
        while True:  # do nothing: the timer runs out and the stand-in decides
            frame = await c.recv(timeout=10)
            if isinstance(frame, Update) and frame.ply > ply:
                break
        assert time.time() >= start.deadline - 0.05
        while not c.my_turn:
            await c.recv(timeout=10)
        assert c.last is not None and c.last.deadline is not None  # a fresh timer for the next decision
        assert c.last.legal
        await c.move(c.last.legal[0], "in-time")
        ack = await c.expect(Ack)
        assert not ack.duplicate

    run(main())
    by = moves_by(server.db, room)
    assert by[0] == "timeout" and "player" in by


def test_a_disconnected_player_gets_a_stand_in_after_a_while_and_returns(tight_server: ServerProcess) -> None:
    srv = tight_server  # stand-in after 0.3 s away
    room = srv.create_room(game=GAME, seats=[{"kind": "human"}, *BOTS[:2]], seed=53)["room"]

    async def main() -> None:
        c = Client(srv.ws)
        await c.connect()
        await c.join(room, 0)
        await c.expect(Update)
        c.drop()
        watcher = Client(srv.ws)
        await watcher.connect()
        await watcher.spectate(room)
        while True:
            frame = await watcher.recv(timeout=10)
            if isinstance(frame, Seats) and frame.seats[0].standin:
                break
        deadline = time.monotonic() + 30
        while "standin" not in moves_by(srv.db, room):  # the stand-in plays the seat's next decision
            assert time.monotonic() < deadline, "the stand-in never played the absent player's seat"
            await asyncio.sleep(0.05)
        back = Client(srv.ws)
        back.token, back.room, back.seat, back.seq, back.events = c.token, room, 0, c.seq, c.events
        await back.connect()
        answer = await back.resume()
        assert isinstance(answer, Welcome)
        if answer.status == "playing":
            assert not answer.seats[0].standin
            if answer.seq > c.seq and not answer.resync:  # (more than the resync limit behind: a fresh view)
                assert answer.events and answer.events[0].seq == c.seq + 1

    run(main())
    assert "standin" in moves_by(srv.db, room)


def test_a_client_far_behind_gets_a_fresh_view_instead_of_the_events(tight_server: ServerProcess) -> None:
    srv = tight_server  # resync limit: 5 events
    room = srv.create_room(game=GAME, seats=BOTS, seed=61)["room"]
    wait_finished(srv, room)
    oracle = TruthOracle(srv.get(f"/api/rooms/{room}/record"))

    async def main() -> None:
        far = Client(srv.ws)
        await far.connect()
        answer = await far.spectate(room, last_seq=0)
        assert isinstance(answer, Welcome) and answer.resync and answer.events == []
        assert answer.view == json.loads(json.dumps(oracle.final.view(None)))
        near = Client(srv.ws)
        await near.connect()
        seq = answer.seq
        near.seq = seq - 3  # as if it had seen all but the last three events
        answer = await near.spectate(room)
        assert isinstance(answer, Welcome) and not answer.resync
        assert [e.seq for e in answer.events] == [seq - 2, seq - 1, seq]
        assert [e.event for e in answer.events] == oracle.log(None)[-3:]

    run(main())


def test_migrations_build_the_schema_and_are_idempotent(tmp_path: Path) -> None:
    store = Store(str(tmp_path / "fresh.sqlite3"))
    assert store.revision() is None
    store.migrate()
    store.migrate()
    assert store.revision() == "0002"
    from sqlalchemy import inspect

    assert {"rooms", "seats", "moves", "alembic_version"} <= set(inspect(store.engine).get_table_names())
    store.dispose()


def test_a_stalled_reader_does_not_hold_up_the_room(server: ServerProcess) -> None:
    """A spectator that never reads its socket cannot slow the players down (frames go to its outbox)."""
    room = server.create_room(game=GAME, seats=BOTS, seed=77)["room"]

    async def main() -> None:
        idle = Client(server.ws)
        await idle.connect()
        await idle.send({"type": "spectate", "room": room})
        await asyncio.sleep(0)  # …and never reads again

    run(main())
    wait_finished(server, room, timeout=60)


def test_one_bad_move_in_a_group_commit_does_not_sink_the_others() -> None:
    from tablecraft.server.store import MoveWrite, RoomRow, SeatRow

    store = Store("sqlite://")
    store.migrate()
    for rid in ("a", "b"):
        store.create_room(RoomRow(id=rid, game=GAME, options={}, num_seats=3, seed=1, setup=None, status="playing",
                                  turn_seconds=None, standin="random", bot_delay=0.0),
                          [SeatRow(room_id=rid, seat=s, kind="bot", agent="random") for s in range(3)])
    first = MoveWrite(room_id="a", ply=0, seat=0, action="stop", move_id=None, by="bot", seq=4)
    assert store.write_moves([first]) == [None]
    clash = MoveWrite(room_id="a", ply=0, seat=0, action="pass", move_id=None, by="bot", seq=4)  # ply 0 again
    fine = MoveWrite(room_id="b", ply=0, seat=0, action="stop", move_id=None, by="bot", seq=4)
    results = store.write_moves([clash, fine])
    assert results[0] is not None and results[1] is None
    a, b = store.load_room("a"), store.load_room("b")
    assert a is not None and b is not None
    assert [m.action for m in a.moves] == ["stop"] and [m.action for m in b.moves] == ["stop"]
    store.dispose()


def test_a_broken_bot_is_replaced_for_that_decision_by_the_random_agent(caplog: pytest.LogCaptureFixture) -> None:
    from tablecraft.server.bots import think as _think

    class Broken:
        name = "broken"

        def act(self, obs: object, rng: random.Random) -> object:
            raise RuntimeError("out of ideas")

    class Cheat:
        name = "cheat"

        def act(self, obs: object, rng: random.Random) -> object:
            return tablecraft.load(GAME).codec.actions[-1]  # not a legal action at the start

    state = tablecraft.load(GAME).new_initial_state(2)
    for bot in (Broken(), Cheat()):
        assert _think(bot, state, 0, random.Random(1)) in state.legal_actions()  # type: ignore[arg-type]
    assert "bot broken failed" in caplog.text and "bot cheat chose" in caplog.text
