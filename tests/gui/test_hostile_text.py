"""Hostile text stays text: no tooltip, label, item or document reads the input as markup.

Qt lays a tooltip, an ``AutoText`` label or a message box out as HTML when the text
looks like HTML (``Qt.mightBeRichText``); ``<img src=...>`` then opens a file (a UNC
path on Windows: an SMB connection to the attacker), ``<a>`` makes a link, entities
are decoded (issue 13, item 1). These tests load links full of markup into a real
window, build every pane, walk every widget and hover every row, and check each text
sink that can hold input-derived text:

* every marker ``PROBE`` the input put into a rich (or maybe-rich) sink survives its
  rendering as HTML: a marker inside a tag would vanish, one inside an escaped tag is
  shown literally; no rendered text has an entity decoded (``&lt;PROBE&gt;``);
* an auto-detecting sink (tooltip, ``AutoText`` label) that quotes the input is
  deliberately rich (``gui/plain.py`` wraps it), so no other input flips the guess;
* while hovering, no file named ``PROBE*`` is opened, by Python (audit hook "open") or
  by Qt itself (inotify on Linux, where Qt's ``openat`` never reaches Python).
"""

from __future__ import annotations

import ctypes
import os
import struct
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractItemModel, QEvent, QModelIndex, QPoint, Qt
from PySide6.QtGui import QHelpEvent, QImage, QTextDocument
from PySide6.QtGui import Qt as QtGuiNamespace  # mightBeRichText lives in QtGui
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QHeaderView,
    QLabel,
    QMenu,
    QPlainTextEdit,
    QTextEdit,
    QToolTip,
    QWidget,
)
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes._common import HTML_ROLE

from .conftest import OFFSCREEN_NOISE

# Every markup shape the issue names: <img> (a file, a UNC path), <a>, <b>, <style>,
# entities, a <qt> prefix. Each tag carries the marker PROBE inside it.
UNC = r"\\attacker.example\share\PROBE-unc.png"
HOSTILE: tuple[str, ...] = (
    "http://x@<img src=PROBE.svg>/",
    "http://u@<a href=PROBE-a>h</a>.example/<b id=PROBE-b>p</b>"
    "?q=<style>PROBE-style{}</style>#&lt;PROBE&gt;&amp;",
    f"<qt>http://a/<img src={UNC}>",
    "http://evil.example/?u=http://x@<img src=PROBE-nested.svg>/&next=%3Cb%3EPROBE",
    "urn:<b id=PROBE-urn>x</b>:<img src=PROBE-urn.svg>",
    "mailto:<img src=PROBE-mail.svg>@example.com?subject=<a href=PROBE-m>m</a>",
    "data:text/html,<img src=PROBE-data.svg>",
    "http://<img src=PROBE-host.svg>.example/",
)
#: Text around links for the Extract pane: the found links keep an entity (``&lt;``).
EXTRACTED = ("see http://ex.example/&lt;PROBE&gt;/x and http://a.example/?q=&lt;b&gt;PROBE",)
PROBE_FILES = ("PROBE.svg", "PROBE-nested.svg", "PROBE-urn.svg", "PROBE-mail.svg",
               "PROBE-data.svg", "PROBE-host.svg", UNC)
#: The offscreen platform cannot raise a tooltip's window (a plugin limit, not ours).
OFFSCREEN_TOOLTIP_NOISE = pytest.mark.qt_log_ignore(
    r"This plugin does not support raise\(\)", OFFSCREEN_NOISE, extend=True
)
MAX_ROWS = 400  # rows hovered per view (the lists here are short)


class _Recorder(QTextDocument):
    """A document that records every resource its layout asks for (and loads none)."""

    def __init__(self) -> None:
        super().__init__()
        self.asked: list[str] = []

    def loadResource(self, kind: int, name: object) -> object:
        """Record the resource Qt asked for; load nothing."""
        self.asked.append(str(getattr(name, "toString", lambda: name)()))
        return QImage()


def _render(html: str) -> tuple[str, list[str]]:
    """``html`` laid out as Qt lays out rich text: its text and the resources it wants."""
    doc = _Recorder()
    doc.setHtml(html)
    doc.setTextWidth(400)
    doc.size()  # lays out: images are loaded now
    return doc.toPlainText(), doc.asked


class Problems:
    """Collects every sink that would read input as markup, with where it was."""

    def __init__(self) -> None:
        self.found: list[str] = []
        self.checked = 0

    def rich(self, where: str, text: object) -> None:
        """A sink that renders ``text`` as HTML (rich label, HTML delegate role)."""
        if not isinstance(text, str) or "PROBE" not in text:
            return
        self.checked += 1
        shown, asked = _render(text)
        if text.count("PROBE") != shown.count("PROBE"):
            self.found.append(f"{where}: markup from the input was interpreted: {text[:160]!r}")
        elif "<PROBE>" in shown:
            self.found.append(f"{where}: an entity from the input was decoded: {text[:160]!r}")
        if any("PROBE" in a for a in asked):
            self.found.append(f"{where}: would load {asked}: {text[:160]!r}")

    def auto(self, where: str, text: object) -> None:
        """A sink that guesses (tooltip, AutoText label, message box)."""
        if not isinstance(text, str) or "PROBE" not in text:
            return
        if not QtGuiNamespace.mightBeRichText(text):
            self.checked += 1
            self.found.append(
                f"{where}: input-derived text left to Qt's rich-text guess: {text[:160]!r}"
            )
            return
        self.rich(where, text)


