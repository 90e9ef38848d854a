"""CharactersPane: one row per character from the core's CharInfo, via a table model."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QAbstractTableModel, Qt
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes import CharactersPane
from uriinspector.gui.panes.characters import (
    COL_CHAR,
    COL_CLASS,
    COL_CODEPOINT,
    COL_COMPONENT,
    COL_DECODED,
    COL_INDEX,
    COL_NAME,
    CharactersModel,
)


def _pane(qtbot: QtBot, text: str, edition: str = "rfc3986") -> CharactersPane:
    pane = CharactersPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text, edition))
    return pane


def _cell(pane: CharactersPane, row: int, col: int) -> str:
    return str(pane.model.index(row, col).data(Qt.ItemDataRole.DisplayRole))


def test_characters_one_row_per_code_point(qtbot: QtBot) -> None:
    text = "http://a/😀?x"
    pane = _pane(qtbot, text)
    assert isinstance(pane.view.model(), QAbstractTableModel)
    assert pane.model.rowCount() == len(text)
    assert [_cell(pane, i, COL_INDEX) for i in range(3)] == ["0", "1", "2"]
    assert _cell(pane, 9, COL_CHAR) == "😀"
    assert _cell(pane, 9, COL_CODEPOINT) == "U+1F600"
    assert _cell(pane, 9, COL_NAME) == "GRINNING FACE"
    assert _cell(pane, 0, COL_COMPONENT) == "scheme"
    assert _cell(pane, 0, COL_CLASS) == "unreserved"


def test_characters_rfc3986_2_5_utf8_triplets_decode_to_e_acute(qtbot: QtBot) -> None:
    text = "http://a/%C3%A9"
    pane = _pane(qtbot, text)
    start = text.index("%")
    for row in range(start, start + 6):
        assert "é" in _cell(pane, row, COL_DECODED), row
        assert _cell(pane, row, COL_CLASS) == "escape"
    assert _cell(pane, start, COL_DECODED).startswith("0xC3")
    assert _cell(pane, start + 3, COL_DECODED).startswith("0xA9")
    assert _cell(pane, 0, COL_DECODED) == ""


def test_characters_control_and_bidi_shown_as_code_points(qtbot: QtBot) -> None:
    text = "http://a/\x01\u202e\u200b"
    pane = _pane(qtbot, text)
    # the one marker of core/hidden.py (issue 15 item 10)
    assert _cell(pane, 9, COL_CHAR) == "⟨U+0001⟩"
    assert _cell(pane, 10, COL_CHAR) == "⟨U+202E⟩"
    assert _cell(pane, 11, COL_CHAR) == "⟨U+200B⟩"
    assert _cell(pane, 10, COL_NAME) == "RIGHT-TO-LEFT OVERRIDE"


def test_characters_class_follows_the_edition(qtbot: QtBot) -> None:
    text = "http://a/[x]"
    new, old = _pane(qtbot, text, "rfc3986"), _pane(qtbot, text, "rfc2396")
    row = text.index("[")
    assert _cell(new, row, COL_CLASS) != _cell(old, row, COL_CLASS)


def test_characters_select_row_emits_its_span(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/b")
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        pane.view.selectRow(7)
    assert blocker.args == [7, 8]


def test_characters_8kb_input_is_one_model_reset(qtbot: QtBot) -> None:
    text = "http://a/" + "%41b" * 2048
    pane = _pane(qtbot, text)
    resets: list[bool] = []
    pane.model.modelReset.connect(lambda: resets.append(True))
    pane.show_analysis(analyze(text + "c"))
    assert resets == [True]
    assert pane.model.rowCount() == len(text) + 1
    pane.resize(900, 400)
    assert not pane.grab().isNull()


def test_characters_typing_at_the_end_repaints_only_new_rows(qtbot: QtBot) -> None:
    """Shown, a keystroke inserts/removes rows at the end; no reset, no on-screen churn."""
    text = "http://a/" + "%41b" * 2048
    pane = _pane(qtbot, text)
    pane.resize(900, 400)
    pane.show()
    qtbot.waitExposed(pane)
    events: list[tuple[str, int, int]] = []
    m = pane.model
    m.modelReset.connect(lambda: events.append(("reset", 0, 0)))
    m.rowsInserted.connect(lambda _p, a, b: events.append(("inserted", a, b)))
    m.rowsRemoved.connect(lambda _p, a, b: events.append(("removed", a, b)))
    m.dataChanged.connect(lambda tl, br, _r=(): events.append(("changed", tl.row(), br.row())))
    pane.view.selectRow(3)
    pane.show_analysis(analyze(text + "c"))
    assert events == [("inserted", len(text), len(text))]
    assert _cell(pane, len(text), COL_CHAR) == "c"
    assert pane.view.currentIndex().row() == 3  # the selection survives
    events.clear()
    pane.show_analysis(analyze(text))
    assert events == [("removed", len(text), len(text))]
    assert m.rowCount() == len(text)
    events.clear()
    # An edit at the start changes on-screen rows: they are repainted.
    pane.show_analysis(analyze("ftp" + text[4:]))
    assert ("reset", 0, 0) not in events
    assert events and events[-1][0] == "changed" and events[-1][1] == 0
    assert _cell(pane, 0, COL_CHAR) == "f"
    assert [_cell(pane, i, COL_CHAR) for i in range(5)] == list("ftp:/")


def test_characters_screenshot(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, "http://caf%C3%A9.example/\u202e?q=é")
    pane.resize(900, 420)
    assert pane.grab().save(str(tmp_path / "pane_characters.png"))


def test_characters_8kb_keystroke_classifies_only_rows_on_screen(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The pane never builds the whole per-character table (7 ms at 8 KB per keystroke):
    it classifies the rows it shows, and those agree with the whole table."""
    text = "http://a/" + "%C3%A9b" * 1200
    whole = analyze(text + "c").characters  # the reference, computed before the patch
    import uriinspector.core.characters as core_characters

    def refuse(_parsed: object) -> None:
        raise AssertionError("the pane built the whole character table")

    monkeypatch.setattr(core_characters, "classify_characters", refuse)
    pane = _pane(qtbot, text)
    pane.resize(900, 400)
    pane.show()
    qtbot.waitExposed(pane)
    pane.show_analysis(analyze(text + "c"))  # a keystroke at the end, shown
    assert pane.model.rowCount() == len(text) + 1
    for row in (0, 9, 10, 11, 12, len(text) - 1, len(text)):  # é = %C3%A9 (RFC 3986 §2.5)
        info = whole[row]
        assert _cell(pane, row, COL_CLASS) == info.char_class
        assert _cell(pane, row, COL_COMPONENT) == info.component
        assert pane.model.row_info(row) == info
    pane.view.scrollToBottom()
    qtbot.wait(10)
    assert _cell(pane, len(text), COL_CHAR) == "c"
    assert _cell(pane, len(text) - 2, COL_DECODED) == "0xA9 → é"


