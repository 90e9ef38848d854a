"""The URN pane: NID, NSS, query directives, r/q/f-components and the lexical form.

It renders ``Analysis.urn`` (the core's ``UrnParse``, URN draft §2 and §5 with
RFC 8141's ``?+``/``?=`` components). For any other scheme it says so in one line.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFont
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QStackedWidget,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    CODE_ROLE,
    SPAN_ROLE,
    clear_tree,
    name_widget,
    set_cell,
    tree_item,
)

# What each row says is decided Qt-free in urn_rows (re-exported for callers).
from uriinspector.gui.panes.urn_rows import COL_NAME as COL_NAME
from uriinspector.gui.panes.urn_rows import COL_SPAN as COL_SPAN
from uriinspector.gui.panes.urn_rows import COL_VALUE as COL_VALUE
from uriinspector.gui.panes.urn_rows import (
    HEADERS,
    UrnRow,
    not_urn_text,
    urn_rows,
    validity,
    validity_html,
)
from uriinspector.gui.panes.urn_rows import is_urn as is_urn
from uriinspector.gui.zoom import mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.urn import UrnParse


class UrnPane(QWidget):
    """URN parts as a tree (selecting one asks for its span), or "not a URN"."""

    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self._mono = mono_font()
        self.stack = QStackedWidget(self)
        self.notUrnLabel = QLabel(self)
        self.notUrnLabel.setObjectName("notUrnLabel")
        self.notUrnLabel.setTextFormat(Qt.TextFormat.PlainText)
        self.notUrnLabel.setWordWrap(True)
        self.notUrnLabel.setAlignment(Qt.AlignmentFlag.AlignTop | Qt.AlignmentFlag.AlignLeft)
        self.notUrnLabel.setText("Not a URN: the scheme is not “urn”.")
        # A control Ctrl+6 can put the keyboard in (and a reader read), not dead text.
        self.notUrnLabel.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByKeyboard
            | Qt.TextInteractionFlag.TextSelectableByMouse
        )
        self.notUrnLabel.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.view = QTreeWidget(self)
        name_widget(self.view, "urnView", "URN")
        self.view.setHeaderLabels(list(HEADERS))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setAlternatingRowColors(True)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_VALUE, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_SPAN, QHeaderView.ResizeMode.ResizeToContents)
        self.validityLabel = QLabel(self)
        self.validityLabel.setObjectName("urnValidity")
        self.validityLabel.setTextFormat(Qt.TextFormat.RichText)
        self.validityLabel.setWordWrap(True)
        urn_page = QWidget(self)
        ul = QVBoxLayout(urn_page)
        ul.setContentsMargins(0, 0, 0, 0)
        ul.addWidget(self.validityLabel)
        ul.addWidget(self.view, 1)
        self.stack.addWidget(self.notUrnLabel)
        self.stack.addWidget(urn_page)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.stack)
        self.view.currentItemChanged.connect(self._on_view_current_item_changed)

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a.urn`` when the input is a URN; otherwise the "not a URN" line."""
        if not is_urn(a) or a.urn is None:
            self.notUrnLabel.setText(not_urn_text(a))
            self.stack.setCurrentIndex(0)
            clear_tree(self.view)
            return
        self._show_urn(a.urn)
        self.stack.setCurrentIndex(1)

    def _item(self, row: UrnRow) -> QTreeWidgetItem:
        """A tree item (and its children's) for ``row``."""
        item = tree_item([row.label, row.shown, row.span_text])  # made by C++: no None leak
        if row.value_font == "italic":
            italic = QFont()  # no size: it follows the view (zoom)
            italic.setItalic(True)
            set_cell(item, COL_VALUE, font=italic)
        elif row.value_font == "mono":
            set_cell(item, COL_VALUE, font=self._mono)
        elif row.value_font == "mono-bold":
            bold = QFont(self._mono)
            bold.setBold(True)
            set_cell(item, COL_VALUE, font=bold)
        elif row.value_font == "view":
            set_cell(item, COL_VALUE, font=self.view.font())
        if row.dim:
            set_cell(item, COL_VALUE, foreground=palette.dim_color(self.view.palette()))
        item.setData(COL_NAME, SPAN_ROLE, row.span)
        set_cell(item, COL_NAME, tooltip=row.name_tip)
        if row.value_tip is not None:
            set_cell(item, COL_VALUE, tooltip=row.value_tip)
        if row.severity is not None:
            set_cell(item, COL_NAME,
                     foreground=palette.severity_color(row.severity, self.view.palette()))
        if row.code is not None:
            item.setData(COL_NAME, CODE_ROLE, row.code)
        for child in row.children:
            item.addChild(self._item(child))
        return item

    def _show_urn(self, urn: UrnParse) -> None:
        self._syncing = True
        try:
            clear_tree(self.view)
            severity, _words = validity(urn)
            colour = palette.severity_color(severity, self.palette())
            self.validityLabel.setText(validity_html(urn, colour.name()))
            for row in urn_rows(urn):
                self.view.addTopLevelItem(self._item(row))
            self.view.expandAll()
        finally:
            self._syncing = False

    def _on_view_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if self._syncing or current is None:
            return
        span = current.data(COL_NAME, SPAN_ROLE)
        if span is not None:
            self.spanRequested.emit(span[0], span[1])
