"""What the server adds for the browser front end: text for people in the asked language (event descriptions,
legal actions with their descriptions), the pages at ``/`` and the room links for browsers (JSON stays JSON),
the rules documents, the static files, and replays described in a language."""

from __future__ import annotations

import asyncio

import httpx
from server_support import ServerProcess, run

import tablecraft
from tablecraft.server.client import Client
from tablecraft.server.protocol import Update, Welcome

GAME = "wizard-towers"
HUMAN_AND_BOTS = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]


def test_a_connection_that_asks_for_a_language_gets_described_events_and_choices(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=HUMAN_AND_BOTS, seed=5)["room"]
    game = tablecraft.load(GAME)

    async def go() -> None:
        zh, plain = Client(server.ws), Client(server.ws)
        await zh.connect()
        await plain.connect()
        await zh.send({"type": "join", "room": room, "lang": "zh"})
        welcome = await zh.expect(Welcome)
        assert welcome.events == []  # nothing is dealt until the game starts: at once, the last seat taken
        dealt = await zh.expect(Update)
        assert dealt.events and all(ne.text for ne in dealt.events)
        assert dealt.events[0].text == game.describe_event(dealt.events[0].event, "zh")
        await plain.resume(room, 0, zh.token)  # the same seat without a language: data only
        assert plain.last is not None and plain.last.events and all(ne.text is None for ne in plain.last.events)
        update = dealt
        while not update.legal:
            update = await zh.expect(Update)
        assert update.choices is not None
        assert [c.id for c in update.choices] == update.legal
        state = game.replay(5, [])
        assert [c.text for c in update.choices] == [game.describe_action(a, "zh") for a in state.legal_actions()]
        await zh.move(update.legal[0], "m1", update.ply)
        moved = await zh.expect(Update)
        assert all(ne.text for ne in moved.events)
        assert all(ne.text and ne.text == game.describe_event(ne.event, "zh") for ne in moved.events)
        await plain.expect(Update)
        other = plain.frames[-1][0]
        assert '"choices"' not in other and '"text"' not in other
        await zh.close()
        await plain.close()

    run(go())


def test_browsers_get_pages_and_json_clients_get_json(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=HUMAN_AND_BOTS)["room"]
    html = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}
    with httpx.Client(base_url=server.http, timeout=10) as http:
        page = http.get("/", headers=html)
        assert page.status_code == 200 and '<script type="module" src="/static/app.js">' in page.text
        link = http.get(f"/rooms/{room}", headers=html)
        assert link.status_code == 200 and "text/html" in link.headers["content-type"]
        assert http.get(f"/rooms/{room}", headers={"Accept": "application/json"}).json()["room"] == room
        assert http.get(f"/rooms/{room}").json()["room"] == room  # no Accept header: JSON, as before
        for path in ("/static/app.js", "/static/svg.js", "/static/tables/generic.js", "/static/app.css"):
            assert http.get(path).status_code == 200, path
        rules = http.get(f"/rules/{GAME}", headers=html)
        assert rules.status_code == 200 and "<h1>" in rules.text and "<table>" in rules.text
        assert http.get(f"/rules/{GAME}").text.startswith("#")  # Markdown for non-browsers
        missing = http.get("/rules/..%2Fserver", headers=html)
        assert missing.status_code == 404
        games = http.get("/api/games").json()
        wt = next(g for g in games if g["id"] == GAME)
        assert wt["seat_names"] == {"en": ["orange", "blue", "purple"], "zh": ["橙", "蓝", "紫"]}
        assert wt["has_rules"] is True


def test_a_replay_is_described_in_the_asked_language(server: ServerProcess) -> None:
    room = server.create_room(game=GAME, seats=[{"kind": "bot", "agent": "random"}] * 3, seed=9, bot_delay=0,
                              options={"max_turns": 40})["room"]  # a short game: the test reads its replay

    async def wait() -> None:
        while server.get(f"/api/rooms/{room}")["status"] != "finished":
            await asyncio.sleep(0.05)

    run(wait())
    game = tablecraft.load(GAME)
    r = server.get(f"/api/rooms/{room}/replay", seat=1, ply=4, lang="en")
    assert r["ply"] == 4 and r["total"] == server.get(f"/api/rooms/{room}")["ply"]
    assert r["seats"] == ["orange", "blue", "purple"]
    assert [e["text"] for e in r["events"]] == [game.describe_event(e["event"], "en") for e in r["events"]]
    assert r["to_move"] in (0, 1, 2)
    plain = server.get(f"/api/rooms/{room}/replay", ply=4)
    assert all(e["text"] is None for e in plain["events"])


def test_static_files_come_gzipped_and_a_reload_revalidates_them_with_empty_304s(server: ServerProcess) -> None:
    from tablecraft.server.web_pages import WEB_DIR

    with httpx.Client(base_url=server.http, timeout=10) as http:
        for path in ("/static/app.js", "/static/app.css", "/static/tables/wizard-towers.js"):
            raw = (WEB_DIR / path.removeprefix("/static/")).read_bytes()
            first = http.get(path, headers={"Accept-Encoding": "gzip"})
            assert first.status_code == 200 and first.content == raw, path
            assert first.headers["content-encoding"] == "gzip", path
            assert "accept-encoding" in first.headers["vary"].lower()
            assert first.num_bytes_downloaded < len(raw) / 2, (path, first.num_bytes_downloaded, len(raw))
            assert first.headers["cache-control"] == "no-cache"  # kept, but asked about before each use
            etag = first.headers["etag"]
            again = http.get(path, headers={"Accept-Encoding": "gzip", "If-None-Match": etag})
            assert again.status_code == 304 and again.content == b"", path
            assert again.headers["etag"] == etag
            plain = http.get(path, headers={"Accept-Encoding": "identity"})
            assert "content-encoding" not in plain.headers and plain.content == raw
