"""What just happened, shown moving (issue 14 items 2 and 8): real games against bots, watched by a recorder the page
gets before its own scripts run (a MutationObserver, so no assertion waits on a clock). An event that targets a seat
draws an arrow from the user's seat element to the target's — its ends inside the two elements' boxes as they stand
when it is drawn — in fate, wizard-towers and xeno-faction, and in wild-hunters from the hero to the demon king, whose
card taken from the supply travels to the hand; a life that changes flashes and floats its difference, and both are
gone afterwards; with reduced motion emulated nothing is animated by a transform, while the change is
still shown, standing still."""

from __future__ import annotations

import random
from typing import Any

from support import SHORT_WIZARD_TOWERS, WH_NEXT_TO_THE_KING, WebServer, click_one_action, wait_my_turn_or_end

RECORDER = """(() => {
  const rec = { arrows: [], floats: [], travels: 0, transforms: [], nodes: [] };
  window.__motion = rec;
  const box = (n) => { const r = n.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  const look = () => {
    for (const a of document.getAnimations()) {  // every animation running now: one that moves is recorded
      const frames = a.effect && a.effect.getKeyframes ? a.effect.getKeyframes() : [];
      if (frames.some((k) => k.transform && k.transform !== 'none')) {
        const t = a.effect.target;
        rec.transforms.push((a.animationName || a.transitionProperty || 'script') + ' ' + (t ? t.className.baseVal ?? t.className : ''));
      }
    }
  };
  // whether the page would take a click at the middle of `n` (the motion must never cover a choice)
  const covers = (n) => {
    const r = n.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return Boolean(hit && hit.closest('.motion-layer'));
  };
  const seen = (n) => {
    if (n.matches('.motion-arrow')) {
      const line = n.querySelector('line');
      const s = n.getBoundingClientRect();
      const from = document.querySelector(`#table [data-anchor="${n.dataset.from}"]`);
      const to = document.querySelector(`#table [data-anchor="${n.dataset.to}"]`);
      rec.arrows.push({ from: n.dataset.from, to: n.dataset.to, build: n.classList.contains('build'), covers: covers(n),
        still: n.classList.contains('still'),
        start: [s.left + line.x1.baseVal.value, s.top + line.y1.baseVal.value],
        end: [s.left + line.x2.baseVal.value, s.top + line.y2.baseVal.value],
        fromBox: from ? box(from) : null, toBox: to ? box(to) : null });
      rec.nodes.push(n);
    } else if (n.matches('.motion-float')) {
      const flashed = document.querySelector(`#table [data-key="${n.dataset.for}"]`);
      rec.floats.push({ key: n.dataset.for, text: n.textContent, still: n.classList.contains('still'), covers: covers(n),
        flashed: Boolean(flashed && flashed.classList.contains('motion-flash')),
        life: Boolean(flashed && flashed.dataset.life !== undefined) });
      rec.nodes.push(n);
    } else if (n.matches('.motion-travel')) {
      rec.travels += 1;
      rec.nodes.push(n);
    }
  };
  new MutationObserver((muts) => {
    for (const m of muts) for (const n of m.addedNodes) if (n instanceof Element) seen(n);
    look();
  }).observe(document, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  setInterval(look, 40);
})();"""

MOTION = "() => window.__motion"
GONE = """() => window.__motion.nodes.every((n) => !n.isConnected || n.matches('.build'))
  && !document.querySelector('.motion-float, .motion-flash, .motion-travel, .motion-arrow:not(.build)')
  && [...document.querySelectorAll('.motion-layer')].every((l) => l.childElementCount
    && [...l.children].every((c) => c.matches('.motion-arrow.build')))"""
"""Nothing of the motion is left on the page (but the arrows of a play still being built, and their overlay)."""


def inside(point: list[float], rect: list[float]) -> bool:
    """Whether ``point`` (x, y) lies in ``rect`` (left, top, right, bottom), both in CSS pixels."""
    return rect[0] - 0.5 <= point[0] <= rect[2] + 0.5 and rect[1] - 0.5 <= point[1] <= rect[3] + 0.5


def linked(arrow: dict[str, Any]) -> bool:
    """Whether an arrow starts inside its user's element and ends inside its target's (and takes no click)."""
    return bool(arrow["fromBox"] and arrow["toBox"] and inside(arrow["start"], arrow["fromBox"])
                and inside(arrow["end"], arrow["toBox"]) and not arrow["covers"])


