"""The wire protocol of the game server: one pydantic schema per message, in both directions.

Every WebSocket frame is one JSON object with a ``type``. Clients send ``join``, ``resume``, ``spectate``,
``move``, ``leave``, ``say`` and ``ping``; the server sends ``hello``, ``welcome``, ``update``, ``ack``,
``seats``, ``left``, ``said``, ``error`` and ``pong``. ``PROTOCOL_VERSION`` is announced in ``hello`` and carried by the messages that
open a session (``join``, ``resume``, ``spectate`` as ``v``); a client speaking another version is refused with a
clear error instead of being misunderstood.

Game events are numbered per room: event ``seq`` *n* is the *n*-th entry of the engine's event log (1-based), the
same number for every seat, each seat receiving its own redaction (``Event.for_seat``). A client that reconnects
sends the last number it saw and receives exactly the events after it.

Table talk (``say`` / ``said``, the quick phrases of ``tablecraft.server.phrases``) is numbered apart (``n``) and is
never a game event: it carries only the speaker's seat and the phrase's id, and no game frame depends on it.

>>> msg = parse_client_message('{"type": "move", "token": "ab", "action": "stop", "move_id": "m1"}')
>>> type(msg).__name__, msg.action
('Move', 'stop')
>>> Error(code=ErrorCode.BAD_JSON, message="not JSON").model_dump()["type"]
'error'
"""

from __future__ import annotations

import json
import math
from enum import StrEnum
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, ValidationError

PROTOCOL_VERSION = 1
"""The version of this protocol; bumped on any incompatible change."""

Json = dict[str, Any]


class ErrorCode(StrEnum):
    """Why the server refused a frame (the ``code`` of an ``error`` message)."""

    BAD_JSON = "bad_json"
    """The frame is not valid JSON."""
    BAD_MESSAGE = "bad_message"
    """Valid JSON, but not an object of a known shape (a field missing, of the wrong type, out of range)."""
    UNKNOWN_TYPE = "unknown_type"
    """The ``type`` names no client message."""
    BINARY_FRAME = "binary_frame"
    """A binary frame; the protocol is JSON text."""
    FRAME_TOO_LARGE = "frame_too_large"
    """The frame is longer than the server's limit (the socket is then closed with code 1009)."""
    RATE_LIMITED = "rate_limited"
    """The connection sent more frames than its rate limit allows (the socket is then closed with code 1008)."""
    UNSUPPORTED_VERSION = "unsupported_version"
    """The client speaks another protocol version."""
    NO_SUCH_ROOM = "no_such_room"
    NO_SUCH_SEAT = "no_such_seat"
    SEAT_IS_BOT = "seat_is_bot"
    """The seat is played by a server bot and cannot be joined."""
    SEAT_TAKEN = "seat_taken"
    """Another player holds the seat."""
    NO_FREE_SEAT = "no_free_seat"
    ALREADY_BOUND = "already_bound"
    """This connection already holds a seat or watches a room; open another connection for another one."""
    BAD_TOKEN = "bad_token"
    """The seat token is missing or is not the token of that seat."""
    NOT_SEATED = "not_seated"
    """A ``move``, ``leave`` or ``say`` on a connection that holds no seat (a spectator reads the table talk but
    does not speak)."""
    NOT_STARTED = "not_started"
    """The game waits for players to take the free seats."""
    NOT_YOUR_TURN = "not_your_turn"
    INVALID_ACTION = "invalid_action"
    """The action names no action of the game."""
    ILLEGAL_ACTION = "illegal_action"
    """A real action that the rules do not allow now."""
    STALE_MOVE = "stale_move"
    """The move names the position (``ply``) it was chosen in, and the game has moved on since."""
    MOVE_ID_REUSED = "move_id_reused"
    """The client move id was already used for another action."""
    GAME_OVER = "game_over"
    SLOW_CONSUMER = "slow_consumer"
    """The client did not read its frames fast enough; it may reconnect and resume."""
    TOO_MANY_CONNECTIONS = "too_many_connections"
    """This client (its address) already has as many sockets open as the server allows (the socket is closed)."""
    ROOM_EXPIRED = "room_expired"
    """The room waited for players with nobody there for longer than the server keeps idle rooms."""
    UNKNOWN_PHRASE = "unknown_phrase"
    """``say`` names no quick phrase (the message lists the phrases)."""
    PHRASE_TOO_SOON = "phrase_too_soon"
    """The seat said a phrase less than the server's phrase interval ago (the message says how long to wait)."""
    SERVER_ERROR = "server_error"


