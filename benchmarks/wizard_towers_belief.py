"""Fit the card weights of wizard-towers' belief worlds (``tablecraft/games/wizard_towers/belief.py``, issue 17).

A uniform redeal puts every card a seat has not seen anywhere it cannot see with equal chance; at a real table the
cards one has not seen in a hand are mostly low ones and aces (high cards are played, and a card played is seen).
This plays normal self-play games and, at every ``--every``-th decision, counts the value of each unseen card in
each hidden place — as it truly is, and as ``State.resample`` deals it for the seat to move. Each place's weight
for a value is the true count over the dealt count (add-one smoothed); the places are the wizard's hand, a
warrior's hand, the towers and the face-down cards of a battle, seen from a warrior and from the wizard; a place
met fewer than ``--min-cards`` times stays uniform. It prints ``PLACE_WEIGHTS`` as Python, to
paste into ``belief.py``, and the mean values it matched.

::

    nice python benchmarks/wizard_towers_belief.py -n 400 --every 2 --seed 0
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
from collections import Counter
from collections.abc import Iterator
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.rng import Rng


def positions(games: int, every: int, seed: int, spec: str = "normal") -> Iterator[tuple[Any, int, Rng]]:
    """Every ``every``-th decision of ``games`` self-play games of ``spec`` (seeds ``seed``…): the state, the seat
    to move and a generator for the worlds sampled there."""
    game = tablecraft.load("wizard-towers")
    bot = make_agent(spec, game)
    for g in range(seed, seed + games):
        state: Any = game.new_initial_state(seed=g)
        rng = random.Random(g)
        worlds = Rng(g)
        k = 0
        while not state.is_terminal():
            if k % every == 0:
                yield state, state.current_player(), worlds
            k += 1
            state.apply(bot.act(observe(state), rng))


def tallies(games: int, every: int, seed: int) -> tuple[dict[tuple[str, str], Counter[int]], ...]:
    """True and dealt value counts per (observer, place), over ``games`` normal self-play games."""
    belief = importlib.import_module("tablecraft.games.wizard_towers.belief")
    true: dict[tuple[str, str], Counter[int]] = {}
    dealt: dict[tuple[str, str], Counter[int]] = {}
    for state, seat, worlds in positions(games, every, seed):
        observer = belief.observer_of(seat)
        for counts, s in ((true, state), (dealt, state.resample(seat, worlds))):
            for place, card in belief.unseen_cards(s, seat):
                counts.setdefault((observer, place), Counter())[belief.value_class(card)] += 1
    return true, dealt


def main() -> None:
    """Play, count, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=400, help="normal self-play games")
    parser.add_argument("--every", type=int, default=2, help="count at every k-th decision")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--min-cards", type=int, default=1000, help="leave uniform a place seen fewer times")
    args = parser.parse_args()
    belief = importlib.import_module("tablecraft.games.wizard_towers.belief")
    true, dealt = tallies(args.n, args.every, args.seed)
    true = {key: t for key, t in true.items() if sum(t.values()) >= args.min_cards}
    print("PLACE_WEIGHTS: dict[tuple[str, str], tuple[float, ...]] = {")
    for key in sorted(true):
        t, d = true[key], dealt.get(key, Counter())
        nt, nd = sum(t.values()), sum(d.values())
        weights = [((t[v] + 1) / (nt + 14)) / ((d[v] + 1) / (nd + 14)) for v in range(14)]
        print(f"    {key!r}: ({', '.join(f'{w:.2f}' for w in weights)}),")
    print("}")
    for key in sorted(true):
        t, d = true[key], dealt[key]
        mean_t = statistics.fmean(belief.CLASS_VALUES[v] for v in t.elements())
        mean_d = statistics.fmean(belief.CLASS_VALUES[v] for v in d.elements())
        print(f"# {key}: {sum(t.values())} cards, mean value {mean_t:.2f} true, {mean_d:.2f} dealt uniformly")


if __name__ == "__main__":
    main()
