"""LadderPane: RFC 3986 §6.2 rungs with inline edits, and a rung-by-rung comparison."""

from __future__ import annotations

import html
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.core.compare import compare
from uriinspector.core.normalize import normalize
from uriinspector.gui.panes import LadderPane
from uriinspector.gui.panes._common import HTML_ROLE
from uriinspector.gui.panes.ladder import (
    COL_CHANGE,
    COL_COMPARE,
    COL_VALUE,
    EQUAL,
    FIRST_AGREE,
    NOT_YET,
)

# RFC 3986 §6.2.2 example, extended with a dot-segment path.
LADDER_INPUT = "eXAMPLE://a/./b/../b/%63/%7bfoo%7d"
NORMALIZED = "example://a/b/c/%7Bfoo%7D"


def _pane(qtbot: QtBot, text: str) -> LadderPane:
    pane = LadderPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text))
    return pane


def _rungs(pane: LadderPane) -> dict[str, QTreeWidgetItem]:
    view = pane.view
    return {
        view.topLevelItem(i).data(0, Qt.ItemDataRole.UserRole): view.topLevelItem(i)
        for i in range(view.topLevelItemCount())
    }


def test_ladder_rfc3986_6_2_ends_at_normal_form(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    rungs = _rungs(pane)
    assert list(rungs) == [
        "simple-string", "case", "percent-encoding", "path-segment", "scheme-based",
        "protocol-based",
    ]
    assert rungs["simple-string"].text(COL_VALUE) == LADDER_INPUT
    assert rungs["scheme-based"].text(COL_VALUE) == NORMALIZED
    assert NORMALIZED in pane.normalizedLabel.text()


def test_ladder_edits_struck_through_and_inserted_inline(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    rungs = _rungs(pane)
    case_html = rungs["case"].data(COL_VALUE, HTML_ROLE)
    assert "<s " in case_html and ">eXAMPLE</s>" in case_html
    assert "<u " in case_html and ">example</u>" in case_html
    pct_html = rungs["percent-encoding"].data(COL_VALUE, HTML_ROLE)
    assert ">%63</s>" in pct_html and ">c</u>" in pct_html
    assert rungs["case"].text(COL_CHANGE).endswith("edits")
    tooltip = rungs["case"].toolTip(COL_VALUE)
    ladder = normalize(LADDER_INPUT)
    for edit in ladder.rung("case").edits:
        assert html.escape(edit.reason, quote=True) in tooltip


def test_ladder_protocol_based_rung_not_performed(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    row = _rungs(pane)["protocol-based"]
    assert row.text(COL_CHANGE) == "not performed"
    assert row.text(COL_VALUE).startswith("not performed")
    assert "network" in row.text(COL_VALUE)
    assert "<i " in row.data(COL_VALUE, HTML_ROLE)


def test_ladder_uri_text_is_html_escaped(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "HTTP://a/<b>%7e&amp;</b>")
    html = _rungs(pane)["case"].data(COL_VALUE, HTML_ROLE)
    assert "<b>" not in html
    assert "&lt;b&gt;" in html
    assert "&amp;amp;" in html


def test_ladder_compare_marks_first_equal_rung(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    assert pane.view.isColumnHidden(COL_COMPARE)
    with qtbot.waitSignal(pane.compareChanged) as blocker:
        qtbot.keyClicks(pane.compareField, "x")
    assert blocker.args == ["x"]
    comparison = compare(LADDER_INPUT, NORMALIZED)
    pane.show_comparison(normalize(NORMALIZED), comparison)
    assert not pane.view.isColumnHidden(COL_COMPARE)
    marks = {name: item.text(COL_COMPARE) for name, item in _rungs(pane).items()}
    assert comparison.rung == "path-segment"
    assert marks["path-segment"] == FIRST_AGREE
    assert marks["case"] == NOT_YET
    assert marks["scheme-based"] == EQUAL
    assert "Equivalent" in pane.compareSummary.text()
    row = _rungs(pane)["path-segment"]
    assert row.font(COL_COMPARE).bold()


def test_ladder_compare_never_equal(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/")
    pane.show_comparison(normalize("http://b/"), compare("http://a/", "http://b/"))
    marks = {name: item.text(COL_COMPARE) for name, item in _rungs(pane).items()}
    assert FIRST_AGREE not in marks.values()
    assert "Not equivalent" in pane.compareSummary.text()


def test_ladder_stale_comparison_dropped_on_new_input(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    pane.show_comparison(normalize(NORMALIZED), compare(LADDER_INPUT, NORMALIZED))
    pane.show_analysis(analyze("http://other/"))
    assert pane.view.isColumnHidden(COL_COMPARE)
    assert pane.compareSummary.text() == ""
    pane.show_comparison(None, None)
    assert pane.view.isColumnHidden(COL_COMPARE)


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_ladder_long_values_wrap_instead_of_clipping(qtbot: QtBot) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    pane.resize(420, 400)
    pane.show()
    qtbot.waitExposed(pane)
    rungs = _rungs(pane)
    one_line = pane.view.visualItemRect(rungs["scheme-based"]).height()
    qtbot.waitUntil(lambda: pane.view.visualItemRect(rungs["case"]).height() > one_line)


def test_ladder_screenshot(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, LADDER_INPUT)
    pane.show_comparison(normalize(NORMALIZED), compare(LADDER_INPUT, NORMALIZED))
    pane.resize(900, 360)
    pane.view.setCurrentItem(_rungs(pane)["case"])  # paints a selected rich-text row
    assert pane.grab().save(str(tmp_path / "pane_ladder.png"))


def test_ladder_counts_every_edit_past_the_core_cap(qtbot: QtBot) -> None:
    """RFC 3986 §6.2.2.1: a rung that kept MAX_EDITS edits and counted the rest shows the
    whole count, in the Change cell and the tooltip's "… and N more edits"."""
    from uriinspector.core.normalize import MAX_EDITS
    from uriinspector.gui.panes.ladder import MAX_TOOLTIP_EDITS

    n = MAX_EDITS + 3
    pane = _pane(qtbot, "http://h/" + "%7e" * n)
    case = _rungs(pane)["case"]
    assert case.text(COL_CHANGE) == f"{n:,} edits"
    assert f"… and {n - MAX_TOOLTIP_EDITS:,} more edits" in case.toolTip(COL_VALUE)
