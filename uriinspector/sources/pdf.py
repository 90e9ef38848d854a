"""PDF attachments read as attackers write them: link annotations, actions, text, QR codes.

Two engines, each for what it does best: PDFium (``pypdfium2``, the engine browsers
use) opens the file however damaged (object streams, broken cross-references, an
encrypted file with a given password), extracts each page's text and renders each page
to pixels, so a QR code drawn as an image or as vectors, rotated, inverted or inside a
form XObject is seen as a reader sees it (``zxing-cpp``); ``pypdf`` walks the object tree
for what is not drawn: link annotations (``/URI``, ``/Launch``), form-field and widget
actions, the document's open action and named scripts, whose JavaScript is decoded
statically (``sources.script``: ``app.launchURL``, ``this.getURL``, ``location``…).
URLs in the page text are found as in any text (draft-2003 App. E), also when a line
break cuts one. Embedded files are handed back to the caller to read as documents.

Bounded (every bound a ``Problem``, never a hang): bytes, pages read, pixels rendered per
page and per document, links, and a deadline per document.
"""

from __future__ import annotations

import io
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from uriinspector.core.extract import extract
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.script import read_script

#: Largest PDF read (bytes).
MAX_PDF_BYTES: Final = 64 * 1024 * 1024
#: Most pages read (text, annotations, rendering); the rest are counted in a problem.
MAX_PAGES: Final = 200
#: Longest side of a rendered page (pixels): a QR code a reader can scan stays readable.
RENDER_SIDE: Final = 1800
#: Pixels rendered for one document, all pages together.
MAX_RENDER_PIXELS: Final = 200_000_000
#: Most links listed from one PDF.
MAX_PDF_LINKS: Final = 10_000
#: Seconds one PDF may take; what is read before is listed.
MAX_SECONDS: Final = 60.0
#: Most embedded files handed on.
MAX_EMBEDDED: Final = 100
#: Most objects of the tree visited for actions and scripts.
MAX_OBJECTS: Final = 200_000

_BROKEN_URL: Final = re.compile(r"(?<=[A-Za-z0-9/._~%=&?#-])[ \t]*\r?\n(?=[A-Za-z0-9/._~%=&?#-])")
_SCRIPT_SINKS: Final = re.compile(r"\b(?:launchURL|getURL|submitForm)\s*\(")

ReadNested = Callable[[bytes, str], Document]


@dataclass(slots=True)
class _State:
    name: str
    links: list[Link]
    problems: list[Problem]
    deadline: float
    pixels: int = 0
    seen: set[tuple[str, str]] | None = None
    #: annotations already read on a page (a widget is also a form field: read once)
    widgets: set[int] | None = None

    def first_visit(self, ref: Any) -> bool:
        """Whether the indirect object ``ref`` is read here for the first time."""
        number = getattr(ref, "idnum", None)
        if number is None:
            return True
        if self.widgets is None:
            self.widgets = set()
        if number in self.widgets:
            return False
        self.widgets.add(number)
        return True

    def add(self, url: str, part: str, kind: str, display: str | None = None) -> None:
        url = url.strip()
        if not url or len(self.links) >= MAX_PDF_LINKS:
            return
        key = (url, part)
        if self.seen is None:
            self.seen = set()
        if key in self.seen:
            return
        self.seen.add(key)
        self.links.append(Link(uri=url, raw=url, target=url, kind=kind,  # type: ignore[arg-type]
                               part=part, display=display))

    def late(self) -> bool:
        return time.monotonic() > self.deadline


def looks_like_pdf(data: bytes) -> bool:
    """Whether ``data`` is a PDF (``%PDF-`` within the first KiB, as readers accept)."""
    return b"%PDF-" in data[:1024]


def _text_urls(text: str, part: str, st: _State) -> None:
    """URLs written in a page's text, also those a line break cuts in two."""
    for e in extract(text):
        st.add(e.uri, part, "text")
    joined = _BROKEN_URL.sub("", text)
    if joined != text:
        for e in extract(joined):
            if any(e.uri.startswith(x.uri) and e.uri != x.uri for x in extract(text)):
                st.add(e.uri, part, "text")


