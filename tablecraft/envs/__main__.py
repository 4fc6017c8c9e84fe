"""``python -m tablecraft.envs layout GAME [--seats N] [--option name=value …] [--source]``: print the observation
layout of a game (which slice of the vector means what), or the generated encoding function."""

from __future__ import annotations

import argparse
import sys

import tablecraft

from .encoding import ViewEncoder, encoder_for


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    p = argparse.ArgumentParser(prog="python -m tablecraft.envs", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    lay = sub.add_parser("layout", help="print a game's observation layout")
    lay.add_argument("game", help="game id, e.g. wizard-towers")
    lay.add_argument("--seats", type=int, default=None, help="seat count (default: the game's largest)")
    lay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    lay.add_argument("--source", action="store_true", help="print the generated encoding function instead")
    args = p.parse_args(argv)
    options = {}
    for item in args.option:
        name, eq, value = item.partition("=")
        if not eq:
            p.error(f"--option {item!r} must be NAME=VALUE")
        options[name.strip()] = value.strip()
    try:
        game = tablecraft.load(args.game, num_seats=args.seats, **options)
    except tablecraft.TablecraftError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    enc = encoder_for(game)
    if args.source:
        if not isinstance(enc, ViewEncoder):
            print(f"error: {args.game} supplies its own encoder; it has no generated source", file=sys.stderr)
            return 2
        print(enc.source)
    else:
        print(enc.describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
