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
