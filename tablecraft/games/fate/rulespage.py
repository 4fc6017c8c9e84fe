"""The generated parts of fate's players' rules page (``rulebook/{zh,en}.md``): every card, hero, fate and identity,
written out from the game's own data (``content``: kinds, deck list, weapon ranges, HP and hand limits; ``cardtext``:
names and texts), so the page cannot drift from what the engine plays.

>>> "Eye of Skadi" in generated("cards", "en") and "冰魄之眼" in generated("cards", "zh")
True
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .cardtext import CARD_TEXT, FATE_TEXT, HERO_TEXT, IDENTITY_TEXT, CardText, SkillText
from .content import (
    _DECK_TEXT,
    CARD_TYPES,
    FATES,
    HERO_BY_CODE,
    HEROES,
    RANK_TEXT,
    SUIT_CODES,
    SUIT_SIGNS,
    TYPE_BY_CODE,
    CardKind,
    HeroType,
)

_KIND_TITLE = {
    CardKind.BASIC: ("基本牌", "Basic cards"),
    CardKind.MAGIC: ("魔法牌（可被【驱散】）", "Magic cards (can be dispelled)"),
    CardKind.SUPER: ("S技牌（消耗怒气，不能被驱散）", "S cards (cost rage, cannot be dispelled)"),
    CardKind.WEAPON: ("武器", "Weapons"),
    CardKind.ARMOUR: ("防具", "Armour"),
}
_TYPE_TITLE = {
    HeroType.STRENGTH: ("力量型英雄", "Strength heroes"),
    HeroType.AGILITY: ("敏捷型英雄", "Agility heroes"),
    HeroType.INTELLIGENCE: ("智力型英雄", "Intelligence heroes"),
}


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[0] if lang == "zh" else pair[1]


def deck_copies(key: str) -> list[str]:
    """The copies of card type ``key`` in the 112-card deck, as suit sign and rank: ``['♠A', '♣A', …]``."""
    words = next(text for k, text in _DECK_TEXT if k == key).split()
    return [SUIT_SIGNS[SUIT_CODES.index(w[0])] + RANK_TEXT[RANK_TEXT.index(w[1:])] for w in words]


def card_name(text: CardText, lang: str) -> str:
    """A card's name as the table shows it: 【闪避】 / Evasion."""
    return f"【{text.name_zh}】" if lang == "zh" else text.name_en


def _cards(lang: str) -> str:
    out: list[str] = []
    for kind, title in _KIND_TITLE.items():
        out += [f"### {_pick(title, lang)}", ""]
        for d in CARD_TYPES:
            if d.kind != kind:
                continue
            text = CARD_TEXT[d.key]
            copies = deck_copies(d.key)
            count = f"×{len(copies)}: {' '.join(copies)}"
            out.append(f"- **{card_name(text, lang)}** ({count}) — {text.text_zh if lang == 'zh' else text.text_en}")
            strong = text.strengthened_zh if lang == "zh" else text.strengthened_en
            if strong:
                label = "强化（消耗1点怒气）" if lang == "zh" else "Strengthened (pay 1 rage)"
                out.append(f"  - *{label}*: {strong}")
        out.append("")
    return "\n".join(out)


def _skill(s: SkillText, lang: str) -> str:
    return f"  - **{s.name_zh if lang == 'zh' else s.name_en}** — {s.text_zh if lang == 'zh' else s.text_en}"


def _heroes(lang: str) -> str:
    out: list[str] = []
    for kind, title in _TYPE_TITLE.items():
        out += [f"### {_pick(title, lang)}", ""]
        for h in HEROES:
            if h.type != kind:
                continue
            text = HERO_TEXT[h.key]
            limits = f"体力 {h.hp}，手牌上限 {h.hand}" if lang == "zh" else f"HP {h.hp}, hand limit {h.hand}"
            out.append(f"- **{text.name_zh if lang == 'zh' else text.name_en}** ({limits})")
            out += [_skill(s, lang) for s in text.skills]
        out.append("")
    return "\n".join(out)


def _fates(lang: str) -> str:
    lines = []
    for f in FATES:
        t = FATE_TEXT[f.key]
        lines.append(f"- **{t.name_zh if lang == 'zh' else t.name_en}** — {t.text_zh if lang == 'zh' else t.text_en}")
    return "\n".join(lines) + "\n"


def _identities(lang: str) -> str:
    lines = []
    for t in IDENTITY_TEXT.values():
        lines.append(f"- **{t.name_zh if lang == 'zh' else t.name_en}** — {t.text_zh if lang == 'zh' else t.text_en}")
    return "\n".join(lines) + "\n"


def _codes_in(value: Any, out: dict[str, None]) -> None:
    # card notation is ``code:RankSuit`` (``atk:AS``); a use names its card type as ``card``
    if isinstance(value, str):
        code = value.split(":", 1)[0]
        if code in TYPE_BY_CODE and (":" in value or value == code):
            out[code] = None
    elif isinstance(value, dict):
        for v in value.values():
            _codes_in(v, out)
    elif isinstance(value, list):
        for v in value:
            _codes_in(v, out)


def cards_in_view(view: dict[str, Any], lang: str) -> str:
    """The texts of every card type and hero a view shows (hands, equipment, status zones, the pending use, the
    heroes at the table), for ``?`` at the terminal."""
    codes: dict[str, None] = {}
    players = view.get("players") or []
    for p in players:
        for key in ("hand", "weapon", "armour", "status", "pile_cards", "held_cards"):
            _codes_in(p.get(key), codes)
    _codes_in(view.get("pending"), codes)
    out = [f"## {'你看得到的牌' if lang == 'zh' else 'Cards in view'}", ""]
    for code in codes:
        d = CARD_TYPES[TYPE_BY_CODE[code]]
        text = CARD_TEXT[d.key]
        out.append(f"- **{card_name(text, lang)}** — {text.text_zh if lang == 'zh' else text.text_en}")
        strong = text.strengthened_zh if lang == "zh" else text.strengthened_en
        if strong:
            out.append(f"  - *{'强化（消耗1点怒气）' if lang == 'zh' else 'Strengthened (pay 1 rage)'}*: {strong}")
    heroes = [p.get("hero") for p in players if p.get("hero") in HERO_BY_CODE]
    if heroes:
        out += ["", f"## {'场上的英雄' if lang == 'zh' else 'Heroes at the table'}", ""]
        for code in dict.fromkeys(heroes):
            h = HEROES[HERO_BY_CODE[code]]
            text_h = HERO_TEXT[h.key]
            out.append(f"- **{text_h.name_zh if lang == 'zh' else text_h.name_en}**")
            out += [_skill(sk, lang) for sk in text_h.skills]
    return "\n".join(out) + "\n"


SECTIONS: dict[str, Callable[[str], str]] = {
    "cards": _cards, "heroes": _heroes, "fates": _fates, "identities": _identities,
}
"""The names a page may generate (``<!-- generated: NAME -->``)."""


def generated(name: str, lang: str) -> str:
    """The Markdown of generated section ``name`` (``cards``, ``heroes``, ``fates``, ``identities``) in ``lang``."""
    return SECTIONS[name](lang)
