"""The model of an opened document's links table: one row per link, its verdict arriving.

What each cell says, its colour (a severity key), the verdict's icon and the tooltip
are the Qt-free ``link_rows``' (columns, words and rules are described there); this
model only answers Qt's roles from them. A model, not items: a 100,000-link page is
listed at once and painted a screen at a time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtGui import QColor, QIcon
from PySide6.QtWidgets import QWidget

from uriinspector.gui import resources
from uriinspector.gui.panes import palette
from uriinspector.gui.panes.link_rows import (
    COL_VERDICT,
    HEADERS,
    cell_text,
    foreground_key,
    icon_key,
    tooltip_text,
)

if TYPE_CHECKING:
    from uriinspector.sources.model import Link

_Index = QModelIndex | QPersistentModelIndex


class LinksModel(QAbstractTableModel):
    """The rows of one document (and their verdicts as they arrive)."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.links: tuple[Link, ...] = ()
        self.levels: list[str | None] = []
        #: how many rows have a verdict, and how many of them are danger
        self.judged = 0
        self.danger = 0
        self._colours: dict[str, QColor] = {}
        self._icons: dict[str, QIcon] = {}
        self._palette_of: QWidget | None = parent

    def set_links(self, links: tuple[Link, ...]) -> None:
        """Show ``links`` (verdicts unknown until :meth:`set_levels`)."""
        self.beginResetModel()
        self.links = links
        self.levels = [None] * len(links)
        self.judged = 0
        self.danger = 0
        self.endResetModel()

    def set_levels(self, start: int, levels: tuple[str, ...]) -> None:
        """Verdict levels of the rows from ``start`` on."""
        if not levels or start >= len(self.links):
            return
        old = self.levels[start : start + len(levels)]
        self.judged += sum(1 for v in levels if v) - sum(1 for v in old if v)
        self.danger += levels.count("danger") - old.count("danger")
        self.levels[start : start + len(levels)] = levels
        last = min(start + len(levels), len(self.links)) - 1
        # Only the verdict cells change (a mismatch row's colour never depends on it).
        self.dataChanged.emit(self.index(start, COL_VERDICT), self.index(last, COL_VERDICT))

    def reset_colours(self) -> None:
        """Forget cached colours (the palette changed)."""
        self._colours.clear()

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """One row per link."""
        return 0 if parent.isValid() else len(self.links)

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        """Verdict, link, shown as, part, note."""
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Column titles."""
        if orientation == Qt.Orientation.Horizontal and role == Qt.ItemDataRole.DisplayRole:
            return HEADERS[section]
        return None

    def _colour(self, severity: str) -> QColor:
        colour = self._colours.get(severity)
        if colour is None:
            widget = self._palette_of
            pal = widget.palette() if widget is not None else None
            if pal is None:
                from PySide6.QtGui import QGuiApplication

                pal = QGuiApplication.palette()
            colour = palette.severity_color(severity, pal)
            self._colours[severity] = colour
        return colour

    def _icon(self, name: str) -> QIcon:
        icon = self._icons.get(name)
        if icon is None:
            icon = resources.icon(name)
            self._icons[name] = icon
        return icon

    def cell(self, row: int, column: int) -> str:
        """The text of one cell (as a person reads it)."""
        return cell_text(self.links[row], self.levels[row], column)

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        """Text, colour, icon and a plain tooltip per cell (``link_rows``)."""
        if not index.isValid() or index.row() >= len(self.links):
            return None
        row, column = index.row(), index.column()
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.AccessibleTextRole):
            return self.cell(row, column)
        if role == Qt.ItemDataRole.ForegroundRole:
            key = foreground_key(self.links[row], self.levels[row], column)
            return None if key is None else self._colour(key)
        if role == Qt.ItemDataRole.DecorationRole and column == COL_VERDICT:
            name = icon_key(self.links[row], self.levels[row])
            return None if name is None else self._icon(name)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip_text(self.links[row], self.levels[row])
        return None
