"""A move that loses the game is confirmed first (issue 14 item 5): the server flags, in the seat's own prompt, the
actions that lose by what the seat itself knows; the page marks them and asks before sending one — cancel sends
nothing — and a shared defeat in a co-operative game ends with "lost", never "a draw"; the end dialog's reason line
is readable, at 4.5:1 contrast or more (item 8)."""

from __future__ import annotations

import json
import random
from typing import Any

from support import WebServer, play_until_end, record_frames

EXHAUSTED = {"heroes": {"water": {"hand": ["W", "F", "R", "T", "G"], "deck": []}}}
"""Water's last five cards: any move or focus that pays one brings hand and deck to 4 — the exhaustion loss."""


def _contrast(fg: str, bg: str) -> float:
    def lum(css: str) -> float:
        parts = [float(x) / 255 for x in css[css.index("(") + 1:css.index(")")].split(",")[:3]]
        lin = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in parts]
        return 0.2126 * lin[0] + 0.7152 * lin[1] + 0.0722 * lin[2]
    a, b = sorted((lum(fg), lum(bg)), reverse=True)
    return (a + 0.05) / (b + 0.05)


def test_a_losing_move_is_marked_and_confirmed_and_the_shared_defeat_is_called_a_loss(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room("wild-hunters", [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
                                  seed=3, setup=EXHAUSTED)
    page = new_context().new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table [data-action].legal")
    choices = next(f["choices"] for f in reversed(frames.frames()) if f.get("choices"))
    flagged = {c["id"] for c in choices if c.get("loses")}
    assert "move e" in flagged and "acquire WR" not in flagged, choices
    assert page.locator("#table [data-action='move e'].loses").count() == 1
    assert page.locator("#table [data-action='acquire WR'].loses").count() == 0

    page.evaluate("() => { const ws = window.tablecraftRoom.ws; const send = ws.send.bind(ws);"
                  " window.sentMoves = []; ws.send = (m) => { window.sentMoves.push(m); send(m); }; }")
    page.locator("#table [data-action='move e']").click()
    dialog = page.locator("#confirm-dialog")
    dialog.wait_for()
    assert "loses the game" in dialog.inner_text()
    dialog.locator(".confirm-cancel").click()
    page.wait_for_timeout(200)
    sent = [json.loads(m) for m in page.evaluate("() => window.sentMoves")]
    assert not [m for m in sent if m.get("type") == "move"], "cancel sent the move"
    assert page.locator("#table [data-action='move e'].legal:not(.sent)").count() == 1  # still offered

    page.locator("#table [data-action='move e']").click()
    page.locator("#confirm-dialog .confirm-play").click()
    # the move is played; whatever payment follows, the game is lost for both heroes
    for _ in range(20):
        if page.locator("#end-dialog").count():
            break
        pay = page.locator("#table [data-action].legal:not(.sent)")
        if pay.count():
            pay.first.click()
            if page.locator("#confirm-dialog").count():
                page.locator("#confirm-dialog .confirm-play").click()
        page.wait_for_timeout(300)
    end = page.locator("#end-dialog")
    end.wait_for()
    text = end.inner_text()
    assert "You lost." in text and "Everyone lost" in text and "draw" not in text.lower(), text
    result = web_server.wait_finished(info["room"])["result"]
    assert not result["winners"] and all(r < 0 for r in result["returns"])
    reason = end.locator(".end-reason")
    colours = reason.evaluate("n => [getComputedStyle(n).color, getComputedStyle(n.closest('dialog')).backgroundColor]")
    assert _contrast(*colours) >= 4.5, f"the end dialog's reason line: {colours}"


def _played_to_the_loss(web_server: WebServer, new_context: Any) -> Any:
    """A page whose wild-hunters game was played to its end by clicking (water's last five cards end it within a
    move or two, lost by both heroes); its end dialog."""
    info = web_server.create_room("wild-hunters", [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
                                  seed=3, setup=EXHAUSTED)
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    play_until_end(page, random.Random(1), max_moves=20)
    dialog = page.locator("#end-dialog")
    dialog.wait_for()
    result = web_server.wait_finished(info["room"])["result"]
    assert not result["winners"] and all(r < 0 for r in result["returns"]), result
    return dialog


def test_a_shared_defeat_ends_as_a_loss_not_a_draw(web_server: WebServer, new_context: Any) -> None:
    # on its own (the test above checks it after the losing-move flag): however the game was lost
    text = _played_to_the_loss(web_server, new_context).inner_text()
    assert "You lost." in text and "draw" not in text.lower(), text


def test_the_end_dialogs_reason_line_is_readable_at_4_5_to_1(web_server: WebServer, new_context: Any) -> None:
    # on its own (the test above checks it last, after the losing-move flag): any game's end will do
    reason = _played_to_the_loss(web_server, new_context).locator(".end-reason")
    assert reason.inner_text().strip(), "the end dialog gives no reason"
    colours = reason.evaluate("n => [getComputedStyle(n).color, getComputedStyle(n.closest('dialog')).backgroundColor]")
    assert _contrast(*colours) >= 4.5, f"the end dialog's reason line: {colours}"
