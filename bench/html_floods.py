"""HTML flood pages (issue 20): the shapes that made the standard tokenizer search to
the end of the text again at each ``<``, shared by ``tests/sources/test_html_floods.py``
and ``bench/measure_html_floods.py``.

A page is an honest link, a flood, what ends the flood for a browser, a second honest
link, then the flood again to the end of the text (never closed).
"""

from __future__ import annotations

from html.parser import HTMLParser

from uriinspector.sources.html import FoundLinks, LinkScanner

BEFORE = '<p>intro <a href="https://before.example/">before</a>\n'
AFTER = '\n<a href="https://after.example/">after</a>\n'

#: name -> (repeated unit, what ends the flood so that a browser reads the next tag).
FLOODS: dict[str, tuple[str, str]] = {
    "end-tag-open": ("</", ">"),
    "end-tag": ("</a ", ">"),
    "processing-instruction": ("<?", ">"),
    "declaration": ("<!", ">"),
    "doctype": ("<!doctype ", ">"),
    "comment-open": ("<!--", "-->"),
    "comment-with-gt": ("<!--x>", "-->"),
    "marked-section": ("<![", ">"),
    "cdata": ("<![CDATA[", "]]>"),
    "office-section": ("<![if ", "]>"),
    "start-tag-open": ("<a ", ">"),
    "start-tag-quote": ("<a x='", "'>"),
    "quoted-gt": ("<a x='>'", ">"),
    "lone-lt": ("<", ""),
    "char-refs": ("&#", ""),
    "ampersands": ("&", ""),
    "quotes": ('"', ""),
    "newlines": ("<b>\n", ""),
    "script-open": ("<script>", "</script>"),
}

#: Floods never closed, then a link: the standard tokenizer went back to the first
#: ``>`` and on, so the link was found; it must still be (and in linear time).
UNCLOSED_THEN_LINK: dict[str, str] = {
    "comment-with-gt": "<!--x>",
    "quoted-gt-unclosed": "<a x='>'",  # then " y='": a quote that never closes
    "lone-lt": "<",
    "start-tag-open": "<a ",
}


def flood_page(name: str, size: int) -> str:
    """Links around the flood ``name`` of about ``size`` characters, then it again."""
    unit, closer = FLOODS[name]
    flood = unit * (size // len(unit))
    return BEFORE + flood + closer + AFTER + flood


def unclosed_page(name: str, size: int) -> str:
    """A link, the never-closed flood ``name``, a link."""
    unit = UNCLOSED_THEN_LINK[name]
    gap = " y='" if name == "quoted-gt-unclosed" else ""
    return BEFORE + unit * (size // len(unit)) + gap + AFTER


class StandardScanner(LinkScanner):
    """``sources.html``'s scanner on the unmodified standard tokenizer (the reading
    before issue 20), to compare with."""

    close = HTMLParser.close
    check_for_whole_start_tag = HTMLParser.check_for_whole_start_tag
    parse_starttag = HTMLParser.parse_starttag
    parse_endtag = HTMLParser.parse_endtag
    parse_pi = HTMLParser.parse_pi
    parse_html_declaration = HTMLParser.parse_html_declaration
    parse_comment = HTMLParser.parse_comment
    parse_marked_section = HTMLParser.parse_marked_section


def scan(cls: type[LinkScanner], text: str) -> tuple[object, ...]:
    """``text`` read by the scanner ``cls``: the base and each link as found."""
    found = FoundLinks()
    scanner = cls(text, found)
    scanner.feed(text)
    scanner.close()
    return found.base, [(p.raw, p.kind, p.span, p.words) for p in found.links]
