"""Chinese and English wording of fate's actions and events (names and rules texts from ``cardtext.py``).

Events carry numbers and codes only; this module turns them into one line each, lazily (random playouts never
pay for it). A damage event explains its arithmetic from its ``parts``: ``1 (Normal Attack) + 1 (God's Strength)
− 1 (Bristleback) = 1``.

>>> describe_event({"kind": "damage", "seat": 1, "source": 0, "amount": 2, "hp": 2,
...                 "parts": [["普通攻击", 1], ["神之力量", 1]]})
"seat 2 takes 2 damage from seat 1: 1 (Normal Attack) + 1 (God's Strength) = 2 — HP 2"
>>> describe_event({"kind": "damage", "seat": 1, "source": 0, "amount": 2, "hp": 2,
...                 "parts": [["普通攻击", 1], ["神之力量", 1]]}, "zh")
'2号位受到1号位的2点伤害：1（普通攻击）+ 1（神之力量）= 2，体力剩余2'
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.api import unnamed_seat

from .actions import COLORS, DIRS, FateAction, Kind
from .cardtext import CARD_TEXT, FATE_TEXT, HERO_TEXT, HERO_TEXT_REBORN, HERO_TEXT_THEFATE
from .content import (
    ALL_SKILL_DEFS,
    CARD_BY_NAME,
    CARD_RANK,
    CARD_SUIT,
    CARD_TYPE,
    CARD_TYPES,
    FATES,
    HERO_BY_CODE,
    HEROES,
    PAIR_RULES,
    RANK_TEXT,
    SUIT_NAMES,
    SUIT_SIGNS,
    TYPE_BY_CODE,
)

IDENTITY_WORDS = {"en": ("Sentinel", "Scourge", "Neutral"), "zh": ("近卫", "天灾", "中立")}
ZONE_WORDS = {"en": ("hand (at random)", "weapon", "armour"), "zh": ("手牌（随机）", "武器", "防具")}
SUIT_ZH = ("黑桃", "红桃", "梅花", "方块")
ITEM_CODES = {CARD_TYPES[i].ability: CARD_TYPES[i].key for i in range(len(CARD_TYPES)) if CARD_TYPES[i].ability}


def _skill_names() -> dict[str, tuple[str, str]]:
    """Skill code → (Chinese, English) name, over every text set."""
    texts: dict[str, str] = {}
    for table in (HERO_TEXT, HERO_TEXT_THEFATE, HERO_TEXT_REBORN):
        for hero in table.values():
            for sk in hero.skills:
                texts.setdefault(sk.name_zh, sk.name_en)
    return {sk.code: (sk.key, texts.get(sk.key, sk.code)) for sk in ALL_SKILL_DEFS}


SKILL_NAMES = _skill_names()
"""Skill code → (Chinese, English) name."""
LABEL_EN: dict[str, str] = {key: t.name_en for key, t in CARD_TEXT.items()} | {
    zh: en for zh, en in SKILL_NAMES.values()}
"""A Chinese card or skill name (damage parts, reasons) → its English name."""


def card_words(card: int, lang: str = "en") -> str:
    """``Normal Attack ♠A`` / ``普通攻击♠A``."""
    key = CARD_TYPES[CARD_TYPE[card]].key
    face = f"{SUIT_SIGNS[CARD_SUIT[card]]}{RANK_TEXT[CARD_RANK[card]]}"
    if lang == "zh":
        return f"{key}{face}"
    return f"{CARD_TEXT[key].name_en} {face}"


def type_words(ctype: int, lang: str = "en") -> str:
    """A card type's name: ``Normal Attack`` / ``普通攻击``."""
    key = CARD_TYPES[ctype].key
    return key if lang == "zh" else CARD_TEXT[key].name_en


def code_words(code: str | None, lang: str = "en") -> str:
    """A card type code (``atk``) as its name."""
    if code is None or code not in TYPE_BY_CODE:
        return code or "?"
    return type_words(TYPE_BY_CODE[code], lang)


