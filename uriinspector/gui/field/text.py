"""The field's exact text: what is shown of it, and the characters behind the chips.

A pasted newline or tab stays part of the text (they are part of attacks) as a chip,
without breaking the single line; ``document_text`` gives back the real characters,
chips expanded, so ``uri()`` and copying see exactly what was offered. Code-point
spans become document positions only through ``gui/offsets.py``.
"""

from __future__ import annotations

from collections.abc import Iterator

from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument

from uriinspector.core.hidden import hidden_positions
from uriinspector.gui.field.chips import (
    CHIP_CODE_POINT,
    CHIP_TYPE,
    OBJECT_REPLACEMENT,
    char_name,
    is_chip_char,
)
from uriinspector.gui.offsets import OffsetTable

#: Inputs longer than this many code points are shown truncated and read-only.
DISPLAY_LIMIT = 32768
#: How much of such an input is shown: its start (scheme, authority: where the link
#: goes). Laying out and painting 32,768 characters took 50-100 ms per paste, and
#: 4,096 emoji or combining marks 150-370 ms (text shaping), so 1,024 are shown.
SHOWN_WHEN_TRUNCATED = 1024
#: At most this many chips are shown: Qt sizes and paints each through Python on every
#: relayout (8,000 bidi controls took 1.3 s to load and 1.7 s per keystroke). An input
#: with more is shown up to its 65th chip, read-only, like a too-long one.
CHIP_LIMIT = 64


def display_cut(text: str) -> int | None:
    """How many code points of ``text`` the field shows (None: all of it, editable)."""
    end = SHOWN_WHEN_TRUNCATED if len(text) > DISPLAY_LIMIT else len(text)
    for n, at in enumerate(hidden_positions(text, 0, end), 1):
        if n > CHIP_LIMIT:
            return at
    return end if end < len(text) else None


def offset_table(text: str) -> OffsetTable:
    """Code points <-> document positions of ``text`` as shown (a chip is one unit)."""
    return OffsetTable(text, single_unit=is_chip_char)


def chip_runs(text: str) -> Iterator[tuple[int, int]]:
    """``(start, end)`` of each run of one repeated hidden character in ``text``."""
    run_start = run_end = -1
    for i in hidden_positions(text):
        if i == run_end and text[i] == text[run_start]:
            run_end = i + 1
            continue
        if run_start >= 0:
            yield run_start, run_end
        run_start, run_end = i, i + 1
    if run_start >= 0:
        yield run_start, run_end


def chip_format(code_point: int, tooltip: str) -> QTextCharFormat:
    """The format of a chip standing for ``code_point`` (negative: "more not shown")."""
    fmt = QTextCharFormat()
    fmt.setObjectType(CHIP_TYPE)
    fmt.setProperty(CHIP_CODE_POINT, code_point)
    fmt.setToolTip(tooltip)
    return fmt


def insert_text(cursor: QTextCursor, text: str) -> None:
    """Insert ``text`` at ``cursor``: plain runs as text, chip characters as chips."""
    plain = QTextCharFormat()
    cursor.beginEditBlock()
    try:
        pos = 0
        for start, end in chip_runs(text):
            if start > pos:
                cursor.insertText(text[pos:start], plain)
            fmt = chip_format(ord(text[start]), char_name(ord(text[start])))
            # A run of the same character is one insertion of as many chips.
            cursor.insertText(OBJECT_REPLACEMENT * (end - start), fmt)
            pos = end
        if pos < len(text) or not text:
            cursor.insertText(text[pos:], plain)
    finally:
        cursor.endEditBlock()


def document_text(doc: QTextDocument, start: int = 0, end: int | None = None) -> str:
    """The real characters of ``doc`` between two document positions."""
    out: list[str] = []
    block = doc.begin()
    while block.isValid():
        text = block.text()
        # Format ranges are in UTF-16 units; the block's text is a Python str.
        units = OffsetTable(text)
        bpos = block.position()
        for rng in block.textFormats():
            s = bpos + rng.start
            e = s + rng.length
            lo = max(s, start)
            hi = e if end is None else min(e, end)
            if lo >= hi:
                continue
            if rng.format.objectType() == CHIP_TYPE:
                cp = int(rng.format.property(CHIP_CODE_POINT))
                if cp >= 0:  # a negative code point is the "more not shown" marker
                    out.append(chr(cp) * (hi - lo))
            else:
                a = units.to_code_point(lo - bpos)
                b = units.to_code_point(hi - bpos)
                out.append(text[a:b])
        block = block.next()
    return "".join(out)
