"""Fate's bots measured: matches between agents (seat-rotated), the issue-17 habits of heuristic self-play, and
self-destroying moves counted over many games.

Agents are specs of ``tablecraft.agents.make_agent`` (``random``, ``normal``, ``hard``, ``heuristic:noise=0.3`` …),
``raw`` (the fate heuristic without the self-destruction guard) or ``policy:<name>`` (a sparring policy from
``benchmarks/policies/<name>.py``). Every rate is a share of games (or of seats) with a 95% Wilson interval; times
are CPU seconds of this process (the machine is shared, wall time would measure the neighbours).

``python benchmarks/fate_bots.py match --seats 2 -a normal -b random -n 200`` — A against B, A in each seat half the
time (in games of more seats A holds one seat, rotating, and B the rest; results per identity of A's seat).

``python benchmarks/fate_bots.py habits --seats 2 -n 40 -a raw`` — self-play of one agent: self-kills (and what killed),
援护 used for a foe, 灵魂隔断's target against the user's HP, equips that replace a worn item, decisions per second.

``python benchmarks/fate_bots.py selfdestroy --seats 2 -n 1000 -a normal`` — every decision of every seat is checked
with ``Game.is_self_destroying``: how often the agent's final choice destroyed it while a safe action existed (and how
often its inner choice did before the guard stepped in).

``python benchmarks/fate_bots.py speed --seats 5 -n 40 -a hard`` — CPU seconds per decision of an agent (mean, 95th
percentile, max) at every ``--every``-th real decision of heuristic self-play games.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import tablecraft
from tablecraft.agents import Guarded, make_agent, observe
from tablecraft.core.api import Game
from tablecraft.lab.simulate import bot_rng, wilson_interval

POLICIES = Path(__file__).parent / "policies"


def agent_for(spec: str, game: Game[Any]) -> Any:
    """An agent from a spec, ``raw`` or ``policy:<name>``."""
    if spec == "raw":
        return game.make_heuristic()
    if spec.startswith("policy:"):
        name = spec.split(":", 1)[1]
        path = POLICIES / f"{name}.py"
        mod_spec = importlib.util.spec_from_file_location(f"fate_policy_{name}", path)
        assert mod_spec is not None and mod_spec.loader is not None
        mod = importlib.util.module_from_spec(mod_spec)
        sys.modules[mod_spec.name] = mod
        mod_spec.loader.exec_module(mod)
        return mod.make(game)
    return make_agent(spec, game)


def play(game: Game[Any], agents: list[Any], seed: int, check: bool = False) -> tuple[Any, dict[str, int]]:
    """One game; with ``check`` every decision is tested for self-destruction. Returns the final state and counts."""
    state = game.new_initial_state(seed)
    rngs = [bot_rng(seed, s) for s in range(game.num_seats)]
    counts = {"decisions": 0, "destroying": 0, "inner_destroying": 0, "traps": 0}
    while not state.is_terminal():
        seat = state.current_player()
        legal = state.forward_actions()
        if len(legal) == 1:
            state.apply_unchecked(legal[0])
            continue
        counts["decisions"] += 1
        obs = observe(state)
        agent = agents[seat]
        if check:
            inner = agent.inner if isinstance(agent, Guarded) else agent
            unsafe = {a.id for a in legal if game.is_self_destroying(state, a)}
            if unsafe and len(unsafe) < len(legal):
                counts["traps"] += 1
                rng_copy = random.Random()
                rng_copy.setstate(rngs[seat].getstate())
                if inner is not agent and inner.act(obs, rng_copy).id in unsafe:
                    counts["inner_destroying"] += 1
                action = agent.act(obs, rngs[seat])
                if action.id in unsafe:
                    counts["destroying"] += 1
                state.apply_unchecked(action)
                continue
        state.apply_unchecked(agent.act(obs, rngs[seat]))
    return state, counts


def rate(won: int, total: int) -> dict[str, Any]:
    """A share with its Wilson interval."""
    lo, hi = wilson_interval(won, total)
    return {"won": won, "of": total, "rate": round(won / total, 4) if total else None,
            "ci95": [round(lo, 4), round(hi, 4)]}


def cmd_match(args: argparse.Namespace) -> None:
    game: Any = tablecraft.load("fate", num_seats=args.seats, **options(args))
    n = game.num_seats
    a_agent, b_agent = agent_for(args.a, game), agent_for(args.b, game)
    won = total = draws = 0
    by_role: dict[str, list[int]] = {}
    cpu = time.process_time()
    for g in range(args.n):
        seed = args.seed + g
        a_seat = g % n
        agents = [a_agent if s == a_seat else b_agent for s in range(n)]
        state, _ = play(game, agents, seed)
        total += 1
        win = a_seat in state.winners()
        won += win
        draws += not state.winners()
        role = state.roles()[a_seat] if game.mode.name in ("IDENTITY", "TEAMS") else "any"
        tally = by_role.setdefault(role, [0, 0])
        tally[0] += win
        tally[1] += 1
        if args.progress and (g + 1) % args.progress == 0:
            print(json.dumps({"progress": g + 1, "a_wins": won, "cpu_s": round(time.process_time() - cpu, 1)}),
                  file=sys.stderr, flush=True)
    print(json.dumps({"seats": n, "mode": game.mode.name.lower(), "a": args.a, "b": args.b,
                      "a_wins": rate(won, total), "draws": draws,
                      "a_by_role": {r: rate(w, t) for r, (w, t) in sorted(by_role.items())},
                      "cpu_s": round(time.process_time() - cpu, 1)}), flush=True)


def cmd_habits(args: argparse.Namespace) -> None:
    game: Any = tablecraft.load("fate", num_seats=args.seats, **options(args))
    agent = agent_for(args.a, game)
    agents = [agent] * game.num_seats
    out: dict[str, Any] = {"games": 0, "deaths": 0, "self_kills": 0, "self_kill_skills": {}, "decided_by_self_kill": 0,
           "guardian_uses": 0, "guardian_for_foe": 0, "guardian_against_friend_hit": 0, "guardian_for_friend": 0,
           "guardian_for_friend_against_foe_hit": 0,
           "sunders": 0, "sunder_target_above_user": 0,
           "equips": 0, "equips_replacing": 0, "replacements": {}, "decisions": 0, "draws": 0}
    cpu = time.process_time()
    for g in range(args.n):
        state, counts = play(game, agents, args.seed + g)
        out["games"] += 1
        out["decisions"] += counts["decisions"]
        out["draws"] += not state.winners()
        tally_habits(game, state, out)
        tally_sides(state, out)
    spent = time.process_time() - cpu
    for key in ("wins_by_identity", "neutral_wins_by_fate"):
        if key in out:
            out[key] = {k: rate(w, t) for k, (w, t) in sorted(out[key].items())}
    out["replacements"] = dict(sorted(out["replacements"].items(), key=lambda kv: -kv[1])[:12])
    out["decisions_per_cpu_s"] = round(out["decisions"] / spent, 1) if spent else None
    out["cpu_s"] = round(spent, 1)
    out["agent"] = args.a
    out["seats"] = game.num_seats
    print(json.dumps(out), flush=True)


def tally_sides(state: Any, out: dict[str, Any]) -> None:
    """In the identity game: each identity's share of seats that won, and the neutrals' by fate card."""
    if state.mode.name != "IDENTITY":
        return
    from tablecraft.games.fate.content import FATES

    won = set(state.winners())
    fate = FATES[state.fate].code if state.fate >= 0 else "none"
    for seat, role in enumerate(state.roles()):
        tally = out.setdefault("wins_by_identity", {}).setdefault(role, [0, 0])
        tally[0] += seat in won
        tally[1] += 1
        if role == "neutral":
            tally = out.setdefault("neutral_wins_by_fate", {}).setdefault(fate, [0, 0])
            tally[0] += seat in won
            tally[1] += 1


def sides(state: Any) -> list[int]:
    """Each seat's side in the finished game (its faction; a neutral or a duellist alone)."""
    if state.mode.name in ("IDENTITY", "TEAMS"):
        return [i if i != 2 else 10 + s for s, i in enumerate(state.identity)]
    return list(range(state.n))


