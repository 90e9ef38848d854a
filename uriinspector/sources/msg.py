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
from uriinspector.sources.html import extract_html
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.qr import QrError, image_format, read_codes

#: Embedded messages followed inside one another.
MAX_DEPTH: Final = 8
#: Largest .msg file read (bytes).
MAX_MSG_BYTES: Final = 64 * 1024 * 1024

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
