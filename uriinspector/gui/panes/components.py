"""The components pane: the reference as a tree of its parts, each with raw, decoded, span.

It renders ``Analysis.parsed.split`` (RFC 3986 §3 components, Appendix B split) and
the host classification the core made; undefined (delimiter absent) and empty
(delimiter present, nothing after it) look different (RFC 3986 §5.3).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING
from urllib.parse import unquote, unquote_plus

from PySide6.QtCore import QModelIndex, Qt, Signal
from PySide6.QtGui import QFont, QFontDatabase
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.spans import Span
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    EMPTY_TEXT,
    SPAN_ROLE,
    UNDEFINED_TEXT,
    SpanLike,
    name_widget,
    plain_tooltip,
    span_label,
    span_tuple,
    visible_text,
)

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.split import Part

#: Children shown under one path or query row before "… N more" (keeps 1 MB usable).
MAX_CHILDREN = 1000
#: Up to this many segments/parameters are listed at once; more are listed on expanding.
EAGER_CHILDREN = 64
#: Role on a path/query row whose children are listed when it is first expanded.
LAZY_ROLE = Qt.ItemDataRole.UserRole + 5

COL_NAME, COL_RAW, COL_DECODED, COL_SPAN = range(4)
HEADERS = ("Component", "Raw", "Decoded", "Span")


#: Only this much of a value is decoded and shown (the cell shows 2,000 characters).
DISPLAY_LIMIT = 4000


def _decode(text: str) -> str:
    """Percent-decode for display: UTF-8, invalid bytes shown as U+FFFD (RFC 3986 §2.1)."""
    head = text[:DISPLAY_LIMIT]
    return unquote(head, errors="replace") if "%" in head else head


def _form_decode(text: str) -> str:
    """Form-decode for display: ``+`` as space, then percent-decoding (HTML forms)."""
    return unquote_plus(text[:DISPLAY_LIMIT], errors="replace")


class ComponentsPane(QWidget):
    """A tree of the reference's components; selecting a row asks for its span."""

    spanRequested = Signal(int, int)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self._text = ""
        self.view = QTreeWidget(self)
        name_widget(self.view, "componentsView", "Components")
        self.view.setColumnCount(len(HEADERS))
        self.view.setHeaderLabels(list(HEADERS))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        header = self.view.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_RAW, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_DECODED, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_SPAN, QHeaderView.ResizeMode.ResizeToContents)
        self.summary = QLabel(self)
        self.summary.setObjectName("componentsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.view)
        self.view.currentItemChanged.connect(self._on_view_current_item_changed)
        self.view.itemExpanded.connect(self._on_view_item_expanded)
        self._lazy: dict[int, Callable[[], None]] = {}
        self._mono = QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont)

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Rebuild the tree from ``a`` alone, keeping the selected row if it still exists."""
        previous = self._key_of(self.view.currentItem())
        self._text = a.text
        parsed = a.parsed
        sp = parsed.split
        kind = "URI" if sp.scheme is not None else "relative reference"
        validity = "valid" if parsed.valid else "not valid"
        self.summary.setText(f"{kind}, {validity} under {_edition_label(a.edition)}")
        self._syncing = True
        try:
            self.view.setUpdatesEnabled(False)
            self.view.clear()
            self._lazy.clear()
            self._add_part(None, "scheme", "scheme", sp.scheme)
            auth = self._add_part(None, "authority", "authority", sp.authority)
            if sp.authority is not None:
                self._fill_authority(auth, a)
            path = self._add_part(None, "path", "path", sp.path)
            self._defer_or_fill(path, len(sp.segments), lambda: self._fill_segments(path, a))
            query = self._add_part(None, "query", "query", sp.query)
            self._defer_or_fill(
                query, len(sp.query_params), lambda: self._fill_query(query, a)
            )
            self._add_part(None, "fragment", "fragment", sp.fragment)
            self._expand_eager()
            if previous is not None:
                item = self._find_key(previous)
                if item is not None:
                    self.view.setCurrentItem(item)
        finally:
            self.view.setUpdatesEnabled(True)
            self._syncing = False

    def select_at(self, index: int) -> None:
        """Select the innermost row whose span contains code point ``index``.

        A cursor just after a component's last character (``index == end``) selects
        that component when nothing contains ``index``. Does not emit ``spanRequested``.
        """
        best: QTreeWidgetItem | None = None
        best_len = -1
        touching: QTreeWidgetItem | None = None
        touching_len = -1
        for item in self._all_items():
            span = item.data(COL_NAME, SPAN_ROLE)
            if span is None:
                continue
            start, end = span
            length = end - start
            if start <= index < end and (best is None or length < best_len):
                best, best_len = item, length
            elif end == index and (touching is None or length < touching_len):
                touching, touching_len = item, length
        target = best or touching
        self._syncing = True
        try:
            if target is None:
                self.view.clearSelection()
                self.view.setCurrentIndex(QModelIndex())
            else:
                self.view.setCurrentItem(target)
                self.view.scrollToItem(target)
        finally:
            self._syncing = False

    # ---- building rows -----------------------------------------------------------

    def _add_row(
        self,
        parent: QTreeWidgetItem | None,
        label: str,
        style: str,
        raw: str | None,
        decoded: str | None,
        span: SpanLike | None,
        tooltip: str | None = None,
    ) -> QTreeWidgetItem:
        item = QTreeWidgetItem()
        item.setText(COL_NAME, label)
        pal = self.view.palette()
        item.setForeground(COL_NAME, palette.component_color(style, pal))
        cstyle = palette.COMPONENT_STYLES.get(style)
        if cstyle is not None and cstyle.bold:
            bold = QFont(self.view.font())
            bold.setBold(True)
            item.setFont(COL_NAME, bold)
        if raw is None:
            item.setText(COL_RAW, UNDEFINED_TEXT)
            italic = QFont(self.view.font())
            italic.setItalic(True)
            item.setFont(COL_RAW, italic)
            item.setForeground(COL_RAW, palette.dim_color(pal))
            item.setToolTip(COL_RAW, f"{label} is undefined: its delimiter is absent")
        elif raw == "":
            item.setText(COL_RAW, EMPTY_TEXT)
            italic = QFont(self._mono)
            italic.setItalic(True)
            item.setFont(COL_RAW, italic)
            item.setToolTip(COL_RAW, f"{label} is present but empty")
        else:
            item.setText(COL_RAW, visible_text(raw))
            item.setFont(COL_RAW, self._mono)
            item.setToolTip(COL_RAW, plain_tooltip(raw[:2000]))
        if decoded is not None and raw:
            item.setText(COL_DECODED, visible_text(decoded))
            item.setFont(COL_DECODED, self._mono)
            if decoded != raw:
                item.setToolTip(COL_DECODED, plain_tooltip(decoded[:2000]))
        item.setText(COL_SPAN, span_label(span))
        item.setData(COL_NAME, SPAN_ROLE, span_tuple(span))
        item.setTextAlignment(COL_SPAN, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        if tooltip:
            item.setToolTip(COL_NAME, plain_tooltip(tooltip))
        if parent is None:
            self.view.addTopLevelItem(item)
        else:
            parent.addChild(item)
        return item

    def _add_part(
        self, parent: QTreeWidgetItem | None, label: str, style: str, part: Part | None
    ) -> QTreeWidgetItem:
        if part is None:
            return self._add_row(parent, label, style, None, None, None)
        return self._add_row(parent, label, style, part.text, _decode(part.text), part.span)

    def _fill_authority(self, auth: QTreeWidgetItem, a: Analysis) -> None:
        sp = a.parsed.split
        ui = self._add_part(auth, "userinfo", "userinfo", sp.userinfo)
        if sp.userinfo is not None:
            # RFC 3986 §3.2.1: "user:password" — the first ":" separates them.
            text = sp.userinfo.text
            start = sp.userinfo.span.start
            colon = text.find(":")
            user_raw = text if colon == -1 else text[:colon]
            self._add_row(
                ui, "user", "userinfo", user_raw, _decode(user_raw),
                Span(start, start + len(user_raw)),
            )
            if colon == -1:
                self._add_row(ui, "password", "userinfo", None, None, None)
            else:
                pw = text[colon + 1 :]
                self._add_row(
                    ui, "password", "userinfo", pw, _decode(pw),
                    Span(start + colon + 1, start + len(text)),
                    tooltip="RFC 3986 §3.2.1: a password in the userinfo is deprecated",
                )
        host_kind = a.parsed.host_kind
        label = "host" if host_kind is None else f"host · {host_kind}"
        host = self._add_part(auth, label, "host", sp.host)
        info = getattr(a.parsed, "host_info", None)
        address = getattr(info, "address", None) if info is not None else None
        if address and sp.host is not None and address != sp.host.text:
            host.setToolTip(COL_NAME, plain_tooltip(f"address: {address}"))
        if a.effective_host and sp.host is not None and a.effective_host != sp.host.text:
            self._add_row(
                host, "browser's host", "host", a.effective_host, None, None,
                tooltip="The host a browser would actually contact (WHATWG URL Standard)",
            )
        self._add_part(auth, "port", "port", sp.port)

    def _fill_segments(self, path: QTreeWidgetItem, a: Analysis) -> None:
        segments = a.parsed.split.segments
        for n, seg in enumerate(segments[:MAX_CHILDREN], start=1):
            item = self._add_row(
                path, f"segment {n}", "path", seg.text, _decode(seg.text), seg.span
            )
            if seg.params:
                self._add_row(
                    item, "name", "path", seg.name.text, _decode(seg.name.text), seg.name.span
                )
                for param in seg.params:
                    self._add_row(
                        item, ";param", "path", param.text, _decode(param.text), param.span,
                        tooltip="RFC 2396 §3.3: each path segment may carry ;parameters",
                    )
        self._add_more(path, len(segments))

    def _fill_query(self, query: QTreeWidgetItem, a: Analysis) -> None:
        params = a.parsed.split.query_params
        text = a.text
        for n, qp in enumerate(params[:MAX_CHILDREN], start=1):
            raw = text[qp.span.start : qp.span.end]
            key = _form_decode(qp.key.text)
            if qp.value is None:
                decoded = f"{key} (no value)"
            else:
                decoded = f"{key} = {_form_decode(qp.value.text)}"
            self._add_row(
                query, f"parameter {n}", "query", raw, decoded, qp.span,
                tooltip="Form-decoded (application/x-www-form-urlencoded: '+' is a space); "
                "the & and = split is an HTML convention, not RFC 3986",
            )
        self._add_more(query, len(params))

    def _defer_or_fill(
        self, item: QTreeWidgetItem, count: int, fill: Callable[[], None]
    ) -> None:
        """Fill ``item``'s children now, or when first expanded if there are many."""
        if count <= EAGER_CHILDREN:
            fill()
            return
        self._lazy[id(item)] = fill
        item.setData(COL_NAME, LAZY_ROLE, True)
        item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
        item.setText(COL_NAME, f"{item.text(COL_NAME)} ({count})")

    def _expand_eager(self) -> None:
        for item in self._all_items():
            if item.childCount() and not item.data(COL_NAME, LAZY_ROLE):
                item.setExpanded(True)

    def _on_view_item_expanded(self, item: QTreeWidgetItem) -> None:
        fill = self._lazy.pop(id(item), None)
        if fill is not None and item.childCount() == 0:
            syncing, self._syncing = self._syncing, True
            try:
                fill()
            finally:
                self._syncing = syncing

    def _add_more(self, parent: QTreeWidgetItem, total: int) -> None:
        if total > MAX_CHILDREN:
            more = QTreeWidgetItem([f"… {total - MAX_CHILDREN} more", "", "", ""])
            more.setForeground(COL_NAME, palette.dim_color(self.view.palette()))
            parent.addChild(more)

    # ---- selection ---------------------------------------------------------------

    def _on_view_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if self._syncing or current is None:
            return
        span = current.data(COL_NAME, SPAN_ROLE)
        if span is not None:
            self.spanRequested.emit(span[0], span[1])

    def _all_items(self) -> list[QTreeWidgetItem]:
        out: list[QTreeWidgetItem] = []
        stack = [self.view.topLevelItem(i) for i in range(self.view.topLevelItemCount())]
        while stack:
            item = stack.pop()
            if item is None:
                continue
            out.append(item)
            stack.extend(item.child(i) for i in range(item.childCount()))
        return out

    @staticmethod
    def _key_of(item: QTreeWidgetItem | None) -> tuple[str, ...] | None:
        if item is None:
            return None
        key: list[str] = []
        node: QTreeWidgetItem | None = item
        while node is not None:
            key.append(node.text(COL_NAME).split(" · ")[0].split(" (")[0])
            node = node.parent()
        return tuple(reversed(key))

    def _find_key(self, key: tuple[str, ...]) -> QTreeWidgetItem | None:
        for item in self._all_items():
            if self._key_of(item) == key:
                return item
        return None


def _edition_label(edition: object) -> str:
    label = getattr(edition, "label", None)
    return str(label) if label else str(edition)
