"""Hosts per edition: RFC 3986 §3.2.2 IPv4/IPv6/IPvFuture/reg-name, older hostnames."""

from __future__ import annotations

import pytest

from uriinspector.core.host import classify_host, is_hostname, is_ipv4address, is_ipv6address
from uriinspector.core.spans import Span
from uriinspector.core.split import Part

# RFC 3986 §3.2.2 dec-octet edges: 0-9, 10-99, 100-199, 200-249, 250-255
IPV4_ROWS = [
    ("0.0.0.0", True),
    ("9.99.199.249", True),
    ("255.255.255.255", True),
    ("256.0.0.1", False),
    ("1.2.3.260", False),
    ("01.2.3.4", False),  # no leading zeros in dec-octet
    ("1.2.3", False),
    ("1.2.3.4.5", False),
    ("1.2.3.", False),
    ("", False),
    ("1.2.3.-4", False),
    ("0x7f.0.0.1", False),
]


@pytest.mark.parametrize(
    ("text", "ok"), [pytest.param(t, o, id=t or "empty") for t, o in IPV4_ROWS]
)
def test_ipv4address_dec_octet_rfc3986_3_2_2(text: str, ok: bool) -> None:
    assert is_ipv4address(text) is ok


# RFC 3986 §3.2.2: one row per IPv6address form, in the ABNF's order
IPV6_VALID = [
    ("1:2:3:4:5:6:7:8", "6( h16 : ) ls32"),
    ("1:2:3:4:5:6:1.2.3.4", "6( h16 : ) ls32 ipv4"),
    ("::2:3:4:5:6:7:8", ":: 5( h16 : ) ls32"),
    ("1::3:4:5:6:7:8", "h16 :: 4( h16 : ) ls32"),
    ("::3:4:5:6:7:8", ":: 4( h16 : ) ls32"),
    ("1:2::4:5:6:7:8", "*1 :: 3( h16 : ) ls32"),
    ("1:2:3::5:6:7:8", "*2 :: 2( h16 : ) ls32"),
    ("1:2:3:4::6:7:8", "*3 :: h16 : ls32"),
    ("1:2:3:4:5::7:8", "*4 :: ls32"),
    ("::ffff:192.0.2.1", ":: ls32 ipv4-mapped"),
    ("1:2:3:4:5:6::8", "*5 :: h16"),
    ("::1", ":: h16 loopback"),
    ("1:2:3:4:5:6:7::", "*6 ::"),
    ("::", ":: unspecified"),
    ("FE80::aBc", "hex either case"),
]
IPV6_INVALID = [
    ("1:2:3:4:5:6:7:8:9", "nine groups"),
    ("1:2:3:4:5:6:7", "seven groups no ::"),
    ("1::2::3", "two ::"),
    (":::", "triple colon"),
    ("12345::", "five hex digits"),
    ("1:2:3:4:5:6:7:1.2.3.4", "ipv4 after seven groups"),
    ("::1.2.3.256", "ipv4 octet 256"),
    ("::1.2.3", "short ipv4"),
    ("g::1", "not hex"),
    ("1:", "trailing single colon"),
    (":1", "leading single colon"),
    ("", "empty"),
]


@pytest.mark.parametrize(("text", "form"), IPV6_VALID, ids=[f for _, f in IPV6_VALID])
def test_ipv6address_nine_forms_valid_rfc3986_3_2_2(text: str, form: str) -> None:
    assert is_ipv6address(text), form
    info = classify_host(Part(f"[{text}]", Span(0, len(text) + 2)), "rfc3986")
    assert info.kind == "ipv6" and info.valid and info.address is not None


@pytest.mark.parametrize(("text", "why"), IPV6_INVALID, ids=[w for _, w in IPV6_INVALID])
def test_ipv6address_invalid_rfc3986_3_2_2(text: str, why: str) -> None:
    assert not is_ipv6address(text), why
    info = classify_host(Part(f"[{text}]", Span(0, len(text) + 2)), "rfc3986")
    assert [d.code for d in info.diagnostics] == ["invalid-ipv6"]


def host(text: str, edition: str = "rfc3986", offset: int = 7) -> tuple[str, list[str], bool]:
    info = classify_host(Part(text, Span(offset, offset + len(text))), edition)
    assert info.span == Span(offset, offset + len(text)) and info.text == text
    return info.kind, [d.code for d in info.diagnostics], info.valid


