"""Wizard-towers play metrics (issue 17): how the bots really play, and who wins, between any agents.

Each seat is an agent spec (``normal``, ``heuristic:noise=0.3``, ``ismcts:iterations=100``, ``random``) or an
outside sparring policy from ``benchmarks/policies/wizard_towers.py`` (``policy:rusher``). With ``--rotate`` the
two agents of a ``--warriors X --wizard Y`` pairing also swap roles (every game is played both ways on the same
seed), so each agent is measured as the warriors and as the wizard.

Measured (from the true state, outside the agents): the warriors' pass rate at their action step and the hand
they held when passing, how often a warrior attacked by the wizard played nothing while he could, how many
warrior deaths came straight after such a refusal, the targets of warrior attacks, the share of games that reach
the turn cap, the wizard's win rate with a Wilson interval, and heuristic decisions per CPU second.

``nice python benchmarks/wizard_towers_play.py -n 300 --warriors normal --wizard normal --jobs 2``
``nice python benchmarks/wizard_towers_play.py -n 200 --warriors policy:rusher --wizard normal``
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

import tablecraft  # noqa: E402
from tablecraft.agents import make_agent, observe  # noqa: E402
from tablecraft.games.wizard_towers.actions import Kind  # noqa: E402
from tablecraft.games.wizard_towers.state import TOWER_ORIGIN, Phase  # noqa: E402
from tablecraft.lab.simulate import bot_rng, wilson_interval  # noqa: E402

WIZARD = 2
TARGETS = ("orange", "blue", "purple", "left", "right", "main")


def agent_for(spec: str, game: Any) -> Any:
    """A make_agent spec, or ``policy:<name>`` from benchmarks/policies/wizard_towers.py."""
    if spec.startswith("policy:"):
        from policies import wizard_towers as policies

        return policies.make(spec.partition(":")[2], game)
    return make_agent(spec, game)


def play(args: tuple[dict[str, Any], list[str], int]) -> dict[str, Any]:
    """Play one game; return its result and the counters of how it was played."""
    options, bots, seed = args
    game = tablecraft.load("wizard-towers", **options)
    agents = [agent_for(b, game) for b in bots]
    rngs = [bot_rng(seed, s) for s in range(3)]
    s = game.new_initial_state(seed)
    m: Counter[str] = Counter()
    refused: set[int] = set()  # warriors who, in the current battle, played nothing though they could
    cpu = 0.0
    while not s.is_terminal():
        seat = s.current_player()
        legal = s.legal_actions()
        if len(legal) == 1:
            s.apply_unchecked(legal[0])
            continue
        t0 = time.process_time()
        a = agents[seat].act(observe(s), rngs[seat])
        cpu += time.process_time() - t0
        m["decisions"] += 1
        ph = s.phase
        if ph is Phase.ACTION and seat != WIZARD:
            m["warrior_actions"] += 1
            if a.kind is Kind.PASS:
                m["warrior_passes"] += 1
                m[f"pass_hand_{min(len(s.hands[seat]), 3)}"] += 1
            elif a.kind in (Kind.ATTACK_SEAT, Kind.ATTACK_TOWER):
                name = TARGETS[a.a] if a.kind is Kind.ATTACK_SEAT else TARGETS[3 + a.a]
                m[f"target_{name}"] += 1
        if ph is Phase.ACTION and seat == WIZARD:
            m["wizard_actions"] += 1
            m[f"wizard_{a.kind.name.lower()}"] += 1
        if s.turn_seat == WIZARD and ph is Phase.DEFEND_CARDS and s.target < TOWER_ORIGIN and not s.dfn:
            m["wizard_attacks_defendable"] += 1
            if a.kind is Kind.DONE:
                m["defended_nothing"] += 1
                refused.add(seat)
        if s.turn_seat == WIZARD and ph is Phase.SUBSTITUTE_OFFER:
            m["substitute_offers"] += 1
            m["substituted"] += a.kind is Kind.SUBSTITUTE
        alive = s.alive[:]
        s.apply_unchecked(a)
        for w in (0, 1):
            if alive[w] and not s.alive[w]:
                m["warrior_deaths"] += 1
                if w in refused or (s.turn_seat == WIZARD and a.kind is Kind.DONE and seat == w):
                    m["deaths_after_refusal"] += 1
        if s.target < 0:
            refused.clear()
    m["turns"] = s.turn
    return {"seed": seed, "bots": bots, "winners": s.winners(), "end": s.end_reason, "m": dict(m), "cpu": cpu}


def summary(records: list[dict[str, Any]], label: str) -> dict[str, Any]:
    """Aggregate metrics of a list of game records."""
    m: Counter[str] = Counter()
    for r in records:
        m.update(r["m"])
    n = len(records)
    wiz = sum(1 for r in records if r["winners"] == [WIZARD])
    warriors = sum(1 for r in records if r["winners"] and r["winners"] != [WIZARD])
    cap = sum(1 for r in records if r["end"] == "turn_cap")
    lo, hi = wilson_interval(wiz, n)
    wa = max(1, m["warrior_actions"])
    return {
        "label": label, "games": n,
        "wizard_wins": wiz, "warrior_wins": warriors, "draws": n - wiz - warriors,
        "wizard_rate": round(wiz / n, 4), "wizard_ci95": [round(lo, 4), round(hi, 4)],
        "turn_cap": cap, "turn_cap_rate": round(cap / n, 4),
        "mean_turns": round(m["turns"] / n, 1),
        "warrior_pass_rate": round(m["warrior_passes"] / wa, 4),
        "pass_hand": {k: m[f"pass_hand_{k}"] for k in range(4)},
        "defended_nothing_rate": round(m["defended_nothing"] / max(1, m["wizard_attacks_defendable"]), 4),
        "warrior_deaths": m["warrior_deaths"], "deaths_after_refusal": m["deaths_after_refusal"],
        "targets": {t: m[f"target_{t}"] for t in TARGETS},
        "wizard": {k[7:]: v for k, v in m.items() if k.startswith("wizard_") and k != "wizard_actions"
                   and k != "wizard_attacks_defendable"},
        "substitute": [m["substituted"], m["substitute_offers"]],
        "decisions_per_cpu_s": round(m["decisions"] / max(1e-9, sum(r["cpu"] for r in records)), 1),
    }


def main() -> None:
    """Play the games and print one JSON summary per pairing."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--warriors", default="normal")
    p.add_argument("--wizard", default="normal")
    p.add_argument("--rotate", action="store_true", help="also play with the two agents' roles swapped")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--option", action="append", default=[], help="key=value game option (e.g. wizard_hp=35)")
    p.add_argument("--out", default=None, help="write the per-game records as JSON lines")
    a = p.parse_args()
    options: dict[str, Any] = {}
    for kv in a.option:
        k, _, v = kv.partition("=")
        options[k] = int(v) if v.lstrip("-").isdigit() else {"true": True, "false": False}.get(v, v)
    pairings = [(a.warriors, a.wizard)]
    if a.rotate and a.warriors != a.wizard:
        pairings.append((a.wizard, a.warriors))
    all_records = []
    for warriors, wizard in pairings:
        bots = [warriors, warriors, wizard]
        work = [(options, bots, a.seed + i) for i in range(a.n)]
        if a.jobs > 1:
            with multiprocessing.get_context("fork").Pool(a.jobs) as pool:
                records = pool.map(play, work, chunksize=4)
        else:
            records = [play(w) for w in work]
        all_records += records
        print(json.dumps(summary(records, f"warriors={warriors} wizard={wizard}")), flush=True)
    if len(pairings) == 2:
        # seat-rotated: each agent's side (the warriors' pair or the wizard) over both pairings, a draw counting half
        x, y = a.warriors, a.wizard
        score = 0.0
        for r in all_records:
            bots = r["bots"]
            x_is_wizard = bots[WIZARD] == x
            if not r["winners"]:
                score += 0.5
            elif (r["winners"] == [WIZARD]) == x_is_wizard:
                score += 1.0
        n = len(all_records)
        lo, hi = wilson_interval(round(score), n)
        print(json.dumps({"rotated": f"{x} against {y}", "games": n, f"{x}_score": round(score / n, 4),
                          "ci95": [round(lo, 4), round(hi, 4)]}), flush=True)
    if a.out:
        with open(a.out, "w") as f:
            for r in all_records:
                f.write(json.dumps(r) + "\n")


if __name__ == "__main__":
    main()
