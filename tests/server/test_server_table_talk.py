"""Table talk without free text (issue 14 item 8): a seated player says a quick phrase by its id; every connection
of the room, spectators too, receives it in its own language, carrying nothing but the seat and the id; unknown ids,
spectators and a seat that speaks too often are refused with a clear error; a reconnecting client gets the last few;
and the phrases never touch the game — the same moves give the same events, views and replay with or without them.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from server_support import FAST, ServerProcess, run

from tablecraft.server.client import Client
from tablecraft.server.phrases import PHRASES
from tablecraft.server.protocol import Ack, Error, ErrorCode, Said, Update, Welcome

INTERVAL = 1.0
"""The phrase interval of this module's server: short, so the test that waits for it to pass stays quick."""
TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]


@pytest.fixture(scope="module")
def talk_server(new_db: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server whose seats may say a phrase every ``INTERVAL`` seconds."""
    srv = ServerProcess(new_db(), tmp_path_factory.mktemp("talk") / "server.log", *FAST,
                        "--phrase-interval", str(INTERVAL)).start()
    try:
        yield srv
    finally:
        srv.stop()


async def seated(srv: ServerProcess, room: str, seat: int, lang: str | None) -> Client:
    """A player holding ``seat``, asking for people's text in ``lang`` (none: data only)."""
    c = Client(srv.ws)
    await c.connect()
    msg: dict[str, Any] = {"type": "join", "room": room, "seat": seat}
    if lang is not None:
        msg["lang"] = lang
    await c.send(msg)
    await c.expect(Welcome)
    return c


async def watching(srv: ServerProcess, room: str, lang: str | None) -> tuple[Client, Welcome]:
    """A spectator of ``room`` and the welcome it was given."""
    c = Client(srv.ws)
    await c.connect()
    msg: dict[str, Any] = {"type": "spectate", "room": room}
    if lang is not None:
        msg["lang"] = lang
    await c.send(msg)
    return c, await c.expect(Welcome)


def raw_said(c: Client) -> list[dict[str, Any]]:
    """The ``said`` frames ``c`` received, as the JSON objects the server sent."""
    import json

    return [json.loads(text) for text, frame in c.frames if isinstance(frame, Said)]


def test_a_phrase_reaches_the_other_seat_and_a_spectator_each_in_their_own_language(
        talk_server: ServerProcess) -> None:
    room = talk_server.create_room(game="wizard-towers", seats=TWO_PEOPLE)["room"]

    async def scenario() -> None:
        ann = await seated(talk_server, room, 0, "en")
        bo = await seated(talk_server, room, 1, "zh")
        data_only, _ = await watching(talk_server, room, None)
        zh_watcher, _ = await watching(talk_server, room, "zh")
        await ann.say("nice_move")
        heard = {name: await c.expect(Said) for name, c in
                 [("ann", ann), ("bo", bo), ("data", data_only), ("zh", zh_watcher)]}
        assert {(s.seat, s.phrase, s.n) for s in heard.values()} == {(0, "nice_move", 1)}
        assert (heard["ann"].text, heard["bo"].text, heard["zh"].text) == ("Nice move!", "好棋！", "好棋！")
        assert heard["data"].text is None
        # the frame says who and which phrase, nothing more: no name, no hand, no position
        assert set(raw_said(bo)[0]) == {"type", "room", "n", "seat", "phrase", "text"}
        assert set(raw_said(data_only)[0]) == {"type", "room", "n", "seat", "phrase"}
        await bo.say("thanks")
        assert ((await ann.expect(Said)).text, (await zh_watcher.expect(Said)).text) == ("Thanks", "谢谢")
        for c in (ann, bo, data_only, zh_watcher):
            await c.close()

    run(scenario())


def test_a_spectator_reads_the_table_talk_but_cannot_say_a_phrase(talk_server: ServerProcess) -> None:
    room = talk_server.create_room(game="wizard-towers", seats=TWO_PEOPLE)["room"]

    async def scenario() -> None:
        watcher, _ = await watching(talk_server, room, "en")
        await watcher.say("hello")
        refused = await watcher.expect(Error)
        assert refused.code == ErrorCode.NOT_SEATED and "spectators read them" in refused.message
        await watcher.close()

    run(scenario())


@pytest.mark.parametrize("phrase", ["gg", "<script>alert(1)</script>", "Nice move!"])
def test_an_unknown_phrase_is_refused_with_the_list_of_phrases_and_reaches_nobody(
        phrase: str, talk_server: ServerProcess) -> None:
    room = talk_server.create_room(game="wizard-towers", seats=TWO_PEOPLE)["room"]

    async def scenario() -> None:
        ann = await seated(talk_server, room, 0, "en")
        bo = await seated(talk_server, room, 1, "en")
        await ann.say(phrase)
        refused = await ann.expect(Error)
        assert refused.code == ErrorCode.UNKNOWN_PHRASE and not refused.fatal
        assert refused.message == (f"there is no phrase {phrase!r}; the phrases are: "
                                   + ", ".join(p.id for p in PHRASES))
        await ann.say("good_luck")  # the refusal spent nothing: the seat may speak at once
        heard = await bo.expect(Said)
        assert (heard.n, heard.phrase) == (1, "good_luck")
        for c in (ann, bo):
            await c.close()

    run(scenario())


def test_a_seat_says_at_most_one_phrase_per_interval_on_all_its_connections(talk_server: ServerProcess) -> None:
    room = talk_server.create_room(game="wizard-towers", seats=TWO_PEOPLE)["room"]

    async def scenario() -> None:
        ann = await seated(talk_server, room, 0, "en")
        bo = await seated(talk_server, room, 1, "en")
        second_tab = Client(talk_server.ws)
        await second_tab.connect()
        assert isinstance(await second_tab.resume(room, 0, ann.token, 0), Welcome)
        second_tab.token = ann.token
        await ann.say("hello")
        await ann.expect(Said)
        await ann.say("oops")
        too_soon = await ann.expect(Error)
        assert too_soon.code == ErrorCode.PHRASE_TOO_SOON and not too_soon.fatal
        assert too_soon.message.startswith(f"seat 0 may say one phrase every {INTERVAL:g} s; wait ")
        await second_tab.say("oops")  # another connection of the same seat shares its allowance
        assert (await second_tab.expect(Error)).code == ErrorCode.PHRASE_TOO_SOON
        await bo.say("hello")  # the other seat has its own
        await asyncio.sleep(INTERVAL + 0.2)
        await ann.say("thanks")
        heard = [await bo.expect(Said) for _ in range(3)]
        assert [(s.seat, s.phrase) for s in heard] == [(0, "hello"), (1, "hello"), (0, "thanks")]
        for c in (ann, bo, second_tab):
            await c.close()

    run(scenario())


def test_a_client_that_comes_back_or_starts_watching_gets_the_last_phrases(talk_server: ServerProcess) -> None:
    room = talk_server.create_room(game="wizard-towers", seats=TWO_PEOPLE)["room"]

    async def scenario() -> None:
        ann = await seated(talk_server, room, 0, "en")
        bo = await seated(talk_server, room, 1, "zh")
        await ann.say("good_luck")
        await bo.say("good_luck")
        await bo.expect(Said)
        await bo.expect(Said)
        await bo.close()
        back = Client(talk_server.ws)
        await back.connect()
        await back.send({"type": "resume", "room": room, "seat": 1, "token": bo.token, "last_seq": 0,
                         "lang": "zh"})
        welcome = await back.expect(Welcome)
        assert [(s.n, s.seat, s.phrase, s.text) for s in welcome.talk] == [
            (1, 0, "good_luck", "祝好运！"), (2, 1, "good_luck", "祝好运！")]
        watcher, seen = await watching(talk_server, room, "en")
        assert [s.text for s in seen.talk] == ["Good luck!", "Good luck!"]
        for c in (ann, back, watcher):
            await c.close()

    run(scenario())


def test_the_phrase_list_is_served_with_every_language(talk_server: ServerProcess) -> None:
    listed = talk_server.get("/api/phrases")
    assert listed == [{"id": p.id, "en": p.en, "zh": p.zh} for p in PHRASES]
    assert {"good_luck", "nice_move", "thinking", "hurry_up", "good_game", "oops", "thanks"} <= {p["id"] for p in listed}


async def play_first_choices(c: Client, moves: int, talk: bool) -> None:
    """Seat 0 plays its first legal action ``moves`` times (the bots answer); with ``talk`` it also says a phrase
    before each move (the first accepted, the rest refused as too soon, or accepted once the interval passed)."""
    for made in range(moves):
        while not c.my_turn:
            await c.expect(Update)
        assert c.last is not None and c.last.legal
        if talk:
            await c.say(PHRASES[made % len(PHRASES)].id)
            while True:
                frame = await c.recv()
                if isinstance(frame, Said) or (isinstance(frame, Error) and frame.code == ErrorCode.PHRASE_TOO_SOON):
                    break
        await c.move(c.last.legal[0], f"m{made}", c.last.ply)
        await c.expect(Ack)
        await c.expect(Update)  # the move's own update: the offer read next is the new one


def test_phrases_change_nothing_in_the_game_its_events_its_views_or_its_replay(talk_server: ServerProcess) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    quiet = talk_server.create_room(game="wizard-towers", seats=seats, seed=11)["room"]
    chatty = talk_server.create_room(game="wizard-towers", seats=seats, seed=11)["room"]

    async def play(room: str, talk: bool) -> tuple[Client, Client]:
        player = await seated(talk_server, room, 0, "en")
        watcher, _ = await watching(talk_server, room, "en")
        await play_first_choices(player, 8, talk)
        while watcher.seq < player.seq:
            await watcher.expect(Update)
        await player.close()
        await watcher.close()
        return player, watcher

    q_player, q_watcher = run(play(quiet, False))
    c_player, c_watcher = run(play(chatty, True))
    assert raw_said(c_player) and raw_said(c_watcher) and not raw_said(q_player)
    assert all(s["seat"] == 0 for s in raw_said(c_watcher))  # the bots never speak
    assert c_player.events == q_player.events and c_watcher.events == q_watcher.events
    assert c_player.last is not None and q_player.last is not None
    assert c_player.last.view == q_player.last.view and c_player.last.ply == q_player.last.ply
    replays = [httpx.get(f"{talk_server.http}/api/rooms/{r}/replay", params={"lang": "en", "ply": c_player.last.ply},
                         timeout=30).json()
               for r in (quiet, chatty)]
    assert replays[0]["events"] == replays[1]["events"] and replays[0]["view"] == replays[1]["view"]
    assert not any("phrase" in str(e["event"]) for e in replays[1]["events"])

