"""The window's docks: made with placeholders, placed in two tab groups, reset.

The default layout puts the ``left`` panes of ``panes/table.PANES`` tabbed beside the
``right`` ones in the bottom area; a held window (``defer_first_analysis``) places
them just after its first paint. Docks side by side whose panes have nothing to show
give their width to the others (``give_way``) and get it back when they have some.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtWidgets import QDockWidget, QMainWindow, QWidget

from uriinspector.gui.panes.table import PANES

if TYPE_CHECKING:  # imported where used: a class's enum types are made on import
    from PySide6.QtCore import QByteArray
    from PySide6.QtWidgets import QTabBar

#: The Components and Findings docks' initial widths (a proportion of the window's).
SPLIT = (640, 420)


class Layout(NamedTuple):
    """A View ▸ Layout preset: the panes it shows side by side, with their width shares."""

    title: str  # the menu entry
    panes: tuple[tuple[str, int], ...]  # (pane name, share of the width), left to right


#: View ▸ Layout: each task's panes, all on screen at once (the rest stay in their tabs).
LAYOUTS: dict[str, Layout] = {
    "analyst": Layout("&Analyst", (("findings", 2), ("extract", 3))),
    "teaching": Layout("&Teaching", (("ladder", 1), ("editions", 1), ("explain", 1))),
    "web-links": Layout("&Web Links", (("resolution", 1), ("extract", 1))),
}


class DockLayout:
    """The docks of one window (``docks``: pane name -> dock) and their layout."""

    def __init__(self, window: QMainWindow) -> None:
        self._window = window
        self.docks: dict[str, QDockWidget] = {}
        # the layout Reset Layout restores (set once the docks are placed; empty: none)
        self.default_state: QByteArray | bytes = b""
        #: the layout a task's layout replaced (None once the user chose one himself)
        self._before_task: QByteArray | None = None
        #: docks that gave their width way (``give_way``): name -> the width they had
        self.gave: dict[str, int] = {}
        #: called after a layout is taken (the window then lets empty panes give way)
        self.laid_out: Callable[[], None] = lambda: None

    def make(self) -> None:
        """The ten docks with their placeholders, not yet placed; a held window makes
        them after its first paint, and their View menu entries then."""
        for spec in PANES:
            dock = QDockWidget(spec.title, self._window)
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

    def place(self, on_visibility: Callable[[str, bool], None],
              on_floated: Callable[[str], None]) -> None:
        """Put the docks in the bottom area: the ``left`` group of ``PANES`` tabbed beside
        the ``right`` one, each group's first pane on top (needs ``Qt``); a dock's
        visibility and floating are reported to ``on_visibility`` and ``on_floated``."""
        from PySide6.QtCore import Qt  # after the first paint for a held window

        w = self._window
        for name, dock in self.docks.items():
            w.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.visibilityChanged.connect(
                lambda visible, n=name: on_visibility(n, visible)
            )
            dock.topLevelChanged.connect(  # floated out: on screen, whatever the tabs say
                lambda _floating, n=name: on_floated(n)
            )
        d = self.docks
        left = [d[s.name] for s in PANES if s.group == "left"]
        right = [d[s.name] for s in PANES if s.group == "right"]
        w.splitDockWidget(left[0], right[0], Qt.Orientation.Horizontal)
        for group in (left, right):
            for dock in group[1:]:
                w.tabifyDockWidget(group[0], dock)
        left[0].raise_()
        right[0].raise_()
        w.resizeDocks([left[0], right[0]], list(SPLIT), Qt.Orientation.Horizontal)
        self.hide_stale_tab_bars()

    def share_width(self) -> None:
        """Share the Components and Findings docks' width as a hidden window's first
        layout does (a held window placed its docks after being shown)."""
        from PySide6.QtCore import Qt

        pair = [self.docks["components"], self.docks["findings"]]
        total = sum(dock.width() for dock in pair)
        shares = [round(total * w / sum(SPLIT)) for w in SPLIT]
        self._window.resizeDocks(pair, shares, Qt.Orientation.Horizontal)

    def reset(self) -> None:
        """Put every dock back where it started."""
        self.gave.clear()
        for dock in self.docks.values():
            dock.show()
        self._window.restoreState(self.default_state)
        self.hide_stale_tab_bars()

    def for_task(self, name: str | None) -> None:
        """Take layout ``name`` for a task (a document opened: ``analyst``), keeping the
        layout it replaces; ``None`` puts that one back (the document was closed), unless
        the user chose a layout in between (View ▸ Layout), which then stays."""
        if name is not None:
            before = self._before_task or self._window.saveState()
            self.apply(name)
            self._before_task = before
            return
        if self._before_task is None:
            return
        self.gave.clear()
        self._window.restoreState(self._before_task)
        self.hide_stale_tab_bars()
        self._before_task = None
        self.laid_out()

    def apply(self, name: str) -> None:
        """Take layout ``name`` (``LAYOUTS``): its panes side by side in the bottom area
        with their width shares, every other dock tabbed behind the widest of them."""
        from PySide6.QtCore import Qt

        w = self._window
        self._before_task = None  # a layout chosen now is the one to keep
        self.gave.clear()
        chosen = [self.docks[pane] for pane, _share in LAYOUTS[name].panes]
        rest = [dock for dock in self.docks.values() if dock not in chosen]
        for dock in self.docks.values():
            dock.setFloating(False)
            w.removeDockWidget(dock)
        area = Qt.DockWidgetArea.BottomDockWidgetArea
        w.addDockWidget(area, chosen[0])
        for left, right in itertools.pairwise(chosen):
            w.splitDockWidget(left, right, Qt.Orientation.Horizontal)
        # the other docks tab behind the pane with the largest share: their tab bar needs
        # room (twelve tabs, even elided, ask ~540 px), which that pane has most of
        shares = [share for _pane, share in LAYOUTS[name].panes]
        host = chosen[shares.index(max(shares))]
        for dock in rest:
            w.tabifyDockWidget(host, dock)
        for dock in self.docks.values():
            dock.show()
        for dock in chosen:
            dock.raise_()
        if (layout := w.layout()) is not None:
            layout.activate()  # the split laid out first: its widths are then shared
        widths = [max(1, w.width()) * share // sum(shares) for share in shares]
        w.resizeDocks(chosen, widths, Qt.Orientation.Horizontal)
        self.hide_stale_tab_bars()
        self.laid_out()

    def side_by_side(self) -> list[QDockWidget]:
        """The docks on screen in the bottom area, left to right (one per tab group)."""
        from PySide6.QtCore import Qt

        w = self._window
        bottom = Qt.DockWidgetArea.BottomDockWidgetArea
        shown = [dock for dock in self.docks.values()
                 if dock.isVisible() and not dock.isFloating()
                 and w.dockWidgetArea(dock) == bottom and not dock.visibleRegion().isEmpty()]
        return sorted(shown, key=lambda dock: dock.x())

    def give_way(self, empty: Collection[str]) -> None:
        """Docks side by side whose panes are in ``empty`` (nothing to show) shrink to
        their minimum width, the others sharing what they gave in proportion; a dock
        that gave way and has content again gets its width back. Acts only when which
        docks give way changes (a width the user dragged stays); when every dock on
        screen is empty, none gives way."""
        from PySide6.QtCore import Qt

        shown = self.side_by_side()
        name_of = {dock: name for name, dock in self.docks.items()}
        names = [name_of[dock] for dock in shown]
        giving = {n for n in names if n in empty}
        if len(giving) == len(names):
            giving = set()
        if len(shown) < 2 or giving == {n for n in self.gave if n in names}:
            return
        widths = {n: dock.width() for n, dock in zip(names, shown, strict=True)}
        total = sum(widths.values())
        fixed: dict[str, int] = {}
        for n in names:
            if n in giving:
                self.gave.setdefault(n, widths[n])
                fixed[n] = self.docks[n].minimumSizeHint().width()
            elif n in self.gave:  # content again: its width back
                fixed[n] = self.gave.pop(n)
        flexible = [n for n in names if n not in fixed] or [n for n in names if n not in giving]
        for n in flexible:
            fixed.pop(n, None)
        rest = max(0, total - sum(fixed.values()))
        share = sum(widths[n] for n in flexible) or 1
        sizes = {**fixed, **{n: rest * widths[n] // share for n in flexible}}
        self._window.resizeDocks(shown, [max(1, sizes[n]) for n in names],
                                 Qt.Orientation.Horizontal)

    def restore(self, state: bytes) -> bool:
        """Restore a saved dock layout (``QMainWindow.restoreState``), then hide the tab
        bars the old layout left behind."""
        from PySide6.QtCore import QByteArray

        self.gave.clear()
        done = self._window.restoreState(QByteArray(state))
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
        from PySide6.QtWidgets import QTabBar

        w = self._window
        groups: set[frozenset[str]] = set()
        for dock in self.docks.values():
            mates = w.tabifiedDockWidgets(dock)
            if mates:
                groups.add(frozenset([dock.windowTitle(), *(m.windowTitle() for m in mates)]))
        shown = [dock.geometry() for dock in self.docks.values()
                 if dock.isVisible() and not dock.isFloating()]
        stale: list[QTabBar] = []
        direct = Qt.FindChildOption.FindDirectChildrenOnly
        for bar in QMainWindow.findChildren(w, QTabBar, "", direct):  # builds no pane
            if bar.isHidden():
                continue
            tabs = frozenset(bar.tabText(i) for i in range(bar.count()))
            if tabs not in groups or any(bar.geometry().intersects(r) for r in shown):
                bar.hide()
                stale.append(bar)
        return stale
