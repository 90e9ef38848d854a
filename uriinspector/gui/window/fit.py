"""The window within its screen: at a large zoom on a small screen the docks give way.

Large text raises every pane's minimum height (its header, its title, its first rows);
at 300 % on a 1024×640 screen the docks' minimums together made the window 750 px tall,
off the screen, with no row of any pane visible. ``ScreenFit`` lets the docks shrink
below their contents' minimum (down to their title and tab bar, the contents clipped,
scrolled by their own scroll bars) exactly while the window would not otherwise fit the
screen's available area, and brings the window back inside it.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QRect
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

#: What a pane keeps when the window must fit (its dock adds its title bar and tabs).
COLLAPSED_HEIGHT = 24
COLLAPSED_WIDTH = 100


class ScreenFit:
    """Keeps one window within its screen (``fit`` after a zoom change or a show)."""

    def __init__(self, window: QMainWindow, docks: Mapping[str, QDockWidget]) -> None:
        self._window = window
        self._docks = docks
        self.collapsed = False

    def _set_collapsed(self, collapsed: bool) -> None:
        self.collapsed = collapsed
        for dock in self._docks.values():
            if (pane := dock.widget()) is not None:
                self.pane_built(pane)

    def pane_built(self, pane: QWidget) -> None:
        """A pane came into its dock: it gives way too while the window must fit (a
        dock's minimum is its contents' plus its title bar)."""
        if self.collapsed:
            pane.setMinimumSize(COLLAPSED_WIDTH, COLLAPSED_HEIGHT)
        else:
            pane.setMinimumSize(0, 0)  # back to its layout's minimum

    def fit(self, available: QRect | None = None) -> None:
        """Let the docks give way if the window's minimum exceeds ``available`` (the
        screen's available area by default), then keep the window inside it. The
        minimum is measured without laying the window out (``totalMinimumSize``): a
        layout pass at the larger minimum would resize it, and the banner, whose text
        wraps, would then ask for more height at the new width."""
        w = self._window
        layout = w.layout()
        if layout is None:
            return
        if available is None:
            available = w.screen().availableGeometry()
        if self.collapsed:
            self._set_collapsed(False)  # measure what the contents now ask for
        layout.invalidate()
        need = layout.totalMinimumSize()
        too_big = need.height() > available.height() or need.width() > available.width()
        if too_big:
            self._set_collapsed(True)
            layout.invalidate()
        layout.activate()
        if too_big:  # the larger minimum had grown the window past the screen
            w.resize(min(w.width(), available.width()), min(w.height(), available.height()))
