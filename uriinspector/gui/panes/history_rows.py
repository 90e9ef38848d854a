"""The History pane's rows, Qt-free: which entries a search shows, in what order, and
what each row's cells and tooltips say.

``history_rows`` filters ``Settings``' entries with the search (``settings.matches``, a
case-insensitive substring of the URI), puts pinned entries first and turns each into a
``HistoryRow``; the pane (``history.py``) only turns rows into tree items. The exact
URI stays in the row's ``entry`` (a str in an item role becomes a QString, which drops
lone surrogates); the cells show it with hidden characters made visible.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, NamedTuple

from uriinspector.gui.plain import plain_tooltip, visible_text
from uriinspector.gui.settings import matches

if TYPE_CHECKING:
    from uriinspector.gui.settings import HistoryEntry

HEADERS = ("", "URI", "When")
COL_PIN, COL_URI, COL_WHEN = 0, 1, 2
PIN_MARK = "★"
#: Characters of a URI a row shows (the tooltip has up to 2,000).
URI_LIMIT = 200


def when_text(t: float, now: float | None = None) -> str:
    """A short, local time: today's as HH:MM, older ones as the date."""
    now = time.time() if now is None else now
    local, today = time.localtime(t), time.localtime(now)
    if local[:3] == today[:3]:
        return time.strftime("%H:%M", local)
    return time.strftime("%Y-%m-%d", local)


def stamp_text(t: float) -> str:
    """The full local time, the When cell's tooltip."""
    return time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(t))


class HistoryRow(NamedTuple):
    """What one row shows, and the entry it stands for."""

    entry: HistoryEntry
    pin: str
    uri: str
    uri_tooltip: str  # already made plain (``plain_tooltip``)
    when: str
    when_tooltip: str

    @property
    def bold(self) -> bool:
        """A pinned entry's row is bold in every column."""
        return self.entry.pinned

    def cells(self) -> tuple[str, str, str]:
        """The three cells as a person reads them."""
        return (self.pin, self.uri, self.when)


def shown_entries(entries: Sequence[HistoryEntry], query: str) -> list[HistoryEntry]:
    """The entries ``query`` lets through, pinned first, otherwise in their own order."""
    return sorted((e for e in entries if matches(e, query)), key=lambda e: not e.pinned)


def history_row(entry: HistoryEntry, now: float | None = None) -> HistoryRow:
    """One entry's row (``now`` decides whether its time shows as a time or a date)."""
    return HistoryRow(entry, PIN_MARK if entry.pinned else "",
                      visible_text(entry.uri, URI_LIMIT), plain_tooltip(entry.uri),
                      when_text(entry.time, now), stamp_text(entry.time))


def history_rows(entries: Sequence[HistoryEntry], query: str,
                 now: float | None = None) -> tuple[HistoryRow, ...]:
    """The rows shown for ``entries`` under the search ``query``, top to bottom."""
    now = time.time() if now is None else now
    return tuple(history_row(e, now) for e in shown_entries(entries, query))


def count_text(keep: bool, query: str, shown: int, total: int) -> str:
    """The count beside the search box: off, ``shown of total``, or ``total entries``."""
    if not keep:
        return "History is off"
    if query.strip():
        return f"{shown} of {total}"
    return f"{total} entries"


def pin_text(entry: HistoryEntry | None) -> str:
    """The pin button's word for the selected entry."""
    return "Unpin" if entry is not None and entry.pinned else "Pin"
