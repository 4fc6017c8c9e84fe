"""The frame of a game's own observation encoder: a hand-laid layout, and two paths that must agree.

A game may replace the generic encoder (``tablecraft.envs.encoding.ViewEncoder``) with its own, returned by
``Game.make_observation_encoder()``. ``GameEncoder`` is the base for such an encoder. A subclass lays out its
features once (``Layout``: named slices with labels and bounds, as the generic layout has) and writes them in two
ways:

- ``write_view(view, out)`` from a seat's ``view(seat)`` JSON, exactly like every encoder: the knowledge model is
  the view's, so this path cannot show a seat more than it may know;
- ``write_state(state, seat, out)`` straight from the state's own fields, mirroring the game's ``view_of``
  without building the JSON. It exists for speed only (an environment observes a seat at every step, and building
  a view costs more than an engine decision); ``encode_state(state, seat)`` must equal
  ``encode(state.view(seat))`` bit for bit, and the test suite checks this on random positions of every seat
  (``tests/envs/test_env_game_encoders.py``), so the two paths cannot drift apart.

Both write into a zeroed float32 vector; features left at 0 mean "no" / "absent". Numbers are scaled and
clipped to their declared bounds (``clip``).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from tablecraft.core.api import Json, State

from .encoding import CLIP, Slice

__all__ = ["CLIP", "GameEncoder", "Layout", "clip"]


def clip(value: float, low: float = 0.0, high: float = CLIP) -> float:
    """``value`` limited to ``[low, high]``."""
    return high if value > high else low if value < low else value


class Layout:
    """The layout of a hand-written encoder, built left to right: named slices, one label per feature, bounds.

    >>> lay = Layout("demo")
    >>> lay.one_hot("phase", ["draw", "play"]), lay.value("turn", 100)
    (0, 2)
    >>> lay.size, lay.labels
    (3, ['phase=draw', 'phase=play', 'turn'])
    """

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id
        self.slices: list[Slice] = []
        self.labels: list[str] = []
        self.low: list[float] = []
        self.high: list[float] = []

    @property
    def size(self) -> int:
        """Features allocated so far."""
        return len(self.low)

    def add(
        self, name: str, kind: str, labels: Iterable[str], *, low: float = 0.0, high: float = 1.0, note: str = ""
    ) -> int:
        """Allocate one slice (one feature per label; an empty label names the feature by ``name`` alone);
        return its first index."""
        start = self.size
        labs = tuple(labels)
        for lab in labs:
            self.labels.append(f"{name}={lab}" if lab else name)
            self.low.append(low)
            self.high.append(high)
        self.slices.append(Slice(name, start, self.size, kind, note, labs))
        return start

    def flag(self, name: str, note: str = "") -> int:
        """One 0/1 feature."""
        return self.add(name, "flag", [""], note=note)

    def one_hot(self, name: str, labels: Iterable[str], note: str = "") -> int:
        """One feature per value; at most one is 1 (none when the value is absent)."""
        return self.add(name, "one-hot", labels, note=note)

    def multi_hot(self, name: str, labels: Iterable[str], note: str = "") -> int:
        """One 0/1 feature per value: which of them the collection holds."""
        return self.add(name, "counts", labels, note=note)

    def value(self, name: str, scale: float, *, signed: bool = False, note: str = "") -> int:
        """A number divided by ``scale``, clipped to ``[0, CLIP]`` (``[-CLIP, CLIP]`` when ``signed``)."""
        low = -CLIP if signed else 0.0
        text = f"value / {scale:g}, clipped to [{low:g}, {CLIP:g}]"
        return self.add(name, "value", [""], low=low, high=CLIP, note=f"{text}; {note}" if note else text)


class GameEncoder:
    """Base of a game's own observation encoder (``ObservationEncoder`` plus ``encode_state``; see the module).

    Subclasses build a ``Layout`` in ``__init__``, call ``super().__init__(layout)`` and implement ``write_view``
    and ``write_state``.
    """

    def __init__(self, layout: Layout) -> None:
        self.game_id = layout.game_id
        self.size: int = layout.size
        self.low = np.asarray(layout.low, dtype=np.float32)
        self.high = np.asarray(layout.high, dtype=np.float32)
        self.slices: tuple[Slice, ...] = tuple(layout.slices)
        self.labels: tuple[str, ...] = tuple(layout.labels)
        self._zeros = np.zeros(self.size, dtype=np.float32)

    # ------------------------------------------------------------------------------------------ to override
    def write_view(self, view: Json, out: np.ndarray) -> None:
        """Write the features of ``view`` (a seat's ``view(seat)``) into the zeroed vector ``out``."""
        raise NotImplementedError

    def write_state(self, state: Any, seat: int, out: np.ndarray) -> None:
        """Write the features of ``state.view(seat)`` into the zeroed ``out``, reading the state directly."""
        raise NotImplementedError

    # ------------------------------------------------------------------------------------------------ API
    def encode(self, view: Json) -> np.ndarray:
        """The observation vector of ``view``, a new float32 array."""
        out = self._zeros.copy()
        self.write_view(view, out)
        return out

    def encode_state(self, state: State[Any], seat: int) -> np.ndarray:
        """``encode(state.view(seat))``, computed from the state's fields without building the view."""
        out = self._zeros.copy()
        self.write_state(state, seat, out)
        return out

    def slice(self, name: str) -> Slice:
        """The slice named ``name`` (``KeyError`` listing near names if none)."""
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
        """The layout as a table: slice, kind, meaning."""
        lines = [
            f"{self.game_id}: {self.size} features (float32)",
            f"(the game's own encoder, {type(self).__name__}; --generic shows the generic one)",
            f"{'slice':>11}  {'kind':<8} {'path':<34} note",
        ]
        for s in self.slices:
            note = s.note
            if s.labels and s.kind in ("one-hot", "counts") and s.width <= 12:
                note = (note + "; " if note else "") + " ".join(s.labels)
            span = f"{s.start}:{s.stop}"
            lines.append(f"{span:>11}  {s.kind:<8} {s.name:<34} {note}")
        return "\n".join(lines)
