"""The one registry of document formats: what each is, and how it is recognised.

``FORMATS`` names every format the readers take (the batch contract's names, protocol
1.2), with its file endings and media types (the desktop entry declares the same, a test
keeps them equal); ``detect(data, name)`` decides the format from the bytes, the name
only breaking ties the bytes cannot (``sniff`` is the older mail/page/text/image half of
it). Reading is ``sources.documents.read_document``, which dispatches on these names.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from typing import Final

from uriinspector.sources.magic import OLE, describe
from uriinspector.sources.model import DocumentKind
from uriinspector.sources.qr import image_format

#: Formats read by the attachment readers (the others by the mail, page, text and image
#: readers of ``sources.documents.read_bytes``).
NEW_FORMATS: Final = frozenset({"pdf", "docx", "xlsx", "pptx", "zip", "ics", "url", "webloc",
                                "svg"})
#: Documents inside documents are read this deep (the outermost is depth 0).
MAX_NESTING: Final = 8


@dataclass(frozen=True, slots=True)
class Format:
    """A format the inspector reads: its contract name, words, file endings, media types."""

    name: str
    title: str
    extensions: tuple[str, ...]
    media_types: tuple[str, ...]


#: Every format, by its contract name (``extract``'s ``format``), in detection order.
FORMATS: Final[dict[str, Format]] = {f.name: f for f in (
    Format("pdf", "PDF document", (".pdf",), ("application/pdf",)),
    Format("docx", "Word document", (".docx", ".docm", ".dotx", ".dotm"), (
        "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
        "application/vnd.ms-word.document.macroEnabled.12")),
    Format("xlsx", "Excel workbook", (".xlsx", ".xlsm", ".xltx", ".xltm"), (
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.ms-excel.sheet.macroEnabled.12")),
    Format("pptx", "PowerPoint presentation", (".pptx", ".pptm", ".potx", ".ppsx"), (
        "application/vnd.openxmlformats-officedocument.presentationml.presentation",
        "application/vnd.ms-powerpoint.presentation.macroEnabled.12")),
    Format("zip", "zip archive", (".zip",), ("application/zip",)),
    Format("msg", "Outlook message", (".msg",), ("application/vnd.ms-outlook",)),
    Format("eml", "mail message", (".eml", ".mbox"), ("message/rfc822",)),
    Format("ics", "calendar invitation", (".ics", ".ical", ".ifb"), ("text/calendar",)),
    Format("url", "Windows Internet Shortcut", (".url",), ("application/x-mswinurl",)),
    Format("webloc", "macOS web location", (".webloc",), ("application/x-webloc",)),
    Format("svg", "SVG image", (".svg",), ("image/svg+xml",)),
    Format("html", "web page", (".html", ".htm", ".xhtml", ".shtml"), ("text/html",)),
    Format("image", "image", (".png", ".jpg", ".jpeg", ".gif", ".bmp", ".webp"), (
        "image/png", "image/jpeg", "image/gif", "image/bmp", "image/webp")),
    Format("text", "text", (".txt", ".text"), ("text/plain",)),
)}

#: Every file ending a reader takes (mailboxes too): what makes a dropped file or a CLI
#: argument a document, and what File ▸ Open offers.
DOCUMENT_ENDINGS: Final = tuple(dict.fromkeys(
    (*(e for f in FORMATS.values() for e in f.extensions), ".mbx")))


def open_filter() -> str:
    """The File ▸ Open dialog's filters: everything read, then one per format."""
    every = " ".join(f"*{e}" for e in DOCUMENT_ENDINGS)
    each = [f"{f.title[0].upper()}{f.title[1:]}s ({' '.join('*' + e for e in f.extensions)})"
            for f in FORMATS.values()]
    return ";;".join((f"Documents, mails and images ({every})", *each, "All files (*)"))


_SVG: Final = re.compile(
    rb"\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,2000}?-->\s*)*"
    rb"(?:<!DOCTYPE\s+svg[^>]{0,500}>\s*)?<svg[\s>]", re.IGNORECASE | re.DOTALL
)
_PLIST: Final = re.compile(rb"\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!DOCTYPE\s+plist[^>]{0,300}>"
                           rb"\s*)?<plist[\s>]", re.IGNORECASE)


