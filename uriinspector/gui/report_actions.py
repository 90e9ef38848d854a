"""What the window hands to a report or a summary: its context, never its widgets.

The report (``uriinspector.report``) and the summary (``report.summary``) are Qt-free;
this module reads what the window knows (the current analysis, the Resolution pane's
base and reference when the user set them, the document the link came from, whether
the link is wanted live) and puts the summary on the clipboard. The main window only
calls in: ``export_report`` and ``copy_summary`` delegate here.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtGui import QGuiApplication

from uriinspector import report
from uriinspector.gui.settings import DEFAULT_BASE, DEFAULT_REFERENCE
from uriinspector.report.summary import summary

if TYPE_CHECKING:
    from uriinspector.core.analysis import Analysis
    from uriinspector.gui.main_window import MainWindow


def resolution_asked(base: str, reference: str) -> tuple[str | None, str | None]:
    """The Resolution pane's inputs as a report takes them: (None, None) while the pane
    holds what it starts with (the spec's example base and reference, RFC 3986 §5.4),
    i.e. until the user sets a base or a reference of their own."""
    base = base.strip()
    untouched = base in ("", DEFAULT_BASE) and reference in ("", DEFAULT_REFERENCE)
    if untouched:
        return None, None
    return (base or None), (reference or None)


def document_context(window: MainWindow, a: Analysis) -> report.DocumentContext | None:
    """The document open in the window, if the inspected link is one of its links."""
    reader = getattr(getattr(window, "documents", None), "reader", None)
    doc = getattr(reader, "document", None)
    job = getattr(reader, "job", None)
    if doc is None:
        return None
    link = next((x for x in doc.links[:100_000] if a.text in (x.target, x.uri)), None)
    if link is None:
        return None
    name = getattr(job, "name", "") or doc.source or "document"
    chosen = getattr(window.controller, "link_context", None)  # the row selected, exactly
    if chosen is not None and chosen[0] == a.text:
        shown = chosen[1]
        return report.DocumentContext(name, doc.kind, len(doc.links), shown.display,
                                      shown.mismatch, shown.part)
    return report.DocumentContext(name, doc.kind, len(doc.links), link.display, link.mismatch,
                                  link.part)


def live_link(window: MainWindow) -> bool:
    """Whether the user asked for the link live in reports (off by default)."""
    action = getattr(window, "liveLinkAction", None)
    return bool(action is not None and action.isChecked())


def render(window: MainWindow, fmt: str) -> str:
    """The report of the window's current analysis in ``fmt``; ValueError if none."""
    a = window.controller.analysis
    if a is None:
        raise ValueError("nothing to export")
    base, reference = resolution_asked(*window._resolution_inputs())
    return report.render(
        a, fmt, base, reference=reference, document=document_context(window, a),
        live_link=live_link(window), analysed_at=analysed_at(window),
    )


def analysed_at(window: MainWindow) -> str:
    """When the current analysis was made, as reports write it (not when they are made)."""
    return report.now_utc(window.controller.analysed_time)


def export_report(window: MainWindow, path: Path, fmt: str) -> None:
    """Write the current analysis as a ``fmt`` report to ``path``."""
    path.write_text(render(window, fmt), "utf-8")


def summary_text(window: MainWindow) -> str | None:
    """The plain-text summary of the current analysis, or None when there is none."""
    a = window.controller.analysis
    if a is None or not a.text:
        return None
    return summary(a, analysed_at(window), live_link=live_link(window))


def copy_summary(window: MainWindow) -> bool:
    """Put the summary on the clipboard (and say so); False when there is nothing."""
    text = summary_text(window)
    if text is None:
        window.statusBar().showMessage("Nothing to summarise: inspect a link first.", 3000)
        return False
    QGuiApplication.clipboard().setText(text)
    window.statusBar().showMessage("Copied a summary of the analysis for a ticket.", 3000)
    return True
