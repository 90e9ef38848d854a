"""The window's menus and actions: File, Edit, Samples, View, Help, and the About box.

``Menus`` makes every ``QAction`` (a held window sets their shortcuts just after its
first paint, see ``set_held_shortcuts``), the View menu's "go to" entries from the
pane table (``panes/table.PANES``) and the keyboard's area keys. Each action calls a
part of the window (history, exports, focus ring, docks) or the ``slots`` it is given.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import qVersion
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QMenu

from uriinspector import APP_ID, __version__
from uriinspector.gui import gallery, resources
from uriinspector.gui.panes.base import SiteView
from uriinspector.gui.panes.table import PANES
from uriinspector.gui.plain import plain_action_text
from uriinspector.gui.window.docks import LAYOUTS

if TYPE_CHECKING:
    from PySide6.QtGui import QKeySequence

    from uriinspector.gui.controller import AnalysisController
    from uriinspector.gui.window.docks import DockLayout
    from uriinspector.gui.window.exports import Exports
    from uriinspector.gui.window.focus import FocusRing
    from uriinspector.gui.window.history import HistoryKeeper
    from uriinspector.samples import Sample

#: A shortcut: a key sequence's portable text (``"Ctrl+H"``) or ``STANDARD`` followed by
#: a ``QKeySequence.StandardKey`` name (``"standard:Open"``, the platform's own keys).
Shortcut = str
STANDARD = "standard:"


def key_sequence(shortcut: Shortcut) -> QKeySequence:
    """The key sequence of ``shortcut``. ``QKeySequence`` is imported here: importing it
    makes its three enum types, which need not come before the window's first paint."""
    from PySide6.QtGui import QKeySequence

    if shortcut.startswith(STANDARD):
        return QKeySequence(getattr(QKeySequence.StandardKey, shortcut[len(STANDARD):]))
    return QKeySequence(shortcut)


class MenuSlots(NamedTuple):
    """What the window's own actions call (the rest call the window's parts)."""

    open_dialog: Callable[[], None]  # File ▸ Open…
    paste_and_inspect: Callable[[], None]
    inspect: Callable[[str], None]  # Open Recent
    inspect_as_pasted: Callable[[], None]
    load_sample: Callable[[Sample], None]
    close: Callable[[], object]


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


