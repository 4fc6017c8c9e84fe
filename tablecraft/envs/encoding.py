"""Observations as fixed-shape tensors: a generic encoder of ``view(seat)`` for every game, with a printable layout.

Views are per-game JSON, so the generic encoder learns each game's *schema* first: it plays seeded random games
(up to ``SCHEMA_GAMES``, until ``SCHEMA_MAX_VIEWS`` views; always the same seeds, so every process builds the same
layout) and walks the views of every seat at every position, recording for each path of the JSON tree which
types occur, which strings, the range of numbers and the longest list. The schema is then compiled into an encoder
that writes one float32 vector whose length, for a given game, options and seat count, never changes. The encoder
reads only the view it is handed; it never sees a state.

How each JSON value becomes numbers (every slice is named by its path; ``describe()`` prints them all):

==========================  ==========================================================================================
value at a path             features
==========================  ==========================================================================================
always the same value       none (listed in the layout as ``constant``)
``true``/``false``          one flag
number                      ``value / scale`` (``scale`` = largest magnitude seen), clipped to ±``CLIP``; an integer
                            path whose values span at most ``ONE_HOT_SPAN`` also gets a one-hot of the value
                            (clamped to the range seen)
string                      one-hot over the path's vocabulary: the 54 cards (``AS`` … ``JKB``, ``core.cards``
                            order) if any card notation was seen there, then the other strings seen (sorted), then
                            ``<other>`` for strings never seen in sampling
``null`` / missing key      a ``<null>`` slot (for strings, one more vocabulary entry)
object                      its keys' features, in the order the keys were first seen (all 0 when the object is
                            null or absent: its ``<null>`` slot says so)
list of strings             ``counts``: how many elements are each vocabulary entry (a hand of cards is a multi-hot
                            over the 54 cards), scaled by the largest count seen; when the list is never longer
                            than ``POSITIONAL_MAX`` also a one-hot per position (order can matter: battle cards)
other lists                 one block per position up to the longest list seen: a ``present`` flag (left out
                            for positions always filled) and the element's features
any list                    ``length / longest`` unless its length never varies
==========================  ==========================================================================================

Values never met in sampling still encode: unseen strings go to ``<other>``, longer lists are truncated to the
positions declared (their counts stay exact), numbers clip, a key missing where sampling always saw it reads as
null; ``ViewEncoder.misses`` counts such events.

Per-game tuning, without writing an encoder: a game class may define ``observation_hints()`` returning
``{path: {option: value}}`` with paths written as in the layout with ``[]`` for any list element
(``"players[].hand"``). Options: ``ignore`` (never encode the path), ``vocab`` (fixed vocabulary, a list of
strings or ``"cards"``), ``max_len`` (positions of a list), ``positional`` (one-hot per position for a list of
strings), ``scale`` (divisor of a number).

A game may instead supply its whole encoder: a ``make_observation_encoder()`` method on its ``Game`` class
returning any object with the ``ObservationEncoder`` protocol (``size``, ``low``, ``high``, ``encode(view)``,
``describe()``), optionally with ``encode_state(state, seat)`` too (``StateEncoder``: the same vector read from the
state's fields, for speed; ``tablecraft.envs.layout.GameEncoder`` is the base for such encoders).
``encoder_for(game)`` picks the game's own encoder if it has one, else the generic one.

>>> import tablecraft
>>> enc = encoder_for(tablecraft.load("wizard-towers"))
>>> state = tablecraft.load("wizard-towers").new_initial_state(seed=4)
>>> x = enc.encode(state.view(0))
>>> x.shape == (enc.size,), str(x.dtype)
(True, 'float32')
>>> s = enc.slice("players[0].hand")
>>> sorted(enc.labels[i] for i in range(s.start, s.stop) if x[i] > 0) == sorted(state.view(0)["players"][0]["hand"])
True
"""

from __future__ import annotations

import functools
import json
import random
from array import array
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

import numpy as np

