"""The main window: the URI field on top, the banner under it, the panes in docks.

The window composes widgets, menus and actions; it holds no URI logic. One frozen
``Analysis`` per change flows from the ``AnalysisController`` to the field, the
banner and every pane (shared/style.md §5.3); a pane's ``spanRequested`` comes back
here and is highlighted in the field.

``MainWindow`` builds its parts (``gui/window/``), each a plain object that receives
what it uses and keeps its own state: ``docks`` (``DockLayout``: the dock layout),
``history`` (``HistoryKeeper``), ``exports`` (``Exports``: copies and reports),
``focus`` (``FocusRing``: Ctrl+L, Ctrl+digit, F6), ``menus`` (``Menus``) and ``host``
(``PaneHost``: panes built on demand and wired from ``panes/table.PANES``). They ask
the window for things through ``gui/intents.Intents``, which it implements. What
stays here is the field, the edition selector, the banner, what comes in (paste,
drop, samples, documents) and the order in which a held window builds its frame.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import (
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QMainWindow,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui import presentation, resources, zoom
from uriinspector.gui.banner.banner import EffectiveHostBanner
from uriinspector.gui.banner.defang_notice import DefangNotice
from uriinspector.gui.controller import EDITIONS, AnalysisController
from uriinspector.gui.field.chips import visible_text
from uriinspector.gui.field.row import FieldRow
from uriinspector.gui.field.widget import UriField
from uriinspector.gui.panes.base import PANES, MissingPane, PaneSpec, ResolutionView
from uriinspector.gui.plain import plain_message
from uriinspector.gui.settings import DEFAULT_BASE, Settings
from uriinspector.gui.window.docks import DockLayout
from uriinspector.gui.window.fit import ScreenFit
from uriinspector.gui.window.focus import FocusRing
from uriinspector.gui.window.history import HistoryKeeper
from uriinspector.gui.window.lesson_progress import LessonProgress
from uriinspector.gui.window.menus import Menus, MenuSlots, versions
from uriinspector.gui.window.pane_host import PaneHost, PaneMap

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.gui.intake import intake  # imported where used: not before the first paint
    from uriinspector.gui.intake.documents import DocumentIntake
    from uriinspector.gui.window.exports import Exports
    from uriinspector.samples import Sample

# Re-exported: tests, benchmarks and other modules import these from here.
__all__ = ["EDITION_LABELS", "PANES", "MainWindow", "MissingPane", "PaneMap", "PaneSpec",
           "versions"]

EDITION_LABELS: dict[str, str] = {
    "rfc3986": "RFC 3986 (2005)",
    "draft-2003": "rfc2396bis draft (2003)",
    "rfc2396": "RFC 2396 (1998)",
    "draft-1997": "URL syntax draft (1997)",
    "draft-1993": "Berners-Lee URL draft (1993)",
}


class MainWindow(QMainWindow):
    """URI Inspector's window. ``MainWindow()`` works in a test; ``set_uri`` types a URI.

    It implements ``gui/intents.Intents`` for its parts.
    """

    def __init__(
        self,
        settings: Settings | None = None,
        parent: QWidget | None = None,
        *,
        defer_first_analysis: bool = False,
    ) -> None:
        """Build the window; ``defer_first_analysis`` holds the controller (app.main
        releases it after the first paint, so showing never waits for the core)."""
        super().__init__(parent)
        held = defer_first_analysis
        self.setObjectName("mainWindow")
        self.setWindowTitle("URI Inspector")
        self.setWindowIcon(resources.icon("app"))
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)
        self.settings = settings if settings is not None else Settings.load()
        self.controller = AnalysisController(self)
        # Held: neither the first analysis nor the visible panes are built before the
        # first paint; ``release()`` does both (app.main calls it after that paint).
        if held:
            self.controller.hold()
        self._closing = False
        self._as_pasted: str | None = None
        self._documents: DocumentIntake | None = None  # made on first use
        # The docks and menus' shortcuts ("the frame"): a held window builds them just
        # after the first paint (``release``), so its first frame is the field, the
        # edition selector and the banner; nothing before that paint touches the ``Qt``
        # namespace, whose ~95 enum types PySide6 creates on first use (15-35 ms).
        self._frame_pending = True
        self._build_top(held=held)
        self.dock_layout = DockLayout(self)
        self.docks: dict[str, QDockWidget] = self.dock_layout.docks
        if not held:
            self.dock_layout.make()
        self.screen_fit = ScreenFit(self, self.docks)  # large zoom, small screen
        #: empty panes give their width way (``DockLayout.give_way``), once per burst
        self._give_way = QTimer(self)
        self._give_way.setSingleShot(True)
        self._give_way.setInterval(0)
        self._give_way.timeout.connect(self.give_way)
        self.dock_layout.laid_out = self._laid_out
        self._build_parts(held)
        self.panes = PaneMap(self.host, self)
        self.zoom = zoom.install(self, menu=self.menus.viewMenu, held=held)  # View ▸ Zoom
        self.presentation = presentation.install(  # View ▸ Presentation Mode
            self, self.zoom, menu=self.menus.viewMenu
        )
        # once the new font sizes are laid out (the layouts' requests are posted events)
        self.zoom.levelChanged.connect(lambda _level: QTimer.singleShot(0, self.screen_fit.fit))
        self._connect()
        self.resize(1180, 760)
        if not held:
            self._build_frame(restore_state=False)
        self._restore()
        if self.settings.problem:
            self.status(self.settings.problem)
            QTimer.singleShot(0, self._warn_settings_problem)
        elif self.settings.notice:
            self.status(self.settings.notice)
        self.controller.set_text("")

    # ---- construction -------------------------------------------------------------
    def _build_top(self, held: bool = False) -> None:
        top = QWidget(self)
        top.setObjectName("topArea")
        layout = QVBoxLayout(top)
        layout.setContentsMargins(8, 8, 8, 4)
        self.uriField = UriField(top, held=held)
        self.editionSelector = QComboBox(top)
        self.editionSelector.setObjectName("editionSelector")
        self.editionSelector.setAccessibleName("editionSelector")
        self.editionSelector.setToolTip(
            "The edition of the standard that decides validity and character classes"
        )
        for edition in EDITIONS:
            self.editionSelector.addItem(EDITION_LABELS[edition], edition)
        # the field keeps the full row at a large zoom (issue 25): gui/field/row.py
        layout.addWidget(FieldRow(self.uriField, self.editionSelector, top,
                                  menu_bar=self.menuBar()))
        self.banner = EffectiveHostBanner(top, held=held)
        layout.addWidget(self.banner)
        self.defangNotice = DefangNotice(top)  # a typed defanged link (issue 15 item 6)
        self.defangNotice.inspectRequested.connect(self.set_uri)
        layout.addWidget(self.defangNotice)
        top.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Maximum)
        self._top_spacer: QSpacerItem | None = None
        if held:  # the first frame has no docks: the field and banner stay at the top
            self._top_spacer = QSpacerItem(
                0, 0, QSizePolicy.Policy.Minimum, QSizePolicy.Policy.Expanding
            )
            layout.addItem(self._top_spacer)
        self.setCentralWidget(top)

    def _build_parts(self, held: bool) -> None:
        """The window's parts, each given what it uses (``gui/window/``)."""
        self.history = HistoryKeeper(self, self.settings, self.uriField.uri, self)
        self._exports: Exports | None = None  # made on first use: not in the first frame
        self.focus = FocusRing(self.uriField, self.editionSelector, self.banner,
                               self.docks, self)
        slots = MenuSlots(
            # a lambda: the document reader is made on first use, not with the menu
            open_dialog=lambda: self.documents.open_dialog(),
            paste_and_inspect=self.paste_and_inspect,
            inspect=self.inspect,
            inspect_as_pasted=self.inspect_as_pasted,
            load_sample=self.load_sample,
            close=self.close,
        )
        self.menus = Menus(
            self, held=held, keep_history=self.settings.keep_history,
            controller=self.controller, docks=self.dock_layout, history=self.history,
            exports=lambda: self.exports, focus=self.focus, slots=slots,
        )
        self.host = PaneHost(self, self.docks, self.controller, self, self.history,
                             self.menus.editMenu, held=held,
                             on_built=self.screen_fit.pane_built,
                             progress=LessonProgress(self.settings, self.status))

    @property
    def exports(self) -> Exports:
        """Copies and reports (``gui/window/exports``), made on first use."""
        if self._exports is None:
            from uriinspector.gui.window.exports import Exports

            self._exports = Exports(self, self.controller, self.uriField,
                                    lambda: self._documents, self)
        return self._exports

    def _connect(self) -> None:
        c = self.controller
        self.uriField.uriChanged.connect(c.set_text)
        self.uriField.cursorMoved.connect(self.host.follow_cursor)
        self.uriField.returnPressed.connect(self.history.remember)
        self.uriField.refanged.connect(self._on_refanged)
        self.uriField.intakeNoted.connect(self._on_field_intake)
        self.banner.inspectRequested.connect(self.inspect)
        self.banner.copySummaryRequested.connect(self.copy_summary)
        self.editionSelector.currentIndexChanged.connect(self._on_edition_selector_changed)
        c.analysisChanged.connect(self._on_analysis_changed)
        c.busyChanged.connect(self._on_busy_changed)
        c.errorOccurred.connect(self.status)

    # ---- the frame: docks placed, shortcuts set (a held window: after its paint) -----
    def _build_frame(self, *, restore_state: bool) -> None:
        """Place the docks, then take the default layout (once; ``restore_state``: then
        the saved dock layout, for a held window whose ``_restore`` already ran)."""
        if not self._frame_pending:
            return
        self._frame_pending = False
        if self.host.held:  # an unheld field and banner finished their set-up when made
            self.uriField.finish_setup()
            self.banner.finish_setup()
        self.menus.set_held_shortcuts()
        self.zoom.frame_built()  # View ▸ Zoom's and Presentation Mode's shortcuts
        central = self.centralWidget()
        if self._top_spacer is not None and central is not None and (top := central.layout()):
            top.removeItem(self._top_spacer)  # still referenced: no delete behind PySide
        size = self.size()
        shown = self.isVisible()
        if not self.docks:  # held: the docks and their View menu entries
            self.dock_layout.make()
            self.menus.add_dock_toggles()
        self.dock_layout.place(self.host.on_dock_visibility_changed, self.host.recheck_enabled)
        if shown:  # held: docks placed after show() are shown as show() shows children
            for dock in self.docks.values():
                dock.show()
        # Until tabified the docks sat side by side and set a too-wide minimum: recompute
        # it now, and give the window back its size (the minimum may have grown it).
        if (layout := self.layout()) is not None:
            layout.activate()
        self.resize(size)
        if shown:
            self.dock_layout.share_width()
        self.dock_layout.default_state = self.saveState()
        if restore_state and self.settings.window_state:
            self.dock_layout.restore(self.settings.window_state)

    def ensure_frame(self) -> None:
        """Build the frame now if a held window has not yet (anything needing a dock,
        a menu action or the saved layout before ``release``)."""
        self._build_frame(restore_state=True)

    def release(self) -> None:
        """After the first paint: build the panes on screen, then analyse (held windows).

        Harmless to call twice, and on a window that was never held.
        """
        self.ensure_frame()  # docks shown now are noted by the host (still held)
        self.host.release()
        self.controller.release()

    def event(self, event: QEvent) -> bool:
        """A laid-out window whose minimum no longer fits its screen (a view with a
        larger minimum came up: the page links' three panes) is fitted once settled."""
        done = super().event(event)
        # a held window has no docks yet: its first frame lays out only the field and
        # banner (measuring the minimum then would make Qt classes the paint never uses)
        if (event.type() == QEvent.Type.LayoutRequest and not self.host.held
                and self.screen_fit.outgrown()):
            QTimer.singleShot(0, self.screen_fit.fit)
        return done

    def showEvent(self, event: QShowEvent) -> None:
        """Hide stale tab bars once laid out for showing (``DockLayout.hide_stale_tab_bars``)."""
        super().showEvent(event)
        if self.screen_fit.collapsed or self.zoom.level > zoom.DEFAULT_LEVEL:
            self.screen_fit.fit()
        if self.docks and not self._frame_pending:
            if (layout := self.layout()) is not None:
                layout.activate()  # place the live bars first: geometry tells them apart
            self.dock_layout.hide_stale_tab_bars()

    # ---- settings -----------------------------------------------------------------
    def _restore(self) -> None:
        s = self.settings
        if s.geometry:
            from PySide6.QtCore import QByteArray

            self.restoreGeometry(QByteArray(s.geometry))
        if s.window_state and not self._frame_pending:  # else after the frame is built
            self.dock_layout.restore(s.window_state)
        index = self.editionSelector.findData(s.edition)
        if index >= 0:
            self.editionSelector.setCurrentIndex(index)
        # The Resolution pane starts with its own base/reference; resolve them now (it
        # and the ladder are built later and read them from the controller then).
        self.controller.set_resolution_inputs(s.base or DEFAULT_BASE, s.reference)
        if s.compare:
            self.controller.set_compare_text(s.compare)

    def save_settings(self) -> None:
        """Write geometry, dock layout, edition, history (atomically)."""
        self.ensure_frame()
        s = self.settings
        c = self.controller
        s.geometry = bytes(self.saveGeometry().data())
        s.window_state = bytes(self.saveState().data())
        s.edition = c.edition
        s.base, s.reference = c.base, c.reference
        s.compare = c.compare_text
        text = self.uriField.uri()
        s.last_uri = text if len(text) <= 4096 else None
        s.first_run = False
        problem = s.save()
        if problem:
            self.status(problem)

    def load_initial(self, uri: str | None) -> None:
        """Start with ``uri``, else the demonstration on first run, else the last URI."""
        if uri is not None:
            from uriinspector.gui.intake import intake

            self.take(intake.from_argument(uri))
        elif self.settings.first_run:
            self.set_uri(resources.demo_uri())
        elif self.settings.last_uri:
            self.set_uri(self.settings.last_uri)
        self.settings.first_run = False

    def _warn_settings_problem(self) -> None:
        if self.isVisible() and self.settings.problem:
            from PySide6.QtWidgets import QMessageBox  # its ~5 enum types: not at start-up

            QMessageBox.warning(self, "Settings were reset", plain_message(self.settings.problem))

    # ---- panes ----------------------------------------------------------------------
    def pane(self, name: str) -> QWidget:
        """The pane called ``name`` (a ``PANES`` name), built now if it is not yet."""
        self.ensure_frame()
        return self.host.pane(name)

    def dock(self, name: str) -> QDockWidget:
        """The dock of pane ``name`` (``<name>Dock``), the frame built first if need be."""
        self.ensure_frame()
        return self.docks[name]

    def build_all_panes(self) -> None:
        """Build every pane not built yet (for automation that walks the widget tree)."""
        self.ensure_frame()
        self.host.build_all()

    def flush_panes(self) -> None:
        """Bring every built pane up to date now, tabbed-away ones included."""
        self.host.flush()

    def findChild(self, *args: Any, **kwargs: Any) -> Any:
        """``QObject.findChild``, building the panes not built yet if the first look
        misses: a required object name (``ladderView``...) is found in a hidden pane."""
        found = super().findChild(*args, **kwargs)
        if found is None and len(self.host.built) < len(PANES):
            self.build_all_panes()
            found = super().findChild(*args, **kwargs)
        return found

    def findChildren(self, *args: Any, **kwargs: Any) -> Any:
        """``QObject.findChildren`` over every pane (those not built yet are built)."""
        self.build_all_panes()
        return super().findChildren(*args, **kwargs)

    # ---- the script face: what a test or a script drives --------------------------
    def set_uri(self, text: str) -> None:
        """Load ``text`` into the field as if the user had typed it."""
        self.uriField.set_uri(text)
        if text == "" and self.controller.analysis is None:
            self.controller.set_text("")

    def uri(self) -> str:
        """The exact text being inspected."""
        return self.uriField.uri()

    @property
    def analysis(self) -> Analysis | None:
        """The analysis currently shown."""
        return self.controller.analysis

    def open_path(self, path: str | Path) -> None:
        """Read the file at ``path`` as File ▸ Open… does (a mail, page, image...)."""
        from uriinspector.gui.intake import intake

        self.take(intake.from_path(str(path)))

    # ---- Intents: what the parts and the panes ask of the window -------------------
    def inspect(self, text: str) -> None:
        """Load ``text`` and record it in the history (a deliberate act)."""
        self.set_uri(text)
        self.history.remember()

    def highlight_span(self, start: int, end: int) -> None:
        """Select code points ``start``..``end`` in the field."""
        self.uriField.highlight_span(start, end)

    def set_resolution_inputs(self, base: str, ref: str) -> None:
        """The Resolution pane's base and reference changed: resolve them."""
        self.controller.set_resolution_inputs(base, ref)

    def show_resolution(self, base: str, ref: str) -> None:
        """Show ``base`` + ``ref`` in the Resolution pane (its trace), raised."""
        pane = self.pane("resolution")
        if isinstance(pane, ResolutionView):
            pane.baseField.setText(base)
            pane.referenceField.setText(ref)
        self.set_resolution_inputs(base, ref)
        dock = self.docks["resolution"]
        dock.show()
        dock.raise_()

    def copy_summary(self) -> None:
        """Put a plain-text summary of the analysis for a ticket on the clipboard."""
        self.exports.copy_summary()

    def use_layout(self, name: str | None) -> None:
        """A task's layout (View ▸ Layout's), or back to the one before (None)."""
        if self.isVisible() and self.docks:
            self.dock_layout.for_task(name)

    def _laid_out(self) -> None:
        """A layout was taken: the window within its screen, then empty panes give way
        (a preset's panes side by side ask for more than the tabs did)."""
        self.screen_fit.fit()
        self._give_way.start()

    def give_way(self) -> None:
        """Docks on screen whose panes have nothing to show give their width to the
        others (a document's links beside an empty Findings pane); back when filled."""
        if self.isVisible() and self.docks and not self._frame_pending:
            self.dock_layout.give_way(self.host.empty())

    def status(self, message: str, msecs: int = 0) -> None:
        """Say ``message`` in the status bar (for ``msecs``; 0 = until replaced)."""
        self.statusBar().showMessage(message, msecs)

    # ---- what comes in: paste, drop, samples, documents ----------------------------
    @property
    def documents(self) -> DocumentIntake:
        """The reader of mails, pages, Outlook messages and QR images, made on first use:
        its module brings ``subprocess`` and the child process's protocol (~5-8 ms that
        need not come before the first paint)."""
        if self._documents is None:
            from uriinspector.gui.intake.documents import DocumentIntake

            self._documents = DocumentIntake(self, self)
        return self._documents

    def load_sample(self, sample: Sample) -> None:
        """Load a gallery entry: a URI into the field (under its edition, if it names
        one), or a base and reference into the Resolution pane; the note goes to the
        status bar."""
        if sample.is_resolution:
            self.show_resolution(sample.base or "", sample.reference or "")
        else:
            if sample.edition:
                index = self.editionSelector.findData(sample.edition)
                if index >= 0:
                    self.editionSelector.setCurrentIndex(index)
            self.inspect(sample.uri or "")
        self.status(sample.status_text())

    def paste_and_inspect(self) -> None:
        """Replace the field with the clipboard's content and inspect it."""
        from uriinspector.gui.intake import intake

        self.take(intake.from_mime(QGuiApplication.clipboard().mimeData()))

    def take(self, got: intake.Intake) -> bool:
        """Inspect what ``gui/intake/intake.py`` handed over (a paste, a drop, the command line):
        its exact text, with a notice when it was refanged or cannot be opened yet."""
        if got.readable:  # a mail, page, .msg, text file or image: read it
            return self.documents.open(got)
        if got.kind not in ("text", "file"):
            self._report_intake(got)
            return got.kind != "empty"
        self.inspect(got.text)
        if got.refanged:
            self._on_refanged(got.offered, got.text)
        self._report_intake(got)
        return True

    def _on_field_intake(self, got: intake.Intake) -> None:
        """A paste or drop into the field held a document or an image: read it."""
        if got.readable:
            self.documents.open(got)
        else:
            self._report_intake(got)

    def _report_intake(self, got: intake.Intake) -> None:
        """Say what intake took that is not plain text (documents are read elsewhere)."""
        if got.kind == "file":
            message = (f"{visible_text(got.name, 80)} is not a document the inspector reads "
                       "(a mail, page, PDF, Office file, archive, invitation, shortcut, text "
                       "or image; use File ▸ Open… to read it anyway); its file: link is "
                       "inspected.")
        elif got.more:
            message = f"{got.more + 1} links were offered; the first is inspected."
        else:
            return
        self.status(message, 15000)

    def _on_refanged(self, pasted: str, restored: str) -> None:
        self.ensure_frame()  # the Edit menu's action
        self._as_pasted = pasted
        self.menus.inspectAsPastedAction.setEnabled(True)
        self.status(
            "The pasted link was defanged; it is inspected refanged "
            f"({visible_text(pasted, 60)} → {visible_text(restored, 60)}). "
            "Edit ▸ Inspect as Pasted undoes this.",
            15000,
        )

    def inspect_as_pasted(self) -> None:
        """Undo the refang of the last pasted link: inspect the text exactly as pasted."""
        if self._as_pasted is not None:
            self.set_uri(self._as_pasted)
            self._as_pasted = None
            self.menus.inspectAsPastedAction.setEnabled(False)

    # ---- slots --------------------------------------------------------------------
    def _on_analysis_changed(self, a: Analysis) -> None:
        self.uriField.show_analysis(a)
        self.banner.show_analysis(a)
        self.defangNotice.show_analysis(a)
        self.host.show_analysis(a)
        self._give_way.start()
        if self.controller.last_async:
            self.status(
                f"Analysed {len(a.text):,} characters in {self.controller.last_duration:.2f} s.",
                5000,
            )

    def _on_edition_selector_changed(self, _index: int) -> None:
        edition = self.editionSelector.currentData()
        if isinstance(edition, str):
            self.controller.set_edition(edition)

    def _on_busy_changed(self, busy: bool) -> None:
        if busy:
            self.status(f"Analysing {len(self.controller.text):,} characters in the background…")
        else:
            self.statusBar().clearMessage()

    # ---- drag and drop, closing ---------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept links and text."""
        from uriinspector.gui.intake import intake

        if intake.accepts(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A dropped link or text replaces the inspected URI."""
        from uriinspector.gui.intake import intake

        if self.take(intake.from_mime(event.mimeData())):
            event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Save the settings and wait for any worker before closing."""
        if not self._closing:
            self._closing = True
            self.host.closing = True
            self.history.remember()
            self.save_settings()
            self.controller.shutdown()
            if self._documents is not None:
                self._documents.shutdown()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Re-render on a palette change (light/dark switch)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.setStyleSheet(self.styleSheet())
