"""The main window: the URI field on top, the banner under it, the panes in docks.

The window composes widgets, menus and actions; it holds no URI logic. One frozen
``Analysis`` per change flows from the ``AnalysisController`` to the field, the
banner and every pane (shared/style.md §5.3); a pane's ``spanRequested`` comes back
here and is highlighted in the field.
"""

from __future__ import annotations

import importlib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QEvent, QTimer, Signal, Slot, qVersion
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QDragEnterEvent,
    QDropEvent,
    QGuiApplication,
    QKeySequence,
)
from PySide6.QtWidgets import (
    QComboBox,
    QDockWidget,
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMainWindow,
    QMenu,
    QMessageBox,
    QSizePolicy,
    QSpacerItem,
    QVBoxLayout,
    QWidget,
)

from uriinspector import APP_ID, __version__
from uriinspector.gui import documents, gallery, intake, presentation, resources, zoom
from uriinspector.gui.banner import EffectiveHostBanner
from uriinspector.gui.controller import EDITIONS, AnalysisController
from uriinspector.gui.defang_notice import DefangNotice
from uriinspector.gui.plain import plain_action_text, plain_label, plain_message
from uriinspector.gui.settings import DEFAULT_BASE, Settings
from uriinspector.gui.uri_field import UriField, visible_text

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.resolve import Resolution
    from uriinspector.samples import Sample

#: (attribute, module under gui/panes, class, dock title), in the default tab order.
PANES: tuple[tuple[str, str, str, str], ...] = (
    ("components", "components", "ComponentsPane", "Components"),
    ("characters", "characters", "CharactersPane", "Characters"),
    ("resolution", "resolution", "ResolutionPane", "Resolution"),
    ("ladder", "ladder", "LadderPane", "Normalization ladder"),
    ("findings", "findings", "FindingsPane", "Findings"),
    ("urn", "urn", "UrnPane", "URN"),
    ("history", "history", "HistoryPane", "History"),
    ("extract", "extract", "ExtractPane", "Extract"),
    ("explain", "explain", "ExplainPane", "Explain"),
    ("editions", "editions", "EditionsPane", "Editions"),
)


_Shortcut = QKeySequence | QKeySequence.StandardKey | str

#: The Components and Findings docks' initial widths (a proportion of the window's).
_SPLIT = (640, 420)

EDITION_LABELS: dict[str, str] = {
    "rfc3986": "RFC 3986 (2005)",
    "draft-2003": "rfc2396bis draft (2003)",
    "rfc2396": "RFC 2396 (1998)",
    "draft-1997": "URL syntax draft (1997)",
    "draft-1993": "Berners-Lee URL draft (1993)",
}


