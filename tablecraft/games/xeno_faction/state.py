"""The xeno-faction state: plain lists of card ints, a phase, and the procedure that moves between decisions.

Each method named after a rule carries it out and cites the seed clause (seed 001). Pure arithmetic lives in
``rules.py``; what a seat may see lives in ``view.py``; the deal and setups in ``setup.py``.

Zones (cards are local ints 0–53 of their owner's deck; ``owner * 54 + card`` is a global id):

- per seat ``p``: ``hands[p]`` (sorted), ``decks[p]`` (top = last), ``graves[p]`` (墓地), ``banished[p]`` (除外区),
  ``rows[p][r]`` (normal cards of row ``r`` in order of arrival), ``faces[p][r]`` (face cards, at most two
  outside a pending push-out) with ``since[p][r]`` (the turn each was placed), ``joker[p]`` (the row of ``p``'s
  大王 on the field, or -1);
- shared: ``extra[z]`` (the global id of the card in extra zone ``z`` — 0 ♦, 1 ♠, 2 ♣ — or -1) and
  ``extra_since[z]`` (the turn it was put there).

Every pending decision — the hand check, a push-out choice, the 小王 window, a special placement, the
opponent's choice for K ①/③, the defender's choice between equal lowest cards, the 大王 clash — is a phase with
its data in ``p_*`` fields, never a coroutine, so clone, resample and search work in the middle of a chain.

``seen[g]`` is a bit mask of who has been shown global card ``g`` (bit 2: everyone, spectators included); hands
are the only place a card can be known to one player, decks the only place unknown to all.
"""

from __future__ import annotations

from bisect import insort
from enum import IntEnum
from typing import Any

from tablecraft.core.api import TERMINAL, Content, Json, State
from tablecraft.core.cards import DECK_SIZE, Suit, card_str
from tablecraft.core.events import Event
from tablecraft.core.rng import Rng

from . import actions as A
from .actions import ACTIONS, Kind, XFAction
from .rules import TARGETS, attack_damage, face_effects, lowest, points, row_total, summon_choices
from .spec import (
    BIG_JOKER,
    CLASH_DAMAGE,
    DEEP_SEA,
    DIRECT,
    DRAW_PER_TURN,
    EVERYONE,
    FACE_ROW,
    HAND_CHECK,
    HAND_CHECK_TO,
    IS_FACE,
    IS_NORMAL,
    JOKER_DIRECT_CARDS,
    JOKER_HEAL,
    KNIGHT_SELF_DAMAGE,
    MAX_FACES,
    NUM_ROWS,
    NUM_SEATS,
    PUBLIC,
    RANK,
    ROW_OF_SUIT,
    ROW_SUIT,
    ROWS_OF,
    SMALL_JOKER,
    SUIT,
    VALUE,
    ZONE_OF,
    Q,
)

CARD = tuple(card_str(c) for c in range(DECK_SIZE))
SPECIAL_CARDS = frozenset(CARD[c] for c in range(DECK_SIZE) if IS_FACE[c] or c in (BIG_JOKER, SMALL_JOKER))
"""Notation of the cards with effects of their own: the face cards (J 分裂新生, Q 深渊的呼唤, K 域外充能) and
the two jokers (大王, 小王): the lab's content of this game."""
"""Notation of each card, precomputed for events."""
ROW_NAME = ("row1", "row2", "row3")
ZONE_NAME = ("extra:D", "extra:S", "extra:C")
"""Place names used in events and views."""

PAIRS_FOR: dict[tuple[int, int], tuple[tuple[int, int], ...]] = {}
"""``PAIRS_FOR[(zone, rank)]``: the pairs of that zone's suit whose ranks sum to ``rank`` (额外区效果)."""
for _x, _y in A.PAIRS:
    _key = (ROW_OF_SUIT[Suit(SUIT[_x])], RANK[_x] + RANK[_y])
    PAIRS_FOR[_key] = PAIRS_FOR.get(_key, ()) + ((_x, _y),)


class Phase(IntEnum):
    """The step whose decision is pending."""

    DISCARD = 0  # 准备阶段: hand check (七张或以上 → 五张)
    PLACE = 1  # 放置牌阶段
    REPLACE = 2  # 花牌: 选择挤掉一张旧放置的花牌
    DISPEL_PICK = 3  # 解万法者 with dispel=pick: one face card or both
    KNIGHT_WINDOW = 4  # 小王: 对方回合放置大王的时候可以从手牌发动
    SUMMON = 5  # 分裂新生: the special placement, card by card
    GIVE = 6  # 域外充能 ①③: 对方选择自己场上 … 的普通牌
    ATTACK = 7  # 攻击阶段
    LOSE = 8  # 攻击伤害计算 ②: several equal lowest cards (gap 1-11)
    CLASH_ATTACKER = 9  # 大王 vs 大王: the attacker fights or yields (①/②)
    CLASH_DEFENDER = 10  # … then the defender
    OVER = 11


