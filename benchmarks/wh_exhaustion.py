"""wild-hunters: the heuristic team under each reading of the exhaustion loss (option ``exhaustion``, W-6, issue 15).

With ``exhaustion=moment`` (the default) the loss comes the moment a hero's hand and deck fall to 4, so an attack
paid with the last cards loses before it lands; with ``exhaustion=action`` it is checked after each whole action.
This plays the same seeds under both and prints, per arm, the team's wins with their Wilson 95% interval, the
losses to exhaustion, and how many of those came in the middle of paying for an attack on a demon king at 1 life
(a blow that could not have failed to seal him)::

    nice python benchmarks/wh_exhaustion.py -n 300 --seats 3

docs/rules/wild-hunters.md §13 quotes its numbers.
"""

from __future__ import annotations

import argparse
import random
from collections import Counter
from typing import cast

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.games.wild_hunters.state import PENDING_ATTACK, Phase, WildHuntersState
from tablecraft.lab.simulate import wilson_interval

ARMS = ("moment", "action")
"""The default first, then the variant."""


def play(seats: int, exhaustion: str, seed: int, bots: str) -> tuple[str, bool]:
    """One game: its end reason, and whether it was lost paying for a certain final blow."""
    game = tablecraft.load("wild-hunters", num_seats=seats, exhaustion=exhaustion)
    agents = [make_agent(bots, game) for _ in range(seats)]
    rng = random.Random(f"wh-exhaustion:{seed}")
    state = game.new_initial_state(seed=seed)
    s = cast(WildHuntersState, state)  # the same object, for its wild-hunters fields
    while not s.is_terminal():
        seat = s.current_player()
        paying_for_the_blow = s.phase is Phase.PAY and s.pend_kind == PENDING_ATTACK and s.king_hp <= 1
        state.apply(agents[seat].act(observe(state), rng), seat=seat)
        if s.is_terminal():
            return s.end_reason, paying_for_the_blow and s.end_reason == "exhausted"
    return s.end_reason, False


def main() -> None:
    """Play both arms on the same seeds and print one line per arm."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-n", type=int, default=300, help="games per arm (seeds 0 … n−1)")
    p.add_argument("--seats", type=int, default=3)
    p.add_argument("--bots", default="heuristic")
    args = p.parse_args()
    for arm in ARMS:
        reasons: Counter[str] = Counter()
        blows = 0
        for seed in range(args.n):
            reason, blow = play(args.seats, arm, seed, args.bots)
            reasons[reason] += 1
            blows += blow
        wins = reasons["sealed"]
        lo, hi = wilson_interval(wins, args.n)
        print(f"exhaustion={arm:7s} wins {wins}/{args.n} = {wins / args.n:.1%} [{lo:.1%}, {hi:.1%}]; "
              f"exhausted {reasons['exhausted']}, of them paying for a blow on a king at 1 life {blows}; "
              f"other ends {dict((k, v) for k, v in reasons.items() if k not in ('sealed', 'exhausted'))}")


if __name__ == "__main__":
    main()
