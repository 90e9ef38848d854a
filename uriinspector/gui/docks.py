"""The window's docks: made with placeholders, placed in two tab groups, reset.

``WindowDocks`` is mixed into ``MainWindow``. The default layout puts the ``left``
panes of ``panes/base.PANES`` tabbed beside the ``right`` ones in the bottom area; a
held window (``defer_first_analysis``) does this just after its first paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDockWidget, QWidget

from uriinspector.gui.panes.base import PANES

if TYPE_CHECKING:
    pass

#: The Components and Findings docks' initial widths (a proportion of the window's).
_SPLIT = (640, 420)


class WindowDocks:
    """Dock making, placing and resetting of ``MainWindow`` (a mixin)."""

    def _build_frame(self, *, restore_state: bool) -> None:
        """Place the docks, then take the default layout (once; ``restore_state``: then
        the saved dock layout, for a held window whose ``_restore`` already ran)."""
        if not self._frame_pending:
            return
        self._frame_pending = False
        if self._held:  # an unheld field and banner finished their set-up when made
            self.uriField.finish_setup()
            self.banner.finish_setup()
        for action, shortcut in self._held_shortcuts:
            action.setShortcut(QKeySequence(shortcut))
        self._held_shortcuts.clear()
        if self._top_spacer is not None and (top := self.centralWidget().layout()):
            top.removeItem(self._top_spacer)  # still referenced: no delete behind PySide
        size = self.size()
        shown = self.isVisible()
        if not self.docks:  # held: the docks and their View menu entries
            self._make_docks()
            self.panesMenu.addActions([self.docks[s.name].toggleViewAction() for s in PANES])
        self._place_docks()
        if shown:  # held: docks placed after show() are shown as show() shows children
            for dock in self.docks.values():
                dock.show()
        # Until tabified the docks sat side by side and set a too-wide minimum: recompute
        # it now, and give the window back its size (the minimum may have grown it).
        if (layout := self.layout()) is not None:
            layout.activate()
        self.resize(size)
        if shown:  # share the width as a hidden window's first layout does
            from PySide6.QtCore import Qt

            pair = [self.docks["components"], self.docks["findings"]]
            total = sum(dock.width() for dock in pair)
            shares = [round(total * w / sum(_SPLIT)) for w in _SPLIT]
            self.resizeDocks(pair, shares, Qt.Orientation.Horizontal)
        self._default_state = self.saveState()
        if restore_state and self.settings.window_state:
            self.restoreState(QByteArray(self.settings.window_state))

    def _ensure_frame(self) -> None:
        """Build the frame now if a held window has not yet (anything needing a dock,
        a menu action or the saved layout before ``release``)."""
        self._build_frame(restore_state=True)

    def _make_docks(self) -> None:
        """The ten docks with their placeholders, not yet placed; a held window makes
        them after its first paint, and their View menu entries then."""
        for spec in PANES:
            dock = QDockWidget(spec.title, self)
            dock.setObjectName(f"{spec.name}Dock")
            placeholder = QWidget(dock)  # until the pane is built
            # Opaque, as a pane is: Qt leaves a stale tab bar of the first tabify under
            # the Findings dock, which a see-through placeholder would show.
            placeholder.setAutoFillBackground(True)
            dock.setWidget(placeholder)
            dock.setFeatures(
                QDockWidget.DockWidgetFeature.DockWidgetMovable
                | QDockWidget.DockWidgetFeature.DockWidgetFloatable
                | QDockWidget.DockWidgetFeature.DockWidgetClosable
            )
            self.docks[spec.name] = dock

    def _place_docks(self) -> None:
        """Put the docks in the bottom area, side by side and tabbed (needs ``Qt``)."""
        from PySide6.QtCore import Qt  # after the first paint for a held window

        for attr, dock in self.docks.items():
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.visibilityChanged.connect(
                lambda visible, name=attr: self._on_dock_visibility_changed(name, visible)
            )
        d = self.docks
        self.splitDockWidget(d["components"], d["findings"], Qt.Orientation.Horizontal)
        for name in ("characters", "resolution", "ladder"):
            self.tabifyDockWidget(d["components"], d[name])
        self.tabifyDockWidget(d["findings"], d["urn"])
        self.tabifyDockWidget(d["findings"], d["history"])
        self.tabifyDockWidget(d["findings"], d["extract"])
        self.tabifyDockWidget(d["components"], d["explain"])
        self.tabifyDockWidget(d["components"], d["editions"])
        d["components"].raise_()
        d["findings"].raise_()
        self.resizeDocks([d["components"], d["findings"]], list(_SPLIT), Qt.Orientation.Horizontal)

    def reset_layout(self) -> None:
        """Put every dock back where it started."""
        for dock in self.docks.values():
            dock.show()
        self.restoreState(self._default_state)
