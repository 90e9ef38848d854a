"""Per-edition validation of a split reference: every problem a diagnostic with a span.

The generic split (RFC 3986 Appendix B) always succeeds; this module then checks each
component against its edition's grammar (``charsets``/``grammar``) and says where and
why it fails, citing the section. Scans are compiled regexes, so parsing is linear.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import cast

from uriinspector.core import charsets as cs
from uriinspector.core import grammar as g
from uriinspector.core.characters import (
    CONTROL_CHARACTER,
    INVALID_CHARACTER,
    LONE_SURROGATE,
    MALFORMED_PERCENT_CODE,
    NON_ASCII,
    BadCharsPattern,
    DiagnosticBudget,
    bad_ascii_pattern,
    scan_component,
)
from uriinspector.core.diagnostics import Diagnostic
from uriinspector.core.editions import Edition, edition_from_name
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.hidden import quote
from uriinspector.core.host import (
    HOST_SECTION,
    INVALID_HOST,
    INVALID_IPV6,
    INVALID_IPVFUTURE,
    IPV4_LIKE_REG_NAME,
    IPV6_NOT_IN_EDITION,
    IPV6_ZONE_ID,
    HostInfo,
    HostKind,
    classify_host,
    v4_address,
    v6_address,
)
from uriinspector.core.slots import slot_setters
from uriinspector.core.spans import SHARED_BELOW, Span
from uriinspector.core.split import (
    SPAN_PAIRS,
    ComponentName,
    SplitReference,
    assemble,
    span_pair,
    spans_of_groups,
    split,
    split_spans,
)

# ---- diagnostic codes owned here (component and structure level) ----------------------
INVALID_SCHEME = "invalid-scheme"
EMPTY_SCHEME = "empty-scheme"
INVALID_PORT = "invalid-port"
USERINFO_AT_SIGN = "userinfo-at-sign"
USERINFO_PASSWORD = "userinfo-password"
PATH_COLON_FIRST_SEGMENT = "path-colon-first-segment"
#: RFC 3986 §3.3: with an authority the path is empty or starts with "/". The Appendix B
#: split ends the authority at the first "/", so a split reference always satisfies it;
#: the code is declared for the protocol's code list and never emitted here.
AUTHORITY_PATH_NOT_ABSOLUTE = "authority-path-not-absolute"
MISSING_HIER_PART = "missing-hier-part"
NOT_A_SERVER = "not-a-server"
SPACE_NOT_LEGAL = "space-not-legal"

#: Every code a :class:`ParsedReference` may carry (this module, host, characters).
DIAGNOSTIC_CODES: tuple[str, ...] = (
    INVALID_SCHEME,
    EMPTY_SCHEME,
    INVALID_PORT,
    USERINFO_AT_SIGN,
    USERINFO_PASSWORD,
    PATH_COLON_FIRST_SEGMENT,
    AUTHORITY_PATH_NOT_ABSOLUTE,
    MISSING_HIER_PART,
    NOT_A_SERVER,
    SPACE_NOT_LEGAL,
    INVALID_CHARACTER,
    MALFORMED_PERCENT_CODE,
    NON_ASCII,
    CONTROL_CHARACTER,
    LONE_SURROGATE,
    INVALID_HOST,
    INVALID_IPV6,
    INVALID_IPVFUTURE,
    IPV6_NOT_IN_EDITION,
    IPV6_ZONE_ID,
    IPV4_LIKE_REG_NAME,
)


@dataclass(frozen=True, slots=True)
class _Rules:
    """One edition's grammar, compiled: what each component may hold and where it is said."""

    scheme: LazyPattern
    scheme_bad: BadCharsPattern
    userinfo_bad: BadCharsPattern
    path_bad: BadCharsPattern
    opaque_bad: BadCharsPattern
    query_bad: BadCharsPattern
    fragment_bad: BadCharsPattern
    reg_name_authority: LazyPattern | None  # authority = server | reg_name
    cite: dict[str, str]


def _rules(
    scheme: str,
    scheme_chars: frozenset[str],
    userinfo: frozenset[str],
    path: frozenset[str],
    opaque: frozenset[str],
    query: frozenset[str],
    fragment: frozenset[str],
    reg_name: str | None,
    cite: dict[str, str],
) -> _Rules:
    return _Rules(
        scheme=LazyPattern(scheme),
        scheme_bad=bad_ascii_pattern(scheme_chars),
        userinfo_bad=bad_ascii_pattern(userinfo),
        path_bad=bad_ascii_pattern(path),
        opaque_bad=bad_ascii_pattern(opaque),
        query_bad=bad_ascii_pattern(query),
        fragment_bad=bad_ascii_pattern(fragment),
        reg_name_authority=None if reg_name is None else LazyPattern(reg_name),
        cite=cite,
    )


