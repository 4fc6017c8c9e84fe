"""``tablecraft lab``: tournaments, comparisons and balance searches for game designers (a typer sub-app).

Importing this module registers the ``lab`` command group on ``tablecraft.cli.app`` (``tablecraft/cli.py``
imports it on its last line). Everything goes through the public game contract, so every registered game —
present or future — works without changes here.

Examples (``docs/lab.md`` explains each)::

    tablecraft lab run wizard-towers --agents heuristic,random -n 600 --report out/wt.html
    tablecraft lab run wizard-towers --agents random --until-ci 0.02
    tablecraft lab run wizard-towers --vary wizard_hp=120,150,180 -n 600
    tablecraft lab run wizard-towers --compare "substitute=joint" "substitute=alone" -n 1000
    tablecraft lab run --resume 3 -n 600
    tablecraft lab balance wizard-towers --param wizard_hp --role wizard --target 0.5 --agents heuristic
    tablecraft lab show 3 --report out/run3.html
    tablecraft lab export 3 --out games.jsonl
    tablecraft lab list
    tablecraft lab ladder wizard-towers -n 50 --jobs 2
    tablecraft lab ladder wild-hunters --seats 3 --team -n 100
    tablecraft lab tune wizard-towers -p wizard_hp=20..150 -p warrior_hp=50..150 -g role:wizard=0.5 --trials 20
    tablecraft lab skill wizard-towers --levels random,easy,normal -n 100 --report out/wt-skill.html
    tablecraft lab quality xeno-faction -n 100 --agents normal --json out/xf-quality.json
    tablecraft lab quality xeno-faction life=30 -n 100 --agents normal --report out/xf-quality.html
    tablecraft lab content wild-hunters --seats 5 --agents normal -n 200 --jobs 2
    tablecraft lab content wizard-towers --agents normal,random -n 600 --report out/wt-content.html
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from enum import Enum, StrEnum
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

import tablecraft.cli as base_cli
from tablecraft.agents import make_agent
from tablecraft.agents.levels import DEFAULT_LEVEL
from tablecraft.core.api import Json
from tablecraft.core.errors import TablecraftError

from . import content as content_lab
from . import quality
from .backends import Backend, make_backend
from .budget import strongest_level
from .ladder import DEFAULT_BOOTSTRAP, DEFAULT_PRIOR, PAIRS, collect_duels, ladder_seatings, ladder_summary
from .report import COVERAGE_LIFT, render_content_html, render_quality_html, render_skill_html, write_report
from .runner import (
    DEFAULT_MAX_GAMES,
    DEFAULT_UNTIL_CI_START,
    ArmState,
    Lab,
    agent_entry,
    comparisons,
    document,
    parse_assignments,
    parse_vary,
    product_arms,
)
from .skill import SKILL_LEVELS, skill_document, skill_seatings
from .store import Run, Store
from .tournament import make_seatings, parse_agents, seat_label
from .tune import DEFAULT_CONFIRM, DEFAULT_TRIALS, deals_for, parse_goal, parse_param, tune

DEFAULT_GAMES = 100
"""Games per arm of a new run when neither ``-n`` nor ``--until-ci`` is given."""

lab_app = typer.Typer(
    name="lab",
    help="The designers' lab: tournaments, comparisons, balance search, reports. / 设计师实验室：锦标赛、对比、平衡搜索、报告。",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)
# ``app`` seen through Any: mypy cannot infer its type across the import cycle with tablecraft.cli
_cli_module: Any = base_cli
_cli_module.app.add_typer(lab_app, name="lab")


class Seating(StrEnum):
    """``--seating`` choices (see ``tournament``)."""

    all = "all"
    rotate = "rotate"
    fixed = "fixed"


class BackendName(StrEnum):
    """``--backend`` choices."""

    local = "local"
    ray = "ray"


# shared options
AgentsOpt = Annotated[str | None, typer.Option(
    "--agents", "-a", help="Agent specs or levels, comma-separated (default: normal, or with --budget the strongest "
    "level that fits): random,easy,hard,ismcts:iterations=200. / 智能体或难度，逗号分隔。")]
BudgetOpt = Annotated[float | None, typer.Option(
    "--budget", help="Without --agents: play the strongest level whose games (with --until-ci: the first batch) fit in this many CPU seconds (on the "
    "workers), estimated by timing each level on a few positions first. / 时间预算（秒），选可承受的最强难度。",
    metavar="SECONDS")]
SeatingOpt = Annotated[Seating, typer.Option(
    help="Seat rotation: all (every agent in every seat, every mix), rotate (cyclic shifts), fixed (as listed). "
    "/ 轮换座位方式。")]
SeedOpt = Annotated[int, typer.Option(help="Seed of the first deal; deal j uses seed+j. / 起始种子。")]
UntilOpt = Annotated[float | None, typer.Option(
    "--until-ci", help="Keep playing until every headline 95% interval's half-width is at most this (e.g. 0.02). "
    "/ 直到所有置信区间半宽不超过此值。")]
MaxGamesOpt = Annotated[int, typer.Option(help="--until-ci stops an arm at this many games. / 每组最多局数。")]
JobsOpt = Annotated[int | None, typer.Option(
    "--jobs", "-j", help="Local worker processes (default: every core; 1 = in this process). / 本地进程数。")]
BackendOpt = Annotated[BackendName, typer.Option(help="local (process pool) or ray. / 执行后端。")]
AddressOpt = Annotated[str | None, typer.Option(
    help="Ray cluster address for --backend ray: auto, ray://head:10001 (default: start a local Ray). / Ray 地址。")]
ShipOpt = Annotated[bool, typer.Option(
    "--ray-ship-code", help="Send this tablecraft package to the Ray workers (py_modules). / 把代码发给 Ray 节点。")]
ChunkOpt = Annotated[int | None, typer.Option(help="Games per batch (default: sized to the workers). / 每批局数。")]
DbOpt = Annotated[str, typer.Option(
    help="Database: an SQLite file path or a SQLAlchemy URL (postgresql+psycopg://…). / 数据库。")]
ResumeOpt = Annotated[int | None, typer.Option(
    help="Continue run RUN_ID from the database (with -n more games or --until-ci). / 继续已有的运行。",
    metavar="RUN_ID")]
ReportOpt = Annotated[Path | None, typer.Option(
    help="Write the HTML report here (and its JSON beside it). / HTML 报告路径。")]
JsonOpt = Annotated[Path | None, typer.Option("--json", help="Write the report's JSON here. / JSON 路径。")]
KeepOpt = Annotated[bool, typer.Option(
    "--keep-actions", help="Store every game's actions too (replayable; a bigger database). / 保存每局行动。")]
QuietOpt = Annotated[bool, typer.Option("--quiet", "-q", help="No progress bar or tables. / 安静模式。")]


# ------------------------------------------------------------------------------------------------ helpers
def _fail(message: str) -> NoReturn:
    Console(stderr=True, highlight=False, soft_wrap=True).print(Text(f"Error: {message}", style="bold red"))
    raise typer.Exit(base_cli.EXIT_USER_ERROR)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Mistakes in what was typed (checked before any game is played) → one line and exit status 2."""
    try:
        yield
    except (base_cli.UserError, TablecraftError, ValueError) as e:
        _fail(str(e))
    except KeyError as e:
        _fail(str(e.args[0]) if e.args else str(e))


def _command_line(ctx: typer.Context) -> str:
    """The command as one shell line that runs it again: ``tablecraft lab NAME``, its arguments and every option
    not left at its default (the line a report shows)."""
    words = ["tablecraft", "lab", ctx.info_name or ""]
    arguments: list[str] = []

    def text(v: Any) -> str:
        return str(v.value) if isinstance(v, Enum) else str(v)

    for param in ctx.command.params:
        value = ctx.params.get(param.name or "")
        # typer keeps its own copy of click: its parameters are told apart by their type names, not classes
        if param.param_type_name == "argument":
            arguments += [text(v) for v in (value if isinstance(value, list | tuple) else [value]) if v is not None]
            continue
        if value is None or value == param.default or (isinstance(value, list | tuple) and not value):
            continue
        if isinstance(value, Enum) and text(value) == text(param.default):
            continue
        flag = param.opts[0]  # as the command declares it first (-n, --agents)
        if getattr(param, "is_flag", False):
            # a flag away from its default: on by its name, off by its --no- form
            off = getattr(param, "secondary_opts", None) or [flag]
            words.append(flag if value else off[0])
            continue
        for v in value if isinstance(value, list | tuple) else [value]:
            words += [flag, text(v)]
    return shlex.join(words[:3] + arguments + words[3:])


def _open_store(db: str) -> Store:
    try:
        return Store.open(db)
    except Exception as e:  # a bad URL or an unreachable server: say which
        raise base_cli.UserError(f"cannot open the database {db!r}: {e}") from None


def _backend(backend: BackendName, jobs: int | None, address: str | None, ship: bool) -> Backend:
    if jobs is not None and jobs < 1:
        raise base_cli.UserError("--jobs must be at least 1")
    if backend is BackendName.ray:
        try:
            import ray  # noqa: F401
        except ImportError:
            raise base_cli.UserError("--backend ray needs Ray: pip install 'tablecraft[ray]'") from None
        try:
            return make_backend(backend.value, jobs, address, ship)
        except Exception as e:  # unreachable cluster, refused authentication, bad address: say which, no trace
            where = address or "a new local instance"
            raise base_cli.UserError(f"cannot start Ray on {where}: {type(e).__name__}: {e}") from None
    return make_backend(backend.value, jobs, address, ship)


