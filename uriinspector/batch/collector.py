"""The cyclic collector in a batch process: off until the first answer is out, then the
start-up heap frozen and the youngest generation collected less often.

Issue 22: what a batch loads by its first answer (modules, the Public Suffix List, the
look-alike index, the patterns) lives as long as the process, yet ~100 collections
walked it during start-up, and every later one walked it again. After the first answer
it is frozen (``gc.freeze``: never walked again) and the youngest generation is
collected after :data:`STREAM_THRESHOLD` new objects, not 700 (the per-host caches take
and drop objects at one rate; each collection walked thousands of cold ones). A cycle
left by a line is still collected within that many new objects. Everything is undone at
the end; left alone when the collector is already off or something froze objects (a
window, a test). Only when the collector runs moves: answers are unchanged.
``cli/extract_gc`` sets the collector the same way for a mailbox, from its second message.
"""

from __future__ import annotations

import gc
from typing import Final

#: New container objects between two collections of the youngest generation, once the
#: start-up heap is frozen (CPython's default: 700).
STREAM_THRESHOLD: Final = 50_000


class StartupCollector:
    """:meth:`pause` at the start, :meth:`settle` after the first answer, :meth:`restore`
    at the end (each harmless when repeated or out of turn)."""

    __slots__ = ("_old", "_state", "ends_process")

    def __init__(self) -> None:
        """Nothing changed yet."""
        self._old: tuple[int, int, int] | None = None
        self._state = "idle"
        #: Set by the entry point when the process ends with the command: :meth:`restore`
        #: then leaves the collector as it is (putting the frozen heap back made the next
        #: collection walk all of it: ~5 ms between the last answer and the exit).
        self.ends_process = False

    def pause(self) -> None:
        """Collection off until :meth:`settle` (unless already off, or objects frozen)."""
        if self._state == "idle" and gc.isenabled() and gc.get_freeze_count() == 0:
            gc.disable()
            self._state = "paused"

    def settle(self) -> None:
        """Freeze what is loaded, collect young objects less often, collection on."""
        if self._state == "paused":
            gc.freeze()
            self._old = gc.get_threshold()
            gc.set_threshold(STREAM_THRESHOLD, self._old[1], self._old[2])
            gc.enable()
            self._state = "settled"

    def restore(self) -> None:
        """The collector as it was before :meth:`pause` (unless :attr:`ends_process`)."""
        if self.ends_process:
            return
        if self._state == "paused":
            gc.enable()
        elif self._state == "settled" and self._old is not None:
            gc.set_threshold(*self._old)
            gc.unfreeze()
        self._state = "idle"


#: The batch command's collector: paused by the entry point before the CLI's imports,
#: settled after the first answer, restored when the command ends.
BATCH: Final = StartupCollector()
