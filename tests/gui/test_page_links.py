"""Issue 15 item 5 in the window: a page's references against its <base href>, all at once.

The Extract pane is driven as a web developer uses it: the HTML typed into the text box,
*Page links* clicked, the page URL typed, *Resolve all* clicked; then the RFC 3986 and
browser columns, the differences marker and filter, the "Goes to" column (HTML's
same-document rule) and the trace of a selected row (with a reason per browser step)
are read as shown.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from uriinspector.gui.panes.extract import ExtractPane
from uriinspector.gui.panes.page_links import (
    COL_BROWSER,
    COL_DIFF,
    COL_GOES,
    COL_RFC,
    COL_WHERE,
    COL_WRITTEN,
    DIFFERS_WORDS,
    SAME_WORDS,
)

PAGE_URL = "https://example.com/blog/post.html"
PAGE = """<!doctype html><html><head>
<base href="https://cdn.example/assets/v2/"><base href="https://ignored.example/">
<link rel="stylesheet" href="../css/site.css">
<script src="//other.example/lib.js"></script></head><body>
<a href="#top">top</a>
<a href="?q=1">query</a>
<a href="..\\up\\file.html">backslashes</a>
<a href="//host.example/x">scheme-relative</a>
<a href="../../../a/./b">dots</a>
<a href="javascript:alert(1)">script</a>
<img src="img/a.png" srcset="img/a-1x.png 1x, img/a-2x.png 2x">
<form action="submit"><button formaction="http:g">go</button></form>
<iframe src="HTTP://Example.COM:80/frame"></iframe>
<a href="https://example.com/blog/post.html#comments">comments</a>
</body></html>
"""

# (where, written, RFC 3986 target, browsers' target, differs) — RFC 3986 §5.2 and
# WHATWG URL §4.4 (ada-url) against the first <base href> (HTML "frozen base URL").
EXPECTED = [
    ("link href", "../css/site.css", "https://cdn.example/assets/css/site.css",
     "https://cdn.example/assets/css/site.css", False),
    ("script src", "//other.example/lib.js", "https://other.example/lib.js",
     "https://other.example/lib.js", False),
    ("a href", "#top", "https://cdn.example/assets/v2/#top",
     "https://cdn.example/assets/v2/#top", False),
    ("a href", "?q=1", "https://cdn.example/assets/v2/?q=1",
     "https://cdn.example/assets/v2/?q=1", False),
    # RFC 3986 §2: "\\" is no delimiter; the URL Standard reads it as "/" in special URLs.
    ("a href", "..\\up\\file.html", "https://cdn.example/assets/v2/..\\up\\file.html",
     "https://cdn.example/assets/up/file.html", True),
    ("a href", "//host.example/x", "https://host.example/x", "https://host.example/x", False),
    ("a href", "../../../a/./b", "https://cdn.example/a/b", "https://cdn.example/a/b", False),
    ("a href", "javascript:alert(1)", "javascript:alert(1)", "javascript:alert(1)", False),
    ("img src", "img/a.png", "https://cdn.example/assets/v2/img/a.png",
     "https://cdn.example/assets/v2/img/a.png", False),
    ("img srcset", "img/a-1x.png", "https://cdn.example/assets/v2/img/a-1x.png",
     "https://cdn.example/assets/v2/img/a-1x.png", False),
    ("img srcset", "img/a-2x.png", "https://cdn.example/assets/v2/img/a-2x.png",
     "https://cdn.example/assets/v2/img/a-2x.png", False),
    ("form action", "submit", "https://cdn.example/assets/v2/submit",
     "https://cdn.example/assets/v2/submit", False),
    # RFC 3986 §5.2.2 (strict): a scheme makes it absolute, path "g"; WHATWG §4.4: a
    # special scheme other than the base's skips to the authority, so "g" is the host.
    ("button formaction", "http:g", "http:g", "http://g/", True),
    # Case and a default port only: RFC 3986 §6.2.2.1/§6.2.3 equivalent, no difference.
    ("iframe src", "HTTP://Example.COM:80/frame", "HTTP://Example.COM:80/frame",
     "http://example.com/frame", False),
    ("a href", "https://example.com/blog/post.html#comments",
     "https://example.com/blog/post.html#comments",
     "https://example.com/blog/post.html#comments", False),
]


def _page_view(qtbot: QtBot) -> ExtractPane:
    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.resize(1100, 700)
    pane.show()
    pane.textBox.setPlainText(PAGE)
    qtbot.mouseClick(pane.pageLinksButton, Qt.MouseButton.LeftButton)
    view = pane.pageLinks
    assert view.isVisible() and not pane.textPage.isVisible()
    view.urlField.clear()
    qtbot.keyClicks(view.urlField, PAGE_URL)
    qtbot.keyClick(view.urlField, Qt.Key.Key_Return)
    qtbot.mouseClick(view.readButton, Qt.MouseButton.LeftButton)
    return pane


def test_every_reference_resolved_both_ways(qtbot: QtBot, tmp_path: Path) -> None:
    pane = _page_view(qtbot)
    view = pane.pageLinks
    assert view.table.rowCount() == len(EXPECTED)
    for row, (where, written, rfc, browser, differs) in enumerate(EXPECTED):
        cells = view.row_text(row)
        assert cells[COL_WHERE] == where, row
        assert cells[COL_WRITTEN] == written, row
        assert cells[COL_RFC] == rfc, row
        assert cells[COL_BROWSER] == browser, row
        assert cells[COL_DIFF] == (DIFFERS_WORDS if differs else SAME_WORDS), row
        # the marker is colour too: a tinted row (never colour alone: the words above)
        tinted = view.table.item(row, COL_WRITTEN).background().style() != Qt.BrushStyle.NoBrush
        assert tinted == differs, row
    # HTML: the first <base href> counts, and the base line names it.
    assert 'base href="https://cdn.example/assets/v2/"' in view.baseInfo.text()
    assert "ignored.example" not in view.baseInfo.text()
    assert view.status.text() == f"{len(EXPECTED)} references · 2 differ"
    view.grab().save(str(tmp_path / "page_links.png"))


def test_same_document_is_decided_against_the_page_not_the_base(qtbot: QtBot) -> None:
    view = _page_view(qtbot).pageLinks
    goes = {view.row_text(r)[COL_WRITTEN]: view.row_text(r)[COL_GOES]
            for r in range(view.table.rowCount())}
    # HTML navigate: "#top" resolves against the base, a different document.
    assert goes["#top"] == "the base's page, not this one"
    row = list(goes).index("#top")
    assert "https://cdn.example/assets/v2/." in view.table.item(row, COL_GOES).toolTip()
    assert goes["https://example.com/blog/post.html#comments"] == "this page (scrolls)"
    assert goes["javascript:alert(1)"] == "runs script"
    assert goes["img/a.png"] == "loads a resource"
    assert goes["?q=1"] == "another document"


def test_only_differences_filter(qtbot: QtBot) -> None:
    view = _page_view(qtbot).pageLinks
    assert len(view.visible_rows()) == len(EXPECTED)
    qtbot.mouseClick(view.differencesOnly, Qt.MouseButton.LeftButton)
    shown = [view.row_text(r)[COL_WRITTEN] for r in view.visible_rows()]
    assert shown == [e[1] for e in EXPECTED if e[4]]
    qtbot.mouseClick(view.differencesOnly, Qt.MouseButton.LeftButton)
    assert len(view.visible_rows()) == len(EXPECTED)


def test_a_row_opens_both_traces_with_reasons(qtbot: QtBot) -> None:
    pane = _page_view(qtbot)
    view = pane.pageLinks
    row = next(r for r in range(view.table.rowCount())
               if view.row_text(r)[COL_WRITTEN] == "..\\up\\file.html")
    view.select_row(row)
    lines = view.trace_lines()
    assert lines[0] == "RFC 3986 §5.2"
    assert any("5.2.3 merge" in line for line in lines)
    browser = lines[lines.index("Browsers (WHATWG URL, reasons per step)") + 1 :]
    assert any("special scheme: backslash treated as slash" in line for line in browser)
    assert any("path: '..' pops 'v2'" in line for line in browser)
    # the reference's exact text is selected in the page source
    assert view.source.textCursor().selectedText() == "..\\up\\file.html"
    # double-click: base and reference go to the Resolution pane
    got: list[tuple[object, object]] = []
    pane.resolutionRequested.connect(lambda b, r: got.append((b, r)))
    assert view.open_in_resolution(row)
    assert got == [("https://cdn.example/assets/v2/", "..\\up\\file.html")]
    # Enter on the selected row does the same (keyboard users)
    view.table.setFocus()
    qtbot.keyClick(view.table, Qt.Key.Key_Return)
    assert got[-1] == ("https://cdn.example/assets/v2/", "..\\up\\file.html") and len(got) == 2


def test_query_reason_in_browser_trace(qtbot: QtBot) -> None:
    view = _page_view(qtbot).pageLinks
    row = next(r for r in range(view.table.rowCount())
               if view.row_text(r)[COL_WRITTEN] == "?q=1")
    view.select_row(row)
    assert any("base has no query: query taken from reference" in line
               for line in view.trace_lines())


def test_an_opened_page_goes_to_page_links_with_its_url(qtbot: QtBot) -> None:
    # File ▸ Open of a saved page shows the document view; its *Page links* button
    # hands the page's text and the Page URL typed there to the page-links view.
    from uriinspector.sources import read_bytes

    pane = ExtractPane()
    qtbot.addWidget(pane)
    pane.show()
    doc = read_bytes(PAGE.encode(), "post.html", base=PAGE_URL)
    pane.show_document_page(True)
    pane.documentView.show_document("post.html", doc, PAGE_URL)
    button = pane.documentView.pageLinksButton
    assert button.isVisible() and button.isEnabled()
    qtbot.mouseClick(button, Qt.MouseButton.LeftButton)
    view = pane.pageLinks
    assert view.isVisible() and not pane.documentView.isVisible()
    assert view.urlField.text() == PAGE_URL
    assert view.table.rowCount() == len(EXPECTED)
    qtbot.mouseClick(view.closeButton, Qt.MouseButton.LeftButton)
    assert pane.textPage.isVisible() and not view.isVisible()