class MissingPane(QWidget):
    """Stands in for a pane that failed to import, and says why (never fatal)."""

    spanRequested = Signal(int, int)

    def __init__(self, title: str, error: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        layout = QVBoxLayout(self)
        label = plain_label(QLabel(f"The {title} pane could not be loaded:\n{error}", self))
        label.setWordWrap(True)
        layout.addWidget(label)
        layout.addStretch(1)

    def show_analysis(self, a: object) -> None:
        """Nothing to show."""


def _load_pane(module: str, cls: str, title: str) -> QWidget:
    try:
        mod = importlib.import_module(f"uriinspector.gui.panes.{module}")
        pane: QWidget = getattr(mod, cls)()
    except Exception as exc:
        return MissingPane(title, f"{type(exc).__name__}: {exc}")
    return pane


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


def _version(dist: str) -> str:
    from importlib import metadata  # only when the About box opens (~20 ms to import)

    try:
        return metadata.version(dist)
    except metadata.PackageNotFoundError:
        return "not installed"


def versions() -> dict[str, str]:
    """Versions of everything the About box lists."""
    import platform

    import PySide6

    return {
        "URI Inspector": __version__,
        "Python": platform.python_version(),
        "Qt": qVersion(),
        "PySide6": PySide6.__version__,
        "ada-url": _version("ada-url"),
        "idna": _version("idna"),
        "publicsuffixlist": _version("publicsuffixlist"),
    }


class MainWindow(QMainWindow):
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

        self.documents = documents.DocumentIntake(self)  # mails, pages, QR images
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
            toggles = [self.docks[attr].toggleViewAction() for attr, *_ in PANES]
            self.viewMenu.insertActions(self.viewMenu.actions()[0], toggles)
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

    def _make_docks(self) -> None:
        """The ten docks with their placeholders, not yet placed; a held window makes
        them after its first paint, and their View menu entries then."""
        for attr, _module, _cls, title in PANES:
            dock = QDockWidget(title, self)
            dock.setObjectName(f"{attr}Dock")
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
            self.docks[attr] = dock

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

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Any,
        shortcut: _Shortcut | None = None,
        icon: str | None = None,
    ) -> QAction:
        action = QAction(text, self)
        if shortcut is not None and self._frame_pending and self._held:
            # setShortcut makes the Qt namespace (PySide6 6.11's overload check): a
            # held window sets its shortcuts just after the first paint (_build_frame).
            self._held_shortcuts.append((action, shortcut))
        elif shortcut is not None:
            action.setShortcut(QKeySequence(shortcut))
        if icon is not None:
            action.setIcon(resources.icon(icon))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def _build_menus(self) -> None:
        bar = self.menuBar()
        file_menu = bar.addMenu("&File")
        self.openAction = self._action(
            file_menu, "&Open Mail, Page or Image…", self.documents.open_dialog,
            QKeySequence.StandardKey.Open,
        )
        self.pasteAction = self._action(
            file_menu, "&Paste and Inspect", self.paste_and_inspect, "Ctrl+Shift+V", "paste"
        )
        self.recentMenu = file_menu.addMenu("Open &Recent")
        self.recentMenu.aboutToShow.connect(self._fill_recent_menu)
        self.showHistoryAction = self._action(
            file_menu, "Show &History", self.show_history, "Ctrl+H"
        )
        self.keepHistoryAction = self._action(
            file_menu, "&Keep History", self.set_keep_history
        )
        self.keepHistoryAction.setCheckable(True)
        self.keepHistoryAction.setChecked(self.settings.keep_history)
        self.clearHistoryAction = self._action(file_menu, "&Clear History…", self.clear_history)
        file_menu.addSeparator()
        self.exportAction = self._action(
            file_menu, "&Export Analysis as JSON…", self.export_dialog, "Ctrl+Shift+E", "export"
        )
        self.exportMarkdownAction = self._action(
            file_menu, "Export Analysis as &Markdown…", lambda: self.export_report_dialog("md")
        )
        self.exportHtmlAction = self._action(
            file_menu, "Export Analysis as &HTML…", lambda: self.export_report_dialog("html")
        )
        self.exportPngAction = self._action(
            file_menu, "Export Field as &PNG…", self.export_png_dialog
        )
        self.liveLinkAction = self._action(  # reports defang the link unless checked
            file_menu, "Include the Link &Live in Reports", lambda: None
        )
        self.liveLinkAction.setCheckable(True)
        file_menu.addSeparator()
        self.quitAction = self._action(
            file_menu, "&Quit", self.close, QKeySequence.StandardKey.Quit
        )
        self.quitAction.setMenuRole(QAction.MenuRole.QuitRole)

        edit_menu = bar.addMenu("&Edit")
        self.editMenu = edit_menu  # Undo/Redo go on top when the Components pane is built
        self.copyNormalizedAction = self._action(
            edit_menu, "Copy &Normalized", self.copy_normalized, "Ctrl+Shift+N", "copy"
        )
        self.copyTargetAction = self._action(
            edit_menu, "Copy &Target", self.copy_target, "Ctrl+Shift+T", "copy"
        )
        self.copyDefangedAction = self._action(
            edit_menu, "Copy as &Defanged", self.copy_defanged, "Ctrl+Shift+D", "copy"
        )
        self.copySummaryAction = self._action(
            edit_menu, "Copy &Summary", self.copy_summary, "Ctrl+Shift+C", "copy"
        )
        self.inspectAsPastedAction = self._action(
            edit_menu, "Inspect as &Pasted (undo refang)", self.inspect_as_pasted
        )
        self.inspectAsPastedAction.setEnabled(False)
        edit_menu.addSeparator()
        self._action(edit_menu, "Load the Spec's &Examples", self.controller.load_examples)

        self.samplesMenu = bar.addMenu("&Samples")
        self.samplesMenu.setObjectName("samplesMenu")
        gallery.fill_on_first_show(self.samplesMenu, self.load_sample)

        self.viewMenu = view_menu = bar.addMenu("&View")
        for attr, _m, _c, _t in PANES:
            if attr in self.docks:  # a held window adds them with its docks (_build_frame)
                view_menu.addAction(self.docks[attr].toggleViewAction())
        view_menu.addSeparator()
        self._action(view_menu, "&Reset Layout", self.reset_layout)

        help_menu = bar.addMenu("&Help")
        about = self._action(help_menu, "&About URI Inspector", self.show_about)
        about.setMenuRole(QAction.MenuRole.AboutRole)

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

    # ---- panes, built on demand ---------------------------------------------------
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
        spec = next((p for p in PANES if p[0] == name), None)
        if spec is None:
            raise KeyError(name)
        pane = _load_pane(spec[1], spec[2], spec[3])
        self._built[name] = pane
        dock = self.docks[name]
        placeholder = dock.widget()
        dock.setWidget(pane)
        if placeholder is not None:
            # Handed back to Python and freed with its wrapper (no deleteLater behind
            # PySide's back: a wrapper outliving its C++ object is a crash waiting).
            placeholder.setParent(None)
        self._wire(name, pane)
        a = self.controller.analysis
        if a is not None:
            self._push(name, a)
        return pane

    def _wire(self, name: str, pane: QWidget) -> None:
        """Connect a newly built pane and give it the state it would have had."""
        c = self.controller
        signal = getattr(pane, "spanRequested", None)
        if signal is not None:
            signal.connect(self._on_pane_span_requested)
        if name == "resolution":
            base, ref = self._res_inputs
            if hasattr(pane, "baseField") and hasattr(pane, "referenceField"):
                pane.baseField.setText(base)
                pane.referenceField.setText(ref)
            if hasattr(pane, "inputsChanged"):
                pane.inputsChanged.connect(self._on_resolution_inputs_changed)
            if hasattr(pane, "examplesRequested"):
                pane.examplesRequested.connect(c.load_examples)
            if c.resolutions and hasattr(pane, "show_resolutions"):
                pane.show_resolutions(c.resolutions)
        elif name == "ladder":
            if hasattr(pane, "compareField"):
                pane.compareField.setText(c.compare_text)
            if hasattr(pane, "compareChanged"):
                pane.compareChanged.connect(c.set_compare_text)
            if self._comparison != (None, None) and hasattr(pane, "show_comparison"):
                pane.show_comparison(*self._comparison)
        elif name == "components":
            if hasattr(pane, "uriEdited"):
                pane.uriEdited.connect(self.set_uri)
            if hasattr(pane, "inspectRequested"):  # a destination hop
                pane.inspectRequested.connect(self._on_findings_inspect_requested)
            stack = getattr(pane, "undo_stack", None)
            if stack is not None:  # builder edits in the tree; typing has its own undo
                self.undoEditAction = stack.createUndoAction(self, "&Undo")
                self.undoEditAction.setShortcut(QKeySequence(QKeySequence.StandardKey.Undo))
                self.redoEditAction = stack.createRedoAction(self, "&Redo")
                self.redoEditAction.setShortcut(QKeySequence(QKeySequence.StandardKey.Redo))
                first = self.editMenu.actions()[0]
                self.editMenu.insertActions(first, [self.undoEditAction, self.redoEditAction])
                self.editMenu.insertSeparator(first)
        elif name == "findings":
            if hasattr(pane, "inspectRequested"):
                pane.inspectRequested.connect(self._on_findings_inspect_requested)
            if hasattr(pane, "copySummaryRequested"):
                pane.copySummaryRequested.connect(self.copy_summary)
        elif name == "extract":
            if hasattr(pane, "uriRequested"):
                pane.uriRequested.connect(self._on_findings_inspect_requested)
        elif name == "history":
            if hasattr(pane, "inspectRequested"):
                pane.inspectRequested.connect(self._on_findings_inspect_requested)
            if hasattr(pane, "pinRequested"):
                pane.pinRequested.connect(self._on_history_pin_requested)
            if hasattr(pane, "removeRequested"):
                pane.removeRequested.connect(self._on_history_remove_requested)
            if hasattr(pane, "clearRequested"):
                pane.clearRequested.connect(self.clear_history)
            self._show_history()

    # ---- state --------------------------------------------------------------------
    def _restore(self) -> None:
        s = self.settings
        if s.geometry:
            self.restoreGeometry(QByteArray(s.geometry))
        if s.window_state and not self._frame_pending:  # else after the frame is built
            self.restoreState(QByteArray(s.window_state))
        index = self.editionSelector.findData(s.edition)
        if index >= 0:
            self.editionSelector.setCurrentIndex(index)
        # The Resolution pane and the ladder are built later; they read these then.
        self._res_inputs = (s.base or DEFAULT_BASE, s.reference)
        if s.compare:
            self.controller.set_compare_text(s.compare)

    def _set_line_edit(self, name: str, text: str) -> bool:
        """Put ``text`` in the window's line edit called ``name`` (a required object name)."""
        edit = self.findChild(QLineEdit, name)
        if edit is None:
            return False
        edit.setText(text)
        return True

    def _resolution_inputs(self) -> tuple[str, str]:
        return self._res_inputs

    def load_initial(self, uri: str | None) -> None:
        """Start with ``uri``, else the demonstration on first run, else the last URI."""
        if uri is not None:
            self.take(intake.from_argument(uri))
        elif self.settings.first_run:
            self.set_uri(resources.demo_uri())
        elif self.settings.last_uri:
            self.set_uri(self.settings.last_uri)
        self.settings.first_run = False

    def save_settings(self) -> None:
        """Write geometry, dock layout, edition, history (atomically)."""
        self._ensure_frame()
        s = self.settings
        s.geometry = bytes(self.saveGeometry().data())
        s.window_state = bytes(self.saveState().data())
        s.edition = self.controller.edition
        base, ref = self._resolution_inputs()
        s.base, s.reference = base, ref
        s.compare = self.controller.compare_text
        text = self.uriField.uri()
        s.last_uri = text if len(text) <= 4096 else None
        s.first_run = False
        problem = s.save()
        if problem:
            self.statusBar().showMessage(problem)

    def _remember_current(self) -> None:
        """Record the inspected text in the history (unless history is off).

        An inspection is recorded on deliberate acts only: Enter in the field, Paste and
        Inspect, a drop, a URI given on the command line, a choice from the Samples
        menu, Open Recent, the History pane or the Findings pane, and the URI on screen
        when the window closes. Typing alone records nothing (no half-typed URIs).
        """
        if self.settings.record(self.uriField.uri()):
            self._show_history()

    # ---- history and samples ------------------------------------------------------
    def _show_history(self) -> None:
        pane = self._built.get("history")  # built later, it shows the history then
        if pane is not None and hasattr(pane, "show_history"):
            pane.show_history(self.settings.history, self.settings.keep_history)

    def _save_history(self) -> None:
        self._show_history()
        problem = self.settings.save()
        if problem:
            self.statusBar().showMessage(problem)

    def _confirm(self, title: str, text: str) -> bool:
        """Ask a yes/no question (tests replace this)."""
        answer = QMessageBox.question(
            self,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def show_history(self) -> None:
        """Show and raise the History pane, with the cursor in its search box."""
        pane = self.pane("history")
        dock = self.docks["history"]
        dock.show()
        dock.raise_()
        search = pane.findChild(QLineEdit, "historySearch")
        if search is not None:
            search.setFocus()

    def clear_history(self) -> None:
        """Forget every unpinned entry, after asking; pinned entries are kept."""
        n = sum(not e.pinned for e in self.settings.history)
        if n == 0:
            self.statusBar().showMessage("There is no unpinned history to clear.", 3000)
            return
        if not self._confirm(
            "Clear history",
            f"Forget {n} entr{'y' if n == 1 else 'ies'}? Pinned entries are kept.",
        ):
            return
        self.settings.clear_history()
        self._save_history()
        self.statusBar().showMessage(f"Cleared {n} history entries.", 3000)

    def set_keep_history(self, keep: bool) -> None:
        """Turn history on or off; off forgets everything (pins too), after asking."""
        s = self.settings
        if keep == s.keep_history:
            return
        if not keep and (s.history or s.last_uri) and not self._confirm(
            "Turn history off",
            f"Turn history off and forget all {len(s.history)} entries, pinned ones "
            "included? The last URI will not come back on the next start either.",
        ):
            self.keepHistoryAction.setChecked(True)
            return
        s.set_keep_history(keep)
        self.keepHistoryAction.setChecked(keep)
        self._save_history()
        self.statusBar().showMessage(
            "History is on." if keep else "History is off: nothing is recorded.", 3000
        )

    def _on_history_pin_requested(self, uri: str, pinned: bool) -> None:
        self.settings.set_pinned(uri, pinned)
        self._save_history()

    def _on_history_remove_requested(self, uri: str) -> None:
        self.settings.remove(uri)
        self._save_history()

    def load_sample(self, sample: Sample) -> None:
        """Load a gallery entry: a URI into the field (under its edition, if it names
        one), or a base and reference into the Resolution pane; the note goes to the
        status bar."""
        if sample.is_resolution:
            base, ref = sample.base or "", sample.reference or ""
            self.pane("resolution")
            self._set_line_edit("baseField", base)
            self._set_line_edit("referenceField", ref)
            self._on_resolution_inputs_changed(base, ref)
            dock = self.docks["resolution"]
            dock.show()
            dock.raise_()
        else:
            if sample.edition:
                index = self.editionSelector.findData(sample.edition)
                if index >= 0:
                    self.editionSelector.setCurrentIndex(index)
            self.set_uri(sample.uri or "")
            self._remember_current()
        self.statusBar().showMessage(sample.status_text())

    # ---- public API ---------------------------------------------------------------
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
        if self.documents.open(got):  # a mail, page, .msg, text file or image: read it
            return True
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
        if not self.documents.open(got):
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

    def copy_defanged(self) -> None:
        """Copy the inspected link defanged (``hxxps://example[.]com``), safe to share."""
        from uriinspector.core.defang import defang

        text = self.uriField.uri()
        if text:
            intake.copy_exact(defang(text))
            self.statusBar().showMessage("Copied the link defanged.", 3000)

    def copy_normalized(self) -> None:
        """Copy the top of the normalization ladder."""
        a = self.controller.analysis
        if a is not None:
            intake.copy_exact(a.ladder.normalized)
            self.statusBar().showMessage("Copied the normalized URI.", 3000)

    def copy_target(self) -> None:
        """Copy the RFC 3986 target of the resolution pane."""
        for r in self.controller.resolutions:
            if r.rules == "rfc3986" and r.target is not None:
                intake.copy_exact(r.target)
                self.statusBar().showMessage("Copied the resolved target.", 3000)
                return
        self.statusBar().showMessage("There is no target to copy.", 3000)

    def export_json(self, path: Path) -> None:
        """Write the current analysis as the batch contract's ``analyze`` answer."""
        import json

        a = self.controller.analysis
        if a is None:
            raise ValueError("nothing to export")
        path.write_text(json.dumps(a.to_json(), ensure_ascii=False, indent=2) + "\n", "utf-8")

    def export_dialog(self) -> None:
        """Ask where to export the analysis, then write it."""
        name, _filter = QFileDialog.getSaveFileName(
            self, "Export Analysis as JSON", "analysis.json", "JSON (*.json)"
        )
        if not name:
            return
        try:
            self.export_json(Path(name))
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.statusBar().showMessage(f"Exported the analysis to {name}.", 5000)

    def export_report(self, path: Path, fmt: str) -> None:
        """Write the current analysis as a ``html``, ``md`` or ``json`` report: only the
        sections that apply, the link defanged (``gui/report_actions.py``)."""
        from uriinspector.gui import report_actions

        report_actions.export_report(self, path, fmt)

    def copy_summary(self) -> None:
        """Put a plain-text summary of the analysis for a ticket on the clipboard."""
        from uriinspector.gui import report_actions

        report_actions.copy_summary(self)

    def export_report_dialog(self, fmt: str) -> None:
        """Ask where to write the ``fmt`` report, then write it."""
        label, suffix = {"md": ("Markdown", "md"), "html": ("HTML", "html")}.get(
            fmt, ("JSON", "json")
        )
        name, _filter = QFileDialog.getSaveFileName(
            self, f"Export Analysis as {label}", f"analysis.{suffix}", f"{label} (*.{suffix})"
        )
        if not name:
            return
        try:
            self.export_report(Path(name), fmt)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.statusBar().showMessage(f"Exported the analysis to {name}.", 5000)

    def export_field_png(self, path: Path) -> None:
        """Write the coloured URI field, as drawn, to a PNG file."""
        if not self.uriField.grab().save(str(path), "PNG"):
            raise OSError(f"could not write {path}")

    def export_png_dialog(self) -> None:
        """Ask where to write the field's PNG, then write it."""
        name, _filter = QFileDialog.getSaveFileName(
            self, "Export Field as PNG", "uri.png", "PNG image (*.png)"
        )
        if not name:
            return
        try:
            self.export_field_png(Path(name))
        except OSError as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.statusBar().showMessage(f"Exported the field to {name}.", 5000)

    def reset_layout(self) -> None:
        """Put every dock back where it started."""
        for dock in self.docks.values():
            dock.show()
        self.restoreState(self._default_state)

    def about_text(self) -> str:
        """The About box's text (versions)."""
        rows = "".join(f"<tr><td>{k}</td><td><b>{v}</b></td></tr>" for k, v in versions().items())
        return (
            "<h3>URI Inspector</h3><p>Takes a URI apart in front of your eyes. It never "
            "resolves names or fetches anything.</p>"
            f"<table cellspacing='6'>{rows}</table><p>App ID: {APP_ID}</p>"
        )

    def show_about(self) -> None:
        """The About box."""
        box = QMessageBox(self)
        box.setWindowTitle("About URI Inspector")
        box.setIconPixmap(resources.icon("app").pixmap(64, 64))
        from PySide6.QtCore import Qt

        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(self.about_text())
        box.exec()

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

    # ---- slots --------------------------------------------------------------------
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
        for name in ("explain", "editions"):
            if name not in self._built:
                continue
            if self.isVisible() and self.docks[name].visibleRegion().isEmpty():
                self._dirty.add(name)
            else:
                self._push(name, a)

    def _push(self, name: str, a: Analysis) -> None:
        self._dirty.discard(name)
        pane = self._built[name]
        show = getattr(pane, "show_analysis", None)
        if show is None:
            return
        try:
            show(a)
        except Exception as exc:
            self.statusBar().showMessage(f"The {name} pane failed: {type(exc).__name__}: {exc}")

    def _on_dock_visibility_changed(self, name: str, visible: bool) -> None:
        if self._held:  # release() builds the panes on screen after the first paint
            (self._on_screen.add if visible else self._on_screen.discard)(name)
            return
        if visible and name not in self._built:
            self._build_pane(name)  # gets the current analysis as it is built
            return
        a = self.controller.analysis
        if visible and name in self._dirty and a is not None:
            self._push(name, a)

    @Slot(object)
    def _on_resolutions_changed(self, resolutions: tuple[Resolution, ...]) -> None:
        res = self._built.get("resolution")  # built later, it reads controller.resolutions
        if res is not None and hasattr(res, "show_resolutions"):
            res.show_resolutions(resolutions)

    @Slot(object, object)
    def _on_comparison_changed(self, other: Ladder | None, comparison: Comparison | None) -> None:
        self._comparison = (other, comparison)
        ladder = self._built.get("ladder")  # built later, it is given self._comparison
        if ladder is not None and hasattr(ladder, "show_comparison"):
            ladder.show_comparison(other, comparison)

    @Slot(object)
    def _on_examples_changed(self, rows: tuple[tuple[str, tuple[Resolution, ...]], ...]) -> None:
        res = self.pane("resolution")
        if hasattr(res, "show_examples"):
            res.show_examples(rows)
        self.docks["resolution"].raise_()

    def _on_resolution_inputs_changed(self, base: str, ref: str) -> None:
        self._res_inputs = (base, ref)
        self.controller.set_resolution_inputs(base, ref)

    def _on_edition_selector_changed(self, _index: int) -> None:
        edition = self.editionSelector.currentData()
        if isinstance(edition, str):
            self.controller.set_edition(edition)

    def _on_field_cursor_moved(self, index: int) -> None:
        pane = self._built.get("components")
        if hasattr(pane, "select_at") and self.controller.analysis is not None:
            self._syncing_cursor = True
            try:
                pane.select_at(index)
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

    def _warn_settings_problem(self) -> None:
        if self.isVisible() and self.settings.problem:
            QMessageBox.warning(self, "Settings were reset", plain_message(self.settings.problem))

    def _fill_recent_menu(self) -> None:
        self.recentMenu.clear()
        if not self.settings.recent:
            action = self.recentMenu.addAction("(none yet)")
            action.setEnabled(False)
            return
        for uri in self.settings.recent:
            action = self.recentMenu.addAction(plain_action_text(uri))
            action.triggered.connect(
                lambda _checked=False, u=uri: self._on_findings_inspect_requested(u)
            )

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
            self.documents.shutdown()
        super().closeEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        """Re-render on a palette change (light/dark switch)."""
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.setStyleSheet(self.styleSheet())

