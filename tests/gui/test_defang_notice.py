"""Issue 15 item 6 in the window: a defanged link typed into the field, and Extract.

Typed (not pasted) text is analysed exactly as typed, so ``hxxps://evil[.]example``
has the scheme ``hxxps``; the notice under the banner says the link is defanged, shows
the refanged target, and *Inspect refanged* inspects that form; nothing rewrites what
was typed. The Extract tab lists defanged indicators with their refanged targets.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.extract import ExtractPane

TYPED = "hxxps://evil[.]example/payload"
REFANGED = "https://evil.example/payload"


def test_typed_defanged_link_gets_a_notice(
    shown_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    w = shown_window
    w.set_uri("")
    qtbot.keyClicks(w.uriField, TYPED)
    qtbot.waitUntil(lambda: w.analysis is not None and w.analysis.text == TYPED, timeout=20000)
    notice = w.defangNotice
    qtbot.waitUntil(notice.isVisible, timeout=5000)
    # What was typed is kept and analysed as typed (scheme "hxxps")...
    assert w.uri() == TYPED
    assert w.analysis is not None and w.analysis.parsed.split.scheme is not None
    assert w.analysis.parsed.split.scheme.text == "hxxps"
    # ...and the notice says it is defanged and names the refanged target.
    text = notice.label.text()
    assert "defanged" in text and "hxxps" in text and "[.]" in text
    assert text.endswith(REFANGED)
    w.grab().save(str(tmp_path / "defang_notice.png"))
    qtbot.mouseClick(notice.inspectButton, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.analysis is not None and w.analysis.text == REFANGED,
                    timeout=20000)
    assert w.uri() == REFANGED
    assert not notice.isVisible()


def test_no_notice_for_brackets_in_a_path(shown_window: MainWindow, qtbot: QtBot) -> None:
    w = shown_window
    w.set_uri("")
    typed = "https://example.com/list[.]txt"
    qtbot.keyClicks(w.uriField, typed)
    qtbot.waitUntil(lambda: w.analysis is not None and w.analysis.text == typed, timeout=20000)
    assert not w.defangNotice.isVisible()


def test_extract_lists_defanged_indicators_with_their_targets(qtbot: QtBot) -> None:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.set_text("Block hxxps://evil[.]example/payload and evil[.]example today.\n"
                  "Also https://ok.example/.")
    with qtbot.waitSignal(pane.extractionFinished, timeout=30000):
        qtbot.mouseClick(pane.extractButton, Qt.MouseButton.LeftButton)
    rows = [pane.view.item(i).text() for i in range(pane.view.count())]
    assert len(rows) == 3
    assert rows[0].endswith(f"{TYPED} → {REFANGED} (defanged)")
    assert rows[1].endswith("evil[.]example → evil.example (defanged; probably "
                            "http://evil.example)")
    assert rows[2].endswith("https://ok.example/")
    assert "(2 defanged)" in pane.status.text()
    # a row inspects the refanged target, never the defanged text
    got: list[object] = []
    pane.uriRequested.connect(got.append)
    pane.view.itemClicked.emit(pane.view.item(0))
    assert got == [REFANGED]


def test_an_opened_text_file_lists_defanged_indicators(
    shown_window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    from uriinspector.gui.panes.document_view import COL_LINK, COL_NOTE, DEFANGED_WORDS

    w = shown_window
    path = tmp_path / "iocs.txt"
    path.write_text(f"Block {TYPED} and evil[.]example.\n", encoding="utf-8")
    w.documents.open_path(str(path))
    qtbot.waitUntil(lambda: not w.documents.reader.busy, timeout=30000)
    view = w.pane("extract").documentView  # type: ignore[attr-defined]
    rows = [view.row_text(r) for r in range(view.model.rowCount())]
    assert [r[COL_LINK] for r in rows] == [TYPED, "evil[.]example"]
    assert rows[0][COL_NOTE] == f"{DEFANGED_WORDS} {REFANGED}"
    assert rows[1][COL_NOTE] == f"{DEFANGED_WORDS} http://evil.example"
    view.select_row(0)  # a row inspects the refanged target
    assert w.uri() == REFANGED
