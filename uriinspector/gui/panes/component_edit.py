"""Editing a component in the Components tree: the cell editor and the undoable edit.

A double-click or F2 opens a monospace line edit on a component's raw or decoded cell;
the pane recomposes the reference (``core.compose``, draft-2003 §2.4.2) and pushes an
``EditCommand``, whose redo and undo load the new and the old reference.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol
from urllib.parse import unquote

from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QFont, QUndoCommand
from PySide6.QtWidgets import QLineEdit, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from uriinspector.core.decoders import scheme_of
from uriinspector.core.decoders.percent import query_decode
from uriinspector.gui.intake.intake import IntakeLineEdit
from uriinspector.gui.panes.component_rows import COL_DECODED, COL_RAW, Row


class Editable(Protocol):
    """What the cell editor asks of the tree it edits (the Components pane is one)."""

    def row_at(self, index: QModelIndex | QPersistentModelIndex) -> Row | None:
        """The component row shown at ``index`` (None: not a component)."""

    def edit_text(self, row: Row, column: int) -> str:
        """The text an editor of ``row``'s ``column`` starts from."""

    def apply_edit(self, row: Row, column: int, value: str) -> bool:
        """Recompose the reference with ``value`` in ``row``'s ``column``."""

    def editor_font(self) -> QFont:
        """The monospace font the tree shows raw values in."""


def edit_text(text: str, row: Row, column: int) -> str:
    """The text an editor starts from: the full raw text, or its decoded value."""
    raw = row.raw or ""
    if row.kind == "part" and row.raw is not None and row.edit is not None:
        raw = text[row.span[0] : row.span[1]] if row.span is not None else raw
    if column == COL_RAW:
        return raw
    if row.edit is not None and row.edit[0] in ("query-key", "query-value"):
        return query_decode(raw, scheme_of(text))  # javascript: keeps its "+"
    return unquote(raw, errors="replace")


class EditCommand(QUndoCommand):
    """One builder edit: redo loads ``after``, undo loads ``before``."""

    def __init__(self, load: Callable[[str], object], before: str, after: str,
                 text: str) -> None:
        super().__init__(text)
        self._load = load  # the pane's uriEdited.emit
        self._before = before
        self._after = after

    def redo(self) -> None:
        """Load the edited reference."""
        self._load(self._after)

    def undo(self) -> None:
        """Load the reference as it was before the edit."""
        self._load(self._before)


class EditDelegate(QStyledItemDelegate):
    """Edits the raw or decoded cell of a component row in a line edit, then hands the
    text to the pane's builder instead of writing it into the tree."""

    def __init__(self, view: QWidget, pane: Editable) -> None:
        super().__init__(view)
        self._pane = pane

    def createEditor(  # type: ignore[override]  # Qt takes a null editor: "not editable"
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget | None:
        """A monospace line edit for editable rows' raw and decoded cells only."""
        row = self._pane.row_at(index)
        if row is None or row.edit is None or index.column() not in (COL_RAW, COL_DECODED):
            return None
        editor = IntakeLineEdit(parent)  # pastes/drops: exact text (gui/intake/intake.py)
        editor.setObjectName("componentEditor")
        editor.setFont(self._pane.editor_font())
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        """Start from the component's full raw text or its decoded value."""
        row = self._pane.row_at(index)
        if row is not None and isinstance(editor, QLineEdit):
            editor.setText(self._pane.edit_text(row, index.column()))

    def setModelData(
        self, editor: QWidget, model: Any, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """Recompose the reference with the edited value (the tree follows the analysis)."""
        row = self._pane.row_at(index)
        if row is not None and isinstance(editor, QLineEdit):
            self._pane.apply_edit(row, index.column(), editor.text())

