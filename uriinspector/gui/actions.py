"""The window's menus and actions: File, Edit, Samples, View, Help, and the About box.

``WindowActions`` is mixed into ``MainWindow``: it makes every ``QAction`` (a held window
sets their shortcuts just after its first paint, see ``_action``), the View menu's "go
to" entries from the pane table (``panes/base.PANES``) and the keyboard's area keys.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import qVersion
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu

from uriinspector import APP_ID, __version__
from uriinspector.gui import gallery, resources
from uriinspector.gui.panes.base import PANES

if TYPE_CHECKING:
    pass

_Shortcut = QKeySequence | QKeySequence.StandardKey | str


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


class WindowActions:
    """Menus and actions of ``MainWindow`` (a mixin: ``self`` is the window)."""

    _held_shortcuts: list[tuple[QAction, _Shortcut]]

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
            # a lambda: the document reader is made on first use, not with the menu
            file_menu, "&Open Mail, Page or Image…", lambda: self.documents.open_dialog(),
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
        # "Go to" a pane: show it, raise it, and put the keyboard in it (issue 15).
        self.paneActions: dict[str, QAction] = {}
        for spec in PANES:
            self.paneActions[spec.name] = self._action(
                view_menu, spec.title, lambda _c=False, n=spec.name: self.focus_pane(n),
                spec.key or None,
            )
        view_menu.addSeparator()
        self.focusFieldAction = self._action(
            view_menu, "Go to the &URI Field", self.focus_uri_field, "Ctrl+L"
        )
        self.nextAreaAction = self._action(
            view_menu, "&Next Area", self.focus_next_area, "F6"
        )
        self.previousAreaAction = self._action(
            view_menu, "Pre&vious Area", self.focus_previous_area, "Shift+F6"
        )
        view_menu.addSeparator()
        # Show or hide each dock (its checkable toggle); a held window fills this with
        # its docks just after the first paint (_build_frame).
        self.panesMenu = view_menu.addMenu("Show &Panes")
        for spec in PANES:
            if spec.name in self.docks:
                self.panesMenu.addAction(self.docks[spec.name].toggleViewAction())
        self._action(view_menu, "&Reset Layout", self.reset_layout)

        help_menu = bar.addMenu("&Help")
        about = self._action(help_menu, "&About URI Inspector", self.show_about)
        about.setMenuRole(QAction.MenuRole.AboutRole)

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

        box = QMessageBox(self)
        box.setWindowTitle("About URI Inspector")
        box.setIconPixmap(resources.icon("app").pixmap(64, 64))
        from PySide6.QtCore import Qt

        box.setTextFormat(Qt.TextFormat.RichText)
        box.setText(self.about_text())
        box.exec()
