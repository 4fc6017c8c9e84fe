"""What a seat may know (``view``) and the worlds it cannot tell apart (``resample``).

Hidden: the cards in other heroes' hands (except those everyone saw taken from the supply), every personal deck's
order, the destiny deck's order, the spirit supply deck, and the face-down tiles (hidden from everyone). Known to
all: the map's shape, face-up tiles, where everyone stands, life, sword energy, professions, discards, the supply
row, the destiny discards and exile, the demon king and the curses — and, by counting, *which* cards make up each
hidden pile (each hero's ``unseen`` cards, the destiny deck's ``remaining`` cards), never their order.

``resample`` shuffles exactly the hidden things within their piles (each pile sorted first, so the result depends
only on what the seat knows) — each hero's unknown hand and deck cards
together, the destiny deck, the supply deck, the face-down tiles among the face-down cells — so
``view(resample(s, p), p) == view(s, p)`` holds by construction. One public fact constrains the redeal: a hero in
the middle of paying has shown that it can finish, so its redealt hand must still be able to (rejection sampling).

The view, JSON-safe::

    {"game": "wild-hunters", "seat": 0, "turn": 4, "phase": "action", "to_move": 0, "acting": 0,
     "acted": false, "acquires_left": 1,
     "heroes": [{"seat": 0, "hero": "water", "element": "W", "at": [2, -4], "hp": 3, "max_hp": 3,
                 "hand_size": 5, "hand": ["F", "W", "W", "WF", "G"], "deck_size": 5, "unseen": ["F", "R", ...],
                 "total": 10, "discard": [], "energy": [], "main": "mage", "second": null, "board_card": true}],
     "map": {"cells": [{"at": [0, 0], "up": false, "element": null, "tile": null, "camp": null}, ...],
             "spare": 0},
     "king": {"id": "blaze", "at": [0, 0], "hp": 20, "max_hp": 20, "rage": 0, "temper": 9, "speed": 1,
              "strike": 1, "rotation": 0, "base": ["F", "W", "demon", "R", "T", "G"], "ability": "spirit_burn"},
     "curses": 0, "curses_to_lose": 3,
     "supply": {"row": ["WF", "RTG"], "deck": 18, "burned": []},
     "destiny": {"deck": 8, "remaining": ["fire-1", ...], "revealed": "water-1", "discard": [], "exile": []},
     "pending": null | {"action": "move", "at": [1, -3], "paid": ["W"]},
     "last_roll": ["T"], "professions_box": {"mage": 5, ...}, "box": {"W": 8, ...},
     "rules": {"hero_hp": 3, "acquire_limit": 1, "sword_release": true, "perks": true, "demon_face": true,
               "move_match": "card", "acquire_counts": true, "exhaustion": "moment"},
     "over": false, "won": false, "end_reason": ""}

``base`` lists the element on the side of the demon king's base facing each direction (e, ne, nw, w, sw, se) now.
"""

from __future__ import annotations

from tablecraft.core.api import Json
from tablecraft.core.events import redacted_chain
from tablecraft.core.rng import Rng

from .content import (
    ABILITIES,
    CARD_KIND,
    CARD_TEXT,
    DEMON_KINGS,
    DIE_FACES,
    ELEMENT_LETTERS,
    HEROES,
    KINDS,
    PROFESSIONS,
    destiny_str,
)
from .hexmap import Geometry
from .rules import pay_options, shuffle, side_facing
from .spec import MAX_SEATS, PUBLIC
from .state import CARD_TEXT_OF_KIND, Fixed, Phase, WildHuntersState, tile_name

_ORDER = {m: i for i, m in enumerate(KINDS)}
_TRIES = 200
"""Redeals tried for a paying hero before keeping its true hand (the true world always qualifies)."""


def _sorted_kinds(cards: list[int]) -> list[str]:
    return [CARD_TEXT_OF_KIND[m] for m in sorted((CARD_KIND[c] for c in cards), key=_ORDER.__getitem__)]


