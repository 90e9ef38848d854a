"""Every reference of an HTML page resolved at once, by RFC 3986 and as browsers do.

For web developers checking a page's links against its ``<base href>``: the page URL
(the user's), the base (HTML: the *first* ``base`` element with an ``href``, resolved
against the page URL; the document's URL when there is none or it fails), and one row
per reference (``a``/``area``/``link`` href, ``img``/``script``/``iframe``/``source``
``src``, each ``srcset`` candidate, ``form`` action, ``formaction``, ``poster``,
``object data``, ``cite``, ``<meta http-equiv=refresh>``) with its two resolutions
(``core.resolve``: the RFC 3986 §5.2 trace and the browser trace with its reasons), a
difference flag, and whether following it stays in this document (HTML, via
``core.navigation``; not RFC 3986 §4.4's comparison with the base).

The tokenizer and span mapping are ``sources.html``'s (exact code-point spans of each
attribute value in the source). Bounded: at most :data:`MAX_REFERENCES` rows, and reading
stops after :data:`MAX_READ` references with a problem saying where.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from uriinspector.core.navigation import same_document, without_fragment
from uriinspector.core.resolve import Resolution, resolve
from uriinspector.core.schemes import scheme_facts
from uriinspector.core.spans import Span
from uriinspector.core.split import split
from uriinspector.core.whatwg import read_whatwg
from uriinspector.sources.html import MAX_LINKS, FoundLinks, LinkScanner, StopScan, refresh_target

#: Most references resolved per page (each carries two traces); the rest are counted.
MAX_REFERENCES: Final = 5_000
#: Most references read from one page (the document link budget, ``sources.html``):
#: counting the rest of a 47 MB page of 1,000,000 anchors took 25 s (issue 20).
MAX_READ: Final = MAX_LINKS

#: (element, attribute) pairs holding one URL; ``*`` means any element.
URL_ATTRIBUTES: Final = frozenset({
    ("a", "href"), ("area", "href"), ("link", "href"), ("*", "src"), ("form", "action"),
    ("*", "formaction"), ("video", "poster"), ("object", "data"), ("*", "cite"),
    ("*", "background"), ("*", "ping"),
})
#: References a browser follows by navigating (the others load a resource).
NAVIGATIONS: Final = frozenset({
    "a href", "area href", "form action", "button formaction", "input formaction",
    "meta refresh", "iframe src", "frame src",
})
#: Attributes holding a candidate list (HTML "parse a srcset attribute").
SRCSET_ATTRIBUTES: Final = frozenset({"srcset", "imagesrcset"})
_SRCSET_URL: Final = re.compile(r"[^\t\n\f\r ]+")
_SRCSET_SKIP: Final = re.compile(r"[\t\n\f\r ,]*")
_SRCSET_DESCRIPTORS: Final = re.compile(r"(?:[^,(]|\([^)]*\)?)*")


@dataclass(frozen=True, slots=True)
class PageReference:
    """One reference of the page and what both rule sets make of it.

    ``where`` is ``element attribute`` (``img srcset``), ``raw`` the URL as written
    (entities decoded), ``span`` its exact place in the page text: the attribute value
    as written (entities undecoded, as ``sources.html``); for a ``srcset`` candidate,
    None when entities were decoded in the attribute. ``rfc3986`` and ``browser`` are
    full resolutions with their traces; ``differs`` is True when the browser goes
    somewhere else than the RFC 3986 target (up to RFC 3986 §6.2.2.1/§6.2.3 case and
    default-port normalization: those alone are no difference). ``same_document`` is HTML's answer
    for the browser target: following it scrolls this page instead of loading one.
    """

    where: str
    raw: str
    span: Span | None
    rfc3986: Resolution
    browser: Resolution
    differs: bool
    same_document: bool

    @property
    def fragment_only(self) -> bool:
        """Whether the reference is only a fragment (``#top``)."""
        return self.raw.strip().startswith("#")

    def destination(self) -> str:
        """Where following it goes, in a few words (HTML navigate; details in the trace)."""
        if self.browser.target is None:
            return "nowhere: browsers reject it"
        if self.raw.strip().lower().startswith("javascript:"):
            return "runs script"
        if self.where not in NAVIGATIONS:
            return "loads a resource"
        if self.same_document:
            return "this page (scrolls)"
        if self.fragment_only:
            return "the base's page, not this one"
        return "another document"


@dataclass(frozen=True, slots=True)
class PageLinks:
    """A page's base and every reference resolved both ways.

    ``page_url`` is as the user set it, ``document_url`` a browser's reading of it
    (fragment removed; None when empty or rejected). ``base_href`` is the first
    ``<base href>`` as written (``base_span`` its place); ``base_rfc3986`` and
    ``base_browser`` the base each rule set resolves references against.
    ``left_out`` counts references beyond :data:`MAX_REFERENCES`.
    """

    page_url: str
    document_url: str | None
    base_href: str | None
    base_span: Span | None
    base_rfc3986: str | None
    base_browser: str | None
    references: tuple[PageReference, ...]
    problems: tuple[str, ...]
    left_out: int

    @property
    def differences(self) -> int:
        """How many references browsers resolve elsewhere than RFC 3986."""
        return sum(1 for r in self.references if r.differs)


@dataclass(slots=True)
class _Raw:
    where: str
    raw: str
    span: Span | None


class _PageScanner(LinkScanner):
    """``sources.html``'s scanner, collecting every URL-bearing attribute."""

    wanted_attributes = frozenset(
        {name for _, name in URL_ATTRIBUTES} | SRCSET_ATTRIBUTES | {"http-equiv", "content"}
    )

    def __init__(self, text: str, found: FoundLinks) -> None:
        super().__init__(text, found)
        self.refs: list[_Raw] = []
        self.base: _Raw | None = None
        self.seen = 0
        self.stopped_at: int | None = None

    def _keep(self, where: str, raw: str, span: Span | None) -> None:
        if self.seen >= MAX_READ:
            self.stopped_at = self._tag_offset()
            raise StopScan
        self.seen += 1
        if len(self.refs) < MAX_REFERENCES:
            self.refs.append(_Raw(where, raw, span))

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Every URL attribute of this element, with its exact span."""
        spans: list[Span | None] | None = None
        refresh = False
        content: tuple[str, Span | None] | None = None
        for i, (name, value) in enumerate(attrs):
            if value is None:
                continue
            url = (tag, name) in URL_ATTRIBUTES or ("*", name) in URL_ATTRIBUTES
            if tag == "meta" and name == "http-equiv" and value.lower() == "refresh":
                refresh = True
            wanted = (url or name in SRCSET_ATTRIBUTES or (tag == "base" and name == "href")
                      or (tag == "meta" and name == "content"))
            if not wanted:
                continue
            spans = spans if spans is not None else self._value_spans(attrs)
            span = spans[i]
            if tag == "base" and name == "href":
                if self.base is None:  # HTML: the first base element with an href
                    self.base = _Raw("base href", value, span)
            elif tag == "meta" and name == "content":
                content = (value, span)
            elif name in SRCSET_ATTRIBUTES:
                self._srcset(f"{tag} {name}", value, span)
            else:
                self._keep(f"{tag} {name}", value, span)
        if refresh and content is not None:
            self._refresh(*content)

    def _exact(self, value: str, span: Span | None) -> bool:
        return span is not None and self._text[span.start : span.end] == value

    def _srcset(self, where: str, value: str, span: Span | None) -> None:
        """HTML "parse a srcset attribute": each candidate's URL (descriptors skipped)."""
        exact = self._exact(value, span)
        pos = 0
        n = len(value)
        while True:
            pos = _SRCSET_SKIP.match(value, pos).end()  # type: ignore[union-attr]
            if pos >= n:
                return
            m = _SRCSET_URL.match(value, pos)
            if m is None:
                return
            url = m.group()
            end = m.end()
            if url.endswith(","):
                url = url.rstrip(",")
                end = pos + len(url)
                nxt = m.end()
            else:
                nxt = _SRCSET_DESCRIPTORS.match(value, end).end()  # type: ignore[union-attr]
            at = Span(span.start + pos, span.start + end) if exact and span else None
            if url:
                self._keep(where, url, at)
            pos = max(nxt, pos + 1)

    def _refresh(self, value: str, span: Span | None) -> None:
        found = refresh_target(value)
        if found is None:
            return
        url, offset = found
        at = None
        if self._exact(value, span) and span is not None:
            at = Span(span.start + offset, span.start + offset + len(url))
        self._keep("meta refresh", url, at)


def _browser_href(url: str) -> str | None:
    """A browser's serialization of ``url`` without its fragment (None if rejected)."""
    href = read_whatwg(url).href
    return None if href is None else without_fragment(href)


_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_PCT: Final = re.compile(r"%[0-9a-fA-F]{2}")


def hex_upper(text: str) -> str:
    """``%2f`` -> ``%2F`` (RFC 3986 §6.2.2.1: hex digits compare case-insensitively)."""
    return _PCT.sub(lambda m: m.group().upper(), text)


def _key(url: str) -> tuple[str | None, ...]:
    """``url`` compared as RFC 3986 §6.2.2.1 and §6.2.3 allow: scheme and host case,
    hex-digit case, a default port, an empty path of a web URL; nothing else (dot
    segments and decoded octets stay: a server receives them as written)."""
    s = split(url)
    scheme = s.scheme.text.lower() if s.scheme is not None else None
    authority = None
    path = hex_upper(s.path.text)
    if s.authority is not None:
        facts = scheme_facts(scheme) if scheme else None
        port = s.port.text if s.port is not None else ""
        if facts is not None and port == str(facts.default_port):
            port = ""
        user = s.userinfo.text + "@" if s.userinfo is not None else ""
        host = hex_upper((s.host.text if s.host is not None else "").lower())
        authority = user + host + (":" + port if port else "")
        if path == "" and scheme in ("http", "https", "ws", "wss", "ftp"):
            path = "/"
    query = None if s.query is None else hex_upper(s.query.text)
    fragment = None if s.fragment is None else hex_upper(s.fragment.text)
    return (scheme, authority, path, query, fragment)


def _reads_same(a: str | None, b: str | None) -> bool:
    """Whether ``a`` and ``b`` name the same target up to RFC 3986 §6.2.2.1/§6.2.3 case
    and port normalization. Not through the URL Standard: reading the RFC 3986 target
    ``http:g`` or ``/v2/..\\x`` as a browser would hide the very difference shown."""
    if a is None or b is None:
        return a == b
    return a == b or _key(a) == _key(b)


def _own_base(raw: str) -> str:
    """Without a base, a reference with a scheme is its own (RFC 3986 §5.2.2: the base
    is not used when R.scheme is defined); anything else has none ("")."""
    return raw if _SCHEME.match(raw.strip()) else ""


def page_links(text: str, page_url: str = "") -> PageLinks:
    """Read ``text`` (an HTML page) against ``page_url``; never raises."""
    found = FoundLinks()
    scanner = _PageScanner(text, found)
    problems: list[str] = []
    try:
        scanner.feed(text)
        scanner.close()
    except StopScan:
        pass
    except Exception as exc:  # html.parser has raised on odd markup in some versions
        problems.append(f"The HTML could not be read to the end ({type(exc).__name__}); "
                        "the references before that point are listed.")
    if scanner.stopped_at is not None:
        problems.append(f"Reading stopped at the limit of {MAX_READ:,} references (character "
                        f"{scanner.stopped_at:,} of {len(text):,}); the rest of the page "
                        "was not read.")
    page = page_url.strip()
    document_url = _browser_href(page) if page else None
    if page and document_url is None:
        problems.append("Browsers reject the page URL: relative references cannot be "
                        "resolved the browsers' way.")
    base_raw = scanner.base
    base_rfc: str | None = page or None
    base_browser: str | None = document_url
    if base_raw is not None:
        # HTML "set the frozen base URL": the href parsed against the document's
        # fallback base URL; on failure the fallback base URL is kept.
        rfc = resolve(page, base_raw.raw, "rfc3986") if page else None
        if rfc is not None and rfc.target is not None:
            base_rfc = rfc.target
        elif resolve(base_raw.raw, "", "rfc3986").target is not None:
            base_rfc = base_raw.raw
        br = resolve(document_url or base_raw.raw, base_raw.raw, "whatwg")
        if br.target is not None:
            base_browser = br.target
        else:
            problems.append("Browsers reject the <base href>: the page URL is the base.")
    rows: list[PageReference] = []
    # A page repeats its references (icons, "#", the same stylesheet): each distinct
    # one is resolved once; the results are immutable, so rows share them.
    memo: dict[str, tuple[Resolution, Resolution, bool, bool]] = {}
    for r in scanner.refs:
        done = memo.get(r.raw)
        if done is None:
            a = resolve(base_rfc or _own_base(r.raw), r.raw, "rfc3986")
            # No document URL: a browser parses against no base, as against an opaque
            # about:blank (URL Standard §4.4 no scheme state: relative input fails).
            b = resolve(base_browser or "about:blank", r.raw, "whatwg")
            done = (a, b, not _reads_same(a.target, b.target),
                    same_document(b.target, document_url))
            memo[r.raw] = done
        rows.append(PageReference(r.where, r.raw, r.span, *done))
    return PageLinks(
        page_url, document_url, None if base_raw is None else base_raw.raw,
        None if base_raw is None else base_raw.span, base_rfc, base_browser,
        tuple(rows), tuple(problems), max(0, scanner.seen - len(rows)),
    )
