"""The names and texts the fate table draws with (``tablecraft/server/web/tables/fate-text.js``), built from the
engine's data (``tablecraft/games/fate/cardtext.py`` and ``content.py``).

The browser table knows no rule, but it must name every card, hero, skill and fate in Chinese and English; those
names live in the engine, so this module writes them into a static ES module (the front end has no build step and
the server never imports a game's internals). ``tests/web/test_fate_table.py`` checks the file is current; after the
engine's texts change, rewrite it with::

    .venv/bin/python tests/web/fate_text.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
TARGET = ROOT / "tablecraft" / "server" / "web" / "tables" / "fate-text.js"
BEGIN, END = "/*BEGIN*/", "/*END*/"

HEADER = """\
// 宿命 Fate: the names and texts of the cards, heroes, skills, fate cards and identities, in Chinese and English,
// for the fate table (tables/fate.js). GENERATED from tablecraft/games/fate/cardtext.py and content.py by
// `.venv/bin/python tests/web/fate_text.py` -- do not edit by hand; tests/web/test_fate_table.py checks it is current.
//
//   cards[type code]   = [name_zh, name_en, kind (0 basic, 1 magic, 2 S card, 3 weapon, 4 armour), text_zh, text_en,
//                         strengthened_zh, strengthened_en]; cardsets[text set][type code] where that set differs
//   heroes[hero code]  = [name_zh, name_en, attribute (0 strength, 1 agility, 2 intelligence), HP, hand limit,
//                         [skill codes in the order printed on the card]]
//   limitsets[text set][hero code] = [HP, hand limit] where that text set prints other limits
//   variants[text set][hero code] = [skill codes] where that text set prints other skills
//   skills[skill code] = [name_zh, name_en, text_zh, text_en]; textsets[text set][skill code] overrides the texts
//   items[ability code] = the card type code of the weapon or armour whose ability it is
//   pairs[rule code]   = [card type code made, skill or ability code that grants the rule]
//   fates[fate code]   = [name_zh, name_en, text_zh, text_en];  identities[code] = [name_zh, name_en, text_zh, text_en]
"""


def build() -> dict[str, Any]:
    """The data, JSON-safe."""
    from tablecraft.games.fate import skills as skill_registry
    from tablecraft.games.fate.cardtext import CARD_TEXT, FATE_TEXT, IDENTITY_TEXT, card_text, hero_text
    from tablecraft.games.fate.content import (
        CARD_TYPES,
        FATES,
        HEROES,
        PAIR_RULES,
        TEXT_SETS,
        hero_limits,
        hero_skills,
    )
    from tablecraft.games.fate.spec import IDENTITY_CODES, IDENTITY_ZH

    cards = {}
    cardsets: dict[str, dict[str, list[Any]]] = {}
    for d in CARD_TYPES:
        t = CARD_TEXT[d.key]
        cards[d.code] = [t.name_zh, t.name_en, int(d.kind), t.text_zh, t.text_en, t.strengthened_zh,
                         t.strengthened_en]
        for ts in TEXT_SETS:
            other = card_text(d.key, ts)
            if other != t:
                cardsets.setdefault(ts, {})[d.code] = [other.name_zh, other.name_en, int(d.kind), other.text_zh,
                                                      other.text_en, other.strengthened_zh, other.strengthened_en]
    limitsets: dict[str, dict[str, list[int]]] = {}
    heroes: dict[str, Any] = {}
    variants: dict[str, dict[str, list[str]]] = {}
    skills: dict[str, list[str]] = {}
    textsets: dict[str, dict[str, list[str]]] = {}
    for i, h in enumerate(HEROES):
        ht = hero_text(h.key, "default")
        heroes[h.code] = [ht.name_zh, ht.name_en, int(h.type), h.hp, h.hand, [sk.code for sk in h.skills]]
        for ts in TEXT_SETS:
            if hero_limits(i, ts) != (h.hp, h.hand):
                limitsets.setdefault(ts, {})[h.code] = list(hero_limits(i, ts))
            defs = hero_skills(i, ts)
            texts = {s.name_zh: s for s in hero_text(h.key, ts).skills}
            if ts != "default" and [sk.code for sk in defs] != [sk.code for sk in h.skills]:
                variants.setdefault(ts, {})[h.code] = [sk.code for sk in defs]
            for sk in defs:
                st = texts[sk.key]
                entry = [st.name_zh, st.name_en, st.text_zh, st.text_en]
                if sk.code not in skills:
                    skills[sk.code] = entry
                elif skills[sk.code] != entry:
                    textsets.setdefault(ts, {})[sk.code] = entry
    items = {d.ability: d.code for d in CARD_TYPES if d.ability}
    owners = {rule: code for code, sk in skill_registry.SKILLS.items() for rule in getattr(sk, "view_as", ())}
    pairs = {r.code: [CARD_TYPES[r.as_type].code, owners.get(r.code, r.code)] for r in PAIR_RULES}
    fates = {}
    for f in FATES:
        ft = FATE_TEXT[f.key]
        fates[f.code] = [ft.name_zh, ft.name_en, ft.text_zh, ft.text_en]
    identities = {}
    for code, zh in zip(IDENTITY_CODES, IDENTITY_ZH, strict=True):
        it = IDENTITY_TEXT[zh]
        identities[code] = [it.name_zh, it.name_en, it.text_zh, it.text_en]
    return {"cards": cards, "cardsets": cardsets, "heroes": heroes, "limitsets": limitsets, "variants": variants,
            "skills": skills, "textsets": textsets, "items": items, "pairs": pairs, "fates": fates,
            "identities": identities}


def render(data: dict[str, Any]) -> str:
    """The ES module's source."""
    body = json.dumps(data, ensure_ascii=False, indent=None, separators=(",", ":"))
    # one entry a line, so that a diff of the file shows what changed
    for key in data:
        body = body.replace(f'"{key}":{{', f'\n"{key}":{{\n', 1)
    body = body.replace('],"', '],\n"')
    return f"{HEADER}\nexport const TEXT = {BEGIN}{body}\n{END};\n"


def read(path: Path = TARGET) -> dict[str, Any]:
    """The data the file holds now."""
    source = path.read_text(encoding="utf-8")
    start, end = source.index(BEGIN) + len(BEGIN), source.index(END)
    out: dict[str, Any] = json.loads(source[start:end])
    return out


def main() -> int:
    sys.path.insert(0, str(ROOT))
    TARGET.write_text(render(build()), encoding="utf-8")
    print(f"wrote {TARGET.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
