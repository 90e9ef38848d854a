"""A mailbox read in this process: the start-up heap frozen, the young objects collected
less often.

Issue 22: a mailbox's caches (analyses, where links end, encoded fields) take new
objects and drop old ones at the same rate, so the collector's count of new objects
stays low while its youngest generation grows long; each of its few collections then
walked tens of thousands of cold objects (10-30 ms each, ~5 % of a 2,000-message run).
From the second message on (the first built the Public Suffix List and the tables,
which no later message frees), the objects made so far are frozen (``gc.freeze``:
never walked again) and the youngest generation is collected after
:data:`STREAM_THRESHOLD` new objects instead of 700. Memory stays bounded: a cycle
left by a message is collected within that many new objects. Both are undone when
the mailbox ends. Answers are unchanged: only when the collector runs moves.
"""

from __future__ import annotations

import gc
from collections.abc import Iterable, Iterator
from typing import Final, TypeVar

#: New container objects between two collections of the youngest generation while a
#: mailbox is read (CPython's default: 700).
STREAM_THRESHOLD: Final = 50_000

_T = TypeVar("_T")


def few_collections(items: Iterable[_T]) -> Iterator[_T]:
    """``items`` one by one, the collector set as the module says from the second on
    (left alone when it is disabled or something else froze objects: a window)."""
    old = gc.get_threshold()
    changed = False
    try:
        for n, item in enumerate(items):
            if n == 1 and gc.isenabled() and gc.get_freeze_count() == 0:
                gc.freeze()
                gc.set_threshold(STREAM_THRESHOLD, *old[1:])
                changed = True
            yield item
    finally:
        if changed:
            gc.set_threshold(*old)
            gc.unfreeze()


__all__ = ["STREAM_THRESHOLD", "few_collections"]
