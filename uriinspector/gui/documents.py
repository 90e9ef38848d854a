"""Documents in the window: a mail, a page, an Outlook message or an image read off the GUI thread.

``uriinspector.sources`` turns a document's bytes into link rows; reading a 20 MB mail
or a 100,000-link page takes seconds, so :class:`DocumentReader` runs it on a
``QThreadPool`` worker (the pattern of ``gui/controller.py``): the bytes are read and
parsed there, the rows are handed over as soon as they exist, then each link's verdict
(``core.analysis.analyze``) follows in batches. A newer document drops every result of
an older one (a generation counter, and a cancel flag the worker checks between
batches). The window only renders what arrives.
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from uriinspector.gui.controller import _GC_PAUSE
from uriinspector.gui.document_process import Job, Summary, read_job, summarize
from uriinspector.gui.plain import visible_text

if TYPE_CHECKING:
    from uriinspector.gui.intake import Intake
    from uriinspector.gui.main_window import MainWindow
    from uriinspector.gui.panes.extract import ExtractPane
    from uriinspector.sources.model import Document

#: Links judged per batch before the worker hands their verdicts over.
VERDICT_BATCH = 1024
#: Documents at least this large are parsed in a child process (``document_process``):
#: the C calls of a big mail's parsing would hold the GIL, and so the GUI thread, for
#: 100-300 ms each. Smaller ones (a pasted image, a page) are read on the worker thread.
PROCESS_BYTES = 1_000_000

__all__ = ["DocumentIntake", "DocumentReader", "Job", "read_job"]


class _Child:
    """The child process reading the current document, killed when it is superseded."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._killed = False

    def start(self, cmd: list[str], env: dict[str, str]) -> subprocess.Popen[bytes] | None:
        with self._lock:
            if self._killed:
                return None
            self._proc = subprocess.Popen(
                cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL, env=env,
            )
            return self._proc

    @property
    def killed(self) -> bool:
        """Whether the reading was cancelled."""
        return self._killed

    def kill(self) -> None:
        with self._lock:
            self._killed = True
            if self._proc is not None and self._proc.poll() is None:
                with contextlib.suppress(OSError):
                    self._proc.kill()


def _size(job: Job) -> int:
    if job.data is not None:
        return len(job.data)
    try:
        return os.path.getsize(job.path or job.name)
    except OSError:
        return 0


#: What reading yields: ``("document", Document)`` once, then ``("verdicts", start,
#: levels)`` per batch of links judged.
Event = tuple[Any, ...]


def judge(doc: Document) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Verdict levels of ``doc``'s links, batch by batch (``sources.verdict_of``; a
    mismatch is danger whatever the link alone says, as ``sources.with_verdicts``)."""
    from uriinspector.sources import verdict_of

    links = doc.links
    for start in range(0, len(links), VERDICT_BATCH):
        yield start, tuple(
            "danger" if link.mismatch else verdict_of(link.target)
            for link in links[start : start + VERDICT_BATCH]
        )


def read_here(job: Job) -> Iterator[Event]:
    """Read and judge ``job`` on this thread."""
    doc = read_job(job)
    yield ("document", doc)
    for start, levels in judge(doc):
        yield ("verdicts", start, levels)


def read_in_child(job: Job, child: _Child) -> Iterator[Event]:
    """Read and judge ``job`` in a child process (``gui/document_process.py``): this
    thread only parses its short JSON lines. Nothing is yielded once it is killed; a
    child that cannot be started is replaced by reading here."""
    from uriinspector.gui.document_process import link_from_json
    from uriinspector.sources.model import Document, Link, Problem

    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    try:
        proc = child.start([sys.executable, "-m", "uriinspector.gui.document_process"], env)
    except OSError:
        yield from read_here(job)
        return
    if proc is None:
        return
    header = {"name": job.name, "path": None if job.data is not None else (job.path or job.name),
              "kind": job.kind, "base": job.base, "defanged": job.defanged}
    assert proc.stdin is not None and proc.stdout is not None
    try:
        proc.stdin.write(json.dumps(header).encode() + b"\n")
        if job.data is not None:
            proc.stdin.write(job.data)
        proc.stdin.close()
    except OSError:
        pass
    head: dict[str, Any] | None = None
    links: list[Link] = []
    problems: list[Problem] = []
    sent = False

    def document() -> Document:
        assert head is not None
        for item in head.get("problems") or ():
            if isinstance(item, list) and len(item) == 3:
                problems.append(Problem(str(item[0]), str(item[1]),
                                        None if item[2] is None else str(item[2])))
        kind, subject = head.get("kind"), head.get("subject")
        return Document(
            kind if isinstance(kind, str) else "unknown",  # type: ignore[arg-type]
            tuple(links), tuple(problems), source=job.name,
            subject=subject if isinstance(subject, str) else None,
        )

    try:
        for line in proc.stdout:
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            if not isinstance(obj, dict):
                continue
            if "link" in obj and isinstance(obj["link"], dict):
                links.append(link_from_json(obj["link"]))
                if len(links) % 256 == 0:
                    time.sleep(0.001)  # let the GUI thread take the GIL between batches
            elif "document" in obj and isinstance(obj["document"], dict):
                head = obj["document"]
            elif "end" in obj and head is not None and not sent:
                sent = True
                yield ("document", document())
            elif "verdicts" in obj and sent and isinstance(obj["verdicts"], list):
                start, levels = obj["verdicts"]
                yield ("verdicts", int(start), tuple(str(v) for v in levels))
            elif "violation" in obj:
                problems.append(Problem("network-refused",
                                        "The reader tried the network and was refused: "
                                        f"{obj['violation']}"))
            elif "error" in obj:
                problems.append(Problem("unreadable", str(obj["error"])))
    finally:
        proc.stdout.close()
        if proc.poll() is None:
            child.kill()
        proc.wait()
    if not sent and not child.killed:
        if head is None:
            problems.append(Problem("unreadable", "The document reader stopped before it "
                                    f"answered (exit status {proc.returncode})."))
            yield ("document", Document("unknown", (), tuple(problems), source=job.name))
        else:
            yield ("document", document())


class _Signals(QObject):
    """Carries a worker's results to the GUI thread (queued connections)."""

    read = Signal(int, object, float)  # generation, (Document, Summary), seconds
    verdicts = Signal(int, int, object)  # generation, first index, tuple of levels
    done = Signal(int)


