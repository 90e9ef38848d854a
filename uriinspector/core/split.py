"""The generic split of a URI reference into components, keeping every span.

Appendix B of the 2003 draft (RFC 3986 Appendix B) gives a regular expression that
splits any string: it always succeeds, the authority wins (greedy, §4.3), and an
absent delimiter (undefined, ``None``) stays apart from an empty component (``""``).
We keep the spans of every component and delimiter, so the window can colour the
input and ``unsplit`` gives back the input exactly, for every string.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any, Literal

from uriinspector.core.grammar import LazyPattern
from uriinspector.core.slots import field_setters
from uriinspector.core.spans import (
    SHARED_BELOW,
    SHARED_SPANS,
    Span,
    gc_paused,
    shared_span,
    trusted_span,
)

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

ComponentName = Literal[
    "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"
]

DelimiterRole = Literal[
    "scheme-colon",  # ":" after the scheme
    "authority-slashes",  # "//" before the authority
    "userinfo-at",  # "@" after the userinfo
    "port-colon",  # ":" before the port
    "query-mark",  # "?" before the query
    "fragment-hash",  # "#" before the fragment
]

# RFC 3986 Appendix B / draft-2003 Appendix B, verbatim but for DOTALL (any string):
#   ^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?
#    12            3  4          5       6  7        8 9
#: Appendix B with :func:`split_authority`'s cuts in the same match: the userinfo runs
#: to the authority's last "@"; a host starting with "[" ends at the first "]" if a ":"
#: follows it (the port after), else takes the rest; any other host ends at the first
#: ":". The authority is Appendix B's (its parts always reach the next "/", "?" or "#").
#: Groups: 1 scheme, 2 authority, 3 userinfo, 4 host (defined exactly when the
#: authority is), 5 port, 6 path, 7 query, 8 fragment.
_SPLIT_B = LazyPattern(
    r"(?:([^:/?#]+):)?"
    r"(?://((?:([^/?#]*)@)?(\[[^\]/?#]*\](?=:)|\[[^/?#]*|[^:/?#]*)(?::([^/?#]*))?))?"
    r"([^?#]*)(?:\?([^#]*))?(?:#(.*))?",
    re.DOTALL,
)
#: ``_SPLIT_B``'s group number of each of :data:`SPAN_COMPONENTS`.
_SPLIT_B_GROUPS: tuple[int, ...] = (1, 3, 4, 5, 6, 7, 8)

#: The contract's span components, in input order (``component_spans``'s order).
SPAN_COMPONENTS: tuple[ComponentName, ...] = (
    "scheme", "userinfo", "host", "port", "path", "query", "fragment"
)
#: The row every start shares in :data:`SPAN_PAIRS` until a pair of its is made (rows
#: are made on demand: most starts never occur for most components).
_NO_PAIRS: list[tuple[ComponentName, Span] | None] = [None] * SHARED_BELOW
#: ``SPAN_PAIRS[k][start][end]``: the ready ``(SPAN_COMPONENTS[k], span)`` pair of
#: ``component_spans`` (``None`` until first made by :func:`span_pair`), below
#: :data:`SHARED_BELOW`: a spans read took a tuple per component; a pair is immutable
#: and its span shared, so one per (component, start, end) serves every reference.
SPAN_PAIRS: tuple[list[list[tuple[ComponentName, Span] | None]], ...] = tuple(
    [_NO_PAIRS] * SHARED_BELOW for _ in SPAN_COMPONENTS
)


def _field_values(obj: DataclassInstance) -> tuple[object, ...]:
    """A dataclass's field values in declaration order: the constructor's arguments that
    the split types' ``__reduce__`` pickle (as :meth:`Span.__reduce__`, for make compiled)."""
    return tuple(getattr(obj, f.name) for f in fields(obj))


@dataclass(frozen=True, slots=True)
class Part:
    """A component's exact substring of the input, and where it stands."""

    text: str
    span: Span

    def __reduce__(self) -> tuple[type[Part], tuple[object, ...]]:
        """Pickled through the constructor (:func:`_field_values`)."""
        return (Part, _field_values(self))


@dataclass(frozen=True, slots=True)
class Delimiter:
    """A delimiter the split found (``:``, ``//``, ``@``, ``?``, ``#``) and its role."""

    role: DelimiterRole
    text: str
    span: Span

    def __reduce__(self) -> tuple[type[Delimiter], tuple[object, ...]]:
        """Pickled through the constructor (:func:`_field_values`)."""
        return (Delimiter, _field_values(self))


