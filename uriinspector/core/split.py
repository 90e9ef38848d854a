"""The generic split of a URI reference into components, keeping every span.

Appendix B of the 2003 draft (RFC 3986 Appendix B) gives a regular expression that
splits any string: it always succeeds, the authority wins (greedy, §4.3), and an
absent delimiter (undefined, ``None``) stays apart from an empty component (``""``).
We keep the spans of every component and delimiter, so the window can colour the
input and ``unsplit`` gives back the input exactly, for every string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from uriinspector.core.spans import Span

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
_APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.DOTALL)


@dataclass(frozen=True, slots=True)
class Part:
    """A component's exact substring of the input, and where it stands."""

    text: str
    span: Span


@dataclass(frozen=True, slots=True)
class Delimiter:
    """A delimiter the split found (``:``, ``//``, ``@``, ``?``, ``#``) and its role."""

    role: DelimiterRole
    text: str
    span: Span


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


@dataclass(frozen=True, slots=True)
class QueryParam:
    """One ``key=value`` piece of a query split on ``&`` (HTML form convention, not RFC)."""

    span: Span
    key: Part
    value: Part | None  # None when the piece has no "="


@dataclass(frozen=True, slots=True)
class SplitReference:
    """A URI reference split into its generic components, every one with its span."""

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
    segments: tuple[Segment, ...]
    query_params: tuple[QueryParam, ...]

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


def _part(text: str, start: int, end: int) -> Part:
    return Part(text[start:end], Span(start, end))


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
        delims.append(Delimiter("userinfo-at", "@", Span(at, at + 1)))
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
        delims.append(Delimiter("port-colon", ":", Span(host_end, host_end + 1)))
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
    offset = 1 if p.startswith("/") else 0
    segments: list[Segment] = []
    pos = offset
    while True:
        slash = p.find("/", pos)
        stop = len(p) if slash == -1 else slash
        seg_text = p[pos:stop]
        seg_span = Span(base + pos, base + stop)
        if params and ";" in seg_text:
            pieces = seg_text.split(";")
            name = Part(pieces[0], Span(seg_span.start, seg_span.start + len(pieces[0])))
            plist: list[Part] = []
            cursor = seg_span.start + len(pieces[0]) + 1
            for piece in pieces[1:]:
                plist.append(Part(piece, Span(cursor, cursor + len(piece))))
                cursor += len(piece) + 1
            segments.append(Segment(seg_text, seg_span, name, tuple(plist)))
        else:
            segments.append(Segment(seg_text, seg_span, Part(seg_text, seg_span), ()))
        if slash == -1:
            break
        pos = slash + 1
    return tuple(segments)


def split_query(query: Part | None) -> tuple[QueryParam, ...]:
    """Split a query on ``&`` and each piece at its first ``=``, keeping spans."""
    if query is None or not query.text:
        return ()
    out: list[QueryParam] = []
    q = query.text
    base = query.span.start
    pos = 0
    while True:
        amp = q.find("&", pos)
        stop = len(q) if amp == -1 else amp
        eq = q.find("=", pos, stop)
        if eq == -1:
            key = Part(q[pos:stop], Span(base + pos, base + stop))
            value: Part | None = None
        else:
            key = Part(q[pos:eq], Span(base + pos, base + eq))
            value = Part(q[eq + 1 : stop], Span(base + eq + 1, base + stop))
        out.append(QueryParam(Span(base + pos, base + stop), key, value))
        if amp == -1:
            break
        pos = amp + 1
    return tuple(out)


def split(text: str, *, segment_params: bool = False) -> SplitReference:
    """Split any string into a :class:`SplitReference` (Appendix B; never fails).

    ``segment_params`` splits ``;params`` off each path segment, as the editions
    before 2003 define them (see :attr:`Edition.has_segment_params`).
    """
    m = _APPENDIX_B.match(text)
    assert m is not None  # every group is optional: the pattern matches any string
    delims: list[Delimiter] = []
    scheme: Part | None = None
    if m.group(1) is not None:
        scheme = _part(text, m.start(2), m.end(2))
        delims.append(Delimiter("scheme-colon", ":", Span(m.end(2), m.end(1))))
    authority = userinfo = host = port = None
    if m.group(3) is not None:
        delims.append(Delimiter("authority-slashes", "//", Span(m.start(3), m.start(3) + 2)))
        authority = _part(text, m.start(4), m.end(4))
        userinfo, host, port, adelims = split_authority(text, m.start(4), m.end(4))
        delims += adelims
    path = _part(text, m.start(5), m.end(5))
    query: Part | None = None
    if m.group(6) is not None:
        delims.append(Delimiter("query-mark", "?", Span(m.start(6), m.start(6) + 1)))
        query = _part(text, m.start(7), m.end(7))
    fragment: Part | None = None
    if m.group(8) is not None:
        delims.append(Delimiter("fragment-hash", "#", Span(m.start(8), m.start(8) + 1)))
        fragment = _part(text, m.start(9), m.end(9))
    return SplitReference(
        text=text,
        scheme=scheme,
        authority=authority,
        userinfo=userinfo,
        host=host,
        port=port,
        path=path,
        query=query,
        fragment=fragment,
        delimiters=tuple(delims),
        segments=split_segments(text, path, params=segment_params),
        query_params=split_query(query),
    )
