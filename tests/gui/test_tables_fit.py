"""The Extract and Page links tables keep their verdicts whole, the window stays within
its screen and each layout preset shows its panes at once (issue 25 item 5): at
1280×800 and 1024×640, light and dark, at 100 % and 300 %.

The offscreen platform has one fixed 800×800 screen, so each window is given the
screen size under test as ``ScreenFit.area``: the area the window's own fitting logic
(``gui/window/fit.py``) keeps it within, in place of the screen's available geometry.
One window per parameter set runs every check, so the eight sets take ~40 s.
"""

from __future__ import annotations

from collections.abc import Iterator
from email.message import EmailMessage
from pathlib import Path

import pytest
from PySide6.QtCore import QRect
from PySide6.QtGui import QColor, QPalette
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.document_view import COL_LINK, COL_VERDICT, DocumentView
from uriinspector.gui.panes.page_links import COL_DIFF, PageLinksView
from uriinspector.gui.window.docks import LAYOUTS

#: A tracking link long enough to be elided at any of the sizes.
LONG = "https://u.example.com/track/" + "Z7d2rWQx" * 12 + "$"
#: One link per verdict level and a few of each (``uriinspector extract`` agrees).
LINKS = ("https://bit.ly/3xYzAbC", "http://192.168.10.5/login", "https://www.example.com/news",
         "https://xn--pypal-4ve.com/", LONG, "http://www.example.com&story=x@10.0.0.1/",
         "https://docs.example.org/a/b/c?d=e#f", "ftp://files.example.net/pub/readme.txt")
PAGE_URL = "https://example.com/blog/post.html"
#: Two references browsers resolve elsewhere than RFC 3986 (backslashes; "http:g").
PAGE = ('<base href="https://cdn.example/assets/v2/"><a href="..\\up\\file.html">b</a>'
        '<a href="?q=1">q</a><img src="img/a.png"><form action="submit">'
        '<button formaction="http:g">go</button></form><a href="#top">t</a>')


def many_links_mail() -> bytes:
    """A mail whose HTML part holds every level of verdict, a long link and an anchor
    showing another site (the mismatch row)."""
    msg = EmailMessage()
    msg["From"] = "News <news@example.com>"
    msg["Subject"] = "Links"
    msg.set_content("Plain: https://www.example.com/plain and http://10.0.0.1/x\n")
    html = "".join(f'<p><a href="{u}">link {i}</a></p>' for i, u in enumerate(LINKS))
    html += '<p><a href="https://evil.example/pay">https://www.paypal.com/</a></p>'
    msg.add_alternative(html, subtype="html")
    return bytes(msg)


def dark_palette() -> QPalette:
    pal = QPalette()
    for role, colour in (
        (QPalette.ColorRole.Window, "#2b2b2b"), (QPalette.ColorRole.Base, "#1e1e1e"),
        (QPalette.ColorRole.AlternateBase, "#262626"), (QPalette.ColorRole.Text, "#e6e6e6"),
        (QPalette.ColorRole.WindowText, "#e6e6e6"), (QPalette.ColorRole.Button, "#333333"),
        (QPalette.ColorRole.ButtonText, "#e6e6e6"), (QPalette.ColorRole.Highlight, "#2a6fb0"),
        (QPalette.ColorRole.HighlightedText, "#ffffff"),
    ):
        pal.setColor(role, QColor(colour))
    return pal


def _fits(view: QAbstractItemView, rows: int, column: int) -> list[str]:
    """The cells of ``column`` whose text and icon need more than the column's width
    (the delegate's size hint, as it lays the cell out), or show an ellipsis."""
    model = view.model()
    width = view.columnWidth(column)  # type: ignore[attr-defined]
    bad = []
    for row in range(rows):
        index = model.index(row, column)
        text = str(model.data(index))
        if view.sizeHintForIndex(index).width() > width or "…" in text:
            bad.append(f"{text!r}: {view.sizeHintForIndex(index).width()} > {width}")
    return bad


def _within(w: MainWindow, area: QRect) -> bool:
    return area.contains(w.frameGeometry())


@pytest.fixture
def sized(request: pytest.FixtureRequest, qtbot: QtBot) -> Iterator[tuple[MainWindow, QRect]]:
    """A shown window on a screen of the parameter's size, theme and zoom."""
    (width, height), dark, level = request.param
    area = QRect(0, 0, width, height)
    w = MainWindow()
    qtbot.addWidget(w)
    if dark:
        w.setPalette(dark_palette())
    w.screen_fit.area = area
    w.resize(width, height)
    w.show()
    qtbot.waitExposed(w)
    w.screen_fit.keep_inside(area)  # the window manager's part: maximised on the screen
    w.zoom.set_level(level)
    QApplication.processEvents()
    w.screen_fit.fit()
    yield w, area
    w.documents.shutdown()


