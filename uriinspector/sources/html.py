"""Link targets of an HTML document, with the offsets of their attribute values.

Parser choice: the standard library's ``html.parser`` tokenizer. It follows the HTML
tokenizer closely enough for attributes (quoted, unquoted, entity-decoded values;
comments, ``<script>`` and ``<style>`` content skipped as raw text), it needs no native
code, and, unlike html5lib or selectolax, it tells where each start tag begins and gives
its raw text, so every value can be mapped back to its exact span in the source: the
contract wants offsets into ``T``. Tree construction (which html5lib adds) does not
change which attributes a document holds; the one tree rule that matters here, a new
``<a>`` closing an open one, is applied by hand.

What counts as a link target: ``href`` (``<base href>`` also sets the base), ``src``,
``action``, ``formaction`` on any element, and the URL of ``<meta http-equiv=refresh>``.
Relative references are resolved against the base by RFC 3986 §5.2 (``core.resolve``);
where a browser (WHATWG URL Standard, ``core.whatwg``) resolves to another URL, the row
says so in ``browser_uri``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Final

from uriinspector.core.resolve import resolve
from uriinspector.core.spans import Span
from uriinspector.sources.budget import DEFAULT_LIMITS
from uriinspector.sources.html_fast import read_plain
from uriinspector.sources.html_tokens import LinearHTMLParser
from uriinspector.sources.mismatch import Analyse, judge_mismatch
from uriinspector.sources.model import Document, Link, LinkKind, Problem, new_link

#: Most link targets read from one page: the document budget's (``sources.budget``, the
#: same as a mail's); reading stops there with a ``too-many-links`` problem. 200,000 let
#: a 57 MB page of 1,000,000 anchors print for over 3 minutes (issue 20).
MAX_LINKS: Final = DEFAULT_LIMITS.links
#: Longest visible text kept for an anchor (code points).
MAX_DISPLAY: Final = 500

_LINK_ATTRIBUTES: Final[dict[str, LinkKind]] = {
    "href": "href",
    "src": "src",
    "action": "action",
    "formaction": "formaction",
}
_HIDDEN: Final = frozenset({"script", "style", "template", "title"})
#: Elements whose tags the scanner reads whatever their attributes (``read_plain``
#: leaves out the others' tags unless they may hold a link attribute).
_WATCHED: Final = frozenset({"a", "meta", "base", *_HIDDEN})

# One attribute inside a raw start tag, the way html.parser's tolerant scanner reads it:
# a name, then optionally ``=`` and a single-quoted, double-quoted or unquoted value.
_TAG_NAME: Final = re.compile(r"<[^\s/>]*")
_ATTRIBUTE: Final = re.compile(
    r"(?:\s|/(?!>))*"
    r"(?P<name>[^\s/>][^\s/=>]*)"
    r"(?:\s*=+\s*(?:'(?P<sq>[^']*)'|\"(?P<dq>[^\"]*)\"|(?![\'\"])(?P<uq>[^>\s]*)))?"
)
# <meta http-equiv=refresh content="5; url='...'">: seconds, a separator, "url=", the URL.
_REFRESH: Final = re.compile(
    r"\s*[0-9.]*\s*[;,]?\s*(?:url\s*=\s*)?(?P<q>['\"]?)(?P<url>.*)", re.IGNORECASE | re.DOTALL
)
_SCHEME: Final = re.compile(r"[A-Za-z][A-Za-z0-9+.\-]*:")
_WS: Final = re.compile(r"\s+")


def refresh_target(value: str) -> tuple[str, int] | None:
    """The URL of a ``<meta http-equiv=refresh content=...>`` value and its offset in
    ``value`` (HTML §4.2.5.3: after the delay, "url=", optionally quoted), or None."""
    m = _REFRESH.match(value)
    if m is None:
        return None
    url = m.group("url")
    if m.group("q") and m.group("q") in url:
        url = url[: url.index(m.group("q"))]
    url = url.strip()
    if not url:
        return None
    return url, value.index(url, m.start("url"))


@dataclass(slots=True)
class _Pending:
    """A link while the document is still being read (display text grows)."""

    raw: str
    kind: LinkKind
    span: Span | None
    words: list[str] | None = None  # visible text pieces when this is an anchor
    shown: int = 0  # code points in ``words``


@dataclass(slots=True)
class FoundLinks:
    limit: int = MAX_LINKS
    links: list[_Pending] = field(default_factory=list)
    base: str | None = None
    stopped_at: int | None = None  # offset where the link limit stopped the reading


class StopScan(Exception):
    """Raised inside the parser to stop reading once the link limit is reached."""


class LinkScanner(LinearHTMLParser):
    """Collects link attributes with their source spans, and anchor text."""

    wanted_attributes = frozenset({*_LINK_ATTRIBUTES, "http-equiv", "content"})

    def __init__(self, text: str, found: FoundLinks, spans: bool = True) -> None:
        super().__init__()
        self._text = text
        self._found = found
        self._spans = spans  # False: the values' spans are not wanted (a mail's part)
        # html.parser reports positions as (line, column) with lines split at "\n" only;
        # the start of the current line is found as the reading moves on (lines found
        # ahead of it would cost the whole text when a limit stops the reading early).
        self._line = 1
        self._line_start = 0
        self._anchor: _Pending | None = None
        self._hidden: list[str] = []
        self._plain_at: int | None = None  # the tag's offset, when read by ``read_plain``

    # -- positions -----------------------------------------------------------------------

    def at_tag(self, start: int, spans: list[tuple[int, int] | None]) -> None:
        """``read_plain``: the next event is the tag at ``start``, values at ``spans``."""
        self._plain_at = start
        self.long_tag_spans = spans

    def _tag_offset(self) -> int:
        if self._plain_at is not None:
            return self._plain_at
        line, column = self.getpos()
        if line < self._line:
            self._line, self._line_start = 1, 0
        while self._line < line:
            newline = self._text.find("\n", self._line_start)
            if newline == -1:
                break
            self._line, self._line_start = self._line + 1, newline + 1
        return self._line_start + column

    def _value_spans(self, attrs: list[tuple[str, str | None]]) -> list[Span | None]:
        """The span in the source of each attribute's raw value (None where unknown, or
        for a scanner that keeps no spans)."""
        if not self._spans:
            return [None] * len(attrs)
        at = self._tag_offset()
        if self.long_tag_spans is not None:  # a long tag, read with its spans
            return [None if s is None else Span(at + s[0], at + s[1])
                    for s in self.long_tag_spans]
        raw = self.get_starttag_text() or ""
        if self._text[at : at + len(raw)] != raw:
            found = self._text.find(raw, max(0, at - len(raw)))
            if found == -1:
                return [None] * len(attrs)
            at = found
        m = _TAG_NAME.match(raw)
        pos = m.end() if m else 1
        spans: list[Span | None] = []
        names: list[str] = []
        while len(names) < len(attrs):
            a = _ATTRIBUTE.match(raw, pos)
            if a is None or a.end() == pos:
                break
            pos = a.end()
            names.append(a.group("name").lower())
            group = next((g for g in ("sq", "dq", "uq") if a.group(g) is not None), None)
            spans.append(Span(at + a.start(group), at + a.end(group)) if group else None)
        if names != [name for name, _ in attrs]:
            return [None] * len(attrs)  # the tokenizers disagree: do not guess
        return spans

    # -- events --------------------------------------------------------------------------

    def _add(self, raw: str, kind: LinkKind, span: Span | None) -> _Pending | None:
        if len(self._found.links) >= self._found.limit:
            self._found.stopped_at = self._tag_offset()
            raise StopScan
        link = _Pending(raw, kind, span)
        self._found.links.append(link)
        return link

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """Record every link attribute of this element (and anchors' text from here)."""
        if tag in _HIDDEN:
            self._hidden.append(tag)
        if tag == "a":
            self._anchor = None  # a new <a> closes an open one (HTML's adoption rule)
        spans: list[Span | None] | None = None
        refresh = False
        content: tuple[str, Span | None] | None = None
        for i, (name, value) in enumerate(attrs):
            kind = _LINK_ATTRIBUTES.get(name)
            if tag == "meta" and name == "http-equiv" and (value or "").lower() == "refresh":
                refresh = True
            if tag == "meta" and name == "content" and value is not None:
                spans = spans if spans is not None else self._value_spans(attrs)
                content = (value, spans[i])
            if kind is None or value is None:
                continue
            spans = spans if spans is not None else self._value_spans(attrs)
            if tag == "base" and name == "href":
                if self._found.base is None:
                    self._found.base = value
                kind = "base"
            link = self._add(value, kind, spans[i])
            if tag == "a" and name == "href" and link is not None:
                link.words = []
                self._anchor = link
        if refresh and content is not None:
            self._refresh(*content)

    def _refresh(self, value: str, span: Span | None) -> None:
        found = refresh_target(value)
        if found is None:
            return
        url, offset = found
        if span is not None and "&" not in self._text[span.start : span.end]:
            span = Span(span.start + offset, span.start + offset + len(url))
        self._add(url, "refresh", span)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        """``<img src=... />``: the same as a start tag, with nothing inside."""
        self.handle_starttag(tag, attrs)
        if tag in _HIDDEN and self._hidden and self._hidden[-1] == tag:
            self._hidden.pop()
        if tag == "a":
            self._anchor = None

    def handle_endtag(self, tag: str) -> None:
        """``</a>`` ends the anchor's visible text."""
        if tag in _HIDDEN and tag in self._hidden:
            while self._hidden and self._hidden.pop() != tag:
                pass
        if tag == "a":
            self._anchor = None

    def handle_data(self, data: str) -> None:
        """Visible text goes to the open anchor (not script, style or title text)."""
        anchor = self._anchor
        if (
            anchor is not None
            and anchor.words is not None
            and not self._hidden
            and anchor.shown < MAX_DISPLAY * 2
        ):
            anchor.words.append(data)
            anchor.shown += len(data)


def _display(words: list[str] | None) -> str | None:
    if words is None:
        return None
    text = _WS.sub(" ", "".join(words)).strip()
    if not text:
        return None
    return text if len(text) <= MAX_DISPLAY else text[: MAX_DISPLAY - 1] + "…"


def _browser_href(text: str, base: str | None = None) -> str | None:
    """A browser's ``href`` for ``text`` (against ``base``), None if it rejects it.

    Straight through ``ada-url`` (the library behind ``core.whatwg``): only the ``href``
    string is needed here, and reading every component through ``read_whatwg`` would
    cost ten times as much per link on a page of 100,000 links.
    """
    try:
        import ada_url

        if base is None:
            return str(ada_url.normalize_url(text))
        return str(ada_url.join_url(base, text))
    except (ValueError, UnicodeError, TypeError, ImportError):
        return None


def resolve_reference(base: str | None, raw: str) -> tuple[str, str | None]:
    """``(RFC 3986 target, browser's target where it differs)`` of ``raw`` against ``base``.

    Without a usable base the reference stays as written. The browser's answer is
    compared after reading both through the URL Standard, so a difference is one of
    resolution, not of the browser's normalization (``HTTP://A`` → ``http://a/``).
    """
    if base is None:  # not cached: a mailbox's links, every one different, would fill it
        return raw, None
    return _resolved(base, raw)


@lru_cache(maxsize=65536)
def _resolved(base: str, raw: str) -> tuple[str, str | None]:
    """:func:`resolve_reference` against a base, cached (a page repeats its links)."""
    if _SCHEME.match(raw) and "/." not in raw and not any(c.isspace() for c in raw):
        target = raw  # absolute, no dot segment: RFC 3986 §5.2.2 returns it unchanged
    else:
        result = resolve(base, raw, "rfc3986")
        target = result.target if result.target is not None else raw
    browser = _browser_href(raw, base)
    if browser is None or browser == target:
        return target, None
    if _browser_href(target) == browser:
        return target, None
    return target, browser


def extract_html(
    text: str, base: str | None = None, part: str | None = None, *, max_links: int = MAX_LINKS,
    offsets: bool = True, analyse: Analyse | None = None,
) -> Document:
    """Every link target in ``text`` (an HTML document or fragment); never raises.

    ``offsets=False`` leaves the spans out: in a mail's or an Outlook file's part they
    would point into decoded text, not into the file. ``analyse`` (a reader that
    analyses every link anyway) is handed to ``sources.mismatch.judge_mismatch``.

    ``base`` is the document's own URL (the user's choice in the window); a
    ``<base href>`` in the document is resolved against it and wins, as in a browser.
    Reading stops at ``max_links`` link targets, with a problem saying where.
    """
    found = FoundLinks(limit=max(0, max_links))
    problems: list[Problem] = []
    scanner = LinkScanner(text, found, spans=offsets)
    try:
        if not read_plain(text, scanner, _WATCHED):  # plain markup: the same links, cheaper
            scanner.feed(text)
            scanner.close()
    except StopScan:
        pass
    except Exception as exc:  # html.parser has raised on odd markup in some versions
        problems.append(
            Problem(
                "html-parse-error",
                f"The HTML could not be read to the end ({type(exc).__name__}: {exc}); "
                "the links before that point are listed.",
                part,
            )
        )
    doc_base = base
    if found.base is not None:
        joined, _ = resolve_reference(base, found.base) if base else (found.base, None)
        if _SCHEME.match(joined):
            doc_base = joined
    links: list[Link] = []
    for p in found.links:
        uri, browser = (
            resolve_reference(doc_base, p.raw)
            if p.kind != "base"
            else resolve_reference(base, p.raw)
        )
        display = _display(p.words)
        # contract 1.2: the visible text is compared with where the link ends
        mismatch, shown, actual = judge_mismatch(display, uri, analyse)
        links.append(new_link(uri, p.raw, uri, p.kind, p.span if offsets else None, display,
                              mismatch, shown, actual, part, browser))
    if found.stopped_at is not None:
        problems.append(
            Problem(
                "too-many-links",
                f"Reading stopped at the limit of {found.limit:,} link targets (character "
                f"{found.stopped_at:,} of {len(text):,}); the links before it are listed, "
                "the rest of the document was not read.",
                part,
            )
        )
    return Document("html", tuple(links), tuple(problems))


def base_of(text: str) -> str | None:
    """The document's ``<base href>`` as written (the first one), or None."""
    found = FoundLinks()
    scanner = LinkScanner(text, found, spans=False)
    try:
        scanner.feed(text)
        scanner.close()
    except Exception:
        return None
    return found.base

