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
from uriinspector.core.hidden import reveal
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
# issue 21 (info; not in the contract's list, which says "at least")
IDENTIFIES_RECIPIENT = "identifies-recipient"

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
    IDENTIFIES_RECIPIENT,
)

SEVERITY_RANK: dict[str, int] = {"danger": 2, "warning": 1, "info": 0}


@dataclass(frozen=True, slots=True)
class ForeignLetter:
    """A letter of another script that reads as a Latin letter or digit in a host.

    ``span`` is in code points of the input: the letter itself, or the whole label that
    encodes it when it is not written literally (``xn--`` punycode, ``%XX`` escapes).
    UTS #39 confusables decide what it looks like.
    """

    char: str
    span: Span
    name: str  # CYRILLIC SMALL LETTER A
    looks_like: str  # a
    looks_like_name: str  # LATIN SMALL LETTER A
    literal: bool  # the letter stands in the input at ``span`` (not encoded)

    def describe(self) -> str:
        """``the `а` is CYRILLIC SMALL LETTER A, looks like LATIN SMALL LETTER A``."""
        return f"the `{show(self.char)}` is {self.name}, looks like {self.looks_like_name}"


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
    #: For ``confusable-host``: each foreign letter that reads as a Latin one, with its
    #: span, for the URI field to mark (not in the contract's finding object).
    letters: tuple[ForeignLetter, ...] = ()

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
    """Quote evidence for a message: hidden characters as their ``⟨U+XXXX⟩`` marker
    (``core/hidden.py``, the same marker every output uses), cut at ``limit``."""
    head = reveal(text[:limit])
    return head + "…" if len(text) > limit else head
