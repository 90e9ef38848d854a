"""Grammar on hover and the plain-language walk through a URI, under any edition.

``rule_for_component`` and ``rule_at`` name the production a component or a character
matched, with its text and section, taken from the edition's own grammar
(``grammar_rules``). ``explain`` turns an analysis into one sentence per component,
each with its span, plus notes on what another edition would say (issue 6, item 1).
Pure functions over frozen results; nothing here raises for any input string.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Literal, Protocol

from uriinspector.core import charsets as cs
from uriinspector.core.editions import Edition, edition_from_name
from uriinspector.core.grammar_rules import RULE_TABLES
from uriinspector.core.parse import NOT_A_SERVER, ParsedReference, parse
from uriinspector.core.spans import Span

if TYPE_CHECKING:
    from uriinspector.core.findings import Finding
    from uriinspector.core.whatwg import WhatwgReading

__all__ = [
    "COMPONENTS",
    "NOTES",
    "EditionNote",
    "Explanation",
    "GrammarRule",
    "Sentence",
    "explain",
    "rule",
    "rule_at",
    "rule_for_component",
    "rules_in",
]


@dataclass(frozen=True, slots=True)
class GrammarRule:
    """One production of an edition's grammar: its name, its text, where it is said."""

    name: str
    text: str
    section: str

    def describe(self) -> str:
        """``name = text — section``, the hover line."""
        return f"{self.name} = {self.text} — {self.section}"


_RULES: dict[str, dict[str, GrammarRule]] = {
    edition: {name: GrammarRule(name, text, section) for name, text, section in rows}
    for edition, rows in RULE_TABLES.items()
}

#: The component names ``rule_for_component`` understands.
COMPONENTS: tuple[str, ...] = (
    "scheme",
    "authority",
    "userinfo",
    "user",
    "password",
    "host",
    "port",
    "path",
    "segment",
    "param",
    "query",
    "query-param",
    "fragment",
)

# component -> production name, per edition (None: the edition has no such rule).
# RFC 3986 has no user/password or query-param rules: those pieces are matched by
# userinfo and query. draft-1993 has no authority: "//" hostport (httpaddress), and
# a user only in telnetaddress ("[ user @ ] hostport"), with no password.
_COMPONENT_RULE: dict[str, dict[str, str | None]] = {
    "rfc3986": {
        "scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
        "user": "userinfo", "password": "userinfo", "host": "host", "port": "port",
        "path": "path", "segment": "segment", "param": None, "query": "query",
        "query-param": "query", "fragment": "fragment",
    },
    "draft-2003": {
        "scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
        "user": "userinfo", "password": "userinfo", "host": "host", "port": "port",
        "path": "path", "segment": "segment", "param": None, "query": "query",
        "query-param": "query", "fragment": "fragment",
    },
    "rfc2396": {
        "scheme": "scheme", "authority": "authority", "userinfo": "userinfo",
        "user": "userinfo", "password": "userinfo", "host": "host", "port": "port",
        "path": "path", "segment": "segment", "param": "param", "query": "query",
        "query-param": "query", "fragment": "fragment",
    },
    "draft-1997": {
        "scheme": "scheme", "authority": "site", "userinfo": "site", "user": "user",
        "password": "password", "host": "host", "port": "port", "path": "path",
        "segment": "segment", "param": "param", "query": "query", "query-param": "query",
        "fragment": "fragment",
    },
    "draft-1993": {
        "scheme": "scheme", "authority": "hostport", "userinfo": "user", "user": "user",
        "password": None, "host": "host", "port": "port", "path": "path",
        "segment": "xpalphas", "param": None, "query": "search", "query-param": "search",
        "fragment": "fragmentid",
    },
}

# host kind (detail) -> production, per edition
_HOST_RULE: dict[str, dict[str, str | None]] = {
    "rfc3986": {
        "ipv4": "IPv4address", "ipv6": "IPv6address", "ipvfuture": "IPvFuture",
        "ip-literal": "IP-literal", "reg-name": "reg-name", "hostname": "reg-name",
    },
    "draft-2003": {
        "ipv4": "IPv4address", "ipv6": "IPv6address", "ipvfuture": None,
        "ip-literal": "IPv6reference", "reg-name": "reg-name", "hostname": "hostname",
    },
    "rfc2396": {
        "ipv4": "IPv4address", "ipv6": None, "ipvfuture": None, "ip-literal": None,
        "reg-name": "reg_name", "hostname": "hostname",
    },
    "draft-1997": {
        "ipv4": "hostnumber", "ipv6": None, "ipvfuture": None, "ip-literal": None,
        "reg-name": None, "hostname": "hostname",
    },
    "draft-1993": {
        "ipv4": "hostnumber", "ipv6": None, "ipvfuture": None, "ip-literal": None,
        "reg-name": None, "hostname": "hostname",
    },
}

# path shape (detail) -> production, per edition
_PATH_RULE: dict[str, dict[str, str | None]] = {
    "rfc3986": {
        "abempty": "path-abempty", "absolute": "path-absolute", "noscheme": "path-noscheme",
        "rootless": "path-rootless", "empty": "path-empty", "opaque": "path-rootless",
    },
    "draft-2003": {
        "abempty": "abs-path", "absolute": "abs-path", "noscheme": "rel-path",
        "rootless": "opaque-part", "empty": "path", "opaque": "opaque-part",
    },
    "rfc2396": {
        "abempty": "abs_path", "absolute": "abs_path", "noscheme": "rel_path",
        "rootless": "opaque_part", "empty": "path", "opaque": "opaque_part",
    },
    "draft-1997": {
        "abempty": "abs_path", "absolute": "abs_path", "noscheme": "rel_path",
        "rootless": "rel_path", "empty": "path", "opaque": "opaque-URL",
    },
    "draft-1993": {
        "abempty": "path", "absolute": "path", "noscheme": "path", "rootless": "path",
        "empty": "path", "opaque": "path",
    },
}


