"""data: URIs (RFC 2397): media type, parameters, encoding, size and a safe preview.

RFC 2397 §2 (formal syntax)::

    dataurl    := "data:" [ mediatype ] [ ";base64" ] "," data
    mediatype  := [ type "/" subtype ] *( ";" parameter )

The media type defaults to ``text/plain;charset=US-ASCII``, and ``;charset=...``
alone means ``text/plain`` with that charset (§2). The payload is decoded to bytes
only: an image preview is raster bytes whose magic number is checked, a text preview
is text, and nothing is ever executed or loaded as HTML (SVG and HTML are text here).
Everything is linear in the input, for a 1 MB link.
"""

from __future__ import annotations

import binascii
import codecs
import re

from uriinspector.core.decoders import DecodedField, SchemeDecoding
from uriinspector.core.decoders.payload import (
    MAX_SCANNED,
    PayloadUrl,
    excerpt_keeping,
    urls_in,
)
from uriinspector.core.decoders.percent import has_broken_percent, percent_bytes, percent_decode
from uriinspector.core.spans import Span

#: At most this many decoded bytes are kept for the preview.
PREVIEW_LIMIT = 1 << 20
#: Characters of decoded text shown in the tree.
TEXT_SHOWN = 300

DEFAULT_MEDIA_TYPE = "text/plain;charset=US-ASCII"

#: Raster formats the preview may render, with the magic number that starts the file.
IMAGE_MAGIC: dict[str, tuple[bytes, ...]] = {
    "image/png": (b"\x89PNG\r\n\x1a\n",),  # PNG spec §5.2 signature
    "image/gif": (b"GIF87a", b"GIF89a"),  # GIF89a spec §17 header
    "image/jpeg": (b"\xff\xd8\xff",),  # JPEG SOI marker then a marker
    "image/webp": (b"RIFF",),  # RFC 9649 §2: "RIFF" size "WEBP"
    "image/bmp": (b"BM",),  # Windows bitmap file header
}
_ALIASES = {"image/jpg": "image/jpeg", "image/pjpeg": "image/jpeg", "image/x-ms-bmp": "image/bmp",
            "image/x-png": "image/png"}

# RFC 2045 §6.8 base64 alphabet, "=" padding at the end only.
_BASE64 = re.compile(rb"[A-Za-z0-9+/]*={0,2}")
_WHITESPACE = re.compile(rb"[\t\n\f\r ]+")
# RFC 2045 §5.1   token := 1*<any (US-ASCII) CHAR except SPACE, CTLs, or tspecials>
#: Python codecs that are not character sets a browser knows (IANA charsets only).
_PYTHON_ONLY_CODECS = frozenset(
    {"idna", "punycode", "unicode-escape", "raw-unicode-escape", "undefined", "mbcs", "oem"}
)
_TOKEN = re.compile(r"[!#$%&'*+\-.0-9A-Z^_`a-z{|}~]+")


def sniff_image(data: bytes) -> str | None:
    """The raster type ``data`` starts with (by magic number), or None."""
    for media, magics in IMAGE_MAGIC.items():
        for magic in magics:
            if data.startswith(magic):
                if media == "image/webp" and data[8:12] != b"WEBP":
                    continue
                return media
    return None


def _text_codec(charset: str) -> str | None:
    """The Python text codec for ``charset``, or None (bytes-to-bytes codecs refused)."""
    try:
        info = codecs.lookup(charset)
    except (LookupError, ValueError, TypeError):
        return None
    if not getattr(info, "_is_text_encoding", True) or info.name in _PYTHON_ONLY_CODECS:
        return None
    return info.name


def _decode_text(data: bytes, codec: str) -> str:
    """``data`` in ``codec`` with U+FFFD for bad bytes; UTF-8 if the codec fails anyway."""
    try:
        return data.decode(codec, "replace")
    except (UnicodeError, LookupError, ValueError, TypeError):
        return data.decode("utf-8", "replace")