def _label(problems: Problems, where: str, label: QLabel) -> None:
    fmt = label.textFormat()
    if fmt == Qt.TextFormat.PlainText:
        return
    if fmt == Qt.TextFormat.RichText:
        problems.rich(where, label.text())
    elif fmt == Qt.TextFormat.MarkdownText:
        if "PROBE" in label.text():
            problems.found.append(f"{where}: input shown as Markdown")
    else:
        problems.auto(where, label.text())


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return int(model.columnCount(parent))
    except TypeError:  # a list model (its columnCount is private): one column, no children
        return 1 if not parent.isValid() else 0


def _indexes(model: QAbstractItemModel, parent: QModelIndex | None = None) -> Iterator[QModelIndex]:
    parent = parent if parent is not None else QModelIndex()
    seen = 0
    for row in range(model.rowCount(parent)):
        for column in range(_columns(model, parent)):
            index = model.index(row, column, parent)
            yield index
            seen += 1
            if column == 0 and _columns(model, index) and model.rowCount(index):
                yield from _indexes(model, index)
        if seen > MAX_ROWS * 8:
            return


def _document(problems: Problems, where: str, doc: QTextDocument) -> None:
    block = doc.begin()
    while block.isValid():
        it = block.begin()
        while not it.atEnd():
            frag = it.fragment()
            fmt = frag.charFormat()
            if fmt.isImageFormat():
                name = fmt.toImageFormat().name()
                problems.found.append(f"{where}: an image in the document: {name}")
            if fmt.isAnchor() and "PROBE" in (fmt.anchorHref() + "".join(fmt.anchorNames())):
                problems.found.append(f"{where}: a link from the input: {fmt.anchorHref()}")
            it += 1
        block = block.next()


def _hover(widget: QWidget, pos: QPoint) -> str | None:
    """Send the tooltip event a resting mouse sends; the tooltip's text, if one shows."""
    QToolTip.hideText()
    event = QHelpEvent(QEvent.Type.ToolTip, pos, widget.mapToGlobal(pos))
    QApplication.sendEvent(widget, event)
    return QToolTip.text() if QToolTip.isVisible() else None


def _walk(window: MainWindow, problems: Problems, *, hover: bool) -> None:
    for widget in window.findChildren(QWidget):
        name = f"{type(widget).__name__}#{widget.objectName() or '?'}"
        problems.auto(f"{name}.toolTip", widget.toolTip())
        problems.auto(f"{name}.whatsThis", widget.whatsThis())
        for action in widget.actions():
            problems.auto(f"{name} action {action.text()!r}.toolTip", action.toolTip())
        if isinstance(widget, QLabel):
            _label(problems, name, widget)
        if isinstance(widget, (QTextEdit, QPlainTextEdit)):
            _document(problems, name, widget.document())
        if isinstance(widget, QMenu):
            for action in widget.actions():
                problems.auto(f"{name} menu {action.text()!r}", action.toolTip())
        if hover and widget.isVisible() and widget.toolTip():
            tip = _hover(widget, widget.rect().center())
            problems.auto(f"{name} hovered", tip)
        if not isinstance(widget, QAbstractItemView) or isinstance(widget, QHeaderView):
            continue
        model = widget.model()
        if model is None:
            continue
        root = QModelIndex()
        for orientation, count in (
            (Qt.Orientation.Horizontal, _columns(model, root)),
            (Qt.Orientation.Vertical, min(model.rowCount(root), MAX_ROWS)),
        ):
            for section in range(count):
                problems.auto(f"{name} header {section}",
                              model.headerData(section, orientation, Qt.ItemDataRole.ToolTipRole))
        hovered = 0
        for index in _indexes(model):
            where = f"{name}[{index.row()},{index.column()}]"
            problems.auto(f"{where}.ToolTipRole", index.data(Qt.ItemDataRole.ToolTipRole))
            problems.auto(f"{where}.WhatsThisRole", index.data(Qt.ItemDataRole.WhatsThisRole))
            problems.rich(f"{where}.HTML_ROLE", index.data(HTML_ROLE))
            if hover and widget.isVisible() and hovered < MAX_ROWS:
                widget.scrollTo(index, QAbstractItemView.ScrollHint.EnsureVisible)
                rect = widget.visualRect(index)
                if rect.isValid() and not rect.isEmpty():
                    hovered += 1
                    problems.auto(f"{where} hovered", _hover(widget.viewport(), rect.center()))


