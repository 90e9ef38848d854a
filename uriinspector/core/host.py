"""The host of an authority: reg-name, IPv4, IPv6 or IPvFuture, per edition.

RFC 3986 §3.2.2 tries IP-literal, then IPv4address, then reg-name (first match wins).
RFC 2396 and draft-1997 know only hostname | IPv4address; IPv6 literals in brackets
arrive with draft-2003 (RFC 2732 had them in 1999, but belongs to no edition here).
"""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from typing import Literal

from uriinspector.core import charsets as cs
from uriinspector.core import grammar as g
from uriinspector.core.characters import DiagnosticBudget, bad_ascii_pattern, scan_component
from uriinspector.core.diagnostics import Diagnostic
from uriinspector.core.editions import Edition
from uriinspector.core.hidden import quote
from uriinspector.core.spans import Span
from uriinspector.core.split import Part

HostKind = Literal["reg-name", "ipv4", "ipv6", "ipvfuture"]

# ---- diagnostic codes owned here ------------------------------------------------------
INVALID_HOST = "invalid-host"
INVALID_IPV6 = "invalid-ipv6"
INVALID_IPVFUTURE = "invalid-ipvfuture"
IPV6_NOT_IN_EDITION = "ipv6-not-in-edition"
IPV6_ZONE_ID = "ipv6-zone-id"
IPV4_LIKE_REG_NAME = "ipv4-like-reg-name"

# compiled on first use (g.LazyPattern): importing the core compiles nothing
_BRACKET = g.LazyPattern(r"[\[\]]")
_IPV4 = g.LazyPattern(g.IPV4ADDRESS)
_IPV4_DIGITS = g.LazyPattern(g.IPV4ADDRESS_2396)
_IPV6 = g.LazyPattern(g.IPV6ADDRESS)
#: RFC 6874 §2 ZoneID: with ``_IPV6`` it reads IPv6addrz (IPv6address "%25" ZoneID) in two
#: parts, so the address's long pattern is not compiled a second time (~6 ms).
_ZONE_ID = g.LazyPattern(g.ZONEID)
_IPVFUTURE = g.LazyPattern(g.IPVFUTURE)
_HOSTNAME: dict[Edition, g.LazyPattern] = {
    Edition.DRAFT_2003: g.LazyPattern(g.HOSTNAME_2003),
    Edition.RFC2396: g.LazyPattern(g.HOSTNAME),
    Edition.DRAFT_1997: g.LazyPattern(g.HOSTNAME_1997),
    Edition.DRAFT_1993: g.LazyPattern(g.HOSTNAME_1993),
}
_BAD_REG_NAME = bad_ascii_pattern(cs.RFC3986_REG_NAME)
_BAD_HOSTNAME = bad_ascii_pattern(cs.HOSTNAME_CHARS)
_BAD_HOST_1993 = bad_ascii_pattern(cs.DRAFT1993_XALPHA - frozenset(":"))

#: Each edition's name and ``has_ipv6_literals``, read once (``Enum.value`` and the
#: property are Python calls; the diagnostic parser reads them for every host).
_NAMES: dict[Edition, str] = {e: e.value for e in Edition}
_HAS_IPV6: dict[Edition, bool] = {e: e.has_ipv6_literals for e in Edition}

#: Where each edition defines its host rule, for messages.
HOST_SECTION: dict[Edition, str] = {
    Edition.RFC3986: "RFC 3986 §3.2.2",
    Edition.DRAFT_2003: "draft-2003 §3.2.2",
    Edition.RFC2396: "RFC 2396 §3.2.2",
    Edition.DRAFT_1997: "draft-1997 §4.3.1",
    Edition.DRAFT_1993: "draft-1993 BNF (host)",
}
_BRACKET_CITE: dict[Edition, str] = {
    Edition.RFC2396: "RFC 2396 §2.4.3: '[' and ']' are unwise (excluded); IPv6 literals came"
    " with RFC 2732, which is not part of this edition",
    Edition.DRAFT_1997: "draft-1997 §2.4.3: '[' and ']' are unwise (excluded); §4.3.1: a"
    " representation for IPv6 addresses has not yet been determined",
    Edition.DRAFT_1993: "draft-1993 BNF: '[' and ']' are variant characters, used by no rule;"
    " IPv6 did not exist yet",
}


