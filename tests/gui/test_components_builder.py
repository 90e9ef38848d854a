"""The builder: editing Components rows in the real window recomposes the URI (issue 6).

Edits go through the real tree: ``editItem`` opens the row's line editor, keys are
typed into it, Return commits. The URI field must then hold the reference composed
with exactly the escaping the component needs (draft-2003 §2.4.2, RFC 3986 §2.4),
and reading the edited row back gives the typed value (the round trip).
"""

from __future__ import annotations

from urllib.parse import unquote, unquote_plus

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QHelpEvent
from PySide6.QtWidgets import QApplication, QLineEdit, QToolTip, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.split import split
from uriinspector.gui import MainWindow
from uriinspector.gui.panes.components import COL_DECODED, COL_NAME, COL_RAW, ComponentsPane

BASE = "https://user@example.com:8042/over/there?utm_source=x&name=ferret#nose"


pytestmark = pytest.mark.window(shown=True)


@pytest.fixture
def window(window: MainWindow) -> MainWindow:
    """The conftest's window, shown, with ``BASE`` in the Components pane."""
    w = window
    w.docks["components"].raise_()
    w.set_uri(BASE)
    w.flush_panes()
    return w


def _pane(w: MainWindow) -> ComponentsPane:
    pane = w.panes["components"]
    assert isinstance(pane, ComponentsPane)
    return pane


def _row(pane: ComponentsPane, *labels: str) -> QTreeWidgetItem:
    """The item reached by following row labels from the top (expanding lazily)."""
    view = pane.view
    items = [view.topLevelItem(i) for i in range(view.topLevelItemCount())]
    found: QTreeWidgetItem | None = None
    for label in labels:
        found = next((it for it in items if it.text(COL_NAME).startswith(label)), None)
        assert found is not None, f"no row {label!r} in {[it.text(COL_NAME) for it in items]}"
        found.setExpanded(True)
        items = [found.child(i) for i in range(found.childCount())]
    assert found is not None
    return found


def _edit(qtbot: QtBot, w: MainWindow, item: QTreeWidgetItem, column: int, text: str) -> None:
    """Open the row's editor like a double-click would, replace its text, press Return."""
    pane = _pane(w)
    pane.view.setCurrentItem(item)
    pane.view.editItem(item, column)
    editor = pane.view.findChild(QLineEdit, "componentEditor")
    assert editor is not None and editor.isVisible()
    editor.selectAll()
    qtbot.keyClick(editor, Qt.Key.Key_Delete)
    qtbot.keyClicks(editor, text)
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    w.controller.wait_for_workers()
    QApplication.processEvents()
    w.flush_panes()


def test_builder_2_4_2_space_and_hash_in_a_path_segment(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "path", "segment 1"), COL_DECODED, "a b#c")
    assert window.uri() == (
        "https://user@example.com:8042/a%20b%23c/there?utm_source=x&name=ferret#nose"
    )
    # round trip: the new analysis' segment decodes to what was typed
    assert unquote(split(window.uri()).segments[0].text) == "a b#c"
    assert _row(pane, "path", "segment 1").text(COL_DECODED) == "a b#c"


def test_builder_ampersand_and_equals_in_a_query_value(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    value = _row(pane, "query", "parameter 2", "value")
    _edit(qtbot, window, value, COL_DECODED, "fish & chips=1?")
    assert window.uri().endswith("?utm_source=x&name=fish%20%26%20chips%3D1?#nose")
    params = split(window.uri()).query_params
    assert len(params) == 2 and params[1].value is not None
    assert unquote_plus(params[1].value.text) == "fish & chips=1?"
    assert _row(pane, "query", "parameter 2").text(COL_DECODED) == "name = fish & chips=1?"


def test_builder_user_with_at_and_colon(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "authority", "userinfo", "user"), COL_DECODED, "a@b:c")
    assert window.uri().startswith("https://a%40b%3Ac@example.com:8042/")
    assert _row(pane, "authority", "userinfo", "user").text(COL_DECODED) == "a@b:c"
    assert _row(pane, "authority", "host").text(COL_RAW) == "example.com"


def test_builder_raw_cell_keeps_existing_escapes(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "fragment"), COL_RAW, "x%20y z%zz")
    # draft-2003 §2.4.2: never escape twice; only the space and the stray "%" are escaped
    assert window.uri().endswith("#x%20y%20z%25zz")


def test_builder_adds_an_undefined_port(qtbot: QtBot, window: MainWindow) -> None:
    window.set_uri("http://example.com/a")
    window.flush_panes()
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "authority", "port"), COL_DECODED, "8080")
    assert window.uri() == "http://example.com:8080/a"


def test_builder_refuses_a_port_with_letters(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "authority", "port"), COL_DECODED, "80a")
    assert window.uri() == BASE
    assert "RFC 3986 §3.2.3" in pane.summary.text()


