"""Registers ``serve`` and ``verify-deal`` (see ``command``) on the ``tablecraft`` command-line tool.

``tablecraft/cli.py`` imports this module on its last line; that one line is the whole hook.
"""

from __future__ import annotations

from tablecraft.cli import app

from .command import serve, verify_deal

app.command()(serve)
app.command("verify-deal")(verify_deal)
