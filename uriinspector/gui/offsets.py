"""The one place where code-point offsets become Qt string positions, and back.

The core speaks code points (``Span``, end exclusive, into a Python ``str``); Qt
speaks UTF-16 code units, where an astral character (U+10000 and above: emoji,
tag characters) takes two units. The URI field also shows some characters as a
one-unit chip (an object replacement character, see ``gui/field/chips.py``), so a table
may be told which code points occupy exactly one unit whatever their plane.

A table is built once per text in O(n) and answers each lookup in O(log k), k being
the number of code points whose width is not 1 (usually none: then lookups are O(1)).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Callable

#: A predicate: whether this character is drawn as a single unit (a chip).
ChipPredicate = Callable[[str], bool]


def _utf16_width(ch: str) -> int:
    return 2 if ord(ch) > 0xFFFF else 1


class OffsetTable:
    """Code point ↔ UTF-16 (or widget) position table for one text.

    ``single_unit`` says which characters occupy one unit regardless of their plane
    (the field's chips); by default every astral character takes two units, as in
    a ``QString``.
    """

    __slots__ = ("_cp_wide", "_length", "_u16_length", "_u16_wide", "text")

    def __init__(self, text: str, single_unit: ChipPredicate | None = None) -> None:
        self.text = text
        self._length = len(text)
        # Fast paths: most URIs are ASCII (``isascii`` is O(1) in CPython) or BMP-only.
        wide: list[int] = []
        if text and not text.isascii() and max(text) > "\uffff":
            for i, ch in enumerate(text):
                if ord(ch) > 0xFFFF and (single_unit is None or not single_unit(ch)):
                    wide.append(i)
        #: Code-point indexes of characters that take two units, ascending.
        self._cp_wide: tuple[int, ...] = tuple(wide)
        #: Unit positions where those characters start, ascending.
        self._u16_wide: tuple[int, ...] = tuple(i + n for n, i in enumerate(wide))
        self._u16_length = self._length + len(wide)

    @property
    def utf16_length(self) -> int:
        """The text's length in units."""
        return self._u16_length

    def to_utf16(self, index: int) -> int:
        """The unit position of code point ``index`` (``len(text)`` maps to the end).

        Out-of-range indexes are clamped to ``[0, len(text)]``.
        """
        index = max(0, min(index, self._length))
        if not self._cp_wide:
            return index
        return index + bisect_left(self._cp_wide, index)

    def to_code_point(self, position: int) -> int:
        """The code point at unit ``position``; the second half of a pair maps to its char.

        Out-of-range positions are clamped to ``[0, utf16_length]``.
        """
        position = max(0, min(position, self._u16_length))
        if not self._u16_wide:
            return position
        # Wide characters wholly before `position` each add one extra unit.
        before = bisect_right(self._u16_wide, position - 2)
        cp = position - before
        # `position` may fall on the low surrogate of a wide char: that is the char.
        k = bisect_right(self._u16_wide, position - 1)
        if k > before:
            cp = self._cp_wide[k - 1]
        return cp

    def span_to_utf16(self, start: int, end: int) -> tuple[int, int]:
        """A code-point span ``[start, end)`` as ``(position, length)`` in units."""
        s = self.to_utf16(start)
        e = self.to_utf16(end)
        return s, max(0, e - s)


def utf16_length(text: str) -> int:
    """The length of ``text`` in UTF-16 units (what ``QString.size()`` returns)."""
    return OffsetTable(text).utf16_length
