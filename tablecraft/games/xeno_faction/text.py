"""Player-facing wording of xeno-faction actions and events, in English and Chinese (``lang`` = en | zh).

>>> from tablecraft.games.xeno_faction.actions import ACTIONS, attack
>>> describe_action(ACTIONS[attack(0, 2)], "en"), describe_action(ACTIONS[attack(0, 2)], "zh")
("attack the opponent's row 3 with row 1 (damage doubled)", '以第1排攻击对方第3排（伤害加倍）')
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.cards import card_str, card_symbol, parse_card

from .actions import Kind, XFAction
from .rules import attack_damage, points, row_total
from .spec import DIRECT, FACE_ROW, RANK, SEAT_NAMES, SEAT_NAMES_ZH, VALUE, ZONE_OF, J, K, Q

ROW_SUIT_SYMBOL = ("♦", "♠", "♣")
ROW_SUIT_ZH = ("方块", "黑桃", "梅花")
_FACE_EN = {J: "split rebirth", Q: "call of the abyss", K: "outer charge"}
_FACE_ZH = {J: "分裂新生", Q: "深渊的呼唤", K: "域外充能"}
_REASON_EN = {"life_zero": "life reduced to zero", "deep_sea": "Deep-Sea Age: more than 54 cards banished",
              "both_zero": "both players at zero life", "turn_cap": "turn cap reached"}
_REASON_ZH = {"life_zero": "对方生命值归零", "deep_sea": "深海时代：双方除外区超过54张",
              "both_zero": "双方生命值同时归零", "turn_cap": "达到回合上限"}
_SOURCE_EN = {
    "attack": "attack", "direct": "direct attack", "abyss": "abyss magic (Big Joker): banished points",
    "abyss_direct": "Big Joker direct attack: five deck cards banished", "special_placement": "special placement",
    "knight": "abyss knight (Little Joker)", "knight_cost": "Little Joker on the opponent's turn",
    "clash": "Big Joker clash", "split_push": "pushed out of the extra zone", "k_passive": "outer charge",
    "charge": "outer charge", "joker": "the Big Joker leaves the field",
}
_SOURCE_ZH = {
    "attack": "攻击", "direct": "直接攻击", "abyss": "深渊魔法：除外区点数", "abyss_direct": "大王直接攻击：除外五张牌组的牌",
    "special_placement": "特殊放置", "knight": "深渊骑士", "knight_cost": "对方回合发动小王", "clash": "大王对决",
    "split_push": "被挤出额外区", "k_passive": "域外充能", "charge": "域外充能", "joker": "大王离场",
}


_JOKERS = {"JKR": ("大王", "Big Joker"), "JKB": ("小王", "Little Joker")}
BIG = {"zh": "大王", "en": "Big Joker"}
"""大王 (深渊魔法) in each language."""
LITTLE = {"zh": "小王", "en": "Little Joker"}
"""小王 (深渊骑士) in each language."""


def _c(text: str, lang: str = "en") -> str:
    """A card's notation with its suit symbol; the jokers by name (大王 / 小王, Big / Little Joker)."""
    if text in _JOKERS:
        zh, en = _JOKERS[text]
        return zh if lang == "zh" else en
    return card_symbol(parse_card(text))


def _card(card: int, lang: str = "en") -> str:
    return _c(card_str(card), lang)


def _row(row: int, lang: str) -> str:
    if row == DIRECT:
        return "the player" if lang != "zh" else "玩家"
    return f"第{row + 1}排" if lang == "zh" else f"row {row + 1}"


def card_words(card: int, lang: str = "en") -> str:
    """A card of a seat's own deck in words: ``5♦``, the jokers by name (大王 / Big Joker)."""
    return _card(card, lang)


def row_words(row: int, lang: str) -> str:
    """A row in words (``第1排`` / ``row 1``; ``DIRECT`` is the player)."""
    return _row(row, lang)


def _zone(z: int, lang: str) -> str:
    return f"{ROW_SUIT_ZH[z]}额外区" if lang == "zh" else f"the {ROW_SUIT_SYMBOL[z]} extra zone"