_RULES: dict[Edition, _Rules] = {
    Edition.RFC3986: _rules(
        g.SCHEME,
        cs.SCHEME_CHARS,
        cs.RFC3986_USERINFO | frozenset("@"),
        cs.RFC3986_PCHAR | frozenset("/"),
        cs.RFC3986_PCHAR | frozenset("/"),
        cs.RFC3986_QUERY,
        cs.RFC3986_QUERY,
        None,
        {
            "scheme": "RFC 3986 §3.1",
            "userinfo": "RFC 3986 §3.2.1",
            "port": "RFC 3986 §3.2.3",
            "path": "RFC 3986 §3.3",
            "opaque": "RFC 3986 §3.3",
            "query": "RFC 3986 §3.4",
            "fragment": "RFC 3986 §3.5",
            "relative": "RFC 3986 §4.2",
            "authority": "RFC 3986 §3.2",
        },
    ),
    Edition.DRAFT_2003: _rules(
        g.SCHEME,
        cs.SCHEME_CHARS,
        cs.DRAFT2003_USERINFO | frozenset("@"),
        cs.DRAFT2003_PATH,
        cs.DRAFT2003_URIC,
        cs.DRAFT2003_QUERY,
        cs.DRAFT2003_QUERY,
        g.REG_NAME_2003,
        {
            "scheme": "draft-2003 §3.1",
            "userinfo": "draft-2003 §3.2.2",
            "port": "draft-2003 §3.2.2",
            "path": "draft-2003 §3.3",
            "opaque": "draft-2003 §3",
            "query": "draft-2003 §3.4",
            "fragment": "draft-2003 §4.1",
            "relative": "draft-2003 §5",
            "authority": "draft-2003 §3.2.1",
        },
    ),
    Edition.RFC2396: _rules(
        g.SCHEME,
        cs.SCHEME_CHARS,
        cs.RFC2396_USERINFO | frozenset("@"),
        cs.RFC2396_PATH,
        cs.RFC2396_URIC,
        cs.RFC2396_URIC,
        cs.RFC2396_URIC,
        g.REG_NAME_2396,
        {
            "scheme": "RFC 2396 §3.1",
            "userinfo": "RFC 2396 §3.2.2",
            "port": "RFC 2396 §3.2.2",
            "path": "RFC 2396 §3.3",
            "opaque": "RFC 2396 §3",
            "query": "RFC 2396 §3.4",
            "fragment": "RFC 2396 §4.1",
            "relative": "RFC 2396 §5",
            "authority": "RFC 2396 §3.2.1",
        },
    ),
    Edition.DRAFT_1997: _rules(
        g.SCHEME_1997,
        cs.SCHEME_CHARS,
        cs.DRAFT1997_USER | frozenset("@"),
        cs.DRAFT1997_PATH,
        cs.DRAFT1997_URLC,
        cs.DRAFT1997_URLC,
        cs.DRAFT1997_URLC,
        None,
        {
            "scheme": "draft-1997 §4.1",
            "userinfo": "draft-1997 §4.3.1",
            "port": "draft-1997 §4.3.1",
            "path": "draft-1997 §4.3.2",
            "opaque": "draft-1997 §4.2",
            "query": "draft-1997 §4.3.3",
            "fragment": "draft-1997 §3",
            "relative": "draft-1997 §4.4",
            "authority": "draft-1997 §4.3.1",
        },
    ),
    Edition.DRAFT_1993: _rules(
        g.SCHEME_1993,
        cs.DRAFT1993_XALPHA - frozenset(":"),
        cs.DRAFT1993_XALPHA,
        cs.DRAFT1993_PATH,
        cs.DRAFT1993_PATH,
        cs.DRAFT1993_SEARCH,
        cs.DRAFT1993_XALPHA,
        None,
        {
            "scheme": "draft-1993 BNF (scheme ialpha)",
            "userinfo": "draft-1993 BNF (user xalphas)",
            "port": "draft-1993 BNF (port digits)",
            "path": "draft-1993 BNF (path xpalphas)",
            "opaque": "draft-1993 BNF (path xpalphas)",
            "query": "draft-1993 BNF (search xalphas [ + search ])",
            "fragment": "draft-1993 BNF (fragmentid xalphas)",
            "relative": "draft-1993 Partial form",
            "authority": "draft-1993 Internet protocol parts",
        },
    ),
}
_BAD_PORT = bad_ascii_pattern(cs.DIGIT)
_SPACES = LazyPattern(" +", reach=1)


_UNSET: object = object()  # a lazy field not built yet


