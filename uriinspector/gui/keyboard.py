"""The window by keyboard: Ctrl+L to the field, Ctrl+digit to a pane, F6 between areas.

``WindowKeyboard`` is mixed into ``MainWindow``. Tab visits only what is on screen and
never gets stuck: item views give Tab back to the window instead of walking their
cells (``setTabKeyNavigation(False)``) and multi-line text boxes pass it on
(``setTabChangesFocus(True)``). F6 and Shift+F6 cycle the areas: the field, the
banner, then each dock on screen, in the View menu's order, and back to the field.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QMainWindow,
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


def is_tab_stop(widget: QWidget, window: QWidget) -> bool:
    """True if Tab may stop on ``widget`` in ``window``: Qt's own test (shown, enabled,
    Tab-focusable, no focus proxy) and on screen (not in a dock behind a tab)."""
    return (
        widget.window() is window
        and widget.focusProxy() is None
        and takes_tab(widget)
        and on_screen(widget)
    )


def _first_focusable(container: QWidget) -> QWidget | None:
    """The first widget inside ``container``, in the focus chain, that Tab stops on."""
    window = container.window()
    w = container.nextInFocusChain()
    for _ in range(10_000):
        if w is None or w is container:
            break
        if container.isAncestorOf(w) and is_tab_stop(w, window):
            return w
        w = w.nextInFocusChain()
    return container if is_tab_stop(container, window) else None


class WindowKeyboard:
    """Focus keys of ``MainWindow`` (a mixin: ``self`` is the window)."""

    def focusNextPrevChild(self: MainWindow, next: bool) -> bool:  # Qt names it next
        """Tab and Shift+Tab: the next widget in the focus chain that is on screen.

        Qt's own walk takes a dock behind another tab for visible (it is only moved off
        the window), so Tab used to stop on panes nobody could see.
        """
        from PySide6.QtCore import Qt

        start = QApplication.focusWidget()
        if (
            self._closing
            or not self.isVisible()
            or start is None
            or start.window() is not self
            or not start.isVisible()  # Qt moving focus off a widget being hidden
        ):
            return QMainWindow.focusNextPrevChild(self, next)
        w = start
        for _ in range(10_000):  # the chain is a ring; this only bounds a broken one
            w = w.nextInFocusChain() if next else w.previousInFocusChain()
            if w is None or w is start:
                break
            if is_tab_stop(w, self):
                reason = (Qt.FocusReason.TabFocusReason if next
                          else Qt.FocusReason.BacktabFocusReason)
                w.setFocus(reason)
                return True
        return False

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
        # Else its first Tab stop; a pane with none (URN on a non-URN) takes the keys
        # itself, so the next Tab leaves from there.
        return _first_focusable(self.docks[name]) or pane

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
