"""The wizard-towers state: plain lists of card ids, a phase, and the procedure that moves between decisions.

Each method named after a rule carries it out and cites the seed clause (seed 000). Pure arithmetic lives in
``rules.py``; what a seat may see lives in ``view.py``; the starting deal and setups in ``setup.py``.

Knowledge: ``known[card]`` is a bit mask of the seats that know where that card is now (bit 3: everyone,
spectators included). It is set when a seat draws a card, when a battle reveals cards, and cleared —
conservatively — whenever a card moves face down out of sight. Views show exactly the known cards, and
``resample`` redeals exactly the unknown ones, so the two can never disagree. ``seen[card]`` records every seat
that has ever been shown the card (the leak test checks the event stream against it).
"""

from __future__ import annotations

from bisect import insort
from enum import IntEnum
from typing import Any

from tablecraft.core.api import TERMINAL, Content, Json, State
from tablecraft.core.cards import DECK_SIZE, card_str, is_joker
from tablecraft.core.events import SPECTATOR, Event
from tablecraft.core.rng import Rng

from . import actions as A
from .actions import Kind, WTAction
from .rules import ATTACK, DEFENCE, NOBODY, BattleOutcome, Special, card_value, resolve_battle
from .spec import (
    BAG_NAMES,
    EVERYONE,
    NUM_BAGS,
    NUM_SEATS,
    PUBLIC,
    SEAT_NAMES,
    TOWER_LIMITS,
    TOWER_NAMES,
    TOWER_SLOTS,
    WARRIORS,
    WIZARD,
    Tower,
)

CARD = tuple(card_str(c) for c in range(DECK_SIZE))


def is_special_notation(card: str) -> bool:
    """An ace (特殊牌 2–5: its suit's special effect) or a joker, by its notation (``AS``, ``JKR``)."""
    return card.startswith("A") or card.startswith("JK")
"""Notation of each card id, precomputed for events."""

TOWER_ORIGIN = 3
"""Where a battle card came from: 0–2 the hand of that seat, 3–5 the left/right/main tower."""

SLOT_OF = ((0,), (1,), (2, 3))
"""Codec slot id of each position of each tower."""


class Phase(IntEnum):
    """The step of the turn whose decision is pending."""

    DRAW = 0  # 回合开始抓牌 (游戏开始2)
    ACTION = 1  # attack, adjust the towers or pass (进攻1, 巫师特殊规则3)
    ADJUST = 2  # the wizard's further tower adjustments (巫师特殊规则3)
    ATTACK_CARDS = 3  # the attacker's face-down cards (进攻1)
    ATTACK_LEAD = 4  # the attacker's action card (特殊规则2)
    SUBSTITUTE_OFFER = 5  # the other warrior may defend in the attacked one's place (防守2)
    DEFEND_CARDS = 6  # the defender's face-down cards (防守1)
    DEFEND_LEAD = 7  # the defender's action card (特殊规则2)
    KILL_DRAW = 8  # the killer draws two (特殊规则5)
    DISCARD = 9  # discard down to the hand limit (伤害计算及牌去处4)
    END_DRAW = 10  # the idle wizard's end-of-turn draw (巫师特殊规则4)
    OVER = 11