class Menus:
    """The menu bar of one window and its actions (each an attribute, e.g. ``pasteAction``)."""

    def __init__(self, window: QMainWindow, *, held: bool, keep_history: bool,
                 controller: AnalysisController, docks: DockLayout, history: HistoryKeeper,
                 exports: Callable[[], Exports], focus: FocusRing, slots: MenuSlots) -> None:
        self._window = window
        self._held_shortcuts: list[tuple[QAction, Shortcut]] = []
        self._held_icons: list[tuple[QAction, str]] = []
        self._hold = held
        self._controller = controller
        self._docks = docks
        self._history = history
        self._exports = exports
        self._focus = focus
        self._slots = slots
        self._build_menus(keep_history)

    def _action(
        self,
        menu: QMenu,
        text: str,
        slot: Callable[..., object],
        shortcut: Shortcut | None = None,
        icon: str | None = None,
    ) -> QAction:
        action = QAction(text, self._window)
        if shortcut is not None and self._hold:
            # setShortcut makes the Qt namespace (PySide6 6.11's overload check): a
            # held window sets its shortcuts just after the first paint.
            self._held_shortcuts.append((action, shortcut))
        elif shortcut is not None:
            action.setShortcut(key_sequence(shortcut))
        if icon is not None and self._hold:
            # Not seen before a menu opens: a held window loads them after its first paint.
            self._held_icons.append((action, icon))
        elif icon is not None:
            action.setIcon(resources.icon(icon))
        action.triggered.connect(slot)
        menu.addAction(action)
        return action

    def set_held_shortcuts(self) -> None:
        """The first paint is done: give the actions the shortcuts and icons held back."""
        self._hold = False
        for action, shortcut in self._held_shortcuts:
            action.setShortcut(key_sequence(shortcut))
        self._held_shortcuts.clear()
        for action, icon in self._held_icons:
            action.setIcon(resources.icon(icon))
        self._held_icons.clear()

    def add_dock_toggles(self) -> None:
        """View ▸ Show Panes: each dock's show/hide toggle (a held window's docks are
        made after its first paint)."""
        self.panesMenu.addActions(
            [self._docks.docks[s.name].toggleViewAction() for s in PANES]
        )

    def _build_menus(self, keep_history: bool) -> None:
        bar = self._window.menuBar()
        self._file_menu(bar.addMenu("&File"), keep_history)
        self._edit_menu(bar.addMenu("&Edit"))
        self.samplesMenu = bar.addMenu("&Samples")
        self.samplesMenu.setObjectName("samplesMenu")
        gallery.fill_on_first_show(self.samplesMenu, self._slots.load_sample)
        self._view_menu(bar.addMenu("&View"))
        help_menu = bar.addMenu("&Help")
        self.lessonsAction = self._action(help_menu, "&Lessons", self.show_lessons)
        about = self._action(help_menu, "&About URI Inspector", self.show_about)
        about.setMenuRole(QAction.MenuRole.AboutRole)

    def _file_menu(self, file_menu: QMenu, keep_history: bool) -> None:
        ex, hist, focus, slots = self._exports, self._history, self._focus, self._slots
        self.openAction = self._action(
            # a lambda: the document reader is made on first use, not with the menu
            file_menu, "&Open Mail, Page or Image…", lambda: slots.open_dialog(),
            STANDARD + "Open",
        )
        self.pasteAction = self._action(
            file_menu, "&Paste and Inspect", slots.paste_and_inspect, "Ctrl+Shift+V", "paste"
        )
        self.checkSiteAction = self._action(
            file_menu, "Check a &Site Folder…", self.check_site_folder
        )
        self.recentMenu = file_menu.addMenu("Open &Recent")
        self.recentMenu.aboutToShow.connect(self._fill_recent_menu)
        self.showHistoryAction = self._action(
            file_menu, "Show &History", focus.show_history, "Ctrl+H"
        )
        self.keepHistoryAction = self._action(
            file_menu, "&Keep History", self._set_keep_history
        )
        self.keepHistoryAction.setCheckable(True)
        self.keepHistoryAction.setChecked(keep_history)
        self.clearHistoryAction = self._action(file_menu, "&Clear History…", hist.clear)
        file_menu.addSeparator()
        self.exportAction = self._action(  # the exports are made on first use
            file_menu, "&Export Analysis as JSON…", lambda: ex().export_dialog(),
            "Ctrl+Shift+E", "export",
        )
        self.exportMarkdownAction = self._action(
            file_menu, "Export Analysis as &Markdown…", lambda: ex().export_report_dialog("md")
        )
        self.exportHtmlAction = self._action(
            file_menu, "Export Analysis as &HTML…", lambda: ex().export_report_dialog("html")
        )
        self.exportPngAction = self._action(
            file_menu, "Export Field as &PNG…", lambda: ex().export_png_dialog()
        )
        self.liveLinkAction = self._action(  # reports defang the link unless checked
            file_menu, "Include the Link &Live in Reports", lambda: None
        )
        self.liveLinkAction.setCheckable(True)
        self.liveLinkAction.toggled.connect(self._set_live_link)
        file_menu.addSeparator()
        self.quitAction = self._action(
            file_menu, "&Quit", slots.close, STANDARD + "Quit"
        )
        self.quitAction.setMenuRole(QAction.MenuRole.QuitRole)

    def _edit_menu(self, edit_menu: QMenu) -> None:
        ex, slots = self._exports, self._slots
        self.editMenu = edit_menu  # Undo/Redo go on top when the Components pane is built
        self.copyNormalizedAction = self._action(
            edit_menu, "Copy &Normalized", lambda: ex().copy_normalized(), "Ctrl+Shift+N",
            "copy",
        )
        self.copyTargetAction = self._action(
            edit_menu, "Copy &Target", lambda: ex().copy_target(), "Ctrl+Shift+T", "copy"
        )
        self.copyDefangedAction = self._action(
            edit_menu, "Copy as &Defanged", lambda: ex().copy_defanged(), "Ctrl+Shift+D", "copy"
        )
        self.copySummaryAction = self._action(
            edit_menu, "Copy &Summary", lambda: ex().copy_summary(), "Ctrl+Shift+C", "copy"
        )
        self.inspectAsPastedAction = self._action(
            edit_menu, "Inspect as &Pasted (undo refang)", slots.inspect_as_pasted
        )
        self.inspectAsPastedAction.setEnabled(False)
        edit_menu.addSeparator()
        self._action(edit_menu, "Load the Spec's &Examples", self._controller.load_examples)

    def _view_menu(self, view_menu: QMenu) -> None:
        focus = self._focus
        self.viewMenu = view_menu
        # "Go to" a pane: show it, raise it, and put the keyboard in it (issue 15).
        self.paneActions: dict[str, QAction] = {}
        for spec in PANES:
            self.paneActions[spec.name] = self._action(
                view_menu, spec.title, lambda _c=False, n=spec.name: focus.focus_pane(n),
                spec.key or None,
            )
        view_menu.addSeparator()
        self.focusFieldAction = self._action(
            view_menu, "Go to the &URI Field", focus.focus_uri_field, "Ctrl+L"
        )
        self.nextAreaAction = self._action(
            view_menu, "&Next Area", focus.focus_next_area, "F6"
        )
        self.previousAreaAction = self._action(
            view_menu, "Pre&vious Area", focus.focus_previous_area, "Shift+F6"
        )
        view_menu.addSeparator()
        # Show or hide each dock (its checkable toggle); a held window fills this with
        # its docks just after the first paint (_build_frame).
        self.panesMenu = view_menu.addMenu("Show &Panes")
        if self._docks.docks:
            self.add_dock_toggles()
        layout_menu = view_menu.addMenu("&Layout")
        layout_menu.setObjectName("layoutMenu")
        self.layoutActions: dict[str, QAction] = {
            name: self._action(layout_menu, layout.title,
                               lambda _c=False, n=name: self._docks.apply(n))
            for name, layout in LAYOUTS.items()
        }
        self._action(view_menu, "&Reset Layout", self._docks.reset)

    def check_site_folder(self) -> None:
        """File ▸ Check a Site Folder…: raise the Site pane and ask for the folder."""
        widget = self._focus.focus_pane("site")  # the pane's keyboard widget, in the pane
        while widget is not None and not isinstance(widget, SiteView):
            widget = widget.parentWidget()
        if widget is not None:
            widget.choose_folder()

    def show_lessons(self) -> None:
        """Help ▸ Lessons: raise the Lessons pane."""
        self._focus.focus_pane("lessons")

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
        from PySide6.QtWidgets import QMessageBox  # its enum types: not before the paint

        box = QMessageBox(self._window)
        box.setWindowTitle("About URI Inspector")
        box.setIconPixmap(resources.icon("app").pixmap(64, 64))
        from PySide6.QtCore import Qt

        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(self.about_text())
        box.exec()

    def _set_keep_history(self, keep: bool) -> None:
        self.keepHistoryAction.setChecked(self._history.set_keep(keep))

    def _set_live_link(self, live: bool) -> None:
        self._exports().live_link = live

    def _fill_recent_menu(self) -> None:
        self.recentMenu.clear()
        recent = self._history.recent()
        if not recent:
            action = self.recentMenu.addAction("(none yet)")
            action.setEnabled(False)
            return
        for uri in recent:
            action = self.recentMenu.addAction(plain_action_text(uri))
            action.triggered.connect(
                lambda _checked=False, u=uri: self._slots.inspect(u)
            )
