"""Why an action is not legal now: the rule it breaks, in words, for ``IllegalActionError`` (seed 001).

Called only for an action already found illegal; it reads the state and changes nothing. The placement and
attack phases, where most mistakes happen, get the rule by name; other steps name the step (their legal actions
are listed by the error anyway).

>>> import tablecraft
>>> s = tablecraft.load("xeno-faction").new_initial_state(seed=1, setup={
...     "to_move": "alpha", "turn": 2, "hands": {"alpha": ["5D", "6D"]}, "rest": {"alpha": "graveyard"}})
>>> _ = s.apply("place 5D row1")
>>> why_illegal(s, s.parse_action("place 6D row1"))
'alpha is at the place step: row1 has had its normal card this turn, 「一回合内每排只能放置一张普通牌」'
"""

from __future__ import annotations

from tablecraft.core.cards import DECK_SIZE

from .actions import Kind, XFAction, row_name
from .rules import TARGETS, row_total
from .spec import (
    BIG_JOKER,
    DIRECT,
    FACE_ROW,
    NUM_ROWS,
    RANK,
    ROW_OF_SUIT,
    SEAT_NAMES,
    SMALL_JOKER,
    SUIT,
    ZONE_OF,
    Suit,
)
from .state import CARD, Phase, XenoFactionState

ZONE_SYMBOL = ("♦", "♠", "♣")


def why_illegal(s: XenoFactionState, act: XFAction) -> str:
    """The pending step, and the broken rule where it can be named."""
    step = f"{SEAT_NAMES[s.to_move]} is at the {s.phase.name.lower().replace('_', ' ')} step"
    reason = _reason(s, act)
    return f"{step}: {reason}" if reason else step


def _reason(s: XenoFactionState, act: XFAction) -> str | None:
    if s.phase is Phase.PLACE:
        if act.kind is Kind.ATTACK or act.kind is Kind.PASS:
            return "attacks come after the placement phase ends (done)"
        return _place_reason(s, act)
    if s.phase is Phase.ATTACK:
        if act.kind is Kind.ATTACK:
            return _attack_reason(s, act.a, act.b)
        return "the placement phase is over: attack or pass"
    return None


def _card(card: int) -> str:
    return _names([card])


def _names(cards: list[int]) -> str:
    return " ".join(CARD[c] for c in cards)


def _needed_from_hand(act: XFAction) -> list[int]:
    k = act.kind
    if k in (Kind.PLACE, Kind.EXTRA, Kind.FACE, Kind.DISPEL):
        return [act.a]
    if k is Kind.PAIR:
        return [act.a, act.b]
    if k is Kind.JOKER:
        return [BIG_JOKER]
    if k is Kind.KNIGHT:
        return [SMALL_JOKER]
    return []


def _place_reason(s: XenoFactionState, act: XFAction) -> str | None:
    p = s.turn_seat
    o = 1 - p
    who, opp = SEAT_NAMES[p], SEAT_NAMES[o]
    k = act.kind
    missing = [c for c in _needed_from_hand(act) if c not in s.hands[p]]
    if missing:
        return f"{_names(missing)} {'is' if len(missing) == 1 else 'are'} not in {who}'s hand"
    if k is Kind.PLACE and s.used_rows >> act.b & 1:
        return f"{row_name(act.b)} has had its normal card this turn, 「一回合内每排只能放置一张普通牌」"
    if k is Kind.EXTRA:
        z = ZONE_OF[act.a]
        if s.extra_used:
            return "an extra-zone card was already placed this turn, 「每回合只能选择其中一个放置一张」"
        if s.extra[z] >= 0 and s.extra[z] // DECK_SIZE != p:
            return (f"the {ZONE_SYMBOL[z]} extra zone holds {opp}'s card, "
                    "「如果对方使用了其中一个额外区，则我方只能使用剩下的额外区」")
    if k is Kind.PAIR:
        return _pair_reason(s, act.a, act.b)
    if k is Kind.FACE and s.used_faces >> FACE_ROW[act.a] & 1:
        return f"{row_name(FACE_ROW[act.a])} has had its face card this turn, 「一回合内每排只能放置一张花牌」"
    if k is Kind.DISPEL:
        q = p if act.b == 0 else o
        if not s.faces[q][act.c]:
            return f"{SEAT_NAMES[q]}'s {row_name(act.c)} has no face card to remove"
    if k is Kind.JOKER and not s.rows[p][act.b]:
        return f"{row_name(act.b)} holds none of {who}'s normal cards, 「大王无法放置在自己没有普通牌存在的一排」"
    if k is Kind.KNIGHT and s.joker[o] < 0:
        return f"{opp} has no 大王 on the field for 小王 to destroy"
    if k is Kind.SPLIT:
        return _split_reason(s, act.a)
    if k in (Kind.CHARGE1, Kind.CHARGE2, Kind.CHARGE3):
        return _charge_reason(s, act)
    return None


