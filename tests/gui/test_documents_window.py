"""Issue 12 in the window: mails, saved pages and QR images opened, dropped and pasted.

Every input is made in the test: mails with ``email.message.EmailMessage``, QR codes with
zxing-cpp's writer (``tests/sources/builders.py``). Each goes through the window's real
doors (File ▸ Open… with the dialog answered, a drop of a ``file:`` URL, Ctrl+V in the
field with an image on the clipboard) into ``gui/intake/intake.py``, the worker of
``gui/intake/documents.py`` and the Extract tab; the banner, the Components tree and the
Findings pane are read as a user reads them.
"""

from __future__ import annotations

import sys
from email.message import EmailMessage
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPoint, QPointF, Qt, QUrl
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QImage
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QFileDialog, QLabel
from pytestqt.qtbot import QtBot

from tests.sources.builders import PHISH_QR_URL, qr_png
from uriinspector.gui import MainWindow
from uriinspector.gui.panes.document_view import (
    BROWSER_WORDS,
    COL_LINK,
    MISMATCH_WORDS,
    DocumentView,
)

# Safe Links around Proofpoint URL Defense v2 around the real destination.
PROOFPOINT = "https://urldefense.proofpoint.com/v2/url?u=https-3A__evil.example_login&d=DwMF&c=x"
SAFELINKS = (
    "https://nam12.safelinks.protection.outlook.com/?url="
    + QUrl.toPercentEncoding(PROOFPOINT).data().decode()
    + "&data=05%7C01&reserved=0"
)


pytestmark = pytest.mark.window(shown=True)


def phishing_eml() -> bytes:
    """multipart/mixed: a plain part, an HTML part whose anchor shows paypal.com and
    points to evil.example, and a PNG part holding a QR code."""
    msg = EmailMessage()
    msg["From"] = "PayPal <service@paypal-notice.example>"
    msg["To"] = "analyst@corp.example"
    msg["Subject"] = "Your account is limited"
    msg.set_content("Restore your access: https://evil.example/restore\n")
    msg.add_alternative(
        '<p>Log in at <a href="https://evil.example/">https://paypal.com/</a> today.</p>'
        '<p><img src="http://tracker.evil.example/open.gif"></p>',
        subtype="html",
    )
    msg.add_attachment(qr_png(PHISH_QR_URL), maintype="image", subtype="png",
                       filename="scan.png")
    return bytes(msg)


def _view(window: MainWindow) -> DocumentView:
    view: DocumentView = window.pane("extract").documentView  # type: ignore[attr-defined]
    return view


def _wait_read(qtbot: QtBot, window: MainWindow, timeout: int = 30_000) -> DocumentView:
    qtbot.waitUntil(lambda: not window.documents.reader.busy, timeout=timeout)
    return _view(window)


def _rows(view: DocumentView) -> list[tuple[str, ...]]:
    return [view.row_text(r) for r in range(view.model.rowCount())]


def _check_phishing_rows(view: DocumentView) -> None:
    rows = _rows(view)
    links = [r[COL_LINK] for r in rows]
    assert "https://evil.example/restore" in links
    assert PHISH_QR_URL in links
    lying = [r for r in rows if r[2] == "https://paypal.com/"]
    assert len(lying) == 1
    verdict, link, _shown, part, note = lying[0]
    assert link == "https://evil.example/"
    assert "text/html" in part
    # marked in words (not colour alone) and in the danger colour
    assert verdict == "Danger" and MISMATCH_WORDS in note and "paypal.com" in note
    row = [r[COL_LINK] for r in rows].index("https://evil.example/")
    from uriinspector.gui.panes import palette

    colour = view.model.data(view.model.index(row, COL_LINK), Qt.ItemDataRole.ForegroundRole)
    assert colour == palette.severity_color("danger", view.palette())
    others = [r for r in rows if r is not lying[0]]
    assert all("mismatch" not in r[0] for r in others)
    qr = next(r for r in rows if r[COL_LINK] == PHISH_QR_URL)
    assert qr[3].endswith("(QR)")


