"""Helpers of the browser tests: the server in a subprocess, Chromium through Playwright, and a player that clicks.

The browser is Debian's Chromium (``/usr/bin/chromium``, or ``$TABLECRAFT_CHROMIUM``) driven by Playwright for
Python; Playwright's own browser download is never used. ``browser_problem()`` says why the tests must skip
when either is missing.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import re
import shutil
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[2]
README_SCREENSHOTS = ROOT / "docs" / "screenshots"
"""The tracked pictures the README shows; refreshed only on request (``TABLECRAFT_SCREENSHOTS=docs``)."""
SCREENSHOTS = (README_SCREENSHOTS if os.environ.get("TABLECRAFT_SCREENSHOTS") == "docs"
               else ROOT / "build" / "screenshots")
"""Where the tests leave one picture of each game's table: ``build/screenshots`` (untracked) unless the run was
asked to refresh the README's pictures — a test run must never rewrite tracked files."""

CHROMIUM_ARGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]

PHONE = {"width": 390, "height": 844}
"""A phone-sized viewport (CSS pixels)."""
DESKTOP = {"width": 1280, "height": 900}

CARD_RE = re.compile(r"(?<![A-Z0-9])(?:10|[2-9AJQK])[SHCD](?![A-Za-z0-9])|JK[RB]")
"""A card in the core notation inside any text (a frame, a description)."""


PHRASE_INTERVAL = 0.5
"""Seconds between two quick phrases of a seat on the tests' server (the default, 3 s, would only slow them)."""
PAGE_LIMITS = ["--http-rate", "1000", "--http-burst", "5000", "--room-rate", "1000", "--room-burst", "5000",
               "--max-sockets", "1000", "--phrase-interval", str(PHRASE_INTERVAL)]
"""Every page of every test comes from one address: per-client limits far above what the tests do (the limits
themselves are tested in ``tests/server``)."""


def chromium_path() -> str | None:
    """Debian's Chromium (or ``$TABLECRAFT_CHROMIUM``), if installed."""
    env = os.environ.get("TABLECRAFT_CHROMIUM")
    if env:
        return env if Path(env).exists() else None
    for name in ("/usr/bin/chromium", "/usr/bin/chromium-browser"):
        if Path(name).exists():
            return name
    return shutil.which("chromium")


def browser_problem() -> str | None:
    """Why the browser tests cannot run here, or ``None`` when they can."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright for Python is not installed (pip install 'tablecraft[test]')"
    if chromium_path() is None:
        return ("Chromium is not installed (apt-get install chromium; .ci/run does it), "
                "or set TABLECRAFT_CHROMIUM to a Chromium binary")
    return None


def free_port() -> int:
    """A TCP port free on localhost right now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class WebServer:
    """``python -m tablecraft.server`` on a free port with its own SQLite file; ``stop()`` ends it."""

    def __init__(self, db: Path, log: Path, *args: str) -> None:
        self.db, self.log_path, self.args = db, log, args
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, timeout=20, headers={"Accept": "application/json"})

    def start(self) -> WebServer:
        """Start the process and wait until it answers."""
        self._log = self.log_path.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tablecraft.server", "--port", str(self.port), "--db", str(self.db),
             "--sqlite-sync", "normal", "--log-level", "warning", *self.args],
            stdout=self._log, stderr=subprocess.STDOUT)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited with {self.proc.returncode}: " + self.log(2000))
            with contextlib.suppress(httpx.HTTPError):
                if self.http.get("/healthz").status_code == 200:
                    return self
            time.sleep(0.1)
        raise RuntimeError("the server did not answer within 60 s")

    def log(self, chars: int = 4000) -> str:
        """The last ``chars`` characters of the server's output so far ("" before there is any)."""
        try:
            return self.log_path.read_text(errors="replace")[-chars:]
        except OSError:
            return ""

    def stop(self) -> None:
        """Terminate the process (and wait for it)."""
        self.http.close()
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._log.close()

    # --- API -----------------------------------------------------------------------------------------------
    def create_room(self, game: str, seats: list[dict[str, Any]], options: dict[str, Any] | None = None,
                    **extra: Any) -> dict[str, Any]:
        """POST /api/rooms; returns the RoomInfo."""
        body = {"game": game, "seats": seats, "options": options or {}, **extra}
        r = self.http.post("/api/rooms", json=body)
        assert r.status_code == 201, r.text
        info: dict[str, Any] = r.json()
        return info

    def room(self, room: str) -> dict[str, Any]:
        """GET /api/rooms/{id}."""
        r = self.http.get(f"/api/rooms/{room}")
        assert r.status_code == 200, r.text
        info: dict[str, Any] = r.json()
        return info

    def wait_finished(self, room: str, timeout: float = 60) -> dict[str, Any]:
        """Poll the room until its game is over."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            info = self.room(room)
            if info["status"] == "finished":
                return info
            time.sleep(0.2)
        raise AssertionError(f"room {room} did not finish within {timeout} s")

    def games(self) -> list[dict[str, Any]]:
        """GET /api/games."""
        out: list[dict[str, Any]] = self.http.get("/api/games").json()
        return out


SHORT_WIZARD_TOWERS = {"warrior_hp": 40, "wizard_hp": 50, "max_turns": 20}
"""Wizard-towers options that end a game in a few dozen decisions (low HP, a turn cap)."""


@dataclass
class FrameLog:
    """Every WebSocket frame a page received, parsed (recorded by ``record_frames``)."""

    texts: list[str] = field(default_factory=list)

    def frames(self) -> list[dict[str, Any]]:
        """The frames as JSON objects."""
        return [json.loads(t) for t in self.texts]


def record_frames(page: Any) -> FrameLog:
    """Record every frame the page's WebSockets receive from now on."""
    log = FrameLog()
    page.on("websocket", lambda ws: ws.on("framereceived", lambda payload: log.texts.append(
        payload if isinstance(payload, str) else payload.decode("utf-8"))))
    return log


