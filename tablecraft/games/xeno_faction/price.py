"""What each xeno-faction choice costs the player who makes it, said before it is made (issue 14 item 5): the
cards of one's own that go to the graveyard or the banished zone, the life one loses by one's own choice
(分裂新生's special placement, 小王 on the opponent's turn, a clash, the 大王 sweep's own banished points, the card an
attack takes). Read from the open field, the graveyards and banished zones and the mover's own hand — never from a
hidden card (the summoned card's source is the mover's own knowledge: its hand, its searched deck, open zones).

>>> import tablecraft
>>> g = tablecraft.load("xeno-faction")
>>> s = g.new_initial_state(seed=1, setup={"life": {"alpha": 20}, "to_move": "alpha", "first": "beta", "turn": 2,
...     "rows": {"alpha": [["8D"], [], []]}, "faces": {"alpha": [["JD"], [], []]},
...     "hands": {"alpha": ["AS", "2S", "5S"], "beta": []}, "rest": {"alpha": "banished"}})
>>> _ = s.apply("split 8D")
>>> price_words(s, s.parse_action("summon AS row2"), "en"), price_words(s, s.parse_action("summon AS row2"), "zh")
('1 damage to you (life 20 → 19)', '你受到 1 点伤害（生命 20 → 19）')
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tablecraft.core.cards import DECK_SIZE, Suit

from .actions import Kind, XFAction
from .rules import attack_damage, points
from .spec import (
    CLASH_DAMAGE,
    DIRECT,
    FACE_ROW,
    IS_NORMAL,
    KNIGHT_SELF_DAMAGE,
    ROW_SUIT,
    SUIT,
    VALUE,
    ZONE_OF,
)
from .text import BIG, LITTLE, card_words, row_words

if TYPE_CHECKING:
    from .state import XenoFactionState

__all__ = ["price_words"]


def _damage(s: XenoFactionState, seat: int, amount: int, zh: bool) -> str:
    life = s.life[seat]
    return f"你受到 {amount} 点伤害（生命 {life} → {life - amount}）" if zh else \
        f"{amount} damage to you (life {life} → {life - amount})"


def _cards(cards: list[int], lang: str) -> str:
    return ("、" if lang == "zh" else ", ").join(card_words(c, lang) for c in cards)


def _to_graveyard(cards: list[int], lang: str) -> str:
    if lang == "zh":
        return f"你的 {_cards(cards, lang)} 进入墓地"
    return f"your {_cards(cards, lang)} {'goes' if len(cards) == 1 else 'go'} to your graveyard"


def _banished(cards: list[int], lang: str) -> str:
    if lang == "zh":
        return f"你的 {_cards(cards, lang)} 被除外"
    return f"your {_cards(cards, lang)} {'is' if len(cards) == 1 else 'are'} banished"


def _join(parts: list[str], zh: bool) -> str | None:
    return ("；" if zh else "; ").join(parts) or None


def _own_extra(s: XenoFactionState, zone: int) -> int:
    """The mover's own card in extra zone ``zone``, or -1."""
    e = s.extra[zone]
    p = s.turn_seat
    return e - p * DECK_SIZE if e >= 0 and e // DECK_SIZE == p else -1


def _clash_cards(s: XenoFactionState, seat: int, row: int) -> list[int]:
    """The hand cards ``seat`` puts into ``row`` if it fights a 大王 clash (``state._clash_place``)."""
    suit = ROW_SUIT[row]
    hearts = s.opt["clash_hearts"] and row < 2
    cards = [c for c in s.hands[seat] if IS_NORMAL[c] and (SUIT[c] == suit or hearts and SUIT[c] == Suit.HEARTS)]
    if s.opt["clash_faces"]:
        cards += [c for c in s.hands[seat] if FACE_ROW[c] == row]
    return cards