class _Message(BaseModel):
    # unknown fields are refused, so a misspelt field name is an error rather than silently ignored
    model_config = ConfigDict(extra="forbid")


class _Request(BaseModel):
    # what clients send is validated strictly: no type juggling, so ``true`` is not the number 1 and ``"3"``
    # is not a seat number (a JSON number is still accepted where a float is expected)
    model_config = ConfigDict(extra="forbid", strict=True)


RoomId = Annotated[str, Field(min_length=1, max_length=64)]
Token = Annotated[str, Field(max_length=256)]
Invite = Annotated[str, Field(max_length=128)]
"""The secret of a private room's invite link (the ``invite`` query parameter of the link)."""
Seq = Annotated[int, Field(ge=0)]
Lang = Literal["en", "zh"]
"""A language for the text the server adds for people (event descriptions, action texts)."""


# ------------------------------------------------------------------------------------------- client → server
class Join(_Request):
    """Take a free human seat: ``seat`` names one, or the first free seat is taken. The server answers with a
    ``welcome`` carrying the seat's secret ``token`` (keep it: it is needed for every move and to come back)."""

    type: Literal["join"]
    v: int = PROTOCOL_VERSION
    room: RoomId
    seat: Annotated[int, Field(ge=0)] | None = None
    name: Annotated[str, Field(max_length=40)] | None = None
    lang: Lang | None = None
    """Ask for people's text in this language: each event gets its description (``text``) and the legal
    actions come with theirs (``choices``). Without it frames carry only the data."""
    invite: Invite | None = None
    """A private room's invite secret (from its link); without the right one the room is not found."""


class Resume(_Request):
    """Come back to a seat held with ``token`` (after a dropped connection or a restart). ``last_seq`` is the
    number of the last event received; the ``welcome`` then carries exactly the events after it."""

    type: Literal["resume"]
    v: int = PROTOCOL_VERSION
    room: RoomId
    seat: Annotated[int, Field(ge=0)]
    token: Token | None = None
    last_seq: Seq | None = None
    lang: Lang | None = None
    """As in ``join``."""


class Spectate(_Request):
    """Watch a room as a spectator (the spectator's view and events); ``last_seq`` as in ``resume``."""

    type: Literal["spectate"]
    v: int = PROTOCOL_VERSION
    room: RoomId
    last_seq: Seq | None = None
    lang: Lang | None = None
    """As in ``join``."""
    invite: Invite | None = None
    """As in ``join``: a private room is watched only with its invite secret."""


class Move(_Request):
    """Play ``action`` (its text, e.g. ``"draw orange"``, or its codec id) for the seat this connection holds.

    ``move_id`` is chosen by the client, unique per seat: sending the same move again (a retry after a lost
    connection) is acknowledged again and applied once. ``ply``, if given, is the number of moves played when
    the client chose this one; the move is refused as stale if the game has moved on.
    """

    type: Literal["move"]
    token: Token | None = None
    action: Annotated[str, Field(max_length=200)] | Annotated[int, Field(ge=0)]
    move_id: Annotated[str, Field(min_length=1, max_length=64)]
    ply: Seq | None = None


class Leave(_Request):
    """Step away from the seat. Before the game starts the seat is freed; during the game a bot plays it until
    the player comes back with ``resume``."""

    type: Literal["leave"]
    token: Token | None = None


