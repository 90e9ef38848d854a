"""Properties of resolution (Hypothesis): never raises, RFC 3986 targets are absolute.

Bounded (≤ 200 examples each, no deadline) because the suite runs on a shared machine.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.editions import RULE_SETS
from uriinspector.core.resolve import remove_dot_segments, resolve, trace_remove_dot_segments
from uriinspector.core.split import split

# path-ish text heavy in the characters the algorithms care about
_PIECES = st.sampled_from(["/", ".", "..", "./", "../", "/.", "/..", "a", "b;p", ":", "%2E", "//"])
paths = st.lists(_PIECES, max_size=12).map("".join)
refs = st.one_of(
    paths,
    st.builds(
        lambda p, q, f: p + q + f,
        paths,
        st.sampled_from(["", "?", "?y", "?y/../x"]),
        st.sampled_from(["", "#", "#s", "#s/./x"]),
    ),
    st.builds(lambda s, p: s + p, st.sampled_from(["g:", "http:", "//h", "//h/", "x:/"]), paths),
)
bases = st.builds(
    lambda scheme, auth, path, query: scheme + ":" + auth + path + query,
    st.sampled_from(["http", "a", "urn", "x-y.z+w"]),
    st.sampled_from(["", "//a", "//", "//u@h:1"]),
    st.sampled_from(["", "/", "/b/c/d;p", "b/c", "/b/c/", "b"]),
    st.sampled_from(["", "?q", "?"]),
)
SETTINGS = settings(max_examples=200, deadline=None)


def _segments(path: str) -> list[str]:
    return path.split("/")


@SETTINGS
@given(bases, refs, st.booleans())
def test_rfc3986_target_is_absolute_and_splits_back(base: str, ref: str, strict: bool) -> None:
    res = resolve(base, ref, strict=strict)
    assert res.error is None and res.target is not None
    s = split(res.target)
    assert s.unsplit() == res.target
    assert s.scheme is not None
    r = split(ref)
    expected_scheme = (
        r.scheme.text
        if r.scheme is not None and (strict or r.scheme.text.lower() != base.split(":")[0].lower())
        else base.split(":")[0]
    )
    assert s.scheme.text == expected_scheme
    # the fragment is the reference's, whatever else happened (RFC 3986 §5.2.2)
    assert (s.fragment is None) == (r.fragment is None)
    assert res.steps and res.steps[-1].value == res.target


@SETTINGS
@given(bases, refs)
def test_rfc3986_target_path_has_no_dot_segments(base: str, ref: str) -> None:
    """Every branch of §5.2.2 ends in remove_dot_segments, except the empty path."""
    res = resolve(base, ref)
    assert res.target is not None
    r = split(ref)
    if r.scheme is None and r.authority is None and r.path.text == "":
        return  # T.path = Base.path, untouched
    path = res.steps[-2].value if res.steps[-2].rule.startswith("5.2.4") else None
    if path is not None:
        assert "." not in _segments(path) and ".." not in _segments(path)


@SETTINGS
@given(st.text(max_size=60) | paths)
def test_remove_dot_segments_leaves_no_dot_segments(path: str) -> None:
    out = remove_dot_segments(path)
    segs = _segments(out)
    assert "." not in segs and ".." not in segs
    traced, steps = trace_remove_dot_segments(path)
    assert traced == out
    if steps:
        assert steps[-1].value == out


@SETTINGS
@given(paths)
def test_remove_dot_segments_is_idempotent(path: str) -> None:
    once = remove_dot_segments(path)
    assert remove_dot_segments(once) == once


@pytest.mark.parametrize("rules", [*RULE_SETS, "no-such-rules"])
@settings(max_examples=100, deadline=None)
@given(base=st.text(max_size=40) | bases, ref=st.text(max_size=40) | refs, strict=st.booleans())
def test_never_raises(rules: str, base: str, ref: str, strict: bool) -> None:
    res = resolve(base, ref, rules, strict=strict)
    assert (res.target is None) == (res.error is not None)
    assert res.error is None or res.error.code != "internal-error", res.error
    if res.target is not None:
        assert res.steps
    res.to_json()
