"""The History pane: recent inspections, searchable as you type, with pins.

The pane only shows what the window hands it (``show_history``) and asks for changes
through signals; the history itself lives in ``Settings`` (one atomic file). The search
is a case-insensitive substring of the URI (``settings.matches``); pinned entries come
first (the Qt-free ``history_rows`` decides the rows and their cells; this widget only
makes tree items). Double-click or Enter inspects an entry again. The search box is an
``intake.IntakeLineEdit``: what is pasted or dropped into it is the exact text offered.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.intake.intake import IntakeLineEdit
from uriinspector.gui.panes._common import clear_tree, name_widget, tree_item
from uriinspector.gui.panes.history_rows import (
    COL_PIN,
    COL_URI,
    COL_WHEN,
    HEADERS,
    count_text,
    history_rows,
    pin_text,
)
from uriinspector.gui.settings import HistoryEntry
from uriinspector.gui.zoom import mono_font

#: A row's index into the entries shown: the exact URI stays in Python (a str stored in
#: an item role becomes a QString, which drops lone surrogates).
URI_ROLE = Qt.ItemDataRole.UserRole
DISPLAY = Qt.ItemDataRole.DisplayRole
TOOLTIP = Qt.ItemDataRole.ToolTipRole


class _HistoryTree(QTreeWidget):
    """The list; Delete removes the current entry."""

    deletePressed = Signal()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Delete (or Backspace) asks to remove the current entry."""
        if event.key() in (Qt.Key.Key_Delete, Qt.Key.Key_Backspace):
            self.deletePressed.emit()
            return
        super().keyPressEvent(event)


