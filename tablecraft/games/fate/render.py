"""Draw the fate table for a terminal (Rich) from a view, in Chinese or English.

The renderer reads only the view (``state.view(seat)``, layout in ``view.py``): other heroes' hands are counts,
unknown identities are ``?``. One row per hero in turn order — hero, identity, HP, rage, hand, equipment, status
zone and this turn's effects — under a header with the mode, the fate card, the turn and the decision pending.

>>> import io, tablecraft
>>> from rich.console import Console
>>> state = tablecraft.load("fate", num_seats=5).new_initial_state(seed=1)
>>> console = Console(file=io.StringIO(), width=140)
>>> console.print(render_view(state.view(0), "en"))
>>> "Fate" in console.file.getvalue()
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from .cardtext import FATE_TEXT, IDENTITY_TEXT, hero_text
from .content import CARD_BY_NAME, FATES, HERO_BY_CODE, HEROES, IS_RED, card_label
from .text import card_name_words, hero_words, seat_label

_L: dict[str, tuple[str, str]] = {
    "title": ("Fate", "宿命"), "mode": ("mode", "模式"), "fate": ("fate card", "宿命牌"), "turn": ("turn", "回合"),
    "deck": ("deck", "牌堆"), "discard": ("discard", "弃牌堆"), "seat": ("seat", "座位"), "hero": ("hero", "英雄"),
    "identity": ("identity", "身份"), "hp": ("HP", "体力"), "rage": ("rage", "怒气"), "hand": ("hand", "手牌"),
    "equipment": ("equipment", "装备"), "status": ("status", "状态区"), "effects": ("this turn", "本回合"),
    "to_move": ("to decide", "待决策"), "you": ("you", "你"), "dead": ("dead", "阵亡"), "over": ("game over", "游戏结束"),
    "winners": ("winners", "胜者"), "none": ("nobody", "无"), "your_hand": ("your hand", "你的手牌"),
    "candidates": ("your hero candidates", "你的候选英雄"), "table": ("on the table", "结算中"),
    "bench": ("resting", "休息"), "left": ("left", "左手边"), "right": ("right", "右手边"),
    "hidden": ("hidden", "未亮出"),
}
IDENTITY_COLOURS = {"sentinel": "green", "scourge": "red", "neutral": "yellow"}


def _l(key: str, lang: str) -> str:
    en, zh = _L[key]
    return zh if lang == "zh" else en


def card_text(name: str, lang: str) -> Text:
    """A card in its suit's colour."""
    style = "red" if IS_RED[CARD_BY_NAME[name]] else "bright_white"
    label = card_label(CARD_BY_NAME[name]) if lang == "zh" else card_name_words(name, lang)
    return Text(label, style=style)


def cards_text(names: list[str], lang: str) -> Text:
    """Several cards, comma-separated (``—`` for none)."""
    if not names:
        return Text("—", style="dim")
    out = Text()
    for i, n in enumerate(names):
        if i:
            out.append(", ")
        out.append_text(card_text(n, lang))
    return out


def identity_words(code: str | None, lang: str) -> Text:
    """An identity, coloured; ``?`` when unknown."""
    if code is None:
        return Text("?", style="dim")
    key = {"sentinel": "近卫", "scourge": "天灾", "neutral": "中立"}[code]
    t = IDENTITY_TEXT[key]
    return Text(t.name_zh if lang == "zh" else t.name_en, style=IDENTITY_COLOURS[code])


def _header(view: dict[str, Any], lang: str) -> Text:
    t = Text()
    t.append(f"{_l('title', lang)} · {_l('mode', lang)} {view['mode']}", style="bold")
    if view["fate"]:
        key = FATES[[f.code for f in FATES].index(view["fate"])].key
        ft = FATE_TEXT[key]
        t.append(f" · {_l('fate', lang)}: ")
        t.append(ft.name_zh if lang == "zh" else ft.name_en, style="yellow")
    t.append(f" · {_l('turn', lang)} {view['turn']} ({seat_label(view['turn_seat'], lang)})")
    t.append(f" · {_l('deck', lang)} {view['deck']} · {_l('discard', lang)} {len(view['discard'])}")
    if view["over"]:
        ws = ", ".join(seat_label(w, lang) for w in view["winners"]) or _l("none", lang)
        t.append(f"\n{_l('over', lang)} — {_l('winners', lang)}: {ws}", style="bold magenta")
    elif view["to_move"] is not None:
        t.append(f"\n{_l('to_move', lang)}: {seat_label(view['to_move'], lang)} · {view['decision']}")
    return t


