"""No words of the other language on the table (issue 14 item 7, the browser half of ``tests/test_language_leaks.py``):
in every game, on the English and on the Chinese page, everything a player reads at each decision — the table, the
seats, the log, "since your last move", the choices with their prices, the tooltips and the names a screen reader
reads — holds no Chinese (nor "You's", nor a card code) on the English page and no English word, identifier or card
code on the Chinese page;
the game's words in wild-hunters are Traditional Chinese (its seed is), the others' Simplified, and the page's own
words around them (the seat chips) Simplified on every Chinese page, as in the lobby. A move the server refuses is
told in the page's language too."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
import zhconv
from support import WebServer, click_one_action, wait_my_turn_or_end

SEATS = {"xeno-faction": 2, "wizard-towers": 3, "wild-hunters": 2, "fate": 4}
"""Seats per game: the person in seat 0, random bots in the others."""

DECISIONS = 12
"""Decisions looked at per game and language (the bots' turns between them fill the log)."""

WORDS = """(roots) => {
  roots = roots.map((s) => document.querySelector(s)).filter(Boolean);
  const attrs = roots.flatMap((root) => [...root.querySelectorAll('[title],[aria-label]')]
    .map((n) => `${n.getAttribute('title') || ''} ${n.getAttribute('aria-label') || ''}`));
  const titles = roots.flatMap((root) => [...root.querySelectorAll('svg title')].map((n) => n.textContent));
  return [...roots.map((n) => n.innerText), ...attrs, ...titles].join('\\n');
}"""
"""Every text under the given elements a player reads, or hears from a screen reader, at this moment."""
GAME_TEXT = ["#table", "#log", "#recent"]
"""The game's words: its table (with the choices and their prices), its events."""
PAGE_TEXT = [".seats", "#end-dialog"]
"""The page's own words around them (seat chips, the end dialog): Simplified on every Chinese page, as the lobby is."""
CHOICES = "() => window.tablecraftRoom.legalChoices().map((c) => `${c.text} ${c.price || ''}`).join('\\n')"

CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z_]*[A-Za-z]|[a-z]+_[a-z_]+|\bseat \d")
"""On a Chinese page: a word in Latin letters (an untranslated identifier, ``seat 2``, a card code such as ``RT``)."""
ALLOWED_IN_ZH = {"Roshan"}
"""The one Latin proper name of a card (fate's fate card Roshan附体), as the terminal test allows it too."""
TRADITIONAL_OK = {"岩"}
"""The seed's own character in both scripts."""


ENGLISH_SLIPS = re.compile(r"\bYou(?:'s| [a-z]+(?<![su])s)\b")
"""A seat's name put where "you" belongs on an English page: "You's Dispel", "You keeps"."""
WH_CODES = re.compile(r"\b[WFRTG](?:\+?[WFRTG])+\b")
"""Wild-hunters' card codes (``RT``, ``F+T+F+W+G``): what one types, never what a player reads."""


def leaks(text: str, lang: str, game: str, script: bool = True) -> set[str]:
    """The pieces of ``text`` that belong to the other language (or, in Chinese, to the other script, unless
    ``script`` is false), or are notation where words belong."""
    if lang == "en":
        found = set(CJK.findall(text)) | set(ENGLISH_SLIPS.findall(text))
        return found | (set(WH_CODES.findall(text)) if game == "wild-hunters" else set())
    found = {w for w in LATIN_WORD.findall(text) if w not in ALLOWED_IN_ZH}
    for c in set(CJK.findall(text)) if script else ():
        hans, hant = zhconv.convert(c, "zh-hans"), zhconv.convert(c, "zh-hant")
        if game == "wild-hunters" and c not in TRADITIONAL_OK and hans == c and hant != c:
            found.add(f"Simplified {c}")
        elif game != "wild-hunters" and hans != c:
            found.add(f"Traditional {c}")
    return found


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_table_shows_nothing_of_the_other_language(game: str, lang: str, web_server: WebServer,
                                                       new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * (SEATS[game] - 1)
    info = web_server.create_room(game, seats, seed=8)
    page = new_context(viewport={"width": 1366, "height": 768},
                       locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(5)
    found: dict[str, str] = {}
    looked = 0
    for _ in range(DECISIONS):
        if not wait_my_turn_or_end(page):
            break
        game_text = page.evaluate(WORDS, GAME_TEXT) + "\n" + page.evaluate(CHOICES)
        page_text = page.evaluate(WORDS, PAGE_TEXT)
        for text, script in ((game_text, True), (page_text, False)):
            for leak in leaks(text, lang, game, script):
                at = text.find(leak.split()[-1])
                found.setdefault(leak, text[max(0, at - 60):at + 60].replace("\n", " ⏎ "))
        looked += 1
        click_one_action(page, rng)
    assert looked >= 3, "too few decisions to look at"
    assert found == {}, "\n".join(f"{k!r} in …{v}…" for k, v in sorted(found.items())[:25])


REFUSED = """() => { const r = window.tablecraftRoom;
  r.send({ type: 'move', token: r.token, action: 'attack left', move_id: 'refused-1', ply: r.frame.ply }); }"""
"""A move the rules do not allow now (orange must draw first), sent as a page would send a click."""


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_a_refused_move_is_told_in_the_pages_language(lang: str, web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "random"}] * 2
    info = web_server.create_room("wizard-towers", seats, seed=3)
    page = new_context(locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    assert wait_my_turn_or_end(page)
    page.evaluate(REFUSED)
    toast = page.locator("#toast")
    toast.wait_for(state="visible")
    text = toast.inner_text()
    assert text.strip(), "the refusal says nothing"
    assert leaks(text, lang, "wizard-towers") == set(), text  # the server words its message in English only
    if lang == "zh":
        assert CJK.search(text), text
