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
