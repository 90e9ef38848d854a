"""Panes built on demand, wired from their declaration, and kept up to date.

A pane is built when its dock is first shown (or asked for by name), connected by what
its ``PaneSpec`` offers and needs (``panes/table.py``), shown the current analysis, and
then updated on every analysis while it is on screen (a pane behind a tab is marked
dirty and updated when raised).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

import shiboken6
from PySide6.QtCore import QTimer
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QDockWidget, QMenu, QWidget

from uriinspector.gui.panes.base import (
    ComparisonView,
    CursorView,
    HistoryView,
    Pane,
    ProgressView,
    ResolutionView,
    UndoView,
    load_pane,
)
from uriinspector.gui.panes.table import SPECS
from uriinspector.gui.window.focus import release_tab

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.resolve import Resolution
    from uriinspector.gui.controller import AnalysisController
    from uriinspector.gui.intents import Intents
    from uriinspector.gui.window.history import HistoryKeeper
    from uriinspector.gui.window.lesson_progress import LessonProgress
    from uriinspector.sources.model import Link


#: Panes that show the field's analysis and nothing else: with the field empty they
#: have nothing to show (``PaneHost.empty``), and their docks give way.
FIELD_ONLY = frozenset(
    {"components", "characters", "findings", "urn", "ladder", "explain", "editions"})


@runtime_checkable
class MayBeEmpty(Protocol):
    """A pane with inputs of its own that can say it has nothing to show now."""

    def shows_nothing(self) -> bool:
        """Whether the pane has nothing to show (its dock may give its width way)."""
        ...


class PaneMap(Mapping[str, QWidget]):
    """``window.panes``: pane name -> pane, building a pane on first access.

    No pane is built with the window: each is built when its dock is first shown (with
    ``defer_first_analysis``, just after the first paint), or when asked for here, and
    is then shown the current analysis. ``built()`` lists those built so far.
    """

    def __init__(self, host: PaneHost, intents: Intents) -> None:
        self._host = host
        self._intents = intents

    def __getitem__(self, name: str) -> QWidget:
        return self._intents.pane(name)

    def __contains__(self, name: object) -> bool:
        return name in self._host.docks  # asking builds nothing

    def __iter__(self) -> Iterator[str]:
        return iter(self._host.docks)

    def __len__(self) -> int:
        return len(self._host.docks)

    def built(self) -> dict[str, QWidget]:
        """The panes built so far (building none)."""
        return dict(self._host.built)


class PaneHost:
    """Building, wiring and updating the panes of one window.

    ``held``: the window paints before it analyses; docks shown meanwhile are noted
    and built by ``release``. ``closing``: set as the window closes (docks report
    themselves hidden then, which must not disable their panes).
    """

    def __init__(self, window: QWidget, docks: Mapping[str, QDockWidget],
                 controller: AnalysisController, intents: Intents,
                 history: HistoryKeeper, edit_menu: QMenu, *, held: bool,
                 on_built: Callable[[QWidget], None] = lambda _pane: None,
                 progress: LessonProgress | None = None) -> None:
        self._window = window
        self.docks = docks
        self._controller = controller
        self._intents = intents
        self._history = history
        self._edit_menu = edit_menu
        self._on_built = on_built  # the window's screen fit
        self._progress = progress
        self.held = held
        self.closing = False
        self.built: dict[str, QWidget] = {}
        self._dirty: set[str] = set()
        self._on_screen: set[str] = set()  # docks shown while held (visibilityChanged)
        # What a pane not yet built will be given when it is: the ladder's last
        # comparison (the controller keeps the rest).
        self._comparison: tuple[Ladder | None, Comparison | None] = (None, None)
        self._syncing_cursor = False
        self.undoEditAction: QAction | None = None
        self.redoEditAction: QAction | None = None
        c = controller
        self._offers: dict[str, Callable[..., Any]] = {  # panes/table.INTENTS
            "highlight-span": self._on_span_requested,
            "inspect": intents.inspect,
            "inspect-link": self._on_link_inspect_requested,
            "set-uri": intents.set_uri,
            "resolution-inputs": intents.set_resolution_inputs,
            "load-examples": c.load_examples,
            "compare-text": c.set_compare_text,
            "pin": history.pin,
            "forget": history.forget,
            "clear-history": history.clear,
            "copy-summary": intents.copy_summary,
            "show-resolution": intents.show_resolution,
        }
        c.partsReady.connect(self._on_parts_ready)
        c.resolutionsChanged.connect(self._on_resolutions_changed)
        c.comparisonChanged.connect(self._on_comparison_changed)
        c.examplesChanged.connect(self._on_examples_changed)

    def pane(self, name: str) -> QWidget:
        """The pane called ``name``, built now if it is not yet (the docks must exist)."""
        pane = self.built.get(name)
        return pane if pane is not None else self._build(name)

    def release(self) -> None:
        """After the first paint: build the panes on screen (held windows)."""
        self.held = False
        for name in self.docks:
            if name in self._on_screen and name not in self.built:
                self._build(name)

    def build_all(self) -> None:
        """Build every pane not built yet (for automation that walks the widget tree)."""
        for name in self.docks:
            self.pane(name)

    def _build(self, name: str) -> QWidget:
        """Import and build pane ``name`` into its dock, wire it, and bring it up to date."""
        spec = SPECS.get(name)
        if spec is None:
            raise KeyError(name)
        pane = load_pane(spec)
        self.built[name] = pane
        dock = self.docks[name]
        placeholder = dock.widget()
        dock.setWidget(pane)
        if placeholder is not None:
            # Handed back to Python and freed with its wrapper (no deleteLater behind
            # PySide's back: a wrapper outliving its C++ object is a crash waiting).
            placeholder.setParent(None)
        if self._window.isVisible() and dock.visibleRegion().isEmpty():
            pane.setEnabled(False)  # built behind another tab: off the Tab order
            # ...or built as its tab is raised, before the layout moved it on screen
            # (Ctrl+digit, a script's raise_()): look again once the layout has run.
            QTimer.singleShot(0, lambda: self.recheck_enabled(name))
        self._wire(name, pane)
        release_tab(pane)  # Tab must pass through it (tab order, item views)
        self._on_built(pane)
        a = self._controller.analysis
        if a is not None:
            self.push(name, a)
        return pane

    def _wire(self, name: str, pane: QWidget) -> None:
        """Connect what the pane offers and give it what it needs (its ``PaneSpec``):
        a pane built late gets the state it would have had."""
        spec = SPECS[name]
        for signal_name, intent in spec.offers.items():
            signal = getattr(pane, signal_name, None)
            if signal is not None:  # a MissingPane offers nothing but spanRequested
                signal.connect(self._offers[intent])
        for need in spec.needs:
            self._feed(need, pane)

    def _feed(self, need: str, pane: QWidget) -> None:
        """Give a newly built ``pane`` the state named ``need`` (``panes/table.NEEDS``)."""
        c = self._controller
        if need == "resolutions" and isinstance(pane, ResolutionView):
            pane.baseField.setText(c.base)
            pane.referenceField.setText(c.reference)
            if c.resolutions:
                pane.show_resolutions(c.resolutions)
        elif need == "comparison" and isinstance(pane, ComparisonView):
            pane.compareField.setText(c.compare_text)
            if self._comparison != (None, None):
                pane.show_comparison(*self._comparison)
        elif need == "history" and isinstance(pane, HistoryView):
            self._history.attach(pane)
        elif need == "undo" and isinstance(pane, UndoView):
            self._add_undo(pane)
        elif (need == "lesson-progress" and isinstance(pane, ProgressView)
              and self._progress is not None):
            pane.attach_progress(self._progress)

    def _add_undo(self, pane: UndoView) -> None:
        """Builder edits in the tree get the Edit menu's Undo and Redo (typing in the
        field has its own undo)."""
        from PySide6.QtGui import QKeySequence  # its enum types: not before the first paint

        stack = pane.undo_stack
        undo = self.undoEditAction = stack.createUndoAction(self._window, "&Undo")
        undo.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
        redo = self.redoEditAction = stack.createRedoAction(self._window, "&Redo")
        redo.setShortcut(QKeySequence(QKeySequence.StandardKey.Redo))
        first = self._edit_menu.actions()[0]
        self._edit_menu.insertActions(first, [undo, redo])
        self._edit_menu.insertSeparator(first)

    def empty(self) -> set[str]:
        """The panes with nothing to show: those of ``FIELD_ONLY`` while the field is
        empty, and built panes that say so (``MayBeEmpty``)."""
        a = self._controller.analysis
        out = set(FIELD_ONLY) if a is None or not a.text else set()
        out.update(name for name, pane in self.built.items()
                   if isinstance(pane, MayBeEmpty) and pane.shows_nothing())
        return out

    def panes_needing(self, need: str) -> list[QWidget]:
        """The built panes whose ``PaneSpec`` declares ``need``."""
        return [pane for name, pane in self.built.items() if need in SPECS[name].needs]

    def flush(self) -> None:
        """Bring every built pane up to date now, tabbed-away ones included.

        While the window is shown, a pane whose dock is hidden behind another tab is
        updated when its dock becomes visible (typing stays fast); tests that read a
        hidden pane call this (or raise the dock) first. A pane not built yet is
        shown the current analysis when it is built (``pane(name)``).
        """
        a = self._controller.analysis
        if a is not None:
            for name in list(self._dirty):
                self.push(name, a)

    def _hidden(self, name: str) -> bool:
        """Whether pane ``name``'s dock is behind another tab of the shown window."""
        return self._window.isVisible() and self.docks[name].visibleRegion().isEmpty()

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a`` in every built pane on screen; the others are marked dirty."""
        for name in self.docks:
            if name not in self.built:
                continue  # built when first shown, with the analysis current then
            if self._hidden(name):
                self._dirty.add(name)
            else:
                self.push(name, a)

    def _on_parts_ready(self, a: Analysis) -> None:
        """A long input's explanation and editions are built: show them where asked."""
        for name in self.built:
            if "late-parts" not in SPECS[name].needs:
                continue
            if self._hidden(name):
                self._dirty.add(name)
            else:
                self.push(name, a)

    def push(self, name: str, a: Analysis) -> None:
        """Show ``a`` in built pane ``name`` now (a failure is said, never raised)."""
        self._dirty.discard(name)
        pane = self.built[name]
        if not isinstance(pane, Pane):  # every pane in PANES is one; MissingPane too
            return
        try:
            pane.show_analysis(a)
        except Exception as exc:
            self._intents.status(f"The {name} pane failed: {type(exc).__name__}: {exc}")

    def follow_cursor(self, index: int) -> None:
        """The field's cursor moved to code point ``index``: panes that follow it do."""
        if self._controller.analysis is None:
            return
        for pane in self.panes_needing("cursor"):
            if not isinstance(pane, CursorView):
                continue  # a MissingPane
            self._syncing_cursor = True
            try:
                pane.select_at(index)
            finally:
                self._syncing_cursor = False

    def _on_link_inspect_requested(self, link: Link) -> None:
        """An Extract row: inspect its link read in its document (visible text, mismatch,
        part), so the banner, Findings and reports give the row's verdict and reason."""
        self._controller.set_link_context(link.target, link.context())
        self._intents.inspect(link.target)

    def _on_span_requested(self, start: int, end: int) -> None:
        if self._syncing_cursor:
            return  # the field moved the pane, not the user
        self._intents.highlight_span(start, end)

    def on_dock_visibility_changed(self, name: str, visible: bool) -> None:
        """A dock was shown or hidden (its tab raised, closed, or the window shown)."""
        self._show_contents(name, visible)
        if self.held:  # release() builds the panes on screen after the first paint
            (self._on_screen.add if visible else self._on_screen.discard)(name)
            return
        if visible and name not in self.built:
            self._build(name)  # gets the current analysis as it is built
            return
        a = self._controller.analysis
        if visible and name in self._dirty and a is not None:
            self.push(name, a)

    def _gone(self) -> bool:
        """The window is closing or already deleted: docks report hidden as it goes."""
        return self.closing or not shiboken6.isValid(self._window)

    def recheck_enabled(self, name: str) -> None:
        """Enable a built pane that is really on screen (floating, or its tab raised)."""
        if self._gone():
            return
        dock = self.docks.get(name)
        pane = None if dock is None else dock.widget()
        if dock is None or pane is None or pane.isEnabled() or not shiboken6.isValid(pane):
            return
        if dock.isFloating() or not dock.visibleRegion().isEmpty():
            pane.setEnabled(True)

    def _show_contents(self, name: str, visible: bool) -> None:
        """Disable a docked pane while its dock is behind another tab, enable it when
        raised: Qt keeps such a dock "visible" (it only moves it off the window), so its
        widgets stayed in the Tab order (issue 15); a disabled one is skipped by Qt's
        own walk. Hiding it instead broke the dock layout (a hidden widget has no size).
        Not while the window itself hides or closes.
        """
        if self._gone():
            return
        dock = self.docks[name]
        pane = dock.widget()
        if pane is None or dock.isFloating():
            return
        if visible:
            if not pane.isEnabled():
                pane.setEnabled(True)
        elif self._window.isVisible() and pane.isEnabled():
            pane.setEnabled(False)

    def _on_resolutions_changed(self, resolutions: tuple[Resolution, ...]) -> None:
        for pane in self.panes_needing("resolutions"):  # built later: _feed gives them
            if isinstance(pane, ResolutionView):
                pane.show_resolutions(resolutions)

    def _on_comparison_changed(self, other: Ladder | None, comparison: Comparison | None) -> None:
        self._comparison = (other, comparison)
        for pane in self.panes_needing("comparison"):  # built later: _feed gives them
            if isinstance(pane, ComparisonView):
                pane.show_comparison(other, comparison)

    def _on_examples_changed(self, rows: tuple[tuple[str, tuple[Resolution, ...]], ...]) -> None:
        res = self._intents.pane("resolution")
        if isinstance(res, ResolutionView):
            res.show_examples(rows)
        self.docks["resolution"].raise_()