class WizardTowersState(State[WTAction]):
    """A wizard-towers position. Fields are public for tests and views; change them only through ``apply``."""

    __slots__ = (
        "phase", "to_move", "turn_seat", "turn", "hp", "alive", "hand_limit", "hands", "towers", "bags",
        "capacity", "coins", "junk", "known", "seen", "draws_left", "acted", "skipped", "adjust_left",
        "target", "att", "att_from", "att_lead", "dfn", "dfn_from", "dfn_lead", "substitute", "chooser",
        "queue", "winners_", "end_reason", "stalled",
    )

    phase: Phase
    to_move: int
    turn_seat: int
    turn: int
    hp: list[int]
    alive: list[bool]
    hand_limit: list[int]
    hands: list[list[int]]
    towers: list[list[int]]
    bags: list[list[int]]
    capacity: tuple[int, ...]
    coins: list[list[int]]
    junk: list[int]
    known: list[int]
    seen: list[int]
    draws_left: int
    acted: bool
    skipped: bool
    adjust_left: int
    target: int
    att: tuple[int, ...]
    att_from: tuple[int, ...]
    att_lead: int
    dfn: tuple[int, ...]
    dfn_from: tuple[int, ...]
    dfn_lead: int
    substitute: int
    chooser: int
    queue: tuple[tuple[int, int], ...]
    winners_: tuple[int, ...]
    end_reason: str
    stalled: int
    """Bit mask of the seats whose next turn a late spiral coin skips (option ``late_coin="stall"``)."""

    # ------------------------------------------------------------------------------------------------ basics
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""
        return TERMINAL if self.phase is Phase.OVER else self.to_move

    def clone(self) -> WizardTowersState:
        """An independent copy (lists copied, immutable fields shared)."""
        s = WizardTowersState.__new__(WizardTowersState)
        s.game = self.game
        s.rng = Rng(self.rng.state)
        s._log = self._log
        s._history = self._history
        s.phase = self.phase
        s.to_move = self.to_move
        s.turn_seat = self.turn_seat
        s.turn = self.turn
        s.hp = self.hp[:]
        s.alive = self.alive[:]
        s.hand_limit = self.hand_limit[:]
        h = self.hands
        s.hands = [h[0][:], h[1][:], h[2][:]]
        t = self.towers
        s.towers = [t[0][:], t[1][:], t[2][:]]
        b = self.bags
        s.bags = [b[0][:], b[1][:], b[2][:]]
        s.capacity = self.capacity
        c = self.coins
        s.coins = [c[0][:], c[1][:], c[2][:]]
        s.junk = self.junk[:]
        s.known = self.known[:]
        s.seen = self.seen[:]
        s.draws_left = self.draws_left
        s.acted = self.acted
        s.skipped = self.skipped
        s.adjust_left = self.adjust_left
        s.target = self.target
        s.att = self.att
        s.att_from = self.att_from
        s.att_lead = self.att_lead
        s.dfn = self.dfn
        s.dfn_from = self.dfn_from
        s.dfn_lead = self.dfn_lead
        s.substitute = self.substitute
        s.chooser = self.chooser
        s.queue = self.queue
        s.winners_ = self.winners_
        s.end_reason = self.end_reason
        s.stalled = self.stalled
        return s

    def returns(self) -> list[float]:
        """+1 for the winner and −1 for the others; 0 for everyone in a draw or before the end."""
        if self.phase is not Phase.OVER or not self.winners_:
            return [0.0] * NUM_SEATS
        return [1.0 if s in self.winners_ else -1.0 for s in range(NUM_SEATS)]

    def winners(self) -> list[int]:
        """The last one alive (seed 000 · 游戏准备2), or nobody in a draw."""
        return list(self.winners_)

    @property
    def opt(self) -> dict[str, Any]:
        """The game's options."""
        return self.game.options

    def coin_in_bag(self, bag: int) -> bool:
        """True when the bag's spiral coin is in it (nobody holds it)."""
        c = self.coins
        return bag not in c[0] and bag not in c[1] and bag not in c[2]

    def can_draw_from(self, bag: int) -> bool:
        """A bag can be drawn from while it holds a card or its coin."""
        return bool(self.bags[bag]) or self.coin_in_bag(bag)

    def drawable_bags(self) -> list[int]:
        """Bags that hold anything."""
        return [b for b in range(NUM_BAGS) if self.bags[b] or self.coin_in_bag(b)]

    def can_defend(self, seat: int) -> bool:
        """防守3: a seat holding a spiral coin cannot defend (gap 0-8: the wizard too, unless ``coin_bars_wizard``
        is off)."""
        if not self.alive[seat]:
            return False
        return not self.coins[seat] or (seat == WIZARD and not self.opt["coin_bars_wizard"])

    def wizard_may_defend_himself(self) -> bool:
        """巫师特殊规则2 「除非巫师塔无牌，否则巫师不能进行防守」: as the direct target he may (default), or only once
        every tower is empty (``wizard_self_defence="all_empty"``)."""
        return self.opt["wizard_self_defence"] == "target" or not any(self.towers)

    # ---------------------------------------------------------------------------------------------- legality
    def legal_actions(self) -> list[WTAction]:
        """The current decision's options, sorted by id (empty once the game is over)."""
        ph = self.phase
        p = self.to_move
        if ph is Phase.DRAW or ph is Phase.END_DRAW:
            return [A.DRAW[b] for b in self.drawable_bags()] + [A.STOP]
        if ph is Phase.ATTACK_CARDS:
            out = [A.PLAY_CARD[c] for c in self.hands[p]]
            if self.att:
                out.append(A.DONE)
            return out
        if ph is Phase.DEFEND_CARDS:
            return self._defence_options()
        if ph is Phase.ATTACK_LEAD or ph is Phase.DEFEND_LEAD:
            return self._lead_options()
        if ph is Phase.ACTION:
            return self._action_options()
        if ph is Phase.ADJUST:
            return [A.DONE] + self._adjustments()
        if ph is Phase.SUBSTITUTE_OFFER:
            return [A.SUBSTITUTE, A.DECLINE]
        if ph is Phase.KILL_DRAW:
            return [A.DRAW[b] for b in self.drawable_bags()]
        if ph is Phase.DISCARD:
            return [A.DISCARD[c] for c in self.hands[p]]
        return []

    def attack_targets(self, seat: int) -> list[WTAction]:
        """Whom ``seat`` may attack (进攻2 and gap 0-9, 0-10): a side tower before the main tower, the main
        tower before the wizard; warriors may attack each other unless the alliance variant holds."""
        out = []
        alive = self.alive
        if seat == WIZARD:
            return [A.ATTACK_SEAT[w] for w in WARRIORS if alive[w]]
        other = 1 - seat
        if alive[other] and not (self.opt["alliance"] and alive[WIZARD]):
            out.append(A.ATTACK_SEAT[other])
        if alive[WIZARD]:
            t = self.towers
            side_broken = not t[Tower.LEFT] or not t[Tower.RIGHT]
            # seed 000 · 进攻2 「主塔无牌时可直接攻击巫师」: an empty main tower is enough; the 'chain' variant
            # also wants a side tower empty now (side towers the wizard rebuilt shield him again).
            if not t[Tower.MAIN] and (side_broken or self.opt["wizard_target"] == "main_empty"):
                out.append(A.ATTACK_SEAT[WIZARD])
            if t[Tower.LEFT]:
                out.append(A.ATTACK_TOWER[Tower.LEFT])
            if t[Tower.RIGHT]:
                out.append(A.ATTACK_TOWER[Tower.RIGHT])
            if side_broken and t[Tower.MAIN]:
                out.append(A.ATTACK_TOWER[Tower.MAIN])
        out.sort()
        return out

    def _action_options(self) -> list[WTAction]:
        p = self.to_move
        out = [A.PASS]
        if self.hands[p]:
            out += self.attack_targets(p)
        if p == WIZARD:
            out += self._adjustments()
        return out

    def _adjustments(self) -> list[WTAction]:
        """巫师特殊规则3: place a hand card on a tower with room (1 point); swap a hand card with a tower card, or
        two tower cards on different towers (2 points); at most 3 points a turn."""
        budget = self.adjust_left if self.phase is Phase.ADJUST else 3
        hand = self.hands[WIZARD]
        towers = self.towers
        out: list[WTAction] = []
        room = [t for t in range(3) if len(towers[t]) < TOWER_LIMITS[t]]
        filled = [SLOT_OF[t][i] for t in range(3) for i in range(len(towers[t]))]
        if budget >= 1:
            out += [A.place(c, t) for c in hand for t in room]
        if budget >= 2:
            out += [A.swap_hand(c, s) for c in hand for s in filled]
            out += [A.SWAP_TOWERS[pair] for pair in A.TOWER_PAIRS if pair[0] in filled and pair[1] in filled]
        return out

    def _defence_options(self) -> list[WTAction]:
        x = self.chooser
        n = len(self.dfn)
        target = self.target
        out: list[WTAction] = []
        if target >= TOWER_ORIGIN:
            tower = target - TOWER_ORIGIN
            from_tower = sum(1 for f in self.dfn_from if f == target)
            if n < 2:
                # 防守1: a tower defends with at least one of its own cards, so the hand may add one only
                # (option tower_hand_cards: or none).
                if (n == 0 or from_tower) and self.opt["tower_hand_cards"]:
                    out += [A.PLAY_CARD[c] for c in self.hands[WIZARD]]
                out += [A.PLAY_TOWER[SLOT_OF[tower][i]] for i in range(len(self.towers[tower]))]
            if from_tower:
                out.append(A.DONE)
            return out
        cap = 1 if target == WIZARD else 2  # 巫师特殊规则2: the wizard defends himself with one card
        if n < cap:
            hand = self.hands[x]
            if self.substitute >= 0 and x != self.substitute and self.opt["joker_must_lead"] \
                    and not self.opt["joint_joker"]:
                # The substitute's card leads (防守2), and a Joker must lead, so the attacked warrior adds no Joker
                # (option joint_joker: he may, and it adds its 15 without leading).
                hand = [c for c in hand if not is_joker(c)]
            out += [A.PLAY_CARD[c] for c in hand]
        if not (self.substitute >= 0 and x == self.substitute and n == 0):
            out.append(A.DONE)  # the substitute, having stepped in, plays at least one card
        return out

    def _lead_options(self) -> list[WTAction]:
        """特殊规则2: the action card among the cards that may lead. The step is asked whenever two cards may lead
        (a public fact), so the others cannot tell a played Joker from its absence; a Joker the chooser can see
        must lead (gap 0-14), which leaves him that one option."""
        bit = 1 << self.to_move
        if self.phase is Phase.ATTACK_LEAD:
            cards, cands = self.att, [0, 1]
        else:
            cards, cands = self.dfn, self.lead_candidates()
        if self.opt["joker_must_lead"]:
            for i in cands:
                if is_joker(cards[i]) and self.known[cards[i]] & bit:
                    return [A.LEAD[i]]
        return [A.LEAD[i] for i in cands]

    def why_illegal(self, action: WTAction) -> str | None:
        """Say which decision is pending, for the error message."""
        return f"{SEAT_NAMES[self.to_move]} is at the {self.phase.name.lower().replace('_', ' ')} step"

    # --------------------------------------------------------------------------------------------- transitions
    def _apply(self, act: WTAction) -> None:
        ph = self.phase
        k = act.kind
        p = self.to_move
        if ph is Phase.DRAW:
            if k is Kind.DRAW:
                if self.draw(p, act.a):
                    self.skip_turn_for_coin()
                    return
                self.draws_left -= 1
            else:
                self.draws_left = 0
            self._continue_draw()
        elif ph is Phase.ACTION:
            if k is Kind.PASS:
                self.end_turn()
            elif k is Kind.ATTACK_SEAT or k is Kind.ATTACK_TOWER:
                self.acted = True
                self.target = act.a if k is Kind.ATTACK_SEAT else TOWER_ORIGIN + act.a
                self.att, self.att_from, self.att_lead = (), (), 0
                self.phase = Phase.ATTACK_CARDS
                self._emit(Event("attack", {"seat": p, "target": self._target_name(self.target)}))
            else:
                self.acted = True
                self.adjust_left = 3
                self.phase = Phase.ADJUST
                self.adjust(act)
        elif ph is Phase.ADJUST:
            if k is Kind.DONE:
                self.end_turn()
            else:
                self.adjust(act)
        elif ph is Phase.ATTACK_CARDS:
            if k is Kind.PLAY_CARD:
                self.att += (act.a,)
                self.att_from += (p,)
                self.play_face_down(p, act.a, "attack")
            if k is Kind.DONE or len(self.att) == 2 or not self.hands[p]:
                self._attack_lead_step()
        elif ph is Phase.ATTACK_LEAD:
            self.att_lead = act.a
            self.start_defence()
        elif ph is Phase.SUBSTITUTE_OFFER:
            if k is Kind.SUBSTITUTE:
                self.substitute = p
                self._emit(Event("substitute", {"seat": p, "for": self.target}))
                self._ask_defence(p)
            else:
                self._emit(Event("declined", {"seat": p}))
                self._defend_normally()
        elif ph is Phase.DEFEND_CARDS:
            if k is Kind.PLAY_CARD:
                self.dfn += (act.a,)
                self.dfn_from += (p,)
                self.play_face_down(p, act.a, "defence")
            elif k is Kind.PLAY_TOWER:
                tower, pos = TOWER_SLOTS[act.a]
                card = self.towers[tower].pop(pos)
                self.dfn += (card,)
                self.dfn_from += (TOWER_ORIGIN + tower,)
                self._emit(Event("played", {"seat": p, "side": "defence", "from": TOWER_NAMES[tower]},
                                 {"card": CARD[card]}, event_mask(self.known[card])))
            self._defence_step(k is Kind.DONE)
        elif ph is Phase.DEFEND_LEAD:
            self.dfn_lead = act.a
            self.resolve_battle()
        elif ph is Phase.KILL_DRAW:
            coin = self.draw(p, act.a)
            if coin:
                self._late_coin(p)
            self.draws_left -= 1
            if coin or self.draws_left == 0 or not self.drawable_bags():
                self._run_queue()
        elif ph is Phase.DISCARD:
            self.discard(p, act.a)
            self._run_queue()
        elif ph is Phase.END_DRAW:
            if k is Kind.DRAW and self.draw(p, act.a):
                self._late_coin(p)
            self.next_turn()

    # ---------------------------------------------------------------------------------------------- the turn
    def next_turn(self) -> None:
        """游戏开始1–3: the next living seat's turn starts; a held spiral coin goes back to its bag first, and with
        two coins only the first goes back and the turn is skipped."""
        while True:
            if self.turn >= self.opt["max_turns"]:
                self.game_over((), "turn_cap")
                return
            seat = self.turn_seat
            for _ in range(NUM_SEATS):
                seat = (seat + 1) % NUM_SEATS
                if self.alive[seat]:
                    break
            self.turn += 1
            self.turn_seat = self.to_move = seat
            self.acted = self.skipped = False
            self.att = self.att_from = self.dfn = self.dfn_from = ()
            self.target = self.substitute = -1
            self._emit(Event("turn", {"seat": seat, "turn": self.turn}))
            held = self.coins[seat]
            stalled = self.stalled >> seat & 1
            if len(held) >= 2 or stalled:
                # 「若有两枚螺旋硬币…直接跳过这个回合」; with late_coin="stall" a coin drawn after his turn does too
                reason = "second coin" if len(held) >= 2 else "late coin"
                self.stalled &= ~(1 << seat)
                self.return_coin(seat)
                self._emit(Event("skipped", {"seat": seat, "reason": reason}))
                self.skipped = True
                if self._offer_end_draw():
                    return
                continue
            if held:
                self.return_coin(seat)
            self.phase = Phase.DRAW
            self.draws_left = 2 if seat == WIZARD else 1
            self._continue_draw()
            return

    def _continue_draw(self) -> None:
        """游戏开始2: draw while under the hand limit (the wizard at most twice); then act."""
        p = self.to_move
        if self.draws_left > 0 and len(self.hands[p]) < self.hand_limit[p] and self.drawable_bags():
            self.phase = Phase.DRAW
            return
        self.phase = Phase.ACTION
        if len(self._action_options()) == 1:  # nothing but pass: no decision to make
            self.end_turn()

    def _late_coin(self, seat: int) -> None:
        """游戏开始3 for a coin drawn in kill draws or the end draw: held until the holder's next turn start, which
        it skips with ``late_coin="stall"``."""
        if self.opt["late_coin"] == "stall":
            self.stalled |= 1 << seat

    def skip_turn_for_coin(self) -> None:
        """游戏开始3: drawing a spiral coin skips the rest of the turn (no more draws, no action)."""
        self.skipped = True
        self._emit(Event("skipped", {"seat": self.to_move, "reason": "coin"}))
        self.end_turn()

    def end_turn(self) -> None:
        """End the turn, offering the idle wizard his end-of-turn draw first."""
        if not self._offer_end_draw():
            self.next_turn()

    def _offer_end_draw(self) -> bool:
        """巫师特殊规则4: a wizard who neither attacked nor adjusted, with fewer than 5 cards, may draw one at the
        end of his turn; gap 0-7 (a): also after a coin skipped his turn (option ``coin_skip_end_draw``)."""
        seat = self.turn_seat
        if (
            seat == WIZARD
            and self.alive[WIZARD]
            and not self.acted
            and (not self.skipped or self.opt["coin_skip_end_draw"])
            and len(self.hands[WIZARD]) < self.hand_limit[WIZARD]
            and self.drawable_bags()
        ):
            self.phase = Phase.END_DRAW
            self.to_move = WIZARD
            return True
        return False

    # ------------------------------------------------------------------------------------------------ bags
    def draw(self, seat: int, bag: int) -> bool:
        """Draw one item at random from ``bag``; return True if it was the bag's spiral coin (游戏开始3)."""
        cards = self.bags[bag]
        n = len(cards)
        i = self.rng.below(n + (1 if self.coin_in_bag(bag) else 0))
        if i == n:
            self.coins[seat].append(bag)
            self._emit(Event("drew_coin", {"seat": seat, "bag": BAG_NAMES[bag]}))
            return True
        card = cards[i]
        cards[i] = cards[-1]
        cards.pop()
        known = self.known
        bit = 1 << seat
        for c in cards:  # others can no longer tell which of the bag's cards left it
            known[c] &= bit
        known[card] = bit
        self.seen[card] |= bit
        insort(self.hands[seat], card)
        self._emit(Event("drew", {"seat": seat, "bag": BAG_NAMES[bag]}, {"card": CARD[card]}, bit))
        if not cards:
            self.refill_bags()
        return False

    def return_coin(self, seat: int) -> None:
        """游戏开始3: the first held coin goes back to the bag it came from, which is then shuffled."""
        bag = self.coins[seat].pop(0)
        self._emit(Event("coin_returned", {"seat": seat, "bag": BAG_NAMES[bag]}))

    def refill_bags(self) -> None:
        """特殊规则4: a bag with no cards is filled from the shuffled junk bag up to its capacity (its coin counts
        even when held); gap 0-4: with too little junk it takes all there is."""
        for bag in range(NUM_BAGS):
            cards = self.bags[bag]
            if cards or not self.junk:
                continue
            want = self.capacity[bag] - 1
            junk = self.junk
            if want <= 0:
                continue
            if len(junk) <= want:
                moved, self.junk = junk, []
            else:
                self.rng.shuffle(junk)
                moved, self.junk = junk[:want], junk[want:]
                known = self.known
                for c in junk:  # nobody can tell which junk cards went in
                    known[c] = 0
            cards.extend(moved)
            # junk_left is public (the junk bag's count): with none left, every junk card went into this bag
            self._emit(Event("refilled", {"bag": BAG_NAMES[bag], "count": len(moved), "junk_left": len(self.junk)}))

    def discard(self, seat: int, card: int) -> None:
        """伤害计算及牌去处4: a card over the hand limit goes face down to the junk bag."""
        self.hands[seat].remove(card)
        self._hide_hand_from_others(seat, card)
        self.junk.append(card)
        bit = 1 << seat
        self._emit(Event("discarded", {"seat": seat}, {"card": CARD[card]}, bit))
        if not all(self.bags):
            self.refill_bags()

    def _hide_hand_from_others(self, seat: int, card: int) -> None:
        """A card left ``seat``'s hand face down: the others cannot tell which, so they lose track of all of it."""
        keep = 1 << seat
        known = self.known
        known[card] &= keep
        for c in self.hands[seat]:
            known[c] &= keep

    # -------------------------------------------------------------------------------------------- the wizard
    def adjust(self, act: WTAction) -> None:
        """巫师特殊规则3: one tower adjustment (place = 1 point, swap = 2), then end the turn when none is left."""
        towers, hand = self.towers, self.hands[WIZARD]
        wizard_bit = 1 << WIZARD
        keep = wizard_bit if self.opt["wizard_remembers_towers"] else 0
        if act.kind is Kind.PLACE:
            hand.remove(act.a)
            self._hide_hand_from_others(WIZARD, act.a)
            self.known[act.a] &= keep
            towers[act.b].append(act.a)
            self.adjust_left -= 1
            self._emit(Event("placed", {"tower": TOWER_NAMES[act.b]}, {"card": CARD[act.a]}, keep))
        elif act.kind is Kind.SWAP_HAND:
            tower, pos = TOWER_SLOTS[act.b]
            taken = towers[tower][pos]
            hand.remove(act.a)
            self._hide_hand_from_others(WIZARD, act.a)
            self.known[act.a] &= keep
            towers[tower][pos] = act.a
            insort(hand, taken)
            self.known[taken] |= wizard_bit  # he may look at a card taken into his hand
            self.seen[taken] |= wizard_bit
            self.adjust_left -= 2
            # the card he takes he may look at; the card he sets down is named to him only if he remembers it
            secret = {"placed": CARD[act.a], "taken": CARD[taken]} if keep else {"taken": CARD[taken]}
            self._emit(Event("swapped_in", {"slot": A.slot_name(act.b)}, secret, wizard_bit))
        else:
            (t1, p1), (t2, p2) = TOWER_SLOTS[act.a], TOWER_SLOTS[act.b]
            towers[t1][p1], towers[t2][p2] = towers[t2][p2], towers[t1][p1]
            self.adjust_left -= 2
            self._emit(Event("tower_swap", {"slots": [A.slot_name(act.a), A.slot_name(act.b)]}))
        if self.adjust_left <= 0 or not self._adjustments():
            self.end_turn()

    # ------------------------------------------------------------------------------------------------ battle
    @staticmethod
    def _target_name(target: int) -> str:
        return SEAT_NAMES[target] if target < TOWER_ORIGIN else TOWER_NAMES[target - TOWER_ORIGIN]

    def play_face_down(self, seat: int, card: int, side: str) -> None:
        """进攻1 / 防守1: a hand card goes face down into the battle; only its owner knows it."""
        self.hands[seat].remove(card)
        self._hide_hand_from_others(seat, card)
        bit = 1 << seat
        self._emit(Event("played", {"seat": seat, "side": side, "from": "hand"}, {"card": CARD[card]}, bit))

    def _attack_lead_step(self) -> None:
        """特殊规则2: with two cards the attacker names the action card — asked even when a played Joker leads
        anyway, since skipping the step would tell the others of the Joker (``_lead_options``)."""
        if len(self.att) == 2:
            self.phase = Phase.ATTACK_LEAD
            return
        self.att_lead = 0
        self.start_defence()

    def start_defence(self) -> None:
        """防守1–3: ask whoever may defend against this attack."""
        self.dfn, self.dfn_from, self.dfn_lead, self.substitute = (), (), 0, -1
        target, attacker = self.target, self.turn_seat
        if target >= TOWER_ORIGIN:
            tower = target - TOWER_ORIGIN
            if not self.can_defend(WIZARD):
                # Gap 0-8: a coin-holding wizard cannot act; the tower defends with all its own cards.
                cards = self.towers[tower]
                self.dfn = tuple(cards)
                self.dfn_from = (target,) * len(cards)
                cards.clear()
                self._emit(Event("tower_defends", {"tower": TOWER_NAMES[tower], "count": len(self.dfn)}))
                self.dfn_lead = 0
                self.resolve_battle()
                return
            self._ask_defence(WIZARD)
            return
        if attacker == WIZARD:
            other = 1 - target
            if self.can_defend(other) and self.hands[other]:
                self.phase = Phase.SUBSTITUTE_OFFER
                self.to_move = other
                return
        self._defend_normally()

    def _defend_normally(self) -> None:
        target = self.target
        if target == WIZARD and not self.wizard_may_defend_himself():
            # 巫师特殊规则2 read strictly (wizard_self_defence="all_empty"): a standing tower bars his defence
            self._emit(Event("no_defence", {"seat": WIZARD, "reason": "towers_stand"}))
            self.resolve_battle()
        elif self.can_defend(target) and self.hands[target]:
            self._ask_defence(target)
        else:
            if self.alive[target] and not self.can_defend(target) and self.hands[target]:
                self._emit(Event("no_defence", {"seat": target, "reason": "coin"}))  # 防守3
            self.resolve_battle()

    def _ask_defence(self, seat: int) -> None:
        self.phase = Phase.DEFEND_CARDS
        self.chooser = self.to_move = seat
        # Nothing to play: no defence. Only an empty hand is passed over; a hand of cards the seat may not add
        # (the attacked warrior's Jokers beside a substitute) is still asked, or the others would learn of them.
        if not self.hands[seat] and self._defence_options() == [A.DONE]:
            self._defence_step(True)

    def _defence_step(self, finished: bool) -> None:
        """After each defence card: go on choosing, hand over to the attacked warrior (joint substitute), or
        choose the action card."""
        if not finished and any(o.kind is not Kind.DONE for o in self._defence_options()):
            return
        sub = self.substitute
        if sub >= 0 and self.chooser == sub and self.opt["substitute"] == "joint" and len(self.dfn) < 2:
            helper = self.target
            if self.can_defend(helper) and self.hands[helper]:
                self._ask_defence(helper)
                return
        self._defence_lead_step()

    def lead_candidates(self) -> list[int]:
        """Indices of the defence cards that may lead: the substitute's own cards when one stepped in (防守2)."""
        if self.substitute >= 0:
            return [i for i, f in enumerate(self.dfn_from) if f == self.substitute]
        return list(range(len(self.dfn)))

    def _defence_lead_step(self) -> None:
        cands = self.lead_candidates()
        if len(cands) >= 2:
            # Asked whenever two cards may lead, a Joker among them or not (``_lead_options``); a blind tower
            # Joker is made to lead when revealed.
            self.phase = Phase.DEFEND_LEAD
            self.to_move = self.substitute if self.substitute >= 0 else self.chooser
            return
        self.dfn_lead = cands[0] if cands else 0
        self.resolve_battle()

    def _side_seat(self, side: int) -> int:
        """The seat whose HP a side's damage or healing changes, or ``NOBODY`` for a side tower's void damage."""
        if side == ATTACK:
            return self.turn_seat
        t = self.target
        if t < TOWER_ORIGIN:
            return self.substitute if self.substitute >= 0 else t
        return WIZARD if t == TOWER_ORIGIN + Tower.MAIN else NOBODY

    def resolve_battle(self) -> None:
        """伤害计算及牌去处 1–3, 特殊规则1, 特殊牌 1–5: reveal, compare, damage, aces, junk and return the cards."""
        opt = self.opt
        # 防守2: in a joint defence the substitute's card leads even beside a Joker the attacked warrior added
        fixed = self.substitute >= 0 and any(f != self.substitute for f in self.dfn_from)
        out = resolve_battle(self.att, self.att_lead, self.dfn, self.dfn_lead, opt["joker_must_lead"],
                             opt["ace_trigger"], fixed)
        known, seen = self.known, self.seen
        for c in self.att + self.dfn:
            known[c] = seen[c] = EVERYONE
        att_seat, def_seat = self._side_seat(ATTACK), self._side_seat(DEFENCE)
        seats = (att_seat, def_seat)
        terms = [list(t) for t in out.terms]
        ace = None
        if out.special is not None:
            ace = {"side": out.special_side, "card": CARD[out.cards[out.special_side][out.special_index]],
                   "effect": out.special.name.lower()}
        self._emit(Event("battle", {
            "attacker": att_seat, "target": self._target_name(self.target),
            "defender": def_seat if def_seat != NOBODY else None,
            "attack": [CARD[c] for c in self.att], "defence": [CARD[c] for c in self.dfn],
            "defence_from": [self._origin_name(f) for f in self.dfn_from],
            "leads": list(out.leads), "raw": list(out.raw), "bonus": list(out.bonus),
            "loser": out.loser, "damage": out.damage, "terms": terms, "ace": ace,
        }))
        killer = [NOBODY] * NUM_SEATS
        if out.loser != NOBODY and out.damage:
            victim = seats[out.loser]
            if victim == NOBODY:
                self._emit(Event("tower_unharmed", {"tower": self._target_name(self.target), "amount": out.damage,
                                                    "terms": terms}))
            elif out.immune:
                self._emit(Event("immune", {"seat": victim, "amount": out.damage, "terms": terms,
                                            "raw": [out.raw[out.loser], out.raw[1 - out.loser]]}))
            else:
                self.damage(victim, out.damage, "battle", {"terms": terms})
                killer[victim] = self._credit(seats[1 - out.loser])
        if out.special is not None:
            self._apply_special(out, seats, killer)
        self._settle_cards(out)
        self.target = -1
        self.att = self.att_from = self.dfn = self.dfn_from = ()
        self.to_move = self.turn_seat
        dead = [s for s in range(NUM_SEATS) if self.alive[s] and self.hp[s] <= 0]
        for s in dead:
            self.alive[s] = False  # deaths in one battle are simultaneous (gap 0-25)
        for s in dead:
            self.die(s, killer[s] if killer[s] != NOBODY and killer[s] not in dead else NOBODY)
        living = [s for s in range(NUM_SEATS) if self.alive[s]]
        if len(living) <= 1:
            self.game_over(tuple(living), "last_alive")
            return
        self._run_queue()

    @staticmethod
    def _credit(seat: int) -> int:
        """Who is credited with a kill: a tower's blow is the wizard's."""
        return WIZARD if seat == NOBODY else seat

    @staticmethod
    def _origin_name(origin: int) -> str:
        return f"hand:{SEAT_NAMES[origin]}" if origin < TOWER_ORIGIN else f"tower:{TOWER_NAMES[origin - TOWER_ORIGIN]}"

    def _apply_special(self, out: BattleOutcome, seats: tuple[int, int], killer: list[int]) -> None:
        """特殊牌2–5: the ace's effect after the battle damage (gap 0-21: void against a side tower)."""
        own, other = seats[out.special_side], seats[1 - out.special_side]
        special = out.special
        name = special.name.lower() if special is not None else ""
        raw = out.raw[out.special_side]
        base = {"base": raw, "other": out.raw[1 - out.special_side]}
        if special in (Special.ASSASSINATION, Special.ARCHERY):
            if other == NOBODY:
                self._emit(Event("tower_unharmed", {"tower": self._target_name(self.target),
                                                    "amount": out.special_damage, "special": name, **base}))
            else:
                self.damage(other, out.special_damage, name, base)
                killer[other] = self._credit(own)
        elif special is Special.SUPPLY:
            healed = WIZARD if own == NOBODY else own  # the side tower's side is the wizard's
            largest = max((c for side in out.cards for c in side), key=card_value)
            if self.hp[healed] <= 0 and not self.opt["heal_saves"]:
                # heal_saves=false: the battle damage has already killed him; 战斗伤害结算后 is too late
                self._emit(Event("heal_too_late", {"seat": healed, "amount": out.heal, "hp": self.hp[healed]}))
            else:
                self.heal(healed, out.heal, {"card": CARD[largest], **base})
        elif special is Special.ARCANE_SWAP and out.swap is not None:
            ia, idd = out.swap
            af, df = list(self.att_from), list(self.dfn_from)
            gets_att, gets_dfn = df[idd], af[ia]  # each card takes the place the other came from (gap 0-18)
            own_from = af if out.special_side == ATTACK else df
            player = own_from[out.special_index]
            given = own_from[ia if out.special_side == ATTACK else idd]
            if player < TOWER_ORIGIN and given < TOWER_ORIGIN and given != player:
                # 特殊牌5 "甲获得这张Joker": in a joint defence the ♦A's player, not his partner, gains the card.
                if out.special_side == ATTACK:
                    gets_dfn = player
                else:
                    gets_att = player
            af[ia], df[idd] = gets_att, gets_dfn
            self.att_from, self.dfn_from = tuple(af), tuple(df)
            self._emit(Event("arcane_swap", {"attack_card": CARD[self.att[ia]], "defence_card": CARD[self.dfn[idd]],
                                             "attack_card_to": self._origin_name(af[ia]),
                                             "defence_card_to": self._origin_name(df[idd]), **base}))

    def _settle_cards(self, out: BattleOutcome) -> None:
        """伤害计算及牌去处2–3: a played card no greater than the other side's face total goes to the junk bag;
        every other card goes back where it came from (gap 0-20), to its new owner after a ♦A swap."""
        junked: list[int] = []
        keep_wizard = self.opt["wizard_remembers_towers"]
        for side, cards, origins in ((ATTACK, self.att, self.att_from), (DEFENCE, self.dfn, self.dfn_from)):
            gone = out.junked[side]
            for i, card in enumerate(cards):
                if i in gone:
                    junked.append(card)
                    continue
                origin = origins[i]
                if origin < TOWER_ORIGIN:
                    insort(self.hands[origin], card)
                else:
                    self.towers[origin - TOWER_ORIGIN].append(card)
                    if not keep_wizard:
                        # 巫师特殊规则5 without memory: once on a tower the card is named to him no more, not
                        # even by the log that shows it going back (the battle showed it to everyone)
                        self.known[card] &= ~(1 << WIZARD)
                        self._emit(Event("returned", {"to": self._origin_name(origin)}, {"card": CARD[card]},
                                         event_mask(self.known[card])))
                        continue
                self._emit(Event("returned", {"card": CARD[card], "to": self._origin_name(origin)}))
        if junked:
            self.junk.extend(junked)
            self._emit(Event("junked", {"cards": [CARD[c] for c in junked]}))
            self.refill_bags()

    def damage(self, seat: int, amount: int, source: str, detail: Json) -> None:
        """Take ``amount`` HP from ``seat`` (battle damage or an ace's special damage). ``detail`` holds the
        arithmetic as numbers and cards, for the event: ``terms`` of a battle, or an ace's ``base`` (its side's
        face total) and ``other`` (the other side's)."""
        self.hp[seat] -= amount
        self._emit(Event("damage", {"seat": seat, "amount": amount, "source": source, **detail, "hp": self.hp[seat]}))

    def heal(self, seat: int, amount: int, detail: Json) -> None:
        """特殊牌3 (♥A 补给): gain the value of the largest card on the board (``detail["card"]``); gap 0-17 option
        ``heal_cap`` stops at the starting HP."""
        full = amount
        if self.opt["heal_cap"]:
            start = self.opt["wizard_hp"] if seat == WIZARD else self.opt["warrior_hp"]
            amount = max(0, min(amount, start - self.hp[seat]))
        self.hp[seat] += amount
        self._emit(Event("healed", {"seat": seat, "amount": amount, "full": full, **detail, "hp": self.hp[seat]}))

    def die(self, seat: int, killer: int) -> None:
        """特殊规则5–6: the dead player's cards go face down to the junk bag, the killer will draw two, and a
        surviving warrior's hand limit rises by one."""
        self.alive[seat] = False
        cards = self.hands[seat]
        if seat == WIZARD:
            for tower in self.towers:
                cards.extend(tower)
                tower.clear()
        self.junk.extend(cards)
        count = len(cards)
        self.hands[seat] = []
        for bag in self.coins[seat]:  # coins are not cards: they go home so no bag loses one
            self._emit(Event("coin_returned", {"seat": seat, "bag": BAG_NAMES[bag]}))
        self.coins[seat] = []
        self.stalled &= ~(1 << seat)
        self._emit(Event("died", {"seat": seat, "killer": killer if killer != NOBODY else None,
                                  "cards_to_junk": count}))
        if seat in WARRIORS and self.alive[1 - seat]:
            self.hand_limit[1 - seat] += 1
            self._emit(Event("hand_limit", {"seat": 1 - seat, "limit": self.hand_limit[1 - seat]}))
        if killer != NOBODY and self.alive[killer]:
            self.queue += ((Phase.KILL_DRAW, killer),)
        self.refill_bags()

    def _run_queue(self) -> None:
        """Kill draws first, then anyone over the hand limit discards (seat order from the turn's player); then
        the turn ends."""
        while self.queue:
            (phase, seat), self.queue = self.queue[0], self.queue[1:]
            if phase == Phase.KILL_DRAW and self.alive[seat] and self.drawable_bags():
                self.phase = Phase.KILL_DRAW
                self.to_move = seat
                self.draws_left = 2
                return
        for i in range(NUM_SEATS):
            seat = (self.turn_seat + i) % NUM_SEATS
            if self.alive[seat] and len(self.hands[seat]) > self.hand_limit[seat]:
                self.phase = Phase.DISCARD
                self.to_move = seat
                return
        self.to_move = self.turn_seat
        if self.alive[self.turn_seat]:
            self.end_turn()
        else:
            self.next_turn()

    def game_over(self, winners: tuple[int, ...], reason: str) -> None:
        """The game ends: the last one alive wins (游戏准备2); the turn cap is a draw."""
        self.phase = Phase.OVER
        self.winners_ = winners
        self.end_reason = reason
        self._emit(Event("game_over", {"winners": list(winners), "reason": reason}))

    # ---------------------------------------------------------------------------------------------- contract
    def roles(self) -> list[str]:
        """``warrior``, ``warrior``, ``wizard`` (public from the start)."""
        return ["warrior", "warrior", "wizard"]

    def content(self) -> Content:
        """The lab's content of this game: the special cards — the four aces (特殊牌 2–5) and the jokers — each
        seat ``drew`` from the bags and ``played`` into a battle (from its hand or a tower), once per time, in
        card notation (``AS``, ``JKR``). Number and face cards are left out: they differ only by value."""
        drawn: list[list[str]] = [[] for _ in range(self.num_seats)]
        played: list[list[str]] = [[] for _ in range(self.num_seats)]
        for event in self.events():
            if event.kind in ("drew", "played") and event.secret is not None:
                card = event.secret.get("card")
                if isinstance(card, str) and is_special_notation(card):
                    (drawn if event.kind == "drew" else played)[event.data["seat"]].append(card)
        return {"drawn": drawn, "played": played}

    def card_places(self) -> list[tuple[str, str]]:
        """Where every card is, in the places of the sightings tracker (``sightings.py``)."""
        from .sightings import card_places

        return card_places(self)

    def never_shown(self, seat: int | None) -> set[str]:
        """Cards ``seat`` (``None`` = spectator) has never been shown: they must appear in none of its views or
        events."""
        bit = PUBLIC if seat is None else 1 << seat
        return {CARD[c] for c in range(DECK_SIZE) if not self.seen[c] & bit}

    def view(self, seat: int | None) -> Json:
        """What ``seat`` may know; see ``view.py``."""
        from .view import view_of

        return view_of(self, seat)

    def resample(self, seat: int, rng: Rng) -> WizardTowersState:
        """A state ``seat`` cannot tell from this one; see ``view.py``."""
        from .view import resample_for

        return resample_for(self, seat, rng)

    def resample_by_belief(self, seat: int, rng: Rng) -> WizardTowersState:
        """As ``resample``, the hidden battle, hand and tower cards drawn as players keep them; see ``belief.py``."""
        from .belief import believed_world

        return believed_world(self, seat, rng)

    def _fields_to_json(self) -> Json:
        from .setup import fields_to_json

        return fields_to_json(self)


def event_mask(known: int) -> int:
    """Turn a card's knowledge mask into an event's ``seen_by`` mask (the PUBLIC bit means everyone)."""
    return (known & 0b111) | (SPECTATOR if known & PUBLIC else 0)
