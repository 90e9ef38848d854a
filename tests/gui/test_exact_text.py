"""The inspected string is the one shown, code point for code point (issue 13 item 2).

A ``str`` that crosses a Qt signal becomes a ``QString`` and back: a lone surrogate is
dropped and two adjacent ones fuse into one astral character, so the window analysed
``http://a/`` for ``http://a/\\ud800``. The field, the controller, the banner, the panes
and the history now keep the exact Python ``str``; the field shows each lone
surrogate as a chip (``⟨U+D800⟩``) that occupies one position, so spans still map
through ``gui/offsets.py``.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QByteArray, QMimeData
from PySide6.QtGui import QGuiApplication, QTextCursor
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.field.chips import OBJECT_REPLACEMENT
from uriinspector.gui.panes._common import CODE_ROLE

ROOT = Path(__file__).resolve().parents[2]

EXACT = {
    "lone-high-at-end": "http://a/\ud800",
    "two-lone-halves": "\ud800\udc00",
    "lone-low-in-host": "http://\udfff.example/",
    "escaped-byte-from-argv": "http://bank.example/\udcff",
    "emoji-before-host-then-surrogate": "http://\U0001f600@\ud800x.example/p\U0001f511?q=\udc80#f",
    "surrogates-in-userinfo": "http://www.bank.example\ud800@10.0.0.1/",
}


class _Bytes(QMimeData):
    """Mime data serving the bytes another program offered (see test_intake)."""

    def __init__(self, fmt: str, raw: bytes) -> None:
        super().__init__()
        self._fmt, self._raw = fmt, raw

    def formats(self) -> list[str]:
        return [self._fmt]

    def hasFormat(self, mimetype: str) -> bool:
        return mimetype == self._fmt

    def retrieveData(self, mimetype: str, preferred: object) -> object:
        return QByteArray(self._raw) if mimetype == self._fmt else None


@pytest.fixture(autouse=True)
def _clipboard_freed_while_python_lives(qapp: object) -> Iterator[None]:
    """Mime data made in Python and left on the clipboard would be deleted by Qt after
    the interpreter is gone (a fatal error at exit): take it back after each test."""
    yield
    QGuiApplication.clipboard().clear()


pytestmark = pytest.mark.window(size=(1100, 700))


@pytest.fixture
def window(window: MainWindow) -> Iterator[MainWindow]:
    """The conftest's window, closed afterwards and its settings saved."""
    w = window
    yield w
    # closing saves the settings: lone surrogates in history and the field must not
    # stop that (settings store every code point, tests/gui/test_settings.py)
    w.close()
    assert w.settings.save() is None


def _check(window: MainWindow, text: str) -> None:
    a = window.analysis
    assert a is not None
    assert a.text == text
    assert window.uri() == text
    assert window.controller.text == text
    for f in a.findings:
        assert 0 <= f.span.start <= f.span.end <= len(text)


@pytest.mark.parametrize("text", EXACT.values(), ids=EXACT.keys())
def test_set_uri_analyses_exactly_that_string(window: MainWindow, text: str) -> None:
    window.set_uri(text)
    _check(window, text)
    field = window.uriField
    # Each lone surrogate is one chip; each astral character two UTF-16 units.
    doc = field.toPlainText()
    n_lone = sum(1 for ch in text if 0xD800 <= ord(ch) <= 0xDFFF)
    assert doc.count(OBJECT_REPLACEMENT) >= n_lone
    for i in range(len(text) + 1):
        assert field.code_point_at(field.document_position(i)) == i


def test_banner_shows_the_lone_surrogate_host(window: MainWindow) -> None:
    window.set_uri("http://\udfff.example/")
    banner = window.banner.plain_text()
    assert "⟨U+DFFF⟩.example" in banner
    assert " .example" not in banner and "reads .example" not in banner


def test_two_lone_halves_are_two_chips_not_one_character(window: MainWindow) -> None:
    window.set_uri("\ud800\udc00")
    assert window.analysis is not None and len(window.analysis.text) == 2
    assert window.uriField.toPlainText() == OBJECT_REPLACEMENT * 2
    assert "\U00010000" not in window.analysis.text


def test_field_spans_map_after_emoji_and_surrogates(window: MainWindow) -> None:
    text = EXACT["emoji-before-host-then-surrogate"]
    window.set_uri(text)
    a = window.analysis
    assert a is not None
    host = a.parsed.split.host
    assert host is not None and host.text == "\ud800x.example"
    field = window.uriField
    # The document range of the host span, read back through the field, is the host.
    start = field.document_position(host.span.start)
    end = field.document_position(host.span.end)
    assert field._document_text(start, end) == host.text
    assert "host" in field.describe(host.span.start).lower()
    assert "U+D800" in field.describe(host.span.start)