def _scan_qr(page: Any, part: str, st: _State) -> None:
    """Render the page and read every barcode on it (as a reader's phone would)."""
    import zxingcpp

    width, height = page.get_size()
    scale = min(4.0, RENDER_SIDE / max(1.0, width, height))
    pixels = int(width * scale) * int(height * scale)
    if st.pixels + pixels > MAX_RENDER_PIXELS:
        st.problems.append(Problem("over-budget", f"Pages past {MAX_RENDER_PIXELS:,} "
                                   "rendered pixels were not scanned for QR codes.", part))
        return
    st.pixels += pixels
    image = page.render(scale=scale, may_draw_forms=True).to_pil().convert("L")
    for code in zxingcpp.read_barcodes(image, text_mode=zxingcpp.TextMode.Plain):
        text = str(code.text)
        for e in extract(text) or ():
            st.add(e.uri, f"{part} › QR", "qr")
        if not extract(text) and ":" in text[:40]:
            st.add(text, f"{part} › QR", "qr")


def _resolve(obj: Any) -> Any:
    get = getattr(obj, "get_object", None)
    return get() if callable(get) else obj


def _string(obj: Any) -> str | None:
    obj = _resolve(obj)
    if isinstance(obj, bytes):
        return obj.decode("latin-1")
    if isinstance(obj, str):
        return str(obj)
    data = getattr(obj, "get_data", None)
    if callable(data):  # a stream (JavaScript may be one)
        raw = data()
        return raw.decode("utf-8", "replace") if isinstance(raw, bytes) else None
    return None


def _action_links(action: Any, part: str, st: _State, display: str | None,
                  depth: int = 0) -> None:
    """The targets of one action dictionary and its ``/Next`` chain."""
    action = _resolve(action)
    if depth > 16 or not hasattr(action, "get"):
        return
    kind = _resolve(action.get("/S"))
    if kind == "/URI":
        url = _string(action.get("/URI"))
        if url:
            st.add(url, part, "href", display)
    elif kind in ("/Launch", "/GoToR", "/SubmitForm", "/ImportData"):
        target = _resolve(action.get("/F"))
        if hasattr(target, "get"):
            target = target.get("/F") or target.get("/UF")
        url = _string(target)
        if url:
            st.add(url, f"{part} › {str(kind)[1:]}", "href" if kind != "/SubmitForm" else
                   "action", display)
    elif kind == "/JavaScript":
        _script_links(_string(action.get("/JS")) or "", f"{part} › JavaScript", st)
    nxt = action.get("/Next")
    for item in (_resolve(nxt) if isinstance(_resolve(nxt), list) else [nxt]):
        if item is not None:
            _action_links(item, part, st, display, depth + 1)


def _script_links(source: str, part: str, st: _State) -> None:
    """A PDF script's targets: Acrobat's ``app.launchURL``/``getURL``/``submitForm`` and
    the browser sinks, decoded statically."""
    if not source.strip():
        return
    reading = read_script(source)
    for t in reading.targets:
        st.add(t.url, part, "script")
    for problem in reading.problems:
        st.problems.append(Problem("unreadable", f"A script was not read: {problem}", part))


def _annotations(reader: Any, index: int, page: Any, text_page: Any, st: _State) -> None:
    part = f"{st.name} › page {index + 1}"
    annots = _resolve(page.get("/Annots"))
    if not isinstance(annots, list):
        return
    for ref in annots[:5000]:
        if not st.first_visit(ref):
            continue
        annot = _resolve(ref)
        if not hasattr(annot, "get"):
            continue
        display = _annotation_text(annot, text_page)
        subtype = _resolve(annot.get("/Subtype"))
        where = part if subtype == "/Link" else f"{part} › {str(subtype)[1:] or 'annotation'}"
        if annot.get("/A") is not None:
            _action_links(annot.get("/A"), where, st, display)
        extra = _resolve(annot.get("/AA"))
        if hasattr(extra, "values"):
            for action in list(extra.values())[:32]:
                _action_links(action, f"{where} › additional action", st, display)


def _annotation_text(annot: Any, text_page: Any) -> str | None:
    """The page text under a link annotation's rectangle (what the reader clicks)."""
    rect = _resolve(annot.get("/Rect"))
    if text_page is None or not isinstance(rect, list) or len(rect) != 4:
        return None
    try:
        left, bottom, right, top = (float(_resolve(v)) for v in rect)
        text = text_page.get_text_bounded(min(left, right), min(bottom, top),
                                          max(left, right), max(bottom, top))
    except Exception:  # a malformed rectangle is no reason to lose the link
        return None
    text = " ".join(str(text).split())
    return text[:500] or None


