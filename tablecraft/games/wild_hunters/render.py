"""Draw the wild-hunters table for a terminal (Rich) from a view, in Chinese or English.

The renderer reads only the view dict (``state.view(seat)``, layout in ``view.py``), so it can never show more
than the seat may know: a face-down tile is drawn as ``····``, a hidden hand as a count.

The map is a hex grid of pointy-top cells, each ``[E123]``: the tile's element letter on its colour (W water,
F fire, R rock, T thunder, G wind), ``⌂`` on a camp, the seats (1–5) of the heroes standing there, and ``K`` for
the demon king.

>>> import io, tablecraft
>>> from rich.console import Console
>>> state = tablecraft.load("wild-hunters", num_seats=2).new_initial_state(seed=1)
>>> console = Console(file=io.StringIO(), width=120)
>>> console.print(render_view(state.view(0), "en"))
>>> text = console.file.getvalue()
>>> "Demon king" in text and "····" in text and "K" in text and "sword energy" in text
True
"""

from __future__ import annotations

from typing import Any

from rich.console import Group, RenderableType
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from .content import ABILITIES, DEMON_KINGS, ELEMENT_LETTERS, ELEMENT_NAMES, ELEMENT_ZH, HEROES, PROFESSIONS
from .hexmap import DIR_NAMES, DIR_NAMES_ZH
from .text import destiny_words, face_words

ELEMENT_STYLE = {"W": "bold white on blue", "F": "bold white on red", "R": "bold black on dark_goldenrod",
                 "T": "bold white on purple", "G": "bold black on green3"}
"""Background colour of each element's tiles."""
CARD_STYLE = {"W": "bold blue", "F": "bold red", "R": "bold dark_goldenrod", "T": "bold magenta",
              "G": "bold green"}
FACE_DOWN = "····"

_LABELS: dict[str, tuple[str, str]] = {
    "title": ("Wild Hunters", "破魔聖刃—蠻荒獵手"),
    "turn": ("destiny {n}", "天命 {n}"),
    "acting": ("{hero} acts", "{hero} 行動中"),
    "phase": ("step: {phase}", "步驟：{phase}"),
    "revealed": ("revealed: {card}", "展示：{card}"),
    "curses": ("curses", "詛咒"),
    "map": ("Map", "地圖"),
    "legend": ("W water · F fire · R rock · T thunder · G wind · ⌂ camp · 1–5 heroes · K demon king · ···· face down",
               "W水 · F火 · R岩 · T雷 · G風 · ⌂營地 · 1–5 勇者 · K 惡鬼王 · ···· 面朝下"),
    "directions": ("directions: e → · ne ↗ · nw ↖ · w ← · sw ↙ · se ↘",
                   "方向：e 東 → · ne 東北 ↗ · nw 西北 ↖ · w 西 ← · sw 西南 ↙ · se 東南 ↘"),
    "heroes": ("Heroes", "勇者"),
    "seat": ("#", "#"),
    "hero": ("hero", "角色"),
    "at": ("at", "位置"),
    "hp": ("life", "生命"),
    "hand": ("hand", "手牌"),
    "deck": ("deck", "牌庫"),
    "total": ("cards", "總牌數"),
    "energy": ("sword energy", "劍氣"),
    "professions": ("main/second", "主/副職業"),
    "board": ("card 3", "行動卡3"),
    "on_board": ("on board", "在圖板上"),
    "in_play": ("in play", "已加入"),
    "you": (" (you)", "（你）"),
    "hidden": ("{n} hidden", "{n} 張未知"),
    "king": ("Demon king", "惡鬼王"),
    "life": ("life {hp}/{max}", "生命 {hp}/{max}"),
    "rage": ("rage {rage}/{temper}", "怒氣 {rage}/{temper}"),
    "speed": ("speed {speed}, strike {strike}", "移動 {speed}，重擊 {strike}"),
    "ability": ("ability", "能力"),
    "base": ("base side facing", "底座朝向"),
    "supply": ("Spirit supply", "靈力供應"),
    "supply_deck": ("deck {n}", "牌庫 {n}"),
    "burned": ("burnt", "焚毀"),
    "destiny": ("Destiny", "天命"),
    "destiny_deck": ("deck {n}", "牌庫 {n}"),
    "remaining": ("still in the deck", "牌庫中尚有"),
    "discard": ("discard", "棄牌"),
    "exile": ("exile", "放逐區"),
    "pending": ("Paying for {action} at {at}: {paid}", "支付{action} {at}：{paid}"),
    "last_roll": ("last roll: {dice}", "上次擲骰：{dice}"),
    "over_won": ("The demon king is sealed — everyone wins!", "惡鬼王被封印——全體勝利！"),
    "over_lost": ("The heroes lose ({reason}).", "勇者落敗（{reason}）。"),
    "none": ("—", "—"),
}

