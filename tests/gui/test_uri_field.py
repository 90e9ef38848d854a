"""The URI field: colours as you type, chips for hidden characters, exact text back."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QMimeData, Qt
from PySide6.QtGui import QFont, QTextCharFormat, QTextCursor
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.field.chips import OBJECT_REPLACEMENT, is_chip_char, visible_text
from uriinspector.gui.field.widget import UriField

MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"


@pytest.fixture
def field(qtbot: QtBot) -> UriField:
    widget = UriField()
    widget.uriChanged.connect(lambda text: widget.show_analysis(analyze(text)))
    qtbot.addWidget(widget)
    widget.resize(700, widget.height())
    return widget


def _format_at(field: UriField, doc_pos: int) -> QTextCharFormat | None:
    for pos, length, fmt in field._highlighter.ranges:
        if pos <= doc_pos < pos + length:
            return fmt
    return None


def test_typing_colours_every_component(field: UriField, qtbot: QtBot) -> None:
    qtbot.keyClicks(field, "http://user@example.com:8080/p?q=1#f")
    assert field.uri() == "http://user@example.com:8080/p?q=1#f"
    text = field.uri()
    colours = set()
    for part in ("http", "user", "example.com", "8080", "/p", "q=1", "f"):
        fmt = _format_at(field, field.document_position(text.index(part)))
        assert fmt is not None, part
        colours.add(fmt.foreground().color().name())
    assert len(colours) == 7  # one colour per component
    host = _format_at(field, field.document_position(text.index("example.com")))
    assert host is not None
    # colour is never the only cue: the host is bold and underlined
    assert host.fontWeight() == QFont.Weight.Bold
    assert host.underlineStyle() != QTextCharFormat.UnderlineStyle.NoUnderline


def test_delimiters_are_dimmed(field: UriField) -> None:
    field.set_uri("http://h/p?q#f")
    dim = _format_at(field, field.document_position(4))  # ":"
    scheme = _format_at(field, 0)
    assert dim is not None and scheme is not None
    assert dim.foreground().color() != scheme.foreground().color()
    assert dim.fontWeight() != QFont.Weight.Bold


def test_misleading_userinfo_is_struck_through_on_red(field: UriField) -> None:
    field.set_uri(MISLEADING)
    fmt = _format_at(field, field.document_position(MISLEADING.index("story")))
    assert fmt is not None
    assert fmt.fontStrikeOut()
    bg = fmt.background().color()
    assert bg.red() > bg.green() and bg.red() > bg.blue()
    host = _format_at(field, field.document_position(MISLEADING.index("10.0.0.1")))
    assert host is not None and not host.fontStrikeOut()


def test_tooltip_names_the_component_under_the_mouse(field: UriField) -> None:
    field.set_uri(MISLEADING)
    tip = field.describe(MISLEADING.index("10.0.0.1") + 1)
    assert tip.startswith("host")
    assert "10.0.0.1" in tip
    assert "userinfo" in field.describe(MISLEADING.index("story"))
    assert "misleading-userinfo" in field.describe(MISLEADING.index("story"))


RLO = "http://example.com/\u202egnp.exe"


def test_rlo_is_a_chip_and_nothing_is_reordered(field: UriField, qtbot: QtBot) -> None:
    field.set_uri(RLO)
    field.show()
    qtbot.waitExposed(field)
    assert field.uri() == RLO
    doc_text = field.toPlainText()
    assert "\u202e" not in doc_text  # the layout never sees the override
    assert doc_text.count(OBJECT_REPLACEMENT) == 1
    # Visual order is logical order: every next position is further right.
    xs = []
    for pos in range(len(doc_text) + 1):
        cursor = QTextCursor(field.document())
        cursor.setPosition(pos)
        xs.append(field.cursorRect(cursor).x())
    assert xs == sorted(xs) and len(set(xs)) == len(xs)
    assert field.grab().width() > 0


def test_pasted_newline_and_tab_are_kept_as_chips(field: UriField) -> None:
    data = QMimeData()
    data.setText("http://h/a\nb\tc\r\n")
    field.insertFromMimeData(data)
    assert field.uri() == "http://h/a\nb\tc\r\n"
    assert field.document().blockCount() == 1
    assert field.toPlainText().count(OBJECT_REPLACEMENT) == 4


def test_enter_never_inserts_a_newline(field: UriField, qtbot: QtBot) -> None:
    qtbot.keyClicks(field, "http://h/")
    with qtbot.waitSignal(field.returnPressed, timeout=1000):
        qtbot.keyClick(field, Qt.Key.Key_Return)
    assert field.uri() == "http://h/"
    assert field.document().blockCount() == 1


def test_typing_after_a_chip_is_plain_text(field: UriField, qtbot: QtBot) -> None:
    field.set_uri("http://h/\u200b")
    cursor = field.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    field.setTextCursor(cursor)
    qtbot.keyClicks(field, "xyz")
    assert field.uri() == "http://h/\u200bxyz"


def test_copy_gives_the_real_characters(field: UriField) -> None:
    field.set_uri("http://h/\u202ex\U0001f600y")
    field.selectAll()
    assert field.createMimeDataFromSelection().text() == "http://h/\u202ex\U0001f600y"


def test_backspace_deletes_a_chip_as_one_character(field: UriField, qtbot: QtBot) -> None:
    field.set_uri("http://h/\u202e")
    cursor = field.textCursor()
    cursor.movePosition(QTextCursor.MoveOperation.End)
    field.setTextCursor(cursor)
    qtbot.keyClick(field, Qt.Key.Key_Backspace)
    assert field.uri() == "http://h/"


@pytest.mark.parametrize(
    "text",
    [
        "http://\U0001f600.example/x",
        "http://us\U0001f600er@host.example/p\U0001f600th?q=\U0001f600#\U0001f600",
        "http://h/\U000e0041\u202e\U0001f600/x?y",
    ],
    ids=["emoji-before-host", "emoji-userinfo-path", "tag-chip-and-emoji"],
)
def test_component_spans_land_on_the_right_characters(field: UriField, text: str) -> None:
    """Each component's converted span covers exactly that component in the widget."""
    field.set_uri(text)
    a = analyze(text)
    for _name, span in a.parsed.split.component_spans():
        start = field.document_position(span.start)
        end = field.document_position(span.end)
        assert field._document_text(start, end) == span.of(text)
        for i in range(span.start, span.end + 1):
            assert field.code_point_at(field.document_position(i)) == i


def test_chip_classes() -> None:
    for ch in "\u202e\u200b\n\t\x00\x7f\u00a0\ufeff\U000e0041\ufffc\u2028":
        assert is_chip_char(ch), repr(ch)
    for ch in "a:/?#[]@!$&'()*+,;=%-._~ \u00e4\u4e2d\U0001f600":
        assert not is_chip_char(ch), repr(ch)
    assert visible_text("a\u202eb") == "a⟨U+202E⟩b"


def test_highlight_span_marks_the_selection(field: UriField) -> None:
    field.set_uri(MISLEADING)
    start = MISLEADING.index("top_story")
    field.highlight_span(start, start + 3)
    fmt = _format_at(field, field.document_position(start + 1))
    assert fmt is not None and fmt.background().style() != Qt.BrushStyle.NoBrush
