"""Rows rebuilt by a pane leave no stale Python wrapper behind.

Pane rows are C++ clones (``_common.tree_item`` & co., to stop PySide6 6.11's ``None``
leak). C++ deleting such a row (``clear()``, ``setItem`` over it) does not tell
shiboken, so a wrapper someone still holds (``currentItem()``, a test's variable)
would go stale and could later be handed out for a new object at the same address:
the intermittent segfault seen in the full GUI suite. Every rebuild must therefore
delete rows through their wrappers, which invalidates them. (With a plain
``clear()`` a held wrapper stays ``isValid`` — and freeing it later segfaults, which is
why that hazard is not demonstrated here.)
"""

from __future__ import annotations

import shiboken6
from PySide6.QtWidgets import QListWidget, QTreeWidget
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.core.resolve import resolve_all
from uriinspector.gui.panes._common import clear_list, clear_tree, list_item, tree_item
from uriinspector.gui.panes.findings import FindingsPane
from uriinspector.gui.panes.ladder import LadderPane
from uriinspector.gui.panes.resolution import ResolutionPane
from uriinspector.gui.panes.urn import UrnPane

BASE = "http://a/b/c/d;p?q"


def test_clear_helpers_invalidate_held_wrappers(qtbot: QtBot) -> None:
    tree = QTreeWidget()
    qtbot.addWidget(tree)
    top = tree_item(["top"])
    tree.addTopLevelItem(top)
    top.addChild(tree_item(["child"]))
    held_child = tree.topLevelItem(0).child(0)
    clear_tree(tree)
    assert not shiboken6.isValid(held_child) and tree.topLevelItemCount() == 0
    view = QListWidget()
    qtbot.addWidget(view)
    view.addItem(list_item("row"))
    held_row = view.item(0)
    clear_list(view)
    assert not shiboken6.isValid(held_row) and view.count() == 0


def test_resolution_rebuild_invalidates_held_rows(qtbot: QtBot) -> None:
    pane = ResolutionPane()
    qtbot.addWidget(pane)
    pane.show_resolutions(resolve_all(BASE, "../../../g"))
    trace_row = pane.traceView.topLevelItem(0)
    rules_cell = pane.rulesTable.item(0, 0)
    pane.show_resolutions(resolve_all(BASE, "g"))
    assert not shiboken6.isValid(trace_row)
    assert not shiboken6.isValid(rules_cell)


def test_findings_ladder_and_urn_rebuilds_invalidate_held_rows(qtbot: QtBot) -> None:
    first = analyze("urn:isbn:0451450523?+r=1#f")
    second = analyze("http://www.example.com&story=x@10.0.0.1/%7efoo/./x")
    third = analyze("urn:example:other")
    for pane_type, before, after in (
        (FindingsPane, second, first),
        (LadderPane, second, first),
        (UrnPane, first, third),
    ):
        pane = pane_type()
        qtbot.addWidget(pane)
        pane.show_analysis(before)
        view = pane.view
        held = view.item(0) if isinstance(view, QListWidget) else view.topLevelItem(0)
        assert held is not None, pane_type.__name__
        pane.show_analysis(after)
        assert not shiboken6.isValid(held), pane_type.__name__
