"""What happened since my last move (issue 14 item 2): at every decision the page lists every event since this
seat's previous decision — not only the latest frame — in order, and marks on the table what the others' turns
changed (a count or life with its difference, a card that was not there)."""

from __future__ import annotations

import random
from typing import Any

from support import SHORT_WIZARD_TOWERS, WebServer, click_one_action, wait_my_turn_or_end

LOOK = """() => ({
  log: [...document.querySelectorAll('#log li')].map((n) => [Number(n.dataset.seq), n.textContent]),
  recent: [...document.querySelectorAll('#recent li')].map((n) => [Number(n.dataset.seq), n.textContent]),
  head: document.querySelector('#recent-h').textContent,
  deltas: [...document.querySelectorAll('#table .changed[data-delta]')].map((n) => [n.dataset.key, n.dataset.delta]),
  newCards: document.querySelectorAll('#table svg.card.new-card').length,
})"""


def test_each_decision_lists_every_event_since_the_previous_one_and_marks_what_changed(
        web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    info = web_server.create_room("wizard-towers", seats, options=SHORT_WIZARD_TOWERS, seed=4)
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(2)
    last_seen = None  # the newest event number when this seat last decided
    checked = longest = marked = 0
    for _ in range(14):
        if not wait_my_turn_or_end(page):
            break
        page.wait_for_timeout(100)
        look = page.evaluate(LOOK)
        if last_seen is not None:
            since = [item for item in look["log"] if item[0] > last_seen]
            assert look["recent"] == since, "the list is not exactly the events since my previous decision"
            assert look["head"].startswith("Since your last move")
            checked += 1
            longest = max(longest, len(since))
            marked += bool(look["deltas"] or look["newCards"])
            for _key, delta in look["deltas"]:
                assert delta[0] in "+−" and delta[1:].isdigit()
        last_seen = look["log"][-1][0] if look["log"] else 0
        click_one_action(page, rng)
    assert checked >= 3, "too few decisions to check"
    assert longest > 4, "no decision followed more than four events: the check could not fail on the old page"
    assert marked, "the table never marked what changed since my last move"
