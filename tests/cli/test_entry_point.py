"""The entry point opens the window without importing the CLI, and runs the CLI for its
commands (``uriinspector/__main__.py``, ``uriinspector/commands.py``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.cli.helpers import ROOT, subprocess_env

# the window's module replaced by a stub that says which of ours were imported by then
_PROBE = r"""
import sys, types
stub = types.ModuleType("uriinspector.gui.app")
def main(args):
    sys.stdout.write("WINDOW " + repr(args) + " CLI " + str("uriinspector.cli" in sys.modules))
    return 0
stub.main = main
sys.modules["uriinspector.gui.app"] = stub
import uriinspector.__main__ as entry
sys.exit(entry.main(sys.argv[1:]))
"""


def _entry(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", _PROBE, *args], capture_output=True, text=True,
        env=subprocess_env(), cwd=ROOT, timeout=120, check=False,
    )


@pytest.mark.parametrize("args", [[], ["http://user@10.0.0.1/"], ["not-a-command"]])
def test_the_window_opens_without_the_cli(args: list[str]) -> None:
    proc = _entry(*args)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout == f"WINDOW {args!r} CLI False"


def test_a_command_runs_the_cli() -> None:
    proc = _entry("parse", "--json", "http://a/")
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert '"host": "a"' in proc.stdout and "WINDOW" not in proc.stdout


def test_the_cli_and_the_entry_point_share_one_list_of_commands() -> None:
    from uriinspector import cli, commands

    assert cli.COMMANDS is commands.COMMANDS
