"""Plain markup read without ``html.parser`` (``sources.html_fast``): the same events,
spans and links as the full parser on generated markup, and the full parser for
everything else."""

from __future__ import annotations

from collections.abc import Iterable
from html import unescape
from html.entities import html5

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.sources import html as html_module
from uriinspector.sources import html_fast
from uriinspector.sources.html import LinkScanner, extract_html
from uriinspector.sources.html_fast import HELD_TOKENS, read_plain
from uriinspector.sources.html_tokens import LONG_TAG

Event = tuple[object, ...]


class _Recorder(LinkScanner):
    """Every event the scanner gets, start tags with their values' spans."""

    def __init__(self, text: str) -> None:
        super().__init__(text, html_module.FoundLinks())
        self.events: list[Event] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("start", tag, tuple(attrs), tuple(self._value_spans(attrs))))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.events.append(("startend", tag, tuple(attrs), tuple(self._value_spans(attrs))))

    def handle_endtag(self, tag: str) -> None:
        self.events.append(("end", tag))

    def handle_data(self, data: str) -> None:
        self.events.append(("data", data))


def _events(text: str, plain: bool) -> list[Event] | None:
    rec = _Recorder(text)
    if plain:
        return rec.events if read_plain(text, rec) else None
    rec.feed(text)
    rec.close()
    return rec.events


_NAMES = st.sampled_from(["a", "A", "img", "p", "br", "td", "o:p", "x-y", "base", "meta",
                          "form", "button", "template", "style", "script", "title"])
_ATTR_NAMES = st.sampled_from(["href", "HREF", "src", "alt", "class", "action",
                               "formaction", "data-x", "http-equiv", "content", "disabled"])
_VALUES = st.sampled_from([
    "https://a.example/?x=1&amp;y=2", "https://b.example/&reserved=0", "", "x y",
    "//c.example/i.png", "../x", "a/", "&copy;&#x41;&bogus;", "refresh", "0; url=/next",
    "caf\u00e9", "a>b", "it's", 'say "hi"',
])
_SPACE = st.sampled_from([" ", "  ", "\n", "\t", "\r\n", " \f", "\xa0", "\x0b"])


@st.composite
def _attribute(draw: st.DrawFn) -> str:
    name = draw(_ATTR_NAMES)
    form = draw(st.sampled_from(["none", "dq", "sq", "uq", "spaced", "double-eq"]))
    value = draw(_VALUES)
    if form == "none":
        return name
    if form == "dq":
        return f'{name}="{value}"'
    if form == "sq":
        return f"{name}='{value}'"
    if form == "uq":
        return f"{name}={value}"
    if form == "spaced":
        return f'{name} = "{value}"'
    return f'{name}=="{value}"'


@st.composite
def _piece(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(["text", "start", "start", "end", "comment", "doctype",
                                 "odd"]))
    if kind == "text":
        return draw(st.sampled_from(["Read more", " ", "www.paypal.com", "a &amp; b",
                                     "x &reg y", "1 > 0", "\n\t", "caf\u00e9 \U0001f600",
                                     "&", "tail &am"]))
    if kind == "start":
        tag = draw(_NAMES)
        attrs = draw(st.lists(st.tuples(_SPACE, _attribute()), max_size=4))
        inner = "".join(space + attr for space, attr in attrs)
        close = draw(st.sampled_from([">", "/>", " >", " />", "/ >"]))
        return f"<{tag}{inner}{close}"
    if kind == "end":
        return f"</{draw(_NAMES)}{draw(st.sampled_from(['', ' ', chr(10)]))}>"
    if kind == "comment":
        return draw(st.sampled_from(["<!-- x -->", "<!--[if mso]><p>x</p><![endif]-->",
                                     "<!---->", "<!-->", "<!-- a -- b -->", "<!-- a --->"]))
    if kind == "doctype":
        return draw(st.sampled_from(["<!DOCTYPE html>", "<!doctype html PUBLIC 'x'>"]))
    return draw(st.sampled_from(["<", "< a>", "<?xml?>", "<![CDATA[x]]>", "</ a>", "</>",
                                 "<a", "<a href='x", "<1>", "<a\"b>"]))


@settings(max_examples=400, deadline=None)
@given(st.lists(_piece(), max_size=16))
def test_plain_markup_gives_the_parsers_events(pieces: list[str]) -> None:
    text = "".join(pieces)
    plain = _events(text, plain=True)
    if plain is not None:
        assert plain == _events(text, plain=False)