_PHASES: dict[str, tuple[str, str]] = {
    "action": ("choose an action", "選擇行動"),
    "pay": ("pay, one card at a time", "逐張付牌"),
    "release": ("release sword energy?", "釋放劍氣？"),
    "swap": ("swap professions?", "交換職業？"),
    "profession": ("choose a second profession", "選擇副職業"),
    "over": ("game over", "遊戲結束"),
}
_ACTIONS = {"move": ("the move", "移動"), "attack": ("the attack", "攻擊"), "rest": ("resting", "休整")}
_REASONS = {"cursed": ("three curses", "詛咒達到3"), "exhausted": ("a hero is exhausted", "勇者疲憊不堪")}


def _l(key: str, lang: str, **fields: Any) -> str:
    en, zh = _LABELS[key]
    text = zh if lang == "zh" else en
    return text.format(**fields) if fields else text


def seat_name(seat: int, lang: str = "en") -> str:
    """A seat's display name when the heroes are the default ones (the game's ``seat_name`` knows the option)."""
    h = HEROES[seat]
    return h.name_zh if lang == "zh" else h.id


def _hero_name(hero_id: str, lang: str) -> str:
    h = next(x for x in HEROES if x.id == hero_id)
    return h.name_zh if lang == "zh" else h.id


def card_text(kind: str, lang: str = "en") -> Text:
    """One card kind, each element in its colour (``WF``; ``水火`` in Chinese)."""
    out = Text()
    for ch in kind:
        i = ELEMENT_LETTERS.index(ch)
        out.append(ELEMENT_ZH[i] if lang == "zh" else ch, style=CARD_STYLE[ch])
    return out


def cards_text(kinds: list[str], lang: str = "en", empty: str = "—") -> Text:
    """Cards separated by spaces."""
    if not kinds:
        return Text(empty, style="dim")
    return Text(" ").join(card_text(k, lang) for k in kinds)


def _prof(pid: str | None, lang: str) -> str:
    if pid is None:
        return "—"
    p = next(x for x in PROFESSIONS if x.id == pid)
    return f"{p.name_zh}({ELEMENT_ZH[p.element]})" if lang == "zh" else f"{p.id} ({ELEMENT_LETTERS[p.element]})"


def _header(view: dict[str, Any], lang: str) -> Text:
    parts: list[Text] = [Text(_l("title", lang), style="bold"), Text(_l("turn", lang, n=view["turn"]))]
    if view["over"]:
        reason = view.get("end_reason", "")
        pair = _REASONS.get(reason, (reason, reason))
        line = _l("over_won", lang) if view["won"] else _l("over_lost", lang, reason=pair[1] if lang == "zh" else pair[0])
        parts.append(Text(line, style="bold yellow"))
    else:
        acting = view.get("acting")
        if isinstance(acting, int):
            parts.append(Text(_l("acting", lang, hero=_hero_name(view["heroes"][acting]["hero"], lang)), style="bold"))
        phase = _PHASES.get(view["phase"], (view["phase"], view["phase"]))
        parts.append(Text(_l("phase", lang, phase=phase[1] if lang == "zh" else phase[0])))
        if view["destiny"]["revealed"]:
            parts.append(Text(_l("revealed", lang, card=destiny_words(view["destiny"]["revealed"], lang))))
    curses = view["curses"]
    marks = Text(_l("curses", lang) + " ")
    marks.append("●" * curses, style="bold red").append("○" * max(0, view["curses_to_lose"] - curses), style="dim")
    parts.append(marks)
    return Text(" · ").join(parts)


