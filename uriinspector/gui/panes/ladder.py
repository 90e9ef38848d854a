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
    esc,
    name_widget,
    set_cell,
    tree_item,
    visible_text,
)
from uriinspector.gui.panes._html_delegate import HtmlDelegate
from uriinspector.gui.zoom import mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder, Rung

#: Values longer than this are shown plainly (the inline diff would be unreadable).
MAX_DIFF_CHARS = 2000
#: At most this many characters of a value are handed to Qt in a cell or the label: a
#: 1 MB input's rungs were laid out (shaped, wrapped, elided) whole on every size hint
#: and paint, and an emoji no font has costs a font-fallback search per character:
#: 100-350 ms per update at 1 MB. The whole value stays one copy away (Copy Normalized).
MAX_SHOWN_CHARS = 200
#: Edits listed in a rung's tooltip before "… and N more".
MAX_TOOLTIP_EDITS = 25

RUNG_LABELS: dict[str, str] = {
    "simple-string": "Simple string · §6.2.1",
    "case": "Case · §6.2.2.1",
    "percent-encoding": "Percent-encoding · §6.2.2.2",
    "path-segment": "Path segments · §6.2.2.3",
    "scheme-based": "Scheme-based · §6.2.3",
    "protocol-based": "Protocol-based · §6.2.4",
}

COL_RUNG, COL_VALUE, COL_CHANGE, COL_COMPARE = range(4)
HEADERS = ("Rung", "Value", "Change", "Compared")
#: The column headers stay short (the dock is often narrow); their meaning is here.
HEADER_TIPS = (
    "The rung of the RFC 3986 §6.2 ladder",
    "The URI after this rung: what the rung removed is struck through, what it "
    "inserted is marked",
    "Whether this rung changed anything, and why (hover a row)",
    "Whether the second URI is equal to this one yet, at this rung",
)
FIRST_AGREE = "★ first agree"
EQUAL = "= equal"
NOT_YET = "≠ not yet"


def diff_html(previous: str, rung: Rung, removed: str, inserted: str, inserted_bg: str) -> str:
    """The previous value with the rung's edits shown inline, every piece HTML-escaped.

    Removed text is struck through in ``removed``; inserted text is underlined in
    ``inserted`` on ``inserted_bg`` (so colour is never the only cue).
    """
    out: list[str] = []
    pos = 0
    for e in sorted(rung.edits, key=lambda e: (e.span.start, e.span.end)):
        out.append(esc(previous[pos : e.span.start]))
        gone = previous[e.span.start : e.span.end]
        if gone:
            out.append(f"<s style='color:{removed}'>{esc(gone)}</s>")
        if e.replacement:
            out.append(
                f"<u style='color:{inserted};background-color:{inserted_bg}'>"
                f"{esc(e.replacement)}</u>"
            )
        pos = max(pos, e.span.end)
    out.append(esc(previous[pos:]))
    return "<span style='white-space:pre-wrap'>" + "".join(out) + "</span>"


def normalized_html(normalized: str) -> str:
    """The label over the rungs: the normalized URI, at most ``MAX_SHOWN_CHARS`` of it
    (a longer one says how long it is and how to copy it whole), escaped."""
    shown = f"<code>{esc(normalized, MAX_SHOWN_CHARS)}</code>"
    if len(normalized) > MAX_SHOWN_CHARS:
        shown += (
            f" ({len(normalized):,} characters; Edit ▸ Copy Normalized copies all of them)"
        )
    return f"Normalized (scheme-based, RFC 3986 §6.2.3): {shown}"


