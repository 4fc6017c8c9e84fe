"""``python -m tablecraft`` runs the command-line tool."""

from .cli import main

main()
