"""The pane table (``panes/base.PANES``) says what each pane is, and each pane is that.

The window wires panes from this table only (shared/style.md §6: one declared
interface instead of wiring by name), so a signal renamed in a pane, or a focus widget
renamed, must fail here rather than go silently unconnected.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import SignalInstance
from PySide6.QtWidgets import QWidget
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.base import (
    INTENTS,
    NEEDS,
    PANES,
    MissingPane,
    Pane,
    PaneSpec,
    load_pane,
)

#: What each need asks of the pane that declares it.
_NEED_METHODS = {
    "resolutions": ("show_resolutions", "baseField", "referenceField"),
    "comparison": ("show_comparison", "compareField"),
    "history": ("show_history",),
    "undo": ("undo_stack",),
    "late-parts": ("show_analysis",),
    "cursor": ("select_at",),
    "lesson-progress": ("attach_progress",),
}


def test_the_table_is_consistent() -> None:
    names = [s.name for s in PANES]
    assert len(set(names)) == len(names)
    keys = [s.key for s in PANES if s.key]
    assert len(set(keys)) == len(keys)
    assert all(k.startswith("Ctrl+") and k[-1].isdigit() for k in keys)
    assert {s.group for s in PANES} == {"left", "right"}
    assert set(_NEED_METHODS) == set(NEEDS)
    for spec in PANES:
        assert set(spec.offers.values()) <= set(INTENTS), spec.name
        assert set(spec.needs) <= set(NEEDS), spec.name


@pytest.mark.parametrize("spec", PANES, ids=lambda s: s.name)
def test_each_pane_is_what_the_table_declares(qtbot: QtBot, spec: PaneSpec) -> None:
    pane = load_pane(spec)
    qtbot.addWidget(pane)
    assert not isinstance(pane, MissingPane), pane.findChild(QWidget).text()  # type: ignore[union-attr]
    assert type(pane).__name__ == spec.cls
    assert isinstance(pane, Pane)  # show_analysis(a)
    for signal in spec.offers:
        assert isinstance(getattr(pane, signal, None), SignalInstance), f"{spec.name}.{signal}"
    for need in spec.needs:
        for attr in _NEED_METHODS[need]:
            assert hasattr(pane, attr), f"{spec.name} needs {need} but has no {attr}"
    if spec.focus:
        assert pane.findChild(QWidget, spec.focus) is not None, spec.focus


def test_a_missing_pane_stands_in_and_says_why(qtbot: QtBot) -> None:
    broken = PaneSpec("x", "no_such_module", "Nothing", "X", "", "left", "")
    pane = load_pane(broken)
    qtbot.addWidget(pane)
    assert isinstance(pane, MissingPane) and isinstance(pane, Pane)


def test_the_window_connects_what_a_pane_offers(qtbot: QtBot) -> None:
    """A Findings row asking to inspect a URL reaches the field, through the table."""
    window = MainWindow()
    qtbot.addWidget(window)
    findings = window.panes["findings"]
    findings.inspectRequested.emit("http://example.org/from-findings")  # type: ignore[attr-defined]
    assert window.uri() == "http://example.org/from-findings"
    components = window.panes["components"]
    components.uriEdited.emit("http://example.org/edited")  # type: ignore[attr-defined]
    assert window.uri() == "http://example.org/edited"
