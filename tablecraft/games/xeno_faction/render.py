"""Draw the xeno-faction table for a terminal (Rich) from a view, in Chinese or English.

The renderer reads only the view dict (``state.view(seat)``, layout in ``view.py``), so it can never show more
than the seat may know: the opponent's hand is a count of face-down cards. The opponent sits at the top, the
viewer (or alpha, for a spectator) at the bottom, the three shared extra zones between them.

>>> import io, tablecraft
>>> from rich.console import Console
>>> state = tablecraft.load("xeno-faction").new_initial_state(seed=1)
>>> console = Console(file=io.StringIO(), width=120)
>>> console.print(render_view(state.view(0), "en"))
>>> text = console.file.getvalue()
>>> "Extra zones" in text and "🂠" in text and "life" in text
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablecraft.core.cards import Suit, card_symbol, parse_card, suit_of

from .spec import SEAT_NAMES, SEAT_NAMES_ZH
from .text import BIG, LITTLE

FACE_DOWN = "🂠"
"""How a card the viewer cannot see is drawn."""

_LABELS: dict[str, tuple[str, str]] = {
    "title": ("Xeno Faction", "异种族阵营"),
    "turn": ("turn {turn}/{max}", "第 {turn}/{max} 回合"),
    "turn_of": ("{seat}'s turn", "{seat} 的回合"),
    "to_move": ("{seat} to decide", "轮到 {seat} 决策"),
    "phase": ("phase: {phase}", "阶段：{phase}"),
    "you": (" (you)", "（你）"),
    "life": ("life", "生命"),
    "hand": ("hand", "手牌"),
    "deck": ("deck", "卡组"),
    "graveyard": ("graveyard", "墓地"),
    "banished": ("banished", "除外区"),
    "points": ("{n} pts", "{n} 点"),
    "row": ("row", "排"),
    "faces": ("face cards", "花牌"),
    "cards": ("normal cards", "普通牌"),
    "total": ("total", "总和"),
    "extra": ("Extra zones", "额外区"),
    "empty": ("empty", "空"),
    "over": ("Game over", "游戏结束"),
    "winner": ("{name} wins", "{name} 获胜"),
    "draw": ("a draw", "平局"),
    "banished_total": ("banished in all: {n} (Deep-Sea Age at 55)", "除外区合计：{n}（超过54张即深海时代）"),
    "first": ("first player: {seat}", "先手：{seat}"),
}

_PHASES: dict[str, tuple[str, str]] = {
    "discard": ("hand check: discard to 5", "准备阶段：弃牌至五张"),
    "place": ("placement", "放置牌阶段"),
    "replace": ("push out a face card", "选择挤掉的花牌"),
    "dispel_pick": ("dispeller: which face card", "解万法者：撤掉哪张花牌"),
    "knight_window": ("answer the Big Joker with the Little Joker?", "是否发动小王应对大王"),
    "summon": ("special placement", "特殊放置"),
    "give": ("choose cards to banish", "选择除外的牌"),
    "attack": ("attack", "攻击阶段"),
    "lose": ("choose the card removed", "选择被消灭的牌"),
    "clash_attacker": ("Big Joker clash: attacker", "大王对决：进攻方"),
    "clash_defender": ("Big Joker clash: defender", "大王对决：防守方"),
    "over": ("game over", "游戏结束"),
}

_REASONS: dict[str, tuple[str, str]] = {
    "life_zero": ("life at zero", "生命值归零"),
    "deep_sea": ("Deep-Sea Age", "深海时代"),
    "both_zero": ("both at zero", "双方同时归零"),
    "turn_cap": ("turn cap", "回合上限"),
}

_SUIT_STYLE = ("red", "bold", "green")
_SUIT_SYMBOL = ("♦", "♠", "♣")
_EFFECT_NAMES = {"split": ("J split", "分裂新生"), "abyss_call": ("Q abyss", "深渊的呼唤"),
                 "charge": ("K charge", "域外充能")}
_SEAT_STYLE = ("cyan", "magenta")


def _l(key: str, lang: str, **fields: Any) -> str:
    en, zh = _LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def seat_name(seat: int, lang: str = "en") -> str:
    """A seat's display name in ``lang`` (the CLI uses it for results and seat choices): ``alpha`` / ``甲``."""
    return SEAT_NAMES_ZH[seat] if lang == "zh" else SEAT_NAMES[seat]


def card_text(card: str | None, lang: str = "zh") -> Text:
    """One card in suit-symbol notation, red for ♥ ♦ and the Big Joker (大王, 小王 in Chinese); ``None`` is face
    down."""
    if card is None:
        return Text(FACE_DOWN, style="bold cyan")
    if card == "JKR":
        return Text(BIG["zh" if lang == "zh" else "en"], style="bold red reverse")
    if card == "JKB":
        return Text(LITTLE["zh" if lang == "zh" else "en"], style="bold reverse")
    c = parse_card(card)
    red = suit_of(c) in (Suit.HEARTS, Suit.DIAMONDS)
    return Text(card_symbol(c), style="bold red" if red else "bold")


