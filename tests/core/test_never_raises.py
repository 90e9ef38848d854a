"""Bad input never raises out of the core or the batch protocol (issues 2 and 5).

The architecture contract: public core functions accept any ``str`` (lone surrogates,
NUL, 1 MB) and report problems as values. ``handle_line`` catches everything itself and
answers ``internal-error``, so for the batch interface "never raises" is checked
as "never answers ``internal-error``": such an answer is a core exception in disguise.

Regression inputs found by the fuzzer (``bench/fuzz.py``) go in ``FUZZ_REGRESSIONS``.
"""

from __future__ import annotations

import json
from urllib.parse import quote

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests import strategies as uri_st
from uriinspector.batch.protocol import INTERNAL_ERROR, handle_line
from uriinspector.core.analysis import analyze
from uriinspector.core.compare import compare
from uriinspector.core.editions import PARSE_EDITIONS, RULE_SETS
from uriinspector.core.extract import extract
from uriinspector.core.normalize import normalize
from uriinspector.core.parse import parse
from uriinspector.core.resolve import resolve, resolve_all
from uriinspector.core.urn import parse_urn, urn_equivalent

BOUNDED = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)

#: A fixed base for "all rule sets" (RFC 3986 §5.4's base).
BASE = "http://a/b/c/d;p?q"

any_text = uri_st.anything()


def _edition_names() -> list[str]:
    return [e if isinstance(e, str) else e.value for e in PARSE_EDITIONS]


def full_analysis(text: str, edition: str = "rfc3986") -> None:
    """Everything the window asks for one input: analysis, characters, ladder, JSON."""
    a = analyze(text, edition)
    a.characters  # noqa: B018 - lazy property: computing it is the point
    a.ladder  # noqa: B018
    json.dumps(a.to_json())


def every_resolution(base: str, ref: str) -> None:
    for rules in RULE_SETS:
        for strict in (True, False):
            res = resolve(base, ref, rules, strict=strict)
            assert res.target is not None or res.error is not None
    assert len(resolve_all(base, ref)) == len(RULE_SETS)


def assert_answered(line: str | bytes) -> dict[str, object] | None:
    answer = handle_line(line)
    if answer is None:  # a blank line has no answer (contract)
        raw = line.decode("utf-8", "replace") if isinstance(line, bytes) else line
        assert raw.strip(" \t\r\n\ufeff") == ""
        return None
    assert isinstance(answer, dict)
    err = answer.get("error")
    if isinstance(err, dict):
        assert err.get("code") != INTERNAL_ERROR, err
    json.dumps(answer, ensure_ascii=True)  # the answer is serialisable
    return answer


def batch_lines(text: str, other: str) -> list[str]:
    """One request of every op carrying ``text``."""
    reqs: list[dict[str, object]] = [
        {"op": "parse", "input": text},
        {"op": "parse", "input": text, "edition": "draft-1993", "base": other},
        {"op": "analyze", "input": text},
        {"op": "resolve", "base": other, "ref": text},
        {"op": "resolve", "base": text, "ref": other, "rules": "whatwg"},
        {"op": "normalize", "input": text},
        {"op": "compare", "a": text, "b": other},
        {"op": "urn", "input": text},
        {"op": "urn-equivalent", "a": text, "b": other, "objective": "resolution"},
        {"op": "extract", "text": text},
    ]
    return [json.dumps(r) for r in reqs]


# ---- property tests -------------------------------------------------------------------


@BOUNDED
@given(any_text, st.sampled_from(["rfc3986", "draft-2003", "rfc2396", "draft-1997", "draft-1993"]))
def test_analyze_never_raises(text: str, edition: str) -> None:
    full_analysis(text, edition)


@BOUNDED
@given(st.one_of(uri_st.uris(), any_text), any_text)
def test_resolve_never_raises_under_any_rule_set(base: str, ref: str) -> None:
    every_resolution(base, ref)


@BOUNDED
@given(any_text, any_text)
def test_normalize_and_compare_never_raise(a: str, b: str) -> None:
    normalize(a)
    compare(a, b)


