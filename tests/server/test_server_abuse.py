"""The server under abuse, driven by real clients: bots that ask for too much, floods of requests, rooms and
sockets, huge bodies, idle rooms, a restart with many stored rooms, private rooms and the creator's kick, and
the browser's defences (security headers, the Host allow-list, WebSocket origins)."""

from __future__ import annotations

import asyncio
import contextlib
import random
import socket
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import websockets
from server_support import FAST, SeatPlayer, ServerProcess, run

from tablecraft.server.client import Client
from tablecraft.server.protocol import Error, ErrorCode, Left, Welcome
from tablecraft.server.store import Store

GAME = "wizard-towers"
SHORT = {"warrior_hp": 40, "wizard_hp": 50, "max_turns": 20}
"""Options that end a wizard-towers game in a few dozen decisions."""


@contextlib.contextmanager
def serving(tmp_path: Path, *args: str, db: str | None = None) -> Iterator[ServerProcess]:
    """A server of its own (SQLite in ``tmp_path`` unless ``db``) with ``args``, stopped afterwards."""
    srv = ServerProcess(db or str(tmp_path / "abuse.sqlite3"), tmp_path / "server.log", *args).start()
    try:
        yield srv
    finally:
        srv.stop()


def moves_by(db: str, room: str) -> list[str]:
    store = Store(db)
    try:
        sr = store.load_room(room)
        assert sr is not None
        return [m.by for m in sr.moves]
    finally:
        store.dispose()


# ------------------------------------------------------------------------------------------------------- bots
@pytest.mark.parametrize(("agent", "words"), [
    ("ismcts:iterations=100000000", "cap of 20000 (--max-bot-iterations)"),
    ("ismcts:seconds=600", "cap of 5 (--max-bot-seconds)"),
    ("wizard=normal|warrior=ismcts:iterations=100000000", "cap of 20000 (--max-bot-iterations)"),
])
def test_a_bot_budget_above_the_servers_cap_is_refused_naming_the_cap(server: ServerProcess, agent: str,
                                                                       words: str) -> None:
    for body in ({"game": GAME, "seats": [{"kind": "bot", "agent": agent}] * 3},
                 {"game": GAME, "standin": agent}):
        r = httpx.post(server.http + "/api/rooms", json=body, timeout=10)
        assert r.status_code == 400 and words in r.json()["message"], r.text


def test_expensive_bots_in_two_rooms_do_not_stop_a_third_rooms_bots_or_a_turn_timer(tmp_path: Path) -> None:
    """Two rooms whose bots would each think for minutes (a search budget this server allows, cut off at the
    one-second deadline) cannot hold up a room of cheap bots, nor the stand-in of a player out of time: with
    two workers, searches run on at most one."""
    args = [*FAST, "--bot-workers", "2", "--bot-deadline", "1", "--max-bot-iterations", "100000000"]
    with serving(tmp_path, *args) as srv:
        greedy = [srv.create_room(game=GAME, seats=[{"kind": "bot", "agent": "ismcts:iterations=100000000"}] * 3)
                  for _ in range(2)]
        time.sleep(0.5)  # both searches are running (or waiting for the one search worker)
        cheap = srv.create_room(game=GAME, options=SHORT, seats=[{"kind": "bot", "agent": "random"}] * 3)["room"]
        timed = srv.create_room(game=GAME, options=SHORT, turn_seconds=0.5,
                                seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"},
                                       {"kind": "bot", "agent": "random"}])["room"]
        idle = Client(srv.ws)

        async def sit_and_wait() -> None:
            await idle.connect()
            await idle.join(timed, 0)  # …and never move: every decision of seat 0 runs out of time
            deadline = time.monotonic() + 60
            while "timeout" not in moves_by(srv.db, timed):
                assert time.monotonic() < deadline, "the turn timer's stand-in never played"
                await asyncio.sleep(0.1)

        run(sit_and_wait())
        deadline = time.monotonic() + 90
        while srv.get(f"/api/rooms/{cheap}")["status"] != "finished":
            assert time.monotonic() < deadline, "the cheap bots' game did not finish beside the expensive rooms"
            time.sleep(0.2)
        health = srv.get("/healthz")
        assert health["bots"]["cut_off"] >= 1  # the expensive decisions were stopped at their deadline …
        assert any(srv.get(f"/api/rooms/{g['room']}")["ply"] >= 1 for g in greedy)  # … and the fallback played
    assert "ran out of its 1s" in srv.log()


