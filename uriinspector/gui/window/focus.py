"""The window by keyboard: Ctrl+L to the field, Ctrl+digit to a pane, F6 between areas.

``FocusRing`` is the window's part for these keys. Tab visits only what is on screen and
never gets stuck: a pane behind another tab is disabled (``window/pane_host.py``; Qt only moves such
a dock off the window, and Tab used to stop in it), item views give Tab back to the
window instead of walking their cells (``setTabKeyNavigation(False)``) and multi-line
text boxes pass it on (``setTabChangesFocus(True)``). F6 and Shift+F6 cycle the
areas: the field, the banner, then each dock on screen, in the View menu's order, and
back to the field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QApplication, QTextEdit, QWidget

from uriinspector.gui.panes.table import PANES, SPECS

if TYPE_CHECKING:
    from PySide6.QtWidgets import QComboBox, QDockWidget

    from uriinspector.gui.banner.banner import EffectiveHostBanner
    from uriinspector.gui.field.widget import UriField
    from uriinspector.gui.intents import Intents


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
    # Imported here: a class's enum types are made on import (~10 before the first paint).
    from PySide6.QtWidgets import QAbstractItemView, QPlainTextEdit

    for view in root.findChildren(QAbstractItemView):
        view.setTabKeyNavigation(False)  # arrows move between cells; Tab leaves
    for box in root.findChildren(QPlainTextEdit) + root.findChildren(QTextEdit):
        box.setTabChangesFocus(True)


def on_screen(widget: QWidget) -> bool:
    """True if some of ``widget`` can be seen: Qt keeps a dock behind another tab
    "visible" but moves it off the window, where nothing of it is drawn."""
    return widget.isVisible() and not widget.visibleRegion().isEmpty()


class FocusRing:
    """Focus keys of one window: the field, the banner, and the docks on screen."""

    def __init__(self, field: UriField, edition_selector: QComboBox,
                 banner: EffectiveHostBanner, docks: Mapping[str, QDockWidget],
                 intents: Intents) -> None:
        self._field = field
        self._edition_selector = edition_selector
        self._banner = banner
        self._docks = docks
        self._intents = intents

    def focus_uri_field(self) -> None:
        """Put the cursor in the URI field with its text selected (Ctrl+L)."""
        from PySide6.QtCore import Qt

        self._field.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self._field.selectAll()

    def focus_pane(self, name: str) -> QWidget | None:
        """Show and raise pane ``name``'s dock and put the keyboard in it (Ctrl+digit)."""
        from PySide6.QtCore import Qt

        dock = self._intents.dock(name)
        pane = self._intents.pane(name)
        dock.show()
        dock.raise_()
        target = self._focus_target(name, pane)
        if target is not None:
            target.setFocus(Qt.FocusReason.ShortcutFocusReason)
        return target

    def show_history(self) -> None:
        """Show and raise the History pane, with the cursor in its search box (Ctrl+H)."""
        pane = self._intents.pane("history")
        dock = self._intents.dock("history")
        dock.show()
        dock.raise_()
        from PySide6.QtWidgets import QLineEdit

        search = pane.findChild(QLineEdit, "historySearch")
        if search is not None:
            search.setFocus()

    def _focus_target(self, name: str, pane: QWidget) -> QWidget | None:
        """The widget pane ``name`` declares for the keyboard, else its first control that
        takes Tab now (URN's "not a URN" note, Extract's open document), else the pane."""
        wanted = SPECS[name].focus
        if wanted:
            found = pane.findChild(QWidget, wanted)
            if found is not None and takes_tab(found):
                return found
        # The pane's own widgets in creation order (findChildren: our widgets, not a
        # walk of Qt's focus chain, whose wrappers of Qt's own widgets went stale in
        # the full suite: a segfault).
        for child in pane.findChildren(QWidget):
            if takes_tab(child):
                return child
        return pane

    def focus_areas(self) -> list[tuple[str, QWidget]]:
        """The areas F6 visits, in order: ("field", …), ("banner", …), then each dock on
        screen by pane name (docks behind another tab or closed are skipped)."""
        areas: list[tuple[str, QWidget]] = [("field", self._field)]
        if takes_tab(self._banner.label):
            areas.append(("banner", self._banner))
        for spec in PANES:
            dock = self._docks.get(spec.name)
            if dock is not None and on_screen(dock) and not dock.isFloating():
                areas.append((spec.name, dock))
        return areas

    def _current_area(self, areas: list[tuple[str, QWidget]]) -> int:
        focused = QApplication.focusWidget()
        if focused is None:
            return -1
        for i, (name, area) in enumerate(areas):
            if name == "field" and focused is self._edition_selector:
                return i
            if focused is area or area.isAncestorOf(focused):
                return i
        return -1

    def focus_next_area(self) -> None:
        """Move the keyboard to the next area (F6)."""
        self._step_area(1)

    def focus_previous_area(self) -> None:
        """Move the keyboard to the previous area (Shift+F6)."""
        self._step_area(-1)

    def _step_area(self, step: int) -> None:
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
                target = self._banner.label
            else:
                target = self._focus_target(name, self._intents.pane(name))
            if target is not None:
                reason = (Qt.FocusReason.TabFocusReason if step > 0
                          else Qt.FocusReason.BacktabFocusReason)
                target.setFocus(reason)
                return
