"""The standard ``html.parser`` tokenizer, kept linear on hostile input.

``html.parser`` is linear on well-formed markup, but when a construct never finds its
end it tries again at every later ``<``, each time searching to the end of the text:
1 MB of ``</`` or ``<?`` took minutes, 100 KB of ``<!--x>`` seconds (issue 20). Each
of those searches happens once the whole text is in (``close()``), over a text that no
longer changes, so :class:`LinearHTMLParser` remembers what a search found not to be
there:

- no ``>`` after the last one: from there on every ``<`` starts only text (an end tag,
  comment, declaration, processing instruction or start tag all need one), so the rest
  is handed over as text at once instead of one ``<`` at a time;
- no ``--\\s*>`` (comment end) or ``]]>``/``]>`` (marked section end) after a failed
  search: a later comment or section fails at once; the text up to the next ``>`` is
  text, as before;
- a start tag that never closes (an unmatched quote): the text its attributes ran over
  is text, instead of the text up to its first ``>`` (then the same attributes again
  from the next ``<``, one tag per ``<``). Browsers read such a tag to its quote's end
  too; nothing a browser would show as a link is skipped.

A start tag longer than :data:`LONG_TAG` (a flood of ``<a <a <a``: one tag of
millions of attributes: 90 bytes of memory per character of input) keeps each
attribute name's first occurrence only, as browsers do (HTML §13.2.5.33, a duplicate
attribute is dropped), and past :data:`MAX_TAG_ATTRIBUTES` distinct names only the
names its reader asked for (:attr:`LinearHTMLParser.wanted_attributes`).

``<![`` followed by anything but a known keyword, which ``_markupbase`` answers with an
``AssertionError`` (ending the reading, and so hiding every later link), is a bogus
comment as in the HTML tokenizer (HTML §13.2.5.42, markup declaration open state).

Well-formed markup never reaches these paths: its events, and so every link and
offset, are those of the standard parser.
"""

from __future__ import annotations

import html.parser
import re
from html import unescape
from html.parser import HTMLParser
from typing import ClassVar, Final

#: Start tags longer than this (code points) are read with bounded memory.
LONG_TAG: Final = 8_192
#: Distinct attributes kept from one long start tag, besides the wanted ones.
MAX_TAG_ATTRIBUTES: Final = 256

# The ends html.parser and _markupbase search for (their patterns, not imported: private).
_COMMENT_END: Final = "comment"
_SECTION_END: Final = "section"  # <![CDATA[ ... ]]>, <![INCLUDE[ ... ]]>
_MS_SECTION_END: Final = "ms-section"  # <![if ...]>, Office's conditional sections
_MS_SECTION: Final = re.compile(r"(?:if|else|endif)(?![-_.a-zA-Z0-9])", re.IGNORECASE)
# html.parser finds a start tag's end with one pattern repeating over the attributes
# (locatestarttagend_tolerant); the regex engine keeps ~180 bytes per character of the
# tag to backtrack into (a 64 MB tag of "<a <a <a": 11 GB). The same pattern is matched
# here one attribute at a time: a tag name and separators, then each attribute with
# what follows it.
_TAG_OPEN: Final = re.compile(r"<[a-zA-Z][^\t\n\r\f />\x00]*[\s/]*")
_ATTRIBUTE_STEP: Final = re.compile(
    r"""(?<=['"\s/])[^\s/>][^\s/=>]*"""  # an attribute name
    r"""(?:\s*=+\s*(?:'[^']*'|"[^"]*"|(?!['"])[^>\s]*)\s*)?"""  # its value
    r"""(?:\s|/(?!>))*"""
)
_SPACES: Final = re.compile(r"\s*")
# html.parser's tag name and attribute patterns, for the long tags read here.
_TAG_NAME: Final[re.Pattern[str]] = getattr(html.parser, "tagfind_tolerant")  # noqa: B009
_ATTRIBUTE: Final[re.Pattern[str]] = getattr(html.parser, "attrfind_tolerant")  # noqa: B009


