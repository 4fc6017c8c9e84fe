"""Issue 17's xeno-faction measurements: how games between two agents end and which rules they ever exercise.

Each game is played with the agents named (level or agent specs as ``make_agent`` takes them, or
``policy:<module>.<Class>`` for a sparring policy of ``benchmarks/policies/``, or ``raw:`` / ``raw:key=value`` for the
game's heuristic without the ``Guarded`` belt, or ``file:<path>`` for another version of ``heuristic.py``), seats rotated: seed ``i`` puts the
first agent in seat ``i % 2``. Printed as one JSON object:

- results: wins of each agent with a Wilson interval, draws, the first player's share of decisive games;
- ``lost_by_own_summon``: decisive games whose last blow was the loser's own 分裂新生 special placement (and the
  other self-inflicted endings: own 大王 sweep, clash, 小王 answer);
- ``self_destroying``: decisions where the agent chose an action ``Game.is_self_destroying`` flags (judged on the
  true state) while a safe one existed — the issue wants zero;
- rule coverage: K ①②③, clashes (fight/yield), 小王 on its own turn and in answer, 大王 placements and attacks
  (sweep/direct), splits and special placements, face-card push-outs (and how often a working K is pushed out
  for a J), pairs, extra-zone placements, dispels, 深海时代 wins;
- speed: the agents' decisions per CPU second (``time.process_time`` inside ``act``).

``nice python benchmarks/xf_metrics.py normal normal -n 400 --jobs 2``;
``python benchmarks/xf_metrics.py normal random -n 200``; options with ``-o life=80``.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.machinery
import json
import multiprocessing
import random
import sys
import time
import types
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import tablecraft
from tablecraft.agents import make_agent, observe
from tablecraft.games.xeno_faction.actions import Kind
from tablecraft.games.xeno_faction.spec import RANK, J, K
from tablecraft.lab.simulate import bot_rng, wilson_interval

sys.path.insert(0, str(Path(__file__).resolve().parent))


def build_agent(spec: str, game: Any) -> Any:
    """An agent from a spec, or ``policy:<module>.<Class>`` (a class in ``benchmarks/policies``)."""
    if spec.startswith("raw:"):  # the game's heuristic without the Guarded belt, e.g. raw:summon_margin=8
        params = dict(kv.split("=", 1) for kv in spec[len("raw:"):].split(":") if kv)
        return game.make_heuristic(**{k: _number(v) for k, v in params.items()})
    if spec.startswith("file:"):  # another version of heuristic.py, for A/B runs: file:/tmp/old.py[:key=value]
        path, *kvs = spec[len("file:"):].split(":")
        loader = importlib.machinery.SourceFileLoader(f"xf_version_{abs(hash(path))}", path)
        module = types.ModuleType(loader.name)
        module.__package__ = "tablecraft.games.xeno_faction"
        loader.exec_module(module)
        return module.XenoHeuristic(**{k: _number(v) for k, v in (kv.split("=", 1) for kv in kvs)})
    if spec.startswith("policy:"):
        name, _, cls = spec[len("policy:"):].rpartition(".")
        return getattr(importlib.import_module(f"policies.{name}"), cls)()
    return make_agent(spec, game)


def _number(text: str) -> Any:
    try:
        return int(text)
    except ValueError:
        try:
            return float(text)
        except ValueError:
            return text


def play(args: tuple[str, dict[str, Any], tuple[str, str], int]) -> dict[str, Any]:
    """One game; its result and tallies."""
    game_id, options, bots, seed = args
    game = tablecraft.load(game_id, **options)
    agents = [build_agent(b, game) for b in bots]
    rngs = [bot_rng(seed, s) for s in range(2)]
    s: Any = game.new_initial_state(seed)
    first = s.current_player()
    seat_tally: list[Counter[str]] = [Counter(), Counter()]
    cpu = [0.0, 0.0]
    decisions = [0, 0]
    self_destroying = [0, 0]
    last_mover, last_kind = -1, ""
    while not s.is_terminal():
        seat = s.current_player()
        legal = s.legal_actions()
        if len(legal) == 1:
            a = legal[0]
        else:
            t0 = time.process_time()
            a = agents[seat].act(observe(s), rngs[seat])
            cpu[seat] += time.process_time() - t0
            decisions[seat] += 1
            if game.is_self_destroying(s, a) and any(not game.is_self_destroying(s, b) for b in legal if b != a):
                self_destroying[seat] += 1
        k = a.kind
        tally = seat_tally[seat]
        if k is Kind.REPLACE:
            row = s.p_row
            new = s.faces[seat][row][-1]
            i = s.faces[seat][row].index(a.a)
            working = s.since[seat][row][i] < s.turn
            tally["face_push_out"] += 1
            if RANK[a.a] == K and working and RANK[new] == J:
                tally["working_K_pushed_for_J"] += 1
        elif k is Kind.FACE:
            tally[f"face_{'JQK'[RANK[a.a] - J]}"] += 1
        elif k is Kind.JOKER:
            tally["joker_placed"] += 1
        elif k is Kind.SUMMON:
            tally["summon_card"] += 1
        elif k is Kind.SKIP:
            tally["summon_skip"] += 1
        elif k is Kind.PAIR:
            tally["pair"] += 1
        elif k is Kind.EXTRA:
            tally["extra"] += 1
        elif k is Kind.DISPEL:
            tally["dispel_own" if a.b == 0 else "dispel_opp"] += 1
        elif k is Kind.FIGHT or k is Kind.YIELD:
            tally[f"clash_{k.name.lower()}"] += 1
        elif k is Kind.KNIGHT:
            tally["knight_answer" if s.turn_seat != seat else "knight_own_turn"] += 1
        elif k is Kind.ATTACK:
            if s.joker[seat] == a.a:
                tally["joker_attack_direct" if a.b == 3 else "joker_attack_row"] += 1
            else:
                tally["attack_direct" if a.b == 3 else "attack"] += 1
        elif k is Kind.PASS:
            tally["pass_attack"] += 1
        elif k in (Kind.CHARGE1, Kind.CHARGE2, Kind.CHARGE3):
            tally[f"K_{k.name.lower()}"] += 1
        elif k is Kind.SPLIT:
            tally["split"] += 1
        last_mover, last_kind = seat, k.name.lower()
        s.apply_unchecked(a)
    for e in s.events():
        if e.kind == "clash":
            seat_tally[e.data["attacker"]]["clash"] += 1
    winners = s.winners()
    lost_by = ""
    if len(winners) == 1 and last_mover == 1 - winners[0]:
        lost_by = last_kind  # the loser's own action ended the game
    return {"seed": seed, "bots": bots, "winners": winners, "first": first, "turns": s.turn,
            "end_reason": s.end_reason, "lost_by_own": lost_by, "loser": 1 - winners[0] if len(winners) == 1 else -1,
            "tally": [dict(t) for t in seat_tally], "cpu": cpu,
            "decisions": decisions, "self_destroying": self_destroying, "life": list(s.life)}


def main() -> None:
    """Play the games and print the summary."""
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("x")
    p.add_argument("y")
    p.add_argument("-n", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("-o", "--option", action="append", default=[], help="game option key=value")
    p.add_argument("--per-game", action="store_true", help="also print every game's record")
    args = p.parse_args()
    options: dict[str, Any] = {}
    for kv in args.option:
        key, _, value = kv.partition("=")
        options[key] = value
    game = tablecraft.load("xeno-faction", **options)
    options = dict(game.options)
    work = [("xeno-faction", options, (args.x, args.y) if i % 2 == 0 else (args.y, args.x), args.seed + i)
            for i in range(args.n)]
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            records = list(pool.map(play, work, chunksize=4))
    else:
        records = [play(w) for w in work]
    wins = {args.x: 0, args.y: 0}
    draws = decisive = first_wins = 0
    tally: Counter[str] = Counter()
    by_agent: dict[str, Counter[str]] = {args.x: Counter(), args.y: Counter()}
    ends: Counter[str] = Counter()
    lost_by: Counter[str] = Counter()
    cpu = {args.x: 0.0, args.y: 0.0}
    dec = {args.x: 0, args.y: 0}
    sd = {args.x: 0, args.y: 0}
    turns = 0
    for r in records:
        bots = r["bots"]
        turns += r["turns"]
        ends[r["end_reason"]] += 1
        for seat in (0, 1):
            tally.update(r["tally"][seat])
            by_agent[bots[seat]].update(r["tally"][seat])
            cpu[bots[seat]] += r["cpu"][seat]
            dec[bots[seat]] += r["decisions"][seat]
            sd[bots[seat]] += r["self_destroying"][seat]
        if not r["winners"]:
            draws += 1
            continue
        decisive += 1
        w = r["winners"][0]
        first_wins += w == r["first"]
        if args.x == args.y:
            wins[args.x] += 1
        else:
            wins[bots[w]] += 1
        if r["lost_by_own"]:
            lost_by[f"{bots[r['loser']]}: {r['lost_by_own']}"] += 1
    n = len(records)
    out: dict[str, Any] = {"x": args.x, "y": args.y, "games": n, "options": options, "draws": draws,
                           "decisive": decisive, "mean_turns": round(turns / n, 1), "end_reasons": dict(ends)}
    if args.x != args.y:
        for a in (args.x, args.y):
            lo, hi = wilson_interval(wins[a], n)
            out[f"{a} wins"] = {"wins": wins[a], "rate": round(wins[a] / n, 4), "ci95": [round(lo, 4), round(hi, 4)]}
    lo, hi = wilson_interval(first_wins, decisive) if decisive else (0.0, 0.0)
    out["first_player_wins"] = {"of_decisive": decisive, "wins": first_wins,
                                "rate": round(first_wins / decisive, 4) if decisive else None,
                                "ci95": [round(lo, 4), round(hi, 4)]}
    out["lost_by_own_action"] = dict(lost_by)
    summons = sum(v for k, v in lost_by.items() if k.endswith(": summon"))
    out["lost_by_own_summon_share"] = round(summons / decisive, 4) if decisive else None
    out["self_destroying"] = sd
    out["decisions_per_cpu_s"] = {a: round(dec[a] / cpu[a]) if cpu[a] else None for a in cpu}
    out["tally"] = dict(sorted(tally.items()))
    if args.x != args.y:
        out["tally_by_agent"] = {a: dict(sorted(t.items())) for a, t in by_agent.items()}
    if tally["face_push_out"]:
        out["working_K_pushed_for_J_share"] = round(tally["working_K_pushed_for_J"] / tally["face_push_out"], 4)
    print(json.dumps(out, ensure_ascii=False, indent=1))
    if args.per_game:
        for r in records:
            print(json.dumps(r))


if __name__ == "__main__":
    random.seed(0)
    main()