def _place(name: str, lang: str) -> str:
    """A place name from an event (``hand``, ``row2``, ``extra:D`` …) in words."""
    zh = lang == "zh"
    if name.startswith("row"):
        n = name[3:]
        return f"第{n}排" if zh else f"row {n}"
    if name.startswith("extra:"):
        return _zone("DSC".index(name[-1]), lang)
    words = {"hand": ("hand", "手牌"), "deck": ("deck", "卡组"), "graveyard": ("graveyard", "墓地"),
             "banished": ("banished zone", "除外区")}
    en, zh_word = words.get(name, (name, name))
    return zh_word if zh else en


def seat_label(seat: int | None, lang: str) -> str:
    """``alpha`` / ``甲``."""
    if seat is None:
        return "—"
    return SEAT_NAMES_ZH[seat] if lang == "zh" else SEAT_NAMES[seat]


def describe_action(action: XFAction, lang: str = "en", state: Any = None) -> str:
    """What choosing ``action`` means, in words."""
    k, a, b = action.kind, action.a, action.b
    zh = lang == "zh"
    if k is Kind.DONE:
        return "结束放置阶段" if zh else "end the placement phase"
    if k is Kind.PASS:
        return "不攻击，结束回合" if zh else "do not attack; end the turn"
    if k is Kind.DECLINE:
        return "不发动小王" if zh else "let the Big Joker be (no Little Joker)"
    if k is Kind.KNIGHT:
        return "发动小王【深渊骑士】：消灭对方的大王" if zh else "use the Little Joker (abyss knight): destroy the opponent's Big Joker"
    if k is Kind.SKIP:
        return "不进行特殊放置" if zh else "no special placement"
    if k is Kind.FIGHT:
        return "应战：将手牌中大王那排花色的牌全部放在场上" if zh else \
            "fight: put every hand card of the Big Joker row's suit onto the field"
    if k is Kind.YIELD:
        return "放弃出牌：己方大王被消灭并受到十点伤害" if zh else "give up: your Big Joker is destroyed and you take 10"
    if k is Kind.REMOVE_ALL:
        return "撤掉这一排的全部花牌" if zh else "remove both face cards"
    card = _card(a, lang) if a >= 0 else ""
    if k is Kind.DISCARD:
        return f"弃掉 {card}" if zh else f"discard {card}"
    if k is Kind.PLACE:
        return f"将 {card} 放置在{_row(b, lang)}" if zh else f"place {card} in {_row(b, lang)}"
    if k is Kind.EXTRA:
        return f"将 {card} 放置在{_zone(ZONE_OF[a], lang)}" if zh else f"put {card} into {_zone(ZONE_OF[a], lang)}"
    if k is Kind.PAIR:
        return f"同时放置 {card} 和 {_card(b, lang)}（额外区效果）" if zh else \
            f"place {card} and {_card(b, lang)} together (extra-zone pair)"
    if k is Kind.FACE:
        return f"将 {card} 放置在第{_face_row(a)}排【{_FACE_ZH[RANK[a]]}】" if zh else \
            f"place {card} in row {_face_row(a)} ({_FACE_EN[RANK[a]]})"
    if k is Kind.REPLACE:
        return f"挤掉 {card}（送去墓地）" if zh else f"push out {card} (to the graveyard)"
    if k is Kind.DISPEL:
        side = ("己方" if b == 0 else "对方") if zh else ("your" if b == 0 else "the opponent's")
        return f"使用 {card}【解万法者】：撤掉{side}{_row(action.c, lang)}的花牌" if zh else \
            f"use {card} (dispeller): remove the face cards of {side} {_row(action.c, lang)}"
    if k is Kind.REMOVE and not (state is not None and state.phase.name == "LOSE"):
        return f"撤掉 {card}" if zh else f"remove {card}"
    if k is Kind.JOKER:
        return f"将大王【深渊魔法】放置在{_row(b, lang)}" if zh else f"place the Big Joker (abyss magic) in {_row(b, lang)}"
    if k is Kind.SPLIT:
        return f"【分裂新生】将 {card} 放置到{_zone(ZONE_OF[a], lang)}" if zh else \
            f"split rebirth (J): move {card} to {_zone(ZONE_OF[a], lang)}"
    if k is Kind.SUMMON:
        return f"特殊放置 {card} 到{_row(b, lang)}（受到一点伤害）" if zh else \
            f"special placement: {card} into {_row(b, lang)} (1 damage)"
    if k is Kind.CHARGE1:
        return f"【域外充能①】除外 {card}，对方除外一张同点数的普通牌，各自回复点数" if zh else \
            f"outer charge ①: banish {card}; the opponent banishes one of the same rank; each heals its rank"
    if k is Kind.CHARGE2:
        return f"【域外充能②】除外 {card}，回复 {RANK[a]} 点生命" if zh else \
            f"outer charge ②: banish {card} and heal {RANK[a]}"
    if k is Kind.CHARGE3:
        return f"【域外充能③】除外{_row(b, lang)}全部普通牌，对方除外同样数量" if zh else \
            f"outer charge ③: banish all of {_row(b, lang)}; the opponent banishes as many"
    if k is Kind.GIVE:
        return f"除外 {card}（域外充能）" if zh else f"banish {card} (for the outer charge)"
    if k is Kind.ATTACK:
        double = ("（伤害加倍）" if zh else " (damage doubled)") if a == 0 and b == 2 else ""
        if b == DIRECT:
            words = f"以{_row(a, lang)}直接攻击玩家" if zh else f"attack the player directly with {_row(a, lang)}"
        else:
            words = f"以{_row(a, lang)}攻击对方{_row(b, lang)}{double}" if zh else \
                f"attack the opponent's {_row(b, lang)} with {_row(a, lang)}{double}"
        return words + (_attack_outcome(state, a, b, lang) if state is not None else "")
    if k is Kind.LOSE or k is Kind.REMOVE:  # REMOVE here: a face card lost to an attack (face_rows_occupied)
        if state is not None:
            dmg = attack_damage(VALUE[a], state.p_row, state.p_target)
            return f"让 {card} 被消灭（受到 {dmg} 点伤害）" if zh else f"let {card} be the card removed ({dmg} damage)"
        return f"让 {card} 被消灭" if zh else f"let {card} be the card removed"
    return str(action)