def map_text(view: dict[str, Any]) -> Text:
    """The hex grid: one line per row of cells, each cell ``[E…]`` six columns wide, odd rows shifted."""
    cells = view["map"]["cells"]
    who: dict[tuple[int, int], str] = {}
    for h in view["heroes"]:
        at = (h["at"][0], h["at"][1])
        who[at] = who.get(at, "") + str(h["seat"] + 1)
    king = (view["king"]["at"][0], view["king"]["at"][1])
    cols = [2 * c["at"][0] + c["at"][1] for c in cells]
    rows = [c["at"][1] for c in cells]
    left = min(cols)
    by_row: dict[int, list[tuple[int, dict[str, Any]]]] = {}
    for col, row, c in zip(cols, rows, cells, strict=True):
        by_row.setdefault(row, []).append((col, c))
    lines: list[Text] = []
    for row in range(min(rows), max(rows) + 1):
        line = Text()
        x = 0
        for col, c in sorted(by_row.get(row, []), key=lambda t: t[0]):
            pos = (col - left) * 3
            line.append(" " * (pos - x))
            line.append_text(_cell(c, who, king))
            x = pos + 6
        lines.append(line)
    return Text("\n").join(lines)


def _cell(c: dict[str, Any], who: dict[tuple[int, int], str], king: tuple[int, int]) -> Text:
    at = (c["at"][0], c["at"][1])
    occupants = who.get(at, "")
    if at == king:
        occupants = "K" + occupants
    if c["camp"]:
        occupants = "⌂" + occupants
    if len(occupants) > 3:
        occupants = occupants[:2] + "+"
    if c["up"]:
        body = Text(f"{c['element']}{occupants:<3}", style=ELEMENT_STYLE[c["element"]])
    elif occupants:
        body = Text(f"·{occupants:<3}", style="bold red on grey23")
    else:
        body = Text(FACE_DOWN, style="grey50 on grey15")
    if at == king:
        body.stylize("bold reverse", 1, 2)
    return Text("[", style="dim").append_text(body).append("]", style="dim")


def _heroes(view: dict[str, Any], lang: str) -> Table:
    viewer = view.get("seat")
    table = Table(title=_l("heroes", lang), title_justify="left", expand=False)
    for key in ("seat", "hero", "at", "hp", "hand", "deck", "total", "energy", "professions", "board"):
        table.add_column(_l(key, lang), justify="right" if key in ("hp", "deck", "total") else "left")
    for h in view["heroes"]:
        name = Text(_hero_name(h["hero"], lang), style=CARD_STYLE[h["element"]])
        if h["seat"] == viewer:
            name.append(_l("you", lang), style="bold")
        if h["seat"] == view.get("to_move"):
            name = Text("▶ ").append_text(name)
        hidden = h["hand_size"] - len(h["hand"])
        hand = cards_text(h["hand"], lang, empty="" if hidden else "—")
        if hidden:
            if h["hand"]:
                hand.append(" + ")
            hand.append(_l("hidden", lang, n=hidden), style="cyan")
        total = Text(str(h["total"]), style="bold red" if h["total"] <= 6 else "")
        hp = Text(f"{h['hp']}/{h['max_hp']}", style="bold red" if h["hp"] <= 1 else "")
        energy = cards_text(h["energy"], lang)
        energy.append(f" ({len(h['energy'])}/3)", style="dim")
        table.add_row(str(h["seat"] + 1), name, f"({h['at'][0]},{h['at'][1]})", hp, hand, str(h["deck_size"]),
                      total, energy, f"{_prof(h['main'], lang)} / {_prof(h['second'], lang)}",
                      _l("on_board" if h["board_card"] else "in_play", lang))
    return table


