"""Comparison on the ladder (RFC 3986 §6.2, draft-2003 §6.2)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.compare import compare
from uriinspector.core.normalize import RUNG_NAMES

_ALPHABET = "aAbB09-._~%%2eE5F7cC:/?#@ "
refs = st.one_of(
    st.text(alphabet=_ALPHABET, max_size=30),
    st.sampled_from(
        ["http://a/", "HTTP://A:80", "http://a", "http://a/%7e", "http://a/~", "urn:x:a",
         "URN:X:a#f", "urn:x:a?q", "eXAMPLE://a/./b/../b/c/%7a", "example://a/b/c/z"]
    ),
    st.text(max_size=20),
)

CASES = [
    # (a, b, lowest equal rung or None)
    ("http://a/", "http://a/", "simple-string"),
    ("http://www.XEROX.com", "http://www.xerox.com", "case"),  # RFC 2396 §6
    ("http://a/%7e", "http://a/%7E", "case"),
    ("http://a/%7e", "http://a/~", "percent-encoding"),
    ("example://a/b/c/%7A", "eXAMPLE://a/./b/../b/c/%7a", "path-segment"),  # §6.2.2
    ("http://example.com/", "http://example.com:80/", "scheme-based"),  # §6.2.3
    ("http://example.com", "http://example.com/", "scheme-based"),
    ("http://example.com/data", "http://example.com/data/", None),  # §6.2.4 would say yes
    ("http://a/%2F", "http://a//", None),  # reserved triplets are never decoded (§2.4)
    ("urn:foo:a123,456", "URN:FOO:a123,456", "case"),
    ("urn:foo:a123,456", "urn:foo:a123,456#xyz", "scheme-based"),  # URN draft §5 step 4
    ("urn:foo:a123,456", "urn:foo:a123%2C456", None),  # URN draft §5: never decoded
]


@pytest.mark.parametrize(("a", "b", "rung"), CASES, ids=[f"{a} vs {b}" for a, b, _ in CASES])
def test_compare_examples(a: str, b: str, rung: str | None) -> None:
    c = compare(a, b)
    assert c.rung == rung
    assert c.equivalent == (rung is not None)


def test_to_json_contract_shape() -> None:
    j = compare("http://a:80", "HTTP://a/").to_json()
    assert j == {
        "op": "compare",
        "a": "http://a:80",
        "b": "HTTP://a/",
        "equivalent": True,
        "rung": "scheme-based",
    }


def test_per_rung_names() -> None:
    c = compare("x", "y")
    assert tuple(name for name, _ in c.per_rung) == RUNG_NAMES
    assert c.rung is None and not c.equivalent


@settings(max_examples=200, deadline=None)
@given(refs, refs)
def test_symmetric(a: str, b: str) -> None:
    ab, ba = compare(a, b), compare(b, a)
    assert ab.per_rung == ba.per_rung and ab.rung == ba.rung


@settings(max_examples=200, deadline=None)
@given(refs, refs)
def test_monotone(a: str, b: str) -> None:
    flags = [equal for _, equal in compare(a, b).per_rung]
    first = flags.index(True) if True in flags else len(flags)
    assert all(flags[first:])


@settings(max_examples=100, deadline=None)
@given(refs)
def test_reflexive_and_equivalent_to_its_normal_form(a: str) -> None:
    from uriinspector.core.normalize import normalize

    assert compare(a, a).rung == "simple-string"
    assert compare(a, normalize(a).normalized).equivalent
