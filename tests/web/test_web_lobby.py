"""The lobby in players' words (issue 14 item 4): every option of every game has a label and a help line in the
page's language (never its ``snake_case`` name or the designers' notes), closed sets are chosen from a list,
each game proposes a sensible number of seats, seats count from 1, a person gives their name, and bots are
offered by difficulty. On a phone the lobby never scrolls sideways (item 8)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support import PHONE, WebServer

import tablecraft

CJK = re.compile(r"[\u3400-\u9fff]")
GAMES = sorted(spec.id for spec in tablecraft.games())

LOOK = """() => {
  const form = document.querySelector('form.room-form');
  const opts = [...form.querySelectorAll('[data-option]')].map((input) => {
    const box = input.closest('.option');
    return { name: input.dataset.option, tag: input.tagName, type: input.type || '',
             label: box.querySelector('label').textContent, help: (box.querySelector('.doc') || {}).textContent || '',
             choices: input.tagName === 'SELECT' ? [...input.options].map((o) => o.textContent) : [] };
  });
  return {
    opts,
    seats: Number((form.querySelector('#num-seats') || {}).value || form.querySelectorAll('.seat-row').length),
    seatWords: [...form.querySelectorAll('.seat-row strong')].map((n) => n.textContent),
    bots: [...form.querySelectorAll('[name=agent-1] option')].map((o) => o.textContent),
    kinds: [...form.querySelectorAll('[name=kind-1] option')].map((o) => `${o.textContent} ${o.title || ''}`),
    name: Boolean(form.querySelector('input[name=player_name]')),
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
  };
}"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_every_lobby_option_is_worded_for_players_in_the_page_language(lang: str, web_server: WebServer,
                                                                      new_context: Any) -> None:
    page = new_context(viewport=PHONE, locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/?lang={lang}")
    levels = {"zh": ["入门", "普通", "困难", "大师"], "en": ["Easy", "Normal", "Hard", "Expert"]}[lang]
    for game in GAMES:
        page.locator(f".game-card[data-game='{game}']").click()
        page.wait_for_selector(f"form.room-form[data-game='{game}']")
        look = page.evaluate(LOOK)
        spec = tablecraft.load(game).spec
        assert {o["name"] for o in look["opts"]} == {o.name for o in spec.options}
        for o in look["opts"]:
            words = o["label"] + " " + o["help"] + " " + " ".join(o["choices"])
            assert "_" not in o["label"] and o["label"] != o["name"], f"{game}.{o['name']}: raw name as label"
            assert o["help"].strip(), f"{game}.{o['name']} has no help line"
            assert "gap" not in o["help"] and "seed" not in o["help"], f"{game}.{o['name']}: a designers' note"
            if lang == "zh":
                assert CJK.search(o["label"]) and CJK.search(o["help"]), f"{game}.{o['name']} is not in Chinese"
            else:
                assert not CJK.search(words), f"{game}.{o['name']}: Chinese on the English page: {words}"
            assert o["tag"] == "SELECT" or o["type"] in ("checkbox", "number") or o["name"] == "heroes", (
                f"{game}.{o['name']} is a free-text box")
        assert look["bots"] == levels, f"{game}: bots are offered as {look['bots']}"
        assert len(look["kinds"]) == 3, look["kinds"]  # a person, a bot, a person on this device (pass and play)
        for words in look["kinds"]:
            assert bool(CJK.search(words)) == (lang == "zh"), f"{game}: a seat kind in the other language: {words}"
        assert look["name"], "no name field"
        assert look["seatWords"][0].startswith("座位 1" if lang == "zh" else "Seat 1")
        assert look["overflow"] <= 0, f"{game}: the lobby scrolls sideways on a phone by {look['overflow']} px"
    # fate: the mode is chosen from a list, and a new room proposes five seats, not eight
    page.locator(".game-card[data-game='fate']").click()
    page.wait_for_selector("form.room-form[data-game='fate']")
    look = page.evaluate(LOOK)
    mode = next(o for o in look["opts"] if o["name"] == "mode")
    assert mode["tag"] == "SELECT" and len(mode["choices"]) == 5
    assert look["seats"] == 5


def test_a_person_named_in_the_lobby_plays_under_that_name_against_a_bot_of_a_chosen_level(
        web_server: WebServer, new_context: Any) -> None:
    page = new_context().new_page()
    page.goto(f"{web_server.base}/?lang=en")
    page.locator(".game-card[data-game='xeno-faction']").click()
    form = page.locator("form.room-form[data-game='xeno-faction']")
    form.wait_for()
    form.locator("input[name=player_name]").fill("Mei")
    form.locator("[name=agent-1]").select_option(label="Hard")
    page.locator(".create-room").click()
    page.wait_for_selector(".seat-chip.me")
    room = page.url.split("/rooms/")[1].split("?")[0]
    info = web_server.room(room)
    assert info["seats"][0]["name"] == "Mei" and info["seats"][1]["agent"] == "hard"
    chips = page.locator(".seats").inner_text()
    assert "Mei" in chips and "Hard" in chips


SIDEWAYS = """() => {
  for (const d of document.querySelectorAll('form.room-form details')) d.open = true;  // every option in view
  return document.documentElement.scrollWidth - document.documentElement.clientWidth;
}"""


@pytest.mark.parametrize("lang", ["zh", "en"])
def test_the_lobby_never_scrolls_sideways_on_a_phone(lang: str, web_server: WebServer, new_context: Any) -> None:
    # on its own (the test above checks it after the words, which fail first on a lobby in developers' words)
    page = new_context(viewport=PHONE, locale="zh-CN" if lang == "zh" else "en-US").new_page()
    page.goto(f"{web_server.base}/?lang={lang}")
    page.wait_for_selector(".game-card")
    assert page.evaluate(SIDEWAYS) <= 0, "the list of games scrolls sideways"
    for game in GAMES:
        page.locator(f".game-card[data-game='{game}']").click()
        page.wait_for_selector(f"form.room-form[data-game='{game}']")
        overflow = page.evaluate(SIDEWAYS)
        assert overflow <= 0, f"{game}: the lobby scrolls sideways on a phone by {overflow} px"
