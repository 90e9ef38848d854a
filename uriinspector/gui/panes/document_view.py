"""The Extract tab's document view: every link of a mail, a saved page or a QR image.

It renders a ``uriinspector.sources`` :class:`~uriinspector.sources.model.Document`
(read on a worker by ``gui/documents.py``) as the rows of ``panes/links_model.py``
(their cells, colours and tooltips are the Qt-free ``panes/link_rows.py``'s): one
per link, its verdict as an icon and a word, the link, its visible text, its part and
a note. The columns are fitted by ``panes/column_fit.py``: the verdict never elides,
the link takes the width left and elides at its end (the whole link in the tooltip).
Selecting a row asks the window to inspect it; double-clicking a page's link (or
*Open in Resolution*) asks for the Resolution pane with the page's base and the
reference as written, so its trace shows. A model and a table view, not items: a
100,000-link page is listed at once and painted a screen at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QProgressBar,
    QPushButton,
    QSplitter,
    QTableView,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui import resources
from uriinspector.gui.panes._common import clear_tree, name_widget, tree_item
from uriinspector.gui.panes.column_fit import ColumnFit, word_width
from uriinspector.gui.panes.link_rows import (
    BROWSER_WORDS,
    COL_LINK,
    COL_NOTE,
    COL_SHOWN,
    COL_VERDICT,
    COL_WHERE,
    DEFANGED_WORDS,
    HEADERS,
    MISMATCH_WORDS,
    VERDICT_COLUMN_WORDS,
    Judged,
    busy_text,
    link_cells,
    mail_text,
    note_of,
    part_nodes,
    problems_text,
    summary_text,
    verdict_line,
)
from uriinspector.gui.panes.links_model import LinksModel
from uriinspector.gui.plain import plain_label
from uriinspector.gui.zoom import rows_follow_font
from uriinspector.sources.reader_process import Summary, summarize

if TYPE_CHECKING:
    from uriinspector.sources.model import Document, Link

#: Names the table's users read from here (``panes/link_rows.py`` holds them).
__all__ = [
    "BROWSER_WORDS", "COL_LINK", "COL_NOTE", "COL_SHOWN", "COL_VERDICT", "COL_WHERE",
    "DEFANGED_WORDS", "HEADERS", "INDICATOR_MENU", "MISMATCH_WORDS", "DocumentView",
    "LinksModel", "note_of", "verdict_line",
]

#: The *Export indicators…* menu: label, format (``report.indicators``).
INDICATOR_MENU = (
    ("STIX 2.1 bundle…", "stix"), ("MISP event…", "misp"), ("Defanged CSV for a ticket…", "csv")
)


class DocumentView(QWidget):
    """Status, busy indicator, the page-URL field and the links of one document.

    Signals:
        uriRequested(str): inspect this link (a row was double-clicked).
        indicatorsRequested(str): export the links as indicators in this format.
        linkRequested(Link): inspect this link in its document's context (a row was
            selected): the banner, Findings and reports then carry its visible text.
        resolutionRequested(str, str): show base + reference in the Resolution pane.
        baseChanged(str): the user set the page URL (read the page again against it).
        closed(): back to the text box.
    """

    uriRequested = Signal(object)
    linkRequested = Signal(object)
    indicatorsRequested = Signal(str)  # "stix", "misp" or "csv"
    resolutionRequested = Signal(object, object)
    baseChanged = Signal(object)
    closed = Signal()
    pageLinksRequested = Signal(object, object)  # the page's text, its URL

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.document: Document | None = None
        self.name = ""
        self.base: str | None = None
        #: the page URL the user set (``base`` is what the links were resolved against)
        self.user_base: str | None = None
        self._summary: Summary | None = None
        #: the window must fit a small screen (``set_compact``): the links come first
        self.compact = False
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addLayout(self._build_top())
        self._build_strips(layout)
        layout.addLayout(self._build_base_row())
        self._build_table()
        self._build_parts()
        self.split = QSplitter(Qt.Orientation.Horizontal, self)
        self.split.addWidget(self.parts)
        self.split.addWidget(self.view)
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 4)
        self.parts.hide()
        layout.addWidget(self.split, 1)

    def set_compact(self, compact: bool) -> None:
        """At a large zoom on a small screen (``window/fit.py``) the links come first:
        the status keeps one line (the status bar says it whole) and the mail's
        context and the problems wait for room (their text is kept)."""
        self.compact = compact
        self.status.setWordWrap(not compact)
        self.mailStrip.setVisible(bool(self.mailStrip.text()) and self.document is not None
                                  and self.document.mail is not None and not compact)
        self.problems.setVisible(bool(self.problems.text()) and not compact)

    def _build_top(self) -> QHBoxLayout:
        """Status, busy indicator, *Export indicators…* and *Back to text*."""
        top = QHBoxLayout()
        self.status = plain_label(QLabel(self))
        name_widget(self.status, "documentStatus")
        self.status.setWordWrap(True)
        top.addWidget(self.status, 1)
        self.busy = QProgressBar(self)
        name_widget(self.busy, "documentBusy", "Reading the document")
        self.busy.setRange(0, 0)  # indeterminate: "working"
        self.busy.setMaximumWidth(120)
        self.busy.setTextVisible(False)
        self.busy.hide()
        top.addWidget(self.busy)
        # the pane that holds this view connects each format (``indicatorsRequested``)
        self.indicatorsButton = QPushButton("Export indicators…", self)
        name_widget(self.indicatorsButton, "documentIndicators")
        self.indicatorsButton.setToolTip(
            "Save the links and where they end as a STIX 2.1 bundle, a MISP event or a "
            "defanged CSV for a ticket (made offline)"
        )
        indicators = QMenu(self.indicatorsButton)
        for label, fmt in INDICATOR_MENU:
            action = indicators.addAction(label)
            action.triggered.connect(
                lambda _checked=False, f=fmt: self.indicatorsRequested.emit(f))
        self.indicatorsButton.setMenu(indicators)
        top.addWidget(self.indicatorsButton)
        self.closeButton = QPushButton("Back to text", self)
        name_widget(self.closeButton, "documentClose")
        self.closeButton.setToolTip("Close the document and show the text box again")
        self.closeButton.clicked.connect(self.closed)
        top.addWidget(self.closeButton)
        return top

    def _build_strips(self, layout: QVBoxLayout) -> None:
        """The problems line and the mail's own context, hidden until there is some."""
        self.problems = plain_label(QLabel(self))
        name_widget(self.problems, "documentProblems")
        self.problems.setWordWrap(True)
        self.problems.hide()
        layout.addWidget(self.problems)
        # the mail's own context, the first thing an analyst checks (issue 24 item 7)
        self.mailStrip = plain_label(QLabel(self))
        name_widget(self.mailStrip, "documentMail", "The mail's sender and the server's checks")
        self.mailStrip.setWordWrap(True)
        self.mailStrip.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.mailStrip.hide()
        layout.addWidget(self.mailStrip)

    def _build_base_row(self) -> QHBoxLayout:
        """A page's URL field, *Open in Resolution* and *Page links*."""
        base_row = QHBoxLayout()
        self.baseLabel = QLabel("Page URL:", self)
        base_row.addWidget(self.baseLabel)
        self.baseField = QLineEdit(self)
        name_widget(self.baseField, "pageUrlField", "Page URL relative links resolve against")
        self.baseField.setPlaceholderText(
            "https://example.com/dir/page.html (a <base href> in the page wins)"
        )
        self.baseField.setToolTip(
            "The address the saved page came from: relative href/src are resolved against "
            "it (RFC 3986 §5.2), unless the page has its own <base href>."
        )
        self.baseField.editingFinished.connect(self._on_base_edited)
        self.baseLabel.setBuddy(self.baseField)
        base_row.addWidget(self.baseField, 1)
        self.resolveButton = QPushButton("Open in Resolution", self)
        name_widget(self.resolveButton, "openInResolution")
        self.resolveButton.setToolTip(
            "Show the selected link's base and reference in the Resolution pane, with the "
            "steps of RFC 3986 §5.2 and what browsers do"
        )
        self.resolveButton.setEnabled(False)
        self.resolveButton.clicked.connect(self.open_current_in_resolution)
        base_row.addWidget(self.resolveButton)
        self.pageLinksButton = QPushButton("Page links", self)
        name_widget(self.pageLinksButton, "documentPageLinks")
        self.pageLinksButton.setToolTip(
            "Every reference of this page resolved at once by RFC 3986 and by browsers, "
            "with the reasons for each browser step"
        )
        self.pageLinksButton.clicked.connect(self._on_page_links_clicked)
        base_row.addWidget(self.pageLinksButton)
        return base_row

    def _build_table(self) -> None:
        """The links table: fixed-height rows, the verdict whole, the link stretched."""
        self.model = LinksModel(self)
        # A table, not a tree view: QTreeView lays out every row on a reset (it asked
        # the model about each of 10,000 rows: 300 ms on the GUI thread); a table with
        # fixed row heights asks only about the rows on screen.
        self.view = QTableView(self)
        name_widget(self.view, "documentView", "Links in the document")
        self.view.setModel(self.model)
        self.view.setShowGrid(False)
        self.view.setWordWrap(False)
        self.view.setCornerButtonEnabled(False)
        rows = self.view.verticalHeader()
        rows.hide()
        rows.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows_follow_font(self.view)  # zoom: one line of the view's font
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        #: the verdict measured on its words, part and note on their cells, the link
        #: the rest (eliding at its end)
        self.columns = ColumnFit(
            self.view, fixed=lambda: {COL_VERDICT: self.verdict_width()},
            fitted=(COL_SHOWN, COL_WHERE, COL_NOTE), stretch=(COL_LINK,))
        self.view.selectionModel().currentRowChanged.connect(self._on_current_row_changed)
        self.view.doubleClicked.connect(self._on_double_clicked)

    def verdict_width(self) -> int:
        """The verdict column's width: its widest word beside an icon, or its title."""
        cell = word_width(self.view, VERDICT_COLUMN_WORDS, resources.icon("danger"))
        gap = self.view.fontMetrics().horizontalAdvance("M") // 2
        return max(cell, self.view.horizontalHeader().sectionSizeHint(COL_VERDICT)) + gap

    def _build_parts(self) -> None:
        """Where each link sits: mail › zip › pdf › page › QR (for nested documents)."""
        self.parts = QTreeWidget(self)
        name_widget(self.parts, "documentParts", "The document's parts, outermost first")
        self.parts.setHeaderLabels(("Part", "Links"))
        self.parts.setUniformRowHeights(True)
        self.parts.itemClicked.connect(self._on_part_clicked)

    # ---- showing a document -------------------------------------------------------
    def show_busy(self, name: str) -> None:
        """A document is being read: say so and show the busy indicator."""
        self.name = name
        self.document = None
        self.model.set_links(())
        self.problems.hide()
        self.resolveButton.setEnabled(False)
        self.status.setText(busy_text(name))
        self.busy.show()

    def show_document(self, name: str, doc: Document, base: str | None = None,
                      summary: Summary | None = None) -> None:
        """List ``doc``'s links (verdicts follow through :meth:`set_levels`)."""
        self.name = name
        self.document = doc
        if summary is None:  # counted here when not counted on the worker
            summary = summarize(doc, base)
        self._summary = summary
        self.base = summary.base
        self.user_base = base
        page = doc.kind == "html"
        self.baseLabel.setVisible(page)
        self.baseField.setVisible(page)
        self.resolveButton.setVisible(page)
        self.pageLinksButton.setVisible(page)
        self.pageLinksButton.setEnabled(page and doc.text is not None)
        if self.baseField.text() != (base or ""):
            self.baseField.setText(base or "")  # the page URL this reading used
        self.model.set_links(doc.links)
        self.fit_columns()
        self.resolveButton.setEnabled(False)
        self._show_problems(doc)
        self._show_mail(doc)
        self._show_parts(doc)
        self._update_status()

    def _show_mail(self, doc: Document) -> None:
        """From (name and address), Reply-To, the server's SPF/DKIM/DMARC, and the notes."""
        text = mail_text(doc)
        self.mailStrip.setText(text)
        self.mailStrip.setVisible(bool(text) and not self.compact)

    def _show_parts(self, doc: Document) -> None:
        """The tree of parts (``a › b › c``) with each node's link count; only for a
        document with documents inside (an archive, a PDF, an attachment)."""
        clear_tree(self.parts)
        nodes = part_nodes(doc.links)
        if not nodes:
            self.parts.hide()
            return
        items: dict[tuple[str, ...], QTreeWidgetItem] = {}
        for node in nodes:  # parents come before their children
            item = tree_item((node.label, str(node.links)))
            item.setData(0, Qt.ItemDataRole.UserRole, node.key)
            item.setData(1, Qt.ItemDataRole.UserRole, node.first)
            item.setToolTip(0, node.tooltip)
            parent = items.get(node.parent)
            if parent is None:
                self.parts.addTopLevelItem(item)
            else:
                parent.addChild(item)
            items[node.key] = item
        self.parts.expandToDepth(3)
        self.parts.resizeColumnToContents(0)
        self.parts.resizeColumnToContents(1)
        self.parts.show()

    def _on_part_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        """Select the first link found in that part."""
        row = item.data(1, Qt.ItemDataRole.UserRole)
        if isinstance(row, int):
            self.select_row(row)

    def fit_columns(self) -> None:
        """Fit the columns to the table's width and the rows shown now."""
        self.columns.fit()

    def set_levels(self, start: int, levels: tuple[str, ...]) -> None:
        """Verdicts arrived for the rows from ``start`` on."""
        self.model.set_levels(start, levels)
        self._update_status()

    def set_busy(self, busy: bool) -> None:
        """Show or hide the busy indicator."""
        self.busy.setVisible(busy)
        if not busy:
            self._update_status()

    def _show_problems(self, doc: Document) -> None:
        text, tooltip = problems_text(doc)
        self.problems.setText(text)
        if not text:
            self.problems.hide()
            return
        self.problems.setToolTip(tooltip)
        self.problems.setVisible(not self.compact)

    def summary(self) -> str:
        """One line: what was read and what stands out."""
        doc = self.document
        if doc is None:
            return ""
        judged = Judged(self.model.judged, self.model.danger, len(self.model.levels))
        return summary_text(self.name, doc, self._summary, judged, self.base)

    def _update_status(self) -> None:
        self.status.setText(self.summary())

    # ---- rows -----------------------------------------------------------------------
    def link_at(self, row: int) -> Link | None:
        """The link shown in ``row``."""
        links = self.model.links
        return links[row] if 0 <= row < len(links) else None

    def row_text(self, row: int) -> tuple[str, ...]:
        """Every cell of ``row`` as shown (tests, accessibility)."""
        return link_cells(self.model.links[row], self.model.levels[row])

    def can_resolve(self, link: Link | None) -> bool:
        """Whether ``link`` is a page's reference with a base to resolve it against."""
        return (
            link is not None
            and self.document is not None
            and self.document.kind == "html"
            and self.base is not None
            and link.kind not in ("text", "qr", "base")
        )

    def select_row(self, row: int) -> None:
        """Select ``row`` (as a click does): the window inspects its link."""
        self.view.setCurrentIndex(self.model.index(row, COL_LINK))

    def open_in_resolution(self, row: int) -> bool:
        """Ask for ``row``'s base and reference in the Resolution pane."""
        link = self.link_at(row)
        if not self.can_resolve(link) or link is None or self.base is None:
            return False
        self.resolutionRequested.emit(self.base, link.raw)
        return True

    def open_current_in_resolution(self) -> None:
        """The *Open in Resolution* button."""
        self.open_in_resolution(self.view.currentIndex().row())

    def _on_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        link = self.link_at(current.row())
        self.resolveButton.setEnabled(self.can_resolve(link))
        if link is not None:
            self.linkRequested.emit(link)

    def _on_double_clicked(self, index: QModelIndex) -> None:
        if not self.open_in_resolution(index.row()):
            link = self.link_at(index.row())
            if link is not None:
                self.linkRequested.emit(link)

    def _on_page_links_clicked(self) -> None:
        doc = self.document
        if doc is not None and doc.text is not None:
            self.pageLinksRequested.emit(doc.text, self.baseField.text().strip())

    def _on_base_edited(self) -> None:
        text = self.baseField.text().strip()
        if self.document is not None and text != (self.user_base or ""):
            self.baseChanged.emit(text)

    def changeEvent(self, event: QEvent) -> None:
        """Colours follow a palette change (light/dark)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "model"):
            self.model.reset_colours()
