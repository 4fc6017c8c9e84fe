"""The xeno-faction table in headless Chromium: a person's seat plays a whole game against a bot by clicking on a
phone-sized screen; at every decision the table offers exactly the engine's legal actions, all drawn on the table
itself (none left to the shell's fallback strip); the opponent's hand never reaches the page (checked against the
game replayed from its record); a picture of the table is kept as ``build/screenshots/xeno-faction.png``."""

from __future__ import annotations

import random
from typing import Any

from support import (
    WebServer,
    click_one_action,
    play_looking,
    record_frames,
    replay_from_record,
    wait_my_turn_or_end,
)

GAME = "xeno-faction"
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}

LOOK = """() => {
  const t = document.querySelector('#table');
  const me = document.querySelector('.seat-chip.me');
  const xf = t.querySelector('.xf');
  const opp = t.querySelector('.xf-side.xf-opp');
  const cards = (root, sel) => root ? [...root.querySelectorAll(sel)].map((n) => n.dataset.card) : [];
  return {
    ply: Number(t.dataset.ply),
    seat: me ? Number(me.dataset.seat) : null,
    actions: [...t.querySelectorAll('[data-action]')].map((n) => n.getAttribute('data-action')),
    unfocusable: [...t.querySelectorAll('[data-action]')].filter((n) => n.tabIndex < 0 || !n.classList.contains('legal')).length,
    fallback: t.querySelectorAll('.shell-choices').length,
    oppSeat: opp ? Number(opp.dataset.seat) : null,
    oppCards: cards(opp, 'svg.card[data-card]'),
    oppBacks: opp ? [...opp.querySelectorAll('.xf-handbacks svg.card')].map((n) => n.classList.contains('card-back')) : [],
    oppZones: [...t.querySelectorAll('.xf-zone')].filter((z) => opp && z.dataset.owner === opp.dataset.seat)
      .flatMap((z) => cards(z, 'svg.card[data-card]')),
    myHand: cards(t.querySelector('.xf-hand'), 'svg.card[data-card]'),
    overflow: xf ? xf.getBoundingClientRect().right - document.documentElement.clientWidth : 999,
    rowCards: t.querySelectorAll('.xf-me .xf-row svg.card[data-card]').length,
  };
}"""


def test_a_person_plays_a_whole_xeno_faction_game_by_clicking_without_seeing_the_opponents_hand(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=11)
    page = new_context(viewport=PHONE).new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(5)
    looks = play_looking(page, rng, LOOK, GAME, over_selector=".xf-over",
                         picture_when=lambda look: look["rowCards"] >= 3 and len(look["myHand"]) >= 3)

    # replay the game from its record and compare every decision the page showed with the engine
    record, game, state, by_ply = replay_from_record(web_server, info["room"], looks)
    me = looks[0]["seat"]
    opp = 1 - me
    checked_hidden = 0
    for ply in range(len(record["actions"]) + 1):
        for look in by_ply.get(ply, []):
            assert state.current_player() == me
            legal = sorted(str(a) for a in state.legal_actions())
            assert sorted(set(look["actions"])) == legal, f"move {ply}: the page's actions differ from the engine's"
            assert look["fallback"] == 0, f"move {ply}: an action had no place on the table"
            assert look["unfocusable"] == 0
            assert look["overflow"] <= 1, f"move {ply}: the table is wider than a 390 px screen"
            truth = state.view(me)["players"]
            # my own hand, face up; the opponent's: backs only, one per card, and none of its cards anywhere on
            # the opponent's side of the table or in an extra zone of theirs
            assert sorted(look["myHand"]) == sorted(truth[me]["hand"])
            hidden = set(state.view(opp)["players"][opp]["hand"])
            assert look["oppSeat"] == opp
            assert all(look["oppBacks"]) and len(look["oppBacks"]) == min(truth[opp]["hand_size"], 12)
            assert not hidden & set(look["oppCards"] + look["oppZones"]), f"move {ply}: the opponent's hand shows"
            checked_hidden += bool(hidden)
        if ply < len(record["actions"]):
            state.apply(record["actions"][ply])
    assert state.is_terminal()
    assert checked_hidden, "the opponent never held a card: the check saw nothing"
    # and the frames the page received never carried the opponent's hand
    views = [f["view"] for f in frames.frames() if f.get("type") in ("welcome", "update") and f.get("view")]
    assert views and all(v["players"][opp]["hand"] == [] for v in views)


def test_the_xeno_faction_table_draws_in_chinese_and_takes_the_keyboard(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, [{"kind": "human"}, {"kind": "bot", "agent": "random"}], seed=12)
    page = new_context(viewport=PHONE, locale="zh-CN").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=zh")
    page.wait_for_selector("#table .xf")
    assert wait_my_turn_or_end(page)
    text = page.locator("#table .xf").inner_text()
    assert "第1排" in text and "额外区" in text and "生命" in text
    # Enter on a focused action plays it
    click_one_action(page, random.Random(6), keyboard=True)
