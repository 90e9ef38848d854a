"""The normalization ladder pane: each rung's value with what that rung changed inline.

It renders ``Analysis.ladder`` (RFC 3986 §6.2): removed text struck through, inserted
text underlined on a tint, the reason in the tooltip; the protocol-based rung is
"not performed" with the core's note. With a second URI, each rung says whether the
two are equal yet (``compare``), and the first rung where they agree is marked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QFont, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFormLayout,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.intake.intake import IntakeLineEdit
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    HTML_ROLE,
    clear_tree,
    name_widget,
    set_cell,
    tree_item,
)
from uriinspector.gui.panes._html_delegate import HtmlDelegate

# What each rung's row says is decided Qt-free in ladder_rows (re-exported for callers).
from uriinspector.gui.panes.ladder_rows import COL_CHANGE as COL_CHANGE
from uriinspector.gui.panes.ladder_rows import COL_COMPARE as COL_COMPARE
from uriinspector.gui.panes.ladder_rows import COL_RUNG as COL_RUNG
from uriinspector.gui.panes.ladder_rows import COL_VALUE as COL_VALUE
from uriinspector.gui.panes.ladder_rows import EQUAL as EQUAL
from uriinspector.gui.panes.ladder_rows import FIRST_AGREE as FIRST_AGREE
from uriinspector.gui.panes.ladder_rows import (
    HEADER_TIPS,
    HEADERS,
    Colours,
    RungRow,
    compare_summary,
    ladder_rows,
    normalized_html,
)
from uriinspector.gui.panes.ladder_rows import MAX_DIFF_CHARS as MAX_DIFF_CHARS
from uriinspector.gui.panes.ladder_rows import MAX_SHOWN_CHARS as MAX_SHOWN_CHARS
from uriinspector.gui.panes.ladder_rows import MAX_TOOLTIP_EDITS as MAX_TOOLTIP_EDITS
from uriinspector.gui.panes.ladder_rows import NOT_YET as NOT_YET
from uriinspector.gui.panes.ladder_rows import RUNG_LABELS as RUNG_LABELS
from uriinspector.gui.panes.ladder_rows import diff_html as diff_html
from uriinspector.gui.panes.ladder_rows import edits_tooltip as edits_tooltip
from uriinspector.gui.zoom import mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder


class LadderPane(QWidget):
    """One row per rung of the ladder; a second URI can be compared against it."""

    spanRequested = Signal(int, int)
    compareChanged = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._ladder: Ladder | None = None
        self._other: Ladder | None = None
        self._comparison: Comparison | None = None
        self._relayout_pending = False
        self._mono = mono_font()
        self.view = QTreeWidget(self)
        name_widget(self.view, "ladderView", "Normalization ladder")
        self.view.setColumnCount(len(HEADERS))
        self.view.setHeaderLabels(list(HEADERS))
        header_item = self.view.headerItem()
        for col, tip in enumerate(HEADER_TIPS):
            header_item.setToolTip(col, tip)
        self.view.setRootIsDecorated(False)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        self.view.setItemDelegateForColumn(COL_VALUE, HtmlDelegate(self.view))
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_RUNG, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_VALUE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_CHANGE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_COMPARE, QHeaderView.ResizeMode.ResizeToContents)
        self.view.setColumnHidden(COL_COMPARE, True)
        # Row heights follow the value column's width (the delegate wraps long URIs).
        header.sectionResized.connect(self._on_header_section_resized)
        self.compareField = IntakeLineEdit(self)  # pastes/drops: exact text (gui/intake/intake.py)
        name_widget(self.compareField, "compareField", "Compare with")
        self.compareField.setFont(self._mono)
        self.compareField.setPlaceholderText("a second URI to compare, e.g. http://A/%62")
        self.compareField.setClearButtonEnabled(True)
        self.compareSummary = QLabel(self)
        self.compareSummary.setObjectName("compareSummary")
        self.compareSummary.setTextFormat(Qt.TextFormat.RichText)
        self.compareSummary.setWordWrap(True)
        self.normalizedLabel = QLabel(self)
        self.normalizedLabel.setObjectName("normalizedLabel")
        self.normalizedLabel.setTextFormat(Qt.TextFormat.RichText)
        self.normalizedLabel.setWordWrap(True)
        self.normalizedLabel.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        form = QFormLayout()
        form.addRow("Compare &with:", self.compareField)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.normalizedLabel)
        layout.addWidget(self.view, 1)
        layout.addLayout(form)
        layout.addWidget(self.compareSummary)
        self.compareField.textEdited.connect(self.compareChanged)

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a.ladder``; a comparison made for another input is dropped."""
        self._ladder = a.ladder
        if self._comparison is not None and self._comparison.a != a.text:
            self._comparison = None
            self._other = None
        self._rebuild()

    def show_comparison(self, other: Ladder | None, comparison: Comparison | None) -> None:
        """Show, rung by rung, whether the input and the second URI are equal yet."""
        if other is None and comparison is None and self._comparison is None:
            return  # still nothing to compare: the rows are already right
        self._other = other
        self._comparison = comparison
        self._rebuild()

    def _on_header_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column == COL_VALUE and not self._relayout_pending:
            self._relayout_pending = True
            QTimer.singleShot(0, self._relayout)

    def _relayout(self) -> None:
        self._relayout_pending = False
        self.view.doItemsLayout()

    # ---- rendering ---------------------------------------------------------------

    def _rebuild(self) -> None:
        ladder = self._ladder
        current = self.view.currentIndex().row()
        clear_tree(self.view)
        if ladder is None:
            self.normalizedLabel.clear()
            return
        pal = self.view.palette()
        base = pal.color(QPalette.ColorRole.Base)
        dim = palette.dim_color(pal)
        colours = Colours(
            removed=palette.readable(palette.REMOVED_HUE, base).name(),
            inserted=palette.readable(palette.INSERTED_HUE, base).name(),
            inserted_bg=palette.tint(palette.INSERTED_HUE, base, 0.18).name(),
            dim=dim.name(),
        )
        self.normalizedLabel.setText(normalized_html(ladder.normalized))
        italic = QFont()  # no size: it follows the view (zoom)
        italic.setItalic(True)
        for row in ladder_rows(ladder, colours, self._comparison, self._other):
            # tree_item: a row made by C++, so rebuilding never leaks None (_common).
            item = tree_item([row.label, row.value, row.change, row.compare])
            item.setData(COL_RUNG, Qt.ItemDataRole.UserRole, row.name)
            set_cell(item, COL_VALUE, font=self._mono)
            if row.value_html is not None:
                item.setData(COL_VALUE, HTML_ROLE, row.value_html)
            if not row.performed:
                for col in (COL_VALUE, COL_CHANGE):
                    set_cell(item, col, font=italic, foreground=dim)
            elif row.change_dim:
                set_cell(item, COL_CHANGE, foreground=dim)
            for col in range(len(HEADERS)):
                set_cell(item, col, tooltip=row.tooltip)
            if row.compare:
                self._mark_compare(item, row)
            self.view.addTopLevelItem(item)
        self.view.setColumnHidden(COL_COMPARE, self._comparison is None)
        self.compareSummary.setText(compare_summary(self._comparison))
        restored = self.view.topLevelItem(current) if current >= 0 else None
        if restored is not None:
            self.view.setCurrentItem(restored)

    def _mark_compare(self, item: QTreeWidgetItem, row: RungRow) -> None:
        """The first rung where the two agree in bold on a tint; the other URI's value."""
        if row.first_agree:
            base = self.view.palette().color(QPalette.ColorRole.Base)
            bold = QFont()  # no size: it follows the view (zoom)
            bold.setBold(True)
            set_cell(item, COL_COMPARE, font=bold)
            set_cell(item, COL_RUNG, font=bold)
            tint = palette.tint(palette.AGREES_HUE, base, 0.25)
            for col in range(len(HEADERS)):
                set_cell(item, col, background=tint)
        if row.compare_tip is not None:
            set_cell(item, COL_COMPARE, tooltip=row.compare_tip)