# RFC 5322 §2.2: a header field is a name of printable ASCII but ":" then ":".
_HEADER: Final = re.compile(rb"[!-9;-~]+[ \t]*:")
_MAIL_HEADERS: Final = frozenset(
    {
        b"received", b"return-path", b"from", b"to", b"subject", b"date", b"message-id",
        b"mime-version", b"delivered-to", b"x-mailer", b"reply-to", b"content-type",
        b"dkim-signature", b"arc-seal", b"authentication-results", b"cc", b"sender",
    }
)
_MARKUP: Final = re.compile(
    rb"\s*(?:<!doctype\s+html|<html|<head|<body|<!--|<meta|<a\s|<div|<p[\s>]|<table)",
    re.IGNORECASE,
)
_EXTENSIONS: Final[dict[str, DocumentKind]] = {
    ".eml": "eml", ".msg": "msg", ".html": "html", ".htm": "html", ".xhtml": "html",
    ".txt": "text", ".text": "text", ".mbox": "mbox", ".mbx": "mbox",
    ".png": "image", ".jpg": "image", ".jpeg": "image", ".gif": "image", ".bmp": "image",
    ".webp": "image",
}


def sniff(data: bytes, name: str | None = None) -> DocumentKind:
    """What ``data`` is: content first (magic bytes, mail headers, markup), then name.

    ``unknown`` is a format no reader here reads (:func:`magic.describe` names it); a
    file named ``.msg`` or as an image that is none is still that kind, so its reader
    says what it is not.
    """
    if data.startswith(OLE):
        return "msg"
    if image_format(data):
        return "image"
    if describe(data[:16]):
        return "unknown"
    head = data[:4096].lstrip(b"\xef\xbb\xbf")
    if head.startswith(b"From ") and b"\n" in head:
        return "mbox"
    ext = os.path.splitext(name)[1].lower() if name else ""
    by_name = _EXTENSIONS.get(ext)
    if by_name in ("eml", "html", "mbox"):
        return by_name
    if _looks_like_mail(head):
        return "eml"
    if _MARKUP.match(head):
        return "html"
    return "text" if by_name in (None, "text") else by_name


def _looks_like_mail(head: bytes) -> bool:
    lines = head.split(b"\n", 30)[:30]
    known = 0
    for line in lines:
        line = line.rstrip(b"\r")
        if not line:
            break
        if line[:1] in (b" ", b"\t"):
            continue  # folded continuation (RFC 5322 §2.2.3)
        m = _HEADER.match(line)
        if m is None:
            return False
        if m.group().rstrip(b": \t").lower() in _MAIL_HEADERS:
            known += 1
    return known >= 2


def detect(data: bytes, name: str | None = None) -> str:
    """The format of ``data`` (a :data:`FORMATS` key), decided from its bytes."""
    from uriinspector.sources.calendar import looks_like_calendar
    from uriinspector.sources.pdf import looks_like_pdf
    from uriinspector.sources.shortcut import looks_like_url_file
    from uriinspector.sources.zipped import is_zip

    if looks_like_pdf(data):
        return "pdf"
    if is_zip(data):
        return _zip_kind(data)
    if data.startswith(b"bplist00") or _PLIST.match(data[:1024]):
        return "webloc"
    if looks_like_calendar(data):
        return "ics"
    if looks_like_url_file(data):
        return "url"
    if _SVG.match(data[:4096]):
        return "svg"
    kind = sniff(data, name)
    return {"mbox": "eml", "maildir": "eml", "unknown": "text"}.get(kind, kind)


def _zip_kind(data: bytes) -> str:
    from uriinspector.sources.office import looks_like_office
    from uriinspector.sources.zipped import open_zip

    try:
        with open_zip(data, aes=True) as archive:
            return looks_like_office(archive.namelist()) or "zip"
    except Exception:  # a damaged zip is still read (and reported) as an archive
        return "zip"


__all__ = [
    "DOCUMENT_ENDINGS", "FORMATS", "MAX_NESTING", "NEW_FORMATS", "Format", "detect",
    "open_filter", "sniff",
]
