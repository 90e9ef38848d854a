"""Documents in the window: a mail, a page, an Outlook message or an image, read in a
child process.

``uriinspector.sources`` turns a document's bytes into link rows. A document is hostile
input (a 288 KB header bomb took 1.76 GB to parse; a 20 MB mail's C calls hold the GIL
for 100-300 ms each), so every document, whatever its size, is read and judged in a
child process (``sources/reader_process.py``: no Qt, network refused, its address space
and time limited); a new child reads each document, started ahead while the window
is idle (it imports the readers and the core before its job arrives, so a small mail
opens at once). :class:`DocumentReader` runs the exchange on a ``QThreadPool`` worker
(the pattern of ``gui/controller.py``), which only parses the child's short JSON lines:
the rows are handed over as soon as they exist, then each link's verdict in batches. A
newer document drops every result of an older one (a generation counter; the older
child is killed). The window only renders what arrives; no wait on the window's close
is unbounded (the child is killed first).
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
from PySide6.QtWidgets import QWidget

from uriinspector.gui.plain import visible_text
from uriinspector.gui.workload import GC_PAUSE
from uriinspector.sources.reader_process import (
    EXIT_TIME_LIMIT,
    Job,
    Summary,
    address_space_limit,
    link_from_json,
    read_job,
    summarize,
    time_message,
    wait_limit,
)

if TYPE_CHECKING:
    from uriinspector.gui.intake.intake import Intake
    from uriinspector.gui.intents import Intents
    from uriinspector.gui.panes.extract import ExtractPane
    from uriinspector.sources.model import Document, Problem

#: The module the child runs (``python -m``); a frozen bundle runs itself with
#: :data:`READER_FLAG` instead (``uriinspector/__main__.py``).
READER_MODULE = "uriinspector.sources.reader_process"
READER_FLAG = "--document-reader"
#: How long the window's close waits for the worker once the child is killed (ms).
CLOSE_WAIT_MS = 5_000

__all__ = ["CLOSE_WAIT_MS", "DocumentIntake", "DocumentReader", "Job", "read_job",
           "reader_command"]


def reader_command() -> list[str]:
    """The command line of the child process that reads one document."""
    if getattr(sys, "frozen", False):
        return [sys.executable, READER_FLAG]
    return [sys.executable, "-m", READER_MODULE]


#: Environment variables a started child has already read (its limits, for tests).
_KNOBS = ("URIINSPECTOR_CHILD_AS_MB", "URIINSPECTOR_CHILD_SECONDS")  # (the wait: the window)


def _launch_key() -> tuple[object, ...]:
    """What a child started now is started with: a spare made otherwise is not used."""
    return (tuple(reader_command()), *(os.environ.get(k) for k in _KNOBS))


def launch() -> subprocess.Popen[bytes]:
    """Start a reader child (this tree first on its path); it waits for its job."""
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.Popen(reader_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)


def _end(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and reap it (a killed process ends at once; the wait is bounded)."""
    with contextlib.suppress(OSError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(CLOSE_WAIT_MS / 1000)
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


class _Child:
    """The child process reading the current document, killed when it is superseded
    (``kill``) or when it has not answered within the wait limit (``expire``)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._proc: subprocess.Popen[bytes] | None = None
        self._killed = False
        self._expired = False

    def start(self, spare: subprocess.Popen[bytes] | None = None
              ) -> subprocess.Popen[bytes] | None:
        """The child for this reading: ``spare`` (started ahead) or a new one; ``None``
        when the reading was cancelled first (``spare`` is then ended)."""
        with self._lock:
            if self._killed:
                if spare is not None:
                    _end(spare)
                return None
            self._proc = spare if spare is not None else launch()
            return self._proc

    @property
    def killed(self) -> bool:
        """Whether the reading was cancelled."""
        return self._killed

    @property
    def expired(self) -> bool:
        """Whether the child was stopped for not answering within the wait limit."""
        return self._expired

    @property
    def pid(self) -> int | None:
        """The process id of this reading's child once it has one (tests)."""
        proc = self._proc
        return proc.pid if proc is not None else None

    def stop(self) -> None:
        """End the child process, if it still runs (its answer is over)."""
        if self._proc is not None and self._proc.poll() is None:
            with contextlib.suppress(OSError):
                self._proc.kill()

    def kill(self) -> None:
        """Cancel: kill the child; nothing more of it is yielded."""
        with self._lock:
            self._killed = True
            self.stop()

    def expire(self) -> None:
        """The wait limit passed: kill the child, the reading reports it."""
        with self._lock:
            if not self._killed:
                self._expired = True
                self.stop()


#: What reading yields: ``("document", Document)`` once, then ``("verdicts", start,
#: levels)`` per batch of links judged.
Event = tuple[Any, ...]


def _problem(item: object) -> Problem | None:
    from uriinspector.sources.model import Problem

    if isinstance(item, list) and len(item) == 3:
        return Problem(str(item[0]), str(item[1]), None if item[2] is None else str(item[2]))
    return None


def _stopped(returncode: int | None) -> Problem:
    """Why a child that never answered stopped."""
    from uriinspector.sources.model import Problem

    message = f"The document reader stopped before it answered (exit status {returncode})"
    if returncode is not None and returncode < 0:  # a signal: most often memory
        message += (f"; reading it may need more than the {address_space_limit() // 2**20}"
                    " MB of memory one document may use")
    return Problem("unreadable", message + ".")


def read_in_child(job: Job, child: _Child,
                  spare: subprocess.Popen[bytes] | None = None) -> Iterator[Event]:
    """Read and judge ``job`` in a child process (``sources/reader_process.py``;
    ``spare`` when one was started ahead): this thread only parses its short JSON
    lines. Nothing is yielded once it is killed; a child that cannot start, runs out
    of memory or time, or dies is a problem."""
    from uriinspector.sources.mail_context import MailContext
    from uriinspector.sources.model import Document, Link, Problem

    seconds = wait_limit()
    try:
        proc = child.start(spare)
    except OSError as exc:
        yield ("document", Document("unknown", (), (Problem(
            "unreadable", f"The document reader could not be started: {exc}"),),
            source=job.name))
        return
    if proc is None:
        return
    timer = threading.Timer(seconds, child.expire)
    timer.daemon = True
    timer.start()
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
    text: str | None = None
    links: list[Link] = []
    problems: list[Problem] = []
    sent = False

    def document() -> Document:
        kind = None
        if head is not None:
            problems[:0] = [p for p in map(_problem, head.get("problems") or ()) if p]
            kind = head.get("kind")

        def field(key: str) -> str | None:
            value = head.get(key) if head is not None else None
            return value if isinstance(value, str) else None

        return Document(
            kind if isinstance(kind, str) else "unknown",  # type: ignore[arg-type]
            tuple(links), tuple(problems), source=job.name,
            subject=field("subject"), sender=field("sender"), date=field("date"), text=text,
            format=field("format"),
            mail=MailContext.from_json(head.get("mail")) if head is not None else None,
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
            elif "text" in obj and isinstance(obj["text"], str):
                text = obj["text"]
            elif "end" in obj and head is not None and not sent:
                sent = True
                timer.cancel()  # read: the verdicts follow at the core's bounded pace
                yield ("document", document())
            elif "verdicts" in obj and sent and isinstance(obj["verdicts"], list):
                start, levels = obj["verdicts"]
                yield ("verdicts", int(start), tuple(str(v) for v in levels))
            elif "violation" in obj:
                problems.append(Problem("network-refused",
                                        "The reader tried the network and was refused: "
                                        f"{obj['violation']}"))
            elif "error" in obj:
                code = obj.get("code")
                problems.append(Problem(code if code == "memory-limit" else "unreadable",
                                        str(obj["error"])))
    finally:
        timer.cancel()
        proc.stdout.close()
        child.stop()
        proc.wait()
    if sent or child.killed:
        return
    if child.expired:
        problems.append(Problem("time-limit", f"The reader did not answer within {seconds:g}"
                                " s, the wait limit for one document; it was stopped."))
    elif proc.returncode == EXIT_TIME_LIMIT and head is None:
        problems.append(Problem("time-limit", time_message()))
    elif head is None and not problems:
        problems.append(_stopped(proc.returncode))
    yield ("document", document())


class _Signals(QObject):
    """Carries a worker's results to the GUI thread (queued connections)."""

    read = Signal(int, object, float)  # generation, (Document, Summary), seconds
    verdicts = Signal(int, int, object)  # generation, first index, tuple of levels
    done = Signal(int)


class _Worker(QRunnable):
    """Reads one document, hands it over, then judges its links batch by batch."""

    def __init__(self, generation: int, job: Job, signals: _Signals,
                 cancel: threading.Event, child: _Child,
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
        self._child = _Child()
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
        self._child = _Child()
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
        if key == _launch_key() and proc.poll() is None:
            return proc
        _end(proc)
        return None

    def _start_spare(self) -> None:
        """Start the next document's child now, while nothing is read: it imports the
        readers and the core ahead, so opening a small document is immediate."""
        if self._closed or self._spare is not None:
            return
        try:
            self._spare = (_launch_key(), launch())
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
            _end(spare[1])
        self._generation += 1
        self.wait(CLOSE_WAIT_MS)

    @property
    def child_pid(self) -> int | None:
        """The process id of the child reading (or that read) the current document."""
        return self._child.pid


class DocumentIntake(QObject):
    """The window's side of documents: what ``gui/intake/intake.py`` hands over as a document
    file or an image is read here, shown in the Extract tab, and (for a QR image) its
    first link inspected in the field.

    Kept out of ``main_window.py``: the window only calls :meth:`open` (from
    ``take``/paste/drop), :meth:`open_dialog` (*File ▸ Open…*) and :meth:`shutdown`.
    """

    def __init__(self, window: QWidget, intents: Intents) -> None:
        super().__init__(window)
        self.window = window
        self.intents = intents
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
        from uriinspector.gui.intake import intake

        self.intents.take(intake.from_path(path))

    def open_dialog(self) -> None:
        """*File ▸ Open…*: choose a mail, a saved page, an Outlook message or an image."""
        from PySide6.QtWidgets import QFileDialog

        from uriinspector.sources.formats import open_filter

        name, _filter = QFileDialog.getOpenFileName(
            self.window, "Open a Document, Mail, Page or Image", "", open_filter()
        )
        if name:
            self.open_path(name)

    def shutdown(self) -> None:
        """Stop reading (window close)."""
        self.reader.shutdown()

    # ---- the Extract tab -----------------------------------------------------------
    def pane(self) -> ExtractPane:
        """The Extract pane, built and wired to this intake on first use."""
        pane: ExtractPane = self.intents.pane("extract")  # type: ignore[assignment]
        if self._wired is not pane:
            self._wired = pane
            pane.resolutionRequested.connect(self.intents.show_resolution)
            pane.baseChanged.connect(self.reader.reread)
            # back to the layout before the document (issue 25: the window takes the
            # document layout by itself, and gives it back)
            pane.documentView.closed.connect(lambda: self.intents.use_layout(None))
        return pane

    def _say(self, message: str, msecs: int = 15000) -> None:
        self.message = message
        self.intents.status(message, msecs)

    @Slot(object)
    def _on_started(self, job: Job) -> None:
        pane = self.pane()
        pane.show_document_page(True)
        pane.documentView.show_busy(job.name)
        self.intents.use_layout("analyst")  # the document beside the findings, wide
        dock = self.intents.dock("extract")
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
                self.intents.inspect(first.target)
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