def test_builder_undo_and_redo(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "authority", "host"), COL_DECODED, "example.org")
    edited = window.uri()
    assert "@example.org:8042" in edited
    assert window.host.undoEditAction.isEnabled()
    window.host.undoEditAction.trigger()
    assert window.uri() == BASE
    window.host.redoEditAction.trigger()
    assert window.uri() == edited
    # Ctrl+Z in the tree undoes the builder edit
    pane.view.setFocus()
    qtbot.keyClick(pane.view, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.uri() == BASE


def test_ctrl_z_in_the_field_still_undoes_typing(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "fragment"), COL_DECODED, "ear")
    assert window.uri().endswith("#ear")
    field = window.uriField
    field.setFocus()
    cursor = field.textCursor()
    cursor.movePosition(cursor.MoveOperation.End)
    field.setTextCursor(cursor)
    qtbot.keyClicks(field, "s")
    assert window.uri().endswith("#ears")
    qtbot.keyClick(field, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert window.uri().endswith("#ear")  # the typing was undone, not the builder edit
    assert pane.undo_stack.index() == 1


def test_f2_opens_the_editor_on_the_current_row(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    pane.view.setFocus()
    pane.view.setCurrentItem(_row(pane, "authority", "port"))
    qtbot.keyClick(pane.view, Qt.Key.Key_F2)
    editor = pane.view.findChild(QLineEdit, "componentEditor")
    assert editor is not None and editor.isVisible() and editor.text() == "8042"


def _tooltip(pane: ComponentsPane, item: QTreeWidgetItem, column: int) -> str:
    """Send a real tooltip event to the tree's viewport and read what Qt shows."""
    rect = pane.view.visualItemRect(item)
    x = pane.view.header().sectionViewportPosition(column) + 4
    pos = QPoint(x, rect.center().y())
    event = QHelpEvent(
        QHelpEvent.Type.ToolTip, pos, pane.view.viewport().mapToGlobal(pos)
    )
    QApplication.sendEvent(pane.view.viewport(), event)
    return QToolTip.text()


# Showing a tooltip on the offscreen platform warns that it cannot raise the tip window.
@pytest.mark.qt_log_ignore("does not support raise", "propagateSizeHints")
def test_hover_shows_the_grammar_rule_under_the_edition(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    host = _row(pane, "authority", "host")
    port = _row(pane, "authority", "port")
    assert "reg-name = *( unreserved / pct-encoded / sub-delims ) — RFC 3986 §3.2.2" in (
        pane.tooltip_text(host, COL_NAME)
    )
    assert "port = *DIGIT — RFC 3986 §3.2.3" in _tooltip(pane, port, COL_NAME)
    window.editionSelector.setCurrentIndex(window.editionSelector.findData("rfc2396"))
    window.flush_panes()
    host = _row(pane, "authority", "host")
    port = _row(pane, "authority", "port")
    assert "RFC 2396 §3.2" in pane.tooltip_text(host, COL_NAME)
    assert "port = *digit — RFC 2396 §3.2.2" in _tooltip(pane, port, COL_RAW)


def test_double_click_on_the_raw_cell_edits_raw_text(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    port = _row(pane, "authority", "port")
    rect = pane.view.visualItemRect(port)
    x = pane.view.header().sectionViewportPosition(COL_RAW) + 10
    at = QPoint(x, rect.center().y())
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    editor = pane.view.findChild(QLineEdit, "componentEditor")
    assert editor is not None and editor.isVisible() and editor.text() == "8042"
    editor.selectAll()
    qtbot.keyClicks(editor, "8443")
    qtbot.keyClick(editor, Qt.Key.Key_Return)
    QApplication.processEvents()
    assert window.uri() == BASE.replace(":8042", ":8443")


def test_details_rows_do_not_open_an_editor(qtbot: QtBot, window: MainWindow) -> None:
    pane = _pane(window)
    field = _row(pane, "https details", "Host")
    assert not field.flags() & Qt.ItemFlag.ItemIsEditable
    pane.view.setCurrentItem(field)
    pane.edit_current()  # what F2 does
    rect = pane.view.visualItemRect(field)
    at = QPoint(pane.view.header().sectionViewportPosition(COL_DECODED) + 10, rect.center().y())
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    qtbot.mouseDClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=at)
    assert pane.view.findChild(QLineEdit, "componentEditor") is None


def test_builder_edits_the_whole_authority(qtbot: QtBot, window: MainWindow) -> None:
    # RFC 3986 §3.2: authority = [ userinfo "@" ] host [ ":" port ]; "@", ":" stay raw,
    # a space is escaped, and the sub-rows are read back from the new authority.
    pane = _pane(window)
    _edit(qtbot, window, _row(pane, "authority"), COL_RAW, "my user@mirror.example:8443")
    assert window.uri() == (
        "https://my%20user@mirror.example:8443/over/there?utm_source=x&name=ferret#nose"
    )
    assert _row(pane, "authority", "host").text(COL_RAW) == "mirror.example"
    assert _row(pane, "authority", "port").text(COL_RAW) == "8443"
    assert _row(pane, "authority", "userinfo", "user").text(COL_DECODED) == "my user"
