"""``uriinspector extract`` and ``report --extract`` refuse a FIFO or a device (issue 20).

Run as child processes under a timeout: a regression (the FIFO opened) then fails the
test instead of hanging the suite.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.cli.helpers import run_module

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")

MAIL = b"From: a@b.example\nSubject: ok\n\nsee https://ok.example/\n"


def test_extract_of_a_fifo_refuses_it_with_a_message(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo.eml")
    r = run_module("extract", str(tmp_path / "fifo.eml"), timeout=60)
    assert r.returncode == 1
    err = r.stderr.decode()
    assert "fifo.eml" in err and "FIFO" in err and "not a regular file" in err


def test_extract_of_a_maildir_with_a_fifo_in_cur_reads_the_rest(tmp_path: Path) -> None:
    box = tmp_path / "Maildir"
    for sub in ("cur", "new", "tmp"):
        (box / sub).mkdir(parents=True)
    (box / "cur" / "1:2,S").write_bytes(MAIL)
    os.mkfifo(box / "cur" / "2:2,S")
    r = run_module("extract", "--color", "never", str(box), timeout=60)
    assert r.returncode == 1  # one message skipped
    assert "hxxps://ok[.]example/" in r.stdout.decode()  # the table defangs (issue 21)
    assert "message 2: skipped:" in r.stderr.decode() and "FIFO" in r.stderr.decode()


def test_extract_of_a_device_and_report_of_a_fifo_refuse(tmp_path: Path) -> None:
    r = run_module("extract", "/dev/zero", timeout=60)
    assert r.returncode == 1 and "character device" in r.stderr.decode()
    os.mkfifo(tmp_path / "links.txt")
    r = run_module("report", "--extract", str(tmp_path / "links.txt"), timeout=60)
    assert r.returncode == 1 and "FIFO" in r.stderr.decode()
