"""One module per hero: its skills as ``Skill`` subclasses (``skills.py``), registered under their codes.

Importing this package registers every hero module present; ``implemented_heroes`` lists the heroes whose every
skill (in a text set) has its hooks.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..content import HEROES, hero_skills
from ..skills import SKILLS

for _mod in sorted(m.name for m in pkgutil.iter_modules(__path__)):
    importlib.import_module(f"{__name__}.{_mod}")


def implemented_heroes(texts: str) -> list[int]:
    """Indexes of the heroes whose skills all have hooks under the text set ``texts``."""
    return [h for h in range(len(HEROES)) if all(sk.code in SKILLS for sk in hero_skills(h, texts))]
