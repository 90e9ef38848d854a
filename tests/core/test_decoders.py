"""Scheme decoders: dispatch, the result types, Analysis.decoding, and robustness.

Per-scheme behaviour is in ``test_decoders_<scheme>.py``. Here: ``decode`` picks the
decoder by scheme (case-insensitive, RFC 3986 §3.1), returns None for other schemes,
never raises on any text (Hypothesis, calling each decoder directly so a bug cannot
hide behind ``decode``'s safety net), every span lies inside the text, and results
are frozen.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import strategies as uri_st
from tests.growth import assert_linear
from uriinspector.core.analysis import analyze
from uriinspector.core.decoders import (
    DecodedField,
    SchemeDecoding,
    decode,
    decoders,
    scheme_of,
)

BOUNDED = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

SCHEMES = ("http", "https", "mailto", "data", "file", "ftp", "gopher", "news", "nntp",
           "telnet", "urn")


def walk(fields: tuple[DecodedField, ...]) -> Iterator[DecodedField]:
    """Every field of a tree, depth first."""
    for f in fields:
        yield f
        yield from walk(f.children)


def check_spans(text: str, d: SchemeDecoding) -> None:
    """Every span lies inside ``text``."""
    for f in walk(d.fields):
        if f.span is not None:
            assert 0 <= f.span.start <= f.span.end <= len(text), (f, len(text))


@pytest.mark.parametrize("scheme", SCHEMES)
def test_every_listed_scheme_has_a_decoder(scheme: str) -> None:
    assert scheme in decoders()
    d = decode(f"{scheme}:x")
    assert d is not None
    assert d.scheme == scheme
    assert d.title.startswith(scheme)


@pytest.mark.parametrize("text", ["HTTP://x/?a=1", "Mailto:a@b", "DATA:,x", "uRn:isbn:1"])
def test_scheme_is_case_insensitive_rfc3986_3_1(text: str) -> None:
    d = decode(text)
    assert d is not None
    assert d.scheme == text.split(":")[0].lower()


@pytest.mark.parametrize(
    "text",
    ["", "no scheme here", "/relative/path?a=1", "//host/x", "javascript:alert(1)",
     "tel:+1-201-555-0123", "ldap://h/o=x", "1http://x", ":x", "ht tp://x"],
)
def test_no_decoder_means_none(text: str) -> None:
    assert decode(text) is None


def test_scheme_of_follows_rfc3986_3_1_grammar() -> None:
    assert scheme_of("git+ssh://h") == "git+ssh"
    assert scheme_of("x-test.v2:y") == "x-test.v2"
    assert scheme_of("1abc:y") is None
    assert scheme_of("é:y") is None
    assert scheme_of("abc") is None


def test_results_are_frozen() -> None:
    d = decode("http://x/?a=1")
    assert d is not None
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.title = "changed"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        d.fields[0].value = "changed"  # type: ignore[misc]
    assert isinstance(d.fields, tuple)
    assert all(isinstance(f.children, tuple) for f in walk(d.fields))


def test_analysis_decoding_is_lazy_and_cached() -> None:
    a = analyze("https://example.com/?utm_source=news&id=7")
    assert "decoding" not in a._lazy
    first = a.decoding
    assert first is not None and first.scheme == "https"
    assert a.decoding is first
    assert first == decode(a.text)


def test_analysis_decoding_none_for_other_schemes() -> None:
    a = analyze("javascript:void(0)")
    assert a.decoding is None
    assert a.decoding is None  # a cached None is not recomputed into something else


def test_decoder_failure_is_reported_not_raised(monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(text: str) -> SchemeDecoding:
        raise RuntimeError(text)

    monkeypatch.setitem(decoders(), "http", boom)
    d = decode("http://x")
    assert d is not None
    assert d.fields[0].flag == "invalid"
    assert d.fields[0].value == "RuntimeError"


# ---- never raises: arbitrary text and URI-shaped text behind every scheme -------------
@BOUNDED
@given(scheme=st.sampled_from(SCHEMES), rest=uri_st.anything())
def test_every_decoder_never_raises_on_any_text(scheme: str, rest: str) -> None:
    text = f"{scheme}:{rest}"
    d = decoders()[scheme](text)  # directly: no safety net
    check_spans(text, d)
    assert decode(text) == d


@BOUNDED
@given(text=uri_st.uri_shaped(), scheme=st.sampled_from(SCHEMES))
def test_every_decoder_never_raises_on_uri_shaped_text(text: str, scheme: str) -> None:
    colon = text.find(":")
    swapped = f"{scheme}:{text[colon + 1:]}" if colon != -1 else f"{scheme}://{text}"
    d = decoders()[scheme](swapped)
    check_spans(swapped, d)


@BOUNDED
@given(text=uri_st.anything())
def test_decode_never_raises_on_arbitrary_text(text: str) -> None:
    d = decode(text)
    if d is not None:
        check_spans(text, d)
        assert all(f.label != "Decoder error" for f in d.fields)


@BOUNDED
@given(
    scheme=st.sampled_from(SCHEMES),
    rest=st.text(alphabet="%0123456789abcdefABCDEFgG+&=;,:@/?#.-_|*\t X", max_size=40),
)
def test_decoders_never_raise_on_delimiter_soup(scheme: str, rest: str) -> None:
    text = f"{scheme}:{rest}"
    check_spans(text, decoders()[scheme](text))


#: Pieces that steer decoders into their special cases (charsets, typecodes, UUID
#: limits, drive letters, message-ids...); random text rarely reaches them.
WORDS = [
    "charset=", "idna", "utf-16", "base64", ";", ",", "%", "%FF", "%41", "%09", "%3C", "%2F",
    "ffffffff-ffff-7fff-bfff-ffffffffffff", "uuid:", "isbn:", "oid:", "ietf:", "rfc:",
    "type=", "//", "/", "@", ":", "?", "#", "&", "=", "|", "9" * 30, "0", "1.", "X", "-",
    "image/png", "text/html", "iVBORw0KGgo=", "R0lGODdh", "\ud800", "\x00", "😀", " ", "+",
    "C:", "c|", "localhost", "[::1]", "*", "<", ">", "to=", "cc=", "body=", ".",
]


@BOUNDED
@given(scheme=st.sampled_from(SCHEMES), words=st.lists(st.sampled_from(WORDS), max_size=20))
def test_decoders_never_raise_on_word_soup(scheme: str, words: list[str]) -> None:
    text = f"{scheme}:{''.join(words)}"
    check_spans(text, decoders()[scheme](text))


NASTY = [
    "\x00", "\ud800", "\udfff%ff", "%", "%%", "%4", "%zz", "?" * 3, "#", "&&&", ";;;", ",",
    "\u202e", "😀" * 3, "//", "///", "////", "//@:", "//[::1]:99999999999999999999/",
    "//h:" + "9" * 5000, "x" * 100_000,
]


@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("rest", NASTY, ids=lambda r: repr(r[:12]))
def test_nasty_inputs(scheme: str, rest: str) -> None:
    text = f"{scheme}:{rest}"
    d = decoders()[scheme](text)
    check_spans(text, d)


def test_one_megabyte_query_is_capped_and_linear() -> None:
    def make(n: int) -> str:
        return "https://x/?" + "&".join(f"k{i}=v%20{i}" for i in range(n))

    for n in (25_000, 100_000):
        d = decode(make(n))
        assert d is not None
        q = next(f for f in d.fields if f.label == "Query parameters")
        assert q.value.startswith(f"{n:,} parameters")
        assert q.children[-1].label == "…"
    # Only the first 2,000 parameters are decoded; the rest is one split and a count.
    assert_linear(make, decode, 25_000, factor=4, what="query decoder")