@dataclass(frozen=True, slots=True, init=False, eq=False, repr=False)
class ParsedReference:
    """A reference split, then checked against one edition's grammar.

    ``valid`` is true when no diagnostic has error severity. The components are those
    of ``split`` (exact substrings, RFC 3986 Appendix B), whatever the verdict.

    A reference its edition's whole-reference pattern accepts (the fast path) keeps only
    the match: ``split``, ``host_kind`` and ``host_info`` are built from its spans on
    first read, then kept. An RFC 3986 reference holding a character no component may
    hold, or a "%" no component may hold there (:data:`NEVER_RFC3986`), is known invalid
    at once: its split is built on first read, its host and diagnostics by the
    diagnostic parser on first read of either.
    Equality compares what the fields say, however they were built.
    """

    edition: Edition
    valid: bool
    _text: str
    _match: re.Match[str] | None  # the fast path's match, or None
    _split: SplitReference | None
    _host_kind: object  # HostKind | None, or _UNSET
    _host_info: object  # HostInfo | None, or _UNSET
    _diagnostics: object  # tuple[Diagnostic, ...], or _UNSET

    def __init__(
        self,
        split: SplitReference,
        edition: Edition,
        valid: bool,
        host_kind: HostKind | None,
        host_info: HostInfo | None,
        diagnostics: tuple[Diagnostic, ...],
    ) -> None:
        """The fields, as the diagnostic parser computed them."""
        s_ed, s_valid, s_text, s_match, s_split, s_kind, s_host, s_diags = _PARSED_SETTERS
        s_ed(self, edition)
        s_valid(self, valid)
        s_text(self, split.text)
        s_match(self, None)
        s_split(self, split)
        s_kind(self, host_kind)
        s_host(self, host_info)
        s_diags(self, diagnostics)

    @property
    def split(self) -> SplitReference:
        """The components with their spans (built from the match on first read)."""
        sp = self._split
        if sp is None:
            m = self._match
            if m is None:  # known invalid: the generic split, as the diagnostic parser's
                sp = split(self._text, segment_params=_SEGMENT_PARAMS[self.edition])
            else:
                sp = _assemble_fast(m, self.edition)
            object.__setattr__(self, "_split", sp)
        return sp

    @property
    def spans(self) -> tuple[tuple[ComponentName, Span], ...]:
        """The defined leaf components' spans in input order, the contract's ``spans``
        (equal to ``split.component_spans()``), no split built: on the fast path straight
        from the match (unrolled, each ``(name, span)`` pair read ready-made from
        ``SPAN_PAIRS``: a loop, a call and a tuple per span were most of the read), else
        from the Appendix B offsets alone."""
        m = self._match
        if m is None:
            sp = self._split
            return split_spans(self._text) if sp is None else sp.component_spans()
        r = m.regs
        (
            (_, n), (s1, e1), (s2, _), (s3, e3), (s4, e4), _, (s6, e6), (s7, e7), (s8, e8),
            (s9, e9),
        ) = r  # fmt: skip
        if n >= SHARED_BELOW:
            return spans_of_groups(r, _SPAN_GROUPS)
        out: list[tuple[ComponentName, Span]] = []
        if s1 != -1:
            out.append(_PAIRS_SCHEME[s1][e1] or span_pair(0, s1, e1))
        if s2 != -1:
            if s3 != -1:
                out.append(_PAIRS_USERINFO[s3][e3] or span_pair(1, s3, e3))
            out.append(_PAIRS_HOST[s4][e4] or span_pair(2, s4, e4))
            if s6 != -1:
                out.append(_PAIRS_PORT[s6][e6] or span_pair(3, s6, e6))
        out.append(_PAIRS_PATH[s7][e7] or span_pair(4, s7, e7))
        if s8 != -1:
            out.append(_PAIRS_QUERY[s8][e8] or span_pair(5, s8, e8))
        if s9 != -1:
            out.append(_PAIRS_FRAGMENT[s9][e9] or span_pair(6, s9, e9))
        return tuple(out)

    @property
    def host_kind(self) -> HostKind | None:
        """``reg-name``, ``ipv4``, ``ipv6``, ``ipvfuture``, or ``None`` without an authority."""
        kind = self._host_kind
        if kind is _UNSET:
            m = self._match
            if m is None:
                self._diagnose()
                return cast("HostKind | None", self._host_kind)
            kind = _fast_host_kind(m)
            object.__setattr__(self, "_host_kind", kind)
        return cast("HostKind | None", kind)

    @property
    def host_info(self) -> HostInfo | None:
        """What the host is (``None`` without an authority), built on first read."""
        info = self._host_info
        if info is _UNSET:
            if self._match is None:
                self._diagnose()
                return cast("HostInfo | None", self._host_info)
            kind = self.host_kind
            info = None if kind is None else _fast_host_info(self.split, kind)
            object.__setattr__(self, "_host_info", info)
        return cast("HostInfo | None", info)

    @property
    def diagnostics(self) -> tuple[Diagnostic, ...]:
        """Every problem found, ordered by span (on the fast path at most the warning
        for a ``user:password`` userinfo)."""
        diags = self._diagnostics
        if diags is _UNSET:
            self._diagnose()
            diags = self._diagnostics
        return cast("tuple[Diagnostic, ...]", diags)

    def _diagnose(self) -> None:
        """Fill the host and the diagnostics of a reference known invalid (first read)."""
        # invalid: NEVER_RFC3986's promise, which the property tests check (valid was
        # answered before this ran); the split, if read already (an analysis reads it
        # first), is the generic split the diagnostic parser makes: not built again
        sp = self._split
        slow = _diagnosed(
            split(self._text, segment_params=_SEGMENT_PARAMS[self.edition]) if sp is None
            else sp,
            self.edition,
        )
        object.__setattr__(self, "_host_kind", slow.host_kind)
        object.__setattr__(self, "_host_info", slow.host_info)
        object.__setattr__(self, "_diagnostics", slow.diagnostics)
        if sp is None:
            object.__setattr__(self, "_split", slow.split)

    @property
    def text(self) -> str:
        """The input string."""
        return self._text

    def _key(self) -> tuple[object, ...]:
        return (
            self.split,
            self.edition,
            self.valid,
            self.host_kind,
            self.host_info,
            self.diagnostics,
        )

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, ParsedReference):
            return NotImplemented
        return self._key() == other._key()

    def __hash__(self) -> int:
        return hash((self.text, self.edition, self.valid, self.host_kind))

    def __reduce__(self) -> tuple[object, ...]:
        """Pickled as its built fields (a match object does not pickle)."""
        return (
            ParsedReference,
            (self.split, self.edition, self.valid, self.host_kind, self.host_info,
             self.diagnostics),
        )

    def __repr__(self) -> str:
        return (
            f"ParsedReference(split={self.split!r}, edition={self.edition!r},"
            f" valid={self.valid!r}, host_kind={self.host_kind!r},"
            f" host_info={self.host_info!r}, diagnostics={self.diagnostics!r})"
        )

    def to_json(self) -> dict[str, object]:
        """The batch contract's ``parse`` answer (shared/contract/batch-protocol.md)."""
        m = self._match
        if m is not None:  # from the match's spans even when the split is built (analyze)
            diagnostics = self._diagnostics  # a tuple: the fast path sets it
            return _fast_json(m, self.edition, self._host_kind, diagnostics)  # type: ignore[arg-type]
        diagnostics = self.diagnostics  # known invalid: the diagnostic parser's split kept
        s = self.split
        scheme, authority, userinfo, host, port, path, query, fragment = (
            s.scheme, s.authority, s.userinfo, s.host, s.port, s.path, s.query, s.fragment
        )
        # the spans in input order (``component_spans``), written out as the fast
        # answer's are: its loop over the names and a getattr per name were a tenth here
        spans: list[dict[str, object]] = []
        for name, part in (("scheme", scheme), ("userinfo", userinfo), ("host", host),
                           ("port", port), ("path", path), ("query", query),
                           ("fragment", fragment)):
            if part is not None:
                span = part.span
                spans.append({"component": name, "start": span.start, "end": span.end})
        return {
            "op": "parse",
            "input": s.text,
            "edition": _EDITION_NAMES[self.edition],
            "valid": self.valid,
            "kind": "uri" if scheme is not None else "relative-ref",
            "components": {
                "scheme": None if scheme is None else scheme.text,
                "authority": None if authority is None else authority.text,
                "userinfo": None if userinfo is None else userinfo.text,
                "host": None if host is None else host.text,
                "port": None if port is None else port.text,
                "path": path.text,
                "query": None if query is None else query.text,
                "fragment": None if fragment is None else fragment.text,
            },
            "host_kind": self.host_kind,
            "spans": spans,
            "diagnostics": [d.to_json() for d in diagnostics],
        }