from tablecraft.core.api import Game, Json, State
from tablecraft.core.cards import FULL_DECK, card_str

SCHEMA_GAMES = 24
"""Random games played (seeds 0, 1, …) to learn a game's view schema."""
SCHEMA_MAX_VIEWS = 36_000
"""No new game starts once this many views were sampled (one per seat per position; never fewer than 4 games)."""
CLIP = 4.0
"""Scaled numbers and counts are clipped to ±CLIP: up to four times the largest value seen in sampling."""
ONE_HOT_SPAN = 12
"""An integer path whose sampled values lie within this span (max − min) also gets a one-hot of its value."""
POSITIONAL_MAX = 4
"""Lists of strings never longer than this also get a one-hot per position."""
MAX_POSITIONS = 64
"""Positional blocks of one list never exceed this (longer lists seen in sampling are truncated; hint to change)."""
MAX_VOCAB = 1024
"""A string path with more distinct values than this is free text: it is ignored (hint a vocab to encode it)."""

CARD_VOCAB: tuple[str, ...] = tuple(card_str(c) for c in FULL_DECK)
"""The 54 playing cards in notation, in ``core.cards`` order: the vocabulary of any path holding card notation."""
_CARDS = frozenset(CARD_VOCAB)
NULL = "<null>"
OTHER = "<other>"

HINT_KEYS = frozenset({"ignore", "vocab", "max_len", "positional", "scale"})
Hints = Mapping[str, Mapping[str, Any]]


# ------------------------------------------------------------------------------------------------ protocol
@runtime_checkable
class ObservationEncoder(Protocol):
    """Turns a seat's view into a fixed-shape float32 vector. ``low``/``high`` bound every element."""

    size: int
    low: np.ndarray
    high: np.ndarray

    def encode(self, view: Json) -> np.ndarray:
        """The observation vector (float32, shape ``(size,)``) of one ``view(seat)``; a new array each call."""
        ...

    def describe(self) -> str:
        """A human-readable table of the layout: which slice means what."""
        ...


@runtime_checkable
class StateEncoder(ObservationEncoder, Protocol):
    """An encoder that can also read a state directly: ``encode_state(state, seat)`` returns exactly
    ``encode(state.view(seat))`` without building the view (environments use it when present; a game's own
    encoder built on ``tablecraft.envs.layout.GameEncoder`` has it, tested against ``encode``)."""

    def encode_state(self, state: State[Any], seat: int) -> np.ndarray:
        """``encode(state.view(seat))``, a new float32 array."""
        ...


def state_observer(encoder: ObservationEncoder) -> Callable[[State[Any], int], np.ndarray]:
    """The fastest way ``encoder`` has to encode what a seat sees: its ``encode_state`` if it has one, else
    ``encode(state.view(seat))``."""
    fast = getattr(encoder, "encode_state", None)
    if callable(fast):
        return fast
    encode = encoder.encode
    return lambda state, seat: encode(state.view(seat))


@dataclass(frozen=True)
class Slice:
    """One named block of the observation vector: ``vector[start:stop]``."""

    name: str
    """The view path, with list positions: ``players[0].hand``."""
    start: int
    stop: int
    kind: str
    """``flag``, ``value``, ``one-hot``, ``counts``, ``length``, ``present``, ``null`` or ``constant`` (width 0)."""
    note: str = ""
    """How the numbers are made (scale, vocabulary size, constant value …)."""
    labels: tuple[str, ...] = ()
    """One label per feature (a one-hot's vocabulary, a one-hot range's values)."""

    @property
    def width(self) -> int:
        """Number of features in the slice."""
        return self.stop - self.start