def _progress(con: Console, quiet: bool) -> Progress:
    return Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                    TimeRemainingColumn(), console=con, transient=False, disable=quiet)


def _wire(lab: Lab, progress: Progress, description: str) -> None:
    task = progress.add_task(description, total=0)

    def planned(n: int) -> None:
        current = progress.tasks[task].total or 0
        progress.update(task, total=current + n)

    lab.on_planned = planned
    lab.on_done = lambda k: progress.advance(task, k)


def _play(con: Console, lab: Lab, run: Run, db: str, quiet: bool, action: Any) -> None:
    """Run ``action()`` with a progress bar; on Ctrl-C say what is stored and how to resume, exit 130."""
    progress = _progress(con, quiet)
    _wire(lab, progress, f"{run.game_id} · run {run.id}")
    try:
        with progress:
            action()
    except KeyboardInterrupt:
        lab.backend.abort()
        stored = sum(n for r, n in lab.store.runs() if r.id == run.id)
        con.print(Text(f"Interrupted: {stored} games of run {run.id} are stored in {lab.store.url}.", style="yellow"))
        con.print(Text(f"Finish it with: tablecraft lab {run.kind if run.kind in ('balance', 'ladder', 'skill') else 'run'} "
                       f"--resume {run.id} --db {db}"))
        raise typer.Exit(base_cli.EXIT_INTERRUPTED) from None
    finally:
        lab.backend.close()


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(ci: Any) -> str:
    return f"[{_pct(ci[0])}, {_pct(ci[1])}]"


def print_arm(con: Console, arm: ArmState) -> None:
    """The headline tables of one arm."""
    s = arm.tally.summary(arm.game)
    table = Table(title=f"{arm.label}: {s['games']} games from {s['deals']} deals", title_justify="left")
    for col in ("", "games", "wins", "win rate", "95% CI (by deal)"):
        table.add_column(col, justify="left" if not col else "right")
    for r in s["seats"]:
        table.add_row(seat_label(r["seat"], r["name"]), str(r["games"]), str(r["wins"]), _pct(r["rate"]), _ci(r["ci"]))
    if not s["roles_are_seats"]:
        for r in s["roles"]:
            table.add_row(f"role {r['role']}", str(r["games"]), str(r["wins"]), _pct(r["rate"]), _ci(r["ci"]))
    for r in s["agent_rates"]:
        table.add_row(f"agent {r['agent']}", str(r["games"]), str(r["wins"]), _pct(r["rate"]), _ci(r["ci"]))
    d = s["draws"]
    table.add_row("draws", str(d["games"]), str(d["wins"]), _pct(d["rate"]), _ci(d["ci"]))
    con.print(table)
    if s["incomplete_deals"]:
        con.print(Text(f"Left out: {s['incomplete_deals']} deals not yet played under every seating "
                       f"({s['games_left_out']} games); resume the run to complete them.", style="yellow"))
    fp = s["first_player"]
    if fp is not None:
        sig = "significant" if fp["significant"] else "not significant"
        con.print(f"First player: {_pct(fp['rate'])} vs other seats {_pct(fp['others']['rate'])}: "
                  f"advantage {100 * fp['advantage']:+.1f} pp, p = {fp['p_value']:.3g} ({sig}, {fp['test']}).")
        same = fp["same_role"]
        if same:
            sig = "significant" if same["significant"] else "not significant"
            con.print(f"  against seats of its own role {_pct(same['others']['rate'])}: "
                      f"{100 * same['advantage']:+.1f} pp, p = {same['p_value']:.3g} ({sig}).")
    dec, turns = s["length"]["decisions"], s["length"]["turns"]
    if dec:
        line = (f"Length: {dec['mean']:.1f} decisions (median {dec['median']:.0f}, "
                f"p10–p90 {dec['p10']:.0f}–{dec['p90']:.0f}, max {dec['max']})")
        if turns:
            line += f"; {turns['mean']:.1f} turns (max {turns['max']})"
        con.print(line + ".")
    end = s["end"]
    if end["reasons"]:
        con.print("Ends: " + ", ".join(f"{r} {c}" for r, c in end["reasons"].items())
                  + f"; length cap {end['length_cap']['count']}, stalemates {end['stalemates']['count']}.")
    cov = s["coverage"]
    fired = sum(1 for k in cov["kinds"] if k["games"])
    line = f"Coverage: {fired} event kinds fired"
    if cov["declared"] is not None:
        line += f" of {len(cov['declared'])} documented"
    con.print(line + ".")
    if cov["never_fired"]:
        con.print(Text("Never fired: " + ", ".join(cov["never_fired"]), style="bold red"))
    if cov["setup_only"]:
        con.print("Only from a designed setup (not expected here): " + ", ".join(cov["setup_only"]) + ".")


def print_comparisons(con: Console, arms: list[ArmState]) -> None:
    """The difference tables of a comparison."""
    comps = comparisons(arms)
    for comp in comps:
        table = Table(title=f"{comp['b']} against {comp['a']}", title_justify="left")
        for col in ("rate", comp["a"], comp["b"], "difference", "95% CI", "deals", "p", "p (Holm)", "significant"):
            table.add_column(col, justify="left" if col == "rate" else "right")
        for r in comp["rows"]:
            lo, hi = r["ci"]
            table.add_row(r["label"], _pct(r["a"]["rate"]), _pct(r["b"]["rate"]), f"{100 * r['difference']:+.1f} pp",
                          f"[{100 * lo:+.1f}, {100 * hi:+.1f}]", str(r["deals"] if r["deals"] is not None else "—"),
                          f"{r['p_value']:.3g}", f"{r['p_holm']:.3g}",
                          Text("yes", style="bold red") if r["significant"] else Text("no"))
        con.print(table)
    if comps:
        family = comps[0]["correction"]["family"]
        con.print(f"Paired on deals (McNemar; clustered McNemar when a deal holds several games); significant = "
                  f"Holm-adjusted p < 0.05 over all {family} rows.")


def _finish(con: Console, lab: Lab, run: Run, db: str, report: Path | None, json_out: Path | None, quiet: bool,
            params: dict[str, Any], balance: Any = None) -> None:
    run = lab.store.run(run.id)
    arms = lab.arms(run)
    if not quiet:
        if balance is None:
            for arm in arms:
                print_arm(con, arm)
            print_comparisons(con, arms)
        else:
            print_balance(con, balance)
    if report is not None or json_out is not None:
        doc = document(run, arms, lab.store, balance, params)
        for path in write_report(doc, report, json_out):
            con.print(f"Wrote {path}")
    if run.kind == "balance":
        con.print(f"Run {run.id} in {lab.store.url}; report again with: tablecraft lab show {run.id} --db {db}")
    else:
        con.print(f"Run {run.id} in {lab.store.url}; extend it with: tablecraft lab run --resume {run.id} "
                  f"--db {db} -n <more games>")


def _answer_ci(b: Any) -> str:
    ci = b.get("estimate_interval")
    if not ci:
        return ""
    end = f", at the range's end in {ci['at_range_end']} of {ci['resamples']}" if ci["at_range_end"] else ""
    return f", 95% CI [{ci['ci'][0]:.1f}, {ci['ci'][1]:.1f}] by bootstrap over {ci['deals']} deals{end}"


def print_balance(con: Console, b: Any) -> None:
    """The measured curve and the answer of a balance search."""
    table = Table(title=f"Balance: {b['metric']} against {b['param']} (target {_pct(b['target'])})",
                  title_justify="left")
    for col in (b["param"], "games", "wins", "win rate", "95% CI (by deal)"):
        table.add_column(col, justify="right")
    for p in b["points"]:
        table.add_row(str(p["value"]), str(p["games"]), str(p["wins"]), _pct(p["rate"]), _ci(p["ci"]))
    con.print(table)
    if b["bracketed"]:
        con.print(Text(f"{b['param']} = {b['best']} (interpolated {b['estimate']:.1f}{_answer_ci(b)}; bracket "
                       f"{b['bracket'][0]}–{b['bracket'][1]}); values whose interval holds the target: "
                       f"{', '.join(map(str, b['fair_values'])) or 'none'}.", style="bold"))
    else:
        con.print(Text(f"The target is outside {b['lo']}..{b['hi']}: widen the range (nearer end: {b['best']}).",
                       style="bold red"))


# --------------------------------------------------------------------------------------------- commands
def _default_agents(con: Console, game: str, option: list[str] | None, seats: int | None, budget: float | None,
                    games: int, workers: int, quiet: bool) -> tuple[str, Json | None]:
    """The agents of a run that names none: ``normal`` in every seat, or with ``budget`` the strongest level
    that fits it (``budget.strongest_level``), said on the console and stored with the run."""
    if budget is None:
        return DEFAULT_LEVEL, None
    g = base_cli.load_game(game, base_cli.parse_options(option), seats)
    if not quiet:
        con.print(Text(f"Timing the levels on a few positions of {g.spec.id} to fit {budget:g} s …", style="dim"))
    try:
        choice = strongest_level(g, budget, games, workers)
    except ValueError as e:
        raise base_cli.UserError(str(e)) from None
    estimates = ", ".join(f"{level} {seconds:.2g} s/game" for level, seconds in choice.estimates.items())
    if not quiet:
        verdict = (f"level {choice.level}: about {choice.estimated_seconds:.0f} s of CPU for {games} games on "
                   f"{workers} worker(s)" if choice.fits else
                   f"no level fits {budget:g} s for {games} games; playing random")
        con.print(Text(f"{verdict} ({estimates})", style="bold" if choice.fits else "yellow"))
    return choice.level, {"budget": budget, "level": choice.level, "fits": choice.fits,
                          "estimated_seconds": choice.estimated_seconds, "seconds_per_game": choice.estimates}