# ---- the fast path: one whole-reference match per edition (grammar.REFERENCE_*) -------
_FAST_SOURCES: dict[Edition, str] = {
    Edition.RFC3986: g.REFERENCE_RFC3986,
    Edition.DRAFT_2003: g.REFERENCE_DRAFT_2003,
    Edition.RFC2396: g.REFERENCE_RFC2396,
    Edition.DRAFT_1997: g.REFERENCE_DRAFT_1997,
    Edition.DRAFT_1993: g.REFERENCE_DRAFT_1993,
}
#: Longer inputs skip the fast path: one ``fullmatch`` over a megabyte is a single C call
#: of 100-340 ms that holds the GIL (the window's event loop stalls while a worker
#: parses), where the diagnostic parser's scans take ~20 ms in all and let go between
#: calls. Both give the same answer (the property tests compare them).
FAST_PATH_LIMIT = 1 << 16
#: edition -> the compiled pattern's ``fullmatch``, filled on first use (importing the
#: core compiles nothing: the window paints first).
_FULLMATCH: dict[Edition, Callable[[str], re.Match[str] | None]] = {}
#: ``Edition.has_segment_params`` looked up once (the property was a tenth of a parse
#: whose split is read).
_SEGMENT_PARAMS: dict[Edition, bool] = {ed: ed.has_segment_params for ed in Edition}
#: Group numbers every ``g.reference_pattern`` gives (checked when one is compiled).
_GROUPS = ("scheme", "authority", "userinfo", "host", "v4", "port", "path", "query", "fragment")
_G_AUTH, _G_USERINFO, _G_HOST, _G_V4 = 2, 3, 4, 5
_PARSED_SETTERS = slot_setters(
    ParsedReference,
    ("edition", "valid", "_text", "_match", "_split", "_host_kind", "_host_info", "_diagnostics"),
)
_new_parsed = object.__new__


class _Unfrozen:
    """:class:`ParsedReference`'s slots, settable: ``parse`` fills one, then makes it a
    ``ParsedReference`` (``__class__``; the layouts are the same): eight plain stores and
    the swap cost a quarter of eight slot-setter calls, which were a fifth of a fast parse."""

    __slots__ = ParsedReference.__slots__
    edition: Edition
    valid: bool
    _text: str
    _match: re.Match[str] | None
    _split: SplitReference | None
    _host_kind: object
    _host_info: object
    _diagnostics: object


