"""FindingsPane: findings and parse diagnostics, each with its code at UserRole."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes import FindingsPane
from uriinspector.gui.panes.findings import KIND_ROLE

# draft-2003 §7.5 "Semantic Attacks"
SEMANTIC_ATTACK = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"
REDIRECT = "https://trusted.example/redirect?url=https%3A%2F%2Fevil.example%2F"


def _pane(qtbot: QtBot, text: str) -> FindingsPane:
    pane = FindingsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text))
    return pane


def _codes(pane: FindingsPane, kind: str | None = None) -> list[str]:
    view = pane.view
    return [
        view.item(i).data(Qt.ItemDataRole.UserRole)
        for i in range(view.count())
        if kind is None or view.item(i).data(KIND_ROLE) == kind
    ]


def test_findings_draft2003_7_5_semantic_attack(qtbot: QtBot) -> None:
    pane = _pane(qtbot, SEMANTIC_ATTACK)
    codes = _codes(pane, "finding")
    assert "misleading-userinfo" in codes
    first = pane.view.item(codes.index("misleading-userinfo"))
    assert first.text().startswith("Danger · ")
    assert "10.0.0.1" in first.text()
    assert not first.icon().isNull()
    assert "Danger" in pane.summary.text()


def test_findings_every_row_has_a_code_and_icon(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a b/%zz")
    assert pane.view.count() > 0
    for i in range(pane.view.count()):
        item = pane.view.item(i)
        assert item.data(Qt.ItemDataRole.UserRole)
        assert not item.icon().isNull()
    assert {"invalid-character", "malformed-percent"} <= set(_codes(pane, "diagnostic"))
    grammar = [pane.view.item(i) for i in range(pane.view.count())
               if pane.view.item(i).data(KIND_ROLE) == "diagnostic"]
    assert all(item.text().startswith("Grammar ") for item in grammar)


def test_findings_select_row_emits_its_span(qtbot: QtBot) -> None:
    a = analyze(SEMANTIC_ATTACK)
    pane = FindingsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(a)
    row = _codes(pane).index("misleading-userinfo")
    finding = next(f for f in a.findings if f.code == "misleading-userinfo")
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        pane.view.setCurrentRow(row)
    assert blocker.args == [finding.span.start, finding.span.end]


@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_findings_clicking_current_row_again_reselects_span(qtbot: QtBot) -> None:
    pane = _pane(qtbot, SEMANTIC_ATTACK)
    pane.resize(700, 300)
    pane.show()
    rect = pane.view.visualItemRect(pane.view.item(0))
    spans: list[tuple[int, int]] = []
    pane.spanRequested.connect(lambda s, e: spans.append((s, e)))
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert len(spans) == 2 and spans[0] == spans[1]


def test_findings_inspect_embedded_url(qtbot: QtBot) -> None:
    a = analyze(REDIRECT)
    pane = FindingsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(a)
    assert not pane.inspect_button.isEnabled()
    row = _codes(pane).index("embedded-url")
    pane.view.setCurrentRow(row)
    assert pane.inspect_button.isEnabled()
    finding = next(f for f in a.findings if f.code == "embedded-url")
    with qtbot.waitSignal(pane.inspectRequested) as blocker:
        pane.inspect_button.click()
    assert blocker.args == [finding.nested_url] == ["https://evil.example/"]


def test_findings_selection_kept_across_analyses(qtbot: QtBot) -> None:
    pane = _pane(qtbot, SEMANTIC_ATTACK)
    row = _codes(pane).index("misleading-userinfo")
    pane.view.setCurrentRow(row)
    with qtbot.assertNotEmitted(pane.spanRequested):
        pane.show_analysis(analyze(SEMANTIC_ATTACK))
    assert pane.view.currentItem().data(Qt.ItemDataRole.UserRole) == "misleading-userinfo"


def test_findings_clean_link_has_no_rows(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "https://example.com/")
    assert pane.view.count() == 0
    assert "0 findings" in pane.summary.text()


def test_findings_tooltips_escape_uri_text(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://<b>x</b>@10.0.0.1/")
    tips = " ".join(pane.view.item(i).toolTip() for i in range(pane.view.count()))
    assert "<b>x</b>" not in tips


def test_findings_screenshot(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, SEMANTIC_ATTACK)
    pane.resize(800, 400)
    assert pane.grab().save(str(tmp_path / "pane_findings.png"))


def test_findings_inspect_percent_encoded_nested_url_opens_it_decoded(qtbot: QtBot) -> None:
    uri = "https://t.co/r?url=https%3A%2F%2Fevil.example%2Fsignin"
    pane = FindingsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(uri))
    pane.view.setCurrentRow(_codes(pane).index("embedded-url"))
    with qtbot.waitSignal(pane.inspectRequested) as blocker:
        pane.inspect_button.click()
    assert blocker.args == ["https://evil.example/signin"]
