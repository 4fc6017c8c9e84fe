"""The browser front end with wizard-towers, end to end in headless Chromium: a person plays a whole game
against bots by clicking, reloads and keeps the seat, never sees another person's hand, uses the keyboard,
creates rooms in the lobby and steps through replays."""

from __future__ import annotations

import random
import re
from typing import Any

from support import (
    CARD_RE,
    PHONE,
    SHORT_WIZARD_TOWERS,
    WebServer,
    click_one_action,
    play_until_end,
    record_frames,
    save_screenshot,
    table_ply,
    wait_my_turn_or_end,
)

GAME = "wizard-towers"
LONGER = {"max_turns": 60}
"""Options for tests that need the game to last a while (the usual HP)."""
BOTS = [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"}]


def open_room(ctx: Any, srv: WebServer, room: str, query: str = "?sit=auto&lang=en") -> Any:
    page = ctx.new_page()
    page.goto(f"{srv.base}/rooms/{room}{query}")
    page.wait_for_selector("#table .table-root")
    return page


def test_a_person_plays_a_whole_game_against_bots_by_clicking(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, BOTS, SHORT_WIZARD_TOWERS)
    page = open_room(new_context(), web_server, info["room"])
    shot = {"taken": False}

    def screenshot_once(made: int) -> None:
        # a picture mid-game (a few moves in: cards on the table), for the README
        if not shot["taken"] and made >= 4:
            save_screenshot(page, GAME)
            shot["taken"] = True

    made = play_until_end(page, random.Random(1), on_move=screenshot_once)
    assert made > 0
    if not shot["taken"]:
        save_screenshot(page, GAME)
    # the end-of-game screen says how it ended, from this seat's side
    dialog = page.locator("#end-dialog")
    dialog.wait_for()
    text = dialog.inner_text()
    # (a turn-cap draw says "A draw" and no verdict: neither "You won!" nor "You lost.")
    assert "Game over" in text and ("You won!" in text or "You lost." in text or "A draw" in text)
    assert ("A draw" in text) != ("You won!" in text or "You lost." in text)
    final = web_server.room(info["room"])
    assert final["status"] == "finished"
    if final["result"]["winners"]:
        assert "Winners:" in text
    # every event of the log is explained in words (the engine's descriptions), none shown as raw data
    items = page.locator("#log li").all_inner_texts()
    assert len(items) == final["seq"]
    assert not any(t.startswith("{") for t in items)
    assert any(re.search(r"damage|HP", t) for t in items)
    # from the end screen straight to the replay, seen from this seat
    dialog.locator("a[href='#replay']").click()
    page.wait_for_selector("#replay-seat")
    assert page.locator("#replay-seat").input_value() == "0"
    page.wait_for_function("() => document.querySelector('#table')?.dataset.ply === '0'")


def test_a_reload_mid_game_resumes_the_same_seat(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, BOTS, LONGER)
    ctx = new_context()
    page = open_room(ctx, web_server, info["room"])
    rng = random.Random(2)
    for _ in range(3):
        assert wait_my_turn_or_end(page)
        click_one_action(page, rng)
    token = page.evaluate(f"() => localStorage.getItem('tablecraft.seat.{info['room']}')")
    assert token and '"seat":0' in token
    log_before = page.locator("#log li").all_inner_texts()
    ply_before = table_ply(page)

    page.reload()
    page.wait_for_selector("#table .table-root")
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) >= {ply_before}")
    # the same seat, the same token, the whole log back (resumed from event 0 after a reload)
    assert page.locator(".seat-chip.me").get_attribute("data-seat") == "0"
    assert page.evaluate(f"() => localStorage.getItem('tablecraft.seat.{info['room']}')") == token
    log_after = page.locator("#log li").all_inner_texts()
    assert log_after[:len(log_before)] == log_before
    room = web_server.room(info["room"])
    assert room["seats"][0]["claimed"] and not room["seats"][0]["standin"]
    # and the seat still plays
    assert wait_my_turn_or_end(page)
    click_one_action(page, rng)
    assert table_ply(page) > ply_before


def _hands_by_ply(frames: list[dict[str, Any]], seat: int) -> dict[int, list[str]]:
    """The cards of ``seat``'s own hand at each move number, from its own frames."""
    out = {}
    for f in frames:
        if f.get("type") in ("welcome", "update") and f["view"] is not None:  # (no view before the deal)
            out[f["ply"]] = f["view"]["players"][seat]["hand"]
    return out