# ------------------------------------------------------------------------------------------------ schema
@dataclass
class PathStats:
    """What sampling saw at one path of the view tree (all list elements of a path share one ``PathStats``)."""

    seen: int = 0
    nulls: int = 0
    """Times the value was ``null`` or its key was missing from the object."""
    missing: int = 0
    """Times the key was missing from the object."""
    bools: int = 0
    numbers: int = 0
    all_int: bool = True
    num_min: float = float("inf")
    num_max: float = float("-inf")
    strings: dict[str, int] = field(default_factory=dict)
    objects: int = 0
    keys: dict[str, PathStats] = field(default_factory=dict)
    lists: int = 0
    elem: PathStats | None = None
    min_len: int = 1 << 30
    max_len: int = 0
    max_count: int = 0
    """For lists: the most times one string occurred in one list."""
    max_nulls: int = 0
    """For lists: the most ``null`` elements in one list."""
    first: Any = None
    constant: bool = True
    """Every value seen equals ``first`` (scalars only)."""

    def add(self, x: Any) -> None:
        """Record one value met at this path."""
        self.seen += 1
        if x is None:
            self.nulls += 1
            self.constant = False
            return
        t = type(x)
        if t is dict:
            self.objects += 1
            self.constant = False
            for k in self.keys:
                if k not in x:
                    self.keys[k].seen += 1
                    self.keys[k].nulls += 1
                    self.keys[k].missing += 1
                    self.keys[k].constant = False
            for k, v in x.items():
                child = self.keys.get(k)
                if child is None:
                    child = self.keys[k] = PathStats()
                    if self.objects > 1:  # absent from the objects before this one
                        child.seen += self.objects - 1
                        child.nulls += self.objects - 1
                        child.missing += self.objects - 1
                        child.constant = False
                child.add(v)
            return
        if t is list or t is tuple:
            self.lists += 1
            self.constant = False
            n = len(x)
            self.min_len = min(self.min_len, n)
            self.max_len = max(self.max_len, n)
            if self.elem is None:
                self.elem = PathStats()
            counts: dict[str, int] = {}
            nulls = 0
            for e in x:
                self.elem.add(e)
                if e is None:
                    nulls += 1
                elif type(e) is str:
                    counts[e] = counts.get(e, 0) + 1
            if counts:
                self.max_count = max(self.max_count, max(counts.values()))
            self.max_nulls = max(self.max_nulls, nulls)
            return
        if self.seen == 1:
            self.first = x
        elif self.constant and (x != self.first or type(x) is not type(self.first)):
            self.constant = False
        if t is bool:
            self.bools += 1
        elif t is int or t is float:
            self.numbers += 1
            if t is float:
                self.all_int = False
            if x < self.num_min:
                self.num_min = x
            if x > self.num_max:
                self.num_max = x
        elif t is str:
            self.strings[x] = self.strings.get(x, 0) + 1
        # any other type is not JSON and is ignored


def _sample_views(game: Game[Any], games: int, max_views: int) -> Iterable[Json]:
    """Views of every seat along seeded random playouts (the same views every time for a given game)."""
    views = 0
    for seed in range(games):
        if seed >= 4 and views >= max_views:
            return
        state: State[Any] = game.new_initial_state(seed)
        rng = random.Random(seed)
        while True:
            for seat in range(game.num_seats):
                yield state.view(seat)
            views += game.num_seats
            if state.is_terminal():
                break
            legal = state.forward_actions()
            state.apply_unchecked(legal[rng.randrange(len(legal))])


def learn_schema(game: Game[Any], games: int = SCHEMA_GAMES, max_views: int = SCHEMA_MAX_VIEWS) -> PathStats:
    """The statistics of every path of ``game``'s views, from seeded random playouts (deterministic): seeds 0, 1 …
    up to ``games`` games, starting no new game once ``max_views`` views were seen (but never before 4 games)."""
    root = PathStats()
    for view in _sample_views(game, games, max_views):
        root.add(view)
    return root


# ------------------------------------------------------------------------------------------------ compiler
# The schema is compiled to the source of one Python function (``ViewEncoder.source`` shows it): one straight
# walk over the view with every offset, vocabulary and scale a constant. Compared with a tree of closures this
# halves the cost of encoding, which is most of what an environment adds to a step (benchmarks/env_overhead.py).
#
# The function writes into ``B``, a zeroed ``array('f')`` of the observation's size that becomes the NumPy vector
# without a copy; values are scaled and clipped as they are written.


