"""How the window's background work is bounded, shared by the controller and the panes.

``SYNC_LIMIT``: inputs longer than this are analysed off the GUI thread (and their
lazy parts built there first). ``GC_PAUSE``: the cyclic garbage collector stays off
while any worker runs, and while the window starts (``gui.app``: up to the first
analysis after the first paint). Qt-free and at the bottom of ``gui/``, so a pane asks this
module, never the controller's.
"""

from __future__ import annotations

import gc
import threading

__all__ = ["GC_PAUSE", "SYNC_LIMIT"]

#: Inputs longer than this many code points are analysed off the GUI thread.
SYNC_LIMIT = 8192


class _GcPause:
    """Automatic garbage collection off while any worker runs (re-entrant, thread-safe)."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._depth = 0
        self._was_enabled = True

    def __enter__(self) -> None:
        self.begin()

    def __exit__(self, *exc: object) -> None:
        self.end()

    def begin(self) -> None:
        """Collection off (until as many :meth:`end` calls as :meth:`begin` calls)."""
        with self._lock:
            if self._depth == 0:
                self._was_enabled = gc.isenabled()
                gc.disable()
            self._depth += 1

    def end(self) -> None:
        """The last pause over: what was built is frozen (never scanned again), and
        collection is on again if it was before the first pause."""
        with self._lock:
            self._depth -= 1
            if self._depth == 0:
                gc.freeze()
                if self._was_enabled:
                    gc.enable()


GC_PAUSE = _GcPause()
