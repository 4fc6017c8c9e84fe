"""Reaching the server from another machine (issue 14 item 8): ``serve`` prints the addresses to share, the
server answers to the machine's own addresses when it listens on every interface (and still refuses other host
names), and room links use the public URL, else the address the room's creator used."""

from __future__ import annotations

import re
import time
from pathlib import Path

import httpx
from server_support import FAST, ServerProcess

from tablecraft.server.command import reach_lines
from tablecraft.server.config import ServerSettings

SEATS = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]


def printed(srv: ServerProcess, pattern: str) -> re.Match[str]:
    """The first line of the server's output matching ``pattern`` (waiting a moment for it)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        found = re.search(pattern, srv.log())
        if found:
            return found
        time.sleep(0.1)
    raise AssertionError(f"the server never printed {pattern!r}:\n{srv.log()}")


def test_serve_on_every_interface_prints_an_address_other_machines_can_open_and_links_use_it(
        tmp_path: Path) -> None:
    srv = ServerProcess(str(tmp_path / "games.sqlite3"), tmp_path / "server.log", *FAST, "--host", "0.0.0.0").start()
    try:
        assert f"open http://127.0.0.1:{srv.port}/" in srv.log()
        shared = printed(srv, r"from another machine / 其他电脑: (http://(\S+?)/)\s")
        url, netloc = shared.group(1).rstrip("/"), shared.group(2)
        # another machine's browser sends the address it typed as Host; the server answers to it …
        with httpx.Client(base_url=srv.http, timeout=10, headers={"Host": netloc}) as other:
            assert other.get("/healthz").status_code == 200
            created = other.post("/api/rooms", json={"game": "wizard-towers", "seats": SEATS})
            assert created.status_code == 201, created.text
            assert created.json()["link"] == f"{url}/rooms/{created.json()['room']}"  # … and the link works there
            assert other.get(f"/api/rooms/{created.json()['room']}").json()["link"].startswith(url)
        # a page of another site pointed at this machine (DNS rebinding) is still refused
        assert httpx.get(srv.http + "/healthz", headers={"Host": f"evil.example:{srv.port}"}).status_code == 400
    finally:
        srv.stop()


def test_a_public_url_is_printed_and_every_link_uses_it(tmp_path: Path) -> None:
    public = "https://games.example.org"
    srv = ServerProcess(str(tmp_path / "games.sqlite3"), tmp_path / "server.log", *FAST,
                        "--public-url", public).start()
    try:
        printed(srv, re.escape(f"players open / 玩家打开: {public}/"))
        room = srv.create_room(game="wizard-towers", seats=SEATS)  # asked through 127.0.0.1
        assert room["link"] == f"{public}/rooms/{room['room']}"
        assert httpx.get(srv.http + "/healthz", headers={"Host": "games.example.org"}).status_code == 200
    finally:
        srv.stop()


def test_a_server_only_this_machine_reaches_says_how_to_open_it_up() -> None:
    lines = reach_lines(ServerSettings(port=8123), addresses=["10.0.0.7"])
    assert "only this machine can reach it" in lines[1]
    assert "tablecraft serve --host 0.0.0.0 --port 8123" in lines[1] and "http://10.0.0.7:8123/" in lines[1]
