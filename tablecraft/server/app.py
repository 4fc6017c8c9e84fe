"""The ASGI application: the HTTP API (games, rooms, records, replays) and the WebSocket endpoint ``/ws``.

``create_app(settings)`` builds it; ``tablecraft serve`` runs it under Uvicorn. On start it runs the database
migrations and rebuilds every unfinished game (``Hub.start``).

HTTP API (JSON; every body and answer is a pydantic schema from ``protocol``):

- ``GET /api/games`` — the registered games, their seats and options, the bot agents.
- ``GET /api/phrases`` — the quick phrases a seated player may say at the table (``say``), in each language.
- ``POST /api/rooms`` (``CreateRoom``) → ``RoomInfo`` with the room's link; ``GET /api/rooms`` lists rooms;
  ``GET /api/rooms/{id}`` and the share link ``GET /rooms/{id}`` describe one.
- ``GET /api/rooms/{id}/record`` — a finished game in the lab's record format (``lab.simulate.RECORD_KEYS``);
  ``GET /api/records.jsonl`` — finished games as JSON lines, readable by ``tablecraft replay``.
- ``GET /api/rooms/{id}/replay?seat=&ply=`` — the game seen from one seat after ``ply`` moves (seat
  perspectives only once the game is over; the spectator's at any time).
- ``POST /api/rooms/{id}/kick`` — the creator removes a seat holder before the start (``Kick``).
- ``GET /healthz`` — liveness and counts.

Every bad request body is a ``400`` whose ``message`` says what is wrong (never a ``500``, and never the body
echoed back); bodies must be JSON with a JSON content type. ``guard.Guard`` rate-limits each client address,
caps body sizes and adds the browser security headers; Starlette's ``TrustedHostMiddleware`` answers only to
the allowed host names. A private room is answered (``/api/rooms/{id}`` …) only with its invite secret
(``?invite=``); without it, it does not exist.

The browser front end (``tablecraft/server/web/``: static ES modules, SVG and CSS, no build step) is served at
``/`` (the lobby) and at the room links ``/rooms/{id}`` for clients that ask for HTML (``Accept: text/html``);
JSON clients keep getting the room's summary there. ``/static/…`` serves its files (gzipped when the client accepts it, with ``Cache-Control: no-cache`` and an
ETag, so a reload revalidates them with ``304`` answers) and ``/rules/{game}?lang=zh|en`` the
game's rules for players (``tablecraft.rulebook``) as HTML.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI, HTTPException, Query, Request, WebSocket
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, HTMLResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import ValidationError
from starlette.middleware.gzip import GZipMiddleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.websockets import WebSocketDisconnect

import tablecraft
from tablecraft.agents import agent_names, level_ids
from tablecraft.agents.levels import LEVELS, game_level, spec_of_level
from tablecraft.core.api import Json, unnamed_seat
from tablecraft.core.errors import TablecraftError

from . import fairness
from .config import ServerSettings
from .connection import CLOSE_POLICY, CLOSE_TOO_BIG, Conn
from .guard import ClientBuckets, Guard, client_of
from .labels import default_seats, labelled_option
from .phrases import PHRASES
from .protocol import (
    CreatedRoom,
    CreateRoom,
    Error,
    ErrorCode,
    GameInfo,
    Hello,
    Join,
    Kick,
    Leave,
    Limits,
    Move,
    NumberedEvent,
    PhraseInfo,
    Ping,
    Pong,
    ProtocolError,
    Replay,
    Result,
    Resume,
    RoomInfo,
    Say,
    SeatInfo,
    Spectate,
    bad_string,
    loads_strict,
    parse_client_message,
)
from .rooms import Hub, RoomError, invite_ok
from .store import StoredRoom
from .web_pages import WEB_DIR, index_html, rules_html, rules_lang, rules_page, rules_path, wants_html

log = logging.getLogger("tablecraft.server")


def record_of(sr: StoredRoom) -> Json:
    """A stored game as a lab record (the keys of ``lab.simulate.RECORD_KEYS``, in order), so ``tablecraft
    replay`` and the lab's statistics read server games like simulated ones.

    Human seats are named ``human`` in ``bots``; bot seats by their agent spec. A key the lab adds later and
    this function does not know yet is exported as ``None`` (a test watches for that).
    """
    from tablecraft.core.registry import load
    from tablecraft.lab.simulate import RECORD_KEYS, game_record

    row = sr.room
    assert row.seed is not None, "only a finished (hence dealt) game has a record"
    game = load(row.game, num_seats=row.num_seats, **row.options)
    actions = [m.action for m in sr.moves]
    first_player = game.new_initial_state(row.seed, row.setup).current_player()
    state = game.replay(row.seed, actions, row.setup)
    bots = [s.agent if s.kind == "bot" else "human" for s in sr.seats]
    values = game_record(game, state, row.seed, row.setup, bots, actions, first_player)
    record = {key: values.get(key) for key in RECORD_KEYS}
    # the opening of the commitment published at the start (``fairness.verify_record`` checks it)
    record["fairness"] = {"scheme": fairness.SCHEME, "room": row.id, "salt": row.salt,
                          "commitment": row.commitment, "practice": bool(row.practice)}
    return record


def request_base(request: Request) -> str:
    """The scheme and host a request came with (its ``Host`` is already on the allow list): links given in the
    answer work from where the asker is, unless the server has a public URL."""
    return str(request.base_url).rstrip("/")


def _stored_info(sr: StoredRoom, settings: ServerSettings, base_url: str | None = None) -> RoomInfo:
    """The summary of a room that is not in memory (finished and evicted, or broken)."""
    from tablecraft.core.errors import UnknownGameError
    from tablecraft.core.registry import game_class

    row = sr.room
    base = settings.base_url(base_url)
    try:
        names: tuple[str, ...] = game_class(row.game).spec.seat_names
    except UnknownGameError:
        names = ()
    seats = [SeatInfo(seat=s.seat, name=s.name or (names[s.seat] if s.seat < len(names) else unnamed_seat(s.seat)),
                      kind="human" if s.kind == "human" else "bot", agent=s.agent,
                      claimed=s.token_hash is not None) for s in sr.seats]
    result = (Result(winners=row.winners, returns=row.returns)
              if row.winners is not None and row.returns is not None else None)
    return RoomInfo(
        room=row.id, link=f"{base}/rooms/{row.id}", ws=base.replace("http", "ws", 1) + "/ws", game=row.game,
        options=row.options, num_seats=row.num_seats, status=row.status, seats=seats, ply=len(sr.moves),  # type: ignore[arg-type]
        seq=sr.moves[-1].seq if sr.moves else 0, to_move=-1, turn_seconds=row.turn_seconds, standin=row.standin,
        bot_delay=row.bot_delay, created_at=row.created_at.isoformat(), result=result, error=row.error,
        practice=bool(row.practice), private=bool(row.private), commitment=row.commitment,
    )


class RevalidatedStatic(StaticFiles):
    """The front end's files with ``Cache-Control: no-cache``: a browser keeps them but asks each time, and the
    answer to its ``If-None-Match`` (the ETag Starlette gives every file) is an empty ``304`` while the file is
    unchanged — a reload costs a few hundred bytes, yet a new version of the server is picked up at once (the
    files' names carry no version, so they cannot be cached for a fixed time)."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        """The file (or its ``304``), marked to be revalidated before each use."""
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = "no-cache"
        return response


def _no_room(room_id: str) -> HTTPException:
    return HTTPException(404, f"there is no room {room_id!r}")


def _bad_request(message: str, status: int = 400) -> JSONResponse:
    return JSONResponse({"code": "bad_request", "message": message}, status_code=status)


def _validation_message(errors: list[Any]) -> str:
    """Pydantic's errors as one line naming each field — without the input, so a body is never echoed."""
    parts = []
    for e in errors[:8]:
        loc = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
        parts.append(f"{loc}: {e.get('msg', 'invalid')}")
    more = f" (and {len(errors) - 8} more)" if len(errors) > 8 else ""
    return "; ".join(parts) + more


def _is_json(content_type: str) -> bool:
    media = content_type.split(";", 1)[0].strip().lower()
    return media == "application/json" or (media.startswith("application/") and media.endswith("+json"))


async def json_body(request: Request, model: type[Any]) -> Any:
    """The request's body as ``model``: refused with 415 unless its content type is JSON, with 400 (naming
    what is wrong, never echoing it) unless it is standard JSON without NaN/Infinity, holds no NUL character or
    lone surrogate in any string, and fits the schema with strict types (``true`` is not a number)."""
    if not _is_json(request.headers.get("content-type", "")):
        raise HTTPException(415, "send the body as JSON with 'Content-Type: application/json'")
    raw = await request.body()
    try:
        data = loads_strict(raw)
    except UnicodeDecodeError:
        raise HTTPException(400, "the body is not UTF-8 text") from None
    except (ValueError, RecursionError) as e:
        raise HTTPException(400, f"the body is not valid JSON: {str(e)[:200]}") from None
    if not isinstance(data, dict):
        raise HTTPException(400, f"the body must be a JSON object ({model.__name__}), not a {type(data).__name__}")
    problem = bad_string(data)
    if problem is not None:
        raise HTTPException(400, problem)
    try:
        return model.model_validate(data)
    except ValidationError as e:
        raise HTTPException(400, _validation_message(e.errors(include_url=False, include_input=False))) from None


def create_app(settings: ServerSettings | None = None) -> FastAPI:
    """The server application for ``settings`` (defaults: SQLite file in the working directory)."""
    settings = settings or ServerSettings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(settings)
        await hub.start()
        app.state.hub = hub
        try:
            yield
        finally:
            await hub.stop()

    app = FastAPI(title="tablecraft server", version=tablecraft.__version__, lifespan=lifespan)
    # the last added is the outermost: the Host check first, then the guard (rate limit, body cap, headers), then
    # gzip for every answer a client accepts it for (the front end's scripts shrink to about a quarter)
    app.add_middleware(GZipMiddleware, minimum_size=1000)
    app.add_middleware(Guard, settings=settings)
    app.add_middleware(TrustedHostMiddleware, allowed_hosts=settings.host_allow_list())
    hello = Hello(server=f"tablecraft {tablecraft.__version__}", limits=Limits(
        max_frame_bytes=settings.max_frame_bytes, rate_per_second=settings.rate_per_second,
        burst=settings.burst, resync_limit=settings.resync_limit,
        phrase_interval=settings.phrase_interval)).model_dump_json()
    room_buckets = ClientBuckets(settings.room_rate, settings.room_burst)
    sockets: dict[str, int] = {}
    """Open WebSocket connections per client address."""

    def hub_of(request: Request | WebSocket) -> Hub:
        hub: Hub = request.app.state.hub
        return hub

    codes = {400: "bad_request", 403: "forbidden", 404: "not_found", 409: "conflict", 413: "body_too_large",
             415: "unsupported_media_type", 429: "rate_limited", 503: "unavailable"}

    @app.exception_handler(HTTPException)
    async def http_error(_request: Request, exc: HTTPException) -> JSONResponse:
        # ``message`` as in every other error of the API; ``detail`` as FastAPI clients expect it
        return JSONResponse({"code": codes.get(exc.status_code, "error"), "message": str(exc.detail),
                             "detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def validation_error(_request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = [{k: v for k, v in e.items() if k != "input"} for e in exc.errors()]
        return _bad_request(_validation_message(errors))

    @app.exception_handler(TablecraftError)
    async def engine_error(_request: Request, exc: TablecraftError) -> JSONResponse:
        return _bad_request(str(exc))

    @app.exception_handler(KeyError)
    async def agent_error(_request: Request, exc: KeyError) -> JSONResponse:
        # make_agent reports an unknown agent as a KeyError naming the known ones
        return _bad_request(str(exc.args[0] if exc.args else exc))

    @app.exception_handler(RoomError)
    async def room_error(_request: Request, exc: RoomError) -> JSONResponse:
        status = {ErrorCode.BAD_TOKEN: 403, ErrorCode.NOT_STARTED: 409}.get(exc.code, 400)
        return JSONResponse({"code": exc.code.value, "message": exc.message}, status_code=status)

    # --- HTTP ------------------------------------------------------------------------------------------------
    @app.get("/healthz")
    async def healthz(request: Request) -> dict[str, Any]:
        """Liveness and load: rooms in memory, open connections, rooms still being reloaded, bot decisions."""
        hub = hub_of(request)
        return {"ok": True, "rooms": len(hub.rooms), "connections": len(hub.conns), "reloading": len(hub.reloading),
                "bots": {"running": hub.bots.busy, "queued": hub.bots.queued, "cut_off": hub.bots.cut_off,
                         "failed": hub.bots.failed}}

    @app.get("/api/games")
    async def list_games() -> list[GameInfo]:
        """Every registered game with its seats, options and the agents bots may use."""
        out = []
        for spec in tablecraft.games():
            d = spec.describe()
            out.append(GameInfo(id=d["id"], name_zh=d["name_zh"], name_en=d["name_en"], seats=d["seats"],
                                options=[labelled_option(spec.id, o) for o in d["options"]],
                                default_seats=default_seats(spec.id),
                                agents=[*level_ids(), *agent_names()],
                                levels=[{**dataclasses.asdict(game_level(level.id, spec.id)),
                                         "spec": spec_of_level(level.id, spec.id)} for level in LEVELS],
                                seat_names={"en": list(spec.seat_names), "zh": list(spec.seat_names_zh)},
                                has_rules=rules_page(spec.id, "en") is not None))
        return out

    @app.get("/api/phrases")
    async def list_phrases() -> list[PhraseInfo]:
        """The quick phrases of the table talk: the id ``say`` sends and the words each reader is shown."""
        return [PhraseInfo(id=p.id, en=p.en, zh=p.zh) for p in PHRASES]

    @app.post("/api/rooms", status_code=201, response_model=CreatedRoom,
              openapi_extra={"requestBody": {"content": {"application/json": {
                  "schema": CreateRoom.model_json_schema()}}, "required": True}})
    async def create_room(request: Request) -> CreatedRoom:
        """Open a room; the answer carries its link to share, the WebSocket address and the creator's token."""
        client = client_of(request.scope)
        if not room_buckets.take(client):
            wait = room_buckets.retry_after(client)
            raise HTTPException(429, f"too many new rooms from this address: at most {settings.room_burst} at once "
                                     f"and {settings.room_rate * 60:g} a minute; retry in {wait} s",
                                headers={"Retry-After": str(wait)})
        body: CreateRoom = await json_body(request, CreateRoom)
        hub = hub_of(request)
        room, creator_token, invite = await hub.create_room(body)
        return hub.created(room, creator_token, invite, request_base(request))

    @app.get("/api/rooms")
    async def list_rooms(request: Request, status: str | None = None, game: str | None = None,
                         limit: int = Query(100, ge=1, le=1000)) -> list[RoomInfo]:
        """Public rooms, newest first (optionally one status: waiting, playing, finished, broken, expired; one
        game). Private rooms are never listed."""
        hub = hub_of(request)
        rows = await hub.db(hub.store.list_rooms, status, game, limit)
        out = []
        for row in rows:
            room = hub.rooms.get(row.id)
            if room is not None:
                out.append(room.info(settings, request_base(request)))
            else:
                sr = await hub.db(hub.store.load_room, row.id)
                if sr is not None:
                    out.append(_stored_info(sr, settings, request_base(request)))
        return out

    async def room_info(room_id: str, request: Request, invite: str | None) -> RoomInfo:
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        if room is not None:
            if not room.admits(invite):
                raise _no_room(room_id)
            return room.info(settings, request_base(request))
        sr = await hub.db(hub.store.load_room, room_id)
        if sr is None or not invite_ok(sr.room.invite_hash, invite):
            raise _no_room(room_id)
        return _stored_info(sr, settings, request_base(request))

    @app.get("/api/rooms/{room_id}")
    async def get_room(room_id: str, request: Request, invite: str | None = None) -> RoomInfo:
        """One room's public summary (a private room's only with its invite secret)."""
        return await room_info(room_id, request, invite)

    @app.post("/api/rooms/{room_id}/kick", openapi_extra={"requestBody": {"content": {"application/json": {
        "schema": Kick.model_json_schema()}}, "required": True}})
    async def kick(room_id: str, request: Request) -> RoomInfo:
        """The room's creator removes the player of a seat before the game starts (``Kick``)."""
        body: Kick = await json_body(request, Kick)
        hub = hub_of(request)
        room = await hub.get_room(room_id)
        if room is None:
            raise _no_room(room_id)
        await room.remove_player(body.seat, body.creator_token)
        return room.info(settings, request_base(request))

    @app.get("/rooms/{room_id}", response_model=RoomInfo)
    async def room_link(room_id: str, request: Request, invite: str | None = None) -> Any:
        """The shareable room link: the room's page for browsers, the room's summary for JSON clients."""
        if wants_html(request.headers.get("accept", "")):
            return HTMLResponse(index_html())
        return await room_info(room_id, request, invite)

    @app.get("/", include_in_schema=False)
    async def lobby() -> HTMLResponse:
        """The lobby page (games, new room, open rooms)."""
        return HTMLResponse(index_html())

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> FileResponse:
        return FileResponse(WEB_DIR / "favicon.svg", media_type="image/svg+xml")

    @app.get("/rules/{game_id}", include_in_schema=False)
    async def rules(game_id: str, request: Request, lang: str | None = None, doc: str | None = None) -> Response:
        """A game's rules for players (``?lang=zh|en``; default the browser's language, else Chinese) as a page,
        or as Markdown for non-browsers; ``?doc=design`` gives the designers' record (source checkouts only)."""
        lg = rules_lang(lang, request.headers.get("accept-language", ""))
        if doc == "design":
            path = rules_path(game_id)
            if path is None:
                raise HTTPException(404, f"there is no design record for {game_id!r}")
            text: str | None = await asyncio.to_thread(path.read_text, "utf-8")
        else:
            text = rules_page(game_id, lg)
        if text is None:
            raise HTTPException(404, f"there is no rules page for {game_id!r}")
        if wants_html(request.headers.get("accept", "")):
            return HTMLResponse(await asyncio.to_thread(rules_html, game_id, text, lg, doc == "design"))
        return Response(text, media_type="text/markdown; charset=utf-8")

    app.mount("/static", RevalidatedStatic(directory=WEB_DIR), name="static")

    async def finished_record(hub: Hub, room_id: str, invite: str | None) -> StoredRoom:
        sr = await hub.db(hub.store.load_room, room_id)
        if sr is None or not invite_ok(sr.room.invite_hash, invite):
            raise _no_room(room_id)
        if sr.room.status != "finished":
            raise HTTPException(
                409, f"room {room_id} is {sr.room.status}: its record (seed and every move, hence every hidden "
                     "card) is available once the game is over")
        return sr

    @app.get("/api/rooms/{room_id}/record")
    async def get_record(room_id: str, request: Request, invite: str | None = None) -> dict[str, Any]:
        """A finished game in the lab's record format (one line of ``tablecraft simulate --out``), with the
        opening of the seed's commitment under ``fairness``."""
        hub = hub_of(request)
        sr = await finished_record(hub, room_id, invite)
        return await asyncio.to_thread(record_of, sr)

    @app.get("/api/records.jsonl")
    async def records(request: Request, game: str | None = None,
                      limit: int = Query(100, ge=1, le=10000)) -> Response:
        """Finished games as JSON lines, newest first (``tablecraft replay FILE`` reads them)."""
        hub = hub_of(request)
        rows = await hub.db(hub.store.list_rooms, "finished", game, limit)
        lines = []
        for row in rows:
            sr = await hub.db(hub.store.load_room, row.id)
            if sr is not None:
                lines.append(json.dumps(await asyncio.to_thread(record_of, sr), ensure_ascii=False))
        return Response("".join(line + "\n" for line in lines), media_type="application/x-ndjson")

    @app.get("/api/rooms/{room_id}/replay")
    async def replay(room_id: str, request: Request, seat: int | None = Query(None, ge=0),
                     ply: int | None = Query(None, ge=0),
                     lang: str | None = Query(None, pattern="^(en|zh)$"), invite: str | None = None) -> Replay:
        """The game seen from ``seat`` (default: spectator) after ``ply`` moves (default: all); with ``lang``
        each event carries its description and the answer the moves played (``moves``) described."""
        hub = hub_of(request)
        sr = await hub.db(hub.store.load_room, room_id)
        if sr is None or not invite_ok(sr.room.invite_hash, invite):
            raise _no_room(room_id)
        if seat is not None and sr.room.status != "finished":
            raise HTTPException(403, f"room {room_id} is still {sr.room.status}: a seat's perspective is shown "
                                     "once the game is over (players see theirs over the WebSocket)")
        if sr.room.seed is None or sr.room.status in ("waiting", "expired"):
            raise HTTPException(409, f"room {room_id} is {sr.room.status}: nothing is dealt before the game starts")
        if seat is not None and seat >= sr.room.num_seats:
            raise HTTPException(400, f"room {room_id} has seats 0–{sr.room.num_seats - 1}")
        n = len(sr.moves) if ply is None else ply
        if n > len(sr.moves):
            raise HTTPException(400, f"room {room_id} has {len(sr.moves)} moves; ply {ply} is beyond them")

        def build() -> Replay:
            from tablecraft.core.registry import load

            row = sr.room
            assert row.seed is not None
            game = load(row.game, num_seats=row.num_seats, **row.options)
            state = game.replay(row.seed, [m.action for m in sr.moves[:n]], row.setup)
            events = [NumberedEvent(seq=i, event=e, text=None if lang is None else game.describe_event(e, lang))
                      for i, e in enumerate(state.log(seat), start=1)]
            return Replay(room=row.id, game=row.game, seat=seat, ply=n, events=events, view=state.view(seat),
                          total=len(sr.moves), to_move=state.current_player(),
                          seats=[s.name or game.seat_name(s.seat, lang or "en") for s in sr.seats])

        return await asyncio.to_thread(build)

    # --- WebSocket -------------------------------------------------------------------------------------------
    @app.websocket("/ws")
    async def websocket(ws: WebSocket) -> None:
        """One client: frames in, checked and dispatched one at a time; frames out through the outbox."""
        await ws.accept()
        hub = hub_of(ws)
        client = client_of(ws.scope)
        if sockets.get(client, 0) >= settings.max_sockets_per_client:
            # told why, then closed: a well-behaved client sees the reason instead of a bare refusal
            await ws.send_text(Error(code=ErrorCode.TOO_MANY_CONNECTIONS, fatal=True, message=(
                f"this address already has {settings.max_sockets_per_client} connections open, the most this "
                "server allows; close one first")).model_dump_json())
            await ws.close(CLOSE_POLICY)
            return
        sockets[client] = sockets.get(client, 0) + 1
        conn = Conn(ws, settings.rate_per_second, settings.burst, settings.outbox_limit)
        hub.conns.add(conn)
        conn.send(hello)
        limit = settings.max_frame_bytes
        try:
            while not conn.closed:
                message = await ws.receive()
                if message["type"] == "websocket.disconnect":
                    break
                if not conn.bucket.take():
                    conn.error(ErrorCode.RATE_LIMITED, fatal=True, message=(
                        f"too many frames: at most {settings.burst} at once and {settings.rate_per_second:g} per "
                        "second; closing this connection"))
                    conn.close(CLOSE_POLICY)
                    break
                text = message.get("text")
                if text is None:
                    conn.error(ErrorCode.BINARY_FRAME, "binary frames are not accepted: send JSON text frames")
                    continue
                # characters ≤ UTF-8 bytes ≤ 4 × characters: encode only when it could matter
                size = len(text) if len(text) > limit or 4 * len(text) <= limit else len(text.encode("utf-8"))
                if size > limit:
                    conn.error(ErrorCode.FRAME_TOO_LARGE, fatal=True,
                               message=f"the frame has {size} bytes; the limit is {limit}; closing this connection")
                    conn.close(CLOSE_TOO_BIG)
                    break
                await dispatch(hub, conn, text)
        except (WebSocketDisconnect, RuntimeError):
            pass  # the client went away
        finally:
            left = sockets.get(client, 1) - 1
            if left > 0:
                sockets[client] = left
            else:
                sockets.pop(client, None)
            hub.disconnected(conn)
            await conn.finish()

    return app


async def dispatch(hub: Hub, conn: Conn, text: str) -> None:
    """Parse one client frame and carry it out; every refusal becomes an ``error`` frame and changes nothing."""
    try:
        msg = parse_client_message(text)
    except ProtocolError as e:
        conn.error(e.code, e.message)
        return
    ref = msg.move_id if isinstance(msg, Move) else None
    try:
        if isinstance(msg, Ping):
            conn.send(Pong(data=msg.data).model_dump_json())
        elif isinstance(msg, Join | Resume | Spectate):
            if conn.bound:
                assert conn.room is not None
                held = "watches" if conn.spectator else f"holds seat {conn.seat} of"
                raise RoomError(ErrorCode.ALREADY_BOUND,
                                f"this connection already {held} room {conn.room.id}; open another connection")
            room = await hub.get_room(msg.room)
            if room is None:
                if await hub.db(hub.store.status_of, msg.room) == "expired":
                    raise RoomError(ErrorCode.ROOM_EXPIRED,
                                    f"room {msg.room} expired: it waited for players with nobody there; open a new one")
                raise RoomError(ErrorCode.NO_SUCH_ROOM, f"there is no room {msg.room!r}")
            if not isinstance(msg, Resume) and not room.admits(msg.invite):
                # a private room without its invite secret: the same answer as for no room at all
                raise RoomError(ErrorCode.NO_SUCH_ROOM, f"there is no room {msg.room!r}")
            if isinstance(msg, Join):
                await room.join(conn, msg)
            elif isinstance(msg, Resume):
                await room.resume(conn, msg)
            else:
                await room.spectate(conn, msg)
        else:
            assert isinstance(msg, Move | Leave | Say)
            room = conn.room
            if room is None or conn.seat is None:
                what = "watches as a spectator" if conn.spectator else "holds no seat"
                if isinstance(msg, Say):
                    raise RoomError(ErrorCode.NOT_SEATED, f"this connection {what}: only seated players say "
                                                          "phrases (spectators read them)")
                raise RoomError(ErrorCode.NOT_SEATED, f"this connection {what}: join or resume a seat to play")
            if isinstance(msg, Say):
                room.say(conn, msg)
            elif isinstance(msg, Move):
                await room.move(conn, msg)
            else:
                await room.leave(conn, msg)
    except RoomError as e:
        conn.error(e.code, e.message, ref=ref)
    except Exception:
        log.exception("failed to handle %s", type(msg).__name__)
        conn.error(ErrorCode.SERVER_ERROR, "the server could not handle this message; nothing changed", ref=ref)
