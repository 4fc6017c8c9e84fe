"""What players expect on a phone and in a busy browser (issue 14 item 8): the tab's title says when it is your
turn (in the page's language); on a touch screen every action, button and list is at least 44 px each way, and a
long press on a card or skill shows its text (there is no hover) without playing it — checked with the sizes and on
its own."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support import PHONE, WebServer, click_one_action, table_ply, wait_my_turn_or_end

SEATS = {"xeno-faction": 2, "wizard-towers": 3, "wild-hunters": 2, "fate": 4}

SMALL_TARGETS = """() => [...document.querySelectorAll('#table [data-action].legal, .btn, button, select')]
  .map((n) => [n.getAttribute('data-action') || n.textContent.slice(0, 20), n.getBoundingClientRect()])
  .filter(([, r]) => (r.width || r.height) && (r.width < 43.5 || r.height < 43.5))
  .map(([what, r]) => `${what} ${Math.round(r.width)}×${Math.round(r.height)}`)"""

LONG_PRESS = """() => {
  const node = [...document.querySelectorAll('#table [title], #table svg:has(> title)')]
    .find((n) => { const r = n.getBoundingClientRect(); return r.width && r.height; });
  if (!node) return null;
  const text = node.getAttribute('title') || node.querySelector(':scope > title').textContent;
  node.dispatchEvent(new PointerEvent('pointerdown', { pointerType: 'touch', bubbles: true }));
  return new Promise((done) => setTimeout(() => {
    node.dispatchEvent(new PointerEvent('pointerup', { pointerType: 'touch', bubbles: true }));
    node.dispatchEvent(new MouseEvent('click', { bubbles: true }));  // the click that ends the press
    const tip = document.getElementById('touch-tip');
    done({ text, tip: tip && !tip.hidden ? tip.textContent : null });
  }, 700));
}"""


def _phone_room(web_server: WebServer, browser: Any, game: str) -> tuple[Any, Any]:
    """A phone-sized touch context and its page at ``game``'s table, the person in seat 1, random bots beside."""
    ctx = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-US")
    page = ctx.new_page()
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (SEATS[game] - 1)
    info = web_server.create_room(game, seats, seed=5)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    return ctx, page


@pytest.mark.parametrize("game", sorted(SEATS))
def test_on_a_touch_phone_targets_are_finger_sized(game: str, web_server: WebServer, browser: Any) -> None:
    lobby = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="en-US")
    try:
        page = lobby.new_page()
        page.goto(f"{web_server.base}/?lang=en")
        page.wait_for_selector("form.room-form")
        assert page.evaluate(SMALL_TARGETS) == [], "lobby"
    finally:
        lobby.close()
    ctx, page = _phone_room(web_server, browser, game)
    try:
        rng = random.Random(1)
        for _ in range(6):
            if not wait_my_turn_or_end(page):
                break
            page.wait_for_timeout(100)
            assert page.evaluate(SMALL_TARGETS) == [], f"move {table_ply(page)}"
            click_one_action(page, rng)
    finally:
        ctx.close()


@pytest.mark.parametrize("game", sorted(SEATS))
def test_a_long_press_on_a_touch_screen_shows_the_text_of_a_card_or_skill_without_playing_it(
        game: str, web_server: WebServer, browser: Any) -> None:
    # a text that only a hover showed must reach a finger too
    ctx, page = _phone_room(web_server, browser, game)
    try:
        rng = random.Random(1)
        for _ in range(6):
            assert wait_my_turn_or_end(page), "the game ended before anything carried a text"
            page.wait_for_timeout(100)
            ply = table_ply(page)
            shown = page.evaluate(LONG_PRESS)
            if shown is not None:
                break
            click_one_action(page, rng)
        assert shown is not None, "nothing on the table carried a text to show"
        assert shown["tip"] == shown["text"], shown
        page.wait_for_timeout(300)
        assert table_ply(page) == ply, "the long press played a move"
    finally:
        ctx.close()


@pytest.mark.parametrize("lang,words", [("en", "Your turn"), ("zh", "轮到你了")])
def test_the_tab_title_says_when_it_is_your_turn(lang: str, words: str, web_server: WebServer,
                                                 new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    info = web_server.create_room("wizard-towers", seats, seed=2, bot_delay=1.0)
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(1)
    saw_other = False
    for _ in range(6):
        if not wait_my_turn_or_end(page):
            break
        assert page.title().startswith(f"● {words}")
        click_one_action(page, rng)
        if page.evaluate("() => document.querySelector('#table').dataset.toMove") != "0":
            assert words not in page.title()
            saw_other = True
    assert saw_other, "the bots never had a turn while the page looked"
