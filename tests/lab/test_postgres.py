"""The lab's store on PostgreSQL: the same run stored, resumed and read back through a real server.

The server is ``TABLECRAFT_TEST_POSTGRES_URL`` if set (a SQLAlchemy URL to a scratch database); otherwise, when
PostgreSQL's ``initdb``/``pg_ctl`` are installed, a throw-away server is started in a temporary directory
(as the ``postgres`` user when the tests run as root). Without either the test is skipped.
"""

from __future__ import annotations

import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import uuid
from collections.abc import Iterator

import pytest
from lab_helpers import GAME, stored

from tablecraft.lab.backends import InlineBackend
from tablecraft.lab.runner import Lab
from tablecraft.lab.store import Store

pytest.importorskip("psycopg")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    given = os.environ.get("TABLECRAFT_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    initdb, pg_ctl = shutil.which("initdb"), shutil.which("pg_ctl")
    if not initdb or not pg_ctl:
        pytest.skip("no PostgreSQL server to test against (set TABLECRAFT_TEST_POSTGRES_URL)")
    prefix: list[str] = []
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            pytest.skip("running as root and there is no postgres user to start a server as")
        prefix = ["runuser", "-u", "postgres", "--"]
    base = tempfile.mkdtemp(prefix="tablecraft-pg-")
    data = os.path.join(base, "data")
    if prefix:
        os.chown(base, user.pw_uid, user.pw_gid)
    port = _free_port()
    try:
        subprocess.run([*prefix, initdb, "-D", data, "-A", "trust", "-U", "lab"], check=True, capture_output=True,
                       timeout=60)
        subprocess.run([*prefix, pg_ctl, "-D", data, "-w", "-l", os.path.join(base, "log"), "-o",
                        f"-k {base} -p {port} -c listen_addresses=''", "start"],
                       check=True, capture_output=True, timeout=60)
    except (subprocess.SubprocessError, OSError) as e:
        shutil.rmtree(base, ignore_errors=True)
        pytest.skip(f"could not start a scratch PostgreSQL server: {e}")
    try:
        yield f"postgresql+psycopg://lab@/postgres?host={base}&port={port}"
    finally:
        subprocess.run([*prefix, pg_ctl, "-D", data, "-m", "immediate", "stop"], capture_output=True, timeout=60)
        shutil.rmtree(base, ignore_errors=True)


def test_a_run_is_stored_resumed_and_read_back_on_postgresql(postgres_url: str) -> None:
    store = Store.open(postgres_url)
    assert store.engine.dialect.name == "postgresql"
    lab = Lab(store, InlineBackend(), chunk=3)
    label = f"pg-{uuid.uuid4().hex[:8]}"  # a scratch database may hold earlier runs: find ours by its arm label
    run = lab.create_run(GAME, "heuristic,random", 6, seed=2, arms=[(label, {})])
    lab.extend(run, lab.arms(run), games=6)
    arm = lab.store.arms(run)[0]
    assert lab.store.add_games(arm, [(seed, k, r) for _l, seed, k, r in stored(store, run)]) == 0  # idempotent
    store.close()
    again = Lab(Store.open(postgres_url), InlineBackend())
    arms = again.arms(again.store.run(run.id))
    again.extend(run, arms, games=6)
    assert arms[0].label == label and arms[0].tally.games == 12
    local = Lab(Store.open("sqlite://"), InlineBackend())
    other = local.create_run(GAME, "heuristic,random", 12, seed=2, arms=[(label, {})])
    local.extend(other, local.arms(other), games=12)
    assert stored(again.store, run) == stored(local.store, other)
