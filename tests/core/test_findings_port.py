"""non-default-port (draft-2003 §7.2 malicious construction)."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text


def port_findings(uri: str) -> list[tuple[str, str]]:
    return [(f.severity, f.message) for f in detect_text(uri) if f.code == "non-default-port"]


@pytest.mark.parametrize("port", [25, 110, 143, 22, 23, 21, 3389, 445])
def test_other_protocol_ports_are_danger(port: int) -> None:
    [(severity, message)] = port_findings(f"http://example.com:{port}/")
    assert severity == "danger" and "§7.2" in message


def test_ordinary_ports() -> None:
    assert port_findings("http://localhost:8080/")[0][0] == "info"
    assert port_findings("http://example.com:81/")[0][0] == "warning"
    assert port_findings("http://example.com:80/") == []
    assert port_findings("https://example.com:443/") == []
    assert port_findings("https://example.com:/") == []
    assert port_findings("redis://cache:6379/") == []


def test_span_is_the_port() -> None:
    uri = "https://example.com:25/"
    [f] = [f for f in detect_text(uri) if f.code == "non-default-port"]
    assert f.span.of(uri) == "25"


def test_port_beyond_int_digit_limit_is_out_of_range_not_a_crash() -> None:
    # RFC 3986 §3.2.3: port = *DIGIT, any length; int() refuses over 4,300 digits.
    from uriinspector.core.analysis import analyze
    from uriinspector.core.schemes import PORT_OUT_OF_RANGE, port_number

    assert port_number("0" * 5000 + "80") == 80
    assert port_number("9" * 5000) == PORT_OUT_OF_RANGE
    assert port_number("65535") == 65535
    assert port_number("８０") is None  # fullwidth digits are not DIGIT
    a = analyze("http://a:" + "9" * 5000 + "/")
    messages = [f.message for f in a.findings if f.code == "non-default-port"]
    assert any("out of range" in m for m in messages)
    assert all(len(m) < 400 for m in messages)
