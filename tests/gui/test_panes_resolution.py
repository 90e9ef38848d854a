"""ResolutionPane: RFC 3986 §5.4 targets, rows that differ from RFC 3986, trace, examples."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication
from pytestqt.qtbot import QtBot

from uriinspector.core.editions import RULE_SETS
from uriinspector.core.resolve import resolve_all
from uriinspector.gui.panes import ResolutionPane
from uriinspector.gui.panes.resolution import (
    COL_MARK,
    COL_RULES,
    COL_TARGET,
    DEFAULT_BASE,
    DIFFERS_MARK,
)

BASE = "http://a/b/c/d;p?q"

# RFC 3986 §5.4.1 (normal) and §5.4.2 (abnormal), a selection; each row cites its table.
SPEC_5_4 = [
    ("g:h", "g:h"),  # §5.4.1
    ("g", "http://a/b/c/g"),  # §5.4.1
    ("./g", "http://a/b/c/g"),  # §5.4.1
    ("/g", "http://a/g"),  # §5.4.1
    ("//g", "http://g"),  # §5.4.1
    ("?y", "http://a/b/c/d;p?y"),  # §5.4.1
    ("#s", "http://a/b/c/d;p?q#s"),  # §5.4.1
    ("", "http://a/b/c/d;p?q"),  # §5.4.1
    ("../../g", "http://a/g"),  # §5.4.1
    ("../../../g", "http://a/g"),  # §5.4.2
    ("/./g", "http://a/g"),  # §5.4.2
    ("g;x=1/../y", "http://a/b/c/y"),  # §5.4.2
    ("g#s/../x", "http://a/b/c/g#s/../x"),  # §5.4.2
]


def _pane(qtbot: QtBot, ref: str, base: str = BASE) -> ResolutionPane:
    pane = ResolutionPane()
    qtbot.addWidget(pane)
    pane.set_reference(ref)
    pane.show_resolutions(resolve_all(base, ref))
    return pane


def _row(pane: ResolutionPane, rules: str) -> int:
    table = pane.rulesTable
    for row in range(table.rowCount()):
        if table.item(row, COL_RULES).data(Qt.ItemDataRole.UserRole) == rules:
            return row
    raise AssertionError(rules)


def test_resolution_names_and_default_base(qtbot: QtBot) -> None:
    pane = ResolutionPane()
    qtbot.addWidget(pane)
    assert pane.baseField.text() == DEFAULT_BASE == BASE
    assert pane.targetField.isReadOnly()


@pytest.mark.parametrize(("ref", "target"), SPEC_5_4, ids=[r or "empty" for r, _ in SPEC_5_4])
def test_resolution_rfc3986_5_4(qtbot: QtBot, ref: str, target: str) -> None:
    pane = _pane(qtbot, ref)
    assert pane.rulesTable.rowCount() == len(RULE_SETS)
    row = _row(pane, "rfc3986")
    assert pane.rulesTable.item(row, COL_TARGET).text() == target
    assert pane.targetField.text() == target


def test_resolution_rfc3986_5_4_2_dot_dot_above_root_marks_old_rules(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "../../../g")
    table = pane.rulesTable
    rfc = _row(pane, "rfc3986")
    old = _row(pane, "rfc2396")
    assert table.item(old, COL_TARGET).text() == "http://a/../g"
    assert table.item(old, COL_MARK).text().startswith(DIFFERS_MARK)
    assert table.item(old, COL_TARGET).background() != table.item(rfc, COL_TARGET).background()
    assert not table.item(_row(pane, "whatwg"), COL_MARK).text().startswith(DIFFERS_MARK)
    # the historical editions sit in the expandable section
    assert table.isRowHidden(old)
    assert not table.isRowHidden(_row(pane, "python-urljoin"))
    pane.historyToggle.click()
    assert not table.isRowHidden(old)
    pane.historyToggle.click()
    assert table.isRowHidden(old)


def test_resolution_choosing_a_rule_set_shows_its_trace_and_buffer(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "../../../g")
    resolutions = {r.rules: r for r in resolve_all(BASE, "../../../g")}
    assert pane.traceView.topLevelItemCount() == len(resolutions["rfc3986"].steps)
    pane.historyToggle.setChecked(True)
    pane.rulesTable.selectRow(_row(pane, "rfc2396"))
    steps = resolutions["rfc2396"].steps
    assert pane.targetField.text() == "http://a/../g"
    assert pane.traceView.topLevelItemCount() == len(steps)
    last = pane.traceView.topLevelItem(len(steps) - 1)
    pane.traceView.setCurrentItem(last)
    assert pane.bufferField.text() == steps[-1].value
    # a new reference keeps the chosen rule set
    pane.show_resolutions(resolve_all(BASE, "g"))
    assert pane.targetField.text() == "http://a/b/c/g"
    assert "RFC 2396" in pane.traceTitle.text()


def test_resolution_hiding_history_falls_back_to_rfc3986(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "../../../g")
    pane.historyToggle.setChecked(True)
    pane.rulesTable.selectRow(_row(pane, "draft-1993"))
    pane.historyToggle.setChecked(False)
    assert pane.targetField.text() == "http://a/g"


def test_resolution_error_is_shown_in_words(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "g", base="b/c")
    text = pane.rulesTable.item(_row(pane, "rfc3986"), COL_TARGET).text()
    assert text.startswith("No target: RFC 3986 §5.1")
    assert not pane.copyButton.isEnabled()


def test_resolution_copy_target(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "../g")
    pane.copyButton.click()
    assert QGuiApplication.clipboard().text() == "http://a/b/g"


def test_resolution_typing_emits_inputs_changed(qtbot: QtBot) -> None:
    pane = ResolutionPane()
    qtbot.addWidget(pane)
    with qtbot.waitSignal(pane.inputsChanged) as blocker:
        qtbot.keyClicks(pane.referenceField, "g")
    assert blocker.args == [BASE, "g"]
    with qtbot.waitSignal(pane.inputsChanged) as blocker:
        pane.set_reference("../x")
    assert blocker.args == [BASE, "../x"]
    with qtbot.assertNotEmitted(pane.inputsChanged):
        pane.set_reference("../x")


def test_resolution_examples_batch_table(qtbot: QtBot) -> None:
    pane = ResolutionPane()
    qtbot.addWidget(pane)
    with qtbot.waitSignal(pane.examplesRequested):
        pane.examplesButton.click()
    rows = tuple((ref, resolve_all(BASE, ref)) for ref, _ in SPEC_5_4)
    pane.show_examples(rows)
    table = pane.examplesTable
    assert table.rowCount() == len(SPEC_5_4)
    assert table.columnCount() == 1 + len(RULE_SETS)
    assert table.horizontalHeaderItem(1).text() == "RFC\n3986"  # two lines: narrow columns
    for row, (_ref, target) in enumerate(SPEC_5_4):
        assert table.item(row, 1).text() == target
    dots = [ref for ref, _ in SPEC_5_4].index("../../../g")
    rfc2396 = 1 + RULE_SETS.index("rfc2396")
    assert table.item(dots, rfc2396).text() == f"{DIFFERS_MARK} http://a/../g"
    assert pane.tabs.currentIndex() == 1


def test_resolution_screenshots(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, "../../../g")
    pane.historyToggle.setChecked(True)
    pane.resize(900, 640)
    assert pane.grab().save(str(tmp_path / "pane_resolution.png"))
    pane.show_examples(tuple((ref, resolve_all(BASE, ref)) for ref, _ in SPEC_5_4))
    assert pane.grab().save(str(tmp_path / "pane_resolution_examples.png"))