class Say(_Request):
    """Say a quick phrase at the table (``phrase``: its id, e.g. ``"nice_move"``; ``GET /api/phrases`` lists them)
    from the seat this connection holds. Everyone in the room, spectators too, receives it as ``said``, each in
    their own language; spectators read but do not speak. At most one phrase per seat every few seconds
    (``Limits.phrase_interval``)."""

    type: Literal["say"]
    token: Token | None = None
    phrase: Annotated[str, Field(min_length=1, max_length=40)]


class Ping(_Request):
    """Ask for a ``pong`` (a keep-alive or a round-trip measurement); ``data`` is echoed."""

    type: Literal["ping"]
    data: Annotated[str, Field(max_length=64)] | None = None


ClientMessage = Annotated[Join | Resume | Spectate | Move | Leave | Say | Ping, Field(discriminator="type")]
CLIENT_TYPES: tuple[str, ...] = ("join", "resume", "spectate", "move", "leave", "say", "ping")
_client_adapter: TypeAdapter[Join | Resume | Spectate | Move | Leave | Say | Ping] = TypeAdapter(ClientMessage)


# ------------------------------------------------------------------------------------------- server → client
class Limits(_Message):
    """The limits a client must respect, announced in ``hello``."""

    max_frame_bytes: int
    """Longest frame accepted (UTF-8 bytes)."""
    rate_per_second: float
    """Sustained frames per second allowed per connection."""
    burst: int
    """Frames that may be sent at once before the sustained rate applies."""
    resync_limit: int
    """A reconnecting client further behind than this many events gets a fresh view instead of the events."""
    phrase_interval: float = 3.0
    """Seconds a seat must wait between two quick phrases (``say``)."""


class Hello(_Message):
    """The first frame on every connection."""

    type: Literal["hello"] = "hello"
    protocol: int = PROTOCOL_VERSION
    server: str
    limits: Limits


class SeatInfo(_Message):
    """The public facts about one seat."""

    seat: int
    name: str
    """The seat's display name (the game's seat name, or the name its player gave)."""
    kind: Literal["human", "bot"]
    agent: str | None = None
    """The agent spec of a bot seat, e.g. ``random`` or ``ismcts:iterations=400``."""
    claimed: bool = False
    """A player holds this human seat."""
    connected: bool = False
    """At least one connection of its player is open."""
    standin: bool = False
    """A bot is playing this human seat until its player comes back."""


class NumberedEvent(_Message):
    """One game event as this connection may see it, with its room-wide number."""

    seq: int
    event: Json
    text: str | None = None
    """The event described for people (``Game.describe_event``), when the connection asked for a language."""


class Choice(_Message):
    """A legal action with its description for people: ``id`` is its notation (what ``move`` accepts),
    ``text`` the game's description of it (``Game.describe_action``) in the connection's language."""

    id: str
    text: str
    loses: bool = False
    """The action loses the game for the seat (or takes it out), by what the seat itself knows
    (``tablecraft/server/danger.py``): the page asks the player to confirm it."""
    price: str | None = None
    """What the action costs the seat (cards, life, rage, energy, a turn), in the connection's language
    (``Game.action_price``, from the seat's own knowledge); absent when it costs nothing. The page shows it on the
    choice, before the player commits."""


class TimedOut(_Message):
    """A move the turn timer played for this seat: its time ran out and the stand-in bot chose ``action``.

    Sent only to the seat it was played for (the action may be private to it). ``seq`` is the room's event
    number before the move's events, so a log shows the line just before them; ``text`` says it in the
    connection's language (with the action's description), when it asked for one."""

    ply: int
    seq: int
    action: str
    text: str | None = None


class Saying(_Message):
    """One quick phrase said at the table: who (``seat``) and which phrase (its id) — nothing else, so table talk
    carries no hidden information. ``n`` numbers the room's phrases from 1 (a client that gets the recent ones again
    after a reconnect skips those it has); ``text`` is the phrase in the connection's language, when it asked for
    one."""

    n: int
    seat: int
    phrase: str
    text: str | None = None