#: What no RFC 3986 component holds: a character outside unreserved, reserved and "%"
#: (§2.2, §2.3), or a "%" not starting a pct-encoded triplet (§2.1). Every component's
#: scan reports either as an error (the host's too: reg-name, IP-literal, IPv4 tail), so
#: a reference it finds is invalid without running the diagnostic parser; its
#: diagnostics wait for their first read. (Not for the older editions: their sets
#: differ, and draft-1993 only warns about spaces.) Third alternative: a "%" after a "["
#: with no bracket between. "[" and "]" stand only at the two ends of an IP-literal host
#: (§3.2.2; no other component holds them), which holds no "%" (IPv6address, IPvFuture),
#: so the "%" is inside an IP-literal or a bracket is misplaced: the IPv6 zone IDs of
#: RFC 6874 (160 of the corpus's 302 references left to the diagnostic parser, which took
#: a tenth of a parse's corpus time).
#: Excluding "[" from the run keeps the search linear ("[[[[..." scans each once).
NEVER_RFC3986 = (
    r"[^A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=%]|%(?![0-9A-Fa-f]{2})|\[[^\[\]%]*%"
)
_RFC3986 = Edition.RFC3986  # an enum member read through the class costs a call
_NEVER_SOURCES: dict[Edition, str] = {_RFC3986: NEVER_RFC3986}
#: edition -> the compiled NEVER pattern's ``search``, filled on first use.
_NEVER: dict[Edition, Callable[[str], re.Match[str] | None]] = {}


def _never(ed: Edition) -> Callable[[str], re.Match[str] | None]:
    """Compile ``ed``'s never-valid pattern (first use) and return its ``search``."""
    search = _NEVER[ed] = re.compile(_NEVER_SOURCES[ed]).search
    return search


def _fullmatch(ed: Edition) -> Callable[[str], re.Match[str] | None]:
    """Compile ``ed``'s whole-reference pattern (first use) and return its ``fullmatch``."""
    pattern = re.compile(_FAST_SOURCES[ed])
    gi = pattern.groupindex
    assert tuple(gi[name] for name in _GROUPS) == tuple(range(1, len(_GROUPS) + 1))
    fm = _FULLMATCH[ed] = pattern.fullmatch
    return fm


def _assemble_fast(m: re.Match[str], ed: Edition) -> SplitReference:
    """The split of a fast-path match (equal to ``split(text)``: the property tests say so)."""
    r = m.regs
    return assemble(
        m.string, r[1], r[2], r[3], r[4], r[6], r[7], r[8], r[9],
        segment_params=_SEGMENT_PARAMS[ed],
    )


#: ``SPAN_PAIRS``' tables, one global each (the spans read's lookups).
(
    _PAIRS_SCHEME, _PAIRS_USERINFO, _PAIRS_HOST, _PAIRS_PORT, _PAIRS_PATH, _PAIRS_QUERY,
    _PAIRS_FRAGMENT,
) = SPAN_PAIRS  # fmt: skip
#: The fast pattern's group number of each of ``SPAN_COMPONENTS``.
_SPAN_GROUPS: tuple[int, ...] = (1, 3, 4, 6, 7, 8, 9)


#: Each edition's name, as ``to_json`` writes it.
_EDITION_NAMES: dict[Edition, str] = {e: e.value for e in Edition}


def _fast_json(m: re.Match[str], ed: Edition, host_kind: object,
               diagnostics: tuple[Diagnostic, ...]) -> dict[str, object]:
    """``to_json`` straight from the match's spans (no parts built): the same answer.

    ``host_kind`` is the reference's (or ``_UNSET``: then read from the match as
    :func:`_fast_host_kind` reads it), ``diagnostics`` its tuple (the fast path sets it).
    The spans are unrolled, in input order: a comprehension over the groups (a zip, an
    ``itemgetter`` and a frame) was a third of this answer.
    """
    (
        _, (s1, e1), (s2, _), (s3, e3), (s4, e4), (s5, _), (s6, e6), (s7, e7), (s8, e8),
        (s9, e9),
    ) = m.regs  # fmt: skip
    text = m.string
    if host_kind is _UNSET:  # _fast_host_kind's reading, from the offsets at hand
        if s2 == -1:
            host_kind = None
        elif s5 != -1:
            host_kind = "ipv4"
        elif s4 < e4 and text[s4] == "[":
            host_kind = "ipvfuture" if text[s4 + 1] in "vV" else "ipv6"
        else:
            host_kind = "reg-name"
    # one C call for the eight components (None where a group did not take part)
    scheme, authority, userinfo, host, port, path, query, fragment = m.group(1, 2, 3, 4, 6, 7, 8, 9)
    spans: list[dict[str, object]] = []
    if s1 != -1:
        spans.append({"component": "scheme", "start": s1, "end": e1})
    if s3 != -1:
        spans.append({"component": "userinfo", "start": s3, "end": e3})
    if s4 != -1:
        spans.append({"component": "host", "start": s4, "end": e4})
    if s6 != -1:
        spans.append({"component": "port", "start": s6, "end": e6})
    spans.append({"component": "path", "start": s7, "end": e7})
    if s8 != -1:
        spans.append({"component": "query", "start": s8, "end": e8})
    if s9 != -1:
        spans.append({"component": "fragment", "start": s9, "end": e9})
    return {
        "op": "parse",
        "input": text,
        "edition": _EDITION_NAMES[ed],  # Enum.value is a property call (~0.25 µs)
        "valid": True,
        "kind": "uri" if s1 != -1 else "relative-ref",
        "components": {
            "scheme": scheme,
            "authority": authority,
            "userinfo": userinfo,
            "host": host,
            "port": port,
            "path": path,
            "query": query,
            "fragment": fragment,
        },
        "host_kind": host_kind,
        "spans": spans,
        "diagnostics": [d.to_json() for d in diagnostics] if diagnostics else [],
    }


