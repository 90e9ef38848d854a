"""The child process that reads one document, and its answer read back.

A document is hostile input (a 288 KB header bomb took 1.76 GB to parse; a 20 MB
mail's C calls hold the GIL for 100-300 ms each), so every document is read and judged
in a child process (``sources/reader_process.py``: no Qt, network refused, its address
space and time limited). This module starts it (``launch``, ``Child``), sends it the
job and turns its JSON lines into events (``read_in_child``); ``reader.py`` runs that
on a worker thread.
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
from pathlib import Path
from typing import TYPE_CHECKING, Any

from uriinspector.sources.reader_process import (
    EXIT_TIME_LIMIT,
    Job,
    address_space_limit,
    link_from_json,
    time_message,
    wait_limit,
)

if TYPE_CHECKING:
    from uriinspector.sources.mail_context import MailContext
    from uriinspector.sources.model import Document, Link, Problem

#: The module the child runs (``python -m``); a frozen bundle runs itself with
#: :data:`READER_FLAG` instead (``uriinspector/__main__.py``).
READER_MODULE = "uriinspector.sources.reader_process"
READER_FLAG = "--document-reader"
#: How long the window's close waits for the worker once the child is killed (ms).
CLOSE_WAIT_MS = 5_000
#: This source tree (the directory holding ``uriinspector``): first on the child's path.
SOURCE_ROOT = Path(__file__).resolve().parents[3]

#: What reading yields: ``("document", Document)`` once, then ``("verdicts", start,
#: levels)`` per batch of links judged.
Event = tuple[Any, ...]


def reader_command() -> list[str]:
    """The command line of the child process that reads one document."""
    if getattr(sys, "frozen", False):
        return [sys.executable, READER_FLAG]
    return [sys.executable, "-m", READER_MODULE]


#: Environment variables a started child has already read (its limits, for tests).
_KNOBS = ("URIINSPECTOR_CHILD_AS_MB", "URIINSPECTOR_CHILD_SECONDS")  # (the wait: the window)


def launch_key() -> tuple[object, ...]:
    """What a child started now is started with: a spare made otherwise is not used."""
    return (tuple(reader_command()), *(os.environ.get(k) for k in _KNOBS))


def launch() -> subprocess.Popen[bytes]:
    """Start a reader child (this tree first on its path); it waits for its job."""
    root = str(SOURCE_ROOT)
    env = dict(os.environ)
    env["PYTHONPATH"] = root + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    return subprocess.Popen(reader_command(), stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL, env=env)


def end(proc: subprocess.Popen[bytes]) -> None:
    """Kill ``proc`` and reap it (a killed process ends at once; the wait is bounded)."""
    with contextlib.suppress(OSError):
        proc.kill()
    with contextlib.suppress(subprocess.TimeoutExpired):
        proc.wait(CLOSE_WAIT_MS / 1000)
    for pipe in (proc.stdin, proc.stdout):
        if pipe is not None:
            with contextlib.suppress(OSError):
                pipe.close()


class Child:
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
                    end(spare)
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


def problem_from_json(item: object) -> Problem | None:
    """A ``[code, message, where]`` list from the child as a ``Problem`` (else None)."""
    from uriinspector.sources.model import Problem

    if isinstance(item, list) and len(item) == 3:
        return Problem(str(item[0]), str(item[1]), None if item[2] is None else str(item[2]))
    return None


def stopped(returncode: int | None) -> Problem:
    """Why a child that never answered stopped."""
    from uriinspector.sources.model import Problem

    message = f"The document reader stopped before it answered (exit status {returncode})"
    if returncode is not None and returncode < 0:  # a signal: most often memory
        message += (f"; reading it may need more than the {address_space_limit() // 2**20}"
                    " MB of memory one document may use")
    return Problem("unreadable", message + ".")


def send_job(proc: subprocess.Popen[bytes], job: Job) -> None:
    """Write ``job`` to the child: a JSON header line, then the bytes when it has them
    (else the child opens the path itself). A child already gone is read as such."""
    header = {"name": job.name, "path": None if job.data is not None else (job.path or job.name),
              "kind": job.kind, "base": job.base, "defanged": job.defanged}
    assert proc.stdin is not None
    try:
        proc.stdin.write(json.dumps(header).encode() + b"\n")
        if job.data is not None:
            proc.stdin.write(job.data)
        proc.stdin.close()
    except OSError:
        pass


class Answer:
    """What the child has said so far about one document: its head (kind, mail
    headers, problems), its text, its links, and the problems of the reading."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.head: dict[str, Any] | None = None
        self.text: str | None = None
        self.links: list[Link] = []
        self.problems: list[Problem] = []
        #: the document was handed on (its verdicts follow)
        self.sent = False

    def take(self, obj: object) -> Event | None:
        """Take one JSON line of the child; the event it completes, if any."""
        from uriinspector.sources.model import Problem

        if not isinstance(obj, dict):
            return None
        if "link" in obj and isinstance(obj["link"], dict):
            self.links.append(link_from_json(obj["link"]))
            if len(self.links) % 256 == 0:
                time.sleep(0.001)  # let the GUI thread take the GIL between batches
        elif "document" in obj and isinstance(obj["document"], dict):
            self.head = obj["document"]
        elif "text" in obj and isinstance(obj["text"], str):
            self.text = obj["text"]
        elif "end" in obj and self.head is not None and not self.sent:
            self.sent = True
            return ("document", self.document())
        elif "verdicts" in obj and self.sent and isinstance(obj["verdicts"], list):
            start, levels = obj["verdicts"]
            return ("verdicts", int(start), tuple(str(v) for v in levels))
        elif "violation" in obj:
            self.problems.append(Problem("network-refused",
                                         "The reader tried the network and was refused: "
                                         f"{obj['violation']}"))
        elif "error" in obj:
            code = obj.get("code")
            self.problems.append(Problem(code if code == "memory-limit" else "unreadable",
                                         str(obj["error"])))
        return None

    def _field(self, key: str) -> str | None:
        value = self.head.get(key) if self.head is not None else None
        return value if isinstance(value, str) else None

    def document(self) -> Document:
        """The document as read so far (the head's problems first)."""
        from uriinspector.sources.mail_context import MailContext
        from uriinspector.sources.model import Document

        head = self.head
        kind = None
        if head is not None:
            self.problems[:0] = [p for p in map(problem_from_json, head.get("problems") or ())
                                 if p]
            kind = head.get("kind")
        mail: MailContext | None = (MailContext.from_json(head.get("mail"))
                                    if head is not None else None)
        return Document(
            kind if isinstance(kind, str) else "unknown",  # type: ignore[arg-type]
            tuple(self.links), tuple(self.problems), source=self.name,
            subject=self._field("subject"), sender=self._field("sender"),
            date=self._field("date"), text=self.text, format=self._field("format"), mail=mail,
        )


