"""The game contract every tablecraft game implements (OpenSpiel's Game/State verbs, python-chess manners).

A ``Game`` is a rule set with its options fixed (``tablecraft.load("wizard-towers", wizard_hp=120)``); it makes
``State`` objects. A ``State`` is one position, mutated in place by ``apply``:

>>> import tablecraft
>>> game = tablecraft.load("wizard-towers")
>>> state = game.new_initial_state(seed=1)
>>> state.current_player()
0
>>> events = state.apply(state.legal_actions()[0])
>>> state.clone().to_json() == state.to_json()
True

Contract (tested for every game by ``tablecraft.core.testing.conformance``):

- ``current_player()`` is the seat to decide now, or ``TERMINAL`` (-1) once the game is over. Chance is not a
  player: each state owns a seeded ``Rng`` and draws from it while applying actions, so a game is reproduced
  exactly from its options, seed and action list.
- ``legal_actions()`` is sorted by action id, deterministic, and non-empty until the end. In the middle of a play
  built over several decisions it may end with the codec's ``cancel`` (``ActionCodec.cancel``), which restores the
  state of the decision where the build started exactly (all but the action history) and is offered only while
  nothing of the build has been shown to another seat: views and logs of the other seats are those of that
  decision. ``forward_actions()`` is the same list without ``cancel``: what agents, search and environments choose
  among, since taking a step back and forth forever would never end a game.
- ``apply(action)`` checks the action, raises ``IllegalActionError`` (naming it and what is legal) without
  changing anything when it is not legal, and returns the events it caused. ``apply_unchecked`` skips the check
  for search and rollouts.
- ``view(seat)`` is the only path from a state to a player, agent, UI or observation; ``None`` is a spectator.
  It is JSON-safe and holds only what that seat may know. ``log(seat)`` is the redacted event stream.
- ``resample(seat, rng)`` returns a full state that ``seat`` cannot tell from this one:
  ``resample(s, p).view(p) == s.view(p)`` and ``resample(s, p).log(p) == s.log(p)``, with every hidden card
  redealt, a fresh RNG, the log kept as ``p`` saw it (``events.redacted_chain``) and no history. It is blind: a
  function of what ``p`` knows and of ``rng`` only (two states ``p`` cannot tell apart resample to the same
  world), so search cannot learn the hidden cards from it.
- ``to_json()`` / ``Game.state_from_json()`` round-trip a state exactly (log and history included).
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from .actions import Action, ActionCodec
from .errors import GameOverError, IllegalActionError, NotYourTurnError, OptionError
from .events import Event, EventChain, chain_from_list, chain_list, chain_since
from .rng import Rng
from .sightings import Sightings

TERMINAL = -1
"""``current_player()`` once the game is over."""

Json = dict[str, Any]

Content = dict[str, list[list[str]]]
"""``State.content()``: per content kind, one list of items per seat."""

SELF_DESTROY_LOOKAHEAD = 64
"""Forced steps ``Game.is_self_destroying`` follows after the action before it gives up looking."""


def unnamed_seat(seat: int, lang: str = "en") -> str:
    """How people read seat index ``seat`` of a game that names no seats: counted from 1, in the words of the
    browser tables (``seat 1`` / ``1号位`` for index 0). Indices stay 0-based everywhere a program reads them.

    >>> unnamed_seat(0), unnamed_seat(2, "zh")
    ('seat 1', '3号位')
    """
    return f"{seat + 1}号位" if lang == "zh" else f"seat {seat + 1}"


@dataclass(frozen=True)
class OptionSpec:
    """One game option (a rule variant or parameter): its type, default, allowed values and meaning."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    min: int | None = None
    max: int | None = None

    @property
    def type(self) -> type:
        """The Python type of the option's value (that of its default)."""
        return type(self.default)

    def coerce(self, value: Any) -> Any:
        """Validate ``value`` (or parse it from text, as the CLI passes it); raise ``OptionError`` if wrong."""
        t = self.type
        if isinstance(value, str) and t is not str:
            text = value.strip().lower()
            try:
                if t is bool:
                    if text not in ("true", "false", "1", "0", "yes", "no", "on", "off"):
                        raise ValueError(text)
                    value = text in ("true", "1", "yes", "on")
                else:
                    value = t(text)
            except ValueError:
                raise OptionError(f"option {self.name}: {value!r} is not a {t.__name__}") from None
        if t is int and isinstance(value, bool) or not isinstance(value, t):
            raise OptionError(f"option {self.name}: expected {t.__name__}, got {value!r}")
        if self.choices is not None and value not in self.choices:
            raise OptionError(f"option {self.name}: {value!r} is not one of {', '.join(map(str, self.choices))}")
        number: Any = value
        if self.min is not None and number < self.min or self.max is not None and number > self.max:
            raise OptionError(f"option {self.name}: {value!r} is outside {self.min}..{self.max}")
        return value