def _edition_name(edition: Edition | str) -> str:
    return (edition if isinstance(edition, Edition) else edition_from_name(edition)).value


def rule(name: str, edition: Edition | str = "rfc3986") -> GrammarRule | None:
    """The production called ``name`` in ``edition``'s grammar, or None."""
    return _RULES[_edition_name(edition)].get(name)


def rule_for_component(
    component: str, edition: Edition | str = "rfc3986", *, detail: str | None = None
) -> GrammarRule | None:
    """The rule a component matches under ``edition`` (None if the edition has none).

    ``detail`` refines it: a host kind (``ipv4``, ``ipv6``, ``ipvfuture``, ``reg-name``,
    ``hostname``) gives that production, so ``("host", "rfc2396", detail="ipv6")`` is
    None (no IP literals before the 2003 draft); a path shape (``abempty``,
    ``absolute``, ``noscheme``, ``rootless``, ``empty``) gives the path production.
    An unknown edition name raises ``ValueError``; an unknown component gives None.
    """
    ed = _edition_name(edition)
    if component == "host" and detail is not None:
        name = _HOST_RULE[ed].get(detail)
    elif component == "path" and detail is not None:
        name = _PATH_RULE[ed].get(detail)
    else:
        name = _COMPONENT_RULE[ed].get(component)
    return None if name is None else _RULES[ed].get(name)


# ---- rules at one character ----------------------------------------------------------

# character class (charsets.char_class) -> the class productions, innermost first
_CLASS_CHAIN: dict[str, dict[str, tuple[str, ...]]] = {
    "rfc3986": {
        "unreserved": ("unreserved",),
        "gen-delim": ("gen-delims", "reserved"),
        "sub-delim": ("sub-delims", "reserved"),
    },
    "draft-2003": {
        "unreserved": ("unreserved",),
        "mark": ("mark", "unreserved"),
        "reserved": ("reserved",),
        "excluded-unwise": ("unwise",),
        "excluded-delims": ("delims",),
    },
    "rfc2396": {
        "unreserved": ("alphanum", "unreserved"),
        "mark": ("mark", "unreserved"),
        "reserved": ("reserved",),
        "excluded-unwise": ("unwise",),
        "excluded-delims": ("delims",),
        "excluded-control": ("control",),
        "excluded-space": ("space",),
    },
    "draft-1997": {
        "unreserved": ("alphanum", "unreserved"),
        "mark": ("mark", "unreserved"),
        "reserved": ("reserved",),
        "excluded-unwise": ("unwise",),
        "excluded-delims": ("delims",),
        "excluded-control": ("control",),
        "excluded-space": ("space",),
    },
    "draft-1993": {
        "alphanum": ("xalpha",),
        "safe": ("safe", "xalpha"),
        "extra": ("extra", "xalpha"),
        "punctuation": ("punctuation",),
    },
}
_ESCAPE = {
    "rfc3986": ("pct-encoded",),
    "draft-2003": ("escaped",),
    "rfc2396": ("escaped",),
    "draft-1997": ("escaped",),
    "draft-1993": ("escape", "xalpha"),
}
_PCHAR: dict[str, frozenset[str]] = {
    "rfc3986": cs.RFC3986_PCHAR,
    "draft-2003": cs.DRAFT2003_PCHAR,
    "rfc2396": cs.RFC2396_PCHAR,
    "draft-1997": cs.DRAFT1997_PCHAR,
    "draft-1993": cs.DRAFT1993_XALPHA | frozenset("+"),
}
_HEX = frozenset("0123456789ABCDEFabcdef")


def _in_triplet(text: str, index: int) -> bool:
    """Whether ``text[index]`` belongs to a well-formed ``%XX`` triplet."""
    for start in (index, index - 1, index - 2):
        if (
            start >= 0
            and start + 3 <= len(text)
            and text[start] == "%"
            and text[start + 1] in _HEX
            and text[start + 2] in _HEX
        ):
            return True
    return False


@lru_cache(maxsize=4)
def _parsed(text: str, edition: str) -> ParsedReference:
    return parse(text, edition)


def rule_at(
    text: str, index: int, edition: Edition | str = "rfc3986"
) -> tuple[GrammarRule, ...]:
    """The rules matched at code point ``index`` of ``text`` under ``edition``,
    innermost first: inside ``%7B`` -> pct-encoded, then the component's rules; a
    letter of a host -> unreserved, reg-name, host. Empty outside the text."""
    ed = _edition_name(edition)
    if not 0 <= index < len(text):
        return ()
    return rules_in(_parsed(text, ed), index)


def rules_in(parsed: ParsedReference, index: int) -> tuple[GrammarRule, ...]:
    """:func:`rule_at` over an existing parse (the window's analysis), no re-parse."""
    text = parsed.text
    if not 0 <= index < len(text):
        return ()
    ed = parsed.edition.value
    names = [*_char_chain(parsed, index, ed), *_component_chain(parsed, index, ed)]
    table = _RULES[ed]
    out: list[GrammarRule] = []
    for name in names:
        found = table.get(name)
        if found is not None and found not in out:
            out.append(found)
    return tuple(out)