def _face_row(card: int) -> int:
    return FACE_ROW[card] + 1


def describe_event(e: dict[str, Any], lang: str = "en") -> str:
    """One line for a redacted event (only the fields the viewer was given)."""
    k = e["kind"]
    zh = lang == "zh"
    who = seat_label(e.get("seat"), lang)
    if k == "start":
        first = seat_label(e["first"], lang)
        life = "/".join(str(x) for x in e["life"])
        return f"游戏开始：{first} 先抽牌；生命 {life}" if zh else f"The game begins: {first} draws first; life {life}"
    if k == "dealt":
        cards = " ".join(_c(c, lang) for c in e.get("cards", []))
        return f"{who} 抽 {e['count']} 张 {cards}" if zh else f"{who} draws {e['count']} cards {cards}"
    if k == "turn":
        return f"— 第 {e['turn']} 回合：{who} —" if zh else f"— turn {e['turn']}: {who} —"
    if k == "drew":
        card = f" {_c(e['card'], lang)}" if "card" in e else ""
        return f"{who} 抽了一张牌{card}" if zh else f"{who} draws a card{card}"
    if k == "deck_empty":
        return f"{who} 的卡组已空，无法抽牌" if zh else f"{who}'s deck is empty: no card drawn"
    if k == "hand_check":
        return f"{who} 手牌 {e['hand']} 张，须弃至 {e['to']} 张" if zh else \
            f"{who} holds {e['hand']} cards and must discard down to {e['to']}"
    if k == "moved":
        card, src, dst = _c(e["card"], lang), _place(e["from"], lang), _place(e["to"], lang)
        return f"{who} 的 {card}：{src} → {dst}" if zh else f"{who}'s {card}: {src} → {dst}"
    if k == "placement_done":
        return f"{who} 结束放置阶段" if zh else f"{who} ends the placement phase"
    if k == "dispel":
        target = seat_label(e["target"], lang)
        return f"{who} 使用 {_c(e['card'], lang)}【解万法者】：{target} 第{e['row']}排的花牌" if zh else \
            f"{who} uses {_c(e['card'], lang)} (dispeller) on {target}'s row {e['row']}"
    if k == "knight":
        when = ("（对方回合）" if zh else " on the opponent's turn") if e["reacting"] else ""
        return f"{who} 发动小王【深渊骑士】{when}" if zh else f"{who} uses the Little Joker (abyss knight){when}"
    if k == "declined":
        return f"{who} 不发动小王" if zh else f"{who} does not answer with the Little Joker"
    if k == "split":
        return f"{who}【分裂新生】：第{e['row']}排的 {_c(e['card'], lang)} 进入额外区" if zh else \
            f"{who} (split rebirth): {_c(e['card'], lang)} leaves row {e['row']} for the extra zone"
    if k == "summon_skipped":
        return f"{who} 不进行特殊放置" if zh else f"{who} makes no special placement"
    if k == "shuffled":
        return f"{who} 的卡组洗牌" if zh else f"{who}'s deck is shuffled"
    if k == "charge":
        n = "①②③"[e["option"] - 1]
        return f"{who}【域外充能{n}】第{e['row']}排" if zh else f"{who} (outer charge {n}) on row {e['row']}"
    if k == "attack":
        return _attack_event(e, who, lang)
    if k == "no_attack":
        reason = e.get("reason")
        if reason == "first_turn":
            return f"{who} 先抽牌，第一回合不能攻击" if zh else f"{who} drew first and may not attack on the first turn"
        if reason == "no_target":
            return f"{who} 没有可以进行的攻击" if zh else f"{who} has no attack to make"
        return f"{who} 不攻击" if zh else f"{who} does not attack"
    if k == "clash":
        return "大王对大王！" if zh else "Big Joker meets Big Joker!"
    if k == "clash_choice":
        if zh:
            return f"{who} {'应战' if e['fight'] else '放弃出牌'}"
        return f"{who} {'fights' if e['fight'] else 'gives up'}"
    if k == "clash_totals":
        a, d = e["attacker"], e["defender"]
        if "loser" not in e:
            return f"对决：进攻方 {a} 对 防守方 {d}" if zh else f"Clash totals: attacker {a}, defender {d}"
        loser = seat_label(e["loser"], lang)
        why = (f"{a} = {d}，平局算进攻方胜" if a == d else f"{min(a, d)} < {max(a, d)}") if zh else \
            (f"{a} = {d}: a tie goes to the attacker" if a == d else f"{min(a, d)} < {max(a, d)}")
        return f"对决：进攻方 {a} 对 防守方 {d}（{why}）：{loser} 的大王被消灭" if zh else \
            f"Clash totals: attacker {a}, defender {d} ({why}): {loser}'s Big Joker is destroyed"
    if k == "damage":
        return _damage_event(e, who, lang)
    if k == "heal":
        src = (_SOURCE_ZH if zh else _SOURCE_EN).get(e["source"], e["source"])
        return f"{who} 回复 {e['amount']} 点生命（{src}），生命 {e['life']}" if zh else \
            f"{who} heals {e['amount']} ({src}); life {e['life']}"
    if k == "game_over":
        reason = (_REASON_ZH if zh else _REASON_EN).get(e["reason"], e["reason"])
        if not e["winners"]:
            return f"游戏结束：平局（{reason}）" if zh else f"Game over: a draw ({reason})"
        names = seat_label(e["winners"][0], lang)
        return f"游戏结束：{names} 获胜（{reason}）" if zh else f"Game over: {names} wins ({reason})"
    return str(e)



