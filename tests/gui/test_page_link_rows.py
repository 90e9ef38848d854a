"""The page-links view's rows (``gui/panes/page_link_rows.py``), built without Qt from
a real ``sources.page_links`` reading of a page with hostile references: cells, the
Differs mark, tooltips, both traces, the base and status lines, the filter."""

from __future__ import annotations

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.gui.panes.page_link_rows import (
    CELL_LIMIT,
    COL_BROWSER,
    COL_DIFF,
    COL_GOES,
    COL_RFC,
    COL_WRITTEN,
    DIFFERS_ICON,
    DIFFERS_WORDS,
    SAME_WORDS,
    TRACE_TITLES,
    WARN_COLUMNS,
    PageLinkRow,
    base_text,
    hidden_rows,
    page_link_row,
    read_error_text,
    status_text,
    tooltip_text,
    trace_sections,
)
from uriinspector.sources.page_links import PageLinks, page_links

PAGE_URL = "https://example.com/blog/post.html"
PAGE = f"""<base href="/base/dir/">
<a href="http://www.example.com&amp;story=x@10.0.0.1/">x</a>
<a href="{HOSTILE['lookalike']}">a</a>
<a href="{HOSTILE['emoji']}">e</a>
<a href="<b>x</b>.html">h</a>
<a href="">empty</a>
<a href="#top">top</a>
<a href="javascript:alert(1)">js</a>
<img src="http://[::1">
<a href="{HOSTILE['surrogate']}">s</a>"""


def _read() -> tuple[PageLinks, list[PageLinkRow]]:
    links = page_links(PAGE, PAGE_URL)
    return links, [page_link_row(r, i) for i, r in enumerate(links.references)]


def test_cells_of_hostile_references_and_where_they_go() -> None:
    _links, rows = _read()
    cells = [r.cells for r in rows]
    assert cells[0] == ("a href", "http://www.example.com&story=x@10.0.0.1/",
                        "http://www.example.com&story=x@10.0.0.1/",
                        "http://www.example.com&story%3Dx@10.0.0.1/", DIFFERS_WORDS,
                        "another document")
    assert cells[1][COL_BROWSER] == "http://xn--pple-43d.com/"
    assert cells[2][COL_RFC] == "http://\U0001f600example.com/"
    assert cells[2][COL_BROWSER] == "http://xn--example-6o25f.com/"
    assert cells[3][COL_WRITTEN] == "<b>x</b>.html"  # plain text, shown as written
    assert cells[4][COL_WRITTEN] == "" and cells[4][COL_DIFF] == SAME_WORDS
    assert cells[5][COL_GOES] == "the base's page, not this one"
    assert cells[6][COL_GOES] == "runs script"
    assert cells[7][COL_BROWSER] == "no target: reference-unparsable"
    assert cells[7][COL_GOES] == "nowhere: browsers reject it"
    assert cells[8][COL_WRITTEN] == "http://exa⟨U+D800⟩mple.com/"
    assert [r.differs for r in rows] == [True, True, True, True, False, False, False, True,
                                         True]
    assert DIFFERS_ICON == "warning" and WARN_COLUMNS == (COL_BROWSER, COL_DIFF)


def test_tooltips_are_plain_and_say_both_targets() -> None:
    links, rows = _read()
    html = rows[3].tooltip
    assert html.startswith("<p style='white-space:pre-wrap'>a href: &lt;b&gt;x&lt;/b&gt;.html")
    assert "<b>" not in html
    assert "Browsers go elsewhere than RFC 3986" in html
    top = tooltip_text(links.references[5])
    assert "here it loads https://example.com/base/dir/." in top
    assert top.endswith("Double-click to open it in the Resolution pane.")
    assert "\ud800" not in rows[8].tooltip and "exa⟨U+D800⟩mple" in rows[8].tooltip


def test_the_base_line_status_line_and_the_filter() -> None:
    links, _rows = _read()
    assert base_text(links) == (
        'Page: https://example.com/blog/post.html · <base href="/base/dir/"> · '
        "base: https://example.com/base/dir/ · the base is not the page: '#…' links "
        "leave the page")
    assert status_text(links, False) == "9 references · 6 differ"
    assert status_text(links, True) == "9 references · 6 differ (only these shown)"
    assert status_text(None, True) == ""
    assert hidden_rows(links, False) == (False,) * 9
    assert [i for i, h in enumerate(hidden_rows(links, True)) if not h] == [0, 1, 2, 3, 7, 8]
    bare = page_links('<a href="x">x</a>', "")
    assert base_text(bare) == ("Page URL not set · no <base href>: references resolve "
                               "against the page URL")


def test_both_traces_with_an_error_last() -> None:
    links, _rows = _read()
    rfc, browsers = trace_sections(links.references[7])
    assert rfc.cells == (TRACE_TITLES[0], "", "base https://example.com/base/dir/",
                         "http://[::1")
    assert browsers.cells[3] == "no target: reference-unparsable"
    assert browsers.steps[-1].cells[1] == "error" and "Invalid URL" in browsers.steps[-1].cells[2]
    rfc, _ = trace_sections(links.references[0])
    assert [s.cells[0] for s in rfc.steps] == [str(n) for n in range(1, len(rfc.steps) + 1)]
    assert all(s.tooltip.startswith("<p") for s in rfc.steps if s.cells[2])


def test_a_long_reference_is_cut_and_a_read_error_is_worded() -> None:
    links = page_links(f'<a href="{"a" * 5000}">long</a>', PAGE_URL)
    row = page_link_row(links.references[0], 0)
    assert len(row.cells[COL_WRITTEN]) == CELL_LIMIT + 1 and row.cells[COL_WRITTEN][-1] == "…"
    assert read_error_text("/tmp/p.html", "cannot read: /tmp/p.html is a FIFO") == (
        "/tmp/p.html is a FIFO")
    assert read_error_text("/tmp/p\u202e.html", "cannot read: too large") == (
        "Cannot read /tmp/p⟨U+202E⟩.html: too large")


def test_an_empty_page_has_no_rows() -> None:
    links = page_links("", "")
    assert links.references == () and status_text(links, False) == "0 references · 0 differ"


def test_rows_are_built_with_pyside6_unimportable() -> None:
    out = run_without_pyside6(
        "from uriinspector.gui.panes.page_link_rows import page_link_row, trace_sections\n"
        "from uriinspector.sources.page_links import page_links\n"
        f"links = page_links({PAGE!r}, {PAGE_URL!r})\n"
        "rows = [page_link_row(r, i) for i, r in enumerate(links.references)]\n"
        "print(sum(r.differs for r in rows), len(trace_sections(links.references[0])))\n")
    assert out.split() == ["6", "2"]


def test_a_trace_heading_shows_hidden_characters_and_is_cut() -> None:
    """The spanned heading row goes to Qt like every cell: markers, never raw characters."""
    links = page_links('<base href="https://ex\u202eample.com/\ud800/">'
                       f'<a href="x\u200b{"y" * 4000}">t</a>', "https://page.example/")
    for section in trace_sections(links.references[0]):
        base, target = section.cells[2], section.cells[3]
        assert not any(c in base + target for c in "\u202e\u200b\ud800"), section.cells
        marked = 8 * CELL_LIMIT + 1  # at most CELL_LIMIT characters, each at most ⟨U+XXXX⟩
        assert len(base) <= len("base ") + marked and len(target) <= marked
    rfc, _ = trace_sections(links.references[0])
    assert "⟨U+202E⟩" in rfc.cells[2] and rfc.cells[3].endswith("…")
