"""The components pane: the reference as a tree of its parts, each with raw, decoded, span.

This module is the widget: it reconciles the rows ``component_rows.RowBuilder`` builds
with tree items, styles them, and handles hover, selection and editing
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

import itertools
from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, QPoint, Qt, Signal
from PySide6.QtGui import (
    QColor,
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
    QStyle,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.compose import replace_component
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    SPAN_ROLE,
    free_tree_item,
    plain_tooltip,
    tree_item,
    visible_text,
)
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
from uriinspector.gui.zoom import columns_follow_font, mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.decoders import SchemeDecoding
    from uriinspector.core.editions import Edition

__all__ = ["COL_DECODED", "COL_NAME", "COL_RAW", "COL_SPAN", "HEADERS", "ComponentsPane"]

#: Role on a path/query row whose children are listed when it is first expanded.
LAZY_ROLE = Qt.ItemDataRole.UserRole + 5
#: Role holding the row's node number (the pane's own record of what the row shows).
NODE_ROLE = Qt.ItemDataRole.UserRole + 6
#: The name column is fitted to its rows, up to this fraction of the tree's width.
NAME_WIDTH_SHARE = 0.4

_D = Qt.ItemDataRole.DisplayRole
_FG = Qt.ItemDataRole.ForegroundRole
_FONT = Qt.ItemDataRole.FontRole
_ICON = Qt.ItemDataRole.DecorationRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)


class _Node:
    """The pane's record of a live item: the row it shows and its child nodes."""

    __slots__ = ("children", "item", "lazy_filled", "number", "pending", "row", "state", "texts")

    def __init__(self, item: QTreeWidgetItem, row: Row, number: int) -> None:
        self.item = item
        self.row = row
        self.number = number
        self.texts = row.texts()
        self.state = row.state()
        self.children: list[_Node] = []
        self.pending: Callable[[], list[Row]] | None = None
        #: children were listed from a long list the user expanded (kept up to date)
        self.lazy_filled = False



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
        self._numbers = itertools.count(1)
        self._nodes: dict[int, _Node] = {}
        self._top: list[_Node] = []
        self._mono = mono_font()
        self._fonts: dict[str, QFont] = {}
        self._colours: dict[str, QColor] = {}
        self._flag_icons: dict[str, QIcon] = {}
        self._image_cache: tuple[bytes, QPixmap | None, str] | None = None
        self._image_icon: QIcon | None = None
        self._shown_pixmap: QPixmap | None = None
        #: a name cell changed, or rows were added, shown or hidden: fit the name column
        self._names_dirty = True
        #: digits of the longest offset the span column was last sized for
        self._span_digits = -1
        self._builder = RowBuilder(self._flag_icon, self._image_preview_row, self._hide_preview)

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a``: reconcile the tree with it, keeping the selected row if it exists."""
        previous = self._key_of(self._current_node())
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
            self._top = self._sync(None, self._top, rows)
            if previous is not None and self._key_of(self._current_node()) != previous:
                node = self._find_key(previous)
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
        # component rows win over the scheme details' rows, then the shortest span
        best: _Node | None = None
        best_rank = (True, -1)
        touching: _Node | None = None
        touching_rank = (True, -1)
        for node in self._all_nodes():
            span = node.row.span
            if span is None or node.row.kind == "section":
                continue
            start, end = span
            rank = (node.row.kind != "part", end - start)
            if start <= index < end and (best is None or rank < best_rank):
                best, best_rank = node, rank
            elif end == index and (touching is None or rank < touching_rank):
                touching, touching_rank = node, rank
        target = best or touching
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
        node = self._node_of(item)
        if node is None:
            return ""
        row = node.row
        lines: list[str] = []
        if column == COL_RAW and row.kind == "part":
            if row.raw is None:
                lines.append(f"{row.label} is undefined: its delimiter is absent")
            elif row.raw == "":
                lines.append(f"{row.label} is present but empty")
            else:
                lines.append(visible_text(row.raw, 2000))
        elif column == COL_RAW and row.raw:
            lines.append(visible_text(row.raw, 2000))
        elif column == COL_DECODED and row.decoded:
            # a value's own line break is its marker, not a break of the tooltip
            lines.append(visible_text(row.decoded, 2000))
        elif column == COL_NAME and row.flag in FLAGS:
            glyph, words, _hue = FLAGS[row.flag]
            lines.append(f"{glyph} {words}")
        rule = self._rule_text(row)
        if rule:
            lines.append(rule)
        if row.note:
            lines.append(row.note)
        if row.edit is not None:
            lines.append(
                "Double-click or F2 to edit: the raw cell keeps existing %XX escapes, the "
                "decoded cell takes text as data; only what this component does not allow "
                "is percent-encoded (draft-2003 §2.4.2)."
            )
        return "\n".join(lines)

    def edit_current(self) -> None:
        """Open the editor on the current row's decoded cell (F2)."""
        item = self.view.currentItem()
        node = self._node_of(item)
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

    # ---- reconciling rows with items -----------------------------------------------

    def _sync(
        self, parent: QTreeWidgetItem | None, old: list[_Node], rows: list[Row]
    ) -> list[_Node]:
        """Make ``parent``'s children show ``rows``: same keys are updated in place, the
        rest is replaced from the first difference on."""
        out: list[_Node] = []
        keep = 0
        for node, row in zip(old, rows, strict=False):
            if node.row.key != row.key or node.row.kind != row.kind:
                break
            self._update(node, row)
            out.append(node)
            keep += 1
        for i in range(len(old) - 1, keep - 1, -1):
            self._remove(parent, old[i])
        for row in rows[keep:]:
            out.append(self._create(parent, row))
        return out

    def _create(self, parent: QTreeWidgetItem | None, row: Row) -> _Node:
        texts = row.texts()
        item = tree_item(texts)  # made by C++: never leaks None (see _common.tree_item)
        if parent is None:
            self.view.addTopLevelItem(item)
        else:
            parent.addChild(item)
        number = next(self._numbers)
        node = _Node(item, row, number)
        self._nodes[number] = node
        item.setData(COL_NAME, NODE_ROLE, number)
        item.setData(COL_NAME, SPAN_ROLE, row.span)
        item.setData(COL_SPAN, _ALIGN, _RIGHT)
        self._style(item, row)
        self._names_dirty = True
        self._fill_children(node, row, created=True)
        return node

    def _update(self, node: _Node, row: Row) -> None:
        old = node.row
        if row is old:  # a reused row: its cells and children are what is shown
            return
        item = node.item
        texts = row.texts()
        if texts != node.texts:
            for col in range(4):
                if texts[col] != node.texts[col]:
                    item.setData(col, _D, texts[col])
            if texts[COL_NAME] != node.texts[COL_NAME]:
                self._names_dirty = True
            node.texts = texts
        if row.span != node.row.span:
            item.setData(COL_NAME, SPAN_ROLE, row.span)
        state = row.state()
        if state != node.state:
            self._style(item, row)
            node.state = state
        node.row = row
        if (row.children or row.lazy is not None) and (
            row.children is old.children and row.lazy is old.lazy
        ):
            return  # the same child rows (an unchanged branch): nothing below changed
        self._fill_children(node, row, created=False)

    def _fill_children(self, node: _Node, row: Row, *, created: bool) -> None:
        item = node.item
        if row.lazy is not None:
            if node.lazy_filled and item.isExpanded():  # the user opened a long list
                node.children = self._sync(item, node.children, row.lazy())
                return
            node.lazy_filled = False
            for child in reversed(node.children):
                self._remove(item, child)
            node.children = []
            if item.isExpanded():  # an open row without children shows no arrow to list them
                item.setExpanded(False)
            node.pending = row.lazy
            item.setData(COL_NAME, LAZY_ROLE, True)
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            return
        node.lazy_filled = False
        if node.pending is not None:
            node.pending = None
            item.setData(COL_NAME, LAZY_ROLE, None)
            item.setChildIndicatorPolicy(
                QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless
            )
        had_children = bool(node.children)
        if row.children or node.children:
            node.children = self._sync(item, node.children, row.children)
        if row.children and row.expand and (created or not had_children):
            item.setExpanded(True)

    def _style(self, item: QTreeWidgetItem, row: Row) -> None:
        """Fonts, colours, icon and editability of a row (only when its state changed)."""
        name_colour = self._colour(row.style)
        if row.flag in FLAGS:
            hue = FLAGS[row.flag][2]
            name_colour = (self._colour("ok") if hue == "ok"
                           else palette.severity_color(hue, self.view.palette()))
        item.setData(COL_NAME, _FG, name_colour)
        cstyle = palette.COMPONENT_STYLES.get(row.style)
        bold = row.kind == "section" or (cstyle is not None and cstyle.bold and row.kind == "part")
        item.setData(COL_NAME, _FONT, self._font("bold") if bold else None)
        # a flag's icon goes with its words; a preview's thumbnail with its description
        item.setData(COL_NAME, _ICON, row.icon if row.flag else None)
        item.setData(COL_DECODED, _ICON, None if row.flag else row.icon)
        if row.kind == "part" and row.raw is None:
            item.setData(COL_RAW, _FONT, self._font("italic"))
            item.setData(COL_RAW, _FG, self._colour("dim"))
        elif row.kind == "part" and row.raw == "":
            item.setData(COL_RAW, _FONT, self._font("italic-mono"))
            item.setData(COL_RAW, _FG, None)
        else:
            item.setData(COL_RAW, _FONT, self._mono)
            item.setData(COL_RAW, _FG, None)
        item.setData(COL_DECODED, _FONT, self._font("section") if row.kind == "section"
                     else self._mono)
        flags = item.flags()
        editable = Qt.ItemFlag.ItemIsEditable
        want = flags | editable if row.edit is not None else flags & ~editable
        if want != flags:
            item.setFlags(want)

    def _font(self, name: str) -> QFont:
        font = self._fonts.get(name)
        if font is None:
            if name == "italic-mono":
                font = QFont(self._mono)
                font.setItalic(True)
            else:
                font = QFont()  # no size: it follows the view (zoom)
                font.setBold(name == "bold")
                font.setItalic(name in ("italic", "section"))
            self._fonts[name] = font
        return font

    def _colour(self, style: str) -> QColor:
        colour = self._colours.get(style)
        if colour is None:
            pal = self.view.palette()
            if style == "dim":
                colour = palette.dim_color(pal)
            elif style == "ok":
                colour = palette.readable(palette.BLUISH_GREEN, pal.base().color())
            else:
                colour = palette.component_color(style, pal)
            self._colours[style] = colour
        return colour

    def _fit_columns(self) -> None:
        """Size the name column to its rows when names changed, the span column to the
        widest offset the text can have (no per-row measuring on a keystroke)."""
        if not self.view.isVisible():
            return  # done on showing (measuring needs a laid-out view)
        if self._names_dirty:
            self._names_dirty = False
            self.view.resizeColumnToContents(COL_NAME)
            widest = int(self.view.viewport().width() * NAME_WIDTH_SHARE)
            if self.view.columnWidth(COL_NAME) > widest > 0:
                self.view.setColumnWidth(COL_NAME, widest)
        digits = len(str(len(self._text)))
        if digits != self._span_digits:
            self._span_digits = digits
            eights = "8" * digits
            frame = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
            width = self.view.fontMetrics().horizontalAdvance(f"{eights}–{eights}")
            width += 2 * (frame + 1) + 6
            header_width = self.view.header().sectionSizeHint(COL_SPAN)
            self.view.setColumnWidth(COL_SPAN, max(width, header_width))

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the columns left unfitted while the pane was hidden."""
        super().showEvent(event)
        self._fit_columns()

    def _remove(self, parent: QTreeWidgetItem | None, node: _Node) -> None:
        """Remove ``node``'s item (and its children) from the tree and free them.

        Never ``takeChild``: PySide6 6.11 keeps every item taken that way (and its
        children) alive for good, ~330 bytes a row per keystroke. ``removeChild`` lets
        go of the Python side, and deleting the C++ item frees it and its children.
        """
        self._forget(node)
        self._names_dirty = True
        item = node.item
        if parent is None:
            self.view.takeTopLevelItem(self.view.indexOfTopLevelItem(item))
        else:
            parent.removeChild(item)
        free_tree_item(item)

    def _forget(self, node: _Node) -> None:
        stack = [node]
        while stack:
            n = stack.pop()
            self._nodes.pop(n.number, None)
            stack.extend(n.children)

    def changeEvent(self, event: QEvent) -> None:
        """On a palette change (light/dark), drop cached colours and restyle every row."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_colours"):
            self._colours.clear()
            self._flag_icons.clear()
            self._builder.forget_fields()  # their rows hold the old flag icons
            for node in self._all_nodes():
                self._style(node.item, node.row)

    # ---- lookups -------------------------------------------------------------------

    def _node_of(self, item: QTreeWidgetItem | None) -> _Node | None:
        if item is None:
            return None
        number = item.data(COL_NAME, NODE_ROLE)
        return None if number is None else self._nodes.get(int(number))

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> Row | None:
        """The component row shown at ``index`` (the cell editor's question)."""
        number = index.sibling(index.row(), COL_NAME).data(NODE_ROLE)
        node = None if number is None else self._nodes.get(int(number))
        return None if node is None else node.row

    def editor_font(self) -> QFont:
        """The monospace font of raw values (the cell editor's font)."""
        return self._mono

    def _current_node(self) -> _Node | None:
        return self._node_of(self.view.currentItem())

    def _all_nodes(self) -> list[_Node]:
        out: list[_Node] = []
        stack = list(reversed(self._top))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def _key_of(self, node: _Node | None) -> tuple[str, ...] | None:
        if node is None:
            return None
        path: list[str] = []
        target = node

        def walk(nodes: list[_Node]) -> bool:
            for n in nodes:
                path.append(n.row.key)
                if n is target or walk(n.children):
                    return True
                path.pop()
            return False

        return tuple(path) if walk(self._top) else None

    def _find_key(self, key: tuple[str, ...]) -> _Node | None:
        nodes = self._top
        found: _Node | None = None
        for part in key:
            found = next((n for n in nodes if n.row.key == part), None)
            if found is None:
                return None
            nodes = found.children
        return found

    def _rule_text(self, row: Row) -> str | None:
        """``rule_for_component(...).describe()`` for the row under the shown edition."""
        if row.rule is None:
            return None
        try:
            from uriinspector.core.explain import rule_for_component
        except ImportError:
            return None
        component, detail = row.rule
        try:
            rule = rule_for_component(component, self._edition, detail=detail)
        except Exception:  # explanations are a bonus; never break hovering
            return None
        return None if rule is None else str(rule.describe())

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
        node = self._node_of(item)
        if node is not None and node.row.edit is not None:
            self.view.editItem(item, COL_RAW if column == COL_RAW else COL_DECODED)
        elif node is not None and node.row.inspect is not None:
            self.inspectRequested.emit(node.row.inspect)

    def inspect_url_of(self, item: QTreeWidgetItem | None) -> str | None:
        """The URL ``item`` offers to inspect (a destination hop), or None."""
        node = self._node_of(item)
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
        self._names_dirty = True  # deeper rows are shown: they may be wider
        node = self._node_of(item)
        if node is not None and node.pending is not None:
            fill, node.pending = node.pending, None
            node.lazy_filled = True
            syncing, self._syncing = self._syncing, True
            try:
                node.children = self._sync(item, node.children, fill())
            finally:
                self._syncing = syncing
        if not self._syncing:
            self._fit_columns()

    def _on_view_item_collapsed(self, _item: QTreeWidgetItem) -> None:
        self._names_dirty = True
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

