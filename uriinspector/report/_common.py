"""What the Markdown and HTML reports share: visible text, labels and table rows.

Hidden characters (controls, bidi controls, zero-width and other invisibles) are never
written into a report as themselves: they become ``⟨U+202E⟩`` chips, as in the window,
so no report can reorder or hide part of the URI it describes.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from uriinspector.core import hidden
from uriinspector.core.analysis import Analysis
from uriinspector.core.split import Part

#: Longest value written into a table cell; the rest is counted, not shown.
CELL_LIMIT = 2000
#: Longest URI painted in full at the top of a report.
URI_LIMIT = 100_000

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
    """Whether ``ch`` is shown as a chip rather than written as itself (``core/hidden.py``:
    the one table every output uses)."""
    return hidden.is_hidden(ch)


def chip(ch: str) -> str:
    """The visible stand-in of a hidden character: ``⟨U+202E⟩`` (``core/hidden.py``)."""
    return hidden.marker(ch)


def char_name(ch: str) -> str:
    """The name of ``ch``, or what it is when it has none (``core/hidden.py``)."""
    return hidden.hidden_name(ch)


def runs(text: str) -> Iterator[tuple[bool, str]]:
    """``text`` as ``(hidden, run)`` pieces: plain runs, and single hidden characters."""
    return hidden.hidden_runs(text)


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