class _Worker(QRunnable):
    """Reads one document, hands it over, then judges its links batch by batch."""

    def __init__(self, generation: int, job: Job, signals: _Signals,
                 cancel: threading.Event, child: _Child) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._job = job
        self._signals = signals
        self._cancel = cancel
        self._child = child

    def run(self) -> None:
        """Read, emit the rows, then emit verdicts until done or cancelled."""
        gen = self._generation
        try:
            # A large mail allocates millions of small objects: a cyclic collection
            # meanwhile would stop the GUI thread too (see controller._GcPause).
            with _GC_PAUSE:
                started = time.perf_counter()
                events = (read_in_child(self._job, self._child)
                          if _size(self._job) >= PROCESS_BYTES else read_here(self._job))
                for event in events:
                    if self._cancel.is_set():
                        self._child.kill()
                        return
                    if event[0] == "document":
                        summary = summarize(event[1], self._job.base)
                        self._signals.read.emit(gen, (event[1], summary),
                                                time.perf_counter() - started)
                    else:
                        self._signals.verdicts.emit(gen, event[1], event[2])
        finally:
            self._signals.done.emit(gen)


class DocumentReader(QObject):
    """Reads documents on a worker, one at a time in effect (only the newest counts).

    Signals:
        started(Job): a document is being read (show a busy indicator).
        documentRead(Job, Document, float): its rows (verdicts not yet known), seconds.
        verdictsReady(int, tuple[str, ...]): verdict levels of links from that index on.
        finished(): the newest document is read and judged (hide the indicator).
    """

    started = Signal(object)
    documentRead = Signal(object, object, float)
    verdictsReady = Signal(int, object)
    finished = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._pool = QThreadPool.globalInstance()
        self._signals = _Signals()
        self._signals.read.connect(self._on_read)
        self._signals.verdicts.connect(self._on_verdicts)
        self._signals.done.connect(self._on_done)
        self._generation = 0
        self._running = 0
        self._cancel = threading.Event()
        self._child = _Child()
        self.job: Job | None = None
        self.document: Document | None = None
        #: the current document's counts, made on the worker
        self.summary: Summary | None = None
        self.levels: list[str | None] = []

    @property
    def busy(self) -> bool:
        """Whether a worker is still reading or judging."""
        return self._running > 0

    def read(self, job: Job) -> None:
        """Read ``job`` on a worker; an older document still being read is dropped."""
        self._cancel.set()
        self._child.kill()
        self._cancel = threading.Event()
        self._child = _Child()
        self._generation += 1
        self.job = job
        self.document = None
        self.levels = []
        self._running += 1
        self.started.emit(job)
        self._pool.start(
            _Worker(self._generation, job, self._signals, self._cancel, self._child)
        )

    def read_path(self, path: str, base: str | None = None) -> None:
        """Read the file at ``path`` (defanged indicators of text included: the window
        shows them beside their refanged targets)."""
        self.read(Job(os.path.basename(path) or path, path=path, base=base, defanged=True))

    def reread(self, base: str | None) -> None:
        """Read the current document again against another page URL (the Extract tab's
        base field)."""
        if self.job is not None:
            self.read(replace(self.job, base=base or None))

    @Slot(int, object, float)
    def _on_read(self, generation: int, read: tuple[Document, Summary], seconds: float) -> None:
        if generation != self._generation or self.job is None:
            return
        doc, self.summary = read
        self.document = doc
        self.levels = [None] * len(doc.links)
        self.documentRead.emit(self.job, doc, seconds)

    @Slot(int, int, object)
    def _on_verdicts(self, generation: int, start: int, levels: tuple[str, ...]) -> None:
        if generation != self._generation:
            return
        self.levels[start : start + len(levels)] = levels
        self.verdictsReady.emit(start, levels)

    @Slot(int)
    def _on_done(self, generation: int) -> None:
        self._running -= 1
        if generation == self._generation:
            self.finished.emit()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until every worker has finished (window close, tests)."""
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self) -> None:
        """Cancel the current reading and wait for the worker to stop."""
        self._cancel.set()
        self._child.kill()
        self._generation += 1
        self.wait()


class DocumentIntake(QObject):
    """The window's side of documents: what ``gui/intake.py`` hands over as a document
    file or an image is read here, shown in the Extract tab, and (for a QR image) its
    first link inspected in the field.

    Kept out of ``main_window.py``: the window only calls :meth:`open` (from
    ``take``/paste/drop), :meth:`open_dialog` (*File ▸ Open…*) and :meth:`shutdown`.
    """

    def __init__(self, window: MainWindow) -> None:
        super().__init__(window)
        self.window = window
        self.reader = DocumentReader(self)
        self.reader.started.connect(self._on_started)
        self.reader.documentRead.connect(self._on_read)
        self.reader.verdictsReady.connect(self._on_verdicts)
        self.reader.finished.connect(self._on_finished)
        self._wired: object | None = None
        #: the last message this intake put in the status bar (tests, accessibility)
        self.message = ""

    # ---- entry points -----------------------------------------------------------------
    def open(self, got: Intake) -> bool:
        """Read what intake handed over: an image's bytes, or a document file (False
        when it is neither: ``got.readable``)."""
        if not got.readable:
            return False
        if got.kind == "image":
            data = got.data or b""
            self.reader.read(Job(f"the pasted image ({got.name})", data=data, kind="image",
                                 defanged=True))
        else:
            self.reader.read_path(got.name)
        return True

    def open_path(self, path: str) -> None:
        """Read the file at ``path`` (File ▸ Open…)."""
        from uriinspector.gui import intake

        self.window.take(intake.from_path(path))

    def open_dialog(self) -> None:
        """*File ▸ Open…*: choose a mail, a saved page, an Outlook message or an image."""
        from PySide6.QtWidgets import QFileDialog

        from uriinspector.gui import intake

        name, _filter = QFileDialog.getOpenFileName(
            self.window, "Open a Mail, Page or Image", "", intake.OPEN_FILTER
        )
        if name:
            self.open_path(name)

    def shutdown(self) -> None:
        """Stop reading (window close)."""
        self.reader.shutdown()

    # ---- the Extract tab -----------------------------------------------------------
    def pane(self) -> ExtractPane:
        """The Extract pane, built and wired to this intake on first use."""
        pane: ExtractPane = self.window.pane("extract")  # type: ignore[assignment]
        if self._wired is not pane:
            self._wired = pane
            pane.resolutionRequested.connect(self.window.show_resolution)
            pane.baseChanged.connect(self.reader.reread)
        return pane

    def _say(self, message: str, msecs: int = 15000) -> None:
        self.message = message
        self.window.statusBar().showMessage(message, msecs)

    @Slot(object)
    def _on_started(self, job: Job) -> None:
        pane = self.pane()
        pane.show_document_page(True)
        pane.documentView.show_busy(job.name)
        dock = self.window.docks["extract"]
        dock.show()
        dock.raise_()
        self._say(f"Reading {visible_text(job.name, 80)}…", 0)

    @Slot(object, object, float)
    def _on_read(self, job: Job, doc: Document, _seconds: float) -> None:
        view = self.pane().documentView
        view.show_document(job.name, doc, job.base, self.reader.summary)
        if doc.kind == "image":
            first = next((link for link in doc.links), None)
            if first is not None:
                self.window.set_uri(first.target)
                self.window._remember_current()
        self._say(view.summary())

    @Slot(int, object)
    def _on_verdicts(self, start: int, levels: tuple[str, ...]) -> None:
        self.pane().documentView.set_levels(start, levels)

    @Slot()
    def _on_finished(self) -> None:
        view = self.pane().documentView
        view.set_busy(False)
        if view.document is not None:
            self._say(view.summary())