def _fast_host_kind(m: re.Match[str]) -> HostKind | None:
    """The host's kind from the match: which alternative of the host rule matched."""
    if m.start(_G_AUTH) == -1:
        return None
    if m.start(_G_V4) != -1:
        return "ipv4"
    start, end = m.span(_G_HOST)
    text = m.string
    if start < end and text[start] == "[":
        return "ipvfuture" if text[start + 1] in "vV" else "ipv6"
    return "reg-name"


def _fast_host_info(sp: SplitReference, kind: HostKind) -> HostInfo:
    """The host of a fast-path match: valid, so no diagnostics; an IP's canonical text."""
    host = sp.host
    assert host is not None
    address: str | None = None
    if kind == "ipv4":
        address = v4_address(host.text)
    elif kind == "ipv6":
        address = v6_address(host.text[1:-1])
    return HostInfo(kind, host.text, host.span, (), address)


def parse(text: str, edition: Edition | str = Edition.RFC3986) -> ParsedReference:
    """Split ``text`` and validate it under ``edition``; never raises for any ``str``.

    Raises ``ValueError`` only for an unknown edition name. A reference its edition's
    whole-reference pattern accepts takes the fast path; an RFC 3986 reference it rejects
    that holds what no component may hold (:data:`NEVER_RFC3986`) is answered
    invalid at once, the rest built on first read; anything else (every other invalid
    reference, and the valid ones that warn, but for RFC 3986's ``user:password``
    warning, made here) gets the diagnostic parser, and so does any text longer than
    :data:`FAST_PATH_LIMIT`.
    """
    ed = edition if isinstance(edition, Edition) else edition_from_name(edition)
    if len(text) > FAST_PATH_LIMIT:
        return parse_slow(text, ed)
    if ed is _RFC3986 and not text.isascii():
        # RFC 3986 §2: no component holds a non-ASCII character (NEVER_RFC3986's first
        # alternative finds it): known invalid, without the whole-reference match that
        # fails on it (~26k instructions an IDN link, against ~0.2k for this test)
        return _known_invalid(text, ed)
    fm = _FULLMATCH.get(ed) or _fullmatch(ed)
    m = fm(text)
    if m is None:
        if ed is _RFC3986 and (_NEVER.get(ed) or _never(ed))(text) is not None:
            return _known_invalid(text, ed)
        return parse_slow(text, ed)
    ref = _new_parsed(_Unfrozen)
    ref.edition = ed
    ref.valid = True
    ref._text = text
    ref._match = m
    ref._split = None
    ref._host_kind = _UNSET
    ref._host_info = _UNSET
    # RFC 3986's pattern takes a userinfo with ":" (its grammar allows it): the one
    # diagnostic such a reference gets is §3.2.1's warning, made here as the diagnostic
    # parser makes it (a tenth of the corpus's slow references were only this)
    ui_start = m.start(_G_USERINFO)
    ui_end = -1 if ui_start < 0 else m.end(_G_USERINFO)
    colon = -1 if ui_start < 0 else text.find(":", ui_start, ui_end)
    ref._diagnostics = () if colon < 0 else (
        _password_warning(ed, _RULES[ed].cite["userinfo"], colon, ui_end),)
    ref.__class__ = ParsedReference  # type: ignore[assignment]  # frozen from here on
    return ref  # type: ignore[return-value]  # a ParsedReference now (cast is a call)


def _known_invalid(text: str, ed: Edition) -> ParsedReference:
    """A reference :data:`NEVER_RFC3986` rejects: invalid, the rest built on first read."""
    ref = _new_parsed(_Unfrozen)
    ref.edition = ed
    ref.valid = False
    ref._text = text
    ref._match = None
    ref._split = None
    ref._host_kind = _UNSET
    ref._host_info = _UNSET
    ref._diagnostics = _UNSET
    ref.__class__ = ParsedReference  # type: ignore[assignment]  # frozen from here on
    return ref  # type: ignore[return-value]  # a ParsedReference now (cast is a call)


def parse_slow(text: str, edition: Edition | str = Edition.RFC3986) -> ParsedReference:
    """The diagnostic parser: split, then check every component; what :func:`parse`
    falls back to, kept public so tests compare the fast path against it."""
    ed = edition if isinstance(edition, Edition) else edition_from_name(edition)
    return _diagnosed(split(text, segment_params=_SEGMENT_PARAMS[ed]), ed)


