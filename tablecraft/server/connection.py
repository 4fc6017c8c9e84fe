"""One client connection: an outbox drained by its own writer task, a rate limiter, and what it is bound to.

Rooms never await a client: they put finished frames into each connection's outbox and move on, so one slow
or stalled client cannot hold up a room. A connection whose outbox overflows is closed (it may resume).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from starlette.websockets import WebSocket

from .protocol import Error, ErrorCode

if TYPE_CHECKING:
    from .rooms import Room

log = logging.getLogger("tablecraft.server")

CLOSE_POLICY = 1008
"""WebSocket close code for a policy violation (a flood, a slow consumer)."""
CLOSE_TOO_BIG = 1009
"""WebSocket close code for a frame that is too large."""


class TokenBucket:
    """A token bucket: ``burst`` tokens, refilled at ``rate`` per second; each frame takes one.

    >>> b = TokenBucket(rate=1.0, burst=2, now=0.0)
    >>> b.take(0.0), b.take(0.0), b.take(0.0), b.take(1.0)
    (True, True, False, True)
    """

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: int, now: float | None = None) -> None:
        self.rate = rate
        self.burst = float(burst)
        self.tokens = float(burst)
        self.stamp = time.monotonic() if now is None else now

    def take(self, now: float | None = None) -> bool:
        """Spend one token if there is one."""
        t = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (t - self.stamp) * self.rate)
        self.stamp = t
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return True
        return False


_CLOSE = object()


class Conn:
    """A client connection as the rooms see it."""

    __slots__ = ("ws", "outbox", "bucket", "room", "seat", "spectator", "closed", "writer", "close_code", "id",
                 "lang")

    _next_id = 0

    def __init__(self, ws: WebSocket, rate: float, burst: int, outbox_limit: int) -> None:
        self.ws = ws
        self.outbox: asyncio.Queue[Any] = asyncio.Queue(maxsize=outbox_limit)
        self.bucket = TokenBucket(rate, burst)
        self.room: Room | None = None
        """The room this connection holds a seat in or watches (``None`` until join/resume/spectate)."""
        self.seat: int | None = None
        self.spectator = False
        self.lang: str | None = None
        """The language this connection asked for (``join``/``resume``/``spectate``): its frames then carry
        event descriptions and action texts; ``None`` = data only."""
        self.closed = False
        self.close_code = 1000
        Conn._next_id += 1
        self.id = Conn._next_id
        self.writer = asyncio.get_running_loop().create_task(self._write_loop())

    @property
    def bound(self) -> bool:
        """True once the connection holds a seat or watches a room."""
        return self.room is not None

    def send(self, text: str) -> None:
        """Queue a frame; a connection too slow to take it is closed rather than allowed to hold up a room."""
        if self.closed:
            return
        try:
            self.outbox.put_nowait(text)
        except asyncio.QueueFull:
            log.warning("connection %s is too slow to read its frames; closing it", self.id)
            self._drop_outbox()
            self.outbox.put_nowait(
                Error(code=ErrorCode.SLOW_CONSUMER, fatal=True,
                      message="too many unread frames: resume with your last event number").model_dump_json()
            )
            self.close(CLOSE_POLICY)

    def error(self, code: ErrorCode, message: str, ref: str | None = None, fatal: bool = False) -> None:
        """Queue an ``error`` frame."""
        self.send(Error(code=code, message=message, ref=ref, fatal=fatal).model_dump_json())

    def close(self, code: int = 1000) -> None:
        """Close after the frames already queued have been sent."""
        if self.closed:
            return
        self.closed = True
        self.close_code = code
        with contextlib.suppress(asyncio.QueueFull):
            self.outbox.put_nowait(_CLOSE)

    def _drop_outbox(self) -> None:
        while not self.outbox.empty():
            self.outbox.get_nowait()

    async def _write_loop(self) -> None:
        try:
            while True:
                item = await self.outbox.get()
                if item is _CLOSE:
                    break
                await self.ws.send_text(item)
        except Exception:  # the peer went away mid-send: nothing more can reach it
            self.closed = True
            return
        with contextlib.suppress(Exception):
            await self.ws.close(self.close_code)

    async def finish(self) -> None:
        """Wait (briefly) until the queued frames are flushed and the socket closed."""
        if not self.closed:
            self.close(self.close_code)
        with contextlib.suppress(asyncio.TimeoutError, asyncio.CancelledError):
            await asyncio.wait_for(asyncio.shield(self.writer), timeout=5)

    def abort(self) -> None:
        """Stop the writer at once (the socket is already gone)."""
        self.closed = True
        self.writer.cancel()