def card_name_words(name: str, lang: str = "en") -> str:
    """Words for a card notation (``atk:AS``)."""
    return card_words(CARD_BY_NAME[name], lang) if name in CARD_BY_NAME else name


def hero_words(code: str | None, lang: str = "en") -> str:
    """A hero's name from its code."""
    if code is None:
        return "?"
    key = HEROES[HERO_BY_CODE[code]].key
    return key if lang == "zh" else HERO_TEXT[key].name_en


def skill_words(code: str | None, lang: str = "en") -> str:
    """A skill's or an item's name from its code."""
    if code is None:
        return "?"
    if code in SKILL_NAMES:
        zh, en = SKILL_NAMES[code]
        return zh if lang == "zh" else en
    if code in ITEM_CODES:
        key = ITEM_CODES[code]
        return key if lang == "zh" else CARD_TEXT[key].name_en
    return code


def label_words(label: str, lang: str = "en") -> str:
    """A Chinese card or skill name as used in explanations, in ``lang``."""
    return label if lang == "zh" else LABEL_EN.get(label, label)


def why_words(why: str | None, lang: str = "en") -> str:
    """Why a card was discarded or judged: a skill, an item, a card effect or a rule."""
    if not why:
        return ""
    if why in SKILL_NAMES or why in ITEM_CODES:
        return skill_words(why, lang)
    if why in TYPE_BY_CODE:
        return code_words(why, lang)
    rules = {"hand limit": ("hand limit", "手牌上限"), "equipment": ("equipment", "装备"),
             "disarm": ("Disarm", "缴械"), "relic": ("Sacred Relic", "圣者遗物")}
    if why in rules:
        en, zh = rules[why]
        return zh if lang == "zh" else en
    return label_words(why, lang)


def seat_label(seat: int | None, lang: str) -> str:
    """``seat 3`` / ``3号位`` for seat index 2: people count seats from 1 (the lobby and the other tables do), the
    engine and the action notation (``target 2``) from 0."""
    if seat is None or seat < 0:
        return "—"
    return unnamed_seat(seat, lang)


def arithmetic(parts: list[list[Any]], amount: int, lang: str = "en") -> str:
    """``1 (Normal Attack) + 1 (God's Strength) = 2`` from a damage's parts."""
    if not parts:
        return str(amount)
    out = ""
    for i, (label, points) in enumerate(parts):
        name = label_words(str(label), lang)
        term = f"{abs(points)}（{name}）" if lang == "zh" else f"{abs(points)} ({name})"
        if i == 0:
            out = term if points >= 0 else f"−{term}"
        else:
            lead = "" if lang == "zh" else " "  # the full-width bracket already spaces it in Chinese
            out += f"{lead}{'+' if points >= 0 else '−'} {term}"
    return f"{out}= {amount}" if lang == "zh" else f"{out} = {amount}"


