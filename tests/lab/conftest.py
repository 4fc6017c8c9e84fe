"""Fixtures of the lab tests: an in-memory database and a lab that plays in this process."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tablecraft.lab.backends import InlineBackend
from tablecraft.lab.runner import Lab
from tablecraft.lab.store import Store


@pytest.fixture
def store() -> Iterator[Store]:
    s = Store.open("sqlite://")
    yield s
    s.close()


@pytest.fixture
def lab(store: Store) -> Lab:
    return Lab(store, InlineBackend())
