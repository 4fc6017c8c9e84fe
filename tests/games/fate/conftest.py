"""Shared set-up for the fate rule tests.

The helpers live in ``fate_support.py`` beside this file; this conftest makes sure the directory is importable
whatever pytest import mode is used.
"""

from __future__ import annotations

import sys
from pathlib import Path

_HERE = str(Path(__file__).resolve().parent)
if _HERE not in sys.path:
    sys.path.insert(0, _HERE)