def _face(side: int) -> str:
    return DIE_FACES[side]


def view_of(s: WildHuntersState, seat: int | None) -> Json:
    """The position as ``seat`` may see it (``None`` = spectator)."""
    n = s.num_heroes
    if seat is not None and not 0 <= seat < n:
        raise ValueError(f"seat {seat} does not exist; seats are 0–{n - 1} or None (spectator)")
    if s.building and seat != s.to_move:  # a move, attack or rest nothing was paid for yet is the mover's alone
        s = s.unbuilt()
    bit = PUBLIC if seat is None else 1 << seat
    known = s.known
    fx = s.fx
    geo = fx.geo
    coords = geo.coords
    heroes = []
    for p in range(n):
        h = HEROES[fx.heroes[p]]
        shown = [c for c in s.hands[p] if known[c] & bit]
        unseen = [c for c in s.hands[p] if not known[c] & bit] + [c for c in s.decks[p] if not known[c] & bit]
        heroes.append({
            "seat": p, "hero": h.id, "element": ELEMENT_LETTERS[h.element], "at": list(coords[s.hero_cell[p]]),
            "hp": s.hp[p], "max_hp": s.opt["hero_hp"],
            "hand_size": len(s.hands[p]), "hand": _sorted_kinds(shown),
            "deck_size": len(s.decks[p]), "unseen": _sorted_kinds(unseen), "total": s.total_cards(p),
            "discard": [CARD_TEXT[c] for c in s.discards[p]], "energy": [CARD_TEXT[c] for c in s.energy[p]],
            "main": PROFESSIONS[s.main[p]].id,
            "second": PROFESSIONS[s.second[p]].id if s.second[p] >= 0 else None,
            "board_card": s.board_card[p],
        })
    camp_hero = {geo.camp_of[p]: HEROES[fx.heroes[p]].id for p in range(n)}
    cells = []
    for c in range(geo.n):
        up = bool(s.up >> c & 1)
        cells.append({
            "at": list(coords[c]), "up": up,
            "element": ELEMENT_LETTERS[fx.elem[c]] if up else None,
            "tile": tile_name(fx.tiles[c]) if up else None,
            "camp": camp_hero.get(c),
        })
    kd = DEMON_KINGS[fx.king]
    king = {
        "id": kd.id, "name_zh": kd.name_zh, "name_en": kd.name_en, "at": list(coords[s.king_cell]),
        "hp": max(0, s.king_hp), "max_hp": fx.king_max, "rage": s.rage, "temper": fx.temper,
        "speed": kd.speed, "strike": kd.strike, "rotation": s.rotation,
        "base": [_face(side_facing(kd.base, s.rotation, d)) for d in range(6)],
        "ability": ABILITIES[kd.ability].id,
    }
    pending = None
    if s.phase in (Phase.PAY, Phase.RELEASE):
        pending = {"action": ("move", "attack", "rest")[s.pend_kind],
                   "at": list(coords[s.pend_cell]), "paid": [CARD_TEXT_OF_KIND[m] for m in s.paid]}
    box_counts: dict[str, int] = {}
    for m in sorted((CARD_KIND[c] for c in fx.box), key=_ORDER.__getitem__):
        t = CARD_TEXT_OF_KIND[m]
        box_counts[t] = box_counts.get(t, 0) + 1
    over = s.phase is Phase.OVER
    return {
        "game": "wild-hunters",
        "seat": seat,
        "turn": s.turn,
        "phase": s.phase.name.lower(),
        "to_move": None if over else s.to_move,
        "acting": s.to_move if s.revealed >= 0 else None,
        "acted": s.acted,
        "acquires_left": s.acquires_left,
        "heroes": heroes,
        "map": {"cells": cells, "spare": len(fx.spare)},
        "king": king,
        "curses": s.curses,
        "curses_to_lose": 3,
        "supply": {"row": [CARD_TEXT[c] for c in s.supply_row], "deck": len(s.supply_deck),
                   "burned": [CARD_TEXT[c] for c in s.burned]},
        "destiny": {
            "deck": len(s.destiny_deck),
            "remaining": [destiny_str(c) for c in sorted(s.destiny_deck)],
            "revealed": destiny_str(s.revealed) if s.revealed >= 0 else None,
            "discard": [destiny_str(c) for c in s.destiny_discard],
            "exile": [destiny_str(c) for c in s.exile],
        },
        "pending": pending,
        "last_roll": [_face(f) for f in s.last_roll],
        "professions_box": {PROFESSIONS[i].id: s.prof_box[i] for i in range(len(PROFESSIONS))},
        "box": box_counts,
        "rules": {k: s.opt[k] for k in ("hero_hp", "acquire_limit", "sword_release", "perks", "demon_face",
                                        "move_match", "acquire_counts", "exhaustion")},
        "over": over,
        "won": s.result == 1,
        "end_reason": s.end_reason,
    }


