"""Auto-pass (issue 14 item 6): with the preference on, a prompt that offers a single action is played by the page
itself — after the same fixed pause every time, never at once, so the others cannot read the seat's hand from its
speed — while the person only ever clicks real choices; with it off, the page waits for the click."""

from __future__ import annotations

import random
import time
from typing import Any

from support import WebServer, click_one_action, record_frames

REAL_CHOICE_OR_END = """() => document.querySelectorAll('#table [data-action].legal:not(.sent)').length > 1
  || document.querySelector('#table')?.dataset.status === 'finished'"""


def test_with_auto_pass_on_the_page_plays_only_choices_itself_after_a_fixed_pause(
        web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 3
    info = web_server.create_room("fate", seats, seed=6, options={"max_turns": 6})
    ctx = new_context()
    ctx.add_init_script("try { localStorage.setItem('tablecraft.autopass', '1') } catch (e) {}")
    page = ctx.new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    assert page.locator("#auto-pass").is_checked()
    rng = random.Random(3)
    clicks = 0
    for _ in range(60):
        page.wait_for_function(REAL_CHOICE_OR_END, timeout=60_000)
        if page.evaluate("() => document.querySelector('#table').dataset.status") == "finished":
            break
        click_one_action(page, rng)
        clicks += 1
    # the prompts this seat was sent: the single-action ones were answered without a click (else the loop above,
    # which waits only for real choices, would have timed out)
    single = [f for f in frames.frames() if f.get("type") in ("welcome", "update") and f.get("legal")
              and len(f["legal"]) == 1]
    assert single, "the game never offered this seat a single action: nothing was checked"
    assert clicks, "the person never had a real choice"


def test_the_automatic_pass_waits_the_fixed_pause_and_the_preference_off_waits_for_the_click(
        web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 3
    info = web_server.create_room("fate", seats, seed=6, options={"max_turns": 6})
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    assert not page.locator("#auto-pass").is_checked()
    rng = random.Random(3)
    for _ in range(60):  # play real choices until a single-action prompt comes
        page.wait_for_function("() => document.querySelectorAll('#table [data-action].legal:not(.sent)').length"
                               " || document.querySelector('#table').dataset.status === 'finished'", timeout=60_000)
        if page.evaluate("() => document.querySelector('#table').dataset.status") == "finished":
            raise AssertionError("no single-action prompt in this game")
        if page.locator("#table [data-action].legal:not(.sent)").count() == 1:
            break
        click_one_action(page, rng)
    ply = page.evaluate("() => Number(document.querySelector('#table').dataset.ply)")
    page.wait_for_timeout(2500)  # off: nothing happens by itself
    assert page.evaluate("() => Number(document.querySelector('#table').dataset.ply)") == ply
    started = time.monotonic()
    page.locator("#auto-pass").check()  # on: played after the pause, not at once
    page.wait_for_timeout(800)
    assert page.evaluate("() => Number(document.querySelector('#table').dataset.ply)") == ply, "sent at once"
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {ply}", timeout=10_000)
    assert time.monotonic() - started >= 1.4
    assert page.evaluate("() => localStorage.getItem('tablecraft.autopass')") == "1"
