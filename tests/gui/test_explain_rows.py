"""The Explain pane's rows (``gui/panes/explain_rows.py``), built from real analyses
without Qt: sentences with spans and escaped rule tooltips, the editions header and
notes, badges, and hostile input kept as visible plain text."""

from __future__ import annotations

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.core.analysis import analyze
from uriinspector.gui.panes.explain_rows import (
    HEADER,
    ROW_LIMIT,
    ExplainRow,
    badge_of,
    pending_text,
    rows_of,
    summary_text,
)
from uriinspector.palette_data import SEVERITY_HUES, SKY_BLUE


def _rows(uri: str) -> tuple[ExplainRow, ...]:
    return rows_of(analyze(uri).explanation)


def test_a_user_name_that_looks_like_a_site_is_said_in_a_danger_sentence() -> None:
    rows = _rows(HOSTILE["userinfo"])
    userinfo = next(r for r in rows if r.code == "userinfo")
    assert userinfo.span == (7, 30)
    assert "'www.example.com&story=x'" in userinfo.text
    # the tooltip is rich text: every piece of input in it is escaped
    assert "www.example.com&amp;story=x" in userinfo.tooltip
    assert "<code>userinfo = " in userinfo.tooltip
    danger = [r for r in rows if r.tone == "danger"]
    assert danger and all(r.bold and r.has_badge for r in danger)
    assert any("goes to 10.0.0.1" in r.text for r in danger)


def test_sentences_come_first_then_the_header_then_the_edition_notes() -> None:
    rows = _rows("http://a/b/c;p?q")
    kinds = [r.kind for r in rows]
    at = kinds.index("header")
    assert set(kinds[:at]) == {"sentence"} and set(kinds[at + 1:]) == {"note"}
    header = rows[at]
    assert header == ExplainRow("header", "info", HEADER, "", None, "")
    assert header.bold and not header.selectable and not header.has_badge
    note = rows[at + 1]
    assert note.code == "params" and note.tone == "history" and note.span == (12, 13)
    assert "<p><i>rfc2396</i>: “segment = *pchar *( &quot;;&quot; param )”</p>" in note.tooltip
    assert summary_text(rows, "RFC 3986").startswith(
        f"{kinds.count('sentence')} sentences under RFC 3986; hover a row")


def test_a_look_alike_host_is_named_and_its_sentences_are_danger() -> None:
    rows = _rows(HOSTILE["lookalike"])
    assert any(r.tone == "danger" and "CYRILLIC SMALL LETTER A" in r.text for r in rows)
    host = next(r for r in rows if r.code == "host")
    assert host.span == (7, 16) and "xn--pple-43d.com" in host.text


def test_an_astral_emoji_before_the_host_keeps_code_point_spans() -> None:
    rows = _rows(HOSTILE["emoji"])
    host = next(r for r in rows if r.code == "host")
    assert host.span == (7, 19)  # one code point for U+1F600, not two UTF-16 units
    assert "'\U0001f600example.com'" in host.text
    assert any("U+1F600 GRINNING FACE" in r.text for r in rows)


def test_a_lone_surrogate_is_shown_as_a_marker_never_as_itself() -> None:
    rows = _rows(HOSTILE["surrogate"])
    assert any("exa⟨U+D800⟩mple.com" in r.text for r in rows)
    for r in rows:
        assert "\ud800" not in r.text and "\ud800" not in r.tooltip
        r.text.encode("utf-8")  # no lone surrogate left: Qt can take every string


def test_html_in_the_input_stays_text_in_rows_and_escaped_in_tooltips() -> None:
    rows = _rows(HOSTILE["html"])
    path = next(r for r in rows if r.code == "path")
    assert "'/<b>x</b>'" in path.text  # the row is plain text: shown as typed
    assert "&lt;b&gt;x&lt;/b&gt;" in path.tooltip and "<b>" not in path.tooltip


def test_an_empty_reference_is_one_sentence_and_long_text_is_cut() -> None:
    rows = _rows(HOSTILE["empty"])
    assert [r.kind for r in rows] == ["sentence"]
    assert rows[0].text.startswith("This is a relative reference") and rows[0].span == (0, 0)
    # a sentence quoting a 300-letter host is cut for the row; the tooltip has it whole
    long_rows = _rows("http://www.paypal.com." + "a" * 300 + ".evil.com/")
    cut = [r for r in long_rows if len(r.text) > ROW_LIMIT]
    assert cut and all(len(r.text) == ROW_LIMIT + 1 and r.text.endswith("…") for r in cut)
    assert all(r.text[:-1] in r.tooltip for r in cut)


def test_badges_and_the_pending_line() -> None:
    assert badge_of("danger") == (SEVERITY_HUES["danger"], "!")
    assert badge_of("warning").glyph == "!"
    assert badge_of("history") == (SKY_BLUE, "⟲")
    assert badge_of("info").glyph == "i"
    assert pending_text(1_234_567) == "Explaining 1,234,567 characters…"


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.core.analysis import analyze\n"
        "from uriinspector.gui.panes.explain_rows import rows_of\n"
        f"rows = rows_of(analyze({HOSTILE['userinfo']!r}).explanation)\n"
        "print(sum(r.tone == 'danger' for r in rows), rows[0].span)\n")
    assert out.split() == ["1", "(0,", "40)"]
