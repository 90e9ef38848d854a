"""The Extract tab (draft-2003 App. E and F) and the window's report export actions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QImage
from pytestqt.qtbot import QtBot

from uriinspector.batch import protocol
from uriinspector.gui import MainWindow
from uriinspector.gui.panes.extract import ExtractPane

ROOT = Path(__file__).resolve().parents[2]
SAMPLE_MAIL = (ROOT / "resources" / "samples" / "sample_mail.txt").read_text("utf-8")
MISLEADING = "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm"

# The rows the list must show for the sample mail, in order: verdict word, then the URI
# (App. E: URL: prefix, wrapped lines, hyphen at a line end, quotes, trailing ".")
# or the App. F guess, labelled.
EXPECTED_ROWS = [
    "Nothing notable found — http://www.example.com/reports/2003/annual-summary/index.html",
    "Nothing notable found — ftp://ftp.example.com/pub/old/summary.txt",
    "Nothing notable found — http://www.w3.org/Addressing/",
    "Nothing notable found — probably ftp://ftp.example.org/pub/uri/ (guess)",
    "Nothing notable found — probably http://www.w3.org/Addressing/ (guess)",
    f"Danger — {MISLEADING}",
    "Nothing notable found — probably http://www.example.com (guess)",
    "Nothing notable found — urn:isbn:0-395-36341-1",
    "Nothing notable found — mailto:ann@example.org",
]


def _extract(qtbot: QtBot, pane: ExtractPane, text: str) -> None:
    pane.set_text(text)
    with qtbot.waitSignal(pane.extractionFinished, timeout=20_000):
        qtbot.mouseClick(pane.extractButton, Qt.MouseButton.LeftButton)


def _rows(pane: ExtractPane) -> list[str]:
    return [pane.view.item(i).text() for i in range(pane.view.count())]


def test_sample_mail_exact_list(qtbot: QtBot) -> None:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    _extract(qtbot, pane, SAMPLE_MAIL)
    assert _rows(pane) == EXPECTED_ROWS
    assert pane.view.objectName() == "extractView"
    assert [v.level if v else None for v in pane.verdicts()].count("danger") == 1
    assert pane.status.text().startswith("9 found (3 guessed) · 1 danger · 0 caution")
    danger = pane.view.item(5)
    assert not danger.icon().isNull()
    assert "draft-2003 §7.5" in danger.toolTip()


def test_registered_and_tabified(window: MainWindow) -> None:
    assert isinstance(window.panes["extract"], ExtractPane)
    assert window.findChild(ExtractPane) is window.panes["extract"]
    assert window.docks["extract"] in window.tabifiedDockWidgets(window.docks["findings"])


def test_clicking_a_result_inspects_it(qtbot: QtBot, window: MainWindow) -> None:
    pane = window.panes["extract"]
    assert isinstance(pane, ExtractPane)
    window.docks["extract"].raise_()
    window.show()
    _extract(qtbot, pane, SAMPLE_MAIL)
    item = pane.view.item(5)
    rect = pane.view.visualItemRect(item)
    qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert window.uri() == MISLEADING
    qtbot.waitUntil(lambda: window.analysis is not None and window.analysis.text == MISLEADING)
    assert window.analysis is not None and window.analysis.verdict.level == "danger"
    # a guess loads the completed URI, not the abbreviated text
    pane.view.itemActivated.emit(pane.view.item(4))
    assert window.uri() == "http://www.w3.org/Addressing/"


def test_many_uris_are_analysed_in_chunks(qtbot: QtBot) -> None:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    text = "\n".join(f"see http://host{i}.example/p{i}." for i in range(3000))
    pane.set_text(text)
    pane.run_extraction()
    # 100 K characters are extracted on the worker thread (issue 13); the list is
    # filled at once when it is done, the verdicts arrive over several event-loop turns
    assert pane.is_extracting() and pane.is_busy()
    qtbot.waitUntil(lambda: pane.view.count() == 3000, timeout=60_000)
    assert pane.is_busy()
    assert pane.verdicts()[-1] is None
    qtbot.waitUntil(lambda: not pane.is_busy(), timeout=60_000)
    assert all(v is not None and v.level == "nothing-notable" for v in pane.verdicts())
    # a new extraction abandons the old one
    pane.set_text("nothing here")
    pane.run_extraction()
    assert pane.view.count() == 0 and pane.status.text() == "No URI found."


def test_export_all_writes_a_report_per_uri(qtbot: QtBot, tmp_path: Path) -> None:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    _extract(qtbot, pane, SAMPLE_MAIL)
    assert pane.exportButton.isEnabled()
    assert sorted(pane.exportActions) == ["html", "json", "md"]
    written = pane.export_all(tmp_path / "html")
    assert len(written) == 9 and written[5].name == "006-10.0.0.1.html"
    assert "misleading-userinfo" in written[5].read_text("utf-8")
    written = pane.export_all(tmp_path / "json", "json")
    answers = [json.loads(p.read_text("utf-8")) for p in written]
    assert [a["input"] for a in answers] == [e.target for e in pane.results()]
    assert answers[3] == protocol.handle_request(
        {"op": "analyze", "input": "ftp://ftp.example.org/pub/uri/"}
    )


def test_window_export_actions_write_files(
    qtbot: QtBot, window: MainWindow, tmp_path: Path
) -> None:
    window.set_uri(MISLEADING)
    qtbot.waitUntil(lambda: window.analysis is not None and window.analysis.text == MISLEADING)
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    for label in ("Export Analysis as &Markdown…", "Export Analysis as &HTML…",
                  "Export Field as &PNG…", "&Export Analysis as JSON…"):
        assert label in texts
    window.exports.export_report(tmp_path / "a.md", "md")
    window.exports.export_report(tmp_path / "a.html", "html")
    window.exports.export_report(tmp_path / "a.json", "json")
    window.exports.export_field_png(tmp_path / "a.png")
    md = (tmp_path / "a.md").read_text("utf-8")
    assert "**Verdict: Danger**" in md and "| Effective host | `10[.]0[.]0[.]1` |" in md
    doc = (tmp_path / "a.html").read_text("utf-8")
    assert doc.startswith("<!DOCTYPE html>")
    assert '<span class="c-host finding">10[.]0[.]0[.]1' in doc  # defanged (issue 15)
    answer = json.loads((tmp_path / "a.json").read_text("utf-8"))
    assert answer == protocol.handle_request({"op": "analyze", "input": MISLEADING})
    image = QImage(str(tmp_path / "a.png"))
    assert not image.isNull()
    assert image.width() == window.uriField.width() * image.devicePixelRatio()


def test_export_of_the_empty_start_says_so(window: MainWindow, tmp_path: Path) -> None:
    # the window starts with an analysis of "" (nothing typed yet): its report says so
    assert window.analysis is not None and window.analysis.text == ""
    window.exports.export_report(tmp_path / "x.md", "md")
    md = (tmp_path / "x.md").read_text("utf-8")
    assert md.startswith('# URI Inspector report\n\n`""` (empty)\n')


def test_export_menu_asks_for_a_folder_and_writes(
    qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    pane = ExtractPane()
    qtbot.addWidget(pane)
    _extract(qtbot, pane, "<URL:http://a.example/x> and www.w3.org/Addressing/")
    monkeypatch.setattr(QFileDialog, "getExistingDirectory", lambda *a, **k: str(tmp_path))
    pane.exportActions["md"].trigger()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["001-a.example.md", "002-www.w3.org.md"]
    assert pane.status.text() == f"Wrote 2 reports to {tmp_path}."