def resample_for(s: WildHuntersState, seat: int, rng: Rng) -> WildHuntersState:
    """A copy of ``s`` with everything ``seat`` cannot see redealt within its pile, a fresh RNG, the log as ``seat``
    saw it (``redacted_chain``) and no history (it would name the true cards)."""
    if not 0 <= seat < s.num_heroes:
        raise ValueError(f"seat {seat} does not exist; seats are 0–{s.num_heroes - 1}")
    if s.building and seat != s.to_move:
        s = s.unbuilt()
    r = s.clone()
    bit = 1 << seat
    known = r.known
    paying = r.to_move if r.phase is Phase.PAY else -1
    for q in range(r.num_heroes):
        # one pile per hero: its hand cards the seat does not know, and its whole deck (order unknown to all)
        hand = r.hands[q]
        deck = r.decks[q]
        in_hand = [i for i, c in enumerate(hand) if not known[c] & bit]
        in_deck = [i for i, c in enumerate(deck) if not known[c] & bit]
        if len(in_hand) + len(in_deck) < 2:
            continue  # nothing to redeal (one hidden card can only stay where it is)
        cards = [hand[i] for i in in_hand] + [deck[i] for i in in_deck]
        masks = [known[c] for c in cards]  # knowledge belongs to the place, so it stays with the slot
        pool = sorted(cards)  # blind: the redeal depends on what the seat knows, not on where the hidden cards lie
        original = pool[:]
        split = len(in_hand)
        for attempt in range(_TRIES + 1):
            pool = original[:] if attempt == _TRIES else pool
            if attempt < _TRIES:
                shuffle(rng, pool)
            for j, i in enumerate(in_hand):
                c = pool[j]
                hand[i] = c
                known[c] = masks[j]
            for j, i in enumerate(in_deck, split):
                c = pool[j]
                deck[i] = c
                known[c] = masks[j]
            # the hero paying now has shown it can finish paying: keep only worlds where it still can
            if q != paying or pay_options(r.pend_cost, r.paid, r.hand_key(q)):
                break
    r.supply_deck.sort()
    shuffle(rng, r.supply_deck)
    r.destiny_deck.sort()
    shuffle(rng, r.destiny_deck)
    fx = r.fx
    down = [c for c in range(fx.geo.n) if not r.up >> c & 1]
    tiles = list(fx.tiles)
    hidden = sorted([tiles[c] for c in down] + list(fx.spare))  # tiles set aside are face down too
    shuffle(rng, hidden)
    for c, t in zip(down, hidden, strict=False):
        tiles[c] = t
    r.fx = fx.with_tiles(tuple(tiles), tuple(hidden[len(down):]))
    r.rng = Rng(rng.next64())
    r._log = redacted_chain(s._log, seat)
    r._history = ()
    return r


__all__ = ["Fixed", "Geometry", "MAX_SEATS", "resample_for", "view_of"]
