"""Documents in the window: a mail, a page, an Outlook message or an image, read in a
child process and shown in the Extract tab.

``uriinspector.sources`` turns a document's bytes into link rows; every document,
whatever its size, is read and judged in a child process (``child.py``) exchanged on a
worker (``reader.py``), so hostile input never runs in the window's process nor holds
its GUI thread. :class:`DocumentIntake` is the window's side: what ``intake.py`` hands
over as a document is read, its rows and verdicts shown as they arrive.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Slot
from PySide6.QtWidgets import QWidget

from uriinspector.gui.intake.reader import DocumentReader
from uriinspector.gui.plain import visible_text
from uriinspector.sources.reader_process import Job

if TYPE_CHECKING:
    from uriinspector.gui.intake.intake import Intake
    from uriinspector.gui.intents import Intents
    from uriinspector.gui.panes.extract import ExtractPane
    from uriinspector.sources.model import Document

__all__ = ["DocumentIntake"]


class DocumentIntake(QObject):
    """The window's side of documents: what ``gui/intake/intake.py`` hands over as a document
    file or an image is read here, shown in the Extract tab, and (for a QR image) its
    first link inspected in the field.

    Kept out of ``main_window.py``: the window only calls :meth:`open` (from
    ``take``/paste/drop), :meth:`open_dialog` (*File ▸ Open…*) and :meth:`shutdown`.
    """

    def __init__(self, window: QWidget, intents: Intents) -> None:
        super().__init__(window)
        self.window = window
        self.intents = intents
        self.reader = DocumentReader(self)
        self.reader.started.connect(self._on_started)
        self.reader.documentRead.connect(self._on_read)
        self.reader.verdictsReady.connect(self._on_verdicts)
        self.reader.finished.connect(self._on_finished)
        self._wired: object | None = None
        #: the last message this intake put in the status bar (tests, accessibility)
        self.message = ""

    # ---- entry points -----------------------------------------------------------------
    def open(self, got: Intake) -> bool:
        """Read what intake handed over: an image's bytes, or a document file (False
        when it is neither: ``got.readable``)."""
        if not got.readable:
            return False
        if got.kind == "image":
            data = got.data or b""
            self.reader.read(Job(f"the pasted image ({got.name})", data=data, kind="image",
                                 defanged=True))
        else:
            self.reader.read_path(got.name)
        return True

    def open_path(self, path: str) -> None:
        """Read the file at ``path`` (File ▸ Open…)."""
        from uriinspector.gui.intake import intake

        self.intents.take(intake.from_path(path))

    def open_dialog(self) -> None:
        """*File ▸ Open…*: choose a mail, a saved page, an Outlook message or an image."""
        from PySide6.QtWidgets import QFileDialog

        from uriinspector.sources.formats import open_filter

        name, _filter = QFileDialog.getOpenFileName(
            self.window, "Open a Document, Mail, Page or Image", "", open_filter()
        )
        if name:
            self.open_path(name)

    def shutdown(self) -> None:
        """Stop reading (window close)."""
        self.reader.shutdown()

    # ---- the Extract tab -----------------------------------------------------------
    def pane(self) -> ExtractPane:
        """The Extract pane, built and wired to this intake on first use."""
        pane: ExtractPane = self.intents.pane("extract")  # type: ignore[assignment]
        if self._wired is not pane:
            self._wired = pane
            pane.resolutionRequested.connect(self.intents.show_resolution)
            pane.baseChanged.connect(self.reader.reread)
            # back to the layout before the document (issue 25: the window takes the
            # document layout by itself, and gives it back)
            pane.documentView.closed.connect(lambda: self.intents.use_layout(None))
        return pane

    def _say(self, message: str, msecs: int = 15000) -> None:
        self.message = message
        self.intents.status(message, msecs)

    @Slot(object)
    def _on_started(self, job: Job) -> None:
        pane = self.pane()
        pane.show_document_page(True)
        pane.documentView.show_busy(job.name)
        self.intents.use_layout("analyst")  # the document beside the findings, wide
        dock = self.intents.dock("extract")
        dock.show()
        dock.raise_()
        self._say(f"Reading {visible_text(job.name, 80)}…", 0)

    @Slot(object, object, float)
    def _on_read(self, job: Job, doc: Document, _seconds: float) -> None:
        view = self.pane().documentView
        view.show_document(job.name, doc, job.base, self.reader.summary)
        if doc.kind == "image":
            first = next((link for link in doc.links), None)
            if first is not None:
                self.intents.inspect(first.target)
        self._say(view.summary())

    @Slot(int, object)
    def _on_verdicts(self, start: int, levels: tuple[str, ...]) -> None:
        self.pane().documentView.set_levels(start, levels)

    @Slot()
    def _on_finished(self) -> None:
        view = self.pane().documentView
        view.set_busy(False)
        if view.document is not None:
            self._say(view.summary())
