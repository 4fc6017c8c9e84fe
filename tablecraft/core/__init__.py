"""The shared engine: the game contract, actions, events, RNG, cards and the registry. Never imports a game."""

from .actions import Action, ActionCodec
from .api import TERMINAL, Game, GameSpec, OptionSpec, State
from .errors import (
    GameOverError,
    IllegalActionError,
    InvalidActionError,
    NotYourTurnError,
    OptionError,
    SetupError,
    TablecraftError,
    UnknownGameError,
)
from .events import ALL_SEATS, Event
from .registry import games, load, register
from .rng import Rng

__all__ = [
    "ALL_SEATS", "TERMINAL", "Action", "ActionCodec", "Event", "Game", "GameOverError", "GameSpec",
    "IllegalActionError", "InvalidActionError", "NotYourTurnError", "OptionError", "OptionSpec", "Rng",
    "SetupError", "State", "TablecraftError", "UnknownGameError", "games", "load", "register",
]
