"""The resolution pane's rows, built Qt-free from real ``resolve_all`` results (no QApplication)."""

from __future__ import annotations

from tests.qt_free import run_without_pyside6
from uriinspector.core.editions import RULE_SETS
from uriinspector.core.resolve import resolve_all
from uriinspector.gui.panes.resolution_rows import (
    CURRENT_RULES,
    DEFAULT_BASE,
    examples_table,
    reference_of,
    rule_rows,
    trace_rows,
    trace_title,
)

HISTORICAL = ["draft-2003", "rfc2396", "draft-1997", "rfc1808", "draft-1993"]


def test_too_many_dot_segments_differ_only_in_the_historical_editions() -> None:
    rows = rule_rows(resolve_all(DEFAULT_BASE, "../../../g"))  # RFC 3986 §5.4.2
    assert [r.rules for r in rows] == [*CURRENT_RULES, *HISTORICAL]
    assert [r.label for r in rows[:3]] == ["RFC 3986", "WHATWG / browsers", "Python urljoin"]
    assert [r.mark for r in rows] == ["reference", "= same", "= same"] + ["≠ differs"] * 5
    assert [r.target for r in rows] == ["http://a/g"] * 3 + ["http://a/../g"] * 5
    assert [r.differs for r in rows] == [False] * 3 + [True] * 5
    assert [r.historical for r in rows] == [False] * 3 + [True] * 5
    assert rows[0].target_tip == "<p><code>http://a/g</code></p>"


def test_a_user_name_that_looks_like_a_site_is_escaped_and_the_browser_differs() -> None:
    ref = "http://www.example.com&story=x@10.0.0.1/"
    rows = {r.rules: r for r in rule_rows(resolve_all(DEFAULT_BASE, ref))}
    assert rows["rfc3986"].target == ref
    assert rows["rfc3986"].target_tip == (
        "<p><code>http://www.example.com&amp;story=x@10.0.0.1/</code></p>")
    assert rows["whatwg"].differs and rows["whatwg"].mark == "≠ differs"
    assert rows["whatwg"].target == "http://www.example.com&story%3Dx@10.0.0.1/"
    assert not rows["python-urljoin"].differs


def test_an_emoji_host_and_a_lone_surrogate_are_shown_as_markers_in_every_cell() -> None:
    resolutions = resolve_all("http://\U0001f600example.com/a/b", "../c\ud800")
    rows = {r.rules: r for r in rule_rows(resolutions)}
    assert rows["rfc3986"].target == "http://\U0001f600example.com/c⟨U+D800⟩"
    assert rows["whatwg"].no_target and rows["whatwg"].target.startswith("No target: ")
    assert rows["whatwg"].differs
    reference = reference_of(resolutions)
    assert reference is not None
    trace = trace_rows(reference)
    assert trace[-1].cells[3] == "http://\U0001f600example.com/c⟨U+D800⟩"
    assert trace[-1].buffer == "http://\U0001f600example.com/c\ud800"  # exact, for the field
    for step in trace:
        assert "\ud800" not in "".join(step.cells) + "".join(step.tips)


def test_the_trace_is_numbered_and_titled_and_says_same_document() -> None:
    reference = reference_of(resolve_all(DEFAULT_BASE, ""))
    assert reference is not None
    assert trace_title(reference) == (
        "Trace under RFC 3986 (2005, STD 66): 4 steps · same document as the base "
        "(RFC 3986 §4.4)")
    trace = trace_rows(reference)
    assert [t.cells[0] for t in trace] == ["1", "2", "3", "4"]
    assert [t.cells[1] for t in trace] == [
        "5.2.1 pre-parse base", "5.2.1 parse reference", "5.2.2 R.path empty",
        "5.3 recomposition"]
    assert trace[-1].cells[3] == DEFAULT_BASE and not any(t.error for t in trace)


def test_an_empty_base_gives_no_target_and_an_error_row() -> None:
    resolutions = resolve_all("", "g")
    rows = rule_rows(resolutions)
    assert all(r.no_target and not r.differs for r in rows)
    assert all(r.mark in ("reference", "= same") for r in rows)
    reference = reference_of(resolutions)
    assert reference is not None and trace_title(reference).endswith(": 0 steps")
    (error,) = trace_rows(reference)
    assert error.error and error.cells[:2] == ("", "error") and error.buffer is None
    assert error.cells[2].endswith("(base-not-absolute)")


def test_an_8_kb_reference_is_cut_in_the_cells() -> None:
    ref = "g/" + "a" * 8192
    rows = rule_rows(resolve_all(DEFAULT_BASE, ref))
    assert rows[0].target.endswith("…") and len(rows[0].target) == 2001
    reference = reference_of(resolve_all(DEFAULT_BASE, ref))
    assert reference is not None
    assert all(len(cell) <= 2001 for t in trace_rows(reference) for cell in t.cells)


def test_the_spec_examples_table_counts_the_targets_that_differ() -> None:
    refs = ["g", "../../../g", "", "http://www.example.com&story=x@10.0.0.1/"]
    made = examples_table([(ref, resolve_all(DEFAULT_BASE, ref)) for ref in refs])
    assert made.rules == tuple(RULE_SETS)
    assert made.headers[:3] == ("Reference", "RFC\n3986", "WHATWG\n/ browsers")
    assert made.references == ("g", "../../../g", '"" (empty)',
                               "http://www.example.com&story=x@10.0.0.1/")
    dots = {c.rules: c for c in made.cells[1]}
    assert dots["rfc2396"].text == "≠ http://a/../g" and dots["rfc2396"].differs
    assert dots["rfc2396"].tooltip == (
        "<p>RFC 2396 gives <code>http://a/../g</code>; RFC 3986 gives "
        "<code>http://a/g</code></p>")
    assert dots["rfc3986"].tooltip is None and dots["rfc3986"].text == "http://a/g"
    assert {c.rules: c for c in made.cells[3]}["whatwg"].html.startswith(
        "≠ http://www.example.com&amp;story%3Dx")
    n_diff = sum(c.differs for row in made.cells for c in row)
    assert n_diff == 6
    assert made.note == (
        "4 references of RFC 3986 §5.4 resolved against http://a/b/c/d;p?q under 8 rule "
        "sets; 6 targets differ from RFC 3986 (marked “≠”).")
    empty = examples_table([])
    assert empty.headers == ("Reference",) and empty.cells == ()
    assert "resolved against the base under 0 rule sets" in empty.note


def test_the_rows_are_built_with_pyside6_unimportable() -> None:
    code = (
        "from uriinspector.core.resolve import resolve_all\n"
        "from uriinspector.gui.panes.resolution_rows import rule_rows\n"
        "print([r.mark for r in rule_rows(resolve_all('http://a/b/c/d;p?q', '../../../g'))][:4])\n"
    )
    assert run_without_pyside6(code).strip() == "['reference', '= same', '= same', '≠ differs']"
