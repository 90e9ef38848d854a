"""The command line: ``uriinspector batch`` (JSON Lines) and readable subcommands.

One module per command (``cli/parse.py``, ``cli/batch.py``, … each with
``run(env, ns)``), the argparse tree in ``cli/parser.py``, what they share in
``cli/env.py`` (``Environment``, the one ``ExitStatus``, ``Style``) and the rendering
of answers in ``cli/render.py``. Never imports Qt: ``open`` hands over to the window
through a lazy ``importlib`` import; everything else asks the batch protocol
(``batch/protocol.py``), so the terminal output and ``--json`` always render the very
same answer.

All I/O goes through an :class:`Environment`, whose attributes tests overwrite to
simulate pipes, terminals and ``NO_COLOR`` (httpie's ``Environment`` idea).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Sequence

from uriinspector.batch.collector import BATCH
from uriinspector.cli import analyze, batch, compare, normalize, parse, resolve, urn
from uriinspector.cli import open as open_window
from uriinspector.cli.env import PROG, Environment, ExitStatus
from uriinspector.cli.parser import build_parser, parse_args
from uriinspector.commands import COMMANDS

__all__ = ["COMMANDS", "Environment", "ExitStatus", "main"]


def _dispatch(env: Environment, ns: argparse.Namespace) -> ExitStatus | int:
    """Run the command ``ns`` names. ``extract``, ``report`` and ``site`` are imported
    when they run: they read documents and write reports (``uriinspector.sources``,
    ``uriinspector.report``), which no other command needs at start-up."""
    command: str = ns.command
    if command == "extract":
        from uriinspector.cli import extract_text

        return extract_text.run(env, ns)
    if command == "report":
        from uriinspector.cli import report

        return report.run(env, ns)
    if command == "site":
        from uriinspector.cli import site

        return site.run(env, ns)
    runners = {
        "batch": batch.run,
        "parse": parse.run,
        "analyze": analyze.run,
        "resolve": resolve.run,
        "normalize": normalize.run,
        "compare": compare.run,
        "urn": urn.run,
        "open": open_window.run,
    }
    return runners[command](env, ns)


def _silence_stdout(env: Environment) -> None:
    """After EPIPE, point fd 1 at /dev/null so the interpreter's final flush is quiet."""
    if not env.is_system:
        return
    with contextlib.suppress(OSError, ValueError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def main(argv: Sequence[str] | None = None, env: Environment | None = None) -> int:
    """Run the CLI on ``argv`` (default ``sys.argv[1:]``); return the exit status."""
    env = Environment.from_system() if env is None else env
    args = list(sys.argv[1:] if argv is None else argv)
    if args[:1] == ["batch"]:
        BATCH.pause()  # no cyclic collection until the first answer (batch/collector.py)
    try:
        command = args[0] if args and args[0] in COMMANDS else None
        parsed = parse_args(build_parser(command), args, env)
        if isinstance(parsed, ExitStatus):
            return parsed
        return _dispatch(env, parsed)
    except KeyboardInterrupt:
        return ExitStatus.ERROR_CTRL_C
    except BrokenPipeError:
        _silence_stdout(env)
        return ExitStatus.BROKEN_PIPE
    except OSError as exc:
        with contextlib.suppress(OSError, ValueError):
            env.error(f"{PROG}: {exc}")
        return ExitStatus.ERROR
    finally:
        BATCH.restore()
