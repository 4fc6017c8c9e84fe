"""Player-facing wording of wild-hunters actions and events, in English and Chinese (``lang`` = en | zh)."""

from __future__ import annotations

from typing import Any

from .actions import Kind, WHAction
from .content import (
    DEMON_KINGS,
    DIE_FACES,
    DIE_FACES_ZH,
    ELEMENT_LETTERS,
    ELEMENT_NAMES,
    ELEMENT_ZH,
    HEROES,
    PROFESSIONS,
    TERRAINS,
    destiny_hero,
    is_stun,
    kind_en,
    kind_zh,
    parse_destiny,
    parse_kind,
)
from .hexmap import DIR_NAMES, DIR_NAMES_ZH

_PROF = {p.id: p for p in PROFESSIONS}
_TERRAIN = {t.id: t for t in TERRAINS}


def card_words(card: str, lang: str) -> str:
    """A card kind in words: ``WF`` → ``water/fire`` / ``水火`` (the browser table's names; the code is what one
    types, never what a player reads)."""
    mask = parse_kind(card)
    return kind_zh(mask) if lang == "zh" else kind_en(mask)


def cards_words(cards: list[str], lang: str) -> str:
    """Several cards: ``water, water/fire`` / ``水+水火``; ``—`` for none."""
    return ("+" if lang == "zh" else ", ").join(card_words(c, lang) for c in cards) or "—"


def hero_words(seat: int | None, lang: str, game: Any = None) -> str:
    """The hero of a seat: ``water`` / ``沃特``."""
    if seat is None:
        return "—"
    if game is not None:
        return str(game.seat_name(seat, lang))
    h = HEROES[seat]
    return h.name_zh if lang == "zh" else h.id


def destiny_words(card: str, lang: str) -> str:
    """``water-1`` → ``water's action card 1`` / ``沃特的行動卡1``."""
    c = parse_destiny(card)
    h = HEROES[destiny_hero(c)]
    if is_stun(c):
        return f"{h.name_zh}的震懾卡" if lang == "zh" else f"{h.id}'s stun card"
    return f"{h.name_zh}的行動卡{card[-1]}" if lang == "zh" else f"{h.id}'s action card {card[-1]}"


def face_words(face: str, lang: str) -> str:
    """A die face or base side: ``W`` / ``水``, ``demon`` / ``鬼``."""
    i = DIE_FACES.index(face) if face in DIE_FACES else -1
    if i < 0:
        return face
    return DIE_FACES_ZH[i] if lang == "zh" else ("demon face" if face == "demon" else ELEMENT_NAMES[i])


DIR_WORDS_EN = ("east", "north-east", "north-west", "west", "south-west", "south-east")
"""The six directions in full, for explanations (``hexmap.DIR_NAMES`` are the notation's short forms)."""


