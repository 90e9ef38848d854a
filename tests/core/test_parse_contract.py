"""The ``parse`` answer's shape (shared/contract/batch-protocol.md) and robustness."""

from __future__ import annotations

import json

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from tests.growth import assert_linear
from uriinspector.core.editions import Edition
from uriinspector.core.parse import DIAGNOSTIC_CODES, parse
from uriinspector.core.split import split

EDITIONS = [e.value for e in Edition]
KEYS = {
    "op",
    "input",
    "edition",
    "valid",
    "kind",
    "components",
    "host_kind",
    "spans",
    "diagnostics",
}
COMPONENTS = ["scheme", "authority", "userinfo", "host", "port", "path", "query", "fragment"]


def test_to_json_matches_the_contract_example() -> None:
    j = parse("http://u@[::1]:8080/p?q#f").to_json()
    assert set(j) == KEYS
    assert j["op"] == "parse" and j["edition"] == "rfc3986" and j["kind"] == "uri"
    assert j["components"] == {
        "scheme": "http",
        "authority": "u@[::1]:8080",
        "userinfo": "u",
        "host": "[::1]",
        "port": "8080",
        "path": "/p",
        "query": "q",
        "fragment": "f",
    }
    assert j["host_kind"] == "ipv6" and j["valid"] is True and j["diagnostics"] == []
    assert j["spans"] == [
        {"component": "scheme", "start": 0, "end": 4},
        {"component": "userinfo", "start": 7, "end": 8},
        {"component": "host", "start": 9, "end": 14},
        {"component": "port", "start": 15, "end": 19},
        {"component": "path", "start": 19, "end": 21},
        {"component": "query", "start": 22, "end": 23},
        {"component": "fragment", "start": 24, "end": 25},
    ]


def test_to_json_relative_reference_has_null_components_and_a_path() -> None:
    j = parse("", "rfc2396").to_json()
    assert j["kind"] == "relative-ref" and j["host_kind"] is None and j["edition"] == "rfc2396"
    comps = j["components"]
    assert isinstance(comps, dict)
    assert comps["path"] == "" and all(comps[k] is None for k in COMPONENTS if k != "path")


def test_diagnostic_objects_have_the_contract_keys() -> None:
    j = parse("http://h/a b%zz").to_json()
    diags = j["diagnostics"]
    assert isinstance(diags, list) and len(diags) == 2
    for d in diags:
        assert set(d) == {"code", "severity", "start", "end", "message"}
        assert d["code"] in DIAGNOSTIC_CODES and d["severity"] in ("error", "warning", "info")


def test_codes_are_kebab_case() -> None:
    for code in DIAGNOSTIC_CODES:
        assert code == code.lower() and " " not in code and "_" not in code


def test_edition_may_be_an_enum_and_unknown_names_raise_value_error() -> None:
    assert parse("x", Edition.DRAFT_1993).edition is Edition.DRAFT_1993
    with pytest.raises(ValueError, match="unknown edition"):
        parse("x", "rfc9999")


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize(
    "text",
    [
        "\x00",
        "\ud800",
        "a\udfffb",
        "%",
        "[",
        "//[",
        "//@",
        "//:",
        "::::",
        "#%",
        "?\x7f",
        "\U0001f600",
    ],
    ids=repr,
)
def test_never_raises_on_odd_strings(text: str, edition: str) -> None:
    r = parse(text, edition)
    assert r.split.unsplit() == text
    json.dumps(r.to_json())  # serialisable (surrogates appear only escaped in messages)
    for d in r.diagnostics:
        assert 0 <= d.span.start <= d.span.end <= len(text)


@given(st.text(max_size=80), st.sampled_from(EDITIONS))
@settings(max_examples=200, deadline=None)
def test_any_string_parses_with_spans_inside_the_input(text: str, edition: str) -> None:
    r = parse(text, edition)
    assert r.valid == (not any(d.severity == "error" for d in r.diagnostics))
    for d in r.diagnostics:
        assert 0 <= d.span.start <= d.span.end <= len(text)
        assert d.code in DIAGNOSTIC_CODES


@given(st.text(alphabet="abc/?#:@[]%0123456789.", max_size=40))
@example("a@:")  # found by Hypothesis: the scheme is "a@"
@settings(max_examples=200, deadline=None)
def test_rfc3986_validity_agrees_with_the_grammar_on_the_uri_alphabet(text: str) -> None:
    r = parse(text)
    if "%" not in text and "[" not in text and "]" not in text and not text.startswith(":"):
        # every other character of this alphabet is allowed wherever the split puts it,
        # except '@' inside the userinfo, ':' in a port, '#' in the fragment, and a
        # scheme that does not start with a letter or holds anything but
        # ALPHA / DIGIT / "+" / "-" / "." (RFC 3986 §3.1; e.g. "a@:" has scheme "a@")
        bad_userinfo = r.split.userinfo is not None and "@" in r.split.userinfo.text
        bad_port = (
            r.split.port is not None and not r.split.port.text.isdigit() and r.split.port.text
        )
        bad_fragment = r.split.fragment is not None and "#" in r.split.fragment.text
        bad_scheme = r.split.scheme is not None and (
            not r.split.scheme.text[0].isalpha()
            or not all(c.isalnum() or c in "+-." for c in r.split.scheme.text)
        )
        assert r.valid == (
            not bad_userinfo and not bad_port and not bad_fragment and not bad_scheme
        )


@pytest.mark.parametrize("edition", ["rfc3986", "rfc2396", "draft-1993"])
def test_one_megabyte_caps_diagnostics_and_parses_in_linear_time(edition: str) -> None:
    garbage = ("<\u00e9\x00%\ud800 a{" * 125_000)[:1_000_000]
    r = parse(garbage, edition)
    per_code: dict[str, int] = {}
    for d in r.diagnostics:
        per_code[d.code] = per_code.get(d.code, 0) + 1
    assert max(per_code.values()) <= 51  # 50 kept + one "and N more"
    assert any("more" in d.message for d in r.diagnostics)
    # half a megabyte against one: linear (capped diagnostics do not grow past the cap)
    assert_linear(lambda n: garbage[:n], lambda t: parse(t, edition), 500_000, repeats=2,
                  what=f"garbage ({edition})")
    assert_linear(lambda n: "http://example.com/" + "a" * n, lambda t: parse(t, edition),
                  500_000, repeats=2, what=f"one long path ({edition})")


def test_parse_of_kilobytes_grows_linearly() -> None:
    # 8 KB of triplets and 1,170 query parameters, then twice as many (the < 2 ms
    # figures of 8 KB: bench/time_bounds.py, docs/performance.md)
    assert_linear(lambda n: "http://example.com/" + "abcdefg%41" * n,
                  lambda t: [parse(t, "rfc3986") for _ in range(10)], 820, what="triplets")
    assert_linear(lambda n: "http://example.com/search?q=" + "abc%41&" * n,
                  lambda t: [parse(t, "rfc3986") for _ in range(10)], 1170, what="query")
    # validation adds a bounded share to the split's own span bookkeeping
    assert_linear(lambda n: "http://example.com/search?q=" + "abc%41&" * n,
                  lambda t: [split(t) for _ in range(10)], 1170, what="split")
