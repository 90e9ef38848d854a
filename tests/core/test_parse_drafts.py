"""The early editions: draft-1997 (became RFC 2396) and the 1993 Berners-Lee draft."""

from __future__ import annotations

import pytest

from uriinspector.core.charsets import char_class
from uriinspector.core.parse import parse

ROWS_1997 = [
    ("1abc:x", True, [], "§4.1 scheme = 1*( alpha | digit | '+' | '-' | '.' )"),
    ("http:", True, [], "§4.2 opaque-URL = scheme ':' *urlc"),
    ("ftp://user:pass@host/", True, [], "§4.3.1 user ':' password"),
    ("ftp://us:er:pass@host/", False, ["invalid-character"], "§4.3.1 no ':' in password"),
    ("ftp://a_b/", False, ["invalid-character"], "§4.3.1 no reg_name fallback"),
    ("ftp://@:21/", False, ["invalid-host"], "§4.3.1 hostport needs a host"),
    ("http://h/a$b,c", True, [], "§2.3 '$' ',' are marks"),
    ("http://h/a{b", False, ["invalid-character"], "§2.4.3 unwise"),
    ("http://h./", False, ["invalid-host"], "§4.3.1 no trailing dot"),
]


@pytest.mark.parametrize(
    ("text", "valid", "codes", "section"), ROWS_1997, ids=[f"{r[3]} {r[0]!r}" for r in ROWS_1997]
)
def test_draft_1997(text: str, valid: bool, codes: list[str], section: str) -> None:
    r = parse(text, "draft-1997")
    assert r.valid is valid, (section, r.diagnostics)
    assert [d.code for d in r.diagnostics if d.severity == "error"] == codes, section
    assert all("draft-1997" in d.message for d in r.diagnostics)


def test_draft_1997_reserved_and_mark_sets() -> None:
    assert {c for c in map(chr, range(128)) if char_class(c, "draft-1997") == "reserved"} == set(
        ";/?:@&=+"
    )
    assert char_class("$", "draft-1997") == "mark" and char_class(",", "draft-1997") == "mark"
    assert char_class("$", "rfc2396") == "reserved"


ROWS_1993 = [
    ("http://info.cern.ch/hypertext/WWW/TheProject.html", True, [], "BNF httpaddress"),
    ("news:comp.infosystems.www", True, [], "BNF newsaddress"),
    ("x-foo_bar:path", True, [], "BNF scheme ialpha (xalphas include '_')"),
    ("1x:path", False, ["invalid-scheme"], "BNF ialpha starts with alpha"),
    ("http://h/a+b/c", True, [], "BNF xpalpha adds '+'"),
    ("http://h/s?a+b", True, [], "BNF search xalphas [ + search ]"),
    ("http://h/s?a=b", False, ["invalid-character"], "BNF '=' is in no set"),
    ("http://h/s?a/b", False, ["invalid-character"], "BNF search has no '/'"),
    ("http://h/~user", False, ["invalid-character"], "BNF '~' is a variant"),
    ("http://h/a<b", False, ["invalid-character"], "BNF '<' is punctuation"),
    ("http://h:/", False, ["invalid-port"], "BNF port digits"),
    ("http://h/#a+b", False, ["invalid-character"], "BNF fragmentid xalphas"),
    ("telnet://user@host:23", True, [], "BNF telnetaddress [ user @ ] hostport"),
    ("http://1host/", False, ["invalid-host"], "BNF hostname ialpha"),
]


@pytest.mark.parametrize(
    ("text", "valid", "codes", "section"), ROWS_1993, ids=[f"{r[3]} {r[0]!r}" for r in ROWS_1993]
)
def test_draft_1993(text: str, valid: bool, codes: list[str], section: str) -> None:
    r = parse(text, "draft-1993")
    assert r.valid is valid, (section, r.diagnostics)
    assert [d.code for d in r.diagnostics if d.severity == "error"] == codes, section
    assert all("draft-1993" in d.message for d in r.diagnostics)


def test_draft_1993_space_is_extra_in_the_bnf_but_not_legal_in_the_prose() -> None:
    r = parse("http://h/a b", "draft-1993")
    assert char_class(" ", "draft-1993") == "extra"
    assert r.valid and [(d.code, d.severity) for d in r.diagnostics] == [
        ("space-not-legal", "warning")
    ]


@pytest.mark.parametrize(
    ("ch", "cls"),
    [
        ("$", "safe"),
        ("@", "safe"),
        ("!", "extra"),
        (",", "extra"),
        ("~", "variant"),
        ("{", "variant"),
        ("<", "punctuation"),
        ("=", "unlisted"),
        ("/", "reserved"),
        ("%", "escape"),
        ("a", "alphanum"),
    ],
)
def test_draft_1993_character_classes(ch: str, cls: str) -> None:
    assert char_class(ch, "draft-1993") == cls


@pytest.mark.parametrize(
    ("edition", "valid", "code"),
    [
        ("rfc3986", True, None),
        ("draft-2003", True, None),
        ("rfc2396", False, "ipv6-not-in-edition"),
        ("draft-1997", False, "ipv6-not-in-edition"),
        ("draft-1993", False, "ipv6-not-in-edition"),
    ],
)
def test_bracket_host_per_edition(edition: str, valid: bool, code: str | None) -> None:
    r = parse("http://[2001:db8::1]/", edition)
    assert r.valid is valid and r.host_kind == "ipv6"
    if code is not None:
        assert [(d.code, d.span.start) for d in r.diagnostics] == [(code, 7), (code, 19)]
