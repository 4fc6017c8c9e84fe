"""The Chinese page is looked at (issue 14 item 9): the browser has a CJK font (no tofu on the 中文 button or the
tables), and every game's table is pictured in Chinese as ``build/screenshots/<game>.zh.png`` beside the English
``<game>.png`` the table tests take (``TABLECRAFT_SCREENSHOTS=docs`` refreshes the README's copies instead)."""

from __future__ import annotations

import random
from typing import Any

import pytest
from support import DESKTOP, SCREENSHOTS, WebServer, click_one_action, save_screenshot, wait_my_turn_or_end

import tablecraft

GAMES = sorted(spec.id for spec in tablecraft.games())
SEATS = {"xeno-faction": 2, "wizard-towers": 3, "wild-hunters": 2, "fate": 5}

GLYPHS_DIFFER = """(chars) => {
  // two different characters drawn in the page's font: without a CJK font both are the same empty box
  const font = getComputedStyle(document.body).fontFamily;
  const draw = (ch) => {
    const c = document.createElement('canvas'); c.width = 48; c.height = 48;
    const g = c.getContext('2d'); g.font = `40px ${font}`; g.fillStyle = '#000'; g.fillText(ch, 4, 40);
    return Array.from(g.getImageData(0, 0, 48, 48).data).join(',');
  };
  return chars.map((ch) => draw(ch)).filter((d, i, all) => all.indexOf(d) === i).length;
}"""


def test_the_browser_draws_chinese_characters_not_empty_boxes(web_server: WebServer, new_context: Any) -> None:
    page = new_context(locale="zh-CN").new_page()
    page.goto(f"{web_server.base}/?lang=en")
    page.wait_for_selector(".game-card")
    chars = ["中", "文", "牌", "桌"]
    assert page.evaluate(GLYPHS_DIFFER, chars) == len(chars), (
        "no CJK font: Chinese text renders as boxes (apt-get install fonts-noto-cjk; .ci/run does it)")


@pytest.mark.parametrize("game", GAMES)
def test_each_table_is_pictured_in_chinese(game: str, web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (SEATS.get(game, 2) - 1)
    info = web_server.create_room(game, seats, seed=9)
    page = new_context(viewport=DESKTOP, locale="zh-CN").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=zh")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(1)
    for _ in range(5):
        if not wait_my_turn_or_end(page):
            break
        click_one_action(page, rng)
    wait_my_turn_or_end(page)
    page.wait_for_timeout(700)  # the animations end
    page.evaluate("() => window.scrollTo(0, 0)")
    assert page.locator("#table .banner").count() == 0
    path = save_screenshot(page, f"{game}.zh")
    assert path == SCREENSHOTS / f"{game}.zh.png" and path.stat().st_size > 10_000
