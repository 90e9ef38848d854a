"""parser-differential: RFC 3986 and the browser (WHATWG via ada-url) disagree."""

from __future__ import annotations

import pytest

from uriinspector.core.findings import detect_text
from uriinspector.core.whatwg import read_whatwg


def diff(uri: str) -> list[tuple[str, str]]:
    return [(f.severity, f.message) for f in detect_text(uri) if f.code == "parser-differential"]


@pytest.mark.parametrize(
    ("uri", "browser_host"),
    [
        ("http://a.com\\@b.com", "a.com"),
        ("https:///evil.com", "evil.com"),
        ("http:evil.com", "evil.com"),
        ("http:/evil.com", "evil.com"),
        ("http:\\\\evil.com", "evil.com"),
        ("http://evil.com\\.good.com/", "evil.com"),
    ],
)
def test_host_differentials_show_both_readings(uri: str, browser_host: str) -> None:
    assert read_whatwg(uri).hostname == browser_host
    found = diff(uri)
    assert found and found[0][0] == "danger"
    assert "RFC 3986 reads" in found[0][1]
    assert "a browser (WHATWG URL Standard) reads" in found[0][1]


def test_tab_in_authority() -> None:
    [(severity, message)] = diff("http://ex\tample.com/")
    assert severity == "danger" and "'example.com'" in message and "ex⟨U+0009⟩ample.com" in message


def test_cve_2019_9636_fullwidth_number_sign() -> None:
    found = diff("https://example.com\uff03@bing.com")
    assert found and found[0][0] == "danger"
    assert "CVE-2019-9636" in found[0][1] and "example.com" in found[0][1]


def test_fullwidth_solidus() -> None:
    found = diff("https://bing.com\uff0f.evil.example/")
    assert any(s == "danger" and "bing.com" in m for s, m in found)


def test_encoded_dot_segments() -> None:
    [(severity, message)] = diff("https://example.com/public/%2e%2e/admin")
    assert severity == "warning" and "/admin" in message


def test_agreement_is_quiet() -> None:
    for uri in ("https://Example.COM/a/b?c#d", "http://example.com:80/", "https://münchen.de/",
                "http://0x7f.1/", "https://example.com/?q=a\\b", "mailto:a@b.c",
                "https://user:pw@example.com/"):
        assert diff(uri) == [], uri
