"""URI references in free text (draft-2003 Appendix E and F; RFC 3986 Appendix C)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from uriinspector.core.extract import Extracted, extract, extraction_to_json

# draft-2003 App. E's own example (its angle brackets restored, as in RFC 3986 App. C).
APPENDIX_E = (
    'Yes, Jim, I found it under "http://www.w3.org/Addressing/", but you can probably '
    "pick it up from <ftp://ds.internic.net/rfc/>. Note the warning in "
    "<http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING>."
)

MAIL = """\
From: Ann Example <ann@example.org>
To: uri-review@example.net
Subject: Re: links for the draft

Jim wrote:
> Where is the annual summary?

It is at <URL:http://www.example.com/reports/2003/annual-
    summary/index.html> (the old one was
<URL: ftp://ftp.example.com/pub/old/
      summary.txt>). See also http://en.wikipedia.org/wiki/URI_(disambiguation).
The mirror is ftp.example.org/pub/x, and www.w3.org/Addressing/ explains it all.
Cite it as "urn:isbn:0-395-36341-1"; write to mailto:ann@example.org? Note: that is
not a link, and neither is "the draft" or <ann@example.org>.
<a href="https://example.net/a?b=c&d=e">here</a>, or https://example.net/x.
"""

MAIL_EXPECTED = [
    # (uri, raw, abbreviated, guess)
    (
        "http://www.example.com/reports/2003/annual-summary/index.html",
        "http://www.example.com/reports/2003/annual-\n    summary/index.html",
        False,
        None,
    ),
    (
        "ftp://ftp.example.com/pub/old/summary.txt",
        "ftp://ftp.example.com/pub/old/\n      summary.txt",
        False,
        None,
    ),
    (
        "http://en.wikipedia.org/wiki/URI_(disambiguation)",
        "http://en.wikipedia.org/wiki/URI_(disambiguation)",
        False,
        None,
    ),
    ("ftp.example.org/pub/x", "ftp.example.org/pub/x", True, "ftp://ftp.example.org/pub/x"),
    (
        "www.w3.org/Addressing/",
        "www.w3.org/Addressing/",
        True,
        "http://www.w3.org/Addressing/",
    ),
    ("urn:isbn:0-395-36341-1", "urn:isbn:0-395-36341-1", False, None),
    ("mailto:ann@example.org", "mailto:ann@example.org", False, None),
    ("https://example.net/a?b=c&d=e", "https://example.net/a?b=c&d=e", False, None),
    ("https://example.net/x", "https://example.net/x", False, None),
]


def test_appendix_e_example() -> None:
    assert [e.uri for e in extract(APPENDIX_E)] == [
        "http://www.w3.org/Addressing/",
        "ftp://ds.internic.net/rfc/",
        "http://www.ics.uci.edu/pub/ietf/uri/historical.html#WARNING",
    ]


def test_sample_mail_exact() -> None:
    found = extract(MAIL)
    assert [(e.uri, e.raw, e.abbreviated, e.guess) for e in found] == MAIL_EXPECTED
    for e in found:
        assert MAIL[e.span.start : e.span.end] == e.raw


def test_wrapped_url_span_covers_the_inserted_whitespace() -> None:
    text = "a <URL:http://x.example/ab-\n  cd> b"
    (e,) = extract(text)
    assert e.uri == "http://x.example/ab-cd"  # hyphen kept, line break dropped (App. E)
    assert e.span.start == text.index("http") and e.span.end == text.index(">")


BARE = [
    ("see http://example.com/.", "http://example.com/"),
    ("(http://example.com/a)", "http://example.com/a"),
    ("http://example.com/a_(b))", "http://example.com/a_(b)"),
    ("[http://example.com/]", "http://example.com/"),
    ("http://[::1]:80/x!", "http://[::1]:80/x"),
    ("go to http://example.com/a,b, now", "http://example.com/a,b"),
    ("http://example.com/?q=1;", "http://example.com/?q=1"),
    ("'http://example.com/'", "http://example.com/"),
    ("URL:http://example.com/", "http://example.com/"),
    ("«http://example.com/x»", "http://example.com/x"),
    ("访问http://example.com/页。", "http://example.com/页"),
    ("HTTPS://EXAMPLE.COM/", "HTTPS://EXAMPLE.COM/"),
    ("http://аpple.com/", "http://аpple.com/"),  # a Cyrillic homograph stays whole
]


@pytest.mark.parametrize(("text", "uri"), BARE, ids=[b[0] for b in BARE])
def test_bare_trailing_punctuation(text: str, uri: str) -> None:
    assert [e.uri for e in extract(text)] == [uri]


NONE = [
    "Note: this",
    "http:",
    "http:.",
    "xhttp://a",
    "<b>bold</b>",
    "<ann@example.org>",
    '"just words"',
    "www.example",
    "a.www.example.com",
    "<Note: x>",
    "",
]


@pytest.mark.parametrize("text", NONE, ids=[t or "empty" for t in NONE])
def test_not_uris(text: str) -> None:
    assert extract(text) == ()


def test_delimited_any_scheme_and_abbreviated() -> None:
    (e,) = extract("<foo:bar>")
    assert e.uri == "foo:bar" and not e.abbreviated
    (e,) = extract('"www.w3.org"')
    assert e.abbreviated and e.guess == "http://www.w3.org"
    (e,) = extract("<www.w3.org:8080/x>")
    assert e.guess == "http://www.w3.org:8080/x"


def test_to_json_contract_shape() -> None:
    found = extract("x <http://a.example/> y")
    assert extraction_to_json(found) == {
        "op": "extract",
        "uris": [{"uri": "http://a.example/", "start": 3, "end": 20}],
    }


_TEXT_ALPHABET = 'ahtpw:/.<>"()[] \n-URL,;!?wx'
texts = st.one_of(st.text(alphabet=_TEXT_ALPHABET, max_size=60), st.text(max_size=40))


@settings(max_examples=200, deadline=None)
@given(texts)
def test_results_are_consistent(text: str) -> None:
    found = extract(text)
    last_end = 0
    for e in found:
        assert isinstance(e, Extracted)
        assert last_end <= e.span.start < e.span.end <= len(text)
        assert text[e.span.start : e.span.end] == e.raw
        assert e.uri == "".join(e.raw.split())
        assert (e.guess is not None) == e.abbreviated
        last_end = e.span.end


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "<" * 1_048_576,
        '"a' * 524_288,
        "http:" * 209_715,
        "www." * 262_144,
        "www." + "a." * 500_000 + "-",
        "http://x/" + ")" * 1_048_000,
        "<URL:" + "a " * 500_000 + ">",
        "\ud800" * 1_048_576,
        " " * 1_048_576,
    ],
    ids=["lt", "quotes", "http", "www", "labels", "parens", "wrapped", "surrogates", "spaces"],
)
def test_hostile_shapes_in_linear_time(text: str) -> None:
    # 64 K and 128 K code points of each megabyte shape: twice the text, twice the work
    # (a quadratic scan shows at any size; bench/time_bounds.py times the megabyte)
    assert_linear(lambda n: text[:n], extract, len(text) // 16, what="extract")
