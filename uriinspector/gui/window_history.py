"""The window's history and settings: restore, save, record, pin, clear.

``WindowHistory`` is mixed into ``MainWindow``. An inspection is recorded on
deliberate acts only (see ``_remember_current``); the settings file is written
atomically (``gui/settings.py``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QByteArray
from PySide6.QtWidgets import QLineEdit, QMessageBox

from uriinspector.gui import intake, resources
from uriinspector.gui.plain import plain_action_text, plain_message
from uriinspector.gui.settings import DEFAULT_BASE

if TYPE_CHECKING:
    pass


class WindowHistory:
    """History and settings of ``MainWindow`` (a mixin)."""

    def _restore(self) -> None:
        s = self.settings
        if s.geometry:
            self.restoreGeometry(QByteArray(s.geometry))
        if s.window_state and not self._frame_pending:  # else after the frame is built
            self.restore_layout(s.window_state)
        index = self.editionSelector.findData(s.edition)
        if index >= 0:
            self.editionSelector.setCurrentIndex(index)
        # The Resolution pane and the ladder are built later; they read these then.
        self._res_inputs = (s.base or DEFAULT_BASE, s.reference)
        if s.compare:
            self.controller.set_compare_text(s.compare)

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

    def _warn_settings_problem(self) -> None:
        if self.isVisible() and self.settings.problem:
            QMessageBox.warning(self, "Settings were reset", plain_message(self.settings.problem))
