"""Objects built by a settable twin's swap equal those built through the slot setters.

``split.assemble`` and the split's ``SplitReference`` fill a plain twin of each frozen
class and then set its ``__class__`` (round 8, issue 22); where that swap is refused (a
mypyc build) the setters serve. Both ways, and the browser's reading built the same
way, are compared here with the plain constructors, so the speed-up cannot change an
answer. A known-invalid reference whose split is read before its diagnostics (as an
analysis reads it) keeps that split and answers as the diagnostic parser does.
"""

from __future__ import annotations

import json
import pickle

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import strategies as strat
from uriinspector.core import split as split_mod
from uriinspector.core.editions import Edition
from uriinspector.core.parse import parse, parse_slow
from uriinspector.core.split import Delimiter, Part, SplitReference, split
from uriinspector.core.whatwg import COMPONENT_NAMES, WhatwgReading, read_whatwg

_TEXTS = st.one_of(
    strat.uri_references(),
    strat.uri_references(valid=False),
    st.lists(st.sampled_from([*"ab1:/?#[]@.%-;=&", "%41", "[::1]", "é"]), max_size=20).map(
        "".join
    ),
)


def _fields(ref: SplitReference) -> tuple[object, ...]:
    """Every field a caller reads, each part's type checked (a twin must not leak out)."""
    parts = (ref.scheme, ref.authority, ref.userinfo, ref.host, ref.port, ref.path,
             ref.query, ref.fragment)
    assert type(ref) is SplitReference
    assert all(p is None or type(p) is Part for p in parts)
    assert all(type(d) is Delimiter for d in ref.delimiters)
    return (ref.text, *parts, ref.delimiters, ref.segment_params, ref.segments,
            ref.query_params, ref.unsplit())


@given(_TEXTS, st.sampled_from(tuple(Edition)))
@settings(max_examples=800, deadline=None)
def test_assemble_by_swap_equals_assemble_by_setters(text: str, edition: Edition) -> None:
    ref = parse(text, edition)
    m = ref._match
    if m is None:
        return
    r = m.regs
    args = (text, r[1], r[2], r[3], r[4], r[6], r[7], r[8], r[9])
    params = edition.has_segment_params
    swapped = split_mod._assemble_swapping(*args, segment_params=params)
    set_ = split_mod._assemble_setting(*args, segment_params=params)
    whole = split(text, segment_params=params)
    assert _fields(swapped) == _fields(set_) == _fields(whole)
    assert swapped == set_ == whole and hash(swapped) == hash(whole)
    assert pickle.loads(pickle.dumps(swapped)) == whole


def test_the_twins_are_used_here() -> None:
    """In CPython the swap is taken (a mypyc build refuses it and keeps the setters)."""
    assert split_mod.assemble is split_mod._assemble_swapping
    assert split_mod._REF_TWIN is not None and split_mod._PART_TWIN is not None


@given(_TEXTS)
@settings(max_examples=400, deadline=None)
def test_split_without_twins_equals_split_with_them(text: str) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(split_mod, "_REF_TWIN", None)
        plain = split(text, segment_params=True)
    assert _fields(split(text, segment_params=True)) == _fields(plain)


def test_a_frozen_twin_stays_frozen() -> None:
    ref = split("http://u@h:1/p?q#f")
    with pytest.raises(AttributeError):
        ref.text = "x"  # type: ignore[misc]
    assert ref.host is not None
    with pytest.raises(AttributeError):
        ref.host.text = "x"  # type: ignore[misc]
    reading = read_whatwg("http://h/")
    with pytest.raises(AttributeError):
        reading.href = "x"  # type: ignore[misc]


@given(st.one_of(strat.uri_references(), strat.uri_references(valid=False), st.text()))
@settings(max_examples=400, deadline=None)
def test_reading_by_swap_equals_the_constructor(text: str) -> None:
    r = read_whatwg(text)
    assert type(r) is WhatwgReading
    built = WhatwgReading(r.valid, r.href, r.components, r.host_type, r.error)
    assert r == built and hash(r) == hash(built) and repr(r) == repr(built)
    assert r.to_json() == built.to_json()
    assert tuple(name for name, _ in r.components) == (COMPONENT_NAMES if r.valid else ())


_KNOWN_INVALID = st.lists(
    st.sampled_from([*"ab1:/?#[]@.-", "%41", "%4", "é", " ", "\\", "[::1]", "//", "%25x]"]),
    max_size=14,
).map(lambda t: "http://" + "".join(t) + "é")


@given(st.one_of(_KNOWN_INVALID, strat.uri_references(valid=False)))
@settings(max_examples=500, deadline=None)
def test_known_invalid_split_read_first_is_kept_and_answers_the_same(text: str) -> None:
    """An analysis reads the split, then the answer: the diagnostics reuse that split."""
    ref, slow = parse(text), parse_slow(text)
    if ref._match is not None or ref._split is not None:
        return  # not a known-invalid reference
    sp = ref.split
    assert json.dumps(ref.to_json()) == json.dumps(slow.to_json())
    assert ref.split is sp  # not built again
    assert ref.diagnostics == slow.diagnostics and ref.host_info == slow.host_info
    assert ref == slow


@given(strat.uri_references())
@settings(max_examples=400, deadline=None)
def test_fast_answer_before_and_after_host_kind_is_read(text: str) -> None:
    """``to_json`` reads the host kind from the match when it was not read yet."""
    first = parse(text).to_json()
    again = parse(text)
    _ = again.host_kind, again.split
    assert json.dumps(first) == json.dumps(again.to_json()) == json.dumps(
        parse_slow(text).to_json()
    )