def _char_chain(parsed: ParsedReference, index: int, ed: str) -> tuple[str, ...]:
    text = parsed.text
    if _in_triplet(text, index):
        return _ESCAPE[ed]
    return _CLASS_CHAIN[ed].get(cs.char_class(text[index], ed), ())


def _is_error_at(parsed: ParsedReference, index: int) -> bool:
    return any(d.severity == "error" and d.span.contains(index) for d in parsed.diagnostics)


def _component_chain(parsed: ParsedReference, index: int, ed: str) -> tuple[str, ...]:
    sp = parsed.split
    text = sp.text
    ch = text[index]
    has_scheme = sp.scheme is not None
    for d in sp.delimiters:
        if d.span.contains(index):
            return _delimiter_chain(d.role, ed, has_scheme)
    if sp.scheme is not None and sp.scheme.span.contains(index):
        return ("ialpha", "scheme") if ed == "draft-1993" else ("scheme",)
    if sp.userinfo is not None and sp.userinfo.span.contains(index):
        return _userinfo_chain(parsed, index, ed)
    if sp.host is not None and sp.host.span.contains(index):
        return _host_chain(parsed, index, ed)
    if sp.port is not None and sp.port.span.contains(index):
        return ("digits", "port") if ed == "draft-1993" else ("port",)
    if sp.query is not None and sp.query.span.contains(index):
        return _tail_chain(parsed, index, ed, "query")
    if sp.fragment is not None and sp.fragment.span.contains(index):
        return _tail_chain(parsed, index, ed, "fragment")
    if sp.path.span.contains(index):
        return _path_chain(parsed, index, ed, ch)
    return ()


def _delimiter_chain(role: str, ed: str, has_scheme: bool) -> tuple[str, ...]:
    top = {
        "rfc3986": "URI" if has_scheme else "relative-ref",
        "draft-2003": "absolute-URI" if has_scheme else "relative-URI",
        "rfc2396": "absoluteURI" if has_scheme else "relativeURI",
        "draft-1997": "generic-URL" if has_scheme else "relativeURL",
        "draft-1993": "generic",
    }[ed]
    if role == "scheme-colon":
        return (top,)
    if role == "authority-slashes":
        return (
            {
                "rfc3986": "hier-part" if has_scheme else "relative-part",
                "draft-2003": "net-path",
                "rfc2396": "net_path",
                "draft-1997": "net_path",
                "draft-1993": "httpaddress",
            }[ed],
        )
    if role == "userinfo-at":
        return (
            {
                "rfc3986": "authority",
                "draft-2003": "server",
                "rfc2396": "server",
                "draft-1997": "site",
                "draft-1993": "telnetaddress",
            }[ed],
        )
    if role == "port-colon":
        return ("authority",) if ed == "rfc3986" else ("hostport",)
    if role == "query-mark":
        return (
            {
                "rfc3986": top,
                "draft-2003": "hier-part" if has_scheme else "relative-URI",
                "rfc2396": "hier_part" if has_scheme else "relativeURI",
                "draft-1997": "rel_path",
                "draft-1993": "generic",
            }[ed],
        )
    # fragment-hash
    return (
        {
            "rfc3986": top,
            "draft-2003": "URI-reference",
            "rfc2396": "URI-reference",
            "draft-1997": "URL-reference",
            "draft-1993": "fragmentaddress",
        }[ed],
    )


def _userinfo_chain(parsed: ParsedReference, index: int, ed: str) -> tuple[str, ...]:
    sp = parsed.split
    assert sp.userinfo is not None
    if ed == "draft-1997":
        colon = sp.userinfo.text.find(":")
        start = sp.userinfo.span.start
        if colon != -1 and index == start + colon:
            return ("site",)
        return ("password" if colon != -1 and index > start + colon else "user", "site")
    if ed == "draft-1993":
        return ("xalphas", "user", "telnetaddress")
    return ("userinfo", "authority" if ed == "rfc3986" else "server")


def _host_chain(parsed: ParsedReference, index: int, ed: str) -> tuple[str, ...]:
    sp = parsed.split
    info = parsed.host_info
    assert sp.host is not None
    ch = sp.text[index]
    kind = info.kind if info is not None else "reg-name"
    if ed != "rfc3986" and _authority_is_reg_name(parsed):
        # RFC 2396 §3.2 / draft-2003 §3.2: authority = server | reg_name
        return (_HOST_RULE[ed]["reg-name"] or "authority", "authority")
    bracket = sp.host.text.startswith("[")
    if kind == "ipv4":
        name = _HOST_RULE[ed]["ipv4"] or "host"
        inner: tuple[str, ...] = ()
        if ed == "rfc3986" and ch.isdigit():
            inner = ("dec-octet",)
        elif ed == "draft-1993" and ch.isdigit():
            inner = ("digits",)
        return (*inner, name, "host")
    if bracket and ed in ("rfc3986", "draft-2003"):
        literal = _HOST_RULE[ed]["ip-literal"] or "host"
        if ch in "[]":
            return (literal, "host")
        address = _HOST_RULE[ed]["ipvfuture" if kind == "ipvfuture" else "ipv6"]
        return (address or literal, literal, "host")
    if ed == "rfc3986":
        return ("reg-name", "host")
    if ed == "draft-1993":
        return ("ialpha", "hostname", "host")
    if bracket or _is_error_at(parsed, index):
        return ("host",)
    return ("hostname", "host")


