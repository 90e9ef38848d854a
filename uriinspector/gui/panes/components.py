"""The components pane: the reference as a tree of its parts, each with raw, decoded, span.

It renders ``Analysis.parsed.split`` (RFC 3986 §3 components, Appendix B split), the
host classification the core made and, for schemes with a decoder, a "<scheme>
details" branch (``Analysis.decoding``). Undefined (delimiter absent) and empty
(delimiter present, nothing after it) look different (RFC 3986 §5.3).

What keeps it cheap on every keystroke, on 1 MB inputs, and leak-free:

* the tree is *reconciled*, not rebuilt: rows whose identity is unchanged keep their
  ``QTreeWidgetItem`` and only changed cells are written; a path or query whose text
  and offset are unchanged keeps its child rows and is skipped as a whole, and a
  changed list reuses the rows whose text and offset are unchanged (the same for
  equal decoder fields);
* long lists (segments, parameters, decoder fields) are listed when first expanded,
  at most ``MAX_CHILDREN`` rows then "… N more"; a cell shows at most ``CELL_LIMIT``
  characters (Qt's elision of a long cell costs milliseconds per paint);
* the name and span columns are sized by the pane, not ``ResizeToContents`` (with
  it, every ``setData`` on such a column re-measured all its rows);
* items are made by C++ (``_common.tree_item`` clones a prototype) and cells are
  written with ``setData`` only: PySide6 6.11 on CPython 3.11 keeps a reference to ``None`` for
  every destroyed item constructed from Python once Qt has called its virtual
  ``data()`` (any paint), and for ``setText``/``text``/``setToolTip``/``setFont``;
  rows are removed with ``removeChild`` and deleted (an item taken with
  ``takeChild`` is never freed by PySide6 6.11);
* tooltips (the grammar rule under the chosen edition, notes) are computed on hover.

Every component row is editable (double-click, F2): the builder recomposes the
reference with ``core.compose`` (escaping only what that component needs, draft-2003
§2.4.2) and emits ``uriEdited``; each edit is an undoable command on ``undo_stack``.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any
from urllib.parse import unquote

from PySide6.QtCore import (
    QBuffer,
    QByteArray,
    QEvent,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QPoint,
    Qt,
    Signal,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QHelpEvent,
    QIcon,
    QImage,
    QImageReader,
    QKeySequence,
    QPainter,
    QPixmap,
    QShortcut,
    QShowEvent,
    QUndoCommand,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QToolTip,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.compose import Component, replace_component
from uriinspector.core.decoders import scheme_of
from uriinspector.core.decoders.percent import form_encoded_query, query_decode
from uriinspector.gui.intake import IntakeLineEdit
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import (
    EMPTY_TEXT,
    SPAN_ROLE,
    UNDEFINED_TEXT,
    free_tree_item,
    plain_tooltip,
    tree_item,
    visible_text,
)
from uriinspector.gui.zoom import columns_follow_font, mono_font

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.decoders import DecodedField, SchemeDecoding
    from uriinspector.core.split import Part

#: Children shown under one path or query row before "… N more" (keeps 1 MB usable).
MAX_CHILDREN = 1000
#: Up to this many segments/parameters are listed at once; more are listed on expanding.
EAGER_CHILDREN = 64
#: Role on a path/query row whose children are listed when it is first expanded.
LAZY_ROLE = Qt.ItemDataRole.UserRole + 5
#: Role holding the row's node number (the pane's own record of what the row shows).
NODE_ROLE = Qt.ItemDataRole.UserRole + 6

COL_NAME, COL_RAW, COL_DECODED, COL_SPAN = range(4)
HEADERS = ("Component", "Raw", "Decoded", "Span")

#: Only this much of a value is decoded and kept (tooltips show 2,000 characters).
DISPLAY_LIMIT = 4000
#: A cell shows at most this many characters (then "…"): wider than any column, and
#: Qt's middle elision costs grow with the square of the text's length (a 2,000-character
#: cell with spaces took ~12 ms per paint, a 1 MB paste's tree almost a second).
CELL_LIMIT = 300
#: A row's name (a decoder's label may be a 1 MB parameter key) shows this many.
NAME_LIMIT = 80
#: The name column is fitted to its rows, up to this fraction of the tree's width.
NAME_WIDTH_SHARE = 0.4
#: A data: text preview shows this many characters (escaped, as plain text).
PREVIEW_CHARS = 200
#: Thumbnails are at most this many pixels on a side.
THUMBNAIL = 128
#: Images with more pixels than this are not decoded for a preview.
MAX_PREVIEW_PIXELS = 16_000_000

#: Decoder flags: a glyph and a word, so colour is never the only cue.
FLAGS: dict[str, tuple[str, str, str]] = {
    # flag: (glyph, words, severity hue key)
    "tracking": ("⚑", "tracking", "warning"),
    "invalid": ("✖", "invalid", "error"),
    "checksum-ok": ("✔", "checksum ok", "ok"),
    "checksum-bad": ("✖", "checksum wrong", "error"),
    "guess": ("?", "a guess", "info"),
    "warning": ("⚠", "warning", "warning"),
}

_D = Qt.ItemDataRole.DisplayRole
_FG = Qt.ItemDataRole.ForegroundRole
_FONT = Qt.ItemDataRole.FontRole
_ICON = Qt.ItemDataRole.DecorationRole
_ALIGN = Qt.ItemDataRole.TextAlignmentRole
_RIGHT = int((Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter).value)


def _decode(text: str) -> str:
    """Percent-decode for display: UTF-8, invalid bytes shown as U+FFFD (RFC 3986 §2.1)."""
    head = text[:DISPLAY_LIMIT]
    return unquote(head, errors="replace") if "%" in head else head


def _form_decode(text: str, scheme: str | None = None) -> str:
    """A query key or value for display: form-decoded (``+`` as space) for web schemes
    only; ``javascript:`` and the others are percent-decoded (``core.decoders.percent``)."""
    return query_decode(text[:DISPLAY_LIMIT], scheme)


@dataclass(slots=True)
class Row:
    """What one tree row shows; rows are compared by ``key`` among their siblings."""

    key: str
    label: str
    style: str
    raw: str | None
    decoded: str | None
    span: tuple[int, int] | None
    kind: str = "part"  # "part" | "field" | "section" | "more"
    edit: tuple[Component, int] | None = None
    rule: tuple[str, str | None] | None = None
    note: str | None = None
    flag: str | None = None
    icon: QIcon | None = None
    expand: bool = True
    children: list[Row] = field(default_factory=list)
    lazy: Callable[[], list[Row]] | None = None
    count: int = 0
    inspect: str | None = None  # a URL this row offers to inspect (a destination hop)

    def texts(self) -> tuple[str, str, str, str]:
        """The four cells as a person reads them."""
        name = visible_text(self.label, NAME_LIMIT)  # a label can be input (a query key)
        if self.flag in FLAGS:
            glyph, words, _hue = FLAGS[self.flag]
            name = f"{name}  {glyph} {words}"
        if self.lazy is not None:
            name = f"{name} ({self.count})"
        raw = self.raw
        if self.kind != "part":
            raw_text = "" if raw is None else visible_text(raw, CELL_LIMIT)
        elif raw is None:
            raw_text = UNDEFINED_TEXT
        elif raw == "":
            raw_text = EMPTY_TEXT
        else:
            raw_text = visible_text(raw, CELL_LIMIT)
        decoded = ""
        if self.decoded is not None and (raw or self.kind != "part"):
            decoded = visible_text(self.decoded, CELL_LIMIT)
        span = "" if self.span is None else f"{self.span[0]}–{self.span[1]}"
        return (name, raw_text, decoded, span)

    def state(self) -> tuple[object, ...]:
        """What decides the cells' fonts, colours and flags (re-applied when it changes)."""
        raw_state = "undefined" if self.raw is None else ("empty" if self.raw == "" else "value")
        return (self.kind, self.style, raw_state, self.flag, self.edit is not None, id(self.icon))


