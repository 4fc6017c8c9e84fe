"""Player-facing wording of wizard-towers actions and events, in English and Chinese (``lang`` = en | zh)."""

from __future__ import annotations

from typing import Any

from tablecraft.core.cards import card_symbol, parse_card

from .actions import Kind, WTAction, slot_name
from .spec import BAG_NAMES, BAG_NAMES_ZH, SEAT_NAMES, SEAT_NAMES_ZH, TOWER_NAMES, TOWER_NAMES_ZH

_TOWER_ZH = dict(zip(TOWER_NAMES, TOWER_NAMES_ZH, strict=True))
_SEAT_ZH = dict(zip(SEAT_NAMES, SEAT_NAMES_ZH, strict=True))
_BAG_ZH = dict(zip(BAG_NAMES, BAG_NAMES_ZH, strict=True))


def _c(text: str) -> str:
    return card_symbol(parse_card(text))


def seat_label(seat: int | None, lang: str) -> str:
    """``orange (warrior)`` / ``橙（勇士）``."""
    if seat is None:
        return "—"
    role_en, role_zh = ("wizard", "巫师") if seat == 2 else ("warrior", "勇士")
    return f"{SEAT_NAMES_ZH[seat]}（{role_zh}）" if lang == "zh" else f"{SEAT_NAMES[seat]} ({role_en})"


def _target(name: str, lang: str) -> str:
    if lang == "zh":
        return _TOWER_ZH.get(name) or f"{_SEAT_ZH.get(name, name)}方"
    return f"the {name} tower" if name in TOWER_NAMES else name


def _slot_zh(slot: str) -> str:
    tower, pos = slot.split("#")
    return f"{_TOWER_ZH[tower]}第{pos}张"


