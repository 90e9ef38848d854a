"""The URN pane's rows, built Qt-free from real analyses (no QApplication made)."""

from __future__ import annotations

from tests.qt_free import run_without_pyside6
from uriinspector.core.analysis import analyze
from uriinspector.gui.panes.cells import EMPTY_TEXT, UNDEFINED_TEXT
from uriinspector.gui.panes.urn_rows import (
    UrnRow,
    is_urn,
    not_urn_text,
    urn_rows,
    validity,
    validity_html,
)


def _rows(text: str) -> dict[str, UrnRow]:
    a = analyze(text)
    assert is_urn(a) and a.urn is not None
    return {r.label: r for r in urn_rows(a.urn)}


def test_the_parts_in_order_with_code_point_spans_and_the_lexical_form() -> None:
    text = "URN:example:a%2cb?+res?=a=1#frag"
    a = analyze(text)
    assert a.urn is not None
    rows = urn_rows(a.urn)
    assert [r.label for r in rows][:7] == [
        "NID", "NSS", "r-component", "q-component", "f-component", "query directives",
        "lexical form",
    ]
    by = {r.label: r for r in rows}
    assert (by["NID"].shown, by["NID"].span_text) == ("example", "4–11")
    assert by["NSS"].span is not None and text[slice(*by["NSS"].span)] == "a%2cb"
    assert by["r-component"].shown == "res" and by["q-component"].shown == "a=1"
    assert by["lexical form"].value_font == "mono-bold"
    assert by["lexical form"].shown.startswith("urn:example:a%2Cb")  # §5: %2c -> %2C
    assert by["NID"].name_tip.startswith("<p style='white-space:pre-wrap'>Namespace identifier")


def test_undefined_and_empty_differ() -> None:
    by = _rows("urn:")
    assert (by["NID"].shown, by["NID"].value_font, by["NID"].dim) == (EMPTY_TEXT, "plain", False)
    assert by["NID"].span_text == "4–4" and by["NID"].value_tip is None
    nss = by["NSS"]
    assert (nss.shown, nss.value_font, nss.dim, nss.span_text) == (
        UNDEFINED_TEXT, "italic", True, "")
    (error,) = by["diagnostics"].children
    assert (error.label, error.severity, error.code) == ("✖ error", "error", "urn-missing-nss")
    assert error.value_font == "view" and error.span == (4, 4)
    assert validity(analyze("urn:").urn) == ("error", "✖ URN, not valid")  # type: ignore[arg-type]


def test_query_directives_are_children_and_a_bad_one_is_diagnosed() -> None:
    by = _rows("urn:example:a?x=1&y")
    directives = by["query directives"]
    assert directives.shown == "1 directive" and directives.span == (14, 19)
    assert [(c.label, c.shown) for c in directives.children] == [("x", "1")]
    severities = [c.severity for c in by["diagnostics"].children]
    assert severities == ["info", "error"] and by["diagnostics"].shown == "2"
    two = _rows("urn:example:a?x=1&y=2")["query directives"]
    assert two.shown == "2 directives" and [c.label for c in two.children] == ["x", "y"]


def test_an_astral_nid_and_a_lone_surrogate_keep_code_point_spans_and_show_markers() -> None:
    by = _rows("urn:x\U0001f600:foo")
    assert by["NID"].span == (4, 6) and by["NSS"].span == (7, 10)
    assert by["diagnostics"].children[0].code == "urn-nid-syntax"
    lone = _rows("urn:ex\ud800:a")
    assert lone["NID"].shown == "ex⟨U+D800⟩" and lone["NID"].span == (4, 7)
    assert lone["NID"].value_tip == "<p><code>ex⟨U+D800⟩</code></p>"
    for row in lone.values():
        assert "\ud800" not in row.shown + (row.value_tip or "") + row.name_tip


def test_the_validity_line_is_escaped_rich_text_in_the_colour_given() -> None:
    a = analyze("urn:isbn:0-395-36341-1")
    assert a.urn is not None and validity(a.urn) == ("info", "✓ URN, valid")
    assert validity_html(a.urn, "#009e73") == (
        "<b style='color:#009e73'>✓ URN, valid</b> (URN draft, RFC 8141 as tie-breaker)"
    )


def test_other_inputs_get_one_line_naming_their_scheme() -> None:
    hostile = analyze("http://www.example.com&story=x@10.0.0.1/")
    assert not is_urn(hostile)
    assert not_urn_text(hostile).startswith("Not a URN: its scheme is “http”. ")
    assert not_urn_text(analyze("")).startswith("Not a URN: it has no scheme. ")
    odd = analyze("x\u202e<b>:y")
    assert "\u202e" not in not_urn_text(odd)


def test_an_8_kb_nss_is_one_row_cut_in_the_cell_whole_in_the_tooltip() -> None:
    nss = "a" * 8192
    by = _rows("urn:example:" + nss)
    row = by["NSS"]
    assert row.span == (12, 12 + 8192) and row.value == nss
    assert row.shown.endswith("…") and len(row.shown) == 2001
    assert row.value_tip is not None and len(row.value_tip) < 2100


def test_the_rows_are_built_with_pyside6_unimportable() -> None:
    code = (
        "from uriinspector.core.analysis import analyze\n"
        "from uriinspector.gui.panes.urn_rows import urn_rows\n"
        "print([r.label for r in urn_rows(analyze('urn:isbn:1').urn)][:2])\n"
    )
    assert run_without_pyside6(code).strip() == "['NID', 'NSS']"
