"""Which of a seat's legal actions lose the game for it, judged from that seat's own information only.

``Game.is_self_destroying`` answers for one full state — the true one holds cards the seat cannot see and the RNG
that decides what chance does next, so asking it about the true state would let a warning tell a player about
hidden cards or a coming die roll. Here the question is put to several worlds the seat cannot tell from the real
one (``State.resample``: hidden cards redealt, a fresh RNG), drawn with a seed made from the seat's own view, so the
answer is a function of what the seat knows: an action is flagged only when it loses in every world. An action
whose outcome hangs on what the seat cannot know is not flagged.

>>> import tablecraft
>>> game = tablecraft.load("xeno-faction")
>>> state = game.new_initial_state(seed=1)
>>> losing_actions(game, state, state.current_player())
set()
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

from tablecraft.core.api import Game, State
from tablecraft.core.rng import Rng

WORLDS = 6
"""Worlds an action must lose in to be flagged."""


def _seed_of(view: Any, seat: int) -> int:
    text = json.dumps(view, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return int.from_bytes(hashlib.sha256(f"{seat}:{text}".encode()).digest()[:8], "big")


def losing_actions(game: Game[Any], state: State[Any], seat: int, worlds: int = WORLDS) -> set[str]:
    """The notations of the legal actions of ``seat`` (the seat to move in ``state``) that lose it the game in
    every one of ``worlds`` worlds consistent with its view. Empty when the seat has a single legal action (no
    choice to warn about)."""
    legal = state.legal_actions()
    if len(legal) < 2 or state.current_player() != seat:
        return set()
    rng = Rng(_seed_of(state.view(seat), seat))
    candidates = list(legal)
    for _ in range(worlds):
        world = state.resample(seat, rng)
        by_id = {str(a): a for a in world.legal_actions()}
        candidates = [a for a in candidates if str(a) in by_id and game.is_self_destroying(world, by_id[str(a)])]
        if not candidates:
            break
    return {str(a) for a in candidates}
