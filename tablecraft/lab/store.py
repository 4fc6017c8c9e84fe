"""Where lab results live: a real database through SQLAlchemy 2 (SQLite by default, PostgreSQL by URL).

Three tables:

- ``lab_runs``: one row per run — what was asked: the game, seat count, base options, agents, seatings, first
  seed, the kind of study (``run``, ``compare``, ``vary``, ``balance``) and its parameters.
- ``lab_arms``: the option sets a run plays (one for a plain run, one per variant or parameter value for a
  comparison, one per evaluated point for a balance search), each with its full resolved options and the number
  of deals it was last asked to reach (so ``--resume`` first completes an interrupted request).
- ``lab_games``: one row per game played, unique on ``(arm, seed, seating)``: winners, returns, roles, first
  player, length, end reason, event-kind counts and (optionally) the actions, which replay it.

Games are written as each batch comes back, one transaction per batch, with "insert, ignore if already there" on
the unique key: a run interrupted at any moment keeps every batch already stored, and resuming it never stores a
game twice.

``--db lab.sqlite`` is a file path (SQLite, nothing to set up); anything with ``://`` is a SQLAlchemy URL, e.g.
``postgresql+psycopg://user:password@host/dbname``.

>>> store = Store.open("sqlite://")            # an in-memory database
>>> run = store.create_run(kind="run", game_id="wizard-towers", seats=3, options={}, agents=["random"],
...                        seatings=[[0, 0, 0]], seating_mode="all", seed=0, params={})
>>> arm = store.add_arm(run, label="default", options={"wizard_hp": 150})
>>> record = {"winners": [2], "returns": [-1, -1, 1], "roles": ["w", "w", "z"], "first_player": 0,
...           "decisions": 10, "turns": 4, "end_reason": "last_alive", "events": {"turn": 4}}
>>> store.add_games(arm, [(0, 0, record), (0, 0, record)])   # the same (seed, seating) twice: stored once
1
>>> [seed for seed, seating, _ in store.games(arm)]
[0]
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    DateTime,
    ForeignKey,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    select,
)
from sqlalchemy import insert as insert_rows
from sqlalchemy.engine import Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

import tablecraft
from tablecraft.core.api import Json

# SQLite only autoincrements an INTEGER PRIMARY KEY; elsewhere ids are 64-bit
_Id = BigInteger().with_variant(Integer, "sqlite")


class Base(DeclarativeBase):
    """The declarative base of the lab's tables."""


class RunRow(Base):
    """A run: what was asked (game, options, agents, seatings, seeds) and the study it belongs to."""

    __tablename__ = "lab_runs"

    id: Mapped[int] = mapped_column(_Id, primary_key=True, autoincrement=True)
    created: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    kind: Mapped[str] = mapped_column(String(16))
    game_id: Mapped[str] = mapped_column(String(64))
    seats: Mapped[int] = mapped_column(Integer)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    agents: Mapped[list[str]] = mapped_column(JSON)
    seatings: Mapped[list[list[int]]] = mapped_column(JSON)
    seating_mode: Mapped[str] = mapped_column(String(16))
    seed: Mapped[int] = mapped_column(BigInteger)
    params: Mapped[dict[str, Any]] = mapped_column(JSON)
    version: Mapped[str] = mapped_column(String(32))


class ArmRow(Base):
    """One option set a run plays (a variant, a parameter value, a balance point)."""

    __tablename__ = "lab_arms"
    __table_args__ = (UniqueConstraint("run_id", "position"),)

    id: Mapped[int] = mapped_column(_Id, primary_key=True, autoincrement=True)
    run_id: Mapped[int] = mapped_column(ForeignKey("lab_runs.id", ondelete="CASCADE"), index=True)
    position: Mapped[int] = mapped_column(Integer)
    label: Mapped[str] = mapped_column(String)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    planned_deals: Mapped[int] = mapped_column(Integer, default=0)
    """Deals (seeds) the arm was last asked to reach: what resuming an interrupted run completes first."""


class GameRow(Base):
    """One game played: the record's statistics, unique on (arm, seed, seating)."""

    __tablename__ = "lab_games"
    __table_args__ = (UniqueConstraint("arm_id", "seed", "seating", name="uq_lab_games_arm_seed_seating"),)

    id: Mapped[int] = mapped_column(_Id, primary_key=True, autoincrement=True)
    arm_id: Mapped[int] = mapped_column(ForeignKey("lab_arms.id", ondelete="CASCADE"))
    seed: Mapped[int] = mapped_column(BigInteger)
    seating: Mapped[int] = mapped_column(Integer)
    winners: Mapped[list[int]] = mapped_column(JSON)
    returns: Mapped[list[float]] = mapped_column(JSON)
    roles: Mapped[list[str]] = mapped_column(JSON)
    first_player: Mapped[int] = mapped_column(Integer)
    decisions: Mapped[int] = mapped_column(Integer)
    turns: Mapped[int | None] = mapped_column(Integer, nullable=True)
    end_reason: Mapped[str | None] = mapped_column(String, nullable=True)
    events: Mapped[dict[str, int]] = mapped_column(JSON)
    actions: Mapped[list[str] | None] = mapped_column(JSON, nullable=True)


