"""Foreign letters marked in the field and named in the finding (issue 15 item 3).

"google.com reads as google.com" showed nothing of which letters were foreign. The
confusable-host finding now names each one with its code-point span, and the URI field
marks exactly those letters (a wavy underline on a red tint) with a plain-text tooltip
naming the letter. Core spans are code points; the emoji before the host checks that the
field converts them through ``gui/offsets.py`` (an emoji is two UTF-16 units).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from PySide6.QtGui import QColor, QPalette, QTextCharFormat
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.field.widget import UriField
from uriinspector.gui.plain import plain_tooltip
from uriinspector.gui.theme import theme_for

# U+1F600 in the user name, then a host with CYRILLIC SMALL LETTER A and O (UTS #39).
URI = "http://\U0001f600@\u0430pple-g\u043e\u043egle.com/"
FOREIGN = {9: "CYRILLIC SMALL LETTER A", 16: "CYRILLIC SMALL LETTER O",
           17: "CYRILLIC SMALL LETTER O"}


def _format_at(field: UriField, doc_pos: int) -> QTextCharFormat | None:
    for pos, length, fmt in field._highlighter.ranges:
        if pos <= doc_pos < pos + length:
            return fmt
    return None


def _field(qtbot: QtBot, palette: QPalette | None = None) -> UriField:
    field = UriField()
    qtbot.addWidget(field)
    if palette is not None:
        field.setPalette(palette)
        field.theme = theme_for(palette)
    field.resize(760, field.height())
    field.set_uri(URI)
    field.show_analysis(analyze(URI))
    return field


def _dark() -> QPalette:
    palette = QPalette(QApplication.palette())
    for role, colour in (
        (QPalette.ColorRole.Base, "#1e1e1e"), (QPalette.ColorRole.Window, "#2b2b2b"),
        (QPalette.ColorRole.Text, "#e6e6e6"), (QPalette.ColorRole.WindowText, "#e6e6e6"),
    ):
        palette.setColor(role, QColor(colour))
    return palette


def test_the_finding_names_each_foreign_letter_with_its_span() -> None:
    [f] = [f for f in analyze(URI).findings if f.code == "confusable-host"]
    assert {letter.span.start: letter.name for letter in f.letters} == FOREIGN
    assert all(letter.span.end == letter.span.start + 1 for letter in f.letters)
    assert all(URI[letter.span.start] == letter.char for letter in f.letters)
    assert (
        "the `а` at code point 9 is CYRILLIC SMALL LETTER A, looks like LATIN SMALL LETTER A"
        in f.message
    )
    assert "the `о` at code points 16, 17 is CYRILLIC SMALL LETTER O" in f.message
    assert "letters" not in f.to_json()  # the contract's finding object is unchanged


def test_punycode_letters_point_at_their_label() -> None:
    [f] = [f for f in analyze("https://xn--pple-43d.com/").findings
           if f.code == "confusable-host"]
    [letter] = f.letters
    assert (letter.char, letter.literal) == ("а", False)
    assert (letter.span.start, letter.span.end) == (8, 20)  # xn--pple-43d
    assert "encoded at code points 8–20" in f.message


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_the_field_marks_exactly_the_foreign_letters(
    qtbot: QtBot, dark: bool, tmp_path: Path
) -> None:
    field = _field(qtbot, _dark() if dark else None)
    theme = field.theme
    assert theme.dark == dark
    host_start = URI.index("@") + 1
    for index in range(host_start, URI.index("/", host_start)):
        pos = field.document_position(index)
        fmt = _format_at(field, pos)
        assert fmt is not None
        marked = fmt.underlineStyle() == QTextCharFormat.UnderlineStyle.WaveUnderline
        assert marked == (index in FOREIGN), (index, URI[index])
        if marked:
            assert fmt.background().color() == theme.danger
            assert fmt.foreground().color() == theme.base
    # the emoji takes two UTF-16 units: the letter at code point 9 is document position 10
    assert field.document_position(9) == 10
    out = Path(os.environ.get("URIINSPECTOR_SHOTS", tmp_path))
    field.grab().save(str(out / f"foreign-letters-{'dark' if dark else 'light'}.png"))


def test_the_tooltip_names_the_letter_as_plain_text(qtbot: QtBot) -> None:
    field = _field(qtbot)
    tip = field.describe(9)
    assert "'а' is CYRILLIC SMALL LETTER A (U+0430), looks like LATIN SMALL LETTER A" in tip
    assert "Foreign letter" not in field.describe(10)  # the Latin p is not foreign
    shown = plain_tooltip(tip)
    assert shown.startswith("<p style='white-space:pre-wrap'>")  # escaped, never markup
