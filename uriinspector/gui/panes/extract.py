"""The Extract tab: paste a mail or a document, list every URI in it with its verdict.

Extraction follows draft-2003 Appendix E (brackets, quotes, ``URL:``, wrapped lines)
and Appendix F (``www.w3.org/Addressing/`` offered as "probably http://… (guess)"),
through ``core.extract``. Each found URI is analysed with ``core.analysis.analyze`` in
small time-boxed chunks on the event loop, so a document with thousands of links
keeps the window responsive; the extraction itself, and the verdicts of URIs of 16 K
characters or more, run on a worker thread for a text of 64 K characters or more
(``panes/background.py``, issue 13), the newest request winning. Clicking a row asks
the window to inspect it (``uriRequested``); each row's words, icon, colour and tooltip
are the Qt-free ``extract_rows``'; "Export all…" writes one report per URI
(``uriinspector.report``). *Export indicators…* (the document view's button, and the
"Export all…" menu for the text box) saves the links and where they end as a STIX 2.1
bundle, a MISP event or a defanged CSV (``report.indicators``), as
``uriinspector extract --ioc`` does.

A document opened in the window (a mail, a saved page, an Outlook message, a QR image:
``gui/documents.py``) is shown instead of the text box, in ``documentView``
(``panes/document_view.py``); *Back to text* returns to the text box. *Page links*
reads the text box (or an opened page) as HTML in ``pageLinks``
(``panes/page_links.py``): every reference resolved by RFC 3986 and by browsers.
"""

from __future__ import annotations