class Result(_Message):
    """How a finished game ended."""

    winners: list[int]
    returns: list[float]


RoomStatus = Literal["waiting", "playing", "finished"]


class Welcome(_Message):
    """The answer to ``join``, ``resume`` and ``spectate``: the room as this connection may see it now.

    ``events`` are the events after the client's ``last_seq`` (all of them on a first ``join``), unless more
    than the resync limit are missing: then ``resync`` is true, ``events`` is empty and ``view`` is the state to
    continue from. ``token`` is present only in the answer to ``join``.

    Nothing is dealt while a room is ``waiting``: ``view`` is ``null``, there are no events, ``seq`` and
    ``ply`` are 0 and ``to_move`` is -1. The deal is made when the last free seat is taken; every connection
    then receives an ``update`` with the game's first events, its view and the ``commitment`` to the seed.
    """

    type: Literal["welcome"] = "welcome"
    room: str
    seat: int | None
    token: str | None = None
    game: str
    options: Json
    status: RoomStatus
    seats: list[SeatInfo]
    seq: int
    """The number of the room's latest event."""
    ply: int
    """The number of moves played."""
    to_move: int
    """The seat to decide now; -1 before the deal and once the game is over."""
    view: Json | None = None
    """This connection's view of the game (``null`` before the deal)."""
    practice: bool = False
    """The room's creator chose its seed or its starting position, so the creator may know hidden cards:
    a practice game, not a fair one."""
    commitment: str | None = None
    """SHA-256 commitment to the room's seed, published at the deal (see ``tablecraft.server.fairness``); the
    seed and the salt that open it are in the finished game's record."""
    legal: list[str] | None = None
    """The legal actions, only for the seat to move (and only while the game is being played)."""
    choices: list[Choice] | None = None
    """``legal`` with each action's description, when the connection asked for a language."""
    deadline: float | None = None
    """When the turn timer of the seat to move runs out (Unix time), if the room has one."""
    turn_seconds: float | None = None
    events: list[NumberedEvent] = Field(default_factory=list)
    resync: bool = False
    result: Result | None = None
    timed_out: list[TimedOut] = Field(default_factory=list)
    """The moves the turn timer played for this seat among ``events`` (none for a spectator)."""
    talk: list[Saying] = Field(default_factory=list)
    """The last few quick phrases said at the table, oldest first (kept in the server's memory, not stored)."""


class Update(_Message):
    """Something happened in the room: new events (numbered), and the state as this connection may see it."""

    type: Literal["update"] = "update"
    room: str
    events: list[NumberedEvent]
    seq: int
    ply: int
    to_move: int
    status: RoomStatus
    view: Json
    legal: list[str] | None = None
    choices: list[Choice] | None = None
    deadline: float | None = None
    result: Result | None = None
    commitment: str | None = None
    """Only in the update that starts the game (the deal): the commitment to the seed, as in ``welcome``."""
    timed_out: TimedOut | None = None
    """Only to the seat whose time ran out: the move the turn timer played for it (its events are ``events``)."""


class Ack(_Message):
    """The move ``move_id`` is stored and applied as move number ``ply`` (0-based); ``seq`` is the room's event
    number after it. ``duplicate`` marks the answer to a retried move that had already been applied."""

    type: Literal["ack"] = "ack"
    room: str
    move_id: str
    action: str
    ply: int
    seq: int
    duplicate: bool = False


class Seats(_Message):
    """Who holds which seat changed (joined, left, connected, disconnected, a bot stepped in or out)."""

    type: Literal["seats"] = "seats"
    room: str
    status: RoomStatus
    seats: list[SeatInfo]
    practice: bool = False
    """As in ``welcome``."""


class Left(_Message):
    """The answer to ``leave``: ``standin`` is true when a bot now plays the seat until the player resumes.

    Also sent, with ``kicked`` true, to the connections of a player the room's creator removed from the seat
    before the start (their token no longer holds it)."""

    type: Literal["left"] = "left"
    room: str
    seat: int
    standin: bool
    kicked: bool = False


