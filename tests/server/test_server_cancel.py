"""Cancel before commit on the server (issue 14 item 5): a person's build steps and ``cancel`` are moves like any
other (stored, replayed), but the turn timer runs on through them — a player cannot win fresh time by starting a
play and taking it back — and the watchers are shown the play phase, not the card chosen."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from server_support import FAST, ServerProcess, run

from tablecraft.server.client import Client
from tablecraft.server.protocol import Update, Welcome

TABLE = {"heroes": ["centaur", "troll_warlord", "weaver", "dragon_knight"],
         "hands": [["atk:AS", "dodge:6H"], ["dodge:7H"], [], []],
         "identities": ["sentinel", "scourge", "sentinel", "scourge"]}


async def _my_decision(c: Client) -> Update:
    """The next update that offers this connection a decision."""
    while True:
        u = await c.expect(Update, timeout=30)
        if u.legal:
            return u


def test_build_steps_and_cancel_keep_the_turn_timer_running_and_show_watchers_nothing(
        new_db: Any, tmp_path: Path) -> None:
    srv = ServerProcess(new_db(), tmp_path / "server.log", *FAST).start()
    try:
        room = srv.create_room(game="fate", seats=[{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 3,
                               seed=1, setup=TABLE, turn_seconds=600, bot_delay=0)["room"]

        async def play() -> None:
            c = Client(srv.ws)
            await c.connect()
            assert isinstance(await c.join(room, 0), Welcome)
            start = await _my_decision(c)
            assert start.deadline is not None and "use atk:AS" in start.legal and "cancel" not in start.legal
            watcher = Client(srv.ws)
            await watcher.connect()
            seen = await watcher.spectate(room)
            assert isinstance(seen, Welcome) and seen.view is not None

            await c.move("use atk:AS", "m1")
            aiming = await _my_decision(c)
            assert aiming.legal is not None and aiming.legal[-1] == "cancel" and aiming.deadline == start.deadline
            told = await watcher.expect(Update)
            assert told.view is not None and told.view["decision"] == "play" and told.view["table"] == []
            assert told.events == [] and told.view == seen.view

            await c.move("cancel", "m2")
            back = await _my_decision(c)
            assert back.legal == start.legal and back.deadline == start.deadline and back.view == start.view

            await c.move("use atk:AS", "m3")
            await _my_decision(c)
            await c.move("target 1", "m4")  # committed: the next decision of this seat gets its own time
            later = await _my_decision(c)
            assert later.deadline is not None and start.deadline is not None and later.deadline > start.deadline
            await c.close()
            await watcher.close()

        run(play())
    finally:
        srv.stop()