@dataclass(frozen=True, slots=True)
class Segment:
    """One path segment between slashes, with its ``;params`` where the edition has them.

    ``name`` is the part before the first ``;`` when params are split (RFC 2396 §3.3,
    RFC 1808 §2.4.5); otherwise it is the whole segment and ``params`` is empty.
    """

    text: str
    span: Span
    name: Part
    params: tuple[Part, ...]

    def __reduce__(self) -> tuple[type[Segment], tuple[object, ...]]:
        """Pickled through the constructor (:func:`_field_values`)."""
        return (Segment, _field_values(self))


@dataclass(frozen=True, slots=True)
class QueryParam:
    """One ``key=value`` piece of a query split on ``&`` (HTML form convention, not RFC)."""

    span: Span
    key: Part
    value: Part | None  # None when the piece has no "="

    def __reduce__(self) -> tuple[type[QueryParam], tuple[object, ...]]:
        """Pickled through the constructor (:func:`_field_values`)."""
        return (QueryParam, _field_values(self))


@dataclass(frozen=True, slots=True)
class SplitReference:
    """A URI reference split into its generic components, every one with its span.

    ``segments`` and ``query_params`` are computed on first access and then kept (a
    1 MB path has ~10^5 segments; most callers never look at them). ``segment_params``
    says whether segments split off their ``;params`` (see :func:`split`).
    """

    text: str
    scheme: Part | None
    authority: Part | None
    userinfo: Part | None
    host: Part | None
    port: Part | None
    path: Part
    query: Part | None
    fragment: Part | None
    delimiters: tuple[Delimiter, ...]
    segment_params: bool = False
    _segments: tuple[Segment, ...] | None = field(default=None, compare=False, repr=False)
    _query_params: tuple[QueryParam, ...] | None = field(
        default=None, compare=False, repr=False
    )

    def __reduce__(self) -> tuple[type[SplitReference], tuple[object, ...]]:
        """Pickled through the constructor (:func:`_field_values`)."""
        return (SplitReference, _field_values(self))

    @property
    def segments(self) -> tuple[Segment, ...]:
        """The path's segments (:func:`split_segments`), built once on first access."""
        segs = self._segments
        if segs is None:
            segs = split_segments(self.text, self.path, params=self.segment_params)
            object.__setattr__(self, "_segments", segs)
        return segs

    @property
    def query_params(self) -> tuple[QueryParam, ...]:
        """The query's ``&``/``=`` pieces (:func:`split_query`), built once on first access."""
        params = self._query_params
        if params is None:
            params = split_query(self.query)
            object.__setattr__(self, "_query_params", params)
        return params

    @property
    def kind(self) -> Literal["uri", "relative-ref"]:
        """``uri`` when a scheme is present (RFC 3986 §4.1), else ``relative-ref``."""
        return "uri" if self.scheme is not None else "relative-ref"

    def component(self, name: ComponentName) -> Part | None:
        """Return the named component (``path`` is never ``None``)."""
        part: Part | None = getattr(self, name)
        return part

    def component_spans(self) -> tuple[tuple[ComponentName, Span], ...]:
        """Spans of the defined leaf components in input order, delimiters excluded.

        These are the contract's ``spans``: scheme, userinfo, host, port, path,
        query, fragment (the authority is covered by its three parts).
        """
        out: list[tuple[ComponentName, Span]] = []
        names: tuple[ComponentName, ...] = (
            "scheme", "userinfo", "host", "port", "path", "query", "fragment"
        )
        for name in names:
            part = self.component(name)
            if part is not None:
                out.append((name, part.span))
        return tuple(out)

    def unsplit(self) -> str:
        """Recompose the reference from its parts (RFC 3986 §5.3); equals ``text``."""
        pieces: list[str] = []
        if self.scheme is not None:
            pieces += [self.scheme.text, ":"]
        if self.authority is not None:
            pieces.append("//")
            if self.userinfo is not None:
                pieces += [self.userinfo.text, "@"]
            if self.host is not None:
                pieces.append(self.host.text)
            if self.port is not None:
                pieces += [":", self.port.text]
        pieces.append(self.path.text)
        if self.query is not None:
            pieces += ["?", self.query.text]
        if self.fragment is not None:
            pieces += ["#", self.fragment.text]
        return "".join(pieces)


