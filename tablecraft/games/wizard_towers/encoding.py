"""wizard-towers' own observation encoder for ``tablecraft.envs``: a fixed layout of what ``view(seat)`` shows.

The layout (``python -m tablecraft.envs layout wizard-towers`` prints it with every index):

- ``seat`` (the observer), ``turn`` (/ max_turns), ``turn_seat``, ``to_move`` (none once over), ``phase``,
  ``draws_left``, ``adjust_left``;
- per player ``players[p]``: ``hp`` (/ starting HP), ``alive``, ``hand_limit``, ``hand_size``, ``hand`` (a
  multi-hot over the 54 cards of the cards of that hand the observer knows: all of its own), ``coins`` (the
  spiral coins held, by bag);
- per tower slot ``towers[t].cards[i]`` (left, right, main#1, main#2): ``hidden`` (a card lies there face down
  to the observer) or the card (one-hot over 54) when known; all 0 for an empty slot;
- per bag ``bags[b]``: ``cards`` (/ capacity), ``coin``, ``capacity``, ``known`` (multi-hot);
  ``junk``: ``cards``, ``known``;
- ``battle``: ``present``, ``attacker``, ``target`` (a seat or a tower), ``substitute``, ``attack[i]`` and
  ``defence[i]`` (i < 2: hidden or the card, as a tower slot; a defence card also its origin);
- ``over``, ``winners``. (``end_reason`` is text and is not encoded; ``over`` and ``winners`` carry the result.)

``write_view`` reads the view JSON; ``write_state`` mirrors ``view.view_of`` on the state's fields (the same
knowledge masks), and the tests check both give the same vector for every seat on random positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json
from tablecraft.core.cards import DECK_SIZE, card_str
from tablecraft.envs.layout import CLIP, GameEncoder, Layout

from .spec import BAG_NAMES, NUM_SEATS, SEAT_NAMES, TOWER_LIMITS, TOWER_NAMES, WIZARD
from .state import TOWER_ORIGIN, Phase, WizardTowersState

CARDS = tuple(card_str(c) for c in range(DECK_SIZE))
CARD_INDEX = {name: c for c, name in enumerate(CARDS)}
PHASES = tuple(p.name.lower() for p in Phase)
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
BAG_INDEX = {name: b for b, name in enumerate(BAG_NAMES)}
TARGETS = (*SEAT_NAMES, *TOWER_NAMES)
"""A battle's target: seats 0–2, then the towers (the state's ``target`` numbering)."""
TARGET_INDEX = {name: i for i, name in enumerate(TARGETS)}
ORIGINS = tuple(f"hand:{n}" for n in SEAT_NAMES) + tuple(f"tower:{n}" for n in TOWER_NAMES)
"""Where a defence card came from (the state's ``dfn_from`` numbering)."""
ORIGIN_INDEX = {name: i for i, name in enumerate(ORIGINS)}
BATTLE_CARDS = 2
"""Cards a side puts into one battle, at most (进攻1: one or two; a main tower defends with its two)."""
SCALE_SMALL = 5.0
"""Divisor of small counts (hand limit and size, draws and adjustment points left)."""


class WizardTowersEncoder(GameEncoder):
    """The observation encoder of one wizard-towers game (its options fix the HP scales and the turn cap)."""

    def __init__(self, game: Game[Any]) -> None:
        opt = game.options
        self.start_hp = tuple(float(opt["wizard_hp"] if p == WIZARD else opt["warrior_hp"]) for p in range(NUM_SEATS))
        self.max_turns = float(opt["max_turns"])
        lay = Layout(game.spec.id)
        seats = list(SEAT_NAMES)
        self.i_seat = lay.one_hot("seat", seats, "the observer")
        self.i_turn = lay.value("turn", self.max_turns, note="/ max_turns")
        self.i_turn_seat = lay.one_hot("turn_seat", seats)
        self.i_to_move = lay.one_hot("to_move", seats, "none once the game is over")
        self.i_phase = lay.one_hot("phase", PHASES)
        self.i_draws = lay.value("draws_left", SCALE_SMALL)
        self.i_adjust = lay.value("adjust_left", SCALE_SMALL)
        self.i_players = []
        for p in range(NUM_SEATS):
            n = f"players[{p}]"
            self.i_players.append((
                lay.value(f"{n}.hp", self.start_hp[p], signed=True, note="/ starting HP"),
                lay.flag(f"{n}.alive"),
                lay.value(f"{n}.hand_limit", SCALE_SMALL),
                lay.value(f"{n}.hand_size", SCALE_SMALL),
                lay.multi_hot(f"{n}.hand", CARDS, "the cards of this hand the observer knows"),
                lay.multi_hot(f"{n}.coins", BAG_NAMES, "spiral coins held"),
            ))
        self.i_towers = []
        for t in range(3):
            slots = []
            for i in range(TOWER_LIMITS[t]):
                n = f"towers[{t}].cards[{i}]"
                slots.append((lay.flag(f"{n}.hidden", "face down to the observer"), lay.one_hot(n, CARDS)))
            self.i_towers.append(slots)
        self.i_bags = []
        for b in range(3):
            n = f"bags[{b}]"
            self.i_bags.append((
                lay.value(f"{n}.cards", 18.0), lay.flag(f"{n}.coin"), lay.value(f"{n}.capacity", 18.0),
                lay.multi_hot(f"{n}.known", CARDS, "cards in the bag the observer knows"),
            ))
        self.i_junk = lay.value("junk.cards", float(DECK_SIZE))
        self.i_junk_known = lay.multi_hot("junk.known", CARDS)
        self.i_battle = lay.flag("battle.present")
        self.i_attacker = lay.one_hot("battle.attacker", seats)
        self.i_target = lay.one_hot("battle.target", TARGETS)
        self.i_substitute = lay.one_hot("battle.substitute", seats)
        self.i_attack = [
            (lay.flag(f"battle.attack[{i}].hidden"), lay.one_hot(f"battle.attack[{i}]", CARDS))
            for i in range(BATTLE_CARDS)
        ]
        self.i_defence = [
            (lay.flag(f"battle.defence[{i}].hidden"), lay.one_hot(f"battle.defence[{i}].card", CARDS),
             lay.one_hot(f"battle.defence[{i}].from", ORIGINS))
            for i in range(BATTLE_CARDS)
        ]
        self.i_over = lay.flag("over")
        self.i_winners = lay.multi_hot("winners", seats)
        self.inv_turns = 1.0 / self.max_turns
        self.inv_hp = tuple(1.0 / h for h in self.start_hp)
        super().__init__(lay)

    # ------------------------------------------------------------------------------------------- from a view
    def write_view(self, view: Json, out: np.ndarray) -> None:
        """The features of a wizard-towers view."""
        seat = view["seat"]
        if seat is not None:
            out[self.i_seat + seat] = 1.0
        out[self.i_turn] = _clip(view["turn"] * self.inv_turns)
        out[self.i_turn_seat + view["turn_seat"]] = 1.0
        if view["to_move"] is not None:
            out[self.i_to_move + view["to_move"]] = 1.0
        out[self.i_phase + PHASE_INDEX[view["phase"]]] = 1.0
        out[self.i_draws] = _clip(view["draws_left"] / SCALE_SMALL)
        out[self.i_adjust] = _clip(view["adjust_left"] / SCALE_SMALL)
        for p, pl in enumerate(view["players"]):
            i_hp, i_alive, i_limit, i_size, i_hand, i_coins = self.i_players[p]
            out[i_hp] = _signed(pl["hp"] * self.inv_hp[p])
            if pl["alive"]:
                out[i_alive] = 1.0
            out[i_limit] = _clip(pl["hand_limit"] / SCALE_SMALL)
            out[i_size] = _clip(pl["hand_size"] / SCALE_SMALL)
            for c in pl["hand"]:
                out[i_hand + CARD_INDEX[c]] = 1.0
            for b in pl["coins"]:
                out[i_coins + BAG_INDEX[b]] = 1.0
        for t, tower in enumerate(view["towers"]):
            for (i_hidden, i_card), c in zip(self.i_towers[t], tower["cards"], strict=False):
                if c is None:
                    out[i_hidden] = 1.0
                else:
                    out[i_card + CARD_INDEX[c]] = 1.0
        for b, bag in enumerate(view["bags"]):
            i_cards, i_coin, i_cap, i_known = self.i_bags[b]
            out[i_cards] = _clip(bag["cards"] / 18.0)
            if bag["coin"]:
                out[i_coin] = 1.0
            out[i_cap] = _clip(bag["capacity"] / 18.0)
            for c in bag["known"]:
                out[i_known + CARD_INDEX[c]] = 1.0
        junk = view["junk"]
        out[self.i_junk] = _clip(junk["cards"] / DECK_SIZE)
        for c in junk["known"]:
            out[self.i_junk_known + CARD_INDEX[c]] = 1.0
        battle = view["battle"]
        if battle is not None:
            out[self.i_battle] = 1.0
            out[self.i_attacker + battle["attacker"]] = 1.0
            out[self.i_target + TARGET_INDEX[battle["target"]]] = 1.0
            if battle["substitute"] is not None:
                out[self.i_substitute + battle["substitute"]] = 1.0
            for (i_hidden, i_card), c in zip(self.i_attack, battle["attack"], strict=False):
                if c is None:
                    out[i_hidden] = 1.0
                else:
                    out[i_card + CARD_INDEX[c]] = 1.0
            for (i_hidden, i_card, i_from), d in zip(self.i_defence, battle["defence"], strict=False):
                c = d["card"]
                if c is None:
                    out[i_hidden] = 1.0
                else:
                    out[i_card + CARD_INDEX[c]] = 1.0
                out[i_from + ORIGIN_INDEX[d["from"]]] = 1.0
        if view["over"]:
            out[self.i_over] = 1.0
        for w in view["winners"]:
            out[self.i_winners + w] = 1.0

    # ------------------------------------------------------------------------------------------ from a state
    def write_state(self, s: WizardTowersState, seat: int, out: np.ndarray) -> None:
        """The features of ``s.view(seat)``, read from the state (mirrors ``view.view_of``).

        Written for speed (an environment calls it at every step): the indices of every feature that is 1 are
        gathered with comprehensions and set in one NumPy assignment; the few numbers are written one by one.
        """
        if not 0 <= seat < NUM_SEATS:
            raise ValueError(f"seat {seat} does not exist; seats are 0 (orange), 1 (blue), 2 (purple)")
        bit = 1 << seat
        known = s.known
        phase = s.phase
        over = phase is Phase.OVER
        hot = [self.i_seat + seat, self.i_turn_seat + s.turn_seat, self.i_phase + phase]
        v = s.turn * self.inv_turns
        out[self.i_turn] = v if v < CLIP else CLIP
        if not over:
            hot.append(self.i_to_move + s.to_move)
        if phase is Phase.DRAW or phase is Phase.KILL_DRAW:
            out[self.i_draws] = min(s.draws_left / SCALE_SMALL, CLIP)
        elif phase is Phase.ADJUST:
            out[self.i_adjust] = min(s.adjust_left / SCALE_SMALL, CLIP)
        hp, alive, limit, hands, coins, inv_hp = s.hp, s.alive, s.hand_limit, s.hands, s.coins, self.inv_hp
        for p, (i_hp, i_alive, i_limit, i_size, i_hand, i_coins) in enumerate(self.i_players):
            v = hp[p] * inv_hp[p]
            out[i_hp] = CLIP if v > CLIP else -CLIP if v < -CLIP else v
            if alive[p]:
                hot.append(i_alive)
            v = limit[p] / SCALE_SMALL
            out[i_limit] = v if v < CLIP else CLIP
            hand = hands[p]
            v = len(hand) / SCALE_SMALL
            out[i_size] = v if v < CLIP else CLIP
            hot += [i_hand + c for c in hand if known[c] & bit]
            if coins[p]:
                hot += [i_coins + b for b in coins[p]]
        towers = s.towers
        for t, slots in enumerate(self.i_towers):
            for (i_hidden, i_card), c in zip(slots, towers[t], strict=False):
                hot.append(i_card + c if known[c] & bit else i_hidden)
        bags, capacity = s.bags, s.capacity
        for b, (i_cards, i_coin, i_cap, i_known) in enumerate(self.i_bags):
            cards = bags[b]
            out[i_cards] = min(len(cards) / 18.0, CLIP)
            if s.coin_in_bag(b):
                hot.append(i_coin)
            out[i_cap] = min(capacity[b] / 18.0, CLIP)
            hot += [i_known + c for c in cards if known[c] & bit]
        junk = s.junk
        out[self.i_junk] = min(len(junk) / DECK_SIZE, CLIP)
        i_junk_known = self.i_junk_known
        hot += [i_junk_known + c for c in junk if known[c] & bit]
        if s.target >= 0:
            hot += [self.i_battle, self.i_attacker + s.turn_seat, self.i_target + s.target]
            if s.substitute >= 0:
                hot.append(self.i_substitute + s.substitute)
            for (i_hidden, i_card), c in zip(self.i_attack, s.att, strict=False):
                hot.append(i_card + c if known[c] & bit else i_hidden)
            for (i_hidden, i_card, i_from), c, f in zip(self.i_defence, s.dfn, s.dfn_from, strict=False):
                hot.append(i_card + c if known[c] & bit else i_hidden)
                hot.append(i_from + f)
        if over:
            hot.append(self.i_over)
            hot += [self.i_winners + w for w in s.winners_]
        out[hot] = 1.0


def _clip(v: float) -> float:
    return CLIP if v > CLIP else 0.0 if v < 0.0 else v


def _signed(v: float) -> float:
    return CLIP if v > CLIP else -CLIP if v < -CLIP else v


assert TOWER_ORIGIN == NUM_SEATS, "battle targets and defence origins number seats first, then towers"
