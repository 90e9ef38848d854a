"""RFC 3986 (and draft-2003) validity tables: each row cites the section it checks."""

from __future__ import annotations

import pytest

from uriinspector.core.parse import parse

# (input, valid, error codes in order, section)
ROWS = [
    ("http://example.com/a?b#c", True, [], "§3 generic syntax"),
    ("foo://example.com:8042/over/there?name=ferret#nose", True, [], "§3 figure"),
    ("urn:example:animal:ferret:nose", True, [], "§3 figure"),
    ("HTTP://X", True, [], "§3.1 case-insensitive scheme"),
    ("a+b-c.d:x", True, [], "§3.1 scheme chars"),
    ("1a:x", False, ["invalid-scheme"], "§3.1 starts with ALPHA"),
    ("a_b:x", False, ["invalid-scheme"], "§3.1 no underscore"),
    (":x", False, ["empty-scheme"], "§3.1 / §4.2 empty scheme"),
    ("http://u:p@h/", True, [], "§3.2.1 (user:password deprecated: warning)"),
    ("http://a@b@h/", False, ["userinfo-at-sign"], "§3.2.1 no '@' in userinfo"),
    ("http://u%zz@h/", False, ["malformed-percent"], "§2.1 in userinfo"),
    ("http://h:8080/", True, [], "§3.2.3 port"),
    ("http://h:/", True, [], "§3.2.3 empty port"),
    ("http://h:99999/", True, [], "§3.2.3 port = *DIGIT, no range"),
    ("http://h:8a/", False, ["invalid-port"], "§3.2.3 digits only"),
    ("http://h:%38/", False, ["invalid-port"], "§3.2.3 no pct-encoding in port"),
    ("http://[::1]:80/", True, [], "§3.2.2 IP-literal"),
    ("http://[v1.x]/", True, [], "§3.2.2 IPvFuture"),
    ("http://[::1/", False, ["invalid-ipv6"], "§3.2.2 unclosed"),
    ("http://h/a:b@c!$&'()*+,;=", True, [], "§3.3 pchar"),
    ("http://h/a[b", False, ["invalid-character"], "§3.3 '[' is a gen-delim"),
    ("http://h/a%2", False, ["malformed-percent"], "§2.1 two HEXDIG"),
    ("http://h/%e2%82%ac", True, [], "§2.1 lowercase hex"),
    ("http://h/?a=b/c?d", True, [], "§3.4 query '/' '?'"),
    ("http://h/?a[b]", False, ["invalid-character"] * 2, "§3.4 no '[' ']' in query"),
    ("http://h/#a#b", False, ["invalid-character"], "§3.5 no '#' in fragment"),
    ("http://h/#a/b?c", True, [], "§3.5 fragment"),
    ("http://h/a b", False, ["invalid-character"], "§2 space"),
    ("http://h/\u00e9", False, ["non-ascii"], "§2 non-ASCII (RFC 3987 IRIs)"),
    ("http://h/a\x00b", False, ["control-character"], "§2 control"),
    ("http://h/\ud800", False, ["lone-surrogate"], "not a character"),
    ("", True, [], "§4.2 empty reference"),
    ("//h", True, [], "§4.2 network-path reference"),
    ("./a:b", True, [], "§4.2 ':' after './'"),
    ("http:", True, [], "§3 path-empty"),
]


@pytest.mark.parametrize(
    ("text", "valid", "codes", "section"), ROWS, ids=[f"{r[3]} {r[0]!r}" for r in ROWS]
)
def test_rfc3986_validity(text: str, valid: bool, codes: list[str], section: str) -> None:
    r = parse(text, "rfc3986")
    assert r.valid is valid, (section, r.diagnostics)
    assert [d.code for d in r.diagnostics if d.severity == "error"] == codes, section
    for d in r.diagnostics:
        assert "RFC 3986" in d.message or "RFC 6874" in d.message


def test_every_bad_character_is_reported_with_its_own_span() -> None:
    r = parse("http://h/a<b>c{d}", "rfc3986")
    spans = [(d.span.start, d.span.end) for d in r.diagnostics]
    assert spans == [(10, 11), (12, 13), (14, 15), (16, 17)]
    run = parse("http://h/<<>>", "rfc3986")
    assert [(d.span.start, d.span.end) for d in run.diagnostics] == [(9, 13)]


def test_malformed_percent_message_and_span() -> None:
    (d,) = parse("http://h/%G1", "rfc3986").diagnostics
    assert (d.code, d.span.start, d.span.end) == ("malformed-percent", 9, 12)
    assert d.message.startswith("RFC 3986 §3.3: '%G1' is not a percent-encoded octet")


def test_invalid_scheme_also_explains_the_relative_reading() -> None:
    r = parse("1a:x", "rfc3986")
    assert [(d.code, d.severity) for d in r.diagnostics] == [
        ("invalid-scheme", "error"),
        ("path-colon-first-segment", "info"),
    ]
    assert "§4.2" in r.diagnostics[1].message


def test_userinfo_password_is_a_warning() -> None:
    r = parse("http://u:p@h/", "rfc3986")
    assert [(d.code, d.severity) for d in r.diagnostics] == [("userinfo-password", "warning")]
    assert "deprecated" in r.diagnostics[0].message


@pytest.mark.parametrize(
    ("text", "valid"),
    [
        pytest.param("http://[::1]/", True, id="ipv6"),
        pytest.param("http://h/a[b]", False, id="brackets-in-path"),
        pytest.param("http://h/?a[b]", False, id="brackets-in-query-pchar"),
        pytest.param("mailto:[x]", True, id="opaque-uric-has-brackets"),
    ],
)
def test_draft_2003_brackets_are_reserved(text: str, valid: bool) -> None:
    # draft-2003 §2.2 moved "[" "]" from unwise to reserved, allowed by uric (opaque part)
    assert parse(text, "draft-2003").valid is valid


def test_draft_2003_marks_and_reg_name_fallback() -> None:
    r = parse("http://a_b!c/", "draft-2003")
    assert r.valid and [d.code for d in r.diagnostics] == ["not-a-server"]
    assert "draft-2003 §3.2.1" in r.diagnostics[0].message
    assert parse("http://a_b!c/", "rfc3986").diagnostics == ()  # a reg-name in RFC 3986
