"""Proofpoint URL Defense v2 and v3: the two formats that need more than percent-decoding.

v2 (``/v2/url?u=``) writes ``%`` as ``-`` and ``/`` as ``_``, so ``https-3A__host_path``
is ``https%3A//host/path``. v3 (``/v3/__URL__;BYTES!!...``) keeps the URL readable but
replaces each character that would not survive mail (``%``, ``#``, ``*`` itself...) by
``*``; ``BYTES`` is base64url of the replaced characters' UTF-8 bytes, in order. ``**``
followed by one character stands for a run of that many *bytes*: ``A``-``Z`` are 2-27,
``a``-``z`` 28-53, ``0``-``9`` 54-63, ``-`` 64 and ``_`` 65, so a two-byte "é" hidden
alone is ``**A``; a lone ``*`` is one character. Links whose runs count characters are
still read when the byte count does not fit. As in Proofpoint's own decoder, the URL is
percent-decoded first and the replacements are inserted after, so a replaced ``%2F``
stays escaped. Learnt from Proofpoint's documentation and public decoders; own code.
"""

from __future__ import annotations

import binascii
from base64 import urlsafe_b64decode
from dataclasses import dataclass
from string import ascii_lowercase, ascii_uppercase, digits
from urllib.parse import unquote

from uriinspector.core.destinations.values import unescape_entities
from uriinspector.core.grammar import LazyPattern

#: The run-length alphabet of ``**X`` tokens: X's position plus 2.
RUN_LENGTHS: dict[str, int] = {
    ch: i + 2 for i, ch in enumerate(ascii_uppercase + ascii_lowercase + digits + "-_")
}

_V2_TABLE = str.maketrans("-_", "%/")
_BYTES = LazyPattern(r"[A-Za-z0-9_-]*=*")


def decode_v2(value: str) -> str:
    """A v2 ``u=`` value decoded: ``-``→``%``, ``_``→``/``, percent-decoded, then
    HTML entities (Proofpoint decodes them too: the link came from HTML mail)."""
    return unescape_entities(unquote(value.translate(_V2_TABLE), errors="replace"))


@dataclass(frozen=True, slots=True)
class V3:
    """A decoded v3 link: the URL, where its text lies in the path, and what went wrong.

    ``start``/``end`` index the text given to :func:`decode_v3` (the ``URL`` between
    ``/v3/__`` and ``__;``). ``substituted`` says characters were put back from the
    bytes (then no span of the input holds the URL); ``percent`` that the text was
    percent-decoded first. ``problem`` is a plain sentence
    when the bytes are corrupt or too few; the URL is then decoded as far as possible.
    """

    url: str
    start: int
    end: int
    substituted: bool
    percent: bool
    problem: str | None


def decode_v3(text: str) -> V3 | None:
    """Decode the part of a v3 link after ``/v3/`` (``__URL__;BYTES!!…``), or None
    when it does not have that form. Never raises; corrupt bytes give a ``problem``."""
    if not text.startswith("__"):
        return None
    stop = text.find("__;", 2)
    if stop == -1:
        return None
    raw = text[2:stop]
    bang = text.find("!", stop + 3)
    encoded = text[stop + 3 :] if bang == -1 else text[stop + 3 : bang]
    problem: str | None = None
    try:
        if _BYTES.fullmatch(encoded) is None:  # b64decode would silently drop the rest
            raise ValueError(encoded)
        padded = encoded.rstrip("=")
        replacements = urlsafe_b64decode(padded + "=" * (-len(padded) % 4)).decode("utf-8")
    except (binascii.Error, ValueError):
        replacements = ""
        problem = (
            "The Proofpoint v3 link's replacement bytes are corrupt, so the characters "
            "it hid behind '*' cannot be put back: its destination is shown as far as it "
            "can be decoded."
        )
    url = unquote(raw, errors="replace") if "%" in raw else raw
    if "*" not in url:
        return V3(url, 2, stop, False, url != raw, problem)
    tokens = _tokens(url)
    rebuilt = _fill_bytes(tokens, replacements.encode("utf-8"))
    if rebuilt is None:
        rebuilt = _fill_characters(tokens, replacements)
    text, short = rebuilt
    if short and problem is None:
        problem = (
            "The Proofpoint v3 link has fewer replacement bytes than '*' marks, so it "
            "was altered or cut: its destination is shown as far as it can be decoded."
        )
    return V3(text, 2, stop, True, url != raw, problem)


#: One piece of a v3 URL's text: literal text (str), or a mark: ``(count, single)``
#: where ``single`` says a lone ``*`` (one character) rather than a ``**X`` run.
_Token = str | tuple[int, bool]


def _tokens(url: str) -> list[_Token]:
    """The URL text split into literal pieces and ``*`` / ``**X`` marks."""
    out: list[_Token] = []
    pos = 0
    while True:
        star = url.find("*", pos)
        if star == -1:
            out.append(url[pos:])
            return out
        out.append(url[pos:star])
        if url.startswith("**", star) and star + 2 < len(url) and url[star + 2] in RUN_LENGTHS:
            out.append((RUN_LENGTHS[url[star + 2]], False))
            pos = star + 3
        else:
            out.append((1, True))
            pos = star + 1


def _utf8_length(lead: int) -> int:
    """How many bytes the UTF-8 sequence starting with ``lead`` has (1 when invalid)."""
    return 4 if lead >= 0xF0 else 3 if lead >= 0xE0 else 2 if lead >= 0xC0 else 1


def _fill_bytes(tokens: list[_Token], data: bytes) -> tuple[str, bool] | None:
    """The URL with each ``**X`` run filled by X *bytes* of ``data`` and each lone
    ``*`` by one whole UTF-8 character, or None unless that uses up ``data``
    exactly and gives valid UTF-8.

    Proofpoint counts a run in bytes of the UTF-8 encoding (``**A`` is one two-byte
    "é"), so a run of non-ASCII characters is only rebuilt right this way; a lone
    ``*`` always stands for one character.
    """
    out = bytearray()
    used = 0
    for token in tokens:
        if isinstance(token, str):
            out += token.encode("utf-8", "surrogatepass")
            continue
        count, single = token
        if single and used < len(data):
            count = _utf8_length(data[used])
        if used + count > len(data):
            return None
        out += data[used : used + count]
        used += count
    if used != len(data):
        return None
    try:
        return out.decode("utf-8"), False
    except UnicodeDecodeError:
        return None


def _fill_characters(tokens: list[_Token], replacements: str) -> tuple[str, bool]:
    """The URL with each mark filled by that many *characters* of ``replacements``
    (the reading of older links whose runs count characters); missing ones stay
    ``*``. Returns the text and whether the replacements ran short."""
    out: list[str] = []
    used = 0
    short = False
    for token in tokens:
        if isinstance(token, str):
            out.append(token)
            continue
        count, _ = token
        chunk = replacements[used : used + count]
        used += count
        if len(chunk) < count:
            short = True
            chunk += "*" * (count - len(chunk))
        out.append(chunk)
    return "".join(out), short
