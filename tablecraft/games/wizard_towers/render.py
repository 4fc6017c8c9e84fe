"""Draw the wizard-towers table for a terminal (Rich) from a view, in Chinese or English.

The renderer reads only the view dict (``state.view(seat)``, layout in ``view.py``), so it can never show more
than the seat may know: a face-down card (``null`` in the view) is drawn as 🂠, a hidden hand as a count.

>>> import io, tablecraft
>>> from rich.console import Console
>>> state = tablecraft.load("wizard-towers").new_initial_state(seed=1)
>>> console = Console(file=io.StringIO(), width=100)
>>> console.print(render_view(state.view(0), "en"))
>>> text = console.file.getvalue()
>>> "Towers" in text and "🂠" in text and "HP" in text
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from tablecraft.core.cards import Suit, card_symbol, is_joker, parse_card, suit_of

from .spec import BAG_NAMES, BAG_NAMES_ZH, SEAT_NAMES, SEAT_NAMES_ZH, TOWER_NAMES, TOWER_NAMES_ZH

FACE_DOWN = "🂠"
"""How a card the viewer cannot see is drawn."""

_LABELS: dict[str, tuple[str, str]] = {
    # key: (en, zh)
    "title": ("Wizard Towers", "巫师塔"),
    "turn": ("turn {turn}/{max}", "第 {turn}/{max} 回合"),
    "to_move": ("{seat} to decide", "轮到 {seat} 决策"),
    "turn_of": ("{seat}'s turn", "{seat} 的回合"),
    "phase": ("phase: {phase}", "阶段：{phase}"),
    "draws_left": ("draws left: {n}", "还可抓 {n} 张"),
    "adjust_left": ("adjust points left: {n}", "剩余调整点数：{n}"),
    "players": ("Players", "玩家"),
    "seat": ("seat", "座位"),
    "role": ("role", "身份"),
    "hp": ("HP", "血量"),
    "limit": ("hand limit", "手牌上限"),
    "hand": ("hand", "手牌"),
    "coins": ("coins", "螺旋硬币"),
    "you": (" (you)", "（你）"),
    "dead": ("dead", "阵亡"),
    "warrior": ("warrior", "勇士"),
    "wizard": ("wizard", "巫师"),
    "hidden": ("{n} hidden", "{n} 张未知"),
    "towers": ("Towers", "巫师塔"),
    "tower_limit": ("limit {n}", "上限 {n}"),
    "bags": ("Bags", "包裹"),
    "bag": ("bag", "包裹"),
    "cards": ("cards", "牌数"),
    "coin": ("coin", "硬币"),
    "capacity": ("capacity", "容量"),
    "known": ("known cards", "已知的牌"),
    "junk": ("Junk bag", "废品包裹"),
    "junk_line": ("{n} cards", "{n} 张"),
    "battle": ("Battle", "战斗"),
    "attacker": ("attacker", "进攻方"),
    "target": ("target", "目标"),
    "substitute": ("substitute defender", "代替防守"),
    "attack": ("attack cards", "进攻牌"),
    "defence": ("defence cards", "防守牌"),
    "over": ("Game over", "游戏结束"),
    "winners": ("winners: {names}", "获胜：{names}"),
    "draw": ("a draw", "平局"),
    "yes": ("yes", "有"),
    "no": ("—", "—"),
}

_PHASES: dict[str, tuple[str, str]] = {
    "draw": ("draw", "抓牌"),
    "action": ("attack, adjust towers or pass", "进攻、调整巫师塔或跳过"),
    "adjust": ("adjust towers", "调整巫师塔"),
    "attack_cards": ("attack cards", "出进攻牌"),
    "attack_lead": ("choose the attack's action card", "选择进攻行动牌"),
    "substitute_offer": ("substitute defence?", "是否代替防守"),
    "defend_cards": ("defence cards", "出防守牌"),
    "defend_lead": ("choose the defence's action card", "选择防守行动牌"),
    "kill_draw": ("kill reward draw", "击杀奖励抓牌"),
    "discard": ("discard to the hand limit", "弃牌至手牌上限"),
    "end_draw": ("idle wizard's end draw", "巫师回合末抓牌"),
    "over": ("game over", "游戏结束"),
}

_END_REASONS: dict[str, tuple[str, str]] = {
    "last_alive": ("last one standing", "最后的幸存者"),
    "turn_cap": ("turn cap reached", "达到回合上限"),
}

_SEAT_STYLE = ("dark_orange", "blue", "magenta")
_BAG_STYLE = ("dark_orange", "blue", "green")


def _l(key: str, lang: str, **fields: Any) -> str:
    en, zh = _LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def _pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "zh" else pair[0]


def seat_name(seat: int, lang: str = "en") -> str:
    """A seat's display name in ``lang`` (the CLI uses it for results and seat choices): ``orange`` / ``橙``."""
    return SEAT_NAMES_ZH[seat] if lang == "zh" else SEAT_NAMES[seat]


