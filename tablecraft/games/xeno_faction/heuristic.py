"""A xeno-faction player that weighs the game's real trade-offs, reading only what its seat may know.

**Plan.** Life is the score and every other asset is judged by what it will do to life. The agent keeps a small
summary of the table (``Pos``: both sides' life, rows, face cards, 大王, banished points, my hand, the extra
zones) and scores every legal action by the position it leads to, computed without touching the engine:

- *Material* (``material``): life (a point below 15 weighs half again as much: one attack can end it), the rows'
  totals and cards, the face cards by what they will still do (K heals through ②, Q banishes, J pushes the
  opponent's extra-zone cards), the extra zones (pairs; the J push the owner may suffer), the hand (a card kept
  past the check at 7 is a card thrown away), and banished points, which every 大王 sweep still alive in either
  hand or deck turns into damage to their owner.
- *Tactics*: in my turn the position is worth its best attack this turn followed by the opponent's best answer
  next turn (``threat``): for each of their rows and each target the seed's attack-targeting table
  (``rules.TARGETS``) allows, the chance they can beat my row once they add a card (from the cards I have not
  seen of theirs), the damage (the row's lowest card, doubled ♦ → ♣), the chance they kill me, their 大王 (on the
  field, or in a hand I cannot answer with 小王) sweeping my banished points plus a row, and a 深海时代 win.
  So rows are built where they stop or make attacks, low cards shield, and a kill is taken when it is there.
- *Effects* are valued by their result: a K option is taken when its heal (its rank, ① and ③ against what the
  opponent must give up) beats the card's work on the row; 大王 is placed when its sweep or direct attack this
  turn, after the risk of 小王 (its own-exile damage and the +10 heal included), beats keeping it — never to
  stand through the opponent's turn, where 小王 takes it for free (so the bot meets a 大王 clash only against a
  大王 someone else left standing); 小王 destroys a 大王 on my turn for free, and answers one on the opponent's
  turn (5 damage) only if that 大王 can attack now;
  a clash is fought by comparing row totals with the cards each side can still put down; 解万法者 goes where it
  removes the most.
- *分裂新生*: a J move is scored with the special placement it would make (``plan_summon``: three or more cards of
  exact sum, the fewest and best-placed, deck and graveyard before hand), and skipped when the move alone is
  better. A set is only started if some completion leaves me alive (``completion_damage``), and its damage is
  charged to life like any other.

Never self-destroying: an action that loses on the spot scores ``-WIN``, every pick of a special placement that
cannot be completed alive is refused, and 小王's answer is never paid with my last life.

Speed: one summary per decision, then small list arithmetic per action (no engine clones), so the agent stays
usable inside search rollouts (about 3,800 decisions per CPU second on rollout positions, against 17,000 for the
old greedy scorer of single actions, ``benchmarks/xf_speed.py``: the look-ahead to the opponent's answer is what
costs). It reads the seat's own knowledge straight from ``obs.world`` (the rows, zones
and graveyards everyone sees, its own hand and deck contents): by the resample contract those equal the truth;
of the opponent's hand it uses only the size and the pool of cards not yet seen.

>>> import random, tablecraft
>>> from tablecraft.agents import observe
>>> game = tablecraft.load("xeno-faction")
>>> state = game.new_initial_state(seed=2)
>>> agent = game.make_heuristic()
>>> agent.act(observe(state), random.Random(0)) in state.legal_actions()
True
"""

from __future__ import annotations

import math
import random
from typing import Any

from tablecraft.core.actions import Action
from tablecraft.core.cards import DECK_SIZE, Suit

from .actions import Kind, XFAction
from .rules import TARGETS, summon_choices
from .spec import (
    BIG_JOKER,
    CLASH_DAMAGE,
    DEEP_SEA,
    DIRECT,
    FACE_ROW,
    HAND_CHECK,
    HAND_CHECK_TO,
    IS_NORMAL,
    JOKER_DIRECT_CARDS,
    JOKER_HEAL,
    KNIGHT_SELF_DAMAGE,
    MIN_SPLIT_CARDS,
    RANK,
    ROW_SUIT,
    ROWS_OF,
    SMALL_JOKER,
    SUIT,
    VALUE,
    ZONE_OF,
    J,
    K,
    Q,
)
from .state import Phase, XenoFactionState

WIN = 1000.0
"""Score of a position the mover has won (the negative: lost)."""
DRAW = -300.0
"""Score of a drawn end: better than a loss, worse than playing on."""

WEIGHTS: dict[str, float] = {
    "low_life": 0.5,  # extra weight of a life point below LOW_LIFE
    "total": 0.9,  # per point of a row's total
    "card": 0.7,  # per normal card on the field
    "opp_hand": 0.9,  # per card in the opponent's hand
    "banished": 0.25,  # per banished point, per 大王 still to come
    "kill": 40.0,  # per unit of probability that the opponent kills me next turn
    "offense": 0.0,  # per point of the hardest attack I could make next turn
    "big": 12.0,  # 大王 in hand
    "small": 7.0,  # 小王 in hand while the opponent's 大王 is still to come
}
"""The agent's weights, in life points; ``make_heuristic(total=0.4)`` overrides one (for experiments)."""
LOW_LIFE = 15


def _hypergeom_none(pool: int, good: int, draws: int) -> float:
    """P(no "good" card among ``draws`` cards dealt from ``pool``)."""
    if good <= 0 or draws <= 0:
        return 1.0
    if draws > pool - good:
        return 0.0
    p = 1.0
    for i in range(draws):
        p *= (pool - good - i) / (pool - i)
    return p


_NONE_CACHE: dict[tuple[int, int, int], float] = {}


def p_none(pool: int, good: int, draws: int) -> float:
    """``_hypergeom_none``, memoised (the same few arguments recur all game)."""
    key = (pool, good, draws)
    v = _NONE_CACHE.get(key)
    if v is None:
        v = _NONE_CACHE[key] = _hypergeom_none(pool, good, draws)
    return v


def completion_damage(pool: list[tuple[int, int]], need: int, picked: int) -> int | None:
    """The least damage that completes a 分裂新生 special placement: ``pool`` holds (card, damage) of the cards
    still allowed (higher card ids than the last pick), ``need`` the ranks still to fill, ``picked`` the cards
    already placed (three or more in all). None when it cannot be completed.

    >>> completion_damage([(0, 1), (1, 1), (2, 1), (4, 1)], 6, 1)   # one placed; ♠A ♠2 ♠3 ♠5 left: A+5
    2
    >>> completion_damage([(0, 1), (1, 1), (2, 1), (4, 1)], 6, 0)   # none placed yet: A+2+3
    3
    >>> completion_damage([(0, 1), (5, 1)], 6, 0) is None            # A alone cannot reach 6 with three cards
    True
    """
    if need == 0:
        return 0 if picked >= MIN_SPLIT_CARDS else None
    want = max(0, MIN_SPLIT_CARDS - picked)
    inf = 1 << 20
    # best[k][s]: least damage to reach sum s with k cards (k capped at ``want``)
    best = [[inf] * (need + 1) for _ in range(want + 1)]
    best[0][0] = 0
    for card, cost in pool:
        r = RANK[card]
        if r > need:
            continue
        for k in range(want, -1, -1):
            row = best[k]
            nxt = best[min(k + 1, want)]
            for s in range(need - r, -1, -1):
                v = row[s]
                if v < inf and v + cost < nxt[s + r]:
                    nxt[s + r] = v + cost
    v = best[want][need]
    return None if v >= inf else v


