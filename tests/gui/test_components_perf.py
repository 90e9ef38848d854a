"""The Components tree stays small and leak-free however long the input or the session.

Work is counted, never timed: how many tree items exist after a 1 MB analysis is shown
(each item costs building, styling and painting), and how much RSS a few thousand
updates that add and remove rows leave behind (PySide6 6.11 never frees an item taken
with ``takeChild``; the pane must remove rows in a way that frees them).
"""

from __future__ import annotations

import gc
import os

import pytest
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem, QTreeWidgetItemIterator
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import Analysis, analyze
from uriinspector.gui.panes.components import COL_NAME, COL_RAW, ComponentsPane

PAGE = os.sysconf("SC_PAGE_SIZE")
#: Items allowed after showing any 1 MB analysis: a screenful of rows, not 100,000.
MAX_ITEMS_1MB = 300


def _rss_mb() -> float:
    with open("/proc/self/statm", encoding="ascii") as fh:
        return int(fh.read().split()[1]) * PAGE / 2**20


def _count(view: QTreeWidget) -> int:
    """Every item in the tree, collapsed or not."""
    it = QTreeWidgetItemIterator(view)
    n = 0
    while it.value() is not None:
        n += 1
        it += 1
    return n


def _shown_pane(qtbot: QtBot) -> ComponentsPane:
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show()
    qtbot.waitExposed(pane)
    return pane


def _top(view: QTreeWidget, label: str) -> QTreeWidgetItem:
    for i in range(view.topLevelItemCount()):
        item = view.topLevelItem(i)
        if item.text(COL_NAME).split(" ")[0] == label:
            return item
    raise AssertionError(f"no top-level row {label!r}")


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_rss_flat_over_alternating_updates(qtbot: QtBot) -> None:
    """Switching between a reference with many segments/parameters and one with few
    removes ~50 rows per update; 1,000 updates must not grow RSS (taken rows leaked
    ~700 bytes each: ~35 MB here, against 4 MB allowed)."""
    many = "http://h.example/" + "/".join(f"s{i}" for i in range(20)) + "?" + "&".join(
        f"k{i}=v{i}" for i in range(12)
    )
    few = "http://h.example/a?x=1"
    analyses: list[Analysis] = [analyze(many), analyze(few)]
    pane = _shown_pane(qtbot)

    def run(n: int) -> None:
        for i in range(n):
            pane.show_analysis(analyses[i % 2])
            if i % 25 == 0:
                pane.view.viewport().repaint()

    run(400)  # warm up allocator pools and Qt's caches
    gc.collect()
    before = _rss_mb()
    run(1000)
    gc.collect()
    grown = _rss_mb() - before
    assert _count(pane.view) < 20  # the short one is shown: the long rows were removed
    assert grown < 4, f"RSS grew {grown:.1f} MB over 1,000 updates"


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_rss_flat_when_an_expanded_long_list_changes(qtbot: QtBot) -> None:
    """A long parameter list the user expanded is kept up to date; its rows removed on
    every other update are freed too."""
    long_q = "http://h/?" + "&".join(f"k{i}=v" for i in range(120))
    short_q = "http://h/?" + "&".join(f"k{i}=v" for i in range(70))
    analyses = [analyze(long_q), analyze(short_q)]
    pane = _shown_pane(qtbot)
    pane.show_analysis(analyses[0])
    query = _top(pane.view, "query")
    query.setExpanded(True)  # lists the 120 parameters
    assert query.childCount() >= 120

    def run(n: int) -> None:
        for i in range(n):
            pane.show_analysis(analyses[(i + 1) % 2])

    run(200)
    gc.collect()
    before = _rss_mb()
    run(800)  # a leak of the removed rows: 400 x 50 rows x ~700 bytes = 14 MB
    gc.collect()
    grown = _rss_mb() - before
    assert grown < 4, f"RSS grew {grown:.1f} MB over 800 updates"


LONG_1MB = {
    "query": "http://example.com/search?" + "&".join(
        f"k{i}=v%20{i}" for i in range(100_000)
    ),
    "path": "http://example.com/" + "/".join(f"seg{i}" for i in range(100_000)),
    "path+query": "http://user@example.com/" + "a/b%20c?" * (1_048_576 // 8),
    "dots": "http://example.com/" + "a/../b/./" * 110_000,
    "percent": "http://example.com/" + "%E2%82%AC%41%zz" * 70_000,
}


@pytest.mark.qt_log_ignore("propagateSizeHints")
@pytest.mark.parametrize("shape", sorted(LONG_1MB))
def test_1mb_analysis_builds_few_items(qtbot: QtBot, shape: str) -> None:
    """Showing a 1 MB analysis (up to 100,000 segments or parameters) builds at most a
    few hundred items, and each cell holds a short text (painting cost); expanding a
    long list builds a capped page of rows, not all of them."""
    text = LONG_1MB[shape]
    assert len(text) >= 700_000
    a = analyze(text)
    pane = _shown_pane(qtbot)
    pane.show_analysis(a)
    pane.view.viewport().repaint()
    assert _count(pane.view) <= MAX_ITEMS_1MB
    it = QTreeWidgetItemIterator(pane.view)
    while it.value() is not None:
        for col in range(4):
            assert len(it.value().text(col)) <= 400
        it += 1
    raw = _top(pane.view, "query" if "query" in shape else "path").text(COL_RAW)
    assert raw.endswith("…")  # shortened, not blank
    for label in ("path", "query"):
        row = _top(pane.view, label)
        row.setExpanded(True)
        assert row.childCount() <= 1001  # a page and its "… N more" row
    assert _count(pane.view) <= MAX_ITEMS_1MB + 2 * 3 * 1001


def test_freed_rows_leave_no_stale_wrapper(qtbot: QtBot) -> None:
    # free_tree_item deletes a subtree children first, each row detached before it is deleted:
    # deleting an attached child and then its parent frees the child twice (segfault),
    # and every wrapper still held for a row (node records, currentItem()) must end up
    # invalid rather than stale.
    import shiboken6
    from PySide6.QtWidgets import QTreeWidget

    from uriinspector.gui.panes._common import free_tree_item, tree_item

    tree = QTreeWidget()
    qtbot.addWidget(tree)
    top = tree_item(["top"])
    tree.addTopLevelItem(top)
    child = tree_item(["child"])
    top.addChild(child)
    grandchild = tree_item(["grandchild"])
    child.addChild(grandchild)
    held = top.child(0).child(0)
    assert held is grandchild
    top.removeChild(child)
    free_tree_item(child)
    assert not shiboken6.isValid(child)
    assert not shiboken6.isValid(held)
    assert top.childCount() == 0
