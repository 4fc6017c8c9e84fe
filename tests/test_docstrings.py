"""The examples in every module's docstrings run and give what they show (python-chess style API docs)."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import tablecraft

SKIP = {"tablecraft.__main__"}  # running it would start the command-line tool
MODULES = sorted(
    m.name for m in pkgutil.walk_packages(tablecraft.__path__, "tablecraft.") if m.name not in SKIP
)


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0, f"{result.failed} of {result.attempted} docstring examples failed in {name}"