class _Node:
    """The pane's record of a live item: the row it shows and its child nodes."""

    __slots__ = ("children", "item", "lazy_filled", "number", "pending", "row", "state", "texts")

    def __init__(self, item: QTreeWidgetItem, row: Row, number: int) -> None:
        self.item = item
        self.row = row
        self.number = number
        self.texts = row.texts()
        self.state = row.state()
        self.children: list[_Node] = []
        self.pending: Callable[[], list[Row]] | None = None
        #: children were listed from a long list the user expanded (kept up to date)
        self.lazy_filled = False


class _EditCommand(QUndoCommand):
    """One builder edit: redo loads ``after``, undo loads ``before``."""

    def __init__(self, pane: ComponentsPane, before: str, after: str, text: str) -> None:
        super().__init__(text)
        self._pane = pane
        self._before = before
        self._after = after

    def redo(self) -> None:
        """Load the edited reference."""
        self._pane.uriEdited.emit(self._after)

    def undo(self) -> None:
        """Load the reference as it was before the edit."""
        self._pane.uriEdited.emit(self._before)


class _EditDelegate(QStyledItemDelegate):
    """Edits the raw or decoded cell of a component row in a line edit, then hands the
    text to the pane's builder instead of writing it into the tree."""

    def __init__(self, pane: ComponentsPane) -> None:
        super().__init__(pane.view)
        self._pane = pane

    def createEditor(  # type: ignore[override]  # Qt takes a null editor: "not editable"
        self,
        parent: QWidget,
        option: QStyleOptionViewItem,
        index: QModelIndex | QPersistentModelIndex,
    ) -> QWidget | None:
        """A monospace line edit for editable rows' raw and decoded cells only."""
        node = self._pane._node_at_index(index)
        if node is None or node.row.edit is None or index.column() not in (COL_RAW, COL_DECODED):
            return None
        editor = IntakeLineEdit(parent)  # pastes/drops: exact text (gui/intake.py)
        editor.setObjectName("componentEditor")
        editor.setFont(self._pane._mono)
        return editor

    def setEditorData(self, editor: QWidget, index: QModelIndex | QPersistentModelIndex) -> None:
        """Start from the component's full raw text or its decoded value."""
        node = self._pane._node_at_index(index)
        if node is not None and isinstance(editor, QLineEdit):
            editor.setText(self._pane.edit_text(node.row, index.column()))

    def setModelData(
        self, editor: QWidget, model: Any, index: QModelIndex | QPersistentModelIndex
    ) -> None:
        """Recompose the reference with the edited value (the tree follows the analysis)."""
        node = self._pane._node_at_index(index)
        if node is not None and isinstance(editor, QLineEdit):
            self._pane.apply_edit(node.row, index.column(), editor.text())


