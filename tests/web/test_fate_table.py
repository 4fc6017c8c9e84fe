"""The fate table in headless Chromium: a person's seat plays a whole 5-player identity game against four heuristic
bots by clicking on a phone-sized screen; at every decision the table offers exactly the engine's legal actions, each
drawn where it acts (a hand card, a hero card, a hero to pick, the choices strip) and none left to the shell's
fallback strip; another seat's hand and any identity this seat does not know never reach the page (checked against
the game replayed from its record); the decision on top is explained in words; the 1v1 draft is picked from hero
buttons; the names the table draws with are the engine's; a picture of the table is kept as
``build/screenshots/fate.png``."""

from __future__ import annotations

import random
from typing import Any

import fate_text
from support import (
    PHONE,
    WebServer,
    click_one_action,
    play_looking,
    record_frames,
    replay_from_record,
    wait_my_turn_or_end,
)

from tablecraft.games.fate.cardtext import CARD_TEXT, IDENTITY_TEXT, hero_text
from tablecraft.games.fate.content import (
    CARD_BY_NAME,
    CARD_RANK,
    CARD_SUIT,
    CARD_TYPE,
    CARD_TYPES,
    HERO_BY_CODE,
    HEROES,
    RANK_TEXT,
    SUIT_SIGNS,
)

