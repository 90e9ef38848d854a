"""Percent-encoding tricks: escaped controls (draft-2003 §7.2) and double encoding.

``%0D%0A`` decodes to CR LF, which can add a header or a command line when a server
passes it on unescaped (§7.2: escaped delimiters of another protocol); ``%00`` ends C
strings early. ``%252e`` decodes once to ``%2e`` and only a second decoder sees ``.``;
split forms such as ``%%32%65`` (``%`` + ``%32`` ``2`` + ``%65`` ``e``) do the same.
Filters that decode once are walked past.
"""

from __future__ import annotations

import re

from uriinspector.core.findings.base import (
    DOUBLE_ENCODING,
    ESCAPED_CONTROL,
    Finding,
    FindingSeverity,
    show,
)
from uriinspector.core.findings.characters import component_at
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

# One escaped control: C0, DEL, or a C1 control as UTF-8 (%C2%80-%C2%9F).
_CONTROL = r"%(?:[01][0-9A-Fa-f]|7[Ff]|[Cc]2%[89][0-9A-Fa-f])"
# A run of them. Each branch of a pattern that a search tries at every position starts
# with the literal "%", so the regex engine skips to the next "%" in C: the same
# matches as "(?:%[01]X|%7F|%C2%[89]X)+" at a tenth of the cost on a 2 KB tracking
# link (``tests/core/test_findings_fast_scans.py`` compares the two).
_CONTROL_RUN = LazyPattern(rf"{_CONTROL}(?:{_CONTROL})*", reach=6)
# One hex digit written plainly or percent-encoded (%30-%39, %41-%46, %61-%66).
_HEX = r"(?:[0-9A-Fa-f]|%3[0-9]|%4[1-6]|%6[1-6])"
_ENC_HEX = r"(?:%3[0-9]|%4[1-6]|%6[1-6])"
# "%25" + two hex digits, or "%" + two hex digits of which at least one is encoded.
# reach: scanned in chunks over a long input (grammar.LazyPattern); at most 9 characters
# (The "%" is taken out in front of both branches, as in _CONTROL_RUN: the same
# matches as "%25XX|%(?:...)" written as two branches.)
_DOUBLE = LazyPattern(rf"%(?:25{_HEX}{_HEX}|{_ENC_HEX}{_HEX}|[0-9A-Fa-f]{_ENC_HEX})", reach=9)
_TRIPLE = LazyPattern(r"%([0-9A-Fa-f]{2})", reach=3)

_CONTROL_NAMES = {0x00: "NUL", 0x09: "TAB", 0x0A: "LF", 0x0D: "CR", 0x7F: "DEL", 0x08: "BS",
                  0x1B: "ESC", 0x0B: "VT", 0x0C: "FF"}


def _decode_once(text: str) -> str:
    return _TRIPLE.sub(lambda m: chr(int(m.group(1), 16)), text)


def detect_encoding(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """escaped-control and double-encoding findings."""
    text = ref.text
    if "%" not in text:
        return []
    out: list[Finding] = []
    for m in _CONTROL_RUN.finditer(text):
        octets = [int(t, 16) for t in _TRIPLE.findall(m.group(0))]
        names: list[str] = []
        for o in octets:
            if o == 0xC2:
                continue
            names.append(_CONTROL_NAMES.get(o, f"control 0x{o:02X}"))
        crlf = 0x0D in octets or 0x0A in octets
        nul = 0x00 in octets
        where = component_at(ref, m.start())
        severity: FindingSeverity = "danger" if crlf or nul else "warning"
        mail_body = ref.scheme is not None and ref.scheme.text.lower() == "mailto"
        if mail_body and where == "query" and not nul:
            # RFC 6068 §5: line breaks in a mailto body are written %0D%0A.
            severity = "info"
        if crlf:
            why = ("CR/LF can start a new header or protocol line when passed on "
                   "unescaped (response splitting, SMTP/telnet command injection)")
        elif nul:
            why = "NUL can cut the string short in C-based software (path or extension bypass)"
        else:
            why = "control characters have no place in an identifier"
        out.append(
            Finding(
                ESCAPED_CONTROL,
                severity,
                Span(m.start(), m.end()),
                f"{m.group(0)} in the {where} decodes to "
                f"{' '.join(names)}: {why} (draft-2003 §7.2).",
            )
        )
    hits: list[tuple[re.Match[str], str, str]] = []
    for m in _DOUBLE.finditer(text):
        evidence = m.group(0)
        if evidence.startswith("%25"):
            inner = evidence[3:]
            if "%" in inner:  # "%25%32%65": both layers at once
                inner = _decode_once(inner)
        else:
            inner_enc = evidence[1:]
            if "%" not in inner_enc:
                continue  # a plain %XX triple: ordinary single encoding
            inner = _decode_once(inner_enc)
        try:
            final = chr(int(inner, 16))
        except ValueError:
            continue
        hits.append((m, inner, final))
    for i, (m, inner, final) in enumerate(hits):
        where = component_at(ref, m.start())
        prev_end = hits[i - 1][0].end() if i > 0 else -1
        next_start = hits[i + 1][0].start() if i + 1 < len(hits) else -1
        next_dot = (next_start == m.end() and hits[i + 1][2] == ".") or _dot_at(text, m.end())
        prev_dot = (prev_end == m.start() and hits[i - 1][2] == ".") or _dot_before(
            text, m.start()
        )
        severity2: FindingSeverity = (
            "danger" if _reaches(final, where, next_dot or prev_dot) else "warning"
        )
        out.append(
            Finding(
                DOUBLE_ENCODING,
                severity2,
                Span(m.start(), m.end()),
                f"{m.group(0)} in the {where} is encoded twice: one decoding gives "
                f"%{inner.upper()}, a second gives '{show(final)}'. Filters that decode "
                "once miss it (RFC 3986 §2.4: never decode twice).",
            )
        )
    return out


def _dot_at(text: str, pos: int) -> bool:
    return text[pos : pos + 1] == "." or text[pos : pos + 3].lower() == "%2e"


def _dot_before(text: str, pos: int) -> bool:
    return text[pos - 1 : pos] == "." or (pos >= 3 and text[pos - 3 : pos].lower() == "%2e")


def _reaches(final: str, where: str, dot_neighbour: bool) -> bool:
    """Danger only where the twice-decoded character changes the reach of the link:
    ``..`` (path traversal), a new ``/`` in the path, a control, or the authority."""
    if where in ("host", "userinfo") or ord(final) < 0x20:
        return True
    if final in "/\\":
        return where == "path"
    return final == "." and dot_neighbour and where in ("path", "query")