@settings(max_examples=150, deadline=None)
@given(st.lists(_piece(), max_size=16))
def test_links_are_the_same_with_and_without_the_plain_reader(
    pieces: list[str],
) -> None:
    text = "".join(pieces)
    fast = extract_html(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(html_module, "read_plain", lambda _text, _events, _watched=None: False)
        assert extract_html(text) == fast


def test_a_newsletter_is_read_plain_and_the_same() -> None:
    text = (
        "<!DOCTYPE html>\n<html><body><!-- preheader --><table>"
        '<tr><td><a href="https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F'
        '%2Fpaypal.com%2F&data=05%7C02&reserved=0">www.paypal.com</a></td></tr>'
        "<tr><td><img src=https://cdn.example/1/pixel.gif alt=''/></td></tr>"
        "<tr><td>Lorem &amp; ipsum</td></tr></table></body></html>\n"
    )
    assert _events(text, plain=True) == _events(text, plain=False)
    doc = extract_html(text)
    assert [link.kind for link in doc.links] == ["href", "src"]
    assert doc.links[0].display == "www.paypal.com"


@pytest.mark.parametrize("rows", [HELD_TOKENS // 7 - 1, HELD_TOKENS // 7 + 1, HELD_TOKENS])
def test_past_the_held_tokens_the_events_are_the_same(rows: int) -> None:
    """Up to ``HELD_TOKENS`` the checked tokens are handed back, past it a fresh pass
    (seven tokens a row)."""
    row = '<tr><td><a href="https://a.example/?x=1&amp;y={i}">see {i} &amp; more</a></td></tr>'
    text = "<table>" + "".join(row.format(i=i) for i in range(rows)) + "</table>"
    events = _events(text, plain=True)
    assert events is not None and events == _events(text, plain=False)
    assert _events(text + "<p>1 < 2</p>", plain=True) is None


@pytest.mark.parametrize("text", [
    "<p>1 < 2</p>", "<script>x</script>", "<style>p{}</style>", "<a href = 'x'>",
    "<a href='x'title='y'>", "<a\xa0href='x'>", "<?php ?>", "<![CDATA[x]]>",
    "<a title='" + "x" * LONG_TAG + "'>",
])
def test_anything_else_goes_to_the_full_parser(text: str) -> None:
    assert _events(text, plain=True) is None


def test_tags_without_link_attributes_are_left_out_and_the_links_are_the_same() -> None:
    """``read_plain(..., watched)`` leaves out the tags a link scanner does nothing with;
    a tag that may hold a link attribute (any case, or such text in a value) is kept."""
    text = (
        '<table style="width:100%"><tr class=row><TD HREF="https://td.example/">cell</TD>'
        '<td title="see href=x" data-href="https://no.example/">'
        '<a href="https://a.example/"><span style="color:red">www.paypal.com</span></a>'
        '<p data-src=y>text</p><template><a href="https://t.example/">hidden</a></template>'
        '<img SRC=https://cdn.example/p.gif alt=""><form Action="/post"></form>'
        '<meta http-equiv="refresh" content="0; url=https://r.example/"></td></tr></table>'
    )
    fast = extract_html(text)
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(html_module, "read_plain", lambda _text, _events, _watched=None: False)
        assert extract_html(text) == fast
    assert [link.uri for link in fast.links] == [
        "https://td.example/", "https://a.example/", "https://t.example/",
        "https://cdn.example/p.gif", "/post", "https://r.example/"]
    assert fast.links[1].display == "www.paypal.com"


def _tokens(found: object) -> list[tuple[str | None, tuple[int, int]]] | None:
    if found is None:
        return None
    assert isinstance(found, Iterable)
    return [(m.lastgroup, m.span()) for m in found]


@settings(max_examples=500, deadline=None)
@given(st.lists(_piece(), max_size=20).map("".join)
       | st.lists(st.sampled_from(["<a title='<script'>", "<STYLE>", "<Scripts>", "<p>",
                                   "<titlex>", "x", "<", "<!-- <style> -->", "</script>",
                                   "<iframe/>", "<noscript >"]), max_size=8).map("".join))
def test_the_whole_part_check_is_the_token_by_token_check(text: str) -> None:
    """A part no longer than LONG_TAG is checked in C (``sub``, a name search): the
    same answer and the same tokens as the check made one token at a time."""
    assert _tokens(html_fast._plain_tokens(text)) == _tokens(html_fast._checked_tokens(text))


def test_a_long_part_is_checked_token_by_token() -> None:
    row = '<tr><td><a href="https://a.example/?x=1&amp;y=2">Read more</a></td></tr>\n'
    text = row * (LONG_TAG // len(row) + 2)
    assert _tokens(html_fast._plain_tokens(text)) == _tokens(html_fast._checked_tokens(text))
    assert html_fast._plain_tokens(text + "<") is None


@settings(max_examples=400, deadline=None)
@given(st.lists(st.sampled_from([
    "&amp;", "&", "amp;", "&amp", "&amp;amp;", "&lt;", "a", "=", "&#38;", "&AMP;", ";", " ",
    "\u00e9", "&data=05%7C02", "&reserved=0", "&copy", "&copyx", "&notin", "&noti", "&not",
    "&dagger;", "&dagger", "&dash", "&AEligx", "&frac34", "&frac3", "&#x41", "&#", "&x", "\t",
    "&ltx", "&GT", "&d", "&" + "e" * 40, "&eacute;x", "&zwnj;", "&zwn",
]), max_size=10).map("".join))
def test_values_unescaped_as_html_unescapes_them(value: str) -> None:
    assert html_fast._unescaped(value) == unescape(value)


def test_every_entity_name_is_unescaped_as_html_unescapes_it() -> None:
    for name in html5:
        for value in (f"&{name}", f"&{name}x", f"a&{name[:-1]}", f"&{name[:3]}=1&{name}"):
            assert html_fast._unescaped(value) == unescape(value), value