@lab_app.command("run")
def run_cmd(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")] = None,
    variants: Annotated[list[str] | None, typer.Argument(
        metavar="VARIANT", help="With --compare: option sets key=value[,key=value] to compare. / 对比的变体。")] = None,
    agents: AgentsOpt = None,
    budget: BudgetOpt = None,
    seating: SeatingOpt = Seating.all,
    n: Annotated[int | None, typer.Option("-n", "--num-games", help=(
        f"Games per arm (default {DEFAULT_GAMES}; with --resume: more games, default 0 = finish what was asked; "
        "with --until-ci: the first batch); rounded up to whole deals. / 局数。"))] = None,
    until_ci: UntilOpt = None,
    max_games: MaxGamesOpt = DEFAULT_MAX_GAMES,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    vary: Annotated[str | None, typer.Option(
        help="One option over several values: wizard_hp=120,150,180. / 参数扫描。")] = None,
    compare: Annotated[bool, typer.Option(
        "--compare", help="Compare the VARIANT arguments side by side (one variant: the base options against it). "
        "/ 并排对比变体。")] = False,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    chunk: ChunkOpt = None,
    db: DbOpt = "lab.sqlite",
    resume: ResumeOpt = None,
    report: ReportOpt = None,
    json_out: JsonOpt = None,
    keep_actions: KeepOpt = False,
    quiet: QuietOpt = False,
) -> None:
    """Tournament with seat rotation; variants and parameter values side by side. / 锦标赛与变体对比。"""
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        if until_ci is not None and not 0 < until_ci < 0.5:
            raise base_cli.UserError(f"--until-ci must be between 0 and 0.5, got {until_ci}")
        if n is not None and n < 0:
            raise base_cli.UserError("-n cannot be negative")
        store = _open_store(db)
        if resume is not None:
            if agents is not None or budget is not None or variants or vary or compare or option or seats is not None:
                raise base_cli.UserError("a resumed run keeps its game, options, agents and arms; give only -n, "
                                         "--until-ci and how to run (--jobs, --backend, --report …)")
            run = store.run(resume)
            if run.kind == "tune":
                raise base_cli.UserError(f"run {run.id} is a tuning: give its tablecraft lab tune command again (it "
                                         "reuses the stored games)")
            if run.kind in ("balance", "ladder", "skill"):
                raise base_cli.UserError(f"run {run.id} is a {run.kind} run: resume it with tablecraft lab {run.kind} "
                                         f"--resume {run.id}")
            if game is not None and game != run.game_id:
                raise base_cli.UserError(f"run {run.id} plays {run.game_id}, not {game}")
            if n is None and until_ci is None:
                n = 0  # complete what the run was asked for before it was interrupted
        else:
            if game is None:
                raise base_cli.UserError("name a game (tablecraft games lists them) or --resume a run")
            if variants and not compare:
                raise base_cli.UserError(f"unexpected arguments {' '.join(variants)}: variants need --compare")
            if compare and not variants:
                raise base_cli.UserError("--compare needs at least one VARIANT such as substitute=alone")
            variant_maps = [parse_assignments(v) for v in variants or []]
            if compare and len(variant_maps) == 1:
                variant_maps.insert(0, {})
            varied = parse_vary(vary) if vary else None
            arms = product_arms(varied, variant_maps) if (varied or variant_maps) else []
            if variant_maps and not variant_maps[0]:
                arms = [("base" if label == "default" else label, o) for label, o in arms]
            kind = "compare" if compare else "vary" if varied else "run"
            if n is None and until_ci is None:
                n = DEFAULT_GAMES
            lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), keep_actions, chunk)
            chosen = None
            if agents is None:
                agents, chosen = _default_agents(con, game, option, seats, budget,
                                                 # with --until-ci the first batch: later rounds cannot be known
                                                 (n or DEFAULT_UNTIL_CI_START) * max(1, len(arms)),
                                                 lab.backend.workers, quiet)
            elif budget is not None:
                raise base_cli.UserError("--budget chooses the level when --agents is not given; give one of them")
            run = lab.create_run(
                game, agents, n, seed, base_cli.parse_options(option), seats, seating.value, arms,
                kind=kind, params={"vary": {"param": varied[0], "values": varied[1]} if varied else None,
                                   "compare": variants or None, "until_ci": until_ci, "command": params,
                                   "level_choice": chosen})
        if resume is not None:
            lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), keep_actions, chunk)
    arm_states = lab.arms(run)
    if not quiet:
        con.print(Text(f"Run {run.id}: {run.game_id}, agents {', '.join(run.agents)}, {len(run.seatings)} seating(s), "
                       f"{len(arm_states)} arm(s) → {lab.store.url}", style="bold"))
    _play(con, lab, run, db, quiet, lambda: lab.extend(run, arm_states, n, until_ci, max_games))
    _finish(con, lab, run, db, report, json_out, quiet, params)


