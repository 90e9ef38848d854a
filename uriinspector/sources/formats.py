"""The one registry of document formats: what each is, how it is recognised, who reads it.

``detect(data, name)`` decides the format from the bytes (the name only breaks ties
between formats the bytes cannot tell apart, such as text and a shortcut without its
section header); ``read_document`` reads any of them, and hands documents found inside
others (an archive's members, a PDF's embedded files) back to itself, up to
:data:`MAX_NESTING` levels, so ``docs.zip › invoice.pdf › page 1 › QR`` is read the same
way at every level. The batch ``extract`` op (``data``), the CLI and the window all read
through here; the contract's format names (protocol 1.2) are the keys of :data:`FORMATS`.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from typing import Final

from uriinspector.sources.model import Document, Link, Problem

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

_SVG: Final = re.compile(
    rb"\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!--.{0,2000}?-->\s*)*"
    rb"(?:<!DOCTYPE\s+svg[^>]{0,500}>\s*)?<svg[\s>]", re.IGNORECASE | re.DOTALL
)
_PLIST: Final = re.compile(rb"\s*(?:<\?xml[^>]{0,200}\?>\s*)?(?:<!DOCTYPE\s+plist[^>]{0,300}>"
                           rb"\s*)?<plist[\s>]", re.IGNORECASE)
_SVG_HREF: Final = re.compile(r"""\s(?:xlink:)?href\s*=\s*(?:"([^"]*)"|'([^']*)')""")
_HANDLER: Final = re.compile(r"""\son[a-z]{3,20}\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.IGNORECASE)
_JS_URL: Final = re.compile(r"""\s(?:href|src|action)\s*=\s*(?:"\s*javascript:([^"]*)"|"""
                            r"""'\s*javascript:([^']*)')""", re.IGNORECASE)


def detect(data: bytes, name: str | None = None) -> str:
    """The format of ``data`` (a :data:`FORMATS` key), decided from its bytes."""
    from uriinspector.sources.calendar import looks_like_calendar
    from uriinspector.sources.documents import sniff
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


def read_document(data: bytes, name: str = "document", *, fmt: str = "auto",
                  passwords: tuple[str, ...] = (), depth: int = 0,
                  base: str | None = None) -> Document:
    """Every link of one document of any format (``fmt`` ``auto``: detected); never raises.

    ``name`` labels the document (the outermost part of each link's ``part``);
    ``passwords`` are tried on encrypted archives and PDFs; ``base`` resolves HTML.
    """
    kind = detect(data, name) if fmt == "auto" else fmt
    if kind not in FORMATS:
        return Document("unknown", (), (Problem("not-supported", f"No reader for the format "
                        f"{kind!r}.", name),), source=name)
    try:
        doc = _read(kind, data, name, passwords, depth, base)
    except Exception as exc:  # every reader answers; this is the last net
        doc = Document("unknown", (), (Problem("unreadable", f"{type(exc).__name__}: {exc}",
                                               name),), source=name)
    if depth == 0:
        doc = _judged(doc)
    return replace(doc, source=name, format=kind)


def _judged(doc: Document) -> Document:
    """Links that show a text (a PDF annotation's words, an Office hyperlink's text) judged
    for mismatch as a mail's anchors are (``sources.mismatch``), where the reader did not."""
    from uriinspector.sources.mismatch import judge_mismatch

    links = []
    for link in doc.links:
        if link.display and link.shown_domain is None and not link.mismatch:
            mismatch, shown, actual = judge_mismatch(link.display, link.target)
            link = replace(link, mismatch=mismatch, shown_domain=shown, target_domain=actual)
        links.append(link)
    return replace(doc, links=tuple(links))


def _nested(passwords: tuple[str, ...], depth: int) -> Callable[[bytes, str], Document]:
    def read(data: bytes, part: str) -> Document:
        if depth + 1 > MAX_NESTING:
            return Document("unknown", (), (Problem("too-deep", f"Documents nested more than "
                            f"{MAX_NESTING} deep are not read.", part),))
        return read_document(data, part, passwords=passwords, depth=depth + 1)
    return read


