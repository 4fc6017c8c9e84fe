"""Every registered game in the browser: its table draws from the seat's view, offers exactly the legal actions
(each one clickable, nothing else clickable), plays on when clicked, and leaves a screenshot; the generic table
serves any game."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from support import (
    WebServer,
    click_one_action,
    record_frames,
    save_screenshot,
    table_ply,
    wait_my_turn_or_end,
)

import tablecraft

GAMES = sorted(spec.id for spec in tablecraft.games())
HERE = Path(__file__).resolve().parent


def _has_own_screenshot(game: str) -> bool:
    """wizard-towers' picture comes from its whole-game test, a game with its own table test takes its own."""
    return game == "wizard-towers" or (HERE / f"test_{game.replace('-', '_')}_table.py").exists()


def _legal_now(frames: list[str]) -> list[str] | None:
    """The legal actions of the latest welcome/update the page received."""
    for text in reversed(frames):
        f = json.loads(text)
        if f.get("type") in ("welcome", "update"):
            legal: list[str] | None = f.get("legal")
            return legal
    return None


def _seats(srv: WebServer, game: str) -> list[dict[str, Any]]:
    info = next(g for g in srv.games() if g["id"] == game)
    n = info["seats"][0] if game != "wizard-towers" else 3
    agent = "heuristic" if "heuristic" in info["agents"] else "random"
    return [{"kind": "human"}] + [{"kind": "bot", "agent": agent}] * (n - 1)


