"""identifies-recipient: a link or tracking pixel that carries the reader's mail address.

Mail senders personalise each copy's links and images (``open.gif?u=jane.doe%40corp
.example``, ``/unsubscribe/amFuZS5kb2VAY29ycC5leGFtcGxl``): opening the link or loading
the image tells the sender that this address read the mail, and confirms the address
is alive. The finding is ``info``: it says what the link gives away, not that the link
is hostile. An address is looked for in each query value and path segment, written
plainly, percent-encoded (up to three layers, RFC 3986 §2.1) or in base64 (RFC 4648
§4-5); its domain must end in a suffix the Public Suffix List knows (or a reserved
``.example``/``.test``/``.invalid``), so ``logo@2x.png`` is not one. Not reported:
``mailto:`` links (the address is the point of them), an address in the userinfo
(``misleading-userinfo`` reads that), a Fediverse handle (``/@user@server.example``),
and the fields a mail gateway writes about its own recipient (Safe Links' ``data=``,
named by the destinations chain instead).
"""

from __future__ import annotations

import binascii
from binascii import a2b_base64
from functools import cache
from urllib.parse import unquote

from uriinspector.core.destinations.scan import host_of, scan_link
from uriinspector.core.destinations.table import rows_for_host, table
from uriinspector.core.domains import is_known_suffix
from uriinspector.core.findings.base import IDENTIFIES_RECIPIENT, Finding, show
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference, split
from uriinspector.core.whatwg import WhatwgReading

#: Schemes whose links a mail client or browser fetches (a tracking pixel or link).
_WEB = frozenset({"http", "https"})
#: Values read per link, and base64 values tried (bounds work on a 2 KB tracking URL).
MAX_VALUES = 256
MAX_BASE64 = 32
#: Longest value read as an address carrier (an address is at most 254 characters,
#: RFC 5321 §4.5.3.1.3; base64 of that ~340).
MAX_VALUE_CHARS = 1_024

# RFC 5322 §3.4.1 dot-atom local part, narrowed to the characters addresses use in
# practice (letters, digits, "_", "+", "-", dots between them: "=", "?" and "/" are
# atext too, but would swallow the query around a "u=jane@..."), then a dotted domain.
# The local part must not follow "@" or a local-part character (a handle's
# "@user@host").
_ADDRESS = LazyPattern(
    r"(?<![A-Za-z0-9._+@-])([A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*)"
    r"@((?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63})(?![A-Za-z0-9-])"
)
#: A base64 value long enough for an address ("jo@a.co" is 12 characters encoded),
#: with both letter cases, as base64 of text has (a plain word or id is not tried);
#: a pixel's file extension may follow (``/o/<base64>.gif``).
_BASE64 = LazyPattern(
    r"(?=[^a-z]*[a-z])(?=[^A-Z]*[A-Z])([A-Za-z0-9+/_-]{12,}(?:={0,2}|(?:%3[Dd]){0,2}))"
    r"(?:\.[A-Za-z0-9]{2,5})?"
)


#: Top-level names reserved for documentation and tests (RFC 2606 §2, RFC 6761 §6):
#: not on the Public Suffix List, but the addresses of every example and test mail.
_RESERVED_TLDS = frozenset({"example", "test", "invalid"})


def _address_in(text: str) -> str | None:
    """The first mail address in ``text`` whose domain has a known public suffix (or a
    reserved example one)."""
    if "@" not in text:
        return None
    for m in _ADDRESS.finditer(text):
        domain = m.group(2)
        if domain.rsplit(".", 1)[-1].lower() in _RESERVED_TLDS or is_known_suffix(domain):
            return m.group(0)
    return None


def _plain(raw: str) -> str:
    """``raw`` percent-decoded until no ``%XX`` is left (three layers at most)."""
    for _ in range(3):
        if "%" not in raw:
            break
        decoded = unquote(raw, errors="replace")
        if decoded == raw:
            break
        raw = decoded
    return raw


