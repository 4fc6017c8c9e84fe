"""A small seeded random-number generator owned by each state.

The engine needs an RNG whose whole state is one integer, so that cloning a game state costs nothing and a
state's JSON holds its RNG exactly. ``random.Random`` carries 625 words of state (about 5 µs to copy), which
would dominate the clone budget of search agents. SplitMix64 (Steele, Lea & Flood 2014; the seeding generator
of Java's ``SplittableRandom`` and of xoshiro) passes BigCrush and is three lines long, which is why it is used
here rather than a library.

>>> rng = Rng(7)
>>> [rng.below(6) for _ in range(5)]
[3, 0, 0, 3, 4]
>>> Rng(7).below(6) == Rng(7).below(6)  # same seed, same stream
True
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


def splitmix64(state: int) -> tuple[int, int]:
    """Advance a SplitMix64 state; return ``(new_state, 64-bit output)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


class Rng:
    """SplitMix64 generator; ``state`` is a plain int, so copying or serialising it is free."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & MASK64

    def next64(self) -> int:
        """Return the next 64-bit output."""
        self.state, out = splitmix64(self.state)
        return out

    def below(self, n: int) -> int:
        """Return a uniform integer in ``[0, n)`` (``n`` ≥ 1; the modulo bias is below 2⁻⁵⁸ for game sizes)."""
        self.state = s = (self.state + GOLDEN) & MASK64
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return (z ^ (z >> 31)) % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle ``items`` in place (Fisher–Yates), drawing as ``below`` does (inlined: resampling, and so
        search, spends much of its time here)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            s = (s + GOLDEN) & MASK64
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            j = (z ^ (z >> 31)) % (i + 1)
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items: MutableSequence[T]) -> T:
        """Return one element of a non-empty sequence."""
        return items[self.below(len(items))]

    def fork(self) -> Rng:
        """Return an independent generator seeded from this one (advances this one)."""
        return Rng(self.next64())
