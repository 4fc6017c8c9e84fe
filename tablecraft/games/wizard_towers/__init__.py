"""巫师塔 wizard-towers (seed 000): two warriors against a wizard behind three towers.

Modules: ``spec`` (seats, names, options), ``actions`` (decisions and codec), ``rules`` (pure battle arithmetic),
``state`` (the turn procedure), ``view`` (what a seat sees, resampling), ``setup`` (deals and the setup format),
``text`` (Chinese and English wording), ``game`` (the registered ``Game``).
"""

from .game import WizardTowersGame
from .state import Phase, WizardTowersState

__all__ = ["Phase", "WizardTowersGame", "WizardTowersState"]
