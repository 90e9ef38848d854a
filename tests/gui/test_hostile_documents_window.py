"""Issue 20 items 4 and 6 in the window: a hostile document never takes the window down.

Every document is read in a child process whose memory and time are limited
(``sources/reader_process.py``); a FIFO is refused, never opened; the window always
closes. Inputs are made in the test: a header bomb (a Subject of 960 KB of RFC 2047
encoded words), FIFOs, a text file that needs more memory than a lowered limit. Where a
child must be stuck (the time limit, closing while reading), the reader's command is
replaced by a child that never answers: what a child caught in a hostile input does.
"""

from __future__ import annotations

import base64
import os
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QThreadPool, QTimer, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent
from PySide6.QtWidgets import QApplication, QFileDialog
from pytestqt.qtbot import QtBot

from tests.gui.test_documents_window import (
    COL_LINK,
    _rows,
    _view,
    _wait_read,
    phishing_eml,
)
from uriinspector.gui import MainWindow
from uriinspector.gui.intake import child as child_module
from uriinspector.sources.reader_process import TIME_LIMIT_SECONDS, WAIT_LIMIT_SECONDS

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs (POSIX)")
PAGE = os.sysconf("SC_PAGE_SIZE")
MB = 1024 * 1024


pytestmark = pytest.mark.window(shown=True)


def rss() -> int:
    """This process's resident set now (bytes, ``/proc/self/statm``)."""
    with open("/proc/self/statm") as fh:
        return int(fh.read().split()[1]) * PAGE