PARAMS = [((s, dark, level)) for s in ((1280, 800), (1024, 640)) for dark in (False, True)
          for level in (100, 300)]
IDS = [f"{s[0]}x{s[1]}-{'dark' if dark else 'light'}-{level}" for s, dark, level in PARAMS]


@pytest.mark.parametrize("sized", PARAMS, ids=IDS, indirect=True)
def test_verdicts_whole_window_within_the_screen_presets_on_screen(
    sized: tuple[MainWindow, QRect], qtbot: QtBot, tmp_path: Path
) -> None:
    w, area = sized
    assert _within(w, area), (w.frameGeometry(), area)
    path = tmp_path / "links.eml"
    path.write_bytes(many_links_mail())
    w.documents.open_path(str(path))
    view: DocumentView = w.pane("extract").documentView  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not w.documents.reader.busy, timeout=30_000)
    qtbot.waitUntil(lambda: view.model.judged == view.model.rowCount() > 0, timeout=30_000)
    rows = view.model.rowCount()
    assert {"danger", "caution", "nothing-notable"} <= set(view.model.levels)
    # the verdict column: an icon and a word, whole on every row (once fitted)
    qtbot.waitUntil(lambda: _fits(view.view, rows, COL_VERDICT) == [], timeout=3000)
    assert all(" " not in view.row_text(r)[COL_VERDICT] for r in range(rows))
    # the link column takes the rest and elides the long link at its end (the whole
    # link in the tooltip)
    assert view.view.columnWidth(COL_LINK) >= view.view.columnWidth(COL_VERDICT)
    long_row = next(r for r in range(rows) if view.row_text(r)[COL_LINK] == LONG)
    tip = str(view.model.data(view.model.index(long_row, COL_LINK), 3))  # ToolTipRole
    assert LONG.replace("&", "&amp;") in tip
    assert _within(w, area), (w.frameGeometry(), area)
    # ...and the table shows at least its first row whole (at 300 % on 1024×640 the
    # docks had given way down to their titles: no row of any pane was visible)
    table = view.view
    qtbot.waitUntil(lambda: table.rowViewportPosition(0) + table.rowHeight(0)
                    <= table.viewport().height(), timeout=3000)
    if w.screen_fit.collapsed:  # the field takes the full row (gui/field/row.py)
        assert w.uriField.width() >= w.width() - 40

    pane = w.pane("extract")
    pane.show_page_links(PAGE, PAGE_URL)  # type: ignore[attr-defined]
    links: PageLinksView = pane.pageLinks  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: not links.is_busy(), timeout=10_000)
    n = links.table.rowCount()
    assert n >= 5 and any(links.reference_at(r).differs for r in range(n))  # type: ignore[union-attr]
    qtbot.waitUntil(lambda: _fits(links.table, n, COL_DIFF) == [], timeout=3000)
    links.closed.emit()

    for preset in LAYOUTS:
        w.menus.layoutActions[preset].trigger()
        names = [name for name, _share in LAYOUTS[preset].panes]

        def shown(names: list[str] = names) -> None:
            for name in names:
                dock = w.docks[name]
                assert dock.isVisible() and not dock.visibleRegion().isEmpty(), name
                assert dock.width() > 0 and dock.height() > 0, name

        qtbot.waitUntil(shown, timeout=3000)
        assert _within(w, area), (preset, w.frameGeometry(), area)


def test_an_empty_pane_gives_its_width_to_the_document_and_gets_it_back(
    qtbot: QtBot, tmp_path: Path
) -> None:
    """With a mail open and no link chosen the Findings dock has nothing to show: it
    keeps its minimum and the links table the rest; choosing a row gives it back its
    share (the Analyst layout's 2 : 3)."""
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    try:
        path = tmp_path / "links.eml"
        path.write_bytes(many_links_mail())
        w.documents.open_path(str(path))
        qtbot.waitUntil(lambda: not w.documents.reader.busy, timeout=30_000)
        findings, extract = w.docks["findings"], w.docks["extract"]
        qtbot.waitUntil(lambda: "findings" in w.dock_layout.gave, timeout=3000)
        qtbot.waitUntil(
            lambda: findings.width() <= findings.minimumSizeHint().width() + 8, timeout=3000)
        assert extract.width() > 3 * findings.width()
        assert findings.isVisible() and not findings.visibleRegion().isEmpty()
        view: DocumentView = w.pane("extract").documentView  # type: ignore[attr-defined]
        view.select_row(0)
        qtbot.waitUntil(lambda: "findings" not in w.dock_layout.gave, timeout=10_000)
        qtbot.waitUntil(lambda: findings.width() > w.width() // 4, timeout=3000)
        assert extract.width() > findings.width()
    finally:
        w.documents.shutdown()
