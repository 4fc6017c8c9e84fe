"""Leaving a seat (issue 14 item 8): once a player has left the seat and confirmed it, a reload does not take the
seat back by itself — the person is a spectator — and only "Back to my seat" returns them to it."""

from __future__ import annotations

from typing import Any

import pytest
from support import WebServer


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_reload_after_leaving_the_seat_watches_and_back_to_my_seat_returns(lang: str, web_server: WebServer,
                                                                              new_context: Any) -> None:
    page = new_context(viewport={"width": 1366, "height": 768}).new_page()
    info = web_server.create_room("wizard-towers", [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 2,
                                  seed=6, bot_delay=2)  # slow bots: the game outlasts the test
    room = info["room"]
    page.goto(f"{web_server.base}/rooms/{room}?sit=auto&lang={lang}")
    page.wait_for_selector(".seat-chip.me")
    page.locator("button.leave").click()
    if page.locator("#confirm-dialog").count():  # the question itself is test_web_players_words' to check
        page.locator("#confirm-dialog .confirm-play").click()
    page.wait_for_function("() => !document.querySelector('.seat-chip.me')")
    page.reload()
    page.wait_for_selector("#table[data-status='playing']")
    page.wait_for_selector(".seat-chip")
    page.wait_for_timeout(500)  # a resume, had the page sent one, would have been answered by now
    assert page.locator(".seat-chip.me").count() == 0
    assert page.evaluate("() => window.tablecraftRoom.seat") is None
    assert web_server.room(room)["seats"][0]["standin"] is True  # the bot still plays it
    back = page.locator(".seat-chip[data-seat='0'] button.take-back")
    assert back.inner_text() == ("Back to my seat" if lang == "en" else "回到我的座位")
    assert page.locator("button.take-back").count() == 1  # only on the seat this person left
    back.click()
    page.wait_for_selector(".seat-chip.me[data-seat='0']")
    page.wait_for_function(f"() => fetch('/api/rooms/{room}', {{headers: {{Accept: 'application/json'}}}})"
                           ".then((r) => r.json()).then((r) => r.seats[0].standin === false)")
    page.reload()  # back in the seat: a reload keeps it again
    page.wait_for_selector(".seat-chip.me[data-seat='0']")
    assert page.locator("button.take-back").count() == 0
