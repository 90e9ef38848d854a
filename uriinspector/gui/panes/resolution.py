"""The resolution pane: a base, a reference, the target under every rule set, the trace.

It renders ``Resolution`` objects the controller computed with ``resolve_all``
(RFC 3986 §5.2, the historical editions, WHATWG and Python's ``urljoin``). Rows
whose target differs from RFC 3986's are tinted *and* marked "≠". The spec's
examples (RFC 3986 §5.4) fill a side-by-side batch table. What each row and cell says
is built Qt-free by ``resolution_rows``; this widget makes the items, fonts and tints.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QFont, QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QDockWidget,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMainWindow,
    QPushButton,
    QSplitter,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QToolButton,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.intake.intake import IntakeLineEdit
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    CODE_ROLE,
    HTML_ROLE,
    clear_table_items,
    clear_tree,
    esc,
    name_widget,
    put_table_item,
    set_cell,
    table_item,
    tree_item,
)
from uriinspector.gui.panes._html_delegate import HtmlDelegate

# What each row says is decided Qt-free in resolution_rows (re-exported for callers).
from uriinspector.gui.panes.resolution_rows import COL_MARK as COL_MARK
from uriinspector.gui.panes.resolution_rows import COL_RULES as COL_RULES
from uriinspector.gui.panes.resolution_rows import COL_TARGET as COL_TARGET
from uriinspector.gui.panes.resolution_rows import CURRENT_RULES as CURRENT_RULES
from uriinspector.gui.panes.resolution_rows import DEFAULT_BASE as DEFAULT_BASE
from uriinspector.gui.panes.resolution_rows import DIFFERS_MARK as DIFFERS_MARK
from uriinspector.gui.panes.resolution_rows import REFERENCE_RULES as REFERENCE_RULES
from uriinspector.gui.panes.resolution_rows import (
    RULE_HEADERS,
    TRACE_HEADERS,
    RuleRow,
    examples_table,
    rule_rows,
    trace_rows,
    trace_title,
)
from uriinspector.gui.panes.resolution_rows import SAME_MARK as SAME_MARK
from uriinspector.gui.panes.resolution_rows import rules_label as rules_label
from uriinspector.gui.panes.resolution_rows import target_text as target_text
from uriinspector.gui.zoom import columns_follow_font, mono_font, rows_follow_font

if TYPE_CHECKING:
    from uriinspector.core.resolve import Resolution

#: The share of the window's width the pane asks for when the spec's examples are shown.
EXAMPLES_SHARE = 0.72


class ResolutionPane(QWidget):
    """Resolve a reference against a base under every rule set, with a step trace."""

    inputsChanged = Signal(str, str)
    examplesRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._resolutions: tuple[Resolution, ...] = ()
        self._chosen = REFERENCE_RULES
        self._syncing = False
        self._mono = mono_font()
        form = self._build_fields()
        self._build_rules_table()
        tools = self._build_tools()
        trace_page = self._build_trace_page()
        examples_page = self._build_examples_page()
        self._build_layout(form, tools, trace_page, examples_page)
        self._connect()

    def _build_fields(self) -> QFormLayout:
        """The base, reference and target fields, and the Copy button."""
        mono = self._mono
        self.baseField = IntakeLineEdit(DEFAULT_BASE, self)  # pastes/drops: exact text
        name_widget(self.baseField, "baseField", "Base URI")
        self.referenceField = IntakeLineEdit(self)
        name_widget(self.referenceField, "referenceField", "Reference")
        self.referenceField.setPlaceholderText("a relative reference, e.g. ../g?y#s")
        self.targetField = QLineEdit(self)
        name_widget(self.targetField, "targetField", "Target")
        self.targetField.setReadOnly(True)
        for field in (self.baseField, self.referenceField, self.targetField):
            field.setFont(mono)
        self.copyButton = QPushButton("Copy", self)
        name_widget(self.copyButton, "copyTargetButton", "Copy target")
        self.copyButton.setToolTip("Copy the target to the clipboard")
        self.copyButton.setEnabled(False)
        target_row = QHBoxLayout()
        target_row.addWidget(self.targetField, 1)
        target_row.addWidget(self.copyButton)
        form = QFormLayout()
        form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.AllNonFixedFieldsGrow)
        form.addRow("&Base:", self.baseField)
        form.addRow("&Reference:", self.referenceField)
        form.addRow("Target:", target_row)
        return form

    def _build_rules_table(self) -> None:
        """The table of targets, one row per rule set."""
        self.rulesTable = QTableWidget(0, len(RULE_HEADERS), self)
        name_widget(self.rulesTable, "rulesTable", "Targets by rule set")
        self.rulesTable.setHorizontalHeaderLabels(list(RULE_HEADERS))
        self.rulesTable.verticalHeader().setVisible(False)
        self.rulesTable.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.rulesTable.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.rulesTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.rulesTable.setWordWrap(False)
        rows_follow_font(self.rulesTable)  # zoom: one line of the table's font
        rh = self.rulesTable.horizontalHeader()
        rh.setSectionResizeMode(COL_RULES, QHeaderView.ResizeMode.ResizeToContents)
        rh.setSectionResizeMode(COL_MARK, QHeaderView.ResizeMode.ResizeToContents)
        rh.setSectionResizeMode(COL_TARGET, QHeaderView.ResizeMode.Stretch)

    def _build_tools(self) -> QHBoxLayout:
        """The historical editions switch and the spec's examples button."""
        self.historyToggle = QToolButton(self)
        self.historyToggle.setText("Show historical editions")
        name_widget(self.historyToggle, "historyToggle", "Show historical editions")
        self.historyToggle.setCheckable(True)
        self.historyToggle.setToolButtonStyle(Qt.ToolButtonStyle.ToolButtonTextBesideIcon)
        self.historyToggle.setArrowType(Qt.ArrowType.RightArrow)
        self.examplesButton = QPushButton("Load the spec's examples", self)
        name_widget(self.examplesButton, "examplesButton", "Load the spec's examples")
        self.examplesButton.setToolTip(
            "Resolve every reference of RFC 3986 §5.4 against http://a/b/c/d;p?q "
            "under every rule set"
        )
        tools = QHBoxLayout()
        tools.addWidget(self.historyToggle)
        tools.addStretch(1)
        tools.addWidget(self.examplesButton)
        return tools

    def _build_trace_page(self) -> QWidget:
        """The Trace tab: the chosen rule set's steps and the buffer after one."""
        self.traceView = QTreeWidget(self)
        name_widget(self.traceView, "traceView", "Resolution trace")
        self.traceView.setHeaderLabels(list(TRACE_HEADERS))
        self.traceView.setRootIsDecorated(False)
        self.traceView.setUniformRowHeights(True)
        self.traceView.setAlternatingRowColors(True)
        th = self.traceView.header()
        th.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        th.setSectionResizeMode(1, QHeaderView.ResizeMode.Interactive)
        th.setSectionResizeMode(2, QHeaderView.ResizeMode.Stretch)
        th.setSectionResizeMode(3, QHeaderView.ResizeMode.Interactive)
        th.setStretchLastSection(False)
        em = self.fontMetrics().horizontalAdvance("M")
        self.traceView.setColumnWidth(1, 12 * em)
        self.traceView.setColumnWidth(3, 14 * em)
        columns_follow_font(self.traceView)  # zoom: the widths above are in ems
        self.traceTitle = QLabel(self)
        self.traceTitle.setObjectName("traceTitle")
        self.traceTitle.setTextFormat(Qt.TextFormat.PlainText)
        self.bufferLabel = QLabel("Buffer after the selected step:", self)
        self.bufferField = QLineEdit(self)
        name_widget(self.bufferField, "bufferField", "Buffer after the selected step")
        self.bufferField.setReadOnly(True)
        self.bufferField.setFont(self._mono)
        self.bufferField.setPlaceholderText("select a step above to see the buffer")
        self.bufferLabel.setBuddy(self.bufferField)
        trace_page = QWidget(self)
        tl = QVBoxLayout(trace_page)
        tl.setContentsMargins(4, 4, 4, 4)
        tl.addWidget(self.traceTitle)
        tl.addWidget(self.traceView, 1)
        tl.addWidget(self.bufferLabel)
        tl.addWidget(self.bufferField)
        return trace_page

    def _build_examples_page(self) -> QWidget:
        """The Spec examples tab: RFC 3986 §5.4's references under every rule set."""
        self.examplesTable = QTableWidget(0, 0, self)
        name_widget(self.examplesTable, "examplesTable", "The spec's examples, every rule set")
        self.examplesTable.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.examplesTable.verticalHeader().setVisible(False)
        # Readable at 1024×640 (issue 15): every shown column fits the width, targets
        # wrap anywhere (URIs have no spaces) and each row is as tall as its cells.
        self.examplesTable.setWordWrap(True)
        self.examplesTable.setItemDelegate(HtmlDelegate(self.examplesTable))
        self.examplesTable.verticalHeader().setSectionResizeMode(
            QHeaderView.ResizeMode.ResizeToContents
        )
        eh = self.examplesTable.horizontalHeader()
        eh.setMinimumSectionSize(5 * self.fontMetrics().horizontalAdvance("M"))
        eh.sectionResized.connect(lambda *_: self.examplesTable.doItemsLayout())
        self.examplesNote = QLabel(
            "Press “Load the spec's examples”: base http://a/b/c/d;p?q and every reference "
            "of RFC 3986 §5.4, side by side. “≠” marks a target that differs from RFC 3986.",
            self,
        )
        self.examplesNote.setWordWrap(True)
        examples_page = QWidget(self)
        el = QVBoxLayout(examples_page)
        el.setContentsMargins(4, 4, 4, 4)
        el.addWidget(self.examplesNote)
        # The same switch as the one by the rules table (folded away on this tab).
        self.examplesHistoryBox = QCheckBox("Show the historical editions' columns", self)
        name_widget(self.examplesHistoryBox, "examplesHistoryBox", "Show historical editions")
        el.addWidget(self.examplesHistoryBox)
        el.addWidget(self.examplesTable, 1)
        return examples_page

    def _build_layout(self, form: QFormLayout, tools: QHBoxLayout, trace_page: QWidget,
                      examples_page: QWidget) -> None:
        """The fields and rules above, the two tabs below, in a splitter."""
        self.tabs = QTabWidget(self)
        self.tabs.setObjectName("resolutionTabs")
        self.tabs.addTab(trace_page, "Trace")
        self.tabs.addTab(examples_page, "Spec examples")

        top = QWidget(self)
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addLayout(form)
        top_layout.addWidget(self.rulesTable, 1)
        top_layout.addLayout(tools)
        self.splitter = splitter = QSplitter(Qt.Orientation.Vertical, self)
        splitter.setObjectName("resolutionSplitter")
        splitter.setChildrenCollapsible(False)
        splitter.addWidget(top)
        splitter.addWidget(self.tabs)
        splitter.setStretchFactor(0, 1)
        splitter.setStretchFactor(1, 1)
        # The spec's examples have their own base: their tab hides the single-reference
        # part (the Trace tab brings it back), so the table gets the height.
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(splitter)

    def _connect(self) -> None:
        self.baseField.textEdited.connect(self._on_field_text_edited)
        self.referenceField.textEdited.connect(self._on_field_text_edited)
        self.copyButton.clicked.connect(self._on_copy_clicked)
        self.historyToggle.toggled.connect(self._on_history_toggled)
        self.historyToggle.toggled.connect(self.examplesHistoryBox.setChecked)
        self.examplesHistoryBox.toggled.connect(self.historyToggle.setChecked)
        self.tabs.currentChanged.connect(self._on_tab_changed)
        # A base or reference set from outside (a page's link, a sample) is to be seen:
        # back to the trace, with the fields the examples tab hides.
        self.baseField.textChanged.connect(self._show_trace)
        self.referenceField.textChanged.connect(self._show_trace)
        self.examplesButton.clicked.connect(self.examplesRequested)
        self.rulesTable.currentCellChanged.connect(self._on_rules_current_cell_changed)
        self.traceView.currentItemChanged.connect(self._on_trace_current_item_changed)

    # ---- public interface --------------------------------------------------------

    def base(self) -> str:
        """The base URI as typed."""
        return self.baseField.text()

    def reference(self) -> str:
        """The reference as typed."""
        return self.referenceField.text()

    def set_reference(self, text: str) -> None:
        """Load ``text`` as the reference; emits ``inputsChanged`` when it changed."""
        if text == self.referenceField.text():
            return
        self.referenceField.setText(text)
        self.inputsChanged.emit(self.baseField.text(), text)

    def show_analysis(self, a: object) -> None:
        """Nothing to render from an analysis alone; the controller sends resolutions."""

    def show_resolutions(self, resolutions: tuple[Resolution, ...]) -> None:
        """Fill the rules table (in the order given) and the chosen rule set's trace."""
        self._resolutions = tuple(resolutions)
        self._syncing = True
        try:
            clear_table_items(self.rulesTable, from_row=len(self._resolutions))
            self.rulesTable.setRowCount(len(self._resolutions))
            for row, rule_row in enumerate(rule_rows(self._resolutions)):
                self._fill_rules_row(row, rule_row)
            self._apply_history_visibility()
            chosen_row = self._row_of(self._chosen)
            if chosen_row is None or self.rulesTable.isRowHidden(chosen_row):
                chosen_row = self._row_of(REFERENCE_RULES)
            if chosen_row is not None:
                self.rulesTable.setCurrentCell(chosen_row, COL_RULES)
        finally:
            self._syncing = False
        self._show_chosen()

    def show_examples(self, rows: Sequence[tuple[str, Sequence[Resolution]]]) -> None:
        """Fill the batch table: one row per reference, one column per rule set."""
        made = examples_table(rows)
        table = self.examplesTable
        clear_table_items(table)
        table.clear()
        table.setColumnCount(len(made.headers))
        table.setRowCount(len(made.references))
        table.setHorizontalHeaderLabels(list(made.headers))
        for col, tip in enumerate(made.header_tips, start=1):
            header = table.horizontalHeaderItem(col)
            if header is not None:
                header.setToolTip(tip)
        base = self.palette().color(self.palette().ColorRole.Base)
        differs_brush = QBrush(palette.tint(palette.DIFFERS_HUE, base, 0.28))
        for row, (ref_text, cells) in enumerate(zip(made.references, made.cells, strict=True)):
            ref_item = QTableWidgetItem(ref_text)
            ref_item.setData(HTML_ROLE, esc(ref_text))  # drawn wrapped (HtmlDelegate)
            ref_item.setFont(self._mono)
            table.setItem(row, 0, ref_item)
            for col, cell in enumerate(cells, start=1):
                item = QTableWidgetItem(cell.text)
                item.setData(HTML_ROLE, cell.html)
                item.setData(CODE_ROLE, cell.rules)
                item.setFont(self._mono)
                if cell.no_target:
                    italic = QFont(self._mono)
                    italic.setItalic(True)
                    item.setFont(italic)
                if cell.differs:
                    item.setBackground(differs_brush)
                if cell.tooltip is not None:
                    item.setToolTip(cell.tooltip)
                table.setItem(row, col, item)
        self._fit_examples_columns()
        self.examplesNote.setText(made.note)
        self.tabs.setCurrentIndex(1)
        self._on_tab_changed(1)
        self._ask_for_width()

    # ---- rendering ---------------------------------------------------------------

    def _row_of(self, rules: str) -> int | None:
        for row, r in enumerate(self._resolutions):
            if r.rules == rules:
                return row
        return None

    def _fill_rules_row(self, row: int, rule: RuleRow) -> None:
        # Cells made by C++ (table_item): rebuilding them never leaks None (_common).
        label = table_item(rule.label)
        label.setData(CODE_ROLE, rule.rules)
        set_cell(label, tooltip=rule.label_tip)
        mark = table_item(rule.mark)
        set_cell(mark, alignment=Qt.AlignmentFlag.AlignCenter)
        target = table_item(rule.target)
        set_cell(target, font=self._mono, tooltip=rule.target_tip)
        if rule.no_target:
            italic = QFont(self._mono)
            italic.setItalic(True)
            set_cell(target, font=italic)
        if rule.differs:
            base = self.rulesTable.palette().color(self.rulesTable.palette().ColorRole.Base)
            tint = palette.tint(palette.DIFFERS_HUE, base, 0.28)
            bold = QFont()  # no size: it follows the view (zoom)
            bold.setBold(True)
            set_cell(mark, font=bold)
            for item in (label, mark, target):
                set_cell(item, background=tint)
        put_table_item(self.rulesTable, row, COL_RULES, label)
        put_table_item(self.rulesTable, row, COL_MARK, mark)
        put_table_item(self.rulesTable, row, COL_TARGET, target)

    def _apply_history_visibility(self) -> None:
        show = self.historyToggle.isChecked()
        for row, r in enumerate(self._resolutions):
            self.rulesTable.setRowHidden(row, not show and r.rules not in CURRENT_RULES)
        table = self.examplesTable
        for col in range(1, table.columnCount()):
            item = table.item(0, col)
            rules = item.data(CODE_ROLE) if item is not None else None
            table.setColumnHidden(col, not show and rules not in CURRENT_RULES)

    def _fit_examples_columns(self) -> None:
        """The reference column as wide as its widest cell, the rule sets sharing the
        rest (their cells wrap); the historical editions only when asked for."""
        table = self.examplesTable
        header = table.horizontalHeader()
        if table.columnCount() == 0:
            return
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        for col in range(1, table.columnCount()):
            header.setSectionResizeMode(col, QHeaderView.ResizeMode.Stretch)
        self._apply_history_visibility()

    def _ask_for_width(self) -> None:
        """The examples were asked for: widen this pane's dock to most of the window
        (the docks beside it yield; they wrap their rows), so the columns can be read."""
        dock = self.parentWidget()
        window = dock.parentWidget() if dock is not None else None
        if not isinstance(dock, QDockWidget) or not isinstance(window, QMainWindow):
            return
        want = int(window.width() * EXAMPLES_SHARE)
        if not dock.isFloating() and dock.width() < want:
            window.resizeDocks([dock], [want], Qt.Orientation.Horizontal)

    def _show_trace(self) -> None:
        self.tabs.setCurrentIndex(0)

    def _on_tab_changed(self, index: int) -> None:
        """Hide the base/reference part on the examples tab; show it on Trace."""
        inputs = self.splitter.widget(0)
        if inputs is not None:
            inputs.setVisible(index != 1 or self.examplesTable.rowCount() == 0)

    def _show_chosen(self) -> None:
        row = self._row_of(self._chosen)
        r = self._resolutions[row] if row is not None else None
        clear_tree(self.traceView)
        self.bufferField.clear()
        if r is None:
            self.targetField.clear()
            self.copyButton.setEnabled(False)
            self.traceTitle.setText("")
            return
        self.targetField.setText(target_text(r))
        self.targetField.setCursorPosition(0)
        self.copyButton.setEnabled(r.target is not None)
        self.traceTitle.setText(trace_title(r))
        for step in trace_rows(r):
            item = tree_item(step.cells)
            if step.error:
                italic = QFont()  # no size: it follows the view (zoom)
                italic.setItalic(True)
                set_cell(item, 2, font=italic)
            else:
                rule_tip, detail_tip, buffer_tip = step.tips
                set_cell(item, 3, font=self._mono, tooltip=buffer_tip)
                set_cell(item, 1, tooltip=rule_tip)
                set_cell(item, 2, tooltip=detail_tip)
                item.setData(0, CODE_ROLE, step.buffer)
            self.traceView.addTopLevelItem(item)

    # ---- slots -------------------------------------------------------------------

    def _on_field_text_edited(self, _text: str) -> None:
        self.inputsChanged.emit(self.baseField.text(), self.referenceField.text())

    def _on_copy_clicked(self) -> None:
        row = self._row_of(self._chosen)
        if row is not None and self._resolutions[row].target is not None:
            QGuiApplication.clipboard().setText(self._resolutions[row].target or "")

    def _on_history_toggled(self, checked: bool) -> None:
        self.historyToggle.setArrowType(
            Qt.ArrowType.DownArrow if checked else Qt.ArrowType.RightArrow
        )
        self.historyToggle.setText(
            "Hide historical editions" if checked else "Show historical editions"
        )
        self._apply_history_visibility()
        row = self._row_of(self._chosen)
        if row is not None and self.rulesTable.isRowHidden(row):
            ref_row = self._row_of(REFERENCE_RULES)
            if ref_row is not None:
                self.rulesTable.setCurrentCell(ref_row, COL_RULES)

    def _on_rules_current_cell_changed(
        self, row: int, _col: int, _prev_row: int, _prev_col: int
    ) -> None:
        if self._syncing or not 0 <= row < len(self._resolutions):
            return
        self._chosen = self._resolutions[row].rules
        self._show_chosen()

    def _on_trace_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if current is None:
            self.bufferField.clear()
            return
        value = current.data(0, CODE_ROLE)
        self.bufferLabel.setText(f"Buffer after step {current.text(0)} ({current.text(1)}):")
        self.bufferField.setText("" if value is None else str(value))
        self.bufferField.setCursorPosition(0)
