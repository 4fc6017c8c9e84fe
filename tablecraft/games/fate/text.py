"""Chinese and English wording of fate's actions and events (names from ``cardtext.py``)."""

from __future__ import annotations

from typing import Any

from .actions import COLORS, DIRS, ZONES, FateAction, Kind
from .content import (
    CARD_BY_NAME,
    CARD_RANK,
    CARD_SUIT,
    CARD_TYPE,
    CARD_TYPES,
    HERO_BY_CODE,
    HEROES,
    PAIR_RULES,
    RANK_TEXT,
    SUIT_NAMES,
    SUIT_SIGNS,
)

try:
    from .cardtext import CARD_TEXT, HERO_TEXT
except ImportError:  # pragma: no cover - cardtext is written alongside
    CARD_TEXT, HERO_TEXT = {}, {}

ZONE_ZH = ("手牌", "武器", "防具")
IDENTITY_WORDS = {"en": ("Sentinel", "Scourge", "Neutral"), "zh": ("近卫", "天灾", "中立")}


def card_words(card: int, lang: str = "en") -> str:
    """``Normal Attack ♠A`` / ``普通攻击♠A``."""
    key = CARD_TYPES[CARD_TYPE[card]].key
    face = f"{SUIT_SIGNS[CARD_SUIT[card]]}{RANK_TEXT[CARD_RANK[card]]}"
    if lang == "zh":
        return f"{key}{face}"
    t = CARD_TEXT.get(key)
    return f"{t.name_en if t else key} {face}"


def type_words(ctype: int, lang: str = "en") -> str:
    """A card type's name: ``Normal Attack`` / ``普通攻击``."""
    key = CARD_TYPES[ctype].key
    if lang == "zh":
        return key
    t = CARD_TEXT.get(key)
    return t.name_en if t else key


def card_name_words(name: str, lang: str = "en") -> str:
    """Words for a card notation (``atk:AS``)."""
    return card_words(CARD_BY_NAME[name], lang) if name in CARD_BY_NAME else name


def hero_words(code: str | None, lang: str = "en") -> str:
    """A hero's name from its code."""
    if code is None:
        return "?"
    key = HEROES[HERO_BY_CODE[code]].key
    if lang == "zh":
        return key
    t = HERO_TEXT.get(key)
    return t.name_en if t else code


def seat_label(seat: int | None, lang: str) -> str:
    """``seat 2`` / ``2号位``."""
    if seat is None or seat < 0:
        return "—"
    return f"{seat}号位" if lang == "zh" else f"seat {seat}"


def describe_action(action: FateAction, lang: str = "en", state: Any = None) -> str:
    """Player-facing text for an action."""
    k, a, b = action.kind, action.a, action.b
    zh = lang == "zh"
    if k is Kind.USE:
        return f"使用/打出 {card_words(a, lang)}" if zh else f"use {card_words(a, lang)}"
    if k is Kind.AS:
        t = CARD_TYPES[b]
        return f"将{card_words(a, lang)}当【{t.key}】" if zh else f"use {card_words(a, lang)} as {type_words(b, lang)}"
    if k is Kind.PICK:
        return f"选择 {card_words(a, lang)}" if zh else f"choose {card_words(a, lang)}"
    if k is Kind.HERO:
        return f"选择英雄 {HEROES[a].key}" if zh else f"hero {hero_words(HEROES[a].code, lang)}"
    if k is Kind.TARGET:
        return f"目标 {seat_label(a, lang)}" if zh else f"target {seat_label(a, lang)}"
    if k is Kind.SKILL and state is not None and state.hero[state.current_player()] >= 0:
        sk = state.skills_of(state.current_player())[a]
        return f"发动【{sk.key}】" if zh else f"skill {sk.code}"
    if zh:
        words = {Kind.PASS: "放弃/结束", Kind.YES: "是", Kind.NO: "否", Kind.DRAW: "摸两张牌", Kind.DONE: "完成",
                 Kind.PAIR: f"两张牌当【{CARD_TYPES[PAIR_RULES[a].as_type].key}】" if k is Kind.PAIR else "",
                 Kind.SKILL: f"发动技能{a + 1}", Kind.ITEM: f"发动{ZONE_ZH[a] if 0 <= a < 3 else ''}效果",
                 Kind.ZONE: f"选择{ZONE_ZH[a] if 0 <= a < 3 else ''}", Kind.COLOR: "红色" if a == 0 else "黑色",
                 Kind.SUIT: SUIT_SIGNS[a] if 0 <= a < 4 else "", Kind.DIR: "下家方向" if a == 0 else "上家方向",
                 Kind.LOOK: f"查看{seat_label(a, lang)}的身份"}
        return words.get(k, str(action))
    if k is Kind.LOOK:
        return f"look at {seat_label(a, lang)}'s identity"
    if k is Kind.ZONE:
        return f"take from {ZONES[a]}"
    if k is Kind.COLOR:
        return f"name {COLORS[a]}"
    if k is Kind.SUIT:
        return f"name {SUIT_NAMES[a]}"
    if k is Kind.DIR:
        return f"go {DIRS[a]}"
    return str(action)


