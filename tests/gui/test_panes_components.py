"""ComponentsPane: handed a real Analysis, it shows what a person reads (RFC 3986 §3)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem
from pytestqt.qtbot import QtBot

from uriinspector.core.analysis import analyze
from uriinspector.gui.panes import ComponentsPane
from uriinspector.gui.panes._common import EMPTY_TEXT, UNDEFINED_TEXT
from uriinspector.gui.panes.components import COL_DECODED, COL_NAME, COL_RAW, COL_SPAN

HYPERLINK_EXAMPLE = "foo://u:p@example.com:8042/over/there?name=ferret#nose"


def _pane(qtbot: QtBot, text: str, edition: str = "rfc3986") -> ComponentsPane:
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(analyze(text, edition))
    return pane


def _rows(view: QTreeWidget) -> dict[str, QTreeWidgetItem]:
    """Every row by its path of labels, e.g. 'authority/userinfo/user'."""
    out: dict[str, QTreeWidgetItem] = {}

    def walk(item: QTreeWidgetItem, prefix: str) -> None:
        key = f"{prefix}{item.text(COL_NAME)}"
        out[key] = item
        for i in range(item.childCount()):
            walk(item.child(i), key + "/")

    for i in range(view.topLevelItemCount()):
        walk(view.topLevelItem(i), "")
    return out


def test_components_rfc3986_3_hyperlink_example(qtbot: QtBot) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    rows = _rows(pane.view)
    expected = {
        "scheme": ("foo", "0–3"),
        "authority": ("u:p@example.com:8042", "6–26"),
        "authority/userinfo": ("u:p", "6–9"),
        "authority/userinfo/user": ("u", "6–7"),
        "authority/userinfo/password": ("p", "8–9"),
        "authority/host · reg-name": ("example.com", "10–21"),
        "authority/port": ("8042", "22–26"),
        "path": ("/over/there", "26–37"),
        "path/segment 1": ("over", "27–31"),
        "path/segment 2": ("there", "32–37"),
        "query": ("name=ferret", "38–49"),
        "query/parameter 1": ("name=ferret", "38–49"),
        "fragment": ("nose", "50–54"),
    }
    for key, (raw, span) in expected.items():
        assert key in rows, f"missing row {key}: {sorted(rows)}"
        assert rows[key].text(COL_RAW) == raw, key
        assert rows[key].text(COL_SPAN) == span, key
    assert rows["query/parameter 1"].text(COL_DECODED) == "name = ferret"


def test_components_undefined_and_empty_look_different(qtbot: QtBot) -> None:
    empty_pane, undefined_pane = _pane(qtbot, "http://a?"), _pane(qtbot, "http://a")
    empty = _rows(empty_pane.view)["query"]
    undefined = _rows(undefined_pane.view)["query"]
    assert empty.text(COL_RAW) == EMPTY_TEXT
    assert empty.text(COL_SPAN) == "9–9"
    assert undefined.text(COL_RAW) == UNDEFINED_TEXT
    assert undefined.text(COL_SPAN) == ""
    assert undefined.font(COL_RAW).italic()
    assert undefined.foreground(COL_RAW).color() != empty.foreground(COL_RAW).color()


def test_components_percent_and_form_decoding(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/caf%C3%A9?q=a+b%20c&flag")
    rows = _rows(pane.view)
    assert rows["path/segment 1"].text(COL_RAW) == "caf%C3%A9"
    assert rows["path/segment 1"].text(COL_DECODED) == "café"
    assert rows["query/parameter 1"].text(COL_DECODED) == "q = a b c"
    assert rows["query/parameter 2"].text(COL_DECODED) == "flag (no value)"


def test_components_rfc2396_3_3_segment_params(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/b;x=1/c", "rfc2396")
    rows = _rows(pane.view)
    assert rows["path/segment 1/name"].text(COL_RAW) == "b"
    assert rows["path/segment 1/;param"].text(COL_RAW) == "x=1"
    assert rows["path/segment 1/;param"].text(COL_SPAN) == "11–14"


def test_components_ipv6_host_kind(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://[::1]:80/")
    rows = _rows(pane.view)
    assert rows["authority/host · ipv6"].text(COL_RAW) == "[::1]"


def test_components_bidi_control_is_shown_not_hidden(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/x\u202ey")
    rows = _rows(pane.view)
    assert rows["path/segment 1"].text(COL_RAW) == "x⟨U+202E⟩y"


# The offscreen platform warns that it cannot propagate size hints when a window shows.
@pytest.mark.qt_log_ignore("propagateSizeHints")
def test_components_click_row_emits_span(qtbot: QtBot) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    pane.resize(700, 400)
    pane.show()
    host = _rows(pane.view)["authority/host · reg-name"]
    rect = pane.view.visualItemRect(host)
    with qtbot.waitSignal(pane.spanRequested) as blocker:
        qtbot.mouseClick(pane.view.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert blocker.args == [10, 21]


def test_components_select_at_picks_innermost_without_emitting(qtbot: QtBot) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    with qtbot.assertNotEmitted(pane.spanRequested):
        pane.select_at(12)
        assert pane.view.currentItem().text(COL_NAME) == "host · reg-name"
        pane.select_at(6)
        assert pane.view.currentItem().text(COL_NAME) == "user"
        pane.select_at(29)
        assert pane.view.currentItem().text(COL_NAME) == "segment 1"
        pane.select_at(len(HYPERLINK_EXAMPLE))  # cursor after the last character
        assert pane.view.currentItem().text(COL_NAME) == "fragment"


def test_components_selection_survives_a_new_analysis(qtbot: QtBot) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    pane.select_at(12)
    with qtbot.assertNotEmitted(pane.spanRequested):
        pane.show_analysis(analyze("foo://u:p@example.org:8042/over"))
    assert pane.view.currentItem().text(COL_RAW) == "example.org"


@pytest.mark.parametrize("text", ["", "%", "//", "?#", "a" * 9000, "http://a/?" + "k=v&" * 800])
def test_components_any_input_renders(qtbot: QtBot, text: str, tmp_path: Path) -> None:
    a = analyze(text)
    pane = ComponentsPane()
    qtbot.addWidget(pane)
    pane.show_analysis(a)
    # scheme, authority, path, query, fragment, and a details branch if a decoder spoke
    assert pane.view.topLevelItemCount() == 5 + (a.decoding is not None)
    assert not pane.grab().isNull()


def test_components_screenshot(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    pane.resize(800, 420)
    assert pane.grab().save(str(tmp_path / "pane_components.png"))


def test_components_many_parameters_listed_on_expanding(qtbot: QtBot) -> None:
    text = "http://a/?" + "&".join(f"k{i}=v" for i in range(800))
    pane = _pane(qtbot, text)
    query = pane.view.topLevelItem(3)
    assert query.text(COL_NAME) == "query (800)"
    assert not query.isExpanded() and query.childCount() == 0
    with qtbot.assertNotEmitted(pane.spanRequested):
        query.setExpanded(True)
    assert query.childCount() == 800
    assert query.child(799).text(COL_DECODED) == "k799 = v"


def test_components_long_list_after_a_short_one_stays_unlisted(qtbot: QtBot) -> None:
    pane = _pane(qtbot, "http://a/b/c")
    path = pane.view.topLevelItem(2)
    assert path.isExpanded() and path.childCount() == 2
    pane.show_analysis(analyze("http://a/" + "/".join(["s"] * 5000)))
    path = pane.view.topLevelItem(2)
    assert path.text(COL_NAME) == "path (5000)"
    assert path.childCount() == 0  # nothing listed until the user expands it


def test_components_expanded_long_list_follows_typing(qtbot: QtBot) -> None:
    text = "http://a/?" + "&".join(f"k{i}=v" for i in range(100))
    pane = _pane(qtbot, text)
    query = pane.view.topLevelItem(3)
    query.setExpanded(True)
    assert query.childCount() == 100
    pane.show_analysis(analyze(text + "&new=1"))
    query = pane.view.topLevelItem(3)
    assert query.text(COL_NAME) == "query (101)" and query.isExpanded()
    assert query.childCount() == 101
    assert query.child(100).text(COL_DECODED) == "new = 1"


def test_components_reuses_rows_when_the_structure_is_unchanged(qtbot: QtBot) -> None:
    pane = _pane(qtbot, HYPERLINK_EXAMPLE)
    before = pane.view.topLevelItem(4)
    pane.show_analysis(analyze(HYPERLINK_EXAMPLE + "s"))
    after = pane.view.topLevelItem(4)
    assert after is before  # the same item, its cells updated in place
    assert after.text(COL_RAW) == "noses"


def test_components_long_list_after_a_short_open_one_can_be_listed(qtbot: QtBot) -> None:
    """The short path was open; the long one replacing it is closed with an arrow, so
    expanding it lists the segments (an open row without children had no arrow and
    could never be expanded)."""
    pane = _pane(qtbot, "http://a/b/c")
    pane.show()
    path = pane.view.topLevelItem(2)
    assert path.isExpanded()
    pane.show_analysis(analyze("http://a/" + "/".join(f"s{i}" for i in range(500))))
    path = pane.view.topLevelItem(2)
    assert not path.isExpanded() and path.childCount() == 0
    assert path.childIndicatorPolicy() == QTreeWidgetItem.ChildIndicatorPolicy.ShowIndicator
    path.setExpanded(True)
    assert path.childCount() == 500
    assert path.child(499).text(COL_RAW) == "s499"


def _texts(item: QTreeWidgetItem) -> tuple[str, ...]:
    return tuple(item.text(c) for c in (COL_NAME, COL_RAW, COL_DECODED, COL_SPAN))


def test_components_reused_rows_follow_a_change_in_the_middle(qtbot: QtBot) -> None:
    """Rows are reused only while their text and offset are unchanged: a longer value
    in the middle updates that parameter and shifts the spans after it (RFC 3986 §3.4,
    HTML form convention for the & and = split)."""
    pane = _pane(qtbot, "http://h/?a=1&b=2&c=3#f")
    query = pane.view.topLevelItem(3)
    assert _texts(query.child(1)) == ("parameter 2", "b=2", "b = 2", "14–17")
    assert _texts(query.child(2)) == ("parameter 3", "c=3", "c = 3", "18–21")
    pane.show_analysis(analyze("http://h/?a=1&b=22&c=3#f"))
    query = pane.view.topLevelItem(3)
    assert _texts(query.child(0)) == ("parameter 1", "a=1", "a = 1", "10–13")
    assert _texts(query.child(1)) == ("parameter 2", "b=22", "b = 22", "14–18")
    assert _texts(query.child(2)) == ("parameter 3", "c=3", "c = 3", "19–22")
    query.child(2).setExpanded(True)
    assert _texts(query.child(2).child(1)) == ("value", "3", "3", "21–22")
    pane.show_analysis(analyze("http://h/?a=1&b=2&c=3#f"))  # and back
    query = pane.view.topLevelItem(3)
    assert _texts(query.child(1)) == ("parameter 2", "b=2", "b = 2", "14–17")
    assert _texts(query.child(2).child(1)) == ("value", "3", "3", "20–21")


def test_components_segments_shift_when_the_host_grows(qtbot: QtBot) -> None:
    """The same segment text at a new offset is a new row state (RFC 3986 §3.3)."""
    pane = _pane(qtbot, "http://h/x/y")
    path = pane.view.topLevelItem(2)
    assert [_texts(path.child(i))[3] for i in range(2)] == ["9–10", "11–12"]
    pane.show_analysis(analyze("http://hh/x/y"))
    path = pane.view.topLevelItem(2)
    assert [_texts(path.child(i))[3] for i in range(2)] == ["10–11", "12–13"]
    assert path.text(COL_SPAN) == "9–13"


def test_components_typing_in_the_fragment_keeps_an_open_long_list(qtbot: QtBot) -> None:
    """An unchanged query keeps the parameters the user listed (same items, same
    texts) while the fragment changes."""
    text = "http://a/?" + "&".join(f"k{i}=v" for i in range(100)) + "#f"
    pane = _pane(qtbot, text)
    query = pane.view.topLevelItem(3)
    query.setExpanded(True)
    first, last = query.child(0), query.child(99)
    pane.show_analysis(analyze(text + "g"))
    query = pane.view.topLevelItem(3)
    assert query.isExpanded() and query.childCount() == 100
    assert query.child(0) is first and query.child(99) is last
    assert last.text(COL_DECODED) == "k99 = v"
    assert pane.view.topLevelItem(4).text(COL_RAW) == "fg"


def test_components_details_follow_a_changed_field(qtbot: QtBot) -> None:
    """Unchanged decoder fields keep their rows; a changed one is shown anew."""
    pane = _pane(qtbot, "http://h/?utm_source=a#f")

    def details() -> dict[str, tuple[str, ...]]:
        section = pane.view.topLevelItem(5)
        out = {}
        for i in range(section.childCount()):
            child = section.child(i)
            out[child.text(COL_NAME).split("  ")[0]] = _texts(child)
        return out

    before = details()
    assert before["Fragment"][1:3] == ("f", "f")
    pane.show_analysis(analyze("http://h/?utm_source=ab#f"))
    after = details()
    assert after["Fragment"][1:] == ("f", "f", "24–25")
    assert after["Host"] == before["Host"]
    assert after["Query parameters"][1] == "utm_source=ab"


def test_components_edition_switch_same_text_rebuilds_segment_params(qtbot: QtBot) -> None:
    """Under RFC 2396 §3.3 a segment carries ;parameters, under RFC 3986 §3.3 it does
    not: the same text under another edition is not reused from the previous one."""
    text = "http://a/b;x=1/c"
    pane = _pane(qtbot, text, "rfc3986")
    assert "path/segment 1/;param" not in _rows(pane.view)
    pane.show_analysis(analyze(text, "rfc2396"))
    assert _rows(pane.view)["path/segment 1/;param"].text(COL_RAW) == "x=1"
    pane.show_analysis(analyze(text, "rfc3986"))
    assert "path/segment 1/;param" not in _rows(pane.view)
