"""Issue 13: a megabyte in the Extract pane, a long page in Page links, never freeze the
window: the work runs on a worker thread, the newest request wins, results are exact."""

from __future__ import annotations

import threading
import time

import pytest
from PySide6.QtCore import QObject, QTimer
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import Analysis
from uriinspector.core.extract import extract
from uriinspector.gui.panes import background
from uriinspector.gui.panes.extract import ExtractPane
from uriinspector.gui.panes.page_links import PageLinksView
from uriinspector.sources.page_links import page_links

MB = 1 << 20
#: 1 MB of hostile text (issue 13: ~2 s of bracket scanning) with a few links in it,
#: one holding a lone surrogate that must survive the trip back to the GUI thread.
HOSTILE = (
    "see http://first.example/a\ud800b and hxxps://evil[.]example/x "
    + "<" * (MB - 200)
    + " then <URL:http://last.example/z> and www.w3.org/Addressing/ ."
)


def _ticking(parent: QObject) -> tuple[QTimer, list[float]]:
    """A 10 ms timer recording when the event loop ran it (dies with ``parent``)."""
    ticks: list[float] = []
    timer = QTimer(parent)
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    return timer, ticks


def test_a_megabyte_is_extracted_off_the_gui_thread(qtbot: QtBot) -> None:
    # issue 13: no pane blocks the event loop on 1 MB; the extraction runs on a worker,
    # the event loop keeps turning (a timer fires meanwhile), the result is the core's.
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.set_text(HOSTILE)
    assert not background.runs_inline(HOSTILE)
    timer, ticks = _ticking(pane)
    extracted_at: list[float] = []
    pane.job.finished.connect(lambda _r: extracted_at.append(time.perf_counter()))
    timer.start()
    pane.run_extraction()
    # busy state: the button cancels, the status counts the characters
    assert pane.is_extracting() and pane.extractButton.text() == "Cancel"
    shown = pane.textBox.toPlainText()  # what the box holds (Qt keeps no lone surrogate)
    assert pane.status.text() == f"Extracting… {len(shown):,} characters"
    qtbot.waitUntil(lambda: bool(extracted_at), timeout=120_000)
    timer.stop()
    assert pane.job.last_thread is not None
    assert pane.job.last_thread != threading.get_ident()
    # the GUI thread ran its timer while the worker extracted
    assert any(t < extracted_at[0] for t in ticks)
    expected = extract(shown, defanged=True)
    assert pane.results() == expected and len(expected) >= 4
    assert pane.extractButton.text() == "E&xtract" and not pane.is_extracting()
    assert pane.view.count() == len(expected)
    qtbot.waitUntil(lambda: not pane.is_busy(), timeout=60_000)
    assert all(v is not None for v in pane.verdicts())


def test_the_job_carries_exact_strings(qtbot: QtBot) -> None:
    # Signal(object): a lone surrogate (a str QString would replace) arrives intact
    job = background.BackgroundJob()
    got: list[object] = []
    job.finished.connect(got.append)
    job.start(extract, HOSTILE, defanged=True)
    qtbot.waitUntil(lambda: bool(got), timeout=120_000)
    assert got == [extract(HOSTILE, defanged=True)]
    assert any("\ud800" in e.uri for e in extract(HOSTILE, defanged=True))
    assert job.last_thread not in (None, threading.get_ident())


def test_a_newer_extraction_supersedes_an_older_one(qtbot: QtBot) -> None:
    # issue 13: the stale result (the first megabyte's) is dropped, never shown
    pane = ExtractPane()
    qtbot.addWidget(pane)
    finished: list[int] = []
    pane.extractionFinished.connect(lambda: finished.append(len(pane.results())))
    first = "http://old.example/ " + "<" * MB
    second = "<" * MB + " http://new.example/one http://new.example/two"
    pane.set_text(first)
    pane.run_extraction()
    pane.set_text(second)
    pane.run_extraction()
    qtbot.waitUntil(lambda: bool(finished), timeout=120_000)
    expected = extract(second, defanged=True)
    assert pane.results() == expected
    assert [e.uri for e in expected] == ["http://new.example/one", "http://new.example/two"]
    pane.job.wait(60_000)
    qtbot.wait(50)  # any late signal of the first request would arrive now
    assert finished == [2] and pane.results() == expected


def test_a_short_extraction_replaces_a_long_one_still_running(qtbot: QtBot) -> None:
    # a short text is extracted at once; the long one's result must not overwrite it
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.set_text("<" * MB)
    pane.run_extraction()
    pane.set_text("mail me: mailto:ann@example.org")
    pane.run_extraction()
    assert not pane.is_extracting() and [e.uri for e in pane.results()] == [
        "mailto:ann@example.org"]
    pane.job.wait(120_000)
    qtbot.wait(50)
    assert [e.uri for e in pane.results()] == ["mailto:ann@example.org"]


