"""Player-facing wording of xeno-faction actions and events, in English and Chinese (``lang`` = en | zh).

>>> from tablecraft.games.xeno_faction.actions import ACTIONS, attack
>>> describe_action(ACTIONS[attack(0, 2)], "en"), describe_action(ACTIONS[attack(0, 2)], "zh")
("attack the opponent's row 3 with row 1 (damage doubled)", '以第1排攻击对方第3排（伤害加倍）')
"""

from __future__ import annotations

from typing import Any

from tablecraft.core.cards import card_str, card_symbol, parse_card

from .actions import Kind, XFAction
from .spec import DIRECT, FACE_ROW, RANK, SEAT_NAMES, SEAT_NAMES_ZH, ZONE_OF, J, K, Q

ROW_SUIT_SYMBOL = ("♦", "♠", "♣")
ROW_SUIT_ZH = ("方块", "黑桃", "梅花")
_FACE_EN = {J: "split rebirth", Q: "call of the abyss", K: "outer charge"}
_FACE_ZH = {J: "分裂新生", Q: "深渊的呼唤", K: "域外充能"}
_REASON_EN = {"life_zero": "life reduced to zero", "deep_sea": "深海时代: more than 54 cards banished",
              "both_zero": "both players at zero life", "turn_cap": "turn cap reached"}
_REASON_ZH = {"life_zero": "对方生命值归零", "deep_sea": "深海时代：双方除外区超过54张",
              "both_zero": "双方生命值同时归零", "turn_cap": "达到回合上限"}
_SOURCE_EN = {
    "attack": "attack", "direct": "direct attack", "abyss": "深渊魔法 (大王): banished points",
    "abyss_direct": "大王 direct attack: five deck cards banished", "special_placement": "special placement",
    "knight": "深渊骑士 (小王)", "knight_cost": "小王 on the opponent's turn", "clash": "大王 clash",
    "split_push": "pushed out of the extra zone", "k_passive": "域外充能", "charge": "域外充能",
    "joker": "大王 leaves the field",
}
_SOURCE_ZH = {
    "attack": "攻击", "direct": "直接攻击", "abyss": "深渊魔法：除外区点数", "abyss_direct": "大王直接攻击：除外五张牌组的牌",
    "special_placement": "特殊放置", "knight": "深渊骑士", "knight_cost": "对方回合发动小王", "clash": "大王对决",
    "split_push": "被挤出额外区", "k_passive": "域外充能", "charge": "域外充能", "joker": "大王离场",
}


def _c(text: str) -> str:
    """A card's notation with its suit symbol; the jokers by their Chinese names."""
    if text == "JKR":
        return "大王"
    if text == "JKB":
        return "小王"
    return card_symbol(parse_card(text))


def _card(card: int) -> str:
    return _c(card_str(card))


