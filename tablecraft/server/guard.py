"""The server's outer defences, as ASGI middleware around the application.

- **Per-client rate limit**: every HTTP request and WebSocket handshake takes a token from its client
  address's bucket (``http_rate`` per second, ``http_burst`` at once); an empty bucket is ``429`` with
  ``Retry-After``. Room creation has a bucket of its own (``ClientBuckets`` used by the route).
- **Body size cap**: a body longer than ``max_body_bytes`` is refused with ``413`` before the application sees
  it — by its ``Content-Length``, or, for a chunked body, as soon as the bytes read pass the cap.
- **Browser headers** on every answer: a Content-Security-Policy that runs only the server's own scripts (no
  inline script; styles may be inline: the tables draw with them), ``frame-ancestors 'none'`` (and
  ``X-Frame-Options: DENY``), ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a
  private room's invite secret is in its link) and ``Cross-Origin-Opener-Policy: same-origin``.
- **Origin check** on WebSocket handshakes: a browser page of another site may not open a socket here.

The ``Host`` allow-list (DNS rebinding) is Starlette's ``TrustedHostMiddleware``, installed by ``create_app``
outside this one.

>>> b = ClientBuckets(rate=1.0, burst=2)
>>> [b.take("a", now=0.0) for _ in range(3)], b.take("b", now=0.0), b.retry_after("a", now=0.0)
([True, True, False], True, 1)
"""

from __future__ import annotations

import json
import math
import re
import time
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any
from urllib.parse import urlsplit

from .config import ServerSettings
from .connection import TokenBucket

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

_HOST = re.compile(r"^[A-Za-z0-9.\-\[\]:]{1,260}$")
"""A Host header safe to repeat inside the Content-Security-Policy."""

MAX_CLIENTS_TRACKED = 10_000
"""Buckets kept before the full (idle) ones are forgotten: a flood of addresses cannot grow memory forever."""


def client_of(scope: Scope) -> str:
    """The client address of a request (Uvicorn puts a trusted proxy's ``X-Forwarded-For`` there)."""
    client = scope.get("client")
    return str(client[0]) if client else "unknown"


class ClientBuckets:
    """One token bucket per client address."""

    def __init__(self, rate: float, burst: int) -> None:
        self.rate = rate
        self.burst = burst
        self._buckets: dict[str, TokenBucket] = {}

    def take(self, client: str, now: float | None = None) -> bool:
        """Spend one of ``client``'s tokens if it has one."""
        t = time.monotonic() if now is None else now
        bucket = self._buckets.get(client)
        if bucket is None:
            if len(self._buckets) >= MAX_CLIENTS_TRACKED:
                self._forget_idle(t)
            bucket = self._buckets[client] = TokenBucket(self.rate, self.burst, now=t)
        return bucket.take(t)

    def retry_after(self, client: str, now: float | None = None) -> int:
        """Whole seconds until ``client`` has a token again (at least 1)."""
        bucket = self._buckets.get(client)
        if bucket is None:
            return 1
        t = time.monotonic() if now is None else now
        missing = 1.0 - min(bucket.burst, bucket.tokens + (t - bucket.stamp) * bucket.rate)
        return max(1, math.ceil(missing / self.rate))

    def _forget_idle(self, now: float) -> None:
        for key, b in list(self._buckets.items()):
            if b.tokens + (now - b.stamp) * b.rate >= b.burst:
                del self._buckets[key]


def csp(host: str) -> str:
    """The Content-Security-Policy of every page, for a request to ``host`` (its WebSocket is allowed
    explicitly: older browsers do not count ``ws:`` as ``'self'``)."""
    ws = f" ws://{host} wss://{host}" if _HOST.match(host) else ""
    return ("default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
            f"connect-src 'self'{ws}; font-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
            "frame-ancestors 'none'")


def _header(scope: Scope, name: bytes) -> str | None:
    for k, v in scope.get("headers", []):
        if k == name:
            return str(v.decode("latin-1"))
    return None


async def _json_answer(send: Send, status: int, body: dict[str, Any], extra: list[tuple[bytes, bytes]]) -> None:
    data = json.dumps(body).encode()
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"application/json"), (b"content-length", str(len(data)).encode()), *extra]})
    await send({"type": "http.response.body", "body": data})


class Guard:
    """The middleware (see the module): rate limit, body cap, browser headers, WebSocket origin check."""

    def __init__(self, app: ASGIApp, settings: ServerSettings) -> None:
        self.app = app
        self.settings = settings
        self.buckets = ClientBuckets(settings.http_rate, settings.http_burst)
        self.hosts = settings.host_allow_list()

    def host_allowed(self, host: str) -> bool:
        """True when ``host`` (a name, without port) is on the allow-list."""
        host = host.lower()
        for pattern in self.hosts:
            if pattern == "*" or host == pattern or (pattern.startswith("*.") and host.endswith(pattern[1:])):
                return True
        return False

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        kind = scope["type"]
        if kind not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        client = client_of(scope)
        if kind == "websocket":
            origin = _header(scope, b"origin")
            if not self.buckets.take(client) or (origin and not self.host_allowed(urlsplit(origin).hostname or "")):
                await send({"type": "websocket.close", "code": 1008})  # before accepting: an HTTP 403
                return
            await self.app(scope, receive, send)
            return
        headers = self._headers(scope)
        if not self.buckets.take(client):
            wait = self.buckets.retry_after(client)
            await _json_answer(send, 429, {
                "code": "rate_limited",
                "message": f"too many requests from this address: at most {self.settings.http_burst} at once and "
                           f"{self.settings.http_rate:g} per second; retry in {wait} s"},
                [*headers, (b"retry-after", str(wait).encode())])
            return
        limit = self.settings.max_body_bytes
        length = _header(scope, b"content-length")
        too_long = {"code": "body_too_large", "message": f"the request body is longer than {limit} bytes"}
        if length is not None and (not length.isdigit() or int(length) > limit):
            await _json_answer(send, 413, too_long, headers)
            return
        if scope.get("method") in ("POST", "PUT", "PATCH") and length is None:
            # a chunked body: read it here, at most the cap, and hand it on whole
            chunks, size = [], 0
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    return  # the client went away
                chunk = message.get("body", b"")
                size += len(chunk)
                if size > limit:
                    await _json_answer(send, 413, too_long, headers)
                    return
                chunks.append(chunk)
                if not message.get("more_body"):
                    break
            body = b"".join(chunks)
            sent = False

            async def replay() -> Message:
                nonlocal sent
                if sent:
                    return await receive()
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            receive = replay

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                present = {k.lower() for k, _ in message.get("headers", [])}
                message["headers"] = [*message.get("headers", []), *(h for h in headers if h[0] not in present)]
            await send(message)

        await self.app(scope, receive, send_with_headers)

    def _headers(self, scope: Scope) -> list[tuple[bytes, bytes]]:
        host = _header(scope, b"host") or ""
        return [
            (b"content-security-policy", csp(host).encode("latin-1")),
            (b"x-content-type-options", b"nosniff"),
            (b"x-frame-options", b"DENY"),
            (b"referrer-policy", b"no-referrer"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]