def test_file_open_lists_the_mail_links(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "limited.eml"
    path.write_bytes(phishing_eml())
    asked: list[str] = []

    def answer(parent: object, caption: str, folder: str, filters: str) -> tuple[str, str]:
        asked.append(filters)
        return str(path), ""

    monkeypatch.setattr(QFileDialog, "getOpenFileName", staticmethod(answer))
    assert window.menus.openAction.shortcut().toString() == "Ctrl+O"
    window.menus.openAction.trigger()
    view = _wait_read(qtbot, window)
    assert "*.eml" in asked[0] and "*.msg" in asked[0] and "*.webp" in asked[0]
    assert window.pane("extract").document_shown()  # type: ignore[attr-defined]
    _check_phishing_rows(view)
    assert "1 shown as another site" in view.status.text()
    # every verdict arrived; the mismatch row is danger whatever the link alone says
    assert None not in view.model.levels
    # the verdict in the core's one word for its level (core/verdict.py), the mismatch
    # row danger, its sentence and reason in the tooltip
    from uriinspector.core.verdict import verdict_word

    assert [r[0] for r in _rows(view)] == [
        verdict_word(level or "") for level in view.model.levels]
    mismatch = next(r for r in range(view.model.rowCount()) if view.link_at(r).mismatch)
    assert view.row_text(mismatch)[0] == "Danger"
    tip = str(view.model.data(view.model.index(mismatch, 0), Qt.ItemDataRole.ToolTipRole))
    assert "Danger: The visible text shows" in tip
    # selecting a row inspects its link in the field
    row = [r[COL_LINK] for r in _rows(view)].index(PHISH_QR_URL)
    view.select_row(row)
    assert window.uri() == PHISH_QR_URL


def test_a_dropped_mail_file_is_read(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "dropped mail.eml"
    path.write_bytes(phishing_eml())
    data = QMimeData()
    data.setUrls([QUrl.fromLocalFile(str(path))])
    window.set_uri("http://kept.example/")
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    pos = QPointF(500, 400)
    enter = QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, data, buttons, mods)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    window.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, data, buttons, mods))
    view = _wait_read(qtbot, window)
    _check_phishing_rows(view)
    assert window.uri() == "http://kept.example/"  # a mail's links are listed, not inspected