# Each class's own __new__ and vars() (object.__new__ and __dict__ in CPython): a mypyc
# build of this module (make compiled) refuses object.__new__ on its compiled classes
_new_part = Part.__new__
_new_ref = SplitReference.__new__
_new_delim = Delimiter.__new__
_set_part_text = vars(Part)["text"].__set__
_set_part_span = vars(Part)["span"].__set__


def _settable_twin(cls: type) -> Callable[[], Any] | None:
    """A plain class with ``cls``'s slots, settable, whose filled instance becomes a
    ``cls`` (``obj.__class__ = cls``; the layouts are the same): plain stores and the
    swap cost a fraction of the slot-setter calls. None where the swap is refused (a
    mypyc build's classes, make compiled): the setters serve there."""
    try:
        twin: Callable[[], Any] = type(
            f"_Settable{cls.__name__}", (), {"__slots__": vars(cls)["__slots__"]}
        )
        twin().__class__ = cls
    except (KeyError, TypeError):
        return None
    return twin


_PART_TWIN = _settable_twin(Part)
_REF_TWIN = _settable_twin(SplitReference)


def _mk_part(text: str, span: Span) -> Part:
    """``Part(text, span)`` without the dataclass ``__init__`` (the splitter's hot path)."""
    part = _new_part(Part)
    _set_part_text(part, text)
    _set_part_span(part, span)
    return part


def _part(text: str, start: int, end: int) -> Part:
    return _mk_part(text[start:end], trusted_span(start, end))


def split_authority(
    text: str, start: int, end: int
) -> tuple[Part | None, Part, Part | None, list[Delimiter]]:
    """Split ``text[start:end]`` (an authority) into userinfo, host and port.

    The userinfo ends at the *last* ``@`` (as browsers read it; RFC 3986 allows no ``@``
    in userinfo, so any earlier one is a diagnostic, not a delimiter). A host that
    starts with ``[`` runs to the first ``]`` (IP-literal, §3.2.2); otherwise the
    port starts after the first ``:``.
    """
    delims: list[Delimiter] = []
    userinfo: Part | None = None
    at = text.rfind("@", start, end)
    host_start = start
    if at != -1:
        userinfo = _part(text, start, at)
        delims.append(_delimiter("userinfo-at", "@", at, at + 1))
        host_start = at + 1
    port: Part | None = None
    host_end = end
    if host_start < end and text[host_start] == "[":
        close = text.find("]", host_start, end)
        if close != -1 and close + 1 < end and text[close + 1] == ":":
            host_end = close + 1
        # "[...]junk" or an unclosed "[" keeps the whole rest as the (invalid) host
    else:
        colon = text.find(":", host_start, end)
        if colon != -1:
            host_end = colon
    if host_end < end:
        delims.append(_delimiter("port-colon", ":", host_end, host_end + 1))
        port = _part(text, host_end + 1, end)
    return userinfo, _part(text, host_start, host_end), port, delims


def split_segments(text: str, path: Part, *, params: bool = False) -> tuple[Segment, ...]:
    """Split a path into its ``/``-separated segments, each with its span.

    The leading ``/`` of an absolute path belongs to no segment, so ``/a/b`` has the
    segments ``a`` and ``b``, ``/`` has one empty segment and ``""`` has none.
    With ``params``, each segment's ``;param`` parts are split off (RFC 2396 §3.3).
    """
    p = path.text
    if not p:
        return ()
    base = path.span.start
    pos = base + (1 if p.startswith("/") else 0)
    pieces = p[1:].split("/") if p.startswith("/") else p.split("/")
    segments: list[Segment] = []
    with gc_paused(3 * len(pieces)):
        _segments_into(segments.append, pieces, pos, params)
    return tuple(segments)


def _segments_into(
    append: Callable[[Segment], None], pieces: list[str], pos: int, params: bool
) -> None:
    """The loop of :func:`split_segments`: one Segment per piece, ``pos`` the first's start."""
    mk_part = _mk_part
    span_of = trusted_span
    for seg_text in pieces:
        stop = pos + len(seg_text)
        seg_span = span_of(pos, stop)
        if params and ";" in seg_text:
            subs = seg_text.split(";")
            name = mk_part(subs[0], span_of(pos, pos + len(subs[0])))
            plist: list[Part] = []
            cursor = pos + len(subs[0]) + 1
            for piece in subs[1:]:
                plist.append(mk_part(piece, span_of(cursor, cursor + len(piece))))
                cursor += len(piece) + 1
            append(Segment(seg_text, seg_span, name, tuple(plist)))
        else:
            append(Segment(seg_text, seg_span, mk_part(seg_text, seg_span), ()))
        pos = stop + 1


