"""The words a player reads at the table (issue 14 items 4, 7, 8): seats count from 1 on every table, each game's
words are in the page's language and script, and a seat is not left by one stray click."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from support import WebServer, click_one_action, wait_my_turn_or_end

FATE_SEAT_WORDS = """() => ({
  seats: [...document.querySelectorAll('#table .ft-hero .ft-seat')].map((n) => n.textContent),
  text: document.querySelector('#table').innerText + ' ' + document.querySelector('#log').innerText,
})"""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_fate_table_and_its_log_number_the_seats_from_one(lang: str, web_server: WebServer,
                                                              browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    try:
        page = ctx.new_page()
        seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 3
        info = web_server.create_room("fate", seats, seed=5)
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
        page.wait_for_selector("#table .ft-hero .ft-seat")
        rng = random.Random(2)
        for _ in range(4):  # a few moves, so the log holds events naming seats
            if not wait_my_turn_or_end(page):
                break
            click_one_action(page, rng)
        wait_my_turn_or_end(page)
        seen = page.evaluate(FATE_SEAT_WORDS)
        numbers = [int(re.search(r"\d+", s).group()) for s in seen["seats"]]  # type: ignore[union-attr]
        assert sorted(numbers) == [1, 2, 3, 4], seen["seats"]
        zero = r"\b[Ss]eat 0\b" if lang == "en" else r"(?<!\d)0号位"
        assert not re.search(zero, seen["text"]), seen["text"]
        five = r"\b[Ss]eat 5\b" if lang == "en" else r"(?<!\d)5号位"
        assert not re.search(five, seen["text"]), seen["text"]
        mine = [s for s in seen["seats"] if "(" in s]
        assert mine == (["seat 1 (you)"] if lang == "en" else ["1号位 (你)"]), seen["seats"]
    finally:
        ctx.close()


PAGE_WORDS = """() => [document.querySelector('#table'), document.querySelector('#log')]
  .flatMap((root) => [root.innerText, ...[...root.querySelectorAll('[title],[aria-label]')]
    .map((n) => `${n.getAttribute('title') || ''} ${n.getAttribute('aria-label') || ''}`),
    ...[...root.querySelectorAll('svg title')].map((n) => n.textContent)]).join('\\n')"""

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]+")


def test_the_english_xeno_faction_page_names_everything_in_english(web_server: WebServer, browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    try:
        page = ctx.new_page()
        info = web_server.create_room("xeno-faction", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=4)
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
        page.wait_for_selector("#table .xf")
        rng = random.Random(3)
        seen: set[str] = set()
        for _ in range(12):
            if not wait_my_turn_or_end(page):
                break
            seen.update(CJK.findall(page.evaluate(PAGE_WORDS)))
            click_one_action(page, rng)
        seen.update(CJK.findall(page.evaluate(PAGE_WORDS)))
        assert not seen, sorted(seen)
    finally:
        ctx.close()


@pytest.mark.parametrize(("lang", "names", "absent"), [("en", ["Big Joker", "Little Joker"], ["大王", "小王"]),
                                                      ("zh", ["大王", "小王"], ["Big Joker", "Little Joker"])])
def test_the_xeno_faction_table_names_the_jokers_in_the_pages_language(lang: str, names: list[str],
                                                                       absent: list[str], web_server: WebServer,
                                                                       browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    try:
        page = ctx.new_page()
        setup = {"first": "alpha", "hands": {"alpha": ["JKR", "5D", "7S", "9C"]}, "graveyards": {"alpha": ["JKB"]}}
        info = web_server.create_room("xeno-faction", [{"kind": "human"}, {"kind": "bot", "agent": "random"}],
                                      seed=4, setup=setup)
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=0&lang={lang}")
        page.wait_for_selector("#table .xf-hand svg.card")
        assert wait_my_turn_or_end(page)
        words = page.evaluate(PAGE_WORDS) + " ".join(  # the pile lists, open or folded
            page.eval_on_selector_all("#table .xf-code", "(ns) => ns.map((n) => n.textContent)"))
        for name in names:
            assert name in words, (name, words)
        for name in absent:
            assert name not in words, (name, words)
    finally:
        ctx.close()


OPTION_WORDS = """() => [...document.querySelectorAll('form.room-form .option')].map((box) =>
  [box.querySelector('label').textContent, (box.querySelector('.doc') || {}).textContent || '',
   ...[...box.querySelectorAll('option')].map((o) => o.textContent)].join(' ')).join('\\n')"""


def test_the_wild_hunters_lobby_options_are_in_traditional_chinese_like_the_game(
        web_server: WebServer, browser: Any) -> None:
    # the game's Chinese is Traditional throughout (its seed is); the lobby's own words around it stay Simplified
    import zhconv

    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="zh-CN")
    try:
        page = ctx.new_page()
        page.goto(f"{web_server.base}/?lang=zh")
        page.locator(".game-card[data-game='wild-hunters']").click()
        page.wait_for_selector("form.room-form[data-game='wild-hunters']")
        words = page.evaluate(OPTION_WORDS)
        assert "惡鬼王" in words and "靈力供應區" in words, words  # the game's own terms
        simplified = {c for c in CJK.findall(words) for c in c
                      if c != "岩" and zhconv.convert(c, "zh-hans") == c and zhconv.convert(c, "zh-hant") != c}
        assert not simplified, sorted(simplified)
    finally:
        ctx.close()


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_leaving_the_seat_mid_game_is_asked_first_and_cancel_keeps_the_seat(lang: str, web_server: WebServer,
                                                                            browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    try:
        page = ctx.new_page()
        info = web_server.create_room("wizard-towers", [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 2,
                                      seed=6)
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
        page.wait_for_selector(".seat-chip.me")
        page.wait_for_selector("#table .table-root")  # mid-game: before the deal a leave needs no asking
        page.locator("button.leave").click()
        dialog = page.locator("#confirm-dialog")
        dialog.wait_for()
        assert ("bot" in dialog.inner_text()) if lang == "en" else ("机器人" in dialog.inner_text())
        dialog.locator(".confirm-cancel").click()
        page.wait_for_timeout(500)  # a leave sent by mistake would have come back by now
        assert page.locator(".seat-chip.me").count() == 1
        assert web_server.room(info["room"])["seats"][0]["standin"] is False
        page.locator("button.leave").click()
        page.locator("#confirm-dialog .confirm-play").click()
        page.wait_for_function("() => !document.querySelector('.seat-chip.me')")
    finally:
        ctx.close()


@pytest.mark.parametrize(("agent", "lang", "word", "raw"), [
    ("random", "zh", "机器人：随机", "random"), ("random", "en", "bot: random", None),
    # the spec a level stands for is named by the level (the README's pictures said "bot: heuristic")
    ("heuristic", "en", "bot: Normal", "heuristic"), ("heuristic", "zh", "机器人：普通", "heuristic")])
def test_a_bot_made_from_a_bare_agent_is_named_in_the_pages_language(agent: str, lang: str, word: str,
                                                                     raw: str | None, web_server: WebServer,
                                                                     browser: Any) -> None:
    ctx = browser.new_context(viewport={"width": 1366, "height": 768}, locale="en-US")
    try:
        page = ctx.new_page()
        info = web_server.create_room("xeno-faction", [{"kind": "human"}, {"kind": "bot", "agent": agent}], seed=4)
        page.goto(f"{web_server.base}/rooms/{info['room']}?sit=0&lang={lang}")
        page.wait_for_selector(".seat-chip")
        chips = " ".join(page.eval_on_selector_all(".seat-chip", "(ns) => ns.map((n) => n.innerText)"))
        assert word in chips, chips
        if raw is not None:
            assert raw not in chips, chips
    finally:
        ctx.close()