@lab_app.command("balance")
def balance_cmd(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")] = None,
    param: Annotated[str | None, typer.Option(help="Integer option to tune, e.g. wizard_hp. / 要调的整数参数。")] = None,
    role: Annotated[str | None, typer.Option(help="Whose win rate: a role (wizard). / 角色。")] = None,
    seat: Annotated[int | None, typer.Option(
        help="…or a seat, by its index from 0 (the rate seat:N; tables print it from 1: --seat 0 is seat 1). / "
             "或座位编号（从 0 起；表格从 1 起显示，--seat 0 即 1号位）。")] = None,
    agent: Annotated[str | None, typer.Option(help="…or an agent spec. / 或智能体。")] = None,
    target: Annotated[float, typer.Option(help="Target win rate. / 目标胜率。")] = 0.5,
    lo: Annotated[int | None, typer.Option(help="Lowest value (default: half the default). / 下限。")] = None,
    hi: Annotated[int | None, typer.Option(help="Highest value (default: twice the default). / 上限。")] = None,
    step: Annotated[int, typer.Option(help="Resolution of the answer. / 步长。")] = 1,
    games_per_point: Annotated[int, typer.Option(help="Games at each measured value. / 每点局数。")] = 600,
    max_points: Annotated[int, typer.Option(help="Most values measured. / 最多测量点数。")] = 12,
    until_ci: UntilOpt = None,
    agents: AgentsOpt = None,
    seating: SeatingOpt = Seating.all,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    chunk: ChunkOpt = None,
    db: DbOpt = "lab.sqlite",
    resume: ResumeOpt = None,
    report: ReportOpt = None,
    json_out: JsonOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Find the parameter value that gives a role (seat, agent) its target win rate. / 平衡搜索。"""
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        store = _open_store(db)
        if resume is not None:
            run = store.run(resume)
            if run.kind != "balance":
                raise base_cli.UserError(f"run {run.id} is not a balance search (it is a {run.kind})")
            search = dict(run.params["search"])
        else:
            if game is None or param is None:
                raise base_cli.UserError("name a game and --param (or --resume a balance run)")
            chosen = [x for x in (role, seat, agent) if x is not None]
            if len(chosen) != 1:
                raise base_cli.UserError("say whose win rate to balance: exactly one of --role, --seat, --agent")
            metric = f"role:{role}" if role is not None else f"seat:{seat}" if seat is not None else f"agent:{agent}"
            g = base_cli.load_game(game, base_cli.parse_options(option), seats)
            spec = g.spec.option(param)
            if spec.type is not int:
                raise base_cli.UserError(f"--param {param} is a {spec.type.__name__} option; the search needs an "
                                         "integer one")
            default = g.options[param]
            low = lo if lo is not None else max(spec.min if spec.min is not None else 0, default // 2)
            high = hi if hi is not None else min(spec.max if spec.max is not None else 2 * default, 2 * default)
            spec.coerce(low)
            spec.coerce(high)
            if not low < high:
                raise base_cli.UserError(f"the range {low}..{high} is empty: give --lo below --hi")
            if not 0 < target < 1:
                raise base_cli.UserError("--target must be between 0 and 1")
            if games_per_point < 1 or max_points < 3 or step < 1:
                raise base_cli.UserError("--games-per-point and --step must be at least 1, --max-points at least 3")
            if role is not None:
                known = set(g.new_initial_state(seed).roles())
                if role not in known:
                    raise base_cli.UserError(f"{g.spec.id} has no role {role!r}; roles: {', '.join(sorted(known))}")
            if seat is not None and not 0 <= seat < g.num_seats:
                shown = ", ".join(f"{s} = {seat_label(s, g.seat_name(s))}" for s in range(g.num_seats))
                raise base_cli.UserError(f"--seat {seat} does not exist: --seat takes an index from 0 ({shown})")
            search = {"param": param, "metric": metric, "target": target, "lo": low, "hi": high, "step": step,
                      "games_per_point": games_per_point, "until_ci": until_ci, "max_points": max_points}
            lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), False, chunk)
            run = lab.create_run(game, agents or DEFAULT_LEVEL, games_per_point, seed, base_cli.parse_options(option),
                                 seats, seating.value, [], kind="balance", params={"search": search, "command": params})
            if agent is not None and agent not in run.agents:
                raise base_cli.UserError(f"agent {agent!r} does not play in this run: {', '.join(run.agents)}")
        if resume is not None:
            lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), False, chunk)
    if not quiet:
        con.print(Text(f"Run {run.id}: balance {search['param']} in {search['lo']}..{search['hi']} for "
                       f"{search['metric']} = {_pct(search['target'])}, agents {', '.join(run.agents)}", style="bold"))
    result: dict[str, Any] = {}

    def action() -> None:
        result.update(lab.balance(run, search["param"], search["metric"], search["target"], search["lo"],
                                  search["hi"], search["games_per_point"], search["until_ci"], search["step"],
                                  search["max_points"]))

    _play(con, lab, run, db, quiet, action)
    run = lab.store.update_params(run, {**run.params, "result": result})
    _finish(con, lab, run, db, report, json_out, quiet, params, balance=result)


DEFAULT_LADDER = "random,easy,normal,hard,expert"
"""The agents of a ladder unless ``--agents`` names others: every difficulty level and the random player."""

LADDER_DEALS = 20
"""Deals of a new ladder when ``-n`` is not given."""


class Pairs(StrEnum):
    """``lab ladder --pairs`` choices (see ``tablecraft.lab.ladder``)."""

    all = "all"
    adjacent = "adjacent"
    star = "star"


assert tuple(p.value for p in Pairs) == PAIRS


def ladder_json(run: Run, lab: Lab, bootstrap: int, prior: float) -> Any:
    """The ladder's answer (``ladder.ladder_summary``) from the games ``run`` has stored."""
    params = run.params["ladder"]
    arm = lab.store.arms(run)[0]
    duels = collect_duels(run.agents, run.seatings, lab.store.games(arm), team=params["team"])
    summary = ladder_summary(duels, reference=run.agents.index(params["reference"]), prior=prior,
                             bootstrap=bootstrap, seed=run.seed)
    return {"format": "tablecraft-ladder/1", "run": run.id, "game": run.game_id, "seats": run.seats,
            "options": run.options, "team": params["team"], "pairs": params["pairs"], **summary}


def print_ladder(con: Console, doc: Any) -> None:
    """The ladder's tables: ratings overall and per role, and each pair's duel score."""
    mode = "teams" if doc["team"] else f"pairs: {doc['pairs']}"
    head = (f"{doc['game']} ladder, {doc['seats']} seats ({mode}): {doc['deals']} deals, {doc['games']} games, "
            f"{doc['duels']} duels; Elo with {doc['reference']} at 0, 95% bootstrap intervals over deals")
    sections = [("all seats", doc["overall"])] + [(f"role {r}", t) for r, t in doc["roles"].items()]
    if doc["team"]:
        sections = sections[:1]
    con.print(Text(head, style="bold"))
    for label, table in sections:
        t = Table(title=f"ratings, {label}", title_justify="left")
        for col in ("agent", "Elo", "95% CI", "duels"):
            t.add_column(col, justify="left" if col == "agent" else "right")
        for r in table["ratings"]:
            t.add_row(r["agent"], f"{r['elo']:+.0f}", f"[{r['ci'][0]:+.0f}, {r['ci'][1]:+.0f}]", f"{r['duels']:.0f}")
        con.print(t)
        if table["pairs"]:
            p = Table(title=f"duel scores ({label})", title_justify="left")
            for col in ("pair", "duels", "score of the first", "95% CI"):
                p.add_column(col, justify="left" if col == "pair" else "right")
            for row in table["pairs"]:
                lo, hi = row["ci"]
                style = "green" if lo > 0.5 else "red" if hi < 0.5 else ""
                p.add_row(f"{row['a']} – {row['b']}", f"{row['duels']:.0f}", _pct(row["score_a"]),
                          Text(f"[{_pct(lo)}, {_pct(hi)}]", style=style))
            con.print(p)


@lab_app.command("ladder")
def ladder_cmd(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")] = None,
    agents: Annotated[str | None, typer.Option(
        "--agents", "-a", help=f"Agents to rate, comma-separated, weakest first (default {DEFAULT_LADDER}). "
        "/ 参与评级的智能体。")] = None,
    n: Annotated[int | None, typer.Option("-n", "--deals", help=(
        f"Deals to play (default {LADDER_DEALS}; with --resume: more deals, default 0 = finish what was asked); "
        "every seating plays each deal. / 牌局数。"))] = None,
    team: Annotated[bool, typer.Option(
        "--team", help="Co-operative game: each agent plays every seat of its own game on the same deals. "
        "/ 合作模式。")] = False,
    pairs: Annotated[Pairs, typer.Option(help="Which pairs meet: all, adjacent (in the listed order) or star "
                                              "(each against --reference). / 对阵方式。")] = Pairs.all,
    reference: Annotated[str | None, typer.Option(
        help="The agent rated 0 (and the centre of --pairs star); default normal if listed, else the first. "
        "/ 参照智能体。")] = None,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    bootstrap: Annotated[int, typer.Option(help="Bootstrap rounds over deals for the intervals. / 自助法轮数。")]
    = DEFAULT_BOOTSTRAP,
    prior: Annotated[float, typer.Option(help="Drawn duels added to each pair that met (keeps 100% finite). "
                                              "/ 先验平局数。")] = DEFAULT_PRIOR,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    chunk: ChunkOpt = None,
    db: DbOpt = "lab.sqlite",
    resume: ResumeOpt = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the ladder's JSON here (default out/ladder-GAME-Np.json). / JSON 路径。")] = None,
    quiet: QuietOpt = False,
) -> None:
    """Rate agents against each other (Bradley–Terry, per role, bootstrap intervals over deals). / 评级天梯。

    Every pair of agents duels seat by seat on the same deals (each alone in a seat against the other), or, with
    --team, each agent plays whole co-operative games; the duels give Bradley–Terry ratings on the Elo scale.
    See tablecraft.lab.ladder and docs/lab.md.
    """
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        if bootstrap < 1:
            raise base_cli.UserError("--bootstrap must be at least 1")
        if prior < 0:
            raise base_cli.UserError("--prior cannot be negative")
        if n is not None and n < 0:
            raise base_cli.UserError("-n cannot be negative")
        store = _open_store(db)
        # one game per batch by default: search games are long, and an interruption then loses the least
        lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), False,
                  chunk if chunk is not None or backend is BackendName.ray else 1)
        if resume is not None:
            if agents is not None or option or seats is not None or team or reference is not None:
                raise base_cli.UserError("a resumed ladder keeps its game, options, agents and pairs; give only -n "
                                         "and how to run (--jobs, --backend, --json …)")
            run = store.run(resume)
            if run.kind != "ladder":
                raise base_cli.UserError(f"run {run.id} is not a ladder (it is a {run.kind})")
            if game is not None and game != run.game_id:
                raise base_cli.UserError(f"run {run.id} plays {run.game_id}, not {game}")
            more = n or 0
        else:
            if game is None:
                raise base_cli.UserError("name a game (tablecraft games lists them) or --resume a ladder")
            listed = [a.strip() for a in (agents or DEFAULT_LADDER).split(",") if a.strip()]
            if len(set(listed)) != len(listed) or len(listed) < 2:
                raise base_cli.UserError("a ladder needs at least two different agents")
            ref = reference if reference is not None else ("normal" if "normal" in listed else listed[0])
            if ref not in listed:
                raise base_cli.UserError(f"the reference {ref!r} is not one of the agents: {', '.join(listed)}")
            g = base_cli.load_game(game, base_cli.parse_options(option), seats)
            chosen = ladder_seatings(len(listed), g.num_seats, pairs.value, listed.index(ref), team)
            run = lab.create_run(game, listed, None, seed, base_cli.parse_options(option), seats,
                                 "ladder", kind="ladder", seatings=chosen,
                                 params={"ladder": {"team": team, "pairs": pairs.value, "reference": ref},
                                         "command": params})
            more = LADDER_DEALS if n is None else n
    arm_state = lab.arms(run)[0]
    if not quiet:
        con.print(Text(f"Run {run.id}: {run.game_id} ladder of {', '.join(run.agents)}, {len(run.seatings)} "
                       f"seatings per deal → {lab.store.url}", style="bold"))
    target = lab.deals(run, arm_state) + more
    _play(con, lab, run, db, quiet, lambda: lab.play_to(run, [(arm_state, target)]))
    doc = ladder_json(lab.store.run(run.id), lab, bootstrap, prior)
    doc["command"] = params
    if not quiet:
        print_ladder(con, doc)
    path = json_out or Path("out") / f"ladder-{run.game_id}-{run.seats}p.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as e:
        _fail(f"cannot write {path}: {e.strerror or e}")
    con.print(f"Wrote {path}")
    con.print(f"Run {run.id} in {lab.store.url}; more deals with: tablecraft lab ladder --resume {run.id} --db {db} "
              "-n <more deals>")


SKILL_DEALS = 50
"""Deals of a new skill curve when ``-n`` is not given."""


def skill_json(run: Run, lab: Lab) -> Any:
    """The skill curve (``skill.skill_document``) from the games ``run`` has stored."""
    arm = lab.arms(run)[0]
    doc = skill_document(arm.game, run.agents, lab.store.games(arm.arm), run={"id": run.id, "seed": run.seed})
    doc["command"] = run.params.get("command")
    return doc


