"""Accessible names in the player's language (issue 14 item 8): at every decision, a screen reader reads every
choice on the table — a card, an icon, a button showing notation — as the choice's description in the page's
language, never as the action's id or in the game's notation. Names are read from Chromium's accessibility tree."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest
from support import WebServer, click_one_action, wait_my_turn_or_end

NOTATION = re.compile(r"\w#\d|(?<![A-Za-z0-9])(?:10|[2-9AJQK])[SHCD](?![A-Za-z0-9])")
"""The games' notation: a tower slot (``right#1``) or a card code (``10H``)."""
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
"""A word in Latin letters: on a Chinese page, an untranslated id (``swap``, ``draw``)."""


def accessible_names(page: Any, cdp: Any) -> list[tuple[str, str]]:
    """(action id, accessible name) of every legal action on the table, as Chromium computes the name."""
    root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
    ids = cdp.send("DOM.querySelectorAll", {"nodeId": root, "selector": "#table [data-action].legal"})["nodeIds"]
    out = []
    for node in ids:
        action = dict(zip(*[iter(cdp.send("DOM.getAttributes", {"nodeId": node})["attributes"])] * 2,
                          strict=True))["data-action"]
        ax = cdp.send("Accessibility.getPartialAXTree", {"nodeId": node, "fetchRelatives": False})["nodes"]
        name = next((n.get("name", {}).get("value", "") for n in ax if not n.get("ignored")), "")
        out.append((action, name))
    return out


GAMES = [  # (game, seats with the person's first, options, seed)
    ("wizard-towers", [{"kind": "bot", "agent": "random"}] * 2 + [{"kind": "human"}], {}, 3),  # the wizard: swaps
    ("xeno-faction", [{"kind": "human"}, {"kind": "bot", "agent": "random"}], {}, 4),
]


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize(("game", "seats", "options", "seed"), GAMES, ids=[g[0] for g in GAMES])
def test_every_choice_is_read_as_its_description_in_the_page_language(
        game: str, seats: list[dict[str, Any]], options: dict[str, Any], seed: int, lang: str,
        web_server: WebServer, new_context: Any) -> None:
    page = new_context(viewport={"width": 1366, "height": 768}).new_page()
    cdp = page.context.new_cdp_session(page)
    cdp.send("Accessibility.enable")
    info = web_server.create_room(game, seats, options, seed=seed, bot_delay=0)
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang={lang}")
    rng = random.Random(seed)
    checked = 0
    kinds: set[str] = set()
    for _ in range(40):
        if not wait_my_turn_or_end(page):
            break
        page.wait_for_timeout(50)  # the drawing of the prompt is complete
        choices = {c["id"]: c["text"] for c in page.evaluate("() => window.tablecraftRoom.legalChoices()")}
        for action, name in accessible_names(page, cdp):
            description = choices[action]
            assert description in name, (action, name, description)
            assert not NOTATION.search(name), (action, name)
            if lang == "zh":
                assert not LATIN_WORD.search(name), (action, name)
            checked += 1
            kinds.add(action.split()[0])
        click_one_action(page, rng)
    assert checked > 40, checked
    if game == "wizard-towers":
        assert "swap" in kinds, kinds  # the wizard's swaps were among the choices read