def header_bomb(size: int = 960_000) -> bytes:
    """A mail whose Subject is ``size`` bytes of RFC 2047 §2 encoded words, then an
    honest link in its body."""
    word = "=?utf-8?b?" + base64.b64encode("Grüße ".encode()).decode() + "?="
    subject = " ".join([word] * (size // (len(word) + 1)))
    return (f"From: a@b.example\r\nTo: c@d.example\r\nSubject: {subject}\r\n"
            "Content-Type: text/plain\r\n\r\nhonest link https://honest.example/\r\n").encode()


def _open_via_menu(window: MainWindow, path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """File ▸ Open… with the dialog answered ``path``."""
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *_a: (str(path), "")))
    window.menus.openAction.trigger()


def _stuck_reader(monkeypatch: pytest.MonkeyPatch) -> None:
    """The reader child replaced by one that never answers (a reader stuck on input)."""
    monkeypatch.setattr(child_module, "reader_command", lambda: [
        sys.executable, "-c", "import time\nwhile True: time.sleep(1)"])


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended and been reaped (no zombie left)."""
    return not os.path.exists(f"/proc/{pid}")


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
@pytest.mark.timeout(300)
def test_a_header_bomb_leaves_the_window_memory_and_responsive(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The child's limit only bounds the child (and this machine, shared); the window's
    # own memory is what is measured. The 2 GiB default is reached the same way.
    monkeypatch.setenv("URIINSPECTOR_CHILD_AS_MB", "768")
    bomb = tmp_path / "bomb.eml"
    bomb.write_bytes(header_bomb())
    assert 950_000 < bomb.stat().st_size < 1_000_000  # under the old in-process 1 MB
    # The first document builds the Extract pane and imports what showing one needs.
    small = tmp_path / "small.eml"
    small.write_bytes(phishing_eml())
    window.documents.open_path(str(small))
    _wait_read(qtbot, window)
    QApplication.processEvents()
    before = rss()
    peak = [before]
    beats: list[float] = []  # heartbeat times while the document is being read
    span: list[float] = []  # when reading started and when its rows arrived

    def beat() -> None:
        peak[0] = max(peak[0], rss())
        if len(span) == 1:
            beats.append(time.perf_counter())

    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(beat)
    reader = window.documents.reader
    reader.started.connect(lambda _job: span.append(time.perf_counter()))
    reader.documentRead.connect(lambda *_a: span.append(time.perf_counter()))
    timer.start()
    _open_via_menu(window, bomb, monkeypatch)
    view = _wait_read(qtbot, window, timeout=240_000)
    timer.stop()
    peak[0] = max(peak[0], rss())
    grown = (peak[0] - before) / MB
    print(f"window RSS before {before / MB:.1f} MB, peak {peak[0] / MB:.1f} MB, "
          f"{len(beats)} beats in {span[1] - span[0]:.2f} s of reading")
    assert view.document is not None and view.name == "bomb.eml"
    assert grown < 100, f"the window grew {grown:.0f} MB reading the header bomb"
    # The event loop kept turning while the child read (a blocked GUI thread beats
    # once); the beat rate is a figure for bench/, never asserted (issue 22).
    assert len(beats) >= 3
    # either the child read it (a budget cut the header) or its limit stopped it:
    # both are said, and nothing of the bomb is held here
    codes = {p.code for p in view.document.problems}
    links = [r[COL_LINK] for r in _rows(view)]
    assert "https://honest.example/" in links or codes & {"memory-limit", "unreadable",
                                                          "too-large", "time-limit"}


@pytest.mark.timeout(120)
def test_a_child_over_its_memory_limit_is_a_problem_and_the_next_document_reads(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    big = tmp_path / "big.txt"
    big.write_bytes(b"see https://a.example/x and some more words here\n" * 400_000)
    monkeypatch.setenv("URIINSPECTOR_CHILD_AS_MB", "100")
    window.documents.open_path(str(big))
    view = _wait_read(qtbot, window, timeout=60_000)
    assert view.document is not None and not view.document.links
    assert "memory-limit" in {p.code for p in view.document.problems}
    assert not view.problems.isHidden()
    assert "more than 100 MB of memory" in view.problems.text()
    monkeypatch.delenv("URIINSPECTOR_CHILD_AS_MB")
    mail = tmp_path / "next.eml"
    mail.write_bytes(phishing_eml())
    window.documents.open_path(str(mail))
    view = _wait_read(qtbot, window)
    assert "https://evil.example/restore" in [r[COL_LINK] for r in _rows(view)]
    assert view.problems.isHidden()


@pytest.mark.timeout(300)
def test_a_child_over_its_processor_time_is_stopped_and_the_next_document_reads(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert TIME_LIMIT_SECONDS >= 60  # the default leaves big mails their seconds
    # 24 MB of text and 480,000 links: ~16 s of processor time here, far over 1 s on
    # any machine (the limit counts processor time, so the machine's load does not).
    big = tmp_path / "long.txt"
    big.write_bytes(b"see https://a.example/x and some more words here\n" * 480_000)
    monkeypatch.setenv("URIINSPECTOR_CHILD_SECONDS", "1")
    window.documents.open_path(str(big))
    view = _wait_read(qtbot, window, timeout=240_000)
    assert view.document is not None and not view.document.links
    assert [p.code for p in view.document.problems] == ["time-limit"]
    assert "more than 1 s of processor time" in view.problems.text()
    assert not view.problems.isHidden()
    monkeypatch.undo()
    mail = tmp_path / "next.eml"
    mail.write_bytes(phishing_eml())
    window.documents.open_path(str(mail))
    view = _wait_read(qtbot, window)
    assert "https://evil.example/restore" in [r[COL_LINK] for r in _rows(view)]


@pytest.mark.timeout(120)
def test_a_child_that_does_not_answer_is_stopped_and_the_next_document_reads(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert WAIT_LIMIT_SECONDS >= 300
    mail = tmp_path / "slow.eml"
    mail.write_bytes(phishing_eml())
    monkeypatch.setenv("URIINSPECTOR_CHILD_WAIT_SECONDS", "1")
    _stuck_reader(monkeypatch)
    window.documents.open_path(str(mail))
    qtbot.waitUntil(lambda: window.documents.reader.child_pid is not None, timeout=30_000)
    pid = window.documents.reader.child_pid
    assert pid is not None
    view = _wait_read(qtbot, window, timeout=60_000)
    assert view.document is not None
    assert [p.code for p in view.document.problems] == ["time-limit"]
    assert "did not answer within 1 s" in view.problems.text()
    assert not view.problems.isHidden()
    assert _gone(pid)
    monkeypatch.undo()
    window.documents.open_path(str(mail))
    view = _wait_read(qtbot, window)
    assert "https://evil.example/restore" in [r[COL_LINK] for r in _rows(view)]


@needs_fifo
@pytest.mark.timeout(120)
def test_a_fifo_opened_or_dropped_is_refused_and_the_window_closes(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fifo = tmp_path / "fifo.eml"
    os.mkfifo(fifo)
    _open_via_menu(window, fifo, monkeypatch)
    view = _wait_read(qtbot, window)
    assert view.document is not None and not view.document.links
    assert "FIFO" in view.problems.text() and "not a regular file" in view.problems.text()
    assert not view.problems.isHidden()
    dropped = tmp_path / "dropped.html"
    os.mkfifo(dropped)
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(dropped))])
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    pos = QPointF(500, 400)
    enter = QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, data, buttons, mods)
    window.dragEnterEvent(enter)
    window.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, data, buttons, mods))
    view = _wait_read(qtbot, window)
    assert view.name == "dropped.html"
    assert "dropped.html is a FIFO" in view.problems.text()
    # the next document's child is started ahead; the close ends it too
    reader = window.documents.reader
    spare, last = reader.spare_pid, reader.child_pid
    assert spare is not None and not _gone(spare) and last is not None
    window.close()
    assert not window.isVisible()
    assert QThreadPool.globalInstance().activeThreadCount() == 0
    assert reader.spare_pid is None and _gone(spare) and _gone(last)


@pytest.mark.timeout(120)
def test_the_window_closes_while_a_child_is_stuck_and_leaves_no_child(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mail = tmp_path / "stuck.eml"
    mail.write_bytes(phishing_eml())
    _stuck_reader(monkeypatch)
    window.documents.open_path(str(mail))
    qtbot.waitUntil(lambda: window.documents.reader.child_pid is not None, timeout=30_000)
    pid = window.documents.reader.child_pid
    assert pid is not None and not _gone(pid)
    window.close()  # returns: the child is killed, the worker ends, the pool is idle
    assert not window.isVisible()
    assert QThreadPool.globalInstance().activeThreadCount() == 0
    assert _gone(pid)


@pytest.mark.timeout(120)
def test_the_next_document_is_read_by_a_child_started_ahead_with_the_same_limits(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    mail = tmp_path / "m.eml"
    mail.write_bytes(phishing_eml())
    reader = window.documents.reader
    assert reader.spare_pid is None  # nothing is started before the first document
    window.documents.open_path(str(mail))
    _wait_read(qtbot, window)
    spare = reader.spare_pid
    assert spare is not None
    window.documents.open_path(str(mail))
    _wait_read(qtbot, window)
    assert reader.child_pid == spare  # the spare read it
    assert _gone(spare) and reader.spare_pid not in (None, spare)
    assert "https://evil.example/restore" in [r[COL_LINK] for r in _rows(_view(window))]
    # a spare started before the limits changed is not used: it has its limits already
    spare = reader.spare_pid
    assert spare is not None
    monkeypatch.setenv("URIINSPECTOR_CHILD_AS_MB", "100")
    big = tmp_path / "big.txt"
    big.write_bytes(b"see https://a.example/x and some more words here\n" * 400_000)
    window.documents.open_path(str(big))
    view = _wait_read(qtbot, window, timeout=60_000)
    assert reader.child_pid != spare and _gone(spare)
    assert view.document is not None
    assert "memory-limit" in {p.code for p in view.document.problems}


def test_a_frozen_bundle_runs_itself_as_the_reader(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import json
    import subprocess

    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert child_module.reader_command() == [sys.executable, "--document-reader"]
    monkeypatch.undo()
    assert child_module.reader_command()[1:] == ["-m", child_module.READER_MODULE]
    # the bundle's entry point (uriinspector/__main__.py) answers as the reader does
    mail = tmp_path / "m.eml"
    mail.write_bytes(phishing_eml())
    header = {"name": "m.eml", "path": str(mail), "kind": None, "base": None,
              "defanged": True}
    out = subprocess.run(
        [sys.executable, "-c", "import sys; from uriinspector.__main__ import main; "
         "sys.exit(main(['--document-reader']))"],
        input=json.dumps(header).encode() + b"\n", capture_output=True, timeout=60,
        check=False)
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert out.returncode == 0 and "document" in lines[0]
    assert any(line.get("link", {}).get("uri") == "https://evil.example/restore"
               for line in lines)


def test_an_opened_page_keeps_its_text_for_the_page_links_view(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    # Read in the child, a page's text comes back with its rows (up to TEXT_CHARS).
    page = '<base href="https://site.example/a/"><a href="b">paypal.com</a> é'
    path = tmp_path / "post.html"
    path.write_text(page, "utf-8")
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    assert view.document is not None and view.document.text == page
    assert view.pageLinksButton.isEnabled()
    assert "https://site.example/a/b" in [r[COL_LINK] for r in _rows(view)]


@needs_fifo
@pytest.mark.timeout(60)
def test_page_links_open_page_refuses_a_fifo(qtbot: QtBot, tmp_path: Path) -> None:
    from uriinspector.gui.panes.extract import ExtractPane

    pane = ExtractPane()
    qtbot.addWidget(pane)
    fifo = tmp_path / "page.html"
    os.mkfifo(fifo)
    pane.pageLinks.open_path(str(fifo))  # on the GUI thread: an open would never return
    assert pane.pageLinks.status.text() == (
        f"{fifo} is a FIFO (named pipe), not a regular file: it is not opened.")
    pane.pageLinks.open_path(str(tmp_path / "gone.html"))
    assert pane.pageLinks.status.text().startswith(f"Cannot read {tmp_path / 'gone.html'}: ")
