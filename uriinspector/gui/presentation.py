"""Presentation mode: the field, the banner and one pane, large enough for a projector.

View ▸ Presentation Mode (F11 or Ctrl+Shift+P) enlarges the URI field, the banner and
the focused pane by ``EMPHASIS`` on top of the zoom level, and hides the other docks so
that pane gets the whole width. The focused pane is the dock holding the keyboard
focus, else the one that held it last, else the first pane on screen. Leaving restores
the dock layout saved on entering (``saveState``), the window's size and every font
size exactly; closing
the window leaves the mode first, so its layout is never what is saved.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QObject, QSize, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QApplication, QDockWidget, QMainWindow, QMenu, QWidget

from uriinspector.gui.zoom import Zoom

if TYPE_CHECKING:  # its enum types need not be made before the first paint
    from PySide6.QtCore import QByteArray

#: How much larger the field, the banner and the focused pane are drawn.
EMPHASIS = 1.5
KEYS = ("F11", "Ctrl+Shift+P")


class Presentation(QObject):
    """The View ▸ Presentation Mode toggle of one window; ``toggled(bool)``."""

    toggled = Signal(bool)

    def __init__(self, window: QMainWindow, zoom: Zoom) -> None:
        super().__init__(window)
        self.window = window
        self.zoom = zoom
        self.active = False
        #: The dock enlarged while active.
        self.dock: QDockWidget | None = None
        self._saved_state: QByteArray | None = None
        self._saved_size: QSize | None = None
        self._last_dock: QDockWidget | None = None
        self.action = QAction("&Presentation Mode", window)
        self.action.setObjectName("presentationAction")
        self.action.setCheckable(True)
        self.action.setToolTip("Enlarge the field, the banner and the focused pane")
        self.action.toggled.connect(self.set_active)
        window.addAction(self.action)  # its shortcut works with the menu bar hidden
        zoom.add_shortcuts(self.action, KEYS)
        app = QApplication.instance()
        if isinstance(app, QApplication):
            app.focusChanged.connect(self._on_focus_changed)
        window.installEventFilter(self)

    # ---- which pane -----------------------------------------------------------------
    def _docks(self) -> dict[str, QDockWidget]:
        docks: dict[str, QDockWidget] = getattr(self.window, "docks", {})
        return docks

    def dock_of(self, widget: QWidget | None) -> QDockWidget | None:
        """The window's dock that holds ``widget``, if any."""
        docks = set(self._docks().values())
        while widget is not None:
            if isinstance(widget, QDockWidget) and widget in docks:
                return widget
            widget = widget.parentWidget()
        return None

    def focused_dock(self) -> QDockWidget | None:
        """The dock to enlarge: focused now, else focused last, else the first on screen."""
        now = self.dock_of(QApplication.focusWidget())
        if now is not None:
            return now
        if self._last_dock is not None and self._last_dock.isVisible():
            return self._last_dock
        docks = list(self._docks().values())
        on_screen = [d for d in docks if d.isVisible() and not d.visibleRegion().isEmpty()]
        first = on_screen or docks
        return first[0] if first else None

    def _on_focus_changed(self, _old: QWidget | None, new: QWidget | None) -> None:
        dock = self.dock_of(new)
        if dock is not None:
            self._last_dock = dock

    # ---- the mode -------------------------------------------------------------------
    def set_active(self, on: bool) -> None:
        """Enter (``True``) or leave presentation mode."""
        if on == self.active:
            return
        if on:
            ensure = getattr(self.window, "ensure_frame", None)
            if callable(ensure):  # a held window builds its docks first
                ensure()
            dock = self.focused_dock()
            if dock is None:
                self.action.setChecked(False)
                return
            self.active, self.dock = True, dock
            self._saved_state = self.window.saveState()
            self._saved_size = self.window.size()
            for other in self._docks().values():
                if other is not dock:
                    other.hide()
            dock.show()
            dock.raise_()
            self.zoom.emphasis, self.zoom.emphasized = EMPHASIS, dock
            self.zoom.apply()
            self.window.statusBar().showMessage(
                f"Presentation mode: {dock.windowTitle()} enlarged. F11 leaves it.", 5000
            )
        else:
            self.active, self.dock = False, None
            self.zoom.emphasis, self.zoom.emphasized = 1.0, None
            self.zoom.apply()
            if self._saved_size is not None:  # larger text may have grown the window
                self.window.resize(self._saved_size)
                self._saved_size = None
            if self._saved_state is not None:
                # The smaller text's minimum sizes first, or the docks get less height.
                _activate_layouts(self.window)
                self.window.restoreState(self._saved_state)
                self._saved_state = None
            self.window.statusBar().clearMessage()
        self.action.setChecked(on)
        self.toggled.emit(on)

    def toggle(self) -> None:
        """Enter or leave presentation mode."""
        self.set_active(not self.active)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Leave the mode before the window closes (and saves its layout)."""
        if watched is self.window and event.type() == QEvent.Type.Close and self.active:
            self.set_active(False)
        return False


def _activate_layouts(window: QMainWindow) -> None:
    """Lay the top area and the window out now (their minimum sizes follow the fonts)."""
    central = window.centralWidget()
    for layout in (central.layout() if central is not None else None, window.layout()):
        if layout is not None:
            layout.activate()


def install(window: QMainWindow, zoom: Zoom, *, menu: QMenu | None = None) -> Presentation:
    """Give ``window`` View ▸ Presentation Mode in ``menu`` (its shortcuts bound with the
    zoom's)."""
    presentation = Presentation(window, zoom)
    if menu is not None:
        menu.addAction(presentation.action)
    return presentation
