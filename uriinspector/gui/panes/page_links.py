"""The Extract tab's page-links view: every reference of an HTML page, resolved two ways.

For web developers: paste or open a page, set its URL, and see the ``<base href>`` and
every reference (``href``, ``src``, ``srcset`` candidates, ``action``, ``formaction``,
refresh...) resolved at once by RFC 3986 §5.2 and as browsers do (WHATWG URL, through
ada-url). A row where they differ is marked in a word ("Differs", with the warning
icon), in colour, and can be filtered on; "Goes to" says whether following it stays in
this page (HTML's same-document rule, which compares with the page's URL, not the
base). Selecting a row shows both traces, the browser's with a reason per step;
double-clicking it (or *Open in Resolution*) hands base and reference to the
Resolution pane. The view renders ``sources.page_links.PageLinks``; it computes
nothing itself: each row's cells, marks and tooltip, the traces and the lines above the
table are the Qt-free ``page_link_rows``'. A long page is read on a worker thread
(``panes/background.py``, issue 13): the newest request wins.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QFontDatabase, QKeyEvent, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTreeWidget,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui import resources
from uriinspector.gui.offsets import OffsetTable
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    clear_tree,
    name_widget,
    table_item,
    tree_item,
)
from uriinspector.gui.panes.background import BackgroundJob, runs_inline
from uriinspector.gui.panes.column_fit import ColumnFit, word_width
from uriinspector.gui.panes.page_link_rows import (
    COL_BROWSER,
    COL_DIFF,
    COL_GOES,
    COL_RFC,
    COL_WHERE,
    COL_WRITTEN,
    DIFFERS_ICON,
    DIFFERS_WORDS,
    HEADERS,
    SAME_WORDS,
    TRACE_HEADERS,
    WARN_COLUMNS,
    base_text,
    hidden_rows,
    page_link_row,
    read_error_text,
    row_cells,
    status_text,
    target_cell,
    trace_sections,
)
from uriinspector.gui.plain import plain_label, visible_text
from uriinspector.gui.zoom import rows_follow_font

if TYPE_CHECKING:
    from uriinspector.sources.page_links import PageLinks, PageReference

#: Names the tests read from here (``page_link_rows`` holds them).
__all__ = [
    "COL_BROWSER", "COL_DIFF", "COL_GOES", "COL_RFC", "COL_WHERE", "COL_WRITTEN",
    "DIFFERS_WORDS", "SAME_WORDS", "PageLinksView", "target_cell",
]
#: Role holding a row's index into ``PageLinks.references``.
INDEX_ROLE = Qt.ItemDataRole.UserRole
#: A page this long (code points) or longer is read on the worker thread: references
#: are dense in HTML (a few dozen characters each), and each costs two resolutions.
INLINE_LIMIT = 16 * 1024
#: Rows built at once when a page is shown; the rest follow in slices of
#: ``CHUNK_SECONDS`` on the event loop.
FIRST_ROWS = 150
CHUNK_SECONDS = 0.02


class PageLinksView(QWidget):
    """Page source, page URL, base, the references table, and the selected row's traces.

    Signals:
        resolutionRequested(str, str): show base + reference in the Resolution pane.
        closed(): back to the Extract text box.
    """

    resolutionRequested = Signal(object, object)
    closed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.links: PageLinks | None = None
        self._offsets: OffsetTable | None = None
        self._source_text = ""
        #: reading a long page, off the GUI thread (issue 13)
        self.job = BackgroundJob(self)
        self.job.finished.connect(self._on_read)
        self._pending_text = ""
        #: rows are built in slices (``_fill_rows``); the next row to build
        self._fill_next = 0
        self._fill_brushes = (QBrush(), QBrush())
        self._fill_timer = QTimer(self)
        self._fill_timer.setSingleShot(True)
        self._fill_timer.setInterval(0)
        self._fill_timer.timeout.connect(self._fill_chunk)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_top())
        self.baseInfo = plain_label(QLabel(self))
        name_widget(self.baseInfo, "pageLinksBase")
        self.baseInfo.setWordWrap(True)
        layout.addWidget(self.baseInfo)
        layout.addLayout(self._build_filters())
        self.splitter = QSplitter(Qt.Orientation.Vertical, self)
        self.source = QPlainTextEdit(self.splitter)
        name_widget(self.source, "pageLinksSource", "Page source (HTML)")
        self.source.setPlaceholderText("Paste the page's HTML here, set its URL, then Resolve all.")
        self.source.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.source.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self._build_table()
        self.trace = QTreeWidget(self.splitter)
        name_widget(self.trace, "pageLinksTrace", "Both resolutions of the selected reference")
        self.trace.setColumnCount(4)
        self.trace.setHeaderLabels(list(TRACE_HEADERS))
        self.trace.setUniformRowHeights(True)
        self.trace.setWordWrap(False)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setStretchFactor(2, 2)
        layout.addWidget(self.splitter, 1)

    def _build_top(self) -> QHBoxLayout:
        """The page URL, *Resolve all*, *Open page…* and *Back to text*."""
        top = QHBoxLayout()
        self.urlLabel = QLabel("Page &URL:", self)
        top.addWidget(self.urlLabel)
        self.urlField = QLineEdit(self)
        name_widget(self.urlField, "pageLinksUrl", "Page URL the references resolve against")
        self.urlField.setPlaceholderText("https://example.com/dir/page.html")
        self.urlField.setToolTip(
            "The page's own address. A <base href> in the page is resolved against it "
            "and wins for resolving; 'same document' is decided against this URL (HTML)."
        )
        self.urlField.editingFinished.connect(self._on_url_edited)
        self.urlLabel.setBuddy(self.urlField)
        top.addWidget(self.urlField, 1)
        self.readButton = QPushButton("&Resolve all", self)
        name_widget(self.readButton, "pageLinksRead")
        self.readButton.setToolTip("Read the page source below and resolve every reference")
        self.readButton.clicked.connect(self._on_read_clicked)
        top.addWidget(self.readButton)
        self.openButton = QPushButton("Open page…", self)
        name_widget(self.openButton, "pageLinksOpen")
        self.openButton.setToolTip("Read a saved HTML page from a file")
        self.openButton.clicked.connect(self.open_dialog)
        top.addWidget(self.openButton)
        self.closeButton = QPushButton("Back to text", self)
        name_widget(self.closeButton, "pageLinksClose")
        self.closeButton.clicked.connect(self.closed)
        top.addWidget(self.closeButton)
        return top

    def _build_filters(self) -> QHBoxLayout:
        """*Only differences*, the status and *Open in Resolution*."""
        filters = QHBoxLayout()
        self.differencesOnly = QCheckBox("Only &differences", self)
        name_widget(self.differencesOnly, "pageLinksDifferencesOnly")
        self.differencesOnly.setToolTip(
            "Show only references browsers resolve elsewhere than RFC 3986")
        self.differencesOnly.toggled.connect(self._apply_filter)
        filters.addWidget(self.differencesOnly)
        self.status = plain_label(QLabel(self))
        name_widget(self.status, "pageLinksStatus")
        filters.addWidget(self.status, 1)
        self.resolutionButton = QPushButton("Open in Res&olution", self)
        name_widget(self.resolutionButton, "pageLinksOpenInResolution")
        self.resolutionButton.setEnabled(False)
        self.resolutionButton.clicked.connect(self.open_current_in_resolution)
        filters.addWidget(self.resolutionButton)
        return filters

    def _build_table(self) -> None:
        """The references table: the three link columns share what the short ones
        (where, the verdict "Differs"/"Same" with its icon, goes to) leave."""
        self.table = QTableWidget(0, len(HEADERS), self.splitter)
        name_widget(self.table, "pageLinksTable", "References of the page")
        self.table.setHorizontalHeaderLabels(list(HEADERS))
        self.table.verticalHeader().hide()
        self.table.setWordWrap(False)
        self.table.setShowGrid(False)
        self.table.setAlternatingRowColors(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        rows = self.table.verticalHeader()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows_follow_font(self.table)  # zoom: one line of the table's font
        self.columns = ColumnFit(
            self.table, fixed=lambda: {COL_DIFF: self.verdict_width()},
            fitted=(COL_WHERE, COL_GOES), stretch=(COL_WRITTEN, COL_RFC, COL_BROWSER))
        self.table.currentCellChanged.connect(self._on_current_cell_changed)
        self.table.cellDoubleClicked.connect(lambda row, _c: self.open_in_resolution(row))
        self.table.installEventFilter(self)  # Enter: the keyboard's double-click

    def verdict_width(self) -> int:
        """The Differs column's width: its wider word beside an icon, or its title."""
        cell = word_width(self.table, (DIFFERS_WORDS, SAME_WORDS), resources.icon(DIFFERS_ICON))
        gap = self.table.fontMetrics().horizontalAdvance("M") // 2
        return max(cell, self.table.horizontalHeader().sectionSizeHint(COL_DIFF)) + gap

    # ---- input -----------------------------------------------------------------------
    def set_page(self, text: str, url: str = "") -> None:
        """Put a page's HTML and URL in and resolve every reference."""
        self.source.setPlainText(text)
        self.urlField.setText(url)
        self.read_source()

    def open_dialog(self) -> None:
        """*Open page…*: read a saved HTML file."""
        name, _f = QFileDialog.getOpenFileName(
            self, "Open an HTML Page", "", "HTML pages (*.html *.htm *.xhtml);;All files (*)")
        if name:
            self.open_path(name)

    def open_path(self, path: str) -> None:
        """Read the page at ``path`` (bytes decoded as the Extract tab does)."""
        from uriinspector.sources.documents import MAX_FILE_BYTES, decode_text
        from uriinspector.sources.files import read_regular

        data = read_regular(path, MAX_FILE_BYTES)  # a FIFO or device is refused, not read
        if not isinstance(data, bytes):
            self.status.setText(read_error_text(path, data.message))
            return
        self.set_page(decode_text(data, html=True), self.urlField.text())

    def read_source(self) -> None:
        """Resolve every reference of the source against the page URL.

        A long page is read on the worker thread (the table fills when it is done); a
        newer request supersedes one still running.
        """
        from uriinspector.sources.page_links import page_links

        text = self.source.toPlainText()
        url = self.urlField.text()
        if runs_inline(text, INLINE_LIMIT):
            self.job.cancel()  # an older long read must not overwrite this one
            self._set_reading(0)
            self.show_links(page_links(text, url), text)
            return
        self._pending_text = text
        self.job.start(page_links, text, url)
        self._set_reading(len(text))

    def is_reading(self) -> bool:
        """Whether a long page is being read on the worker thread."""
        return self.job.is_running()

    def _on_read_clicked(self) -> None:
        """*Resolve all*, or (while reading) cancel."""
        if self.is_reading():
            self.job.cancel()
            self._set_reading(0)
            self.status.setText("Reading cancelled.")
        else:
            self.read_source()

    def _set_reading(self, n: int) -> None:
        """Show the busy state for ``n`` characters (0: idle)."""
        self.readButton.setText("Cancel" if n else "&Resolve all")
        self.readButton.setToolTip("Stop reading the page" if n else
                                   "Read the page source below and resolve every reference")
        if n:
            self.status.setText(f"Resolving… {n:,} characters")

    def _on_read(self, result: object) -> None:
        """The worker's reading (the newest request's only) arrives."""
        from uriinspector.sources.page_links import PageLinks

        self._set_reading(0)
        text, self._pending_text = self._pending_text, ""
        if isinstance(result, PageLinks):
            self.show_links(result, text)
        else:
            self.status.setText(f"Reading failed: {visible_text(str(result), 200)}")

    def _on_url_edited(self) -> None:
        if self.links is not None and self.urlField.text() != self.links.page_url:
            self.read_source()

    # ---- rendering -------------------------------------------------------------------
    def show_links(self, links: PageLinks, text: str) -> None:
        """Render ``links`` (read from ``text``)."""
        self.links = links
        self._source_text = text
        self._offsets = None
        self._show_base(links)
        pal = self.table.palette()
        base = pal.color(pal.ColorRole.Base)
        warn = palette.severity_color("warning", pal)
        tinted = QBrush(palette.tint(warn, base, 0.18))
        self._fill_timer.stop()
        self.table.setUpdatesEnabled(False)
        self.table.clearSelection()
        self.table.clearContents()
        self.table.setRowCount(len(links.references))
        self._fill_brushes = (tinted, QBrush(warn))
        self._fill_next = 0
        # The first rows at once (a small page shows whole); the rest in time-boxed
        # slices on the event loop: 5,000 rows take ~2 s of item building (issue 13).
        self._fill_rows(FIRST_ROWS, None)
        self.table.setUpdatesEnabled(True)
        self.columns.fit()
        self._apply_filter()
        clear_tree(self.trace)
        self.resolutionButton.setEnabled(False)

    def _fill_rows(self, most: int, deadline: float | None) -> None:
        """Build up to ``most`` more rows (or until ``deadline``); schedule the rest."""
        links = self.links
        refs = links.references if links is not None else ()
        tinted, warn = self._fill_brushes
        differs_icon = resources.icon(DIFFERS_ICON)
        stop = min(len(refs), self._fill_next + most)
        while self._fill_next < stop:
            row = page_link_row(refs[self._fill_next], self._fill_next)
            self._fill_next += 1
            for column, text in enumerate(row.cells):
                item = table_item(text)
                if column == COL_WHERE:
                    item.setData(INDEX_ROLE, row.position)
                if row.differs:
                    item.setBackground(tinted)
                    if column in WARN_COLUMNS:
                        item.setForeground(warn)
                    if column == COL_DIFF:
                        item.setIcon(differs_icon)
                item.setToolTip(row.tooltip)
                self.table.setItem(row.position, column, item)
            if deadline is not None and time.perf_counter() >= deadline:
                break
        if self._fill_next < len(refs):
            self._fill_timer.start()
        elif deadline is not None:  # the last slice: its rows may be wider
            self.columns.fit()

    def _fill_chunk(self) -> None:
        self._fill_rows(1 << 30, time.perf_counter() + CHUNK_SECONDS)

    def is_busy(self) -> bool:
        """Whether the page is being read or its rows are still being built."""
        refs = self.links.references if self.links is not None else ()
        return self.is_reading() or self._fill_next < len(refs)

    def row_cells(self, ref: PageReference) -> tuple[str, ...]:
        """The text of one row, whole (``page_link_rows.row_cells``)."""
        return row_cells(ref)

    def row_text(self, row: int) -> tuple[str, ...]:
        """Every cell of table row ``row`` as shown (tests, accessibility)."""
        return tuple(
            (item.text() if (item := self.table.item(row, c)) is not None else "")
            for c in range(len(HEADERS))
        )

    def _show_base(self, links: PageLinks) -> None:
        self.baseInfo.setText(base_text(links))

    def _apply_filter(self) -> None:
        for row, hidden in enumerate(hidden_rows(self.links, self.differencesOnly.isChecked())):
            self.table.setRowHidden(row, hidden)
        self._update_status()

    def _update_status(self) -> None:
        self.status.setText(status_text(self.links, self.differencesOnly.isChecked()))

    def visible_rows(self) -> list[int]:
        """Rows not hidden by the filter."""
        return [r for r in range(self.table.rowCount()) if not self.table.isRowHidden(r)]

    # ---- rows ------------------------------------------------------------------------
    def reference_at(self, row: int) -> PageReference | None:
        """The reference shown in ``row``."""
        refs = self.links.references if self.links is not None else ()
        return refs[row] if 0 <= row < len(refs) else None

    def select_row(self, row: int) -> None:
        """Select ``row`` (as a click does): its traces show."""
        self.table.setCurrentCell(row, COL_WRITTEN)

    def show_trace(self, ref: PageReference) -> None:
        """Both resolutions of ``ref``, each step with its rule and reason."""
        clear_tree(self.trace)
        for section in trace_sections(ref):
            head = tree_item(section.cells)
            self.trace.addTopLevelItem(head)
            head.setFirstColumnSpanned(True)
            head.setToolTip(0, section.tooltip)
            for step in section.steps:
                child = tree_item(step.cells)
                if step.tooltip:
                    child.setToolTip(2, step.tooltip)
                head.addChild(child)
            head.setExpanded(True)
        width = max(500, self.trace.viewport().width())
        self.trace.setColumnWidth(0, 60)
        self.trace.setColumnWidth(1, int(width * 0.24))
        self.trace.setColumnWidth(2, int(width * 0.5))

    def trace_lines(self) -> list[str]:
        """The trace as shown, one line per row (tests)."""
        out: list[str] = []
        for i in range(self.trace.topLevelItemCount()):
            head = self.trace.topLevelItem(i)
            if head is None:
                continue
            out.append(head.text(0))
            children = (head.child(j) for j in range(head.childCount()))
            out.extend(" | ".join(child.text(c) for c in range(4))
                       for child in children if child is not None)
        return out

    def open_in_resolution(self, row: int) -> bool:
        """Hand ``row``'s base and reference to the Resolution pane."""
        ref = self.reference_at(row)
        links = self.links
        if ref is None or links is None:
            return False
        base = links.base_rfc3986 or links.base_browser
        if base is None:
            return False
        self.resolutionRequested.emit(base, ref.raw)
        return True

    def open_current_in_resolution(self) -> None:
        """The *Open in Resolution* button."""
        self.open_in_resolution(self.table.currentRow())

    def _on_current_cell_changed(self, row: int, _c: int, _pr: int, _pc: int) -> None:
        ref = self.reference_at(row)
        self.resolutionButton.setEnabled(ref is not None)
        if ref is None:
            return
        self.show_trace(ref)
        self._select_source(ref)

    def _select_source(self, ref: PageReference) -> None:
        """Select the reference's text in the page source (its exact span)."""
        if ref.span is None or self._source_text != self.source.toPlainText():
            return
        if self._offsets is None:
            self._offsets = OffsetTable(self._source_text)
        start, length = self._offsets.span_to_utf16(ref.span.start, ref.span.end)
        cursor = self.source.textCursor()
        cursor.setPosition(start)
        cursor.setPosition(start + length, QTextCursor.MoveMode.KeepAnchor)
        self.source.setTextCursor(cursor)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Enter on a table row opens it in the Resolution pane."""
        if (watched is self.table and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent)
                and event.key() in (Qt.Key.Key_Return, Qt.Key.Key_Enter)
                and self.table.currentRow() >= 0):
            self.open_current_in_resolution()
            return True
        return super().eventFilter(watched, event)

    def changeEvent(self, event: QEvent) -> None:
        """Colours follow a palette change (light/dark)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.links is not None:
            self.show_links(self.links, self._source_text)