def _path_shape(parsed: ParsedReference) -> str:
    sp = parsed.split
    p = sp.path.text
    if sp.authority is not None:
        return "abempty"
    if not p:
        return "empty"
    if p.startswith("/"):
        return "absolute"
    return "rootless" if sp.scheme is not None else "noscheme"


def _path_chain(parsed: ParsedReference, index: int, ed: str, ch: str) -> tuple[str, ...]:
    sp = parsed.split
    shape = _path_shape(parsed)
    path_rule = _PATH_RULE[ed][shape] or "path"
    if ed == "draft-1993":
        if ch == "/":
            return ("path",)
        return ("xpalpha", "xpalphas", "path")
    if ed in ("rfc2396", "draft-2003") and shape == "rootless":
        # an opaque part: uric_no_slash *uric (RFC 2396 §3)
        first = index == sp.path.span.start
        uric = {"rfc2396": "uric", "draft-2003": "uric"}[ed]
        nslash = "uric_no_slash" if ed == "rfc2396" else "uric-no-slash"
        return (nslash if first else uric, path_rule)
    if ch == "/" and ed != "draft-1993":
        return (path_rule,)
    ok = not _is_error_at(parsed, index)
    text = sp.text
    lo, hi = sp.path.span.start, sp.path.span.end
    # the segment around ``index``, found in place: ``sp.segments`` is built lazily and
    # costs seconds for 1 MB of tiny segments, too much for a hover
    seg_start = max(text.rfind("/", lo, index) + 1, lo)
    seg_end = text.find("/", index, hi)
    seg_end = hi if seg_end == -1 else seg_end
    first_seg = text.count("/", lo, index) == (1 if text.startswith("/", lo) else 0)
    seg_rule = "segment"
    if ed == "rfc3986" and first_seg:
        seg_rule = {
            "absolute": "segment-nz",
            "rootless": "segment-nz",
            "noscheme": "segment-nz-nc",
        }.get(shape, "segment")
    elif shape == "noscheme" and first_seg and ed in ("rfc2396", "draft-2003"):
        seg_rule = "rel_segment" if ed == "rfc2396" else "rel-segment"
    pchar: tuple[str, ...] = ()
    if ok and seg_rule not in ("segment-nz-nc", "rel_segment", "rel-segment") and (
        ch in _PCHAR[ed] or _in_triplet(text, index)
    ):
        pchar = ("pchar",)
    if parsed.edition.has_segment_params:
        semicolon = text.find(";", seg_start, seg_end)
        if semicolon != -1 and index >= semicolon:
            if ch == ";":  # RFC 2396 §3.3: segment = *pchar *( ";" param )
                return (seg_rule, path_rule)
            return (*pchar, "param", seg_rule, path_rule)
    return (*pchar, seg_rule, path_rule)


def _tail_chain(parsed: ParsedReference, index: int, ed: str, which: str) -> tuple[str, ...]:
    text = parsed.text
    ch = text[index]
    ok = not _is_error_at(parsed, index)
    if ed == "draft-1993":
        if which == "query":
            return ("search",) if ch == "+" else ("xalphas", "search")
        return ("xalphas", "fragmentid")
    if not ok:
        return (which,)
    if ed in ("rfc2396",):
        return ("uric", which)
    if ed == "draft-1997":
        return ("urlc", which)
    if ch in _PCHAR[ed] or _in_triplet(text, index):
        return ("pchar", which)
    return (which,)


def _authority_is_reg_name(parsed: ParsedReference) -> bool:
    """Whether the authority was read as a registry name (RFC 2396 §3.2)."""
    return any(d.code == NOT_A_SERVER for d in parsed.diagnostics)


# ---- the Explain pane: one sentence per component ------------------------------------

Tone = Literal["info", "warning", "danger"]


@dataclass(frozen=True, slots=True)
class Sentence:
    """One plain sentence about one part of the URI, and where that part is.

    ``span`` is None for sentences about the whole reference; ``rule`` is the
    production the part matched under the edition, when there is one.
    """

    component: str
    text: str
    span: Span | None
    rule: GrammarRule | None = None
    tone: Tone = "info"


@dataclass(frozen=True, slots=True)
class EditionNote:
    """What another edition of the standard says differently about this URI.

    ``quotes`` holds ``(edition, verbatim spec text)`` pairs backing the claim; a test
    finds every quote in its spec, so a note cannot drift from the documents.
    """

    key: str
    text: str
    span: Span | None
    quotes: tuple[tuple[str, str], ...]


@dataclass(frozen=True, slots=True)
class Explanation:
    """The walk through one input under one edition (frozen)."""

    text: str
    edition: Edition
    sentences: tuple[Sentence, ...]
    notes: tuple[EditionNote, ...]

    def plain(self) -> str:
        """All sentences, then the notes, one per line (for reports and tests)."""
        lines = [s.text for s in self.sentences]
        lines += [f"Other editions: {n.text}" for n in self.notes]
        return "\n".join(lines)