def print_skill(con: Console, doc: Any) -> None:
    """The skill curve as a table: one row per rate, one column per level, and the change from the weakest to
    the strongest level (Holm-corrected; marked where the rate moves with skill)."""
    levels = doc["levels"]
    seats = f"{doc['seats']} seat" + ("s" if doc["seats"] != 1 else "")
    con.print(Text(f"{doc['game']} skill curve, {seats}: {doc['deals']} deals per level, each seat "
                   "played by the level; 95% intervals clustered by deal", style="bold"))
    if doc["incomplete_deals"]:
        con.print(Text(f"{doc['incomplete_deals']} deals not played at every level are left out", style="yellow"))
    t = Table(title="win rate by level", title_justify="left")
    t.add_column("rate", justify="left")
    for level in levels:
        t.add_column(level["id"], justify="right")
    if len(levels) >= 2:
        t.add_column(f"{levels[-1]['id']} − {levels[0]['id']}", justify="right")
        t.add_column("p (Holm)", justify="right")
    for m in doc["metrics"]:
        row: list[Any] = [m["name"]] + [f"{_pct(p['rate'])} {_ci(p['ci'])}" for p in m["points"]]
        change = m.get("change")
        if change is not None:
            lo, hi = change["ci"]
            text = f"{100 * change['difference']:+.1f} pp [{100 * lo:+.1f}, {100 * hi:+.1f}]"
            row += [Text(text, style="bold yellow" if change["moves_with_skill"] else ""), f"{change['p_holm']:.3g}"]
        t.add_row(*row)
    con.print(t)
    if any(m.get("steps") for m in doc["metrics"]):
        s = Table(title="level to level (paired on deals, Holm over every step of every rate)", title_justify="left")
        s.add_column("rate", justify="left")
        for step in doc["metrics"][0]["steps"]:
            s.add_column(f"{step['from']} → {step['to']}", justify="right")
        for m in doc["metrics"]:
            cells: list[Any] = [m["name"]]
            for step in m.get("steps", []):
                lo, hi = step["ci"]
                text = f"{100 * step['difference']:+.1f} pp [{100 * lo:+.1f}, {100 * hi:+.1f}] p {step['p_holm']:.2g}"
                cells.append(Text(text, style="bold yellow" if step["moves"] else ""))
            s.add_row(*cells)
        con.print(s)
    cov = doc.get("coverage")
    if cov:
        for level, dead in zip(cov["levels"], cov["dead"], strict=True):
            con.print(Text(f"dead rules at {level}: " + (", ".join(dead) if dead else "none"),
                           style="red" if dead else ""))
    firsts = [(p["level"], p["first_player_advantage"]) for p in doc["per_level"] if p["first_player_advantage"]]
    if firsts:
        f = Table(title="first mover against the other seats, by level", title_justify="left")
        for col in ("level", "against", "advantage", "95% CI", "p"):
            f.add_column(col, justify="left" if col in ("level", "against") else "right")
        for level, a in firsts:
            f.add_row(level, a.get("against", "other seats"), f"{100 * a['difference']:+.1f} pp", f"[{100 * a['ci'][0]:+.1f}, {100 * a['ci'][1]:+.1f}]",
                      Text(f"{a['p_value']:.3g}", style="bold yellow" if a["significant"] else ""))
        con.print(f)


