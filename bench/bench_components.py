"""The Components pane alone: ``show_analysis`` and the repaint that follows, per input shape.

For each shape two analyses one character apart are prepared outside the timing. Each
round shows every shape in turn (interleaved): first a switch from the previous shape
(reported apart, it has nothing to reuse), then three keystrokes (the two analyses
alternately); each is timed as ``show_analysis`` plus a forced repaint of the whole
viewport (the window repaints only changed rows, so "paint" is an upper bound).
Also counts the tree's items after showing each shape. Not a timed test.
``--compare FILE`` loads another version of ``gui/panes/components.py`` (e.g. from
``git show``) and interleaves its pane with the current one, for a before/after figure
measured under the same load.

    QT_QPA_PLATFORM=offscreen python bench/bench_components.py [--rounds N] [--shapes a,b]
        [--compare /tmp/old_components.py]
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from bench_gui import make_uri  # noqa: E402
from corpus import long_input  # noqa: E402
from PySide6.QtWidgets import QApplication, QTreeWidgetItemIterator  # noqa: E402


def shapes() -> dict[str, str]:
    """Inputs by name: the window bench's URIs, long paths/queries, and 1 MB shapes."""
    out = {
        "300": make_uri(300),
        "8k-query": make_uri(8191),
        "8k-path": long_input("path", 8191),
        "8k-query-many": long_input("query", 8191),
        "1m-path+query": "http://user@example.com/" + "a/b%20c?" * (1_048_576 // 8),
    }
    for shape in ("path", "query", "dots", "percent", "data"):
        out[f"1m-{shape}"] = long_input(shape, 1_000_000)
    return out


def count_items(view: object) -> int:
    """Every item in the tree (expanded or not)."""
    it = QTreeWidgetItemIterator(view)  # type: ignore[call-overload]
    n = 0
    while it.value() is not None:
        n += 1
        it += 1
    return n


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank)."""
    s = sorted(values)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> int:
    """Run the interleaved rounds and print p50/p99 per shape."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--big-rounds", type=int, default=10)
    parser.add_argument("--shapes", default="")
    parser.add_argument("--compare", default="", help="another components.py to interleave")
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    from uriinspector.core.analysis import analyze
    from uriinspector.gui.panes import ComponentsPane

    inputs = shapes()
    if args.shapes:
        inputs = {k: v for k, v in inputs.items() if k in args.shapes.split(",")}
    pairs = {}
    for name, text in inputs.items():
        a, b = analyze(text), analyze(text + "x")
        for x in (a, b):  # the worker precomputes what the pane reads
            getattr(x, "decoding", None)
        pairs[name] = (a, b)
    classes = {"current": ComponentsPane}
    if args.compare:
        spec = importlib.util.spec_from_file_location("compared_components", args.compare)
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules[spec.name] = module
        spec.loader.exec_module(module)
        classes = {"compared": module.ComponentsPane, **classes}
    panes = {}
    for label, cls in classes.items():
        pane = cls()
        pane.resize(900, 600)
        pane.show()
        panes[label] = pane
    app.processEvents()
    runs = [(label, name) for name in pairs for label in panes]
    show: dict[tuple[str, str], list[float]] = {k: [] for k in runs}
    switch: dict[tuple[str, str], list[float]] = {k: [] for k in runs}
    paint: dict[tuple[str, str], list[float]] = {k: [] for k in runs}
    items: dict[tuple[str, str], int] = {}
    loads = []
    for r in range(args.rounds):
        for label, name in runs:
            if name.startswith("1m") and r >= args.big_rounds:
                continue
            pane = panes[label]
            a, b = pairs[name]
            for i, x in enumerate((a, b, a, b)):
                t0 = time.perf_counter()
                pane.show_analysis(x)
                t1 = time.perf_counter()
                pane.view.viewport().repaint()
                t2 = time.perf_counter()
                if i == 0:
                    switch[label, name].append((t2 - t0) * 1000)
                    continue
                show[label, name].append((t1 - t0) * 1000)
                paint[label, name].append((t2 - t1) * 1000)
            items[label, name] = count_items(pane.view)
        loads.append(os.getloadavg()[0])
    print(f"load average {min(loads):.2f}-{max(loads):.2f}")
    print(f"{'shape':16} {'pane':9} {'n':>4} {'show p50':>9} {'p99':>8} {'paint p50':>9} "
          f"{'p99':>8} {'total p99':>9} {'switch p50':>10} {'items':>6}")
    for label, name in runs:
        s, p = show[label, name], paint[label, name]
        tot = [x + y for x, y in zip(s, p, strict=True)]
        print(f"{name:16} {label:9} {len(s):4d} {statistics.median(s):9.2f} "
              f"{pct(s, .99):8.2f} {statistics.median(p):9.2f} {pct(p, .99):8.2f} "
              f"{pct(tot, .99):9.2f} {statistics.median(switch[label, name]):10.2f} "
              f"{items[label, name]:6d}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
