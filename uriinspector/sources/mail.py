"""Links in a mail (RFC 5322 / MIME): every text and HTML part, attached mails, QR codes.

Python's ``email`` package parses the message with ``compat32``, every header field cut
to a bounded length first (:mod:`uriinspector.sources.headers`), and undoes the transfer
encodings (quoted-printable, base64); only the Subject is decoded (RFC 2047). This
module walks the MIME tree, names each part as mail clients do (``1.2 text/html``; an
attached mail's parts after ``›``: ``2 message/rfc822 › 1 text/plain``), reads plain
parts with ``core.extract`` (draft-2003 App. E), HTML parts with
:mod:`uriinspector.sources.html`, and image parts (and attachments whose bytes are an
image) with :mod:`uriinspector.sources.qr`.

Bad input is listed, never raised: the parser's defects (a truncated multipart, bad
base64), unknown charsets, images that are not images, nesting deeper than
``MAX_DEPTH`` and any failure inside one part each become a
:class:`~uriinspector.sources.model.Problem` for that part, and the rest of the mail is
still read. One :class:`~uriinspector.sources.budget.Budget` per mail bounds its parts,
links, characters searched, decoded pixels and time; crossing a limit is a problem too,
and everything read before it stays listed. Offsets are None: they would point into
decoded text.
"""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable
from email.message import Message
from typing import Final

from uriinspector.core.extract import extract
from uriinspector.sources import charsets, headers
from uriinspector.sources.budget import DEFAULT_LIMITS, Budget
from uriinspector.sources.headers import cut_fields, decode_words, raw_field
from uriinspector.sources.html import extract_html
from uriinspector.sources.mail_context import MailContext, mail_context
from uriinspector.sources.mismatch import Analyse
from uriinspector.sources.model import Document, Link, Problem, new_link
from uriinspector.sources.qr import (
    MAX_PIXELS,
    QrError,
    data_uri_image,
    image_format,
    image_pixels,
    read_codes,
)

#: Attached mails followed inside one another (the outer mail is depth 0).
MAX_DEPTH: Final = 8
#: MIME parts read from one mail; the rest are counted in a problem.
MAX_PARTS: Final = DEFAULT_LIMITS.parts
#: Largest mail read (bytes): above the 25-35 MB most mail systems accept.
MAX_MESSAGE_BYTES: Final = 50 * 1024 * 1024
#: Most links listed from one mail (a large newsletter has a few hundred).
MAX_LINKS: Final = DEFAULT_LIMITS.links
#: Multiparts nested inside one another in one mail (real mails nest a few levels).
MAX_NESTING: Final = 32
#: Problems listed of one code, and in all, for one mail; the rest are counted.
MAX_SAME_CODE: Final = 20
MAX_PROBLEMS: Final = 200
#: Most words taken from a mail's text as passwords for its attachments.
MAX_PASSWORDS: Final = 20
#: "Password: 4821", "the passcode is x7!Q", "Kennwort = …" (a word after the label).
_PASSWORD: Final = re.compile(
    r"(?i)\b(?:password|passcode|passwort|kennwort|pwd|mot de passe|contrase\u00f1a|senha|"
    r"wachtwoord|parola|has\u0142o)\b[^\S\r\n]{0,3}(?:is|:|=|-|\u2013)?[^\S\r\n]{0,3}"
    r"[\"'\u201c\u00ab]?([^\s\"'\u201d\u00bb<>]{3,64}?)[\"'\u201d\u00bb.,;)]?(?=\s|$)"
)
#: What ``extract_eml`` calls to read an attached file: (bytes, part, passwords) -> rows.
ReadAttachment = Callable[[bytes, str, tuple[str, ...]], Document]
#: Characters of one text or HTML part searched for links (bounds the time of a
#: 20 MB mail: core.extract reads about a million characters a second on a slow core).
MAX_PART_CHARS: Final = DEFAULT_LIMITS.part_chars

_SEP: Final = " › "

