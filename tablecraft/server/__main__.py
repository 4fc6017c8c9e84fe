"""``python -m tablecraft.server``: the ``serve`` command on its own (what the tests start in a subprocess)."""

import typer

from .command import serve

if __name__ == "__main__":
    typer.run(serve)
