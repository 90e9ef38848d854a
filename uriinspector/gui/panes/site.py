"""The Site pane: a whole site folder checked offline, pages on the left, references right.

For web developers (*File ▸ Check a Site Folder…*): ``sources.site`` resolves every
reference of every page after ``<base href>``, as browsers do and by RFC 3986, and
looks each target up in the folder. The pane only renders what it computed: pages with
their broken counts (broken pages first), the selected page's references with status,
both targets and the reason, and the page's source with the reference's line marked.
Selecting a reference asks the window to show its resolution trace in the Resolution
pane. The check runs on a worker thread, page by page (a 5,000-page site takes a
while); a newer check cancels an older one. Nothing is fetched. What each row and cell
says, and the order, is the Qt-free ``site_rows``'; this widget only makes tree items.
"""

from __future__ import annotations

import threading
from pathlib import Path

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal
from PySide6.QtGui import QFontDatabase, QTextCursor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QFileDialog,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import clear_tree, name_widget, tree_item
from uriinspector.gui.panes.site_rows import (
    COL_STATUS,
    COL_WHY,
    COL_WRITTEN,
    PAGE_BROKEN,
    PAGE_HEADERS,
    PAGE_NAME,
    REF_HEADERS,
    error_text,
    folder_text,
    page_insert_at,
    page_row,
    reference_rows,
    source_text,
    summary_text,
)
from uriinspector.gui.plain import plain_label, plain_tooltip
from uriinspector.sources.site import DEFAULT_URL, SiteError, SitePage, SiteReference

#: Names the tests read from here (``site_rows`` holds them).
__all__ = ["COL_STATUS", "COL_WRITTEN", "PAGE_BROKEN", "PAGE_NAME", "SitePane"]

ROW_ROLE = Qt.ItemDataRole.UserRole
#: Widest a references column is fitted to (pixels); the last one stretches.
MAX_COLUMN_WIDTH = 320
#: Pages after which the pages list keeps its column widths (a big site's names).
FIT_PAGES = 50


class _Signals(QObject):
    page = Signal(int, object)  # generation, SitePage
    done = Signal(int, object)  # generation, error message or None


class _CheckJob(QRunnable):
    """Checks one folder page by page; stops between pages once cancelled."""

    def __init__(self, generation: int, root: Path, url: str, signals: _Signals,
                 cancelled: threading.Event) -> None:
        super().__init__()
        self.setAutoDelete(True)
        self._generation = generation
        self._root = root
        self._url = url
        self._signals = signals
        self._cancelled = cancelled

    def run(self) -> None:
        """Check, hand each page over, then say how it ended; never raises."""
        from uriinspector.sources.site import check_site

        error: str | None = None
        try:
            for page in check_site(self._root, self._url):
                if self._cancelled.is_set():
                    return
                self._signals.page.emit(self._generation, page)
        except SiteError as exc:
            error = str(exc)
        except Exception as exc:  # a bug must not end the window's thread silently
            error = f"The check stopped: {type(exc).__name__}: {exc}"
        if not self._cancelled.is_set():
            self._signals.done.emit(self._generation, error)