@dataclass(frozen=True)
class Run:
    """A stored run as plain data."""

    id: int
    created: datetime
    kind: str
    game_id: str
    seats: int
    options: Json
    agents: list[str]
    seatings: list[tuple[int, ...]]
    seating_mode: str
    seed: int
    params: Json
    version: str

    def to_json(self) -> Json:
        """JSON of the run's definition."""
        return {"id": self.id, "created": self.created.isoformat(), "kind": self.kind, "game": self.game_id,
                "seats": self.seats, "options": self.options, "agents": self.agents,
                "seatings": [list(s) for s in self.seatings], "seating_mode": self.seating_mode,
                "seed": self.seed, "params": self.params, "version": self.version}


@dataclass(frozen=True)
class Arm:
    """A stored arm as plain data."""

    id: int
    run_id: int
    position: int
    label: str
    options: Json


def database_url(db: str | Path) -> str:
    """A SQLAlchemy URL from ``--db``: a URL is kept, anything else is an SQLite file path.

    >>> database_url("lab.sqlite")
    'sqlite:///lab.sqlite'
    >>> database_url("postgresql+psycopg://lab@db.example/lab")
    'postgresql+psycopg://lab@db.example/lab'
    """
    text = str(db)
    return text if "://" in text else f"sqlite:///{text}"


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    cursor.execute("PRAGMA foreign_keys=ON")
    # a writer waits for a reader (``lab show`` while a run is going) instead of failing at once
    cursor.execute("PRAGMA busy_timeout=30000")
    # write-ahead log, synced at checkpoints: a commit survives the process being killed (what "nothing is lost
    # if interrupted" needs) without an fsync per batch; the log is folded back into the one file on close
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