def open_room(srv: WebServer, new_context: Any, game: str, seats: list[dict[str, Any]], seed: int,
              options: dict[str, Any] | None = None, reduced: bool = False, **extra: Any) -> Any:
    """A page seated at the room's free seat, with the recorder installed (and reduced motion, if asked); ``extra``
    goes to the room (a ``setup``)."""
    info = srv.create_room(game, seats, options=options or {}, seed=seed, **extra)
    page = new_context().new_page()
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.add_init_script(RECORDER)
    page.goto(f"{srv.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    return page


def play_until(page: Any, rng: random.Random, enough: Any, max_moves: int = 200) -> dict[str, Any]:
    """Click random legal actions until ``enough(record)`` holds (or the game ends); returns the record."""
    for _ in range(max_moves):
        rec: dict[str, Any] = page.evaluate(MOTION)
        if enough(rec) or not wait_my_turn_or_end(page):
            break
        click_one_action(page, rng)
    out: dict[str, Any] = page.evaluate(MOTION)
    return out


def test_fate_draws_an_arrow_from_the_user_to_the_target_of_a_card(web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * 4
    page = open_room(web_server, new_context, "fate", seats, seed=5)
    rng = random.Random(3)
    rec = play_until(page, rng, lambda r: any(not a["build"] and linked(a) for a in r["arrows"])
                     and any(a["build"] for a in r["arrows"]), max_moves=160)
    events = [a for a in rec["arrows"] if not a["build"]]
    assert events, "no event of the game drew an arrow from its user to its target"
    for a in events:
        assert a["from"].startswith("seat:") and a["to"].startswith("seat:") and a["from"] != a["to"], a
        assert linked(a), f"the arrow does not link the two seats: {a}"
    builds = [a for a in rec["arrows"] if a["build"]]
    assert builds, "no play built on a target showed its arrow"
    for a in builds:  # a play being built: from this seat to the target chosen so far
        assert a["from"] == "seat:0" and a["to"] != "seat:0" and linked(a), a
    page.wait_for_function(GONE)  # every event arrow goes again (a build's stays only while it is being built)


def test_wizard_towers_attack_arrow_and_life_that_flashes_floats_and_goes(web_server: WebServer,
                                                                          new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    page = open_room(web_server, new_context, "wizard-towers", seats, seed=4, options=SHORT_WIZARD_TOWERS)
    rng = random.Random(2)
    rec = play_until(page, rng, lambda r: r["floats"] and any(linked(a) for a in r["arrows"]))
    attacks = [a for a in rec["arrows"] if a["from"].startswith("seat:")]
    assert attacks, "no attack drew an arrow"
    for a in attacks:
        assert a["to"].startswith(("tower:", "seat:")) and linked(a), a
    assert rec["floats"], "no life changed on the table"
    for f in rec["floats"]:
        assert f["key"].startswith("hp-") and f["life"] and f["flashed"] and not f["covers"], f
        assert f["text"][0] in "+−" and f["text"][1:].isdigit() and not f["still"], f
    assert rec["transforms"], "with motion allowed, something should move"
    page.wait_for_function(GONE)  # the difference, the flash and the arrows leave nothing behind
    assert page.locator("#table [data-action].legal").count() or page.evaluate(
        "() => document.querySelector('#table').dataset.status") == "finished"


def test_xeno_faction_attack_arrow_links_the_rows(web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
    page = open_room(web_server, new_context, "xeno-faction", seats, seed=4)
    rng = random.Random(5)
    rec = play_until(page, rng, lambda r: any(a["from"].startswith("row:") and linked(a) for a in r["arrows"]),
                     max_moves=300)
    attacks = [a for a in rec["arrows"] if a["from"].startswith("row:")]
    assert attacks, "no attack drew an arrow"
    for a in attacks:
        assert a["to"].startswith(("row:", "seat:")) and linked(a), a


def click_and_wait(page: Any, selector: str) -> None:
    """Click the first element ``selector`` names and wait until the game moves on."""
    before = page.evaluate("() => Number(document.querySelector('#table').dataset.ply)")
    page.locator(selector).first.click()
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) > {before}")


def test_wild_hunters_attack_arrow_goes_from_the_hero_to_the_king_whose_life_floats(web_server: WebServer,
                                                                                     new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}]
    page = open_room(web_server, new_context, "wild-hunters", seats, seed=23, options={"demon_king": "blaze"},
                     setup=WH_NEXT_TO_THE_KING)
    assert wait_my_turn_or_end(page)
    click_and_wait(page, "#table .wh-map .wh-king[data-action='attack']")
    while page.locator("#table .wh-hand [data-action^='pay'].legal").count():  # three cards, one at a time
        click_and_wait(page, "#table .wh-hand [data-action^='pay'].legal")
    click_and_wait(page, "#table .wh-choices [data-action='release 1']")
    page.wait_for_function("() => window.__motion.floats.some((f) => f.key === 'king-hp')")
    rec: dict[str, Any] = page.evaluate(MOTION)
    attacks = [a for a in rec["arrows"] if a["to"] == "king"]
    assert attacks, f"the attack drew no arrow to the demon king: {rec['arrows']}"
    for a in attacks:
        assert a["from"] == "seat:0" and linked(a), a
    king = [f for f in rec["floats"] if f["key"] == "king-hp"]
    for f in king:  # the king's life flashes and floats what it lost, without covering a choice
        assert f["life"] and f["flashed"] and not f["covers"] and not f["still"], f
        assert f["text"][0] == "−" and f["text"][1:].isdigit(), f
    assert rec["transforms"], "with motion allowed, something should move"
    # play on: a spirit card taken from the supply travels to the hand; the king's strikes point at the hero struck
    rng = random.Random(4)
    rec = play_until(page, rng, lambda r: r["travels"] > 0, max_moves=60)
    assert rec["travels"], "no card travelled from the supply to a hand"
    for a in rec["arrows"]:
        assert linked(a), a
        if a["from"] == "king":
            assert a["to"].startswith("seat:"), a
    page.wait_for_function(GONE)


def test_reduced_motion_moves_nothing_but_still_shows_the_change(web_server: WebServer, new_context: Any) -> None:
    seats = [{"kind": "human"}, {"kind": "bot", "agent": "random"}, {"kind": "bot", "agent": "random"}]
    page = open_room(web_server, new_context, "wizard-towers", seats, seed=4, options=SHORT_WIZARD_TOWERS,
                     reduced=True)
    assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
    rng = random.Random(2)
    rec = play_until(page, rng, lambda r: len(r["floats"]) >= 2 and r["arrows"])
    assert rec["floats"] and all(f["still"] and f["flashed"] for f in rec["floats"]), rec["floats"]
    assert rec["arrows"] and all(a["still"] for a in rec["arrows"])
    assert rec["travels"] == 0, "a card travelled although the player asked for less motion"
    assert rec["transforms"] == [], f"transform animations ran under reduced motion: {sorted(set(rec['transforms']))}"
    page.wait_for_function(GONE)