def _read(kind: str, data: bytes, name: str, passwords: tuple[str, ...], depth: int,
          base: str | None) -> Document:
    if kind == "pdf":
        from uriinspector.sources.pdf import read_pdf

        return read_pdf(data, name, passwords=passwords, read_nested=_nested(passwords, depth))
    if kind in ("docx", "xlsx", "pptx"):
        from uriinspector.sources.office import read_office

        return read_office(data, name, read_image=_qr_texts)
    if kind == "zip":
        from uriinspector.sources.archive import read_zip

        return read_zip(data, name, _nested(passwords, depth), passwords=passwords)
    if kind == "ics":
        from uriinspector.sources.calendar import read_ics

        return read_ics(data, name)
    if kind == "url":
        from uriinspector.sources.shortcut import read_url_file

        return read_url_file(data, name)
    if kind == "webloc":
        from uriinspector.sources.shortcut import read_webloc

        return read_webloc(data, name)
    if kind in ("svg", "html"):
        return _markup(kind, data, name, base)
    from uriinspector.sources.documents import read_bytes

    legacy = {"eml": "eml", "msg": "msg", "image": "image", "text": "text"}[kind]
    doc = read_bytes(data, name, base=base, kind=legacy)  # type: ignore[arg-type]
    return _labelled(doc, name)


def _labelled(doc: Document, name: str) -> Document:
    """``doc``'s links and problems with ``name`` in front of their parts."""
    def label(part: str | None) -> str:
        return f"{name} › {part}" if part else name

    return replace(doc, links=tuple(replace(x, part=label(x.part)) for x in doc.links),
                   problems=tuple(replace(p, part=label(p.part)) for p in doc.problems))


def _qr_texts(data: bytes, _part: str) -> tuple[str, ...]:
    from uriinspector.sources.qr import read_codes

    codes = read_codes(data)
    return tuple(c.text for c in codes) if isinstance(codes, tuple) else ()


def _markup(kind: str, data: bytes, name: str, base: str | None) -> Document:
    """A page or an SVG: its links (``sources.html``), and where its scripts send the
    browser (``sources.script``: script elements, event handlers, ``javascript:`` URLs)."""
    from uriinspector.sources.documents import decode_text
    from uriinspector.sources.html import extract_html

    text = decode_text(data, html=True)
    doc = extract_html(text, base=base)
    links = list(doc.links)
    if kind == "svg":
        known = {x.uri for x in links}
        for m in _SVG_HREF.finditer(text):
            url = html.unescape(m.group(1) if m.group(1) is not None else m.group(2)).strip()
            if url and not url.startswith("#") and url not in known:
                known.add(url)
                links.append(Link(uri=url, raw=url, target=url, kind="href", part=None))
    problems = list(doc.problems)
    for source, where in _scripts(text):
        _script_links(source, where, links, problems)
    doc = replace(doc, kind="html", links=tuple(links), problems=tuple(problems), text=text)
    return _labelled(doc, name)


def _scripts(text: str) -> Iterator[tuple[str, str]]:
    """Script bodies (found with a linear scan), event handlers and ``javascript:`` URLs."""
    low = text.lower()
    at = 0
    while (start := low.find("<script", at)) != -1:
        open_end = low.find(">", start)
        if open_end == -1:
            break
        close = low.find("</script", open_end)
        body = text[open_end + 1: close if close != -1 else len(text)]
        yield body, "script"
        if close == -1:
            break
        at = close + 8
    for m in _HANDLER.finditer(text):
        yield html.unescape(m.group(1) if m.group(1) is not None else m.group(2)), \
            "event handler"
    for m in _JS_URL.finditer(text):
        yield html.unescape(m.group(1) if m.group(1) is not None else m.group(2)), \
            "javascript: URL"


def _script_links(source: str, where: str, links: list[Link], problems: list[Problem]) -> None:
    from uriinspector.sources.script import read_script

    if not source.strip():
        return
    reading = read_script(source)
    for t in reading.targets:
        part = where if not t.partial else f"{where} (partial: {t.note})"
        links.append(Link(uri=t.url, raw=t.url, target=t.url, kind="script", part=part))
    problems += [Problem("unreadable", f"A script was not read: {p}", where)
                 for p in reading.problems]


__all__ = ["FORMATS", "MAX_NESTING", "Format", "detect", "read_document"]
