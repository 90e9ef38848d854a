"""Panes are built when their dock is first shown, not with the window (issue 5).

The first paint waits for no pane: a held window (``defer_first_analysis``, what
``app.main`` builds) shows docks with placeholders and builds the panes on screen in
``release()``, just after the first paint; a pane behind a tab is built when its tab is
raised, or when asked for by name (``window.panes[...]``, ``findChild``), and then
shows the analysis current at that moment.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from PySide6.QtWidgets import QLineEdit, QMainWindow, QTabBar, QTreeWidget, QWidget
from pytestqt.qtbot import QtBot

from tests.first_paint import WATCH
from uriinspector.gui import MainWindow
from uriinspector.gui.main_window import PANES
from uriinspector.gui.panes.characters import CharactersPane
from uriinspector.gui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
# the document reader (gui.intake.documents, reader and child, with subprocess) is made on
# first use, not before
HEAVY = ("ada_url", "publicsuffixlist", "confusable_homoglyphs", "idna", "hypothesis",
         "uriinspector.gui.intake.documents", "uriinspector.gui.intake.reader",
         "uriinspector.gui.intake.child", "subprocess")
HIDDEN = {"characters", "resolution", "ladder", "urn", "history", "extract", "explain", "editions"}


def _built(window: MainWindow) -> set[str]:
    return set(window.panes.built())


def test_a_held_window_paints_with_no_pane_and_no_heavy_module() -> None:
    """In a fresh process, as app.main does: build, show, paint; then release."""
    code = f"""
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from uriinspector.gui import resources
from uriinspector.gui.main_window import MainWindow
w = MainWindow(defer_first_analysis=True)
w.load_initial(resources.demo_uri())
w.show()
for _ in range(5):
    app.processEvents()
heavy = {HEAVY!r}
out = {{"painted_built": sorted(w.panes.built()),
       "painted_heavy": sorted(m for m in heavy if m in sys.modules),
       "painted_panes": sorted(m for m in sys.modules if m.startswith("uriinspector.gui.panes.")
                               and not m.endswith(("palette", "_common", "base", "table")))}}
w.release()
out["released_built"] = sorted(w.panes.built())
out["analysed"] = w.analysis is not None and w.analysis.text == resources.demo_uri()
print(json.dumps(out))
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
        timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    assert out["painted_built"] == []
    assert out["painted_heavy"] == []
    # No pane module imported before the first paint (``panes.table``, the pane table
    # the window is built from, and ``panes.base``, the ``Pane`` interface, hold no pane).
    assert out["painted_panes"] == []
    # release(): the two panes on screen in the default layout, then the analysis.
    assert out["released_built"] == ["components", "findings"]
    assert out["analysed"]


_FIRST_FRAME_PROBE = r"""
import enum, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QApplication, QWidget
app = QApplication([sys.argv[0]])
made = []
_create = enum.EnumType._create_
def _record(cls, class_name, *args, **kwargs):
    made.append(class_name)
    return _create(cls, class_name, *args, **kwargs)
enum.EnumType._create_ = _record  # PySide6 makes each Python enum type through this
def at_paint():
    return {"modules": sorted(sys.modules), "enums": list(made)}
""" + WATCH + r"""from uriinspector.gui import app as gui_app
gui_app.main([])  # the real entry point, as bench/startup.py runs it
app.exec()
import json
print(json.dumps(seen))
"""

#: Loaded on first use, never for the first frame (issue 22): the document intake and
#: its Qt classes, the banner's chain of hops, the verdict's words (a held banner names
#: its icon in ``finish_setup``), JSON (resources and settings read it when needed),
#: ``dataclasses`` (the settings, history entries, theme and component styles are plain
#: classes and named tuples: the generated methods cost ~2-3 ms before the paint), the
#: copies and reports (``gui.window.exports``, made when a copy or export is asked for).
LATER_MODULES = ("uriinspector.gui.intake", "uriinspector.gui.banner.chain",
                 "uriinspector.gui.window.exports",
                 "uriinspector.gui.elide", "uriinspector.core.verdict",
                 "json", "subprocess", "html", "dataclasses")
#: Enum types PySide6 makes when a class is first imported; each names a class imported
#: where used (QMessageBox, QAbstractItemView, QTabBar, QKeySequence, QPainter,
#: QByteArray, QMetaMethod, QLineEdit), not at the top of a module the window loads.
LATER_ENUMS = {"StandardButton", "EditTrigger", "ButtonPosition", "StandardKey",
               "RenderHint", "Base64Option", "MethodType", "EchoMode"}
#: Enum types made before the first paint (60 on 2026-11-28, from 90; a bare
#: QMainWindow makes 6): each costs ~0.2-0.5 ms of start-up.
MAX_FIRST_FRAME_ENUMS = 60


