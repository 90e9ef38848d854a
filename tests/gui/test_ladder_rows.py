"""The normalization ladder's rows, built Qt-free from real ladders (no QApplication made)."""

from __future__ import annotations

from tests.qt_free import run_without_pyside6
from uriinspector.core.analysis import analyze
from uriinspector.core.compare import compare
from uriinspector.core.normalize import normalize
from uriinspector.gui.panes.ladder_rows import (
    EQUAL,
    FIRST_AGREE,
    MAX_DIFF_CHARS,
    MAX_SHOWN_CHARS,
    MAX_TOOLTIP_EDITS,
    NOT_YET,
    Colours,
    compare_summary,
    ladder_rows,
    normalized_html,
)

COLOURS = Colours(removed="#aa0000", inserted="#00aa00", inserted_bg="#eeffee", dim="#888888")
NAMES = ["simple-string", "case", "percent-encoding", "path-segment", "scheme-based",
         "protocol-based"]


def test_each_rung_in_order_with_its_edits_inline_and_the_last_not_performed() -> None:
    rows = ladder_rows(analyze("eXAMPLE://a/./b/../b/%63/%7bfoo%7d").ladder, COLOURS)
    assert [r.name for r in rows] == NAMES
    assert [r.change for r in rows] == [
        "no change", "3 edits", "1 edit", "1 edit", "no change ⓘ", "not performed"]
    assert [r.change_dim for r in rows] == [True, False, False, False, True, False]
    case = rows[1]
    assert case.label == "Case · §6.2.2.1" and case.value == "example://a/./b/../b/%63/%7Bfoo%7D"
    assert case.value_html is not None and case.value_html.startswith(
        "<span style='white-space:pre-wrap'><s style='color:#aa0000'>eXAMPLE</s>"
        "<u style='color:#00aa00;background-color:#eeffee'>example</u>://a/")
    assert "<code>eXAMPLE</code> → <code>example</code>" in case.tooltip
    last = rows[-1]
    assert not last.performed and last.value.startswith("not performed")
    assert last.value_html == f"<i style='color:#888888'>{last.value}</i>"
    assert all(r.compare == "" and not r.first_agree for r in rows)


def test_a_hostile_user_name_is_escaped_in_the_value_and_the_label() -> None:
    text = "http://www.example.com&story=x@10.0.0.1/"
    a = analyze(text)
    rows = ladder_rows(a.ladder, COLOURS)
    assert all(r.change in ("no change", "not performed") for r in rows)
    assert rows[0].value == text  # the plain cell is the text itself
    assert rows[0].value_html == (
        "<span style='white-space:pre-wrap'>http://www.example.com&amp;story=x@10.0.0.1/</span>")
    assert "&amp;story" in normalized_html(a.ladder.normalized)


def test_an_astral_emoji_host_is_cut_by_code_points_in_the_diff() -> None:
    rows = ladder_rows(analyze("HTTP://\U0001f600Example.COM:80/%7e").ladder, COLOURS)
    case = rows[1]
    assert case.value_html is not None
    assert "<s style='color:#aa0000'>\U0001f600Example.COM</s>" in case.value_html
    assert "background-color:#eeffee'>\U0001f600example.com</u>" in case.value_html
    assert rows[4].change == "1 edit" and "<s style='color:#aa0000'>:80</s>" in (
        rows[4].value_html or "")


def test_a_lone_surrogate_is_a_marker_everywhere() -> None:
    a = analyze("http://exa\ud800mple.com/")
    rows = ladder_rows(a.ladder, COLOURS)
    for r in rows:
        assert "\ud800" not in r.value + (r.value_html or "") + r.tooltip
    assert rows[0].value == "http://exa⟨U+D800⟩mple.com/"
    assert "exa⟨U+D800⟩mple" in normalized_html(a.ladder.normalized)


def test_empty_input_has_six_rungs_that_change_nothing() -> None:
    rows = ladder_rows(analyze("").ladder, COLOURS)
    assert [r.name for r in rows] == NAMES
    assert {r.value for r in rows[:5]} == {""}
    assert [r.change for r in rows[:5]] == [
        "no change", "no change", "no change", "no change ⓘ", "no change ⓘ"]


def test_an_8_kb_uri_is_shown_cut_plain_and_its_edits_counted() -> None:
    text = "http://example.com/" + "%41" * 2730
    a = analyze(text)
    rows = ladder_rows(a.ladder, COLOURS)
    pct = rows[2]
    assert pct.change == "2,730 edits"
    assert len(text) > MAX_DIFF_CHARS and pct.value_html is None  # plain: no inline diff
    assert pct.value == "http://example.com/" + "A" * (MAX_SHOWN_CHARS - 19) + "…"
    assert pct.tooltip.count("<li>") == MAX_TOOLTIP_EDITS + 1
    assert f"… and {2730 - MAX_TOOLTIP_EDITS:,} more edits" in pct.tooltip
    label = normalized_html(a.ladder.normalized)
    assert f"({len(a.ladder.normalized):,} characters; Edit ▸ Copy Normalized" in label


def test_a_comparison_marks_every_rung_and_the_first_where_they_agree() -> None:
    a_text, b_text = "HTTP://Example.COM:80/%7ea", "http://example.com/~a"
    comparison = compare(a_text, b_text)
    rows = ladder_rows(analyze(a_text).ladder, COLOURS, comparison, normalize(b_text))
    assert [r.compare for r in rows] == [NOT_YET] * 4 + [FIRST_AGREE, EQUAL]
    assert [r.first_agree for r in rows] == [False] * 4 + [True, False]
    assert rows[4].compare_tip == f"<p>The other URI here: <code>{b_text}</code></p>"
    assert compare_summary(comparison) == (
        "<b>Equivalent</b>: the two agree from the <b>Scheme-based · §6.2.3</b> rung on "
        f"(marked {FIRST_AGREE}).")
    never = compare("http://a/", "http://b/")
    assert compare_summary(never).startswith("<b>Not equivalent</b>")
    assert compare_summary(None) == ""


def test_the_rows_are_built_with_pyside6_unimportable() -> None:
    code = (
        "from uriinspector.core.analysis import analyze\n"
        "from uriinspector.gui.panes.ladder_rows import Colours, ladder_rows\n"
        "rows = ladder_rows(analyze('HTTP://a/%7e').ladder, Colours('#1', '#2', '#3', '#4'))\n"
        "print([r.change for r in rows][:3])\n"
    )
    # HTTP, then %7e -> %7E
    assert run_without_pyside6(code).strip() == "['no change', '2 edits', '1 edit']"
