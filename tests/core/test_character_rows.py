"""``classify_range`` gives exactly the rows of ``classify_characters`` it is asked for.

The Characters pane builds only the rows on screen from it, so every row must agree
with the whole table: the class (RFC 3986 §2), the component, and above all the
UTF-8 decoding of ``%XX`` runs (RFC 3986 §2.5, RFC 3629 §3), which depends on where
a run starts even when the range starts in its middle.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.character_rows import classify_range
from uriinspector.core.characters import classify_characters
from uriinspector.core.parse import parse

CASES = [
    "",
    "http://u@h:1/p?q#f",
    "/%C3%A9",  # é: two octets, one character
    "/%FF%C3",  # neither is UTF-8
    "/%E2%82%AC%E2%82%AC%F0%9F%98%80x",  # €€😀 then a letter
    "%80%80%80%C3%A9%80",  # continuation octets around a valid pair
    "%C3%C3%A9%E2%82",  # a lead that fails, then a pair, then a truncated sequence
    "http://ex%41mple.com/%%41%4g%41%41",  # % not followed by two hex digits
    "urn:isbn:0451450523",
    "http://[::1]:80/a b\u202e\x00%F4%8F%BF%BF",
]


def _all_ranges_agree(text: str, edition: str = "rfc3986") -> None:
    parsed = parse(text, edition)
    whole = classify_characters(parsed)
    n = len(text)
    for start in range(-1, n + 2):
        for stop in range(start, min(n + 2, start + 16)):
            assert classify_range(parsed, start, stop) == whole[max(0, start) : max(0, stop)], (
                text, start, stop
            )


@pytest.mark.parametrize("text", CASES)
def test_every_short_range_equals_the_slice_of_the_whole_table(text: str) -> None:
    _all_ranges_agree(text)


@pytest.mark.parametrize("edition", ["rfc3986", "rfc2396", "draft-1993"])
def test_editions_classify_alike(edition: str) -> None:
    _all_ranges_agree("http://a/~b{c}|d^%7E%C3%A9", edition)


def test_a_range_deep_in_a_long_run_decodes_as_the_whole_run() -> None:
    """Ranges that start inside a 3,000-octet run, at every phase of a sequence."""
    text = "/" + "%E2%82%AC%C3%A9%41%80" * 500
    parsed = parse(text)
    whole = classify_characters(parsed)
    for start in range(6000, 6040):
        assert classify_range(parsed, start, start + 30) == whole[start : start + 30]


@settings(max_examples=200, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(["%C3", "%A9", "%E2", "%82", "%AC", "%F0", "%9F", "%80", "%FF",
                             "%41", "%", "%4", "/", ":", "@", "?", "#", "a", "é"]),
            st.text(max_size=2),
        ),
        max_size=25,
    ).map("".join),
    st.integers(0, 80),
    st.integers(0, 40),
)
def test_any_text_any_range(text: str, start: int, length: int) -> None:
    parsed = parse(text)
    whole = classify_characters(parsed)
    assert classify_range(parsed, start, start + length) == whole[start : start + length]