def test_the_first_frame_loads_only_what_it_draws(tmp_path: Path) -> None:
    """``app.main`` in a fresh process, up to its window's first paint: none of the
    modules and Qt classes made on first use has been loaded (issue 22)."""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               URIINSPECTOR_CONFIG_DIR=str(tmp_path))
    proc = subprocess.run(
        [sys.executable, "-c", _FIRST_FRAME_PROBE], env=env, cwd=ROOT, capture_output=True,
        text=True, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    seen = json.loads(proc.stdout.strip().splitlines()[-1])
    modules = set(seen["modules"])
    early = sorted(m for m in modules if m.startswith(LATER_MODULES))
    assert early == [], f"loaded before the first paint: {early}"
    core = sorted(m for m in modules if m.startswith("uriinspector.core."))
    assert core == ["uriinspector.core.hidden"]  # the field's table of hidden characters
    assert not LATER_ENUMS & set(seen["enums"])
    assert len(seen["enums"]) <= MAX_FIRST_FRAME_ENUMS, sorted(seen["enums"])


def test_showing_builds_only_the_panes_on_screen(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert _built(window) == set()  # not shown yet: nothing built
    window.show()
    qtbot.waitExposed(window)
    assert _built(window) == {"components", "findings"}
    assert not (_built(window) & HIDDEN)


def test_raising_a_hidden_dock_builds_it_with_the_current_analysis(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    window.set_uri("http://ex%41mple.com/é")
    assert "characters" not in _built(window)
    window.docks["characters"].raise_()
    qtbot.waitUntil(lambda: "characters" in _built(window), timeout=2000)
    pane = window.panes.built()["characters"]
    assert isinstance(pane, CharactersPane)
    assert window.docks["characters"].widget() is pane
    assert pane.model.rowCount() == len("http://ex%41mple.com/é")
    # A keystroke after that reaches it too (it is on screen now).
    window.set_uri("http://ex%41mple.com/éé")
    assert pane.model.rowCount() == len("http://ex%41mple.com/éé")


def test_asking_by_name_builds_a_hidden_pane(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_uri("HTTP://Example.COM/%7euser")
    assert "ladder" not in _built(window)
    view = window.findChild(QWidget, "ladderView")  # a required object name (issue 4)
    assert view is not None and "ladder" in _built(window)
    assert isinstance(view, QTreeWidget) and view.topLevelItemCount() > 0
    assert set(window.panes) == {p[0] for p in PANES}  # iterating builds nothing more
    assert window.panes["urn"] is window.docks["urn"].widget()


def test_late_panes_get_the_restored_inputs(qtbot: QtBot, _config_dir: Path) -> None:
    """The Resolution pane's base and reference and the ladder's compare text, saved
    by one window, reach panes that the next window builds only later."""
    s = Settings.load(_config_dir)
    s.base, s.reference, s.compare = "http://a/b/c/d;p?q", "../g", "http://A/%62"
    assert s.save() is None
    window = MainWindow()
    qtbot.addWidget(window)
    window.set_uri("http://a/b")
    assert not (_built(window) & {"resolution", "ladder"})
    rfc = next(r for r in window.controller.resolutions if r.rules == "rfc3986")
    assert rfc.target == "http://a/b/g"  # RFC 3986 §5.4.1, resolved before any pane
    res = window.panes["resolution"]
    assert res.findChild(QLineEdit, "baseField").text() == "http://a/b/c/d;p?q"  # type: ignore[union-attr]
    assert res.findChild(QLineEdit, "referenceField").text() == "../g"  # type: ignore[union-attr]
    assert res.rulesTable.rowCount() > 0  # type: ignore[attr-defined]
    ladder = window.panes["ladder"]
    assert ladder.findChild(QLineEdit, "compareField").text() == "http://A/%62"  # type: ignore[union-attr]


def test_a_restored_layout_builds_the_tab_it_left_on_top(qtbot: QtBot, _config_dir: Path) -> None:
    first = MainWindow()
    qtbot.addWidget(first)
    first.show()
    qtbot.waitExposed(first)
    first.docks["explain"].raise_()
    qtbot.waitUntil(lambda: "explain" in _built(first), timeout=2000)
    first.close()
    second = MainWindow()
    qtbot.addWidget(second)
    second.show()
    qtbot.waitExposed(second)
    assert "explain" in _built(second)
    assert "components" not in _built(second)  # behind Explain's tab now
    assert not second.docks["explain"].visibleRegion().isEmpty()


def test_the_first_frame_shows_only_the_two_dock_tab_bars(qtbot: QtBot) -> None:
    """Placeholders are opaque: Qt keeps a stale tab bar from the first tabify under
    the Findings dock, and a see-through placeholder let it show at the first paint."""
    window = MainWindow(defer_first_analysis=True)
    qtbot.addWidget(window)
    window.show()
    qtbot.waitExposed(window)
    assert _built(window) == set()
    groups = {("Components", "Characters", "Resolution", "Normalization ladder", "Explain",
               "Editions", "Lessons"), ("Findings", "URN", "History", "Extract", "Site")}

    def no_stale_tab_bar() -> None:
        image = window.grab().toImage()
        for bar in QMainWindow.findChildren(window, QTabBar):  # Qt's own: builds nothing
            tabs = tuple(bar.tabText(i) for i in range(bar.count()))
            if not bar.isVisible() or tabs in groups:
                continue
            rect = bar.geometry()  # a stale bar: nothing of it may be drawn
            y = rect.center().y()
            colours = {image.pixel(x, y) for x in range(rect.left(), rect.right())}
            assert len(colours) == 1, f"a stale tab bar {tabs} shows at {rect.getRect()}"

    no_stale_tab_bar()
    # Issue 14: a held window places (and tabifies) its docks in release(), after the
    # first paint; the eight placeholders still behind tabs are checked then.
    window.release()
    qtbot.wait(50)
    assert _built(window) == {"components", "findings"}
    no_stale_tab_bar()


def test_the_pane_map_answers_membership_without_building(qtbot: QtBot) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    assert "ladder" in window.panes and "nonsense" not in window.panes
    assert len(window.panes) == len(PANES)
    assert _built(window) == set()
    with pytest.raises(KeyError):
        window.panes["nonsense"]
    assert window.panes.get("nonsense") is None