OPEN, CLOSE, FAST_ONLY, SAFE_ONLY = "\x00", "\x01", "\x02", "\x03"
"""Markers in generated code: around a key that sampling always saw (``x[key]`` in the fast variant,
``x.get(key)`` in the safe one), and in front of a line that belongs to one variant only."""


class _Builder:
    """Allocates features left to right, records the layout and bounds, and writes the encoding function."""

    def __init__(self, hints: Hints) -> None:
        self.hints = hints
        self.slices: list[Slice] = []
        self.labels: list[str] = []
        self.low: list[float] = []
        self.high: list[float] = []
        self.lines: list[str] = []
        self.consts: dict[str, Any] = {}
        self._names = 0

    @property
    def pos(self) -> int:
        return len(self.low)

    def alloc(
        self, name: str, kind: str, labels: Iterable[str], low: float = 0.0, high: float = 1.0, note: str = "",
    ) -> int:
        start = self.pos
        labs = tuple(labels)
        for lab in labs:
            self.labels.append(f"{name}={lab}" if lab else name)
            self.low.append(low)
            self.high.append(high)
        self.slices.append(Slice(name, start, self.pos, kind, note, labs))
        return start

    def constant(self, name: str, value: Any) -> None:
        self.slices.append(Slice(name, self.pos, self.pos, "constant", f"always {json.dumps(value)}"))

    def hint(self, path: str) -> Mapping[str, Any]:
        return self.hints.get(path, {})

    def var(self, stem: str = "x") -> str:
        self._names += 1
        return f"{stem}{self._names}"

    def const(self, value: Any) -> str:
        name = self.var("K")
        self.consts[name] = value
        return name

    def emit(self, depth: int, *code: str) -> None:
        """Add lines at indentation ``depth``; a line starting with ``FAST_ONLY``/``SAFE_ONLY`` keeps its marker
        in front, for ``ViewEncoder`` to keep it in one variant only."""
        for c in code:
            marker = c[0] if c[:1] in (FAST_ONLY, SAFE_ONLY) else ""
            self.lines.append(marker + "    " * depth + c[len(marker):])

    # ---------------------------------------------------------------------------------------------- nodes
    def node(self, s: PathStats, path: str, name: str, x: str, d: int) -> None:
        """Write the code encoding the value held in variable ``x`` (generic path ``path``, layout name ``name``)
        at indentation depth ``d``."""
        h = self.hint(path)
        if h.get("ignore"):
            self.slices.append(Slice(name, self.pos, self.pos, "ignored", "hinted: ignore"))
            return
        scalars = s.strings or s.numbers or s.bools
        if s.objects and (not s.lists or s.objects >= s.lists):
            # an object (a path that also held scalars encodes only the object: the scalars read as null)
            self.obj(s, path, name, x, d)
        elif s.lists:
            self.lst(s, path, name, h, x, d)
        elif scalars or s.nulls:
            self.leaf(s, name, h, x, d)
        else:
            self.constant(name, None)

    def null_flag(self, s: PathStats, name: str) -> int:
        """The index of the path's ``<null>`` flag, or -1 when it was never null (or always was)."""
        if 0 < s.nulls < s.seen:
            return self.alloc(name, "null", [NULL])
        return -1

    def obj(self, s: PathStats, path: str, name: str, x: str, d: int) -> None:
        null_i = self.null_flag(s, name)
        self.emit(d, f"if type({x}) is dict:")
        start = len(self.lines)
        for key, child in s.keys.items():
            cx = self.var()
            # a key present in every object sampled is read by subscript (faster) in the fast variant
            access = f".get({key!r})" if child.missing else f"{OPEN}{key!r}{CLOSE}"
            self.emit(d + 1, f"{cx} = {x}{access}")
            before = len(self.lines)
            self.node(child, f"{path}.{key}" if path else key, f"{name}.{key}" if name else key, cx, d + 1)
            if len(self.lines) == before:  # a constant or ignored key: nothing reads it
                self.lines.pop()
        if len(self.lines) == start:
            self.emit(d + 1, "pass")
        if null_i >= 0:  # (an absent object leaves all its keys' features 0; its null flag says it is absent)
            self.emit(d, "else:", f"    B[{null_i}] = 1.0")

    def vocabulary(self, s: PathStats, h: Mapping[str, Any], name: str) -> tuple[str, ...] | None:
        """The path's string vocabulary (``None``: too many strings, ignored as free text)."""
        given = h.get("vocab")
        if given == "cards":
            return CARD_VOCAB
        if given is not None:
            return tuple(given)
        seen = set(s.strings)
        if len(seen) > MAX_VOCAB:
            self.slices.append(Slice(name, self.pos, self.pos, "ignored", f"free text: {len(seen)} strings"))
            return None
        if seen & _CARDS:
            return CARD_VOCAB + tuple(sorted(seen - _CARDS))
        return tuple(sorted(seen))

    def leaf(self, s: PathStats, name: str, h: Mapping[str, Any], x: str, d: int) -> None:
        if s.nulls == s.seen:
            self.constant(name, None)
            return
        if s.constant and s.nulls == 0:
            self.constant(name, s.first)
            return
        nullable = s.nulls > 0
        table = ""
        other_i = null_i = -1
        if s.strings:  # one-hot over the vocabulary, null folded in as one more entry
            vocab = self.vocabulary(s, h, name)
            if vocab is not None:
                labels = [v if v else '""' for v in vocab] + [OTHER] + ([NULL] if nullable else [])
                start = self.alloc(name, "one-hot", labels, note=f"{len(vocab)} values, <other> for unseen")
                other_i = start + len(vocab)
                mapping: dict[str | None, int] = {v: start + i for i, v in enumerate(vocab)}
                if nullable:
                    mapping[None] = null_i = other_i + 1
                table = self.const(mapping)
        if nullable and not table:
            null_i = self.alloc(name, "null", [NULL])
        bool_i = self.alloc(name, "flag", [""]) if s.bools else -1
        num: list[str] = []
        if s.numbers:
            scale = float(h.get("scale") or max(abs(s.num_min), abs(s.num_max), 1.0))
            low = 0.0 if s.num_min >= 0 else -CLIP
            val_i = self.alloc(name, "value", [""], low=low, high=CLIP,
                               note=f"value / {scale:g}, clipped to [{low:g}, {CLIP:g}]")
            num = [f"v = {x} * {1.0 / scale!r}",
                   f"B[{val_i}] = {CLIP!r} if v > {CLIP!r} else {low!r} if v < {low!r} else v"]
            if s.all_int and s.num_max - s.num_min <= ONE_HOT_SPAN:
                lo, hi = int(s.num_min), int(s.num_max)
                hot_i = self.alloc(name, "one-hot", [str(v) for v in range(lo, hi + 1)],
                                   note=f"value in {lo}..{hi} (clamped)")
                # int(x) also floors a float met where sampling saw only integers
                num.append(f"B[{hot_i - lo} + ({lo} if {x} < {lo} else {hi} if {x} > {hi} else int({x}))] = 1.0")
        if num and not table and bool_i < 0 and null_i < 0:  # a number only
            self.emit(d, f"if type({x}) is int or type({x}) is float:", *("    " + c for c in num))
            return
        if table and bool_i < 0 and not num:  # a string (or null) only
            self.emit(d, "try:", f"    B[{table}[{x}]] = 1.0", "except (KeyError, TypeError):",
                      f"    if type({x}) is str:", "        MISS['unseen_string'] = MISS.get('unseen_string', 0) + 1", f"        B[{other_i}] = 1.0")
            return
        self.emit(d, f"t = type({x})")
        branch = "if"
        if null_i >= 0:
            self.emit(d, f"if {x} is None:", f"    B[{null_i}] = 1.0")
            branch = "elif"
        if bool_i >= 0:
            self.emit(d, f"{branch} t is bool:", f"    if {x}:", f"        B[{bool_i}] = 1.0")
            branch = "elif"
        if num:  # (without a flag of its own, a bool at a number's path reads as 0 or 1)
            self.emit(d, f"{branch} t is int or t is float or t is bool:", *("    " + c for c in num))
            branch = "elif"
        if table:
            self.emit(d, f"{branch} t is str:", f"    B[{table}.get({x}, {other_i})] = 1.0",
                      f"    if {x} not in {table}:", "        MISS['unseen_string'] = MISS.get('unseen_string', 0) + 1")

    def lst(self, s: PathStats, path: str, name: str, h: Mapping[str, Any], x: str, d: int) -> None:
        null_i = self.null_flag(s, name)
        e = s.elem if s.elem is not None else PathStats()
        longest = max(int(h.get("max_len") or s.max_len), 1)
        n = self.var("n")
        self.emit(d, f"if type({x}) is not list:")
        self.emit(d + 1, f"B[{null_i}] = 1.0" if null_i >= 0 else "pass")
        self.emit(d, "else:")
        d += 1
        self.emit(d, f"{n} = len({x})")
        if s.min_len != s.max_len or "max_len" in h:
            len_i = self.alloc(name, "length", ["#"], high=CLIP, note=f"length / {longest}")
            self.emit(d, f"v = {n} * {1.0 / longest!r}", f"B[{len_i}] = {CLIP!r} if v > {CLIP!r} else v")
        elem_path = path + "[]"
        eh = self.hint(elem_path)
        positional = True
        if e.strings and not (e.objects or e.lists or e.numbers or e.bools) and not eh.get("ignore"):
            vocab = self.vocabulary(e, eh, elem_path)
            if vocab is not None:
                most = max(s.max_count, 1)
                start = self.alloc(name, "counts", [v if v else '""' for v in vocab] + [OTHER], high=CLIP,
                                   note=f"count of each value / {most}")
                table = self.const({v: start + i for i, v in enumerate(vocab)})
                other = start + len(vocab)
                counts = self.var("k")
                loop = [f"for e in {x}:", "    if e is not None:",
                        f"        i = {table}.get(e, -1) if type(e) is str else -1",
                        "        if i < 0:", "            MISS['unseen_string'] = MISS.get('unseen_string', 0) + 1",
                        f"            i = {other}"]
                if most > 1:  # a value may occur several times: count them
                    self.emit(d, f"{counts} = {{}}", *loop, f"        {counts}[i] = {counts}.get(i, 0) + 1",
                              f"for i, k in {counts}.items():", f"    v = k * {1.0 / most!r}",
                              f"    B[i] = {CLIP!r} if v > {CLIP!r} else v")
                elif e.nulls:  # every value at most once, as in sampling: a multi-hot
                    self.emit(d, *loop, "        B[i] = 1.0")
                else:
                    # a list of strings without repeats or nulls (a hand): the fast variant looks each one up
                    # directly, and anything unusual raises KeyError or TypeError so the safe variant takes over
                    self.emit(d, f"{FAST_ONLY}for e in {x}:", f"{FAST_ONLY}    B[{table}[e]] = 1.0")
                    self.emit(d, *(SAFE_ONLY + line for line in [*loop, "        B[i] = 1.0"]))
                if e.nulls:
                    nulls = max(s.max_nulls, 1)
                    nulls_i = self.alloc(name, "counts", [NULL], high=CLIP, note=f"count of nulls / {nulls}")
                    self.emit(d, f"k = {x}.count(None)", "if k:", f"    v = k * {1.0 / nulls!r}",
                              f"    B[{nulls_i}] = {CLIP!r} if v > {CLIP!r} else v")
            positional = bool(h.get("positional", longest <= POSITIONAL_MAX))
        positions = min(longest, MAX_POSITIONS) if positional else 0
        if positions:
            self.emit(d, f"if {n} > {positions}:", "    MISS['truncated_list'] = MISS.get('truncated_list', 0) + 1")
        for i in range(positions):
            pname = f"{name}[{i}]"
            ex = self.var("e")
            self.emit(d, f"if {n} > {i}:")
            if i >= s.min_len:
                self.emit(d + 1, f"B[{self.alloc(pname, 'present', [''])}] = 1.0")
            self.emit(d + 1, f"{ex} = {x}[{i}]")
            before = len(self.lines)
            self.node(e, elem_path, pname, ex, d + 1)
            if len(self.lines) == before:
                self.emit(d + 1, "pass")


