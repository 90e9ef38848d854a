"""The window's docks: made with placeholders, placed in two tab groups, reset.

``WindowDocks`` is mixed into ``MainWindow``. The default layout puts the ``left``
panes of ``panes/base.PANES`` tabbed beside the ``right`` ones in the bottom area; a
held window (``defer_first_analysis``) does this just after its first paint.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray
from PySide6.QtGui import QKeySequence, QShowEvent
from PySide6.QtWidgets import QDockWidget, QMainWindow, QTabBar, QWidget

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
        self.zoom.frame_built()  # View ▸ Zoom's and Presentation Mode's shortcuts
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
            self.restore_layout(self.settings.window_state)

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
        """Put the docks in the bottom area: the ``left`` group of ``PANES`` tabbed beside
        the ``right`` one, each group's first pane on top (needs ``Qt``)."""
        from PySide6.QtCore import Qt  # after the first paint for a held window

        for attr, dock in self.docks.items():
            self.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.visibilityChanged.connect(
                lambda visible, name=attr: self._on_dock_visibility_changed(name, visible)
            )
            dock.topLevelChanged.connect(  # floated out: on screen, whatever the tabs say
                lambda _floating, name=attr: self._recheck_enabled(name)
            )
        d = self.docks
        left = [d[s.name] for s in PANES if s.group == "left"]
        right = [d[s.name] for s in PANES if s.group == "right"]
        self.splitDockWidget(left[0], right[0], Qt.Orientation.Horizontal)
        for group in (left, right):
            for dock in group[1:]:
                self.tabifyDockWidget(group[0], dock)
        left[0].raise_()
        right[0].raise_()
        self.resizeDocks([left[0], right[0]], list(_SPLIT), Qt.Orientation.Horizontal)
        self.hide_stale_tab_bars()

    def reset_layout(self) -> None:
        """Put every dock back where it started."""
        for dock in self.docks.values():
            dock.show()
        self.restoreState(self._default_state)
        self.hide_stale_tab_bars()

    def restore_layout(self, state: bytes) -> bool:
        """Restore a saved dock layout (``QMainWindow.restoreState``), then hide the tab
        bars the old layout left behind."""
        done = self.restoreState(QByteArray(state))
        self.hide_stale_tab_bars()
        return done

    def hide_stale_tab_bars(self) -> list[QTabBar]:
        """Hide the dock tab bars Qt left behind, and return them.

        Tabifying the second group of a hidden window (its first ``tabifyDockWidget``)
        makes two tab bars for it, and ``restoreState`` on a placed window makes new
        bars for every group; Qt stops laying out the extra ones but leaves them shown
        until they are deleted later, on the event loop. Until then a stray bar (e.g.
        "Findings │ URN", from the first tabify) is drawn over the docks at its last
        place and takes Tab. A bar is stale when its tabs are not exactly one group's
        docks, or when it lies over a dock's contents (Qt puts live bars beside them).
        """
        from PySide6.QtCore import Qt

        groups: set[frozenset[str]] = set()
        for dock in self.docks.values():
            mates = self.tabifiedDockWidgets(dock)
            if mates:
                groups.add(frozenset([dock.windowTitle(), *(m.windowTitle() for m in mates)]))
        shown = [dock.geometry() for dock in self.docks.values()
                 if dock.isVisible() and not dock.isFloating()]
        stale: list[QTabBar] = []
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for bar in QMainWindow.findChildren(self, QTabBar, "", direct):  # builds no pane
            if bar.isHidden():
                continue
            tabs = frozenset(bar.tabText(i) for i in range(bar.count()))
            if tabs not in groups or any(bar.geometry().intersects(r) for r in shown):
                bar.hide()
                stale.append(bar)
        return stale

    def showEvent(self, event: QShowEvent) -> None:
        """Hide stale tab bars once laid out for showing (see ``hide_stale_tab_bars``)."""
        super().showEvent(event)  # type: ignore[misc]
        if self.docks and not self._frame_pending:
            if (layout := self.layout()) is not None:
                layout.activate()  # place the live bars first: geometry tells them apart
            self.hide_stale_tab_bars()
