"""Errors raised by the engine.

Every error is a ``ValueError`` so callers that validate input can catch one family, and every message says
what was wrong and what is allowed instead.
"""

from __future__ import annotations

from collections.abc import Iterable


class TablecraftError(ValueError):
    """Base class of every error the engine raises on bad input."""


class UnknownGameError(TablecraftError):
    """``load()`` was asked for a game id that is not registered."""


class OptionError(TablecraftError):
    """A game option is unknown, of the wrong type or out of its range."""


class SetupError(TablecraftError):
    """A setup (a documented starting position) is malformed or impossible."""


class InvalidActionError(TablecraftError):
    """Text or an id that does not name any action of the game (bad syntax, unknown card, id out of range)."""


class IllegalActionError(TablecraftError):
    """A well-formed action that the rules do not allow in the current state.

    The message names the action and lists what is legal; the state is left unchanged.
    """

    def __init__(self, action: object, legal: Iterable[object], reason: str | None = None) -> None:
        self.action = action
        self.legal = list(legal)
        shown = ", ".join(str(a) for a in self.legal[:40])
        more = f" … and {len(self.legal) - 40} more" if len(self.legal) > 40 else ""
        why = f" ({reason})" if reason else ""
        super().__init__(f"illegal action {action!s}{why}; legal now: {shown}{more}")


class NotYourTurnError(IllegalActionError):
    """An action was submitted for a seat that is not the one to decide now."""


class GameOverError(TablecraftError):
    """An action was submitted after the game ended."""
