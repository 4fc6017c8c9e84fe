"""Load benchmark of the game server: many concurrent rooms played through the real WebSocket protocol.

Every seat of every room is an asyncio WebSocket client that plays a random legal action from the ``legal``
list the server offers it (so the moves go through join, move, ack and update exactly as a person's would),
optionally after a think time. Each room also has spectators; idle spectator connections make up the number of
open connections asked for. When a game ends, its table opens a new room, so the number of active rooms stays
constant for the whole run.

Measured, client side: connections held open at the end, moves acknowledged per second, and the move latency
(from sending a move to receiving its ``ack``, i.e. including the database commit) at p50/p95/p99/max. When
the script starts the server itself it also reports the server process's CPU use.

Loopback only, and bounded: at most 2,000 rooms, 5,000 connections and 600 seconds.

    python benchmarks/server_load.py                                   # 200 rooms, 1,000 connections, 30 s
    python benchmarks/server_load.py --rooms 200 --connections 1000 --think 0.5 --duration 60
    python benchmarks/server_load.py --url ws://127.0.0.1:8000/ws      # against a running server
    python benchmarks/server_load.py --seats 1 --bot random --bot heuristic --connections 400  # with server bots
    python benchmarks/server_load.py --db postgresql://postgres@127.0.0.1:5432/bench --json
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import os
import random
import resource
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlparse

import httpx
import websockets

MAX_ROOMS = 2000
MAX_CONNECTIONS = 5000
MAX_SECONDS = 600


@dataclass
class Stats:
    """What the clients measured."""

    latencies: list[float] = field(default_factory=list)
    moves: int = 0
    games: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    frames: int = 0
    open_connections: int = 0
    peak_connections: int = 0
    ready: int = 0
    """Tables whose connections are open and whose first room is being played."""

    def opened(self) -> None:
        self.open_connections += 1
        self.peak_connections = max(self.peak_connections, self.open_connections)

    def error(self, what: str) -> None:
        self.errors[what] = self.errors.get(what, 0) + 1


def free_port() -> int:
    """A TCP port free on localhost now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def raise_fd_limit() -> int:
    """Raise this process's open-file limit to the hard limit (each connection is a file descriptor)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return resource.getrlimit(resource.RLIMIT_NOFILE)[0]


def cpu_seconds(pid: int) -> float:
    """User + system CPU seconds used so far by process ``pid`` (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


class Table:
    """One table: a room at a time, its seat players and its spectators; a new room when a game ends."""

    def __init__(self, index: int, http: str, ws: str, game: str, seats: int, spectators: int, think: float,
                 stats: Stats, stop: asyncio.Event, bots: list[str] | None = None) -> None:
        self.index, self.http, self.ws, self.game, self.seats = index, http, ws, game, seats
        self.bots = bots or []
        """Agent specs of the server-bot seats after the people's seats (played by the server's bot pool)."""
        self.spectators, self.think, self.stats, self.stop = spectators, think, stats, stop
        self.rng = random.Random(index)
        self.conns: list[Any] = []
        self.bound: list[bool] = []

    async def run(self, client: httpx.AsyncClient) -> None:
        """Open the connections once, then play room after room until told to stop."""
        for _ in range(self.seats + self.spectators):
            self.conns.append(await websockets.connect(self.ws, max_size=None, open_timeout=60,
                                                       ping_interval=None))
            self.bound.append(False)
            self.stats.opened()
            await self.conns[-1].recv()  # hello
        # one socket per seat stays open across rooms: a finished game frees it for the next room
        while not self.stop.is_set():
            r = await client.post(self.http + "/api/rooms", json={"game": self.game,
                                                                  "seats": [{"kind": "human"}] * self.seats
                                                                  + [{"kind": "bot", "agent": a} for a in self.bots]})
            room = r.json()["room"]
            # the spectators leave the old room by reconnecting (a socket watches one room)
            first = not any(self.bound)
            games = asyncio.gather(*(self._play(i, room) for i in range(self.seats)),
                                   *(self._watch(self.seats + j, room) for j in range(self.spectators)))
            if first:
                self.stats.ready += 1
            await games
            self.stats.games += 1

    async def _fresh(self, i: int) -> Any:
        """Connection ``i``, replaced by a new one if it is bound to the previous room."""
        if self.bound[i]:
            await self.conns[i].close()
            self.stats.open_connections -= 1
            self.conns[i] = await websockets.connect(self.ws, max_size=None, open_timeout=60, ping_interval=None)
            self.stats.opened()
            await self.conns[i].recv()  # hello
        self.bound[i] = True
        return self.conns[i]

    async def _watch(self, i: int, room: str) -> None:
        ws = await self._fresh(i)
        await ws.send(json.dumps({"type": "spectate", "room": room}))
        while True:
            frame = json.loads(await ws.recv())
            self.stats.frames += 1
            if frame.get("status") == "finished" or self.stop.is_set():
                return

    async def _play(self, seat: int, room: str) -> None:
        ws = await self._fresh(seat)
        await ws.send(json.dumps({"type": "join", "room": room, "seat": seat}))
        token = None
        sent_at: dict[str, float] = {}
        n = 0
        last_ack_ply = -1
        while True:
            frame = json.loads(await ws.recv())
            self.stats.frames += 1
            kind = frame["type"]
            if kind == "welcome" and frame.get("token"):
                token = frame["token"]
            elif kind == "ack":
                self.stats.latencies.append(time.perf_counter() - sent_at.pop(frame["move_id"]))
                self.stats.moves += 1
                last_ack_ply = frame["ply"]
                continue
            elif kind == "error":
                self.stats.error(frame["code"])
                continue
            if frame.get("status") == "finished":
                return
            if kind in ("welcome", "update") and frame.get("legal") and frame["ply"] > last_ack_ply and not sent_at:
                if self.stop.is_set():
                    return
                if self.think:
                    await asyncio.sleep(self.rng.uniform(0, 2 * self.think))
                n += 1
                move_id = f"{seat}-{n}"
                sent_at[move_id] = time.perf_counter()
                await ws.send(json.dumps({"type": "move", "token": token, "move_id": move_id,
                                          "action": self.rng.choice(frame["legal"])}))


def start_server(db: str | None, log: Any, sqlite_sync: str,
                 scratch: str) -> tuple[subprocess.Popen[bytes], str, str]:
    """Start ``python -m tablecraft.server`` on a free port; the rate limits are raised for robot players, and
    the per-client limits (every robot comes from this one address) far above what the run does."""
    port = free_port()
    database = db or os.path.join(scratch, "load.sqlite3")
    proc = subprocess.Popen(
        [sys.executable, "-m", "tablecraft.server", "--port", str(port), "--db", database, "--log-level",
         "warning", "--rate", "1000", "--burst", "1000", "--sqlite-sync", sqlite_sync,
         "--http-rate", "100000", "--http-burst", "100000", "--room-rate", "100000", "--room-burst", "100000",
         "--max-sockets", str(MAX_CONNECTIONS + 100)], stdout=log, stderr=subprocess.STDOUT)
    http = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        try:
            if httpx.get(http + "/healthz", timeout=1).status_code == 200:
                return proc, http, f"ws://127.0.0.1:{port}/ws"
        except httpx.HTTPError:
            time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


async def run(args: argparse.Namespace) -> dict[str, Any]:
    """Run the load; return the measurements."""
    if args.url:
        host = urlparse(args.url).hostname
        if host not in ("127.0.0.1", "localhost", "::1"):
            raise SystemExit("this benchmark runs on the loopback interface only")
        ws = args.url
        http = ws.replace("ws", "http", 1).rsplit("/ws", 1)[0]
        proc = None
    else:
        proc, http, ws = start_server(args.db, subprocess.DEVNULL, args.sqlite_sync, args.scratch)
    stats = Stats()
    stop = asyncio.Event()
    players = args.rooms * args.seats
    spectators_total = max(0, args.connections - players)
    per_table = [spectators_total // args.rooms + (1 if i < spectators_total % args.rooms else 0)
                 for i in range(args.rooms)]
    tables = [Table(i, http, ws, args.game, args.seats, per_table[i], args.think, stats, stop, args.bot)
              for i in range(args.rooms)]
    limits = httpx.Limits(max_connections=50)
    async with httpx.AsyncClient(timeout=60, limits=limits) as client:
        tasks = []
        for t in tables:
            tasks.append(asyncio.ensure_future(t.run(client)))
            await asyncio.sleep(args.ramp / max(1, args.rooms))
        deadline = time.monotonic() + 120
        while stats.ready < args.rooms and time.monotonic() < deadline:  # every table open and playing
            await asyncio.sleep(0.1)
        await asyncio.sleep(2)  # let the first moves of the last tables settle
        gc.collect()
        gc.freeze()  # the client's own long-lived objects: keep its collector from adding pauses to the latencies
        cpu0 = cpu_seconds(proc.pid) if proc else None
        me0 = cpu_seconds(os.getpid())
        t0 = time.perf_counter()
        moves0 = stats.moves
        stats.latencies.clear()
        await asyncio.sleep(args.duration)
        elapsed = time.perf_counter() - t0
        moves = stats.moves - moves0
        held = sum(1 for t in tables for c in t.conns if c.state.name == "OPEN")
        client_cpu = (cpu_seconds(os.getpid()) - me0) / elapsed
        health = (await client.get(http + "/healthz")).json()
        cpu = (cpu_seconds(proc.pid) - cpu0) / elapsed if proc and cpu0 is not None else None
        stop.set()
        lat = sorted(stats.latencies)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    for t in tables:
        for c in t.conns:
            with contextlib.suppress(Exception):
                await c.close()
    if proc is not None:
        proc.terminate()
        proc.wait(10)

    def pct(p: float) -> float:
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000 if lat else float("nan")

    return {
        "rooms": args.rooms, "database": args.url or args.db or f"sqlite ({args.sqlite_sync})", "seats": args.seats,
        "bots": args.bot or [], "think_s": args.think, "duration_s": round(elapsed, 1),
        "server_bots": health.get("bots"),
        "connections_held": held, "server_connections": health.get("connections"),
        "moves": moves, "moves_per_s": round(moves / elapsed, 1), "games_finished": stats.games,
        "latency_ms": {"p50": round(pct(0.50), 2), "p95": round(pct(0.95), 2), "p99": round(pct(0.99), 2),
                       "max": round(lat[-1] * 1000, 2) if lat else None,
                       "mean": round(statistics.fmean(lat) * 1000, 2) if lat else None},
        "errors": stats.errors, "server_cpu_cores": round(cpu, 2) if cpu is not None else None,
        "client_cpu_cores": round(client_cpu, 2), "load_average": os.getloadavg()[0],
        "cpus": os.cpu_count(),
    }


def main() -> None:
    """Parse the arguments, run, print the results."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rooms", type=int, default=200, help="concurrent active rooms (tables)")
    ap.add_argument("--connections", type=int, default=1000, help="open connections (players + spectators)")
    ap.add_argument("--seats", type=int, default=3, help="seats per room played through the protocol")
    ap.add_argument("--bot", action="append", help="an extra seat played by a server bot with this agent spec "
                    "(repeatable; --seats 1 --bot random --bot random: one person and two bots per room)")
    ap.add_argument("--game", default="wizard-towers")
    ap.add_argument("--think", type=float, default=0.0, help="mean think time before a move, seconds")
    ap.add_argument("--duration", type=float, default=30.0, help="measured seconds (after the ramp-up)")
    ap.add_argument("--ramp", type=float, default=5.0, help="seconds over which the tables open")
    ap.add_argument("--url", help="an already running server's ws:// URL on this machine")
    ap.add_argument("--db", help="database for the server this script starts (default: a temporary SQLite)")
    ap.add_argument("--sqlite-sync", choices=("full", "normal"), default="full",
                    help="the started server's SQLite durability (see tablecraft serve --help)")
    ap.add_argument("--json", action="store_true", help="print the results as one JSON object")
    args = ap.parse_args()
    if not 1 <= args.rooms <= MAX_ROOMS:
        raise SystemExit(f"--rooms must be 1..{MAX_ROOMS}")
    if not args.rooms * args.seats <= args.connections <= MAX_CONNECTIONS:
        raise SystemExit(f"--connections must be at least rooms × seats and at most {MAX_CONNECTIONS}")
    if not 0 < args.duration <= MAX_SECONDS:
        raise SystemExit(f"--duration must be in (0, {MAX_SECONDS}]")
    raise_fd_limit()
    with tempfile.TemporaryDirectory(prefix="tablecraft-load-") as scratch:  # the default SQLite file
        args.scratch = scratch
        try:
            import uvloop

            result = uvloop.run(run(args))
        except ImportError:
            result = asyncio.run(run(args))
    if args.json:
        print(json.dumps(result))
        return
    lat = result["latency_ms"]
    bots = f" + bots {', '.join(result['bots'])}" if result["bots"] else ""
    print(f"rooms {result['rooms']} × {result['seats']} seats{bots}, think {result['think_s']} s, "
          f"{result['duration_s']} s measured on {result['cpus']} CPUs")
    print(f"connections held      {result['connections_held']} (server counts {result['server_connections']})")
    print(f"moves                 {result['moves']}  ({result['moves_per_s']}/s), games finished "
          f"{result['games_finished']}")
    print(f"move latency (ms)     p50 {lat['p50']}  p95 {lat['p95']}  p99 {lat['p99']}  max {lat['max']}")
    if result["server_cpu_cores"] is not None:
        print(f"server CPU            {result['server_cpu_cores']} cores")
    print(f"client CPU            {result['client_cpu_cores']} cores (machine load average {result['load_average']:.1f})")
    print(f"errors                {result['errors'] or 'none'}")
    if result["server_bots"]:
        print(f"server bots           {result['server_bots']}")


if __name__ == "__main__":
    main()
