"""The Site pane: a site folder checked in the window (File ▸ Check a Site Folder…)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.panes.site import (
    COL_STATUS,
    COL_WRITTEN,
    PAGE_BROKEN,
    PAGE_NAME,
    SitePane,
)

CORPUS = Path(__file__).resolve().parents[1] / "data" / "site"


pytestmark = pytest.mark.window(size=(1280, 800), shown=True)


@pytest.fixture(autouse=True)
def _site_check_ends(window: MainWindow) -> Iterator[None]:
    """A check still running when a test ends is stopped and waited for."""
    yield
    pane = window.host.built.get("site")
    if isinstance(pane, SitePane):
        pane.cancel()
        pane.wait()


def _checked(qtbot: QtBot, pane: SitePane, root: Path) -> None:
    pane.check(root)
    qtbot.waitUntil(lambda: not pane.progress.isVisible(), timeout=60_000)
    assert pane.wait()


def test_menu_opens_the_pane_and_asks_for_a_folder(
    window: MainWindow, qtbot: QtBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    from PySide6.QtWidgets import QFileDialog

    monkeypatch.setattr(QFileDialog, "getExistingDirectory",
                        staticmethod(lambda *a, **k: str(CORPUS)))
    window.menus.checkSiteAction.trigger()
    pane = window.pane("site")
    assert isinstance(pane, SitePane) and window.dock("site").isVisible()
    qtbot.waitUntil(lambda: not pane.progress.isVisible(), timeout=60_000)
    assert pane.wait()
    assert len(pane.pages) == 9
    assert "61 references: 13 broken" in pane.summaryLabel.text()


def test_broken_pages_come_first_and_references_show_status(
    window: MainWindow, qtbot: QtBot
) -> None:
    pane = window.pane("site")
    assert isinstance(pane, SitePane)
    _checked(qtbot, pane, CORPUS)
    first = pane.pagesView.topLevelItem(0)
    assert first is not None and int(first.text(PAGE_BROKEN)) > 0
    counts = [int(it.text(PAGE_BROKEN)) for i in range(pane.pagesView.topLevelItemCount())
              if (it := pane.pagesView.topLevelItem(i)) is not None]
    assert counts.index(0) == sum(1 for c in counts if c)  # every broken page first
    index_item = next(it for i in range(pane.pagesView.topLevelItemCount())
                      if (it := pane.pagesView.topLevelItem(i)) is not None
                      and it.text(PAGE_NAME) == "index.html")
    pane.pagesView.setCurrentItem(index_item)
    rows = pane.reference_items()
    statuses = [r.text(COL_STATUS) for r in rows]
    broken = {"missing-file", "missing-fragment", "outside", "case-mismatch"}
    first_ok = next(i for i, s in enumerate(statuses) if s not in broken)
    assert all(s not in broken for s in statuses[first_ok:])
    pane.onlyProblems.setChecked(True)
    assert {r.text(COL_STATUS) for r in pane.reference_items()} <= broken


def test_selecting_a_reference_shows_its_trace_and_line(
    window: MainWindow, qtbot: QtBot
) -> None:
    pane = window.pane("site")
    assert isinstance(pane, SitePane)
    _checked(qtbot, pane, CORPUS)
    guide = next(it for i in range(pane.pagesView.topLevelItemCount())
                 if (it := pane.pagesView.topLevelItem(i)) is not None
                 and it.text(PAGE_NAME) == "docs/guide/index.html")
    pane.pagesView.setCurrentItem(guide)
    row = next(r for r in pane.reference_items() if r.text(COL_WRITTEN) == "..\\api\\index.html")
    pane.referencesView.setCurrentItem(row)
    resolution = window.pane("resolution")
    base = resolution.findChild(type(pane.urlField), "baseField")
    ref = resolution.findChild(type(pane.urlField), "referenceField")
    assert base is not None and ref is not None
    assert base.text() == "https://site.invalid/docs/guide/index.html"
    assert ref.text() == "..\\api\\index.html"
    assert pane.sourceView.textCursor().selectedText() == (
        '<a href="..\\api\\index.html">Backslashes</a>')


def test_hostile_names_stay_text(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text(
        '<a href="<b>x</b>\u202e.html">x</a>', encoding="utf-8")
    pane = window.pane("site")
    assert isinstance(pane, SitePane)
    _checked(qtbot, pane, tmp_path)
    row = pane.reference_items()[0]
    assert "⟨U+202E⟩" in row.text(COL_WRITTEN) and "\u202e" not in row.text(COL_WRITTEN)
    assert row.toolTip(COL_WRITTEN).startswith("<p") and "&lt;b&gt;" in row.toolTip(COL_WRITTEN)


def test_an_unreadable_folder_is_said(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    pane = window.pane("site")
    assert isinstance(pane, SitePane)
    _checked(qtbot, pane, tmp_path / "missing")
    assert "is not a folder" in pane.summaryLabel.text()
    assert pane.pagesView.topLevelItemCount() == 0


def test_a_newer_check_replaces_an_older_one(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    (tmp_path / "index.html").write_text('<a href="nope.html">x</a>', encoding="utf-8")
    pane = window.pane("site")
    assert isinstance(pane, SitePane)
    pane.check(CORPUS)
    _checked(qtbot, pane, tmp_path)
    assert [p.path for p in pane.pages] == ["index.html"]
