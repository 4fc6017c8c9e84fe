"""When the turn timer plays for a seat (issue 14 item 8): the seat's log says, in its language, that its time ran
out and what was played for it — also after a reload — and no other seat is told what was played."""

from __future__ import annotations

from typing import Any

import pytest
from support import WebServer, record_frames

WORDS = {"en": "Your time ran out", "zh": "你的时间到了"}
"""How the line begins in each language."""
WORDS_FULL = {"en": "Your time ran out: the stand-in played for you — {action}",
              "zh": "你的时间到了：托管机器人替你行动——{action}"}


def timed_out_of(frames: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every ``timed_out`` entry of a page's frames (a list in ``welcome``, one in ``update``)."""
    out: list[dict[str, Any]] = []
    for f in frames:
        if f.get("type") == "welcome":
            out.extend(f.get("timed_out") or [])
        elif f.get("type") == "update" and f.get("timed_out"):
            out.append(f["timed_out"])
    return out


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_log_says_when_the_timer_played_for_you_and_tells_no_one_else(lang: str, web_server: WebServer,
                                                                          new_context: Any) -> None:
    info = web_server.create_room("wizard-towers", [{"kind": "human"}, {"kind": "human"},
                                                    {"kind": "bot", "agent": "random"}],
                                  seed=11, turn_seconds=1, standin="random", bot_delay=0)
    room = info["room"]
    pages = []
    for seat in (0, 1):
        page = new_context(viewport={"width": 1366, "height": 768}).new_page()
        frames = record_frames(page)
        page.goto(f"{web_server.base}/rooms/{room}?sit={seat}&lang={lang}")
        page.wait_for_selector(".seat-chip.me")
        pages.append((page, frames))
    for page, _frames in pages:  # nobody clicks: the timer plays every human turn
        page.locator("#log li.k-timed-out").first.wait_for(timeout=30_000)
        assert page.locator("#recent li.k-timed-out").count() >= 1  # in "since your last move" too
    first = pages[0][0]
    text = first.locator("#log li.k-timed-out").first.inner_text()
    assert text.startswith(WORDS[lang]), text

    first.reload()  # the line is part of the seat's log: a reload shows it again
    first.locator("#log li.k-timed-out").first.wait_for()
    assert first.locator("#log li.k-timed-out").first.inner_text() == text

    for seat, (_page, frames) in enumerate(pages):
        seen = timed_out_of(frames.frames())
        assert seen, f"seat {seat} was told of no move the timer played for it"
        offered = {f["ply"]: f["choices"] for f in frames.frames()
                   if f.get("type") in ("welcome", "update") and f.get("choices")}
        for entry in seen:
            # the move was this seat's own decision, and the line describes it as this seat's choice did: it
            # holds nothing the seat did not already know
            choices = {c["id"]: c["text"] for c in offered.get(entry["ply"], [])}
            assert entry["action"] in choices, (entry, choices)
            assert entry["text"] == WORDS_FULL[lang].format(action=choices[entry["action"]])
    for seat, (_page, frames) in enumerate(pages):
        plies = {e["ply"] for e in timed_out_of(frames.frames())}
        other = {e["ply"] for e in timed_out_of(pages[1 - seat][1].frames())}
        assert not plies & other, "a seat was told of a move the timer played for another seat"
