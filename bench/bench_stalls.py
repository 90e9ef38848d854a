"""The longest event-loop gaps of the window in the three scenarios whose tests asserted
them until issue 22 (the tests now check where the work runs; the figures live here).

* ``paste``: three different megabytes pasted one after the other into one window (each
  replacing the last); the longest gap between 10 ms ticks from the paste until the
  worker delivered, and beside it what a pure-Python thread costs the GUI thread now
  (it lets the GIL go every 5 ms). Targets: best attempt under 100 ms (or within 50 ms
  of that floor), median under 250 ms (docs/performance.md, "1 MB paste").
* ``mail``: a 20 MB mail of 10,000 links opened in the window (read and judged in a
  child process); the longest gap between 10 ms ticks until its rows are listed and
  verdicts have been arriving for 0.3 s. Target: under 100 ms.
* ``shapes``: the hostile shapes of ``bench/shapes.py`` at 128 K code points loaded
  with Explain or Editions raised; the longest gap between 5 ms ticks through both
  workers' delivery. Bound: 500 ms on a loaded 2-core machine (``bench_freezes.py``
  measures each GUI step at 1 MB against 100 ms).

    QT_QPA_PLATFORM=offscreen python bench/bench_stalls.py [paste] [mail] [shapes]
"""

from __future__ import annotations

import itertools
import os
import sys
import tempfile
import threading
import time
from email.message import EmailMessage
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
os.environ.setdefault("URIINSPECTOR_CONFIG_DIR", tempfile.mkdtemp(prefix="uri-bench-"))

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from PySide6.QtCore import QTimer  # noqa: E402
from PySide6.QtGui import QGuiApplication  # noqa: E402
from PySide6.QtWidgets import QApplication  # noqa: E402

from bench.shapes import shape  # noqa: E402

MEGABYTE = "http://user@example.com/" + "a/b%20c?" * (1_048_576 // 8)
NASTY = ("bidi", "zero-width", "lone-surrogates", "pct-triplets", "bracket-run", "at-run",
         "query-params", "emoji", "combining")


def _wait(app: QApplication, done: object, seconds: float) -> None:
    """Run the event loop until ``done()`` or ``seconds`` passed."""
    assert callable(done)
    deadline = time.perf_counter() + seconds
    while not done() and time.perf_counter() < deadline:
        app.processEvents()


def _ticker(interval_ms: int) -> tuple[QTimer, list[float]]:
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(interval_ms)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    return timer, ticks


def gil_friendly_floor(app: QApplication, seconds: float = 3.0) -> float:
    """The longest gap (s) between 10 ms ticks while a pure-Python thread spins."""
    stop = threading.Event()

    def spin() -> None:
        x = 0
        while not stop.is_set():
            for i in range(1000):
                x += i

    timer, ticks = _ticker(10)
    worker = threading.Thread(target=spin)
    worker.start()
    timer.start()
    deadline = time.perf_counter() + seconds
    while time.perf_counter() < deadline:
        app.processEvents()
    timer.stop()
    stop.set()
    worker.join()
    return max(b - a for a, b in itertools.pairwise(ticks))


def paste(app: QApplication) -> None:
    """Three megabytes pasted in turn; the longest gap of each, and the floor."""
    from uriinspector.gui import MainWindow

    window = MainWindow()
    window.show()
    _wait(app, lambda: False, 0.3)
    worst = []
    for text in (MEGABYTE, MEGABYTE.replace("user", "resu"), MEGABYTE.replace("user", "usr")):
        timer, ticks = _ticker(10)
        delivered: list[float] = []
        window.controller.analysisChanged.connect(
            lambda _a, d=delivered: d.append(time.perf_counter()))
        QGuiApplication.clipboard().setText(text)
        timer.start()
        window.paste_and_inspect()
        pasted = time.perf_counter()
        _wait(app, lambda: not window.controller.busy, 120)
        timer.stop()
        end = delivered[0] if delivered else time.perf_counter()
        gaps = [b - a for a, b in itertools.pairwise(ticks) if a >= pasted and b <= end]
        worst.append(max(gaps, default=0.0))
    floor = gil_friendly_floor(app)
    shown = ", ".join(f"{w * 1000:.0f}" for w in worst)
    print(f"paste 1 MB x3: longest gaps {shown} ms (median {sorted(worst)[1] * 1000:.0f}); "
          f"pure-Python thread floor {floor * 1000:.0f} ms")
    window.close()


def mail(app: QApplication) -> None:
    """A 20 MB mail of 10,000 links opened in the window; the longest gap."""
    from uriinspector.gui import MainWindow

    line = "Lorem ipsum dolor sit amet https://bulk.example/{} consectetur adipiscing.\n"
    msg = EmailMessage()
    msg["Subject"] = "bulk"
    msg.set_content("".join(line.format(i) for i in range(20 * 1024 * 1024 // 75)))
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "bulk.eml"
        path.write_bytes(bytes(msg))
        small = Path(tmp) / "small.eml"
        small.write_bytes(b"Subject: s\n\nhttps://a.example/\n")
        window = MainWindow()
        window.show()
        window.documents.open_path(str(small))  # the session's first document imports
        _wait(app, lambda: not window.documents.reader.busy, 60)
        for attempt in range(3):
            view = window.pane("extract").documentView  # type: ignore[attr-defined]
            timer, ticks = _ticker(10)
            timer.start()
            window.documents.open_path(str(path))
            _wait(app, lambda v=view: v.document is not None and v.document.links, 120)
            _wait(app, lambda: False, 0.3)
            timer.stop()
            gap = max(b - a for a, b in itertools.pairwise(ticks))
            print(f"mail 20 MB, attempt {attempt + 1}: longest gap {gap * 1000:.0f} ms, "
                  f"{view.model.rowCount():,} rows")
        window.documents.shutdown()
        window.close()


def shapes(app: QApplication) -> None:
    """Each hostile shape at 128 K with Explain or Editions raised; the longest gap."""
    from uriinspector.gui import MainWindow

    window = MainWindow()
    window.resize(1200, 800)
    window.show()
    for name in ("explain", "editions"):
        window.pane(name)
    for raised in ("explain", "editions"):
        window.docks[raised].raise_()
        for name in NASTY:
            text = shape(name, 131_072)
            parts: list[object] = []
            window.controller.partsReady.connect(parts.append)
            timer, ticks = _ticker(5)
            timer.start()
            _wait(app, lambda: False, 0.05)
            ticks.append(time.perf_counter())
            window.set_uri(text)
            _wait(app, lambda p=parts: bool(p), 120)
            _wait(app, lambda: False, 0.2)
            timer.stop()
            ticks.append(time.perf_counter())
            window.controller.partsReady.disconnect(parts.append)
            gap = max(b - a for a, b in itertools.pairwise(ticks)) * 1000
            print(f"shape {name:16} {raised:9} longest gap {gap:5.0f} ms"
                  + ("" if parts else "  (parts never arrived)"))
    window.close()


def main() -> int:
    """Run the scenarios named on the command line (all by default)."""
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    chosen = sys.argv[1:] or ["paste", "mail", "shapes"]
    print(f"load average {os.getloadavg()[0]:.2f}")
    for name in chosen:
        {"paste": paste, "mail": mail, "shapes": shapes}[name](app)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
