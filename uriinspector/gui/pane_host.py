"""Panes built on demand, wired from their declaration, and kept up to date.

``PaneHost`` is mixed into ``MainWindow``. A pane is built when its dock is first shown
(or asked for by name), connected by what its ``PaneSpec`` offers and needs
(``panes/base.py``), shown the current analysis, and then updated on every analysis
while it is on screen (a pane behind a tab is marked dirty and updated when raised).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import TYPE_CHECKING, Any

import shiboken6
from PySide6.QtCore import QTimer, Slot
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QWidget

from uriinspector.gui.panes.base import PANES, SPECS, Pane, load_pane

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.resolve import Resolution
    from uriinspector.gui.main_window import MainWindow


class PaneMap(Mapping[str, QWidget]):
    """``window.panes``: pane name -> pane, building a pane on first access.

    No pane is built with the window: each is built when its dock is first shown (with
    ``defer_first_analysis``, just after the first paint), or when asked for here, and
    is then shown the current analysis. ``built()`` lists those built so far.
    """

    def __init__(self, window: MainWindow) -> None:
        self._window = window

    def __getitem__(self, name: str) -> QWidget:
        return self._window.pane(name)

    def __contains__(self, name: object) -> bool:
        return name in self._window.docks  # asking builds nothing

    def __iter__(self) -> Iterator[str]:
        return iter(self._window.docks)

    def __len__(self) -> int:
        return len(self._window.docks)

    def built(self) -> dict[str, QWidget]:
        """The panes built so far (building none)."""
        return dict(self._window._built)


class PaneHost:
    """Building, wiring and updating the panes of ``MainWindow`` (a mixin)."""

    def pane(self, name: str) -> QWidget:
        """The pane called ``name`` (a ``PANES`` attribute), built now if it is not yet."""
        self._ensure_frame()
        pane = self._built.get(name)
        return pane if pane is not None else self._build_pane(name)

    def release(self) -> None:
        """After the first paint: build the panes on screen, then analyse (held windows).

        Harmless to call twice, and on a window that was never held.
        """
        self._ensure_frame()  # docks shown now are recorded in _on_screen (still held)
        self._held = False
        for name in self.docks:
            if name in self._on_screen and name not in self._built:
                self._build_pane(name)
        self.controller.release()

    def build_all_panes(self) -> None:
        """Build every pane not built yet (for automation that walks the widget tree)."""
        self._ensure_frame()
        for name in self.docks:
            self.pane(name)

    def findChild(self, *args: Any, **kwargs: Any) -> Any:
        """``QObject.findChild``, building the panes not built yet if the first look
        misses: a required object name (``ladderView``...) is found in a hidden pane."""
        found = super().findChild(*args, **kwargs)
        if found is None and len(self._built) < len(PANES):
            self.build_all_panes()
            found = super().findChild(*args, **kwargs)
        return found

    def findChildren(self, *args: Any, **kwargs: Any) -> Any:
        """``QObject.findChildren`` over every pane (those not built yet are built)."""
        self.build_all_panes()
        return super().findChildren(*args, **kwargs)

    def _build_pane(self, name: str) -> QWidget:
        """Import and build pane ``name`` into its dock, wire it, and bring it up to date."""
        spec = SPECS.get(name)
        if spec is None:
            raise KeyError(name)
        pane = load_pane(spec)
        self._built[name] = pane
        dock = self.docks[name]
        placeholder = dock.widget()
        dock.setWidget(pane)
        if placeholder is not None:
            # Handed back to Python and freed with its wrapper (no deleteLater behind
            # PySide's back: a wrapper outliving its C++ object is a crash waiting).
            placeholder.setParent(None)
        if self.isVisible() and dock.visibleRegion().isEmpty():
            pane.setEnabled(False)  # built behind another tab: off the Tab order
            # ...or built as its tab is raised, before the layout moved it on screen
            # (Ctrl+digit, a script's raise_()): look again once the layout has run.
            QTimer.singleShot(0, lambda: self._recheck_enabled(name))
        self._wire(name, pane)
        self.pane_built(name, pane)  # the keyboard's hook (tab order, item views)
        a = self.controller.analysis
        if a is not None:
            self._push(name, a)
        return pane

    def _intents(self) -> dict[str, Callable[..., Any]]:
        """What a pane's signal can ask of the window (``panes/base.INTENTS``)."""
        c = self.controller
        return {
            "highlight-span": self._on_pane_span_requested,
            "inspect": self._on_findings_inspect_requested,
            "inspect-link": self._on_link_inspect_requested,
            "set-uri": self.set_uri,
            "resolution-inputs": self._on_resolution_inputs_changed,
            "load-examples": c.load_examples,
            "compare-text": c.set_compare_text,
            "pin": self._on_history_pin_requested,
            "forget": self._on_history_remove_requested,
            "clear-history": self.clear_history,
            "copy-summary": self.copy_summary,
        }

    def _wire(self, name: str, pane: QWidget) -> None:
        """Connect what the pane offers and give it what it needs (its ``PaneSpec``):
        a pane built late gets the state it would have had."""
        spec = SPECS[name]
        intents = self._intents()
        for signal_name, intent in spec.offers.items():
            signal = getattr(pane, signal_name, None)
            if signal is not None:  # a MissingPane offers nothing but spanRequested
                signal.connect(intents[intent])
        for need in spec.needs:
            self._feed(need, pane)

    def _feed(self, need: str, pane: QWidget) -> None:
        """Give a newly built ``pane`` the state named ``need`` (``panes/base.NEEDS``)."""
        c = self.controller
        if need == "resolutions":
            base, ref = self._res_inputs
            if hasattr(pane, "baseField") and hasattr(pane, "referenceField"):
                pane.baseField.setText(base)
                pane.referenceField.setText(ref)
            if c.resolutions and hasattr(pane, "show_resolutions"):
                pane.show_resolutions(c.resolutions)
        elif need == "comparison":
            if hasattr(pane, "compareField"):
                pane.compareField.setText(c.compare_text)
            if self._comparison != (None, None) and hasattr(pane, "show_comparison"):
                pane.show_comparison(*self._comparison)
        elif need == "history":
            self._show_history()
        elif need == "undo":
            stack = getattr(pane, "undo_stack", None)
            if stack is not None:  # builder edits in the tree; typing has its own undo
                self.undoEditAction = stack.createUndoAction(self, "&Undo")
                self.undoEditAction.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
                self.redoEditAction = stack.createRedoAction(self, "&Redo")
                self.redoEditAction.setShortcut(QKeySequence(QKeySequence.StandardKey.Redo))
                first = self.editMenu.actions()[0]
                self.editMenu.insertActions(first, [self.undoEditAction, self.redoEditAction])
                self.editMenu.insertSeparator(first)

    def panes_needing(self, need: str) -> list[QWidget]:
        """The built panes whose ``PaneSpec`` declares ``need``."""
        return [pane for name, pane in self._built.items() if need in SPECS[name].needs]

    def flush_panes(self) -> None:
        """Bring every built pane up to date now, tabbed-away ones included.

        While the window is shown, a pane whose dock is hidden behind another tab is
        updated when its dock becomes visible (typing stays fast); tests that read a
        hidden pane call this (or raise the dock) first. A pane not built yet is
        shown the current analysis when it is built (``pane(name)``).
        """
        a = self.controller.analysis
        if a is not None:
            for name in list(self._dirty):
                self._push(name, a)

    def _on_link_inspect_requested(self, link: Any) -> None:
        """An Extract row: inspect its link read in its document (visible text, mismatch,
        part), so the banner, Findings and reports give the row's verdict and reason."""
        self.controller.set_link_context(link.target, link.context())
        self._on_findings_inspect_requested(link.target)

    @Slot(object)
    def _on_analysis_changed(self, a: Analysis) -> None:
        self.uriField.show_analysis(a)
        self.banner.show_analysis(a)
        self.defangNotice.show_analysis(a)
        lazy = self.isVisible()
        for name, dock in self.docks.items():
            if name not in self._built:
                continue  # built when first shown, with the analysis current then
            if lazy and dock.visibleRegion().isEmpty():
                self._dirty.add(name)
            else:
                self._push(name, a)
        if self.controller.last_async:
            self.statusBar().showMessage(
                f"Analysed {len(a.text):,} characters in {self.controller.last_duration:.2f} s.",
                5000,
            )

    @Slot(object)
    def _on_parts_ready(self, a: Analysis) -> None:
        """A long input's explanation and editions are built: show them where asked."""
        for name in self._built:
            if "late-parts" not in SPECS[name].needs:
                continue
            if self.isVisible() and self.docks[name].visibleRegion().isEmpty():
                self._dirty.add(name)
            else:
                self._push(name, a)

    def _push(self, name: str, a: Analysis) -> None:
        self._dirty.discard(name)
        pane = self._built[name]
        if not isinstance(pane, Pane):  # every pane in PANES is one; MissingPane too
            return
        try:
            pane.show_analysis(a)
        except Exception as exc:
            self.statusBar().showMessage(f"The {name} pane failed: {type(exc).__name__}: {exc}")

    def _on_dock_visibility_changed(self, name: str, visible: bool) -> None:
        self._show_contents(name, visible)
        if self._held:  # release() builds the panes on screen after the first paint
            (self._on_screen.add if visible else self._on_screen.discard)(name)
            return
        if visible and name not in self._built:
            self._build_pane(name)  # gets the current analysis as it is built
            return
        a = self.controller.analysis
        if visible and name in self._dirty and a is not None:
            self._push(name, a)

    def _recheck_enabled(self, name: str) -> None:
        """Enable a built pane that is really on screen (floating, or its tab raised)."""
        if self._closing or not shiboken6.isValid(self):
            return
        dock = self.docks.get(name)
        pane = None if dock is None else dock.widget()
        if pane is None or pane.isEnabled() or not shiboken6.isValid(pane):
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
        if self._closing or not shiboken6.isValid(self):
            return  # docks report hidden as the window goes (or is already deleted)
        dock = self.docks[name]
        pane = dock.widget()
        if pane is None or dock.isFloating():
            return
        if visible:
            if not pane.isEnabled():
                pane.setEnabled(True)
        elif self.isVisible() and pane.isEnabled():
            pane.setEnabled(False)

    @Slot(object)
    def _on_resolutions_changed(self, resolutions: tuple[Resolution, ...]) -> None:
        for pane in self.panes_needing("resolutions"):  # built later: _feed gives them
            if hasattr(pane, "show_resolutions"):
                pane.show_resolutions(resolutions)

    @Slot(object, object)
    def _on_comparison_changed(self, other: Ladder | None, comparison: Comparison | None) -> None:
        self._comparison = (other, comparison)
        for pane in self.panes_needing("comparison"):  # built later: _feed gives them
            if hasattr(pane, "show_comparison"):
                pane.show_comparison(other, comparison)

    @Slot(object)
    def _on_examples_changed(self, rows: tuple[tuple[str, tuple[Resolution, ...]], ...]) -> None:
        res = self.pane("resolution")
        if hasattr(res, "show_examples"):
            res.show_examples(rows)
        self.docks["resolution"].raise_()