def cards_text(cards: list[str], empty: str = "—", lang: str = "zh") -> Text:
    """Cards separated by spaces; ``empty`` when there are none."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c, lang) for c in cards)


def _header(view: dict[str, Any], lang: str) -> Text:
    parts: list[Text] = [Text(_l("title", lang), style="bold")]
    parts.append(Text(_l("turn", lang, turn=view["turn"], max=view["max_turns"])))
    if view["over"]:
        winners = view["winners"]
        result = _l("winner", lang, name=seat_name(winners[0], lang)) if winners else _l("draw", lang)
        reason = _REASONS.get(view["end_reason"], (view["end_reason"], view["end_reason"]))
        parts.append(Text(f"{_l('over', lang)}: {result} ({reason[1] if lang == 'zh' else reason[0]})",
                          style="bold yellow"))
    else:
        parts.append(Text(_l("turn_of", lang, seat=seat_name(view["turn_seat"], lang))))
        if view["to_move"] != view["turn_seat"]:
            parts.append(Text(_l("to_move", lang, seat=seat_name(view["to_move"], lang)), style="bold"))
        phase = _PHASES.get(view["phase"], (view["phase"], view["phase"]))
        parts.append(Text(_l("phase", lang, phase=phase[1] if lang == "zh" else phase[0])))
        pending = view.get("pending")
        if pending and pending.get("kind") == "summon":
            moved = card_text(pending["moved"], lang)
            parts.append(moved.append(f" → {pending['target'] - pending['need']}/{pending['target']}", style=""))
    return Text(" · ").join(parts)


def _player(view: dict[str, Any], seat: int, lang: str) -> Panel:
    p = view["players"][seat]
    title = Text(seat_name(seat, lang), style=f"bold {_SEAT_STYLE[seat]}")
    if view["seat"] == seat:
        title.append(_l("you", lang))
    if not view["over"] and view["to_move"] == seat:
        title = Text("▶ ").append_text(title)
    info = Table.grid(padding=(0, 2))
    info.add_column(style="bold")
    info.add_column()
    info.add_row(_l("life", lang), Text(str(p["life"]), style="bold green" if p["life"] > 10 else "bold red"))
    hidden = p["hand_size"] - len(p["hand"])
    hand = cards_text(p["hand"], empty="" if hidden else "—", lang=lang)
    if hidden:
        hand.append(f"{FACE_DOWN}×{hidden}", style="cyan")
    info.add_row(_l("hand", lang), hand)
    info.add_row(_l("deck", lang), str(p["deck_size"]))
    grave = p["graveyard"]
    info.add_row(_l("graveyard", lang), Text(f"{len(grave)}: ").append_text(cards_text(grave[-8:], lang=lang)))
    ban = p["banished"]
    info.add_row(_l("banished", lang), Text(f"{len(ban)} ({_l('points', lang, n=p['banished_points'])}): ")
                 .append_text(cards_text(ban[-8:], lang=lang)))
    rows = Table(expand=False)
    for key in ("row", "faces", "cards", "total"):
        rows.add_column(_l(key, lang), justify="right" if key == "total" else "left")
    for r in p["rows"]:
        i = r["row"] - 1
        label = Text(f"{r['row']} {_SUIT_SYMBOL[i]}", style=_SUIT_STYLE[i])
        faces = cards_text([f["card"] for f in r["faces"]], lang=lang)
        effects = [(_EFFECT_NAMES[k][1] if lang == "zh" else _EFFECT_NAMES[k][0]) for k, on in r["effects"].items()
                   if on]
        if effects:
            faces.append(f" ({', '.join(effects)})", style="dim")
        normal = cards_text(r["cards"], lang=lang)
        if r["joker"]:
            normal = card_text("JKR", lang).append(" ").append_text(normal)
        rows.add_row(label, faces, normal, str(r["total"]))
    return Panel(Group(info, rows), title=title, title_align="left", expand=False)


def _extra(view: dict[str, Any], lang: str) -> Text:
    line = Text(_l("extra", lang) + ("：" if lang == "zh" else ": "), style="bold")
    for i, z in enumerate(view["extra_zones"]):
        line.append(f" {_SUIT_SYMBOL[i]} ", style=_SUIT_STYLE[i])
        if z["card"] is None:
            line.append(_l("empty", lang), style="dim")
        else:
            line.append_text(card_text(z["card"], lang)).append(f" ({seat_name(z['owner'], lang)})", style="dim")
    line.append("   " + _l("banished_total", lang, n=view["banished_total"]), style="dim")
    return line


def render_view(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The whole table as one Rich renderable: header, the opponent, the extra zones, the viewer."""
    me = view["seat"] if view["seat"] is not None else 0
    parts: list[RenderableType] = [
        _header(view, lang),
        Text(_l("first", lang, seat=seat_name(view["first"], lang)), style="dim"),
        _player(view, 1 - me, lang),
        _extra(view, lang),
        _player(view, me, lang),
    ]
    return Panel(Group(*parts), expand=False)
