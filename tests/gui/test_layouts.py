"""View ▸ Layout: each preset puts its panes on screen at once, at either window size,
and Reset Layout brings the default tab groups back."""

from __future__ import annotations

import pytest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.window.docks import LAYOUTS

MISLEADING = "http://www.example.com&story=x@10.0.0.1/"


def _on_screen(w: MainWindow, name: str) -> bool:
    dock = w.docks[name]
    return dock.isVisible() and not dock.visibleRegion().isEmpty()


@pytest.mark.parametrize("size", [(1280, 800), (1024, 640)], ids=["1280x800", "1024x640"])
@pytest.mark.parametrize("preset", list(LAYOUTS))
def test_each_layout_shows_its_panes_at_once(
    qtbot: QtBot, preset: str, size: tuple[int, int]
) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(*size)
    w.show()
    qtbot.waitExposed(w)
    w.set_uri(MISLEADING)
    w.menus.layoutActions[preset].trigger()
    panes = [name for name, _share in LAYOUTS[preset].panes]
    shares = [share for _name, share in LAYOUTS[preset].panes]

    def laid_out() -> None:
        assert all(_on_screen(w, name) for name in panes)
        widths = [w.docks[name].width() for name in panes]
        assert sum(widths) <= w.width()
        xs = [w.docks[name].geometry().x() for name in panes]
        assert xs == sorted(xs)  # side by side, in the preset's order
        for i in range(len(panes) - 1):  # the larger share is at least as wide
            if shares[i] < shares[i + 1]:
                assert widths[i] <= widths[i + 1]

    qtbot.waitUntil(laid_out, timeout=3000)
    assert w.size().width() <= size[0] and w.size().height() <= size[1]
    assert w.dock_layout.hide_stale_tab_bars() == []  # none left over the docks


def test_reset_layout_after_a_preset_brings_the_default_back(qtbot: QtBot) -> None:
    w = MainWindow()
    qtbot.addWidget(w)
    w.resize(1280, 800)
    w.show()
    qtbot.waitExposed(w)
    w.menus.layoutActions["teaching"].trigger()
    QApplication.processEvents()
    w.dock_layout.reset()
    qtbot.waitUntil(lambda: _on_screen(w, "components") and _on_screen(w, "findings"),
                    timeout=3000)
    assert not _on_screen(w, "editions")  # back behind its tab


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
def test_at_300_percent_on_a_small_screen_the_window_stays_within_it(
    qtbot: QtBot, dark: bool
) -> None:
    """At 300 % the docks' minimums made the window 749 px tall on a 640 px screen."""
    from PySide6.QtCore import QRect
    from PySide6.QtGui import QPalette

    small = QRect(0, 0, 1024, 640)
    w = MainWindow()
    qtbot.addWidget(w)
    if dark:
        palette = QPalette(w.palette())
        palette.setColor(QPalette.ColorRole.Window, palette.color(QPalette.ColorRole.WindowText))
        w.setPalette(palette)
    w.resize(1024, 640)
    w.show()
    qtbot.waitExposed(w)
    w.set_uri(MISLEADING)
    w.zoom.set_level(300)
    QApplication.processEvents()  # the new font sizes laid out
    assert w.minimumSizeHint().height() > small.height()  # what used to happen
    w.screen_fit.fit(small)
    QApplication.processEvents()
    assert w.screen_fit.collapsed
    assert w.minimumSizeHint().height() <= small.height()
    assert w.width() <= small.width() and w.height() <= small.height()
    # a pane built now gives way too, and the tabs stay on screen
    w.docks["editions"].raise_()
    qtbot.waitUntil(lambda: "editions" in w.panes.built(), timeout=3000)
    w.screen_fit.fit(small)
    assert w.minimumSizeHint().height() <= small.height()
    assert _on_screen(w, "editions")
    w.zoom.set_level(100)
    QApplication.processEvents()
    w.screen_fit.fit(small)
    assert not w.screen_fit.collapsed  # the panes' own minimums are back
    assert w.panes["components"].minimumSize().height() == 0