def price_words(s: XenoFactionState, action: XFAction, lang: str = "en") -> str | None:
    """What ``action`` (legal in ``s``) costs the player to move, in ``lang``; ``None`` when it costs nothing of
    theirs (placing a card is playing it, not paying)."""
    k, a, b = action.kind, action.a, action.b
    zh = lang == "zh"
    me = s.to_move
    if k is Kind.DISCARD or k is Kind.REPLACE:
        return _to_graveyard([a], lang)
    if k is Kind.EXTRA:
        old = _own_extra(s, ZONE_OF[a])
        return _to_graveyard([old], lang) if old >= 0 else None
    if k is Kind.DISPEL:  # the ♥ card is spent; on one's own row, one's own face cards go too
        lost = [a] + (s.faces[me][action.c][:] if b == 0 else [])
        return _to_graveyard(lost, lang)
    if k is Kind.REMOVE and s.phase.name == "DISPEL_PICK":
        return _to_graveyard([a], lang) if s.p_target == me else None
    if k is Kind.REMOVE_ALL:
        return _to_graveyard(s.faces[me][s.p_row][:], lang) if s.p_target == me else None
    if k is Kind.SPLIT:
        old = _own_extra(s, ZONE_OF[a])
        return _banished([old], lang) if old >= 0 else None
    if k is Kind.SUMMON:  # 普通牌特殊规则: 1 damage a card; from an extra zone only with extra_summon_damage
        if me * DECK_SIZE + a in s.extra and not s.opt["extra_summon_damage"]:
            return None
        return _damage(s, me, 1, zh)
    if k is Kind.CHARGE1 or k is Kind.CHARGE2 or k is Kind.GIVE:
        return _banished([a], lang)
    if k is Kind.CHARGE3:
        return _banished(s.rows[me][b][:], lang)
    if k is Kind.KNIGHT:
        parts = [f"你的{LITTLE['zh']}进入墓地" if zh else f"your {LITTLE['en']} goes to your graveyard"]
        if s.phase.name == "KNIGHT_WINDOW":  # answering 大王 on the opponent's turn costs 5
            parts.append(_damage(s, me, KNIGHT_SELF_DAMAGE, zh))
        return _join(parts, zh)
    if k is Kind.YIELD:
        row = s.joker[me]
        parts = [f"你的{BIG['zh']}被消灭" if zh else f"your {BIG['en']} is destroyed"]
        if s.faces[me][row]:
            parts.append(_to_graveyard(s.faces[me][row][:], lang))
        parts.append(_damage(s, me, CLASH_DAMAGE, zh))
        return _join(parts, zh)
    if k is Kind.FIGHT:
        row = s.p_row if s.phase.name == "CLASH_ATTACKER" else s.p_target
        cards = _clash_cards(s, me, row)
        if not cards:
            return None
        when = ("若对方也应战，" if zh else "if the opponent fights too, ") if s.phase.name == "CLASH_ATTACKER" else ""
        down = f"{when}手牌 {_cards(cards, lang)} 放到{row_words(row, lang)}" if zh else \
            f"{when}{_cards(cards, lang)} from your hand {'goes' if len(cards) == 1 else 'go'} into " \
            f"{row_words(row, lang)}"
        normals = sum(1 for c in cards if IS_NORMAL[c])
        if s.opt["clash_self_damage"] and normals:
            return _join([down, _damage(s, me, normals, zh)], zh)
        return down
    if k is Kind.LOSE or k is Kind.REMOVE:  # the defender's own card to an attack: its value is the damage
        return _damage(s, me, attack_damage(VALUE[a], s.p_row, s.p_target), zh)
    if k is Kind.ATTACK and s.joker[me] == a:  # 深渊魔法: the 大王 is spent, and a sweep hurts its own player too
        spent = f"你的{BIG['zh']}在攻击后除外（你回复 10 点）" if zh else \
            f"your {BIG['en']} is banished after the attack (you heal 10)"
        if b == DIRECT or s.joker[1 - me] == b:
            return spent
        own = points(s.banished[me])
        return _join(([_damage(s, me, own, zh)] if own else []) + [spent], zh)
    return None