class Pos:
    """The table as the deciding seat sees it, sides relative to it (0 = me, 1 = the opponent).

    ``rows[s][r]`` are card ints with their totals in ``tot[s][r]``, ``faces[s][r]`` (rank, since) pairs,
    ``fx[s][r]`` the working effects of those face cards (``FX_J | FX_Q | FX_K`` bits, at ``turn``), ``zones[z]`` None
    or (owner, card, since) with the owner relative too, ``deep`` the side that has won by
    深海时代 (-1: none). ``mc[s]`` caches side ``s``'s field-and-hand worth (``_side_worth``); every change to a
    side's rows, face cards or hand clears it (``changed``)."""

    __slots__ = ("life", "rows", "tot", "faces", "fx", "turn", "joker", "bpts", "bcount", "hand", "opp_hand", "zones",
                 "deep", "opp_small", "opp_big", "my_big_later", "mc")

    life: list[int]
    rows: list[list[list[int]]]
    tot: list[list[int]]
    faces: list[list[list[tuple[int, int]]]]
    fx: list[list[int]]
    turn: int
    joker: list[int]
    bpts: list[int]
    bcount: int
    hand: list[int]
    opp_hand: int
    zones: list[tuple[int, int, int] | None]
    deep: int
    opp_small: bool
    opp_big: bool
    my_big_later: bool
    mc: list[float | None]

    def copy(self) -> Pos:
        """An independent copy (lists copied)."""
        p = Pos.__new__(Pos)
        p.life = self.life[:]
        r0, r1 = self.rows
        p.rows = [[r0[0][:], r0[1][:], r0[2][:]], [r1[0][:], r1[1][:], r1[2][:]]]
        p.tot = [self.tot[0][:], self.tot[1][:]]
        f0, f1 = self.faces
        p.faces = [[f0[0][:], f0[1][:], f0[2][:]], [f1[0][:], f1[1][:], f1[2][:]]]
        p.fx = [self.fx[0][:], self.fx[1][:]]
        p.turn = self.turn
        p.joker = self.joker[:]
        p.bpts = self.bpts[:]
        p.bcount = self.bcount
        p.hand = self.hand[:]
        p.opp_hand = self.opp_hand
        p.zones = self.zones[:]
        p.deep = self.deep
        p.opp_small = self.opp_small
        p.opp_big = self.opp_big
        p.my_big_later = self.my_big_later
        p.mc = self.mc[:]
        return p

    def copy_theirs(self) -> Pos:
        """A copy that shares my side's rows, face cards and hand (for changes to the opponent's side only)."""
        p = Pos.__new__(Pos)
        p.life = self.life[:]
        r1 = self.rows[1]
        p.rows = [self.rows[0], [r1[0][:], r1[1][:], r1[2][:]]]
        p.tot = [self.tot[0], self.tot[1][:]]
        f1 = self.faces[1]
        p.faces = [self.faces[0], [f1[0][:], f1[1][:], f1[2][:]]]
        p.fx = [self.fx[0], self.fx[1][:]]
        p.turn = self.turn
        p.joker = self.joker[:]
        p.bpts = self.bpts[:]
        p.bcount = self.bcount
        p.hand = self.hand
        p.opp_hand = self.opp_hand
        p.zones = self.zones
        p.deep = self.deep
        p.opp_small = self.opp_small
        p.opp_big = self.opp_big
        p.my_big_later = self.my_big_later
        p.mc = self.mc[:]
        return p

    def add(self, side: int, row: int, card: int) -> None:
        """A normal card enters ``side``'s ``row``."""
        self.rows[side][row].append(card)
        self.tot[side][row] += RANK[card]
        self.mc[side] = None

    def take(self, side: int, row: int, card: int) -> None:
        """A normal card leaves ``side``'s ``row``."""
        self.rows[side][row].remove(card)
        self.tot[side][row] -= RANK[card]
        self.mc[side] = None

    def clear_row(self, side: int, row: int) -> list[int]:
        """Every normal card leaves ``side``'s ``row``; returns them."""
        cards = self.rows[side][row]
        self.rows[side][row] = []
        self.tot[side][row] = 0
        self.mc[side] = None
        return cards

    def set_faces(self, side: int, row: int, faces: list[tuple[int, int]]) -> None:
        """``side``'s ``row`` now holds ``faces`` (J values read the other side's zones: both caches go)."""
        self.faces[side][row] = faces
        self.fx[side][row] = _effects(faces, self.turn)
        self.mc[0] = self.mc[1] = None

    def set_zone(self, z: int, zone: tuple[int, int, int] | None) -> None:
        """Extra zone ``z`` now holds ``zone``."""
        self.zones[z] = zone
        self.mc[0] = self.mc[1] = None

    def drop(self, card: int) -> None:
        """A card leaves my hand."""
        self.hand.remove(card)
        self.mc[0] = None


class Know:
    """What stays fixed during one decision: options, whose turn, and the odds about the opponent's hidden cards
    (from the pool of their cards not yet seen: their hand and deck together)."""

    def __init__(self, s: XenoFactionState, seat: int, w: dict[str, float]) -> None:
        o = 1 - seat
        opt = s.game.options
        self.w = w
        self.wt, self.wc, self.low = w["total"], w["card"], w["low_life"]
        self.seat = seat
        self.turn = s.turn
        self.my_turn = s.turn_seat == seat
        self.knight_damage = int(opt.get("knight_damage", 10))
        self.face_rows = bool(opt.get("face_rows_occupied", False))
        self.clash_faces = bool(opt.get("clash_faces", False))
        self.clash_hearts = bool(opt.get("clash_hearts", False))
        self.clash_self_damage = bool(opt.get("clash_self_damage", True))
        self.extra_damage = bool(opt.get("extra_summon_damage", True))
        self.direct_row = bool(opt.get("joker_direct_row_damage", False))
        ph = s.phase
        # my attack phase is still ahead this turn (the first player's turn 1 has none)
        self.attack_now = self.my_turn and s.turn != 1 and ph not in _AFTER_PLACEMENT
        # the opponent's cards I have not seen: their hand and deck, as one pool
        seen = [False] * DECK_SIZE
        for zone in (s.graves[o], s.banished[o], *s.rows[o], *s.faces[o]):
            for c in zone:
                seen[c] = True
        if s.joker[o] >= 0:
            seen[BIG_JOKER] = True
        base = o * DECK_SIZE
        for e in s.extra:
            if e >= 0 and e // DECK_SIZE == o:
                seen[e - base] = True
        by_suit = [[0] * 11 for _ in range(4)]  # unseen normal cards per suit and rank
        faces = [0, 0, 0]
        points = 0
        unseen = [c for c in range(DECK_SIZE) if not seen[c]]
        for c in unseen:
            points += VALUE[c]
            if IS_NORMAL[c]:
                by_suit[SUIT[c]][RANK[c]] += 1
            else:
                fr = FACE_ROW[c]
                if fr >= 0:
                    faces[fr] += 1
        self.unseen = unseen
        self.faces_unseen = faces
        u = self.pool = len(unseen)
        h = self.opp_hand_now = len(s.hands[o])
        # the hand they will attack with: on my turn, their next turn's (the check at 7, then the draw)
        n = (HAND_CHECK_TO if h >= HAND_CHECK else h) + self._draws(s, s.turn + 1) if self.my_turn else h
        n = min(n, u)
        # grow[a][x + 1]: P(they hold for row a a normal card of rank above x), x = -1 … 10
        hearts = by_suit[Suit.HEARTS]
        self.grow = [_grow_row(u, n, tuple(ranks)) for ranks in
                     (_plus(by_suit[Suit.DIAMONDS], hearts), _plus(by_suit[Suit.SPADES], hearts), by_suit[Suit.CLUBS])]
        self.p_big = n / u if u and not seen[BIG_JOKER] else 0.0
        self.p_small = n / u if u and not seen[SMALL_JOKER] else 0.0  # 小王 in their next (or this) hand
        self.p_small_now = h / u if u and not seen[SMALL_JOKER] else 0.0
        self.opp_deck5 = min(JOKER_DIRECT_CARDS, len(s.decks[o])) * points / u if u else 0.0
        mine = s.decks[seat]
        self.my_deck5 = min(JOKER_DIRECT_CARDS, len(mine)) * sum([VALUE[c] for c in mine]) / len(mine) if mine else 0.0
        # per suit: count, sum and sum of squares of the unseen normal ranks (clash estimates)
        self.suit_stats = [(sum(b), sum([r * b[r] for r in range(11)]), sum([r * r * b[r] for r in range(11)]))
                           for b in by_suit]

    @staticmethod
    def _draws(s: XenoFactionState, turn: int) -> int:
        """Cards drawn in ``turn``'s draw phase (the variants change the first two)."""
        if turn == 1:
            return int(s.game.options.get("first_turn_draw", 2))
        if turn == 2:
            return int(s.game.options.get("second_turn_draw", 2))
        return 2