class _OpenWatch:
    """Files named PROBE* opened in ``directory``: by Python (audit hook) and by Qt (inotify)."""

    IN_OPEN = 0x20

    def __init__(self, directory: Path) -> None:
        self.python: list[str] = []
        self._armed = False
        sys.addaudithook(self._hook)  # cannot be removed: it is disarmed after the test
        self._fd = -1
        if sys.platform.startswith("linux"):
            libc = ctypes.CDLL(None, use_errno=True)
            self._fd = libc.inotify_init1(os.O_NONBLOCK | os.O_CLOEXEC)
            if self._fd >= 0 and libc.inotify_add_watch(
                self._fd, os.fsencode(directory), self.IN_OPEN
            ) < 0:
                os.close(self._fd)
                self._fd = -1

    def _hook(self, event: str, args: tuple[object, ...]) -> None:
        if self._armed and event == "open" and args and "PROBE" in str(args[0]):
            self.python.append(str(args[0]))

    def __enter__(self) -> _OpenWatch:
        self._armed = True
        return self

    def __exit__(self, *exc: object) -> None:
        self._armed = False

    def native(self) -> list[str]:
        """Names opened in the directory since the last call (Linux only)."""
        if self._fd < 0:
            return []
        names: list[str] = []
        while True:
            try:
                data = os.read(self._fd, 65536)
            except BlockingIOError:
                return names
            i = 0
            while i < len(data):
                _wd, _mask, _cookie, length = struct.unpack_from("iIII", data, i)
                names.append(os.fsdecode(data[i + 16 : i + 16 + length].rstrip(b"\0")))
                i += 16 + length

    def close(self) -> None:
        if self._fd >= 0:
            os.close(self._fd)


@pytest.fixture
def probes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[_OpenWatch]:
    """A working directory holding every file the markup names, watched for opens."""
    work = tmp_path / "cwd"
    work.mkdir()
    svg = '<svg xmlns="http://www.w3.org/2000/svg" width="4" height="4"/>'
    for name in PROBE_FILES:
        (work / name).write_text(svg, "utf-8")
    monkeypatch.chdir(work)
    watch = _OpenWatch(work)
    watch.native()  # drop the events of our own writes
    try:
        yield watch
    finally:
        watch.close()


pytestmark = pytest.mark.window(size=(1280, 800), shown=True)


def _load_everything(window: MainWindow, qtbot: QtBot, uri: str) -> None:
    """``uri`` in the field, the history, the Resolution and ladder inputs, Extract."""
    window.set_uri(uri)
    window.uriField.returnPressed.emit()  # recorded in the history
    window.build_all_panes()
    window.pane("resolution").referenceField.setText(uri)  # type: ignore[attr-defined]
    window.set_resolution_inputs(window.controller.base, uri)
    window.controller.set_compare_text(uri)
    extract = window.pane("extract")
    extract.textBox.setPlainText("\n".join((*HOSTILE, *EXTRACTED)))
    extract.run_extraction()
    qtbot.waitUntil(lambda: not extract.is_busy(), timeout=10_000)
    window.flush_panes()


def _hover_field(window: MainWindow, problems: Problems) -> None:
    field = window.uriField
    text = field.uri()
    for i in range(len(text)):
        # What the tooltip would say, and the tooltip the field really shows there.
        assert isinstance(field.describe(i), str)
    viewport = field.viewport()
    for i in range(len(text)):
        cursor = field.textCursor()
        cursor.setPosition(field.document_position(i))
        rect = field.cursorRect(cursor)
        problems.auto(f"uriField hovered at {i}", _hover(viewport, rect.center() + QPoint(2, 0)))


@OFFSCREEN_TOOLTIP_NOISE
@pytest.mark.parametrize("uri", HOSTILE, ids=range(len(HOSTILE)))
def test_no_sink_reads_the_input_as_markup(
    window: MainWindow, qtbot: QtBot, probes: _OpenWatch, uri: str
) -> None:
    """Issue 13 item 1: every tooltip, label, item and document, every pane, hovered."""
    _load_everything(window, qtbot, uri)
    problems = Problems()
    with probes:
        for name, dock in window.docks.items():
            dock.raise_()
            QApplication.processEvents()
            window.flush_panes()
            assert name in window.panes.built()
        _walk(window, problems, hover=True)
        _hover_field(window, problems)
        problems.auto("banner hovered", _hover(window.banner, window.banner.rect().center()))
        QToolTip.hideText()
        QApplication.processEvents()
    assert problems.checked > 0, "the walk found no input-derived text at all"
    assert problems.found == []
    assert probes.python == []
    assert [n for n in probes.native() if "PROBE" in n] == []


def test_the_walk_catches_an_unescaped_tooltip(window: MainWindow) -> None:
    """The check itself can fail: a raw tooltip and a raw rich label are both caught."""
    window.set_uri(HOSTILE[0])
    problems = Problems()
    label = QLabel(window)
    label.setToolTip("Host: <img src=PROBE.svg>")
    label.setTextFormat(Qt.TextFormat.RichText)
    label.setText("<b>x</b> <img src=PROBE.svg>")
    _walk(window, problems, hover=False)
    assert len([p for p in problems.found if "QLabel" in p]) >= 2