import time
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QMimeData, Qt, QTimer, Signal
from PySide6.QtGui import QAction
from PySide6.QtWidgets import (
    QFileDialog,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QMenu,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from uriinspector.core.analysis import Verdict, analyze
from uriinspector.core.extract import Extracted, extract
from uriinspector.gui import resources
from uriinspector.gui.intake import intake
from uriinspector.gui.panes import palette
from uriinspector.gui.panes._common import name_widget, visible_text
from uriinspector.gui.panes.background import BackgroundJob, runs_inline
from uriinspector.gui.panes.document_view import INDICATOR_MENU, DocumentView
from uriinspector.gui.panes.extract_rows import judged_row, pending_row, status_text
from uriinspector.gui.panes.page_links import PageLinksView
from uriinspector.gui.plain import plain_label, plain_message

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.sources.model import Document

#: Role of a row's index into the extraction.
INDEX_ROLE = Qt.ItemDataRole.UserRole
#: Time one chunk of analysis may take before the event loop runs again (seconds).
CHUNK_SECONDS = 0.02
#: Rows listed at once when an extraction is shown; the rest follow in slices.
FIRST_ROWS = 1000
#: A found URI at least this long (code points) is judged with the extraction, on the
#: worker: analysing a megabyte-long link takes 0.1-0.2 s, too long for the event loop
#: (issue 13); shorter ones take milliseconds and are judged in the time-boxed chunks.
LONG_TARGET = 16 * 1024

#: What an extraction hands the pane: the references found, and the verdicts of the
#: long ones by index.
Extraction = tuple[tuple[Extracted, ...], dict[int, Verdict]]


def extract_and_judge(text: str) -> Extraction:
    """``extract(text, defanged=True)`` and the verdicts of the first found URI and of
    each of at least :data:`LONG_TARGET` code points (runs on the worker for a long
    text; the first analysis also loads the tables every later one uses, ~50 ms)."""
    found = extract(text, defanged=True)
    return found, {i: analyze(e.target).verdict for i, e in enumerate(found)
                   if i == 0 or len(e.target) >= LONG_TARGET}


class IntakeTextBox(QPlainTextEdit):
    """The text to extract from: pastes and drops pass ``gui/intake.py`` (the exact
    text offered; a dropped link list whole, one link per line, never through QUrl)."""

    def insertFromMimeData(self, source: QMimeData) -> None:
        """Insert what intake hands over (text, or a file's link); nothing for images."""
        got = intake.from_mime(source, refang=False, all_links=True)
        if got.kind in ("text", "file"):
            self.textCursor().insertText(got.text)
            self.ensureCursorVisible()

    def canInsertFromMimeData(self, source: QMimeData) -> bool:
        """Accept what intake can take."""
        return intake.accepts(source)


class ExtractPane(QWidget):
    """Text box, "Extract" button, the list of found URIs with verdicts, batch export."""

    uriRequested = Signal(object)  # exact str (a str signal would go through QString)
    linkRequested = Signal(object)  # a document's Link: inspect it in its context
    extractionFinished = Signal()
    resolutionRequested = Signal(object, object)  # base, reference (a page's link)
    baseChanged = Signal(object)  # the page URL the user set

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._found: tuple[Extracted, ...] = ()
        self._verdicts: list[Verdict | None] = []
        self._judged: dict[int, Verdict] = {}
        self._next = 0
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(0)
        self._timer.timeout.connect(self._analyse_chunk)
        #: the extraction of a long text, off the GUI thread (issue 13)
        self.job = BackgroundJob(self)
        self.job.finished.connect(self._on_extracted)
        self._extracting = 0  # characters being extracted on the worker (0: none)

        outer = QVBoxLayout(self)
        outer.setContentsMargins(4, 4, 4, 4)
        self.textPage = QWidget(self)
        layout = QVBoxLayout(self.textPage)
        layout.setContentsMargins(0, 0, 0, 0)
        outer.addWidget(self.textPage, 1)
        self._build_views(outer)
        self.textBox = IntakeTextBox(self)
        name_widget(self.textBox, "extractText", "Text to extract URIs from")
        self.textBox.setPlaceholderText(
            "Paste a whole mail or document here, then press Extract."
        )
        self.textBox.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        layout.addWidget(self.textBox, 2)
        layout.addLayout(self._build_buttons())
        self.view = QListWidget(self)
        name_widget(self.view, "extractView", "URIs found in the text")
        self.view.setUniformItemSizes(True)
        self.view.itemClicked.connect(self._on_item_activated)
        self.view.itemActivated.connect(self._on_item_activated)
        layout.addWidget(self.view, 3)

    def _build_views(self, outer: QVBoxLayout) -> None:
        """The document view and the page-links view, hidden until asked for."""
        self.documentView = DocumentView(self)
        self.documentView.hide()
        self.documentView.uriRequested.connect(self.uriRequested)
        self.documentView.linkRequested.connect(self.linkRequested)
        self.documentView.indicatorsRequested.connect(self.export_indicators_dialog)
        self.documentView.resolutionRequested.connect(self.resolutionRequested)
        self.documentView.baseChanged.connect(self.baseChanged)
        self.documentView.closed.connect(lambda: self.show_document_page(False))
        outer.addWidget(self.documentView, 1)
        self.pageLinks = PageLinksView(self)
        self.pageLinks.hide()
        self.pageLinks.resolutionRequested.connect(self.resolutionRequested)
        self.pageLinks.closed.connect(lambda: self.show_page_links_view(False))
        self.documentView.pageLinksRequested.connect(self.show_page_links)
        outer.addWidget(self.pageLinks, 1)

    def _build_buttons(self) -> QHBoxLayout:
        """Extract, Page links, the status and *Export all…* with its formats."""
        row = QHBoxLayout()
        self.extractButton = QPushButton("E&xtract", self)
        name_widget(self.extractButton, "extractButton")
        self.extractButton.setToolTip(
            "Find every URI in the text (2003 draft Appendix E and F) and judge each one"
        )
        self.extractButton.clicked.connect(self._on_extract_clicked)
        row.addWidget(self.extractButton)
        self.pageLinksButton = QPushButton("&Page links", self)
        name_widget(self.pageLinksButton, "pageLinksButton")
        self.pageLinksButton.setToolTip(
            "Read the text as an HTML page: every href, src, srcset, action… resolved "
            "against its <base href> by RFC 3986 and by browsers, differences marked"
        )
        self.pageLinksButton.clicked.connect(
            lambda: self.show_page_links(self.textBox.toPlainText(), "")
        )
        row.addWidget(self.pageLinksButton)
        self.status = plain_label(QLabel(self))
        name_widget(self.status, "extractStatus")
        row.addWidget(self.status, 1)
        # One button with a format menu keeps the row narrow (the window fits 1024 px).
        self.exportButton = QPushButton("Export all…", self)
        name_widget(self.exportButton, "extractExportAll")
        self.exportButton.setToolTip("Write a report for every URI found into a folder")
        self.exportButton.setEnabled(False)
        menu = QMenu(self.exportButton)
        self.exportActions: dict[str, QAction] = {}
        for label, fmt in (("HTML reports…", "html"), ("Markdown reports…", "md"),
                           ("JSON reports…", "json")):  # fmt: skip
            action = menu.addAction(label)
            action.triggered.connect(lambda _checked=False, f=fmt: self.export_all_dialog(f))
            self.exportActions[fmt] = action
        menu.addSeparator()
        #: the menu's *Indicators:* entries, per format (``report.indicators``)
        self.indicatorActions: dict[str, QAction] = {}
        for label, fmt in INDICATOR_MENU:
            action = menu.addAction("Indicators: " + label)
            action.triggered.connect(
                lambda _checked=False, f=fmt: self.export_indicators_dialog(f))
            self.indicatorActions[fmt] = action
        self.exportButton.setMenu(menu)
        row.addWidget(self.exportButton)
        return row

    # ---- documents ------------------------------------------------------------------
    def show_document_page(self, shown: bool) -> None:
        """Show the document view (True) or the text box and its list (False)."""
        self._show_only(self.documentView if shown else self.textPage)

    def show_page_links_view(self, shown: bool) -> None:
        """Show the page-links view (True) or the text box (False)."""
        self._show_only(self.pageLinks if shown else self.textPage)

    def _show_only(self, page: QWidget) -> None:
        """Show ``page`` alone: the others hidden first, so two are never shown at once
        (their minimums added up grew the window past a 640 px screen, 668 px, and it
        stayed so)."""
        for other in (self.textPage, self.documentView, self.pageLinks):
            if other is not page:
                other.setVisible(False)
        page.setVisible(True)

    def show_page_links(self, text: str, url: str | None = None) -> None:
        """Read ``text`` as an HTML page at ``url`` and show every reference resolved."""
        self.show_page_links_view(True)
        self.pageLinks.set_page(text, url if url else self.pageLinks.urlField.text())

    def document_shown(self) -> bool:
        """Whether the document view is the one on show."""
        return not self.documentView.isHidden()

    def set_compact(self, compact: bool) -> None:
        """A small screen at a large zoom: the document's links come first."""
        self.documentView.set_compact(compact)

    def shows_nothing(self) -> bool:
        """Nothing to show: the text box on show, empty, and nothing extracted (its
        dock then gives its width to panes with content)."""
        return (self.documentView.isHidden() and self.pageLinks.isHidden()
                and not self._found and not self.textBox.document().characterCount() > 1)

    # ---- the pane protocol ------------------------------------------------------
    def show_analysis(self, a: Analysis) -> None:
        """Nothing to do: the extraction does not depend on the inspected URI."""

    # ---- extraction ---------------------------------------------------------------
    def set_text(self, text: str) -> None:
        """Put ``text`` into the text box (does not extract yet)."""
        self.textBox.setPlainText(text)

    def results(self) -> tuple[Extracted, ...]:
        """What the last extraction found, in text order."""
        return self._found

    def verdicts(self) -> tuple[Verdict | None, ...]:
        """The verdict of each found URI (``None`` while still being analysed)."""
        return tuple(self._verdicts)

    def is_busy(self) -> bool:
        """Whether the text is being extracted or found URIs are still being analysed."""
        return self.is_extracting() or self._next < len(self._found)

    def is_extracting(self) -> bool:
        """Whether a long text is being extracted on the worker thread."""
        return self.job.is_running()

    def _on_extract_clicked(self) -> None:
        """The Extract button: extract, or (while extracting) cancel."""
        if self.is_extracting():
            self.cancel_extraction()
        else:
            self.run_extraction()

    def cancel_extraction(self) -> None:
        """Stop waiting for the running extraction (its result is dropped)."""
        self.job.cancel()
        self._set_extracting(0)
        self.status.setText("Extraction cancelled.")

    def run_extraction(self) -> None:
        """Extract from the text box, list the results, start analysing them.

        A long text is extracted on the worker thread (the list fills when it is done);
        a newer request supersedes one still running.
        """
        self._timer.stop()
        text = self.textBox.toPlainText()
        if runs_inline(text):
            self.job.cancel()  # an older long extraction must not overwrite this one
            self._set_extracting(0)
            self._show_found(*extract_and_judge(text))
            return
        self._found = ()
        self._verdicts = []
        self._next = 0
        self.view.clear()
        self.exportButton.setEnabled(False)
        # Defanged indicators too: see _show_found.
        self.job.start(extract_and_judge, text)
        self._set_extracting(len(text))

    def _set_extracting(self, n: int) -> None:
        """Show the busy state for ``n`` characters (0: idle)."""
        self._extracting = n
        self.extractButton.setText("Cancel" if n else "E&xtract")
        self.extractButton.setToolTip(
            "Stop extracting (the list stays empty)" if n else
            "Find every URI in the text (2003 draft Appendix E and F) and judge each one")
        if n:
            self.status.setText(f"Extracting… {n:,} characters")

    def _on_extracted(self, result: object) -> None:
        """The worker's extraction (the newest request's only) arrives."""
        self._set_extracting(0)
        if isinstance(result, BaseException):
            self.status.setText(f"Extraction failed: {visible_text(str(result), 200)}")
            self.extractionFinished.emit()
            return
        assert isinstance(result, tuple)
        self._show_found(*result)

    def _show_found(self, found: tuple[Extracted, ...],
                    judged: dict[int, Verdict] | None = None) -> None:
        """List what the extraction found and start analysing it (``judged``: the
        verdicts already made, by index, for the long URIs)."""
        # Defanged indicators too (hxxps://evil[.]example, evil[.]example): each row
        # shows what was written and the refanged target it is judged as.
        self._found = found
        self._judged = judged or {}
        self._verdicts = [None] * len(self._found)
        self._next = 0
        self.view.setUpdatesEnabled(False)
        self.view.clear()
        # The first rows at once; the rest are added in time-boxed slices before the
        # analysis starts (24,000 rows took ~0.9 s on the GUI thread, issue 13).
        self._add_rows(FIRST_ROWS, None)
        self.view.setUpdatesEnabled(True)
        self.exportButton.setEnabled(bool(self._found))
        self._update_status()
        if self._found:
            self._timer.start()
        else:
            self.extractionFinished.emit()

    def _add_rows(self, most: int, deadline: float | None) -> None:
        """Add up to ``most`` more rows (each "… analysing"), or until ``deadline``."""
        start = self.view.count()
        stop = min(len(self._found), start + most)
        for i in range(start, stop):
            row = pending_row(self._found[i])
            item = QListWidgetItem(row.text)
            item.setData(INDEX_ROLE, i)
            item.setToolTip(row.tooltip)
            self.view.addItem(item)
            if deadline is not None and time.perf_counter() >= deadline:
                break

    def _analyse_chunk(self) -> None:
        """Add the rows still missing, then analyse found URIs, until the chunk's time is
        used up; then yield to Qt."""
        deadline = time.perf_counter() + CHUNK_SECONDS
        if self.view.count() < len(self._found):
            self._add_rows(len(self._found), deadline)
            self._timer.start()
            return
        base = self.view.palette()
        while self._next < len(self._found):
            i = self._next
            self._next += 1
            e = self._found[i]
            verdict = self._judged.get(i)
            if verdict is None:
                verdict = analyze(e.target).verdict
            self._verdicts[i] = verdict
            item = self.view.item(i)
            if item is not None:
                row = judged_row(e, verdict)
                item.setText(row.text)
                if row.icon is not None:
                    item.setIcon(resources.icon(row.icon))
                item.setForeground(palette.severity_color(row.severity, base)
                                   if row.severity is not None
                                   else base.color(base.ColorRole.Text))
                item.setToolTip(row.tooltip)
            if time.perf_counter() >= deadline:
                break
        self._update_status()
        if self._next < len(self._found):
            self._timer.start()
        else:
            self.extractionFinished.emit()

    def _update_status(self) -> None:
        self.status.setText(status_text(self._found, self._verdicts, self._next,
                                        bool(self._found) or bool(self.textBox.toPlainText())))

    def _on_item_activated(self, item: QListWidgetItem) -> None:
        index = item.data(INDEX_ROLE)
        if isinstance(index, int) and 0 <= index < len(self._found):
            self.uriRequested.emit(self._found[index].target)

    # ---- batch export -------------------------------------------------------------
    def export_all(self, folder: Path, fmt: str = "html") -> list[Path]:
        """Write a ``fmt`` report per found URI into ``folder``; return the files written."""
        from uriinspector import report

        return report.write_batch([e.target for e in self._found], folder, fmt)

    def indicator_document(self) -> Document | None:
        """What *Export indicators…* exports: the document on show, else the links found
        in the text box (defanged indicators refanged), else None."""
        if self.document_shown():
            return self.documentView.document
        if not self._found:
            return None
        from uriinspector.sources.model import Document, Link

        links = tuple(Link(uri=e.uri, raw=e.raw, target=e.target, kind="text", span=e.span)
                      for e in self._found)
        return Document("text", links, source="Extract tab")

    def export_indicators(self, path: Path, fmt: str) -> int:
        """Write the links of :meth:`indicator_document` to ``path`` as ``fmt``
        (``report.indicators``: ``stix``, ``misp`` or ``csv``); how many were written."""
        doc = self.indicator_document()
        if doc is None:
            raise ValueError("nothing to export: extract or open a document first")
        from uriinspector.report.indicators import indicators_of, render
        from uriinspector.sources import with_verdicts

        if self.document_shown() and self.documentView.name:
            doc = replace(doc, source=self.documentView.name)
        found = indicators_of(with_verdicts(doc))
        path.write_text(render(found, fmt), "utf-8")
        return len(found)

    def export_indicators_dialog(self, fmt: str) -> None:
        """Ask for a file, then write the indicators in ``fmt`` to it."""
        if self.indicator_document() is None:
            return
        suffix, kind = {"stix": (".json", "STIX 2.1 bundle (*.json)"),
                        "misp": (".json", "MISP event (*.json)"),
                        "csv": (".csv", "CSV (*.csv)")}[fmt]
        name, _ = QFileDialog.getSaveFileName(
            self, "Export indicators", "indicators-" + fmt + suffix, kind)
        if not name:
            return
        try:
            n = self.export_indicators(Path(name), fmt)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.status.setText(f"Wrote {n} indicators to {name}.")
        if self.document_shown():
            self.documentView.status.setText(f"Wrote {n} indicators to {name}.")

    def export_all_dialog(self, fmt: str = "html") -> None:
        """Ask for a folder, then write every ``fmt`` report into it."""
        if not self._found:
            return
        name = QFileDialog.getExistingDirectory(self, "Export a report for every URI")
        if not name:
            return
        try:
            written = self.export_all(Path(name), fmt)
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.status.setText(f"Wrote {len(written)} reports to {name}.")
