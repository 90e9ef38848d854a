"""The characters pane: one row per character with its class under the chosen edition.

A table model whose row count is the text's length and whose rows are the core's
``CharInfo``, classified on demand, a chunk at a time, for the rows the view asks for
(``core.character_rows.classify_range``): an 8 KB or 1 MB input no longer builds the
whole per-character table on the GUI thread at every keystroke. Cells are formatted
lazily, only for the rows on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import (
    QAbstractTableModel,
    QModelIndex,
    QPersistentModelIndex,
    Qt,
    Signal,
)
from PySide6.QtGui import QColor
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import SPAN_ROLE, name_widget, visible_char
from uriinspector.gui.zoom import columns_follow_font, mono_font, rows_follow_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.characters import CharInfo
    from uriinspector.core.parse import ParsedReference

COL_INDEX, COL_CHAR, COL_CODEPOINT, COL_CLASS, COL_COMPONENT, COL_DECODED, COL_NAME = range(7)
HEADERS = ("#", "Char", "Code point", "Class", "Component", "Decoded", "Unicode name")

_Index = QModelIndex | QPersistentModelIndex

_DISPLAY = int(Qt.ItemDataRole.DisplayRole)
_TOOLTIP = int(Qt.ItemDataRole.ToolTipRole)
_FOREGROUND = int(Qt.ItemDataRole.ForegroundRole)
_FONT = int(Qt.ItemDataRole.FontRole)
_ALIGNMENT = int(Qt.ItemDataRole.TextAlignmentRole)
_SPAN = int(SPAN_ROLE)
#: The roles ``CharactersModel.data`` answers; every other role is None at once.
_ROLES = frozenset({_DISPLAY, _TOOLTIP, _FOREGROUND, _FONT, _ALIGNMENT, _SPAN})
_RIGHT = int(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)


def _octet_text(info: CharInfo) -> str:
    """The ``%XX`` octet and what it decodes to, as the core computed them."""
    octet = info.escape_octet
    decoded = info.decoded
    parts: list[str] = []
    if octet is not None:
        parts.append(f"0x{octet:02X}" if isinstance(octet, int) else str(octet))
    if decoded is not None and decoded != "":
        parts.append("→ " + "".join(visible_char(c) if len(decoded) == 1 else c for c in decoded))
    return " ".join(parts)


class CharactersModel(QAbstractTableModel):
    """Read-only table of one row per code point of a parsed reference.

    Rows are classified when first asked for, ``CHUNK`` at a time, and kept until the
    next reference (at most ``MAX_KEPT``): a repaint reads ~30 rows, not the table.
    """

    CHUNK = 64
    MAX_KEPT = 1 << 14

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._parsed: ParsedReference | None = None
        self._n = 0
        self._rows: dict[int, CharInfo] = {}
        self._colours: dict[str, QColor] = {}
        self._mono = mono_font()

    def set_reference(
        self,
        parsed: ParsedReference,
        colours: dict[str, QColor],
        visible: range | None = None,
    ) -> bool:
        """Show ``parsed``: one reset, or (``visible``) only the rows that moved on screen.

        With ``visible`` (the rows on screen), rows added or removed at the end are
        inserted or removed, and only on-screen rows whose value changed are
        repainted (``dataChanged``); off-screen rows are classified when scrolled to.
        A keystroke then classifies the rows on screen and nothing else. True when
        rows on screen changed (or the model was reset).
        """
        from uriinspector.core.character_rows import classify_range

        n_old, n_new = self._n, len(parsed.split.text)
        if visible is None or self._parsed is None or colours != self._colours:
            self.beginResetModel()
            self._parsed, self._n, self._rows, self._colours = parsed, n_new, {}, colours
            self.endResetModel()
            return True
        shown = range(max(0, visible.start), min(visible.stop, n_old, n_new))
        fresh = dict(zip(shown, classify_range(parsed, shown.start, shown.stop), strict=True))
        changed = [i for i in shown if self._rows.get(i) != fresh[i]]
        if n_new > n_old:
            self.beginInsertRows(QModelIndex(), n_old, n_new - 1)
            self._parsed, self._n, self._rows = parsed, n_new, fresh
            self.endInsertRows()
        elif n_new < n_old:
            self.beginRemoveRows(QModelIndex(), n_new, n_old - 1)
            self._parsed, self._n, self._rows = parsed, n_new, fresh
            self.endRemoveRows()
        else:
            self._parsed, self._rows = parsed, fresh
        if changed:
            last = len(HEADERS) - 1
            self.dataChanged.emit(self.index(changed[0], 0), self.index(changed[-1], last))
        return bool(changed)

    def row_info(self, row: int) -> CharInfo | None:
        """The ``CharInfo`` shown in ``row``, if any (classified now if not yet)."""
        if not 0 <= row < self._n or self._parsed is None:
            return None
        info = self._rows.get(row)
        if info is None:
            from uriinspector.core.character_rows import classify_range

            if len(self._rows) >= self.MAX_KEPT:
                self._rows = {}
            start = row - row % self.CHUNK
            chunk = classify_range(self._parsed, start, start + self.CHUNK)
            self._rows.update(zip(range(start, start + len(chunk)), chunk, strict=True))
            info = self._rows[row]
        return info

    def rowCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else self._n

    def columnCount(self, parent: _Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(HEADERS)

    def headerData(
        self,
        section: int,
        orientation: Qt.Orientation,
        role: int = Qt.ItemDataRole.DisplayRole,
    ) -> object:
        if (
            role == Qt.ItemDataRole.DisplayRole
            and orientation == Qt.Orientation.Horizontal
            and 0 <= section < len(HEADERS)
        ):
            return HEADERS[section]
        return None

    def data(self, index: _Index, role: int = Qt.ItemDataRole.DisplayRole) -> object:
        # A repaint asks every visible cell for ~9 roles; most get None. Filter on the
        # role first, with plain ints, before touching the index (this runs ~1,000
        # times per repaint).
        if role not in _ROLES:
            return None
        info = self._rows.get(index.row()) or self.row_info(index.row())
        if info is None or not index.isValid():
            return None
        col = index.column()
        if role == _DISPLAY:
            return self._display(info, col)
        if role == _TOOLTIP:
            if col == COL_CHAR:
                return f"U+{ord(info.char):04X}" if info.char else None
            if col == COL_CLASS:
                return "Character class under the chosen edition"
            if col == COL_COMPONENT:
                return "" if info.component is None else str(info.component)
            return None
        if role == _FOREGROUND:
            return self._colours.get(str(info.component)) if col == COL_COMPONENT else None
        if role == _FONT:
            return self._mono if col in (COL_CHAR, COL_CODEPOINT, COL_DECODED) else None
        if role == _ALIGNMENT:
            return _RIGHT if col == COL_INDEX else None
        if role == _SPAN:
            return (info.index, info.index + 1)
        return None

    @staticmethod
    def _display(info: CharInfo, col: int) -> str:
        if col == COL_INDEX:
            return str(info.index)
        if col == COL_CHAR:
            return visible_char(info.char)
        if col == COL_CODEPOINT:
            return f"U+{ord(info.char):04X}" if info.char else ""
        if col == COL_CLASS:
            return str(info.char_class)
        if col == COL_COMPONENT:
            return "" if info.component is None else str(info.component)
        if col == COL_DECODED:
            return _octet_text(info)
        if col == COL_NAME:
            return info.unicode_name or ""
        return ""


class CharactersView(QTableView):
    """The table; a row-count change wholly below the viewport repaints nothing.

    ``QTableView`` answers any row-count change with ``doItemsLayout()``, which
    repaints the whole viewport (~830 ``data()`` calls, ~4 ms): a keystroke at the end
    of a long URI adds a row no one can see. ``below_viewport_only()`` says the next
    layout is such a change; it then only updates the scroll bars and headers.
    """

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._geometry_only = False

    def below_viewport_only(self) -> None:
        """The next items layout follows rows added or removed below the last row shown."""
        self._geometry_only = True

    def full_layout(self) -> None:
        """The next items layout is a full one (the model is reset)."""
        self._geometry_only = False

    def doItemsLayout(self) -> None:
        if self._geometry_only:
            self._geometry_only = False
            self.updateGeometries()
            return
        super().doItemsLayout()


class CharactersPane(QWidget):
    """A table of every character; selecting a row asks for that character's span."""

    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self.model = CharactersModel(self)
        self.view = CharactersView(self)
        name_widget(self.view, "charactersView", "Characters")
        self.view.setModel(self.model)
        self.model.modelAboutToBeReset.connect(self.view.full_layout)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        self.view.setWordWrap(False)
        self.view.setCornerButtonEnabled(False)
        vheader = self.view.verticalHeader()
        vheader.setVisible(False)
        # Fixed row heights: the view never measures 8,000 (or 1,000,000) rows.
        vheader.setSectionResizeMode(QHeaderView.ResizeMode.Fixed)
        rows_follow_font(self.view)  # zoom: one line of the view's font
        hheader = self.view.horizontalHeader()
        hheader.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        hheader.setStretchLastSection(True)
        em = self.fontMetrics().horizontalAdvance("M")
        for col, width in (
            (COL_INDEX, 5), (COL_CHAR, 7), (COL_CODEPOINT, 7), (COL_CLASS, 11),
            (COL_COMPONENT, 14), (COL_DECODED, 8),
        ):
            self.view.setColumnWidth(col, width * em)
        columns_follow_font(self.view)  # zoom: the widths above are in ems
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.view)
        self.view.selectionModel().currentRowChanged.connect(self._on_view_current_row_changed)

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a``'s characters; the selection is kept by row when it still exists."""
        row = self.view.currentIndex().row()
        pal = self.view.palette()
        colours = {
            name: palette.component_color(name, pal) for name in palette.COMPONENT_STYLES
        }
        visible = self._visible_rows()
        last_shown = self.view.rowAt(self.view.viewport().height() - 1)
        n_old, n_new = self.model.rowCount(), len(a.parsed.split.text)
        if visible is not None and 0 <= last_shown < min(n_old, n_new) - 1 and n_old != n_new:
            self.view.below_viewport_only()  # the rows that come or go are off screen
        if self.model.set_reference(a.parsed, colours, visible):
            # Rows on screen changed: while a layout is pending, QAbstractItemView
            # leaves their repaint to it (dataChanged alone does not update).
            self.view.full_layout()
        if 0 <= row < self.model.rowCount():
            self._syncing = True
            try:
                self.view.setCurrentIndex(self.model.index(row, 0))
            finally:
                self._syncing = False

    def _visible_rows(self) -> range | None:
        """The rows on screen, or ``None`` when the table is not shown."""
        if not self.view.isVisible():
            return None
        viewport = self.view.viewport()
        top = self.view.rowAt(0)
        bottom = self.view.rowAt(viewport.height() - 1)
        if top < 0:
            return range(0, 0)  # no row at the top: the table is empty or scrolled past
        if bottom < 0:
            bottom = self.model.rowCount() - 1  # the rows end above the bottom edge
        # A margin of a screenful absorbs a row count change that scrolls the view.
        height = bottom - top + 1
        return range(max(0, top - height), bottom + height + 1)

    def _on_view_current_row_changed(self, current: QModelIndex, _previous: QModelIndex) -> None:
        info = self.model.row_info(current.row())
        if info is not None and not self._syncing:
            self.spanRequested.emit(info.index, info.index + 1)
