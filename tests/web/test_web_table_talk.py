"""What players of Board Game Arena and 三国杀 online expect at the table (issue 14 item 8): quick phrases instead of
free chat — said from a menu, shown to every reader in their own page language as a bubble at the speaker's seat and
a line in the talk list (never in the game log), read by spectators, hidden for a seat its reader muted (remembered
after a reload) — and a turn chime made in the page, off until the player turns it on, the choice remembered."""

from __future__ import annotations

import random
from typing import Any

from support import WebServer, click_one_action, wait_my_turn_or_end

TWO_PEOPLE = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"}]

TALK = """() => [...document.querySelectorAll('#talk li')].map((li) => [Number(li.dataset.seat), li.querySelector('.said').textContent])"""


def say(page: Any, phrase: str) -> None:
    """Open the phrase menu and pick ``phrase`` (waiting until the menu lets this seat speak again)."""
    page.locator("#say summary").click()
    button = page.locator(f"#say button.phrase-{phrase}:not([disabled])")
    button.wait_for()
    button.click()


def bubble(page: Any, seat: int) -> Any:
    """The speech bubble at ``seat``'s chip."""
    return page.locator(f'.seat-chip[data-seat="{seat}"] .bubble')


def test_a_phrase_is_shown_to_each_reader_in_their_own_language_and_a_muted_seat_is_not(
        web_server: WebServer, new_context: Any) -> None:
    room = web_server.create_room("wizard-towers", TWO_PEOPLE, seed=4)["room"]
    ann = new_context().new_page()
    ann.goto(f"{web_server.base}/rooms/{room}?sit=0&lang=en")
    ann.wait_for_selector("#say summary")
    bo = new_context(locale="zh-CN").new_page()
    bo.goto(f"{web_server.base}/rooms/{room}?sit=1&lang=zh")
    for page in (ann, bo):
        page.wait_for_selector("#table .table-root")

    say(ann, "nice_move")
    bubble(bo, 0).filter(has_text="好棋！").wait_for()
    bo.wait_for_function("() => document.querySelector('#talk li .said')?.textContent === '好棋！'")
    assert ann.evaluate(TALK) == [[0, "Nice move!"]]
    say(bo, "thanks")
    bubble(ann, 1).filter(has_text="Thanks").wait_for()
    assert bo.evaluate(TALK) == [[0, "好棋！"], [1, "谢谢"]]
    assert "好棋" not in bo.locator("#log").inner_text() and "Thanks" not in ann.locator("#log").inner_text()

    watcher = new_context().new_page()
    watcher.goto(f"{web_server.base}/rooms/{room}?lang=en")  # no seat: a spectator
    watcher.wait_for_function("() => document.querySelectorAll('#talk li').length === 2")
    assert watcher.evaluate(TALK) == [[0, "Nice move!"], [1, "Thanks"]]
    assert watcher.locator("#say").is_hidden()  # spectators read; they do not speak

    mute = bo.locator('.seat-chip[data-seat="0"] button.mute')
    assert mute.inner_text() == "屏蔽"
    mute.click()
    assert (mute.inner_text(), mute.get_attribute("data-muted")) == ("取消屏蔽", "true")
    assert bo.evaluate(TALK) == [[1, "谢谢"]]
    say(ann, "oops")
    watcher.wait_for_function("() => [...document.querySelectorAll('#talk .said')].some((n) => n.textContent === 'Oops')")
    say(bo, "good_game")  # said after "oops" reached everyone: once bo's own line is shown, bo had "oops" too
    bo.wait_for_function("() => [...document.querySelectorAll('#talk .said')].some((n) => n.textContent === '打得好')")
    assert bo.evaluate(TALK) == [[1, "谢谢"], [1, "打得好"]]
    assert bubble(bo, 0).count() == 0
    bubble(ann, 1).filter(has_text="Good game").wait_for()

    bo.reload()
    bo.wait_for_function("() => document.querySelectorAll('#talk li').length === 2")
    assert bo.evaluate(TALK) == [[1, "谢谢"], [1, "打得好"]]
    assert bo.locator('.seat-chip[data-seat="0"] button.mute').inner_text() == "取消屏蔽"


COUNT_CHIMES = """window.__chimes = 0;
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) { window.__chimes += 1; return start.apply(this, args); };"""
"""Counts the notes the page starts with the Web Audio API (added before the page's own scripts run)."""


def chimes(page: Any) -> int:
    """Notes played so far by the page."""
    return int(page.evaluate("() => window.__chimes"))


TO_MOVE = "() => [document.querySelector('#table').dataset.toMove, document.querySelector('#table').dataset.status]"


def until_the_others_move(page: Any, rng: random.Random) -> None:
    """Play this seat's decisions until another seat is to move (or the game is over)."""
    while page.evaluate(TO_MOVE) == ["0", "playing"] and wait_my_turn_or_end(page):
        click_one_action(page, rng)


def test_the_turn_chime_is_off_until_turned_on_plays_when_the_turn_comes_and_is_remembered(
        web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    room = web_server.create_room("wizard-towers", seats, seed=2, bot_delay=1.0)["room"]
    ctx = new_context()
    ctx.add_init_script(COUNT_CHIMES)
    fetched: list[str] = []
    ctx.on("request", lambda r: fetched.append(f"{r.resource_type} {r.url}"))
    page = ctx.new_page()
    page.goto(f"{web_server.base}/rooms/{room}?sit=auto&lang=en")
    rng = random.Random(3)
    assert wait_my_turn_or_end(page)
    assert not page.locator("#turn-sound").is_checked()
    until_the_others_move(page, rng)
    assert wait_my_turn_or_end(page)
    assert chimes(page) == 0  # off by default: the turn came back in silence

    page.locator("label[for=turn-sound]").click()
    assert page.evaluate("() => localStorage.getItem('tablecraft.sound')") == "1"
    assert chimes(page) > 0  # turning it on lets the player hear it

    page.goto(f"{web_server.base}/rooms/{room}?lang=zh")  # the seat is resumed; the choice is remembered
    page.wait_for_selector("#table .table-root")
    assert page.locator("#turn-sound").is_checked()
    assert page.locator("label[for=turn-sound]").inner_text() == "轮到我时响铃"
    until_the_others_move(page, rng)
    before = chimes(page)
    assert wait_my_turn_or_end(page)
    page.wait_for_function(f"() => window.__chimes > {before}")  # the turn came back with a chime

    page.locator("#turn-sound").uncheck()
    page.reload()
    page.wait_for_selector("#table .table-root")
    assert not page.locator("#turn-sound").is_checked()
    audio = [f for f in fetched if f.startswith("media ") or f.rsplit(".", 1)[-1] in ("mp3", "ogg", "wav", "m4a")]
    assert audio == []  # the sound is made in the page; no file is fetched
