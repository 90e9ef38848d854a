"""Grammar on hover, the Explain pane and the Editions pane, in the real window (issue 6).

Hovers are real tooltip events sent to the URI field's viewport at a character's
position (the field converts the UTF-16 position through gui/offsets.py).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QHelpEvent, QTextDocument
from PySide6.QtWidgets import QApplication, QToolTip, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.field.widget import UriField
from uriinspector.gui.panes.editions import (
    COL_BROWSER,
    COL_CLASSES,
    COL_EDITION,
    COL_VERDICT,
    EditionsPane,
)
from uriinspector.gui.panes.explain import ExplainPane

# draft-fielding-uri-rfc2396bis-01 (2003) §7.5, the misleading-authority example.
SEC75 = "ftp://cnn.example.com&story=breaking_news@10.0.0.1/top_story.htm"
HOVERED = "http://example.com:8080/a%7Bb"


pytestmark = pytest.mark.window(shown=True)


def _item(pane: EditionsPane, edition: str) -> QTreeWidgetItem:
    item = pane.item_of(edition)
    assert item is not None, edition
    return item


def _load(qtbot: QtBot, window: MainWindow, text: str, edition: str = "rfc3986") -> None:
    index = window.editionSelector.findData(edition)
    window.editionSelector.setCurrentIndex(index)
    window.set_uri(text)
    qtbot.waitUntil(
        lambda: (a := window.analysis) is not None
        and a.text == text
        and a.edition.value == edition,
        timeout=20000,
    )


def _hover(field: UriField, index: int) -> str:
    """A real tooltip event over code point ``index`` of the field; what Qt shows."""
    cursor = field.textCursor()
    cursor.setPosition(field.document_position(index))
    left = field.cursorRect(cursor)
    cursor.setPosition(field.document_position(index + 1))
    right = field.cursorRect(cursor)
    pos = QPoint((left.x() + right.x()) // 2, left.center().y())
    event = QHelpEvent(QHelpEvent.Type.ToolTip, pos, field.viewport().mapToGlobal(pos))
    QApplication.sendEvent(field.viewport(), event)
    # The tooltip is escaped rich text (gui/plain.py): read it as a person sees it.
    doc = QTextDocument()
    doc.setHtml(QToolTip.text())
    return doc.toPlainText()


def _grammar_lines(tip: str) -> list[str]:
    lines = tip.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Grammar under"))
    return [line.strip() for line in lines[start + 1 :] if line.startswith("  ")]


# Showing a tooltip on the offscreen platform warns that it cannot raise the tip window.
@pytest.mark.qt_log_ignore("does not support raise", "propagateSizeHints")
def test_hover_host_port_percent_under_two_editions(qtbot: QtBot, window: MainWindow) -> None:
    """RFC 3986 §3.2.2/§3.2.3/§2.1 rules, then RFC 2396 §3.2.2/§2.4.1 ones, innermost first."""
    field = window.findChild(UriField, "uriField")
    assert field is not None
    host, port, pct = HOVERED.index("ample"), HOVERED.index("8080") + 1, HOVERED.index("%7B") + 1

    _load(qtbot, window, HOVERED, "rfc3986")
    tip = _hover(field, host)
    assert "Grammar under RFC 3986" in tip
    assert _grammar_lines(tip) == [
        'unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~" — RFC 3986 §2.3',
        "reg-name = *( unreserved / pct-encoded / sub-delims ) — RFC 3986 §3.2.2",
        "host = IP-literal / IPv4address / reg-name — RFC 3986 §3.2.2",
    ]
    assert _grammar_lines(_hover(field, port))[-1] == "port = *DIGIT — RFC 3986 §3.2.3"
    pct_lines = _grammar_lines(_hover(field, pct))
    assert pct_lines[0] == 'pct-encoded = "%" HEXDIG HEXDIG — RFC 3986 §2.1'
    assert pct_lines[-1] == 'path-abempty = *( "/" segment ) — RFC 3986 §3.3'

    _load(qtbot, window, HOVERED, "rfc2396")
    tip = _hover(field, host)
    assert "Grammar under RFC 2396" in tip
    lines = _grammar_lines(tip)
    assert lines[-1] == "host = hostname | IPv4address — RFC 2396 §3.2.2"
    assert 'hostname = *( domainlabel "." ) toplabel [ "." ] — RFC 2396 §3.2.2' in lines
    assert not any("RFC 3986" in line for line in lines)
    assert _grammar_lines(_hover(field, port))[-1] == "port = *digit — RFC 2396 §3.2.2"
    assert _grammar_lines(_hover(field, pct))[0] == 'escaped = "%" hex hex — RFC 2396 §2.4.1'


@pytest.mark.qt_log_ignore("does not support raise", "propagateSizeHints")
def test_hover_astral_character_maps_through_offsets(qtbot: QtBot, window: MainWindow) -> None:
    """After an astral character (two UTF-16 units) the hovered rule is still the right
    character's: the port digit after 😀 in the host is a port."""
    field = window.findChild(UriField, "uriField")
    assert field is not None
    text = "http://\U0001F600x:81/"
    _load(qtbot, window, text)
    assert _grammar_lines(_hover(field, text.index("81")))[-1].startswith("port = *DIGIT")


