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
    EMPTY_TEXT,
    SPAN_ROLE,
    UNDEFINED_TEXT,
    SpanLike,
    clear_tree,
    esc,
    name_widget,
    plain_tooltip,
    set_cell,
    span_label,
    span_tuple,
    tree_item,
    visible_text,
)
from uriinspector.gui.zoom import mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.urn import UrnParse

NOT_URN_CODE = "urn-not-urn"

#: (label, UrnParse field, span name, citation) for the scalar rows, in order.
FIELDS: tuple[tuple[str, str, str, str], ...] = (
    ("NID", "nid", "nid", "Namespace identifier (URN draft §2.1)"),
    ("NSS", "nss", "nss", "Namespace-specific string (URN draft §2.2)"),
    ("r-component", "r_component", "r_component", "Resolution parameters, ?+ (RFC 8141 §2.3.1)"),
    ("q-component", "q_component", "q_component", "Query for the resource, ?= (RFC 8141 §2.3.2)"),
    ("f-component", "f_component", "f_component", "Fragment, # (URN draft §2.4)"),
)
COL_NAME, COL_VALUE, COL_SPAN = range(3)


def is_urn(a: Analysis) -> bool:
    """Whether the core read the input as a URN (it gives no ``UrnParse`` otherwise)."""
    urn = getattr(a, "urn", None)
    if urn is None:
        return False
    return not any(d.code == NOT_URN_CODE for d in urn.diagnostics)


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
        self.view.setHeaderLabels(["Part", "Value", "Span"])
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
            scheme = a.parsed.split.scheme
            if scheme is None:
                what = "it has no scheme"
            else:
                what = f"its scheme is “{visible_text(scheme.text, 40)}”"
            self.notUrnLabel.setText(
                f"Not a URN: {what}. This pane shows the NID, NSS, query directives, "
                "r/q/f-components and the lexical-equivalence form of urn: references."
            )
            self.stack.setCurrentIndex(0)
            clear_tree(self.view)
            return
        self._show_urn(a.urn)
        self.stack.setCurrentIndex(1)

    def _row(
        self,
        parent: QTreeWidgetItem | None,
        label: str,
        value: str | None,
        span: SpanLike | None,
        tip: str,
    ) -> QTreeWidgetItem:
        if value is None:
            shown = UNDEFINED_TEXT
        elif value == "":
            shown = EMPTY_TEXT
        else:
            shown = visible_text(value)
        item = tree_item([label, shown, span_label(span)])  # made by C++: no None leak
        if value is None:
            italic = QFont()  # no size: it follows the view (zoom)
            italic.setItalic(True)
            set_cell(
                item, COL_VALUE, font=italic, foreground=palette.dim_color(self.view.palette())
            )
        elif value != "":
            set_cell(item, COL_VALUE, font=self._mono)
        item.setData(COL_NAME, SPAN_ROLE, span_tuple(span))
        set_cell(item, COL_NAME, tooltip=plain_tooltip(tip))
        if value:
            set_cell(item, COL_VALUE, tooltip=f"<p><code>{esc(value)}</code></p>")
        if parent is None:
            self.view.addTopLevelItem(item)
        else:
            parent.addChild(item)
        return item

    def _show_urn(self, urn: UrnParse) -> None:
        self._syncing = True
        try:
            clear_tree(self.view)
            ok = "valid" if urn.valid else "not valid"
            colour = palette.severity_color("info" if urn.valid else "error", self.palette())
            glyph = "✓" if urn.valid else palette.SEVERITY_GLYPHS["error"]
            self.validityLabel.setText(
                f"<b style='color:{colour.name()}'>{esc(glyph)} URN, {esc(ok)}</b> "
                "(URN draft, RFC 8141 as tie-breaker)"
            )
            for label, field, span_name, tip in FIELDS:
                self._row(None, label, getattr(urn, field), urn.span_of(span_name), tip)
            directives = urn.query_directives
            if directives is None:
                self._row(None, "query directives", None, urn.span_of("query"),
                          "keywd=value pairs joined by & (URN draft §2.3)")
            else:
                q = self._row(None, "query directives", f"{len(directives)} directive"
                              + ("s" if len(directives) != 1 else ""),
                              urn.span_of("query"), "keywd=value pairs (URN draft §2.3)")
                for d in directives:
                    self._row(q, d.keyword, d.value, None, "Query directive (URN draft §2.3)")
            lex = self._row(None, "lexical form", urn.lexical_form, None,
                            "The form two URNs are compared in (URN draft §5 steps 1–4, 5a)")
            bold = QFont(self._mono)
            bold.setBold(True)
            set_cell(lex, COL_VALUE, font=bold)
            if urn.diagnostics:
                diag = self._row(None, "diagnostics", f"{len(urn.diagnostics)}", None,
                                 "What is wrong with this URN")
                for diagnostic in urn.diagnostics:
                    sev = diagnostic.severity
                    word = {"error": "error", "warning": "warning"}.get(sev, "note")
                    item = self._row(
                        diag, f"{palette.SEVERITY_GLYPHS.get(sev, '')} {word}",
                        diagnostic.message, diagnostic.span, diagnostic.code,
                    )
                    set_cell(item, COL_VALUE, font=self.view.font())
                    set_cell(
                        item, COL_NAME,
                        foreground=palette.severity_color(sev, self.view.palette()),
                    )
                    item.setData(COL_NAME, CODE_ROLE, diagnostic.code)
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