def split_query(query: Part | None) -> tuple[QueryParam, ...]:
    """Split a query on ``&`` and each piece at its first ``=``, keeping spans."""
    if query is None or not query.text:
        return ()
    out: list[QueryParam] = []
    pieces = query.text.split("&")
    with gc_paused(6 * len(pieces)):
        _params_into(out.append, pieces, query.span.start)
    return tuple(out)


def _params_into(append: Callable[[QueryParam], None], pieces: list[str], pos: int) -> None:
    """The loop of :func:`split_query`: one QueryParam per piece, ``pos`` the first's start."""
    mk_part = _mk_part
    span_of = trusted_span
    for piece in pieces:
        stop = pos + len(piece)
        eq = piece.find("=")
        value: Part | None
        if eq == -1:
            whole = span_of(pos, stop)
            key = mk_part(piece, whole)
            value = None
        else:
            whole = span_of(pos, stop)
            key = mk_part(piece[:eq], span_of(pos, pos + eq))
            value = mk_part(piece[eq + 1 :], span_of(pos + eq + 1, stop))
        append(QueryParam(whole, key, value))
        pos = stop + 1


def split(text: str, *, segment_params: bool = False) -> SplitReference:
    """Split any string into a :class:`SplitReference` (Appendix B; never fails).

    ``segment_params`` splits ``;params`` off each path segment, as the editions
    before 2003 define them (see :attr:`Edition.has_segment_params`). One match of
    :data:`_SPLIT_B` gives every component's offsets, and :func:`assemble` builds the
    parts and delimiters from them, as it does for a fast-path parse.
    """
    m = _SPLIT_B.get().match(text)
    assert m is not None  # every group is optional: the pattern matches any string
    # one call for every group's (start, end); (-1, -1) for a group that did not take part
    r = m.regs
    return assemble(
        text, r[1], r[2], r[3], r[4], r[5], r[6], r[7], r[8], segment_params=segment_params
    )


def split_spans(text: str) -> tuple[tuple[ComponentName, Span], ...]:
    """``split(text).component_spans()`` without the split's parts and delimiters: one
    match of :data:`_SPLIT_B` (what a caller reading only the spans of a reference the
    fast path rejected needs; the property tests compare it with :func:`split`)."""
    m = _SPLIT_B.get().match(text)
    assert m is not None  # every group is optional: the pattern matches any string
    return spans_of_groups(m.regs, _SPLIT_B_GROUPS)


def span_pair(k: int, start: int, end: int) -> tuple[ComponentName, Span]:
    """``(SPAN_COMPONENTS[k], Span(start, end))``, the one kept in :data:`SPAN_PAIRS`
    below :data:`SHARED_BELOW` (made there on first use), else a new one."""
    if end >= SHARED_BELOW:
        return (SPAN_COMPONENTS[k], trusted_span(start, end))
    table = SPAN_PAIRS[k]
    row = table[start]
    if row is _NO_PAIRS:
        row = table[start] = [None] * SHARED_BELOW
    pair = row[end]
    if pair is None:
        pair = row[end] = (SPAN_COMPONENTS[k], shared_span(start, end))
    return pair


def spans_of_groups(
    regs: tuple[tuple[int, int], ...], groups: tuple[int, ...]
) -> tuple[tuple[ComponentName, Span], ...]:
    """``(name, span)`` for each of :data:`SPAN_COMPONENTS` whose group (``groups``: the
    group number of each) took part in a match whose ``regs`` are given, in input order."""
    tables = SPAN_PAIRS
    out: list[tuple[ComponentName, Span]] = []
    for k, i in enumerate(groups):
        start, end = regs[i]
        if start != -1:
            pair = tables[k][start][end] if end < SHARED_BELOW else None
            out.append(span_pair(k, start, end) if pair is None else pair)
    return tuple(out)


# SplitReference's fields in declaration order, set directly (a frozen dataclass's
# __init__ goes through object.__setattr__ thirteen times on every parse)
_SPLIT_SETTERS = field_setters(SplitReference)
_DELIM_SETTERS = field_setters(Delimiter)