_GROW_CACHE: dict[tuple[int, int, tuple[int, ...]], list[float]] = {}


def _grow_row(u: int, n: int, ranks: tuple[int, ...]) -> list[float]:
    """``[x + 1]``: P(a hand of ``n`` from a pool of ``u`` holds a card of rank above x), x = -1 … 10, where
    ``ranks[r]`` pool cards of rank r suit the row (memoised: the same pools recur)."""
    key = (u, n, ranks)
    row = _GROW_CACHE.get(key)
    if row is None:
        row = [0.0] * 12
        good = 0
        for x in range(10, 0, -1):
            row[x + 1] = 1.0 - p_none(u, good, n)
            good += ranks[x]
        row[1] = row[0] = 1.0 - p_none(u, good, n)
        if len(_GROW_CACHE) > 50_000:
            _GROW_CACHE.clear()
        _GROW_CACHE[key] = row
    return row


def _plus(a: list[int], b: list[int]) -> list[int]:
    return [x + y for x, y in zip(a, b, strict=True)]


_AFTER_PLACEMENT = frozenset((Phase.ATTACK, Phase.LOSE, Phase.CLASH_ATTACKER, Phase.CLASH_DEFENDER))


def read_pos(s: XenoFactionState, seat: int) -> Pos:
    """The summary of ``s`` for ``seat`` (only what the seat may know)."""
    o = 1 - seat
    p = Pos.__new__(Pos)
    p.life = [s.life[seat], s.life[o]]
    p.rows = [[r[:] for r in s.rows[seat]], [r[:] for r in s.rows[o]]]
    p.tot = [[sum([RANK[c] for c in r]) for r in side] for side in p.rows]
    p.faces = [[[(RANK[c], t) for c, t in zip(s.faces[x][r], s.since[x][r], strict=True)] for r in range(3)]
               for x in (seat, o)]
    p.turn = s.turn
    p.fx = [[_effects(f, s.turn) for f in side] for side in p.faces]
    p.joker = [s.joker[seat], s.joker[o]]
    p.bpts = [sum([VALUE[c] for c in s.banished[seat]]), sum([VALUE[c] for c in s.banished[o]])]
    p.bcount = len(s.banished[0]) + len(s.banished[1])
    p.hand = list(s.hands[seat])
    p.opp_hand = len(s.hands[o])
    zones: list[tuple[int, int, int] | None] = []
    for z in range(3):
        e = s.extra[z]
        if e < 0:
            zones.append(None)
        else:
            owner, card = divmod(e, DECK_SIZE)
            zones.append((0 if owner == seat else 1, card, s.extra_since[z]))
    p.zones = zones
    p.deep = -1
    p.opp_small = not (SMALL_JOKER in s.graves[o] or SMALL_JOKER in s.banished[o])
    p.opp_big = s.joker[o] < 0 and not (BIG_JOKER in s.graves[o] or BIG_JOKER in s.banished[o])
    p.my_big_later = BIG_JOKER in s.decks[seat]
    p.mc = [None, None]
    return p


# ------------------------------------------------------------------------------------------------ material
def _face_value(pos: Pos, side: int, row: int, rank: int) -> float:
    """What a J, Q or K in ``side``'s ``row`` is worth to that side: K heals through its row's cards (②), Q
    banishes what the row's attacks remove (and with a K beside it heals on my own losses), J moves the row's
    cards and pushes out the other side's extra-zone card of its suit."""
    if rank == K:
        return 2.0 + min(len(pos.rows[side][row]), 3)
    if rank == Q:  # (what it costs on a row under attack is in ``threat``)
        return 1.0 + (0.8 if any(f[0] == K for f in pos.faces[side][row]) else 0.0)
    movable = False
    for c in pos.rows[side][row]:
        if ZONE_OF[c] == row:
            movable = True
            break
    v = 1.6 if movable else 1.0
    zone = pos.zones[row]
    if zone is not None and zone[0] != side:  # the push it threatens: the card's rank as damage to its owner
        v += (0.3 if movable else 0.1) * RANK[zone[1]]
    return v


def big_value(pos: Pos, w: dict[str, float]) -> float:
    """My 大王 kept (in hand or standing on the field): worth its best sweep now — which hurts me by my own
    banished points — within bounds."""
    swing = max(pos.tot[1]) + pos.bpts[1] - pos.bpts[0] + JOKER_HEAL
    return min(w["big"], max(3.0, 0.5 * swing + 5.0))


def _hand_value(pos: Pos, card: int, w: dict[str, float]) -> float:
    """What keeping ``card`` in my hand is worth."""
    if IS_NORMAL[card]:
        return 0.5 + 0.08 * RANK[card]
    if card == BIG_JOKER:
        return big_value(pos, w)
    if card == SMALL_JOKER:
        return w["small"] if pos.opp_big or pos.joker[1] >= 0 else 0.5
    if FACE_ROW[card] < 0:  # ♥ J/Q/K: only as 解万法者
        return 1.0 + (1.5 if pos.faces[1][0] or pos.faces[1][1] or pos.faces[1][2] else 0.0)
    return _FACE_IN_HAND[RANK[card]]


_FACE_IN_HAND = {J: 0.7, Q: 0.8, K: 2.0}


def _side_worth(pos: Pos, side: int, kn: Know) -> float:
    """``side``'s rows, face cards, extra-zone cards and hand (mine with the check's losses), without life."""
    v = pos.mc[side]
    if v is not None:
        return v
    wt, wc = kn.wt, kn.wc
    tot = pos.tot[side]
    v = wt * (tot[0] + tot[1] + tot[2])
    rows = pos.rows[side]
    v += wc * (len(rows[0]) + len(rows[1]) + len(rows[2]))
    for r in range(3):
        for f in pos.faces[side][r]:
            v += _face_value(pos, side, r, f[0])
    if side == 0:
        hand = pos.hand
        if hand:
            values = [_hand_value(pos, c, kn.w) for c in hand]
            v += sum(values)
            if kn.my_turn and len(hand) >= HAND_CHECK:  # the next check throws all but five away
                values.sort()
                v -= sum(values[: len(hand) - HAND_CHECK_TO])
    else:
        v += kn.w["opp_hand"] * pos.opp_hand
    zones = pos.zones
    if zones[0] is not None or zones[1] is not None or zones[2] is not None:
        v += _zone_value(pos, side)
    pos.mc[side] = v
    return v


def _zone_value(pos: Pos, side: int) -> float:
    """``side``'s extra-zone cards: each may call a pair from the hand (mine: only if I hold one), and may be pushed
    out for its rank by the other side's J (that threat is in the J's worth, ``_face_value``)."""
    v = 0.0
    for z in range(3):
        zone = pos.zones[z]
        if zone is None or zone[0] != side:
            continue
        rank = RANK[zone[1]]
        v += 1.0 - 0.1 * rank
        if side == 1:
            v += 0.4
        else:
            suit = ROW_SUIT[z]
            ranks = {RANK[c] for c in pos.hand if IS_NORMAL[c] and SUIT[c] == suit}
            if any(rank - r in ranks and rank - r != r for r in ranks):  # a pair in hand (one card per rank a suit)
                v += 0.8
    return v


def life_value(life: int, low: float) -> float:
    """Life, with the points below ``LOW_LIFE`` weighing ``1 + low``."""
    return life + low * (life if life < LOW_LIFE else LOW_LIFE)