def _document_actions(reader: Any, st: _State) -> None:
    """The open action, named scripts and form fields' actions of the whole document."""
    root = _resolve(reader.trailer.get("/Root"))
    if not hasattr(root, "get"):
        return
    if root.get("/OpenAction") is not None:
        _action_links(root.get("/OpenAction"), f"{st.name} › open action", st, None)
    names = _resolve(_resolve(root.get("/Names") or {}).get("/JavaScript")) \
        if hasattr(_resolve(root.get("/Names") or {}), "get") else None
    for js in _name_tree(names):
        _action_links(js, f"{st.name} › document script", st, None)
    form = _resolve(root.get("/AcroForm"))
    fields = _resolve(form.get("/Fields")) if hasattr(form, "get") else None
    for field in _fields(fields, st.first_visit):
        name = _string(field.get("/T")) or "field"
        where = f"{st.name} › form field {name[:60]}"
        if field.get("/A") is not None:
            _action_links(field.get("/A"), where, st, None)
        extra = _resolve(field.get("/AA"))
        if hasattr(extra, "values"):
            for action in list(extra.values())[:32]:
                _action_links(action, where, st, None)


def _name_tree(node: Any) -> Iterator[Any]:
    """The values of a PDF name tree (``/Names`` pairs, ``/Kids`` below), bounded."""
    stack, seen = [node], 0
    while stack and seen < MAX_OBJECTS:
        n = _resolve(stack.pop())
        seen += 1
        if not hasattr(n, "get"):
            continue
        pairs = _resolve(n.get("/Names"))
        if isinstance(pairs, list):
            yield from pairs[1::2]
        kids = _resolve(n.get("/Kids"))
        if isinstance(kids, list):
            stack.extend(kids[:1000])


def _fields(fields: Any, visit: Callable[[Any], bool]) -> Iterator[Any]:
    """Every form field and widget (``/Kids`` below), bounded and loop-safe."""
    stack = list(fields[:10_000]) if isinstance(fields, list) else []
    seen: set[int] = set()
    while stack and len(seen) < MAX_OBJECTS:
        ref = stack.pop()
        key = id(_resolve(ref)) if not hasattr(ref, "idnum") else ref.idnum
        if key in seen:
            continue
        seen.add(key)
        field = _resolve(ref)
        if not hasattr(field, "get"):
            continue
        kids = _resolve(field.get("/Kids"))
        if isinstance(kids, list):
            stack.extend(kids[:1000])
        if not visit(ref):
            continue  # a widget already read with its page
        yield field


def read_pdf(data: bytes, name: str = "document.pdf", *, passwords: tuple[str, ...] = (),
             read_nested: ReadNested | None = None, scan_qr: bool = True) -> Document:
    """Every link of a PDF: annotations, actions and scripts, page text, QR codes, and
    (through ``read_nested``) its embedded files; never raises."""
    st = _State(name, [], [], time.monotonic() + MAX_SECONDS)
    if len(data) > MAX_PDF_BYTES:
        return Document("pdf", (), (Problem("too-large", f"A PDF of {len(data):,} bytes is "
                        f"not read (the limit is {MAX_PDF_BYTES // (1024 * 1024)} MB).",
                        name),), source=name)
    import pypdfium2 as pdfium

    pdf = None
    password_used: str | None = None
    for password in (None, *passwords):
        try:
            pdf = pdfium.PdfDocument(data, password=password)
            password_used = password
            break
        except pdfium.PdfiumError as exc:
            message = str(exc)
            if "password" not in message.lower():
                return Document("pdf", (), (Problem("unreadable", f"The PDF could not be "
                                f"opened: {message}", name),), source=name)
    if pdf is None:
        return Document("pdf", (), (Problem("encrypted", "The PDF is encrypted and no "
                        "given password opens it." if passwords else "The PDF is encrypted; "
                        "give its password to read it.", name),), source=name)
    try:
        reader = _pypdf_reader(data, password_used, st)
        pages = len(pdf)
        if pages > MAX_PAGES:
            st.problems.append(Problem("too-many-parts", f"The PDF has {pages:,} pages; only "
                                       f"the first {MAX_PAGES} were read.", name))
        for index in range(min(pages, MAX_PAGES)):
            if st.late():
                st.problems.append(Problem("over-budget", f"The PDF took over {MAX_SECONDS:.0f}"
                                           f" s; pages from {index + 1} on were not read.", name))
                break
            _read_page(pdf, reader, index, st, scan_qr)
        if reader is not None:  # after the pages: a widget read there is not read again
            _guarded(lambda: _document_actions(reader, st), st, "document actions")
        _embedded(pdf, st, read_nested)
    finally:
        pdf.close()
    if len(st.links) >= MAX_PDF_LINKS:
        st.problems.append(Problem("too-many-links", f"Only the first {MAX_PDF_LINKS:,} links "
                                   "were listed.", name))
    return Document("pdf", tuple(st.links), tuple(st.problems), source=name)


