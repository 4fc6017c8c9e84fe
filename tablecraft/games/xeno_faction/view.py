"""What a seat may know (``view``) and the worlds it cannot tell apart (``resample``).

The knowledge model is the seed's table: rows, face cards, 大王, extra zones, graveyards and banished zones are
face up for everyone; a hand is known to its owner only; a deck's order is known to nobody (its contents, for
its owner, are simply "my 54 cards minus all the others"). So ``resample(seat)`` deals the opponent's hand and
deck again from their pooled cards (keeping both sizes) and shuffles the seat's own deck: nothing the seat sees
changes, and ``view(resample(s, p), p) == view(s, p)`` holds by construction.

The view, JSON-safe::

    {"game": "xeno-faction", "seat": 0, "turn": 7, "max_turns": 200, "first": 1, "turn_seat": 0, "to_move": 0,
     "phase": "place", "pending": null | {"kind": "summon", ...},
     "this_turn": {"rows_used": [true, false, false], "faces_used": [...], "extra_used": false,
                   "pair_used": false, "split_used": [...], "charge_used": [...]},
     "players": [{"seat": 0, "name": "alpha", "life": 50, "hand_size": 6, "hand": ["5D", ...] | [],
                  "deck_size": 38, "graveyard": [...], "banished": [...], "banished_points": 12,
                  "joker_row": 2 | null,
                  "rows": [{"row": 1, "suit": "D", "cards": ["5D", "3H"], "total": 8,
                            "faces": [{"card": "QD", "since": 5}], "joker": false,
                            "effects": {"split": false, "abyss_call": true, "charge": false}}, ...]}, ...],
     "extra_zones": [{"suit": "D", "card": "7D" | null, "owner": 0 | null, "since": 3 | null}, ...],
     "banished_total": 12, "over": false, "winners": [], "end_reason": ""}
"""

from __future__ import annotations

from tablecraft.core.api import Json
from tablecraft.core.events import redacted_chain
from tablecraft.core.rng import Rng

from .rules import points, row_total
from .spec import NUM_ROWS, NUM_SEATS, RANK, SEAT_NAMES
from .state import CARD, Phase, XenoFactionState

SUIT_LETTERS = ("D", "S", "C")
"""The suit letter of each row and extra zone."""


def _names(cards: list[int]) -> list[str]:
    return [CARD[c] for c in cards]


def pending_of(s: XenoFactionState) -> Json | None:
    """The pending sub-decision, in public terms (everything in it is face up or a count)."""
    ph = s.phase
    if ph is Phase.DISCARD:
        return {"kind": "discard", "seat": s.to_move, "to": 5}
    if ph is Phase.REPLACE:
        return {"kind": "replace", "row": s.p_row + 1, "new": CARD[s.faces[s.to_move][s.p_row][-1]]}
    if ph is Phase.DISPEL_PICK:
        return {"kind": "dispel_pick", "owner": s.p_target, "row": s.p_row + 1}
    if ph is Phase.KNIGHT_WINDOW:
        return {"kind": "knight_window", "joker_owner": s.turn_seat, "row": s.joker[s.turn_seat] + 1}
    if ph is Phase.SUMMON:
        return {"kind": "summon", "moved": CARD[s.p_card], "target": RANK[s.p_card], "need": s.p_need,
                "picked": s.p_picked, "last": CARD[s.p_last] if s.p_last >= 0 else None}
    if ph is Phase.GIVE:
        return {"kind": "give", "option": s.p_mode, "count": s.p_need,
                "rank": RANK[s.p_card] if s.p_mode == 1 else None}
    if ph is Phase.LOSE:
        return {"kind": "lose", "attacker_row": s.p_row + 1, "row": s.p_target + 1}
    if ph is Phase.CLASH_ATTACKER or ph is Phase.CLASH_DEFENDER:
        return {"kind": "clash", "attacker_row": s.p_row + 1, "defender_row": s.p_target + 1,
                "step": "attacker" if ph is Phase.CLASH_ATTACKER else "defender"}
    return None


