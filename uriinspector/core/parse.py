"""Per-edition validation of a split reference: every problem a diagnostic with a span.

The generic split (RFC 3986 Appendix B) always succeeds; this module then checks each
component against its edition's grammar (``charsets``/``grammar``) and says where and
why it fails, citing the section. Scans are compiled regexes, so parsing is linear.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

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
)
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference, split

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
_SPACES = LazyPattern(" +")


@dataclass(frozen=True, slots=True)
class ParsedReference:
    """A reference split, then checked against one edition's grammar.

    ``valid`` is true when no diagnostic has error severity. The components are those
    of ``split`` (exact substrings, RFC 3986 Appendix B), whatever the verdict.
    """

    split: SplitReference
    edition: Edition
    valid: bool
    host_kind: HostKind | None
    host_info: HostInfo | None
    diagnostics: tuple[Diagnostic, ...]

    @property
    def text(self) -> str:
        """The input string."""
        return self.split.text

    def to_json(self) -> dict[str, object]:
        """The batch contract's ``parse`` answer (shared/contract/batch-protocol.md)."""
        s = self.split
        components: dict[str, str | None] = {
            name: (None if part is None else part.text)
            for name, part in (
                ("scheme", s.scheme),
                ("authority", s.authority),
                ("userinfo", s.userinfo),
                ("host", s.host),
                ("port", s.port),
                ("path", s.path),
                ("query", s.query),
                ("fragment", s.fragment),
            )
        }
        return {
            "op": "parse",
            "input": s.text,
            "edition": self.edition.value,
            "valid": self.valid,
            "kind": s.kind,
            "components": components,
            "host_kind": self.host_kind,
            "spans": [
                {"component": name, "start": span.start, "end": span.end}
                for name, span in s.component_spans()
            ],
            "diagnostics": [d.to_json() for d in self.diagnostics],
        }


def parse(text: str, edition: Edition | str = Edition.RFC3986) -> ParsedReference:
    """Split ``text`` and validate it under ``edition``; never raises for any ``str``.

    Raises ``ValueError`` only for an unknown edition name.
    """
    ed = edition if isinstance(edition, Edition) else edition_from_name(edition)
    sp = split(text, segment_params=ed.has_segment_params)
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
                f"{cite}: a scheme starts with a letter, not {first!r}",
            )
        )
    scan_component(
        sp.text,
        scheme.span,
        rules.scheme_bad,
        what="a scheme",
        cite=cite,
        edition=ed.value,
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
                f"{rules.cite['relative']}: not being a URI, {sp.text[: colon.end]!r}… cannot be a"
                " relative-path reference either: its first segment would contain ':'",
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
            edition=ed.value,
            budget=budget,
        )
        scan_component(
            sp.text,
            Span(colon + 1, ui.span.end),
            bad_ascii_pattern(cs.DRAFT1997_USER | frozenset("@")),
            what="a password",
            cite=cite,
            edition=ed.value,
            budget=budget,
        )
    else:
        scan_component(
            sp.text,
            ui.span,
            rules.userinfo_bad,
            what="the userinfo",
            cite=cite,
            edition=ed.value,
            budget=budget,
        )
    if ed is not Edition.DRAFT_1993 and "@" in ui.text:
        for m in re.finditer("@", sp.text[ui.span.start : ui.span.end]):
            at = ui.span.start + m.start()
            if budget.full(USERINFO_AT_SIGN):  # counted, not listed: linear (issue 13)
                rest = ui.text.count("@", m.start())
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
        note = {
            Edition.RFC3986: "the 'user:password' format is deprecated",
            Edition.DRAFT_1993: "a password after the user name is discouraged",
            Edition.DRAFT_1997: "passwords in URLs are ill-advised",
        }.get(ed, "the 'user:password' format is NOT RECOMMENDED")
        budget.add(
            Diagnostic(
                USERINFO_PASSWORD,
                "warning",
                Span(colon, ui.span.end),
                f"{cite}: {note}: it passes authentication information in clear text",
            )
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
        edition=ed.value,
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
            edition=ed.value,
            budget=budget,
        )
    else:
        scan_component(
            text,
            Span(start, path.span.end),
            rules.path_bad,
            what="the path",
            cite=rules.cite["path"],
            edition=ed.value,
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
            edition=ed.value,
            budget=budget,
        )
    if sp.fragment is not None:
        scan_component(
            text,
            sp.fragment.span,
            rules.fragment_bad,
            what="the fragment",
            cite=rules.cite["fragment"],
            edition=ed.value,
            budget=budget,
        )


def _warn_spaces(text: str, budget: DiagnosticBudget) -> None:
    """draft-1993: its BNF puts space in ``extra``, its prose says spaces are not legal."""
    cite = "draft-1993 Recommendations"
    for m in _SPACES.finditer(text):
        span = Span(m.start(), m.end())
        if budget.full(SPACE_NOT_LEGAL):
            budget.omit(
                SPACE_NOT_LEGAL, "warning", span, len(_SPACES.findall(text, m.start())), cite
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
