"""IP-address hosts, and the rare IPv4 forms of draft-2003 §7.3.

``inet_aton()`` and the WHATWG IPv4 parser accept octal (``0300.0250.0.1``),
hexadecimal (``0x7f.1``), a single 32-bit number (``2130706433``) and 1-3 part dotted
forms. Filters that compare strings miss them and people misread them (``0127.0.0.1``
is 87.0.0.1, not loopback). The browser's own decoding comes from ada-url; for
schemes a browser does not treat as hierarchical the §7.3 rules are applied here.
"""

from __future__ import annotations

import ipaddress
import unicodedata
from functools import lru_cache

from uriinspector.core.domains import HOST_CACHE_SIZE
from uriinspector.core.findings.base import (
    IP_LITERAL_HOST,
    NONSTANDARD_IPV4,
    Finding,
    FindingSeverity,
    pct_decode,
    show,
)
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

_PART = LazyPattern(r"^(?:0[xX][0-9A-Fa-f]*|[0-9]+)$")
_OCTET = r"(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)"
_DOTTED_QUAD = LazyPattern(rf"^{_OCTET}(?:\.{_OCTET}){{3}}$")
_NUMERIC_LOOK = LazyPattern(r"^[0-9][0-9A-Fa-fxX.]*$")


def parse_ipv4(text: str) -> int | None:
    """Decode ``text`` with the §7.3 / WHATWG IPv4 number rules; None if not IPv4.

    Each part is hex after ``0x``, octal after a leading ``0``, else decimal; the last
    part fills the remaining bytes (draft-2003 §7.3, URL Standard "IPv4 parser").
    """
    if not text or len(text) > 64 or not text.isascii():
        return None
    parts = text.split(".")
    if len(parts) > 1 and parts[-1] == "":
        parts.pop()
    if not parts or len(parts) > 4:
        return None
    nums: list[int] = []
    for p in parts:
        if not _PART.match(p):
            return None
        if p[:2] in ("0x", "0X"):
            nums.append(int(p[2:], 16) if len(p) > 2 else 0)
        elif len(p) > 1 and p[0] == "0":
            if any(c in "89" for c in p):
                return None
            nums.append(int(p, 8))
        else:
            nums.append(int(p))
    if any(n > 255 for n in nums[:-1]):
        return None
    if nums[-1] >= 256 ** (5 - len(nums)):
        return None
    addr = nums[-1]
    for i, n in enumerate(nums[:-1]):
        addr += n << (8 * (3 - i))
    return addr


def describe_form(text: str) -> str:
    """Name the rare form(s) used: octal, hexadecimal, dword, short dotted..."""
    forms: list[str] = []
    if "%" in text:
        forms.append("percent-encoded")
    if not text.isascii():
        forms.append("with full-width or other non-ASCII digits")
    plain = unicodedata.normalize("NFKC", pct_decode(text))
    parts = [p for p in plain.split(".") if p]
    if any(p[:2].lower() == "0x" for p in parts):
        forms.append("in hexadecimal")
    if any(len(p) > 1 and p[0] == "0" and p[:2].lower() != "0x" for p in parts):
        forms.append("in octal")
    if len(parts) == 1:
        forms.append("as one 32-bit number (dword)")
    elif 1 < len(parts) < 4:
        forms.append(f"as a {len(parts)}-part dotted number")
    if plain.endswith("."):
        forms.append("with a trailing dot")
    return ", ".join(forms) or "in a non-standard form"


#: The two networks :func:`describe_address` names, parsed once (parsing them on each
#: call was ~half the cost of judging a new IP host).
_LINK_LOCAL = ipaddress.IPv4Network("169.254.0.0/16")
_THIS_NETWORK = ipaddress.IPv4Network("0.0.0.0/8")


def describe_address(addr: ipaddress.IPv4Address) -> str:
    """A plain note on what kind of address it is (loopback, private...)."""
    if addr.is_loopback:
        return "the loopback address (this very computer)"
    if addr in _LINK_LOCAL:
        return "a link-local address (169.254.169.254 is the cloud metadata service)"
    if addr in _THIS_NETWORK:
        return "an address in 0.0.0.0/8 (this host, on many systems)"
    if addr.is_private:
        return "a private network address"
    return "a public address"


