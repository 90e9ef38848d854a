"""The window's copies and exports: the link defanged, normalized or resolved; JSON,
Markdown and HTML reports; a summary for a ticket; the coloured field as a PNG.

Reports and the summary are rendered by the Qt-free ``uriinspector.report`` from what
the window knows: the current analysis, the Resolution pane's base and reference when
the user set them, the document the link came from, whether the link is wanted live.
``uriinspector.report`` (and the resolver it imports) loads on the first export, not
with the window.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QWidget

from uriinspector.gui.plain import plain_message
from uriinspector.gui.settings import DEFAULT_BASE, DEFAULT_REFERENCE

if TYPE_CHECKING:
    from uriinspector import report
    from uriinspector.core.analysis import Analysis
    from uriinspector.core.verdict import LinkContext
    from uriinspector.gui.controller import AnalysisController
    from uriinspector.gui.field.widget import UriField
    from uriinspector.gui.intake.documents import DocumentIntake
    from uriinspector.gui.intents import Intents


def resolution_asked(base: str, reference: str) -> tuple[str | None, str | None]:
    """The Resolution pane's inputs as a report takes them: (None, None) while the pane
    holds what it starts with (the spec's example base and reference, RFC 3986 §5.4),
    i.e. until the user sets a base or a reference of their own."""
    base = base.strip()
    untouched = base in ("", DEFAULT_BASE) and reference in ("", DEFAULT_REFERENCE)
    if untouched:
        return None, None
    return (base or None), (reference or None)


def document_context(documents: DocumentIntake | None, a: Analysis,
                     chosen: tuple[str, LinkContext] | None) -> report.DocumentContext | None:
    """The document open in the window, if the inspected link is one of its links; the
    row selected (``chosen``: the controller's link context) when it is this link."""
    reader = None if documents is None else documents.reader
    doc = None if reader is None else reader.document
    if reader is None or doc is None:
        return None
    from uriinspector import report

    link = next((x for x in doc.links[:100_000] if a.text in (x.target, x.uri)), None)
    if link is None:
        return None
    name = (reader.job.name if reader.job is not None else "") or doc.source or "document"
    if chosen is not None and chosen[0] == a.text:  # the row selected, exactly
        shown = chosen[1]
        return report.DocumentContext(name, doc.kind, len(doc.links), shown.display,
                                      shown.mismatch, shown.part)
    return report.DocumentContext(name, doc.kind, len(doc.links), link.display, link.mismatch,
                                  link.part)


def _copy_exact(text: str) -> None:
    """Put ``text`` on the clipboard exactly (``gui/intake.py``, imported on first copy:
    its module and Qt classes need not load before the window's first paint)."""
    from uriinspector.gui.intake import intake

    intake.copy_exact(text)


class Exports:
    """Copy and export actions of one window; ``live_link``: File ▸ Include the Link
    Live in Reports (reports defang the link unless it is set)."""

    def __init__(self, parent: QWidget, controller: AnalysisController, field: UriField,
                 documents: Callable[[], DocumentIntake | None], intents: Intents) -> None:
        self._parent = parent
        self._controller = controller
        self._field = field
        self._documents = documents
        self._intents = intents
        self.live_link = False

    # ---- copies ---------------------------------------------------------------------
    def copy_defanged(self) -> None:
        """Copy the inspected link defanged (``hxxps://example[.]com``), safe to share."""
        from uriinspector.core.defang import defang

        text = self._field.uri()
        if text:
            _copy_exact(defang(text))
            self._intents.status("Copied the link defanged.", 3000)

    def copy_normalized(self) -> None:
        """Copy the top of the normalization ladder."""
        a = self._controller.analysis
        if a is not None:
            _copy_exact(a.ladder.normalized)
            self._intents.status("Copied the normalized URI.", 3000)

    def copy_target(self) -> None:
        """Copy the RFC 3986 target of the resolution pane."""
        for r in self._controller.resolutions:
            if r.rules == "rfc3986" and r.target is not None:
                _copy_exact(r.target)
                self._intents.status("Copied the resolved target.", 3000)
                return
        self._intents.status("There is no target to copy.", 3000)

    def summary_text(self) -> str | None:
        """The plain-text summary of the current analysis, or None when there is none."""
        from uriinspector.report.summary import summary

        a = self._controller.analysis
        if a is None or not a.text:
            return None
        return summary(a, self.analysed_at(), live_link=self.live_link)

    def copy_summary(self) -> bool:
        """Put the summary on the clipboard (and say so); False when there is nothing."""
        text = self.summary_text()
        if text is None:
            self._intents.status("Nothing to summarise: inspect a link first.", 3000)
            return False
        QGuiApplication.clipboard().setText(text)
        self._intents.status("Copied a summary of the analysis for a ticket.", 3000)
        return True

    # ---- reports ----------------------------------------------------------------------
    def analysed_at(self) -> str:
        """When the current analysis was made, as reports write it (not when they are made)."""
        from uriinspector import report

        return report.now_utc(self._controller.analysed_time)

    def render(self, fmt: str) -> str:
        """The report of the current analysis in ``fmt``; ValueError if none."""
        from uriinspector import report

        c = self._controller
        a = c.analysis
        if a is None:
            raise ValueError("nothing to export")
        base, reference = resolution_asked(c.base, c.reference)
        return report.render(
            a, fmt, base, reference=reference,
            document=document_context(self._documents(), a, c.link_context),
            live_link=self.live_link, analysed_at=self.analysed_at(),
        )

    def export_report(self, path: Path, fmt: str) -> None:
        """Write the current analysis as a ``html``, ``md`` or ``json`` report: only the
        sections that apply, the link defanged unless ``live_link``."""
        path.write_text(self.render(fmt), "utf-8")

    def export_json(self, path: Path) -> None:
        """Write the current analysis as the batch contract's ``analyze`` answer."""
        import json

        a = self._controller.analysis
        if a is None:
            raise ValueError("nothing to export")
        path.write_text(json.dumps(a.to_json(), ensure_ascii=False, indent=2) + "\n", "utf-8")

    def export_field_png(self, path: Path) -> None:
        """Write the coloured URI field, as drawn, to a PNG file."""
        if not self._field.grab().save(str(path), "PNG"):
            raise OSError(f"could not write {path}")

    # ---- dialogs ----------------------------------------------------------------------
    def _save_as(self, title: str, default: str, file_filter: str,
                 write: Callable[[Path], None], what: str) -> None:
        """Ask for a file name, call ``write`` with it, and say how that went (a failure
        in a message box). The dialog classes are imported here: importing them makes
        their enum types, which need not come before the first paint."""
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        name, _filter = QFileDialog.getSaveFileName(self._parent, title, default, file_filter)
        if not name:
            return
        try:
            write(Path(name))
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self._parent, "Export failed", plain_message(str(exc)))
            return
        self._intents.status(f"Exported {what} to {name}.", 5000)

    def export_dialog(self) -> None:
        """Ask where to export the analysis as JSON, then write it."""
        self._save_as("Export Analysis as JSON", "analysis.json", "JSON (*.json)",
                      self.export_json, "the analysis")

    def export_report_dialog(self, fmt: str) -> None:
        """Ask where to write the ``fmt`` report, then write it."""
        label, suffix = {"md": ("Markdown", "md"), "html": ("HTML", "html")}.get(
            fmt, ("JSON", "json")
        )
        self._save_as(f"Export Analysis as {label}", f"analysis.{suffix}",
                      f"{label} (*.{suffix})", lambda path: self.export_report(path, fmt),
                      "the analysis")

    def export_png_dialog(self) -> None:
        """Ask where to write the field's PNG, then write it."""
        self._save_as("Export Field as PNG", "uri.png", "PNG image (*.png)",
                      self.export_field_png, "the field")
