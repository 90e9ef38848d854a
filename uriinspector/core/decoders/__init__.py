"""Scheme-specific decoders: what the parts of an http, mailto, data, file, ftp,
gopher, news/nntp, telnet or urn URI mean for that scheme.

The generic split (``core.split``) says where the query or path is; a decoder says
what is *in* it: form-decoded query parameters, mail recipients, a data: payload, a
gopher item type, an ISBN with its checksum. Results are frozen trees of
``DecodedField`` the Components tree shows under a scheme section. Every span is in
code points of the original text. ``decode`` never raises.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

from uriinspector.core.spans import Span

# RFC 3986 §3.1   scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )
_SCHEME = re.compile(r"[A-Za-z][A-Za-z0-9+.-]*:")


@dataclass(frozen=True, slots=True)
class DecodedField:
    """One labelled, decoded value (with optional children) for the Components tree."""

    label: str
    value: str
    # code points into the original text (uriinspector.core.spans.Span)
    span: Span | None = None
    # plain-language explanation, cites the spec where relevant
    note: str | None = None
    # "tracking" | "invalid" | "checksum-ok" | "checksum-bad" | "guess" | "warning" | None
    flag: str | None = None
    children: tuple[DecodedField, ...] = ()


@dataclass(frozen=True, slots=True)
class SchemeDecoding:
    """A scheme decoder's answer: a titled list of fields, and a data: preview."""

    scheme: str
    title: str                        # e.g. "mailto: recipients and headers"
    fields: tuple[DecodedField, ...]
    preview: bytes | None = None      # data: payload bytes (capped, e.g. first 1 MB) for a preview
    preview_kind: str | None = None   # "text" | "image" | None
    preview_media_type: str | None = None


Decoder = Callable[[str], SchemeDecoding]


@cache
def decoders() -> dict[str, Decoder]:
    """Scheme (lower case) -> its decoder; imported on first use (no import cycle)."""
    from uriinspector.core.decoders.data_uri import decode_data
    from uriinspector.core.decoders.file_uri import decode_file
    from uriinspector.core.decoders.ftp import decode_ftp
    from uriinspector.core.decoders.gopher import decode_gopher
    from uriinspector.core.decoders.mailto import decode_mailto
    from uriinspector.core.decoders.news import decode_news, decode_nntp
    from uriinspector.core.decoders.telnet import decode_telnet
    from uriinspector.core.decoders.urn_namespaces import decode_urn
    from uriinspector.core.decoders.web import decode_http

    return {
        "http": decode_http,
        "https": decode_http,
        "mailto": decode_mailto,
        "data": decode_data,
        "file": decode_file,
        "ftp": decode_ftp,
        "gopher": decode_gopher,
        "news": decode_news,
        "nntp": decode_nntp,
        "telnet": decode_telnet,
        "urn": decode_urn,
    }


def scheme_of(text: str) -> str | None:
    """The scheme of ``text`` in lower case (RFC 3986 §3.1), or None."""
    m = _SCHEME.match(text)
    return m.group()[:-1].lower() if m else None


def decode(text: str) -> SchemeDecoding | None:
    """Dispatch on the scheme; None for schemes without a decoder; never raises.

    A decoder bug is reported as an "invalid" field rather than raised, because the
    window must keep working on any input; the tests call the decoders directly so
    such a bug still fails them.
    """
    scheme = scheme_of(text)
    if scheme is None:
        return None
    decoder = decoders().get(scheme)
    if decoder is None:
        return None
    try:
        return decoder(text)
    except Exception as exc:  # never raise out of the core
        return SchemeDecoding(
            scheme,
            f"{scheme}: could not be decoded",
            (DecodedField("Decoder error", type(exc).__name__, flag="invalid"),),
        )
