"""Copy Summary and the window's reports (issue 15 item 7): the clipboard holds the
plain-text summary, in the banner's verdict words; reports hold only what applies."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from PySide6.QtCore import QPoint, Qt
from PySide6.QtGui import QAction, QGuiApplication, QKeySequence

from uriinspector.core.verdict import VERDICT_WORDS
from uriinspector.gui.settings import DEFAULT_BASE, DEFAULT_REFERENCE
from uriinspector.report.summary import summary

if TYPE_CHECKING:
    from pytestqt.qtbot import QtBot

    from uriinspector.gui import MainWindow

WRAPPED = "https://www.example.org/out?next=https://evil.example/steal"


def _show(qtbot: QtBot, w: MainWindow, uri: str) -> None:
    w.set_uri(uri)
    qtbot.waitUntil(lambda: w.analysis is not None and w.analysis.text == uri)


def _without_time(text: str) -> list[str]:
    return [line for line in text.splitlines() if not line.startswith("Analysed at: ")]


def _expect(w: MainWindow) -> list[str]:
    assert w.analysis is not None
    return _without_time(summary(w.analysis, "now"))


def test_copy_summary_action_puts_the_summary_on_the_clipboard(
    qtbot: QtBot, shown_window: MainWindow
) -> None:
    w = shown_window
    _show(qtbot, w, WRAPPED)
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("")
    action = w.menus.copySummaryAction
    assert action in w.menus.editMenu.actions() and action.text() == "Copy &Summary"
    assert action.shortcut() == QKeySequence("Ctrl+Shift+C")
    action.trigger()
    text = clipboard.text()
    assert _without_time(text) == _expect(w)
    assert "hxxps://evil[.]example/steal" in text and "https://" not in text
    assert any(line.startswith("Analysed at: 20") for line in text.splitlines())
    # the verdict in the banner's words (core.verdict)
    level = w.analysis.verdict.level if w.analysis else ""
    words = VERDICT_WORDS[level]
    assert text.splitlines()[0] == f"Verdict: {words}"
    assert words in w.banner.plain_text()
    assert w.statusBar().currentMessage().startswith("Copied a summary")
    # the shortcut works from the URI field
    clipboard.setText("")
    w.activateWindow()
    w.uriField.setFocus()
    qtbot.keyClick(w.uriField, Qt.Key.Key_C,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: _without_time(clipboard.text()) == _expect(w), timeout=3000)


def test_copy_summary_from_the_findings_and_banner_context_menus(
    qtbot: QtBot, shown_window: MainWindow
) -> None:
    w = shown_window
    _show(qtbot, w, WRAPPED)
    clipboard = QGuiApplication.clipboard()
    pane = w.panes["findings"]
    clipboard.setText("")
    menu = pane.context_menu(QPoint(2, 2))
    [copy] = [a for a in menu.actions() if a.objectName() == "copySummaryMenuAction"]
    assert isinstance(copy, QAction) and copy.text() == "Copy Summary"
    copy.trigger()
    assert _without_time(clipboard.text()) == _expect(w)
    menu.deleteLater()

    clipboard.setText("")
    menu = w.banner.context_menu()
    assert [a.text() for a in menu.actions()] == ["Copy", "Copy Summary", "Copy host"]
    menu.actions()[1].trigger()
    assert _without_time(clipboard.text()) == _expect(w)
    menu.actions()[0].trigger()
    assert clipboard.text() == w.banner.plain_text()
    menu.deleteLater()


def test_copy_summary_with_nothing_inspected_leaves_the_clipboard(
    shown_window: MainWindow,
) -> None:
    clipboard = QGuiApplication.clipboard()
    clipboard.setText("kept")
    shown_window.menus.copySummaryAction.trigger()
    assert clipboard.text() == "kept"


def test_window_reports_follow_the_resolution_pane_and_the_live_option(
    qtbot: QtBot, shown_window: MainWindow, tmp_path: Path
) -> None:
    w = shown_window
    _show(qtbot, w, "http://example.com/a/b")
    path = tmp_path / "r.md"
    w.exports.export_report(path, "md")
    md = path.read_text("utf-8")
    assert "## Resolution" not in md and "a/b/c/d;p?q" not in md  # nothing resolved
    assert "`hxxp://example[.]com/a/b`" in md
    pane = w.panes["resolution"]
    c = w.controller
    assert (c.base, c.reference) == (DEFAULT_BASE, DEFAULT_REFERENCE)  # the pane's start
    pane.set_reference("../g")
    qtbot.waitUntil(lambda: w.controller.reference == "../g")
    w.exports.export_report(path, "md")
    md = path.read_text("utf-8")
    assert "The reference `../g` against the base `hxxp://a/b/c/d;p?q`" in md
    assert "| rfc3986 | `hxxp://a/b/g` |" in md  # RFC 3986 §5.4.1
    assert not w.menus.liveLinkAction.isChecked()  # defanged unless asked
    w.menus.liveLinkAction.trigger()
    w.exports.export_report(path, "html")
    assert '<a href="http://example.com/a/b"' in path.read_text("utf-8")


LEVELS = {
    "danger": "http://www.example.com&story=breaking_news@10.0.0.1/top_story.htm",
    "caution": "http://192.168.0.1/",
    "nothing-notable": "https://example.com/",
}


def test_banner_findings_pane_summary_and_report_share_the_verdict_words(
    qtbot: QtBot,
) -> None:
    """One wording (core.verdict): what the banner says is what a ticket says."""
    from uriinspector.core.analysis import analyze
    from uriinspector.gui.banner.banner import banner_html
    from uriinspector.gui.panes.findings import FindingsPane
    from uriinspector.report import render

    pane = FindingsPane()
    qtbot.addWidget(pane)
    for level, uri in LEVELS.items():
        a = analyze(uri)
        assert a.verdict.level == level
        words = VERDICT_WORDS[level]
        text, shown_level = banner_html(a)
        assert shown_level == level and words in text
        pane.show_analysis(a)
        assert f">{words}</b>" in pane.summary.text()
        assert summary(a, "t").splitlines()[0].startswith(f"Verdict: {words}")
        assert f"**Verdict: {words}**" in render(a, "md")


def test_report_of_a_link_from_an_open_mail_has_a_document_section(
    qtbot: QtBot, shown_window: MainWindow, tmp_path: Path
) -> None:
    """The Document section appears only when the inspected link came from it."""
    from email.message import EmailMessage

    msg = EmailMessage()
    msg["Subject"] = "Your account is limited"
    msg.set_content("see below")
    msg.add_alternative(
        '<p>Log in at <a href="https://evil.example/">https://paypal.com/</a></p>',
        subtype="html",
    )
    mail = tmp_path / "limited.eml"
    mail.write_bytes(bytes(msg))
    w = shown_window
    w.documents.open_path(str(mail))
    qtbot.waitUntil(lambda: w.documents.reader.document is not None, timeout=30_000)
    qtbot.waitUntil(lambda: not w.documents.reader.busy, timeout=30_000)
    _show(qtbot, w, "https://evil.example/")
    path = tmp_path / "r.md"
    w.exports.export_report(path, "md")
    md = path.read_text("utf-8")
    assert "## Document" in md and "| Read from | `limited.eml` (eml) |" in md
    assert "| Shown as | `hxxps://paypal[.]com/` |" in md
    assert "another domain" in md
    _show(qtbot, w, "https://elsewhere.example/")  # not one of the mail's links
    w.exports.export_report(path, "md")
    assert "## Document" not in path.read_text("utf-8")


def test_summary_and_reports_say_when_the_link_was_analysed(
    qtbot: QtBot, shown_window: MainWindow, monkeypatch: pytest.MonkeyPatch
) -> None:
    # "Analysed at" is the time the analysis was made, not the time the summary or the
    # report is made (a ticket written an hour later still says when it was looked at)
    import time

    from uriinspector.gui import controller

    w = shown_window
    monkeypatch.setattr(controller.time, "time", lambda: 1_700_000_000.0)
    _show(qtbot, w, WRAPPED)
    monkeypatch.undo()
    assert time.time() > 1_700_000_000.0 + 3600
    text = w.exports.summary_text()
    assert text is not None and "Analysed at: 2023-11-14T22:13:20Z" in text.splitlines()
    assert "Analysed at 2023-11-14T22:13:20Z" in w.exports.render("md")
    # a new link has its own time
    _show(qtbot, w, "http://example.com/other")
    again = w.exports.summary_text()
    assert again is not None and "Analysed at: 2023-11-14T22:13:20Z" not in again
