"""No text of the other language: every game's terminal board, choices and their prices, events and illegal-move
messages, over random games in every language, hold no Chinese in English and no English word or identifier in
Chinese (issue 14 item 7); wild-hunters' Chinese is Traditional throughout, the others' Simplified."""

from __future__ import annotations

import io
import random
import re
from collections.abc import Iterator
from typing import Any

import pytest
import zhconv
from rich.console import Console

import tablecraft
from tablecraft import cli
from tablecraft.core.api import Game, State
from tablecraft.i18n import CATALOGUE

CJK = re.compile(r"[\u3400-\u9fff\u3000-\u303f\uff01-\uff5e]")
WORD = re.compile(r"[A-Za-z][A-Za-z_]*[A-Za-z]|[a-z]+_[a-z_]+")
ALLOWED_IN_ZH = {
    # card notation the table prints beside the Chinese (what one types), never as a word of a sentence
    "JK",
    # the one Latin proper name of a card: fate's fate card Roshan附体
    "Roshan",
    # the statistician the confidence interval is named after (simulate's table)
    "Wilson",
    # the tool's own name and its commands, which a Chinese reader types as they are
    "tablecraft", "play", "resume",
}
# per game: notation the board teaches next to its Chinese words (wild-hunters' direction legend 「ne 東北」)
ALLOWED_BY_GAME = {"wild-hunters": {"ne", "nw", "sw", "se"}}
# a Simplified-only character: zh-hans leaves it, zh-hant changes it (岩 is the seed's own character in both)
TRADITIONAL_OK = {"岩"}
SETUPS: list[tuple[str, int]] = [("wizard-towers", 3), ("xeno-faction", 2), ("wild-hunters", 1),
                                 ("wild-hunters", 3), ("fate", 2), ("fate", 3), ("fate", 4), ("fate", 6)]


def rendered(renderable: Any) -> str:
    out = io.StringIO()
    Console(file=out, width=200, color_system=None, highlight=False).print(renderable)
    return out.getvalue()


def leaks(text: str, lang: str, game_id: str, script: bool = True) -> list[str]:
    """The pieces of ``text`` that belong to the other language (or, in Chinese, to the other script, unless
    ``script`` is false: the tool's own wording around a game's text is Simplified for every game)."""
    if lang == "en":
        return CJK.findall(text)
    allowed = ALLOWED_IN_ZH | ALLOWED_BY_GAME.get(game_id, set())
    if game_id == "wild-hunters":  # the map's cells are a code the Chinese legend explains (W水 … K 惡鬼王)
        text = re.sub(r"\[[WFRTGK·⌂1-5+ ]{4}\]", "[]", text)
    found = [w for w in WORD.findall(text) if w not in allowed]
    found += re.findall(r"\bseat \d", text)
    for c in set(CJK.findall(text)) if script else ():
        if game_id == "wild-hunters":
            if c not in TRADITIONAL_OK and zhconv.convert(c, "zh-hans") == c and zhconv.convert(c, "zh-hant") != c:
                found.append(f"Simplified {c}")
        elif zhconv.convert(c, "zh-hans") != c:
            found.append(f"Traditional {c}")
    return found


def texts_of_a_random_game(game: Game[Any], seed: int, lang: str) -> Iterator[tuple[str, str]]:
    """(where, text) for the boards, choices, illegal-move messages and events a random game shows."""
    rng = random.Random(seed)
    state: State[Any] = game.new_initial_state(seed)
    every = game.codec.size
    step = 0
    while not state.is_terminal() and step < 400:
        legal = state.legal_actions()
        seat = state.current_player()
        if step % 7 == 0:
            for viewer in (seat, None):
                yield f"board of {viewer}", rendered(cli.render_board(game, state.view(viewer), lang))
            for a in legal:
                yield f"choice {a}", game.describe_action(a, lang, state)
                yield f"price {a}", game.action_price(state, a, lang) or ""
            if every:
                ids = set(game.codec.encode(a) for a in legal)
                wrong = [i for i in range(every) if i not in ids]
                if wrong:
                    bad = game.codec.decode(rng.choice(wrong))
                    yield f"illegal {bad}", cli.illegal_text(game, state, bad, lang, seat)
                    yield f"illegal action {bad}", game.describe_action(bad, lang)
        state.apply(rng.choice(legal))
        step += 1
    for viewer in (*range(game.num_seats), None):
        for event in state.log(viewer):
            yield f"event {event.get('kind')} for {viewer}", game.describe_event(event, lang)
    yield "board at the end", rendered(cli.render_board(game, state.view(0), lang))


@pytest.mark.parametrize(("game_id", "seats"), SETUPS)
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_random_games_show_nothing_of_the_other_language(game_id: str, seats: int, lang: str) -> None:
    game = tablecraft.load(game_id, num_seats=seats)
    found: dict[str, str] = {}
    for seed in (1, 2):
        for where, text in texts_of_a_random_game(game, seed, lang):
            for leak in leaks(text, lang, game_id, script=not where.startswith("illegal ") or "action" in where):
                found.setdefault(leak, f"{where}: {text[:300]}")
    assert found == {}, "\n".join(f"{k!r} in {v}" for k, v in list(found.items())[:25])


def test_the_tools_own_chinese_wording_has_no_english_word() -> None:
    for key, texts in CATALOGUE.items():
        # placeholders, option flags and key names are what one types; they stay as they are
        text = re.sub(r"\{[a-z_]+(?:![rs])?(?::[^}]*)?\}|--[a-z-]+|Ctrl-C|key=value|JSON|FILE", "", texts["zh"])
        assert leaks(text, "zh", "") == [], (key, texts["zh"])
        assert CJK.findall(texts["en"]) == [] or key == "col_name_zh", key  # the column that holds Chinese names