#: key -> (note text, supporting quotes). Each quote is verbatim (whitespace aside) in
#: the named spec: tests/core/test_explain.py checks them all in shared/specs, an RFC
#: 3986 quote in the 2003 draft and an RFC 2396 quote in the 1997 draft they became.
NOTES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "brackets": (
        "Before 2003, '[' and ']' were unwise characters and IPv6 literals did not exist:"
        " RFC 2396 §2.4.3 and the 1997 draft list both brackets as unwise. The 2003 draft"
        " (§3.2.2) introduced IPv6reference = \"[\" IPv6address \"]\", the only place"
        " brackets are allowed.",
        (
            ("rfc2396", 'unwise = "{" | "}" | "|" | "\\" | "^" | "[" | "]" | "`"'),
            ("draft-1997", "A suitable representation for IPv6 addresses has not yet been"
             " determined."),
            ("draft-2003", "This is the only place where square-bracket characters are"
             " allowed in the hierarchical URI syntax."),
        ),
    ),
    "params": (
        "Under RFC 2396 (§3.3) and the 1997 draft (§4.3.2) every path segment may carry"
        " ';' parameters: segment = *pchar *( \";\" param ). RFC 1808 had one trailing"
        " ';params' part for the whole path, which the 1997 draft dropped. The 2003 draft"
        " (§3.3), which became RFC 3986, has no param rule: segment = *pchar, and ';' is an"
        " ordinary pchar inside the segment (RFC 3986 files it under sub-delims).",
        (
            ("rfc2396", 'segment = *pchar *( ";" param )'),
            ("draft-1997", "parameters have been removed as a separate component and may"
             " now appear in any path segment"),
            ("draft-2003", "segment = *pchar"),
            ("draft-2003", 'pchar = unreserved / escaped / ";" / ":" / "@" / "&" / "=" / "+"'
             ' / "$" / ","'),
        ),
    ),
    "userinfo-1993": (
        "In the 1993 draft's BNF only telnet addresses have a user ('[ user @ ]'); http"
        " and ftp addresses have none, and no rule has a password. Its prose allows an"
        " optional user name before '@' but discourages it, and a password even more.",
        (
            ("draft-1993", "httpaddress h t t p : / / hostport [ / path ] [ ? search ]"),
            ("draft-1993", "telnetaddress t e l n e t : / / [ user @ ] hostport"),
            ("draft-1993", "fileaddress f t p : / / host / path"),
            ("draft-1993", "(Use of this field is discouraged. Provision of encoding a"
             " password after the user name, delimited by a colon, could be made"),
        ),
    ),
    "password": (
        "The 1997 draft split this into user and password and called passwords in URLs"
        " ill-advised; RFC 2396 and the 2003 draft say the 'user:password' format is NOT"
        " RECOMMENDED.",
        (
            ("draft-1997", 'site = [ [ user [ ":" password ] "@" ] hostport ]'),
            ("draft-1997", "The use of passwords (which appear as plain text) within URLs"
             " is ill-advised"),
            ("draft-2003", 'Some URI schemes use the format "user:password" in the userinfo'
             " field. This practice is NOT RECOMMENDED"),
        ),
    ),
    "tilde": (
        "In the 1993 draft '~' was a 'variant' character that no rule allowed; the 1997"
        " draft added it to the unreserved set, where it has stayed.",
        (
            ("draft-1993", "[ | ] | \\ | ^ | ~ punctuation < | >"),
            ("draft-1997", 'The tilde "~" character was added to those in the "unreserved"'
             " set"),
        ),
    ),
    "unwise": (
        "'{', '}', '|', '\\', '^' and '`' are 'unwise' in the 1997 draft, RFC 2396"
        " (§2.4.3) and the 2003 draft, because gateways and other transport agents are"
        " known to modify them; RFC 3986 has no rule that admits them. Percent-encode"
        " them (e.g. %7B).",
        (
            ("rfc2396", 'unwise = "{" | "}" | "|" | "\\" | "^" | "[" | "]" | "`"'),
            ("draft-1997", "Other characters are excluded because gateways and other"
             " transport agents are known to sometimes modify such characters"),
            ("draft-2003", 'unwise = "{" / "}" / "|" / "\\" / "^" / "`"'),
        ),
    ),
    "marks": (
        "Under the 1997 draft (§2.3), RFC 2396 and the 2003 draft (§2.3), ! * ' ( ) are"
        " unreserved marks; RFC 3986 moved them to the reserved sub-delims.",
        (
            ("draft-1997", 'mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "\'" | "(" |'
             ' ")" | ","'),
            ("draft-2003", 'mark = "-" / "_" / "." / "!" / "~" / "*" / "\'" / "(" / ")"'),
        ),
    ),
    "dollar-comma": (
        "In the 1997 draft (§2.3) '$' and ',' were unreserved marks; RFC 2396 made them"
        " reserved, as the reserved set of the 2003 draft (§2.2), derived from RFC 2396,"
        " still shows.",
        (
            ("draft-1997", 'mark = "$" | "-" | "_" | "." | "!" | "~" | "*" | "\'" | "(" |'
             ' ")" | ","'),
            ("draft-2003", 'reserved = "[" / "]" / ";" / "/" / "?" / ":" / "@" / "&" / "="'
             ' / "+" / "$" / ","'),
            ("draft-2003", "This document is derived from RFC 2396"),
        ),
    ),
    "ipv4-digits": (
        "RFC 2396 and the 1997 draft (hostnumber, §4.3.1) accept any run of digits in"
        " each part of an IPv4 address; the 2003 draft (§3.2.2, Appendix G.1) and RFC 3986"
        " limit each dec-octet to 0-255.",
        (
            ("draft-1997", 'hostnumber = 1*digit "." 1*digit "." 1*digit "." 1*digit'),
            ("draft-2003", "the definition of IPv4address has been improved in order to"
             " limit each decimal octet to the range 0-255"),
        ),
    ),
    "fragment": (
        "RFC 2396 and the drafts keep the fragment outside the URI, in the URI reference"
        " (draft-1997 §3, draft-2003 §4); RFC 3986 later put it in the URI rule itself.",
        (
            ("draft-1997", 'URL-reference = [ absoluteURL | relativeURL ] [ "#" fragment ]'),
            ("draft-2003", 'URI-reference = [ absolute-URI / relative-URI ] [ "#" fragment ]'),
            ("draft-2003", "As such, it is not part of a URI, but is often used in"
             " conjunction with a URI."),
        ),
    ),
    "search-plus": (
        "In the 1993 draft '+' separated the words of a search (search xalphas [ + search"
        " ]).",
        (("draft-1993", "search xalphas [ + search ]"),),
    ),
    "scheme-digit": (
        "Only the 1997 draft let a scheme start with a digit (scheme = 1*( alpha | digit"
        " | ...)); every other edition wants a letter first.",
        (
            ("draft-1997", 'scheme = 1*( alpha | digit | "+" | "-" | "." )'),
            ("rfc3986", 'scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )'),
        ),
    ),
    "empty-port": (
        "The 1993 draft wanted at least one digit after ':' (port digits); since the 1997"
        " draft the port is *digit and may be empty.",
        (
            ("draft-1993", "port digits"),
            ("draft-1997", "The URL port is now *digit instead of 1*digit"),
        ),
    ),
}

