"""Bidirectional controls and invisible characters, literal or percent-encoded.

A RIGHT-TO-LEFT OVERRIDE (U+202E) makes ``https://evil.com/‮fdp.exe`` display
reversed; zero-width characters make two different hosts look identical, or hide in a
host that a browser silently cleans (UTS #46 maps them away). Both are reported
wherever they stand, also as their UTF-8 percent-encoding (``%E2%80%AE``).
"""

from __future__ import annotations

import re

from uriinspector.core.findings.base import (
    BIDI_CONTROL,
    INVISIBLE_CHARACTER,
    Finding,
    FindingSeverity,
)
from uriinspector.core.grammar import LazyPattern
from uriinspector.core.hidden import marker
from uriinspector.core.spans import Span
from uriinspector.core.split import SplitReference
from uriinspector.core.whatwg import WhatwgReading

BIDI_CHARS: dict[str, str] = {
    "\u061c": "ARABIC LETTER MARK",
    "\u200e": "LEFT-TO-RIGHT MARK",
    "\u200f": "RIGHT-TO-LEFT MARK",
    "\u202a": "LEFT-TO-RIGHT EMBEDDING",
    "\u202b": "RIGHT-TO-LEFT EMBEDDING",
    "\u202c": "POP DIRECTIONAL FORMATTING",
    "\u202d": "LEFT-TO-RIGHT OVERRIDE",
    "\u202e": "RIGHT-TO-LEFT OVERRIDE",
    "\u2066": "LEFT-TO-RIGHT ISOLATE",
    "\u2067": "RIGHT-TO-LEFT ISOLATE",
    "\u2068": "FIRST STRONG ISOLATE",
    "\u2069": "POP DIRECTIONAL ISOLATE",
}

INVISIBLE_CHARS: dict[str, str] = {
    "\u00ad": "SOFT HYPHEN",
    "\u034f": "COMBINING GRAPHEME JOINER",
    "\u115f": "HANGUL CHOSEONG FILLER",
    "\u1160": "HANGUL JUNGSEONG FILLER",
    "\u17b4": "KHMER VOWEL INHERENT AQ",
    "\u17b5": "KHMER VOWEL INHERENT AA",
    "\u180e": "MONGOLIAN VOWEL SEPARATOR",
    "\u200b": "ZERO WIDTH SPACE",
    "\u200c": "ZERO WIDTH NON-JOINER",
    "\u200d": "ZERO WIDTH JOINER",
    "\u2060": "WORD JOINER",
    "\u2061": "FUNCTION APPLICATION",
    "\u2062": "INVISIBLE TIMES",
    "\u2063": "INVISIBLE SEPARATOR",
    "\u2064": "INVISIBLE PLUS",
    "\u206a": "INHIBIT SYMMETRIC SWAPPING",
    "\u206b": "ACTIVATE SYMMETRIC SWAPPING",
    "\u206c": "INHIBIT ARABIC FORM SHAPING",
    "\u206d": "ACTIVATE ARABIC FORM SHAPING",
    "\u206e": "NATIONAL DIGIT SHAPES",
    "\u206f": "NOMINAL DIGIT SHAPES",
    "\u3164": "HANGUL FILLER",
    "\ufeff": "ZERO WIDTH NO-BREAK SPACE (BOM)",
    "\uffa0": "HALFWIDTH HANGUL FILLER",
}


def _encoded(ch: str) -> str:
    return "".join(f"%{b:02X}" for b in ch.encode("utf-8"))


def _pattern(chars: dict[str, str], extra: str = "") -> LazyPattern:
    literal = "[" + "".join(re.escape(c) for c in chars) + extra + "]"
    encoded = "|".join(re.escape(_encoded(c)) for c in chars)
    return LazyPattern(f"(?:{literal}|(?i:{encoded}))+")


