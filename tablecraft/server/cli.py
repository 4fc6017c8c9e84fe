"""Registers ``serve`` (see ``command``) on the ``tablecraft`` command-line tool.

``tablecraft/cli.py`` imports this module on its last line; that one line is the whole hook.
"""

from __future__ import annotations

from tablecraft.cli import app

from .command import serve

app.command()(serve)
