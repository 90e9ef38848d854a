"""Scheme-specific decoders: what the parts of an http, mailto, data, file, ftp,
gopher, news/nntp, telnet or urn URI mean for that scheme.

The generic split (``core.split``) says where the query or path is; a decoder says
what is *in* it: form-decoded query parameters, mail recipients, a data: payload, a
gopher item type, an ISBN with its checksum. Results are frozen trees of
``DecodedField`` the Components tree shows under a scheme section. Every span is in
code points of the original text. ``decode`` never raises.
"""

from __future__ import annotations

from dataclasses import dataclass

from uriinspector.core.spans import Span


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


def decode(text: str) -> SchemeDecoding | None:
    """Dispatch on the scheme; None for schemes without a decoder; never raises."""
    return None
