"""The window's document reader child (``sources/reader_process.py``), without Qt.

Each test runs the real child (``python -m uriinspector.sources.reader_process``) on a
generated file, under a subprocess timeout so that a regression fails instead of
hanging: its memory limit, its processor-time limit, a FIFO refused, a normal answer.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.cli.helpers import subprocess_env
from uriinspector.sources.reader_process import EXIT_TIME_LIMIT

posix_only = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="POSIX limits and FIFOs")
LONG_TEXT = b"see https://a.example/x and some more words here\n"


def run_child(path: Path, **knobs: str) -> tuple[int, list[dict[str, Any]]]:
    """The child's exit status and answer lines for the file at ``path``."""
    env = subprocess_env() | knobs
    header = {"name": path.name, "path": str(path), "kind": None, "base": None,
              "defanged": True}
    out = subprocess.run(
        [sys.executable, "-m", "uriinspector.sources.reader_process"],
        input=json.dumps(header).encode() + b"\n", capture_output=True, timeout=240,
        env=env, check=False)
    return out.returncode, [json.loads(line) for line in out.stdout.splitlines()]


def test_a_mail_is_answered_document_links_end_then_verdicts(tmp_path: Path) -> None:
    path = tmp_path / "m.eml"
    path.write_bytes(b"From: a@b.example\nSubject: hi\n\nsee https://ok.example/ now\n")
    status, lines = run_child(path)
    assert status == 0
    assert lines[0]["document"]["subject"] == "hi"
    assert lines[1]["link"]["uri"] == "https://ok.example/"
    assert lines[2] == {"end": True}
    assert lines[3]["verdicts"][0] == 0 and len(lines[3]["verdicts"][1]) == 1


@posix_only
def test_over_the_address_space_limit_is_a_memory_limit_problem(tmp_path: Path) -> None:
    path = tmp_path / "big.txt"
    path.write_bytes(LONG_TEXT * 400_000)  # 20 MB: reading it needs well over 100 MB
    status, lines = run_child(path, URIINSPECTOR_CHILD_AS_MB="100")
    assert status == 0
    # caught by the reader (a problem of the document) or by the child itself (an error)
    first = lines[0]
    code, message = (first["document"]["problems"][0][:2] if "document" in first
                     else (first["code"], first["error"]))
    assert code == "memory-limit" and "more than 100 MB of memory" in message


@posix_only
def test_over_the_processor_time_limit_ends_the_child_with_its_status(tmp_path: Path) -> None:
    path = tmp_path / "long.txt"
    path.write_bytes(LONG_TEXT * 480_000)  # ~16 s of processor time on this machine
    status, lines = run_child(path, URIINSPECTOR_CHILD_SECONDS="1")
    assert status == EXIT_TIME_LIMIT and lines == []


@posix_only
def test_a_fifo_is_answered_as_a_problem_without_waiting(tmp_path: Path) -> None:
    fifo = tmp_path / "fifo.eml"
    os.mkfifo(fifo)
    status, lines = run_child(fifo)
    assert status == 0
    code, message, _part = lines[0]["document"]["problems"][0]
    assert code == "unreadable" and "FIFO" in message and lines[1] == {"end": True}


def test_the_child_imports_no_qt(tmp_path: Path) -> None:
    code = ("import sys, uriinspector.sources.reader_process\n"
            "print(any(m.startswith('PySide6') for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60,
                         env=subprocess_env(), check=False)
    assert out.stdout.strip() == b"False"