def _pair_reason(s: XenoFactionState, x: int, y: int) -> str | None:
    p = s.turn_seat
    z = ROW_OF_SUIT[Suit(SUIT[x])]
    e = s.extra[z]
    if s.pair_used:
        return "a pair was already placed this turn, 「不过只能放置一组」"
    if e < 0 or e // DECK_SIZE != p:
        return f"{SEAT_NAMES[p]} has no card in the {ZONE_SYMBOL[z]} extra zone to call a pair"
    card = e % DECK_SIZE
    if RANK[x] + RANK[y] != RANK[card]:
        return f"{_names([x, y])} do not sum to {_card(card)}, 「点数相加等于放置的普通牌点数」"
    if s.extra_since[z] >= s.turn:
        return f"{_card(card)} entered the extra zone this turn; it calls pairs from the next turn, 「下一回合开始」"
    if s.opt["pair_uses_row"] and s.used_rows >> z & 1:
        return f"{row_name(z)} has had its normal card this turn (option pair_uses_row)"
    return None


def _split_reason(s: XenoFactionState, card: int) -> str | None:
    p = s.turn_seat
    r = ZONE_OF[card]
    if card not in s.rows[p][r]:
        return f"{_card(card)} is not in {SEAT_NAMES[p]}'s {row_name(r)}"
    if not s.effects(p, r)[0]:
        return f"no J works in {row_name(r)}: 分裂新生 works from its owner's next turn, 「下一个自己回合开始」"
    if s.split_used >> r & 1:
        return f"the J of {row_name(r)} has been used this turn"
    return None


def _charge_reason(s: XenoFactionState, act: XFAction) -> str | None:
    p = s.turn_seat
    if act.kind is Kind.CHARGE3:
        r = act.b
        if not s.rows[p][r]:
            return f"{row_name(r)} has no normal card to banish"
    else:
        found = [x for x in range(NUM_ROWS) if act.a in s.rows[p][x]]
        if not found:
            return f"{_card(act.a)} is not in {SEAT_NAMES[p]}'s rows"
        r = found[0]
    if not s.effects(p, r)[2]:
        return f"no K works in {row_name(r)}: 域外充能 works from the turn after it is placed, 「放置的下一回合开始」"
    if s.charge_used >> r & 1:
        return f"the K of {row_name(r)} has been used this turn (one option a turn, gap 1-16)"
    if act.kind is Kind.CHARGE1:
        rank = RANK[act.a]
        if not any(RANK[c] == rank for row in s.rows[1 - p] for c in row):
            return f"{SEAT_NAMES[1 - p]} has no normal card of rank {rank} on the field for option ①"
    return None


def _attack_reason(s: XenoFactionState, row: int, target: int) -> str | None:
    p = s.turn_seat
    theirs = s.rows[1 - p]
    abyss = s.joker[p] == row
    if not s.rows[p][row] and not abyss:
        return f"{row_name(row)} has no normal card to attack with"
    mask = s.occupied_mask(1 - p)
    allowed = TARGETS[row][mask]
    if target not in allowed:
        where = " or ".join(row_name(t) for t in allowed) if allowed else "nothing"
        return f"攻击规则: with this field {row_name(row)} may attack {where}"
    mine = row_total(s.rows[p][row])
    other = row_total(theirs[target]) if target != DIRECT else 0
    if not abyss and target != DIRECT and mine <= other:
        return f"{row_name(row)}'s total {mine} is not greater than {row_name(target)}'s {other}, 「攻击伤害计算 ①」"
    return None
