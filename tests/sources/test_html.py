"""HTML link targets: offsets of the raw attribute value, entity-decoded ``uri``, base
resolution (RFC 3986 §5.2, browser differences marked), anchor text and mismatch."""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.sources.budget import DEFAULT_LIMITS
from uriinspector.sources.html import MAX_LINKS, extract_html


def _spans(text: str) -> list[tuple[str, str, str]]:
    doc = extract_html(text)
    out = []
    for link in doc.links:
        assert link.span is not None
        out.append((link.kind, link.uri, text[link.span.start : link.span.end]))
    return out


def test_offsets_point_at_the_raw_attribute_value() -> None:
    text = (
        "<p>\r\n<a href=\"https://a.example/?x=1&amp;y=2\">A</a>\n"
        "<A HREF='https://b.example/'>B</A> <img src=//c.example/i.png alt=x>\n"
        "<form action=\"/post\"><button formaction=../x>go</button></form>"
    )
    assert _spans(text) == [
        ("href", "https://a.example/?x=1&y=2", "https://a.example/?x=1&amp;y=2"),
        ("href", "https://b.example/", "https://b.example/"),
        ("src", "//c.example/i.png", "//c.example/i.png"),
        ("action", "/post", "/post"),
        ("formaction", "../x", "../x"),
    ]


def test_offsets_are_code_points_past_astral_characters() -> None:
    text = "<p>😀😀 é</p>\n<a title='🙂' href=\"https://x.example/\">x</a>"
    ((_, uri, raw),) = _spans(text)
    assert uri == raw == "https://x.example/"


def test_every_occurrence_is_reported_once() -> None:
    text = '<a href="https://same.example/">1</a><a href="https://same.example/">2</a>'
    assert [link.display for link in extract_html(text).links] == ["1", "2"]


def test_base_href_applies_to_every_link_and_is_itself_listed() -> None:
    # HTML: the first <base href> sets the document base, even for earlier links.
    text = (
        '<a href="early">e</a><base href="https://site.example/dir/">'
        '<base href="https://ignored.example/"><a href="../up?q#f">u</a>'
        "<meta http-equiv=\"Refresh\" content=\"0; URL='next.html'\">"
    )
    doc = extract_html(text)
    assert [(link.kind, link.uri) for link in doc.links] == [
        ("href", "https://site.example/dir/early"),
        ("base", "https://site.example/dir/"),
        ("base", "https://ignored.example/"),
        ("href", "https://site.example/up?q#f"),
        ("refresh", "https://site.example/dir/next.html"),
    ]
    refresh = doc.links[-1]
    assert refresh.span is not None and text[refresh.span.start : refresh.span.end] == "next.html"


def test_a_base_given_by_the_user_resolves_relative_links() -> None:
    doc = extract_html('<a href="g;x?y#s">x</a>', base="http://a/b/c/d;p?q")
    assert doc.links[0].uri == "http://a/b/c/g;x?y#s"  # RFC 3986 §5.4.1


def test_rows_where_browsers_resolve_differently_are_marked() -> None:
    # RFC 3986 §5.2.2 (strict): "http:g" is absolute; a browser (URL Standard, special
    # scheme equal to the base's) reads it as relative. Backslashes are "/" to browsers.
    doc = extract_html(
        '<a href="http:g">1</a><a href="\\\\evil.example\\x">2</a><a href="ok">3</a>',
        base="http://a/b/c/d;p?q",
    )
    rows = [(link.uri, link.browser_uri) for link in doc.links]
    assert rows[0] == ("http:g", "http://a/b/c/g")
    assert rows[1][1] == "http://evil.example/x"
    assert rows[2] == ("http://a/b/c/ok", None)


def test_display_is_the_visible_text_collapsed() -> None:
    text = (
        '<a href="https://x.example/">  Click\n <b>here</b>\t<span>now</span>'
        "<script>var hidden = 'https://paypal.com/'</script></a>"
        '<a href="https://y.example/"><img src="https://y.example/i.png"></a>'
    )
    doc = extract_html(text)
    assert [(link.kind, link.display) for link in doc.links] == [
        ("href", "Click here now"),
        ("href", None),
        ("src", None),
    ]


def test_unclosed_anchor_is_closed_by_the_next() -> None:
    doc = extract_html('<a href="https://a.example/">one <a href="https://b.example/">two')
    assert [link.display for link in doc.links] == ["one", "two"]


