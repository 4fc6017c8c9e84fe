"""The ``tablecraft`` command-line tool: list games, read rules, play in the terminal, simulate, replay, bench.

It speaks only the public game contract (``tablecraft.load``/``games``, ``Game``, ``State``, the codec and the
games' own ``describe_event``/``describe_action``). The one per-game piece is the board renderer, found by
convention: ``tablecraft.games.<package>.render`` with ``render_view(view, lang)`` (and optionally
``seat_name``), where ``<package>`` is the game id with ``-`` replaced by ``_``. A game without one is
shown as its view's JSON.

Wording is English or Chinese (``--lang en|zh``, default from ``LC_ALL``/``LC_MESSAGES``/``LANG``); the tool's
own messages live in ``tablecraft.i18n``. Mistakes in what the user typed (unknown game, bad option, unreadable
file, malformed setup) print one line and exit with status 2, like a usage error.

Examples::

    tablecraft games
    tablecraft play wizard-towers --seat blue --seed 7 --option wizard_hp=120
    tablecraft simulate wizard-towers -n 1000 --jobs 2 --out games.jsonl
    tablecraft replay games.jsonl --game-index 3 --seat purple
    tablecraft bench wizard-towers --games 200 --json
"""

from __future__ import annotations

import functools
import importlib
import json
import os
import random
import re
import secrets
import tempfile
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from types import ModuleType
from typing import Annotated, Any, NoReturn

import typer
from rich.console import Console, RenderableType
from rich.json import JSON
from rich.markdown import Markdown
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table
from rich.text import Text

import tablecraft
from tablecraft.agents import AGENTS, make_agent, observe, parse_agent_spec, parse_role_specs
from tablecraft.agents.levels import DEFAULT_LEVEL, LEVELS, bot_label, is_level
from tablecraft.core.actions import Action
from tablecraft.core.api import Game, Json, State, unnamed_seat
from tablecraft.core.errors import IllegalActionError, InvalidActionError, TablecraftError
from tablecraft.i18n import LANGS, lang_from_env, t
from tablecraft.lab.bench import benchmark
from tablecraft.lab.simulate import run_games, summarise, wilson_interval
from tablecraft.rulebook import DESIGN_DIR, NoRulesPage, design_record, help_for, player_rules

RULES_DIR = DESIGN_DIR
"""Where ``rules GAME --design`` looks for ``<game-id>.md`` (the repository's docs/rules)."""

SAVE_FORMAT = "tablecraft-play/1"
"""The ``format`` field of a saved interactive game."""

EXIT_USER_ERROR = 2
EXIT_INTERRUPTED = 130
"""Exit status after Ctrl-C saved the game (the shell's convention for SIGINT)."""

app = typer.Typer(
    name="tablecraft",
    help="Tabletop games in the terminal: play, simulate, replay, bench. / 终端桌游：对局、模拟、回放、测速。",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_show_locals=False,
)


class Lang(StrEnum):
    """Languages of the tool's output."""

    zh = "zh"
    en = "en"


LangOpt = Annotated[
    Lang | None, typer.Option("--lang", help="Output language (default: from LANG/LC_ALL). / 输出语言。")
]
OptionsOpt = Annotated[
    list[str] | None,
    typer.Option("--option", "-o", metavar="KEY=VALUE",
                 help="A game option as key=value (repeatable). / 游戏选项 key=value，可重复。"),
]


class UserError(Exception):
    """A mistake in the user's input, already worded for them; the tool prints it and exits with status 2."""


# ----------------------------------------------------------------------------------------------- helpers
def _lang(lang: Lang | None) -> str:
    return lang.value if lang is not None else lang_from_env()


def _console() -> Console:
    # made per command, not at import, so the colour choice follows the stream in use now (a test's, a pipe's)
    return Console(highlight=False)


def _fail(message: str, lang: str) -> NoReturn:
    # soft_wrap: the message stays one line however narrow the terminal, so scripts can grep it
    Console(stderr=True, highlight=False, soft_wrap=True).print(
        Text(t("error", lang, message=message), style="bold red")
    )
    raise typer.Exit(EXIT_USER_ERROR)


@contextmanager
def _user_errors(lang: str) -> Iterator[None]:
    """Turn the engine's input errors and ours into one printed line and exit status 2 (no traceback)."""
    try:
        yield
    except (UserError, TablecraftError) as e:
        _fail(str(e), lang)


