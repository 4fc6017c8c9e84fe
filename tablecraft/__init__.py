"""tablecraft: an engine, table and lab for four tabletop games.

>>> import tablecraft
>>> "wizard-towers" in [g.id for g in tablecraft.games()]
True
"""

from . import games as _builtin_games  # noqa: F401  (registers the built-in games)
from .core import (
    TERMINAL,
    Game,
    GameSpec,
    IllegalActionError,
    InvalidActionError,
    OptionError,
    SetupError,
    State,
    TablecraftError,
    UnknownGameError,
    games,
    load,
)

__all__ = [
    "TERMINAL", "Game", "GameSpec", "IllegalActionError", "InvalidActionError", "OptionError", "SetupError",
    "State", "TablecraftError", "UnknownGameError", "games", "load",
]
__version__ = "0.1.0"
