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
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests import strategies as strat
from uriinspector.core import split as split_mod
from uriinspector.core.editions import Edition
from uriinspector.core.parse import parse, parse_slow
from uriinspector.core.spans import Span
from uriinspector.core.split import (
    Delimiter,
    Part,
    SplitReference,
    split,
    split_authority,
    split_spans,
)
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


# RFC 3986 Appendix B verbatim (DOTALL: any string), then the authority cut as
# split_authority cuts it: the split as it was made before it shared assemble's code
_APPENDIX_B = re.compile(r"^(([^:/?#]+):)?(//([^/?#]*))?([^?#]*)(\?([^#]*))?(#(.*))?", re.DOTALL)


def _appendix_b_split(text: str, segment_params: bool) -> SplitReference:
    """The generic split written out from Appendix B and ``split_authority``."""
    m = _APPENDIX_B.match(text)
    assert m is not None

    def part(group: int) -> Part | None:
        start, end = m.span(group)
        return None if start == -1 else Part(text[start:end], Span(start, end))

    def delim(role: str, at: int, width: int = 1) -> Delimiter:
        return Delimiter(role, text[at : at + width], Span(at, at + width))  # type: ignore[arg-type]

    delims: list[Delimiter] = []
    if m.start(1) != -1:
        delims.append(delim("scheme-colon", m.end(2)))
    userinfo = host = port = None
    if m.start(3) != -1:
        delims.append(delim("authority-slashes", m.start(3), 2))
        userinfo, host, port, cut = split_authority(text, m.start(4), m.end(4))
        delims += cut
    if m.start(6) != -1:
        delims.append(delim("query-mark", m.start(6)))
    if m.start(8) != -1:
        delims.append(delim("fragment-hash", m.start(8)))
    path = part(5)
    assert path is not None
    return SplitReference(text, part(2), part(4), userinfo, host, port, path, part(7),
                          part(9), tuple(delims), segment_params)


_AUTHORITY_HEAVY = st.lists(
    st.sampled_from([*"ab1:/?#[]@.%-", "//", "[::1]", "[v1.x]", "]:", "@@", "é", "\n"]),
    max_size=24,
).map("".join)


@given(st.one_of(_AUTHORITY_HEAVY, _AUTHORITY_HEAVY.map(lambda t: "s://" + t), st.text(),
                 strat.uri_references(valid=False)), st.booleans())
@settings(max_examples=1500, deadline=None)
def test_split_equals_appendix_b_and_split_authority(text: str, params: bool) -> None:
    """One match and ``assemble`` cut every string as Appendix B and the authority cut do."""
    got, want = split(text, segment_params=params), _appendix_b_split(text, params)
    assert _fields(got) == _fields(want) and got == want
    assert split_spans(text) == want.component_spans()


@pytest.mark.parametrize("text", [
    "", "//", "a:", ":", "//@", "//[", "//[]", "//[::1]:", "//[::1]x:1", "//a@b@c:1:2",
    "s://u@[v1.x]:80/p;q?r#f", "?#", "#?", "///", "\n//h\n/p", "a" * 300 + "://h",
    "//" + "@" * 200 + "h:" + "1" * 200,
])  # fmt: skip
def test_split_edges_equal_appendix_b(text: str) -> None:
    for params in (False, True):
        assert _fields(split(text, segment_params=params)) == _fields(
            _appendix_b_split(text, params)
        )


@given(st.one_of(strat.uri_references(), strat.uri_references(valid=False), st.text()))
@settings(max_examples=300, deadline=None)
def test_get_and_hostname_equal_the_scan_through_the_pairs(text: str) -> None:
    """``get`` looks at the name's place first; the answer is the first pair's."""
    r = read_whatwg(text)
    for name in (*COMPONENT_NAMES, "href", "nope"):
        assert r.get(name) == next((v for k, v in r.components if k == name), None)
    assert r.hostname == (r.get("hostname") or "")


def test_get_on_a_reading_built_in_another_order() -> None:
    odd = WhatwgReading(True, "x:", (("hostname", "h"), ("protocol", "x:")), "domain", None)
    assert odd.get("protocol") == "x:" and odd.get("hostname") == "h" and odd.hostname == "h"
    assert odd.get("port") is None
    assert WhatwgReading(False, None, (), None, "e").hostname == ""


@given(st.one_of(_KNOWN_INVALID, strat.uri_references(valid=False), st.text()),
       st.sampled_from(tuple(Edition)))
@settings(max_examples=400, deadline=None)
def test_diagnosed_answer_reads_the_split_as_component_spans_does(
    text: str, edition: Edition
) -> None:
    """The diagnostic parser's answer: components and spans as the split gives them."""
    ref = parse_slow(text, edition)
    data, s = ref.to_json(), ref.split
    names = ("scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment")
    assert data["components"] == {
        n: (None if (p := s.component(n)) is None else p.text) for n in names  # type: ignore[arg-type]
    }
    assert data["spans"] == [
        {"component": n, "start": sp.start, "end": sp.end} for n, sp in s.component_spans()
    ]
    assert data["kind"] == s.kind