GAME = "fate"
SEATS = [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * 4
IDENTITY_NAMES = {code: IDENTITY_TEXT[zh] for code, zh in (("sentinel", "近卫"), ("scourge", "天灾"), ("neutral", "中立"))}

LOOK = """() => {
  const t = document.querySelector('#table');
  const me = document.querySelector('.seat-chip.me');
  const ft = t.querySelector('.ft');
  const where = (n) => n.closest('.ft-hand') ? 'hand' : n.closest('.ft-pickzone') ? 'pick'
    : n.closest('.ft-hero') ? 'hero' : n.closest('.ft-centre') ? 'centre' : n.closest('.ft-choices') ? 'strip' : 'elsewhere';
  const heroes = {};
  for (const s of t.querySelectorAll('.ft-hero[data-seat]')) {
    const chip = s.querySelector('.ft-id');
    heroes[s.dataset.seat] = {
      identity: chip ? chip.dataset.identity : null,
      words: s.innerText + ' ' + [...s.querySelectorAll('[title],[aria-label]')].map((n) =>
        (n.getAttribute('title') || '') + ' ' + (n.getAttribute('aria-label') || '')).join(' '),
    };
  }
  return {
    ply: Number(t.dataset.ply),
    seat: me ? Number(me.dataset.seat) : null,
    actions: [...t.querySelectorAll('[data-action]')].map((n) => [n.getAttribute('data-action'), where(n),
      (n.innerText || n.getAttribute('aria-label') || '').trim()]),
    unfocusable: [...t.querySelectorAll('[data-action]')].filter((n) => n.tabIndex < 0 || !n.classList.contains('legal')).length,
    fallback: t.querySelectorAll('.shell-choices').length,
    errors: t.querySelectorAll('.banner').length,
    cards: [...t.querySelectorAll('[data-card]')].map((n) => n.dataset.card),
    hand: [...t.querySelectorAll('.ft-hand svg.card[data-card]')].map((n) => n.dataset.card),
    faces: [...t.querySelectorAll('.ft-hand svg.card[data-card]')].map((n) => n.getAttribute('aria-label')),
    heroes,
    prompt: (t.querySelector('.ft-prompt') || {}).innerText || '',
    overflow: ft ? ft.getBoundingClientRect().right - document.documentElement.clientWidth : 999,
  };
}"""

PLACES = {"use": {"hand"}, "as": {"hand"}, "pick": {"hand", "hero", "centre"}, "target": {"hero"}, "look": {"hero"},
          "item": {"hero"}, "zone": {"hero"}, "hero": {"pick"}}
"""Where each kind of action is clicked (a card of my hand, my equipment or faith pile, a revealed or looked-at card;
a hero card; a hero candidate); every other kind is a button of the choices strip."""


def _card_words(name: str) -> str:
    """``Normal Attack ♠A`` for ``atk:AS`` (the accessible name of a drawn card): the card's English name from
    ``cardtext``, its suit and rank."""
    card = CARD_BY_NAME[name]
    face = f"{SUIT_SIGNS[CARD_SUIT[card]]}{RANK_TEXT[CARD_RANK[card]]}"
    return f"{CARD_TEXT[CARD_TYPES[CARD_TYPE[card]].key].name_en} {face}"


def test_a_person_plays_a_whole_fate_game_by_clicking_without_seeing_hidden_hands_or_identities(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS, seed=4)
    page = new_context(viewport=PHONE).new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(7)
    looks = play_looking(
        page, rng, LOOK, GAME, over_selector=".ft-over", max_looks=1500, settle_ms=20,
        picture_when=lambda look: len(look["hand"]) >= 3 and look["ply"] >= 25 and "Dispel" not in look["prompt"])

    # replay the game from its record and compare every decision the page showed with the engine
    record, game, state, by_ply = replay_from_record(web_server, info["room"], looks)
    me = looks[0]["seat"]
    assert me == 0
    views: dict[int, Any] = {}
    checked_hands = checked_identities = 0
    prompts: list[tuple[dict[str, Any], str]] = []
    for ply in range(len(record["actions"]) + 1):
        mine = state.view(me)
        views[ply] = mine
        for look in by_ply.get(ply, []):
            assert state.current_player() == me
            legal = sorted(str(a) for a in state.legal_actions())
            assert sorted({a for a, _, _ in look["actions"]}) == legal, f"move {ply}: the page's actions differ"
            assert look["fallback"] == 0, f"move {ply}: an action had no place on the table"
            assert look["errors"] == 0 and look["unfocusable"] == 0
            assert look["overflow"] <= 1, f"move {ply}: the table is wider than a 390 px screen"
            for action, where, text in look["actions"]:
                verb = action.split()[0]
                assert where in PLACES.get(verb, {"strip"}), f"move {ply}: {action} drawn in the {where}"
                if verb == "skill":  # a skill's button names it
                    hero = mine["players"][me]["hero"]
                    skill = hero_text(HEROES[HERO_BY_CODE[hero]].key, mine["texts"]).skills[int(action.split()[1])]
                    assert skill.name_en in text, f"move {ply}: {action} is labelled {text!r}"
            # my hand face up, every card saying which card it is (its type name, suit and rank)
            assert sorted(look["hand"]) == sorted(mine["players"][me]["hand"])
            assert sorted(look["faces"]) == sorted(_card_words(c) for c in mine["players"][me]["hand"])
            for p in range(len(mine["players"])):
                if p == me:
                    continue
                # another seat's hand: no card of it anywhere on the table
                hidden = set(state.view(p)["players"][p]["hand"])
                assert not hidden & set(look["cards"]), f"move {ply}: seat {p}'s hand shows"
                checked_hands += bool(hidden)
                # an identity this seat does not know: "?" on the hero card, its name nowhere on it
                seen = look["heroes"][str(p)]
                if mine["players"][p]["identity"] is None:
                    truth = state.view(p)["players"][p]["identity"]
                    assert seen["identity"] == "", f"move {ply}: seat {p}'s identity shows"
                    if truth is not None:  # (before identities are dealt there is nothing to hide)
                        assert IDENTITY_NAMES[truth].name_en not in seen["words"], f"move {ply}: seat {p}'s identity"
                        checked_identities += 1
                else:
                    assert seen["identity"] == mine["players"][p]["identity"]
            prompts.append((mine["pending"], look["prompt"]))
        if ply < len(record["actions"]):
            state.apply(record["actions"][ply])
    assert state.is_terminal()
    assert checked_hands and checked_identities, "the hidden-information checks saw nothing"
    # the decision on top is explained in words, naming who asks for what
    assert all(text.strip() for _, text in prompts)
    for pend, text in prompts:
        if pend["frame"] == "reply" and pend["purpose"] == "attack_dodge":
            assert f"eat {pend['use']['user']} attacks you with" in text and "Evasion" in text, text
        if pend["frame"] == "reply" and pend["purpose"] == "dispel":
            assert "you may play Dispel to cancel it" in text or "another Dispel" in text, text
        if pend["frame"] == "pick_hero":
            assert "Choose your hero" in text, text
    # and the frames the page received carried this seat's view and nothing more
    received = [f for f in frames.frames() if f.get("type") in ("welcome", "update") and f.get("view")]
    assert received
    for f in received:
        assert f["view"] == views[f["ply"]], f"move {f['ply']}: the frame is not this seat's view"


def test_the_fate_table_draws_in_chinese_and_takes_the_keyboard(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS, seed=42)
    page = new_context(viewport=PHONE, locale="zh-CN").new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=zh")
    page.wait_for_selector("#table .ft")
    assert wait_my_turn_or_end(page)
    # the hero pick: candidates as buttons with their skills, in Chinese
    picks = page.locator("#table .ft-pickzone [data-action^='hero ']")
    assert picks.count() == 3
    text = page.locator("#table .ft").inner_text()
    assert "你的候选英雄" in text and "身份局" in text and "从你的候选英雄中选择一名" in text
    before = page.evaluate("() => Number(document.querySelector('#table').dataset.ply)")
    picks.first.focus()
    page.keyboard.press("Enter")  # Enter on a focused action plays it
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {before}")
    assert wait_my_turn_or_end(page)
    text = page.locator("#table .ft").inner_text()
    assert "你的手牌" in text and "牌堆" in text and "上限" in text
    rage = page.locator("#table .ft-me .ft-rage").get_attribute("aria-label") or ""
    assert rage.startswith("怒气")
    # hand cards are named in Chinese: type name, suit and rank
    faces = page.locator("#table .ft-hand svg.card").evaluate_all("ns => ns.map(n => n.getAttribute('aria-label'))")
    assert faces and all(any(s in f for s in "♠♥♣♦") for f in faces)
    click_one_action(page, random.Random(8), keyboard=True)


def test_the_1v1_draft_is_picked_from_hero_buttons(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(GAME, SEATS[:2], seed=43)
    page = new_context(viewport=PHONE).new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .ft")
    rng = random.Random(9)
    drafted = 0
    while drafted < 4 and wait_my_turn_or_end(page):
        heroes = page.locator("#table .ft-pickzone [data-action^='hero ']")
        if not heroes.count():
            break
        assert "1v1 draft" in page.locator("#table .ft").inner_text()
        assert page.locator("#table [data-action]").count() == heroes.count()  # the draft is all the choice there is
        click_one_action(page, rng)
        drafted += 1
    assert drafted >= 1


def test_the_tables_names_are_the_engines() -> None:
    assert fate_text.read() == fate_text.build(), "run .venv/bin/python tests/web/fate_text.py"