def attack_words(e: dict[str, Any], who: str, lang: str) -> str:
    """An attack explained (seed 003 · 攻擊): the dice, the side of the demon king's base facing the hero (which
    side, its element), whether they match, and the damage as a sum of its terms, then his life before and after.

    >>> e = {"seat": 0, "paid": ["W"], "dice": [1], "side": 1, "facing": 1, "bonus": 1, "released": ["W", "W"],
    ...      "damage": 4, "king_before": 8, "king_hp": 4}
    >>> print(attack_words(e, "water", "en"))
    water attacks the demon king, paying water and releasing 2 sword energy: rolls fire against the fire side of his
    base (the side facing water, to his north-east) — a match; 1 (the attack) + 1 (the die matches) + 2 (sword
    energy released) = 4 damage; his life 8 → 4
    >>> print(attack_words(e, "沃特", "zh"))
    沃特攻擊惡鬼王（支付 水，釋放 2 張劍氣）：擲出 火，底座朝向沃特的一側（他的東北側）為 火，相符；傷害
    1（攻擊）+ 1（骰子相符）+ 2（釋放劍氣）= 4，惡鬼王生命 8 → 4
    """
    zh = lang == "zh"
    dice = "、".join(face_words(DIE_FACES[x], lang) for x in e["dice"]) if zh else \
        " and ".join(face_words(DIE_FACES[x], lang) for x in e["dice"])
    side = e["side"]
    blank = DIE_FACES[side] == "demon"
    released = len(e["released"])
    facing = e.get("facing")
    paid = e.get("paid") or []
    if zh:
        extra = []
        if paid:
            extra.append(f"支付 {cards_words(paid, lang)}")
        if released:
            extra.append(f"釋放 {released} 張劍氣")
        head = f"{who}攻擊惡鬼王" + (f"（{'，'.join(extra)}）" if extra else "")
        where = f"（他的{DIR_NAMES_ZH[facing]}側）" if facing is not None else ""
        if blank:
            against = f"底座朝向{who}的一側{where}為鬼面，沒有屬性，任何骰面都不相符"
        else:
            against = (f"底座朝向{who}的一側{where}為 {face_words(DIE_FACES[side], lang)}，"
                       + ("相符" if e["bonus"] else "不相符"))
        terms = ["1（攻擊）"] + (["1（骰子相符）"] if e["bonus"] else []) + \
            ([f"{released}（釋放劍氣）"] if released else [])
        life = f"惡鬼王生命 {e['king_before']} → {e['king_hp']}" if "king_before" in e else f"惡鬼王剩 {e['king_hp']}"
        # the full-width bracket already spaces the sign on its left
        return f"{head}：擲出 {dice}，{against}；傷害 {'+ '.join(terms)}= {e['damage']}，{life}"
    extra = []
    if paid:
        extra.append(f"paying {cards_words(paid, lang)}")
    if released:
        extra.append(f"releasing {released} sword energy")
    head = f"{who} attacks the demon king" + (f", {' and '.join(extra)}" if extra else "")
    where = f" (the side facing {who}, to his {DIR_WORDS_EN[facing]})" if facing is not None else \
        f" (the side facing {who})"
    if blank:
        against = f"his demon-face side{where}, which has no element and matches no die"
    else:
        against = (f"the {face_words(DIE_FACES[side], lang)} side of his base{where} — "
                   + ("a match" if e["bonus"] else "no match"))
    terms = ["1 (the attack)"] + (["1 (the die matches)"] if e["bonus"] else []) + \
        ([f"{released} (sword energy released)"] if released else [])
    life = f"his life {e['king_before']} → {e['king_hp']}" if "king_before" in e else f"his life {e['king_hp']}"
    return f"{head}: rolls {dice} against {against}; {' + '.join(terms)} = {e['damage']} damage; {life}"


def describe_action(action: WHAction, lang: str = "en") -> str:
    """What choosing ``action`` means, in words."""
    k, a = action.kind, action.a
    zh = lang == "zh"
    if k is Kind.MOVE:
        return f"向{DIR_NAMES_ZH[a]}移動（再付牌）" if zh else f"move {DIR_NAMES[a]} (then pay)"
    if k is Kind.ATTACK:
        return "攻擊惡鬼王（再付牌）" if zh else "attack the demon king (then pay)"
    if k is Kind.FOCUS:
        return f"集中：把 {kind_zh(a)} 放作劍氣並抽一張" if zh else f"focus: {kind_en(a)} becomes sword energy, draw 1"
    if k is Kind.REST:
        return "休整：捨棄一張牌，回復1點生命（再選牌）" if zh else "rest: discard a card, recover 1 life (then choose it)"
    if k is Kind.ACQUIRE:
        return f"汲取：把 {kind_zh(a)} 收入手牌" if zh else f"draw on spirit: take {kind_en(a)} into hand"
    if k is Kind.END:
        return "宣告行動結束" if zh else "end your actions"
    if k is Kind.PAY:
        return f"支付 {kind_zh(a)}" if zh else f"pay {kind_en(a)}"
    if k is Kind.RELEASE:
        return f"釋放 {a} 張劍氣（每張+1傷害）" if zh else f"release {a} sword energy (+1 damage each)"
    if k is Kind.SWAP:
        return "交換主副職業" if zh else "swap main and second profession"
    if k is Kind.KEEP:
        return "不交換職業" if zh else "keep the professions"
    if k is Kind.PROFESSION:
        p = PROFESSIONS[a]
        return f"副職業：{p.name_zh}（{ELEMENT_ZH[p.element]}）— {p.perk_zh}" if zh else \
            f"second profession: {p.id} ({ELEMENT_NAMES[p.element]}) — {p.perk_en}"
    if k is Kind.CANCEL:
        return "取消" if zh else "cancel"
    return str(action)


