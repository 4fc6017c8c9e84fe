"""What the PettingZoo and Gymnasium environments share: the game, its spaces, observations, masks, seeds, and the
rule for illegal actions.

Only the core contract is used (``tablecraft.load``, ``Game``, ``State``, ``view``, ``legal_actions``, the codec,
``returns``), so every registered game gets environments without writing any code.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import Any

import numpy as np
from gymnasium import spaces

from tablecraft.core.api import Game, Json, State
from tablecraft.core.registry import load

from .encoding import Hints, ObservationEncoder, encoder_for, state_observer

MASK_DTYPE = np.int8
"""The action mask's dtype (PettingZoo's classic games use int8 0/1 masks)."""
SEED_BOUND = 2**63
"""Game seeds drawn for unseeded resets lie in ``[0, SEED_BOUND)``."""


class IllegalActionPolicy(StrEnum):
    """What an environment does with an action the rules do not allow now (or an id outside the codec).

    ``lose`` (default, PettingZoo's ``TerminateIllegalWrapper`` convention): the action is never applied; the
    episode ends at once, the offending seat gets reward -1 and the others 0, and the info under
    ``"illegal_action"`` says what was tried and what was legal. ``raise``: ``IllegalActionError`` (or
    ``InvalidActionError`` for an id out of range), the environment unchanged. No environment ever replaces an
    illegal action by another one.
    """

    LOSE = "lose"
    RAISE = "raise"


ILLEGAL_REWARD = -1.0
"""The reward of a seat whose illegal action ended the episode under ``IllegalActionPolicy.LOSE``."""


def resolve_game(game: str | Game[Any], num_seats: int | None, options: Mapping[str, Any] | None) -> Game[Any]:
    """A ``Game`` from a game id (loaded with ``num_seats`` and ``options``) or a game object (taken as is)."""
    if isinstance(game, Game):
        if num_seats is not None and num_seats != game.num_seats or options:
            raise ValueError("pass num_seats and options to tablecraft.load, or pass a game id instead of a Game")
        return game
    return load(game, num_seats=num_seats, **dict(options or {}))


def resolve_encoder(game: Game[Any], encoder: ObservationEncoder | None, hints: Hints | None) -> ObservationEncoder:
    """The encoder given, else the game's own (``make_observation_encoder``) or the generic one (with hints)."""
    if encoder is not None:
        if hints is not None:
            raise ValueError("hints tune the generic encoder; they cannot be combined with an explicit encoder")
        return encoder
    return encoder_for(game, hints)


def observation_space(encoder: ObservationEncoder, action_count: int) -> spaces.Dict:
    """``Dict(observation=Box(float32, encoder bounds), action_mask=Box(int8, 0..1))``."""
    return spaces.Dict({
        "observation": spaces.Box(low=encoder.low.copy(), high=encoder.high.copy(), dtype=np.float32),
        "action_mask": spaces.Box(low=0, high=1, shape=(action_count,), dtype=MASK_DTYPE),
    })


class LegalMemo:
    """The legal actions of the position an environment is at, computed once per position.

    An environment asks for them up to three times a decision (the mask, ``action_masks()``, the check in
    ``step``); the memo is keyed by the state object and the environment's count of moves applied to it.
    """

    __slots__ = ("_state", "_moves", "_legal")

    def __init__(self) -> None:
        self._state: State[Any] | None = None
        self._moves = -1
        self._legal: list[Any] = []

    def get(self, state: State[Any], moves: int) -> list[Any]:
        """``state.forward_actions()`` after ``moves`` moves applied by the environment: a learner is never
        offered ``cancel`` (its id stays in the action space, masked), since stepping back and forth through a
        build would let an episode run forever."""
        if state is not self._state or moves != self._moves:
            self._state, self._moves, self._legal = state, moves, state.forward_actions()
        return self._legal


def action_mask(state: State[Any], seat: int, action_count: int, legal: list[Any] | None = None) -> np.ndarray:
    """1 at the codec id of every legal action when ``seat`` is to move, all 0 otherwise (or when the game is over).

    ``legal`` may pass ``state.forward_actions()`` when already known (``cancel`` is never offered to a learner:
    ``LegalMemo``).
    """
    mask = np.zeros(action_count, dtype=MASK_DTYPE)
    if state.current_player() == seat:
        mask.put([a.id for a in (state.forward_actions() if legal is None else legal)], 1)
    return mask


class Observer:
    """Makes one environment's observations ``{"observation", "action_mask"}`` of a seat.

    The vector comes from the encoder's fastest path (``encode_state`` when it has one, else ``encode`` of the
    seat's view: ``encoding.state_observer``); the mask is a copy of a preallocated zero template with a 1 at each
    legal id. Every observation is a pair of new arrays (a trainer may keep them), but nothing else is built.
    """

    __slots__ = ("_encode", "_zeros")

    def __init__(self, encoder: ObservationEncoder, action_count: int) -> None:
        self._encode = state_observer(encoder)
        self._zeros = np.zeros(action_count, dtype=MASK_DTYPE)

    def __call__(self, state: State[Any], seat: int, legal: Sequence[Any]) -> dict[str, np.ndarray]:
        """The observation of ``seat``; ``legal`` is the legal actions when ``seat`` is to move, else empty."""
        mask = self._zeros.copy()
        if legal:
            mask.put([a.id for a in legal], 1)
        return {"observation": self._encode(state, seat), "action_mask": mask}


def pick_legal(legal: Sequence[Any], actions: Sequence[Any], a: int) -> Any:
    """The action of ``legal`` with codec id ``a`` (``actions`` is the codec's list), or ``None`` if none is.

    Games hand out the codec's own action objects, so membership is usually an identity test in C; an equal
    action with the same id is accepted too.
    """
    if 0 <= a < len(actions):
        x = actions[a]
        if x in legal:
            return x
        for y in legal:
            if y.id == a:
                return y
    return None


def action_id(action: Any) -> int:
    """An action given as an int or a NumPy integer (or 0-d / 1-element array) as a plain ``int``."""
    if type(action) is int:
        return action
    if isinstance(action, np.ndarray):
        if action.size != 1:
            raise ValueError(f"an action is one codec id, got an array of shape {action.shape}")
        action = action.reshape(()).item()
    if isinstance(action, bool) or not isinstance(action, int | np.integer):
        raise TypeError(f"an action is an integer codec id, got {action!r}")
    return int(action)


def illegal_info(game: Game[Any], state: State[Any], a: int) -> Json:
    """The ``"illegal_action"`` info: what was tried and what was legal."""
    tried = str(game.codec.decode(a)) if 0 <= a < game.codec.size else f"id {a} (outside 0..{game.codec.size - 1})"
    return {
        "action": a,
        "text": tried,
        "seat": state.current_player(),
        "legal": [x.id for x in state.forward_actions()],
    }


def final_info(state: State[Any]) -> Json:
    """What the end of a game tells: winners and returns."""
    return {"winners": list(state.winners()), "returns": [float(r) for r in state.returns()]}