def _reference(
    text: str,
    scheme: Part | None,
    authority: Part | None,
    userinfo: Part | None,
    host: Part | None,
    port: Part | None,
    path: Part,
    query: Part | None,
    fragment: Part | None,
    delims: list[Delimiter],
    segment_params: bool,
) -> SplitReference:
    """A ``SplitReference`` built through its slot setters (``split`` and ``assemble``
    share it; segments and query parameters are left for their lazy properties)."""
    twin = _REF_TWIN
    if twin is not None:  # thirteen plain stores and the swap (see _settable_twin)
        made = twin()
        made.text = text
        made.scheme = scheme
        made.authority = authority
        made.userinfo = userinfo
        made.host = host
        made.port = port
        made.path = path
        made.query = query
        made.fragment = fragment
        made.delimiters = tuple(delims)
        made.segment_params = segment_params
        made._segments = None
        made._query_params = None
        made.__class__ = SplitReference
        ref: SplitReference = made
        return ref
    ref = _new_ref(SplitReference)
    (
        set_text, set_scheme, set_authority, set_userinfo, set_host, set_port, set_path,
        set_query, set_fragment, set_delimiters, set_segment_params, set_segments,
        set_query_params,
    ) = _SPLIT_SETTERS
    set_text(ref, text)
    set_scheme(ref, scheme)
    set_authority(ref, authority)
    set_userinfo(ref, userinfo)
    set_host(ref, host)
    set_port(ref, port)
    set_path(ref, path)
    set_query(ref, query)
    set_fragment(ref, fragment)
    set_delimiters(ref, tuple(delims))
    set_segment_params(ref, segment_params)
    set_segments(ref, None)
    set_query_params(ref, None)
    return ref


def _delimiter(role: DelimiterRole, text: str, start: int, end: int) -> Delimiter:
    """``Delimiter(role, text, Span(start, end))`` without the dataclass ``__init__``."""
    d = _new_delim(Delimiter)
    set_role, set_text, set_span = _DELIM_SETTERS
    set_role(d, role)
    set_text(d, text)
    set_span(d, trusted_span(start, end))
    return d


#: Delimiters at offsets below ``SHARED_BELOW`` are shared, as spans are (immutable, set
#: by role and offset): a fast-path parse whose spans are read built one per delimiter.
_DELIMS: dict[int, Delimiter] = {}
_ROLES: tuple[tuple[DelimiterRole, str, int], ...] = (
    ("scheme-colon", ":", 0),
    ("authority-slashes", "//", -2),
    ("userinfo-at", "@", 0),
    ("port-colon", ":", -1),
    ("query-mark", "?", -1),
    ("fragment-hash", "#", -1),
)


def _at(text: str, start: int, end: int) -> Part:
    """``_part`` with a shared span (``assemble``'s hot path)."""
    part = _new_part(Part)
    _set_part_text(part, text[start:end])
    _set_part_span(part, shared_span(start, end))
    return part


def _shared_delimiter(role: int, at: int) -> Delimiter:
    """The delimiter of ``_ROLES[role]`` whose component starts (or, for the scheme and
    the userinfo, ends) at ``at``; shared below ``SHARED_BELOW``."""
    key = at * 8 + role
    d = _DELIMS.get(key) if at < SHARED_BELOW else None
    if d is None:
        name, text, shift = _ROLES[role]
        start = at + shift
        d = _delimiter(name, text, start, start + len(text))
        if at < SHARED_BELOW:
            _DELIMS[key] = d
    return d