class Said(Saying):
    """A seat said a quick phrase (sent to every connection of the room, the speaker's own included)."""

    type: Literal["said"] = "said"
    room: str


class Error(_Message):
    """A refused frame: ``code`` (an ``ErrorCode``) and a message saying what was wrong and what is allowed.

    Nothing changed. ``ref`` echoes the ``move_id`` of a refused move; ``fatal`` means the server closes the
    connection after this frame.
    """

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str
    ref: str | None = None
    fatal: bool = False


class Pong(_Message):
    """The answer to ``ping``."""

    type: Literal["pong"] = "pong"
    data: str | None = None


ServerMessage = Annotated[
    Hello | Welcome | Update | Ack | Seats | Left | Said | Error | Pong, Field(discriminator="type")
]
server_message_adapter: TypeAdapter[Hello | Welcome | Update | Ack | Seats | Left | Said | Error | Pong] = (
    TypeAdapter(ServerMessage))
"""Validates any frame the server sends (clients and tests use it to check every frame they receive)."""


# ------------------------------------------------------------------------------------------------ HTTP API
class SeatRequest(_Request):
    """One seat of a new room: a human seat (taken with ``join``) or a bot with its agent spec and strength,
    e.g. ``random``, ``heuristic`` or ``ismcts:iterations=400``."""

    kind: Literal["human", "bot"] = "human"
    agent: Annotated[str, Field(max_length=200)] | None = None
    """Only for bots; default ``random``."""
    name: Annotated[str, Field(max_length=40)] | None = None
    """A bot's display name (default: the game's name for the seat); people name themselves in ``join``."""


class CreateRoom(_Request):
    """The body of ``POST /api/rooms``."""

    game: Annotated[str, Field(max_length=64)]
    options: Json = Field(default_factory=dict)
    """Game options and rule variants, e.g. ``{"wizard_hp": 120}`` (see ``GET /api/games``)."""
    seats: Annotated[list[SeatRequest], Field(min_length=1, max_length=30)] | None = None
    """One entry per seat; default: the game's largest table, every seat human."""
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None
    """The deal. Default: drawn from the operating system's cryptographic source when the game starts, kept
    secret until it ends. A chosen seed makes the room a *practice* room (its creator can work out every
    hidden card), marked as such to every seat and in the lobby."""
    setup: Json | None = None
    """A starting position in the game's documented setup format (also makes the room a practice room)."""
    private: bool = False
    """A private room is not listed; it is joined and watched only through its invite link (``invite``)."""
    turn_seconds: Annotated[float, Field(ge=0.5, le=86400)] | None = None
    """Time for each decision of a human seat; when it runs out the stand-in bot decides. Default: no timer."""
    standin: Annotated[str, Field(max_length=200)] = "normal"
    """The agent that plays for a human who is away or out of time."""
    bot_delay: Annotated[float, Field(ge=0, le=10)] = 0.0
    """Seconds a bot waits before each decision (so people can follow a game against bots)."""


class RoomInfo(_Message):
    """A room as anyone may see it (no seed, no moves while it is being played)."""

    room: str
    link: str
    """The room's address to share."""
    ws: str
    """The WebSocket address to ``join``, ``resume`` or ``spectate`` it."""
    game: str
    options: Json
    num_seats: int
    status: Literal["waiting", "playing", "finished", "broken", "expired"]
    seats: list[SeatInfo]
    ply: int
    seq: int
    to_move: int
    turn_seconds: float | None
    standin: str
    bot_delay: float
    created_at: str
    result: Result | None = None
    error: str | None = None
    practice: bool = False
    """The creator chose the seed or the starting position (see ``CreateRoom.seed``)."""
    private: bool = False
    """Not listed; joined through the invite link only."""
    commitment: str | None = None
    """The commitment to the seed, published when the game starts (``None`` before)."""


