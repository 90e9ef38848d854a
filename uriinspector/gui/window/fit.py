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
from typing import Protocol, runtime_checkable

from PySide6.QtCore import QRect, QSize
from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

#: What a pane keeps when the window must fit (its dock adds its title bar and tabs).
COLLAPSED_HEIGHT = 24
COLLAPSED_WIDTH = 100


@runtime_checkable
class Compacts(Protocol):
    """A pane that can put its rows first while the window must fit its screen."""

    def set_compact(self, compact: bool) -> None:
        """Hide what can wait (context lines), keep one line of status."""
        ...


class ScreenFit:
    """Keeps one window within its screen (``fit`` after a zoom change or a show)."""

    def __init__(self, window: QMainWindow, docks: Mapping[str, QDockWidget]) -> None:
        self._window = window
        self._docks = docks
        self.collapsed = False
        #: the area to fit in instead of the screen's available geometry (None: the
        #: screen's); tests and the screenshots set it to a small screen's, as the
        #: offscreen platform has one fixed-size screen
        self.area: QRect | None = None

    def _set_collapsed(self, collapsed: bool) -> None:
        self.collapsed = collapsed
        for dock in self._docks.values():
            if (pane := dock.widget()) is not None:
                self.pane_built(pane)

    def pane_built(self, pane: QWidget) -> None:
        """A pane came into its dock: it gives way too while the window must fit (a
        dock's minimum is its contents' plus its title bar), and a pane that can be
        compact (``Compacts``) puts its rows first."""
        if self.collapsed:
            pane.setMinimumSize(COLLAPSED_WIDTH, COLLAPSED_HEIGHT)
        else:
            pane.setMinimumSize(0, 0)  # back to its layout's minimum
        if isinstance(pane, Compacts):
            pane.set_compact(self.collapsed)

    def fit(self, available: QRect | None = None) -> None:
        """Let the docks give way if the window's minimum exceeds ``available`` (``area``
        or the screen's available area by default), then keep the window inside it. The
        minimum is measured without laying the window out (``totalMinimumSize``): a
        layout pass at the larger minimum would resize it, and the banner, whose text
        wraps, would then ask for more height at the new width."""
        w = self._window
        layout = w.layout()
        if layout is None:
            return
        if available is None:
            available = self.available()
        if self.collapsed:
            self._set_collapsed(False)  # measure what the contents now ask for
        layout.invalidate()
        need, room = layout.totalMinimumSize(), self.room(available)  # the frame too
        too_big = need.height() > room.height() or need.width() > room.width()
        if too_big:
            self._set_collapsed(True)
            layout.invalidate()
        layout.activate()
        if too_big:  # the larger minimum had grown the window past the screen
            self.keep_inside(available)

    def available(self) -> QRect:
        """The area the window must fit: ``area``, or its screen's available area."""
        return self.area if self.area is not None else self._window.screen().availableGeometry()

    def room(self, available: QRect) -> QSize:
        """What the window's contents may take of ``available``: less its frame."""
        w = self._window
        frame = w.frameGeometry()
        return QSize(available.width() - (frame.width() - w.width()),
                     available.height() - (frame.height() - w.height()))

    def outgrown(self) -> bool:
        """Whether the shown window's minimum (as laid out now) passes its room, while
        its panes have not given way yet (then ``fit`` lets them)."""
        w = self._window
        if self.collapsed or not w.isVisible() or (layout := w.layout()) is None:
            return False
        need, room = layout.minimumSize(), self.room(self.available())
        return need.height() > room.height() or need.width() > room.width()

    def keep_inside(self, available: QRect) -> None:
        """Shrink the window, then move it, so its frame (title bar and borders
        included) lies within ``available`` (what a window manager does for a
        maximised window; ``fit`` after a larger minimum had grown it)."""
        w = self._window
        frame = w.frameGeometry()
        extra_w, extra_h = frame.width() - w.width(), frame.height() - w.height()
        room_w, room_h = available.width() - extra_w, available.height() - extra_h
        if w.width() > room_w or w.height() > room_h:
            w.resize(min(w.width(), room_w), min(w.height(), room_h))
            frame = w.frameGeometry()
        if not available.contains(frame):
            x = max(available.left(), min(frame.left(), available.right() + 1 - frame.width()))
            y = max(available.top(), min(frame.top(), available.bottom() + 1 - frame.height()))
            w.move(x, y)