def test_characters_rows_added_below_the_viewport_repaint_nothing(
    qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    """QTableView repaints its whole viewport on a row-count change (~830 data() calls
    at 8 KB); a row added or removed below the last row shown repaints no cell."""
    text = "http://a/" + "%41b" * 2048
    calls: list[int] = []
    original = CharactersModel.data

    def counting(self: CharactersModel, index: object, role: int = 0) -> object:
        calls.append(role)
        return original(self, index, role)  # type: ignore[arg-type]

    # Before the model exists: PySide6 looks up a type's Python overrides once.
    monkeypatch.setattr(CharactersModel, "data", counting)
    pane = _pane(qtbot, text)
    pane.resize(900, 400)
    pane.show()
    qtbot.waitExposed(pane)
    qtbot.wait(20)
    assert len(calls) > 50  # the first paint read the cells on screen
    calls.clear()
    pane.show_analysis(analyze(text + "c"))  # a keystroke at the end, far below
    qtbot.wait(20)
    assert pane.model.rowCount() == len(text) + 1
    assert len(calls) < 50, len(calls)  # nothing on screen changed
    pane.show_analysis(analyze("ftp" + text[4:] + "c"))  # the first rows change: painted
    qtbot.wait(20)
    assert len(calls) > 50
    pane.show_analysis(analyze(text))  # colours unchanged, a row removed far below
    pane.view.scrollToBottom()
    qtbot.wait(20)
    bottom = pane.view.rowAt(pane.view.viewport().height() - 1)
    assert bottom == len(text) - 1  # the scroll range followed the removed row
    assert _cell(pane, bottom, COL_CHAR) == "b"
