"""wild-hunters' own observation encoder for ``tablecraft.envs``: a fixed layout of what ``view(seat)`` shows.

The layout (``python -m tablecraft.envs layout wild-hunters`` prints it with every index). Cards are known by
kind (25 kinds: 5 power, 10 spirit, 10 god), so every pile of cards is a block of counts per kind, each count
divided by ``COUNT_SCALE`` (a power of two, so sums are exact):

- ``seat`` (the observer), ``turn``, ``phase``, ``to_move`` (none once over), ``acting`` (the hero whose action
  card is revealed), ``acted``, ``acquires_left``;
- per hero ``heroes[p]``: ``hero``, ``at`` (one-hot over the map's cells), ``hp`` (/ hero_hp), ``hand_size``,
  ``hand`` (the kinds of the hand cards the observer knows: all of its own), ``deck_size``, ``unseen`` (the kinds
  of that hero's cards the observer cannot place: hand or deck), ``total``, ``discard``, ``energy``, ``main``,
  ``second``, ``board_card``;
- ``king``: ``id``, ``at``, ``hp`` (/ max_hp), ``max_hp``, ``rage``, ``temper``, ``rotation``, ``base[d]`` (the face
  toward each direction);
- ``curses``; ``supply``: ``row`` and ``burned`` (kinds), ``deck``; ``destiny``: ``deck``, ``remaining``,
  ``revealed``, ``discard``, ``exile`` (over the 20 destiny cards); ``pending``: ``action``, ``at``, ``paid``;
  ``last_roll`` (faces); ``professions_box``;
- the table, which changes only when a tile turns face up: per cell ``map.cells[i]``: ``q``, ``r`` (its
  coordinates), ``up``, ``element``, ``tile``, ``camp``; ``map.spare``; ``box`` (the kinds out of play);
- ``over``, ``won``.

Not encoded: the demon king's names, speed, strike and ability (his ``id`` fixes them), ``curses_to_lose`` and
``rules`` (constants of the game's options), ``end_reason`` (text), each hero's ``element`` and ``max_hp``
(fixed by ``hero`` and the options).

``write_view`` reads the view JSON; ``write_state`` mirrors ``view.view_of`` on the state's fields. The table
block depends only on the game's fixed part and the face-up tiles, so ``write_state`` keeps the last one it built
(for the same ``Fixed`` object and face-up mask) and copies it. The tests check that both paths give the same
vector for every seat on random positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json
from tablecraft.envs.layout import CLIP, GameEncoder, Layout

from .content import (
    CARD_KIND,
    DEMON_KINGS,
    DESTINY_TEXT,
    DIE_FACES,
    ELEMENT_LETTERS,
    HEROES,
    KINDS,
    NUM_DESTINY,
    PROFESSIONS,
    TERRAINS,
)
from .rules import side_facing
from .state import CARD_TEXT_OF_KIND, Phase, WildHuntersState, tile_name

COUNT_SCALE = 0.125
"""Each card (die face, profession token) adds 1/8 to its kind's count: exact in float32, whatever the order."""
KIND_TEXT = tuple(CARD_TEXT_OF_KIND[m] for m in KINDS)
KIND_OF_TEXT = {t: i for i, t in enumerate(KIND_TEXT)}
KIND_OF_CARD = tuple(KINDS.index(m) for m in CARD_KIND)
"""The kind index (0–24) of each card id."""
HERO_IDS = tuple(h.id for h in HEROES)
HERO_INDEX = {h: i for i, h in enumerate(HERO_IDS)}
PROF_IDS = tuple(p.id for p in PROFESSIONS)
PROF_INDEX = {p: i for i, p in enumerate(PROF_IDS)}
KING_IDS = tuple(k.id for k in DEMON_KINGS)
KING_INDEX = {k: i for i, k in enumerate(KING_IDS)}
PHASES = tuple(p.name.lower() for p in Phase)
PHASE_INDEX = {p: i for i, p in enumerate(PHASES)}
FACE_INDEX = {f: i for i, f in enumerate(DIE_FACES)}
DESTINY_INDEX = {t: i for i, t in enumerate(DESTINY_TEXT)}
TILES = tuple(t.id for t in TERRAINS) + tuple(f"camp:{h}" for h in HERO_IDS)
TILE_INDEX = {t: i for i, t in enumerate(TILES)}
PENDING = ("move", "attack", "rest")
COORD_SCALE = 8.0


def _clip(v: float) -> float:
    return CLIP if v > CLIP else 0.0 if v < 0.0 else v


