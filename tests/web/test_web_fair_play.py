"""Fair play and defence in the browser: every page works under the server's Content-Security-Policy (and an
injected inline script does not run); a practice room is labelled in the lobby and on its page, in Chinese and
English; a private room made in the lobby is reached through its invite link; the creator removes a player."""

from __future__ import annotations

import re
from typing import Any

import pytest
from support import SHORT_WIZARD_TOWERS, WebServer

GAME = "wizard-towers"
ONE_PERSON = [{"kind": "human"}, {"kind": "bot", "agent": "heuristic"}, {"kind": "bot", "agent": "heuristic"}]


def _csp_complaints(page: Any) -> list[str]:
    complaints: list[str] = []
    page.on("console", lambda m: complaints.append(m.text) if "Content Security Policy" in m.text else None)
    return complaints


def test_every_page_works_under_the_content_security_policy(web_server: WebServer, new_context: Any) -> None:
    page = new_context().new_page()
    complaints = _csp_complaints(page)
    page.goto(f"{web_server.base}/?lang=en")
    page.wait_for_selector(".game-card")
    room = web_server.create_room(GAME, ONE_PERSON, SHORT_WIZARD_TOWERS)["room"]
    page.goto(f"{web_server.base}/rooms/{room}?sit=auto&lang=en")
    page.wait_for_selector("#table .table-root")
    # an injected inline script (what a cross-site-scripting bug would smuggle in) is not run
    ran = page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.__xss = 1';"
                        " document.body.appendChild(s); return window.__xss === 1 }")
    assert ran is False
    assert [c for c in complaints if "inline" not in c] == []  # only the injected script was refused
    complaints.clear()
    done = web_server.create_room(GAME, [{"kind": "bot", "agent": "heuristic"}] * 3, SHORT_WIZARD_TOWERS)["room"]
    web_server.wait_finished(done)
    page.goto(f"{web_server.base}/rooms/{done}?lang=en#replay")
    page.wait_for_function("() => document.querySelector('#table')?.dataset.ply === '0'")
    page.goto(f"{web_server.base}/rules/{GAME}")
    page.wait_for_selector("h1")
    assert complaints == []


@pytest.mark.parametrize(("lang", "label"), [("en", "practice"), ("zh", "练习")])
def test_a_practice_room_is_labelled_in_the_lobby_and_on_its_page(web_server: WebServer, new_context: Any,
                                                                   lang: str, label: str) -> None:
    practice = web_server.create_room(GAME, [{"kind": "human"}] * 3, seed=42)["room"]
    fair = web_server.create_room(GAME, [{"kind": "human"}] * 3)["room"]
    page = new_context().new_page()
    page.goto(f"{web_server.base}/?lang={lang}")
    row = page.locator(f"tr[data-room='{practice}']")
    row.wait_for()
    assert row.locator(".badge.practice").inner_text() == label
    assert page.locator(f"tr[data-room='{fair}'] .badge.practice").count() == 0
    page.goto(f"{web_server.base}/rooms/{practice}?lang={lang}")
    badge = page.locator(".room-head .badge.practice")
    badge.wait_for()
    assert badge.inner_text() == label and badge.get_attribute("title")
    page.goto(f"{web_server.base}/rooms/{fair}?lang={lang}")
    page.wait_for_selector(".room-head h1")
    assert page.locator(".room-head .badge.practice").count() == 0


def test_a_private_room_from_the_lobby_is_joined_through_its_link_and_its_creator_removes_a_player(
        web_server: WebServer, new_context: Any) -> None:
    creator = new_context().new_page()
    creator.goto(f"{web_server.base}/?lang=en")
    creator.locator(".game-card[data-game='wizard-towers']").click()
    form = creator.locator("form.room-form[data-game='wizard-towers']")
    form.wait_for()
    form.locator("[name=kind-1]").select_option("human")
    form.locator("[name=kind-2]").select_option("human")  # a seat stays free: the game waits
    form.locator("[name=private]").check()
    creator.locator(".create-room").click()
    creator.wait_for_url(re.compile(r"/rooms/[0-9a-f]+\?invite=[0-9a-f]+&sit=auto"))
    creator.wait_for_selector(".seat-chip.me")
    room = creator.url.split("/rooms/")[1].split("?")[0]
    link = creator.locator(".invite-link").input_value()
    assert "invite=" in link and creator.locator(".room-head .badge.private").count() == 1
    assert web_server.http.get(f"/api/rooms/{room}").status_code == 404  # not without the secret
    creator.goto(f"{web_server.base}/?lang=en")
    creator.wait_for_selector(".game-card")
    assert creator.locator(f"tr[data-room='{room}']").count() == 0  # not listed
    guest = new_context().new_page()
    guest.goto(f"{link}&sit=auto&lang=en")
    guest.wait_for_selector(".seat-chip.me")
    assert guest.locator(".seat-chip.me").get_attribute("data-seat") == "1"
    creator.goto(link + "&lang=en")
    kick = creator.locator(".seat-chip[data-seat='1'] .kick")
    kick.wait_for()
    kick.click()
    guest.wait_for_function("() => !document.querySelector('.seat-chip.me')")  # the guest now only watches
    assert "removed you" in guest.locator("#toast").inner_text()
    info = web_server.http.get(f"/api/rooms/{room}", params={"invite": link.split("invite=")[1]}).json()
    assert not info["seats"][1]["claimed"] and info["status"] == "waiting"
