"""The Explain pane: the URI walked through in plain sentences, one per component.

Rows come from ``Analysis.explanation`` (``core.explain``): each sentence with its span
and the grammar rule it matched (shown as the row's tooltip), then what other editions
of the standard say differently. Clicking a row selects its span in the URI field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import QRectF, Qt, Signal
from PySide6.QtGui import QColor, QFont, QIcon, QPainter, QPixmap
from PySide6.QtWidgets import (
    QAbstractItemView,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    CODE_ROLE,
    SPAN_ROLE,
    clear_list,
    esc,
    list_item,
    name_widget,
    part_ready,
    set_cell,
    span_tuple,
    visible_text,
)
from uriinspector.gui.plain import plain_label

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.explain import Explanation

#: Rows longer than this are cut (a 1 MB path must not make a 1 MB list row).
_ROW_LIMIT = 400
_HEADER = "Under other editions"
#: Role holding the row kind: "sentence", "header" or "note".
KIND_ROLE = Qt.ItemDataRole.UserRole + 3


class _Row(NamedTuple):
    """What one row shows; equal rows need no rebuild."""

    kind: str  # "sentence", "header" or "note"
    tone: str
    text: str
    code: str
    span: tuple[int, int] | None
    tooltip: str


def rows_of(e: Explanation) -> tuple[_Row, ...]:
    """The rows the pane shows for an explanation (sentences, a header, the notes)."""
    rows: list[_Row] = []
    for s in e.sentences:
        tip = f"<p>{esc(visible_text(s.text, 4 * _ROW_LIMIT))}</p>"
        if s.rule is not None:
            tip += f"<p><code>{esc(s.rule.describe())}</code></p>"
        rows.append(
            _Row("sentence", s.tone, visible_text(s.text, _ROW_LIMIT), s.component,
                 span_tuple(s.span), tip)
        )
    if e.notes:
        rows.append(_Row("header", "info", _HEADER, "", None, ""))
        for n in e.notes:
            quotes = "".join(
                f"<p><i>{esc(ed)}</i>: “{esc(q)}”</p>" for ed, q in n.quotes
            )
            rows.append(
                _Row("note", "history", n.text, n.key, span_tuple(n.span),
                     f"<p>{esc(n.text)}</p>{quotes}")
            )
    return tuple(rows)


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
        self._rows: tuple[_Row, ...] | None = None

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a.explanation``; rows are rebuilt only when they changed.

        A long input's explanation is built on the controller's worker: until then
        the pane says so (the window shows it again on ``partsReady``).
        """
        if not part_ready(a, "explanation"):
            self._rows = None
            clear_list(self.view)
            self.summary.setText(f"Explaining {len(a.text):,} characters…")
            return
        e = a.explanation
        rows = rows_of(e)
        if rows != self._rows:
            self._rows = rows
            self._fill(rows)
        n = sum(1 for r in rows if r.kind == "sentence")
        self.summary.setText(
            f"{n} sentence{'s' if n != 1 else ''} under {e.edition.label}; hover a row"
            " for the grammar rule, click it to select its part of the URI."
        )

    def sentences(self) -> list[str]:
        """The texts of the sentence rows, in order (for tests and reports)."""
        out: list[str] = []
        for i in range(self.view.count()):
            item = self.view.item(i)
            if item.data(KIND_ROLE) == "sentence":
                out.append(item.text())
        return out

    # ---- rows --------------------------------------------------------------------

    def _fill(self, rows: tuple[_Row, ...]) -> None:
        clear_list(self.view)
        bold = QFont()  # no size: it follows the view (zoom)
        bold.setBold(True)
        for row in rows:
            item = list_item(row.text, None if row.kind == "header" else self._icon(row.tone))
            item.setData(CODE_ROLE, row.code)
            item.setData(SPAN_ROLE, row.span)
            item.setData(KIND_ROLE, row.kind)
            if row.tooltip:
                set_cell(item, tooltip=row.tooltip)
            if row.kind == "header":
                set_cell(item, font=bold)
                item.setFlags(Qt.ItemFlag.ItemIsEnabled)
            elif row.tone == "danger":
                set_cell(item, font=bold)
            self.view.addItem(item)

    def _icon(self, tone: str) -> QIcon:
        """A round badge: i (info), ! (warning, danger), or a clock for edition notes."""
        if tone in self._icons:
            return self._icons[tone]
        size = 32
        pix = QPixmap(size, size)
        pix.fill(QColor(0, 0, 0, 0))
        p = QPainter(pix)
        p.setRenderHint(QPainter.RenderHint.Antialiasing)
        p.setPen(Qt.PenStyle.NoPen)
        hue = palette.SKY_BLUE if tone == "history" else palette.SEVERITY_HUES.get(
            tone, palette.BLUE
        )
        p.setBrush(QColor(hue))
        rect = QRectF(2, 2, size - 4, size - 4)
        p.drawEllipse(rect)
        p.setPen(QColor("#ffffff"))
        font = QFont(self.font())
        font.setPixelSize(18)
        font.setBold(True)
        p.setFont(font)
        glyph = {"danger": "!", "warning": "!", "history": "⟲"}.get(tone, "i")
        p.drawText(rect, int(Qt.AlignmentFlag.AlignCenter), glyph)
        p.end()
        icon = QIcon(pix)
        self._icons[tone] = icon
        return icon

    # ---- interaction -------------------------------------------------------------

    def _on_view_item_clicked(self, item: QListWidgetItem) -> None:
        span = item.data(SPAN_ROLE)
        if isinstance(span, (tuple, list)) and len(span) == 2:
            self.spanRequested.emit(int(span[0]), int(span[1]))
