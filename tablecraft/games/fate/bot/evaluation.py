"""``Game.evaluate`` for fate: a position's worth to a seat from the full (possibly resampled) state."""

from __future__ import annotations

from typing import Any


def evaluate(state: Any, seat: int) -> float:
    """``seat``'s prospects in [-1, 1]: the result at the end; before, the share of HP and living heroes on its
    side against the others'."""
    if state.is_terminal():
        return float(state.returns()[seat])
    side = sides_of(state, seat)
    mine = theirs = 0.0
    for p in range(state.n):
        worth = (state.hp[p] / max(1, state.maxhp[p]) + 1.0) if state.alive[p] else 0.0
        worth += 0.05 * len(state.hands[p]) if state.alive[p] else 0.0
        if side[p]:
            mine += worth
        else:
            theirs += worth
    total = mine + theirs
    return 0.0 if total <= 0 else max(-1.0, min(1.0, (mine - theirs) / total))


def sides_of(state: Any, seat: int) -> list[bool]:
    """Which seats play on ``seat``'s side in the full state (its faction; a Neutral plays alone)."""
    from ..spec import Identity, Mode

    n = state.n
    if state.mode in (Mode.IDENTITY, Mode.TEAMS):
        me = state.identity[seat]
        if me == Identity.NEUTRAL:
            return [p == seat for p in range(n)]
        return [state.identity[p] == me for p in range(n)]
    return [p == seat for p in range(n)]