def _seat_text(seat: int, lang: str) -> Text:
    return Text(seat_name(seat, lang), style=_SEAT_STYLE[seat % len(_SEAT_STYLE)])


def _named(name: str, lang: str) -> str:
    """A seat, tower or bag name from the view, in ``lang``."""
    if lang != "zh":
        return name
    for en, zh in ((SEAT_NAMES, SEAT_NAMES_ZH), (TOWER_NAMES, TOWER_NAMES_ZH)):
        if name in en:
            return zh[en.index(name)]
    return name


_JOKER_ZH = {"JKR": "大王", "JKB": "小王"}
"""The Jokers' Chinese names, as the seed calls them."""


def card_text(card: str | None, lang: str = "en") -> Text:
    """One card in suit-symbol notation, red for hearts, diamonds and the red joker (大王 / 小王 in Chinese);
    ``None`` is face down."""
    if card is None:
        return Text(FACE_DOWN, style="bold cyan")
    c = parse_card(card)
    red = suit_of(c) in (Suit.HEARTS, Suit.DIAMONDS) or card == "JKR"
    style = "bold red" if red else "bold"
    if is_joker(c):
        style += " reverse"
    if lang == "zh" and card in _JOKER_ZH:
        return Text(_JOKER_ZH[card], style=style)
    return Text(card_symbol(c), style=style)


def cards_text(cards: list[str | None], empty: str = "—", lang: str = "en") -> Text:
    """Cards separated by spaces; ``empty`` when there are none."""
    if not cards:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(c, lang) for c in cards)


def _header(view: dict[str, Any], lang: str) -> Text:
    parts: list[Text | str] = [Text(_l("title", lang), style="bold")]
    if "turn" in view:
        parts.append(_l("turn", lang, turn=view["turn"], max=view.get("max_turns", "?")))
    if view.get("over"):
        winners = view.get("winners") or []
        names = "、".join(seat_name(w, lang) for w in winners) if lang == "zh" else \
            ", ".join(seat_name(w, lang) for w in winners)
        result = _l("winners", lang, names=names) if winners else _l("draw", lang)
        reason = view.get("end_reason", "")
        if reason:
            result += f" ({_pick(_END_REASONS.get(reason, (reason, reason)), lang)})"
        parts.append(Text(f"{_l('over', lang)}: {result}", style="bold yellow"))
    else:
        turn_seat, to_move = view.get("turn_seat"), view.get("to_move")
        if isinstance(turn_seat, int):
            parts.append(_l("turn_of", lang, seat=seat_name(turn_seat, lang)))
        if isinstance(to_move, int) and to_move != turn_seat:
            parts.append(Text(_l("to_move", lang, seat=seat_name(to_move, lang)), style="bold"))
        phase = view.get("phase", "")
        parts.append(_l("phase", lang, phase=_pick(_PHASES.get(phase, (phase, phase)), lang)))
        if view.get("draws_left"):
            parts.append(_l("draws_left", lang, n=view["draws_left"]))
        if view.get("adjust_left"):
            parts.append(_l("adjust_left", lang, n=view["adjust_left"]))
    return Text(" · ").join(p if isinstance(p, Text) else Text(p) for p in parts)


