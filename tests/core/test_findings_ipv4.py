"""nonstandard-ipv4 and ip-literal-host (draft-2003 §7.3, RFC 3986 §3.2.2)."""

from __future__ import annotations

import ipaddress

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from uriinspector.core.findings import detect_text
from uriinspector.core.findings.ipv4 import describe_address, describe_form, parse_ipv4
from uriinspector.core.whatwg import read_whatwg


def codes(text: str) -> dict[str, str]:
    return {f.code: f.severity for f in detect_text(text)}


def test_octal_message_from_the_issue() -> None:
    [f] = [f for f in detect_text("http://0300.0250.0.1/") if f.code == "nonstandard-ipv4"]
    assert f.message.startswith("The host is written in octal: 0300.0250.0.1 is 192.168.0.1")
    assert f.severity == "danger"


def test_octal_that_looks_like_loopback() -> None:
    [f] = [f for f in detect_text("http://0127.0.0.1/") if f.code == "nonstandard-ipv4"]
    assert "87.0.0.1" in f.message and "not loopback" in f.message


@pytest.mark.parametrize(
    ("host", "dotted"),
    [
        ("0x7f.1", "127.0.0.1"),
        ("2130706433", "127.0.0.1"),
        ("017700000001", "127.0.0.1"),
        ("127.1", "127.0.0.1"),
        ("10.1", "10.0.0.1"),
        ("0xa9fea9fe", "169.254.169.254"),
        ("0", "0.0.0.0"),
    ],
)
def test_rare_forms_decode_like_the_browser(host: str, dotted: str) -> None:
    assert parse_ipv4(host) == int(ipaddress.IPv4Address(dotted))
    assert read_whatwg(f"http://{host}/").hostname == dotted
    found = codes(f"http://{host}/")
    assert found["nonstandard-ipv4"] == "danger"
    assert found["ip-literal-host"] == "warning"


def test_forms_are_named() -> None:
    assert "hexadecimal" in describe_form("0x7f.1")
    assert "dword" in describe_form("2130706433")
    assert "3-part" in describe_form("127.0.1")
    assert "percent-encoded" in describe_form("%31%32%37.0.0.1")


def test_dotted_quad_is_only_an_ip_literal() -> None:
    assert codes("http://192.0.2.14/x") == {"ip-literal-host": "warning"}


def test_ipv6_literal_and_mapped() -> None:
    [f] = detect_text("http://[::ffff:127.0.0.1]/")
    assert f.code == "ip-literal-host" and "127.0.0.1" in f.message


def test_names_are_not_ips() -> None:
    for uri in ("http://example.com/", "http://1.2.3.4.5/", "http://0x.example/", "foo://1/"):
        assert "nonstandard-ipv4" not in codes(uri)


def test_non_special_scheme_uses_inet_aton_rules() -> None:
    found = [f for f in detect_text("foo://0x7f.0.0.1/") if f.code == "nonstandard-ipv4"]
    assert found and found[0].severity == "warning" and "inet_aton" in found[0].message


@given(st.integers(min_value=0, max_value=2**32 - 1))
def test_dword_round_trip(n: int) -> None:
    assert parse_ipv4(str(n)) == n
    assert parse_ipv4(hex(n)) == n


def _describe_afresh(addr: ipaddress.IPv4Address) -> str:
    """describe_address as it was, each network parsed on the call (issue 22)."""
    if addr.is_loopback:
        return "the loopback address (this very computer)"
    if addr in ipaddress.IPv4Network("169.254.0.0/16"):
        return "a link-local address (169.254.169.254 is the cloud metadata service)"
    if addr in ipaddress.IPv4Network("0.0.0.0/8"):
        return "an address in 0.0.0.0/8 (this host, on many systems)"
    if addr.is_private:
        return "a private network address"
    return "a public address"


_EDGES = [
    base + delta
    for net in ("0.0.0.0", "1.0.0.0", "10.0.0.0", "127.0.0.0", "128.0.0.0", "169.254.0.0",
                "169.255.0.0", "172.16.0.0", "172.32.0.0", "192.168.0.0", "192.169.0.0",
                "100.64.0.0", "198.18.0.0", "255.255.255.255")
    for base in (int(ipaddress.IPv4Address(net)),)
    for delta in (-1, 0, 1)
    if 0 <= base + delta < 2**32
]


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.integers(0, 2**32 - 1), st.sampled_from(_EDGES)))
def test_describe_address_with_parsed_networks_equals_afresh(value: int) -> None:
    addr = ipaddress.IPv4Address(value)
    assert describe_address(addr) == _describe_afresh(addr)
