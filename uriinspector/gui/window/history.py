"""The window's history: record, pin, forget, clear, turn off, and the recent list.

An inspection is recorded on deliberate acts only (see ``remember``); the settings
file is written atomically (``gui/settings.py``). The History pane, once built, is
attached here and shown every change.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from uriinspector.gui.intents import Intents
    from uriinspector.gui.panes.base import HistoryView
    from uriinspector.gui.settings import Settings


class HistoryKeeper:
    """History of one window: ``settings`` holds the entries, ``uri`` reads the field."""

    def __init__(self, parent: QWidget, settings: Settings, uri: Callable[[], str],
                 intents: Intents) -> None:
        self._parent = parent
        self._settings = settings
        self._uri = uri
        self._intents = intents
        self._view: HistoryView | None = None  # the History pane, once built

    def attach(self, view: HistoryView) -> None:
        """The History pane was built: show it the history now and on every change."""
        self._view = view
        self.show()

    def remember(self) -> None:
        """Record the inspected text in the history (unless history is off).

        An inspection is recorded on deliberate acts only: Enter in the field, Paste and
        Inspect, a drop, a URI given on the command line, a choice from the Samples
        menu, Open Recent, the History pane or the Findings pane, and the URI on screen
        when the window closes. Typing alone records nothing (no half-typed URIs).
        """
        if self._settings.record(self._uri()):
            self.show()

    def show(self) -> None:
        """Show the history in the History pane, if it is built (else it shows it then)."""
        if self._view is not None:
            self._view.show_history(self._settings.history, self._settings.keep_history)

    def _save(self) -> None:
        self.show()
        problem = self._settings.save()
        if problem:
            self._intents.status(problem)

    def confirm(self, title: str, text: str) -> bool:
        """Ask a yes/no question (tests replace this)."""
        from PySide6.QtWidgets import QMessageBox  # its ~5 enum types: not at start-up

        answer = QMessageBox.question(
            self._parent,
            title,
            text,
            QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel,
            QMessageBox.StandardButton.Cancel,
        )
        return answer == QMessageBox.StandardButton.Yes

    def clear(self) -> None:
        """Forget every unpinned entry, after asking; pinned entries are kept."""
        n = sum(not e.pinned for e in self._settings.history)
        if n == 0:
            self._intents.status("There is no unpinned history to clear.", 3000)
            return
        if not self.confirm(
            "Clear history",
            f"Forget {n} entr{'y' if n == 1 else 'ies'}? Pinned entries are kept.",
        ):
            return
        self._settings.clear_history()
        self._save()
        self._intents.status(f"Cleared {n} history entries.", 3000)

    def set_keep(self, keep: bool) -> bool:
        """Turn history on or off (off forgets everything, pins too, after asking);
        returns whether history is on now (the menu's check mark)."""
        s = self._settings
        if keep == s.keep_history:
            return keep
        if not keep and (s.history or s.last_uri) and not self.confirm(
            "Turn history off",
            f"Turn history off and forget all {len(s.history)} entries, pinned ones "
            "included? The last URI will not come back on the next start either.",
        ):
            return True
        s.set_keep_history(keep)
        self._save()
        self._intents.status(
            "History is on." if keep else "History is off: nothing is recorded.", 3000
        )
        return keep

    def pin(self, uri: str, pinned: bool) -> None:
        """Pin or unpin ``uri`` (the History pane's star)."""
        self._settings.set_pinned(uri, pinned)
        self._save()

    def forget(self, uri: str) -> None:
        """Remove ``uri`` from the history."""
        self._settings.remove(uri)
        self._save()

    def recent(self) -> list[str]:
        """The recent URIs, newest first (File ▸ Open Recent)."""
        return list(self._settings.recent)
