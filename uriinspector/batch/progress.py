"""``N lines answered`` on stderr while ``batch --jobs`` reads a file (``--progress``)."""

from __future__ import annotations

import contextlib
import time
from typing import TextIO

#: Seconds between two progress lines.
PROGRESS_EVERY = 0.25


class Progress:
    """``N lines answered`` on stderr, redrawn in place at most every 0.25 s."""

    def __init__(self, stream: TextIO | None, total_bytes: int | None) -> None:
        self.stream = stream
        self.total = total_bytes
        self.lines = 0
        self.bytes = 0
        self.start = time.monotonic()
        self.last = 0.0

    def count(self, lines: int, nbytes: int) -> None:
        """Record answered lines (and the input bytes they came from)."""
        self.lines += lines
        self.bytes += nbytes
        if self.stream is None:
            return
        now = time.monotonic()
        if now - self.last >= PROGRESS_EVERY:
            self.last = now
            self._draw(now)

    def _draw(self, now: float) -> None:
        assert self.stream is not None
        rate = self.lines / max(now - self.start, 1e-9)
        share = f" {100 * self.bytes / self.total:5.1f}%" if self.total else ""
        with contextlib.suppress(OSError, ValueError):
            self.stream.write(f"\r{self.lines:,} lines answered{share} ({rate:,.0f}/s)")
            self.stream.flush()

    def done(self) -> None:
        """The last count, and the line ended."""
        if self.stream is None:
            return
        self._draw(time.monotonic())
        with contextlib.suppress(OSError, ValueError):
            self.stream.write("\n")
            self.stream.flush()
