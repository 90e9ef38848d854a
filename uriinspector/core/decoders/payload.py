"""URLs inside a decoded payload: a ``data:`` page's form target, a base64 value's link.

A ``data:text/html;base64,...`` page is a whole phishing form in one link; what matters
is where its ``<form action>`` sends what is typed, and that is usually far past the
first lines a preview shows. :func:`urls_in` finds every absolute URL (and the
protocol-relative ones in HTML attributes) in decoded text, with its place and the
attribute it sits in; :func:`excerpt_keeping` shortens the text for a preview but
keeps those URLs whole. :func:`decode_base64_text` reads a base64 payload as text,
bounded. Nothing is rendered, run or fetched. Everything is linear in the input.
"""

from __future__ import annotations

import binascii
import re
from dataclasses import dataclass

__all__ = [
    "MAX_SCANNED",
    "MAX_URLS",
    "PayloadUrl",
    "decode_base64_text",
    "excerpt_keeping",
    "urls_in",
]

#: Decoded characters searched for URLs (a 1 MB page is searched in its first 256 K).
MAX_SCANNED = 1 << 18
#: URLs reported per payload.
MAX_URLS = 16
#: Longest URL kept whole; a longer one keeps its start (scheme and host) and is cut.
URL_SHOWN = 400

# An absolute URL a browser follows (RFC 3986 §3: scheme ":" then, for the web schemes,
# "//" authority; a backslash counts as a slash for browsers), or a script/data URL.
_ABSOLUTE = re.compile(
    r"(?i)(?<![A-Za-z0-9+.-])(?:(?:https?|ftps?|wss?):[/\\]{2}[^\s\"'<>`\\]"
    r"|(?:javascript|vbscript|data):)[^\s\"'<>`]*"
)
# A protocol-relative reference (RFC 3986 §4.2) as an HTML attribute's value.
_RELATIVE_ATTR = re.compile(
    r"(?i)\b(?:action|formaction|href|src|data|poster|background)\s*=\s*[\"']?(//[^\s\"'<>`]+)"
)
# The tag and attribute a URL is the value of: <form ... action="
_ATTR_BEFORE = re.compile(r"(?is)<\s*([a-z][a-z0-9-]*)\b[^<>]*?\b([a-z][a-z0-9-]*)\s*=\s*[\"']?\Z")
_TRAILING = ".,;:!?)]}"


@dataclass(frozen=True, slots=True)
class PayloadUrl:
    """A URL found in decoded text: ``start``/``end`` in code points of that text;
    ``attribute`` names where it sits (``<form action>``), None outside a tag."""

    url: str
    start: int
    end: int
    attribute: str | None

    @property
    def is_form_target(self) -> bool:
        """Whether a form sends what is typed into it to this URL."""
        return self.attribute in ("<form action>", "<button formaction>", "<input formaction>")


def _attribute(text: str, start: int) -> str | None:
    m = _ATTR_BEFORE.search(text, max(0, start - 300), start)
    return f"<{m.group(1).lower()} {m.group(2).lower()}>" if m else None


def urls_in(text: str) -> tuple[PayloadUrl, ...]:
    """Every URL in ``text`` (its first :data:`MAX_SCANNED` characters), in order,
    at most :data:`MAX_URLS`; never raises."""
    head = text[:MAX_SCANNED]
    if "//" not in head and ":" not in head:
        return ()
    found: dict[int, PayloadUrl] = {}
    for pattern, group in ((_ABSOLUTE, 0), (_RELATIVE_ATTR, 1)):
        for m in pattern.finditer(head):
            start, end = m.span(group)
            url = m.group(group)
            stripped = url.rstrip(_TRAILING)
            if "(" not in stripped:  # "f(https://x.example/)": the ")" closes the call
                end -= len(url) - len(stripped)
                url = stripped
            if len(url) < 8 or start in found:
                continue
            found[start] = PayloadUrl(url, start, end, _attribute(head, start))
            if len(found) >= MAX_URLS * 2:
                break
    return tuple(found[k] for k in sorted(found))[:MAX_URLS]


def excerpt_keeping(
    text: str, limit: int, urls: tuple[PayloadUrl, ...], context: int = 24
) -> str:
    """``text`` shortened to about ``limit`` characters for a preview, with every URL in
    ``urls`` kept visible (each with ``context`` characters around it; a URL longer
    than :data:`URL_SHOWN` keeps its start, where its host is). Cuts are marked "…"."""
    if len(text) <= limit:
        return text
    windows: list[tuple[int, int]] = []
    for u in urls:
        end = min(u.end, u.start + URL_SHOWN)
        lo, hi = max(0, u.start - context), min(len(text), end + context)
        if windows and lo <= windows[-1][1]:
            windows[-1] = (windows[-1][0], max(hi, windows[-1][1]))
        else:
            windows.append((lo, hi))
    kept = sum(hi - lo for lo, hi in windows)
    head_len = max(limit - kept, min(limit, 40))
    if windows and windows[0][0] <= head_len:  # the first window joins the head
        head_len = max(head_len, windows[0][1])
        windows = windows[1:]
    parts = [text[:head_len]]
    pos = head_len
    for lo, hi in windows:
        lo = max(lo, pos)
        if lo > pos:
            parts.append("…")
        parts.append(text[lo:hi])
        pos = hi
    if pos < len(text):
        parts.append("…")
    return "".join(parts)


_B64_JUNK = re.compile(rb"[^A-Za-z0-9+/]")


def decode_base64_text(data: str | bytes, limit: int = MAX_SCANNED) -> str | None:
    """The text a base64 (or base64url, RFC 4648 §4-5) payload holds, decoding at most
    about ``limit`` characters of it; None when it is not base64 of UTF-8 text (a
    binary payload: an image, random identifiers). Never raises."""
    raw = data.encode("ascii", "ignore") if isinstance(data, str) else data
    raw = raw[: limit + 4].replace(b"-", b"+").replace(b"_", b"/")
    body = _B64_JUNK.sub(b"", raw)
    body = body[: len(body) - len(body) % 4]
    if not body:
        return None
    try:
        decoded = binascii.a2b_base64(body)
    except (binascii.Error, ValueError):
        return None
    text = decoded.decode("utf-8", "replace")
    bad = text.count("\ufffd") + sum(1 for c in text[:4096] if c < " " and c not in "\t\r\n")
    if bad * 20 > min(len(text), 4096) + 1:  # more than ~5% noise: not text
        return None
    return text