_BIDI = _pattern(BIDI_CHARS)
# Tag characters (U+E0000 block) and variation selectors are invisible too.
_INVISIBLE = _pattern(INVISIBLE_CHARS, "\U000e0000-\U000e007f\ufe00-\ufe0f")
# Cheap first pass: a literal format character, or the start of a UTF-8 escape whose
# lead octets could begin one of the sequences above; the full patterns run only there.
_CANDIDATE = LazyPattern(
    "["
    + "".join(re.escape(c) for c in (*BIDI_CHARS, *INVISIBLE_CHARS))
    + "\U000e0000-\U000e007f\ufe00-\ufe0f]"
    + "|(?i:%(?:E[123F]|D8|C2|CD|F3)%)",
    reach=5,  # scanned in chunks over a long input (grammar.LazyPattern)
)
#: :data:`_CANDIDATE` on an ASCII text: only its escape branch can match there (every
#: literal it lists is non-ASCII). Starting with the literal "%", it lets the regex
#: engine skip to the next "%" in C, where ``_CANDIDATE`` is tried at every position
#: (a tenth of the cost on a 2 KB tracking link; ``tests/core/test_findings_fast_scans.py``
#: compares the two).
_ASCII_CANDIDATE = LazyPattern("%(?i:E[123F]|D8|C2|CD|F3)%", reach=5)
_ENC_TRIPLE = LazyPattern(r"%[0-9A-Fa-f]{2}", reach=3)


def _names(evidence: str, table: dict[str, str]) -> str:
    out: list[str] = []
    pos = 0
    while pos < len(evidence):
        ch = evidence[pos]
        if ch == "%":
            # gather one UTF-8 sequence of triples
            m = _ENC_TRIPLE.match(evidence, pos)
            seq = b""
            while m is not None:
                seq += bytes.fromhex(m.group(0)[1:])
                pos = m.end()
                try:
                    char = seq.decode("utf-8")
                except UnicodeDecodeError:
                    m = _ENC_TRIPLE.match(evidence, pos)
                    continue
                name = table.get(char, "invisible")
                out.append(f"{marker(char)} {name} (as {_encoded(char)})")
                break
            else:
                pos += 1
        else:
            out.append(f"{marker(ch)} {table.get(ch, 'invisible format character')}")
            pos += 1
    return ", ".join(dict.fromkeys(out))


def component_at(ref: SplitReference, index: int) -> str:
    """The name of the component that contains code point ``index``."""
    for name, span in ref.component_spans():
        if span.start <= index < span.end:
            return name
    return "delimiters"


def detect_characters(ref: SplitReference, web: WhatwgReading) -> list[Finding]:
    """bidi-control (danger everywhere) and invisible-character (danger in the authority)."""
    text = ref.text
    out: list[Finding] = []
    ascii_only = text.isascii()
    if ascii_only and "%" not in text:
        return out
    auth = ref.authority.span if ref.authority is not None else None
    scheme = ref.scheme.span if ref.scheme is not None else None
    pos = 0
    candidates = _ASCII_CANDIDATE if ascii_only else _CANDIDATE
    for cand in candidates.finditer(text):
        at = cand.start()
        if at < pos:
            continue
        m = _BIDI.match(text, at)
        if m is not None:
            pos = m.end()
            out.append(_bidi_finding(ref, m))
            continue
        m = _INVISIBLE.match(text, at)
        if m is not None:
            pos = m.end()
            out.append(_invisible_finding(ref, m, auth, scheme))
    return out


def _bidi_finding(ref: SplitReference, m: re.Match[str]) -> Finding:
    where = component_at(ref, m.start())
    return Finding(
        BIDI_CONTROL,
        "danger",
        Span(m.start(), m.end()),
        f"A bidirectional control character in the {where}: "
        f"{_names(m.group(0), BIDI_CHARS)}. "
        "It reorders how the link is displayed, so what you read is not what "
        "the browser opens (Unicode UAX #9; CVE-2021-42574 'Trojan Source').",
    )


def _invisible_finding(
    ref: SplitReference, m: re.Match[str], auth: Span | None, scheme: Span | None
) -> Finding:
    where = component_at(ref, m.start())
    in_auth = (auth is not None and auth.start <= m.start() <= auth.end) or (
        scheme is not None and m.start() < scheme.end
    )
    severity: FindingSeverity = "danger" if in_auth else "warning"
    consequence = (
        "A browser drops it from the host (UTS #46 mapping), so two different-looking "
        "strings reach the same host and filters are evaded"
        if where == "host"
        else "It cannot be seen but changes the string"
    )
    return Finding(
        INVISIBLE_CHARACTER,
        severity,
        Span(m.start(), m.end()),
        f"An invisible character in the {where}: "
        f"{_names(m.group(0), INVISIBLE_CHARS)}. {consequence}.",
    )
