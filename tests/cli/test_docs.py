"""The README's examples are real: each batch command is run and every line compared,
and the Python API session is run as a doctest."""

from __future__ import annotations

import doctest
import json
import re
import shlex
import subprocess
import sys

import pytest

from tests.cli.helpers import ROOT, subprocess_env

DOC = ROOT / "README.md"


def examples() -> list[tuple[str, list[str]]]:
    """Each ``console`` block's ``$ command`` and the output lines under it."""
    found = []
    for block in re.findall(r"```console\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S):
        first, *output = block.splitlines()
        assert first.startswith("$ ")
        found.append((first[2:], output))
    return found


def test_there_are_three_worked_examples() -> None:
    assert len(examples()) == 3


@pytest.mark.parametrize(("command", "expected"), examples())
def test_worked_example_output_is_exact(command: str, expected: list[str]) -> None:
    runner = f"{shlex.quote(sys.executable)} -m uriinspector"
    script = command.replace("| uriinspector ", f"| {runner} ")
    proc = subprocess.run(
        ["bash", "-c", script],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=subprocess_env(),
        timeout=120,
        check=False,
    )
    assert proc.stderr == ""
    # protocol 1.2: a JSON answer's bytes are free (spacing, key order), its value is not
    assert [_value(line) for line in proc.stdout.splitlines()] == [_value(x) for x in expected]


def _value(line: str) -> object:
    """A JSON line's parsed value; any other line as it is."""
    if line.startswith("{"):
        return json.loads(line)
    return line


def test_python_api_session_in_the_readme_is_exact() -> None:
    blocks = re.findall(r"```pycon\n(.*?)```", DOC.read_text(encoding="utf-8"), re.S)
    assert len(blocks) == 1
    test = doctest.DocTestParser().get_doctest(blocks[0], {}, "README", str(DOC), 0)
    assert len(test.examples) >= 4
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.summarize(verbose=False).failed == 0
