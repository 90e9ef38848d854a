"""URLs hidden in base64: a ``data:`` URI's payload, base64-looking query (and fragment)
values.

``data:text/html;base64,...`` carries a whole page whose ``<form action>`` sends a
password elsewhere; ``?state=eyJyZWRpcmVjdCI6Imh0dHBzOi8v...`` carries a JSON object
whose ``redirect`` is another site. Neither shows a URL to a reader or a filter. This
detector decodes such payloads (bounded: :data:`MAX_DECODED` characters, at most
:data:`MAX_VALUES` query values), finds each URL inside (``core.decoders.payload``)
and reports it as ``embedded-url`` with its place in the decoded text. Values that
already start as the base64 of a URL are left to ``findings.embedded`` (the
destinations scanner), so one URL is never reported twice.
"""

from __future__ import annotations

import re

from uriinspector.core.decoders.payload import (
    MAX_SCANNED,
    PayloadUrl,
    decode_base64_text,
    urls_in,
)
from uriinspector.core.destinations.scan import scan_link
from uriinspector.core.findings.base import EMBEDDED_URL, Finding, FindingSeverity, show
from uriinspector.core.spans import Span
from uriinspector.core.split import Part, SplitReference
from uriinspector.core.whatwg import WhatwgReading

__all__ = ["MAX_DECODED", "MAX_VALUES", "detect_payload", "silent"]

#: Decoded characters searched per payload.
MAX_DECODED = MAX_SCANNED
#: Query values decoded per link.
MAX_VALUES = 8
#: Findings per payload.
MAX_PER_PAYLOAD = 4

# A query value that looks like base64 (RFC 4648 §4 or §5): 16 or more characters of
# the alphabet, "=" padding (maybe percent-encoded) at the end only.
# (A leading "=" rather than a look-behind: the engine then skips to each "=" at once.)
_B64_VALUE = re.compile(r"=([A-Za-z0-9+/_-]{16,}(?:={1,2}|(?:%3[Dd]){1,2})?)(?=[&;#]|\Z)")
#: "//" in base64 at each of the three byte alignments (RFC 4648 §4 and §5 agree on
#: these characters): every URL the finder reports outside script schemes holds "//",
#: so a value without one of them (a random identifier) is never decoded.
_SLASHES_B64 = ("Ly", "8v", "vL")
_HOST = re.compile(r"(?i)^(?:[a-z][a-z0-9+.-]*:)?[/\\]{2}([^/\\?#\s:@]*@)?([^/\\?#\s:]+)")


def _host_of(url: str) -> str | None:
    m = _HOST.match(url)
    return m.group(2).lower() if m else None


def _severity(u: PayloadUrl, in_page: bool) -> FindingSeverity:
    script = u.url.lower().startswith(("javascript:", "vbscript:", "data:"))
    return "danger" if u.is_form_target or script or (in_page and u.attribute) else "warning"


def _finding(u: PayloadUrl, region: Span, where: str, in_page: bool) -> Finding:
    host = _host_of(u.url)
    place = f"at character {u.start:,} of the decoded text"
    if u.attribute:
        place += f", in a {u.attribute}"
    goes = f" It leads to {show(host)}." if host else ""
    form = (" A form there sends what is typed into it (a password) to that address."
            if u.is_form_target else "")
    message = (
        f"{where} is base64 and holds a URL {place}: {show(u.url, 200)}.{goes}{form} "
        "Base64 hides it from readers and filters."
    )
    return Finding(EMBEDDED_URL, _severity(u, in_page), region, message, nested_url=u.url)


def _data_payload(ref: SplitReference, after: int) -> list[Finding]:
    """RFC 2397 §2: ``data:`` [ mediatype ] [ ";base64" ] "," data."""
    text = ref.text
    comma = text.find(",", after)
    if comma == -1:
        return []
    header = text[after:comma].lower()
    if not header.rstrip().endswith(";base64"):
        return []
    end = text.find("#", comma)
    end = len(text) if end == -1 else end
    payload = text[comma + 1 : end]
    if "%" in payload[: MAX_DECODED * 2]:
        from urllib.parse import unquote

        payload = unquote(payload[: MAX_DECODED * 2], errors="replace")
    decoded = decode_base64_text(payload, MAX_DECODED * 4 // 3)
    if decoded is None:
        return []
    region = Span(comma + 1, end)
    in_page = "html" in header or "svg" in header
    return [_finding(u, region, "This data: URI's payload", in_page)
            for u in urls_in(decoded)[:MAX_PER_PAYLOAD]]


def _values(ref: SplitReference, part: Part | None, label: str) -> list[Finding]:
    """Each base64-looking ``key=value`` value of ``part`` (the query, or a fragment
    such as ``#state=...`` that a page's script reads) that holds a URL."""
    if part is None or "=" not in part.text:
        return []
    text = part.text
    # "Ly" and "vL" hold an "L": one memchr-speed search rules most queries out
    if "L" not in text and "8v" not in text:
        return []
    out: list[Finding] = []
    claimed: list[Span] | None = None
    for n, m in enumerate(_B64_VALUE.finditer(text)):
        if n >= MAX_VALUES:
            break
        value = m.group(1)
        if len(value) > MAX_DECODED or not any(mark in value for mark in _SLASHES_B64):
            continue
        decoded = decode_base64_text(value.replace("%3D", "=").replace("%3d", "="))
        if decoded is None or ("//" not in decoded and ":" not in decoded):
            continue
        region = Span(part.span.start + m.start(1), part.span.start + m.end(1))
        if claimed is None:
            claimed = [c.region for c in scan_link(ref).carried]
        if any(region.start < c.end and c.start < region.end for c in claimed):
            continue  # the destinations scanner reported it (a value that is a URL)
        key_start = max(text.rfind("&", 0, m.start(1)), text.rfind(";", 0, m.start(1))) + 1
        key = text[key_start : m.start(1) - 1]
        where = f"The {label} '{show(key, 30)}'"
        out += [_finding(u, region, where, False) for u in urls_in(decoded)[:MAX_PER_PAYLOAD]]
    return out


def silent(ref: SplitReference, web: WhatwgReading) -> bool:
    """True only when :func:`detect_payload` finds nothing: not a ``data:`` link, and no
    base64 of "//" (:data:`_SLASHES_B64`) anywhere in the link, so no query or fragment
    value (a part of the link's text) is decoded. Lets the family be skipped for most
    links (``tests/core/test_family_gates.py``)."""
    scheme = ref.scheme
    if scheme is not None and scheme.text.lower() == "data":
        return False
    text = ref.text
    return "Ly" not in text and "8v" not in text and "vL" not in text


def detect_payload(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """embedded-url for each URL inside a base64 data: payload or base64 query value."""
    scheme = ref.scheme
    if scheme is not None and scheme.text.lower() == "data":
        return _data_payload(ref, scheme.span.end + 1)
    found = _values(ref, ref.query, "query parameter")
    return found + _values(ref, ref.fragment, "fragment parameter")
