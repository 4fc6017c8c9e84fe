"""The wild-hunters table in headless Chromium: a person's hero plays a whole game beside two bot heroes by clicking
(moves on the hex map, attacks on the demon king, cards in hand and in the supply) on a phone-sized screen; at every
decision the table offers exactly the engine's legal actions, all drawn on the table itself; the other heroes' hands
show only the cards everyone saw them take (checked against the game replayed from its record); a picture of the
table is kept as ``build/screenshots/wild-hunters.png``."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from support import (
    WH_NEXT_TO_THE_KING,
    WebServer,
    click_one_action,
    play_looking,
    record_frames,
    replay_from_record,
    wait_my_turn_or_end,
)

GAME = "wild-hunters"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}
SEATS = [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "random"}]

LOOK = """() => {
  const t = document.querySelector('#table');
  const me = document.querySelector('.seat-chip.me');
  const wh = t.querySelector('.wh');
  const hands = {};
  for (const p of t.querySelectorAll('.wh-hero[data-seat]')) {
    hands[p.dataset.seat] = [...p.querySelectorAll('.wh-hand svg.wh-card[data-card]')].map((n) => n.dataset.card);
  }
  const where = (n) => n.closest('.wh-map') ? (n.closest('.wh-king') ? 'king' : 'map')
    : n.closest('.wh-hand') ? 'hand' : n.closest('.wh-panel') ? 'panel' : 'strip';
  return {
    ply: Number(t.dataset.ply),
    seat: me ? Number(me.dataset.seat) : null,
    actions: [...t.querySelectorAll('[data-action]')].map((n) => [n.getAttribute('data-action'), where(n)]),
    unfocusable: [...t.querySelectorAll('[data-action]')].filter((n) => n.tabIndex < 0 || !n.classList.contains('legal')).length,
    fallback: t.querySelectorAll('.shell-choices').length,
    hands,
    cells: t.querySelectorAll('.wh-map .wh-cell').length,
    overflow: wh ? wh.getBoundingClientRect().right - document.documentElement.clientWidth : 999,
  };
}"""

PLACE = {"move": "map", "attack": "king", "pay": "hand", "focus": "hand", "acquire": "panel"}
"""Where on the table each kind of action must be clicked (the rest: the choices strip)."""


def test_a_person_plays_a_whole_wild_hunters_game_by_clicking_on_the_map(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS, seed=21)
    page = new_context(viewport=PHONE).new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(8)
    looks = play_looking(page, rng, LOOK, GAME, over_selector=".wh-over", picture_when=lambda look: look["ply"] >= 6)

    record, game, state, by_ply = replay_from_record(web_server, info["room"], looks)
    me = looks[0]["seat"]
    seen_places: Counter[str] = Counter()
    public_hands: dict[int, dict[int, list[str]]] = {}
    for ply in range(len(record["actions"]) + 1):
        public_hands[ply] = {h["seat"]: sorted(h["hand"]) for h in state.view(None)["heroes"]}
        for look in by_ply.get(ply, []):
            assert state.current_player() == me
            legal = sorted(str(a) for a in state.legal_actions())
            assert sorted({a for a, _ in look["actions"]}) == legal, f"move {ply}: the page's actions differ"
            assert look["fallback"] == 0, f"move {ply}: an action had no place on the table"
            assert look["unfocusable"] == 0
            assert look["overflow"] <= 1, f"move {ply}: the table is wider than a 390 px screen"
            for action, where in look["actions"]:
                verb = action.split()[0]
                assert where == PLACE.get(verb, "strip"), f"move {ply}: {action} drawn in the {where}"
                seen_places[where] += 1
            mine = state.view(me)
            public = state.view(None)
            assert look["cells"] == len(mine["map"]["cells"])
            for hero in mine["heroes"]:
                shown = sorted(look["hands"][str(hero["seat"])])
                if hero["seat"] == me:
                    assert shown == sorted(hero["hand"])
                else:  # only the cards every seat saw taken from the supply
                    assert shown == sorted(public["heroes"][hero["seat"]]["hand"]), f"move {ply}: a hand shows"
        if ply < len(record["actions"]):
            state.apply(record["actions"][ply])
    assert state.is_terminal()
    assert seen_places["map"] and seen_places["hand"], seen_places
    # the frames the page received named no other hero's unknown cards either
    checked = 0
    for f in frames.frames():
        if f.get("type") in ("welcome", "update") and f.get("view"):
            for hero in f["view"]["heroes"]:
                if hero["seat"] != me:
                    assert sorted(hero["hand"]) == public_hands[f["ply"]][hero["seat"]], f"move {f['ply']}"
                    checked += 1
    assert checked


def test_the_wild_hunters_table_draws_in_chinese_and_takes_the_keyboard(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS[:2], seed=22)
    page = new_context(viewport=PHONE, locale="zh-CN").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=zh")
    page.wait_for_selector("#table .wh")
    assert wait_my_turn_or_end(page)
    text = page.locator("#table .wh").inner_text()
    assert "惡鬼王" in text and "靈力供應區" in text and "天命" in text
    # a map tile is a keyboard target too: focus a legal move and press Enter
    moves = page.locator("#table .wh-map [data-action^='move']")
    if moves.count():
        before = page.evaluate("() => Number(document.querySelector('#table').dataset.ply)")
        moves.first.focus()
        page.keyboard.press("Enter")
        page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {before}")
    else:
        click_one_action(page, random.Random(9), keyboard=True)


def _click(page: Any, selector: str) -> None:
    """Click the one element ``selector`` names and wait until the game moves on."""
    before = page.evaluate("() => Number(document.querySelector('#table').dataset.ply)")
    page.locator(selector).first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {before}")


def test_the_demon_king_is_attacked_by_clicking_him_then_paying_from_the_hand(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS[:2], {"demon_king": "blaze"}, seed=23, setup=WH_NEXT_TO_THE_KING)
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .wh")
    assert wait_my_turn_or_end(page)
    hp = int(page.locator("[data-key='king-hp']").get_attribute("data-value") or 0)
    # the five neighbouring tiles are move targets on the map, the demon king is the attack target
    assert page.locator("#table .wh-map .wh-cell[data-action^='move']").count() == 5
    assert "Side facing Wort (you): fire" in page.locator("#table .wh").inner_text()
    _click(page, "#table .wh-map .wh-king[data-action='attack']")
    assert "Paying for an attack on the demon king" in page.locator("#table .wh-prompt").inner_text()
    # on a face-down tile the price is three cards of different elements, paid one at a time from the hand
    for _ in range(3):
        assert page.locator("#table .wh-hand [data-action^='pay']").count() > 0
        _click(page, "#table .wh-hand [data-action^='pay']")
    # then the sword energy: release it from the choices strip for one more damage
    _click(page, "#table .wh-choices [data-action='release 1']")
    after = int(page.locator("[data-key='king-hp']").get_attribute("data-value") or 0)
    assert hp - after in (2, 3)  # 1, +1 released, +1 if the die shows fire
    assert page.locator("#table .wh-kingpanel").inner_text().count(f"Life {after} /") == 1
