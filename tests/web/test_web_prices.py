"""A price before every commitment (issue 14 item 5): the wild-hunters attack — paid card by card after it is
chosen — says on the table what it will cost before the player clicks it: its accessible name and its tooltip on
the demon king, and the price list just under the map, in the page's language; a button of the choices strip shows
its price under its words. Today's main said nothing, and a first attack cost three cards and the co-op game."""

from __future__ import annotations

from typing import Any

import pytest
from support import WebServer, record_frames

NEXT_TO_THE_KING = {
    "map": {"cells": [{"at": [q, r], "face_up": False} for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2],
            "camps": {"water": [0, -3]}},
    "king": {"id": "tide", "at": [0, 0]},
    "heroes": {"water": {"at": [0, -1], "hand": ["W", "W", "F", "R", "T"], "deck": ["G", "G", "W", "F", "R"],
                         "main": "knight"}},
}
"""Water next to the demon king, who stands on a face-down tile: an attack takes 3 cards of different elements."""

PRICES = {
    "en": ("3 cards of different elements (hand and deck 10 → 7)", "any 1 card (hand and deck 10 → 9)",
           "What your choices cost"),
    "zh": ("3張不同屬性的牌（手牌與牌庫 10 → 7）", "任意1張牌（手牌與牌庫 10 → 9）", "各選擇的代價"),
}


@pytest.mark.parametrize("lang", ["en", "zh"])
def test_the_attack_on_the_demon_king_states_its_card_cost_before_it_is_chosen(
        lang: str, web_server: WebServer, new_context: Any) -> None:
    attack_price, rest_price, heading = PRICES[lang]
    info = web_server.create_room("wild-hunters", [{"kind": "human"}], seed=3, setup=NEXT_TO_THE_KING)
    page = new_context(viewport={"width": 1366, "height": 768}).new_page()
    frames = record_frames(page)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    attack = page.locator("#table .wh-king[data-action='attack']")
    attack.wait_for()

    choices = next(f["choices"] for f in reversed(frames.frames()) if f.get("choices"))
    assert {c["id"]: c.get("price") for c in choices}["attack"] == attack_price, choices
    assert attack.get_attribute("data-price") == attack_price
    assert attack_price in (attack.get_attribute("aria-label") or "")
    assert attack_price in attack.locator(":scope > title").text_content()

    listed = page.locator("#table .wh-prompt .prices [data-price-for='attack']")
    assert listed.is_visible()
    assert page.locator("#table .wh-prompt .prices strong").inner_text() == heading  # the table's own words
    text = listed.inner_text()
    assert attack_price in text and choices[[c["id"] for c in choices].index("attack")]["text"] in text, text

    rest = page.locator("#table .wh-choices button[data-action='rest']")
    assert rest.locator(".price").inner_text() == rest_price
    assert page.locator("#table .prices [data-price-for='rest']").count() == 0  # shown on its button already
    for free in ("acquire RT", "acquire FRT"):  # drawing on the supply costs nothing: no price anywhere
        if page.locator(f"#table [data-action='{free}']").count():
            assert page.locator(f"#table [data-action='{free}']").get_attribute("data-price") is None
