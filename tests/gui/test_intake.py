"""Intake (gui/intake/intake.py): every paste and drop inspects exactly what was offered.

Issue 13 item 3: a drop carrying only ``text/uri-list`` went through ``QUrl``, which
rewrites the link under inspection. Intake prefers ``text/plain`` as offered and
decodes ``text/uri-list`` itself (RFC 2483 §5: CRLF lines, ``#`` comments).

``OfferedMime`` stands for another program's data: like Qt's platform mime data, it
serves the bytes that program offered through ``retrieveData``. (A ``QMimeData`` made
here with ``setData("text/uri-list", ...)`` is already rewritten by Qt through
``QUrl`` when it is built, so it cannot stand for another program.)
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from PySide6.QtCore import QByteArray, QMimeData, QPointF, Qt
from PySide6.QtGui import QDragEnterEvent, QDropEvent, QGuiApplication, QImage
from pytestqt.qtbot import QtBot

from uriinspector.gui import MainWindow
from uriinspector.gui.intake import intake


class OfferedMime(QMimeData):
    """Mime data whose formats and bytes are exactly what another program offered."""

    def __init__(self, offered: dict[str, bytes]) -> None:
        super().__init__()
        self._offered = dict(offered)

    def formats(self) -> list[str]:
        """The offered formats, in the offered order."""
        return list(self._offered)

    def hasFormat(self, mimetype: str) -> bool:
        """Whether ``mimetype`` was offered."""
        return mimetype in self._offered

    def retrieveData(self, mimetype: str, preferred: object) -> object:
        """The offered bytes, untouched (as the platform's drop data serves them)."""
        if mimetype not in self._offered:
            return None
        return QByteArray(self._offered[mimetype])


# The five rewrites of issue 13 item 3; each is inspected exactly as offered
# (the defanged one is refanged, and "Inspect as Pasted" gives it back exactly).
DROPPED = {
    "octal-ipv4": "http://0177.0.0.01/",
    "escaped-scheme-data": "javascript:%61lert(1)",
    "escaped-dots": "http://a/%2e%2e/b",
    "idn": "http://bücher.example/",
    "defanged": "hxxps://evil[.]example/",
}


def _uri_list(uri: str) -> OfferedMime:
    """A drop as a file manager or a browser offers a link: text/uri-list only."""
    return OfferedMime({"text/uri-list": b"# dragged link\r\n" + uri.encode() + b"\r\n"})


def _expected(offered: str) -> str:
    return intake.refang_pasted(offered)[0]


@pytest.fixture(autouse=True)
def _clipboard_freed_while_python_lives(qapp: object) -> Iterator[None]:
    """Mime data made in Python and left on the clipboard would be deleted by Qt after
    the interpreter is gone (a fatal error at exit): take it back after each test."""
    yield
    QGuiApplication.clipboard().clear()


pytestmark = pytest.mark.window(shown=True)


# ---- the decoding itself ----------------------------------------------------------


def test_uri_list_lines_comments_crlf() -> None:
    """RFC 2483 §5: CRLF-separated lines, '#' comments skipped, nothing rewritten."""
    raw = b"# from a browser\r\nhttp://0177.0.0.01/\r\n\r\nhttp://b.example/%2e%2e\nhttp://c\r"
    assert intake.decode_uri_list(raw) == (
        "http://0177.0.0.01/", "http://b.example/%2e%2e", "http://c",
    )
    assert intake.decode_uri_list(b"http://a/\xff\r\n") == ("http://a/\udcff",)


@pytest.mark.parametrize("offered", DROPPED.values(), ids=DROPPED.keys())
def test_uri_list_only_is_taken_exactly(offered: str) -> None:
    got = intake.from_mime(_uri_list(offered))
    assert got.kind == "text" and got.name == "text/uri-list"
    assert got.offered == offered
    assert got.text == _expected(offered)


def test_text_plain_is_preferred_exactly_as_offered() -> None:
    data = OfferedMime({
        "text/uri-list": b"http://127.0.0.1/\r\n",
        "text/plain": b"http://0177.0.0.01/",
    })
    got = intake.from_mime(data)
    assert (got.kind, got.text, got.name) == ("text", "http://0177.0.0.01/", "text/plain")


def test_plain_bytes_that_are_not_utf8_survive_as_lone_surrogates() -> None:
    got = intake.from_mime(OfferedMime({"text/plain": b"http://bank.example/\xff"}))
    assert got.text == "http://bank.example/\udcff"  # as sys.argv holds it (PEP 383)


def test_a_named_charset_is_honoured() -> None:
    data = OfferedMime({"text/plain;charset=utf-16": "http://bücher.example/".encode("utf-16")})
    assert intake.from_mime(data).text == "http://bücher.example/"


def test_several_links_take_the_first_and_count_the_rest() -> None:
    got = intake.from_mime(OfferedMime({"text/uri-list": b"http://a/\r\nhttp://b/\r\nhttp://c/\r\n"}))
    assert (got.text, got.more) == ("http://a/", 2)


def test_a_dropped_file_and_an_image_are_recognised() -> None:
    got = intake.from_mime(OfferedMime({"text/uri-list": b"file:///tmp/mail%20one.eml\r\n"}))
    assert (got.kind, got.name, got.text) == ("file", "/tmp/mail one.eml", "file:///tmp/mail%20one.eml")
    png = b"\x89PNG\r\n\x1a\n...."
    got = intake.from_mime(OfferedMime({"image/png": png}))
    assert (got.kind, got.data, got.name) == ("image", png, "image/png")
    data = QMimeData()
    image = QImage(4, 4, QImage.Format.Format_RGB32)
    image.fill(0)
    data.setImageData(image)
    got = intake.from_mime(data)
    assert got.kind == "image" and (got.data or b"").startswith(b"\x89PNG")


def test_nothing_offered() -> None:
    assert intake.from_mime(None).kind == "empty"
    assert intake.from_mime(OfferedMime({"application/x-other": b"x"})).kind == "empty"
    assert not intake.accepts(OfferedMime({"application/x-other": b"x"}))


def test_the_command_line_argument_is_taken_exactly_and_never_refanged() -> None:
    got = intake.from_argument("hxxp://bank.example/\udcff")
    assert (got.kind, got.text, got.refanged) == ("text", "hxxp://bank.example/\udcff", False)


# ---- every way in: drops and pastes in the real window -----------------------------


def _drop_on(window: MainWindow, data: QMimeData, pos: QPointF) -> None:
    """Drag ``data`` over the window and drop it (the handlers Qt calls, in order)."""
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    enter = QDragEnterEvent(pos.toPoint(), Qt.DropAction.CopyAction, data, buttons, mods)
    window.dragEnterEvent(enter)
    assert enter.isAccepted()
    window.dropEvent(QDropEvent(pos, Qt.DropAction.CopyAction, data, buttons, mods))


def _check(window: MainWindow, offered: str) -> None:
    assert window.uri() == _expected(offered)
    assert window.analysis is not None and window.analysis.text == _expected(offered)
    if window.uri() != offered:  # refanged: one step back to exactly what was offered
        window.menus.inspectAsPastedAction.trigger()
        assert window.analysis is not None and window.analysis.text == offered


@pytest.mark.parametrize("offered", DROPPED.values(), ids=DROPPED.keys())
def test_drop_on_the_window(window: MainWindow, offered: str) -> None:
    data = _uri_list(offered)
    _drop_on(window, data, QPointF(60, 300))
    _check(window, offered)


@pytest.mark.parametrize("offered", DROPPED.values(), ids=DROPPED.keys())
def test_drop_on_the_field(window: MainWindow, offered: str) -> None:
    field = window.uriField
    # The field's own drop handling ends in insertFromMimeData, as a drag does.
    field.insertFromMimeData(_uri_list(offered))
    assert field.uri() == _expected(offered)
    assert window.analysis is not None and window.analysis.text == _expected(offered)


@pytest.mark.parametrize("offered", DROPPED.values(), ids=DROPPED.keys())
@pytest.mark.parametrize("how", ["ctrl-v", "context-menu-paste", "paste-and-inspect"])
def test_paste(window: MainWindow, qtbot: QtBot, offered: str, how: str) -> None:
    QGuiApplication.clipboard().setMimeData(_uri_list(offered))
    field = window.uriField
    if how == "ctrl-v":
        field.setFocus()
        qtbot.keyClick(field, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    elif how == "context-menu-paste":
        field.paste()  # the context menu's Paste action calls this slot
    else:
        window.menus.pasteAction.trigger()  # Ctrl+Shift+V
    assert window.analysis is not None and window.analysis.text == _expected(offered)
    assert field.uri() == _expected(offered)


def test_an_image_paste_is_read_and_a_broken_one_says_why(
    window: MainWindow, qtbot: QtBot
) -> None:
    # Issue 12: a pasted image is read for QR codes (gui/intake/documents.py); bytes that only
    # start like a PNG are not an image: the window says so and keeps the link.
    window.set_uri("http://kept.example/")
    QGuiApplication.clipboard().setMimeData(OfferedMime({"image/png": b"\x89PNG...."}))
    window.menus.pasteAction.trigger()
    qtbot.waitUntil(lambda: not window.documents.reader.busy)
    assert window.uri() == "http://kept.example/"
    assert "is not a PNG, JPEG" in window.statusBar().currentMessage()


def test_a_dropped_mail_file_is_read_not_inspected(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("http://kept.example/")
    _drop_on(window, OfferedMime({"text/uri-list": b"file:///nonexistent/a%20b.eml\r\n"}),
             QPointF(60, 300))
    qtbot.waitUntil(lambda: not window.documents.reader.busy)
    assert window.uri() == "http://kept.example/"
    assert "cannot read" in window.statusBar().currentMessage()


def test_a_dropped_file_of_another_kind_inspects_its_link_and_says_so(
    window: MainWindow,
) -> None:
    _drop_on(window, OfferedMime({"text/uri-list": b"file:///tmp/a%20b.iso\r\n"}),
             QPointF(60, 300))
    assert window.uri() == "file:///tmp/a%20b.iso"
    assert "is not a document the inspector reads" in window.statusBar().currentMessage()


def test_the_extract_box_takes_every_dropped_link_exactly(window: MainWindow) -> None:
    box = window.pane("extract").textBox
    box.insertFromMimeData(OfferedMime({"text/uri-list": b"# x\r\nhttp://0177.0.0.01/\r\njavascript:%61lert(1)\r\n"}))
    assert box.toPlainText() == "http://0177.0.0.01/\njavascript:%61lert(1)"


@pytest.mark.parametrize("offered", DROPPED.values(), ids=DROPPED.keys())
def test_one_line_inputs_take_pastes_and_drops_exactly(
    window: MainWindow, qtbot: QtBot, offered: str
) -> None:
    """The Resolution pane's reference and the ladder's second URI (IntakeLineEdit)."""
    reference = window.pane("resolution").referenceField
    window.docks["resolution"].raise_()  # on screen: a pane behind a tab takes no keys
    reference.clear()
    QGuiApplication.clipboard().setMimeData(_uri_list(offered))
    reference.setFocus()
    qtbot.keyClick(reference, Qt.Key.Key_V, Qt.KeyboardModifier.ControlModifier)
    assert reference.text() == offered  # never refanged: it is a reference being studied
    compare = window.pane("ladder").compareField
    window.docks["ladder"].raise_()
    compare.clear()
    buttons, mods = Qt.MouseButton.LeftButton, Qt.KeyboardModifier.NoModifier
    data = _uri_list(offered)
    compare.dropEvent(QDropEvent(QPointF(5, 5), Qt.DropAction.CopyAction, data, buttons, mods))
    assert compare.text() == offered


def test_a_link_list_inspects_the_first_and_says_how_many(window: MainWindow) -> None:
    data = OfferedMime({"text/uri-list": b"http://0177.0.0.01/\r\nhttp://b.example/\r\n"})
    _drop_on(window, data, QPointF(60, 300))
    assert window.uri() == "http://0177.0.0.01/"
    assert "2 links were offered" in window.statusBar().currentMessage()


# ---- the way out: copies keep the exact text (issue 13 item 2) -----------------------
SURROGATES = "http://a/\ud800b/\udfff?\udc00\ud800#x"


def test_exact_mime_round_trips_lone_surrogates_and_offers_plain_text() -> None:
    data = intake.exact_mime(SURROGATES)
    assert intake.EXACT_MIME in data.formats() and data.hasText()  # other programs: text
    got = intake.from_mime(data)
    assert got.kind == "text" and got.text == SURROGATES and got.name == intake.EXACT_MIME
    # what Qt's own text/plain would have given instead: not the same string
    plain = OfferedMime({"text/plain": bytes(data.data("text/plain").data())})
    assert intake.from_mime(plain).text != SURROGATES


def test_our_format_is_preferred_and_a_broken_one_falls_back_to_plain_text() -> None:
    both = OfferedMime({
        "text/plain": b"http://plain/",
        intake.EXACT_MIME: "http://exact/\ud800".encode("utf-8", "surrogatepass"),
    })
    assert intake.from_mime(both).text == "http://exact/\ud800"
    broken = OfferedMime({"text/plain": b"http://plain/", intake.EXACT_MIME: b"\xff\xfe"})
    assert intake.from_mime(broken).text == "http://plain/"
    assert intake.accepts(OfferedMime({intake.EXACT_MIME: b"http://x/"}))


def test_copy_from_the_field_and_paste_back_is_the_same_string(window: MainWindow) -> None:
    field = window.uriField
    window.set_uri(SURROGATES)
    field.selectAll()
    field.copy()  # Ctrl+C: createMimeDataFromSelection
    window.set_uri("http://other/")
    window.paste_and_inspect()
    assert field.uri() == SURROGATES
    assert window.analysis is not None and window.analysis.text == SURROGATES


def test_the_copy_actions_keep_lone_surrogates(window: MainWindow, qtbot: QtBot) -> None:
    window.set_uri("HTTP://a/%7e\ud800")
    qtbot.waitUntil(lambda: window.analysis is not None and "\ud800" in window.analysis.text)
    window.exports.copy_normalized()
    normalized = window.analysis.ladder.normalized
    assert "\ud800" in normalized
    assert intake.from_mime(QGuiApplication.clipboard().mimeData()).text == normalized
    window.exports.copy_defanged()
    from uriinspector.core.defang import defang

    assert intake.from_mime(
        QGuiApplication.clipboard().mimeData(), refang=False
    ).text == defang("HTTP://a/%7e\ud800")


def test_a_process_that_copied_exits_cleanly() -> None:
    """PySide6 crashed at exit (SIGSEGV) while the clipboard held mime data made in
    Python, as every field copy did; intake hands the clipboard back to Qt at exit."""
    import os
    import subprocess
    import sys

    code = (
        "from PySide6.QtWidgets import QApplication\n"
        "app = QApplication([])\n"
        "from uriinspector.gui.intake import intake\n"
        "intake.copy_exact('http://a/\\ud800')\n"
        "assert intake.from_mime(app.clipboard().mimeData()).text == 'http://a/\\ud800'\n"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    done = subprocess.run([sys.executable, "-c", code], env=env, timeout=120, check=False)
    assert done.returncode == 0
