"""Bad input gets a clear error frame and changes nothing: malformed frames, unknown types, oversized frames,
floods, bad seats and tokens, illegal, out-of-turn, stale and finished-game moves; and bad HTTP requests."""

from __future__ import annotations

import asyncio
import json
import random
from typing import Any

import httpx
import pytest
import websockets
from server_support import SeatPlayer, ServerProcess, play_out, run

import tablecraft
from tablecraft.server.client import Client
from tablecraft.server.protocol import Ack, Error, ErrorCode, Pong, Welcome

GAME = "wizard-towers"


async def connected(srv: ServerProcess) -> Client:
    c = Client(srv.ws)
    await c.connect()
    return c


async def error_of(c: Client) -> Error:
    frame = await c.expect(Error)
    assert isinstance(frame, Error)
    return frame


async def still_answers(c: Client) -> None:
    await c.send({"type": "ping", "data": "ok?"})
    pong = await c.expect(Pong)
    assert pong.data == "ok?"


def human_room(srv: ServerProcess, humans: int = 3, **extra: Any) -> str:
    """A wizard-towers room with ``humans`` human seats first and random bots after."""
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "agent": "random"}] * (3 - humans)
    return str(srv.create_room(game=GAME, seats=seats, seed=11, **extra)["room"])


async def seated_table(srv: ServerProcess) -> tuple[str, list[Client]]:
    """A started all-human room with a client in every seat."""
    room = human_room(srv)
    clients = []
    for seat in range(3):
        c = await connected(srv)
        assert isinstance(await c.join(room, seat), Welcome)
        clients.append(c)
    for c in clients:  # the start of the game reaches everyone
        while c.last is None or c.last.status != "playing":
            await c.recv()
    return room, clients


def ply_of(srv: ServerProcess, room: str) -> int:
    return int(srv.get(f"/api/rooms/{room}")["ply"])


