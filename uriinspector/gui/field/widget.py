"""The URI field: one line of monospace text, every component coloured as you type.

The widget holds the exact text and its analysis; what it draws comes from its parts:
``chips`` (a box in place of each hidden character), ``text`` (inserting with chips,
reading the real characters back, how much of a long input is shown), ``highlight``
(the analysis as character formats) and ``hover`` (the tooltip). ``uri()`` gives back
the exact text, chips expanded, and copying from the field copies the real characters.

Code-point spans become document positions only through ``gui/offsets.py``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QMimeData, QPoint, Signal
from PySide6.QtGui import (
    QFont,
    QFontDatabase,
    QFontMetricsF,
    QHelpEvent,
    QKeyEvent,
    QTextCursor,
    QTextOption,
)
from PySide6.QtWidgets import QApplication, QFrame, QTextEdit, QToolTip, QWidget

from uriinspector.gui.field.chips import CHIP_TYPE, OBJECT_REPLACEMENT, ChipObject
from uriinspector.gui.field.highlight import UriHighlighter, analysis_ranges
from uriinspector.gui.field.hover import describe
from uriinspector.gui.field.text import (
    CHIP_LIMIT,
    chip_format,
    display_cut,
    document_text,
    insert_text,
    offset_table,
)
from uriinspector.gui.plain import plain_tooltip
from uriinspector.gui.theme import Theme, current_theme

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis


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
        self._table = offset_table("")
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
        self._chips = ChipObject(self, lambda: self.theme)
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
        return document_text(self.document(), start, end)

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
            insert_text(cursor, shown)
            if large:
                fmt = chip_format(-(len(text) - self._shown),
                                  "The rest of this long input is analysed but not shown here.")
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
        self._table = offset_table(text[: self._shown] if self._large else text)
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
            insert_text(cursor, text)
            self.setTextCursor(cursor)
            self.ensureCursorVisible()
            event.accept()
            return
        super().keyPressEvent(event)

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Paste and drop (through ``gui/intake/intake.py``): the exact characters offered,
        newlines and controls as chips; a defanged link refanged."""
        from uriinspector.gui.intake import intake  # on first paste: not before the paint

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
                insert_text(cursor, text)
                self.setTextCursor(cursor)
                self.ensureCursorVisible()
            if got.refanged:
                self.refanged.emit(got.offered, got.text)
        if got.kind in ("file", "image") or got.more:
            self.intakeNoted.emit(got)

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        """Accept what intake can take: text, links, files, images."""
        from uriinspector.gui.intake import intake

        return intake.accepts(source)

    def createMimeDataFromSelection(self) -> QMimeData:
        """Copy the real characters, not the chips' placeholders, lone surrogates
        included (``intake.exact_mime``)."""
        from uriinspector.gui.intake import intake

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
        # Only what is shown is painted: a truncated megabyte has up to a million
        # delimiters, and flattening them all took ~1 s on the GUI thread (issue 13).
        shown = self._shown if self._large else len(self._text)
        self._highlighter.ranges = analysis_ranges(
            analysis, self._table, self.theme, shown, self._selection
        )
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
        if analysis is None or analysis.text != self._text:
            return ""
        return describe(analysis, index)

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

