"""Start-up: the window is shown first and analyses its first URI after the first paint.

Issue 5 asks for start-up to the first painted window close to a bare PySide6 window:
``app.main`` builds ``MainWindow(defer_first_analysis=True)`` (the controller only
records inputs), shows it, and releases the controller just after the first paint.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QEvent, QObject
from pytestqt.qtbot import QtBot

from uriinspector.gui import resources
from uriinspector.gui.app import after_first_paint
from uriinspector.gui.controller import AnalysisController
from uriinspector.gui.main_window import PANES, MainWindow

ROOT = Path(__file__).resolve().parents[2]


class _Paints(QObject):
    """Counts paint events reaching one widget."""

    def __init__(self) -> None:
        super().__init__()
        self.count = 0

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Paint:
            self.count += 1
        return False


def test_held_controller_records_and_computes_on_release(qtbot: QtBot) -> None:
    c = AnalysisController()
    c.hold()
    c.set_resolution_inputs("http://a/b/c/d;p?q", "../g")
    c.set_text("http://example.com/")
    assert c.held and c.analysis is None and c.resolutions == ()
    with qtbot.waitSignals([c.resolutionsChanged, c.analysisChanged], timeout=5000):
        c.release()
    assert not c.held
    assert c.analysis is not None and c.analysis.text == "http://example.com/"
    rfc = next(r for r in c.resolutions if r.rules == "rfc3986")
    assert rfc.target == "http://a/b/g"  # RFC 3986 §5.4.1
    c.release()  # a second release does nothing
    assert c.analysis.text == "http://example.com/"


def test_window_paints_before_the_first_analysis(qtbot: QtBot) -> None:
    window = MainWindow(defer_first_analysis=True)
    qtbot.addWidget(window)
    demo = resources.demo_uri()
    window.load_initial(demo)
    assert window.uri() == demo  # the text is there at the first paint...
    assert window.controller.analysis is None  # ...the analysis is not yet
    window.banner.show_pending()
    paints = _Paints()
    window.installEventFilter(paints)
    seen_at_release: list[int] = []

    def release() -> None:
        seen_at_release.append(paints.count)
        window.release()

    window.show()
    after_first_paint(window, release)
    qtbot.waitUntil(lambda: window.controller.analysis is not None, timeout=5000)
    assert seen_at_release and seen_at_release[0] >= 1, "released before the first paint"
    assert "10.0.0.1" in window.banner.plain_text()  # draft-2003 §7.5: where it goes
    assert window.panes["resolution"].rulesTable.rowCount() > 0
    qtbot.wait(600)  # the 0.5 s fallback fires too, and must be harmless
    assert window.controller.analysis is not None and window.controller.analysis.text == demo


def test_building_the_window_imports_neither_the_about_box_nor_resolution() -> None:
    """``importlib.metadata`` (About box) and the resolver load after the first paint."""
    code = (
        "import sys\n"
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from uriinspector.gui.main_window import MainWindow\n"
        "w = MainWindow(defer_first_analysis=True)\n"
        "print(sorted(m for m in ('importlib.metadata', 'uriinspector.core.resolve',"
        " 'uriinspector.core.normalize') if m in sys.modules))\n"
    )
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert proc.stdout.strip().splitlines()[-1] == "[]"


_QT_NAMESPACE_PROBE = r"""
import enum, json, sys
from PySide6.QtCore import QEvent, QObject
from PySide6.QtWidgets import QApplication
app = QApplication([])
made = []
_create = enum.EnumType._create_
def _record(cls, class_name, *args, **kwargs):
    made.append(class_name)
    return _create(cls, class_name, *args, **kwargs)
enum.EnumType._create_ = _record  # PySide6 makes each Python enum type through this
from uriinspector.gui import resources
from uriinspector.gui.main_window import MainWindow
w = MainWindow(defer_first_analysis=True)
w.load_initial(resources.demo_uri())
w.banner.show_pending()
w.show()
for _ in range(5):
    app.processEvents()  # the first frame is painted
before = list(made)
first = {"docks_shown": sorted(n for n, d in w.docks.items() if d.isVisible()),
         "menus": [a.text() for a in w.menuBar().actions()],
         "field_top": w.uriField.mapTo(w, w.uriField.rect().topLeft()).y()}
w.release()
for _ in range(5):
    app.processEvents()
print(json.dumps({"before": before, "after": made[len(before):], "first": first,
                  "docks_shown": sorted(n for n, d in w.docks.items() if d.isVisible()),
                  "field_top": w.uriField.mapTo(w, w.uriField.rect().topLeft()).y(),
                  "built": sorted(w.panes.built()),
                  "view": [a.text() for a in w.menus.viewMenu.actions()],
                  "panes_menu": [a.text() for a in w.menus.panesMenu.actions()],
                  "shortcuts": {a.text(): a.shortcut().toString() for m in w.menuBar().actions()
                                for a in m.menu().actions() if a.shortcut().toString()}}))
"""


def test_nothing_before_the_first_paint_touches_the_qt_namespace() -> None:
    """Issue 14: PySide6 6.11 creates the ``Qt`` namespace's ~95 enum types on its first
    use (15-35 ms); a held window's first frame (menus, field, banner) never uses it,
    and ``release()`` places the docks (``addDockWidget`` needs ``Qt.DockWidgetArea``)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", _QT_NAMESPACE_PROBE], env=env, cwd=ROOT, capture_output=True,
        text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    import json

    out = json.loads(proc.stdout.strip().splitlines()[-1])
    qt_only = {"GlobalColor", "DockWidgetArea", "AlignmentFlag", "ScrollBarPolicy"}
    assert not qt_only & set(out["before"]), "the Qt namespace was made before the paint"
    assert qt_only <= set(out["after"])  # the probe sees the namespace when it is made
    first = out["first"]
    assert first["docks_shown"] == []  # the first frame: no dock yet...
    assert first["menus"] == ["&File", "&Edit", "&Samples", "&View", "&Help"]  # ...menus
    assert first["field_top"] == out["field_top"]  # the field does not move afterwards
    assert "components" in out["docks_shown"] and "findings" in out["docks_shown"]
    assert out["built"] == ["components", "findings"]
    # After release the menus are what an unheld window has: every dock in View, the
    # shortcuts set.
    assert out["view"] == [spec.title for spec in PANES] + [
        "", "Go to the &URI Field", "&Next Area", "Pre&vious Area", "", "Show &Panes",
        "&Layout", "&Reset Layout", "", "&Zoom (100 %)", "&Presentation Mode",
    ]
    assert out["panes_menu"] == [spec.title for spec in PANES]  # every dock's toggle
    assert out["shortcuts"]["Components"] == "Ctrl+1"  # issue 15: shown in the View menu
    assert out["shortcuts"]["Go to the &URI Field"] == "Ctrl+L"
    assert out["shortcuts"]["&Next Area"] == "F6"
    assert out["shortcuts"]["&Presentation Mode"] == "F11"  # gui/presentation.py, held too
    assert out["shortcuts"]["&Paste and Inspect"] == "Ctrl+Shift+V"
    assert out["shortcuts"]["Show &History"] == "Ctrl+H"
