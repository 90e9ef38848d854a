"""The argparse tree built for one command parses and helps exactly as the whole tree."""

from __future__ import annotations

import argparse
import contextlib
import io

import pytest

from uriinspector.cli import COMMANDS
from uriinspector.cli.parser import build_parser

#: Each command with arguments it takes, options given and left out, and mistakes.
ARGVS: list[list[str]] = [
    ["batch"],
    ["batch", "--jobs", "3", "--progress"],
    ["batch", "--jobs", "0"],
    ["batch", "--no-such-option"],
    ["parse", "http://a/b", "--json", "--edition", "rfc2396"],
    ["parse"],
    ["analyze", "http://user@10.0.0.1/", "--color", "never"],
    ["resolve", "http://a/b/c/d;p?q", "../g", "--rules", "whatwg"],
    ["normalize", "HTTP://A/%7e"],
    ["compare", "http://a/", "HTTP://A:80/"],
    ["urn", "urn:isbn:0451450523"],
    ["extract", "mail.eml", "--json", "--jobs", "2"],
    ["report", "mail.eml"],
    ["site", "public"],
    ["open", "http://a/"],
    *[[command, "--help"] for command in COMMANDS],
]


def _outcome(command: str | None, argv: list[str]) -> tuple[str, object, str, str]:
    """What argparse makes of ``argv``: the namespace or the exit, and what it printed."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            result: object = vars(build_parser(command).parse_args(argv))
            kind = "namespace"
        except SystemExit as exc:
            result, kind = exc.code, "exit"
    return kind, result, out.getvalue(), err.getvalue()


@pytest.mark.parametrize("argv", ARGVS, ids=" ".join)
def test_one_command_tree_answers_as_the_whole_tree(argv: list[str]) -> None:
    assert _outcome(argv[0], argv) == _outcome(None, argv)


def test_every_command_has_a_tree_of_its_own() -> None:
    for command in COMMANDS:
        parser = build_parser(command)
        sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
        assert list(sub.choices) == [command]


def test_an_unknown_first_word_gets_the_whole_tree() -> None:
    kind, code, _, err = _outcome("nonsense", ["nonsense"])
    assert (kind, code) == ("exit", 2)
    assert "invalid choice: 'nonsense'" in err
    assert "batch" in err and "open" in err  # every command offered
