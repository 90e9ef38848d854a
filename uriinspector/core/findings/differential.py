"""Where RFC 3986 and a browser disagree about the same string (parser differentials).

A filter that reads a link by RFC 3986 (or by Python's ``urlsplit``) and a browser
that reads it by the WHATWG URL Standard can reach different hosts: the browser
takes ``\\`` for ``/`` (``http://a.com\\@b.com`` goes to a.com), deletes tabs and
newlines, repairs ``https:///evil.com`` and ``http:evil.com``; a reader that applies
NFKC first turns full-width ``＃`` and ``／`` into delimiters (CVE-2019-9636). Each
finding shows both readings. The browser's reading is ada-url's, never re-implemented.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

from uriinspector.core.domains import HOST_CACHE_SIZE
from uriinspector.core.findings.base import PARSER_DIFFERENTIAL, Finding, FindingSeverity, show
from uriinspector.core.findings.port import DEFAULT_PORTS
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.schemes import port_number
from uriinspector.core.spans import Span
from uriinspector.core.split import Segment, SplitReference, split
from uriinspector.core.whatwg import WhatwgReading, read_whatwg

SPECIAL = frozenset({"http", "https", "ws", "wss", "ftp", "file"})
_TAB_NL = LazyPattern(r"[\t\n\r]+", reach=1)
_EDGE = LazyPattern(r"^[\x00-\x20]+|[\x00-\x20]+$")
_DELIMS = "/?#@:\\["
_PLAIN_HOST = LazyPattern(r"^[a-z0-9-]+(?:\.[a-z0-9-]+)*\.?$")
_DOT_SEGMENT = LazyPattern(r"(?i)^(?:\.|%2e){1,2}$")


def _rfc_words(ref: SplitReference) -> str:
    if ref.authority is None:
        return f"RFC 3986 reads no authority and no host (the path is '{show(ref.path.text, 60)}')"
    parts = [f"host '{show(ref.host.text if ref.host else '', 60)}'"]
    if ref.userinfo is not None:
        parts.append(f"user name '{show(ref.userinfo.text, 60)}'")
    if ref.port is not None:
        parts.append(f"port '{show(ref.port.text)}'")
    parts.append(f"path '{show(ref.path.text, 60)}'")
    return "RFC 3986 reads " + ", ".join(parts)


def _web_words(web: WhatwgReading) -> str:
    if not web.valid:
        return f"a browser rejects the link ({web.error})"
    parts = [f"host '{show(web.hostname, 60)}'"]
    user = web.get("username") or ""
    if user:
        parts.append(f"user name '{show(user, 60)}'")
    port = web.get("port") or ""
    if port:
        parts.append(f"port '{port}'")
    parts.append(f"path '{show(web.get('pathname') or '', 60)}'")
    return "a browser (WHATWG URL Standard) reads " + ", ".join(parts)


def _browser_form(protocol: str, host: str) -> str | None:
    """The RFC host as a browser would write it alone (case, IDNA, IPv4 forms)."""
    if not host:
        return ""
    if host.isascii() and host.islower() and "%" not in host and not host[-1:].isdigit():
        return host if _PLAIN_HOST.match(host) else _slow_form(protocol, host)
    return _slow_form(protocol, host)


def _slow_form(protocol: str, host: str) -> str | None:
    """The host alone through the browser's parser; cached per host (bounded: 16,384
    hosts of at most 255 characters)."""
    if len(host) <= 255:
        return _slow_form_cached(protocol, host)
    return _slow_form_uncached(protocol, host)


def _slow_form_uncached(protocol: str, host: str) -> str | None:
    r = read_whatwg(f"{protocol}//{host}/")
    return r.hostname if r.valid else None


_slow_form_cached = lru_cache(maxsize=HOST_CACHE_SIZE)(_slow_form_uncached)


#: The special protocols :func:`silent` reads the host, user name and port of (the
#: rest of SPECIAL, ``file:``, is left to the full detector).
_HOSTED = frozenset({"http:", "https:", "ws:", "wss:", "ftp:"})


def silent(ref: SplitReference, web: WhatwgReading) -> bool:
    """True only when :func:`detect_differential` finds nothing, read off cheap tests,
    each a step's own condition for saying nothing: an ASCII link without ``\\``, tab,
    newline or edge space (steps 2-4) that is either not special for the browser (steps
    1, 2, 5 and 6 read only special links), or an http(s)/ws(s)/ftp link with no user
    name, port or ``%`` in its path whose plain lower-case host the browser keeps as
    written (steps 1, 5, 6), or one the browser rejects that names no host and has no
    ``%`` in its path (steps 1 and 6). Lets most links skip the family
    (``tests/core/test_family_gates.py``)."""
    text = ref.text
    if (
        not text.isascii()  # step 4 reads only a non-ASCII authority
        or "\\" in text  # step 2
        or "\t" in text or "\n" in text or "\r" in text  # step 3
        or text[:1] <= " " or text[-1:] <= " "  # step 3's edges
    ):
        return False
    if not web.valid:
        # step 1 speaks of a rejected link only when it names a host under a scheme
        named = ref.authority is not None and ref.host is not None and ref.host.text
        return not (named and ref.scheme is not None) and "%" not in ref.path.text
    protocol = web.get("protocol") or ""
    if protocol.rstrip(":").lower() not in SPECIAL:
        return True
    if (
        protocol not in _HOSTED
        or ref.userinfo is not None or ref.port is not None  # step 5
        or "%" in ref.path.text  # step 6
    ):
        return False
    host = ref.host
    if ref.authority is None or host is None:
        return False
    name = host.text
    # step 1: _browser_form's plain branch returns the host itself
    if (
        not name or name != web.hostname or not name.islower() or name[-1:].isdigit()
        or "%" in name or not _PLAIN_HOST.match(name)
    ):
        return False
    return not (web.get("username") or web.get("password"))  # step 5


def _readings(ref: SplitReference, web: WhatwgReading) -> str:
    return f"{_rfc_words(ref)}; {_web_words(web)}."


def detect_differential(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """parser-differential findings: host, userinfo, port and path disagreements."""
    text = ref.text
    out: list[Finding] = []
    protocol = (web.get("protocol") or "") if web.valid else ""
    scheme = protocol.rstrip(":").lower() or (ref.scheme.text.lower() if ref.scheme else "")
    special = scheme in SPECIAL
    auth_end = ref.authority.span.end if ref.authority is not None else (
        ref.scheme.span.end if ref.scheme is not None else 0
    )
    host_differs = False

    # 1. The host itself.
    rfc_host = ref.host.text if (ref.authority is not None and ref.host is not None) else ""
    web_host = web.hostname if web.valid else ""
    if web.valid and special and scheme != "file":
        expected = _browser_form(protocol, rfc_host)
        if web_host and (expected is None or expected.lower() != web_host.lower()):
            host_differs = True
            span = ref.authority.span if ref.authority is not None else ref.path.span
            if not rfc_host:
                lead = f"A browser goes to {show(web_host)}, which RFC 3986 does not read as a host"
            else:
                lead = f"A browser goes to {show(web_host)}, not to {show(rfc_host)}"
            out.append(
                Finding(PARSER_DIFFERENTIAL, "danger", span, f"{lead}: {_readings(ref, web)}")
            )
    elif not web.valid and rfc_host and ref.scheme is not None:
        out.append(
            Finding(
                PARSER_DIFFERENTIAL,
                "warning",
                ref.host.span if ref.host is not None else Span(0, len(text)),
                f"A browser does not open this link at all; RFC 3986 names the host "
                f"{show(rfc_host)}: {_readings(ref, web)}",
            )
        )

    # 2. Backslashes: a browser reads "\" as "/" in special URLs.
    pos = text.find("\\", 0, ref.path.span.end) if special else -1
    if pos != -1 and not host_differs:
        in_auth = pos < auth_end
        sev: FindingSeverity = "danger" if in_auth else "warning"
        out.append(
            Finding(
                PARSER_DIFFERENTIAL,
                sev,
                Span(pos, pos + 1),
                "A browser reads the backslash as '/', RFC 3986 as an ordinary (invalid) "
                f"character: {_readings(ref, web)}",
            )
        )

    # 3. Tabs and newlines anywhere: a browser deletes them before parsing.
    for m in _TAB_NL.finditer(text):
        in_auth = m.start() < auth_end
        sev2: FindingSeverity = "danger" if in_auth else "warning"
        out.append(
            Finding(
                PARSER_DIFFERENTIAL,
                sev2,
                Span(m.start(), m.end()),
                f"A browser silently deletes the {show(m.group(0))} here; RFC 3986 does not "
                f"allow it at all, so filters and people read a different string: "
                f"{_readings(ref, web)}",
            )
        )
        if len(out) > 20:
            break
    edge = _EDGE.search(text) if text[:1] <= " " or text[-1:] <= " " else None
    if edge is not None and not _TAB_NL.fullmatch(edge.group(0)):
        out.append(
            Finding(
                PARSER_DIFFERENTIAL,
                "info",
                Span(edge.start(), edge.end()),
                "A browser strips leading and trailing spaces and control characters; "
                "RFC 3986 does not allow them (Appendix C: delimit URIs in text).",
            )
        )

    # 4. Compatibility characters that NFKC turns into delimiters (CVE-2019-9636).
    if ref.authority is not None and not ref.authority.text.isascii():
        auth = ref.authority.text
        folded = unicodedata.normalize("NFKC", auth)
        if sum(folded.count(c) for c in _DELIMS) > sum(auth.count(c) for c in _DELIMS):
            nref = split(unicodedata.normalize("NFKC", text))
            nhost = nref.host.text if nref.host is not None else ""
            if nhost != unicodedata.normalize("NFKC", rfc_host):
                out.append(
                    Finding(
                        PARSER_DIFFERENTIAL,
                        "danger",
                        ref.authority.span,
                        "Full-width or compatibility characters become delimiters after "
                        f"NFKC normalization: such a reader (Python urlsplit before the "
                        f"CVE-2019-9636 fix, IDNA mapping) sees the host {show(nhost)}; "
                        f"{_readings(ref, web)}",
                    )
                )

    # 5. Userinfo and port, when the host agrees.
    if web.valid and special and not host_differs and ref.authority is not None:
        rfc_user = bool(ref.userinfo is not None and ref.userinfo.text)
        web_user = bool(web.get("username") or web.get("password"))
        if rfc_user != web_user:
            out.append(
                Finding(
                    PARSER_DIFFERENTIAL,
                    "warning",
                    ref.authority.span,
                    f"The two readings disagree about the user name: {_readings(ref, web)}",
                )
            )
        if ref.port is not None and ref.port.text.isascii() and ref.port.text.isdigit():
            rport = port_number(ref.port.text)
            wport_text = web.get("port") or ""
            wport = port_number(wport_text) if wport_text.isdigit() else DEFAULT_PORTS.get(scheme)
            if wport is not None and rport != wport:
                out.append(
                    Finding(
                        PARSER_DIFFERENTIAL,
                        "warning",
                        ref.port.span,
                        f"The two readings disagree about the port: {_readings(ref, web)}",
                    )
                )

    # 6. Encoded dot segments: a browser treats %2e%2e as "..", RFC 3986 §5.2.4 does not.
    if special:
        seg = encoded_dot_segment(ref)
        if seg is not None:
            out.append(
                Finding(
                    PARSER_DIFFERENTIAL,
                    "warning",
                    seg.span,
                    f"A browser treats '{seg.text}' as a dot segment and climbs the path "
                    f"(to '{show(web.get('pathname') or '', 60)}'); RFC 3986 §5.2.4 removes "
                    "only literal '.' and '..', so a server may see another resource.",
                )
            )
    return out


def encoded_dot_segment(ref: SplitReference) -> Segment | None:
    """The first path segment written as an encoded dot segment (``%2e``, ``.%2E``...),
    or None. Such a segment holds "%2e" or "%2E", so a path without either has none:
    most paths with a ``%`` stop there, before their segments are built (~5 µs a
    path; ``tests/core/test_findings_fast_scans.py`` compares it with the full loop)."""
    path = ref.path.text
    if "%2e" not in path and "%2E" not in path:
        return None
    for seg in ref.segments:
        if "%" in seg.text and _DOT_SEGMENT.match(seg.text):
            return seg
    return None
