"""What a part of the window may ask of the window: the one ``Intents`` protocol.

The window's parts (``gui/window/``: menus, docks, pane host, focus ring, history,
exports) and the document intake receive what they use in their constructors; when
they need the window itself to act, they ask through this protocol and nothing
else. ``MainWindow`` implements it. Keeping it at the bottom of ``gui/`` (it imports
no other window module) is what keeps the parts from importing the window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from PySide6.QtWidgets import QDockWidget, QWidget

    from uriinspector.gui.intake.intake import Intake


class Intents(Protocol):
    """The window's answers to its parts (and to the panes' signals, via ``PANES``)."""

    def set_uri(self, text: str) -> None:
        """Load ``text`` into the field as if typed (no history entry)."""

    def inspect(self, text: str) -> None:
        """Load ``text`` into the field and record it in the history (a deliberate act)."""

    def take(self, got: Intake) -> bool:
        """Inspect or read what intake handed over (paste, drop, File ▸ Open)."""

    def highlight_span(self, start: int, end: int) -> None:
        """Select code points ``start``..``end`` in the field (a pane's row was chosen)."""

    def set_resolution_inputs(self, base: str, ref: str) -> None:
        """The Resolution pane's base and reference changed: resolve them."""

    def show_resolution(self, base: str, ref: str) -> None:
        """Put ``base`` and ``ref`` in the Resolution pane and raise it."""

    def copy_summary(self) -> None:
        """Put a plain-text summary of the analysis on the clipboard."""

    def use_layout(self, name: str | None) -> None:
        """Take the layout for a task (``analyst`` for a document); None: back again."""

    def status(self, message: str, msecs: int = 0) -> None:
        """Say ``message`` in the status bar (for ``msecs``; 0 = until replaced)."""

    def pane(self, name: str) -> QWidget:
        """The pane ``name`` (``panes/base.PANES``), built now if it is not yet."""

    def dock(self, name: str) -> QDockWidget:
        """The dock of pane ``name`` (the frame is built first if a held window's is not)."""

    def ensure_frame(self) -> None:
        """Build the docks and menus' shortcuts now if a held window has not yet."""
