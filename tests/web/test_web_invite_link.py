"""The invite link a room page shows (issue 14 item 8): on the server's public address when it has one, and with a
word on how to open the server to other machines when the link would only work on this one."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from support import PAGE_LIMITS, WebServer

SEATS = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_link_on_this_computer_only_says_how_to_invite_from_another_machine(lang: str, web_server: WebServer,
                                                                              new_context: Any) -> None:
    page = new_context().new_page()
    room = web_server.create_room("wizard-towers", SEATS)["room"]
    page.goto(f"{web_server.base}/rooms/{room}?lang={lang}")
    link = page.locator("input.invite-link")
    link.wait_for()
    assert link.input_value() == f"{web_server.base}/rooms/{room}"
    hint = page.locator(".invite-local").inner_text()
    assert "tablecraft serve --host 0.0.0.0" in hint
    assert ("another machine" in hint) if lang == "en" else ("其他电脑" in hint)


def test_the_page_invites_with_the_servers_public_address(tmp_path: Path, new_context: Any) -> None:
    public = "https://games.example.org"
    srv = WebServer(tmp_path / "web.sqlite3", tmp_path / "server.log", *PAGE_LIMITS, "--public-url", public).start()
    try:
        room = srv.create_room("wizard-towers", SEATS)["room"]
        page = new_context().new_page()
        page.goto(f"{srv.base}/rooms/{room}")  # opened on this machine …
        link = page.locator("input.invite-link")
        link.wait_for()
        assert link.input_value() == f"{public}/rooms/{room}"  # … yet the link is the one others can open
        assert page.locator(".invite-local").count() == 0
    finally:
        srv.stop()
