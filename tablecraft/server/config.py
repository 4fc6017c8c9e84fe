"""The server's settings: where the database is and the limits it enforces.

>>> s = ServerSettings(database="games.db")
>>> s.max_frame_bytes, s.rate_per_second, s.burst
(16384, 20.0, 60)
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DEFAULT_DATABASE = "tablecraft.sqlite3"
"""The SQLite file used when no database is given (created in the working directory)."""


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
    """The base URL players reach the server at (for room links); default ``http://host:port``."""
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
    bot_threads: int = Field(default=2, ge=1, le=64)
    """Threads that run bot decisions, so a thinking bot never blocks the event loop."""
    finished_linger: float = Field(default=60.0, ge=0)
    """Seconds a finished room stays in memory after its last connection closes (it is reloaded on demand)."""

    def base_url(self) -> str:
        """The HTTP base URL for links to rooms."""
        return (self.public_url or f"http://{self.host}:{self.port}").rstrip("/")