# ------------------------------------------------------------------------------------------------ encoder
class ViewEncoder:
    """The generic encoder of one game's views (see the module docstring for the rules of the layout).

    ``size`` features; ``slices`` names every block; ``labels[i]`` names feature ``i``; ``low``/``high`` bound
    them; ``misses`` counts values met at encoding time that sampling never saw (``unseen_string``,
    ``truncated_list``) and views the fast variant of the generated code handed to the safe one (``fallback``: a
    key missing where sampling always saw it, an unseen string in a list …).
    """

    def __init__(self, game_id: str, schema: PathStats, hints: Hints | None = None) -> None:
        hints = dict(hints or {})
        for path, h in hints.items():
            unknown = set(h) - HINT_KEYS
            if unknown:
                raise ValueError(
                    f"observation hint for {path!r} has unknown keys {sorted(unknown)}; known: {sorted(HINT_KEYS)}"
                )
        self.game_id = game_id
        b = _Builder(hints)
        b.node(schema, "", "", "view", 1)
        self.size: int = b.pos
        safe_lines = [ln.lstrip(SAFE_ONLY) for ln in b.lines if not ln.startswith(FAST_ONLY)]
        fast_lines = [ln.lstrip(FAST_ONLY) for ln in b.lines if not ln.startswith(SAFE_ONLY)]
        head, tail = "def _encode(view, B):\n", "\n    return None\n"
        self.source = (head + "\n".join(safe_lines) + tail).replace(OPEN, ".get(").replace(CLOSE, ")")
        """The generated encoding function (for reading and debugging)."""
        # Two variants of it: ``_fast`` reads the keys sampling always saw by subscript and raises KeyError when
        # one is missing after all; ``_safe`` (``source``) reads every key with ``get``. The fast variant counts
        # unusual values apart (``MISS_FAST``) so that a view encoded twice is counted once.
        fast = (head + "\n".join(fast_lines) + tail).replace(OPEN, "[").replace(CLOSE, "]")
        fast = fast.replace("MISS", "MISS_FAST")
        self.misses: dict[str, int] = {"unseen_string": 0, "truncated_list": 0, "fallback": 0}
        self._fast_misses: dict[str, int] = {}
        namespace: dict[str, Any] = {**b.consts, "MISS": self.misses, "MISS_FAST": self._fast_misses}
        exec(compile(self.source, f"<observation encoder of {game_id}>", "exec"), namespace)
        self._safe: Callable[[Any, array[float]], None] = namespace["_encode"]
        exec(compile(fast, f"<observation encoder of {game_id} (fast)>", "exec"), namespace)
        self._fast: Callable[[Any, array[float]], None] = namespace["_encode"]
        self._zeros = array("f", bytes(4 * self.size))
        if self.size == 0:
            raise ValueError(f"{game_id}: the views carry no information to encode")
        self.slices: tuple[Slice, ...] = tuple(b.slices)
        self.labels: tuple[str, ...] = tuple(b.labels)
        self.low = np.asarray(b.low, dtype=np.float32)
        self.high = np.asarray(b.high, dtype=np.float32)

    def encode(self, view: Json) -> np.ndarray:
        """The observation vector of ``view`` (a seat's view of the game), a new float32 array."""
        buf = self._zeros[:]  # a fresh zeroed buffer (a memcpy), owned by the array returned
        try:
            self._fast(view, buf)
        except (KeyError, TypeError):  # something sampling never saw: encode again with the safe variant
            self._fast_misses.clear()
            self.misses["fallback"] += 1
            buf = self._zeros[:]
            self._safe(view, buf)
        if self._fast_misses:
            for k, n in self._fast_misses.items():
                self.misses[k] += n
            self._fast_misses.clear()
        return np.frombuffer(buf, dtype=np.float32)

    def slice(self, name: str) -> Slice:
        """The slice of the feature block named ``name`` (``KeyError`` listing near names if none)."""
        for s in self.slices:
            if s.name == name and s.kind not in ("constant", "ignored", "null", "present", "length"):
                return s
        for s in self.slices:
            if s.name == name:
                return s
        near = sorted({s.name for s in self.slices if name.split(".")[-1] in s.name})[:10]
        raise KeyError(f"no observation slice {name!r}; similar: {', '.join(near) or 'none'}")

    def feature(self, label: str) -> int:
        """The index of the feature labelled ``label`` (``players[0].hand=AS``, ``turn``)."""
        try:
            return self.labels.index(label)
        except ValueError:
            raise KeyError(f"no observation feature {label!r}") from None

    def describe(self) -> str:
        """The layout as a table: slice, kind, meaning (constant and ignored paths listed with width 0)."""
        lines = [f"{self.game_id}: {self.size} features (float32)", f"{'slice':>11}  {'kind':<8} {'path':<34} note"]
        for s in self.slices:
            span = f"{s.start}:{s.stop}" if s.width else "—"
            note = s.note
            if s.labels and s.kind in ("one-hot", "counts") and s.width <= 12:
                note = (note + "; " if note else "") + " ".join(s.labels)
            lines.append(f"{span:>11}  {s.kind:<8} {s.name or '(view)':<34} {note}")
        return "\n".join(lines)


