"""The Editions pane: the URI under every edition of the standard, side by side.

One row per edition (RFC 3986 and the browser's WHATWG reading first, where they are
seen without scrolling, then draft-1993 … rfc2396bis, oldest first), from
``Analysis.editions`` (``core.editions_view``): valid or not with an icon, the
reasons, the characters whose class changes between editions (highlighted, coloured
by what the class means there), and the browser's serialization. A history lesson.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QFont, QIcon
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.editions_view import broad_class
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    CODE_ROLE,
    HTML_ROLE,
    SPAN_ROLE,
    clear_tree,
    esc,
    name_widget,
    part_ready,
    plain_tooltip,
    set_cell,
    span_tuple,
    tree_item,
    visible_char,
    visible_text,
)
from uriinspector.gui.panes._html_delegate import HtmlDelegate
from uriinspector.gui.panes.badge import badge_icon
from uriinspector.gui.zoom import columns_follow_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.editions_view import EditionReading

# Two lines: "Character classes that differ" on one line was cut to "Character classes
# that di…" in a 600-pixel dock (issue 15 item 9); no section is narrower than its
# header's widest line (see EditionsPane.__init__).
HEADERS = ("Edition", "Verdict", "Reasons", "Character classes\nthat differ", "Browser")
#: What a class-only row's verdict means (RFC 1738 §5, RFC 1808 §2.2: no parser here).
CLASSES_ONLY_TIP = (
    "Compared by character classes only: URI Inspector has no parser for this edition. "
    "'allowed' means every character may stand unescaped under its character sets."
)
COL_EDITION, COL_VERDICT, COL_REASONS, COL_CLASSES, COL_BROWSER = range(5)

#: broad class -> hue of its highlight (Okabe–Ito; colour is never the only cue: the
#: class name is written under the URI).
CLASS_HUES = {
    "unreserved": palette.BLUISH_GREEN,
    "reserved": palette.BLUE,
    "excluded": palette.VERMILLION,
    "escape": palette.REDDISH_PURPLE,
}
#: The URI is drawn with its highlights only up to this length; beyond, the list alone.
_DRAW_LIMIT = 300
_LIST_LIMIT = 12
#: Characters of one reason shown (reasons may quote the input).
_REASON_CHARS = 600
_REASONS_LIMIT = 2


#: Shown first, above the history: the standard in force and what a browser does.
SHOWN_FIRST = ("rfc3986", "whatwg")


def _shown_rank(r: EditionReading) -> int:
    """Where reading ``r`` is shown: RFC 3986, the browser, then the rest in order."""
    return SHOWN_FIRST.index(r.edition) if r.edition in SHOWN_FIRST else len(SHOWN_FIRST)


class _Row(NamedTuple):
    """What one row shows; equal rows need no rebuild."""

    edition: str
    label: str
    grammar: bool
    valid: bool
    reasons: str
    reasons_tip: str
    classes_text: str
    classes_html: str
    browser: str
    span: tuple[int, int] | None


def _classes_cell(text: str, r: EditionReading, background: QColor) -> tuple[str, str]:
    """Plain and rich text of the class column: the URI with the differing characters
    highlighted in this edition's colours, then ``char class`` pairs."""
    if r.edition == "whatwg":
        plain = "— no character classes: the browser percent-encodes as it serializes"
        return plain, esc(plain)
    if not r.differences:
        return "— none", esc("— none")
    pairs: list[str] = []
    seen: set[tuple[str, str]] = set()
    for span, cls in r.differences:
        key = (text[span.start], cls)
        if key not in seen:
            seen.add(key)
            pairs.append(f"{visible_char(text[span.start])} {cls}")
    more = len(pairs) - _LIST_LIMIT
    listed = " · ".join(pairs[:_LIST_LIMIT]) + (f" · and {more} more" if more > 0 else "")
    html_parts: list[str] = []
    if len(text) <= _DRAW_LIMIT:
        pos = 0
        for span, cls in r.differences:
            html_parts.append(esc(text[pos : span.start]))
            hue = CLASS_HUES.get(broad_class(cls), palette.ORANGE)
            bg = palette.tint(hue, background, 0.35).name()
            html_parts.append(
                f"<span style='background:{bg};font-weight:bold'>"
                f"{esc(text[span.start : span.end])}</span>"
            )
            pos = span.end
        html_parts.append(esc(text[pos:]))
        drawn = f"<code>{''.join(html_parts)}</code><br>"
    else:
        drawn = ""
    return listed, f"{drawn}<small>{esc(listed)}</small>"


