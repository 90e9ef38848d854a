"""Plain markup read without ``html.parser``: the same events, one regex per token.

A mail's HTML part is mostly well-formed markup: start and end tags with quoted or plain
attribute values, text, comments, a doctype. ``html.parser`` reads each tag in Python,
one attribute at a time, and :class:`~uriinspector.sources.html.LinkScanner` then reads
the tag's attributes again for their offsets (issue 22: about a sixth of a mailbox's
``extract``). :func:`read_plain` tokenizes such a document with one compiled pattern and
hands the scanner the events ``html.parser`` would (tag and attribute names lower-cased,
values entity-decoded, text between tags entity-decoded in the same pieces), with each
value's offsets taken from the match.

It reads only what every ``html.parser`` version reads alike. A document holding
anything else is left untouched (``read_plain`` returns False before any event) and
read by the full parser: a ``<`` that starts no tag, ``<?``, ``<![``, a comment with
``--`` inside or one that starts ``<!-->``, an attribute not set off by white space, a
value written ``= "x"`` or ``=="x"``, a white space character outside ASCII inside a
tag, ``<script>`` and the other elements whose content is not markup, a start tag longer
than :data:`~uriinspector.sources.html_tokens.LONG_TAG`. Tested against ``html.parser``
on generated markup (``tests/sources/test_html_fast.py``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from html import unescape
from html.entities import html5
from typing import Final, Protocol

from uriinspector.sources.html_tokens import LONG_TAG

_S: Final = "[ \t\n\r\f]"
_ATTR: Final = (
    r"[a-zA-Z_:][-a-zA-Z0-9_:.]*"
    r"(?:=(?:\"[^\"]*\"|'[^']*'|[^\s\"'<>`=][^\s\"'<>`]*))?"
)
#: One token: text, a start tag, an end tag, a comment, a doctype (in that group order).
_TOKEN: Final = re.compile(
    r"(?P<text>[^<]+)"
    r"|<(?P<tag>[a-zA-Z][-a-zA-Z0-9:._]*)(?P<attrs>(?:" + _S + "+" + _ATTR + ")*)"
    + _S + r"*(?P<close>/?)>"
    r"|</(?P<end>[a-zA-Z][-a-zA-Z0-9:._]*)" + _S + r"*>"
    r"|<!--(?![->])(?:[^-]|-(?!-))*-->"
    r"|<![dD][oO][cC][tT][yY][pP][eE][^<>]*>"
)
#: One attribute inside a tag's ``attrs`` group, with its value's quote-less span.
_ONE_ATTR: Final = re.compile(
    _S + r"+(?P<name>[a-zA-Z_:][-a-zA-Z0-9_:.]*)"
    r"(?:=(?:\"(?P<dq>[^\"]*)\"|'(?P<sq>[^']*)'|(?P<uq>[^\s\"'<>`=][^\s\"'<>`]*)))?"
)
#: A link attribute's name inside a tag's ``attrs`` group (or such text in a quoted
#: value: then the tag is reported, which is always right).
_LINK_ATTRIBUTE: Final = re.compile(
    "(?i)" + _S + "(?:href|src|action|formaction)(?![-a-zA-Z0-9_:.])")
#: Elements whose content ``html.parser`` (in some version) reads as raw text.
_RAW_TEXT: Final = frozenset({"script", "style", "textarea", "title", "xmp", "iframe",
                              "noembed", "noframes", "noscript", "plaintext"})
#: Where a raw-text element's start tag may begin: a test over the whole part, never
#: missing one (it may find such a name inside a value or a comment: then the tokens
#: are checked one by one).
_RAW_TEXT_NAME: Final = re.compile(
    "<(?i:" + "|".join(sorted(_RAW_TEXT)) + ")(?![-a-zA-Z0-9:._])")

#: A match's whole text (``m.group()``), called from C by ``map``.
_WHOLE: Final = re.Match.group

#: ``html.unescape``'s pattern of a character reference (CPython 3.11-3.13).
_CHARREF: Final = re.compile(r"&(#[0-9]+;?|#[xX][0-9a-fA-F]+;?|[^\t\n\f <&#;]{1,32};?)")
#: The names ``unescape`` knows without a ``;`` (``amp``, ``copy``, ``eacute``…).
_LEGACY: Final = frozenset(name for name in html5 if not name.endswith(";"))
_LEGACY_LONGEST: Final = max(map(len, _LEGACY))
_LEGACY_HEADS: Final = frozenset(name[:2] for name in _LEGACY)

#: Tokens kept from the check for plain markup, so that a part is tokenized once.
HELD_TOKENS: Final = 4096

Attrs = list[tuple[str, str | None]]


class Events(Protocol):
    """What ``read_plain`` calls: ``html.parser``'s handlers, and where a tag starts."""

    def handle_starttag(self, tag: str, attrs: Attrs) -> None: ...
    def handle_startendtag(self, tag: str, attrs: Attrs) -> None: ...
    def handle_endtag(self, tag: str) -> None: ...
    def handle_data(self, data: str) -> None: ...
    def at_tag(self, start: int, spans: list[tuple[int, int] | None]) -> None:
        """The next start tag begins at ``start``; its values' spans from there."""