def _assemble_swapping(
    text: str,
    scheme: tuple[int, int],
    authority: tuple[int, int],
    userinfo: tuple[int, int],
    host: tuple[int, int],
    port: tuple[int, int],
    path: tuple[int, int],
    query: tuple[int, int],
    fragment: tuple[int, int],
    *,
    segment_params: bool = False,
) -> SplitReference:
    """:func:`assemble` where a part is built by a filled twin's swap (``_settable_twin``).

    Each part is :func:`_at`'s and each delimiter :func:`_shared_delimiter`'s, their
    bodies written out (the shared span or delimiter read from its table, the calls made
    only for one not made yet): the calls and setters were most of an assembly.
    """
    twin = _PART_TWIN
    assert twin is not None
    spans, cached, delim = SHARED_SPANS, _DELIMS.get, _shared_delimiter
    delims: list[Delimiter] = []
    s_scheme = s_authority = s_userinfo = s_host = s_port = s_query = s_fragment = None
    start, end = scheme
    if start != -1:
        s_scheme = twin()
        s_scheme.text = text[start:end]
        span = spans[start][end] if end < SHARED_BELOW else None
        s_scheme.span = shared_span(start, end) if span is None else span
        s_scheme.__class__ = Part
        d = cached(end * 8)
        delims.append(delim(0, end) if d is None else d)
    start, end = authority
    if start != -1:
        d = cached(start * 8 + 1)
        delims.append(delim(1, start) if d is None else d)
        s_authority = twin()
        s_authority.text = text[start:end]
        span = spans[start][end] if end < SHARED_BELOW else None
        s_authority.span = shared_span(start, end) if span is None else span
        s_authority.__class__ = Part
        start, end = userinfo
        if start != -1:
            s_userinfo = twin()
            s_userinfo.text = text[start:end]
            span = spans[start][end] if end < SHARED_BELOW else None
            s_userinfo.span = shared_span(start, end) if span is None else span
            s_userinfo.__class__ = Part
            d = cached(end * 8 + 2)
            delims.append(delim(2, end) if d is None else d)
        start, end = host
        s_host = twin()
        s_host.text = text[start:end]
        span = spans[start][end] if end < SHARED_BELOW else None
        s_host.span = shared_span(start, end) if span is None else span
        s_host.__class__ = Part
        start, end = port
        if start != -1:
            d = cached(start * 8 + 3)
            delims.append(delim(3, start) if d is None else d)
            s_port = twin()
            s_port.text = text[start:end]
            span = spans[start][end] if end < SHARED_BELOW else None
            s_port.span = shared_span(start, end) if span is None else span
            s_port.__class__ = Part
    start, end = path
    s_path = twin()
    s_path.text = text[start:end]
    span = spans[start][end] if end < SHARED_BELOW else None
    s_path.span = shared_span(start, end) if span is None else span
    s_path.__class__ = Part
    start, end = query
    if start != -1:
        d = cached(start * 8 + 4)
        delims.append(delim(4, start) if d is None else d)
        s_query = twin()
        s_query.text = text[start:end]
        span = spans[start][end] if end < SHARED_BELOW else None
        s_query.span = shared_span(start, end) if span is None else span
        s_query.__class__ = Part
    start, end = fragment
    if start != -1:
        d = cached(start * 8 + 5)
        delims.append(delim(5, start) if d is None else d)
        s_fragment = twin()
        s_fragment.text = text[start:end]
        span = spans[start][end] if end < SHARED_BELOW else None
        s_fragment.span = shared_span(start, end) if span is None else span
        s_fragment.__class__ = Part
    return _reference(
        text, s_scheme, s_authority, s_userinfo, s_host, s_port, s_path, s_query, s_fragment,
        delims, segment_params,
    )  # fmt: skip


def _assemble_setting(
    text: str,
    scheme: tuple[int, int],
    authority: tuple[int, int],
    userinfo: tuple[int, int],
    host: tuple[int, int],
    port: tuple[int, int],
    path: tuple[int, int],
    query: tuple[int, int],
    fragment: tuple[int, int],
    *,
    segment_params: bool = False,
) -> SplitReference:
    """:func:`assemble` through the slot setters (where ``_settable_twin`` is refused)."""
    at, delim = _at, _shared_delimiter
    delims: list[Delimiter] = []
    s_scheme = s_authority = s_userinfo = s_host = s_port = s_query = s_fragment = None
    start, end = scheme
    if start != -1:
        s_scheme = at(text, start, end)
        delims.append(delim(0, end))
    start, end = authority
    if start != -1:
        delims.append(delim(1, start))
        s_authority = at(text, start, end)
        start, end = userinfo
        if start != -1:
            s_userinfo = at(text, start, end)
            delims.append(delim(2, end))
        start, end = host
        s_host = at(text, start, end)
        start, end = port
        if start != -1:
            delims.append(delim(3, start))
            s_port = at(text, start, end)
    start, end = path
    s_path = at(text, start, end)
    start, end = query
    if start != -1:
        delims.append(delim(4, start))
        s_query = at(text, start, end)
    start, end = fragment
    if start != -1:
        delims.append(delim(5, start))
        s_fragment = at(text, start, end)
    return _reference(
        text, s_scheme, s_authority, s_userinfo, s_host, s_port, s_path, s_query, s_fragment,
        delims, segment_params,
    )  # fmt: skip


#: The :class:`SplitReference` of ``text`` from its components' ``(start, end)``
#: (``(-1, -1)`` for an undefined one), as a whole-reference match gives them. For a
#: reference its edition's grammar accepts, the grammar's components are the Appendix B
#: split's (RFC 3986 Appendix B); :func:`split` gives the same object.
assemble = _assemble_swapping if _PART_TWIN is not None else _assemble_setting
