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

import os
import threading
import time
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from uriinspector.gui.controller import _GC_PAUSE
from uriinspector.gui.plain import visible_text

if TYPE_CHECKING:
    from uriinspector.gui.intake import Intake
    from uriinspector.gui.main_window import MainWindow
    from uriinspector.gui.panes.extract import ExtractPane
    from uriinspector.sources.model import Document

#: Links judged per batch before the worker hands their verdicts over.
VERDICT_BATCH = 256


@dataclass(frozen=True, slots=True)
class Job:
    """One document to read: its bytes (or a path to read them from), name and base.

    ``kind`` forces the reader (``"image"`` for a pasted image), else it is sniffed from
    the content and the name (``sources.sniff``). ``base`` is the page URL relative
    HTML links are resolved against (a ``<base href>`` in the page wins).
    """

    name: str
    data: bytes | None = None
    path: str | None = None
    kind: str | None = None
    base: str | None = None


def read_job(job: Job) -> Document:
    """The document of ``job`` without verdicts (runs on the worker); never raises."""
    from uriinspector.sources import read_bytes
    from uriinspector.sources.documents import MAX_FILE_BYTES
    from uriinspector.sources.model import Document, Problem

    data = job.data
    if data is None:
        try:
            with open(job.path or job.name, "rb") as fh:
                data = fh.read(MAX_FILE_BYTES + 1)
        except OSError as exc:
            why = exc.strerror or str(exc)
            return Document("unknown", (), (Problem("unreadable", f"cannot read: {why}"),),
                            source=job.name)
    return read_bytes(data, job.name, base=job.base, kind=job.kind)  # type: ignore[arg-type]


class _Signals(QObject):
    """Carries a worker's results to the GUI thread (queued connections)."""

    read = Signal(int, object, float)  # generation, Document, seconds
    verdicts = Signal(int, int, object)  # generation, first index, tuple of levels
    done = Signal(int)


class _Worker(QRunnable):
    """Reads one document, hands it over, then judges its links batch by batch."""

    def __init__(self, generation: int, job: Job, signals: _Signals,
                 cancel: threading.Event) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._job = job
        self._signals = signals
        self._cancel = cancel

    def run(self) -> None:
        """Read, emit the rows, then emit verdicts until done or cancelled."""
        from uriinspector.sources import verdict_of

        gen = self._generation
        try:
            # A large mail allocates millions of small objects: a cyclic collection
            # meanwhile would stop the GUI thread too (see controller._GcPause).
            with _GC_PAUSE:
                started = time.perf_counter()
                doc = read_job(self._job)
                self._signals.read.emit(gen, doc, time.perf_counter() - started)
                links = doc.links
                for start in range(0, len(links), VERDICT_BATCH):
                    if self._cancel.is_set():
                        return
                    levels = tuple(
                        "danger" if link.mismatch else verdict_of(link.target)
                        for link in links[start : start + VERDICT_BATCH]
                    )
                    self._signals.verdicts.emit(gen, start, levels)
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
        self.job: Job | None = None
        self.document: Document | None = None
        self.levels: list[str | None] = []

    @property
    def busy(self) -> bool:
        """Whether a worker is still reading or judging."""
        return self._running > 0

    def read(self, job: Job) -> None:
        """Read ``job`` on a worker; an older document still being read is dropped."""
        self._cancel.set()
        self._cancel = threading.Event()
        self._generation += 1
        self.job = job
        self.document = None
        self.levels = []
        self._running += 1
        self.started.emit(job)
        self._pool.start(_Worker(self._generation, job, self._signals, self._cancel))

    def read_path(self, path: str, base: str | None = None) -> None:
        """Read the file at ``path``."""
        self.read(Job(os.path.basename(path) or path, path=path, base=base))

    def reread(self, base: str | None) -> None:
        """Read the current document again against another page URL (the Extract tab's
        base field)."""
        if self.job is not None:
            self.read(replace(self.job, base=base or None))

    @Slot(int, object, float)
    def _on_read(self, generation: int, doc: Document, seconds: float) -> None:
        if generation != self._generation or self.job is None:
            return
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
        """Read what intake handed over: an image's bytes, or a document file."""
        if got.kind == "image":
            data = got.data or b""
            self.reader.read(Job(f"the pasted image ({got.name})", data=data, kind="image"))
            return True
        if got.kind == "file" and got.document:
            self.reader.read_path(got.name)
            return True
        return False

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
        view.show_document(job.name, doc, job.base)
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
