"""The component spans read without the split equal the split's, for any string.

``split_spans`` (one match of Appendix B with the authority's cuts) and
``ParsedReference.spans`` (from the fast path's match, or ``split_spans`` for a reference
answered invalid at once) must give exactly ``split(text).component_spans()``: the same
names, in the same order, with equal spans, whatever the text holds.
"""

from __future__ import annotations

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from tests import strategies as strat
from uriinspector.core.editions import Edition
from uriinspector.core.parse import parse, parse_slow
from uriinspector.core.spans import SHARED_BELOW, Span
from uriinspector.core.split import (
    _NO_PAIRS,
    SPAN_COMPONENTS,
    span_pair,
    split,
    split_spans,
)

RUNS = settings(max_examples=1500, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# the delimiters and the corners of the authority's cuts (the last "@", a bracketed host
# with or without ":" after its first "]"), with the characters that send a reference off
# the fast path: lone surrogates, astral and control characters, broken "%" triplets
_PIECES = st.sampled_from([
    *"ab1:/?#[]@%.vV-", "%41", "%zz", "%4", "::", "//", "[::1]", "[v1.x]", "[fe80::1%25e]",
    "1.2.3.4", "\ud800", "\udfff", "\U0001f600", "\x00", "\x7f", "\n", " ", "é", "\\",
])
_EDGE = st.lists(_PIECES, max_size=18).map("".join)
_TEXT = st.one_of(_EDGE, strat.anything(), strat.raw_text(), st.text(max_size=40))


@RUNS
@given(_TEXT)
@example("")
@example("//")
@example("http://[::1]:80/a?b#c")
@example("http://[::1]x:80/")
@example("http://[::1/")
@example("s://a@b@[v1.x]:9:9/p")
@example("s://u@h:1:2?%zz#\ud800")
@example("\U0001f600://\x00@h/")
def test_split_spans_equal_the_splits(text: str) -> None:
    assert split_spans(text) == split(text).component_spans()


@RUNS
@given(_TEXT, st.sampled_from(tuple(Edition)))
@example("https://bücher.de/%zz", Edition.RFC3986)
@example("http://[fe80::1%25eth0]/", Edition.RFC3986)
@example("", Edition.RFC3986)
def test_parsed_spans_equal_the_splits(text: str, edition: Edition) -> None:
    """Read first (nothing built yet), then again after the split is built."""
    ref = parse(text, edition)
    expected = split(text, segment_params=edition.has_segment_params).component_spans()
    assert ref.spans == expected
    assert ref.split.component_spans() == expected
    assert ref.spans == expected == parse_slow(text, edition).spans


def test_long_references_take_the_same_spans() -> None:
    # offsets past the shared span table (128) are built, not shared: the same values
    for text in ("http://h/" + "a" * 200 + "?q#f", "s://" + "u" * 130 + "@h:1/p",
                 "http://h/" + "é" * 200, "x" * 300):
        expected = split(text).component_spans()
        assert split_spans(text) == expected
        assert parse(text).spans == expected


def test_span_pairs_are_shared_and_the_empty_row_stays_empty() -> None:
    """A spans read hands out the one ``(name, span)`` pair kept per component, start and
    end; the row every unused start shares is never written (a write there would give
    one start's pairs to all)."""
    texts = ["http://u:p@h:8/p?q#f", "s:p", "//h", "p?q", "http://[::1]/%41", "a" * 200]
    for text in texts:
        first, again = parse(text).spans, parse(text).spans
        assert first == split(text).component_spans()
        assert all(a is b for a, b in zip(first, again, strict=True)) or len(text) >= 128
    assert _NO_PAIRS == [None] * SHARED_BELOW
    for k, name in enumerate(SPAN_COMPONENTS):
        assert span_pair(k, 3, 5) == (name, Span(3, 5)) and span_pair(k, 3, 5) is span_pair(k, 3, 5)
        assert span_pair(k, 3, 500) == (name, Span(3, 500))
    assert _NO_PAIRS == [None] * SHARED_BELOW
