"""The action base class and the action codec contract.

Every game's actions are frozen dataclasses that carry a fixed integer ``id`` (their index in the game's codec),
print readably with ``str()`` and parse back with the game's ``parse_action`` (python-chess ``Move.uci()`` /
``Move.from_uci``). Equality, hashing and ordering go by ``id``, so ``legal_actions()`` sorted by id is
deterministic and actions can be pre-built once and shared.

A game whose plays are built over several decisions may name one action of its codec ``cancel``: legal only in the
middle of such a build, it takes the seat back to the decision where the build started (nothing of the build was
shown to anyone yet). It is the codec's last action, so adding it to a game gave it a new id and renumbered none,
and a sorted legal list ends with it whenever it is legal (``State.forward_actions`` drops it in O(1)).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

from .errors import InvalidActionError


@dataclass(frozen=True, slots=True, order=False)
class Action:
    """Base of every game action: ``id`` is its fixed index in the game's action codec."""

    id: int = field(compare=True)

    def __lt__(self, other: Action) -> bool:
        return self.id < other.id

    def __hash__(self) -> int:
        return self.id

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Action) and type(other) is type(self) and other.id == self.id


A = TypeVar("A", bound=Action)


class ActionCodec(Generic[A]):
    """A fixed, dense numbering of every action a game can ever offer.

    ``size`` never depends on the state, so agents and RL code can use masks of one fixed length.
    """

    def __init__(self, actions: Sequence[A], cancel: A | None = None) -> None:
        for i, a in enumerate(actions):
            if a.id != i:
                raise ValueError(f"action {a} has id {a.id}, expected {i}")
        self.actions: tuple[A, ...] = tuple(actions)
        self._by_text = {str(a): a for a in self.actions}
        if len(self._by_text) != len(self.actions):
            raise ValueError("two actions print the same text; str(action) must be unique")
        if cancel is not None and (not self.actions or cancel is not self.actions[-1]):
            raise ValueError(f"the cancel action {cancel} must be the codec's last action (the highest id)")
        self.cancel: A | None = cancel
        """The action that takes back a play still being built (see the module docstring), or ``None`` when the
        game has none."""

    @property
    def size(self) -> int:
        """Number of distinct action ids."""
        return len(self.actions)

    def decode(self, action_id: int) -> A:
        """The action with this id."""
        if not 0 <= action_id < len(self.actions):
            raise InvalidActionError(f"action id {action_id} is out of range 0..{len(self.actions) - 1}")
        return self.actions[action_id]

    def encode(self, action: A) -> int:
        """The id of an action."""
        return action.id

    def parse(self, text: str) -> A:
        """The action whose ``str()`` is ``text`` (surrounding spaces and case of the keyword ignored)."""
        t = " ".join(text.split())
        a = self._by_text.get(t) or self._by_text.get(t.lower())
        if a is None:
            raise InvalidActionError(f"{text!r} is not an action of this game")
        return a

    def mask(self, legal: Sequence[A]) -> list[bool]:
        """A list of ``size`` booleans, true at the ids of ``legal``."""
        m = [False] * len(self.actions)
        for a in legal:
            m[a.id] = True
        return m