def read_in_child(job: Job, child: Child,
                  spare: subprocess.Popen[bytes] | None = None) -> Iterator[Event]:
    """Read and judge ``job`` in a child process (``sources/reader_process.py``;
    ``spare`` when one was started ahead): this thread only parses its short JSON
    lines. Nothing is yielded once it is killed; a child that cannot start, runs out
    of memory or time, or dies is a problem."""
    from uriinspector.sources.model import Document, Problem

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
    send_job(proc, job)
    answer = Answer(job.name)
    assert proc.stdout is not None
    try:
        for line in proc.stdout:
            try:
                obj = json.loads(line)
            except ValueError:
                continue
            event = answer.take(obj)
            if event is not None and event[0] == "document":
                timer.cancel()  # read: the verdicts follow at the core's bounded pace
            if event is not None:
                yield event
    finally:
        timer.cancel()
        proc.stdout.close()
        child.stop()
        proc.wait()
    if answer.sent or child.killed:
        return
    if child.expired:
        answer.problems.append(Problem(
            "time-limit", f"The reader did not answer within {seconds:g} s, the wait limit "
            "for one document; it was stopped."))
    elif proc.returncode == EXIT_TIME_LIMIT and answer.head is None:
        answer.problems.append(Problem("time-limit", time_message()))
    elif answer.head is None and not answer.problems:
        answer.problems.append(stopped(proc.returncode))
    yield ("document", answer.document())
