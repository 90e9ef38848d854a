"""Links in an Outlook ``.msg`` file (an OLE compound file), read with ``extract-msg``.

``extract-msg`` is imported on first use. A message maps onto the same rows as a MIME
mail (:mod:`uriinspector.sources.mail`): the plain body is part ``1 text/plain``, the
HTML body ``2 text/html``, attachments are numbered from 3 (an image attachment is read
for QR codes, an embedded message's parts are named after ``›``), so the window and the
CLI show ``.eml`` and ``.msg`` alike. :func:`extract_message` takes any object with
extract-msg's interface (``body``, ``htmlBody``, ``attachments`` with ``data`` and
``mimetype``). extract-msg cannot write ``.msg`` files: the tests write real ones with a
small compound-file writer (``tests/sources/cfb.py``, ``msgfile.py``).
"""

from __future__ import annotations

import contextlib
from typing import Any, Final

from uriinspector.core.extract import extract
from uriinspector.sources.magic import OLE, describe
from uriinspector.sources.html import extract_html
from uriinspector.sources.mismatch import judge_mismatch
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.qr import QrError, image_format, read_codes
from uriinspector.sources.rtf import MAX_RTF_BYTES, read_rtf

#: Embedded messages followed inside one another.
MAX_DEPTH: Final = 8
#: Largest .msg file read (bytes).
MAX_MSG_BYTES: Final = 64 * 1024 * 1024
#: Largest compressed RTF body decompressed ([MS-OXRTFCP] expands at most about 9x).
MAX_COMPRESSED_RTF: Final = MAX_RTF_BYTES // 2

_SEP: Final = " › "


def _as_text(value: object) -> str:
    if isinstance(value, str):
        return value
    if isinstance(value, bytes | bytearray):
        raw = bytes(value)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError:
            return raw.decode("cp1252", "replace")
    return ""


def _field(obj: Any, name: str, problems: list[Problem], label: str) -> object:
    """``obj.name``, or None with a problem when extract-msg cannot read that stream."""
    try:
        return getattr(obj, name, None)
    except Exception as exc:
        problems.append(
            Problem("unreadable", f"The message's {name} could not be read ({exc}).", label)
        )
        return None


def _rtf(msg: Any, label: str, links: list[Link], problems: list[Problem]) -> None:
    """The RTF body, when it is the only body: its text and ``HYPERLINK`` fields."""
    compressed = _field(msg, "compressedRtf", problems, label)
    if isinstance(compressed, bytes | bytearray) and len(compressed) > MAX_COMPRESSED_RTF:
        problems.append(Problem(
            "too-large",
            f"The RTF body is {len(compressed) / 1e6:.1f} MB compressed; RTF bodies over "
            f"{MAX_COMPRESSED_RTF // (1024 * 1024)} MB compressed are not read.",
            label,
        ))
        return
    rtf = _field(msg, "rtfBody", problems, label)
    if not isinstance(rtf, bytes | bytearray) or not rtf:
        if compressed:
            problems.append(Problem("unreadable", "The RTF body could not be read.", label))
        return
    read = read_rtf(bytes(rtf))
    if read.cut:
        problems.append(Problem(
            "too-large",
            f"The RTF body is over {MAX_RTF_BYTES // (1024 * 1024)} MB; only its first "
            f"{MAX_RTF_BYTES // (1024 * 1024)} MB were read.",
            label,
        ))
    for hyperlink in read.links:
        for e in extract(hyperlink.url)[:1]:
            mismatch, shown, actual = judge_mismatch(hyperlink.shown, e.target)
            links.append(Link(
                uri=e.uri, raw=hyperlink.url, target=e.target, kind="href", part=label,
                display=hyperlink.shown or None, mismatch=mismatch, shown_domain=shown,
                target_domain=actual,
            ))
    links.extend(
        Link(uri=e.uri, raw=e.raw, target=e.target, kind="text", part=label)
        for e in extract(read.text)
    )