_ED_LABEL = {
    "rfc3986": "RFC 3986",
    "draft-2003": "the 2003 draft",
    "rfc2396": "RFC 2396",
    "draft-1997": "the 1997 draft",
    "draft-1993": "the 1993 draft",
}


def _q(text: str, limit: int = 60) -> str:
    """``text`` quoted for a sentence, shortened past ``limit`` characters."""
    shown = text if len(text) <= limit else text[: limit - 1] + "…"
    return f"'{shown}'"


class Analysis(Protocol):
    """What the walk reads of an analysis (``core.analysis.Analysis`` is one): named
    here so that explaining depends on the analysis's shape, not on its module, which
    builds the explanation lazily (``Analysis.explanation``)."""

    @property
    def text(self) -> str:
        """The exact input."""

    @property
    def edition(self) -> Edition:
        """The edition it was parsed under."""

    @property
    def parsed(self) -> ParsedReference:
        """The parse under that edition."""

    @property
    def findings(self) -> tuple[Finding, ...]:
        """The suspicious-link findings."""

    @property
    def whatwg(self) -> WhatwgReading:
        """The browser's reading."""

    @property
    def effective_host(self) -> str | None:
        """The browser's host (None when a browser rejects the link)."""


def explain(a: Analysis) -> Explanation:
    """Walk through the URI in plain sentences, one per component, with the edition notes.

    ``a`` is an analysis (``core.analysis.analyze(text, edition).explanation`` is this
    walk, built once); its own edition is used. Never raises.
    """
    parsed = a.parsed
    ed = a.edition.value
    sentences = [
        *_overview(a), *_component_sentences(a), *_percent_sentence(a), *_finding_sentences(a)
    ]
    return Explanation(a.text, a.edition, tuple(sentences), _edition_notes(parsed, ed))


def _overview(a: Analysis) -> list[Sentence]:
    parsed = a.parsed
    label = _ED_LABEL[a.edition.value]
    kind = (
        "an absolute URI (it has a scheme)"
        if parsed.split.scheme is not None
        else "a relative reference (no scheme: it is resolved against a base URI)"
    )
    errors = [d for d in parsed.diagnostics if d.severity == "error"]
    if not errors:
        verdict = f"Under {label} it is valid."
        tone: Tone = "info"
    else:
        more = f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
        verdict = f"Under {label} it is not valid: {errors[0].message}" + (
            more if len(errors) > 1 else ""
        )
        tone = "warning"
    span = Span(0, len(a.text))
    return [Sentence("reference", f"This is {kind}. {verdict}", span, None, tone)]


def _component_sentences(a: Analysis) -> list[Sentence]:
    parsed = a.parsed
    sp = parsed.split
    ed = parsed.edition
    out: list[Sentence] = []
    if sp.scheme is not None:
        s = sp.scheme
        extra = ""
        if s.text != s.text.lower():
            extra = " Schemes are case-insensitive; the canonical form is lowercase."
        out.append(
            Sentence(
                "scheme",
                f"The scheme is {s.text}: it names the protocol or naming system that"
                f" interprets everything after the ':'.{extra}",
                s.span,
                rule_for_component("scheme", ed),
            )
        )
    if sp.authority is not None:
        out.append(
            Sentence(
                "authority",
                f"After '//' comes the authority {_q(sp.authority.text)}: who is in charge"
                " of the names below it. It ends at the next '/', '?' or '#'.",
                sp.authority.span,
                rule_for_component("authority", ed),
            )
        )
    if sp.userinfo is not None:
        ui = sp.userinfo
        pw = ":" in ui.text
        text = (
            f"The userinfo {_q(ui.text)} comes before the last '@': a user name"
            + (" and a password, sent in clear text" if pw else "")
            + ". It is not the host."
        )
        out.append(
            Sentence(
                "userinfo", text, ui.span, rule_for_component("userinfo", ed),
                "warning" if pw else "info",
            )
        )
    if sp.host is not None:
        out.append(_host_sentence(a))
    if sp.port is not None:
        out.append(_port_sentence(a))
    out.extend(_path_sentences(a))
    if sp.query is not None:
        q = sp.query
        # counted in place: ``sp.query_params`` is built lazily and is slow for 1 MB
        n = q.text.count("&") + 1 if q.text else 0
        pieces = q.text.split("&", 6)[:6] if q.text else []
        keys = ", ".join(_q(piece.split("=", 1)[0], 20) for piece in pieces)
        form = (
            f" Read as an HTML form (a convention, not the URI standard) it has {n}"
            f" parameter{'s' if n != 1 else ''}: {keys}{'…' if n > 6 else ''}."
            if n
            else ""
        )
        out.append(
            Sentence(
                "query",
                f"After '?' comes the query {_q(q.text)}: data for the resource, not part of"
                f" the hierarchy.{form}",
                q.span,
                rule_for_component("query", ed),
            )
        )
    if sp.fragment is not None:
        f = sp.fragment
        out.append(
            Sentence(
                "fragment",
                f"After '#' comes the fragment {_q(f.text)}: the browser keeps it and never"
                " sends it to the server; it picks a part of the retrieved document.",
                f.span,
                rule_for_component("fragment", ed),
            )
        )
    return out


