"""A small asyncio client of the server's protocol (used by the tests, the load benchmark and scripted players).

It validates every frame it receives against the protocol's schemas, keeps the room's numbered event stream
of its seat (checking that numbers run on with no gap and no repeat), and remembers what it needs to resume.

>>> c = Client("ws://127.0.0.1:8000/ws")
>>> c.seq, c.events
(0, [])
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import websockets
from websockets.asyncio.client import ClientConnection

from .protocol import (
    Ack,
    Error,
    Hello,
    Left,
    Pong,
    Said,
    Seats,
    Update,
    Welcome,
    parse_server_message,
)

Frame = Hello | Welcome | Update | Ack | Seats | Left | Said | Error | Pong


class StreamError(AssertionError):
    """The server broke the event numbering: a gap, a repeat, or events out of order."""


class Client:
    """One connection to the server, with the seat's event stream kept across reconnects."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.ws: ClientConnection | None = None
        self.room: str | None = None
        self.seat: int | None = None
        self.token: str | None = None
        self.seq = 0
        """The number of the last event received."""
        self.events: list[dict[str, Any]] = []
        """Every event received, in order (``events[i]`` is event number ``i + 1`` unless ``resynced``)."""
        self.resynced = False
        """True once the server sent a fresh view instead of missed events (``events`` then has a gap)."""
        self.frames: list[tuple[str, Frame]] = []
        """Every frame received: the raw text and its parsed message."""
        self.last: Welcome | Update | None = None
        """The latest welcome or update (view, legal actions, status)."""
        self.hello: Hello | None = None
        self.commitment: str | None = None
        """The commitment to the room's seed, as published at the deal (``fairness.verify_record`` checks a
        finished game's record against it)."""

    # --- connection ------------------------------------------------------------------------------------------
    async def connect(self) -> Hello:
        """Open the socket and read the server's ``hello``."""
        self.ws = await websockets.connect(self.url, max_size=None, open_timeout=10)
        frame = await self.recv()
        if not isinstance(frame, Hello):
            raise StreamError(f"the first frame must be hello, got {frame.type}")
        self.hello = frame
        return frame

    async def close(self) -> None:
        """Close the socket politely."""
        if self.ws is not None:
            await self.ws.close()
            self.ws = None

    def drop(self) -> None:
        """Cut the connection abruptly (no closing handshake), as a lost network would."""
        if self.ws is not None:
            self.ws.transport.abort()
            self.ws = None

    async def send(self, message: dict[str, Any] | str) -> None:
        """Send one frame (a dict is sent as JSON)."""
        assert self.ws is not None, "not connected"
        await self.ws.send(message if isinstance(message, str) else json.dumps(message))

    async def recv(self, timeout: float = 20.0) -> Frame:
        """The next frame, validated and folded into the client's stream."""
        assert self.ws is not None, "not connected"
        raw = await asyncio.wait_for(self.ws.recv(), timeout)
        text = raw if isinstance(raw, str) else raw.decode("utf-8")
        frame = parse_server_message(text)
        self.frames.append((text, frame))
        self._fold(frame)
        return frame

    async def expect(self, kind: type[Any], timeout: float = 20.0) -> Any:
        """Read frames until one of type ``kind`` (an ``error`` instead raises ``AssertionError``)."""
        while True:
            frame = await self.recv(timeout)
            if isinstance(frame, kind):
                return frame
            if isinstance(frame, Error) and kind is not Error:
                raise AssertionError(f"server error {frame.code}: {frame.message}")

    # --- stream ----------------------------------------------------------------------------------------------
    def _fold(self, frame: Frame) -> None:
        if isinstance(frame, Welcome | Update) and frame.commitment is not None:
            if self.commitment is not None and frame.commitment != self.commitment:
                raise StreamError(f"the room's commitment changed from {self.commitment} to {frame.commitment}")
            self.commitment = frame.commitment
        if isinstance(frame, Welcome):
            if frame.token is not None:
                self.token = frame.token
            self.room, self.seat = frame.room, frame.seat
            if frame.resync:
                self.resynced = True
                self.seq = frame.seq
            else:
                self._append(frame.events, frame.seq)
            self.last = frame
        elif isinstance(frame, Update):
            self._append(frame.events, frame.seq)
            self.last = frame

    def _append(self, events: list[Any], seq: int) -> None:
        for ne in events:
            if ne.seq != self.seq + 1:
                raise StreamError(f"event {ne.seq} arrived after event {self.seq}: "
                                  + ("a repeat" if ne.seq <= self.seq else "a gap"))
            self.events.append(ne.event)
            self.seq = ne.seq
        if seq != self.seq:
            raise StreamError(f"the frame says the latest event is {seq}, but the client has {self.seq}")

    # --- requests --------------------------------------------------------------------------------------------
    async def join(self, room: str, seat: int | None = None, name: str | None = None,
                   invite: str | None = None) -> Welcome | Error:
        """Take a seat (of a private room: with its ``invite``); the answer is a ``welcome`` (with the token) or
        an ``error``."""
        msg: dict[str, Any] = {"type": "join", "room": room}
        if seat is not None:
            msg["seat"] = seat
        if name is not None:
            msg["name"] = name
        if invite is not None:
            msg["invite"] = invite
        await self.send(msg)
        return await self._answer()

    async def resume(self, room: str | None = None, seat: int | None = None, token: str | None = None,
                     last_seq: int | None = None) -> Welcome | Error:
        """Come back to the seat (by default the one held before) from the last event received."""
        await self.send({"type": "resume", "room": room or self.room, "seat": self.seat if seat is None else seat,
                         "token": token or self.token, "last_seq": self.seq if last_seq is None else last_seq})
        return await self._answer()

    async def spectate(self, room: str, last_seq: int | None = None, invite: str | None = None) -> Welcome | Error:
        """Watch a room (a private one with its ``invite``)."""
        msg: dict[str, Any] = {"type": "spectate", "room": room, "last_seq": self.seq if last_seq is None else last_seq}
        if invite is not None:
            msg["invite"] = invite
        await self.send(msg)
        return await self._answer()

    async def _answer(self) -> Welcome | Error:
        while True:
            frame = await self.recv()
            if isinstance(frame, Welcome | Error):
                return frame

    async def move(self, action: str | int, move_id: str, ply: int | None = None) -> None:
        """Send a move (the answer, ``ack`` or ``error``, arrives among the other frames)."""
        msg: dict[str, Any] = {"type": "move", "token": self.token, "action": action, "move_id": move_id}
        if ply is not None:
            msg["ply"] = ply
        await self.send(msg)

    async def say(self, phrase: str) -> None:
        """Say a quick phrase (its id) at the table; every connection of the room gets a ``said`` frame, or this
        one an ``error``."""
        await self.send({"type": "say", "token": self.token, "phrase": phrase})

    @property
    def my_turn(self) -> bool:
        """True when the latest frame offers this connection legal actions."""
        return self.last is not None and bool(self.last.legal) and self.last.status == "playing"

    @property
    def finished(self) -> bool:
        """True once the room's game is over."""
        return self.last is not None and self.last.status == "finished"
