"""Persistence: rooms, seats and moves in SQL (SQLAlchemy 2), SQLite by default, PostgreSQL by URL.

A game is stored as what reproduces it exactly — game id, options, seat count, seed, setup and the list of
moves (action text, in order) — never as a state snapshot: on start the server rebuilds every unfinished game
with ``Game.replay``, so the engine stays the single source of truth and the database stays small.

The schema is created and upgraded by the Alembic migrations shipped in ``tablecraft/server/migrations``
(``Store.migrate`` runs them); the tables below are the model those migrations build.

All methods are blocking; the server calls them from its database thread, never from the event loop.

>>> store = Store("sqlite://")
>>> store.migrate()
>>> store.create_room(RoomRow(id="r1", game="wizard-towers", options={}, num_seats=3, seed=7, setup=None,
...     status="waiting", turn_seconds=None, standin="random", bot_delay=0.0),
...     [SeatRow(room_id="r1", seat=s, kind="human") for s in range(3)])
>>> store.claim_seat("r1", 0, "ab" * 32, "ann"), store.claim_seat("r1", 0, "cd" * 32, "bob")
(True, False)
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    create_engine,
    event,
    insert,
    select,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
"""The Alembic script directory shipped inside the package."""


def utcnow() -> dt.datetime:
    """The current time in UTC (stored with every row for the record)."""
    return dt.datetime.now(dt.UTC)


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""


class RoomRow(Base):
    """A room: the game it plays (id, options, seats, seed, setup) and how it is run."""

    __tablename__ = "rooms"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    num_seats: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int | None] = mapped_column(BigInteger, nullable=True)
    """The deal: ``None`` until the game starts (drawn then), unless the creator chose it (a practice room)."""
    setup: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    status: Mapped[str] = mapped_column(String(16), index=True)
    """``waiting`` (free human seats), ``playing``, ``finished``, ``broken`` (cannot be rebuilt) or ``expired``
    (waited with nobody there for too long)."""
    turn_seconds: Mapped[float | None] = mapped_column(Float, nullable=True)
    standin: Mapped[str] = mapped_column(String(200))
    """The agent that plays a human seat whose player is away or out of time."""
    bot_delay: Mapped[float] = mapped_column(Float, default=0.0)
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    finished_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    returns: Mapped[list[float] | None] = mapped_column(JSON, nullable=True)
    error: Mapped[str | None] = mapped_column(Text, nullable=True)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    """The creator chose the seed or the starting position: announced to every seat and in the lobby."""
    private: Mapped[bool] = mapped_column(Boolean, default=False)
    """Not listed; joined and watched only with the invite secret."""
    invite_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """SHA-256 of a private room's invite secret."""
    creator_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """SHA-256 of the creator's token (the creator may remove seat holders before the start)."""
    salt: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    commitment: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """SHA-256 of the seed with ``salt`` (``fairness.commitment``), published when the game starts."""
    started_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)
    active_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)
    """The last change of seats (a waiting room idle for too long expires)."""


class SeatRow(Base):
    """A seat of a room: human or bot, and for a human seat the hash of its holder's token."""

    __tablename__ = "seats"

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(8))
    agent: Mapped[str | None] = mapped_column(String(200), nullable=True, default=None)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    token_hash: Mapped[str | None] = mapped_column(String(64), nullable=True, default=None)
    """SHA-256 of the seat token, hex; the token itself is never stored."""
    claimed_at: Mapped[dt.datetime | None] = mapped_column(DateTime(timezone=True), nullable=True, default=None)


