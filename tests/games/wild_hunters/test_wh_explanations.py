"""Every attack explains its arithmetic in the player's language (issue 15 · Explanations): the dice, which side of
the demon king's base faces the hero and its element, whether they match, each term of the damage and his life
before and after. Texts are checked in English and in Chinese — Traditional Chinese, the seed's own script, with
no Simplified character — and random games are checked for lines of one language only.

The demon king (tide: base W G R demon F T from east, counter-clockwise) stands on (0, 0); the hero on (0, -1) is
to his north-west and faces the side ``base[(2 + rotation) % 6]``.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable
from typing import Any

import pytest
import zhconv
from wh_support import game, of_kind, play, setup, start

CJK = re.compile(r"[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
TRADITIONAL_VARIANTS = frozenset("岩秘")
"""Characters Traditional Chinese writes as they are that zhconv's Traditional table still rewrites to a variant
(岩 → 巖, 秘 → 祕)."""


def simplified_characters(text: str) -> set[str]:
    """The characters of ``text`` written in their Simplified form (zhconv turns them into another character for
    Traditional text, and leaves them as they are for Simplified text)."""
    return {c for c in set(text) if CJK.match(c) and c not in TRADITIONAL_VARIANTS
            and zhconv.convert(c, "zh-hant") != c and zhconv.convert(c, "zh-hans") == c}


def _pure(text: str, lang: str) -> bool:
    """English text holds no Chinese; Chinese text holds no English word (card kinds like ``WF`` are written in
    Chinese there) and no Simplified character."""
    if lang == "en":
        return not CJK.search(text)
    return not LATIN_WORD.search(text) and not simplified_characters(text)


def test_the_checker_tells_simplified_from_traditional() -> None:
    assert simplified_characters("风岩张伤") == {"风", "张", "伤"}
    assert simplified_characters("風岩張傷") == set()


def _spec(rotation: int = 0, **hero: Any) -> dict:
    hero.setdefault("main", "knight")
    spec = setup(hand=["W", "F", "R", "T", "G"], at=(0, -1), elements={(0, 0): "W", (0, -1): "T"}, up=[(0, 0)],
                 **hero)
    spec["king"]["rotation"] = rotation
    return spec


def _seed_where(spec: dict, actions: list[str], want: Callable[[dict], bool]) -> tuple[Any, list]:
    """The first seed whose attack satisfies ``want`` (the dice come from the state's own RNG)."""
    for seed in range(500):
        s = start(spec, seed=seed)
        events = play(s, *actions)
        attack = of_kind(events, "attack")
        if attack and want(attack[0]):
            return s, events
    raise AssertionError("no seed gives that roll")


def _said(events: list, lang: str, kind: str = "attack") -> list[str]:
    g = game()
    return [g.describe_event(e.for_seat(None), lang) for e in events if e.kind == kind]


def test_a_matching_die_is_explained_with_the_side_its_element_and_the_sum() -> None:
    s, events = _seed_where(_spec(), ["attack"], lambda a: a["dice"] == [2])
    life = s.fx.king_max
    assert _said(events, "en") == [
        f"water attacks the demon king, paying water: rolls rock against the rock side of his base (the side facing "
        f"water, to his north-west) — a match; 1 (the attack) + 1 (the die matches) = 2 damage; his life {life} → "
        f"{life - 2}"]
    assert _said(events, "zh") == [
        f"沃特攻擊惡鬼王（支付 水）：擲出 岩，底座朝向沃特的一側（他的西北側）為 岩，相符；傷害 1（攻擊）+ 1（骰子相符）= 2，"
        f"惡鬼王生命 {life} → {life - 2}"]


def test_a_missing_die_names_both_faces_and_gives_one_damage() -> None:
    s, events = _seed_where(_spec(rotation=2), ["attack"], lambda a: a["dice"] == [3])
    life = s.fx.king_max
    [en] = _said(events, "en")
    [zh] = _said(events, "zh")
    assert "rolls thunder against the fire side of his base" in en and "— no match; 1 (the attack) = 1 damage" in en
    assert en.endswith(f"his life {life} → {life - 1}")
    assert "擲出 雷，底座朝向沃特的一側（他的西北側）為 火，不相符；傷害 1（攻擊）= 1" in zh
    assert zh.endswith(f"惡鬼王生命 {life} → {life - 1}")


def test_released_sword_energy_is_a_term_of_the_sum() -> None:
    s, events = _seed_where(_spec(energy=["T", "FT"]), ["attack", "release 2"], lambda a: a["bonus"] == 1)
    [en] = _said(events, "en")
    [zh] = _said(events, "zh")
    assert "releasing 2 sword energy" in en and "1 (the attack) + 1 (the die matches) + 2 (sword energy released) = 4" \
        " damage" in en
    assert "釋放 2 張劍氣" in zh and "傷害 1（攻擊）+ 1（骰子相符）+ 2（釋放劍氣）= 4" in zh


def test_the_demon_face_side_is_explained_as_matching_no_die() -> None:
    s = start(_spec(rotation=1))
    [en] = _said(play(s, "attack"), "en")
    s = start(_spec(rotation=1))
    [zh] = _said(play(s, "attack"), "zh")
    assert "against his demon-face side (the side facing water, to his north-west), which has no element and " \
        "matches no die; 1 (the attack) = 1 damage" in en
    assert "底座朝向沃特的一側（他的西北側）為鬼面，沒有屬性，任何骰面都不相符；傷害 1（攻擊）= 1" in zh


def test_the_mages_two_dice_are_both_named() -> None:
    s, events = _seed_where(_spec(main="mage"), ["attack"], lambda a: len(a["dice"]) == 2 and a["bonus"] == 1)
    a = of_kind(events, "attack")[0]
    words = {0: "water", 1: "fire", 2: "rock", 3: "thunder", 4: "wind", 5: "demon face"}
    [en] = _said(events, "en")
    assert f"rolls {words[a['dice'][0]]} and {words[a['dice'][1]]} against the rock side" in en
    [zh] = _said(events, "zh")
    assert re.search(r"擲出 .、.，", zh)


@pytest.mark.parametrize("options", [{}, {"move_match": "origin", "acquire_counts": False, "exhaustion": "action"},
                                     {"perks": False, "sword_release": False, "demon_face": False}])
def test_every_line_and_choice_of_random_games_is_in_one_language_and_one_script(options: dict[str, Any]) -> None:
    g = game(3, **options)
    for a in g.codec.actions:
        for lang in ("en", "zh"):
            assert _pure(g.describe_action(a, lang), lang), (lang, g.describe_action(a, lang))
    for seed in range(4):
        s = g.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            for lang in ("en", "zh"):
                for a in s.legal_actions():
                    text = g.describe_action(a, lang)
                    assert _pure(text, lang), (lang, text)
            s.apply(rng.choice(s.legal_actions()))
        for e in s.log(None):
            for lang in ("en", "zh"):
                text = g.describe_event(e, lang)
                assert _pure(text, lang), (lang, text)