def _cards(e: dict[str, Any], lang: str) -> str:
    return ", ".join(card_name_words(c, lang) for c in e.get("cards", []))


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One line of player-facing text for a (redacted) event."""
    k = e["kind"]
    zh = lang == "zh"
    who = seat_label(e.get("seat"), lang)
    if k == "turn":
        return f"—— 第{e['turn']}回合：{who} ——" if zh else f"—— turn {e['turn']}: {who} ——"
    if k == "drew":
        extra = f"：{_cards(e, lang)}" if "cards" in e else ""
        return f"{who}摸了{e['count']}张牌{extra}" if zh else f"{who} draws {e['count']}" + (
            f": {_cards(e, lang)}" if "cards" in e else "")
    if k in ("used", "played"):
        tg = e.get("targets") or []
        tail = (" → " + ", ".join(seat_label(t, lang) for t in tg)) if tg else ""
        strong = (" (强化)" if zh else " (strengthened)") if e.get("strong") else ""
        verb = ("使用" if k == "used" else "打出") if zh else ("uses" if k == "used" else "plays")
        return f"{who} {verb} {_cards(e, lang)}{strong}{tail}"
    if k == "damage":
        return (f"{who}受到{e['amount']}点伤害（来源{seat_label(e['source'], lang)}），体力{e['hp']}" if zh else
                f"{who} takes {e['amount']} damage from {seat_label(e['source'], lang)} (HP {e['hp']})")
    if k == "healed":
        return f"{who}回复{e['amount']}点体力（{e['hp']}）" if zh else f"{who} heals {e['amount']} (HP {e['hp']})"
    if k == "died":
        ident = e.get("identity")
        tail = "" if ident is None else f" ({IDENTITY_WORDS[lang if zh else 'en'][ident]})"
        return f"{who}阵亡{tail}" if zh else f"{who} dies{tail}"
    if k == "skill":
        return f"{who}发动技能 {e['skill']}" if zh else f"{who} uses skill {e['skill']}"
    if k == "game_over":
        ws = ", ".join(seat_label(w, lang) for w in e["winners"]) or ("无" if zh else "nobody")
        return f"游戏结束，胜者：{ws}" if zh else f"game over; winners: {ws}"
    if k == "judged":
        return f"{who}判定：{card_name_words(e['card'], lang)}" if zh else \
            f"{who} judges {card_name_words(e['card'], lang)} ({e['why']})"
    if k == "discarded":
        return f"{who}弃置 {_cards(e, lang)}" if zh else f"{who} discards {_cards(e, lang)}"
    if k == "rage":
        return f"{who}怒气变为{e['rage']}" if zh else f"{who} rage {e['rage']}"
    if k == "equipped":
        return f"{who}装备 {card_name_words(e['card'], lang)}" if zh else \
            f"{who} equips {card_name_words(e['card'], lang)}"
    fields = ", ".join(f"{key}={val}" for key, val in e.items() if key != "kind")
    return f"{k}: {fields}"
