"""In-process drivers for the CLI (httpie's ``tests/utils.http`` idea).

``cli(*args, stdin=..., tty=..., environ=...)`` runs the real ``main()`` on a
``MockEnvironment`` and returns a ``str`` carrying ``.stderr``, ``.exit_status`` and
``.json`` (the JSON Lines it printed). ``run_batch(lines)`` feeds ``batch``.
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path

from uriinspector.cli import Environment, ExitStatus, main

ROOT = Path(__file__).resolve().parents[2]


class FlushRecorder(io.BytesIO):
    """A binary stdout that records what had been written at every flush."""

    def __init__(self) -> None:
        super().__init__()
        self.flushed: list[bytes] = []

    def flush(self) -> None:
        """Remember the content at this flush."""
        super().flush()
        self.flushed.append(self.getvalue())


def mock_env(
    stdin: bytes = b"", *, tty: bool = False, environ: Mapping[str, str] | None = None
) -> Environment:
    """An environment of in-memory streams; tty and environment variables simulated."""
    return Environment(
        stdin=io.BytesIO(stdin),
        stdout=FlushRecorder(),
        stderr=io.StringIO(),
        stdout_isatty=tty,
        environ=dict(environ or {}),
    )


class CLIResponse(str):
    """What ``main`` printed, with its stderr, exit status and parsed JSON lines."""

    stderr: str
    exit_status: int
    env: Environment

    @property
    def json(self) -> list[dict[str, object]]:
        """Every stdout line parsed as JSON."""
        return [json.loads(line) for line in self.splitlines() if line.strip()]


def cli(
    *args: str,
    stdin: bytes = b"",
    tty: bool = False,
    environ: Mapping[str, str] | None = None,
) -> CLIResponse:
    """Run ``uriinspector ARGS`` in-process and capture everything."""
    env = mock_env(stdin, tty=tty, environ=environ)
    status = main(list(args), env)
    assert isinstance(env.stdout, io.BytesIO)
    assert isinstance(env.stderr, io.StringIO)
    out = CLIResponse(env.stdout.getvalue().decode("utf-8"))
    out.stderr = env.stderr.getvalue()
    out.exit_status = status
    out.env = env
    return out


def run_batch(lines: Sequence[str | bytes]) -> list[dict[str, object]]:
    """Feed ``lines`` (newlines added) to ``batch``; return the answers, asserting exit 0."""
    data = b"".join((x.encode("utf-8") if isinstance(x, str) else x) + b"\n" for x in lines)
    r = cli("batch", stdin=data)
    assert r.exit_status == ExitStatus.SUCCESS, r.stderr
    assert r.stderr == ""
    # protocol 1.2: one UTF-8 JSON object per line, its bytes free (compare parsed values)
    assert all(line.startswith("{") and line.endswith("}") for line in r.splitlines())
    return r.json


def subprocess_env() -> dict[str, str]:
    """The environment for ``python -m uriinspector`` children: this tree first."""
    env = dict(os.environ)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    env.pop("NO_COLOR", None)
    return env


def run_module(
    *args: str, stdin: bytes = b"", timeout: float = 60
) -> subprocess.CompletedProcess[bytes]:
    """Run ``python -m uriinspector ARGS`` in a child process."""
    return subprocess.run(
        [sys.executable, "-m", "uriinspector", *args],
        input=stdin,
        capture_output=True,
        timeout=timeout,
        cwd=ROOT,
        env=subprocess_env(),
        check=False,
    )