def _loopback_trap(text: str, addr: ipaddress.IPv4Address) -> str:
    first = text.split(".")[0]
    if first.lstrip("0") == "127" and first != "127" and not addr.is_loopback:
        return f", not loopback: the leading 0 makes {first} an octal number"
    return ""


#: One finding's code, severity and message, its span left to the caller (the host's).
_Row = tuple[str, FindingSeverity, str]


def detect_ip_host(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """ip-literal-host for any IP host; nonstandard-ipv4 for the §7.3 rare forms."""
    host = ref.host
    if host is None or not host.text:
        return []
    text = host.text
    if text.startswith("["):
        rows = _v6_rows(text) if len(text) <= _CACHED_CHARS else _v6_rows_uncached(text)
    else:
        if web.valid and web.host_type == "ipv4":
            browser: str | None = web.hostname
        elif _NUMERIC_LOOK.match(text) and (
            "." in text.rstrip(".") or text[:1] == "0" or len(text) >= 8
        ):
            browser = None
        else:
            return []
        key = (text, browser)
        rows = _v4_rows(*key) if len(text) <= _CACHED_CHARS else _v4_rows_uncached(*key)
    return [Finding(code, severity, host.span, message) for code, severity, message in rows]


def _v6_rows_uncached(text: str) -> tuple[_Row, ...]:
    """The finding of a bracketed host (``[...]``): an IP literal, with a note on it."""
    inner = text[1:-1] if text.endswith("]") else text[1:]
    note = ""
    try:
        a6 = ipaddress.IPv6Address(inner.split("%", 1)[0])
        if a6.ipv4_mapped is not None:
            note = f" It is the IPv4 address {a6.ipv4_mapped} in IPv6 form."
        elif a6.is_loopback:
            note = " It is the loopback address (this very computer)."
    except ValueError:
        pass
    return ((
        IP_LITERAL_HOST,
        "warning",
        f"The host is the IP literal {show(text)}, not a name: nothing tells who "
        f"runs it (RFC 3986 §3.2.2).{note}",
    ),)


def _v4_rows_uncached(text: str, browser: str | None) -> tuple[_Row, ...]:
    """The findings of an IPv4-looking host: ``browser`` is the browser's IPv4 host
    name when it reads one, else None (the §7.3 rules are applied here)."""
    addr_int: int | None = None
    by_browser = False
    if browser is not None:
        try:
            addr_int = int(ipaddress.IPv4Address(browser))
            by_browser = True
        except ValueError:
            addr_int = None
    else:
        addr_int = parse_ipv4(text)
    if addr_int is None:
        return ()
    addr = ipaddress.IPv4Address(addr_int)
    kind = describe_address(addr)
    out: list[_Row] = []
    if not _DOTTED_QUAD.match(text):
        form = describe_form(text)
        who = "Browsers and inet_aton() read it so" if by_browser else "inet_aton() reads it so"
        sev: FindingSeverity = "danger" if by_browser else "warning"
        out.append((
            NONSTANDARD_IPV4,
            sev,
            f"The host is written {form}: {show(text)} is {addr}"
            f"{_loopback_trap(text, addr)} ({kind}). {who}; RFC 3986 allows only "
            "the dotted-decimal form (draft-2003 §7.3).",
        ))
    out.append((
        IP_LITERAL_HOST,
        "warning",
        f"The host is the IP address {addr}, {kind}, not a name: nothing tells who "
        "runs it (RFC 3986 §3.2.2).",
    ))
    return tuple(out)


#: IP hosts judged are kept (a mailbox repeats its few IP hosts; ``ipaddress`` and the
#: wording cost ~10-20 µs a host), up to this many, of at most this many characters.
_CACHED_CHARS = 255
_v6_rows = lru_cache(maxsize=HOST_CACHE_SIZE)(_v6_rows_uncached)
_v4_rows = lru_cache(maxsize=HOST_CACHE_SIZE)(_v4_rows_uncached)