def describe_action(action: WTAction, lang: str = "en", state: Any = None) -> str:
    """What choosing ``action`` means, in words."""
    k, a, b = action.kind, action.a, action.b
    zh = lang == "zh"
    if k is Kind.DRAW:
        return f"从{BAG_NAMES_ZH[a]}抓一张" if zh else f"draw from the {BAG_NAMES[a]} bag"
    if k is Kind.STOP:
        return "不再抓牌" if zh else "draw no more"
    if k is Kind.PASS:
        return "不进攻，结束回合" if zh else "do nothing and end the turn"
    if k is Kind.ATTACK_SEAT:
        return f"进攻{SEAT_NAMES_ZH[a]}方" if zh else f"attack {SEAT_NAMES[a]}"
    if k is Kind.ATTACK_TOWER:
        return f"进攻{TOWER_NAMES_ZH[a]}" if zh else f"attack the {TOWER_NAMES[a]} tower"
    if k is Kind.PLAY_CARD:
        return f"背面朝上打出 {card_symbol(a)}" if zh else f"play {card_symbol(a)} face down"
    if k is Kind.PLAY_TOWER:
        return f"用{_slot_zh(slot_name(a))}防守（盲出）" if zh else f"defend with tower card {slot_name(a)} (blind)"
    if k is Kind.DONE:
        return "完成" if zh else "done"
    if k is Kind.LEAD:
        return f"以第{a + 1}张为行动花色" if zh else f"make card {a + 1} the action card"
    if k is Kind.SUBSTITUTE:
        return "代替防守" if zh else "defend in their place"
    if k is Kind.DECLINE:
        return "不代替防守" if zh else "do not substitute"
    if k is Kind.PLACE:
        return f"把 {card_symbol(a)} 放上{TOWER_NAMES_ZH[b]}（1点）" if zh else \
            f"place {card_symbol(a)} on the {TOWER_NAMES[b]} tower (1 point)"
    if k is Kind.SWAP_HAND:
        return f"用 {card_symbol(a)} 调换{_slot_zh(slot_name(b))}（2点）" if zh else \
            f"swap {card_symbol(a)} with tower card {slot_name(b)} (2 points)"
    if k is Kind.SWAP_TOWERS:
        return f"调换{_slot_zh(slot_name(a))}与{_slot_zh(slot_name(b))}（2点）" if zh else \
            f"swap tower cards {slot_name(a)} and {slot_name(b)} (2 points)"
    if k is Kind.DISCARD:
        return f"弃掉 {card_symbol(a)}" if zh else f"discard {card_symbol(a)}"
    return str(action)


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One line for a redacted event (only the fields the viewer was given)."""
    k = e["kind"]
    zh = lang == "zh"
    who = seat_label(e.get("seat"), lang)
    if k == "start":
        return "游戏开始" if zh else "The game begins"
    if k == "towers_set":
        if "cards" in e:
            cards = " / ".join(" ".join(_c(c) for c in t) or "-" for t in e["cards"])
            return f"巫师塔已布置：{cards}" if zh else f"The towers are set: {cards}"
        return "巫师塔已背面朝上布置" if zh else "The towers are set face down"
    if k == "dealt":
        cards = " ".join(_c(c) for c in e.get("cards", []))
        return f"{who} 起手 {e['count']} 张 {cards}" if zh else f"{who} starts with {e['count']} cards {cards}"
    if k == "turn":
        return f"— 第 {e['turn']} 回合：{who} —" if zh else f"— turn {e['turn']}: {who} —"
    if k == "coin_returned":
        return f"{who} 把螺旋硬币放回{_BAG_ZH[e['bag']]}并洗袋" if zh else \
            f"{who} returns the spiral coin to the {e['bag']} bag and shuffles it"
    if k == "skipped":
        return f"{who} 跳过本回合（螺旋硬币）" if zh else f"{who} skips this turn (spiral coin)"
    if k == "drew":
        card = f" {_c(e['card'])}" if "card" in e else ""
        return f"{who} 从{_BAG_ZH[e['bag']]}抓了一张牌{card}" if zh else f"{who} draws a card{card} from the {e['bag']} bag"
    if k == "drew_coin":
        return f"{who} 从{_BAG_ZH[e['bag']]}抓到螺旋硬币！" if zh else f"{who} draws the {e['bag']} bag's spiral coin!"
    if k == "refilled":
        return f"废品包裹洗牌，{e['count']} 张补入{_BAG_ZH[e['bag']]}" if zh else \
            f"The junk bag is shuffled; {e['count']} cards refill the {e['bag']} bag"
    if k == "attack":
        return f"{who} 进攻{_target(e['target'], lang)}" if zh else f"{who} attacks {_target(e['target'], lang)}"
    if k == "played":
        card = f" {_c(e['card'])}" if "card" in e else ""
        src = e["from"]
        if src != "hand":
            return f"{_TOWER_ZH[src]}出一张牌{card}" if zh else f"The {src} tower puts in a card{card}"
        side = ("进攻" if e["side"] == "attack" else "防守") if zh else e["side"]
        return f"{who} 背面朝上打出一张{side}牌{card}" if zh else f"{who} plays a card face down ({side}){card}"
    if k == "substitute":
        return f"{who} 代替{SEAT_NAMES_ZH[e['for']]}方防守" if zh else f"{who} defends in {SEAT_NAMES[e['for']]}'s place"
    if k == "declined":
        return f"{who} 不代替防守" if zh else f"{who} does not substitute"
    if k == "tower_defends":
        return f"巫师持有硬币，{_TOWER_ZH[e['tower']]}自动用塔上的牌防守" if zh else \
            f"The wizard holds a coin: the {e['tower']} tower defends with its own cards"
    if k == "battle":
        att = " ".join(_c(c) for c in e["attack"]) or "-"
        dfn = " ".join(_c(c) for c in e["defence"]) or "-"
        return (f"翻牌：进攻 {att}（{e['raw'][0]}）对 防守 {dfn}（{e['raw'][1]}）" if zh else
                f"Reveal: attack {att} ({e['raw'][0]}) against defence {dfn} ({e['raw'][1]})")
    if k == "damage":
        src = e["source"]
        if zh:
            label = {"battle": "战斗伤害", "assassination": "♠A 暗杀特殊伤害", "archery": "♣A 弓术特殊伤害"}.get(src, src)
            return f"{who} 受到{label} {e['amount']} 点：{e['explain']}（剩 {e['hp']}）"
        label = {"battle": "battle damage", "assassination": "♠A assassination", "archery": "♣A archery"}.get(src, src)
        return f"{who} takes {e['amount']} {label}: {e['explain']} (HP {e['hp']})"
    if k == "immune":
        return f"{who} 以 ♣A 弓术免疫 {e['amount']} 点伤害" if zh else f"{who} is immune to {e['amount']} damage (♣A archery)"
    if k == "tower_unharmed":
        return f"{_target(e['tower'], lang)}不受伤害（{e['amount']} 点无效）" if zh else \
            f"{_target(e['tower'], lang).capitalize()} takes no damage ({e['amount']} void)"
    if k == "healed":
        return f"{who} 以 ♥A 补给回复 {e['amount']} 点（现 {e['hp']}）" if zh else \
            f"{who} heals {e['amount']} (♥A supply; HP {e['hp']})"
    if k == "arcane_swap":
        return (f"♦A 秘术：{_c(e['attack_card'])} 与 {_c(e['defence_card'])} 互换拥有者" if zh else
                f"♦A arcane swap: {_c(e['attack_card'])} and {_c(e['defence_card'])} change owners")
    if k == "returned":
        kind, name = e["to"].split(":")
        if zh:
            place = f"{_SEAT_ZH[name]}方手牌" if kind == "hand" else _TOWER_ZH[name]
            return f"{_c(e['card'])} 回到{place}"
        place = f"{name}'s hand" if kind == "hand" else f"the {name} tower"
        return f"{_c(e['card'])} goes back to {place}"
    if k == "junked":
        cards = " ".join(_c(c) for c in e["cards"])
        verb = "goes" if len(e["cards"]) == 1 else "go"
        return f"{cards} 置于废品包裹" if zh else f"{cards} {verb} to the junk bag"
    if k == "discarded":
        card = f" {_c(e['card'])}" if "card" in e else ""
        return f"{who} 弃一张牌{card}至废品包裹" if zh else f"{who} discards a card{card} to the junk bag"
    if k == "placed":
        card = f" {_c(e['card'])}" if "card" in e else ""
        return f"巫师把一张牌{card}放上{_TOWER_ZH[e['tower']]}" if zh else f"The wizard places a card{card} on the {e['tower']} tower"
    if k == "swapped_in":
        extra = f"（放 {_c(e['placed'])}，取 {_c(e['taken'])}）" if "placed" in e else ""
        extra_en = f" (placed {_c(e['placed'])}, took {_c(e['taken'])})" if "placed" in e else ""
        return f"巫师用手牌调换{_slot_zh(e['slot'])}{extra}" if zh else f"The wizard swaps a hand card with {e['slot']}{extra_en}"
    if k == "tower_swap":
        a, b = e["slots"]
        return f"巫师调换{_slot_zh(a)}与{_slot_zh(b)}" if zh else f"The wizard swaps tower cards {a} and {b}"
    if k == "died":
        killer = e.get("killer")
        if zh:
            by = f"，被{seat_label(killer, lang)}击杀" if killer is not None else ""
            return f"{who} 死亡{by}；{e['cards_to_junk']} 张牌置于废品包裹"
        by = f", killed by {seat_label(killer, lang)}" if killer is not None else ""
        n = e["cards_to_junk"]
        return f"{who} dies{by}; {n} card{'s' if n != 1 else ''} {'go' if n != 1 else 'goes'} to the junk bag"
    if k == "hand_limit":
        return f"{who} 手牌上限 +1，现为 {e['limit']}" if zh else f"{who}'s hand limit rises to {e['limit']}"
    if k == "game_over":
        winners = e["winners"]
        if not winners:
            return "达到回合上限，平局" if zh and e["reason"] == "turn_cap" else (
                "无人生还，平局" if zh else ("Turn cap reached: a draw" if e["reason"] == "turn_cap" else "Nobody survives: a draw"))
        names = "、".join(seat_label(w, lang) for w in winners) if zh else ", ".join(seat_label(w, lang) for w in winners)
        return f"游戏结束：{names} 获胜" if zh else f"Game over: {names} wins"
    return str(e)