def _at(at: list[int]) -> str:
    return f"({at[0]},{at[1]})"


def _element(letter: str, lang: str) -> str:
    i = ELEMENT_LETTERS.index(letter)
    return ELEMENT_ZH[i] if lang == "zh" else ELEMENT_NAMES[i]


def _tile(name: str, lang: str) -> str:
    if name.startswith("camp:"):
        hero = next(h for h in HEROES if h.id == name[5:])
        return f"{hero.name_zh}營地" if lang == "zh" else f"{hero.id} camp"
    return _TERRAIN[name].name_zh if lang == "zh" else name


def describe_event(e: dict[str, Any], lang: str = "en", game: Any = None) -> str:
    """One line for a redacted event (only the fields the viewer was given)."""
    k = e["kind"]
    zh = lang == "zh"
    who = hero_words(e.get("seat"), lang, game)
    if k == "start":
        king = next(d for d in DEMON_KINGS if d.id == e["king"])
        return (f"遊戲開始：{king.name_zh}甦醒，生命 {e['king_hp']}" if zh else
                f"The hunt begins: {king.name_en} awakens with {e['king_hp']} life")
    if k in ("dealt", "drew"):
        cards = f" {cards_words(e['cards'], lang)}" if "cards" in e else ""
        return f"{who} 抽 {e['count']} 張{cards}" if zh else f"{who} draws {e['count']}{cards}"
    if k == "destiny":
        return (f"— 天命 {e['turn']}：{destiny_words(e['card'], lang)} —" if zh else
                f"— destiny {e['turn']}: {destiny_words(e['card'], lang)} —")
    if k == "destiny_shuffled":
        return f"天命牌庫洗切（{e['count']} 張）" if zh else f"The destiny deck is reshuffled ({e['count']} cards)"
    if k == "exile_shuffled":
        cards = "、".join(destiny_words(c, lang) for c in e["cards"])
        return f"放逐區的 {cards} 洗入天命牌庫" if zh else f"{cards} from the exile area is shuffled into the destiny deck"
    if k == "supply_revealed":
        return f"靈力供應區翻開 {card_words(e['card'], lang)}" if zh else f"The spirit supply shows {card_words(e['card'], lang)}"
    if k == "paid":
        return f"{who} 支付 {card_words(e['card'], lang)}" if zh else f"{who} pays {card_words(e['card'], lang)}"
    if k == "moved":
        return f"{who} 移動到 {_at(e['to'])}" if zh else f"{who} moves to {_at(e['to'])}"
    if k == "flipped":
        return (f"翻開 {_at(e['at'])}：{_tile(e['tile'], lang)}（{_element(e['element'], lang)}）" if zh else
                f"{_at(e['at'])} is turned up: {_tile(e['tile'], lang)} ({_element(e['element'], lang)})")
    if k == "attack":
        return attack_words(e, who, lang)
    if k == "demon_face":
        return "骰出鬼面：惡鬼王怒氣+1" if zh else "The demon's face is rolled: the demon king's rage rises"
    if k == "focus":
        return (f"{who} 集中：{card_words(e['card'], lang)} 化為劍氣（{e['energy']}/3）" if zh else
                f"{who} focuses: {card_words(e['card'], lang)} becomes sword energy ({e['energy']}/3)")
    if k == "milestone":
        return (f"{who} 劍氣首次達到3：{destiny_words(e['exiled'], lang)}置入天命放逐區" if zh else
                f"{who} reaches 3 sword energy for the first time: {destiny_words(e['exiled'], lang)} goes to the "
                "exile area")
    if k == "profession":
        p = _PROF[e["second"]]
        return f"{who} 取得副職業 {p.name_zh}" if zh else f"{who} takes {p.id} as second profession"
    if k == "rest":
        return (f"{who} 休整：捨棄 {card_words(e['card'], lang)}，回復 {e['healed']}（生命 {e['hp']}）" if zh else
                f"{who} rests: discards {card_words(e['card'], lang)}, recovers {e['healed']} (life {e['hp']})")
    if k == "swapped":
        main, second = _PROF[e["main"]], _PROF[e["second"]]
        lost = f"，失去劍氣 {cards_words(e['lost'], lang)}" if zh and e["lost"] else (
            f", losing sword energy {cards_words(e['lost'], lang)}" if e["lost"] else "")
        return (f"{who} 交換職業：主 {main.name_zh}、副 {second.name_zh}{lost}" if zh else
                f"{who} swaps professions: main {main.id}, second {second.id}{lost}")
    if k == "acquired":
        return f"{who} 汲取 {card_words(e['card'], lang)}" if zh else f"{who} draws on spirit: takes {card_words(e['card'], lang)}"
    if k == "king_wakes":
        moved = e["from"] != e["to"]
        prey = hero_words(e["prey"], lang, game)
        if zh:
            return f"{who}的震懾卡喚醒惡鬼王，他追獵{prey}" + (f"，移動到 {_at(e['to'])}" if moved else "，原地不動")
        return (f"{who}'s stun card wakes the demon king; he hunts {prey}"
                + (f", moving to {_at(e['to'])}" if moved else " and stays"))
    if k == "struck":
        return (f"惡鬼王重擊{who}，{e['damage']} 點傷害（生命 {e['hp']}）" if zh else
                f"The demon king strikes {who}: {e['damage']} damage (life {e['hp']})")
    if k == "guarded":
        return f"{who} 以騎士之盾擋下重擊" if zh else f"{who} guards against the strike"
    if k == "energy_washed":
        return f"{who} 的劍氣被噬去" if zh else f"{who}'s sword energy is swept away"
    if k == "rubble":
        return (f"{who} 被崩岩擊落 {card_words(e['card'], lang)}" if zh else
                f"Rockfall: {who} discards {card_words(e['card'], lang)}")
    if k == "devoured":
        return (f"{who} 被吞噬！詛咒 {e['curses']}/3，回到營地" if zh else
                f"{who} is devoured! Curse {e['curses']}/3; {who} wakes at camp")
    if k == "rage":
        return f"惡鬼王怒氣 +{e['gain']}（{e['rage']}）" if zh else f"The demon king's rage +{e['gain']} ({e['rage']})"
    if k == "unleash":
        return (f"惡鬼王怒氣爆發！詛咒 {e['curses']}/3" if zh else
                f"The demon king's rage bursts! Curse {e['curses']}/3")
    if k == "burned":
        return f"焚靈：{card_words(e['card'], lang)} 被焚毀" if zh else f"Spirit Burn: {card_words(e['card'], lang)} burns away"
    if k == "game_over":
        reasons = {"sealed": ("惡鬼王被封印，全體勝利！", "The demon king is sealed: everyone wins!"),
                   "cursed": ("詛咒達到3，惡鬼王吞噬勇者，全體落敗", "Three curses: the demon king devours the heroes"),
                   "exhausted": ("勇者疲憊不堪，全體落敗", "A hero is exhausted: everyone loses")}
        zh_text, en_text = reasons.get(e["reason"], (e["reason"], e["reason"]))
        return zh_text if zh else en_text
    return str(e)