@dataclass(frozen=True, slots=True)
class HostInfo:
    """What a host is under an edition, where it stands, and what is wrong with it.

    ``address`` is the canonical text of an IP address (``ipaddress`` compressed form)
    when the host is one and every octet fits, else ``None``.
    """

    kind: HostKind
    text: str
    span: Span
    diagnostics: tuple[Diagnostic, ...]
    address: str | None = None

    @property
    def valid(self) -> bool:
        """No error-severity diagnostic."""
        return not any(d.severity == "error" for d in self.diagnostics)


def is_ipv4address(s: str) -> bool:
    """Whether ``s`` is an RFC 3986 IPv4address (four dec-octets 0-255, §3.2.2)."""
    return _IPV4.fullmatch(s) is not None


def is_ipv6address(s: str) -> bool:
    """Whether ``s`` (no brackets) is an RFC 3986 IPv6address, one of the nine forms."""
    return _IPV6.fullmatch(s) is not None


def is_hostname(s: str, edition: Edition | str = Edition.RFC2396) -> bool:
    """Whether ``s`` is a ``hostname`` of an edition that has one (RFC 2396 §3.2.2)."""
    pattern = _HOSTNAME.get(Edition(edition))
    return pattern is not None and pattern.fullmatch(s) is not None


def v4_address(s: str) -> str | None:
    try:
        return str(ipaddress.IPv4Address(s))
    except ValueError:
        return None  # an RFC 2396 "1*digit" group above 255


def v6_address(s: str) -> str | None:
    try:
        return ipaddress.IPv6Address(s).compressed
    except ValueError:  # pragma: no cover - the grammar and ipaddress agree
        return None


def _ip_literal(host: Part, edition: Edition, out: list[Diagnostic]) -> HostInfo:
    """RFC 3986 §3.2.2 IP-literal (draft-2003 §3.2.2 IPv6reference)."""
    text, span = host.text, host.span
    cite = HOST_SECTION[edition]
    closed = len(text) >= 2 and text.endswith("]") and "]" not in text[1:-1]
    inner = text[1:-1]
    if not closed:
        out.append(
            Diagnostic(
                INVALID_IPV6,
                "error",
                span,
                f"{cite}: IP-literal {quote(text)} must be '[' address ']' and nothing else",
            )
        )
        return HostInfo("ipv6", text, span, tuple(out))
    if inner[:1] in ("v", "V"):
        if edition is not Edition.RFC3986:
            out.append(
                Diagnostic(
                    INVALID_IPV6,
                    "error",
                    span,
                    f"{cite}: {quote(text)}: this edition has IPv6reference only;"
                    " IPvFuture arrived with RFC 3986",
                )
            )
            return HostInfo("ipvfuture", text, span, tuple(out))
        if _IPVFUTURE.fullmatch(inner) is None:
            out.append(
                Diagnostic(
                    INVALID_IPVFUTURE,
                    "error",
                    span,
                    f"{cite}: {quote(inner)} is not IPvFuture"
                    " ('v' 1*HEXDIG '.' 1*( unreserved / sub-delims / ':' ))",
                )
            )
        return HostInfo("ipvfuture", text, span, tuple(out))
    if _IPV6.fullmatch(inner) is not None:
        return HostInfo("ipv6", text, span, tuple(out), v6_address(inner))
    if "%" in inner:
        # an IPv6address holds no "%": the first "%25" is where IPv6addrz's zone starts
        address, sep, zone = inner.partition("%25")
        zoned = bool(sep) and _IPV6.fullmatch(address) is not None and (
            _ZONE_ID.fullmatch(zone) is not None
        )
        out.append(
            Diagnostic(
                INVALID_IPV6,
                "error",
                span,
                f"{cite}: {quote(inner)} is not an IPv6address; the grammar has no zone identifier",
            )
        )
        out.append(
            Diagnostic(
                IPV6_ZONE_ID,
                "info",
                Span(span.start + 1 + inner.index("%"), span.end - 1),
                "RFC 6874 (2013) adds zone IDs as '%25' ZoneID after the"
                " address"
                + ("" if zoned else ", with the '%' encoded as '%25'")
                + "; it is an update to RFC 3986, not part of it",
            )
        )
        return HostInfo("ipv6", text, span, tuple(out))
    out.append(
        Diagnostic(
            INVALID_IPV6,
            "error",
            span,
            f"{cite}: {quote(inner)} is not an IPv6address (none of its nine forms"
            " matches: 8 groups of 1-4 hex digits, one '::', an IPv4 tail)",
        )
    )
    return HostInfo("ipv6", text, span, tuple(out))


