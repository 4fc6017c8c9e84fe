"""The server's settings: where the database is and the limits it enforces.

>>> s = ServerSettings(database="games.db")
>>> s.max_frame_bytes, s.rate_per_second, s.burst
(16384, 20.0, 60)
>>> s.max_bot_iterations, s.bot_deadline, s.max_sockets_per_client
(20000, 10.0, 32)
"""

from __future__ import annotations

import contextlib
import ipaddress
import socket
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_DATABASE = "tablecraft.sqlite3"
"""The SQLite file used when no database is given (created in the working directory)."""


ALL_INTERFACES = ("0.0.0.0", "::", "")
"""``--host`` values that listen on every interface of the machine."""


def machine_addresses() -> list[str]:
    """This machine's own IP addresses other machines may reach it at (no loopback), best first: the one the
    default route leaves from, then those its host name resolves to. Nothing is sent (a UDP ``connect`` only picks
    a route)."""
    found: list[str] = []
    for target in (("10.255.255.255", 1), ("192.0.2.1", 9), ("8.8.8.8", 53)):
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
                s.connect(target)
                found.append(str(s.getsockname()[0]))
        except OSError:
            continue
    with contextlib.suppress(OSError):
        found.extend(str(info[4][0]) for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET))
    out = []
    for a in dict.fromkeys(found):
        try:
            ip = ipaddress.ip_address(a)
        except ValueError:
            continue
        if not (ip.is_loopback or ip.is_unspecified or ip.is_link_local):
            out.append(a)
    return out


class ServerSettings(BaseModel):
    """Everything ``tablecraft serve`` can be told; every field has a safe default."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    database: str = DEFAULT_DATABASE
    """A SQLite file path, or a database URL (``postgresql://user:pass@host:port/db``)."""
    sqlite_sync: Literal["full", "normal"] = "full"
    """SQLite only: ``full`` syncs every commit to disk (a move survives even a power cut); ``normal`` lets the
    operating system flush the log later (a move survives a crash of the server, not of the machine)."""
    host: str = "127.0.0.1"
    port: int = Field(default=8000, ge=0, le=65535)
    public_url: str | None = None
    """The base URL players reach the server at (for room links); by default the scheme and ``Host`` the
    request came with (the address the room's creator used), else ``http://host:port``."""
    max_frame_bytes: int = Field(default=16384, ge=256)
    """Longest client frame accepted; a longer one gets an error and the socket is closed (code 1009)."""
    rate_per_second: float = Field(default=20.0, gt=0)
    """Sustained client frames per second per connection (a token bucket) …"""
    burst: int = Field(default=60, ge=1)
    """… with this many allowed at once; a connection that exceeds it is sent an error and closed (1008)."""
    resync_limit: int = Field(default=1000, ge=0)
    """A client that resumes more than this many events behind gets a fresh view instead of the events."""
    away_after: float | None = Field(default=60.0, ge=0)
    """Seconds after a player's last connection drops before a bot plays their seat (``None``: never)."""
    outbox_limit: int = Field(default=4096, ge=16)
    """Frames queued for one connection before it is dropped as too slow to read (it may resume)."""
    bot_workers: int = Field(default=2, ge=1, le=64)
    """Worker processes that run bot decisions (off the server's event loop and off its GIL)."""
    bot_deadline: float = Field(default=10.0, gt=0, le=3600)
    """Seconds one bot decision may take; then its worker is stopped and the fallback (the game's heuristic,
    else a random legal move) decides instead, and this is logged."""
    max_bot_iterations: int = Field(default=20_000, ge=1)
    """The largest search budget a bot spec may ask for (``ismcts:iterations=N``); more is refused (400)."""
    max_bot_seconds: float = Field(default=5.0, gt=0)
    """The longest time budget a bot spec may ask for (``ismcts:seconds=S``); more is refused (400)."""
    finished_linger: float = Field(default=60.0, ge=0)
    """Seconds a finished room stays in memory after its last connection closes (it is reloaded on demand)."""
    http_rate: float = Field(default=20.0, gt=0)
    """HTTP requests (and WebSocket handshakes) per second per client address, sustained …"""
    http_burst: int = Field(default=200, ge=1)
    """… with this many at once; beyond them the answer is ``429`` with ``Retry-After``."""
    room_rate: float = Field(default=0.2, gt=0)
    """Rooms a client address may create per second, sustained (0.2: twelve a minute) …"""
    room_burst: int = Field(default=20, ge=1)
    """… with this many at once."""
    max_sockets_per_client: int = Field(default=32, ge=1)
    """WebSocket connections one client address may hold open at once; one more is told so and closed."""
    max_body_bytes: int = Field(default=65536, ge=1024)
    """Longest HTTP request body; a longer one is refused with ``413`` before it is read."""
    waiting_expiry: float | None = Field(default=3600.0, gt=0)
    """Seconds a waiting room may stay without any change of seats and with nobody connected before it
    expires (``None``: never)."""
    allowed_hosts: tuple[str, ...] = ()
    """Host names accepted in the ``Host`` header besides the localhost names, ``host`` and the host of
    ``public_url`` (a DNS-rebinding defence); ``*.example.com`` matches subdomains, ``*`` any host."""
    phrase_interval: float = Field(default=3.0, gt=0, le=3600)
    """Seconds a seat must wait between two quick phrases (``say``): table talk stays a word now and then, never a
    flood (the per-connection frame limit still applies on top)."""
    reload_pause: float = Field(default=0.0, ge=0, le=60)
    """Seconds between two rooms rebuilt in the background after a start (spreads a big reload's CPU; the
    server answers from the first moment, rebuilding a room at once when someone asks for it)."""

    def base_url(self, request_base: str | None = None) -> str:
        """The HTTP base URL for links to rooms: ``public_url``, else ``request_base`` (the scheme and ``Host``
        a request came with, already checked against the allow list), else ``http://host:port``.

        >>> ServerSettings().base_url(), ServerSettings().base_url("http://192.168.1.5:8000/")
        ('http://127.0.0.1:8000', 'http://192.168.1.5:8000')
        >>> ServerSettings(public_url="https://games.example.org").base_url("http://127.0.0.1:8000")
        'https://games.example.org'
        """
        return (self.public_url or request_base or f"http://{self.host}:{self.port}").rstrip("/")

    def listens_everywhere(self) -> bool:
        """True when ``host`` is every interface (``0.0.0.0`` / ``::``): other machines can connect."""
        return self.host in ALL_INTERFACES

    def host_allow_list(self) -> list[str]:
        """The host names the server answers to: localhost names, its own interface — or, when it listens on
        every interface, the machine's own IP addresses (someone who typed ``http://192.168.1.5:8000``; a
        DNS-rebinding page always sends its own host name, never these) —, the public URL's host, and
        ``allowed_hosts``.

        >>> ServerSettings(public_url="https://games.example.org/").host_allow_list()[-1]
        'games.example.org'
        """
        from urllib.parse import urlsplit

        hosts = ["localhost", "127.0.0.1", "[::1]"]
        if not self.listens_everywhere():
            hosts.append(f"[{self.host}]" if ":" in self.host else self.host)
        else:
            hosts.extend(machine_addresses())
        if self.public_url:
            name = urlsplit(self.public_url).hostname
            if name:
                hosts.append(f"[{name}]" if ":" in name else name)
        hosts.extend(self.allowed_hosts)
        return list(dict.fromkeys(h.lower() for h in hosts))