def parse_options(items: Sequence[str] | None, lang: str = "en") -> dict[str, str]:
    """``["wizard_hp=120", ...]`` as a dict of strings (``OptionSpec.coerce`` parses the values)."""
    out: dict[str, str] = {}
    for item in items or ():
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            raise UserError(t("bad_option", lang, text=item))
        out[key.strip()] = value.strip()
    return out


def read_json_file(path: Path, lang: str = "en") -> Any:
    """The JSON in ``path``; ``UserError`` naming the file if it cannot be read or parsed."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise UserError(t("bad_file", lang, path=path, reason=e.strerror or e)) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise UserError(t("bad_json", lang, path=path, reason=e)) from None


def read_records(path: Path, lang: str = "en") -> list[Json]:
    """Game records from a ``simulate --out`` JSONL file or a saved ``play`` file (one JSON object)."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as e:
        raise UserError(t("bad_file", lang, path=path, reason=e.strerror or e)) from None
    try:
        whole = json.loads(text)
    except json.JSONDecodeError:
        whole = None  # not one JSON document: read it as JSON lines
    if isinstance(whole, dict):
        records: list[Any] = [whole]
    elif isinstance(whole, list):
        records = whole
    else:
        records = []
        for n, line in enumerate(text.splitlines(), 1):
            if not line.strip():
                continue
            try:
                records.append(json.loads(line))
            except json.JSONDecodeError as e:
                raise UserError(t("bad_json", lang, path=f"{path}:{n}", reason=e)) from None
    for r in records:
        problem = _record_problem(r)
        if problem:
            raise UserError(t("bad_save", lang, path=path, reason=problem))
    return records


def _record_problem(r: Any) -> str | None:
    if not isinstance(r, dict):
        return f"a game record must be a JSON object, not {type(r).__name__}"
    for key, kind in (("game", str), ("seed", int), ("actions", list)):
        if not isinstance(r.get(key), kind):
            return f"field {key!r} is missing or not a {kind.__name__}"
    if not isinstance(r.get("options", {}), dict):
        return "field 'options' must be an object"
    return None


def record_action(game: Game[Any], text: str) -> Action:
    """An action of a saved record: its exact notation, ``str(action)``, read back through the codec.

    Records are machine-written, so they use the strict inverse of ``str``; the lenient ``Game.parse_action``
    (suit symbols, lower case) is for what people type.
    """
    return game.codec.parse(text)


SeatsOpt = Annotated[
    int | None, typer.Option("--seats", help="Number of seats (default: the game's most). / 座位数（默认最多）。")
]


def load_game(game_id: str, options: dict[str, Any], seats: int | None = None) -> Game[Any]:
    """``tablecraft.load`` (engine errors propagate as ``TablecraftError``)."""
    return tablecraft.load(game_id, num_seats=seats, **options)


# ------------------------------------------------------------------------------------- per-game renderer
@functools.cache
def renderer_module(game_id: str) -> ModuleType | None:
    """``tablecraft.games.<package>.render`` for ``game_id`` (``wizard-towers`` → ``wizard_towers``), or None."""
    package = f"tablecraft.games.{game_id.replace('-', '_')}"
    name = f"{package}.render"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name in (name, package):
            return None
        raise  # the renderer exists but is broken: show the real error


def render_board(game: Game[Any], view: Json, lang: str) -> RenderableType:
    """The game's own drawing of ``view``, or its pretty JSON when the game has no renderer."""
    module = renderer_module(game.spec.id)
    render = getattr(module, "render_view", None)
    if render is None:
        return JSON.from_data(view)
    return render(view, lang)


def seat_label(game: Game[Any], seat: int, lang: str) -> str:
    """A seat's name in ``lang``, as the tables show it: the game's name (``blue``), or for a game that names no
    seats its number counted from 1 (``seat 1`` / ``1号位`` for index 0, ``Game.seat_name``)."""
    return game.seat_name(seat, lang)


def _seat_words(text: str) -> str:
    # "Seat 2", "seat2", "2 号位" and "座位 2" are one spelling each: case and spaces do not matter
    return "".join(text.split()).lower()


