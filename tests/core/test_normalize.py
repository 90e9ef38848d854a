"""The comparison ladder (RFC 3986 §6.2, draft-2003 §6.2, RFC 2396 §6)."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from uriinspector.core.normalize import (
    MAX_EDITS,
    PROTOCOL_NOTE,
    RUNG_NAMES,
    apply_edits,
    normalize,
    remove_dot_segments,
)
from uriinspector.core.schemes import SCHEMES

# ---- strategies: URI-shaped text, heavy in the characters the ladder cares about ----
_URI_ALPHABET = "aAbBzZ019-._~%%%2eE5F7cC:/?#[]@!$&'()*+,;= "
uri_like = st.text(alphabet=_URI_ALPHABET, max_size=40)
any_text = st.text(max_size=40)  # any code point, lone surrogates and NUL included

_segment = st.sampled_from(
    [".", "..", "", "a", "B", "%2E", "%2e%2E", "%7e", "%7B", "%41", "%25", "%%34", "c:d"]
)
_scheme = st.sampled_from(["http", "HTTP", "hTtPs", "ftp", "eXAMPLE", "urn", "URN", "foo", "sip"])
_host = st.sampled_from(["", "a", "WWW.Example.COM", "%41b", "[::FFFF:1.2.3.4]", "h.", "x%2E"])
_port = st.sampled_from([None, "", "80", "443", "21", "080", "8080", "x"])


@st.composite
def structured(draw: st.DrawFn) -> str:
    """A reference built from parts: scheme, optional authority, dotted path, query."""
    out = ""
    if draw(st.booleans()):
        out += draw(_scheme) + ":"
    if draw(st.booleans()):
        out += "//" + draw(st.sampled_from(["", "U%7eser@", "a:B@"])) + draw(_host)
        port = draw(_port)
        if port is not None:
            out += ":" + port
    segs = draw(st.lists(_segment, max_size=6))
    lead = draw(st.sampled_from(["", "/"]))
    out += lead + "/".join(segs)
    if draw(st.booleans()):
        out += "?" + draw(st.sampled_from(["", "Q=%7e", "a/../b"]))
    if draw(st.booleans()):
        out += "#" + draw(st.sampled_from(["", "F%2d"]))
    return out


references = st.one_of(uri_like, structured(), any_text)

# ---- examples -----------------------------------------------------------------------
EXAMPLES = [
    # draft-2003 §6.2.2 / RFC 3986 §6.2.2 example, with an encoded brace kept encoded
    ("eXAMPLE://a/./b/../b/%63/%7bfoo%7d", "example://a/b/c/%7Bfoo%7D"),
    ("example://a/b/c/%7A", "example://a/b/c/z"),
    ("eXAMPLE://a/./b/../b/c/%7a", "example://a/b/c/z"),
    # RFC 3986 §6.2.3 / draft-2003 §6.2.3: default port and empty path
    ("HTTP://www.Example.com:80", "http://www.example.com/"),
    ("http://example.com", "http://example.com/"),
    ("http://example.com:/", "http://example.com/"),
    ("http://example.com:080/", "http://example.com/"),
    ("https://example.com:443?q", "https://example.com/?q"),
    ("http://example.com:8080", "http://example.com:8080/"),
    ("ftp://ftp.is.co.za:21/rfc/rfc1808.txt", "ftp://ftp.is.co.za/rfc/rfc1808.txt"),
    ("foo://example.com:80", "foo://example.com:80"),  # no facts for "foo"
    ("http://example.com/?", "http://example.com/?"),  # empty query kept (§6.2.3)
    # §2.4 / §6.2.2.2: never decode a non-unreserved triplet, never decode twice
    ("http://a/%2541", "http://a/%2541"),
    ("http://a/%2f%3A", "http://a/%2F%3A"),
    ("%%341", "%%341"),
    ("%4%31", "%4%31"),
    # case: userinfo, path, query, fragment keep their case; host triplets decode lower
    ("HTTP://User:PW@H%41St/P?Q#F", "http://User:PW@hast/P?Q#F"),
    ("http://[::FFFF:1.2.3.4]:80/", "http://[::ffff:1.2.3.4]/"),
    # path-segment on absolute and network-path references, not relative-path ones
    ("/a/b/../c/./d", "/a/c/d"),
    ("//H/a/../b", "//h/b"),
    ("../a/./b", "../a/./b"),
    ("foo:/.//a", "foo:/.//a"),  # "//a" would turn into an authority (§3.3)
    ("http://a/%2E%2E/b", "http://a/b"),
    # a trailing dot on the host is left alone
    ("http://example.com.:80/", "http://example.com./"),
    # URN: NID lower-cased, percent-encoding kept, fragment and query removed (§5)
    ("URN:FOO:a123%2c456?x=y#z", "urn:foo:a123%2C456"),
    ("urn:foo:A123,456", "urn:foo:A123,456"),
    # SIP keeps its default port (RFC 3261 §19.1.4); no authority anyway
    ("sip:alice@Atlanta.com:5060", "sip:alice@Atlanta.com:5060"),
]


@pytest.mark.parametrize(("text", "expected"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_normalize_examples(text: str, expected: str) -> None:
    assert normalize(text).normalized == expected


def test_rung_names_and_order() -> None:
    ladder = normalize("HTTP://a/")
    assert tuple(r.name for r in ladder.rungs) == RUNG_NAMES
    assert ladder.normalized == ladder.rung("scheme-based").value


def test_protocol_rung_never_performed() -> None:
    ladder = normalize("http://example.com/data")
    rung = ladder.rung("protocol-based")
    assert not rung.performed and not rung.changed and rung.edits == ()
    assert rung.value == ladder.rung("scheme-based").value
    assert rung.note == PROTOCOL_NOTE and "§6.2.4" in rung.note


def test_urn_percent_encoding_kept_with_note() -> None:
    rung = normalize("urn:foo:%7e").rung("percent-encoding")
    assert rung.value == "urn:foo:%7E" and not rung.changed
    assert "MUST NOT" in rung.note


def test_edit_reasons_cite_sections() -> None:
    ladder = normalize("eXAMPLE://A/./b/%7a:80")
    edits = [e for r in ladder.rungs for e in r.edits]
    assert edits
    assert all("§" in e.reason for e in edits)


def test_to_json_contract_shape() -> None:
    j = normalize("HTTP://a:80").to_json()
    assert set(j) == {"op", "input", "rungs", "normalized"}
    assert j["op"] == "normalize" and j["normalized"] == "http://a/"
    rungs = j["rungs"]
    assert isinstance(rungs, list) and [r["name"] for r in rungs] == list(RUNG_NAMES)
    for r in rungs:
        assert set(r) == {"name", "value", "changed", "edits"}
        for e in r["edits"]:
            assert set(e) == {"start", "end", "replacement", "reason"}
    case = rungs[1]
    assert case["edits"][0] == {
        "start": 0,
        "end": 4,
        "replacement": "http",
        "reason": "RFC 3986 §6.2.2.1: the scheme is case-insensitive",
    }


def test_scheme_table_rows_cite_sources() -> None:
    for name, facts in SCHEMES.items():
        assert facts.name == name == name.lower()
        assert facts.source
    assert SCHEMES["http"].default_port == 80 and SCHEMES["wss"].default_port == 443


# ---- remove_dot_segments: RFC 3986 §5.2.4 and the §5.4 paths --------------------------
DOTS = [
    ("/a/b/c/./../../g", "/a/g"),  # §5.2.4 example
    ("mid/content=5/../6", "mid/6"),  # §5.2.4 example
    ("/a/b/c/../../../g", "/g"),
    ("/a/b/c/../../../../g", "/g"),
    ("/./g", "/g"),
    ("/../g", "/g"),
    ("/g.", "/g."),
    ("/.g", "/.g"),
    ("/g..", "/g.."),
    ("/..g", "/..g"),
    ("/a/b/c/./../g.", "/a/b/g."),
    ("/a/b/.", "/a/b/"),
    ("/a/b/..", "/a/"),
    ("/a/b//../c", "/a/b/c"),
    (".", ""),
    ("..", ""),
    ("../", ""),
    ("./a", "a"),
    ("", ""),
]


@pytest.mark.parametrize(("path", "expected"), DOTS, ids=[d[0] or "empty" for d in DOTS])
def test_remove_dot_segments_rfc3986_5_2_4(path: str, expected: str) -> None:
    assert remove_dot_segments(path) == expected


def _reference_remove_dot_segments(path: str) -> str:
    """The §5.2.4 buffer loop written literally (quadratic; for small inputs only)."""
    inp, out = path, ""
    while inp:
        if inp.startswith("../"):
            inp = inp[3:]
        elif inp.startswith("./"):
            inp = inp[2:]
        elif inp.startswith("/./"):
            inp = "/" + inp[3:]
        elif inp == "/.":
            inp = "/"
        elif inp.startswith("/../"):
            inp = "/" + inp[4:]
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp == "/..":
            inp = "/"
            out = out[: out.rfind("/")] if "/" in out else ""
        elif inp in (".", ".."):
            inp = ""
        else:
            j = inp.find("/", 1 if inp.startswith("/") else 0)
            j = len(inp) if j == -1 else j
            out += inp[:j]
            inp = inp[j:]
    return out


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet="./ab", max_size=20))
def test_remove_dot_segments_matches_the_literal_loop(path: str) -> None:
    assert remove_dot_segments(path) == _reference_remove_dot_segments(path)


# ---- properties -----------------------------------------------------------------------
@settings(max_examples=200, deadline=None)
@given(references)
def test_idempotent(text: str) -> None:
    once = normalize(text).normalized
    assert normalize(once).normalized == once


@settings(max_examples=200, deadline=None)
@given(references)
def test_each_rung_is_its_edits_applied(text: str) -> None:
    ladder = normalize(text)
    assert ladder.rungs[0].value == text
    for prev, rung in zip(ladder.rungs, ladder.rungs[1:], strict=False):
        assert apply_edits(prev.value, rung.edits) == rung.value
        assert rung.changed == (rung.value != prev.value)
        spans = sorted(e.span for e in rung.edits)
        for a, b in itertools.pairwise(spans):
            assert a.end <= b.start  # edits never overlap
        assert all(e.span.end <= len(prev.value) for e in rung.edits)
        assert all(e.replacement != e.span.of(prev.value) for e in rung.edits)


@settings(max_examples=200, deadline=None)
@given(references)
def test_every_rung_idempotent_on_its_own_output(text: str) -> None:
    # Stronger than overall idempotence: re-climbing from the result changes nothing.
    again = normalize(normalize(text).normalized)
    assert all(not r.changed for r in again.rungs)


def test_never_raises_on_hostile_text() -> None:
    hostile = ["\ud800", "\x00", "%", "%%", "::::", "[", "//", "?#", "urn:", "URN::", "\udfff%z"]
    for text in hostile:
        assert isinstance(normalize(text).normalized, str)


# ---- RFC 2396 §6 requirements ------------------------------------------------------------
@pytest.mark.req("6-1")
def test_req_6_1_host_case_insensitive_xerox() -> None:
    assert normalize("http://www.XEROX.com").normalized == normalize(
        "http://www.xerox.com"
    ).normalized


@pytest.mark.req("6-2")
def test_req_6_2_equivalence_is_scheme_dependent() -> None:
    # The same port elision is licensed for http (RFC 9110) but not for an unknown scheme,
    # and URNs get their own rules (URN draft §5).
    assert normalize("http://a:80/").normalized == "http://a/"
    assert normalize("foo://a:80/").normalized == "foo://a:80/"
    assert normalize("urn:x:a#f").normalized == "urn:x:a"
    assert normalize("foo:x:a#f").normalized == "foo:x:a#f"


@pytest.mark.req("6-3")
def test_req_6_3_scheme_host_case_and_default_port() -> None:
    assert normalize("HTTP://WWW.Example.COM:80/x").normalized == "http://www.example.com/x"
    assert normalize("Gopher://Spinaltap.micro.umn.edu:70/00").normalized == (
        "gopher://spinaltap.micro.umn.edu/00"
    )


# ---- linear time ---------------------------------------------------------------------------
@pytest.mark.slow
def test_a_megabyte_in_linear_time() -> None:
    unit = "HTTP://User@Example.COM:80/a/./b/../%7e%41%2F/"
    for what, make in (
        ("mixed", lambda n: ("x" + unit * (n // len(unit) + 1))[:n]),
        ("dot-segments", lambda n: "http://a" + "/.." * (n // 3)),
        ("percent", lambda n: "%" * n),
        ("surrogates", lambda n: "\ud800" * n),
    ):
        assert_linear(make, normalize, 524_288, repeats=2, what=what)


# ---- RFC 2396 §2.4.2 requirements on escaping ---------------------------------------------
@pytest.mark.req("2.4.2-2")
def test_req_2_4_2_2_escaped_unreserved_equivalent() -> None:
    assert normalize("http://a/%7euser").normalized == normalize("http://a/~user").normalized


@pytest.mark.req("2.4.2-3")
def test_req_2_4_2_3_never_unescape_twice() -> None:
    # "%2541" is "%41" as data; decoding it again would give "A".
    assert normalize("http://a/%2541").normalized == "http://a/%2541"
    # a decoded "4" must not join a stray "%" and a "1" into a new escape
    assert normalize("http://a/%%341").normalized == "http://a/%%341"
    once = normalize("http://a/%%341").normalized
    assert normalize(once).normalized == once


# ---- the batch answer lists a bounded number of edits (issue 13) ---------------------------

_many_edits = st.lists(
    st.sampled_from(["%7e", "%7E", "%41", "x", "/./", "/../", "A", "%2e", "%zz", "é", "\ud800"]),
    min_size=0,
    max_size=400,
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["HTTP://EX.COM/", "http://a/", "urn:EX:", "", "a/"]), _many_edits)
def test_listed_edits_are_bounded_and_still_make_the_value(head: str, parts: list[str]) -> None:
    """``to_json`` lists at most 50 edits and one for the rest; applied to the previous
    rung's value they still give the rung's value exactly (the contract's invariant)."""
    from uriinspector.core.normalize import Edit
    from uriinspector.core.spans import Span

    ladder = normalize(head + "".join(parts))
    answer = ladder.to_json()
    prev = ladder.input
    for rung, data in zip(ladder.rungs, answer["rungs"], strict=True):  # type: ignore[call-overload]
        listed = data["edits"]
        assert len(listed) <= 51
        if len(rung.edits) <= 51:
            assert listed == [e.to_json() for e in rung.edits]
        else:
            assert listed[-1]["reason"].startswith(f"and {len(rung.edits) - 50} more edits")
        edits = tuple(
            Edit(Span(e["start"], e["end"]), e["replacement"], e["reason"]) for e in listed
        )
        assert apply_edits(prev, edits) == rung.value == data["value"]
        prev = rung.value


def test_a_megabyte_of_triplets_lists_51_edits() -> None:
    """1 MB of ``%7e``: one edit per triplet was a 95 MB batch answer."""
    ladder = normalize("%7e" * 333_333)
    rung = ladder.rung("percent-encoding")
    # the rung keeps MAX_EDITS and counts the rest: one Edit per triplet held 667 MB at 5 MB
    assert len(rung.edits) == MAX_EDITS
    assert rung.edit_count == 333_333
    data = next(r for r in ladder.to_json()["rungs"] if r["name"] == "percent-encoding")  # type: ignore[attr-defined]
    assert len(data["edits"]) == 51
    assert data["edits"][-1]["replacement"] == "~" * (333_333 - 50)
