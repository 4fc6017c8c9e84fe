"""Player-facing wording of wizard-towers actions and events, in English and Chinese (``lang`` = en | zh)."""

from __future__ import annotations

from typing import Any

from tablecraft.core.cards import card_str, card_symbol, parse_card

from .actions import Kind, WTAction, slot_name
from .spec import BAG_NAMES, BAG_NAMES_ZH, SEAT_NAMES, SEAT_NAMES_ZH, TOWER_NAMES, TOWER_NAMES_ZH

_TOWER_ZH = dict(zip(TOWER_NAMES, TOWER_NAMES_ZH, strict=True))
_SEAT_ZH = dict(zip(SEAT_NAMES, SEAT_NAMES_ZH, strict=True))
_BAG_ZH = dict(zip(BAG_NAMES, BAG_NAMES_ZH, strict=True))


_JOKER_ZH = {"JKR": "大王", "JKB": "小王"}


def _c(text: str, lang: str = "en") -> str:
    """A card in words: its notation with the suit symbol (``A♠``); in Chinese the Jokers are 大王 / 小王."""
    if lang == "zh" and text in _JOKER_ZH:
        return _JOKER_ZH[text]
    return card_symbol(parse_card(text))


def _cards(texts: list[str], lang: str) -> str:
    return " ".join(_c(t, lang) for t in texts) or ("无牌" if lang == "zh" else "no card")


_SUIT_SYMBOL = {"S": "♠", "H": "♥", "C": "♣", "D": "♦"}


def _lead_name(card: str, lang: str) -> str:
    """What an action card leads with: its suit symbol, or the Joker (which has none)."""
    if card in _JOKER_ZH:
        return "王牌" if lang == "zh" else "Joker"
    return _SUIT_SYMBOL[card[-1]]


def _bonus_label(lead: str, lang: str, against: str | None = None) -> str:
    """The +1 of 特殊规则1, named by the action card that earns it (and the one it beats, when given)."""
    zh = lang == "zh"
    if lead in _JOKER_ZH:
        return "王牌克制任意花色" if zh else "Joker beats any suit"
    if against is not None:
        return f"{_lead_name(lead, lang)}克{_lead_name(against, lang)}" if zh else \
            f"{_lead_name(lead, lang)} beats {_lead_name(against, lang)}"
    return f"{_lead_name(lead, lang)}花色克制" if zh else f"{_lead_name(lead, lang)} suit bonus"


def _term(value: int, label: str, lang: str) -> str:
    label = _bonus_label(label[len("bonus:"):], lang) if label.startswith("bonus:") else _c(label, lang)
    return f"{value}（{label}）" if lang == "zh" else f"{value} ({label})"


def damage_sum(terms: list[list[Any]], lang: str) -> str:
    """A battle's damage as a sum, winner's cards first: ``15 (JKR) + 1 (Joker beats any suit) − 13 (K♠) = 3``.

    >>> damage_sum([[15, "JKR"], [1, "bonus:JKR"], [-13, "KS"]], "zh")
    '15（大王）+ 1（王牌克制任意花色）− 13（K♠）= 3'
    """
    zh = lang == "zh"
    out = ""
    for i, (value, label) in enumerate(terms):
        if i:
            out += ("+ " if value >= 0 else "− ") if zh else (" + " if value >= 0 else " − ")
        out += _term(abs(value) if i else value, label, lang)
    total = sum(v for v, _ in terms)
    return f"{out}= {total}" if zh else f"{out} = {total}"


def _side_sum(cards: list[str], lead: int, bonus: int, other: list[str], other_lead: int, lang: str) -> str:
    """One side's effective total: its card values, plus the suit bonus, ``1 (A♠) + 2 (2♦) + 1 (♠ beats ♣) = 4``."""
    from .rules import card_value

    zh = lang == "zh"
    parts = [_term(card_value(parse_card(c)), c, lang) for c in cards]
    if bonus:
        label = _bonus_label(cards[lead], lang, other[other_lead] if other else None)
        parts.append(f"1（{label}）" if zh else f"1 ({label})")
    total = sum(card_value(parse_card(c)) for c in cards) + bonus
    if not parts:
        return "0"
    return f"{'+ '.join(parts)}= {total}" if zh else f"{' + '.join(parts)} = {total}"


_ACE_EN = {"assassination": "♠A assassination", "archery": "♣A archery", "supply": "♥A supply",
           "arcane_swap": "♦A arcane swap"}
_ACE_ZH = {"assassination": "♠A暗杀", "archery": "♣A弓术", "supply": "♥A补给", "arcane_swap": "♦A秘术"}