def tally_habits(game: Game[Any], state: Any, out: dict[str, Any]) -> None:
    """Add one finished game's habits to ``out`` (read from the spectator's log)."""
    side = sides(state)
    last_damage: dict[int, dict[str, Any]] = {}
    redirect: tuple[int, int] | None = None  # the 援护 whose damage event (with its source) comes next
    for e in state.log(None):
        k = e["kind"]
        if k == "damage":
            last_damage[e["seat"]] = e
            if redirect is not None and e["seat"] == redirect[0]:
                g, t = redirect
                src = e.get("source")
                foe_hit = isinstance(src, int) and 0 <= src < len(side) and side[src] != side[g]
                if side[g] != side[t]:
                    out["guardian_against_friend_hit"] += not foe_hit and src != t
                else:
                    out["guardian_for_friend_against_foe_hit"] += foe_hit
                redirect = None
        elif k == "redirected":  # 援护: the guardian takes the damage meant for e["from"]
            out["guardian_uses"] += 1
            g, t = e["seat"], e["from"]
            redirect = (g, t)
            if side[g] != side[t]:
                out["guardian_for_foe"] += 1
            else:
                out["guardian_for_friend"] += 1
        elif k == "sunder":  # after the swap the user holds the target's old HP and the target the user's
            out["sunders"] += 1
            if e["hp"][0] > e["hp"][1]:
                out["sunder_target_above_user"] += 1
        elif k == "equipped":
            out["equips"] += 1
            if e.get("replaced") is not None:
                out["equips_replacing"] += 1
                pair = f'{e["replaced"]}>{e["card"]}'
                out["replacements"][pair] = out["replacements"].get(pair, 0) + 1
        elif k == "died":
            out["deaths"] += 1
            if e["killer"] == e["seat"]:
                out["self_kills"] += 1
                why = last_damage.get(e["seat"], {}).get("parts") or [["?", 0]]
                label = str(why[0][0])
                out["self_kill_skills"][label] = out["self_kill_skills"].get(label, 0) + 1
                if state.mode.name == "DUEL":
                    out["decided_by_self_kill"] += 1