def _attack_event(e: dict[str, Any], who: str, lang: str) -> str:
    """攻击阶段 in words, with both row totals (攻击伤害计算 ①: the attacker's must be greater)."""
    zh = lang == "zh"
    row, target = e["row"], e["target"]
    total, theirs = e.get("total"), e.get("defender_total")
    if target == "direct":
        head = f"{who} 以第{row}排直接攻击玩家" if zh else f"{who} attacks the player directly with row {row}"
    else:
        head = f"{who} 以第{row}排攻击对方第{target}排" if zh else f"{who} attacks row {target} with row {row}"
    if e.get("abyss"):
        return f"{head}（大王：攻击必胜）" if zh else f"{head} (Big Joker: the attack always wins)"
    if total is None:  # an event from before the totals were recorded
        return head
    if target == "direct":
        return f"{head}：第{row}排合计 {total}" if zh else f"{head}: row {row} totals {total}"
    double = ("，伤害加倍" if zh else "; the damage is doubled") if e.get("double") else ""
    return f"{head}：{total} 大于 {theirs}{double}" if zh else f"{head}: {total} beats {theirs}{double}"


def _damage_event(e: dict[str, Any], who: str, lang: str) -> str:
    """A life loss with its arithmetic: the removed card (×2), a row's total, the banished points."""
    zh = lang == "zh"
    src, amount, life = e["source"], e["amount"], e["life"]
    why = (_SOURCE_ZH if zh else _SOURCE_EN).get(src, src)
    if src == "attack" and "card" in e:
        card = _c(e["card"], lang)
        if e.get("double"):
            why = f"攻击：{card} 被消灭，点数 {e['value']} × 2 = {amount}（♦排攻击♣排，伤害加倍）" if zh else \
                f"attack: {card} goes, its {e['value']} × 2 = {amount} (row 1 against row 3: doubled)"
        else:
            why = f"攻击：{card} 被消灭，点数 {amount}" if zh else f"attack: {card} goes, its value {amount}"
    elif src == "direct" and "row" in e:
        why = f"直接攻击：第{e['row']}排合计 {amount}" if zh else f"direct attack: row {e['row']} totals {amount}"
    elif src == "abyss" and "count" in e:
        own = e.get("own")
        if zh:
            whose = "（大王攻击者自己也要承受）" if own else ""
            why = f"深渊魔法{whose}：自己除外区 {e['count']} 张牌的点数合计 {amount}"
        else:
            whose = " hits the Big Joker's own player too" if own else ""
            n = e["count"]
            why = f"abyss magic{whose}: the points of their own banished zone, {n} card{'s' * (n != 1)}, total {amount}"
    elif src == "abyss_direct" and "cards" in e:
        cards = " ".join(_c(c, lang) for c in e["cards"])
        why = f"大王直接攻击：除外牌组的 {cards}，点数合计 {amount}（花牌算作一点）" if zh else \
            f"Big Joker direct attack: {cards} banished from the deck, points total {amount} (face cards 1)"
    return f"{who} 受到 {amount} 点伤害（{why}），生命 {life}" if zh else f"{who} takes {amount} damage ({why}); life {life}"


