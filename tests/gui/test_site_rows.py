"""The Site pane's rows (``gui/panes/site_rows.py``), built without Qt from a real
check of a folder holding hostile references: the pages' order, each reference's cells,
severity and tooltips, the summary, and the page source as shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.qt_free import HOSTILE, run_without_pyside6
from uriinspector.gui.panes.site_rows import (
    CELL_LIMIT,
    COL_BROWSER,
    COL_RFC,
    COL_WHY,
    COL_WRITTEN,
    DIFFERS_MARK,
    NO_FILE,
    ReferenceRow,
    error_text,
    folder_text,
    page_insert_at,
    page_row,
    reference_rows,
    source_text,
    summary_text,
)
from uriinspector.sources.site import SitePage, SiteReference, check_site

INDEX = "\n".join([
    '<a href="http://www.example.com&amp;story=x@10.0.0.1/">x</a>',
    f'<a href="{HOSTILE["lookalike"]}">a</a>',
    f'<a href="{HOSTILE["emoji"]}">e</a>',
    '<a href="missing<b>x</b>.html">m</a>',
    '<a href="Index.html">case</a>',
    '<a href="">empty</a>',
    '<img src="#nowhere">',
])


@pytest.fixture
def pages(tmp_path: Path) -> list[SitePage]:
    """The checked pages of a folder: café.html (1 broken), index.html (3 broken, the
    hostile references), ok.html (none)."""
    (tmp_path / "index.html").write_text(INDEX, "utf-8")
    (tmp_path / "café.html").write_text('<a href="index.html">home</a>\n'
                                        '<a href="about.html">gone</a>', "utf-8")
    (tmp_path / "ok.html").write_text('<a href="café.html">café</a>', "utf-8")
    return list(check_site(tmp_path))


def _by_ref(rows: tuple[ReferenceRow, ...], page: SitePage) -> dict[str, ReferenceRow]:
    return {page.references[r.position].ref: r for r in rows}


def test_broken_pages_come_first_each_group_in_path_order(pages: list[SitePage]) -> None:
    assert [p.path for p in pages] == ["café.html", "index.html", "ok.html"]
    shown: list[int] = []
    order: list[str] = []
    for i, page in enumerate(pages):  # as the pane inserts them, page by page
        row = page_row(page, i)
        at = page_insert_at(shown, row.broken)
        shown.insert(at, row.broken)
        order.insert(at, row.cells[1])
    assert order == ["café.html", "index.html", "ok.html"]
    assert shown == [1, 3, 0]
    assert page_insert_at([2, 0, 0], 5) == 1 and page_insert_at([2, 0], 0) == 2
    assert page_insert_at([], 1) == 0
    cafe = page_row(pages[0], 0)
    assert cafe.cells == ("1", "café.html", "2") and cafe.severity == "danger"
    assert "https://site.invalid/caf%C3%A9.html" in cafe.tooltip
    assert page_row(pages[2], 2).severity is None


def test_reference_cells_of_hostile_links(pages: list[SitePage]) -> None:
    index = pages[1]
    rows = _by_ref(reference_rows(index), index)
    user = rows["http://www.example.com&story=x@10.0.0.1/"]
    assert user.cells[:3] == ("external", "a href · line 1",
                              "http://www.example.com&story=x@10.0.0.1/")
    assert user.cells[3] == "http://www.example.com&story%3Dx@10.0.0.1/"
    assert user.cells[4] == "http://www.example.com&story=x@10.0.0.1/" + DIFFERS_MARK
    assert user.severity == "info"
    lookalike = rows[HOSTILE["lookalike"]]
    assert lookalike.cells[3] == "http://xn--pple-43d.com/"  # browsers load the punycode
    assert rows[HOSTILE["emoji"]].cells[3] == "http://xn--example-6o25f.com/"
    html = rows["missing<b>x</b>.html"]
    assert html.cells[0] == "missing-file" and html.severity == "danger"
    assert html.cells[2] == "missing<b>x</b>.html"  # the cell is plain text
    tips = dict(html.tooltips)
    assert set(tips) == {COL_WRITTEN, COL_BROWSER, COL_RFC, COL_WHY}
    assert "missing&lt;b&gt;x&lt;/b&gt;.html" in tips[COL_WRITTEN]
    assert "<b>" not in "".join(tips.values())
    assert rows["Index.html"].severity == "warning"
    assert rows[""].cells[2] == "" and rows[""].cells[0] == "ok"


def test_problems_come_first_then_the_rest_in_page_order(pages: list[SitePage]) -> None:
    index = pages[1]
    rows = reference_rows(index)
    statuses = [r.cells[0] for r in rows]
    assert statuses == ["missing-file", "case-mismatch", "missing-fragment",
                        "external", "external", "external", "ok"]
    assert [r.position for r in rows] == [3, 4, 6, 0, 1, 2, 5]
    only = reference_rows(index, only_problems=True)
    assert [r.cells[0] for r in only] == statuses[:3]


def test_summary_error_folder_and_source_lines(pages: list[SitePage], tmp_path: Path) -> None:
    assert summary_text(pages, running=False) == (
        "3 pages, 10 references: 4 broken, 3 external (never fetched), 5 where browsers "
        "and RFC 3986 differ")
    assert summary_text(pages[:1], running=True).startswith("Checking… 1 pages, 2 references")
    assert summary_text([], running=False).startswith("0 pages, 0 references: 0 broken")
    assert error_text("no folder \u202e<b>x</b>") == "no folder ⟨U+202E⟩<b>x</b>"
    assert folder_text(str(tmp_path / "a\u200bb")).endswith("a⟨U+200B⟩b")
    shown = source_text("line one\n<a href='\ud800\u202e'>\nthree")
    assert shown.split("\n") == ["line one", "<a href='⟨U+D800⟩⟨U+202E⟩'>", "three"]


def test_a_lone_surrogate_and_a_long_reference_stay_visible() -> None:
    ref = SiteReference("p.html", "x\ud800y" + "z" * 1000, "a href", None, None, False,
                        "missing-file", None, "why \udcff", line=None)
    page = SitePage("p\udcff.html", "https://site.invalid/p%FF.html", (ref,), ("unreadable",))
    (row,) = reference_rows(page)
    assert row.cells[1] == "a href"  # no line known
    assert row.cells[2].startswith("x⟨U+D800⟩y") and row.cells[2].endswith("…")
    assert len(row.cells[2]) == len("x⟨U+D800⟩y") + CELL_LIMIT - 3 + 1
    assert row.cells[3] == NO_FILE and row.cells[4] == "(no target)"
    assert row.cells[5] == "why ⟨U+DCFF⟩"
    assert all("\ud800" not in tip and "\udcff" not in tip for _c, tip in row.tooltips)
    page_cells = page_row(page, 0)
    assert page_cells.cells[1] == "p⟨U+DCFF⟩.html"
    assert "unreadable" in page_cells.tooltip


def test_rows_are_built_with_pyside6_unimportable(pages: list[SitePage]) -> None:
    out = run_without_pyside6(
        "from pathlib import Path\n"
        "from uriinspector.gui.panes.site_rows import reference_rows, summary_text\n"
        "from uriinspector.sources.site import check_site\n"
        "pages = list(check_site(Path('tests/data/site')))\n"
        "print(summary_text(pages, running=False))\n"
        "print(sum(len(reference_rows(p, True)) for p in pages))\n")
    summary, broken = out.strip().split("\n")
    assert "61 references: 13 broken" in summary and broken == "13"