class WildHuntersEncoder(GameEncoder):
    """The observation encoder of one wild-hunters game (its seat count and options fix the layout)."""

    def __init__(self, game: Game[Any]) -> None:
        n = self.num_seats = game.num_seats
        self.inv_hp = 1.0 / float(game.options["hero_hp"])
        first = game.new_initial_state(0)
        assert isinstance(first, WildHuntersState)
        cells = self.num_cells = first.fx.geo.n  # set by the options and seat count, never by the seed
        lay = Layout(game.spec.id)
        seats = [str(p) for p in range(n)]
        kinds = list(KIND_TEXT)
        cell_labels = [str(c) for c in range(cells)]
        self.i_seat = lay.one_hot("seat", seats, "the observer")
        self.i_turn = lay.value("turn", 64.0)
        self.i_phase = lay.one_hot("phase", PHASES)
        self.i_to_move = lay.one_hot("to_move", seats, "none once the game is over")
        self.i_acting = lay.one_hot("acting", seats, "the hero whose action card is revealed")
        self.i_acted = lay.flag("acted")
        self.i_acquires = lay.value("acquires_left", 5.0)
        self.i_heroes = []
        for p in range(n):
            h = f"heroes[{p}]"
            self.i_heroes.append((
                lay.one_hot(f"{h}.hero", HERO_IDS), lay.one_hot(f"{h}.at", cell_labels, "cell index"),
                lay.value(f"{h}.hp", float(game.options["hero_hp"])), lay.value(f"{h}.hand_size", 8.0),
                lay.add(f"{h}.hand", "counts", kinds, high=CLIP, note="count / 8 of each kind the observer knows"),
                lay.value(f"{h}.deck_size", 16.0),
                lay.add(f"{h}.unseen", "counts", kinds, high=CLIP, note="count / 8: cards the observer cannot place"),
                lay.value(f"{h}.total", 16.0),
                lay.add(f"{h}.discard", "counts", kinds, high=CLIP, note="count / 8"),
                lay.add(f"{h}.energy", "counts", kinds, high=CLIP, note="count / 8"),
                lay.one_hot(f"{h}.main", PROF_IDS), lay.one_hot(f"{h}.second", PROF_IDS),
                lay.flag(f"{h}.board_card"),
            ))
        self.i_king = lay.one_hot("king.id", KING_IDS)
        self.i_king_at = lay.one_hot("king.at", cell_labels, "cell index")
        self.i_king_hp = lay.value("king.hp", 1.0, note="/ max_hp")
        self.i_king_max = lay.value("king.max_hp", 64.0)
        self.i_rage = lay.value("king.rage", 16.0)
        self.i_temper = lay.value("king.temper", 16.0)
        self.i_rotation = lay.one_hot("king.rotation", [str(r) for r in range(6)])
        self.i_base = [lay.one_hot(f"king.base[{d}]", DIE_FACES) for d in range(6)]
        self.i_curses = lay.value("curses", 4.0)
        self.i_supply_row = lay.add("supply.row", "counts", kinds, high=CLIP, note="count / 8")
        self.i_supply_deck = lay.value("supply.deck", 64.0)
        self.i_burned = lay.add("supply.burned", "counts", kinds, high=CLIP, note="count / 8")
        self.i_destiny_deck = lay.value("destiny.deck", float(NUM_DESTINY))
        self.i_remaining = lay.multi_hot("destiny.remaining", DESTINY_TEXT)
        self.i_revealed = lay.one_hot("destiny.revealed", DESTINY_TEXT)
        self.i_destiny_discard = lay.multi_hot("destiny.discard", DESTINY_TEXT)
        self.i_exile = lay.multi_hot("destiny.exile", DESTINY_TEXT)
        self.i_pending = lay.one_hot("pending.action", PENDING)
        self.i_pending_at = lay.one_hot("pending.at", cell_labels, "cell index")
        self.i_paid = lay.add("pending.paid", "counts", kinds, high=CLIP, note="count / 8")
        self.i_roll = lay.add("last_roll", "counts", DIE_FACES, high=CLIP, note="count / 8 of each face")
        self.i_prof_box = lay.add("professions_box", "counts", PROF_IDS, high=CLIP, note="tokens / 8")
        # the table: contiguous, so write_state copies it in one go
        self.i_table = lay.size
        self.i_cells = [
            (lay.value(f"map.cells[{c}].q", COORD_SCALE, signed=True), lay.value(f"map.cells[{c}].r", COORD_SCALE, signed=True),
             lay.flag(f"map.cells[{c}].up"), lay.one_hot(f"map.cells[{c}].element", list(ELEMENT_LETTERS)),
             lay.one_hot(f"map.cells[{c}].tile", TILES), lay.one_hot(f"map.cells[{c}].camp", HERO_IDS))
            for c in range(cells)
        ]
        self.i_spare = lay.value("map.spare", 8.0)
        self.i_box = lay.add("box", "counts", kinds, high=CLIP, note="count / 8 of the kinds out of play")
        self.i_table_end = lay.size
        self.i_over = lay.flag("over")
        self.i_won = lay.flag("won")
        super().__init__(lay)
        # the last table block built (for ``_table_fx`` and the face-up mask ``_table_up``), and the part of it
        # that only depends on the ``Fixed`` object ``_fixed_fx``
        self._table_fx: Any = None
        self._table_up = -1
        self._table = np.zeros(self.i_table_end - self.i_table, dtype=np.float32)
        self._fixed_fx: Any = None
        self._fixed = self._table
        self._cell_up: tuple[tuple[int, int, int], ...] = ()

    # ------------------------------------------------------------------------------------------- from a view
    def write_view(self, view: Json, out: np.ndarray) -> None:
        """The features of a wild-hunters view."""
        cells = view["map"]["cells"]
        cell_of = {tuple(c["at"]): i for i, c in enumerate(cells)}
        seat = view["seat"]
        if seat is not None:
            out[self.i_seat + seat] = 1.0
        out[self.i_turn] = _clip(view["turn"] / 64.0)
        out[self.i_phase + PHASE_INDEX[view["phase"]]] = 1.0
        if view["to_move"] is not None:
            out[self.i_to_move + view["to_move"]] = 1.0
        if view["acting"] is not None:
            out[self.i_acting + view["acting"]] = 1.0
        if view["acted"]:
            out[self.i_acted] = 1.0
        out[self.i_acquires] = _clip(view["acquires_left"] / 5.0)
        for p, h in enumerate(view["heroes"]):
            (i_hero, i_at, i_hp, i_hsize, i_hand, i_deck, i_unseen, i_total, i_discard, i_energy, i_main,
             i_second, i_board) = self.i_heroes[p]
            out[i_hero + HERO_INDEX[h["hero"]]] = 1.0
            out[i_at + cell_of[tuple(h["at"])]] = 1.0
            out[i_hp] = _clip(h["hp"] * self.inv_hp)
            out[i_hsize] = _clip(h["hand_size"] / 8.0)
            for k in h["hand"]:
                out[i_hand + KIND_OF_TEXT[k]] += COUNT_SCALE
            out[i_deck] = _clip(h["deck_size"] / 16.0)
            for k in h["unseen"]:
                out[i_unseen + KIND_OF_TEXT[k]] += COUNT_SCALE
            out[i_total] = _clip(h["total"] / 16.0)
            for k in h["discard"]:
                out[i_discard + KIND_OF_TEXT[k]] += COUNT_SCALE
            for k in h["energy"]:
                out[i_energy + KIND_OF_TEXT[k]] += COUNT_SCALE
            out[i_main + PROF_INDEX[h["main"]]] = 1.0
            if h["second"] is not None:
                out[i_second + PROF_INDEX[h["second"]]] = 1.0
            if h["board_card"]:
                out[i_board] = 1.0
        king = view["king"]
        out[self.i_king + KING_INDEX[king["id"]]] = 1.0
        out[self.i_king_at + cell_of[tuple(king["at"])]] = 1.0
        out[self.i_king_hp] = _clip(king["hp"] / king["max_hp"])
        out[self.i_king_max] = _clip(king["max_hp"] / 64.0)
        out[self.i_rage] = _clip(king["rage"] / 16.0)
        out[self.i_temper] = _clip(king["temper"] / 16.0)
        out[self.i_rotation + king["rotation"]] = 1.0
        for i, face in zip(self.i_base, king["base"], strict=True):
            out[i + FACE_INDEX[face]] = 1.0
        out[self.i_curses] = _clip(view["curses"] / 4.0)
        supply = view["supply"]
        for k in supply["row"]:
            out[self.i_supply_row + KIND_OF_TEXT[k]] += COUNT_SCALE
        out[self.i_supply_deck] = _clip(supply["deck"] / 64.0)
        for k in supply["burned"]:
            out[self.i_burned + KIND_OF_TEXT[k]] += COUNT_SCALE
        destiny = view["destiny"]
        out[self.i_destiny_deck] = _clip(destiny["deck"] / NUM_DESTINY)
        for d in destiny["remaining"]:
            out[self.i_remaining + DESTINY_INDEX[d]] = 1.0
        if destiny["revealed"] is not None:
            out[self.i_revealed + DESTINY_INDEX[destiny["revealed"]]] = 1.0
        for d in destiny["discard"]:
            out[self.i_destiny_discard + DESTINY_INDEX[d]] = 1.0
        for d in destiny["exile"]:
            out[self.i_exile + DESTINY_INDEX[d]] = 1.0
        pending = view["pending"]
        if pending is not None:
            out[self.i_pending + PENDING.index(pending["action"])] = 1.0
            out[self.i_pending_at + cell_of[tuple(pending["at"])]] = 1.0
            for k in pending["paid"]:
                out[self.i_paid + KIND_OF_TEXT[k]] += COUNT_SCALE
        for f in view["last_roll"]:
            out[self.i_roll + FACE_INDEX[f]] += COUNT_SCALE
        for prof, count in view["professions_box"].items():
            out[self.i_prof_box + PROF_INDEX[prof]] = _clip(count * COUNT_SCALE)
        for (i_q, i_r, i_up, i_elem, i_tile, i_camp), cell in zip(self.i_cells, cells, strict=False):
            q, r = cell["at"]
            out[i_q] = _signed(q / COORD_SCALE)
            out[i_r] = _signed(r / COORD_SCALE)
            if cell["up"]:
                out[i_up] = 1.0
            if cell["element"] is not None:
                out[i_elem + ELEMENT_LETTERS.index(cell["element"])] = 1.0
            if cell["tile"] is not None:
                out[i_tile + TILE_INDEX[cell["tile"]]] = 1.0
            if cell["camp"] is not None:
                out[i_camp + HERO_INDEX[cell["camp"]]] = 1.0
        out[self.i_spare] = _clip(view["map"]["spare"] / 8.0)
        for k, count in view["box"].items():
            out[self.i_box + KIND_OF_TEXT[k]] = _clip(count * COUNT_SCALE)
        if view["over"]:
            out[self.i_over] = 1.0
        if view["won"]:
            out[self.i_won] = 1.0

    # ------------------------------------------------------------------------------------------ from a state
    def write_state(self, s: WildHuntersState, seat: int, out: np.ndarray) -> None:
        """The features of ``s.view(seat)``, read from the state (mirrors ``view.view_of``).

        Written for speed (an environment calls it at every step): the indices of the features that are 1 and
        of every card counted are gathered with comprehensions; the first are set in one NumPy assignment, the
        second counted by ``np.bincount`` and added, times ``COUNT_SCALE``, in one (exact: multiples of 1/8).
        """
        n = s.num_heroes
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist; seats are 0–{n - 1}")
        if s.building and seat != s.to_move:  # a move not yet paid for is the mover's alone (``view_of``)
            s = s.unbuilt()
        bit = 1 << seat
        known = s.known
        fx = s.fx
        ph = s.phase
        kind = KIND_OF_CARD
        hot = [self.i_seat + seat, self.i_phase + ph]
        v = s.turn / 64.0
        out[self.i_turn] = v if v < CLIP else CLIP
        if ph is not Phase.OVER:
            hot.append(self.i_to_move + s.to_move)
        if s.revealed >= 0:
            hot.append(self.i_acting + s.to_move)
        if s.acted:
            hot.append(self.i_acted)
        out[self.i_acquires] = _clip(s.acquires_left / 5.0)
        counted: list[int] = []
        hp, hands, decks, discards, energy = s.hp, s.hands, s.decks, s.discards, s.energy
        main, second, board, cell, heroes = s.main, s.second, s.board_card, s.hero_cell, fx.heroes
        inv_hp = self.inv_hp
        for p in range(n):
            (i_hero, i_at, i_hp, i_hsize, i_hand, i_deck, i_unseen, i_total, i_discard, i_energy, i_main,
             i_second, i_board) = self.i_heroes[p]
            hot += (i_hero + heroes[p], i_at + cell[p], i_main + main[p])
            if second[p] >= 0:
                hot.append(i_second + second[p])
            if board[p]:
                hot.append(i_board)
            v = hp[p] * inv_hp
            out[i_hp] = CLIP if v > CLIP else 0.0 if v < 0.0 else v
            hand, deck = hands[p], decks[p]
            v = len(hand) / 8.0
            out[i_hsize] = v if v < CLIP else CLIP
            v = len(deck) / 16.0
            out[i_deck] = v if v < CLIP else CLIP
            v = (len(hand) + len(deck)) / 16.0
            out[i_total] = v if v < CLIP else CLIP
            counted += [(i_hand if known[c] & bit else i_unseen) + kind[c] for c in hand]
            counted += [i_unseen + kind[c] for c in deck if not known[c] & bit]
            if discards[p]:
                counted += [i_discard + kind[c] for c in discards[p]]
            if energy[p]:
                counted += [i_energy + kind[c] for c in energy[p]]
        rot = s.rotation
        base = DEMON_KINGS[fx.king].base
        hot += (self.i_king + fx.king, self.i_king_at + s.king_cell, self.i_rotation + rot)
        hot += [i + side_facing(base, rot, d) for d, i in enumerate(self.i_base)]
        out[self.i_king_hp] = _clip(max(0, s.king_hp) / fx.king_max)
        out[self.i_king_max] = _clip(fx.king_max / 64.0)
        out[self.i_rage] = _clip(s.rage / 16.0)
        out[self.i_temper] = _clip(fx.temper / 16.0)
        out[self.i_curses] = _clip(s.curses / 4.0)
        i = self.i_supply_row
        counted += [i + kind[c] for c in s.supply_row]
        out[self.i_supply_deck] = _clip(len(s.supply_deck) / 64.0)
        if s.burned:
            i = self.i_burned
            counted += [i + kind[c] for c in s.burned]
        out[self.i_destiny_deck] = _clip(len(s.destiny_deck) / NUM_DESTINY)
        i = self.i_remaining
        hot += [i + d for d in s.destiny_deck]
        if s.revealed >= 0:
            hot.append(self.i_revealed + s.revealed)
        i = self.i_destiny_discard
        hot += [i + d for d in s.destiny_discard]
        if s.exile:
            i = self.i_exile
            hot += [i + d for d in s.exile]
        if ph is Phase.PAY or ph is Phase.RELEASE:
            hot += (self.i_pending + s.pend_kind, self.i_pending_at + s.pend_cell)
            i = self.i_paid
            counted += [i + KINDS.index(m) for m in s.paid]
        if s.last_roll:
            i = self.i_roll
            counted += [i + f for f in s.last_roll]
        i = self.i_prof_box
        for prof, count in enumerate(s.prof_box):
            out[i + prof] = _clip(count * COUNT_SCALE)
        if self._table_fx is not fx or self._table_up != s.up:
            self._build_table(s)
        out[self.i_table:self.i_table_end] = self._table
        if ph is Phase.OVER:
            hot.append(self.i_over)
        if s.result == 1:
            hot.append(self.i_won)
        out[hot] = 1.0
        if counted:
            c = np.bincount(counted)
            out[: len(c)] += c * COUNT_SCALE

    def _build_table(self, s: WildHuntersState) -> None:
        """The table block (cells, spare tiles, box) of ``s``, kept for the next states with the same table.

        What never changes in a game (coordinates, camps, spare tiles, box) is kept per ``Fixed`` object; each
        new face-up mask then adds its face-up tiles.
        """
        fx = s.fx
        if self._fixed_fx is not fx:
            self._fixed_block(fx, s.num_heroes)
        table = self._fixed.copy()
        up = s.up
        for c, (i_up, i_elem, i_tile) in enumerate(self._cell_up):
            if up >> c & 1:
                table[i_up] = 1.0
                table[i_elem] = 1.0
                table[i_tile] = 1.0
        self._table = table
        self._table_fx = fx
        self._table_up = up

    def _fixed_block(self, fx: Any, n: int) -> None:
        """The table block with every tile face down, and where each cell's face-up features go."""
        geo = fx.geo
        base = self.i_table
        table = np.zeros(self.i_table_end - base, dtype=np.float32)
        camp_hero = {geo.camp_of[p]: fx.heroes[p] for p in range(n)}
        cell_up = []
        for c, (i_q, i_r, i_up, i_elem, i_tile, i_camp) in zip(range(geo.n), self.i_cells, strict=False):
            q, r = geo.coords[c]
            table[i_q - base] = _signed(q / COORD_SCALE)
            table[i_r - base] = _signed(r / COORD_SCALE)
            if c in camp_hero:
                table[i_camp - base + camp_hero[c]] = 1.0
            cell_up.append((i_up - base, i_elem - base + fx.elem[c], i_tile - base + TILE_INDEX[tile_name(fx.tiles[c])]))
        table[self.i_spare - base] = _clip(len(fx.spare) / 8.0)
        counts = [0] * len(KINDS)
        for c in fx.box:
            counts[KIND_OF_CARD[c]] += 1
        for k, count in enumerate(counts):
            if count:
                table[self.i_box - base + k] = _clip(count * COUNT_SCALE)
        self._fixed = table
        self._cell_up = tuple(cell_up)
        self._fixed_fx = fx


def _signed(v: float) -> float:
    return CLIP if v > CLIP else -CLIP if v < -CLIP else v
