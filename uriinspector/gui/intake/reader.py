"""Documents read on a worker thread, one at a time in effect: only the newest counts.

:class:`DocumentReader` runs the exchange with the reading child (``child.py``) on a
``QThreadPool`` worker (the pattern of ``gui/controller.py``), which only parses the
child's short JSON lines: the rows are handed over as soon as they exist, then each
link's verdict in batches. A newer document drops every result of an older one (a
generation counter; the older child is killed). A new child reads each document,
started ahead while the window is idle (it imports the readers and the core before its
job arrives, so a small mail opens at once). No wait on the window's close is
unbounded (the child is killed first).
"""

from __future__ import annotations

import os
import subprocess
import threading
import time
from dataclasses import replace
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal, Slot

from uriinspector.gui.intake.child import (
    CLOSE_WAIT_MS,
    Child,
    end,
    launch,
    launch_key,
    read_in_child,
)
from uriinspector.gui.workload import GC_PAUSE
from uriinspector.sources.reader_process import Job, Summary, summarize

if TYPE_CHECKING:
    from uriinspector.sources.model import Document


class _Signals(QObject):
    """Carries a worker's results to the GUI thread (queued connections)."""

    read = Signal(int, object, float)  # generation, (Document, Summary), seconds
    verdicts = Signal(int, int, object)  # generation, first index, tuple of levels
    done = Signal(int)


class _Worker(QRunnable):
    """Reads one document, hands it over, then judges its links batch by batch."""

    def __init__(self, generation: int, job: Job, signals: _Signals,
                 cancel: threading.Event, child: Child,
                 spare: subprocess.Popen[bytes] | None) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._job = job
        self._signals = signals
        self._cancel = cancel
        self._child = child
        self._spare = spare

    def run(self) -> None:
        """Read, emit the rows, then emit verdicts until done or cancelled."""
        gen = self._generation
        try:
            # A large mail allocates millions of small objects: a cyclic collection
            # meanwhile would stop the GUI thread too (see controller._GcPause).
            with GC_PAUSE:
                started = time.perf_counter()
                for event in read_in_child(self._job, self._child, self._spare):
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
        self._child = Child()
        #: a child started ahead for the next document, and what it was started with
        self._spare: tuple[tuple[object, ...], subprocess.Popen[bytes]] | None = None
        self._closed = False
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
        self._child = Child()
        self._generation += 1
        self.job = job
        self.document = None
        self.levels = []
        self._running += 1
        self.started.emit(job)
        self._pool.start(_Worker(self._generation, job, self._signals, self._cancel,
                                 self._child, self._take_spare()))

    def _take_spare(self) -> subprocess.Popen[bytes] | None:
        """The child started ahead, if it still waits and was started as one would be
        now (the same command and limits); else ``None`` (it is ended)."""
        spare, self._spare = self._spare, None
        if spare is None:
            return None
        key, proc = spare
        if key == launch_key() and proc.poll() is None:
            return proc
        end(proc)
        return None

    def _start_spare(self) -> None:
        """Start the next document's child now, while nothing is read: it imports the
        readers and the core ahead, so opening a small document is immediate."""
        if self._closed or self._spare is not None:
            return
        try:
            self._spare = (launch_key(), launch())
        except OSError:
            self._spare = None

    @property
    def spare_pid(self) -> int | None:
        """The process id of the child started ahead (tests), else ``None``."""
        return self._spare[1].pid if self._spare is not None else None

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
            self._start_spare()

    def wait(self, msecs: int = 30_000) -> bool:
        """Block until every worker has finished (window close, tests)."""
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self) -> None:
        """Cancel the current reading and wait for the worker to stop: with its child
        killed, the worker ends at once; the wait is bounded all the same."""
        self._closed = True
        self._cancel.set()
        self._child.kill()
        spare, self._spare = self._spare, None
        if spare is not None:
            end(spare[1])
        self._generation += 1
        self.wait(CLOSE_WAIT_MS)

    @property
    def child_pid(self) -> int | None:
        """The process id of the child reading (or that read) the current document."""
        return self._child.pid
