"""Helpers of the lab tests: constants, a stored-games listing and a backend that is interrupted mid-run."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

import tablecraft
from tablecraft.core.api import Json
from tablecraft.lab.simulate import Batch, run_batch
from tablecraft.lab.store import Run, Store

GAME = "wizard-towers"
ALL_GAMES = [spec.id for spec in tablecraft.games()]


def rotation_seats(game_id: str) -> int:
    """The game's default seat count, at most four: the seat-rotation tests check the same rotation there, where
    fate's eight seats would rotate two agents through 254 seatings of one deal (minutes of play)."""
    return min(tablecraft.load(game_id).num_seats, 4)


def stored(store: Store, run: Run) -> list[tuple[str, int, int, Json]]:
    """Every stored game of a run as (arm label, seed, seating, record), in a fixed order."""
    return [(arm.label, seed, seating, record) for arm in store.arms(run) for seed, seating, record in store.games(arm)]


class InterruptingBackend:
    """Plays batches in this process and raises KeyboardInterrupt (a Ctrl-C) before batch ``after``."""

    name = "inline"
    workers = 1

    def __init__(self, after: int) -> None:
        self.after = after

    def run(self, batches: Sequence[Batch]) -> Iterator[tuple[int, list[Json]]]:
        for i, batch in enumerate(batches):
            if i == self.after:
                raise KeyboardInterrupt
            yield i, run_batch(batch)

    def close(self) -> None:
        pass

    def abort(self) -> None:
        pass