_DEFECTS: Final[dict[str, tuple[str, str]]] = {
    "StartBoundaryNotFoundDefect": (
        "truncated-multipart",
        "The multipart body never reaches its first boundary: the mail may be truncated.",
    ),
    "CloseBoundaryNotFoundDefect": (
        "truncated-multipart",
        "The multipart body ends without its closing boundary: the mail may be truncated.",
    ),
    "NoBoundaryInMultipartDefect": (
        "truncated-multipart",
        "A multipart part declares no boundary; its content was read as one part.",
    ),
    "MultipartInvariantViolationDefect": (
        "mime-defect",
        "A part claims to be multipart but is not; it was read as one part.",
    ),
    "InvalidBase64PaddingDefect": (
        "bad-base64",
        "A base64 body has bad padding; what could be decoded was read.",
    ),
    "InvalidBase64CharactersDefect": (
        "bad-base64",
        "A base64 body holds characters outside the base64 alphabet; they were skipped.",
    ),
    "InvalidBase64LengthDefect": (
        "bad-base64",
        "A base64 body has an impossible length (it may be cut off); it was decoded as "
        "far as it goes.",
    ),
    "MissingHeaderBodySeparatorDefect": (
        "mime-defect",
        "A header block does not end with an empty line; the rest was read as the body.",
    ),
}


class _State:
    """What a walk over one mail has gathered so far."""

    def __init__(self, read_qr: bool, budget: Budget, defanged: bool = False,
                 read_attachments: bool = False, analyse: Analyse | None = None) -> None:
        self.defanged = defanged  # also defanged indicators in text parts (the window)
        self.analyse = analyse  # how HTML parts' mismatches get a target's analysis
        self.read_attachments = read_attachments
        self.budget = budget
        self.max_links = budget.limits.links
        self.stopped = False  # a document limit was crossed: no further part is read
        self.links: list[Link] = []
        self.problems: list[Problem] = []
        self.parts = 0
        self.skipped_parts = 0
        self.dropped_links = 0
        self.read_qr = read_qr
        self._seen: set[tuple[str | None, str]] = set()
        self._per_code: dict[str, int] = {}
        #: attachments to read once the walk is done (their passwords may come later)
        self.attachments: list[tuple[bytes, str]] = []
        #: the text parts' first 200,000 characters, searched for the words they present
        #: as a password ("Password: 4821") only when the mail has attachments to open
        self.texts: list[str] = []

    def passwords(self) -> list[str]:
        """The words the mail's text parts present as a password, in order: every one of
        a part while fewer than ``MAX_PASSWORDS`` were found before it."""
        found: list[str] = []
        for text in self.texts:
            if len(found) >= MAX_PASSWORDS:
                break
            found += [m.group(1) for m in _PASSWORD.finditer(text)]
        return found

    def problem(self, code: str, message: str, part: str | None) -> None:
        """Record a problem once per part and code, at most ``MAX_SAME_CODE`` per code."""
        key = (part, code)
        if key in self._seen and code != "too-deep":
            return
        self._seen.add(key)
        count = self._per_code.get(code, 0) + 1
        self._per_code[code] = count
        if count <= MAX_SAME_CODE and len(self.problems) < MAX_PROBLEMS:
            self.problems.append(Problem(code, message, part))

    def left_out(self) -> list[Problem]:
        """One problem per code that had more than ``MAX_SAME_CODE``, counting the rest."""
        return [
            Problem(code, f"{count - MAX_SAME_CODE} more '{code}' problems were not listed.")
            for code, count in self._per_code.items()
            if count > MAX_SAME_CODE
        ]

    def add(self, links: tuple[Link, ...] | list[Link]) -> None:
        room = self.max_links - len(self.links)
        if len(links) > room:
            self.dropped_links += len(links) - max(room, 0)
            links = links[: max(room, 0)]
        self.links.extend(links)


def _defects(part: Message, label: str | None, st: _State) -> None:
    """The parser's defects of ``part`` and its header fields cut to the limit."""
    for name, length in cut_fields(part):
        st.problem(
            "too-large",
            f"The {name[:40]} header field holds {length:,} characters; only its first "
            f"{st.budget.limits.header_chars:,} were read (the limit per header field).",
            label,
        )
    for defect in getattr(part, "defects", ()):
        name = type(defect).__name__
        code, message = _DEFECTS.get(
            name, ("mime-defect", f"The MIME structure is damaged ({name}: {defect}).")
        )
        st.problem(code, message, label)