def _decode_base64(data: bytes) -> tuple[bytes, str | None, str | None]:
    """Decode base64 octets; return the bytes, a problem note and its flag."""
    compact = _WHITESPACE.sub(b"", data)
    problem: str | None = None
    flag: str | None = None
    if _BASE64.fullmatch(compact) is None:
        if re.fullmatch(rb"[A-Za-z0-9\-_]*={0,2}", compact):
            problem = ('"-" and "_" are the URL-safe base64 alphabet (RFC 4648 §5), not the '
                       "base64 of RFC 2045 §6.8 that RFC 2397 uses")
            compact = compact.translate(bytes.maketrans(b"-_", b"+/"))
        else:
            problem = "characters outside the base64 alphabet (RFC 2045 §6.8) are skipped"
        flag = "invalid"
    elif len(compact) % 4:
        if len(compact.rstrip(b"=")) % 4 == 1:
            problem = "the length cannot be base64 (one character too many)"
            flag = "invalid"
        else:
            problem = ("padding \"=\" is missing (RFC 2045 §6.8 requires it; browsers "
                       "accept it, WHATWG forgiving-base64)")
            flag = "warning"
    if flag is not None:
        stripped = re.sub(rb"[^A-Za-z0-9+/]", b"", compact)
        usable = len(stripped) - (len(stripped) % 4 == 1)
        stripped = stripped[:usable]
        compact = stripped + b"=" * (-len(stripped) % 4)
    try:
        return binascii.a2b_base64(compact), problem, flag
    except (binascii.Error, ValueError):
        return b"", problem or "not base64", "invalid"


def _parse_parameters(
    header: str, start: int
) -> tuple[str | None, Span | None, list[tuple[str, Span]], bool, Span | None]:
    """Split ``header`` (between "data:" and ","): type, its span, params, base64 flag."""
    pieces: list[tuple[str, int]] = []
    pos = 0
    for piece in header.split(";"):
        pieces.append((piece, start + pos))
        pos += len(piece) + 1
    media, media_at = pieces[0]
    media_type = media if media else None
    media_span = Span(media_at, media_at + len(media)) if media else None
    rest = pieces[1:]
    base64 = False
    b64_span: Span | None = None
    if rest and rest[-1][0].lower() == "base64":
        base64 = True
        b64_span = Span(rest[-1][1], rest[-1][1] + 6)
        rest = rest[:-1]
    params = [(piece, Span(at, at + len(piece))) for piece, at in rest]
    return media_type, media_span, params, base64, b64_span


def _urls_field(urls: tuple[PayloadUrl, ...]) -> DecodedField:
    """The URLs a data: payload holds, each with its place and the tag it sits in."""
    children = []
    for n, u in enumerate(urls, start=1):
        where = f"At character {u.start:,} of the decoded text"
        if u.attribute:
            where += f", the {u.attribute} attribute"
        if u.is_form_target:
            where += ": what is typed into this form is sent there"
        children.append(DecodedField(f"URL {n}", u.url, None, where + ".",
                                     "warning" if u.is_form_target else None))
    forms = sum(u.is_form_target for u in urls)
    note = ("URLs the payload holds; a browser would load or send to them if it rendered "
            "the page." + (f" {forms} of them receive a form's input." if forms else ""))
    # the URLs themselves as the value: seen even with the branch closed
    value = " · ".join(u.url for u in urls[:3])
    if len(urls) > 3:
        value += f" (and {len(urls) - 3} more)"
    return DecodedField("URLs inside", value, None, note, "warning", tuple(children))