class Store:
    """The lab's database: create runs and arms, store games idempotently, read them back."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._session = sessionmaker(engine, expire_on_commit=False)
        Base.metadata.create_all(engine)

    @classmethod
    def open(cls, db: str | Path) -> Store:
        """Open (creating the tables if needed) the database at ``db``: a file path or a SQLAlchemy URL."""
        url = database_url(db)
        engine = create_engine(url)
        if engine.dialect.name == "sqlite":
            event.listen(engine, "connect", _sqlite_pragmas)
            if url.startswith("sqlite:///") and url != "sqlite:///":
                Path(url.removeprefix("sqlite:///")).expanduser().parent.mkdir(parents=True, exist_ok=True)
        return cls(engine)

    def close(self) -> None:
        """Release the connections."""
        self.engine.dispose()

    @property
    def url(self) -> str:
        """The database URL with any password hidden."""
        return self.engine.url.render_as_string(hide_password=True)

    # --- runs and arms ------------------------------------------------------------------------------------
    def create_run(self, *, kind: str, game_id: str, seats: int, options: Json, agents: Sequence[str],
                   seatings: Sequence[Sequence[int]], seating_mode: str, seed: int, params: Json) -> Run:
        """Store a new run and return it (with its id)."""
        row = RunRow(created=datetime.now(UTC), kind=kind, game_id=game_id, seats=seats, options=dict(options),
                     agents=list(agents), seatings=[list(s) for s in seatings], seating_mode=seating_mode,
                     seed=seed, params=dict(params), version=tablecraft.__version__)
        with self._session.begin() as session:
            session.add(row)
            session.flush()
            return _run(row)

    def update_params(self, run: Run, params: Json) -> Run:
        """Replace a run's ``params`` (a balance search records its result there)."""
        with self._session.begin() as session:
            row = session.get_one(RunRow, run.id)
            row.params = dict(params)
            session.flush()
            return _run(row)

    def run(self, run_id: int) -> Run:
        """The run ``run_id``; ``KeyError`` naming the runs there are if there is none."""
        with self._session() as session:
            row = session.get(RunRow, run_id)
            if row is None:
                ids = session.scalars(select(RunRow.id).order_by(RunRow.id)).all()
                known = ", ".join(map(str, ids[-20:])) or "none"
                raise KeyError(f"no run {run_id} in {self.url}; runs there: {known}")
            return _run(row)

    def runs(self) -> list[tuple[Run, int]]:
        """Every run with its number of stored games, oldest first."""
        with self._session() as session:
            counts = {r[0]: r[1] for r in session.execute(
                select(ArmRow.run_id, func.count(GameRow.id)).join(GameRow, GameRow.arm_id == ArmRow.id)
                .group_by(ArmRow.run_id))}
            rows = session.scalars(select(RunRow).order_by(RunRow.id)).all()
            return [(_run(r), counts.get(r.id, 0)) for r in rows]

    def add_arm(self, run: Run, label: str, options: Json) -> Arm:
        """The run's arm with exactly these options (created at the next position if there is none)."""
        for arm in self.arms(run):
            if arm.options == options:
                return arm
        with self._session.begin() as session:
            position = session.scalar(
                select(func.coalesce(func.max(ArmRow.position) + 1, 0)).where(ArmRow.run_id == run.id))
            row = ArmRow(run_id=run.id, position=position or 0, label=label, options=dict(options))
            session.add(row)
            session.flush()
            return Arm(row.id, row.run_id, row.position, row.label, dict(row.options))

    def arms(self, run: Run) -> list[Arm]:
        """The run's arms in order."""
        with self._session() as session:
            rows = session.scalars(select(ArmRow).where(ArmRow.run_id == run.id).order_by(ArmRow.position)).all()
            return [Arm(r.id, r.run_id, r.position, r.label, dict(r.options)) for r in rows]

    def planned_deals(self, arm: Arm) -> int:
        """The deals the arm was last asked to reach (0 if never)."""
        with self._session() as session:
            return session.get_one(ArmRow, arm.id).planned_deals or 0

    def plan_deals(self, arm: Arm, deals: int) -> None:
        """Record that the arm is to reach ``deals`` deals (kept if it already planned more)."""
        with self._session.begin() as session:
            row = session.get_one(ArmRow, arm.id)
            row.planned_deals = max(row.planned_deals or 0, deals)

    # --- games --------------------------------------------------------------------------------------------
    def add_games(self, arm: Arm, games: Sequence[tuple[int, int, Json]]) -> int:
        """Store ``(seed, seating, record)`` games in one transaction; games already stored for the same
        ``(arm, seed, seating)`` are left as they are. Returns how many were new."""
        if not games:
            return 0
        rows = [_game_values(arm.id, seed, seating, record) for seed, seating, record in games]
        dialect = self.engine.dialect.name
        with self._session.begin() as session:
            if dialect in ("sqlite", "postgresql"):
                from sqlalchemy.dialects import postgresql, sqlite

                insert = sqlite.insert if dialect == "sqlite" else postgresql.insert
                stmt = (insert(GameRow).on_conflict_do_nothing(index_elements=["arm_id", "seed", "seating"])
                        .returning(GameRow.id))
                # RETURNING lists only the rows really inserted (SQLAlchemy sends them as multi-row INSERTs)
                return len(session.execute(stmt, rows).all())
            # other databases: skip what is there, inside the same transaction
            have = {(r[0], r[1]) for r in session.execute(
                select(GameRow.seed, GameRow.seating).where(GameRow.arm_id == arm.id))}
            new = [r for r in rows if (r["seed"], r["seating"]) not in have]
            if new:
                session.execute(insert_rows(GameRow), new)
            return len(new)

    @staticmethod
    def _count(session: Session, arm: Arm) -> int:
        return session.scalar(select(func.count(GameRow.id)).where(GameRow.arm_id == arm.id)) or 0

    def count(self, arm: Arm) -> int:
        """How many games the arm has stored."""
        with self._session() as session:
            return self._count(session, arm)

    def keys(self, arm: Arm) -> set[tuple[int, int]]:
        """The ``(seed, seating)`` pairs the arm has stored."""
        with self._session() as session:
            return {(r[0], r[1]) for r in session.execute(
                select(GameRow.seed, GameRow.seating).where(GameRow.arm_id == arm.id))}

    def games(self, arm: Arm, with_actions: bool = False) -> Iterator[tuple[int, int, Json]]:
        """The arm's games as ``(seed, seating, record)``, ordered by seed then seating (a record has the keys
        the statistics read; ``actions`` too if asked and stored)."""
        columns = [GameRow.seed, GameRow.seating, GameRow.winners, GameRow.returns, GameRow.roles,
                   GameRow.first_player, GameRow.decisions, GameRow.turns, GameRow.end_reason, GameRow.events]
        if with_actions:
            columns.append(GameRow.actions)
        with self._session() as session:
            result = session.execute(
                select(*columns).where(GameRow.arm_id == arm.id).order_by(GameRow.seed, GameRow.seating)
                .execution_options(yield_per=5000))
            for row in result:
                record = {"seed": row.seed, "winners": row.winners, "returns": row.returns, "roles": row.roles,
                          "first_player": row.first_player, "decisions": row.decisions, "turns": row.turns,
                          "end_reason": row.end_reason, "events": row.events}
                if with_actions:
                    record["actions"] = row.actions
                yield row.seed, row.seating, record


def _run(row: RunRow) -> Run:
    return Run(row.id, row.created, row.kind, row.game_id, row.seats, dict(row.options), list(row.agents),
               [tuple(s) for s in row.seatings], row.seating_mode, row.seed, dict(row.params), row.version)


def _game_values(arm_id: int, seed: int, seating: int, record: Json) -> dict[str, Any]:
    # JSON columns get plain lists/dicts; a round trip through json makes tuples and numpy numbers plain too
    return {
        "arm_id": arm_id, "seed": seed, "seating": seating,
        "winners": list(record["winners"]), "returns": [float(x) for x in record["returns"]],
        "roles": list(record.get("roles") or []), "first_player": int(record.get("first_player", 0)),
        "decisions": int(record["decisions"]), "turns": record.get("turns"),
        "end_reason": record.get("end_reason"), "events": json.loads(json.dumps(record.get("events") or {})),
        "actions": record.get("actions"),
    }
