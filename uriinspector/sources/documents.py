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

import contextlib
import mailbox
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Final

from uriinspector.core.analysis import Analysis, Verdict, analyze
from uriinspector.core.extract import extract
from uriinspector.core.verdict import decide, in_context
from uriinspector.sources.files import open_regular, read_regular
from uriinspector.sources.html import extract_html
from uriinspector.sources.magic import OLE, describe
from uriinspector.sources.mail import extract_eml
from uriinspector.sources.model import Document, DocumentKind, Link, Problem
from uriinspector.sources.msg import extract_msg_bytes
from uriinspector.sources.qr import QrError, image_format, read_codes

#: Largest single file read (bytes); a mailbox is read one message at a time.
MAX_FILE_BYTES: Final = 64 * 1024 * 1024

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
    kind = kind or sniff(data, name)
    foreign = describe(data[:16]) if kind == "unknown" else None
    if foreign is not None:
        what = f"{foreign[0].upper()}{foreign[1:]}: not supported."
        return Document(kind, (), (Problem("not-supported", what),), source=name)
    try:
        if kind == "msg":
            doc = extract_msg_bytes(data)
        elif kind == "image":
            doc = extract_image(data)
        elif kind in ("eml", "mbox"):
            if kind == "mbox" and data.startswith(b"From "):
                data = data.split(b"\n", 1)[1] if b"\n" in data else b""
            doc = extract_eml(data, defanged=defanged)
        elif kind == "html":
            text = decode_text(data, html=True)
            doc = replace(extract_html(text, base=base), text=text)
        else:
            text = decode_text(data)
            doc = replace(extract_text(text, defanged=defanged), text=text)
    except MemoryError:  # the window's reader runs under an address-space limit
        doc = Document(kind, (), (Problem(
            "memory-limit", "Reading it needed more memory than allowed; it was stopped."),))
    except Exception as exc:  # every reader answers; this is the last net
        doc = Document(kind, (), (Problem("unreadable", f"{type(exc).__name__}: {exc}"),))
    return replace(doc, source=name)


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


def _mailbox_documents(path: str, kind: DocumentKind) -> Iterator[Document]:
    if kind == "maildir":
        yield from _maildir_documents(path)
        return
    checked = open_regular(path)  # mailbox.mbox opens the path itself: check it first
    if isinstance(checked, Problem):
        yield Document(kind, (), (checked,), source=path)
        return
    checked.close()
    try:
        box = mailbox.mbox(path, factory=None, create=False)
        keys = list(box.keys())
    except Exception as exc:
        yield Document(kind, (), (Problem("unreadable", f"not a readable mailbox: {exc}"),),
                       source=path)
        return
    for index, key in enumerate(keys, 1):
        try:
            data = box.get_bytes(key)
        except Exception as exc:
            yield Document("eml", (), (Problem("unreadable", f"message {index}: {exc}"),),
                           source=path, index=index)
            continue
        doc = extract_eml(data)
        yield replace(doc, source=path, index=index)
    with contextlib.suppress(Exception):
        box.close()


def _maildir_documents(path: str) -> Iterator[Document]:
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
        yield replace(extract_eml(data), source=path, index=index)


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


def _count_mbox(path: str) -> int | None:
    """Messages in an mbox, counted as ``mailbox.mbox`` splits them: every line that
    starts with ``From `` begins a message (a blank line before it is not required)."""
    count = 0
    fh = open_regular(path)
    if isinstance(fh, Problem):
        return None
    try:
        with fh:
            for line in fh:
                if line.startswith(b"From "):
                    count += 1
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
def _analysis(target: str) -> Analysis:
    """``analyze(target)``, cached: a link's verdict, reason and finding codes are read
    from one analysis (a mail repeats its links; the lazy parts are never built here;
    ~5 KiB each, so the cache holds ~5 MB at most)."""
    return analyze(target)


def link_verdict(link: Link) -> Verdict:
    """The verdict of ``link`` read in its document (``core.verdict.decide``), cached.

    A link whose visible text shows another site than it finally reaches
    (``mismatch``) is danger whatever the link alone says, and says so first.
    """
    context = link.context()
    return decide(_analysis(link.target), context if context.mismatch else None)


def link_analysis(link: Link) -> Analysis:
    """The analysis of ``link`` read in its document (``core.verdict.in_context``): a
    mismatch is its first finding, and the verdict is :func:`link_verdict`'s."""
    context = link.context()
    return in_context(_analysis(link.target), context if context.mismatch else None)


def with_verdicts(doc: Document) -> Document:
    """``doc`` with every link's ``verdict`` and ``reason`` from :func:`link_verdict`."""
    links: list[Link] = []
    for link in doc.links:
        verdict = link_verdict(link)
        reason = verdict.reasons[0] if verdict.reasons else None
        links.append(replace(link, verdict=verdict.level, reason=reason))
    return replace(doc, links=tuple(links))