def material(pos: Pos, kn: Know) -> float:
    """The lasting worth of ``pos`` to me (side 0), in life points."""
    low = kn.low
    v = life_value(pos.life[0], low) - life_value(pos.life[1], low)
    mc = pos.mc
    v += (mc[0] if mc[0] is not None else _side_worth(pos, 0, kn)) - (
        mc[1] if mc[1] is not None else _side_worth(pos, 1, kn))
    alive = (pos.joker[0] >= 0 or pos.my_big_later or BIG_JOKER in pos.hand) + (pos.joker[1] >= 0 or pos.opp_big)
    if alive:
        v += kn.w["banished"] * (pos.bpts[1] - pos.bpts[0]) * alive
    if pos.joker[0] >= 0:  # my 大王 left standing: the opponent's 小王 may take it for free, its row strikes no more
        v += big_value(pos, kn.w) * (1.0 - kn.p_small) - kn.p_small * kn.knight_damage - 3.0
    return v


# ------------------------------------------------------------------------------------------------- tactics
def _mask(pos: Pos, side: int, kn: Know) -> int:
    """攻击规则: which of ``side``'s rows count as occupied (a normal card; a face card too with the variant)."""
    rows = pos.rows[side]
    m = (1 if rows[0] else 0) | (2 if rows[1] else 0) | (4 if rows[2] else 0)
    if kn.face_rows:
        f = pos.faces[side]
        m |= (1 if f[0] else 0) | (2 if f[1] else 0) | (4 if f[2] else 0)
    return m


def _low(row: list[int]) -> int:
    """The damage the lowest card of a row deals when an attack removes it (1: a face card, with the variant)."""
    return min([RANK[c] for c in row]) if row else 1


FX_J, FX_Q, FX_K = 1, 2, 4
"""Bits of ``Pos.fx``: J 分裂新生, Q 深渊的呼唤, K 域外充能 working."""
_FX = {J: FX_J, Q: FX_Q, K: FX_K}


def _effects(faces: list[tuple[int, int]], turn: int) -> int:
    """The working effects of a row's face cards at ``turn`` (J and K from the turn after placing, Q at once)."""
    m = 0
    for rank, since in faces:
        if rank == Q or since < turn:
            m |= _FX[rank]
    return m


def _has(pos: Pos, side: int, row: int, rank: int) -> bool:
    """``side``'s ``row`` has a working ``rank`` face card."""
    return bool(pos.fx[side][row] & _FX[rank])


def threat(pos: Pos, kn: Know, grow: bool = True) -> tuple[float, float]:
    """The opponent's next attack against me: (expected damage, probability it kills me). With ``grow`` their
    rows may gain a card first (the odds from the cards of theirs I have not seen)."""
    myrows = pos.rows[0]
    mytot = pos.tot[0]
    mask = _mask(pos, 0, kn)
    life = pos.life[0]
    otot = pos.tot[1]
    opts: list[tuple[float, float]] = []
    g = kn.grow
    ojoker = pos.joker[1]
    # a card of mine an attack banishes (深渊的呼唤: their Q ① or mine ②) also feeds every 大王 sweep to come
    alive = (pos.joker[0] >= 0 or pos.my_big_later or BIG_JOKER in pos.hand) + (ojoker >= 0 or pos.opp_big)
    banish_cost = kn.w["banished"] * alive
    myfx, ofx = pos.fx
    lows = [min([RANK[c] for c in r]) if r else 1 for r in myrows]
    for a in range(3):
        if ojoker == a:
            continue
        atot = otot[a]
        ga = g[a]
        their_q = ofx[a] & FX_Q
        for t in TARGETS[a][mask]:
            if t == DIRECT:
                if atot:
                    opts.append((atot + (6.0 * ga[0] if grow else 0.0), 1.0))
                elif grow:
                    opts.append((6.0, ga[0]))
                continue
            need = mytot[t] - atot
            if need < 0 and atot:
                p = 1.0
            elif grow and need < 10:
                p = ga[need + 1 if need >= 0 else 0]
                if p <= 0.0:
                    continue
            else:
                continue
            low = lows[t]
            dmg = low * 2.0 if a == 0 and t == 2 else float(low)
            if (their_q or myfx[t] & FX_Q) and myrows[t]:
                dmg += low * banish_cost - (1.0 if myfx[t] & FX_K else 0.0)
            opts.append((dmg, p))
    expected = 0.0
    kill = 0.0
    if opts:
        if len(opts) > 1:
            opts.sort(reverse=True)
        miss = 1.0
        miss_kill = 1.0
        for dmg, p in opts:
            expected += dmg * p * miss
            if dmg >= life:
                miss_kill *= 1.0 - p
            miss *= 1.0 - p
        kill = 1.0 - miss_kill
    # 深海时代: at 54 banished, the next card they banish wins for them
    if pos.bcount >= DEEP_SEA and _can_banish(pos):
        return expected, 1.0
    # their 大王: on the field, or in a hand I cannot answer (no 小王 of mine, or my last 5 life)
    if ojoker >= 0:
        p_big = 1.0
        rows_from: tuple[int, ...] = (ojoker,)
    elif grow and pos.opp_big and kn.p_big > 0.0 and not (SMALL_JOKER in pos.hand and life > KNIGHT_SELF_DAMAGE):
        p_big = kn.p_big
        rows_from = (0, 1, 2)
    else:
        return expected, kill
    best = 0.0
    for a in rows_from:
        for t in TARGETS[a][mask]:
            if t == DIRECT:
                d = kn.my_deck5
            elif pos.joker[0] == t:
                continue  # a clash: they would not count on it
            else:
                d = pos.bpts[0] + mytot[t] + kn.wt * mytot[t] + kn.wc * len(myrows[t])
                if myfx[t] & FX_K:
                    d -= len(myrows[t])
            if d > best:
                best = d
    if best - (pos.bpts[1] - JOKER_HEAL) > 6.0 or best >= life:  # a sweep worth their while
        expected = p_big * max(best, expected) + (1.0 - p_big) * expected
        if best >= life:
            kill = 1.0 - (1.0 - kill) * (1.0 - p_big)
    return expected, kill


def _can_banish(pos: Pos) -> bool:
    """Whether the opponent has an easy banish on their next turn (a face card beside a card, a Q of mine under
    attack, a 大王 on the field)."""
    if pos.joker[1] >= 0:
        return True
    for r in range(3):
        if pos.faces[1][r] and pos.rows[1][r]:
            return True
        if pos.rows[0][r] and any(f[0] == Q for f in pos.faces[0][r]):
            return True
    return False


def threat_penalty(pos: Pos, kn: Know, grow: bool = True) -> float:
    """``threat`` in life points: expected damage (weighted like my life) plus the chance of dying."""
    dmg, kill = threat(pos, kn, grow)
    lw = 1.0 + (kn.low if pos.life[0] <= LOW_LIFE else 0.0)
    return lw * dmg + kn.w["kill"] * kill


def outcome(pos: Pos) -> float | None:
    """The score of a finished position (深海时代 first, then life), or None while it goes on."""
    if pos.deep >= 0:
        return WIN if pos.deep == 0 else -WIN
    mine, theirs = pos.life
    if mine > 0 and theirs > 0:
        return None
    if mine <= 0 and theirs <= 0:
        return DRAW
    return WIN if theirs <= 0 else -WIN


def offense(pos: Pos, kn: Know) -> float:
    """The hardest normal attack I could make on my next turn against the opponent's rows as they stand, each of my
    rows topped up with the best card of my hand it takes (the initiative a row gives)."""
    adds = [0, 0, 0]
    for c in pos.hand:
        if IS_NORMAL[c]:
            r = RANK[c]
            for row in ROWS_OF[c]:
                if r > adds[row]:
                    adds[row] = r
    mask = _mask(pos, 1, kn)
    otot = pos.tot[1]
    orows = pos.rows[1]
    best = 0.0
    for a in range(3):
        total = pos.tot[0][a] + adds[a]
        if not total:
            continue
        for t in TARGETS[a][mask]:
            if t == DIRECT:
                d = float(total)
            elif total > otot[t]:
                d = _low(orows[t]) * (2.0 if a == 0 and t == 2 else 1.0)
            else:
                continue
            if d > best:
                best = d
    return best