def _hints_of(game: Game[Any]) -> dict[str, dict[str, Any]]:
    fn = getattr(game, "observation_hints", None)
    return {k: dict(v) for k, v in (fn() if callable(fn) else {}).items()}


@functools.lru_cache(maxsize=32)
def _generic(game_id: str, num_seats: int, options_json: str, hints_json: str) -> ViewEncoder:
    from tablecraft.core.registry import load

    game = load(game_id, num_seats=num_seats, **json.loads(options_json))
    return ViewEncoder(game_id, learn_schema(game), json.loads(hints_json))


def generic_encoder(game: Game[Any], hints: Hints | None = None) -> ViewEncoder:
    """The generic encoder of ``game``'s views (learned once per game, options, seat count and hints, per process).

    ``hints`` are added to (and override) the game's own ``observation_hints()``.
    """
    merged = _hints_of(game) | {k: dict(v) for k, v in (hints or {}).items()}
    return _generic(
        game.spec.id, game.num_seats, json.dumps(game.options, sort_keys=True), json.dumps(merged, sort_keys=True)
    )


def encoder_for(game: Game[Any], hints: Hints | None = None) -> ObservationEncoder:
    """The encoder of ``game``: its own ``make_observation_encoder()`` if it has one, else the generic encoder."""
    own = getattr(game, "make_observation_encoder", None)
    if callable(own) and hints is None:
        enc = own()
        if enc is not None:
            if not isinstance(enc, ObservationEncoder):
                raise TypeError(f"{game.spec.id}.make_observation_encoder() returned {enc!r}, not an ObservationEncoder")
            return enc
    return generic_encoder(game, hints)


def describe_layout(game_id: str, num_seats: int | None = None, **options: Any) -> str:
    """The observation layout of a game (with options and seat count) as printable text.

    >>> print(describe_layout("wizard-towers").splitlines()[0])  # doctest: +ELLIPSIS
    wizard-towers: ... features (float32)
    """
    from tablecraft.core.registry import load

    return encoder_for(load(game_id, num_seats=num_seats, **options)).describe()
