"""The field's chips: one box drawn in place of each hidden character.

Controls, bidi controls and invisible characters are never given to the text layout:
each one is stored in the document as a single U+FFFC object replacement character
carrying the real code point, and drawn in place as a chip (``⟨U+202E⟩``, the marker
of ``core/hidden.py``, as in every output). So a right-to-left override cannot reorder
the line and a zero-width space cannot hide.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QRect, QRectF, QSizeF
from PySide6.QtGui import QFont, QFontMetricsF, QPyTextObject, QTextDocument, QTextFormat
from PySide6.QtWidgets import QTextEdit

from uriinspector.core.hidden import hidden_name, is_hidden, marker, reveal
from uriinspector.gui.theme import Theme

if TYPE_CHECKING:
    from PySide6.QtGui import QPainter

#: The custom object type of a chip, and the property holding its code point.
CHIP_TYPE = int(QTextFormat.ObjectTypes.UserObject) + 1
CHIP_CODE_POINT = int(QTextFormat.Property.UserProperty) + 1
OBJECT_REPLACEMENT = "\ufffc"

#: Whether a character is drawn as a chip instead of being laid out as text: the one
#: table of hidden characters every output uses (``core/hidden.py``; U+FFFC is in it,
#: so every U+FFFC in the document is a chip).
is_chip_char = is_hidden


def chip_label(code_point: int) -> str:
    """The text drawn in a chip: the marker every output uses (``⟨U+202E⟩``); a negative
    code point stands for the characters of a long input that are not shown."""
    if code_point < 0:
        return f"⟨… {-code_point:,} more characters not shown⟩"
    return marker(chr(code_point))


def char_name(code_point: int) -> str:
    """The name of a code point for a tooltip (``core/hidden.py``)."""
    return hidden_name(chr(code_point))


def visible_text(text: str, limit: int = 300) -> str:
    """``text`` with every chip character written as ``⟨U+XXXX⟩``, cut at ``limit``."""
    return reveal(text[:limit]) + ("…" if len(text) > limit else "")


class ChipObject(QPyTextObject):
    """Draws one chip: a rounded box with the code point, in place of the character.

    Qt calls ``intrinsicSize`` for every chip on every relayout of the line (about 18
    times per chip per keystroke) and ``drawObject`` for every chip of the line on each
    paint, through Python: the font, labels and sizes are made once per font and kept
    (``reset`` drops them), and ``text.CHIP_LIMIT`` bounds how many chips a line holds.
    """

    def __init__(self, field: QTextEdit, theme: Callable[[], Theme]) -> None:
        """``field`` gives the font; ``theme`` the field's current colours."""
        super().__init__(field)
        self._field = field
        self._theme = theme
        self._small: QFont | None = None
        self._sizes: dict[int, QSizeF] = {}
        self._labels: dict[int, str] = {}

    def reset(self) -> None:
        """Forget the cached font and sizes (the field's font changed)."""
        self._small = None
        self._sizes.clear()
        self._labels.clear()

    def _font(self) -> QFont:
        if self._small is None:
            font = QFont(self._field.font())
            font.setPointSizeF(max(5.0, font.pointSizeF() * 0.72))
            font.setBold(True)
            self._small = font
        return self._small

    def _label(self, cp: int) -> str:
        label = self._labels.get(cp)
        if label is None:
            if len(self._labels) > 4096:  # bounded: one entry per distinct code point
                self._labels.clear()
            label = self._labels[cp] = chip_label(cp)
        return label

    def intrinsicSize(
        self, doc: QTextDocument, pos: int, fmt: QTextFormat
    ) -> QSizeF:
        """Width of the label plus padding; the height of the field's own line."""
        cp = int(fmt.property(CHIP_CODE_POINT))
        size = self._sizes.get(cp)
        if size is None:
            if len(self._sizes) > 4096:
                self._sizes.clear()
            small = QFontMetricsF(self._font())
            line = QFontMetricsF(self._field.font())
            size = QSizeF(small.horizontalAdvance(self._label(cp)) + 4.0, line.height())
            self._sizes[cp] = size
        return size

    def drawObject(
        self,
        painter: QPainter,
        rect: QRectF | QRect,
        doc: QTextDocument,
        pos: int,
        fmt: QTextFormat,
    ) -> None:
        """Paint the chip's box and its ``⟨U+XXXX⟩`` label."""
        from PySide6.QtGui import QPainter  # its enum types: not before the first paint

        theme = self._theme()
        cp = int(fmt.property(CHIP_CODE_POINT))
        painter.save()
        box = QRectF(rect).adjusted(1.0, 2.0, -1.0, -2.0)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
        painter.setPen(theme.chip_fg)
        painter.setBrush(theme.chip_bg)
        painter.drawRoundedRect(box, 3.0, 3.0)
        painter.setFont(self._font())
        from PySide6.QtCore import Qt  # not at import: see UriField.finish_setup

        painter.drawText(box, int(Qt.AlignmentFlag.AlignCenter), self._label(cp))
        painter.restore()
