"""Decoding one carried value into the URL it holds: percent layers, base64, entities.

A carrier hands over its target as a parameter or path text. The text may be the URL
itself, percent-encoded once or twice (RFC 3986 §2.1), or base64/base64url (RFC 4648
§4-5). :func:`decode_value` tries those in that order and stops at the first form that
starts like a URL, so an already-readable URL keeps its own ``%XX`` escapes.
"""

from __future__ import annotations

import binascii
import html
from base64 import b64decode
from urllib.parse import unquote

from uriinspector.core.grammar import LazyPattern

#: Percent-decoding layers tried on one value (a third layer is already hostile).
MAX_PERCENT_LAYERS = 3

#: Longest value tried as base64 (a URL this long would not fit in a mail link anyway).
MAX_BASE64_CHARS = 65_536

#: A URL start: a web scheme with its slashes, or a scheme that runs code or data.
#: Leading C0 controls and spaces are allowed, as browsers strip them (URL Standard).
_URL_START = LazyPattern(
    r"(?i)[\x00-\x20]*(?:(?:https?|ftps?|wss?):[/\\]{2}[^/\\\s]"
    r"|(?:javascript|vbscript|data):)"
)
#: A protocol-relative reference to another host (``//evil.example``, ``/\evil``).
_PROTOCOL_RELATIVE = LazyPattern(r"(?:/[/\\]|\\\\)[^/\\\s]")

#: base64 of "http", "ftp:", "javascript" and "//" (the RFC 4648 §4 and §5 alphabets agree
#: on these first characters); a value must start with one to be tried.
_BASE64_STARTS = ("aHR0c", "ZnRwOi", "amF2YXNjcmlwd", "Ly9")
_BASE64_BODY = LazyPattern(r"[A-Za-z0-9+/_-]+={0,2}")


def looks_like_url(text: str) -> bool:
    """Whether ``text`` starts like an absolute URL a browser would follow."""
    return _URL_START.match(text) is not None


def is_protocol_relative(text: str) -> bool:
    """Whether ``text`` is a network-path reference (``//host/...``, RFC 3986 §4.2)."""
    return _PROTOCOL_RELATIVE.match(text) is not None


def percent_layers(text: str) -> tuple[str, int]:
    """Percent-decode ``text`` until it starts like a URL, at most three layers.

    Returns the decoded text and the number of layers taken (0 when it already starts
    like a URL or holds no ``%XX``). Invalid UTF-8 becomes U+FFFD, never an error.
    """
    layers = 0
    while layers < MAX_PERCENT_LAYERS and "%" in text and not looks_like_url(text):
        decoded = unquote(text, errors="replace")
        if decoded == text:
            break
        text = decoded
        layers += 1
    return text, layers


def base64_url(text: str) -> str | None:
    """The URL a base64 or base64url value holds, or None (never raises).

    Only values starting with the encoding of ``http``, ``ftp:``, ``javascript`` or
    ``//`` are tried; missing ``=`` padding is restored (RFC 4648 §3.2).
    """
    if not text.startswith(_BASE64_STARTS) or len(text) > MAX_BASE64_CHARS:
        return None
    if _BASE64_BODY.fullmatch(text) is None:
        return None
    body = text.rstrip("=").replace("-", "+").replace("_", "/")
    body += "=" * (-len(body) % 4)
    try:
        raw = b64decode(body, validate=True)
        decoded = raw.decode("utf-8")
    except (binascii.Error, ValueError):
        return None
    if not decoded.isprintable():
        return None
    if looks_like_url(decoded) or is_protocol_relative(decoded):
        return decoded
    return None


def decode_value(text: str) -> tuple[str, tuple[str, ...]] | None:
    """The URL a carried value holds and the decoding steps taken, or None.

    Steps are ``"percent"`` (one per layer) and ``"base64"``. The value is tried as a
    URL, then percent-decoded, then as base64 (raw or after percent-decoding, since
    ``=`` padding is often sent as ``%3D``).
    """
    if looks_like_url(text):
        return text, ()
    decoded, layers = percent_layers(text)
    steps = ("percent",) * layers
    if looks_like_url(decoded):
        return decoded, steps
    b64 = base64_url(decoded)
    if b64 is not None and looks_like_url(b64):
        return b64, (*steps, "base64")
    return None


def decode_param(text: str) -> tuple[str, tuple[str, ...]] | None:
    """Like :func:`decode_value` for a query parameter's value: the server that reads
    the parameter percent-decodes it once before it redirects (HTML §4.10.21.7
    urlencoded parsing, without its ``+``-as-space, which a URL keeps), so one layer is
    always taken; further layers only until the text starts like a URL."""
    if "%" not in text:
        return decode_value(text)
    once = unquote(text, errors="replace")
    found = decode_value(once)
    if found is None:
        return None
    url, steps = found
    return url, ("percent", *steps)


def decode_relative(text: str) -> tuple[str, tuple[str, ...]] | None:
    """Like :func:`decode_value` for a network-path reference (``//host``): the decoded
    reference and its steps, or None when the value is not one."""
    if is_protocol_relative(text):
        return text, ()
    decoded, layers = percent_layers(text)
    if layers and is_protocol_relative(decoded):
        return decoded, ("percent",) * layers
    return None


def unescape_entities(text: str) -> str:
    """HTML character references decoded (``&amp;`` → ``&``), as Proofpoint's v1 and v2
    decoders do after percent-decoding (the wrapped link came from HTML mail)."""
    return html.unescape(text) if "&" in text else text
