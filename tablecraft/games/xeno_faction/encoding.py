"""xeno-faction's own observation encoder for ``tablecraft.envs``: a fixed layout of what ``view(seat)`` shows.

The layout (``python -m tablecraft.envs layout xeno-faction`` prints it with every index):

- ``seat`` (the observer), ``turn`` (/ max_turns), ``first``, ``turn_seat``, ``to_move`` (none once over),
  ``phase``;
- ``pending``: the data of the pending sub-decision (its kind is the phase): ``row``, ``attacker_row``,
  ``defender_row``, ``owner``, ``card`` (the face card pushing out / the card moved by a summon), ``last`` (the
  last card summoned), ``need`` (ranks still to summon / cards to give), ``picked``, ``option`` (K ① or ③),
  ``rank``;
- ``this_turn``: the once-a-turn flags (rows, faces, extra zone, pair, split, charge);
- per player ``players[p]``: ``life`` (/ starting life), ``hand_size``, ``hand`` (multi-hot over the 54 cards;
  the observer's own hand only), ``deck_size``, ``graveyard``, ``banished`` (multi-hots), ``banished_points``,
  ``joker_row``, and per row ``rows[r]``: ``cards`` (multi-hot), ``count``, ``total``, per face slot
  ``faces[i]`` (i < 3: the card and ``age``, turns since it was placed), ``joker``, ``effects`` (J, Q, K active);
- per extra zone ``extra_zones[z]``: ``card``, ``owner``, ``age``;
- ``banished_total``, ``over``, ``winners``. (``end_reason`` is text and is not encoded.)

``write_view`` reads the view JSON; ``write_state`` mirrors ``view.view_of`` on the state's fields, and the tests
check both give the same vector for every seat on random positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json
from tablecraft.core.cards import DECK_SIZE, card_str
from tablecraft.envs.layout import CLIP, GameEncoder, Layout

from .rules import row_total
from .spec import NUM_ROWS, NUM_SEATS, RANK, SEAT_NAMES, VALUE
from .state import Phase, XenoFactionState

CARDS = tuple(card_str(c) for c in range(DECK_SIZE))
CARD_INDEX = {name: c for c, name in enumerate(CARDS)}
PHASES = tuple(p.name.lower() for p in Phase)
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
ROWS = ("1", "2", "3")
GIVE_OPTIONS = (1, 3)
"""域外充能's two opponent's-choice options (K ① and ③)."""
MAX_FACE_SLOTS = 3
"""Face cards a row holds: two, and a third for a moment while the player chooses which one it pushes out."""
AGE_SCALE = 10.0
"""Divisor of a face card's or extra-zone card's age in turns."""
FLAGS = ("rows_used", "faces_used", "split_used", "charge_used")
"""The per-row once-a-turn flags of ``this_turn`` (``extra_used`` and ``pair_used`` are single flags)."""


def _clip(v: float) -> float:
    return CLIP if v > CLIP else 0.0 if v < 0.0 else v


def _signed(v: float) -> float:
    return CLIP if v > CLIP else -CLIP if v < -CLIP else v


class XenoFactionEncoder(GameEncoder):
    """The observation encoder of one xeno-faction game (its options fix the life scale and the turn cap)."""

    def __init__(self, game: Game[Any]) -> None:
        opt = game.options
        self.inv_life = 1.0 / float(opt["life"])
        self.inv_turns = 1.0 / float(opt["max_turns"])
        lay = Layout(game.spec.id)
        seats = list(SEAT_NAMES)
        self.i_seat = lay.one_hot("seat", seats, "the observer")
        self.i_turn = lay.value("turn", float(opt["max_turns"]), note="/ max_turns")
        self.i_first = lay.one_hot("first", seats)
        self.i_turn_seat = lay.one_hot("turn_seat", seats)
        self.i_to_move = lay.one_hot("to_move", seats, "none once the game is over")
        self.i_phase = lay.one_hot("phase", PHASES)
        self.i_p_row = lay.one_hot("pending.row", ROWS)
        self.i_p_att = lay.one_hot("pending.attacker_row", ROWS)
        self.i_p_def = lay.one_hot("pending.defender_row", ROWS)
        self.i_p_owner = lay.one_hot("pending.owner", seats)
        self.i_p_card = lay.one_hot("pending.card", CARDS, "the face card pushing out (replace), the card moved (summon)")
        self.i_p_last = lay.one_hot("pending.last", CARDS, "the last card summoned")
        self.i_p_need = lay.value("pending.need", 13.0, note="ranks still to summon, or cards to give")
        self.i_p_picked = lay.value("pending.picked", 13.0)
        self.i_p_option = lay.one_hot("pending.option", [str(o) for o in GIVE_OPTIONS])
        self.i_p_rank = lay.one_hot("pending.rank", [str(r) for r in range(14)])
        self.i_flags = [lay.multi_hot(f"this_turn.{f}", ROWS) for f in FLAGS]
        self.i_extra_used = lay.flag("this_turn.extra_used")
        self.i_pair_used = lay.flag("this_turn.pair_used")
        self.i_players = []
        self.i_rows = []
        for p in range(NUM_SEATS):
            n = f"players[{p}]"
            self.i_players.append((
                lay.value(f"{n}.life", float(opt["life"]), signed=True, note="/ starting life"),
                lay.value(f"{n}.hand_size", 10.0),
                lay.multi_hot(f"{n}.hand", CARDS, "known to its owner only"),
                lay.value(f"{n}.deck_size", float(DECK_SIZE)),
                lay.multi_hot(f"{n}.graveyard", CARDS),
                lay.multi_hot(f"{n}.banished", CARDS),
                lay.value(f"{n}.banished_points", 100.0),
                lay.one_hot(f"{n}.joker_row", ROWS),
            ))
            rows = []
            for r in range(NUM_ROWS):
                rn = f"{n}.rows[{r}]"
                rows.append((
                    lay.multi_hot(f"{rn}.cards", CARDS),
                    lay.value(f"{rn}.count", 10.0),
                    lay.value(f"{rn}.total", 50.0),
                    tuple((lay.one_hot(f"{rn}.faces[{i}]", CARDS), lay.value(f"{rn}.faces[{i}].age", AGE_SCALE))
                          for i in range(MAX_FACE_SLOTS)),
                    lay.flag(f"{rn}.joker"),
                    lay.multi_hot(f"{rn}.effects", ["split", "abyss_call", "charge"]),
                ))
            self.i_rows.append(rows)
        self.i_zones = [
            (lay.one_hot(f"extra_zones[{z}].card", CARDS), lay.one_hot(f"extra_zones[{z}].owner", seats),
             lay.value(f"extra_zones[{z}].age", AGE_SCALE))
            for z in range(NUM_ROWS)
        ]
        self.i_banished_total = lay.value("banished_total", 54.0)
        self.i_over = lay.flag("over")
        self.i_winners = lay.multi_hot("winners", seats)
        super().__init__(lay)

    # ------------------------------------------------------------------------------------------- from a view
    def write_view(self, view: Json, out: np.ndarray) -> None:
        """The features of a xeno-faction view."""
        seat = view["seat"]
        turn = view["turn"]
        if seat is not None:
            out[self.i_seat + seat] = 1.0
        out[self.i_turn] = _clip(turn * self.inv_turns)
        out[self.i_first + view["first"]] = 1.0
        out[self.i_turn_seat + view["turn_seat"]] = 1.0
        if view["to_move"] is not None:
            out[self.i_to_move + view["to_move"]] = 1.0
        out[self.i_phase + PHASE_INDEX[view["phase"]]] = 1.0
        pending = view["pending"]
        if pending is not None:
            if "row" in pending:
                out[self.i_p_row + pending["row"] - 1] = 1.0
            if "attacker_row" in pending:
                out[self.i_p_att + pending["attacker_row"] - 1] = 1.0
            if "defender_row" in pending:
                out[self.i_p_def + pending["defender_row"] - 1] = 1.0
            if "owner" in pending:
                out[self.i_p_owner + pending["owner"]] = 1.0
            card = pending.get("new") or pending.get("moved")
            if card is not None:
                out[self.i_p_card + CARD_INDEX[card]] = 1.0
            if pending.get("last") is not None:
                out[self.i_p_last + CARD_INDEX[pending["last"]]] = 1.0
            need = pending.get("need", pending.get("count"))
            if need is not None:
                out[self.i_p_need] = _clip(need / 13.0)
            if "picked" in pending:
                out[self.i_p_picked] = _clip(pending["picked"] / 13.0)
            if pending.get("option") in GIVE_OPTIONS:
                out[self.i_p_option + GIVE_OPTIONS.index(pending["option"])] = 1.0
            if pending.get("rank") is not None:
                out[self.i_p_rank + pending["rank"]] = 1.0
        this = view["this_turn"]
        for f, i in zip(FLAGS, self.i_flags, strict=True):
            for r, used in enumerate(this[f]):
                if used:
                    out[i + r] = 1.0
        if this["extra_used"]:
            out[self.i_extra_used] = 1.0
        if this["pair_used"]:
            out[self.i_pair_used] = 1.0
        for p, pl in enumerate(view["players"]):
            i_life, i_hsize, i_hand, i_deck, i_grave, i_ban, i_points, i_joker = self.i_players[p]
            out[i_life] = _signed(pl["life"] * self.inv_life)
            out[i_hsize] = _clip(pl["hand_size"] / 10.0)
            for c in pl["hand"]:
                out[i_hand + CARD_INDEX[c]] = 1.0
            out[i_deck] = _clip(pl["deck_size"] / DECK_SIZE)
            for c in pl["graveyard"]:
                out[i_grave + CARD_INDEX[c]] = 1.0
            for c in pl["banished"]:
                out[i_ban + CARD_INDEX[c]] = 1.0
            out[i_points] = _clip(pl["banished_points"] / 100.0)
            if pl["joker_row"] is not None:
                out[i_joker + pl["joker_row"] - 1] = 1.0
            for (i_cards, i_count, i_total, i_faces, i_jk, i_fx), row in zip(self.i_rows[p], pl["rows"], strict=True):
                for c in row["cards"]:
                    out[i_cards + CARD_INDEX[c]] = 1.0
                out[i_count] = _clip(len(row["cards"]) / 10.0)
                out[i_total] = _clip(row["total"] / 50.0)
                for (i_face, i_age), face in zip(i_faces, row["faces"], strict=False):
                    out[i_face + CARD_INDEX[face["card"]]] = 1.0
                    out[i_age] = _clip((turn - face["since"]) / AGE_SCALE)
                if row["joker"]:
                    out[i_jk] = 1.0
                fx = row["effects"]
                if fx["split"]:
                    out[i_fx] = 1.0
                if fx["abyss_call"]:
                    out[i_fx + 1] = 1.0
                if fx["charge"]:
                    out[i_fx + 2] = 1.0
        for (i_card, i_owner, i_age), zone in zip(self.i_zones, view["extra_zones"], strict=True):
            if zone["card"] is not None:
                out[i_card + CARD_INDEX[zone["card"]]] = 1.0
                out[i_owner + zone["owner"]] = 1.0
                out[i_age] = _clip((turn - zone["since"]) / AGE_SCALE)
        out[self.i_banished_total] = _clip(view["banished_total"] / 54.0)
        if view["over"]:
            out[self.i_over] = 1.0
        for w in view["winners"]:
            out[self.i_winners + w] = 1.0

    # ------------------------------------------------------------------------------------------ from a state
    def write_state(self, s: XenoFactionState, seat: int, out: np.ndarray) -> None:
        """The features of ``s.view(seat)``, read from the state (mirrors ``view.view_of`` and ``pending_of``).

        Written for speed (an environment calls it at every step): the indices of every feature that is 1 are
        gathered with comprehensions and set in one NumPy assignment; the numbers are written one by one.
        """
        if seat not in (0, 1):
            raise ValueError(f"seat {seat} does not exist; seats are 0 (alpha) and 1 (beta)")
        turn = s.turn
        ph = s.phase
        over = ph is Phase.OVER
        hot = [self.i_seat + seat, self.i_first + s.first, self.i_turn_seat + s.turn_seat, self.i_phase + ph]
        v = turn * self.inv_turns
        out[self.i_turn] = v if v < CLIP else CLIP
        if not over:
            hot.append(self.i_to_move + s.to_move)
            if ph is not Phase.PLACE and ph is not Phase.ATTACK:
                self._write_pending(s, ph, out)
        for i, mask in zip(self.i_flags, (s.used_rows, s.used_faces, s.split_used, s.charge_used), strict=True):
            if mask:
                hot += [i + r for r in range(NUM_ROWS) if mask >> r & 1]
        if s.extra_used:
            hot.append(self.i_extra_used)
        if s.pair_used:
            hot.append(self.i_pair_used)
        inv_life, joker = self.inv_life, s.joker
        for p, (i_life, i_hsize, i_hand, i_deck, i_grave, i_ban, i_points, i_joker) in enumerate(self.i_players):
            v = s.life[p] * inv_life
            out[i_life] = CLIP if v > CLIP else -CLIP if v < -CLIP else v
            hand = s.hands[p]
            v = len(hand) / 10.0
            out[i_hsize] = v if v < CLIP else CLIP
            if p == seat:  # a hand is known to its owner only
                hot += [i_hand + c for c in hand]
            v = len(s.decks[p]) / DECK_SIZE
            out[i_deck] = v if v < CLIP else CLIP
            hot += [i_grave + c for c in s.graves[p]]
            banished = s.banished[p]
            if banished:
                hot += [i_ban + c for c in banished]
                v = sum(map(VALUE.__getitem__, banished)) / 100.0  # rules.points, without a generator
                out[i_points] = v if v < CLIP else CLIP
            j = joker[p]
            if j >= 0:
                hot.append(i_joker + j)
            rows, faces, since = s.rows[p], s.faces[p], s.since[p]
            for r, (i_cards, i_count, i_total, i_faces, i_jk, i_fx) in enumerate(self.i_rows[p]):
                cards = rows[r]
                if cards:
                    hot += [i_cards + c for c in cards]
                    v = len(cards) / 10.0
                    out[i_count] = v if v < CLIP else CLIP
                    v = row_total(cards) / 50.0
                    out[i_total] = v if v < CLIP else CLIP
                fs = faces[r]
                if fs:
                    for (i_face, i_age), f, t in zip(i_faces, fs, since[r], strict=False):
                        hot.append(i_face + f)
                        v = (turn - t) / AGE_SCALE
                        out[i_age] = CLIP if v > CLIP else 0.0 if v < 0.0 else v
                    split, call, charge = s.effects(p, r)
                    if split:
                        hot.append(i_fx)
                    if call:
                        hot.append(i_fx + 1)
                    if charge:
                        hot.append(i_fx + 2)
                if j == r:
                    hot.append(i_jk)
        extra, extra_since = s.extra, s.extra_since
        for z, (i_card, i_owner, i_age) in enumerate(self.i_zones):
            e = extra[z]
            if e >= 0:
                hot.append(i_card + e % DECK_SIZE)
                hot.append(i_owner + e // DECK_SIZE)
                v = (turn - extra_since[z]) / AGE_SCALE
                out[i_age] = CLIP if v > CLIP else 0.0 if v < 0.0 else v
        v = s.banished_count() / 54.0
        out[self.i_banished_total] = v if v < CLIP else CLIP
        if over:
            hot.append(self.i_over)
            hot += [self.i_winners + w for w in s.winners_]
        out[hot] = 1.0

    def _write_pending(self, s: XenoFactionState, ph: Phase, out: np.ndarray) -> None:
        """The ``pending`` features (``view.pending_of``: one case per phase with data)."""
        if ph is Phase.REPLACE:
            out[self.i_p_row + s.p_row] = 1.0
            out[self.i_p_card + s.faces[s.to_move][s.p_row][-1]] = 1.0
        elif ph is Phase.DISPEL_PICK:
            out[self.i_p_owner + s.p_target] = 1.0
            out[self.i_p_row + s.p_row] = 1.0
        elif ph is Phase.KNIGHT_WINDOW:
            out[self.i_p_row + s.joker[s.turn_seat]] = 1.0
        elif ph is Phase.SUMMON:
            out[self.i_p_card + s.p_card] = 1.0
            if s.p_last >= 0:
                out[self.i_p_last + s.p_last] = 1.0
            out[self.i_p_need] = _clip(s.p_need / 13.0)
            out[self.i_p_picked] = _clip(s.p_picked / 13.0)
        elif ph is Phase.GIVE:
            out[self.i_p_need] = _clip(s.p_need / 13.0)
            if s.p_mode in GIVE_OPTIONS:
                out[self.i_p_option + GIVE_OPTIONS.index(s.p_mode)] = 1.0
            if s.p_mode == 1:
                out[self.i_p_rank + RANK[s.p_card]] = 1.0
        elif ph is Phase.LOSE:
            out[self.i_p_att + s.p_row] = 1.0
            out[self.i_p_row + s.p_target] = 1.0
        elif ph is Phase.CLASH_ATTACKER or ph is Phase.CLASH_DEFENDER:
            out[self.i_p_att + s.p_row] = 1.0
            out[self.i_p_def + s.p_target] = 1.0