def _from_base64(raw: str) -> str | None:
    """The address a base64/base64url value holds, or None."""
    text = (raw.replace("%3D", "=").replace("%3d", "=") if "%" in raw else raw).rstrip("=")
    body = text.replace("-", "+").replace("_", "/")
    try:
        # b64decode(..., validate=True) is this call after an ASCII encode (a str of
        # the base64 alphabet is ASCII): the same bytes and errors, two calls fewer
        raw_bytes = a2b_base64(body + "=" * (-len(body) % 4), strict_mode=True)
        # no "@" byte, no address (UTF-8 never writes 0x40 inside another character):
        # most base64-looking ids stop here, before the decode
        if b"@" not in raw_bytes:
            return None
        decoded = raw_bytes.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    return _address_in(decoded) if decoded.isprintable() else None


class _Skip:
    """Whether a query key is a mail gateway's own recipient field (Safe Links'
    ``data``), the carrier rows looked up only when such a key turns up."""

    def __init__(self, ref: SplitReference) -> None:
        self.ref = ref
        self.names: frozenset[str] | None = None

    def __call__(self, key: str) -> bool:
        lower = key.lower()
        if lower not in _field_params():
            return False
        if self.names is None:
            self.names = _gateway_params(self.ref)
        return lower in self.names


@cache
def _field_params() -> frozenset[str]:
    """Every parameter a carrier row names fields in (``fields_param``)."""
    return frozenset(c.fields_param for c in table().carriers if c.fields_param is not None)


def _gateway_params(ref: SplitReference) -> frozenset[str]:
    """Parameters in which a mail gateway names its own recipient (Safe Links ``data``)."""
    host = host_of(ref)
    if not host:
        return frozenset()
    path = ref.path.text
    return frozenset(
        c.fields_param for c in rows_for_host(host)[0]
        if c.fields_param is not None and c.paths.fullmatch(path)
    )


#: A query piece whose value may be base64 of an address (12+ base64 characters).
#: (Anchored on the "=", the key found with ``rfind``: a pattern that matches the key
#: too backtracks over every short value, ~40 times slower on a 2 KB query.)
_B64_VALUE = LazyPattern(r"=([A-Za-z0-9+/_-]{12,}(?:%3[Dd]){0,2}={0,2})(?=&|$)")
#: Text that marks an address written plainly or percent-encoded once or twice.
_AT_MARKS = ("@", "%40", "%2540")


def _candidates(ref: SplitReference) -> list[tuple[str, str, int]]:
    """(key, or "" for a path segment, raw value, start) of each query value and path
    segment that may hold an address, in text order: one with "@" (or "%40",
    "%2540"), or one that may be base64. Found with ``str.find`` and one C-level regex
    scan, so a 2 KB tracking query of two hundred plain parameters costs microseconds."""
    found: dict[int, tuple[str, str, int]] = {}
    query = ref.query
    if query is not None and query.text:
        q, base = query.text, query.span.start
        skip = _Skip(ref)
        for mark in _AT_MARKS:
            i = q.find(mark)
            while i != -1 and len(found) < MAX_VALUES:
                lo = q.rfind("&", 0, i) + 1
                hi = q.find("&", i)
                hi = len(q) if hi == -1 else hi
                piece = q[lo:hi]
                eq = piece.find("=")
                key, value = ("?", piece) if eq == -1 else (piece[:eq], piece[eq + 1 :])
                if len(value) <= MAX_VALUE_CHARS and not skip(key):
                    found.setdefault(lo, (key, value, base + hi - len(value)))
                i = q.find(mark, hi)
        fields = _field_params()  # a key outside them is never skipped: no call
        tried = 0
        for m in _B64_VALUE.finditer(q):
            if tried >= MAX_BASE64:
                break
            tried += 1
            start = m.start()  # the "=", so the value starts one further
            lo = q.rfind("&", 0, start) + 1
            key = q[lo:start]
            if "=" in key:  # the "=" was inside a value ("a=b=<base64>"): not a piece start
                continue
            value = m.group(1)
            if len(value) <= MAX_VALUE_CHARS and (key.lower() not in fields or not skip(key)):
                found.setdefault(lo, (key, value, base + start + 1))
    out = [found[k] for k in sorted(found)]
    path = ref.path
    if len(path.text) >= 6:
        pos = path.span.start
        for segment in path.text.split("/")[:MAX_VALUES]:
            # a segment under 12 characters is read only for a mark (too short for
            # base64 of an address): a plain word is not listed at all
            size = len(segment)
            if 6 <= size <= MAX_VALUE_CHARS and (
                size >= 12 or "@" in segment or "%40" in segment or "%2540" in segment
            ):
                out.append(("", segment, pos))
            pos += size + 1
    return out


