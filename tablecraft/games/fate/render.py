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
DECISION_WORDS: dict[str, tuple[str, str]] = {
    "play": ("play phase", "出牌阶段"), "build": ("choosing how to use a card", "选择出牌方式"),
    "discard": ("discard phase", "弃牌阶段"), "pick_hero": ("picking a hero", "挑选英雄"),
    "reply": ("answer or pass", "是否响应"), "demand": ("asked for a card", "被要求出牌"),
    "rescue_ask": ("rescue a dying hero?", "是否救援濒死角色"), "pair_pick": ("choosing two cards", "选择两张牌"),
    "reward_ask": ("the killer's reward", "凶手奖励"), "roshan_ask": ("reveal for Roshan?", "是否亮出Roshan附体"),
    "draw_ask": ("how to draw", "摸牌方式"), "cast_ask": ("cast phase: cast or pass", "施法阶段：是否施法"),
    "pay": ("paying a cost", "支付代价"), "skill_target": ("choosing a skill's target", "选择技能目标"),
    "discard_ask": ("choosing a card to discard", "选择弃置的牌"), "zone_ask": ("hand or equipment", "手牌或装备"),
    "name_ask": ("naming a colour or suit", "说出颜色或花色"), "transport_ask": ("taking a revealed card", "选取亮出的牌"),
    "chakra_ask": ("guessing a colour", "猜颜色"), "dir_ask": ("choosing a direction", "选择方向"),
    "give_ask": ("choosing a card to give", "选择交出的牌"), "viper_ask": ("discarding for Viper Raid", "因【蝮蛇突袭】弃牌"),
    "halo_ask": ("sharing out cards", "分配牌"), "staff_ask": ("Mystic Staff", "【神秘法杖】"),
    "rotate_ask": ("choosing the next hero", "选择上场英雄"), "draft_ask": ("drafting heroes", "挑选英雄"),
    "ask": ("use a skill or item?", "是否发动技能或装备"), "extra_cost": ("paying an extra card", "支付额外的牌"),
}
"""The pending decision (the view's ``decision``) in words."""
MARK_WORDS: dict[str, tuple[str, str]] = {
    "unlimited": ("any number of Attacks", "攻击不限次数"), "black_as_attack": ("black cards as Attacks", "黑色牌当攻击"),
    "skipping": ("skips this turn", "跳过本回合"), "save_at_one": ("saved at 1 HP if dying", "濒死时回到1点体力"),
    "basic_only": ("basic cards only", "只能使用基本牌"), "attack_plus": ("Attacks +1 damage", "攻击伤害+1"),
    "no_heal": ("cannot heal", "不能回复体力"), "double_cost": ("Attack/Evasion cost two", "攻击/闪避需两张"),
    "skip_draw": ("skips the draw", "跳过摸牌"), "skip": ("skips the next turn", "跳过下回合"),
}
"""This turn's effects on a hero (the view's ``marks``) in words."""
MODE_WORDS: dict[str, tuple[str, str]] = {
    "identity": ("identity game", "身份局"), "1v1": ("1v1 rotation", "一对一轮换"), "1v1v1": ("1v1v1", "三人杀上家"), "2v2": ("2v2 teams", "二对二"),
}


def _word(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    en, zh = table.get(key, (key, key))
    return zh if lang == "zh" else en


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
    t.append(f"{_l('title', lang)} · {_l('mode', lang)} {_word(MODE_WORDS, view['mode'], lang)}", style="bold")
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
        t.append(f"\n{_l('to_move', lang)}: {seat_label(view['to_move'], lang)} · "
                 f"{_word(DECISION_WORDS, view['decision'], lang)}")
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
        marks = [*p["marks"], *(["skip"] if p["skip_next"] else [])]
        effects = Text(("，" if lang == "zh" else ", ").join(_word(MARK_WORDS, m, lang) for m in marks)
                       + (" 🛡" if p["shielded"] else ""))
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
