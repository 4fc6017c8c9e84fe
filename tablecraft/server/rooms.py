"""Rooms and the hub that owns them: seats, moves, bots, timers, persistence and fan-out.

A ``Room`` holds one game in memory, rebuilt from the database on start. It is changed only under its lock,
and only by ``_commit``, which

1. applies the action to a *clone* of the state (checked by the engine),
2. writes the move to the database and waits for the commit (the hub batches concurrent commits),
3. only then publishes the new state, acknowledges the move and sends every connection its frame.

A crash between 2 and 3 loses nothing: the move is stored and will be in the rebuilt game; the client that
did not see its acknowledgement retries with the same move id and is acknowledged as a duplicate.

Published states are never mutated again (the next move clones), so a bot's decision is handed the current
state as it is (``bots.BotPool`` sends it to a worker process) without blocking the event loop.

Nothing is dealt before the game starts. A waiting room has no state at all — no seed, no hands, no events —
so a person who takes a seat, looks, leaves and takes another learns nothing. When the last free seat is
taken, ``_start`` draws the seed (``fairness.new_seed``, unless the creator chose one: a practice room),
stores it with the commitment to it, and only then deals and shows everyone their seat's view.

Table talk (``say``: a quick phrase of ``phrases.PHRASES``, by id) goes around the game: ``Room.say`` checks the
speaker holds a seat, the phrase exists and the seat has not spoken within ``phrase_interval``, then sends every
connection a ``said`` frame. It takes no lock, touches neither the state nor the database, and the room keeps only
the last ``TALK_KEPT`` phrases in memory (sent in ``welcome.talk``).
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import hashlib
import hmac
import json
import logging
import random
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from tablecraft.agents import Agent
from tablecraft.agents.levels import DEFAULT_LEVEL
from tablecraft.core.actions import Action
from tablecraft.core.api import TERMINAL, Game, Json, State, unnamed_seat
from tablecraft.core.errors import IllegalActionError, InvalidActionError, TablecraftError
from tablecraft.core.events import Event
from tablecraft.core.registry import game_class, load

from . import fairness
from .bots import BotPool, checked_agent
from .config import ServerSettings
from .connection import Conn, TokenBucket
from .danger import losing_actions
from .phrases import check_phrase
from .protocol import (
    PROTOCOL_VERSION,
    Ack,
    CreatedRoom,
    CreateRoom,
    ErrorCode,
    Join,
    Leave,
    Left,
    Move,
    NumberedEvent,
    Result,
    Resume,
    RoomInfo,
    Say,
    Saying,
    SeatInfo,
    SeatRequest,
    Seats,
    Spectate,
    Welcome,
)
from .store import MoveWrite, RoomRow, SeatRow, Store, StoredRoom, utcnow

log = logging.getLogger("tablecraft.server")

TIMED_OUT_WORDS = {
    "en": "Your time ran out: the stand-in played for you — {action}",
    "zh": "你的时间到了：托管机器人替你行动——{action}",
}
"""The line a seat's log shows for a move the turn timer played for it (``TimedOut.text``)."""

TALK_KEPT = 12
"""Quick phrases a room keeps (in memory only) for a client that connects or comes back: the last few."""

T = TypeVar("T")

GC_FREEZE_EVERY = 30.0
GC_FULL_EVERY = 3600.0
"""Garbage collection: the games in memory hold hundreds of thousands of long-lived objects (event logs), and a
full collection that walks them all paused the loop for up to 200 ms under load (measured with 1,000
connections). Every ``GC_FREEZE_EVERY`` seconds the survivors are frozen (moved out of the collector's sight:
they are still freed by reference counting); every ``GC_FULL_EVERY`` seconds they are unfrozen and collected
once, so the rare cyclic garbage that was frozen is reclaimed too."""

TOKEN_BYTES = 32
"""Seat tokens carry 256 random bits (``secrets``); only their SHA-256 is kept."""


def _dumps(frame: Json) -> str:
    """Compact JSON text of a frame (non-ASCII kept as is: the socket sends UTF-8)."""
    return json.dumps(frame, ensure_ascii=False, separators=(",", ":"))


def new_token() -> str:
    """A fresh seat token: 64 hex digits from the OS's cryptographic random source."""
    return secrets.token_hex(TOKEN_BYTES)


def hash_token(token: str) -> str:
    """The SHA-256 of a token, hex (what the database stores)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def token_matches(token: str, stored_hash: str | None) -> bool:
    """True when ``token`` hashes to ``stored_hash``, compared in constant time."""
    if stored_hash is None:
        return False
    return hmac.compare_digest(hash_token(token), stored_hash)


def new_room_id() -> str:
    """A short random room id (10 hex digits) for links."""
    return secrets.token_hex(5)


def new_invite() -> str:
    """A private room's invite secret: 128 random bits, hex (it travels in the invite link)."""
    return secrets.token_hex(16)


def invite_ok(invite_hash: str | None, invite: str | None) -> bool:
    """True when ``invite`` opens a room whose invite hash is ``invite_hash`` (a public room has none)."""
    if invite_hash is None:
        return True
    return invite is not None and token_matches(invite, invite_hash)


def _age(when: Any) -> float:
    """Seconds since ``when`` (a stored UTC time; SQLite gives it back without its time zone), at least 0."""
    if when is None:
        return 0.0
    if when.tzinfo is None:
        when = when.replace(tzinfo=utcnow().tzinfo)
    return max(0.0, (utcnow() - when).total_seconds())


def bot_rng(seed: int, seat: int, ply: int) -> random.Random:
    """The random stream of a bot deciding move ``ply`` for ``seat``: fixed by the game, so a bot makes the same
    choice again after a restart (string seeding is stable across runs)."""
    return random.Random(f"tablecraft-server-bot:{seed}:{seat}:{ply}")


