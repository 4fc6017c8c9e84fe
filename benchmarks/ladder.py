"""The rating ladder of a game's agents: ``tablecraft lab ladder`` (``tablecraft/lab/ladder.py``, docs/lab.md).

This script forwards its arguments to that command, so ``python benchmarks/ladder.py wizard-towers -n 50 --jobs 2``
and ``python benchmarks/ladder.py wild-hunters --seats 3 --team -n 100`` give the same seat duels, Bradley–Terry
ratings per role and bootstrap intervals over deals.
"""

from __future__ import annotations

import sys

from tablecraft.cli import app


def main() -> None:
    """Run ``tablecraft lab ladder`` with this script's arguments."""
    app(["lab", "ladder", *sys.argv[1:]])


if __name__ == "__main__":
    main()