class MoveRow(Base):
    """One accepted move: written (and committed) before the move is acknowledged or shown to anyone."""

    __tablename__ = "moves"
    __table_args__ = (UniqueConstraint("room_id", "seat", "move_id", name="uq_moves_client_id"),)

    room_id: Mapped[str] = mapped_column(ForeignKey("rooms.id", ondelete="CASCADE"), primary_key=True)
    ply: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    move_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    """The client's id for the move (``None`` for bot moves)."""
    by: Mapped[str] = mapped_column(String(8))
    """``player``, ``bot`` (a bot seat), ``standin`` (a bot for an away player) or ``timeout``."""
    seq: Mapped[int] = mapped_column(Integer)
    """The room's event number after this move (so a retried move is acknowledged with the same numbers)."""
    created_at: Mapped[dt.datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


@dataclass
class MoveWrite:
    """A move to store, with the room's result when the move ends the game."""

    room_id: str
    ply: int
    seat: int
    action: str
    move_id: str | None
    by: str
    seq: int
    winners: list[int] | None = None
    returns: list[float] | None = None


@dataclass
class StoredRoom:
    """A room as loaded from the database: its row, seats and moves in order."""

    room: RoomRow
    seats: list[SeatRow]
    moves: list[MoveRow]


def database_url(target: str) -> str:
    """A SQLAlchemy URL from what the user typed: a URL as is (``postgresql://`` uses psycopg 3), else a file
    path for SQLite.

    >>> database_url("games.db"), database_url("postgresql://u@h/db")
    ('sqlite:///games.db', 'postgresql+psycopg://u@h/db')
    """
    if "://" not in target:
        return f"sqlite:///{target}"
    if target.startswith(("postgresql://", "postgres://")):
        return "postgresql+psycopg://" + target.split("://", 1)[1]
    return target


def _sqlite_pragmas(sync: str) -> Any:
    def on_connect(dbapi_conn: Any, _record: Any) -> None:
        # WAL lets readers run beside the writer; synchronous=FULL makes each commit durable even against power
        # loss (a fsync per commit, amortised by the server's group commit); foreign keys are off by default
        cur = dbapi_conn.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute(f"PRAGMA synchronous={'FULL' if sync == 'full' else 'NORMAL'}")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.execute("PRAGMA busy_timeout=10000")
        cur.close()

    return on_connect


class Store:
    """The server's database: blocking methods, each one transaction."""

    def __init__(self, url: str, sqlite_sync: str = "full") -> None:
        self.url = database_url(url)
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict[str, Any] = {}
        if self.is_sqlite:
            kwargs["connect_args"] = {"check_same_thread": False}
            if self.url in ("sqlite://", "sqlite:///:memory:"):
                kwargs["poolclass"] = StaticPool  # one shared in-memory database (tests, doctests)
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            event.listen(self.engine, "connect", _sqlite_pragmas(sqlite_sync))
        self._session = sessionmaker(self.engine, expire_on_commit=False)

    def migrate(self) -> None:
        """Create or upgrade the schema to the newest Alembic revision (idempotent)."""
        from alembic import command
        from alembic.config import Config

        cfg = Config()
        cfg.set_main_option("script_location", str(MIGRATIONS))
        with self.engine.connect() as conn:
            if self.is_sqlite:
                # SQLite alters a column by copying the table and dropping the old one; with foreign keys on,
                # dropping ``rooms`` would cascade and delete every seat and move. The pragma only takes effect
                # outside a transaction, so it is set (and later reset) around the migration's own.
                conn.exec_driver_sql("PRAGMA foreign_keys=OFF")
                conn.commit()
            try:
                with conn.begin():
                    cfg.attributes["connection"] = conn
                    command.upgrade(cfg, "head")
            finally:
                if self.is_sqlite:
                    conn.exec_driver_sql("PRAGMA foreign_keys=ON")
                    conn.commit()

    def revision(self) -> str | None:
        """The schema revision the database is at (``None`` before the first migration)."""
        from alembic.runtime.migration import MigrationContext

        conn: Connection
        with self.engine.connect() as conn:
            return MigrationContext.configure(conn).get_current_revision()

    def dispose(self) -> None:
        """Close every pooled connection."""
        self.engine.dispose()

    # --- rooms and seats -----------------------------------------------------------------------------------
    def create_room(self, room: RoomRow, seats: Sequence[SeatRow]) -> None:
        """Insert a new room with its seats."""
        with self._session.begin() as s:
            s.add(room)
            s.flush()  # the room row first: the seats refer to it
            s.add_all(seats)

    def claim_seat(self, room_id: str, seat: int, token_hash: str, name: str | None) -> bool:
        """Give a free human seat to the holder of ``token_hash``; false if someone holds it already.

        The conditional update is the arbiter: of many concurrent claims (even from several processes) exactly
        one changes the row.
        """
        now = utcnow()
        with self._session.begin() as s:
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.room_id == room_id, SeatRow.seat == seat, SeatRow.kind == "human",
                       SeatRow.token_hash.is_(None))
                .values(token_hash=token_hash, name=name, claimed_at=now)
            )
            won = getattr(result, "rowcount", 0) == 1
            if won:
                s.execute(update(RoomRow).where(RoomRow.id == room_id).values(active_at=now))
            return won

    def release_seat(self, room_id: str, seat: int, token_hash: str | None = None) -> bool:
        """Free a seat held by ``token_hash`` (a player leaving before the game starts), or, with no hash, held
        by anyone (the creator removing a player)."""
        with self._session.begin() as s:
            held = (SeatRow.token_hash.is_not(None) if token_hash is None else SeatRow.token_hash == token_hash)
            result = s.execute(
                update(SeatRow)
                .where(SeatRow.room_id == room_id, SeatRow.seat == seat, held)
                .values(token_hash=None, name=None, claimed_at=None)
            )
            freed = getattr(result, "rowcount", 0) == 1
            if freed:
                s.execute(update(RoomRow).where(RoomRow.id == room_id).values(active_at=utcnow()))
            return freed

    def set_status(self, room_id: str, status: str, error: str | None = None) -> None:
        """Change a room's status (``broken`` …)."""
        with self._session.begin() as s:
            s.execute(update(RoomRow).where(RoomRow.id == room_id).values(status=status, error=error))

    def deal(self, room_id: str, seed: int, salt: str, commitment: str) -> bool:
        """Start a waiting room's game: store its seed, the salt and the published commitment, and mark it
        ``playing`` — in one transaction, before anyone is shown the deal. False if it was not waiting."""
        with self._session.begin() as s:
            result = s.execute(
                update(RoomRow).where(RoomRow.id == room_id, RoomRow.status == "waiting")
                .values(status="playing", seed=seed, salt=salt, commitment=commitment, started_at=utcnow())
            )
            return getattr(result, "rowcount", 0) == 1

    def expire(self, room_id: str) -> bool:
        """Mark a waiting room ``expired`` (it waited with nobody there for too long); false if it was not
        waiting any more."""
        with self._session.begin() as s:
            result = s.execute(
                update(RoomRow).where(RoomRow.id == room_id, RoomRow.status == "waiting").values(status="expired")
            )
            return getattr(result, "rowcount", 0) == 1

    # --- moves ---------------------------------------------------------------------------------------------
    def write_moves(self, moves: Sequence[MoveWrite]) -> list[BaseException | None]:
        """Store moves from several rooms in one transaction (group commit); per move, ``None`` once committed
        or the error that refused it.

        One multi-row INSERT (SQLAlchemy Core: the ORM's unit of work would cost ten times more per move, all of
        it holding the GIL the event loop needs). If the batch fails as a whole, each move is retried alone so
        one bad move cannot sink the others.
        """
        try:
            self._insert_moves(moves)
            return [None] * len(moves)
        except Exception:
            if len(moves) == 1:
                raise
        out: list[BaseException | None] = []
        for m in moves:
            try:
                self._insert_moves([m])
                out.append(None)
            except Exception as e:  # reported to the one move's caller
                out.append(e)
        return out

    def _insert_moves(self, moves: Sequence[MoveWrite]) -> None:
        now = utcnow()
        with self.engine.begin() as conn:
            conn.execute(insert(MoveRow), [
                {"room_id": m.room_id, "ply": m.ply, "seat": m.seat, "action": m.action, "move_id": m.move_id,
                 "by": m.by, "seq": m.seq, "created_at": now} for m in moves
            ])
            for m in moves:
                if m.winners is not None:
                    conn.execute(
                        update(RoomRow).where(RoomRow.id == m.room_id)
                        .values(status="finished", winners=m.winners, returns=m.returns, finished_at=now)
                    )

    # --- reading -------------------------------------------------------------------------------------------
    def load_room(self, room_id: str) -> StoredRoom | None:
        """A room with its seats and moves, or ``None`` if there is no such room."""
        with self._session() as s:
            room = s.get(RoomRow, room_id)
            if room is None:
                return None
            return self._stored(s, room)

    def unfinished_ids(self) -> list[str]:
        """The ids of every room still playing, then of every room waiting (what the server rebuilds on start,
        in this order: games in progress first)."""
        with self._session() as s:
            rows = s.execute(select(RoomRow.id, RoomRow.status)
                             .where(RoomRow.status.in_(("waiting", "playing")))
                             .order_by(RoomRow.created_at)).all()
        return [r.id for r in rows if r.status == "playing"] + [r.id for r in rows if r.status == "waiting"]

    def status_of(self, room_id: str) -> str | None:
        """A room's status, or ``None`` if there is no such room."""
        with self._session() as s:
            return s.scalar(select(RoomRow.status).where(RoomRow.id == room_id))

    @staticmethod
    def _stored(s: Session, room: RoomRow) -> StoredRoom:
        seats = s.scalars(select(SeatRow).where(SeatRow.room_id == room.id).order_by(SeatRow.seat)).all()
        moves = s.scalars(select(MoveRow).where(MoveRow.room_id == room.id).order_by(MoveRow.ply)).all()
        return StoredRoom(room, list(seats), list(moves))

    def list_rooms(self, status: str | None = None, game: str | None = None, limit: int = 100) -> list[RoomRow]:
        """Public rooms, newest first, optionally of one status and game (private rooms are never listed)."""
        q = select(RoomRow).where(RoomRow.private.is_(False)).order_by(RoomRow.created_at.desc()).limit(limit)
        if status is not None:
            q = q.where(RoomRow.status == status)
        if game is not None:
            q = q.where(RoomRow.game == game)
        with self._session() as s:
            return list(s.scalars(q).all())

    def move_count(self, room_id: str) -> int:
        """How many moves of a room are stored."""
        with self._session() as s:
            return len(s.scalars(select(MoveRow.ply).where(MoveRow.room_id == room_id)).all())
