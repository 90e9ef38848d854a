"""Percent-decoding for the decoders: linear, never raising, honest about damage.

RFC 3986 §2.1: a percent-encoded octet is ``%`` and two hex digits; the octets of a
component are read as UTF-8 (RFC 3986 §2.5, RFC 3987). A ``%`` without two hex digits
is kept as it is, and bytes that are not UTF-8 become U+FFFD; both are reported, so a
decoder can flag the field instead of hiding the damage.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from urllib.parse import unquote, unquote_plus

from uriinspector.core.decoders import DecodedField
from uriinspector.core.spans import Span

# RFC 3986 §2.1   pct-encoded = "%" HEXDIG HEXDIG
_BROKEN = re.compile(r"%(?![0-9A-Fa-f]{2})")
#: The two hex digits of a triplet (as bytes) -> the octet they stand for.
_HEX_PAIRS: dict[bytes, int] = {
    f"{a}{b}".encode(): int(f"{a}{b}", 16)
    for a in "0123456789ABCDEFabcdef"
    for b in "0123456789ABCDEFabcdef"
}


@dataclass(frozen=True, slots=True)
class Decoded:
    """Decoded text, and whether a broken ``%`` or a non-UTF-8 byte was met."""

    text: str
    broken_percent: bool
    replaced: bool

    @property
    def damaged(self) -> bool:
        """Whether decoding had anything to report (broken or replaced)."""
        return self.broken_percent or self.replaced


def percent_bytes(text: str, *, plus_as_space: bool = False) -> bytes:
    """The octets ``text`` stands for: its UTF-8 with every ``%XX`` triplet decoded.

    Lone surrogates pass through as their (invalid) UTF-8 so nothing raises; with
    ``plus_as_space`` a ``+`` is a space (HTML form encoding, not RFC 3986).
    Linear: one split on ``%`` and one join.
    """
    raw = text.encode("utf-8", "surrogatepass")
    if plus_as_space:
        raw = raw.replace(b"+", b" ")
    if b"%" not in raw:
        return raw
    pieces = raw.split(b"%")
    out = bytearray(pieces[0])
    for piece in pieces[1:]:
        octet = _HEX_PAIRS.get(piece[:2])
        if octet is None:
            out += b"%"
            out += piece
        else:
            out.append(octet)
            out += piece[2:]
    return bytes(out)


def has_broken_percent(text: str) -> bool:
    """Whether a ``%`` is not followed by two hex digits (RFC 3986 §2.1)."""
    return _BROKEN.search(text) is not None


def utf8_text(data: bytes) -> tuple[str, bool]:
    """``data`` as UTF-8, bad bytes as U+FFFD; and whether any byte was replaced."""
    try:
        return data.decode("utf-8"), False
    except UnicodeDecodeError:
        return data.decode("utf-8", "replace"), True


def percent_decode(text: str, *, plus_as_space: bool = False) -> Decoded:
    """Percent-decode ``text`` as UTF-8 (RFC 3986 §2.1, §2.5), reporting damage."""
    if "%" not in text and not (plus_as_space and "+" in text):
        # Fast path; a lone surrogate in the input still counts as "replaced".
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            return Decoded(utf8_text(percent_bytes(text))[0], False, True)
        return Decoded(text, False, False)
    decoded, replaced = utf8_text(percent_bytes(text, plus_as_space=plus_as_space))
    return Decoded(decoded, has_broken_percent(text), replaced)


def damage_note(d: Decoded) -> str | None:
    """A sentence on what went wrong in decoding, or None."""
    notes: list[str] = []
    if d.broken_percent:
        notes.append(
            'a "%" not followed by two hex digits is kept as it is (RFC 3986 §2.1)'
        )
    if d.replaced:
        notes.append("bytes that are not UTF-8 are shown as U+FFFD (RFC 3986 §2.5)")
    if not notes:
        return None
    joined = "; ".join(notes)
    return joined[0].upper() + joined[1:] + "."


def shorten(text: str, limit: int = 1000) -> str:
    """``text`` cut to ``limit`` code points with an ellipsis, for a tree cell."""
    return text if len(text) <= limit else text[:limit] + "…"


def decoded_field(
    label: str,
    raw: str,
    span: Span | None,
    *,
    plus_as_space: bool = False,
    note: str | None = None,
    flag: str | None = None,
) -> DecodedField:
    """A field whose value is ``raw`` percent-decoded; damage adds a note and a flag.

    A broken ``%`` flags the field "invalid", a replaced byte "warning" (unless the
    caller already chose a flag, e.g. "tracking"); the raw text is quoted in the note
    when decoding changed it.
    """
    d = percent_decode(raw, plus_as_space=plus_as_space)
    notes = [note] if note else []
    if d.text != raw:
        notes.append(f"Written as {shorten(raw, 120)!r}.")
    damage = damage_note(d)
    if damage:
        notes.append(damage)
        if flag is None:
            flag = "invalid" if d.broken_percent else "warning"
    return DecodedField(label, shorten(d.text), span, " ".join(notes) or None, flag)


#: Schemes whose query a server reads as an HTML form (application/x-www-form-urlencoded,
#: WHATWG URL Standard §5.1: ``+`` is a space). Every other scheme's query is plain
#: percent-encoding (RFC 3986 §2.1): in ``javascript:``, ``mailto:`` or ``data:`` a
#: ``+`` is a plus sign, and showing it as a space hides what the script does.
FORM_QUERY_SCHEMES = frozenset({"http", "https", "ws", "wss"})


def form_encoded_query(scheme: str | None) -> bool:
    """Whether a query under ``scheme`` is form-encoded (``+`` is a space). A relative
    reference (no scheme) takes its base's, almost always a web page's: yes."""
    return scheme is None or scheme.lower() in FORM_QUERY_SCHEMES


def query_decode(text: str, scheme: str | None) -> str:
    """A query key or value as the scheme's reader sees it: form-decoded for web schemes,
    only percent-decoded for every other one (``javascript:a+b`` keeps its ``+``).
    Bytes that are not UTF-8 become U+FFFD; text outside ``%XX`` is kept as it is."""
    if form_encoded_query(scheme):
        return unquote_plus(text, errors="replace")
    return unquote(text, errors="replace") if "%" in text else text
