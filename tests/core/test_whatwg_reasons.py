"""The browser trace gives a reason per step, and its retrace agrees with ada-url.

``core/legacy/whatwg_reasons.py`` retraces the URL Standard's branches (WHATWG URL
§4.4 basic URL parser: relative state, relative slash state, path state with single-
and double-dot segments, query and fragment states). The target is always ada-url's;
where the retrace arrives at another path a "note" step says so. Hypothesis drives
references built from the pieces the parser branches on and asserts there is no such
note: the reasons describe what ada-url really did.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.resolve import resolve

BASES = (
    "http://a/b/c/d;p?q",
    "https://cdn.example/assets/v2/",
    "https://h/",
    "http://a",
    "ftp://u@h:21/x/y",
    "foo://a/b/c",
    "ws://h/p?x#f",
)
PIECES = ("a", "b", ".", "..", "%2e", "%2E%2e", ".%2e", "/", "\\", "//", "?", "q=1",
          "#", "f", ";p", " ", "é", "@", ":", "80", "A", "0x7f", "[::1]")


def _notes(base: str, ref: str) -> list[str]:
    return [s.detail for s in resolve(base, ref, "whatwg").steps if s.rule.endswith("note")]


SCHEMES = ("", "", "", "http:", "HTTPS:", "ws:", "foo:", "ftp:", "mailto:")


@settings(max_examples=500, deadline=None)
@given(
    st.sampled_from(BASES),
    st.tuples(st.sampled_from(SCHEMES),
              st.lists(st.sampled_from(PIECES), max_size=8).map("".join)).map("".join),
)
def test_retrace_agrees_with_ada(base: str, ref: str) -> None:
    # WHATWG URL §4.4: the reasons' path equals the path ada-url computed.
    r = resolve(base, ref, "whatwg")
    if r.target is not None:
        assert _notes(base, ref) == [], (base, ref, [s.detail for s in r.steps])


# (base, reference, a reason the trace must give) — WHATWG URL §4.4.
REASONS = [
    ("http://a/b/c/d;p?q", "..\\g", "special scheme: backslash treated as slash"),
    ("http://a/b/c/d;p?q", "../g", "path: '..' pops 'c'"),
    ("http://a/b/c/d;p?q", "%2e%2e/g", "'%2e%2e' is a '..' to the URL Standard"),
    ("http://a/b/c/d;p", "?y", "base has no query: query taken from reference"),
    ("http://a/b/c/d;p?q", "?y", "query taken from reference; the base's '?q' is dropped"),
    ("http://a/b/c/d;p?q", "#s", "reference is a fragment only"),
    ("http://a/b/c/d;p?q", "g", "relative path: base path shortened, its last segment 'd;p'"),
    ("http://a/b/c/d;p?q", "http:g", "read as relative to the base"),
    ("http://a/b/c/d;p?q", "\\\\evil.example/x", "authority from reference"),
    ("http://a/b/c/d;p?q", "./g/.", "path: '.' is dropped"),
    ("mailto:x@y", "g", "base has an opaque path"),
    ("http://a/b/c/d;p?q", " g\t", "leading/trailing C0 control or space removed"),
    ("http://a/b/c/d;p?q", "g\n/h", "ASCII tab or newline removed"),
    ("foo://a/b/c", "..\\g", "path: segment '..\\g' appended"),
    # URL Standard §3.5 host parsing and the port state, after ada-url's answer.
    ("http://a/b", "//0x7f.1/", "host: '0x7f.1' is read as an IPv4 address"),
    ("http://a/b", "//EXAMPLE.com/", "host: 'EXAMPLE.com' lower-cased to 'example.com'"),
    ("http://a/b", "//b\u00fccher.example/", "converted to ASCII by IDNA"),
    ("http://a/b", "//a:0080/", "port: '0080' is http's default port: dropped"),
]


@pytest.mark.parametrize(("base", "ref", "reason"), REASONS, ids=[r[1] for r in REASONS])
def test_each_branch_gives_its_reason(base: str, ref: str, reason: str) -> None:
    steps = resolve(base, ref, "whatwg").steps
    assert any(reason in s.detail for s in steps), [s.detail for s in steps]


def test_trace_is_bounded_on_a_megabyte() -> None:
    # 1 MB of "../": the loop steps are capped (legacy/_trace.MAX_LOOP_STEPS).
    r = resolve("http://a/b/c/d;p?q", "../" * 350_000 + "g", "whatwg")
    assert r.target == "http://a/g"
    assert len(r.steps) < 520
    assert any("more iteration" in s.detail for s in r.steps)