def _attack_outcome(state: Any, row: int, target: int, lang: str) -> str:
    """What an attack choice would do, from the public field (攻击伤害计算, 深渊魔法): both totals, the card that
    would go and the damage, or a 大王's sweep; text to append to the choice."""
    zh = lang == "zh"
    p = state.turn_seat
    o = 1 - p
    mine = row_total(state.rows[p][row])
    if state.joker[p] == row:  # 有大王存在的一排攻击必胜
        heal = "，之后大王除外，你回复 10 点" if zh else "; then the Big Joker is banished and you heal 10"
        if target == DIRECT:
            left = len(state.decks[o])
            extra = ""
            if state.opt["joker_direct_row_damage"]:
                extra = f"，另加第{row + 1}排合计 {mine}" if zh else f", plus row {row + 1}'s total {mine}"
            return (f"：大王必胜，随机除外对方牌组 {min(5, left)} 张牌，伤害为其点数{extra}{heal}" if zh else
                    f": the Big Joker wins; {min(5, left)} random cards of the opponent's deck are banished, their "
                    f"points the damage{extra}{heal}")
        if state.joker[o] == target:
            return "：大王对大王，进入对决" if zh else ": Big Joker against Big Joker, a clash"
        swept = state.rows[o][target]
        theirs = points(state.banished[o]) + points(swept)
        own = points(state.banished[p])
        if zh:
            return (f"：大王必胜，对方第{target + 1}排 {len(swept)} 张普通牌除外；之后对方受到其除外区点数 {theirs} 点，"
                    f"你受到自己除外区点数 {own} 点{heal}")
        return (f": the Big Joker wins; the opponent's row {target + 1} loses its {len(swept)} normal cards to the "
                f"banished zone, then they take their banished points, {theirs}, and you take yours, {own}{heal}")
    if target == DIRECT:
        return f"：第{row + 1}排合计 {mine}，对方受到 {mine} 点伤害" if zh else \
            f": row {row + 1} totals {mine}, the opponent takes {mine}"
    theirs = row_total(state.rows[o][target])
    cards = state.rows[o][target] or state.faces[o][target]
    low = [c for c in cards if VALUE[c] == min(VALUE[x] for x in cards)]
    value = VALUE[low[0]]
    dmg = attack_damage(value, row, target)
    calc = f"{value} × 2 = {dmg}" if dmg != value else str(dmg)
    names = " / ".join(_card(c, lang) for c in low)
    if zh:
        who = f"{names} 之一（由对方选择）" if len(low) > 1 else names
        return f"：{mine} 对 {theirs}，{who}被消灭，对方受到 {calc} 点伤害"
    who = f"one of {names} (the opponent chooses)" if len(low) > 1 else names
    return f": {mine} against {theirs}; {who} goes, the opponent takes {calc}"
