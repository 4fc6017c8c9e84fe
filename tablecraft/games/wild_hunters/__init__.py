"""破魔聖刃—蠻荒獵手 wild-hunters (seed 003): 1–5 heroes hunt a demon king across a hex map, together.

Modules: ``content`` (components as data: elements, tiles, cards, heroes, professions, demon kings, abilities),
``hexmap`` (hex geometry and map generators), ``spec`` (seats and options), ``actions`` (decisions and codec),
``rules`` (pure payment, die and pathing rules), ``state`` (the round procedure), ``view`` (what a seat sees,
resampling), ``setup`` (deals and the setup format), ``text`` (Chinese and English wording), ``game`` (the
registered ``Game``), ``render`` (the terminal board), ``heuristic`` (a team heuristic and evaluation).
"""

from .game import WildHuntersGame
from .state import Phase, WildHuntersState

__all__ = ["Phase", "WildHuntersGame", "WildHuntersState"]
