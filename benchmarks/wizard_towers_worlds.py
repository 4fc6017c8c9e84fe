"""Why search does not help the wizard-towers warriors: what their sampled worlds get wrong (issue 17).

A diagnostic, not a product: it lets the search see what a player cannot, to find out which hidden cards a
warrior's search misjudges. Two measurements:

``towers``
    Along heuristic self-play, at every ``--every``-th warrior decision, the mean face value of the cards on the
    wizard's towers as they are and as a world resampled for that warrior deals them (``State.resample``, which
    redeals every card the warrior has not seen uniformly among the places it cannot see). The wizard chooses what
    he sets on his towers, so the true towers need not look like a uniform draw.

``oracle``
    ``benchmarks/search_strength.py`` (every argument after ``oracle`` is passed on) with the warriors' worlds
    keeping the truth: ``--keep all`` (the whole true state: perfect information), ``--keep cards`` (the true
    cards of every hand, tower and battle side; the bags and the junk bag redealt) or ``--keep towers`` (the true
    tower cards, everything else redealt as usual). If the searching warrior beats normal with the truth and not
    without it, the sampling of those cards is what holds the search back. Always one process (``--jobs 1``).

::

    nice python benchmarks/wizard_towers_worlds.py towers -n 30
    nice python benchmarks/wizard_towers_worlds.py oracle --keep all -- wizard-towers --role warrior \\
        --spec ismcts:iterations=150:rollout=heuristic:depth=10:prior=heuristic:anchor=heuristic -n 24 --seed 91000
"""

from __future__ import annotations

import argparse
import importlib
import statistics
import sys
from pathlib import Path
from typing import Any

import tablecraft
from tablecraft.core.events import redacted_chain
from tablecraft.core.rng import Rng

sys.path.insert(0, str(Path(__file__).resolve().parent))
from wizard_towers_belief import positions  # noqa: E402

GAME = "wizard-towers"
WIZARD = 2


def tower_values(games: int, every: int) -> dict[str, Any]:
    """Mean tower card value, true and as resampled for the warrior to move, over heuristic self-play."""
    from tablecraft.games.wizard_towers.rules import card_value

    true_means: list[float] = []
    sampled_means: list[float] = []
    for state, seat, worlds in positions(games, every, 0, spec="heuristic"):
        cards = [c for tower in state.towers for c in tower]
        if seat != WIZARD and cards:
            true_means.append(statistics.mean(card_value(c) for c in cards))
            world = state.resample(seat, worlds)
            sampled_means.append(statistics.mean(card_value(c) for tower in world.towers for c in tower))
    return {"games": games, "positions": len(true_means), "true_mean": round(statistics.mean(true_means), 3),
            "sampled_mean": round(statistics.mean(sampled_means), 3)}


def oracle_resample(keep: str) -> Any:
    """A ``resample`` that keeps the truth: all of it, the cards of hands, towers and battle, or the towers'."""
    view = importlib.import_module("tablecraft.games.wizard_towers.view")
    usual = view.resample_for

    def resample(s: Any, seat: int, rng: Rng) -> Any:
        if keep == "all":
            r = s.clone()
            r.rng = Rng(rng.next64())
            r._log = redacted_chain(s._log, seat)
            r._history = ()
            return r
        r = usual(s, seat, rng)
        att, dfn = list(r.att), list(r.dfn)
        pairs = list(zip(s.towers, r.towers, strict=True))
        if keep == "cards":
            pairs += [*zip(s.hands, r.hands, strict=True), (s.att, att), (s.dfn, dfn)]
        for truth, zone in pairs:
            for i, card in enumerate(truth):
                there = zone[i]
                if there == card:
                    continue
                for other in [*r.hands, *r.towers, *r.bags, r.junk, att, dfn]:
                    if card in other:
                        other[other.index(card)] = there
                        break
                zone[i] = card
                # knowledge belongs to the place: the two cards swap places, so they swap masks
                r.known[card], r.known[there] = r.known[there], r.known[card]
        r.att, r.dfn = tuple(att), tuple(dfn)
        for hand in r.hands:
            hand.sort()
        return r

    return resample


def main() -> None:
    """Run one of the two measurements."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="what", required=True)
    towers = sub.add_parser("towers", help="true against sampled tower card values")
    towers.add_argument("-n", type=int, default=30, help="heuristic self-play games (seeds 0…n-1)")
    towers.add_argument("--every", type=int, default=7, help="look at every k-th warrior decision")
    oracle = sub.add_parser("oracle", help="search_strength with worlds that keep the truth")
    oracle.add_argument("--keep", choices=("all", "cards", "towers"), required=True)
    oracle.add_argument("rest", nargs=argparse.REMAINDER, help="search_strength.py's arguments (after --)")
    args = parser.parse_args()
    if args.what == "towers":
        print(tower_values(args.n, args.every))
        return
    game = tablecraft.load(GAME)
    state_class = type(game.new_initial_state(seed=0))
    fake = oracle_resample(args.keep)
    state_class.resample = lambda self, seat, rng: fake(self, seat, rng)  # type: ignore[method-assign]
    strength = importlib.import_module("search_strength")
    rest = [a for a in args.rest if a != "--"]
    # one process: search_strength's workers are spawned and would not inherit the patched resample
    sys.argv = ["search_strength.py", *rest, "--jobs", "1"]
    strength.main()


if __name__ == "__main__":
    main()
