"""The ``Finding`` type and the stable finding codes shared by every detector.

A finding is what the window's warnings panel lists and the batch ``analyze`` answer
carries (shared/contract/batch-protocol.md): a stable code, a severity, the span of
the evidence in the input, and a plain sentence naming the evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal
from urllib.parse import unquote

from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span

FindingSeverity = Literal["danger", "warning", "info"]

MISLEADING_USERINFO = "misleading-userinfo"
CREDENTIALS_IN_USERINFO = "credentials-in-userinfo"
NONSTANDARD_IPV4 = "nonstandard-ipv4"
IP_LITERAL_HOST = "ip-literal-host"
NON_DEFAULT_PORT = "non-default-port"
MIXED_SCRIPT_HOST = "mixed-script-host"
CONFUSABLE_HOST = "confusable-host"
PUNYCODE_HOST = "punycode-host"
BIDI_CONTROL = "bidi-control"
INVISIBLE_CHARACTER = "invisible-character"
ESCAPED_CONTROL = "escaped-control"
DOUBLE_ENCODING = "double-encoding"
EMBEDDED_URL = "embedded-url"
DANGEROUS_SCHEME = "dangerous-scheme"
PARSER_DIFFERENTIAL = "parser-differential"
# protocol 1.1
LOOKALIKE_DOMAIN = "lookalike-domain"
BRAND_IN_SUBDOMAIN = "brand-in-subdomain"

#: Every code, in the contract's order.
CODES: tuple[str, ...] = (
    MISLEADING_USERINFO,
    CREDENTIALS_IN_USERINFO,
    NONSTANDARD_IPV4,
    IP_LITERAL_HOST,
    NON_DEFAULT_PORT,
    MIXED_SCRIPT_HOST,
    CONFUSABLE_HOST,
    PUNYCODE_HOST,
    BIDI_CONTROL,
    INVISIBLE_CHARACTER,
    ESCAPED_CONTROL,
    DOUBLE_ENCODING,
    EMBEDDED_URL,
    DANGEROUS_SCHEME,
    PARSER_DIFFERENTIAL,
    LOOKALIKE_DOMAIN,
    BRAND_IN_SUBDOMAIN,
)

SEVERITY_RANK: dict[str, int] = {"danger": 2, "warning": 1, "info": 0}


@dataclass(frozen=True, slots=True)
class Finding:
    """One suspicious thing in a link: code, severity, evidence span, plain sentence."""

    code: str
    severity: FindingSeverity
    span: Span
    message: str
    #: For ``embedded-url``: the nested URL, decoded by the destinations scanner (the
    #: same URL the destination chain names), for "Inspect this URL" (not in the
    #: contract's finding object, so ``to_json`` leaves it out).
    nested_url: str | None = None
    #: For ``lookalike-domain`` and ``brand-in-subdomain``: the well-known registrable
    #: domain imitated (contract 1.1, ``"imitates"``, present only when set).
    imitates: str | None = None

    def to_json(self) -> dict[str, object]:
        """The contract's finding object: code, severity, start, end, message, and
        ``imitates`` when the finding names an imitated domain (protocol 1.1, additive)."""
        out: dict[str, object] = {
            "code": self.code,
            "severity": self.severity,
            "start": self.span.start,
            "end": self.span.end,
            "message": self.message,
        }
        if self.imitates is not None:
            out["imitates"] = self.imitates
        return out


_PCT_RUN = LazyPattern(r"(?:%[0-9A-Fa-f]{2})+", reach=3)


def pct_decode(text: str) -> str:
    """Percent-decode valid ``%XX`` runs as UTF-8 (invalid bytes become U+FFFD)."""
    if "%" not in text:
        return text
    return unquote(text, errors="replace")


def show(text: str, limit: int = 80) -> str:
    """Quote evidence for a message: invisible and control characters made visible."""
    head = text[: limit + 1]
    if not _NEEDS_ESCAPE.search(head):
        return head[:limit] + "…" if len(text) > limit else head
    out = []
    for ch in text[: limit + 1]:
        o = ord(ch)
        if o < 0x20 or o == 0x7F or 0x80 <= o < 0xA0:
            out.append(f"<{o:02X}>")
        elif ch in _INVISIBLE_SHOW or 0xD800 <= o < 0xE000:
            out.append(f"<U+{o:04X}>")
        else:
            out.append(ch)
    s = "".join(out[:limit])
    return s + "…" if len(text) > limit else s


_NEEDS_ESCAPE = LazyPattern(
    "[\x00-\x1f\x7f-\x9f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e"
    "\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u206f\u3164\ufeff\uffa0"
    "\ud800-\udfff]"
)

#: Characters that render as nothing or reorder text (shown as <U+XXXX> in messages).
_INVISIBLE_SHOW = frozenset(
    "\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180e\u200b\u200c\u200d\u200e\u200f"
    "\u202a\u202b\u202c\u202d\u202e\u2060\u2061\u2062\u2063\u2064\u2066\u2067\u2068"
    "\u2069\u206a\u206b\u206c\u206d\u206e\u206f\u3164\ufeff\uffa0"
)
