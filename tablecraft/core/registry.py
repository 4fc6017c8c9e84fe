"""The game registry: ``register`` a game class, ``load`` it by id with options, list ``games()``."""

from __future__ import annotations

from typing import Any

from .api import Game, GameSpec
from .errors import UnknownGameError

_GAMES: dict[str, type[Game[Any]]] = {}


def register(game_cls: type[Game[Any]]) -> type[Game[Any]]:
    """Register a game class under ``game_cls.spec.id`` (usable as a decorator)."""
    gid = game_cls.spec.id
    if gid in _GAMES and _GAMES[gid] is not game_cls:
        raise ValueError(f"game id {gid!r} is registered twice")
    _GAMES[gid] = game_cls
    return game_cls


def game_class(game_id: str) -> type[Game[Any]]:
    """The class registered as ``game_id``; ``UnknownGameError`` listing the known ids otherwise."""
    try:
        return _GAMES[game_id]
    except KeyError:
        known = ", ".join(sorted(_GAMES)) or "none"
        raise UnknownGameError(f"unknown game {game_id!r}; registered games: {known}") from None


def load(game_id: str, num_seats: int | None = None, **options: Any) -> Game[Any]:
    """A game with its options fixed; unknown games and options raise a clear error."""
    return game_class(game_id)(num_seats=num_seats, **options)


def games() -> list[GameSpec]:
    """Specs of every registered game, sorted by id."""
    return [_GAMES[k].spec for k in sorted(_GAMES)]
