"""The browser tests' pictures go to the untracked build folder: a test run never rewrites the README's pictures;
the README shows every table in both languages (issue 14 item 9 and its "done when")."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import support

HERE = Path(__file__).resolve().parent


def _screenshots_dir(env: dict[str, str]) -> str:
    code = "import support, sys; sys.stdout.write(str(support.SCREENSHOTS.relative_to(support.ROOT)))"
    return subprocess.run([sys.executable, "-c", code], cwd=HERE, capture_output=True, text=True, check=True,
                          env=env).stdout


def test_table_pictures_go_to_the_untracked_build_folder_by_default() -> None:
    env = {k: v for k, v in os.environ.items() if k != "TABLECRAFT_SCREENSHOTS"}
    assert _screenshots_dir(env) == "build/screenshots"
    tracked = subprocess.run(["git", "ls-files", "build"], cwd=support.ROOT, capture_output=True, text=True).stdout
    assert tracked == ""


def test_a_refresh_run_asked_for_writes_the_readme_pictures() -> None:
    assert _screenshots_dir({**os.environ, "TABLECRAFT_SCREENSHOTS": "docs"}) == "docs/screenshots"


def test_the_readme_shows_every_table_in_both_languages() -> None:
    import tablecraft

    readme = (support.ROOT / "README.md").read_text(encoding="utf-8")
    tracked = set(subprocess.run(["git", "ls-files", "docs/screenshots"], cwd=support.ROOT, capture_output=True,
                                 text=True, check=True).stdout.split())
    for spec in tablecraft.games():
        for name in (f"{spec.id}.png", f"{spec.id}.zh.png"):  # the English table and the Chinese one
            path = f"docs/screenshots/{name}"
            assert f"]({path})" in readme, f"the README does not show {path}"
            assert path in tracked and (support.ROOT / path).stat().st_size > 10_000, f"{path} is not a picture"