# -------------------------------------------------------------------------------------------- malformed input
def test_malformed_json_is_refused_and_the_connection_stays_usable(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        await c.send("{not json")
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_JSON and "not valid JSON" in err.message
        await still_answers(c)

    run(main())


def test_a_json_value_that_is_not_an_object_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        await c.send("[1, 2, 3]")
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_MESSAGE and "JSON object" in err.message
        await still_answers(c)

    run(main())


def test_unknown_and_missing_message_types_are_refused_naming_the_known_ones(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        await c.send({"type": "teleport", "room": "x"})
        err = await error_of(c)
        assert err.code == ErrorCode.UNKNOWN_TYPE
        assert "'teleport'" in err.message and "join, resume, spectate, move, leave, say, ping" in err.message
        await c.send({"room": "x"})
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_MESSAGE and "no \"type\"" in err.message
        await still_answers(c)

    run(main())


def test_a_field_of_the_wrong_type_or_an_unknown_field_is_refused_by_name(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        await c.send({"type": "join", "room": "abc", "seat": "first"})
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_MESSAGE and "seat" in err.message
        await c.send({"type": "ping", "colour": "red"})
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_MESSAGE and "colour" in err.message
        await still_answers(c)

    run(main())


def test_binary_frames_are_refused(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        await c.send(b'{"type": "ping"}'.decode())  # text is fine …
        await c.expect(Pong)
        assert c.ws is not None
        await c.ws.send(b'{"type": "ping"}')  # … bytes are not
        err = await error_of(c)
        assert err.code == ErrorCode.BINARY_FRAME and "text" in err.message
        await still_answers(c)

    run(main())


def test_an_oversized_frame_gets_an_error_then_the_socket_is_closed_with_1009(server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(server)
        assert c.hello is not None
        limit = c.hello.limits.max_frame_bytes
        await c.send(json.dumps({"type": "ping", "data": "x" * (limit + 10)}))
        err = await error_of(c)
        assert err.code == ErrorCode.FRAME_TOO_LARGE and err.fatal and str(limit) in err.message
        with pytest.raises(websockets.ConnectionClosed) as closed:
            await c.recv()
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009

    run(main())


def test_a_flood_of_frames_gets_an_error_then_the_socket_is_closed_with_1008(tight_server: ServerProcess) -> None:
    async def main() -> None:
        c = await connected(tight_server)
        assert c.hello is not None and c.hello.limits.burst == 20
        for _ in range(200):
            try:
                await c.send({"type": "ping"})
            except websockets.ConnectionClosed:
                break
        codes = []
        with pytest.raises(websockets.ConnectionClosed) as closed:
            while True:
                frame = await c.recv()
                if isinstance(frame, Error):
                    codes.append(frame.code)
        assert codes == [ErrorCode.RATE_LIMITED]
        assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
        # an ordinary client on another connection is not affected
        other = await connected(tight_server)
        await still_answers(other)

    run(main())


def test_a_client_of_another_protocol_version_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server)
        c = await connected(server)
        await c.send({"type": "spectate", "room": room, "v": 99})
        err = await error_of(c)
        assert err.code == ErrorCode.UNSUPPORTED_VERSION and "version 1" in err.message

    run(main())


# -------------------------------------------------------------------------------------------- seats and tokens
def test_joining_unknown_rooms_and_seats_and_full_or_bot_seats_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server, humans=2)
        c = await connected(server)
        for msg, code, words in [
            ({"room": "nowhere"}, ErrorCode.NO_SUCH_ROOM, "no room 'nowhere'"),
            ({"room": room, "seat": 7}, ErrorCode.NO_SUCH_SEAT, "seats 0–2"),
            ({"room": room, "seat": 2}, ErrorCode.SEAT_IS_BOT, "bot random"),
        ]:
            await c.send({"type": "join", **msg})
            err = await error_of(c)
            assert err.code == code and words in err.message, err
        a, b = await connected(server), await connected(server)
        assert isinstance(await a.join(room, 0), Welcome)
        await b.send({"type": "join", "room": room, "seat": 0})
        err = await error_of(b)
        assert err.code == ErrorCode.SEAT_TAKEN and "free human seats: 1" in err.message
        assert isinstance(await b.join(room), Welcome) and b.seat == 1  # the first free seat
        late = await connected(server)
        await late.send({"type": "join", "room": room})
        err = await error_of(late)
        assert err.code == ErrorCode.NO_FREE_SEAT and "spectate" in err.message
        await a.send({"type": "spectate", "room": room})
        err = await error_of(a)
        assert err.code == ErrorCode.ALREADY_BOUND and "holds seat 0" in err.message

    run(main())


def test_wrong_and_missing_tokens_are_refused_and_change_nothing(server: ServerProcess) -> None:
    async def main() -> None:
        room, clients = await seated_table(server)
        mover = next(c for c in clients if c.my_turn)
        assert mover.last is not None and mover.last.legal
        action = mover.last.legal[0]
        before = ply_of(server, room)
        await mover.send({"type": "move", "token": "0" * 64, "action": action, "move_id": "x1"})
        err = await error_of(mover)
        assert err.code == ErrorCode.BAD_TOKEN and err.ref == "x1" and "not the token" in err.message
        await mover.send({"type": "move", "action": action, "move_id": "x2"})
        err = await error_of(mover)
        assert err.code == ErrorCode.BAD_TOKEN and "token is required" in err.message
        assert ply_of(server, room) == before
        thief = await connected(server)
        await thief.send({"type": "resume", "room": room, "seat": mover.seat, "token": "f" * 64})
        err = await error_of(thief)
        assert err.code == ErrorCode.BAD_TOKEN
        await thief.send({"type": "resume", "room": room, "seat": mover.seat})
        err = await error_of(thief)
        assert err.code == ErrorCode.BAD_TOKEN and "token is required" in err.message
        await thief.send({"type": "move", "token": mover.token, "action": action, "move_id": "x3"})
        err = await error_of(thief)
        assert err.code == ErrorCode.NOT_SEATED  # a token alone does not make a connection a player
        # the real holder still plays
        await mover.move(action, "ok-1")
        ack = await mover.expect(Ack)
        assert ack.ply == before and ack.action == action

    run(main())


def test_the_database_keeps_only_token_hashes(server: ServerProcess, backend: str) -> None:
    from tablecraft.server.store import SeatRow, Store

    async def main() -> tuple[str, str]:
        room = human_room(server, humans=1)
        c = await connected(server)
        assert isinstance(await c.join(room, 0), Welcome)
        assert c.token is not None and len(c.token) == 64  # 256 random bits, hex
        return room, c.token

    room, token = run(main())
    store = Store(server.db)
    with store.engine.connect() as conn:
        stored = conn.execute(SeatRow.__table__.select().where(SeatRow.room_id == room)).all()
    store.dispose()
    import hashlib

    hashes = [row.token_hash for row in stored if row.token_hash]
    assert hashes == [hashlib.sha256(token.encode()).hexdigest()]
    assert all(token not in str(tuple(row)) for row in stored)


# -------------------------------------------------------------------------------------------------- moves
def test_moves_out_of_turn_illegal_unknown_or_stale_are_refused_and_change_nothing(server: ServerProcess) -> None:
    async def main() -> None:
        room, clients = await seated_table(server)
        mover = next(c for c in clients if c.my_turn)
        idle = next(c for c in clients if not c.my_turn)
        assert mover.last is not None and mover.last.legal
        legal = mover.last.legal
        before = ply_of(server, room)
        await idle.send({"type": "move", "token": idle.token, "action": legal[0], "move_id": "a"})
        err = await error_of(idle)
        assert err.code == ErrorCode.NOT_YOUR_TURN and f"seat {mover.seat}" in err.message
        game = tablecraft.load(GAME)
        illegal = next(str(a) for a in game.codec.actions if str(a) not in legal)
        await mover.move(illegal, "b")
        err = await error_of(mover)
        assert err.code == ErrorCode.ILLEGAL_ACTION and illegal in err.message and legal[0] in err.message
        await mover.move("castle kingside", "c")
        err = await error_of(mover)
        assert err.code == ErrorCode.INVALID_ACTION and "castle kingside" in err.message
        await mover.move(10**6, "d")
        err = await error_of(mover)
        assert err.code == ErrorCode.INVALID_ACTION and "out of range" in err.message
        await mover.move(legal[0], "e", ply=before + 5)
        err = await error_of(mover)
        assert err.code == ErrorCode.STALE_MOVE
        assert ply_of(server, room) == before
        await mover.move(legal[0], "f", ply=before)
        ack = await mover.expect(Ack)
        assert ack.ply == before and not ack.duplicate

    run(main())


def test_a_move_before_every_seat_is_taken_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server, humans=2)
        c = await connected(server)
        assert isinstance(await c.join(room, 0), Welcome)
        assert c.last is not None and c.last.status == "waiting" and c.last.legal is None
        await c.move(0, "early")
        err = await error_of(c)
        assert err.code == ErrorCode.NOT_STARTED and "1 (blue)" in err.message

    run(main())


def test_a_retried_move_is_applied_once_and_a_reused_move_id_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room, clients = await seated_table(server)
        mover = next(c for c in clients if c.my_turn)
        assert mover.last is not None and mover.last.legal
        legal = mover.last.legal
        before = ply_of(server, room)
        await mover.move(legal[0], "same")
        first = await mover.expect(Ack)
        await mover.move(legal[0], "same")
        again = await mover.expect(Ack)
        assert again.duplicate and (again.ply, again.seq, again.action) == (first.ply, first.seq, first.action)
        assert ply_of(server, room) == before + 1
        await mover.move(legal[-1], "same") if legal[-1] != legal[0] else None
        if legal[-1] != legal[0]:
            err = await error_of(mover)
            assert err.code == ErrorCode.MOVE_ID_REUSED and repr(legal[0]) in err.message

    run(main())


def test_moves_after_the_game_is_over_are_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server, humans=1)
        p = SeatPlayer(server.ws, room, 0, random.Random(5))
        await p.join()
        await play_out([p])
        await p.client.move(0, "after-the-end")
        err = await error_of(p.client)
        assert err.code == ErrorCode.GAME_OVER and "over" in err.message
        # a retry of the last move is still answered as a duplicate
        last = p.acks[-1]
        await p.client.move(last.action, last.move_id)
        dup = await p.client.expect(Ack)
        assert dup.duplicate and dup.ply == last.ply

    run(main())


def test_a_resume_ahead_of_the_room_is_refused(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server)
        c = await connected(server)
        await c.send({"type": "spectate", "room": room, "last_seq": 10_000})
        err = await error_of(c)
        assert err.code == ErrorCode.BAD_MESSAGE and "ahead" in err.message

    run(main())


def test_leave_and_move_need_a_seat(server: ServerProcess) -> None:
    async def main() -> None:
        room = human_room(server)
        c = await connected(server)
        await c.send({"type": "leave"})
        err = await error_of(c)
        assert err.code == ErrorCode.NOT_SEATED
        assert isinstance(await c.spectate(room), Welcome)
        await c.send({"type": "move", "token": "x", "action": "stop", "move_id": "m"})
        err = await error_of(c)
        assert err.code == ErrorCode.NOT_SEATED and "spectator" in err.message

    run(main())


# ------------------------------------------------------------------------------------------------------ HTTP
@pytest.mark.parametrize(("body", "words"), [
    ({"game": "chess"}, "unknown game 'chess'; registered games:"),
    ({"game": GAME, "options": {"wizard_hp": "lots"}}, "option wizard_hp"),
    ({"game": GAME, "options": {"dragons": True}}, "no option 'dragons'"),
    ({"game": GAME, "seats": [{"kind": "human"}]}, "3–3 seats, not 1"),
    ({"game": GAME, "seats": [{"kind": "bot", "agent": "oracle"}] * 3}, "unknown agent 'oracle'"),
    ({"game": GAME, "seats": [{"kind": "human", "agent": "random"}] * 3}, "a human seat has no agent"),
    ({"game": GAME, "standin": "oracle"}, "unknown agent 'oracle'"),
    ({"game": GAME, "setup": {"bogus": 1}}, "malformed setup"),
])
def test_bad_room_requests_get_a_400_saying_what_is_wrong(server: ServerProcess, body: dict[str, Any],
                                                          words: str) -> None:
    r = httpx.post(server.http + "/api/rooms", json=body, timeout=10)
    assert r.status_code == 400, r.text
    assert words in r.json()["message"]


def test_malformed_room_requests_get_a_400_naming_the_field_without_echoing_the_body(server: ServerProcess) -> None:
    r = httpx.post(server.http + "/api/rooms", json={"game": GAME, "turn_seconds": -1, "standin": "zzqx" * 40},
                   timeout=10)
    assert r.status_code == 400 and "turn_seconds" in r.json()["message"]
    assert "zzqx" not in r.text


def test_records_and_seat_replays_are_refused_until_the_game_is_over(server: ServerProcess) -> None:
    room = human_room(server)
    r = httpx.get(f"{server.http}/api/rooms/{room}/record", timeout=10)
    assert r.status_code == 409 and "once the game is over" in r.json()["detail"]
    r = httpx.get(f"{server.http}/api/rooms/{room}/replay", params={"seat": 0}, timeout=10)
    assert r.status_code == 403
    r = httpx.get(f"{server.http}/api/rooms/{room}/replay", timeout=10)
    assert r.status_code == 409 and "nothing is dealt" in r.json()["message"]  # not even for spectators
    assert httpx.get(f"{server.http}/api/rooms/nowhere", timeout=10).status_code == 404
    info = server.get(f"/api/rooms/{room}")
    assert "seed" not in info and "actions" not in info


def test_a_thousand_garbage_frames_never_break_the_server(server: ServerProcess) -> None:
    """Random junk (bounded in size, paced under the rate limit) always gets an error frame, never a crash."""
    rng = random.Random(3)
    alphabet = '{}[]":,0123456789 abcdefxyz-tmoveplayjoin\\'

    async def main() -> None:
        c = await connected(server)
        for i in range(300):
            n = rng.randrange(0, 60)
            junk = "".join(rng.choice(alphabet) for _ in range(n))
            if i % 3 == 0:
                junk = json.dumps({"type": rng.choice(["move", "join", "resume", "leave", "spectate"]),
                                   rng.choice(["room", "seat", "token", "action", "x"]): junk})
            await c.send(junk)
            frame = await c.recv()
            assert isinstance(frame, Error | Pong), frame
            if i % 50 == 0:
                await asyncio.sleep(0.2)  # stay under the rate limit
        await still_answers(c)

    run(main())


# ---------------------------------------------------------------------------------- strict, clean refusals
def _bots(agent: str) -> dict[str, Any]:
    return {"game": GAME, "seats": [{"kind": "bot", "agent": agent}] * 3}


@pytest.mark.parametrize(("body", "words"), [
    (_bots("ismcts:iterations=0"), "iterations must be a whole number from 1"),
    (_bots("ismcts:iterations=abc"), "not 'abc'"),
    (_bots("ismcts:iterations=2.5"), "not 2.5"),
    (_bots("ismcts:colour=red"), "ismcts has no parameter 'colour'"),
    (_bots("random:depth=3"), "random takes no parameters"),
    (_bots("heuristic:colour=red"), "unknown wizard-towers heuristic parameter(s) colour"),
    (_bots("ismcts:seconds=nan"), "finite number"),
    (_bots("ismcts:c=inf"), "finite number"),
    (_bots("ismcts:iterations"), "must be key=value"),
    ({"game": GAME, "seed": True}, "seed"),
    ({"game": GAME, "turn_seconds": True}, "turn_seconds"),
    ({"game": GAME, "private": 1}, "private"),
    ({"game": GAME, "seats": [{"kind": "bot", "agent": "random", "name": "a\x00b"}] * 3},
     "seats.0.name: the NUL character is not allowed"),
    ({"game": GAME, "options": {"wizard_target": "main\x00"}}, "options.wizard_target: the NUL character"),
    ({"game": GAME, "standin": "random\x00"}, "standin: the NUL character"),
])
def test_every_bad_room_body_is_a_400_with_a_message(server: ServerProcess, body: dict[str, Any], words: str) -> None:
    r = httpx.post(server.http + "/api/rooms", json=body, timeout=10)
    assert r.status_code == 400, r.text
    assert words in r.json()["message"], r.json()


@pytest.mark.parametrize(("raw", "words"), [
    ('{"game": "wizard-towers", "turn_seconds": NaN}', "NaN is not a JSON number"),
    ('{"game": "wizard-towers", "options": {"wizard_hp": Infinity}}', "Infinity is not a JSON number"),
    ('{"game": "wizard-towers", "bot_delay": -Infinity}', "-Infinity is not a JSON number"),
    ('{"game": "wizard-towers", "seats": [{"kind": "bot", "name": "\\ud800"}, {}, {}]}',
     "seats.0.name: a lone surrogate (U+D800)"),
    ('{"game": "wizard-\\udfff"}', "game: a lone surrogate (U+DFFF)"),
    ('{"game": "wizard-towers"', "not valid JSON"),
    ("[1, 2]", "must be a JSON object (CreateRoom), not a list"),
    ('{"game": "wizard-towers", "turn_seconds": 1e400}', "1e400 is too large a number"),
])
def test_non_json_numbers_lone_surrogates_and_malformed_bodies_are_400s(server: ServerProcess, raw: str,
                                                                       words: str) -> None:
    r = httpx.post(server.http + "/api/rooms", content=raw.encode(), headers={"content-type": "application/json"},
                   timeout=10)
    assert r.status_code == 400, r.text
    assert words in r.json()["message"], r.json()


def test_nul_characters_surrogates_and_booleans_in_frames_are_refused_and_change_nothing(
        server: ServerProcess) -> None:
    """The same on both databases: PostgreSQL cannot store a NUL, and a boolean is not an action id."""
    async def main() -> None:
        room, clients = await seated_table(server)
        mover = next(c for c in clients if c.my_turn)
        assert mover.last is not None and mover.last.legal
        before = ply_of(server, room)
        newcomer = await connected(server)
        for frame, words in [
            ({"type": "join", "room": room, "name": "ann\x00"}, "name: the NUL character"),
            ({"type": "join", "room": room, "seat": True}, "seat"),
            ({"type": "spectate", "room": room, "last_seq": False}, "last_seq"),
        ]:
            await newcomer.send(frame)
            err = await error_of(newcomer)
            assert err.code == ErrorCode.BAD_MESSAGE and words in err.message, err
        for frame, words in [
            ({"type": "move", "token": mover.token, "action": True, "move_id": "b1"}, "action"),
            ({"type": "move", "token": mover.token, "action": mover.last.legal[0], "move_id": "m\x00"},
             "move_id: the NUL character"),
            ({"type": "move", "token": mover.token, "action": mover.last.legal[0], "move_id": "m", "ply": True},
             "ply"),
        ]:
            await mover.send(frame)
            err = await error_of(mover)
            assert err.code == ErrorCode.BAD_MESSAGE and words in err.message, err
        assert mover.ws is not None
        token, action = mover.token, mover.last.legal[0]
        await mover.ws.send(f'{{"type": "move", "token": "{token}", "action": "{action}", "move_id": "m\\udc80"}}')
        err = await error_of(mover)
        assert err.code == ErrorCode.BAD_MESSAGE and "lone surrogate (U+DC80)" in err.message
        await mover.send('{"type": "ping", "data": NaN}')
        err = await error_of(mover)
        assert err.code == ErrorCode.BAD_JSON and "NaN" in err.message
        assert ply_of(server, room) == before
        await mover.move(mover.last.legal[0], "fine")
        ack = await mover.expect(Ack)
        assert ack.ply == before

    run(main())
