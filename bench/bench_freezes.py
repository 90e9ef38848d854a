"""The longest GUI-thread block per pane for every hostile 1 MB shape (issue 13, item 5).

For each shape of ``bench/shapes.py`` this does, in one real window (offscreen), what the
window does for an input that long: the analysis and the lazy parts the controller's
worker precomputes run first (off the clock: that is the worker's time, reported as
``worker s``), then every GUI-thread step is timed on its own:

* ``field``: ``UriField.set_uri`` then ``show_analysis`` (chips, highlighting), a repaint;
* ``banner``: ``Banner.show_analysis`` and a repaint;
* each pane of ``main_window.PANES``: ``show_analysis`` then a ``grab()`` (a full paint).

After each step the event loop runs for ``--settle`` seconds with a 5 ms heartbeat timer,
and the longest gap between beats is added as the step's deferred work (timers a pane
started). The target: no step over 100 ms on any shape up to 1 MB.

    QT_QPA_PLATFORM=offscreen python bench/bench_freezes.py [--size N] [--shapes a,b]
        [--panes a,b] [--json out.json]
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("URIINSPECTOR_CONFIG_DIR", tempfile.mkdtemp(prefix="uri-bench-"))

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.shapes import ONE_MB, SHAPES, shape  # noqa: E402

LIMIT_MS = 100.0


def worker_analysis(text: str) -> tuple[object, float]:
    """What the controller's two workers compute, and how long it took (seconds)."""
    from uriinspector.gui import controller

    # Before issue 13 there was no second worker (no LATER_PARTS): the panes built the
    # explanation and editions on the GUI thread; the bench measures either version.
    later = getattr(controller, "LATER_PARTS", ())
    started = time.perf_counter()
    with controller._GC_PAUSE:  # as the workers do: no cyclic GC meanwhile
        a = controller._analyze(text, "rfc3986")
        for lazy in (*controller._LAZY_PARTS, *later):
            getattr(a, lazy, None)
    return a, time.perf_counter() - started


def settle_gap(app: QApplication, seconds: float) -> float:
    """Run the event loop ``seconds`` with a 5 ms heartbeat; the longest gap in ms."""
    ticks: list[float] = [time.perf_counter()]
    timer = QTimer()
    timer.setInterval(5)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    timer.start()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        app.processEvents()
    timer.stop()
    ticks.append(time.perf_counter())
    return max(b - a for a, b in itertools.pairwise(ticks)) * 1000


def timed(step: Callable[[], object]) -> float:
    """Milliseconds ``step`` held the GUI thread."""
    started = time.perf_counter()
    step()
    return (time.perf_counter() - started) * 1000


def measure_shape(
    app: QApplication, window: object, text: str, panes: tuple[str, ...], settle: float
) -> dict[str, object]:
    """One shape through the field, the banner and ``panes``: ms per step."""
    from uriinspector.gui.main_window import MainWindow

    assert isinstance(window, MainWindow)
    previous = window.controller.analysis
    a, worker_s = worker_analysis(text)
    from uriinspector.gui import controller

    # As the controller does when a long analysis replaces another: its lazy parts are
    # freed by a worker (here off the clock); the rest too, once every pane has let it
    # go (``AnalysisController._reap``), or else by the last pane to let go.
    window.controller.analysis = a  # type: ignore[assignment]
    retired: list[object] = []
    if previous is not None and hasattr(controller, "_Disposer"):
        controller._Disposer(previous.detach_parts()).run()
        if hasattr(controller.AnalysisController, "_reap"):
            retired.append(previous)
    del previous
    out: dict[str, object] = {"worker_s": worker_s}
    field = window.uriField

    def field_step() -> None:
        field.set_uri(text)
        field.show_analysis(a)  # type: ignore[arg-type]
        field.viewport().repaint()

    steps: dict[str, Callable[[], object]] = {
        "field": field_step,
        "banner": lambda: (window.banner.show_analysis(a), window.banner.repaint()),  # type: ignore[arg-type]
    }
    for name in panes:
        pane = window.pane(name)

        def pane_step(pane: object = pane) -> None:
            show = getattr(pane, "show_analysis", None)
            if show is not None:
                show(a)
            pane.grab()  # type: ignore[attr-defined]

        steps[name] = pane_step
    for name, step in steps.items():
        call = timed(step)
        later = settle_gap(app, settle)
        out[name] = round(max(call, later), 1)
    if retired:  # every pane shows the new analysis now: the disposer holds the last one
        controller._Disposer([retired.pop()]).run()
    return out


def main() -> int:
    """Measure, print one line per shape, optionally write JSON."""
    from uriinspector.gui.main_window import PANES, MainWindow

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=ONE_MB)
    parser.add_argument("--shapes", default=",".join(SHAPES))
    parser.add_argument("--panes", default=",".join(p[0] for p in PANES))
    parser.add_argument("--settle", type=float, default=0.15)
    parser.add_argument("--json", type=Path)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    # The controller would analyse on its own; the bench drives every step itself.
    window = MainWindow()
    window.resize(1200, 800)
    window.show()
    window.controller.hold()
    panes = tuple(p for p in args.panes.split(",") if p)
    for name in panes:
        window.docks[name].show()
    settle_gap(app, 0.3)
    print(f"load average {os.getloadavg()[0]:.2f}, size {args.size:,}", flush=True)
    results: dict[str, dict[str, object]] = {}
    for name in args.shapes.split(","):
        r = measure_shape(app, window, shape(name, args.size), panes, args.settle)
        results[name] = r
        worst = max((k for k in r if k != "worker_s"), key=lambda k: r[k])  # type: ignore[arg-type,return-value]
        steps = " ".join(f"{k}={v}" for k, v in r.items() if k != "worker_s")
        flag = "OVER" if float(r[worst]) > LIMIT_MS else "ok"  # type: ignore[arg-type]
        worker = float(r["worker_s"])  # type: ignore[arg-type]
        print(f"{name:16} worker {worker:6.2f}s worst {worst}={r[worst]} {flag} | {steps}",
              flush=True)
    if args.json:
        args.json.write_text(json.dumps(results, indent=1))
    window.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
