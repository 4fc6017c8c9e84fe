"""Where the games are played: in this process, in a local process pool, or as Ray tasks on a cluster.

Every backend runs the same unit of work, ``simulate.run_batch(Batch)`` — many games of one arm and seating,
consecutive seeds — and yields each batch's records as soon as it is done (in completion order; the caller
stores them keyed by seed and seating, so the order never shows in the results). A game depends only on its
game, options, seed and agents, never on the process that plays it, so every backend and worker count gives the
same records for the same seeds.

- ``inline`` (``--jobs 1``): one process, no start-up cost.
- ``local`` (``--jobs N``): ``concurrent.futures.ProcessPoolExecutor`` with ``spawn`` workers, kept for the whole
  command so ``--until-ci`` rounds do not pay the start-up again. Workers end themselves when the command's
  process dies, even by SIGKILL (``simulate.watch_parent``).
- ``ray`` (``--backend ray --address …``): the batches as Ray tasks (``ray.remote(run_batch)``), many games per
  task; ``--address`` is passed to ``ray.init`` (``auto`` joins the cluster this machine belongs to,
  ``ray://head:10001`` goes through Ray Client; no address starts a local Ray instance).
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from typing import Any, Protocol

from tablecraft.core.api import Json

from .simulate import Batch, run_batch, watch_parent

BACKENDS = ("local", "ray")
"""The ``--backend`` choices (``local`` with ``--jobs 1`` plays in this process)."""


class Backend(Protocol):
    """Plays batches of games somewhere and yields ``(batch index, records)`` as each batch finishes."""

    name: str
    workers: int
    """How many batches run at once (used to size batches)."""

    def run(self, batches: Sequence[Batch]) -> Iterator[tuple[int, list[Json]]]:
        """Play every batch; yield each one's index and records as soon as it is done."""
        ...

    def close(self) -> None:
        """Stop the workers once the batches they are playing are done (pending batches are dropped)."""
        ...

    def abort(self) -> None:
        """Stop now (after Ctrl-C): batches being played are abandoned, nothing more is stored."""
        ...


class InlineBackend:
    """Plays the batches one after the other in this process."""

    name = "inline"
    workers = 1

    def run(self, batches: Sequence[Batch]) -> Iterator[tuple[int, list[Json]]]:
        """Play each batch in order."""
        for i, batch in enumerate(batches):
            yield i, run_batch(batch)

    def close(self) -> None:
        """Nothing to stop."""

    def abort(self) -> None:
        """Nothing to stop: the interruption already stopped the game being played."""


def _worker_init(parent: int) -> None:
    # Ctrl-C reaches the whole process group; the parent handles it (stores what is done, stops the pool),
    # so workers ignore it instead of each printing a traceback
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # SIGKILL of the parent leaves it no chance to stop the pool: the workers notice and end themselves
    watch_parent(parent)


def worker_running(process: Any) -> bool:
    """Whether a worker process still runs, asked of the operating system.

    ``Process.is_alive`` is not enough here: the executor's own thread waits on the same workers, and when it
    reaps one first, ``is_alive`` goes on answering ``True`` for a process that no longer exists.
    """
    if process.exitcode is not None:
        return False
    try:
        os.kill(process.pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    try:
        with open(f"/proc/{process.pid}/stat") as stat:
            state = stat.read().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):  # no /proc (macOS): signal 0 answered, so it runs
        return True
    return state not in ("Z", "X")  # a zombie has ended; only its exit status waits to be collected


def _wait_ended(processes: Sequence[Any], seconds: float) -> bool:
    """Wait up to ``seconds`` for every process to end (reaping those that did); whether they all have."""
    deadline = time.monotonic() + seconds
    while True:
        for process in processes:
            process.join(timeout=0)
        if not any(worker_running(p) for p in processes):
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.05)