def parse_seat(text: str, game: Game[Any], lang: str = "en") -> int:
    """Seat index (from 0) of a seat a person names: as the tables show it — the game's name in either language
    (``blue``, ``蓝``) or its number counted from 1 (``seat 2``, ``2号位``, ``座位 2``, the browser's words) — or
    as a bare index counted from 0 (``1``: the first seat is ``0``, which was always ``--seat``'s meaning).

    >>> fate = tablecraft.load("fate", num_seats=4)
    >>> parse_seat("seat 2", fate), parse_seat("2号位", fate), parse_seat("1", fate)
    (1, 1, 1)
    """
    text = text.strip()
    if text.isdigit() and int(text) < game.num_seats:
        return int(text)
    wanted = _seat_words(text)
    for seat in range(game.num_seats):
        names = {game.seat_name(seat, lg) for lg in LANGS} | {unnamed_seat(seat, lg) for lg in LANGS} | {f"座位{seat + 1}"}
        if wanted in {_seat_words(name) for name in names}:
            return seat
    seats = ("、" if lang == "zh" else ", ").join(seat_label(game, s, lang) for s in range(game.num_seats))
    example = min(1, game.num_seats - 1)
    raise UserError(t("bad_seat", lang, seat=text, seats=seats, name=seat_label(game, example, lang), index=example,
                      last=game.num_seats - 1))


def parse_bots(text: str, count: int, lang: str = "en") -> list[str]:
    """``normal`` (for every seat) or ``easy,hard,…`` with exactly ``count`` names, each a level or an agent."""
    names = [b.strip() for b in text.split(",") if b.strip()]
    if len(names) == 1:
        names *= count
    if len(names) != count:
        raise UserError(t("bad_bots", lang, n=count, count=len(names)))
    known = ", ".join([lv.id for lv in LEVELS] + sorted(AGENTS))
    for name in names:
        try:
            roles = parse_role_specs(name)
        except KeyError as e:
            raise UserError(t("unknown_bot", lang, name=name, known=known) + f" ({e.args[0]})") from None
        for part in roles.values() if roles is not None else [name]:
            if parse_agent_spec(part)[0] not in AGENTS and not is_level(parse_agent_spec(part)[0]):
                raise UserError(t("unknown_bot", lang, name=name, known=known))
    return names


def _winners_line(game: Game[Any], winners: list[int], lang: str, returns: list[float] | None = None) -> str:
    if not winners:
        # in a co-operative game a defeat has no winners either, but it is no draw: everyone scored below 0
        return t("all_lose", lang) if returns and all(r < 0 for r in returns) else t("draw", lang)
    sep = "、" if lang == "zh" else ", "
    return t("winners", lang, names=sep.join(seat_label(game, w, lang) for w in winners))


def _event_text(game: Game[Any], event: Json, lang: str) -> Text:
    line = Text(game.describe_event(event, lang))
    kind = event.get("kind")
    # the damage line carries the battle's arithmetic, the thing a player most needs to notice
    if kind == "damage":
        line.stylize("bold red")
    elif kind == "turn":
        line.stylize("dim")
    elif kind == "game_over":
        line.stylize("bold yellow")
    return line


# --------------------------------------------------------------------------------------------- commands
@app.command()
def games(lang: LangOpt = None) -> None:
    """List the registered games with seats and options. / 列出已注册的游戏。"""
    lg = _lang(lang)
    table = Table(title=t("games_title", lg))
    for key in ("col_id", "col_name_zh", "col_name_en", "col_seats", "col_options"):
        table.add_column(t(key, lg), overflow="fold")
    for spec in tablecraft.games():
        seats = str(spec.min_seats) if spec.min_seats == spec.max_seats else f"{spec.min_seats}–{spec.max_seats}"
        options = "\n".join(f"{o.name}={json.dumps(o.default, ensure_ascii=False)}" for o in spec.options)
        table.add_row(spec.id, spec.name_zh, spec.name_en, seats, options or "—")
    _console().print(table)


@app.command()
def rules(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id. / 游戏编号。")],
    lang: LangOpt = None,
    design: Annotated[bool, typer.Option(
        "--design", help="The designers' implementation record (docs/rules, source checkout only) instead of the "
                         "players' page. / 显示开发者的实现记录（仅源码目录）。")] = False,
) -> None:
    """Print a game's rules for players, in Chinese or English. / 显示游戏的玩家规则。"""
    lg = _lang(lang)
    with _user_errors(lg):
        spec = load_game(game, {}).spec
        if design:
            path = design_record(spec.id)
            if path is None:
                raise UserError(t("no_rules", lg, game=spec.id, path=DESIGN_DIR / f"{spec.id}.md"))
            text = path.read_text(encoding="utf-8")
        else:
            try:
                text = player_rules(spec.id, lg)
            except NoRulesPage as e:
                raise UserError(str(e)) from None
        _console().print(Markdown(text))