def test_clipboard_image_paste_inspects_the_first_url(window: MainWindow, qtbot: QtBot) -> None:
    image = QImage.fromData(qr_png(PHISH_QR_URL))
    assert not image.isNull()
    QGuiApplication.clipboard().setImage(image)
    window.uriField.setFocus()
    qtbot.keyClick(window.uriField, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    view = _wait_read(qtbot, window)
    assert window.uri() == PHISH_QR_URL
    assert [r[COL_LINK] for r in _rows(view)] == [PHISH_QR_URL]


def test_an_image_without_a_code_says_so(window: MainWindow, qtbot: QtBot) -> None:
    blank = QImage(64, 64, QImage.Format.Format_RGB32)
    blank.fill(Qt.GlobalColor.white)
    QGuiApplication.clipboard().setImage(blank)
    window.set_uri("http://kept.example/")
    window.menus.pasteAction.trigger()
    _wait_read(qtbot, window)
    assert window.uri() == "http://kept.example/"
    assert "no QR code" in window.statusBar().currentMessage()


def test_a_file_that_is_not_an_image_gives_a_clear_message(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "photo.png"
    path.write_bytes(b"\x89PNG\r\n\x1a\nthis is not an image at all")
    monkeypatch.setattr(QFileDialog, "getOpenFileName",
                        staticmethod(lambda *a: (str(path), "")))
    window.menus.openAction.trigger()
    view = _wait_read(qtbot, window)
    message = window.statusBar().currentMessage()
    assert "photo.png" in message and "could not be decoded" in message
    assert view.model.rowCount() == 0
    assert not view.problems.isHidden()
    # the window keeps working
    window.set_uri("https://example.com/")
    assert window.analysis is not None and window.analysis.text == "https://example.com/"


PAGE = """<!doctype html><html><head><base href="https://docs.example.com/guide/intro/">
<title>Guide</title></head><body>
<a href="../api/index.html">API</a>
<a href="https:setup">Setup</a>
<img src="img/logo.png">
<a href="?page=2#top">next</a>
</body></html>
"""


def test_a_saved_page_resolves_against_base_href_and_marks_differences(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "guide.html"
    path.write_text(PAGE, "utf-8")
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    rows = {r[COL_LINK]: r for r in _rows(view)}
    assert "https://docs.example.com/guide/api/index.html" in rows
    assert "https://docs.example.com/guide/intro/img/logo.png" in rows
    assert "https://docs.example.com/guide/intro/?page=2#top" in rows
    # RFC 3986 §5.2.2: "https:setup" has a scheme, so it is its own target; a browser
    # (WHATWG, special scheme equal to the base's) reads it as relative.
    differ = rows["https:setup"]
    assert BROWSER_WORDS in differ[4]
    assert "https://docs.example.com/guide/intro/setup" in differ[4]
    assert sum(BROWSER_WORDS in r[4] for r in rows.values()) == 1
    row = [r[COL_LINK] for r in _rows(view)].index("https:setup")
    from uriinspector.gui.panes import palette

    colour = view.model.data(view.model.index(row, COL_LINK), Qt.ItemDataRole.ForegroundRole)
    assert colour == palette.severity_color("warning", view.palette())
    # select, then one click on "Open in Resolution": base and reference filled, trace shown
    view.select_row(row)
    assert view.resolveButton.isEnabled()
    qtbot.mouseClick(view.resolveButton, Qt.MouseButton.LeftButton)
    res = window.pane("resolution")
    assert res.baseField.text() == "https://docs.example.com/guide/intro/"  # type: ignore[attr-defined]
    assert res.referenceField.text() == "https:setup"  # type: ignore[attr-defined]
    resolutions = {r.rules: r for r in window.controller.resolutions}
    assert resolutions["rfc3986"].target == "https:setup" and resolutions["rfc3986"].steps
    assert not window.docks["resolution"].visibleRegion().isEmpty()


def test_the_page_url_field_resolves_a_page_without_base_href(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "plain.html"
    path.write_text('<p><a href="b/../c/d.html">d</a> <a href="//cdn.example/x.js">x</a></p>',
                    "utf-8")
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    assert {r[COL_LINK] for r in _rows(view)} == {"b/../c/d.html", "//cdn.example/x.js"}
    view.baseField.setText("https://site.example/a/page.html")
    view.baseField.editingFinished.emit()
    view = _wait_read(qtbot, window)
    qtbot.waitUntil(lambda: view.model.rowCount() == 2)
    assert {r[COL_LINK] for r in _rows(view)} == {
        "https://site.example/a/c/d.html", "https://cdn.example/x.js"}
    view.view.doubleClicked.emit(view.model.index(0, COL_LINK))
    assert window.pane("resolution").referenceField.text() == "b/../c/d.html"  # type: ignore[attr-defined]


def test_banner_tells_the_wrapped_chain_and_a_hop_is_one_click(
    window: MainWindow, qtbot: QtBot
) -> None:
    window.set_uri(SAFELINKS)
    said = window.banner.plain_text()
    for host in ("nam12.safelinks.protection.outlook.com", "urldefense.proofpoint.com",
                 "evil.example"):
        assert host in said
    assert said.index("safelinks") < said.index("urldefense") < said.index("evil.example")
    assert "which forwards to" in said
    # the label wraps and is given the height its lines need: never clipped
    label = window.banner.label
    assert label.wordWrap() and label.height() >= label.heightForWidth(label.width())
    tall = label.minimumHeight()
    window.set_uri("https://example.com/")
    assert label.minimumHeight() < tall  # and gives the lines back for a short one
    window.set_uri(SAFELINKS)
    assert label.minimumHeight() == tall
    # every hop is an anchor the banner handles itself (never a browser)
    assert not label.openExternalLinks()
    assert "href='hop:1'" in label.text() and "href='hop:2'" in label.text()
    label.linkActivated.emit("hop:2")
    assert window.uri() == "https://evil.example/login"
    window.set_uri(SAFELINKS)
    # a real click on the first host the link forwards to (found by the hand cursor)
    point = _first_anchor(label)
    assert point is not None
    qtbot.mouseClick(label, Qt.MouseButton.LeftButton, pos=point)
    assert window.uri() == PROOFPOINT


def _first_anchor(label: QLabel) -> QPoint | None:
    """Where the mouse first turns into a hand over ``label`` (its first anchor)."""
    for y in range(0, label.height(), 3):
        for x in range(0, label.width(), 4):
            QTest.mouseMove(label, QPoint(x, y))
            if label.cursor().shape() == Qt.CursorShape.PointingHandCursor:
                return QPoint(x + 2, y + 2)
    return None


def test_banner_names_the_imitated_brand_and_a_shortener(window: MainWindow) -> None:
    window.set_uri("https://paypa1.com/signin")
    assert "imitates paypal.com" in window.banner.plain_text()
    window.set_uri("https://bit.ly/3xYzAbC")
    assert "cannot be known offline" in window.banner.plain_text()


def test_banner_chain_text_is_escaped(window: MainWindow) -> None:
    window.set_uri("https://www.google.com/url?q=https://evil.example/%3Cimg%20src=x%3E")
    text = window.banner.text()
    assert "<img" not in text and "&lt;img" in text  # the reason line quotes it, escaped
    assert window.banner.hops == ("https://evil.example/<img src=x>",)
    assert "href='hop:1'" in text  # the anchor's address is ours, never the input


def test_components_tree_lists_the_chain(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("https://www.google.com/url?q=https://evil.example/x")
    window.docks["components"].raise_()
    window.flush_panes()
    pane = window.pane("components")
    nodes = pane.tree.all_nodes()  # type: ignore[attr-defined]
    section = next(n for n in nodes if n.row.key == "destinations")
    hop = section.children[0]
    assert hop.row.raw == "https://evil.example/x" and "google-redirect" in hop.row.decoded
    start, end = hop.row.span
    assert window.uri()[start:end] == "https://evil.example/x"
    pane.view.setCurrentItem(hop.item)  # type: ignore[attr-defined]
    assert window.uriField._selection == (start, end)  # the field marks the hop's span
    pane.view.itemDoubleClicked.emit(hop.item, 0)  # type: ignore[attr-defined]
    assert window.uri() == "https://evil.example/x"


def test_findings_pane_shows_what_is_imitated(window: MainWindow) -> None:
    window.set_uri("https://paypal.com.evil-login.xyz/signin")
    window.docks["findings"].raise_()
    window.flush_panes()
    view = window.pane("findings").view  # type: ignore[attr-defined]
    texts = [view.item(i).text() for i in range(view.count())]
    assert any("imitates paypal.com" in t for t in texts)


def test_a_twenty_megabyte_mail_never_blocks_the_window(
    window: MainWindow, qtbot: QtBot, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 20 MB mail is read and judged in a child process, never on a thread of the
    window's own (whose C calls in ``email`` held the GIL, and so the GUI thread, for
    100-300 ms each). The longest event-loop gap while it loads is a figure measured by
    ``bench/bench_stalls.py mail`` (docs/performance.md), never asserted."""
    from uriinspector.gui.intake import reader

    line = "Lorem ipsum dolor sit amet https://bulk.example/{} consectetur adipiscing.\n"
    msg = EmailMessage()
    msg["Subject"] = "bulk"
    msg.set_content("".join(line.format(i) for i in range(20 * 1024 * 1024 // 75)))
    path = tmp_path / "bulk.eml"
    path.write_bytes(bytes(msg))
    assert path.stat().st_size > 20_000_000
    ways: list[str] = []
    child = reader.read_in_child
    monkeypatch.setattr(reader, "read_in_child",
                        lambda *a, **k: (ways.append("child"), child(*a, **k))[1])
    window.documents.open_path(str(path))
    view = _view(window)
    assert not view.busy.isHidden()  # the busy indicator shows at once
    qtbot.waitUntil(lambda: view.document is not None, timeout=120_000)
    assert ways == ["child"]
    assert view.model.rowCount() > 1000
    assert view.model.links[0].part == "1 text/plain"
    # read in the child process (its audit hook reports any network use as a problem)
    assert view.document is not None
    assert "network-refused" not in {p.code for p in view.document.problems}
    window.documents.shutdown()


# PEP 578: a second hook that only records, while this module's test runs (the
# suite-wide hook in tests/conftest.py refuses; this one proves the paths were taken).
_WATCH: list[str] = []
_watching = [False]


def _record(event: str, args: tuple[object, ...]) -> None:
    if _watching[0] and event.startswith(("socket.", "urllib.")):
        _WATCH.append(event)


sys.addaudithook(_record)


def test_mail_with_remote_image_and_qr_touches_no_network(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    path = tmp_path / "remote.eml"
    path.write_bytes(phishing_eml())
    _watching[0] = True
    try:
        window.documents.open_path(str(path))
        view = _wait_read(qtbot, window)
        listed = [r[COL_LINK] for r in _rows(view)]
        image = QImage.fromData(qr_png("https://qr.evil.example/"))
        QGuiApplication.clipboard().setImage(image)
        window.paste_and_inspect()
        _wait_read(qtbot, window)
        qtbot.waitUntil(lambda: window.uri() == "https://qr.evil.example/")
    finally:
        _watching[0] = False
    assert _WATCH == []
    # the remote image and the QR code were read (as rows), never fetched
    assert "http://tracker.evil.example/open.gif" in listed and PHISH_QR_URL in listed


def test_a_truncated_mail_lists_its_links_and_says_what_is_wrong(
    window: MainWindow, qtbot: QtBot, tmp_path: Path
) -> None:
    whole = phishing_eml()
    path = tmp_path / "cut.eml"
    path.write_bytes(whole[: whole.index(b"Content-Type: image/png")])
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    assert "https://evil.example/restore" in [r[COL_LINK] for r in _rows(view)]
    assert not view.problems.isHidden()
    assert "truncated" in view.problems.text()


def test_a_text_file_is_read_for_links(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_text("See <https://a.example/x> and www.w3.org/Addressing/ too.\n", "utf-8")
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    links = [r[COL_LINK] for r in _rows(view)]
    assert links[0] == "https://a.example/x" and len(links) == 2


def test_the_reader_process_has_no_qt_and_refuses_the_network() -> None:
    import subprocess

    code = (
        "import sys\n"
        "from uriinspector.sources import reader_process as d\n"
        "assert not any(m.startswith('PySide6') for m in sys.modules), 'Qt imported'\n"
        "d._refuse_network(sys.stdout.buffer)\n"
        "import socket\n"
        "try:\n"
        "    socket.getaddrinfo('example.com', 80)\n"
        "except PermissionError:\n"
        "    print('refused')\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, timeout=60)
    assert out.returncode == 0, out.stderr.decode()
    lines = out.stdout.decode().splitlines()
    assert lines[-1] == "refused" and "violation" in lines[0]


def test_an_outlook_msg_is_opened(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    from tests.sources.msgfile import write_msg

    path = tmp_path / "invoice.msg"
    path.write_bytes(write_msg(
        "Invoice", "Pay here https://evil.example/pay",
        b'<a href="https://evil.example/pay">https://www.paypal.com/</a>',
    ))
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    rows = _rows(view)
    assert "Outlook message" in view.status.text()
    lying = [r for r in rows if r[2] == "https://www.paypal.com/"]
    assert len(lying) == 1 and lying[0][0] == "Danger"


def test_a_code_without_a_link_says_what_it_holds(window: MainWindow, qtbot: QtBot) -> None:
    QGuiApplication.clipboard().setImage(QImage.fromData(qr_png("just some words")))
    window.set_uri("http://kept.example/")
    window.menus.pasteAction.trigger()
    _wait_read(qtbot, window)
    assert window.uri() == "http://kept.example/"
    assert "not a link" in window.statusBar().currentMessage()


def test_hostile_anchor_text_stays_text(window: MainWindow, qtbot: QtBot, tmp_path: Path) -> None:
    # The anchor's visible text is markup once the page's entities are decoded.
    path = tmp_path / "hostile.html"
    path.write_text('<a href="https://evil.example/">&lt;img src="PROBE.png"&gt;&lt;b&gt;'
                    "https://paypal.com/&lt;/b&gt;</a>", "utf-8")
    window.documents.open_path(str(path))
    view = _wait_read(qtbot, window)
    shown = view.row_text(0)[2]
    assert shown.startswith('<img src="PROBE.png">')  # shown literally in the cell
    tip = view.model.data(view.model.index(0, 2), Qt.ItemDataRole.ToolTipRole)
    assert isinstance(tip, str) and "<img" not in tip and "&lt;img" in tip
    assert "PROBE" not in view.status.text() or view.status.textFormat() == Qt.TextFormat.PlainText
    assert view.problems.textFormat() == Qt.TextFormat.PlainText
