"""What one document may cost: bytes, parts, links, decoded pixels and time (issue 20).

A hostile mail must neither exhaust the machine nor hide a link behind its cost. Each
reader of a document gets one :class:`Budget`, made from a :class:`Limits` value and
passed down the walk; every part asks it before spending, and crossing a limit is a
:class:`~uriinspector.sources.model.Problem` naming the limit and the part, while
everything read before it stays listed. The limits are listed in the README ("Limits")
and in docs/robustness.md.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from uriinspector.sources.model import Problem

#: Characters kept of one header field (RFC 5322 §2.1.1 asks for lines under 998
#: characters; a DKIM or ARC field folds to a few thousand, a To: of 300 people to
#: about 16,000). Longer ones are cut before anything parses them.
MAX_HEADER_CHARS: Final = 16_384
#: Characters of one mail's Subject shown (decoded from RFC 2047 encoded words).
MAX_SUBJECT_CHARS: Final = 300


@dataclass(frozen=True, slots=True)
class Limits:
    """The most one document may use; the defaults are the README's "Limits" table."""

    #: MIME parts (leaves) read from one mail.
    parts: int = 1_000
    #: Links listed from one document.
    links: int = 10_000
    #: Characters of one text or HTML part searched for links.
    part_chars: int = 2_000_000
    #: Characters searched for links across all the parts of one document.
    document_chars: int = 20_000_000
    #: Decoded pixels across all the images of one document (one image: ``qr.MAX_PIXELS``).
    pixels: int = 100_000_000
    #: Seconds spent on one document, checked between parts.
    seconds: float = 20.0
    #: Characters kept of one header field.
    header_chars: int = MAX_HEADER_CHARS


DEFAULT_LIMITS: Final = Limits()


class Budget:
    """What is left of one document's :class:`Limits`, spent as the walk goes on.

    ``clock`` is :func:`time.monotonic` unless a test gives its own. Once a document
    limit is crossed the budget stays ``spent`` and the walk reads no further part.
    """

    def __init__(
        self, limits: Limits = DEFAULT_LIMITS, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.limits = limits
        self._clock = clock
        self._deadline = clock() + limits.seconds
        self.chars = 0
        self.pixels = 0
        self.refused_images = 0
        self.spent: Problem | None = None

    def out_of_time(self, part: str | None) -> Problem | None:
        """A problem once the document's time is up (checked before part ``part``)."""
        if self.spent is None and self._clock() > self._deadline:
            self.spent = Problem(
                "over-budget",
                f"Reading stopped after {self.limits.seconds:g} seconds (the limit per "
                "document); this part and the ones after it were not read.",
                part,
            )
        return self.spent

    def take_chars(self, count: int, part: str | None) -> tuple[int, Problem | None]:
        """How many of ``count`` characters part ``part`` may search, and why not all."""
        room = max(0, self.limits.document_chars - self.chars)
        if count <= room:
            self.chars += count
            return count, None
        self.chars += room
        return room, Problem(
            "over-budget",
            f"The document's parts hold over {self.limits.document_chars:,} characters "
            f"(the limit per document); only {room:,} of this part's {count:,} were "
            "searched for links.",
            part,
        )

    def take_pixels(self, count: int, part: str | None) -> tuple[bool, Problem | None]:
        """Whether an image of ``count`` pixels may be decoded (then counted), and, for
        the first image refused, the problem saying so (later ones are :meth:`left_out`)."""
        if self.pixels + count <= self.limits.pixels:
            self.pixels += count
            return True, None
        self.refused_images += 1
        if self.refused_images > 1:
            return False, None
        return False, Problem(
            "over-budget",
            f"This image ({count / 1e6:.1f} megapixels) would take the document's images "
            f"past {self.limits.pixels // 1_000_000} megapixels decoded (the limit per "
            "document); it was not read.",
            part,
        )

    def left_out(self) -> tuple[Problem, ...]:
        """The problem counting the images refused after the first (none if none)."""
        if self.refused_images < 2:
            return ()
        return (Problem(
            "over-budget",
            f"{self.refused_images - 1} more images were not decoded: each would have taken "
            f"the document past {self.limits.pixels // 1_000_000} megapixels (the limit per "
            "document).",
        ),)

__all__ = ["DEFAULT_LIMITS", "MAX_HEADER_CHARS", "MAX_SUBJECT_CHARS", "Budget", "Limits"]
