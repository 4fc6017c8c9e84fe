"""The pages of the browser front end: the app shell (``web/index.html``) and the rules documents as HTML.

The front end itself is static (``tablecraft/server/web/``: ES modules, SVG, CSS; no build step, nothing fetched
from elsewhere). The server adds only what needs Python: a game's rules rendered from Markdown — the players' page
(``tablecraft.rulebook``, in the asked language) or the designers' record (``docs/rules``).

>>> wants_html("text/html,application/xhtml+xml,*/*;q=0.8"), wants_html("application/json"), wants_html("*/*")
(True, False, False)
"""

from __future__ import annotations

import html
from functools import lru_cache
from pathlib import Path
from typing import Any

import tablecraft
from tablecraft.rulebook import RULES_LANGS, NoRulesPage, design_record, player_rules, slug

WEB_DIR = Path(__file__).resolve().parent / "web"
"""The static files of the front end (served under ``/static``)."""

def wants_html(accept: str) -> bool:
    """True when a request's ``Accept`` header asks for a page (browsers do); API clients get JSON."""
    return "text/html" in accept.lower()


@lru_cache(maxsize=1)
def index_html() -> str:
    """The single page of the front end (it routes lobby / room / replay itself from the address)."""
    return (WEB_DIR / "index.html").read_text("utf-8")


def rules_path(game_id: str) -> Path | None:
    """The designers' implementation record of a registered game (``docs/rules/<game>.md``, source checkouts
    only), or ``None`` (only registered ids are looked up, so a request can never name another file)."""
    ids = {spec.id for spec in tablecraft.games()}
    return design_record(game_id) if game_id in ids else None


def rules_page(game_id: str, lang: str) -> str | None:
    """The players' rules page of a registered game in ``lang`` (Markdown, shipped in the package), or ``None``."""
    if game_id not in {spec.id for spec in tablecraft.games()}:
        return None
    try:
        return player_rules(game_id, lang)
    except NoRulesPage:
        return None


def rules_lang(query: str | None, accept_language: str = "") -> str:
    """The language of a rules page: ``?lang=`` when it names one, else the browser's first choice of zh/en,
    else Chinese (the games' own language).

    >>> rules_lang("en"), rules_lang(None, "en-US,en;q=0.9"), rules_lang("xx", "fr"), rules_lang(None, "zh-TW")
    ('en', 'en', 'zh', 'zh')
    """
    if query in RULES_LANGS:
        return query
    for part in accept_language.split(","):
        tag = part.split(";")[0].strip().lower()[:2]
        if tag in RULES_LANGS:
            return tag
    return "zh"


def _heading_ids(md: Any) -> None:
    """Give every ``##``/``###`` heading the id the page's contents list links to (``rulebook.slug``)."""

    def heading_open(renderer: Any, tokens: Any, idx: int, options: Any, env: Any) -> str:
        token = tokens[idx]
        if token.tag in ("h2", "h3") and idx + 1 < len(tokens):
            token.attrSet("id", slug(tokens[idx + 1].content))
        return str(renderer.renderToken(tokens, idx, options, env))

    md.add_render_rule("heading_open", heading_open)


def markdown_to_html(text: str) -> str:
    """Markdown → HTML with markdown-it-py (installed with Rich) and its tables; raw HTML in the source is
    escaped. Falls back to the text pre-wrapped if the library is missing."""
    try:
        from markdown_it import MarkdownIt
    except ImportError:  # pragma: no cover - Rich always brings it
        return f'<pre class="rules-text">{html.escape(text)}</pre>'
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    _heading_ids(md)
    return str(md.render(text))


_OTHER = {"zh": ("en", "English"), "en": ("zh", "中文")}


def rules_html(game_id: str, text: str, lang: str = "zh", design: bool = False) -> str:
    """A whole page showing a rules page (or the designers' record), styled like the app, readable offline, with a
    link to the same page in the other language."""
    body = markdown_to_html(text)
    title = html.escape(game_id)
    other, other_name = _OTHER[lang]
    doc = "&amp;doc=design" if design else ""
    back = "返回大厅" if lang == "zh" else "Lobby"
    heading = "规则" if lang == "zh" else "rules"
    return (
        f"<!doctype html>\n<html lang=\"{lang}\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{title} · {heading}</title><link rel=\"stylesheet\" href=\"/static/app.css\">"
        "<link rel=\"icon\" href=\"/favicon.ico\"></head>"
        f"<body class=\"rules-page\"><main class=\"rules\"><p><a href=\"/\">{back}</a> · "
        f"<a class=\"rules-lang\" href=\"/rules/{title}?lang={other}{doc}\" hreflang=\"{other}\">{other_name}</a></p>"
        f"{body}</main></body></html>\n"
    )