def _host_sentence(a: Analysis) -> Sentence:
    parsed = a.parsed
    sp = parsed.split
    assert sp.host is not None
    host = sp.host
    ed = parsed.edition
    info = parsed.host_info
    kind = info.kind if info is not None else "reg-name"
    tone: Tone = "info"
    if not host.text:
        text = "The host is empty: the scheme decides what that means (file: means localhost)."
        rule_ = rule_for_component("host", ed)
    elif kind == "ipv4":
        text = (
            f"The host {host.text} is an IPv4 address in dotted-decimal form: no name is"
            " looked up, so nothing in the link says who runs the machine."
        )
        rule_ = rule_for_component("host", ed, detail="ipv4")
    elif kind == "ipv6":
        text = f"The host {_q(host.text)} is an IPv6 address literal, in square brackets."
        rule_ = rule_for_component("host", ed, detail="ipv6")
        if not ed.has_ipv6_literals:
            label = _ED_LABEL[ed.value]
            text += f" {label[0].upper()}{label[1:]} has no IPv6 literals, so it is invalid."
            tone = "warning"
    elif kind == "ipvfuture":
        text = (
            f"The host {_q(host.text)} is an IPvFuture literal ('v', a version in hex, '.'),"
            " reserved for address formats that do not exist yet."
        )
        rule_ = rule_for_component("host", ed, detail="ipvfuture")
    else:
        text = (
            f"The host {_q(host.text)} is a registered name, normally a DNS name that the"
            " resolver looks up."
        )
        rule_ = rule_for_component(
            "host", ed, detail="reg-name" if ed is Edition.RFC3986 else "hostname"
        )
    eff = a.effective_host
    if eff is not None and eff != host.text.lower() and host.text:
        text += f" A browser would contact {eff}."
    elif eff is None and host.text and not a.whatwg.valid:
        text += " A browser would refuse this link."
    return Sentence("host", text, host.span, rule_, tone)


def _port_sentence(a: Analysis) -> Sentence:
    sp = a.parsed.split
    assert sp.port is not None
    port = sp.port
    ed = a.parsed.edition
    rule_ = rule_for_component("port", ed)
    if not port.text:
        return Sentence(
            "port",
            "The port after ':' is empty, so the scheme's default port applies.",
            Span(port.span.start - 1, port.span.end),
            rule_,
        )
    from uriinspector.core.schemes import port_number, scheme_facts

    number = port_number(port.text) if port.text.isascii() and port.text.isdigit() else None
    facts = scheme_facts(sp.scheme.text.lower()) if sp.scheme is not None else None
    if number is None:
        return Sentence(
            "port",
            f"The port {_q(port.text)} is not a decimal number, which a port must be.",
            port.span,
            rule_,
            "warning",
        )
    text = f"The port is {number}: the network port of the server."
    if facts is not None and facts.default_port == number:
        text += f" It is the default for {facts.name}, so writing it changes nothing."
    elif number > 65535:
        text += " It is above 65535, the largest TCP/UDP port: no connection can use it."
    return Sentence("port", text, port.span, rule_)


def _path_sentences(a: Analysis) -> list[Sentence]:
    parsed = a.parsed
    sp = parsed.split
    ed = parsed.edition
    path = sp.path
    if not path.text:
        return []
    shape = _path_shape(parsed)
    rule_ = rule_for_component("path", ed, detail=shape)
    if shape == "rootless" and sp.scheme is not None:
        text = (
            f"The path {_q(path.text)} does not start with '/': it is opaque, read only by"
            f" the {sp.scheme.text} scheme's own rules."
        )
    else:
        n = path.text.count("/") + (0 if path.text.startswith("/") else 1)
        text = (
            f"The path {_q(path.text)} has {n} segment{'s' if n != 1 else ''}, separated by"
            " '/', naming the resource inside the authority."
        )
        if _DOT_SEGMENT.search(path.text):
            text += " Its '.' and '..' segments are removed when the reference is resolved."
    out = [Sentence("path", text, path.span, rule_)]
    semi = path.text.find(";") if ed.has_segment_params else -1
    if semi != -1:
        # RFC 2396 §3.3: segment = *pchar *( ";" param ); found in place, not through
        # the lazily built ``sp.segments`` (seconds for 1 MB of segments)
        p = path.text
        seg_start = p.rfind("/", 0, semi) + 1
        seg_end = p.find("/", semi)
        seg_end = len(p) if seg_end == -1 else seg_end
        param_end = p.find(";", semi + 1, seg_end)
        param_end = seg_end if param_end == -1 else param_end
        base = path.span.start
        count = p.count(";")
        more = f" The path has {count} ';' parameters in all." if count > 1 else ""
        out.append(
            Sentence(
                "param",
                f"{_q(p[semi + 1 : param_end])} after ';' is a parameter of the segment"
                f" {_q(p[seg_start:semi])}.{more}",
                Span(base + semi + 1, base + param_end),
                rule_for_component("param", ed),
            )
        )
    return out


