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

from collections.abc import Iterable, Iterator
from typing import TypeVar

from uriinspector.batch.collector import STREAM_THRESHOLD, StartupCollector

_T = TypeVar("_T")


def few_collections(items: Iterable[_T]) -> Iterator[_T]:
    """``items`` one by one, the collector set as the module says from the second on
    (left alone when it is disabled or something else froze objects: a window); the
    batch's ``StartupCollector`` does the setting and the undoing."""
    collector = StartupCollector()
    try:
        for n, item in enumerate(items):
            if n == 1:
                collector.pause()
                collector.settle()
            yield item
    finally:
        collector.restore()


__all__ = ["STREAM_THRESHOLD", "few_collections"]