@dataclass
class PlaySession:
    """An interactive game in progress: what is needed to save it, resume it or go on playing it."""

    game: Game[Any]
    seed: int
    setup: Json | None
    human: int
    bots: list[str | None]
    """Agent name per seat; ``None`` for the human's seat."""
    lang: str
    actions: list[str] = field(default_factory=list)
    """Every action applied so far, as notation (the save file's action list)."""
    state: State[Any] | None = None
    shown: int = 0
    """How many events of ``state.log(human)`` the human has been shown."""

    def start(self) -> None:
        """Build the state from seed, setup and the actions already played (on resume)."""
        self.state = self.game.new_initial_state(self.seed, self.setup)
        for a in self.actions:
            self.state.apply(record_action(self.game, a))

    def to_json(self) -> Json:
        """The save file's content."""
        return {
            "format": SAVE_FORMAT,
            "game": self.game.spec.id,
            "options": dict(self.game.options),
            "seats": self.game.num_seats,
            "seed": self.seed,
            "setup": self.setup,
            "actions": list(self.actions),
            "seat": self.human,
            "bots": list(self.bots),
            "lang": self.lang,
        }


def default_save_path(session: PlaySession) -> Path:
    """``./tablecraft-<game>-seed<seed>.save.json`` in the current directory (``*.save.json`` is git-ignored)."""
    return Path.cwd() / f"tablecraft-{session.game.spec.id}-seed{session.seed}.save.json"


def save_session(session: PlaySession, path: Path) -> Path:
    """Write the session to ``path`` (atomically: a crash never leaves half a save) and return the path."""
    path = path.expanduser().resolve()
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name, suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            json.dump(session.to_json(), f, ensure_ascii=False, indent=2)
            f.write("\n")
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return path


def load_session(path: Path, lang: str = "en") -> PlaySession:
    """A session from a save file (or any game record with a seat), ready to ``start``."""
    data = read_json_file(path, lang)
    problem = _record_problem(data)
    if problem is None and not isinstance(data.get("seat"), int):
        problem = "field 'seat' is missing or not an int"
    if problem:
        raise UserError(t("bad_save", lang, path=path, reason=problem))
    game = load_game(data["game"], data.get("options", {}), data.get("seats"))
    seat = data["seat"]
    if not 0 <= seat < game.num_seats:
        raise UserError(t("bad_save", lang, path=path, reason=f"its seat index {seat} is not one of 0..{game.num_seats - 1}"))
    bots = data.get("bots") or [None if s == seat else DEFAULT_LEVEL for s in range(game.num_seats)]
    if not isinstance(bots, list) or len(bots) != game.num_seats:
        raise UserError(t("bad_save", lang, path=path, reason=f"'bots' must list {game.num_seats} seats"))
    bots = [None if s == seat else b for s, b in enumerate(bots)]
    parse_bots(",".join(b for b in bots if b is not None), game.num_seats - 1, lang)  # each a known agent
    return PlaySession(game, data["seed"], data.get("setup"), seat, bots, lang, list(data["actions"]))


def _show_new_events(session: PlaySession, con: Console) -> None:
    assert session.state is not None
    log = session.state.log(session.human)
    if len(log) > session.shown:
        con.rule(Text(t("events", session.lang)), style="dim")
        for event in log[session.shown:]:
            con.print(_event_text(session.game, event, session.lang))
    session.shown = len(log)


def _show_choices(session: PlaySession, legal: list[Action], con: Console) -> None:
    """The numbered choices, each with its words, its price (``Game.action_price``: a column only when some choice
    costs something) and its notation."""
    lang = session.lang
    state = session.state
    assert state is not None
    prices = [session.game.action_price(state, action, lang) for action in legal]
    table = Table(title=t("legal_title", lang), title_justify="left")
    table.add_column(t("col_no", lang), justify="right")
    table.add_column(t("col_action", lang))
    if any(prices):
        table.add_column(t("col_price", lang), style="yellow")
    table.add_column(t("col_notation", lang), style="cyan")
    for i, (action, price) in enumerate(zip(legal, prices, strict=True), 1):
        words = Text(session.game.describe_action(action, lang, state))
        cells = [Text(price or "")] if any(prices) else []
        table.add_row(str(i), words, *cells, Text(str(action)))
    con.print(table)


