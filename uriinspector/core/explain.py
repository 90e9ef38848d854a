"""Grammar on hover and the plain-language walk through a URI, under any edition.

``rule_for_component`` and ``rule_at`` name the production a component or a character
matched, with its text and section, taken from the edition's own grammar
(``grammar_rules``). ``explain`` turns an analysis into one sentence per component,
each with its span, plus notes on what another edition would say (issue 6, item 1).
Pure functions over frozen results; nothing here raises for any input string.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from uriinspector.core import charsets as cs
from uriinspector.core.editions import Edition, edition_from_name
from uriinspector.core.grammar_rules import RULE_TABLES
from uriinspector.core.parse import NOT_A_SERVER, ParsedReference, parse

__all__ = [
    "COMPONENTS",
    "GrammarRule",
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
    for i, seg in enumerate(sp.segments):
        if not (seg.span.start <= index < seg.span.end):
            continue
        seg_rule = "segment"
        if ed == "rfc3986" and i == 0:
            seg_rule = {
                "absolute": "segment-nz",
                "rootless": "segment-nz",
                "noscheme": "segment-nz-nc",
            }.get(shape, "segment")
        elif shape == "noscheme" and i == 0 and ed in ("rfc2396", "draft-2003"):
            seg_rule = "rel_segment" if ed == "rfc2396" else "rel-segment"
        pchar: tuple[str, ...] = ()
        if ok and seg_rule not in ("segment-nz-nc", "rel_segment", "rel-segment") and (
            ch in _PCHAR[ed] or _in_triplet(sp.text, index)
        ):
            pchar = ("pchar",)
        if seg.params and not seg.name.span.contains(index):
            if ch == ";" and any(p.span.start == index + 1 for p in seg.params):
                return (seg_rule, path_rule)
            return (*pchar, "param", seg_rule, path_rule)
        return (*pchar, seg_rule, path_rule)
    return (path_rule,)


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
