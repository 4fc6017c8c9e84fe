"""Helpers of the server tests: a real server in a subprocess, a throwaway PostgreSQL cluster, players that
drive clients through whole games, and the leak oracle."""

from __future__ import annotations

import asyncio
import contextlib
import glob
import json
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

import tablecraft
from tablecraft.core.api import State
from tablecraft.server.client import Client
from tablecraft.server.protocol import Ack, Error, Hello, Update, Welcome

FAST = ["--rate", "500", "--burst", "500", "--http-rate", "1000", "--http-burst", "5000", "--room-rate", "1000",
        "--room-burst", "5000", "--max-sockets", "1000"]
"""Test players move as fast as the server answers, and every test comes from one address: limits far above
that (floods and per-client limits are tested apart, on servers with the default or tight limits)."""


def run(coro: Any, timeout: float = 90.0) -> Any:
    """Run a test's coroutine to the end, failing (not hanging) after ``timeout`` seconds."""
    return asyncio.run(asyncio.wait_for(coro, timeout))


def free_port() -> int:
    """A TCP port free on localhost now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerProcess:
    """``python -m tablecraft serve`` in a subprocess on a free localhost port."""

    def __init__(self, db: str, log_path: Path, *args: str) -> None:
        self.db = db
        self.port = free_port()
        self.args = list(args)
        self.log_path = log_path
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        """Base HTTP URL."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws(self) -> str:
        """WebSocket URL."""
        return f"ws://127.0.0.1:{self.port}/ws"

    def start(self) -> ServerProcess:
        """Start and wait until ``/healthz`` answers (the database is migrated and games reloaded by then)."""
        cmd = [sys.executable, "-m", "tablecraft.server", "--port", str(self.port), "--db", self.db,
               "--log-level", "warning", *self.args]
        log = self.log_path.open("ab")
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
        log.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}:\n{self.log()}")
            try:
                if httpx.get(self.http + "/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError(f"the server did not start:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL: no clean-up of any kind runs."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        """Stop politely (SIGTERM), or kill after 10 s."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def log(self) -> str:
        """The server's output so far."""
        try:
            return self.log_path.read_text(errors="replace")[-5000:]
        except OSError:
            return ""

    def get(self, path: str, **params: Any) -> Any:
        """GET a JSON answer (status 200 required)."""
        r = httpx.get(self.http + path, params=params, timeout=30)
        assert r.status_code == 200, (r.status_code, r.text)
        return r.json()

    def create_room(self, **body: Any) -> dict[str, Any]:
        """POST /api/rooms and return the room info."""
        r = httpx.post(self.http + "/api/rooms", json=body, timeout=30)
        assert r.status_code == 201, (r.status_code, r.text)
        result: dict[str, Any] = r.json()
        return result


# ------------------------------------------------------------------------------------------------ PostgreSQL
def postgres_bin() -> str | None:
    """The directory of ``initdb``/``pg_ctl``: on the PATH, or Debian's /usr/lib/postgresql/N/bin."""
    found = shutil.which("initdb")
    if found and shutil.which("pg_ctl"):
        return os.path.dirname(os.path.realpath(found))
    for d in sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True):
        if os.path.exists(os.path.join(d, "initdb")) and os.path.exists(os.path.join(d, "pg_ctl")):
            return d
    return None