def resolve_input(text: str, legal: list[Action], game: Game[Any], lang: str = "en") -> Action:
    """The action the human meant: a number from the list (1-based) or an action's notation.

    Notation that names no action raises ``InvalidActionError``; a legal-looking but illegal one is returned
    as is, for ``apply`` to refuse with its reason.
    """
    text = text.strip()
    if not text:
        raise UserError(t("empty_input", lang, n=len(legal)))
    if text.isdigit():
        n = int(text)
        if not 1 <= n <= len(legal):
            raise UserError(t("bad_number", lang, n=n, max=len(legal)))
        return legal[n - 1]
    return game.parse_action(text)


_CJK = re.compile(r"[\u3400-\u9fff]")

HELP_INPUTS = ("?", "？", "help", "帮助")
"""What asks for help at the prompt (``?`` or the full-width ``？`` a Chinese keyboard types)."""


def show_help(session: PlaySession, con: Console) -> None:
    """``?`` at the prompt: the players' rules of the decision now pending and the texts of the cards in view."""
    state = session.state
    assert state is not None
    try:
        text = help_for(session.game.spec.id, state.view(session.human), session.lang)
    except NoRulesPage:
        text = ""
    con.rule(Text(t("help_title", session.lang)), style="dim")
    con.print(Markdown(text) if text else Text(t("no_help", session.lang)))


def illegal_text(game: Game[Any], state: State[Any], action: Action, lang: str, seat: int | None = None) -> str:
    """Why an action the player typed is refused, in their language: whose decision it is, what the action would
    have been, and how to choose instead (the engine's own message, with its reason, in English)."""
    legal = state.legal_actions()
    if lang != "zh":
        # the engine's reasons may quote the Chinese seed for designers (「…」); a player reading English gets the
        # reason without the quotation, or none if it cannot be said without Chinese
        reason = re.sub(r",?\s*「[^」]*」", "", state.why_illegal(action) or "")
        return str(IllegalActionError(action, legal, None if _CJK.search(reason) else reason or None))
    try:
        words = game.describe_action(action, lang, state)
    except Exception:  # an action of another moment may not be describable against this state
        words = game.describe_action(action, lang)
    turn = state.current_player()
    if seat is not None and turn != seat and turn >= 0:
        return t("illegal_not_yours", lang, action=words, seat=seat_label(game, turn, lang), n=len(legal))
    return t("illegal_now", lang, action=words, n=len(legal))


def _human_turn(session: PlaySession, con: Console) -> None:
    state, lang = session.state, session.lang
    assert state is not None
    con.print(render_board(session.game, state.view(session.human), lang))
    _show_new_events(session, con)
    legal = state.legal_actions()
    _show_choices(session, legal, con)
    while True:
        text = typer.prompt(t("prompt", lang), prompt_suffix=" > ")
        if text.strip().lower() in HELP_INPUTS:
            show_help(session, con)
            _show_choices(session, legal, con)
            continue
        try:
            action = resolve_input(text, legal, session.game, lang)
            state.apply(action, seat=session.human)
        except IllegalActionError as e:
            reason = illegal_text(session.game, state, e.action, lang, session.human) if isinstance(e.action, Action) \
                else str(e)
            con.print(Text(t("try_again", lang, reason=reason), style="yellow"))
            continue
        except InvalidActionError as e:
            reason = t("bad_input", lang, text=text.strip(), n=len(legal)) if lang == "zh" else str(e)
            con.print(Text(t("try_again", lang, reason=reason), style="yellow"))
            continue
        except (UserError, TablecraftError) as e:
            con.print(Text(t("try_again", lang, reason=str(e)), style="yellow"))
            continue
        session.actions.append(str(action))
        return


def run_session(session: PlaySession, con: Console) -> None:
    """Play until the game ends: the human decides at the prompt, bots with their seeded random streams.

    Bots see only their seat's view; their choices are not printed, because a choice can name a hidden card:
    the human learns what the events show them.
    """
    state = session.state
    assert state is not None
    agents = {s: make_agent(b, session.game) for s, b in enumerate(session.bots) if b is not None and s != session.human}
    # seeded from the seed and the number of actions so far, so a resumed game has reproducible bots too
    rng = random.Random(f"tablecraft-play:{session.seed}:{len(session.actions)}")
    while not state.is_terminal():
        seat = state.current_player()
        if seat == session.human:
            _human_turn(session, con)
            continue
        action = agents[seat].act(observe(state), rng)
        state.apply(action, seat=seat)
        session.actions.append(str(action))
    con.print(render_board(session.game, state.view(session.human), session.lang))
    _show_new_events(session, con)
    winners = state.winners()
    con.rule(Text(t("result", session.lang)))
    con.print(Text(_winners_line(session.game, winners, session.lang, state.returns()), style="bold"))
    if winners:
        con.print(Text(t("you_won" if session.human in winners else "you_lost", session.lang)))