def _bench(view: dict[str, Any], seat: int, lang: str) -> Text:
    """1v1: a player's resting heroes, left and right, each with the HP and rage it kept (二人规则6–7; hidden
    until the player names a starter)."""
    d = view["draft"]
    zh = lang == "zh"
    sep = "、" if zh else ", "

    def side(heroes: list[str] | None) -> str:
        if heroes is None:
            return _l("hidden", lang)
        if not heroes:
            return "—"
        return sep.join(f"{hero_words(h, lang)}（体力{d['bench_hp'][h]}，怒气{d['bench_rage'][h]}）" if zh else
                        f"{hero_words(h, lang)} (HP {d['bench_hp'][h]}, rage {d['bench_rage'][h]})" for h in heroes)

    left = d["left"][seat]
    right = d["right"][seat] if left is not None else None
    colon, semi = ("：", "；") if zh else (": ", "; ")
    return Text(f"{seat_label(seat, lang)} {_l('bench', lang)} — {_l('left', lang)}{colon}{side(left)}{semi}"
                f"{_l('right', lang)}{colon}{side(right)}")


def render_view(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The table as ``view`` shows it."""
    me = view["seat"]
    table = Table(show_lines=False, expand=False)
    for key in ("seat", "hero", "identity", "hp", "rage", "hand", "equipment", "status", "effects"):
        table.add_column(_l(key, lang))
    for p in view["players"]:
        seat = Text(seat_label(p["seat"], lang) + (f" ({_l('you', lang)})" if p["seat"] == me else ""))
        if p["seat"] == view["to_move"]:
            seat.stylize("bold underline")
        hero = Text(hero_words(p["hero"], lang) if p["hero"] else "?")
        if not p["alive"]:
            hero.append(f" [{_l('dead', lang)}]", style="dim")
        hp = Text("♥" * max(0, p["hp"]) + "♡" * max(0, p["max_hp"] - max(0, p["hp"])), style="red")
        hp.append(f" {p['hp']}/{p['max_hp']}")
        rage = Text("●" * p["rage"] + "○" * (3 - p["rage"]), style="yellow")
        hand = Text(f"{p['hand_size']}/{p['hand_limit']}")
        equip = Text()
        for slot in ("weapon", "armour"):
            if p[slot]:
                if equip:
                    equip.append(", ")
                equip.append_text(card_text(p[slot], lang))
        if p["talisman_sideways"]:
            equip.append(" ⟲")
        status = cards_text(p["status"], lang)
        extra = [f"bombs {p['bombs']}" if lang != "zh" else f"炸弹{p['bombs']}"] if p["bombs"] else []
        if p["pile"]:
            extra.append(f"faith {p['pile']}" if lang != "zh" else f"信仰{p['pile']}")
        if p["held"]:
            extra.append(f"set aside {p['held']}" if lang != "zh" else f"移出{p['held']}")
        if extra:
            status.append(" " + " ".join(extra), style="cyan")
        effects = Text(" ".join(p["marks"]) + (" skip" if p["skip_next"] else "") + (" 🛡" if p["shielded"] else ""))
        table.add_row(seat, hero, identity_words(p["identity"], lang), hp, rage, hand, equip or Text("—"),
                      status, effects)
    parts: list[RenderableType] = [_header(view, lang), table]
    if view.get("draft") and any(p["hero"] for p in view["players"]):
        parts += [_bench(view, p, lang) for p in range(len(view["players"]))]
    if view["table"]:
        parts.append(Text(f"{_l('table', lang)}: ").append_text(cards_text(view["table"], lang)))
    if me is not None:
        mine = view["players"][me]
        if view["candidates"]:
            names = ", ".join(hero_words(h, lang) for h in view["candidates"])
            parts.append(Text(f"{_l('candidates', lang)}: {names}"))
        if mine["hand"] is not None:
            parts.append(Text(f"{_l('your_hand', lang)}: ").append_text(cards_text(mine["hand"], lang)))
        if mine["hero"]:
            h = HEROES[HERO_BY_CODE[mine["hero"]]]
            skills = hero_text(h.key, view.get("texts", "default")).skills
            for sk in skills:
                parts.append(Text(f"  【{sk.name_zh}】 {sk.text_zh}" if lang == "zh" else
                                  f"  [{sk.name_en}] {sk.text_en}", style="dim"))
    return Group(*parts)
