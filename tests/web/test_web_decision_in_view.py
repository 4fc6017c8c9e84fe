"""The decision is on screen at every prompt (issue 14 item 1): in each game, at a desktop screen (1366×768) and a
phone (390×844), in both languages, every time the page offers this seat a decision its legal actions are inside
the visible part of the page — all of them when they fit on one screen, else the first from the top — without
the player scrolling."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support import WebServer, click_one_action, wait_my_turn_or_end

LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}

SEATS = {"xeno-faction": 2, "wizard-towers": 3, "wild-hunters": 2, "fate": 4}
"""Seats per game: one person (seat 0) and random bots."""
CASES = {**{game: (game, n) for game, n in SEATS.items()}, "wild-hunters-3-heroes": ("wild-hunters", 3)}
"""The tables looked at: each game, and wild-hunters' fuller table of three heroes, whose choices (the map, the
hand, the supply under the panels) do not fit on a laptop's screen — the first of them must still be in view, also
after a click on a supply card further down."""

PROMPTS = 10
"""Decisions looked at per game, size and language."""

IN_VIEW = """() => {
  const bar = document.querySelector('.topbar');
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const bottom = window.innerHeight, right = document.documentElement.clientWidth;
  const rects = [...document.querySelectorAll('#table [data-action].legal:not(.sent)')]
    .map((n) => n.getBoundingClientRect()).filter((r) => r.width || r.height);
  const inside = (r) => r.top >= top - 1 && r.bottom <= bottom + 1 && r.left >= -1 && r.right <= right + 1;
  const lo = Math.min(...rects.map((r) => r.top)), hi = Math.max(...rects.map((r) => r.bottom));
  const firstTop = rects.filter((r) => r.top === lo)[0];
  return {
    n: rects.length, visible: rects.filter(inside).length, fits: hi - lo <= bottom - top - 24,
    firstVisible: Boolean(firstTop && inside(firstTop)), lo: Math.round(lo + scrollY), span: Math.round(hi - lo),
    ply: Number(document.querySelector('#table').dataset.ply),
  };
}"""


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("size", ["laptop", "phone"])
@pytest.mark.parametrize("case", sorted(CASES))
def test_every_decision_is_brought_into_view(case: str, size: str, lang: str, web_server: WebServer,
                                             new_context: Any) -> None:
    game, count = CASES[case]
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (count - 1)
    info = web_server.create_room(game, seats, seed=21)
    viewport = LAPTOP if size == "laptop" else PHONE
    page = new_context(viewport=viewport, locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(3)
    looked = 0
    for _ in range(PROMPTS):
        if not wait_my_turn_or_end(page):
            break
        page.wait_for_timeout(150)  # the scroll happens with the drawing; let a late frame settle
        look = page.evaluate(IN_VIEW)
        assert look["n"], "a decision with nothing to click"
        if look["fits"]:
            assert look["visible"] == look["n"], (
                f"move {look['ply']}: {look['visible']} of {look['n']} actions on screen ({look})")
        else:
            assert look["firstVisible"], f"move {look['ply']}: the first action is off screen ({look})"
        looked += 1
        click_one_action(page, rng)
    assert looked, "the page never offered a decision"