def _special_formula(source: str, base: int, amount: int, lang: str) -> str:
    """特殊牌2/4: ``3 × 1.5 rounded down = 4`` / ``3 ÷ 2 rounded up = 2``."""
    if source == "assassination":
        return f"{base} × 1.5 向下取整 = {amount}" if lang == "zh" else f"{base} × 1.5 rounded down = {amount}"
    return f"{base} ÷ 2 向上取整 = {amount}" if lang == "zh" else f"{base} ÷ 2 rounded up = {amount}"


def _lower(base: int, other: int, lang: str) -> str:
    """Why an ace fired: its side's face total is below the other's (若我方牌面总值小于对方)."""
    return f"出A一方牌面总值 {base} 小于 {other}" if lang == "zh" else f"its side's face total {base} is below {other}"


def _battle(e: dict[str, Any], lang: str) -> str:
    """The reveal (伤害计算1): both sides' cards, action cards, effective totals and who is lower by how much."""
    zh = lang == "zh"
    att, dfn, leads, bonus = e["attack"], e["defence"], e["leads"], e["bonus"]
    sides = []
    for side, (cards, other) in enumerate(((att, dfn), (dfn, att))):
        name = ("进攻" if side == 0 else "防守") if zh else ("attack" if side == 0 else "defence")
        lead = ""
        if cards:
            card = _c(cards[leads[side]], lang)
            lead = f"（行动牌 {card}）" if zh else f" (action card {card})"
        if not cards:
            sides.append(f"{name}：无牌 = 0" if zh else f"{name}: no card = 0")
            continue
        head = f"{name} {_cards(cards, lang)}{lead}"
        sum_text = _side_sum(cards, leads[side], bonus[side], other, leads[1 - side], lang)
        sides.append(f"{head}：{sum_text}" if zh else f"{head}: {sum_text}")
    eff = [e["raw"][0] + bonus[0], e["raw"][1] + bonus[1]]
    if e["loser"] == -1:
        result = f"→ 相等（{eff[0]} = {eff[1]}）：平局，无伤害" if zh else f"→ equal ({eff[0]} = {eff[1]}): a tie, no damage"
    else:
        lower = ("进攻方" if e["loser"] == 0 else "防守方") if zh else ("the attack" if e["loser"] == 0 else "the defence")
        result = f"→ {lower}少 {e['damage']} 点" if zh else f"→ {lower} is {e['damage']} lower"
    if zh:
        return f"翻牌 — {sides[0]}；{sides[1]} {result}"
    return f"Reveal — {sides[0]}; {sides[1]} {result}"


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


def _slot_en(slot: str) -> str:
    """A tower slot in words (``right#1`` → ``the right tower's card 1``), never in notation."""
    tower, pos = slot.split("#")
    return f"the {tower} tower's card {pos}"


def _card(card: int, lang: str) -> str:
    return _c(card_str(card), lang)


def card_words(card: int, lang: str = "en") -> str:
    """A card in words: ``A♠``; in Chinese the Jokers are 大王 / 小王."""
    return _card(card, lang)