def test_explain_pane_for_the_section_7_5_example(qtbot: QtBot, window: MainWindow) -> None:
    """One sentence per component; clicking the host sentence selects the host."""
    window.docks["explain"].raise_()
    _load(qtbot, window, SEC75)
    pane = window.panes["explain"]
    assert isinstance(pane, ExplainPane)
    qtbot.waitUntil(lambda: bool(pane.sentences()), timeout=10000)
    sentences = pane.sentences()
    assert sentences[0].startswith("This is an absolute URI")
    assert any(s.startswith("The scheme is ftp") for s in sentences)
    host = next(s for s in sentences if s.startswith("The host 10.0.0.1 is an IPv4 address"))
    assert any("'cnn.example.com&story=breaking_news'" in s and "user name" in s
               for s in sentences)
    assert any("This link goes to 10.0.0.1" in s for s in sentences)
    row = next(i for i in range(pane.view.count()) if pane.view.item(i).text() == host)
    item = pane.view.item(row)
    assert "IPv4address = dec-octet" in item.toolTip()
    pane.view.scrollToItem(item)
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        rect = pane.view.visualItemRect(item)
        qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    start = SEC75.index("10.0.0.1")
    assert blocker.args == [start, start + len("10.0.0.1")]
    field = window.findChild(UriField, "uriField")
    assert field is not None and field._selection == (start, start + 8)
    notes = [pane.view.item(i).text() for i in range(pane.view.count())]
    assert "Under other editions" in notes
    assert any(n.startswith("In the 1993 draft's BNF only telnet addresses have a user")
               for n in notes)


def test_editions_pane_ipv6_literal(qtbot: QtBot, window: MainWindow) -> None:
    """http://[::1]/ is invalid before 2003 (RFC 2396 §2.4.3 unwise), valid after."""
    window.docks["editions"].raise_()
    _load(qtbot, window, "http://[::1]/")
    pane = window.panes["editions"]
    assert isinstance(pane, EditionsPane)
    qtbot.waitUntil(lambda: bool(pane.verdicts()), timeout=10000)
    assert pane.verdicts() == {
        "draft-1993": False, "rfc1738": False, "rfc1808": False, "draft-1997": False,
        "rfc2396": False, "draft-2003": True, "rfc3986": True, "whatwg": True,
    }
    view = pane.view
    assert view.topLevelItemCount() == 8
    # RFC 3986 and the browser first, seen without scrolling; then the history
    assert view.topLevelItem(0).text(COL_EDITION).startswith("RFC 3986")
    assert view.topLevelItem(1) is pane.item_of("whatwg")
    assert [view.topLevelItem(i) for i in range(2, 8)] == [
        pane.item_of(e)
        for e in ("draft-1993", "rfc1738", "rfc1808", "draft-1997", "rfc2396", "draft-2003")
    ]
    rfc2396 = pane.item_of("rfc2396")
    assert rfc2396 is not None
    assert rfc2396.text(COL_VERDICT) == "invalid"
    assert not rfc2396.icon(COL_VERDICT).isNull()
    assert "unwise" in rfc2396.text(2)
    assert "[ excluded-unwise" in rfc2396.text(COL_CLASSES)
    assert "[ gen-delim" in _item(pane, "rfc3986").text(COL_CLASSES)
    assert _item(pane, "whatwg").text(COL_BROWSER) == "http://[::1]/"
    view.scrollToItem(rfc2396)
    qtbot.wait(50)  # the wrapped rows are laid out again on the next turn
    view.scrollToItem(rfc2396)
    rect = view.visualItemRect(rfc2396)
    assert view.viewport().rect().contains(QPoint(rect.left() + 10, rect.center().y()))
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        pos = QPoint(rect.left() + 10, rect.center().y())
        qtbot.mouseClick(view.viewport(), Qt.MouseButton.LeftButton, pos=pos)
    assert blocker.args == [7, 8]