class CreatedRoom(RoomInfo):
    """The answer to ``POST /api/rooms``: the room, and the secrets only its creator receives."""

    creator_token: str
    """Proves to the server that a request comes from the room's creator (``POST /api/rooms/{id}/kick``).
    Shown once; the server keeps only its hash."""
    invite: str | None = None
    """A private room's invite secret (already part of ``link``); ``None`` for a public room."""


class Kick(_Request):
    """The body of ``POST /api/rooms/{id}/kick``: the creator removes the player holding ``seat`` before the
    game starts (their token stops working; the seat is free again)."""

    seat: Annotated[int, Field(ge=0)]
    creator_token: Token


class Replay(_Message):
    """A game seen from one seat (``null`` = spectator) after ``ply`` moves: its events and its view."""

    room: str
    game: str
    seat: int | None
    ply: int
    events: list[NumberedEvent]
    view: Json
    total: int | None = None
    """The number of moves of the whole game (the last ``ply`` a replay can step to)."""
    to_move: int | None = None
    """The seat to decide after ``ply`` moves (-1 at the end)."""
    seats: list[str] | None = None
    """The seats' display names."""


class GameInfo(_Message):
    """A registered game, its seats and options, and the agents a bot seat may use."""

    id: str
    name_zh: str
    name_en: str
    seats: list[int]
    options: list[Json]
    """Each option's ``name``, ``default``, ``doc`` (the designers' note), ``choices``, ``min``, ``max``, and the
    lobby's words for it (``tablecraft/server/labels.py``): ``label`` and ``help`` (``{"zh", "en"}``), ``group``
    (``game``, ``variant`` or ``designer``) and ``choice_words`` (``{value: {"zh", "en"}}``)."""
    agents: list[str]
    levels: list[Json] = Field(default_factory=list)
    """The difficulty levels a bot seat may play at, weakest first: ``{"id", "name_zh", "name_en", "blurb_zh",
    "blurb_en", "spec"}`` (``spec``: the agent spec behind the level in this game, so that a bot made from that
    bare spec is named by its level); their ids lead ``agents``."""
    seat_names: dict[str, list[str]] = Field(default_factory=dict)
    """The game's names of its seats, per language (``en``, ``zh``)."""
    default_seats: int | None = None
    """The number of seats the lobby proposes (``None``: the game's fewest)."""
    has_rules: bool = False
    """The server can show the game's rules page for players (``GET /rules/{id}?lang=zh|en``)."""


class PhraseInfo(_Message):
    """A quick phrase as ``GET /api/phrases`` lists it: its id (what ``say`` sends) and its words per language."""

    id: str
    en: str
    zh: str