def _where(key: str) -> str:
    """The place of a value in plain words."""
    if not key:
        return "path segment"
    if key == "?":
        return "query"
    return f"query parameter '{show(_plain(key), 30)}'"


def may_hold_address(ref: SplitReference) -> bool:
    """False only when no query value or path segment of ``ref`` can hold an address,
    so :func:`first_address` is None: no ``@`` mark (:data:`_AT_MARKS`) in the path
    or query, and no upper-case letter there, which :data:`_BASE64` asks of a base64
    value (a lower-case value never has both cases). Most plain links stop here
    (``tests/core/test_family_gates.py`` proves it)."""
    for part in (ref.path, ref.query):
        if part is None:
            continue
        text = part.text
        if "@" in text or "%40" in text or "%2540" in text or text.lower() != text:
            return True
    return False


def first_address(ref: SplitReference) -> tuple[str, str, int, str, str] | None:
    """(key, raw value, start, address, how) of the first address in ``ref``'s query
    values and path segments, or None."""
    tries = 0
    base64_value = _BASE64.get().fullmatch  # once per link, not per value
    for key, raw, start in _candidates(ref):
        if "@" in raw or "%40" in raw or "%2540" in raw:
            plain = _plain(raw)
            if plain[:7].lower() == "mailto:":  # a wrapped mailto: link, not a tracker
                continue
            address = _address_in(plain)
            if address is not None:
                return key, raw, start, address, "" if "@" in raw else " (percent-encoded)"
        if tries < MAX_BASE64 and len(raw) >= 12:
            b64 = base64_value(raw)
            if b64 is not None:
                tries += 1
                address = _from_base64(b64.group(1))
                if address is not None:
                    return key, raw, start, address, " (base64-encoded)"
    return None


#: Wrapped URLs looked into (a gateway's encoding can hide the address: Proofpoint v2
#: writes "%40" as "-2540"), when decoded and holding an "@" or its escape.
MAX_WRAPPED = 4

_CONSEQUENCE = (
    "the link identifies the recipient, so opening it (or loading its image) tells the "
    "sender that this address read the mail."
)


def detect_recipient(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """identifies-recipient (info): the first mail address a web link carries in its
    query or path, plain, percent-encoded or base64, or in a URL it wraps."""
    scheme = ref.scheme
    if scheme is None or scheme.text.lower() not in _WEB:
        return []
    found = first_address(ref) if may_hold_address(ref) else None
    if found is not None:
        key, raw, start, address, how = found
        return [
            Finding(
                IDENTIFIES_RECIPIENT,
                "info",
                Span(start, start + len(raw)),
                f"The {_where(key)} holds the mail address {show(address, 120)}{how}: "
                + _CONSEQUENCE,
            )
        ]
    for carried in scan_link(ref).carried[:MAX_WRAPPED]:
        # a URL carried verbatim was read with the link itself; only a decoded one can
        # show an address the link's own text hides
        url = carried.url
        if not carried.decoding or not any(mark in url for mark in _AT_MARKS):
            continue
        inner = split(url)
        if inner.scheme is None or inner.scheme.text.lower() not in _WEB:
            continue
        nested = first_address(inner)
        if nested is not None:
            address = nested[3]
            return [
                Finding(
                    IDENTIFIES_RECIPIENT,
                    "info",
                    carried.region,
                    f"The URL this link wraps ({show(carried.url, 100)}) holds the mail "
                    f"address {show(address, 120)}: " + _CONSEQUENCE,
                )
            ]
    return []
