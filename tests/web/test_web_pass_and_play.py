"""Pass and play (issue 14 item 8): one person creates, in the lobby, a room where two seats sit on this same device.
The page shows one seat at a time; when the turn passes to the other seat held here, a hand-over cover replaces
the table — with nothing of the seat that just played left in the document — and only a tap on "ready" shows the
next seat's view, its decision brought into view. A reload shows the cover first, never a private view; a spectator
of the same room sees an ordinary table. Both languages."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from support import CARD_RE, PHONE, WebServer

GAME = "xeno-faction"

COVER = {
    "en": {"to": "Pass the device to {name}", "ready": "Tap when ready", "kind": "Person on this device"},
    "zh": {"to": "请把设备交给{name}", "ready": "准备好后点击", "kind": "本设备上的玩家"},
}
"""The cover's and the lobby's words in each language (a leak of the other language fails the test)."""

CJK = re.compile(r"[\u3400-\u9fff]")

SEEN = """() => {
  const me = document.querySelector('.seat-chip.me');
  const hand = document.querySelector('#table .xf-hand');
  return {
    seat: me ? Number(me.dataset.seat) : null,
    hand: hand ? [...hand.querySelectorAll('svg.card[data-card]')].map((n) => n.dataset.card) : [],
    ply: Number(document.querySelector('#table').dataset.ply),
  };
}"""

COVERED = """() => ({
  html: document.body.outerHTML,
  text: document.body.innerText,
  seat: document.querySelector('#handover')?.dataset.seat ?? null,
  heading: document.querySelector('#handover h1')?.textContent ?? '',
  ready: document.querySelector('#handover .handover-ready')?.textContent ?? '',
  table: document.querySelectorAll('#table, #log, #recent, .seat-chip, [data-action], svg.card').length,
  dialogs: document.querySelectorAll('dialog').length,
})"""

IN_VIEW = """() => {
  const bar = document.querySelector('.topbar');
  const top = bar ? Math.max(0, bar.getBoundingClientRect().bottom) : 0;
  const n = document.querySelector('#table [data-action].legal:not(.sent)');
  if (!n) return false;
  const r = n.getBoundingClientRect();
  return r.top >= top - 1 && r.bottom <= window.innerHeight + 1 && r.left >= -1
    && r.right <= document.documentElement.clientWidth + 1;
}"""

PROMPT_OR_COVER = ("() => document.querySelector('#handover') || "
                   "document.querySelector('#table [data-action].legal:not(.sent)') || "
                   "document.querySelector('#table')?.dataset.status === 'finished'")


def seat_names(web_server: WebServer, lang: str, game: str = GAME) -> list[str]:
    """The game's names for its seats in `lang` (the cover names the seat to pass the device to)."""
    g = next(g for g in web_server.games() if g["id"] == game)
    names: list[str] = g["seat_names"][lang]
    return names


def assert_covered(page: Any, lang: str, name: str, seat: int, private: list[str]) -> None:
    """The cover is up for `seat` and nothing of the other seat's table is in the document."""
    page.wait_for_function(f"() => document.querySelector('#handover')?.dataset.seat === '{seat}'")
    c = page.evaluate(COVERED)
    assert c["heading"] == COVER[lang]["to"].format(name=name), c["heading"]
    assert c["ready"] == COVER[lang]["ready"]
    assert c["table"] == 0 and c["dialogs"] == 0, "the previous seat's table is still in the document"
    assert "data-card" not in c["html"] and "data-action" not in c["html"], c["html"][:2000]
    for card in private:
        assert card not in c["text"], f"the previous seat's card {card} is on the cover"
    assert not CARD_RE.search(c["text"]), c["text"]
    if lang == "en":
        assert not CJK.search(c["text"].replace("中文", "")), c["text"]
    else:
        assert CJK.search(c["heading"]) and CJK.search(c["ready"]), c


def create_in_lobby(page: Any, base: str, lang: str, game: str, kinds: list[str]) -> str:
    """Create a room of `game` in the lobby with these seat kinds (``local``, ``human``, ``bot``); its id."""
    page.goto(f"{base}/?lang={lang}")
    page.locator(f".game-card[data-game='{game}']").click()
    form = page.locator(f"form.room-form[data-game='{game}']")
    form.wait_for()
    if form.locator("#num-seats").count():
        form.locator("#num-seats").select_option(str(len(kinds)))
    for i, kind in enumerate(kinds):
        form.locator(f"[name=kind-{i}]").select_option(kind)
    form.locator("button.create-room").click()
    page.wait_for_url(re.compile(r"/rooms/[^/?#]+"))
    return re.search(r"/rooms/([^/?#]+)", page.url).group(1)  # type: ignore[union-attr]


