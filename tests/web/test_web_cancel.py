"""Cancel before commit in the browser (issue 14 item 5): in fate, a person who chose an 【攻击】 sees a Cancel button
(取消 on the Chinese page) beside the targets, and clicking it — or pressing Esc — puts them back in the play phase
with the card in hand; the other person at the table sees the play phase throughout, never the chosen card; once the
target is chosen the attack is committed and no Cancel is offered."""

from __future__ import annotations

from typing import Any

from support import WebServer, record_frames

TABLE = {"heroes": ["centaur", "troll_warlord", "weaver", "dragon_knight"],
         "hands": [["atk:AS", "dodge:6H"], ["dodge:7H"], [], []],
         "identities": ["sentinel", "scourge", "sentinel", "scourge"]}
"""Seat 0 in its play phase with an 【攻击】 and a 闪避; seat 1 (a second person) holds a 闪避."""


def _latest_view(frames: Any) -> dict[str, Any]:
    return next(f["view"] for f in reversed(frames.frames()) if f.get("view"))


def test_an_attack_chosen_in_fate_is_taken_back_with_the_cancel_button_or_esc(
        web_server: WebServer, new_context: Any) -> None:
    info = web_server.create_room("fate", [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "agent": "random"},
                                           {"kind": "bot", "agent": "random"}], seed=1, setup=TABLE)
    me = new_context(locale="zh-CN").new_page()
    other = new_context().new_page()
    theirs = record_frames(other)
    me.goto(f"{web_server.base}/rooms/{info['room']}?sit=0&lang=zh")
    me.wait_for_selector(".seat-chip.me")
    other.goto(f"{web_server.base}/rooms/{info['room']}?sit=1&lang=en")
    use = me.locator("#table [data-action='use atk:AS'].legal")
    use.wait_for()
    other.wait_for_selector("#table .ft")
    seen_before = _latest_view(theirs)

    use.click()
    cancel = me.locator("#table [data-action='cancel'].legal")
    cancel.wait_for()
    assert cancel.inner_text().strip().endswith("取消") and "cancel-build" in (cancel.get_attribute("class") or "")
    assert me.locator("#table [data-action='target 1'].legal").count() == 1
    ply = int(me.locator("#table").get_attribute("data-ply") or "0")
    other.wait_for_function(f"() => Number(document.querySelector('#table').dataset.ply) >= {ply}")
    seen = _latest_view(theirs)
    assert seen["decision"] == "play" and seen["table"] == [] and seen["pending"] == seen_before["pending"]
    assert other.locator("#table .ft-centre [data-card='atk:AS']").count() == 0  # the card is not on their table
    assert other.locator("#table [data-action='cancel']").count() == 0

    cancel.click()
    use.wait_for()
    assert me.locator("#table [data-action='cancel']").count() == 0
    assert me.locator("#table .ft-hand [data-action='use atk:AS']").count() == 1  # back in hand, usable again

    use.click()
    cancel.wait_for()
    me.keyboard.press("Escape")
    use.wait_for()
    assert me.locator("#table [data-action='cancel']").count() == 0

    use.click()
    me.locator("#table [data-action='target 1'].legal").click()  # the attack is used: committed
    other.wait_for_selector("#table [data-action='use dodge:7H'].legal")  # seat 1 is asked to dodge
    assert me.locator("#table [data-action='cancel']").count() == 0
    replay = web_server.http.get(f"/api/rooms/{info['room']}/replay", params={"ply": 1}).json()
    assert replay["total"] >= 6  # use, cancel, use, cancel (Esc), use, target: each a stored move
    assert replay["view"]["decision"] == "play" and replay["view"]["table"] == []  # a spectator's replay keeps it hidden