def test_two_people_in_one_room_never_see_each_others_hands(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
                                  LONGER)
    pages, logs = [], []
    for _ in range(2):
        page = new_context().new_page()
        logs.append(record_frames(page))
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
        page.wait_for_selector(".seat-chip.me")
        pages.append(page)
    seats = [int(p.locator(".seat-chip.me").get_attribute("data-seat") or -1) for p in pages]
    assert sorted(seats) == [0, 1]
    rng = random.Random(3)
    for _ in range(40):  # play on by clicking in whichever page has the decision
        pages[0].wait_for_function("() => document.querySelector('#table')?.dataset.status !== 'waiting'")
        pending = [p for p in pages if p.locator("#table [data-action].legal:not(.sent)").count()]
        if not pending:
            if pages[0].evaluate("() => document.querySelector('#table').dataset.status") == "finished":
                break
            pages[0].wait_for_timeout(100)
            continue
        click_one_action(pending[0], rng)
    for me, other in ((0, 1), (1, 0)):
        frames = [f for f in logs[me].frames() if f.get("type") in ("welcome", "update")]
        assert all(not f["events"] for f in frames if f["view"] is None)  # before the deal: nothing at all
        mine = [f for f in frames if f["view"] is not None]
        theirs = _hands_by_ply(logs[other].frames(), seats[other])
        assert mine and theirs
        checked = 0
        for f in mine:
            hidden = set(theirs.get(f["ply"], [])) - set(f["view"]["players"][seats[other]]["hand"])
            # the other person's unknown cards appear nowhere in my frame: not in the view, events or texts
            text = " ".join(str(x) for x in (f["view"], f.get("events"), f.get("choices")))
            leaked = hidden & set(CARD_RE.findall(text))
            assert not leaked, f"seat {seats[me]} was sent seat {seats[other]}'s cards {leaked} at move {f['ply']}"
            checked += bool(hidden)
        assert checked, "the other hand never held a hidden card: the check saw nothing"
        # the page shows the other seat's hand only face down (apart from cards this seat was shown)
        page = pages[me]
        panel = page.locator(f".wt-player[data-seat='{seats[other]}'] svg.card[data-card]")
        last_view = mine[-1]["view"]["players"][seats[other]]["hand"]
        assert sorted(panel.evaluate_all("ns => ns.map(n => n.dataset.card)")) == sorted(last_view)
        dom = page.locator("#app").inner_html()
        last_hidden = set(_hands_by_ply(logs[other].frames(), seats[other]).get(mine[-1]["ply"], [])) - set(last_view)
        shown = {m for m in re.findall(r'data-card="([^"]+)"', dom)}
        assert not (last_hidden & shown)


def test_the_keyboard_alone_plays_a_move(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, BOTS, LONGER)
    page = open_room(new_context(), web_server, info["room"])
    assert wait_my_turn_or_end(page)
    before = table_ply(page)
    # a legal action is a focusable element with a role; Enter activates it
    first = page.locator("#table [data-action].legal").first
    assert first.evaluate("n => n.tabIndex >= 0")
    click_one_action(page, random.Random(4), keyboard=True)
    assert table_ply(page) > before
    # Space activates too, and Tab reaches the actions
    assert wait_my_turn_or_end(page)
    before = table_ply(page)
    page.locator("#table [data-action].legal").first.focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {before} || "
                           "document.querySelector('#table').dataset.status === 'finished'")
    page.locator("body").focus()
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement?.hasAttribute('data-action')"):
            break
    else:
        raise AssertionError("Tab never reached a legal action")


def test_the_lobby_creates_a_room_and_seats_its_creator(web_server: WebServer, new_context: Any) -> None:
    page = new_context().new_page()
    page.goto(f"{web_server.base}/?lang=en")
    card = page.locator(".game-card[data-game='wizard-towers']")
    card.focus()
    page.keyboard.press("Enter")  # the game is chosen with the keyboard
    form = page.locator("form.room-form[data-game='wizard-towers']")
    form.wait_for()
    assert form.locator(".seat-row").count() == 3
    form.locator("[name=kind-1]").select_option("bot")
    form.locator("[name=agent-1]").select_option("easy")
    form.locator("[data-option=warrior_hp]").fill("30")  # a game setting: shown without opening anything
    page.locator(".create-room").click()
    page.wait_for_url(re.compile(r"/rooms/[0-9a-f]+\?sit=auto"))
    page.wait_for_selector(".seat-chip.me")
    room = page.url.split("/rooms/")[1].split("?")[0]
    info = web_server.room(room)
    assert info["game"] == GAME and info["options"]["warrior_hp"] == 30
    assert [s["kind"] for s in info["seats"]] == ["human", "bot", "bot"]
    assert info["seats"][1]["agent"] == "easy" and info["seats"][0]["claimed"]
    assert info["status"] == "playing"
    # the invite link is the room's address, and the room is listed in the lobby
    assert page.locator(".invite-link").input_value().endswith(f"/rooms/{room}")
    page.goto(f"{web_server.base}/?lang=en")
    page.wait_for_selector(f"tr[data-room='{room}']")
    # a JSON client at the same link still gets the room's summary
    assert web_server.http.get(f"/rooms/{room}").json()["room"] == room


