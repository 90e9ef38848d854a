"""The window's copies and exports: the link defanged, normalized or resolved; JSON,
Markdown and HTML reports; the coloured field as a PNG.

``WindowExport`` is mixed into ``MainWindow``; reports are rendered by
``uriinspector.report`` from the current analysis.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from uriinspector.gui import intake
from uriinspector.gui.plain import plain_message


class WindowExport:
    """Copy and export actions of ``MainWindow`` (a mixin)."""

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

    def _save_as(self, title: str, default: str, file_filter: str,
                 write: Callable[[Path], None], what: str) -> None:
        """Ask for a file name, call ``write`` with it, and say how that went (a failure
        in a message box). The dialog classes are imported here: importing them makes
        their enum types, which need not come before the first paint."""
        from PySide6.QtWidgets import QFileDialog, QMessageBox

        name, _filter = QFileDialog.getSaveFileName(self, title, default, file_filter)
        if not name:
            return
        try:
            write(Path(name))
        except (OSError, ValueError) as exc:
            QMessageBox.warning(self, "Export failed", plain_message(str(exc)))
            return
        self.statusBar().showMessage(f"Exported {what} to {name}.", 5000)

    def export_dialog(self) -> None:
        """Ask where to export the analysis, then write it."""
        self._save_as("Export Analysis as JSON", "analysis.json", "JSON (*.json)",
                      self.export_json, "the analysis")

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
        self._save_as(f"Export Analysis as {label}", f"analysis.{suffix}",
                      f"{label} (*.{suffix})", lambda path: self.export_report(path, fmt),
                      "the analysis")

    def export_field_png(self, path: Path) -> None:
        """Write the coloured URI field, as drawn, to a PNG file."""
        if not self.uriField.grab().save(str(path), "PNG"):
            raise OSError(f"could not write {path}")

    def export_png_dialog(self) -> None:
        """Ask where to write the field's PNG, then write it."""
        self._save_as("Export Field as PNG", "uri.png", "PNG image (*.png)",
                      self.export_field_png, "the field")