def table_ply(page: Any) -> int:
    """The move number the room page shows (``#table[data-ply]``), -1 before the first frame."""
    value = page.evaluate("() => { const t = document.querySelector('#table'); return t ? t.dataset.ply : null }")
    return -1 if value in (None, "") else int(value)


def wait_my_turn_or_end(page: Any, timeout: float = 30_000) -> bool:
    """Wait until this page offers a legal action (True) or shows the end of the game (False)."""
    page.wait_for_function(
        "() => document.querySelector('#table [data-action].legal:not(.sent)') || "
        "document.querySelector('#table')?.dataset.status === 'finished'", timeout=timeout)
    return page.evaluate("() => document.querySelector('#table')?.dataset.status") != "finished"


def click_one_action(page: Any, rng: random.Random, keyboard: bool = False) -> str:
    """Click (or focus and press Enter on) one random legal action of the table; wait until the game moves on.
    Returns the action id. Like the bots it never takes a build back (``cancel``), so games end as they did."""
    actions = page.locator("#table [data-action].legal:not(.sent):not([data-action='cancel'])")
    n = actions.count()
    assert n > 0, "no legal action to click"
    target = actions.nth(rng.randrange(n))
    action = target.get_attribute("data-action") or ""
    before = table_ply(page)
    if keyboard:
        target.focus()
        page.keyboard.press("Enter")
    else:
        target.click()
    if page.locator("#confirm-dialog").count():  # a move that loses the game asks first: this player insists
        page.locator("#confirm-dialog .confirm-play").click()
    try:
        page.wait_for_function(
            f"() => {{ const t = document.querySelector('#table'); return t && (Number(t.dataset.ply) > {before} "
            f"|| t.dataset.status === 'finished') }}", timeout=30_000)
    except Exception as e:  # say what the page was in: a bare timeout cannot be told apart from a slow machine
        raise AssertionError(f"the game did not move on within 30 s of clicking {action!r} at move {before}; "
                             f"the page: {page_state(page)}") from e
    return action


def page_state(page: Any) -> str:
    """What the room page holds (its frame, the move it waits on, its socket, an open dialog, a toast): the
    message of a test that waited in vain."""
    try:
        return str(page.evaluate("""() => {
          const r = window.tablecraftRoom;
          const f = r && r.frame;
          return JSON.stringify({
            ply: f && f.ply, status: f && f.status, toMove: f && f.toMove, seat: r && r.seat,
            pending: r && r.pending, socket: r && r.ws && r.ws.readyState,
            legal: r ? r.legalChoices().map((c) => c.id) : null,
            dialog: document.querySelector('dialog[open]')?.textContent || null,
            toast: document.getElementById('toast')?.hidden === false
              ? document.getElementById('toast').textContent : null,
            table: document.querySelector('#table')?.dataset || null,
          });
        }"""))
    except Exception as e:  # the page itself is gone
        return f"(unreadable: {e})"


