"""Zoom and presentation mode (issue 15 item 4), driven by real key events.

Zoom: Ctrl+= (also Ctrl++ and Ctrl+Shift+=), Ctrl+- and Ctrl+0 scale the field, the
banner and every pane's text within 50-300 %, remembered in the settings. Presentation
mode (F11, Ctrl+Shift+P) enlarges the field, the banner and the focused pane, and
leaving it restores everything exactly. The spec's examples table (RFC 3986 §5.4) is
readable at 1024×640: geometry of rows and columns against the viewport, not pixels.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QApplication, QTableWidget

from uriinspector.gui.presentation import EMPHASIS
from uriinspector.gui.settings import Settings
from uriinspector.gui.zoom import LEVELS, MAX_LEVEL, MIN_LEVEL

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from uriinspector.gui import MainWindow

CTRL = Qt.KeyboardModifier.ControlModifier
SHIFT = Qt.KeyboardModifier.ShiftModifier
URI = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm?lang=en#comments"


def _sizes(w: MainWindow) -> dict[str, float]:
    """The point sizes that zoom must move together, and the rules table's row height."""
    table = w.panes["resolution"].rulesTable
    item = table.item(0, 2)  # a target cell: a monospace font with no size of its own
    assert item is not None
    return {
        "field": w.uriField.font().pointSizeF(),
        "banner": w.banner.label.font().pointSizeF(),
        "components": w.panes["components"].view.font().pointSizeF(),
        "table": table.font().pointSizeF(),
        "cell": QFont(item.font()).resolve(table.font()).pointSizeF(),
        "row": float(table.rowHeight(0)),
    }


def _press(qtbot: QtBot, w: MainWindow, key: Qt.Key, mods: Qt.KeyboardModifier = CTRL) -> None:
    qtbot.keyClick(w.uriField, key, mods)
    QApplication.processEvents()


pytestmark = pytest.mark.window(shown=True)


@pytest.fixture
def window(window: MainWindow, qtbot: QtBot) -> MainWindow:
    """The conftest's window, shown, ``URI`` loaded and the Resolution pane built."""
    w = window
    w.set_uri(URI)
    w.pane("resolution")
    w.flush_panes()
    w.uriField.setFocus()
    qtbot.waitUntil(lambda: w.uriField.hasFocus())
    return w


def test_zoom_keys_scale_the_field_banner_and_tables_together(
    window: MainWindow, qtbot: QtBot
) -> None:
    w = window
    base = _sizes(w)
    assert w.zoom.level == 100 and base["cell"] == base["table"]
    _press(qtbot, w, Qt.Key.Key_Equal)  # Ctrl+= : no Shift on a US layout
    assert w.zoom.level == 110
    at110 = _sizes(w)
    for name in ("field", "banner", "components", "table", "cell"):
        assert at110[name] == pytest.approx(base[name] * 1.1, rel=0.02), name
    assert at110["row"] > base["row"]  # rows follow the font (no clipped text)
    _press(qtbot, w, Qt.Key.Key_Plus)  # Ctrl++ (keypad, other layouts)
    assert w.zoom.level == 125
    _press(qtbot, w, Qt.Key.Key_Equal, CTRL | SHIFT)  # Ctrl+Shift+= (the + key, US)
    assert w.zoom.level == 150
    assert _sizes(w)["field"] == pytest.approx(base["field"] * 1.5, rel=0.02)
    _press(qtbot, w, Qt.Key.Key_Minus)
    assert w.zoom.level == 125
    assert _sizes(w)["table"] == pytest.approx(base["table"] * 1.25, rel=0.02)
    assert w.statusBar().findChild(type(w.zoom.label), "zoomLevel").text() == "Zoom 125 %"
    assert w.zoom.menu is not None and w.zoom.menu.title() == "&Zoom (125 %)"
    _press(qtbot, w, Qt.Key.Key_0)
    assert w.zoom.level == 100
    assert _sizes(w) == base  # back exactly
    assert w.styleSheet() == ""  # at 100 % the window sets no font at all