def decode_data(text: str) -> SchemeDecoding:
    """Decode a data: URI (RFC 2397); never executes or renders anything."""
    start = text.find(":") + 1
    hash_at = text.find("#", start)
    end = len(text) if hash_at == -1 else hash_at
    comma = text.find(",", start, end)
    fields: list[DecodedField] = []
    if comma == -1:
        fields.append(
            DecodedField(
                "Data",
                "(missing)",
                Span(start, end),
                'A data: URI needs a "," before its data (RFC 2397 §2).',
                "invalid",
            )
        )
        return SchemeDecoding("data", "data: media type and payload", tuple(fields))
    header = text[start:comma]
    media_raw, media_span, params, is_b64, b64_span = _parse_parameters(header, start)
    media_type = percent_decode(media_raw).text.strip().lower() if media_raw else None
    charset: str | None = None
    param_fields: list[DecodedField] = []
    for piece, span in params:
        eq = piece.find("=")
        if eq == -1:
            param_fields.append(
                DecodedField(piece or "(empty)", "", span,
                             'A parameter is attribute "=" value (RFC 2397 §2).', "invalid")
            )
            continue
        attr = percent_decode(piece[:eq]).text.strip()
        value = percent_decode(piece[eq + 1 :]).text.strip()
        note: str | None = None
        flag: str | None = None
        if attr.lower() == "charset":
            charset = value.strip('"')
            if _text_codec(charset) is None:
                note = f"Unknown character set {charset!r}; the preview reads it as UTF-8."
                flag = "warning"
        param_fields.append(DecodedField(attr, value, span, note, flag))
    if media_type is None:
        shown = "text/plain" + (f";charset={charset}" if charset else ";charset=US-ASCII")
        fields.append(
            DecodedField(
                "Media type",
                shown,
                None,
                "No media type given: it defaults to text/plain;charset=US-ASCII, and a "
                "charset parameter alone keeps text/plain (RFC 2397 §2).",
            )
        )
        media_type = "text/plain"
    else:
        note = None
        flag = None
        if "/" not in media_type or not all(
            _TOKEN.fullmatch(p) for p in media_type.split("/", 1)
        ):
            note = 'A media type is type "/" subtype (RFC 2397 §2, RFC 2045 §5.1).'
            flag = "invalid"
        fields.append(DecodedField("Media type", media_type, media_span, note, flag))
    if param_fields:
        fields.append(DecodedField("Parameters", str(len(param_fields)), None, None, None,
                                   tuple(param_fields)))
    if charset is None and media_type == "text/plain":
        charset = "US-ASCII"
    payload_span = Span(comma + 1, end)
    raw = text[comma + 1 : end]
    broken = has_broken_percent(raw)
    octets = percent_bytes(raw)
    problem: str | None = None
    flag = None
    if is_b64:
        data, problem, flag = _decode_base64(octets)
        fields.append(DecodedField("Encoding", "base64", b64_span,
                                   '";base64": the data is base64 (RFC 2397 §2, RFC 2045 §6.8).'))
    else:
        data = octets
        fields.append(DecodedField("Encoding", "percent-encoding", None,
                                   "Without \";base64\" the data is URL-encoded octets "
                                   "(RFC 2397 §2, RFC 3986 §2.1)."))
    if broken:
        note_b = 'A "%" not followed by two hex digits is kept as it is (RFC 3986 §2.1).'
        problem = f"{problem}; {note_b}" if problem else note_b
        flag = "invalid"
    size = len(data)
    fields.append(
        DecodedField(
            "Decoded size",
            f"{size:,} bytes",
            payload_span,
            (problem[0].upper() + problem[1:] + ".") if problem and not problem.endswith(".")
            else problem,
            flag,
        )
    )
    preview = data[:PREVIEW_LIMIT]
    kind: str | None = None
    media = _ALIASES.get(media_type, media_type)
    sniffed = sniff_image(preview)
    if media in IMAGE_MAGIC:
        if sniffed == media:
            kind = "image"
            fields.append(DecodedField(
                "Image", media, None,
                "The bytes start with the magic number of the declared type."))
        else:
            actual = sniffed or "not a known image format"
            fields.append(DecodedField(
                "Image", f"declared {media}, bytes say {actual}", None,
                "The magic number does not match the declared type: no image preview. A "
                "mismatch can hide one kind of file behind another.", "invalid"))
    elif media.startswith("text/") or media in ("image/svg+xml", "application/json",
                                                "application/xml", "application/javascript"):
        kind = "text"
        codec = _text_codec(charset or "utf-8") or "utf-8"
        whole = _decode_text(preview[: MAX_SCANNED * 4], codec)
        urls = urls_in(whole)
        # shortened for the tree, but never by cutting out a form's target (issue 15)
        shown = excerpt_keeping(whole, TEXT_SHOWN, urls)
        if size > len(preview) and not shown.endswith("…"):
            shown += "…"
        note = "Shown as text only; never run or rendered."
        if media in ("text/html", "image/svg+xml", "application/javascript", "text/javascript"):
            note = ("Active content (HTML, SVG or script): shown as escaped text only, never "
                    "rendered or run. data: URIs of this kind are used to hide phishing pages.")
        fields.append(DecodedField("Text", shown, None,
                                   note, "warning" if "Active" in note else None))
        if urls:
            fields.append(_urls_field(urls))
    elif sniffed is not None:
        fields.append(DecodedField(
            "Image", f"bytes say {sniffed}", None,
            f"The bytes are a {sniffed} image but the declared type is {media}.", "warning"))
    if hash_at != -1:
        fields.append(DecodedField("Fragment", text[hash_at + 1 :], Span(hash_at + 1, len(text)),
                                   "Not part of the data (RFC 3986 §3.5)."))
    return SchemeDecoding(
        "data",
        "data: media type and payload",
        tuple(fields),
        preview=preview,
        preview_kind=kind,
        preview_media_type=media,
    )
