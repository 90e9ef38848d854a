"""Spans: half-open ranges of code points into the analysed string.

Every offset in the core is a Python ``str`` index (a Unicode code point), ``end``
exclusive, as the batch contract says. The GUI converts to UTF-16 in one place.
"""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass


@dataclass(frozen=True, slots=True, order=True)
class Span:
    """A half-open range ``[start, end)`` of code points."""

    start: int
    end: int

    def __post_init__(self) -> None:
        if self.start < 0 or self.end < self.start:
            raise ValueError(f"bad span [{self.start}, {self.end})")

    def __len__(self) -> int:
        return self.end - self.start

    def __reduce__(self) -> tuple[type[Span], tuple[int, int]]:
        """Pickled as ``Span(start, end)`` (a mypyc build, make compiled, cannot restore a
        frozen dataclass's slots the default way)."""
        return (Span, (self.start, self.end))

    def of(self, text: str) -> str:
        """Return the substring of ``text`` this span covers."""
        return text[self.start : self.end]

    def shift(self, offset: int) -> Span:
        """Return this span moved right by ``offset`` code points."""
        return Span(self.start + offset, self.end + offset)

    def contains(self, index: int) -> bool:
        """Whether code point ``index`` lies inside the span."""
        return self.start <= index < self.end

    def overlaps(self, other: Span) -> bool:
        """Whether two spans share at least one code point."""
        return self.start < other.end and other.start < self.end

    def to_json(self) -> dict[str, int]:
        """The contract's ``start``/``end`` pair."""
        return {"start": self.start, "end": self.end}


# The class's own __new__ and vars(): object.__new__ and __dict__ in CPython, and what a
# mypyc build of this module (make compiled) accepts, where object.__new__ refuses the class
_new = Span.__new__
_set_start = vars(Span)["start"].__set__
_set_end = vars(Span)["end"].__set__


def trusted_span(start: int, end: int) -> Span:
    """A :class:`Span` built without the ``__post_init__`` check, about 2.5× faster.

    Only for offsets the core computed itself and knows to satisfy ``0 <= start <= end``
    (match positions, ``find`` results); the splitter makes one per component, segment
    and query parameter, so on long inputs the check dominated. Equal to ``Span(start, end)``.
    """
    span = _new(Span)
    _set_start(span, start)
    _set_end(span, end)
    return span


#: Offsets below this get one shared :class:`Span` per ``(start, end)`` pair
#: (:func:`shared_span`): most references are short, and a parse whose spans are read
#: built a span per component (at most 8,256 spans, about 0.5 MB).
SHARED_BELOW = 128
#: The shared spans, ``SHARED_SPANS[start][end]`` (``None`` until first made; a row per
#: start, since two list indexings cost less than computing one flat index); read
#: through :func:`shared_span`, or directly by a loop that cannot afford the call.
SHARED_SPANS: list[list[Span | None]] = [[None] * SHARED_BELOW for _ in range(SHARED_BELOW)]


def shared_span(start: int, end: int) -> Span:
    """``trusted_span(start, end)``, one shared object per pair below :data:`SHARED_BELOW`
    (a span is immutable and nothing compares spans by identity)."""
    if end >= SHARED_BELOW:
        return trusted_span(start, end)
    row = SHARED_SPANS[start]
    span = row[end]
    if span is None:
        span = row[end] = trusted_span(start, end)
    return span


#: Below this many new objects a collection pause is not worth its two calls.
GC_PAUSE_MIN = 20_000


@contextmanager
def gc_paused(count: int) -> Iterator[None]:
    """Pause the cyclic garbage collector while ``count`` (>= :data:`GC_PAUSE_MIN`)
    small objects are built: they hold no cycles, yet every 700 allocations trigger a
    collection that rescans them, which made 10^6 of them 3× slower and the 1 MB time
    super-linear. The previous state is restored (a caller's own pause is kept)."""
    if count < GC_PAUSE_MIN or not gc.isenabled():
        yield
        return
    gc.disable()
    try:
        yield
    finally:
        gc.enable()
