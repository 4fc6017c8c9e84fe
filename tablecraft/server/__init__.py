"""The game server: rooms, seats, bots, persistence and reconnects over WebSockets (``tablecraft serve``).

It serves every registered game through the core contract only (``load``, ``State.apply``/``view``/``log``,
``Game.replay``, agents through ``make_agent``), so a newly registered game is playable online with no change
here. The parts:

- ``protocol`` — pydantic schemas for every WebSocket message (both directions) and HTTP body.
- ``store`` — SQLAlchemy 2 tables (rooms, seats, moves) with Alembic migrations in ``migrations/``;
  SQLite by default, PostgreSQL by URL.
- ``rooms`` — the rooms and the hub: seat tokens, moves stored before they are acknowledged, bots in threads,
  turn timers and stand-ins, per-seat redacted fan-out.
- ``connection`` — per-connection outbox and rate limit.
- ``app`` — the FastAPI application (HTTP API and ``/ws``); ``command`` — the ``serve`` command, registered on
  the ``tablecraft`` tool by ``cli`` and runnable alone as ``python -m tablecraft.server``.
- ``client`` — a small asyncio client of the protocol (tests, the load benchmark, scripted players).

The protocol and how the server scales past one process are described in ``docs/server.md``. This package's
``__init__`` imports nothing heavy: the CLI imports ``tablecraft.server.cli`` at start-up.
"""