# ----------------------------------------------------------------------------------------------------- limits
def test_a_client_creating_rooms_too_fast_gets_429_with_retry_after(tmp_path: Path) -> None:
    with serving(tmp_path, "--room-rate", "0.5", "--room-burst", "3") as srv:
        answers = [httpx.post(srv.http + "/api/rooms", json={"game": GAME}, timeout=10) for _ in range(5)]
        assert [a.status_code for a in answers[:3]] == [201, 201, 201]
        refused = answers[3]
        assert refused.status_code == 429 and int(refused.headers["retry-after"]) >= 1
        assert "too many new rooms" in refused.json()["message"]
        assert httpx.get(srv.http + "/api/games", timeout=10).status_code == 200  # reading is not limited by it


def test_a_client_flooding_http_gets_429_and_other_limits_are_per_address(tmp_path: Path) -> None:
    with serving(tmp_path, "--http-rate", "2", "--http-burst", "10") as srv, httpx.Client(timeout=10) as http:
        codes = [http.get(srv.http + "/api/games").status_code for _ in range(25)]
        # (the test's own wait for the server to start took a few of the ten)
        assert codes[:5] == [200] * 5 and 429 in codes
        r = http.get(srv.http + "/api/games")
        assert r.status_code == 429 and r.json()["code"] == "rate_limited" and "retry-after" in r.headers


def test_a_client_may_hold_only_so_many_sockets(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-sockets", "4") as srv:
        async def main() -> None:
            held = [Client(srv.ws) for _ in range(4)]
            for c in held:
                await c.connect()
            extra = await websockets.connect(srv.ws)
            frame = Error.model_validate_json(await extra.recv())
            assert frame.code == ErrorCode.TOO_MANY_CONNECTIONS and frame.fatal and "4" in frame.message
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await extra.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1008
            await held[0].close()
            await asyncio.sleep(0.2)
            again = Client(srv.ws)
            await again.connect()  # one was closed: there is room for one more
            await again.send({"type": "ping", "data": "x"})
            await again.recv()

        run(main())


def test_a_huge_body_is_refused_before_it_is_read_and_never_echoed(tmp_path: Path) -> None:
    with serving(tmp_path, "--max-body", "4096") as srv, httpx.Client(timeout=30) as http:
        marker = "zq" * 50_000
        r = http.post(srv.http + "/api/rooms", content=f'{{"game": "{marker}"}}',
                      headers={"content-type": "application/json"})
        assert r.status_code == 413 and "4096" in r.json()["message"] and len(r.content) < 500

        def chunks() -> Iterator[bytes]:  # no Content-Length: the cap applies while reading
            yield b'{"game": "'
            for _ in range(50):
                yield b"zq" * 1000
            yield b'"}'

        r = http.post(srv.http + "/api/rooms", content=chunks(), headers={"content-type": "application/json"})
        assert r.status_code == 413 and "zq" not in r.text


def test_an_idle_waiting_room_expires_but_not_one_someone_is_in(tmp_path: Path) -> None:
    with serving(tmp_path, *FAST, "--waiting-expiry", "1") as srv:
        idle = srv.create_room(game=GAME)["room"]
        busy = srv.create_room(game=GAME)["room"]
        watcher = Client(srv.ws)

        async def main() -> None:
            await watcher.connect()
            await watcher.spectate(busy)
            deadline = time.monotonic() + 30
            while srv.get(f"/api/rooms/{idle}")["status"] != "expired":
                assert time.monotonic() < deadline, "the idle room never expired"
                await asyncio.sleep(0.2)
            assert srv.get(f"/api/rooms/{busy}")["status"] == "waiting"  # someone watches it: kept
            late = Client(srv.ws)
            await late.connect()
            answer = await late.join(idle)
            assert isinstance(answer, Error) and answer.code == ErrorCode.ROOM_EXPIRED and "expired" in answer.message

        run(main())
        assert idle not in [r["room"] for r in srv.get("/api/rooms", status="waiting")]


def test_the_server_answers_while_it_reloads_stored_rooms(tmp_path: Path) -> None:
    """After a restart the server answers at once; the stored rooms are rebuilt in the background (here slowly,
    one every five seconds), and a room someone asks for is rebuilt at once."""
    db = str(tmp_path / "reload.sqlite3")
    with serving(tmp_path, *FAST, db=db) as srv:
        rooms = [srv.create_room(game=GAME, seats=[{"kind": "human"}] * 3)["room"] for _ in range(3)]
        playing = srv.create_room(game=GAME, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"},
                                                    {"kind": "bot", "agent": "random"}])["room"]
        player = SeatPlayer(srv.ws, playing, 0, random.Random(1))

        async def start() -> None:
            await player.join()
            while not player.acks:
                await player.step()
            while player.pending is not None:
                await player.step()

        run(start())
    with serving(tmp_path, *FAST, "--reload-pause", "5", db=db) as srv:
        health = srv.get("/healthz")
        assert health["reloading"] >= 2  # still rebuilding …
        assert srv.get(f"/api/rooms/{rooms[-1]}")["status"] == "waiting"  # … yet a room asked for answers
        back = Client(srv.ws)
        back.room, back.seat, back.token, back.seq = playing, 0, player.client.token, player.client.seq
        back.events = player.client.events

        async def resume() -> None:
            await back.connect()
            answer = await back.resume()
            assert isinstance(answer, Welcome) and answer.status == "playing" and answer.ply >= 1

        run(resume())
        assert srv.get("/healthz")["reloading"] >= 1