def _lead_card(state: Any, index: int, lang: str) -> str:
    """The card a ``lead`` choice names, as the chooser knows it: `` (A♠)``, or a blind tower card, or nothing
    without a state."""
    if state is None:
        return ""
    phase = getattr(state.phase, "name", "")
    cards = state.att if phase == "ATTACK_LEAD" else state.dfn if phase == "DEFEND_LEAD" else ()
    if not 0 <= index < len(cards):
        return ""
    card = cards[index]
    if state.known[card] >> state.to_move & 1:
        return f"（{_card(card, lang)}）" if lang == "zh" else f" ({_card(card, lang)})"
    return "（盲出的塔牌）" if lang == "zh" else " (a blind tower card)"


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
        # 伤害计算1: a side tower takes no HP damage; the main tower passes it to the wizard
        if a == 2:
            return f"进攻{TOWER_NAMES_ZH[a]}（伤害传递给巫师）" if zh else \
                f"attack the {TOWER_NAMES[a]} tower (its damage passes to the wizard)"
        return f"进攻{TOWER_NAMES_ZH[a]}（击破后方可进攻主塔；左右塔不扣血）" if zh else \
            f"attack the {TOWER_NAMES[a]} tower (to break it open; a side tower takes no damage)"
    if k is Kind.PLAY_CARD:
        return f"背面朝上打出 {_card(a, lang)}" if zh else f"play {_card(a, lang)} face down"
    if k is Kind.PLAY_TOWER:
        return f"用{_slot_zh(slot_name(a))}防守（盲出）" if zh else f"defend with {_slot_en(slot_name(a))} (blind)"
    if k is Kind.DONE:
        return "完成" if zh else "done"
    if k is Kind.LEAD:
        card = _lead_card(state, a, lang)
        return f"以第{a + 1}张{card}为行动花色" if zh else f"make card {a + 1}{card} the action card"
    if k is Kind.SUBSTITUTE:
        return "代替防守" if zh else "defend in their place"
    if k is Kind.DECLINE:
        return "不代替防守" if zh else "do not substitute"
    if k is Kind.PLACE:
        return f"把 {_card(a, lang)} 放上{TOWER_NAMES_ZH[b]}（1点）" if zh else \
            f"place {_card(a, lang)} on the {TOWER_NAMES[b]} tower (1 point)"
    if k is Kind.SWAP_HAND:
        return f"用 {_card(a, lang)} 调换{_slot_zh(slot_name(b))}（2点）" if zh else \
            f"swap {_card(a, lang)} with {_slot_en(slot_name(b))} (2 points)"
    if k is Kind.SWAP_TOWERS:
        return f"调换{_slot_zh(slot_name(a))}与{_slot_zh(slot_name(b))}（2点）" if zh else \
            f"swap {_slot_en(slot_name(a))} and {_slot_en(slot_name(b))} (2 points)"
    if k is Kind.DISCARD:
        return f"弃掉 {_card(a, lang)}" if zh else f"discard {_card(a, lang)}"
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
            cards = " / ".join(" ".join(_c(c, lang) for c in t) or "-" for t in e["cards"])
            return f"巫师塔已布置：{cards}" if zh else f"The towers are set: {cards}"
        return "巫师塔已背面朝上布置" if zh else "The towers are set face down"
    if k == "dealt":
        cards = " ".join(_c(c, lang) for c in e.get("cards", []))
        return f"{who} 起手 {e['count']} 张 {cards}" if zh else f"{who} starts with {e['count']} cards {cards}"
    if k == "turn":
        return f"— 第 {e['turn']} 回合：{who} —" if zh else f"— turn {e['turn']}: {who} —"
    if k == "coin_returned":
        return f"{who} 把螺旋硬币放回{_BAG_ZH[e['bag']]}并洗袋" if zh else \
            f"{who} returns the spiral coin to the {e['bag']} bag and shuffles it"
    if k == "skipped":
        reason = {"second coin": ("第二枚螺旋硬币", "a second spiral coin"),
                  "late coin": ("回合外抓到的螺旋硬币", "a spiral coin drawn outside his turn's draw")
                  }.get(e.get("reason", ""), ("螺旋硬币", "spiral coin"))
        return f"{who} 跳过本回合（{reason[0]}）" if zh else f"{who} skips this turn ({reason[1]})"
    if k == "drew":
        card = f" {_c(e['card'], lang)}" if "card" in e else ""
        return f"{who} 从{_BAG_ZH[e['bag']]}抓了一张牌{card}" if zh else f"{who} draws a card{card} from the {e['bag']} bag"
    if k == "drew_coin":
        return f"{who} 从{_BAG_ZH[e['bag']]}抓到螺旋硬币！" if zh else f"{who} draws the {e['bag']} bag's spiral coin!"
    if k == "refilled":
        return f"废品包裹洗牌，{e['count']} 张补入{_BAG_ZH[e['bag']]}" if zh else \
            f"The junk bag is shuffled; {e['count']} cards refill the {e['bag']} bag"
    if k == "attack":
        return f"{who} 进攻{_target(e['target'], lang)}" if zh else f"{who} attacks {_target(e['target'], lang)}"
    if k == "played":
        card = f" {_c(e['card'], lang)}" if "card" in e else ""
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
        return _battle(e, lang)
    if k == "no_defence":
        if e["reason"] == "towers_stand":
            return "巫师塔上仍有牌，巫师不能防守（除非巫师塔无牌）" if zh else \
                "The wizard cannot defend himself while a tower still holds cards"
        return f"{who} 持有螺旋硬币，不能防守" if zh else f"{who} holds a spiral coin and cannot defend"
    if k == "damage":
        src = e["source"]
        if src == "battle":
            return f"{who} 受到战斗伤害 {e['amount']} 点：{damage_sum(e['terms'], lang)}（剩 {e['hp']}）" if zh else \
                f"{who} takes {e['amount']} battle damage: {damage_sum(e['terms'], lang)} (HP {e['hp']})"
        formula = _special_formula(src, e["base"], e["amount"], lang)
        why = _lower(e["base"], e["other"], lang)
        if zh:
            return f"{who} 受到{_ACE_ZH.get(src, src)}特殊伤害 {e['amount']} 点：{formula}（{why}；剩 {e['hp']}）"
        return f"{who} takes {e['amount']} {_ACE_EN.get(src, src)} damage: {formula} ({why}; HP {e['hp']})"
    if k == "immune":
        mine, theirs = e["raw"]
        why = _lower(mine, theirs, lang)
        if zh:
            return f"{who} 以♣A弓术免疫 {e['amount']} 点伤害（{why}）：{damage_sum(e['terms'], lang)}"
        return f"{who} is immune to {e['amount']} damage (♣A archery: {why}): {damage_sum(e['terms'], lang)}"
    if k == "tower_unharmed":
        tower = _target(e["tower"], lang)
        if "special" in e:
            formula = _special_formula(e["special"], e["base"], e["amount"], lang)
            return f"{tower}不受伤害：{_ACE_ZH[e['special']]}的 {formula} 点对左右巫师塔无效" if zh else \
                f"{tower.capitalize()} takes no damage: {_ACE_EN[e['special']]}'s {formula} is void against a side tower"
        return f"{tower}不受伤害：左右巫师塔不扣血，{damage_sum(e['terms'], lang)} 点无效" if zh else \
            f"{tower.capitalize()} takes no damage: a side tower loses no HP, so {damage_sum(e['terms'], lang)} is void"
    if k == "healed":
        largest = _c(e["card"], lang) if "card" in e else ""
        full = e.get("full", e["amount"])
        capped = ""
        if full != e["amount"]:
            capped = f"，以初始生命为上限，{full} 点只回复 {e['amount']} 点" if zh else \
                f", capped at the starting HP: {e['amount']} of {full}"
        if zh:
            why = f"（战斗盘上最大的牌 {largest} 为 {full}{capped}；现 {e['hp']}）" if largest else f"（现 {e['hp']}）"
            return f"{who} 以♥A补给回复 {e['amount']} 点{why}"
        why = f" (♥A supply: the largest card on the board, {largest}, is {full}{capped}; HP {e['hp']})" if largest \
            else f" (♥A supply; HP {e['hp']})"
        return f"{who} heals {e['amount']}{why}"
    if k == "heal_too_late":
        return f"{who} 的♥A补给（{e['amount']} 点）来不及：战斗伤害已使其生命降至 {e['hp']}" if zh else \
            f"{who}'s ♥A supply ({e['amount']}) comes too late: the battle damage has brought him to {e['hp']} HP"
    if k == "arcane_swap":
        why = f"（{_lower(e['base'], e['other'], lang)}）" if zh and "base" in e else \
            (f" ({_lower(e['base'], e['other'], lang)})" if "base" in e else "")
        return (f"♦A秘术{why}：{_c(e['attack_card'], lang)} 与 {_c(e['defence_card'], lang)} 互换拥有者" if zh else
                f"♦A arcane swap{why}: {_c(e['attack_card'], lang)} and {_c(e['defence_card'], lang)} change owners")
    if k == "returned":
        kind, name = e["to"].split(":")
        if zh:
            place = f"{_SEAT_ZH[name]}方手牌" if kind == "hand" else _TOWER_ZH[name]
            return f"{_c(e['card'], lang)} 回到{place}"
        place = f"{name}'s hand" if kind == "hand" else f"the {name} tower"
        return f"{_c(e['card'], lang)} goes back to {place}"
    if k == "junked":
        cards = " ".join(_c(c, lang) for c in e["cards"])
        verb = "goes" if len(e["cards"]) == 1 else "go"
        return f"{cards} 置于废品包裹" if zh else f"{cards} {verb} to the junk bag"
    if k == "discarded":
        card = f" {_c(e['card'], lang)}" if "card" in e else ""
        return f"{who} 弃一张牌{card}至废品包裹" if zh else f"{who} discards a card{card} to the junk bag"
    if k == "placed":
        card = f" {_c(e['card'], lang)}" if "card" in e else ""
        return f"巫师把一张牌{card}放上{_TOWER_ZH[e['tower']]}" if zh else f"The wizard places a card{card} on the {e['tower']} tower"
    if k == "swapped_in":
        extra = f"（放 {_c(e['placed'], lang)}，取 {_c(e['taken'], lang)}）" if "placed" in e else ""
        extra_en = f" (placed {_c(e['placed'], lang)}, took {_c(e['taken'], lang)})" if "placed" in e else ""
        return f"巫师用手牌调换{_slot_zh(e['slot'])}{extra}" if zh else f"The wizard swaps a hand card with {_slot_en(e['slot'])}{extra_en}"
    if k == "tower_swap":
        a, b = e["slots"]
        return f"巫师调换{_slot_zh(a)}与{_slot_zh(b)}" if zh else f"The wizard swaps {_slot_en(a)} and {_slot_en(b)}"
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