def cmd_selfdestroy(args: argparse.Namespace) -> None:
    game: Any = tablecraft.load("fate", num_seats=args.seats, **options(args))
    agent = agent_for(args.a, game)
    agents = [agent] * game.num_seats
    total = {"games": 0, "decisions": 0, "destroying": 0, "inner_destroying": 0, "traps": 0}
    cpu = time.process_time()
    for g in range(args.n):
        _, counts = play(game, agents, args.seed + g, check=True)
        total["games"] += 1
        for key, v in counts.items():
            total[key] += v
        if args.progress and (g + 1) % args.progress == 0:
            print(json.dumps({"progress": g + 1, **total}), file=sys.stderr, flush=True)
    print(json.dumps({"seats": game.num_seats, "agent": args.a, **total,
                      "cpu_s": round(time.process_time() - cpu, 1)}), flush=True)


def cmd_speed(args: argparse.Namespace) -> None:
    game: Any = tablecraft.load("fate", num_seats=args.seats, **options(args))
    agent = agent_for(args.a, game)
    bot = game.make_heuristic()
    times: list[float] = []
    g = 0
    while len(times) < args.n:
        state = game.new_initial_state(args.seed + g)
        rng = random.Random(args.seed + g)
        g += 1
        step = 0
        while not state.is_terminal() and len(times) < args.n:
            legal = state.forward_actions()
            obs = observe(state)
            if len(legal) > 1:
                step += 1
                if step % args.every == 0:
                    t0 = time.process_time()
                    agent.act(obs, random.Random(step))
                    times.append(time.process_time() - t0)
            state.apply_unchecked(bot.act(obs, rng) if len(legal) > 1 else legal[0])
    times.sort()
    print(json.dumps({"seats": game.num_seats, "agent": args.a, "decisions": len(times),
                      "mean_cpu_s": round(sum(times) / len(times), 4),
                      "p95_cpu_s": round(times[int(0.95 * (len(times) - 1))], 4),
                      "max_cpu_s": round(times[-1], 4)}), flush=True)


def options(args: argparse.Namespace) -> dict[str, Any]:
    """Game options from ``--mode`` and ``--heroes``."""
    out = {"mode": args.mode} if args.mode else {}
    if args.heroes:
        out["heroes"] = args.heroes
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("command", choices=("match", "habits", "selfdestroy", "speed"))
    p.add_argument("--seats", type=int, default=2)
    p.add_argument("--mode", default="")
    p.add_argument("--heroes", default="", help="hero pool (option heroes), e.g. to put 守护骑士 at every table")
    p.add_argument("-a", default="normal")
    p.add_argument("-b", default="random")
    p.add_argument("-n", type=int, default=100)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--progress", type=int, default=0)
    p.add_argument("--every", type=int, default=7, help="speed: time every k-th real decision")
    args = p.parse_args()
    {"match": cmd_match, "habits": cmd_habits, "selfdestroy": cmd_selfdestroy, "speed": cmd_speed}[args.command](args)


if __name__ == "__main__":
    main()
