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
from typing import Final

# The ends html.parser and _markupbase search for (their patterns, not imported: private).
_COMMENT_END: Final = "comment"
_SECTION_END: Final = "section"  # <![CDATA[ ... ]]>, <![INCLUDE[ ... ]]>
_MS_SECTION_END: Final = "ms-section"  # <![if ...]>, Office's conditional sections
_MS_SECTION: Final = re.compile(r"(?:if|else|endif)(?![-_.a-zA-Z0-9])", re.IGNORECASE)
# Where html.parser's start-tag scanner stops reading a tag's attributes (its own
# pattern, so the two always agree).
_START_TAG_EXTENT: Final[re.Pattern[str]] = getattr(  # noqa: B009 - not in typeshed
    html.parser, "locatestarttagend_tolerant"
)


class LinearHTMLParser(HTMLParser):
    """``HTMLParser`` whose end-of-input pass does each failed search once."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
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
        if self._past_last_gt(i):
            return self._rest_is_text(i)
        result = int(super().parse_starttag(i))
        if result >= 0 or not self._closing:
            return result
        m = _START_TAG_EXTENT.match(self.rawdata, i)
        ran_to = m.end() if m is not None else i + 1
        first_gt = self.rawdata.find(">", i + 1)
        if ran_to <= first_gt + 1:
            return -1  # html.parser's own fallback: text up to the first ">"
        self.handle_data(unescape(self.rawdata[i:ran_to]))
        return ran_to