# ------------------------------------------------------------------------------------------ actions
def describe_action(action: FateAction, lang: str = "en", state: Any = None) -> str:
    """Player-facing text for an action (with ``state``, a skill's name instead of its number)."""
    k, a, b = action.kind, action.a, action.b
    zh = lang == "zh"
    if k is Kind.PASS:
        return "放弃 / 结束" if zh else "pass"
    if k is Kind.USE:
        return f"使用 / 打出{card_words(a, lang)}" if zh else f"use {card_words(a, lang)}"
    if k is Kind.AS:
        return f"将{card_words(a, lang)}当【{type_words(b, lang)}】" if zh else \
            f"use {card_words(a, lang)} as {type_words(b, lang)}"
    if k is Kind.PAIR:
        rule = PAIR_RULES[a]
        source = skill_words(rule.code if rule.code in SKILL_NAMES or rule.code in ITEM_CODES else
                             _rule_owner(rule.code), lang)
        return f"将两张手牌当【{type_words(rule.as_type, lang)}】（{source}）" if zh else \
            f"use two hand cards as {type_words(rule.as_type, lang)} ({source})"
    if k is Kind.PICK:
        return f"选择{card_words(a, lang)}" if zh else f"choose {card_words(a, lang)}"
    if k is Kind.HERO:
        return f"选择英雄{HEROES[a].key}" if zh else f"choose hero {hero_words(HEROES[a].code, lang)}"
    if k is Kind.TARGET:
        return f"指定{seat_label(a, lang)}" if zh else f"choose {seat_label(a, lang)}"
    if k is Kind.SKILL:
        name = None
        if state is not None and not state.is_terminal():
            skills = state.skills_of(state.current_player())
            if 0 <= a < len(skills):
                name = skill_words(skills[a].code, lang)
        if name:
            return f"发动【{name}】" if zh else f"use {name}"
        return f"发动技能{a + 1}" if zh else f"use skill {a + 1}"
    if k is Kind.ITEM:
        return ("发动武器效果" if a == 1 else "发动防具效果") if zh else ("use your weapon" if a == 1 else
                                                                      "use your armour")
    if k is Kind.ZONE:
        return f"选择{ZONE_WORDS['zh'][a]}" if zh else f"take from the {ZONE_WORDS['en'][a]}"
    if k is Kind.COLOR:
        return ("猜红色" if a == 0 else "猜黑色") if zh else f"name {COLORS[a]}"
    if k is Kind.SUIT:
        return f"说出{SUIT_ZH[a]}" if zh else f"name {SUIT_NAMES[a]}s"
    if k is Kind.DIR:
        return ("向下家方向" if a == 0 else "向上家方向") if zh else f"go the {DIRS[a]} way"
    if k is Kind.DRAW:
        return "摸两张牌" if zh else "draw two cards"
    if k is Kind.LOOK:
        return f"查看{seat_label(a, lang)}的身份" if zh else f"look at {seat_label(a, lang)}'s identity"
    if k is Kind.DONE:
        return "完成" if zh else "done"
    if k is Kind.YES:
        return "是" if zh else "yes"
    if k is Kind.NO:
        return "否" if zh else "no"
    if k is Kind.MODE:
        return f"选项{a + 1}" if zh else f"option {a + 1}"
    if k is Kind.CANCEL:
        return "取消" if zh else "cancel"
    return str(action)


def _rule_owner(code: str) -> str:
    return {"ball_attack": "ball_lightning", "ball_dodge": "ball_lightning"}.get(code, code)


# ------------------------------------------------------------------------------------------ events
def _cards(e: dict[str, Any], lang: str, key: str = "cards") -> str:
    return ("、" if lang == "zh" else ", ").join(card_name_words(c, lang) for c in e.get(key, []))


