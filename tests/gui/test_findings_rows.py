"""The Findings pane's rows, built Qt-free from real analyses (no QApplication made)."""

from __future__ import annotations

from tests.qt_free import run_without_pyside6
from uriinspector.core.analysis import analyze
from uriinspector.gui.panes.findings_rows import (
    MAX_ROWS,
    MESSAGE_LIMIT,
    finding_rows,
    summary,
)


def test_a_user_name_that_looks_like_a_site_is_a_bold_danger_row_first() -> None:
    text = "http://www.example.com&story=x@10.0.0.1/"
    rows = finding_rows(analyze(text))
    assert [(r.kind, r.severity, r.code) for r in rows] == [
        ("finding", "danger", "misleading-userinfo"),
        ("finding", "warning", "ip-literal-host"),
    ]
    first = rows[0]
    assert first.text.startswith("Danger · This link goes to 10.0.0.1.")
    assert first.span == (7, 30) and text[7:30] == "www.example.com&story=x"
    assert first.bold and first.round_icon and not rows[1].bold
    assert first.tooltip.startswith("<p><b>misleading-userinfo</b> (danger)</p>")
    assert "&amp;story" in first.tooltip  # the user name is escaped, never markup
    said = summary(analyze(text))
    assert said == ("2 findings, 0 grammar diagnostics", "danger", "danger", "Danger")


def test_a_cyrillic_look_alike_names_the_brand_and_ends_with_the_grammar_error() -> None:
    rows = finding_rows(analyze("http://\u0430pple.com/"))
    codes = [r.code for r in rows]
    assert codes[-1] == "non-ascii" and rows[-1].kind == "diagnostic"
    assert rows[-1].text.startswith("Grammar error · ") and not rows[-1].round_icon
    assert rows[-1].span == (7, 8)
    brand = next(r for r in rows if r.code == "lookalike-domain")
    assert brand.text.startswith("Danger · imitates apple.com · ")
    assert "<p>Imitates <b>apple.com</b></p>" in brand.tooltip
    assert summary(analyze("http://\u0430pple.com/")).counts == "3 findings, 1 grammar diagnostic"


def test_spans_count_code_points_after_an_astral_emoji() -> None:
    text = "http://\U0001f600example.com/"
    rows = finding_rows(analyze(text))
    error = next(r for r in rows if r.code == "non-ascii")
    assert error.span == (7, 8) and text[7:8] == "\U0001f600"  # one code point, not two
    assert next(r for r in rows if r.code == "confusable-host").span == (7, 15)


def test_a_lone_surrogate_is_shown_as_its_marker_never_raw() -> None:
    rows = finding_rows(analyze("http://exa\ud800mple.com/"))
    surrogate = next(r for r in rows if r.code == "lone-surrogate")
    assert surrogate.span == (10, 11) and surrogate.severity == "error"
    for r in rows:
        assert "\ud800" not in r.text and "\ud800" not in r.tooltip
    assert "⟨U+D800⟩" in surrogate.text


def test_nothing_found_in_empty_input() -> None:
    assert finding_rows(analyze("")) == ()
    said = summary(analyze(""))
    assert said.counts == "0 findings, 0 grammar diagnostics"
    assert (said.level, said.severity) == ("nothing-notable", "info")


def test_an_embedded_url_row_keeps_the_exact_url_to_inspect() -> None:
    rows = finding_rows(analyze("https://example.com/?u=aHR0cHM6Ly9ldmlsLmV4YW1wbGUv"))
    (row,) = rows
    assert (row.code, row.severity, row.span) == ("embedded-url", "warning", (23, 51))
    assert row.nested == "https://evil.example/"
    assert "<p>Nested URL: <code>https://evil.example/</code></p>" in row.tooltip


def test_a_long_message_is_cut_and_many_findings_are_counted_in_one_row() -> None:
    text = "http://example.com/" + "\u202ea" * 4096  # 8 KB: a finding per bidi control
    a = analyze(text)
    rows = finding_rows(a)
    findings = [r for r in rows if r.kind == "finding"]
    assert len(findings) == MAX_ROWS
    more = rows[MAX_ROWS]
    assert more.kind == "more" and more.span is None and more.code == ""
    assert more.text == f"… and {len(a.findings) - MAX_ROWS:,} more findings not listed"
    assert len(a.findings) == 4096 and len(rows) == MAX_ROWS + 1 + len(a.parsed.diagnostics)
    assert all(len(r.text) <= MESSAGE_LIMIT + 40 for r in rows)
    said = summary(a)
    assert said.counts == f"4096 findings, {len(a.parsed.diagnostics)} grammar diagnostics"


def test_the_rows_are_built_with_pyside6_unimportable() -> None:
    code = (
        "from uriinspector.core.analysis import analyze\n"
        "from uriinspector.gui.panes.findings_rows import finding_rows, summary\n"
        "a = analyze('http://www.example.com&story=x@10.0.0.1/')\n"
        "print([r.code for r in finding_rows(a)], summary(a).label)\n"
    )
    assert run_without_pyside6(code).strip() == "['misleading-userinfo', 'ip-literal-host'] Danger"


def test_a_diagnostic_quoting_8_kb_of_input_is_cut_in_the_row_and_the_tooltip() -> None:
    a = analyze("http://[" + "v" * 8000 + "]/")
    (diagnostic,) = a.parsed.diagnostics
    assert len(diagnostic.message) > 8000
    row = finding_rows(a)[-1]
    assert (row.kind, row.code) == ("diagnostic", "invalid-ipvfuture")
    assert row.text == "Grammar error · " + diagnostic.message[:MESSAGE_LIMIT] + "…"
    assert len(row.tooltip) < MESSAGE_LIMIT + 200