@pytest.mark.parametrize("game", GAMES)
def test_each_game_table_offers_exactly_the_legal_actions(game: str, web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(game, _seats(web_server, game), seed=7)
    page = new_context().new_page()
    frames: list[str] = []
    page.on("websocket", lambda ws: ws.on("framereceived", lambda p: frames.append(p if isinstance(p, str) else "")))
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(5)
    shot = False
    for made in range(8):
        if not wait_my_turn_or_end(page):
            break
        page.wait_for_timeout(50)  # let the last frame's drawing finish
        legal = _legal_now(frames)
        assert legal, "the page offers actions but the server sent none"
        offered = set(page.locator("#table [data-action]").evaluate_all("ns => ns.map(n => n.dataset.action)"))
        assert offered == set(legal), "the table must offer exactly the legal actions"
        # the contract: the table itself lists every legal action (the shell's safety strip stays unused)
        assert page.locator("#table .shell-choices").count() == 0, "the table left legal actions undrawn"
        assert page.locator("#table .banner").count() == 0, page.locator("#table .banner").all_inner_texts()
        if made == 2 and not _has_own_screenshot(game):
            save_screenshot(page, game)
            shot = True
        click_one_action(page, rng)
        # while others decide, nothing on the table is clickable
        clickable_out_of_turn = page.evaluate(
            "() => { const t = document.querySelector('#table');"
            " return t.dataset.toMove !== '0' ? t.querySelectorAll('[data-action]').length : 0 }")
        assert clickable_out_of_turn == 0
    if not shot and not _has_own_screenshot(game):
        save_screenshot(page, game)


def test_the_generic_table_draws_any_view_and_plays(web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room("wizard-towers", _seats(web_server, "wizard-towers"), seed=3)
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en&table=generic")
    page.wait_for_selector("#table .generic-table")
    assert wait_my_turn_or_end(page)
    tree = page.locator("#table .generic-table").inner_text()
    assert "towers" in tree and "bags" in tree
    assert page.locator("#table .generic-table svg.card").count() >= 4  # the face-down tower cards
    before = table_ply(page)
    click_one_action(page, random.Random(6))
    assert table_ply(page) > before


@pytest.mark.parametrize("game", GAMES)
def test_a_reload_mid_game_keeps_the_seat_in_every_game(game: str, web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room(game, _seats(web_server, game), seed=11)
    page = new_context().new_page()
    page.goto(f"{web_server.base}/rooms/{info['room']}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    rng = random.Random(4)
    for _ in range(2):
        if not wait_my_turn_or_end(page):
            pytest.skip("the game ended before the reload")  # pragma: no cover - seeds are chosen so it does not
        click_one_action(page, rng)
    token = page.evaluate(f"() => localStorage.getItem('tablecraft.seat.{info['room']}')")
    ply = table_ply(page)
    page.reload()
    page.wait_for_selector("#table .table-root")
    page.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) >= {ply}")
    assert page.locator(".seat-chip.me").get_attribute("data-seat") == "0"
    assert page.evaluate(f"() => localStorage.getItem('tablecraft.seat.{info['room']}')") == token
    room = web_server.room(info["room"])
    assert room["seats"][0]["claimed"] and not room["seats"][0]["standin"]
    if wait_my_turn_or_end(page):  # and the seat plays on
        click_one_action(page, rng)
        assert table_ply(page) > ply


def _own_hand(view: dict[str, Any], seat: int) -> list[str] | None:
    """A seat's hand as a view shows it (``None`` when the view does not show it)."""
    players = view.get("players")
    if not isinstance(players, list):
        return None
    hand: list[str] | None = players[seat].get("hand")
    return hand


@pytest.mark.parametrize("game", ["xeno-faction", "fate"])
def test_two_people_in_one_room_each_get_and_show_only_their_own_seat(
    game: str, web_server: WebServer, new_context: Any
) -> None:
    """Two browser contexts in one room: each is sent only its own seat's view (the engine's redaction, checked
    against the engine's knowledge by the server's leak oracle), and each page draws no card beyond what its
    own frames carried — so neither page ever shows the other person's hand."""
    info = next(g for g in web_server.games() if g["id"] == game)
    n = info["seats"][0] if game != "fate" else 4
    seats_spec = [{"kind": "human"}, {"kind": "human"}] + [{"kind": "bot", "agent": "heuristic"}] * (n - 2)
    room = web_server.create_room(game, seats_spec, seed=5)["room"]
    pages, logs = [], []
    for _ in range(2):
        page = new_context().new_page()
        logs.append(record_frames(page))
        page.goto(f"{web_server.base}/rooms/{room}?sit=auto&lang=en")
        page.wait_for_selector(".seat-chip.me")
        pages.append(page)
    seats = [int(p.locator(".seat-chip.me").get_attribute("data-seat") or -1) for p in pages]
    assert sorted(seats) == [0, 1]
    rng = random.Random(8)
    for _ in range(40):  # play on by clicking in whichever page has the decision
        pending = [p for p in pages if p.locator("#table [data-action].legal:not(.sent)").count()]
        if not pending:
            if pages[0].evaluate("() => document.querySelector('#table').dataset.status") == "finished":
                break
            pages[0].wait_for_timeout(100)
            continue
        click_one_action(pending[0], rng)
    for me, other in ((0, 1), (1, 0)):
        # what the page drew, and the move it drew it at, read at one instant: the bots may move on meanwhile,
        # and the frame recorder can trail the page by a frame, so it is waited for up to that move
        for _ in range(100):  # a table being drawn again may hold no card for a moment
            ply, drawn_list = pages[me].evaluate(
                "() => [Number(document.querySelector('#table').dataset.ply),"
                " [...document.querySelectorAll('#table [data-card]')].map((n) => n.dataset.card)]")
            if drawn_list:
                break
            pages[me].wait_for_timeout(50)
        for _ in range(100):
            plies = [f.get("ply", -1) for f in logs[me].frames() if f.get("type") in ("welcome", "update")]
            if plies and max(plies) >= ply:
                break
            pages[me].wait_for_timeout(50)
        mine = [f for f in logs[me].frames() if f.get("type") in ("welcome", "update")]
        assert mine
        told: set[str] = set()
        for f in mine:
            if f["view"] is None:  # before the deal nothing exists for anyone to see
                assert f["status"] == "waiting" and not f["events"]
                continue
            assert f["view"]["seat"] == seats[me]
            shown = _own_hand(f["view"], seats[other])
            # fate shows no other hand; xeno-faction lists the opponent's cards this seat has been shown
            assert shown is None or len(shown) < f["view"]["players"][seats[other]]["hand_size"] or not shown
            assert _own_hand(f["view"], seats[me]) is not None
            told |= set(json.dumps([f["view"], f.get("events"), f.get("choices")], ensure_ascii=False)
                        .replace('"', " ").split())
        drawn = set(drawn_list)
        assert drawn and drawn <= told, f"the page drew cards it was never sent: {sorted(drawn - told)}"
