"""Table talk without free text: the fixed quick phrases (快捷语) a seated player may say at the table.

A phrase travels as its id, never as text — the client sends ``{"type": "say", "phrase": "nice_move"}`` and every
reader is shown the phrase in their own language — so nothing can be injected, nothing can be spelt out to pass a
hidden card on, and a Chinese reader never sees the English of an English speaker. What is said is *table* talk:
it is never part of the game (not an event, not a move, not in the record or a replay), so it cannot change the game,
its replay or its determinism; the room keeps the last few in memory for a reconnecting client
(``tablecraft.server.rooms.TALK_KEPT``).

>>> phrase_text("nice_move", "zh"), phrase_text("nice_move", "en")
('好棋！', 'Nice move!')
>>> check_phrase("gg")
Traceback (most recent call last):
...
ValueError: there is no phrase 'gg'; the phrases are: hello, good_luck, nice_move, thinking, hurry_up, oops, thanks, good_game
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Phrase:
    """One quick phrase: its id (what travels) and its words in each language of the page."""

    id: str
    en: str
    zh: str

    def text(self, lang: str) -> str:
        """The phrase in ``lang`` (``zh`` or ``en``; any other language reads English)."""
        return self.zh if lang == "zh" else self.en


PHRASES: tuple[Phrase, ...] = (
    Phrase("hello", "Hello!", "大家好！"),
    Phrase("good_luck", "Good luck!", "祝好运！"),
    Phrase("nice_move", "Nice move!", "好棋！"),
    Phrase("thinking", "Thinking…", "让我想想…"),
    Phrase("hurry_up", "Hurry up, please", "快一点吧"),
    Phrase("oops", "Oops", "哎呀"),
    Phrase("thanks", "Thanks", "谢谢"),
    Phrase("good_game", "Good game", "打得好"),
)
"""Every phrase, in the order the page's menu lists them. Ids are stable: a client may keep them."""

BY_ID: dict[str, Phrase] = {p.id: p for p in PHRASES}


def check_phrase(phrase_id: str) -> Phrase:
    """The phrase with this id; ``ValueError`` naming the known ids when there is none."""
    found = BY_ID.get(phrase_id)
    if found is None:
        raise ValueError(f"there is no phrase {phrase_id!r}; the phrases are: {', '.join(BY_ID)}")
    return found


def phrase_text(phrase_id: str, lang: str) -> str:
    """The words of phrase ``phrase_id`` in ``lang`` (``ValueError`` for an unknown id)."""
    return check_phrase(phrase_id).text(lang)


__all__ = ["BY_ID", "PHRASES", "Phrase", "check_phrase", "phrase_text"]
