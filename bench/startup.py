"""Start-up to the first painted window: URI Inspector against a bare PySide6 window.

``python bench/startup.py [--runs N] [--no-docs]`` starts whole processes, alternately
(bare, ours, bare, ours, ...), with ``QT_QPA_PLATFORM=offscreen``, and measures for each

* **spawn → first paint** (the headline figure): the parent reads
  ``time.perf_counter()`` (CLOCK_MONOTONIC on Linux, shared by every process) just
  before ``subprocess.Popen``; the child reads it when the first ``QEvent.Paint``
  reaches a top-level window (an application-wide event filter) and prints it. The
  difference covers fork/exec, interpreter start-up, ``site`` and every import,
  ``QApplication``, building the window, ``show()`` and Qt's first paint event;
* **in-script marks** relative to the child's first statement: Qt imported,
  ``QApplication`` made, window built, shown, first paint.

The bare child imports ``PySide6.QtWidgets``, makes a ``QApplication`` and one empty
``QMainWindow`` of the same size, shows it and waits for its first paint. Our child does
the same up to the ``QApplication``, then runs the real entry point
``uriinspector.gui.app.main([])`` (stylesheet, icon, ``MainWindow``, first-run
demonstration URI in the field, ``show()``; the URI is analysed just after the first
paint) and waits for the first paint. Each child
quits at once after that paint. Every run of ours gets an empty settings directory
(first run). The target (issue 5) is ours ≤ 1.5× bare.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
OUT = HERE / "out"

_CHILD_COMMON = r"""
import time
T0 = time.perf_counter()
import json, sys
APP_FILTER = "--app-filter" in sys.argv
marks = {}
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
marks["qt_imported"] = time.perf_counter()

class FirstPaint(QObject):
    def __init__(self, app):
        super().__init__()
        self.app = app
        self.done = False

    def eventFilter(self, obj, event):
        if (not self.done and event.type() == QEvent.Type.Paint
                and getattr(obj, "isWindow", None) is not None and obj.isWindow()):
            self.done = True
            marks["first_paint"] = time.perf_counter()
            QTimer.singleShot(0, self.app.quit)
        return False

app = QApplication([sys.argv[0], "-platform", "offscreen"])
spy = FirstPaint(app)
if APP_FILTER:
    app.installEventFilter(spy)
else:
    # Watch only the windows shown: an application-wide Python filter makes PySide wrap
    # every internal object an event reaches while widgets are built, and its type
    # discovery then creates the enums of ~140 unrelated classes (the instrument's cost).
    from PySide6.QtWidgets import QWidget
    _show = QWidget.show

    def _watched_show(self):
        self.installEventFilter(spy)
        _show(self)

    QWidget.show = _watched_show
marks["qapplication"] = time.perf_counter()
"""

CHILD_BARE = (
    _CHILD_COMMON
    + r"""
w = QMainWindow()
w.resize(1180, 760)
marks["window_built"] = time.perf_counter()
w.show()
marks["shown"] = time.perf_counter()
app.exec()
print(json.dumps({"t0": T0, **marks}), flush=True)
"""
)

CHILD_OURS = (
    _CHILD_COMMON
    + r"""
