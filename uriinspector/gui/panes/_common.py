"""Small display helpers the panes share: names, roles, visible characters, spans.

Nothing here knows URI grammar; it only turns core values into text a person reads.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

import shiboken6
from PySide6.QtCore import Qt
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QListWidget,
    QListWidgetItem,
    QTableWidget,
    QTableWidgetItem,
    QTreeWidget,
    QTreeWidgetItem,
    QWidget,
)

from uriinspector.core.hidden import is_hidden, marker

# The words of an undefined and an empty cell, Qt-free for the row builders.
from uriinspector.gui.panes.cells import EMPTY_TEXT as EMPTY_TEXT
from uriinspector.gui.panes.cells import UNDEFINED_TEXT as UNDEFINED_TEXT
from uriinspector.gui.panes.cells import SpanLike as SpanLike
from uriinspector.gui.panes.cells import span_label as span_label
from uriinspector.gui.panes.cells import span_tuple as span_tuple

# Input-derived text reaches Qt only through gui/plain.py (re-exported for the panes).
from uriinspector.gui.plain import esc as esc
from uriinspector.gui.plain import plain_tooltip as plain_tooltip
from uriinspector.gui.plain import visible_text as visible_text
from uriinspector.gui.workload import SYNC_LIMIT

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis

#: The finding or diagnostic code of a row (the contract's stable id).
CODE_ROLE = Qt.ItemDataRole.UserRole
#: A row's ``(start, end)`` code-point span, or ``None`` when it has none.
SPAN_ROLE = Qt.ItemDataRole.UserRole + 1
#: Rich text (HTML) a delegate draws instead of the plain display text.
HTML_ROLE = Qt.ItemDataRole.UserRole + 2


class _Prototypes:
    """Blank items that new rows are cloned from (made on first use)."""

    tree: QTreeWidgetItem | None = None
    list: QListWidgetItem | None = None
    table: QTableWidgetItem | None = None


def tree_item(texts: Sequence[str] = ()) -> QTreeWidgetItem:
    """A new tree row with ``texts`` in its columns, made by C++ (never leaks ``None``).

    PySide6 6.11 on CPython 3.11 keeps one reference to ``None`` for every item *made
    in Python* (``QTreeWidgetItem(...)``) on which C++ then calls a virtual method
    (painting calls ``data()``; ``setText`` calls ``setData``), once the item is
    destroyed: +1 per row per rebuild. An item made by ``clone()`` is a plain C++
    object with no Python override table, so cloning a blank prototype avoids it.

    Add the item to a tree at once: the tree then owns and deletes it (``clear()``,
    ``takeTopLevelItem``). Python never owns a clone, and PySide6 6.11 does not hand
    an item taken with ``takeChild()``/``takeChildren()`` back to Python either, so
    such an item is never deleted (RSS grows); rebuild the parent's rows instead.
    """
    if _Prototypes.tree is None:
        _Prototypes.tree = QTreeWidgetItem()
    item = _Prototypes.tree.clone()
    for column, text in enumerate(texts):
        item.setText(column, text)
    return item


def list_item(text: str, icon: QIcon | None = None) -> QListWidgetItem:
    """A new list row made by C++ (see :func:`tree_item` for why)."""
    if _Prototypes.list is None:
        _Prototypes.list = QListWidgetItem()
    item = _Prototypes.list.clone()
    item.setText(text)
    if icon is not None:
        item.setIcon(icon)
    return item


def table_item(text: str) -> QTableWidgetItem:
    """A new table cell made by C++ (see :func:`tree_item` for why)."""
    if _Prototypes.table is None:
        _Prototypes.table = QTableWidgetItem()
    item = _Prototypes.table.clone()
    item.setText(text)
    return item


def free_tree_item(item: QTreeWidgetItem) -> None:
    """Delete a detached ``item`` and its subtree, children first, through their wrappers.

    A clone is a plain C++ object: when C++ deletes it (``clear()``, a parent's
    destructor, ``setItem`` over it), shiboken is not told, and any Python wrapper
    still held for it (``currentItem()``, ``topLevelItem(i)``, a record of ours)
    goes stale; shiboken can later hand that stale wrapper out for a new object at
    the same address and free it — a segfault somewhere unrelated. Deleting every row
    through its own wrapper, each detached from its parent first (deleting an attached
    child and then its parent frees the child twice), invalidates each wrapper once.
    """
    order: list[QTreeWidgetItem] = []
    stack = [item]
    while stack:
        current = stack.pop()
        order.append(current)
        stack.extend(child for i in range(current.childCount())
                     if (child := current.child(i)) is not None)
    for row in reversed(order):  # children before their parents
        above = row.parent()
        if above is not None:
            above.removeChild(row)
        shiboken6.delete(row)


def clear_tree(view: QTreeWidget) -> None:
    """``view.clear()`` for rows made by :func:`tree_item`, leaving no stale wrapper."""
    for index in reversed(range(view.topLevelItemCount())):
        item = view.takeTopLevelItem(index)
        if item is not None:
            free_tree_item(item)


def clear_list(view: QListWidget) -> None:
    """``view.clear()`` for rows made by :func:`list_item`, leaving no stale wrapper."""
    for row in reversed(range(view.count())):
        item = view.takeItem(row)
        if item is not None:
            shiboken6.delete(item)


def put_table_item(table: QTableWidget, row: int, column: int, item: QTableWidgetItem) -> None:
    """``table.setItem`` that deletes the cell it replaces through its wrapper."""
    old = table.takeItem(row, column)
    table.setItem(row, column, item)
    if old is not None:
        shiboken6.delete(old)


def clear_table_items(table: QTableWidget, *, from_row: int = 0) -> None:
    """Delete the cells of ``table`` from ``from_row`` on through their wrappers (before
    ``clear()`` or a shrinking ``setRowCount``, which would delete them behind them)."""
    for row in range(from_row, table.rowCount()):
        for column in range(table.columnCount()):
            old = table.takeItem(row, column)
            if old is not None:
                shiboken6.delete(old)


def set_cell(
    item: QTreeWidgetItem | QListWidgetItem | QTableWidgetItem,
    column: int = 0,
    *,
    text: str | None = None,
    tooltip: str | None = None,
    font: QFont | None = None,
    foreground: QColor | None = None,
    background: QColor | None = None,
    alignment: Qt.AlignmentFlag | None = None,
) -> None:
    """Set an item's text, tooltip, font, colours or alignment, the ones given.

    Goes through ``setData`` with the matching roles, which also keeps items made in
    Python (``QTableWidgetItem(...)``) from leaking a reference to ``None`` through
    their own setters. ``column`` is ignored for list and table items.
    """
    roles: list[tuple[Qt.ItemDataRole, object]] = []
    if text is not None:
        roles.append((Qt.ItemDataRole.DisplayRole, text))
    if tooltip is not None:
        roles.append((Qt.ItemDataRole.ToolTipRole, tooltip))
    if font is not None:
        roles.append((Qt.ItemDataRole.FontRole, font))
    if foreground is not None:
        roles.append((Qt.ItemDataRole.ForegroundRole, QColor(foreground)))
    if background is not None:
        roles.append((Qt.ItemDataRole.BackgroundRole, QColor(background)))
    if alignment is not None:
        roles.append((Qt.ItemDataRole.TextAlignmentRole, int(alignment)))
    if isinstance(item, QTreeWidgetItem):
        for role, value in roles:
            item.setData(column, role, value)
    else:
        for role, value in roles:
            item.setData(role, value)


def name_widget(widget: QWidget, name: str, accessible: str | None = None) -> None:
    """Set ``objectName`` and the screen-reader name together."""
    widget.setObjectName(name)
    widget.setAccessibleName(accessible or name)


def visible_char(ch: str) -> str:
    """One character as a person can see it: a hidden one as its ``⟨U+XXXX⟩`` marker
    (``core/hidden.py``, the same marker every output uses), a space named, a
    combining mark on a dotted circle."""
    if not ch:
        return ""
    if is_hidden(ch):
        return marker(ch)
    if ch == " ":
        return "␠ (space)"
    if unicodedata.category(ch).startswith("M"):
        return f"\u25cc{ch}"  # a combining mark drawn on a dotted circle
    return ch


def part_ready(analysis: Analysis, part: str) -> bool:
    """Whether a pane may read lazy ``part`` of ``analysis`` on the GUI thread: a short
    input's is quick to build; a long one's is built by the controller's worker first
    (``controller.LATER_PARTS``, then ``partsReady``)."""
    return len(analysis.text) <= SYNC_LIMIT or analysis.computed(part)
