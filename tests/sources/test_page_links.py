"""A page's references resolved both ways (``sources/page_links.py``, issue 15 item 5).

HTML: the first ``base`` element with an ``href`` sets the base, resolved against the
document's URL (HTML "set the frozen base URL"); a fragment-only reference stays in
the document only when that base is the document's URL (HTML "navigate to a
fragment", URL Standard "equals" with exclude fragments), not whenever RFC 3986 §4.4
would call it same-document against the base.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.strategies import anything
from uriinspector.sources import page_links as module
from uriinspector.sources.page_links import page_links

PAGE = "https://example.com/blog/post.html"


def _by_raw(html: str, url: str = PAGE) -> dict[str, module.PageReference]:
    return {r.raw: r for r in page_links(html, url).references}


def test_first_base_href_wins_and_is_resolved_against_the_page() -> None:
    links = page_links('<base target=_top><base href="../cdn/"><base href="/x/"><a href=g>',
                       PAGE)
    assert links.base_href == "../cdn/"
    assert links.base_rfc3986 == links.base_browser == "https://example.com/cdn/"
    assert [r.rfc3986.target for r in links.references] == ["https://example.com/cdn/g"]


def test_fragment_is_same_document_only_when_the_base_is_the_page() -> None:
    # No <base>: "#top" scrolls this page (and RFC 3986 §4.4 agrees).
    assert _by_raw('<a href="#top">', PAGE + "#old")["#top"].same_document
    # A <base> elsewhere: "#top" loads the base's document.
    ref = _by_raw('<base href="https://cdn.example/"><a href="#top">')["#top"]
    assert not ref.same_document
    assert ref.rfc3986.same_document  # what RFC 3986 §4.4 says against the base
    assert ref.destination() == "the base's page, not this one"
    # A full URL naming this page with a fragment scrolls it whatever the base.
    full = _by_raw(f'<base href="https://cdn.example/"><a href="{PAGE}#c">')[PAGE + "#c"]
    assert full.same_document and full.destination() == "this page (scrolls)"


def test_srcset_candidates_have_exact_spans() -> None:
    # HTML "parse a srcset attribute": a URL runs to whitespace (a comma inside it is
    # part of it, trailing commas end the candidate); a comma in parentheses does not
    # end the descriptors.
    html = '<img srcset=" a.png 1x,b.png  2x , c, d.png 100w, e.png (x,y), f,g.png 1x">'
    refs = page_links(html, PAGE).references
    assert [r.raw for r in refs] == ["a.png", "b.png", "c", "d.png", "e.png", "f,g.png"]
    for r in refs:
        assert r.span is not None and html[r.span.start : r.span.end] == r.raw
    assert {r.where for r in refs} == {"img srcset"}


def test_entity_decoded_values_span_the_value_as_written() -> None:
    html = '<a href="a&amp;b">x</a><img srcset="c&amp;d 1x">'
    refs = page_links(html, PAGE).references
    assert refs[0].raw == "a&b" and refs[0].span is not None
    assert html[refs[0].span.start : refs[0].span.end] == "a&amp;b"
    assert refs[1].raw == "c&d" and refs[1].span is None  # no exact place for a candidate


def test_differences_are_of_resolution_not_of_serialization() -> None:
    refs = _by_raw('<a href="HTTP://EXAMPLE.com:80">x</a><a href="http:g">y</a>'
                   '<a href="..\\x">z</a>')
    assert not refs["HTTP://EXAMPLE.com:80"].differs  # RFC 3986 §6.2.2.1, §6.2.3
    assert refs["http:g"].differs  # RFC 3986 §5.2.2 strict vs WHATWG special authority
    assert refs["..\\x"].differs  # "\\" is a slash only to the URL Standard


def test_no_page_url_still_lists_every_reference() -> None:
    links = page_links('<a href="g">x</a><a href="https://a/">y</a>', "")
    assert [r.raw for r in links.references] == ["g", "https://a/"]
    assert links.references[0].rfc3986.target is None  # nothing to resolve against
    assert links.references[1].rfc3986.target == "https://a/"
    assert links.references[0].browser.target is None
    assert links.references[1].browser.target == "https://a/"


def test_reference_limit_is_counted(monkeypatch: object) -> None:
    import pytest

    mp = pytest.MonkeyPatch()
    mp.setattr(module, "MAX_REFERENCES", 3)
    try:
        links = page_links("<a href=a><a href=b><a href=c><a href=d><a href=e>", PAGE)
    finally:
        mp.undo()
    assert len(links.references) == 3 and links.left_out == 2


@settings(max_examples=200, deadline=None)
@given(st.one_of(anything(), st.builds(lambda v: f'<a href="{v}"><img srcset="{v} 2x">',
                                       anything())))
def test_never_raises_and_spans_are_exact(text: str) -> None:
    links = page_links(text, PAGE)
    for r in links.references:
        if r.span is not None and text[r.span.start : r.span.end] != r.raw:
            assert "&" in text[r.span.start : r.span.end]  # entities decoded in raw


def test_meta_refresh_target_with_its_exact_span() -> None:
    # HTML §4.2.5.3: the URL after the delay and "url=", quotes stripped.
    html = "<meta http-equiv=refresh content=\"5; url='../next.html'\">"
    [ref] = page_links(html, PAGE).references
    assert (ref.where, ref.raw) == ("meta refresh", "../next.html")
    assert ref.rfc3986.target == "https://example.com/next.html"
    assert ref.span is not None and html[ref.span.start : ref.span.end] == "../next.html"
    assert page_links('<meta http-equiv=refresh content="5">', PAGE).references == ()