def test_cancel_drops_the_running_extraction(qtbot: QtBot) -> None:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.set_text("http://a.example/ " + "<" * MB)
    pane.extractButton.click()
    assert pane.is_extracting()
    pane.extractButton.click()  # now "Cancel"
    assert not pane.is_extracting() and pane.status.text() == "Extraction cancelled."
    assert pane.extractButton.text() == "E&xtract"
    pane.job.wait(120_000)
    qtbot.wait(50)
    assert pane.results() == () and pane.view.count() == 0


def _page(n: int) -> str:
    rows = "\n".join(f'<a href="../p{i}/x?q={i}#f">{i}</a> <img src="i{i}.png">'
                     for i in range(n))
    return f'<html><head><base href="sub/"></head><body>\n{rows}\n</body></html>'


def test_a_long_page_is_resolved_off_the_gui_thread(qtbot: QtBot) -> None:
    # issue 13: a page with 5,000 references is read on the worker; same result as inline
    view = PageLinksView()
    qtbot.addWidget(view)
    text = _page(2500)  # 5,000 references
    url = "https://example.com/dir/page.html"
    finished: list[object] = []
    view.job.finished.connect(finished.append)
    view.set_page(text, url)
    assert view.is_reading() and view.readButton.text() == "Cancel"
    assert view.status.text() == f"Resolving… {len(text):,} characters"
    qtbot.waitUntil(lambda: bool(finished), timeout=120_000)
    assert view.job.last_thread not in (None, threading.get_ident())
    expected = page_links(text, url)
    assert view.links == expected and len(expected.references) == 5000
    assert view.table.rowCount() == 5000 and view.readButton.text() == "&Resolve all"
    assert view.row_text(0)[1] == expected.references[0].raw
    # the rows past the first are built in slices on the event loop, then all are there
    qtbot.waitUntil(lambda: not view.is_busy(), timeout=60_000)
    assert all(view.row_text(r)[1] == expected.references[r].raw for r in range(5000))


def test_a_newer_page_supersedes_an_older_one(qtbot: QtBot) -> None:
    view = PageLinksView()
    qtbot.addWidget(view)
    view.set_page(_page(2500), "https://old.example/")
    view.set_page(_page(800), "https://new.example/")
    finished: list[object] = []
    view.job.finished.connect(finished.append)
    qtbot.waitUntil(lambda: bool(finished), timeout=120_000)
    view.job.wait(60_000)
    qtbot.wait(50)
    assert finished == [view.links] and view.links is not None
    assert view.links.page_url == "https://new.example/"
    assert view.table.rowCount() == 1600


def test_a_megabyte_long_link_is_judged_on_the_worker(
        qtbot: QtBot, monkeypatch: pytest.MonkeyPatch) -> None:
    # issue 13: analysing a found link of a megabyte takes 0.1-0.2 s; the pane judges
    # links of LONG_TARGET code points or more with the extraction, never on the GUI
    # thread, and shows the same verdict the core gives
    from uriinspector.core.analysis import analyze
    from uriinspector.gui.panes import extract as extract_pane

    calls: list[tuple[int, int]] = []

    def recording(target: str) -> Analysis:
        calls.append((threading.get_ident(), len(target)))
        return analyze(target)

    monkeypatch.setattr(extract_pane, "analyze", recording)
    long_link = "hxxps://evil[.]example/" + "a/" * (MB // 2)
    text = "first http://a.example/x then " + long_link + " and http://b.example/y"
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.set_text(text)
    pane.run_extraction()
    assert pane.is_extracting()
    qtbot.waitUntil(lambda: not pane.is_busy(), timeout=120_000)
    gui = threading.get_ident()
    assert [n for thread, n in calls if thread == gui] == [
        len("http://b.example/y")]  # the first link warmed up on the worker too
    assert sorted(n for thread, n in calls if thread != gui) == sorted(
        [len("http://a.example/x"), len(long_link) - len("hxxps[.]") + len("https.")])
    found = pane.results()
    assert [e.uri for e in found][1] == long_link
    assert pane.verdicts() == tuple(analyze(e.target).verdict for e in found)


def test_a_background_result_is_frozen_for_the_collector(qtbot: QtBot) -> None:
    # what the worker built is moved out of the GUI thread's cyclic collections (a
    # megabyte's 18,000 links made each full collection there take ~50 ms)
    import gc

    job = background.BackgroundJob()
    got: list[object] = []
    job.finished.connect(got.append)
    before = gc.get_freeze_count()
    job.start(extract, " ".join(f"http://h{i}.example/" for i in range(2000)))
    qtbot.waitUntil(lambda: bool(got), timeout=60_000)
    assert isinstance(got[0], tuple) and len(got[0]) == 2000
    assert gc.get_freeze_count() >= before + 2000 and gc.isenabled()
