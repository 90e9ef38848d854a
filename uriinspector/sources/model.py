"""The rows a document turns into: one :class:`Link` per link target, plus problems.

Every reader of the package (HTML, mail, Outlook ``.msg``, images, plain text) returns a
:class:`Document`: immutable, bounded, and already in the shape of the batch contract's
``extract`` entries (protocol 1.1), so the CLI, the batch loop and the window render the
same values.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Literal

from uriinspector.core.spans import Span

#: Where a link came from inside its part.
LinkKind = Literal[
    "href", "src", "action", "formaction", "refresh", "base", "text", "qr", "script",
    "calendar", "shortcut", "template",
]
#: Contract 1.2's ``how`` for each kind: how the document leads the reader to the link.
HOW: dict[str, str] = {
    "href": "link", "src": "link", "base": "link", "action": "form", "formaction": "form",
    "refresh": "refresh", "text": "text", "qr": "qr", "script": "script",
    "calendar": "calendar", "shortcut": "shortcut", "template": "template",
}

#: What kind of document a reader took the input for.
DocumentKind = Literal[
    "text", "html", "eml", "msg", "image", "mbox", "maildir", "unknown", "calendar",
    "shortcut", "pdf", "office", "archive",
]


@dataclass(frozen=True, slots=True)
class Link:
    """One link target found in a document.

    ``uri`` is what the contract reports: the entity-decoded attribute value resolved
    against the document's base (RFC 3986 §5.2), or the cleaned reference of free text
    (draft-2003 App. E). ``raw`` is the value as written (entities decoded, unresolved).
    ``target`` is what to inspect (an App. F guess completed). ``span`` locates the raw
    attribute text (or the reference in free text) in the source string; None for mail
    parts, which are decoded before reading. ``browser_uri`` is set only where a browser
    (WHATWG URL Standard) resolves the reference to something else than RFC 3986 does.
    ``verdict`` is filled by :func:`uriinspector.sources.documents.with_verdicts`.
    """

    uri: str
    raw: str
    target: str
    kind: LinkKind
    span: Span | None = None
    display: str | None = None
    mismatch: bool = False
    shown_domain: str | None = None
    target_domain: str | None = None
    part: str | None = None
    browser_uri: str | None = None
    verdict: str | None = None

    def to_json(self, *, with_part: bool = True, with_how: bool = False) -> dict[str, object]:
        """The contract's ``extract`` entry for ``html``/``eml`` (protocol 1.1); ``with_how``
        adds 1.2's ``how`` (a document read from ``data``)."""
        data: dict[str, object] = {
            "uri": self.uri,
            "start": self.span.start if self.span is not None else None,
            "end": self.span.end if self.span is not None else None,
        }
        if with_part:
            data["part"] = self.part or ""
        if with_how:
            data["how"] = HOW.get(self.kind, "link")
        data["display"] = self.display
        data["mismatch"] = self.mismatch
        return data

    def in_part(self, part: str) -> Link:
        """This link as found in MIME part ``part`` (offsets dropped: the part was decoded)."""
        return replace(self, part=part, span=None)


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the input that could not be read as it should: a value, never raised.

    ``code`` is a stable identifier (``truncated-multipart``, ``bad-base64``,
    ``unknown-charset``, ``not-an-image``, ``too-deep``, ``too-large``, ``too-many-links``,
    ``unreadable``...), ``part`` the MIME part it concerns (or None), ``message`` a sentence.
    """

    code: str
    message: str
    part: str | None = None

    def to_json(self) -> dict[str, object]:
        """``{"code", "part", "message"}``."""
        return {"code": self.code, "part": self.part, "message": self.message}


@dataclass(frozen=True, slots=True)
class Document:
    """What one document (a file, or one message of a mailbox) holds.

    ``source`` names the file; ``index`` is the message's 1-based position in a mailbox
    (None for a single document); ``subject`` the mail's subject when it has one.
    ``text`` is the decoded text the links' spans index into (HTML and text files read
    from bytes), so a source view can select them; None for mails and images.
    """

    kind: DocumentKind
    links: tuple[Link, ...]
    problems: tuple[Problem, ...] = ()
    source: str | None = None
    index: int | None = None
    subject: str | None = None
    text: str | None = field(default=None, repr=False, compare=False)
    #: The contract's format name (protocol 1.2: ``pdf``, ``docx``, ``zip``…) when the
    #: document was read through ``sources.formats``.
    format: str | None = None