def reveal(page: Any) -> dict[str, Any]:
    """Tap "ready" on the cover; wait for the seat's prompt and return what the page shows."""
    page.locator("#handover .handover-ready").click()
    page.wait_for_selector("#table [data-action].legal:not(.sent)")
    seen: dict[str, Any] = page.evaluate(SEEN)
    return seen


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_two_seats_on_one_device_hand_over_behind_a_cover_that_hides_the_last_seats_cards(
        lang: str, web_server: WebServer, new_context: Any) -> None:
    names = seat_names(web_server, lang)
    page = new_context(viewport=PHONE, locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/?lang={lang}")
    page.locator(f".game-card[data-game='{GAME}']").click()
    form = page.locator(f"form.room-form[data-game='{GAME}']")
    form.wait_for()
    kind = form.locator("[name=kind-1] option[value=local]")
    assert kind.text_content().startswith(COVER[lang]["kind"])  # type: ignore[union-attr]
    room = create_in_lobby(page, web_server.base, lang, GAME, ["local", "local"])

    # the first cover names the seat to move; nothing is drawn behind it
    page.wait_for_function("() => document.querySelector('#handover')?.dataset.seat !== ''")
    first = int(page.evaluate("() => document.querySelector('#handover').dataset.seat"))
    assert_covered(page, lang, names[first], first, [])
    info = web_server.room(room)
    assert info["status"] == "playing" and all(s["claimed"] for s in info["seats"]), info
    seen = reveal(page)
    assert seen["seat"] == first and page.evaluate(IN_VIEW), seen

    # play the shown seat until the turn passes to the other seat on this device
    rng = random.Random(7)
    handovers = 0
    for _ in range(60):
        seen = page.evaluate(SEEN)
        actions = page.locator("#table [data-action].legal:not(.sent):not([data-action='cancel'])")
        actions.nth(rng.randrange(actions.count())).click()
        if page.locator("#confirm-dialog").count():
            page.locator("#confirm-dialog .confirm-play").click()
        page.wait_for_function(
            f"() => document.querySelector('#handover') || Number(document.querySelector('#table')?.dataset.ply) "
            f"> {seen['ply']}")
        page.wait_for_function(PROMPT_OR_COVER)
        if page.locator("#handover").count():
            other = 1 - seen["seat"]
            assert_covered(page, lang, names[other], other, seen["hand"])
            now = reveal(page)
            assert now["seat"] == other, now
            assert page.evaluate(IN_VIEW), "the new seat's decision is not on screen"
            handovers += 1
            if handovers == 2:
                break
        assert page.evaluate("() => document.querySelector('#table').dataset.status") != "finished"
    assert handovers == 2, "the turn never passed to the other seat on this device"

    # a reload comes back to the same room behind the cover, never straight to a private view
    shown = page.evaluate(SEEN)
    page.reload()
    page.wait_for_function(f"() => document.querySelector('#handover')?.dataset.seat === '{shown['seat']}'")
    assert_covered(page, lang, names[shown["seat"]], shown["seat"], shown["hand"])
    again = reveal(page)
    assert again["seat"] == shown["seat"] and again["ply"] == shown["ply"], (again, shown)

    # a spectator watches an ordinary table: no cover, no seat's hand
    watcher = new_context(locale="en-US").new_page()
    watcher.goto(f"{web_server.base}/rooms/{room}?lang={lang}")
    watcher.wait_for_selector("#table .xf")
    assert watcher.locator("#handover").count() == 0
    assert watcher.locator("#table .xf-hand svg.card[data-card]").count() == 0


WATCH_TO_MOVE = """() => {
  window.seenToMove = new Set();
  new MutationObserver((records) => { for (const r of records) {
    if (r.oldValue !== null) window.seenToMove.add(r.oldValue);
    if (r.target.dataset.toMove !== undefined) window.seenToMove.add(r.target.dataset.toMove);
  } }).observe(document.body, { subtree: true, attributes: true, attributeOldValue: true,
                                attributeFilter: ['data-to-move'] });
}"""


def test_a_bot_between_the_seats_on_one_device_plays_while_the_last_seat_stays_shown(
        web_server: WebServer, new_context: Any) -> None:
    # wizard-towers seats play in order 0, 1, 2: the bot's turn between the two seats held here covers nothing
    names = seat_names(web_server, "en", "wizard-towers")
    page = new_context().new_page()
    create_in_lobby(page, web_server.base, "en", "wizard-towers", ["local", "bot", "local"])
    page.wait_for_function("() => document.querySelector('#handover')?.dataset.seat === '0'")
    assert_covered(page, "en", names[0], 0, [])
    assert reveal(page)["seat"] == 0
    page.evaluate(WATCH_TO_MOVE)
    rng = random.Random(3)
    for _ in range(40):
        seen = page.evaluate(SEEN)
        actions = page.locator("#table [data-action].legal:not(.sent)")
        actions.nth(rng.randrange(actions.count())).click()
        page.wait_for_function(
            f"() => document.querySelector('#handover') || Number(document.querySelector('#table')?.dataset.ply) "
            f"> {seen['ply']}")
        page.wait_for_function(PROMPT_OR_COVER)
        if page.locator("#handover").count():
            break
    assert_covered(page, "en", names[2], 2, [])
    # seat 0's page was still shown, naming the bot to move, before the cover came for seat 2
    assert "1" in page.evaluate("() => [...window.seenToMove]"), page.evaluate("() => [...window.seenToMove]")
    assert reveal(page)["seat"] == 2
    assert page.evaluate(IN_VIEW)