def classify_host(
    host: Part, edition: Edition | str = Edition.RFC3986, *, has_authority: bool = True
) -> HostInfo:
    """Say what ``host`` is under ``edition`` and report what its grammar rejects.

    RFC 3986 §3.2.2 (IP-literal / IPv4address / reg-name); RFC 2396 §3.2.2 and
    draft-1997 §4.3.1 (hostname | IPv4address); draft-1993 BNF (hostname | hostnumber).
    ``has_authority=False`` skips the "a host is required" rule of draft-1993.
    """
    ed = edition if type(edition) is Edition else Edition(edition)  # Enum() is a call
    text, span = host.text, host.span
    cite = HOST_SECTION[ed]
    out: list[Diagnostic] = []
    if _HAS_IPV6[ed] and text.startswith("["):
        return _ip_literal(host, ed, out)
    if ed is Edition.RFC3986:
        if _IPV4.fullmatch(text):
            return HostInfo("ipv4", text, span, (), v4_address(text))
        budget = DiagnosticBudget()
        scan_component(
            text,
            Span(0, len(text)),
            _BAD_REG_NAME,
            what="a reg-name",
            cite=cite,
            edition=_NAMES[ed],
            budget=budget,
        )
        out = [_shifted(d, span.start) for d in budget.result()]
        if _IPV4_DIGITS.fullmatch(text):
            out.append(
                Diagnostic(
                    IPV4_LIKE_REG_NAME,
                    "warning",
                    span,
                    f"{cite}: {quote(text)} is not an IPv4address (each dec-octet is"
                    " 0-255), so it is a reg-name; resolvers may still read it"
                    " as an address",
                )
            )
        return HostInfo("reg-name", text, span, tuple(out))
    # editions before RFC 3986: hostname | IPv4address (| IPv6reference from draft-2003)
    if not _HAS_IPV6[ed] and ("[" in text or "]" in text):
        # One diagnostic per bracket, at most MAX_PER_CODE, then a count of the rest
        # (a megabyte of '[' must stay a bounded, linear answer; issue 13).
        budget = DiagnosticBudget()
        for m in _BRACKET.get().finditer(text):
            at = Span(span.start + m.start(), span.start + m.end())
            if budget.full(IPV6_NOT_IN_EDITION):
                rest = text.count("[", m.start()) + text.count("]", m.start())
                budget.omit(
                    IPV6_NOT_IN_EDITION, "error", at, rest, _BRACKET_CITE[ed].split(":")[0]
                )
                break
            budget.add(Diagnostic(IPV6_NOT_IN_EDITION, "error", at, _BRACKET_CITE[ed]))
        kind: HostKind = "ipv6" if text.startswith("[") else "reg-name"
        return HostInfo(kind, text, span, budget.result())
    v4 = _IPV4 if ed is Edition.DRAFT_2003 else _IPV4_DIGITS
    if v4.fullmatch(text):
        return HostInfo("ipv4", text, span, (), v4_address(text))
    if not text:
        if ed is Edition.DRAFT_1993 and has_authority:
            out.append(
                Diagnostic(
                    INVALID_HOST, "error", span, f"{cite}: hostport = host [ : port ] needs a host"
                )
            )
        return HostInfo("reg-name", text, span, tuple(out))
    if _HOSTNAME[ed].fullmatch(text):
        return HostInfo("reg-name", text, span, ())
    budget = DiagnosticBudget()
    bad = _BAD_HOST_1993 if ed is Edition.DRAFT_1993 else _BAD_HOSTNAME
    scan_component(
        text,
        Span(0, len(text)),
        bad,
        what="a hostname",
        cite=cite,
        edition=_NAMES[ed],
        budget=budget,
        percent_ok=ed is Edition.DRAFT_1993,
    )
    out = [_shifted(d, span.start) for d in budget.result()]
    if not any(d.severity == "error" for d in out):
        rule = {
            Edition.DRAFT_1993: "hostname ialpha [ . hostname ] starts each name with a letter",
        }.get(
            ed,
            "each label starts and ends with a letter or digit, the last label"
            " (toplabel) starts with a letter",
        )
        out.append(
            Diagnostic(
                INVALID_HOST,
                "error",
                span,
                f"{cite}: {quote(text)} is neither a hostname nor an IPv4address: {rule}",
            )
        )
    return HostInfo("reg-name", text, span, tuple(out))


def _shifted(d: Diagnostic, offset: int) -> Diagnostic:
    return Diagnostic(d.code, d.severity, d.span.shift(offset), d.message)