def _lenient_base64(part: Message) -> bytes:
    """A cut-off base64 body decoded as far as it goes (``email`` gives up on it)."""
    raw = _raw_payload(part)
    text = raw if isinstance(raw, str) else ""
    alphabet = re.sub(r"[^A-Za-z0-9+/]", "", text)
    alphabet = alphabet[: len(alphabet) // 4 * 4]
    try:
        return base64.b64decode(alphabet)
    except (binascii.Error, ValueError):
        return b""


# Bytes the parser could not read as ASCII (it keeps them as lone surrogates).
_ESCAPED_BYTE: Final = re.compile("[\udc80-\udcff]")


def _raw_payload(part: Message) -> object:
    """The body as the parser stored it. ``get_payload()`` is no way to it: given bytes
    it could not read as ASCII, it decodes them with the part's declared charset, and a
    ``charset=punycode`` raised there (the walk ended) or ran punycode's quadratic
    decoder on the whole body."""
    return vars(part).get("_payload")


def _unicode_body(part: Message) -> str | None:
    """The body as given when the mail came as a ``str`` holding real non-ASCII text (a
    batch ``eml`` request) and no transfer encoding: ``compat32`` would turn it into
    bytes with ``raw-unicode-escape``, and ``https://аpple.com/`` would lose its host."""
    raw = _raw_payload(part)
    if not isinstance(raw, str) or raw.isascii() or _ESCAPED_BYTE.search(raw):
        return None
    cte = str(part.get("content-transfer-encoding", "")).strip().lower()
    return raw if cte in ("", "7bit", "8bit", "binary") else None


def _decode_text(part: Message, label: str, st: _State) -> str:
    """A text part's content: transfer encoding undone, charset applied, never failing."""
    given = _unicode_body(part)
    if given is not None:
        return given
    try:
        payload = part.get_payload(decode=True)
    except Exception as exc:
        st.problem("unreadable", f"The part's body could not be decoded ({exc}).", label)
        return ""
    if not isinstance(payload, bytes):
        return payload if isinstance(payload, str) else ""
    if any(type(d).__name__ == "InvalidBase64LengthDefect" for d in part.defects):
        payload = _lenient_base64(part)
    try:
        charset = part.get_content_charset()
    except Exception:
        charset = None
    text, failed = charsets.decode(payload, charset)
    if failed is not None:
        st.problem(failed[0], failed[1], label)
    return text


def _bounded(text: str, label: str, st: _State) -> str:
    """``text`` cut to what one part, and what is left of the mail's budget, may search."""
    limit = st.budget.limits.part_chars
    if len(text) > limit:
        st.problem(
            "too-large",
            f"The part holds {len(text):,} characters; only the first {limit:,} were "
            "searched for links (the limit per part).",
            label,
        )
        text = text[:limit]
    allowed, over = st.budget.take_chars(len(text), label)
    if over is not None:
        st.problem(over.code, over.message, label)
        text = text[:allowed]
    return text


def _text_links(text: str, label: str, defanged: bool = False) -> list[Link]:
    return [
        new_link(e.uri, e.raw, e.target, "text", None, None, False, None, None, label, None)
        for e in extract(text, defanged=defanged)
    ]


def _qr_links(data: bytes, label: str, st: _State) -> None:
    pixels = image_pixels(data)
    if pixels is not None and pixels <= MAX_PIXELS:  # larger ones are refused undecoded
        allowed, over = st.budget.take_pixels(pixels, label)
        if over is not None:
            st.problem(over.code, over.message, label)
        if not allowed:
            return
    result = read_codes(data)
    if isinstance(result, QrError):
        st.problem(result.code, result.message, label)
        return
    qr_label = label + " (QR)"
    for code in result:
        found = extract(code.text)
        if not found and code.binary:
            st.problem(
                "qr-binary",
                f"A {code.format} code holds {len(code.text)} bytes of binary data, not a link.",
                qr_label,
            )
        st.add(
            [
                Link(uri=e.uri, raw=e.raw, target=e.target, kind="qr", part=qr_label)
                for e in found
            ]
        )


def _leaf(part: Message, number: str, prefix: str, depth: int, st: _State) -> None:
    try:
        ctype = part.get_content_type()
    except Exception:
        ctype = "application/octet-stream"
    label = f"{prefix}{number} {ctype}"
    if st.stopped:
        return
    spent = st.budget.out_of_time(label)
    if spent is not None:
        st.stopped = True
        st.problem(spent.code, spent.message, label)
        return
    if ctype == "message/rfc822":
        payload = part.get_payload()
        inner = payload[0] if isinstance(payload, list) and payload else None
        _defects(part, label, st)
        if not isinstance(inner, Message):
            st.problem("unreadable", "The attached mail is empty.", label)
            return
        if depth + 1 > MAX_DEPTH:
            st.problem(
                "too-deep",
                f"Attached mails are nested more than {MAX_DEPTH} deep; the deeper ones "
                "are not read.",
                label,
            )
            return
        _message(inner, label + _SEP, depth + 1, st)
        return
    if part.is_multipart():
        if number.count(".") + 1 >= MAX_NESTING:
            st.problem(
                "too-deep",
                f"Multiparts are nested more than {MAX_NESTING} deep; the deeper parts are "
                "not read.",
                label,
            )
            return
        _children(part, number, prefix, depth, st)
        return
    st.parts += 1
    if st.parts > st.budget.limits.parts:
        st.skipped_parts += 1
        return
    maintype = ctype.split("/", 1)[0]
    if maintype == "text":
        text = _bounded(_decode_text(part, label, st), label, st)
    if ctype == "text/html":
        doc = extract_html(text, part=label, max_links=max(0, st.max_links - len(st.links)),
                           offsets=False, analyse=st.analyse)
        st.add(doc.links)
        if st.read_qr:
            for link in doc.links:
                image = data_uri_image(link.uri) if link.kind == "src" else None
                if image is not None:
                    _qr_links(image, label + " data:image", st)
        for p in doc.problems:
            st.problem(p.code, p.message, label)
    elif maintype == "text":
        st.add(_text_links(text, label, st.defanged))
    else:
        try:
            data = part.get_payload(decode=True)
        except Exception:
            data = None
        if isinstance(data, bytes) and (maintype == "image" or image_format(data)):
            if st.read_qr:
                _qr_links(data, label, st)
        elif isinstance(data, bytes) and data and st.read_attachments:
            name = _filename(part)
            st.attachments.append((data, f"{label} › {name}" if name else label))
    if maintype == "text" and st.read_attachments:
        st.texts.append(text[:200_000])
    _defects(part, label, st)


def _filename(part: Message) -> str | None:
    """The attachment's file name as the sender wrote it (a label only, never a path)."""
    try:
        name = part.get_filename()
    except Exception:  # a malformed Content-Disposition: no name
        return None
    if not isinstance(name, str):
        return None
    return " ".join(name.split())[:200] or None


def _part(part: Message, number: str, prefix: str, depth: int, st: _State) -> None:
    """Part ``number`` read on its own: whatever fails inside costs that part only."""
    try:
        _leaf(part, number, prefix, depth, st)
    except RecursionError:
        st.problem("too-deep", "The part is nested too deeply to be read.", prefix + number)
    except Exception as exc:
        st.problem(
            "unreadable",
            f"The part could not be read ({type(exc).__name__}: {str(exc)[:200]}); the "
            "other parts were.",
            prefix + number,
        )


def _children(container: Message, number: str, prefix: str, depth: int, st: _State) -> None:
    _defects(container, f"{prefix}{number or '0'} {container.get_content_type()}", st)
    payload = container.get_payload()
    if not isinstance(payload, list):
        return
    for i, sub in enumerate(payload, 1):
        if isinstance(sub, Message):
            _part(sub, f"{number}.{i}" if number else str(i), prefix, depth, st)


def _message(msg: Message, prefix: str, depth: int, st: _State) -> None:
    """One mail (the outer one, or an attached one whose parts are named after ``prefix``)."""
    if msg.is_multipart() and msg.get_content_maintype() == "multipart":
        _defects(msg, (prefix + "0 " + msg.get_content_type()) if prefix else None, st)
        payload = msg.get_payload()
        if isinstance(payload, list):
            for i, sub in enumerate(payload, 1):
                if isinstance(sub, Message):
                    _part(sub, str(i), prefix, depth, st)
    else:
        _part(msg, "1", prefix, depth, st)


def parse_message(data: bytes | str, header_chars: int = DEFAULT_LIMITS.header_chars) -> Message:
    """The mail's structure, bounded (:func:`uriinspector.sources.headers.parse_message`)."""
    return headers.parse_message(data, header_chars)[0]


def header_of(msg: Message, name: str) -> str | None:
    """The mail's header ``name`` as a reader is shown it: RFC 2047 words decoded (a
    linear decoder), on one line, at most 300 characters, or None; never raises."""
    raw = raw_field(msg, name)
    return None if raw is None else decode_words(raw)


def subject_of(msg: Message) -> str | None:
    """The mail's Subject on one line (RFC 2047 words decoded, bounded), or None."""
    return header_of(msg, "subject")


def extract_eml(
    data: bytes | str,
    *,
    read_qr: bool = True,
    defanged: bool = False,
    budget: Budget | None = None,
    read_attachment: ReadAttachment | None = None,
    passwords: tuple[str, ...] = (),
    analyse: Analyse | None = None,
) -> Document:
    """Every link in the mail ``data`` (bytes as stored, or a str); never raises.

    ``defanged=True`` (the window) also lists defanged indicators of the text parts
    (``core.extract``), each with its refanged form as ``target``; the batch contract's
    ``eml`` answer keeps ``False``. ``budget`` is what the mail may cost (a fresh
    :class:`~uriinspector.sources.budget.Budget` of the default limits unless given).
    ``read_attachment(bytes, part, passwords)`` reads each attached file (a PDF, an
    archive...) once the walk is done, with ``passwords`` and the words the mail's own
    text presents as a password; without it attachments other than images are not read.
    ``analyse`` (a reader that analyses every link anyway: a mailbox's messages) is how
    the HTML parts' anchors get a target's analysis (``sources.mismatch.carried_final``).
    """
    size = len(data)
    if size > MAX_MESSAGE_BYTES:
        return Document(
            "eml",
            (),
            (
                Problem(
                    "too-large",
                    f"The mail is {size / 1e6:.1f} MB; mails over "
                    f"{MAX_MESSAGE_BYTES // (1024 * 1024)} MB are not read.",
                ),
            ),
        )
    budget = budget if budget is not None else Budget()
    st = _State(read_qr, budget, defanged, read_attachment is not None, analyse)
    subject = sender = date = None
    context: MailContext | None = None
    try:
        msg, too_deep = headers.parse_message(data, budget.limits.header_chars)
        if too_deep:
            st.problem(
                "too-deep",
                "The mail's parts are nested too deeply for the parser; the parts after "
                "the deepest one it reached are not read.",
                None,
            )
        subject = subject_of(msg)
        sender, date = header_of(msg, "from"), header_of(msg, "date")
        context = mail_context(msg)
        _message(msg, "", 0, st)
    except RecursionError:
        st.problem(
            "too-deep", "The mail is nested too deeply to be read to the end.", None
        )
    except Exception as exc:  # the walk must answer whatever the parser built
        st.problem(
            "unreadable",
            f"The mail could not be read to the end ({type(exc).__name__}: {exc}); the "
            "links found before that point are listed.",
            None,
        )
    if read_attachment is not None and st.attachments:
        words = tuple(dict.fromkeys((*passwords, *st.passwords())))
        for body, label in st.attachments:
            inner = read_attachment(body, label, words)
            st.add(list(inner.links))
            for p in inner.problems:
                st.problem(p.code, p.message, p.part or label)
    if st.skipped_parts:
        st.problem(
            "too-many-parts",
            f"{st.skipped_parts} more MIME parts were not read (the limit is "
            f"{budget.limits.parts:,} per mail).",
            None,
        )
    for p in budget.left_out():
        st.problem(p.code, p.message, p.part)
    st.problems.extend(st.left_out())
    if st.dropped_links:
        st.problem(
            "too-many-links",
            f"{st.dropped_links} more links were not listed (the limit is "
            f"{budget.limits.links:,} per mail).",
            None,
        )
    return Document(
        "eml", tuple(st.links), tuple(st.problems), subject=subject, sender=sender, date=date,
        mail=context,
    )


__all__ = ["MAX_DEPTH", "extract_eml", "header_of", "parse_message", "subject_of"]