def test_editions_pane_tilde_and_brace(qtbot: QtBot, window: MainWindow) -> None:
    """'~' changes class (1993 variant → unreserved mark); '{' is excluded everywhere and
    percent-encoded by the browser."""
    window.docks["editions"].raise_()
    text = "http://example.com/~user/{x}"
    _load(qtbot, window, text)
    pane = window.panes["editions"]
    assert isinstance(pane, EditionsPane)
    qtbot.waitUntil(lambda: pane.view.topLevelItemCount() == 8
                    and "~" in _item(pane, "draft-1993").text(COL_CLASSES), timeout=10000)
    assert "~ variant" in _item(pane, "draft-1993").text(COL_CLASSES)
    assert "~ national" in _item(pane, "rfc1738").text(COL_CLASSES)  # RFC 1738 §5
    assert "~ national" in _item(pane, "rfc1808").text(COL_CLASSES)  # RFC 1808 §2.2
    assert "~ mark" in _item(pane, "rfc2396").text(COL_CLASSES)
    assert "~ unreserved" in _item(pane, "rfc3986").text(COL_CLASSES)
    classed = [e for e in pane.verdicts() if e != "whatwg"]
    assert all("{" not in _item(pane, e).text(COL_CLASSES) for e in classed)
    assert {e: _item(pane, e).text(COL_VERDICT) for e in pane.verdicts()} == {
        "draft-1993": "invalid", "rfc1738": "not allowed", "rfc1808": "not allowed",
        "draft-1997": "invalid", "rfc2396": "invalid", "draft-2003": "invalid",
        "rfc3986": "invalid", "whatwg": "valid",
    }
    assert _item(pane, "whatwg").text(COL_BROWSER) == "http://example.com/~user/%7Bx%7D"


def test_editions_headers_are_never_cut_at_1024_by_640(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    """Issue 15 item 9: "Character classes that di…" was cut in the 600-pixel dock; every
    header section is now at least as wide as its text, the long one on two lines."""
    assert window.width() == 1024 and window.height() == 640
    window.docks["editions"].raise_()
    _load(qtbot, window, "http://a/~user/a+b?x={1}#f")
    pane = window.panes["editions"]
    assert isinstance(pane, EditionsPane)
    qtbot.waitUntil(lambda: pane.view.topLevelItemCount() == 8, timeout=10000)
    qtbot.wait(50)
    header = pane.view.header()
    assert pane.view.headerItem().text(COL_CLASSES) == "Character classes\nthat differ"
    metrics = header.fontMetrics()
    for column in range(header.count()):
        text = pane.view.headerItem().text(column)
        widest = max(metrics.horizontalAdvance(line) for line in text.split("\n"))
        assert header.sectionSize(column) >= widest, (text, header.sectionSize(column))
        assert header.sectionSize(column) >= header.sectionSizeHint(column), text
    rows = {pane.view.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): i for i in range(8)}
    assert rows["rfc1738"] < rows["rfc1808"] < rows["draft-1997"]
    out = Path(os.environ.get("URIINSPECTOR_SHOTS", tmp_path))
    window.grab().save(str(out / "editions-1024x640.png"))