class ProtocolError(Exception):
    """A client frame that cannot be understood; carries the error code and a message for the client."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


def _describe_validation(err: ValidationError) -> str:
    parts = []
    for e in err.errors(include_url=False)[:5]:
        where = ".".join(str(p) for p in e["loc"][1:] if p not in CLIENT_TYPES) or "message"
        parts.append(f"{where}: {e['msg']}")
    return "; ".join(parts)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number (JSON has no NaN or Infinity)")


def _finite(text: str) -> float:
    value = float(text)
    if value in (math.inf, -math.inf):
        raise ValueError(f"{text} is too large a number")
    return value


def loads_strict(text: str | bytes) -> Any:
    """Parse JSON as the standard defines it: ``NaN``, ``Infinity`` and ``-Infinity`` (which Python's ``json``
    accepts by default) are refused with ``ValueError``, and so is a number too large for a float (``1e400``,
    which would become infinity).

    >>> loads_strict('{"a": [1, 2.5]}')
    {'a': [1, 2.5]}
    >>> loads_strict('{"a": NaN}')
    Traceback (most recent call last):
    ...
    ValueError: NaN is not a JSON number (JSON has no NaN or Infinity)
    """
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite)


def bad_string(value: Any, where: str = "") -> str | None:
    """Where the first string (a key or a value) that no database can store is, and why, or ``None``.

    Refused: the NUL character (PostgreSQL text cannot hold it) and lone UTF-16 surrogates (``"\\ud800"`` in
    JSON: not a character, so not encodable as UTF-8).

    >>> bad_string({"seats": [{"name": "ann"}, {"name": "b\\x00b"}]})
    'seats.1.name: the NUL character is not allowed'
    >>> bad_string({"name": "\\ud83d"}), bad_string({"name": "\\U0001f600"})
    ('name: a lone surrogate (U+D83D) is not a character', None)
    """
    stack: list[tuple[str, Any]] = [(where, value)]
    while stack:  # iterative: a deeply nested value must not exhaust the stack
        path, v = stack.pop()
        if isinstance(v, str):
            problem = _string_problem(v)
            if problem is not None:
                return f"{path or 'value'}: {problem}"
        elif isinstance(v, dict):
            for k, item in reversed(v.items()):
                sub = f"{path}.{k}" if path else str(k)
                problem = _string_problem(k) if isinstance(k, str) else None
                if problem is not None:
                    return f"{path or 'value'}: a key: {problem}"
                stack.append((sub, item))
        elif isinstance(v, list):
            for i in range(len(v) - 1, -1, -1):
                stack.append((f"{path}.{i}" if path else str(i), v[i]))
    return None


def _string_problem(s: str) -> str | None:
    if "\x00" in s:
        return "the NUL character is not allowed"
    if not s.isascii():
        try:
            s.encode("utf-8")
        except UnicodeEncodeError as e:
            return f"a lone surrogate (U+{ord(s[e.start]):04X}) is not a character"
    return None


def parse_client_message(text: str) -> Join | Resume | Spectate | Move | Leave | Say | Ping:
    """Parse one client frame; raise ``ProtocolError`` saying what is wrong (bad JSON, not an object, unknown
    ``type``, a bad field) and what is expected."""
    try:
        data = loads_strict(text)
    except (ValueError, RecursionError) as e:
        raise ProtocolError(ErrorCode.BAD_JSON, f"the frame is not valid JSON ({e}); send one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError(
            ErrorCode.BAD_MESSAGE, f"a message must be a JSON object with a \"type\", not a {type(data).__name__}"
        )
    problem = bad_string(data)
    if problem is not None:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"bad message: {problem}")
    kind = data.get("type")
    if kind not in CLIENT_TYPES:
        what = "has no \"type\"" if kind is None else f"has unknown type {kind!r}"
        raise ProtocolError(
            ErrorCode.UNKNOWN_TYPE if kind is not None else ErrorCode.BAD_MESSAGE,
            f"the message {what}; known types: {', '.join(CLIENT_TYPES)}",
        )
    try:
        return _client_adapter.validate_python(data)
    except ValidationError as e:
        raise ProtocolError(ErrorCode.BAD_MESSAGE, f"bad {kind} message: {_describe_validation(e)}") from None


def parse_server_message(text: str) -> Hello | Welcome | Update | Ack | Seats | Left | Said | Error | Pong:
    """Parse and validate one server frame (raises ``pydantic.ValidationError`` if it breaks the schema)."""
    return server_message_adapter.validate_json(text)


__all__ = [
    "CLIENT_TYPES", "PROTOCOL_VERSION", "Ack", "Choice", "Lang", "ClientMessage", "Error", "ErrorCode", "Hello", "Join", "Leave",
    "Left", "Limits", "Move", "NumberedEvent", "PhraseInfo", "Ping", "Pong", "ProtocolError", "Result", "Resume",
    "RoomStatus", "Said", "Say", "Saying", "SeatInfo", "Seats", "ServerMessage", "CreateRoom", "CreatedRoom", "Kick", "SeatRequest", "RoomInfo", "Replay", "GameInfo", "Spectate", "Update", "Welcome",
    "bad_string", "loads_strict", "parse_client_message", "parse_server_message", "server_message_adapter",
]