class ComponentsPane(QWidget):
    """A tree of the reference's components; selecting a row asks for its span.

    Signals: ``spanRequested(start, end)`` (code points) when the user picks a row;
    ``uriEdited(text)`` when a builder edit (or its undo/redo) produced a new reference.
    """

    spanRequested = Signal(int, int)
    uriEdited = Signal(object)  # exact str (a str signal would go through QString)
    inspectRequested = Signal(object)  # a destination hop's URL (exact str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._syncing = False
        self._text = ""
        self._edition: object = "rfc3986"
        self._host_kind: str | None = None
        self.view = QTreeWidget(self)
        self.view.setObjectName("componentsView")
        self.view.setAccessibleName("Components")
        self.view.setColumnCount(len(HEADERS))
        self.view.setHeaderLabels(list(HEADERS))
        self.view.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.view.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self._delegate = _EditDelegate(self)
        self.view.setItemDelegate(self._delegate)
        header = self.view.header()
        header.setStretchLastSection(False)
        # Not ResizeToContents: with it, every setData on such a column (any role) made
        # Qt measure the column's rows again (~0.7 ms each); the pane fits them itself.
        header.setSectionResizeMode(COL_NAME, QHeaderView.ResizeMode.Interactive)
        header.setSectionResizeMode(COL_RAW, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_DECODED, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_SPAN, QHeaderView.ResizeMode.Interactive)
        columns_follow_font(self.view)  # zoom: the two fitted columns grow with the text
        self.summary = QLabel(self)
        self.summary.setObjectName("componentsSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)
        self.preview = QLabel(self)
        self.preview.setObjectName("componentsPreview")
        self.preview.setAccessibleName("data: image preview")
        self.preview.setTextFormat(Qt.TextFormat.PlainText)
        self.preview.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter)
        self.preview.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.summary)
        layout.addWidget(self.view, 1)
        layout.addWidget(self.preview)
        self.undo_stack = QUndoStack(self)
        self.view.currentItemChanged.connect(self._on_view_current_item_changed)
        self.view.itemExpanded.connect(self._on_view_item_expanded)
        self.view.itemCollapsed.connect(self._on_view_item_collapsed)
        self.view.itemDoubleClicked.connect(self._on_view_item_double_clicked)
        self.view.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        self.view.customContextMenuRequested.connect(self._on_view_context_menu)
        edit_key = QShortcut(QKeySequence(Qt.Key.Key_F2), self.view)
        edit_key.setContext(Qt.ShortcutContext.WidgetShortcut)
        edit_key.activated.connect(self.edit_current)
        self.view.viewport().installEventFilter(self)
        self._numbers = itertools.count(1)
        self._nodes: dict[int, _Node] = {}
        self._top: list[_Node] = []
        self._mono = mono_font()
        self._fonts: dict[str, QFont] = {}
        self._colours: dict[str, QColor] = {}
        self._flag_icons: dict[str, QIcon] = {}
        self._image_cache: tuple[bytes, QPixmap | None, str] | None = None
        self._image_icon: QIcon | None = None
        self._shown_pixmap: QPixmap | None = None
        #: a name cell changed, or rows were added, shown or hidden: fit the name column
        self._names_dirty = True
        #: digits of the longest offset the span column was last sized for
        self._span_digits = -1
        #: branch -> (what it was built from, how its children are listed): an unchanged
        #: path or query reuses its child rows, which the sync then skips as a whole
        self._branches: dict[
            str, tuple[object, list[Row], Callable[[], list[Row]] | None, int]
        ] = {}
        #: branch -> child rows by what they show: a changed list reuses unchanged rows
        self._child_rows: dict[str, dict[object, Row]] = {}
        #: the last decoder fields shown and their rows (reused while equal)
        self._field_rows: list[tuple[DecodedField, Row]] = []

    # ---- public interface --------------------------------------------------------

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a``: reconcile the tree with it, keeping the selected row if it exists."""
        previous = self._key_of(self._current_node())
        self._text = a.text
        if a.edition != self._edition:  # rows read the edition (RFC 2396 ;params): no reuse
            self._branches.clear()
            self._child_rows.clear()
        self._edition = a.edition
        self._host_kind = a.parsed.host_kind
        parsed = a.parsed
        kind = "URI" if parsed.split.scheme is not None else "relative reference"
        validity = "valid" if parsed.valid else "not valid"
        self.summary.setText(f"{kind}, {validity} under {_edition_label(a.edition)}")
        rows = self._rows(a)
        self._syncing = True
        try:
            self._top = self._sync(None, self._top, rows)
            if previous is not None and self._key_of(self._current_node()) != previous:
                node = self._find_key(previous)
                if node is not None:
                    self.view.setCurrentItem(node.item)
        finally:
            self._syncing = False
        self._fit_columns()

    def select_at(self, index: int) -> None:
        """Select the innermost row whose span contains code point ``index``.

        A cursor just after a component's last character (``index == end``) selects
        that component when nothing contains ``index``. Does not emit ``spanRequested``.
        """
        # component rows win over the scheme details' rows, then the shortest span
        best: _Node | None = None
        best_rank = (True, -1)
        touching: _Node | None = None
        touching_rank = (True, -1)
        for node in self._all_nodes():
            span = node.row.span
            if span is None or node.row.kind == "section":
                continue
            start, end = span
            rank = (node.row.kind != "part", end - start)
            if start <= index < end and (best is None or rank < best_rank):
                best, best_rank = node, rank
            elif end == index and (touching is None or rank < touching_rank):
                touching, touching_rank = node, rank
        target = best or touching
        self._syncing = True
        try:
            if target is None:
                self.view.clearSelection()
                self.view.setCurrentIndex(QModelIndex())
            else:
                self.view.setCurrentItem(target.item)
                self.view.scrollToItem(target.item)
        finally:
            self._syncing = False

    def tooltip_text(self, item: QTreeWidgetItem, column: int) -> str:
        """The hover text of ``item``'s ``column``: the cell, the grammar rule it matched
        under the current edition (issue 6), notes, and how to edit it."""
        node = self._node_of(item)
        if node is None:
            return ""
        row = node.row
        lines: list[str] = []
        if column == COL_RAW and row.kind == "part":
            if row.raw is None:
                lines.append(f"{row.label} is undefined: its delimiter is absent")
            elif row.raw == "":
                lines.append(f"{row.label} is present but empty")
            else:
                lines.append(visible_text(row.raw, 2000))
        elif column == COL_RAW and row.raw:
            lines.append(visible_text(row.raw, 2000))
        elif column == COL_DECODED and row.decoded:
            # a value's own line break is its marker, not a break of the tooltip
            lines.append(visible_text(row.decoded, 2000))
        elif column == COL_NAME and row.flag in FLAGS:
            glyph, words, _hue = FLAGS[row.flag]
            lines.append(f"{glyph} {words}")
        rule = self._rule_text(row)
        if rule:
            lines.append(rule)
        if row.note:
            lines.append(row.note)
        if row.edit is not None:
            lines.append(
                "Double-click or F2 to edit: the raw cell keeps existing %XX escapes, the "
                "decoded cell takes text as data; only what this component does not allow "
                "is percent-encoded (draft-2003 §2.4.2)."
            )
        return "\n".join(lines)

    def edit_current(self) -> None:
        """Open the editor on the current row's decoded cell (F2)."""
        item = self.view.currentItem()
        node = self._node_of(item)
        if item is not None and node is not None and node.row.edit is not None:
            self.view.editItem(item, COL_DECODED)

    def edit_text(self, row: Row, column: int) -> str:
        """The text an editor starts from: the full raw text, or its decoded value."""
        raw = row.raw or ""
        if row.kind == "part" and row.raw is not None and row.edit is not None:
            raw = self._text[row.span[0] : row.span[1]] if row.span is not None else raw
        if column == COL_RAW:
            return raw
        if row.edit is not None and row.edit[0] in ("query-key", "query-value"):
            return query_decode(raw, scheme_of(self._text))
        return unquote(raw, errors="replace")

    def apply_edit(self, row: Row, column: int, value: str) -> bool:
        """Recompose the reference with ``value`` in ``row``'s component (raw column:
        keep valid escapes; decoded column: the value is data). True if it changed."""
        if row.edit is None or value == self.edit_text(row, column):
            return False
        component, index = row.edit
        out = replace_component(
            self._text, component, value, index=index, literal=column != COL_RAW
        )
        if out.error is not None:
            self.summary.setText(f"Edit not applied: {out.error}")
            return False
        if out.uri == self._text:
            return False
        self.undo_stack.push(_EditCommand(self, self._text, out.uri, f"edit {row.label}"))
        return True

    # ---- rows from the analysis ----------------------------------------------------

    def _rows(self, a: Analysis) -> list[Row]:
        sp = a.parsed.split
        rows = [
            _part_row("scheme", "scheme", sp.scheme, edit=("scheme", 0), rule=("scheme", None)),
            self._authority_row(a),
            self._path_row(a),
            self._query_row(a),
            _part_row("fragment", "fragment", sp.fragment, edit=("fragment", 0),
                      rule=("fragment", None)),
        ]
        decoding = self._decoding(a)
        if decoding is not None:
            rows.append(self._details_row(a, decoding))
        else:
            self._field_rows = []
            if not self.preview.isHidden():
                self.preview.hide()
        chain = destinations_row(a)
        if chain is not None:
            rows.append(chain)
        return rows

    def _authority_row(self, a: Analysis) -> Row:
        sp = a.parsed.split
        auth = _part_row("authority", "authority", sp.authority, edit=("authority", 0),
                         rule=("authority", None))
        if sp.authority is None:
            return auth
        ui = _part_row("userinfo", "userinfo", sp.userinfo, edit=("userinfo", 0),
                       rule=("userinfo", None))
        if sp.userinfo is not None:
            # RFC 3986 §3.2.1: "user:password" — the first ":" separates them.
            text = sp.userinfo.text
            start = sp.userinfo.span.start
            colon = text.find(":")
            user_raw = text if colon == -1 else text[:colon]
            ui.children.append(Row(
                "user", "user", "userinfo", user_raw, _decode(user_raw),
                (start, start + len(user_raw)), edit=("user", 0), rule=("user", None),
            ))
            if colon == -1:
                ui.children.append(Row("password", "password", "userinfo", None, None, None,
                                       edit=("password", 0), rule=("password", None)))
            else:
                pw = text[colon + 1 :]
                ui.children.append(Row(
                    "password", "password", "userinfo", pw, _decode(pw),
                    (start + colon + 1, start + len(text)), edit=("password", 0),
                    rule=("password", None),
                    note="RFC 3986 §3.2.1: a password in the userinfo is deprecated",
                ))
        auth.children.append(ui)
        host_kind = a.parsed.host_kind
        label = "host" if host_kind is None else f"host · {host_kind}"
        host = _part_row("host", "host", sp.host, edit=("host", 0), rule=("host", host_kind))
        host.label = label
        info = getattr(a.parsed, "host_info", None)
        address = getattr(info, "address", None) if info is not None else None
        if address and sp.host is not None and address != sp.host.text:
            host.note = f"address: {address}"
        if a.effective_host and sp.host is not None and a.effective_host != sp.host.text:
            host.children.append(Row(
                "browser's host", "browser's host", "host", a.effective_host, None, None,
                note="The host a browser would actually contact (WHATWG URL Standard)",
            ))
        auth.children.append(host)
        auth.children.append(_part_row("port", "port", sp.port, edit=("port", 0),
                                       rule=("port", None)))
        return auth

    def _branch(self, name: str, row: Row, source: object, count: Callable[[], int],
                fill: Callable[[], list[Row]]) -> None:
        """Give ``row`` its children: the previous ones if ``source`` (the text and
        offset they come from) is unchanged, else listed now or, if many, on expanding."""
        memo = self._branches.get(name)
        if memo is not None and memo[0] == source:
            row.children, row.lazy, row.count = memo[1], memo[2], memo[3]
            return
        _defer_or_fill(row, count(), fill)
        self._branches[name] = (source, row.children, row.lazy, row.count)

    def _reuse(self, name: str) -> tuple[dict[object, Row], dict[object, Row]]:
        """The rows last listed for branch ``name`` by key, and a fresh table for this
        listing (rows whose key is unchanged are reused as they are)."""
        old = self._child_rows.get(name, {})
        new: dict[object, Row] = {}
        self._child_rows[name] = new
        return old, new

    def _path_row(self, a: Analysis) -> Row:
        sp = a.parsed.split
        path = _part_row("path", "path", sp.path, edit=("path", 0), rule=("path", None))
        p = sp.path.text

        def count() -> int:  # from the text: the core lists segments only when asked
            return 0 if not p else p.count("/") + (0 if p.startswith("/") else 1)

        def fill() -> list[Row]:
            segments = sp.segments
            old, new = self._reuse("path")
            out: list[Row] = []
            for n, seg in enumerate(segments[:MAX_CHILDREN], start=1):
                key = (n, seg.span.start, seg.text)
                cached = old.get(key)
                if cached is not None:
                    out.append(cached)
                    new[key] = cached
                    continue
                row = Row(f"segment {n}", f"segment {n}", "path", seg.text, _decode(seg.text),
                          (seg.span.start, seg.span.end), edit=("segment", n - 1),
                          rule=("segment", None))
                new[key] = row
                if seg.params:
                    row.children.append(Row(
                        "name", "name", "path", seg.name.text, _decode(seg.name.text),
                        (seg.name.span.start, seg.name.span.end), rule=("segment", None),
                    ))
                    for param in seg.params:
                        row.children.append(Row(
                            ";param", ";param", "path", param.text, _decode(param.text),
                            (param.span.start, param.span.end), rule=("param", None),
                            note="RFC 2396 §3.3: each path segment may carry ;parameters",
                        ))
                out.append(row)
            _add_more(out, len(segments))
            return out

        self._branch("path", path, (p, sp.path.span.start), count, fill)
        return path

    def _query_row(self, a: Analysis) -> Row:
        sp = a.parsed.split
        query = _part_row("query", "query", sp.query, edit=("query", 0), rule=("query", None))
        q = "" if sp.query is None else sp.query.text

        def count() -> int:  # as split_query counts, without building the list
            return q.count("&") + 1 if q else 0
        text = a.text
        scheme = None if sp.scheme is None else sp.scheme.text.lower()
        note = (
            "Form-decoded (application/x-www-form-urlencoded: '+' is a space); the & and = "
            "split is an HTML convention, not RFC 3986. Expand it to edit the key or the "
            "value." if form_encoded_query(scheme) else
            "Percent-decoded only (RFC 3986 §2.1): under this scheme '+' is a plus sign, "
            "not a space; the & and = split is an HTML convention, not RFC 3986."
        )

        def fill() -> list[Row]:
            params = sp.query_params
            old, new = self._reuse("query")
            out: list[Row] = []
            for n, qp in enumerate(params[:MAX_CHILDREN], start=1):
                raw = text[qp.span.start : qp.span.end]
                memo_key = (n, qp.span.start, raw)
                cached = old.get(memo_key)
                if cached is not None:
                    out.append(cached)
                    new[memo_key] = cached
                    continue
                key = _form_decode(qp.key.text, scheme)
                if qp.value is None:
                    decoded = f"{key} (no value)"
                else:
                    decoded = f"{key} = {_form_decode(qp.value.text, scheme)}"
                row = Row(
                    f"parameter {n}", f"parameter {n}", "query", raw, decoded,
                    (qp.span.start, qp.span.end), rule=("query-param", None), expand=False,
                    note=note,
                )
                row.children.append(Row(
                    "key", "key", "query", qp.key.text, key,
                    (qp.key.span.start, qp.key.span.end), edit=("query-key", n - 1),
                    rule=("query-param", None),
                ))
                value = qp.value
                row.children.append(Row(
                    "value", "value", "query", None if value is None else value.text,
                    None if value is None else _form_decode(value.text, scheme),
                    None if value is None else (value.span.start, value.span.end),
                    edit=("query-value", n - 1), rule=("query-param", None),
                ))
                new[memo_key] = row
                out.append(row)
            _add_more(out, len(params))
            return out

        start = None if sp.query is None else sp.query.span.start
        self._branch("query", query, (q, start), count, fill)
        return query

    @staticmethod
    def _decoding(a: Analysis) -> SchemeDecoding | None:
        try:
            decoding: SchemeDecoding | None = getattr(a, "decoding", None)
        except Exception:  # a decoder bug must not take the tree down
            return None
        return decoding

    def _details_row(self, a: Analysis, d: SchemeDecoding) -> Row:
        section = Row("details", f"{d.scheme} details", "scheme", None, d.title, None,
                      kind="section", note="What this scheme's own specification makes of it")
        text = a.text
        previous = self._field_rows
        self._field_rows = []
        for n, f in enumerate(d.fields):
            raw = None if f.span is None else text[f.span.start : f.span.end]
            if n < len(previous) and previous[n][1].raw == raw and previous[n][0] == f:
                row = previous[n][1]  # an unchanged field: its row (and children) reused
            else:
                row = self._field_row(text, f, n)
            self._field_rows.append((f, row))
            section.children.append(row)
        if d.preview_kind == "text" and d.preview is not None:
            section.children.append(self._text_preview_row(d))
            self.preview.hide()
        elif d.preview_kind == "image" and d.preview is not None:
            section.children.append(self._image_preview_row(d))
        else:
            self.preview.hide()
        return section

    def _field_row(self, text: str, f: DecodedField, n: int) -> Row:
        span = None if f.span is None else (f.span.start, f.span.end)
        raw = None if f.span is None else text[f.span.start : f.span.end]
        row = Row(f"{n}:{f.label}", f.label, "scheme", raw, f.value, span, kind="field",
                  note=f.note, flag=f.flag, icon=self._flag_icon(f.flag))
        children = f.children

        def fill() -> list[Row]:
            out = [self._field_row(text, c, i) for i, c in enumerate(children[:MAX_CHILDREN])]
            _add_more(out, len(children))
            return out

        if children:
            _defer_or_fill(row, len(children), fill)
        return row

    def _text_preview_row(self, d: SchemeDecoding) -> Row:
        from uriinspector.core.decoders.payload import MAX_SCANNED, excerpt_keeping, urls_in

        data = d.preview or b""
        whole = data[: MAX_SCANNED * 4].decode("utf-8", errors="replace")
        # shortened, but a URL inside (a form's target) is never cut out (issue 15)
        head = excerpt_keeping(whole, PREVIEW_CHARS, urls_in(whole))
        return Row("preview", "text preview", "scheme", None, head, None, kind="field",
                   note=f"{len(data):,} bytes as {d.preview_media_type or 'text'}, shown "
                   "as escaped plain text (never rendered as HTML or run)")

    def _image_preview_row(self, d: SchemeDecoding) -> Row:
        data = d.preview or b""
        pixmap, description = self._thumbnail(data)
        if pixmap is None:
            self.preview.hide()
            return Row("preview", "image preview", "scheme", None, description, None,
                       kind="field", flag="invalid", icon=self._flag_icon("invalid"),
                       note="Decoded with Qt's image reader; never loaded as HTML or run")
        if self.preview.isHidden() or self._shown_pixmap is not pixmap:
            self.preview.setPixmap(pixmap)
            self.preview.setToolTip(plain_tooltip(description))
            self._shown_pixmap = pixmap
            self.preview.show()
        return Row("preview", "image preview", "scheme", None, description, None,
                   kind="field", icon=self._image_icon,
                   note="Decoded with Qt's image reader from the payload bytes; never "
                   "loaded as HTML or run")

    def _thumbnail(self, data: bytes) -> tuple[QPixmap | None, str]:
        """Decode ``data`` with Qt's image reader into a thumbnail (cached by content)."""
        cached = self._image_cache
        if cached is not None and cached[0] == data:
            return cached[1], cached[2]
        buffer = QBuffer()
        buffer.setData(QByteArray(data))
        buffer.open(QBuffer.OpenModeFlag.ReadOnly)
        reader = QImageReader(buffer)
        reader.setDecideFormatFromContent(True)
        size = reader.size()
        fmt = bytes(reader.format().data()).decode("ascii", "replace").upper()
        result: tuple[QPixmap | None, str]
        if size.isValid() and size.width() * size.height() > MAX_PREVIEW_PIXELS:
            result = (None, f"{fmt} image of {size.width()}×{size.height()} px: too large "
                      "to preview")
        else:
            image: QImage = reader.read()
            if image.isNull():
                result = (None, f"the image could not be decoded ({reader.errorString()})")
            else:
                thumb = image
                if image.width() > THUMBNAIL or image.height() > THUMBNAIL:
                    thumb = image.scaled(THUMBNAIL, THUMBNAIL, Qt.AspectRatioMode.KeepAspectRatio,
                                         Qt.TransformationMode.SmoothTransformation)
                elif max(image.width(), image.height()) < 64:  # tiny: enlarge, crisp pixels
                    scale = max(1, 64 // max(image.width(), image.height()))
                    thumb = image.scaled(image.width() * scale, image.height() * scale)
                result = (QPixmap.fromImage(thumb),
                          f"{fmt} image, {image.width()}×{image.height()} px, "
                          f"{len(data):,} bytes")
        buffer.close()
        self._image_cache = (data, result[0], result[1])
        self._image_icon = None if result[0] is None else QIcon(result[0])
        return result

    def _flag_icon(self, flag: str | None) -> QIcon | None:
        if flag not in FLAGS:
            return None
        icon = self._flag_icons.get(flag)
        if icon is None:
            hue = FLAGS[flag][2]
            colour = (palette.readable(palette.BLUISH_GREEN, self.view.palette().base().color())
                      if hue == "ok" else palette.severity_color(hue, self.view.palette()))
            pix = QPixmap(12, 12)
            pix.fill(Qt.GlobalColor.transparent)
            painter = QPainter(pix)
            painter.setRenderHint(QPainter.RenderHint.Antialiasing)
            painter.setBrush(colour)
            painter.setPen(Qt.PenStyle.NoPen)
            painter.drawEllipse(1, 1, 10, 10)
            painter.end()
            icon = QIcon(pix)
            self._flag_icons[flag] = icon
        return icon

    # ---- reconciling rows with items -----------------------------------------------

    def _sync(
        self, parent: QTreeWidgetItem | None, old: list[_Node], rows: list[Row]
    ) -> list[_Node]:
        """Make ``parent``'s children show ``rows``: same keys are updated in place, the
        rest is replaced from the first difference on."""
        out: list[_Node] = []
        keep = 0
        for node, row in zip(old, rows, strict=False):
            if node.row.key != row.key or node.row.kind != row.kind:
                break
            self._update(node, row)
            out.append(node)
            keep += 1
        for i in range(len(old) - 1, keep - 1, -1):
            self._remove(parent, old[i])
        for row in rows[keep:]:
            out.append(self._create(parent, row))
        return out

    def _create(self, parent: QTreeWidgetItem | None, row: Row) -> _Node:
        texts = row.texts()
        item = tree_item(texts)  # made by C++: never leaks None (see _common.tree_item)
        if parent is None:
            self.view.addTopLevelItem(item)
        else:
            parent.addChild(item)
        number = next(self._numbers)
        node = _Node(item, row, number)
        self._nodes[number] = node
        item.setData(COL_NAME, NODE_ROLE, number)
        item.setData(COL_NAME, SPAN_ROLE, row.span)
        item.setData(COL_SPAN, _ALIGN, _RIGHT)
        self._style(item, row)
        self._names_dirty = True
        self._fill_children(node, row, created=True)
        return node

    def _update(self, node: _Node, row: Row) -> None:
        old = node.row
        if row is old:  # a reused row: its cells and children are what is shown
            return
        item = node.item
        texts = row.texts()
        if texts != node.texts:
            for col in range(4):
                if texts[col] != node.texts[col]:
                    item.setData(col, _D, texts[col])
            if texts[COL_NAME] != node.texts[COL_NAME]:
                self._names_dirty = True
            node.texts = texts
        if row.span != node.row.span:
            item.setData(COL_NAME, SPAN_ROLE, row.span)
        state = row.state()
        if state != node.state:
            self._style(item, row)
            node.state = state
        node.row = row
        if (row.children or row.lazy is not None) and (
            row.children is old.children and row.lazy is old.lazy
        ):
            return  # the same child rows (an unchanged branch): nothing below changed
        self._fill_children(node, row, created=False)

    def _fill_children(self, node: _Node, row: Row, *, created: bool) -> None:
        item = node.item
        if row.lazy is not None:
            if node.lazy_filled and item.isExpanded():  # the user opened a long list
                node.children = self._sync(item, node.children, row.lazy())
                return
            node.lazy_filled = False
            for child in reversed(node.children):
                self._remove(item, child)
            node.children = []
            if item.isExpanded():  # an open row without children shows no arrow to list them
                item.setExpanded(False)
            node.pending = row.lazy
            item.setData(COL_NAME, LAZY_ROLE, True)
            item.setChildIndicatorPolicy(QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator)
            return
        node.lazy_filled = False
        if node.pending is not None:
            node.pending = None
            item.setData(COL_NAME, LAZY_ROLE, None)
            item.setChildIndicatorPolicy(
                QTreeWidgetItem.ChildIndicatorPolicy.DontShowIndicatorWhenChildless
            )
        had_children = bool(node.children)
        if row.children or node.children:
            node.children = self._sync(item, node.children, row.children)
        if row.children and row.expand and (created or not had_children):
            item.setExpanded(True)

    def _style(self, item: QTreeWidgetItem, row: Row) -> None:
        """Fonts, colours, icon and editability of a row (only when its state changed)."""
        name_colour = self._colour(row.style)
        if row.flag in FLAGS:
            hue = FLAGS[row.flag][2]
            name_colour = (self._colour("ok") if hue == "ok"
                           else palette.severity_color(hue, self.view.palette()))
        item.setData(COL_NAME, _FG, name_colour)
        cstyle = palette.COMPONENT_STYLES.get(row.style)
        bold = row.kind == "section" or (cstyle is not None and cstyle.bold and row.kind == "part")
        item.setData(COL_NAME, _FONT, self._font("bold") if bold else None)
        # a flag's icon goes with its words; a preview's thumbnail with its description
        item.setData(COL_NAME, _ICON, row.icon if row.flag else None)
        item.setData(COL_DECODED, _ICON, None if row.flag else row.icon)
        if row.kind == "part" and row.raw is None:
            item.setData(COL_RAW, _FONT, self._font("italic"))
            item.setData(COL_RAW, _FG, self._colour("dim"))
        elif row.kind == "part" and row.raw == "":
            item.setData(COL_RAW, _FONT, self._font("italic-mono"))
            item.setData(COL_RAW, _FG, None)
        else:
            item.setData(COL_RAW, _FONT, self._mono)
            item.setData(COL_RAW, _FG, None)
        item.setData(COL_DECODED, _FONT, self._font("section") if row.kind == "section"
                     else self._mono)
        flags = item.flags()
        editable = Qt.ItemFlag.ItemIsEditable
        want = flags | editable if row.edit is not None else flags & ~editable
        if want != flags:
            item.setFlags(want)

    def _font(self, name: str) -> QFont:
        font = self._fonts.get(name)
        if font is None:
            if name == "italic-mono":
                font = QFont(self._mono)
                font.setItalic(True)
            else:
                font = QFont()  # no size: it follows the view (zoom)
                font.setBold(name == "bold")
                font.setItalic(name in ("italic", "section"))
            self._fonts[name] = font
        return font

    def _colour(self, style: str) -> QColor:
        colour = self._colours.get(style)
        if colour is None:
            pal = self.view.palette()
            if style == "dim":
                colour = palette.dim_color(pal)
            elif style == "ok":
                colour = palette.readable(palette.BLUISH_GREEN, pal.base().color())
            else:
                colour = palette.component_color(style, pal)
            self._colours[style] = colour
        return colour

    def _fit_columns(self) -> None:
        """Size the name column to its rows when names changed, the span column to the
        widest offset the text can have (no per-row measuring on a keystroke)."""
        if not self.view.isVisible():
            return  # done on showing (measuring needs a laid-out view)
        if self._names_dirty:
            self._names_dirty = False
            self.view.resizeColumnToContents(COL_NAME)
            widest = int(self.view.viewport().width() * NAME_WIDTH_SHARE)
            if self.view.columnWidth(COL_NAME) > widest > 0:
                self.view.setColumnWidth(COL_NAME, widest)
        digits = len(str(len(self._text)))
        if digits != self._span_digits:
            self._span_digits = digits
            widest = "8" * digits
            frame = self.view.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin)
            width = self.view.fontMetrics().horizontalAdvance(f"{widest}–{widest}")
            width += 2 * (frame + 1) + 6
            header_width = self.view.header().sectionSizeHint(COL_SPAN)
            self.view.setColumnWidth(COL_SPAN, max(width, header_width))

    def showEvent(self, event: QShowEvent) -> None:
        """Fit the columns left unfitted while the pane was hidden."""
        super().showEvent(event)
        self._fit_columns()

    def _remove(self, parent: QTreeWidgetItem | None, node: _Node) -> None:
        """Remove ``node``'s item (and its children) from the tree and free them.

        Never ``takeChild``: PySide6 6.11 keeps every item taken that way (and its
        children) alive for good, ~330 bytes a row per keystroke. ``removeChild`` lets
        go of the Python side, and deleting the C++ item frees it and its children.
        """
        self._forget(node)
        self._names_dirty = True
        item = node.item
        if parent is None:
            self.view.takeTopLevelItem(self.view.indexOfTopLevelItem(item))
        else:
            parent.removeChild(item)
        free_tree_item(item)

    def _forget(self, node: _Node) -> None:
        stack = [node]
        while stack:
            n = stack.pop()
            self._nodes.pop(n.number, None)
            stack.extend(n.children)

    def changeEvent(self, event: QEvent) -> None:
        """On a palette change (light/dark), drop cached colours and restyle every row."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and hasattr(self, "_colours"):
            self._colours.clear()
            self._flag_icons.clear()
            self._field_rows = []  # their rows hold the old flag icons
            for node in self._all_nodes():
                self._style(node.item, node.row)

    # ---- lookups -------------------------------------------------------------------

    def _node_of(self, item: QTreeWidgetItem | None) -> _Node | None:
        if item is None:
            return None
        number = item.data(COL_NAME, NODE_ROLE)
        return None if number is None else self._nodes.get(int(number))

    def _node_at_index(self, index: QModelIndex | QPersistentModelIndex) -> _Node | None:
        number = index.sibling(index.row(), COL_NAME).data(NODE_ROLE)
        return None if number is None else self._nodes.get(int(number))

    def _current_node(self) -> _Node | None:
        return self._node_of(self.view.currentItem())

    def _all_nodes(self) -> list[_Node]:
        out: list[_Node] = []
        stack = list(reversed(self._top))
        while stack:
            node = stack.pop()
            out.append(node)
            stack.extend(reversed(node.children))
        return out

    def _key_of(self, node: _Node | None) -> tuple[str, ...] | None:
        if node is None:
            return None
        path: list[str] = []
        target = node

        def walk(nodes: list[_Node]) -> bool:
            for n in nodes:
                path.append(n.row.key)
                if n is target or walk(n.children):
                    return True
                path.pop()
            return False

        return tuple(path) if walk(self._top) else None

    def _find_key(self, key: tuple[str, ...]) -> _Node | None:
        nodes = self._top
        found: _Node | None = None
        for part in key:
            found = next((n for n in nodes if n.row.key == part), None)
            if found is None:
                return None
            nodes = found.children
        return found

    def _rule_text(self, row: Row) -> str | None:
        """``rule_for_component(...).describe()`` for the row under the shown edition."""
        if row.rule is None:
            return None
        try:
            from uriinspector.core.explain import rule_for_component
        except ImportError:
            return None
        component, detail = row.rule
        try:
            rule = rule_for_component(component, self._edition, detail=detail)  # type: ignore[arg-type]
        except Exception:  # explanations are a bonus; never break hovering
            return None
        return None if rule is None else str(rule.describe())

    # ---- events --------------------------------------------------------------------

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Hover over a row: show its tooltip, computed now (cheap typing)."""
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            index = self.view.indexAt(event.pos())
            item = self.view.itemFromIndex(index) if index.isValid() else None
            text = self.tooltip_text(item, index.column()) if item is not None else ""
            if text:
                QToolTip.showText(event.globalPos(), plain_tooltip(text), self.view.viewport(),
                                  self.view.visualRect(index))
            else:
                QToolTip.hideText()
                event.ignore()
            return True
        return super().eventFilter(watched, event)

    def _on_view_item_double_clicked(self, item: QTreeWidgetItem, column: int) -> None:
        node = self._node_of(item)
        if node is not None and node.row.edit is not None:
            self.view.editItem(item, COL_RAW if column == COL_RAW else COL_DECODED)
        elif node is not None and node.row.inspect is not None:
            self.inspectRequested.emit(node.row.inspect)

    def inspect_url_of(self, item: QTreeWidgetItem | None) -> str | None:
        """The URL ``item`` offers to inspect (a destination hop), or None."""
        node = self._node_of(item)
        return None if node is None else node.row.inspect

    def _on_view_context_menu(self, pos: QPoint) -> None:
        url = self.inspect_url_of(self.view.itemAt(pos))
        if url is None:
            return
        menu = QMenu(self.view)
        action = menu.addAction("Inspect this URL")
        action.triggered.connect(lambda _checked=False, u=url: self.inspectRequested.emit(u))
        menu.exec(self.view.viewport().mapToGlobal(pos))

    def _on_view_item_expanded(self, item: QTreeWidgetItem) -> None:
        self._names_dirty = True  # deeper rows are shown: they may be wider
        node = self._node_of(item)
        if node is not None and node.pending is not None:
            fill, node.pending = node.pending, None
            node.lazy_filled = True
            syncing, self._syncing = self._syncing, True
            try:
                node.children = self._sync(item, node.children, fill())
            finally:
                self._syncing = syncing
        if not self._syncing:
            self._fit_columns()

    def _on_view_item_collapsed(self, _item: QTreeWidgetItem) -> None:
        self._names_dirty = True
        if not self._syncing:
            self._fit_columns()

    def _on_view_current_item_changed(
        self, current: QTreeWidgetItem | None, _previous: QTreeWidgetItem | None
    ) -> None:
        if self._syncing or current is None:
            return
        span = current.data(COL_NAME, SPAN_ROLE)
        if span is not None:
            self.spanRequested.emit(span[0], span[1])


