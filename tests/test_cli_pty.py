"""``tablecraft play`` in a real pseudo-terminal (issue 14 item 10), as a person at a terminal meets it: the other seats
are played by normal bots unless asked otherwise, ``?`` at the prompt shows the rules of the decision and the cards'
texts in the player's language, a move that is not legal now is refused in that language, and Ctrl-D saves the game
and stops. ``tests/test_cli_terminal.py`` checks the same words through Typer's runner; this file checks them through
a terminal (a tty on stdin and stdout, the way ``typer.prompt`` and Rich see a person's terminal)."""

from __future__ import annotations

import fcntl
import json
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from tablecraft import cli
from tablecraft.agents.levels import bot_label

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b\][^\x07]*\x07|\r")
"""Terminal escape sequences and carriage returns: what Rich adds for a terminal, taken out before reading."""
PATIENCE = 120.0
"""Seconds to wait for the program before the test gives up (a safety against a hang, never an assertion)."""


class Terminal:
    """``python -m tablecraft`` with a pseudo-terminal of 50 × 200 characters as its stdin, stdout and stderr."""

    def __init__(self, *args: str, cwd: Path) -> None:
        self.master, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 200, 0, 0))
        env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "LINES", "NO_COLOR")}
        env.update({"TERM": "xterm-256color", "LC_ALL": "C.UTF-8", "LANG": "C.UTF-8"})
        self.proc = subprocess.Popen([sys.executable, "-m", "tablecraft", *args], stdin=slave, stdout=slave,
                                     stderr=slave, cwd=cwd, env=env, close_fds=True)
        os.close(slave)
        self.seen = b""

    def text(self) -> str:
        """Everything the program wrote so far, without escape sequences."""
        return ANSI.sub("", self.seen.decode("utf-8", errors="replace"))

    def read_until(self, marker: str, count: int = 1) -> str:
        """Read the program's output until ``marker`` has appeared ``count`` times; the text so far."""
        deadline = time.monotonic() + PATIENCE
        while self.text().count(marker) < count:
            if time.monotonic() > deadline or self.proc.poll() is not None and not self._read(0):
                raise AssertionError(f"{marker!r} never came ({count}×); the terminal showed:\n{self.text()[-3000:]}")
            self._read(1.0)
        return self.text()

    def _read(self, wait: float) -> bool:
        ready, _, _ = select.select([self.master], [], [], wait)
        if not ready:
            return False
        try:
            chunk = os.read(self.master, 65536)
        except OSError:  # the program closed the terminal
            return False
        self.seen += chunk
        return bool(chunk)

    def type(self, keys: str) -> None:
        """Type ``keys`` at the terminal."""
        os.write(self.master, keys.encode("utf-8"))

    def close(self) -> int:
        """Wait for the program to end (reading what it still writes); its exit status."""
        deadline = time.monotonic() + PATIENCE
        while self.proc.poll() is None and time.monotonic() < deadline:
            self._read(0.5)
        while self._read(0):
            pass
        if self.proc.poll() is None:
            self.proc.kill()
        os.close(self.master)
        return self.proc.wait()


WORDS = {  # spelt out rather than looked up, so that a missing word is a failure of the test, not of its lookup
    "en": {"prompt": "Choose (", "help": "Help: this decision and the cards in view", "refused": "Not accepted:"},
    "zh": {"prompt": "请选择（", "help": "帮助：这一步的规则和你看得到的牌", "refused": "无效："},
}
"""What the terminal says in each language: the prompt's start, the help's title, a refusal's start."""


@pytest.mark.parametrize(("lang", "help_key", "step", "cards"), [
    ("en", "?", "A turn", "♣A archery"), ("zh", "？", "一个回合", "♣A 弓术")])
def test_play_in_a_terminal_has_normal_bots_help_at_the_question_mark_and_saves_on_ctrl_d(
        tmp_path: Path, lang: str, help_key: str, step: str, cards: str) -> None:
    save = tmp_path / "game.save.json"
    term = Terminal("play", "wizard-towers", "--seed", "3", "--lang", lang, "--save", str(save), cwd=tmp_path)
    words = WORDS[lang]
    try:
        prompt = words["prompt"]
        shown = term.read_until(prompt)
        normal = bot_label("normal", lang)
        assert f"{normal}, " in shown and shown.count(normal) >= 2, shown  # both other seats: normal bots
        term.type(f"{help_key}\n")
        shown = term.read_until(prompt, 2)
        after = shown[shown.index(prompt) + len(prompt):]  # what the question mark brought
        assert words["help"] in after, after
        assert step in after and cards in after, after
        term.type("attack left\n")  # not legal while orange draws: refused in the player's language
        shown = term.read_until(prompt, 3)
        refusal = shown.split(prompt)[-2]
        assert words["refused"] in refusal, refusal
        if lang == "zh":
            assert "现在不能这样做" in refusal and "illegal" not in refusal and "legal now" not in refusal, refusal
        term.type("\x04")  # Ctrl-D at the prompt: the game is saved and the program stops
    finally:
        status = term.close()
    assert status == cli.EXIT_INTERRUPTED, term.text()[-2000:]
    assert json.loads(save.read_text())["bots"] == [None, "normal", "normal"]
