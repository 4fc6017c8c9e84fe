"""fate's own observation encoder for ``tablecraft.envs``: a fixed layout of what ``view(seat)`` shows.

The layout depends on the seat count only (``python -m tablecraft.envs layout fate --seats 5`` prints it):

- ``seat`` (the observer), ``mode``, ``turn`` (/ max_turns), ``turn_seat``, ``to_move``, ``decision`` (the frame
  waiting on top), ``fate`` (the fate card), ``roshan`` (a revealed Roshan's seat);
- ``pending``: the public facts of the decision — ``purpose`` of a reply, the ``use`` answered (its ``user``,
  card type ``card``, ``targets``), ``need`` (闪避 still needed), ``dying``, the ``source`` of a demand, the
  ``skill`` (or item ability) asking;
- piles: ``deck`` (size), ``discard``, ``table``, ``revealed`` (multi-hots over the 112 cards), ``looked`` (the
  cards, to the looker only; their number to all), ``aside``, ``attacks`` used this turn;
- per player ``players[p]``: ``hero``, ``hp`` (signed) and ``max_hp`` (/ 5), ``rage`` (/ 3), ``hand_limit``,
  ``alive``, ``hand_size``, ``hand`` (the observer's own only), ``equipment`` (weapon and armour by card type),
  ``talisman_sideways``, ``status``, ``bombs``, ``pile`` (faith cards) and ``held`` (set aside) counts, the
  observer's own ``bomb_cards``/``pile_cards``/``held_cards`` (by card type), ``identity`` (when known),
  ``skip_next``, ``shielded``, ``reborn``, ``marks`` (this turn's effects);
- hero choice: ``candidates``, ``my_pick``, ``picked``; 1v1 ``draft.pool``, ``draft.drafted[p]``, ``draft.left[p]``
  (when visible), ``draft.right[p]``, ``draft.kept[p]``;
- ``over``, ``winners``.

``write_view`` reads the view JSON; ``write_state`` mirrors ``view.view_of`` on the state's fields, and the tests
check that both give the same vector for every seat on random positions.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from tablecraft.core.api import Game, Json
from tablecraft.envs.layout import CLIP, GameEncoder, Layout

from .content import (
    ALL_SKILL_DEFS,
    CARD_BY_NAME,
    CARD_NAME,
    CARD_TYPE,
    CARD_TYPES,
    DECK_SIZE,
    FATES,
    HERO_BY_CODE,
    HEROES,
    TYPE_BY_CODE,
)
from .spec import IDENTITY_CODES, Mode
from .state import F, FateState, Purpose
from .view import MARK_WORDS, MODE_WORD, kept_revealed, pending_of

MODES = tuple(MODE_WORD[m] for m in Mode)
FRAMES = tuple(f.name.lower() for f in F)
PURPOSES = tuple(p.name.lower() for p in Purpose)
SKILL_CODES = tuple(sorted({sk.code for sk in ALL_SKILL_DEFS} | {d.ability for d in CARD_TYPES if d.ability}))
SKILL_INDEX = {c: i for i, c in enumerate(SKILL_CODES)}
HERO_CODES = tuple(h.code for h in HEROES)
TYPE_CODES = tuple(d.code for d in CARD_TYPES)
FATE_CODES = tuple(f.code for f in FATES)
FATE_INDEX = {c: i for i, c in enumerate(FATE_CODES)}
FRAME_INDEX = {name: i for i, name in enumerate(FRAMES)}
FRAME_POS = {int(f): i for i, f in enumerate(F)}
"""Frame kind value → its position in ``FRAMES`` (the kinds are numbered in blocks, not contiguously)."""
PURPOSE_INDEX = {name: i for i, name in enumerate(PURPOSES)}
MODE_INDEX = {name: i for i, name in enumerate(MODES)}
MARKS = tuple(word for _, word in MARK_WORDS)
MARK_INDEX = {w: i for i, w in enumerate(MARKS)}


def _clip(v: float) -> float:
    return CLIP if v > CLIP else 0.0 if v < 0.0 else v


def _signed(v: float) -> float:
    return CLIP if v > CLIP else -CLIP if v < -CLIP else v


class FateEncoder(GameEncoder):
    """The observation encoder of one fate game (its seat count fixes the layout; its turn cap the turn scale)."""

    def __init__(self, game: Game[Any]) -> None:
        n = self.n = game.num_seats
        self.inv_turns = 1.0 / float(game.options["max_turns"])
        lay = Layout(game.spec.id)
        seats = [str(p) for p in range(n)]
        cards = list(CARD_NAME)
        self.i_seat = lay.one_hot("seat", seats, "the observer")
        self.i_mode = lay.one_hot("mode", MODES)
        self.i_turn = lay.value("turn", float(game.options["max_turns"]), note="/ max_turns")
        self.i_turn_seat = lay.one_hot("turn_seat", seats)
        self.i_to_move = lay.one_hot("to_move", seats, "none once the game is over")
        self.i_decision = lay.one_hot("decision", FRAMES, "the frame waiting on top")
        self.i_fate = lay.one_hot("fate", FATE_CODES)
        self.i_roshan = lay.one_hot("roshan", seats)
        self.i_p_purpose = lay.one_hot("pending.purpose", PURPOSES)
        self.i_p_user = lay.one_hot("pending.use.user", seats)
        self.i_p_card = lay.one_hot("pending.use.card", TYPE_CODES)
        self.i_p_targets = lay.multi_hot("pending.use.targets", seats)
        self.i_p_need = lay.value("pending.need", 4.0)
        self.i_p_dying = lay.one_hot("pending.dying", seats)
        self.i_p_source = lay.one_hot("pending.source", seats)
        self.i_p_skill = lay.one_hot("pending.skill", SKILL_CODES)
        self.i_deck = lay.value("deck", float(DECK_SIZE))
        self.i_discard = lay.multi_hot("discard", cards)
        self.i_table = lay.multi_hot("table", cards)
        self.i_revealed = lay.multi_hot("revealed", cards)
        self.i_looked = lay.multi_hot("looked", cards, "the looker only")
        self.i_looked_n = lay.value("looked_count", 8.0)
        self.i_aside = lay.value("aside", 4.0)
        self.i_attacks = lay.value("attacks", 5.0)
        # every player's numbers lie in one block (so the state path writes them with one assignment)
        self.i_numbers = lay.size
        for p in range(n):
            name = f"players[{p}]"
            lay.value(f"{name}.hp", 5.0, signed=True)
            lay.value(f"{name}.max_hp", 5.0)
            lay.value(f"{name}.rage", 3.0)
            lay.value(f"{name}.hand_limit", 10.0)
            lay.value(f"{name}.hand_size", 10.0)
            lay.value(f"{name}.status", 2.0)
            lay.value(f"{name}.bombs", 2.0)
            lay.value(f"{name}.pile", 5.0)
            lay.value(f"{name}.held", 2.0)
        self.i_players = []
        for p in range(n):
            name = f"players[{p}]"
            self.i_players.append((
                lay.one_hot(f"{name}.hero", HERO_CODES),
                lay.flag(f"{name}.alive"),
                lay.multi_hot(f"{name}.hand", cards, "known to its owner only"),
                lay.multi_hot(f"{name}.equipment", TYPE_CODES, "weapon and armour, by card type"),
                lay.flag(f"{name}.talisman_sideways"),
                lay.multi_hot(f"{name}.own_zones", TYPE_CODES, "bomb, faith and set-aside cards by type: the owner"),
                lay.one_hot(f"{name}.identity", IDENTITY_CODES),
                lay.flag(f"{name}.skip_next"),
                lay.flag(f"{name}.shielded"),
                lay.flag(f"{name}.reborn"),
                lay.multi_hot(f"{name}.marks", MARKS),
            ))
        self.i_candidates = lay.multi_hot("candidates", HERO_CODES)
        self.i_my_pick = lay.one_hot("my_pick", HERO_CODES)
        self.i_picked = lay.multi_hot("picked", seats)
        self.duel = game.mode is Mode.DUEL  # type: ignore[attr-defined]
        if self.duel:
            self.i_pool = lay.multi_hot("draft.pool", HERO_CODES)
            self.i_drafted = [lay.multi_hot(f"draft.drafted[{p}]", HERO_CODES) for p in range(n)]
            self.i_left = [lay.multi_hot(f"draft.left[{p}]", HERO_CODES, "when visible") for p in range(n)]
            self.i_right = [lay.multi_hot(f"draft.right[{p}]", HERO_CODES) for p in range(n)]
            self.i_kept = [lay.value(f"draft.kept[{p}]", 3.0) for p in range(n)]
        self.i_over = lay.flag("over")
        self.i_winners = lay.multi_hot("winners", seats)
        super().__init__(lay)

    # ------------------------------------------------------------------------------------------- from a view
    def write_view(self, view: Json, out: np.ndarray) -> None:
        """The features of a fate view."""
        hot: list[int] = []
        seat = view["seat"]
        if seat is not None:
            hot.append(self.i_seat + seat)
        hot.append(self.i_mode + MODE_INDEX[view["mode"]])
        out[self.i_turn] = _clip(view["turn"] * self.inv_turns)
        hot.append(self.i_turn_seat + view["turn_seat"])
        if view["to_move"] is not None:
            hot.append(self.i_to_move + view["to_move"])
            hot.append(self.i_decision + FRAME_INDEX[view["decision"]])
        if view["fate"] is not None:
            hot.append(self.i_fate + FATE_INDEX[view["fate"]])
        if view["roshan"] is not None:
            hot.append(self.i_roshan + view["roshan"])
        if view["pending"] is not None:
            self._pending(view["pending"], hot, out)
        out[self.i_deck] = _clip(view["deck"] / DECK_SIZE)
        hot += [self.i_discard + CARD_BY_NAME[c] for c in view["discard"]]
        hot += [self.i_table + CARD_BY_NAME[c] for c in view["table"]]
        hot += [self.i_revealed + CARD_BY_NAME[c] for c in view["revealed"]]
        looked = view["looked"]
        if isinstance(looked, list):
            hot += [self.i_looked + CARD_BY_NAME[c] for c in looked]
            out[self.i_looked_n] = _clip(len(looked) / 8.0)
        else:
            out[self.i_looked_n] = _clip(looked / 8.0)
        out[self.i_aside] = _clip(view["aside"] / 4.0)
        out[self.i_attacks] = _clip(view["attacks"] / 5.0)
        nums: list[float] = []
        for (i_hero, i_alive, i_hand, i_equip, i_side, i_own, i_ident, i_skip, i_shield, i_reborn, i_marks), pl \
                in zip(self.i_players, view["players"], strict=True):
            if pl["hero"] is not None:
                hot.append(i_hero + HERO_BY_CODE[pl["hero"]])
            nums += [_signed(pl["hp"] / 5.0), _clip(pl["max_hp"] / 5.0), _clip(pl["rage"] / 3.0),
                     _clip(pl["hand_limit"] / 10.0), _clip(pl["hand_size"] / 10.0), _clip(len(pl["status"]) / 2.0),
                     _clip(pl["bombs"] / 2.0), _clip(pl["pile"] / 5.0), _clip(pl["held"] / 2.0)]
            if pl["alive"]:
                hot.append(i_alive)
            if pl["hand"] is not None:
                hot += [i_hand + CARD_BY_NAME[c] for c in pl["hand"]]
            for slot in ("weapon", "armour"):
                if pl[slot] is not None:
                    hot.append(i_equip + CARD_TYPE[CARD_BY_NAME[pl[slot]]])
            if pl["talisman_sideways"]:
                hot.append(i_side)
            for key in ("bomb_cards", "pile_cards", "held_cards"):
                if pl[key]:
                    hot += [i_own + CARD_TYPE[CARD_BY_NAME[c]] for c in pl[key]]
            if pl["identity"] is not None:
                hot.append(i_ident + IDENTITY_CODES.index(pl["identity"]))
            if pl["skip_next"]:
                hot.append(i_skip)
            if pl["shielded"]:
                hot.append(i_shield)
            if pl["reborn"]:
                hot.append(i_reborn)
            hot += [i_marks + MARK_INDEX[w] for w in pl["marks"]]
        out[self.i_numbers:self.i_numbers + len(nums)] = nums
        hot += [self.i_candidates + HERO_BY_CODE[h] for h in view["candidates"]]
        if view["my_pick"] is not None:
            hot.append(self.i_my_pick + HERO_BY_CODE[view["my_pick"]])
        hot += [self.i_picked + p for p, done in enumerate(view["picked"]) if done]
        draft = view["draft"]
        if self.duel and draft is not None:
            hot += [self.i_pool + HERO_BY_CODE[h] for h in draft["pool"]]
            for p in range(self.n):
                hot += [self.i_drafted[p] + HERO_BY_CODE[h] for h in draft["drafted"][p]]
                if draft["left"][p] is not None:
                    hot += [self.i_left[p] + HERO_BY_CODE[h] for h in draft["left"][p]]
                hot += [self.i_right[p] + HERO_BY_CODE[h] for h in draft["right"][p]]
                out[self.i_kept[p]] = _clip(draft["kept"][p] / 3.0)
        if view["over"]:
            hot.append(self.i_over)
        hot += [self.i_winners + w for w in view["winners"]]
        out[hot] = 1.0

    def _pending(self, pending: Json, hot: list[int], out: np.ndarray) -> None:
        """The ``pending`` features (the same dict ``view.pending_of`` makes, on both paths)."""
        purpose = PURPOSE_INDEX.get(pending.get("purpose", ""))  # a reply's (a zone choice names its own)
        if purpose is not None:
            hot.append(self.i_p_purpose + purpose)
        use = pending.get("use")
        if use:
            hot.append(self.i_p_user + use["user"])
            if use["card"] is not None:
                hot.append(self.i_p_card + TYPE_BY_CODE[use["card"]])
            if use["skill"] is not None:
                hot.append(self.i_p_skill + SKILL_INDEX[use["skill"]])
            hot += [self.i_p_targets + t for t in use["targets"]]
        if pending.get("need") is not None:
            out[self.i_p_need] = _clip(pending["need"] / 4.0)
        if pending.get("dying") is not None:
            hot.append(self.i_p_dying + pending["dying"])
        if pending.get("source") is not None and pending["source"] >= 0:
            hot.append(self.i_p_source + pending["source"])
        skill = pending.get("skill")
        if skill is not None and not use:
            hot.append(self.i_p_skill + SKILL_INDEX[skill])

    # ------------------------------------------------------------------------------------------ from a state
    def write_state(self, s: FateState, seat: int, out: np.ndarray) -> None:
        """The features of ``s.view(seat)``, read from the state (mirrors ``view.view_of``)."""
        n = s.n
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} does not exist; seats are 0–{n - 1}")
        if s.building and seat != s.building[0]:  # another hero's play in the making is not in its view
            from .takeback import unbuilt

            s = unbuilt(s)
        over = not s.stack
        hot = [self.i_seat + seat, self.i_mode + s.mode, self.i_turn_seat + s.turn_seat]
        out[self.i_turn] = _clip(s.turn * self.inv_turns)
        if not over:
            hot.append(self.i_to_move + s.stack[-1][1])
            hot.append(self.i_decision + FRAME_POS[s.stack[-1][0]])
            self._pending(pending_of(s), hot, out)
        if s.fate >= 0:
            hot.append(self.i_fate + s.fate)
        if s.roshan >= 0:
            hot.append(self.i_roshan + s.roshan)
        out[self.i_deck] = _clip(len(s.deck) / DECK_SIZE)
        hot += [self.i_discard + c for c in s.discard]
        hot += [self.i_table + c for c in s.table]
        hot += [self.i_revealed + c for c in s.revealed]
        if seat == s.looker:
            hot += [self.i_looked + c for c in s.looked]
        out[self.i_looked_n] = _clip(len(s.looked) / 8.0)
        out[self.i_aside] = _clip(len(s.aside) / 4.0)
        out[self.i_attacks] = _clip(s.attacks / 5.0)
        full = (1 << n) - 1
        picking = s.mode is not Mode.DUEL and any(h < 0 for h in s.hero)
        dealt = not picking and s.mode in (Mode.IDENTITY, Mode.TEAMS)  # as view_of: after the heroes
        nums: list[float] = []
        hero, hp, maxhp, rage, hands, bombs, pile, status = s.hero, s.hp, s.maxhp, s.rage, s.hands, s.bombs, \
            s.pile, s.status
        for p, (i_hero, i_alive, i_hand, i_equip, i_side, i_own, i_ident, i_skip, i_shield, i_reborn, i_marks) \
                in enumerate(self.i_players):
            h = hero[p]
            held = [c for c, owner, _ in s.held if owner == p] if s.held else []
            # the numbers, clipped inline (this loop runs for every seat at every step of an environment)
            v = hp[p] / 5.0
            nums.append(CLIP if v > CLIP else -CLIP if v < -CLIP else v)
            v = maxhp[p] / 5.0
            nums.append(CLIP if v > CLIP else v)
            nums.append(rage[p] / 3.0)
            v = s.limit_of(p) / 10.0 if h >= 0 else 0.0
            nums.append(CLIP if v > CLIP else v)
            v = len(hands[p]) / 10.0
            nums.append(CLIP if v > CLIP else v)
            v = len(status[p]) / 2.0
            nums.append(CLIP if v > CLIP else v)
            v = len(bombs[p]) / 2.0
            nums.append(CLIP if v > CLIP else v)
            v = len(pile[p]) / 5.0
            nums.append(CLIP if v > CLIP else v)
            v = len(held) / 2.0
            nums.append(CLIP if v > CLIP else v)
            if h >= 0:
                hot.append(i_hero + h)
            if s.alive[p]:
                hot.append(i_alive)
            if p == seat:
                hot += [i_hand + c for c in hands[p]]
                hot += [i_own + CARD_TYPE[c] for c in bombs[p]]
                hot += [i_own + CARD_TYPE[c] for c in pile[p]]
                hot += [i_own + CARD_TYPE[c] for c in held]
            w, a = s.weapon[p], s.armour[p]
            if w >= 0:
                hot.append(i_equip + CARD_TYPE[w])
            if a >= 0:
                hot.append(i_equip + CARD_TYPE[a])
            if s.sideways[p]:
                hot.append(i_side)
            if dealt and (s.id_known[p] >> seat & 1 or s.id_known[p] == full):
                hot.append(i_ident + s.identity[p])
            if s.skip_next[p]:
                hot.append(i_skip)
            if s.untouch[p]:
                hot.append(i_shield)
            if s.reborn[p]:
                hot.append(i_reborn)
            flags = s.tflags[p]
            if flags:
                hot += [i_marks + i for i, (m, _) in enumerate(MARK_WORDS) if flags & m]
        out[self.i_numbers:self.i_numbers + len(nums)] = nums
        if picking:
            hot += [self.i_candidates + h for h in s.cand[seat]]
            if s.picked[seat] >= 0:
                hot.append(self.i_my_pick + s.picked[seat])
            hot += [self.i_picked + p for p in range(n) if s.picked[p] >= 0]
        if self.duel:
            hot += [self.i_pool + h for h in s.pool]
            for p in range(n):
                hot += [self.i_drafted[p] + h for h in s.cand[p]]
                if seat == p or kept_revealed(s, p):
                    hot += [self.i_left[p] + h for h in s.left[p]]
                hot += [self.i_right[p] + h for h in s.right[p]]
                out[self.i_kept[p]] = _clip(len(s.left[p]) / 3.0)
        if over:
            hot.append(self.i_over)
            hot += [self.i_winners + w for w in s.winners_]
        out[hot] = 1.0
