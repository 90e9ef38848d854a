"""The one table of hidden characters, and the one way every output shows them.

A character is *hidden* when a person cannot see it where it stands, or when it moves
the text around it: controls (C0, DEL, C1), format characters (bidi controls,
zero-width joiners, tags), lone surrogates, private-use and unassigned code points,
line and paragraph separators, every space but U+0020, and the characters Unicode
marks Default_Ignorable_Code_Point (fillers such as U+3164 HANGUL FILLER, variation
selectors) or that draw as a blank (U+2800 BRAILLE PATTERN BLANK).

Every output (the URI field's chips, finding messages, pane cells, HTML and Markdown
reports, the terminal) shows a hidden character as the same marker, ``⟨U+3164⟩``,
with its name available beside it (tooltip, ``title``, hover). Decide with
:func:`is_hidden`; show with :func:`marker` / :func:`reveal`; name with
:func:`hidden_name`.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator

__all__ = [
    "DEFAULT_IGNORABLE",
    "has_hidden",
    "hidden_name",
    "hidden_positions",
    "hidden_runs",
    "is_hidden",
    "marker",
    "quote",
    "reveal",
]

#: Default_Ignorable_Code_Point, as ``(first, last)`` ranges. Source: Unicode
#: DerivedCoreProperties.txt (Unicode 15.1.0, © Unicode, Inc., Unicode terms of use).
#: Most are format characters anyway; the ones Python calls printable (the Hangul
#: fillers, variation selectors, the combining grapheme joiner) are hidden because
#: they are listed here.
DEFAULT_IGNORABLE: tuple[tuple[int, int], ...] = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160),
    (0x17B4, 0x17B5), (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E),
    (0x2060, 0x206F), (0x3164, 0x3164), (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF),
    (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3), (0x1D173, 0x1D17A),
    (0xE0000, 0xE0FFF),
)

#: Not default-ignorable, yet drawn as an empty cell: U+2800 BRAILLE PATTERN BLANK
#: (a favourite stand-in for a space), and U+FFFC OBJECT REPLACEMENT CHARACTER (the
#: URI field's own placeholder, so every U+FFFC there is a chip).
BLANKS: tuple[int, ...] = (0x2800, 0xFFFC)

_EXTRA: frozenset[str] | None = None  # the table below, made on first use


def _extra() -> frozenset[str]:
    """The characters Python calls printable that are hidden all the same (~4,200: the
    tag block alone is 4,096). Made on first use, not at import: the GUI imports this
    module before its first paint and a plain ASCII URI never needs the table."""
    global _EXTRA
    if _EXTRA is None:
        _EXTRA = frozenset(
            [chr(c) for first, last in DEFAULT_IGNORABLE for c in range(first, last + 1)]
            + [chr(c) for c in BLANKS]
        )
    return _EXTRA


#: The names of the C0 controls and DEL (Unicode gives them none, only aliases).
_CONTROL_NAMES: tuple[str, ...] = (
    "NULL", "START OF HEADING", "START OF TEXT", "END OF TEXT", "END OF TRANSMISSION",
    "ENQUIRY", "ACKNOWLEDGE", "BELL", "BACKSPACE", "CHARACTER TABULATION", "LINE FEED",
    "LINE TABULATION", "FORM FEED", "CARRIAGE RETURN", "SHIFT OUT", "SHIFT IN",
    "DATA LINK ESCAPE", "DEVICE CONTROL ONE", "DEVICE CONTROL TWO", "DEVICE CONTROL THREE",
    "DEVICE CONTROL FOUR", "NEGATIVE ACKNOWLEDGE", "SYNCHRONOUS IDLE",
    "END OF TRANSMISSION BLOCK", "CANCEL", "END OF MEDIUM", "SUBSTITUTE", "ESCAPE",
    "INFORMATION SEPARATOR FOUR", "INFORMATION SEPARATOR THREE",
    "INFORMATION SEPARATOR TWO", "INFORMATION SEPARATOR ONE",
)


def is_hidden(ch: str) -> bool:
    """Whether the one character ``ch`` is shown as a marker instead of as itself.

    ``str.isprintable`` is false for Cc, Cf, Cs, Co, Cn, Zl, Zp and every space but
    U+0020; the table adds what Python calls printable but draws as nothing.
    """
    return not ch.isprintable() or ch in (_EXTRA or _extra())


def has_hidden(text: str) -> bool:
    """Whether any character of ``text`` is hidden (fast for the usual plain text)."""
    if text.isascii():
        return not text.isprintable()
    return not text.isprintable() or not (_EXTRA or _extra()).isdisjoint(text)


def hidden_positions(text: str, start: int = 0, end: int | None = None) -> Iterator[int]:
    """The indexes of the hidden characters of ``text[start:end]``, ascending."""
    stop = len(text) if end is None else min(end, len(text))
    if not has_hidden(text[start:stop]):
        return
    for i in range(max(0, start), stop):
        if is_hidden(text[i]):
            yield i


def marker(ch: str) -> str:
    """The visible stand-in of a hidden character: ``⟨U+3164⟩``."""
    return f"⟨U+{ord(ch):04X}⟩"


def hidden_name(ch: str) -> str:
    """The name of ``ch`` for a tooltip or a message: its Unicode name, a control's
    name, or what it is when it has none (a lone surrogate, an unassigned code point)."""
    code = ord(ch)
    if 0xD800 <= code <= 0xDFFF:
        return "lone surrogate"
    if code < 0x20:
        return _CONTROL_NAMES[code]
    if code == 0x7F:
        return "DELETE"
    name = unicodedata.name(ch, "")
    if name:
        return name
    category = unicodedata.category(ch)
    what = {
        "Cc": "control character",
        "Co": "private-use character",
        "Cn": "unassigned code point",
    }.get(category, "unnamed character")
    return f"{what} ({category})"


def hidden_runs(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` as ``(hidden, run)`` pieces: plain runs, and single hidden characters."""
    if not has_hidden(text):
        if text:
            yield False, text
        return
    start = 0
    for i, ch in enumerate(text):
        if is_hidden(ch):
            if i > start:
                yield False, text[start:i]
            yield True, ch
            start = i + 1
    if start < len(text):
        yield False, text[start:]


def reveal(text: str) -> str:
    """``text`` with every hidden character written as its marker (``⟨U+202E⟩``)."""
    if not has_hidden(text):
        return text
    return "".join(marker(run) if hidden else run for hidden, run in hidden_runs(text))


def quote(text: str) -> str:
    """``text`` quoted for a message, its hidden characters as markers: ``'a⟨U+001B⟩b'``
    (``repr`` would write ``'\\x1b'`` for some and leave U+3164 invisible)."""
    return f"'{reveal(text)}'"
