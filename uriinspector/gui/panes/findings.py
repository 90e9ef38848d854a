"""The findings pane: what is suspicious about the link, then what the grammar says.

Rows come from ``Analysis.findings`` (danger/warning/info, e.g. draft-2003 §7.5's
misleading userinfo) followed by ``Analysis.parsed.diagnostics`` (error/warning/info
under the chosen edition), built Qt-free by ``findings_rows``; this widget makes the
items, icons and colours. Every row carries its stable code at ``UserRole``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QPoint, QSize, Qt, Signal
from PySide6.QtGui import QFont, QFontMetrics, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QPushButton,
    QStyle,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui import resources
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    CODE_ROLE,
    SPAN_ROLE,
    clear_list,
    esc,
    list_item,
    name_widget,
    set_cell,
)
from uriinspector.gui.panes.badge import badge_icon

# What each row says is decided Qt-free in findings_rows (re-exported for callers).
from uriinspector.gui.panes.findings_rows import EMBEDDED_URL as EMBEDDED_URL
from uriinspector.gui.panes.findings_rows import MAX_ROWS as MAX_ROWS
from uriinspector.gui.panes.findings_rows import FindingRow, finding_rows, summary
from uriinspector.gui.panes.findings_rows import nested_url as nested_url

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis

#: Role holding the row number of an ``embedded-url`` row (its nested URL: ``_rows``).
NESTED_ROLE = Qt.ItemDataRole.UserRole + 3
#: Role holding ``"finding"`` or ``"diagnostic"``.
KIND_ROLE = Qt.ItemDataRole.UserRole + 4


class FindingsPane(QWidget):
    """A list of findings and parse diagnostics with severity icons and codes."""

    spanRequested = Signal(int, int)
    inspectRequested = Signal(object)  # exact str (a str signal would go through QString)
    #: the user asked for the summary of the analysis on the clipboard (the window's)
    copySummaryRequested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._just_changed = False
        self._syncing = False
        self.summary = QLabel(self)
        self.summary.setObjectName("findingsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.RichText)
        # The verdict's sign is an icon (resources/icons), never a glyph: U+26D4 is in
        # no font a fresh Debian has (issue 13 item 10).
        self.summaryIcon = QLabel(self)
        self.summaryIcon.setObjectName("findingsSummaryIcon")
        self._summary_level: str | None = None
        self.view = QListWidget(self)
        name_widget(self.view, "findingsView", "Findings")
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.inspect_button = QPushButton("Inspect this URL", self)
        name_widget(self.inspect_button, "inspectButton", "Inspect this URL")
        self.inspect_button.setToolTip("Open the URL embedded in this one in the inspector")
        self.inspect_button.setEnabled(False)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        buttons.addWidget(self.inspect_button)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.setContentsMargins(4, 2, 4, 2)
        header.addWidget(self.summaryIcon)
        header.addWidget(self.summary, 1)
        layout.addLayout(header)
        layout.addWidget(self.view, 1)
        layout.addLayout(buttons)
        self.view.currentItemChanged.connect(self._on_view_current_item_changed)
        self.view.itemClicked.connect(self._on_view_item_clicked)
        self.view.customContextMenuRequested.connect(self._on_view_context_menu)
        self.inspect_button.clicked.connect(self._on_inspect_clicked)
        self._icons: dict[str, QIcon] = {}
        self._rows: tuple[FindingRow, ...] | None = None

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """List ``a.findings`` then the parse diagnostics; keep the selected code.

        While typing, the list is usually the same from one keystroke to the next: the
        rows are rebuilt only when what they show (codes, spans, messages) changed.
        """
        rows = finding_rows(a)  # at most MAX_ROWS of each; the summary counts them all
        if rows != self._rows:
            self._rows = rows
            self._fill(rows)
        self._update_summary(a)
        self._update_button()

    def _fill(self, rows: tuple[FindingRow, ...]) -> None:
        current = self.view.currentItem()
        keep = None if current is None else (current.data(CODE_ROLE), current.data(SPAN_ROLE))
        self._syncing = True
        try:
            clear_list(self.view)
            bold = QFont()  # no size: it follows the view (zoom)
            bold.setBold(True)
            for number, row in enumerate(rows):
                icon = (
                    self._finding_icon(row.severity)
                    if row.round_icon
                    else self._diagnostic_icon(row.severity)
                )
                item = list_item(row.text, icon)  # made by C++: no None leak (_common)
                item.setData(CODE_ROLE, row.code)
                item.setData(SPAN_ROLE, row.span)
                item.setData(KIND_ROLE, row.kind)
                set_cell(item, tooltip=row.tooltip)
                if row.nested is not None:
                    item.setData(NESTED_ROLE, number)  # the exact str stays in self._rows
                if row.bold:
                    set_cell(item, font=bold)
                self.view.addItem(item)
            if keep is not None:
                for n in range(self.view.count()):
                    item = self.view.item(n)
                    if (item.data(CODE_ROLE), item.data(SPAN_ROLE)) == keep:
                        self.view.setCurrentItem(item)
                        break
        finally:
            self._syncing = False

    # ---- summary and icons -------------------------------------------------------

    def _update_summary(self, a: Analysis) -> None:
        said = summary(a)
        if said.level is None or said.severity is None or said.label is None:
            self.summary.setText(esc(said.counts))
            self.summaryIcon.hide()
            return
        colour = palette.severity_color(said.severity, self.palette())
        if said.level != self._summary_level:
            self._summary_level = said.level
            side = max(14, QFontMetrics(self.summary.font()).height())
            self.summaryIcon.setPixmap(
                resources.icon(said.severity).pixmap(QSize(side, side), self.devicePixelRatioF())
            )
            self.summaryIcon.setAccessibleName(said.label)
        self.summaryIcon.show()
        self.summary.setText(
            f"<b style='color:{colour.name()}'>{esc(said.label)}</b> · {esc(said.counts)}"
        )

    def _finding_icon(self, severity: str) -> QIcon:
        key = f"standard:{severity}"
        if key in self._icons:  # made once: standardIcon() builds a new QIcon per call
            return self._icons[key]
        self._icons[key] = icon = self._standard_icon(severity)
        return icon

    def _standard_icon(self, severity: str) -> QIcon:
        standard = {
            "danger": QStyle.StandardPixmap.SP_MessageBoxCritical,
            "warning": QStyle.StandardPixmap.SP_MessageBoxWarning,
            "info": QStyle.StandardPixmap.SP_MessageBoxInformation,
        }.get(severity, QStyle.StandardPixmap.SP_MessageBoxInformation)
        icon = self.style().standardIcon(standard)
        if icon.isNull():
            return self._glyph_icon(severity, round_=True)
        return icon

    def _diagnostic_icon(self, severity: str) -> QIcon:
        return self._glyph_icon(severity, round_=False)

    def _glyph_icon(self, severity: str, *, round_: bool) -> QIcon:
        """A square (grammar) or round (finding) badge with the severity glyph."""
        key = f"{severity}:{round_}"
        if key in self._icons:
            return self._icons[key]
        hue = palette.SEVERITY_HUES.get(severity, palette.BLUE)
        glyph = {"error": "×", "danger": "!", "warning": "!", "info": "i"}.get(severity, "?")
        icon = badge_icon(self.font(), hue, glyph, round_=round_)
        self._icons[key] = icon
        return icon

    # ---- interaction -------------------------------------------------------------

    def _emit_span(self, item: QListWidgetItem | None) -> None:
        if item is None:
            return
        span = item.data(SPAN_ROLE)
        if span is not None:
            self.spanRequested.emit(span[0], span[1])

    def _on_view_current_item_changed(
        self, current: QListWidgetItem | None, _previous: QListWidgetItem | None
    ) -> None:
        self._update_button()
        if self._syncing:
            return
        self._just_changed = True
        self._emit_span(current)

    def _on_view_item_clicked(self, item: QListWidgetItem) -> None:
        # A click on the row that is already current asks for its span again.
        if self._just_changed:
            self._just_changed = False
            return
        self._emit_span(item)

    def _update_button(self) -> None:
        item = self.view.currentItem()
        self.inspect_button.setEnabled(bool(self._nested_of(item)))

    def _nested_of(self, item: QListWidgetItem | None) -> str | None:
        """A row's nested URL, exactly (a str stored in an item role would become a
        QString, which drops lone surrogates: the row keeps its number instead)."""
        number = None if item is None else item.data(NESTED_ROLE)
        rows = self._rows or ()
        if isinstance(number, int) and 0 <= number < len(rows):
            return rows[number].nested
        return None

    def _on_inspect_clicked(self) -> None:
        url = self._nested_of(self.view.currentItem())
        if url:
            self.inspectRequested.emit(url)

    def context_menu(self, pos: QPoint) -> QMenu:
        """The list's context menu at ``pos``: "Inspect this URL" on a finding that
        carries one, and "Copy Summary" (the analysis as plain text for a ticket)."""
        url = self._nested_of(self.view.itemAt(pos))
        menu = QMenu(self)
        if url:
            action = menu.addAction("Inspect this URL")
            action.triggered.connect(lambda: self.inspectRequested.emit(url))
        copy = menu.addAction("Copy Summary")
        copy.setObjectName("copySummaryMenuAction")
        copy.triggered.connect(self.copySummaryRequested.emit)
        return menu

    def _on_view_context_menu(self, pos: QPoint) -> None:
        menu = self.context_menu(pos)
        menu.exec(self.view.viewport().mapToGlobal(pos))
        menu.deleteLater()