def _guarded(call: Callable[[], None], st: _State, what: str) -> None:
    try:
        call()
    except RecursionError:
        st.problems.append(Problem("too-deep", f"The PDF's {what} nest too deeply to read.",
                                   st.name))
    except Exception as exc:  # pypdf raises many kinds on hostile object trees
        st.problems.append(Problem("unreadable", f"The PDF's {what} could not be read "
                                   f"({type(exc).__name__}: {str(exc)[:200]}).", st.name))


def _pypdf_reader(data: bytes, password: str | None, st: _State) -> Any:
    """pypdf's reader for the object tree (None when it cannot read what PDFium could)."""
    import logging

    import pypdf

    logging.getLogger("pypdf").setLevel(logging.ERROR)  # hostile files warn a lot
    try:
        reader = pypdf.PdfReader(io.BytesIO(data), strict=False)
        if reader.is_encrypted:
            reader.decrypt(password or "")
        return reader
    except Exception as exc:  # damaged beyond pypdf: text and QR still come from PDFium
        st.problems.append(Problem("unreadable", "The PDF's annotations and actions could not"
                                   f" be read ({type(exc).__name__}); its text and images "
                                   "were.", st.name))
        return None


def _read_page(pdf: Any, reader: Any, index: int, st: _State, scan_qr: bool) -> None:
    part = f"{st.name} › page {index + 1}"
    try:
        page = pdf[index]
    except Exception as exc:  # a page object PDFium cannot load
        st.problems.append(Problem("unreadable", f"Page {index + 1} could not be loaded "
                                   f"({type(exc).__name__}).", part))
        return
    text_page = None
    try:
        text_page = page.get_textpage()
        _text_urls(text_page.get_text_range(), part, st)
        if reader is not None and index < len(reader.pages):
            _guarded(lambda: _annotations(reader, index, reader.pages[index], text_page, st),
                     st, f"page {index + 1} annotations")
        if scan_qr:
            _scan_qr(page, part, st)
    except Exception as exc:  # PDFium reports damage as exceptions
        st.problems.append(Problem("unreadable", f"Page {index + 1} could not be read "
                                   f"({type(exc).__name__}: {str(exc)[:200]}).", part))
    finally:
        if text_page is not None:
            text_page.close()
        page.close()


def _embedded(pdf: Any, st: _State, read_nested: ReadNested | None) -> None:
    """Hand each embedded file to ``read_nested``; its links join this document's."""
    try:
        count = pdf.count_attachments()
    except Exception:  # no name tree, or a damaged one
        return
    for i in range(min(count, MAX_EMBEDDED)):
        try:
            attachment = pdf.get_attachment(i)
            name = str(attachment.get_name()) or f"attachment {i + 1}"
            data = bytes(attachment.get_data())
        except Exception as exc:  # a damaged file specification
            st.problems.append(Problem("unreadable", f"Embedded file {i + 1} could not be "
                                       f"read ({type(exc).__name__}).", st.name))
            continue
        if read_nested is None:
            st.problems.append(Problem("not-supported", f"The embedded file {name} was not "
                                       "read.", f"{st.name} › {name}"))
            continue
        inner = read_nested(data, f"{st.name} › {name}")
        for link in inner.links:
            if len(st.links) < MAX_PDF_LINKS:
                st.links.append(link)
        st.problems.extend(inner.problems)
    if count > MAX_EMBEDDED:
        st.problems.append(Problem("too-many-parts", f"Only the first {MAX_EMBEDDED} of "
                                   f"{count} embedded files were read.", st.name))


__all__ = ["MAX_PAGES", "MAX_PDF_BYTES", "looks_like_pdf", "read_pdf"]
