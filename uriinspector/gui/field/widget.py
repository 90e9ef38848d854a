"""The URI field: one line of monospace text, every component coloured as you type.

The field only renders what the core computed (an ``Analysis``): component spans,
delimiters and findings become character formats painted by a ``QSyntaxHighlighter``.

Controls, bidi controls and invisible characters are never given to the text layout:
each one is stored in the document as a single U+FFFC object replacement character
carrying the real code point, and drawn in place as a chip (``⟨U+202E⟩``, the marker
of ``core/hidden.py``, as in every output). So a right-to-left override cannot reorder
the line, a zero-width space cannot hide, and a pasted newline or tab stays part of
the text (they are part of attacks) without breaking the single line. ``uri()`` gives
back the exact text, chips expanded, and copying from the field copies the real
characters.

A letter of another script that reads as a Latin one (``Finding.letters``: the ``а`` of
``аpple.com``) is marked with a wavy underline on a red tint, and hovering it names it.

Code-point spans become document positions only through ``gui/offsets.py``.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QPoint, QRect, QRectF, QSizeF, Signal
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPyTextObject,
    QSyntaxHighlighter,
    QTextCharFormat,
    QTextCursor,
    QTextDocument,
    QTextFormat,
    QTextOption,
)
from PySide6.QtWidgets import QApplication, QFrame, QTextEdit, QToolTip, QWidget

from uriinspector.core.hidden import hidden_name, hidden_positions, is_hidden, marker, reveal
from uriinspector.gui.intake import intake
from uriinspector.gui.offsets import OffsetTable
from uriinspector.gui.plain import plain_tooltip
from uriinspector.gui.theme import COMPONENT_LABELS, Theme, current_theme

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.split import Delimiter

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


def _chip_runs(text: str) -> Iterator[tuple[int, int]]:
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


def _table(text: str) -> OffsetTable:
    return OffsetTable(text, single_unit=is_chip_char)


class ChipObject(QPyTextObject):
    """Draws one chip: a rounded box with the code point, in place of the character.

    Qt calls ``intrinsicSize`` for every chip on every relayout of the line (about 18
    times per chip per keystroke) and ``drawObject`` for every chip of the line on each
    paint, through Python: the font, labels and sizes are made once per font and kept
    (``reset`` drops them), and ``CHIP_LIMIT`` bounds how many chips a line holds.
    """

    def __init__(self, field: UriField) -> None:
        super().__init__(field)
        self._field = field
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
        theme = self._field.theme
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


class UriHighlighter(QSyntaxHighlighter):
    """Paints precomputed ``(position, length, format)`` ranges (document positions)."""

    def __init__(self, document: QTextDocument) -> None:
        super().__init__(document)
        self.ranges: list[tuple[int, int, QTextCharFormat]] = []

    def highlightBlock(self, text: str) -> None:
        """Apply the ranges that fall in the current block."""
        block = self.currentBlock()
        start = block.position()
        end = start + len(text) + 1
        for pos, length, fmt in self.ranges:
            if pos + length <= start or pos >= end:
                continue
            self.setFormat(pos - start, length, fmt)


Layer = Sequence[tuple[int, int, QTextCharFormat]]


def flatten_layers(layers: Iterable[Layer]) -> list[tuple[int, int, QTextCharFormat]]:
    """Merge layered ``(start, end, format)`` ranges into disjoint ranges.

    Later layers are merged over earlier ones (a finding's background over a
    component's colour), so no cue is lost where they overlap.
    """
    events: list[tuple[int, int, int, QTextCharFormat]] = []  # (pos, order, kind, fmt)
    order = 0
    for layer in layers:
        for start, end, fmt in layer:
            if end > start:
                events.append((start, order, 1, fmt))
                events.append((end, order, 0, fmt))
                order += 1
    if not events:
        return []
    bounds = sorted({e[0] for e in events})
    starts: dict[int, list[tuple[int, QTextCharFormat]]] = {}
    ends: dict[int, list[int]] = {}
    for pos, o, kind, fmt in events:
        if kind:
            starts.setdefault(pos, []).append((o, fmt))
        else:
            ends.setdefault(pos, []).append(o)
    active: dict[int, QTextCharFormat] = {}
    out: list[tuple[int, int, QTextCharFormat]] = []
    for i, pos in enumerate(bounds):
        for o in ends.get(pos, ()):
            active.pop(o, None)
        for o, fmt in starts.get(pos, ()):
            active[o] = fmt
        if not active or i + 1 == len(bounds):
            continue
        nxt = bounds[i + 1]
        if len(active) == 1:
            merged = next(iter(active.values()))
        else:
            merged = QTextCharFormat()
            for o in sorted(active):
                merged.merge(active[o])
        out.append((pos, nxt, merged))
    return out


#: At most this many finding spans are painted (a megabyte can hold thousands).
MAX_PAINTED_FINDINGS = 400
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


def _delimiter_start(delimiter: Delimiter) -> int:
    return delimiter.span.start


def display_cut(text: str) -> int | None:
    """How many code points of ``text`` the field shows (None: all of it, editable)."""
    end = SHOWN_WHEN_TRUNCATED if len(text) > DISPLAY_LIMIT else len(text)
    for n, at in enumerate(hidden_positions(text, 0, end), 1):
        if n > CHIP_LIMIT:
            return at
    return end if end < len(text) else None


class UriField(QTextEdit):
    """A single-line, monospace, colour-coded URI editor that shows what is hidden.

    Signals:
        uriChanged(str): the exact text changed (typed, pasted, dropped or set).
        cursorMoved(int): the cursor moved to this code-point index.
        returnPressed(): Enter was pressed (the field never takes a newline).
    """

    # ``object``, not ``str``: a str signal goes through QString, which drops a lone
    # surrogate and fuses two into one astral character (issue 13 item 2).
    uriChanged = Signal(object)
    cursorMoved = Signal(int)
    returnPressed = Signal()
    #: (as pasted, as inspected): a pasted defanged link was refanged (core.defang).
    refanged = Signal(object, object)
    #: An ``intake.Intake`` the window should say something about: a file, an image,
    #: or a link list of which only the first link was taken.
    intakeNoted = Signal(object)

    def __init__(self, parent: QWidget | None = None, *, held: bool = False) -> None:
        """``held``: the caller runs ``finish_setup()`` after the first paint (app start)."""
        super().__init__(parent)
        self.setObjectName("uriField")
        self.setAccessibleName("uriField")
        self.setAccessibleDescription(
            "The URI to inspect. Each component is coloured; hidden characters show as chips."
        )
        self.setAcceptRichText(False)
        self.setLineWrapMode(QTextEdit.LineWrapMode.NoWrap)
        self.setWordWrapMode(QTextOption.WrapMode.NoWrap)
        self.setTabChangesFocus(True)
        self.setFrameShape(QFrame.Shape.StyledPanel)
        self.setMouseTracking(True)
        self.setPlaceholderText("Type or paste a URI…")
        self.theme: Theme = current_theme()
        self._text = ""
        self._table = _table("")
        self._analysis: Analysis | None = None
        self._selection: tuple[int, int] | None = None
        self._last_cursor = -1
        self._in_change = False
        self._large = False
        self._shown = 0  # code points shown when ``_large``
        self._pending_text: str | None = None
        self._font_scale = 1.0  # zoom × presentation emphasis (gui/zoom.py)
        self._chrome: float | None = None  # the height around the text line

        doc = self.document()
        option = doc.defaultTextOption()
        option.setWrapMode(QTextOption.WrapMode.NoWrap)
        doc.setDefaultTextOption(option)
        doc.setDocumentMargin(2.0)
        self._chips = ChipObject(self)
        doc.documentLayout().registerHandler(CHIP_TYPE, self._chips)
        # Connected before the highlighter exists, so a synchronous analysis triggered
        # by this change is in place when the highlighter repaints the same change.
        doc.contentsChange.connect(self._on_document_contents_change)
        self._highlighter = UriHighlighter(doc)
        self.cursorPositionChanged.connect(self._on_cursor_position_changed)
        self._apply_font()
        if not held:
            self.finish_setup()

    def finish_setup(self) -> None:
        """The settings that need the ``Qt`` namespace: no scroll bars, left to right.

        PySide6 creates the ~95 enum types of ``Qt`` on its first use (~15-35 ms), so a
        held field (app start) gets them just after the first paint; harmless twice.
        """
        from PySide6.QtCore import Qt

        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.setLayoutDirection(Qt.LayoutDirection.LeftToRight)
        doc = self.document()
        option = doc.defaultTextOption()
        option.setTextDirection(Qt.LayoutDirection.LeftToRight)
        doc.setDefaultTextOption(option)

    # ---- geometry and font --------------------------------------------------------
    def _apply_font(self) -> None:
        base = QApplication.font()
        font = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)
        size = base.pointSizeF() if base.pointSizeF() > 0 else 10.0
        font.setPointSizeF(size * 1.25 * self._font_scale)
        font.setStyleHint(QFont.StyleHint.Monospace)
        self.setFont(font)
        self.document().setDefaultFont(font)
        self._chips.reset()
        metrics = QFontMetricsF(font)
        if self._chrome is None:  # measured once: the frame grows when styled (polish)
            self._chrome = 2 * self.frameWidth() + 2 * self.document().documentMargin() + 8
        self.setFixedHeight(int(metrics.height() + self._chrome))

    def set_font_scale(self, scale: float) -> None:
        """Draw the text ``scale`` times its usual size (zoom, presentation mode);
        the colours, chips and the cursor's place stay as they were."""
        if scale != self._font_scale:
            self._font_scale = scale
            self._apply_font()

    def font_scale(self) -> float:
        """The factor ``set_font_scale`` set (1.0 by default)."""
        return self._font_scale

    def changeEvent(self, event: QEvent) -> None:
        """Follow font and palette changes of the system (text scales with it)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.theme = current_theme()
            if self._analysis is not None:
                self.show_analysis(self._analysis)
        elif event.type() == QEvent.Type.ApplicationFontChange:
            self._apply_font()

    # ---- the exact text -----------------------------------------------------------
    def uri(self) -> str:
        """The exact text in the field, every chip expanded to its character."""
        return self._text

    def _document_text(self, start: int = 0, end: int | None = None) -> str:
        """The real characters between two document positions."""
        doc = self.document()
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

    def _insert(self, cursor: QTextCursor, text: str) -> None:
        """Insert ``text`` at ``cursor``: plain runs as text, chip characters as chips."""
        plain = QTextCharFormat()
        cursor.beginEditBlock()
        try:
            pos = 0
            for start, end in _chip_runs(text):
                if start > pos:
                    cursor.insertText(text[pos:start], plain)
                fmt = QTextCharFormat()
                fmt.setObjectType(CHIP_TYPE)
                fmt.setProperty(CHIP_CODE_POINT, ord(text[start]))
                fmt.setToolTip(char_name(ord(text[start])))
                # A run of the same character is one insertion of as many chips.
                cursor.insertText(OBJECT_REPLACEMENT * (end - start), fmt)
                pos = end
            if pos < len(text) or not text:
                cursor.insertText(text[pos:], plain)
        finally:
            cursor.endEditBlock()

    def set_uri(self, text: str) -> None:
        """Replace the whole text (undoable), as if the user had typed it.

        A text longer than ``DISPLAY_LIMIT`` is kept whole (``uri()``, the analysis)
        but only its start is shown, read-only, followed by a chip saying how much is
        hidden: Qt lays out a line in one piece, and a megabyte-long line costs half
        a second per change and per repaint.
        """
        if text == self._text:
            return
        cut = display_cut(text)
        large = cut is not None
        self._large = large
        self._shown = len(text) if cut is None else cut
        self.setReadOnly(large)
        shown = text[: self._shown]
        cursor = QTextCursor(self.document())
        cursor.select(QTextCursor.SelectionType.Document)
        self._pending_text = text
        try:
            cursor.beginEditBlock()
            self._insert(cursor, shown)
            if large:
                fmt = QTextCharFormat()
                fmt.setObjectType(CHIP_TYPE)
                fmt.setProperty(CHIP_CODE_POINT, -(len(text) - self._shown))
                fmt.setToolTip("The rest of this long input is analysed but not shown here.")
                cursor.insertText(OBJECT_REPLACEMENT, fmt)
            cursor.endEditBlock()
        finally:
            self._pending_text = None
        # Show the start (scheme and authority: where the link goes), not the tail.
        start = QTextCursor(self.document())
        self.setTextCursor(start)
        self.horizontalScrollBar().setValue(0)

    @property
    def is_truncated(self) -> bool:
        """Whether only the start of a very long input is shown (read-only)."""
        return self._large

    def _on_document_contents_change(self, position: int, removed: int, added: int) -> None:
        if self._pending_text is not None:
            text = self._pending_text
        elif self._large:
            return  # read-only; undo of a large paste is not offered
        else:
            text = self._document_text()
        if text == self._text:
            return
        self._text = text
        self._table = _table(text[: self._shown] if self._large else text)
        self._selection = None
        self._in_change = True
        try:
            self.uriChanged.emit(text)
        finally:
            self._in_change = False

    # ---- input: no newlines, chips for controls -----------------------------------
    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Enter never inserts a newline; typed text goes through chip conversion."""
        from PySide6.QtCore import Qt  # not at import: see finish_setup

        key = event.key()
        if self._large and key in (Qt.Key.Key_Backspace, Qt.Key.Key_Delete):
            self.set_uri("")  # a long input is cleared as a whole
            event.accept()
            return
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter):
            event.accept()
            self.returnPressed.emit()
            return
        text = event.text()
        mods = event.modifiers()
        blocked = (
            Qt.KeyboardModifier.ControlModifier
            | Qt.KeyboardModifier.AltModifier
            | Qt.KeyboardModifier.MetaModifier
        )
        if (
            text
            and not (mods & blocked)
            and not self.isReadOnly()
            and all(ord(c) >= 0x20 and c != "\x7f" for c in text)
        ):
            cursor = self.textCursor()
            self._insert(cursor, text)
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
            event.accept()
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Paste and drop (through ``gui/intake/intake.py``): the exact characters offered,
        newlines and controls as chips; a defanged link refanged."""
        got = intake.from_mime(source)
        as_text = got.kind == "text" or (got.kind == "file" and not got.document)
        if as_text and not self.isReadOnly():
            text = got.text
            cursor = self.textCursor()
            replaced = False
            if len(text) > CHIP_LIMIT:
                # A paste that makes the line too long or too full of chips to lay out
                # replaces the text through set_uri, which shows only its start.
                lo = self._table.to_code_point(cursor.selectionStart())
                hi = self._table.to_code_point(cursor.selectionEnd())
                whole = self._text[:lo] + text + self._text[hi:]
                if display_cut(whole) is not None:
                    self.set_uri(whole)
                    replaced = True
            if not replaced:
                self._insert(cursor, text)
                self.setTextCursor(cursor)
                self.ensureCursorVisible()
            if got.refanged:
                self.refanged.emit(got.offered, got.text)
        if got.kind in ("file", "image") or got.more:
            self.intakeNoted.emit(got)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        """Accept what intake can take: text, links, files, images."""
        return intake.accepts(source)

    def createMimeDataFromSelection(self) -> QMimeData:
        """Copy the real characters, not the chips' placeholders, lone surrogates
        included (``intake.exact_mime``)."""
        cursor = self.textCursor()
        return intake.exact_mime(
            self._document_text(cursor.selectionStart(), cursor.selectionEnd())
        )

    # ---- painting the analysis ----------------------------------------------------
    def show_analysis(self, analysis: Analysis) -> None:
        """Colour the components, dim the delimiters, mark findings, from ``analysis``."""
        self._analysis = analysis
        self._rebuild_ranges()

    def _rebuild_ranges(self) -> None:
        analysis = self._analysis
        if analysis is None or analysis.text != self._text:
            # A stale analysis (the worker is still on the newest text): keep the old paint.
            return
        theme = self.theme
        table = self._table
        split = analysis.parsed.split

        # Only what is shown is painted: a truncated megabyte has up to a million
        # delimiters, and flattening them all took ~1 s on the GUI thread (issue 13).
        shown = self._shown if self._large else len(self._text)

        def conv(start: int, end: int) -> tuple[int, int]:
            return table.to_utf16(min(start, shown)), table.to_utf16(min(end, shown))

        components: list[tuple[int, int, QTextCharFormat]] = []
        for name, span in split.component_spans():
            components.append((*conv(span.start, span.end), theme.component_format(name)))
        dim = theme.delimiter_format()
        delimiters = split.delimiters
        if self._large:  # in text order: the first ones up to the shown end
            delimiters = delimiters[: bisect_left(delimiters, shown, key=_delimiter_start)]
        for delim in delimiters:
            components.append((*conv(delim.span.start, delim.span.end), dim))
        findings: list[tuple[int, int, QTextCharFormat]] = []
        foreign: list[tuple[int, int, QTextCharFormat]] = []
        danger: list[tuple[int, int, QTextCharFormat]] = []
        finding_fmt = theme.finding_format()
        foreign_fmt = theme.foreign_format()
        danger_fmt = theme.danger_format()
        for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
            if finding.span.start >= shown:
                continue
            rng = (*conv(finding.span.start, finding.span.end), finding_fmt)
            if finding.code == "misleading-userinfo":
                danger.append((rng[0], rng[1], danger_fmt))
            elif finding.span.end > finding.span.start:
                findings.append(rng)
            # each foreign letter that reads as a Latin one (issue 15 item 3)
            foreign.extend(
                (*conv(letter.span.start, letter.span.end), foreign_fmt)
                for letter in finding.letters
                if letter.span.start < shown
            )
        selection: list[tuple[int, int, QTextCharFormat]] = []
        if self._selection is not None:
            selection.append((*conv(*self._selection), theme.selection_format()))
        flat = flatten_layers((components, findings, foreign, danger, selection))
        self._highlighter.ranges = [(s, e - s, f) for s, e, f in flat]
        if not self._in_change:
            # Inside a document change the highlighter repaints this block right after.
            self._highlighter.rehighlight()

    def highlight_span(self, start: int, end: int) -> None:
        """Mark the code-point span ``[start, end)`` (a pane's selected row)."""
        span = (start, end)
        if span == self._selection:
            return
        self._selection = span
        self._rebuild_ranges()
        if not self.hasFocus():
            cursor = QTextCursor(self.document())
            cursor.setPosition(min(self._table.to_utf16(end), self.document().characterCount() - 1))
            rect = self.cursorRect(cursor)
            bar = self.horizontalScrollBar()
            if not self.viewport().rect().contains(rect.center()):
                bar.setValue(bar.value() + rect.center().x() - self.viewport().width() // 2)

    def clear_highlight(self) -> None:
        """Remove the pane-selection highlight."""
        if self._selection is not None:
            self._selection = None
            self._rebuild_ranges()

    # ---- cursor and tooltips ------------------------------------------------------
    def code_point_at(self, position: int) -> int:
        """The code-point index of document ``position``."""
        return self._table.to_code_point(position)

    def document_position(self, index: int) -> int:
        """The document position of code point ``index``."""
        return self._table.to_utf16(index)

    def _on_cursor_position_changed(self) -> None:
        index = self._table.to_code_point(self.textCursor().position())
        if index != self._last_cursor:
            self._last_cursor = index
            self.cursorMoved.emit(index)

    def describe(self, index: int) -> str:
        """What lies at code point ``index``: the component's name, findings, the char."""
        analysis = self._analysis
        if analysis is None or analysis.text != self._text or index >= len(self._text):
            return ""
        lines: list[str] = []
        lines.extend(self._foreign_lines(analysis, index))
        for name, span in analysis.parsed.split.component_spans():
            if span.start <= index < span.end:
                value = visible_text(span.of(self._text), 80)
                lines.append(f"{COMPONENT_LABELS.get(name, name)}: {value}")
        for delim in analysis.parsed.split.delimiters:
            if delim.span.start <= index < delim.span.end:
                lines.append(f"delimiter ({delim.role})")
        from uriinspector.core.explain import rules_in  # on hover only: not at start-up

        rules = rules_in(analysis.parsed, index)  # issue 6: grammar on hover, innermost first
        if rules:
            lines.append(f"Grammar under {analysis.edition.label}:")
            lines.extend(f"  {r.describe()}" for r in rules)
        ch = self._text[index]
        if is_chip_char(ch):
            lines.append(f"{chip_label(ord(ch))} {char_name(ord(ch))}")
        for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
            if finding.span.start <= index < finding.span.end:
                lines.append(f"{finding.severity}: {finding.message} [{finding.code}]")
        return "\n".join(lines)

    @staticmethod
    def _foreign_lines(analysis: Analysis, index: int) -> list[str]:
        """The foreign letters at ``index`` named for the tooltip (``Finding.letters``)."""
        out: list[str] = []
        for finding in analysis.findings[:MAX_PAINTED_FINDINGS]:
            for letter in finding.letters:
                if letter.span.start <= index < letter.span.end:
                    line = (
                        f"Foreign letter: '{letter.char}' is {letter.name} "
                        f"(U+{ord(letter.char):04X}), looks like {letter.looks_like_name}"
                    )
                    if line not in out:
                        out.append(line)
        return out

    def viewportEvent(self, event: QEvent) -> bool:
        """Show the component under the mouse in a tooltip."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            pos: QPoint = event.pos()
            cursor = self.cursorForPosition(pos)
            rect = self.cursorRect(cursor)
            doc_pos = cursor.position()
            # cursorForPosition rounds to the nearest gap: use the char under the mouse.
            if pos.x() < rect.x() and doc_pos > 0:
                doc_pos -= 1
            tip = self.describe(self._table.to_code_point(doc_pos))
            if tip:
                QToolTip.showText(event.globalPos(), plain_tooltip(tip), self)
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