@BOUNDED
@given(st.one_of(any_text, any_text.map(lambda t: "urn:" + t), uri_st.special_uris()), any_text)
def test_urn_never_raises(text: str, other: str) -> None:
    parse_urn(text)
    for objective in ("resource", "resolution"):
        urn_equivalent(text, other, objective)  # type: ignore[arg-type]


@BOUNDED
@given(
    st.lists(
        st.one_of(any_text, st.sampled_from(["<", ">", '"', "URL:", "\n", "-\n"])), max_size=8
    ).map("".join)
)
def test_extract_never_raises(text: str) -> None:
    for found in extract(text):
        assert 0 <= found.span.start <= found.span.end <= len(text)


@BOUNDED
@given(any_text, any_text)
def test_batch_answers_every_op(text: str, other: str) -> None:
    for line in batch_lines(text, other):
        assert assert_answered(line) is not None
        assert_answered(line.encode("utf-8", "surrogatepass"))


@BOUNDED
@given(
    st.one_of(
        st.binary(max_size=200), uri_st.raw_text().map(lambda t: t.encode("utf-8", "surrogatepass"))
    )
)
def test_batch_answers_any_bytes(line: bytes) -> None:
    assert_answered(line)


@BOUNDED
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers() | st.floats() | uri_st.raw_text(20),
        lambda inner: (
            st.lists(inner, max_size=3)
            | st.dictionaries(
                st.sampled_from(
                    [
                        "op",
                        "input",
                        "base",
                        "ref",
                        "rules",
                        "edition",
                        "a",
                        "b",
                        "text",
                        "id",
                        "objective",
                    ]
                ),
                inner,
                max_size=5,
            )
        ),
        max_leaves=12,
    )
)
def test_batch_answers_wrong_types(obj: object) -> None:
    assert_answered(json.dumps(obj))
    if isinstance(obj, dict):
        for op in (
            "parse",
            "analyze",
            "resolve",
            "normalize",
            "compare",
            "urn",
            "urn-equivalent",
            "extract",
        ):
            assert_answered(json.dumps({**obj, "op": op}))


# ---- specific nasty inputs ------------------------------------------------------------


def _nested_encoded(levels: int) -> str:
    url = "http://evil.example/payload"
    for i in range(levels):
        url = f"https://r{i}.example/redirect?url=" + quote(url, safe="")
    return url


def _nested_plain(levels: int) -> str:
    return "".join(f"http://h{i}.example/?u=" for i in range(levels)) + "http://end/"


NASTY = {
    "lone-high-surrogate": "http://a/\ud800",
    "lone-low-surrogate": "\udfff://\udc80@\udbff/\ud800?\udc00#\udfff",
    "surrogate-host": "http://exa\ud83dmple.com/",
    "nul": "http://a\x00b/\x00?\x00#\x00",
    "only-nul": "\x00",
    "controls": "".join(chr(c) for c in range(32)) + "\x7f\x85\u2028\u2029",
    "bidi": "http://\u202eexample.com\u202c/\u2066x\u2069",
    "empty": "",
    "colon": ":",
    "brackets": "http://[[[[::1]]]]:[80]/",
    "ipv6-zone": "http://[fe80::1%25eth0]:8080/",
    "ipv6-zone-bare": "http://[fe80::1%eth0]/",
    "percent-only": "%" * 1000,
    "idn-mixed": "http://аpple.com.xn--80ak6aa92e.com/",
    "idn-broken-puny": "http://xn--.xn--zz/xn--a-b-c",
    # int() refuses decimal strings over 4,300 digits (fixed: core.schemes.port_number).
    "huge-port": "http://a:" + "9" * 5000 + "/",
    "huge-port-zeros": "http://a:" + "0" * 5000 + "80/",
    "nested-encoded-40": _nested_encoded(40),
    "nested-plain-2000": _nested_plain(2000),
    "nested-at": "http://" + "a@" * 5000 + "b/",
    "data-huge-comma": "data:" + "," * 10000,
    "urn-many-directives": "urn:x:y?" + "&".join(f"k{i}=v" for i in range(3000)),
    "urn-rq": "urn:example:a?+" + "?=" * 2000 + "#" * 100,
    "dots": "http://a/" + "../" * 5000 + "./" * 5000,
    "query-params": "http://a/?" + "&".join(f"p{i}=%{i % 256:02X}" for i in range(5000)),
    "backslashes": "http:\\\\a\\b\\..\\..\\c",
    "whitespace-wrapped": "<URL:http://a.example/very-\n  long/path>",
}