class RoomError(Exception):
    """A request the room refuses: the error code and the message for the client."""

    def __init__(self, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SeatSlot:
    """One seat at the table: who plays it and which connections receive its frames."""

    __slots__ = ("seat", "kind", "agent_spec", "agent", "name", "token_hash", "conns", "standin", "away_task",
                 "talk_bucket")

    def __init__(self, seat: int, kind: str, agent_spec: str | None, agent: Agent | None, name: str | None,
                 token_hash: str | None) -> None:
        self.seat = seat
        self.kind = kind
        self.agent_spec = agent_spec
        self.agent = agent
        self.name = name
        self.token_hash = token_hash
        self.conns: set[Conn] = set()
        self.standin = False
        """A bot plays this human seat until its player comes back."""
        self.away_task: asyncio.TimerHandle | None = None
        self.talk_bucket: TokenBucket | None = None
        """The seat's allowance of quick phrases (made at its first phrase): one per ``phrase_interval``, shared by
        all the seat's connections."""

    @property
    def is_human(self) -> bool:
        """True for a seat played by a person (through the protocol)."""
        return self.kind == "human"

    @property
    def claimed(self) -> bool:
        """True once a player holds this human seat."""
        return self.token_hash is not None


class Room:
    """One game being played (or waiting for players, or finished) and everyone connected to it."""

    def __init__(self, hub: Hub, row: RoomRow, seats: Sequence[SeatRow], game: Game[Any], state: State[Any] | None,
                 moves: Sequence[tuple[int, str | None, str, int]] = (),
                 timed_out: Sequence[tuple[int, int, int, str]] = ()) -> None:
        self.hub = hub
        self.id = row.id
        self.game = game
        self.seed = row.seed
        """The deal; ``None`` in a waiting room unless the creator chose it (a practice room)."""
        self.setup = row.setup
        self.practice = bool(row.practice)
        self.private = bool(row.private)
        self.invite_hash = row.invite_hash
        self.creator_hash = row.creator_hash
        self.salt = row.salt
        self.commitment = row.commitment
        self.created_at = row.created_at
        self.turn_seconds = row.turn_seconds
        self.bot_delay = row.bot_delay
        self.standin_spec = row.standin
        self.standin_agent = checked_agent(row.standin, game, hub.settings, caps=False)
        self.state = state
        """The game, or ``None`` before the deal (nothing exists for any seat to see)."""
        self.events: list[Event] = state.events() if state is not None else []
        self.ply = len(moves)
        self.move_ids: dict[tuple[int, str], tuple[int, str, int]] = {
            (seat, mid): (ply, action, seq) for ply, (seat, mid, action, seq) in enumerate(moves) if mid is not None
        }
        """(seat, client move id) → (ply, action text, event number after it): answers retried moves."""
        self.timed_out: list[tuple[int, int, int, Action, State[Any] | None]] = [
            (seat, ply, seq, game.parse_action(action), None) for seat, ply, seq, action in timed_out]
        """(seat, ply, event number before the move, action, the position it was played in — ``None`` once
        rebuilt from the database) of every move the turn timer played: each seat's log says so."""
        self.seats = [
            SeatSlot(s.seat, s.kind, s.agent,
                     checked_agent(s.agent, game, hub.settings, caps=False) if s.kind == "bot" and s.agent else None,
                     s.name, s.token_hash)
            for s in seats
        ]
        self.spectators: set[Conn] = set()
        self.status = "finished" if state is not None and state.is_terminal() else row.status
        self.active = time.monotonic() - _age(row.active_at or row.created_at)
        """When the seats last changed or a connection came or went (monotonic clock; idle waiting rooms expire)."""
        self.lock = asyncio.Lock()
        self.changed = asyncio.Event()
        """Set whenever something the driver waits on changes (a move, a seat's controller)."""
        self.driver: asyncio.Task[None] | None = None
        self.deadline: float | None = None
        """Wall-clock time when the seat to move runs out of time (turn timer rooms only)."""
        self.evict_handle: asyncio.TimerHandle | None = None
        self._losing: tuple[int, set[str]] | None = None
        """(ply, actions) of the latest prompt's losing actions (``danger.losing_actions``), computed once."""
        self.talk: deque[tuple[int, int, str]] = deque(maxlen=TALK_KEPT)
        """(number, seat, phrase id) of the latest quick phrases said at the table (never part of the game)."""
        self.talk_count = 0
        """Quick phrases said in this room since it was loaded (the number ``n`` of the latest)."""

    # --- facts -----------------------------------------------------------------------------------------------
    @property
    def seq(self) -> int:
        """The number of the room's latest event (events are numbered from 1)."""
        return len(self.events)

    def to_move(self) -> int:
        """The seat to decide now, or -1 before the deal and once the game is over."""
        return TERMINAL if self.state is None else self.state.current_player()

    def bot_controls(self, seat: int) -> bool:
        """True when a server bot decides for ``seat`` now (a bot seat, or a human seat with a stand-in)."""
        slot = self.seats[seat]
        return slot.kind == "bot" or slot.standin

    def result(self) -> Result | None:
        """Winners and returns once the game is over."""
        if self.state is None or not self.state.is_terminal():
            return None
        return Result(winners=self.state.winners(), returns=self.state.returns())

    def seat_name(self, slot: SeatSlot) -> str:
        """The seat's display name: its player's chosen name, or the game's name for the seat."""
        return slot.name or self.game.seat_name(slot.seat)

    def seat_ref(self, seat: int, name: str | None = None) -> str:
        """A seat in a protocol message: its index (what a client sends, from 0) and the name people see —
        ``seat 0 (orange)``; ``seat 0 (shown as seat 1)`` in a game that names no seats, whose tables count from 1."""
        name = name if name is not None else self.game.seat_name(seat)
        return f"seat {seat} (shown as {name})" if name == unnamed_seat(seat) else f"seat {seat} ({name})"

    def seat_infos(self) -> list[SeatInfo]:
        """The public facts about every seat."""
        return [
            SeatInfo(seat=s.seat, name=self.seat_name(s), kind="human" if s.is_human else "bot",
                     agent=s.agent_spec, claimed=s.claimed, connected=bool(s.conns), standin=s.standin)
            for s in self.seats
        ]

    def connections(self) -> list[Conn]:
        """Every open connection of the room."""
        out = list(self.spectators)
        for s in self.seats:
            out.extend(s.conns)
        return out

    def info(self, settings: ServerSettings, request_base: str | None = None) -> RoomInfo:
        """The room's public summary; its link on the public URL, else on the address the request used."""
        base = settings.base_url(request_base)
        return RoomInfo(
            room=self.id, link=f"{base}/rooms/{self.id}", ws=base.replace("http", "ws", 1) + "/ws",
            game=self.game.spec.id, options=dict(self.game.options), num_seats=self.game.num_seats,
            status=self.status, seats=self.seat_infos(), ply=self.ply, seq=self.seq, to_move=self.to_move(),  # type: ignore[arg-type]
            turn_seconds=self.turn_seconds, standin=self.standin_spec, bot_delay=self.bot_delay,
            created_at=self.created_at.isoformat(), result=self.result(), practice=self.practice,
            private=self.private, commitment=self.commitment,
        )

    def admits(self, invite: str | None) -> bool:
        """True when a connection with ``invite`` may join or watch (always, for a public room)."""
        return invite_ok(self.invite_hash, invite)

    def touch(self) -> None:
        """Note activity (a seat change, a connection): an idle waiting room expires after a while."""
        self.active = time.monotonic()

    # --- frames ----------------------------------------------------------------------------------------------
    def _numbered(self, seat: int | None, first: int, lang: str | None = None) -> list[NumberedEvent]:
        """Events ``first``… (1-based numbers) as ``seat`` may see them (described in ``lang`` if given)."""
        out = []
        for i, e in enumerate(self.events[first - 1:], start=first):
            data = e.for_seat(seat)
            out.append(NumberedEvent(seq=i, event=data,
                                     text=None if lang is None else self.game.describe_event(data, lang)))
        return out

    def _legal_for(self, seat: int | None) -> list[str] | None:
        if self.status != "playing" or self.state is None or seat is None or seat != self.to_move():
            return None
        return [str(a) for a in self.state.legal_actions()]

    def _choices_for(self, seat: int | None, lang: str | None) -> list[Json] | None:
        """The legal actions of ``seat`` with their descriptions in ``lang`` (``None`` without a language)."""
        if (lang is None or self.status != "playing" or self.state is None or seat is None
                or seat != self.to_move()):
            return None
        losing = self._losing_for(seat)
        out: list[Json] = []
        for a in self.state.legal_actions():
            choice: Json = {"id": str(a), "text": self.game.describe_action(a, lang, self.state)}
            if str(a) in losing:
                choice["loses"] = True
            price = self.game.action_price(self.state, a, lang)
            if price is not None:
                choice["price"] = price
            out.append(choice)
        return out

    def _losing_for(self, seat: int) -> set[str]:
        """The actions that lose ``seat`` the game by its own information (a person is asked to confirm them)."""
        assert self.state is not None
        if self._losing is None or self._losing[0] != self.ply:
            self._losing = (self.ply, losing_actions(self.game, self.state, seat))
        return self._losing[1]

    def _deadline_for(self) -> float | None:
        return self.deadline if self.status == "playing" else None

    def _timed_out_json(self, entry: tuple[int, int, int, Action, State[Any] | None], lang: str | None) -> Json:
        """One ``TimedOut`` for the seat it was played for, described in ``lang`` (if given)."""
        _seat, ply, seq, action, before = entry
        out: Json = {"ply": ply, "seq": seq, "action": str(action)}
        if lang is not None:
            words = TIMED_OUT_WORDS.get(lang, TIMED_OUT_WORDS["en"])
            out["text"] = words.format(action=self.game.describe_action(action, lang, before))
        return out

    def _timed_out_for(self, seat: int | None, after_seq: int, lang: str | None) -> list[Json]:
        """The moves the timer played for ``seat`` whose events come after event ``after_seq``."""
        if seat is None:
            return []
        return [self._timed_out_json(e, lang) for e in self.timed_out if e[0] == seat and e[2] >= after_seq]

    def welcome(self, seat: int | None, token: str | None, last_seq: int, lang: str | None = None) -> str:
        """The ``welcome`` frame for a connection of ``seat`` that has seen events up to ``last_seq`` (with
        people's text in ``lang``, if given)."""
        behind = self.seq - last_seq
        resync = behind > self.hub.settings.resync_limit
        return Welcome(
            room=self.id, seat=seat, token=token, game=self.game.spec.id, options=dict(self.game.options),
            status=self.status, seats=self.seat_infos(), seq=self.seq, ply=self.ply,  # type: ignore[arg-type]
            to_move=self.to_move(), view=None if self.state is None else self.state.view(seat),
            legal=self._legal_for(seat), choices=self._choices_for(seat, lang),  # type: ignore[arg-type]
            deadline=self._deadline_for(), turn_seconds=self.turn_seconds,
            events=[] if resync else self._numbered(seat, last_seq + 1, lang), resync=resync,
            result=self.result(), practice=self.practice, commitment=self.commitment,
            timed_out=[] if resync else self._timed_out_for(seat, last_seq, lang),  # type: ignore[arg-type]
            talk=[Saying(**self._saying(entry, lang)) for entry in self.talk],
        ).model_dump_json()

    # --- table talk ------------------------------------------------------------------------------------------
    @staticmethod
    def _saying(entry: tuple[int, int, str], lang: str | None) -> Json:
        """One phrase said at the table as a ``Saying`` (in ``lang``, if the connection asked for one)."""
        n, seat, phrase = entry
        out: Json = {"n": n, "seat": seat, "phrase": phrase}
        if lang is not None:
            out["text"] = check_phrase(phrase).text(lang)
        return out

    def say(self, conn: Conn, msg: Say) -> None:
        """A seated player says a quick phrase: checked (a seat, its token, a known phrase, not too soon after the
        seat's last one), then sent to every connection of the room in its own language. Nothing of the game is
        touched, so there is nothing to lock or store."""
        slot = self._seated_slot(conn)
        self._check_token(slot, msg.token)
        try:
            check_phrase(msg.phrase)
        except ValueError as e:
            raise RoomError(ErrorCode.UNKNOWN_PHRASE, str(e)) from None
        interval = self.hub.settings.phrase_interval
        if slot.talk_bucket is None:
            slot.talk_bucket = TokenBucket(rate=1.0 / interval, burst=1)
        if not slot.talk_bucket.take():
            wait = max(0.1, (1.0 - slot.talk_bucket.tokens) * interval)
            raise RoomError(ErrorCode.PHRASE_TOO_SOON,
                            f"seat {slot.seat} may say one phrase every {interval:g} s; wait {wait:.1f} s")
        self.talk_count += 1
        entry = (self.talk_count, slot.seat, msg.phrase)
        self.talk.append(entry)
        frames: dict[str | None, str] = {}
        for c in self.connections():
            if c.lang not in frames:
                frames[c.lang] = _dumps({"type": "said", "room": self.id, **self._saying(entry, c.lang)})
            c.send(frames[c.lang])

    def _update(self, seat: int | None, new: Sequence[Event], first: int, legal: list[str] | None,
                result: Json | None, lang: str | None = None, commitment: str | None = None,
                timed_out: tuple[int, int, int, Action, State[Any] | None] | None = None) -> str:
        assert self.state is not None, "updates are sent only once the game is dealt"
        # the hottest frame (one per connected seat per move): built as plain JSON, three times cheaper than
        # through the pydantic model; the tests validate every frame they receive against ``Update``
        if lang is None:
            events: list[Json] = [{"seq": i, "event": e.for_seat(seat)} for i, e in enumerate(new, start=first)]
        else:
            events = []
            for i, e in enumerate(new, start=first):
                data = e.for_seat(seat)
                events.append({"seq": i, "event": data, "text": self.game.describe_event(data, lang)})
        frame: Json = {
            "type": "update", "room": self.id, "events": events,
            "seq": self.seq, "ply": self.ply, "to_move": self.to_move(), "status": self.status,
            "view": self.state.view(seat), "legal": legal, "deadline": self._deadline_for(), "result": result,
        }
        if lang is not None:
            frame["choices"] = self._choices_for(seat, lang) if legal is not None else None
        if commitment is not None:
            frame["commitment"] = commitment
        if timed_out is not None and seat == timed_out[0]:
            frame["timed_out"] = self._timed_out_json(timed_out, lang)
        return _dumps(frame)

    def broadcast_update(self, new: Sequence[Event], first: int, commitment: str | None = None,
                         timed_out: tuple[int, int, int, Action, State[Any] | None] | None = None) -> None:
        """Send every connection its own redaction of the events ``new`` (numbered from ``first``) and its view
        (one frame per seat and language asked for); ``commitment`` only in the frame of the deal, ``timed_out``
        only in the frames of the seat the turn timer played for."""
        mover = self.to_move()
        res = self.result()
        result = None if res is None else res.model_dump()
        for slot in self.seats:
            if slot.conns:
                legal = self._legal_for(slot.seat) if slot.seat == mover else None
                frames: dict[str | None, str] = {}
                for c in slot.conns:
                    if c.lang not in frames:
                        frames[c.lang] = self._update(slot.seat, new, first, legal, result, c.lang, commitment,
                                                      timed_out)
                    c.send(frames[c.lang])
        if self.spectators:
            frames = {}
            for c in self.spectators:
                if c.lang not in frames:
                    frames[c.lang] = self._update(None, new, first, None, result, c.lang, commitment)
                c.send(frames[c.lang])

    def broadcast_seats(self) -> None:
        """Tell everyone in the room who holds which seat now."""
        conns = self.connections()
        if conns:
            frame = Seats(room=self.id, status=self.status, seats=self.seat_infos(),  # type: ignore[arg-type]
                          practice=self.practice).model_dump_json()
            for c in conns:
                c.send(frame)

    # --- locking ---------------------------------------------------------------------------------------------
    async def locked(self, fn: Callable[[], Awaitable[T]]) -> T:
        """Run ``fn`` under the room's lock in its own task: if the caller is cancelled (its client went away)
        the change still completes, so memory and database never disagree."""
        async def run() -> T:
            async with self.lock:
                return await fn()

        return await asyncio.shield(asyncio.ensure_future(run()))

    # --- seats -----------------------------------------------------------------------------------------------
    def _check_version(self, v: int) -> None:
        if v != PROTOCOL_VERSION:
            raise RoomError(ErrorCode.UNSUPPORTED_VERSION,
                            f"this server speaks protocol version {PROTOCOL_VERSION}, not {v}")

    def _slot(self, seat: int) -> SeatSlot:
        if not 0 <= seat < len(self.seats):
            raise RoomError(ErrorCode.NO_SUCH_SEAT,
                            f"room {self.id} has seats 0–{len(self.seats) - 1}; there is no seat {seat}")
        return self.seats[seat]

    async def join(self, conn: Conn, msg: Join) -> None:
        """Give ``conn`` a free human seat (the one asked for, or the first free one) and a new token."""
        self._check_version(msg.v)

        async def claim() -> None:
            if msg.seat is not None:
                slot = self._slot(msg.seat)
                if not slot.is_human:
                    raise RoomError(ErrorCode.SEAT_IS_BOT,
                                    f"{self.seat_ref(slot.seat, self.seat_name(slot))} is played by the bot "
                                    f"{slot.agent_spec}; free human seats: {self._free_text()}")
                if slot.claimed:
                    raise RoomError(ErrorCode.SEAT_TAKEN,
                                    f"{self.seat_ref(slot.seat, self.seat_name(slot))} is taken; free human seats: "
                                    f"{self._free_text()}")
            else:
                free = [s for s in self.seats if s.is_human and not s.claimed]
                if not free:
                    raise RoomError(ErrorCode.NO_FREE_SEAT,
                                    f"room {self.id} has no free seat; you can spectate it")
                slot = free[0]
            token = new_token()
            digest = hash_token(token)
            won = await self.hub.db(self.hub.store.claim_seat, self.id, slot.seat, digest, msg.name)
            if not won:  # another process took it between our check and the database's
                raise RoomError(ErrorCode.SEAT_TAKEN, f"seat {slot.seat} was just taken by another player")
            slot.token_hash = digest
            slot.name = msg.name
            conn.lang = msg.lang
            self._bind(conn, slot.seat)
            self.touch()
            conn.send(self.welcome(slot.seat, token, 0, msg.lang))
            self.broadcast_seats()
            if self.status == "waiting" and all(s.claimed for s in self.seats if s.is_human):
                await self._start()

        await self.locked(claim)

    def _free_text(self) -> str:
        free = [f"{s.seat} ({self.seat_name(s)})" for s in self.seats if s.is_human and not s.claimed]
        return ", ".join(free) or "none"

    def _check_token(self, slot: SeatSlot, token: str | None) -> None:
        if not slot.claimed:
            raise RoomError(ErrorCode.BAD_TOKEN, f"seat {slot.seat} has no player; take it with join")
        if not token:
            raise RoomError(ErrorCode.BAD_TOKEN,
                            f"a token is required for seat {slot.seat}: send the token you received in welcome")
        if not token_matches(token, slot.token_hash):
            raise RoomError(ErrorCode.BAD_TOKEN, f"that is not the token of seat {slot.seat}")

    async def resume(self, conn: Conn, msg: Resume) -> None:
        """Reconnect the holder of a seat; send the events after ``last_seq`` (or a fresh view)."""
        self._check_version(msg.v)

        async def back() -> None:
            slot = self._slot(msg.seat)
            if not slot.is_human:
                raise RoomError(ErrorCode.SEAT_IS_BOT, f"seat {slot.seat} is played by a bot")
            self._check_token(slot, msg.token)
            last = self._check_last_seq(msg.last_seq)
            was_connected = bool(slot.conns)
            returned = slot.standin
            conn.lang = msg.lang
            self._bind(conn, slot.seat)
            if slot.away_task is not None:
                slot.away_task.cancel()
                slot.away_task = None
            if returned:
                slot.standin = False
                self._reset_deadline()
                self.changed.set()
            conn.send(self.welcome(slot.seat, None, last, msg.lang))
            if returned or not was_connected:
                self.broadcast_seats()
            self.kick()

        await self.locked(back)

    def _check_last_seq(self, last_seq: int | None) -> int:
        last = last_seq or 0
        if last > self.seq:
            raise RoomError(ErrorCode.BAD_MESSAGE,
                            f"last_seq {last} is ahead of the room's latest event {self.seq}")
        return last

    async def spectate(self, conn: Conn, msg: Spectate) -> None:
        """Let ``conn`` watch as a spectator."""
        self._check_version(msg.v)

        async def watch() -> None:
            last = self._check_last_seq(msg.last_seq)
            conn.room, conn.seat, conn.spectator = self, None, True
            conn.lang = msg.lang
            self.spectators.add(conn)
            self._cancel_evict()
            self.touch()
            conn.send(self.welcome(None, None, last, msg.lang))

        await self.locked(watch)

    def _bind(self, conn: Conn, seat: int) -> None:
        conn.room, conn.seat, conn.spectator = self, seat, False
        self.seats[seat].conns.add(conn)
        self._cancel_evict()

    async def leave(self, conn: Conn, msg: Leave) -> None:
        """Step away: free the seat before the game starts, else let the stand-in bot play it until the player
        resumes."""
        async def go() -> None:
            slot = self._seated_slot(conn)
            self._check_token(slot, msg.token)
            standin = False
            if self.status == "waiting":
                assert slot.token_hash is not None
                await self.hub.db(self.hub.store.release_seat, self.id, slot.seat, slot.token_hash)
                slot.token_hash = None
                slot.name = None
                for c in list(slot.conns):
                    self._unbind(c)
            else:
                self._unbind(conn)
                if self.status == "playing":
                    standin = slot.standin = True
                    self.changed.set()
                    self.kick()
            conn.send(Left(room=self.id, seat=slot.seat, standin=standin).model_dump_json())
            self.touch()
            self.broadcast_seats()

        await self.locked(go)

    async def remove_player(self, seat: int, creator_token: str) -> None:
        """The creator (holder of ``creator_token``) removes the player of ``seat`` before the game starts: the
        seat is free again and the player's token no longer holds it; their connections are told (``left``
        with ``kicked``) and keep the socket (they may watch, or take a seat again)."""
        async def remove() -> None:
            if self.creator_hash is None or not token_matches(creator_token, self.creator_hash):
                raise RoomError(ErrorCode.BAD_TOKEN, f"that is not the creator token of room {self.id}")
            slot = self._slot(seat)
            if self.status != "waiting":
                raise RoomError(ErrorCode.NOT_STARTED, f"room {self.id} is {self.status}: seat holders can be "
                                                       "removed only before the game starts")
            if not slot.is_human or not slot.claimed:
                raise RoomError(ErrorCode.NO_SUCH_SEAT, f"seat {seat} of room {self.id} has no player to remove")
            await self.hub.db(self.hub.store.release_seat, self.id, seat, None)
            slot.token_hash = None
            slot.name = None
            left = Left(room=self.id, seat=seat, standin=False, kicked=True).model_dump_json()
            for c in list(slot.conns):
                self._unbind(c)
                c.send(left)
            self.touch()
            log.info("room %s: the creator removed the player of seat %s", self.id, seat)
            self.broadcast_seats()

        await self.locked(remove)

    def _seated_slot(self, conn: Conn) -> SeatSlot:
        if conn.room is not self or conn.seat is None:
            raise RoomError(ErrorCode.NOT_SEATED, "this connection holds no seat: join or resume one first")
        return self.seats[conn.seat]

    def _unbind(self, conn: Conn) -> None:
        if conn.seat is not None:
            self.seats[conn.seat].conns.discard(conn)
        self.spectators.discard(conn)
        conn.room, conn.seat, conn.spectator = None, None, False

    def disconnected(self, conn: Conn) -> None:
        """A connection closed: forget it; a player gone from a game in progress gets a stand-in after a while."""
        seat = conn.seat
        self._unbind(conn)
        self.touch()
        if seat is not None:
            slot = self.seats[seat]
            if not slot.conns:
                away = self.hub.settings.away_after
                if self.status == "playing" and not slot.standin and away is not None:
                    slot.away_task = asyncio.get_running_loop().call_later(away, self._away, seat)
                self.broadcast_seats()
        self._maybe_evict()

    def _away(self, seat: int) -> None:
        slot = self.seats[seat]
        slot.away_task = None
        if not slot.conns and self.status == "playing" and not slot.standin:
            log.info("room %s: seat %s is away; the stand-in %s plays it", self.id, seat, self.standin_spec)
            slot.standin = True
            self.changed.set()
            self.broadcast_seats()
            self.kick()

    # --- moves -----------------------------------------------------------------------------------------------
    async def move(self, conn: Conn, msg: Move) -> None:
        """Check and play a client's move; acknowledge it once stored."""
        async def play() -> None:
            slot = self._seated_slot(conn)
            self._check_token(slot, msg.token)
            done = self.move_ids.get((slot.seat, msg.move_id))
            if done is not None:
                ply, text, seq = done
                if not self._same_action(msg.action, text):
                    raise RoomError(ErrorCode.MOVE_ID_REUSED,
                                    f"move id {msg.move_id!r} was already used for {text!r} (move {ply})")
                conn.send(Ack(room=self.id, move_id=msg.move_id, action=text, ply=ply, seq=seq,
                              duplicate=True).model_dump_json())
                return
            state = self.state
            if state is None or self.status != "playing" and self.status != "finished":
                raise RoomError(ErrorCode.NOT_STARTED,
                                f"the game starts when every human seat is taken; free seats: {self._free_text()}")
            if self.status == "finished":
                winners = ", ".join(self.game.seat_name(w) for w in state.winners()) or "none (a draw)"
                raise RoomError(ErrorCode.GAME_OVER, f"the game is over (winners: {winners}); no more moves")
            if msg.ply is not None and msg.ply != self.ply:
                raise RoomError(ErrorCode.STALE_MOVE,
                                f"the move was chosen at move {msg.ply}, but {self.ply} moves have been played")
            mover = self.to_move()
            if mover != slot.seat:
                raise RoomError(ErrorCode.NOT_YOUR_TURN,
                                f"it is {self.seat_ref(mover)}'s decision, not seat "
                                f"{slot.seat}'s")
            action = self._parse(msg.action)
            legal = state.legal_actions()
            if action not in legal:
                raise RoomError(ErrorCode.ILLEGAL_ACTION,
                                str(IllegalActionError(action, legal, state.why_illegal(action))))
            await self._commit(action, slot.seat, msg.move_id, "player", conn)

        await self.locked(play)

    def _parse(self, action: str | int) -> Action:
        try:
            if isinstance(action, int):
                return self.game.codec.decode(action)
            return self.game.parse_action(action)
        except InvalidActionError as e:
            raise RoomError(ErrorCode.INVALID_ACTION, f"{e}; your legal actions are listed in 'legal'") from None

    def _same_action(self, action: str | int, text: str) -> bool:
        try:
            return str(self._parse(action)) == text
        except RoomError:
            return False

    async def _commit(self, action: Action, seat: int, move_id: str | None, by: str,
                      conn: Conn | None = None) -> None:
        """Apply, store, then publish one move (the caller holds the lock and has checked the action)."""
        assert self.state is not None
        new_state = self.state.clone()
        new_events = new_state.apply(action)
        text = str(action)
        ply = self.ply
        first = self.seq + 1
        seq = self.seq + len(new_events)
        over = new_state.is_terminal()
        await self.hub.write_move(MoveWrite(
            room_id=self.id, ply=ply, seat=seat, action=text, move_id=move_id, by=by, seq=seq,
            winners=new_state.winners() if over else None, returns=new_state.returns() if over else None,
        ))
        # stored: from here on the move is part of the game
        timed_out = (seat, ply, first - 1, action, self.state) if by == "timeout" else None
        if timed_out is not None:
            self.timed_out.append(timed_out)
        self.state = new_state
        self.events.extend(new_events)
        self.ply = ply + 1
        if move_id is not None:
            self.move_ids[(seat, move_id)] = (ply, text, seq)
        if over:
            self.status = "finished"
            self.deadline = None
            for slot in self.seats:
                if slot.away_task is not None:
                    slot.away_task.cancel()
                    slot.away_task = None
        elif not self._builds_on(action, new_state):
            self._reset_deadline()
        if conn is not None:
            conn.send(_dumps({"type": "ack", "room": self.id, "move_id": move_id or "", "action": text, "ply": ply,
                              "seq": seq, "duplicate": False}))
        self.broadcast_update(new_events, first, timed_out=timed_out)
        self.changed.set()
        if over:
            self.broadcast_seats()
            self._maybe_evict()
        else:
            self.kick()

    async def _start(self) -> None:
        """Every seat is taken: draw the seed (unless chosen), store it with its commitment, then deal and show
        each connection its seat's first events and view. Nothing about the deal existed before this."""
        seed = self.seed if self.seed is not None else fairness.new_seed()
        salt = fairness.new_salt()
        commitment = fairness.commitment(self.id, seed, salt)
        state = self.game.new_initial_state(seed, self.setup)
        if not await self.hub.db(self.hub.store.deal, self.id, seed, salt, commitment):
            raise RoomError(ErrorCode.SERVER_ERROR, f"room {self.id} was started elsewhere; reconnect to it")
        self.seed, self.salt, self.commitment = seed, salt, commitment
        self.state = state
        self.events = state.events()
        self.status = "finished" if state.is_terminal() else "playing"
        self._reset_deadline()
        self.broadcast_update(self.events, 1, commitment)
        self.broadcast_seats()
        self.kick()

    # --- bots and timers -------------------------------------------------------------------------------------
    def _builds_on(self, action: Action, state: State[Any]) -> bool:
        """Whether the turn timer runs on from the decision before ``action``: a step of a play still being built
        or its ``cancel`` (``State.can_cancel``) gets no fresh time, or a player could stall forever by taking a
        build back and starting it again. The time runs out on the seat's whole build."""
        cancel = self.game.codec.cancel
        return self.deadline is not None and (cancel is not None and action == cancel or state.can_cancel())

    def _reset_deadline(self) -> None:
        mover = self.to_move()
        if (self.turn_seconds is None or self.status != "playing" or mover == TERMINAL
                or self.bot_controls(mover)):
            self.deadline = None
        else:
            self.deadline = time.time() + self.turn_seconds

    def kick(self) -> None:
        """Make sure the room's driver runs if a bot must decide or a turn timer must be watched."""
        if self.status != "playing":
            return
        if self.driver is None or self.driver.done():
            self.driver = asyncio.get_running_loop().create_task(self._drive())

    async def _drive(self) -> None:
        """Let bots decide while it is their turn; watch the turn timer of human seats; stop when neither."""
        while self.status == "playing":
            try:
                self.changed.clear()
                mover = self.to_move()
                if self.bot_controls(mover):
                    if self.bot_delay:
                        await asyncio.sleep(self.bot_delay)
                    await self._bot_move(mover, "bot" if self.seats[mover].kind == "bot" else "standin")
                    continue
                if self.deadline is None:
                    return  # a person decides; their move will kick the driver again
                try:
                    await asyncio.wait_for(self.changed.wait(), timeout=max(0.0, self.deadline - time.time()))
                except TimeoutError:
                    await self._timeout(mover)
            except asyncio.CancelledError:
                raise
            except Exception:
                # e.g. the database is unreachable for a moment: nothing was published, so try again shortly
                log.exception("room %s: a bot or timer move failed; retrying in a second", self.id)
                await asyncio.sleep(1.0)

    async def _decide(self, spec: str, agent: Agent, seat: int, wanted: Callable[[], bool]) -> Action | None:
        """The decision of bot ``spec`` for ``seat`` now, from the bot pool; ``None`` (and the decision
        cancelled, freeing its worker) as soon as ``wanted()`` turns false — a player came back or moved."""
        assert self.state is not None and self.seed is not None
        rng = bot_rng(self.seed, seat, self.ply)
        task = asyncio.ensure_future(self.hub.bots.decide(self.id, spec, agent, self.state, seat, rng))
        try:
            while not task.done():
                woke = asyncio.ensure_future(self.changed.wait())
                await asyncio.wait({task, woke}, return_when=asyncio.FIRST_COMPLETED)
                woke.cancel()
                if not task.done():
                    self.changed.clear()
                    if not wanted():
                        task.cancel()
                        return None
            return task.result()
        finally:
            if not task.done():
                task.cancel()

    async def _bot_move(self, seat: int, by: str) -> None:
        ply = self.ply
        slot = self.seats[seat]
        if slot.kind == "bot" and slot.agent is not None and slot.agent_spec is not None:
            spec, agent = slot.agent_spec, slot.agent
        else:
            spec, agent = self.standin_spec, self.standin_agent
        action = await self._decide(spec, agent, seat, lambda: self.ply == ply and self.bot_controls(seat))
        if action is None:
            return

        async def play() -> None:
            # the position may have changed while the bot thought (its player came back and moved)
            if self.ply == ply and self.status == "playing" and self.bot_controls(seat):
                await self._commit(action, seat, None, by)

        await self.locked(play)

    async def _timeout(self, seat: int) -> None:
        ply = self.ply
        log.info("room %s: seat %s ran out of time; the stand-in decides", self.id, seat)
        action = await self._decide(self.standin_spec, self.standin_agent, seat,
                                    lambda: self.ply == ply and self.to_move() == seat)
        if action is None:
            return

        async def play() -> None:
            if self.ply == ply and self.status == "playing" and self.to_move() == seat:
                slot = self.seats[seat]
                if not slot.conns:  # out of time and not here: the bot keeps the seat until they return
                    slot.standin = True
                    self.broadcast_seats()
                await self._commit(action, seat, None, "timeout")

        await self.locked(play)

    # --- memory ----------------------------------------------------------------------------------------------
    def _maybe_evict(self) -> None:
        if self.status == "finished" and not self.connections() and self.evict_handle is None:
            self.evict_handle = asyncio.get_running_loop().call_later(
                self.hub.settings.finished_linger, self.hub.evict, self.id)

    def _cancel_evict(self) -> None:
        if self.evict_handle is not None:
            self.evict_handle.cancel()
            self.evict_handle = None

    def stop(self) -> None:
        """Cancel the room's timers and driver (server shutdown)."""
        if self.driver is not None:
            self.driver.cancel()
        for slot in self.seats:
            if slot.away_task is not None:
                slot.away_task.cancel()
        self._cancel_evict()


class Hub:
    """Every room of this server process, the database thread and the bot workers."""

    def __init__(self, settings: ServerSettings) -> None:
        self.settings = settings
        self.store = Store(settings.database, settings.sqlite_sync)
        # SQLite has one writer at a time: one database thread avoids lock contention; a server database can
        # take writes from a few threads at once
        self.db_pool = ThreadPoolExecutor(1 if self.store.is_sqlite else 4, thread_name_prefix="tablecraft-db")
        self.bots = BotPool(settings)
        self.rooms: dict[str, Room] = {}
        self._loading: dict[str, asyncio.Future[Room | None]] = {}
        self._pending: list[tuple[MoveWrite, asyncio.Future[None]]] = []
        self._writer: asyncio.Task[None] | None = None
        self._tasks: list[asyncio.Task[None]] = []
        self.reloading: set[str] = set()
        """Unfinished rooms not rebuilt yet since the start (rebuilt in the background, or on first request)."""
        self.conns: set[Conn] = set()

    # --- plumbing ---------------------------------------------------------------------------------------------
    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """Run a blocking store method in the database thread."""
        return await asyncio.get_running_loop().run_in_executor(self.db_pool, fn, *args)

    async def write_move(self, move: MoveWrite) -> None:
        """Store a move; return once it is committed. Moves of many rooms arriving together share one commit."""
        fut: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._pending.append((move, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_batches())
        await fut

    async def _write_batches(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            try:
                results = await self.db(self.store.write_moves, [m for m, _ in batch])
            except Exception as e:
                results = [e] * len(batch)
            for (_, fut), err in zip(batch, results, strict=True):
                if fut.done():
                    continue
                if err is None:
                    fut.set_result(None)
                else:
                    fut.set_exception(err)

    # --- life cycle -------------------------------------------------------------------------------------------
    async def start(self) -> None:
        """Migrate the database, start the bot workers, and rebuild every unfinished game in the background:
        the server answers at once, and a room someone asks for is rebuilt right then (``get_room``)."""
        await self.db(self.store.migrate)
        self.bots.start()
        ids = await self.db(self.store.unfinished_ids)
        self.reloading = set(ids)
        loop = asyncio.get_running_loop()
        self._tasks = [loop.create_task(self._reload(ids)), loop.create_task(self._expire_loop())]

    async def _reload(self, ids: Sequence[str]) -> None:
        """Rebuild the unfinished rooms one by one (games in progress first), yielding between them."""
        started = time.monotonic()
        for room_id in ids:
            if room_id in self.reloading:
                try:
                    await self.get_room(room_id)
                except Exception:
                    log.exception("room %s could not be reloaded", room_id)
                    self.reloading.discard(room_id)
            await asyncio.sleep(self.settings.reload_pause)
        log.info("tablecraft server: %d unfinished game(s) reloaded in %.1f s", len(ids), time.monotonic() - started)
        gc.collect()
        gc.freeze()  # the imported code and the reloaded games are long-lived: never walk them again
        await self._gc_loop()

    async def _gc_loop(self) -> None:
        """Freeze long-lived objects regularly; unfreeze and collect everything now and then (see
        ``GC_FREEZE_EVERY``)."""
        since_full = 0.0
        while True:
            await asyncio.sleep(GC_FREEZE_EVERY)
            since_full += GC_FREEZE_EVERY
            if since_full >= GC_FULL_EVERY:
                since_full = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    async def _expire_loop(self) -> None:
        """Now and then, expire the waiting rooms that have been idle (no seat change, nobody connected) for
        longer than ``waiting_expiry``."""
        ttl = self.settings.waiting_expiry
        if ttl is None:
            return
        while True:
            await asyncio.sleep(min(60.0, max(0.05, ttl / 4)))
            now = time.monotonic()
            for room in list(self.rooms.values()):
                if room.status == "waiting" and not room.connections() and now - room.active > ttl:
                    await self.expire(room)

    async def expire(self, room: Room) -> None:
        """Close an idle waiting room: stored as ``expired``, dropped from memory; its seats' tokens are void."""
        async def close() -> None:
            if room.status != "waiting" or room.connections():
                return
            if await self.db(self.store.expire, room.id):
                log.info("room %s expired after %.0f s waiting with nobody there", room.id,
                         time.monotonic() - room.active)
                room.status = "expired"
                room.stop()
                self.rooms.pop(room.id, None)

        await room.locked(close)

    async def stop(self) -> None:
        """Stop every room's driver and the bot workers, let pending writes finish and close the database."""
        for room in self.rooms.values():
            room.stop()
        for task in self._tasks:
            task.cancel()
        if self._writer is not None:
            with contextlib.suppress(Exception):
                await self._writer
        await asyncio.to_thread(self.bots.stop)
        await self.db(self.store.dispose)
        self.db_pool.shutdown(wait=True)

    @staticmethod
    def _timed_out_of(sr: StoredRoom, game: Game[Any]) -> list[tuple[int, int, int, str]]:
        """(seat, ply, event number before the move, action) of each stored move the turn timer played."""
        out = []
        for i, m in enumerate(sr.moves):
            if m.by != "timeout":
                continue
            if i:
                before = sr.moves[i - 1].seq
            else:  # the events of the deal come first
                assert sr.room.seed is not None
                before = len(game.new_initial_state(sr.room.seed, sr.room.setup).events())
            out.append((m.seat, m.ply, before, m.action))
        return out

    async def _rebuild(self, sr: StoredRoom) -> Room | None:
        row = sr.room
        try:
            game = load(row.game, num_seats=row.num_seats, **row.options)
            state = None
            if row.status != "waiting":
                if row.seed is None:
                    raise TablecraftError(f"room {row.id} is {row.status} but has no seed")
                actions = [m.action for m in sr.moves]
                # replaying is CPU work; a worker thread keeps the loop free while many games are rebuilt
                state = await asyncio.to_thread(game.replay, row.seed, actions, row.setup)
            room = Room(self, row, sr.seats, game, state, [(m.seat, m.move_id, m.action, m.seq) for m in sr.moves],
                        self._timed_out_of(sr, game))
        except (TablecraftError, KeyError) as e:
            log.error("room %s cannot be rebuilt (%s); it is marked broken", row.id, e)
            await self.db(self.store.set_status, row.id, "broken", str(e))
            return None
        if room.status == "finished" and row.status != "finished":
            # the last move's transaction also records the result, so this only mends older data
            await self.db(self.store.set_status, row.id, "finished")
        return room

    # --- rooms ------------------------------------------------------------------------------------------------
    async def create_room(self, req: CreateRoom) -> tuple[Room, str, str | None]:
        """Validate and store a new room; return it with the creator's token and the invite secret (private
        rooms). A bad request raises a ``TablecraftError`` with a clear message.

        The game is dealt now only if every seat is a bot's (nobody is left to take a seat); otherwise when
        the last free seat is taken.
        """
        requests = req.seats
        spec = game_class(req.game).spec  # an unknown game → UnknownGameError listing the known ones
        n = len(requests) if requests is not None else spec.max_seats
        game = load(req.game, num_seats=n, **req.options)
        seats = requests if requests is not None else [SeatRequest() for _ in range(n)]
        for s in seats:
            if s.kind == "human" and s.agent is not None:
                raise TablecraftError("a human seat has no agent; give 'agent' only for kind 'bot'")
            if s.kind == "bot":
                checked_agent(s.agent or DEFAULT_LEVEL, game, self.settings)
        checked_agent(req.standin, game, self.settings)
        if req.setup is not None:
            # a bad setup → SetupError now rather than when the last seat is taken; this deal is thrown away
            game.new_initial_state(0, req.setup)
        room_id = new_room_id()
        creator_token = new_token()
        invite = new_invite() if req.private else None
        all_bots = all(s.kind == "bot" for s in seats)
        row = RoomRow(id=room_id, game=game.spec.id, options=dict(game.options), num_seats=n, seed=req.seed,
                      setup=req.setup, status="waiting", turn_seconds=req.turn_seconds, standin=req.standin,
                      bot_delay=req.bot_delay, created_at=utcnow(), practice=req.seed is not None or req.setup is not None,
                      private=req.private, invite_hash=None if invite is None else hash_token(invite),
                      creator_hash=hash_token(creator_token), active_at=utcnow())
        seat_rows = [SeatRow(room_id=room_id, seat=i, kind=s.kind,
                             agent=(s.agent or DEFAULT_LEVEL) if s.kind == "bot" else None,
                             name=s.name if s.kind == "bot" else None)
                     for i, s in enumerate(seats)]
        await self.db(self.store.create_room, row, seat_rows)
        room = Room(self, row, seat_rows, game, None)
        self.rooms[room_id] = room
        if all_bots:
            await room.locked(room._start)
        return room, creator_token, invite

    def created(self, room: Room, creator_token: str, invite: str | None,
                request_base: str | None = None) -> CreatedRoom:
        """The answer to the room's creator: the public summary, the creator's token and the invite link (on the
        public URL, else on the address the creator used)."""
        info = room.info(self.settings, request_base).model_dump()
        if invite is not None:
            info["link"] += f"?invite={invite}"
        return CreatedRoom(**info, creator_token=creator_token, invite=invite)

    async def get_room(self, room_id: str) -> Room | None:
        """The room with this id: from memory, else rebuilt from the database, else ``None`` (no such room, or
        one that is broken or expired)."""
        room = self.rooms.get(room_id)
        if room is not None:
            return room
        pending = self._loading.get(room_id)
        if pending is not None:
            return await asyncio.shield(pending)
        fut: asyncio.Future[Room | None] = asyncio.get_running_loop().create_future()
        self._loading[room_id] = fut
        try:
            sr = await self.db(self.store.load_room, room_id)
            room = None
            if sr is not None and sr.room.status not in ("broken", "expired"):
                room = await self._rebuild(sr)
                if room is not None:
                    self.rooms[room_id] = room
                    room._reset_deadline()
                    room._maybe_evict()
                    room.kick()
            fut.set_result(room)
            return room
        except BaseException as e:
            fut.set_exception(e)
            raise
        finally:
            del self._loading[room_id]
            self.reloading.discard(room_id)

    def evict(self, room_id: str) -> None:
        """Drop a finished room with no connections from memory (it stays in the database)."""
        room = self.rooms.get(room_id)
        if room is not None and room.status == "finished" and not room.connections():
            room.stop()
            del self.rooms[room_id]

    def disconnected(self, conn: Conn) -> None:
        """Forget a closed connection."""
        self.conns.discard(conn)
        if conn.room is not None:
            conn.room.disconnected(conn)