def play_until_end(page: Any, rng: random.Random, max_moves: int = 400, on_move: Any = None) -> int:
    """Play this page's seat by clicking random legal actions until the game ends; returns the moves made."""
    made = 0
    while wait_my_turn_or_end(page):
        click_one_action(page, rng)
        made += 1
        if on_move is not None:
            on_move(made)
        assert made < max_moves, f"the game did not end within {max_moves} of this seat's moves"
    return made


def save_screenshot(page: Any, game_id: str) -> Path:
    """Keep a picture of the table as ``<SCREENSHOTS>/<game-id>.png`` (``build/screenshots`` by default)."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{game_id}.png"
    # from the top: the page scrolls the decision into view, and a full-page picture taken scrolled down draws the
    # sticky top bar in the middle of the table
    page.evaluate("() => window.scrollTo(0, 0)")
    # a card caught in flight (motion.js) would be drawn over the towers and bags; arrows and floats stay
    page.evaluate("() => document.querySelectorAll('.motion-travel').forEach((n) => n.remove())")
    page.screenshot(path=str(path), full_page=True, animations="disabled")
    return path


def desktop_screenshot(page: Any, game_id: str) -> Path:
    """The README picture of a table played on a phone-sized page: taken at desktop size, then back to the
    phone."""
    page.set_viewport_size(DESKTOP)
    page.evaluate("() => window.scrollTo(0, 0)")
    path = save_screenshot(page, game_id)
    page.set_viewport_size(PHONE)
    return path


def replay_from_record(srv: WebServer, room: str,
                       looks: list[dict[str, Any]]) -> tuple[dict[str, Any], Any, Any, dict[int, list[Any]]]:
    """The finished room's record, its game, the game's initial state, and what the page showed (``looks``, each
    with its ``ply``) grouped by move number — to check every decision the page showed against the engine."""
    import tablecraft

    record = srv.http.get(f"/api/rooms/{room}/record").json()
    game = tablecraft.load(record["game"], record["seats"], **record["options"])
    state = game.new_initial_state(record["seed"], record["setup"])
    by_ply: dict[int, list[Any]] = {}
    for look in looks:
        by_ply.setdefault(look["ply"], []).append(look)
    return record, game, state, by_ply


def play_looking(page: Any, rng: random.Random, look_js: str, game_id: str, picture_when: Any,
                 over_selector: str, max_looks: int = 800, settle_ms: int = 0) -> list[dict[str, Any]]:
    """Play this page's seat to the end by clicking random legal actions, evaluating ``look_js`` (what the page
    shows) before each decision. The README picture is taken once, at the first look ``picture_when(look)``
    accepts (at the end if none does); the end-of-game screen must say so and the table show ``over_selector``.
    Returns the looks, each with its ``ply``."""
    looks: list[dict[str, Any]] = []
    shot = False
    while wait_my_turn_or_end(page):
        if settle_ms:
            page.wait_for_timeout(settle_ms)  # let the last frame's drawing finish
        look = page.evaluate(look_js)
        looks.append(look)
        if not shot and picture_when(look):
            desktop_screenshot(page, game_id)
            shot = True
        click_one_action(page, rng)
        assert len(looks) < max_looks, "the game did not end"
    if not shot:
        save_screenshot(page, game_id)
    dialog = page.locator("#end-dialog")
    dialog.wait_for()
    assert "Game over" in dialog.inner_text()
    assert page.locator(over_selector).count() == 1
    return looks


WH_NEXT_TO_THE_KING = {
    "heroes": {"water": {"at": [1, 0], "hand": ["W", "F", "R", "T", "G"], "deck": ["W", "F", "R", "T", "G"],
                         "energy": ["W"]},
               "fire": {"hand": ["W", "F", "R", "T", "G"], "deck": ["W", "F", "R", "T", "G"]}},
    "king": {"id": "blaze", "at": [0, 0], "rotation": 0},
    "destiny": {"revealed": "water-1", "deck": ["fire-1", "water-2", "fire-2", "water-stun", "fire-stun"],
                "discard": [], "exile": []},
}
"""wild-hunters, two heroes: water's hero (the person, seat 0) stands east of the Blazefiend, on a face-down tile
(his side facing east is fire), holding one card of each element and one sword energy: its turn begins, and an
attack on the king is its first choice (the game's documented setup format)."""
