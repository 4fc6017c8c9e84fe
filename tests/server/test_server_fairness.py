"""Fair play through the real protocol: nothing about the deal exists before every seat is taken, so a person
who hops between seats (or watches) before the start learns nothing; the seed is committed to at the deal and
the finished record opens the commitment; a chosen seed or position makes a practice room that everyone is told
about."""

from __future__ import annotations

import asyncio
import copy
import json
import random
import subprocess
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_support import SeatPlayer, ServerProcess, TruthOracle, run, strings_of
from typer.testing import CliRunner

import tablecraft
from tablecraft.server import fairness
from tablecraft.server.client import Client
from tablecraft.server.protocol import Left, Seats, Update, Welcome
from tablecraft.server.store import Store

GAMES = [spec.id for spec in tablecraft.games()]


def _table_size(game_id: str) -> int:
    spec = next(s for s in tablecraft.games() if s.id == game_id)
    return max(2, min(spec.max_seats, 4))


async def _until_dealt(c: Client) -> None:
    while c.last is None or c.last.status == "waiting":
        await c.recv()


def _before_the_deal(c: Client) -> list[tuple[str, Any]]:
    """The frames ``c`` received before the first frame of the dealt game."""
    out = []
    for text, frame in c.frames:
        if isinstance(frame, Update) or (isinstance(frame, Welcome) and frame.status != "waiting"):
            break
        out.append((text, frame))
    return out


@pytest.mark.parametrize("game_id", GAMES)
def test_a_person_hopping_between_seats_before_the_start_learns_nothing_and_then_only_their_seat(
        server: ServerProcess, game_id: str) -> None:
    """One person — every connection they open — takes seat 0, looks, leaves, takes seat 1, looks, leaves,
    watches while the others sit down, and finally takes the last seat, which starts the game. No frame they
    received before the deal carries a view, an event, or anything private to any seat; after it, only what
    their own seat may know."""
    n = _table_size(game_id)
    room = server.create_room(game=game_id, seats=[{"kind": "human"}] * n)["room"]
    person = [Client(server.ws) for _ in range(3)]  # the connections of one person
    others = [SeatPlayer(server.ws, room, s, random.Random(s)) for s in range(n - 1)]
    last = n - 1
    me = SeatPlayer(server.ws, room, last, random.Random(99))

    async def main() -> None:
        hop = person[0]
        await hop.connect()
        for seat in (0, 1):
            welcome = await hop.join(room, seat)
            assert isinstance(welcome, Welcome) and welcome.status == "waiting"
            await hop.send({"type": "leave", "token": hop.token})
            await hop.expect(Left)
        watcher = person[1]
        await watcher.connect()
        assert isinstance(await watcher.spectate(room), Welcome)
        for p in others:
            await p.join()
        while not (isinstance(watcher.frames[-1][1], Seats) and sum(s.claimed for s in watcher.frames[-1][1].seats)
                   == n - 1):
            await watcher.recv()
        me.client = person[2]
        await me.join()  # the last free seat: the game starts now
        await _until_dealt(watcher)
        await asyncio.gather(*(_play(p) for p in [*others, me]), _watch(watcher))

    run(main(), timeout=150)
    oracle = TruthOracle(server.get(f"/api/rooms/{room}/record"))
    anyones_secret = oracle.hidden(0, None)  # everything private to some seat at the deal
    assert anyones_secret, "the game deals nothing private: the scan would see nothing"
    for c in person:
        for text, frame in _before_the_deal(c):
            if isinstance(frame, Welcome):
                assert frame.view is None and frame.events == [] and frame.seq == 0 and frame.commitment is None
            found = anyones_secret.intersection(strings_of(json.loads(text)))
            assert not found, f"before the deal the person was shown {sorted(found)} in a {frame.type} frame"
    assert oracle.scan(person[2], last) == []
    oracle.check_frames_match_engine(person[2], last)
    assert oracle.scan(person[1], None) == []
    assert person[2].events == oracle.log(last) and person[1].events == oracle.log(None)


async def _play(p: SeatPlayer) -> None:
    await p.maybe_move()
    while not p.done:
        await p.step()


async def _watch(c: Client) -> None:
    while not c.finished:
        await c.recv()


def test_a_waiting_room_has_no_seed_until_the_last_seat_is_taken(server: ServerProcess) -> None:
    room = server.create_room(game="wizard-towers", seats=[{"kind": "human"}] * 3)
    assert room["commitment"] is None and not room["practice"]

    def stored_seed() -> int | None:
        store = Store(server.db)
        try:
            sr = store.load_room(room["room"])
            assert sr is not None
            return sr.room.seed
        finally:
            store.dispose()

    clients = [Client(server.ws) for _ in range(3)]

    async def main() -> None:
        for c in clients[:2]:
            await c.connect()
            assert isinstance(await c.join(room["room"]), Welcome)
        assert await asyncio.to_thread(stored_seed) is None  # two of three seats taken: nothing drawn yet
        await clients[2].connect()
        await clients[2].join(room["room"])
        for c in clients:
            await _until_dealt(c)
        assert await asyncio.to_thread(stored_seed) is not None

    run(main())
    commitments = {c.commitment for c in clients}
    assert len(commitments) == 1 and None not in commitments  # every seat was shown the same commitment
    assert server.get(f"/api/rooms/{room['room']}")["commitment"] == clients[0].commitment


