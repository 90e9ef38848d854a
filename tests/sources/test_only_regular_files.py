"""Issue 20 item 4: only a regular file is ever opened (``sources/files.py``).

A FIFO blocks ``open()`` until a writer comes, so every test here that could open one
runs the reading on a daemon thread and fails (instead of hanging the suite) when it
does not answer promptly. The FIFOs, sockets and Maildirs are made in ``tmp_path``.
"""

from __future__ import annotations

import os
import socket
import stat
import threading
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import pytest

from uriinspector.sources import open_path, read_path
from uriinspector.sources.files import file_kind, open_regular, read_regular
from uriinspector.sources.model import Problem

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")

T = TypeVar("T")
MAIL = b"From: a@b.example\nSubject: ok\n\nsee https://ok.example/\n"


def answered(fn: Callable[[], T], seconds: float = 30) -> T:
    """``fn()`` run on a daemon thread; a call that blocks (a FIFO opened) fails."""
    out: list[T] = []
    thread = threading.Thread(target=lambda: out.append(fn()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert out, "the reader blocked: a FIFO or device was opened"
    return out[0]


def _fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def test_a_fifo_is_refused_by_name_without_opening_it(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "lure.eml")
    got = answered(lambda: read_regular(str(fifo), 1000))
    assert isinstance(got, Problem) and got.code == "unreadable"
    assert "FIFO" in got.message and "not a regular file" in got.message


def test_a_device_and_a_socket_are_refused(tmp_path: Path) -> None:
    zero = answered(lambda: read_regular("/dev/zero", 1000))
    assert isinstance(zero, Problem) and "character device" in zero.message
    sock_path = tmp_path / "s.eml"
    with socket.socket(socket.AF_UNIX) as sock:
        sock.bind(str(sock_path))
        got = answered(lambda: read_regular(str(sock_path), 1000))
    assert isinstance(got, Problem) and "a socket" in got.message


def test_a_regular_file_is_read_up_to_the_limit(tmp_path: Path) -> None:
    path = tmp_path / "m.eml"
    path.write_bytes(MAIL * 10)
    assert read_regular(str(path), 10**6) == MAIL * 10
    assert read_regular(str(path), 7) == MAIL[:7]
    missing = read_regular(str(tmp_path / "gone.eml"), 10)
    assert isinstance(missing, Problem) and missing.message.startswith("cannot read:")


def test_a_file_swapped_for_a_fifo_after_the_stat_is_still_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The stat saw a regular file; by the open it is a FIFO: O_NONBLOCK keeps the open
    # from waiting and the fstat of the open descriptor refuses it.
    regular = tmp_path / "before.eml"
    regular.write_bytes(MAIL)
    fifo = _fifo(tmp_path / "after.eml")
    real_stat = os.stat
    monkeypatch.setattr(os, "stat", lambda p, *a, **k: real_stat(
        regular if str(p) == str(fifo) else p, *a, **k))
    got = answered(lambda: open_regular(str(fifo)))
    assert isinstance(got, Problem) and "FIFO" in got.message


def test_file_kind_names_each_kind() -> None:
    assert file_kind(stat.S_IFREG | 0o644) is None
    assert file_kind(stat.S_IFIFO) == "a FIFO (named pipe)"
    assert file_kind(stat.S_IFDIR) == "a folder"
    assert file_kind(stat.S_IFBLK) == "a block device"


def test_read_path_of_a_fifo_gives_one_document_with_the_problem(tmp_path: Path) -> None:
    fifo = _fifo(tmp_path / "lure.eml")
    docs = answered(lambda: list(read_path(str(fifo))))
    assert len(docs) == 1 and not docs[0].links
    assert "FIFO" in docs[0].problems[0].message
    fifo_box = _fifo(tmp_path / "box.mbox")
    docs = answered(lambda: list(read_path(str(fifo_box))))
    assert len(docs) == 1 and "FIFO" in docs[0].problems[0].message


def _maildir(root: Path) -> Path:
    for sub in ("cur", "new", "tmp"):
        (root / sub).mkdir(parents=True)
    (root / "cur" / "1:2,S").write_bytes(MAIL)
    _fifo(root / "cur" / "2:2,S")
    (root / "new" / "3").write_bytes(MAIL.replace(b"ok.example", b"three.example"))
    return root


def test_a_fifo_in_a_maildir_costs_that_message_only(tmp_path: Path) -> None:
    box = _maildir(tmp_path / "Maildir")
    assert open_path(str(box)).total == 3
    docs = answered(lambda: list(read_path(str(box))))
    assert [d.index for d in docs] == [1, 2, 3]
    assert [link.uri for link in docs[0].links] == ["https://ok.example/"]
    assert not docs[1].links and "FIFO" in docs[1].problems[0].message
    assert "cur" in docs[1].problems[0].message
    assert [link.uri for link in docs[2].links] == ["https://three.example/"]


def test_maildir_order_matches_the_standard_library(tmp_path: Path) -> None:
    import mailbox

    root = tmp_path / "M"
    for sub in ("cur", "new", "tmp"):
        (root / sub).mkdir(parents=True)
    for i, name in enumerate(("b:2,S", "a:2,", "c")):
        sub = "new" if name == "c" else "cur"
        (root / sub / name).write_bytes(MAIL.replace(b"ok.example", f"m{i}.example".encode()))
    (root / "cur" / "sub").mkdir()
    expected = [mailbox.Maildir(str(root), factory=None, create=False).get_bytes(k)
                for k in sorted(mailbox.Maildir(str(root), factory=None, create=False).keys())]
    got = [d.links[0].uri for d in read_path(str(root))]
    want = [next(line for line in e.decode().split() if line.startswith("https://"))
            for e in expected]
    assert got == want
