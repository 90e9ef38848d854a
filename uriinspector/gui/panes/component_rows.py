"""The Components pane's rows: what each tree row shows, built from one ``Analysis``.

``RowBuilder`` turns ``Analysis.parsed.split`` (RFC 3986 §3, Appendix B), the host
classification, the scheme decoder's fields and the destinations into ``Row``s; the
pane (``components.py``) only reconciles them with tree items. Unchanged path and query
branches and equal decoder fields keep their rows, so the pane can skip them whole.
Undefined (delimiter absent) and empty (present, nothing after it) differ (RFC 3986 §5.3).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING
from urllib.parse import unquote

from uriinspector.core.decoders.percent import form_encoded_query, query_decode
from uriinspector.gui.panes.cells import EMPTY_TEXT, UNDEFINED_TEXT
from uriinspector.gui.plain import visible_text

if TYPE_CHECKING:
    from PySide6.QtGui import QIcon

    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compose import Component
    from uriinspector.core.decoders import DecodedField, SchemeDecoding
    from uriinspector.core.split import Part

#: Children shown under one path or query row before "… N more" (keeps 1 MB usable).
MAX_CHILDREN = 1000
#: Up to this many segments/parameters are listed at once; more are listed on expanding.
EAGER_CHILDREN = 64

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
#: A data: text preview shows this many characters (escaped, as plain text).
PREVIEW_CHARS = 200

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


class RowBuilder:
    """Builds a Components tree's rows from an analysis, reusing unchanged branches.

    ``flag_icon(flag)`` paints a decoder flag's dot; ``image_row(decoding)`` makes the
    image preview's row (and shows the thumbnail beside the tree); ``hide_preview()``
    hides it. Those three stay with the widget, everything else is here.
    """

    def __init__(
        self,
        flag_icon: Callable[[str | None], QIcon | None],
        image_row: Callable[[SchemeDecoding], Row],
        hide_preview: Callable[[], None],
    ) -> None:
        self._flag_icon = flag_icon
        self._image_row = image_row
        self._hide_preview = hide_preview
        #: branch -> (what it was built from, how its children are listed): an unchanged
        #: path or query reuses its child rows, which the sync then skips as a whole
        self._branches: dict[
            str, tuple[object, list[Row], Callable[[], list[Row]] | None, int]
        ] = {}
        #: branch -> child rows by what they show: a changed list reuses unchanged rows
        self._child_rows: dict[str, dict[object, Row]] = {}
        #: the last decoder fields shown and their rows (reused while equal)
        self._field_rows: list[tuple[DecodedField, Row]] = []

    def forget_branches(self) -> None:
        """Reuse no branch next time (rows read the edition: RFC 2396 ;params)."""
        self._branches.clear()
        self._child_rows.clear()

    def forget_fields(self) -> None:
        """Rebuild the decoder fields' rows next time (their icons changed)."""
        self._field_rows = []

    def rows(self, a: Analysis) -> list[Row]:
        """The top-level rows for ``a`` (unchanged branches keep their child rows)."""
        sp = a.parsed.split
        rows = [
            part_row("scheme", "scheme", sp.scheme, edit=("scheme", 0), rule=("scheme", None)),
            self._authority_row(a),
            self._path_row(a),
            self._query_row(a),
            part_row("fragment", "fragment", sp.fragment, edit=("fragment", 0),
                      rule=("fragment", None)),
        ]
        decoding = self._decoding(a)
        if decoding is not None:
            rows.append(self._details_row(a, decoding))
        else:
            self._field_rows = []
            self._hide_preview()
        chain = destinations_row(a)
        if chain is not None:
            rows.append(chain)
        return rows

    def _authority_row(self, a: Analysis) -> Row:
        sp = a.parsed.split
        auth = part_row("authority", "authority", sp.authority, edit=("authority", 0),
                         rule=("authority", None))
        if sp.authority is None:
            return auth
        ui = part_row("userinfo", "userinfo", sp.userinfo, edit=("userinfo", 0),
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
        host = part_row("host", "host", sp.host, edit=("host", 0), rule=("host", host_kind))
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
        auth.children.append(part_row("port", "port", sp.port, edit=("port", 0),
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
        path = part_row("path", "path", sp.path, edit=("path", 0), rule=("path", None))
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
        query = part_row("query", "query", sp.query, edit=("query", 0), rule=("query", None))
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
            self._hide_preview()
        elif d.preview_kind == "image" and d.preview is not None:
            section.children.append(self._image_row(d))
        else:
            self._hide_preview()
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


def part_row(
    key: str,
    style: str,
    part: Part | None,
    *,
    edit: tuple[Component, int] | None = None,
    rule: tuple[str, str | None] | None = None,
) -> Row:
    """A component's row: undefined (``None``), empty, or its text, decoded and spanned."""
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


def edition_label(edition: object) -> str:
    """An edition's label for the summary line."""
    label = getattr(edition, "label", None)
    return str(label) if label else str(edition)
