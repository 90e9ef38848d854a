"""A bounded store of encoded ``analyze`` answers by input, so a URL that comes back in a
batch (a log repeats its links) is analysed once per process.

The store holds an answer's line as written without an ``id``
(``{"op":"analyze",...}\\n``, the compact encoder's bytes); a request that carries an
``id`` gets ``{"id":<id>,`` in front of the rest: the very bytes the encoder writes for
the whole answer, since it puts ``id`` first and ``op`` second (``protocol.handle_request``)
and writes no spaces. Only answers (not errors) that encoder wrote are kept (a lone
surrogate sends an answer to the standard encoder, whose bytes differ), and only for
inputs up to
:data:`MAX_INPUT` characters; the store keeps at most :data:`MAX_ENTRIES` lines and
:data:`MAX_BYTES` bytes, the least recently asked leaving first. Measured on the bench
corpus (20,000 URIs, 2,001 repeats): 1,344 repeats come back within 1,024 lines, 1,716
within 4,096.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

#: Longest input whose answer is kept (a longer one is analysed every time).
MAX_INPUT: Final = 2048
#: Most answers kept, and most bytes of them (the store's memory stays bounded).
MAX_ENTRIES: Final = 4096
MAX_BYTES: Final = 8 << 20
#: How a line the compact encoder wrote for an ``analyze`` answer without ``id`` begins
#: (an error answer, ``{"op":"analyze","error":...}``, is never kept).
COMPACT_HEAD: Final = b'{"op":"analyze","input":'


class AnswerStore:
    """Encoded ``analyze`` lines by input, least recently asked first out."""

    __slots__ = ("lines", "max_bytes", "max_entries", "size")

    def __init__(self, max_entries: int = MAX_ENTRIES, max_bytes: int = MAX_BYTES) -> None:
        """An empty store holding at most ``max_entries`` lines and ``max_bytes`` bytes."""
        self.lines: dict[str, bytes] = {}
        self.size = 0
        self.max_entries = max_entries
        self.max_bytes = max_bytes

    def line(self, text: str, answer: Callable[[str], bytes]) -> bytes:
        """The ``analyze`` line without ``id`` for ``text``: the kept one, or the one
        ``answer`` makes (kept when it starts with :data:`COMPACT_HEAD`)."""
        lines = self.lines
        kept = lines.pop(text, None)
        if kept is not None:
            lines[text] = kept  # asked again: last out
            return kept
        made = answer(text)
        if len(text) > MAX_INPUT or not made.startswith(COMPACT_HEAD) or len(made) > self.max_bytes:
            return made
        lines[text] = made
        self.size += len(made)
        while len(lines) > self.max_entries or self.size > self.max_bytes:
            oldest = next(iter(lines))
            self.size -= len(lines.pop(oldest))
        return made

    def clear(self) -> None:
        """Forget every kept line."""
        self.lines.clear()
        self.size = 0