class LinearHTMLParser(HTMLParser):
    """``HTMLParser`` whose end-of-input pass does each failed search once."""

    #: Attribute names a long tag keeps past :data:`MAX_TAG_ATTRIBUTES` (the reader's).
    wanted_attributes: ClassVar[frozenset[str]] = frozenset()

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        #: Value spans (from the tag's ``<``) of the long tag being reported, else None.
        self.long_tag_spans: list[tuple[int, int] | None] | None = None
        self._checked: tuple[int, int] | None = None  # (tag start, its end) just found
        self._closing = False
        self._last_gt = -1
        self._no_end_from: dict[str, int] = {}

    def close(self) -> None:
        """Read the rest as at the end of input, with the text now fixed."""
        self._closing = True
        self._last_gt = self.rawdata.rfind(">")
        self._no_end_from = {}
        super().close()

    # -- helpers -------------------------------------------------------------------------

    def _tag_extent(self, i: int) -> int:
        """Where html.parser's start-tag pattern, matched at ``i``, would end."""
        rawdata = self.rawdata
        m = _TAG_OPEN.match(rawdata, i)
        if m is None:
            return i
        j = m.end()
        while (a := _ATTRIBUTE_STEP.match(rawdata, j)) is not None and a.end() > j:
            j = a.end()
        return _SPACES.match(rawdata, j).end()  # type: ignore[union-attr]

    def _past_last_gt(self, i: int) -> bool:
        return self._closing and i > self._last_gt

    def _rest_is_text(self, i: int) -> int:
        """No ``>`` follows: what is left is text (html.parser's own fallback)."""
        rest = self.rawdata[i:]
        if rest and self.cdata_elem is None:
            self.handle_data(unescape(rest))
        return len(self.rawdata)

    def _known_open(self, kind: str, i: int) -> bool:
        """Whether a search for ``kind``'s end from ``i`` already failed."""
        return self._closing and i >= self._no_end_from.get(kind, len(self.rawdata) + 1)

    def _remember(self, kind: str, i: int, result: int) -> int:
        if result < 0 and self._closing:
            self._no_end_from[kind] = min(i, self._no_end_from.get(kind, i))
        return result

    # -- the constructs html.parser searches ahead for -----------------------------------

    def parse_endtag(self, i: int) -> int:
        """``</...>``; with no ``>`` left, the rest is text."""
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        return int(super().parse_endtag(i))

    def parse_pi(self, i: int) -> int:
        """``<?...>``; with no ``>`` left, the rest is text."""
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        return int(super().parse_pi(i))

    def parse_html_declaration(self, i: int) -> int:
        """``<!...>``; with no ``>`` left, the rest is text."""
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        return int(super().parse_html_declaration(i))

    def parse_comment(self, i: int, report: bool = True) -> int:
        """``<!-- ... -->``, its end searched for once."""
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        if self._known_open(_COMMENT_END, i):
            return -1
        return self._remember(_COMMENT_END, i, int(super().parse_comment(i, report)))

    def parse_marked_section(self, i: int, report: bool = True) -> int:
        """``<![...]]>`` or ``<![if ...]>``, its end searched for once; any other
        ``<![`` is a bogus comment (HTML §13.2.5.42), not an exception."""
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        kind = _MS_SECTION_END if _MS_SECTION.match(self.rawdata, i + 3) else _SECTION_END
        if self._known_open(kind, i):
            return -1
        where = self.getpos()
        try:
            result = int(super().parse_marked_section(i, report))
        except AssertionError:  # "expected name token", "unknown status keyword"
            self.lineno, self.offset = where
            return int(self.parse_bogus_comment(i))
        return self._remember(kind, i, result)

    def parse_starttag(self, i: int) -> int:
        """``<name attributes>``; at the end of input, a tag that never closes is text
        as far as its attributes ran (each ``<`` inside them is not read again)."""
        self.long_tag_spans = None
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        endpos = int(self.check_for_whole_start_tag(i))
        if endpos - i > LONG_TAG:
            return self._long_starttag(i, endpos)
        self._checked = (i, endpos)  # html.parser asks again at once
        result = int(super().parse_starttag(i))
        self._checked = None
        if result >= 0 or not self._closing:
            return result
        ran_to = max(self._tag_extent(i), i + 1)
        first_gt = self.rawdata.find(">", i + 1)
        if ran_to <= first_gt + 1:
            return -1  # html.parser's own fallback: text up to the first ">"
        self.handle_data(unescape(self.rawdata[i:ran_to]))
        return ran_to

    def check_for_whole_start_tag(self, i: int) -> int:
        """Where the start tag at ``i`` ends, -1 if the input may still complete it
        (html.parser's answer, its pattern matched an attribute at a time)."""
        if self._checked is not None and self._checked[0] == i:
            return self._checked[1]
        rawdata = self.rawdata
        j = self._tag_extent(i)
        after = rawdata[j : j + 1]
        if after == ">":
            return j + 1
        if after == "/":
            return j + 2 if rawdata.startswith("/>", j) else -1
        if after == "" or after in "abcdefghijklmnopqrstuvwxyz=/ABCDEFGHIJKLMNOPQRSTUVWXYZ":
            return -1  # the input ends inside the tag, or an attribute goes on
        return j if j > i else i + 1

    def _long_starttag(self, i: int, endpos: int) -> int:
        """A start tag over :data:`LONG_TAG`, read as ``parse_starttag`` reads one, but
        each name once and past :data:`MAX_TAG_ATTRIBUTES` names only wanted ones."""
        rawdata = self.rawdata
        m = _TAG_NAME.match(rawdata, i + 1)
        if m is None:  # not a tag after all: html.parser would not have called us
            self.handle_data(rawdata[i:endpos])
            return endpos
        tag = m.group(1).lower()
        k = m.end()
        attrs: list[tuple[str, str | None]] = []
        spans: list[tuple[int, int] | None] = []
        seen: set[str] = set()
        while k < endpos:
            a = _ATTRIBUTE.match(rawdata, k)
            if a is None:
                break
            k = a.end()
            name = a.group(1).lower()
            if name in seen or (
                len(seen) >= MAX_TAG_ATTRIBUTES and name not in self.wanted_attributes
            ):
                continue
            seen.add(name)
            value: str | None = None
            span = None
            if a.group(2):
                start, end = a.span(3)
                quote = rawdata[start] if end > start else ""
                if end - start >= 2 and quote in ("'", '"') and rawdata[end - 1] == quote:
                    start, end = start + 1, end - 1
                value = unescape(rawdata[start:end])
                span = (start - i, end - i)
            attrs.append((name, value))
            spans.append(span)
        if rawdata[k:endpos].strip() not in (">", "/>"):
            self.handle_data(rawdata[i:endpos])  # as html.parser: not a tag, raw text
            return endpos
        self.lasttag = tag
        self.long_tag_spans = spans
        if rawdata[k:endpos].strip() == "/>":
            self.handle_startendtag(tag, attrs)
        else:
            self.handle_starttag(tag, attrs)
            if tag in self.CDATA_CONTENT_ELEMENTS:
                self.set_cdata_mode(tag)
        self.long_tag_spans = None
        return endpos
