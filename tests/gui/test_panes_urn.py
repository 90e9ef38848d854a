"""UrnPane: NID, NSS, r/q/f-components, directives and lexical form, or "not a URN"."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes import UrnPane
from uriinspector.gui.panes._common import UNDEFINED_TEXT
from uriinspector.gui.panes.urn import COL_NAME, COL_SPAN, COL_VALUE

# RFC 8141 §2.3 r- and q-components, and a fragment
URN = "urn:example:a123,z456?+abc?=xyz#789"


def _pane(qtbot: QtBot, text: str) -> UrnPane:
    pane = UrnPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text))
    return pane


def _rows(pane: UrnPane) -> dict[str, QTreeWidgetItem]:
    view = pane.view
    return {view.topLevelItem(i).text(COL_NAME): view.topLevelItem(i)
            for i in range(view.topLevelItemCount())}


def test_urn_parts(qtbot: QtBot) -> None:
    pane = _pane(qtbot, URN)
    assert pane.stack.currentIndex() == 1
    rows = _rows(pane)
    values = {k: v.text(COL_VALUE) for k, v in rows.items()}
    assert values["NID"] == "example"
    assert values["NSS"] == "a123,z456"
    assert values["r-component"] == "abc"
    assert values["q-component"] == "xyz"
    assert values["f-component"] == "789"
    assert values["lexical form"] == analyze(URN).urn.lexical_form  # type: ignore[union-attr]
    assert rows["NID"].text(COL_SPAN) == "4–11"


def test_urn_query_directives(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "urn:example:x?s=I2L&c=ToC")
    row = _rows(pane)["query directives"]
    kids = {row.child(i).text(COL_NAME): row.child(i).text(COL_VALUE)
            for i in range(row.childCount())}
    assert kids == {"s": "I2L", "c": "ToC"}
    assert _rows(pane)["f-component"].text(COL_VALUE) == UNDEFINED_TEXT


def test_urn_select_emits_span(qtbot: QtBot) -> None:
    pane = _pane(qtbot, URN)
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        pane.view.setCurrentItem(_rows(pane)["NSS"])
    assert blocker.args == [12, 21]


def test_urn_not_a_urn(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://example.com/")
    assert pane.stack.currentIndex() == 0
    assert pane.notUrnLabel.text().startswith("Not a URN")
    assert "http" in pane.notUrnLabel.text()
    pane.show_analysis(analyze(URN))
    assert pane.stack.currentIndex() == 1
    pane.show_analysis(analyze("relative/path"))
    assert "no scheme" in pane.notUrnLabel.text()


def test_urn_screenshot(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, URN)
    pane.resize(700, 400)
    assert pane.grab().save(str(tmp_path / "pane_urn.png"))