class PostgresCluster:
    """A throwaway PostgreSQL cluster in a temporary directory, on a free port, owned by a non-root user."""

    def __init__(self, bindir: str) -> None:
        self.bindir = bindir
        self.port = free_port()
        self.dir = tempfile.mkdtemp(prefix="tablecraft-pg-")
        self.data = os.path.join(self.dir, "data")
        self.runas: list[str] = []
        if os.geteuid() == 0:
            # PostgreSQL refuses to run as root: run it as the postgres user of the system package
            runuser = shutil.which("runuser")
            if runuser is None:
                raise RuntimeError("running as root without runuser to start PostgreSQL as another user")
            shutil.chown(self.dir, "postgres")
            self.runas = [runuser, "-u", "postgres", "--"]
        self._n = 0

    def _run(self, *cmd: str) -> None:
        subprocess.run([*self.runas, *cmd], check=True, capture_output=True, timeout=120)

    def start(self) -> PostgresCluster:
        """initdb, then start on localhost (socket in the temporary directory) and wait until it accepts."""
        self._run(os.path.join(self.bindir, "initdb"), "-D", self.data, "-U", "postgres", "--auth=trust",
                  "-E", "UTF8", "--no-sync")
        opts = f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c max_connections=200"
        self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-o", opts,
                  "-l", os.path.join(self.dir, "log"), "-w", "-t", "60", "start")
        return self

    def stop(self) -> None:
        """Stop the cluster and delete its files."""
        with contextlib.suppress(Exception):
            self._run(os.path.join(self.bindir, "pg_ctl"), "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.dir, ignore_errors=True)

    def new_database(self) -> str:
        """Create an empty database; return its URL."""
        import psycopg

        self._n += 1
        name = f"tc_{os.getpid()}_{self._n}"
        with psycopg.connect(f"postgresql://postgres@127.0.0.1:{self.port}/postgres", autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"


# --------------------------------------------------------------------------------------------------- players
@dataclass
class SeatPlayer:
    """A test player: a client that joins a seat and chooses random legal actions from the frames it gets."""

    url: str
    room: str
    seat: int
    rng: random.Random
    client: Client = field(init=False)
    acks: list[Ack] = field(default_factory=list)
    connections: list[Client] = field(default_factory=list)
    """Every connection this player used (one per reconnect), for the leak scan."""
    moves_sent: int = 0
    pending: tuple[str, str, int] | None = None
    """A move sent but not yet acknowledged: (move id, action, ply)."""

    def __post_init__(self) -> None:
        self.client = Client(self.url)

    async def join(self) -> None:
        """Connect and take the seat."""
        await self.client.connect()
        self.connections.append(self.client)
        answer = await self.client.join(self.room, self.seat)
        assert isinstance(answer, Welcome), answer

    async def reconnect(self) -> None:
        """A new connection resuming the seat from the last event received; retry an unacknowledged move."""
        old = self.client
        fresh = Client(self.url)
        fresh.room, fresh.seat, fresh.token = old.room, old.seat, old.token
        fresh.seq, fresh.events, fresh.resynced = old.seq, old.events, old.resynced
        self.client = fresh
        await fresh.connect()
        self.connections.append(fresh)
        answer = await fresh.resume()
        assert isinstance(answer, Welcome), answer
        if self.pending is not None:
            # the move may have been stored before the connection dropped: a retry is acknowledged either way
            # (as a duplicate if it was), even once the game is over
            move_id, action, ply = self.pending
            await fresh.move(action, move_id)
        else:
            await self.maybe_move()

    async def step(self, timeout: float = 30.0) -> None:
        """Read one frame and move if it is this seat's turn."""
        frame = await self.client.recv(timeout)
        if isinstance(frame, Ack):
            self.acks.append(frame)
            if self.pending and frame.move_id == self.pending[0]:
                self.pending = None
        elif isinstance(frame, Error):
            raise AssertionError(f"seat {self.seat}: server error {frame.code}: {frame.message}")
        if isinstance(frame, Update | Welcome | Ack):
            await self.maybe_move()

    async def maybe_move(self) -> None:
        """Send a random legal move if the latest frame offers this seat a decision and none is in flight."""
        last = self.client.last
        if self.pending is not None or last is None or not self.client.my_turn:
            return
        if self.acks and self.acks[-1].ply >= last.ply:
            return  # the offer predates our own last move's update
        assert last.legal is not None
        # like the bots, never take a build back (``cancel``): these players test the server, not the take-back
        action = self.rng.choice([a for a in last.legal if a != "cancel"] or last.legal)
        self.moves_sent += 1
        move_id = f"s{self.seat}-m{self.moves_sent}"
        self.pending = (move_id, action, last.ply)
        await self.client.move(action, move_id)

    @property
    def done(self) -> bool:
        """The game is over and no move is waiting for its acknowledgement."""
        return self.client.finished and self.pending is None


async def play_out(players: list[SeatPlayer], timeout: float = 120.0) -> None:
    """Let every player step until the game is over."""
    async def run(p: SeatPlayer) -> None:
        while not p.done:
            await p.step()

    await asyncio.wait_for(asyncio.gather(*(run(p) for p in players)), timeout)


async def spectate_to_end(client: Client, room: str, timeout: float = 120.0) -> None:
    """A spectator watching until the game is over."""
    async def run() -> None:
        await client.connect()
        answer = await client.spectate(room)
        assert isinstance(answer, Welcome), answer
        while not client.finished:
            await client.recv()

    await asyncio.wait_for(run(), timeout)


# ------------------------------------------------------------------------------------------------ the oracle
CARD_TOKEN = re.compile(r"^(?:10|[2-9AJQK])[SHCD]$|^JK[RB]$")


def strings_of(obj: Any) -> Iterator[str]:
    """Every string in a JSON value (keys included), and every word inside strings that looks like a card."""
    if isinstance(obj, str):
        yield obj
        for word in re.split(r"[^0-9A-Za-z]+", obj):
            if word != obj and CARD_TOKEN.match(word):
                yield word
    elif isinstance(obj, dict):
        for k, v in obj.items():
            yield from strings_of(k)
            yield from strings_of(v)
    elif isinstance(obj, list):
        for v in obj:
            yield from strings_of(v)


class TruthOracle:
    """The true game, rebuilt independently of the server from its exported record (``Game.replay``)."""

    def __init__(self, record: dict[str, Any]) -> None:
        self.game = tablecraft.load(record["game"], num_seats=record["seats"], **record["options"])
        self.record = record
        state = self.game.new_initial_state(record["seed"], record["setup"])
        self.states: list[State[Any]] = [state.clone()]
        for a in record["actions"]:
            state.apply(a)
            self.states.append(state.clone())
        self._hidden: dict[tuple[int, int | None], set[str]] = {}

    @property
    def final(self) -> State[Any]:
        """The final state."""
        return self.states[-1]

    def hidden(self, ply: int, seat: int | None) -> set[str]:
        """``never_shown(seat)`` after ``ply`` moves."""
        key = (ply, seat)
        if key not in self._hidden:
            self._hidden[key] = self.states[ply].never_shown(seat)
        return self._hidden[key]

    def scan(self, client: Client, seat: int | None) -> list[str]:
        """Every hidden card or identity found in the frames ``client`` received; each frame is checked against
        what ``seat`` had never been shown at the moment it was sent."""
        findings = []
        ply = 0
        for text, frame in client.frames:
            if isinstance(frame, Welcome | Update):
                ply = frame.ply
            elif isinstance(frame, Ack):
                ply = max(ply, frame.ply + 1)
            elif isinstance(frame, Hello):
                pass
            leaked = self.hidden(ply, seat).intersection(strings_of(json.loads(text)))
            if leaked:
                findings.append(f"{frame.type} at move {ply} shows seat {seat} {sorted(leaked)}")
        return findings

    def check_frames_match_engine(self, client: Client, seat: int | None) -> None:
        """Every view a frame carries is the engine's ``view(seat)`` at that move, and the legal actions are
        offered exactly to the seat to move."""
        for _, frame in client.frames:
            if isinstance(frame, Welcome) and frame.status == "waiting":
                assert frame.view is None and frame.events == [], "a frame shows the game before the deal"
                continue
            if isinstance(frame, Welcome | Update):
                state = self.states[frame.ply]
                assert frame.view == json.loads(json.dumps(state.view(seat))), f"view differs at move {frame.ply}"
                if frame.legal is not None:
                    assert seat == state.current_player()
                    assert frame.legal == [str(a) for a in state.legal_actions()]

    def log(self, seat: int | None) -> list[dict[str, Any]]:
        """The uninterrupted event stream of ``seat`` (JSON-normalised)."""
        out: list[dict[str, Any]] = json.loads(json.dumps(self.final.log(seat)))
        return out
