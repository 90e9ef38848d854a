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
import struct
from typing import Any, Final

from uriinspector.core.extract import extract
from uriinspector.sources.budget import Budget
from uriinspector.sources.html import extract_html
from uriinspector.sources.magic import OLE, describe
from uriinspector.sources.mismatch import judge_mismatch
from uriinspector.sources.model import Document, Link, Problem
from uriinspector.sources.qr import MAX_PIXELS, QrError, image_format, image_pixels, read_codes
from uriinspector.sources.rtf import MAX_RTF_BYTES, read_rtf

#: Embedded messages followed inside one another.
MAX_DEPTH: Final = 8
#: Largest .msg file read (bytes).
MAX_MSG_BYTES: Final = 64 * 1024 * 1024
#: Largest compressed RTF body decompressed ([MS-OXRTFCP] expands at most about 9x).
MAX_COMPRESSED_RTF: Final = MAX_RTF_BYTES // 2
#: Largest RTF body (decompressed bytes) that extract-msg may de-encapsulate when it
#: looks for a missing plain or HTML body: its RTF parser takes about 17 µs a byte, so a
#: larger body is read from its own streams and by :func:`read_rtf` (60 ms for 160 KB).
MAX_DEENCAPSULATED: Final = 256 * 1024

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


def _rtf(msg: Any, label: str, budget: Budget, links: list[Link],
         problems: list[Problem]) -> None:
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
    if read.html:  # encapsulated HTML: its anchors, read as the HTML body would be
        label = label.replace("text/rtf", "text/html")
        doc = extract_html(_text(read.html, label, budget, problems), part=label,
                           max_links=max(0, budget.limits.links - len(links)), offsets=False)
        links.extend(doc.links)
        problems.extend(Problem(p.code, p.message, label) for p in doc.problems)
        return
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
        for e in extract(_text(read.text, label, budget, problems))
    )


def _rtf_size(msg: Any) -> int:
    """The decompressed size the message's compressed RTF declares ([MS-OXRTFCP] §2.1.3.1
    RAWSIZE), 0 when there is none; reading it costs no decompression."""
    try:
        compressed = msg.compressedRtf
    except Exception:
        return 0
    if not isinstance(compressed, bytes | bytearray) or len(compressed) < 16:
        return 0
    return int(struct.unpack_from("<I", compressed, 4)[0])


def _bodies(msg: Any, prefix: str, problems: list[Problem]) -> tuple[str, str]:
    """The plain and HTML bodies; a large RTF body keeps extract-msg from converting it."""
    if _rtf_size(msg) > MAX_DEENCAPSULATED and callable(getattr(msg, "getStream", None)):
        try:
            plain = msg.getStringStream("__substg1.0_1000")
            html = msg.getStream("__substg1.0_10130102")
        except Exception as exc:
            problems.append(Problem("unreadable", f"The message's bodies could not be read "
                                    f"({exc}).", prefix + "1 text/plain"))
            return "", ""
        return _as_text(plain), _as_text(html)
    return (_as_text(_field(msg, "body", problems, prefix + "1 text/plain")),
            _as_text(_field(msg, "htmlBody", problems, prefix + "2 text/html")))


def _text(text: str, label: str, budget: Budget, problems: list[Problem]) -> str:
    """``text`` cut to what one part, and what is left of the document's budget, may search."""
    limit = budget.limits.part_chars
    if len(text) > limit:
        problems.append(Problem(
            "too-large",
            f"The part holds {len(text):,} characters; only the first {limit:,} were "
            "searched for links (the limit per part).",
            label,
        ))
        text = text[:limit]
    allowed, over = budget.take_chars(len(text), label)
    if over is not None:
        problems.append(over)
    return text[:allowed]


def _image(data: bytes, label: str, budget: Budget, links: list[Link],
           problems: list[Problem]) -> None:
    """The barcodes of an attached image, within the document's pixel budget."""
    pixels = image_pixels(data)
    if pixels is not None and pixels <= MAX_PIXELS:
        allowed, over = budget.take_pixels(pixels, label)
        if over is not None:
            problems.append(over)
        if not allowed:
            return
    result = read_codes(data)
    if isinstance(result, QrError):
        problems.append(Problem(result.code, result.message, label))
        return
    for code in result:
        links.extend(
            Link(uri=e.uri, raw=e.raw, target=e.target, kind="qr", part=label + " (QR)")
            for e in extract(code.text)
        )


def _walk(msg: Any, prefix: str, depth: int, budget: Budget, links: list[Link],
          problems: list[Problem]) -> None:
    body, html = _bodies(msg, prefix, problems)
    label = prefix + "1 text/plain"
    links.extend(
        Link(uri=e.uri, raw=e.raw, target=e.target, kind="text", part=label)
        for e in extract(_text(body, label, budget, problems))
    )
    label = prefix + "2 text/html"
    if html:
        doc = extract_html(_text(html, label, budget, problems), part=label,
                           max_links=max(0, budget.limits.links - len(links)), offsets=False)
        links.extend(doc.links)
        problems.extend(Problem(p.code, p.message, label) for p in doc.problems)
    elif not body.strip():
        _rtf(msg, prefix + "2 text/rtf", budget, links, problems)
    attachments = _field(msg, "attachments", problems, prefix + "attachments")
    if not isinstance(attachments, list | tuple):
        return
    if len(attachments) > budget.limits.parts:
        problems.append(Problem(
            "too-many-parts",
            f"{len(attachments) - budget.limits.parts} more attachments were not read (the "
            f"limit is {budget.limits.parts:,} per message).",
            prefix + "attachments",
        ))
    for i, att in enumerate(attachments[: budget.limits.parts], 3):
        if budget.spent is not None:
            return
        spent = budget.out_of_time(f"{prefix}{i}")
        if spent is not None:
            problems.append(spent)
            return
        mimetype = _as_text(_field(att, "mimetype", problems, f"{prefix}{i}")) or ""
        data = _field(att, "data", problems, f"{prefix}{i}")
        if isinstance(data, bytes | bytearray):
            label = f"{prefix}{i} {mimetype or 'application/octet-stream'}"
            if mimetype.startswith("image/") or image_format(bytes(data)):
                _image(bytes(data), label, budget, links, problems)
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
            _walk(data, label + _SEP, depth + 1, budget, links, problems)


def extract_message(msg: Any, budget: Budget | None = None) -> Document:
    """The rows of an opened message (extract-msg's ``Message`` or the same interface),
    within ``budget`` (a fresh one of the default limits unless given)."""
    budget = budget if budget is not None else Budget()
    links: list[Link] = []
    problems: list[Problem] = []
    try:
        _walk(msg, "", 0, budget, links, problems)
    except Exception as exc:
        problems.append(
            Problem(
                "unreadable",
                f"The message could not be read to the end ({type(exc).__name__}: {exc}).",
            )
        )
    problems.extend(budget.left_out())
    if len(links) > budget.limits.links:
        problems.append(Problem(
            "too-many-links",
            f"{len(links) - budget.limits.links} more links were not listed (the limit is "
            f"{budget.limits.links:,} per message).",
        ))
        del links[budget.limits.links :]
    return Document("msg", tuple(links), tuple(problems[:200]), subject=_header(msg, "subject"),
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