@app.command()
def play(
    game: Annotated[str | None, typer.Argument(metavar="GAME", help="Game id (omit with --resume). / 游戏编号。")] = None,
    seat: Annotated[str | None, typer.Option(
        help="Your seat: its name as the table shows it (blue, \"seat 2\") or its index from 0 (default 0, the "
             "first seat). / 你的座位：表上显示的名称（蓝、2号位）或从 0 起的编号（默认 0，即第一个座位）。")] = None,
    bots: Annotated[str, typer.Option(
        help="Bot level for the other seats (easy, normal, hard, expert) or an agent spec, one or one per seat. / "
             "其他座位的机器人难度（入门 easy、普通 normal、困难 hard、大师 expert）或机器人规格。")] = DEFAULT_LEVEL,
    seed: Annotated[int | None, typer.Option(help="Deal seed (default: random). / 发牌种子。")] = None,
    setup: Annotated[Path | None, typer.Option(help="JSON setup file (starting position). / 开局设置文件。")] = None,
    resume: Annotated[Path | None, typer.Option(help="Continue a saved game. / 继续已保存的对局。")] = None,
    save: Annotated[Path | None, typer.Option(help="Where Ctrl-C saves the game. / 存档路径。")] = None,
    seats: SeatsOpt = None,
    lang: LangOpt = None,
    option: OptionsOpt = None,
) -> None:
    """Play against bots in the terminal; Ctrl-C saves the game. / 在终端与机器人对局；Ctrl-C 保存。"""
    lg = _lang(lang)
    con = _console()
    with _user_errors(lg):
        if resume is not None:
            session = load_session(resume, lg)
            session.lang = lg
            if game is not None and game != session.game.spec.id:
                raise UserError(t("game_mismatch", lg, saved=session.game.spec.id, given=game))
            if seat is not None:
                session.human = parse_seat(seat, session.game, lg)
                session.bots = [None if s == session.human else (b or DEFAULT_LEVEL) for s, b in enumerate(session.bots)]
        else:
            if game is None:
                raise UserError(t("game_needed", lg))
            g = load_game(game, parse_options(option, lg), seats)
            human = parse_seat(seat, g, lg) if seat is not None else 0
            names: list[str | None] = list(parse_bots(bots, g.num_seats - 1, lg))
            names.insert(human, None)
            setup_data = read_json_file(setup, lg) if setup is not None else None
            session = PlaySession(g, seed if seed is not None else secrets.randbelow(2**31), setup_data, human,
                                  names, lg)
        session.start()
    assert session.state is not None
    others = ", ".join(f"{seat_label(session.game, s, lg)}: {bot_label(b, lg)}" for s, b in enumerate(session.bots) if b)
    con.print(Text(t("you_play", lg, seat=seat_label(session.game, session.human, lg), seed=session.seed,
                     bots=others), style="bold"))
    try:
        run_session(session, con)
    except (KeyboardInterrupt, typer.Abort):
        # the prompt turns Ctrl-C and end of input into Abort; both mean "stop here, keep the game"
        # a resumed game is saved back to its own file unless --save says otherwise
        target = save if save is not None else resume if resume is not None else default_save_path(session)
        path = save_session(session, target)
        con.print()
        con.print(Text(t("saved", lg, path=path)))
        con.print(Text(t("resume_hint", lg, path=path)))
        raise typer.Exit(EXIT_INTERRUPTED) from None