def _king(view: dict[str, Any], lang: str) -> Panel:
    k = view["king"]
    kd = next(d for d in DEMON_KINGS if d.id == k["id"])
    ab = next(a for a in ABILITIES if a.id == k["ability"])
    table = Table(show_header=False, box=None, expand=False)
    table.add_column(style="bold")
    table.add_column()
    hp = Text(_l("life", lang, hp=k["hp"], max=k["max_hp"]), style="bold red")
    bar = max(0, min(20, round(20 * k["hp"] / max(1, k["max_hp"]))))
    hp.append("  " + "█" * bar + "░" * (20 - bar), style="red")
    table.add_row(kd.name_zh if lang == "zh" else kd.name_en, hp)
    table.add_row("", Text(_l("rage", lang, rage=k["rage"], temper=k["temper"]) + " · " +
                           _l("speed", lang, speed=k["speed"], strike=k["strike"])))
    table.add_row(_l("ability", lang), f"{ab.name_zh}：{ab.text_zh}" if lang == "zh" else f"{ab.name_en}: {ab.text_en}")
    names = DIR_NAMES_ZH if lang == "zh" else DIR_NAMES
    sides = Text(" · ").join(Text(f"{names[d]} {face_words(f, lang)}") for d, f in enumerate(k["base"]))
    table.add_row(_l("base", lang), sides)
    return Panel(table, title=_l("king", lang), title_align="left", border_style="red", expand=False)


def _piles(view: dict[str, Any], lang: str) -> Table:
    table = Table(show_header=False, box=None, expand=False)
    table.add_column(style="bold")
    table.add_column()
    sup = view["supply"]
    row = cards_text(sup["row"], lang)
    row.append("  " + _l("supply_deck", lang, n=sup["deck"]), style="dim")
    if sup["burned"]:
        row.append(f"  {_l('burned', lang)}: ").append_text(cards_text(sup["burned"], lang))
    table.add_row(_l("supply", lang), row)
    d = view["destiny"]
    line = Text(_l("destiny_deck", lang, n=d["deck"]))
    if d["remaining"]:
        sep = "、" if lang == "zh" else ", "
        line.append(f" · {_l('remaining', lang)}: " + sep.join(destiny_words(c, lang) for c in d["remaining"]),
                    style="dim")
    if d["exile"]:
        line.append(f" · {_l('exile', lang)}: " + ", ".join(destiny_words(c, lang) for c in d["exile"]))
    table.add_row(_l("destiny", lang), line)
    if view["last_roll"]:
        table.add_row("", _l("last_roll", lang, dice=", ".join(face_words(f, lang) for f in view["last_roll"])))
    return table


def _pending(view: dict[str, Any], lang: str) -> Text | None:
    p = view.get("pending")
    if not p:
        return None
    action = _ACTIONS[p["action"]][1 if lang == "zh" else 0]
    line = Text(_l("pending", lang, action=action, at=f"({p['at'][0]},{p['at'][1]})", paid=""), style="bold")
    return line.append_text(cards_text(p["paid"], lang))


def render_view(view: dict[str, Any], lang: str = "en") -> RenderableType:
    """The whole table as one Rich renderable: header, map, heroes, the demon king, the supply and destiny."""
    grid = Group(map_text(view), Text(_l("legend", lang), style="dim"), Text(_l("directions", lang), style="dim"))
    parts: list[RenderableType] = [
        _header(view, lang),
        Panel(grid, title=_l("map", lang), title_align="left", expand=False),
        _king(view, lang),
        _heroes(view, lang),
        _piles(view, lang),
    ]
    pending = _pending(view, lang)
    if pending is not None:
        parts.append(pending)
    return Panel(Group(*parts), expand=False)


__all__ = ["ELEMENT_NAMES", "card_text", "cards_text", "map_text", "render_view", "seat_name"]
