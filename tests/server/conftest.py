"""Fixtures of the server tests: each suite runs against SQLite (the default) and against a PostgreSQL cluster
that the test run starts itself (skipped, with the reason, only if PostgreSQL's binaries are not installed)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from server_support import FAST, PostgresCluster, ServerProcess, postgres_bin

BACKENDS = ["sqlite", "postgresql"]


@pytest.fixture(scope="session")
def pg_cluster() -> Iterator[PostgresCluster]:
    """One throwaway PostgreSQL cluster per test process (each test gets its own database in it)."""
    bindir = postgres_bin()
    if bindir is None:
        pytest.skip("PostgreSQL is not installed (no initdb/pg_ctl on PATH or in /usr/lib/postgresql/*/bin); "
                    ".ci/run installs Debian's postgresql package when it can")
    if os.geteuid() == 0:
        try:
            import pwd

            pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no 'postgres' user to run PostgreSQL as")
    cluster = PostgresCluster(bindir).start()
    try:
        yield cluster
    finally:
        cluster.stop()


DbFactory = Callable[[], str]


def _db_factory(backend: str, request: pytest.FixtureRequest, tmp: Path) -> DbFactory:
    counter = iter(range(1_000_000))
    if backend == "sqlite":
        return lambda: str(tmp / f"games-{next(counter)}.sqlite3")
    cluster: PostgresCluster = request.getfixturevalue("pg_cluster")
    return cluster.new_database


@pytest.fixture(scope="session", params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    """The database backend of this run of the suite."""
    return str(request.param)


@pytest.fixture(scope="session")
def new_db(backend: str, request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> DbFactory:
    """Makes a fresh, empty database of the current backend: a SQLite file path or a PostgreSQL URL."""
    return _db_factory(backend, request, tmp_path_factory.mktemp(f"db-{backend}"))


@pytest.fixture(scope="module")
def server(new_db: DbFactory, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """The server of a backend shared by one test module (fast rate limit; ordinary settings otherwise). One per
    module, not per session: bot rooms that other modules leave playing kept a shared server's bot pool busy past
    the tests' waits under the whole suite."""
    srv = ServerProcess(new_db(), tmp_path_factory.mktemp("srv") / "server.log", *FAST).start()
    try:
        yield srv
    finally:
        srv.stop()


@pytest.fixture(scope="session")
def tight_server(new_db: DbFactory, tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """A server with tight limits: a small rate limit and frame size, a short resync limit, a quick stand-in."""
    srv = ServerProcess(new_db(), tmp_path_factory.mktemp("tight") / "server.log",
                        "--rate", "50", "--burst", "20", "--max-frame", "1024", "--resync-limit", "5",
                        "--away-after", "0.3", *FAST[4:]).start()
    try:
        yield srv
    finally:
        srv.stop()