def destinations_row(a: Analysis) -> Row | None:
    """The "Destinations" branch: each URL the link hands the visitor on to
    (``Analysis.destinations``), outermost first, with its carrier (``via``) and span.

    A hop's span indexes the previous hop's URL (batch protocol 1.1); it becomes a span
    of the input, which selecting the row highlights, while every hop before it was
    carried verbatim (no decoding). Double-click or the context menu inspects a hop.
    """
    try:
        d = a.destinations
    except Exception:  # a decoder bug must not take the tree down
        return None
    if not d.hops and d.unknowable is None:
        return None
    section = Row("destinations", "Destinations", "host", None,
                  f"{len(d.hops)} hop{'s' if len(d.hops) != 1 else ''}", None,
                  kind="section", note=d.sentence())
    offset: int | None = 0  # where the previous hop's URL starts in the input, if verbatim
    for n, hop in enumerate(d.hops, start=1):
        span: tuple[int, int] | None = None
        where = ""
        if hop.span is not None:
            if offset is not None:
                span = (offset + hop.span.start, offset + hop.span.end)
            else:
                where = f" · at {hop.span.start}–{hop.span.end} of hop {n - 1}'s URL"
        steps = f" ({', '.join(hop.decoding)})" if hop.decoding else ""
        section.children.append(Row(
            f"hop {n}", f"hop {n}: {hop.host or '(no host)'}", "host", hop.url,
            f"via {hop.via}{steps}{where}", span, kind="field", inspect=hop.url,
            note=f"{hop.title}. Double-click (or the context menu) inspects this URL.",
        ))
        verbatim = span is not None and not hop.decoding and a.text[span[0]:span[1]] == hop.url
        offset = span[0] if verbatim and span is not None else None
    if d.unknowable is not None:
        u = d.unknowable
        section.children.append(Row(
            "unknowable", "destination unknown", "host", None, u.reason, None,
            kind="field", flag="warning", note=u.reason,
        ))
    for i, note in enumerate(d.notes):
        section.children.append(Row(f"note {i}", "note", "host", None, note, None,
                                    kind="field", note=note))
    return section


def _part_row(
    key: str,
    style: str,
    part: Part | None,
    *,
    edit: tuple[Component, int] | None = None,
    rule: tuple[str, str | None] | None = None,
) -> Row:
    if part is None:
        return Row(key, key, style, None, None, None, edit=edit, rule=rule)
    return Row(key, key, style, part.text[:DISPLAY_LIMIT], _decode(part.text),
               (part.span.start, part.span.end), edit=edit, rule=rule)


def _defer_or_fill(row: Row, count: int, fill: Callable[[], list[Row]]) -> None:
    """List ``row``'s children now, or when first expanded if there are many."""
    if count <= EAGER_CHILDREN:
        row.children = fill()
    else:
        row.lazy = fill
        row.count = count


def _add_more(rows: list[Row], total: int) -> None:
    if total > MAX_CHILDREN:
        rows.append(Row("more", f"… {total - MAX_CHILDREN} more", "dim", None, None, None,
                        kind="more"))


def _edition_label(edition: object) -> str:
    label = getattr(edition, "label", None)
    return str(label) if label else str(edition)