def test_zoom_stays_within_50_and_300_percent(window: MainWindow, qtbot: QtBot) -> None:
    w = window
    for _ in range(len(LEVELS) + 3):
        _press(qtbot, w, Qt.Key.Key_Equal)
    assert w.zoom.level == MAX_LEVEL == 300
    field_at_max = w.uriField.font().pointSizeF()
    for _ in range(2 * len(LEVELS)):
        _press(qtbot, w, Qt.Key.Key_Minus)
    assert w.zoom.level == MIN_LEVEL == 50
    assert w.uriField.font().pointSizeF() == pytest.approx(field_at_max / 6, rel=0.02)
    w.zoom.set_level(10_000)
    assert w.zoom.level == 300
    w.zoom.set_level(-5)
    assert w.zoom.level == 50


def test_zoom_sets_sizes_only_and_keeps_the_theme(window: MainWindow, qtbot: QtBot) -> None:
    """The window's stylesheet holds font sizes and nothing else: the light or dark
    theme (the application stylesheet, gui/theme.py) is untouched."""
    w = window
    before = QApplication.instance().styleSheet()  # type: ignore[union-attr]
    theme = w.uriField.theme
    _press(qtbot, w, Qt.Key.Key_Equal)
    sheet = w.styleSheet()
    assert sheet
    declarations = re.findall(r"\{([^}]*)\}", sheet)
    assert declarations and all(
        re.fullmatch(r"\s*font-size: [0-9.]+pt;\s*", d) for d in declarations
    ), sheet
    assert QApplication.instance().styleSheet() == before  # type: ignore[union-attr]
    assert w.uriField.theme == theme
    assert w.banner.level == "danger"


def test_rows_of_fixed_height_tables_follow_the_zoom(window: MainWindow, qtbot: QtBot) -> None:
    w = window
    view = w.panes["characters"].view
    w.docks["characters"].raise_()
    w.flush_panes()
    for _ in range(5):
        _press(qtbot, w, Qt.Key.Key_Equal)  # 110, 125, 150, 175, 200 %
    assert w.zoom.level == 200
    qtbot.waitUntil(lambda: view.rowHeight(0) >= view.fontMetrics().height())
    assert view.font().pointSizeF() == pytest.approx(
        QApplication.font().pointSizeF() * 2, rel=0.02
    )


def test_zoom_level_persists_through_the_settings(
    window: MainWindow, qtbot: QtBot, _config_dir: Path
) -> None:
    from uriinspector.gui import MainWindow

    w = window
    for _ in range(3):
        _press(qtbot, w, Qt.Key.Key_Equal)
    assert w.zoom.level == 150
    field = w.uriField.font().pointSizeF()
    w.save_settings()
    stored = json.loads((_config_dir / "settings.json").read_text("ascii"))
    assert stored["zoom"] == 150
    again = MainWindow(Settings.load(_config_dir))
    qtbot.addWidget(again)
    assert again.zoom.level == 150
    assert again.uriField.font().pointSizeF() == field
    assert again.panes["components"].view.font().pointSizeF() == pytest.approx(
        QApplication.font().pointSizeF() * 1.5, rel=0.02
    )
    again.zoom.reset()
    again.save_settings()
    assert json.loads((_config_dir / "settings.json").read_text("ascii"))["zoom"] == 100


def test_a_held_window_starts_at_the_saved_zoom(qtbot: QtBot, _config_dir: Path) -> None:
    """App start (a held window, docks built after the first paint) at a saved 200 %."""
    from uriinspector.gui import MainWindow

    s = Settings.load(_config_dir)
    s.zoom = 200
    assert s.save() is None
    w = MainWindow(Settings.load(_config_dir), defer_first_analysis=True)
    qtbot.addWidget(w)
    w.show()
    w.release()
    assert w.zoom.level == 200
    view = w.panes["components"].view
    assert view.font().pointSizeF() == pytest.approx(QApplication.font().pointSizeF() * 2)
    assert w.zoom.zoomInAction.shortcuts()  # bound once the frame was built


