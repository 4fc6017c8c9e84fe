"""宿命 fate (seed 004): the DotA-themed identity game with its 112-card deck, heroes and fate cards.

Modules: ``spec`` (modes, identities, options), ``content`` (card, hero and fate data), ``actions`` (decisions and
codec), ``rules`` (distance, victory arithmetic), ``state`` (fields, the frame loop), ``procedure`` (the turn,
the use pipeline, windows, card and skill hooks), ``view`` (what a seat sees, resampling), ``setup`` (preparation
and the setup format), ``text`` (Chinese and English wording), ``game`` (the registered ``Game``), ``render``
(Rich board), ``heuristic``; ``cardtext`` holds the player-facing names and rules texts.
"""

from .game import FateGame
from .state import F, FateState

__all__ = ["F", "FateGame", "FateState"]