def _finished_game(server: ServerProcess, seed: int | None = None) -> tuple[dict[str, Any], Client]:
    """A wizard-towers game of one person and two bots, played to the end; the record and the person."""
    body: dict[str, Any] = {"game": "wizard-towers", "options": {"warrior_hp": 40, "wizard_hp": 50, "max_turns": 20},
                            "seats": [{"kind": "human"}, {"kind": "bot", "agent": "random"},
                                      {"kind": "bot", "agent": "random"}]}
    if seed is not None:
        body["seed"] = seed
    room = server.create_room(**body)["room"]
    p = SeatPlayer(server.ws, room, 0, random.Random(4))

    async def main() -> None:
        await p.join()
        await _play(p)

    run(main())
    return server.get(f"/api/rooms/{room}/record"), p.client


def test_the_record_of_a_finished_game_opens_the_commitment_shown_at_the_deal(server: ServerProcess,
                                                                             tmp_path: Path) -> None:
    record, person = _finished_game(server)
    fair = record["fairness"]
    assert fair["room"] and fair["salt"] and fair["commitment"] == person.commitment and not fair["practice"]
    assert fairness.verify_record(record, expected=person.commitment, seat=0, seen=person.events) == []
    # the documented one-liner gives the same hash
    line = subprocess.run(["sh", "-c", f"printf 'tablecraft-deal/1:%s:%s:%s' {fair['room']} {record['seed']} "
                                       f"{fair['salt']} | sha256sum"], capture_output=True, text=True, check=True)
    assert line.stdout.split()[0] == person.commitment
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    from tablecraft import cli

    ok = CliRunner().invoke(cli.app, ["verify-deal", str(path), "--commitment", person.commitment or ""])
    assert ok.exit_code == 0 and "verified" in ok.output, ok.output


def _tampered(record: dict[str, Any], change: str) -> dict[str, Any]:
    bad = copy.deepcopy(record)
    if change == "seed":
        bad["seed"] += 1
    elif change == "salt":
        bad["fairness"]["salt"] = "0" * 32
    elif change == "action":
        bad["actions"][0] = next(a for a in ("draw blue", "draw green", "draw orange") if a != bad["actions"][0])
    elif change == "winners":
        bad["winners"] = [w for w in range(3) if w not in bad["winners"]][:1]
    return bad


@pytest.mark.parametrize("change", ["seed", "salt", "action", "winners", "commitment"])
def test_a_tampered_record_or_another_commitment_fails_verification(server: ServerProcess, change: str,
                                                                      tmp_path: Path) -> None:
    record, person = _finished_game(server)
    assert person.commitment is not None
    expected = "f" * 64 if change == "commitment" else person.commitment
    bad = record if change == "commitment" else _tampered(record, change)
    problems = fairness.verify_record(bad, expected=expected, seat=0, seen=person.events)
    assert problems, f"a record with a changed {change} verified"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad), encoding="utf-8")
    from tablecraft import cli

    result = CliRunner().invoke(cli.app, ["verify-deal", str(path), "--commitment", expected])
    assert result.exit_code == 1 and "NOT VERIFIED" in result.output, result.output


def test_the_events_a_seat_saw_must_be_the_committed_games(server: ServerProcess) -> None:
    record, person = _finished_game(server)
    seen = copy.deepcopy(person.events)
    seen[0] = {**seen[0], "forged": True}
    problems = fairness.verify_record(record, expected=person.commitment, seat=0, seen=seen)
    assert problems and "event 1" in problems[-1]


@pytest.mark.parametrize("what", ["seed", "setup"])
def test_a_chosen_seed_or_setup_makes_a_practice_room_every_seat_and_the_lobby_is_told_about(
        server: ServerProcess, what: str) -> None:
    chosen = {"seed": 12} if what == "seed" else {"setup": _a_wizard_towers_setup()}
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]
    practice = server.create_room(game="wizard-towers", seats=seats, **chosen)
    fair = server.create_room(game="wizard-towers", seats=seats)
    assert practice["practice"] and not fair["practice"]
    listed = {r["room"]: r for r in server.get("/api/rooms", status="waiting")}
    assert listed[practice["room"]]["practice"] and not listed[fair["room"]]["practice"]

    async def main() -> None:
        a, b, watcher = Client(server.ws), Client(server.ws), Client(server.ws)
        for c in (a, b, watcher):
            await c.connect()
        assert (await watcher.spectate(practice["room"])).practice  # type: ignore[union-attr]
        first = await a.join(practice["room"])
        assert isinstance(first, Welcome) and first.practice
        second = await b.join(practice["room"])
        assert isinstance(second, Welcome) and second.practice
        seats_frames = [f for _, f in watcher.frames if isinstance(f, Seats)]
        while not seats_frames:
            await watcher.recv()
            seats_frames = [f for _, f in watcher.frames if isinstance(f, Seats)]
        assert all(f.practice for f in seats_frames)
        other = Client(server.ws)
        await other.connect()
        assert not (await other.join(fair["room"])).practice  # type: ignore[union-attr]

    run(main())
    r = httpx.get(f"{server.http}/api/rooms/{practice['room']}", timeout=10).json()
    assert r["practice"] and r["commitment"]  # dealt: its commitment is published like any other room's


def _a_wizard_towers_setup() -> dict[str, Any]:
    """A starting position in wizard-towers' documented setup format: the towers and hands chosen, the rest of
    the deck dealt round the bags."""
    return {"hp": {"orange": 40, "blue": 40, "purple": 60}, "hands": {"orange": ["AS"], "blue": ["KD"]},
            "towers": {"left": ["7H"], "right": ["2C"], "main": ["QS", "3D"]}}