@dataclass(frozen=True)
class GameSpec:
    """What a game is: id, names, seats and the options it accepts."""

    id: str
    name_zh: str
    name_en: str
    min_seats: int
    max_seats: int
    options: tuple[OptionSpec, ...] = field(default=())
    seat_names: tuple[str, ...] = field(default=())
    """Display names of the seats, e.g. ``("orange", "blue", "purple")``; empty means ``seat 1`` … (``unnamed_seat``: people count from 1)"""
    seat_names_zh: tuple[str, ...] = field(default=())
    """Chinese display names of the seats, e.g. ``("橙", "蓝", "紫")``; empty means ``1号位`` …"""

    def option(self, name: str) -> OptionSpec:
        """The spec of one option; ``OptionError`` listing the known ones if there is no such option."""
        for o in self.options:
            if o.name == name:
                return o
        known = ", ".join(o.name for o in self.options) or "none"
        raise OptionError(f"{self.id} has no option {name!r}; its options are: {known}")

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults overlaid with ``given``, each validated."""
        out = {o.name: o.default for o in self.options}
        for name, value in given.items():
            out[name] = self.option(name).coerce(value)
        return out

    def describe(self) -> Json:
        """A JSON-safe summary for listings."""
        return {
            "id": self.id,
            "name_zh": self.name_zh,
            "name_en": self.name_en,
            "seats": [self.min_seats, self.max_seats],
            "options": [
                {"name": o.name, "default": o.default, "doc": o.doc, "choices": o.choices, "min": o.min, "max": o.max}
                for o in self.options
            ],
        }


A = TypeVar("A", bound=Action)
S = TypeVar("S", bound="State[Any]")


class _FlatLog(list[Event]):
    """An event log flattened for pickling (``State.__getstate__``), oldest event first."""


class State(ABC, Generic[A]):
    """One position of a game. Subclasses keep their fields as plain data (lists of ints) for cheap cloning.

    The base class owns the parts every game shares: the game (rules and options), the RNG, the event log, the
    action history and the checked ``apply``.
    """

    __slots__ = ("game", "rng", "_log", "_history")

    game: Game[Any]
    rng: Rng
    _log: EventChain
    _history: tuple[int, ...]

    # --- pickling (the server's bot workers, process pools) ------------------------------------------------
    def __getstate__(self) -> tuple[dict[str, Any] | None, dict[str, Any] | None]:
        """The state for ``pickle``, the event log as a flat list: pickling a chain recurses once per event, so a
        log of a thousand events overflowed the stack (the server's bot pool died of it mid-game)."""
        state = object.__getstate__(self)
        plain, slots = state if isinstance(state, tuple) else (state, None)
        if slots is not None and "_log" in slots:
            slots = {**slots, "_log": _FlatLog(chain_list(slots["_log"]))}
        return plain, slots

    def __setstate__(self, state: tuple[dict[str, Any] | None, dict[str, Any] | None]) -> None:
        """Rebuild a pickled state (``__getstate__``), its log a chain again."""
        plain, slots = state
        for part in (plain or {}, slots or {}):
            for name, value in part.items():
                object.__setattr__(self, name, chain_from_list(value) if isinstance(value, _FlatLog) else value)

    # --- abstract, per game -------------------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide now, or ``TERMINAL``."""

    @abstractmethod
    def legal_actions(self) -> list[A]:
        """Actions the current player may take, sorted by id; empty only when terminal."""

    @abstractmethod
    def _apply(self, action: A) -> None:
        """Carry out a legal action, pushing events with ``_emit``."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One number per seat: +1 win, -1 loss, 0 for everyone in a draw; all 0 before the end."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (empty while playing or in a draw)."""

    @abstractmethod
    def clone(self: S) -> S:
        """An independent copy; mutating either never affects the other."""

    @abstractmethod
    def view(self, seat: int | None) -> Json:
        """What ``seat`` may know (``None`` = spectator), JSON-safe."""

    @abstractmethod
    def resample(self: S, seat: int, rng: Rng) -> S:
        """A full state consistent with all that ``seat`` knows: hidden cards redealt, fresh RNG, the log as
        ``seat`` saw it."""

    def resample_by_belief(self: S, seat: int, rng: Rng) -> S:
        """Like ``resample``, but what is hidden drawn by the game's own belief model, not uniformly: in fate the
        hidden roles, in proportion to how well they explain what the seats have done in public (a seat that has
        attacked you all game is more likely an enemy in the worlds a search imagines); in wizard-towers the hidden
        cards, where players keep and play them. Games without such a model resample uniformly."""
        return self.resample(seat, rng)

    @abstractmethod
    def _fields_to_json(self) -> Json:
        """The game-specific fields as JSON."""

    # --- shared --------------------------------------------------------------------------------------------
    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.current_player() == TERMINAL

    @property
    def num_seats(self) -> int:
        """Number of seats in this game."""
        return self.game.num_seats

    def _emit(self, event: Event) -> None:
        self._log = (event, self._log)

    def apply(self, action: A | str | int, seat: int | None = None) -> list[Event]:
        """Check and carry out one action; return the events it caused.

        ``action`` may be an action object, its text or its codec id. ``seat``, when given, must be the seat to
        act. Raises ``IllegalActionError`` (or ``NotYourTurnError`` / ``GameOverError``) without changing the
        state when the action is not allowed now.
        """
        if isinstance(action, str):
            action = self.game.parse_action(action)
        elif isinstance(action, int):
            action = self.game.codec.decode(action)
        if self.is_terminal():
            raise GameOverError(f"the game is over; {action} cannot be played")
        if seat is not None and seat != self.current_player():
            raise NotYourTurnError(
                action, [], f"seat {seat} cannot act now: it is seat {self.current_player()}'s decision"
            )
        legal = self.legal_actions()
        if action not in legal:
            raise IllegalActionError(action, legal, self.why_illegal(action))  # type: ignore[arg-type]
        before = self._log
        self.apply_unchecked(action)
        return chain_since(self._log, before)

    def apply_unchecked(self, action: A) -> None:
        """Carry out an action known to be legal (fast path for search and rollouts)."""
        self._history = self._history + (action.id,)
        self._apply(action)

    def roles(self) -> list[str]:
        """Each seat's role for statistics (e.g. ``warrior``/``wizard``); defaults to the seat names.

        Games with hidden roles return the true roles; callers show them only once the game is over.
        """
        return [self.game.seat_name(s) for s in range(self.num_seats)]

    def characters(self) -> list[str] | None:
        """What each seat plays as, for statistics (e.g. the hero of a hero game), or ``None`` when seats play
        no character. Like ``roles``, for callers to show once the game is over."""
        return None

    def content(self) -> Content:
        """What content each seat met in this game, for the lab's content impact (``tablecraft.lab.content``):
        ``{kind: [items of seat 0, items of seat 1, …]}``, one list per seat, for content kinds the game names
        in its own terms (``"hero"``, ``"king"``, ``"fate"``, ``"skill"``, ``"played"`` …).

        An item a seat was dealt or holds (a hero, a fate card) is listed once; an item that happens (a skill
        used, a card played) is listed once each time, so the lab can count how often it fired. Table-wide
        content every seat faces (the demon king) is listed for every seat it affects. Like ``roles``, for
        callers to read once the game is over (it is read from the final state and its full log); JSON-safe.
        The default, ``{}``, means the game reports no content.
        """
        return {}

    def card_places(self) -> list[tuple[str, str]] | None:
        """Where every card is, as ``(place, label)`` pairs in the terms of the game's ``Sightings`` tracker
        (engine use only: the conformance suite compares it with what each seat's log showed). ``None`` (the
        default) when the game keeps no such account."""
        return None

    def never_shown(self, seat: int | None) -> set[str]:
        """Notation of every card ``seat`` has never been shown, for the conformance suite's leak scanner.

        Games with hidden information override this; the default (nothing hidden) disables the scan.
        """
        return set()

    def why_illegal(self, action: A) -> str | None:
        """An optional human reason why ``action`` is not legal now (games may override)."""
        return None

    def forward_actions(self) -> list[A]:
        """``legal_actions()`` without ``cancel``: the choices that move the game on. Agents, search, rollouts and
        environments choose among these (a bot that takes a build back only to start it again would loop)."""
        legal = self.legal_actions()
        cancel = self.game.codec.cancel
        if cancel is not None and legal and legal[-1] is cancel:
            legal.pop()
        return legal

    def can_cancel(self) -> bool:
        """True in the middle of a play the seat to move is still building: ``cancel`` is legal and takes it back."""
        cancel = self.game.codec.cancel
        if cancel is None or self.is_terminal():
            return False
        legal = self.legal_actions()
        return bool(legal) and legal[-1] is cancel

    def legal_action_mask(self) -> list[bool]:
        """Booleans over the game's codec ids: true where the action is legal now."""
        return self.game.codec.mask(self.legal_actions())

    def parse_action(self, text: str) -> A:
        """The action written as ``text`` (inverse of ``str(action)``)."""
        return self.game.parse_action(text)

    def history(self) -> list[A]:
        """Every action applied since the start, in order."""
        return [self.game.codec.decode(i) for i in self._history]

    def events(self) -> list[Event]:
        """The whole unredacted event log (engine use only; players get ``log(seat)``)."""
        return chain_list(self._log)

    def log(self, seat: int | None) -> list[Json]:
        """The event stream ``seat`` may see (``None`` = spectator), oldest first."""
        return [e.for_seat(seat) for e in chain_list(self._log)]

    def to_json(self) -> Json:
        """The whole state as JSON-safe data; ``Game.state_from_json`` is its inverse."""
        return {
            "game": self.game.spec.id,
            "options": dict(self.game.options),
            "rng": self.rng.state,
            "history": list(self._history),
            "log": [e.to_json() for e in chain_list(self._log)],
            "state": self._fields_to_json(),
        }

    def __str__(self) -> str:
        return json.dumps(self.view(None), ensure_ascii=False)


class Game(ABC, Generic[A]):
    """A rule set with its options fixed. Subclasses set ``spec`` and build their codec once."""

    spec: ClassVar[GameSpec]
    codec: ActionCodec[A]
    event_kinds: ClassVar[tuple[str, ...] | None] = None
    """Every event kind the game can emit, for the lab's rule coverage (a kind that never fires is a finding)."""

    def __init__(self, num_seats: int | None = None, **options: Any) -> None:
        self.options: dict[str, Any] = self.spec.resolve_options(options)
        n = self.spec.max_seats if num_seats is None else num_seats
        if not self.spec.min_seats <= n <= self.spec.max_seats:
            raise OptionError(
                f"{self.spec.id} is played by {self.spec.min_seats}–{self.spec.max_seats} seats, not {n}"
            )
        self.num_seats = n

    @abstractmethod
    def new_initial_state(self, seed: int, setup: Json | None = None) -> State[A]:
        """The starting position for ``seed``; ``setup`` (the game's documented JSON format) sets any position."""

    @abstractmethod
    def state_from_json(self, data: Json) -> State[A]:
        """Rebuild a state from ``State.to_json()``."""

    def parse_action(self, text: str) -> A:
        """The action written as ``text``; ``InvalidActionError`` if it names none."""
        return self.codec.parse(text)

    def seat_name(self, seat: int, lang: str = "en") -> str:
        """Display name of seat index ``seat`` in ``lang`` (``en`` or ``zh``): the game's name for it, or, in a game
        that names no seats, its number as people count — from 1 (``seat 1`` / ``1号位`` for index 0), like the
        browser tables. Indices (``seat`` here, action ids, JSON, the RL environments) count from 0.

        >>> from tablecraft import load
        >>> load("fate", num_seats=4).seat_name(0), load("fate", num_seats=4).seat_name(0, "zh")
        ('seat 1', '1号位')
        """
        if lang == "zh":
            zh = self.spec.seat_names_zh
            return zh[seat] if seat < len(zh) else unnamed_seat(seat, "zh")
        names = self.spec.seat_names
        return names[seat] if seat < len(names) else unnamed_seat(seat)

    def describe_event(self, event: Json, lang: str = "en") -> str:
        """One line of player-facing text for an event as seen by some seat (games override)."""
        return json.dumps(event, ensure_ascii=False)

    def describe_action(self, action: A, lang: str = "en", state: State[A] | None = None) -> str:
        """Player-facing text for an action (games override); defaults to its notation. ``state``, when given, is
        the position the action is legal in, so the text can name what the action refers to there (a skill's
        name for ``skill 1``)."""
        return str(action)

    def action_price(self, state: State[A], action: A, lang: str = "en") -> str | None:
        """What choosing ``action`` (legal in ``state``) costs the seat to move, in ``lang`` (``en`` or ``zh``):
        the cards it spends or discards, the life, rage or energy it pays, a turn it may lose — or ``None`` when
        it costs nothing. A player is told the price on the choice itself, before committing (a first attack that
        spent three cards and lost a co-op game unannounced is why this exists).

        The price is the mover's own knowledge: computed from what the seat to move may know (its view and log),
        so it reads the same in every world ``state.resample(mover, rng)`` could be (the conformance suite checks
        ``check_prices_are_blind``) and never names a hidden card. Where the price depends on chance, it says the
        chance as the seat can reckon it. Games override this; the default knows no price."""
        return None

    levels: ClassVar[Mapping[str, str]] = {}
    """The agent spec behind each difficulty level this game sets itself (``{"hard": "ismcts:iterations=300"}``);
    a level it does not name uses ``tablecraft.agents.levels.DEFAULT_SPECS``. ``make_agent("hard", game)`` reads
    it, so the CLI, the lab and the server offer the same levels."""
    level_blurbs: ClassVar[Mapping[str, tuple[str, str]]] = {}
    """What playing a level is like in this game, ``(zh, en)``, where it differs from the level's general line
    (``tablecraft.agents.levels.game_level``): e.g. a level that searches for one role only says so."""

    def is_eliminated(self, state: State[A], seat: int) -> bool:
        """True once ``seat`` is out of a game that goes on without it (a dead hero or warrior). Games where a
        seat can drop out override this; by default no seat ever is."""
        return False

    def is_self_destroying(self, state: State[A], action: A) -> bool:
        """True when ``action``, taken by the seat to move in ``state``, loses the game for that seat or takes it
        out (``is_eliminated``) as its own direct result: before anybody makes a real choice (one with more than
        one forward action: ``cancel`` is no way out) that could prevent it.

        Agents use it to never choose such an action while a safe one exists (``tablecraft.agents.Guarded``), so
        ``state`` is usually a world the agent sampled: where chance follows the action, the answer is for that
        world's draw. Games whose self-destruction passes through other seats' choices (a dying window where
        anybody may rescue) override this.
        """
        mover = state.current_player()
        s = state.clone()
        s.apply_unchecked(action)
        for _ in range(SELF_DESTROY_LOOKAHEAD):
            if s.is_terminal():
                return s.returns()[mover] < 0
            if self.is_eliminated(s, mover):
                return True
            legal = s.forward_actions()
            if len(legal) != 1:
                return False
            s.apply_unchecked(legal[0])
        return False

    def sightings(self, seat: int) -> Sightings | None:
        """A tracker of what ``seat`` openly sees of where cards are, fed with its own event stream
        (``tablecraft.core.sightings``), or ``None`` (the default) when the game supplies none."""
        return None

    def make_heuristic(self, **params: Any) -> Any:
        """This game's heuristic agent (an object with ``name`` and ``act(obs, rng)``), or ``None`` if it has none.

        Games override this; the agent may use only the observation it is handed (view, log, legal actions).
        """
        return None

    def sides(self, state: State[A]) -> list[int]:
        """Which side each seat plays on in ``state``: seats of one side win and lose together. Each side is
        labelled by its lowest seat, so the default — every seat for itself — is ``[0, 1, 2, …]``, a team game
        repeats labels (``[0, 1, 0, 1]``) and a co-operative game, one team against the game, is all zeros.

        The lab's quality metrics (``tablecraft.lab.quality``) read it on the final state to tell who was ahead
        of whom; hidden roles are the true ones, so callers show them only once the game is over. Games with
        teams or co-operation override it.
        """
        return list(range(state.num_seats))

    def evaluate(self, state: State[A], seat: int) -> float:
        """A heuristic value in [-1, 1] of ``state`` for ``seat`` (used by search at its depth cut-off).

        The default knows nothing: the returns at the end, 0 before. ``state`` may be a resampled world.
        """
        return state.returns()[seat] if state.is_terminal() else 0.0

    def observation_hints(self) -> dict[str, dict[str, Any]]:
        """Hints for the generic observation encoder of ``tablecraft.envs`` (ignore a view path, fix a vocabulary,
        set a list length, scale a number; see ``tablecraft/envs/encoding.py``). None by default."""
        return {}

    def make_observation_encoder(self) -> Any:
        """This game's own observation encoder for ``tablecraft.envs``, or ``None`` to use the generic one."""
        return None

    def replay(self, seed: int, actions: Sequence[int | str | A], setup: Json | None = None) -> State[A]:
        """The state reached from ``seed`` (and ``setup``) by applying ``actions`` with checks."""
        state = self.new_initial_state(seed, setup)
        for a in actions:
            state.apply(a)
        return state


def check_json_state_header(game: Game[Any], data: Json) -> None:
    """Raise ``OptionError`` if saved state ``data`` belongs to another game or other options."""
    if data.get("game") != game.spec.id:
        raise OptionError(f"this saved state is for game {data.get('game')!r}, not {game.spec.id!r}")
    if data.get("options") != game.options:
        raise OptionError(
            f"this saved state was made with options {data.get('options')}, the game has {game.options}; "
            "load the game with the saved options"
        )
