"""core.extract scans a long text in ranges cut at "<" (issue 13: no regex call over a
whole megabyte holding the GIL); the ranges must find exactly what one scan finds."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core import extract as ex

# Characters that make every kind of match and its delimiters (draft-2003 App. E/F,
# defanged forms), so cuts land inside, before and after references.
ALPHABET = st.sampled_from([
    *'<>"<< ht:p/wxf.[]()ω\ud800\nsURL:ww.eaxm', "http://",
    "hxxp[:]//", "www.", "ftp.", "[.]", "<URL:", "example", " ", "<", ">"])
TEXTS = st.lists(ALPHABET, max_size=80).map("".join)


@settings(max_examples=400, deadline=None)
@given(TEXTS, st.integers(min_value=1, max_value=12))
def test_ranges_find_what_one_scan_finds(text: str, segment: int) -> None:
    # issue 13 / draft-2003 App. E: the same references, spans and guesses in order
    whole = _with_segment(len(text) + 1, text)
    assert _with_segment(segment, text) == whole


def _with_segment(segment: int, text: str) -> tuple[tuple[ex.Extracted, ...], ...]:
    mp = pytest.MonkeyPatch()
    mp.setattr(ex, "SEGMENT", segment)
    try:
        return (ex.extract(text), ex.extract(text, defanged=True))
    finally:
        mp.undo()


def test_a_megabyte_of_brackets_is_cut_into_ranges() -> None:
    text = "<" * (1 << 20)
    cuts = ex._segments(text)
    assert len(cuts) >= (1 << 20) // ex.SEGMENT - 1
    assert cuts[0][0] == 0 and cuts[-1][1] == len(text)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(cuts))
    assert all(text[start] == "<" for start, _end in cuts[1:])