class EditionsPane(QWidget):
    """A table, one row per edition; clicking a row selects its first problem."""

    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._rows: tuple[_Row, ...] | None = None
        self._relayout_pending = False
        self._icons: dict[bool, QIcon] = {}
        self.legend = QLabel(self)
        self.legend.setObjectName("editionsLegend")
        self.legend.setWordWrap(True)
        self.legend.setTextFormat(Qt.TextFormat.RichText)
        self.view = QTreeWidget(self)
        name_widget(self.view, "editionsView", "Editions side by side")
        self.view.setColumnCount(len(HEADERS))
        self.view.setHeaderLabels(list(HEADERS))
        self.view.setRootIsDecorated(False)
        self.view.setWordWrap(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        for column in (COL_REASONS, COL_CLASSES, COL_BROWSER):  # wrapped, rows grow
            self.view.setItemDelegateForColumn(column, HtmlDelegate(self.view))
        header = self.view.header()
        header.setStretchLastSection(False)
        # No column is narrower than its header's widest line (never cut); the edition's
        # name wraps in a fixed column instead of taking a third of a narrow dock.
        lines = [line for h in HEADERS for line in h.split("\n")]
        widest = max(header.fontMetrics().horizontalAdvance(line) for line in lines)
        header.setMinimumSectionSize(widest + 2 * header.style().pixelMetric(
            header.style().PixelMetric.PM_HeaderMargin) + 8)
        header.setSectionResizeMode(COL_EDITION, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(COL_EDITION, 130)
        header.setSectionResizeMode(COL_VERDICT, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_REASONS, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_CLASSES, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_BROWSER, QHeaderView.ResizeMode.Interactive)
        header.resizeSection(COL_BROWSER, 120)
        columns_follow_font(self.view)  # zoom: the browser column grows with the text
        header.sectionResized.connect(self._on_header_section_resized)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.legend)
        layout.addWidget(self.view, 1)
        self.view.itemClicked.connect(self._on_view_item_clicked)
        self._update_legend()

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a.editions``; rows are rebuilt only when what they show changed.

        A long input's readings are built on the controller's worker: until then one
        row says so (the window shows them on ``partsReady``).
        """
        if not part_ready(a, "editions"):
            self._rows = None
            clear_tree(self.view)
            self.view.addTopLevelItem(
                tree_item((f"Reading {len(a.text):,} characters under every edition…",))
            )
            return
        base = self.view.palette().base().color()
        readings = sorted(a.editions, key=_shown_rank)  # stable: the rest keep their order
        rows = tuple(self._row(a.text, r, base) for r in readings)
        if rows != self._rows:
            self._rows = rows
            self._fill(rows)

    def verdicts(self) -> dict[str, bool]:
        """edition -> valid, as shown (for tests)."""
        return {row.edition: row.valid for row in self._rows or ()}

    def item_of(self, edition: str) -> QTreeWidgetItem | None:
        """The row showing ``edition`` (``"whatwg"``: the browser's), if shown."""
        editions = [row.edition for row in self._rows or ()]
        if edition not in editions:
            return None
        return self.view.topLevelItem(editions.index(edition))

    # ---- rows --------------------------------------------------------------------

    @staticmethod
    def _row(text: str, r: EditionReading, base: QColor) -> _Row:
        # A reason can quote the input (a megabyte of '['): each is cut, or laying out
        # the wrapped cell freezes the window (issue 13).
        shown = [visible_text(x, _REASON_CHARS) for x in r.reasons[:_REASONS_LIMIT]]
        more = len(r.reasons) - len(shown)
        reasons = "\n".join(shown) + (f"\n… and {more} more" if more > 0 else "")
        tip = "".join(f"<p>{esc(visible_text(x, _REASON_CHARS))}</p>" for x in r.reasons[:20])
        plain, rich = _classes_cell(text, r, base)
        browser = "" if r.edition != "whatwg" else (
            visible_text(r.serialization, 400) if r.serialization is not None else "— fails"
        )
        first = next((d.span for d in r.diagnostics if d.severity == "error"), None)
        label = r.label if r.grammar else f"{r.label} (character classes only)"
        return _Row(
            r.edition, label, r.grammar, r.valid, reasons or "—", tip, plain, rich, browser,
            span_tuple(first),
        )

    def _fill(self, rows: tuple[_Row, ...]) -> None:
        clear_tree(self.view)
        bold = QFont()  # no size: it follows the view (zoom)
        bold.setBold(True)
        items: list[QTreeWidgetItem] = []
        for row in rows:
            if row.grammar:
                verdict = "valid" if row.valid else "invalid"
            else:
                verdict = "allowed" if row.valid else "not allowed"
            item = tree_item((row.label, verdict, row.reasons, row.classes_text, row.browser))
            if not row.grammar:
                set_cell(item, COL_EDITION, tooltip=plain_tooltip(CLASSES_ONLY_TIP))
                set_cell(item, COL_VERDICT, tooltip=plain_tooltip(CLASSES_ONLY_TIP))
            item.setData(COL_EDITION, CODE_ROLE, row.edition)
            item.setData(COL_EDITION, SPAN_ROLE, row.span)
            item.setIcon(COL_VERDICT, self._icon(row.valid))
            item.setData(COL_CLASSES, HTML_ROLE, row.classes_html)
            reasons_html = "<br>".join(esc(x) for x in row.reasons.split("\n"))
            item.setData(COL_REASONS, HTML_ROLE, reasons_html)
            if row.browser:
                item.setData(COL_BROWSER, HTML_ROLE, f"<code>{esc(row.browser)}</code>")
            set_cell(item, COL_EDITION, font=bold)
            if row.reasons_tip:
                set_cell(item, COL_REASONS, tooltip=row.reasons_tip)
            if row.browser:
                set_cell(item, COL_BROWSER,
                         tooltip=f"<p>The browser's serialization (href):</p>"
                                 f"<p><code>{esc(row.browser)}</code></p>")
            items.append(item)
        self.view.addTopLevelItems(items)

    def _icon(self, valid: bool) -> QIcon:
        """A round green tick or a square red cross (shape tells them apart too)."""
        if valid in self._icons:
            return self._icons[valid]
        hue = palette.BLUISH_GREEN if valid else palette.VERMILLION
        icon = badge_icon(self.font(), hue, "✓" if valid else "×", round_=valid, pixel_size=20)
        self._icons[valid] = icon
        return icon

    def _update_legend(self) -> None:
        base = self.palette().base().color()
        parts = []
        for name, hue in CLASS_HUES.items():
            bg = palette.tint(hue, base, 0.35).name()
            parts.append(f"<span style='background:{bg}'>&nbsp;{esc(name)}&nbsp;</span>")
        self.legend.setText(
            "The URI under RFC 3986 and in a browser, then under each earlier edition,"
            " oldest first. Highlighted: the"
            " characters whose class changes between editions, coloured by their class"
            " in that row: " + " ".join(parts) + "."
        )

    # ---- interaction -------------------------------------------------------------

    def _on_header_section_resized(self, column: int, _old: int, _new: int) -> None:
        if column in (COL_REASONS, COL_CLASSES, COL_BROWSER) and not self._relayout_pending:
            self._relayout_pending = True
            QTimer.singleShot(0, self._relayout)

    def _relayout(self) -> None:
        self._relayout_pending = False
        self.view.doItemsLayout()

    def _on_view_item_clicked(self, item: QTreeWidgetItem, _column: int) -> None:
        span = item.data(COL_EDITION, SPAN_ROLE)
        if isinstance(span, (tuple, list)) and len(span) == 2:
            self.spanRequested.emit(int(span[0]), int(span[1]))
