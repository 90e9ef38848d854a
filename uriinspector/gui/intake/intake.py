"""Intake: the one door for outside content (paste, drop, command line, later files).

Every paste (Ctrl+V, Ctrl+Shift+V, the context menu), every drop and the URI given on
the command line passes :func:`from_mime` or :func:`from_argument`. Intake decides
what the offered content is and hands over the EXACT text the other program offered
(shared/style.md §6), refanged when it was a defanged link (``core.defang``):

* ``text/plain`` is preferred, decoded from its bytes (UTF-8, or the ``charset`` the
  format names); bytes that are not UTF-8 survive as lone surrogates
  (``surrogateescape``), exactly as a command-line argument does;
* a ``text/uri-list`` alone is decoded here from its raw bytes (RFC 2483 §5: lines
  ending in CRLF, ``#`` comment lines). Never through ``QUrl`` (``mimeData.urls()``,
  ``QMimeData.text()``'s fallback): it rewrites the very link being inspected
  (``http://0177.0.0.01/`` → ``127.0.0.1``, ``%61`` → ``a``, ``%2e%2e`` → ``..``, IDN →
  punycode, ``hxxps://evil[.]example/`` → nothing);
* files and images are recognised and handed over as such (``kind`` ``"file"`` /
  ``"image"``): a file whose name says it is a document the window reads (``.eml``,
  ``.msg``, ``.html``/``.htm``, ``.txt``, PNG/JPEG/GIF/BMP/WebP images: see
  ``sources.formats.DOCUMENT_ENDINGS``) has ``document`` set and is read by
  ``gui/intake/documents.py`` (``uriinspector.sources``); an image's bytes are read
  for QR codes; any other file has its ``file:`` link inspected. *File ▸ Open…*
  enters through :func:`from_path`.

One-line inputs (the Resolution pane's base and reference, the ladder's second URI,
the Components editor, the History pane's search box) are :class:`IntakeLineEdit`: their
pastes and drops pass here too.

The way out is here too: :func:`exact_mime` / :func:`copy_exact` put text on the
clipboard as ``text/plain`` for other programs *and* as :data:`EXACT_MIME` (its UTF-8
with lone surrogates kept, ``surrogatepass``), which :func:`from_mime` prefers: Qt's
``QString`` replaces a lone surrogate, so a copied ``http://a/\ud800`` pasted back
would otherwise be another string.

Extending it: a new source is one more branch here that returns an :class:`Intake`;
the window acts on ``kind`` and ``document``.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import Literal

from PySide6.QtCore import QMimeData
from PySide6.QtGui import (
    QContextMenuEvent,
    QDragEnterEvent,
    QDragMoveEvent,
    QDropEvent,
    QGuiApplication,
    QKeyEvent,
    QKeySequence,
)
from PySide6.QtWidgets import QLineEdit

__all__ = [
    "EXACT_MIME",
    "REFANG_LIMIT",
    "Intake",
    "IntakeLineEdit",
    "accepts",
    "copy_exact",
    "decode_uri_list",
    "exact_mime",
    "from_argument",
    "from_mime",
    "from_path",
    "from_text",
    "is_document",
    "refang_pasted",
]

IntakeKind = Literal["text", "file", "image", "empty"]

#: Pastes longer than this are taken as they are: a defanged link is a short thing, and
#: scanning a pasted megabyte for defang marks would only delay its first paint.
REFANG_LIMIT = 65_536

_PLAIN = "text/plain"
_URI_LIST = "text/uri-list"
#: Our own clipboard format: the exact text as UTF-8, lone surrogates kept (surrogatepass).
EXACT_MIME = "application/x-uriinspector-text"


@dataclass(frozen=True, slots=True)
class Intake:
    """What came in, and the exact text (or bytes) to hand over.

    Attributes:
        kind: ``"text"`` (inspect ``text``), ``"file"`` (a dropped file: ``name`` is its
            path, ``text`` its ``file:`` URI exactly as offered, ``data`` its bytes once
            read), ``"image"`` (``data`` holds the image bytes, ``name`` their MIME type),
            ``"empty"`` (nothing usable was offered).
        text: the text to inspect, refanged when ``refanged``.
        offered: the text exactly as offered (before any refang).
        data: raw bytes for files and images; ``None`` for text.
        name: where it came from: the MIME format read, ``"argument"``, or a file path.
        refanged: whether a defanged link was restored (``core.defang.refang``).
        more: how many further links a ``text/uri-list`` held (only the first is taken).
        document: a file the window reads as a document (``sources.formats.DOCUMENT_ENDINGS``).
    """

    kind: IntakeKind
    text: str = ""
    offered: str = ""
    data: bytes | None = None
    name: str = ""
    refanged: bool = False
    more: int = 0
    document: bool = False

    @property
    def readable(self) -> bool:
        """Whether the window reads it as a document: an image, or a document file."""
        return self.kind == "image" or (self.kind == "file" and self.document)


def is_document(path: str) -> bool:
    """Whether the file at ``path`` is one the window reads (by its ending: the one list,
    ``sources.formats.DOCUMENT_ENDINGS``, imported on the first drop, not at start-up)."""
    import os

    from uriinspector.sources.formats import DOCUMENT_ENDINGS

    return os.path.splitext(path)[1].lower() in DOCUMENT_ENDINGS


def from_path(path: str) -> Intake:
    """A file chosen in *File ▸ Open…*: always read as a document (its content decides
    what it is; a file that is none of them is listed as text)."""
    from pathlib import Path

    try:
        uri = Path(path).absolute().as_uri()
    except ValueError:
        uri = path
    return Intake("file", uri, uri, None, path, False, 0, True)


def refang_pasted(text: str) -> tuple[str, bool]:
    """Pasted or dropped text, refanged (``core.defang``) unless it is too long to be a
    defanged link; returns ``(text to inspect, whether it was refanged)``."""
    if len(text) > REFANG_LIMIT:
        return text, False
    from uriinspector.core.defang import refang  # on paste only: not before first paint

    return refang(text)


def from_text(text: str, name: str = _PLAIN, *, refang: bool = True, more: int = 0) -> Intake:
    """Offered text as an intake: refanged when it is a defanged link (and ``refang``)."""
    if not text:
        return Intake("empty", name=name)
    restored, changed = refang_pasted(text) if refang else (text, False)
    return Intake("text", restored, text, None, name, changed, more)


def from_argument(text: str) -> Intake:
    """A URI given on the command line, exactly (``sys.argv`` already holds bytes that
    are not UTF-8 as lone surrogates, PEP 383); never refanged: it was typed on purpose."""
    return from_text(text, "argument", refang=False)


def decode_uri_list(raw: bytes) -> tuple[str, ...]:
    """The URIs of a ``text/uri-list`` body, exactly as written (RFC 2483 §5).

    Lines end in CRLF (a lone LF or CR is accepted too); lines starting with ``#`` are
    comments; blank lines are skipped. Bytes that are not UTF-8 are kept as lone
    surrogates. Nothing is parsed, normalised or percent-decoded.
    """
    text = raw.decode("utf-8", "surrogateescape")
    if text.startswith("\ufeff"):
        text = text[1:]
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return tuple(line for line in lines if line and not line.startswith("#"))


def _decode(raw: bytes, charset: str) -> str:
    try:
        codecs.lookup(charset)
    except LookupError:
        charset = "utf-8"
    try:
        return raw.decode(charset, "surrogateescape")
    except UnicodeDecodeError:  # a codec without surrogateescape support (UTF-16)
        return raw.decode(charset, "replace")


def _hand_back_at_exit() -> None:
    """Leave the clipboard to Qt's own ``setText`` before Python exits: mime data made
    in Python and still held by the clipboard when Qt tears down crashes the process
    (PySide6, a segmentation fault at exit). Other programs keep the plain text."""
    if QGuiApplication.instance() is None:
        return
    clipboard = QGuiApplication.clipboard()
    held = clipboard.mimeData()
    if held is not None and EXACT_MIME in held.formats():
        clipboard.setText(clipboard.text())


_hand_back: list[bool] = []


def exact_mime(text: str) -> QMimeData:
    """``text`` for the clipboard or a drag: ``text/plain`` for every program, and
    :data:`EXACT_MIME` holding it code point for code point (lone surrogates too)."""
    if not _hand_back:
        import atexit

        atexit.register(_hand_back_at_exit)
        _hand_back.append(True)
    data = QMimeData()
    data.setText(text)
    data.setData(EXACT_MIME, text.encode("utf-8", "surrogatepass"))
    return data


def copy_exact(text: str) -> None:
    """Put ``text`` on the clipboard so that pasting it here gives it back exactly."""
    QGuiApplication.clipboard().setMimeData(exact_mime(text))


def _exact_text(data: QMimeData) -> str | None:
    """The text of our own :data:`EXACT_MIME` format, if offered (and decodable)."""
    if EXACT_MIME not in data.formats():
        return None
    raw = bytes(data.data(EXACT_MIME).data())
    try:
        return raw.decode("utf-8", "surrogatepass") or None
    except UnicodeDecodeError:  # not written by us: fall back to text/plain
        return None


def _plain_text(data: QMimeData) -> tuple[str, str] | None:
    """The first ``text/plain`` format offered, decoded from its bytes: (text, format)."""
    formats = data.formats()
    candidates = [f for f in formats if f.split(";")[0].strip().lower() == _PLAIN]
    # A charset the format names wins; plain "text/plain" is UTF-8 (Qt, X11, macOS).
    candidates.sort(key=lambda f: "charset=utf-8" not in f.lower().replace(" ", ""))
    for fmt in candidates:
        charset = "utf-8"
        for param in fmt.split(";")[1:]:
            key, _, value = param.partition("=")
            if key.strip().lower() == "charset" and value.strip():
                charset = value.strip().strip('"')
        raw = bytes(data.data(fmt).data())
        if raw:
            return _decode(raw, charset), fmt
    return None


def _image(data: QMimeData) -> Intake | None:
    """An offered image's bytes as offered (``image/*``), else Qt's image as PNG."""
    for fmt in data.formats():
        if fmt.lower().startswith("image/"):
            raw = bytes(data.data(fmt).data())
            if raw:
                return Intake("image", data=raw, name=fmt)
    if data.hasImage():
        from PySide6.QtCore import QBuffer, QByteArray, QIODevice
        from PySide6.QtGui import QImage

        image = data.imageData()
        if isinstance(image, QImage) and not image.isNull():
            out = QByteArray()
            buffer = QBuffer(out)
            buffer.open(QIODevice.OpenModeFlag.WriteOnly)
            image.save(buffer, "PNG")  # type: ignore[call-overload]  # the stub wants bytes; PySide takes str
            buffer.close()
            return Intake("image", data=bytes(out.data()), name="image/png")
    return None


def _file_path(uri: str) -> str | None:
    """The local path of a ``file:`` URI (for naming a dropped file), else ``None``."""
    if uri[:5].lower() != "file:":
        return None
    from urllib.parse import unquote, urlsplit

    parts = urlsplit(uri)
    if parts.netloc not in ("", "localhost"):
        return None
    return unquote(parts.path, errors="surrogateescape")


def from_mime(
    data: QMimeData | None, *, refang: bool = True, all_links: bool = False
) -> Intake:
    """What a paste or a drop offers, as exact text (or a file, or an image).

    Order: our own :data:`EXACT_MIME` (text copied in this program, lone surrogates
    kept); ``text/plain`` exactly as offered; else a ``text/uri-list`` decoded from
    its bytes (its first link, or with ``all_links`` every link one per line; a
    ``file:`` link is a dropped file); else an image.
    """
    if data is None:
        return Intake("empty")
    exact = _exact_text(data)
    if exact is not None:
        return from_text(exact, EXACT_MIME, refang=refang)
    plain = _plain_text(data)
    if plain is not None:
        return from_text(plain[0], plain[1], refang=refang)
    if _URI_LIST in data.formats():
        uris = decode_uri_list(bytes(data.data(_URI_LIST).data()))
        if uris and all_links:
            return from_text("\n".join(uris), _URI_LIST, refang=refang)
        if uris:
            path = _file_path(uris[0])
            if path is not None:
                return Intake("file", uris[0], uris[0], None, path, False, len(uris) - 1,
                              is_document(path))
            return from_text(uris[0], _URI_LIST, refang=refang, more=len(uris) - 1)
    image = _image(data)
    if image is not None:
        return image
    return Intake("empty")


def accepts(data: QMimeData | None) -> bool:
    """Whether intake can take anything from ``data`` (text, links, files, images)."""
    if data is None:
        return False
    return data.hasImage() or any(
        f.split(";")[0].strip().lower() in (_PLAIN, _URI_LIST, EXACT_MIME)
        or f.lower().startswith("image/")
        for f in data.formats()
    )


class IntakeLineEdit(QLineEdit):
    """A one-line input whose pastes and drops pass intake (the exact text offered).

    ``QLineEdit`` pastes and drops through ``QMimeData.text()``, which falls back to a
    link list through ``QUrl``; here Ctrl+V, the context menu's Paste and a drop take
    :func:`from_mime` instead (first line only: the field is one line).
    """

    def _take(self, data: QMimeData | None) -> bool:
        got = from_mime(data, refang=False)
        if got.kind not in ("text", "file") or self.isReadOnly():
            return False
        self.insert(got.text.split("\n", 1)[0].rstrip("\r"))
        return True

    def _paste(self) -> None:
        self._take(QGuiApplication.clipboard().mimeData())

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Ctrl+V (the platform's Paste keys) goes through intake."""
        if event.matches(QKeySequence.StandardKey.Paste):
            self._paste()
            event.accept()
            return
        super().keyPressEvent(event)

    def contextMenuEvent(self, event: QContextMenuEvent) -> None:
        """The standard menu, its Paste action going through intake."""
        menu = self.createStandardContextMenu()
        for action in menu.actions():
            if action.objectName() == "edit-paste":
                action.triggered.disconnect()
                action.triggered.connect(self._paste)
        menu.exec(event.globalPos())
        menu.deleteLater()

    def dragEnterEvent(self, event: QDragEnterEvent) -> None:
        """Accept what intake can take."""
        if not self.isReadOnly() and accepts(event.mimeData()):
            event.acceptProposedAction()

    def dragMoveEvent(self, event: QDragMoveEvent) -> None:
        """Follow the drop position with the cursor."""
        if not self.isReadOnly() and accepts(event.mimeData()):
            self.setCursorPosition(self.cursorPositionAt(event.position().toPoint()))
            event.acceptProposedAction()

    def dropEvent(self, event: QDropEvent) -> None:
        """Insert the dropped text at the drop position."""
        self.setCursorPosition(self.cursorPositionAt(event.position().toPoint()))
        if self._take(event.mimeData()):
            event.acceptProposedAction()
            self.setFocus()
