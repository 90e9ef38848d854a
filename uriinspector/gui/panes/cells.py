"""What cells say where a component has no value, and a span's cell, Qt-free (the row
builders use them).

RFC 3986 §5.3: an undefined component (its delimiter absent) and an empty one (the
delimiter present, nothing after it) are different, and look different.
"""

from __future__ import annotations

from typing import Protocol

UNDEFINED_TEXT = "— undefined"
EMPTY_TEXT = '"" (empty)'


class SpanLike(Protocol):
    """Anything with code-point ``start`` and ``end`` (the core's ``Span``)."""

    @property
    def start(self) -> int: ...

    @property
    def end(self) -> int: ...


def span_label(span: SpanLike | None) -> str:
    """A span as ``start–end`` (code points, end exclusive); blank when unknown."""
    if span is None:
        return ""
    return f"{span.start}–{span.end}"


def span_tuple(span: SpanLike | None) -> tuple[int, int] | None:
    """A span as a plain tuple, for storing in an item role."""
    if span is None:
        return None
    return (int(span.start), int(span.end))
