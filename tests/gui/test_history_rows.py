"""The History pane's rows (``gui/panes/history_rows.py``), built without Qt from
entries recorded in a real settings file and read back: search, pinned first, the
cells and tooltips of hostile URIs, the times, the count line."""

from __future__ import annotations

import time
from pathlib import Path

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.gui.panes.history_rows import (
    PIN_MARK,
    URI_LIMIT,
    count_text,
    history_rows,
    pin_text,
    shown_entries,
    stamp_text,
    when_text,
)
from uriinspector.gui.settings import HistoryEntry, Settings

#: 2026-11-28 15:04 local time, and the day before at 09:30.
NOW = time.mktime((2026, 11, 28, 15, 4, 0, 0, 0, -1))
YESTERDAY = time.mktime((2026, 11, 27, 9, 30, 0, 0, 0, -1))


def _entries(tmp_path: Path) -> list[HistoryEntry]:
    """Every non-empty hostile URI recorded, one pinned, saved and read back (newest
    first): the entries the window would hand the pane."""
    settings = Settings.load(tmp_path)
    for i, uri in enumerate(u for u in HOSTILE.values() if u):
        settings.record(uri, YESTERDAY if i < 2 else NOW - 60 * i)
    assert not settings.record(HOSTILE["empty"])  # blank input is never history
    settings.set_pinned(HOSTILE["lookalike"], True)
    assert settings.save() is None
    return Settings.load(tmp_path).history


def test_pinned_entries_come_first_and_the_rest_keep_their_order(tmp_path: Path) -> None:
    rows = history_rows(_entries(tmp_path), "", NOW)
    uris = [r.entry.uri for r in rows]
    assert uris == [HOSTILE["lookalike"], HOSTILE["emoji"], HOSTILE["surrogate"],
                    HOSTILE["html"], HOSTILE["userinfo"]]
    assert [r.pin for r in rows] == [PIN_MARK, "", "", "", ""]
    assert [r.bold for r in rows] == [True, False, False, False, False]
    assert pin_text(rows[0].entry) == "Unpin" and pin_text(rows[1].entry) == "Pin"
    assert pin_text(None) == "Pin"


def test_cells_show_hostile_uris_as_visible_plain_text(tmp_path: Path) -> None:
    rows = {r.entry.uri: r for r in history_rows(_entries(tmp_path), "", NOW)}
    assert rows[HOSTILE["userinfo"]].cells() == ("", HOSTILE["userinfo"], "2026-11-27")
    assert rows[HOSTILE["emoji"]].uri == "http://\U0001f600example.com/"
    surrogate = rows[HOSTILE["surrogate"]]
    assert surrogate.entry.uri == HOSTILE["surrogate"]  # the exact text stays in the row
    assert surrogate.uri == "http://exa⟨U+D800⟩mple.com/"
    assert "\ud800" not in surrogate.uri_tooltip
    html = rows[HOSTILE["html"]]
    assert html.uri == "http://example.com/<b>x</b>"
    assert html.uri_tooltip == ("<p style='white-space:pre-wrap'>"
                                "http://example.com/&lt;b&gt;x&lt;/b&gt;</p>")
    assert "&amp;story=x@10.0.0.1" in rows[HOSTILE["userinfo"]].uri_tooltip


def test_times_are_hh_mm_today_and_a_date_before(tmp_path: Path) -> None:
    rows = {r.entry.uri: r for r in history_rows(_entries(tmp_path), "", NOW)}
    assert rows[HOSTILE["html"]].when == "15:00"  # NOW - 4 minutes, the same day
    assert rows[HOSTILE["emoji"]].when == "15:02"
    assert rows[HOSTILE["userinfo"]].when == "2026-11-27"
    assert rows[HOSTILE["userinfo"]].when_tooltip == "2026-11-27 09:30:00"
    assert when_text(NOW, NOW) == "15:04" and stamp_text(NOW) == "2026-11-28 15:04:00"


def test_the_search_is_a_case_insensitive_substring(tmp_path: Path) -> None:
    entries = _entries(tmp_path)
    assert [e.uri for e in shown_entries(entries, "  EXAMPLE.COM ")] == [
        HOSTILE["emoji"], HOSTILE["html"], HOSTILE["userinfo"]]
    assert [r.entry.uri for r in history_rows(entries, "<b>", NOW)] == [HOSTILE["html"]]
    assert history_rows(entries, "\u0430pple", NOW)[0].entry.pinned
    assert history_rows(entries, "nothing like it", NOW) == ()
    assert history_rows([], "", NOW) == ()


def test_the_count_line() -> None:
    assert count_text(True, "", 5, 5) == "5 entries"
    assert count_text(True, " x ", 2, 5) == "2 of 5"
    assert count_text(False, "x", 0, 0) == "History is off"


def test_a_long_uri_is_cut_in_its_cell_and_whole_in_the_tooltip() -> None:
    uri = "http://example.com/" + "a" * 3000
    row = history_rows([HistoryEntry(uri, NOW)], "", NOW)[0]
    assert len(row.uri) == URI_LIMIT + 1 and row.uri.endswith("…")
    assert "a" * 1900 in row.uri_tooltip


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.gui.panes.history_rows import history_rows\n"
        "from uriinspector.gui.settings import HistoryEntry\n"
        f"rows = history_rows([HistoryEntry({HOSTILE['surrogate']!r}, 0.0, True)], 'EXA')\n"
        "print(rows[0].pin, rows[0].uri)\n")
    assert out.split() == ["★", "http://exa⟨U+D800⟩mple.com/"]