def test_the_replay_viewer_steps_through_a_finished_game_from_any_seat(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, [{"kind": "bot", "agent": "heuristic"}] * 3, SHORT_WIZARD_TOWERS)
    done = web_server.wait_finished(info["room"])
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?lang=en#replay")
    page.wait_for_selector("#replay-seat")
    counter = page.locator(".replay-counter")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.ply === '0'")
    assert counter.inner_text() == f"Move 0 of {done['ply']}"
    start_events = page.locator("#log li").count()
    page.locator(".replay-next").click()
    page.wait_for_function("() => document.querySelector('#table').dataset.ply === '1'")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => document.querySelector('#table').dataset.ply === '2'")
    assert page.locator("#log li").count() > start_events
    # from seat 0's side: its hand is drawn face up
    page.locator("#replay-seat").select_option("0")
    page.locator(".replay-last").click()
    page.wait_for_function(f"() => document.querySelector('#table').dataset.ply === '{done['ply']}'")
    assert counter.inner_text() == f"Move {done['ply']} of {done['ply']}"
    assert page.locator(".wt-player.wt-me").count() == 1
    page.locator(".replay-first").click()
    page.wait_for_function("() => document.querySelector('#table').dataset.ply === '0'")


def test_chinese_and_a_phone_sized_screen(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, BOTS, LONGER)
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector(".seat-chip.me")
    page.locator("#lang-switch").click()  # to Chinese: the page reloads and resumes the seat
    page.wait_for_function("() => document.documentElement.lang === 'zh'")
    page.wait_for_selector(".seat-chip.me")
    assert "橙" in page.locator(".seat-chip.me").inner_text()
    page.wait_for_selector("#log li")
    assert re.search(r"[\u4e00-\u9fff]", page.locator("#log").inner_text())
    assert wait_my_turn_or_end(page)
    assert re.search(r"[\u4e00-\u9fff]", page.locator("#table .choices").inner_text())
    # nothing wider than the phone's screen
    assert page.evaluate("() => document.documentElement.scrollWidth") <= PHONE["width"] + 1
    # the rules are one click away
    href = page.locator("a.rules-link").get_attribute("href")
    assert href == f"/rules/{GAME}?lang=zh"  # the page keeps the language the player chose
    rules = page.context.new_page()
    rules.goto(f"{web_server.base}{href}")
    assert "巫师塔" in rules.locator("h1").first.inner_text()


def test_a_visitor_watches_takes_a_free_seat_and_the_turn_timer_counts_down(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "heuristic"}],
                                  LONGER, turn_seconds=120)
    room = info["room"]
    visitor = new_context().new_page()
    visitor.goto(f"{web_server.base}/rooms/{room}?lang=en")  # the invite link, no seat asked for: watch
    visitor.wait_for_selector(".seat-chip .sit")
    assert "Waiting for players" in visitor.locator(".status-line").inner_text()
    assert visitor.locator(".seat-chip .sit").count() == 2
    visitor.locator(".seat-chip[data-seat='1'] .sit").click()  # "Sit here" on blue
    visitor.wait_for_selector(".seat-chip.me[data-seat='1']")
    friend = open_room(new_context(), web_server, room)  # takes the last free seat: the game starts
    friend.wait_for_selector(".seat-chip.me[data-seat='0']")
    friend.wait_for_selector("#table [data-action].legal")
    timer = friend.locator(".seat-chip[data-seat='0'] .timer")
    timer.wait_for()
    friend.wait_for_function("() => /\\d+ s left/.test(document.querySelector('.seat-chip .timer').textContent)")
    left = int(timer.inner_text().split("·")[1].split()[0])
    assert 100 <= left <= 120
    # a spectator sees no hand face up and has nothing to click
    watcher = new_context().new_page()
    watcher.goto(f"{web_server.base}/rooms/{room}?lang=en")
    watcher.wait_for_selector("#table .wt-player")
    assert "watching" in watcher.locator(".status-line").inner_text()
    assert watcher.locator("#table [data-action]").count() == 0
    assert watcher.locator(".wt-player svg.card[data-card]").count() == 0
    assert watcher.locator(".seat-chip .sit").count() == 0
