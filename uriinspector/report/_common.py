"""What the Markdown and HTML reports share: visible text, labels and table rows.

Hidden characters (controls, bidi controls, zero-width and other invisibles) are never
written into a report as themselves: they become ``⟨U+202E⟩`` chips, as in the window,
so no report can reorder or hide part of the URI it describes.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass

from uriinspector.core.analysis import Analysis
from uriinspector.core.split import Part

#: Longest value written into a table cell; the rest is counted, not shown.
CELL_LIMIT = 2000
#: Longest URI painted in full at the top of a report.
URI_LIMIT = 100_000

# Printable by str.isprintable() yet drawn as nothing (default-ignorable fillers,
# variation selectors, the combining grapheme joiner), plus U+FFFC: chips as well.
_EXTRA_HIDDEN = frozenset(
    "\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0\ufffc"
    + "".join(chr(c) for c in range(0xFE00, 0xFE10))
    + "".join(chr(c) for c in range(0xE0100, 0xE01F0))
)

#: The verdict in words. No sign glyph: U+26D4 is in no font a fresh Debian has (the
#: HTML report draws the icons of ``resources/icons`` inline; Markdown has the word).
VERDICT_LABELS: dict[str, str] = {
    "danger": "Danger",
    "caution": "Caution",
    "nothing-notable": "Nothing notable found",
}

COMPONENT_NAMES: tuple[str, ...] = (
    "scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"
)


def is_hidden(ch: str) -> bool:
    """Whether ``ch`` is shown as a chip rather than written as itself.

    ``str.isprintable`` is false for Cc, Cf, Cs, Co, Cn, Zl, Zp and every space but
    U+0020: exactly the characters that render as nothing or move text.
    """
    return not ch.isprintable() or ch in _EXTRA_HIDDEN


def chip(ch: str) -> str:
    """The visible stand-in of a hidden character: ``⟨U+202E⟩``."""
    return f"⟨U+{ord(ch):04X}⟩"


def char_name(ch: str) -> str:
    """The Unicode name of ``ch``, or what it is when it has none."""
    if "\ud800" <= ch <= "\udfff":
        return "lone surrogate"
    return unicodedata.name(ch, "") or f"unnamed ({unicodedata.category(ch)})"


def runs(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` as ``(hidden, run)`` pieces: plain runs, and single hidden characters."""
    if text.isprintable() and not any(c in _EXTRA_HIDDEN for c in text):
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


def visible(text: str, limit: int = CELL_LIMIT) -> str:
    """``text`` with hidden characters as chips, cut at ``limit`` code points."""
    head = text[:limit]
    shown = "".join(chip(r) if hidden else r for hidden, r in runs(head))
    if len(text) > limit:
        shown += f"… ({len(text) - limit:,} more characters)"
    return shown


@dataclass(frozen=True, slots=True)
class ComponentRow:
    """One row of the components table: ``value`` is None when undefined."""

    name: str
    value: str | None
    start: int | None
    end: int | None


def component_rows(a: Analysis) -> list[ComponentRow]:
    """Every component of the generic split (RFC 3986 §3), defined or not, in order."""
    split = a.parsed.split
    rows: list[ComponentRow] = []
    for name in COMPONENT_NAMES:
        part: Part | None = getattr(split, name)
        if part is None:
            rows.append(ComponentRow(name, None, None, None))
        else:
            rows.append(ComponentRow(name, part.text, part.span.start, part.span.end))
    return rows


def excerpt(text: str, start: int, end: int, context: int = 40) -> tuple[str, str, str, bool, bool]:
    """``(before, inside, after, cut_before, cut_after)`` around ``text[start:end]``."""
    lo = max(0, start - context)
    hi = min(len(text), end + context)
    inside = text[start:end]
    if len(inside) > 2 * context:
        inside = inside[:context] + "…" + inside[-context:]
    return text[lo:start], inside, text[end:hi], lo > 0, hi < len(text)
