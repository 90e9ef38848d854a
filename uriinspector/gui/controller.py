"""The controller: the window's state as a few strings, one frozen Analysis per change.

``AnalysisController`` owns the input text, the edition, the resolution pane's base
and reference and the ladder's comparison text. It calls the core and emits frozen
results; panes render them and never call the core (shared/style.md §5.3).

Inputs up to ``SYNC_LIMIT`` code points are analysed synchronously (a keystroke must
repaint within a frame); longer ones go to the controller's one worker thread, and a
generation counter drops every result that is not for the newest input.

One thread, not a pool of them: two CPU-bound Python threads pass the GIL to each
other and starve a third (the GUI thread waited up to 230 ms with two busy workers,
36 ms with one), so the analysis, the later parts and the freeing of old results
take turns, newest analysis first, and work for a replaced input stops early.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QRunnable, QThreadPool, QTimer, Signal, Slot

from uriinspector.gui.resources import spec_examples
from uriinspector.gui.workload import GC_PAUSE, SYNC_LIMIT

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.resolve import Resolution
    from uriinspector.core.verdict import LinkContext


EDITIONS: tuple[str, ...] = ("rfc3986", "draft-2003", "rfc2396", "draft-1997", "draft-1993")


def _analyze(text: str, edition: str) -> Analysis:
    from uriinspector.core.analysis import analyze

    return analyze(text, edition)



#: ``Analysis`` properties computed on first access that a worker computes before it
#: delivers (the default panes read them). The Explain and Editions views stay lazy:
#: they would add seconds to every long analysis for tabs rarely raised.
_LAZY_PARTS = ("characters", "ladder", "decoding", "destinations")
#: Built by a second worker once a long analysis is shown (``partsReady``): the
#: Explain and Editions panes read them, and on a megabyte each takes seconds, which
#: must neither run on the GUI thread nor delay the panes everyone looks at.
LATER_PARTS = ("explanation", "editions")


class _WorkerSignals(QObject):
    """Carries a worker's result back to the GUI thread (queued connection)."""

    finished = Signal(int, object, float)  # generation, Analysis or Exception, seconds
    parts = Signal(int, object)  # generation, Analysis with LATER_PARTS built


#: Priorities on the controller's one worker thread: the newest analysis first, then
#: the later parts of the one shown, then freeing replaced results.
_ANALYSIS_PRIORITY, _PARTS_PRIORITY, _DISPOSER_PRIORITY = 2, 1, 0


