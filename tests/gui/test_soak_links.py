"""Memory soak over distinct hostile links (issue 13, item 7), run by ``make soak``.

1,100 different hostile links (``bench/hostile_links.py``: userinfo tricks, IDN, bidi,
octal IPv4, nested redirects, long queries, data: URIs, markup...) go through a real
window with every pane built and on screen (each dock floated side by side, so none
hides behind a tab), each link set, recorded in the history (Enter), the window
painted. After a 100-link warm-up the next 1,000 may add at most 20 MB of RSS
(``/proc/self/statm``) and no ``None`` references.

The ``None`` threshold: a leak of the kind PySide6 6.11 has (one reference per item
made in Python once painted) adds at least one per link, 1,000 here (the History
pane's rows did: +120 per link). What remains is bounded caches filling and clearing:
sampled every 100 links, ``sys.getrefcount(None)`` swings within about 130 and comes
back (11,194 / 11,259 / 11,324 / 11,209 / ...). ``NONE_NOISE = 250`` separates the two.
The core's bounded per-host caches are emptied at both measuring points
(:func:`clear_bounded_caches`, which also fails on any unbounded one).
"""

from __future__ import annotations

import functools
import gc
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QDockWidget

from bench.hostile_links import hostile_links
from uriinspector.gui import MainWindow
from uriinspector.gui.main_window import PANES

ROOT = Path(__file__).resolve().parents[2]
PAGE = os.sysconf("SC_PAGE_SIZE")
WARM_UP = 100
LINKS = 1_000
RSS_LIMIT_MB = 20.0
NONE_NOISE = 250


def rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * PAGE / 2**20


def clear_bounded_caches() -> int:
    """Empty the project's bounded per-host and per-link caches; returns how many caches
    it saw.

    They hold results (many with ``None`` fields) for up to a few thousand hosts, so
    while they fill they add ``None`` references that are no leak: sampled every 100
    links without this, the count climbed ~0.35 per link until the caches would be
    full; with it, it repeats exactly (18,393 / 18,466 / 18,526 / 18,406 / ...).
    Cleared at both measuring points, what remains is the window's own memory."""
    from uriinspector.core.destinations import scan

    wrappers = [
        o for o in gc.get_objects()
        if isinstance(o, functools._lru_cache_wrapper)
        and str(getattr(o, "__module__", "")).startswith("uriinspector")
    ]  # fmt: skip
    for cache in wrappers:
        # Unbounded caches are keyed by the program's constants (an edition's alphabet,
        # icon names) and are left alone: one keyed by the input would grow here and
        # fail the test, which is the point of it.
        if cache.cache_parameters()["maxsize"] is not None:
            cache.cache_clear()
    scan._recent.clear()  # bounded: 16 links, 4,000,000 characters (destinations/scan.py)
    gc.collect()
    return len(wrappers)


def feed(window: MainWindow, links: list[str]) -> None:
    """Each link as the user would inspect it: set, Enter (history), shown, painted."""
    for link in links:
        window.set_uri(link)
        window.uriField.returnPressed.emit()  # recorded in the history
        QApplication.processEvents()  # delivers, and paints every exposed dock
        window.flush_panes()


def run() -> dict[str, float]:
    """The soak in this process (a fresh one: see the test); returns the figures."""
    app = QApplication.instance() or QApplication([])
    assert isinstance(app, QApplication)
    window = MainWindow()
    window.resize(1400, 900)
    window.show()
    QApplication.processEvents()
    window.build_all_panes()
    # Every dock floated and tiled, so every pane is painted with the window.
    docks = window.findChildren(QDockWidget)
    assert len(docks) == len(PANES)
    for n, dock in enumerate(docks):
        dock.setFloating(True)
        dock.setGeometry(10 + (n % 5) * 280, 10 + (n // 5) * 420, 270, 400)
        dock.show()
    QApplication.processEvents()
    assert all(not d.visibleRegion().isEmpty() for d in docks)

    links = hostile_links(WARM_UP + LINKS)
    assert len(set(links)) == len(links)
    feed(window, links[:WARM_UP])
    window.controller.wait_for_workers()
    QApplication.processEvents()
    assert clear_bounded_caches() > 0
    rss0, none0 = rss_mb(), sys.getrefcount(None)
    started = time.perf_counter()
    feed(window, links[WARM_UP:])
    window.controller.wait_for_workers()
    QApplication.processEvents()
    clear_bounded_caches()
    rss1, none1 = rss_mb(), sys.getrefcount(None)
    elapsed = time.perf_counter() - started
    assert window.uri() == links[-1]
    for dock in docks:
        dock.setFloating(False)
    window.close()
    return {"rss0": rss0, "rss1": rss1, "none0": none0, "none1": none1, "seconds": elapsed}


@pytest.mark.soak
def test_memory_flat_over_1000_distinct_hostile_links(tmp_path: Path) -> None:
    """Run in a fresh interpreter: in the middle of ``make test`` the process already
    holds millions of references to ``None`` and the objects of earlier tests, which
    measured +3,300 here while the window alone adds ~110 (bounded caches)."""
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "URIINSPECTOR_CONFIG_DIR": str(tmp_path)}
    code = (
        "import json, sys; sys.path.insert(0, '.');"
        "from tests.gui.test_soak_links import run; print('SOAK-JSON', json.dumps(run()))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
        timeout=280, check=False,
    )
    line = next((x for x in done.stdout.splitlines() if x.startswith("SOAK-JSON ")), None)
    assert line is not None, done.stdout[-2000:] + done.stderr[-2000:]
    r = json.loads(line.split(" ", 1)[1])
    print(
        f"SOAK-LINKS rss {r['rss0']:.1f} -> {r['rss1']:.1f} MB, None {r['none0']} -> "
        f"{r['none1']}, {LINKS} links in {r['seconds']:.1f} s"
    )
    assert r["rss1"] - r["rss0"] <= RSS_LIMIT_MB, (
        f"RSS grew {r['rss1'] - r['rss0']:.1f} MB over {LINKS} links"
    )
    assert r["none1"] - r["none0"] <= NONE_NOISE, (
        f"sys.getrefcount(None) rose by {r['none1'] - r['none0']} over {LINKS} links"
    )