@lab_app.command("skill")
def skill_cmd(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")] = None,
    levels: Annotated[str | None, typer.Option(
        "--levels", "-a", help=f"Levels or agent specs, weakest first (default {','.join(SKILL_LEVELS)}). "
        "/ 难度等级，由弱到强。")] = None,
    n: Annotated[int | None, typer.Option("-n", "--deals", help=(
        f"Deals to play at every level (default {SKILL_DEALS}; with --resume: more deals). / 每个等级的牌局数。"))]
    = None,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    chunk: ChunkOpt = None,
    db: DbOpt = "lab.sqlite",
    resume: ResumeOpt = None,
    report: ReportOpt = None,
    json_out: JsonOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Balance as a function of skill: every rate at every level, on the same deals. / 技能曲线：各等级下的平衡。

    Each level plays every seat of its own games (self-play) on the same deals; each role, seat, first-mover and
    draw rate is shown per level, and the strongest level is compared with the weakest, paired on deals and
    Holm-corrected, so a designer sees whether an imbalance is in the game or in the players. See
    tablecraft.lab.skill and docs/lab.md.
    """
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        if n is not None and n < 0:
            raise base_cli.UserError("-n cannot be negative")
        store = _open_store(db)
        lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), False,
                  chunk if chunk is not None or backend is BackendName.ray else 1)
        if resume is not None:
            if levels is not None or option or seats is not None:
                raise base_cli.UserError("a resumed skill curve keeps its game, options and levels; give only -n "
                                         "and how to run (--jobs, --backend, --report …)")
            run = store.run(resume)
            if run.kind != "skill":
                raise base_cli.UserError(f"run {run.id} is not a skill curve (it is a {run.kind})")
            if game is not None and game != run.game_id:
                raise base_cli.UserError(f"run {run.id} plays {run.game_id}, not {game}")
            more = n or 0
        else:
            if game is None:
                raise base_cli.UserError("name a game (tablecraft games lists them) or --resume a skill curve")
            listed = [a.strip() for a in (levels or ",".join(SKILL_LEVELS)).split(",") if a.strip()]
            if len(set(listed)) != len(listed) or not listed:
                raise base_cli.UserError("name each level once, weakest first: e.g. --levels random,easy,normal")
            g = base_cli.load_game(game, base_cli.parse_options(option), seats)
            run = lab.create_run(game, listed, None, seed, base_cli.parse_options(option), seats, "skill",
                                 kind="skill", seatings=skill_seatings(len(listed), g.num_seats),
                                 params={"command": params})
            more = SKILL_DEALS if n is None else n
    arm_state = lab.arms(run)[0]
    if not quiet:
        con.print(Text(f"Run {run.id}: {run.game_id} skill curve over {', '.join(run.agents)} → {lab.store.url}",
                       style="bold"))
    target = lab.deals(run, arm_state) + more
    _play(con, lab, run, db, quiet, lambda: lab.play_to(run, [(arm_state, target)]))
    doc = skill_json(lab.store.run(run.id), lab)
    doc["command"] = params
    if not quiet:
        print_skill(con, doc)
    written = []
    try:
        if report is not None:
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(render_skill_html(doc), encoding="utf-8")
            written.append(report)
        path = json_out or (report.with_suffix(".json") if report is not None else
                            Path("out") / f"skill-{run.game_id}-{run.seats}p.json")
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
        written.append(path)
    except OSError as e:
        _fail(f"cannot write {e.filename}: {e.strerror or e}")
    for path in written:
        con.print(f"Wrote {path}")
    con.print(f"Run {run.id} in {lab.store.url}; more deals with: tablecraft lab skill --resume {run.id} --db {db} "
              "-n <more deals>")


def print_tune(con: Console, doc: Any) -> None:
    """The tuning's tables: the best candidates of the search, their confirmation on fresh deals, and the winner
    with each goal's verdict."""
    goals = doc["goals"]
    con.print(Text(f"{doc['game']}: tuned {', '.join(doc['params'])} toward {'; '.join(g['text'] for g in goals)} — "
                   f"{len(doc['trials'])} trials of {doc['deals_per_trial']} deals, agents {', '.join(doc['agents'])}",
                   style="bold"))
    t = Table(title="best candidates of the search", title_justify="left")
    for col in ["trial", "setting", "loss"] + [g["metric"] for g in goals]:
        t.add_column(col, justify="left" if col == "setting" else "right")
    for row in sorted(doc["trials"], key=lambda r: (r["loss"], r["trial"]))[:10]:
        t.add_row(str(row["trial"]), _setting(row["setting"]), f"{row['loss']:.4f}",
                  *[f"{_pct(row['rates'][g['metric']]['rate'])}" for g in goals])
    con.print(t)
    if doc["confirmed"]:
        c = Table(title=f"confirmed on {doc['confirm_deals']} fresh deals", title_justify="left")
        for col in ["setting", "search loss", "loss"] + [g["metric"] for g in goals]:
            c.add_column(col, justify="left" if col == "setting" else "right")
        for row in doc["confirmed"]:
            c.add_row(_setting(row["setting"]), f"{row['search_loss']:.4f}", f"{row['loss']:.4f}",
                      *[f"{_pct(row['rates'][g['metric']]['rate'])} {_ci(row['rates'][g['metric']]['ci'])}"
                        for g in goals])
        con.print(c)
    best = doc["best"]
    con.print(Text(f"best: {_setting(best['setting'])}", style="bold green"))
    for g in best["goals"]:
        style = {"met": "green", "within noise": "yellow", "missed": "red"}[g["verdict"]]
        con.print(Text(f"  {g['text']}: {_pct(g['rate'])} {_ci(g['ci'])} — {g['verdict']}", style=style))


def lab_game(run: Run) -> Any:
    """The game a stored run plays (its options and seats)."""
    return base_cli.load_game(run.game_id, dict(run.options), run.seats)


def _setting(setting: Any) -> str:
    return ", ".join(f"{k}={v}" for k, v in setting.items())


@lab_app.command("tune")
def tune_cmd(
    ctx: typer.Context,
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")]
    = None,
    param: Annotated[list[str] | None, typer.Option(
        "--param", "-p", help="An option to tune: name=low..high (wizard_hp=20..150) or name=a|b (repeatable). "
        "/ 要调的参数（可重复）。")] = None,
    goal: Annotated[list[str] | None, typer.Option(
        "--goal", "-g", help="A rate and its target: role:wizard=0.5 or role:wizard=0.45..0.55 (repeatable). "
        "/ 目标胜率（可重复）。")] = None,
    trials: Annotated[int, typer.Option(help="Candidate settings to measure. / 候选设置数。")] = 0,
    games: Annotated[int, typer.Option(help="Games per candidate (rounded up to whole deals). / 每个候选的局数。")]
    = 200,
    confirm: Annotated[int, typer.Option(help="Best candidates measured again on fresh deals. / 复核的候选数。")]
    = 0,
    confirm_games: Annotated[int | None, typer.Option(
        help="Games of each confirmation, on deals the search never saw (default 4 × --games). / 复核局数。")] = None,
    agents: AgentsOpt = None,
    seating: SeatingOpt = Seating.all,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    chunk: ChunkOpt = None,
    db: DbOpt = "lab.sqlite",
    resume: ResumeOpt = None,
    json_out: JsonOpt = None,
    quiet: QuietOpt = False,
) -> None:
    """Tune several options at once toward goals (Optuna TPE; the best confirmed on fresh deals). / 多参数调优。

    Each candidate setting is an arm of one run, played on the same deals; the best few are played again on deals
    the search never saw, and the winner is reported with intervals and a verdict per goal. --resume RUN_ID
    finishes an interrupted tuning: the search asks the same settings again and plays only the games missing.
    See tablecraft.lab.tune and docs/lab.md.
    """
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        store = _open_store(db)
        if resume is not None:
            if param or goal or agents is not None or option or seats is not None or game is not None:
                raise base_cli.UserError("a resumed tuning keeps its game, options, agents, parameters and goals; "
                                         "give only how to run (--jobs, --backend, --json …)")
            run = store.run(resume)
            if run.kind != "tune":
                raise base_cli.UserError(f"run {run.id} is not a tuning (it is a {run.kind})")
            asked = run.params["tune"]
            game, param, goal, seed = run.game_id, asked["params"], asked["goals"], run.seed
            trials, games, confirm, confirm_games = (asked["trials"], asked["games"], asked["confirm"],
                                                     asked["confirm_games"])
        if game is None:
            raise base_cli.UserError("name a game (tablecraft games lists them) or --resume a tuning")
        if not param or not goal:
            raise base_cli.UserError("give at least one --param (name=low..high) and one --goal (rate=target)")
        trials = trials or DEFAULT_TRIALS
        confirm = confirm or DEFAULT_CONFIRM
        g = (base_cli.load_game(game, base_cli.parse_options(option), seats) if resume is None else
             lab_game(run))
        try:
            space = [parse_param(p, g) for p in param]
            goals = [parse_goal(x) for x in goal]
        except (ValueError, KeyError) as e:
            raise base_cli.UserError(str(e).strip("'\"")) from None
        if len({p.name for p in space}) != len(space):
            raise base_cli.UserError("each --param may be named once")
        # the rates a goal may name: every seat, every role dealt in the first deals, draws, the first mover
        known = {f"role:{r}" for j in range(20) for r in g.new_initial_state(seed + j).roles()}
        known |= {f"seat:{s}" for s in range(g.num_seats)} | {"draws", "first_player"}
        for x in goals:
            if x.metric not in known and not x.metric.startswith("agent:"):
                raise base_cli.UserError(f"--goal {x.metric}: no such rate; rates: {', '.join(sorted(known))}")
        if trials < 1 or games < 1 or confirm < 1 or (confirm_games is not None and confirm_games < 0):
            raise base_cli.UserError("--trials, --games and --confirm must be at least 1, --confirm-games 0 or more")
        lab = Lab(store, _backend(backend, jobs, address, ray_ship_code), False, chunk)
        if resume is None:
            run = lab.create_run(game, agents or DEFAULT_LEVEL, games, seed, base_cli.parse_options(option), seats,
                                 seating.value, [], kind="tune", params={
                                     "tune": {"params": param, "goals": goal, "trials": trials, "games": games,
                                              "confirm": confirm, "confirm_games": confirm_games},
                                     "command": params})
    m = len(run.seatings)
    deals = deals_for(games, m)
    fresh = deals_for(confirm_games if confirm_games is not None else 4 * games, m)
    if not quiet:
        con.print(Text(f"Run {run.id}: tune {', '.join(p.describe() for p in space)} over {trials} trials of "
                       f"{deals} deals ({m} seatings each), agents {', '.join(run.agents)} → {lab.store.url}",
                       style="bold"))
    result: dict[str, Any] = {}

    def action() -> None:
        result.update(tune(lambda settings, first, count: lab.measure_settings(run, settings, first, count),
                           space, goals, trials, deals, confirm, fresh, seed=seed, batch=max(1, lab.backend.workers)))

    _play(con, lab, run, db, quiet, action)
    doc = {"format": "tablecraft-tune/1", "run": run.id, "game": run.game_id, "seats": run.seats,
           "options": run.options, "agents": run.agents,
           "players": [agent_entry(a, g) for a in run.agents], "command": params, **result}
    lab.store.update_params(run, {**run.params, "result": {"best": result["best"]}})
    if not quiet:
        print_tune(con, doc)
    path = json_out or Path("out") / f"tune-{run.game_id}-{run.seats}p.json"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
    except OSError as e:
        _fail(f"cannot write {path}: {e.strerror or e}")
    con.print(f"Wrote {path}")


def _share(x: Any) -> str:
    if x is None or x["share"] is None:
        return "—"
    return f"{x['count']} of {x['games']} ({_pct(x['share'])})"


def _mean_ci(m: Any, scale: float = 1.0, digits: int = 2, unit: str = "") -> str:
    if m is None:
        return "—"
    lo, hi = m["ci"]
    return (f"{scale * m['mean']:.{digits}f}{unit} [{scale * lo:.{digits}f}{unit}, {scale * hi:.{digits}f}{unit}] "
            f"(median {scale * m['median']:.{digits}f}{unit})")


def _mean_sd(m: Any) -> str:
    if m is None:
        return "—"
    return f"{m['mean']:.1f} ± {m['std']:.1f} (p10–p90 {m['p10']:.0f}–{m['p90']:.0f}, max {m['max']:.0f})"


def quality_rows(s: Any) -> list[tuple[str, str]]:
    """The rows of the quality table for one arm's summary (``quality.QualityTally.summary``)."""
    m = s["metrics"]
    end, br, fp = s["end"], s["branching"], s["first_player"]
    sides = sorted(int(k) for k in s["sides"])
    sides_text = ("one team against the game" if s["cooperative"] else
                  str(sides[0]) if len(sides) == 1 else f"{sides[0]}–{sides[-1]}") if sides else "—"
    df = br["decision_factor"]
    turns = s["length"]["turns"]
    rows = [
        ("games (deals)", f"{s['games']} ({s['deals']})"),
        ("sides", sides_text),
        ("decided (a side won)", _share(s["decided"])),
        ("team wins" if s["cooperative"] else "wins by seat",
         f"{_pct(s['seat_wins'][0]['rate'])} {_ci(s['seat_wins'][0]['ci'])}" if s["cooperative"] else
         ", ".join(f"{r['name']} {_pct(r['rate'])}" for r in s["seat_wins"])),
        ("draws", f"{s['draws']['wins']} ({_pct(s['draws']['rate'])})"),
        ("turn-cap games", f"{end['length_cap']['count']} ({_pct(end['length_cap']['rate'])})"),
        ("stalemates", f"{end['stalemates']['count']} ({_pct(end['stalemates']['rate'])})"),
        ("length: real decisions", _mean_sd(m["samples"])),
        ("length: all steps", _mean_sd(s["length"]["decisions"])),
        ("length: turns", _mean_sd(turns) if turns else "—"),
        ("legal actions per decision", "—" if df is None else
         f"{df['mean']:.2f} ± {df['std']:.2f} (median {df['median']:.0f}, p90 {df['p90']:.0f}, max {df['max']})"),
        ("branching factor (all steps)", "—" if br["branching_factor"] is None else
         f"{br['branching_factor']:.2f} ({_pct(br['forced_share'])} forced steps)"),
        ("lead changes per game", _mean_ci(m["lead_changes"], digits=1)),
        ("lead changes per decision", _mean_ci(m["lead_change_rate"], 100, 1, "%")),
        ("games without a lead change", _share(s["no_lead_change"])),
        ("drama (winner's mean deficit)", _mean_ci(m["drama"])),
        ("comebacks (winner trailed)", _share(s["comebacks"])),
        ("time the winner trailed", _mean_ci(m["trailing_share"], 100, 1, "%")),
        ("decided at (lead permanent)", _mean_ci(m["decided_at"], 100, 1, "%")),
        ("threshold crossed at (Ludii)", _mean_ci(m["threshold_crossed_at"], 100, 1, "%")),
        ("loser peak (threshold)", _mean_ci(m["loser_peak"])),
        ("leader went on to win", _mean_ci(m["leader_won"], 100, 1, "%")),
    ]
    if s["role_wins"]:
        rows.insert(4, ("wins by role", ", ".join(f"{r['role']} {_pct(r['rate'])}" for r in s["role_wins"])))
    if s["cooperative"]:
        rows.append(("first player wins", "— (co-operative: every seat shares the result)"))
    elif fp is not None:
        line = (f"{_pct(fp['rate'])} vs {_pct(fp['others']['rate'])}: {100 * fp['advantage']:+.1f} pp, "
                f"p = {fp['p_value']:.3g}")
        same = fp["same_role"]
        if same:
            line += (f"; vs its own role {_pct(same['others']['rate'])}: {100 * same['advantage']:+.1f} pp, "
                     f"p = {same['p_value']:.3g}")
        rows.append(("first player wins", line))
    kinds = s["event_kinds"]
    rows.append(("event kinds fired", f"{kinds['fired']}" + (f" of {kinds['declared']}" if kinds["declared"] else
                                                            " (the game documents none)")))
    rows.append(("dead rules (never fired)", ", ".join(s["dead_rules"]) or "none"))
    if s["setup_only"]:
        rows.append(("setup-only kinds", ", ".join(s["setup_only"])))
    return rows


def print_quality(con: Console, doc: Any) -> None:
    """The quality table: one row per metric, one column per arm (variant)."""
    table = Table(title=f"{doc['game']}, {doc['seats']} seats, agents {doc['agents']}: quality (95% CI by deal)",
                  title_justify="left")
    table.add_column("metric", justify="left")
    columns = [dict(quality_rows(arm)) for arm in doc["arms"]]
    for arm in doc["arms"]:
        table.add_column(arm["label"], justify="left")
    for label, _ in quality_rows(doc["arms"][0]):
        table.add_row(label, *(c.get(label, "—") for c in columns))
    con.print(table)


@lab_app.command("quality")
def quality_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id. / 游戏编号。")],
    variants: Annotated[list[str] | None, typer.Argument(
        metavar="VARIANT", help="Option sets key=value[,key=value] measured beside the base options. / 变体。")] = None,
    agents: AgentsOpt = None,
    n: Annotated[int, typer.Option("-n", "--num-games", help=(
        f"Games per variant (default {DEFAULT_GAMES}), rounded up to whole deals. / 每个变体的局数。"))] = DEFAULT_GAMES,
    seating: SeatingOpt = Seating.all,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    jobs: JobsOpt = None,
    backend: BackendOpt = BackendName.local,
    address: AddressOpt = None,
    ray_ship_code: ShipOpt = False,
    report: ReportOpt = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the quality JSON here. / JSON 路径。")] = None,
    quiet: QuietOpt = False,
) -> None:
    """Game-quality metrics in the style of Ludii: lead changes, drama, decisiveness, branching, length, ends,
    dead rules, first-player advantage. / 游戏质量指标。

    Plays the games with an advantage trajectory (Game.evaluate after every real decision) and prints one column
    per variant; nothing is stored. See tablecraft.lab.quality and docs/lab.md.
    """
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        if n < 1:
            raise base_cli.UserError("-n must be at least 1")
        base = base_cli.parse_options(option)
        arms: list[tuple[str, Any]] = []
        labels = ["base"] + list(variants or []) if variants else [", ".join(option or []) or "default"]
        for label, extra in zip(labels, [{}] + [parse_assignments(v) for v in variants or []], strict=True):
            arms.append((label, base_cli.load_game(game, {**base, **extra}, seats)))
        spec = agents or DEFAULT_LEVEL
        # checked before anything is played: unknown agents, impossible seatings
        specs, per_seat = parse_agents(spec)
        make_seatings(per_seat, len(specs), arms[0][1].num_seats, seating.value)
        for s in specs:
            make_agent(s, arms[0][1])
        lab_backend = _backend(backend, jobs, address, ray_ship_code)
    progress = _progress(con, quiet)
    measured: list[tuple[str, quality.QualityTally]] = []
    try:
        with progress:
            for label, g in arms:
                task = progress.add_task(f"{g.spec.id} · {label}", total=0)

                def planned(k: int, task: Any = task) -> None:
                    progress.update(task, total=k)

                def done(k: int, task: Any = task) -> None:
                    progress.advance(task, k)

                measured.append((label, quality.measure(g, spec, n, lab_backend, seed, seating.value, planned, done)))
    except KeyboardInterrupt:
        lab_backend.abort()
        con.print(Text("Interrupted: the quality command stores nothing; run it again.", style="yellow"))
        raise typer.Exit(base_cli.EXIT_INTERRUPTED) from None
    finally:
        lab_backend.close()
    doc = quality.document(arms[0][1], spec, seating.value, seed, measured, params,
                           [agent_entry(s, arms[0][1]) for s in specs], _command_line(ctx))
    if not quiet:
        print_quality(con, doc)
    _write_page(con, doc, report, json_out, render_quality_html)


