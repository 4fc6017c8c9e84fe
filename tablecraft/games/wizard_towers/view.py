"""What a seat may know (``view``) and the worlds it cannot tell apart (``resample``).

Both read one thing: the knowledge mask of each card (``state.known``). A card is shown to a seat exactly when its
bit is set (spectators: the PUBLIC bit), and ``resample`` redeals exactly the cards whose bit is clear, keeping
every place's count, so ``view(resample(s, p), p) == view(s, p)`` holds by construction.

The view, JSON-safe::

    {"game": "wizard-towers", "seat": 0, "turn": 7, "max_turns": 600, "turn_seat": 0, "to_move": 0,
     "phase": "action", "draws_left": 0, "adjust_left": 0,
     "players": [{"seat": 0, "name": "orange", "role": "warrior", "hp": 100, "alive": true,
                  "hand_limit": 3, "hand_size": 2, "hand": ["AS", "KD"], "coins": [], "stalled": false}, ...],
     "towers": [{"name": "left", "limit": 1, "cards": [null]}, ...],        # null = face down, unknown
     "bags": [{"name": "orange", "cards": 17, "coin": true, "capacity": 18, "known": []}, ...],
     "junk": {"cards": 3, "known": ["5S"]},
     "battle": null | {"attacker": 2, "target": "blue", "substitute": 0 | null,
                       "attack": ["KS" | null, ...], "defence": [{"card": "4H" | null, "from": "hand:blue"}]},
     "over": false, "winners": [], "end_reason": ""}

``hand`` lists the cards of that hand the seat knows (all of its own), sorted; ``hand_size`` counts them all.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tablecraft.core.api import Json
from tablecraft.core.events import redacted_chain
from tablecraft.core.rng import Rng

from .belief import place_of_hand, value_class
from .spec import BAG_NAMES, NUM_SEATS, PUBLIC, SEAT_NAMES, TOWER_LIMITS, TOWER_NAMES, WIZARD
from .state import CARD, TOWER_ORIGIN, Phase, WizardTowersState


def _bit(seat: int | None) -> int:
    return PUBLIC if seat is None else 1 << seat


def view_of(s: WizardTowersState, seat: int | None) -> Json:
    """The position as ``seat`` may see it (``None`` = spectator)."""
    if seat is not None and not 0 <= seat < NUM_SEATS:
        raise ValueError(f"seat {seat} does not exist; seats are 0 (orange), 1 (blue), 2 (purple) or None")
    bit = _bit(seat)
    known = s.known

    def shown(cards: list[int] | tuple[int, ...]) -> list[str]:
        return [CARD[c] for c in cards if known[c] & bit]

    def slots(cards: list[int] | tuple[int, ...]) -> list[str | None]:
        return [CARD[c] if known[c] & bit else None for c in cards]

    players = [
        {
            "seat": p, "name": SEAT_NAMES[p], "role": "wizard" if p == WIZARD else "warrior",
            "hp": s.hp[p], "alive": s.alive[p], "hand_limit": s.hand_limit[p],
            "hand_size": len(s.hands[p]), "hand": shown(sorted(s.hands[p])),
            "coins": [BAG_NAMES[b] for b in s.coins[p]], "stalled": bool(s.stalled >> p & 1),
        }
        for p in range(NUM_SEATS)
    ]
    battle: Json | None = None
    if s.target >= 0:
        battle = {
            "attacker": s.turn_seat,
            "target": SEAT_NAMES[s.target] if s.target < TOWER_ORIGIN else TOWER_NAMES[s.target - TOWER_ORIGIN],
            "substitute": s.substitute if s.substitute >= 0 else None,
            "attack": slots(s.att),
            "defence": [
                {"card": CARD[c] if known[c] & bit else None, "from": s._origin_name(f)}
                for c, f in zip(s.dfn, s.dfn_from, strict=True)
            ],
        }
    over = s.phase is Phase.OVER
    return {
        "game": "wizard-towers",
        "seat": seat,
        "turn": s.turn,
        "max_turns": s.game.options["max_turns"],
        "turn_seat": s.turn_seat,
        "to_move": None if over else s.to_move,
        "phase": s.phase.name.lower(),
        "draws_left": s.draws_left if s.phase in (Phase.DRAW, Phase.KILL_DRAW) else 0,
        "adjust_left": s.adjust_left if s.phase is Phase.ADJUST else 0,
        "players": players,
        "towers": [
            {"name": TOWER_NAMES[t], "limit": TOWER_LIMITS[t], "cards": slots(s.towers[t])} for t in range(3)
        ],
        "bags": [
            {"name": BAG_NAMES[b], "cards": len(s.bags[b]), "coin": s.coin_in_bag(b), "capacity": s.capacity[b],
             "known": shown(sorted(s.bags[b]))}
            for b in range(3)
        ],
        "junk": {"cards": len(s.junk), "known": shown(sorted(s.junk))},
        "battle": battle,
        "over": over,
        "winners": list(s.winners_),
        "end_reason": s.end_reason,
    }


def resample_for(
    s: WizardTowersState, seat: int, rng: Rng, weights: Mapping[str, Sequence[float]] | None = None
) -> WizardTowersState:
    """A copy of ``s`` with every card ``seat`` does not know redealt among the places it cannot see.

    Each redealt card takes over the knowledge masks of the place it lands in, the RNG is reseeded from ``rng``,
    and the copy carries the log as ``seat`` saw it (``redacted_chain``) and no history (it would name the
    true cards). ``weights`` (``belief.py``) maps a place (a battle side, a hand, the towers) to a weight per
    value class: those slots are filled first, each from the cards still to deal in proportion to its weight;
    without it, or for any other place, the deal is uniform.
    """
    if not 0 <= seat < NUM_SEATS:
        raise ValueError(f"seat {seat} does not exist; seats are 0, 1, 2")
    r = s.clone()
    bit = 1 << seat
    known = r.known
    att, dfn = list(r.att), list(r.dfn)
    zones: list[tuple[Any, str]] = [(h, place_of_hand(p)) for p, h in enumerate(r.hands)]
    zones += [(t, "tower") for t in r.towers]
    zones += [(att, "attack"), (dfn, "defence")]
    zones += [(z, "") for z in (*r.bags, r.junk)]
    first: list[tuple[list[int], int, int]] = []  # the weighted slots, each with its weights in ``slot_weights``
    slot_weights: list[Sequence[float]] = []
    rest: list[tuple[list[int], int, int]] = []
    for z, place in zones:
        w = weights.get(place) if weights else None
        for i, c in enumerate(z):
            if not known[c] & bit:
                if w is None:
                    rest.append((z, i, known[c]))
                else:
                    first.append((z, i, known[c]))
                    slot_weights.append(w)
    holes = first + rest
    pool = sorted(z[i] for z, i, _ in holes)
    # Sorting first makes the redeal a function of what the seat knows alone: two states it cannot tell apart
    # resample to the same world for the same rng, so a search cannot learn from which one it was given.
    # ``seen`` is each card's own history and stays with the card.
    rng.shuffle(pool)
    for j, w in enumerate(slot_weights):
        _draw_weighted(pool, j, w, rng)
    for (z, i, k), c in zip(holes, pool, strict=True):
        z[i] = c
        known[c] = k
    for h in r.hands:
        h.sort()
    r.att, r.dfn = tuple(att), tuple(dfn)
    r.rng = Rng(rng.next64())
    r._log = redacted_chain(s._log, seat)
    r._history = ()
    return r


def _draw_weighted(pool: list[int], j: int, weights: Sequence[float], rng: Rng) -> None:
    """Swap into ``pool[j]`` one of ``pool[j:]``, drawn in proportion to the weight of its value class."""
    ws = [weights[value_class(c)] for c in pool[j:]]
    x = rng.next64() / 2**64 * sum(ws)
    k = len(ws) - 1
    for i, w in enumerate(ws):
        x -= w
        if x < 0:
            k = i
            break
    pool[j], pool[j + k] = pool[j + k], pool[j]
