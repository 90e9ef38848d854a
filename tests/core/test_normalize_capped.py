"""The ladder's bounded edit lists: a rung keeps its first edits and counts the rest.

The project rule (README, "bad input of any length"): memory stays a bounded multiple of
the input. One Edit per ``%XX`` triplet made 5 MB of ``%7e`` peak at 713 MB. Values,
``changed`` and the batch answer (RFC 3986 §6.2 ladder; contract ``normalize``) must not
change, only how many edits a rung holds.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.memory import traced_peak
from uriinspector.core.normalize import MAX_EDITS, Edit, apply_edits, normalize
from uriinspector.core.spans import Span

# Pieces heavy in what the case and percent-encoding rungs edit (RFC 3986 §6.2.2.1-2).
_PIECES = ("%7e", "%7E", "%41", "%2f", "%2F", "/./", "/../", "a", "A", "%", "%%7e", "~")
_PREFIXES = ("", "HTTP://Ex.COM/", "http://%41%7e.Example:80", "urn:ISBN:", "//H%7e/", "x:")
triplet_heavy = st.builds(
    lambda p, xs: p + "".join(xs),
    st.sampled_from(_PREFIXES),
    st.lists(st.sampled_from(_PIECES), max_size=200),
)
any_text = st.text(max_size=60)


# RFC 3986 §6.2: under the cap the ladder is exactly the one with every edit kept
@settings(max_examples=100, deadline=None)
@given(st.one_of(triplet_heavy, any_text))
def test_under_the_cap_the_ladder_is_the_uncapped_one(text: str) -> None:
    capped = normalize(text)
    whole = normalize(text, max_edits=10**9)
    if all(r.edit_count <= MAX_EDITS for r in whole.rungs):
        assert capped == whole
        assert all(r.more_edits == 0 and r.more_span is None for r in capped.rungs)


# RFC 3986 §6.2 and the batch contract's normalize answer: over a cap, values, changed,
# the edit count, the first edits and the answer stay what the full list gave
@settings(max_examples=60, deadline=None)
@given(triplet_heavy, st.integers(min_value=100, max_value=160))
def test_over_a_cap_everything_but_the_list_is_unchanged(text: str, cap: int) -> None:
    capped = normalize(text, max_edits=cap)
    whole = normalize(text, max_edits=10**9)
    assert capped.normalized == whole.normalized
    assert capped.to_json() == whole.to_json()
    for c, w in zip(capped.rungs, whole.rungs, strict=True):
        assert (c.name, c.value, c.changed, c.performed, c.note) == (
            w.name, w.value, w.changed, w.performed, w.note
        )
        assert c.edits == w.edits[:cap]
        assert c.edit_count == w.edit_count
        assert c.more_edits == max(0, len(w.edits) - cap)
        if c.more_edits:
            rest = w.edits[cap:]
            assert c.more_span is not None
            assert (c.more_span.start, c.more_span.end) == (rest[0].span.start, rest[-1].span.end)


def test_a_capped_rung_still_rebuilds_its_value_through_the_listed_edits() -> None:
    """RFC 3986 §6.2.2.2: the answer's edits applied to the previous value give the value."""
    text = "http://%41%7E.Example.COM/" + "%7e%41/./" * 12_000 + "?%7e#%7E"
    ladder = normalize(text)
    previous = ladder.input
    for rung, data in zip(ladder.rungs, ladder.to_json()["rungs"], strict=True):  # type: ignore[call-overload]
        assert len(data["edits"]) <= 51
        listed = tuple(
            Edit(Span(e["start"], e["end"]), e["replacement"], e["reason"]) for e in data["edits"]
        )
        assert apply_edits(previous, listed) == rung.value
        previous = rung.value
    whole = normalize(text, max_edits=10**9).rung("percent-encoding")
    pct = ladder.rung("percent-encoding")
    assert len(whole.edits) > MAX_EDITS
    assert len(pct.edits) == MAX_EDITS
    assert pct.edit_count == len(whole.edits)


def test_exactly_at_and_one_past_the_cap() -> None:
    """RFC 3986 §6.2.2.1: MAX_EDITS triplets are all kept; one more is counted."""
    at = normalize("%7e" * MAX_EDITS).rung("case")
    assert (len(at.edits), at.more_edits, at.more_span) == (MAX_EDITS, 0, None)
    past = normalize("%7e" * (MAX_EDITS + 1)).rung("case")
    assert (len(past.edits), past.more_edits) == (MAX_EDITS, 1)
    assert past.more_span is not None
    assert (past.more_span.start, past.more_span.end) == (3 * MAX_EDITS, 3 * MAX_EDITS + 3)
    assert past.value == "%7E" * (MAX_EDITS + 1)


def test_a_quarter_megabyte_of_triplets_peaks_under_40_times_the_input() -> None:
    """README rule: memory a bounded multiple of the input (was ~140× at 1 MB). The
    multiple does not depend on the size: 256 KB (2 MB took minutes traced)."""
    text = "%7e" * 87_382  # 256 KB, ASCII: one byte per character
    ladder, peak = traced_peak(lambda: normalize(text))
    assert ladder.normalized == "~" * 87_382
    assert peak < 40 * len(text), f"peak {peak:,} bytes for {len(text):,}"


@pytest.mark.parametrize(
    ("unit", "result"), [("/./", "/"), ("/../", ""), ("/a/./b/../c", "/a/c")]
)
def test_half_a_megabyte_of_dot_segments_peaks_under_8_times_the_input(
    unit: str, result: str
) -> None:
    """RFC 3986 §6.2.2.3 (§5.2.4) and the README rule: 1 MB of "/./" peaked at 19.5×.

    A list slot and a string per segment (666,667 of them per MB of "/./") made the
    path-segment rung's peak; the whole ladder now stays ~3× the input.
    """
    head = "http://example.com"
    k = 524_288 // len(unit)  # the multiple does not depend on the size
    text = head + unit * k  # ASCII: one byte per character
    ladder, peak = traced_peak(lambda: normalize(text))
    assert ladder.normalized == head + (result * k or "/")
    assert ladder.rung("path-segment").edit_count == 1
    assert peak < 8 * len(text), f"peak {peak:,} bytes for {len(text):,}"