def view_of(s: XenoFactionState, seat: int | None) -> Json:
    """The position as ``seat`` may see it (``None`` = spectator)."""
    if seat is not None and seat not in (0, 1):
        raise ValueError(f"seat {seat} does not exist; seats are 0 (alpha), 1 (beta) or None (spectator)")
    players = []
    for p in range(NUM_SEATS):
        rows = []
        for r in range(NUM_ROWS):
            j, q, k = s.effects(p, r)
            rows.append({
                "row": r + 1, "suit": SUIT_LETTERS[r], "cards": _names(s.rows[p][r]),
                "total": row_total(s.rows[p][r]),
                "faces": [{"card": CARD[f], "since": t} for f, t in zip(s.faces[p][r], s.since[p][r], strict=True)],
                "joker": s.joker[p] == r,
                "effects": {"split": j, "abyss_call": q, "charge": k},
            })
        players.append({
            "seat": p, "name": SEAT_NAMES[p], "life": s.life[p], "hand_size": len(s.hands[p]),
            "hand": _names(sorted(s.hands[p])) if seat == p else [],
            "deck_size": len(s.decks[p]), "graveyard": _names(s.graves[p]), "banished": _names(s.banished[p]),
            "banished_points": points(s.banished[p]), "joker_row": s.joker[p] + 1 if s.joker[p] >= 0 else None,
            "rows": rows,
        })
    zones = []
    for z in range(NUM_ROWS):
        e = s.extra[z]
        zones.append({"suit": SUIT_LETTERS[z], "card": CARD[e % 54] if e >= 0 else None,
                      "owner": e // 54 if e >= 0 else None, "since": s.extra_since[z] if e >= 0 else None})
    over = s.phase is Phase.OVER

    def bits(mask: int) -> list[bool]:
        return [bool(mask >> r & 1) for r in range(NUM_ROWS)]

    return {
        "game": "xeno-faction",
        "seat": seat,
        "turn": s.turn,
        "max_turns": s.game.options["max_turns"],
        "first": s.first,
        "turn_seat": s.turn_seat,
        "to_move": None if over else s.to_move,
        "phase": s.phase.name.lower(),
        "pending": None if over else pending_of(s),
        "this_turn": {"rows_used": bits(s.used_rows), "faces_used": bits(s.used_faces),
                      "extra_used": s.extra_used, "pair_used": s.pair_used,
                      "split_used": bits(s.split_used), "charge_used": bits(s.charge_used)},
        "players": players,
        "extra_zones": zones,
        "banished_total": s.banished_count(),
        "over": over,
        "winners": list(s.winners_),
        "end_reason": s.end_reason,
    }


def resample_for(s: XenoFactionState, seat: int, rng: Rng) -> XenoFactionState:
    """A copy of ``s`` in which the opponent's hand and deck are dealt again from their pooled cards and the
    seat's own deck is reshuffled; the RNG is reseeded from ``rng`` and the copy carries the log as ``seat`` saw it
    (``redacted_chain``) and no history (it would name the true cards)."""
    if seat not in (0, 1):
        raise ValueError(f"seat {seat} does not exist; seats are 0 (alpha) and 1 (beta)")
    r = s.clone()
    o = 1 - seat
    # Sorted before shuffling, so the result depends only on what the seat knows (not on the true order).
    pool = sorted(r.hands[o] + r.decks[o])
    rng.shuffle(pool)
    n = len(r.hands[o])
    r.hands[o] = sorted(pool[:n])
    r.decks[o] = pool[n:]
    base = o * 54
    owner_bit = 1 << o
    for c in r.hands[o]:  # hidden cards were never face up: only a hand card has been seen, by its owner
        r.seen[base + c] = owner_bit
    for c in r.decks[o]:
        r.seen[base + c] = 0
    own = sorted(r.decks[seat])
    rng.shuffle(own)
    r.decks[seat] = own
    r.rng = Rng(rng.next64())
    r._ids_cache = None  # the mover's hand may have been dealt again
    r._log = redacted_chain(s._log, seat)
    r._history = ()
    return r