HOST_ROWS = [
    # (host, edition, kind, codes, valid, section)
    ("[v1.fe80::a+en1]", "rfc3986", "ipvfuture", [], True, "RFC 3986 §3.2.2 IPvFuture"),
    ("[V7.x]", "rfc3986", "ipvfuture", [], True, "RFC 3986 §2.1 case-insensitive 'v'"),
    ("[v.x]", "rfc3986", "ipvfuture", ["invalid-ipvfuture"], False, "1*HEXDIG"),
    ("[v1.]", "rfc3986", "ipvfuture", ["invalid-ipvfuture"], False, "1*( ... )"),
    ("[v1.x]", "draft-2003", "ipvfuture", ["invalid-ipv6"], False, "draft-2003 no IPvFuture"),
    ("[::1", "rfc3986", "ipv6", ["invalid-ipv6"], False, "unclosed"),
    ("[::1]x", "rfc3986", "ipv6", ["invalid-ipv6"], False, "junk after ]"),
    ("[fe80::1%25eth0]", "rfc3986", "ipv6", ["invalid-ipv6", "ipv6-zone-id"], False, "RFC 6874"),
    ("[fe80::1%eth0]", "rfc3986", "ipv6", ["invalid-ipv6", "ipv6-zone-id"], False, "RFC 6874"),
    ("[::1]", "draft-2003", "ipv6", [], True, "draft-2003 IPv6reference"),
    ("[::1]", "rfc2396", "ipv6", ["ipv6-not-in-edition"] * 2, False, "RFC 2396 §2.4.3"),
    ("[::1]", "draft-1997", "ipv6", ["ipv6-not-in-edition"] * 2, False, "draft-1997 §2.4.3"),
    ("[::1]", "draft-1993", "ipv6", ["ipv6-not-in-edition"] * 2, False, "1993 variant"),
    ("a[b", "rfc2396", "reg-name", ["ipv6-not-in-edition"], False, "RFC 2396 §2.4.3"),
    ("example.com", "rfc3986", "reg-name", [], True, "reg-name"),
    ("ex%41mple!$&'()*+,;=", "rfc3986", "reg-name", [], True, "sub-delims, pct"),
    ("ex ample", "rfc3986", "reg-name", ["invalid-character"], False, "space"),
    ("ex%4", "rfc3986", "reg-name", ["malformed-percent"], False, "RFC 3986 §2.1"),
    ("", "rfc3986", "reg-name", [], True, "empty reg-name"),
    ("999.1.1.1", "rfc3986", "reg-name", ["ipv4-like-reg-name"], True, "first-match-wins"),
    ("999.1.1.1", "rfc2396", "ipv4", [], True, "RFC 2396 1*digit"),
    ("256.1.1.1", "draft-2003", "reg-name", [], True, "dec-octet; digits are hostname"),
    ("a.b-c.d", "rfc2396", "reg-name", [], True, "hostname"),
    ("a.-b.c", "rfc2396", "reg-name", ["invalid-host"], False, "label starts with -"),
    ("a.b.c.", "draft-1997", "reg-name", ["invalid-host"], False, "draft-1997 no trailing dot"),
    ("a_b.c", "draft-1997", "reg-name", ["invalid-character"], False, "underscore"),
    ("a_b$c.d", "draft-1993", "reg-name", [], True, "1993 ialpha xalphas"),
    ("1ab.c", "draft-1993", "reg-name", ["invalid-host"], False, "1993 ialpha starts alpha"),
    ("", "draft-1993", "reg-name", ["invalid-host"], False, "1993 host required"),
    ("1.2.3.4", "draft-1993", "ipv4", [], True, "1993 hostnumber"),
]


@pytest.mark.parametrize(
    ("text", "edition", "kind", "codes", "valid", "section"),
    HOST_ROWS,
    ids=[f"{r[1]}:{r[0] or 'empty'}" for r in HOST_ROWS],
)
def test_classify_host_per_edition(
    text: str, edition: str, kind: str, codes: list[str], valid: bool, section: str
) -> None:
    assert host(text, edition) == (kind, codes, valid), section


def test_zone_id_info_mentions_rfc_6874_and_spans_the_zone() -> None:
    info = classify_host(Part("[fe80::1%25eth0]", Span(7, 23)), "rfc3986")
    zone = next(d for d in info.diagnostics if d.code == "ipv6-zone-id")
    assert zone.severity == "info" and "RFC 6874" in zone.message
    assert (zone.span.start, zone.span.end) == (15, 22)


def test_ip_addresses_carry_their_canonical_form() -> None:
    info = classify_host(Part("[0:0:0:0:0:0:0:1]", Span(0, 17)), "rfc3986")
    assert info.address == "::1"
    assert classify_host(Part("1.2.3.4", Span(0, 7))).address == "1.2.3.4"
    assert classify_host(Part("999.1.1.1", Span(0, 9)), "rfc2396").address is None


def test_hostname_helper_only_for_editions_with_hostnames() -> None:
    assert is_hostname("a.b.c.", "rfc2396") and not is_hostname("a.b.c.", "draft-1997")
    assert not is_hostname("example.com", "rfc3986")  # RFC 3986 has reg-name only


def test_has_authority_false_skips_the_host_required_rule() -> None:
    assert classify_host(Part("", Span(0, 0)), "draft-1993", has_authority=False).valid
