"""Fit the card weights of wizard-towers' belief worlds (``tablecraft/games/wizard_towers/belief.py``, issue 17).

A uniform redeal puts every card a seat has not seen anywhere it cannot see with equal chance; at a real table the
cards one has not seen in a hand are mostly low ones and aces (high cards are played, and a card played is seen).
This plays normal self-play games and, at every ``--every``-th decision, counts the value of each unseen card in
each hidden place — as it truly is, and as ``State.resample`` deals it for the seat to move. Each place's weight
for a value is the true count over the dealt count (add-one smoothed); the places are the wizard's hand, a
warrior's hand, the towers and the face-down cards of a battle, seen from a warrior and from the wizard; a place
met fewer than ``--min-cards`` times stays uniform. It prints ``PLACE_WEIGHTS`` as Python, to
paste into ``belief.py``, and the mean values it matched.

``--check`` instead judges the weights in ``belief.py`` on games they were not fitted on: per place, the mean value
of the unseen cards as they truly are, as a belief world deals them and as a uniform one does, and what a belief
world costs against a uniform one. ``--attacks`` counts how often the normal wizard's attack holds only cards at
least as high as every card left in his hand (the reason for ``belief.attack_with_the_best``).

::

    nice python benchmarks/wizard_towers_belief.py -n 400 --every 2 --seed 0          # fit
    nice python benchmarks/wizard_towers_belief.py --check -n 30 --every 3 --seed 5000  # held-out check
    nice python benchmarks/wizard_towers_belief.py --attacks -n 60 --seed 0
"""

from __future__ import annotations

import argparse
import importlib
import random
import statistics
import time
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


def check(games: int, every: int, seed: int) -> None:
    """Print, per (observer, place), the mean value of the unseen cards: true, in belief worlds, in uniform ones."""
    belief = importlib.import_module("tablecraft.games.wizard_towers.belief")
    kinds = ("true", "belief", "uniform")
    values: dict[tuple[str, str], dict[str, list[int]]] = {}
    spent = {"belief": 0.0, "uniform": 0.0}
    for state, seat, worlds in positions(games, every, seed):
        observer = belief.observer_of(seat)
        start = time.perf_counter()
        by_belief = state.resample_by_belief(seat, worlds)
        spent["belief"] += time.perf_counter() - start
        start = time.perf_counter()
        uniform = state.resample(seat, worlds)
        spent["uniform"] += time.perf_counter() - start
        for kind, s in zip(kinds, (state, by_belief, uniform), strict=True):
            for place, card in belief.unseen_cards(s, seat):
                slot = values.setdefault((observer, place), {k: [] for k in kinds})
                slot[kind].append(belief.CLASS_VALUES[belief.value_class(card)])
    for key in sorted(values):
        means = ", ".join(f"{k} {statistics.fmean(v):.2f}" for k, v in values[key].items() if v)
        print(f"{key}: {len(values[key]['true'])} cards, mean value {means}")
    print(f"a belief world costs {spent['belief'] / max(spent['uniform'], 1e-9):.1f} times a uniform one")


def attacks(games: int, seed: int) -> None:
    """Print the share of the warriors' decisions against the normal wizard's attack at which every attacking
    card is at least as high as every card left in his hand."""
    rules = importlib.import_module("tablecraft.games.wizard_towers.rules")
    belief = importlib.import_module("tablecraft.games.wizard_towers.belief")
    game = tablecraft.load("wizard-towers")
    bot = make_agent("normal", game)
    wizard = importlib.import_module("tablecraft.games.wizard_towers.spec").WIZARD
    total = top = 0
    for g in range(seed, seed + games):
        state: Any = game.new_initial_state(seed=g)
        rng = random.Random(g)
        while not state.is_terminal():
            if belief.facing_the_wizards_attack(state, state.current_player()) and state.hands[wizard]:
                attack = [rules.card_value(c) for c in state.att]
                hand = [rules.card_value(c) for c in state.hands[wizard]]
                total += 1
                top += min(attack) >= max(hand)
            state.apply(bot.act(observe(state), rng))
    print(f"{top} of {total} warrior decisions against the wizard's attack ({top / max(total, 1):.1%}): every "
          f"attacking card at least as high as every card left in his hand")


def main() -> None:
    """Play, count, and print the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("-n", type=int, default=400, help="normal self-play games")
    parser.add_argument("--every", type=int, default=2, help="count at every k-th decision")
    parser.add_argument("--seed", type=int, default=0, help="first game's seed")
    parser.add_argument("--min-cards", type=int, default=1000, help="leave uniform a place seen fewer times")
    mode = parser.add_mutually_exclusive_group()
    mode.add_argument("--check", action="store_true", help="judge belief.py's weights instead of fitting them")
    mode.add_argument("--attacks", action="store_true", help="how often the wizard attacks with his best cards")
    args = parser.parse_args()
    if args.check:
        check(args.n, args.every, args.seed)
        return
    if args.attacks:
        attacks(args.n, args.seed)
        return
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