# ---------------------------------------------------------------------------------------------- private rooms
def test_a_private_room_is_unlisted_and_reached_only_through_its_invite(server: ServerProcess) -> None:
    created = server.create_room(game=GAME, private=True, seats=[{"kind": "human"}] * 3)
    room, secret = created["room"], created["invite"]
    assert secret and created["private"] and created["link"].endswith(f"?invite={secret}")
    assert room not in [r["room"] for r in server.get("/api/rooms", limit=1000)]
    with httpx.Client(base_url=server.http, timeout=10) as http:
        assert http.get(f"/api/rooms/{room}").status_code == 404
        assert http.get(f"/api/rooms/{room}", params={"invite": "0" * 32}).status_code == 404
        assert http.get(f"/api/rooms/{room}", params={"invite": secret}).json()["private"]
        assert http.get(f"/rooms/{room}").status_code == 404
        assert http.get(f"/api/rooms/{room}/replay").status_code == 404

    async def main() -> None:
        stranger = Client(server.ws)
        await stranger.connect()
        for msg in ({"type": "join", "room": room}, {"type": "spectate", "room": room},
                    {"type": "join", "room": room, "invite": "guess"}):
            await stranger.send(msg)
            err = await stranger.expect(Error)
            assert err.code == ErrorCode.NO_SUCH_ROOM  # exactly what a room that does not exist answers
        friend = Client(server.ws)
        await friend.connect()
        answer = await friend.join(room, invite=secret)
        assert isinstance(answer, Welcome) and answer.seat == 0
        again = Client(server.ws)  # the friend's seat token alone brings them back, invite or not
        await again.connect()
        assert isinstance(await again.resume(room, 0, friend.token, 0), Welcome)

    run(main())