def _diagnosed(sp: SplitReference, ed: Edition) -> ParsedReference:
    """The diagnostic parser's answer for ``sp``, the generic split of its text under
    ``ed`` (:func:`parse_slow`'s, or the one a known-invalid reference already built)."""
    text = sp.text
    rules = _RULES[ed]
    budget = DiagnosticBudget()
    _check_scheme(sp, ed, rules, budget)
    host_info: HostInfo | None = None
    if sp.authority is not None:
        host_info = _check_authority(sp, ed, rules, budget)
    _check_path_query_fragment(sp, ed, rules, budget)
    if ed is Edition.DRAFT_1993 and " " in text:
        _warn_spaces(text, budget)
    diagnostics = tuple(sorted(budget.result(), key=lambda d: (d.span.start, d.span.end)))
    return ParsedReference(
        split=sp,
        edition=ed,
        valid=not any(d.severity == "error" for d in diagnostics),
        host_kind=None if host_info is None else host_info.kind,
        host_info=host_info,
        diagnostics=diagnostics,
    )


def _check_scheme(sp: SplitReference, ed: Edition, rules: _Rules, budget: DiagnosticBudget) -> None:
    """RFC 3986 §3.1 / RFC 2396 §3.1 / draft-1997 §4.1 / draft-1993 BNF ``scheme``."""
    cite = rules.cite["scheme"]
    if sp.scheme is None:
        if sp.path.text.startswith(":") and sp.authority is None:
            budget.add(
                Diagnostic(
                    EMPTY_SCHEME,
                    "error",
                    Span(0, 1),
                    f"{cite}: the reference starts with ':', so its scheme is empty; read as a"
                    " relative reference its first segment would contain ':'"
                    f" ({rules.cite['relative']})",
                )
            )
        return
    scheme = sp.scheme
    if rules.scheme.fullmatch(scheme.text):
        return
    first = scheme.text[0]
    if ed is not Edition.DRAFT_1997 and not ("A" <= first <= "Z" or "a" <= first <= "z"):
        budget.add(
            Diagnostic(
                INVALID_SCHEME,
                "error",
                Span(scheme.span.start, scheme.span.start + 1),
                f"{cite}: a scheme starts with a letter, not {quote(first)}",
            )
        )
    scan_component(
        sp.text,
        scheme.span,
        rules.scheme_bad,
        what="a scheme",
        cite=cite,
        edition=_EDITION_NAMES[ed],
        budget=budget,
        bad_code=INVALID_SCHEME,
        percent_ok=ed is Edition.DRAFT_1993,
    )
    if ed is not Edition.DRAFT_1993:
        colon = sp.delimiters[0].span
        budget.add(
            Diagnostic(
                PATH_COLON_FIRST_SEGMENT,
                "info",
                colon,
                f"{rules.cite['relative']}: not being a URI, "
                f"{quote(sp.text[: colon.end])}… cannot be a relative-path reference either:"
                " its first segment would contain ':'",
            )
        )


def _check_authority(
    sp: SplitReference, ed: Edition, rules: _Rules, budget: DiagnosticBudget
) -> HostInfo:
    """The server parts (userinfo, host, port), or the whole authority as a reg_name."""
    assert sp.host is not None and sp.authority is not None
    server = DiagnosticBudget()
    if sp.userinfo is not None:
        _check_userinfo(sp, ed, rules, server)
    host_info = classify_host(sp.host, ed, has_authority=True)
    server.extend(host_info.diagnostics)
    if sp.port is not None:
        _check_port(sp, ed, rules, server)
    if (
        not sp.host.text
        and ed is not Edition.RFC3986
        and ed is not Edition.DRAFT_1993
        and (sp.userinfo is not None or sp.port is not None)
    ):
        server.add(
            Diagnostic(
                INVALID_HOST,
                "error",
                sp.host.span,
                f"{HOST_SECTION[ed]}: hostport = host [ ':' port ] needs a host before the"
                " port or after the userinfo",
            )
        )
    found = server.result()
    failed = any(d.severity == "error" for d in found)
    auth = sp.authority
    if (
        failed
        and rules.reg_name_authority is not None
        and rules.reg_name_authority.fullmatch(auth.text)
    ):
        # RFC 2396 §3.2: authority = server | reg_name (draft-2003 §3.2 the same)
        cite = rules.cite["authority"]
        budget.add(
            Diagnostic(
                NOT_A_SERVER,
                "warning",
                auth.span,
                f"{cite}: {auth.text!r} is not a server ([userinfo '@'] host [':' port] with a"
                " hostname or IPv4address host), but valid as a registry-based naming authority",
            )
        )
        return HostInfo("reg-name", auth.text, auth.span, ())
    budget.extend(found)
    return host_info


