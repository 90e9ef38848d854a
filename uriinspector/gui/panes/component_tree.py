"""The Components tree's items kept in step with its rows: reconciled, not rebuilt.

``RowTree`` owns the ``QTreeWidget``'s items: rows whose identity is unchanged keep
their item and only changed cells are written; a branch whose rows are the same
objects is skipped as a whole; long lists are listed when first expanded. Items are
made by C++ (``_common.tree_item``) and cells written with ``setData`` only, and rows
are removed with ``removeChild`` and deleted (see ``components.py`` for why).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QFont
from PySide6.QtWidgets import QStyle, QTreeWidget, QTreeWidgetItem

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import SPAN_ROLE, free_tree_item, tree_item
from uriinspector.gui.panes.component_rows import (
    COL_DECODED,
    COL_NAME,
    COL_RAW,
    COL_SPAN,
    FLAGS,
    Row,
)

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


class TreeNode:
    """The record of a live item: the row it shows and its child nodes."""

    __slots__ = ("children", "item", "lazy_filled", "number", "pending", "row", "state", "texts")

    def __init__(self, item: QTreeWidgetItem, row: Row, number: int) -> None:
        self.item = item
        self.row = row
        self.number = number
        self.texts = row.texts()
        self.state = row.state()
        self.children: list[TreeNode] = []
        self.pending: Callable[[], list[Row]] | None = None
        #: children were listed from a long list the user expanded (kept up to date)
        self.lazy_filled = False


class RowTree:
    """The items of ``view`` showing a list of rows, with each item's node by number."""

    def __init__(self, view: QTreeWidget, mono: QFont) -> None:
        """``mono``: the font of raw and decoded values."""
        self.view = view
        self._mono = mono
        self._numbers = itertools.count(1)
        self.nodes: dict[int, TreeNode] = {}
        self.top: list[TreeNode] = []
        self._fonts: dict[str, QFont] = {}
        self._colours: dict[str, QColor] = {}
        #: a name cell changed, or rows were added, shown or hidden: fit the name column
        self.names_dirty = True
        #: digits of the longest offset the span column was last sized for
        self._span_digits = -1

    def show(self, rows: list[Row]) -> None:
        """Make the top level show ``rows``."""
        self.top = self.sync(None, self.top, rows)

    def expand(self, node: TreeNode) -> None:
        """List the children of a long list ``node`` the user opened."""
        if node.pending is not None:
            fill, node.pending = node.pending, None
            node.lazy_filled = True
            node.children = self.sync(node.item, node.children, fill())

    def restyle(self) -> None:
        """The palette changed (light/dark): drop cached colours, restyle every row."""
        self._colours.clear()
        for node in self.all_nodes():
            self.style(node.item, node.row)

    def sync(
        self, parent: QTreeWidgetItem | None, old: list[TreeNode], rows: list[Row]
    ) -> list[TreeNode]:
        """Make ``parent``'s children show ``rows``: same keys are updated in place, the
        rest is replaced from the first difference on."""
        out: list[TreeNode] = []
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

    def _create(self, parent: QTreeWidgetItem | None, row: Row) -> TreeNode:
        texts = row.texts()
        item = tree_item(texts)  # made by C++: never leaks None (see _common.tree_item)
        if parent is None:
            self.view.addTopLevelItem(item)
        else:
            parent.addChild(item)
        number = next(self._numbers)
        node = TreeNode(item, row, number)
        self.nodes[number] = node
        item.setData(COL_NAME, NODE_ROLE, number)
        item.setData(COL_NAME, SPAN_ROLE, row.span)
        item.setData(COL_SPAN, _ALIGN, _RIGHT)
        self.style(item, row)
        self.names_dirty = True
        self._fill_children(node, row, created=True)
        return node

    def _update(self, node: TreeNode, row: Row) -> None:
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
                self.names_dirty = True
            node.texts = texts
        if row.span != node.row.span:
            item.setData(COL_NAME, SPAN_ROLE, row.span)
        state = row.state()
        if state != node.state:
            self.style(item, row)
            node.state = state
        node.row = row
        if (row.children or row.lazy is not None) and (
            row.children is old.children and row.lazy is old.lazy
        ):
            return  # the same child rows (an unchanged branch): nothing below changed
        self._fill_children(node, row, created=False)

    def _fill_children(self, node: TreeNode, row: Row, *, created: bool) -> None:
        item = node.item
        if row.lazy is not None:
            if node.lazy_filled and item.isExpanded():  # the user opened a long list
                node.children = self.sync(item, node.children, row.lazy())
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
            node.children = self.sync(item, node.children, row.children)
        if row.children and row.expand and (created or not had_children):
            item.setExpanded(True)

    def style(self, item: QTreeWidgetItem, row: Row) -> None:
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
        """A cell font by name (no size: it follows the view's zoom), made once."""
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
        """A component's (or ``dim``, ``ok``) colour on the view's palette, made once."""
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

    def fit_columns(self, text_length: int) -> None:
        """Size the name column to its rows when names changed, the span column to the
        widest offset the text can have (no per-row measuring on a keystroke)."""
        if not self.view.isVisible():
            return  # done on showing (measuring needs a laid-out view)
        if self.names_dirty:
            self.names_dirty = False
            self.view.resizeColumnToContents(COL_NAME)
            widest = int(self.view.viewport().width() * NAME_WIDTH_SHARE)
            if self.view.columnWidth(COL_NAME) > widest > 0:
                self.view.setColumnWidth(COL_NAME, widest)
        digits = len(str(text_length))
        if digits != self._span_digits:
            self._span_digits = digits
            eights = "8" * digits
            frame = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
            width = self.view.fontMetrics().horizontalAdvance(f"{eights}–{eights}")
            width += 2 * (frame + 1) + 6
            header_width = self.view.header().sectionSizeHint(COL_SPAN)
            self.view.setColumnWidth(COL_SPAN, max(width, header_width))

    def _remove(self, parent: QTreeWidgetItem | None, node: TreeNode) -> None:
        """Remove ``node``'s item (and its children) from the tree and free them.

        Never ``takeChild``: PySide6 6.11 keeps every item taken that way (and its
        children) alive for good, ~330 bytes a row per keystroke. ``removeChild`` lets
        go of the Python side, and deleting the C++ item frees it and its children.
        """
        self._forget(node)
        self.names_dirty = True
        item = node.item
        if parent is None:
            self.view.takeTopLevelItem(self.view.indexOfTopLevelItem(item))
        else:
            parent.removeChild(item)
        free_tree_item(item)

    def _forget(self, node: TreeNode) -> None:
        stack = [node]
        while stack:
            n = stack.pop()
            self.nodes.pop(n.number, None)
            stack.extend(n.children)

    def node_of(self, item: QTreeWidgetItem | None) -> TreeNode | None:
        if item is None:
            return None
        number = item.data(COL_NAME, NODE_ROLE)
        return None if number is None else self.nodes.get(int(number))

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> Row | None:
        """The component row shown at ``index`` (the cell editor's question)."""
        number = index.sibling(index.row(), COL_NAME).data(NODE_ROLE)
        node = None if number is None else self.nodes.get(int(number))
        return None if node is None else node.row

    def all_nodes(self) -> list[TreeNode]:
        out: list[TreeNode] = []
        stack = list(reversed(self.top))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def key_of(self, node: TreeNode | None) -> tuple[str, ...] | None:
        if node is None:
            return None
        path: list[str] = []
        target = node

        def walk(nodes: list[TreeNode]) -> bool:
            for n in nodes:
                path.append(n.row.key)
                if n is target or walk(n.children):
                    return True
                path.pop()
            return False

        return tuple(path) if walk(self.top) else None

    def find_key(self, key: tuple[str, ...]) -> TreeNode | None:
        nodes = self.top
        found: TreeNode | None = None
        for part in key:
            found = next((n for n in nodes if n.row.key == part), None)
            if found is None:
                return None
            nodes = found.children
        return found
