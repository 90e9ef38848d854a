"""One pane's long computation on a worker thread, newest request wins (issue 13).

A pane hands :meth:`BackgroundJob.start` a core function and its arguments; the
function runs on the job's own one-thread ``QThreadPool`` and its result comes back to
the GUI thread through ``Signal(object)`` (exact Python objects: a lone surrogate in a
str survives, a ``Signal(str)`` would pass it through QString). Every start bumps a
generation counter: a result of an older generation is dropped, so a newer request
supersedes an older one. Short inputs may run inline (:func:`runs_inline`) so small
pastes show at once, as before.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, QThreadPool, Signal

from uriinspector.gui.workload import GC_PAUSE

#: Inputs shorter than this (code points) are computed on the GUI thread: they take
#: milliseconds, and an immediate result keeps the pane simple to drive.
INLINE_LIMIT = 64 * 1024


def runs_inline(text: str, limit: int = INLINE_LIMIT) -> bool:
    """Whether ``text`` is shorter than ``limit``: computed on the GUI thread."""
    return len(text) < limit


class _Signals(QObject):
    """Carries a worker's outcome to the GUI thread (queued connection)."""

    done = Signal(int, object)  # generation, (result or exception, thread id)


class _Worker(QRunnable):
    """Runs one call for one generation; skips it if already superseded."""

    def __init__(self, generation: int, call: Callable[[], object], signals: _Signals,
                 wanted: Callable[[int], bool]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._call: Callable[[], object] | None = call
        self._signals = signals
        self._wanted = wanted

    def run(self) -> None:
        """Call, and hand the result (or the exception) back; never raises."""
        call, self._call = self._call, None
        result: object = None
        if call is not None and self._wanted(self._generation):
            # as the analysis workers: no cyclic GC meanwhile, and what the call built
            # is frozen after it, so the GUI thread's collections never walk it (a
            # megabyte's 18,000 links made each full collection there take ~50 ms)
            with GC_PAUSE:
                try:
                    result = call()
                except Exception as exc:  # shown by the pane, never lost
                    result = exc
        del call
        self._signals.done.emit(self._generation, (result, threading.get_ident()))


class BackgroundJob(QObject):
    """Runs one pane's requests off the GUI thread; only the newest one's result counts.

    Signals:
        finished(object): the newest request's result (or the exception it raised).
    """

    finished = Signal(object)

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._generation = 0
        self._running = False
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _Signals()
        self._signals.done.connect(self._on_done)
        #: ``threading.get_ident()`` of the thread that computed the last result
        self.last_thread: int | None = None

    def start(self, fn: Callable[..., object], *args: Any, **kwargs: Any) -> int:
        """Run ``fn(*args, **kwargs)`` on the worker; supersede any earlier request."""
        self._generation += 1
        self._running = True
        self._pool.start(_Worker(self._generation, lambda: fn(*args, **kwargs),
                                 self._signals, self._is_wanted))
        return self._generation

    def cancel(self) -> None:
        """Drop the running request's result (the call itself finishes unseen)."""
        self._generation += 1
        self._running = False

    def is_running(self) -> bool:
        """Whether a request's result is still awaited."""
        return self._running

    def wait(self, msecs: int = -1) -> bool:
        """Block until the worker is idle (tests, shutdown)."""
        return bool(self._pool.waitForDone(msecs))

    def _is_wanted(self, generation: int) -> bool:
        return generation == self._generation  # an int read: atomic under the GIL

    def _on_done(self, generation: int, outcome: object) -> None:
        if generation != self._generation:
            return  # stale: a newer request (or a cancel) superseded it
        assert isinstance(outcome, tuple)
        result, self.last_thread = outcome
        self._running = False
        self.finished.emit(result)