# ---- presentation mode ---------------------------------------------------------------


def _layout(w: MainWindow) -> dict[str, object]:
    return {
        "size": w.size().toTuple(),
        "docks": {n: (d.isVisible(), d.geometry().getRect()) for n, d in w.docks.items()},
        "field": (w.uriField.font().pointSizeF(), w.uriField.height()),
        "banner": (w.banner.label.font().pointSizeF(), w.banner.height()),
        "pane": w.panes["resolution"].examplesTable.font().pointSizeF(),
        "other": w.panes["components"].view.font().pointSizeF(),
        "sheet": w.styleSheet(),
    }


def test_presentation_mode_enlarges_the_focused_pane_and_toggles_back_exactly(
    window: MainWindow, qtbot: QtBot
) -> None:
    w = window
    w.controller.load_examples()
    table = w.panes["resolution"].examplesTable
    qtbot.waitUntil(lambda: table.rowCount() > 0 and table.isVisible())
    table.setFocus()
    qtbot.waitUntil(table.hasFocus)
    QApplication.processEvents()
    before = _layout(w)
    qtbot.keyClick(table, Qt.Key.Key_F11)
    QApplication.processEvents()
    assert w.presentation.active and w.presentation.dock is w.docks["resolution"]
    assert w.presentation.action.isChecked()
    on = _layout(w)
    assert on["field"][0] == pytest.approx(before["field"][0] * EMPHASIS)  # type: ignore[index]
    assert on["banner"][0] == pytest.approx(before["banner"][0] * EMPHASIS)  # type: ignore[index]
    assert on["pane"] == pytest.approx(before["pane"] * EMPHASIS)  # type: ignore[operator]
    assert on["other"] == before["other"]  # only the focused pane is enlarged
    visible = [n for n, (shown, _rect) in on["docks"].items() if shown]  # type: ignore[attr-defined]
    assert visible == ["resolution"]  # it has the whole width
    assert on["size"] == before["size"]  # the window did not grow
    qtbot.keyClick(table, Qt.Key.Key_F11)
    QApplication.processEvents()
    assert not w.presentation.active and not w.presentation.action.isChecked()
    assert _layout(w) == before


def test_presentation_mode_by_ctrl_shift_p_enlarges_the_pane_shown(
    window: MainWindow, qtbot: QtBot
) -> None:
    """With the focus in the field the first pane on screen (Components) is enlarged."""
    w = window
    view = w.panes["components"].view
    size = view.font().pointSizeF()
    _press(qtbot, w, Qt.Key.Key_P, CTRL | SHIFT)
    assert w.presentation.active and w.presentation.dock is w.docks["components"]
    assert view.font().pointSizeF() == pytest.approx(size * EMPHASIS)
    _press(qtbot, w, Qt.Key.Key_Equal)  # zoom still works on top of it
    assert view.font().pointSizeF() == pytest.approx(size * EMPHASIS * 1.1, rel=0.02)
    _press(qtbot, w, Qt.Key.Key_P, CTRL | SHIFT)
    assert not w.presentation.active
    assert view.font().pointSizeF() == pytest.approx(size * 1.1, rel=0.02)


def test_closing_in_presentation_mode_saves_the_normal_layout(
    window: MainWindow, qtbot: QtBot, _config_dir: Path
) -> None:
    from uriinspector.gui import MainWindow

    w = window
    w.presentation.set_active(True)
    assert not w.docks["findings"].isVisible()
    w.close()
    assert not w.presentation.active
    again = MainWindow(Settings.load(_config_dir))
    qtbot.addWidget(again)
    again.show()
    qtbot.waitExposed(again)
    assert again.docks["findings"].isVisible() and again.docks["components"].isVisible()