class XenoFactionState(State[XFAction]):
    """A xeno-faction position. Fields are public for tests and views; change them only through ``apply``."""

    __slots__ = (
        "phase", "to_move", "turn_seat", "turn", "first", "life", "hands", "decks", "graves", "banished", "rows",
        "faces", "since", "joker", "extra", "extra_since", "seen", "used_rows", "used_faces", "extra_used",
        "pair_used", "split_used", "charge_used", "p_card", "p_row", "p_target", "p_need", "p_picked", "p_last",
        "p_mode", "p_searched", "deep_sea", "winners_", "end_reason", "_ids_cache",
    )

    phase: Phase
    to_move: int
    turn_seat: int
    turn: int
    first: int
    life: list[int]
    hands: list[list[int]]
    decks: list[list[int]]
    graves: list[list[int]]
    banished: list[list[int]]
    rows: list[list[list[int]]]
    faces: list[list[list[int]]]
    since: list[list[list[int]]]
    joker: list[int]
    extra: list[int]
    extra_since: list[int]
    seen: list[int]
    used_rows: int
    used_faces: int
    extra_used: bool
    pair_used: bool
    split_used: int
    charge_used: int
    p_card: int
    p_row: int
    p_target: int
    p_need: int
    p_picked: int
    p_last: int
    p_mode: int
    p_searched: bool
    deep_sea: int
    winners_: tuple[int, ...]
    end_reason: str
    _ids_cache: list[int] | None
    """The sorted legal ids of the pending decision when they were computed on entering it (the same position
    asks for them again at once); cleared by every ``_apply`` and by ``resample``."""

    # ------------------------------------------------------------------------------------------------ basics
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""
        return TERMINAL if self.phase is Phase.OVER else self.to_move

    def clone(self) -> XenoFactionState:
        """An independent copy (lists copied, ints and tuples shared)."""
        s = XenoFactionState.__new__(XenoFactionState)
        s.game = self.game
        s.rng = Rng(self.rng.state)
        s._log = self._log
        s._history = self._history
        s.phase = self.phase
        s.to_move = self.to_move
        s.turn_seat = self.turn_seat
        s.turn = self.turn
        s.first = self.first
        s.life = self.life[:]
        h = self.hands
        s.hands = [h[0][:], h[1][:]]
        d = self.decks
        s.decks = [d[0][:], d[1][:]]
        g = self.graves
        s.graves = [g[0][:], g[1][:]]
        b = self.banished
        s.banished = [b[0][:], b[1][:]]
        r0, r1 = self.rows
        s.rows = [[r0[0][:], r0[1][:], r0[2][:]], [r1[0][:], r1[1][:], r1[2][:]]]
        f0, f1 = self.faces
        s.faces = [[f0[0][:], f0[1][:], f0[2][:]], [f1[0][:], f1[1][:], f1[2][:]]]
        t0, t1 = self.since
        s.since = [[t0[0][:], t0[1][:], t0[2][:]], [t1[0][:], t1[1][:], t1[2][:]]]
        s.joker = self.joker[:]
        s.extra = self.extra[:]
        s.extra_since = self.extra_since[:]
        s.seen = self.seen[:]
        s.used_rows = self.used_rows
        s.used_faces = self.used_faces
        s.extra_used = self.extra_used
        s.pair_used = self.pair_used
        s.split_used = self.split_used
        s.charge_used = self.charge_used
        s.p_card = self.p_card
        s.p_row = self.p_row
        s.p_target = self.p_target
        s.p_need = self.p_need
        s.p_picked = self.p_picked
        s.p_last = self.p_last
        s.p_mode = self.p_mode
        s.p_searched = self.p_searched
        s.deep_sea = self.deep_sea
        s.winners_ = self.winners_
        s.end_reason = self.end_reason
        s._ids_cache = self._ids_cache
        return s

    def content(self) -> Content:
        """The lab's content of this game: the special cards (``SPECIAL_CARDS``) each seat held in its
        ``opening`` hand and ``played`` from its hand (to a row, an extra zone or the graveyard), once per time,
        in card notation (``KD``, ``JKR``)."""
        opening: list[list[str]] = [[] for _ in range(NUM_SEATS)]
        played: list[list[str]] = [[] for _ in range(NUM_SEATS)]
        for event in self.events():
            if event.kind == "dealt" and event.secret is not None:
                opening[event.data["seat"]].extend(c for c in event.secret["cards"] if c in SPECIAL_CARDS)
            elif event.kind == "moved" and event.data["from"] == "hand" and event.data["card"] in SPECIAL_CARDS:
                played[event.data["seat"]].append(event.data["card"])
        return {"opening": opening, "played": played}

    def returns(self) -> list[float]:
        """+1 for the winner and −1 for the loser; 0 for both in a draw or before the end."""
        if self.phase is not Phase.OVER or not self.winners_:
            return [0.0, 0.0]
        w = self.winners_[0]
        return [1.0 if s == w else -1.0 for s in range(NUM_SEATS)]

    def winners(self) -> list[int]:
        """The winner (胜利条件 or 深海时代), or nobody in a draw."""
        return list(self.winners_)

    @property
    def opt(self) -> dict[str, Any]:
        """The game's options."""
        return self.game.options

    # ------------------------------------------------------------------------------------------- predicates
    def has_queen(self, seat: int, row: int) -> bool:
        """深渊的呼唤 works in ``seat``'s ``row`` (a Q there, from the turn it was placed)."""
        return any(RANK[f] == Q for f in self.faces[seat][row])

    def effects(self, seat: int, row: int) -> tuple[bool, bool, bool]:
        """(J, Q, K) effects active now in ``seat``'s ``row`` (``rules.face_effects``)."""
        return face_effects(self.faces[seat][row], self.since[seat][row], self.turn)

    def knight_is_public(self, seat: int) -> bool:
        """True when ``seat``'s 小王 is in its graveyard or banished zone, so everyone knows it cannot answer."""
        return SMALL_JOKER in self.graves[seat] or SMALL_JOKER in self.banished[seat]

    def banished_count(self) -> int:
        """Cards in both banished zones together (深海时代 counts them)."""
        return len(self.banished[0]) + len(self.banished[1])

    # ---------------------------------------------------------------------------------------------- legality
    def legal_actions(self) -> list[XFAction]:
        """The current decision's options, sorted by id (empty once the game is over)."""
        cached = self._ids_cache
        if cached is not None:
            return [ACTIONS[i] for i in cached]
        ph = self.phase
        if ph is Phase.PLACE:
            ids = self._place_ids()
        elif ph is Phase.ATTACK:
            ids = self._attack_ids()
            ids.append(A.PASS)
        elif ph is Phase.OVER:
            return []
        else:
            ids = self._pending_ids()
        ids.sort()
        return [ACTIONS[i] for i in ids]

    def _place_ids(self) -> list[int]:
        """放置牌阶段: everything the turn's player may still do this phase, and ``done``."""
        p = self.turn_seat
        o = 1 - p
        hand = self.hands[p]
        rows = self.rows[p]
        faces = self.faces
        extra = self.extra
        used = self.used_rows
        ids = [A.DONE]
        extra_free = not self.extra_used
        for c in hand:
            if IS_NORMAL[c]:
                for r in ROWS_OF[c]:
                    if not used >> r & 1:
                        ids.append(A.PLACE[c][r])
                z = ZONE_OF[c]
                if extra_free and z >= 0:
                    e = extra[z]
                    if e < 0 or e // DECK_SIZE == p:
                        ids.append(A.EXTRA[c])
            elif c == BIG_JOKER:
                for r in range(NUM_ROWS):
                    if rows[r]:  # 大王无法放置在自己没有普通牌存在的一排
                        ids.append(A.JOKER[r])
            elif c == SMALL_JOKER:
                if self.joker[o] >= 0:
                    ids.append(A.KNIGHT)
            else:
                fr = FACE_ROW[c]
                if fr >= 0:
                    if not self.used_faces >> fr & 1:
                        ids.append(A.FACE[c])
                else:  # ♥ J/Q/K: 解万法者
                    for side, q in ((0, p), (1, o)):
                        fq = faces[q]
                        for r in range(NUM_ROWS):
                            if fq[r]:
                                ids.append(A.dispel(c, side, r))
        if not self.pair_used:
            uses_row = self.opt["pair_uses_row"]
            for z in range(NUM_ROWS):
                e = extra[z]
                if e >= 0 and e // DECK_SIZE == p and self.extra_since[z] < self.turn and not (
                    uses_row and used >> z & 1
                ):
                    for x, y in PAIRS_FOR.get((z, RANK[e - p * DECK_SIZE]), ()):
                        if x in hand and y in hand:
                            ids.append(A.PAIR[(x, y)])
        my_faces = faces[p]
        for r in range(NUM_ROWS):
            if my_faces[r]:
                j, _, k = self.effects(p, r)
                if j and not self.split_used >> r & 1:
                    for c in rows[r]:
                        if ZONE_OF[c] == r:
                            ids.append(A.SPLIT[c])
                if k and not self.charge_used >> r & 1 and rows[r]:
                    ranks = {RANK[x] for orow in self.rows[o] for x in orow}
                    for c in rows[r]:
                        ids.append(A.CHARGE2[c])
                        if RANK[c] in ranks:
                            ids.append(A.CHARGE1[c])
                    ids.append(A.CHARGE3[r])
        return ids

    def occupied_mask(self, seat: int) -> int:
        """攻击规则 「有被放置的牌存在」: bit *r* set when ``seat``'s row *r* counts as occupied — it holds a normal
        card (X-3), or with ``face_rows_occupied`` a face card."""
        rows = self.rows[seat]
        mask = (1 if rows[0] else 0) | (2 if rows[1] else 0) | (4 if rows[2] else 0)
        if self.opt["face_rows_occupied"]:
            faces = self.faces[seat]
            mask |= (1 if faces[0] else 0) | (2 if faces[1] else 0) | (4 if faces[2] else 0)
        return mask

    def attack_losers(self, target: int) -> list[int]:
        """The defender's cards an attack on ``target`` may remove: the lowest normal cards (攻击伤害计算 ①②), or
        — a row of face cards alone, with ``face_rows_occupied`` — its face cards, 1 point each."""
        cards = self.rows[1 - self.turn_seat][target]
        return lowest(cards) if cards else sorted(self.faces[1 - self.turn_seat][target])

    def _attack_ids(self) -> list[int]:
        """攻击阶段: every (row, target) allowed by 攻击规则 whose total beats the target's (攻击伤害计算 ①)."""
        p = self.turn_seat
        orows = self.rows[1 - p]
        mask = self.occupied_mask(1 - p)
        ids: list[int] = []
        joker = self.joker[p]
        theirs = [row_total(orows[0]), row_total(orows[1]), row_total(orows[2])]
        for a in range(NUM_ROWS):
            mine = self.rows[p][a]
            abyss = joker == a  # 有大王存在的一排攻击必胜
            if not mine and not abyss:
                continue
            total = row_total(mine)
            for t in TARGETS[a][mask]:
                if abyss or t == DIRECT or total > theirs[t]:
                    ids.append(A.ATTACK[a][t])
        return ids

    def _pending_ids(self) -> list[int]:
        ph = self.phase
        p = self.to_move
        if ph is Phase.DISCARD:
            return [A.DISCARD[c] for c in self.hands[p]]
        if ph is Phase.REPLACE:
            return [A.REPLACE[c] for c in self.faces[p][self.p_row][:MAX_FACES]]
        if ph is Phase.DISPEL_PICK:
            return [A.REMOVE_ALL] + [A.REMOVE[c] for c in self.faces[self.p_target][self.p_row]]
        if ph is Phase.KNIGHT_WINDOW:
            return [A.DECLINE, A.KNIGHT] if SMALL_JOKER in self.hands[p] else [A.DECLINE]
        if ph is Phase.SUMMON:
            out = [] if self.p_picked else [A.SKIP]
            for c in self.summon_choices():
                for r in ROWS_OF[c]:
                    out.append(A.SUMMON[c][r])
            return out
        if ph is Phase.GIVE:
            return [A.GIVE[c] for c in self.give_choices()]
        if ph is Phase.LOSE:
            # a face card (face_rows_occupied) is named with the codec's face-card verb, "remove"
            return [A.REMOVE[c] if IS_FACE[c] else A.LOSE[c] for c in self.attack_losers(self.p_target)]
        if ph is Phase.CLASH_ATTACKER or ph is Phase.CLASH_DEFENDER:
            return [A.FIGHT, A.YIELD]
        return []

    def summon_pool(self) -> list[int]:
        """分裂新生's sources: the owner's normal cards in hand, deck, graveyard and extra zones (but not the card
        just moved there)."""
        p = self.turn_seat
        pool = [c for c in self.hands[p] if IS_NORMAL[c]]
        pool += [c for c in self.decks[p] if IS_NORMAL[c]]
        pool += [c for c in self.graves[p] if IS_NORMAL[c]]
        base = p * DECK_SIZE
        for e in self.extra:
            if e >= 0 and e // DECK_SIZE == p and e - base != self.p_card:
                pool.append(e - base)
        return pool

    def summon_choices(self) -> list[int]:
        """Cards that may be specially placed next (see ``rules.summon_choices``)."""
        return summon_choices(self.summon_pool(), self.p_need, self.p_picked, self.p_last)

    def give_choices(self) -> list[int]:
        """The defender's cards it may choose for K ① (same rank) or ③ (any, in increasing order)."""
        o = self.to_move
        cards = sorted(c for row in self.rows[o] for c in row)
        if self.p_mode == 1:
            return [c for c in cards if RANK[c] == RANK[self.p_card]]
        later = [c for c in cards if c > self.p_last]
        need = self.p_need
        return [c for i, c in enumerate(later) if len(later) - i - 1 >= need - 1]

    def why_illegal(self, action: XFAction) -> str | None:
        """Say which decision is pending and, where it can be named, the rule the action breaks (``explain.py``)."""
        from .explain import why_illegal

        return why_illegal(self, action)

    # --------------------------------------------------------------------------------------------- transitions
    def _apply(self, act: XFAction) -> None:
        self._ids_cache = None
        ph = self.phase
        k = act.kind
        p = self.to_move
        if ph is Phase.PLACE:
            self._place_action(act)
        elif ph is Phase.ATTACK:
            if k is Kind.PASS:
                self._emit(Event("no_attack", {"seat": p}))
                self.next_turn()
            else:
                self.attack(act.a, act.b)
        elif ph is Phase.DISCARD:
            self._move_from_hand(p, act.a, "graveyard")
            if len(self.hands[p]) <= HAND_CHECK_TO:
                self._draw_phase()
        elif ph is Phase.REPLACE:
            self._remove_face(p, self.p_row, act.a)
            self._resume_place()
        elif ph is Phase.DISPEL_PICK:
            q, r = self.p_target, self.p_row
            for c in (self.faces[q][r][:] if k is Kind.REMOVE_ALL else [act.a]):
                self._remove_face(q, r, c)
            self._resume_place()
        elif ph is Phase.KNIGHT_WINDOW:
            if k is Kind.KNIGHT:
                self.knight(p, reacting=True)
            else:
                self._emit(Event("declined", {"seat": p}))
            self._resume_place()
        elif ph is Phase.SUMMON:
            if k is Kind.SKIP:
                self._emit(Event("summon_skipped", {"seat": p}))
                self._resume_place()
            else:
                self.summon(act.a, act.b)
        elif ph is Phase.GIVE:
            self.give(act.a)
        elif ph is Phase.LOSE:
            self.remove_by_attack(self.p_row, self.p_target, act.a)
            self.next_turn()
        elif ph is Phase.CLASH_ATTACKER or ph is Phase.CLASH_DEFENDER:
            self.clash(k is Kind.FIGHT)
        if self.phase is not Phase.OVER:
            self._check_end()

    def _place_action(self, act: XFAction) -> None:
        k = act.kind
        if k is Kind.DONE:
            self._emit(Event("placement_done", {"seat": self.turn_seat}))
            if not self._enter_attack():
                self.next_turn()
            return
        if k is Kind.PLACE:
            self.place_normal(act.a, act.b)
        elif k is Kind.EXTRA:
            self.place_extra(act.a)
        elif k is Kind.PAIR:
            self.place_pair(act.a, act.b)
        elif k is Kind.FACE:
            if self.place_face(act.a):
                return
        elif k is Kind.DISPEL:
            if self.dispel(act.a, act.b, act.c):
                return
        elif k is Kind.JOKER:
            if self.place_joker(act.b):
                return
        elif k is Kind.KNIGHT:
            self.knight(self.turn_seat, reacting=False)
        elif k is Kind.SPLIT:
            if self.split(act.a):
                return
        elif (k is Kind.CHARGE1 or k is Kind.CHARGE2 or k is Kind.CHARGE3) and self.charge(k, act.a, act.b):
            return
        self._resume_place()

    # ---------------------------------------------------------------------------------------------- the turn
    def next_turn(self) -> None:
        """The other player's turn starts: 准备阶段 (hand check), 抽牌阶段, 放置牌阶段, 攻击阶段.

        A step with nothing to decide is passed over; the loop (not recursion) keeps long idle stretches cheap.
        """
        while True:
            if self._check_end():
                return
            if self.turn >= self.opt["max_turns"]:
                self.game_over((), "turn_cap")
                return
            self.turn += 1
            p = self.turn_seat = self.to_move = 1 - self.turn_seat
            self.used_rows = self.used_faces = self.split_used = self.charge_used = 0
            self.extra_used = self.pair_used = False
            self._emit(Event("turn", {"seat": p, "turn": self.turn}))
            if self.turn > 1 and len(self.hands[p]) >= HAND_CHECK:
                # 之后每到准备阶段，玩家手中存在七张或以上数量的牌就要弃掉手牌直到五张 (gap 1-5)
                self.phase = Phase.DISCARD
                self._emit(Event("hand_check", {"seat": p, "hand": len(self.hands[p]), "to": HAND_CHECK_TO}))
                return
            self._draw(p, self.draw_count())
            if self._enter_place() or self._enter_attack():
                return

    def _draw_phase(self) -> None:
        """抽牌阶段 after the hand check, then on to placement."""
        self._draw(self.turn_seat, self.draw_count())
        self._resume_place()

    def draw_count(self) -> int:
        """抽牌阶段 「当前回合玩家抽两张牌」; each player's first draw phase may differ (options ``first_turn_draw``
        for turn 1, ``second_turn_draw`` for turn 2), a designer's lever on the first player's lead."""
        if self.turn == 1:
            return int(self.opt["first_turn_draw"])
        if self.turn == 2:
            return int(self.opt["second_turn_draw"])
        return DRAW_PER_TURN

    def _resume_place(self) -> None:
        """Back to the placement phase after a step inside it; move on when nothing is left to decide."""
        if not self._enter_place() and not self._enter_attack():
            self.next_turn()

    def _enter_place(self) -> bool:
        """放置牌阶段; False (and no decision) when ``done`` is the only choice and the opponent can see that it
        is (``hand_may_place``): a phase passed over because of what the hand holds would show him the hand."""
        self.phase = Phase.PLACE
        self.to_move = self.turn_seat
        ids = self._place_ids()
        if len(ids) == 1 and not self.hand_may_place():
            return False
        ids.sort()
        self._ids_cache = ids
        return True

    def hand_may_place(self) -> bool:
        """Whether, for all the opponent can see, the turn's player might still place a hand card this phase:
        each kind of placement whose public conditions (free rows, zones, the field, the turn's uses) still hold
        could be open to some hand of this size."""
        p = self.turn_seat
        if not self.hands[p]:
            return False
        if self.used_rows != 0b111 or self.used_faces != 0b111:
            return True  # a normal card for a free row, a face card for a row without one this turn
        o = 1 - p
        if not self.extra_used and any(e < 0 or e // DECK_SIZE == p for e in self.extra):
            return True
        if any(self.faces[q][r] for q in range(NUM_SEATS) for r in range(NUM_ROWS)):
            return True  # ♥ J/Q/K (解万法者)
        gone = self.graves[p] + self.banished[p]
        if self.joker[p] < 0 and BIG_JOKER not in gone and any(self.rows[p]):
            return True
        if self.joker[o] >= 0 and SMALL_JOKER not in gone:
            return True
        return not self.pair_used and any(e >= 0 and e // DECK_SIZE == p and self.extra_since[z] < self.turn
                                          for z, e in enumerate(self.extra))

    def _enter_attack(self) -> bool:
        """攻击阶段; False when it is skipped: the first player's first turn (先抽的玩家不能攻击) or no attack."""
        self.to_move = self.turn_seat
        if self.turn == 1:
            self._emit(Event("no_attack", {"seat": self.turn_seat, "reason": "first_turn"}))
            return False
        ids = self._attack_ids()
        if not ids:
            self._emit(Event("no_attack", {"seat": self.turn_seat, "reason": "no_target"}))
            return False
        self.phase = Phase.ATTACK
        ids.append(A.PASS)
        ids.sort()
        self._ids_cache = ids
        return True

    def _draw(self, seat: int, n: int) -> None:
        """Draw ``n`` from the top of the deck; an empty deck gives nothing (gap 1-1: no deck-out loss)."""
        deck = self.decks[seat]
        base = seat * DECK_SIZE
        bit = 1 << seat
        for _ in range(n):
            if not deck:
                self._emit(Event("deck_empty", {"seat": seat}))
                return
            c = deck.pop()
            insort(self.hands[seat], c)
            self.seen[base + c] |= bit
            self._emit(Event("drew", {"seat": seat}, {"card": CARD[c]}, bit))

    # ------------------------------------------------------------------------------------------ card moves
    def _public(self, seat: int, card: int) -> None:
        self.seen[seat * DECK_SIZE + card] = EVERYONE

    def _moved(self, seat: int, card: int, src: str, dst: str) -> None:
        self._emit(Event("moved", {"seat": seat, "card": CARD[card], "from": src, "to": dst}))

    def _move_from_hand(self, seat: int, card: int, dst: str) -> None:
        """A hand card goes face up to the graveyard (discard, a used ♥ J/Q/K or 小王)."""
        self.hands[seat].remove(card)
        self.graves[seat].append(card)
        self._public(seat, card)
        self._moved(seat, card, "hand", dst)

    def to_graveyard(self, seat: int, card: int, src: str) -> None:
        """A card leaves the field (or the deck) for its owner's 墓地."""
        self.graves[seat].append(card)
        self._public(seat, card)
        self._moved(seat, card, src, "graveyard")

    def banish(self, seat: int, card: int, src: str, row: int = -1, zone: int = -1, by: int = -1) -> None:
        """A card goes to its owner's 除外区.

        域外充能 (passive): a normal card banished from a row whose K works, or from the extra zone of a K's suit,
        heals that K's owner 1. 深海时代: the player whose effect (``by``, default the turn's player) takes the
        two zones past 54 cards wins (gap 1-23).
        """
        self.banished[seat].append(card)
        self._public(seat, card)
        self._moved(seat, card, src, "banished")
        if self.deep_sea < 0 and self.banished_count() > DEEP_SEA:
            self.deep_sea = self.turn_seat if by < 0 else by
        if IS_NORMAL[card]:
            if row >= 0 and self.effects(seat, row)[2]:
                self.heal(seat, 1, "k_passive")
            if zone >= 0:
                for x in range(NUM_SEATS):
                    if self.effects(x, zone)[2]:
                        self.heal(x, 1, "k_passive")

    def _remove_face(self, seat: int, row: int, card: int) -> None:
        """A face card leaves a row for its owner's 墓地 (pushed out, 解万法者, 大王 sweep, 消灭; gap 1-15)."""
        i = self.faces[seat][row].index(card)
        del self.faces[seat][row][i]
        del self.since[seat][row][i]
        self.to_graveyard(seat, card, ROW_NAME[row])

    def _clear_faces(self, seat: int, row: int) -> None:
        for c in self.faces[seat][row][:]:
            self._remove_face(seat, row, c)

    def damage(self, seat: int, amount: int, source: str, detail: Json | None = None) -> None:
        """Lose ``amount`` life (every life loss goes through here and its ``damage`` event). ``detail`` holds the
        arithmetic for the event, as numbers and cards: an attack's removed ``card``, its ``value`` and whether
        it is ``double`` (♦ ③); a direct attack's ``row``; a sweep's banished ``count`` and whether it is the
        sweeper's ``own``; a direct 大王's five ``cards``."""
        if amount <= 0:
            return
        self.life[seat] -= amount
        data = {"seat": seat, "amount": amount, "source": source, "life": self.life[seat]}
        if detail:
            data.update(detail)
        self._emit(Event("damage", data))

    def heal(self, seat: int, amount: int, source: str) -> None:
        """Gain ``amount`` life (no cap: the seed sets none)."""
        if amount <= 0:
            return
        self.life[seat] += amount
        self._emit(Event("heal", {"seat": seat, "amount": amount, "source": source, "life": self.life[seat]}))

    # ------------------------------------------------------------------------------------------- placement
    def place_normal(self, card: int, row: int) -> None:
        """普通牌: one per row per turn, into its suit's row (♥ row 1 or 2)."""
        p = self.turn_seat
        self.hands[p].remove(card)
        self.rows[p][row].append(card)
        self.used_rows |= 1 << row
        self._public(p, card)
        self._moved(p, card, "hand", ROW_NAME[row])

    def place_extra(self, card: int) -> None:
        """额外区: one ♦/♠/♣ 3–10 a turn into the zone of its suit, empty or holding my own card, which it pushes
        out to my graveyard (gap 1-7)."""
        p = self.turn_seat
        z = ZONE_OF[card]
        old = self.extra[z]
        self.hands[p].remove(card)
        if old >= 0:
            self.extra[z] = -1
            self.to_graveyard(p, old - p * DECK_SIZE, ZONE_NAME[z])
        self.extra[z] = p * DECK_SIZE + card
        self.extra_since[z] = self.turn
        self.extra_used = True
        self._public(p, card)
        self._moved(p, card, "hand", ZONE_NAME[z])

    def place_pair(self, x: int, y: int) -> None:
        """额外区效果: two cards whose ranks sum to my extra-zone card, placed together into their row (one pair a
        turn; with ``pair_uses_row`` it is the row's normal placement, gap 1-8)."""
        p = self.turn_seat
        row = ROWS_OF[x][0]
        for c in (x, y):
            self.hands[p].remove(c)
            self.rows[p][row].append(c)
            self._public(p, c)
            self._moved(p, c, "hand", ROW_NAME[row])
        self.pair_used = True
        if self.opt["pair_uses_row"]:
            self.used_rows |= 1 << row

    def place_face(self, card: int) -> bool:
        """花牌: one per row per turn; a third pushes out an old one of the player's choice. True if that choice
        is pending."""
        p = self.turn_seat
        row = FACE_ROW[card]
        self.hands[p].remove(card)
        self.faces[p][row].append(card)
        self.since[p][row].append(self.turn)
        self.used_faces |= 1 << row
        self._public(p, card)
        self._moved(p, card, "hand", ROW_NAME[row])
        if len(self.faces[p][row]) > MAX_FACES:
            self.phase = Phase.REPLACE
            self.p_row = row
            return True
        return False

    def dispel(self, card: int, side: int, row: int) -> bool:
        """解万法者 (♥ J/Q/K, used at once): the face cards of one row of either side go to their owner's graveyard;
        with ``dispel=pick`` the user may take just one of two. True if that choice is pending."""
        p = self.turn_seat
        q = p if side == 0 else 1 - p
        self._emit(Event("dispel", {"seat": p, "card": CARD[card], "target": q, "row": row + 1}))
        self._move_from_hand(p, card, "graveyard")
        if self.opt["dispel"] == "pick" and len(self.faces[q][row]) > 1:
            self.phase = Phase.DISPEL_PICK
            self.p_target, self.p_row = q, row
            return True
        self._clear_faces(q, row)
        return False

    def place_joker(self, row: int) -> bool:
        """深渊魔法: 大王 into a row holding one of my normal cards; the opponent may answer with 小王 (a window
        opened whenever their 小王 is not known to be gone, so opening it reveals nothing). True if it opened."""
        p = self.turn_seat
        o = 1 - p
        self.hands[p].remove(BIG_JOKER)
        self.joker[p] = row
        self._public(p, BIG_JOKER)
        self._moved(p, BIG_JOKER, "hand", ROW_NAME[row])
        if not self.knight_is_public(o):
            self.phase = Phase.KNIGHT_WINDOW
            self.to_move = o
            return True
        return False

    def knight(self, user: int, reacting: bool) -> None:
        """深渊骑士 (小王): destroy the opponent's 大王 and the face cards of its row; used on the opponent's turn
        (answering 大王) it costs the user 5 damage. 小王 then goes to the graveyard (gap 1-21)."""
        victim = 1 - user
        self._emit(Event("knight", {"seat": user, "reacting": reacting}))
        self._move_from_hand(user, SMALL_JOKER, "graveyard")
        self.destroy_joker(victim, self.opt["knight_damage"], "knight", by=user)
        if reacting:
            self.damage(user, KNIGHT_SELF_DAMAGE, "knight_cost")

    def destroy_joker(self, seat: int, amount: int, source: str, by: int = -1) -> None:
        """大王 被消灭 (clash, 小王): to the banished zone without the heal, its owner takes ``amount`` damage and the
        face cards of its row are destroyed (gap 1-19)."""
        row = self.joker[seat]
        self.joker[seat] = -1
        self.banish(seat, BIG_JOKER, ROW_NAME[row], by=by)
        self._clear_faces(seat, row)
        self.damage(seat, amount, source)

    def joker_leaves(self, seat: int) -> None:
        """攻击后大王送去除外区，自己回复十点生命值."""
        row = self.joker[seat]
        self.joker[seat] = -1
        self.banish(seat, BIG_JOKER, ROW_NAME[row])
        self.heal(seat, JOKER_HEAL, "joker")

    def split(self, card: int) -> bool:
        """分裂新生 (J): a 3–10 of the J's row moves to the extra zone of its suit, pushing out what is there — the
        opponent's card to their graveyard with its rank as damage to them, my own to my banished zone — then a
        special placement may follow. True if that choice is pending."""
        p = self.turn_seat
        z = ZONE_OF[card]
        self.rows[p][z].remove(card)
        self.split_used |= 1 << z
        self._emit(Event("split", {"seat": p, "card": CARD[card], "row": z + 1}))
        old = self.extra[z]
        if old >= 0:
            owner, c = divmod(old, DECK_SIZE)
            self.extra[z] = -1
            if owner != p:
                self.to_graveyard(owner, c, ZONE_NAME[z])
                self.damage(owner, RANK[c], "split_push")
            else:
                self.banish(p, c, ZONE_NAME[z], zone=z)
        self.extra[z] = p * DECK_SIZE + card
        self.extra_since[z] = self.turn
        self._moved(p, card, ROW_NAME[z], ZONE_NAME[z])
        self.p_card, self.p_need, self.p_picked, self.p_last, self.p_searched = card, RANK[card], 0, -1, False
        self.phase = Phase.SUMMON
        bit = 1 << p
        for c in self.decks[p]:  # choosing from the deck means looking through it: its owner sees every card
            self.seen[p * DECK_SIZE + c] |= bit
        ids = self._pending_ids()
        if len(ids) > 1:  # more than "skip"
            ids.sort()
            self._ids_cache = ids
            return True
        self.phase = Phase.PLACE
        self._emit(Event("summon_skipped", {"seat": p, "reason": "no_set"}))
        return False

    def summon(self, card: int, row: int) -> None:
        """分裂新生's 特殊放置: one card from hand, deck, graveyard or an extra zone into its row, 1 damage to its
        owner (普通牌特殊规则; from an extra zone only with ``extra_summon_damage``, X-25); the deck is shuffled once
        the set is complete if it was searched (gap 1-17)."""
        p = self.turn_seat
        base = p * DECK_SIZE
        if card in self.hands[p]:
            self.hands[p].remove(card)
            src = "hand"
        elif base + card in self.extra:
            z = self.extra.index(base + card)
            self.extra[z] = -1
            src = ZONE_NAME[z]
        elif card in self.graves[p]:
            self.graves[p].remove(card)
            src = "graveyard"
        else:
            self.decks[p].remove(card)
            self.p_searched = True
            src = "deck"
        self.rows[p][row].append(card)
        self._public(p, card)
        self._moved(p, card, src, ROW_NAME[row])
        # 普通牌特殊规则 lists 手牌，卡组，墓地，除外区; whether 额外区 costs too is the option
        if src not in ZONE_NAME or self.opt["extra_summon_damage"]:
            self.damage(p, 1, "special_placement")
        self.p_need -= RANK[card]
        self.p_picked += 1
        self.p_last = card
        if self.p_need == 0:
            if self.p_searched:
                self.rng.shuffle(self.decks[p])
                self._emit(Event("shuffled", {"seat": p}))
            self._resume_place()

    def charge(self, kind: Kind, card: int, row: int) -> bool:
        """域外充能 (K) ①②③, one a turn per K row. True if the opponent's choice is pending."""
        p = self.turn_seat
        o = 1 - p
        if kind is not Kind.CHARGE3:
            row = next(r for r in range(NUM_ROWS) if card in self.rows[p][r])
        self.charge_used |= 1 << row
        self._emit(Event("charge", {"seat": p, "option": int(kind) - int(Kind.CHARGE1) + 1, "row": row + 1,
                                    "card": CARD[card] if card >= 0 else None}))
        if kind is Kind.CHARGE2:  # ② 自己除外 … 一张普通牌，自己回复那张牌点数的生命值
            self.rows[p][row].remove(card)
            self.banish(p, card, ROW_NAME[row], row=row)
            self.heal(p, RANK[card], "charge")
            return False
        if kind is Kind.CHARGE1:  # ① the opponent picks a card of the same rank; both banished; each heals its rank
            self.rows[p][row].remove(card)
            self.banish(p, card, ROW_NAME[row], row=row)
            self.p_mode, self.p_card, self.p_need, self.p_picked, self.p_last = 1, card, 1, 0, -1
        else:  # ③ all of the row; the opponent banishes as many of theirs; both heal the number banished
            cards = self.rows[p][row]
            self.rows[p][row] = []
            for c in cards:
                self.banish(p, c, ROW_NAME[row], row=row)
            self.p_mode, self.p_card, self.p_need, self.p_picked, self.p_last = 3, len(cards), len(cards), 0, -1
        self.phase = Phase.GIVE
        self.to_move = o
        theirs = self.give_choices()
        if self.p_mode == 3 and len([c for r in self.rows[o] for c in r]) <= self.p_need:
            for c in sorted(c for r in self.rows[o] for c in r):
                self._give_one(c)
            self._finish_charge()
            return False
        if len(theirs) == 1 and self.p_mode == 1:
            self._give_one(theirs[0])
            self._finish_charge()
            return False
        return True

    def give(self, card: int) -> None:
        """The opponent's choice for K ① / ③, one card at a time."""
        self._give_one(card)
        if self.p_need == 0:
            self._finish_charge()
            self._resume_place()

    def _give_one(self, card: int) -> None:
        o = 1 - self.turn_seat
        row = next(r for r in range(NUM_ROWS) if card in self.rows[o][r])
        self.rows[o][row].remove(card)
        self.banish(o, card, ROW_NAME[row], row=row)
        self.p_need -= 1
        self.p_picked += 1
        self.p_last = card

    def _finish_charge(self) -> None:
        p = self.turn_seat
        o = 1 - p
        if self.p_mode == 1:  # 各自回复除外牌点数的生命值
            self.heal(p, RANK[self.p_card], "charge")
            self.heal(o, RANK[self.p_last], "charge")
        else:  # 双方回复所有被除外牌数量的生命值
            total = self.p_card + self.p_picked
            self.heal(p, total, "charge")
            self.heal(o, total, "charge")
        self.phase = Phase.PLACE
        self.to_move = p

    # ------------------------------------------------------------------------------------------------ attack
    def attack(self, row: int, target: int) -> None:
        """攻击阶段: one row attacks once (攻击规则 decides where); a 大王 row always wins (深渊魔法)."""
        p = self.turn_seat
        o = 1 - p
        mine = row_total(self.rows[p][row])
        theirs = None if target == DIRECT else row_total(self.rows[o][target])
        self._emit(Event("attack", {"seat": p, "row": row + 1, "target": "direct" if target == DIRECT else target + 1,
                                    "abyss": self.joker[p] == row, "total": mine, "defender_total": theirs,
                                    "double": attack_damage(1, row, target) == 2}))
        self.p_row, self.p_target = row, target
        if self.joker[p] == row:
            if target == DIRECT:
                self.abyss_direct(row)
            elif self.joker[o] == target:
                self._emit(Event("clash", {"attacker": p, "row": row + 1, "defender_row": target + 1}))
                self.phase = Phase.CLASH_ATTACKER
                self.to_move = p
                return
            else:
                self.abyss_sweep(row, target)
        elif target == DIRECT:  # ④/⑤ 玩家受到那一排所有点数总和的伤害
            self.damage(o, mine, "direct", {"row": row + 1})
        else:
            low = self.attack_losers(target)
            if len(low) > 1:
                self.phase = Phase.LOSE
                self.to_move = o
                return
            self.remove_by_attack(row, target, low[0])
        self.next_turn()

    def remove_by_attack(self, row: int, target: int, card: int) -> None:
        """攻击伤害计算 ①: the attacked row's lowest card leaves (to the graveyard — or the banished zone under a Q
        of the attacking row ① or of the attacked row ②) and its owner takes its rank (doubled for ♦ → ♣)."""
        p = self.turn_seat
        o = 1 - p
        if IS_FACE[card]:  # face_rows_occupied: a row of face cards alone loses one, 1 point (花牌算作一点)
            self._remove_face(o, target, card)
        else:
            self.rows[o][target].remove(card)
            if self.has_queen(p, row) or self.has_queen(o, target):
                self.banish(o, card, ROW_NAME[target], row=target)
            else:
                self.to_graveyard(o, card, ROW_NAME[target])
        value = VALUE[card]
        self.damage(o, attack_damage(value, row, target), "attack",
                    {"card": CARD[card], "value": value, "double": attack_damage(1, row, target) == 2})

    def abyss_sweep(self, row: int, target: int) -> None:
        """大王 wins: every normal card of the attacked row is banished, its face cards go to the graveyard, then
        each player takes the points of their own banished zone (gap 1-20); the 大王 leaves (+10)."""
        p = self.turn_seat
        o = 1 - p
        cards = self.rows[o][target]
        self.rows[o][target] = []
        for c in cards:
            self.banish(o, c, ROW_NAME[target], row=target)
        self._clear_faces(o, target)
        # 之后双方受到各自除外区所有牌点数总和的伤害: the sweep's own player too
        self.damage(o, points(self.banished[o]), "abyss", {"count": len(self.banished[o]), "own": False})
        self.damage(p, points(self.banished[p]), "abyss", {"count": len(self.banished[p]), "own": True})
        self.joker_leaves(p)

    def abyss_direct(self, row: int) -> None:
        """大王 direct attack: five random cards of the opponent's deck (as many as there are, gap 1-24) are
        banished — face cards to the graveyard — and their points are the damage; the 大王 leaves (+10)."""
        p = self.turn_seat
        o = 1 - p
        deck = self.decks[o]
        taken = []
        for _ in range(min(JOKER_DIRECT_CARDS, len(deck))):
            # pop(i), not a swap with the top: the cards left keep their order (a setup may fix it)
            taken.append(deck.pop(self.rng.below(len(deck))))
        for c in taken:
            if IS_FACE[c]:
                self.to_graveyard(o, c, "deck")
            else:
                self.banish(o, c, "deck")
        self.damage(o, points(taken), "abyss_direct", {"cards": [CARD[c] for c in taken]})
        if self.opt["joker_direct_row_damage"]:
            self.damage(o, row_total(self.rows[p][row]), "direct", {"row": row + 1})
        self.joker_leaves(p)

    def clash(self, fight: bool) -> None:
        """大王 against 大王: ② whoever yields loses his 大王 (10 damage, its row's face cards destroyed); ① if both
        fight, each puts every hand card of his 大王 row's suit into that row and the lower total loses (a tie
        goes to the attacker, gap 1-22). The attack goes on (a sweep) when the attacker's 大王 survives."""
        p = self.turn_seat
        o = 1 - p
        row, target = self.p_row, self.p_target
        chooser = self.to_move
        self._emit(Event("clash_choice", {"seat": chooser, "fight": fight}))
        if self.phase is Phase.CLASH_ATTACKER:
            if not fight:
                self.destroy_joker(p, CLASH_DAMAGE, "clash")
                self.next_turn()
                return
            self.phase = Phase.CLASH_DEFENDER
            self.to_move = o
            return
        if fight:
            self._clash_place(p, row)
            self._clash_place(o, target)
            mine, theirs = self.clash_total(p, row), self.clash_total(o, target)
            loser = p if mine < theirs else o
            self._emit(Event("clash_totals", {"attacker": mine, "defender": theirs, "loser": loser}))
        else:
            loser = o
        self.destroy_joker(loser, CLASH_DAMAGE, "clash")
        self.to_move = p
        if loser == o:
            self.abyss_sweep(row, target)
        self.next_turn()

    def clash_total(self, seat: int, row: int) -> int:
        """Clash ① 「那一排点数总和」: the row's normal cards, and with ``clash_faces`` 1 per face card (花牌算作一点)."""
        total = row_total(self.rows[seat][row])
        return total + len(self.faces[seat][row]) if self.opt["clash_faces"] else total

    def _clash_place(self, seat: int, row: int) -> None:
        """Clash ①: every normal hand card of the row's suit (♥ too with ``clash_hearts`` in rows 1–2) goes into
        the row; with ``clash_self_damage`` that is 特殊放置, 1 damage a card. With ``clash_faces`` the suit's J/Q/K
        in hand go down too, as face cards; past two, each pushes out the oldest (no choice in mid-clash)."""
        suit = ROW_SUIT[row]
        hearts = self.opt["clash_hearts"] and row < 2
        cards = [c for c in self.hands[seat] if IS_NORMAL[c] and (SUIT[c] == suit or hearts and SUIT[c] == Suit.HEARTS)]
        for c in cards:
            self.hands[seat].remove(c)
            self.rows[seat][row].append(c)
            self._public(seat, c)
            self._moved(seat, c, "hand", ROW_NAME[row])
        if self.opt["clash_faces"]:
            for c in [c for c in self.hands[seat] if FACE_ROW[c] == row]:
                self.hands[seat].remove(c)
                self.faces[seat][row].append(c)
                self.since[seat][row].append(self.turn)
                self._public(seat, c)
                self._moved(seat, c, "hand", ROW_NAME[row])
                if len(self.faces[seat][row]) > MAX_FACES:
                    self._remove_face(seat, row, self.faces[seat][row][0])
        if self.opt["clash_self_damage"]:
            self.damage(seat, len(cards), "special_placement")

    # --------------------------------------------------------------------------------------------- the end
    def _check_end(self) -> bool:
        """深海时代 (more than 54 banished cards) first, then 胜利条件 (对方生命值归零); both at 0 is a draw."""
        life = self.life
        if self.deep_sea < 0 and life[0] > 0 and life[1] > 0:
            return False
        if self.deep_sea >= 0:
            self.game_over((self.deep_sea,), "deep_sea")
            return True
        dead = [s for s in range(NUM_SEATS) if self.life[s] <= 0]
        if not dead:
            return False
        if len(dead) == NUM_SEATS:
            self.game_over((), "both_zero")
        else:
            self.game_over((1 - dead[0],), "life_zero")
        return True

    def game_over(self, winners: tuple[int, ...], reason: str) -> None:
        """The game ends (``reason``: life_zero, deep_sea, both_zero, turn_cap)."""
        self.phase = Phase.OVER
        self._ids_cache = None
        self.winners_ = winners
        self.end_reason = reason
        self._emit(Event("game_over", {"winners": list(winners), "reason": reason}))

    # ---------------------------------------------------------------------------------------------- contract
    def card_places(self) -> list[tuple[str, str]]:
        """Where every card is, in the places of the sightings tracker (``sightings.py``)."""
        from .sightings import card_places

        return card_places(self)

    def never_shown(self, seat: int | None) -> set[str]:
        """Notation of the cards ``seat`` has never been shown in either deck (both decks print the same
        notation, so only a card unseen in both may be checked): they must appear in none of its views or events."""
        bit = PUBLIC if seat is None else 1 << seat
        seen = self.seen
        return {CARD[c] for c in range(DECK_SIZE) if not seen[c] & bit and not seen[DECK_SIZE + c] & bit}

    def view(self, seat: int | None) -> Json:
        """What ``seat`` may know; see ``view.py``."""
        from .view import view_of

        return view_of(self, seat)

    def resample(self, seat: int, rng: Rng) -> XenoFactionState:
        """A state ``seat`` cannot tell from this one; see ``view.py``."""
        from .view import resample_for

        return resample_for(self, seat, rng)

    def _fields_to_json(self) -> Json:
        from .setup import fields_to_json

        return fields_to_json(self)
