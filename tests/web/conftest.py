"""Fixtures of the browser tests: one server (subprocess, temporary SQLite file) per test session, one headless
Chromium per test module, a fresh browser context per test. Every test skips, saying why, when Playwright or
Chromium is missing."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from support import CHROMIUM_ARGS, DESKTOP, PAGE_LIMITS, WebServer, browser_problem, chromium_path  # noqa: E402


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    problem = browser_problem()
    if problem is None:
        return
    here = Path(__file__).resolve().parent
    mark = pytest.mark.skip(reason=f"browser tests skipped: {problem}")
    for item in items:
        if Path(str(item.fspath)).resolve().parent == here:
            item.add_marker(mark)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed browser test's report carries the end of the server's log: a page that waited in vain may have
    waited on an error only the server saw."""
    outcome = yield
    report = outcome.get_result()
    srv = getattr(item, "funcargs", {}).get("web_server")
    if report.failed and isinstance(srv, WebServer):
        report.sections.append(("server log (last 4,000 characters)", srv.log(4000)))


@pytest.fixture(scope="session")
def web_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[WebServer]:
    """The game server with the web front end, on a free port, with its own SQLite file."""
    tmp = tmp_path_factory.mktemp("web")
    srv = WebServer(tmp / "web.sqlite3", tmp / "server.log", *PAGE_LIMITS).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Debian's Chromium, headless, driven by Playwright; one per test module, because Playwright's sync API keeps an
    event loop running on the main thread while it is open, and tests run after these (``tests/server``) call
    ``asyncio.run``, which refuses to start inside a running loop."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=CHROMIUM_ARGS)
        try:
            yield b
        finally:
            b.close()


NewContext = Callable[..., Any]


@pytest.fixture
def new_context(browser: Any) -> Iterator[NewContext]:
    """Makes browser contexts (separate cookie/localStorage jars: separate people); all closed after the test.
    Page errors fail the test."""
    contexts: list[Any] = []
    errors: list[str] = []

    def make(viewport: dict[str, int] | None = None, locale: str = "en-US") -> Any:
        ctx = browser.new_context(viewport=viewport or DESKTOP, locale=locale)
        ctx.set_default_timeout(30_000)
        ctx.on("page", lambda page: page.on("pageerror", lambda e: errors.append(str(e))))
        contexts.append(ctx)
        return ctx

    yield make
    for ctx in contexts:
        ctx.close()
    assert not errors, f"JavaScript errors in the page: {errors}"