class SitePane(QWidget):
    """Folder and root URL above, pages left, references right, the page's source below.

    Signals:
        resolutionRequested(object, object): show base + reference in the Resolution pane.
    """

    resolutionRequested = Signal(object, object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.root: Path | None = None
        self.pages: list[SitePage] = []
        #: the broken counts of the pages list's rows, top to bottom (where a page goes)
        self._page_broken: list[int] = []
        self._generation = 0
        self._cancelled = threading.Event()
        self._signals = _Signals(self)
        self._signals.page.connect(self._on_page)
        self._signals.done.connect(self._on_done)
        self._pool = QThreadPool(self)
        self._pool.setMaxThreadCount(1)
        self._source_for: str | None = None

        layout = QVBoxLayout(self)
        top = QHBoxLayout()
        self.chooseButton = QPushButton("Choose &Folder…", self)
        name_widget(self.chooseButton, "siteChoose", "Choose the site folder to check")
        self.chooseButton.clicked.connect(self.choose_folder)
        top.addWidget(self.chooseButton)
        self.folderLabel = plain_label(QLabel("No folder checked yet.", self))
        name_widget(self.folderLabel, "siteFolder")
        top.addWidget(self.folderLabel, 1)
        url_label = QLabel("Served at:", self)
        top.addWidget(url_label)
        self.urlField = QLineEdit(DEFAULT_URL, self)
        name_widget(self.urlField, "siteUrl", "The URL the folder's root is served at")
        self.urlField.setToolTip("Every page's URL is this URL joined with its path in the "
                                 "folder; references to another origin are listed, never "
                                 "fetched.")
        self.urlField.editingFinished.connect(self._on_url_edited)
        url_label.setBuddy(self.urlField)
        top.addWidget(self.urlField, 1)
        self.onlyProblems = QCheckBox("Only &problems", self)
        name_widget(self.onlyProblems, "siteOnlyProblems")
        self.onlyProblems.toggled.connect(lambda _on: self._show_page_rows())
        top.addWidget(self.onlyProblems)
        layout.addLayout(top)

        self.progress = QProgressBar(self)
        name_widget(self.progress, "siteProgress")
        self.progress.setVisible(False)
        layout.addWidget(self.progress)
        self.summaryLabel = plain_label(QLabel("", self))
        name_widget(self.summaryLabel, "siteSummary")
        self.summaryLabel.setWordWrap(True)
        layout.addWidget(self.summaryLabel)

        split = QSplitter(Qt.Orientation.Horizontal, self)
        self.pagesView = QTreeWidget(split)
        name_widget(self.pagesView, "sitePages", "Pages of the site")
        self.pagesView.setHeaderLabels(PAGE_HEADERS)
        self.pagesView.setRootIsDecorated(False)
        self.pagesView.setSortingEnabled(False)
        self.pagesView.currentItemChanged.connect(lambda *_: self._show_page_rows())
        self.referencesView = QTreeWidget(split)
        name_widget(self.referencesView, "siteReferences", "References of the selected page")
        self.referencesView.setHeaderLabels(REF_HEADERS)
        self.referencesView.setRootIsDecorated(False)
        self.referencesView.setUniformRowHeights(True)
        self.referencesView.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.referencesView.currentItemChanged.connect(lambda *_: self._on_reference())
        header = self.referencesView.header()
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        split.setStretchFactor(0, 2)
        split.setStretchFactor(1, 5)
        outer = QSplitter(Qt.Orientation.Vertical, self)
        outer.addWidget(split)
        self.sourceView = QPlainTextEdit(outer)
        name_widget(self.sourceView, "siteSource", "The page's source at the reference")
        self.sourceView.setReadOnly(True)
        self.sourceView.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.sourceView.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.sourceView.setPlaceholderText("Select a reference to see the line it stands on.")
        outer.setStretchFactor(0, 3)
        outer.setStretchFactor(1, 1)
        layout.addWidget(outer, 1)

    # -- what the window calls ------------------------------------------------------------
    def show_analysis(self, a: object) -> None:
        """The URI field does not change what a site check shows."""

    def choose_folder(self) -> None:
        """Ask for a folder, then check it."""
        start = str(self.root) if self.root is not None else str(Path.home())
        chosen = QFileDialog.getExistingDirectory(self, "Check a Site Folder", start)
        if chosen:
            self.check(Path(chosen))

    def check(self, root: Path, url: str | None = None) -> None:
        """Check folder ``root`` (served at ``url``, default the URL field's), off the GUI
        thread; a running check is cancelled first."""
        if url is not None:
            self.urlField.setText(url)
        self._cancelled.set()
        self._cancelled = threading.Event()
        self._generation += 1
        self.root = root
        self.pages = []
        self._page_broken = []
        self._source_for = None
        clear_tree(self.pagesView)
        clear_tree(self.referencesView)
        self.sourceView.clear()
        self.folderLabel.setText(folder_text(str(root)))
        self.folderLabel.setToolTip(plain_tooltip(str(root)))
        self.summaryLabel.setText("Checking…")
        self.progress.setRange(0, 0)
        self.progress.setVisible(True)
        self._pool.start(_CheckJob(self._generation, root, self.urlField.text().strip()
                                   or DEFAULT_URL, self._signals, self._cancelled))

    def wait(self, msecs: int = 30_000) -> bool:
        """Wait for the running check (tests, and the window's close)."""
        return self._pool.waitForDone(msecs)

    def cancel(self) -> None:
        """Stop the running check after the page it is on."""
        self._cancelled.set()

    # -- results --------------------------------------------------------------------------
    def _on_url_edited(self) -> None:
        if self.root is not None and self.pages:
            self.check(self.root)

    def _on_page(self, generation: int, page: object) -> None:
        if generation != self._generation or not isinstance(page, SitePage):
            return
        self.pages.append(page)
        row = page_row(page, len(self.pages) - 1)
        item = tree_item(row.cells)
        item.setData(0, ROW_ROLE, row.position)
        item.setToolTip(PAGE_NAME, row.tooltip)
        item.setTextAlignment(PAGE_BROKEN, Qt.AlignmentFlag.AlignRight)
        if row.severity is not None:
            item.setForeground(PAGE_BROKEN, palette.severity_color(row.severity, self.palette()))
        # broken pages first, each group in path order (the check runs in path order)
        at = page_insert_at(self._page_broken, row.broken)
        self._page_broken.insert(at, row.broken)
        self.pagesView.insertTopLevelItem(at, item)
        if self.pagesView.currentItem() is None:
            self.pagesView.setCurrentItem(item)
        if len(self.pages) <= FIT_PAGES:  # fit the names once; a big site keeps the widths
            for col in range(len(PAGE_HEADERS)):
                self.pagesView.resizeColumnToContents(col)
        self._summarize(running=True)

    def _on_done(self, generation: int, error: object) -> None:
        if generation != self._generation:
            return
        self.progress.setVisible(False)
        if isinstance(error, str):
            self.summaryLabel.setText(error_text(error))
            return
        self._summarize(running=False)
        first = self.pagesView.topLevelItem(0)
        if first is not None:
            self.pagesView.setCurrentItem(first)

    def _summarize(self, *, running: bool) -> None:
        self.summaryLabel.setText(summary_text(self.pages, running=running))

    def current_page(self) -> SitePage | None:
        """The page selected on the left."""
        item = self.pagesView.currentItem()
        if item is None:
            return None
        index = item.data(0, ROW_ROLE)
        return self.pages[index] if isinstance(index, int) else None

    def _show_page_rows(self) -> None:
        page = self.current_page()
        clear_tree(self.referencesView)
        if page is None:
            return
        base = self.palette()
        for row in reference_rows(page, self.onlyProblems.isChecked()):
            item = tree_item(row.cells)
            item.setData(0, ROW_ROLE, row.position)
            item.setForeground(COL_STATUS, palette.severity_color(row.severity, base))
            for col, tip in row.tooltips:
                item.setToolTip(col, tip)
            self.referencesView.addTopLevelItem(item)
        for col in range(COL_WHY):
            self.referencesView.resizeColumnToContents(col)
            width = self.referencesView.columnWidth(col)
            self.referencesView.setColumnWidth(col, min(width, MAX_COLUMN_WIDTH))
        first_row = self.referencesView.topLevelItem(0)
        if first_row is not None:
            self.referencesView.setCurrentItem(first_row)

    def current_reference(self) -> SiteReference | None:
        """The reference selected on the right."""
        page = self.current_page()
        item = self.referencesView.currentItem()
        if page is None or item is None:
            return None
        index = item.data(0, ROW_ROLE)
        return page.references[index] if isinstance(index, int) else None

    def _on_reference(self) -> None:
        ref = self.current_reference()
        if ref is None:
            return
        self._show_source(ref)
        if ref.base is not None:
            self.resolutionRequested.emit(ref.base, ref.ref)

    def _show_source(self, ref: SiteReference) -> None:
        if self._source_for != ref.page and self.root is not None:
            from uriinspector.sources.site import read_page_text

            text = read_page_text(self.root / ref.page)
            # hidden characters as chips, line by line (the line breaks stay breaks)
            self.sourceView.setPlainText(source_text(text))
            self._source_for = ref.page
        if ref.line is None:
            return
        block = self.sourceView.document().findBlockByLineNumber(ref.line - 1)
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock,
                            QTextCursor.MoveMode.KeepAnchor)
        self.sourceView.setTextCursor(cursor)
        self.sourceView.centerCursor()

    def reference_items(self) -> list[QTreeWidgetItem]:
        """The rows of the references table, in order (tests)."""
        items = (self.referencesView.topLevelItem(i)
                 for i in range(self.referencesView.topLevelItemCount()))
        return [item for item in items if item is not None]