def _walk(msg: Any, prefix: str, depth: int, links: list[Link], problems: list[Problem]) -> None:
    body = _as_text(_field(msg, "body", problems, prefix + "1 text/plain"))
    label = prefix + "1 text/plain"
    links.extend(
        Link(uri=e.uri, raw=e.raw, target=e.target, kind="text", part=label)
        for e in extract(body)
    )
    label = prefix + "2 text/html"
    html = _as_text(_field(msg, "htmlBody", problems, label))
    if html:
        doc = extract_html(html, part=label)
        links.extend(link.in_part(label) for link in doc.links)
        problems.extend(Problem(p.code, p.message, label) for p in doc.problems)
    elif not body.strip():
        _rtf(msg, prefix + "2 text/rtf", links, problems)
    attachments = _field(msg, "attachments", problems, prefix + "attachments")
    if not isinstance(attachments, list | tuple):
        return
    for i, att in enumerate(attachments, 3):
        mimetype = _as_text(_field(att, "mimetype", problems, f"{prefix}{i}")) or ""
        data = _field(att, "data", problems, f"{prefix}{i}")
        if isinstance(data, bytes | bytearray):
            label = f"{prefix}{i} {mimetype or 'application/octet-stream'}"
            if mimetype.startswith("image/") or image_format(bytes(data)):
                result = read_codes(bytes(data))
                if isinstance(result, QrError):
                    problems.append(Problem(result.code, result.message, label))
                    continue
                for code in result:
                    links.extend(
                        Link(uri=e.uri, raw=e.raw, target=e.target, kind="qr",
                             part=label + " (QR)")
                        for e in extract(code.text)
                    )
        elif data is not None and hasattr(data, "body"):
            label = f"{prefix}{i} message/rfc822"
            if depth + 1 > MAX_DEPTH:
                problems.append(
                    Problem(
                        "too-deep",
                        f"Embedded messages are nested more than {MAX_DEPTH} deep; the "
                        "deeper ones are not read.",
                        label,
                    )
                )
                continue
            _walk(data, label + _SEP, depth + 1, links, problems)


def extract_message(msg: Any) -> Document:
    """The rows of an opened message (extract-msg's ``Message`` or the same interface)."""
    links: list[Link] = []
    problems: list[Problem] = []
    try:
        _walk(msg, "", 0, links, problems)
    except Exception as exc:
        problems.append(
            Problem(
                "unreadable",
                f"The message could not be read to the end ({type(exc).__name__}: {exc}).",
            )
        )
    subject = _as_text(getattr(msg, "subject", None) or "") or None
    return Document("msg", tuple(links), tuple(problems), subject=subject,
                    sender=_header(msg, "sender"), date=_header(msg, "date"))


def _header(msg: Any, name: str) -> str | None:
    """A header property of the message as one line of text, or None (never raises)."""
    try:
        value = getattr(msg, name, None)
    except Exception:
        return None
    text = " ".join(str(value).split()) if value else ""
    return text[:300] or None


def extract_msg_bytes(data: bytes) -> Document:
    """Every link in the ``.msg`` file ``data``; never raises."""
    if len(data) > MAX_MSG_BYTES:
        return Document(
            "msg",
            (),
            (Problem("too-large", f"The .msg file is {len(data) / 1e6:.1f} MB; not read."),),
        )
    if not data.startswith(OLE):
        what = describe(data[:16])
        return Document("msg", (), (Problem(
            "wrong-format",
            "Not an Outlook message: no OLE header" + (f" (it is {what})." if what else "."),
        ),))
    try:
        import extract_msg
    except ImportError as exc:
        return Document(
            "msg", (), (Problem("unavailable", f"Outlook .msg files need extract-msg: {exc}."),)
        )
    try:
        msg = extract_msg.openMsg(data)
    except Exception as exc:
        return Document(
            "msg",
            (),
            (
                Problem(
                    "unreadable",
                    f"This is not a readable Outlook message ({type(exc).__name__}: {exc}).",
                ),
            ),
        )
    try:
        return extract_message(msg)
    finally:
        with contextlib.suppress(Exception):
            msg.close()