#: Known crashes, reported to the lead and owned by the module's author: strict xfail,
#: so the test fails (XPASS) the day the fix lands and the marker must go.
KNOWN_CRASHES: dict[str, str] = {}


def _cases(table: dict[str, str]) -> list[object]:
    return [
        pytest.param(
            text, id=name, marks=pytest.mark.xfail(reason=KNOWN_CRASHES[name], strict=True)
        )
        if name in KNOWN_CRASHES
        else pytest.param(text, id=name)
        for name, text in table.items()
    ]


#: Inputs the fuzzer (bench/fuzz.py) found to crash a core function: name -> input.
FUZZ_REGRESSIONS: dict[str, str] = {}


@pytest.mark.parametrize("text", _cases({**NASTY, **FUZZ_REGRESSIONS}))
def test_nasty_inputs(text: str) -> None:
    for edition in _edition_names():
        if edition != "whatwg":
            parse(text, edition)
    full_analysis(text)
    every_resolution(BASE, text)
    every_resolution(text, "../g?x#y")
    normalize(text)
    compare(text, text.upper())
    parse_urn(text)
    parse_urn("urn:" + text)
    extract(text)
    extract(f"see <{text}> and '{text}', URL:{text}.")
    for line in batch_lines(text, BASE):
        assert_answered(line)


ONE_MB = 1_000_000


@pytest.mark.parametrize(
    "text",
    [
        "http://a/" + "b%zz\ud800/../" * (ONE_MB // 12),
        "data:text/plain;base64," + "QUJD" * (ONE_MB // 4),
    ],
    ids=["path-mixed", "data"],
)
def test_one_megabyte_string(text: str) -> None:
    """A 1 MB string is a diagnostic-carrying result, not an exception (issue 2)."""
    a = analyze(text)
    a.ladder  # noqa: B018
    json.dumps(a.to_json())
    normalize(text)
    resolve(BASE, text)
    resolve(text, "g")
    parse_urn("urn:x:" + text)
    extract(text)
    assert_answered(json.dumps({"op": "analyze", "input": text}))


def test_one_megabyte_characters() -> None:
    """The character table of a 1 MB input is built without raising."""
    text = "http://h/" + "\x00%e2%82%ac\ud800 " * (ONE_MB // 12)
    assert len(analyze(text).characters) == len(text)


def test_five_megabyte_batch_line() -> None:
    """The batch interface answers a 5 MB line (issue 5), as text and as bytes."""
    text = "http://a/" + "x/" * (5 * ONE_MB // 2)
    line = json.dumps({"id": 7, "op": "normalize", "input": text})
    assert len(line) > 5 * ONE_MB
    answer = assert_answered(line.encode())
    assert answer is not None and answer.get("id") == 7
    junk = b"\xff" * (5 * ONE_MB)
    answer = assert_answered(junk)
    assert answer is not None and isinstance(answer.get("error"), dict)


@pytest.mark.parametrize(
    "line",
    [
        b"\xff\xfe",
        b'{"op": "parse", "input": "\xc3\x28"}',
        b'{"op": "parse", "input": "\xed\xa0\x80"}',  # UTF-8-encoded surrogate
        b"\xef\xbb\xbf" + b'{"op": "parse", "input": "a"}',
        b'{"op": "parse", "input": "a"}\x00',
        b"\x00" * 100,
        b"[" * 100_000,
        b'{"op": "analyze", "input": "\\ud800"}',
        b'{"op": "parse", "input": 1e999}',
        b'{"op": "parse", "input": NaN}',
        b'{"op": "parse", "input": "a", "input": 3}',
        b"1" * 10_000,
        b'"just a string"',
        b"null",
        b"   ",
        b"",
    ],
)
def test_invalid_utf8_and_odd_lines(line: bytes) -> None:
    assert_answered(line)
    assert_answered(line.decode("utf-8", "surrogateescape"))
