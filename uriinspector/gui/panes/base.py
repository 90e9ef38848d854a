"""What every pane is (``Pane``), what a pane's needs ask of it, and how one is built.

A pane is a widget with ``show_analysis(a)`` (``Pane``). What else it takes from the
window is declared in ``panes/table.PANES`` (``needs``); each need is a typed protocol
here (``ResolutionView``, ``ComparisonView``...), checked with ``isinstance`` where the
window feeds a pane, never a ``hasattr`` probe. Importing this module imports no pane:
each is imported when its dock is first shown (``load_pane``).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

from uriinspector.gui.panes.table import INTENTS, NEEDS, PANES, SPECS, PaneSpec
from uriinspector.gui.plain import plain_label

if TYPE_CHECKING:
    from PySide6.QtGui import QUndoStack
    from PySide6.QtWidgets import QLineEdit

    from uriinspector.core.analysis import Analysis
    from uriinspector.core.compare import Comparison
    from uriinspector.core.normalize import Ladder
    from uriinspector.core.resolve import Resolution
    from uriinspector.gui.settings import HistoryEntry
    from uriinspector.gui.window.lesson_progress import LessonProgress

__all__ = [
    "INTENTS", "NEEDS", "PANES", "SPECS", "ComparisonView", "CursorView", "HistoryView",
    "MissingPane", "Pane", "PaneSpec", "ProgressView", "ResolutionView", "SiteView", "UndoView",
    "load_pane",
]


@runtime_checkable
class Pane(Protocol):
    """The one method every pane has: rebuild from ``a`` alone, keeping view state."""

    def show_analysis(self, a: Analysis) -> None:
        """Show ``a`` (panes never call the core and never read each other)."""



@runtime_checkable
class ResolutionView(Protocol):
    """The ``resolutions`` need: the base and reference fields and the traces."""

    baseField: QLineEdit
    referenceField: QLineEdit

    def show_resolutions(self, resolutions: tuple[Resolution, ...]) -> None:
        """Show the resolution of the fields' base and reference by each rule set."""

    def show_examples(self, rows: Sequence[tuple[str, Sequence[Resolution]]]) -> None:
        """Show the RFC 3986 §5.4 examples, resolved."""


@runtime_checkable
class ComparisonView(Protocol):
    """The ``comparison`` need: the second URI's field and the two ladders compared."""

    compareField: QLineEdit

    def show_comparison(self, other: Ladder | None, comparison: Comparison | None) -> None:
        """Show the second URI's ladder beside the first (None: no second URI)."""


@runtime_checkable
class HistoryView(Protocol):
    """The ``history`` need: the recorded entries."""

    def show_history(self, entries: Sequence[HistoryEntry], keep: bool = True) -> None:
        """Show ``entries`` (``keep``: whether history is on)."""


@runtime_checkable
class UndoView(Protocol):
    """The ``undo`` need: the stack behind the Edit menu's Undo and Redo."""

    undo_stack: QUndoStack


@runtime_checkable
class CursorView(Protocol):
    """The ``cursor`` need: follows the field's cursor."""

    def select_at(self, index: int) -> None:
        """Select the row under code point ``index``."""


@runtime_checkable
class ProgressView(Protocol):
    """The ``lesson-progress`` need: the record of the lessons' done steps."""

    def attach_progress(self, progress: LessonProgress) -> None:
        """Read and record progress through ``progress`` from now on."""


@runtime_checkable
class SiteView(Protocol):
    """What *File ▸ Check a Site Folder…* asks of the Site pane."""

    def choose_folder(self) -> None:
        """Ask for a folder and check it."""


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


def load_pane(spec: PaneSpec) -> QWidget:
    """Import and build the pane ``spec`` names; a ``MissingPane`` if that fails."""
    try:
        mod = importlib.import_module(f"uriinspector.gui.panes.{spec.module}")
        pane: QWidget = getattr(mod, spec.cls)()
    except Exception as exc:
        return MissingPane(spec.title, f"{type(exc).__name__}: {exc}")
    return pane
