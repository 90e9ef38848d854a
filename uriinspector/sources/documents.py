"""The one entry from any document to rows of links: sniff the kind, read, judge.

``read_bytes`` takes the bytes of one file (a paste, a drop, a File ▸ Open) and
``read_path`` a path, which may also be a mailbox (``.mbox``) or a Maildir folder and
then yields one :class:`~uriinspector.sources.model.Document` per message, lazily.
The kind is sniffed from the content first (OLE, image magic, ``From `` line, mail
headers, markup) and the file name's extension second; a format no reader reads (a TIFF,
an archive) is named in a ``not-supported`` problem, never read as text.
``with_verdicts`` hands every link to the core (``core.analysis.analyze``) for its verdict.
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import BinaryIO, Final

from uriinspector.core.analysis import Analysis, Verdict, analyze
from uriinspector.core.extract import extract
from uriinspector.core.verdict import decide, in_context
from uriinspector.sources.files import open_regular, read_regular
from uriinspector.sources.formats import FORMATS, MAX_NESTING, NEW_FORMATS, detect, sniff
from uriinspector.sources.magic import describe
from uriinspector.sources.mail import extract_eml
from uriinspector.sources.model import Document, DocumentKind, Link, Problem
from uriinspector.sources.msg import extract_msg_bytes
from uriinspector.sources.qr import QrError, read_codes

#: Largest single file read (bytes); a mailbox is read one message at a time.
MAX_FILE_BYTES: Final = 64 * 1024 * 1024

def decode_text(data: bytes, html: bool = False) -> str:
    """Bytes of a text or HTML file as text: BOM, UTF-8, the page's charset, cp1252."""
    for bom, codec in ((b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"),
                       (b"\xfe\xff", "utf-16-be")):
        if data.startswith(bom):
            return data[len(bom):].decode(codec, "replace")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        pass
    if html:
        m = re.search(rb"""<meta[^>]+charset\s*=\s*["']?([A-Za-z0-9_.:\-]+)""", data[:4096],
                      re.IGNORECASE)
        if m:
            try:
                return data.decode(m.group(1).decode("ascii"), "replace")
            except (LookupError, ValueError):
                pass
    return data.decode("cp1252", "replace")


def extract_text(text: str, part: str | None = None, *, defanged: bool = False) -> Document:
    """URI references in free text (draft-2003 App. E, ``core.extract``) as rows;
    ``defanged=True`` adds defanged indicators, ``target`` their refanged form."""
    links = tuple(
        Link(uri=e.uri, raw=e.raw, target=e.target, kind="text", span=e.span, part=part)
        for e in extract(text, defanged=defanged)
    )
    return Document("text", links)


def extract_image(data: bytes) -> Document:
    """The links held by the barcodes in an image (part ``1 image (QR)``)."""
    result = read_codes(data)
    if isinstance(result, QrError):
        return Document("image", (), (Problem(result.code, result.message),))
    links: list[Link] = []
    problems: list[Problem] = []
    for i, code in enumerate(result, 1):
        label = f"{i} {code.format} (QR)"
        found = extract(code.text)
        if not found:
            what = "binary data" if code.binary else repr(code.text[:80])
            problems.append(Problem("qr-no-link", f"The code holds {what}, not a link.", label))
        links.extend(
            Link(uri=e.uri, raw=e.raw, target=e.target, kind="qr", part=label)
            for e in found
        )
    return Document("image", tuple(links), tuple(problems))


#: The stream that names an OLE compound file as a legacy Office document.
_LEGACY_OFFICE: Final = (("worddocument", "A Word 97-2003 document"),
                         ("workbook", "An Excel 97-2003 workbook"),
                         ("book", "An Excel 5 workbook"),
                         ("powerpoint document", "A PowerPoint 97-2003 presentation"))


def _legacy_office(data: bytes) -> str | None:
    """What a compound file is when it is a legacy Office document, not a mail; else None."""
    import olefile

    try:
        with olefile.OleFileIO(data) as ole:
            names = {"/".join(entry).lower() for entry in ole.listdir()}
    except Exception:  # damaged: the message reader says what it makes of it
        return None
    if any(n.startswith("__substg1.0_") for n in names):
        return None
    return next((what for stream, what in _LEGACY_OFFICE if stream in names), None)


def _too_large(size: int, what: str) -> Problem:
    return Problem("too-large", f"{what} is {size / 1e6:.1f} MB; files over "
                   f"{MAX_FILE_BYTES // (1024 * 1024)} MB are not read.")


def read_bytes(
    data: bytes, name: str | None = None, *, base: str | None = None,
    kind: DocumentKind | None = None, defanged: bool = False
) -> Document:
    """One document's rows from its bytes (``kind`` sniffed unless given); never raises.

    A mailbox given as bytes is read as its first message's worth of mail; use
    :func:`read_path` for mailboxes. ``base`` is the URL HTML is resolved against.
    ``defanged=True`` (the window) also lists defanged indicators in text and mail
    text parts; the batch contract and the CLI keep ``False``.
    """
    if len(data) > MAX_FILE_BYTES:
        return Document(kind or "unknown", (), (_too_large(len(data), "The file"),),
                        source=name)
    if kind is None and (fmt := detect(data, name)) in NEW_FORMATS:
        label = os.path.basename(name or "") or "document"  # the parts' outermost label
        return replace(read_document(data, label, fmt=fmt), source=name)
    kind = kind or sniff(data, name)
    foreign = describe(data[:16]) if kind == "unknown" else None
    if foreign is not None:
        what = f"{foreign[0].upper()}{foreign[1:]}: not supported."
        return Document(kind, (), (Problem("not-supported", what),), source=name)
    legacy_office = _legacy_office(data) if kind == "msg" else None
    if legacy_office is not None:
        return Document("unknown", (), (Problem("not-supported", f"{legacy_office}: not "
                        "supported (save it as .docx, .xlsx or .pptx to read it)."),),
                        source=name)
    try:
        if kind == "msg":
            doc = extract_msg_bytes(data)
        elif kind == "image":
            doc = extract_image(data)
        elif kind in ("eml", "mbox"):
            if kind == "mbox" and data.startswith(b"From "):
                data = data.split(b"\n", 1)[1] if b"\n" in data else b""
            doc = extract_eml(data, defanged=defanged, read_attachment=_attachment(0))
        elif kind == "html":
            from uriinspector.sources.markup import read_markup  # links and scripts

            doc = read_markup(decode_text(data, html=True), base=base)
        else:
            text = decode_text(data)
            doc = replace(extract_text(text, defanged=defanged), text=text)
    except MemoryError:  # the window's reader runs under an address-space limit
        doc = Document(kind, (), (Problem(
            "memory-limit", "Reading it needed more memory than allowed; it was stopped."),))
    except Exception as exc:  # every reader answers; this is the last net
        doc = Document(kind, (), (Problem("unreadable", f"{type(exc).__name__}: {exc}"),))
    return replace(doc, source=name)


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
        from uriinspector.sources.markup import read_markup

        return _labelled(read_markup(decode_text(data, html=True), svg=kind == "svg",
                                     base=base), name)
    if kind == "eml":
        return _labelled(extract_eml(data, read_attachment=_attachment(depth),
                                     passwords=passwords), name)
    legacy: DocumentKind = "msg" if kind == "msg" else "image" if kind == "image" else "text"
    return _labelled(read_bytes(data, name, base=base, kind=legacy), name)


def _attachment(depth: int) -> Callable[[bytes, str, tuple[str, ...]], Document]:
    """How a mail at ``depth`` reads its attached files: as documents one level deeper."""
    def read(data: bytes, part: str, passwords: tuple[str, ...]) -> Document:
        return _nested(passwords, depth)(data, part)
    return read


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


@dataclass(frozen=True, slots=True)
class Source:
    """A path opened for reading: its kind, how many documents (if known), the documents.

    ``documents()`` yields them lazily (a mailbox is read one message at a time); each
    unreadable message is a Document with a problem, never an exception.
    """

    path: str
    kind: DocumentKind
    total: int | None
    base: str | None = None

    def documents(self) -> Iterator[Document]:
        """Each document of the source, in order."""
        if self.kind in ("mbox", "maildir"):
            yield from _mailbox_documents(self.path, self.kind)
            return
        data = read_regular(self.path, MAX_FILE_BYTES + 1)
        if isinstance(data, Problem):
            yield Document("unknown", (), (data,), source=self.path)
            return
        yield read_bytes(data, self.path, base=self.base)


def _is_maildir(path: str) -> bool:
    return all(os.path.isdir(os.path.join(path, sub)) for sub in ("cur", "new"))


def _maildir_entries(path: str) -> list[str]:
    """The message files of a Maildir, ordered as ``mailbox.Maildir``'s sorted keys
    (the unique part before ``:``; ``cur/`` wins over ``new/``); sub-folders skipped."""
    toc: dict[str, str] = {}
    for sub in ("new", "cur"):
        folder = os.path.join(path, sub)
        for entry in os.listdir(folder):
            if not os.path.isdir(os.path.join(folder, entry)):
                toc[entry.split(":")[0]] = os.path.join(folder, entry)
    return [toc[key] for key in sorted(toc)]


def mailbox_messages(path: str, kind: DocumentKind) -> Iterator[tuple[int, bytes] | Document]:
    """Each message of a mailbox as read, in order: its index (from 1) and bytes, or a
    Document saying why it (or the whole box) could not be read. One message at a time:
    what a run holds does not grow with the box (``extract --jobs`` sends these on)."""
    if kind == "maildir":
        yield from _maildir_messages(path)
        return
    opened = open_regular(path)
    if isinstance(opened, Problem):
        yield Document(kind, (), (opened,), source=path)
        return
    with opened:
        yield from _mbox_messages(opened, path)


def _mbox_messages(fh: BinaryIO, path: str) -> Iterator[tuple[int, bytes] | Document]:
    """Each message of the open mbox ``fh``, read as a stream, split as ``mailbox.mbox``
    splits it: every line starting ``From `` begins a message (the line itself left
    out), and a blank line just before the next one (or the end) is not part of it.
    Only the message being read is held, never a table of the whole box."""
    index = 0
    lines: list[bytes] | None = None  # the message being read (None: before the first)
    last_was_empty = False
    try:
        for line in fh:
            if line.startswith(b"From "):
                if lines is not None:
                    index += 1
                    yield index, _joined(lines, last_was_empty)
                lines = []
                last_was_empty = False
                continue
            last_was_empty = line == b"\n"
            if lines is not None:
                lines.append(line)
    except OSError as exc:
        yield Document("eml", (), (Problem(
            "unreadable", f"message {index + 1}: {exc.strerror or exc}"),), source=path,
            index=index + 1)
        return
    if lines is not None:
        yield index + 1, _joined(lines, last_was_empty)


def _joined(lines: list[bytes], last_was_empty: bool) -> bytes:
    """A message's lines, without the blank line that separated it from the next."""
    return b"".join(lines[:-1] if last_was_empty and lines else lines)


#: A small mail that takes every step of a mailbox's reading: headers, a text part, an
#: HTML part with a Safe Links wrapper and an anchor showing another site.
_WARM_MAIL: Final = (
    b"From: News <news@example.com>\nSubject: =?utf-8?q?caf=C3=A9?=\nDate: Sat, 28 Nov 2026"
    b" 00:00:00 +0000\nMIME-Version: 1.0\nContent-Type: multipart/alternative; boundary=b\n"
    b"\n--b\nContent-Type: text/plain\n\nsee https://example.com/a and hxxps://evil[.]example/"
    b"\n--b\nContent-Type: text/html\n\n<a href=\"https://eur01.safelinks.protection.outlook"
    b".com/?url=https%3A%2F%2Fexample.net%2F&amp;data=05\">www.example.org</a>\n--b--\n"
)


def warm_up(render: Callable[[Document], object]) -> None:
    """Read and ``render`` one small mail, so that the tables built on first use (the
    Public Suffix List, the wrapper table's patterns, the grammars) are built in this
    process: workers forked from it start with them (``extract --jobs``)."""
    render(message_document("", 0, _WARM_MAIL))


def message_document(path: str, index: int, data: bytes) -> Document:
    """Message ``index`` of the mailbox at ``path``, read from its ``data`` (its attached
    files too, as a single mail's are). Every reader of a mailbox analyses each link
    (the table, ``--json``, the window), so an anchor's last destination is read from
    its target's analysis (``sources.mismatch.carried_final``), not walked twice."""
    return replace(extract_eml(data, read_attachment=_attachment(0),
                               analyse=target_analysis), source=path, index=index)


def _mailbox_documents(path: str, kind: DocumentKind) -> Iterator[Document]:
    for item in mailbox_messages(path, kind):
        yield item if isinstance(item, Document) else message_document(path, *item)


def _maildir_messages(path: str) -> Iterator[tuple[int, bytes] | Document]:
    """Each message of a Maildir; an entry that is not a regular file (a FIFO left in
    ``cur/``) or is too large is a problem for that message, never a wait."""
    try:
        entries = _maildir_entries(path)
    except OSError as exc:
        yield Document("maildir", (), (Problem(
            "unreadable", f"not a readable mailbox: {exc.strerror or exc}"),), source=path)
        return
    for index, entry in enumerate(entries, 1):
        data = read_regular(entry, MAX_FILE_BYTES + 1)
        if isinstance(data, Problem):
            yield Document("eml", (), (data,), source=path, index=index)
            continue
        if len(data) > MAX_FILE_BYTES:
            yield Document("eml", (), (_too_large(len(data), f"message {index}"),),
                           source=path, index=index)
            continue
        yield index, data


def open_path(path: str, *, base: str | None = None) -> Source:
    """Open ``path`` (a file, an ``.mbox`` or a Maildir folder); never raises."""
    if os.path.isdir(path):
        if _is_maildir(path):
            try:
                total = len(os.listdir(os.path.join(path, "cur"))) + len(
                    os.listdir(os.path.join(path, "new")))
            except OSError:
                total = None
            return Source(path, "maildir", total, base)
        return Source(path, "unknown", None, base)
    head = read_regular(path, 4096)
    if isinstance(head, Problem):
        return Source(path, "unknown", 1, base)
    kind = sniff(head, path)
    if kind == "mbox":
        return Source(path, "mbox", _count_mbox(path), base)
    return Source(path, kind, 1, base)


#: Bytes read at a time when counting an mbox's messages.
COUNT_CHUNK: Final = 1 << 20


def _count_mbox(path: str, chunk: int = COUNT_CHUNK) -> int | None:
    """Messages in an mbox, counted as ``mailbox.mbox`` splits them: every line that
    starts with ``From `` begins a message (a blank line before it is not required).
    Counted in C, ``chunk`` bytes at a time: ``From `` at the start, then each
    ``\nFrom `` (the 5 bytes before a chunk searched again with it, so one cut by the
    chunk's start is counted once), not one line at a time."""
    fh = open_regular(path)
    if isinstance(fh, Problem):
        return None
    try:
        with fh:
            tail = b"\n"  # the file's start is a line's start
            count = 0
            while data := fh.read(chunk):
                joined = tail + data
                count += joined.count(b"\nFrom ")
                tail = joined[-5:]
    except OSError:
        return None
    return count


def read_path(path: str, *, base: str | None = None) -> Iterator[Document]:
    """Every document in ``path``: one for a file, one per message for a mailbox."""
    source = open_path(path, base=base)
    if source.kind == "unknown" and os.path.isdir(path):
        yield Document("unknown", (), (Problem(
            "unreadable", "a folder that is not a Maildir (it has no cur/ and new/)"),),
            source=path)
        return
    yield from source.documents()


@lru_cache(maxsize=4096)
def verdict_of(uri: str) -> str:
    """The core's verdict level for ``uri`` (danger, caution, nothing-notable), cached."""
    return analyze(uri).verdict.level


@lru_cache(maxsize=1024)
def target_analysis(target: str) -> Analysis:
    """``analyze(target)``, cached: a link's verdict, reason and finding codes are read
    from one analysis (a mail repeats its links; of the lazy parts only ``destinations``
    is built, by a mailbox's readers; ~5 KiB each, so the cache holds ~5 MB at most)."""
    return analyze(target)


def link_verdict(link: Link) -> Verdict:
    """The verdict of ``link`` read in its document (``core.verdict.decide``), cached.

    A link whose visible text shows another site than it finally reaches
    (``mismatch``) is danger whatever the link alone says, and says so first.
    """
    context = link.context()
    return decide(target_analysis(link.target), context if context.mismatch else None)


def link_analysis(link: Link) -> Analysis:
    """The analysis of ``link`` read in its document (``core.verdict.in_context``): a
    mismatch is its first finding, and the verdict is :func:`link_verdict`'s."""
    context = link.context()
    return in_context(target_analysis(link.target), context if context.mismatch else None)


def with_verdicts(doc: Document) -> Document:
    """``doc`` with every link's ``verdict`` and ``reason`` from :func:`link_verdict`."""
    links: list[Link] = []
    for link in doc.links:
        verdict = link_verdict(link)
        reason = verdict.reasons[0] if verdict.reasons else None
        links.append(replace(link, verdict=verdict.level, reason=reason))
    return replace(doc, links=tuple(links))
