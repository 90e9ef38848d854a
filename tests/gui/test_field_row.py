"""The field keeps the full row at a large zoom (issue 25, gui/field/row.py).

At 300 % the edition selector took half of a 1024-px window's row and the field the
other half; now it moves to the menu bar's right corner (a row of its own would make
the window taller than a 640-px screen: tests/gui/test_layouts.py), and the field gets
the row's full width (minus the top area's margins). At 100 % in a 1280-px window the
row is as it was: the field, then the selector at the right end, on one line. Geometry
only, no pixel figure of a font: the field's and the selector's edges against the top
area's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QRect
from PySide6.QtWidgets import QApplication, QComboBox, QWidget

from uriinspector.gui.field.row import SELECTOR_SHARE, FieldRow

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from uriinspector.gui import MainWindow


def _settle(window: MainWindow) -> None:
    for _ in range(5):
        QApplication.processEvents()


def _top(window: MainWindow) -> QWidget:
    top = window.centralWidget()
    assert top is not None
    return top


def _row(window: MainWindow) -> FieldRow:
    row = window.findChild(FieldRow, "fieldRow")
    assert isinstance(row, FieldRow)
    return row


def _in_top(window: MainWindow, widget: QWidget) -> QRect:
    top = _top(window)
    return QRect(widget.mapTo(top, widget.rect().topLeft()), widget.size())


def _inner(window: MainWindow) -> tuple[int, int]:
    """The left and right edges (inclusive) inside the top area's margins."""
    top = _top(window)
    layout = top.layout()
    assert layout is not None
    m = layout.contentsMargins()
    return m.left(), top.width() - m.right() - 1


@pytest.mark.window(shown=True)
def test_at_300_percent_in_a_1024_window_the_field_takes_the_full_row(
    window: MainWindow,
) -> None:
    window.zoom.set_level(300)
    window.resize(1024, 640)
    _settle(window)
    assert window.width() == 1024
    field = _in_top(window, window.uriField)
    left, right = _inner(window)
    assert (field.left(), field.right()) == (left, right)  # the full row, minus margins
    # the selector is in the menu bar's right corner, whole, above the field
    bar = window.menuBar()
    assert window.editionSelector.parent() is bar and window.editionSelector.isVisible()
    corner = QRect(window.editionSelector.mapTo(window, window.editionSelector.rect().topLeft()),
                   window.editionSelector.size())
    assert corner.bottom() < _top(window).mapTo(window, field.topLeft()).y()
    assert window.width() - 8 <= corner.right() < window.width()
    assert corner.width() >= window.editionSelector.sizeHint().width()
    assert _row(window).stacked
    # and back at 100 %: in the row again, at its right end
    window.zoom.set_level(100)
    _settle(window)
    assert window.editionSelector.parent() is _row(window)
    assert bar.cornerWidget() is None
    assert _in_top(window, window.editionSelector).right() == right


@pytest.mark.window(size=(1280, 800), shown=True)
def test_at_100_percent_in_a_1280_window_the_row_is_as_before(window: MainWindow) -> None:
    _settle(window)
    assert window.zoom.level == 100
    field = _in_top(window, window.uriField)
    selector = _in_top(window, window.editionSelector)
    left, right = _inner(window)
    row = _row(window)
    assert not row.stacked
    # one line: the field from the left margin, then the selector to the right margin
    assert field.left() == left and selector.right() == right
    assert selector.top() < field.bottom() and field.top() < selector.bottom()
    spacing = selector.left() - field.right() - 1
    assert 0 <= spacing <= 12
    assert selector.width() == window.editionSelector.sizeHint().width()
    assert field.width() == right - left + 1 - spacing - selector.width()


@pytest.mark.window(size=(1024, 640), shown=True)
def test_the_row_follows_the_zoom_both_ways(window: MainWindow) -> None:
    row = _row(window)
    stacked: dict[int, bool] = {}
    for level in (100, 150, 200, 300, 200, 100):
        window.zoom.set_level(level)
        window.resize(1024, 640)
        _settle(window)
        share = window.editionSelector.sizeHint().width() / row.width()
        assert row.stacked == (share > SELECTOR_SHARE), (level, share)
        assert stacked.setdefault(level, row.stacked) == row.stacked  # back as it was
    assert stacked == {100: False, 150: False, 200: True, 300: True}


def test_without_a_menu_bar_a_narrow_row_puts_the_selector_under_the_field(
    qtbot: QtBot,
) -> None:
    field = QWidget()
    selector = QComboBox()
    selector.addItem("RFC 3986 (2005)")
    row = FieldRow(field, selector)
    qtbot.addWidget(row)
    wide = int(selector.sizeHint().width() / SELECTOR_SHARE) + 40
    row.resize(wide, 40)
    row.show()
    qtbot.waitExposed(row)
    assert not row.stacked and field.width() < wide - selector.sizeHint().width()
    row.resize(wide - 80, 40)
    qtbot.waitUntil(lambda: row.stacked)
    qtbot.waitUntil(lambda: field.width() == row.width())  # the whole row, once laid out
    assert selector.geometry().top() > field.geometry().bottom()