def _check_userinfo(
    sp: SplitReference, ed: Edition, rules: _Rules, budget: DiagnosticBudget
) -> None:
    """RFC 3986 §3.2.1 userinfo; RFC 2396 §3.2.2; draft-1997 user ':' password; 1993 user."""
    assert sp.userinfo is not None
    ui = sp.userinfo
    cite = rules.cite["userinfo"]
    if ed is Edition.DRAFT_1997 and ":" in ui.text:
        colon = ui.span.start + ui.text.index(":")
        scan_component(
            sp.text,
            Span(ui.span.start, colon),
            rules.userinfo_bad,
            what="a user name",
            cite=cite,
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
        scan_component(
            sp.text,
            Span(colon + 1, ui.span.end),
            bad_ascii_pattern(cs.DRAFT1997_USER | frozenset("@")),
            what="a password",
            cite=cite,
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
    else:
        scan_component(
            sp.text,
            ui.span,
            rules.userinfo_bad,
            what="the userinfo",
            cite=cite,
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
    if ed is not Edition.DRAFT_1993 and "@" in ui.text:
        for m in re.finditer("@", sp.text[ui.span.start : ui.span.end]):
            at = ui.span.start + m.start()
            if budget.full(USERINFO_AT_SIGN):
                # what add() would do for each remaining '@', counted at once
                rest = sp.text.count("@", at, ui.span.end)
                budget.omit(USERINFO_AT_SIGN, "error", Span(at, at + 1), rest, cite)
                break
            budget.add(
                Diagnostic(
                    USERINFO_AT_SIGN,
                    "error",
                    Span(at, at + 1),
                    f"{cite}: '@' is not allowed in the userinfo; only the last '@' ends it"
                    " (a browser reads the host after the last '@')",
                )
            )
    if ":" in ui.text:
        colon = ui.span.start + ui.text.index(":")
        budget.add(_password_warning(ed, cite, colon, ui.span.end))


def _password_warning(ed: Edition, cite: str, colon: int, end: int) -> Diagnostic:
    """The warning for a userinfo holding ``user:password`` (RFC 3986 §3.2.1 deprecates
    it), from its first ``:`` at ``colon`` to the userinfo's ``end``."""
    note = {
        Edition.RFC3986: "the 'user:password' format is deprecated",
        Edition.DRAFT_1993: "a password after the user name is discouraged",
        Edition.DRAFT_1997: "passwords in URLs are ill-advised",
    }.get(ed, "the 'user:password' format is NOT RECOMMENDED")
    return Diagnostic(
        USERINFO_PASSWORD,
        "warning",
        Span(colon, end),
        f"{cite}: {note}: it passes authentication information in clear text",
    )


def _check_port(sp: SplitReference, ed: Edition, rules: _Rules, budget: DiagnosticBudget) -> None:
    """RFC 3986 §3.2.3 port = *DIGIT (draft-1993: port digits, at least one)."""
    assert sp.port is not None
    cite = rules.cite["port"]
    scan_component(
        sp.text,
        sp.port.span,
        _BAD_PORT,
        what="a port (decimal digits only)",
        cite=cite,
        edition=_EDITION_NAMES[ed],
        budget=budget,
        bad_code=INVALID_PORT,
        percent_ok=False,
    )
    if ed is Edition.DRAFT_1993 and not sp.port.text:
        budget.add(
            Diagnostic(
                INVALID_PORT,
                "error",
                Span(sp.port.span.start - 1, sp.port.span.end),
                f"{cite}: a ':' must be followed by at least one digit",
            )
        )


def _check_path_query_fragment(
    sp: SplitReference, ed: Edition, rules: _Rules, budget: DiagnosticBudget
) -> None:
    """RFC 3986 §3.3-3.5 (RFC 2396 §3, §3.3, §3.4, §4.1; drafts alike) per component."""
    text = sp.text
    path = sp.path
    opaque = (
        sp.scheme is not None
        and sp.authority is None
        and bool(path.text)
        and not path.text.startswith("/")
    )
    start = path.span.start
    if sp.scheme is None and sp.authority is None and path.text.startswith(":"):
        start += 1  # the leading ':' is reported once, as an empty scheme
    if opaque:
        scan_component(
            text,
            Span(start, path.span.end),
            rules.opaque_bad,
            what="an opaque part",
            cite=rules.cite["opaque"],
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
    else:
        scan_component(
            text,
            Span(start, path.span.end),
            rules.path_bad,
            what="the path",
            cite=rules.cite["path"],
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
    if (
        ed is Edition.RFC2396
        and sp.scheme is not None
        and sp.authority is None
        and not path.text
        and sp.query is None
    ):
        colon = sp.delimiters[0].span
        budget.add(
            Diagnostic(
                MISSING_HIER_PART,
                "error",
                colon,
                "RFC 2396 §3: absoluteURI = scheme ':' ( hier_part | opaque_part ) needs '//',"
                " '/' or at least one character after the ':'",
            )
        )
    if sp.query is not None:
        opaque_query = opaque and ed in (Edition.RFC2396, Edition.DRAFT_2003)
        scan_component(
            text,
            sp.query.span,
            rules.opaque_bad if opaque_query else rules.query_bad,
            what="the query",
            cite=rules.cite["opaque" if opaque_query else "query"],
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )
    if sp.fragment is not None:
        scan_component(
            text,
            sp.fragment.span,
            rules.fragment_bad,
            what="the fragment",
            cite=rules.cite["fragment"],
            edition=_EDITION_NAMES[ed],
            budget=budget,
        )


def _warn_spaces(text: str, budget: DiagnosticBudget) -> None:
    """draft-1993: its BNF puts space in ``extra``, its prose says spaces are not legal."""
    cite = "draft-1993 Recommendations"
    for m in _SPACES.finditer(text):
        span = Span(m.start(), m.end())
        if budget.full(SPACE_NOT_LEGAL):
            budget.omit(
                SPACE_NOT_LEGAL, "warning", span, _SPACES.count(text, m.start()), cite
            )
            return
        budget.add(
            Diagnostic(
                SPACE_NOT_LEGAL,
                "warning",
                span,
                f"{cite}: 'spaces are not legal characters', although its BNF lists space"
                " among the extra characters",
            )
        )