def _write_page(con: Console, doc: Json, report: Path | None, json_out: Path | None,
                render: Callable[[Json], str]) -> None:
    """Write ``--report`` (the page ``render`` makes, its JSON beside it unless ``--json`` says where) and/or
    ``--json``, saying what was written; a path that cannot be written is a clear error."""
    if report is None and json_out is None:
        return
    try:
        written = write_report(doc, report, json_out, render)
    except OSError as e:
        _fail(f"cannot write {e.filename}: {e.strerror or e}")
    for path in written:
        con.print(f"Wrote {path}")


# ------------------------------------------------------------------------------------------ lab content
class Correction(StrEnum):
    """``lab content --correction`` choices (``tablecraft.lab.content.CORRECTIONS``)."""

    bh = "bh"
    holm = "holm"


class Against(StrEnum):
    """``lab content --against`` choices."""

    rest = "rest"
    pooled = "pooled"


class Adjust(StrEnum):
    """``lab content --adjust`` choices: ``auto`` adjusts for roles when the roles are not just the seats."""

    auto = "auto"
    role = "role"
    none = "none"


class Unit(StrEnum):
    """``lab content --unit`` choices (``tablecraft.lab.content.UNITS``)."""

    auto = "auto"
    seat = "seat"
    game = "game"


assert tuple(c.value for c in Correction) == content_lab.CORRECTIONS
assert tuple(u.value for u in Unit) == content_lab.UNITS


def _read_records(path: Path, game_id: str) -> list[Any]:
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as e:
        raise base_cli.UserError(f"cannot read {path}: {e.strerror or e}") from None
    records = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            record = json.loads(line)
        except json.JSONDecodeError as e:
            raise base_cli.UserError(f"{path}:{number} is not a JSON game record: {e.msg}") from None
        if record.get("game", game_id) != game_id:
            raise base_cli.UserError(f"{path}:{number} is a game of {record['game']}, not {game_id}")
        records.append(record)
    if not records:
        raise base_cli.UserError(f"{path} holds no game records")
    return records


def print_content(con: Console, doc: Any, top: int) -> None:
    """The ranked impact table, the items with nothing to compare, and the coverage of one content kind."""
    imp = doc["impact"]
    corr = imp["correction"]
    method = "Benjamini–Hochberg" if corr["method"] == "bh" else "Holm"
    what = "games" if imp["unit"] == "game" else "seat-games"
    seats = f"{doc['seats']} seat{'' if doc['seats'] == 1 else 's'}"
    title = (f"Content impact: {doc['game']}, {seats}, {imp['games']} games from {imp['deals']} deals "
             f"({what}; against the {imp['against']}{', role-adjusted' if imp['adjusted_for'] else ''})")
    table = Table(title=title, title_justify="left")
    for col in ("#", "kind", "item", what, "win rate", "95% CI", imp["against"], "difference", "95% CI", "p",
                f"p ({corr['method'].upper() if corr['method'] == 'bh' else 'Holm'})", "significant"):
        table.add_column(col, justify="left" if col in ("kind", "item") else "right")
    rows = imp["rows"] if top <= 0 else [r for r in imp["rows"] if r["significant"] or r["rank"] <= top]
    for r in rows:
        lo, hi = r["ci"]
        table.add_row(str(r["rank"]), r["kind"], r["item"], str(r["units"]), _pct(r["rate"]["rate"]),
                      _ci(r["rate"]["ci"]), _pct(r["reference"]["rate"]), f"{100 * r['difference']:+.1f} pp",
                      f"[{100 * lo:+.1f}, {100 * hi:+.1f}]", f"{r['p_value']:.3g}", f"{r['p_adjusted']:.3g}",
                      Text("yes", style="bold red") if r["significant"] else Text("no"))
    con.print(table)
    left = len(imp["rows"]) - len(rows)
    con.print(f"{method} over {corr['family']} items (α = {corr['alpha']}); intervals clustered by deal"
              + (f"; {left} more items in the JSON (--top 0 shows all)." if left else "."))
    if imp["constant"]:
        con.print("Every " + what[:-1] + " had (nothing to compare): "
                  + ", ".join(f"{c['kind']} {c['item']}" for c in imp["constant"]) + ".")
    kind = doc["coverage_kind"]
    if kind is None:
        return
    cov = Table(title=f"Coverage with each {kind}", title_justify="left")
    for col in ("item", "games", "fires more with it (its games, others)", "never fired with it (expected)",
                "with it, same seat (share of its seat-games, mean times)"):
        cov.add_column(col, justify="right" if col == "games" else "left")
    for item, c in doc["coverage"][kind].items():
        lifted = sorted(((e["games"] - e["others"], k, e) for k, e in c["events"].items()
                         if e["others"] is not None and e["games"] - e["others"] >= COVERAGE_LIFT), reverse=True)
        more = ", ".join(f"{k} {_pct(e['games'])} ({_pct(e['others'])})" for _, k, e in lifted[:3])
        # the three commonest items of each other kind (``with`` lists them commonest first)
        together = "; ".join(f"{k}: " + ", ".join(f"{x} {_pct(v['share'])} ×{v['mean']:.1f}"
                                                  for x, v in list(items.items())[:3])
                             for k, items in c["with"].items())
        cov.add_row(item, str(c["games"]), more,
                    ", ".join(f"{n['kind']} ({n['expected']:.0f})" for n in c["never_fired"][:6]), together)
    con.print(cov)


