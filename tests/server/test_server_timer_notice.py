"""The turn timer's moves are told to the seat they were played for (issue 14 item 8) — in its language, with
the move's event number so a log can place the line — and still after the server restarts on the same database."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_support import FAST, ServerProcess, run

from tablecraft.server.client import Client
from tablecraft.server.protocol import TimedOut, Update, Welcome

GAME = "wizard-towers"


def test_a_restarted_server_still_tells_the_seat_which_moves_its_timer_played(new_db: Any, tmp_path: Path) -> None:
    srv = ServerProcess(new_db(), tmp_path / "server.log", *FAST).start()
    try:
        room = srv.create_room(game=GAME, seats=[{"kind": "human"}, {"kind": "bot", "agent": "random"},
                                                 {"kind": "bot", "agent": "random"}],
                               seed=3, turn_seconds=0.5, standin="random", bot_delay=0)["room"]
        told: list[TimedOut] = []

        async def wait_for_the_timer() -> str:
            c = Client(srv.ws)
            await c.connect()
            await c.send({"type": "join", "room": room, "lang": "zh"})
            await c.expect(Welcome)
            while not told:
                update = await c.expect(Update, timeout=30)
                if update.timed_out is not None:
                    told.append(update.timed_out)
                    assert update.events and update.events[0].seq == update.timed_out.seq + 1
            await c.close()
            assert c.token is not None
            return c.token

        token = run(wait_for_the_timer())
        assert told[0].text is not None and told[0].text.startswith("你的时间到了：托管机器人替你行动——")
        srv.stop()
        srv.start()

        async def after_restart() -> None:
            c = Client(srv.ws)
            await c.connect()
            await c.send({"type": "resume", "room": room, "seat": 0, "token": token, "last_seq": 0, "lang": "zh"})
            answer = await c.expect(Welcome)
            first = answer.timed_out[0]
            assert (first.ply, first.seq, first.action) == (told[0].ply, told[0].seq, told[0].action)
            assert first.text is not None and first.text.startswith("你的时间到了")
            watcher = Client(srv.ws)
            await watcher.connect()
            seen = await watcher.spectate(room, last_seq=0)
            assert isinstance(seen, Welcome) and seen.timed_out == []  # nobody else is told what was played
            await c.close()
            await watcher.close()

        run(after_restart())
    finally:
        srv.stop()
