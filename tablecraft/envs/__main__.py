"""``python -m tablecraft.envs layout GAME [--seats N] [--option name=value …] [--generic] [--source]``: print the
observation layout of a game (which slice of the vector means what), or the generic encoder's generated encoding
function. ``--generic`` shows the generic encoder even for a game that supplies its own."""

from __future__ import annotations

import argparse
import sys

import tablecraft

from .encoding import ViewEncoder, encoder_for, generic_encoder


def main(argv: list[str] | None = None) -> int:
    """Run the command line; return the exit status."""
    p = argparse.ArgumentParser(prog="python -m tablecraft.envs", description=__doc__)
    sub = p.add_subparsers(dest="command", required=True)
    lay = sub.add_parser("layout", help="print a game's observation layout")
    lay.add_argument("game", help="game id, e.g. wizard-towers")
    lay.add_argument("--seats", type=int, default=None, help="seat count (default: the game's largest)")
    lay.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a game option")
    lay.add_argument("--generic", action="store_true", help="the generic encoder, even if the game has its own")
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
    enc = generic_encoder(game) if args.generic else encoder_for(game)
    if args.source:
        if not isinstance(enc, ViewEncoder):
            print(f"error: {args.game} supplies its own encoder, which has no generated source (add --generic for "
                  "the generic encoder's)", file=sys.stderr)
            return 2
        print(enc.source)
    else:
        print(enc.describe())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