def _seats(seats: list[int], lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(seat_label(t, lang) for t in seats)


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One line of player-facing text for a (redacted) event."""
    k = e["kind"]
    zh = lang == "zh"
    who = seat_label(e.get("seat"), lang)
    fn = _EVENTS.get(k)
    if fn is not None:
        return fn(e, zh, who, lang)
    fields = ", ".join(f"{key}={val}" for key, val in e.items() if key != "kind")
    return f"{k}: {fields}"


def _ev_damage(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    src = seat_label(e["source"], lang)
    sums = arithmetic(e.get("parts", []), e["amount"], lang)
    if zh:
        return f"{who}受到{src}的{e['amount']}点伤害：{sums}，体力剩余{e['hp']}"
    return f"{who} takes {e['amount']} damage from {src}: {sums} — HP {e['hp']}"


def _ev_prevented(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    sums = arithmetic(e.get("parts", []), 0, lang)
    return f"{who}的伤害被全部防止：{sums}" if zh else f"the damage to {who} is prevented: {sums}"


def _ev_used(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    card = code_words(e["card"], lang)
    cards = _cards(e, lang)
    shown = f"{cards}" if len(e.get("cards", [])) == 1 and e.get("cards") and \
        CARD_TYPES[CARD_TYPE[CARD_BY_NAME[e["cards"][0]]]].code == e["card"] else \
        (f"{cards}当【{card}】" if zh else f"{cards} as {card}") if cards else card
    tg = e.get("targets") or []
    strong = ("（强化）" if zh else " (strengthened)") if e.get("strong") else ""
    if e["kind"] == "played":
        return f"{who}打出{shown}" if zh else f"{who} plays {shown}"
    tail = (f"，目标{_seats(tg, lang)}" if zh else f" on {_seats(tg, lang)}") if tg else ""
    return f"{who}使用{shown}{strong}{tail}" if zh else f"{who} uses {shown}{strong}{tail}"


def _ev_skill(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    tg = e.get("targets") or []
    name = skill_words(e["skill"], lang)
    tail = (f"，目标{_seats(tg, lang)}" if zh else f" on {_seats(tg, lang)}") if tg else ""
    return f"{who}发动【{name}】{tail}" if zh else f"{who} uses {name}{tail}"


def _ev_game_over(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    ws = _seats(e["winners"], lang) or ("无人" if zh else "nobody")
    if e.get("reason") == "turn cap":
        return "达到回合上限，平局" if zh else "the turn cap is reached: a draw"
    return f"游戏结束，胜者：{ws}" if zh else f"game over — winners: {ws}"


_SEAT_KEYS = frozenset({"seat", "target", "to", "from", "source", "dead", "killer"})


def _field(key: str, v: Any, lang: str) -> Any:
    if key in _SEAT_KEYS and isinstance(v, int):
        return seat_label(v, lang)
    if key == "hero" and isinstance(v, str):
        return hero_words(v, lang)
    if key == "card" and isinstance(v, str):
        return card_name_words(v, lang)
    if key == "right":
        return ("猜中" if v else "猜错") if lang == "zh" else ("right" if v else "wrong")
    if key == "hp" and isinstance(v, list):
        return " / ".join(str(x) for x in v)
    return v


def _simple(zh_text: str, en_text: str) -> Any:
    """A describer filling ``zh_text`` / ``en_text`` with the event's fields (seats, heroes, cards in words)."""
    def fn(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
        fields = {key: _field(key, v, lang) for key, v in e.items()}
        fields["who"] = who
        return (zh_text if zh else en_text).format(**fields)
    return fn


def _ev_drew(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    tail = (f"：{_cards(e, lang)}" if zh else f": {_cards(e, lang)}") if "cards" in e else ""
    return f"{who}摸了{e['count']}张牌{tail}" if zh else f"{who} draws {e['count']}{tail}"


def _ev_discarded(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    why = why_words(e.get("why"), lang)
    tail = (f"（{why}）" if zh else f" ({why})") if why else ""
    return f"{who}弃置{_cards(e, lang)}{tail}" if zh else f"{who} discards {_cards(e, lang)}{tail}"


def _ev_took(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    src = e.get("from")
    place = seat_label(src, lang) if isinstance(src, int) else {
        "table": ("the table", "桌面"), "revealed": ("the revealed cards", "亮出的牌"),
        "faith": ("faith cards", "信仰"), "discard": ("the discard pile", "弃牌堆"),
        "judgement": ("the judgement", "判定牌")}.get(str(src), (str(src), str(src)))[1 if zh else 0]
    what = _cards(e, lang) if e.get("cards") else (f"{e.get('count', 1)}张牌" if zh else f"{e.get('count', 1)} "
                                                   "card(s)")
    return f"{who}从{place}获得{what}" if zh else f"{who} takes {what} from {place}"


def _ev_judged(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    why = why_words(e.get("why"), lang)
    card = card_name_words(e["card"], lang)
    return f"{who}判定（{why}）：{card}" if zh else f"{who} judges for {why}: {card}"


def _ev_rage(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    """A rage change explained: what gave or took it, the sum, and the limit when it caps the gain."""
    ch = e.get("change", 0)
    if "from" not in e:  # an event of an older log: the change alone
        sign = f"+{ch}" if ch > 0 else str(ch)
        return f"{who}怒气{sign}，现为{e['rage']}" if zh else f"{who} rage {sign} → {e['rage']}"
    old, new, why = e["from"], e["rage"], e.get("why", "")
    if ch < 0:  # spent or taken away
        sums = f"{old} − {-ch} = {new}"
        name = why_words(why, lang)
        spent = e.get("spent", "")
        if zh:
            if spent == "strengthen":
                return f"{who}消耗1点怒气强化【{name}】：{sums}"
            if spent == "cost":
                verb = "使用" if why in CARD_TEXT else "发动"
                return f"{who}消耗{-ch}点怒气{verb}【{name}】：{sums}"
            return f"{who}因【{name}】失去{-ch}点怒气：{sums}" if name else f"{who}失去{-ch}点怒气：{sums}"
        if spent == "strengthen":
            return f"{who} spends 1 rage to strengthen {name}: {sums}"
        if spent == "cost":
            return f"{who} spends {-ch} rage on {name}: {sums}"
        return f"{who} loses {-ch} rage ({name}): {sums}" if name else f"{who} loses {-ch} rage: {sums}"
    amount, limit = e.get("amount", ch), e.get("limit", 3)
    if why == "damage":
        cause_zh, cause_en = f"受到{amount}点伤害", f"for {amount} damage taken"
    else:
        cause_zh, cause_en = f"因【{why_words(why, lang)}】", f"({why_words(why, lang)})"
    if zh:
        if ch == 0:
            return f"{who}{cause_zh}，但怒气已达上限{limit}，不再增加"
        capped = f"，超过上限{limit}，记为{new}" if old + amount > new else ""
        comma = "，" if why == "damage" else ""
        return f"{who}{cause_zh}{comma}怒气+{ch}：{old} + {amount} = {old + amount}{capped}"
    if ch == 0:
        return f"{who} gains no rage {cause_en}: already at the limit {limit}"
    capped = f", capped at the limit {limit}" if old + amount > new else ""
    return f"{who} gains {ch} rage {cause_en}: {old} + {amount} = {old + amount}{capped}"


def _ev_healed(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    return f"{who}回复{e['amount']}点体力，体力{e['hp']}" if zh else f"{who} heals {e['amount']} — HP {e['hp']}"


def _ev_died(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    ident = e.get("identity")
    ident_text = "" if ident is None else (f"，身份：{IDENTITY_WORDS['zh'][ident]}" if zh else
                                           f" — a {IDENTITY_WORDS['en'][ident]}")
    killer = e.get("killer", -1)
    by = "" if killer is None or killer < 0 or killer == e["seat"] else (
        f"（{seat_label(killer, lang)}击杀）" if zh else f", killed by {seat_label(killer, lang)}")
    return f"{who}阵亡{by}{ident_text}" if zh else f"{who} dies{by}{ident_text}"


def _ev_equipped(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    card = card_name_words(e["card"], lang)
    old = e.get("replaced")
    tail = "" if not old else (f"，替换{card_name_words(old, lang)}" if zh else f", replacing "
                               f"{card_name_words(old, lang)}")
    return f"{who}装备{card}{tail}" if zh else f"{who} equips {card}{tail}"


def _ev_dispelled(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    what = code_words(e.get("card"), lang) if e.get("card") else skill_words(e.get("skill"), lang)
    return f"{who}的{what}被【驱散】抵消" if zh else f"{who}'s {what} is dispelled"


def _ev_identity(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    if "identity" not in e:
        return f"{who}得知了自己和下家的身份" if zh else f"{who} learns their own and the next seat's identity"
    words = IDENTITY_WORDS["zh" if zh else "en"]
    return (f"你的身份：{words[e['identity']]}；你下家的身份：{words[e['next']]}" if zh else
            f"your identity: {words[e['identity']]}; your next player's: {words[e['next']]}")


def _ev_fate(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    key = FATES[[f.code for f in FATES].index(e["fate"])].key
    t = FATE_TEXT[key]
    return f"宿命牌：{t.name_zh}——{t.text_zh}" if zh else f"the fate card: {t.name_en} — {t.text_en}"


def _ev_heroes(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    names = ("、" if zh else ", ").join(f"{seat_label(p, lang)} {hero_words(h, lang)}" for p, h in
                                        enumerate(e["heroes"]))
    return f"英雄亮出：{names}" if zh else f"heroes revealed: {names}"


def _ev_looked_identity(e: dict[str, Any], zh: bool, who: str, lang: str) -> str:
    t = seat_label(e["target"], lang)
    if "identity" in e:
        ident = IDENTITY_WORDS["zh" if zh else "en"][e["identity"]]
        return f"{who}查看了{t}的身份：{ident}" if zh else f"{who} looks at {t}'s identity: {ident}"
    return f"{who}查看了{t}的身份" if zh else f"{who} looks at {t}'s identity"


_EVENTS: dict[str, Any] = {
    "damage": _ev_damage, "prevented": _ev_prevented, "used": _ev_used, "played": _ev_used, "skill": _ev_skill,
    "game_over": _ev_game_over, "drew": _ev_drew, "discarded": _ev_discarded, "took": _ev_took,
    "judged": _ev_judged, "rage": _ev_rage, "healed": _ev_healed, "died": _ev_died, "equipped": _ev_equipped,
    "dispelled": _ev_dispelled, "identity": _ev_identity, "fate": _ev_fate, "heroes": _ev_heroes,
    "looked_identity": _ev_looked_identity,
    "turn": _simple("—— 第{turn}回合：{who} ——", "—— turn {turn}: {who} ——"),
    "reshuffled": _simple("弃牌堆洗入牌堆（{cards}张）", "the discard pile is shuffled into a new deck ({cards} cards)"),
    "no_heal": _simple("{who}受竭心光环影响，不能回复体力", "{who} cannot recover HP this turn (Heartstopper Aura)"),
    "no_effect": _simple("对{who}的结算无效", "it has no effect ({who})"),
    "detonated": _simple("{who}引爆炸弹，对{target}造成伤害", "{who} detonates bombs against {target}"),
    "bomb": _simple("{who}放置了一枚炸弹（共{bombs}枚）", "{who} lays a bomb ({bombs} in all)"),
    "nullified": _simple("{who}令{target}的牌无效", "{who} nullifies {target}'s card"),
    "cloaked": _simple("{who}的流浪法师斗篷生效：此牌对其无效", "{who}'s Planeswalker's Cloak: it has no effect on them"),
    "dodged": _simple("{who}闪避了攻击", "{who} evades"),
    "talisman": _simple("{who}横置闪避护符，抵消了攻击", "{who} turns the Talisman of Evasion sideways: the Attack is "
                        "cancelled"),
    "talisman_up": _simple("{who}重置了闪避护符", "{who} sets the Talisman of Evasion upright again"),
    "dying": _simple("{who}进入濒死状态（体力{hp}）", "{who} is dying (HP {hp})"),
    "saved": _simple("{who}脱离濒死，体力{hp}", "{who} is saved — HP {hp}"),
    "shallow_grave": _simple("薄葬：{who}的体力回复至1", "Shallow Grave: {who} is back at 1 HP"),
    "cleared": _simple("{who}的所有牌被弃置", "{who}'s cards are all discarded"),
    "claims_kill": _simple("{who}以补刀斧成为击杀者", "{who} claims the kill with the Quelling Blade"),
    "roshan": _simple("{who}亮出身份：Roshan附体！", "{who} reveals: Roshan Possession!"),
    "siren": _simple("{who}受海妖之歌影响：跳过摸牌、出牌和弃牌阶段", "Siren Song: {who} skips the draw, play and "
                     "discard phases"),
    "looked": _simple("{who}观看了牌堆顶{count}张牌", "{who} looks at the top {count} cards"),
    "given": _simple("{who}交给{to}一张牌", "{who} gives {to} a card"),
    "rotated": _simple("{who}换上英雄{hero}（体力{hp}，怒气{rage}）", "{who} brings in {hero} (HP {hp}, rage {rage})"),
    "guessed": _simple("{who}猜测颜色，亮出{card}：{right}", "{who} guesses, reveals {card}: {right}"),
    "named": _simple("{who}说出了一种颜色或花色", "{who} names a colour or suit"),
    "revealed": _simple("{who}亮出了牌", "{who} reveals cards"),
    "set_aside": _simple("{who}将{from}的{count}张牌移出", "{who} sets aside {count} of {from}'s cards"),
    "status_card": _simple("{card}置入{who}的状态区", "{card} goes into {who}'s status zone"),
    "time_lock": _simple("{who}使用时间静止：其他角色跳过下一回合的摸牌、出牌和弃牌阶段",
                         "Time Lock: every hero but {who} skips their next draw, play and discard phases"),
    "sunder": _simple("{who}与{target}交换体力：{hp}", "{who} and {target} swap HP: {hp}"),
    "faith": _simple("{who}获得{count}张信仰（共{pile}张）", "{who} gains {count} faith card(s) ({pile} in all)"),
    "multicast": _simple("多重施法：{who}的牌再结算一次", "Multicast: {who}'s card resolves once more"),
    "redirected": _simple("{who}以援护承受了伤害", "{who} takes the damage instead (Guardian)"),
    "returned": _simple("冰封的牌回到原主手中", "the set-aside cards go back to their owners"),
    "turn_ended": _simple("{who}结束了回合", "{who}'s turn ends"),
    "teams": _simple("阵营已公开", "the teams are public"),
    "setup": _simple("从设定的局面开始", "the game starts from a set-up position"),
    "candidates": _simple("{who}获得{count}张候选英雄", "{who} is dealt {count} hero candidates"),
    "picked": _simple("{who}选定了英雄", "{who} has chosen a hero"),
    "draft_pool": _simple("十名英雄亮出以供挑选", "ten heroes are laid out for the draft"),
    "drafted": _simple("{who}选取了{hero}", "{who} drafts {hero}"),
    "kept": _simple("{who}留下了一名英雄", "{who} keeps a hero"),
    "starter": lambda e, zh, who, lang: (
        f"{who}的首发英雄：{hero_words(e['hero'], lang)}"
        + (f"；休息：{'、'.join(hero_words(h, lang) for h in e['kept'])}" if e.get("kept") else "") if zh else
        f"{who} starts with {hero_words(e['hero'], lang)}"
        + (f"; resting: {', '.join(hero_words(h, lang) for h in e['kept'])}" if e.get("kept") else "")),
    "fallen": _simple("{who}的{hero}阵亡，尚有{resting}名英雄休息", "{who}'s {hero} falls; {resting} resting hero(es) "
                      "left"),
    "replaced": _simple("{who}换上英雄{hero}接替阵亡者（体力{hp}，怒气{rage}）", "{who} brings in {hero} in the fallen "
                        "hero's place (HP {hp}, rage {rage})"),
    "draw_skip": _simple("蝮蛇突袭：{who}跳过下一个摸牌阶段", "Viper Raid: {who} skips their next draw phase"),
    "transport_split": lambda e, zh, who, lang: (
        f"能量转移（强化）：{seat_label(e['double'], lang)}获得两张，{seat_label(e['none'], lang)}不获得" if zh else
        f"Energy Transport (strengthened): {seat_label(e['double'], lang)} takes two cards, "
        f"{seat_label(e['none'], lang)} none"),
}
