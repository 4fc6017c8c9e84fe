"""Every option of every registered game has the lobby's words (``tablecraft/server/labels.py``): a label and a
help line in Chinese and English, a group, and a name for each value of a closed set; ``GET /api/games`` carries
them, with the number of seats the lobby proposes."""

from __future__ import annotations

import re

import pytest

import tablecraft
from tablecraft.server.labels import OPTIONS, default_seats, labelled_option, option_words

CJK = re.compile(r"[\u3400-\u9fff]")
SPECS = list(tablecraft.games())


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_every_option_has_a_label_and_help_in_both_languages(spec: tablecraft.GameSpec) -> None:
    for opt in spec.options:
        words = option_words(spec.id, opt.name)
        assert words["group"] in ("game", "variant", "designer")
        for key in ("label", "help"):
            assert CJK.search(words[key]["zh"]), f"{spec.id}.{opt.name}: {key} has no Chinese"
            assert words[key]["en"] and not CJK.search(words[key]["en"]), f"{spec.id}.{opt.name}: {key} (en)"
        choices = opt.choices or words.get("choices")
        if choices and not isinstance(opt.default, bool):
            assert opt.default in choices
            assert set(map(str, choices)) == set(words["choice_words"]), f"{spec.id}.{opt.name}: unnamed choices"


def test_no_words_are_kept_for_an_option_that_does_not_exist() -> None:
    names = {spec.id: {o.name for o in spec.options} for spec in SPECS}
    for game, opts in OPTIONS.items():
        assert set(opts) <= names[game], f"{game}: words for options it does not have"


def test_a_free_text_option_with_a_closed_set_of_values_becomes_a_choice() -> None:
    fate = next(s for s in SPECS if s.id == "fate")
    mode = labelled_option("fate", next(o for o in fate.describe()["options"] if o["name"] == "mode"))
    assert mode["choices"] == ["auto", "identity", "1v1", "1v1v1", "2v2"]
    assert mode["label"] == {"zh": "模式", "en": "Mode"}
    for choice in mode["choices"]:  # each one is a mode the game accepts
        tablecraft.load("fate", 2 if choice == "1v1" else 3 if choice == "1v1v1" else 4, mode=choice)


def test_the_lobby_proposes_five_seats_for_fate_and_the_fewest_elsewhere() -> None:
    assert default_seats("fate") == 5
    assert default_seats("xeno-faction") is None
    for spec in SPECS:
        n = default_seats(spec.id)
        assert n is None or spec.min_seats <= n <= spec.max_seats
