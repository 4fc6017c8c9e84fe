"""异种族阵营 xeno-faction (seed 001): two players, each with a 54-card deck, fight row against row.

Modules: ``spec`` (seats, card tables, options), ``actions`` (decisions and codec), ``rules`` (pure targeting and
arithmetic), ``state`` (the turn procedure), ``view`` (what a seat sees, resampling), ``setup`` (deals and the
setup format), ``text`` (Chinese and English wording), ``render`` (the terminal board), ``heuristic`` (a rule-of-
thumb agent), ``game`` (the registered ``Game``).
"""

from .game import XenoFactionGame
from .state import Phase, XenoFactionState

__all__ = ["Phase", "XenoFactionGame", "XenoFactionState"]