from uriinspector.gui import app as gui_app
marks["app_module_imported"] = time.perf_counter()
gui_app.main([])  # the real entry point: stylesheet, icon, MainWindow, demo URI, show()
marks["shown"] = time.perf_counter()
app.exec()
print(json.dumps({"t0": T0, **marks}), flush=True)
"""
)


def run_child(code: str, env: dict[str, str], app_filter: bool = False) -> dict[str, float]:
    spawn = time.perf_counter()
    proc = subprocess.run(
        [sys.executable, "-c", code, *(["--app-filter"] if app_filter else [])],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    end = time.perf_counter()
    lines = [ln for ln in proc.stdout.splitlines() if ln.startswith("{")]
    if proc.returncode != 0 or not lines:
        raise RuntimeError(f"child failed ({proc.returncode}): {proc.stderr[-2000:]}")
    marks = json.loads(lines[-1])
    out = {
        "spawn_to_paint": marks["first_paint"] - spawn,
        "process_wall": end - spawn,
        "interpreter_start": marks["t0"] - spawn,
    }
    for key, value in marks.items():
        if key != "t0":
            out[f"script_{key}"] = value - marks["t0"]
    return out


def measure(runs: int, app_filter: bool = False) -> dict[str, Any]:
    env = dict(os.environ)
    env["QT_QPA_PLATFORM"] = "offscreen"
    env["PYTHONPATH"] = str(ROOT)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    results: dict[str, list[dict[str, float]]] = {"bare": [], "ours": []}
    with tempfile.TemporaryDirectory() as tmp:

        def ours_env(i: int) -> dict[str, str]:
            e = dict(env)
            e["URIINSPECTOR_CONFIG_DIR"] = str(Path(tmp) / f"config-{i}")
            return e

        run_child(CHILD_BARE, env, app_filter)  # warm-up: page cache, .pyc files
        run_child(CHILD_OURS, ours_env(-1), app_filter)
        for i in range(runs):
            pair = [("bare", CHILD_BARE, env), ("ours", CHILD_OURS, ours_env(i))]
            if i % 2:
                pair.reverse()
            for name, code, e in pair:
                results[name].append(run_child(code, e, app_filter))
            print(
                f"  run {i + 1}/{runs}: bare {results['bare'][-1]['spawn_to_paint'] * 1e3:.0f} ms"
                f", ours {results['ours'][-1]['spawn_to_paint'] * 1e3:.0f} ms",
                flush=True,
            )
    summary: dict[str, Any] = {"runs": runs, "raw": results}
    for name, rows in results.items():
        keys = rows[0].keys()
        summary[name] = {k: statistics.median(r[k] for r in rows) for k in keys}
        spt = sorted(r["spawn_to_paint"] for r in rows)
        summary[name]["min_spawn_to_paint"] = spt[0]
        summary[name]["max_spawn_to_paint"] = spt[-1]
    pairs = [
        o["spawn_to_paint"] / b["spawn_to_paint"]
        for b, o in zip(results["bare"], results["ours"], strict=True)
    ]
    summary["ratio_of_medians"] = (
        summary["ours"]["spawn_to_paint"] / summary["bare"]["spawn_to_paint"]
    )
    summary["median_pair_ratio"] = statistics.median(pairs)
    return summary


#: Where our start-up goes (``--profile``); update when it changes.
STARTUP_NOTES = [
    "**Issue 14 (2026-11-25): not reached, nothing changed in the window's start-up.** "
    "A paint-time probe (an application-wide event filter quitting at the first "
    "`QEvent.Paint`, with `enum.EnumType._create_` wrapped to record the nearest frame "
    "of ours) counts 327 Python enum types that PySide6 6.11 creates between "
    "`QApplication` and the first paint, and where: `from PySide6.QtCore import ... "
    "Qt` in `main_window.py` (the `Qt` namespace, 95 types), `UriField.__init__` "
    "(`super().__init__` of a `QTextEdit` subclass: 141 types of its class chain), "
    "`theme.py`'s `QtGui` imports (17), `main_window.py`'s `QtWidgets` imports (27), "
    "`uri_field.py`'s `QtGui` imports (16), the stylesheet (11). The bare window makes "
    "the `QMainWindow`/`QWidget` ones too. PySide6 6.11 refuses plain ints where a "
    "`Qt.*` enum is expected (`addDockWidget(8, dock)`, `setTextFormat(1)`, "
    "`setVerticalScrollBarPolicy(1)` raise `TypeError`: checked), so the `Qt` "
    "namespace (~15 ms quiet) can only be avoided by moving every `Qt.*` call of the "
    "first frame (dock areas, the field's scroll-bar policy and layout direction, the "
    "banner's rich text flags) after the paint, which changes what the first frame "
    "shows. That, and building the menus after the paint (16 actions, 7 icons), are "
    "the levers left; neither was attempted in this round for lack of time.",
    "",
    "**What changed (2026-11-23, 11:20 UTC).** No pane is built with the window. Each "
    "dock holds an empty placeholder; a pane's module is imported and the pane built "
    "when its dock is first shown (`visibilityChanged(True)`), and it is then shown the "
    "current analysis. A held window (`MainWindow(defer_first_analysis=True)`, what "
    "`app.main` builds) only records which docks were shown and builds those, then "
    "runs the first analysis, in `MainWindow.release()` just after the first paint. "
    "`window.panes` is a mapping that builds a pane on access, `MainWindow.pane(name)` "
    "does the same, and `findChild` builds the remaining panes when a first look "
    "misses, so every required object name is still found. `gui/panes/__init__.py` "
    "imports no pane (PEP 562), so `theme` no longer loads all ten pane modules and "
    "the core modules they import; the Samples menu is filled when it first opens; "
    "`core.defang` (field and window), `core.explain` (field tooltips), `json` and "
    "`platform` are imported on first use. The first frame therefore shows the field "
    "(uncoloured), a blank banner, the dock titles and tab bars over empty (opaque) "
    "docks; the Components tree and Findings list appear with the coloured field and "
    "the banner just after. Before the first paint 15 of our modules "
    "are imported: no pane module, no core module, and none of `ada_url`, "
    "`publicsuffixlist`, `confusable_homoglyphs`, `idna` or `hypothesis` "
    "(`tests/gui/test_lazy_panes.py` checks it in a fresh process). Measured before: "
    "3.37x (10:58 UTC, load 2.1) and 2.92x; after, on the same shared machine: "
    "2.40x at load 2.4 (11:20 UTC, 14 runs), then 2.01x, 2.09x (the table above) and "
    "2.16x at load 1.0-1.1 (11:22-11:25 UTC, 16 runs each): bare ~111-123 ms, ours "
    "~224-267 ms. The ratio moves with the load by about +-0.3.",
    "",
    "**Where the time goes now** (wall-clock marks after `QApplication`, "
    "2026-11-23 11:23 UTC, load ~1, three runs): creating the `Qt` namespace 15-18 ms "
    "(PySide6 6.11 makes its ~100 Python enum types on the first `Qt` access; the "
    "bare window never touches it, and every module of ours uses `Qt.*`); "
    "`resources` with `theme` and the palette 16-21 ms; the field 6-7 ms; banner, "
    "controller and settings ~6 ms; `main_window` ~7 ms; icon and stylesheet ~4 ms; "
    "`MainWindow()` 23-35 ms (the field's monospace font from the font database "
    "~9 ms, ten docks with placeholders, menus); `show()` and the first paint "
    "10-15 ms. Building the two panes on screen (Components ~30 ms, Findings ~8 ms) "
    "and the first analysis now run after the first paint.",
    "",
    "**Why 1.5x is still missed, and what is left.** Of the ~110 ms ours spends "
    "between `QApplication` and the first paint, a bare window spends ~5. What remains "
    "is PySide6's per-type and per-enum set-up (the `Qt` namespace alone is ~15 ms, "
    "PySide6 also inspects the source of every module that imports it), the field "
    "(font database, syntax highlighter) and the frame (docks, menus) the user sees "
    "in the first frame. Levers left: keep `Qt.*` out of every module imported before "
    "the first paint (plain ints where PySide accepts them), fold `theme`, `resources`, "
    "`banner` and `settings` into fewer modules, and build the docks and menus after "
    "the first paint (visible as the frame filling in: a trade of perceived for "
    "measured speed).",
]


def section(s: dict[str, Any], info: dict[str, Any]) -> str:
    b, o = s["bare"], s["ours"]
    ratio = s["ratio_of_medians"]
    met = ratio <= 1.5
    lines = [
        f"Measured {time.strftime('%Y-%m-%d %H:%M %Z')} with `python bench/startup.py` on "
        f"{info['nproc']} cores ({info['cpu']}), CPython {info['python']}, PySide6 "
        f"{info['pyside6']}, `QT_QPA_PLATFORM=offscreen`, {s['runs']} runs of each, "
        "alternating (bare, ours, ours, bare, …) after one untimed warm-up run of each. "
        f"Load average {info['load']:.2f}"
        + (" (the machine was shared, so figures are noisy)." if info["load"] > 0.5 else "."),
        "",
        "**What is measured.** Whole processes. The parent reads `time.perf_counter()` "
        "(CLOCK_MONOTONIC, shared by all processes) just before `subprocess.Popen`; the child "
        "reads it when the first `QEvent.Paint` reaches a top-level window (an "
        "application-wide event filter) and prints it, then quits. *Spawn → first paint* "
        "therefore covers fork/exec, interpreter start-up, every import, `QApplication`, "
        "building the window, `show()` and Qt's first paint event. The bare process shows "
        "one empty `QMainWindow` of the same size; ours runs the real entry point "
        "`uriinspector.gui.app.main([])` (stylesheet, icon, `MainWindow`, the first-run "
        "demonstration URI in the field; the panes on screen are built and the URI "
        "analysed just after the first paint) with an empty settings directory.",
        "",
        "| median over runs | bare PySide6 | URI Inspector |",
        "| --- | ---: | ---: |",
        f"| spawn → first paint | {b['spawn_to_paint'] * 1e3:.0f} ms | "
        f"{o['spawn_to_paint'] * 1e3:.0f} ms |",
        f"| (min – max) | {b['min_spawn_to_paint'] * 1e3:.0f} – "
        f"{b['max_spawn_to_paint'] * 1e3:.0f} ms | {o['min_spawn_to_paint'] * 1e3:.0f} – "
        f"{o['max_spawn_to_paint'] * 1e3:.0f} ms |",
        f"| spawn → first Python statement | {b['interpreter_start'] * 1e3:.0f} ms | "
        f"{o['interpreter_start'] * 1e3:.0f} ms |",
        f"| script: Qt imported | {b['script_qt_imported'] * 1e3:.0f} ms | "
        f"{o['script_qt_imported'] * 1e3:.0f} ms |",
        f"| script: QApplication made | {b['script_qapplication'] * 1e3:.0f} ms | "
        f"{o['script_qapplication'] * 1e3:.0f} ms |",
        f"| script: our gui.app imported | — | {o['script_app_module_imported'] * 1e3:.0f} ms |",
        f"| script: window shown | {b['script_shown'] * 1e3:.0f} ms | "
        f"{o['script_shown'] * 1e3:.0f} ms |",
        f"| script: first paint | {b['script_first_paint'] * 1e3:.0f} ms | "
        f"{o['script_first_paint'] * 1e3:.0f} ms |",
        "",
        f"**Ratio** (median ours / median bare): **{ratio:.2f}×** (median of per-pair "
        f"ratios {s['median_pair_ratio']:.2f}×); target ≤ 1.5×: "
        + ("**met**." if met else "**missed**."),
        "",
        *STARTUP_NOTES,
    ]
    return "\n".join(lines)


PROFILE_CHILD = r"""
import cProfile, pstats, sys
from PySide6.QtWidgets import QApplication
app = QApplication([sys.argv[0], "-platform", "offscreen"])
prof = cProfile.Profile()
prof.enable()
from uriinspector.gui import app as gui_app
gui_app.main([])
app.processEvents()
prof.disable()
pstats.Stats(prof).sort_stats("cumulative").print_stats(r"uriinspector|enum|re/|metadata", 30)
"""


def profile_ours() -> None:
    """Where our start-up goes: cProfile of the entry point (after Qt and QApplication)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        env["URIINSPECTOR_CONFIG_DIR"] = tmp
        proc = subprocess.run(
            [sys.executable, "-c", PROFILE_CHILD],
            env=env,
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=120,
            check=False,
        )
    print(proc.stdout)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    ap.add_argument("--runs", type=int, default=15)
    ap.add_argument("--no-docs", action="store_true")
    ap.add_argument("--profile", action="store_true", help="cProfile our start-up and exit")
    ap.add_argument(
        "--app-filter",
        action="store_true",
        help="detect the first paint with an application-wide filter (the instrument "
        "before 2026-11-25 12:00; it adds PySide type discovery to both children)",
    )
    ns = ap.parse_args(argv)
    if ns.profile:
        profile_ours()
        return 0
    sys.path[:0] = [str(HERE), str(ROOT)]
    import PySide6
    from run import DOC, machine, update_doc_section

    m = machine()
    info = {
        "nproc": m["nproc"],
        "cpu": m["cpu"],
        "python": m["python"],
        "pyside6": PySide6.__version__,
        "load": os.getloadavg()[0],
    }
    print(f"start-up: {ns.runs} runs each, offscreen, load {info['load']:.2f}", flush=True)
    s = measure(ns.runs, ns.app_filter)
    s["app_filter"] = ns.app_filter
    s["machine"] = info
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "startup.json").write_text(json.dumps(s, indent=1))
    text = section(s, info)
    print()
    print(text)
    if not ns.no_docs:
        update_doc_section(DOC, "## Start-up", text)
        print(f"\nupdated {DOC} (## Start-up)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
