"""The main window: the URI field on top, the banner under it, the panes in docks.

The window composes widgets, menus and actions; it holds no URI logic. One frozen
``Analysis`` per change flows from the ``AnalysisController`` to the field, the
banner and every pane (shared/style.md §5.3); a pane's ``spanRequested`` comes back
here and is highlighted in the field.

``MainWindow`` is put together from one mixin per concern: ``actions.WindowActions``
(menus), ``docks.WindowDocks`` (dock layout), ``pane_host.PaneHost`` (panes built on
demand and wired from ``panes/base.PANES``), ``keyboard.WindowKeyboard`` (focus keys),
``window_history.WindowHistory`` (history and settings) and
``window_export.WindowExport`` (copies and exports). What stays here is the field,
the edition selector, the banner and what comes in (paste, drop, samples).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QTimer
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QHBoxLayout,
    QLineEdit,
    QMainWindow,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector.gui import intake, presentation, resources, zoom
from uriinspector.gui.actions import WindowActions, _Shortcut, versions
from uriinspector.gui.banner import EffectiveHostBanner
from uriinspector.gui.controller import EDITIONS, AnalysisController
from uriinspector.gui.defang_notice import DefangNotice
from uriinspector.gui.docks import WindowDocks
from uriinspector.gui.keyboard import WindowKeyboard
from uriinspector.gui.pane_host import PaneHost, PaneMap
from uriinspector.gui.panes.base import PANES, MissingPane, PaneSpec
from uriinspector.gui.settings import Settings
from uriinspector.gui.uri_field import UriField, visible_text
from uriinspector.gui.window_export import WindowExport
from uriinspector.gui.window_history import WindowHistory

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.gui.documents import DocumentIntake
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


class MainWindow(  # type: ignore[misc]  # mixins over QMainWindow
    WindowActions, WindowDocks, PaneHost, WindowKeyboard, WindowHistory, WindowExport,
    QMainWindow,
):
    """URI Inspector's window. ``MainWindow()`` works in a test; ``set_uri`` types a URI."""

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
        self.setObjectName("mainWindow")
        self.setWindowTitle("URI Inspector")
        self.setWindowIcon(resources.icon("app"))
        self.setAcceptDrops(True)
        self.setDockNestingEnabled(True)
        self.settings = settings if settings is not None else Settings.load()
        self.controller = AnalysisController(self)
        # Held: neither the first analysis nor the visible panes are built before the
        # first paint; ``release()`` does both (app.main calls it after that paint).
        self._held = defer_first_analysis
        self._on_screen: set[str] = set()  # docks shown while held (visibilityChanged)
        if defer_first_analysis:
            self.controller.hold()
        self._dirty: set[str] = set()
        self._built: dict[str, QWidget] = {}
        # What a pane not yet built will be given when it is: the Resolution pane's
        # inputs and the ladder's last comparison (the controller keeps the rest).
        self._res_inputs = (self.settings.base, self.settings.reference)
        self._comparison: tuple[Ladder | None, Comparison | None] = (None, None)
        self._syncing_cursor = False
        self._closing = False
        self._as_pasted: str | None = None
        # The docks and menus ("the frame"): a held window builds them just after the
        # first paint (``release``), so its first frame is the field, the edition
        # selector and the banner; nothing before that paint touches the ``Qt``
        # namespace, whose ~95 enum types PySide6 creates on first use (15-35 ms).
        self.docks: dict[str, QDockWidget] = {}
        self.panes: PaneMap = PaneMap(self)
        self._frame_pending = True
        self._held_shortcuts: list[tuple[QAction, _Shortcut]] = []

        self._documents: DocumentIntake | None = None  # made on first use
        self._build_top(held=defer_first_analysis)
        if not defer_first_analysis:
            self._make_docks()
        self._build_menus()
        self.zoom = zoom.install(self, held=defer_first_analysis)  # View ▸ Zoom
        self.presentation = presentation.install(self, self.zoom)  # View ▸ Presentation Mode
        self._connect()
        self.resize(1180, 760)
        if not defer_first_analysis:
            self._build_frame(restore_state=False)
        self._restore()
        if self.settings.problem:
            self.statusBar().showMessage(self.settings.problem)
            QTimer.singleShot(0, self._warn_settings_problem)
        elif self.settings.notice:
            self.statusBar().showMessage(self.settings.notice)
        # The resolution pane starts with its own base/reference; resolve them now.
        self._on_resolution_inputs_changed(*self._resolution_inputs())
        self.controller.set_text("")

    # ---- construction -------------------------------------------------------------
    def _build_top(self, held: bool = False) -> None:
        top = QWidget(self)
        top.setObjectName("topArea")
        layout = QVBoxLayout(top)
        layout.setContentsMargins(8, 8, 8, 4)
        row = QHBoxLayout()
        self.uriField = UriField(top, held=held)
        row.addWidget(self.uriField, 1)
        self.editionSelector = QComboBox(top)
        self.editionSelector.setObjectName("editionSelector")
        self.editionSelector.setAccessibleName("editionSelector")
        self.editionSelector.setToolTip(
            "The edition of the standard that decides validity and character classes"
        )
        for edition in EDITIONS:
            self.editionSelector.addItem(EDITION_LABELS[edition], edition)
        row.addWidget(self.editionSelector)
        layout.addLayout(row)
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

    def _connect(self) -> None:
        c = self.controller
        self.uriField.uriChanged.connect(c.set_text)
        self.uriField.cursorMoved.connect(self._on_field_cursor_moved)
        self.uriField.returnPressed.connect(self._remember_current)
        self.uriField.refanged.connect(self._on_refanged)
        self.uriField.intakeNoted.connect(self._on_field_intake)
        self.banner.inspectRequested.connect(self._on_findings_inspect_requested)
        self.banner.copySummaryRequested.connect(self.copy_summary)
        self.editionSelector.currentIndexChanged.connect(self._on_edition_selector_changed)
        c.analysisChanged.connect(self._on_analysis_changed)
        c.resolutionsChanged.connect(self._on_resolutions_changed)
        c.comparisonChanged.connect(self._on_comparison_changed)
        c.examplesChanged.connect(self._on_examples_changed)
        c.busyChanged.connect(self._on_busy_changed)
        c.partsReady.connect(self._on_parts_ready)
        c.errorOccurred.connect(self._on_error)

    # ---- what comes in: typing, paste, drop, samples ------------------------------
    def _set_line_edit(self, name: str, text: str) -> bool:
        """Put ``text`` in the window's line edit called ``name`` (a required object name)."""
        edit = self.findChild(QLineEdit, name)
        if edit is None:
            return False
        edit.setText(text)
        return True

    def _resolution_inputs(self) -> tuple[str, str]:
        return self._res_inputs

    @property
    def documents(self) -> DocumentIntake:
        """The reader of mails, pages, Outlook messages and QR images, made on first use:
        its module brings ``subprocess`` and the child process's protocol (~5-8 ms that
        need not come before the first paint)."""
        if self._documents is None:
            from uriinspector.gui.documents import DocumentIntake

            self._documents = DocumentIntake(self)
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
            self.set_uri(sample.uri or "")
            self._remember_current()
        self.statusBar().showMessage(sample.status_text())

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

    def paste_and_inspect(self) -> None:
        """Replace the field with the clipboard's content and inspect it."""
        self.take(intake.from_mime(QGuiApplication.clipboard().mimeData()))

    def take(self, got: intake.Intake) -> bool:
        """Inspect what ``gui/intake.py`` handed over (a paste, a drop, the command line):
        its exact text, with a notice when it was refanged or cannot be opened yet."""
        if got.readable:  # a mail, page, .msg, text file or image: read it
            return self.documents.open(got)
        if got.kind not in ("text", "file"):
            self._report_intake(got)
            return got.kind != "empty"
        self.set_uri(got.text)
        self._remember_current()
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

    def show_resolution(self, base: str, ref: str) -> None:
        """Show ``base`` + ``ref`` in the Resolution pane (its trace), raised."""
        self.pane("resolution")
        self._set_line_edit("baseField", base)
        self._set_line_edit("referenceField", ref)
        self._on_resolution_inputs_changed(base, ref)
        dock = self.docks["resolution"]
        dock.show()
        dock.raise_()

    def _report_intake(self, got: intake.Intake) -> None:
        """Say what intake took that is not plain text (documents are read elsewhere)."""
        if got.kind == "file":
            message = (f"{visible_text(got.name, 80)} is not a mail, page, Outlook message, "
                       "text file or image (use File ▸ Open… to read it anyway); its file: "
                       "link is inspected.")
        elif got.more:
            message = f"{got.more + 1} links were offered; the first is inspected."
        else:
            return
        self.statusBar().showMessage(message, 15000)

    def _on_refanged(self, pasted: str, restored: str) -> None:
        self._ensure_frame()  # the Edit menu's action
        self._as_pasted = pasted
        self.inspectAsPastedAction.setEnabled(True)
        self.statusBar().showMessage(
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
            self.inspectAsPastedAction.setEnabled(False)

    # ---- slots --------------------------------------------------------------------
    def _on_resolution_inputs_changed(self, base: str, ref: str) -> None:
        self._res_inputs = (base, ref)
        self.controller.set_resolution_inputs(base, ref)

    def _on_edition_selector_changed(self, _index: int) -> None:
        edition = self.editionSelector.currentData()
        if isinstance(edition, str):
            self.controller.set_edition(edition)

    def _on_field_cursor_moved(self, index: int) -> None:
        if self.controller.analysis is None:
            return
        for pane in self.panes_needing("cursor"):  # built panes that follow the cursor
            if not hasattr(pane, "select_at"):
                continue  # a MissingPane
            self._syncing_cursor = True
            try:
                pane.select_at(index)  # type: ignore[attr-defined]
            finally:
                self._syncing_cursor = False

    def _on_pane_span_requested(self, start: int, end: int) -> None:
        if self._syncing_cursor:
            return  # the field moved the pane, not the user
        self.uriField.highlight_span(start, end)

    def _on_findings_inspect_requested(self, url: str) -> None:
        self.set_uri(url)
        self._remember_current()

    def _on_busy_changed(self, busy: bool) -> None:
        if busy:
            self.statusBar().showMessage(
                f"Analysing {len(self.controller.text):,} characters in the background…"
            )
        else:
            self.statusBar().clearMessage()

    def _on_error(self, message: str) -> None:
        self.statusBar().showMessage(message)

    # ---- drag and drop, closing ---------------------------------------------------
    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept links and text."""
        if intake.accepts(event.mimeData()):
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """A dropped link or text replaces the inspected URI."""
        if self.take(intake.from_mime(event.mimeData())):
            event.acceptProposedAction()

    def closeEvent(self, event: QCloseEvent) -> None:
        """Save the settings and wait for any worker before closing."""
        if not self._closing:
            self._closing = True
            self._remember_current()
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