@app.command()
def simulate(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id. / 游戏编号。")],
    n: Annotated[int, typer.Option("-n", "--num-games", help="Number of games. / 局数。")] = 100,
    bots: Annotated[str, typer.Option(help="Agents, one or one per seat: random,random,random. / 机器人。")] = "random",
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes. / 进程数。")] = 1,
    seed: Annotated[int, typer.Option(help="Seed of game 0; game i uses seed+i. / 起始种子。")] = 0,
    out: Annotated[Path | None, typer.Option(help="Write one JSON line per game. / 输出 JSONL 文件。")] = None,
    seats: SeatsOpt = None,
    lang: LangOpt = None,
    option: OptionsOpt = None,
    setup: Annotated[Path | None, typer.Option(help="JSON setup file: every game starts from it (a designed "
                                                     "position or map). / 开局设置文件。")] = None,
) -> None:
    """Play N games between bots; print win rates with 95% intervals. / 批量模拟并统计胜率。"""
    lg = _lang(lang)
    con = _console()
    with _user_errors(lg):
        if n < 1:
            raise UserError(t("bad_n", lg))
        if jobs < 1:
            raise UserError(t("bad_jobs", lg))
        g = load_game(game, parse_options(option, lg), seats)
        names = parse_bots(bots, g.num_seats, lg)
        seeds = [seed + i for i in range(n)]
        setup_data = read_json_file(setup, lg) if setup is not None else None
        if setup_data is not None:
            g.new_initial_state(seed, setup_data)  # a malformed setup is refused here, before any worker starts
        progress = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
            console=con, transient=False,
        )
        with progress:
            task = progress.add_task(t("simulating", lg, n=n, game=g.spec.id), total=n)
            records = run_games(g, names, seeds, jobs=jobs, keep_actions=out is not None,
                                on_done=lambda k: progress.advance(task, k), setup=setup_data)
        if out is not None:
            try:
                with out.open("w", encoding="utf-8") as f:
                    for r in records:
                        f.write(json.dumps(r, ensure_ascii=False) + "\n")
            except OSError as e:
                raise UserError(t("bad_file", lg, path=out, reason=e.strerror or e)) from None

    summary = summarise(records, g.num_seats)
    table = Table(title=t("sim_title", lg, n=n, game=g.spec.id))
    for key in ("col_seat", "col_bot", "col_wins", "col_win_rate", "col_ci"):
        table.add_column(t(key, lg), justify="left" if key in ("col_seat", "col_bot") else "right")
    for s in range(g.num_seats):
        lo, hi = summary.intervals[s]
        table.add_row(_numbered_seat(g, s, lg), names[s], str(summary.wins[s]),
                      f"{summary.win_rate(s):.1%}", f"[{lo:.1%}, {hi:.1%}]")
    con.print(table)
    for title, groups in (("by_role", summary.by_role), ("by_character", summary.by_character)):
        # roles are data, named in English (``State.roles``): compare them with the English seat names
        if groups and set(groups) != {g.seat_name(s) for s in range(g.num_seats)}:
            con.print(_group_table(t(title, lg), groups, lg))
    con.print(Text(t("draws", lg, k=summary.draws, rate=f"{summary.draws / n:.1%}")))
    if summary.losses:
        con.print(Text(t("losses", lg, k=summary.losses, rate=f"{summary.losses / n:.1%}")))
    con.print(Text(t("length", lg, mean=summary.mean_decisions, max=summary.max_decisions)))
    if summary.mean_turns is not None:
        con.print(Text(t("turns", lg, mean=summary.mean_turns, max=summary.max_turns)))
    if out is not None:
        con.print(Text(t("wrote", lg, n=len(records), path=out)))


def _numbered_seat(g: Game[Any], seat: int, lang: str) -> str:
    """``1 orange`` for index 0 of a game that names its seats, ``seat 1`` / ``1号位`` for one that does not: the
    number people count from 1, once."""
    name = seat_label(g, seat, lang)
    named = seat < len(g.spec.seat_names_zh if lang == "zh" else g.spec.seat_names)
    return f"{seat + 1} {name}" if named else name


def _group_table(title: str, groups: dict[str, tuple[int, int]], lg: str) -> Table:
    """Win rates with Wilson 95% intervals per role or per character, best first."""
    table = Table(title=title)
    for key in ("col_name", "col_games", "col_wins", "col_win_rate", "col_ci"):
        table.add_column(t(key, lg), justify="left" if key == "col_name" else "right")
    for name, (wins, games) in sorted(groups.items(), key=lambda kv: (-kv[1][0] / max(1, kv[1][1]), kv[0])):
        lo, hi = wilson_interval(wins, games)
        table.add_row(name, str(games), str(wins), f"{wins / max(1, games):.1%}", f"[{lo:.1%}, {hi:.1%}]")
    return table


