"""Count self-destroying choices in self-play of any game (issue 17: zero in 1,000 games at every level).

Every decision of every game is judged on the true state with ``Game.is_self_destroying``: a choice counts when it
destroys the seat (it dies, or loses, before anybody makes another real choice) while some legal action would not.
The agents are the given specs (levels are ``Guarded``); ``heuristic`` alone is the unguarded heuristic. With
``--show`` each such choice is printed with the position (seat's view) it was made in. Each is also judged
from the seat's side: in how many of 128 worlds it cannot tell from the truth the choice destroys it, against the
safest alternative; ``knowable`` counts the choices at least a third riskier than that alternative — a blunder
the seat could have seen — and ``borderline`` those between a quarter and a third (the guard acts from a
quarter, judged on at most 128 other worlds: near its margin the two samples disagree by chance, so the judge keeps a
margin for that noise). The rest were undone by cards the seat could not see, e.g. the attacker's face-down ♠A in
wizard-towers.

``nice python benchmarks/self_destruction.py wizard-towers -n 1000 --agents heuristic,normal,easy --jobs 2``
``nice python benchmarks/self_destruction.py fate --seats 5 -n 1000 --agents heuristic,normal,easy``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import random
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.core.rng import Rng
from tablecraft.lab.simulate import bot_rng

WORLDS = 128
"""Worlds sampled for the seat to judge whether it could have seen a self-destroying choice coming (a risk of a
quarter is estimated to within about ±0.04)."""

KNOWABLE = 1 / 3
"""How much riskier than the safest alternative a choice must be to count as a blunder the seat could see."""

BORDERLINE = 0.25
"""From this much riskier (and below ``KNOWABLE``) a choice is counted as borderline: the guard's own margin."""


def play(args: tuple[str, str, int, dict[str, Any], bool]) -> dict[str, Any]:
    """One self-play game of ``spec``; the self-destroying choices met in it."""
    game_id, spec, seed, options, show = args
    game = tablecraft.load(game_id, **options)
    n = game.num_seats
    agents = [make_agent(spec, game) if spec != "heuristic" else game.make_heuristic() for _ in range(n)]
    rngs = [bot_rng(seed, s) for s in range(n)]
    s = game.new_initial_state(seed)
    found: list[str] = []
    decisions = traps = knowable = borderline = 0
    while not s.is_terminal():
        legal = s.forward_actions()
        if len(legal) == 1:
            s.apply_unchecked(legal[0])
            continue
        seat = s.current_player()
        obs = observe(s)
        a = agents[seat].act(obs, rngs[seat])
        decisions += 1
        if game.is_self_destroying(s, a):
            safe = [b for b in legal if b != a and not game.is_self_destroying(s, b)]
            if safe:
                traps += 1
                # how the seat could have judged it: the share of the worlds it cannot tell apart in which the
                # choice destroys it, against the share for the safest alternative
                worlds = [obs.sample_world(Rng(seed * 1000 + i)) for i in range(WORLDS)]

                def risk(b: Any, worlds: list[Any] = worlds) -> float:
                    return sum(game.is_self_destroying(w, b) for w in worlds) / len(worlds)

                mine, best = risk(a), min(risk(b) for b in legal if b != a)
                if mine >= best + KNOWABLE:
                    knowable += 1
                elif mine >= best + BORDERLINE:
                    borderline += 1
                text = (f"seed {seed} seat {seat} chose {a}; safe: {[str(b) for b in safe]}; "
                        f"risk in the seat's worlds {mine:.2f}, safest alternative {best:.2f}")
                if show:
                    text += "\n" + json.dumps(obs.view)
                found.append(text)
        s.apply_unchecked(a)
    return {"seed": seed, "decisions": decisions, "found": found, "knowable": knowable, "borderline": borderline}


def main() -> None:
    """Play the games per agent spec and print the count of self-destroying choices."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("game", nargs="?", default="wizard-towers")
    p.add_argument("--seats", type=int, default=None, help="number of seats (games with a choice)")
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--agents", default="heuristic")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--show", action="store_true")
    p.add_argument("--option", action="append", default=[], help="key=value game option")
    a = p.parse_args()
    options: dict[str, Any] = {}
    for kv in a.option:
        k, _, v = kv.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else {"true": True, "false": False}.get(v, v)
    if a.seats is not None:
        options["num_seats"] = a.seats
    for spec in a.agents.split(","):
        work = [(a.game, spec, a.seed + i, options, a.show) for i in range(a.n)]
        if a.jobs > 1:
            with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
                results = pool.map(play, work, chunksize=2)
        else:
            results = [play(w) for w in work]
        found = [f for r in results for f in r["found"]]
        for f in found[:20]:
            print(f)
        print(json.dumps({"game": a.game, "options": options, "agent": spec, "games": a.n, "decisions": sum(r["decisions"] for r in results),
                          "self_destroying": len(found),
                          "knowable": sum(r["knowable"] for r in results),
                          "borderline": sum(r["borderline"] for r in results)}), flush=True)


if __name__ == "__main__":
    random.seed(0)
    main()