def test_mismatch_is_a_shown_domain_that_is_not_the_targets() -> None:
    cases = {
        '<a href="https://evil.example/">https://paypal.com/</a>': True,  # the contract's case
        '<a href="https://www.paypal.com/x">paypal.com</a>': False,
        '<a href="https://evil.example/">Log in to PayPal.COM now</a>': True,
        '<a href="https://evil.example/">support@paypal.com</a>': True,
        '<a href="https://github.com/o/r/blob/main/setup.py">setup.py</a>': False,
        '<a href="https://evil.example/">click here</a>': False,
        '<a href="javascript:void(0)">www.bank.example.com</a>': True,
        '<a href="mailto:help@example.org">help@example.org</a>': False,
        '<a href="relative/page">example.com</a>': False,  # no base: site unknown
        '<a href="https://xn--bcher-kva.example/">bücher.example</a>': False,
        # UTS #46 maps the fullwidth full stop to ".": the reader sees paypal.com.
        '<a href="https://evil.example/">paypal\uff0ecom</a>': True,
    }
    for text, expected in cases.items():
        (link,) = extract_html(text).links
        assert link.mismatch is expected, text


def test_link_limit_stops_with_a_problem() -> None:
    text = "".join(f'<a href="/p/{i}">{i}</a>' for i in range(50))
    doc = extract_html(text, max_links=10)
    assert len(doc.links) == 10
    assert [p.code for p in doc.problems] == ["too-many-links"]
    assert "limit of 10 link targets" in doc.problems[0].message


def test_every_link_up_to_the_document_budget_is_listed_then_a_problem() -> None:
    # The mail budget (issue 20): 200,000 let a page of 1,000,000 anchors print for minutes.
    assert MAX_LINKS == DEFAULT_LIMITS.links == 10_000
    text = "<ul>" + "".join(f'<li><a href="/p/{i}">item {i}</a>' for i in range(MAX_LINKS))
    doc = extract_html(text)
    assert len(doc.links) == MAX_LINKS and doc.problems == ()
    last = doc.links[-1]
    assert last.span is not None and text[last.span.start : last.span.end] == f"/p/{MAX_LINKS - 1}"
    over = extract_html(text + '<a href="/one-more">x</a><a href="/two">y</a>')
    assert len(over.links) == MAX_LINKS and [p.code for p in over.problems] == ["too-many-links"]
    assert f"limit of {MAX_LINKS:,} link targets" in over.problems[0].message
    assert f"character {len(text):,} of" in over.problems[0].message


@settings(max_examples=150, deadline=None)
@given(st.text(alphabet=st.sampled_from([*"<>a href=\"'/&amp;#x;\n\\!-ébase", "\udc80"]),
               max_size=120))
def test_never_raises_and_spans_are_inside(text: str) -> None:
    doc = extract_html(text)
    for link in doc.links:
        if link.span is not None:
            assert 0 <= link.span.start <= link.span.end <= len(text)


def test_a_parts_links_are_the_documents_without_offsets() -> None:
    """A mail's or an Outlook file's HTML part: every field kept but the span (it would
    point into decoded text), and the part named."""
    html = ('<p><a href="https://www.paypal.com.evil.example/x">www.paypal.com</a>'
            '<img src="https://t.example/p.gif"><form action="//evil.example/l"></form>')
    spanned = extract_html(html, part="2 text/html").links
    plain = extract_html(html, part="2 text/html", offsets=False).links
    assert len(spanned) == 3 and all(link.span is not None for link in spanned)
    assert plain == tuple(replace(link, span=None) for link in spanned)
    assert {link.part for link in plain} == {"2 text/html"}
    assert any(link.mismatch for link in plain)


_MARKUP = st.sampled_from([
    '<a href="https://www.paypal.com.evil.example/x">www.paypal.com</a>', "<a href=/rel>",
    "<img src='https://t.example/p.gif'>", "<form action=//evil.example/l>", "</a>", "<p>",
    '<meta http-equiv="refresh" content="0; url=https://r.example/&amp;x">', "<base href=x/>",
    '<meta content="5;URL=\'/next\'" http-equiv=Refresh>', '<base href="https://b.example/">',
    "<a href='mailto:a@b.example'>b.example</a>", "text &amp; more", "<!-- c -->", "<script>",
    "<a href=\"https://eur01.safelinks.protection.outlook.com/?url=https%3A%2F%2Fx.example\">",
    "<A HREF = 'x' >", "<a\nhref=\"y\"\n>", "<!doctype html>", "<", "&", "apple.com", "\u00e9",
    "<a href=https://a.example/ title=\"<b>\">", "<button formaction=/f>", "<a href>",
])


@settings(max_examples=300, deadline=None)
@given(st.lists(_MARKUP, max_size=14).map("".join), st.sampled_from([None, "https://b.c/d/"]))
def test_without_offsets_the_scanner_keeps_no_spans_and_finds_the_same(
    html: str, base: str | None
) -> None:
    """``offsets=False`` has the scanner skip the values' spans: every other field, and
    the problems, as with them (plain markup and the full parser alike)."""
    spanned = extract_html(html, base, part="1 text/html")
    plain = extract_html(html, base, part="1 text/html", offsets=False)
    assert plain.links == tuple(replace(link, span=None) for link in spanned.links)
    assert plain.problems == spanned.problems