def test_typing_after_a_lone_surrogate_keeps_it(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("http://a/\ud800")
    field = window.uriField
    field.setFocus()
    field.moveCursor(QTextCursor.MoveOperation.End)
    qtbot.keyClicks(field, "b")
    _check(window, "http://a/\ud800b")


def test_pasted_bytes_that_are_not_utf8_are_inspected_exactly(window: MainWindow) -> None:
    QGuiApplication.clipboard().setMimeData(_Bytes("text/plain", b"http://bank.example/\xff"))
    window.menus.pasteAction.trigger()
    _check(window, "http://bank.example/\udcff")
    window.set_uri("")
    window.uriField.setFocus()
    window.uriField.paste()
    _check(window, "http://bank.example/\udcff")


def test_panes_hand_back_the_exact_string(window: MainWindow) -> None:
    """History and Findings ask the window to inspect a URI: exactly that one."""
    text = "http://a.example/\ud800\udc00"
    window.set_uri(text)
    history = window.pane("history")
    window.set_uri("http://other.example/")
    history.inspectRequested.emit(text)
    _check(window, text)
    window.pane("findings").inspectRequested.emit("http://\udfff/")
    _check(window, "http://\udfff/")


def test_builder_edit_keeps_lone_surrogates(window: MainWindow) -> None:
    window.set_uri("http://a/\ud800?q")
    pane = window.pane("components")
    pane.uriEdited.emit("http://a/\ud800?r")
    _check(window, "http://a/\ud800?r")


def test_open_from_the_command_line_with_a_byte_that_is_not_utf8(tmp_path: Path) -> None:
    """``uriinspector open "$(printf 'http://bank.example/\\xff')"``: argv holds
    ``\\udcff`` (PEP 383); that exact string is shown and analysed."""
    code = """
import json, sys
from PySide6.QtWidgets import QApplication
app = QApplication([])
from uriinspector.gui import app as gui_app
kept = []
def first_paint(window, callback):
    kept.append(window)
    callback()
gui_app.after_first_paint = first_paint
gui_app.main(["open", sys.argv[1]])
w = kept[0]
out = {"argv": sys.argv[1], "field": w.uri(), "analysed": w.analysis.text,
       "banner": w.banner.plain_text(), "chips": w.uriField.toPlainText()}
w.set_uri("")
print(json.dumps(out))
"""
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT),
               URIINSPECTOR_CONFIG_DIR=str(tmp_path / "config"), LC_ALL="C.UTF-8")
    proc = subprocess.run(
        [sys.executable, "-c", code, b"http://bank.example/\xff"],
        capture_output=True, env=env, timeout=120, check=False,
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")[-2000:]
    out = json.loads(proc.stdout.decode().strip().splitlines()[-1])
    assert out["argv"] == "http://bank.example/\udcff"
    assert out["field"] == out["analysed"] == out["argv"]
    assert "bank.example" in out["banner"]
    assert out["chips"] == "http://bank.example/" + OBJECT_REPLACEMENT


def test_the_chip_says_lone_surrogate(window: MainWindow) -> None:
    window.set_uri("http://a/\ud800")
    assert "⟨U+D800⟩ lone surrogate" in window.uriField.describe(9)


def test_history_rows_hand_back_the_exact_uri(qtbot: QtBot) -> None:
    """A history row keeps its URI in Python, not in an item role (a QString)."""
    from uriinspector.gui.panes.history import HistoryPane
    from uriinspector.gui.settings import HistoryEntry

    pane = HistoryPane()
    qtbot.addWidget(pane)
    text = "http://a.example/\ud800\udc00"
    pane.show_history([HistoryEntry(text, 1_700_000_000.0), HistoryEntry("http://b/", 1.0)])
    assert pane.shown_uris() == [text, "http://b/"]
    assert pane.select_uri(text) and pane.current_uri() == text
    with qtbot.waitSignal(pane.inspectRequested) as blocker:
        pane.historyView.itemActivated.emit(pane.historyView.currentItem(), 1)
    assert blocker.args == [text]


def test_findings_inspect_the_exact_nested_url(window: MainWindow) -> None:
    window.set_uri("http://a.example/?u=http://b.example/\ud800x")
    pane = window.pane("findings")
    window.flush_panes()
    view = pane.view
    row = next(i for i in range(view.count()) if view.item(i).data(CODE_ROLE) == "embedded-url")
    view.setCurrentRow(row)
    pane.inspect_button.click()
    _check(window, "http://b.example/\ud800x")
