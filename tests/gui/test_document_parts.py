"""Attachments in the window (issue 24 items 7 and 8): the mail's own context above its
links, and the tree of parts (mail › zip › pdf › page › QR) beside them."""

from __future__ import annotations

import io
from email.message import EmailMessage
from pathlib import Path

import pytest
import pyzipper
from pytestqt.qtbot import QtBot

from tests.sources.pdfs import page_pdf
from uriinspector.gui import MainWindow
from uriinspector.gui.panes.document_view import COL_LINK, COL_WHERE, DocumentView

pytestmark = pytest.mark.window(size=(1280, 800), shown=True)
QR_URL = "https://login.microsoftonline.com.evil.example/common"


def _zip(name: str, body: bytes, password: str) -> bytes:
    out = io.BytesIO()
    with pyzipper.AESZipFile(out, "w", compression=pyzipper.ZIP_DEFLATED,
                             encryption=pyzipper.WZ_AES) as z:
        z.setpassword(password.encode())
        z.writestr(name, body)
    return out.getvalue()


def _lure() -> bytes:
    msg = EmailMessage()
    msg["From"] = '"Microsoft 365 <no-reply@microsoft.com>" <billing@m365-notice.example>'
    msg["Reply-To"] = "support@helpdesk.evil.example"
    msg["To"] = "jane@corp.example"
    msg["Subject"] = "Your invoice"
    msg["Authentication-Results"] = "mx.corp.example; spf=softfail; dkim=none; dmarc=fail"
    msg.set_content("Your invoice is attached (docs.zip).\nPassword: 4821\n")
    msg.add_attachment(_zip("invoice.pdf", page_pdf(text="Scan to pay", qr=QR_URL), "4821"),
                       maintype="application", subtype="zip", filename="docs.zip")
    return bytes(msg)


def _open(window: MainWindow, qtbot: QtBot, path: Path) -> DocumentView:
    window.documents.open_path(str(path))
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=60_000)
    view: DocumentView = window.pane("extract").documentView  # type: ignore[attr-defined]
    qtbot.waitUntil(lambda: view.document is not None, timeout=60_000)
    return view


def test_a_mail_shows_its_sender_and_the_servers_checks(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "invoice.eml"
    path.write_bytes(_lure())
    view = _open(window, qtbot, path)
    strip = view.mailStrip.text()
    assert view.mailStrip.isVisible()
    assert "From: Microsoft 365 <no-reply@microsoft.com> — billing@m365-notice.example" in strip
    assert "Reply-To: support@helpdesk.evil.example" in strip
    assert "The receiving server wrote: spf=softfail dkim=none dmarc=fail" in strip
    assert ("⚠ The sender's name shows microsoft.com, but the mail is from "
            "m365-notice.example.") in strip


def test_the_parts_tree_names_every_level_and_selects_a_link(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "invoice.eml"
    path.write_bytes(_lure())
    view = _open(window, qtbot, path)
    rows = [view.row_text(r) for r in range(view.model.rowCount())]
    qr_row = next(i for i, r in enumerate(rows) if r[COL_LINK] == QR_URL)
    assert rows[qr_row][COL_WHERE] == (
        "2 application/zip › docs.zip › invoice.pdf › page 1 › QR")
    assert view.parts.isVisible()
    labels = []
    item = view.parts.topLevelItem(0)
    while item is not None:
        labels.append(item.text(0))
        item = item.child(0) if item.childCount() else None
    assert labels[:5] == ["2 application/zip", "docs.zip", "invoice.pdf", "page 1", "QR"]
    top = view.parts.topLevelItem(0)
    assert top is not None and top.text(1) == "1"
    view.select_row(0)
    view._on_part_clicked(top, 0)
    assert view.view.currentIndex().row() == qr_row


def test_a_flat_document_has_no_tree_and_no_strip(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "page.html"
    path.write_text('<a href="https://a.example/">a</a>', encoding="utf-8")
    view = _open(window, qtbot, path)
    assert not view.parts.isVisible() and not view.mailStrip.isVisible()


def test_hostile_sender_text_stays_text(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    msg = EmailMessage()
    msg["From"] = '"<b>Bank</b>\u202e" <a@b.example>'
    msg.set_content("see https://a.example/")
    path = tmp_path / "x.eml"
    path.write_bytes(bytes(msg))
    view = _open(window, qtbot, path)
    text = view.mailStrip.text()
    assert "<b>Bank</b>" in text and "⟨U+202E⟩" in text and "\u202e" not in text
    from PySide6.QtCore import Qt

    assert view.mailStrip.textFormat() == Qt.TextFormat.PlainText


def test_a_document_takes_the_analyst_layout_and_gives_it_back(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    def tabbed() -> set[str]:
        return {d.objectName() for d in window.tabifiedDockWidgets(window.dock("findings"))}

    before = tabbed()
    assert "extractDock" in before  # the default layout: Findings and Extract tabbed
    path = tmp_path / "invoice.eml"
    path.write_bytes(_lure())
    view = _open(window, qtbot, path)
    findings, extract = window.dock("findings"), window.dock("extract")
    assert not findings.visibleRegion().isEmpty() and not extract.visibleRegion().isEmpty()
    assert extract.width() > findings.width()  # the document gets the wider share
    assert "extractDock" not in tabbed()
    view.closeButton.click()
    assert tabbed() == before


def test_a_layout_the_user_chose_meanwhile_stays(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "invoice.eml"
    path.write_bytes(_lure())
    view = _open(window, qtbot, path)
    window.menus.layoutActions["teaching"].trigger()
    view.closeButton.click()
    for name in ("ladder", "editions", "explain"):  # Teaching's panes are still side by side
        assert not window.dock(name).visibleRegion().isEmpty()
