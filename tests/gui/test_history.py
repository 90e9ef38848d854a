"""History through MainWindow: what is recorded and when, search, pins, clear, "Keep
History" off, and session restore across two windows sharing one config directory."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QLineEdit
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.history import HistoryPane
from uriinspector.gui.settings import FILE_NAME, Settings

A = "http://Example.com/alpha"
B = "mailto:someone@example.org"
C = "https://other.test/EXAMPLE?q=1"


class Confirm:
    """Stands in for the yes/no dialog and remembers the questions asked."""

    def __init__(self, answer: bool) -> None:
        self.answer = answer
        self.asked: list[str] = []

    def __call__(self, title: str, text: str) -> bool:
        self.asked.append(f"{title}: {text}")
        return self.answer


def _pane(window: MainWindow) -> HistoryPane:
    pane = window.panes["history"]
    assert isinstance(pane, HistoryPane)
    return pane


def _enter(window: MainWindow, qtbot: QtBot, text: str) -> None:
    """Type ``text`` into the field (replacing it) and press Enter."""
    window.set_uri("")
    qtbot.keyClicks(window.uriField, text)
    qtbot.keyClick(window.uriField, Qt.Key.Key_Return)


def test_enter_records_and_typing_alone_does_not(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("")
    qtbot.keyClicks(window.uriField, A)
    assert window.settings.history == []  # typing alone records nothing
    qtbot.keyClick(window.uriField, Qt.Key.Key_Return)
    assert [e.uri for e in window.settings.history] == [A]
    assert _pane(window).shown_uris() == [A]


def test_paste_and_inspect_records(window: MainWindow) -> None:
    from PySide6.QtGui import QGuiApplication

    QGuiApplication.clipboard().setText(B)
    window.menus.pasteAction.trigger()
    assert window.uri() == B and window.settings.recent[0] == B


def test_command_line_uri_is_recorded(window: MainWindow) -> None:
    window.load_initial(C)
    assert window.settings.recent == [C]


def test_a_drop_records(window: MainWindow) -> None:
    data = QMimeData()
    data.setText(C)
    event = QDropEvent(
        QPointF(10, 10), Qt.DropAction.CopyAction, data,
        Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier,
    )
    window.dropEvent(event)
    assert window.uri() == C and window.settings.recent == [C]


def test_open_recent_records_again(window: MainWindow, qtbot: QtBot) -> None:
    for uri in (A, B):
        _enter(window, qtbot, uri)
    window.menus.recentMenu.aboutToShow.emit()
    actions = window.menus.recentMenu.actions()
    assert [a.text() for a in actions] == [B, A]
    actions[1].trigger()
    assert window.uri() == A and window.settings.recent == [A, B]


def test_show_history_raises_the_pane_with_the_search_focused(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.show()
    qtbot.waitExposed(window)
    window.docks["findings"].raise_()
    assert window.docks["history"].visibleRegion().isEmpty()
    assert window.menus.showHistoryAction.shortcut().toString() == "Ctrl+H"
    window.menus.showHistoryAction.trigger()
    assert not window.docks["history"].visibleRegion().isEmpty()
    assert window.focusWidget() is _pane(window).searchField


def test_search_filters_as_you_type(window: MainWindow, qtbot: QtBot) -> None:
    for uri in (A, B, C):
        _enter(window, qtbot, uri)
    pane = _pane(window)
    assert pane.shown_uris() == [C, B, A]
    search = window.findChild(QLineEdit, "historySearch")
    assert search is not None
    qtbot.keyClicks(search, "exam")
    assert pane.shown_uris() == [C, B, A]  # all three contain "example", any case
    qtbot.keyClicks(search, "ple.c")
    assert pane.shown_uris() == [A]
    assert pane.countLabel.text() == "1 of 3"
    search.clear()
    qtbot.keyClicks(search, "EXAMPLE?")
    assert pane.shown_uris() == [C]
    qtbot.keyClicks(search, "nothing-like-this")
    assert pane.shown_uris() == []


def test_pin_unpin_remove_and_activate(window: MainWindow, qtbot: QtBot) -> None:
    for uri in (A, B, C):
        _enter(window, qtbot, uri)
    pane = _pane(window)
    assert pane.select_uri(A)
    qtbot.mouseClick(pane.pinButton, Qt.MouseButton.LeftButton)
    assert window.settings.entry(A) is not None and window.settings.entry(A).pinned  # type: ignore[union-attr]
    assert pane.shown_uris() == [A, C, B]  # pinned first
    assert pane.pinButton.text() == "Unpin"
    saved = json.loads(window.settings.path.read_text(encoding="utf-8"))
    assert {h["uri"]: h["pinned"] for h in saved["history"]}[A] is True  # written at once
    qtbot.mouseClick(pane.pinButton, Qt.MouseButton.LeftButton)
    assert pane.shown_uris() == [C, B, A] and pane.pinButton.text() == "Pin"
    assert pane.select_uri(B)
    qtbot.mouseClick(pane.removeButton, Qt.MouseButton.LeftButton)
    assert pane.shown_uris() == [C, A]
    assert pane.select_uri(A)
    pane.historyView.itemActivated.emit(pane.historyView.currentItem(), 1)
    assert window.uri() == A and pane.shown_uris() == [A, C]  # inspected again, moved up


def test_clear_history_asks_and_keeps_pins(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    for uri in (A, B, C):
        _enter(window, qtbot, uri)
    window.settings.set_pinned(B, True)
    no = Confirm(False)
    monkeypatch.setattr(window.history, "confirm", no)
    window.menus.clearHistoryAction.trigger()
    assert len(no.asked) == 1 and "Forget 2 entries" in no.asked[0] and "Pinned" in no.asked[0]
    assert len(window.settings.history) == 3  # cancelled
    yes = Confirm(True)
    monkeypatch.setattr(window.history, "confirm", yes)
    qtbot.mouseClick(_pane(window).clearButton, Qt.MouseButton.LeftButton)
    assert len(yes.asked) == 1
    assert [e.uri for e in window.settings.history] == [B]
    assert _pane(window).shown_uris() == [B]
    assert Settings.load(window.settings.path.parent).recent == [B]


def test_keep_history_off_records_nothing_and_clears_on_confirmation(
    qtbot: QtBot, _config_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    window = MainWindow()
    qtbot.addWidget(window)
    _enter(window, qtbot, A)
    window.settings.set_pinned(A, True)
    keep = window.menus.keepHistoryAction
    assert keep.isCheckable() and keep.isChecked()
    monkeypatch.setattr(window.history, "confirm", Confirm(False))
    window.menus.keepHistoryAction.trigger()  # asks; cancelled: history stays on
    assert window.menus.keepHistoryAction.isChecked() and window.settings.keep_history
    assert [e.uri for e in window.settings.history] == [A]
    monkeypatch.setattr(window.history, "confirm", Confirm(True))
    window.menus.keepHistoryAction.trigger()
    assert not window.menus.keepHistoryAction.isChecked() and not window.settings.keep_history
    assert window.settings.history == []  # pins too
    _enter(window, qtbot, B)
    assert window.settings.history == [] and _pane(window).shown_uris() == []
    assert _pane(window).countLabel.text() == "History is off"
    window.close()
    text = (_config_dir / FILE_NAME).read_text(encoding="utf-8")
    assert "example" not in text.lower()  # neither A, B nor the last URI
    second = MainWindow()
    qtbot.addWidget(second)
    assert not second.menus.keepHistoryAction.isChecked()
    second.load_initial(None)
    assert second.uri() == ""  # no last URI came back, and not the demo either
    second.menus.keepHistoryAction.trigger()  # turning it on asks nothing
    _enter(second, qtbot, C)
    assert second.settings.recent == [C]


def test_session_restore_across_two_windows(qtbot: QtBot, _config_dir: Path) -> None:
    """URI, edition, base, reference, compare text and history come back; no demo."""
    first = MainWindow()
    qtbot.addWidget(first)
    first.load_initial(None)
    assert first.uri() != ""  # the very first run shows the demonstration
    _enter(first, qtbot, A)
    first.set_uri(C)  # typed, not entered: still the URI on screen at close
    first.editionSelector.setCurrentIndex(first.editionSelector.findData("draft-2003"))
    base = first.findChild(QLineEdit, "baseField")
    ref = first.findChild(QLineEdit, "referenceField")
    compare = first.findChild(QLineEdit, "compareField")
    assert base is not None and ref is not None and compare is not None
    base.clear()
    qtbot.keyClicks(base, "http://x/y/z")
    ref.clear()
    qtbot.keyClicks(ref, "../w?v")
    qtbot.keyClicks(compare, "HTTP://example.com/%61lpha")
    first.close()

    second = MainWindow()
    qtbot.addWidget(second)
    second.load_initial(None)
    assert second.uri() == C
    assert second.controller.edition == "draft-2003"
    assert second.findChild(QLineEdit, "baseField").text() == "http://x/y/z"  # type: ignore[union-attr]
    assert second.findChild(QLineEdit, "referenceField").text() == "../w?v"  # type: ignore[union-attr]
    assert second.findChild(QLineEdit, "compareField").text() == "HTTP://example.com/%61lpha"  # type: ignore[union-attr]
    assert second.controller.compare_text == "HTTP://example.com/%61lpha"
    rfc = {r.rules: r.target for r in second.controller.resolutions}["rfc3986"]
    assert rfc == "http://x/w?v"
    assert second.settings.recent[:2] == [C, A]  # C recorded on close
    assert _pane(second).shown_uris()[:2] == [C, A]


def test_a_dropped_entry_is_reported_in_the_status_bar(qtbot: QtBot, _config_dir: Path) -> None:
    _config_dir.mkdir(parents=True)
    doc = {"version": 2, "history": [{"uri": A, "time": 1.0}, {"uri": 42}]}
    (_config_dir / FILE_NAME).write_text(json.dumps(doc), encoding="utf-8")
    window = MainWindow()
    qtbot.addWidget(window)
    assert "unreadable history entry was dropped" in window.statusBar().currentMessage()
    assert _pane(window).shown_uris() == [A]


class _UriListOnly(QMimeData):
    """What a browser offers for a dragged link: text/uri-list bytes, served untouched
    (a plain QMimeData would parse them into QUrls already in ``setData``)."""

    def __init__(self, raw: bytes) -> None:
        super().__init__()
        self._raw = raw

    def formats(self) -> list[str]:
        """Only the link list."""
        return ["text/uri-list"]

    def hasFormat(self, mimetype: str) -> bool:
        """Only the link list."""
        return mimetype == "text/uri-list"

    def retrieveData(self, mimetype: str, preferred: object) -> object:
        """The offered bytes."""
        return QByteArray(self._raw) if mimetype == "text/uri-list" else None


def test_search_box_pastes_pass_intake_exactly(window: MainWindow, qtbot: QtBot) -> None:
    """A link dragged from a browser (text/uri-list only) is searched for exactly as
    offered: Qt's own paste reads it through QUrl, which rewrites 0177.0.0.01 to
    127.0.0.1 (issue 13 item 3; style.md §6: one door for pasted text)."""
    from PySide6.QtGui import QGuiApplication

    odd = "http://0177.0.0.01/x"
    for uri in (A, odd):
        _enter(window, qtbot, uri)
    pane = _pane(window)
    search = window.findChild(QLineEdit, "historySearch")
    assert search is not None
    QGuiApplication.clipboard().setMimeData(_UriListOnly((odd + "\r\n").encode()))
    try:
        search.setFocus()
        qtbot.keyClick(search, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
        assert search.text() == odd
        assert pane.shown_uris() == [odd]
    finally:
        QGuiApplication.clipboard().clear()