def _row(row: int, lang: str) -> str:
    if row == DIRECT:
        return "the player" if lang != "zh" else "玩家"
    return f"第{row + 1}排" if lang == "zh" else f"row {row + 1}"


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
        return "不发动小王" if zh else "let the 大王 be (no 小王)"
    if k is Kind.KNIGHT:
        return "发动小王【深渊骑士】：消灭对方的大王" if zh else "use 小王 (abyss knight): destroy the opponent's 大王"
    if k is Kind.SKIP:
        return "不进行特殊放置" if zh else "no special placement"
    if k is Kind.FIGHT:
        return "应战：将手牌中大王那排花色的牌全部放在场上" if zh else \
            "fight: put every hand card of the 大王 row's suit onto the field"
    if k is Kind.YIELD:
        return "放弃出牌：己方大王被消灭并受到十点伤害" if zh else "give up: your 大王 is destroyed and you take 10"
    if k is Kind.REMOVE_ALL:
        return "撤掉这一排的全部花牌" if zh else "remove both face cards"
    card = _card(a) if a >= 0 else ""
    if k is Kind.DISCARD:
        return f"弃掉 {card}" if zh else f"discard {card}"
    if k is Kind.PLACE:
        return f"将 {card} 放置在{_row(b, lang)}" if zh else f"place {card} in {_row(b, lang)}"
    if k is Kind.EXTRA:
        return f"将 {card} 放置在{_zone(ZONE_OF[a], lang)}" if zh else f"put {card} into {_zone(ZONE_OF[a], lang)}"
    if k is Kind.PAIR:
        return f"同时放置 {card} 和 {_card(b)}（额外区效果）" if zh else \
            f"place {card} and {_card(b)} together (extra-zone pair)"
    if k is Kind.FACE:
        return f"将 {card} 放置在第{_face_row(a)}排【{_FACE_ZH[RANK[a]]}】" if zh else \
            f"place {card} in row {_face_row(a)} ({_FACE_EN[RANK[a]]})"
    if k is Kind.REPLACE:
        return f"挤掉 {card}（送去墓地）" if zh else f"push out {card} (to the graveyard)"
    if k is Kind.DISPEL:
        side = ("己方" if b == 0 else "对方") if zh else ("your" if b == 0 else "the opponent's")
        return f"使用 {card}【解万法者】：撤掉{side}{_row(action.c, lang)}的花牌" if zh else \
            f"use {card} (dispeller): remove the face cards of {side} {_row(action.c, lang)}"
    if k is Kind.REMOVE:
        return f"撤掉 {card}" if zh else f"remove {card}"
    if k is Kind.JOKER:
        return f"将大王【深渊魔法】放置在{_row(b, lang)}" if zh else f"place 大王 (abyss magic) in {_row(b, lang)}"
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
            return f"以{_row(a, lang)}直接攻击玩家" if zh else f"attack the player directly with {_row(a, lang)}"
        return f"以{_row(a, lang)}攻击对方{_row(b, lang)}{double}" if zh else \
            f"attack the opponent's {_row(b, lang)} with {_row(a, lang)}{double}"
    if k is Kind.LOSE:
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
        cards = " ".join(_c(c) for c in e.get("cards", []))
        return f"{who} 抽 {e['count']} 张 {cards}" if zh else f"{who} draws {e['count']} cards {cards}"
    if k == "turn":
        return f"— 第 {e['turn']} 回合：{who} —" if zh else f"— turn {e['turn']}: {who} —"
    if k == "drew":
        card = f" {_c(e['card'])}" if "card" in e else ""
        return f"{who} 抽了一张牌{card}" if zh else f"{who} draws a card{card}"
    if k == "deck_empty":
        return f"{who} 的卡组已空，无法抽牌" if zh else f"{who}'s deck is empty: no card drawn"
    if k == "hand_check":
        return f"{who} 手牌 {e['hand']} 张，须弃至 {e['to']} 张" if zh else \
            f"{who} holds {e['hand']} cards and must discard down to {e['to']}"
    if k == "moved":
        card, src, dst = _c(e["card"]), _place(e["from"], lang), _place(e["to"], lang)
        return f"{who} 的 {card}：{src} → {dst}" if zh else f"{who}'s {card}: {src} → {dst}"
    if k == "placement_done":
        return f"{who} 结束放置阶段" if zh else f"{who} ends the placement phase"
    if k == "dispel":
        target = seat_label(e["target"], lang)
        return f"{who} 使用 {_c(e['card'])}【解万法者】：{target} 第{e['row']}排的花牌" if zh else \
            f"{who} uses {_c(e['card'])} (dispeller) on {target}'s row {e['row']}"
    if k == "knight":
        when = ("（对方回合）" if zh else " on the opponent's turn") if e["reacting"] else ""
        return f"{who} 发动小王【深渊骑士】{when}" if zh else f"{who} uses 小王 (abyss knight){when}"
    if k == "declined":
        return f"{who} 不发动小王" if zh else f"{who} does not answer with 小王"
    if k == "split":
        return f"{who}【分裂新生】：第{e['row']}排的 {_c(e['card'])} 进入额外区" if zh else \
            f"{who} (split rebirth): {_c(e['card'])} leaves row {e['row']} for the extra zone"
    if k == "summon_skipped":
        return f"{who} 不进行特殊放置" if zh else f"{who} makes no special placement"
    if k == "shuffled":
        return f"{who} 的卡组洗牌" if zh else f"{who}'s deck is shuffled"
    if k == "charge":
        n = "①②③"[e["option"] - 1]
        return f"{who}【域外充能{n}】第{e['row']}排" if zh else f"{who} (outer charge {n}) on row {e['row']}"
    if k == "attack":
        target = e["target"]
        abyss = ("（大王）" if zh else " (大王)") if e.get("abyss") else ""
        if target == "direct":
            return f"{who} 以第{e['row']}排直接攻击玩家{abyss}" if zh else \
                f"{who} attacks the player directly with row {e['row']}{abyss}"
        return f"{who} 以第{e['row']}排攻击对方第{target}排{abyss}" if zh else \
            f"{who} attacks row {target} with row {e['row']}{abyss}"
    if k == "no_attack":
        reason = e.get("reason")
        if reason == "first_turn":
            return f"{who} 先抽牌，第一回合不能攻击" if zh else f"{who} drew first and may not attack on the first turn"
        if reason == "no_target":
            return f"{who} 没有可以进行的攻击" if zh else f"{who} has no attack to make"
        return f"{who} 不攻击" if zh else f"{who} does not attack"
    if k == "clash":
        return "大王对大王！" if zh else "大王 meets 大王!"
    if k == "clash_choice":
        if zh:
            return f"{who} {'应战' if e['fight'] else '放弃出牌'}"
        return f"{who} {'fights' if e['fight'] else 'gives up'}"
    if k == "clash_totals":
        return f"对决：进攻方 {e['attacker']} 对 防守方 {e['defender']}" if zh else \
            f"Clash totals: attacker {e['attacker']}, defender {e['defender']}"
    if k == "damage":
        src = (_SOURCE_ZH if zh else _SOURCE_EN).get(e["source"], e["source"])
        return f"{who} 受到 {e['amount']} 点伤害（{src}），生命 {e['life']}" if zh else \
            f"{who} takes {e['amount']} damage ({src}); life {e['life']}"
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

