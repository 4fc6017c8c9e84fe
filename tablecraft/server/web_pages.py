"""The pages of the browser front end: the app shell (``web/index.html``) and the rules documents as HTML.

The front end itself is static (``tablecraft/server/web/``: ES modules, SVG, CSS; no build step, nothing fetched
from elsewhere). The server adds only what needs Python: the rules document of a game rendered from Markdown.

>>> wants_html("text/html,application/xhtml+xml,*/*;q=0.8"), wants_html("application/json"), wants_html("*/*")
(True, False, False)
"""

from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path

import tablecraft

WEB_DIR = Path(__file__).resolve().parent / "web"
"""The static files of the front end (served under ``/static``)."""

RULES_DIR = Path(tablecraft.__file__).resolve().parent.parent / "docs" / "rules"
"""Where the rules documents are (the repository's ``docs/rules``, as for ``tablecraft rules``)."""


def wants_html(accept: str) -> bool:
    """True when a request's ``Accept`` header asks for a page (browsers do); API clients get JSON."""
    return "text/html" in accept.lower()


@lru_cache(maxsize=1)
def index_html() -> str:
    """The single page of the front end (it routes lobby / room / replay itself from the address)."""
    return (WEB_DIR / "index.html").read_text("utf-8")


def rules_path(game_id: str) -> Path | None:
    """The rules document of a registered game, or ``None`` (only registered ids are looked up, so a request
    can never name another file)."""
    ids = {spec.id for spec in tablecraft.games()}
    if game_id not in ids:
        return None
    path = RULES_DIR / f"{game_id}.md"
    return path if path.is_file() else None


def markdown_to_html(text: str) -> str:
    """Markdown → HTML with markdown-it-py (installed with Rich) and its tables; raw HTML in the source is
    escaped. Falls back to the text pre-wrapped if the library is missing."""
    try:
        from markdown_it import MarkdownIt
    except ImportError:  # pragma: no cover - Rich always brings it
        return f'<pre class="rules-text">{html.escape(text)}</pre>'
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    return md.render(text)


def rules_html(game_id: str, text: str) -> str:
    """A whole page showing a rules document, styled like the app, readable offline."""
    body = markdown_to_html(text)
    title = html.escape(game_id)
    return (
        "<!doctype html>\n<html lang=\"zh\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{title} · rules</title><link rel=\"stylesheet\" href=\"/static/app.css\">"
        "<link rel=\"icon\" href=\"/favicon.ico\"></head>"
        f"<body class=\"rules-page\"><main class=\"rules\"><p><a href=\"/\">tablecraft</a></p>{body}</main>"
        "</body></html>\n"
    )