def _players(view: dict[str, Any], lang: str) -> Table:
    viewer = view.get("seat")
    to_move = view.get("to_move")
    table = Table(title=_l("players", lang), title_justify="left", expand=False)
    for key in ("seat", "role", "hp", "limit", "hand", "coins"):
        table.add_column(_l(key, lang), justify="right" if key in ("hp", "limit") else "left")
    for p in view["players"]:
        seat = p["seat"]
        name = _seat_text(seat, lang)
        if seat == viewer:
            name.append(_l("you", lang), style="bold")
        if seat == to_move:
            name = Text("▶ ").append_text(name)
        hp = Text(str(p["hp"])) if p.get("alive", True) else Text(f"{p['hp']} ({_l('dead', lang)})", style="dim")
        hidden = p["hand_size"] - len(p["hand"])
        hand = cards_text(p["hand"], empty="" if hidden else "—", lang=lang)
        if hidden:
            if p["hand"]:
                hand.append(" + ")
            hand.append(f"{FACE_DOWN}×{hidden}", style="cyan")
        coins = Text(" ").join(
            Text("●", style=_BAG_STYLE[BAG_NAMES.index(b)] if b in BAG_NAMES else "") for b in p["coins"]
        ) if p["coins"] else Text("—", style="dim")
        table.add_row(name, _l(p["role"], lang) if p["role"] in ("warrior", "wizard") else p["role"], hp,
                      str(p["hand_limit"]), hand, coins)
    return table


def _towers(view: dict[str, Any], lang: str) -> Table:
    table = Table(title=_l("towers", lang), title_justify="left", show_header=False, expand=False)
    table.add_column()
    table.add_column()
    table.add_column(style="dim")
    for tower in view["towers"]:
        table.add_row(_named(tower["name"], lang), cards_text(tower["cards"], lang=lang),
                      _l("tower_limit", lang, n=tower["limit"]))
    return table


def _bags(view: dict[str, Any], lang: str) -> Table:
    table = Table(title=_l("bags", lang), title_justify="left", expand=False)
    for key in ("bag", "cards", "coin", "capacity", "known"):
        table.add_column(_l(key, lang), justify="right" if key in ("cards", "capacity") else "left")
    for bag in view["bags"]:
        name = bag["name"]
        i = BAG_NAMES.index(name) if name in BAG_NAMES else -1
        label = Text(BAG_NAMES_ZH[i] if lang == "zh" and i >= 0 else name, style=_BAG_STYLE[i] if i >= 0 else "")
        coin = Text("●", style=_BAG_STYLE[i]) if bag["coin"] and i >= 0 else Text(_l("yes" if bag["coin"] else "no", lang))
        table.add_row(label, str(bag["cards"]), coin, str(bag["capacity"]), cards_text(bag["known"], lang=lang))
    return table


def _junk(view: dict[str, Any], lang: str) -> Text:
    junk = view["junk"]
    colon = "：" if lang == "zh" else ": "
    line = Text(_l("junk", lang) + colon, style="bold").append(_l("junk_line", lang, n=junk["cards"]))
    if junk["known"]:
        line.append(f" · {_l('known', lang)}{colon}").append_text(cards_text(junk["known"], lang=lang))
    return line


def _battle(battle: dict[str, Any], lang: str) -> Panel:
    table = Table(show_header=False, box=None, expand=False)
    table.add_column(style="bold")
    table.add_column()
    table.add_row(_l("attacker", lang), _seat_text(battle["attacker"], lang))
    table.add_row(_l("target", lang), _named(battle["target"], lang))
    if battle.get("substitute") is not None:
        table.add_row(_l("substitute", lang), _seat_text(battle["substitute"], lang))
    table.add_row(_l("attack", lang), cards_text(battle["attack"], lang=lang))
    defence = Text(" ").join(
        card_text(d["card"], lang).append(f" ({_origin(d['from'], lang)})", style="dim") for d in battle["defence"]
    ) if battle["defence"] else Text("—", style="dim")
    table.add_row(_l("defence", lang), defence)
    return Panel(table, title=_l("battle", lang), title_align="left", border_style="red", expand=False)


def _origin(origin: str, lang: str) -> str:
    """``hand:blue`` / ``tower:main`` in words."""
    where, _, name = origin.partition(":")
    if lang == "zh":
        return f"{_named(name, lang)}{'手牌' if where == 'hand' else ''}"
    return f"{name}'s hand" if where == "hand" else f"{name} tower"


def render_view(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The whole table as one Rich renderable: header, players, towers, bags, junk and the current battle."""
    parts: list[RenderableType] = [_header(view, lang), _players(view, lang), _towers(view, lang),
                                   _bags(view, lang), _junk(view, lang)]
    if view.get("battle"):
        parts.append(_battle(view["battle"], lang))
    return Panel(Group(*parts), expand=False)