def standing(pos: Pos, kn: Know, grow: bool = True) -> float:
    """The worth of a position with the opponent to attack next: its end score, or material less the threat (and
    the initiative I keep for the turn after)."""
    done = outcome(pos)
    if done is not None:
        return done
    v = material(pos, kn) - threat_penalty(pos, kn, grow)
    w = kn.w["offense"]
    return v + w * offense(pos, kn) if w else v


def _banish_count(pos: Pos, n: int, by: int) -> None:
    pos.bcount += n
    if pos.deep < 0 and pos.bcount > DEEP_SEA:
        pos.deep = by


def sweep(p: Pos, kn: Know, side: int, t: int) -> None:
    """A 大王 sweep by ``side`` of the other side's row ``t``: its normal cards banished (a K there heals its
    owner for each), its face cards gone, then each side takes its own banished points and the sweeper heals 10."""
    o = 1 - side
    n = len(p.rows[o][t])
    p.bpts[o] += p.tot[o][t]
    if n and _has(p, o, t, K):
        p.life[o] += n
    p.clear_row(o, t)
    p.set_faces(o, t, [])
    _banish_count(p, n, side)
    p.life[o] -= p.bpts[o]
    p.life[side] -= p.bpts[side]
    p.life[side] += JOKER_HEAL
    p.joker[side] = -1


def after_attack(pos: Pos, kn: Know, a: int, t: int) -> Pos:
    """``pos`` after my row ``a`` attacks ``t`` (a row or ``DIRECT``) as the rules resolve it (a clash aside)."""
    p = pos.copy_theirs()
    if p.joker[0] == a:
        if t == DIRECT:
            p.life[1] -= round(kn.opp_deck5) + (p.tot[0][a] if kn.direct_row else 0)
            _banish_count(p, 4, 0)
            p.life[0] += JOKER_HEAL
            p.joker[0] = -1
        else:
            sweep(p, kn, 0, t)
        return p
    if t == DIRECT:
        p.life[1] -= p.tot[0][a]
        return p
    row = p.rows[1][t]
    double = a == 0 and t == 2
    if not row:  # a row of face cards alone (face_rows_occupied): its owner gives up one, 1 point
        faces = p.faces[1][t]
        if faces:
            keep = sorted(faces, key=lambda f: _face_value(p, 1, t, f[0]))[1:]
            p.set_faces(1, t, keep)
        p.life[1] -= 2 if double else 1
        return p
    low = min(row, key=RANK.__getitem__)
    p.take(1, t, low)
    r = RANK[low]
    p.life[1] -= r * 2 if double else r
    if _has(p, 0, a, Q) or _has(p, 1, t, Q):  # 深渊的呼唤: banished instead
        p.bpts[1] += r
        _banish_count(p, 1, 0)
        if _has(p, 1, t, K):
            p.life[1] += 1
    return p


def my_attacks(pos: Pos, kn: Know) -> list[tuple[int, int]]:
    """The attacks my rows could make now (攻击规则 and strictly greater totals; a 大王 row always wins)."""
    mask = _mask(pos, 1, kn)
    otot = pos.tot[1]
    mytot = pos.tot[0]
    out = []
    for a in range(3):
        abyss = pos.joker[0] == a
        if not pos.rows[0][a] and not abyss:
            continue
        total = mytot[a]
        for t in TARGETS[a][mask]:
            if abyss or t == DIRECT or total > otot[t]:
                out.append((a, t))
    return out


def attack_value(pos: Pos, kn: Know, a: int, t: int) -> float:
    """The worth of attacking ``t`` with my row ``a`` (then the opponent's answer)."""
    if pos.joker[0] == a and t != DIRECT and pos.joker[1] == t:
        return clash_value(pos, kn, a, t)
    return standing(after_attack(pos, kn, a, t), kn)


def my_turn_value(pos: Pos, kn: Know) -> float:
    """The worth of ``pos`` in my placement phase: its best attack to come (or none), then the opponent's
    answer."""
    best = standing(pos, kn)
    if not kn.attack_now or best <= -WIN:
        return best
    attacks = my_attacks(pos, kn)
    if len(attacks) > 2:  # weigh the two that strike hardest (a 大王 row's first)
        attacks.sort(key=lambda at: _strike(pos, at[0], at[1]), reverse=True)
        del attacks[2:]
    for a, t in attacks:
        v = attack_value(pos, kn, a, t)
        if v > best:
            best = v
    return best


def _strike(pos: Pos, a: int, t: int) -> float:
    """A quick measure of how hard my row ``a`` hits ``t``: a 大王 row first, then the damage."""
    if pos.joker[0] == a:
        return 100.0
    if t == DIRECT:
        return pos.tot[0][a]
    row = pos.rows[1][t]
    return (_low(row) if row else 1) * (2 if a == 0 and t == 2 else 1)


# ------------------------------------------------------------------------------------------------- the clash
def _clash_suits(row: int, kn: Know) -> tuple[int, ...]:
    suit = ROW_SUIT[row]
    return (suit, Suit.HEARTS) if kn.clash_hearts and row < 2 else (suit,)


def clash_cards(pos: Pos, row: int, kn: Know) -> list[int]:
    """My hand's normal cards a clash for my ``row`` puts down (each a special placement by default)."""
    suits = _clash_suits(row, kn)
    return [c for c in pos.hand if IS_NORMAL[c] and SUIT[c] in suits]


def _clash_total(pos: Pos, side: int, row: int, kn: Know, extra: float = 0.0) -> float:
    total = pos.tot[side][row] + extra
    return total + len(pos.faces[side][row]) if kn.clash_faces else total


def _my_clash_total(pos: Pos, row: int, cards: list[int], kn: Know) -> float:
    add = sum(RANK[c] for c in cards)
    if kn.clash_faces:
        add += sum(1 for c in pos.hand if FACE_ROW[c] == row)
    return _clash_total(pos, 0, row, kn, add)


def their_clash_add(row: int, kn: Know) -> tuple[float, float]:
    """Mean and variance of what the opponent's hidden hand adds to their ``row`` in a clash (from the pool)."""
    n, u = kn.opp_hand_now, kn.pool
    if not u or not n:
        return 0.0, 0.25
    cnt = tot = sq = 0
    for suit in _clash_suits(row, kn):
        c, s, q = kn.suit_stats[suit]
        cnt += c
        tot += s
        sq += q
    m1, m2 = tot / u, sq / u
    if kn.clash_faces:
        m1 += kn.faces_unseen[row] / u
        m2 += kn.faces_unseen[row] / u
    return n * m1, max(0.25, n * (m2 - m1 * m1))


