"""The players' rules pages (规则说明): one Markdown page per game and language, shipped inside the package.

Each game keeps its pages as package data in ``tablecraft/games/<package>/rulebook/{zh,en}.md``, written for people
who want to play (setup, the turn, every card, worked examples), not for designers — the designers' record of
every reading and gap stays in the repository's ``docs/rules/<game>.md`` (``design_record``).

Two things are filled in when a page is read, so they cannot drift from the game:

- the contents list (目录), at the line ``<!-- contents -->`` (``<!-- contents: 目錄 -->`` to title it otherwise:
  wild-hunters is written in Traditional characters, as its seed), from the page's ``##``/``###`` headings;
- the help markers ``<!-- help: STEP … -->`` before a section, which ``?`` at the terminal shows for those steps
  (``help_for``), are taken out;
- generated sections, at lines ``<!-- generated: NAME -->``, from the game's optional module
  ``tablecraft.games.<package>.rulespage``, whose ``generated(name, lang)`` returns Markdown (fate lists its 37
  cards and 33 heroes from the game's own data this way).

>>> page = player_rules("wizard-towers", "en")
>>> page.splitlines()[0].startswith("# Wizard Towers")
True
>>> "## Contents" in page and "(#setup)" in page
True
"""

from __future__ import annotations

import importlib
import re
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

import tablecraft

RULES_LANGS = ("zh", "en")
"""The languages every game's players' page is written in."""

_CONTENTS = re.compile(r"^<!-- contents(?:: (.+?))? -->$", re.M)
_HELP = re.compile(r"^<!-- help: ([a-z_ ]+) -->\n", re.M)
_GENERATED = re.compile(r"^<!-- generated: ([a-z_]+) -->$", re.M)
_HEADING = re.compile(r"^(#{2,3}) (.+?)\s*$", re.M)
_CONTENTS_TITLE = {"zh": "目录", "en": "Contents"}

DESIGN_DIR = Path(tablecraft.__file__).resolve().parent.parent / "docs" / "rules"
"""The designers' implementation records (present in a source checkout, not in a wheel)."""


class NoRulesPage(LookupError):
    """A game or language without a players' page; the message names what exists."""


def package_of(game_id: str) -> str:
    """The game's package: ``wizard-towers`` → ``tablecraft.games.wizard_towers``."""
    return f"tablecraft.games.{game_id.replace('-', '_')}"


def slug(title: str) -> str:
    """A heading's anchor: lower case, Markdown marks dropped, runs of other characters as one ``-``.

    Chinese characters are kept, so ``## 准备`` is ``#准备``.

    >>> slug("6. Battle arithmetic (totals, bonus)"), slug("牌的去处：废品包裹"), slug("`lead 1|2`")
    ('6-battle-arithmetic-totals-bonus', '牌的去处-废品包裹', 'lead-1-2')
    """
    text = re.sub(r"[`*_]", "", title).lower()
    return re.sub(r"[^0-9a-z\u3400-\u9fff]+", "-", text).strip("-")


def contents(markdown: str, lang: str, title: str | None = None) -> str:
    """A contents list of the page's ``##`` and ``###`` headings, each a link to its anchor (``slug``)."""
    heading = title or _CONTENTS_TITLE[lang]
    lines = [f"## {heading}", ""]
    for level, title in _HEADING.findall(markdown):
        indent = "  " * (len(level) - 2)
        lines.append(f"{indent}- [{re.sub(r'[`*]', '', title)}](#{slug(title)})")
    return "\n".join(lines) + "\n"


def _source(game_id: str, lang: str) -> str:
    try:
        return (resources.files(package_of(game_id)) / "rulebook" / f"{lang}.md").read_text("utf-8")
    except (ModuleNotFoundError, FileNotFoundError, NotADirectoryError):
        raise NoRulesPage(f"no players' rules page for {game_id!r} in {lang!r}") from None


def _generated(game_id: str, name: str, lang: str) -> str:
    module = importlib.import_module(f"{package_of(game_id)}.rulespage")
    text: str = module.generated(name, lang)
    return text.rstrip("\n")


@lru_cache(maxsize=16)
def _filled(game_id: str, lang: str) -> str:
    if lang not in RULES_LANGS:
        raise NoRulesPage(f"no players' rules page in {lang!r}; the languages are {', '.join(RULES_LANGS)}")
    text = _source(game_id, lang)
    return _GENERATED.sub(lambda m: _generated(game_id, m.group(1), lang), text)


@lru_cache(maxsize=16)
def player_rules(game_id: str, lang: str) -> str:
    """The players' rules page of ``game_id`` in ``lang`` (``zh`` | ``en``) as Markdown, generated parts filled in.

    Raises ``NoRulesPage`` for an unknown game or language.
    """
    text = _HELP.sub("", _filled(game_id, lang))
    mark = _CONTENTS.search(text)
    if mark is None:
        return text
    return text[:mark.start()] + contents(text, lang, mark.group(1)) + text[mark.end():]


def design_record(game_id: str) -> Path | None:
    """The designers' implementation record ``docs/rules/<game>.md``, when this is a source checkout."""
    path = DESIGN_DIR / f"{game_id}.md"
    return path if path.is_file() else None


def step_of(view: dict[str, Any]) -> str:
    """The decision a view is waiting for, as the help markers name it: the pending frame (fate) or the phase.

    >>> step_of({"phase": "attack_cards"}), step_of({"pending": {"frame": "reply"}, "phase": "play"})
    ('attack_cards', 'reply')
    """
    pending = view.get("pending")
    if isinstance(pending, dict) and isinstance(pending.get("frame"), str):
        return str(pending["frame"])
    phase = view.get("phase")
    return phase if isinstance(phase, str) else ""


def help_sections(game_id: str, lang: str, topic: str) -> list[str]:
    """The sections of the players' page marked ``<!-- help: … topic … -->``: each from its heading to the next
    heading of the same or a higher level."""
    text = _filled(game_id, lang)
    out = []
    for m in _HELP.finditer(text):
        if topic not in m.group(1).split():
            continue
        rest = text[m.end():]
        head = re.match(r"(#{2,4}) ", rest)
        level = len(head.group(1)) if head else 4
        end = re.search(rf"^#{{2,{level}}} ", rest[1:], re.M)
        out.append(_HELP.sub("", rest[: end.start() + 1 if end else len(rest)]).strip())
    return out


def help_for(game_id: str, view: dict[str, Any], lang: str) -> str:
    """What ``?`` shows at the table: the rules of the decision now pending and the texts of the cards in view
    (the game's ``rulespage.cards_in_view`` where it has one, else its page's card sections), as Markdown."""
    parts = help_sections(game_id, lang, step_of(view)) or help_sections(game_id, lang, "turn")
    try:
        module = importlib.import_module(f"{package_of(game_id)}.rulespage")
    except ModuleNotFoundError:
        module = None
    in_view = getattr(module, "cards_in_view", None)
    parts += [in_view(view, lang)] if in_view is not None else help_sections(game_id, lang, "cards")
    return "\n\n".join(dict.fromkeys(p for p in parts if p))  # a section tagged for both once