def edits_tooltip(previous: str, rung: Rung) -> str:
    """One line per edit: what became what, and the core's reason."""
    lines = []
    for e in rung.edits[:MAX_TOOLTIP_EDITS]:
        gone = previous[e.span.start : e.span.end]
        lines.append(
            f"<li><code>{esc(gone[:80]) or '∅'}</code> → "
            f"<code>{esc(e.replacement[:80]) or '∅'}</code>: {esc(e.reason)}</li>"
        )
    if rung.edit_count > MAX_TOOLTIP_EDITS:  # the core keeps the first edits, counts all
        lines.append(f"<li>… and {rung.edit_count - MAX_TOOLTIP_EDITS:,} more edits</li>")
    body = "<ul style='margin:0'>" + "".join(lines) + "</ul>" if lines else ""
    note = f"<p>{esc(rung.note)}</p>" if rung.note else ""
    return f"<p><b>{esc(RUNG_LABELS.get(rung.name, rung.name))}</b></p>{body}{note}"


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
        removed = palette.readable(palette.REMOVED_HUE, base).name()
        inserted = palette.readable(palette.INSERTED_HUE, base).name()
        inserted_bg = palette.tint(palette.INSERTED_HUE, base, 0.18).name()
        dim = palette.dim_color(pal)
        self.normalizedLabel.setText(normalized_html(ladder.normalized))
        equal_at = dict(self._comparison.per_rung) if self._comparison is not None else {}
        first = self._comparison.rung if self._comparison is not None else None
        other_values = (
            {r.name: r.value for r in self._other.rungs} if self._other is not None else {}
        )
        previous = ladder.input
        italic = QFont()  # no size: it follows the view (zoom)
        italic.setItalic(True)
        for rung in ladder.rungs:
            # tree_item: a row made by C++, so rebuilding never leaks None (_common).
            item = tree_item(
                [
                    RUNG_LABELS.get(rung.name, rung.name),
                    visible_text(rung.value, MAX_SHOWN_CHARS), "", "",
                ]
            )
            item.setData(COL_RUNG, Qt.ItemDataRole.UserRole, rung.name)
            set_cell(item, COL_VALUE, font=self._mono)
            tip = edits_tooltip(previous, rung)
            if not rung.performed:
                note = rung.note or "not performed"
                if not note.lower().startswith("not performed"):
                    note = f"not performed — {note}"
                set_cell(item, COL_CHANGE, text="not performed")
                set_cell(item, COL_VALUE, text=note)
                item.setData(COL_VALUE, HTML_ROLE, f"<i style='color:{dim.name()}'>{esc(note)}</i>")
                for col in (COL_VALUE, COL_CHANGE):
                    set_cell(item, col, font=italic, foreground=dim)
            elif rung.edits:
                n = rung.edit_count
                set_cell(item, COL_CHANGE, text=f"{n:,} edit{'s' if n != 1 else ''}")
                if len(previous) <= MAX_DIFF_CHARS and len(rung.value) <= MAX_DIFF_CHARS:
                    item.setData(
                        COL_VALUE, HTML_ROLE,
                        diff_html(previous, rung, removed, inserted, inserted_bg),
                    )
            elif len(rung.value) <= MAX_DIFF_CHARS:
                plain = f"<span style='white-space:pre-wrap'>{esc(rung.value)}</span>"
                item.setData(COL_VALUE, HTML_ROLE, plain)
            if rung.performed and not rung.edits:
                change = "no change ⓘ" if rung.note else "no change"
                set_cell(item, COL_CHANGE, text=change, foreground=dim)
            for col in range(len(HEADERS)):
                set_cell(item, col, tooltip=tip)
            if rung.name in equal_at:
                self._mark_compare(item, rung.name, equal_at[rung.name], first, other_values)
            self.view.addTopLevelItem(item)
            previous = rung.value
        self.view.setColumnHidden(COL_COMPARE, self._comparison is None)
        self._update_compare_summary()
        restored = self.view.topLevelItem(current) if current >= 0 else None
        if restored is not None:
            self.view.setCurrentItem(restored)

    def _mark_compare(
        self,
        item: QTreeWidgetItem,
        name: str,
        equal: bool,
        first: str | None,
        other_values: dict[str, str],
    ) -> None:
        base = self.view.palette().color(QPalette.ColorRole.Base)
        if name == first:
            bold = QFont()  # no size: it follows the view (zoom)
            bold.setBold(True)
            set_cell(item, COL_COMPARE, text=FIRST_AGREE, font=bold)
            set_cell(item, COL_RUNG, font=bold)
            tint = palette.tint(palette.AGREES_HUE, base, 0.25)
            for col in range(len(HEADERS)):
                set_cell(item, col, background=tint)
        else:
            set_cell(item, COL_COMPARE, text=EQUAL if equal else NOT_YET)
        other = other_values.get(name)
        if other is not None:
            set_cell(
                item, COL_COMPARE,
                tooltip=f"<p>The other URI here: <code>{esc(other)}</code></p>",
            )

    def _update_compare_summary(self) -> None:
        c = self._comparison
        if c is None:
            self.compareSummary.setText("")
            return
        if c.rung is not None:
            label = RUNG_LABELS.get(c.rung, c.rung)
            self.compareSummary.setText(
                f"<b>Equivalent</b>: the two agree from the <b>{esc(label)}</b> rung on "
                f"(marked {esc(FIRST_AGREE)})."
            )
        else:
            self.compareSummary.setText(
                "<b>Not equivalent</b> at any rung the inspector performs."
            )