class _AnalysisWorker(QRunnable):
    """Runs ``analyze`` for one generation on the worker thread."""

    def __init__(
        self,
        generation: int,
        text: str,
        edition: str,
        signals: _WorkerSignals,
        wanted: Callable[[int], bool],
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._text = text
        self._edition = edition
        self._signals = signals
        self._wanted = wanted

    def run(self) -> None:
        """Analyse, and hand the result (or the exception) to the GUI thread."""
        started = time.perf_counter()
        result: object
        # A long input allocates about a million small objects; each full collection the
        # cyclic GC runs meanwhile stops *every* thread (100-150 ms at 1 MB), which the
        # GUI thread feels as a freeze. Pause automatic collection while we build, then
        # freeze the survivors (they are freed by reference counting, never by the GC).
        with GC_PAUSE:
            try:
                if not self._wanted(self._generation):
                    result = None  # replaced before it started: dropped as stale
                else:
                    analysis = _analyze(self._text, self._edition)
                    # Build the lazy parts here too, so no pane computes them on the GUI
                    # thread (0.2 s for the decoders of a 1 MB query, more for the ladder);
                    # once the input is replaced, the rest is skipped (the next waits).
                    for lazy in _LAZY_PARTS:
                        if not self._wanted(self._generation):
                            break
                        getattr(analysis, lazy, None)
                    result = analysis
            except Exception as exc:  # reported in the window, never lost
                result = exc
        self._signals.finished.emit(self._generation, result, time.perf_counter() - started)


class _PartsWorker(QRunnable):
    """Builds ``LATER_PARTS`` of one delivered long analysis on the worker thread."""

    def __init__(
        self,
        generation: int,
        analysis: Analysis,
        signals: _WorkerSignals,
        wanted: Callable[[int], bool],
    ) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._analysis: Analysis | None = analysis
        self._signals = signals
        self._wanted = wanted

    def run(self) -> None:
        """Compute each part (a failure leaves it to the pane, which reports it); stop
        as soon as the analysis is replaced (a pane that still shows it builds the rest)."""
        analysis, self._analysis = self._analysis, None
        assert analysis is not None
        with GC_PAUSE:
            for part in LATER_PARTS:
                if not self._wanted(self._generation):
                    return
                try:
                    getattr(analysis, part)
                except Exception:  # the pane computes it again and reports the error
                    import traceback  # on a crash only

                    traceback.print_exc()
        self._signals.parts.emit(self._generation, analysis)


class _Disposer(QRunnable):
    """Frees a replaced long analysis's lazy parts on the worker thread, a slice at a time.

    Freeing a megabyte's parts (a million ``CharInfo``...) takes 130-270 ms, and one
    ``del`` of a big tuple never lets the GIL go: done by the GUI thread when the last
    pane lets go, or in one piece here, it stalls the window. In slices of
    ``_SLICE`` objects the GUI thread gets the GIL between them.
    """

    _SLICE = 5000

    @classmethod
    def worth_it(cls, part: object) -> bool:
        """Whether freeing dataclass ``part`` takes long: it holds a big tuple."""
        from dataclasses import fields, is_dataclass  # the core's: loaded with the analysis

        if not is_dataclass(part) or isinstance(part, type):
            return False
        return any(
            isinstance(value := getattr(part, field.name), tuple) and len(value) > cls._SLICE
            for field in fields(part)
        )

    def __init__(self, parts: list[object]) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._parts = parts

    def run(self) -> None:
        """Free each part, big sequences in slices; an analysis's big tuples (a megabyte of
        zero-width characters has 200,000 findings: 45-180 ms to free) are taken out of
        it as lists first, so freeing the analysis itself only drops the tuples."""
        from dataclasses import fields, is_dataclass

        parts, self._parts = self._parts, []
        while parts:
            part = parts.pop()
            if is_dataclass(part) and not isinstance(part, type):
                for field in fields(part):
                    value = getattr(part, field.name)
                    if isinstance(value, tuple) and len(value) > self._SLICE:
                        parts.append(list(value))
                    del value
                del part
                continue
            if isinstance(part, (tuple, list)) and len(part) > self._SLICE:
                items = list(part)
                del part
                while items:
                    del items[-self._SLICE :]
            else:
                del part


class AnalysisController(QObject):
    """Owns the inspected state and turns each change into one frozen core result.

    Signals:
        analysisChanged(Analysis): the newest input's analysis (never a stale one,
            never twice the same).
        partsReady(Analysis): a long (worker) analysis now has ``LATER_PARTS`` built.
        resolutionsChanged(tuple[Resolution, ...]): base + reference under every rule set.
        comparisonChanged(Ladder | None, Comparison | None): the ladder's second field.
        examplesChanged(tuple[(ref, tuple[Resolution, ...]), ...]): RFC 3986 §5.4.
        busyChanged(bool): a worker is analysing a long input.
        errorOccurred(str): the core raised (a bug: reported, never fatal).
    """

    analysisChanged = Signal(object)
    resolutionsChanged = Signal(object)
    comparisonChanged = Signal(object, object)
    examplesChanged = Signal(object)
    busyChanged = Signal(bool)
    errorOccurred = Signal(str)
    partsReady = Signal(object)

    def __init__(self, parent: QObject | None = None, *, sync_limit: int = SYNC_LIMIT) -> None:
        super().__init__(parent)
        self.sync_limit = sync_limit
        self.text = ""
        self.edition = "rfc3986"
        self.base = ""
        self.reference = ""
        self.compare_text = ""
        self.analysis: Analysis | None = None
        #: the document context the text was selected in (an Extract row): the text's
        #: analysis is delivered read in it (``core.verdict.in_context``)
        self.link_context: tuple[str, LinkContext] | None = None
        self.resolutions: tuple[Resolution, ...] = ()
        self._generation = 0
        self._pending = 0
        #: replaced long analyses a pane may still show (a dock in a hidden tab); each is
        #: freed on the pool once this list holds its last reference (``_reap``)
        self._retired: list[Analysis] = []
        self._reaper = QTimer(self)
        self._reaper.setInterval(250)
        self._reaper.timeout.connect(self._reap)
        #: analyses waiting for the next turn of the event loop to start on the pool
        self._queued: list[tuple[int, str, str]] = []
        #: the one worker thread (see the module's docstring)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._signals = _WorkerSignals()
        self._signals.finished.connect(self._on_worker_finished)
        self._signals.parts.connect(self._on_parts_finished)
        self._examples: tuple[tuple[str, tuple[Resolution, ...]], ...] | None = None
        #: Seconds the last analysis took, and whether it ran on a worker.
        self.last_duration = 0.0
        self.last_async = False
        #: When the shown analysis was made (``time.time()``): what reports and the
        #: summary call "analysed at", however much later they are made.
        self.analysed_time = time.time()
        self._held = False
        #: Whether the last comparisonChanged carried a comparison (else it said None).
        self._compared = True

    # ---- start-up -----------------------------------------------------------------
    def hold(self) -> None:
        """Record inputs without computing anything until :meth:`release`.

        The window holds its controller while it is built and shown, so the first
        paint does not wait for the core's imports and the first analysis.
        """
        self._held = True

    def release(self) -> None:
        """Compute what was recorded while held (the resolution, then the analysis)."""
        if not self._held:
            return
        self._held = False
        self._resolve()
        self._schedule()

    @property
    def held(self) -> bool:
        """Whether inputs are only recorded (see :meth:`hold`)."""
        return self._held

    # ---- inputs -------------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """The inspected text changed (a document context for another text is dropped)."""
        if self.link_context is not None and self.link_context[0] != text:
            self.link_context = None
        if text == self.text and self.analysis is not None:
            return
        self.text = text
        if not self._held:
            self._schedule()

    def set_link_context(self, text: str, context: LinkContext | None) -> None:
        """Read ``text`` in ``context`` (what a document showed for it) from now on; the
        shown analysis is redone at once when it is of ``text`` already."""
        old = self.link_context
        self.link_context = None if context is None else (text, context)
        changed = old != self.link_context and self.analysis is not None
        if changed and self.text == text and not self._held:
            self._schedule()

    def set_edition(self, edition: str) -> None:
        """The grammar edition changed (re-colours at once)."""
        if edition not in EDITIONS:
            raise ValueError(f"unknown edition {edition!r}")
        if edition == self.edition and self.analysis is not None:
            return
        self.edition = edition
        if not self._held:
            self._schedule()

    def set_resolution_inputs(self, base: str, reference: str) -> None:
        """The resolution pane's base or reference changed."""
        if (base, reference) == (self.base, self.reference) and self.resolutions:
            return
        self.base, self.reference = base, reference
        if not self._held:
            self._resolve()

    def _resolve(self) -> None:
        from uriinspector.core.resolve import resolve_all

        try:
            self.resolutions = resolve_all(self.base, self.reference)
        except Exception:
            self._report("resolve_all")
            return
        self.resolutionsChanged.emit(self.resolutions)

    def set_compare_text(self, other: str) -> None:
        """The ladder's second field changed."""
        self.compare_text = other
        self._emit_comparison()

    def load_examples(self) -> None:
        """Resolve every RFC 3986 §5.4 reference against its base, under every rule set."""
        if self._examples is None:
            from uriinspector.core.resolve import resolve_all

            base, refs = spec_examples()
            try:
                self._examples = tuple((ref, resolve_all(base, ref)) for ref in refs)
            except Exception:
                self._report("resolve_all (examples)")
                return
        self.examplesChanged.emit(self._examples)

    # ---- analysis -----------------------------------------------------------------
    def _schedule(self) -> None:
        self._generation += 1
        generation = self._generation
        text, edition = self.text, self.edition
        if len(text) <= self.sync_limit:
            started = time.perf_counter()
            try:
                result: object = _analyze(text, edition)
            except Exception as exc:
                result = exc
            self._deliver(generation, result, time.perf_counter() - started, False)
            return
        self._pending += 1
        if self._pending == 1:
            self.busyChanged.emit(True)
        # Start the worker on the next turn of the event loop, after the window has
        # painted the pasted text: the worker holds the GIL through long C calls (a
        # regex over 1 MB), which would otherwise delay that first paint.
        self._queued.append((generation, text, edition))
        QTimer.singleShot(0, self, self._start_queued)

    def _start_queued(self) -> None:
        """Start the queued analyses; one superseded before it started is never run."""
        queued, self._queued = self._queued, []
        for generation, text, edition in queued:
            if generation != self._generation:
                self._on_worker_finished(generation, None, 0.0)  # dropped as stale
            else:
                worker = _AnalysisWorker(generation, text, edition, self._signals, self._wanted)
                self._pool.start(worker, _ANALYSIS_PRIORITY)

    @Slot(int, object, float)
    def _on_worker_finished(self, generation: int, result: object, seconds: float) -> None:
        self._pending -= 1
        if self._pending == 0:
            self.busyChanged.emit(False)
        self._deliver(generation, result, seconds, True)

    def _deliver(self, generation: int, result: object, seconds: float, is_async: bool) -> None:
        if generation != self._generation:
            return  # stale: a newer input is already scheduled or shown
        from uriinspector.core.analysis import Analysis  # loaded: it made ``result``

        if not isinstance(result, Analysis):
            import traceback

            detail = "".join(traceback.format_exception_only(result)).strip() if isinstance(
                result, Exception) else f"{type(result).__name__} instead of an analysis"
            self.errorOccurred.emit(f"The analysis failed (a bug; please report it): {detail}")
            return
        self.last_duration = seconds
        self.last_async = is_async
        if self.link_context is not None and result.text == self.link_context[0]:
            from uriinspector.core.verdict import in_context

            result = in_context(result, self.link_context[1])
        if result == self.analysis:
            return
        old = self.analysis
        self.analysis = result
        self.analysed_time = time.time()
        self.analysisChanged.emit(result)
        if old is not None and len(old.text) > self.sync_limit:
            self._pool.start(_Disposer(old.detach_parts()), _DISPOSER_PRIORITY)
            self._retired.append(old)
        del old
        if self._retired:
            self._reap()  # usually at once: every pane on screen shows the new one now
        self._emit_comparison()
        if is_async:
            parts = _PartsWorker(generation, result, self._signals, self._wanted)
            self._pool.start(parts, _PARTS_PRIORITY)

    def _reap(self) -> None:
        """Free on the pool each retired analysis no pane holds any more.

        Whoever drops the last reference to an analysis frees it: if a pane did, the
        GUI thread would spend 45-180 ms on a megabyte's findings. So the controller
        keeps each replaced long analysis until it holds the only reference, then moves
        that reference into a ``_Disposer``.
        """
        keep: list[Analysis] = []
        while self._retired:
            # 2: the list's slot and getrefcount's own argument; pop() then hands the
            # only reference to the disposer, none is left in a local here.
            if sys.getrefcount(self._retired[-1]) > 2:
                keep.append(self._retired.pop())
            elif _Disposer.worth_it(self._retired[-1]):
                self._pool.start(_Disposer([self._retired.pop()]), _DISPOSER_PRIORITY)
            else:
                del self._retired[-1]  # nothing big left in it: freed at once, here
        self._retired = keep
        if keep:
            self._reaper.start()
        else:
            self._reaper.stop()

    def _wanted(self, generation: int) -> bool:
        """Whether ``generation`` is still the newest input (asked from the worker)."""
        return generation == self._generation

    @Slot(int, object)
    def _on_parts_finished(self, generation: int, analysis: object) -> None:
        if generation == self._generation and analysis is self.analysis:
            self.partsReady.emit(analysis)

    def _emit_comparison(self) -> None:
        other = self.compare_text
        if not other or self.analysis is None:
            if self._compared:
                self._compared = False
                self.comparisonChanged.emit(None, None)
            return
        from uriinspector.core.compare import compare
        from uriinspector.core.normalize import normalize

        try:
            ladder: Ladder = normalize(other)
            comparison: Comparison = compare(self.analysis.text, other)
        except Exception:
            self._report("compare")
            return
        self._compared = True
        self.comparisonChanged.emit(ladder, comparison)

    def _report(self, what: str) -> None:
        import traceback

        detail = traceback.format_exc(limit=1)
        self.errorOccurred.emit(f"{what} failed (a bug; please report it): {detail}")

    # ---- lifecycle ----------------------------------------------------------------
    @property
    def busy(self) -> bool:
        """Whether a worker is still analysing."""
        return self._pending > 0

    def wait_for_workers(self, msecs: int = 10000) -> bool:
        """Block until every worker has finished (window close, tests)."""
        self._start_queued()
        return bool(self._pool.waitForDone(msecs))

    def shutdown(self) -> None:
        """Drop every pending result and wait for the workers to finish."""
        self._generation += 1
        self._reaper.stop()
        self._retired.clear()  # the window is closing: nothing is left to keep smooth
        self.wait_for_workers()
