"""The window by keyboard: Ctrl+L to the field, Ctrl+digit to a pane, F6 between areas.

``WindowKeyboard`` is mixed into ``MainWindow``. Tab visits only what is on screen and
never gets stuck: a pane behind another tab is disabled (``PaneHost``; Qt only moves such
a dock off the window, and Tab used to stop in it), item views give Tab back to the
window instead of walking their cells (``setTabKeyNavigation(False)``) and multi-line
text boxes pass it on (``setTabChangesFocus(True)``). F6 and Shift+F6 cycle the
areas: the field, the banner, then each dock on screen, in the View menu's order, and
back to the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QPlainTextEdit,
    QTextEdit,
    QWidget,
)

from uriinspector.gui.panes.base import PANES, SPECS

if TYPE_CHECKING:
    from uriinspector.gui.main_window import MainWindow


def takes_tab(widget: QWidget) -> bool:
    """True if Tab can stop on ``widget`` now: shown, enabled, and Tab-focusable."""
    from PySide6.QtCore import Qt

    return (
        widget.isVisible()
        and widget.isEnabled()
        and bool(widget.focusPolicy().value & Qt.FocusPolicy.TabFocus.value)
    )


def release_tab(root: QWidget) -> None:
    """Make every view and text box under ``root`` pass Tab on instead of keeping it."""
    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)  # arrows move between cells; Tab leaves
    for box in root.findChildren(QPlainTextEdit) + root.findChildren(QTextEdit):
        box.setTabChangesFocus(True)


def on_screen(widget: QWidget) -> bool:
    """True if some of ``widget`` can be seen: Qt keeps a dock behind another tab
    "visible" but moves it off the window, where nothing of it is drawn."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


class WindowKeyboard:
    """Focus keys of ``MainWindow`` (a mixin: ``self`` is the window)."""

    def pane_built(self: MainWindow, name: str, pane: QWidget) -> None:
        """A pane was just built into its dock: Tab must pass through it."""
        release_tab(pane)

    def focus_uri_field(self: MainWindow) -> None:
        """Put the cursor in the URI field with its text selected (Ctrl+L)."""
        from PySide6.QtCore import Qt

        self.uriField.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.uriField.selectAll()

    def focus_pane(self: MainWindow, name: str) -> QWidget | None:
        """Show and raise pane ``name``'s dock and put the keyboard in it (Ctrl+digit)."""
        from PySide6.QtCore import Qt

        self._ensure_frame()
        dock = self.docks[name]
        pane = self.pane(name)
        dock.show()
        dock.raise_()
        target = self._focus_target(name, pane)
        if target is not None:
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return target

    def _focus_target(self: MainWindow, name: str, pane: QWidget) -> QWidget | None:
        """The widget pane ``name`` declares for the keyboard, else its first Tab stop."""
        wanted = SPECS[name].focus
        if wanted:
            found = pane.findChild(QWidget, wanted)
            if found is not None and takes_tab(found):
                return found
        # Else the pane itself (URN on a non-URN has nothing to type in or walk): the
        # next Tab leaves from its place in the focus chain. No walk of the chain from
        # Python: it hands out wrappers of Qt's own widgets, which went stale in the
        # full suite (a segfault).
        return pane

    def focus_areas(self: MainWindow) -> list[tuple[str, QWidget]]:
        """The areas F6 visits, in order: ("field", …), ("banner", …), then each dock on
        screen by pane name (docks behind another tab or closed are skipped)."""
        areas: list[tuple[str, QWidget]] = [("field", self.uriField)]
        if takes_tab(self.banner.label):
            areas.append(("banner", self.banner))
        for spec in PANES:
            dock = self.docks.get(spec.name)
            if dock is not None and on_screen(dock) and not dock.isFloating():
                areas.append((spec.name, dock))
        return areas

    def _current_area(self: MainWindow, areas: list[tuple[str, QWidget]]) -> int:
        focused = QApplication.focusWidget()
        if focused is None:
            return -1
        for i, (name, area) in enumerate(areas):
            if name == "field" and focused is self.editionSelector:
                return i
            if focused is area or area.isAncestorOf(focused):
                return i
        return -1

    def focus_next_area(self: MainWindow) -> None:
        """Move the keyboard to the next area (F6)."""
        self._step_area(1)

    def focus_previous_area(self: MainWindow) -> None:
        """Move the keyboard to the previous area (Shift+F6)."""
        self._step_area(-1)

    def _step_area(self: MainWindow, step: int) -> None:
        from PySide6.QtCore import Qt

        areas = self.focus_areas()
        here = self._current_area(areas)
        if here < 0:
            here = 0 if step > 0 else 1  # from nowhere: F6 leaves the field, Shift+F6 too
        for k in range(1, len(areas) + 1):
            name, _area = areas[(here + step * k) % len(areas)]
            if name == "field":
                self.focus_uri_field()
                return
            target: QWidget | None
            if name == "banner":
                target = self.banner.label
            else:
                target = self._focus_target(name, self.pane(name))
            if target is not None:
                reason = (Qt.FocusReason.TabFocusReason if step > 0
                          else Qt.FocusReason.BacktabFocusReason)
                target.setFocus(reason)
                return
