"""The Explain pane: the URI walked through in plain sentences, one per component.

Rows come from ``Analysis.explanation`` (``core.explain``) through the Qt-free
``explain_rows``: each sentence with its span and the grammar rule it matched (shown as
the row's tooltip), then what other editions of the standard say differently. This
widget only turns rows into list items. Clicking a row selects its span in the URI field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes._common import (
    CODE_ROLE,
    SPAN_ROLE,
    clear_list,
    list_item,
    name_widget,
    part_ready,
    set_cell,
)
from uriinspector.gui.panes.badge import badge_icon
from uriinspector.gui.panes.explain_rows import (
    ExplainRow,
    badge_of,
    pending_text,
    rows_of,
    summary_text,
)
from uriinspector.gui.plain import plain_label

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis

#: Role holding the row kind: "sentence", "header" or "note".
KIND_ROLE = Qt.ItemDataRole.UserRole + 3


class ExplainPane(QWidget):
    """The sentences of ``core.explain`` in a list; a click selects the part it is about."""

    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.summary = plain_label(QLabel(self))
        self.summary.setObjectName("explainSummary")
        self.summary.setWordWrap(True)
        self.view = QListWidget(self)
        name_widget(self.view, "explainView", "Explanation")
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        self.view.itemClicked.connect(self._on_view_item_clicked)
        self.view.itemActivated.connect(self._on_view_item_clicked)
        self._icons: dict[str, QIcon] = {}
        self._rows: tuple[ExplainRow, ...] | None = None

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a.explanation``; rows are rebuilt only when they changed.

        A long input's explanation is built on the controller's worker: until then
        the pane says so (the window shows it again on ``partsReady``).
        """
        if not part_ready(a, "explanation"):
            self._rows = None
            clear_list(self.view)
            self.summary.setText(pending_text(len(a.text)))
            return
        e = a.explanation
        rows = rows_of(e)
        if rows != self._rows:
            self._rows = rows
            self._fill(rows)
        self.summary.setText(summary_text(rows, e.edition.label))

    def sentences(self) -> list[str]:
        """The texts of the sentence rows, in order (for tests and reports)."""
        out: list[str] = []
        for i in range(self.view.count()):
            item = self.view.item(i)
            if item.data(KIND_ROLE) == "sentence":
                out.append(item.text())
        return out

    # ---- rows --------------------------------------------------------------------

    def _fill(self, rows: tuple[ExplainRow, ...]) -> None:
        clear_list(self.view)
        bold = QFont()  # no size: it follows the view (zoom)
        bold.setBold(True)
        for row in rows:
            item = list_item(row.text, self._icon(row.tone) if row.has_badge else None)
            item.setData(CODE_ROLE, row.code)
            item.setData(SPAN_ROLE, row.span)
            item.setData(KIND_ROLE, row.kind)
            if row.tooltip:
                set_cell(item, tooltip=row.tooltip)
            if row.bold:
                set_cell(item, font=bold)
            if not row.selectable:
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            self.view.addItem(item)

    def _icon(self, tone: str) -> QIcon:
        """A tone's round badge (``explain_rows.badge_of``), painted once per tone."""
        if tone in self._icons:
            return self._icons[tone]
        badge = badge_of(tone)
        icon = badge_icon(self.font(), badge.hue, badge.glyph, round_=True)
        self._icons[tone] = icon
        return icon

    # ---- interaction -------------------------------------------------------------

    def _on_view_item_clicked(self, item: QListWidgetItem) -> None:
        span = item.data(SPAN_ROLE)
        if isinstance(span, (tuple, list)) and len(span) == 2:
            self.spanRequested.emit(int(span[0]), int(span[1]))