def _phi(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def clash_value(pos: Pos, kn: Know, a: int, t: int) -> float:
    """My 大王 row ``a`` attacks their 大王 row ``t``: the expected worth over the clash's outcomes (a tie goes to
    me, the attacker; a defender who expects to lose yields, and my sweep follows either way)."""
    cards = clash_cards(pos, a, kn)
    mean, var = their_clash_add(t, kn)
    p_win = _phi((_my_clash_total(pos, a, cards, kn) - _clash_total(pos, 1, t, kn, mean) + 0.5) / math.sqrt(var))
    win = pos.copy()
    win.joker[1] = -1
    win.set_faces(1, t, [])
    win.life[1] -= CLASH_DAMAGE
    win.opp_big = False
    _banish_count(win, 1, 0)
    sweep(win, kn, 0, t)
    lose = pos.copy()  # both fought and I lost: my cards stay down, my 大王 and its row's face cards go
    for c in cards:
        lose.drop(c)
        lose.add(0, a, c)
    if kn.clash_self_damage:
        lose.life[0] -= len(cards)
    lose.life[0] -= CLASH_DAMAGE
    lose.joker[0] = -1
    lose.set_faces(0, a, [])
    _banish_count(lose, 1, 0)
    return p_win * standing(win, kn) + (1.0 - p_win) * standing(lose, kn)


# --------------------------------------------------------------------------------------------- 分裂新生
def summon_pool(s: XenoFactionState, seat: int, moved: int) -> dict[int, str]:
    """My cards a special placement may take, with where each is (hand, deck, graveyard, extra zone); my own
    deck's contents are mine to know (its order is not, and does not matter here)."""
    pool = {c: "deck" for c in s.decks[seat] if IS_NORMAL[c]}
    pool.update((c, "graveyard") for c in s.graves[seat] if IS_NORMAL[c])
    pool.update((c, "hand") for c in s.hands[seat] if IS_NORMAL[c])
    base = seat * DECK_SIZE
    zone = ZONE_OF[moved]
    for z, e in enumerate(s.extra):
        # the moved card's own zone: it is there now, or (before the move) what it pushes out is gone
        if e >= 0 and e // DECK_SIZE == seat and e - base != moved and not (z == zone and s.phase is not Phase.SUMMON):
            pool[e - base] = "zone"
    return pool


def summon_cost(src: str, kn: Know) -> int:
    """Damage of specially placing a card from ``src`` (普通牌特殊规则; an extra zone per the option)."""
    return 0 if src == "zone" and not kn.extra_damage else 1


def safe_to_pick(pool: dict[int, str], card: int, need: int, picked: int, life: int, kn: Know) -> bool:
    """Whether picking ``card`` next still leaves a completion that I survive."""
    cost = summon_cost(pool[card], kn)
    rest = need - RANK[card]
    if life - cost - rest > 0:  # even all aces would leave me alive
        return True
    further = completion_damage([(x, summon_cost(src, kn)) for x, src in pool.items() if x > card], rest,
                                picked + 1)
    return further is not None and life - cost - further > 0


_SOURCE_BONUS = {"deck": 0.3, "graveyard": 0.5, "zone": -1.0, "hand": 0.0}


def plan_summon(pos: Pos, kn: Know, pool: dict[int, str], need: int, picked: int = 0, last: int = -1,
                gains: list[float] | None = None) -> list[tuple[int, int]]:
    """A special placement from ``pool`` (card → source): the picks (card, row) in the engine's order — few big
    cards (each costs 1), into the rows that want points, deck and graveyard before hand and zone; [] when no
    completion leaves me alive. ``gains``: ``row_gains`` if already known."""
    life = pos.life[0]
    if gains is None:
        gains = row_gains(pos, kn)
    plan: list[tuple[int, int]] = []
    avail = dict(pool)
    while need > 0:
        best: tuple[float, int, int] | None = None
        for c in summon_choices(list(avail), need, picked, last):
            if not safe_to_pick(avail, c, need, picked, life, kn):
                continue
            src = avail[c]
            bonus = _SOURCE_BONUS[src] - (_hand_value(pos, c, kn.w) if src == "hand" else 0.0)
            for r in ROWS_OF[c]:
                score = gains[r] * RANK[c] / 5.0 + bonus + 0.4 * RANK[c]
                if best is None or score > best[0]:
                    best = (score, c, r)
        if best is None:
            return []
        _, c, r = best
        plan.append((c, r))
        life -= summon_cost(avail.pop(c), kn)
        need -= RANK[c]
        picked += 1
        last = c
    return plan


def row_gains(pos: Pos, kn: Know) -> list[float]:
    """How much five more points in each of my rows would be worth (where a special placement should go): judged
    against the opponent's answer alone (the attacks I have anyway weigh the same for each row)."""
    base = standing(pos, kn)
    out = []
    for r, stand_in in enumerate((4, 17, 30)):  # a 5 each row takes: ♠5 stands for ♦5 (only its rank counts)
        p = pos.copy()
        p.add(0, r, stand_in)
        out.append(standing(p, kn) - base)
    return out


def apply_summon(pos: Pos, kn: Know, plan: list[tuple[int, int]], pool: dict[int, str]) -> Pos:
    """``pos`` after the special placement ``plan``."""
    p = pos.copy()
    for c, r in plan:
        src = pool[c]
        if src == "hand":
            p.drop(c)
        elif src == "zone":
            for z, zone in enumerate(p.zones):
                if zone is not None and zone[0] == 0 and zone[1] == c:
                    p.set_zone(z, None)
        p.add(0, r, c)
        p.life[0] -= summon_cost(src, kn)
    return p


def after_split(pos: Pos, kn: Know, card: int) -> Pos:
    """``pos`` after 分裂新生 moves my ``card`` into its extra zone (before any special placement)."""
    p = pos.copy()
    z = ZONE_OF[card]
    p.take(0, z, card)
    old = p.zones[z]
    if old is not None:
        owner, c, _ = old
        if owner == 1:  # the opponent's card: to their graveyard, its rank as damage to them
            p.life[1] -= RANK[c]
        else:  # mine: banished (a K of the zone's suit heals its owner)
            p.bpts[0] += RANK[c]
            for side in (0, 1):
                if _has(p, side, z, K):
                    p.life[side] += 1
            _banish_count(p, 1, 0)
    p.set_zone(z, (0, card, kn.turn))
    return p


# ------------------------------------------------------------------------------------------------- the agent
class XenoHeuristic:
    """The rule-of-thumb agent of this module; keyword parameters override ``WEIGHTS`` (for experiments)."""

    name = "heuristic"

    def __init__(self, **params: Any) -> None:
        unknown = sorted(set(params) - set(WEIGHTS))
        if unknown:
            raise KeyError(f"unknown heuristic parameters {unknown}; known: {', '.join(sorted(WEIGHTS))}")
        self.w = {**WEIGHTS, **{k: float(v) for k, v in params.items()}}

    def act(self, obs: Any, rng: random.Random) -> Action:
        """The best-scoring legal action (ties broken by ``rng``)."""
        legal: list[XFAction] = obs.legal_actions
        if not legal:
            raise ValueError("no legal actions to choose from: the game is over")
        if len(legal) == 1:
            return legal[0]
        scores = Scorer(obs.world, obs.seat, self.w).scores(legal)
        best = max(scores)
        choices = [a for a, v in zip(legal, scores, strict=True) if v >= best - 1e-9]
        return choices[rng.randrange(len(choices))] if len(choices) > 1 else choices[0]


class Scorer:
    """Scores the legal actions of one decision."""

    def __init__(self, s: XenoFactionState, seat: int, w: dict[str, float]) -> None:
        self.s = s
        self.seat = seat
        self.kn = Know(s, seat, w)
        self.pos = read_pos(s, seat)
        _side_worth(self.pos, 0, self.kn)  # once here, so every copy starts with both sides' worth known
        _side_worth(self.pos, 1, self.kn)
        self._gains: list[float] | None = None

    def scores(self, legal: list[XFAction]) -> list[float]:
        """One score per action of ``legal``."""
        ph = self.s.phase
        if ph is Phase.PLACE:
            return self.place_scores(legal)
        if ph is Phase.ATTACK:
            return [self.attack_score(a) for a in legal]
        if ph is Phase.SUMMON:
            return self.summon_scores(legal)
        if ph is Phase.DISCARD:
            return [-_hand_value(self.pos, a.a, self.kn.w) for a in legal]
        if ph is Phase.REPLACE:  # push out the old face card that will do least
            row = self.s.p_row
            return [-_face_value(self.pos, 0, row, RANK[a.a]) for a in legal]
        if ph is Phase.DISPEL_PICK:  # the opponent's row: take both; my own: only the one I chose to lose
            mine = self.s.p_target == self.seat
            row = self.s.p_row
            return [(1.0 if not mine else -99.0) if a.kind is Kind.REMOVE_ALL else
                    -_face_value(self.pos, 0 if mine else 1, row, RANK[a.a]) * (1 if mine else -1) for a in legal]
        if ph is Phase.KNIGHT_WINDOW:
            return [self.knight_answer_score(a) for a in legal]
        if ph is Phase.GIVE:
            return [self.give_score(a) for a in legal]
        if ph is Phase.LOSE:
            return [self.lose_score(a) for a in legal]
        if ph is Phase.CLASH_ATTACKER or ph is Phase.CLASH_DEFENDER:
            return [self.clash_score(a) for a in legal]
        return [0.0] * len(legal)

    # ------------------------------------------------------------------------------------- placement
    def value(self, p: Pos) -> float:
        """My-turn worth of a position reached in the placement phase."""
        return my_turn_value(p, self.kn)

    def place_scores(self, legal: list[XFAction]) -> list[float]:
        """Scores of the placement phase's actions; of the normal cards for one row only the highest and the
        lowest are weighed (the others lie between them: neither the strongest total nor the cheapest shield),
        and of several ♥ J/Q/K for one row only the first."""
        keep: dict[int, tuple[int, int]] = {}
        dispels: set[tuple[int, int]] = set()
        skip: set[int] = set()
        for a in legal:
            if a.kind is Kind.PLACE:
                r, rank = a.b, RANK[a.a]
                lo, hi = keep.get(a.b, (rank, rank))
                keep[r] = (min(lo, rank), max(hi, rank))
            elif a.kind is Kind.DISPEL:
                # one ♥ J/Q/K is as good as another; my own face cards are worth removing only to stop a Q
                # banishing my cards
                if (a.b, a.c) in dispels or a.b == 0 and not self.pos.fx[0][a.c] & FX_Q:
                    skip.add(a.id)
                dispels.add((a.b, a.c))
        out = []
        splits = []
        for i, a in enumerate(legal):
            if a.kind is Kind.PLACE and RANK[a.a] not in keep[a.b] or a.id in skip:
                out.append(-WIN)
            elif a.kind is Kind.DONE:
                out.append(self.place_score(a))
            elif a.kind is Kind.SPLIT:  # the move alone first; its special placement below
                out.append(self.value(after_split(self.pos, self.kn, a.a)) - 1e-3)
                splits.append(i)
            else:  # an action that changes nothing that counts is not worth taking (a won game: win it now)
                out.append(self.place_score(a) - 1e-3)
        # a special placement is planned for the two most promising J moves only (planning is the costly part)
        splits.sort(key=lambda i: out[i], reverse=True)
        for i in splits[:2]:
            out[i] = self.split_with_summon(legal[i].a, out[i])
        return out

    def place_score(self, a: XFAction) -> float:
        """Score of one placement-phase action."""
        pos, kn = self.pos, self.kn
        k = a.kind
        if k is Kind.DONE:
            return self.value(pos)
        if k is Kind.JOKER:
            return self.joker_score(a.b)
        if k is Kind.SPLIT:
            return self.split_score(a.a)
        if k is Kind.CHARGE1 or k is Kind.CHARGE2 or k is Kind.CHARGE3:
            return self.charge_score(a)
        p = pos.copy()
        if k is Kind.PLACE:
            p.drop(a.a)
            p.add(0, a.b, a.a)
        elif k is Kind.PAIR:
            p.drop(a.a)
            p.drop(a.b)
            row = ROWS_OF[a.a][0]
            p.add(0, row, a.a)
            p.add(0, row, a.b)
        elif k is Kind.EXTRA:
            p.drop(a.a)
            p.set_zone(ZONE_OF[a.a], (0, a.a, kn.turn))
        elif k is Kind.FACE:
            p.drop(a.a)
            row = FACE_ROW[a.a]
            faces = p.faces[0][row][:]
            if len(faces) >= 2:  # the weaker old one will be pushed out
                faces.sort(key=lambda f: _face_value(p, 0, row, f[0]))
                del faces[0]
            faces.append((RANK[a.a], kn.turn))
            p.set_faces(0, row, faces)
        elif k is Kind.DISPEL:
            p.drop(a.a)
            p.set_faces(a.b, a.c, [])
        elif k is Kind.KNIGHT:
            p.drop(SMALL_JOKER)
            knight(p, kn, 1)
        return self.value(p)

    def joker_score(self, row: int) -> float:
        """大王 into ``row``: worth its attack this turn, against the chance that the opponent answers with 小王."""
        pos, kn = self.pos, self.kn
        if not kn.attack_now:
            return self.value(pos) - 5.0  # it would wait a whole turn for a free 小王
        p = pos.copy()
        p.drop(BIG_JOKER)
        p.joker[0] = row
        # placed to strike this turn: a 大王 left standing would cost its row every normal attack to come
        strikes = [attack_value(p, kn, row, t) for t in TARGETS[row][_mask(p, 1, kn)]]
        if not strikes:
            return self.value(pos) - 5.0
        stays = max(strikes)
        risk = kn.p_small_now if pos.opp_small else 0.0
        if risk <= 0.0:
            return stays
        hit = p.copy()
        knight(hit, kn, 0)
        hit.life[1] -= KNIGHT_SELF_DAMAGE
        return (1.0 - risk) * stays + risk * self.value(hit)

    def split_score(self, card: int) -> float:
        """分裂新生: the move, then the special placement it is worth (or none)."""
        return self.split_with_summon(card, self.value(after_split(self.pos, self.kn, card)))

    def split_with_summon(self, card: int, skip: float) -> float:
        """The J move of ``card`` (worth ``skip`` on its own) with the special placement it is worth, if any."""
        pos, kn = self.pos, self.kn
        p = after_split(pos, kn, card)
        if outcome(p) is not None:
            return skip
        pool = summon_pool(self.s, self.seat, card)
        if self._gains is None:  # where points are wanted: judged once for every J move of the decision
            self._gains = row_gains(pos, kn)
        plan = plan_summon(p, kn, pool, RANK[card], gains=self._gains)
        if not plan:
            return skip
        return max(skip, self.value(apply_summon(p, kn, plan, pool)))

    def charge_score(self, a: XFAction) -> float:
        """域外充能 ①②③: banish and heal, as the option says (the opponent's choices modelled as their cheapest)."""
        pos = self.pos
        p = pos.copy()
        k = a.kind
        if k is Kind.CHARGE3:
            n = len(p.rows[0][a.b])
            p.bpts[0] += p.tot[0][a.b]
            p.clear_row(0, a.b)
            p.life[0] += n  # the K's passive: one per card banished from its row
            theirs = sorted((RANK[c], r, c) for r in range(3) for c in p.rows[1][r])
            given = theirs[:n]
            for rank, r, c in given:
                p.take(1, r, c)
                p.bpts[1] += rank
                if _has(p, 1, r, K):
                    p.life[1] += 1
            healed = n + len(given)
            p.life[0] += healed
            p.life[1] += healed
            _banish_count(p, healed, 0)
            return self.value(p)
        card = a.a
        row = next(r for r in range(3) if card in p.rows[0][r])
        p.take(0, row, card)
        rank = RANK[card]
        p.bpts[0] += rank
        p.life[0] += rank + 1  # its rank, and the passive
        _banish_count(p, 1, 0)
        if k is Kind.CHARGE1:
            same = [(r, c) for r in range(3) for c in p.rows[1][r] if RANK[c] == rank]
            if same:  # they choose: modelled as the copy in their fullest row
                r, c = max(same, key=lambda x: len(p.rows[1][x[0]]))
                p.take(1, r, c)
                p.bpts[1] += rank
                p.life[1] += rank + (1 if _has(p, 1, r, K) else 0)
                _banish_count(p, 1, 0)
        return self.value(p)

    # ------------------------------------------------------------------------------------------- attack
    def attack_score(self, a: XFAction) -> float:
        """Score of an attack, or of ``pass``."""
        if a.kind is Kind.PASS:
            return standing(self.pos, self.kn)
        return attack_value(self.pos, self.kn, a.a, a.b)

    # --------------------------------------------------------------------------------- special placement
    def summon_scores(self, legal: list[XFAction]) -> list[float]:
        """The planned pick (or ``skip`` when the whole placement is not worth its damage); any other pick that
        still leaves a survivable completion next, one that does not last."""
        s, kn = self.s, self.kn
        pool = summon_pool(s, self.seat, s.p_card)
        plan = plan_summon(self.pos, kn, pool, s.p_need, s.p_picked, s.p_last)
        want = plan[0] if plan else None
        if want is not None and s.p_picked == 0 and \
                self.value(apply_summon(self.pos, kn, plan, pool)) < self.value(self.pos):
            want = None
        life = self.pos.life[0]
        out = []
        for a in legal:
            if a.kind is Kind.SKIP:
                out.append(1.0 if want is None else 0.0)
            elif want == (a.a, a.b):
                out.append(2.0)
            else:
                out.append(-0.5 if safe_to_pick(pool, a.a, s.p_need, s.p_picked, life, kn) else -WIN)
        return out

    # ------------------------------------------------------------------------------- the opponent's turn
    def knight_answer_score(self, a: XFAction) -> float:
        """The 小王 window: answer their 大王 (5 damage to me) when that beats letting it attack; on their first
        turn it cannot attack, so it is taken for free on my turn instead."""
        pos, kn = self.pos, self.kn
        if a.kind is Kind.DECLINE:
            if self.s.turn == 1:
                p = pos.copy()
                p.drop(SMALL_JOKER)
                knight(p, kn, 1)
                return standing(p, kn)
            return standing(pos, kn)
        p = pos.copy()
        p.drop(SMALL_JOKER)
        knight(p, kn, 1)
        p.life[0] -= KNIGHT_SELF_DAMAGE
        return standing(p, kn)

    def give_score(self, a: XFAction) -> float:
        """K ①/③ of the opponent: give up the card whose loss hurts least."""
        p = self.pos.copy()
        card = a.a
        row = next(r for r in range(3) if card in p.rows[0][r])
        p.take(0, row, card)
        p.bpts[0] += RANK[card]
        if _has(p, 0, row, K):
            p.life[0] += 1
        return standing(p, self.kn)

    def lose_score(self, a: XFAction) -> float:
        """Among equal lowest cards, keep one my J could still move (a ♦/♠/♣ 3–10); of face cards, the best."""
        if a.kind is Kind.REMOVE:  # a face card (face_rows_occupied)
            return -_face_value(self.pos, 0, self.s.p_target, RANK[a.a])
        return -1.0 if ZONE_OF[a.a] >= 0 else 0.0

    def clash_score(self, a: XFAction) -> float:
        """大王 against 大王: fight or yield, by the row totals each side can still reach."""
        s, pos, kn = self.s, self.pos, self.kn
        fight = a.kind is Kind.FIGHT
        attacker = s.phase is Phase.CLASH_ATTACKER
        my_row = s.p_row if attacker else s.p_target
        their_row = s.p_target if attacker else s.p_row
        cards = clash_cards(pos, my_row, kn)
        if fight and kn.clash_self_damage and len(cards) >= pos.life[0]:
            return -WIN  # putting the cards down would kill me
        if attacker:  # fighting: the expected clash; yielding: my 大王, its row's face cards and 10 life lost
            if fight:
                return clash_value(pos, kn, my_row, their_row)
            gave_up = pos.copy()
            gave_up.life[0] -= CLASH_DAMAGE
            gave_up.joker[0] = -1
            gave_up.set_faces(0, my_row, [])
            return standing(gave_up, kn)
        gave_up = pos.copy()
        gave_up.life[0] -= CLASH_DAMAGE
        gave_up.joker[0] = -1
        gave_up.set_faces(0, my_row, [])
        sweep(gave_up, kn, 1, my_row)
        if not fight:
            return _after_their_turn(gave_up, kn)
        mean, var = their_clash_add(their_row, kn)
        theirs = _clash_total(pos, 1, their_row, kn, mean)
        p_win = _phi((_my_clash_total(pos, my_row, cards, kn) - theirs - 0.5) / math.sqrt(var))  # ties: theirs
        won = pos.copy()
        for c in cards:
            won.drop(c)
            won.add(0, my_row, c)
        if kn.clash_self_damage:
            won.life[0] -= len(cards)
        lost = won.copy()
        won.life[1] -= CLASH_DAMAGE
        won.joker[1] = -1
        won.set_faces(1, their_row, [])
        won.opp_big = False
        lost.life[0] -= CLASH_DAMAGE
        lost.joker[0] = -1
        lost.set_faces(0, my_row, [])
        sweep(lost, kn, 1, my_row)
        return p_win * _after_their_turn(won, kn) + (1.0 - p_win) * _after_their_turn(lost, kn)


def knight(p: Pos, kn: Know, victim: int) -> None:
    """小王 destroys ``victim``'s 大王 (banished, no heal, ``knight_damage``) and the face cards of its row."""
    row = p.joker[victim]
    p.joker[victim] = -1
    if row >= 0:
        p.set_faces(victim, row, [])
    p.life[victim] -= kn.knight_damage
    _banish_count(p, 1, 1 - victim)
    if victim == 1:
        p.opp_big = False
    else:
        p.opp_small = False


def _after_their_turn(p: Pos, kn: Know) -> float:
    """Worth of a position at the end of the opponent's turn (my turn comes next: no threat this instant)."""
    done = outcome(p)
    return done if done is not None else material(p, kn)


# ------------------------------------------------------------------------------------------- evaluation
EVAL_FEATURES = ("value", "life", "low_life", "field", "hand", "to_move")
"""What ``evaluate`` weighs, each for the seat against the opponent: the heuristic's worth of the position
(``my_turn_value`` for the seat to move, its attack to come and the answer to it, in life points /50; negated
for the other seat); life (/50); how far life is below 15 (/15); the rows' totals (/40); hand sizes (/7);
whose turn it is (+1 / −1)."""

EVAL_WEIGHTS = (1.42, 0.39, 1.10, 0.46, 1.01, 0.03)
"""The logistic weights of ``EVAL_FEATURES``, fitted on heuristic self-play with 10% random moves
(``python benchmarks/fit_evaluate.py xeno-faction -n 600``: 45,450 positions; on the held-out odd-seed games log loss
0.509 against 0.693 for the base rate, 74.1% of results called right)."""


def eval_features(state: XenoFactionState, seat: int) -> list[float]:
    """``EVAL_FEATURES`` of a (full, possibly resampled) state for ``seat``; the other seat's are their negatives."""
    mover = state.turn_seat
    kn = Know(state, mover, WEIGHTS)
    value = my_turn_value(read_pos(state, mover), kn) / 50.0
    if value > 1.0 or value < -1.0:  # a win or loss in sight: capped (the search sees the end itself)
        value = 1.0 if value > 0 else -1.0
    o = 1 - seat
    life, theirs = state.life[seat], state.life[o]
    return [
        value if mover == seat else -value,
        (life - theirs) / 50.0,
        (max(0, LOW_LIFE - theirs) - max(0, LOW_LIFE - life)) / 15.0,
        (sum(RANK[c] for r in state.rows[seat] for c in r) - sum(RANK[c] for r in state.rows[o] for c in r)) / 40.0,
        (len(state.hands[seat]) - len(state.hands[o])) / 7.0,
        1.0 if mover == seat else -1.0,
    ]


def evaluate(state: XenoFactionState, seat: int) -> float:
    """``seat``'s prospects in [-1, 1]: the returns at the end; before, ``2·P(win) − 1`` with P the logistic of the
    weighted ``EVAL_FEATURES`` (so ``evaluate(s, 0) == -evaluate(s, 1)``)."""
    if state.is_terminal():
        return float(state.returns()[seat])
    z = sum(w * x for w, x in zip(EVAL_WEIGHTS, eval_features(state, seat), strict=True))
    return math.tanh(z / 2.0)