class PoolBackend:
    """A pool of ``jobs`` worker processes on this machine (``spawn``: clean interpreters, safe next to the
    progress bar's thread)."""

    name = "local"

    def __init__(self, jobs: int) -> None:
        if jobs < 1:
            raise ValueError("jobs must be at least 1")
        self.workers = jobs
        self._pool: ProcessPoolExecutor | None = None
        self._known: dict[int, Any] = {}
        """Every worker process seen while running, so ``abort`` can end them all (the executor's own table can
        lose track of a worker while it shuts down)."""

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            ctx = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(max_workers=self.workers, mp_context=ctx, initializer=_worker_init,
                                             initargs=(os.getpid(),))
        return self._pool

    def run(self, batches: Sequence[Batch]) -> Iterator[tuple[int, list[Json]]]:
        """Submit every batch to the pool; yield them as they complete."""
        pool = self._executor()
        pending: dict[Future[list[Json]], int] = {pool.submit(run_batch, b): i for i, b in enumerate(batches)}
        try:
            while pending:
                done, _ = wait(pending, return_when=FIRST_COMPLETED)
                self._known.update(getattr(pool, "_processes", None) or {})
                for fut in done:
                    yield pending.pop(fut), fut.result()
        finally:
            for fut in pending:  # interrupted or failed: do not play what nobody will store
                fut.cancel()

    def close(self) -> None:
        """Shut the pool down, dropping batches not started."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
            self._pool = None

    def abort(self) -> None:
        """Terminate the workers without waiting for their batches (a long ISMCTS batch could take minutes)."""
        if self._pool is not None:
            # the executor has no public way to stop running work before Python 3.14's terminate_workers()
            processes = list({**self._known, **(getattr(self._pool, "_processes", None) or {})}.values())
            self._known = {}
            self._pool.shutdown(wait=False, cancel_futures=True)
            for process in processes:
                process.terminate()
            if not _wait_ended(processes, seconds=5):  # SIGTERM not acted on in time: no more asking
                for process in processes:
                    if worker_running(process):
                        process.kill()
                _wait_ended(processes, seconds=5)
            self._pool = None


class RayBackend:
    """Batches as Ray tasks, on a local Ray instance or a cluster.

    ``address`` goes to ``ray.init`` (``None`` starts a local instance; ``auto`` joins the running cluster;
    ``ray://host:10001`` uses Ray Client). If Ray is already initialised (a test, a notebook), that session is
    used and left running. ``ship_code`` sends this ``tablecraft`` package to the workers through the job's
    runtime environment (``py_modules``), for clusters where it is not installed; its dependencies must be.
    """

    name = "ray"

    def __init__(self, address: str | None = None, num_cpus: int | None = None, ship_code: bool = False) -> None:
        import ray

        self._ray = ray
        self._owns = False
        if not ray.is_initialized():
            kwargs: dict[str, Any] = {"address": address}
            if address is None:
                # a local instance of our own: no dashboard to serve, no worker logs on our terminal; a cluster's
                # settings are its own (Ray refuses num_cpus for one, and Ray Client forwards what it is given)
                kwargs.update(include_dashboard=False, log_to_driver=False)
                if num_cpus is not None:
                    kwargs["num_cpus"] = num_cpus
            if ship_code:
                import tablecraft

                kwargs["runtime_env"] = {"py_modules": [os.path.dirname(tablecraft.__file__)]}
            ray.init(**kwargs)
            self._owns = True
        self.workers = max(1, int(ray.cluster_resources().get("CPU", 1)))
        self._task = ray.remote(num_cpus=1)(run_batch)

    def run(self, batches: Sequence[Batch]) -> Iterator[tuple[int, list[Json]]]:
        """Submit every batch as a task; yield them as they complete."""
        ray = self._ray
        pending = {self._task.remote(b): i for i, b in enumerate(batches)}
        try:
            while pending:
                done, _ = ray.wait(list(pending), num_returns=1)
                for ref in done:
                    yield pending.pop(ref), ray.get(ref)
        finally:
            for ref in pending:
                ray.cancel(ref)

    def close(self) -> None:
        """Disconnect from Ray if this backend connected (a session it found running is left alone)."""
        if self._owns:
            self._ray.shutdown()
            self._owns = False

    def abort(self) -> None:
        """The interrupted ``run`` already cancelled its tasks; disconnect as ``close`` does."""
        self.close()


def make_backend(name: str = "local", jobs: int | None = None, address: str | None = None,
                 ship_code: bool = False) -> Backend:
    """The backend for ``--backend``/``--jobs``/``--address``: ``local`` with one job plays inline, with more
    a process pool (default: every core); ``ray`` connects to ``address`` (``jobs`` caps a local Ray
    instance's CPUs)."""
    if name == "ray":
        return RayBackend(address, num_cpus=jobs, ship_code=ship_code)
    if name != "local":
        raise ValueError(f"unknown backend {name!r}; backends: {', '.join(BACKENDS)}")
    if address is not None:
        raise ValueError("--address is for --backend ray")
    n = jobs if jobs is not None else (os.cpu_count() or 1)
    return InlineBackend() if n <= 1 else PoolBackend(n)