def _plain_tokens(text: str) -> Iterable[re.Match[str]] | None:
    """The tokens of ``text`` when it is plain markup (tokens end to end, no raw-text
    element, no long tag), else None.

    A part no longer than :data:`LONG_TAG` holds no long tag; its tokens (never empty,
    never overlapping) run end to end when their lengths add up to the part's; and a
    part without ``<script``, ``<style``… anywhere has no raw-text element. Such a
    part (a mail's HTML part) is checked without a step in Python: its tokens listed,
    measured and searched in C. Else (a longer part, or such a name somewhere, perhaps
    only in a value) the tokens are checked one at a time (:func:`_checked_tokens`)."""
    if len(text) <= LONG_TAG:
        tokens = list(_TOKEN.finditer(text))
        if sum(map(len, map(_WHOLE, tokens))) != len(text):
            return None  # something between two tokens, before the first or at the end
        if _RAW_TEXT_NAME.search(text) is None:
            return tokens
    return _checked_tokens(text)


def _checked_tokens(text: str) -> Iterable[re.Match[str]] | None:
    """:func:`_plain_tokens` checked one token at a time: the first ``HELD_TOKENS`` are
    kept and handed back (one pass for a mail's part); past that none are kept and a
    fresh pass is handed back (a flood of tags holds no list)."""
    held: list[re.Match[str]] | None = []
    pos = 0
    for m in _TOKEN.finditer(text):
        if m.start() != pos:
            return None
        tag = m.group("tag")
        if tag is not None and (m.end() - pos > LONG_TAG or tag.lower() in _RAW_TEXT):
            return None
        pos = m.end()
        if held is not None:
            held.append(m)
            if len(held) > HELD_TOKENS:
                held = None
    if pos != len(text):
        return None
    return held if held is not None else _TOKEN.finditer(text)


def _unescaped(value: str) -> str:
    """``html.unescape(value)``, without its Python call per ``&`` where it can: a value
    whose every ``&`` begins ``&amp;`` has those replaced (what ``unescape``'s one
    left-to-right pass makes of them); a value none of whose references ``unescape``
    would change (``&data=05…`` in a link's query: :func:`_changes`) is returned as is."""
    if "&" not in value:
        return value
    if value.count("&") == value.count("&amp;"):
        return value.replace("&amp;", "&")
    for m in _CHARREF.finditer(value):
        if _changes(m.group(1)):
            return unescape(value)
    return value


def _changes(name: str) -> bool:
    """Whether ``unescape`` replaces ``&name`` (a match of its pattern): a numeric
    reference, a name it knows (HTML5's, :data:`html.entities.html5`), or a name
    starting with one known without ``;`` (``&copyx`` is ``©x``). ``name`` holds ``;``
    only at its end, so only those legacy names can be a shorter prefix."""
    if name[0] == "#" or name in html5:
        return True
    if name[:2] not in _LEGACY_HEADS:
        return False  # no legacy name starts as it does (``&data``, ``&id``)
    return any(name[:x] in _LEGACY for x in range(2, min(len(name), _LEGACY_LONGEST + 1)))


def _attributes(m: re.Match[str]) -> tuple[Attrs, list[tuple[int, int] | None]]:
    """A start tag's attributes as ``html.parser`` gives them, and each value's span
    from the tag's ``<``."""
    attrs: Attrs = []
    spans: list[tuple[int, int] | None] = []
    base = m.start()
    for a in _ONE_ATTR.finditer(m.string, m.start("attrs"), m.end("attrs")):
        group = a.lastgroup  # "dq", "sq" or "uq" for a value, "name" without one
        if group == "name" or group is None:
            attrs.append((a.group("name").lower(), None))
            spans.append(None)
            continue
        value = a.group(group)
        attrs.append((a.group("name").lower(), _unescaped(value) if "&" in value else value))
        start, end = a.span(group)
        spans.append((start - base, end - base))
    return attrs, spans


def read_plain(text: str, events: Events, watched: frozenset[str] | None = None) -> bool:
    """Hand ``events`` what ``html.parser`` would report for ``text`` and return True,
    or return False at once, reporting nothing, when ``text`` is not plain markup.

    With ``watched``, the start and end tags of other elements are not reported unless
    the start tag may hold a link attribute (``href``, ``src``, ``action``,
    ``formaction``): a link scanner does nothing with a newsletter's ``<td style=…>``."""
    tokens = _plain_tokens(text)
    if tokens is None:
        return False
    data, start, startend, end = (events.handle_data, events.handle_starttag,
                                  events.handle_startendtag, events.handle_endtag)
    for m in tokens:
        kind = m.lastgroup
        if kind == "text":
            piece = m.group()
            data(_unescaped(piece) if "&" in piece else piece)
        elif kind == "close":
            tag = m.group("tag").lower()
            at, stop = m.span("attrs")
            if watched is not None and tag not in watched and (
                    at == stop or _LINK_ATTRIBUTE.search(text, at, stop) is None):
                continue
            attrs, spans = _attributes(m) if stop > at else ([], [])
            events.at_tag(m.start(), spans)
            (startend if m.group("close") else start)(tag, attrs)
        elif kind == "end":
            tag = m.group("end").lower()
            if watched is None or tag in watched:
                end(tag)
    return True


__all__ = ["HELD_TOKENS", "Events", "read_plain"]