def test_the_creator_can_remove_a_seat_holder_before_the_start_and_nobody_else_can(server: ServerProcess) -> None:
    created = server.create_room(game=GAME, seats=[{"kind": "human"}] * 3)
    room, creator = created["room"], created["creator_token"]
    assert len(creator) == 64
    squatter = Client(server.ws)

    async def main() -> None:
        await squatter.connect()
        assert isinstance(await squatter.join(room, 1), Welcome)
        async with httpx.AsyncClient(base_url=server.http, timeout=10) as http:
            r = await http.post(f"/api/rooms/{room}/kick", json={"seat": 1, "creator_token": "a" * 64})
            assert r.status_code == 403 and "creator token" in r.json()["message"]
            r = await http.post(f"/api/rooms/{room}/kick", json={"seat": 2, "creator_token": creator})
            assert r.status_code == 400 and "no player" in r.json()["message"]
            r = await http.post(f"/api/rooms/{room}/kick", json={"seat": 1, "creator_token": creator})
            assert r.status_code == 200 and not r.json()["seats"][1]["claimed"]
            left = await squatter.expect(Left)
            assert left.kicked and left.seat == 1 and not left.standin
            thief = Client(server.ws)
            await thief.connect()
            answer = await thief.resume(room, 1, squatter.token, 0)
            assert isinstance(answer, Error) and answer.code == ErrorCode.BAD_TOKEN  # the old token is void
            players = [Client(server.ws) for _ in range(3)]
            for c in players:
                await c.connect()
                assert isinstance(await c.join(room), Welcome)
            r = await http.post(f"/api/rooms/{room}/kick", json={"seat": 0, "creator_token": creator})
            assert r.status_code == 409 and "before the game starts" in r.json()["message"]

    run(main())


# ------------------------------------------------------------------------------------------- browser defence
def test_every_answer_carries_the_browser_security_headers(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.http, timeout=10) as http:
        for path in ("/", "/api/games", "/static/app.js", f"/rules/{GAME}", "/api/rooms/nowhere"):
            h = http.get(path, headers={"Accept": "text/html"}).headers
            policy = h["content-security-policy"]
            assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy, path
            assert "unsafe-inline" not in policy.split("script-src", 1)[1].split(";", 1)[0]
            assert h["x-content-type-options"] == "nosniff" and h["referrer-policy"] == "no-referrer"
            assert h["x-frame-options"] == "DENY"


def test_requests_for_another_host_name_are_refused(server: ServerProcess, tmp_path: Path) -> None:
    with httpx.Client(base_url=server.http, timeout=10) as http:
        assert http.get("/api/games", headers={"Host": "attacker.example"}).status_code == 400
        assert http.get("/api/games", headers={"Host": f"localhost:{server.port}"}).status_code == 200

    # a WebSocket handshake naming another host (written by hand: clients always send the URL's host)
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as raw:
        raw.sendall(b"GET /ws HTTP/1.1\r\nHost: attacker.example\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
                    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")
        status = raw.recv(200).split(b"\r\n", 1)[0]
    assert b" 101 " not in status and (b" 400 " in status or b" 403 " in status), status

    async def sockets() -> None:
        with pytest.raises(websockets.InvalidStatus):  # a page of another site may not open a socket here
            await websockets.connect(server.ws, origin="http://attacker.example")  # type: ignore[arg-type]
        ok = await websockets.connect(server.ws, origin=f"http://127.0.0.1:{server.port}")  # type: ignore[arg-type]
        await ok.close()

    run(sockets())
    with serving(tmp_path, "--allowed-host", "games.example.org") as srv:
        r = httpx.get(srv.http + "/api/games", headers={"Host": "games.example.org"}, timeout=10)
        assert r.status_code == 200


def test_json_bodies_need_a_json_content_type(server: ServerProcess) -> None:
    r = httpx.post(server.http + "/api/rooms", content=b'{"game": "wizard-towers"}',
                   headers={"content-type": "text/plain"}, timeout=10)
    assert r.status_code == 415 and "application/json" in r.json()["message"]
    r = httpx.post(server.http + "/api/rooms", content=b'{"game": "wizard-towers"}', timeout=10)
    assert r.status_code == 415