class HistoryPane(QWidget):
    """Recent inspections with a search box, pin/unpin, remove and clear."""

    # object, not str: the exact text (a str signal would go through QString)
    inspectRequested = Signal(object)
    pinRequested = Signal(object, bool)
    removeRequested = Signal(object)
    clearRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._entries: tuple[HistoryEntry, ...] = ()
        self._shown: list[HistoryEntry] = []
        self._keep = True
        # pastes and drops pass intake (a dragged link is searched for exactly as
        # offered, never rewritten by QUrl)
        self.searchField = IntakeLineEdit(self)
        name_widget(self.searchField, "historySearch", "Search history")
        self.searchField.setPlaceholderText("Search history (any part of the URI)")
        self.searchField.setClearButtonEnabled(True)
        self.historyView = _HistoryTree(self)
        name_widget(self.historyView, "historyView", "History")
        self.historyView.setHeaderLabels(list(HEADERS))
        self.historyView.setRootIsDecorated(False)
        self.historyView.setUniformRowHeights(True)
        self.historyView.setAlternatingRowColors(True)
        self.historyView.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.historyView.setFont(mono_font())
        self._bold = mono_font()
        self._bold.setBold(True)
        header = self.historyView.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_PIN, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_URI, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_WHEN, QHeaderView.ResizeMode.ResizeToContents)
        self.pinButton = QPushButton("Pin", self)
        name_widget(self.pinButton, "historyPinButton", "Pin or unpin")
        self.pinButton.setToolTip("A pinned entry stays first and is never evicted or cleared")
        self.removeButton = QPushButton("Remove", self)
        name_widget(self.removeButton, "historyRemoveButton", "Remove from history")
        self.clearButton = QPushButton("Clear…", self)
        name_widget(self.clearButton, "historyClearButton", "Clear history")
        self.clearButton.setToolTip("Forget every entry that is not pinned (asks first)")
        self.countLabel = QLabel(self)
        self.countLabel.setObjectName("historyCount")
        search_row = QHBoxLayout()
        search_row.addWidget(self.searchField, 1)
        search_row.addWidget(self.countLabel)
        buttons = QHBoxLayout()
        buttons.addWidget(self.pinButton)
        buttons.addWidget(self.removeButton)
        buttons.addStretch(1)
        buttons.addWidget(self.clearButton)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(4, 4, 4, 4)
        layout.addLayout(search_row)
        layout.addWidget(self.historyView, 1)
        layout.addLayout(buttons)

        self.searchField.textChanged.connect(self._refill)
        self.historyView.itemActivated.connect(self._on_item_activated)
        self.historyView.currentItemChanged.connect(self._update_buttons)
        self.historyView.deletePressed.connect(self._on_remove_clicked)
        self.pinButton.clicked.connect(self._on_pin_clicked)
        self.removeButton.clicked.connect(self._on_remove_clicked)
        self.clearButton.clicked.connect(self.clearRequested)
        self._refill()

    # ---- public interface --------------------------------------------------------
    def show_analysis(self, a: object) -> None:
        """Nothing to show from an analysis; the window sends the history."""

    def show_history(self, entries: Sequence[HistoryEntry], keep: bool = True) -> None:
        """Show ``entries`` (newest first) under the current search."""
        self._entries = tuple(entries)
        self._keep = keep
        self._refill()

    def shown_uris(self) -> list[str]:
        """The URIs listed now, top to bottom (what the search lets through)."""
        return [uri for item in self._items() if (uri := self._uri_of(item)) is not None]

    def _uri_of(self, item: QTreeWidgetItem | None) -> str | None:
        """The exact URI of a row."""
        index = None if item is None else item.data(COL_URI, URI_ROLE)
        if isinstance(index, int) and 0 <= index < len(self._shown):
            return self._shown[index].uri
        return None

    def _items(self) -> list[QTreeWidgetItem]:
        view = self.historyView
        items = (view.topLevelItem(i) for i in range(view.topLevelItemCount()))
        return [item for item in items if item is not None]

    def current_uri(self) -> str | None:
        """The selected entry's URI."""
        return self._uri_of(self.historyView.currentItem())

    def select_uri(self, uri: str) -> bool:
        """Make ``uri``'s row current; False when it is not listed."""
        for item in self._items():
            if self._uri_of(item) == uri:
                self.historyView.setCurrentItem(item)
                return True
        return False

    # ---- internals ---------------------------------------------------------------
    def _refill(self) -> None:
        current = self.current_uri()
        query = self.searchField.text()
        rows = history_rows(self._entries, query)
        view = self.historyView
        clear_tree(view)
        self._shown = [row.entry for row in rows]
        items: list[QTreeWidgetItem] = []
        for index, row in enumerate(rows):
            # Cloned by C++ (_common.tree_item): a QTreeWidgetItem made in Python leaks
            # one None per row once painted (PySide6 6.11, CPython 3.11), and the list
            # is rebuilt on every recorded inspection (issue 13: 1,000 links, +7 k).
            # setData, not setText/setToolTip: those leak a None per call too.
            item = tree_item()
            items.append(item)
            item.setData(COL_PIN, DISPLAY, row.pin)
            item.setData(COL_URI, DISPLAY, row.uri)
            item.setData(COL_URI, TOOLTIP, row.uri_tooltip)
            item.setData(COL_WHEN, DISPLAY, row.when)
            item.setData(COL_WHEN, TOOLTIP, row.when_tooltip)
            item.setData(COL_URI, URI_ROLE, index)
            if row.bold:
                for col in (COL_PIN, COL_URI, COL_WHEN):
                    item.setData(col, Qt.ItemDataRole.FontRole, self._bold)
        view.addTopLevelItems(items)
        self.countLabel.setText(count_text(self._keep, query, len(rows), len(self._entries)))
        self.searchField.setEnabled(self._keep)
        self.clearButton.setEnabled(self._keep and bool(self._entries))
        if current is not None:
            self.select_uri(current)
        self._update_buttons()

    def _current_entry(self) -> HistoryEntry | None:
        uri = self.current_uri()
        return next((e for e in self._entries if e.uri == uri), None)

    def _update_buttons(self, *_args: object) -> None:
        entry = self._current_entry()
        self.pinButton.setEnabled(entry is not None)
        self.removeButton.setEnabled(entry is not None)
        self.pinButton.setText(pin_text(entry))

    def _on_item_activated(self, item: QTreeWidgetItem, _column: int) -> None:
        uri = self._uri_of(item)
        if uri is not None:
            self.inspectRequested.emit(uri)

    def _on_pin_clicked(self) -> None:
        entry = self._current_entry()
        if entry is not None:
            self.pinRequested.emit(entry.uri, not entry.pinned)

    def _on_remove_clicked(self) -> None:
        entry = self._current_entry()
        if entry is not None:
            self.removeRequested.emit(entry.uri)
