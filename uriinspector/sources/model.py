"""The rows a document turns into: one :class:`Link` per link target, plus problems.

Every reader of the package (HTML, mail, Outlook ``.msg``, images, plain text) returns a
:class:`Document`: immutable, bounded, and already in the shape of the batch contract's
``extract`` entries (protocol 1.1), so the CLI, the batch loop and the window render the
same values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final, Literal

from uriinspector.core.slots import field_setters
from uriinspector.core.spans import Span
from uriinspector.core.verdict import LinkContext
from uriinspector.sources.mail_context import MailContext
from uriinspector.sources.mismatch import carried_final

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
    ``final`` is where the link ends (contract 1.2: the last destination it carries,
    decoded offline; None when it carries none); ``target_domain`` is the registrable
    domain of that end, which ``mismatch`` compares the visible text with. ``verdict``
    and ``reason`` (its first sentence) are filled by
    :func:`uriinspector.sources.documents.with_verdicts` (``core.verdict.decide``).
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
    reason: str | None = None

    @property
    def final(self) -> str | None:
        """The last destination the link carries (decoded offline, cached), None when it
        carries none: computed when asked, as most readers of a 100,000-link page never
        ask (the Extract tab) and the walk costs ~0.1 ms a link."""
        return carried_final(self.target)

    @property
    def final_url(self) -> str:
        """The URL a visitor ends at (contract 1.2 ``final``): the last destination, or
        ``uri`` itself."""
        final = self.final
        return final if final is not None else self.uri

    def context(self) -> LinkContext:
        """What the document showed for this link, for ``core.verdict.decide``."""
        return LinkContext(
            self.display, self.mismatch, self.shown_domain, self.target_domain, self.part
        )

    def to_json(self, *, with_part: bool = True, with_how: bool = False) -> dict[str, object]:
        """The contract's ``extract`` entry for ``html``/``eml`` (protocol 1.2); ``with_how``
        adds ``how`` (a document read from ``data``)."""
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
        data["final"] = self.final_url
        return data


#: Link's slot setters in field order (``core.slots``), for :func:`new_link`.
_LINK_SETTERS: Final = field_setters(Link)
_new_link = Link.__new__


def new_link(
    uri: str, raw: str, target: str, kind: LinkKind, span: Span | None,
    display: str | None, mismatch: bool, shown_domain: str | None,
    target_domain: str | None, part: str | None, browser_uri: str | None,
) -> Link:
    """``Link(uri, raw, …, browser_uri)`` without a verdict, built through its slot
    setters: a mailbox makes ~30 links a message, and a frozen dataclass's ``__init__``
    goes through ``object.__setattr__`` thirteen times (~3 µs a link, ~1 µs this way)."""
    link = _new_link(Link)
    (s_uri, s_raw, s_target, s_kind, s_span, s_display, s_mismatch, s_shown, s_domain,
     s_part, s_browser, s_verdict, s_reason) = _LINK_SETTERS
    s_uri(link, uri)
    s_raw(link, raw)
    s_target(link, target)
    s_kind(link, kind)
    s_span(link, span)
    s_display(link, display)
    s_mismatch(link, mismatch)
    s_shown(link, shown_domain)
    s_domain(link, target_domain)
    s_part(link, part)
    s_browser(link, browser_uri)
    s_verdict(link, None)
    s_reason(link, None)
    return link


@dataclass(frozen=True, slots=True)
class Problem:
    """Something in the input that could not be read as it should: a value, never raised.

    ``code`` is a stable identifier (``truncated-multipart``, ``bad-base64``,
    ``unknown-charset``, ``not-an-image``, ``too-deep``, ``too-large``, ``too-many-links``,
    ``unreadable``, ``over-budget``, ``wrong-format``, ``not-supported``...; the README's
    "Limits" lists them), ``part`` the MIME part it concerns (or None), ``message`` a
    sentence.
    """

    code: str
    message: str
    part: str | None = None

    def to_json(self) -> dict[str, object]:
        """``{"code", "part", "message"}``."""
        return {"code": self.code, "part": self.part, "message": self.message}


#: Codes saying the document itself was not read: ``unreadable`` (damaged),
#: ``wrong-format`` (not what its name says), ``not-supported`` (a format no reader
#: reads); with no link found, the CLI reports the file as skipped and exits 1.
NOT_READ: Final = frozenset({"unreadable", "wrong-format", "not-supported"})


@dataclass(frozen=True, slots=True)
class Document:
    """What one document (a file, or one message of a mailbox) holds.

    ``source`` names the file; ``index`` is the message's 1-based position in a mailbox
    (None for a single document); ``subject``, ``sender`` and ``date`` the mail's
    Subject, From and Date headers (decoded) when it has them.
    ``text`` is the decoded text the links' spans index into (HTML and text files read
    from bytes), so a source view can select them; None for mails and images.
    """

    kind: DocumentKind
    links: tuple[Link, ...]
    problems: tuple[Problem, ...] = ()
    source: str | None = None
    index: int | None = None
    subject: str | None = None
    sender: str | None = None
    date: str | None = None
    text: str | None = field(default=None, repr=False, compare=False)
    #: The contract's format name (protocol 1.2: ``pdf``, ``docx``, ``zip``…) when the
    #: document was read through ``sources.formats``.
    format: str | None = None
    #: A mail's sender, replies, bounces and the receiving server's verdicts
    #: (``sources.mail_context.MailContext``), None for other documents.
    mail: MailContext | None = field(default=None, compare=False)

    def not_read(self) -> tuple[Problem, ...]:
        """The problems that kept the whole document from being read (none once a link
        was found): a ``NOT_READ`` code, or an image document that is no image."""
        if self.links:
            return ()
        return tuple(
            p for p in self.problems
            if p.code in NOT_READ or (p.code == "not-an-image" and p.part is None)
        )