# ---- the spec's examples at 1024×640 -----------------------------------------------


def _readable(table: QTableWidget) -> tuple[list[int], int]:
    """The shown columns lying wholly inside the viewport, and how many rows do."""
    viewport = QRect(0, 0, table.viewport().width(), table.viewport().height())
    header = table.horizontalHeader()
    shown = [c for c in range(table.columnCount()) if not table.isColumnHidden(c)]
    whole_columns = [
        c for c in shown
        if header.sectionViewportPosition(c) >= 0
        and header.sectionViewportPosition(c) + header.sectionSize(c) <= viewport.width()
    ]
    rows = sum(
        viewport.contains(table.visualRect(table.model().index(r, 0)))
        for r in range(table.rowCount())
    )
    return whole_columns, rows


def test_the_spec_examples_are_readable_at_1024x640(window: MainWindow, qtbot: QtBot) -> None:
    w = window
    assert w.size().toTuple() == (1024, 640)
    w.controller.load_examples()
    pane = w.panes["resolution"]
    table = pane.examplesTable
    qtbot.waitUntil(lambda: table.rowCount() == 42 and table.isVisible())
    QApplication.processEvents()
    columns, rows = _readable(table)
    # RFC 3986, browsers and urljoin beside the reference: every column whole, 12+ rows.
    assert columns == [0, 1, 2, 3]
    assert rows >= 12
    assert not pane.baseField.isVisible()  # the single-reference part yields its height
    pane.examplesHistoryBox.setFocus()
    qtbot.keyClick(pane.examplesHistoryBox, Qt.Key.Key_Space)
    QApplication.processEvents()
    assert pane.historyToggle.isChecked()
    columns, rows = _readable(table)
    assert columns == list(range(9))  # all eight rule sets, wrapped, no side scrolling
    assert rows >= 5
    # Presentation mode: one pane, 1.5× text; still every column, 4+ rows of two or
    # three lines each (7+ without the historical editions).
    table.setFocus()
    qtbot.keyClick(table, Qt.Key.Key_F11)
    QApplication.processEvents()
    columns, rows = _readable(table)
    assert columns == list(range(9)) and rows >= 4
    qtbot.keyClick(pane.examplesHistoryBox, Qt.Key.Key_Space)
    QApplication.processEvents()
    assert not pane.historyToggle.isChecked()
    columns, rows = _readable(table)
    assert columns == [0, 1, 2, 3] and rows >= 7
    qtbot.keyClick(table, Qt.Key.Key_F11)
    # The trace tab gives the base and reference back.
    pane.tabs.setCurrentIndex(0)
    assert pane.baseField.isVisible()


def test_hand_sized_columns_follow_the_zoom_and_come_back(
    window: MainWindow, qtbot: QtBot
) -> None:
    """The Characters table's columns are sized in ems: at 200 % they are about twice
    as wide (no clipped code points), and back at 100 % exactly as they were."""
    w = window
    w.docks["characters"].raise_()
    w.flush_panes()
    view = w.panes["characters"].view
    header = view.horizontalHeader()
    before = [header.sectionSize(c) for c in range(header.count() - 1)]
    for _ in range(5):
        _press(qtbot, w, Qt.Key.Key_Equal)
    assert w.zoom.level == 200
    qtbot.waitUntil(lambda: header.sectionSize(0) > before[0])
    for c, size in enumerate(before):
        assert header.sectionSize(c) == pytest.approx(2 * size, rel=0.2), c
    for _ in range(3):
        _press(qtbot, w, Qt.Key.Key_Minus)  # 175, 150, 125: through widths that round
    _press(qtbot, w, Qt.Key.Key_0)
    QApplication.processEvents()
    assert [header.sectionSize(c) for c in range(header.count() - 1)] == before