_TRIPLET_RUN = re.compile("(?:%[0-9A-Fa-f]{2})+")
#: How many triplets of a run, and how many runs, the percent sentence decodes.
_RUN_SAMPLE = 256
_RUNS_SAMPLED = 64
_DOT_SEGMENT = re.compile(r"(?:^|/)\.\.?(?:/|$)")


def _percent_sentence(a: Analysis) -> list[Sentence]:
    """One sentence on the percent-encoded octets, with what the first runs decode to
    (RFC 3986 §2.1); stops after a few distinct characters, so 1 MB stays fast."""
    seen: list[str] = []
    first: Span | None = None
    # Linear in the input (issue 13): each run's text is taken once, and only the
    # first _RUN_SAMPLE triplets of the first _RUNS_SAMPLED runs are decoded.
    for n, m in enumerate(_TRIPLET_RUN.finditer(a.text)):
        if first is None:
            first = Span(m.start(), m.start() + 3)
        run = a.text[m.start() : min(m.end(), m.start() + 3 * _RUN_SAMPLE)]
        raw = bytes.fromhex(run.replace("%", ""))
        for ch in raw.decode("utf-8", errors="replace"):
            if ch != "\ufffd" and ch not in seen:
                seen.append(ch)
        if len(seen) >= 8 or n + 1 >= _RUNS_SAMPLED:
            break
    if first is None:
        return []
    ed = a.parsed.edition
    what = (
        f"; here they decode to {', '.join(repr(ch) for ch in seen[:8])}"
        if seen
        else "; here they are not UTF-8 text"
    )
    return [
        Sentence(
            "percent",
            "Percent-encoded octets ('%' and two hex digits) stand for characters that may"
            f" not appear literally{what}.",
            first,
            rule("pct-encoded", ed) or rule("escaped", ed) or rule("escape", ed),
        )
    ]


#: Finding sentences at most; the rest is counted in one more sentence (a megabyte of
#: bidi controls has 200,000 findings: one row each froze the Explain pane 79 s).
MAX_FINDING_SENTENCES = 50


def _finding_sentences(a: Analysis) -> list[Sentence]:
    out: list[Sentence] = []
    rest = 0
    for f in a.findings:
        if f.severity in ("danger", "warning"):
            if len(out) >= MAX_FINDING_SENTENCES:
                rest += 1
                continue
            tone: Tone = "danger" if f.severity == "danger" else "warning"
            out.append(Sentence("finding", f.message, f.span, None, tone))
    if rest:
        out.append(
            Sentence(
                "finding",
                f"… and {rest:,} more warnings or dangers (the Findings pane lists them).",
                None,
                None,
                "warning",
            )
        )
    return out


def _edition_notes(parsed: ParsedReference, ed: str) -> tuple[EditionNote, ...]:
    sp = parsed.split
    text = sp.text
    keys: list[tuple[str, Span | None]] = []

    def first(chars: str, within: Span | None = None) -> Span | None:
        lo, hi = (0, len(text)) if within is None else (within.start, within.end)
        m = re.compile(f"[{re.escape(chars)}]").search(text, lo, hi)
        return None if m is None else Span(m.start(), m.end())

    host = sp.host
    if host is not None and host.text.startswith("["):
        keys.append(("brackets", host.span))
    if ";" in sp.path.text:
        keys.append(("params", first(";", sp.path.span)))
    if sp.userinfo is not None:
        keys.append(("userinfo-1993", sp.userinfo.span))
        if ":" in sp.userinfo.text:
            keys.append(("password", first(":", sp.userinfo.span)))
    tail = Span(sp.scheme.span.end if sp.scheme is not None else 0, len(text))
    for key, chars in (("tilde", "~"), ("unwise", "{}|\\^`"), ("marks", "!*'()"),
                       ("dollar-comma", "$,")):
        where = first(chars, tail)
        if where is not None:
            keys.append((key, where))
    if (parsed.host_info is not None and parsed.host_info.kind == "ipv4") or (
        host is not None and host.text.count(".") == 3
        and host.text.replace(".", "").isascii() and host.text.replace(".", "").isdigit()
    ):
        keys.append(("ipv4-digits", host.span if host is not None else None))
    if sp.fragment is not None:
        keys.append(("fragment", sp.fragment.span))
    if sp.query is not None and "+" in sp.query.text:
        keys.append(("search-plus", first("+", sp.query.span)))
    if sp.scheme is not None and sp.scheme.text[:1].isdigit():
        keys.append(("scheme-digit", sp.scheme.span))
    if sp.port is not None and not sp.port.text:
        keys.append(("empty-port", Span(sp.port.span.start - 1, sp.port.span.end)))
    return tuple(EditionNote(k, NOTES[k][0], span, NOTES[k][1]) for k, span in keys)
