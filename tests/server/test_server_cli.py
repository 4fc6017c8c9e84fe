"""The ``serve`` command: registered on the ``tablecraft`` tool, and refusing bad settings with a clear line."""

from __future__ import annotations

from typer.testing import CliRunner

from tablecraft import cli


def test_serve_is_a_command_of_the_tablecraft_tool() -> None:
    result = CliRunner(env={"COLUMNS": "200"}).invoke(cli.app, ["serve", "--help"])
    assert result.exit_code == 0, result.output
    for flag in ("--db", "--port", "--max-frame", "--rate", "--burst", "--resync-limit", "--away-after"):
        assert flag in result.output


def test_serve_refuses_bad_settings_naming_the_option() -> None:
    runner = CliRunner(env={"COLUMNS": "200"})
    result = runner.invoke(cli.app, ["serve", "--port", "99999"])
    assert result.exit_code == 2 and "--port" in result.output and "65535" in result.output
    result = runner.invoke(cli.app, ["serve", "--sqlite-sync", "sometimes"])
    assert result.exit_code == 2 and "--sqlite-sync" in result.output and "'full' or 'normal'" in result.output
    result = runner.invoke(cli.app, ["serve", "--phrase-interval", "0"])
    assert result.exit_code == 2 and "--phrase-interval" in result.output and "greater than 0" in result.output