@app.command()
def replay(
    file: Annotated[Path, typer.Argument(metavar="FILE", help="JSONL from simulate --out, or a saved play file. / 对局记录。")],
    seat: Annotated[str | None, typer.Option(
        help="Show what this seat saw: its name as shown (purple, \"seat 2\") or its index from 0 (default: a "
             "spectator). / 视角座位：显示的名称（紫、2号位）或从 0 起的编号（默认旁观）。")] = None,
    game_index: Annotated[int, typer.Option(help="Which game of the file (0-based). / 第几局（从0起）。")] = 0,
    step: Annotated[bool, typer.Option(help="Wait for Enter after each action. / 逐步回放。")] = False,
    lang: LangOpt = None,
) -> None:
    """Replay a recorded game action by action. / 逐步回放对局记录。"""
    lg = _lang(lang)
    con = _console()
    with _user_errors(lg):
        records = read_records(file, lg)
        if not records:
            raise UserError(t("no_games", lg, path=file))
        if not 0 <= game_index < len(records):
            raise UserError(t("bad_index", lg, k=game_index, max=len(records) - 1))
        rec = records[game_index]
        g = load_game(rec["game"], rec.get("options", {}), rec.get("seats"))
        viewer = parse_seat(seat, g, lg) if seat is not None else None
        state = g.new_initial_state(rec["seed"], rec.get("setup"))
        who = seat_label(g, viewer, lg) if viewer is not None else t("spectator", lg)
        con.rule(Text(t("replay_head", lg, k=game_index, game=g.spec.id, seed=rec["seed"],
                        n=len(rec["actions"]), viewer=who)))
        for seen in state.log(viewer):
            con.print(_event_text(g, seen, lg))
        try:
            for i, text in enumerate(rec["actions"], 1):
                actor = state.current_player()
                try:
                    action = record_action(g, text)
                    words = g.describe_action(action, lg, state)
                    events = state.apply(action)
                except TablecraftError as e:
                    raise UserError(f"{file}: action {i} ({text}): {e}") from None
                line = Text(f"{i:>4}. ", style="dim").append(seat_label(g, actor, lg), style="bold")
                colon = "：" if lg == "zh" else ": "
                if viewer is None or actor == viewer:
                    line.append(f"{colon}{words}  ").append(f"[{text}]", style="cyan")
                else:
                    # another seat's choice can name a card the viewer never saw; its events say what they may know
                    line.append(f"{colon}{t('hidden_action', lg)}", style="dim")
                con.print(line)
                for ev in events:
                    # Event.for_seat is the same redaction path that State.log uses
                    con.print(Text("      ").append_text(_event_text(g, ev.for_seat(viewer), lg)))
                if step:
                    typer.prompt(t("step_prompt", lg), default="", show_default=False, prompt_suffix=" ")
        except typer.Abort:
            raise typer.Exit(EXIT_INTERRUPTED) from None
    con.rule(Text(t("result", lg)))
    con.print(Text(_winners_line(g, state.winners(), lg, state.returns()) if state.is_terminal() else t("not_over", lg)))


@app.command()
def bench(
    game: Annotated[str, typer.Argument(metavar="GAME", help="Game id. / 游戏编号。")],
    games_: Annotated[int, typer.Option("--games", help="Random games to play. / 对局数。")] = 200,
    seed: Annotated[int, typer.Option(help="Seed of the first game. / 起始种子。")] = 0,
    json_out: Annotated[bool, typer.Option("--json", help="Print JSON instead of a table. / 输出 JSON。")] = False,
    seats: SeatsOpt = None,
    lang: LangOpt = None,
    option: OptionsOpt = None,
) -> None:
    """Engine speed on one core: games/s, decisions/s, clone µs. / 单核引擎速度。"""
    lg = _lang(lang)
    with _user_errors(lg):
        if games_ < 1:
            raise UserError(t("bad_games", lg))
        g = load_game(game, parse_options(option, lg), seats)
        result = benchmark(g, games_, seed)
    if json_out:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    table = Table(title=t("bench_title", lg, game=g.spec.id))
    table.add_column(t("col_metric", lg))
    table.add_column(t("col_value", lg), justify="right")
    rows = [
        ("m_games", f"{result['games']}"),
        ("m_decisions", f"{result['decisions']}"),
        ("m_seconds", f"{result['seconds']:.3f}"),
        ("m_games_s", f"{result['games_per_s']:,.1f}"),
        ("m_decisions_s", f"{result['decisions_per_s']:,.0f}"),
        ("m_mean_len", f"{result['mean_decisions']:.1f}"),
        ("m_clone", f"{result['clone_us']:.2f}"),
    ]
    for key, value in rows:
        table.add_row(t(key, lg), value)
    _console().print(table)


def main() -> None:
    """Entry point of the ``tablecraft`` command and of ``python -m tablecraft``."""
    app()


import tablecraft.lab.cli  # noqa: E402,F401  (registers the ``tablecraft lab`` commands on ``app``)
from tablecraft.server import cli as _server_cli  # noqa: F401,E402  (registers the `serve` command)