@lab_app.command("content")
def content_cmd(
    ctx: typer.Context,
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id. / 游戏编号。")],
    n: Annotated[int, typer.Option("-n", "--num-games", help=(
        f"Games to play (default {DEFAULT_GAMES}), rounded up to whole deals. / 局数。"))] = DEFAULT_GAMES,
    agents: AgentsOpt = None,
    seating: Annotated[Seating, typer.Option(help="Seat rotation: rotate (default), all or fixed (see lab run). "
                                                  "/ 轮换座位方式。")] = Seating.rotate,
    seed: SeedOpt = 0,
    option: base_cli.OptionsOpt = None,
    seats: base_cli.SeatsOpt = None,
    correction: Annotated[Correction, typer.Option(
        help="Multiple-comparison correction: bh (Benjamini–Hochberg) or holm. / 多重比较校正。")] = Correction.bh,
    against: Annotated[Against, typer.Option(
        help="Compare each item with the rest of its kind's seat-games, or with all of them. / 对照组。")]
    = Against.rest,
    adjust: Annotated[Adjust, typer.Option(
        help="Adjust for roles: auto (when the roles are not just the seats), role, none. / 按角色校正。")]
    = Adjust.auto,
    unit: Annotated[Unit, typer.Option(
        help="One observation: auto (a whole game when seats win or lose together), seat or game. / 观测单位。")]
    = Unit.auto,
    kind: Annotated[list[str] | None, typer.Option(
        "--kind", help="Only these content kinds (repeatable; default all the game reports). / 内容种类。")] = None,
    coverage: Annotated[str | None, typer.Option(
        help="The content kind whose rule coverage is printed (default the game's first). / 覆盖表的内容种类。")]
    = None,
    top: Annotated[int, typer.Option(help="Rows of the impact table (significant ones always; 0 = all). "
                                          "/ 显示行数。")] = 30,
    records: Annotated[Path | None, typer.Option(
        help="Read game records (JSONL of tablecraft simulate --out) instead of playing. / 读取对局记录。")] = None,
    jobs: JobsOpt = None,
    report: ReportOpt = None,
    json_out: Annotated[Path | None, typer.Option(
        "--json", help="Write the content report's JSON here. / JSON 路径。")] = None,
    quiet: QuietOpt = False,
) -> None:
    """Win-rate effect of each hero, card, demon king … with intervals, ranked; and per-content rule coverage.
    / 内容影响：每个英雄、卡牌、魔王对胜率的影响与规则覆盖。

    Plays -n games (or reads --records) and compares, for every content item the game reports
    (State.content()), the win rate of the seats that had it with the rest, clustered by deal and corrected for
    the number of items. See tablecraft.lab.content and docs/lab.md.
    """
    con = base_cli._console()
    params = {k: (str(v) if isinstance(v, Path) else v) for k, v in ctx.params.items()}
    with _user_errors():
        if n < 1:
            raise base_cli.UserError("-n must be at least 1")
        g = base_cli.load_game(game, base_cli.parse_options(option), seats)
        if records is not None:
            if agents is not None:
                raise base_cli.UserError("--records reads games already played: give no --agents")
            played = _read_records(records, g.spec.id)
        else:
            unique, per_seat = parse_agents(agents or DEFAULT_LEVEL)
            seatings = make_seatings(per_seat, len(unique), g.num_seats, seating.value)
            deals = -(-n // len(seatings))
            backend = _backend(BackendName.local, jobs, None, False)
            progress = _progress(con, quiet)
            task = progress.add_task(f"{g.spec.id} · content", total=deals * len(seatings))
            try:
                with progress:
                    played = content_lab.play_deals(g, unique, deals, seed, seating.value, backend,
                                                    lambda k: progress.advance(task, k))
            except KeyboardInterrupt:
                backend.abort()
                con.print(Text("Interrupted: content impact keeps no games; nothing was reported.", style="yellow"))
                raise typer.Exit(base_cli.EXIT_INTERRUPTED) from None
            finally:
                backend.close()
        names = [g.seat_name(s) for s in range(g.num_seats)]
        resolved = unit.value
        if resolved == "auto":
            resolved = "game" if content_lab.is_cooperative(played) else "seat"
        by_role = adjust is Adjust.role or (adjust is Adjust.auto and resolved == "seat"
                                            and any(list(r.get("roles") or names) != names for r in played))
        impact = content_lab.content_impact(played, correction.value, against.value, by_role, kinds=kind,
                                            unit=resolved)
        first = next((k for r in played for k in (r.get("content") or {})), None)
        cov_kind = coverage if coverage is not None else first
        # the JSON has every kind's coverage; the screen shows one
        written = json_out is not None or report is not None
        cov = content_lab.content_coverage(played, None if written or cov_kind is None else [cov_kind])
        if cov_kind is not None and cov_kind not in cov:
            raise base_cli.UserError(f"no content kind {cov_kind!r} in these games; kinds: {', '.join(cov)}")
    doc = {"format": "tablecraft-content/1", "game": g.spec.id, "seats": g.num_seats, "options": g.options,
           "agents": agents or ("records" if records is not None else DEFAULT_LEVEL), "seating": seating.value,
           "players": None if records is not None else [agent_entry(a, g) for a in unique],
           "seed": seed, "command": params, "command_line": _command_line(ctx), "impact": impact,
           "coverage_kind": cov_kind, "coverage": cov}
    if not quiet:
        print_content(con, doc, top)
    _write_page(con, doc, report, json_out, render_content_html)


@lab_app.command("show")
def show_cmd(
    run_id: Annotated[int, typer.Argument(metavar="RUN_ID", help="The run to show. / 运行编号。")],
    db: DbOpt = "lab.sqlite",
    report: ReportOpt = None,
    json_out: JsonOpt = None,
) -> None:
    """Show a stored run's statistics and (optionally) write its report. / 显示已存运行的统计。"""
    con = base_cli._console()
    with _user_errors():
        store = _open_store(db)
        run = store.run(run_id)
    lab = Lab(store, make_backend("local", 1))
    if run.kind in ("ladder", "skill"):
        doc = ladder_json(run, lab, DEFAULT_BOOTSTRAP, DEFAULT_PRIOR) if run.kind == "ladder" else skill_json(run, lab)
        (print_ladder if run.kind == "ladder" else print_skill)(con, doc)
        if report is not None and run.kind == "skill":
            report.parent.mkdir(parents=True, exist_ok=True)
            report.write_text(render_skill_html(doc), encoding="utf-8")
            con.print(f"Wrote {report}")
            # as `lab skill --report` does: the page's JSON beside it, so a report regenerated from its stored run
            # leaves no stale JSON next to the new page
            json_out = json_out or report.with_suffix(".json")
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            json_out.write_text(json.dumps(doc, ensure_ascii=False, indent=1), encoding="utf-8")
            con.print(f"Wrote {json_out}")
        return
    arms = lab.arms(run)
    balance = run.params.get("result") if run.kind == "balance" else None
    if balance:
        print_balance(con, balance)
    else:
        for arm in arms:
            print_arm(con, arm)
        print_comparisons(con, arms)
    if report is not None or json_out is not None:
        doc = document(run, arms, store, balance, run.params.get("command"))
        for path in write_report(doc, report, json_out):
            con.print(f"Wrote {path}")


@lab_app.command("export")
def export_cmd(
    run_id: Annotated[int, typer.Argument(metavar="RUN_ID", help="The run to export. / 运行编号。")],
    out: Annotated[Path, typer.Option(help="JSONL file, one game per line (tablecraft replay reads it). / 输出文件。")],
    db: DbOpt = "lab.sqlite",
) -> None:
    """Write a run's games as replayable records (needs --keep-actions). / 导出可回放的对局记录。"""
    con = base_cli._console()
    with _user_errors():
        store = _open_store(db)
        run = store.run(run_id)
        count = 0
        try:
            with out.open("w", encoding="utf-8") as f:
                for arm in store.arms(run):
                    for seed, seating, record in store.games(arm, with_actions=True):
                        if record["actions"] is None:
                            raise base_cli.UserError(f"run {run.id} did not store its games' actions: run it with "
                                                     "--keep-actions to export them")
                        line = {"game": run.game_id, "options": arm.options, "seats": run.seats, "seed": seed,
                                "setup": None, "bots": [run.agents[a] for a in run.seatings[seating]],
                                "arm": arm.label, **record}
                        f.write(json.dumps(line, ensure_ascii=False) + "\n")
                        count += 1
        except OSError as e:
            raise base_cli.UserError(f"cannot write {out}: {e.strerror or e}") from None
    con.print(f"Wrote {count} games to {out} (tablecraft replay {out} --game-index 0)")


@lab_app.command("list")
def list_cmd(db: DbOpt = "lab.sqlite", json_flag: Annotated[bool, typer.Option(
        "--json", help="Print JSON. / 输出 JSON。")] = False) -> None:
    """List the runs stored in the database. / 列出数据库中的运行。"""
    con = base_cli._console()
    with _user_errors():
        store = _open_store(db)
    rows = store.runs()
    if json_flag:
        typer.echo(json.dumps([{**r.to_json(), "stored_games": n} for r, n in rows], ensure_ascii=False))
        return
    table = Table(title=f"Runs in {store.url}")
    for col in ("id", "created", "kind", "game", "agents", "games"):
        table.add_column(col, justify="right" if col in ("id", "games") else "left")
    for r, count in rows:
        table.add_row(str(r.id), r.created.strftime("%Y-%m-%d %H:%M"), r.kind, r.game_id, ", ".join(r.agents),
                      str(count))
    con.print(table)
