"""Suspicious links typed into the real window: banner, findings and field colouring agree.

Issue "Suspicious-link analysis": the §7.5 example (draft-2003 §7.5), an IDN
look-alike (UTS #39 confusables) and a bidi-override link (Unicode TR #9; Trojan
Source), each typed key by key into ``uriField``.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QKeyEvent
from PySide6.QtWidgets import QApplication, QListWidget
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.field.widget import UriField

LINKS = {
    # draft-fielding-uri-rfc2396bis (2003) §7.5: userinfo dressed up as the host.
    "semantic-attack": (
        "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
        "misleading-userinfo",
        "10.0.0.1",
    ),
    # Cyrillic а р р ӏ е: whole-script look-alike of apple.com.
    "idn-look-alike": ("https://аррӏе.com/login", "confusable-host", "xn--80ak6aa92e.com"),
    # U+202E RIGHT-TO-LEFT OVERRIDE makes "exe.jpg" display as "gpj.exe".
    "bidi-override": ("https://example.com/files/\u202egpj.exe", "bidi-control", "example.com"),
}


pytestmark = pytest.mark.window(size=(1180, 760), shown=True)


def type_keys(field: UriField, text: str) -> None:
    """Type ``text`` key by key, as a keyboard (or an input method) delivers it.

    ``QTest.keyClicks`` only knows ASCII keys (qasciikey.cpp asserts otherwise), so
    each character goes as a real key press/release event carrying its text.
    """
    field.setFocus()
    for ch in text:
        for kind in (QEvent.Type.KeyPress, QEvent.Type.KeyRelease):
            QApplication.sendEvent(
                field, QKeyEvent(kind, 0, Qt.KeyboardModifier.NoModifier, ch)
            )
    QApplication.processEvents()


def _painted_backgrounds(field: UriField, index: int) -> list[QColor]:
    """Background colours the highlighter painted at code point ``index``."""
    pos = field.document_position(index)
    block = field.document().findBlock(pos)
    rel = pos - block.position()
    return [
        r.format.background().color()
        for r in block.layout().formats()
        if r.start <= rel < r.start + r.length
        and r.format.background().style() != Qt.BrushStyle.NoBrush
    ]


@pytest.mark.parametrize("name", list(LINKS))
def test_banner_findings_and_field_agree(window: MainWindow, qtbot: QtBot, name: str) -> None:
    uri, code, host = LINKS[name]
    field = window.findChild(UriField, "uriField")
    assert field is not None
    field.clear()
    type_keys(field, uri)
    window.flush_panes()
    assert window.uri() == uri
    analysis = window.analysis
    assert analysis is not None and analysis.text == uri

    # The banner states where the link really goes (the browser's host).
    assert analysis.effective_host == host
    banner = window.banner.plain_text()
    assert host in banner or (analysis.effective_host or "") in banner
    assert "safe" not in banner.lower()

    # The findings list shows every finding of the analysis, by its stable code.
    view = window.findChild(QListWidget, "findingsView")
    assert view is not None
    listed = [view.item(i).data(Qt.ItemDataRole.UserRole) for i in range(view.count())]
    assert code in listed
    for finding in analysis.findings:
        assert finding.code in listed

    # Each finding's evidence span is highlighted in the field, character by character.
    theme = field.theme
    # A foreign letter of a look-alike host is inverted on the danger colour instead
    # (theme.foreign_format, issue 15): still a mark, and a stronger one.
    marks = {theme.finding_bg.name(), theme.danger_bg.name(), theme.danger.name()}
    for finding in analysis.findings:
        for index in range(finding.span.start, finding.span.end):
            painted = {c.name() for c in _painted_backgrounds(field, index)}
            assert painted & marks, f"{finding.code} not highlighted at {index} ({uri[index]!r})"

    # Selecting the finding's row paints its span with the selection colour.
    view.setCurrentRow(listed.index(code))
    finding = next(f for f in analysis.findings if f.code == code)
    selected = theme.selection_bg.name()
    for index in range(finding.span.start, finding.span.end):
        assert selected in {c.name() for c in _painted_backgrounds(field, index)}
