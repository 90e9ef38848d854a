"""The components pane: the reference as a tree of its parts, each with raw, decoded, span.

This module is the widget: it has the rows ``component_rows.RowBuilder`` builds shown
by a ``component_tree.RowTree`` (which reconciles them with tree items and styles
them), and handles hover (``component_tips``, Qt-free), selection and editing
(``component_edit``); thumbnails and flag dots come from ``component_preview``.

It renders ``Analysis.parsed.split`` (RFC 3986 §3 components, Appendix B split), the
host classification the core made and, for schemes with a decoder, a "<scheme>
details" branch (``Analysis.decoding``). Undefined (delimiter absent) and empty
(delimiter present, nothing after it) look different (RFC 3986 §5.3).

What keeps it cheap on every keystroke, on 1 MB inputs, and leak-free:

* the tree is *reconciled*, not rebuilt: rows whose identity is unchanged keep their
  ``QTreeWidgetItem`` and only changed cells are written; a path or query whose text
  and offset are unchanged keeps its child rows and is skipped as a whole, and a
  changed list reuses the rows whose text and offset are unchanged (the same for
  equal decoder fields);
* long lists (segments, parameters, decoder fields) are listed when first expanded,
  at most ``MAX_CHILDREN`` rows then "… N more"; a cell shows at most ``CELL_LIMIT``
  characters (Qt's elision of a long cell costs milliseconds per paint);
* the name and span columns are sized by the pane, not ``ResizeToContents`` (with
  it, every ``setData`` on such a column re-measured all its rows);
* items are made by C++ (``_common.tree_item`` clones a prototype) and cells are
  written with ``setData`` only: PySide6 6.11 on CPython 3.11 keeps a reference to ``None`` for
  every destroyed item constructed from Python once Qt has called its virtual
  ``data()`` (any paint), and for ``setText``/``text``/``setToolTip``/``setFont``;
  rows are removed with ``removeChild`` and deleted (an item taken with
  ``takeChild`` is never freed by PySide6 6.11);
* tooltips (the grammar rule under the chosen edition, notes) are computed on hover.

Every component row is editable (double-click, F2): the builder recomposes the
reference with ``core.compose`` (escaping only what that component needs, draft-2003
§2.4.2) and emits ``uriEdited``; each edit is an undoable command on ``undo_stack``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import (
    QFont,
    QHelpEvent,
    QIcon,
    QKeySequence,
    QPixmap,
    QShortcut,
    QShowEvent,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QMenu,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.compose import replace_component
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import SPAN_ROLE, plain_tooltip
from uriinspector.gui.panes.component_edit import EditCommand, EditDelegate, edit_text
from uriinspector.gui.panes.component_preview import flag_dot, thumbnail
from uriinspector.gui.panes.component_rows import (
    COL_DECODED,
    COL_NAME,
    COL_RAW,
    COL_SPAN,
    FLAGS,
    HEADERS,
    Row,
    RowBuilder,
    edition_label,
)
from uriinspector.gui.panes.component_tips import row_at_cursor, tooltip_text
from uriinspector.gui.panes.component_tree import RowTree, TreeNode
from uriinspector.gui.zoom import columns_follow_font, mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.decoders import SchemeDecoding
    from uriinspector.core.editions import Edition

__all__ = ["COL_DECODED", "COL_NAME", "COL_RAW", "COL_SPAN", "HEADERS", "ComponentsPane"]


class ComponentsPane(QWidget):
    """A tree of the reference's components; selecting a row asks for its span.

    Signals: ``spanRequested(start, end)`` (code points) when the user picks a row;
    ``uriEdited(text)`` when a builder edit (or its undo/redo) produced a new reference.
    """

    spanRequested = Signal(int, int)
    uriEdited = Signal(object)  # exact str (a str signal would go through QString)
    inspectRequested = Signal(object)  # a destination hop's URL (exact str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self._text = ""
        self._edition: Edition | str = "rfc3986"
        self._host_kind: str | None = None
        self.view = QTreeWidget(self)
        self.view.setObjectName("componentsView")
        self.view.setAccessibleName("Components")
        self.view.setColumnCount(len(HEADERS))
        self.view.setHeaderLabels(list(HEADERS))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._delegate = EditDelegate(self.view, self)
        self.view.setItemDelegate(self._delegate)
        header = self.view.header()
        header.setStretchLastSection(False)
        # Not ResizeToContents: with it, every setData on such a column (any role) made
        # Qt measure the column's rows again (~0.7 ms each); the pane fits them itself.
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_RAW, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_DECODED, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_SPAN, QHeaderView.ResizeMode.Interactive)
        columns_follow_font(self.view)  # zoom: the two fitted columns grow with the text
        self.summary = QLabel(self)
        self.summary.setObjectName("componentsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.preview = QLabel(self)
        self.preview.setObjectName("componentsPreview")
        self.preview.setAccessibleName("data: image preview")
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.preview.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.preview)
        self.undo_stack = QUndoStack(self)
        self.view.currentItemChanged.connect(self._on_view_current_item_changed)
        self.view.itemExpanded.connect(self._on_view_item_expanded)
        self.view.itemCollapsed.connect(self._on_view_item_collapsed)
        self.view.itemDoubleClicked.connect(self._on_view_item_double_clicked)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._on_view_context_menu)
        edit_key = QShortcut(QKeySequence(Qt.Key.Key_F2), self.view)
        edit_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        edit_key.activated.connect(self.edit_current)
        self.view.viewport().installEventFilter(self)
        self._mono = mono_font()
        self.tree = RowTree(self.view, self._mono)
        self._flag_icons: dict[str, QIcon] = {}
        self._image_cache: tuple[bytes, QPixmap | None, str] | None = None
        self._image_icon: QIcon | None = None
        self._shown_pixmap: QPixmap | None = None
        self._builder = RowBuilder(self._flag_icon, self._image_preview_row, self._hide_preview)

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a``: reconcile the tree with it, keeping the selected row if it exists."""
        previous = self.tree.key_of(self._current_node())
        self._text = a.text
        if a.edition != self._edition:  # rows read the edition (RFC 2396 ;params): no reuse
            self._builder.forget_branches()
        self._edition = a.edition
        self._host_kind = a.parsed.host_kind
        parsed = a.parsed
        kind = "URI" if parsed.split.scheme is not None else "relative reference"
        validity = "valid" if parsed.valid else "not valid"
        self.summary.setText(f"{kind}, {validity} under {edition_label(a.edition)}")
        rows = self._builder.rows(a)
        self._syncing = True
        try:
            self.tree.show(rows)
            if previous is not None and self.tree.key_of(self._current_node()) != previous:
                node = self.tree.find_key(previous)
                if node is not None:
                    self.view.setCurrentItem(node.item)
        finally:
            self._syncing = False
        self._fit_columns()

    def select_at(self, index: int) -> None:
        """Select the innermost row whose span contains code point ``index``.

        A cursor just after a component's last character (``index == end``) selects
        that component when nothing contains ``index``. Does not emit ``spanRequested``.
        """
        target = row_at_cursor(((n, n.row) for n in self.tree.all_nodes()), index)
        self._syncing = True
        try:
            if target is None:
                self.view.clearSelection()
                self.view.setCurrentIndex(QModelIndex())
            else:
                self.view.setCurrentItem(target.item)
                self.view.scrollToItem(target.item)
        finally:
            self._syncing = False

    def tooltip_text(self, item: QTreeWidgetItem, column: int) -> str:
        """The hover text of ``item``'s ``column``: the cell, the grammar rule it matched
        under the current edition (issue 6), notes, and how to edit it."""
        node = self.tree.node_of(item)
        return "" if node is None else tooltip_text(node.row, column, self._edition)

    def edit_current(self) -> None:
        """Open the editor on the current row's decoded cell (F2)."""
        item = self.view.currentItem()
        node = self.tree.node_of(item)
        if item is not None and node is not None and node.row.edit is not None:
            self.view.editItem(item, COL_DECODED)

    def edit_text(self, row: Row, column: int) -> str:
        """The text an editor starts from: the full raw text, or its decoded value."""
        return edit_text(self._text, row, column)

    def apply_edit(self, row: Row, column: int, value: str) -> bool:
        """Recompose the reference with ``value`` in ``row``'s component (raw column:
        keep valid escapes; decoded column: the value is data). True if it changed."""
        if row.edit is None or value == self.edit_text(row, column):
            return False
        component, index = row.edit
        out = replace_component(
            self._text, component, value, index=index, literal=column != COL_RAW
        )
        if out.error is not None:
            self.summary.setText(f"Edit not applied: {out.error}")
            return False
        if out.uri == self._text:
            return False
        command = EditCommand(self.uriEdited.emit, self._text, out.uri, f"edit {row.label}")
        self.undo_stack.push(command)
        return True

    # ---- what the row builder asks of the widget ------------------------------------

    def _hide_preview(self) -> None:
        if not self.preview.isHidden():
            self.preview.hide()

    def _image_preview_row(self, d: SchemeDecoding) -> Row:
        data = d.preview or b""
        pixmap, description = self._thumbnail(data)
        if pixmap is None:
            self.preview.hide()
            return Row("preview", "image preview", "scheme", None, description, None,
                       kind="field", flag="invalid", icon=self._flag_icon("invalid"),
                       note="Decoded with Qt's image reader; never loaded as HTML or run")
        if self.preview.isHidden() or self._shown_pixmap is not pixmap:
            self.preview.setPixmap(pixmap)
            self.preview.setToolTip(plain_tooltip(description))
            self._shown_pixmap = pixmap
            self.preview.show()
        return Row("preview", "image preview", "scheme", None, description, None,
                   kind="field", icon=self._image_icon,
                   note="Decoded with Qt's image reader from the payload bytes; never "
                   "loaded as HTML or run")

    def _thumbnail(self, data: bytes) -> tuple[QPixmap | None, str]:
        """Decode ``data`` with Qt's image reader into a thumbnail (cached by content)."""
        cached = self._image_cache
        if cached is not None and cached[0] == data:
            return cached[1], cached[2]
        result = thumbnail(data)
        self._image_cache = (data, result[0], result[1])
        self._image_icon = None if result[0] is None else QIcon(result[0])
        return result

    def _flag_icon(self, flag: str | None) -> QIcon | None:
        if flag not in FLAGS:
            return None
        icon = self._flag_icons.get(flag)
        if icon is None:
            hue = FLAGS[flag][2]
            colour = (palette.readable(palette.BLUISH_GREEN, self.view.palette().base().color())
                      if hue == "ok" else palette.severity_color(hue, self.view.palette()))
            icon = flag_dot(colour)
            self._flag_icons[flag] = icon
        return icon

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the columns left unfitted while the pane was hidden."""
        super().showEvent(event)
        self._fit_columns()

    def changeEvent(self, event: QEvent) -> None:
        """On a palette change (light/dark), drop cached colours and restyle every row."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "tree"):
            self._flag_icons.clear()
            self._builder.forget_fields()  # their rows hold the old flag icons
            self.tree.restyle()

    # ---- lookups -------------------------------------------------------------------

    def editor_font(self) -> QFont:
        """The monospace font of raw values (the cell editor's font)."""
        return self._mono

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> Row | None:
        """The component row shown at ``index`` (the cell editor's question)."""
        return self.tree.row_at(index)

    def _fit_columns(self) -> None:
        self.tree.fit_columns(len(self._text))

    def _current_node(self) -> TreeNode | None:
        return self.tree.node_of(self.view.currentItem())

    # ---- events --------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Hover over a row: show its tooltip, computed now (cheap typing)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.view.indexAt(event.pos())
            item = self.view.itemFromIndex(index) if index.isValid() else None
            text = self.tooltip_text(item, index.column()) if item is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), plain_tooltip(text), self.view.viewport(),
                                  self.view.visualRect(index))
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().eventFilter(watched, event)

    def _on_view_item_double_clicked(self, item: QTreeWidgetItem, column: int) -> None:
        node = self.tree.node_of(item)
        if node is not None and node.row.edit is not None:
            self.view.editItem(item, COL_RAW if column == COL_RAW else COL_DECODED)
        elif node is not None and node.row.inspect is not None:
            self.inspectRequested.emit(node.row.inspect)

    def inspect_url_of(self, item: QTreeWidgetItem | None) -> str | None:
        """The URL ``item`` offers to inspect (a destination hop), or None."""
        node = self.tree.node_of(item)
        return None if node is None else node.row.inspect

    def _on_view_context_menu(self, pos: QPoint) -> None:
        url = self.inspect_url_of(self.view.itemAt(pos))
        if url is None:
            return
        menu = QMenu(self.view)
        action = menu.addAction("Inspect this URL")
        action.triggered.connect(lambda _checked=False, u=url: self.inspectRequested.emit(u))
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def _on_view_item_expanded(self, item: QTreeWidgetItem) -> None:
        self.tree.names_dirty = True  # deeper rows are shown: they may be wider
        node = self.tree.node_of(item)
        if node is not None and node.pending is not None:
            syncing, self._syncing = self._syncing, True
            try:
                self.tree.expand(node)
            finally:
                self._syncing = syncing
        if not self._syncing:
            self._fit_columns()

    def _on_view_item_collapsed(self, _item: QTreeWidgetItem) -> None:
        self.tree.names_dirty = True
        if not self._syncing:
            self._fit_columns()

    def _on_view_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if self._syncing or current is None:
            return
        span = current.data(COL_NAME, SPAN_ROLE)
        if span is not None:
            self.spanRequested.emit(span[0], span[1])

